"""Seconds per move of the search bots on one core, every preset of the strength targets; results to benchmarks/results/bot_speed.{json,md}.

.venv/bin/python benchmarks/bot_speed.py --deals 5
"""

from __future__ import annotations

import argparse
import json
import os
import platform
from pathlib import Path

from blackmaria.bench import bench_bot_moves
from blackmaria.rules import preset

RESULTS = Path(__file__).parent / "results"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--levels", default="hard,expert")
    parser.add_argument("--presets", default="hearts,black-maria,omnibus,spot-hearts,two-player")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    bench_bot_moves("hard", preset("hearts"), 1)  # compile or load the kernel
    rows = []
    for level in args.levels.split(","):
        for name in args.presets.split(","):
            row = bench_bot_moves(level, preset(name), args.deals)
            rows.append(row)
            print(
                f"{level:>6} {name:<12} {row['moves']:>4} moves: mean {row['mean_seconds'] * 1000:6.1f} ms, "
                f"p95 {row['p95_seconds'] * 1000:6.1f} ms, max {row['max_seconds'] * 1000:6.1f} ms",
                flush=True,
            )
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "bot_speed.json").write_text(json.dumps({"machine": machine, "rows": rows}, indent=2) + "\n", encoding="utf-8")
    table = ["| level | rules | moves | mean ms | p95 ms | max ms |", "|---|---|---:|---:|---:|---:|"]
    table += [
        f"| {r['level']} | {r['rules']} | {r['moves']} | {r['mean_seconds'] * 1000:.1f} | {r['p95_seconds'] * 1000:.1f} | {r['max_seconds'] * 1000:.1f} |"
        for r in rows
    ]
    (RESULTS / "bot_speed.md").write_text(f"# Seconds per move, one core ({machine})\n\n" + "\n".join(table) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
