"""The terminal's texts and German card input.

Every text, the terminal's own among them, is in the one catalog
(``locale/catalog/*.json``, read by ``locale.messages``).
"""

from __future__ import annotations

from typing import Final

from blackmaria.cards import RANK_SHORT_DE, Card
from blackmaria.locale import Texts


class TerminalTexts(Texts):
    """The messages of one language, for the terminal (its own texts are in the same catalog)."""


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


__all__ = ["TerminalTexts", "parse_german_card"]
