"""``blackmaria stats``: games, wins, points per deal, moons shot and the queen of spades taken, per player and rule set.

Finished games come from three places: the terminal's finished games and any
game records (``blackmaria/1``) or score sheets (``blackmaria-scoresheet/1``)
under a directory (the data directory by default), and the server's database.
Players are counted by display name; the terminal's own names (the player,
"You" or "Du", and its seats, North or Nord) count as one whatever the language
a game was played in, shown in the reader's. Who took the queen of spades is known
where the source knows the cards: records do, score sheets entered as cards do,
sheets entered as points do not, and the tables say so.

>>> from blackmaria.rules import preset
>>> from blackmaria.scorekeeper import ScoreSheet
>>> sheet = ScoreSheet(preset("black-maria", players=3).replace(deal_count=1), ["Anna", "Ben", "Carla"])
>>> _ = sheet.add(sheet.from_cards(["Hx3 AS", "Hx8", "Hx2 KS QS"]))
>>> stats = Stats()
>>> stats.add(summarize_sheet(sheet))
>>> anna = stats.by_player["Anna"]
>>> anna.games, anna.wins, anna.average, stats.by_player["Carla"].queen
(1, 0, 10.0, 1)
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import click

from blackmaria.cards import parse_card
from blackmaria.cli_help import LocalizedCommand
from blackmaria.events import KittyTaken, TrickWon
from blackmaria.locale import Texts, detect_language
from blackmaria.record import FORMAT as RECORD_FORMAT
from blackmaria.record import RecordError, game_from_record
from blackmaria.rules import Rules, RulesError
from blackmaria.scorekeeper import FORMAT as SHEET_FORMAT
from blackmaria.scorekeeper import ScoreError, ScoreSheet

QUEEN: Final = parse_card("QS")
CHART_WIDTH: Final = 30


@dataclass(frozen=True)
class GameSummary:
    """One finished game, whatever its source."""

    source: str
    """``record`` (played: the terminal, the server, an exported record) or ``sheet`` (kept with real cards)."""
    rules: Rules
    players: tuple[str, ...]
    points: tuple[tuple[int, ...], ...]
    """Each deal's points by seat, moon applied."""
    moons: tuple[int | None, ...]
    """Each deal's moon shooter."""
    queen: tuple[int | None, ...]
    """Each deal's taker of the queen of spades, None where the source does not know the cards."""
    winners: tuple[int, ...]


@dataclass
class PlayerStats:
    name: str
    games: int = 0
    wins: int = 0
    deals: int = 0
    points: int = 0
    moons: int = 0
    queen: int = 0
    """Deals in which this player took the queen of spades, among the deals whose cards are known."""
    queen_known: int = 0
    """Deals whose cards are known (every deal of a record, the card entries of a sheet)."""

    @property
    def average(self) -> float:
        return self.points / self.deals if self.deals else 0.0

    def add(self, game: GameSummary, seat: int) -> None:
        self.games += 1
        self.wins += seat in game.winners
        self.deals += len(game.points)
        self.points += sum(deal[seat] for deal in game.points)
        self.moons += sum(1 for shooter in game.moons if shooter == seat)
        self.queen += sum(1 for taker in game.queen if taker == seat)
        self.queen_known += sum(1 for taker in game.queen if taker is not None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "games": self.games,
            "wins": self.wins,
            "deals": self.deals,
            "points": self.points,
            "average_per_deal": round(self.average, 3),
            "moons": self.moons,
            "queen": self.queen if self.queen_known else None,
            "queen_known_deals": self.queen_known,
        }


@dataclass
class RuleSetStats:
    rules: Rules
    games: int = 0
    by_player: dict[str, PlayerStats] = field(default_factory=dict)


LANGUAGES: Final = ("en", "de")
TERMINAL_NAMES: Final = ("you", "seat_west", "seat_north", "seat_east", "seat_south")
"""The catalog's names the terminal gives its player and seats (a play-test read "Du" and "You" as two players)."""


@functools.cache
def same_names(lang: str) -> dict[str, str]:
    """Each language's name for the terminal's player and seats, to the name in ``lang``."""
    return {Texts(other)(key): Texts(lang)(key) for other in LANGUAGES for key in TERMINAL_NAMES}


