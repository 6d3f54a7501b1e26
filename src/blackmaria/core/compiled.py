"""The simulation kernel: ``core.logic`` compiled with numba.

Importing this module registers every rule function of ``core.logic`` with
numba (``register_jitable``), so compiled code calls the very same functions
the checked ``Game`` calls in Python. Only the two bit helpers get compiled
bodies of their own (LLVM's popcount and count-trailing-zeros), because
``int.bit_count`` and ``int.bit_length`` do not exist in numba.

Random numbers come from a small xorshift64* generator whose state is a
one-slot array passed along (``make_rng``), and a random card of a mask is
picked with BMI2's ``pdep`` where the CPU has it: the random-deal kernel does
no allocation and no division per card.

The rule functions are inlined into their callers at numba's IR level
(``inline="always"``; ``card_points``, whose loop numba's inliner mishandles,
stays a call), and the random-deal loop is compiled without reference
counting (``_nrt=False``): the arrays it works on are made by its caller, so
a card played costs no function call and no atomic reference-count update.

Compiled functions are cached on disk (numba ``cache=True``), so the compile
cost is paid once per machine.
"""

from __future__ import annotations

import platform
import time
import warnings
from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
from llvmlite import binding as _llvm  # type: ignore[import-untyped]
from llvmlite import ir
from numba import types
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

# numba's own internal check flags variables of the shared rule functions it inlined; harmless, and
# not for players to read on their first compile.
warnings.filterwarnings("ignore", category=numba.core.errors.NumbaIRAssumptionWarning)


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
        register_jitable(inline="never" if _func is logic.card_points else "always")(_func)


def params_array(rules: Rules) -> np.ndarray:
    """The rule set as an int64 array for compiled code."""
    p = np.array(logic.make_params(rules), dtype=np.int64)
    assert p.shape == (PARAMS_SIZE,)
    return p


# ---- random numbers: xorshift64* in a one-slot state array (no global generator, nothing allocated per call) ----
@numba.njit(cache=True)
def make_rng(seed: int) -> np.ndarray:
    """A generator state for ``seed`` (splitmix64 of the seed, never 0)."""
    z = np.uint64(seed) + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z = z ^ (z >> np.uint64(31))
    rng = np.empty(1, dtype=np.uint64)
    rng[0] = z if z != np.uint64(0) else np.uint64(1)
    return rng


