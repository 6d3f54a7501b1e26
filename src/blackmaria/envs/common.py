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

from typing import Any

import numpy as np

from blackmaria.cards import card_name
from blackmaria.core.logic import STATE_SIZE
from blackmaria.core.state import State
from blackmaria.envs import encoding
from blackmaria.envs.encoding import DIRECTIONS
from blackmaria.rules import Rules


def illegal_penalty(rules: Rules) -> float:
    """What an illegal action costs the seat that chose it: the most points a deal can cost."""
    return float(rules.moon_total or rules.deal_total)


def illegal_info(state: State, card: int) -> dict[str, Any]:
    """The info of an illegal action: the card, the rule it breaks and the reason in words."""
    seat = state.current_player()
    if not 0 <= card < 52:
        return {"illegal_action": True, "card": card, "rule": "not-a-card", "reason": f"{card!r} is not a card number (0..51)"}
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

        self.rules = rules
        self.params = params_array(rules)
        segments = {segment.name: segment for segment in encoding.layout(rules)}
        self.at = np.array([segment.start for segment in encoding.layout(rules)], dtype=np.int64)
        self.totals_at = segments["totals"].start
        self.size = encoding.size(rules)
        self._s = np.zeros(STATE_SIZE, dtype=np.int64)
        self._x = np.zeros(9, dtype=np.int64)

    def encode(self, state: State, seat: int, totals: tuple[int, ...] | list[int] | None = None) -> np.ndarray:
        from blackmaria.envs.batched import PASS_SEAT, PASSES, PENDING, encode_vector

        out = np.zeros(self.size, dtype=np.float32)
        self._s[:] = state.s
        x = self._x
        x[:] = 0
        passing = state.phase == "passing"
        turn = state.current_player()
        x[PASS_SEAT] = turn if passing else -1
        if passing:
            x[PENDING] = state.picks[turn]
        for i, given in enumerate(state.passes):
            x[PASSES + i] = given or 0
        encode_vector(self._s, x, self.params, state.offset, DIRECTIONS.index(state.direction), self.at, out, seat)
        if totals is not None:
            n = self.rules.players
            for other in range(n):
                out[self.totals_at + (other - seat) % n] = max(-encoding.BOUND, min(encoding.BOUND, totals[other] / 100.0))
        return out


def mask_of(mask: int) -> np.ndarray:
    """A card mask as the 52 int8 entries of an action mask."""
    bits = np.unpackbits(np.frombuffer(mask.to_bytes(8, "little"), dtype=np.uint8), bitorder="little")[:52]
    return bits.astype(np.int8)


__all__ = ["StateEncoder", "illegal_info", "illegal_penalty", "mask_of"]
