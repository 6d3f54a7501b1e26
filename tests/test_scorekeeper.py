"""The tabletop scorekeeper: entries checked by the rules, moons found, corrections, the end and ties."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from blackmaria.locale import Texts
from blackmaria.rules import PRESETS, preset
from blackmaria.scorekeeper import ScoreError, ScoreSheet
from blackmaria.tui.scorekeeping import run_scorekeeper, sheet_csv


def _type(sheet: ScoreSheet, lines: list[str], lang: str = "en") -> list[str]:
    answers = iter(lines)
    output: list[str] = []

    def read(prompt: str) -> str:
        output.append(prompt)
        line = next(answers, None)
        if line is None:
            raise EOFError  # as input() at the end of what was typed
        return line

    run_scorekeeper(sheet, lang, read, output.append)
    return output


def said(out: list[str]) -> str:
    """What the scorekeeper said, as one text: its sentences are wrapped between words at the terminal's width."""
    return " ".join(" ".join(out).split())


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BLACKMARIA_DATA_DIR", str(tmp_path))


def test_a_wrong_total_is_refused_with_the_reason_and_nothing_is_entered() -> None:
    sheet = ScoreSheet(preset("black-maria"), ["Anna", "Ben", "Carla"])
    out = _type(sheet, ["10 8 24", "Hx3 AS / Hx8 / Hx2 KS", "Hx3 AS / Hx8 QS / Hx2 KS QS", "quit"])
    assert "Not accepted: the points add up to 42, but every deal under these rules has 43 points." in said(out)
    assert "Not accepted: every card that scores must be entered; missing Q♠ (43" in said(out)
    assert "Not accepted: Q♠ is entered for Ben and for Carla: a card can be taken only once." in said(out)
    # Hearts entered as a count have no ranks: the hearts missing are counted (a play-test read "missing KH AH").
    out = _type(sheet, ["Hx3 AS / Hx7 / KS", "quit"])
    assert "Not accepted: every card that scores must be entered; missing Q♠, 3 hearts (43" in said(out)
    assert sheet.entries == []
    # "H3" is the card 3♥ (as German writes H10): a player who meant three hearts is told how to count them.
    out = _type(ScoreSheet(preset("hearts"), ["A", "B", "C", "D"]), ["H3 / H8 QS / H2 / -", "quit"])
    assert "(26 points in each deal). H3 is the card 3♥: 3 hearts of any rank are Hx3." in said(out)


def test_a_moon_is_found_and_applied_by_the_tables_option() -> None:
    sheet = ScoreSheet(preset("hearts"), ["W", "N", "E", "S"])
    out = _type(sheet, ["Hx13 QS / / / ", "0 0 26 0", "quit"])
    assert "W shot the moon!" in out and "E shot the moon!" in out
    assert sheet.totals == [26, 52, 26, 52]
    subtract = ScoreSheet(preset("hearts").replace(moon="subtract-from-shooter"), ["W", "N", "E", "S"])
    subtract.add(subtract.from_points([26, 0, 0, 0]))
    assert subtract.totals == [-26, 0, 0, 0]


def test_cards_and_points_entries_score_alike_also_with_the_jack_of_diamonds() -> None:
    sheet = ScoreSheet(preset("omnibus"), ["W", "N", "E", "S"])
    by_cards = sheet.from_cards(["Hx13 QS JD", "", "", ""])
    by_points = sheet.from_points([16, 0, 0, 0])
    assert by_cards.points == by_points.points == (-10, 26, 26, 26)
    assert sheet.from_cards(["Hx10 QS", "JD Hx3", "", ""]).points == sheet.from_points([23, -7, 0, 0]).points


def test_a_correction_of_an_earlier_deal_changes_the_totals() -> None:
    sheet = ScoreSheet(preset("black-maria"), ["Anna", "Ben", "Carla"], first_dealer=2)
    # Points with commas too ("10, 8, 25": a play-test typed them so and was refused), and cards player by player.
    out = _type(sheet, ["10, 8, 25", "0 43 0", "fix 1 Hx3 AS, Hx8, Hx2 KS QS", "fix 7 1 2 40", "quit"])
    assert any(
        line.startswith("Deal 1 corrected (Anna: ") for line in out
    ) and "Not accepted: there is no deal 7; deals 1 to 2 are entered." in said(out)
    assert sheet.totals == [10, 51, 25]
    # The deal moves clockwise; said on a line of its own, the question after it short (entries wrapped at 80 columns).
    assert out[out.index("Deal 2 of 9: Anna deals, pass to the right.") + 1] == "Points or cards: "
    # With one deal entered, or none, the refusal says so ("deals 1 to 1 are entered" read oddly: a play-test).
    one = ScoreSheet(preset("black-maria"), ["Anna", "Ben", "Carla"])
    assert "there is no deal 5; only deal 1 is entered." in said(_type(one, ["10 8 25", "fix 5 1 2 40", "quit"]))
    # The deal's number first, whatever the entry after it (a play-test's "fix 6 Hx14 ..." was told of the hearts).
    assert "there is no deal 6; only deal 1 is entered." in said(_type(one, ["fix 6 Hx14 / QS / -", "quit"]))
    assert "there is no deal 2: no deal is entered yet." in said(
        _type(one.__class__(preset("black-maria"), ["A", "B", "C"]), ["fix 2 1 2 40", "quit"])
    )


