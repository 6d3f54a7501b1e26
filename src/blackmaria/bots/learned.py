"""A playout policy learnt from the search's own choices: what each legal card looks like to the seat, and a linear score.

The rule-based playout policy (``playout.policy_card``) plays the rest of a
sampled deal by a few rules of thumb, so the search judges a card by how the
deal goes when everyone plays that way. The learned policy scores every
legal card by a weighted sum of ``FEATURES``, each computed from what the
seat can see (its hand, the cards played, the trick, the voids shown, the
cards taken), with one weight vector for each situation: leading, following
suit, discarding. The weights are fitted by
``benchmarks/train_playout_policy.py`` to the choices of the search itself
(multinomial logistic regression on its costs) and shipped as
``data/playout_policy.json`` with the command and the time that made them.

``decision_features`` is the one place the features are computed: the
playouts call it, and so does the training script, so the policy plays by
the very numbers it was fitted on.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

import numba
import numpy as np

from blackmaria.core import compiled  # noqa: F401  (registers the rule functions with numba)
from blackmaria.core.logic import (
    HAND,
    IN_TRICK,
    LEADER,
    P_IN_PLAY,
    P_PENALTY,
    P_PLAYERS,
    PLAYED,
    QS,
    TAKEN,
    TRICK,
    VOIDS,
    card_points,
    legal_cards,
    lowest_card,
    popcount,
    suit_cards,
)

LEAD = 0
FOLLOW = 1
DISCARD = 2
SITUATIONS = ("lead", "follow", "discard")

CLUBS_NIBBLES = 0x1111111
"""Bit 0 of each seat's 4-bit void nibble: shifted by a suit, the seats void in it."""

FEATURES = (
    "value",  # the card's points, over the rule set's costliest card
    "rank",  # 0 for a two, 1 for an ace
    "queen_of_spades",
    "unseen_above",  # unseen cards of its suit above it, over 13
    "unseen_below",
    "own_in_suit",  # cards of its suit in the hand, over 13
    "boss",  # no unseen card of its suit ranks above it
    "singleton",  # the last card of its suit in the hand: playing it makes a void
    "spade_above_queen_out",  # KS or AS while QS is unseen
    "heart",
    "unseen_points_in_suit",  # points of the unseen cards of its suit, over the costliest card
    "unseen_in_suit",
    "others_void_in_suit",  # other seats shown void in its suit, over the players
    "wins",  # it beats the trick's winning card (following suit; a lead counts as winning for now)
    "wins_trick_points",  # wins x the points in the trick
    "wins_last",  # wins as the trick's last card: the trick is certainly taken
    "wins_to_play",  # wins x the players still to play after it, over the players
    "wins_unseen_above",  # wins x unseen cards above it: it may still be beaten
    "wins_unseen_points",  # wins x all unseen points, not last: what may be thrown on it
    "wins_queen_out",  # wins while QS is unseen, not last
    "duck_rank",  # loses the trick x its rank: ducking high
    "scores",  # its value is positive
    "wins_own_value",  # wins x its own points
    "negative",  # its value is negative (Omnibus' JD)
    "my_points",  # points this seat has taken, over the costliest card: with a moon, a reason to take more
    "moon_open_wins",  # wins while every penalty taken so far is this seat's (a moon stays possible)
)
N_FEATURES = len(FEATURES)
MAX_LEGAL = 26
"""Rows for the legal cards of one decision: a hand holds at most 17 (three players), and a house rule's removals
cannot make a hand of more than 26."""


@numba.njit(cache=True)
def value_scale(p: np.ndarray) -> float:
    """The costliest card's points: the features divide points by it, so one policy fits every rule set's values."""
    top = 1
    for c in range(52):
        if p[c] > top:
            top = p[c]
    return float(top)


@numba.njit(cache=True)
def scored_cards(p: np.ndarray) -> int:
    """The cards in play whose value is not 0: points are summed over these alone (a few, not the whole deck)."""
    scored = 0
    for c in range(52):
        if p[c] != 0:
            scored |= 1 << c
    return int(scored & p[P_IN_PLAY])


