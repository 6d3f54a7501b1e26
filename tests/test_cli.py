"""The ``blackmaria`` command, run as a user runs it (a real subprocess)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from blackmaria.rules import PRESETS, preset
from helpers import play_random_game


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "blackmaria.cli", *args], input=stdin, capture_output=True, text=True, timeout=120)


def test_rules_lists_every_preset_with_a_line_each() -> None:
    out = run("rules").stdout.splitlines()
    assert [line.split()[0] for line in out if not line.startswith(" ")] == list(PRESETS)
    assert "  4 players  Standard Hearts" in "\n".join(out)
    # In German where asked (a German user's list was English), each line within the terminal's 80 columns.
    german = subprocess.run(
        [sys.executable, "-m", "blackmaria.cli", "rules"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "LANG": "de_DE.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "COLUMNS": "80"},
    ).stdout
    assert "two-player            2 Spieler  Black Maria zu zweit: je 13 Karten" in german, german
    assert "players" not in german and max(len(line) for line in german.splitlines()) < 80


def test_rules_show_in_words_and_json() -> None:
    words = run("rules", "show", "black-maria").stdout
    assert "43 points in each deal" in words and "passes 3 cards" in words
    # in German too (a play-test's `--lang de` was refused there, in German)
    german = run("rules", "show", "two-player", "--lang", "de").stdout
    assert german.startswith("Black Maria zu zweit, 2 Spieler.\n") and "Es wird nicht weitergegeben." in german
    assert "Optionen (wie eine Hausregel-Datei sie schreibt):\n  players = 2" in german
    data = json.loads(run("rules", "show", "hearts", "--json").stdout)
    assert data["preset"] == "hearts" and data["pass_schedule"] == ["left", "right", "across", "hold"]
    bad = run("rules", "show", "hearts", "--players", "8")
    # The preset's own counts, not "Black Maria is played by 2 to 7" (a play-test read that under hearts).
    assert bad.returncode != 0 and "8 players: the hearts preset is for 4 players" in bad.stderr


def test_replay_prints_scores_and_json(tmp_path: Path) -> None:
    game = play_random_game("black-maria", 21)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.to_record()), encoding="utf-8")
    text = run("replay", str(path))
    assert text.returncode == 0 and "winner:" in text.stdout
    data = json.loads(run("replay", "--json", "-", stdin=path.read_text()).stdout)
    assert data["totals"] == game.totals
    assert [d["points"] for d in data["deals"]] == [list(d.points or ()) for d in game.deals]


def test_replay_tricks_shows_every_pass_and_trick_as_played(tmp_path: Path) -> None:
    """A play-test expected ``replay`` to show the game, and found only the scores."""
    from blackmaria.events import CardPlayed, TrickWon

    game = play_random_game("black-maria", 21)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.to_record()), encoding="utf-8")
    out = run("replay", "--tricks", str(path)).stdout.splitlines()
    assert out[0].startswith("Black Maria") and out[0].endswith(f"3 players: {', '.join(game.seats)}")
    tricks = [line for line in out if line.lstrip().startswith("trick ")]
    won = [e for e in game.events if isinstance(e, TrickWon)]
    assert len(tricks) == len(won) and sum(line.count(", ") + 1 for line in tricks) == sum(isinstance(e, CardPlayed) for e in game.events)
    for line, event in zip(tricks, won, strict=True):
        assert line.endswith(f"-> {game.seats[event.seat]} ({event.points} point{'' if event.points == 1 else 's'})"), line
    assert sum(": " in line and " to " in line for line in out) == 3 * len(game.deals)  # each seat's pass, each deal
    from blackmaria.cards import card_symbol, in_hand_order
    from blackmaria.events import CardsPassed

    passes = [line.split(": ")[1].split() for line in out if ": " in line and " to " in line]
    passed = [e.cards for e in game.events if isinstance(e, CardsPassed) and e.cards]
    assert passes == [[card_symbol(c) for c in in_hand_order(cards)] for cards in passed]  # as a hand shows them
    # Two players: no pass to speak of ("pass hold" read as one to come) and the stock's draws, every one (a play-test).
    from blackmaria.events import CardDrawn

    duo = play_random_game("two-player", 3)
    path.write_text(json.dumps(duo.to_record()), encoding="utf-8")
    out = run("replay", "--tricks", str(path)).stdout.splitlines()
    assert any(line.startswith("Deal 1: dealer ") and line.endswith(", no pass") for line in out), out[:4]
    assert sum(" drew " in line for line in out) == sum(isinstance(e, CardDrawn) for e in duo.events) > 0


def test_export_says_where_it_wrote_and_asks_which_game_on_standard_error(tmp_path: Path) -> None:
    from blackmaria.rules import preset
    from blackmaria.tui.session import new_session, saves_dir

    env = {**os.environ, "BLACKMARIA_DATA_DIR": str(tmp_path)}
    os.environ["BLACKMARIA_DATA_DIR"] = str(tmp_path)
    try:
        for name in ("first", "second"):
            session = new_session(preset("hearts"), levels=["easy"], lang="en", seed=1, save_path=saves_dir() / f"{name}.json")
            session.deal()
            session.save()
    finally:
        del os.environ["BLACKMARIA_DATA_DIR"]
    target = tmp_path / "out.json"
    args = [sys.executable, "-m", "blackmaria.cli", "export", "--current", str(target), "--lang", "en"]
    result = subprocess.run(args, input="2\n", capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 0 and result.stdout == ""
    said = " ".join(result.stderr.split())
    assert "Which game (1-2 or a name)" in said, said
    assert f"is written to {target}: blackmaria replay {target} checks it" in said, said
    assert json.loads(target.read_text())["format"] == "blackmaria/1"
    named = subprocess.run([*args[:4], "--game", "first"], capture_output=True, text=True, env=env, timeout=60)
    assert json.loads(named.stdout)["seats"][0] == "You" and named.stderr == ""
    # A finished game by its name too (a play-test's was refused as "no saved game in progress").
    finished = tmp_path / "finished"
    finished.mkdir(exist_ok=True)
    (finished / "game-old.json").write_text(json.dumps(play_random_game("hearts", 5).to_record()), encoding="utf-8")
    old = subprocess.run([*args[:4], "--game", "game-old"], capture_output=True, text=True, env=env, timeout=60)
    assert old.returncode == 0 and json.loads(old.stdout)["deals"], old.stderr
    # A record that does not replay is refused, named, and not written (a save with an illegal card was exported).
    broken = play_random_game("hearts", 6).to_record()
    broken["deals"][0]["plays"][:2] = broken["deals"][0]["plays"][1::-1]
    (finished / "game-broken.json").write_text(json.dumps(broken), encoding="utf-8")
    refused = subprocess.run([*args[:4], "--game", "game-broken"], capture_output=True, text=True, env=env, timeout=60)
    assert refused.returncode == 1 and refused.stdout == "" and "game-broken: deal 1, play 1:" in refused.stderr, refused.stderr


def test_replay_refuses_a_broken_record_with_one_line(tmp_path: Path) -> None:
    record = play_random_game("hearts", 3).to_record()
    plays = record["deals"][0]["plays"]
    plays[0], plays[1] = plays[1], plays[0]
    result = run("replay", "-", stdin=json.dumps(record))
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: deal 1, play 1:") and "(rule: " in lines[0]


def test_bench_json_reports_deals_per_second() -> None:
    result = run("bench", "--rules", "black-maria", "--deals", "2000", "--repeats", "1", "--json")
    data = json.loads(result.stdout)
    assert data["deals_per_second"] > 0 and data["rules"] == "black-maria"
    assert abs(data["mean_points_per_deal"] - 43) < 1e-9  # no moon in black-maria: every deal scores 43
    # (a researcher's --deals 0 was a ZeroDivisionError, --deals -3 "-1,096,491 deals/s")
    for option, value in (("--deals", "0"), ("--deals", "-3"), ("--repeats", "0")):
        refused = run("bench", option, value)
        assert refused.returncode == 2 and f"Invalid value for '{option}': {value} is not in the range x>=1." in refused.stderr


def test_rule_errors_name_the_options_the_command_has() -> None:
    """Bug 9: rules show named --rules/--players, a missing file was "not a preset", --seat named no table's seats."""
    missing = run("rules", "show", "x.toml")
    assert missing.returncode != 0 and "Invalid value for NAME: x.toml: no such house-rules file" in missing.stderr
    assert "--rules" not in missing.stderr
    seat = run("play", "--seat", "7", "--plain")
    assert seat.returncode != 0 and "use a number 1..3 or one of its seat names, South, West, East (clockwise)" in seat.stderr
    assert run("play", "--seat", "0", "--plain").returncode != 0  # numbered from 1, as join and the lobby number them
    kitty = run("play", "--players", "4", "--kitty", "--plain")
    assert (
        kitty.returncode != 0
        and "Invalid value for --kitty: kitty: with 4 players and 52 cards in play nothing is left over" in kitty.stderr
    )
    german = run("play", "--seat", "Nord", "--lang", "DE", "--plain")  # (the language in any case: DE was refused)
    assert german.returncode != 0 and "Süd, West, Ost" in german.stderr  # a 3-player table has no Nord


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--deals", "0"], "Fehler: Ungültiger Wert für --deals: 0: der Wert muss 1 bis 1000 sein"),
        (["--speed=abc"], "Fehler: Ungültiger Wert für --speed: 'abc' ist keine Zahl"),
        (["--players", "x"], "Fehler: Ungültiger Wert für --players: 'x' ist keine ganze Zahl"),
        (["--bogus"], "Fehler: Die Option --bogus gibt es nicht. Meintest du --bots?"),
        (["--resume", "nosuch"], "Fehler: "),
    ],
)
def test_clicks_own_refusals_of_a_german_command_line_are_german(args: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A play-test: a number out of range, a word for a number and a mistyped option were answered in English under
    --lang de ("0 is not in the range 1<=x<=1000", "No such option"), and a missing saved game with "Error:"."""
    from blackmaria.cli import main

    with pytest.raises(SystemExit):
        main.main(["play", "--lang", "de", "--plain", *args])
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert error.startswith(said) and "Error" not in error and "Invalid" not in error, error


def test_a_mistyped_command_is_refused_in_german_under_a_german_locale() -> None:
    """A play-test under LANG=de_DE typed "plya": "Fehler: No such command 'plya'." under "BEFEHL [ARGUMENTE]"."""
    said = subprocess.run(
        [sys.executable, "-m", "blackmaria.cli", "plya"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "LANG": "de_DE.UTF-8", "LC_ALL": ""},
    )
    lines = said.stderr.splitlines()
    assert said.returncode == 2 and lines[0].endswith("[OPTIONEN] BEFEHL [ARGUMENTE]..."), lines
    assert lines[-1] == "Fehler: Den Befehl 'plya' gibt es nicht. Meintest du play, replay?", lines


def test_a_german_command_line_is_refused_in_german() -> None:
    """A play-test: under --lang de every error of the command line (usage, help, the rule set's own words) was English."""
    players = run("play", "--lang", "de", "--players", "9", "--plain")
    usage, help_line, gap, error = players.stderr.splitlines()  # (the program's name: python -m blackmaria.cli here)
    assert players.returncode == 2 and usage.startswith("Aufruf: ") and usage.endswith(" play [OPTIONEN]") and gap == ""
    assert help_line.startswith("'") and help_line.endswith(" play --help' zeigt die Hilfe.")
    assert error == "Fehler: Ungültiger Wert für --players: 9 Spieler: das Regelwerk black-maria ist für 3 bis 6 Spieler"
    near = run("learn", "--lang=de", "--rules", "blackmaria", "--plain")
    assert (
        near.returncode == 2
        and "Fehler: Ungültiger Wert für --rules: 'blackmaria' ist kein Regelwerk; meintest du black-maria?" in near.stderr
    )
    hearts = run("play", "--lang", "de", "--rules", "hearts", "--players", "5", "--plain")
    assert "5 Spieler: das Regelwerk hearts ist für 4 Spieler; für 5 passen black-maria" in hearts.stderr
    bots = run("play", "--lang", "de", "--bots", "genius", "--plain")
    assert "'genius' ist keine Stufe der Computerspieler; die Stufen sind random, easy" in bots.stderr
    english = run("play", "--lang", "en", "--players", "9", "--plain")  # and English stays as click says it
    assert english.returncode == 2 and english.stderr.startswith("Usage: ") and " play --help' for help." in english.stderr
    assert "Error: Invalid value for --players: 9 players: the black-maria preset is for 3 to 6 players" in english.stderr


def test_a_resumed_game_refuses_settings_it_would_not_take() -> None:
    """A play-test's `--resume NAME --rules black-maria --players 5` went on with the saved 4-player hearts game without
    a word; the settings a saved game has are refused by name before any game is looked for."""
    refused = run("play", "--resume", "--rules", "black-maria", "--players", "5", "--plain")
    assert refused.returncode == 2 and refused.stderr.rstrip().endswith(
        "Error: --rules, --players: a resumed game keeps the settings it was started with (--speed, --no-autoplay, --lang and --plain apply to it)"
    ), refused.stderr
    german = run("play", "--lang", "de", "--resume", "x", "--bots", "hard", "--plain")
    assert german.returncode == 2 and "Fehler: --bots: eine fortgesetzte Partie behält die Einstellungen" in german.stderr


def test_a_game_whose_input_ends_before_any_play_is_not_kept_but_one_quit_is(tmp_path: Path) -> None:
    """A play-test's scripted runs (input at its end at the first prompt) left seven unplayed saved games."""
    env = {**os.environ, "BLACKMARIA_DATA_DIR": str(tmp_path)}
    command = [sys.executable, "-m", "blackmaria.cli", "play", "--plain", "--seed", "5"]
    ended = subprocess.run(command, input="", capture_output=True, text=True, timeout=120, env=env)
    assert ended.returncode == 0 and "Nothing was played, so the game is not kept. Goodbye." in ended.stdout
    assert not list((tmp_path / "saves").glob("*.json"))
    quit_at_once = subprocess.run(command, input="quit\n", capture_output=True, text=True, timeout=120, env=env)
    assert "Game saved as game-" in quit_at_once.stdout and len(list((tmp_path / "saves").glob("*.json"))) == 1


def test_a_seat_is_named_as_the_table_of_that_size_names_it(tmp_path: Path) -> None:
    """--seat takes the names the table shows (at three players East is seat 2, at four North is seat 2): the seat
    taken passes to the right, to the seat before it in the order of play."""
    from blackmaria.tui.session import seat_names

    assert seat_names("en", 3) == ("South", "West", "East") and seat_names("en", 4)[2] == "North"
    for players, name, seat in ((3, "East", 2), (4, "north", 2), (6, "Carla", 2), (3, "2", 1)):  # numbered from 1, as join's
        played = subprocess.run(
            [sys.executable, "-m", "blackmaria.cli", "play", "--seat", name, "--players", str(players), "--plain"],
            input="quit\n",
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, "BLACKMARIA_DATA_DIR": str(tmp_path / name)},
        )
        assert played.returncode == 0, played.stderr
        right = seat_names("en", players)[(seat - 1) % players]
        assert f"Pass 3 cards to the right to {right}." in played.stdout, played.stdout


def test_a_preset_is_refused_for_a_player_count_it_is_not_made_for() -> None:
    """Bug 10: --rules two-player --players 3 played a three-player game titled "two-player"."""
    refused = run("play", "--rules", "two-player", "--players", "3", "--plain")
    assert refused.returncode != 0 and "3 players: the two-player preset is for 2 players; for 3 try black-maria" in refused.stderr
    assert run("rules", "show", "two-player", "--players", "2").returncode == 0


def saved_game_quit_at_once(data_dir: Path, *options: str) -> dict[str, Any]:
    """``blackmaria play OPTIONS`` started line by line and left at once: the game it saved."""
    played = subprocess.run(
        [sys.executable, "-m", "blackmaria.cli", "play", *options, "--plain", "--seed", "3"],
        input="quit\n",
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "BLACKMARIA_DATA_DIR": str(data_dir)},
    )
    assert played.returncode == 0, played.stderr
    saved: dict[str, Any] = json.loads(next((data_dir / "saves").glob("*.json")).read_text())
    return saved


