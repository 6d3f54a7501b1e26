"""The play checker: plays that trailed the search bot's choice by more than a threshold, from the player's own view."""

from __future__ import annotations

import pytest

from blackmaria.bots import make_bot, run_bots
from blackmaria.bots.checker import check_deal, check_play, replay_deal
from blackmaria.bots.search import SearchBot
from blackmaria.cards import card_symbol
from blackmaria.game import Game
from blackmaria.rules import Rules, preset

BUDGET = 200


def play_deal(name: str, seed: int, seat_zero: str) -> Game:
    """One deal: seat 0 plays by ``seat_zero`` (``best``/``worst`` by the checker's own costs, or a bot level), medium elsewhere."""
    game = Game(name, seed=seed)
    game.deal()
    others = {seat: make_bot("medium", seed=seat) for seat in range(1, game.players)}
    zero = make_bot("medium" if seat_zero in ("best", "worst") else seat_zero, seed=seed)
    if game.phase == "passing":
        game.pass_cards(0, zero.choose_pass(game.observation(0)))
    while game.phase != "deal-over" and game.phase != "game-over":
        run_bots(game, others)
        if game.turn == 0:
            obs = game.observation(0)
            if seat_zero in ("best", "worst") and len(obs.legal) > 1:
                bot = SearchBot(seed * 1000 + len(obs.played), budget=BUDGET)
                hint = bot.hint(obs)
                costs = hint.costs
                card = hint.cards[0] if seat_zero == "best" else max(sorted(costs), key=lambda c: costs[c])
            else:
                card = zero.choose_play(obs)
            game.play(card, 0)
    return game


@pytest.mark.parametrize(
    "rules",
    [
        preset("black-maria"),
        preset("two-player"),
        preset("spot-hearts"),
        Rules.from_data({"preset": "black-maria-jaques", "kitty": True, "players": 5}),
    ],
    ids=lambda r: f"{r.preset}-{r.players}",
)
def test_replay_gives_the_same_deal_play_by_play(rules: Rules) -> None:
    """Hands, passes, the kitty and the two-player stock come back as they were: the replayed plays score the same."""
    for seed in range(3):
        game = Game(rules, seed=seed)
        game.deal()
        run_bots(game, {seat: make_bot("medium", seed=seat) for seat in range(rules.players)})
        again = replay_deal(game)
        log = game.deals[0]
        for card in log.plays:
            again.play(card)
        assert again.deals[0].points == log.points and again.deals[0].hands == log.hands
        assert again.deals[0].stock == log.stock and again.deals[0].passes == log.passes


def test_the_bots_own_choice_is_never_reported() -> None:
    """Seat 0 played the card the checker's bot (same seed, same budget) chose: no loss anywhere, even at threshold 0."""
    for seed in (1, 2):
        game = play_deal("hearts", seed, "best")
        assert check_deal(game, seats=[0], budget=BUDGET, threshold=0.0, seed=seed * 1000) == []


def test_the_worst_card_is_reported_with_its_loss() -> None:
    """Seat 0 played the card with the highest simulated mean: every such play trailing by more than the threshold is found."""
    game = play_deal("hearts", 4, "worst")
    found = check_deal(game, seats=[0], budget=BUDGET, threshold=0.5, seed=4000)
    assert found, "a deal of worst cards has no costly play"
    replay = replay_deal(game)
    expected = []
    for index, card in enumerate(game.deals[0].plays):
        seat = replay.turn
        assert seat is not None
        if seat == 0 and len(replay.legal_cards()) > 1:
            hint = SearchBot(4000 + index, budget=BUDGET).hint(replay.observation(0))
            spread = max(hint.costs.values()) - min(hint.costs.values())
            assert card == max(sorted(hint.costs), key=lambda c: hint.costs[c])
            if spread > 0.5:
                expected.append((index, spread))
        replay.play(card)
    assert [(c.index, pytest.approx(c.loss)) for c in found] == expected
    for check in found:
        assert check.seat == 0 and check.played != check.suggested and check.simulations > 0
        assert f"{card_symbol(check.played)} cost" in check.reason and card_symbol(check.suggested) in check.reason


def test_random_play_is_caught_and_the_threshold_filters() -> None:
    game = play_deal("omnibus", 5, "random")
    loose = check_deal(game, seats=[0], budget=BUDGET, threshold=0.0)
    strict = check_deal(game, seats=[0], budget=BUDGET, threshold=2.0)
    assert loose and all(c.loss > 0 for c in loose)
    assert [c for c in loose if c.loss > 2.0] == strict
    assert check_deal(game, seats=[1, 2, 3], budget=BUDGET, threshold=1e9) == []


def test_check_play_refuses_what_it_cannot_check() -> None:
    game = Game("hearts", seed=1)
    game.deal()
    game.pass_cards(0, sorted(game.passable_cards(0))[:3])
    with pytest.raises(ValueError, match="not to play"):
        check_play(game.observation(1), 0)
    for seat in range(1, 4):
        game.pass_cards(seat, sorted(game.passable_cards(seat))[:3])
    turn = game.turn
    assert turn is not None
    obs = game.observation(turn)
    illegal = next(c for c in obs.hand if c not in obs.legal)
    with pytest.raises(ValueError, match="not a legal card"):
        check_play(obs, illegal)
    with pytest.raises(ValueError, match="search level"):
        check_play(obs, next(iter(obs.legal)), level="medium")
