"""``python_black_maria``: OpenSpiel's own checks pass, OpenSpiel's IS-MCTS plays it, and it matches OpenSpiel's hearts."""

from __future__ import annotations

import json
import math
import random
import re

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import blackmaria.envs.openspiel_game as og
from blackmaria.errors import IllegalDeal, IllegalPass
from blackmaria.rules import RulesError


@pytest.mark.parametrize(
    "params",
    [
        {"preset": "hearts"},
        {"preset": "hearts", "directions": "drawn"},
        {"preset": "black-maria"},
        {"preset": "two-player"},
        {"preset": "spot-hearts", "players": 5},
        {"preset": "black-maria-jaques", "options": json.dumps({"kitty": True})},
        {"preset": "dirty-lady"},
        {"preset": "omnibus"},
        {"preset": "black-lady", "players": 6},
        {"preset": "plain-black-maria"},
        {"preset": "black-maria-jaques", "players": 7},
    ],
)
def test_openspiel_random_sim_test_passes(params: dict[str, object]) -> None:
    game = pyspiel.load_game(og.SHORT_NAME, params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_the_parameters_name_a_preset_for_its_counts_or_give_house_rules() -> None:
    """A play-test: {"preset": "hearts", "players": 5} made a five-player "hearts" that `play` refuses, and options
    that were not JSON raised a bare JSONDecodeError. A preset and a count alone are checked as `preset()` checks them;
    with options they are house rules; bad options are named."""
    with pytest.raises(RulesError, match=r"^5 players: the hearts preset is for 4 players; for 5 try black-maria") as refused:
        pyspiel.load_game(og.SHORT_NAME, {"preset": "hearts", "players": 5})
    # the house-rules way as this game's parameters (it was a TOML file's `preset = "hearts"`), and it loads
    assert str(refused.value).endswith(""" (or house rules: {"preset": "hearts", "options": '{"players": 5}'})""")
    five = pyspiel.load_game(og.SHORT_NAME, {"preset": "hearts", "options": '{"players": 5}'})
    assert five.num_players() == 5 and "players=5" in str(five)  # the string read players=0
    assert pyspiel.load_game(str(five)).rules == five.rules
    house = pyspiel.load_game(og.SHORT_NAME, {"preset": "hearts", "players": 5, "options": json.dumps({"pass_count": 2})})
    assert house.num_players() == 5
    for options in ("not json", "[1, 2]"):
        with pytest.raises(RulesError, match="^" + re.escape(f"options: {options!r} is not a JSON object of rule options")):
            pyspiel.load_game(og.SHORT_NAME, {"options": options})


def test_a_game_with_options_of_several_keys_loads_again_from_its_own_string() -> None:
    """A researcher's options of two keys played, but ``load_game(str(game))``, serialized states and OpenSpiel's own
    ``random_sim_test(serialize=True)`` failed: OpenSpiel splits a game's parameters at every comma. The game's string
    carries the options with semicolons for the commas, and reads them back (typed so too)."""
    options = {"pass_schedule": ["left", "right"], "moon": "off"}
    game = pyspiel.load_game(og.SHORT_NAME, {"preset": "hearts", "options": json.dumps(options)})
    again = pyspiel.load_game(str(game))
    assert again.rules == game.rules and again.rules.moon == "off" and again.rules.pass_schedule == ("left", "right")
    assert "," not in game.get_parameters()["options"]
    state = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(60):
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()))
    _, copied = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(copied) == str(state)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    typed = pyspiel.load_game(og.SHORT_NAME, {"options": '{"moon":"off";"pass_schedule":["left";"right"]}'})
    assert typed.rules == game.rules


def test_an_illegal_action_names_the_player_by_openspiels_id() -> None:
    """A researcher read "Player 1 (seat 0) cannot pass AS" as OpenSpiel's player 1."""
    state = pyspiel.load_game(og.SHORT_NAME, {"preset": "hearts"}).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])  # (the lowest card each time: seat 0 holds the clubs)
    with pytest.raises(IllegalPass, match=r"^seat 0 cannot pass AS: it is not in the hand$"):
        state.apply_action(51)
    with pytest.raises(IllegalPass, match=r"^seat 0 cannot pass 99: it is not a card number"):  # (was "seat 0 (seat 0)")
        state.apply_action(99)