def saved_rules_of_a_game_quit_at_once(data_dir: Path, *options: str) -> dict[str, object]:
    """The rules the game of ``saved_game_quit_at_once`` holds."""
    rules: dict[str, object] = saved_game_quit_at_once(data_dir, *options)["record"]["rules"]
    return rules


def test_play_with_a_kitty_from_the_command_line(tmp_path: Path) -> None:
    """The play-test found the kitty only in a house-rules file (the lobby and the scorekeeper offer it)."""
    rules = saved_rules_of_a_game_quit_at_once(tmp_path, "--players", "5", "--kitty")
    assert rules["kitty"] is True and rules["players"] == 5


@pytest.mark.parametrize(("end", "deal_count", "target_score"), [(["--deals", "2"], 2, None), (["--target", "50"], None, 50)])
def test_a_short_game_from_the_command_line(tmp_path: Path, end: list[str], deal_count: int | None, target_score: int | None) -> None:
    """A play-test wrote a house-rules file for a two-deal game (Black Maria is 9 deals, Hearts goes to 100); the
    lobby offers "after N deals" and "at N points", and so do play and host now."""
    rules = saved_rules_of_a_game_quit_at_once(tmp_path, "--rules", "hearts", *end)
    assert (rules["deal_count"], rules["target_score"], rules["preset"]) == (deal_count, target_score, "hearts")
    both = run("play", "--deals", "2", "--target", "50", "--plain")
    assert both.returncode != 0 and "--deals and --target both say when the game ends: give one of them." in both.stderr


