"""Duplicate-deal tournaments between bots, with paired statistics.

Every deal is dealt once and replayed with the line-up rotated through all
seats (same cards, same dealer, same pass direction), so each bot holds every
hand once. A bot's score is its mean points per deal (lower is better); two
bots are compared by the paired difference per deal, which cancels the luck
of the cards, with a 95% confidence interval. The deals, taken in order at
each rotation, also make games to the rule set's end (``games``): games won
per bot beside its fair share.

Bots are named ``level`` or ``level:budget`` (``hard:2000``). A line-up
shorter than the table is filled with its last bot: ``expert,medium`` at four
seats is one expert against three medium players.

>>> result = run_tournament("hearts", ["easy", "random"], deals=4, seed=1, workers=1)
>>> sorted(result.bots), result.deals, result.plays["easy"]
(['easy', 'random'], 4, 16)
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import random
import shutil
import sys
import textwrap
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click

from blackmaria.cards import cards_of
from blackmaria.cli_help import KITTY_HELP, LocalizedCommand
from blackmaria.rules import Rules, load_rules, with_kitty

Z95 = 1.959963984540054
T95 = tuple(
    float(t)
    for t in (
        "12.7062047 4.3026527 3.1824463 2.7764451 2.5705818 2.4469119 2.3646243 2.3060041 2.2621572 2.2281389 "
        "2.2009852 2.1788128 2.1603687 2.1447867 2.1314495 2.1199053 2.1098156 2.1009220 2.0930241 2.0859634 "
        "2.0796138 2.0738731 2.0686576 2.0638986 2.0595386 2.0555294 2.0518305 2.0484071 2.0452296 2.0422725"
    ).split()
)
"""Student's t at 97.5% for 1 to 30 degrees of freedom (the core installs without SciPy)."""


def t95(df: int) -> float:
    """Student's t at 97.5% for ``df`` degrees of freedom: a 95% interval's half-width in standard errors.

    >>> round(t95(1), 3), round(t95(30), 3), round(t95(120), 3), round(t95(10**9), 3)
    (12.706, 2.042, 1.98, 1.96)
    """
    if df < 1:
        raise ValueError(f"df: {df} is not a positive whole number")
    if df <= len(T95):
        return T95[df - 1]
    z = Z95  # Cornish-Fisher's expansion, within 1e-4 of the exact value from 30 degrees of freedom on
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


FEW_DEALS = 30
"""Below this many deals a tournament's report says its intervals are rough (the deals' points are far from normal)."""

FAULTED_EXIT = 3
"""``blackmaria tournament``'s exit status when a bot program faulted and its fallback played for it (table printed)."""


@dataclass(frozen=True)
class DealResult:
    """One deal played once per rotation: the points of each bot instance and the moon shots."""

    deal: int
    points: dict[str, list[int]]
    """Per bot name: its points in each seat it held, over all rotations."""
    moons: dict[str, int]
    """Per bot name: deals (over all rotations) in which it shot the moon."""
    seconds: float
    seat_points: tuple[tuple[int, ...], ...] = ()
    """Points of each seat, one row per rotation (rotation ``r`` seats ``lineup[(seat - r) % n]``)."""
    faults: dict[str, list[str]] = field(default_factory=dict)
    """Per bot name: what went wrong with an external program in this deal (its fallback played on for it)."""

    def to_dict(self) -> dict[str, Any]:
        data = {"deal": self.deal, "points": self.points, "moons": self.moons, "seconds": self.seconds, "seat_points": self.seat_points}
        return data | ({"faults": self.faults} if self.faults else {})

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DealResult:
        return cls(
            int(data["deal"]),
            {str(bot): [int(p) for p in points] for bot, points in data["points"].items()},
            {str(bot): int(m) for bot, m in data["moons"].items()},
            float(data["seconds"]),
            tuple(tuple(int(p) for p in row) for row in data.get("seat_points", ())),
            {str(bot): [str(text) for text in texts] for bot, texts in data.get("faults", {}).items()},
        )


class CheckpointError(ValueError):
    """A checkpoint file that is not a tournament's, or not this tournament's."""


def checkpoint_header(rules: Rules, lineup: Sequence[str], seed: int) -> dict[str, Any]:
    """What a checkpoint must match to be resumed: the same rules, line-up and seed give the same deals."""
    return {"checkpoint": "blackmaria-tournament/1", "rules": rules.to_dict(), "lineup": list(lineup), "seed": seed}