def test_a_correction_that_would_end_the_game_before_the_last_deal_entered_is_refused_and_says_how() -> None:
    """A play-test corrected deal 2 of a Hearts game to 50 into a moon: the game then ended after deal 4, and deal 5
    stood on the sheet and named another winner. The correction is refused, naming the deal the game ends after and
    the deals after it to take back first; once they are, it is taken, and the winner is the one of deal 4."""
    rules = preset("hearts").replace(target_score=50, deal_count=None)
    sheet = ScoreSheet(rules, ["Grandma", "Grandpa", "Max", "Lena"])
    out = _type(sheet, ["0 13 13 0", "3 14 4 5", "2 5 3 16", "1 0 12 13", "1 0 12 13", "fix 2 26 0 0 0", "quit"])
    assert (
        "Not accepted: with these points for deal 2 the game ends after deal 4, and deal 5 comes after its end: take it back first, then correct deal 2."
        in said(out)
    ), said(out)
    assert len(sheet.entries) == 5 and sheet.totals == [7, 32, 44, 47] and not sheet.verdict().over
    sheet.take_back()
    out = _type(sheet, ["fix 2 26 0 0 0", "quit"])
    assert sheet.totals == [3, 44, 54, 55] and sheet.verdict().winners == (0,), said(out)
    more = ScoreSheet(rules, ["Grandma", "Grandpa", "Max", "Lena"])
    out = _type(more, ["0 13 13 0", "3 14 4 5", "2 5 3 16", "1 0 12 13", "1 0 12 13", "1 0 12 13", "fix 2 26 0 0 0", "quit"])
    assert "the game ends after deal 4, and deals 5 to 6 come after its end: take those back first" in said(out), said(out)