def test_the_texts_name_the_command_as_it_can_be_typed_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """After ``make play`` the program is .venv/bin/blackmaria, not on the PATH: a play-test typed the "blackmaria play
    --resume" the game had told it and got "command not found". The texts now say the path that works."""
    from blackmaria.locale import Texts, program_name

    venv_bin = tmp_path / ".venv" / "bin"
    venv_bin.mkdir(parents=True)
    (venv_bin / "blackmaria").write_text("#!/bin/sh\n", encoding="utf-8")
    (venv_bin / "blackmaria").chmod(0o755)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.argv", [".venv/bin/blackmaria", "play"])
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    program_name.cache_clear()
    try:
        assert Texts("en")("goodbye_named", name="g") == "Game saved as g. Continue with:\n  .venv/bin/blackmaria play --resume g"
        program_name.cache_clear()
        monkeypatch.setenv("PATH", f"{venv_bin}:/usr/bin:/bin")  # activated: the plain name works
        assert Texts("de")("sk_saved", name="s") == "Punkteliste s gespeichert. Weiter mit:\n  blackmaria score --resume s"
    finally:
        program_name.cache_clear()


def test_play_seats_a_bot_writers_own_program_and_names_one_that_cannot_run(tmp_path: Path) -> None:
    """A play-test: `play --bots cmd:...` was "not a bot level", so a bot writer could meet their bot only online."""
    example = Path(__file__).parent.parent / "examples" / "bots" / "lowest_card.py"
    played = subprocess.run(
        [sys.executable, "-m", "blackmaria.cli", "play", "--rules", "two-player", "--bots", f"cmd:{sys.executable} {example}"]
        + ["--plain", "--seed", "3"],
        input="quit\n",
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "BLACKMARIA_DATA_DIR": str(tmp_path)},
    )
    assert played.returncode == 0 and "Your hand:" in played.stdout, played.stderr
    saved = json.loads(next((tmp_path / "saves").glob("*.json")).read_text())
    assert saved["levels"] == [f"cmd:{sys.executable} {example}"]  # resumed with the same program
    refused = run("play", "--bots", "cmd:no-such-bot-program", "--plain")
    assert refused.returncode == 2 and "bot 'cmd:no-such-bot-program': no program 'no-such-bot-program' on the PATH" in refused.stderr
    unknown = run("play", "--bots", "grandmaster", "--plain")
    assert (
        "'grandmaster' is not a bot level; the levels are random, easy, medium, hard, expert, or cmd:COMMAND, policy:PATH" in unknown.stderr
    )
    # More levels than computer seats: said, not dropped without a word (a play-test's fourth level for two seats).
    many = run("play", "--players", "3", "--bots", "easy,hard,medium,expert", "--plain")
    assert many.returncode == 2 and "4 levels for the 2 computer players of a 3-player table" in many.stderr


