"""A trained policy saved as NumPy arrays plays as a bot: in-process, in a tournament, and as a bot program."""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

from blackmaria.bots import make_bot, run_bots
from blackmaria.bots.external import ExternalBot
from blackmaria.bots.policy import PolicyBot, save_policy
from blackmaria.envs import encoding
from blackmaria.game import Game
from blackmaria.rules import load_rules
from blackmaria.tournament import run_tournament


def highest_card_policy(path: Path, rules_name: str = "hearts") -> Path:
    """One linear layer scoring each card held by its number (rank * 4 + suit): it plays and passes its highest cards."""
    rules = load_rules(rules_name)
    size = encoding.size(rules)
    w = np.zeros((size, 52), dtype=np.float32)
    w[np.arange(52), np.arange(52)] = 1.0 + np.arange(52)
    save_policy(path, [w], [np.zeros(52)], rules, name="highest")
    return path


def test_policy_plays_its_scores(tmp_path: Path) -> None:
    path = highest_card_policy(tmp_path / "highest.npz")
    game = Game(load_rules("hearts"), seed=4)
    game.deal()
    bot = PolicyBot(str(path))
    assert bot.name == "policy:highest"
    obs = game.observation(0)
    passed = bot.choose_pass(obs)
    assert passed == sorted(obs.hand, reverse=True)[:3]
    others = {seat: make_bot("easy", seat) for seat in (1, 2, 3)}
    game.pass_cards(0, passed)
    run_bots(game, others)
    plays = 0
    while game.phase == "playing":
        if game.turn == 0:
            obs = game.observation(0)
            card = bot.choose_play(obs)
            assert card == max(obs.legal), "the highest-scored legal card"
            hint = bot.hint(obs)
            assert hint.cards == [card] and "highest" in hint.reason
            game.play(card, 0)
            plays += 1
        run_bots(game, others)
    assert plays == 13


def test_policy_in_a_tournament_is_deterministic_and_legal(tmp_path: Path) -> None:
    path = highest_card_policy(tmp_path / "highest.npz")
    spec = f"policy:{path}"
    a = run_tournament("hearts", [spec, "easy"], deals=6, seed=3, workers=1)
    b = run_tournament("hearts", [spec, "easy"], deals=6, seed=3, workers=1)
    assert a.mean_points(spec).mean == b.mean_points(spec).mean
    # Playing the highest card is a poor strategy at hearts: it takes more points than easy's ducking.
    assert a.mean_points(spec).mean > a.mean_points("easy").mean


def test_policy_as_a_bot_program_agrees_with_the_bot(tmp_path: Path) -> None:
    """``python -m blackmaria.bots.policy PATH`` (a server's ``--bot NAME=COMMAND``) makes the same choices as ``PolicyBot``."""
    path = highest_card_policy(tmp_path / "highest.npz", "black-maria")
    rules = load_rules("black-maria")
    program = ExternalBot(f"{sys.executable} -m blackmaria.bots.policy {path}", seed=1, time_limit=20.0)
    local = PolicyBot(str(path))
    game = Game(rules, seed=9)
    game.deal()
    others = {seat: make_bot("medium", seat) for seat in range(1, rules.players)}
    obs = game.observation(0)
    cards = program.choose_pass(obs)
    assert cards == local.choose_pass(obs)
    game.pass_cards(0, cards)
    run_bots(game, others)
    while game.phase == "playing":
        if game.turn == 0:
            obs = game.observation(0)
            card = program.choose_play(obs)
            assert card == local.choose_play(obs)
            game.play(card, 0)
        run_bots(game, others)
    program.close()
    assert program.errors == [] and not program.failed
    assert program.name == "policy:highest"


def test_policy_refuses_another_player_count(tmp_path: Path) -> None:
    path = highest_card_policy(tmp_path / "highest.npz", "hearts")
    game = Game(load_rules("black-maria"), seed=1)
    game.deal()
    with pytest.raises(ValueError, match="trained for 4 players"):
        PolicyBot(str(path)).choose_pass(game.observation(0))


def test_a_policy_under_other_rules_with_the_same_inputs_plays_and_says_so_once(tmp_path: Path) -> None:
    """A researcher's Hearts policy played Omnibus without a word (the same inputs): it plays, and warns once which
    options differ; under its own rules, a game of another length included, it says nothing."""
    path = highest_card_policy(tmp_path / "highest.npz", "hearts")
    bot = PolicyBot(str(path))
    game = Game(load_rules("omnibus"), seed=1)
    game.deal()
    with pytest.warns(
        RuntimeWarning, match=r"highest.npz: trained under other rules than this game's \(they differ in preset, scoring\)"
    ) as warned:
        bot.choose_pass(game.observation(0))
        bot.choose_pass(game.observation(1))
    assert len(warned) == 1
    own = Game(load_rules("hearts").replace(deal_count=1, target_score=None), seed=1)
    own.deal()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        PolicyBot(str(path)).choose_pass(own.observation(0))


def test_a_tournament_names_a_policy_file_it_cannot_use_before_any_deal(tmp_path: Path) -> None:
    """A play-test: a missing file, a file that is no policy and a policy for 4 players at 3 each ended in a
    traceback (the last at the first decision); each is a one-line --bots error now."""
    from click.testing import CliRunner

    from blackmaria.cli import main

    (tmp_path / "empty.json").write_text("{}", encoding="utf-8")
    np.save(tmp_path / "array.npy", np.zeros(3))
    hearts = highest_card_policy(tmp_path / "highest.npz", "hearts")
    cases = [
        ("hearts", tmp_path / "nosuch.npz", "no such policy file"),
        ("hearts", tmp_path / "empty.json", "not a policy file (blackmaria-policy/1, as save_policy writes it)"),
        ("hearts", tmp_path / "array.npy", "not a policy file (blackmaria-policy/1, as save_policy writes it)"),
        ("black-maria", hearts, "trained for 4 players (764 inputs), this game has 3"),
    ]
    for rules, path, message in cases:
        out = CliRunner().invoke(main, ["tournament", "--rules", rules, "--bots", f"policy:{path},random", "--deals", "1", "--quiet"])
        assert out.exit_code == 2 and out.exception is not None and "Traceback" not in out.output, out.output
        assert f"Invalid value for --bots: bot 'policy:{path}': " in out.output and message in out.output, out.output


def test_save_policy_checks_the_shapes(tmp_path: Path) -> None:
    rules = load_rules("hearts")
    with pytest.raises(ValueError, match="inputs"):
        save_policy(tmp_path / "bad.npz", [np.zeros((10, 52))], [np.zeros(52)], rules)
    with pytest.raises(ValueError, match="52 cards"):
        save_policy(tmp_path / "bad.npz", [np.zeros((encoding.size(rules), 8))], [np.zeros(8)], rules)


def test_a_policy_file_is_a_level_for_make_bot_hints_and_tournaments() -> None:
    from pathlib import Path

    from blackmaria import Game
    from blackmaria.bots import hint, make_bot
    from blackmaria.tournament import parse_bot

    path = Path(__file__).parent.parent / "benchmarks" / "results" / "policies" / "ppo_batched_hearts.npz"
    level = f"policy:{path}"
    bot = make_bot(level, 0)
    game = Game("hearts", seed=3)
    game.deal()
    obs = game.observation(0)
    chosen = bot.choose_pass(obs)
    assert len(chosen) == 3 and set(chosen) <= set(obs.choices)
    assert hint(obs, level).cards and set(hint(obs, level).cards) <= set(obs.choices)
    assert parse_bot(level) == (level, None) and parse_bot("expert-2026") == ("expert-2026", None)
