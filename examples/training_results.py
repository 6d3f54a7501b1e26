#!/usr/bin/env python3
"""Gather the examples' training summaries and tournament results into one JSON file and a Markdown table.

    python examples/training_results.py --runs runs --tournaments results/ \
        --json benchmarks/results/training.json --md benchmarks/results/training.md

``--tournaments`` holds ``NAME_vs_LEVEL.json`` files, each the output of
``blackmaria tournament --bots policy:PATH,LEVEL --json``; ``--runs`` the
examples' output folders (their ``summary.json``), named in ``RUNS`` below.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

RUNS: dict[str, dict[str, Any]] = {
    "ppo_batched": {
        "title": "PPO, plain PyTorch, BatchedEnv self-play (hearts)",
        "folders": ["ppo_hearts", "ppo_hearts_2"],
        "command": "python examples/ppo_batched.py --rules hearts --minutes 15 --checkpoint-every 500000 --out runs/ppo_hearts; "
        "python examples/ppo_batched.py --rules hearts --minutes 20 --checkpoint-every 1000000 --resume runs/ppo_hearts --out runs/ppo_hearts_2",
    },
    "maskable_ppo": {
        "title": "sb3-contrib MaskablePPO, Gymnasium env vs easy (hearts)",
        "folders": ["maskable_ppo"],
        "command": "python examples/maskable_ppo_gym.py --rules hearts --opponents easy --minutes 10 --checkpoint-every 10000 --out runs/maskable_ppo",
    },
    "tianshou_selfplay": {
        "title": "Tianshou PPO, PettingZoo env self-play (hearts)",
        "folders": ["tianshou_selfplay"],
        "command": "python examples/tianshou_selfplay.py --rules hearts --minutes 10 --out runs/tianshou_selfplay",
    },
    "openspiel_dqn": {
        "title": "OpenSpiel DQN, python_black_maria (two-player)",
        "folders": ["openspiel_dqn"],
        "command": "python examples/openspiel_dqn.py --preset two-player --minutes 10 --out runs/openspiel_dqn",
    },
    "openspiel_dqn_20": {
        "title": "OpenSpiel DQN, python_black_maria (two-player), 20 minutes, seed 1",
        "folders": ["openspiel_dqn_20"],
        "command": "python examples/openspiel_dqn.py --preset two-player --minutes 20 --seed 1 --out runs/openspiel_dqn_20",
    },
}
LEVELS = ("random", "easy", "medium")


def gather(runs: Path, tournaments: Path) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, spec in RUNS.items():
        summaries = [json.loads((runs / f / "summary.json").read_text()) for f in spec["folders"] if (runs / f / "summary.json").exists()]
        if not summaries:
            continue
        results = {}
        for level in LEVELS:
            path = tournaments / f"{name}_vs_{level}.json"
            if path.exists():
                results[level] = json.loads(path.read_text())
        out[name] = {
            "title": spec["title"],
            "command": spec["command"],
            "seconds": round(sum(float(s["seconds"]) for s in summaries), 1),
            "steps": max(int(s.get("env_steps", s.get("learner_steps", 0))) for s in summaries),
            "summaries": summaries,
            "tournaments": results,
        }
    return out


def markdown(data: dict[str, Any]) -> str:
    lines = [
        "# Training examples: what each reached",
        "",
        "Written by `examples/training_results.py` from `training.json`. Points per deal of the policy minus the level's,",
        "over duplicate deals (seed 0), with the 95% interval; negative: the policy takes fewer points. Trained on two cores shared",
        "with other jobs (load average 8 to 11), at nice 10 with one PyTorch thread; evaluated with",
        "`blackmaria tournament --rules RULES --bots policy:benchmarks/results/policies/FILE.npz,LEVEL --deals N --json`.",
        "",
        "| example | training | steps | " + " | ".join(f"vs `{lv}`" for lv in LEVELS) + " |",
        "|---|---:|---:|" + "---|" * len(LEVELS),
    ]
    for run in data.values():
        cells = []
        for level in LEVELS:
            result = run["tournaments"].get(level)
            if result is None:
                cells.append("")
                continue
            ((_, d),) = result["differences"].items()
            cells.append(f"{d['mean']:+.2f} [{d['ci95_low']:+.2f}, {d['ci95_high']:+.2f}] ({result['deals']} deals)")
        lines.append(f"| {run['title']} | {run['seconds'] / 60:.1f} min | {run['steps']:,} | " + " | ".join(cells) + " |")
    lines += ["", "Commands:", ""]
    lines += [f"- {run['title']}: `{run['command']}`" for run in data.values()]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=Path, default=Path("runs"))
    parser.add_argument("--tournaments", type=Path, required=True)
    parser.add_argument("--json", type=Path, required=True)
    parser.add_argument("--md", type=Path, required=True)
    args = parser.parse_args()
    data = gather(args.runs, args.tournaments)
    args.json.write_text(json.dumps(data, indent=1) + "\n")
    args.md.write_text(markdown(data))


if __name__ == "__main__":
    main()
