"""How much a searched pass loses to its own evaluation's noise: the regret of each way of choosing it.

On ``--positions`` passing positions of ``hearts`` (deal ``k`` dealt with seed ``k``, seat ``k mod 4``; the deals
without a pass are skipped), every candidate pass from the 8 most dangerous cards is evaluated at length (the
playouts of ``expert``'s search, ``--truth-worlds`` sampled deals each, the same for all). Each way of choosing the
pass then chooses at ``expert``'s budget, and its regret is what its pass costs more than the best one by that
long evaluation. The long evaluation shares the bias of the playouts (it says nothing of how good the playouts
are), but the noise of a short one is what the ways of choosing differ in.

    .venv/bin/python benchmarks/pass_regret.py --positions 40 --truth-worlds 3000

Results to ``benchmarks/results/pass_regret.{json,md}``.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import platform
import statistics
import time
from pathlib import Path

from blackmaria.bots.base import EXPERT_BUDGET, EXPERT_FEATURES, SearchFeatures
from blackmaria.bots.search import SearchBot, warm_kernels
from blackmaria.game import Game
from blackmaria.rules import preset

RESULTS = Path(__file__).parent / "results"

WAYS: dict[str, SearchFeatures] = {
    "even share, 20 candidates (expert-s17)": dataclasses.replace(EXPERT_FEATURES, pass_halving=False, pass_pool=6),
    "halving, 20 candidates (expert-halve)": dataclasses.replace(EXPERT_FEATURES, pass_halving=True, pass_pool=6),
    "halving, 56 candidates (expert-halve8, expert)": dataclasses.replace(EXPERT_FEATURES, pass_halving=True, pass_pool=8),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--truth-worlds", type=int, default=3000)
    args = parser.parse_args()
    warm_kernels()
    started = time.perf_counter()
    regrets: dict[str, list[float]] = {name: [] for name in WAYS}
    seed = 0
    done = 0
    while done < args.positions:
        game = Game(preset("hearts"), seed=seed)
        game.deal()
        obs = game.observation(seed % 4)
        seed += 1
        if game.phase != "passing" or obs.pass_to is None:
            continue
        judge = SearchBot(1_000 + seed, features=dataclasses.replace(EXPERT_FEATURES, pass_pool=8))
        candidates = judge.pass_candidates(obs, judge._medium.pass_hint(obs).cards)
        judge.budget = args.truth_worlds * len(candidates)
        judge.features = dataclasses.replace(judge.features, pass_halving=False)  # every candidate on the same worlds
        costs = dict(zip(candidates, judge.evaluate_passes(obs, candidates)[0], strict=True))
        best = min(costs.values())
        for name, features in WAYS.items():
            chosen = tuple(sorted(SearchBot(seed, budget=EXPERT_BUDGET, features=features).pass_hint(obs).cards))
            regrets[name].append(costs[chosen] - best)
        done += 1
        print(f"position {done}: " + ", ".join(f"{r[-1]:.2f}" for r in regrets.values()), flush=True)
    rows = [
        {
            "way": name,
            "mean_regret": statistics.mean(values),
            "best_chosen": sum(1 for v in values if v == 0) / len(values),
            "sd": statistics.stdev(values),
        }
        for name, values in regrets.items()
    ]
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    data = {
        "machine": machine,
        "positions": args.positions,
        "truth_worlds": args.truth_worlds,
        "seconds": time.perf_counter() - started,
        "rows": rows,
    }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "pass_regret.json").write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    table = ["| way of choosing the pass | mean regret, points | best pass chosen |", "|---|---:|---:|"]
    table += [f"| {r['way']} | {r['mean_regret']:.3f} | {r['best_chosen']:.0%} |" for r in rows]
    command = f"benchmarks/pass_regret.py --positions {args.positions} --truth-worlds {args.truth_worlds}"
    header = f"# The searched pass's regret ({machine})\n\n`{command}`: {args.positions} `hearts` positions, every candidate of 8 cards evaluated on {args.truth_worlds:,} worlds; each way chooses at `expert`'s budget ({EXPERT_BUDGET:,}).\n\n"
    (RESULTS / "pass_regret.md").write_text(header + "\n".join(table) + "\n", encoding="utf-8")
    print("\n".join(table))


if __name__ == "__main__":
    main()
