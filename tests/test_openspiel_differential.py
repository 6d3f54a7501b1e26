"""Differential test: our ``hearts`` preset against OpenSpiel's ``hearts`` as the oracle.

Same deal, same pass direction, same random choices: at every decision both
engines must offer the same legal cards (passes included, card by card), the
same seat must be to act, and the points at the end must agree. Also
``jd_bonus=true`` against our ``omnibus`` scoring.
"""

from __future__ import annotations

import random

import pyspiel
import pytest

from blackmaria.cards import card_name
from blackmaria.game import Game
from blackmaria.rules import PassDirection, preset

# OpenSpiel's pass-direction chance outcomes (its hearts.h): 0 none, 1 left, 2 across, 3 right.
OPENSPIEL_DIRECTIONS: dict[int, PassDirection] = {0: "hold", 1: "left", 2: "across", 3: "right"}


def play_both(seed: int, jd_bonus: bool) -> tuple[list[int], list[int]]:
    rng = random.Random(seed)
    os_game = pyspiel.load_game("hearts", {"jd_bonus": jd_bonus})
    state = os_game.new_initial_state()
    direction = rng.randrange(4)
    state.apply_action(direction)
    deck = list(range(52))
    rng.shuffle(deck)
    hands: list[list[int]] = [[], [], [], []]
    for i, card in enumerate(deck):
        state.apply_action(card)  # OpenSpiel deals to players 0, 1, 2, 3, 0, ...
        hands[i % 4].append(card)
    rules = preset("omnibus" if jd_bonus else "hearts").replace(pass_schedule=(OPENSPIEL_DIRECTIONS[direction],))
    ours = Game(rules, first_dealer=3)
    ours.deal_hands(hands)
    assert ours.phase == ("playing" if direction == 0 else "passing")
    # Passing: OpenSpiel asks players 0..3 in turn, one card at a time.
    chosen: list[int] = []
    while ours.phase == "passing":
        seat = state.current_player()
        offered = set(state.legal_actions())
        assert offered == set(ours.passable_cards(seat)) - set(chosen), f"seed {seed}: pass choices differ for seat {seat}"
        card = rng.choice(sorted(offered))
        state.apply_action(card)
        chosen.append(card)
        if len(chosen) == 3:
            ours.pass_cards(seat, chosen)
            chosen = []
    while not state.is_terminal():
        seat = state.current_player()
        assert seat == ours.turn, f"seed {seed}: OpenSpiel says seat {seat} acts, we say {ours.turn}"
        offered = sorted(state.legal_actions())
        legal = sorted(ours.legal_cards())
        assert offered == legal, f"seed {seed}: legal cards differ: {[card_name(c) for c in offered]} vs {[card_name(c) for c in legal]}"
        card = rng.choice(offered)
        state.apply_action(card)
        ours.play(card)
    assert ours.phase in ("deal-over", "game-over")
    their_points = [round(26 - r) for r in state.returns()]
    return their_points, list(ours.deals[0].points or ())


@pytest.mark.parametrize("jd_bonus", [False, True])
def test_same_legal_cards_and_points_as_openspiel(jd_bonus: bool) -> None:
    games = 1500 if not jd_bonus else 600
    for seed in range(games):
        theirs, ours = play_both(seed, jd_bonus)
        assert theirs == ours, f"seed {seed}: OpenSpiel points {theirs}, ours {ours}"


def test_moon_deals_agree_with_openspiel() -> None:
    """Random play rarely shoots the moon; force one with a suited deal and compare the scores."""
    for jd_bonus in (False, True):
        state = pyspiel.load_game("hearts", {"jd_bonus": jd_bonus}).new_initial_state()
        state.apply_action(0)
        for i in range(52):
            state.apply_action(i)  # card i (suit i % 4) goes to player i % 4: each holds one whole suit
        rules = preset("omnibus" if jd_bonus else "hearts").replace(pass_schedule=("hold",))
        ours = Game(rules, first_dealer=3)
        ours.deal_hands([[r * 4 + s for r in range(13)] for s in range(4)])
        while not state.is_terminal():
            card = min(state.legal_actions())
            assert sorted(ours.legal_cards()) == sorted(state.legal_actions())
            state.apply_action(card)
            ours.play(card)
        assert [round(26 - r) for r in state.returns()] == list(ours.deals[0].points or ())
        assert ours.deals[0].moon_shooter == 0


@pytest.mark.slow
@pytest.mark.parametrize("jd_bonus", [False, True])
def test_many_games_agree_with_openspiel(jd_bonus: bool) -> None:
    for seed in range(100_000, 120_000):
        theirs, ours = play_both(seed, jd_bonus)
        assert theirs == ours, f"seed {seed}: OpenSpiel points {theirs}, ours {ours}"
