"""The search kernel: sample deals a seat cannot tell apart, play them out, solve the end exactly.

Compiled with numba over the rule functions of ``core.logic`` (registered by
``core.compiled``): ``legal_cards``, ``play_card`` and ``score_deal`` are the
very functions the checked ``Game`` calls, so every rule option (moon, card
values, kitty, two-player stock, the lead rules) holds in the simulations.

A world is built from a partial state ``s0`` (everything the seat knows, its
own hand included) by dealing the ``unknown`` cards to the *holders*: seats
``0..n-1`` (as many as ``caps`` says each still needs, never a card of a suit
the seat has shown void in), ``n`` the kitty and ``n + 1`` the stock.
"""

from __future__ import annotations

import numba
import numpy as np
from numba.cpython.unsafe.numbers import leading_zeros

from blackmaria.bots.learned import MAX_LEGAL, N_FEATURES, card_probability, learned_card, scored_cards, softmax_weights, value_scale
from blackmaria.core import compiled  # noqa: F401  (registers the rule functions with numba)
from blackmaria.core.compiled import make_rng, random_below, random_card, random_unit, shuffle
from blackmaria.core.logic import (
    CLUBS_MASK,
    HAND,
    HEARTS_BROKEN,
    IN_TRICK,
    KITTY,
    LEADER,
    P_FORBIDDEN,
    P_IN_PLAY,
    P_MOON,
    P_MOON_MASK,
    P_MOON_TOTAL,
    P_PLAYERS,
    PHASE,
    PHASE_OVER,
    PHASE_PLAYING,
    PLAYED,
    STATE_SIZE,
    STOCK,
    STOCK_SIZE,
    STOCK_TOP,
    TAKEN,
    TRICK,
    TRICK_INDEX,
    TURN,
    begin_play,
    card_points,
    exchange_passes,
    legal_cards,
    lowest_card,
    play_card,
    popcount,
    score_deal,
    suit_cards,
)

KITTY_NONE = 0
KITTY_PENDING = 1  # the first trick is not over: the sampled kitty lies in s[KITTY]
KITTY_TAKEN = 2  # another seat took it unseen: the sampled kitty joins that seat's taken cards
QS_CARD = 10 * 4 + 3


@numba.njit(cache=True)
def highest_card(mask: int) -> int:
    return 63 - leading_zeros(np.int64(mask))  # type: ignore[call-arg]


@numba.njit(cache=True)
def winning_card(s: np.ndarray, n: int) -> int:
    """The card that wins the trick in play so far: the highest of the suit led (-1 before the lead)."""
    if s[IN_TRICK] == 0:
        return -1
    led = s[TRICK + s[LEADER]] & 3
    win = -1
    for i in range(n):
        c = s[TRICK + i]
        if c >= 0 and c & 3 == led and c > win:
            win = c
    return win


@numba.njit(cache=True)
def moon_stop_card(s: np.ndarray, p: np.ndarray, seat: int, legal: int, defender: int = -1) -> int:
    """The card that stops another seat's moon shot in this trick, or -1 to play as usual.

    A shot is on when one other seat holds every moon card taken so far, at least 40% of the moon's points. While
    that seat wins the trick, a card that beats it takes the trick (the highest that follows, once the trick holds a
    moon card), and a void seat keeps its moon cards for a trick the shooter does not win (it throws another card).
    With a ``defender`` (a seat, not -1), only that seat stops every shot; the others stop only the defender's: the
    searching seat then counts on nobody else to stop a shot (opponents who do not defend leave it to the one who
    does), and still on everyone to stop its own.
    """
    n = p[P_PLAYERS]
    if p[P_MOON] == 0 or s[IN_TRICK] == 0:
        return -1
    shooter = -1
    for other in range(n):
        if s[TAKEN + other] & p[P_MOON_MASK]:
            shooter = other if shooter == -1 else -2
    if shooter < 0 or shooter == seat or (defender >= 0 and seat != defender and shooter != defender):
        return -1
    if 5 * card_points(p, s[TAKEN + shooter] & p[P_MOON_MASK]) < 2 * p[P_MOON_TOTAL]:
        return -1
    led = s[TRICK + s[LEADER]] & 3
    win = -1
    winner = -1
    in_trick = np.int64(0)
    for i in range(n):
        c = s[TRICK + i]
        if c >= 0:
            in_trick |= np.int64(1) << c
            if c & 3 == led and c > win:
                win = c
                winner = i
    if winner != shooter:
        return -1
    follow = legal & suit_cards(led)
    if follow:
        if in_trick & p[P_MOON_MASK] and follow >> win:
            return highest_card(follow)
        return -1
    plain = legal & ~p[P_MOON_MASK]
    return highest_card(plain) if plain else -1


@numba.njit(cache=True)
def moon_shoot_card(s: np.ndarray, p: np.ndarray, seat: int, legal: int) -> int:
    """The card of a seat that plays on for the moon, or -1 to play as usual.

    The seat shoots while it holds every moon card taken so far, at least 40% of the moon's points (the threshold at
    which ``moon_stop_card`` defends): it leads its highest card, follows with its highest when that beats the trick
    so far (else its lowest), and, void, throws its lowest card that is not a moon card. Without it the playouts'
    seats never go on with a shot, so a search saw no danger in letting one run (in the deals without a pass, IS-MCTS
    at 10,000 shot the moon against ``expert-s17`` in 5.1% of its seatings, against ``expert-2026`` in 3.4%).
    """
    n = p[P_PLAYERS]
    if p[P_MOON] == 0:
        return -1
    for other in range(n):
        if other != seat and s[TAKEN + other] & p[P_MOON_MASK]:
            return -1
    if 5 * card_points(p, s[TAKEN + seat] & p[P_MOON_MASK]) < 2 * p[P_MOON_TOTAL]:
        return -1
    if s[IN_TRICK] == 0:
        return highest_card(legal)
    win = winning_card(s, n)
    follow = legal & suit_cards(win & 3)
    if follow:
        top = highest_card(follow)
        return top if top > win else lowest_card(follow)
    plain = legal & ~p[P_MOON_MASK]
    return lowest_card(plain) if plain else lowest_card(legal)


