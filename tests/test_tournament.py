"""Tournaments: duplicate deals, statistics on cases with a known answer, the command."""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from blackmaria.cli import main
from blackmaria.rules import preset
from blackmaria.tournament import (
    DealResult,
    TournamentResult,
    append_checkpoint,
    expand_lineup,
    games_of,
    mean_ci,
    parse_bot,
    progress_bar,
    read_checkpoint,
    run_tournament,
)


def test_a_mean_that_rounds_to_nothing_is_plus_zero_and_workers_are_counted_from_one() -> None:
    """A researcher's two equal bots read "-0.00 [-3.97, +3.97]", and --workers -3 was taken without a word."""
    assert str(mean_ci([-0.004, 0.0, 0.002, -0.006])).startswith("+0.00 [")
    refused = CliRunner().invoke(main, ["tournament", "--bots", "random", "--deals", "1", "--workers", "0"])
    assert refused.exit_code == 2 and "--workers" in refused.output and "0 is not in the range x>=1" in refused.output


def test_mean_ci_by_hand() -> None:
    ci = mean_ci([1.0, 2.0, 3.0, 4.0])
    sd = math.sqrt(5 / 3)  # squared deviations 2.25 + 0.25 + 0.25 + 2.25 = 5, over n - 1
    assert ci.mean == 2.5 and ci.sd == pytest.approx(sd)
    # Student's t for 3 degrees of freedom (3.182), not the normal 1.96: four values are few.
    assert ci.high - ci.mean == pytest.approx(3.1824463 * sd / 2)
    assert ci.low == pytest.approx(2.5 - 3.1824463 * sd / 2)
    many = mean_ci([float(v % 7) for v in range(1000)])
    assert many.high - many.mean == pytest.approx(1.9623415 * many.sd / math.sqrt(1000), rel=1e-5)  # t for 999: near the normal


def test_paired_difference_by_hand() -> None:
    rules = preset("hearts")
    result = TournamentResult(rules, ["a", "b", "b", "b"], 2, 0)
    # Deal 0: a takes 6 on average, b 10 (-4); deal 1: a 2, b 8 (-6). Mean -5, sample sd sqrt(2).
    result.results = [
        DealResult(0, {"a": [4, 8], "b": [10, 10, 10, 10, 10, 10]}, {"a": 1, "b": 0}, 0.0),
        DealResult(1, {"a": [2, 2], "b": [8, 8, 8, 8, 8, 8]}, {"a": 0, "b": 0}, 0.0),
    ]
    diff = result.difference("a", "b")
    assert diff.mean == -5.0 and diff.sd == pytest.approx(math.sqrt(2))
    assert result.mean_points("a").mean == 4.0
    assert result.moon_rate("a") == 0.25 and result.moon_rate("b") == 0.0
    assert result.to_dict()["differences"]["a - b"]["mean"] == -5.0
    assert result.games().played == 0  # no points by seat recorded: no games


@pytest.mark.parametrize(("rules", "low"), [("hearts", 0.0), ("omnibus", -10.0)])
def test_a_bots_interval_stays_within_the_points_a_seat_can_score(rules: str, low: float) -> None:
    """Four deals' interval read "6.50 [-14.19, 27.19]" in hearts, where no seat ever scores below 0; in omnibus the
    jack of diamonds (-10) is the floor. The mean is the deals' own, and the paired difference is not bounded so."""
    result = TournamentResult(preset(rules), ["a", "b", "b", "b"], 4, 0)
    taken = [0, 0, 26, 0] if rules == "hearts" else [-10, -10, 26, -10]
    result.results = [DealResult(i, {"a": [p], "b": [9, 9, 8]}, {"a": 0, "b": 0}, 0.0) for i, p in enumerate(taken)]
    found, plain = result.mean_points("a"), mean_ci([float(p) for p in taken])
    assert found.mean == plain.mean and plain.low < low
    assert found.low == low and found.high == pytest.approx(plain.high)
    assert result.difference("a", "b").low < -10  # (a difference may be below 0: it is not clipped)
    assert preset("black-maria").seat_points_bounds == (0, 43)
    assert preset("hearts").replace(moon="subtract-from-shooter").seat_points_bounds == (-26, 26)


