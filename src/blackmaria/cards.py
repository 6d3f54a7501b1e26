"""Cards as small ints, their text forms (English and German), and ``CardSet``.

A card is ``rank * 4 + suit`` with ranks 2..A as 0..12 and suits C D H S as
0..3, the encoding OpenSpiel's ``hearts`` uses: ``2C`` is 0, ``QS`` is 43,
``AS`` is 51. Within a suit a higher int is a higher card, so the winner of a
trick is the largest card of the led suit.

>>> parse_card("10h"), card_name(parse_card("Q♠"))
(34, 'QS')
>>> CardSet.parse("AS 2C th")
CardSet('2C TH AS')
>>> german_name(parse_card("QS"))
'Pik-Dame'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

Card = int

CLUBS: Final = 0
DIAMONDS: Final = 1
HEARTS: Final = 2
SPADES: Final = 3
SUITS: Final = (CLUBS, DIAMONDS, HEARTS, SPADES)

NUM_CARDS: Final = 52
FULL_DECK_MASK: Final = (1 << NUM_CARDS) - 1

RANK_CHARS: Final = "23456789TJQKA"
SUIT_CHARS: Final = "CDHS"
SUIT_SYMBOLS: Final = "♣♦♥♠"
HAND_ORDER: Final = (SPADES, HEARTS, CLUBS, DIAMONDS)
"""The order the front ends show a player's hand in: the colours alternate (the page and the terminal alike)."""


def in_hand_order(cards: Iterable[int]) -> list[int]:
    """``cards`` as a hand shows them: by suit in ``HAND_ORDER``, each suit high to low."""
    return sorted(cards, key=lambda card: (HAND_ORDER.index(card & 3), -(card >> 2)))


# German ranks on input: Dame (queen), Bube (jack); K and A are the same in both languages.
_RANK_ALIASES = {"10": "T", "D": "Q", "B": "J"}
_SUIT_INPUT = {"C": 0, "D": 1, "H": 2, "S": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3, "♧": 0, "♢": 1, "♡": 2, "♤": 3}

SUIT_NAMES_EN: Final = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES_EN: Final = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
SUIT_NAMES_DE: Final = ("Kreuz", "Karo", "Herz", "Pik")
RANK_NAMES_DE: Final = ("Zwei", "Drei", "Vier", "Fünf", "Sechs", "Sieben", "Acht", "Neun", "Zehn", "Bube", "Dame", "König", "Ass")
RANK_SHORT_EN: Final = tuple("10" if rank == "T" else rank for rank in RANK_CHARS)
"""The ranks as cards show them (``10``, not ``T``), two to ace."""
RANK_SHORT_DE: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "B", "D", "K", "A")
"""German rank letters for display (Bube, Dame, König, Ass); ``locale.Texts`` uses them."""


def make_card(rank: int, suit: int) -> Card:
    """The card of ``rank`` (0 for a two ... 12 for an ace) and ``suit`` (0..3)."""
    if not (0 <= rank < 13 and 0 <= suit < 4):
        raise ValueError(f"no card has rank index {rank} and suit index {suit}")
    return rank * 4 + suit


def rank_of(card: Card) -> int:
    return card >> 2


def suit_of(card: Card) -> int:
    return card & 3


def card_name(card: Card) -> str:
    """Canonical ASCII text: rank then suit, ``T`` for ten (``QS``, ``TH``)."""
    if not 0 <= card < NUM_CARDS:
        raise ValueError(f"{card!r} is not a card number (0..51)")
    return RANK_CHARS[card >> 2] + SUIT_CHARS[card & 3]


CARD_NAMES: Final = tuple(card_name(card) for card in range(NUM_CARDS))
"""``card_name`` of every card, by number: the observation's JSON names many cards per message."""


def card_symbol(card: Card) -> str:
    """Display text with a suit symbol and ``10`` for ten: ``Q♠``, ``10♥``."""
    return RANK_SHORT_EN[card >> 2] + SUIT_SYMBOLS[card & 3]


def english_name(card: Card) -> str:
    """``queen of spades``."""
    return f"{RANK_NAMES_EN[card >> 2]} of {SUIT_NAMES_EN[card & 3]}"


def german_name(card: Card) -> str:
    """``Pik-Dame``, ``Herz-Zehn``."""
    return f"{SUIT_NAMES_DE[card & 3]}-{RANK_NAMES_DE[card >> 2]}"