@numba.njit(cache=True)
def policy_card(
    rng: np.ndarray, s: np.ndarray, p: np.ndarray, seat: int, eps: float, stop_moon: bool = False, defender: int = -1, shoot: bool = False
) -> int:
    """The playout policy: rules of thumb over the card values, with ``eps`` of uniformly random play; with
    ``stop_moon``, ``moon_stop_card`` first (``defender`` as there); with ``shoot``, ``moon_shoot_card`` next."""
    legal = legal_cards(s, p, seat)
    if legal & (legal - 1) == 0:
        return lowest_card(legal)
    if eps > 0.0 and random_unit(rng) < eps:
        return random_card(rng, legal)
    n = p[P_PLAYERS]
    if stop_moon:
        stop = moon_stop_card(s, p, seat, legal, defender)
        if stop >= 0:
            return stop
    if shoot:
        shot = moon_shoot_card(s, p, seat, legal)
        if shot >= 0:
            return shot
    if s[IN_TRICK] == 0:
        # Lead the lowest card that scores nothing (suits tried from a random one); else the cheapest.
        best = -1
        start = random_below(rng, 4)
        for k in range(4):
            m = legal & suit_cards((start + k) & 3)
            while m:
                c = lowest_card(m)
                if p[c] <= 0:
                    if best < 0 or c >> 2 < best >> 2:
                        best = c
                    break
                m &= m - 1
        if best >= 0:
            return best
        m = legal
        best = lowest_card(m)
        while m:
            c = lowest_card(m)
            if p[c] < p[best]:
                best = c
            m &= m - 1
        return best
    win = winning_card(s, n)
    follow = legal & suit_cards(win & 3)
    if follow:
        under = follow & ((1 << win) - 1)
        if under:
            return highest_card(under)  # duck as high as possible
        if s[IN_TRICK] == n - 1:
            # Last to play and winning anyway: the cheapest card, the highest of those.
            best = highest_card(follow)
            m = follow
            while m:
                c = lowest_card(m)
                if p[c] < p[best] or (p[c] == p[best] and c > best):
                    best = c
                m &= m - 1
            return best
        m = follow
        while m:
            c = lowest_card(m)
            if p[c] <= 0:
                return c
            m &= m - 1
        return lowest_card(follow)
    # Void: dump the costliest card; with nothing costly, the highest card; a negative card last.
    best = -1
    best_key = 0
    m = legal
    while m:
        c = lowest_card(m)
        m &= m - 1
        key = p[c] * 64 + (c >> 2)
        if p[c] < 0:
            key -= 1 << 30
        if best < 0 or key > best_key:
            best = c
            best_key = key
    return best


@numba.njit(cache=True)
def playout_card(
    rng: np.ndarray,
    s: np.ndarray,
    p: np.ndarray,
    seat: int,
    eps: float,
    stop_moon: bool,
    weights: np.ndarray,
    scale: float,
    scored: int,
    rows: np.ndarray,
    defender: int = -1,
    shoot: bool = False,
    temperature: float = 0.0,
) -> int:
    """A playout's card: ``policy_card`` when ``weights`` is empty, else the learned policy (``learned.learned_card``)
    with the same share ``eps`` of random cards and the same moon stop and shot first; with ``temperature``, a card
    drawn from the learned policy's softmax (``sampled_card``) instead of its best card."""
    if weights.shape[0] == 0:
        return policy_card(rng, s, p, seat, eps, stop_moon, defender, shoot)
    legal = legal_cards(s, p, seat)
    if legal & (legal - 1) == 0:
        return lowest_card(legal)
    if eps > 0.0 and random_unit(rng) < eps:
        return random_card(rng, legal)
    if stop_moon:
        stop = moon_stop_card(s, p, seat, legal, defender)
        if stop >= 0:
            return stop
    if shoot:
        shot = moon_shoot_card(s, p, seat, legal)
        if shot >= 0:
            return shot
    if temperature > 0.0:
        return sampled_card(rng, s, p, seat, legal, weights, scale, scored, rows, temperature)
    return learned_card(s, p, seat, legal, weights, scale, scored, rows)


@numba.njit(cache=True)
def sampled_card(
    rng: np.ndarray,
    s: np.ndarray,
    p: np.ndarray,
    seat: int,
    legal: int,
    weights: np.ndarray,
    scale: float,
    scored: int,
    rows: np.ndarray,
    temperature: float,
) -> int:
    """A legal card drawn with the chance the learned policy's softmax gives it, its scores divided by ``temperature``
    (the fit's scores are in points: at 1, a card a point dearer than another is drawn e times less often)."""
    draw = random_unit(rng) * softmax_weights(s, p, seat, legal, weights, scale, scored, rows, temperature)
    m = legal
    for i in range(popcount(legal)):
        c = lowest_card(m)
        m &= m - 1
        draw -= rows[i, 1]
        if draw < 0.0:
            return c
    return c


NO_WEIGHTS = np.zeros((0, N_FEATURES), dtype=np.float64)
"""The playouts' weights for the rule-based policy (``playout_card``)."""

NO_SUIT_CAPS = np.zeros((0, 4), dtype=np.int64)
"""``sample_world_masked``'s ``suit_caps`` where no holder's cards of a suit are counted."""