def test_identical_bots_differ_by_exactly_nothing() -> None:
    """``random:5`` is the random bot (it has no budget): seeded by seat, every rotation plays the same deal."""
    result = run_tournament("black-maria", ["random", "random:5"], deals=12, seed=3, workers=1)
    diff = result.difference("random", "random:5")
    assert diff.mean == 0.0 and diff.sd == 0.0


def test_every_deal_scores_its_total_without_a_moon() -> None:
    rules = preset("black-maria")
    result = run_tournament(rules, ["easy", "random"], deals=10, seed=1, workers=1)
    assert result.plays == {"easy": 30, "random": 60}
    for deal in result.results:
        assert sum(deal.points["easy"]) + sum(deal.points["random"]) == 3 * rules.deal_total


def test_the_result_does_not_depend_on_the_workers() -> None:
    one = run_tournament("hearts", ["medium", "easy"], deals=6, seed=2, workers=1)
    two = run_tournament("hearts", ["medium", "easy"], deals=6, seed=2, workers=2)
    assert [r.points for r in one.results] == [r.points for r in two.results]


def test_lineups_and_bot_names() -> None:
    assert expand_lineup(["expert", "medium"], 4) == ["expert", "medium", "medium", "medium"]
    assert parse_bot("hard:2000") == ("hard", 2000)
    with pytest.raises(ValueError, match="not one of"):
        parse_bot("wizard")
    with pytest.raises(ValueError, match="budget"):
        parse_bot("hard:lots")
    with pytest.raises(ValueError, match="3 seats"):
        expand_lineup(["easy"] * 4, 3)


def test_progress_bar() -> None:
    assert progress_bar(5, 20, 10.0, width=10) == "[##........]  5/20  30 s left"
    assert progress_bar(0, 20, 0.0, width=4).endswith("?")


