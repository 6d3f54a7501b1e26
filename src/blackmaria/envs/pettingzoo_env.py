"""A PettingZoo AEC environment for any rule set: passing and playing, one deal or a whole game.

>>> from blackmaria.envs.pettingzoo_env import env
>>> e = env(rules="black-maria")
>>> e.reset(seed=1)
>>> e.agent_selection, int(e.action_space("player_0").n)
('player_0', 52)

A thin wrapper of the flat action layer: the agent to act is
``game.current_player()``, the mask is that seat's ``legal_mask``, an action
is ``game.apply_action(card)``; the illegal-action policy is the one of
``envs.common``.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from blackmaria.envs import missing

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as error:
    raise missing(error, "envs") from error

from blackmaria.cards import card_name
from blackmaria.envs import encoding
from blackmaria.envs.common import (
    RENDER_MODES,
    StateEncoder,
    action_card,
    checked_directions,
    checked_render_mode,
    illegal_info,
    illegal_penalty,
    mask_of,
    one_deal_rules,
    render_text,
    reward_sign,
    rules_for,
)
from blackmaria.game import Game
from blackmaria.observation import Observation
from blackmaria.rules import Rules

NO_ACTION = np.zeros(52, dtype=np.int8)


class BlackMariaEnv(AECEnv[str, dict[str, np.ndarray], int]):  # type: ignore[misc]  # pettingzoo ships no type information
    """Every seat is an agent ``player_<seat>``. An action is a card number 0..51 (``rank * 4 + suit``).

    While passing, each seat in turn chooses its cards one action at a time.
    Rewards come at the end of each deal: minus the seat's points (or the
    points themselves with ``reward="points"``). With ``whole_game`` the
    episode runs to the rules' end condition, else it is one deal, passing in
    the schedule's first direction or, with ``directions="drawn"``, in one
    drawn from the schedule each episode (``envs.common``). An illegal
    action ends the episode: minus ``illegal_penalty`` for its agent and
    ``infos[agent]["illegal_action"]`` with the card and the rule
    (``envs.common``); use the mask. ``observation(agent)`` gives the seat's
    ``Observation`` itself.
    """

    metadata = {"name": "blackmaria_v1", "render_modes": list(RENDER_MODES), "is_parallelizable": False}

    def __init__(
        self,
        rules: Rules | str = "hearts",
        whole_game: bool = False,
        reward: str = "negative-points",
        render_mode: str | None = None,
        players: int | None = None,
        directions: str = "first",
    ):
        super().__init__()
        self.rules = rules_for(rules, players)
        self.directions = checked_directions(directions, whole_game)
        self._sign = reward_sign(reward)
        self.whole_game = whole_game
        self.reward_kind = reward
        self.render_mode = checked_render_mode(render_mode)
        n = self.rules.players
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        width = encoding.size(self.rules)
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-encoding.BOUND, encoding.BOUND, (width,), np.float32),
                "action_mask": spaces.Box(0, 1, (52,), np.int8),
            }
        )
        self._action_space = spaces.Discrete(52)
        self.state_space = spaces.Box(-encoding.BOUND, encoding.BOUND, (n * width,), np.float32)
        self._encoder = StateEncoder(self.rules)
        self.game = Game(self.rules if whole_game else one_deal_rules(self.rules), seed=0)

    def state(self) -> np.ndarray:
        """The whole deal, for a centralised critic: every seat's observation tensor, seat 0 first (so every hand);
        never an agent's input to its own policy, which ``observe`` gives."""
        state = self.game.state
        if state is None:
            raise RuntimeError("state() before reset(): call reset() first to deal")
        totals = self.game.totals if self.whole_game else None
        return np.concatenate([self._encoder.encode(state, seat, totals) for seat in range(self.rules.players)])

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    # ---- episode ------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        rng = random.Random(seed)  # (as Game(seed=seed) makes it: the same deals as before with directions="first")
        self.game = Game(self.rules if self.whole_game else one_deal_rules(self.rules, self.directions, rng), rng=rng)
        self.game.deal()
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.game.current_player()]

    def observation(self, agent: str) -> Observation:
        """What ``agent``'s seat may know, as the engine's ``Observation``."""
        return self.game.observation(self._seat_of[agent])

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat_of[agent]
        game = self.game
        state = game.state
        assert state is not None
        acting = agent == self.agent_selection and not self.terminations.get(agent, True)
        totals = game.totals if self.whole_game else None
        return {
            "observation": self._encoder.encode(state, seat, totals),
            "action_mask": mask_of(state.legal_mask(seat)) if acting else NO_ACTION.copy(),
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:  # (PettingZoo's None is for an agent that is done: a live one scored it as illegal, -26)
            raise ValueError(f"step(None) is for an agent that is done; {agent} is to choose a card (an action 0..51)")
        game = self.game
        state = game.state
        assert state is not None
        card = action_card(action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if not state.legal_mask() >> card & 1:
            self.infos[agent] = illegal_info(state, card)
            # (with reward="points" the penalty is points taken: +26 scored an illegal card as the best of deals)
            self.rewards[agent] = self._sign * illegal_penalty(self.rules)
            self.terminations = {a: True for a in self.agents}
            self._accumulate_rewards()
            return
        game.apply_action(card)
        if game.phase in ("deal-over", "game-over"):
            points = game.deals[-1].points or ()
            for seat, other in enumerate(self.possible_agents):
                self.rewards[other] = float(self._sign * points[seat])  # (an int product: 0, never -0.0)
            if game.phase == "game-over" or not self.whole_game:
                self.terminations = {a: True for a in self.agents}
            else:
                game.deal()
        self._accumulate_rewards()
        if not all(self.terminations.values()):
            self.agent_selection = self.possible_agents[game.current_player()]

    def render(self) -> str | None:
        return render_text(self.render_mode, self._table_text)

    def _table_text(self) -> str:
        """Every hand and the trick (an onlooker's view of the whole deal, not a seat's)."""
        lines = [f"{self.possible_agents[s]}: {self.game.hand(s)}" for s in range(self.rules.players)]
        trick = self.game.tricks[-1] if self.game.tricks else None
        if trick:
            lines.append("trick: " + " ".join(f"{s}:{card_name(c)}" for s, c in trick.plays))
        return "\n".join(lines)

    def close(self) -> None:
        pass


def raw_env(**kwargs: Any) -> BlackMariaEnv:
    """The environment itself, as PettingZoo's classic games name it."""
    return BlackMariaEnv(**kwargs)


def env(**kwargs: Any) -> AECEnv:
    """The environment in PettingZoo's ``OrderEnforcingWrapper``, as its classic games are made: a step or an observation
    before ``reset()`` is named as such (a researcher's ``step(0)`` first met a bare AttributeError); every attribute of
    the environment (``observation(agent)``, ``game``) is reached through it."""
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    return OrderEnforcingWrapper(raw_env(**kwargs))
