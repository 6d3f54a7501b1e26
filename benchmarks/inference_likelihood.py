"""How likely the search's worlds make the true hands, with and without inference (issue 18's inference check).

    nice -n 5 .venv/bin/python benchmarks/inference_likelihood.py --deals 6 --worlds 1500

Positions: the seats of ``expert-2026`` games at plays 6, 14, 22 and 30 of each
deal. For each, ``search.card_beliefs`` gives each seat's chance of holding each
card; the score is the summed log of the chances of the cards each other seat
truly holds (each chance floored at 0.001): higher is better. ``none`` samples
with the voids only (what ``expert-2026`` does), ``alpha 0`` also rules out the
cards the plays exclude, ``alpha A`` weights the worlds by the playout policy
as well, ``learned alpha A`` by the learned playout policy (``bots.learned``). Results to ``results/inference_likelihood.json``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

from blackmaria.bots import make_bot
from blackmaria.bots.search import card_beliefs
from blackmaria.game import Game
from blackmaria.rules import preset

RESULTS = Path(__file__).parent / "results"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--worlds", type=int, default=1_500)
    parser.add_argument("--rules", default="hearts,black-maria")
    parser.add_argument("--alphas", default="0,0.1,0.2,0.5")
    parser.add_argument("--learned-alphas", default="0.5,0.9", help="the same with the learned policy as the model")
    args = parser.parse_args()
    positions = []
    for name in args.rules.split(","):
        for seed in range(args.deals):
            game = Game(preset(name).replace(deal_count=1, target_score=None), seed=100 + seed)
            game.deal()
            bots = {s: make_bot("expert-2026", seed=s, budget=300) for s in range(game.players)}
            if game.phase == "passing":
                for s in range(game.players):
                    game.pass_cards(s, bots[s].choose_pass(game.observation(s)))
            k = 0
            while game.phase == "playing":
                seat = game.turn
                assert seat is not None
                obs = game.observation(seat)
                if k in (6, 14, 22, 30):
                    positions.append((name, obs, [game.observation(s).hand.mask for s in range(game.players)]))
                game.play(bots[seat].choose_play(obs), seat)
                k += 1
    rows = []
    models = [("none", False, 0.0, "")] + [(f"alpha {a}", True, float(a), "") for a in args.alphas.split(",") if a]
    models += [(f"learned alpha {a}", True, float(a), "playout_policy.json") for a in args.learned_alphas.split(",") if a]
    for label, infer, alpha, policy in models:
        score: dict[str, float] = {}
        for name, obs, truth in positions:
            belief, _ = card_beliefs(obs, args.worlds, seed=1, infer=infer, alpha=alpha, policy=policy)
            total = sum(
                math.log(max(float(belief[s, c]), 1e-3))
                for s in range(obs.rules.players)
                if s != obs.seat
                for c in range(52)
                if truth[s] >> c & 1
            )
            score[name] = score.get(name, 0.0) + total
        rows.append({"model": label, "log_likelihood": score})
        print(label, {k: round(v, 1) for k, v in score.items()}, flush=True)
    data = {"command": " ".join(["benchmarks/inference_likelihood.py", *sys.argv[1:]]), "positions": len(positions), "rows": rows}
    (RESULTS / "inference_likelihood.json").write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
