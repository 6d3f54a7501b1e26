"""Small frozen events: the ordered log of everything that happens in a game.

Replay, the network protocol and the UI's animation all read this log. Some
events carry cards only one seat may see (its dealt hand, its pass, what it
received or drew, the kitty it took); ``visible_to`` gives the copy a seat
(or a spectator, ``None``) may see, with those cards removed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from blackmaria.cards import Card, card_name, parse_card


@dataclass(frozen=True, repr=False, slots=True)
class Event:
    """Base of every event. ``private_to`` names the one seat that may see the cards, if any."""

    def visible_to(self, seat: int | None) -> Event:
        return self

    def __repr__(self) -> str:
        """Cards by name, so a log reads as a game: ``CardPlayed(seat=2, card=QS, trick=4)``."""
        parts = []
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name in ("card", "forced_card") and value is not None:
                value = card_name(value)
            elif f.name in ("cards", "kitty") and value is not None:
                value = "(" + " ".join(card_name(c) for c in value) + ")"
            elif f.name == "cut":
                value = "(" + " / ".join(" ".join(f"{seat}:{card_name(c)}" for seat, c in rnd) for rnd in value) + ")"
            else:
                value = repr(value)
            parts.append(f"{f.name}={value}")
        return f"{type(self).__name__}({', '.join(parts)})"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": type(self).__name__}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name in ("card",) and value is not None:
                value = card_name(value)
            elif f.name in ("cards", "kitty", "scoring") and value is not None:
                value = [card_name(c) for c in value]
            elif isinstance(value, tuple):
                value = list(value)
            data[f.name] = value
        return data


@dataclass(frozen=True, repr=False, slots=True)
class _PrivateCards(Event):
    seat: int
    cards: tuple[Card, ...] | None

    def visible_to(self, seat: int | None) -> Event:
        return self if seat == self.seat else dataclasses.replace(self, cards=None)


Cut = tuple[tuple[tuple[int, Card], ...], ...]
"""A cut for the first deal: its rounds, each the ``(seat, card)`` each seat still in it cut (a tie at the top cuts
again among the tied)."""


@dataclass(frozen=True, repr=False, slots=True)
class DealerChosen(Event):
    seat: int
    method: str
    cut: Cut = ()
    """With ``method`` "cut": the cards cut, round by round (every seat sees them)."""

    def to_dict(self) -> dict[str, Any]:
        data = Event.to_dict(self)  # (not super(): see PlayStarted)
        data["cut"] = [[[seat, card_name(card)] for seat, card in rnd] for rnd in self.cut]
        return data


@dataclass(frozen=True, repr=False, slots=True)
class DealStarted(Event):
    deal: int
    dealer: int
    direction: str
    hand_size: int
    kitty_size: int
    stock_size: int


@dataclass(frozen=True, repr=False, slots=True)
class HandDealt(_PrivateCards):
    pass


@dataclass(frozen=True, repr=False, slots=True)
class CardsPassed(_PrivateCards):
    to_seat: int = -1


@dataclass(frozen=True, repr=False, slots=True)
class CardsReceived(_PrivateCards):
    from_seat: int = -1


@dataclass(frozen=True, repr=False, slots=True)
class PlayStarted(Event):
    leader: int
    forced_card: Card | None

    def to_dict(self) -> dict[str, Any]:
        data = Event.to_dict(self)  # not super(): a slotted dataclass is a new class, and super()'s cell holds the old one
        data["forced_card"] = None if self.forced_card is None else card_name(self.forced_card)
        return data


@dataclass(frozen=True, repr=False, slots=True)
class CardPlayed(Event):
    seat: int
    card: Card
    trick: int


@dataclass(frozen=True, repr=False, slots=True)
class TrickWon(Event):
    seat: int
    trick: int
    cards: tuple[Card, ...]
    points: int
    scoring: tuple[Card, ...] = ()
    """The cards of the trick that score, what its points are made of ("Q♠ 7♥"; a play-test never read who took the
    queen of spades until the deal's summary)."""


@dataclass(frozen=True, repr=False, slots=True)
class KittyTaken(_PrivateCards):
    pass


@dataclass(frozen=True, repr=False, slots=True)
class CardDrawn(Event):
    seat: int
    card: Card | None

    def visible_to(self, seat: int | None) -> Event:
        return self if seat == self.seat else dataclasses.replace(self, card=None)


@dataclass(frozen=True, repr=False, slots=True)
class DealScored(Event):
    deal: int
    points: tuple[int, ...]
    totals: tuple[int, ...]
    moon_shooter: int | None
    kitty: tuple[Card, ...]


@dataclass(frozen=True, repr=False, slots=True)
class SuddenDeath(Event):
    tied: tuple[int, ...]


@dataclass(frozen=True, repr=False, slots=True)
class GameOver(Event):
    totals: tuple[int, ...]
    winners: tuple[int, ...]


EVENT_TYPES: dict[str, type[Event]] = {
    kind.__name__: kind
    for kind in (DealerChosen, DealStarted, HandDealt, CardsPassed, CardsReceived, PlayStarted, CardPlayed, TrickWon)
    + (KittyTaken, CardDrawn, DealScored, SuddenDeath, GameOver)
}


def event_from_dict(data: Mapping[str, Any]) -> Event | None:
    """The event that ``Event.to_dict`` wrote (as one seat saw it), or None for a type the engine does not know.

    A server's messages also carry its own events (the shuffle's commitment and reveal): a client skips those.
    """
    kind = EVENT_TYPES.get(data.get("type", ""))
    if kind is None:
        return None
    values: dict[str, Any] = {}
    for field in dataclasses.fields(kind):
        if field.name not in data and field.default is not dataclasses.MISSING:
            continue  # a field newer than the message (a server's or a save's from before it)
        value = data[field.name]
        if kind is DealerChosen and field.name == "cut":
            values["cut"] = tuple(tuple((int(seat), parse_card(card)) for seat, card in rnd) for rnd in value)
            continue
        if value is not None and field.name in ("card", "forced_card"):
            value = parse_card(value)
        elif value is not None and field.name in ("cards", "kitty", "scoring"):
            value = tuple(parse_card(c) for c in value)
        elif isinstance(value, list):
            value = tuple(value)
        values[field.name] = value
    return kind(**values)
