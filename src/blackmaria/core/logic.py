"""The one source of the rules: pure functions over a flat vector of ints.

A deal's state is a vector ``s`` of ``STATE_SIZE`` ints (a list in Python, a
NumPy array in compiled code) and the rule set is a vector ``p`` of
``PARAMS_SIZE`` ints made by ``make_params``. Hands and tricks are 52-bit
masks, so legal moves are mask arithmetic.

Every function here is written in the subset of Python that numba compiles.
``blackmaria.core.compiled`` compiles these very functions for the
simulation kernel; ``blackmaria.game`` calls them as plain Python. There is no
second implementation of any rule.

The functions trust their caller: ``Game`` checks every action (with an
error that names the rule) before calling ``play_card``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Protocol, TypeVar

from blackmaria.rules import QUEEN_OF_SPADES, Rules

F = TypeVar("F", bound=Callable[..., Any])

RULE_FUNCTIONS: list[Callable[..., Any]] = []


def rules_function(func: F) -> F:
    """Mark ``func`` as part of the rules source (compiled by ``core.compiled``)."""
    RULE_FUNCTIONS.append(func)
    return func


class Params(Protocol):
    """Read-only int vector: a tuple or list in Python, a NumPy array in compiled code."""

    def __getitem__(self, index: int, /) -> int: ...


class Vector(Params, Protocol):
    """Writable int vector."""

    def __setitem__(self, index: int, value: int, /) -> None: ...


# ---- masks -----------------------------------------------------------------
CLUBS_MASK: Final = 0x1111111111111  # bit 0 of each of the 13 rank nibbles
HEARTS_MASK: Final = CLUBS_MASK << 2
QS: Final = QUEEN_OF_SPADES

# ---- state vector layout ------------------------------------------------
MAX_SEATS: Final = 7
HAND: Final = 0  # 7 slots: each seat's hand
TAKEN: Final = 7  # 7 slots: cards each seat has won (tricks and kitty)
TRICK: Final = 14  # 7 slots: card each seat played to the current trick, -1 if none yet
VOIDS: Final = 21  # 7 slots: suits (bit per suit) each seat has shown to be void in
LEADER: Final = 28
TURN: Final = 29  # seat to act, -1 when nobody
IN_TRICK: Final = 30  # cards played to the current trick
TRICK_INDEX: Final = 31  # tricks completed this deal
HEARTS_BROKEN: Final = 32
PLAYED: Final = 33  # every card played this deal
KITTY: Final = 34
KITTY_OWNER: Final = 35
DEALER: Final = 36
STOCK_TOP: Final = 37  # index in STOCK of the next card to draw
STOCK_SIZE: Final = 38
FIRST_CARD: Final = 39  # the card that must open the deal, -1 for a free lead
PHASE: Final = 40
LAST_WINNER: Final = 41
STOCK: Final = 42  # 26 slots, top first
STATE_SIZE: Final = STOCK + 26

PHASE_PASSING: Final = 0
PHASE_PLAYING: Final = 1
PHASE_OVER: Final = 2

# ---- params vector layout ----------------------------------------------
P_PLAYERS: Final = 52  # slots 0..51 hold the card values
P_TWO_OF_CLUBS: Final = 53
P_AFTER_BROKEN: Final = 54
P_BROKEN_BY_DISCARD: Final = 55
P_QS_BREAKS: Final = 56
P_POINTS_FIRST_TRICK: Final = 57
P_MOON: Final = 58  # 0 off, 1 add-to-others, 2 subtract-from-shooter
P_PENALTY: Final = 59
P_MOON_MASK: Final = 60
P_MOON_TOTAL: Final = 61
P_IN_PLAY: Final = 62
P_PASS_COUNT: Final = 63
P_FORBIDDEN: Final = 64
P_HAND_SIZE: Final = 65
P_KITTY_SIZE: Final = 66
P_STOCK_SIZE: Final = 67
PARAMS_SIZE: Final = 68

MOON_CODES: Final = {"off": 0, "add-to-others": 1, "subtract-from-shooter": 2}


def make_params(rules: Rules) -> tuple[int, ...]:
    """The rule set as the int vector the rule functions read."""
    forbidden = 0
    for card in rules.pass_forbidden:
        forbidden |= 1 << card
    p = list(rules.values) + [0] * (PARAMS_SIZE - 52)
    p[P_PLAYERS] = rules.players
    p[P_TWO_OF_CLUBS] = int(rules.first_lead == "two-of-clubs")
    p[P_AFTER_BROKEN] = int(rules.hearts_lead == "after-broken")
    p[P_BROKEN_BY_DISCARD] = int(rules.hearts_broken_by == "heart-discarded")
    p[P_QS_BREAKS] = int(rules.queen_breaks_hearts)
    p[P_POINTS_FIRST_TRICK] = int(rules.points_on_first_trick)
    p[P_MOON] = MOON_CODES[rules.moon]
    p[P_PENALTY] = rules.penalty_mask
    p[P_MOON_MASK] = rules.moon_mask
    p[P_MOON_TOTAL] = rules.moon_total
    p[P_IN_PLAY] = rules.in_play_mask
    p[P_PASS_COUNT] = rules.pass_count
    p[P_FORBIDDEN] = forbidden
    p[P_HAND_SIZE] = rules.hand_size
    p[P_KITTY_SIZE] = rules.kitty_size
    p[P_STOCK_SIZE] = rules.stock_size
    return tuple(p)


# ---- bit helpers (compiled code gets intrinsics; see core.compiled) -------
@rules_function
def popcount(mask: int) -> int:
    return mask.bit_count()


@rules_function
def lowest_card(mask: int) -> int:
    """The lowest card in a non-empty mask."""
    return (mask & -mask).bit_length() - 1


@rules_function
def suit_cards(suit: int) -> int:
    return CLUBS_MASK << suit


# ---- a deal -----------------------------------------------------------------
@rules_function
def reset_deal(s: Vector, dealer: int) -> None:
    """Clear ``s`` for a new deal with ``dealer``; hands, kitty and stock are set after."""
    for i in range(STATE_SIZE):
        s[i] = 0
    for seat in range(MAX_SEATS):
        s[TRICK + seat] = -1
    s[DEALER] = dealer
    s[KITTY_OWNER] = -1
    s[TURN] = -1
    s[FIRST_CARD] = -1
    s[LAST_WINNER] = -1
    s[PHASE] = PHASE_PASSING


@rules_function
def deal_deck(s: Vector, p: Params, deck: Params, dealer: int) -> None:
    """Deal ``deck`` (the cards in play, top first) one at a time clockwise from the dealer's left.

    Then the kitty takes the leftover cards, or with two players the rest is the stock.
    """
    reset_deal(s, dealer)
    n = p[P_PLAYERS]
    dealt = n * p[P_HAND_SIZE]
    seat = dealer % n
    for i in range(dealt):
        seat += 1
        if seat == n:
            seat = 0
        s[HAND + seat] |= 1 << deck[i]
    for i in range(p[P_KITTY_SIZE]):
        s[KITTY] |= 1 << deck[dealt + i]
    for i in range(p[P_STOCK_SIZE]):
        s[STOCK + i] = deck[dealt + i]
    s[STOCK_SIZE] = p[P_STOCK_SIZE]


@rules_function
def passable_cards(s: Vector, p: Params, seat: int) -> int:
    """Cards ``seat`` may pass."""
    return s[HAND + seat] & ~p[P_FORBIDDEN]


@rules_function
def exchange_passes(s: Vector, p: Params, passes: Params, offset: int) -> None:
    """Every seat's pass leaves its hand, then joins the hand ``offset`` seats clockwise."""
    n = p[P_PLAYERS]
    for seat in range(n):
        s[HAND + seat] &= ~passes[seat]
    for seat in range(n):
        s[HAND + (seat + offset) % n] |= passes[seat]


