"""The errors of the rules: an action the game refuses names the rule, the seat and the card, and changes nothing."""

from __future__ import annotations

from blackmaria.cards import Card


class GameError(ValueError):
    """An action the game refuses; the game is unchanged."""

    def __init__(self, message: str, *, rule: str, seat: int | None = None, card: Card | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.seat = seat
        self.card = card


class IllegalPlay(GameError):
    """A card that may not be played now."""


class IllegalPass(GameError):
    """A pass that breaks the rules."""


class IllegalDeal(GameError):
    """Hands, kitty, stock or dealer that are not a valid deal under the rules, or a deal out of place."""


__all__ = ["GameError", "IllegalDeal", "IllegalPass", "IllegalPlay"]
