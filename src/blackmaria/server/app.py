"""The ASGI app: the lobby over HTTP (OpenAPI at ``/openapi.json``, pages at ``/docs``) and play over WebSocket.

``create_app(db_url)`` builds the app over a ``Store``; on start it rebuilds
every table with a game in play. Every route is scoped by a table's invite
code; a token is checked only against that table's seats.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import json
import logging
import re
from collections.abc import AsyncIterator, Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any, Final

from fastapi import FastAPI, Header, HTTPException, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from blackmaria import __version__
from blackmaria.bots.base import LEVELS
from blackmaria.cards import NUM_CARDS, SUIT_CHARS, card_name
from blackmaria.locale import LANGUAGES, Texts
from blackmaria.locale.advice import prepare_hints
from blackmaria.locale.messages import MESSAGES
from blackmaria.rules import DEFAULT_PRESET, PRESETS, Rules, RulesError, find_preset, preset
from blackmaria.server.protocol import MAX_NAME_CHARS, PROTOCOL_VERSION, ProtocolError, RateLimit
from blackmaria.server.store import Store
from blackmaria.server.tables import BotPrograms, Client, Hub, LobbyError, ServedElsewhere, TableRuntime, handle_raw

WEB_DIR: Final = Path(__file__).resolve().parent.parent / "web" / "static"
"""The browser client: plain HTML, CSS and JavaScript files, served as they are (no build step)."""
MAX_BODY_BYTES: Final = 16384
HELLO_TIMEOUT_S: Final = 30.0
WRITER_GRACE_S: Final = 5.0
"""How long a closing connection's writer may take to send what is queued and the close frame."""
logger = logging.getLogger("blackmaria.server")


# ---- the lobby's shapes (these are the OpenAPI schemas) --------------------------------------------
# A request body may hold only the fields below (another is refused, named); numbers are JSON numbers, never strings or booleans.
_STRICT: Final = ConfigDict(extra="forbid", strict=True)


class CreateTable(BaseModel):
    model_config = _STRICT
    rules: str | dict[str, Any] = Field("black-maria", description="A preset name, or house rules: {preset: NAME, ...options}.")
    players: int | None = Field(None, description="Seat count, if not the rule set's own; within the preset's range (GET /api/presets).")
    turn_seconds: float | None = Field(
        None,
        allow_inf_nan=False,
        ge=1,
        le=3600,
        description="A turn timer: a player who has not acted in this time, or who leaves, is played by a bot until they return.",
    )
    teach: bool = Field(
        False,
        description="A guided deal: the first deal is the one `blackmaria learn` chooses to teach under these rules (its deck "
        "committed and revealed as any other).",
    )


class PauseTable(BaseModel):
    model_config = _STRICT
    paused: bool = Field(description="true pauses the game in play (nobody plays, the turn timer stands), false resumes it.")


class RulesQuery(BaseModel):
    model_config = _STRICT
    rules: str | dict[str, Any] = Field("black-maria", description="A preset name, or house rules: {preset: NAME, ...options}.")
    players: int | None = Field(None, description="Seat count, if not the rule set's own.")
    lang: str = Field("en", description="The language of the rules in words (en or de).")


class RulesFacts(BaseModel):
    rules: dict[str, Any] = Field(description="The rule set in full (canonical option names).")
    facts: dict[str, Any] = Field(description="What follows from it: values, in_play, removed, deal_total, moon_cards, schedule, ...")
    describe: list[str] = Field(description="The rules in words, in the asked language (for this seat count).")


class SeatInfo(BaseModel):
    seat: int
    kind: str = Field(description="empty, human or bot")
    name: str | None
    level: str | None = Field(description="The bot level of a bot seat.")
    connected: bool = Field(description="Whether a connection holds this seat now.")
    away: bool = Field(description="Whether a bot stands in for this human seat (turn timer ran out, or the player left).")
    again: bool = Field(description="Whether this seat's player has asked for another game since the last one ended.")
    grace_left: float | None = Field(
        None, description="Seconds before a bot stands in for this human seat, whose player's connection is gone (null: none pending)."
    )


