"""One environment test over every environment: PettingZoo, Gymnasium, the batched environment and the OpenSpiel game.

Each is driven through a small adapter with random legal actions; a checked
``State`` replays the same deal beside it. At every step the environment's
mask equals the legal actions of the checked state, the rewards at the end
are minus the deal's points, and an illegal action meets the one policy of
``envs.common`` (the OpenSpiel game raises the engine's error, as OpenSpiel games raise).
"""

from __future__ import annotations

import random
from typing import Protocol

import numpy as np
import pyspiel
import pytest

import blackmaria.envs.openspiel_game as og
from blackmaria.core.state import State
from blackmaria.envs.batched import BatchedEnv
from blackmaria.envs.common import illegal_penalty
from blackmaria.envs.encoding import DIRECTIONS, layout
from blackmaria.envs.gymnasium_env import BlackMariaSingleSeatEnv
from blackmaria.envs.pettingzoo_env import BlackMariaEnv
from blackmaria.errors import GameError
from blackmaria.rules import Rules, preset


class Adapter(Protocol):
    rules: Rules

    def reset(self, seed: int) -> State:
        """Start an episode; return a checked State of the same deal, before any action."""

    def mask(self) -> list[int]:
        """The cards the environment offers the seat to act."""

    def step(self, card: int) -> tuple[bool, dict[int, float], bool]:
        """Apply ``card``; return (deal over, rewards by seat so far in this step, illegal flagged)."""

    def vector(self) -> np.ndarray:
        """The observation tensor the environment gives the seat to act."""


class PettingZooAdapter:
    def __init__(self, rules: Rules, directions: str = "first") -> None:
        self.rules, self.env = rules, BlackMariaEnv(rules=rules, directions=directions)

    def reset(self, seed: int) -> State:
        self.env.reset(seed=seed)
        state = self.env.game.state
        assert state is not None
        return state.fresh()

    def mask(self) -> list[int]:
        return np.flatnonzero(self.env.observe(self.env.agent_selection)["action_mask"]).tolist()

    def vector(self) -> np.ndarray:
        return self.env.observe(self.env.agent_selection)["observation"]

    def step(self, card: int) -> tuple[bool, dict[int, float], bool]:
        agent = self.env.agent_selection
        self.env.step(card)
        rewards = {seat: self.env.rewards[a] for seat, a in enumerate(self.env.possible_agents)}
        return all(self.env.terminations.values()), rewards, bool(self.env.infos[agent].get("illegal_action"))


class GymnasiumAdapter:
    """Seat 0 learns; the other seats are random bots, whose cards the checked state replays from the game."""

    def __init__(self, rules: Rules, directions: str = "first") -> None:
        self.rules, self.env = rules, BlackMariaSingleSeatEnv(rules=rules, opponents="random", directions=directions)

    def reset(self, seed: int) -> State:
        self.observed, self.info = self.env.reset(seed=seed)
        state = self.env.game.state
        assert state is not None
        return state.fresh()

    def mask(self) -> list[int]:
        return np.flatnonzero(self.info["action_mask"]).tolist()

    def vector(self) -> np.ndarray:
        return self.observed

    def step(self, card: int) -> tuple[bool, dict[int, float], bool]:
        _, reward, terminated, _, self.info = self.env.step(card)
        return terminated, {0: float(reward)}, bool(self.info.get("illegal_action"))


class BatchedAdapter:
    def __init__(self, rules: Rules, directions: str = "first") -> None:
        self.rules, self.directions = rules, directions

    def reset(self, seed: int) -> State:
        self.env = BatchedEnv(self.rules, num_envs=1, seed=seed, directions=self.directions)
        self.observations, self.masks, _ = self.env.reset()
        hands, kitty, stock = self.env.hands(0)
        dealt = self.rules.replace(pass_schedule=(DIRECTIONS[self.env.deal_directions[0]],))
        return State(dealt, hands, kitty=kitty, stock=stock, dealer=self.rules.players - 1)

    def mask(self) -> list[int]:
        return np.flatnonzero(self.masks[0]).tolist()

    def vector(self) -> np.ndarray:
        return self.observations[0]

    def step(self, card: int) -> tuple[bool, dict[int, float], bool]:
        _, self.masks, _, rewards, dones = self.env.step(np.array([card]))
        return bool(dones[0]), {seat: float(r) for seat, r in enumerate(rewards[0])}, bool(self.env.illegal[0])


class OpenSpielAdapter:
    def __init__(self, rules: Rules, directions: str = "first") -> None:
        self.rules = rules
        self.game = pyspiel.load_game(og.SHORT_NAME, {"preset": rules.preset or "hearts", "directions": directions})

    def reset(self, seed: int) -> State:
        rng = random.Random(seed)
        self.state = self.game.new_initial_state()
        while self.state.is_chance_node():
            self.state.apply_action(rng.choice([a for a, _ in self.state.chance_outcomes()]))
        dealt = self.state.engine.state
        assert dealt is not None
        return dealt.fresh()

    def mask(self) -> list[int]:
        return list(self.state.legal_actions())

    def vector(self) -> np.ndarray:
        return np.asarray(self.state.observation_tensor(self.state.current_player()))

    def step(self, card: int) -> tuple[bool, dict[int, float], bool]:
        self.state.apply_action(card)
        over = self.state.is_terminal()
        return over, dict(enumerate(self.state.returns())) if over else {}, False