def read_checkpoint(path: str | os.PathLike[str], rules: Rules, lineup: Sequence[str], seed: int) -> list[DealResult]:
    """The deals saved in ``path`` by an earlier run of the same tournament (none if the file does not exist).

    A line cut short by a killed run (the last one) is dropped; anything else malformed is an error naming the line.
    """
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    expected = json.loads(json.dumps(checkpoint_header(rules, lineup, seed)))  # tuples as JSON gives them back
    try:
        header = json.loads(lines[0])
    except json.JSONDecodeError:
        header = None
    if not isinstance(header, dict) or header.get("checkpoint") != expected["checkpoint"]:
        raise CheckpointError(f"{path}, line 1: not a tournament checkpoint")
    for key in ("rules", "lineup", "seed"):
        if header.get(key) != expected[key]:
            raise CheckpointError(f"{path}, line 1: saved for another tournament ({key} differs); give another file")
    results: dict[int, DealResult] = {}
    last = len(lines) - 1
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        try:
            result = DealResult.from_dict(json.loads(line))
        except (json.JSONDecodeError, KeyError, TypeError, ValueError) as error:
            if number - 1 == last:
                break  # the run was killed while writing this line
            raise CheckpointError(f"{path}, line {number}: not a saved deal ({error})") from error
        results[result.deal] = result
    return [results[d] for d in sorted(results)]


def append_checkpoint(path: str | os.PathLike[str], rules: Rules, lineup: Sequence[str], seed: int) -> Callable[[DealResult], None]:
    """A writer that appends each finished deal to ``path`` (writing the header first if the file is new or empty)."""
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        with open(path, "w", encoding="utf-8") as f:
            f.write(json.dumps(checkpoint_header(rules, lineup, seed)) + "\n")
    else:
        with open(path, "rb+") as saved:  # drop a line cut short by a killed run: that deal is played again
            saved.truncate(saved.read().rfind(b"\n") + 1)

    def save(result: DealResult) -> None:
        with open(path, "a", encoding="utf-8") as f:
            f.write(json.dumps(result.to_dict()) + "\n")
            f.flush()
            os.fsync(f.fileno())

    return save


@dataclass(frozen=True)
class Interval:
    mean: float
    low: float
    high: float
    sd: float
    n: int

    @property
    def bounded(self) -> bool:
        """Whether there is an interval at all: one value has no spread to measure (its bounds are infinite)."""
        return self.n > 1

    def to_dict(self) -> dict[str, float | int | None]:
        # null, not Infinity (which is not JSON), when there is no interval
        low, high = (self.low, self.high) if self.bounded else (None, None)
        return {"mean": self.mean, "ci95_low": low, "ci95_high": high, "sd": self.sd, "n": self.n}

    def bounds_text(self, spec: str = "+.2f") -> str:
        """``[low, high]``, or why there is none (a play-test's 1-deal tournament printed ``[-inf, inf]``)."""
        if not self.bounded:
            return f"({self.n} deal: no interval)"
        return f"[{_unsigned_zero(self.low):{spec}}, {_unsigned_zero(self.high):{spec}}]"

    def __str__(self) -> str:
        return f"{_unsigned_zero(self.mean):+.2f} {self.bounds_text()}"


def _unsigned_zero(value: float) -> float:
    """``value``, with a mean that rounds to zero shown as +0.00, not -0.00 (a researcher's equal bots read -0.00)."""
    return round(value, 2) + 0.0


@dataclass(frozen=True)
class Games:
    """Games to the rule set's end, made of consecutive duplicate deals at one rotation of the line-up."""

    played: int
    """Finished games, over all rotations."""
    won: dict[str, float]
    """Per bot name: games won (a game won jointly by k seats counts 1/k to each)."""
    seats: dict[str, int]
    """Per bot name: the seats it holds (its fair share of the wins is seats / players)."""
    unfinished_deals: int
    """Deals, over all rotations, at the end of the run that did not finish a game."""

    def to_dict(self) -> dict[str, Any]:
        return {"played": self.played, "won": self.won, "seats": self.seats, "unfinished_deals": self.unfinished_deals}


