"""The compiled kernel runs the same rule functions as the checked Game, and agrees with it step by step."""

from __future__ import annotations

import os
import random

import numpy as np
import pytest

from blackmaria.core import compiled
from blackmaria.core import logic as core
from blackmaria.game import Game
from blackmaria.rules import PRESETS, Rules, preset
from helpers import random_pass


@pytest.mark.parametrize(
    "rules",
    [
        preset("hearts"),
        preset("black-maria", players=5),
        preset("two-player"),
        preset("omnibus", players=6),
        Rules.from_data({"preset": "black-maria-jaques", "kitty": True, "players": 5}),
        preset("spot-hearts", players=7),
    ],
    ids=lambda r: f"{r.preset}-{r.players}{'-kitty' if r.kitty else ''}",
)
def test_compiled_rule_functions_match_python_step_by_step(rules: Rules) -> None:
    p = compiled.params_array(rules)
    rng = random.Random(7)
    for seed in range(15):
        game = Game(rules, seed=seed)
        game.deal()
        if game.phase == "passing":
            for seat in range(game.players):
                game.pass_cards(seat, random_pass(game, seat, rng))
        while game.phase == "playing":
            s = np.array(game._s, dtype=np.int64)
            seat = game.turn
            assert compiled.legal_cards_compiled(s, p, seat) == core.legal_cards(game._s, game._p, seat)
            card = rng.choice(sorted(game.legal_cards()))
            winner = compiled.play_card_compiled(s, p, card)
            game.play(card)
            assert list(s) == game._s
            assert winner == (game._s[core.LAST_WINNER] if game._s[core.IN_TRICK] == 0 else -1)
        points = np.zeros(rules.players, dtype=np.int64)
        shooter = compiled.score_deal_compiled(np.array(game._s, dtype=np.int64), p, points)
        assert list(points) == list(game.deals[0].points or ())
        assert (shooter if shooter >= 0 else None) == game.deals[0].moon_shooter


@pytest.mark.parametrize("name", [n for n in PRESETS if preset(n).moon == "off"])
def test_kernel_random_deals_score_the_deal_total_every_time(name: str) -> None:
    rules = preset(name)
    totals = compiled.random_deals(compiled.params_array(rules), compiled.pass_offsets(rules), 500, 3)
    assert int(totals.sum()) == 500 * rules.deal_total


def test_kernel_is_deterministic_given_a_seed() -> None:
    rules = preset("hearts")
    p, o = compiled.params_array(rules), compiled.pass_offsets(rules)
    assert list(compiled.random_deals(p, o, 300, 42)) == list(compiled.random_deals(p, o, 300, 42))
    assert list(compiled.random_deals(p, o, 300, 42)) != list(compiled.random_deals(p, o, 300, 43))


def test_kth_card_with_and_without_pdep_agree() -> None:
    rng = random.Random(3)
    for _ in range(2000):
        mask = rng.getrandbits(52) or 1
        k = rng.randrange(mask.bit_count())
        expected = sorted(c for c in range(52) if mask >> c & 1)[k]
        assert compiled._kth_card_loop(mask, k) == expected
        if compiled.HAS_PDEP:
            assert compiled._kth_card_pdep(mask, k) == expected


def test_random_cards_are_uniform_over_the_mask() -> None:
    rng = compiled.make_rng(11)
    mask = sum(1 << c for c in (0, 7, 19, 43, 51))
    counts: dict[int, int] = {}
    for _ in range(50_000):
        card = compiled.random_card(rng, mask)
        counts[card] = counts.get(card, 0) + 1
    assert set(counts) == {0, 7, 19, 43, 51}
    assert all(abs(n - 10_000) < 500 for n in counts.values())  # about 5 standard deviations
    below = [compiled.random_below(rng, 3) for _ in range(3000)]
    assert set(below) == {0, 1, 2}
    subset = compiled.random_subset(rng, mask, 3)
    assert subset & ~mask == 0 and subset.bit_count() == 3


KERNEL_DEALS = int(os.environ.get("BLACKMARIA_KERNEL_DEALS", "100000"))
"""Deals per preset in the slow differential run (10^5 by default: about 2 minutes a preset on one core)."""


@pytest.mark.slow
@pytest.mark.parametrize("name", list(PRESETS))
def test_compiled_and_python_agree_on_many_deals(name: str) -> None:
    rules = preset(name)
    p = compiled.params_array(rules)
    rng = random.Random(name)
    points = np.zeros(rules.players, dtype=np.int64)
    for seed in range(KERNEL_DEALS):
        game = Game(rules, seed=seed)
        game.deal()
        if game.phase == "passing":
            for seat in range(game.players):
                game.pass_cards(seat, random_pass(game, seat, rng))
        s = np.array(game._s, dtype=np.int64)
        while game.phase == "playing":
            seat = game.turn
            assert compiled.legal_cards_compiled(s, p, seat) == core.legal_cards(game._s, game._p, seat)
            card = rng.choice(sorted(game.legal_cards()))
            compiled.play_card_compiled(s, p, card)
            game.play(card)
            assert list(s) == game._s
        shooter = compiled.score_deal_compiled(s, p, points)
        assert list(points) == list(game.deals[0].points or ()), (name, seed)
        assert (shooter if shooter >= 0 else None) == game.deals[0].moon_shooter
