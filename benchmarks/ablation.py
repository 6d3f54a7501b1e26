"""Issue 18's ablation: each search improvement alone against three frozen ``expert-2026``, on the same duplicate deals.

    nice -n 5 .venv/bin/python benchmarks/ablation.py --variants pass --rules hearts,black-maria --deals 200 --budget 1000
    nice -n 5 .venv/bin/python benchmarks/ablation.py --variants exact4 --rules black-maria@5+kitty --deals 300
    nice -n 5 .venv/bin/python benchmarks/ablation.py --table      # only rewrite results/ablation.md from the JSON

A variant is ``expert-2026`` with one feature of ``SearchFeatures`` switched on
(``pass``: searched passes; ``pass-z2``: a searched pass only
when it beats the usual one by 2 standard errors; ``infer``: worlds dealt without the cards the
plays so far rule out; ``infer-policy``: also weighted by how likely the playout policy makes those plays;
``eps0``, ``eps25``: playouts with no random cards, or a quarter of them (expert-2026: a tenth);
``exact3``, ``exact4``, ``exact5``: the end solved exactly from 3, 4 or 5 cards in hand by the memoized solver
(expert-2026: from 2 cards below 5,000 simulations, from 3 above, up to 4 players); ``pass4``: ``pass`` only at
tables of 4 or more players; ``exact4-pass4``: both; ``moon-stop``: in the playouts, the other seats stop a moon shot; ``exact4-pass4-moon``: the three;
``common``: common random numbers, every candidate's playouts make the same draws; ``distinct``: cards that play
alike (``playout.distinct_moves``) searched once, so each other card gets more worlds; ``common-distinct``: both; ``expert-common``, ``expert-common-distinct``: ``expert``'s features and those;
``learned``: playouts by the learned policy (``bots.learned``, fitted by ``train_playout_policy.py``);
``expert-learned``: ``expert``'s features and the learned playouts; ``expert-infer5``, ``expert-infer9``: ``expert`` with policy-based inference, the learned policy as the model
of the other seats (half or nine tenths on its softmax, the rest uniform); ``expert-learned-pass3``: ``expert`` with the pass
searched at 3 players too, as ``expert`` does since session 14; ``expert-pass4``: ``expert`` before that, its pass searched
only at tables of 4 or more; ``expert-s17``: ``expert`` until session 17 (its pass chosen by an even share of the worlds);
``expert-halve``, ``expert-halve8``: that with the pass chosen by sequential halving among 20 or 56 candidates (``expert``
since session 18); ``expert-alone``: ``expert`` with the moon stop left to the searching seat (``moon_stop_alone``); ``expert-shoot``:
``expert`` whose playouts' seats also play on for a moon they may still take (``playout_moon_shoot``);
``expert-relative``: ``expert`` judging by its margin over the others' mean (``relative``); ``expert-soft15``, ``expert-soft1``:
``expert`` whose playouts draw from the learned policy's softmax at that temperature; ``expert-halveplay``: ``expert``
with the cards to play chosen by sequential halving (``play_halving``); ``expert-owneps0``: ``expert`` whose playouts
play its own later cards without random ones (``own_playout_eps`` 0); ``expert-pool10``: ``expert`` with its pass chosen
among the sets of 3 from 10 cards, not 8 (120 candidates, 24,000 playouts);
``expert-infer``: today's ``expert`` (the halving pass) with ``expert-infer5``'s inference;
``expert-drawcaps``: ``expert`` whose two-player worlds keep a void shown before a draw as a cap on that suit (``draw_caps``);
``expert-policy-X``: today's ``expert`` with the playout weights ``playout_policy_X.json`` (a fit beside the shipped one);
``expert-others-eps25``: ``expert`` whose playouts give the other seats a quarter of random cards, its own seat a
tenth as before (``playout_eps`` 0.25, ``own_playout_eps`` 0.1);
``expert-moonplan``: ``expert`` that, while it alone has taken moon cards, judges each card by the better of two
plans for its later cards, as usual or going on for the moon (``own_moon_plan``);
``expert-moonplan-z2``: the same, the shot's plan taken only where it is cheaper by 2 standard errors (``moon_plan_z``);
``expert-others-shoot``: ``expert`` whose playouts' other seats (not the searching one) play on for a moon they may still
take (``moon_shoot_others``); ``expert``: the level ``expert`` as shipped, every kept feature). The candidate
sits in one seat, rotated through every seat, the three others are
``expert-2026`` at the same budget. Every deal is saved as it finishes
(``results/ablation_NAME.deals.jsonl``): a stopped run, started again with the
same arguments (or more deals), plays only the deals not yet played.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from blackmaria.bots import base
from blackmaria.rules import Rules, load_rules
from blackmaria.tournament import append_checkpoint, expand_lineup, mean_ci, print_progress, read_checkpoint, run_tournament

RESULTS = Path(__file__).parent / "results"
FITS = Path(base.__file__).parent / "data"
"""Where the learned playouts' weights files are: ``playout_policy_X.json`` beside the shipped one is ``expert-policy-X``."""