def test_score_at_a_terminal_without_players_asks_who_plays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A play-test's family would have kept a whole sheet under Anna, Ben and Carla: at a terminal, the names are
    asked for (Enter keeps those); given with --players, or read from a pipe, nothing is asked."""
    from click.testing import CliRunner

    from blackmaria.cli import main

    monkeypatch.setenv("BLACKMARIA_DATA_DIR", str(tmp_path))
    monkeypatch.setattr("blackmaria.cli._can_ask", lambda: True)
    asked = CliRunner().invoke(main, ["score", "--lang", "en"], input="Oma, Opa, Max\n0 43 0\nquit\n")
    assert "Who plays? Names in seat order (clockwise), separated by commas (Enter: Anna, Ben, Carla)" in " ".join(asked.output.split())
    assert all(len(line) < 80 for line in asked.output.splitlines())  # broken between words (it broke "Be" / "n")
    assert "Oma: 0, Opa: 43, Max: 0" in " ".join(asked.output.split()), asked.output
    kept = CliRunner().invoke(main, ["score", "--lang", "en"], input="\n0 43 0\nquit\n")
    assert "Anna: 0, Ben: 43, Carla: 0" in " ".join(kept.output.split()), kept.output
    given = CliRunner().invoke(main, ["score", "--lang", "en", "--players", "A,B,C"], input="0 43 0\nquit\n")
    assert "Who plays?" not in given.output and "A: 0, B: 43, C: 0" in " ".join(given.output.split())
    # As many names as the rule set's players (Hearts' four: the three offered were refused as too few, a play-test).
    hearts = CliRunner().invoke(main, ["score", "--lang", "en", "--rules", "hearts"], input="\n0 13 13 0\nquit\n")
    assert "(Enter: Anna, Ben, Carla, Dora)" in " ".join(hearts.output.split()) and hearts.exit_code == 0, hearts.output
    assert "Anna: 0, Ben: 13, Carla: 13, Dora: 0" in " ".join(hearts.output.split()), hearts.output
    # Names that cannot make the sheet are said in words and asked for again: the program ended, naming --players, an
    # option never typed, and the names were lost (a play-test's "Oma, Opa, oma, Kind"; three for Hearts' four).
    again = CliRunner().invoke(
        main,
        ["score", "--lang", "en", "--rules", "hearts"],
        input="Oma, Opa, oma, Kind\nOma, Opa, Kind\nOma, Opa, Lena, Max\n0 13 13 0\nquit\n",
    )
    said = " ".join(again.output.split())
    assert again.exit_code == 0 and "--players" not in said and "Usage" not in said, again.output
    assert "oma is named twice: give each player a name of their own" in said and said.count("Who plays?") == 3, said
    assert "3 players: the hearts preset is for 4 players" in said and "Oma: 0, Opa: 13, Lena: 13, Max: 0" in said, said
    # Names without commas are said to be one name; semicolons are read as commas; the count in the reader's language.
    spaced = CliRunner().invoke(
        main, ["score", "--lang", "de", "--rules", "hearts"], input="Oma Opa Kind Dad\nOma; Opa; Kind\nOma; Opa; Kind; Dad\nquit\n"
    )
    said = " ".join(spaced.output.split())
    assert "'Oma Opa Kind Dad' ist ein einziger Name: trenne die Namen mit Kommas" in said, said
    assert "3 Spieler: das Regelwerk hearts ist für 4 Spieler" in said and "hearts preset" not in said, said
    assert spaced.exit_code == 0 and said.count("Wer spielt?") == 3, said
    # A kitty with five names given is not judged at the rule set's own three (nothing left over there).
    kitty = CliRunner().invoke(main, ["score", "--lang", "en", "--kitty", "--players", "A,B,C,D,E"], input="quit\n")
    assert kitty.exit_code == 0, kitty.output


def test_the_sheet_of_four_long_names_fits_80_columns_with_the_moon_beside_its_points() -> None:
    """A play-test's sheet for Großmutter, Großvater, Maximilian and Friederike at 80 columns put "Moon" and the
    shooter's name on lines of their own under the table: there the moon is a ☾ beside the shooter's points."""
    from blackmaria.tui.scorekeeping import sheet_table

    players = ["Großmutter", "Großvater", "Maximilian", "Friederike"]
    sheet = ScoreSheet(preset("hearts"), players)
    for points in ([0, 13, 13, 0], [0, 0, 26, 0], [3, 14, 4, 5]):
        sheet.add(sheet.from_points(points))
    lines = sheet_table(sheet, Texts("en"), 79)
    assert all(len(line) <= 79 for line in lines), lines
    assert "Moon" not in lines[0] and lines[2].split()[-2:] == ["0☾", "26"], lines
    wide = sheet_table(sheet, Texts("en"), 120)  # (room enough: the moon's own column, with its shooter's name)
    assert wide[0].rstrip().endswith("Moon") and wide[2].rstrip().endswith("Maximilian"), wide


def _type_sheet(sheet: ScoreSheet, entries: list[str]) -> ScoreSheet:
    _type(sheet, [*entries, "quit"])
    return sheet


def test_undo_takes_the_last_deal_back_to_be_entered_again() -> None:
    """A play-test typed "undo" after a wrong deal and was told it was neither points nor cards."""
    sheet = ScoreSheet(preset("black-maria"), ["Anna", "Ben", "Carla"])
    out = _type(sheet, ["undo", "10 8 25", "undo", "25 8 10", "quit"])
    assert "Not accepted: no deal is entered yet, so there is none to take back." in said(out)
    assert "Deal 1 taken back (Anna: 10, Ben: 8, Carla: 25): enter it again." in said(out)
    assert [entry.points for entry in sheet.entries] == [(25, 8, 10)]
    assert out.count("Deal 1 of 9: Anna deals, pass to the right.") == 3  # asked again for deal 1
    out = _type(ScoreSheet(preset("black-maria"), ["A", "B", "C"]), ["0 0 43", "zurück", "ende"], lang="de")
    assert "Spiel 1 zurückgenommen (A: 0, B: 0, C: 43): gib es neu ein." in said(out)


def test_the_end_by_deal_count_and_a_shared_tie() -> None:
    rules = preset("black-maria").replace(deal_count=3)
    sheet = ScoreSheet(rules, ["Anna", "Ben", "Carla"])
    out = _type(sheet, ["0 20 23", "20 0 23", "0 3 40"])
    over = out.index("Game over. Winner: Anna.")
    # What may be done on a line of its own, the question short: at 80 columns a command typed after the long question
    # wrapped ("csv /tm" / "p/pt3/sheet-de.csv", a play-test).
    assert out[over + 1 : over + 3] == ["The game is over: fix N ..., undo, sheet, csv FILE or quit.", "Command: "]
    assert sheet.totals == [20, 23, 86]
    tie = ScoreSheet(rules, ["Anna", "Ben", "Carla"])
    assert "Game over. Winners: Anna and Ben." in _type(tie, ["0 20 23", "20 0 23", "3 3 37"])  # (not "Winner: Anna, Ben.")
    # The deal that decided it can still be mended (a play-test's typo there could not: the program had quit); no
    # further deal is taken.
    out = _type(tie, ["fix 3 3 37 3", "0 0 43", "quit"])
    fixed = "Deal 3 corrected (Anna: 3, Ben: 37, Carla: 3)."  # what it now holds (a play-test typed sheet to see)
    assert fixed in out and out[out.index(fixed) + 2] == "Game over. Winner: Anna."
    assert tie.totals == [23, 57, 49]
    # and how a new sheet begins ("start a new score sheet" said not how, a play-test); this one stays kept
    new_sheet = "Not accepted: the game is over: quit, and blackmaria score starts a new sheet (this one is kept)."
    assert new_sheet in said(out) and len(tie.entries) == 3, said(out)
    # Left after the end, the sheet is not offered "to continue" (Ctrl+C on a finished sheet said so, a play-test).
    assert "its game is over (blackmaria score --resume" in said(out) and "Continue with" not in said(out), said(out)
    # An entry by names after the end is told the game is over, not that a player's points are missing (a play-test).
    out = _type(tie, ["Anna: 10, Ben: 8", "quit"])
    assert new_sheet in said(out) and len(tie.entries) == 3
    # A mistyped command after the end is said so (a play-test's "sheeet" was told the game is over)
    out = _type(tie, ["sheeet", "quit"])
    assert "Not accepted: 'sheeet' is not a command; after the game sheet, fix N, undo, csv FILE and quit still work." in said(out)


def test_sudden_death_asks_for_another_deal() -> None:
    rules = preset("black-maria").replace(deal_count=1, ties="sudden-death")
    sheet = ScoreSheet(rules, ["Anna", "Ben", "Carla"])
    out = _type(sheet, ["0 0 43", "10 0 33"])
    assert "A tie for lowest: another deal decides." in out and "Game over. Winner: Ben." in out


def test_the_sheet_resumes_and_exports(tmp_path: Path) -> None:
    sheet = ScoreSheet(preset("hearts"), ["W", "N", "E", "S"])
    _type(sheet, ["20 6 0 0", "Hx13 QS / / / ", "quit"])
    (saved,) = (tmp_path / "scoresheets").glob("sheet-*.json")
    again = ScoreSheet.from_json(saved.read_text(encoding="utf-8"))
    assert again.totals == sheet.totals and [e.moon_shooter for e in again.entries] == [None, 0]
    assert sheet_csv(sheet, Texts("en")).splitlines() == [
        "Deal,Dealer,Pass,W,N,E,S,Moon",
        "1,W,to the left,20,6,0,0,",
        "2,N,to the right,0,26,26,26,W",
        "Total,,,20,32,26,26,",
    ]
    # In the sheet's language and its spreadsheets' separator (German ones read ";"), and without a moon column where
    # the rules have none.
    assert sheet_csv(sheet, Texts("de")).splitlines()[:2] == ["Spiel;Geber;Weitergabe;W;N;E;S;Mond", "1;W;nach links;20;6;0;0;"]
    maria = ScoreSheet(preset("black-maria"), ["Anna", "Ben", "Carla"])
    maria.add(maria.from_points([10, 8, 25]))
    assert sheet_csv(maria, Texts("en")).splitlines() == [
        "Deal,Dealer,Pass,Anna,Ben,Carla",
        "1,Anna,to the right,10,8,25",
        "Total,,,10,8,25",
    ]
    with pytest.raises(ScoreError, match="enter the points of all 4 players"):
        sheet.from_points([26])


def test_the_command_keeps_score_in_german_through_a_pipe(tmp_path: Path) -> None:
    env = {**os.environ, "BLACKMARIA_DATA_DIR": str(tmp_path)}
    run = subprocess.run(
        [sys.executable, "-m", "blackmaria.cli", "score", "--players", "Anna,Ben,Carla", "--lang", "de"],
        input="10 8 24\n10 8 25\nende\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert "Nicht angenommen: die Punkte ergeben 42, aber jedes Spiel hat nach diesen Regeln 43 Punkte." in " ".join(run.stdout.split())
    assert "Stand — Anna: 10, Ben: 8, Carla: 25" in run.stdout
    (saved,) = (tmp_path / "scoresheets").glob("sheet-*.json")
    assert json.loads(saved.read_text())["deals"] == [{"points": [10, 8, 25]}]


def test_cards_typed_in_german_letters_count_as_the_game_reads_them() -> None:
    """A German table writes the queen of spades PD (Pik-Dame); the sheet took only the English QS (a play-test)."""
    sheet = ScoreSheet(preset("black-maria"), ["Anna", "Ben", "Carla"])
    german = sheet.from_cards(["Hx3 pa", "h10 hx7", "Hx2 PK dp"])
    assert german == sheet.from_cards(["Hx3 AS", "TH Hx7", "Hx2 KS QS"])
    assert german.points == (10, 8, 25)
    out = "\n".join(_type(sheet, ["Hx3 PA / Hx8 / Hx2 PK PD", "berichtige 1 Hx3 PA / Hx8 PD / Hx2 PK", "tabelle", "ende"], lang="de"))
    assert "Spiel 1 — Anna: 10, Ben: 8, Carla: 25." in out
    assert "Spiel 1 berichtigt (Anna: 10, Ben: 21, Carla: 12)." in out
    assert "Stand — Anna: 10, Ben: 21, Carla: 12" in out
    assert "Geber" in out and "Mond" not in out  # Black Maria has no moon: the sheet has no column for it
    hearts = "\n".join(_type(ScoreSheet(preset("hearts"), ["A", "B", "C", "D"]), ["0 26 0 0", "sheet", "quit"]))
    assert "Moon" in hearts and "B shot the moon" in hearts


def test_the_csv_file_is_the_sheet_with_a_byte_order_mark_in_the_players_language(tmp_path: Path) -> None:
    """A German sheet's file opened in one column of a German spreadsheet (commas) and "JÃ¼rgen" for Jürgen (no
    byte order mark): it is written with ";" in German and begins with the mark."""
    sheet = ScoreSheet(preset("black-maria"), ["Jürgen", "Ben", "Carla"])
    _type(sheet, ["10 8 25", f"csv {tmp_path / 'liste.csv'}", "ende"], lang="de")
    written = (tmp_path / "liste.csv").read_bytes()
    assert written.startswith(b"\xef\xbb\xbf") and written.decode("utf-8-sig") == sheet_csv(sheet, Texts("de"))
    assert written.decode("utf-8-sig").splitlines()[:2] == ["Spiel;Geber;Weitergabe;Jürgen;Ben;Carla", "1;Jürgen;nach rechts;10;8;25"]


def test_a_tie_played_off_by_sudden_death_is_not_a_deal_past_the_games_count() -> None:
    """A play-test's tie after the only deal of a sudden-death game was asked for "Deal 2 of 1"."""
    rules = preset("hearts").replace(deal_count=1, target_score=None, ties="sudden-death")
    sheet = ScoreSheet(rules, ["A", "B", "C", "D"], first_dealer=3)
    out = _type(sheet, ["13 13 0 0"])
    assert "A tie for lowest: another deal decides." in said(out)
    assert "Deal 2: A deals, pass to the right." in said(out), out[-3:]
    assert "Deal 2 of 1" not in said(out)