def games_of(rules: Rules, deal_points: Sequence[Sequence[int]]) -> tuple[list[tuple[int, ...]], int]:
    """Split one seating's consecutive deals into games as ``Game`` ends them; return each game's winners and the deals left over.

    A game ends after the deal in which a total reaches ``target_score`` or the
    ``deal_count``-th deal; the lowest total wins; a tie for the lowest goes on
    under ``ties="sudden-death"`` and is shared otherwise.

    >>> from blackmaria.rules import preset
    >>> games_of(preset("hearts"), [[26, 0, 0, 0]] * 4 + [[0, 50, 60, 70]] * 2 + [[1, 2, 3, 4]])
    ([(1, 2, 3), (0,)], 1)
    """
    games: list[tuple[int, ...]] = []
    totals: list[int] = []
    played = 0
    for points in deal_points:
        if not totals:
            totals, played = [0] * len(points), 0
        totals = [t + p for t, p in zip(totals, points, strict=True)]
        played += 1
        ended = (rules.target_score is not None and max(totals) >= rules.target_score) or (
            rules.deal_count is not None and played >= rules.deal_count
        )
        if not ended:
            continue
        low = min(totals)
        lowest = tuple(seat for seat, total in enumerate(totals) if total == low)
        if len(lowest) > 1 and rules.ties == "sudden-death":
            continue
        games.append(lowest)
        totals = []
    return games, played if totals else 0


def mean_ci(values: Sequence[float]) -> Interval:
    """Mean with Student's t 95% interval (sample standard deviation): as the normal one for many values, wider for
    few (a play-test's 2-deal tournament claimed a difference by the normal one)."""
    n = len(values)
    if n == 0:
        raise ValueError("no values")
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = t95(n - 1) * sd / math.sqrt(n) if n > 1 else math.inf
    return Interval(mean, mean - half, mean + half, sd, n)