EXPERT_EVEN_PASS = dataclasses.replace(base.EXPERT_FEATURES, pass_halving=False, pass_pool=6)
"""``expert`` until session 17: its pass chosen among 20 candidates, each played out in an even share of the worlds.
The variants below named ``expert-...`` (and the results of ``expert`` from before session 18) are of this one."""

VARIANTS: dict[str, base.SearchFeatures] = {
    "expert-s17": EXPERT_EVEN_PASS,
    "pass": base.SearchFeatures(search_pass=True),
    "pass-z2": base.SearchFeatures(search_pass=True, pass_z=2.0),
    "infer": base.SearchFeatures(infer=True),
    "infer-policy": base.SearchFeatures(infer=True, infer_alpha=0.1),
    "infer-policy3": base.SearchFeatures(infer=True, infer_alpha=0.3),
    "infer-policy6": base.SearchFeatures(infer=True, infer_alpha=0.6),
    "eps0": base.SearchFeatures(playout_eps=0.0),
    "eps25": base.SearchFeatures(playout_eps=0.25),
    "exact3": base.SearchFeatures(exact_cards=3),
    "exact4": base.SearchFeatures(exact_cards=4),
    "exact5": base.SearchFeatures(exact_cards=5),
    "moon-stop": base.SearchFeatures(playout_moon_stop=True),
    "common": base.SearchFeatures(playout_common=True),
    "distinct": base.SearchFeatures(root_distinct=True),
    "common-distinct": base.SearchFeatures(playout_common=True, root_distinct=True),
    "expert-common": dataclasses.replace(EXPERT_EVEN_PASS, playout_common=True),
    "expert-common-distinct": dataclasses.replace(EXPERT_EVEN_PASS, playout_common=True, root_distinct=True),
    "learned": base.SearchFeatures(playout_policy="playout_policy.json"),
    "expert-learned": dataclasses.replace(EXPERT_EVEN_PASS, playout_policy="playout_policy.json"),
    "expert-infer5": dataclasses.replace(EXPERT_EVEN_PASS, infer=True, infer_alpha=0.5),
    "expert-infer9": dataclasses.replace(EXPERT_EVEN_PASS, infer=True, infer_alpha=0.9),
    "expert-learned-pass3": dataclasses.replace(EXPERT_EVEN_PASS, playout_policy="playout_policy.json", pass_min_players=3),
    "expert-pass4": dataclasses.replace(EXPERT_EVEN_PASS, pass_min_players=4),
    "expert-halve": dataclasses.replace(EXPERT_EVEN_PASS, pass_halving=True),
    "expert-halve8": dataclasses.replace(EXPERT_EVEN_PASS, pass_halving=True, pass_pool=8),
    "expert-alone": dataclasses.replace(base.EXPERT_FEATURES, moon_stop_alone=True),
    "expert-shoot": dataclasses.replace(base.EXPERT_FEATURES, playout_moon_shoot=True),
    "expert-others-shoot": dataclasses.replace(base.EXPERT_FEATURES, moon_shoot_others=True),
    "expert-relative": dataclasses.replace(base.EXPERT_FEATURES, relative=True),
    "expert-soft15": dataclasses.replace(base.EXPERT_FEATURES, playout_temperature=0.15, playout_eps=0.0),
    "expert-soft1": dataclasses.replace(base.EXPERT_FEATURES, playout_temperature=1.0, playout_eps=0.0),
    "expert-halveplay": dataclasses.replace(base.EXPERT_FEATURES, play_halving=True),
    "expert-owneps0": dataclasses.replace(base.EXPERT_FEATURES, own_playout_eps=0.0),
    "expert-pool10": dataclasses.replace(base.EXPERT_FEATURES, pass_pool=10),
    "expert-infer": dataclasses.replace(base.EXPERT_FEATURES, infer=True, infer_alpha=0.5),
    "expert-drawcaps": dataclasses.replace(base.EXPERT_FEATURES, draw_caps=True),
    "expert-s47": base.EXPERT_FEATURES,  # today's expert, to pair a variant of it with on the same deals and seeds
    "expert-stoppers": dataclasses.replace(base.EXPERT_FEATURES, keep_stoppers=2.0),
    "expert-others-eps25": dataclasses.replace(base.EXPERT_FEATURES, playout_eps=0.25, own_playout_eps=0.1),
    "expert-moonplan": dataclasses.replace(base.EXPERT_FEATURES, own_moon_plan=True),
    "expert-moonplan-z2": dataclasses.replace(base.EXPERT_FEATURES, own_moon_plan=True, moon_plan_z=2.0),
    "pass4": base.SearchFeatures(search_pass=True, pass_min_players=4),
    "exact4-pass4": base.SearchFeatures(search_pass=True, pass_min_players=4, exact_cards=4),
    "exact4-pass4-moon": base.SearchFeatures(search_pass=True, pass_min_players=4, exact_cards=4, playout_moon_stop=True),
}


