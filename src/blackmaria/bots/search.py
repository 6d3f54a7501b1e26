"""Hard and expert: determinized search over deals consistent with what the seat knows.

For a play, the bot builds the state it knows (``known_state``): its hand,
every trick so far and who won it, the trick in play, the voids shown, the
cards it passed (they stay in the receiver's hand until played), the kitty
if it took it, the stock's size. The cards it cannot see are then dealt at
random to the other hands, the kitty and the stock, never giving a seat a
suit it has shown void in (``playout.sample_world``). In each such world
every legal card is tried and the deal finished, by a rule-based playout or,
for the last tricks, by an exact max-n solve, all in compiled code over the
rule functions of ``core.logic``. The card with the fewest points on average
is played. Passing uses the medium bot's rules of thumb.

``budget`` is the number of simulations per move: worlds x legal cards (an
exact solve of the last tricks counts as one simulation per card, and at most
``EXACT_WORLDS`` worlds are solved).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from blackmaria.bots.base import Hint
from blackmaria.bots.medium import MediumBot
from blackmaria.cards import Card, card_symbol
from blackmaria.core import logic as core
from blackmaria.observation import Observation
from blackmaria.rules import Rules


@dataclass(frozen=True)
class KnownState:
    """What a seat knows, as the kernel's inputs: a state with the hidden cards left out, and what is hidden where."""

    state: np.ndarray
    unknown: int
    """The cards the seat cannot place."""
    caps: np.ndarray
    """How many unknown cards each holder gets: seats 0..n-1, then the kitty, then the stock."""
    voids: np.ndarray
    """Suits (bit per suit) each holder may not get."""
    kitty_mode: int
    kitty_owner: int


_PARAMS: dict[Rules, np.ndarray] = {}


def params_for(rules: Rules) -> np.ndarray:
    p = _PARAMS.get(rules)
    if p is None:
        from blackmaria.core.compiled import params_array

        p = _PARAMS[rules] = params_array(rules)
    return p


def known_state(obs: Observation) -> KnownState:
    """The state vector of ``obs`` with every card the seat cannot see left out, and where those cards may lie."""
    from blackmaria.bots.playout import KITTY_NONE, KITTY_PENDING, KITTY_TAKEN

    rules = obs.rules
    n = rules.players
    me = obs.seat
    s = np.zeros(core.STATE_SIZE, dtype=np.int64)
    s[core.TRICK : core.TRICK + core.MAX_SEATS] = -1
    s[core.DEALER] = obs.dealer
    s[core.PHASE] = core.PHASE_PLAYING
    s[core.TURN] = obs.turn if obs.turn is not None else -1
    s[core.HEARTS_BROKEN] = int(obs.hearts_broken)
    s[core.PLAYED] = obs.played.mask
    s[core.HAND + me] = obs.hand.mask
    completed = [t for t in obs.tricks if t.winner is not None]
    s[core.TRICK_INDEX] = len(completed)
    for trick in completed:
        assert trick.winner is not None
        s[core.TAKEN + trick.winner] |= trick.cards.mask
    last_winner = completed[-1].winner if completed else None
    s[core.LAST_WINNER] = -1 if last_winner is None else last_winner
    current = obs.current_trick
    leader = obs.leader if obs.leader is not None else current.leader if current is not None else -1
    s[core.LEADER] = leader
    if current is not None:
        s[core.IN_TRICK] = len(current.plays)
        for seat, card in current.plays:
            s[core.TRICK + seat] = card
    s[core.FIRST_CARD] = -1
    if rules.first_lead == "two-of-clubs" and not completed:
        if current is not None and current.plays:
            s[core.FIRST_CARD] = current.plays[0][1]
        elif len(obs.legal) == 1:
            s[core.FIRST_CARD] = next(iter(obs.legal))
    for seat in range(n):
        for suit in obs.voids[seat]:
            s[core.VOIDS + seat] |= 1 << suit
    known = obs.hand.mask | obs.played.mask
    # The cards this seat passed stay in the receiver's hand until played.
    if obs.passed is not None and obs.pass_to is not None and obs.phase == "playing" and obs.pass_to != me:
        kept = obs.passed.mask & ~obs.played.mask & ~obs.hand.mask
        s[core.HAND + obs.pass_to] |= kept
        known |= kept
    kitty_mode = KITTY_NONE
    kitty_owner = -1
    kitty_cap = 0
    if rules.kitty_size:
        if obs.kitty_owner is None:
            kitty_mode, kitty_cap = KITTY_PENDING, rules.kitty_size
        else:
            kitty_owner = obs.kitty_owner
            s[core.KITTY_OWNER] = kitty_owner
            if obs.kitty is not None:
                s[core.TAKEN + kitty_owner] |= obs.kitty.mask
                known |= obs.kitty.mask
            else:
                kitty_mode, kitty_cap = KITTY_TAKEN, rules.kitty_size
    s[core.STOCK_SIZE] = obs.stock_left
    caps = np.zeros(n + 2, dtype=np.int64)
    voids = np.zeros(n + 2, dtype=np.int64)
    for seat in range(n):
        if seat != me:
            caps[seat] = obs.cards_left[seat] - int(s[core.HAND + seat]).bit_count()
            voids[seat] = s[core.VOIDS + seat]
    caps[n] = kitty_cap
    caps[n + 1] = obs.stock_left
    unknown = rules.in_play_mask & ~known
    if int(caps.sum()) != unknown.bit_count() or caps.min() < 0:
        raise AssertionError(f"seat {me}: {unknown.bit_count()} unseen cards but room for {int(caps.sum())}")
    return KnownState(s, unknown, caps, voids, kitty_mode, kitty_owner)


