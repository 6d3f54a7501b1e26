"""Plain mode: the game line by line on standard output, answers from standard input.

For pipes, screen readers and tests. Every line is in the session's language. The loop is the one every
line-by-line terminal runs (``seat.run_lines``); a game against the computer waits for each answer.
"""

from __future__ import annotations

from collections.abc import Callable

from blackmaria.tui.seat import asking, print_lines, run_lines
from blackmaria.tui.session import PlaySession


def run_plain(session: PlaySession, read: Callable[[str], str] = input, write: Callable[[str], None] = print) -> None:
    """Play until the game ends or the player quits (the game is saved after every action)."""
    run_lines(session, asking(read), print_lines(write))