def weights_variant(name: str) -> base.SearchFeatures | None:
    """``learned-X``, ``expert-learned-X`` or ``expert-policy-X``: the learned playouts with the weights file
    ``playout_policy_X.json`` (in ``blackmaria/bots/data``, as ``train_playout_policy.py fit --out`` writes it), to
    compare fits side by side (``expert-learned-`` with ``expert``'s features before the halving pass, ``expert-policy-``
    with today's)."""
    prefixes = (("expert-policy-", base.EXPERT_FEATURES), ("expert-learned-", EXPERT_EVEN_PASS), ("learned-", base.SearchFeatures()))
    for prefix, features in prefixes:
        if name.startswith(prefix) and name not in VARIANTS:
            return dataclasses.replace(features, playout_policy=f"playout_policy_{name.removeprefix(prefix)}.json")
    return None


def register_variants(extra: Sequence[str] = ()) -> None:
    """Register ``expert-2026+NAME`` for every variant (unlisted levels, in this process only)."""
    # Every weights file beside the shipped one as today's expert's playouts: a tournament's workers register them too.
    fits = [f"expert-policy-{path.stem.removeprefix('playout_policy_')}" for path in FITS.glob("playout_policy_*.json")]
    more = {name: f for name in [*extra, *fits] if (f := weights_variant(name)) is not None}
    for name, features in {**VARIANTS, **more}.items():
        level = f"expert-2026+{name}"
        if level not in base.REGISTRY:
            base.register_level(base.Level(level, base.search_level(level, 10_000, features), 10_000, slow=True, listed=False))
    # tournament.parse_bot checks names against base.LEVELS (the listed levels); here every registered level may play.
    base.LEVELS = base.ALL_LEVELS


# At import: a tournament's worker processes are spawned, and import this script again before they read the lineup.
register_variants()


def rule_set_of(spec: str) -> Rules:
    """``PRESET``, ``PRESET@PLAYERS`` or either with ``+kitty`` (``black-maria@5+kitty``)."""
    name, kitty, _ = spec.partition("+kitty")
    preset_name, _, players = name.partition("@")
    if not kitty:
        return load_rules(preset_name, int(players) if players else None)
    data: dict[str, Any] = {"preset": preset_name, "kitty": True}
    return Rules.from_data({**data, "players": int(players)} if players else data)


def match_suffix(rules: str, budget: int, candidate_budget: int | None = None) -> str:
    """What follows the variant in a match's file name: the rules, the budget, and the candidate's own if it differs."""
    own = budget if candidate_budget is None else candidate_budget
    return f"-{rules.replace('@', '-').replace('+', '-')}-{budget}" + ("" if own == budget else f"-at-{own}")


def run(variant: str, rules: str, deals: int, budget: int, seed: int, workers: int, candidate_budget: int | None = None) -> dict[str, Any]:
    candidate = "expert" if variant == "expert" else f"expert-2026+{variant}"
    own = budget if candidate_budget is None else candidate_budget
    bots = [f"{candidate}:{own}", f"expert-2026:{budget}"]
    name = variant + match_suffix(rules, budget, own)
    print(f"== {name}: {rules}, {', '.join(bots)}, {deals} deals", flush=True)
    rule_set = rule_set_of(rules)
    lineup = expand_lineup(bots, rule_set.players)
    checkpoint = RESULTS / f"ablation_{name}.deals.jsonl"
    played = read_checkpoint(checkpoint, rule_set, lineup, seed)
    if played:
        print(f"resuming: {len(played)} deals saved in {checkpoint.name}", flush=True)
    save = append_checkpoint(checkpoint, rule_set, lineup, seed)
    result = run_tournament(rule_set, bots, deals, seed, workers, print_progress, played=played, on_result=save)
    print(result.report(), flush=True)
    diff = result.difference(bots[0], bots[1])
    data = {
        "variant": variant,
        "rules": rules,
        "budget": budget,
        "candidate_budget": own,
        "deals": deals,
        "seed": seed,
        "difference": diff.to_dict(),
        "command": " ".join(["benchmarks/ablation.py", *sys.argv[1:]]),
        "tournament": result.to_dict(),
    }
    (RESULTS / f"ablation_{name}.json").write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return data