class TableInfo(BaseModel):
    code: str = Field(description="The invite code: whoever has it can see the table, take an empty seat and watch.")
    rules: dict[str, Any]
    players: int
    status: str = Field(description="open (seating), playing, or over (a game ended; start plays the next)")
    game: int = Field(description="The number of the current or last game at this table, 0 before the first.")
    seq: int = Field(description="Actions taken in the current game.")
    phase: str | None
    deal: int | None
    totals: list[int] | None
    spectators: int = Field(description="Connections watching without a seat.")
    host_here: bool = Field(
        False,
        description="The host is at the table (a connection with the host token): before the first game the computer players' seats and the start are theirs.",
    )
    host_seat: int | None = Field(None, description="The seat of the host's connection, when it holds one.")
    paused: bool = Field(description="The host paused the game: nobody plays and the turn timer stands until it resumes.")
    pause_reason: str | None = Field(
        None, description="While paused: host (a player paused it), or time (a lone player's time ran out: nobody else is at the table)."
    )
    paused_by: int | None = Field(
        None, description="While paused by a player: the seat whose token paused it (none when the host token did, or the clock)."
    )
    resumed_by: int | None = Field(
        None, description="Once a paused game goes on: the seat whose token resumed it (none when the host token did)."
    )
    undo: bool = Field(
        False, description="A card may be taken back (the WebSocket message undo): one player against computer players, rules with undo."
    )
    claim: bool = Field(
        False,
        description="The rest of a decided deal may be claimed (the WebSocket message claim): one player against computer players.",
    )
    turn_seconds: float | None
    seats: list[SeatInfo]


class TableCreated(BaseModel):
    table: TableInfo
    host_token: str = Field(description="Lets its holder fill seats with bots and start games. Shown once.")
    invite: str = Field(description="The path to share: /t/CODE.")


class JoinTable(BaseModel):
    model_config = _STRICT
    # (no max_length here: the table's own check says the one limit, 24, for any length; a play-test's 200 characters
    # were told "at most 100", its 89 "at most 24")
    name: str = Field(min_length=1, description=f"A display name, at most {MAX_NAME_CHARS} characters after trimming.")
    seat: int | None = Field(None, ge=0, le=6, description="A seat number; the first empty seat if absent.")


class SeatTaken(BaseModel):
    seat: int
    token: str = Field(description="The secret that holds the seat: send it in hello. Shown once; the server keeps only its hash.")
    table: TableInfo


class AddBots(BaseModel):
    model_config = _STRICT
    level: str = Field(
        "medium", max_length=40, description="random, easy, medium, hard or expert, or the name of a bot program (GET /api/bots)"
    )
    seats: list[Annotated[int, Field(ge=0, le=6)]] | None = Field(
        None, max_length=7, description="Seats to fill; every empty seat if absent."
    )


class PresetEntry(BaseModel):
    name: str
    title: str = Field(description="The preset's name for players, in the asked language.")
    summary: str
    players: int = Field(description="The preset's own seat count.")
    min_players: int
    max_players: int
    rules: dict[str, Any] = Field(description="The preset's options at its own seat count (the shape house rules are sent in).")
    describe: list[str] = Field(description="The rules in words, in the asked language.")
    facts: dict[str, Any] = Field(description="What the rules imply at the preset's own seat count (``Rules.facts``).")


class BotChoices(BaseModel):
    levels: list[str] = Field(description="The built-in bot levels, weakest first.")
    programs: list[str] = Field(description="Bot programs this server's operator offers (blackmaria serve --bot NAME=COMMAND).")


class Health(BaseModel):
    ok: bool
    version: str
    protocol: int
    tables_in_memory: int


# ---- errors: always {"detail": "a sentence"}, never a piece of input that could not be encoded -------------------------
_SURROGATE: Final = re.compile("[\ud800-\udfff]")
_BODIES: Final[dict[str, type[BaseModel]]] = {"tables": CreateTable, "seats": JoinTable, "bots": AddBots}
"""The body model of each POST route, by the last part of its path (to name the fields a body may hold)."""


def shown(value: object, limit: int = 40) -> str:
    """A piece of a request, safe to quote in an error: cut to ``limit`` characters, anything unprintable escaped.

    A lone surrogate (``\\ud800`` in JSON) or a control character comes back
    as its escape, so the answer always encodes as UTF-8.

    >>> print(shown("turn_second"), shown("\\ud800x"), shown("a" * 50, 5))
    'turn_second' '\\ud800x' 'aaaaa...'
    """
    text = value if isinstance(value, str) else repr(value)
    cut = text[:limit]
    escaped = "".join(c if c.isprintable() else c.encode("unicode_escape", "backslashreplace").decode("ascii") for c in cut)
    return f"'{escaped}{'...' if len(text) > limit else ''}'"


