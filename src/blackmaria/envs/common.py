"""What every environment shares: the illegal-action policy and the observation tensor of a seat.

**The one illegal-action policy** (PettingZoo, Gymnasium and the batched
environment alike, in the manner of pgx): an illegal action ends the deal at
once. The seat that chose it gets minus ``illegal_penalty(rules)`` (the most
points a deal can cost), every other seat 0, and the environment says so
(``info["illegal_action"]`` with the card, the rule and the reason; the batched
environment's ``illegal`` array). Nothing else of the deal is played. Use the
action mask and it never happens. The OpenSpiel game follows OpenSpiel's own
rule instead: ``apply_action`` raises the engine's ``IllegalPass``/``IllegalPlay``, as OpenSpiel games raise.

The tensor is computed in compiled code from the deal's state vector by
``batched.encode_vector``, the same function the batched environment runs,
so the two cannot drift; ``encoding.encode`` reads an ``Observation`` and a
test holds the three equal.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

import numpy as np

from blackmaria.cards import card_name
from blackmaria.core.logic import PHASE, PHASE_PASSING, STATE_SIZE
from blackmaria.core.state import State
from blackmaria.envs import encoding
from blackmaria.envs.encoding import DIRECTIONS
from blackmaria.rules import Rules, rules_for

# The pass bookkeeping beside the state vector (the batched environment's per-game extras).
PASS_SEAT: Final = 0  # seat choosing its pass now, -1 once play has begun
PENDING: Final = 1  # cards chosen so far by that seat
PASSES: Final = 2  # 7 slots: each seat's completed pass
EXTRA_SIZE: Final = PASSES + 7


DIRECTIONS_CHOICES: Final = ("first", "drawn")
"""How a one-deal episode's pass direction is chosen: ``first``, the schedule's first direction every episode (as a
game's first deal passes); ``drawn``, one of the schedule's deals drawn each episode, so each direction as often as
the schedule has it (as OpenSpiel's ``hearts`` draws it by chance), and training sees every direction."""


def checked_directions(directions: str, whole_game: bool = False) -> str:
    """``directions`` if it is one of ``DIRECTIONS_CHOICES`` (and one-deal episodes are played), else refused by name."""
    if directions not in DIRECTIONS_CHOICES:
        raise ValueError(
            f"directions: 'first' (every episode passes in the schedule's first direction) or 'drawn' (each episode's "
            f"direction drawn from the schedule); got {directions!r}"
        )
    if whole_game and directions == "drawn":
        raise ValueError("directions='drawn' is for episodes of one deal: a whole game passes in the schedule's order")
    return directions


def one_deal_rules(rules: Rules, directions: str = "first", rng: random.Random | None = None) -> Rules:
    """The rules of an episode of one deal under ``rules``; with ``directions="drawn"``, its pass direction is drawn
    from ``rng`` (one draw, before the deal's shuffle), else the schedule's first."""
    one_deal = rules.replace(target_score=None, deal_count=1, ties="share")
    if directions == "first":
        return one_deal
    return one_deal.replace(pass_schedule=((rng or random.Random()).choice(rules.effective_schedule),))


REWARDS: Final = ("negative-points", "points")
"""A seat's reward at the end of a deal: minus its points (the default: more is better, as learners assume), or its
points themselves (more is worse); an illegal action's penalty is the most points a deal can cost, with that sign."""


def reward_sign(reward: str) -> int:
    """-1 for ``negative-points``, 1 for ``points``; another name refused by name."""
    if reward not in REWARDS:
        raise ValueError(f"reward {reward!r} is not one of {', '.join(REWARDS)}")
    return -1 if reward == "negative-points" else 1


def illegal_penalty(rules: Rules) -> float:
    """What an illegal action costs the seat that chose it: the most points a deal can cost."""
    return float(rules.moon_total or rules.deal_total)


def card_number(action: Any) -> int | None:
    """The card number an action names: a whole number (Python's or NumPy's, or a 0-d array of one), else None (a
    float such as 3.0, a bool or a string is not taken for a card)."""
    if isinstance(action, np.ndarray) and action.ndim == 0:
        action = action.item()
    if isinstance(action, (int, np.integer)) and not isinstance(action, (bool, np.bool_)):
        return int(action)
    return None


def action_card(action: Any) -> int:
    """The card number of a step's action, or ValueError naming it: an action outside the action space (a float, an
    array, 52) is the caller's mistake, said at once, not a card the rules refuse (a researcher's shape-(1,) array
    was scored -26 as an illegal card, which hid the bug in the loop)."""
    card = card_number(action)
    if card is None or not 0 <= card < 52:
        raise ValueError(f"action {action!r}: the action space is Discrete(52), a card number (an integer 0..51)")
    return card


def illegal_info(state: State, card: int) -> dict[str, Any]:
    """The info of an illegal card (``action_card``'s): its name, the rule it breaks and the reason in words."""
    seat = state.current_player()
    if seat < 0:  # (a researcher read "seat -4": the engine's number for a finished deal)
        return {"illegal_action": True, "card": card_name(card), "rule": "no-decision", "reason": "the deal is over: nobody chooses now"}
    refusal = state.refusal(card, seat)
    rule = refusal.rule if refusal is not None else "wrong-phase"
    reason = refusal.reason() if refusal is not None else "this is not the time for that action"
    return {
        "illegal_action": True,
        "card": card_name(card),
        "rule": rule,
        "reason": f"seat {seat} cannot choose {card_name(card)}: {reason}",
    }


class StateEncoder:
    """The observation tensor of any seat of a ``State``, by the compiled encoder of the batched environment."""

    def __init__(self, rules: Rules) -> None:
        from blackmaria.core.compiled import params_array
        from blackmaria.envs.batched import encode_vector  # here: the batched module imports this one

        self._encode_vector = encode_vector
        self.rules = rules
        self.params = params_array(rules)
        segments = {segment.name: segment for segment in encoding.layout(rules)}
        self.at = np.array([segment.start for segment in encoding.layout(rules)], dtype=np.int64)
        self.totals_at = segments["totals"].start
        self.size = encoding.size(rules)
        self._s = np.zeros(STATE_SIZE, dtype=np.int64)
        self._x = np.zeros(EXTRA_SIZE, dtype=np.int64)

    def encode(self, state: State, seat: int, totals: tuple[int, ...] | list[int] | None = None) -> np.ndarray:
        out = np.empty(self.size, dtype=np.float32)  # encode_vector clears it
        s = state.s
        self._s[:] = s
        x = self._x
        if s[PHASE] == PHASE_PASSING:
            turn = state.current_player()
            x[PASS_SEAT], x[PENDING] = turn, state.picks[turn]
        else:
            x[PASS_SEAT], x[PENDING] = -1, 0
        passes = state.passes
        x[PASSES : PASSES + len(passes)] = [given or 0 for given in passes]
        self._encode_vector(self._s, x, self.params, state.offset, DIRECTIONS.index(state.direction), self.at, out, seat)
        if totals is not None:
            n = self.rules.players
            for other in range(n):
                out[self.totals_at + (other - seat) % n] = max(-encoding.BOUND, min(encoding.BOUND, totals[other] / 100.0))
        return out


def mask_of(mask: int) -> np.ndarray:
    """A card mask as the 52 int8 entries of an action mask (its 7 bytes unpacked, lowest card first)."""
    return np.unpackbits(np.frombuffer(mask.to_bytes(7, "little"), np.uint8), count=52, bitorder="little").view(np.int8)


__all__ = [
    "REWARDS",
    "StateEncoder",
    "action_card",
    "card_number",
    "reward_sign",
    "rules_for",
    "illegal_info",
    "illegal_penalty",
    "mask_of",
]


RENDER_MODES: Final = ("ansi",)
"""What ``render()`` can make: the deal as text."""


def checked_render_mode(render_mode: str | None) -> str | None:
    """``render_mode`` as given, if it is None or one of ``RENDER_MODES`` (said at construction, not at the first
    render)."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode {render_mode!r} is not one of None, {', '.join(RENDER_MODES)}")
    return render_mode


def render_text(render_mode: str | None, text: Callable[[], str]) -> str | None:
    """What ``render()`` returns: the text in ``ansi`` mode; without a render mode None, with Gymnasium's and
    PettingZoo's warning (a researcher's env made without one rendered all the same)."""
    if render_mode is None:
        from gymnasium import logger

        logger.warn("render() was called without a render_mode: make the environment with render_mode='ansi'")
        return None
    return text()
