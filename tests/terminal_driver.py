"""Drive ``blackmaria play`` through pipes as a person would: read each prompt, type an answer."""

from __future__ import annotations

import re
import subprocess
import sys


def play_through(args: list[str], max_chars: int = 2_000_000) -> str:
    """Answer every pass prompt with the first cards shown and every card prompt with the first playable card."""
    process = subprocess.Popen([sys.executable, "-u", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert process.stdin is not None and process.stdout is not None
    out = ""
    for _ in range(max_chars):
        char = process.stdout.read(1)
        if not char:
            break
        out += char
        answer = None
        if out.endswith("Your card: "):
            answer = re.findall(r"Playable: +(\S+)", out)[-1]
        elif pass_prompt := re.search(r"Pass (\d+) cards to [^:\n]*: $", out):
            hand = re.findall(r"Your hand: (.*)", out)[-1].split()
            answer = " ".join(hand[: int(pass_prompt.group(1))])
        if answer is not None:
            out += answer + "\n"
            process.stdin.write(answer + "\n")
            process.stdin.flush()
    process.stdin.close()
    process.wait(timeout=30)
    return out