def _where(loc: Sequence[Any]) -> str:
    """``("body", "seats", 1)`` -> ``seats[1]``; ``("query", "game")`` -> ``game``."""
    parts = list(loc[1:] if loc and loc[0] in ("body", "query", "path", "header") else loc)
    # A union's branches (rules: a string or an object) add the branch's type name: not a place in the request.
    while parts and isinstance(parts[-1], str) and ("[" in parts[-1] or parts[-1] in ("str", "int", "float", "bool")):
        parts.pop()
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (("." if out else "") + (part if part.isidentifier() else shown(part)))
    return out


def _sentence(error: Mapping[str, Any], fields: Sequence[str]) -> str:
    """One validation error as a sentence that names the field and what it must be, without the input itself."""
    kind = str(error.get("type", ""))
    where = _where(error.get("loc", ()))
    ctx = error.get("ctx") or {}
    if kind == "json_invalid":
        return "the body is not valid JSON text"
    if not where and kind == "string_unicode":
        return "a field's name is not valid Unicode text (it holds a lone surrogate)"
    if not where:
        return "the body must be a JSON object (Content-Type: application/json)"
    if where == "rules" and kind in ("string_type", "dict_type"):  # both branches of the union failed: say it once
        return "rules: must be a preset name or an object of options"
    what = {
        "missing": "is required",
        "extra_forbidden": f"is not a field of this request (the fields are {', '.join(fields)})" if fields else "is not a field here",
        "int_type": "must be a whole number",
        "int_parsing": "must be a whole number",
        "int_from_float": "must be a whole number",
        "float_type": "must be a number",
        "float_parsing": "must be a number",
        "finite_number": "must be a finite number",
        "string_type": "must be a string",
        "string_unicode": "must be valid Unicode text (it holds a lone surrogate)",
        "bool_type": "must be true or false",
        "bool_parsing": "must be true or false",
        "list_type": "must be a list",
        "dict_type": "must be a JSON object",
        "union_tag_invalid": "is not of an accepted shape",
        "greater_than_equal": f"must be at least {ctx.get('ge')}",
        "greater_than": f"must be more than {ctx.get('gt')}",
        "less_than_equal": f"must be at most {ctx.get('le')}",
        "less_than": f"must be less than {ctx.get('lt')}",
        "string_too_short": f"must be at least {ctx.get('min_length')} characters long",
        "string_too_long": f"must be at most {ctx.get('max_length')} characters long",
        "too_short": f"must hold at least {ctx.get('min_length')} items",
        "too_long": f"must hold at most {ctx.get('max_length')} items",
    }.get(kind, "is not valid")
    return f"{where}: {what}"


def validation_detail(errors: Sequence[Mapping[str, Any]], fields: Sequence[str] = ()) -> str:
    """The framework's list of validation errors as the documented one sentence (the first three, each named)."""
    return "; ".join(list(dict.fromkeys(_sentence(e, fields) for e in errors))[:3])