NO_TRICK_STATS = np.zeros(0, dtype=np.int64)
"""``search``'s ``trick_won`` and ``trick_points`` where the trick in play is not followed (a bot's search)."""

NO_CAP = 13
"""A ``suit_caps`` entry that caps nothing: more cards of a suit than any holder can get."""


@numba.njit(cache=True)
def sample_world(
    rng: np.ndarray,
    s0: np.ndarray,
    p: np.ndarray,
    unknown: int,
    caps: np.ndarray,
    voids: np.ndarray,
    kitty_mode: int,
    kitty_owner: int,
    out: np.ndarray,
    cards: np.ndarray,
    order: np.ndarray,
    rem: np.ndarray,
    suit_caps: np.ndarray = NO_SUIT_CAPS,
) -> bool:
    """Deal the unknown cards into ``out`` (a copy of ``s0``); False when the voids were not respected.

    ``sample_world_masked`` with each holder's void suits (``voids``, 4 bits a
    holder) as the cards it may not get: the same draws, card for card. A loop
    over many worlds makes ``void_cards(voids)`` once and calls that itself.
    """
    return sample_world_masked(rng, s0, p, unknown, caps, void_cards(voids), kitty_mode, kitty_owner, out, cards, order, rem, suit_caps)


@numba.njit(cache=True)
def void_cards(voids: np.ndarray) -> np.ndarray:
    """Each holder's void suits (4 bits a holder) as the mask of their cards: what ``sample_world_masked`` forbids."""
    forbid = np.zeros(voids.shape[0], dtype=np.int64)
    for h in range(voids.shape[0]):
        for suit in range(4):
            if voids[h] >> suit & 1:
                forbid[h] |= CLUBS_MASK << suit
    return forbid


@numba.njit(cache=True)
def sample_world_masked(
    rng: np.ndarray,
    s0: np.ndarray,
    p: np.ndarray,
    unknown: int,
    caps: np.ndarray,
    forbid: np.ndarray,
    kitty_mode: int,
    kitty_owner: int,
    out: np.ndarray,
    cards: np.ndarray,
    order: np.ndarray,
    rem: np.ndarray,
    suit_caps: np.ndarray = NO_SUIT_CAPS,
) -> bool:
    """``sample_world`` with a mask of cards each holder may not get (``forbid``) in place of the suits.

    ``forbid`` holds the voids (every card of the suit) and the cards a seat
    cannot have held given its plays (``excluded_cards``). ``suit_caps`` (a row
    of 4 per holder, or none) is the most cards of each suit a holder may get:
    a two-player seat void in a suit that has drawn since holds at most as many
    of it as it drew (``search.draw_suit_caps``). Each of those draws is of the
    suit as often as the unseen cards are, so the holder gets that many cards
    of the suit by that chance (a binomial draw), dealt first: capped alone, the
    dealing below gave the most almost always (95% for a cap of 1 where the
    draw had a 20% chance), and played worse than no cap.

    Cards are dealt most constrained first, each to a holder that may hold it,
    chosen with probability proportional to the cards that holder still needs
    (uniform over all deals when no void is known). A dead end restarts; after
    many, the voids are dropped (a world that is still a legal deal).
    """
    n = p[P_PLAYERS]
    holders = n + 2
    capped = suit_caps.shape[0] > 0
    suit_rem = np.empty((holders, 4), dtype=np.int64)
    k = 0
    m = unknown
    while m:
        cards[k] = lowest_card(m)
        k += 1
        m &= m - 1
    for attempt in range(200):
        strict = attempt < 199
        shuffle(rng, cards, k)
        out[:] = s0
        for h in range(holders):
            rem[h] = caps[h]
            for suit in range(4):
                suit_rem[h, suit] = 52
        dealt_first = 0
        if capped and strict:
            for h in range(holders):
                for suit in range(4):
                    if suit_caps[h, suit] >= NO_CAP:
                        continue
                    unseen = popcount(unknown & (CLUBS_MASK << suit))
                    count = 0
                    for _ in range(suit_caps[h, suit]):  # each draw since the void: of this suit by chance
                        if random_below(rng, k) < unseen:
                            count += 1
                    for i in range(k):  # (shuffled: the first ones of the suit are a random choice)
                        card = cards[i]
                        if count == 0 or rem[h] == 0:
                            break
                        if card & 3 == suit and dealt_first >> card & 1 == 0 and forbid[h] >> card & 1 == 0:
                            out[HAND + h] |= np.int64(1) << card
                            dealt_first |= np.int64(1) << card
                            rem[h] -= 1
                            count -= 1
                    suit_rem[h, suit] = 0
        # Order: cards whose suit fewer holders may hold come first.
        size = 0
        for want in range(holders + 1):
            for i in range(k):
                card = cards[i]
                if dealt_first >> card & 1:
                    continue
                eligible = 0
                for h in range(holders):
                    if rem[h] > 0 and (not strict or (forbid[h] >> card & 1 == 0 and suit_rem[h, card & 3] > 0)):
                        eligible += 1
                if eligible == want:
                    order[size] = cards[i]
                    size += 1
        kitty = 0
        stock = 0
        ok = True
        for i in range(size):
            card = order[i]
            suit = card & 3
            total = 0
            for h in range(holders):
                if not strict or (forbid[h] >> card & 1 == 0 and suit_rem[h, suit] > 0):
                    total += rem[h]
            if total == 0:
                ok = False
                break
            r = random_below(rng, total)
            chosen = 0
            for h in range(holders):
                if not strict or (forbid[h] >> card & 1 == 0 and suit_rem[h, suit] > 0):
                    if r < rem[h]:
                        chosen = h
                        break
                    r -= rem[h]
            rem[chosen] -= 1
            suit_rem[chosen, suit] -= 1
            if chosen < n:
                out[HAND + chosen] |= np.int64(1) << card
            elif chosen == n:
                kitty |= np.int64(1) << card
            else:
                out[STOCK + stock] = card
                stock += 1
        if not ok:
            continue
        shuffle(rng, out[STOCK:], stock)
        if kitty_mode == KITTY_PENDING:
            out[KITTY] = kitty
        elif kitty_mode == KITTY_TAKEN:
            out[TAKEN + kitty_owner] |= kitty
        return strict
    return False


