"""The WebSocket protocol, version 1: parsing and validating what a client sends.

Every client message is a JSON object with a ``type``. ``parse_message`` turns
the raw text into one of the message classes below or raises
``ProtocolError`` with a code and a sentence; it never raises anything else,
whatever the input (a property the fuzz test checks). The server answers a
``ProtocolError`` with an ``error`` message to that client only. See
``docs/server.md`` for the whole protocol.
"""

from __future__ import annotations

import json
import re
import time
import unicodedata
from dataclasses import dataclass
from typing import Any, Final

from blackmaria.cards import Card, parse_card
from blackmaria.locale import LANGUAGES

PROTOCOL_VERSION: Final = 1
MAX_MESSAGE_BYTES: Final = 4096
"""Larger messages are answered with ``too-large`` (the transport closes the connection above 64 KiB)."""
TRANSPORT_MAX_BYTES: Final = 65536
MAX_NAME_CHARS: Final = 24
MAX_CHAT_CHARS: Final = 300
MAX_TOKEN_CHARS: Final = 128
MAX_ID_CHARS: Final = 40
RATE_PER_SECOND: Final = 10.0
RATE_BURST: Final = 20.0

_CARD_TEXT: Final = re.compile(r"(?i)(10|[2-9tjqka])[cdhs\u2663\u2666\u2665\u2660]")
# Characters a name or a chat line may not hold: controls, and the Unicode bidirectional overrides that reorder text.
_BIDI: Final = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")

ERROR_CODES: Final = {
    "bad-json": "the message is not valid JSON text",
    "bad-message": "the message is not an object of the documented shape",
    "unknown-type": "the message type is not part of the protocol",
    "too-large": f"the message is larger than {MAX_MESSAGE_BYTES} bytes",
    "rate-limit": f"more than {RATE_PER_SECOND:g} messages a second",
    "protocol-version": f"the server speaks protocol {PROTOCOL_VERSION}",
    "hello-first": "the first message must be hello, and only the first",
    "bad-token": "the token does not hold a seat at this table",
    "no-table": "there is no table with this code",
    "elsewhere": "another server process serves this table",
    "spectator": "spectators may watch, and chat under a name, nothing else",
    "not-started": "the game has not started",
    "in-play": "during a game a seat may only be given to a computer player (seats are freed between games)",
    "player-here": "during a game only the seat of a player who has left may be given to a computer player",
    "host-only": "before a game only the table's host (hello with its host token) may remove another player",
    "host-here": "before the first game, while the host is at the table, only the host changes the computer players' seats",
    "paused": "the host paused the game: nobody plays until it is resumed",
    "no-decision": "the seat has nothing to decide now (a hint is for the seat to act)",
    "no-deal": "no such finished deal in the current game to count",
    "illegal": "the game refuses the action (the rule is named)",
    "bad-card": "a card is not written as a card",
    "bad-text": "a name or chat line is empty, too long, or holds control characters",
    "unavailable": "this server lacks an optional part the request needs (explanations need the compiled kernel)",
    "server-error": "the server failed to handle the message (it is logged); the table goes on",
}


