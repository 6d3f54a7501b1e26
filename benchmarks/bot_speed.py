"""Seconds per decision of every bot level on one core, passes included, every preset of the strength targets.

Results to benchmarks/results/bot_speed.{json,md}:

.venv/bin/python benchmarks/bot_speed.py --deals 5
.venv/bin/python benchmarks/bot_speed.py --deals 3 --levels random,easy,medium,hard,expert,expert-2026

Issue 18's targets: ``expert`` at most 60 ms per decision on average (passes
included), none over 1 s; ``hard`` at most 10 ms on average. The machine's
load at the start is printed and saved: on a shared machine the times are
wall clock and include what other processes take.
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

from blackmaria.bots import make_bot
from blackmaria.game import Game
from blackmaria.rules import Rules, preset


def bench_decisions(level: str, rules: Rules, deals: int, seed: int = 0) -> dict[str, Any]:
    """Seconds per decision of ``level`` at every seat of ``deals`` deals: each pass and each play (forced ones too)."""
    one = rules.replace(deal_count=1, target_score=None)
    times: list[float] = []
    passes: list[float] = []
    for deal in range(deals):
        game = Game(one, seed=seed + deal)
        game.deal()
        bots = [make_bot(level, seed + deal * 10 + seat) for seat in range(rules.players)]
        if game.phase == "passing":
            for seat in range(rules.players):
                start = time.perf_counter()
                cards = bots[seat].choose_pass(game.observation(seat))
                passes.append(time.perf_counter() - start)
                game.pass_cards(seat, cards)
        while game.phase == "playing":
            turn = game.turn
            assert turn is not None
            obs = game.observation(turn)
            start = time.perf_counter()
            card = bots[turn].choose_play(obs)
            times.append(time.perf_counter() - start)
            game.play(card)
    every = sorted(times + passes)
    return {
        "level": level,
        "rules": rules.preset or "custom",
        "decisions": len(every),
        "passes": len(passes),
        "mean_seconds": statistics.mean(every),
        "pass_mean_seconds": statistics.mean(passes) if passes else 0.0,
        "p95_seconds": every[int(0.95 * (len(every) - 1))],
        "max_seconds": every[-1],
    }


RESULTS = Path(__file__).parent / "results"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--levels", default="random,easy,medium,hard,expert,expert-2026")
    parser.add_argument("--presets", default="hearts,black-maria,omnibus,spot-hearts,two-player")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    bench_decisions("hard", preset("hearts"), 1)  # compile or load the kernels
    bench_decisions("expert", preset("hearts"), 1)
    rows = []
    for level in args.levels.split(","):
        for name in args.presets.split(","):
            row = bench_decisions(level, preset(name), args.deals)
            rows.append(row)
            print(
                f"{level:>11} {name:<12} {row['decisions']:>4} decisions: mean {row['mean_seconds'] * 1000:6.1f} ms "
                f"(passes {row['pass_mean_seconds'] * 1000:5.1f}), p95 {row['p95_seconds'] * 1000:6.1f} ms, "
                f"max {row['max_seconds'] * 1000:6.1f} ms",
                flush=True,
            )
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, load {load:.1f} at the start"
    RESULTS.mkdir(exist_ok=True)
    command = "benchmarks/bot_speed.py " + " ".join(f"--{k} {v}" for k, v in vars(args).items())
    (RESULTS / "bot_speed.json").write_text(
        json.dumps({"machine": machine, "command": command, "rows": rows}, indent=2) + "\n", encoding="utf-8"
    )
    table = ["| level | rules | decisions (passes) | mean ms | pass mean ms | p95 ms | max ms |", "|---|---|---:|---:|---:|---:|---:|"]
    table += [
        f"| {r['level']} | {r['rules']} | {r['decisions']} ({r['passes']}) | {r['mean_seconds'] * 1000:.1f} | "
        f"{r['pass_mean_seconds'] * 1000:.1f} | {r['p95_seconds'] * 1000:.1f} | {r['max_seconds'] * 1000:.1f} |"
        for r in rows
    ]
    header = f"# Seconds per decision (passes included), one core ({machine})\n\n`{command}`\n\n"
    (RESULTS / "bot_speed.md").write_text(header + "\n".join(table) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
