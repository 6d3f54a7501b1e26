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


class PettingZooAdapter:
    def __init__(self, rules: Rules) -> None:
        self.rules, self.env = rules, BlackMariaEnv(rules=rules)

    def reset(self, seed: int) -> State:
        self.env.reset(seed=seed)
        state = self.env.game.state
        assert state is not None
        return state.fresh()

    def mask(self) -> list[int]:
        return np.flatnonzero(self.env.observe(self.env.agent_selection)["action_mask"]).tolist()

    def step(self, card: int) -> tuple[bool, dict[int, float], bool]:
        agent = self.env.agent_selection
        self.env.step(card)
        rewards = {seat: self.env.rewards[a] for seat, a in enumerate(self.env.possible_agents)}
        return all(self.env.terminations.values()), rewards, bool(self.env.infos[agent].get("illegal_action"))


class GymnasiumAdapter:
    """Seat 0 learns; the other seats are random bots, whose cards the checked state replays from the game."""

    def __init__(self, rules: Rules) -> None:
        self.rules, self.env = rules, BlackMariaSingleSeatEnv(rules=rules, opponents="random")

    def reset(self, seed: int) -> State:
        _, self.info = self.env.reset(seed=seed)
        state = self.env.game.state
        assert state is not None
        return state.fresh()

    def mask(self) -> list[int]:
        return np.flatnonzero(self.info["action_mask"]).tolist()

    def step(self, card: int) -> tuple[bool, dict[int, float], bool]:
        _, reward, terminated, _, self.info = self.env.step(card)
        return terminated, {0: float(reward)}, bool(self.info.get("illegal_action"))


class BatchedAdapter:
    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def reset(self, seed: int) -> State:
        self.env = BatchedEnv(self.rules, num_envs=1, seed=seed)
        _, self.masks, _ = self.env.reset()
        hands, kitty, stock = self.env.hands(0)
        return State(self.rules, hands, kitty=kitty, stock=stock, dealer=self.rules.players - 1)

    def mask(self) -> list[int]:
        return np.flatnonzero(self.masks[0]).tolist()

    def step(self, card: int) -> tuple[bool, dict[int, float], bool]:
        _, self.masks, _, rewards, dones = self.env.step(np.array([card]))
        return bool(dones[0]), {seat: float(r) for seat, r in enumerate(rewards[0])}, bool(self.env.illegal[0])


class OpenSpielAdapter:
    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.game = pyspiel.load_game(og.SHORT_NAME, {"preset": rules.preset or "hearts"})

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
@pytest.mark.parametrize("name", ["hearts", "black-maria", "two-player", "dirty-lady"])
def test_every_environment_offers_the_legal_actions_and_pays_the_points(kind: str, name: str) -> None:
    rules = preset(name)
    adapter: Adapter = ADAPTERS[kind](rules)
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
    over, rewards, illegal = adapter.step(card)
    assert over and illegal
    assert rewards[actor] == -illegal_penalty(rules) == -26.0
    assert all(reward == 0.0 for seat, reward in rewards.items() if seat != actor)
