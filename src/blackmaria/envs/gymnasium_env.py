"""A Gymnasium environment: one seat learns, computer players take the others.

>>> from blackmaria.envs.gymnasium_env import BlackMariaSingleSeatEnv
>>> env = BlackMariaSingleSeatEnv(rules="hearts", opponents="easy")
>>> observation, info = env.reset(seed=3)
>>> observation.shape == env.observation_space.shape, int(info["action_mask"].sum()) > 0
(True, True)

A thin wrapper of the flat action layer (``game.apply_action``, the seat's
``legal_mask``) with the illegal-action policy of ``envs.common``.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Sequence
from typing import Any, SupportsFloat

import numpy as np

from blackmaria.envs import missing

try:
    import gymnasium as gym
    from gymnasium import spaces
except ImportError as error:
    raise missing(error, "envs") from error

from blackmaria.bots import Bot, make_bot, run_bots
from blackmaria.bots.base import ALL_LEVELS, close_bots, level_suggestion
from blackmaria.cards import cards_of
from blackmaria.core import logic as core
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


def _random_card(mask: int, rng: random.Random) -> int:
    """A card drawn uniformly from ``mask``: the k-th set bit, without listing the cards."""
    for _ in range(rng.randrange(mask.bit_count())):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


class BlackMariaSingleSeatEnv(gym.Env[np.ndarray, int]):
    """Seat ``seat`` is the agent; the other seats are bots of level ``opponents``.

    Actions are card numbers 0..51; ``info["action_mask"]`` (and
    ``action_masks()``) marks the legal ones (during a pass, one card per
    step). The reward at the end of each deal is minus the seat's points. An
    illegal action ends the episode with minus ``illegal_penalty`` and
    ``info["illegal_action"]`` naming the card and the rule (``envs.common``):
    a learner cannot step around the rules. ``observation()`` gives the seat's
    ``Observation`` itself. At the episode's end ``info["points"]`` holds every seat's points in the last deal
    (``info["totals"]`` too in a whole game). An episode is one deal (in the schedule's first
    pass direction, or one drawn each episode with ``directions="drawn"``), or
    the whole game with ``whole_game``.

    ``opponents="random"`` chooses uniformly among each opponent's legal
    cards (as the ``random`` bot does) straight from the seat's legal mask:
    a choice that reads nothing else needs no observation, so none is built
    and training against random opponents runs several times faster.

    A program opponent (``cmd:``) whose answer is late, malformed or illegal is
    played by its fallback (``medium``) for the rest of the episode, as at a
    table: the step or reset where that happened says so in
    ``info["opponent_faults"]`` (``{seat: [why, ...]}``) and warns once, so a
    learner never trains against ``medium`` believing it faces the program. A
    program that stops before its first answer (a path mistyped) never played:
    ``reset`` raises ``BotProgramError``, as a tournament stops on it.
    """

    metadata = {"render_modes": list(RENDER_MODES)}

    def __init__(
        self,
        rules: Rules | str = "hearts",
        seat: int = 0,
        opponents: str | Sequence[str] = "medium",
        whole_game: bool = False,
        render_mode: str | None = None,
        players: int | None = None,
        directions: str = "first",
        reward: str = "negative-points",
    ) -> None:
        self.rules = rules_for(rules, players)
        self.directions = checked_directions(directions, whole_game)
        self.reward_kind = reward
        self._sign = reward_sign(reward)
        if not 0 <= seat < self.rules.players:
            raise ValueError(f"seat {seat} does not exist with {self.rules.players} players")
        others = [s for s in range(self.rules.players) if s != seat]
        levels = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(levels) != len(others) or not all(isinstance(level, str) for level in levels):
            raise ValueError(
                f"opponents {opponents!r}: one level for every other seat (a string), or a list of {len(others)} levels, "
                f"the other seats' in seat order: {', '.join(ALL_LEVELS)}, cmd:COMMAND or policy:PATH"
            )
        for level in levels:
            if level not in ALL_LEVELS and not level.startswith(("cmd:", "policy:")):
                # said here, not at the first reset (a researcher's typo "expertt" passed the constructor)
                guess = level_suggestion(level)
                raise ValueError(f"opponents {level!r} is not one of {', '.join(ALL_LEVELS)}, cmd:COMMAND or policy:PATH{guess}")
        self.seat = seat
        self.opponents = opponents
        self._levels = dict(zip(others, levels, strict=True))
        """Each other seat's level (a list of opponents mixes levels: a researcher's learner against easy and expert)."""
        self.whole_game = whole_game
        self.render_mode = checked_render_mode(render_mode)
        self.observation_space = spaces.Box(-encoding.BOUND, encoding.BOUND, (encoding.size(self.rules),), np.float32)
        self.action_space = spaces.Discrete(52)  # type: ignore[assignment]  # Discrete is a Space of np.int64; actions are ints
        self._encoder = StateEncoder(self.rules)
        self.game = Game(self.rules if whole_game else one_deal_rules(self.rules), seed=0)
        self.bots: dict[int, Bot] = {}
        self._random: random.Random | None = None
        self._legal = 0  # the agent's legal cards at the last observation
        self._faults_seen: dict[int, int] = {}  # per seat, the program opponent's errors already told
        self._over = True  # no episode until reset; and again once one has ended

    def _mask(self) -> int:
        state = self.game.state
        return state.legal_mask() if state is not None and self.game.current_player() == self.seat else 0

    def action_masks(self) -> np.ndarray:
        """The legal cards now, as sb3-contrib's ``MaskablePPO`` asks for them (booleans; ``info["action_mask"]`` holds
        the same as 0/1 of ``int8``, as PettingZoo's masks do)."""
        return mask_of(self._mask()).astype(bool)

    def observation(self) -> Observation:
        """What the agent's seat may know, as the engine's ``Observation``."""
        return self.game.observation(self.seat)

    def _observe(self) -> tuple[np.ndarray, dict[str, Any]]:
        state = self.game.state
        assert state is not None
        totals = self.game.totals if self.whole_game else None
        self._legal = self._mask()  # what step checks the next action against
        info: dict[str, Any] = {"action_mask": mask_of(self._legal)}
        if faults := self._new_faults():
            info["opponent_faults"] = faults
        return self._encoder.encode(state, self.seat, totals), info

    def _new_faults(self) -> dict[int, list[str]]:
        """The program opponents' faults since the last observation, by seat; each warned once."""
        faults: dict[int, list[str]] = {}
        for seat, bot in self.bots.items():
            errors: list[str] = getattr(bot, "errors", [])
            if getattr(bot, "stopped_at_start", False):
                # A program that never answered would leave every decision of the seat to its fallback: no episode of
                # the program at all (a researcher's mistyped path ran whole episodes against medium, told by a warning).
                from blackmaria.bots.external import BotProgramError

                self._over = True
                raise BotProgramError(f"opponent at seat {seat} could not play: {errors[0]}")
            if len(errors) > self._faults_seen.get(seat, 0):
                faults[seat] = errors[self._faults_seen.get(seat, 0) :]
                self._faults_seen[seat] = len(errors)
                for why in faults[seat]:
                    warnings.warn(
                        f"opponent at seat {seat}: {why}; its fallback plays the seat for the rest of the episode",
                        RuntimeWarning,
                        stacklevel=3,
                    )
        return faults

    def _run_bots(self) -> None:
        """Let the bots act until the agent must (dealing on in a whole game)."""
        while True:
            if self._random is not None:
                self._play_random(self._random)
            else:
                run_bots(self.game, self.bots)
            if self.game.phase != "deal-over" or not self.whole_game:
                return
            self.game.deal()

    def _play_random(self, rng: random.Random) -> None:
        """Random opponents: every pass and play drawn uniformly from the seat's legal cards."""
        game, me = self.game, self.seat
        state = game.state
        assert state is not None
        if game.phase == "passing":
            for other in range(self.rules.players):
                if other != me and state.passes[other] is None:
                    game.pass_cards(other, rng.sample(cards_of(state.legal_mask(other)), self.rules.pass_count))
        s = state.s
        while s[core.PHASE] == core.PHASE_PLAYING and s[core.TURN] != me:
            game.play(_random_card(state.legal_mask(), rng))

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31))
        rng = random.Random(game_seed)
        self.game = Game(self.rules if self.whole_game else one_deal_rules(self.rules, self.directions, rng), rng=rng)
        self._close_bots()  # the last episode's: a program opponent's process ends with its episode
        self._faults_seen = {}
        if self.opponents == "random":
            self.bots, self._random = {}, rng  # one generator shuffles and draws the opponents' cards
        else:
            self.bots, self._random = (
                {s: make_bot(level, game_seed + s) for s, level in self._levels.items()},
                None,
            )
        self.game.deal()
        self._run_bots()
        self._over = False
        return self._observe()

    def close(self) -> None:
        """Stop the opponents' programs (``cmd:`` opponents); a later ``reset`` starts new ones."""
        self._close_bots()
        super().close()

    def _close_bots(self) -> None:
        close_bots(self.bots.values())
        self.bots = {}

    def step(self, action: int) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        if self._over:
            # After the end the deal would go on (or a finished one be played again): a step there is a bug to name.
            raise RuntimeError("the episode is over (or was never begun): call reset() first")
        card = action_card(action)
        game = self.game
        state = game.state
        assert state is not None
        if not self._legal >> card & 1:
            observation, info = self._observe()
            info.update(illegal_info(state, card))
            info["action_mask"] = mask_of(0)  # the deal ended here: nothing is left to choose
            self._over = True
            return observation, self._sign * illegal_penalty(self.rules), True, False, info
        total_before = game.totals[self.seat]
        game.apply_action(card)
        self._run_bots()
        # Minus the points of every deal that ended on the way (negated as ints: 0, never -0.0).
        reward = float(self._sign * (game.totals[self.seat] - total_before))
        terminated = game.phase in ("deal-over", "game-over")
        self._over = terminated
        observation, info = self._observe()
        if terminated:  # every seat's result, not only the reward's (a researcher compared the learner with the others)
            info["points"] = list(game.deals[-1].points or ())
            if self.whole_game:
                info["totals"] = list(game.totals)
        return observation, reward, terminated, False, info

    def render(self) -> str | None:
        return render_text(self.render_mode, lambda: f"hand: {self.game.hand(self.seat)}  totals: {self.game.totals}")


# gymnasium.make("blackmaria/SingleSeat-v0", rules="hearts", opponents="easy"): registered once, when this module is
# imported (``blackmaria.envs`` imports it), so that ``make`` gives the env its spec and ``check_env`` has no warning.
if "blackmaria/SingleSeat-v0" not in gym.registry:
    gym.register(id="blackmaria/SingleSeat-v0", entry_point="blackmaria.envs.gymnasium_env:BlackMariaSingleSeatEnv")
