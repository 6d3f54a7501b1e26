"""Our bots at OpenSpiel's hearts table: the adapter passes on the player's information state only; IS-MCTS made safe."""

from __future__ import annotations

import random

import pyspiel

from blackmaria.bots import make_bot
from blackmaria.bots.openspiel import OpenSpielSeat, game_from_openspiel, ismcts_step, make_ismcts, rotated_for_pass


def dealt_state(seed: int, direction: int, jd_bonus: bool = False) -> pyspiel.State:
    rng = random.Random(seed)
    state = pyspiel.load_game("hearts", {"jd_bonus": jd_bonus}).new_initial_state()
    state.apply_action(direction)
    deck = list(range(52))
    rng.shuffle(deck)
    for card in deck:
        state.apply_action(card)
    return state


def test_our_bot_plays_whole_openspiel_deals_refereed_by_openspiel() -> None:
    for seed in range(4):
        for jd_bonus in (False, True):
            state = dealt_state(seed, seed % 4, jd_bonus)
            seats = {p: OpenSpielSeat(make_bot(("medium", "hard", "easy", "random")[p], seed=p, budget=100)) for p in range(4)}
            while not state.is_terminal():
                state.apply_action(seats[state.current_player()].step(state))
            points = [round(26 - r) for r in state.returns()]
            ours = game_from_openspiel(state)
            assert list(ours.deals[0].points or ()) == points


def test_the_observation_is_the_information_state() -> None:
    """Two OpenSpiel states a player cannot tell apart give our bot the same observation."""
    rng = random.Random(5)
    checked = 0
    for seed in range(20):
        state = dealt_state(seed, 0)
        for _ in range(rng.randrange(5, 30)):
            state.apply_action(rng.choice(state.legal_actions()))
        player = state.current_player()
        # Rebuild the deal with one unplayed card exchanged between two other hands, same suit.
        history = list(state.history())
        hands = {p: [c for i, c in enumerate(history[1:53]) if i % 4 == p] for p in range(4)}
        played = set(history[53:])
        a, b = [p for p in range(4) if p != player][:2]
        pair = next(
            ((x, y) for x in hands[a] for y in hands[b] if x % 4 == y % 4 and x not in played and y not in played),
            None,
        )
        if pair is None:
            continue
        x, y = pair
        swap = {x: y, y: x}
        twin = pyspiel.load_game("hearts").new_initial_state()
        for action in history[:53]:
            twin.apply_action(swap.get(action, action) if twin.is_chance_node() and len(twin.history()) >= 1 else action)
        for action in history[53:]:
            twin.apply_action(action)
        assert twin.information_state_string(player) == state.information_state_string(player)
        assert game_from_openspiel(twin).observation(player) == game_from_openspiel(state).observation(player)
        assert game_from_openspiel(twin).hand(a) != game_from_openspiel(state).hand(a)
        checked += 1
    assert checked >= 10


def test_ismcts_passes_through_the_rotated_copy() -> None:
    for direction in (1, 2, 3):
        state = dealt_state(direction, direction)
        bots = [make_ismcts(p, 30) for p in range(4)]
        while len(state.history()) < 53 + 12:
            player = state.current_player()
            copy = rotated_for_pass(state)
            assert copy.information_state_string(0) == state.information_state_string(player)
            state.apply_action(ismcts_step(bots[player], state))
        for _ in range(8):
            state.apply_action(ismcts_step(bots[state.current_player()], state))
        assert not state.is_chance_node()
