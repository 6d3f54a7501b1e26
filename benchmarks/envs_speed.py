"""Environment steps per second: the batched environment at N = 1, 64, 1024 beside the PettingZoo
environment and OpenSpiel's ``hearts``, all playing uniformly random legal actions, in one run.

A step is one decision of one seat (a card passed or played). Results go to
``benchmarks/results/envs_speed.{json,md}``.

    .venv/bin/python benchmarks/envs_speed.py
"""

from __future__ import annotations

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


def batched_steps_per_second(num_envs: int, seed: int) -> float:
    env = BatchedEnv("hearts", num_envs=num_envs, seed=seed)
    _, masks, _ = env.reset()
    rng = np.random.default_rng(seed)
    env.step(np.argmax(rng.random(masks.shape) * masks, axis=1))  # compile or load from cache first
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        _, masks, _, _, _ = env.step(np.argmax(rng.random(masks.shape) * masks, axis=1))
        steps += num_envs
    return steps / (time.perf_counter() - start)


def openspiel_steps_per_second(seed: int) -> float:
    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        state = game.new_initial_state()
        while not state.is_terminal():
            chance = state.is_chance_node()
            state.apply_action(rng.choice(state.legal_actions()))
            steps += not chance
    return steps / (time.perf_counter() - start)


def main() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    rounds = 3
    rows: dict[str, list[float]] = {"openspiel": [], "pettingzoo": [], "batched_1": [], "batched_64": [], "batched_1024": []}
    for r in range(rounds):
        rows["openspiel"].append(openspiel_steps_per_second(r))
        rows["pettingzoo"].append(pettingzoo_steps(SECONDS, r))
        for n in (1, 64, 1024):
            rows[f"batched_{n}"].append(batched_steps_per_second(n, r))
        print(f"round {r + 1}: " + ", ".join(f"{k} {v[-1]:,.0f}" for k, v in rows.items()), flush=True)
    medians = {k: statistics.median(v) for k, v in rows.items()}
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "envs_speed.json").write_text(json.dumps({"steps_per_second_median": medians, "raw": rows}, indent=2) + "\n")
    names = {
        "openspiel": "OpenSpiel `hearts` from Python",
        "pettingzoo": "blackmaria PettingZoo AEC env",
        "batched_1": "blackmaria batched env, N = 1",
        "batched_64": "blackmaria batched env, N = 64",
        "batched_1024": "blackmaria batched env, N = 1024",
    }
    lines = [
        "| environment (four-player hearts, random legal actions, one core) | steps/s (median of 3) | vs OpenSpiel |",
        "|---|---:|---:|",
    ]
    for key, label in names.items():
        lines.append(f"| {label} | {medians[key]:,.0f} | {medians[key] / medians['openspiel']:.2f}x |")
    (RESULTS / "envs_speed.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
