"""Bring your own bot: a program over standard input and output plays, and a broken one is replaced without stopping the game."""

from __future__ import annotations

import json
import re
import shlex
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from blackmaria.bots import run_bots
from blackmaria.bots.external import ExternalBot
from blackmaria.cards import card_name
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
    hanging = ExternalBot(f'{sys.executable} -c "import time; time.sleep(30)"', time_limit=0.3, start_limit=0.3)
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

    with pytest.raises(ValueError, match="bot 'cmd:no-such-program --fast': no program 'no-such-program' on the PATH"):
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

    with pytest.raises(BotProgramError, match=r"^definitely-not-a-program --fast: no program 'definitely-not-a-program' on the PATH"):
        ExternalBot("definitely-not-a-program --fast")


def test_a_script_that_is_not_executable_is_named_as_such_not_as_missing(tmp_path: Path) -> None:
    """A play-test: `cmd:/path/mybot.py` (mode 644) read "no program '/path/mybot.py' found"."""
    from blackmaria.bots.external import BotProgramError
    from blackmaria.tournament import expand_lineup

    script = tmp_path / "mybot.py"
    script.write_text("print('hi')\n", encoding="utf-8")
    script.chmod(0o644)
    with pytest.raises(
        ValueError, match=rf"is not executable: chmod \+x {re.escape(str(script))}, or give its interpreter first \(python3 "
    ):
        expand_lineup([f"cmd:{script}", "random"], 4)
    with pytest.raises(BotProgramError, match="is not executable"):
        ExternalBot(str(script))
    with pytest.raises(ValueError, match=rf"no file {re.escape(repr(str(tmp_path / 'other.py')))}"):
        expand_lineup([f"cmd:{tmp_path / 'other.py'}", "random"], 4)


def _answering(answer: str) -> ExternalBot:
    """A program that says it is ready, then gives ``answer`` (a line of JSON) to every request."""
    code = f'import sys\nfor line in sys.stdin: print(\'{{"type": "ready"}}\' if \'"hello"\' in line else {answer!r}, flush=True)'
    return ExternalBot(f"{sys.executable} -c {shlex.quote(code)}")


@pytest.mark.parametrize(
    ("answer", "error"),
    [
        ('{"cards": ["6S"]}', 'bad card: the answer to play has no "card" (it has \'cards\'): {"card": "QS"}'),
        ('{"card": ["6S"]}', 'bad card: "card" holds ["6S"]: a card is its name as a string, e.g. "QS" or "10H"'),
        ('{"card": 5}', 'bad card: "card" holds 5: a card is its name as a string, e.g. "QS" or "10H"'),
    ],
)
def test_an_answer_of_the_wrong_shape_is_named_by_what_is_wrong(answer: str, error: str) -> None:
    """A play-test: `{"cards": ["6S"]}` for a play read "'' is not a card", `{"card": ["6S"]}` "']' is not a suit"."""
    from blackmaria.observation import observe

    game = Game("two-player", seed=1)  # no pass: the first request is a play
    game.deal()
    bot = _answering(answer)
    card = bot.choose_play(observe(game, game.turn))
    assert card in observe(game, game.turn).legal  # the fallback's
    assert bot.errors == [f"{bot.command}: {error}"]


def test_an_illegal_card_is_refused_with_the_rule_it_breaks() -> None:
    """The rule by its code and the game's words (a play-test's refusal listed the legal cards alone)."""
    from blackmaria.observation import observe

    game = Game("hearts", seed=1)
    game.deal()
    for seat in range(4):
        game.pass_cards(seat, sorted(game.hand(seat))[:3])
    opener = observe(game, game.turn)
    other = max(card for card in opener.hand if card not in opener.legal)
    bot = _answering(json.dumps({"card": card_name(other)}))
    assert bot.choose_play(opener) in opener.legal
    (error,) = bot.errors
    assert f"illegal card {card_name(other)} (first-lead: " in error and error.endswith("; legal were 2C")