def test_a_chance_outcome_dealt_twice_or_out_of_the_deck_is_refused_at_once() -> None:
    """A researcher's 52, or a card dealt twice, was taken without a word and failed 51 actions later."""
    state = pyspiel.load_game(og.SHORT_NAME, {"preset": "hearts"}).new_initial_state()
    state.apply_action(5)
    with pytest.raises(IllegalDeal, match=r"^chance outcome 5 \(3D\), the deal's card 2: was dealt already$"):
        state.apply_action(5)
    with pytest.raises(IllegalDeal, match=r"^chance outcome 52, the deal's card 2: is not a card in play under these rules$"):
        state.apply_action(52)
    assert len(state.legal_actions()) == 51 and state.is_chance_node()  # nothing changed


def test_the_utility_bounds_are_the_points_a_seat_can_take() -> None:
    """Omnibus said -36 at worst, where a seat takes 26 at most (the J♦'s -10 is not taken on top)."""
    for preset_name, worst, best in (("hearts", -26, 0), ("omnibus", -26, 10), ("black-maria", -43, 0)):
        game = pyspiel.load_game(og.SHORT_NAME, {"preset": preset_name})
        assert (game.min_utility(), game.max_utility()) == (worst, best), preset_name


def test_a_seat_without_points_returns_zero_not_minus_zero() -> None:
    """A play-test: returns() gave [-4.0, -20.0, -2.0, -0.0]."""
    game = pyspiel.load_game(og.SHORT_NAME, {"preset": "hearts"})
    for seed in range(20):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
            state.apply_action(rng.choice(actions))
        returns = state.returns()
        if 0.0 in returns:
            assert all(math.copysign(1.0, r) == 1.0 for r in returns if r == 0.0), returns
            return
    pytest.fail("no deal in 20 with a seat that took no points")


def test_same_legal_actions_and_points_as_openspiels_hearts() -> None:
    ours_game = pyspiel.load_game(og.SHORT_NAME, {"preset": "hearts"})  # first deal passes left
    theirs_game = pyspiel.load_game("hearts")
    for seed in range(20):
        rng = random.Random(seed)
        ours, theirs = ours_game.new_initial_state(), theirs_game.new_initial_state()
        theirs.apply_action(1)  # pass left
        while not theirs.is_terminal():
            if theirs.is_chance_node():
                action = rng.choice([a for a, _ in theirs.chance_outcomes()])
            else:
                assert ours.current_player() == theirs.current_player()
                assert ours.legal_actions() == theirs.legal_actions()
                action = rng.choice(theirs.legal_actions())
            ours.apply_action(action)
            theirs.apply_action(action)
        assert ours.is_terminal()
        assert [-r for r in ours.returns()] == [26 - r for r in theirs.returns()]


@pytest.mark.parametrize(
    ("preset", "directions"), [("hearts", "first"), ("hearts", "drawn"), ("black-maria", "first"), ("two-player", "first")]
)
def test_resampled_worlds_keep_what_the_player_knows(preset: str, directions: str) -> None:
    game = pyspiel.load_game(og.SHORT_NAME, {"preset": preset, "directions": directions})
    rng = random.Random(3)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        player = state.current_player()
        if steps % 5 == 0:
            hidden = set()
            for _ in range(5):
                world = state.resample_from_infostate(player, lambda: rng.random())
                assert world.information_state_string(player) == state.information_state_string(player)
                assert world.legal_actions() == state.legal_actions()
                hidden.add(str(world))
            obs = state.engine.observation(player)
            unknown = obs.rules.cards_in_play - len(obs.hand | obs.played | obs.drawn)
            places = sum(1 for s, left in enumerate(obs.cards_left) if s != player and left) + (obs.stock_left > 0)
            assert len(hidden) > 1 or unknown < 4 or places < 2  # worlds differ while unseen cards have several places to be
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1