@numba.njit(cache=True)
def solve(s: np.ndarray, p: np.ndarray, states: np.ndarray, masks: np.ndarray, points: np.ndarray) -> None:
    """Max-n search to the end of the deal (each seat plays to take the fewest points); result in ``points[0]``.

    Iterative, with one row of ``states``, ``masks`` and ``points`` per depth
    (numba's on-disk cache does not hold recursive functions).
    """
    n = p[P_PLAYERS]
    big = np.int64(1) << 40
    best = np.empty(states.shape[0], dtype=np.int64)
    seats = np.empty(states.shape[0], dtype=np.int64)
    states[0, :] = s
    if s[PHASE] == PHASE_OVER:
        score_deal(states[0], p, points[0])
        return
    seats[0] = s[TURN]
    masks[0] = legal_cards(states[0], p, seats[0])
    best[0] = big
    d = 0
    while True:
        if masks[d] == 0:
            if d == 0:
                return
            parent = d - 1
            own = points[d, seats[parent]]
            if own < best[parent]:
                best[parent] = own
                for i in range(n):
                    points[parent, i] = points[d, i]
            d = parent
            continue
        c = lowest_card(masks[d])
        masks[d] &= masks[d] - 1
        states[d + 1, :] = states[d, :]
        play_card(states[d + 1], p, c)
        d += 1
        if states[d, PHASE] == PHASE_OVER:
            score_deal(states[d], p, points[d])
            masks[d] = 0
        else:
            seats[d] = states[d, TURN]
            masks[d] = legal_cards(states[d], p, seats[d])
            best[d] = big


MEMO_BITS = 15
"""``solve_memo``'s table holds ``2**MEMO_BITS`` positions (shared by every world and candidate of one search)."""


@numba.njit(cache=True)
def distinct_moves(s: np.ndarray, p: np.ndarray, legal: int) -> int:
    """``legal`` less the cards that play exactly as a lower one of the same hand: the next lower card of the suit
    still in play (in a hand or in the trick) is also in ``legal``, with the same value (and moon card or not).

    Every card still in play ranks above both or below both, so the two lead to the same points (QS, which
    breaks hearts, is kept apart).
    """
    n = p[P_PLAYERS]
    trick = np.int64(0)
    for i in range(n):
        if s[TRICK + i] >= 0:
            trick |= np.int64(1) << s[TRICK + i]
    gone = (s[PLAYED] & ~trick) | ~p[P_IN_PLAY]
    keep = legal
    m = legal
    while m:
        c = lowest_card(m)
        m &= m - 1
        if c == QS_CARD:
            continue
        b = c - 4
        while b >= 0 and gone >> b & 1:
            b -= 4
        if b >= 0 and b != QS_CARD and legal >> b & 1 and p[b] == p[c] and (p[P_MOON_MASK] >> b & 1) == (p[P_MOON_MASK] >> c & 1):
            keep &= ~(1 << c)
    return keep


@numba.njit(cache=True)
def position_key(s: np.ndarray, p: np.ndarray) -> np.int64:
    """A 64-bit hash of what decides the rest of a deal at the start of a trick: the hands, the leader, whether
    hearts are broken, and who may still shoot the moon (nobody has a moon card yet, one seat has all taken, or no one).
    """
    n = p[P_PLAYERS]
    moon = 0
    if p[P_MOON] != 0:
        moon = -1
        for seat in range(n):
            if s[TAKEN + seat] & p[P_MOON_MASK]:
                moon = seat if moon == -1 else -2
    h = np.uint64(s[LEADER] + 8 * s[HEARTS_BROKEN] + 16 * (moon + 2) + 1)
    for seat in range(n):
        h ^= np.uint64(s[HAND + seat]) + np.uint64(0x9E3779B97F4A7C15) + (h << np.uint64(6)) + (h >> np.uint64(2))
        h ^= h >> np.uint64(31)
        h *= np.uint64(0xBF58476D1CE4E5B9)
        h ^= h >> np.uint64(29)
    key = np.int64(h)
    return key if key != 0 else np.int64(1)


