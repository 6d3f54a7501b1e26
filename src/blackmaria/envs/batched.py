"""N games stepped together with NumPy arrays, in compiled code, for training at scale.

Each game is one deal under the rule set, passing in the schedule's first
direction (``directions="first"``) or in one drawn from the schedule for each
deal (``directions="drawn"``; ``deal_directions`` holds each game's), played
by the caller for every seat: ``step(actions)`` takes one card number per game
for the seat to act in that game (during a pass, one card at a time, seat by
seat, as in the PettingZoo environment). A finished game scores its
deal, reports the rewards (minus each seat's points) and starts a new deal at
once, so the arrays always hold live games.

Observations are the tensor of ``blackmaria.envs.encoding`` for the seat to
act, computed in compiled code from the same state vector the rule functions
of ``core.logic`` update; a test checks them against the checked ``Game``
step by step.

>>> from blackmaria.envs.batched import BatchedEnv
>>> env = BatchedEnv("hearts", num_envs=8, seed=1)
>>> observations, masks, players = env.reset()
>>> observations.shape, masks.shape, bool((masks.sum(axis=1) > 0).all())
((8, 764), (8, 52), True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numba
import numpy as np

from blackmaria.core import compiled
from blackmaria.core.logic import (
    HAND,
    HEARTS_BROKEN,
    KITTY,
    KITTY_OWNER,
    LEADER,
    P_FORBIDDEN,
    P_IN_PLAY,
    P_MOON_TOTAL,
    P_PASS_COUNT,
    P_PLAYERS,
    PHASE,
    PHASE_OVER,
    PHASE_PASSING,
    PLAYED,
    STATE_SIZE,
    STOCK_SIZE,
    STOCK_TOP,
    TAKEN,
    TRICK,
    TURN,
    VOIDS,
    begin_play,
    card_points,
    deal_deck,
    exchange_passes,
    legal_cards,
    play_card,
    popcount,
    score_deal,
)
from blackmaria.envs import encoding
from blackmaria.envs.common import EXTRA_SIZE, PASS_SEAT, PASSES, PENDING, checked_directions, illegal_penalty, rules_for
from blackmaria.envs.encoding import DIRECTIONS
from blackmaria.rules import Rules

if TYPE_CHECKING:
    from blackmaria.game import Game

LOW_57_BITS = (1 << 57) - 1
LOW_62_BITS = (1 << 62) - 1


@numba.njit(cache=True)
def _draw(rng: np.ndarray, bound: int) -> int:
    """The game's own xorshift generator: its next number below ``bound``."""
    rng[0] ^= rng[0] << 13
    rng[0] ^= (rng[0] >> 7) & LOW_57_BITS  # a logical shift on a signed int
    rng[0] ^= rng[0] << 17
    drawn: int = ((rng[0] >> 1) & LOW_62_BITS) % bound
    return drawn


