"""``blackmaria score``: keep the score of a game played with real cards, line by line."""

from __future__ import annotations

import csv
import errno
import io
import re
import shlex
import shutil
import textwrap
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from blackmaria.cards import HEARTS, cards_of, suit_of
from blackmaria.locale import Texts, read_card
from blackmaria.scorekeeper import NOTHING_TAKEN, DealEntry, ScoreError, ScoreSheet
from blackmaria.tui.seat import line_editing
from blackmaria.tui.session import data_dir


def sheets_dir() -> Path:
    """Where the score sheets are kept, one file per game."""
    return data_dir() / "scoresheets"


def legacy_sheet_path() -> Path:
    """The single score sheet of earlier versions (still resumable)."""
    return data_dir() / "scoresheet.json"


def new_sheet_path() -> Path:
    """A file for a new score sheet, next to (never over) the others: ``sheet-YYYYMMDD-HHMMSS.json``."""
    base = time.strftime("sheet-%Y%m%d-%H%M%S")
    path, number = sheets_dir() / f"{base}.json", 1
    while path.exists():
        number += 1
        path = sheets_dir() / f"{base}-{number}.json"
    return path


def saved_sheets() -> list[Path]:
    """The score sheets kept, the most recently changed first (the legacy one too)."""
    paths = list(sheets_dir().glob("*.json")) if sheets_dir().is_dir() else []
    if legacy_sheet_path().exists():
        paths.append(legacy_sheet_path())
    return sorted(paths, key=lambda path: -path.stat().st_mtime)


@dataclass(frozen=True)
class SavedSheet:
    """A score sheet on disk, as the list of sheets shows it."""

    name: str
    path: Path
    sheet: ScoreSheet
    modified: float


def saved_sheet_list() -> list[SavedSheet]:
    """The score sheets kept that can be read, the most recently changed first."""
    found = []
    for path in saved_sheets():
        try:
            sheet = ScoreSheet.from_json(path.read_text(encoding="utf-8"))
        except (OSError, ValueError, KeyError, TypeError):
            continue
        found.append(SavedSheet(path.stem, path, sheet, path.stat().st_mtime))
    return found


def sheet_list(t: Texts, sheets: list[SavedSheet]) -> str:
    """The numbered list ``score --resume`` chooses from: name, game, players, deals entered (or over), date."""
    lines = [t("sk_list_header")]
    for number, saved in enumerate(sheets, 1):
        when = time.strftime("%Y-%m-%d\u00a0%H:%M", time.localtime(saved.modified))  # (kept whole when wrapped)
        entered = len(saved.sheet.entries)
        state = t("sk_list_over") if saved.sheet.verdict().over else t.n("sk_list_deals", entered)
        players = ", ".join(saved.sheet.players)
        lines.append(f"{number:>3}. {saved.name}  {t.game_title(saved.sheet.rules)}: {players}; {state}  {when}")
    return "\n".join(lines)


def _cards_text(sheet: ScoreSheet, t: Texts, mask: int) -> str:
    """A player's cards of a deal as they may be typed again: hearts of one value as a count (``A♠ Hx3``: the sheet
    keeps a count entered as some hearts, whose ranks nobody named), "—" for none."""
    cards = cards_of(mask)
    hearts = [c for c in cards_of(sheet.rules.in_play_mask) if suit_of(c) == HEARTS]
    if len({sheet.rules.values[c] for c in hearts}) > 1:
        return t.cards(cards) or "—"
    count = sum(1 for c in cards if suit_of(c) == HEARTS)
    others_held = [c for c in cards if suit_of(c) != HEARTS]
    others = t.cards(others_held) if others_held else ""  # (t.cards of none is "(none)": "Anna: (none) Hx3", a play-test)
    return " ".join(part for part in (others, f"Hx{count}" if count else "") if part) or "—"


