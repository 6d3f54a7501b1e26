"""Bring your own bot: a program over standard input and output plays, and a broken one is replaced without stopping the game."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from blackmaria.bots import run_bots
from blackmaria.bots.external import ExternalBot
from blackmaria.game import Game

EXAMPLE = f"{sys.executable} {Path(__file__).parent.parent / 'examples' / 'bots' / 'lowest_card.py'}"


def _play_game(rules: str, bots: dict[int, ExternalBot], seed: int) -> Game:
    game = Game(rules, seed=seed)
    while not game.is_over:
        game.deal()
        run_bots(game, bots)
    return game


def test_the_example_bot_plays_whole_games_without_a_fault() -> None:
    for rules in ("dirty-lady", "hearts", "two-player"):
        bot = ExternalBot(EXAMPLE)
        game = Game(rules, seed=1)
        others = {seat: ExternalBot(EXAMPLE) for seat in range(1, game.players)}
        finished = _play_game(rules, {0: bot, **others}, seed=1)
        assert finished.is_over and bot.errors == [] and bot.name == "lowest card"
        for other in others.values():
            assert other.errors == []
            other.close()
        bot.close()


def test_garbage_and_hanging_programs_are_replaced_and_the_game_goes_on() -> None:
    garbage = ExternalBot(f"{sys.executable} -c \"import sys\nfor line in sys.stdin: print('QS please', flush=True)\"")
    hanging = ExternalBot(f'{sys.executable} -c "import time; time.sleep(30)"', time_limit=0.3)
    wrong = ExternalBot(
        f"{sys.executable} -c \"import sys, json\nfor line in sys.stdin: print(json.dumps({{'type': 'ready', 'card': 'ZZ', 'cards': []}}), flush=True)\""
    )
    game = _play_game("black-maria", {0: garbage, 1: hanging, 2: wrong}, seed=4)
    assert game.is_over
    assert len(garbage.errors) == 1 and "is not JSON" in garbage.errors[0]
    assert len(hanging.errors) == 1 and "no answer to hello within 0.3 s" in hanging.errors[0]
    assert len(wrong.errors) == 1 and "illegal pass" in wrong.errors[0]
    assert garbage.failed and hanging.failed and wrong.failed


def test_a_program_that_exits_before_the_hello_is_judged_by_what_it_printed() -> None:
    # CI saw the race: the program had printed and exited before hello was written, and was reported only "stopped".
    import time

    from blackmaria.observation import observe

    printed = ExternalBot(f"{sys.executable} -c \"print('hello?')\"")
    silent = ExternalBot(f'{sys.executable} -c "pass"')
    time.sleep(0.5)  # both have exited: writing the hello breaks the pipe
    game = Game("hearts", seed=1)
    game.deal()
    for bot in (printed, silent):
        bot.choose_pass(observe(game, 0))
    assert printed.errors == [f"{printed.command}: answer to hello is not JSON: 'hello?'"]
    assert silent.errors == [f"{silent.command}: the program stopped before its first answer (exit status 0)"]
    assert silent.stopped_at_start and not printed.stopped_at_start  # printed answered, if badly


def test_a_tournament_seats_a_program_and_a_broken_one_does_not_stop_it() -> None:
    from blackmaria.tournament import run_tournament

    result = run_tournament("hearts", [f"cmd:{EXAMPLE}", "random"], deals=3, seed=2, workers=1)
    assert result.plays[f"cmd:{EXAMPLE}"] == 3 * 4  # one seat in each of four rotations, three deals
    broken = f"cmd:{sys.executable} -c \"print('hello?')\""
    survived = run_tournament("black-maria", [broken, "random"], deals=2, seed=2, workers=1)
    assert survived.plays[broken] == 2 * 3  # the fallback bot played its seat
    # ... and the report says so: a bot writer's broken program, played by the fallback, had looked like a winner.
    assert result.faults == {} and "FAULTS" not in result.report()
    assert len(survived.faults[broken]) == 2 * 3 and "answer to hello is not JSON" in survived.faults[broken][0]
    assert survived.faults[broken][0].startswith("deal 1, seat ")  # numbered from 1, as replay numbers deals
    assert f"FAULTS: {broken} failed in 2 of 2 deals (6 seatings)" in survived.report()
    assert survived.to_dict()["faults"][broken]["deals"] == 2


def test_a_program_that_cannot_be_started_is_named_before_any_deal() -> None:
    from blackmaria.tournament import expand_lineup

    with pytest.raises(ValueError, match="bot 'cmd:no-such-program --fast': no program 'no-such-program' found"):
        expand_lineup(["cmd:no-such-program --fast", "random"], 4)


def test_a_program_that_stops_before_its_first_answer_stops_the_tournament_with_its_stderr(tmp_path: Path) -> None:
    """A play-test: `--bots "cmd:python nosuch.py,random"` printed a normal table, exit 0, every decision the
    fallback's, and Python's "can't open file" was never shown. Such a program now stops the tournament with the tail
    of its standard error; one that answers and then misbehaves still falls back (the test above)."""
    from click.testing import CliRunner

    from blackmaria.cli import main

    missing = tmp_path / "nosuch.py"
    spec = f"cmd:{sys.executable} {missing}"
    out = CliRunner().invoke(
        main, ["tournament", "--rules", "hearts", "--bots", f"{spec},random", "--deals", "2", "--workers", "1", "--quiet"]
    )
    assert out.exit_code == 1 and "points/deal" not in out.output
    assert f"bot {spec!r} could not play: " in out.output and "the program stopped before its first answer (exit status 2)" in out.output
    assert "can't open file" in out.output and "the tournament stops" in out.output


def test_a_command_that_is_no_program_is_named_when_the_bot_is_made() -> None:
    """A play-test: ExternalBot("definitely-not-a-program") raised a bare FileNotFoundError."""
    from blackmaria.bots.external import BotProgramError

    with pytest.raises(BotProgramError, match=r"^cmd:definitely-not-a-program --fast: cannot start 'definitely-not-a-program': "):
        ExternalBot("definitely-not-a-program --fast")
