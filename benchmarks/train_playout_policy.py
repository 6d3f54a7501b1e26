"""Fit the learned playout policy (``blackmaria.bots.learned``) to the search's own choices, on this machine's CPUs.

    nice -n 5 .venv/bin/python benchmarks/train_playout_policy.py collect --deals 300 --workers 2
    .venv/bin/python benchmarks/train_playout_policy.py fit

``collect`` plays whole deals of several rule sets with the search bot at
every seat (the teacher: ``--teacher`` level at ``--budget`` simulations a
move) and keeps, for every play with a choice, what the seat knew (the
search's own ``known_state``) and the search's mean points for each legal
card. ``fit`` turns each position into the features of its legal cards
(``learned.decision_features``, the very function the playouts call) and
fits one weight vector per situation (lead, follow, discard) by
multinomial logistic regression on soft targets: a card's target weight
falls by a factor e for every ``--temperature`` points (in units of the
rule set's costliest card / 13) it costs more than the best card. The
weights go to ``src/blackmaria/bots/data/playout_policy.json`` with the
command, the time, the data and the held-out agreement with the teacher.
``fit --hidden N`` adds N rectified hidden units beside the linear weights
(``learned.pack_weights``), fitted to the same targets.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np

from blackmaria.bots import learned
from blackmaria.bots.base import SearchFeatures, run_bots
from blackmaria.bots.search import SearchBot, known_state, params_for
from blackmaria.cards import Card
from blackmaria.game import Game
from blackmaria.observation import Observation
from blackmaria.tournament import deal_rules

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ablation import rule_set_of  # noqa: E402  (the same PRESET@PLAYERS+kitty names)

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "benchmarks" / "data"
POLICY = ROOT / "src" / "blackmaria" / "bots" / "data" / learned.POLICY_FILE

# Rule sets and their share of the deals: hearts and 3-player black-maria first (the main targets).
RULE_SETS = {"hearts": 4, "black-maria": 4, "omnibus": 1, "spot-hearts": 1, "two-player": 1, "black-maria@5+kitty": 1}


class RecordingBot(SearchBot):
    """The teacher: a search bot that keeps every searched play's known state and costs."""

    def __init__(self, records: list[tuple[np.ndarray, int, np.ndarray]], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.records = records

    def choose_play(self, observation: Observation) -> Card:
        hint = self.hint(observation)
        if hint.costs:
            costs = np.full(52, np.nan)
            for card, cost in hint.costs.items():
                costs[card] = cost
            self.records.append((known_state(observation).state.copy(), observation.seat, costs))
        return hint.cards[0]


def collect_deal(job: tuple[str, int, int, str]) -> tuple[str, np.ndarray, np.ndarray, np.ndarray]:
    spec, deal, budget, teacher = job
    rules = rule_set_of(spec)
    features = {
        "expert": SearchFeatures(exact_cards=4, playout_moon_stop=True),
        "expert-learned": SearchFeatures(exact_cards=4, playout_moon_stop=True, playout_policy=learned.POLICY_FILE),
        "expert-2026": SearchFeatures(),
    }[teacher]
    game = Game(deal_rules(rules, deal), seed=deal)
    game.deal()
    records: list[tuple[np.ndarray, int, np.ndarray]] = []
    bots = {seat: RecordingBot(records, seed=deal * 10 + seat, budget=budget, features=features) for seat in range(rules.players)}
    run_bots(game, bots)  # type: ignore[arg-type]
    states = np.array([r[0] for r in records], dtype=np.int64).reshape(-1, 68)
    seats = np.array([r[1] for r in records], dtype=np.int64)
    costs = np.array([r[2] for r in records], dtype=np.float64).reshape(-1, 52)
    return spec, states, seats, costs


def collect(deals: int, budget: int, teacher: str, workers: int, seed: int) -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    weight_sum = sum(RULE_SETS.values())
    jobs = []
    for spec, share in RULE_SETS.items():
        for k in range(max(1, deals * share // weight_sum)):
            jobs.append((spec, seed * 100_000 + k, budget, teacher))
    found: dict[str, list[tuple[np.ndarray, np.ndarray, np.ndarray]]] = {spec: [] for spec in RULE_SETS}
    start = time.perf_counter()
    with Pool(workers) as pool:
        for i, (spec, states, seats, costs) in enumerate(pool.imap_unordered(collect_deal, jobs)):
            found[spec].append((states, seats, costs))
            if (i + 1) % 20 == 0:
                print(f"{i + 1}/{len(jobs)} deals, {time.perf_counter() - start:.0f} s", flush=True)
    for spec, parts in found.items():
        if not parts:
            continue
        np.savez_compressed(
            DATA / f"positions_{spec.replace('@', '-').replace('+', '-')}_{teacher}{budget}_s{seed}.npz",
            spec=spec,
            command=" ".join([".venv/bin/python benchmarks/train_playout_policy.py", *sys.argv[1:]]),
            seconds=time.perf_counter() - start,
            states=np.concatenate([p[0] for p in parts]),
            seats=np.concatenate([p[1] for p in parts]),
            costs=np.concatenate([p[2] for p in parts]),
        )
    print(f"collected {len(jobs)} deals in {time.perf_counter() - start:.0f} s", flush=True)


def load_positions(pattern: str) -> list[tuple[str, np.ndarray, np.ndarray, np.ndarray, np.ndarray]]:
    """Per file: the rule set, each position's features (padded), situation, legal-card mask over the padding and costs."""
    out = []
    for path in sorted(DATA.glob(pattern)):
        data = np.load(path)
        spec = str(data["spec"])
        p = params_for(rule_set_of(spec))
        states, seats, costs = data["states"], data["seats"], data["costs"]
        feats = np.zeros((len(states), learned.MAX_LEGAL, learned.N_FEATURES))
        situations = np.zeros(len(states), dtype=np.int64)
        learned.features_of_positions(states, p, seats, feats, situations)
        scale = learned.value_scale(p) / 13.0
        # Costs of the legal cards in ascending card order, the same order as the features' rows.
        padded = np.full((len(states), learned.MAX_LEGAL), np.nan)
        for k in range(len(states)):
            legal = costs[k][~np.isnan(costs[k])]
            padded[k, : len(legal)] = legal / scale
        out.append((spec, feats, situations, ~np.isnan(padded), np.nan_to_num(padded, nan=0.0)))
        print(f"{path.name}: {len(states)} positions", flush=True)
    return out


def fit_situation(feats: np.ndarray, mask: np.ndarray, costs: np.ndarray, temperature: float, l2: float, steps: int) -> np.ndarray:
    """Weights minimising the cross-entropy of the softmax over the legal cards against soft targets from the costs."""
    target = soft_targets(mask, costs, temperature)
    w = np.zeros(feats.shape[2])
    moments = [np.zeros_like(w), np.zeros_like(w)]
    for t in range(1, steps + 1):
        logits = np.where(mask, feats @ w, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        prob = np.exp(logits)
        prob /= prob.sum(axis=1, keepdims=True)
        grad = np.einsum("kif,ki->f", feats, prob - target) / len(feats) + l2 * w
        adam_step(w, grad, moments, t, 0.05)
    return w


def adam_step(param: np.ndarray, grad: np.ndarray, moments: list[np.ndarray], t: int, rate: float) -> None:
    """Step ``t`` (from 1) of Adam (Kingma and Ba 2015) on ``param`` in place; ``moments`` holds its two running means."""
    moments[0] = 0.9 * moments[0] + 0.1 * grad
    moments[1] = 0.999 * moments[1] + 0.001 * grad * grad
    param -= rate * (moments[0] / (1 - 0.9**t)) / (np.sqrt(moments[1] / (1 - 0.999**t)) + 1e-8)


def soft_targets(mask: np.ndarray, costs: np.ndarray, temperature: float) -> np.ndarray:
    """Each legal card's share: falling by a factor e for every ``temperature`` points it costs more than the best."""
    best = np.where(mask, costs, np.inf).min(axis=1, keepdims=True)
    target = np.where(mask, np.exp(-(costs - best) / temperature), 0.0)
    return target / target.sum(axis=1, keepdims=True)


def fit_hidden(
    feats: np.ndarray, mask: np.ndarray, costs: np.ndarray, linear: np.ndarray, units: int, temperature: float, l2: float, steps: int
) -> dict[str, np.ndarray]:
    """A hidden layer of ``units`` rectified units beside the linear weights (which start at ``linear``), fitted to
    the same soft targets: a card's score is ``x @ w + relu(x @ w1 + b1) @ w2`` (``learned.score_cards``)."""
    # The legal cards alone, one row each (the padding is most of the array), with the position each belongs to.
    x = feats[mask]
    target = soft_targets(mask, costs, temperature)[mask]
    legal = mask.sum(axis=1)
    position = np.repeat(np.arange(len(mask)), legal)
    starts = np.concatenate([[0], np.cumsum(legal)[:-1]])
    rng = np.random.default_rng(0)
    params = {
        "w": linear.copy(),
        "w1": rng.normal(0.0, 1.0 / np.sqrt(x.shape[1]), (x.shape[1], units)),
        "b1": np.zeros(units),
        "w2": rng.normal(0.0, 0.1, units),
    }
    moments = {name: [np.zeros_like(param), np.zeros_like(param)] for name, param in params.items()}
    for t in range(1, steps + 1):
        pre = x @ params["w1"] + params["b1"]
        act = np.maximum(pre, 0.0)
        score = x @ params["w"] + act @ params["w2"]
        score -= np.maximum.reduceat(score, starts)[position]
        prob = np.exp(score)
        prob /= np.add.reduceat(prob, starts)[position]
        d = (prob - target) / len(mask)  # the loss's gradient by each card's score
        back = np.outer(d, params["w2"]) * (pre > 0)
        grads = {"w": x.T @ d, "w1": x.T @ back, "b1": back.sum(axis=0), "w2": act.T @ d}
        for name, grad in grads.items():
            adam_step(params[name], grad + l2 * params[name], moments[name], t, 0.01)
    return params


def hidden_scores(feats: np.ndarray, params: dict[str, np.ndarray]) -> np.ndarray:
    return feats @ params["w"] + np.maximum(feats @ params["w1"] + params["b1"], 0.0) @ params["w2"]


def agreement(feats: np.ndarray, mask: np.ndarray, costs: np.ndarray, w: np.ndarray | dict[str, np.ndarray]) -> tuple[float, float]:
    """How often the weights' card is the teacher's best card, and its mean extra cost (points, scaled)."""
    scores = np.where(mask, hidden_scores(feats, w) if isinstance(w, dict) else feats @ w, -np.inf)
    return picked(mask, costs, scores.argmax(axis=1))


def picked(mask: np.ndarray, costs: np.ndarray, chosen: np.ndarray) -> tuple[float, float]:
    """How often ``chosen`` (an index among the legal cards) is the teacher's best card, and its mean extra cost."""
    best = np.where(mask, costs, np.inf)
    rows = np.arange(len(mask))
    regret = best[rows, chosen] - best.min(axis=1)
    return float((regret <= 1e-9).mean()), float(regret.mean())


def rule_choices(files: list[str]) -> np.ndarray:
    """The rule-based playout policy's card (``playout.policy_card``, no random cards) in every position: the baseline."""
    from blackmaria.bots.playout import policy_card
    from blackmaria.core.compiled import make_rng

    chosen = []
    for path in files:
        data = np.load(DATA / path)
        p = params_for(rule_set_of(str(data["spec"])))
        rng = make_rng(0)
        for state, seat in zip(data["states"], data["seats"], strict=True):
            legal = [c for c in range(52) if int(legal_mask(state, p, int(seat))) >> c & 1]
            chosen.append(legal.index(int(policy_card(rng, state, p, int(seat), 0.0))))
    return np.array(chosen, dtype=np.int64)


def legal_mask(state: np.ndarray, p: np.ndarray, seat: int) -> int:
    from blackmaria.core.logic import legal_cards

    return int(legal_cards(list(state), list(p), seat))


def fit(pattern: str, temperature: float, l2: float, steps: int, out: Path = POLICY, units: int = 0) -> None:
    start = time.perf_counter()
    files = load_positions(pattern)
    feats = np.concatenate([f[1] for f in files])
    situations = np.concatenate([f[2] for f in files])
    mask = np.concatenate([f[3] for f in files])
    costs = np.concatenate([f[4] for f in files])
    names = sorted(p.name for p in DATA.glob(pattern))
    rules_pick = rule_choices(names)
    rng = np.random.default_rng(0)
    held_out = rng.random(len(feats)) < 0.1
    weights: dict[str, list[float]] = {}
    hidden: dict[str, dict[str, Any]] = {}
    report: dict[str, Any] = {}
    for index, name in enumerate(learned.SITUATIONS):
        train = (situations == index) & ~held_out
        test = (situations == index) & held_out
        w = fit_situation(feats[train], mask[train], costs[train], temperature, l2, steps)
        model: np.ndarray | dict[str, np.ndarray] = w
        if units:
            model = fit_hidden(feats[train], mask[train], costs[train], w, units, temperature, l2, steps)
            w = model["w"]
            hidden[name] = {
                "w1": [[round(float(x), 5) for x in row] for row in model["w1"]],
                "b1": [round(float(x), 5) for x in model["b1"]],
                "w2": [round(float(x), 5) for x in model["w2"]],
            }
        weights[name] = [round(float(x), 5) for x in w]
        agree, regret = agreement(feats[test], mask[test], costs[test], model)
        base_agree, base_regret = picked(mask[test], costs[test], rules_pick[test])
        report[name] = {
            "train": int(train.sum()),
            "held_out": int(test.sum()),
            "agreement": round(agree, 4),
            "regret": round(regret, 4),
            "rules_agreement": round(base_agree, 4),
            "rules_regret": round(base_regret, 4),
        }
        print(f"{name}: {report[name]}", flush=True)
    data = {
        "about": "The learned playout policy's weights (blackmaria.bots.learned): one vector per situation over FEATURES.",
        "command": " ".join([".venv/bin/python benchmarks/train_playout_policy.py", *sys.argv[1:]]),
        "made": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "fit_seconds": round(time.perf_counter() - start, 1),
        "data": sorted(p.name for p in DATA.glob(pattern)),
        "collected_by": sorted({str(np.load(p)["command"]) for p in DATA.glob(pattern) if "command" in np.load(p)}),
        "temperature": temperature,
        "l2": l2,
        "held_out": report,
        "features": list(learned.FEATURES),
        "weights": weights,
        **({"hidden_units": units, "hidden": hidden} if units else {}),
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect", help="play deals with the teacher and keep its searched positions")
    c.add_argument("--deals", type=int, default=300, help="deals in all, shared out over the rule sets")
    c.add_argument("--budget", type=int, default=2_000)
    c.add_argument(
        "--teacher",
        choices=["expert", "expert-learned", "expert-2026"],
        default="expert",
        help="expert-learned: playouts by the shipped weights",
    )
    c.add_argument("--workers", type=int, default=2)
    c.add_argument("--seed", type=int, default=1)
    f = sub.add_parser("fit", help="fit the weights to the collected positions")
    f.add_argument("--data", default="positions_*.npz", help="file pattern in benchmarks/data")
    f.add_argument("--temperature", type=float, default=1.0)
    f.add_argument("--l2", type=float, default=1e-4)
    f.add_argument("--steps", type=int, default=600)
    f.add_argument("--hidden", type=int, default=0, help="rectified hidden units beside the linear weights (0: linear alone)")
    f.add_argument(
        "--out", default="", help="write playout_policy_OUT.json beside the shipped file instead (for benchmarks/ablation.py's learned-OUT)"
    )
    args = parser.parse_args()
    if args.command == "collect":
        collect(args.deals, args.budget, args.teacher, args.workers, args.seed)
    else:
        out = POLICY.with_name(f"playout_policy_{args.out}.json") if args.out else POLICY
        fit(args.data, args.temperature, args.l2, args.steps, out, args.hidden)


if __name__ == "__main__":
    main()
