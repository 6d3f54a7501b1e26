"""The simulation kernel: ``core.logic`` compiled with numba.

Importing this module registers every rule function of ``core.logic`` with
numba (``register_jitable``), so compiled code calls the very same functions
the checked ``Game`` calls in Python. Only the two bit helpers get compiled
bodies of their own (LLVM's popcount and count-trailing-zeros), because
``int.bit_count`` and ``int.bit_length`` do not exist in numba.

Compiled functions are cached on disk (numba ``cache=True``), so the compile
cost is paid once per machine.
"""

from __future__ import annotations

import time
from typing import Any

import numba
import numpy as np
from numba import types
from numba.core import cgutils  # noqa: F401  (imported for numba's intrinsic machinery)
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import intrinsic, overload, register_jitable

from blackmaria.core import logic
from blackmaria.core.logic import (
    HAND,
    P_FORBIDDEN,
    P_IN_PLAY,
    P_PASS_COUNT,
    P_PLAYERS,
    PARAMS_SIZE,
    PHASE,
    PHASE_OVER,
    STATE_SIZE,
    TURN,
    begin_play,
    deal_deck,
    exchange_passes,
    legal_cards,
    play_card,
    popcount,
    score_deal,
)
from blackmaria.rules import Rules


@intrinsic
def _ctpop(typingctx: Any, x: Any) -> Any:
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return x(x), codegen


@overload(logic.popcount)
def _popcount_compiled(mask):  # type: ignore[no-untyped-def]  # numba matches the impl's signature
    if isinstance(mask, types.Integer):
        return lambda mask: _ctpop(np.int64(mask))  # type: ignore[call-arg]
    return None


@overload(logic.lowest_card)
def _lowest_card_compiled(mask):  # type: ignore[no-untyped-def]
    if isinstance(mask, types.Integer):
        return lambda mask: trailing_zeros(np.int64(mask))  # type: ignore[call-arg]
    return None


for _func in logic.RULE_FUNCTIONS:
    if _func not in (logic.popcount, logic.lowest_card):
        register_jitable(_func)


def params_array(rules: Rules) -> np.ndarray:
    """The rule set as an int64 array for compiled code."""
    p = np.array(logic.make_params(rules), dtype=np.int64)
    assert p.shape == (PARAMS_SIZE,)
    return p


@numba.njit(cache=True)
def random_card(mask: int) -> int:
    """A uniformly random card of a non-empty mask."""
    k = np.random.randint(0, popcount(mask))
    for _ in range(k):
        mask &= mask - 1
    return logic.lowest_card(mask)


@numba.njit(cache=True)
def random_subset(mask: int, count: int) -> int:
    chosen = 0
    for _ in range(count):
        card = random_card(mask & ~chosen)
        chosen |= 1 << card
    return chosen


@numba.njit(cache=True)
def random_deals(p: np.ndarray, offsets: np.ndarray, n_deals: int, seed: int) -> np.ndarray:
    """Play ``n_deals`` whole deals with uniformly random legal passes and plays.

    ``offsets`` gives the pass offset of each deal in turn (cycled; 0 = hold).
    Returns the summed points of each seat, a checksum of the work done.
    """
    np.random.seed(seed)
    n = p[P_PLAYERS]
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    deck = np.zeros(52, dtype=np.int64)
    in_play = p[P_IN_PLAY]
    size = 0
    for c in range(52):
        if in_play >> c & 1:
            deck[size] = c
            size += 1
    passes = np.zeros(n, dtype=np.int64)
    points = np.zeros(n, dtype=np.int64)
    totals = np.zeros(n, dtype=np.int64)
    dealer = 0
    for d in range(n_deals):
        np.random.shuffle(deck[:size])
        deal_deck(s, p, deck, dealer)
        offset = offsets[d % offsets.shape[0]]
        if offset:
            for seat in range(n):
                passes[seat] = random_subset(s[HAND + seat] & ~p[P_FORBIDDEN], p[P_PASS_COUNT])
            exchange_passes(s, p, passes, offset)
        begin_play(s, p)
        while s[PHASE] != PHASE_OVER:
            seat = s[TURN]
            play_card(s, p, random_card(legal_cards(s, p, seat)))
        score_deal(s, p, points)
        for seat in range(n):
            totals[seat] += points[seat]
        dealer = (dealer + 1) % n
    return totals


def pass_offsets(rules: Rules) -> np.ndarray:
    return np.array([rules.pass_offset(d) for d in rules.effective_schedule], dtype=np.int64)


def warm_up() -> float:
    """Compile (or load from the on-disk cache) the kernel; return the seconds it took."""
    start = time.perf_counter()
    from blackmaria.rules import preset

    rules = preset("hearts")
    random_deals(params_array(rules), pass_offsets(rules), 1, 0)
    return time.perf_counter() - start


__all__ = ["params_array", "pass_offsets", "random_card", "random_deals", "random_subset", "warm_up"]


# The rule functions themselves, compiled, for callers that step a deal from Python
# (bots' search, tests that compare compiled and interpreted runs).
legal_cards_compiled = numba.njit(cache=True)(legal_cards)
play_card_compiled = numba.njit(cache=True)(play_card)
score_deal_compiled = numba.njit(cache=True)(score_deal)