def test_fewer_levels_than_computer_seats_fill_the_rest_with_the_last_as_a_tournament_does() -> None:
    """A researcher read "repeated when shorter" for play and "the last fills the empty seats" for tournament."""
    from blackmaria.tui.session import new_session

    session = new_session(preset("hearts"), levels=["easy", "hard"], lang="en", seed=1, save_path=None)
    assert [session.bot_levels[seat] for seat in (1, 2, 3)] == ["easy", "hard", "hard"]


PLAYERS_COMMANDS = ["play", "learn", "score", "join", "host", "stats", "export"]


@pytest.mark.parametrize("command", PLAYERS_COMMANDS)
def test_a_players_command_gives_its_help_in_german_when_asked(command: str) -> None:
    """A play-test's ``blackmaria play --help --lang de`` was all English: the frame, the command's words and every
    option's are German, the option names and the defaults as they are."""
    import click
    from click.testing import CliRunner

    from blackmaria.cli import main

    german = CliRunner().invoke(main, [command, "--lang", "de", "--help"], env={"COLUMNS": "100"}, prog_name="blackmaria")
    assert german.exit_code == 0, german.output
    assert german.output.startswith(f"Aufruf: blackmaria {command} [OPTIONEN]") and "\nOptionen:\n" in german.output
    assert "Diese Hilfe zeigen und beenden." in german.output
    english = CliRunner().invoke(main, [command, "--lang", "en", "--help"], env={"COLUMNS": "100"}, prog_name="blackmaria")
    assert english.output.startswith(f"Usage: blackmaria {command} [OPTIONS]")
    said, english_said = "".join(german.output.split()), "".join(english.output.split())  # (as wrapped, at hyphens too)
    cmd = main.get_command(click.Context(main), command)
    assert cmd is not None
    for param in cmd.params:
        help_text = getattr(param, "help", None)
        if help_text:
            assert "".join(help_text.split()) not in said, f"{command} {param.name}: still English"  # (each one said in German)
            assert "".join(help_text.split()) in english_said  # (and in English when asked so)
    assert "default:" not in german.output and ("Standard:" in german.output or "[default" not in english.output)