@pytest.mark.parametrize("preset", ["hearts", "two-player"])
def test_openspiels_ismcts_bot_plays_a_whole_deal(preset: str) -> None:
    game = pyspiel.load_game(og.SHORT_NAME, {"preset": preset})
    bot = ismcts.ISMCTSBot(
        game=game,
        evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
        uct_c=5.0,
        max_simulations=10,
        random_state=np.random.RandomState(1),
    )
    rng = random.Random(0)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert sum(state.returns()) <= 0


@pytest.mark.parametrize("preset", ["hearts", "black-maria", "two-player"])
def test_the_information_state_tensor_recalls_every_card_played_and_by_whom(preset: str) -> None:
    """A researcher's two information states (two other seats' cards of a lost trick swapped) had one tensor: it was
    the observation's, which forgets who played what in the tricks before. The information state's tensor goes on
    with every card played, in order, and its player counted from the observer; the observation's is unchanged."""
    game = pyspiel.load_game("python_black_maria", {"preset": preset})
    rng = random.Random(preset)
    state = game.new_initial_state()
    n = game.num_players()
    observation_size = game.observation_tensor_size()
    assert game.information_state_tensor_size() == observation_size + og.rules_from_params({"preset": preset}).cards_in_play * (52 + n)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([action for action, _ in state.chance_outcomes()]))
            continue
        player = state.current_player()
        tensor = np.array(state.information_state_tensor(player))
        assert list(tensor[:observation_size]) == state.observation_tensor(player)
        plays = tensor[observation_size:].reshape(-1, 52 + n)
        told = [(int(np.flatnonzero(row[52:])[0]), int(np.flatnonzero(row[:52])[0])) for row in plays if row.any()]
        assert told == [((seat - player) % n, card) for trick in state.engine.tricks for seat, card in trick.plays]
        state.apply_action(rng.choice(state.legal_actions()))


def test_a_drawn_direction_is_the_games_first_chance_node_as_in_openspiels_hearts() -> None:
    """With ``directions="drawn"`` a first chance node draws the pass direction from the schedule (OpenSpiel's own
    hearts begins so); the deal then passes that way, and the game's string and serialized states keep it."""
    game = pyspiel.load_game(og.SHORT_NAME, {"preset": "hearts", "directions": "drawn"})
    state = game.new_initial_state()
    assert state.is_chance_node() and state.chance_outcomes() == [(0, 0.25), (1, 0.25), (2, 0.25), (3, 0.25)]
    assert [state.action_to_string(pyspiel.PlayerId.CHANCE, a) for a in range(4)] == ["Pass left", "Pass right", "Pass across", "No pass"]
    with pytest.raises(IllegalDeal, match="chance outcome 7: the pass direction is one of 0 \\(Pass left\\)"):
        state.apply_action(7)
    state.apply_action(1)
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    assert state.engine.state.direction == "right" and state.engine.pass_target(0) == 3
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    _, copied = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(copied) == str(state) and copied.engine.state.direction == "right"
    assert pyspiel.load_game(str(game)).new_initial_state().is_chance_node()
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    first = pyspiel.load_game(og.SHORT_NAME, {"preset": "hearts"}).new_initial_state()
    assert len(first.chance_outcomes()) == 52, "by default the cards are the first chance nodes, as before"


@pytest.mark.parametrize("preset", ["hearts", "black-maria", "two-player", "black-maria-jaques"])
def test_the_games_length_counts_the_players_decisions_as_openspiel_counts_them(preset: str) -> None:
    """A researcher read 116 for hearts, where OpenSpiel's own says 64: the length is the players' decisions (every
    pass card and every play), not the chance nodes that deal; a whole deal makes exactly that many."""
    game = pyspiel.load_game(og.SHORT_NAME, {"preset": preset})
    if preset == "hearts":
        assert game.max_game_length() == pyspiel.load_game("hearts").max_game_length() == 64
    state, rng, decisions = game.new_initial_state(), random.Random(2), 0
    while not state.is_terminal():
        chance = state.is_chance_node()
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()] if chance else state.legal_actions()))
        decisions += not chance
    assert decisions == game.max_game_length()