def test_a_program_may_take_its_start_limit_to_answer_the_hello_and_no_more_later() -> None:
    """A play-test's bot that loads a model for 2.5 s failed every seating at the 2 s of an answer."""
    from blackmaria.observation import observe

    code = (
        "import json, sys, time\nplays = 0\nfor line in sys.stdin:\n"
        "    m = json.loads(line)\n"
        "    if m['type'] == 'hello': time.sleep(1.0); print(json.dumps({'type': 'ready'}), flush=True)\n"
        "    elif m['type'] == 'play':\n"
        "        plays += 1; time.sleep(0.8 if plays > 2 else 0); print(json.dumps({'card': m['observation']['legal'][0]}), flush=True)"
    )
    slow_start = ExternalBot(f"{sys.executable} -c {shlex.quote(code)}", time_limit=0.4, start_limit=5.0)
    game = Game("two-player", seed=3)
    game.deal()
    mine = 0
    while mine < 3:
        seat = game.turn
        if seat == 0:
            mine += 1
            if mine == 3:
                break
        game.play(slow_start.choose_play(observe(game, 0)) if seat == 0 else min(game.legal_cards()), seat)
    assert slow_start.errors == [] and slow_start.fallback_moves == 0  # the hello's second was within its start limit
    slow_start.choose_play(observe(game, 0))  # its third answer takes 0.8 s
    assert slow_start.errors == [f"{slow_start.command}: no answer to play within 0.4 s"]
    slow_start.close()


def test_a_tournament_takes_the_bot_programs_time_limit() -> None:
    """A play-test: only `serve` had --bot-time-limit, so a bot slower than 2 s could not play a tournament."""
    from click.testing import CliRunner

    from blackmaria.cli import main

    code = (
        "import json\nimport sys\nimport time\nfor line in sys.stdin:\n    m = json.loads(line)\n"
        "    if m['type'] == 'hello': sys.stdout.write(json.dumps({'type': 'ready'}) + chr(10))\n"
        "    elif m['type'] == 'play': time.sleep(0.5); sys.stdout.write(json.dumps({'card': m['observation']['legal'][0]}) + chr(10))\n"
        "    sys.stdout.flush()"
    )
    # (no comma in the command: --bots is a list split at commas)
    slow = f"cmd:{sys.executable} -c {shlex.quote(code)}"
    args = ["tournament", "--rules", "two-player", "--bots", f"{slow},random", "--deals", "1", "--workers", "1", "--quiet"]
    out = CliRunner().invoke(main, [*args, "--bot-time-limit", "0.2"])
    # The table is printed, and the exit status says a fallback's points stand under the program's name.
    assert out.exit_code == 3 and "FAULTS" in out.output and "no answer to play within 0.2 s" in out.output
    refused = CliRunner().invoke(main, [*args, "--bot-time-limit", "0"])
    assert refused.exit_code == 2 and "--bot-time-limit" in refused.output


def test_the_hello_tells_the_card_values_so_a_program_need_not_work_them_out() -> None:
    """A play-test's bot had to hard-code each preset's scoring: the hello holds ``Rules.facts()`` now."""
    from blackmaria.observation import observe

    code = (
        "import json, sys\nfor line in sys.stdin:\n    m = json.loads(line)\n"
        "    v = m['facts']['values'] if m['type'] == 'hello' else {}\n"
        "    print(json.dumps({'type': 'ready', 'name': f\"{v['JD']} {v['QS']}\"} if m['type'] == 'hello' else {'card': m['observation']['legal'][0]}), flush=True)"
    )
    bot = ExternalBot(f"{sys.executable} -c {shlex.quote(code)}")
    game = Game("omnibus", seed=2)
    game.deal()
    bot.choose_pass(observe(game, 0))  # (its answer is no pass: the fallback's; the hello is what is checked)
    assert bot.name == "-10 13"
    bot.close()


def test_a_bot_program_ends_with_its_bot_and_with_each_episode_of_an_env() -> None:
    """A researcher's Gymnasium env with a program opponent left 75 processes running after 25 episodes: each reset
    made new bots and dropped the old, which their reader threads kept alive, so they never stopped their programs."""
    import gc

    bot = ExternalBot(EXAMPLE, seed=1)
    process = bot._process
    del bot
    gc.collect()
    assert process.wait(timeout=5) is not None, "a bot dropped without close() stops its program"

    gymnasium = pytest.importorskip("gymnasium")
    from blackmaria.envs.gymnasium_env import BlackMariaSingleSeatEnv

    env = BlackMariaSingleSeatEnv(rules="hearts", opponents=f"cmd:{EXAMPLE}")
    assert isinstance(env, gymnasium.Env)
    earlier: list[Any] = []
    for episode in range(4):
        env.reset(seed=episode)
        running = [bot._process for bot in env.bots.values()]
        assert len(running) == 3 and all(process.poll() is None for process in running)
        assert all(process.wait(timeout=5) is not None for process in earlier), "the last episode's programs ended"
        earlier = running
    env.close()
    assert all(process.wait(timeout=5) is not None for process in earlier), "close() ends the programs"
    assert env.reset(seed=9)[0] is not None and len(env.bots) == 3  # and a reset after close() plays again
    env.close()


