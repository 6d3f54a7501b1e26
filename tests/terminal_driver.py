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
ENTER_PROMPT = ("Press Enter for the next deal. ", "Weiter mit der Eingabetaste. ")
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