def test_the_tournament_command() -> None:
    runner = CliRunner()
    out = runner.invoke(main, ["tournament", "--rules", "black-maria", "--bots", "easy,random", "--deals", "5", "--workers", "1", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output[out.output.index("{") :])
    assert data["lineup"] == ["easy", "random", "random"] and data["deals"] == 5
    assert set(data["bots"]) == {"easy", "random"} and "easy - random" in data["differences"]
    text = runner.invoke(main, ["tournament", "--bots", "easy", "--deals", "2", "--workers", "1", "--quiet"])
    assert text.exit_code == 0 and "points/deal" in text.output
    bad = runner.invoke(main, ["tournament", "--bots", "wizard"])
    assert bad.exit_code != 0 and "not one of" in bad.output
    # A preset by name only for its own counts, as `play` says it (a play-test's tournament played a 5-player hearts).
    refused = runner.invoke(main, ["tournament", "--rules", "hearts", "--players", "5", "--bots", "random", "--deals", "1"])
    assert refused.exit_code == 2 and "5 players: the hearts preset is for 4 players; for 5 try black-maria" in refused.output
    assert "Invalid value for --players:" in refused.output  # the count's fault, as `play` names it


def test_the_tournament_takes_kitty_as_play_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """A researcher's five-player tournament with a kitty: `play --players 5 --kitty` works, `tournament --kitty` was no
    such option (only a house-rules file made it)."""
    runner = CliRunner()
    monkeypatch.setattr("blackmaria.tournament.report_width", lambda: 79)  # (at an 80-column terminal)
    argv = ["tournament", "--rules", "black-maria", "--players", "5", "--kitty", "--bots", "easy,random", "--deals", "2", "--workers", "1"]
    out = runner.invoke(main, [*argv, "--json"])
    assert out.exit_code == 0, out.output
    rules = json.loads(out.output[out.output.index("{") :])["rule_set"]  # every option played under, not the name alone
    assert rules["kitty"] is True and rules["players"] == 5, rules
    text = runner.invoke(main, [*argv, "--quiet"])
    said = " ".join(text.output.split())  # (long lines are broken between words at the terminal's width)
    assert said.startswith("black-maria (5 players, a kitty), line-up easy, random, random, random, random: 2 duplicate deals"), said
    assert all(len(line) <= 80 for line in text.output.splitlines()) and "fewer points are better" in said
    # Into a pipe, whole lines: the table's header broke at 80 columns there (a researcher's "moon" / "rate").
    monkeypatch.undo()
    piped = runner.invoke(main, [*argv, "--quiet"]).output.splitlines()
    assert piped[0].startswith("black-maria (5 players, a kitty), line-up") and "x 5 rotations, seed" in piped[0], piped
    refused = runner.invoke(main, ["tournament", "--kitty", "--bots", "random", "--deals", "1"])
    assert (
        refused.exit_code == 2
        and "Invalid value for --kitty: kitty: with 4 players and 52 cards in play nothing is left over" in refused.output
    )


def test_a_one_deal_tournament_prints_no_interval_rather_than_an_infinite_one() -> None:
    """A play-test: `--deals 1` printed "random 6.50 [-inf, inf]" (and JSON would hold Infinity, which is not JSON)."""
    runner = CliRunner()
    text = runner.invoke(main, ["tournament", "--rules", "hearts", "--bots", "easy,random", "--deals", "1", "--workers", "1", "--quiet"])
    assert text.exit_code == 0 and "inf" not in text.output
    assert text.output.count("(1 deal: no interval)") == 3  # two bots and their difference
    out = runner.invoke(main, ["tournament", "--rules", "hearts", "--bots", "easy,random", "--deals", "1", "--workers", "1", "--json"])
    data = json.loads(out.output[out.output.index("{") :])
    assert data["bots"]["random"]["mean_points_per_deal"]["ci95_low"] is None
    assert data["differences"]["easy - random"]["ci95_high"] is None
    assert str(mean_ci([1.0, 2.0, 3.0])) == "+2.00 [-0.48, +4.48]"  # two deals or more: Student's t interval


def test_games_end_at_the_target_and_the_lowest_total_wins() -> None:
    hearts = preset("hearts")  # to 100, ties shared
    assert games_of(hearts, [[26, 0, 0, 0]] * 3) == ([], 3)
    assert games_of(hearts, [[26, 0, 0, 0]] * 4) == ([(1, 2, 3)], 0)
    assert games_of(hearts, [[99, 1, 0, 2], [1, 0, 0, 0]]) == ([(2,)], 0)
    # Tied for the lowest: shared, or played on under sudden death until one seat is lowest alone.
    tie = [[100, 5, 5, 16], [0, 1, 0, 0]]
    assert games_of(hearts, tie) == ([(1, 2)], 1)
    assert games_of(hearts.replace(ties="sudden-death"), tie) == ([(2,)], 0)
    black_maria = preset("black-maria")  # nine deals, no target
    assert black_maria.target_score is None and black_maria.deal_count == 9
    assert games_of(black_maria, [[0, 10, 20]] * 9 + [[30, 0, 0]] * 5) == ([(0,)], 5)


def test_games_won_by_hand() -> None:
    """Four rotations of a, b, b, b: the seat of a takes nothing, the others 26 each, so a wins every game after 4 deals."""
    rules = preset("hearts")
    result = TournamentResult(rules, ["a", "b", "b", "b"], 9, 0)
    rows = tuple(tuple(0 if seat == rotation else 26 for seat in range(4)) for rotation in range(4))
    result.results = [DealResult(d, {"a": [0] * 4, "b": [26] * 12}, {"a": 0, "b": 0}, 0.0, rows) for d in range(9)]
    games = result.games()
    assert (games.played, games.won, games.seats, games.unfinished_deals) == (8, {"a": 8.0, "b": 0.0}, {"a": 1, "b": 3}, 4)
    assert result.to_dict()["games"]["won"] == {"a": 8.0, "b": 0.0}
    assert "8 played; won: a 8 (100%; fair share 25%), b 0 (0%; fair share 75%)" in result.report()


def test_games_in_a_real_tournament_follow_the_seats() -> None:
    rules = preset("black-maria")
    result = run_tournament(rules, ["easy", "random"], deals=9, seed=5, workers=1)
    lineup = result.lineup
    for deal in result.results:
        assert len(deal.seat_points) == 3
        for bot in result.bots:
            mine = [deal.seat_points[r][s] for r in range(3) for s in range(3) if lineup[(s - r) % 3] == bot]
            assert sorted(mine) == sorted(deal.points[bot])
    games = result.games()
    assert games.played == 3 and games.unfinished_deals == 0
    assert sum(games.won.values()) == pytest.approx(3)


def test_a_ray_cluster_plays_the_same_tournament_as_local_processes() -> None:
    """``--backend ray`` on a one-machine Ray cluster started for the run: the same deals, the same result."""
    local = run_tournament("black-maria", ["easy", "random"], deals=6, seed=5, workers=1)
    on_ray = run_tournament("black-maria", ["easy", "random"], deals=6, seed=5, backend="ray")
    assert [(r.deal, r.points, r.moons, r.seat_points) for r in on_ray.results] == [
        (r.deal, r.points, r.moons, r.seat_points) for r in local.results
    ]
    assert on_ray.difference("easy", "random") == local.difference("easy", "random")
    with pytest.raises(ValueError, match="backend: 'spark' is not one of local, ray"):
        run_tournament("hearts", ["easy"], deals=1, backend="spark")


def test_a_stopped_tournament_resumes_from_its_checkpoint(tmp_path: Path) -> None:
    """Run 4 of 8 deals with a checkpoint, kill the writer mid-line, resume: the result is the uninterrupted one."""
    whole = run_tournament("black-maria", ["easy", "random"], deals=8, seed=4, workers=1)
    path = tmp_path / "t.jsonl"
    rules = preset("black-maria")
    lineup = expand_lineup(["easy", "random"], 3)
    run_tournament(rules, ["easy", "random"], deals=4, seed=4, workers=1, on_result=append_checkpoint(path, rules, lineup, 4))
    with open(path, "a", encoding="utf-8") as f:
        f.write('{"deal": 4, "poi')  # a run killed while saving deal 4
    saved = read_checkpoint(path, rules, lineup, 4)
    assert [r.deal for r in saved] == [0, 1, 2, 3]
    played: list[int] = []
    save = append_checkpoint(path, rules, lineup, 4)
    resumed = run_tournament(
        rules, ["easy", "random"], deals=8, seed=4, workers=1, played=saved, on_result=lambda r: (played.append(r.deal), save(r))
    )
    assert played == [4, 5, 6, 7]  # the saved deals are not played again
    assert [(r.deal, r.points, r.seat_points) for r in resumed.results] == [(r.deal, r.points, r.seat_points) for r in whole.results]
    assert [r.deal for r in read_checkpoint(path, rules, lineup, 4)] == list(range(8))


def test_the_tournament_command_resumes_and_refuses_another_tournaments_checkpoint(tmp_path: Path) -> None:
    runner = CliRunner()
    path = str(tmp_path / "c.jsonl")
    args = ["tournament", "--rules", "black-maria", "--bots", "easy,random", "--workers", "1", "--json", "--checkpoint", path]
    first = runner.invoke(main, [*args, "--deals", "3"])
    assert first.exit_code == 0, first.output
    second = runner.invoke(main, [*args, "--deals", "5"])
    assert second.exit_code == 0, second.output
    assert "resuming: 3 deals already played" in second.output
    whole = runner.invoke(
        main, ["tournament", "--rules", "black-maria", "--bots", "easy,random", "--workers", "1", "--json", "--deals", "5"]
    )
    assert (
        json.loads(second.output[second.output.index("{") :])["differences"]
        == json.loads(whole.output[whole.output.index("{") :])["differences"]
    )
    other = runner.invoke(main, [*args, "--deals", "5", "--seed", "9"])
    assert other.exit_code != 0 and "saved for another tournament (seed differs)" in other.output
    (tmp_path / "junk.txt").write_text("hello\n", encoding="utf-8")
    junk = runner.invoke(main, [*args[:-1], str(tmp_path / "junk.txt"), "--deals", "2"])
    assert junk.exit_code != 0 and "line 1: not a tournament checkpoint" in junk.output


def test_a_level_that_cannot_be_made_or_a_mistyped_one_is_named_at_once() -> None:
    """A researcher's bot class without (seed, budget, time_ms) was registered, then failed mid-tournament with a bare
    TypeError; "expertt" got no suggestion."""
    from blackmaria.bots.base import ALL_LEVELS, Level, make_bot, register_level

    class NoArgs:
        def __init__(self) -> None:
            pass

    with pytest.raises(ValueError, match=r"^bot level 'test-no-args': its factory is called as factory\(seed, budget, time_ms\)"):
        register_level(Level("test-no-args", NoArgs, listed=False))  # type: ignore[arg-type]
    assert "test-no-args" not in ALL_LEVELS
    with pytest.raises(ValueError, match=r"'expertt' is not one of .*; did you mean expert\?$"):
        make_bot("expertt")
    with pytest.raises(ValueError, match=r"did you mean expert\?$"):
        run_tournament("hearts", ["random", "expertt"], deals=1, seed=1, workers=1)


def test_a_python_bots_mistake_stops_the_tournament_naming_the_bot_the_deal_and_the_rotation() -> None:
    """A play-test: an illegal card read "Player 1 (seat 0) cannot play 2S", a crash the bot's traceback alone; the
    seats rotate, so the seat did not say which bot, nor the deal which to replay."""
    from blackmaria.bots.base import Level, register_level
    from blackmaria.tournament import BotFault

    class Stubborn:  # plays its lowest card, legal or not
        def __init__(self, seed: int | None = None, budget: int | None = None, time_ms: float | None = None) -> None:
            pass

        def choose_pass(self, obs: Any) -> list[int]:
            return sorted(obs.choices)[: obs.rules.pass_count]

        def choose_play(self, obs: Any) -> int:
            return min(obs.hand)

    class Crashing(Stubborn):
        def choose_play(self, obs: Any) -> int:
            raise KeyError("oops")

    from blackmaria.bots import base

    try:
        register_level(Level("test-stubborn", Stubborn, listed=False))
        register_level(Level("test-crashing", Crashing, listed=False))
        with pytest.raises(BotFault) as illegal:
            run_tournament("hearts", ["random", "test-stubborn"], deals=3, seed=1, workers=1)
        text = str(illegal.value)
        assert re.match(
            r"^bot 'test-stubborn' at seat \d, deal \d, rotation \d: IllegalPlay: test-stubborn \(seat \d\) cannot play ", text
        ), text
        assert "the tournament stops" in text
        crashed = r"^bot 'test-crashing' at seat \d, deal 1, rotation 1: KeyError: 'oops' \(at .*test_tournament.py:\d+, in choose_play\)"
        with pytest.raises(BotFault, match=crashed):
            run_tournament("hearts", ["test-crashing", "random"], deals=1, seed=1, workers=1)
    finally:
        for name in ("test-stubborn", "test-crashing"):
            base.REGISTRY.pop(name, None)
        base.ALL_LEVELS = tuple(base.REGISTRY)


def test_a_tournament_keeps_each_deals_games_for_replay_with_its_seats_named_by_their_bots(tmp_path: Path) -> None:
    """A play-test: a bot writer could not replay the deal their bot lost (the report names deals from 1)."""
    from blackmaria.record import game_from_record

    folder = tmp_path / "games"
    args = ["tournament", "--rules", "black-maria", "--bots", "easy,random", "--deals", "2", "--workers", "1", "--quiet"]
    out = CliRunner().invoke(main, [*args, "--records", str(folder)])
    assert out.exit_code == 0, out.output
    files = sorted(path.name for path in folder.iterdir())
    assert files == [f"deal-000{d}-rotation-{r}.json" for d in (1, 2) for r in (1, 2, 3)]
    result = run_tournament("black-maria", ["easy", "random"], deals=2, seed=0, workers=1)
    for deal in (0, 1):
        for rotation in range(3):
            record = json.loads((folder / f"deal-000{deal + 1}-rotation-{rotation + 1}.json").read_text(encoding="utf-8"))
            game = game_from_record(record)
            assert game.is_over and list(game.seats) == [["easy", "random", "random"][(seat - rotation) % 3] for seat in range(3)]
            assert tuple(game.deals[0].points or ()) == result.results[deal].seat_points[rotation]  # the very deal scored
    replayed = subprocess.run(
        [sys.executable, "-m", "blackmaria.cli", "replay", str(folder / "deal-0002-rotation-3.json")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert replayed.returncode == 0 and "easy" in replayed.stdout, replayed.stderr


def test_the_report_has_a_moon_column_only_where_the_rules_have_a_moon() -> None:
    """A play-test read "moon rate 0.00%" for every bot of a Black Maria tournament, whose rules have no moon."""
    for rules, moons in (("black-maria", False), ("hearts", True)):
        result = TournamentResult(preset(rules), ["a", "b", "b", "b"][: preset(rules).players], 2, 0)
        others = preset(rules).players - 1
        result.results = [DealResult(i, {"a": [p], "b": [1] * others}, {"a": 0, "b": 0}, 0.0) for i, p in enumerate([3, 5])]
        report = result.report()
        assert ("moon rate" in report) == moons and ("shot the moon" in report) == moons, report