@dataclass
class TournamentResult:
    rules: Rules
    lineup: list[str]
    """The bot at each seat in the first rotation."""
    deals: int
    seed: int
    results: list[DealResult] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def bots(self) -> list[str]:
        return list(dict.fromkeys(self.lineup))

    @property
    def plays(self) -> dict[str, int]:
        return {bot: sum(len(r.points[bot]) for r in self.results) for bot in self.bots}

    def mean_points(self, bot: str) -> Interval:
        """Mean points per deal of ``bot``, one value per duplicate deal (the mean of its seats); the interval kept
        within the points a seat can score (a few deals' "0.80 [-0.50, 2.10]" in hearts, where none is below 0)."""
        found = mean_ci([sum(r.points[bot]) / len(r.points[bot]) for r in self.results])
        low, high = self.rules.seat_points_bounds
        return dataclasses.replace(found, low=max(found.low, low), high=min(found.high, high))

    def difference(self, a: str, b: str) -> Interval:
        """Paired difference per deal, points of ``a`` minus points of ``b`` (negative: ``a`` takes fewer)."""
        return mean_ci([sum(r.points[a]) / len(r.points[a]) - sum(r.points[b]) / len(r.points[b]) for r in self.results])

    @property
    def faults(self) -> dict[str, list[str]]:
        """Per bot with any: what went wrong with its program, deal by deal (a bot writer's typo played as the
        fallback and looked like a winner until this was reported)."""
        found: dict[str, list[str]] = {}
        for r in self.results:
            for bot, texts in r.faults.items():
                found.setdefault(bot, []).extend(texts)
        return found

    def fault_deals(self, bot: str) -> int:
        """The deals in which ``bot``'s program failed at least once."""
        return sum(1 for r in self.results if bot in r.faults)

    def moon_rate(self, bot: str) -> float:
        return sum(r.moons[bot] for r in self.results) / max(1, self.plays[bot])

    def games(self) -> Games:
        """Games to the rule set's end (target score or number of deals), played by chaining the deals in order.

        Each rotation of the line-up keeps every bot in its seats for all deals, so
        it makes its own run of games; a bot's wins are summed over its seats.
        """
        n = self.rules.players
        won = dict.fromkeys(self.bots, 0.0)
        seats = {bot: self.lineup.count(bot) for bot in self.bots}
        if any(len(r.seat_points) != n for r in self.results):
            return Games(0, won, seats, 0)  # results made without points by seat
        played = unfinished = 0
        for rotation in range(n):
            winners, left = games_of(self.rules, [r.seat_points[rotation] for r in self.results])
            played += len(winners)
            unfinished += left
            for winning in winners:
                for seat in winning:
                    won[self.lineup[(seat - rotation) % n]] += 1 / len(winning)
        return Games(played, won, seats, unfinished)

    def to_dict(self) -> dict[str, Any]:
        bots = self.bots
        first = bots[0]
        games = self.games()
        return {
            "rules": self.rules.preset or "custom",
            "players": self.rules.players,
            "rule_set": self.rules.to_dict(),  # every option played under (a kitty, house rules), not the preset's name alone
            "lineup": self.lineup,
            "deals": self.deals,
            "seed": self.seed,
            "seconds": self.seconds,
            "bots": {
                bot: {"mean_points_per_deal": self.mean_points(bot).to_dict(), "moon_rate": self.moon_rate(bot), "plays": self.plays[bot]}
                for bot in bots
            },
            "differences": {f"{first} - {other}": self.difference(first, other).to_dict() for other in bots[1:]},
            "games": games.to_dict(),
            "faults": {
                bot: {"deals": self.fault_deals(bot), "seatings": len(texts), "first": texts[:3]} for bot, texts in self.faults.items()
            },
        }

    def report(self) -> str:
        bots = self.bots
        width = max(len(b) for b in bots)
        moons = self.rules.moon != "off"  # (a column of 0.00% under Black Maria, which has no moon: a play-test)
        lines = [
            f"{self.rules.preset or 'custom'} ({self.rules.players} players{', a kitty' if self.rules.kitty else ''}), line-up "
            f"{', '.join(self.lineup)}: "
            f"{self.deals} duplicate deal{'' if self.deals == 1 else 's'} x {self.rules.players} rotations, seed {self.seed}, "
            f"played in {self.seconds:.0f} s",
            f"{'bot':<{width}}  points/deal [95% CI]" + ("        moon rate" if moons else ""),
        ]
        # What the numbers mean, for a reader who is no statistician (a play-test could not tell which way was better).
        legend = (
            "fewer points are better, so a difference below 0 favours the first bot; [95% CI]: the range the true mean "
            "lies in, 19 times in 20 (wide while the deals are few, and read as a range of the mean, not of any deal's "
            "points; never below the fewest points a seat can take)"
            + ("; moon rate: the share of its seatings it shot the moon" if moons else "")
        )
        for bot in bots:
            m = self.mean_points(bot)
            # A bot whose program failed is marked on its row: its points are partly its fallback's (FAULTS below).
            faulted = "  (faults: see below)" if bot in self.faults else ""
            moon = f"  {self.moon_rate(bot):8.2%}" if moons else ""
            lines.append(f"{bot:<{width}}  {m.mean:6.2f} {m.bounds_text('6.2f'):<16}{moon}{faulted}".rstrip())
        for other in bots[1:]:
            d = self.difference(bots[0], other)
            verdict = f"{bots[0]} takes fewer" if d.high < 0 else f"{bots[0]} takes more" if d.low > 0 else "no clear difference"
            if 1 < d.n < FEW_DEALS:
                verdict += f"; {d.n} deals are few, the interval is rough"
            lines.append(f"{bots[0]} - {other}: {d} points per deal ({verdict})")
        games = self.games()
        end = " or ".join(
            text
            for text in (
                f"{self.rules.target_score} points" if self.rules.target_score is not None else "",
                f"{self.rules.deal_count} deals" if self.rules.deal_count is not None else "",
            )
            if text
        )
        if games.played:
            won = ", ".join(
                f"{bot} {games.won[bot]:g} ({games.won[bot] / games.played:.0%}; fair share {games.seats[bot] / self.rules.players:.0%})"
                for bot in bots
            )
            lines.append(f"games to {end} (consecutive deals, each rotation): {games.played} played; won: {won}")
        else:
            lines.append(f"whole games (to {end}): none in {self.deals} deal{'' if self.deals == 1 else 's'} (more --deals play some)")
        lines += self.fault_lines()
        lines.append(legend)
        return "\n".join(lines)

    def fault_lines(self) -> list[str]:
        """The bots whose program failed, with the first thing that went wrong: their points are partly the fallback's."""
        return [
            f"FAULTS: {bot} failed in {self.fault_deals(bot)} of {len(self.results)} deals "
            f"({len(texts)} seatings); from each fault on, its fallback bot played for it, so its points are not its "
            f"own. First: {texts[0]}"
            for bot, texts in self.faults.items()
        ]


