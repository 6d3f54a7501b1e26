"""Shared helpers: play games with seeded random legal actions."""

from __future__ import annotations

import random

from blackmaria.bots.playout import NO_SUIT_CAPS, NO_TRICK_STATS, NO_WEIGHTS
from blackmaria.game import Game
from blackmaria.rules import Rules

KERNEL_DEFAULTS = (NO_WEIGHTS, -1, 0, False, 0.0, -1.0, NO_SUIT_CAPS, NO_TRICK_STATS, NO_TRICK_STATS)
"""``playout.search``'s last arguments (weights, defender, shooters, relative, temperature, own_eps, suit_caps and the
trick's counts) as the bots pass them: numba compiles a call that leaves any out again in every process (its cache
misses that signature each time), some 20 seconds of a test."""


def random_pass(game: Game, seat: int, rng: random.Random) -> list[int]:
    return rng.sample(sorted(game.passable_cards(seat)), game.rules.pass_count)


def play_random_deal(game: Game, rng: random.Random) -> None:
    """Deal (if needed) and finish one deal with random legal passes and plays."""
    if game.phase in ("not-started", "deal-over"):
        game.deal()
    if game.phase == "passing":
        for seat in range(game.players):
            if not game.has_passed(seat):
                game.pass_cards(seat, random_pass(game, seat, rng))
    while game.phase == "playing":
        game.play(rng.choice(sorted(game.legal_cards())))


def play_random_game(rules: Rules | str, seed: int) -> Game:
    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    while not game.is_over:
        play_random_deal(game, rng)
    return game


def fill_hands(rules: Rules, fixed: dict[int, str], kitty: str = "", stock: str = "") -> list[list[int]]:
    """Hands with the given cards at the given seats, the other in-play cards dealt in order to fill them."""
    from blackmaria.cards import cards_of, parse_cards

    used = {c for text in [*fixed.values(), kitty, stock] for c in parse_cards(text)}
    rest = [c for c in cards_of(rules.in_play_mask) if c not in used]
    hands = []
    for seat in range(rules.players):
        hand = parse_cards(fixed.get(seat, ""))
        while len(hand) < rules.hand_size:
            hand.append(rest.pop(0))
        hands.append(hand)
    return hands


def snapshot(game: Game) -> tuple[object, ...]:
    """Everything observable about a game, to check that a refused action changed nothing."""
    return (
        game.to_record(),
        len(game.events),
        game.phase,
        game.turn,
        tuple(game.totals),
        tuple(game.observation(s).to_dict().__repr__() for s in range(game.players)),
    )