def test_a_closed_bot_leaves_no_pipe_open() -> None:
    """A researcher ran an env with program opponents under ``python -X dev``: every episode and ``close()`` warned
    "ResourceWarning: unclosed file" twice a program (its output and error pipes were never closed)."""
    import warnings

    bot = ExternalBot(EXAMPLE, seed=1)
    process = bot._process
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ResourceWarning)
        bot.close()
        del bot
    assert process.stdout is not None and process.stderr is not None and process.stdin is not None
    assert process.stdout.closed and process.stderr.closed and process.stdin.closed
    assert [w for w in caught if issubclass(w.category, ResourceWarning)] == []


def test_a_script_that_never_closes_its_bot_exits_cleanly() -> None:
    """A researcher ran bot-protocol.md's two lines, used the bot and ended the script: Python aborted at its exit
    ("Fatal Python error: _enter_buffered_busy: could not acquire lock", exit status 134) every time, where the
    work had all been done. The program is stopped at the exit, and the script's status is its own."""
    import subprocess

    script = (
        "from blackmaria.bots.external import ExternalBot\n"
        "from blackmaria.game import Game\n"
        f"bot = ExternalBot({EXAMPLE!r}, time_limit=2.0, fallback='medium')\n"
        "game = Game('hearts', seed=1)\n"
        "game.deal()\n"
        "print(len(bot.choose_pass(game.observation(0))))\n"
    )
    for _ in range(3):  # (it aborted 3 runs of 3)
        done = subprocess.run([sys.executable, "-X", "dev", "-c", script], capture_output=True, text=True, timeout=60)
        assert (done.returncode, done.stdout) == (0, "3\n"), done.stderr[-600:]
        assert "Fatal" not in done.stderr and "ResourceWarning" not in done.stderr, done.stderr[-600:]


def test_a_program_opponent_that_never_answers_stops_the_env_at_reset() -> None:
    """A researcher's mistyped path ran whole episodes against `medium` in the program's seats, told by a warning
    alone, where a tournament stops on it: `reset` raises, naming the seat and what the program said."""
    pytest.importorskip("gymnasium")
    from blackmaria.bots.external import BotProgramError
    from blackmaria.envs.gymnasium_env import BlackMariaSingleSeatEnv

    env = BlackMariaSingleSeatEnv(rules="hearts", opponents=f"cmd:{sys.executable} /nonexistent/mybot.py")
    with pytest.raises(BotProgramError, match=r"opponent at seat 1 could not play: .*stopped before its first answer.*mybot"):
        env.reset(seed=1)
    with pytest.raises(RuntimeError):
        env.step(0)  # no episode began
    env.close()


def test_a_program_opponent_that_fails_in_an_env_is_told_in_info_and_warned() -> None:
    """A researcher's `cmd:` opponent crashed on its third play; the Gymnasium env went on with `medium` in its seat
    and said nothing, so a learner could train for hours against `medium` believing it faced the program."""
    pytest.importorskip("gymnasium")
    from blackmaria.envs.gymnasium_env import BlackMariaSingleSeatEnv

    illegal_2c = '{"card": "2C"}'  # the two of clubs for every play: illegal once it has been played
    code = f'import sys\nfor line in sys.stdin: print(\'{{"type": "ready"}}\' if \'"hello"\' in line else {illegal_2c!r}, flush=True)'
    env = BlackMariaSingleSeatEnv(rules="two-player", opponents=f"cmd:{sys.executable} -c {shlex.quote(code)}")
    told: dict[int, list[str]] = {}
    with pytest.warns(RuntimeWarning, match=r"(?s)opponent at seat 1: .*illegal card 2C.*its fallback plays the seat") as warned:
        _, info = env.reset(seed=1)
        told |= info.get("opponent_faults", {})
        done = False
        while not done:
            _, _, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
            told |= info.get("opponent_faults", {})
    env.close()
    assert list(told) == [1] and len(told[1]) == 1 and "illegal card 2C" in told[1][0]
    # once, not at every later step the fallback plays (another warning, a slow answer on a loaded machine, aside)
    faults = [str(w.message) for w in warned if "illegal card 2C" in str(w.message)]
    assert len(faults) == 1, [str(w.message) for w in warned]
