"""The verifiable shuffle: decks from the operating system's generator, a SHA-256 commitment, and its check.

When a deal starts the server publishes ``sha256`` of the commitment string
(``commitment_text``) built from the deck order and a fresh secret salt; when
the deal ends it reveals the deck and the salt. Anyone can then check that the
deck is the one committed to and that the hands are that deck dealt by the
rules (``verify_record``), so the server could not have chosen the cards after
seeing a pass or a play.

>>> deck = ["AS", "2C"]
>>> commitment_text(deck, "00" * 32)
'blackmaria-shuffle/1\\n0000000000000000000000000000000000000000000000000000000000000000\\nAS 2C\\n'
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from blackmaria.cards import Card, card_name, cards_of, parse_card
from blackmaria.rules import Rules

PREFIX: Final = "blackmaria-shuffle/1"
SALT_BYTES: Final = 32
_SALT_RE: Final = re.compile(r"[0-9a-f]{64}")
_CARD_RE: Final = re.compile(r"[2-9TJQKA][CDHS]")


def new_deck(rules: Rules) -> list[Card]:
    """The cards in play under ``rules`` in an order drawn from ``secrets`` (the OS's cryptographic generator)."""
    cards = cards_of(rules.in_play_mask)
    secrets.SystemRandom().shuffle(cards)
    return cards


def new_salt() -> str:
    """A fresh secret salt: 32 random bytes as 64 lowercase hex digits."""
    return secrets.token_hex(SALT_BYTES)


def commitment_text(deck: Sequence[str], salt: str) -> str:
    """The exact string whose UTF-8 (here plain ASCII) bytes are hashed.

    ``"blackmaria-shuffle/1\\n" + salt + "\\n" + " ".join(deck) + "\\n"``, with the
    salt as 64 lowercase hex digits and each card in canonical text (``2C`` ...
    ``TH`` ... ``AS``), top of the deck first.
    """
    return f"{PREFIX}\n{salt}\n{' '.join(deck)}\n"


def commitment(deck: Sequence[Card], salt: str) -> str:
    """SHA-256 of ``commitment_text`` as 64 lowercase hex digits."""
    text = commitment_text([card_name(c) for c in deck], salt)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def deal_deck(rules: Rules, deck: Sequence[Card], dealer: int) -> tuple[list[list[Card]], list[Card], list[Card]]:
    """Hands, kitty and stock (top first) from ``deck`` as the rules deal it.

    One card at a time clockwise, starting with the player left of the dealer;
    the leftover cards form the kitty, or with two players the stock. Written
    here on its own, not through the engine, so that ``verify`` checks the
    engine's deal rather than repeating it.
    """
    n = rules.players
    hands: list[list[Card]] = [[] for _ in range(n)]
    dealt = n * rules.hand_size
    for i in range(dealt):
        hands[(dealer + 1 + i) % n].append(deck[i])
    rest = list(deck[dealt:])
    kitty = rest[: rules.kitty_size]
    stock = rest[rules.kitty_size : rules.kitty_size + rules.stock_size]
    return hands, kitty, stock


def deck_dealing(rules: Rules, hands: Sequence[Sequence[Card]], kitty: Sequence[Card], stock: Sequence[Card], dealer: int) -> list[Card]:
    """The deck that ``deal_deck`` deals as ``hands``, ``kitty`` and ``stock`` (top first) from ``dealer``: a deal
    chosen to teach is committed and revealed as any shuffle is.

    >>> from blackmaria.rules import preset
    >>> rules = preset("black-maria")
    >>> hands, kitty, stock = deal_deck(rules, new_deck(rules), 1)
    >>> deal_deck(rules, deck_dealing(rules, hands, kitty, stock, 2), 2) == (hands, kitty, stock)
    True
    """
    n = rules.players
    left = [list(hand) for hand in hands]
    deck = [left[(dealer + 1 + i) % n].pop(0) for i in range(n * rules.hand_size)]
    return deck + list(kitty) + list(stock)


@dataclass(frozen=True)
class DealCheck:
    """The outcome of checking one deal of a record."""

    deal: int
    ok: bool
    message: str
    committed: bool = True
    """Whether the deal holds a shuffle commitment at all (a record kept by a local game has none)."""


def _card_list(value: Any) -> list[Card] | None:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        return None
    try:
        return [parse_card(c) for c in value]
    except ValueError:
        return None


NO_SHUFFLE_WHY: Final = "only a record kept by a blackmaria server (GET /api/tables/CODE/record) can be verified; blackmaria replay checks the plays of any record"


def check_deal(rules: Rules, index: int, deal: Mapping[str, Any]) -> DealCheck:
    """Check one deal's ``shuffle`` key: the commitment, the deck, and the hands dealt from it."""

    def fail(message: str) -> DealCheck:
        return DealCheck(index, False, f"deal {index + 1}: {message}")

    shuffle = deal.get("shuffle")
    if not isinstance(shuffle, Mapping):
        message = f"deal {index + 1}: no shuffle commitment (the deal is unfinished or the record did not come from a blackmaria server)"
        return DealCheck(index, False, message, committed=False)
    digest, salt, deck_text = shuffle.get("sha256"), shuffle.get("salt"), shuffle.get("deck")
    if not isinstance(digest, str) or not isinstance(salt, str) or not _SALT_RE.fullmatch(salt):
        return fail("shuffle must hold sha256 and a salt of 64 lowercase hex digits")
    if not isinstance(deck_text, list) or not all(isinstance(c, str) and _CARD_RE.fullmatch(c) for c in deck_text):
        return fail("shuffle.deck must list cards in canonical text (2C ... TH ... AS)")
    deck = [parse_card(c) for c in deck_text]
    expected = hashlib.sha256(commitment_text(deck_text, salt).encode("ascii")).hexdigest()
    if not hmac.compare_digest(expected, digest):
        return fail(f"the deck and salt hash to {expected}, not to the committed {digest}")
    if len(set(deck)) != len(deck) or sorted(deck) != cards_of(rules.in_play_mask):
        return fail("the deck is not exactly the cards in play under the record's rules, each once")
    dealer = deal.get("dealer")
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < rules.players:
        return fail(f"dealer {dealer!r} is not a seat")
    hands, kitty, stock = deal_deck(rules, deck, dealer)
    recorded_hands = deal.get("hands")
    if not isinstance(recorded_hands, list) or len(recorded_hands) != rules.players:
        return fail("hands must list one hand per seat")
    for seat, (hand, recorded) in enumerate(zip(hands, recorded_hands, strict=True)):
        cards = _card_list(recorded)
        if cards is None or sorted(cards) != sorted(hand):
            return fail(f"the hand of seat {seat} is not the deck dealt from the dealer's left")
    recorded_kitty = _card_list(deal.get("kitty", []))
    if recorded_kitty is None or sorted(recorded_kitty) != sorted(kitty):
        return fail("the kitty is not the cards left after the hands")
    if _card_list(deal.get("stock", [])) != stock:
        return fail("the stock is not the rest of the deck in order")
    return DealCheck(index, True, f"deal {index + 1}: ok, sha256 {digest}")


def verify_record(record: Any) -> list[DealCheck]:
    """Check a ``blackmaria/1`` record: it replays under its rules, and every deal matches its shuffle commitment.

    Raises ``blackmaria.record.RecordError`` when the record itself is malformed
    or breaks a rule; returns one ``DealCheck`` per deal otherwise.
    """
    from blackmaria.record import game_from_record

    game = game_from_record(record)
    data = record
    if isinstance(record, str | bytes):
        import json

        data = json.loads(record)
    assert isinstance(data, Mapping)
    deals = data.get("deals", [])
    assert isinstance(deals, list)
    return [check_deal(game.rules, index, deal) for index, deal in enumerate(deals)]