@dataclass
class Stats:
    lang: str = "en"
    """The language the terminal's names are counted (and shown) in."""
    games: int = 0
    records: int = 0
    sheets: int = 0
    by_player: dict[str, PlayerStats] = field(default_factory=dict)
    by_rules: dict[str, RuleSetStats] = field(default_factory=dict)
    """Keyed by the rule set's canonical JSON: games under the same options count together."""
    skipped: list[tuple[str, str]] = field(default_factory=list)
    """Files or rows that could not be read, with the reason."""

    def add(self, game: GameSummary) -> None:
        self.games += 1
        self.records += game.source == "record"
        self.sheets += game.source == "sheet"
        key = json.dumps(game.rules.to_dict(), sort_keys=True)
        rule_set = self.by_rules.setdefault(key, RuleSetStats(game.rules))
        rule_set.games += 1
        names = same_names(self.lang)
        for seat, shown in enumerate(game.players):
            name = names.get(shown, shown)
            self.by_player.setdefault(name, PlayerStats(name)).add(game, seat)
            rule_set.by_player.setdefault(name, PlayerStats(name)).add(game, seat)


# ---- reading the sources --------------------------------------------------------------------
def summarize_record(record: Any) -> GameSummary | None:
    """A ``blackmaria/1`` record replayed through the checked game; None if the game is not over."""
    game = game_from_record(record)
    if not game.is_over:
        return None
    queen: list[int | None] = []
    for index, log in enumerate(game.deals):
        end = game.deals[index + 1].first_event if index + 1 < len(game.deals) else len(game.events)
        takers = [
            event.seat
            for event in game.events[log.first_event : end]
            if isinstance(event, TrickWon | KittyTaken) and event.cards and QUEEN in event.cards
        ]
        queen.append(takers[0] if takers else None)
    return GameSummary(
        "record",
        game.rules,
        tuple(game.seats),
        tuple(tuple(log.points or ()) for log in game.deals),
        tuple(log.moon_shooter for log in game.deals),
        tuple(queen),
        tuple(game.winners),
    )


def _queen_by_points(rules: Rules, points: tuple[int, ...], shooter: int | None) -> int | None:
    """Who took the queen of spades in a deal entered by points, where the points say it: the moon's shooter (who took
    every scoring card), or the one player with at least her points where no card takes points away (a play-test's
    sheet said "0 of 4 known" for a player who had shot the moon); else more points than every other card makes."""
    if not rules.in_play_mask >> QUEEN & 1 or rules.values[QUEEN] <= 0:
        return None
    if shooter is not None:
        return shooter
    in_play = [value for card, value in enumerate(rules.values) if card != QUEEN and rules.in_play_mask >> card & 1]
    if min(in_play) >= 0:  # no card takes points away: who took her has at least her points, and one of them must have
        can = [seat for seat, taken in enumerate(points) if taken >= rules.values[QUEEN]]
    else:  # more points than every other scoring card makes
        can = [seat for seat, taken in enumerate(points) if taken > sum(value for value in in_play if value > 0)]
    return can[0] if len(can) == 1 else None


def summarize_sheet(sheet: ScoreSheet) -> GameSummary | None:
    """A score sheet whose game is over; None while it goes on."""
    verdict = sheet.verdict()
    if not verdict.over:
        return None
    queen: list[int | None] = []
    for entry in sheet.entries:
        if entry.taken is None:  # entered by points
            queen.append(_queen_by_points(sheet.rules, entry.points, entry.moon_shooter))
        else:
            queen.append(next((seat for seat, mask in enumerate(entry.taken) if mask >> QUEEN & 1), None))
    return GameSummary(
        "sheet",
        sheet.rules,
        tuple(sheet.players),
        tuple(entry.points for entry in sheet.entries),
        tuple(entry.moon_shooter for entry in sheet.entries),
        tuple(queen),
        verdict.winners,
    )


def summarize_data(data: object) -> GameSummary | None:
    """A record or a score sheet, read as JSON; None for anything else (a saved game in progress, other JSON)."""
    if not isinstance(data, dict):
        return None
    if data.get("format") == RECORD_FORMAT:
        return summarize_record(data)
    if data.get("format") == SHEET_FORMAT:
        return summarize_sheet(ScoreSheet.from_data(data))
    return None