ADAPTERS = {"pettingzoo": PettingZooAdapter, "gymnasium": GymnasiumAdapter, "batched": BatchedAdapter, "openspiel": OpenSpielAdapter}


def _replay_bot_cards(adapter: Adapter, checked: State) -> None:
    """The Gymnasium environment plays the bots' cards itself: bring the checked state up to its game."""
    if isinstance(adapter, GymnasiumAdapter):
        state = adapter.env.game.state
        assert state is not None
        for seat, card in state.history[len(checked.history) :]:
            if checked.phase == "passing":
                checked._pick(seat, card)
            else:
                checked.apply_action(card)


@pytest.mark.parametrize("kind", list(ADAPTERS))
@pytest.mark.parametrize(
    ("name", "directions"),
    [("hearts", "first"), ("hearts", "drawn"), ("black-maria", "first"), ("two-player", "first"), ("dirty-lady", "first")],
)
def test_every_environment_offers_the_legal_actions_and_pays_the_points(kind: str, name: str, directions: str) -> None:
    rules = preset(name)
    adapter: Adapter = ADAPTERS[kind](rules, directions)
    for seed in range(2):
        checked = adapter.reset(seed)
        rng = random.Random(seed)
        totals: dict[int, float] = {}
        over = False
        while not over:
            _replay_bot_cards(adapter, checked)
            assert adapter.mask() == checked.legal_actions(), f"{kind} {name}: the mask is not the legal actions"
            card = rng.choice(adapter.mask())
            checked.apply_action(card)
            over, rewards, illegal = adapter.step(card)
            assert not illegal
            for seat, reward in rewards.items():
                totals[seat] = totals.get(seat, 0.0) + reward if kind != "openspiel" else reward
        _replay_bot_cards(adapter, checked)
        assert checked.is_terminal()
        expected = {seat: -float(p) for seat, p in enumerate(checked.points())}
        assert totals == {seat: expected[seat] for seat in totals}, f"{kind} {name}: rewards are not minus the points"


@pytest.mark.parametrize("kind", list(ADAPTERS))
def test_an_illegal_action_meets_the_one_policy(kind: str) -> None:
    rules = preset("hearts")
    adapter: Adapter = ADAPTERS[kind](rules)
    checked = adapter.reset(5)
    actor = checked.current_player()
    card = next(c for c in range(52) if c not in adapter.mask())
    if kind == "openspiel":
        with pytest.raises(GameError) as refused:
            adapter.step(card)
        assert refused.value.rule == "not-in-hand" and refused.value.seat == actor
        return
    # An action outside the action space is the caller's mistake, named, with nothing played (a researcher's array
    # was scored as an illegal card in two environments and refused in the third).
    with pytest.raises(ValueError, match="52"):
        adapter.step(52)
    assert adapter.mask() == checked.legal_actions()
    over, rewards, illegal = adapter.step(card)
    assert over and illegal
    assert rewards[actor] == -illegal_penalty(rules) == -26.0
    assert all(reward == 0.0 for seat, reward in rewards.items() if seat != actor)


@pytest.mark.parametrize("kind", list(ADAPTERS))
def test_one_deal_episodes_pass_in_the_first_direction_or_in_one_drawn_from_the_schedule(kind: str) -> None:
    """A researcher's one-deal episodes of hearts all passed left: with ``directions="drawn"`` each episode's
    direction is drawn from the schedule (left, right, across, hold), reproducibly by seed, and the seat's
    observation says which."""
    rules = preset("hearts")
    first: Adapter = ADAPTERS[kind](rules)
    assert {first.reset(seed).direction for seed in range(6)} == {"left"}
    drawn: Adapter = ADAPTERS[kind](rules, "drawn")
    seen = [drawn.reset(seed).direction for seed in range(60)]
    assert all(seen.count(d) >= 5 for d in rules.pass_schedule), seen  # a quarter each of 60 (P(< 5) < 0.01%)
    assert [drawn.reset(seed).direction for seed in range(6)] == seen[:6], "the same seed, the same direction"
    at = next(segment.start for segment in layout(rules) if segment.name == "direction")
    for seed in range(6):
        drawn.reset(seed)
        assert drawn.vector()[at : at + 4].argmax() == DIRECTIONS.index(seen[seed]), "the observation names the direction"


def test_drawn_directions_are_refused_for_a_whole_game_and_a_typo_is_named() -> None:
    with pytest.raises(ValueError, match="a whole game passes in the schedule's order"):
        BlackMariaEnv(rules="hearts", whole_game=True, directions="drawn")
    with pytest.raises(ValueError, match="got 'drawm'"):
        BlackMariaSingleSeatEnv(rules="hearts", directions="drawm")
    with pytest.raises(ValueError, match="got 'any'"):
        pyspiel.load_game(og.SHORT_NAME, {"preset": "hearts", "directions": "any"})
