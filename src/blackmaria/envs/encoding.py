"""The observation tensor: a seat's ``Observation`` as a flat float32 vector.

Seats are relative: index 0 is the observing seat, 1 the next seat clockwise
(its left), and so on. ``layout(rules)`` lists every segment with its index
range; ``docs/envs.md`` prints the table for four players.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from blackmaria.cards import NUM_CARDS, CardSet
from blackmaria.observation import Observation
from blackmaria.rules import PassDirection, Rules

DIRECTIONS: tuple[PassDirection, ...] = ("left", "right", "across", "hold")
BOUND = 20.0
"""Every entry lies within [-BOUND, BOUND]: totals are divided by 100, and no game passes 2,000 points."""


@dataclass(frozen=True)
class Segment:
    name: str
    start: int
    stop: int
    meaning: str


def layout(rules: Rules) -> list[Segment]:
    n = rules.players
    parts = [
        ("hand", NUM_CARDS, "1 for each card in the seat's hand"),
        ("pass_chosen", NUM_CARDS, "cards chosen so far for the pass being made"),
        ("passed", NUM_CARDS, "cards this seat passed this deal"),
        ("received", NUM_CARDS, "cards this seat received this deal"),
        ("played", NUM_CARDS, "every card played this deal"),
        ("trick", n * NUM_CARDS, "the card each relative seat has put on the current trick (52 per seat)"),
        ("taken", n * NUM_CARDS, "cards in the tricks each relative seat has won this deal (52 per seat)"),
        ("voids", n * 4, "suits (C D H S) each relative seat has shown to be void in"),
        ("leader", n, "one-hot: the relative seat that led the current trick"),
        ("phase", 2, "one-hot: passing, playing"),
        ("direction", 4, "one-hot pass direction this deal: left, right, across, hold"),
        ("hearts_broken", 1, "1 once hearts are broken"),
        ("deal_points", n, "points in each relative seat's tricks this deal, divided by the points in play"),
        ("totals", n, "each relative seat's game total, divided by 100"),
        ("stock_left", 1, "cards left in the two-player stock, divided by 26"),
        ("kitty", NUM_CARDS, "the kitty, once this seat has taken it"),
    ]
    segments, start = [], 0
    for name, size, meaning in parts:
        segments.append(Segment(name, start, start + size, meaning))
        start += size
    return segments


def size(rules: Rules) -> int:
    return layout(rules)[-1].stop


def _cards(vector: np.ndarray, start: int, cards: CardSet | None) -> None:
    if cards:
        vector[start + np.fromiter(cards, dtype=np.int64)] = 1.0


def encode(obs: Observation, pass_chosen: CardSet | None = None) -> np.ndarray:
    """The tensor of ``obs``; ``pass_chosen`` are the cards picked so far in an unfinished pass (by default the
    observation's own ``picked``, as the environments' vectors have them: a researcher's ``encode(obs)`` mid-pass left
    them out)."""
    if pass_chosen is None:
        pass_chosen = obs.picked
    rules = obs.rules
    n = rules.players
    at = {segment.name: segment.start for segment in layout(rules)}
    vector = np.zeros(size(rules), dtype=np.float32)
    _cards(vector, at["hand"], obs.hand)
    _cards(vector, at["pass_chosen"], pass_chosen)
    _cards(vector, at["passed"], obs.passed)
    _cards(vector, at["received"], obs.received)
    _cards(vector, at["played"], obs.played)
    trick = obs.current_trick
    for seat, card in trick.plays if trick else ():
        vector[at["trick"] + ((seat - obs.seat) % n) * NUM_CARDS + card] = 1.0
    for done in obs.tricks:
        if done.winner is not None:
            _cards(vector, at["taken"] + ((done.winner - obs.seat) % n) * NUM_CARDS, done.cards)
    for seat in range(n):
        relative = (seat - obs.seat) % n
        for suit in obs.voids[seat]:
            vector[at["voids"] + relative * 4 + suit] = 1.0
        vector[at["deal_points"] + relative] = obs.trick_points[seat] / max(rules.moon_total, 1)
        vector[at["totals"] + relative] = max(-BOUND, min(BOUND, obs.totals[seat] / 100.0))
    if obs.leader is not None:
        vector[at["leader"] + (obs.leader - obs.seat) % n] = 1.0
    if obs.phase in ("passing", "playing"):
        vector[at["phase"] + (0 if obs.phase == "passing" else 1)] = 1.0
    vector[at["direction"] + DIRECTIONS.index(obs.direction)] = 1.0
    vector[at["hearts_broken"]] = float(obs.hearts_broken)
    vector[at["stock_left"]] = obs.stock_left / 26.0
    _cards(vector, at["kitty"], obs.kitty)
    return vector


def mask(cards: CardSet) -> np.ndarray:
    result = np.zeros(NUM_CARDS, dtype=np.int8)
    if cards:
        result[np.fromiter(cards, dtype=np.int64)] = 1
    return result
