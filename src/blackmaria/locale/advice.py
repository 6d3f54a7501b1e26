"""The computer player's hint in the player's language, for every front end (terminal, server, browser).

A hint's reasons are data (``bots.reasons``: a code and its facts); English
and German are rendered from the same data, so both languages give the same
reason.
"""

from __future__ import annotations

import functools
import threading
from typing import Any

from blackmaria.bots import hint
from blackmaria.bots.reasons import render
from blackmaria.cards import Card, card_name, rank_of, suit_of
from blackmaria.observation import Observation

HINT_LEVEL = "expert"
"""The level whose search gives the front ends' hints (the terminal's, the server's and so the browser's): the
strongest, as it would play, stopped at ``bots.HINT_MS``. Without the compiled kernel (the ``[fast]`` extra) the
hints are ``medium``'s rules of thumb (``hint_level``)."""


@functools.cache
def hint_level() -> str:
    """``HINT_LEVEL`` where the compiled search is installed, else ``medium`` (a hint never needs an extra)."""
    try:
        import numba  # noqa: F401
    except ImportError:
        return "medium"
    return HINT_LEVEL


def prepare_hints() -> threading.Thread | None:
    """Load (the first time on a machine: compile, some seconds) the search's kernels in a background thread, so the
    first hint a player asks for is quick; None when the hints need no kernel."""
    if hint_level() == "medium":
        return None
    from blackmaria.bots.search import warm_kernels

    thread = threading.Thread(target=warm_kernels, daemon=True, name="blackmaria-warm-kernels")
    thread.start()
    return thread


def hints_ready() -> bool:
    """Whether a hint comes at once: no kernel needed, or the kernels are loaded."""
    if hint_level() == "medium":
        return True
    from blackmaria.bots.search import kernels_warm

    return kernels_warm()


def localized_hint(obs: Observation, lang: str = "en", level: str | None = None) -> tuple[list[Card], str]:
    """The cards the ``level`` bot (default ``hint_level()``) suggests for the seat of ``obs`` (sorted as a hand shows
    them) and one sentence why.

    Raises ``ValueError`` when the seat has nothing to decide now.
    """
    advice = hint(obs, level or hint_level())
    return _as_hand(advice.cards), advice.text(lang).rstrip(".")


def _as_hand(cards: list[Card]) -> list[Card]:
    """Cards in the order a hand shows them: suit by suit, high to low."""
    return sorted(cards, key=lambda c: (-suit_of(c), -rank_of(c)))


_CARD_FACTS = ("card", "best", "runner_up", "cards")


def _named(value: Any) -> Any:
    """A card fact with its cards written as names (``QS``), as the server's protocol writes every card."""
    if isinstance(value, (tuple, list)):
        return [card_name(c) for c in value]
    return card_name(value)


def hint_message(obs: Observation, lang: str = "en", level: str | None = None) -> dict[str, Any]:
    """The server's answer to a seat's ``hint``: the cards and one sentence why in ``lang``, and as data the reasons
    (codes and facts), the level, and the search's numbers: each legal card's mean points (``costs``), each candidate
    pass's (``pass_costs``) and the sampled deals behind them (``worlds``; 0 when nothing was searched).

    Raises ``ValueError`` when the seat has nothing to decide now.
    """
    advice = hint(obs, level or hint_level())
    reasons = [{"code": r.code, "facts": {k: _named(v) if k in _CARD_FACTS else v for k, v in r.facts.items()}} for r in advice.reasons]
    # The reason apart from the search's numbers, for a phone that shows those on demand (a play-test's pass hint
    # filled nine lines there): ``why`` and ``search`` are "" when the hint has no such part.
    said = tuple(r for r in advice.reasons if not r.code.startswith("search"))
    searched = tuple(r for r in advice.reasons if r.code.startswith("search"))
    return {
        "cards": [card_name(c) for c in _as_hand(advice.cards)],
        "reason": advice.text(lang).rstrip("."),
        "why": render(said, lang, advice.seats).rstrip(".") if said and searched else "",
        "search": render(searched, lang, advice.seats).rstrip(".") if said and searched else "",
        "reasons": reasons,
        "level": advice.level,
        "costs": {card_name(c): round(cost, 3) for c, cost in sorted(advice.costs.items(), key=lambda item: item[1])},
        "pass_costs": [
            {"cards": [card_name(c) for c in sorted(p)], "cost": round(cost, 3)}
            for p, cost in sorted(advice.pass_costs.items(), key=lambda item: item[1])
        ],
        "worlds": advice.worlds,
    }
