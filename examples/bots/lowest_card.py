#!/usr/bin/env python3
"""A complete blackmaria bot in plain Python: pass the highest cards, play the lowest legal card."""

import json
import sys

RANKS = "23456789TJQKA"
forbidden = []

for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        forbidden = message["rules"]["pass_forbidden"]  # e.g. ["QS"] in Dirty Lady
        answer = {"type": "ready", "name": "lowest card"}
    elif message["type"] == "pass":
        hand = sorted((c for c in message["observation"]["hand"] if c not in forbidden), key=lambda c: RANKS.index(c[0]))
        answer = {"cards": hand[-message["count"] :]}
    elif message["type"] == "play":
        answer = {"card": min(message["observation"]["legal"], key=lambda c: RANKS.index(c[0]))}
    else:  # bye
        break
    print(json.dumps(answer), flush=True)
