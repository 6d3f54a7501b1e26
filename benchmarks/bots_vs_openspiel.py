"""Our search bot against OpenSpiel's C++ IS-MCTS, in OpenSpiel's own ``hearts`` game, and search speed beside it.

Match: duplicate deals (same pass direction, same cards), our bot rotated
through the four seats against three ``pyspiel.ISMCTSBot`` (random-rollout
evaluator, max-visit final policy, exploration constant 5 as measured best in
``../shared/OPENSPIEL.md``); OpenSpiel applies every action and scores the deal
(points = 26 - return). The statistic is the paired difference per deal:
our bot's mean points minus the IS-MCTS players' mean points in the same deals.

Speed: on the same positions, simulations per second of IS-MCTS (``bot.step``)
and of our search (``SearchBot.evaluate``), one core, at the IS-MCTS budget
(``results/search_speed_vs_ismctsN.json``; ``--resume`` reuses it).

    .venv/bin/python benchmarks/bots_vs_openspiel.py --deals 100 --ours hard --ismcts 1000 --workers 2
    .venv/bin/python benchmarks/bots_vs_openspiel.py --speed-only
    .venv/bin/python benchmarks/bots_vs_openspiel.py --deals 1000 --resume --max-seconds 600   # add deals to the saved ones
    .venv/bin/python benchmarks/bots_vs_openspiel.py --ours expert --ismcts 10000 --deals 0 --resume --beside expert-2026
        # rewrite the summary only, with expert's difference from expert-2026's on the deals both played

The results file is rewritten after every finished deal, so a run stopped by
``--max-seconds`` or killed loses only the deals in flight. With ``--resume``
the deals already in the file (same bots, seed and exploration) are kept and
only the missing ones are played. ``--beside LEVEL`` adds the paired difference
from another bot's match on the same deals (same seed): the deals are the same
but the IS-MCTS players' draws are not, so the pairing removes the deals' luck,
not theirs. The statistics always cover deals 0..k-1,
whatever their outcome; a deal finished beyond the first missing one waits in
``rows_after_gap`` for the next resume.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import pyspiel

from blackmaria.bots import make_bot
from blackmaria.bots.openspiel import OpenSpielSeat, game_from_openspiel, ismcts_step, make_ismcts
from blackmaria.bots.search import SearchBot
from blackmaria.tournament import mean_ci, parse_bot, progress_bar

RESULTS = Path(__file__).parent / "results"

sys.path.insert(0, str(Path(__file__).parent))
import ablation  # noqa: E402, F401  (registers its variants, ``expert-2026+NAME``, as levels here and in every worker)


def deal_of(deal: int, seed: int) -> tuple[int, list[int]]:
    """Deal ``deal`` of the match seeded ``seed``: OpenSpiel's pass direction and the shuffled deck."""
    rng = random.Random(f"{seed}/{deal}")
    direction = rng.randrange(4)
    deck = list(range(52))
    rng.shuffle(deck)
    return direction, deck


def play_seating(deal: int, seed: int, seat: int, ours: str, sims: int, exploration: float, draw: int = 0) -> tuple[list[int], float, int]:
    """Deal ``deal`` with our bot in ``seat`` and IS-MCTS in the others: every seat's points, our seconds and moves.
    ``draw`` 0 seeds every player as the match does; another gives the IS-MCTS players other draws."""
    direction, deck = deal_of(deal, seed)
    level, budget = parse_bot(ours)
    state = pyspiel.load_game("hearts").new_initial_state()
    state.apply_action(direction)
    for card in deck:
        state.apply_action(card)
    players: dict[int, Any] = {}
    for p in range(4):
        bot_seed = random.Random(f"{seed}/{deal}/{p}" + (f"/{draw}" if draw and p != seat else "")).getrandbits(31)
        players[p] = OpenSpielSeat(make_bot(level, bot_seed, budget=budget)) if p == seat else make_ismcts(bot_seed, sims, exploration)
    moves = 0
    our_seconds = 0.0
    while not state.is_terminal():
        player = state.current_player()
        if player == seat:
            start = time.perf_counter()
            action = players[player].step(state)
            our_seconds += time.perf_counter() - start
            moves += 1
        else:
            action = ismcts_step(players[player], state)
        state.apply_action(action)
    return [round(26 - r) for r in state.returns()], our_seconds, moves