def parse_bot(spec: str) -> tuple[str, int | None]:
    """``hard:2000`` -> (``hard``, 2000); ``medium`` -> (``medium``, None)."""
    from blackmaria.bots.base import ALL_LEVELS, level_suggestion

    if spec.strip().startswith("cmd:"):
        # A program speaking the blackmaria-bot/1 protocol: one that cannot be started is named here, once, instead
        # of a traceback from every deal
        from blackmaria.bots.external import program_problem

        problem = program_problem(spec.strip().removeprefix("cmd:"))
        if problem is not None:
            raise ValueError(f"bot {spec!r}: {problem}")
        return spec.strip(), None
    if spec.strip().startswith("policy:"):
        # A trained policy file: read here, once, so that a wrong path is named instead of a traceback at the first deal
        from blackmaria.bots.policy import load_policy

        try:
            load_policy(spec.strip().removeprefix("policy:"))
        except ValueError as error:
            raise ValueError(f"bot {spec!r}: {error}") from error
        return spec.strip(), None
    level, _, budget = spec.strip().partition(":")
    if level not in ALL_LEVELS:
        import multiprocessing

        # In a spawned worker: the level was registered in the main process only (a play-test's script registered
        # it under `if __name__ == "__main__":`, which the workers skip when they import the script again).
        worker = (
            '; this is a worker process: register the level where the script is imported (outside if __name__ == "__main__":), '
            "or pass workers=1"
            if multiprocessing.parent_process() is not None
            else ""
        )
        guess = level_suggestion(level)
        raise ValueError(f"bot {spec!r}: {level!r} is not one of {', '.join(ALL_LEVELS)}, cmd:COMMAND or policy:PATH{guess}{worker}")
    if budget and not (budget.isdigit() and int(budget) > 0):
        raise ValueError(f"bot {spec!r}: the budget after ':' must be a positive whole number")
    return level, int(budget) if budget else None


def expand_lineup(bots: Sequence[str], players: int, rules: Rules | None = None) -> list[str]:
    """The bot of each seat: ``bots``, the last repeated to fill ``players`` seats; each checked (``parse_bot``), and
    with ``rules`` a trained policy checked to be made for them."""
    if not bots:
        raise ValueError("give at least one bot")
    if len(bots) > players:
        raise ValueError(f"{len(bots)} bots for {players} seats")
    for spec in bots:
        level, _ = parse_bot(spec)
        if rules is not None and level.startswith("policy:"):
            from blackmaria.bots.policy import load_policy

            misfit = load_policy(level.removeprefix("policy:")).misfit(rules)
            if misfit is not None:
                raise ValueError(f"bot {spec!r}: {misfit}")
    return list(bots) + [bots[-1]] * (players - len(bots))


def deal_rules(rules: Rules, deal: int) -> Rules:
    """The rule set of duplicate deal ``deal``: its pass direction and dealer fixed, one deal long."""
    return rules.replace(pass_schedule=(rules.pass_direction(deal),), first_dealer=deal % rules.players, deal_count=1, target_score=None)


class BotFault(RuntimeError):
    """A bot that runs in the tournament's process (not a ``cmd:`` program, whose faults its fallback plays) made an
    illegal choice or raised: the tournament stops, naming the bot, the deal and the rotation (a play-test's
    "Player 1 (seat 0) cannot play 2S" named neither, and the seats rotate)."""

    @classmethod
    def of(cls, error: Exception, game: Any, names: dict[int, str], deal: int, rotation: int) -> BotFault:
        import traceback

        from blackmaria.errors import GameError

        seat = getattr(error, "seat", None) if isinstance(error, GameError) else None
        if seat is None:  # raised by the bot itself: the seat that was deciding
            seat = game.turn if game.phase == "playing" else next((s for s in names if not game.has_passed(s)), None)
        who = f"bot {names[seat]!r} at seat {seat}" if seat is not None else "a bot"
        where = ""
        if not isinstance(error, GameError) and (frames := traceback.extract_tb(error.__traceback__)):
            last = frames[-1]
            where = f" (at {last.filename}:{last.lineno}, in {last.name})"
        return cls(
            f"{who}, deal {deal + 1}, rotation {rotation + 1}: {type(error).__name__}: {error}{where}; the tournament stops "
            "(a bot in Python runs in the tournament's process, on trust; a program, cmd:, is held apart and its faults reported)"
        )