@numba.njit(cache=True, fastmath=True)
def decision_features(s: np.ndarray, p: np.ndarray, seat: int, legal: int, scale: float, scored: int, out: np.ndarray) -> int:
    """Fill ``out[i]`` with the features of the ``i``-th legal card (ascending); returns the situation.

    Only what ``seat`` sees is read: its hand, the cards played, the trick,
    the voids shown and the cards taken, never another hand. ``scale`` and
    ``scored`` are ``value_scale(p)`` and ``scored_cards(p)``.
    """
    n = p[P_PLAYERS]
    hand = s[HAND + seat]
    unseen = p[P_IN_PLAY] & ~s[PLAYED] & ~hand
    qs_out = unseen >> QS & 1
    in_trick = s[IN_TRICK]
    situation = LEAD
    win = -1
    trick_points = 0.0
    if in_trick > 0:
        led = s[TRICK + s[LEADER]] & 3
        trick = 0
        for i in range(n):
            c = s[TRICK + i]
            if c >= 0:
                trick |= 1 << c
                if c & 3 == led and c > win:
                    win = c
        trick_points = card_points(p, trick & scored) / scale
        situation = FOLLOW if legal & suit_cards(led) else DISCARD
    to_play = n - 1 - in_trick
    last = 1.0 if to_play == 0 else 0.0
    # Per suit (scalars, not arrays: this runs at every card of every playout): the unseen points, and the other
    # seats shown void, over the players.
    points0 = points1 = points2 = points3 = 0.0
    m = unseen & scored
    while m:
        c = lowest_card(m)
        m &= m - 1
        suit = c & 3
        if suit == 0:
            points0 += p[c]
        elif suit == 1:
            points1 += p[c]
        elif suit == 2:
            points2 += p[c]
        else:
            points3 += p[c]
    unseen_points = (points0 + points1 + points2 + points3) / scale
    moon_open = 1.0
    voids_any = 0
    for other in range(n):
        if other != seat:
            if s[TAKEN + other] & p[P_PENALTY]:
                moon_open = 0.0
            voids_any += s[VOIDS + other] << (4 * other)
    mine = card_points(p, s[TAKEN + seat] & scored) / scale
    i = 0
    m = legal
    while m:
        c = lowest_card(m)
        m &= m - 1
        suit = c & 3
        same = suit_cards(suit)
        above = same & ~((np.int64(2) << c) - 1)
        below = same & ((np.int64(1) << c) - 1)
        up = popcount(unseen & above)
        own = popcount(hand & same)
        value = p[c] / scale
        rank = (c >> 2) / 12.0
        row = out[i]
        row[0] = value
        row[1] = rank
        row[2] = 1.0 if c == QS else 0.0
        row[3] = up / 13.0
        row[4] = popcount(unseen & below) / 13.0
        row[5] = own / 13.0
        row[6] = 1.0 if up == 0 else 0.0
        row[7] = 1.0 if own == 1 else 0.0
        row[8] = 1.0 if suit == 3 and c > QS and qs_out else 0.0
        row[9] = 1.0 if suit == 2 else 0.0
        row[10] = (points0 if suit == 0 else points1 if suit == 1 else points2 if suit == 2 else points3) / scale
        row[11] = popcount(unseen & same) / 13.0
        row[12] = popcount(voids_any & (CLUBS_NIBBLES << suit)) / n
        wins = 1.0
        if situation == FOLLOW:
            wins = 1.0 if c > win else 0.0
        elif situation == DISCARD:
            wins = 0.0
        row[13] = wins
        row[14] = wins * trick_points
        row[15] = wins * last
        row[16] = wins * to_play / n
        row[17] = wins * up / 13.0
        row[18] = wins * (1.0 - last) * unseen_points
        row[19] = wins * (1.0 - last) * qs_out
        row[20] = (1.0 - wins) * rank
        row[21] = 1.0 if p[c] > 0 else 0.0
        row[22] = wins * value
        row[23] = 1.0 if p[c] < 0 else 0.0
        row[24] = mine
        row[25] = wins * moon_open
        i += 1
    return situation


@numba.njit(cache=True, fastmath=True)
def score_cards(
    s: np.ndarray, p: np.ndarray, seat: int, legal: int, weights: np.ndarray, scale: float, scored: int, rows: np.ndarray
) -> int:
    """The weights' score of each legal card, in ``rows[i, 0]`` for the ``i``-th (ascending; ``rows``: a
    ``MAX_LEGAL x N_FEATURES`` buffer, its features spent); returns the index of the highest (ties to the lowest card).

    A situation's row of ``weights`` is the linear weights over the features, then, if the policy has a hidden layer
    (``pack_weights``), each hidden unit's weights over the features, the units' biases and their output weights: the
    score is the linear part plus the output weights times the rectified units."""
    situation = decision_features(s, p, seat, legal, scale, scored, rows)
    w = weights[situation]
    features = rows.shape[1]
    hidden = (w.shape[0] - features) // (features + 2)  # 0: the linear policy alone
    first = features + features * hidden  # where the hidden units' biases start, then their output weights
    best = 0
    for i in range(popcount(legal)):
        score = 0.0
        for f in range(features):
            score += w[f] * rows[i, f]
        for h in range(hidden):
            unit = w[first + h]
            for f in range(features):
                unit += w[features + h * features + f] * rows[i, f]
            if unit > 0.0:
                score += w[first + hidden + h] * unit
        rows[i, 0] = score
        if score > rows[best, 0]:
            best = i
    return best