def play_deal(args: tuple[int, int, str, int, float]) -> dict[str, Any]:
    """One duplicate deal: our bot in each seat in turn, IS-MCTS in the other three."""
    deal, seed, ours, sims, exploration = args
    ours_points: list[int] = []
    theirs_points: list[int] = []
    moves = 0
    our_seconds = 0.0
    for seat in range(4):
        points, seconds, played = play_seating(deal, seed, seat, ours, sims, exploration)
        our_seconds += seconds
        moves += played
        ours_points.append(points[seat])
        theirs_points.extend(points[p] for p in range(4) if p != seat)
    return {
        "deal": deal,
        "direction": deal_of(deal, seed)[0],
        "ours": ours_points,
        "ismcts": theirs_points,
        "difference": statistics.mean(ours_points) - statistics.mean(theirs_points),
        "our_seconds_per_move": our_seconds / max(1, moves),
    }


def speed(positions: int, sims: int, seed: int) -> dict[str, Any]:
    """Simulations per second of IS-MCTS and of our search on the same mid-deal positions, each with a choice of cards."""
    rng = random.Random(seed)
    game = pyspiel.load_game("hearts")
    ismcts_rates, our_rates = [], []
    for i in range(positions):
        state = game.new_initial_state()
        state.apply_action(0)  # no passing: IS-MCTS searches plays only
        deck = list(range(52))
        rng.shuffle(deck)
        for card in deck:
            state.apply_action(card)
        for _ in range(rng.randrange(4, 24)):
            state.apply_action(rng.choice(state.legal_actions()))
        while len(state.legal_actions()) < 2:  # a forced card: IS-MCTS returns it without a search, so it times nothing
            state.apply_action(state.legal_actions()[0])
        bot = make_ismcts(i, sims)
        start = time.perf_counter()
        bot.step(state)
        ismcts_rates.append(sims / (time.perf_counter() - start))
        obs = game_from_openspiel(state).observation(state.current_player())
        ours = SearchBot(i, budget=sims)
        ours.evaluate(obs)  # first call per process compiles or loads the kernel
        start = time.perf_counter()
        ours.evaluate(obs)
        our_rates.append(sims / (time.perf_counter() - start))
    return {
        "positions": positions,
        "simulations_per_move": sims,
        "ismcts_simulations_per_second_median": statistics.median(ismcts_rates),
        "ours_simulations_per_second_median": statistics.median(our_rates),
        "ratio_median": statistics.median(o / i for o, i in zip(our_rates, ismcts_rates, strict=True)),
    }


PASS_DIRECTIONS = ("no pass", "left", "across", "right")
"""OpenSpiel hearts' first chance outcome, in its order."""


def seatings(row: dict[str, Any]) -> list[tuple[int, list[int]]]:
    """Each of a deal's four seatings: our points and the three IS-MCTS players' (``play_deal``'s order)."""
    return [(row["ours"][k], row["ismcts"][3 * k : 3 * k + 3]) for k in range(len(row["ours"]))]


def breakdown(rows: list[dict[str, Any]]) -> str:
    """Where the difference comes from: each pass direction, and the moon shots of each side."""
    lines = ["| pass | deals | ours - IS-MCTS [95% CI] |", "|---|---:|---|"]
    for direction, label in enumerate(PASS_DIRECTIONS):
        some = [r["difference"] for r in rows if r["direction"] == direction]
        if len(some) > 1:
            d = mean_ci(some)
            lines.append(f"| {label} | {len(some)} | {d.mean:+.2f} [{d.low:+.2f}, {d.high:+.2f}] |")
    played = [s for r in rows for s in seatings(r)]
    ours_shot = sum(1 for mine, theirs in played if mine == 0 and theirs == [26, 26, 26])
    theirs_shot = sum(1 for mine, theirs in played if mine == 26 and sorted(theirs) == [0, 26, 26])
    lines.append(
        f"\nMoon shots in the {len(played)} seatings: ours {ours_shot} ({ours_shot / len(played):.2%}), "
        f"the three IS-MCTS players {theirs_shot} ({theirs_shot / (3 * len(played)):.2%} of theirs)."
    )
    return "\n".join(lines) + "\n"


