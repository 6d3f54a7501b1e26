#!/usr/bin/env python3
"""A complete blackmaria bot in plain Python: pass the highest cards, play the lowest legal card."""

import json
import sys

RANKS = "23456789TJQKA"

for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        answer = {"type": "ready", "name": "lowest card"}
    elif message["type"] == "pass":
        # "choices": the cards this seat may pass (without a card the rules forbid, e.g. QS in Dirty Lady)
        passable = sorted(message["observation"]["choices"], key=lambda c: RANKS.index(c[0]))
        answer = {"cards": passable[-message["count"] :]}
    elif message["type"] == "play":
        answer = {"card": min(message["observation"]["choices"], key=lambda c: RANKS.index(c[0]))}
    else:  # bye
        break
    print(json.dumps(answer), flush=True)