@numba.njit(cache=True)
def solve_memo(
    s: np.ndarray, p: np.ndarray, states: np.ndarray, masks: np.ndarray, points: np.ndarray, keys: np.ndarray, values: np.ndarray
) -> None:
    """``solve`` (max-n to the end of the deal, result in ``points[0]``) with two savings that keep every value exact:
    a card that plays as a lower one of the same hand is not tried (``distinct_moves``), and the rest of the deal
    from the start of a trick is remembered in ``keys``/``values`` by ``position_key`` (each seat's points still to
    come; with a moon, given who may still shoot, they are the same whatever the path; an empty ``keys`` remembers
    nothing). Ties may break otherwise than in ``solve``.
    """
    n = p[P_PLAYERS]
    big = np.int64(1) << 40
    slots = keys.shape[0] - 1
    memo = keys.shape[0] > 0
    best = np.empty(states.shape[0], dtype=np.int64)
    seats = np.empty(states.shape[0], dtype=np.int64)
    stored = np.zeros(states.shape[0], dtype=np.int64)
    states[0, :] = s
    if s[PHASE] == PHASE_OVER:
        score_deal(states[0], p, points[0])
        return
    d = 0
    entering = True
    while True:
        if entering:
            entering = False
            stored[d] = 0
            if states[d, PHASE] == PHASE_OVER:
                score_deal(states[d], p, points[d])
                masks[d] = 0
            else:
                hit = False
                if memo and states[d, IN_TRICK] == 0 and states[d, TRICK_INDEX] > 0 and states[d, STOCK_TOP] >= states[d, STOCK_SIZE]:
                    key = position_key(states[d], p)
                    slot = key & slots
                    if keys[slot] == key:
                        for i in range(n):
                            points[d, i] = card_points(p, states[d, TAKEN + i]) + values[slot, i]
                        masks[d] = 0
                        hit = True
                    else:
                        stored[d] = key
                if not hit:
                    seats[d] = states[d, TURN]
                    masks[d] = distinct_moves(states[d], p, legal_cards(states[d], p, seats[d]))
                    best[d] = big
        if masks[d] == 0:
            if stored[d] != 0:
                slot = stored[d] & slots
                keys[slot] = stored[d]
                for i in range(n):
                    values[slot, i] = points[d, i] - card_points(p, states[d, TAKEN + i])
            if d == 0:
                return
            parent = d - 1
            own = points[d, seats[parent]]
            if own < best[parent]:
                best[parent] = own
                for i in range(n):
                    points[parent, i] = points[d, i]
            d = parent
            continue
        c = lowest_card(masks[d])
        masks[d] &= masks[d] - 1
        states[d + 1, :] = states[d, :]
        play_card(states[d + 1], p, c)
        d += 1
        entering = True


@numba.njit(cache=True)
def seat_eps(n: int, me: int, eps: float, own_eps: float) -> np.ndarray:
    """Each seat's share of random cards in the playouts of ``me``'s search: ``eps``, but ``own_eps`` for ``me``'s own
    later cards where it is given (0 or more)."""
    shares = np.full(n, eps)
    if own_eps >= 0.0:
        shares[me] = own_eps
    return shares


@numba.njit(cache=True)
def seat_cost(points: np.ndarray, me: int, relative: bool) -> int:
    """What the search minimizes for seat ``me`` given every seat's points: its own points, or with ``relative`` its
    points minus the others' mean, times ``n - 1`` (``n * points[me] - sum``, an integer). The two order outcomes alike
    but for a moon shot: the shooter's points fall on the others too, so against their mean it costs a third as much
    (at 4 players) and a shot of one's own gains three times as much as a deal with no points."""
    if not relative:
        return int(points[me])
    total = 0
    for v in points:
        total += v
    return int(points.shape[0] * points[me] - total)


@numba.njit(cache=True)
def search(
    p: np.ndarray,
    s0: np.ndarray,
    me: int,
    candidates: np.ndarray,
    unknown: int,
    caps: np.ndarray,
    voids: np.ndarray,
    kitty_mode: int,
    kitty_owner: int,
    worlds: int,
    seed: int,
    eps: float,
    exact: bool,
    costs: np.ndarray,
    memo: bool = False,
    stop_moon: bool = False,
    common: bool = False,
    weights: np.ndarray = NO_WEIGHTS,
    defender: int = -1,
    shooters: int = 0,
    relative: bool = False,
    temperature: float = 0.0,
    own_eps: float = -1.0,
    suit_caps: np.ndarray = NO_SUIT_CAPS,
    trick_won: np.ndarray = NO_TRICK_STATS,
    trick_points: np.ndarray = NO_TRICK_STATS,
) -> int:
    """Sample ``worlds`` deals; in each, play every candidate card and finish the deal.

    Finishing is an exact max-n solve when ``exact`` (``solve_memo`` with one
    table for the whole search when ``memo``, else ``solve``), else one playout by the
    policy (``playout_card``: the rule-based one, or the learned one with ``weights``; ``stop_moon`` and ``defender``: see
    ``moon_stop_card``; ``shooters``: the seats (a bit each) that play ``moon_shoot_card``; ``temperature``: ``sampled_card``; ``own_eps``: ``seat_eps``; ``suit_caps``: ``sample_world_masked``). ``costs[i]`` gets the summed points of seat ``me`` after
    candidate ``i`` (with ``relative``, ``seat_cost``'s margin over the others). Where ``trick_won`` is given (a teacher's
    search, played out, not solved), ``trick_won[i]`` counts the worlds in which seat ``me`` took the trick in play after
    candidate ``i``, and ``trick_points[i]`` sums the points it took in that trick (with a kitty that goes with it).
    Returns the number of worlds in which the voids could not be respected (0 in practice).
    """
    rng = make_rng(seed)
    n = p[P_PLAYERS]
    eps_of = seat_eps(n, me, eps, own_eps)
    world = np.empty(STATE_SIZE, dtype=np.int64)
    sim = np.empty(STATE_SIZE, dtype=np.int64)
    cards = np.empty(52, dtype=np.int64)
    order = np.empty(52, dtype=np.int64)
    rem = np.empty(n + 2, dtype=np.int64)
    points = np.zeros(n, dtype=np.int64)
    states = np.empty((54, STATE_SIZE), dtype=np.int64)
    masks = np.zeros(54, dtype=np.int64)
    stack = np.zeros((54, n), dtype=np.int64)
    slots = 1 << MEMO_BITS if exact and memo else 0
    keys = np.zeros(slots, dtype=np.int64)
    values = np.zeros((slots, n), dtype=np.int64)
    loose = 0
    forbid = void_cards(voids)
    scale = value_scale(p)
    scored = scored_cards(p)
    rows = np.zeros((MAX_LEGAL, N_FEATURES), dtype=np.float64)
    follow = trick_won.shape[0] > 0 and not exact
    for i in range(candidates.shape[0]):
        costs[i] = 0
        if follow:
            trick_won[i] = 0
            trick_points[i] = 0
    for _ in range(worlds):
        if not sample_world_masked(rng, s0, p, unknown, caps, forbid, kitty_mode, kitty_owner, world, cards, order, rem, suit_caps):
            loose += 1
        draws = rng[0]
        for i in range(candidates.shape[0]):
            if common:
                rng[0] = draws  # common random numbers: every candidate's playout makes the same draws
            sim[:] = world
            trick = sim[TRICK_INDEX]
            taken = sim[TAKEN + me]
            play_card(sim, p, candidates[i])
            if exact and memo:
                solve_memo(sim, p, states, masks, stack, keys, values)
                costs[i] += seat_cost(stack[0], me, relative)
            elif exact:
                solve(sim, p, states, masks, stack)
                costs[i] += seat_cost(stack[0], me, relative)
            else:
                pending = follow
                while True:
                    if pending and sim[TRICK_INDEX] != trick:  # the trick in play is over: who took it, and what
                        pending = False
                        gained = sim[TAKEN + me] & ~taken
                        if gained:
                            trick_won[i] += 1
                            trick_points[i] += card_points(p, gained)
                    if sim[PHASE] == PHASE_OVER:
                        break
                    turn = sim[TURN]
                    shoots = (shooters >> turn) & 1 == 1
                    card = playout_card(
                        rng, sim, p, turn, eps_of[turn], stop_moon, weights, scale, scored, rows, defender, shoots, temperature
                    )
                    play_card(sim, p, card)
                score_deal(sim, p, points)
                costs[i] += seat_cost(points, me, relative)
    return loose