def test_refusals_are_in_the_players_language_and_bad_commands_say_how() -> None:
    sheet = ScoreSheet(preset("black-maria"), ["Anna", "Ben", "Carla"])
    out = _type(sheet, ["Hx3 AS / Hx8 QS / Hx2 KS QS", "Hx3 XS / Hx8 / Hx2 KS QS", "berichtige eins 1 2 40", "csv", "ende"], lang="de")
    assert "Nicht angenommen: D♠ ist bei Ben und bei Carla eingegeben: jede Karte kann nur einer bekommen." in said(out)
    assert (
        "Nicht angenommen: Anna: XS ist weder eine Karte noch Punkte; schreib eine Karte als PD, H10 oder D♠, drei Herz als Hx3 (eins als H), Punkte in Ziffern (20)."
        in said(out)
    )
    assert "Nicht angenommen: schreib berichtige, die Nummer des Spiels, dann seine Punkte oder Karten." in said(out)
    # with an example of this table's own (a play-test's four players were shown three players' "10 8 25")
    assert (
        "An diesem Tisch zum Beispiel: Punkte 3 21 19 oder Karten Hx3 / Hx8 D♠ / Hx2 K♠ A♠; berichtige 2 3 21 19 trägt Spiel 2 neu ein."
        in said(out)
    )
    assert "Nicht angenommen: schreib csv und einen Dateinamen (csv liste.csv)." in said(out)
    # Each sentence is broken between words at the terminal's width (80 here): a play-test read "separ" / "ated by /".
    assert all(len(line) <= 79 for line in out if not line.endswith(": ")), [line for line in out if len(line) > 79]
    with pytest.raises(ScoreError) as refused:
        sheet.from_points([10, 8, 24])
    assert refused.value.key == "ske_total" and refused.value.values == {"sum": 42, "total": 43}
    assert str(refused.value) == "the points add up to 42, but every deal under these rules has 43 points"
    # The play-test's "-5 20 28" adds up to 43, but no trick holds fewer than 0 points in Black Maria.
    with pytest.raises(ScoreError) as refused:
        sheet.from_points([-5, 20, 28])
    assert str(refused.value) == "Anna cannot have -5: a player's tricks hold from 0 to 43 points in a deal under these rules"
    assert sheet.from_points([0, 0, 43]).points == (0, 0, 43)
    omnibus = ScoreSheet(preset("omnibus"), ["Anna", "Ben", "Carla", "Dan"])
    assert omnibus.from_points([-10, 5, 15, 6]).raw == (-10, 5, 15, 6)
    with pytest.raises(ScoreError, match="Dan cannot have 27"):
        omnibus.from_points([-10, 0, -1, 27])