@numba.njit(cache=True)
def learned_card(
    s: np.ndarray, p: np.ndarray, seat: int, legal: int, weights: np.ndarray, scale: float, scored: int, rows: np.ndarray
) -> int:
    """The legal card the weights score highest (``rows``: a ``MAX_LEGAL x N_FEATURES`` buffer); ties to the lowest card."""
    best = score_cards(s, p, seat, legal, weights, scale, scored, rows)
    m = legal
    for _ in range(best):
        m &= m - 1
    return lowest_card(m)


@numba.njit(cache=True)
def card_probability(
    s: np.ndarray, p: np.ndarray, seat: int, legal: int, card: int, weights: np.ndarray, scale: float, scored: int, rows: np.ndarray
) -> float:
    """The chance the policy's softmax gives ``card`` among the legal cards: the model of another seat's play that
    the inference weighs a sampled world with (the fit's own probabilities, not only its best card)."""
    if not (legal >> card) & 1:
        return 0.0  # (before the softmax: an illegal card needs none)
    total = softmax_weights(s, p, seat, legal, weights, scale, scored, rows, 1.0)
    return float(rows[popcount(legal & ((1 << card) - 1)), 1] / total)  # the card's place among the legal ones


@numba.njit(cache=True)
def softmax_weights(
    s: np.ndarray,
    p: np.ndarray,
    seat: int,
    legal: int,
    weights: np.ndarray,
    scale: float,
    scored: int,
    rows: np.ndarray,
    temperature: float,
) -> float:
    """The policy's softmax over the legal cards at ``temperature``, unnormalized: ``rows[i, 1]`` gets the weight of
    the ``i``-th legal card (lowest first), 1 for the best; returns their sum."""
    top = rows[score_cards(s, p, seat, legal, weights, scale, scored, rows), 0]
    total = 0.0
    for i in range(popcount(legal)):
        rows[i, 1] = np.exp((rows[i, 0] - top) / temperature)
        total += rows[i, 1]
    return total


@numba.njit(cache=True)
def features_of_positions(states: np.ndarray, p: np.ndarray, seats: np.ndarray, out: np.ndarray, situations: np.ndarray) -> None:
    """``decision_features`` for many positions of one rule set (the training script's batch): ``out[k, i]`` holds the
    ``i``-th legal card's features in position ``k``, ``situations[k]`` its situation."""
    scale = value_scale(p)
    scored = scored_cards(p)
    for k in range(states.shape[0]):
        seat = seats[k]
        legal = legal_cards(states[k], p, seat)
        situations[k] = decision_features(states[k], p, seat, legal, scale, scored, out[k])


POLICY_FILE = "playout_policy.json"


@cache
def shipped_policy(name: str = POLICY_FILE) -> tuple[np.ndarray, dict[str, Any]]:
    """The weights (``SITUATIONS`` x ``FEATURES``) of the policy file ``name`` in ``blackmaria/bots/data``, and what
    made them (command, time, data, agreement with the teacher)."""
    text = resources.files("blackmaria.bots").joinpath("data", name).read_text(encoding="utf-8")
    data = json.loads(text)
    if list(data["features"]) != list(FEATURES):
        raise ValueError(f"{name}: its features {data['features']} are not this version's {list(FEATURES)}")
    return pack_weights(data), data


def pack_weights(data: dict[str, Any]) -> np.ndarray:
    """One row per situation, as ``score_cards`` reads it: ``data["weights"]`` (linear, over ``FEATURES``), then with
    ``data["hidden"]`` (a situation's ``w1``: one list of the hidden units' weights per feature, ``b1`` and ``w2``: one
    number per unit) those, each unit's weights over the features together (as the scoring loop reads them)."""
    rows = []
    for name in SITUATIONS:
        row = list(data["weights"][name])
        if "hidden" in data:
            layer = data["hidden"][name]
            units = len(layer["b1"])
            if len(layer["w1"]) != len(FEATURES) or any(len(w) != units for w in layer["w1"]) or len(layer["w2"]) != units:
                raise ValueError(f"hidden layer of {name}: w1 must be {len(FEATURES)} x {units}, w2 {units} long")
            row += [w[h] for h in range(units) for w in layer["w1"]] + list(layer["b1"]) + list(layer["w2"])
        rows.append(row)
    return np.array(rows, dtype=np.float64)


__all__ = [
    "DISCARD",
    "FEATURES",
    "FOLLOW",
    "LEAD",
    "MAX_LEGAL",
    "N_FEATURES",
    "SITUATIONS",
    "card_probability",
    "decision_features",
    "features_of_positions",
    "learned_card",
    "pack_weights",
    "score_cards",
    "scored_cards",
    "shipped_policy",
    "softmax_weights",
    "value_scale",
]