@numba.njit(cache=True)
def pass_danger(p: np.ndarray, card: int, hand: int, to_go: int) -> float:
    """How much ``card`` wants to leave ``hand`` (the medium bot's rules of thumb, compiled): higher passes first."""
    value = p[card]
    if value < 0:
        return -100.0
    suit = card & 3
    rank = card >> 2
    if suit == 3:
        if card >= QS_CARD and (value > 0 or hand >> QS_CARD & 1 == 0):
            guards = 0
            m = hand & suit_cards(3)
            while m:
                if lowest_card(m) < QS_CARD:
                    guards += 1
                m &= m - 1
            return float(30.0 + value if guards < 4 else 2.0 + value)
        return float(rank - 12.0)
    danger = float(rank + 3.0 * max(value, 0))
    in_suit = 0
    negative = False
    m = hand & suit_cards(suit)
    while m:
        in_suit += 1
        if p[lowest_card(m)] < 0:
            negative = True
        m &= m - 1
    if in_suit <= to_go and not negative:
        danger += 8.0
    return float(danger)


@numba.njit(cache=True)
def pass_policy(p: np.ndarray, hand: int, count: int) -> np.int64:
    """The mask of ``count`` cards a seat holding ``hand`` passes in a simulation (greedy on ``pass_danger``)."""
    chosen = np.int64(0)
    for k in range(count):
        remaining = hand & ~chosen
        best = -1
        best_danger = 0.0
        m = remaining & ~p[P_FORBIDDEN]
        while m:
            c = lowest_card(m)
            m &= m - 1
            d = pass_danger(p, c, int(remaining), count - k)
            if best < 0 or d > best_danger:
                best = c
                best_danger = d
        if best < 0:
            break
        chosen |= np.int64(1) << best
    return chosen


@numba.njit(cache=True)
def pass_search(
    p: np.ndarray,
    s0: np.ndarray,
    me: int,
    candidates: np.ndarray,
    unknown: int,
    caps: np.ndarray,
    kitty_mode: int,
    offset: int,
    count: int,
    worlds: int,
    seed: int,
    eps: float,
    costs: np.ndarray,
    squares: np.ndarray,
    common: bool = False,
    weights: np.ndarray = NO_WEIGHTS,
    relative: bool = False,
    temperature: float = 0.0,
    own_eps: float = -1.0,
) -> None:
    """Sample ``worlds`` deals of the unseen cards; in each, try every candidate pass (a card mask) and play the deal out.

    The other seats pass by ``pass_policy`` and everyone plays by the playout
    policy (``playout_card``: the learned one with ``weights``; no moon stop); ``costs[i]`` gets the summed points of ``me`` after candidate ``i``
    (with ``relative``, ``seat_cost``'s margin; ``own_eps``: ``seat_eps``)
    (the same worlds and the same passes of the others for every candidate),
    ``squares[i]`` the summed squares of its difference from candidate 0.
    """
    rng = make_rng(seed)
    n = p[P_PLAYERS]
    eps_of = seat_eps(n, me, eps, own_eps)
    world = np.empty(STATE_SIZE, dtype=np.int64)
    sim = np.empty(STATE_SIZE, dtype=np.int64)
    cards = np.empty(52, dtype=np.int64)
    order = np.empty(52, dtype=np.int64)
    rem = np.empty(n + 2, dtype=np.int64)
    no_voids = np.zeros(n + 2, dtype=np.int64)  # before the play nobody has shown a void
    points = np.zeros(n, dtype=np.int64)
    passes = np.zeros(n, dtype=np.int64)
    scale = value_scale(p)
    scored = scored_cards(p)
    rows = np.zeros((MAX_LEGAL, N_FEATURES), dtype=np.float64)
    first = 0
    for i in range(candidates.shape[0]):
        costs[i] = 0
        squares[i] = 0
    for _ in range(worlds):
        sample_world_masked(rng, s0, p, unknown, caps, no_voids, kitty_mode, -1, world, cards, order, rem)
        for seat in range(n):
            passes[seat] = 0 if seat == me else pass_policy(p, world[HAND + seat], count)
        draws = rng[0]
        for i in range(candidates.shape[0]):
            if common:
                rng[0] = draws
            sim[:] = world
            passes[me] = candidates[i]
            exchange_passes(sim, p, passes, offset)
            begin_play(sim, p)
            while sim[PHASE] != PHASE_OVER:
                play_card(
                    sim,
                    p,
                    playout_card(rng, sim, p, sim[TURN], eps_of[sim[TURN]], False, weights, scale, scored, rows, -1, False, temperature),
                )
            score_deal(sim, p, points)
            cost = seat_cost(points, me, relative)
            costs[i] += cost
            if i == 0:
                first = cost
            squares[i] += (cost - first) * (cost - first)


