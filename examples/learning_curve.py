#!/usr/bin/env python3
"""The learning curve of a training run: each checkpoint's points per deal against a bot level, over duplicate deals.

    python examples/learning_curve.py runs/ppo_hearts/checkpoints runs/ppo_hearts_2/checkpoints --rules hearts --against easy --deals 200 \
        --json benchmarks/results/learning_curve_ppo_hearts.json --plot docs/training_curve.png

Each checkpoint (``steps_NNNNNNNNNN.npz``, written by the examples'
``--checkpoint-every``) plays ``blackmaria tournament``'s duplicate deals
against ``--against`` (the same deals for every checkpoint); the plot shows
its mean points per deal with the 95% interval against environment steps,
and the opponent's own mean as a line.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Any

from blackmaria.tournament import run_tournament


def curve(folders: list[Path], rules: str, against: str, deals: int, seed: int = 0, workers: int = 1) -> list[dict[str, Any]]:
    """One point per checkpoint of ``folders`` (a run and the runs that resumed it), in order of steps."""
    points = []
    for path in sorted((p for folder in folders for p in folder.glob("steps_*.npz")), key=lambda p: p.name):
        match = re.search(r"steps_(\d+)", path.name)
        assert match is not None
        spec = f"policy:{path}"
        result = run_tournament(rules, [spec, against], deals=deals, seed=seed, workers=workers)
        mine, theirs, diff = result.mean_points(spec), result.mean_points(against), result.difference(spec, against)
        points.append(
            {
                "env_steps": int(match.group(1)),
                "points_per_deal": mine.mean,
                "low": mine.low,
                "high": mine.high,
                "opponent_points_per_deal": theirs.mean,
                "difference": diff.mean,
                "difference_low": diff.low,
                "difference_high": diff.high,
            }
        )
        print(json.dumps(points[-1]), flush=True)
    return points


def plot(runs: dict[str, list[dict[str, Any]]], against: str, rules: str, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.2), dpi=110)
    for label, points in runs.items():
        x = [p["env_steps"] for p in points]
        ax.plot(x, [p["points_per_deal"] for p in points], marker="o", label=label)
        ax.fill_between(x, [p["low"] for p in points], [p["high"] for p in points], alpha=0.2)
    first = next(iter(runs.values()))
    ax.plot(
        [p["env_steps"] for p in first],
        [p["opponent_points_per_deal"] for p in first],
        linestyle="--",
        color="gray",
        label=f"{against} (the other seats)",
    )
    ax.set_xlabel("environment steps (decisions of all seats)")
    ax.set_ylabel("points per deal (lower is better)")
    ax.set_title(f"{rules}: the trained policy in one seat, {against} in the others")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)


def load(path: Path) -> list[dict[str, Any]]:
    points: list[dict[str, Any]] = json.loads(path.read_text())["points"]
    return points


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", type=Path, nargs="+", help="checkpoint folders: a run and any run resumed from it")
    parser.add_argument("--rules", default="hearts")
    parser.add_argument("--against", default="easy")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--label", default="PPO on the batched env (self-play)")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--plot", type=Path)
    parser.add_argument("--from-json", action="store_true", help="FOLDERS are curve JSON files written before: join them and plot")
    args = parser.parse_args()
    if args.from_json:
        joined = sorted((p for path in args.folders for p in load(path)), key=lambda p: p["env_steps"])
        if args.json:
            args.json.write_text(json.dumps({"rules": args.rules, "against": args.against, "points": joined}, indent=1) + "\n")
        plot({args.label: joined}, args.against, args.rules, args.plot)
        return
    points = curve(args.folders, args.rules, args.against, args.deals, args.seed, args.workers)
    if args.json:
        args.json.write_text(
            json.dumps({"rules": args.rules, "against": args.against, "deals": args.deals, "seed": args.seed, "points": points}, indent=1)
            + "\n"
        )
    if args.plot:
        plot({args.label: points}, args.against, args.rules, args.plot)


if __name__ == "__main__":
    main()
