"""Random full deals per second: blackmaria beside OpenSpiel's ``hearts`` driven from Python, in one run.

Both engines play whole four-player Hearts deals (pass direction, deal, passes,
13 tricks, scores) choosing uniformly among legal actions, pinned to one core.
Rounds alternate between the engines and the medians are compared, because
these machines are noisy. Results go to ``benchmarks/results/engine_vs_openspiel.{json,md}``.

    make bench          # or: .venv/bin/python benchmarks/engine_vs_openspiel.py --rounds 5
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import time
from pathlib import Path

import pyspiel

from blackmaria.bench import bench_game, bench_kernel
from blackmaria.rules import preset

RESULTS = Path(__file__).parent / "results"


def openspiel_random_deals(deals: int, seed: int) -> float:
    """Deals per second of OpenSpiel's hearts with random legal actions chosen in Python."""
    rng = random.Random(seed)
    game = pyspiel.load_game("hearts")
    start = time.perf_counter()
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        state.returns()
    return deals / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--openspiel-deals", type=int, default=3000)
    parser.add_argument("--kernel-deals", type=int, default=200_000)
    parser.add_argument("--game-deals", type=int, default=1000)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    rules = preset("hearts")
    kernel_first = bench_kernel(rules, 1000, 0, 1)  # compile or load from cache, reported
    rows: dict[str, list[float]] = {"openspiel": [], "kernel": [], "game": []}
    for r in range(args.rounds):
        rows["openspiel"].append(openspiel_random_deals(args.openspiel_deals, r))
        rows["kernel"].append(bench_kernel(rules, args.kernel_deals, r, 1)["deals_per_second"])
        rows["game"].append(bench_game(rules, args.game_deals, r)["deals_per_second"])
        print(f"round {r + 1}: " + ", ".join(f"{k} {v[-1]:,.0f}/s" for k, v in rows.items()), flush=True)
    medians = {k: statistics.median(v) for k, v in rows.items()}
    ratios = [k / o for k, o in zip(rows["kernel"], rows["openspiel"], strict=True)]
    result = {
        "what": "random full deals per second, four-player hearts, one core",
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, open_spiel {pyspiel.__version__ if hasattr(pyspiel, '__version__') else '2.0.2'}",
        "rounds": args.rounds,
        "openspiel_python_deals_per_second": medians["openspiel"],
        "blackmaria_kernel_deals_per_second": medians["kernel"],
        "blackmaria_checked_game_deals_per_second": medians["game"],
        "kernel_to_openspiel_ratio_median": statistics.median(ratios),
        "kernel_to_openspiel_ratio_per_round": ratios,
        "kernel_compile_or_cache_load_seconds": kernel_first["compile_or_cache_load_seconds"],
        "raw": rows,
    }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "engine_vs_openspiel.json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    table = "\n".join(
        [
            "| engine | random full deals/s (median) | vs OpenSpiel |",
            "|---|---:|---:|",
            f"| OpenSpiel `hearts`, driven from Python | {medians['openspiel']:,.0f} | 1.0x |",
            f"| blackmaria compiled kernel (`blackmaria bench`) | {medians['kernel']:,.0f} | {result['kernel_to_openspiel_ratio_median']:.1f}x |",
            f"| blackmaria checked `Game` (plain Python, events, checks) | {medians['game']:,.0f} | {medians['game'] / medians['openspiel']:.2f}x |",
        ]
    )
    (RESULTS / "engine_vs_openspiel.md").write_text(
        f"# Engine speed beside OpenSpiel ({result['machine']})\n\n{table}\n\n"
        f"{args.rounds} alternating rounds, one core; ratio is the median of per-round ratios. "
        f"Kernel compile or cache load: {result['kernel_compile_or_cache_load_seconds']:.2f} s.\n",
        encoding="utf-8",
    )
    print(table)


if __name__ == "__main__":
    main()