@numba.njit(cache=True)
def policy_likelihood(
    s: np.ndarray, p: np.ndarray, seat: int, card: int, alpha: float, weights: np.ndarray, scale: float, scored: int, rows: np.ndarray
) -> float:
    """How likely the playout policy makes ``seat`` play ``card`` in ``s``: ``alpha`` on its choice, the rest uniform.

    0 when ``card`` is not legal there (the world cannot be the real one);
    with ``alpha`` 0, 1 for every legal card (the worlds are only checked for consistency).
    With ``weights`` the policy is the learned one, and ``alpha`` goes to its softmax over the legal cards
    (``learned.card_probability``; ``scale``, ``scored`` and the buffer ``rows`` as in ``playout_card``). The
    rule-based policy's lead is the lowest card that scores nothing; cards of the
    same rank share it (its suit order is random).
    """
    legal = legal_cards(s, p, seat)
    if legal >> card & 1 == 0:
        return 0.0
    if alpha <= 0.0:
        return 1.0  # consistency only: every legal card as likely in every world
    count = 0
    m = legal
    while m:
        count += 1
        m &= m - 1
    if count == 1:
        return 1.0
    uniform = (1.0 - alpha) / count
    if weights.shape[0] > 0:
        return uniform + alpha * card_probability(s, p, seat, legal, card, weights, scale, scored, rows)
    if s[IN_TRICK] == 0:
        lowest = 99
        m = legal
        while m:
            c = lowest_card(m)
            m &= m - 1
            if p[c] <= 0 and c >> 2 < lowest:
                lowest = c >> 2
        if lowest < 99:
            ties = 0
            m = legal
            while m:
                c = lowest_card(m)
                m &= m - 1
                if p[c] <= 0 and c >> 2 == lowest:
                    ties += 1
            if p[card] <= 0 and card >> 2 == lowest:
                return uniform + alpha / ties
            return uniform
    rng = np.ones(1, dtype=np.uint64)  # unused: with eps 0 the policy draws only for a lead's suit order
    choice = policy_card(rng, s, p, seat, 0.0)
    return uniform + alpha if choice == card else uniform


@numba.njit(cache=True)
def world_weight(
    world: np.ndarray,
    start0: np.ndarray,
    s0: np.ndarray,
    p: np.ndarray,
    me: int,
    history: np.ndarray,
    played_by: np.ndarray,
    kitty_mode: int,
    kitty_owner: int,
    kitty_known: int,
    start: np.ndarray,
    alpha: float,
    weights: np.ndarray = NO_WEIGHTS,
) -> float:
    """The likelihood of the other seats' plays so far (``history``: rows of seat, card) in ``world``.

    The deal is replayed from the start of play (each hand: its cards now in
    ``world`` and the cards it played; the kitty sampled or known) and every
    play of another seat is scored by ``policy_likelihood`` (with ``weights``, by the learned policy).
    """
    n = p[P_PLAYERS]
    start[:] = start0
    for seat in range(n):
        start[HAND + seat] = world[HAND + seat] | played_by[seat]
    kitty = kitty_known
    if kitty_mode == KITTY_PENDING:
        kitty |= world[KITTY]
    elif kitty_mode == KITTY_TAKEN:
        kitty |= world[TAKEN + kitty_owner] & ~s0[TAKEN + kitty_owner]
    start[KITTY] = kitty
    begin_play(start, p)
    weight = 1.0
    learned = weights.shape[0] > 0  # the rules-of-thumb model needs none of the learned policy's inputs
    scale = value_scale(p) if learned else 1.0
    scored = scored_cards(p) if learned else 0
    rows = np.zeros((MAX_LEGAL if learned else 0, N_FEATURES), dtype=np.float64)
    for i in range(history.shape[0]):
        seat = history[i, 0]
        card = history[i, 1]
        if seat != me:
            weight *= policy_likelihood(start, p, seat, card, alpha, weights, scale, scored, rows)
            if weight == 0.0:
                return 0.0
        elif legal_cards(start, p, seat) >> card & 1 == 0:
            return 0.0
        play_card(start, p, card)
    return weight


@numba.njit(cache=True)
def excluded_cards(start0: np.ndarray, p: np.ndarray, me: int, history: np.ndarray, unseen: int, out: np.ndarray) -> None:
    """``out[seat]``: the unseen cards ``seat`` cannot hold, because with any of them a card it played would have been illegal.

    The deal's public part is replayed from the start of play. Holding one
    more card can only forbid a card (follow suit, no points on the first
    trick, no hearts lead before they are broken), so a card ``c`` is ruled
    out for a seat that played ``x`` when ``x`` is illegal from the hand
    ``{x, c}``: a heart discarded on a first trick that forbids points says
    the seat held nothing else; a void says no card of the suit.
    """
    n = p[P_PLAYERS]
    s = start0.copy()
    test = np.empty(STATE_SIZE, dtype=np.int64)
    for seat in range(n):
        out[seat] = 0
    first = True
    for i in range(history.shape[0]):
        seat = history[i, 0]
        card = history[i, 1]
        bit = np.int64(1) << card
        if first:
            # The first card decides the leader: give it to its player so that begin_play finds them.
            s[HAND + seat] |= bit
            begin_play(s, p)
            first = False
        if seat != me:
            m = unseen & ~out[seat]
            while m:
                c = lowest_card(m)
                m &= m - 1
                test[:] = s
                test[HAND + seat] = bit | (np.int64(1) << c)
                if legal_cards(test, p, seat) >> card & 1 == 0:
                    out[seat] |= np.int64(1) << c
        s[HAND + seat] = bit
        play_card(s, p, card)
        if s[PHASE] == PHASE_OVER:
            s[PHASE] = PHASE_PLAYING  # the replayed hands hold one card each: the deal goes on
            s[TURN] = s[LEADER]