def _named(sheet: ScoreSheet, text: str) -> list[str] | None:
    """``Anna: 10, Ben: 8, Carla: 25``, or cards after each name in any order (``Ben: QS, Anna: Hx3``): each player's
    part in seat order ("" for a player not named), or None when the entry does not begin with a player's name.
    A play-test typed the names with the points and was refused with "Anna: Anna: is neither a card nor points"."""
    names = sorted(sheet.players, key=len, reverse=True)  # (the longer first: "Anna" is not read in "Annabel")
    # A name before a colon that is no player's is named as such (a play-test's "Dave: 3, Ben: 20, Carla: 20" was read
    # as Anna's cards: "Anna: Dave: is neither a card nor points").
    for chunk in re.findall(r"([^,;/:]+?)\s*:", text):
        if not any(chunk.strip().casefold().endswith(player.casefold()) for player in sheet.players):
            raise ScoreError("sk_not_at_table", name=chunk.split()[-1] if chunk.split() else chunk, names=", ".join(sheet.players))
    marks = list(re.finditer(r"(?:^|[\s,;/])(" + "|".join(map(re.escape, names)) + r")\s*:", text, re.IGNORECASE))
    if not marks or text[: marks[0].start()].strip(" ,;/"):
        return None
    parts: dict[str, str] = {}
    for mark, following in zip(marks, [*marks[1:], None], strict=True):
        name = next(player for player in sheet.players if player.casefold() == mark.group(1).casefold())
        if name in parts:
            raise ScoreError("sk_named_twice", name=name)
        parts[name] = text[mark.end() : following.start() if following else len(text)].strip(" ,;/")
    return [parts.get(player, "") for player in sheet.players]


def _named_points(sheet: ScoreSheet, text: str) -> list[int] | None:
    """Each player's points after their name, with a colon or without, as people write them, in any order and mixed
    ("Jürgen: 10, Mum: 3, Emma 13, Dad 0": a play-test's was refused, "Mum, Dad, Emma have none in this entry"), in
    seat order; None when the entry is not names and points alone. A name that is no player's, a player named twice
    or left out is said."""
    names = sorted(sheet.players, key=len, reverse=True)  # (the longer first: "Anna" is not read in "Annabel")
    one = re.compile(r"[\s,;/]*(" + "|".join(map(re.escape, names)) + r"|[^\s,;/:\d-][^\s,;/:]*)\s*:?\s*(-?\d+)(?![^\s,;/])", re.IGNORECASE)
    pairs, at = [], 0
    while text[at:].strip(" ,;/"):
        found = one.match(text, at)
        if found is None:
            return None
        pairs.append((found.group(1), int(found.group(2))))
        at = found.end()
    players = {player.casefold(): player for player in sheet.players}
    if not any(name.casefold() in players for name, _ in pairs):
        return None
    spoken: dict[str, int] = {}
    for name, value in pairs:
        if name.casefold() not in players:
            raise ScoreError("sk_not_at_table", name=name, names=", ".join(sheet.players))
        if players[name.casefold()] in spoken:
            raise ScoreError("sk_named_twice", name=players[name.casefold()])
        spoken[players[name.casefold()]] = value
    missing = [player for player in sheet.players if player not in spoken]
    if missing:
        raise ScoreError("sk_named_points_missing" + ("_many" if len(missing) > 1 else ""), names=", ".join(missing))
    return [spoken[player] for player in sheet.players]


def _entry(sheet: ScoreSheet, text: str) -> DealEntry:
    points = _named_points(sheet, text)
    if points is not None:
        return sheet.from_points(points)
    named = _named(sheet, text)
    if named is not None:
        if any(re.fullmatch(r"-?\d+", part) for part in named):  # points: every player's, as in "10 8 25"
            missing = [player for player, part in zip(sheet.players, named, strict=True) if not re.fullmatch(r"-?\d+", part)]
            if missing:
                raise ScoreError("sk_named_points_missing" + ("_many" if len(missing) > 1 else ""), names=", ".join(missing))
            return sheet.from_points([int(part) for part in named])
        return sheet.from_cards(named)
    parts = text.replace(",", " ").split()  # "10, 8, 25" as well as "10 8 25" (a play-test typed commas)
    points = [bool(re.fullmatch(r"-?\d+", p)) for p in parts]
    if parts and all(points):
        return sheet.from_points([int(p) for p in parts])
    if len(parts) == len(sheet.players) and sum(points) >= len(parts) - 1 and "/" not in text:
        # Points for each player but one word: that word is named, with its player, as the page names it (a
        # play-test's "1O 8 4 4", a letter O, was refused whole as neither points nor cards).
        seat = points.index(False)
        raise ScoreError("ske_not_a_card", name=sheet.players[seat], text=parts[seat])
    separator = "/"
    if "/" not in text and len(text.split(",")) == len(sheet.players):
        separator = ","  # each player's cards after a comma ("Hx3 AS, Hx8, Hx2 KS QS": a play-test typed it so)
    elif "/" not in text and len(sheet.players) > 1:
        raise ScoreError("sk_unknown_entry", text=text.strip())
    return sheet.from_cards([chunk.strip() for chunk in text.split(separator)])