def test_a_sheet_file_from_elsewhere_is_continued_and_a_broken_one_refused(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from blackmaria.cli import main

    sheet = ScoreSheet(preset("black-maria"), ["Anna", "Ben", "Carla"])
    sheet.entries.append(sheet.from_points([10, 8, 25]))
    exported = tmp_path / "from-the-phone.json"
    exported.write_text(sheet.to_json(), encoding="utf-8")
    result = CliRunner().invoke(main, ["score", "--file", str(exported), "--lang", "en"], input="0 43 0\nquit\n")
    assert result.exit_code == 0, result.output
    # The way back is by the file (a play-test was told "--resume from-the-phone", which knew no such sheet).
    assert f"Continue with: blackmaria score --file {exported}" in " ".join(result.output.split())
    resumed = ScoreSheet.from_json(exported.read_text(encoding="utf-8"))  # continued in its own file
    assert [list(e.points) for e in resumed.entries] == [[10, 8, 25], [0, 43, 0]]
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "something else"}', encoding="utf-8")
    refused = CliRunner().invoke(main, ["score", "--file", str(broken)])
    assert refused.exit_code == 1 and "broken.json: not a score sheet" in refused.output


def test_a_new_score_sheet_keeps_the_earlier_ones(tmp_path: Path) -> None:
    """Bug 6: blackmaria score replaced the saved score sheet, finished or not, which then vanished from stats."""
    from click.testing import CliRunner

    from blackmaria.cli import main
    from blackmaria.stats import collect

    runner = CliRunner()
    first = runner.invoke(main, ["score", "--rules", "black-maria", "--lang", "en"], input="10 8 25\nquit\n")
    assert first.exit_code == 0, first.output
    second = runner.invoke(main, ["score", "--players", "Dora,Emil,Fritz", "--lang", "en"], input="0 43 0\nquit\n")
    assert second.exit_code == 0, second.output
    sheets = sorted((tmp_path / "scoresheets").glob("*.json"))
    assert len(sheets) == 2
    players = sorted(tuple(json.loads(path.read_text())["players"]) for path in sheets)
    assert players == [("Anna", "Ben", "Carla"), ("Dora", "Emil", "Fritz")]
    resumed = runner.invoke(main, ["score", "--resume", "--lang", "en"], input="\nquit\n")
    assert resumed.exit_code == 0 and "Dora" in resumed.output  # the most recent sheet, the list's first
    # Resumed, the sheet says where it stands before the next deal's prompt (a play-test saw only the prompt).
    before_prompt = resumed.output.split("Deal 2", 1)[0]
    assert re.search(r"^Total +0 +43 +0$", before_prompt, re.M), resumed.output
    # Help explains the commands (a play-test guessed how to use "fix N ..."), wrapped between words.
    helped = runner.invoke(main, ["score", "--resume", "--lang", "en"], input="1\nhelp\nquit\n", env={"COLUMNS": "80"})
    # The list of sheets at 80 columns: broken between words, never in a date (a play-test read "2026-1" / "2-05").
    listed = helped.output.split("Which sheet")[0]
    assert len(re.findall(r"\d{4}-\d\d-\d\d\xa0\d\d:\d\d", listed)) == 2 and all(len(line) < 80 for line in listed.splitlines()), listed
    assert "fix N followed by deal N's points or cards enters that deal again (fix 2 3 21 19)" in " ".join(helped.output.split())
    wrapped = [line for line in helped.output.splitlines() if not line.startswith("Deal ")]  # (prompts meet the input)
    assert wrapped and all(len(line) <= 100 for line in wrapped), wrapped
    stats, _ = collect(tmp_path, None)
    assert stats.skipped == []


@pytest.mark.parametrize("name", list(PRESETS))
def test_the_helps_example_is_a_deal_of_the_sheets_own_rules(name: str) -> None:
    """The help showed every sheet "10 8 25" and "Hx3 AS / Hx8 / Hx2 KS QS", three players of Black Maria."""
    from blackmaria.tui.scorekeeping import help_text

    rules = preset(name)
    sheet = ScoreSheet(rules, [f"P{seat + 1}" for seat in range(rules.players)])
    text = help_text(sheet, Texts("en"))
    points = re.search(r"the points \(([-\d ]+)\)", text)
    cards = re.search(r"separated by / \((.*?); Hx3", text)
    assert points and cards, text
    assert list(sheet.from_cards(cards.group(1).split("/")).points) == [int(p) for p in points.group(1).split()]