@numba.njit(cache=True)
def weighted_search(
    p: np.ndarray,
    s0: np.ndarray,
    me: int,
    candidates: np.ndarray,
    unknown: int,
    caps: np.ndarray,
    forbid: np.ndarray,
    kitty_mode: int,
    kitty_owner: int,
    worlds: int,
    seed: int,
    eps: float,
    exact: bool,
    start0: np.ndarray,
    history: np.ndarray,
    played_by: np.ndarray,
    kitty_known: int,
    alpha: float,
    costs: np.ndarray,
    memo: bool = False,
    stop_moon: bool = False,
    weights: np.ndarray = NO_WEIGHTS,
    defender: int = -1,
    shooters: int = 0,
    relative: bool = False,
    temperature: float = 0.0,
    own_eps: float = -1.0,
) -> float:
    """``search`` over worlds dealt by ``sample_world_masked`` (``forbid``: voids and ``excluded_cards``), each weighted
    by ``world_weight`` (policy-based inference; with ``weights``, the learned policy is both the model of the other
    seats and the playouts' policy); returns the summed weights. ``memo``, ``stop_moon``, ``defender``, ``shooters``, ``relative``,
    ``temperature`` and ``own_eps`` as in ``search``.

    ``costs[i]`` gets the weighted sum of the points of ``me`` after candidate ``i``.
    """
    rng = make_rng(seed)
    n = p[P_PLAYERS]
    eps_of = seat_eps(n, me, eps, own_eps)
    world = np.empty(STATE_SIZE, dtype=np.int64)
    sim = np.empty(STATE_SIZE, dtype=np.int64)
    start = np.empty(STATE_SIZE, dtype=np.int64)
    cards = np.empty(52, dtype=np.int64)
    order = np.empty(52, dtype=np.int64)
    rem = np.empty(n + 2, dtype=np.int64)
    points = np.zeros(n, dtype=np.int64)
    states = np.empty((54, STATE_SIZE), dtype=np.int64)
    masks = np.zeros(54, dtype=np.int64)
    stack = np.zeros((54, n), dtype=np.int64)
    slots = 1 << MEMO_BITS if exact and memo else 0
    keys = np.zeros(slots, dtype=np.int64)
    values = np.zeros((slots, n), dtype=np.int64)
    scale = value_scale(p)
    scored = scored_cards(p)
    rows = np.zeros((MAX_LEGAL, N_FEATURES), dtype=np.float64)
    total = 0.0
    for i in range(candidates.shape[0]):
        costs[i] = 0.0
    for _ in range(worlds):
        sample_world_masked(rng, s0, p, unknown, caps, forbid, kitty_mode, kitty_owner, world, cards, order, rem)
        w = world_weight(world, start0, s0, p, me, history, played_by, kitty_mode, kitty_owner, kitty_known, start, alpha, weights)
        if w == 0.0:
            continue
        total += w
        for i in range(candidates.shape[0]):
            sim[:] = world
            play_card(sim, p, candidates[i])
            if exact and memo:
                solve_memo(sim, p, states, masks, stack, keys, values)
                costs[i] += w * seat_cost(stack[0], me, relative)
            elif exact:
                solve(sim, p, states, masks, stack)
                costs[i] += w * seat_cost(stack[0], me, relative)
            else:
                while sim[PHASE] != PHASE_OVER:
                    turn = sim[TURN]
                    shoots = (shooters >> turn) & 1 == 1
                    card = playout_card(
                        rng, sim, p, turn, eps_of[turn], stop_moon, weights, scale, scored, rows, defender, shoots, temperature
                    )
                    play_card(sim, p, card)
                score_deal(sim, p, points)
                costs[i] += w * seat_cost(points, me, relative)
    return total


@numba.njit(cache=True)
def policy_deals(p: np.ndarray, s0: np.ndarray, deals: int, seed: int, eps: float) -> np.ndarray:
    """Finish copies of the dealt state ``s0`` with the policy at every seat; summed points (a benchmark and a check)."""
    rng = make_rng(seed)
    n = p[P_PLAYERS]
    sim = np.empty(STATE_SIZE, dtype=np.int64)
    points = np.zeros(n, dtype=np.int64)
    totals = np.zeros(n, dtype=np.int64)
    for _ in range(deals):
        sim[:] = s0
        while sim[PHASE] != PHASE_OVER:
            play_card(sim, p, policy_card(rng, sim, p, sim[TURN], eps))
        score_deal(sim, p, points)
        for i in range(n):
            totals[i] += points[i]
    return totals


__all__ = [
    "KITTY_NONE",
    "KITTY_PENDING",
    "KITTY_TAKEN",
    "NO_TRICK_STATS",
    "highest_card",
    "moon_stop_card",
    "pass_danger",
    "pass_policy",
    "pass_search",
    "policy_card",
    "playout_card",
    "NO_WEIGHTS",
    "policy_deals",
    "excluded_cards",
    "policy_likelihood",
    "sample_world",
    "sample_world_masked",
    "void_cards",
    "search",
    "distinct_moves",
    "position_key",
    "solve",
    "solve_memo",
    "weighted_search",
    "world_weight",
]