def beside(rows: list[dict[str, Any]], other_name: str, seed: int) -> str:
    """Our difference minus another bot's, deal by deal, over the deals both matches played."""
    path = RESULTS / f"{other_name}.json"
    if not path.exists():
        raise SystemExit(f"--beside: no results file {path}")
    other = json.loads(path.read_text(encoding="utf-8"))
    if other["seed"] != seed:
        raise SystemExit(f"--beside: {path.name} has seed {other['seed']}, not {seed}: not the same deals")
    theirs = {r["deal"]: r["difference"] for r in other["rows"]}
    lines = [
        f"\nBeside `{other_name}` on the same deals (each one's difference from IS-MCTS, and ours minus theirs, paired):\n",
        "| pass | deals | ours - IS-MCTS | theirs - IS-MCTS | ours - theirs [95% CI] |",
        "|---|---:|---:|---:|---|",
    ]
    for direction, label in [(None, "all"), *enumerate(PASS_DIRECTIONS)]:
        pairs = [(r["difference"], theirs[r["deal"]]) for r in rows if r["deal"] in theirs and direction in (None, r["direction"])]
        if len(pairs) > 1:
            d = mean_ci([a - b for a, b in pairs])
            lines.append(
                f"| {label} | {len(pairs)} | {statistics.mean(a for a, _ in pairs):+.2f} | {statistics.mean(b for _, b in pairs):+.2f} "
                f"| {d.mean:+.2f} [{d.low:+.2f}, {d.high:+.2f}] |"
            )
    return "\n".join(lines) + "\n" if len(lines) > 3 else ""


def save(
    name: str, args: argparse.Namespace, machine: str, fast: dict[str, Any], finished: dict[int, dict[str, Any]], seconds: float
) -> str:
    """Write the results file and its summary; the statistics use deals 0..k-1 only, whatever their outcome.

    Deals finished beyond the first missing one are kept apart (``rows_after_gap``) for a later resume.
    """
    rows: list[dict[str, Any]] = []
    while len(rows) in finished:
        rows.append(finished[len(rows)])
    after_gap = sorted((r for d, r in finished.items() if d > len(rows)), key=lambda r: r["deal"])
    deals = len(rows)
    if not deals:
        return ""
    diff = mean_ci([r["difference"] for r in rows])
    ours = mean_ci([statistics.mean(r["ours"]) for r in rows])
    theirs = mean_ci([statistics.mean(r["ismcts"]) for r in rows])
    per_move = statistics.mean(r["our_seconds_per_move"] for r in rows)
    result = {
        "what": f"{args.ours} (ours, one seat, rotated) vs three OpenSpiel ISMCTSBot at {args.ismcts} simulations "
        f"(exploration constant {args.exploration:g}), OpenSpiel hearts",
        "machine": machine,
        "deals": deals,
        "seed": args.seed,
        "exploration": args.exploration,
        "ours_mean_points": ours.to_dict(),
        "ismcts_mean_points": theirs.to_dict(),
        "difference_ours_minus_ismcts": diff.to_dict(),
        "ours_seconds_per_move_mean": per_move,
        "seconds": seconds,
        "rows": rows,
        "rows_after_gap": after_gap,
    }
    write_atomically(RESULTS / f"{name}.json", json.dumps(result, indent=2) + "\n")
    summary = (
        f"# {result['what']}\n\n{machine}; {deals} duplicate deals x 4 seats, seed {args.seed}.\n\n"
        f"| | points per deal [95% CI] |\n|---|---|\n"
        f"| ours ({args.ours}) | {ours.mean:.2f} [{ours.low:.2f}, {ours.high:.2f}] |\n"
        f"| IS-MCTS ({args.ismcts}) | {theirs.mean:.2f} [{theirs.low:.2f}, {theirs.high:.2f}] |\n"
        f"| ours - IS-MCTS (paired, per deal) | {diff.mean:+.2f} [{diff.low:+.2f}, {diff.high:+.2f}] |\n\n"
        f"Our bot's mean time per move: {per_move * 1000:.0f} ms. Search speed on {fast['positions']} positions: "
        f"IS-MCTS {fast['ismcts_simulations_per_second_median']:,.0f} simulations/s, ours {fast['ours_simulations_per_second_median']:,.0f}/s.\n\n"
        + breakdown(rows)
        + (beside(rows, match_name(args.beside, args.ismcts, args.exploration), args.seed) if args.beside else "")
    )
    write_atomically(RESULTS / f"{name}.md", summary)
    return summary