@numba.njit(cache=True)
def _new_deal(s: np.ndarray, x: np.ndarray, p: np.ndarray, schedule: np.ndarray, offsets: np.ndarray, rng: np.ndarray) -> int:
    """Shuffle and deal a new deal; return its pass direction (an index of ``DIRECTIONS``), drawn from ``schedule``
    after the shuffle where it holds more than one (so a schedule of one deals as it always has)."""
    n = p[P_PLAYERS]
    deck = np.empty(52, dtype=np.int64)
    size = 0
    for c in range(52):
        if p[P_IN_PLAY] >> c & 1:
            deck[size] = c
            size += 1
    for i in range(size - 1, 0, -1):  # Fisher-Yates with the game's own generator
        j = _draw(rng, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    deal_deck(s, p, deck, n - 1)
    direction: int = schedule[_draw(rng, schedule.shape[0])] if schedule.shape[0] > 1 else schedule[0]
    for k in range(EXTRA_SIZE):
        x[k] = 0
    if offsets[direction]:
        x[PASS_SEAT] = 0
        s[PHASE] = PHASE_PASSING
    else:
        x[PASS_SEAT] = -1
        begin_play(s, p)
    return direction


@numba.njit(cache=True)
def _to_act(s: np.ndarray, x: np.ndarray) -> int:
    seat: int = x[PASS_SEAT] if x[PASS_SEAT] >= 0 else s[TURN]
    return seat


@numba.njit(cache=True)
def _mask(s: np.ndarray, x: np.ndarray, p: np.ndarray) -> int:
    if x[PASS_SEAT] >= 0:
        passable: int = s[HAND + x[PASS_SEAT]] & ~p[P_FORBIDDEN] & ~x[PENDING]
        return passable
    return legal_cards(s, p, s[TURN])


@numba.njit(cache=True)
def _set_cards(out: np.ndarray, start: int, mask: int) -> None:
    while mask:
        low = mask & -mask
        out[start + popcount(low - 1)] = 1.0
        mask ^= low


@numba.njit(cache=True)
def encode_vector(
    s: np.ndarray, x: np.ndarray, p: np.ndarray, offset: int, direction: int, at: np.ndarray, out: np.ndarray, seat: int
) -> None:
    """``encoding.encode`` of ``seat``, from the state vector and the pass bookkeeping: the one encoder in compiled code."""
    n = p[P_PLAYERS]
    out[:] = 0.0
    passing = x[PASS_SEAT] >= 0
    _set_cards(out, at[0], s[HAND + seat])
    if passing and seat == x[PASS_SEAT]:
        _set_cards(out, at[1], x[PENDING])
    if offset and not passing:
        _set_cards(out, at[2], x[PASSES + seat])
        _set_cards(out, at[3], x[PASSES + (seat - offset) % n])
    elif passing and x[PASSES + seat]:
        _set_cards(out, at[2], x[PASSES + seat])
    _set_cards(out, at[4], s[PLAYED])
    kitty = s[KITTY] if s[KITTY_OWNER] >= 0 else 0
    for other in range(n):
        relative = (other - seat) % n
        card = s[TRICK + other]
        if card >= 0:
            out[at[5] + relative * 52 + card] = 1.0
        won = s[TAKEN + other] & ~kitty
        _set_cards(out, at[6] + relative * 52, won)
        for suit in range(4):
            if s[VOIDS + other] >> suit & 1:
                out[at[7] + relative * 4 + suit] = 1.0
        total = p[P_MOON_TOTAL] if p[P_MOON_TOTAL] > 0 else 1
        # A kitty's points count for its taker where this seat may see it (its own, or the deal over): Observation's.
        seen = other == s[KITTY_OWNER] and (other == seat or s[PHASE] == PHASE_OVER)
        out[at[12] + relative] = card_points(p, s[TAKEN + other] if seen else won) / total
    if not passing:
        out[at[8] + (s[LEADER] - seat) % n] = 1.0
    out[at[9] + (0 if passing else 1)] = 1.0
    out[at[10] + direction] = 1.0
    out[at[11]] = float(s[HEARTS_BROKEN])
    out[at[14]] = (s[STOCK_SIZE] - s[STOCK_TOP]) / 26.0
    if s[KITTY_OWNER] == seat:
        _set_cards(out, at[15], s[KITTY])


@numba.njit(cache=True)
def _step_all(
    states: np.ndarray,
    extras: np.ndarray,
    p: np.ndarray,
    schedule: np.ndarray,
    offsets: np.ndarray,
    directions: np.ndarray,
    at: np.ndarray,
    rngs: np.ndarray,
    actions: np.ndarray,
    observations: np.ndarray,
    masks: np.ndarray,
    players: np.ndarray,
    rewards: np.ndarray,
    dones: np.ndarray,
    illegal: np.ndarray,
    penalty: float,
) -> None:
    n = p[P_PLAYERS]
    points = np.zeros(n, dtype=np.int64)
    for g in range(states.shape[0]):
        s, x = states[g], extras[g]
        rewards[g, :] = 0.0
        dones[g] = False
        illegal[g] = False
        card = actions[g]
        if card < 0 or card > 51 or not (_mask(s, x, p) >> card & 1):
            # The one policy of every environment (envs.common): an illegal card ends the deal with the penalty.
            illegal[g] = True
            rewards[g, _to_act(s, x)] = -penalty
            dones[g] = True
            directions[g] = _new_deal(s, x, p, schedule, offsets, rngs[g : g + 1])
        elif x[PASS_SEAT] >= 0:
            x[PENDING] |= 1 << card
            if popcount(x[PENDING]) == p[P_PASS_COUNT]:
                x[PASSES + x[PASS_SEAT]] = x[PENDING]
                x[PENDING] = 0
                x[PASS_SEAT] += 1
                if x[PASS_SEAT] == n:
                    x[PASS_SEAT] = -1
                    exchange_passes(s, p, x[PASSES : PASSES + n], offsets[directions[g]])
                    begin_play(s, p)
        else:
            play_card(s, p, card)
            if s[PHASE] == PHASE_OVER:
                score_deal(s, p, points)
                for seat in range(n):
                    rewards[g, seat] = -points[seat]
                dones[g] = True
                directions[g] = _new_deal(s, x, p, schedule, offsets, rngs[g : g + 1])
        players[g] = _to_act(s, x)
        encode_vector(s, x, p, offsets[directions[g]], directions[g], at, observations[g], players[g])
        mask = _mask(s, x, p)
        masks[g, :] = 0
        while mask:
            low = mask & -mask
            masks[g, popcount(low - 1)] = 1
            mask ^= low


def _checked_seed(seed: int) -> int:
    """``seed``, refused by name unless a whole number of 0 or more (numpy's own words did not name it)."""
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
        raise ValueError(f"seed: a whole number, 0 or more; got {seed!r}")
    return int(seed)


class BatchedEnv:
    """``num_envs`` deals under ``rules``, stepped together; ``directions`` as in ``envs.common.DIRECTIONS_CHOICES``."""

    def __init__(
        self, rules: Rules | str = "hearts", num_envs: int = 64, seed: int = 0, players: int | None = None, directions: str = "first"
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int | np.integer) or num_envs < 1:
            raise ValueError(f"num_envs: the number of games stepped together, at least 1; got {num_envs!r}")
        self.rules = rules_for(rules, players)
        self.num_envs = int(num_envs)
        self.directions = checked_directions(directions)
        schedule = self.rules.effective_schedule if directions == "drawn" else (self.rules.pass_direction(0),)
        self.schedule = np.array([DIRECTIONS.index(d) for d in schedule], dtype=np.int64)
        self.offsets = np.array([self.rules.pass_offset(d) for d in DIRECTIONS], dtype=np.int64)
        self.deal_directions = np.zeros(num_envs, dtype=np.int64)
        """Each game's pass direction this deal, an index of ``encoding.DIRECTIONS`` (left, right, across, hold)."""
        self.params = compiled.params_array(self.rules)
        self.at = np.array([segment.start for segment in encoding.layout(self.rules)], dtype=np.int64)
        self.size = encoding.size(self.rules)
        self.seed = _checked_seed(seed)
        self.states = np.zeros((num_envs, STATE_SIZE), dtype=np.int64)
        self.extras = np.zeros((num_envs, EXTRA_SIZE), dtype=np.int64)
        self.rngs = np.zeros(num_envs, dtype=np.int64)
        self.observations = np.zeros((num_envs, self.size), dtype=np.float32)
        self.masks = np.zeros((num_envs, 52), dtype=np.int8)
        self.to_act = np.zeros(num_envs, dtype=np.int64)
        """The seat to act in each game (``reset`` and ``step`` return it third); the count of players is ``rules.players``."""
        self.rewards = np.zeros((num_envs, self.rules.players), dtype=np.float32)
        self.dones = np.zeros(num_envs, dtype=np.bool_)
        self.illegal = np.zeros(num_envs, dtype=np.bool_)
        self.penalty = illegal_penalty(self.rules)
        self.dealt = False
        """Whether ``reset`` has dealt the games (a step before it found no deal and refused every card)."""

    def reset(self, seed: int | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Deal every game afresh, from ``seed`` (else the last seed given, at first the constructor's: the same deals
        again); return observations, action masks and the seat to act in each game.

        The arrays returned, here and by ``step``, are the environment's own, written over by the next call: keep a
        copy (``observations.copy()``) of any you need after it."""
        if seed is not None:
            self.seed = _checked_seed(seed)
        self.dealt = True
        seeds = np.random.SeedSequence(self.seed).generate_state(self.num_envs, dtype=np.uint64)
        self.rngs[:] = (seeds >> np.uint64(1)).astype(np.int64) | 1
        for g in range(self.num_envs):
            direction = _new_deal(self.states[g], self.extras[g], self.params, self.schedule, self.offsets, self.rngs[g : g + 1])
            self.deal_directions[g] = direction
            self.to_act[g] = _to_act(self.states[g], self.extras[g])
            encode_vector(
                self.states[g],
                self.extras[g],
                self.params,
                self.offsets[direction],
                direction,
                self.at,
                self.observations[g],
                self.to_act[g],
            )
            mask = _mask(self.states[g], self.extras[g], self.params)
            self.masks[g, :] = [(mask >> c) & 1 for c in range(52)]
        return self.observations, self.masks, self.to_act

    def step(self, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Apply one card per game; return observations, masks, players, rewards (per seat) and dones: the
        environment's own arrays, written over by the next step (copy what you keep).

        An illegal card ends its game's deal: minus ``illegal_penalty(rules)`` for the seat that chose it, nothing
        for the others, ``dones`` and ``self.illegal`` set for that game, and a new deal (``envs.common``).
        """
        if not self.dealt:  # (a loop that forgot it scored every game's first card as illegal, a researcher)
            raise RuntimeError("step() before reset(): call reset() first to deal the games")
        cards = np.asarray(actions)
        # One whole number per game, checked here: a short array left the other games without a card (each then
        # refused as illegal), and an (N, 1) one failed deep in the compiled code (a researcher's two mistakes).
        if cards.shape != (self.num_envs,) or not np.issubdtype(cards.dtype, np.integer):
            raise ValueError(
                f"actions: one card number (an integer 0..51) per game, shape ({self.num_envs},); got shape {cards.shape} of {cards.dtype}"
            )
        outside = np.flatnonzero((cards < 0) | (cards > 51))
        if outside.size:  # (outside the action space: the caller's mistake, as in every environment, not a refused card)
            raise ValueError(f"actions: game {outside[0]}'s action {cards[outside[0]]} is not a card number (an integer 0..51)")
        _step_all(
            self.states,
            self.extras,
            self.params,
            self.schedule,
            self.offsets,
            self.deal_directions,
            self.at,
            self.rngs,
            cards.astype(np.int64, copy=False),
            self.observations,
            self.masks,
            self.to_act,
            self.rewards,
            self.dones,
            self.illegal,
            self.penalty,
        )
        return self.observations, self.masks, self.to_act, self.rewards, self.dones

    def hands(self, game: int) -> tuple[list[int], int, list[int]]:
        """The deal of ``game`` as masks by seat, the kitty mask, and the stock (top first): for checking against ``Game``."""
        s = self.states[game]
        n = self.rules.players
        return [int(s[HAND + seat]) for seat in range(n)], int(s[KITTY]), [int(c) for c in s[42 : 42 + int(s[STOCK_SIZE])]]

    def checked_game(self, game: int) -> Game:
        """After ``reset``, game ``game``'s deal as a checked ``Game``: one deal under these rules, its pass direction,
        the same hands, kitty and stock, the last seat dealing as here (a researcher replaying a batched deal had to
        find ``Game.deal_hands`` and the dealer in a test)."""
        from blackmaria.cards import cards_of
        from blackmaria.game import Game

        direction = DIRECTIONS[self.deal_directions[game]]
        rules = self.rules.replace(target_score=None, deal_count=1, ties="share", pass_schedule=(direction,))
        checked = Game(rules, first_dealer=self.rules.players - 1)
        hands, kitty, stock = self.hands(game)
        checked.deal_hands([cards_of(hand) for hand in hands], kitty=cards_of(kitty), stock=stock)
        return checked
