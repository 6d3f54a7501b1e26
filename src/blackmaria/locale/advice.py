"""The computer player's hint in the player's language, for every front end (terminal, server, browser).

A hint's reasons are data (``bots.reasons``: a code and its facts); English
and German are rendered from the same data, so both languages give the same
reason.
"""

from __future__ import annotations

from blackmaria.bots import hint
from blackmaria.cards import Card, rank_of, suit_of
from blackmaria.observation import Observation


def localized_hint(obs: Observation, lang: str = "en", level: str = "medium") -> tuple[list[Card], str]:
    """The cards the ``level`` bot suggests for the seat of ``obs`` (sorted as a hand shows them) and one sentence why.

    Raises ``ValueError`` when the seat has nothing to decide now.
    """
    advice = hint(obs, level)
    cards = sorted(advice.cards, key=lambda c: (-suit_of(c), -rank_of(c)))
    return cards, advice.text(lang).rstrip(".")