@rules_function
def begin_play(s: Vector, p: Params) -> None:
    """Start the play: find who leads the first trick and whether a card is forced."""
    n = p[P_PLAYERS]
    s[PHASE] = PHASE_PLAYING
    leader = (s[DEALER] + 1) % n
    if p[P_TWO_OF_CLUBS]:
        clubs = 0
        for seat in range(n):
            clubs |= s[HAND + seat] & CLUBS_MASK
        if clubs:
            first = lowest_card(clubs)
            s[FIRST_CARD] = first
            for seat in range(n):
                if s[HAND + seat] >> first & 1:
                    leader = seat
    s[LEADER] = leader
    s[TURN] = leader


@rules_function
def legal_cards(s: Vector, p: Params, seat: int) -> int:
    """The mask of cards ``seat`` may play now (0 if it is not their turn)."""
    if s[PHASE] != PHASE_PLAYING or s[TURN] != seat:
        return 0
    hand = s[HAND + seat]
    first_trick = s[TRICK_INDEX] == 0
    no_points_now = first_trick and p[P_POINTS_FIRST_TRICK] == 0
    if s[IN_TRICK] > 0:
        follow = hand & suit_cards(s[TRICK + s[LEADER]] & 3)
        if follow:
            return follow
        if no_points_now and hand & ~p[P_PENALTY]:
            return hand & ~p[P_PENALTY]
        return hand
    if first_trick and s[FIRST_CARD] >= 0:
        return 1 << s[FIRST_CARD]
    allowed = hand
    if p[P_AFTER_BROKEN] and not s[HEARTS_BROKEN] and hand & ~HEARTS_MASK:
        allowed = hand & ~HEARTS_MASK
    if no_points_now and allowed & ~p[P_PENALTY]:
        allowed = allowed & ~p[P_PENALTY]
    return allowed