@numba.njit(cache=True)
def random_below(rng: np.ndarray, bound: int) -> int:
    """A uniformly random int in ``0..bound-1`` (``bound`` below 2**32; multiply-shift, no division)."""
    x = rng[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    rng[0] = x
    r = (x * np.uint64(0x2545F4914F6CDD1D)) >> np.uint64(32)
    return int((r * np.uint64(bound)) >> np.uint64(32))


@numba.njit(cache=True)
def random_unit(rng: np.ndarray) -> float:
    """A uniformly random float in [0, 1)."""
    return random_below(rng, 1 << 30) / float(1 << 30)


@intrinsic
def _pdep(typingctx: Any, src: Any, mask: Any) -> Any:
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        fnty = ir.FunctionType(ir.IntType(64), [ir.IntType(64), ir.IntType(64)])
        fn = builder.module.declare_intrinsic("llvm.x86.bmi.pdep.64", fnty=fnty)
        return builder.call(fn, args)

    return types.uint64(types.uint64, types.uint64), codegen


HAS_PDEP: bool = bool(_llvm.get_host_cpu_features().get("bmi2", False)) and platform.machine() in ("x86_64", "AMD64")
"""Whether this CPU has BMI2's ``pdep``, which picks the k-th card of a mask in one instruction."""


@numba.njit(cache=True)
def _kth_card_pdep(mask: int, k: int) -> int:
    return logic.lowest_card(int(_pdep(np.uint64(1) << np.uint64(k), np.uint64(mask))))  # type: ignore[call-arg]


@numba.njit(cache=True)
def _kth_card_loop(mask: int, k: int) -> int:
    for _ in range(k):
        mask &= mask - 1
    return logic.lowest_card(mask)


kth_card = _kth_card_pdep if HAS_PDEP else _kth_card_loop
"""The ``k``-th lowest card of ``mask`` (k counted from 0)."""


@numba.njit(cache=True)
def random_card(rng: np.ndarray, mask: int) -> int:
    """A uniformly random card of a non-empty mask."""
    return kth_card(mask, random_below(rng, popcount(mask)))


@numba.njit(cache=True)
def random_subset(rng: np.ndarray, mask: int, count: int) -> int:
    """``count`` distinct cards of ``mask``, uniformly at random."""
    chosen = 0
    for _ in range(count):
        chosen |= 1 << random_card(rng, mask & ~chosen)
    return chosen


@numba.njit(cache=True)
def shuffle(rng: np.ndarray, cards: np.ndarray, size: int) -> None:
    """Fisher-Yates over ``cards[:size]``."""
    for i in range(size - 1, 0, -1):
        j = random_below(rng, i + 1)
        c = cards[i]
        cards[i] = cards[j]
        cards[j] = c


_F = TypeVar("_F", bound=Callable[..., Any])


def _njit_without_refcount(func: _F) -> _F:
    """``numba.njit(cache=True)`` with reference counting off (numba's ``_nrt`` flag, not in its type stubs)."""
    options: dict[str, Any] = {"cache": True, "_nrt": False}
    return cast(_F, numba.njit(**options)(func))


@_njit_without_refcount
def _random_deals_loop(
    p: np.ndarray,
    offsets: np.ndarray,
    n_deals: int,
    rng: np.ndarray,
    s: np.ndarray,
    deck: np.ndarray,
    passes: np.ndarray,
    points: np.ndarray,
    totals: np.ndarray,
) -> None:
    """The body of ``random_deals`` over arrays it is given: compiled without reference counting."""
    n = p[P_PLAYERS]
    in_play = p[P_IN_PLAY]
    size = 0
    for c in range(52):
        if in_play >> c & 1:
            deck[size] = c
            size += 1
    dealer = 0
    for d in range(n_deals):
        shuffle(rng, deck, size)
        deal_deck(s, p, deck, dealer)
        offset = offsets[d % offsets.shape[0]]
        if offset:
            for seat in range(n):
                passes[seat] = random_subset(rng, s[HAND + seat] & ~p[P_FORBIDDEN], p[P_PASS_COUNT])
            exchange_passes(s, p, passes, offset)
        begin_play(s, p)
        while s[PHASE] != PHASE_OVER:
            play_card(s, p, random_card(rng, legal_cards(s, p, s[TURN])))
        score_deal(s, p, points)
        for seat in range(n):
            totals[seat] += points[seat]
        dealer += 1
        if dealer == n:
            dealer = 0


@numba.njit(cache=True)
def random_deals(p: np.ndarray, offsets: np.ndarray, n_deals: int, seed: int) -> np.ndarray:
    """Play ``n_deals`` whole deals with uniformly random legal passes and plays.

    ``offsets`` gives the pass offset of each deal in turn (cycled; 0 = hold).
    Returns the summed points of each seat, a checksum of the work done.
    """
    n = p[P_PLAYERS]
    totals = np.zeros(n, dtype=np.int64)
    _random_deals_loop(
        p,
        offsets,
        n_deals,
        make_rng(seed),
        np.zeros(STATE_SIZE, dtype=np.int64),
        np.zeros(52, dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        np.zeros(n, dtype=np.int64),
        totals,
    )
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


__all__ = [
    "HAS_PDEP",
    "kth_card",
    "make_rng",
    "params_array",
    "pass_offsets",
    "random_below",
    "random_card",
    "random_deals",
    "random_subset",
    "random_unit",
    "shuffle",
    "warm_up",
]


# The rule functions themselves, compiled, for callers that step a deal from Python
# (bots' search, tests that compare compiled and interpreted runs).
legal_cards_compiled = numba.njit(cache=True)(legal_cards)
play_card_compiled = numba.njit(cache=True)(play_card)
score_deal_compiled = numba.njit(cache=True)(score_deal)
