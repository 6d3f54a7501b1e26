"""Milliseconds per front-end hint (``expert``'s search, stopped at ``HINT_MS``) on one core, and whether it repeats.

Results to benchmarks/results/hint_speed.{json,md}:

.venv/bin/python benchmarks/hint_speed.py --deals 4

Every decision of ``--deals`` one-deal games of each preset (medium bots play
them) is hinted as the terminal and the server hint it
(``locale.advice.localized_hint``), in English, then again in German: issue
18 asks for a hint within 150 ms on one core, and a player who asks twice
must get the same advice. The machine's load at the start is saved: the times
are wall clock.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from pathlib import Path
from typing import Any

from blackmaria.bots import HINT_MS, make_bot
from blackmaria.bots.search import warm_kernels
from blackmaria.game import Game
from blackmaria.locale.advice import HINT_LEVEL, localized_hint
from blackmaria.observation import Observation
from blackmaria.rules import Rules, preset


def bench_hints(rules: Rules, deals: int) -> dict[str, Any]:
    """Each hint's time, by passes and plays, and how many hints asked again (in German) gave other cards."""
    one = rules.replace(deal_count=1, target_score=None)
    times: dict[str, list[float]] = {"pass": [], "play": []}
    changed = 0

    def ask(kind: str, obs: Observation) -> None:
        nonlocal changed
        start = time.perf_counter()
        cards, _ = localized_hint(obs, "en")
        times[kind].append(time.perf_counter() - start)
        changed += localized_hint(obs, "de")[0] != cards

    for deal in range(deals):
        game = Game(one, seed=deal)
        game.deal()
        bots = [make_bot("medium", deal * 10 + seat) for seat in range(rules.players)]
        if game.phase == "passing":
            for seat in range(rules.players):
                ask("pass", game.observation(seat))
                game.pass_cards(seat, bots[seat].choose_pass(game.observation(seat)))
        while game.phase == "playing":
            turn = game.turn
            assert turn is not None
            ask("play", game.observation(turn))
            game.play(bots[turn].choose_play(game.observation(turn)))
    every = sorted(times["pass"] + times["play"])
    return {
        "rules": rules.preset or "custom",
        "hints": len(every),
        "passes": len(times["pass"]),
        "play_mean_ms": 1000 * statistics.mean(times["play"]),
        "pass_mean_ms": 1000 * statistics.mean(times["pass"]) if times["pass"] else 0.0,
        "max_ms": 1000 * every[-1],
        "changed_when_asked_again": changed,
    }


RESULTS = Path(__file__).parent / "results"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--presets", default="hearts,black-maria,omnibus,spot-hearts,two-player")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    warm_kernels()
    rows = []
    for name in args.presets.split(","):
        row = bench_hints(preset(name), args.deals)
        rows.append(row)
        print(
            f"{name:<12} {row['hints']:>4} hints: plays {row['play_mean_ms']:5.1f} ms, passes {row['pass_mean_ms']:5.1f} ms, "
            f"max {row['max_ms']:6.1f} ms, {row['changed_when_asked_again']} changed when asked again",
            flush=True,
        )
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, load {load:.1f} at the start"
    RESULTS.mkdir(exist_ok=True)
    command = "benchmarks/hint_speed.py " + " ".join(f"--{k} {v}" for k, v in vars(args).items())
    meta = {"machine": machine, "command": command, "level": HINT_LEVEL, "hint_ms": HINT_MS}
    (RESULTS / "hint_speed.json").write_text(json.dumps({**meta, "rows": rows}, indent=2) + "\n", encoding="utf-8")
    table = [
        "| rules | hints (passes) | play mean ms | pass mean ms | max ms | changed when asked again |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    table += [
        f"| {r['rules']} | {r['hints']} ({r['passes']}) | {r['play_mean_ms']:.1f} | {r['pass_mean_ms']:.1f} | {r['max_ms']:.1f} | "
        f"{r['changed_when_asked_again']} |"
        for r in rows
    ]
    header = f"# Front-end hints ({HINT_LEVEL}, stopped at {HINT_MS:g} ms), one core ({machine})\n\n`{command}`\n\n"
    (RESULTS / "hint_speed.md").write_text(header + "\n".join(table) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
