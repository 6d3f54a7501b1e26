"""The terminal's texts.

Every text, the terminal's own among them, is in the one catalog
(``locale/catalog/*.json``, read by ``locale.messages``).
"""

from __future__ import annotations

from blackmaria.locale import Texts


class TerminalTexts(Texts):
    """The messages of one language, for the terminal (its own texts are in the same catalog)."""


__all__ = ["TerminalTexts"]