def from_directory(directory: Path, stats: Stats) -> None:
    """Every finished game under ``directory``, each counted once: a file that holds the same game as another (a
    record exported next to the terminal's own, a copy) is the same game. Each file is read and parsed once."""
    seen: set[str] = set()
    for path in sorted(directory.rglob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            same = json.dumps(data, sort_keys=True)
            if same in seen:
                continue
            seen.add(same)
            game = summarize_data(data)
        except (OSError, ValueError, KeyError, TypeError) as error:  # RecordError, ScoreError, RulesError, bad JSON
            stats.skipped.append((str(path), str(error)))
            continue
        if game is not None:
            stats.add(game)
        elif (why := _not_a_game(data)) is not None:  # (a record of another format, a list: passed over without a word)
            stats.skipped.append((str(path), why))


def _not_a_game(data: object) -> str | None:
    """Why JSON that is neither a finished game nor anything of this program's is skipped, or None to pass it over
    quietly (a game in progress, a file of no format of this program's)."""
    if not isinstance(data, dict):
        return f"not a game record or score sheet: a JSON {type(data).__name__}"
    shown = data.get("format")
    known = (RECORD_FORMAT, SHEET_FORMAT)  # (a sheet not finished is a game in progress, as a save is)
    if isinstance(shown, str) and shown.startswith("blackmaria") and shown not in known and not shown.startswith("blackmaria-save/"):
        return f"format {shown!r} is not one this version reads ({RECORD_FORMAT!r} or {SHEET_FORMAT!r})"
    return None


def from_database(url: str, stats: Stats) -> None:
    """The finished games in the server's database (``blackmaria serve --db URL``), read without changing it."""
    from sqlalchemy import create_engine, inspect, select
    from sqlalchemy.exc import SQLAlchemyError

    from blackmaria.server.store import games

    try:
        engine = create_engine(url)
        if not inspect(engine).has_table(games.name):
            raise click.ClickException(f"--db {url}: no blackmaria server tables there ({games.name} is missing)")
        with engine.connect() as connection:
            rows = connection.execute(select(games.c.table_id, games.c.game_no, games.c.record).where(games.c.record.is_not(None))).all()
        engine.dispose()
    except SQLAlchemyError as error:
        raise click.ClickException(f"--db {url}: {error}") from error
    for table_id, game_no, text in rows:
        try:
            game = summarize_record(json.loads(text))
        except (ValueError, KeyError, TypeError, RecordError, RulesError, ScoreError) as error:
            stats.skipped.append((f"table {table_id} game {game_no}", str(error)))
            continue
        if game is not None:
            stats.add(game)


# ---- showing them ------------------------------------------------------------------------------
def _queen(player: PlayerStats, t: Texts) -> str:
    if player.queen_known == 0:
        return t("st_unknown")
    if player.queen_known == player.deals:
        return str(player.queen)
    return t("st_of_known", count=player.queen, known=player.queen_known)


def player_table(players: list[PlayerStats], t: Texts, moons: bool = True) -> list[str]:
    """Plain aligned columns, best (most wins, then fewest points per deal) first; the moons column only where the
    rules have a moon to shoot (``moons``: a play-test read a column of zeros under Black Maria)."""
    header = [t("st_player"), t("st_games"), t("st_wins"), t("st_deals"), t("st_average"), t("st_moons"), t("st_queen")]
    ordered = sorted(players, key=lambda p: (-p.wins, p.average, p.name))
    rows = [[p.name, str(p.games), str(p.wins), str(p.deals), t.decimal(p.average), str(p.moons), _queen(p, t)] for p in ordered]
    if not moons:
        header, rows = header[:5] + header[6:], [row[:5] + row[6:] for row in rows]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        first = cells[0].ljust(widths[0])
        return "  ".join([first, *(cell.rjust(width) for cell, width in zip(cells[1:], widths[1:], strict=True))]).rstrip()

    return [line(header), "  ".join("-" * width for width in widths), *(line(row) for row in rows)]


def wins_chart(players: list[PlayerStats], t: Texts) -> list[str]:
    """A bar per player: wins, scaled to the most."""
    ordered = sorted(players, key=lambda p: (-p.wins, p.average, p.name))
    most = max((p.wins for p in ordered), default=0)
    width = max((len(p.name) for p in ordered), default=0)
    lines = [t("st_chart")]
    for p in ordered:
        bar = "#" * (round(CHART_WIDTH * p.wins / most) if most else 0)
        lines.append(f"{p.name.ljust(width)}  {bar}{' ' if bar else ''}{p.wins}")
    return lines


def rules_label(rules: Rules, t: Texts) -> str:
    """The rule set's name as games show it ("Hearts, 1 deal"), its players, and the options of play changed (a
    game's length is not one: a play-test read "house rules; changed: deal_count")."""
    changed = [option for option in rules.changes_from_preset() if option not in ("deal_count", "target_score")]
    label = t("st_rules_players", rules=t.game_title(rules), players=rules.players)
    return f"{label}; {t('st_rules_changed', options=', '.join(changed))}" if changed else label


def render(stats: Stats, lang: str, where: str) -> str:
    t = Texts(lang)
    if not stats.games:
        return t("st_none", where=where)
    lines = [t("st_summary", games=t.n("finished_games", stats.games), records=stats.records, sheets=stats.sheets), "", t("st_by_player")]
    players = list(stats.by_player.values())
    lines += player_table(players, t, moons=any(r.rules.moon != "off" for r in stats.by_rules.values()))
    lines += ["", *wins_chart(players, t)]
    for rule_set in sorted(stats.by_rules.values(), key=lambda r: -r.games):
        lines += ["", t("st_rule_set", rules=rules_label(rule_set.rules, t), games=t.n("games", rule_set.games))]
        lines += player_table(list(rule_set.by_player.values()), t, moons=rule_set.rules.moon != "off")
    if any(p.queen_known < p.deals for p in players):
        lines += ["", t("st_queen_note")]
    return "\n".join(lines)


def to_dict(stats: Stats, lang: str = "en") -> dict[str, Any]:
    t = Texts(lang)
    return {
        "games": stats.games,
        "records": stats.records,
        "sheets": stats.sheets,
        "players": [p.to_dict() for p in sorted(stats.by_player.values(), key=lambda p: (-p.wins, p.average, p.name))],
        "rule_sets": [
            {
                "title": rules_label(r.rules, t),
                "rules": r.rules.to_dict(),
                "games": r.games,
                "players": [p.to_dict() for p in sorted(r.by_player.values(), key=lambda p: (-p.wins, p.average, p.name))],
            }
            for r in sorted(stats.by_rules.values(), key=lambda r: -r.games)
        ],
        "skipped": [{"source": source, "reason": reason} for source, reason in stats.skipped],
    }


def collect(directory: Path | None, db_url: str | None, lang: str = "en") -> tuple[Stats, str]:
    """The statistics (the terminal's names in ``lang``) and a description of where they were looked for."""
    stats = Stats(lang)
    places = []
    if directory is not None or db_url is None:
        if directory is None:
            from blackmaria.tui.session import data_dir

            directory = data_dir()
        places.append(str(directory))
        if directory.is_dir():
            from_directory(directory, stats)
    if db_url is not None:
        places.append(db_url)
        from_database(db_url, stats)
    return stats, ", ".join(places)


@click.command("stats", cls=LocalizedCommand)
@click.option(
    "--dir",
    "directory",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Where to look for finished games, records and score sheets (default: the data directory, unless --db is given).",
)
@click.option(
    "--db",
    "db_url",
    default=None,
    help="Also read the finished games of a server's database (sqlite:///FILE, postgresql+psycopg://..., or a SQLite file's path).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as JSON.")
@click.option("--lang", type=click.Choice(["en", "de"]), default=None, help="Language (default: from the environment's locale).")
def stats_command(directory: Path | None, db_url: str | None, as_json: bool, lang: str | None) -> None:
    """Games, wins, points per deal, moons and the queen of spades, per player and per rule set."""
    from blackmaria.server.commands import database_url

    language = detect_language(lang)
    stats, where = collect(directory, database_url(db_url) if db_url else None, language)
    if as_json:
        click.echo(json.dumps(to_dict(stats, language), ensure_ascii=False, indent=1))
        return
    t = Texts(language)
    for source, reason in stats.skipped:
        click.echo(t("st_unreadable", path=source, reason=reason), err=True)
    click.echo(render(stats, language, where))


__all__ = ["GameSummary", "PlayerStats", "Stats", "collect", "render", "stats_command", "summarize_record", "summarize_sheet", "to_dict"]
