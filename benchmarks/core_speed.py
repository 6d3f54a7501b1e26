"""The checked API beside OpenSpiel's ``hearts`` driven from Python, in one run, alternating rounds.

Measured, each for ``--seconds`` per round, on one core:

- random full deals per second: OpenSpiel (chance, passes and plays through
  ``apply_action``), the checked ``Game`` (``deal``, ``pass_cards``, ``play``,
  every action checked and its events logged), and the flat action layer
  ``State`` (every card through the checked ``apply_action``);
- the same for a bare loop over masks with the same random draws and no
  check (the ceiling any API driven from Python can reach under this harness);
- decision steps per second with an observation and a mask at each step:
  OpenSpiel with ``information_state_tensor`` and ``legal_actions_mask``, the
  PettingZoo AEC environment, and the Gymnasium environment (random
  opponents, whose moves are not counted as steps);
- whether ``import blackmaria`` loads numba, numpy, FastAPI, SQLAlchemy or Textual.

The ratio reported is the median of the per-round ratios, so that the load
of a noisy machine falls on both sides of each ratio. Results go to
``benchmarks/results/core_speed.{json,md}``.

    .venv/bin/python benchmarks/core_speed.py [--rounds 5] [--seconds 2]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pyspiel

from blackmaria.cards import cards_of
from blackmaria.core.state import State, deck_of
from blackmaria.envs.gymnasium_env import BlackMariaSingleSeatEnv
from blackmaria.envs.pettingzoo_env import BlackMariaEnv
from blackmaria.game import Game
from blackmaria.rules import preset

RESULTS = Path(__file__).parent / "results"
RULES = preset("hearts")


def openspiel_deals(seconds: float, seed: int) -> float:
    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    deals, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        deals += 1
    return deals / (time.perf_counter() - start)


def game_deals(seconds: float, seed: int) -> float:
    rng = random.Random(seed)
    deals, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = Game(RULES, seed=seed + deals)
        game.deal()
        if game.phase == "passing":
            for seat in range(4):
                game.pass_cards(seat, rng.sample(sorted(game.passable_cards(seat)), 3))
        while game.phase == "playing":
            game.play(rng.choice(game.legal_actions()))
        deals += 1
    return deals / (time.perf_counter() - start)


def state_deals(seconds: float, seed: int) -> float:
    rng = random.Random(seed)
    deals, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = State.dealt_from(RULES, deck_of(RULES, rng), dealer=deals % 4, deal=deals % 4)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        deals += 1
    return deals / (time.perf_counter() - start)


def bare_loop_deals(seconds: float, seed: int) -> float:
    """The ceiling of any Python API under this harness: the same shuffle, passes and random choices over bare masks.

    No check, no history, no event, only "follow suit if you can" (no first-lead,
    hearts or scoring rule): what is left is the cost of the harness's own
    random draws and list building, which every API driven from Python pays.
    """
    rng = random.Random(seed)
    clubs = 0x1111111111111
    deals, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        cards = list(range(52))
        random.Random(seed + deals).shuffle(cards)
        hands = [0] * 4
        for i, card in enumerate(cards):
            hands[i % 4] |= 1 << card
        for seat in range(4):
            rng.sample(cards_of(hands[seat]), 3)
        turn = led = 0
        for k in range(52):
            hand = hands[turn]
            legal = hand if k % 4 == 0 else (hand & clubs << led or hand)
            card = rng.choice(cards_of(legal))
            if k % 4 == 0:
                led = card & 3
            hands[turn] = hand & ~(1 << card)
            turn = (turn + 1) % 4
        deals += 1
    return deals / (time.perf_counter() - start)


def openspiel_steps(seconds: float, seed: int) -> float:
    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            state.information_state_tensor()
            state.legal_actions_mask()
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.perf_counter() - start)


def pettingzoo_steps(seconds: float, seed: int) -> float:
    env = BlackMariaEnv(rules=RULES)
    rng = random.Random(seed)
    steps, episode, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed + episode)
        episode += 1
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
            steps += 1
    return steps / (time.perf_counter() - start)


def gymnasium_steps(seconds: float, seed: int) -> float:
    env = BlackMariaSingleSeatEnv(rules=RULES, opponents="random")
    rng = random.Random(seed)  # the same draw as the OpenSpiel and PettingZoo loops (NumPy's choice costs ~40 us a call)
    _, info = env.reset(seed=seed)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        _, _, terminated, _, info = env.step(rng.choice(np.flatnonzero(info["action_mask"]).tolist()))
        steps += 1
        if terminated:
            _, info = env.reset()
    return steps / (time.perf_counter() - start)


def heavy_imports() -> list[str]:
    code = "import sys, blackmaria; print(','.join(m for m in ('numba','numpy','fastapi','sqlalchemy','textual') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    return [m for m in out.split(",") if m]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    measures: dict[str, Callable[[float, int], float]] = {
        "openspiel_deals": openspiel_deals,
        "game_deals": game_deals,
        "state_deals": state_deals,
        "bare_loop_deals": bare_loop_deals,
        "openspiel_steps": openspiel_steps,
        "pettingzoo_steps": pettingzoo_steps,
        "gymnasium_steps": gymnasium_steps,
    }
    for measure in measures.values():
        measure(0.2, 0)  # compile or load the compiled encoder, warm caches
    rows: dict[str, list[float]] = {name: [] for name in measures}
    for r in range(args.rounds):
        names = list(measures) if r % 2 == 0 else list(reversed(measures))
        for name in names:
            rows[name].append(measures[name](args.seconds, r))
    ratios = {
        "game_vs_openspiel": [g / o for g, o in zip(rows["game_deals"], rows["openspiel_deals"], strict=True)],
        "state_vs_openspiel": [s / o for s, o in zip(rows["state_deals"], rows["openspiel_deals"], strict=True)],
        "bare_loop_vs_openspiel": [b / o for b, o in zip(rows["bare_loop_deals"], rows["openspiel_deals"], strict=True)],
        "pettingzoo_vs_openspiel": [p / o for p, o in zip(rows["pettingzoo_steps"], rows["openspiel_steps"], strict=True)],
        "gymnasium_vs_openspiel": [g / o for g, o in zip(rows["gymnasium_steps"], rows["openspiel_steps"], strict=True)],
    }
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    result = {
        "rounds": args.rounds,
        "seconds": args.seconds,
        "load_average_at_end": load,
        "per_round": rows,
        "medians": {name: statistics.median(values) for name, values in rows.items()},
        "ratios": {name: statistics.median(values) for name, values in ratios.items()},
        "ratio_range": {name: [min(values), max(values)] for name, values in ratios.items()},
        "heavy_modules_loaded_by_import_blackmaria": heavy_imports(),
    }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "core_speed.json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    med, rat, rng_ = result["medians"], result["ratios"], result["ratio_range"]
    lines = [
        "# The checked API beside OpenSpiel `hearts` (one core, median of per-round ratios)",
        "",
        f"`benchmarks/core_speed.py --rounds {args.rounds} --seconds {args.seconds}`; load average at the end {load:.1f}.",
        "",
        "| what | per second | vs OpenSpiel | range over rounds |",
        "|---|---:|---:|---:|",
        f"| OpenSpiel `hearts` random deals | {med['openspiel_deals']:,.0f} | 1.00x | |",
        f"| checked `Game` random deals | {med['game_deals']:,.0f} | {rat['game_vs_openspiel']:.2f}x | {rng_['game_vs_openspiel'][0]:.2f}-{rng_['game_vs_openspiel'][1]:.2f} |",
        f"| flat `State` random deals | {med['state_deals']:,.0f} | {rat['state_vs_openspiel']:.2f}x | {rng_['state_vs_openspiel'][0]:.2f}-{rng_['state_vs_openspiel'][1]:.2f} |",
        f"| bare Python loop, same random draws, no checks (the ceiling of any Python API here) | {med['bare_loop_deals']:,.0f} | {rat['bare_loop_vs_openspiel']:.2f}x | {rng_['bare_loop_vs_openspiel'][0]:.2f}-{rng_['bare_loop_vs_openspiel'][1]:.2f} |",
        f"| OpenSpiel steps with `information_state_tensor` | {med['openspiel_steps']:,.0f} | 1.00x | |",
        f"| PettingZoo AEC steps with observation and mask | {med['pettingzoo_steps']:,.0f} | {rat['pettingzoo_vs_openspiel']:.2f}x | {rng_['pettingzoo_vs_openspiel'][0]:.2f}-{rng_['pettingzoo_vs_openspiel'][1]:.2f} |",
        f"| Gymnasium steps (random opponents) | {med['gymnasium_steps']:,.0f} | {rat['gymnasium_vs_openspiel']:.2f}x | {rng_['gymnasium_vs_openspiel'][0]:.2f}-{rng_['gymnasium_vs_openspiel'][1]:.2f} |",
        "",
        f"`import blackmaria` loads: {', '.join(result['heavy_modules_loaded_by_import_blackmaria']) or 'none of numba, numpy, FastAPI, SQLAlchemy, Textual'}.",
    ]
    (RESULTS / "core_speed.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