def test_the_scorekeepers_texts_say_what_was_typed_and_the_sheet_is_aligned() -> None:
    """Bug 8: a Hearts hold deal read "pass no pass"; help, abc and an empty line all answered "enter the cards of
    all 4 players..., not 1"; the sheet's columns were not aligned."""
    sheet = ScoreSheet(preset("hearts"), ["Wilhelmina", "N", "E", "S"])
    out = _type(sheet, ["20 6 0 0", "0 0 26 0", "6 20 0 0", "help", "abc", "", "1O 8 4 4", "0 0 0 26", "sheet", "quit"])
    # Points for each player but one mistyped word: the word and its player are named (a play-test's letter O).
    assert "Not accepted: Wilhelmina: 1O is neither a card nor points; write a card as QS" in " ".join(out)
    assert "Deal 4: S deals, no passing." in out and "pass no pass" not in " ".join(out)
    assert out[out.index("Deal 4: S deals, no passing.") + 2].startswith("After each deal type the points")
    # Its example is this sheet's: four players, Hearts' cards (a play-test read three players' points and A♠ K♠)
    helped = " ".join(out)
    assert "the points (3 21 2 0)" in helped and "(Hx3 / Hx8 Q♠ / Hx2 / -;" in helped and "A♠" not in helped
    assert "Not accepted: 'abc' is neither points for each player nor cards for each player separated by /" in " ".join(out)
    assert "At this table, for example: points 3 21 2 0, or cards Hx3 / Hx8 Q♠ / Hx2 / -; fix 2 3 21 2 0 enters deal 2 again." in said(out)
    assert "Nothing entered: type the deal's points (3 21 2 0), its penalty cards (Hx3 / Hx8 Q♠ / Hx2 / -) or help." in said(out)
    start = next(i for i, line in enumerate(out) if re.match(r" *Deal +Dealer +Pass +Wilhelmina", line))
    rows = out[start : start + 6]  # the header, four deals, the totals
    assert rows[-1].startswith("Total")
    edge = rows[0].index("Wilhelmina") + len("Wilhelmina")
    assert [row[edge - 2 : edge] for row in rows[1:]] == ["20", "26", " 6", "26", "78"], rows  # Wilhelmina's column lines up


def test_resume_lists_the_sheets_and_an_empty_sheet_is_not_kept(tmp_path: Path) -> None:
    """A play-test quit a sheet left empty, and ``score --resume`` then opened it, not the game it had kept."""
    from click.testing import CliRunner

    from blackmaria.cli import main

    runner = CliRunner()
    kept = runner.invoke(main, ["score", "--players", "Ann,Bob,Cy", "--lang", "en"], input="10 8 25\n0 43 0\nquit\n")
    (path,) = (tmp_path / "scoresheets").glob("*.json")
    assert f"Continue with: blackmaria score --resume {path.stem}" in " ".join(kept.output.split())
    # the command on a line of its own, whole (at 80 columns it was broken in two, a play-test)
    assert f"  blackmaria score --resume {path.stem}" in kept.output.splitlines()
    empty = runner.invoke(main, ["score", "--players", "Dora,Emil,Fritz", "--lang", "en"], input="quit\n")
    assert "Nothing was entered, so no score sheet was kept." in empty.output
    assert list((tmp_path / "scoresheets").glob("*.json")) == [path]
    runner.invoke(main, ["score", "--players", "Dora,Emil,Fritz", "--dealer", "3", "--lang", "en"], input="0 0 43\nquit\n")
    listed = runner.invoke(main, ["score", "--resume", "--lang", "en"], input="2\nquit\n")
    lines = re.sub(r"\n {5}(?=\S)", " ", listed.output).splitlines()  # (each sheet's line as one, wrapped or not)
    assert re.match(r" +1\. sheet-\S+ +Black Maria: Dora, Emil, Fritz; 1 deal entered", lines[1]), lines
    assert re.match(rf" +2\. {path.stem} +Black Maria: Ann, Bob, Cy; 2 deals entered", lines[2]), lines
    assert "Deal 3 of 9: Cy deals" in listed.output  # the second on the list, Ann's game
    named = runner.invoke(main, ["score", "--resume", path.stem, "--lang", "en"], input="quit\n")
    assert "Deal 3 of 9: Cy deals" in named.output
    unknown = runner.invoke(main, ["score", "--resume", "nope", "--lang", "en"])
    assert unknown.exit_code == 1 and "There is no score sheet named nope; the sheets are: sheet-" in unknown.output