class ProtocolError(ValueError):
    """A message the server refuses; ``code`` is one of ``ERROR_CODES``."""

    def __init__(self, code: str, message: str, *, ref: str | int | None = None, rule: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.ref = ref
        self.rule = rule

    def to_message(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "error", "code": self.code, "message": str(self)}
        if self.rule is not None:
            data["rule"] = self.rule
        if self.ref is not None:
            data["ref"] = self.ref
        return data


@dataclass(frozen=True)
class Hello:
    protocol: int
    token: str | None
    ref: str | int | None = None
    host: str | None = None
    """The table's host token, from whoever created the table: their connection may remove a player before a game."""


@dataclass(frozen=True)
class PassCards:
    cards: tuple[Card, ...]
    ref: str | int | None = None


@dataclass(frozen=True)
class PlayCard:
    card: Card
    ref: str | int | None = None


@dataclass(frozen=True)
class Chat:
    text: str
    ref: str | int | None = None
    name: str | None = None
    """A spectator's name for the line (a seat's lines carry its seat's name, and this is not used)."""


@dataclass(frozen=True)
class Ping:
    ref: str | int | None = None


@dataclass(frozen=True)
class AskHint:
    """A seat asks for the computer player's suggestion, with its reason in ``lang``."""

    lang: str = "en"
    ref: str | int | None = None


@dataclass(frozen=True)
class AskExplanation:
    """A seat asks for the guided deal's explanation of its decision (table and turn, legal cards, likely costs, tips)."""

    lang: str = "en"
    ref: str | int | None = None


@dataclass(frozen=True)
class ComparePass:
    """After its pass, a seat asks what the pass it made costs beside the advice of the explanation it was given for that
    pass: both played out on the same simulated deals, from its view at the pass (a guided deal's feedback)."""

    cards: tuple[Card, ...]
    ref: str | int | None = None


@dataclass(frozen=True)
class AskCount:
    """Count a finished deal of the current game in public, card by card (the last finished one if ``deal`` is None)."""

    deal: int | None = None
    lang: str = "en"
    ref: str | int | None = None


@dataclass(frozen=True)
class ChangeSeat:
    """A seat holder changes another seat: ``to`` "empty" frees it, "bot" gives it to a computer player, "link" makes
    a new link for a player's seat.

    Before a game any seat holder may free a computer player's seat or give an empty one to a computer player; only
    the host (whose hello sent the host token) may remove another player. During a game only the seat of a player
    who has left (no connection to the table) may be given to a computer player, by any seat holder. A new link is
    the host's to make, at any time, for a player who is not at the table (who lost theirs): the old one seats
    nobody from then on, and the whole table is told.
    """

    seat: int
    to: str
    level: str = "medium"
    ref: str | int | None = None


@dataclass(frozen=True)
class TakeBack:
    """The seat takes back its last card of the deal, with the computer players' cards after it: at a table of one
    player against computer players, under rules that allow it (``Rules.undo``)."""

    ref: str | int | None = None


@dataclass(frozen=True)
class Claim:
    """The seat claims the rest of the deal: played out at once where every way of playing it scores the same, as the
    seat can know it; at a table of one player against computer players, as the terminal's game allows."""

    ref: str | int | None = None


@dataclass(frozen=True)
class LeaveTable:
    """The seat's player leaves on purpose (the terminal's Ctrl+Q): once its last connection closes, a computer player
    plays the seat at once, not after the grace a lost connection gets, and the others are told that the player left.
    The seat stays the player's: its link seats them again."""

    ref: str | int | None = None


ClientMessage = (
    Hello
    | PassCards
    | PlayCard
    | Chat
    | Ping
    | AskHint
    | AskExplanation
    | ComparePass
    | AskCount
    | ChangeSeat
    | TakeBack
    | Claim
    | LeaveTable
)


def clean_text(value: object, what: str, limit: int) -> str:
    """A name or chat line: a string, NFC-normalized, stripped, 1..``limit`` characters, no controls or bidi overrides."""
    if not isinstance(value, str):
        raise ProtocolError("bad-text", f"{what} must be a string")
    text = unicodedata.normalize("NFC", value).strip()
    if not text:
        raise ProtocolError("bad-text", f"{what} is empty")
    if len(text) > limit:
        raise ProtocolError("bad-text", f"{what} is {len(text)} characters long; at most {limit} are allowed")
    for char in text:
        if char in _BIDI or unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn"):
            raise ProtocolError("bad-text", f"{what} holds a control or invisible character (U+{ord(char):04X})")
    return text


def json_type(value: object) -> str:
    """The JSON name of a parsed value's type, for errors (never a Python type name)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return "a string"


def _card(value: object, ref: str | int | None, what: str = "card") -> Card:
    if value is None:
        raise ProtocolError("bad-card", f"{what} is missing: write a card such as 7H (2C ... TH ... AS)", ref=ref)
    if not isinstance(value, str):
        raise ProtocolError("bad-card", f"{what} must be a card written as a string such as 7H, not {json_type(value)}", ref=ref)
    if not _CARD_TEXT.fullmatch(value):
        shown = repr(value) if len(value) <= 8 else "this text"
        raise ProtocolError("bad-card", f"{what}: {shown} is not a card (write 2C ... TH ... AS)", ref=ref)
    try:
        return parse_card(value)
    except ValueError as error:  # pragma: no cover - the pattern admits only card text
        raise ProtocolError("bad-card", str(error), ref=ref) from error


def _valid_ref(ref: object) -> bool:
    return (isinstance(ref, int) and not isinstance(ref, bool) and abs(ref) < 2**53) or (isinstance(ref, str) and len(ref) <= MAX_ID_CHARS)


def message_ref(raw: str | bytes) -> str | int | None:
    """The ``ref`` of a message, if it has a valid one, without checking anything else (for a refusal before parsing).

    >>> message_ref('{"type": "play", "card": "7H", "ref": 12}'), message_ref("[1, 2]"), message_ref('{"ref": true}')
    (12, None, None)
    """
    size = len(raw.encode("utf-8", "surrogatepass")) if isinstance(raw, str) else len(raw)
    if size > MAX_MESSAGE_BYTES:
        return None
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    ref = data.get("ref") if isinstance(data, dict) else None
    return ref if _valid_ref(ref) else None


def parse_message(raw: str | bytes) -> ClientMessage:
    """Parse and validate one client message; raise ``ProtocolError`` for anything else."""
    size = len(raw.encode("utf-8", "surrogatepass")) if isinstance(raw, str) else len(raw)
    if size > MAX_MESSAGE_BYTES:
        raise ProtocolError("too-large", f"the message is {size} bytes; at most {MAX_MESSAGE_BYTES} are allowed")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as error:
        raise ProtocolError("bad-json", f"the message is not valid JSON: {str(error)[:80]}") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad-message", "a message must be a JSON object")
    ref = data.get("ref")
    if ref is not None and not _valid_ref(ref):
        raise ProtocolError("bad-message", f"ref must be an integer or a string of at most {MAX_ID_CHARS} characters")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("bad-message", f"a message must have a string type, not {json_type(kind)}", ref=ref)
    allowed = {
        "hello": {"protocol", "token", "host"},
        "pass": {"cards"},
        "play": {"card"},
        "chat": {"text", "name"},
        "ping": set(),
        "hint": {"lang"},
        "explain": {"lang"},
        "compare-pass": {"cards"},
        "count": {"deal", "lang"},
        "seat": {"seat", "to", "level"},
        "undo": set(),
        "claim": set(),
        "leave": set(),
    }
    if kind not in allowed:
        raise ProtocolError("unknown-type", f"{kind[:24]!r} is not a message type ({', '.join(allowed)})", ref=ref)
    extra = set(data) - allowed[kind] - {"type", "ref"}
    if extra:
        raise ProtocolError("bad-message", f"{kind} has unknown fields: {', '.join(sorted(str(k)[:24] for k in extra))}", ref=ref)
    if kind == "hello":
        protocol = data.get("protocol")
        if protocol != PROTOCOL_VERSION or isinstance(protocol, bool):
            raise ProtocolError("protocol-version", f"protocol {protocol!r} is not spoken here; use {PROTOCOL_VERSION}", ref=ref)
        token = data.get("token")
        host = data.get("host")
        for value, refusal in (
            (token, "token must be a non-empty string or absent (to watch)"),
            (host, "host must be the table's host token (a non-empty string) or absent"),
        ):
            if value is not None and not (isinstance(value, str) and 0 < len(value) <= MAX_TOKEN_CHARS):
                raise ProtocolError("bad-message", refusal, ref=ref)
        return Hello(PROTOCOL_VERSION, token, ref, host)
    if kind in ("pass", "compare-pass"):
        cards = data.get("cards")
        if not isinstance(cards, list) or not 1 <= len(cards) <= 13:
            raise ProtocolError("bad-message", f"{kind} needs cards: a list of 1 to 13 cards", ref=ref)
        named = tuple(_card(c, ref, f"cards[{i}]") for i, c in enumerate(cards))
        return PassCards(named, ref) if kind == "pass" else ComparePass(named, ref)
    if kind == "play":
        return PlayCard(_card(data.get("card"), ref), ref)
    if kind == "chat":
        try:
            name = data.get("name")
            return Chat(
                clean_text(data.get("text"), "chat", MAX_CHAT_CHARS),
                ref,
                None if name is None else clean_text(name, "name", MAX_NAME_CHARS),
            )
        except ProtocolError as error:
            error.ref = ref
            raise
    if kind == "seat":
        seat, to, level = data.get("seat"), data.get("to"), data.get("level", "medium")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 7:
            raise ProtocolError("bad-message", "seat needs seat: a seat number from 0 to 6", ref=ref)
        if to not in ("empty", "bot", "link"):
            raise ProtocolError(
                "bad-message", 'seat needs to: "empty" (free the seat), "bot" (a computer player) or "link" (a new link)', ref=ref
            )
        if not isinstance(level, str) or not 0 < len(level) <= 40:
            raise ProtocolError("bad-message", "level must be the name of a computer player's level", ref=ref)
        return ChangeSeat(seat, to, level, ref)
    if kind == "count":
        lang = data.get("lang", "en")
        deal = data.get("deal")
        if lang not in LANGUAGES:
            raise ProtocolError("bad-message", f"lang must be one of {', '.join(LANGUAGES)}", ref=ref)
        if deal is not None and (not isinstance(deal, int) or isinstance(deal, bool) or not 0 <= deal < 10_000):
            raise ProtocolError("bad-message", "deal must be a deal number (0 is the first) or absent (the last finished)", ref=ref)
        return AskCount(deal, lang, ref)
    if kind in ("hint", "explain"):
        lang = data.get("lang", "en")
        if lang not in LANGUAGES:
            raise ProtocolError("bad-message", f"lang must be one of {', '.join(LANGUAGES)}", ref=ref)
        return AskHint(lang, ref) if kind == "hint" else AskExplanation(lang, ref)
    if kind == "undo":
        return TakeBack(ref)
    if kind == "claim":
        return Claim(ref)
    if kind == "leave":
        return LeaveTable(ref)
    return Ping(ref)


class RateLimit:
    """A token bucket: ``burst`` messages at once, refilled at ``rate`` a second."""

    def __init__(self, rate: float = RATE_PER_SECOND, burst: float = RATE_BURST, clock: Any = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self._clock = clock
        self._last: float = clock()

    def allow(self) -> bool:
        now = self._clock()
        self.tokens = min(self.burst, self.tokens + (now - self._last) * self.rate)
        self._last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
