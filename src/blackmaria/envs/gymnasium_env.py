"""A Gymnasium environment: one seat learns, computer players take the others.

>>> from blackmaria.envs.gymnasium_env import BlackMariaSingleSeatEnv
>>> env = BlackMariaSingleSeatEnv(rules="hearts", opponents="easy")
>>> observation, info = env.reset(seed=3)
>>> observation.shape == env.observation_space.shape, int(info["action_mask"].sum()) > 0
(True, True)
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from blackmaria.bots import Bot, make_bot, run_bots
from blackmaria.cards import CardSet
from blackmaria.envs import encoding
from blackmaria.game import Game
from blackmaria.rules import Rules, load_rules


class BlackMariaSingleSeatEnv(gym.Env[np.ndarray, int]):
    """Seat ``seat`` is the agent; the other seats are bots of level ``opponents``.

    Actions are card numbers 0..51; ``info["action_mask"]`` marks the legal
    ones (during a pass, one card per step). The reward at the end of each
    deal is minus the seat's points. An illegal action ends the episode with
    a reward of minus the points in play and ``info["illegal_action"]``: a
    learner cannot step around the rules.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        rules: Rules | str = "hearts",
        seat: int = 0,
        opponents: str = "medium",
        whole_game: bool = False,
        render_mode: str | None = None,
    ) -> None:
        self.rules = load_rules(rules) if isinstance(rules, str) else rules
        if not 0 <= seat < self.rules.players:
            raise ValueError(f"seat {seat} does not exist with {self.rules.players} players")
        self.seat = seat
        self.opponents = opponents
        self.whole_game = whole_game
        self.render_mode = render_mode
        self.observation_space = spaces.Box(-encoding.BOUND, encoding.BOUND, (encoding.size(self.rules),), np.float32)
        self.action_space = spaces.Discrete(52)  # type: ignore[assignment]  # Discrete is a Space of np.int64; actions are ints
        self.game = Game(self.rules, seed=0)
        self.bots: dict[int, Bot] = {}
        self.chosen: list[int] = []

    def _legal(self) -> CardSet:
        if self.game.phase == "passing":
            return self.game.passable_cards(self.seat) - CardSet(self.chosen)
        return self.game.legal_cards(self.seat)

    def _observe(self) -> tuple[np.ndarray, dict[str, Any]]:
        obs = self.game.observation(self.seat)
        return encoding.encode(obs, CardSet(self.chosen)), {"action_mask": encoding.mask(self._legal()), "observation": obs}

    def _run_bots(self) -> None:
        """Let the bots act until the agent must (dealing on in a whole game)."""
        while True:
            run_bots(self.game, self.bots)
            if self.game.phase != "deal-over" or not self.whole_game:
                return
            self.game.deal()

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31))
        rules = self.rules if self.whole_game else self.rules.replace(target_score=None, deal_count=1, ties="share")
        self.game = Game(rules, seed=game_seed)
        self.bots = {s: make_bot(self.opponents, game_seed + s) for s in range(self.rules.players) if s != self.seat}
        self.chosen = []
        self.game.deal()
        self._run_bots()
        return self._observe()

    def step(self, action: int) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        card = int(action)
        game = self.game
        if card not in self._legal():
            observation, info = self._observe()
            info["illegal_action"] = True
            return observation, -float(self.rules.moon_total or self.rules.deal_total), True, False, info
        deals_before = sum(1 for d in game.deals if d.points is not None)
        if game.phase == "passing":
            self.chosen.append(card)
            if len(self.chosen) == self.rules.pass_count:
                game.pass_cards(self.seat, self.chosen)
                self.chosen = []
        else:
            game.play(card, self.seat)
        self._run_bots()
        scored = [d.points for d in game.deals if d.points is not None][deals_before:]
        reward = -float(sum(points[self.seat] for points in scored if points))
        terminated = game.phase in ("deal-over", "game-over")
        observation, info = self._observe()
        return observation, reward, terminated, False, info

    def render(self) -> str | None:
        return f"hand: {self.game.hand(self.seat)}  totals: {self.game.totals}"