def test_the_first_dealer_is_counted_from_one_and_must_be_at_the_table(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from blackmaria.cli import main

    runner = CliRunner()
    second = runner.invoke(main, ["score", "--players", "Ann,Bob,Cy", "--dealer", "2", "--lang", "en"], input="quit\n")
    assert "Deal 1 of 9: Bob deals" in second.output
    first = runner.invoke(main, ["score", "--players", "Ann,Bob,Cy", "--lang", "en"], input="quit\n")
    assert "Deal 1 of 9: Ann deals" in first.output
    beyond = runner.invoke(main, ["score", "--players", "Ann,Bob,Cy", "--dealer", "4", "--lang", "en"])
    # As every option's error: the usage, then the option named (it was a bare line of its own).
    assert beyond.exit_code == 2 and beyond.output.startswith("Usage: ")
    assert "Error: Invalid value for --dealer: 4: there are 3 players, so the first dealer is 1 to 3 (1 is Ann)" in beyond.output
    german = runner.invoke(main, ["score", "--players", "Ann,Bob,ann", "--lang", "de"])
    assert "Fehler: Ungültiger Wert für --players: ann steht zweimal da: gib jedem Spieler einen eigenen Namen" in german.output


def test_a_correction_that_is_a_moon_says_so() -> None:
    """A play-test's "fix 2 0 26 0 0" was answered "Deal 2 corrected." only (the sheet did show the moon)."""
    sheet = ScoreSheet(preset("hearts"), ["Anna", "Ben", "Carla", "Dora"])
    out = _type(sheet, ["14 6 5 1", "fix 1 0 26 0 0", "quit"])
    fixed = next(line for line in out if line.startswith("Deal 1 corrected ("))
    assert out[out.index(fixed) + 1] == "Ben shot the moon!" and sheet.totals == [26, 0, 26, 26]


def test_an_empty_line_after_the_games_end_says_what_may_still_be_typed() -> None:
    """A play-test's empty line after "Game over" was told to type the deal's points, which were then refused."""
    sheet = ScoreSheet(preset("hearts").replace(deal_count=1), ["Anna", "Ben", "Carla", "Dora"])
    out = said(_type(sheet, ["14 6 5 1", "", "quit"]))
    assert "Nothing entered. The game is over: fix N ..., undo, sheet, csv FILE or quit;" in out
    assert "type the deal's points" not in out


def test_a_csv_file_that_cannot_be_written_is_named_with_the_reason_in_words(tmp_path: Path) -> None:
    """A play-test's "csv /nonexistent/dir/x.csv" was answered with Python's "[Errno 2] No such file or directory"."""
    sheet = ScoreSheet(preset("hearts"), ["Anna", "Ben", "Carla", "Dora"])
    missing = tmp_path / "nowhere" / "x.csv"
    out = _type(sheet, ["14 6 5 1", f"csv {missing}", f"csv {tmp_path}", "quit"])
    assert f"Not accepted: {missing} cannot be written (its folder does not exist)." in said(out)
    assert f"Not accepted: {tmp_path} cannot be written (it is a folder)." in said(out)
    german = _type(sheet, [f"csv {missing}", "ende"], lang="de")
    assert f"Nicht angenommen: {missing} kann nicht geschrieben werden (den Ordner gibt es nicht)." in said(german)


def test_points_no_deal_can_end_with_are_refused_though_they_add_up() -> None:
    """A play-test's sheet took Hearts 12 12 2 0 (whoever took the Q♠ has 13 at least) and, for five players, 10 10 10
    10 3: the sum and each count were right, the deal impossible. Every way the cards can share out is accepted."""
    hearts = ScoreSheet(preset("hearts"), ["Anna", "Ben", "Carla", "Dan"])
    with pytest.raises(ScoreError) as refused:
        hearts.from_points([12, 12, 2, 0])
    assert str(refused.value) == (
        "no deal ends with Anna 12, Ben 12, Carla 2, Dan 0: the scoring cards cannot be shared out so "
        "(the Q♠ alone is 13 points, and goes whole to one player)"
    )
    assert refused.value.text("de").startswith("kein Spiel endet mit Anna 12, Ben 12, Carla 2, Dan 0")
    assert hearts.from_points([14, 10, 2, 0]).points == (14, 10, 2, 0)
    assert hearts.from_points([26, 0, 0, 0]).moon_shooter == 0  # a moon is a deal too
    five = ScoreSheet(preset("black-maria", players=5), ["A", "B", "C", "D", "E"])
    with pytest.raises(ScoreError, match="no deal ends with A 10, B 10, C 10, D 10, E 3"):
        five.from_points([10, 10, 10, 10, 3])
    assert five.from_points([13, 10, 7, 10, 3]).raw == (13, 10, 7, 10, 3)
    # Omnibus' jack of diamonds takes 10 off: with it the queen's hand may hold 3, without it 13 at least.
    omnibus = ScoreSheet(preset("omnibus"), ["Anna", "Ben", "Carla", "Dan"])
    assert omnibus.from_points([4, 4, 4, 4]).raw == (4, 4, 4, 4)
    with pytest.raises(ScoreError, match="no deal ends with"):
        omnibus.from_points([-10, 12, 12, 2])


def test_an_entry_may_name_the_players_and_ctrl_c_saves_the_sheet_with_the_way_back(tmp_path: Path) -> None:
    """A play-test typed "Anna: 10, Ben: 8, Carla: 25" and read "Anna: Anna: is neither a card nor points"; Ctrl+C
    said click's "Aborted!" and not how to go on (the sheet was saved); two players of one name were taken."""
    from click.testing import CliRunner

    from blackmaria.cli import main

    sheet = ScoreSheet(preset("black-maria"), ["Anna", "Ben", "Carla"])
    entries = [
        "Anna: 10, Ben: 8, Carla: 25",
        "ben: QS Hx2, anna: Hx3 AS, Carla: KS Hx8",
        "Anna: 10, Ben: 33",
        "Dave: 3, Ben: 20, Carla: 20",
    ]
    out = _type(sheet, [*entries, "Anna: 3 Dave: 20 Carla: 20", "quit"])
    assert [e.points for e in sheet.entries] == [(10, 8, 25), (10, 15, 18)]
    assert "Not accepted: every player's points are needed: Carla has none in this entry." in said(out)
    four = ScoreSheet(preset("hearts"), ["Anna", "Ben", "Carla", "Dora"])
    assert "every player's points are needed: Carla, Dora have none in this entry." in said(_type(four, ["Anna: 20, Ben: 6", "quit"]))
    # A name that is no player's is named (it was read as Anna's cards: "Anna: Dave: is neither a card nor points").
    assert said(out).count("Not accepted: Dave is not at this table: the players are Anna, Ben, Carla.") == 2
    # Without the colons ("Oma 0, Opa 0, Lena 13, Max 13", a play-test's, read "Oma: Oma is neither a card nor points")
    family = ScoreSheet(preset("hearts"), ["Oma", "Opa", "Lena", "Max"])
    _type(family, ["Oma 0, Opa 0, Max 13, Lena 13", "opa 1 oma 12 lena 0 max 13", "quit"])
    assert [e.points for e in family.entries] == [(0, 0, 13, 13), (12, 1, 0, 13)]
    out = _type(family, ["Oma 0, Opa 0, Lena 13", "Oma 0, Opa 0, Lena 13, Mux 13", "quit"])  # left out, mistyped: named
    assert len(family.entries) == 2 and "Not accepted: every player's points are needed: Max has none in this entry." in said(out)
    assert "Not accepted: Mux is not at this table: the players are Oma, Opa, Lena, Max." in said(out), said(out)
    assert [e.points for e in _type_sheet(family, ["10 0 3 13"]).entries][-1] == (10, 0, 3, 13)  # (points alone, as ever)
    # The two forms mixed in one line ("Jürgen: 10, Mum: 3, Emma 13, Dad 0", a play-test's, was refused as "Mum, Dad,
    # Emma have none in this entry").
    kin = ScoreSheet(preset("hearts"), ["Mum", "Dad", "Emma", "Jürgen"])
    _type(kin, ["Jürgen: 10, Mum: 3, Emma 13, Dad 0", "Mum 3, Dad 0, emma: 13, JÜRGEN 10", "quit"])
    assert [e.points for e in kin.entries] == [(3, 0, 13, 10), (3, 0, 13, 10)]
    lines = iter(["10 8 25"])

    def interrupted(prompt: str) -> str:
        line = next(lines, None)
        if line is None:
            raise KeyboardInterrupt
        return line

    kept = ScoreSheet(preset("black-maria"), ["Anna", "Ben", "Carla"])
    output: list[str] = []
    run_scorekeeper(kept, "en", interrupted, output.append, path=tmp_path / "scoresheets" / "sheet-x.json")
    assert said(output).endswith("Score sheet sheet-x saved. Continue with: blackmaria score --resume sheet-x")
    twice = CliRunner().invoke(main, ["score", "--players", "Anna,Ben,anna"])
    assert twice.exit_code == 2 and "anna is named twice: give each player a name of their own" in twice.output


def test_score_takes_the_kitty_and_the_games_length_as_play_does(tmp_path: Path) -> None:
    """A family's five-player evening with a kitty needed a house-rules file: ``play`` had --kitty, ``score`` did not."""
    from click.testing import CliRunner

    from blackmaria.cli import main
    from blackmaria.tui.scorekeeping import saved_sheet_list

    args = ["score", "--players", "A,B,C,D,E", "--kitty", "--deals", "2", "--lang", "en"]
    result = CliRunner().invoke(main, args, input="QS Hx3 / KS / AS / Hx5 / Hx5\nquit\n")
    assert result.exit_code == 0, result.output
    (kept,) = saved_sheet_list()
    assert kept.sheet.rules.kitty and kept.sheet.rules.deal_count == 2 and kept.sheet.totals == [16, 10, 7, 5, 5]


def test_a_heart_alone_counts_one_as_a_player_counts_a_trick() -> None:
    """A play-test typed "QS H H H" (the queen and three hearts) and read "H is neither a card nor points"."""
    sheet = ScoreSheet(preset("black-maria"), ["Anna", "Ben", "Carla"])
    assert sheet.from_cards(["QS H H H", "Hx8", "KS AS h H"]).points == (16, 8, 19)


def test_fix_with_a_deal_number_alone_shows_that_deal_as_entered() -> None:
    """A play-test typed "fix 2" to see what it held before correcting it and was told only how to type fix."""
    sheet = ScoreSheet(preset("black-maria"), ["Anna", "Ben", "Carla"])
    out = _type(sheet, ["10 8 25", "Hx3 AS / Hx8 QS / Hx2 KS", "fix 1", "fix 2", "quit"])
    assert "Deal 1 as entered: Anna: 10, Ben: 8, Carla: 25. To correct it, type fix 1 and its points or cards." in said(out)
    # Cards as they may be typed again (fix 2 Anna: A♠ Hx3, ...): hearts entered as a count shown as one, not as ranks
    # nobody named.
    assert "Deal 2 as entered: Anna: A♠ Hx3, Ben: Q♠ Hx8, Carla: K♠ Hx2." in said(out)
    # hearts alone are the hearts, not "(none) Hx3" (a play-test)
    four = ScoreSheet(preset("hearts"), ["Anna", "Ben", "Carla", "Dan"])
    out = _type(four, ["Hx3 / Hx8 QS / Hx2 / Hx0", "fix 1", "quit"])
    assert "Deal 1 as entered: Anna: Hx3, Ben: Q♠ Hx8, Carla: Hx2, Dan: —." in said(out), said(out)
    # and the dash it shows for Dan may be typed for him (a play-test's "-" was "neither a card nor points")
    assert four.from_cards(["Hx3", "Hx8 QS", "Hx2", "—"]).points == four.from_cards(["Hx3", "Hx8 QS", "Hx2", "-"]).points == (3, 21, 2, 0)


def test_a_moons_result_typed_for_the_tricks_points_is_refused_with_the_points_to_type() -> None:
    """A play-test typed a moon as its result, "0 26 26 26", and read only that the points added up to 78."""
    from blackmaria.rules import Rules
    from blackmaria.scorekeeper import ScoreError, ScoreSheet

    for options, points, typed in (({}, [0, 26, 26, 26], "26 0 0 0"), ({"moon": "subtract-from-shooter"}, [0, 0, -26, 0], "0 0 26 0")):
        sheet = ScoreSheet(Rules.from_data({"preset": "hearts", **options}), ["Anna", "Ben", "Carla", "Dan"])
        with pytest.raises(ScoreError) as refused:
            sheet.from_points(points)
        said = refused.value.text("en")
        assert f"type the points taken in the tricks ({typed})" in said and said.startswith("the points add up to"), said
        assert sheet.from_points([int(v) for v in typed.split()]).moon_shooter is not None  # and typed so, a moon
    sheet = ScoreSheet(Rules.from_data({"preset": "hearts"}), ["Anna", "Ben", "Carla", "Dan"])
    with pytest.raises(ScoreError) as refused:
        sheet.from_points([1, 26, 26, 26])  # no moon reads so: the plain refusal
    assert "shot the moon" not in refused.value.text("en")