def table() -> str:
    rows = []
    for path in sorted(RESULTS.glob("ablation_*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        d = data["difference"]
        own = data.get("candidate_budget", data["budget"])
        budgets = f"{data['budget']:,}" if own == data["budget"] else f"{own:,} (candidate) / {data['budget']:,}"
        rows.append(
            f"| {data['variant']} | {data['rules']} | {budgets} | {d['n']} "
            f"| {d['mean']:+.2f} [{d['ci95_low']:+.2f}, {d['ci95_high']:+.2f}] | `{data['command']}` |"
        )
    text = "\n".join(
        [
            "# Ablation: each improvement against three expert-2026",
            "",
            "Candidate minus `expert-2026`, points per deal (negative: the candidate takes fewer), 95% interval,",
            "duplicate deals with the candidate rotated through every seat, both at the same simulations per move.",
            "",
            "| variant | rules | simulations | deals | candidate minus expert-2026 [95% CI] | command |",
            "|---|---|---:|---:|---|---|",
            *rows,
            "",
        ]
    )
    (RESULTS / "ablation.md").write_text(text, encoding="utf-8")
    return text


def deal_differences(name: str) -> dict[int, float]:
    """Deal by deal, the candidate's mean points minus the three ``expert-2026``'s, from a match's saved deals."""
    path = RESULTS / f"ablation_{name}.deals.jsonl"
    if not path.exists():
        raise SystemExit(f"--beside: no saved deals {path.name}")
    found: dict[int, float] = {}
    for line in path.read_text(encoding="utf-8").splitlines()[1:]:  # the first line says what was played
        row = json.loads(line)
        candidate, reference = (statistics.mean(points) for points in row["points"].values())
        found[row["deal"]] = candidate - reference
    return found


def beside(variant: str, other: str, rules: str, budget: int, candidate_budget: int | None = None) -> str:
    """The two candidates' differences from ``expert-2026`` paired deal by deal, over the deals both played."""
    suffix = match_suffix(rules, budget, candidate_budget)
    ours, theirs = deal_differences(variant + suffix), deal_differences(other + suffix)
    both = sorted(ours.keys() & theirs.keys())
    if len(both) < 2:
        return f"{variant} beside {other}: fewer than 2 deals in common"
    d = mean_ci([ours[deal] - theirs[deal] for deal in both])
    return (
        f"{variant} beside {other} ({rules}, {budget:,} simulations), {len(both)} deals both played: "
        f"{statistics.mean(ours[k] for k in both):+.2f} and {statistics.mean(theirs[k] for k in both):+.2f} "
        f"from expert-2026; {variant} minus {other} {d.mean:+.2f} [{d.low:+.2f}, {d.high:+.2f}]"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variants", default="pass", help="comma-separated: " + ", ".join([*VARIANTS, "expert"]))
    parser.add_argument("--rules", default="hearts,black-maria", help="comma-separated rule sets")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--budget", type=int, default=1_000, help="simulations per move of both sides")
    parser.add_argument("--candidate-budget", type=int, help="simulations per move of the candidate alone (default: --budget)")
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--table", action="store_true", help="only rewrite results/ablation.md")
    parser.add_argument("--beside", help="after the matches, pair each variant with this one's saved deals (the same rules and budgets)")
    args = parser.parse_args()
    register_variants(args.variants.split(","))
    if not args.table:
        for variant in args.variants.split(","):
            for rules in args.rules.split(","):
                run(variant, rules, args.deals, args.budget, args.seed, args.workers, args.candidate_budget)
    print(table())
    for variant in args.variants.split(",") if args.beside else ():
        for rules in args.rules.split(","):
            print(beside(variant, args.beside, rules, args.budget, args.candidate_budget))


if __name__ == "__main__":
    main()