EXACT_WORLDS = 300
"""At most this many worlds are solved exactly per move (a solve costs as much as many playouts)."""


def exact_from(rules: Rules, budget: int) -> int:
    """Hand size from which the end of the deal is solved exactly instead of played out."""
    if rules.players <= 4:
        return 3 if budget >= 5_000 else 2
    return 2


class SearchBot:
    """Determinized search with compiled playouts and an exact end-game; deterministic given a seed."""

    def __init__(self, seed: int | None = None, budget: int = 1_000, name: str = "hard", eps: float = 0.1) -> None:
        if budget < 1:
            raise ValueError(f"budget: {budget} simulations per move; give at least 1")
        self.name = name
        self.budget = budget
        self.eps = eps
        self._rng = random.Random(seed)
        self._medium = MediumBot(self._rng.getrandbits(32))
        self.last_costs: dict[Card, float] = {}
        self.last_worlds = 0
        """Sampled deals each candidate card was tried in at the last move (0 when the move was forced)."""

    def choose_pass(self, observation: Observation) -> list[Card]:
        return self._medium.choose_pass(observation)

    def choose_play(self, observation: Observation) -> Card:
        return self.hint(observation).cards[0]

    def evaluate(self, obs: Observation) -> tuple[dict[Card, float], int]:
        """Mean points of this seat after each legal card, and the worlds sampled."""
        from blackmaria.bots.playout import search

        legal = sorted(obs.legal)
        known = known_state(obs)
        candidates = np.array(legal, dtype=np.int64)
        worlds = max(1, self.budget // len(legal))
        exact = len(obs.hand) <= exact_from(obs.rules, self.budget) and obs.stock_left == 0
        if exact:
            worlds = min(worlds, EXACT_WORLDS)
        costs = np.zeros(len(legal), dtype=np.int64)
        search(
            params_for(obs.rules),
            known.state,
            obs.seat,
            candidates,
            known.unknown,
            known.caps,
            known.voids,
            known.kitty_mode,
            known.kitty_owner,
            worlds,
            self._rng.getrandbits(31),
            self.eps,
            exact,
            costs,
        )
        return {card: float(costs[i]) / worlds for i, card in enumerate(legal)}, worlds

    def hint(self, obs: Observation) -> Hint:
        legal = sorted(obs.legal)
        if not legal:
            raise ValueError(f"seat {obs.seat} has no card to play now")
        if len(legal) == 1:
            self.last_costs = {}
            self.last_worlds = 0
            return Hint([legal[0]], f"{card_symbol(legal[0])} is the only legal card", self.name)
        costs, worlds = self.evaluate(obs)
        self.last_costs = costs
        self.last_worlds = worlds
        best = min(costs.values())
        tied = [c for c in legal if costs[c] <= best + 1e-9]
        card = tied[0]
        if len(tied) > 1:
            preferred = self._medium.play_hint(obs).cards[0]
            card = preferred if preferred in tied else tied[-1]
        ranked = sorted(legal, key=lambda c: costs[c])
        runner_up = next((c for c in ranked if c != card), card)
        margin = costs[runner_up] - costs[card]
        reason = (
            f"In {worlds:,} simulated deals {card_symbol(card)} cost {costs[card]:.1f} points on average, "
            f"{margin:.1f} fewer than {card_symbol(runner_up)}"
        )
        return Hint([card], reason, self.name, costs)


__all__ = ["KnownState", "SearchBot", "exact_from", "known_state", "params_for"]