def write_atomically(path: Path, text: str) -> None:
    """A kill mid-write leaves the old file whole."""
    part = path.with_suffix(path.suffix + ".part")
    part.write_text(text, encoding="utf-8")
    os.replace(part, path)


DEFAULT_EXPLORATION = 5.0
"""IS-MCTS's exploration constant in the matches: the best of those tried (``tuning_table`` in strength.py)."""


def match_name(ours: str, sims: int, exploration: float) -> str:
    """The results file's name of a match (without its suffix)."""
    name = f"bots_vs_openspiel_{ours.replace(':', '-')}_vs_ismcts{sims}"
    if exploration != DEFAULT_EXPLORATION:  # a tuning run: kept beside the match at the chosen constant
        name += f"_c{exploration:g}"
    return name


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--ours", default="hard", help="our bot, LEVEL or LEVEL:BUDGET (or an ablation variant, expert-2026+NAME)")
    parser.add_argument("--ismcts", type=int, default=1000, help="IS-MCTS simulations per move")
    parser.add_argument("--exploration", type=float, default=DEFAULT_EXPLORATION, help="IS-MCTS's UCT exploration constant")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--speed-only", action="store_true")
    parser.add_argument("--speed-positions", type=int, default=20)
    parser.add_argument("--resume", action="store_true", help="keep the deals in the results file and play the rest")
    parser.add_argument("--max-seconds", type=float, default=None, help="stop after this long, keeping deals 0..k-1 finished")
    parser.add_argument("--beside", default=None, help="also compare with this bot's match (LEVEL or LEVEL:BUDGET) on the same deals")
    args = parser.parse_args()
    RESULTS.mkdir(exist_ok=True)
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, open_spiel 2.0.2"
    name = match_name(args.ours, args.ismcts, args.exploration)
    kept: list[dict[str, Any]] = []
    earlier_seconds = 0.0
    if args.resume and (RESULTS / f"{name}.json").exists():
        saved = json.loads((RESULTS / f"{name}.json").read_text(encoding="utf-8"))
        if (saved["seed"], saved["exploration"]) != (args.seed, args.exploration):
            raise SystemExit(f"--resume: {name}.json has seed {saved['seed']}, exploration {saved['exploration']}")
        kept = saved["rows"] + saved.get("rows_after_gap", [])  # all of them, even past --deals: nothing saved is dropped
        earlier_seconds = saved["seconds"]
        print(f"resuming with {len(kept)} saved deals", flush=True)
    speed_file = RESULTS / f"search_speed_vs_ismcts{args.ismcts}.json"
    if args.resume and not args.speed_only and speed_file.exists():
        fast = json.loads(speed_file.read_text(encoding="utf-8"))
    else:
        if hasattr(os, "sched_setaffinity"):
            os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
        fast = speed(args.speed_positions, args.ismcts, args.seed)
        fast["machine"] = machine
        speed_file.write_text(json.dumps(fast, indent=2) + "\n", encoding="utf-8")
    print(
        f"search speed, {args.ismcts} simulations per move: IS-MCTS {fast['ismcts_simulations_per_second_median']:,.0f}/s, "
        f"ours {fast['ours_simulations_per_second_median']:,.0f}/s ({fast['ratio_median']:.1f}x)",
        flush=True,
    )
    if args.speed_only:
        return
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, set(range(os.cpu_count() or 1)))
    done = {r["deal"] for r in kept}
    jobs = [(d, args.seed, args.ours, args.ismcts, args.exploration) for d in range(args.deals) if d not in done]
    start = time.perf_counter()
    finished = {r["deal"]: r for r in kept}
    summary = ""
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        for count, row in enumerate(pool.imap_unordered(play_deal, jobs), 1):
            finished[row["deal"]] = row
            # Saved after every deal, so that a killed run loses only the deals in flight.
            summary = save(name, args, machine, fast, finished, earlier_seconds + time.perf_counter() - start)
            sys.stderr.write("\r" + progress_bar(count, len(jobs), time.perf_counter() - start))
            sys.stderr.flush()
            if args.max_seconds is not None and time.perf_counter() - start > args.max_seconds:
                pool.terminate()
                break
    sys.stderr.write("\n")
    if not summary:
        summary = save(name, args, machine, fast, finished, earlier_seconds)
    print(summary)


if __name__ == "__main__":
    main()