def play_duplicate_deal(
    rules: Rules, lineup: Sequence[str], deal: int, seed: int, bot_time_limit: float = 2.0, records: str | None = None
) -> DealResult:
    """Deal ``deal`` of the tournament seeded ``seed``, played once per rotation of ``lineup``; a bot program
    (``cmd:``) answers within ``bot_time_limit`` seconds or its fallback plays for it. With ``records`` (a folder)
    each rotation's game record is written there (``record_path``), its seats named by their bots, for
    ``blackmaria replay``."""
    from blackmaria.bots.base import Bot, close_bots, make_bot, run_bots
    from blackmaria.game import Game

    start = time.perf_counter()
    n = rules.players
    rng = random.Random(f"{seed}/{deal}")
    deck = cards_of(rules.in_play_mask)
    rng.shuffle(deck)
    one = deal_rules(rules, deal)
    points: dict[str, list[int]] = {bot: [] for bot in lineup}
    moons = dict.fromkeys(lineup, 0)
    seat_points: list[tuple[int, ...]] = []
    faults: dict[str, list[str]] = {}
    for rotation in range(n):
        names = {seat: lineup[(seat - rotation) % n] for seat in range(n)}
        game = Game(one, seed=0, seats=[names[seat] for seat in range(n)])
        game.deal(deck)
        bots: dict[int, Bot] = {}
        for seat in range(n):
            spec = lineup[(seat - rotation) % n]
            level, budget = parse_bot(spec)
            # Seeded by seat, not by bot: every rotation sees the same chance at each seat.
            bot_seed = random.Random(f"{seed}/{deal}/{seat}").getrandbits(32)
            if level.startswith("policy:"):
                from blackmaria.bots.policy import PolicyBot

                bots[seat] = PolicyBot(level.removeprefix("policy:"), bot_seed)
            elif level.startswith("cmd:"):
                from blackmaria.bots.external import ExternalBot

                bots[seat] = ExternalBot(level.removeprefix("cmd:"), bot_seed, time_limit=bot_time_limit)
            else:
                bots[seat] = make_bot(level, bot_seed, budget=budget)
        try:
            run_bots(game, bots)
        except Exception as fault:  # a bot in this process: named with its deal, not "Player 1 (seat 0)" alone
            raise BotFault.of(fault, game, names, deal, rotation) from fault
        close_bots(bots.values())  # external programs end with their deal
        for seat, bot in bots.items():
            errors: list[str] = getattr(bot, "errors", [])
            if getattr(bot, "stopped_at_start", False):
                # A program that never answered would have every decision made by the fallback: a table of the
                # fallback's points under the program's name, not a result (a play-test's missing script "won" so).
                from blackmaria.bots.external import BotProgramError

                raise BotProgramError(f"bot {names[seat]!r} could not play: {errors[0]}; the tournament stops")
            for error in errors:
                moves = getattr(bot, "fallback_moves", 0)
                # Deals numbered from 1, as `blackmaria replay` numbers them.
                faults.setdefault(names[seat], []).append(
                    f"deal {deal + 1}, seat {seat}: {error} (the fallback made {moves} of its decisions)"
                )
        if records is not None:
            record_path(records, deal, rotation).write_text(
                json.dumps(game.to_record(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
            )
        log = game.deals[0]
        assert log.points is not None
        for seat in range(n):
            points[names[seat]].append(log.points[seat])
        seat_points.append(tuple(log.points))
        if log.moon_shooter is not None:
            moons[names[log.moon_shooter]] += 1
    return DealResult(deal, points, moons, time.perf_counter() - start, tuple(seat_points), faults)


Job = tuple[Rules, list[str], int, int, float, str | None]
"""``play_duplicate_deal``'s arguments: the rules, the lineup, the deal, the seed, the bot programs' time limit and
the folder of the game records."""


def record_path(records: str | os.PathLike[str], deal: int, rotation: int) -> Path:
    """Where ``--records`` keeps the game of deal ``deal`` (from 0) at ``rotation``: numbered from 1, as the report's
    FAULTS name deals (``deal-0003-rotation-2.json``)."""
    return Path(records) / f"deal-{deal + 1:04d}-rotation-{rotation + 1}.json"


def _job(args: Job) -> DealResult:
    return play_duplicate_deal(*args)


BACKENDS = ("local", "ray")
RAY_CHUNK = 4
"""Duplicate deals per Ray task: enough to outweigh a task's overhead, few enough to spread a short run."""


def _run_chunk(chunk: list[Job]) -> list[DealResult]:
    return [_job(job) for job in chunk]


def _run_on_ray(jobs: list[Job], address: str | None) -> Iterator[DealResult]:
    """Each chunk of deals as a Ray task, results yielded as they finish (the order does not matter: deals are sorted)."""
    try:
        import ray
    except ImportError as error:
        raise RuntimeError("the ray backend needs Ray: pip install 'blackmaria[ray]'") from error
    started_here = not ray.is_initialized()
    if started_here:
        ray.init(address=address or os.environ.get("RAY_ADDRESS") or None, include_dashboard=False, log_to_driver=False)
    try:
        task = ray.remote(_run_chunk)
        pending = [task.remote(jobs[i : i + RAY_CHUNK]) for i in range(0, len(jobs), RAY_CHUNK)]
        while pending:
            finished, pending = ray.wait(pending, num_returns=1)
            yield from ray.get(finished[0])
    finally:
        if started_here:
            ray.shutdown()


def progress_bar(done: int, total: int, elapsed: float, width: int = 30) -> str:
    """``[#####.....]  12/100  3.1 s left``: the estimate is the mean time per deal so far."""
    filled = width * done // max(1, total)
    left = elapsed / done * (total - done) if done else float("nan")
    eta = "?" if math.isnan(left) else f"{left:,.0f} s left" if left >= 10 else f"{left:.1f} s left"
    return f"[{'#' * filled}{'.' * (width - filled)}] {done:>{len(str(total))}}/{total}  {eta}"


def run_tournament(
    rules: Rules | str,
    bots: Sequence[str],
    deals: int,
    seed: int = 0,
    workers: int | None = None,
    progress: Callable[[int, int, float], None] | None = None,
    backend: str = "local",
    ray_address: str | None = None,
    played: Sequence[DealResult] = (),
    on_result: Callable[[DealResult], None] | None = None,
    bot_time_limit: float = 2.0,
    records: str | None = None,
) -> TournamentResult:
    """Play ``deals`` duplicate deals; ``workers`` processes (default: every core). The result does not depend on ``workers``.

    ``backend="ray"`` spreads the deals over a Ray cluster instead (``ray_address``, or ``RAY_ADDRESS``, or a
    cluster of this machine alone started for the run); the result is the same as on one machine.

    ``played`` are deals of this tournament already played (from a checkpoint): they are not played again.
    ``on_result`` is called with each deal as it finishes, to save it. A bot program (``cmd:``) answers within
    ``bot_time_limit`` seconds (its first answer, to the hello, within 10 s at least: ``ExternalBot``'s ``start_limit``).
    With ``records`` (a folder, made if missing) every rotation of every deal is saved there as a game record.
    """
    rule_set = load_rules(rules) if isinstance(rules, str) else rules
    lineup = expand_lineup(bots, rule_set.players, rule_set)
    if deals < 1:
        raise ValueError("deals: give at least 1")
    done = [r for r in played if r.deal < deals]
    have = {r.deal for r in done}
    if bot_time_limit <= 0:
        raise ValueError(f"bot_time_limit: {bot_time_limit} is not a positive number of seconds")
    if records is not None:
        Path(records).mkdir(parents=True, exist_ok=True)
    jobs: list[Job] = [(rule_set, lineup, d, seed, bot_time_limit, records) for d in range(deals) if d not in have]
    result = TournamentResult(rule_set, lineup, deals, seed)
    start = time.perf_counter()
    resumed = len(done)

    def tick(r: DealResult) -> None:
        done.append(r)
        if on_result is not None:
            on_result(r)
        if progress is not None:
            # The estimate of time left counts only the deals played in this run.
            elapsed = time.perf_counter() - start
            progress(len(done), deals, elapsed * len(done) / max(1, len(done) - resumed))

    if backend not in BACKENDS:
        raise ValueError(f"backend: {backend!r} is not one of {', '.join(BACKENDS)}")
    if backend == "ray":
        for r in _run_on_ray(jobs, ray_address):
            tick(r)
        result.results = sorted(done, key=lambda r: r.deal)
        result.seconds = time.perf_counter() - start
        return result
    workers = (os.cpu_count() or 1) if workers is None else workers
    if workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            tick(_job(job))
    else:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(min(workers, len(jobs))) as pool:
            for r in pool.imap_unordered(_job, jobs):
                tick(r)
    result.results = sorted(done, key=lambda r: r.deal)
    result.seconds = time.perf_counter() - start
    return result


def print_progress(done: int, total: int, elapsed: float) -> None:
    sys.stderr.write("\r" + progress_bar(done, total, elapsed))
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def report_width() -> int:
    """The width a report's long lines are broken at: the terminal's; into a pipe or a file, none (the table's header
    broke at 80 columns there: a researcher's "moon" / "rate")."""
    return max(40, shutil.get_terminal_size().columns - 1) if sys.stdout.isatty() else 10_000


@click.command("tournament", cls=LocalizedCommand)
@click.option("--rules", "rules_name", default="hearts", show_default=True, help="Preset name or house-rules file.")
@click.option("--players", type=int, default=None, help="Seat count, if not the preset's own.")
@click.option("--kitty", is_flag=True, help=KITTY_HELP)
@click.option(
    "--bots",
    "bots_text",
    required=True,
    help="Comma-separated bots, each LEVEL or LEVEL:BUDGET, cmd:COMMAND (a program speaking docs/bot-protocol.md) or "
    "policy:PATH (a trained policy); the last fills the empty seats.",
)
@click.option("--deals", type=int, default=100, show_default=True, help="Duplicate deals (each played once per rotation).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the deals (the same seed, the same deals).")
@click.option("--workers", type=click.IntRange(min=1), default=None, help="Processes (default: every core).")
@click.option(
    "--backend",
    type=click.Choice(BACKENDS),
    default="local",
    show_default=True,
    help="local: processes on this machine; ray: tasks on a Ray cluster (pip install 'blackmaria[ray]').",
)
@click.option("--ray-address", default=None, help="The Ray cluster to join (default: RAY_ADDRESS, else a cluster of this machine).")
@click.option(
    "--checkpoint",
    type=click.Path(dir_okay=False),
    default=None,
    help="Save each finished deal to this file; run the same command again to resume where it stopped.",
)
@click.option(
    "--bot-time-limit",
    type=click.FloatRange(min=0, min_open=True),
    default=2.0,
    show_default=True,
    help="Seconds a bot program (cmd:) may take per answer; its first answer, after it starts, may take 10 s.",
)
@click.option(
    "--records",
    type=click.Path(file_okay=False),
    default=None,
    help="Save every deal's game at each rotation in this folder (deal-0001-rotation-1.json, ...), for blackmaria replay.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def tournament_command(
    rules_name: str,
    players: int | None,
    kitty: bool,
    bots_text: str,
    deals: int,
    seed: int,
    workers: int | None,
    backend: str,
    ray_address: str | None,
    checkpoint: str | None,
    bot_time_limit: float,
    records: str | None,
    as_json: bool,
    quiet: bool,
) -> None:
    """Duplicate deals between bots: mean points per deal, paired differences with 95% intervals, moon rates.

    Exits 3 when a bot program (cmd:) faulted and its fallback played for it: the table is printed, with FAULTS."""
    from blackmaria.rules import PresetPlayersError, RulesError

    try:
        rule_set = load_rules(rules_name, players)
    except PresetPlayersError as error:  # the preset is fine, the count is not (as `play` says it)
        raise click.BadParameter(str(error), param_hint="--players") from error
    except RulesError as error:
        raise click.BadParameter(str(error), param_hint="--rules/--players") from error
    if kitty:  # (as for play: a five-player tournament with a kitty needed a house-rules file)
        try:
            rule_set = with_kitty(rules_name, rule_set)
        except RulesError as error:
            raise click.BadParameter(str(error), param_hint="--kitty") from error
    bots = [b.strip() for b in bots_text.split(",") if b.strip()]
    try:
        expand_lineup(bots, rule_set.players, rule_set)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--bots") from error
    if deals < 1:
        raise click.BadParameter("give at least 1 deal", param_hint="--deals")
    played: list[DealResult] = []
    save = None
    if checkpoint is not None:
        lineup = expand_lineup(bots, rule_set.players)
        try:
            played = read_checkpoint(checkpoint, rule_set, lineup, seed)
            save = append_checkpoint(checkpoint, rule_set, lineup, seed)
        except (CheckpointError, OSError) as error:
            raise click.BadParameter(str(error), param_hint="--checkpoint") from error
        if played and not quiet:
            click.echo(f"resuming: {len(played)} deals already played in {checkpoint}", err=True)
    try:
        result = run_tournament(
            rule_set,
            bots,
            deals,
            seed,
            workers,
            None if quiet else print_progress,
            backend,
            ray_address,
            played,
            save,
            bot_time_limit,
            records,
        )
    except (RuntimeError, ValueError) as error:  # (a bot's fault, or a level a worker process does not know)
        raise click.ClickException(str(error)) from error
    if as_json:
        click.echo(json.dumps(result.to_dict(), indent=2))
    else:  # long lines broken between words at the terminal's width (at 80 columns "4 de" / "als", a play-test)
        width = report_width()
        click.echo(
            "\n".join(
                textwrap.fill(line, width, subsequent_indent="  ") if len(line) > width else line for line in result.report().splitlines()
            )
        )
    if as_json:
        for line in result.fault_lines():  # (the report has them; JSON's reader is told too)
            click.echo(line, err=True)
    if result.faults:
        # A script or CI job must see that a table holds a fallback's points under a program's name (it exited 0).
        sys.exit(FAULTED_EXIT)


__all__ = [
    "BotFault",
    "CheckpointError",
    "DealResult",
    "Games",
    "Interval",
    "TournamentResult",
    "deal_rules",
    "expand_lineup",
    "games_of",
    "read_checkpoint",
    "append_checkpoint",
    "mean_ci",
    "parse_bot",
    "play_duplicate_deal",
    "progress_bar",
    "run_tournament",
    "tournament_command",
]
