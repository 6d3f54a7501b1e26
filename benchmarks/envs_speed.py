"""Environment steps per second: the batched environment at N = 1, 64, 1024 beside the PettingZoo
environment and OpenSpiel's ``hearts``, all playing uniformly random legal actions, in one run.

A step is one decision of one seat (a card passed or played). Each round measures every environment once, one
after the other, so a round's ratios to OpenSpiel share that moment's load; the ratio reported is the median of the
rounds' ratios, with their range (as ``make bench`` reports its own). Results go to
``benchmarks/results/envs_speed.{json,md}``, or under ``--out``.

    .venv/bin/python benchmarks/envs_speed.py --rounds 5
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from pathlib import Path

import numpy as np
import pyspiel
from core_speed import pettingzoo_steps  # the same PettingZoo loop as the core benchmark (this folder is on the path)

from blackmaria.envs.batched import BatchedEnv

RESULTS = Path(__file__).parent / "results"
SECONDS = 3.0


def batched_steps_per_second(num_envs: int, seed: int, seconds: float) -> float:
    env = BatchedEnv("hearts", num_envs=num_envs, seed=seed)
    _, masks, _ = env.reset()
    rng = np.random.default_rng(seed)
    env.step(np.argmax(rng.random(masks.shape) * masks, axis=1))  # compile or load from cache first
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        _, masks, _, _, _ = env.step(np.argmax(rng.random(masks.shape) * masks, axis=1))
        steps += num_envs
    return steps / (time.perf_counter() - start)


def openspiel_steps_per_second(seed: int, seconds: float) -> float:
    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            chance = state.is_chance_node()
            state.apply_action(rng.choice(state.legal_actions()))
            steps += not chance
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5, help="rounds of every environment (default 5)")
    parser.add_argument("--seconds", type=float, default=SECONDS, help=f"seconds per environment per round (default {SECONDS})")
    parser.add_argument("--out", type=Path, default=RESULTS, help="folder for envs_speed.json and .md (default benchmarks/results)")
    args = parser.parse_args()
    if args.rounds < 1 or args.seconds <= 0:
        parser.error("--rounds must be at least 1 and --seconds above 0")
    seconds = args.seconds
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    rounds = args.rounds
    rows: dict[str, list[float]] = {"openspiel": [], "pettingzoo": [], "batched_1": [], "batched_64": [], "batched_1024": []}
    for r in range(rounds):
        rows["openspiel"].append(openspiel_steps_per_second(r, seconds))
        rows["pettingzoo"].append(pettingzoo_steps(seconds, r))
        for n in (1, 64, 1024):
            rows[f"batched_{n}"].append(batched_steps_per_second(n, r, seconds))
        print(f"round {r + 1}: " + ", ".join(f"{k} {v[-1]:,.0f}" for k, v in rows.items()), flush=True)
    medians = {k: statistics.median(v) for k, v in rows.items()}
    ratios = {k: [x / o for x, o in zip(v, rows["openspiel"], strict=True)] for k, v in rows.items()}
    ratio_medians = {k: statistics.median(v) for k, v in ratios.items()}
    args.out.mkdir(parents=True, exist_ok=True)
    record = {
        "rounds": rounds,
        "seconds": seconds,
        "steps_per_second_median": medians,
        "ratio_to_openspiel_median": ratio_medians,
        "raw": rows,
    }
    (args.out / "envs_speed.json").write_text(json.dumps(record, indent=2) + "\n")
    names = {
        "openspiel": "OpenSpiel `hearts` from Python",
        "pettingzoo": "blackmaria PettingZoo AEC env",
        "batched_1": "blackmaria batched env, N = 1",
        "batched_64": "blackmaria batched env, N = 64",
        "batched_1024": "blackmaria batched env, N = 1024",
    }
    lines = [
        f"| environment (four-player hearts, random legal actions, one core) | steps/s (median of {rounds}) |"
        " vs OpenSpiel (median of the rounds' ratios) | the rounds' ratios ranged |",
        "|---|---:|---:|---:|",
    ]
    for key, label in names.items():
        low, high = min(ratios[key]), max(ratios[key])
        lines.append(f"| {label} | {medians[key]:,.0f} | {ratio_medians[key]:.2f}x | {low:.2f}-{high:.2f}x |")
    (args.out / "envs_speed.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