def test_the_command_list_is_german_in_a_german_environment() -> None:
    from click.testing import CliRunner

    from blackmaria.cli import main

    listed = CliRunner().invoke(main, ["--help"], env={"LANG": "de_DE.UTF-8", "LC_ALL": "", "LANGUAGE": "", "COLUMNS": "80"})
    assert listed.exit_code == 0 and "\nBefehle:\n" in listed.output, listed.output
    assert "Eine ganze Partie im Terminal gegen Computerspieler spielen" in listed.output
    assert "Play a whole game" not in listed.output and "Commands:" not in listed.output


def test_play_takes_the_bot_levels_as_they_are_shown_in_german(tmp_path: Path) -> None:
    """A German play-test read "(mittel)" in `play --list` and was refused `--bots schwer`."""
    assert saved_game_quit_at_once(tmp_path, "--bots", "schwer,Experte", "--lang", "de")["levels"] == ["hard", "expert"]


def test_the_languages_option_is_taken_before_the_command_too() -> None:
    """A play-test's ``blackmaria --help --lang de`` was refused, in German ("Die Option --lang gibt es nicht"): the
    option was the commands' alone. Given before the command, it says the help's language and the command's."""
    from click.testing import CliRunner

    from blackmaria.cli import main

    env = {"LANG": "en_GB.UTF-8", "LC_ALL": "", "LANGUAGE": "", "COLUMNS": "100"}
    for args in (["--help", "--lang", "de"], ["--lang", "de", "--help"], ["--lang", "DE", "--help"]):
        helped = CliRunner().invoke(main, args, env=env, prog_name="blackmaria")
        assert helped.exit_code == 0 and helped.output.startswith("Aufruf: blackmaria [OPTIONEN]"), (args, helped.output)
        assert "Sprache dieser Hilfe und des Befehls danach" in helped.output
    listed = CliRunner().invoke(main, ["--lang", "de", "rules"], env=env)
    assert listed.exit_code == 0 and "Spieler" in listed.output and "players" not in listed.output, listed.output
    english = CliRunner().invoke(main, ["--help"], env=env)
    assert "Language of this help, and of the command after it" in english.output
