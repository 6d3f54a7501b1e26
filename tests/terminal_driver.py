"""Drive ``blackmaria play --plain`` through pipes as a person would: read each prompt, type an answer."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Callable

PASS_PROMPT = re.compile(r"(Cards to pass to|Karten für) [^:\n]*: $")
CARD_PROMPT = ("Your card: ", "Deine Karte: ")
ENTER_PROMPT = ("Press Enter for the next deal. ", "Weiter mit Enter. ")
HAND = re.compile(r"(?:Your hand|Deine Karten): (.*)")
PLAYABLE = re.compile(r"(?:Playable|Spielbar): +(.*)")


def first_cards(out: str, count: int) -> str:
    return " ".join(HAND.findall(out)[-1].split()[:count])


def play_through(
    args: list[str],
    data_dir: str,
    answer: Callable[[str, str], str | None] | None = None,
    max_chars: int = 3_000_000,
) -> str:
    """Run the game; answer each prompt with ``answer(kind, output)`` or, when it returns None, sensibly:
    the first cards shown for a pass, the first playable card for a play, Enter between deals."""
    env = {**os.environ, "BLACKMARIA_DATA_DIR": data_dir, "PYTHONIOENCODING": "utf-8"}
    process = subprocess.Popen(
        [sys.executable, "-u", "-m", "blackmaria.cli", "play", "--plain", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        encoding="utf-8",
    )
    assert process.stdin is not None and process.stdout is not None
    out = ""
    deadline = time.monotonic() + 120
    for _ in range(max_chars):
        if time.monotonic() > deadline:
            process.kill()
            raise AssertionError("the game did not finish in time; last output:\n" + out[-2000:])
        char = process.stdout.read(1)
        if not char:
            break
        out += char
        if char != " ":
            continue  # every prompt ends with a space
        kind = None
        if out.endswith(CARD_PROMPT):
            kind = "card"
        elif PASS_PROMPT.search(out[-200:]):
            kind = "pass"
        elif out.endswith(ENTER_PROMPT):
            kind = "enter"
        if kind is None:
            continue
        reply = answer(kind, out) if answer else None
        if reply is None:
            if kind == "card":
                reply = PLAYABLE.findall(out)[-1].split()[0]
            elif kind == "pass":
                count = int(re.findall(r"(?:Pass|Gib) (\d+)", out)[-1])
                reply = first_cards(out, count)
            else:
                reply = ""
        out += reply + "\n"
        try:
            process.stdin.write(reply + "\n")
            process.stdin.flush()
        except BrokenPipeError:
            break
    process.stdin.close()
    process.wait(timeout=60)
    return out


ANSI = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")


class PtyGame:
    """``blackmaria ARGS`` in a real pseudo-terminal of a given size, driven by key presses as a person types them."""

    def __init__(self, args: list[str], data_dir: str, size: tuple[int, int] = (80, 24)) -> None:
        import fcntl
        import pty
        import struct
        import termios

        self.master, slave = pty.openpty()
        columns, rows = size
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        env = {**os.environ, "BLACKMARIA_DATA_DIR": data_dir, "TERM": "xterm-256color", "COLUMNS": str(columns), "LINES": str(rows)}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "blackmaria.cli", *args], stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True
        )
        os.close(slave)
        self.raw = b""
        self.mark = 0

    def read(self, seconds: float) -> None:
        import select

        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            ready, _, _ = select.select([self.master], [], [], left)
            if not ready:
                continue
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                return
            if not chunk:
                return
            self.raw += chunk

    @property
    def text(self) -> str:
        """Everything the program wrote, without the escape sequences."""
        return ANSI.sub("", self.raw.decode("utf-8", "replace"))

    def wait_for(self, words: str, timeout: float = 60.0) -> None:
        """Read until ``words`` appear in what was written since the last key press."""
        end = time.monotonic() + timeout
        while words not in self.text[self.mark :]:
            if time.monotonic() > end or self.process.poll() is not None:
                raise AssertionError(f"{words!r} did not appear; the screen said:\n{self.text[-3000:]}")
            self.read(0.2)

    def press(self, keys: str, pause: float = 0.0) -> None:
        """Type ``keys`` (``\\r`` Enter, `` `` Space, ``\\x1b[C`` Right, ``\\x11`` Ctrl+Q)."""
        self.mark = len(self.text)
        os.write(self.master, keys.encode("utf-8"))
        if pause:
            self.read(pause)

    def close(self, timeout: float = 30.0) -> int:
        """Wait for the program to end (reading what it writes, so that it never blocks on a full terminal)."""
        try:
            end = time.monotonic() + timeout
            while self.process.poll() is None and time.monotonic() < end:
                self.read(0.2)
        finally:
            if self.process.poll() is None:
                self.process.kill()
            os.close(self.master)
        return self.process.wait()
