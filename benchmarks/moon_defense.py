"""How often a plain run of high cards shoots the moon against our bots: results to benchmarks/results/moon_defense.{json,md}.

    .venv/bin/python benchmarks/moon_defense.py --deals 100 --levels medium,hard --rules hearts,spot-hearts
    .venv/bin/python benchmarks/moon_defense.py --deals 100 --levels expert --rules hearts   # (some 10 minutes)
    .venv/bin/python benchmarks/moon_defense.py --deals 100 --levels expert-2026+expert-stoppers:5000 --rules hearts

The shooter is what a play-tester tried against ``medium``: it passes its lowest
cards and always plays its highest legal card. Each deal is played once with
the shooter in every seat and three bots of a level in the others (one-deal
games seeded by the deal's number, so every level meets the same hands). A
shot is a seating where the shooter took no point and every other seat the
moon's. The shooter's points per deal say how much the shots gain it.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path
from typing import Any

from blackmaria.bots import make_bot, run_bots
from blackmaria.game import Game
from blackmaria.observation import Observation
from blackmaria.rules import preset
from blackmaria.tournament import mean_ci, parse_bot

RESULTS = Path(__file__).parent / "results"

sys.path.insert(0, str(Path(__file__).parent))
import ablation  # noqa: E402, F401  (registers its variants, ``expert-2026+NAME``, as levels to measure here)


class HighestCard:
    """Passes its lowest cards, plays its highest: a naive moon shot."""

    def choose_pass(self, obs: Observation) -> list[int]:
        return sorted(obs.choices)[: obs.rules.pass_count]

    def choose_play(self, obs: Observation) -> int:
        return max(obs.legal)


def against(level: str, rules_name: str, deals: int) -> dict[str, Any]:
    rules = preset(rules_name).replace(deal_count=1, target_score=None)
    name, budget = parse_bot(level)  # LEVEL or LEVEL:BUDGET (an ablation variant registers at 10,000; expert plays 5,000)
    shots = 0
    points: list[float] = []
    start = time.perf_counter()
    for deal in range(deals):
        for seat in range(rules.players):
            game = Game(rules, seed=deal)
            game.deal()
            bots = {s: HighestCard() if s == seat else make_bot(name, seed=100 * deal + s, budget=budget) for s in range(rules.players)}
            run_bots(game, bots)
            taken = game.deals[0].points or ()
            shots += taken[seat] == 0 and all(taken[s] == rules.moon_total for s in range(rules.players) if s != seat)
            points.append(taken[seat])
    seatings = deals * rules.players
    return {
        "level": level,
        "rules": rules_name,
        "deals": deals,
        "seatings": seatings,
        "shots": shots,
        "shot_rate": shots / seatings,
        "shooter_points_per_deal": mean_ci(points).to_dict(),
        "seconds": time.perf_counter() - start,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--levels", default="medium,hard")
    parser.add_argument("--rules", default="hearts,spot-hearts")
    args = parser.parse_args()
    rows = [against(level, rules, args.deals) for rules in args.rules.split(",") for level in args.levels.split(",")]
    for row in rows:
        row["command"] = f"benchmarks/moon_defense.py --deals {args.deals} --levels {row['level']} --rules {row['rules']}"
    machine = f"{platform.machine()}, Python {platform.python_version()}"
    RESULTS.mkdir(exist_ok=True)
    # The rows of earlier runs stay, but for the rules and levels measured again (a slow level is run on its own).
    path = RESULTS / "moon_defense.json"
    measured = {(row["rules"], row["level"]) for row in rows}
    kept = (
        [row for row in json.loads(path.read_text(encoding="utf-8"))["rows"] if (row["rules"], row["level"]) not in measured]
        if path.exists()
        else []
    )
    rows = sorted(kept + rows, key=lambda row: (row["rules"], row["level"]))
    path.write_text(json.dumps({"machine": machine, "rows": rows}, indent=2) + "\n", encoding="utf-8")
    lines = [
        "# A plain run of high cards against three bots of a level",
        "",
        f"{machine}; each row by `.venv/bin/python benchmarks/moon_defense.py --deals N --levels LEVEL --rules RULES`.",
        "",
        "| rules | level | seatings | moon shots | shot rate | the shooter's points per deal [95% CI] |",
        "|---|---|---:|---:|---:|---|",
    ]
    for row in rows:
        p = row["shooter_points_per_deal"]
        lines.append(
            f"| {row['rules']} | {row['level']} | {row['seatings']} | {row['shots']} | {row['shot_rate']:.1%} "
            f"| {p['mean']:.2f} [{p['ci95_low']:.2f}, {p['ci95_high']:.2f}] |"
        )
    (RESULTS / "moon_defense.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