def parse_card(text: str) -> Card:
    """Parse ``QS``, ``qs``, ``10h``, ``Th``, ``Q♠``, German ``D♠`` (Dame) and ``B♥`` (Bube); raise ``ValueError`` naming the text."""
    cleaned = text.strip().upper()
    if len(cleaned) < 2:
        raise ValueError(f"{text!r} is not a card: expected a rank and a suit, like QS or 10H")
    rank_text, suit_text = cleaned[:-1], cleaned[-1]
    if suit_text not in _SUIT_INPUT:
        raise ValueError(f"{text!r} is not a card: {suit_text!r} is not a suit (use C, D, H, S or ♣ ♦ ♥ ♠)")
    rank_text = _RANK_ALIASES.get(rank_text, rank_text)
    if len(rank_text) != 1 or rank_text not in RANK_CHARS:
        raise ValueError(f"{text!r} is not a card: {rank_text!r} is not a rank (use 2-9, T or 10, J, Q, K, A)")
    return RANK_CHARS.index(rank_text) * 4 + _SUIT_INPUT[suit_text]


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse space- or comma-separated card text, or an iterable of card texts."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(item) for item in items]


def suit_mask(suit: int) -> int:
    """The 52-bit mask of every card of ``suit``."""
    return sum(1 << (rank * 4 + suit) for rank in range(13))


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


_BYTE_CARDS: Final = tuple(tuple(tuple(k * 8 + i for i in range(8) if byte >> i & 1) for byte in range(256)) for k in range(8))
"""The cards of each byte of a mask, by the byte's place: a dense mask is read a byte at a time."""


def cards_of(mask: int) -> list[Card]:
    """The cards of ``mask`` in ascending order (2C first, AS last)."""
    cards: list[Card] = []
    if mask.bit_count() <= 4:  # few cards: one step per card beats one per byte
        while mask:
            low = mask & -mask
            cards.append(low.bit_length() - 1)
            mask ^= low
        return cards
    place = 0
    while mask:
        byte = mask & 255
        if byte:
            cards += _BYTE_CARDS[place][byte]
        mask >>= 8
        place += 1
    return cards


class CardSet:
    """An immutable set of cards over a 52-bit mask, made from cards, a mask or card text.

    Iterates in card order; ``str`` groups by suit, high to low, the way a
    player fans a hand.

    >>> hand = CardSet.parse("2C KH QS 5H")
    >>> len(hand), parse_card("QS") in hand
    (4, True)
    >>> str(hand)
    '♠ Q  ♥ K 5  ♣ 2'
    >>> hand - CardSet.parse("QS")
    CardSet('2C 5H KH')
    """

    __slots__ = ("mask",)
    mask: int

    def __init__(self, cards: Iterable[Card | str] | int | str = 0) -> None:
        if isinstance(cards, str):
            cards = parse_cards(cards)
        if isinstance(cards, int):
            if cards < 0 or cards > FULL_DECK_MASK:
                raise ValueError(f"{cards:#x} is not a 52-bit card mask")
            object.__setattr__(self, "mask", cards)
        else:
            mask = 0
            for card in cards:
                if isinstance(card, str):  # ["QS", "2C"] as well as "QS 2C" (a researcher's list of names)
                    card = parse_card(card)
                if not 0 <= card < NUM_CARDS:
                    raise ValueError(f"{card!r} is not a card number (0..51)")
                mask |= 1 << card
            object.__setattr__(self, "mask", mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __reduce__(self) -> tuple[type[CardSet], tuple[int]]:
        # copy, deepcopy and pickle rebuild from the mask (the immutable __setattr__ refuses the default way).
        return (CardSet, (self.mask,))

    @classmethod
    def parse(cls, text: str | Iterable[str]) -> CardSet:
        return cls(parse_cards(text))

    @classmethod
    def full_deck(cls) -> CardSet:
        return cls(FULL_DECK_MASK)

    @classmethod
    def of_suit(cls, suit: int) -> CardSet:
        return cls(suit_mask(suit))

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < NUM_CARDS and bool(self.mask >> card & 1)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask ^ other.mask)

    def issubset(self, other: CardSet) -> bool:
        return self.mask & ~other.mask == 0

    def suit(self, suit: int) -> CardSet:
        return CardSet(self.mask & suit_mask(suit))

    def names(self) -> list[str]:
        return [CARD_NAMES[card] for card in cards_of(self.mask)]

    def text(self) -> str:
        """Canonical text, ascending: ``2C TH AS``; ``CardSet.parse`` reads it back."""
        return " ".join(self.names())

    def __repr__(self) -> str:
        return f"CardSet({self.text()!r})"

    def __str__(self) -> str:
        groups = []
        for suit in (SPADES, HEARTS, DIAMONDS, CLUBS):
            ranks = [rank_of(c) for c in reversed(cards_of(self.mask & suit_mask(suit)))]
            if ranks:
                shown = " ".join(RANK_SHORT_EN[r] for r in ranks)
                groups.append(f"{SUIT_SYMBOLS[suit]} {shown}")
        return "  ".join(groups) if groups else "(no cards)"
