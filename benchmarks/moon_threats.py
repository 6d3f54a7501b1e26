"""Moon shots against our bot at 10,000 IS-MCTS simulations: the seatings where they came, played again.

Why: in every 10,000-simulation match (``bots_vs_openspiel.py``, seed 0) an IS-MCTS player shot the moon against our
seat in 3.4-6.7% of the seatings without a pass, against about 1% with one, and the screens at 1,000 simulations cannot
see a defence against it (IS-MCTS at 1,000 shoots in some 0.5% of its seatings). The deals are the same in every match
of a seed, so the seatings where a shot came against one ``expert`` or another are the positions where the danger is
known: each is played again with each bot named here, against IS-MCTS at 10,000, ``--draws`` times with other IS-MCTS
draws, and the bots compared on the very same seatings and draws (paired): how often the shot still came, and the
margin (our points less the IS-MCTS players' mean). A defence that pays shows here first; what it costs in the deals
without a shot only a whole match says.

    .venv/bin/python benchmarks/moon_threats.py --bots expert:5000,expert-2026+expert-stoppers:5000 --least 2 --workers 2

Results: ``results/moon_threats.json`` (every seating played, kept across runs: ``--bots`` may add a bot later) and
``results/moon_threats.md``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from bots_vs_openspiel import RESULTS, play_seating  # noqa: E402  (also registers the ablation's variants)

from blackmaria.tournament import mean_ci, progress_bar  # noqa: E402

OUT = RESULTS / "moon_threats"


def threats(ismcts: int, seed: int) -> Counter[tuple[int, int]]:
    """(deal, seat) of every seating where an IS-MCTS player shot the moon against our seat, in every saved match
    against IS-MCTS at ``ismcts`` of seed ``seed``: in how many matches each came."""
    shots: Counter[tuple[int, int]] = Counter()
    for path in sorted(RESULTS.glob(f"bots_vs_openspiel_*_vs_ismcts{ismcts}.json")):
        match = json.loads(path.read_text(encoding="utf-8"))
        if match["seed"] != seed:
            continue
        for row in match["rows"]:
            for seat, ours in enumerate(row["ours"]):
                theirs = row["ismcts"][3 * seat : 3 * seat + 3]
                if ours == 26 and 0 in theirs:
                    shots[(row["deal"], seat)] += 1
    return shots


def play(job: tuple[str, int, int, int, int, int]) -> dict[str, Any]:
    bot, deal, seat, draw, seed, ismcts = job
    points, _, _ = play_seating(deal, seed, seat, bot, ismcts, 5.0, draw=draw)
    theirs = [points[p] for p in range(4) if p != seat]
    return {
        "bot": bot,
        "deal": deal,
        "seat": seat,
        "draw": draw,
        "ours": points[seat],
        "margin": points[seat] - statistics.mean(theirs),
        "shot_against": points[seat] == 26 and 0 in theirs,
        "own_shot": points[seat] == 0 and all(p == 26 for p in theirs),
    }


def summary(rows: list[dict[str, Any]], bots: list[str], seatings: list[tuple[int, int]], draws: int) -> str:
    key = lambda r: (r["deal"], r["seat"], r["draw"])  # noqa: E731
    wanted = {(deal, seat, draw) for deal, seat in seatings for draw in range(1, draws + 1)}
    by_bot = {bot: {key(r): r for r in rows if r["bot"] == bot and key(r) in wanted} for bot in bots}
    lines = [
        "# Moon shots against our bot, played again (`moon_threats.py`)",
        "",
        f"{len(seatings)} seatings where IS-MCTS at 10,000 shot the moon against our seat in saved matches, {draws} "
        "IS-MCTS draws each (other than the match's own).",
        "",
        "| bot | played | shot against it | its own shots | its points | margin (points less the IS-MCTS mean) |",
        "|---|---|---|---|---|---|",
    ]
    for bot, played in by_bot.items():
        if not played:
            continue
        rs = list(played.values())
        margin = mean_ci([r["margin"] for r in rs])
        lines.append(
            f"| `{bot}` | {len(rs)} | {sum(r['shot_against'] for r in rs) / len(rs):.1%} | {sum(r['own_shot'] for r in rs) / len(rs):.1%} "
            f"| {statistics.mean(r['ours'] for r in rs):.2f} | {margin.mean:+.2f} [{margin.low:+.2f}, {margin.high:+.2f}] |"
        )
    first = bots[0]
    for bot in bots[1:]:
        both = sorted(set(by_bot[first]) & set(by_bot[bot]))
        if len(both) < 2:
            continue
        diff = mean_ci([by_bot[bot][k]["margin"] - by_bot[first][k]["margin"] for k in both])
        lines.append(
            f"\n`{bot}` beside `{first}` on the same {len(both)} seatings and draws: margin {diff.mean:+.2f} "
            f"[{diff.low:+.2f}, {diff.high:+.2f}] (negative: fewer points than it)."
        )
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--bots", default="expert:5000", help="bots to compare, comma-separated (the first is the baseline)")
    parser.add_argument("--least", type=int, default=2, help="seatings with a shot against our seat in at least this many matches")
    parser.add_argument("--draws", type=int, default=1, help="IS-MCTS draws per seating")
    parser.add_argument("--ismcts", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    bots = [bot.strip() for bot in args.bots.split(",") if bot.strip()]
    shots = threats(args.ismcts, args.seed)
    seatings = sorted(seating for seating, count in shots.items() if count >= args.least)
    saved: list[dict[str, Any]] = []
    if OUT.with_suffix(".json").exists():
        saved = json.loads(OUT.with_suffix(".json").read_text(encoding="utf-8"))["rows"]
    done = {(r["bot"], r["deal"], r["seat"], r["draw"]) for r in saved}
    jobs = [
        (bot, deal, seat, draw, args.seed, args.ismcts)
        for draw in range(1, args.draws + 1)
        for deal, seat in seatings
        for bot in bots
        if (bot, deal, seat, draw) not in done
    ]
    print(f"{len(seatings)} seatings (of {len(shots)} with a shot), {len(jobs)} to play", flush=True)
    start = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        for count, row in enumerate(pool.imap_unordered(play, jobs), 1):
            saved.append(row)
            OUT.with_suffix(".json").write_text(
                json.dumps({"ismcts": args.ismcts, "seed": args.seed, "rows": saved}) + "\n", encoding="utf-8"
            )
            sys.stderr.write("\r" + progress_bar(count, len(jobs), time.perf_counter() - start))
            sys.stderr.flush()
    sys.stderr.write("\n")
    text = summary(saved, bots, seatings, args.draws)
    OUT.with_suffix(".md").write_text(
        text + f"\n    .venv/bin/python benchmarks/moon_threats.py --bots {args.bots} --least {args.least} --draws {args.draws}\n",
        encoding="utf-8",
    )
    print(text)


if __name__ == "__main__":
    main()