class SafeJSONResponse(JSONResponse):
    """JSON as UTF-8 that never fails to render: a lone surrogate that slipped into a string is written as its escape."""

    def render(self, content: Any) -> bytes:
        text = json.dumps(content, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        try:
            return text.encode("utf-8")
        except UnicodeEncodeError:
            return _SURROGATE.sub(lambda m: f"\\\\u{ord(m.group()):04x}", text).encode("utf-8")


class BodyLimit:
    """Refuse request bodies above ``MAX_BODY_BYTES`` with 413, whether announced by Content-Length or not."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for key, value in scope.get("headers", []):
            if key == b"content-length" and (not value.isdigit() or int(value) > MAX_BODY_BYTES):
                await JSONResponse({"detail": f"request bodies are limited to {MAX_BODY_BYTES} bytes"}, status_code=413)(
                    scope, receive, send
                )
                return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > MAX_BODY_BYTES:
                raise HTTPException(413, f"request bodies are limited to {MAX_BODY_BYTES} bytes")
            return message

        await self.app(scope, limited, send)


class LobbyRateLimit:
    """At most ``per_minute`` lobby requests that change something (POST) per client address, in bursts of as many.

    Creating tables and taking seats cost the server storage; a client over
    the limit gets 429 with ``Retry-After`` and nothing is done. Reads and the
    WebSocket (which has its own limit per connection) are not counted.
    """

    MAX_CLIENTS: Final = 10_000

    def __init__(self, app: ASGIApp, per_minute: float) -> None:
        self.app = app
        self.per_minute = per_minute
        self.buckets: dict[str, RateLimit] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope.get("method") == "POST" and self.per_minute > 0:
            client = scope.get("client")
            address = client[0] if client else "unknown"
            bucket = self.buckets.get(address)
            if bucket is None:
                if len(self.buckets) >= self.MAX_CLIENTS:  # forget full buckets first: they are the same as new ones
                    self.buckets = {k: b for k, b in self.buckets.items() if b.tokens < b.burst - 1}
                bucket = self.buckets[address] = RateLimit(self.per_minute / 60, self.per_minute)
            if not bucket.allow():
                wait = max(1, round((1 - bucket.tokens) / bucket.rate))
                detail = f"more than {self.per_minute:g} lobby requests a minute from {address}; try again in {wait} s"
                response = JSONResponse({"detail": detail}, status_code=429, headers={"Retry-After": str(wait)})
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


def check_players(data: str | Mapping[str, Any]) -> None:
    """Refuse a seat count outside the preset's own range, naming that preset and its range.

    >>> check_players({"preset": "hearts", "players": 9})
    Traceback (most recent call last):
    ...
    blackmaria.rules.RulesError: players: Hearts is played by 4 players, not 9
    >>> check_players({"preset": "black-maria", "players": 2})
    Traceback (most recent call last):
    ...
    blackmaria.rules.RulesError: players: Black Maria is played by 3 to 6 players, not 2
    """
    if isinstance(data, str):
        return
    name, players = data.get("preset", DEFAULT_PRESET), data.get("players")
    if not isinstance(name, str) or isinstance(players, bool) or not isinstance(players, int):
        return  # Rules.from_data says what is wrong
    info = PRESETS[find_preset(name)]
    low, high = info.player_range
    if not low <= players <= high:
        title = Texts("en").rules_title(info.name)
        counts = f"{low}" if low == high else f"{low} to {high}"
        raise RulesError(f"players: {title} is played by {counts} players, not {players}")


@functools.cache
def catalog_body(lang: str) -> tuple[bytes, str]:
    """The catalog of ``lang`` as JSON and its ETag: every text (the guided deal's among them) and the card names."""
    texts = {key: value[lang] for key, value in MESSAGES.items()}
    # Card and suit names as the terminal says them (cards.py through Texts), so the page keeps no list of its own.
    words = Texts(lang)
    for card in range(NUM_CARDS):
        texts[f"card_{card_name(card)}"] = words.card_long(card)
        texts[f"card_short_{card_name(card)}"] = words.card(card)
    for suit in range(4):
        texts[f"suit_{SUIT_CHARS[suit]}"] = words.suit(suit)
    body = json.dumps(texts, ensure_ascii=False, separators=(",", ":")).encode()
    return body, f'"{hashlib.sha256(body).hexdigest()[:20]}"'


def _wants_page(request: Request) -> bool:
    """A browser's GET of a page: not the API's, not a static file's, and asking for HTML."""
    path = request.url.path
    return (
        request.method == "GET" and not path.startswith(("/api/", "/static/", "/ws/")) and "text/html" in request.headers.get("accept", "")
    )


def _bearer(authorization: str | None) -> str | None:
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip() or None
    return None


def create_app(db_url: str | None = None, programs: BotPrograms | None = None, lobby_per_minute: float = 120) -> FastAPI:
    """The server app over the database at ``db_url`` (default: a SQLite file in the user's data directory).

    ``programs`` are the bot programs tables may seat, by name (``blackmaria serve --bot NAME=COMMAND``);
    ``lobby_per_minute`` limits each client address's POST requests (0: no limit).
    """
    state: dict[str, Hub] = {}

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        hub = Hub(Store(db_url), programs)
        state["hub"] = hub
        await hub.recover()
        prepare_hints()  # the hints' and explanations' search loads in the background: the first hint comes quickly
        try:
            yield
        finally:
            hub.close()

    app = FastAPI(
        title="blackmaria server",
        version=__version__,
        summary="Private online tables for Black Maria and the Hearts family.",
        description="The lobby over HTTP; play over the WebSocket at /ws/{code} (protocol described in docs/server.md).",
        lifespan=lifespan,
        default_response_class=SafeJSONResponse,
    )
    app.add_middleware(BodyLimit)
    app.add_middleware(LobbyRateLimit, per_minute=lobby_per_minute)

    def hub() -> Hub:
        return state["hub"]

    def table_or_404(code: str) -> TableRuntime:
        table = hub().get(code)
        if table is None:
            raise HTTPException(404, "there is no table with this code")
        return table

    def manage(table: TableRuntime, authorization: str | None) -> None:
        if not table.may_manage(_bearer(authorization)):
            raise HTTPException(403, "send this table's host token or one of its seat tokens as Authorization: Bearer TOKEN")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> Response:
        if error.status_code in (204, 304) or error.status_code < 200:
            return Response(status_code=error.status_code, headers=error.headers)
        if error.status_code == 404 and _wants_page(request) and (WEB_DIR / "not-found.html").is_file():
            # A browser that followed a wrong link reads a page with the way back, not the API's {"detail": ...}.
            return FileResponse(WEB_DIR / "not-found.html", status_code=404, headers={"Cache-Control": "no-cache"})
        return SafeJSONResponse({"detail": error.detail}, status_code=error.status_code, headers=error.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, error: RequestValidationError) -> JSONResponse:
        # Not the framework's list, which quotes the input (and fails on input that does not encode): one sentence.
        model = _BODIES.get(request.url.path.rstrip("/").rsplit("/", 1)[-1]) if request.method == "POST" else None
        fields = list(model.model_fields) if model is not None else []
        return SafeJSONResponse({"detail": validation_detail(error.errors(), fields)}, status_code=422)

    @app.exception_handler(LobbyError)
    async def lobby_error(_request: Request, error: LobbyError) -> JSONResponse:
        return SafeJSONResponse({"detail": str(error)}, status_code=error.status)

    @app.exception_handler(ServedElsewhere)
    async def served_elsewhere(_request: Request, error: ServedElsewhere) -> JSONResponse:
        return SafeJSONResponse({"detail": str(error)}, status_code=421)

    @app.exception_handler(ProtocolError)
    async def protocol_error(_request: Request, error: ProtocolError) -> JSONResponse:
        return SafeJSONResponse({"detail": str(error), "code": error.code}, status_code=422)

    @app.get("/api/health", response_model=Health)
    async def health() -> dict[str, Any]:
        return {"ok": True, "version": __version__, "protocol": PROTOCOL_VERSION, "tables_in_memory": len(hub().tables)}

    @app.get("/api/presets", response_model=list[PresetEntry])
    async def presets(lang: str = "en") -> list[dict[str, Any]]:
        """Every preset with its options and its rules in words (``lang``: en or de), for the lobby's table form."""
        if lang not in LANGUAGES:
            raise HTTPException(422, f"lang: {lang!r} is not one of {', '.join(LANGUAGES)}")
        texts = Texts(lang)
        entries = []
        for info in PRESETS.values():
            rules = preset(info.name)
            entries.append(
                {
                    "name": info.name,
                    "title": texts.rules_title(info.name),
                    "summary": info.summary_in(lang),
                    "players": info.players,
                    "min_players": info.player_range[0],
                    "max_players": info.player_range[1],
                    "rules": rules.to_dict(),
                    "describe": rules.describe(lang),
                    "facts": rules.facts(),
                }
            )
        return entries

    @app.get("/api/bots", response_model=BotChoices)
    async def bot_choices() -> dict[str, Any]:
        """The bots a table may seat: the built-in levels and the operator's bot programs."""
        return {"levels": list(LEVELS), "programs": sorted(hub().programs.commands)}

    @app.get("/api/catalog/{lang}", response_model=dict[str, str])
    async def catalog(lang: str, request: Request) -> Response:
        """Every text of ``lang`` (en or de) by key, ``{name}`` placeholders: what the browser pages show.

        The catalog of ``blackmaria.locale`` (the terminal's texts and the pages' own) and the guided deal's, read
        once per process; an ETag lets a page that has it (kept in its storage for offline use) skip the body.
        """
        if lang not in LANGUAGES:
            raise HTTPException(422, f"lang: {lang!r} is not one of {', '.join(LANGUAGES)}")
        body, etag = catalog_body(lang)
        headers = {"ETag": etag, "Cache-Control": "no-cache"}
        if request.headers.get("if-none-match") == etag:
            return Response(status_code=304, headers=headers)
        return Response(body, media_type="application/json", headers=headers)

    @app.post("/api/rules/facts", response_model=RulesFacts)
    async def rules_facts(body: RulesQuery) -> dict[str, Any]:
        """What a rule set implies (card values, cards in play, deal total, moon cards, schedule): ``Rules.facts``.

        The scorekeeper and the table read these instead of working them out again.
        """
        data: Any = body.rules
        if body.players is not None:
            data = {"preset": data, "players": body.players} if isinstance(data, str) else {**data, "players": body.players}
        try:
            check_players(data)  # a preset within its player range, as for a table
            rules = Rules.from_data(data)
        except (RulesError, TypeError, ValueError, ArithmeticError) as error:
            raise HTTPException(422, f"rules: {error}") from error
        if body.lang not in LANGUAGES:
            raise HTTPException(422, f"lang: {body.lang!r} is not one of {', '.join(LANGUAGES)}")
        return {"rules": rules.to_dict(), "facts": rules.facts(), "describe": rules.describe(body.lang)}

    @app.post("/api/tables", response_model=TableCreated, status_code=201)
    async def create_table(body: CreateTable) -> dict[str, Any]:
        """Create a table under a preset or house rules; the answer holds its invite code and the host token."""
        data: Any = body.rules
        if body.players is not None:
            data = {"preset": data, "players": body.players} if isinstance(data, str) else {**data, "players": body.players}
        try:
            check_players(data)
        except RulesError as error:
            raise HTTPException(422, str(error)) from error
        try:
            rules = Rules.from_data(data)
        except (RulesError, TypeError, ValueError, ArithmeticError) as error:
            raise HTTPException(422, f"rules: {error}") from error
        table, host_token = await hub().create(rules, body.turn_seconds, teach=body.teach)
        return {"table": table.info(), "host_token": host_token, "invite": f"/t/{table.code}"}

    @app.get("/api/tables/{code}", response_model=TableInfo)
    async def get_table(code: str) -> dict[str, Any]:
        """The table's seats, status and scores (never a card)."""
        return table_or_404(code).info()

    @app.post("/api/tables/{code}/seats", response_model=SeatTaken, status_code=201)
    async def take_seat(code: str, body: JoinTable) -> dict[str, Any]:
        """Take an empty seat with a display name; the answer holds the seat's secret token."""
        table = table_or_404(code)
        seat, token = await table.join(body.name, body.seat)
        return {"seat": seat, "token": token, "table": table.info()}

    @app.post("/api/tables/{code}/bots", response_model=TableInfo)
    async def add_bots(code: str, body: AddBots, authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """Fill empty seats with bots of a level (host or seated player only; before the first game, while the host is at
        the table, the host only)."""
        table = table_or_404(code)
        manage(table, authorization)
        await table.add_bots(body.level, body.seats, by=table.seat_for_token(_bearer(authorization) or ""))
        return table.info()

    @app.post("/api/tables/{code}/start", response_model=TableInfo)
    async def start(code: str, authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """Start a game once every seat is taken (host or seated player only; the first game, while the host is at the
        table, the host only); after a game ends, a seat's token asks for
        another, which starts once every player at the table has asked, and the host's token starts it."""
        table = table_or_404(code)
        manage(table, authorization)
        await table.start(by=table.seat_for_token(_bearer(authorization) or ""))
        return table.info()

    @app.post("/api/tables/{code}/pause", response_model=TableInfo)
    async def pause(code: str, body: PauseTable, authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """Pause the game in play or resume it (host or seated player only); every connection is told by a table message."""
        table = table_or_404(code)
        manage(table, authorization)
        await table.set_paused(body.paused, by=table.seat_for_token(_bearer(authorization) or ""))
        return table.info()

    @app.get("/api/tables/{code}/record")
    async def record(code: str, game: int | None = None) -> dict[str, Any]:
        """The blackmaria/1 record of a game (default: the current one), its finished deals only, each with its revealed shuffle."""
        table = table_or_404(code)
        if game is None or game == table.game_no:
            async with table.lock:
                return table.record()
        row = table.store.game(table.id, game) if 0 < game < table.game_no else None
        if row is None or row.record is None:
            raise HTTPException(404, f"game {game} at this table has not finished or does not exist")
        result: dict[str, Any] = row.record
        return result

    # ---- the browser client ----
    def page(name: str) -> FileResponse:
        path = WEB_DIR / name
        if not path.is_file():
            raise HTTPException(404, f"the web client's {name} is not installed")
        # no-cache: a new release reaches players at once; the service worker keeps pages for offline use.
        return FileResponse(path, headers={"Cache-Control": "no-cache"})

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return page("index.html")

    @app.get("/t/{code}", include_in_schema=False)
    async def table_page(code: str) -> FileResponse:
        return page("index.html")

    @app.get("/t/", include_in_schema=False)
    async def no_code() -> RedirectResponse:
        return RedirectResponse("/")  # a link cut short: the lobby, not the API's bare "Not Found"

    @app.get("/score", include_in_schema=False)
    async def score_page() -> FileResponse:
        return page("score.html")

    @app.get("/learn", include_in_schema=False)
    async def learn_page() -> RedirectResponse:
        return RedirectResponse("/#learn-form")  # the guided deal's form in the lobby (a play-test guessed /learn)

    # The page files by name (a bookmark of the file, a guess): the pages' own addresses, not the page for no such page.
    @app.get("/index.html", include_in_schema=False)
    async def lobby_file() -> RedirectResponse:
        return RedirectResponse("/")

    @app.get("/score.html", include_in_schema=False)
    async def score_file() -> RedirectResponse:
        return RedirectResponse("/score")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        path = WEB_DIR / "favicon.ico"
        if not path.is_file():
            raise HTTPException(404, "the web client's favicon.ico is not installed")
        return FileResponse(path, media_type="image/x-icon", headers={"Cache-Control": "public, max-age=86400"})

    @app.get("/sw.js", include_in_schema=False)
    async def service_worker() -> FileResponse:
        # Served from the root so that it may keep every page of the client for offline use.
        return page("sw.js")

    app.mount("/static", StaticFiles(directory=WEB_DIR, check_dir=False), name="static")

    @app.websocket("/ws/{code}")
    async def play_socket(websocket: WebSocket, code: str) -> None:
        await websocket.accept()
        client = Client()
        closing = {"code": 1000}
        writer = asyncio.create_task(_write(websocket, client, closing))
        table: TableRuntime | None = None
        try:
            try:
                table = hub().get(code)
            except ServedElsewhere as error:
                client.send(ProtocolError("elsewhere", str(error)).to_message())
                return
            if table is None:
                client.send(ProtocolError("no-table", "there is no table with this code").to_message())
                return
            await _serve(websocket, client, table)
        except Exception:
            # A fault of the server's (the database refused, a bug). Without this the exception ended the handler before
            # the writer could send a close frame, and the client saw the connection drop (1006): now it hears why (1011).
            logger.exception("WebSocket /ws/%s failed", code[:16])
            closing["code"] = 1011
            client.send(ProtocolError("server-error", "the server failed on this connection (it is logged); connect again").to_message())
        finally:
            if table is not None:
                try:
                    await table.detach(client)
                except Exception:
                    logger.exception("WebSocket /ws/%s: leaving the table failed", code[:16])
                    closing["code"] = 1011
            client.close()
            # The writer sends what is queued, then the close frame. Only a client that stopped reading (its socket
            # full) keeps it past this: that connection ends without a close frame, which it could not have read.
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, WRITER_GRACE_S)

    return app


async def _receive(websocket: WebSocket) -> str | bytes | None:
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is not None:
        return str(text)
    data = message.get("bytes")
    return bytes(data) if data is not None else b""


async def _serve(websocket: WebSocket, client: Client, table: TableRuntime) -> None:
    deadline = asyncio.get_running_loop().time() + HELLO_TIMEOUT_S
    while True:
        try:
            if client.attached:
                raw = await _receive(websocket)
            else:
                raw = await asyncio.wait_for(_receive(websocket), max(0.0, deadline - asyncio.get_running_loop().time()))
        except TimeoutError:
            client.send(ProtocolError("hello-first", f"no hello within {HELLO_TIMEOUT_S:g} seconds").to_message())
            return
        if raw is None or client.closed:
            return
        await handle_raw(table, client, raw)


async def _write(websocket: WebSocket, client: Client, closing: dict[str, int]) -> None:
    while True:
        text = await client.queue.get()
        if text is None:
            break
        try:
            await websocket.send_text(text)
        except Exception:
            break
    with contextlib.suppress(Exception):
        await websocket.close(closing["code"])
