"""A PettingZoo AEC environment for any rule set: passing and playing, one deal or a whole game.

>>> from blackmaria.envs.pettingzoo_env import env
>>> e = env(rules="black-maria")
>>> e.reset(seed=1)
>>> e.agent_selection, int(e.action_space("player_0").n)
('player_0', 52)
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from blackmaria.cards import CardSet, card_name
from blackmaria.envs import encoding
from blackmaria.game import Game
from blackmaria.rules import Rules, load_rules

REWARDS = ("negative-points", "points")


class BlackMariaEnv(AECEnv[str, dict[str, np.ndarray], int]):  # type: ignore[misc]  # pettingzoo ships no type information
    """Every seat is an agent ``player_<seat>``. An action is a card number 0..51 (``rank * 4 + suit``).

    While passing, each seat in turn chooses its cards one action at a time.
    Rewards come at the end of each deal: minus the seat's points (or the
    points themselves with ``reward="points"``). With ``whole_game`` the
    episode runs to the rules' end condition, else it is one deal. An illegal
    action raises ``ValueError`` naming the card and the rule; use the mask.
    """

    metadata = {"name": "blackmaria_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self, rules: Rules | str = "hearts", whole_game: bool = False, reward: str = "negative-points", render_mode: str | None = None
    ):
        super().__init__()
        self.rules = load_rules(rules) if isinstance(rules, str) else rules
        if reward not in REWARDS:
            raise ValueError(f"reward {reward!r} is not one of {', '.join(REWARDS)}")
        self.whole_game = whole_game
        self.reward_kind = reward
        self.render_mode = render_mode
        n = self.rules.players
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        width = encoding.size(self.rules)
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-encoding.BOUND, encoding.BOUND, (width,), np.float32),
                "action_mask": spaces.Box(0, 1, (52,), np.int8),
            }
        )
        self._action_space = spaces.Discrete(52)
        self.game = Game(self.rules, seed=0)
        self._chosen: dict[int, list[int]] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    # ---- episode ------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        rules = self.rules if self.whole_game else self.rules.replace(target_score=None, deal_count=1, ties="share")
        self.game = Game(rules, seed=seed)
        self.game.deal()
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self._chosen = {seat: [] for seat in range(self.rules.players)}
        self._select()

    def _seat_to_act(self) -> int:
        game = self.game
        if game.phase == "passing":
            return next(seat for seat in range(game.players) if not game.has_passed(seat))
        assert game.turn is not None
        return game.turn

    def _select(self) -> None:
        seat = self._seat_to_act()
        self.agent_selection = self.possible_agents[seat]
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.infos[self.agent_selection] = {"observation": self.game.observation(seat)}

    def _legal(self, seat: int) -> CardSet:
        if self.game.phase == "passing":
            return self.game.passable_cards(seat) - CardSet(self._chosen[seat])
        return self.game.legal_cards(seat)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        obs = self.game.observation(seat)
        acting = agent == self.agent_selection and not self.terminations.get(agent, True)
        return {
            "observation": encoding.encode(obs, CardSet(self._chosen.get(seat, []))),
            "action_mask": encoding.mask(self._legal(seat) if acting else CardSet()),
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        card = int(action) if action is not None else -1
        if card not in self._legal(seat):
            raise ValueError(f"{agent} cannot take action {card}: {card_name(card) if 0 <= card < 52 else 'not a card'} is not legal now")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        game = self.game
        if game.phase == "passing":
            self._chosen[seat].append(card)
            if len(self._chosen[seat]) == self.rules.pass_count:
                game.pass_cards(seat, self._chosen[seat])
                self._chosen[seat] = []
        else:
            game.play(card)
        if game.phase in ("deal-over", "game-over"):
            points = game.deals[-1].points or ()
            sign = -1.0 if self.reward_kind == "negative-points" else 1.0
            for s, a in enumerate(self.possible_agents):
                self.rewards[a] = sign * points[s]
            if game.phase == "game-over" or not self.whole_game:
                self.terminations = {a: True for a in self.agents}
            else:
                game.deal()
                self._chosen = {s: [] for s in range(self.rules.players)}
        self._accumulate_rewards()
        if not all(self.terminations.values()):
            self._select()
        else:
            self.infos = {a: {} for a in self.agents}

    def render(self) -> str | None:
        lines = [f"{self.possible_agents[s]}: {self.game.hand(s)}" for s in range(self.rules.players)]
        trick = self.game.tricks[-1] if self.game.tricks else None
        if trick:
            lines.append("trick: " + " ".join(f"{s}:{card_name(c)}" for s, c in trick.plays))
        return "\n".join(lines)

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> BlackMariaEnv:
    return BlackMariaEnv(**kwargs)