def sheet_rows(sheet: ScoreSheet, t: Texts) -> list[list[str]]:
    """The score sheet's rows in ``t``'s words: deal, dealer, pass, each player's points, the moon (where the rules
    have one); then the totals."""
    moons = sheet.rules.moon != "off"  # no moon column under rules without one (Black Maria)
    header = [t("sheet_deal"), t("sk_col_dealer"), t("sk_col_pass"), *sheet.players, *[t("sk_col_moon")] * moons]
    rows = [header]
    for index, entry in enumerate(sheet.entries):
        moon = sheet.players[entry.moon_shooter] if entry.moon_shooter is not None else ""
        direction = sheet.direction(index)
        rows.append([str(index + 1), sheet.players[sheet.dealer(index)], t.direction(direction), *map(str, entry.points), *[moon] * moons])
    rows.append([t("sheet_total"), "", "", *map(str, sheet.totals), *[""] * moons])
    return rows


CSV_ENCODING = "utf-8-sig"


def sheet_csv(sheet: ScoreSheet, t: Texts) -> str:
    """The score sheet as CSV, in the words of the sheet shown (a German sheet's file said "deal,dealer,pass") and
    with its language's separator (German spreadsheets read ``;``): Python's csv module, quoting only where needed,
    lines ending in CR LF, as the page's Export CSV writes it. Files of it begin with a byte order mark
    (``CSV_ENCODING``), by which spreadsheets read the names' umlauts as UTF-8."""
    out = io.StringIO()
    csv.writer(out, delimiter=t("csv_separator")).writerows(sheet_rows(sheet, t))
    return out.getvalue()


