"""English and German texts for everything a player sees.

``Texts(lang)`` looks messages up by key (``texts("follow_suit", suit=...)``)
and names cards the way each language does: ``Q♠``/``queen of spades`` in
English, ``D♠``/``Pik-Dame`` in German (ranks A K D B 10 ... 2).

>>> Texts("de").card_long(43), Texts("en").card(43), Texts("de").card(34)
('Pik-Dame', 'Q♠', '10♥')
>>> Texts("de")("follow_suit", suit=Texts("de").suit(0))
'Du musst Kreuz bedienen.'
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Final

from blackmaria.cards import (
    RANK_NAMES_DE,
    RANK_NAMES_EN,
    RANK_SHORT_DE,
    SUIT_NAMES_DE,
    SUIT_NAMES_EN,
    SUIT_SYMBOLS,
    Card,
    card_name,
    card_symbol,
    german_name,
    in_hand_order,
    make_card,
    parse_card,
)
from blackmaria.locale.messages import MESSAGES

if TYPE_CHECKING:
    from blackmaria.rules import Rules

LANGUAGES: Final = ("en", "de")


GERMAN_SUITS: Final = (("kr", 0), ("ka", 1), ("h", 2), ("p", 3))
"""Suit letters a German player types: Kreuz, Karo, Herz, Pik (two letters where K would be ambiguous)."""
GERMAN_RANKS: Final = {name.lower(): index for index, name in enumerate(RANK_SHORT_DE)}


@cache
def _chat_phrases() -> dict[str, str]:
    return {texts[lang]: key for key, texts in MESSAGES.items() if key.startswith("phrase_") for lang in texts}


def chat_phrase(text: str) -> str | None:
    """The quick chat phrase (``phrase_gl``...) whose text ``text`` is, in any language: each reader then sees it in
    their own ("Viel Glück!" read "Good luck!" on an English page). None for a line typed freely."""
    return _chat_phrases().get(text)


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


def typed_card(card: Card, german: bool = False) -> str:
    """``card`` as a player would type it: ``10c``, ``qs``; with ``german`` suit then rank, ``kr10``, ``pd`` (read back
    by ``read_card``; a play-test with two tens was asked for "10h, qs", neither of them its own).

    >>> [typed_card(c) for c in (parse_card("TC"), parse_card("QS"))], typed_card(parse_card("TC"), german=True)
    (['10c', 'qs'], 'kr10')
    """
    if german:
        letters = next(letters for letters, suit in GERMAN_SUITS if suit == card & 3)
        return letters + RANK_SHORT_DE[card >> 2].lower()
    name = card_name(card).lower()
    return "10" + name[1:] if name.startswith("t") else name


def level_named(word: str, levels: Sequence[str]) -> str:
    """The bot level ``word`` names, as the levels are shown in either language ("schwer", "Experte", "hard"), or
    ``word`` itself (a program's ``cmd:``, a level not known: the caller says so). A German player was shown "mittel"
    and refused "schwer" (a play-test)."""
    named = {
        MESSAGES[f"bot_level_{level}"][lang].lower(): level for level in levels for lang in LANGUAGES if f"bot_level_{level}" in MESSAGES
    }
    return named.get(word.strip().lower(), word.strip())


_RANK_WORDS: Final = {
    **{str(index + 2): index for index in range(9)},
    **{name: index for index, name in enumerate(RANK_NAMES_EN)},
    **{name.lower(): index for index, name in enumerate(RANK_NAMES_DE)},
    **{"koenig": 11, "as": 12},
}
_SUIT_WORDS: Final = {
    **{name: suit for suit, name in enumerate(SUIT_NAMES_EN)},
    **{name[:-1]: suit for suit, name in enumerate(SUIT_NAMES_EN)},
    **{name.lower(): suit for suit, name in enumerate(SUIT_NAMES_DE)},
}
_RANKS_RE = "|".join(sorted(map(re.escape, _RANK_WORDS), key=len, reverse=True))
_SUITS_RE = "|".join(sorted(map(re.escape, _SUIT_WORDS), key=len, reverse=True))
_CARD_IN_WORDS: Final = re.compile(
    rf"\b(?:({_RANKS_RE})(?:\s+of\s+|\s*-\s*|\s+)({_SUITS_RE})|({_SUITS_RE})(?:\s*-\s*|\s+)({_RANKS_RE}))\b", re.IGNORECASE
)


def cards_named_in_words(text: str) -> str:
    """``text`` with every card named in words written as its short name, so a player may type a card as the game
    names it: ``queen of spades``, ``Pik-Dame``, ``dame pik`` and ``herz 10`` are read as ``QS``, ``QS``, ``QS``, ``TH``
    (a play-test typed the help's own ``Pik-Dame`` and was told it was no card).

    >>> cards_named_in_words("gib Pik-Dame, herz 10 kreuz-könig")
    'gib QS, TH KC'
    >>> cards_named_in_words("play ace of spades"), cards_named_in_words("qs 10h")
    ('play AS', 'qs 10h')
    """

    def short(match: re.Match[str]) -> str:
        rank, suit = (match[1], match[2]) if match[1] else (match[4], match[3])
        return card_name(make_card(_RANK_WORDS[rank.lower()], _SUIT_WORDS[suit.lower()]))

    return _CARD_IN_WORDS.sub(short, text)


def rank_in_words(word: str) -> int | None:
    """The rank (0 for two, 12 for ace) a word names alone, as the game names ranks in either language (a play-test
    typed ``dame`` where ``d`` was read); None if it names none.

    >>> rank_in_words("Dame"), rank_in_words("queen"), rank_in_words("König"), rank_in_words("pik")
    (10, 10, 11, None)
    """
    return _RANK_WORDS.get(word.strip().lower())


def read_card(word: str, german: bool = True) -> Card | None:
    """A card as a player types it: the game's names (``QS``, ``Q♠``, ``10h``, ``D♠``), and with ``german`` German
    letters too (``pd``, ``h10``); None if ``word`` is none. The two never read one word as two different cards."""
    try:
        return parse_card(word)
    except ValueError:
        return parse_german_card(word) if german else None


def shown_difference(cost: float, other: float) -> float:
    """How much more ``other`` costs than ``cost`` as the two are shown, to one decimal: 1.86 and 1.94 both show 1.9,
    so neither is "0.1 more" than the other."""
    return float(f"{other:.1f}") - float(f"{cost:.1f}")


def detect_language(explicit: str | None = None) -> str:
    """``explicit`` if given, else German when the environment's locale is German, else English."""
    if explicit:
        if explicit not in LANGUAGES:
            raise ValueError(f"language {explicit!r} is not one of {', '.join(LANGUAGES)}")
        return explicit
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(variable, "")
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return "en"


@cache
def program_name() -> str:
    """The command that runs this program as the player can type it here, for the texts that say how to go on
    (``{program} play --resume``): ``blackmaria`` where that is on the PATH, else the path it was started by,
    ``.venv/bin/blackmaria`` after ``make play`` (a play-test typed ``blackmaria`` there and got "command not found")."""
    started = Path(sys.argv[0])
    if started.name != "blackmaria":  # a test, python -m, or a program of one's own: the installed name
        return "blackmaria"
    on_path = shutil.which("blackmaria")
    if on_path and Path(on_path).resolve() == started.resolve():
        return "blackmaria"
    try:
        return str(started.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(started.resolve())


class Texts:
    """The messages of one language."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = detect_language(lang)

    def __call__(self, key: str, **values: object) -> str:
        # {program}: how this program is typed here (``program_name``), for the texts that name a command
        return MESSAGES[key][self.lang].format(**({"program": program_name()} | values))

    def n(self, noun: str, count: int) -> str:
        """``count`` with ``noun`` (``points``, ``tricks``, ``cards``) in singular or plural."""
        return self(f"{noun}_one" if count in (1, -1) else f"{noun}_many", n=count)

    def suit(self, suit: int) -> str:
        return SUIT_NAMES_DE[suit] if self.lang == "de" else SUIT_NAMES_EN[suit]

    def decimal(self, value: float) -> str:
        """``value`` to one decimal, as this language writes it (German: a decimal comma)."""
        text = f"{value:.1f}"
        return text.replace(".", ",") if self.lang == "de" else text

    def card(self, card: Card) -> str:
        """Short display form, rank then suit symbol: ``Q♠``, ``10♥``; German ranks ``D♠``, ``B♥``."""
        if self.lang == "de":
            return RANK_SHORT_DE[card >> 2] + SUIT_SYMBOLS[card & 3]
        return card_symbol(card)

    def card_long(self, card: Card) -> str:
        """``queen of spades`` / ``Pik-Dame``."""
        if self.lang == "de":
            return german_name(card)
        return f"{RANK_NAMES_EN[card >> 2]} of {SUIT_NAMES_EN[card & 3]}"

    def cards(self, cards: Sequence[Card]) -> str:
        """Cards as a hand shows them (the terminal's and the browser's): spades, hearts, clubs, diamonds, high to
        low (a play-test saw the explanation's list of cards in another order than the hand above it)."""
        return " ".join(self.card(c) for c in in_hand_order(cards)) if cards else self("none")

    def named_points(self, names: Sequence[str], points: Sequence[int]) -> str:
        """``Anna: 10, Ben: 8``, never ``Spieler 1 0``: a name may end in a number."""
        return ", ".join(self("sk_named", name=name, points=value) for name, value in zip(names, points, strict=True))

    def bot_name(self, seat: int, level: str) -> str:
        """A server's computer player as its table names it: by seat number (from 1) and level."""
        return self("server_bot_name", n=seat + 1, level=self(f"bot_level_{level}"))

    def rules_title(self, preset: str | None, changed: bool = False) -> str:
        """The name of a rule set for players: the preset's name, or house rules."""
        if preset is None:
            return self("house_rules")
        title = self(f"preset_{preset}")
        return f"{title} ({self('house_rules')})" if changed else title

    def names_list(self, names: Sequence[str]) -> str:
        """``West, North and East`` (``und`` in German).

        >>> Texts("de").names_list(["West", "Nord", "Ost"]), Texts("en").names_list(["Anna"])
        ('West, Nord und Ost', 'Anna')
        """
        names = [self.mid_sentence(name) for name in names]
        if len(names) < 2:
            return "".join(names)
        return ", ".join(names[:-1]) + self("list_and") + names[-1]

    def mid_sentence(self, name: str) -> str:
        """A seat's name inside a sentence: the player's own "You" is "you" there (a play-test read "Fewest points:
        Anna and You.").

        >>> Texts("en").names_list(["Anna", Texts("en")("you")]), Texts("de").mid_sentence("Du")
        ('Anna and you', 'du')
        """
        return self("you_mid") if name == self("you") else name

    def game_over(self, names: Sequence[str], you_alone: bool = False) -> str:
        """The game's end and its winner, or its winners ("Winner: West, North" read wrong); "You won." to the one
        who won alone (a play-test read "Gewonnen hat: Du")."""
        if you_alone:
            return self("game_over_you")
        return self("game_over" if len(names) == 1 else "game_over_many", names=self.names_list(names))

    def game_title(self, rules: Rules) -> str:
        """A game's name for its players: the rule set's name, "(house rules)" where an option of play differs from
        the preset, and the game's length where only that does ("Hearts, 1 deal": a play-test that only shortened
        its game with ``--deals 1`` read "house rules")."""
        changed = set(rules.changes_from_preset())
        length = changed & {"deal_count", "target_score"}
        title = self.rules_title(rules.preset, bool(changed - length))
        if not length or rules.preset is None:
            return title
        ends = []
        if rules.target_score is not None:
            ends.append(self("title_target", target=rules.target_score))
        if rules.deal_count is not None:
            ends.append(self.n("title_deals", rules.deal_count))
        return self("title_with_length", title=title, length=self("r_end_or").join(ends))

    def direction(self, direction: str) -> str:
        return self(f"direction_{direction}")