def refusing_rule(s: Vector, p: Params, seat: int, card: int) -> str:
    """The rule by which ``legal_cards`` leaves ``card`` out for ``seat`` (whose turn it is), or "" when it is legal.

    Read the same way as ``legal_cards``, so that the checked game and the
    guided deal name one reason, in the engine's rule names.
    """
    if legal_cards(s, p, seat) >> card & 1:
        return ""
    hand = s[HAND + seat]
    if not hand >> card & 1:
        return "not-in-hand"
    if s[IN_TRICK] > 0:
        led = s[TRICK + s[LEADER]] & 3
        if card & 3 != led and hand & suit_cards(led):
            return "follow-suit"
        return "no-points-on-first-trick"
    if s[TRICK_INDEX] == 0 and s[FIRST_CARD] >= 0:
        return "first-lead"
    if card & 3 == 2 and p[P_AFTER_BROKEN] and not s[HEARTS_BROKEN]:
        return "hearts-not-broken"
    return "no-points-on-first-trick"


@rules_function
def play_card(s: Vector, p: Params, card: int) -> int:
    """The seat to act plays ``card`` (already checked legal).

    Returns the trick's winner when this card completes a trick, else -1.
    """
    n = p[P_PLAYERS]
    seat = s[TURN]
    bit = 1 << card
    s[HAND + seat] &= ~bit
    s[TRICK + seat] = card
    s[PLAYED] |= bit
    suit = card & 3
    led = suit if s[IN_TRICK] == 0 else s[TRICK + s[LEADER]] & 3
    if suit != led:
        s[VOIDS + seat] |= 1 << led
    if suit == 2 and (p[P_BROKEN_BY_DISCARD] == 0 or suit != led):
        s[HEARTS_BROKEN] = 1
    if card == QS and p[P_QS_BREAKS]:
        s[HEARTS_BROKEN] = 1
    s[IN_TRICK] += 1
    if s[IN_TRICK] < n:
        s[TURN] = seat + 1 if seat + 1 < n else 0
        return -1
    winner = s[LEADER]
    best = s[TRICK + winner]
    won = 0
    for i in range(n):
        c = s[TRICK + i]
        won |= 1 << c
        s[TRICK + i] = -1
        if c > best and c & 3 == led:
            best = c
            winner = i
    s[TAKEN + winner] |= won
    if s[TRICK_INDEX] == 0 and s[KITTY]:
        s[TAKEN + winner] |= s[KITTY]
        s[KITTY_OWNER] = winner
    if s[STOCK_TOP] < s[STOCK_SIZE]:
        # Two-player stock: the winner draws first. A draw is unseen, so a void no longer holds.
        for k in range(n):
            drawer = (winner + k) % n
            s[HAND + drawer] |= 1 << s[STOCK + s[STOCK_TOP]]
            s[STOCK_TOP] += 1
            s[VOIDS + drawer] = 0
    s[TRICK_INDEX] += 1
    s[IN_TRICK] = 0
    s[LEADER] = winner
    s[LAST_WINNER] = winner
    if s[HAND + winner] == 0:
        s[PHASE] = PHASE_OVER
        s[TURN] = -1
    else:
        s[TURN] = winner
    return winner


@rules_function
def card_points(p: Params, mask: int) -> int:
    """Sum of the values of the cards in ``mask``."""
    total = 0
    while mask:
        total += p[lowest_card(mask)]
        mask &= mask - 1
    return total


@rules_function
def score_deal(s: Vector, p: Params, points: Vector) -> int:
    """Write each seat's points for the finished deal into ``points``; return the moon shooter or -1."""
    n = p[P_PLAYERS]
    shooter = -1
    if p[P_MOON] != 0:
        for seat in range(n):
            if s[TAKEN + seat] & p[P_MOON_MASK] == p[P_MOON_MASK]:
                shooter = seat
    for seat in range(n):
        taken = s[TAKEN + seat]
        if seat == shooter:
            # The shooter's positive cards score nothing; negative ones (JD) still count.
            total = card_points(p, taken & ~p[P_PENALTY])
            if p[P_MOON] == 2:
                total -= p[P_MOON_TOTAL]
        else:
            total = card_points(p, taken)
            if shooter >= 0 and p[P_MOON] == 1:
                total += p[P_MOON_TOTAL]
        points[seat] = total
    return shooter