def sheet_table(sheet: ScoreSheet, t: Texts, room: int = 79) -> list[str]:
    """The score sheet in aligned columns (``sheet_rows``), in ``room`` columns where it can: wider, the moon's column
    gives way to a ☾ beside the shooter's points (four long names at 80 columns put "Moon" and its name on lines of
    their own, a play-test)."""
    rows = sheet_rows(sheet, t)

    def aligned(rows: list[list[str]]) -> list[str]:
        widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
        numeric = {0, *range(3, 3 + len(sheet.players))}
        return [
            "  ".join(cell.rjust(widths[i]) if i in numeric else cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip()
            for row in rows
        ]

    lines = aligned(rows)
    if max(map(len, lines)) <= room or sheet.rules.moon == "off":
        return lines
    marked = [row[:-1] for row in rows]
    for index, entry in enumerate(sheet.entries):
        if entry.moon_shooter is not None:
            marked[1 + index][3 + entry.moon_shooter] += "☾"
    return aligned(marked)


def help_text(sheet: ScoreSheet, t: Texts) -> str:
    """How to enter a deal, with an example of this sheet's rules and players (``example_entry``)."""
    points, cards = example_entry(sheet, t)
    return t("sk_help", points=points, cards=cards)


def example_entry(sheet: ScoreSheet, t: Texts) -> tuple[str, str]:
    """A deal of this sheet's rules and players as points and as cards, in ``t``'s card faces (a Hearts sheet for four
    was shown three players' points and A♠, K♠, which score nothing there): hearts counted out to the first players,
    the other scoring cards to the second and third, and the points they make."""
    rules = sheet.rules
    n = rules.players
    scoring = [c for c in cards_of(rules.in_play_mask) if rules.values[c] != 0]
    hearts = sum(1 for c in scoring if suit_of(c) == HEARTS)
    others = sorted((c for c in scoring if suit_of(c) != HEARTS), key=lambda c: (-abs(rules.values[c]), -c))
    shares = [3, max(0, hearts - 5), min(2, hearts)] if n >= 3 else [max(0, hearts - 3), min(3, hearts)]
    shares[0] = hearts - sum(shares[1:])  # (every heart given out, however many the rules hold)
    held: list[list[str]] = [[f"Hx{k}"] if k else [] for k in shares] + [[] for _ in range(n - len(shares))]
    for index, card in enumerate(others):
        held[min(1 + index, n - 1) if n >= 3 else index % n].append(t.card(card))
    texts = [" ".join(cards) for cards in held]
    try:
        points = sheet.from_cards(texts).points
    except ScoreError:  # hearts of different values (Spot Hearts) are named, not counted: each card dealt round
        held = [[] for _ in range(n)]
        for index, card in enumerate(sorted(scoring, key=lambda c: (suit_of(c) != HEARTS, -c))):
            held[index % min(3, n)].append(t.card(card))
        texts = [" ".join(cards) for cards in held]
        points = sheet.from_cards(texts).points
    # A player with nothing is the dash the sheet shows ("Hx2 / -"): a bare "Hx2 /" before the text's ";" read as a typo.
    cards = " / ".join(text or NOTHING_TAKEN[0] for text in texts)
    return " ".join(str(p) for p in points), cards


def run_scorekeeper(
    sheet: ScoreSheet,
    lang: str,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
    path: Path | None = None,
) -> None:
    """Keep ``sheet`` line by line, saving it to ``path`` (a new file of its own by default) after every deal."""
    line_editing(read)
    t = Texts(lang)
    path = path if path is not None else new_sheet_path()

    def save() -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(".tmp")
        temporary.write_text(sheet.to_json(), encoding="utf-8")
        temporary.replace(path)

    def write_wrapped(text: str) -> None:
        # Wrapped between words to the terminal's width (a play-test read "player" / "s separated by /"); a word longer
        # than a line (a file's path in the command to continue) stays whole, to be copied.
        width = max(40, min(shutil.get_terminal_size().columns, 100) - 1)
        for paragraph in text.split("\n"):  # (the command to go on, on a line of its own: copied whole)
            for line in textwrap.wrap(paragraph, width=width, break_on_hyphens=False, break_long_words=False):
                write(line)

    rules = sheet.rules
    write_wrapped(t("sk_welcome", rules=t.game_title(rules), players=", ".join(sheet.players)))
    write_wrapped(help_text(sheet, t))
    if sheet.entries:  # a sheet resumed: where it stands, before the next deal's prompt
        for line in sheet_table(sheet, t, shutil.get_terminal_size().columns - 1):
            write(line)
    told_over: tuple[int, ...] | None = None
    try:
        while True:
            verdict = sheet.verdict()
            # Said once as the game ends; the sheet stays open for a correction, an undo or an export of the deal that
            # decided it (a play-test's typo in the last deal could not be mended: the program had quit).
            said = tuple(verdict.winners) if verdict.over else None
            if said is not None and said != told_over:  # (said again when a correction changes who won)
                write_wrapped(t.game_over([sheet.players[w] for w in verdict.winners]))
            told_over = said
            index = len(sheet.entries)
            dealer, direction = sheet.players[sheet.dealer(index)], sheet.direction(index)
            # "Deal 3 of 9" where the game has a number of deals.
            of = "_of" if rules.deal_count and index < rules.deal_count else ""  # (not "Deal 2 of 1" in a tie's sudden death)
            if verdict.over:
                prompt = t("sk_prompt_over")
            elif direction == "hold":
                prompt = t("sk_prompt_hold" + of, number=index + 1, count=rules.deal_count, dealer=dealer)
            else:
                prompt = t("sk_prompt" + of, number=index + 1, count=rules.deal_count, dealer=dealer, direction=t.direction(direction))
            head, _, question = prompt.rpartition(". ")
            if head and len(prompt) > shutil.get_terminal_size().columns // 2:
                # The deal on a line of its own, the question short: a play-test's entries wrapped at column 80 after
                # a prompt of 61 columns.
                write_wrapped(head + ".")
                prompt = question
            answer = read(prompt).strip()
            word = answer.split(" ", 1)[0].lower()
            try:
                if word in ("quit", "ende", "q"):
                    raise EOFError
                if word in ("help", "hilfe", "?"):
                    write_wrapped(help_text(sheet, t))
                    write_wrapped(t("sk_help_commands", points=example_entry(sheet, t)[0]))
                    continue
                if not answer:  # (after the end, not an invitation to type points: a play-test's were then refused)
                    points, cards = example_entry(sheet, t)
                    write_wrapped(t("sk_empty_over") if verdict.over else t("sk_empty", points=points, cards=cards))
                    continue
                if word in ("sheet", "tabelle"):
                    for line in sheet_table(sheet, t, shutil.get_terminal_size().columns - 1):
                        write(line)
                    continue
                if word == "csv":
                    target = answer[len(word) :].strip()
                    if not target:
                        raise ScoreError("ske_csv_usage")
                    Path(target).write_text(sheet_csv(sheet, t), encoding=CSV_ENCODING)
                    write_wrapped(t("sk_saved_csv", path=target))
                    continue
                if word in ("undo", "zurück", "zurueck", "zuruck"):
                    entry = sheet.take_back()
                    write_wrapped(t("sk_undone", number=len(sheet.entries) + 1, points=t.named_points(sheet.players, entry.points)))
                elif word in ("fix", "berichtige"):
                    parts = answer.split(None, 2)
                    if len(parts) == 2 and parts[1].isdigit() and 1 <= int(parts[1]) <= len(sheet.entries):
                        # "fix 2" alone: what deal 2 holds now, to correct it from (it said only how to type fix).
                        shown = sheet.entries[int(parts[1]) - 1]
                        held = (
                            ", ".join(
                                t("sk_named", name=name, points=_cards_text(sheet, t, mask))
                                for name, mask in zip(sheet.players, shown.taken, strict=True)
                            )
                            if shown.taken is not None
                            else t.named_points(sheet.players, shown.raw)
                        )
                        write_wrapped(t("sk_fix_shows", number=parts[1], held=held, word=word))
                        continue
                    if len(parts) < 3 or not parts[1].isdigit():
                        raise ScoreError("ske_fix_usage")
                    number = parts[1]
                    sheet.check_entered(int(number))
                    fixed = _entry(sheet, parts[2])
                    sheet.correct(int(number), fixed)
                    # with what it now holds, as a deal entered or taken back says it (a play-test typed sheet to check)
                    points = t.named_points(sheet.players, sheet.entries[int(number) - 1].points)
                    write_wrapped(t("sk_fixed_points", number=number, points=points))
                    if fixed.moon_shooter is not None:  # (as a deal entered: a play-test's corrected moon went unsaid)
                        write_wrapped(t("moon", name=sheet.players[fixed.moon_shooter]))
                else:
                    # A word that is no card and no player's name is a mistyped command, not an entry (a play-test's
                    # "sheeet" after the end was told the game is over, as if the correction were refused)
                    mistyped = word.isalpha() and read_card(word) is None and word not in {p.lower() for p in sheet.players}
                    if mistyped and verdict.over:
                        raise ScoreError("ske_over_unknown", word=word)
                    if verdict.over:  # (a play-test's entry after the end was told that a player's points were missing)
                        raise ScoreError("sk_over_new")  # (and how a new sheet begins: "start a new sheet" said not how)
                    entry = sheet.add(_entry(sheet, answer))
                    write_wrapped(t("sk_scored", number=index + 1, points=t.named_points(sheet.players, entry.points)))
                    if entry.moon_shooter is not None:
                        write_wrapped(t("moon", name=sheet.players[entry.moon_shooter]))
                write_wrapped(t("sk_totals", totals=t.named_points(sheet.players, sheet.totals)))
                if sheet.verdict().sudden_death:
                    write_wrapped(t("sudden_death"))
                save()
            except ScoreError as error:
                write_wrapped(t("sk_refused", reason=error.text(t.lang)))
                if error.key in ("sk_unknown_entry", "ske_fix_usage"):  # an example of this table's own (a play-test's
                    points, cards = example_entry(sheet, t)  # four players were shown three players' points)
                    write_wrapped(t("sk_example", points=points, cards=cards))
            except OSError as error:  # csv FILE that cannot be written: the file and why, in words (it was "[Errno 2] ...")
                why = {errno.ENOENT: "ske_no_folder", errno.EACCES: "ske_no_permission", errno.EISDIR: "ske_is_folder"}.get(
                    error.errno or 0
                )
                reason = t("ske_unwritable", path=error.filename, why=t(why) if why else error.strerror or str(error))
                write_wrapped(t("sk_refused", reason=reason))
    except (EOFError, KeyboardInterrupt) as leaving:  # the end of input, quit, or Ctrl+C (it said "Aborted!", no way back)
        if isinstance(leaving, KeyboardInterrupt):
            write("")  # (the cursor was left after the prompt)
        if not sheet.entries and not path.exists():
            write_wrapped(t("sk_not_kept"))  # a sheet opened and left empty is not kept (it hid the real one from --resume)
            return
        save()
        # A sheet kept elsewhere (score --file) is continued from its file, not from the list of kept sheets (a
        # play-test was told "--resume NAME", which did not know it).
        kept = path.parent.resolve() == sheets_dir().resolve() or path.resolve() == legacy_sheet_path().resolve()
        if kept and sheet.verdict().over:  # nothing to go on with (Ctrl+C after the end said "Continue with", a play-test)
            write_wrapped(t("sk_saved_over", name=path.stem))
        else:
            write_wrapped(t("sk_saved", name=path.stem) if kept else t("sk_saved_file", path=shlex.quote(str(path))))
