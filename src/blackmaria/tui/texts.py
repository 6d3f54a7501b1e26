"""The terminal's own texts in English and German, and German card input.

The game's texts are the shared catalogs (``locale/messages.py``); the few
that only the terminal shows are kept here, and ``TerminalTexts`` looks a key
up here first, then in the shared catalogs. A test checks that both languages
have every key with the same fields.
"""

from __future__ import annotations

from typing import Final

from blackmaria.cards import RANK_SHORT_DE, Card
from blackmaria.locale import Texts
from blackmaria.locale.messages import MESSAGES

TERMINAL: Final[dict[str, dict[str, str]]] = {
    "no_points_first_trick_lead": {
        "en": "No points on the first trick: lead a card that scores nothing.",
        "de": "Keine Punkte im ersten Stich: spiel eine Karte ohne Punkte aus.",
    },
    "table_you_drew": {"en": "You drew {card}", "de": "Du hast {card} gezogen"},
    "table_drew": {"en": "{name} drew a card", "de": "{name} hat eine Karte gezogen"},
}


class TerminalTexts(Texts):
    """The messages of one language: the terminal's own, then the shared catalogs."""

    def __call__(self, key: str, **values: object) -> str:
        catalog = TERMINAL if key in TERMINAL else MESSAGES
        return catalog[key][self.lang].format(**values)


GERMAN_SUITS: Final = (("kr", 0), ("ka", 1), ("h", 2), ("p", 3))
"""Suit letters a German player types: Kreuz, Karo, Herz, Pik (two letters where K would be ambiguous)."""
GERMAN_RANKS: Final = {name.lower(): index for index, name in enumerate(RANK_SHORT_DE)}


def parse_german_card(word: str) -> Card | None:
    """A card in German letters, suit then rank (``pd``, ``kak``, ``h10``) or rank then suit (``dp``, ``kka``);
    None if ``word`` is neither. No word reads both ways as two different cards: suits and ranks share no letter
    but K, and K alone is never a suit (Kreuz is ``kr``, Karo ``ka``).

    >>> from blackmaria.cards import card_name
    >>> [card_name(parse_german_card(w) or 0) for w in ("pd", "dp", "kak", "kka", "krb", "h10", "10h")]
    ['QS', 'QS', 'KD', 'KD', 'JC', 'TH', 'TH']
    >>> parse_german_card("qs") is None
    True
    """
    text = word.strip().lower()
    for letters, suit in GERMAN_SUITS:
        if text.startswith(letters) and text[len(letters) :] in GERMAN_RANKS:
            return GERMAN_RANKS[text[len(letters) :]] * 4 + suit
        if text.endswith(letters) and text[: -len(letters)] in GERMAN_RANKS:
            return GERMAN_RANKS[text[: -len(letters)]] * 4 + suit
    return None


__all__ = ["TERMINAL", "TerminalTexts", "parse_german_card"]
