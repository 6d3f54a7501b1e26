"""The ASGI app: the lobby over HTTP (OpenAPI at ``/openapi.json``, pages at ``/docs``) and play over WebSocket.

``create_app(db_url)`` builds the app over a ``Store``; on start it rebuilds
every table with a game in play. Every route is scoped by a table's invite
code; a token is checked only against that table's seats.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any, Final

from fastapi import FastAPI, Header, HTTPException, Request, WebSocket
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from blackmaria import __version__
from blackmaria.bots.base import LEVELS
from blackmaria.locale import LANGUAGES, Texts
from blackmaria.rules import PRESETS, Rules, RulesError, preset
from blackmaria.server.protocol import MAX_NAME_CHARS, PROTOCOL_VERSION, ProtocolError, RateLimit
from blackmaria.server.store import Store
from blackmaria.server.tables import BotPrograms, Client, Hub, LobbyError, ServedElsewhere, TableRuntime, handle_raw

WEB_DIR: Final = Path(__file__).resolve().parent.parent / "web" / "static"
"""The browser client: plain HTML, CSS and JavaScript files, served as they are (no build step)."""
MAX_BODY_BYTES: Final = 16384
HELLO_TIMEOUT_S: Final = 30.0


# ---- the lobby's shapes (these are the OpenAPI schemas) --------------------------------------------
class CreateTable(BaseModel):
    rules: str | dict[str, Any] = Field("black-maria", description="A preset name, or house rules: {preset: NAME, ...options}.")
    players: int | None = Field(None, ge=2, le=7, description="Seat count, if not the rule set's own.")
    turn_seconds: float | None = Field(
        None,
        ge=1,
        le=3600,
        description="A turn timer: a player who has not acted in this time, or who leaves, is played by a bot until they return.",
    )


class SeatInfo(BaseModel):
    seat: int
    kind: str = Field(description="empty, human or bot")
    name: str | None
    level: str | None = Field(description="The bot level of a bot seat.")
    connected: bool = Field(description="Whether a connection holds this seat now.")
    away: bool = Field(description="Whether a bot stands in for this human seat (turn timer ran out, or the player left).")


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
    spectators: int
    turn_seconds: float | None
    seats: list[SeatInfo]


class TableCreated(BaseModel):
    table: TableInfo
    host_token: str = Field(description="Lets its holder fill seats with bots and start games. Shown once.")
    invite: str = Field(description="The path to share: /t/CODE.")


class JoinTable(BaseModel):
    name: str = Field(min_length=1, max_length=100, description=f"A display name, at most {MAX_NAME_CHARS} characters after trimming.")
    seat: int | None = Field(None, ge=0, le=6, description="A seat number; the first empty seat if absent.")


class SeatTaken(BaseModel):
    seat: int
    token: str = Field(description="The secret that holds the seat: send it in hello. Shown once; the server keeps only its hash.")
    table: TableInfo


class AddBots(BaseModel):
    level: str = Field("medium", description="random, easy, medium, hard or expert, or the name of a bot program (GET /api/bots)")
    seats: list[int] | None = Field(None, max_length=7, description="Seats to fill; every empty seat if absent.")


class PresetEntry(BaseModel):
    name: str
    title: str = Field(description="The preset's name for players, in the asked language.")
    summary: str
    players: int = Field(description="The preset's own seat count.")
    min_players: int
    max_players: int
    rules: dict[str, Any] = Field(description="The preset's options at its own seat count (the shape house rules are sent in).")
    describe: list[str] = Field(description="The rules in words, in the asked language.")


class BotChoices(BaseModel):
    levels: list[str] = Field(description="The built-in bot levels, weakest first.")
    programs: list[str] = Field(description="Bot programs this server's operator offers (blackmaria serve --bot NAME=COMMAND).")


class Health(BaseModel):
    ok: bool
    version: str
    protocol: int
    tables_in_memory: int


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

    @app.exception_handler(LobbyError)
    async def lobby_error(_request: Request, error: LobbyError) -> JSONResponse:
        return JSONResponse({"detail": str(error)}, status_code=error.status)

    @app.exception_handler(ServedElsewhere)
    async def served_elsewhere(_request: Request, error: ServedElsewhere) -> JSONResponse:
        return JSONResponse({"detail": str(error)}, status_code=421)

    @app.exception_handler(ProtocolError)
    async def protocol_error(_request: Request, error: ProtocolError) -> JSONResponse:
        return JSONResponse({"detail": str(error), "code": error.code}, status_code=422)

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
                    "summary": info.summary,
                    "players": info.players,
                    "min_players": info.player_range[0],
                    "max_players": info.player_range[1],
                    "rules": rules.to_dict(),
                    "describe": rules.describe(lang),
                }
            )
        return entries

    @app.get("/api/bots", response_model=BotChoices)
    async def bot_choices() -> dict[str, Any]:
        """The bots a table may seat: the built-in levels and the operator's bot programs."""
        return {"levels": list(LEVELS), "programs": sorted(hub().programs.commands)}

    @app.post("/api/tables", response_model=TableCreated, status_code=201)
    async def create_table(body: CreateTable) -> dict[str, Any]:
        """Create a table under a preset or house rules; the answer holds its invite code and the host token."""
        data: Any = body.rules
        if body.players is not None:
            data = {"preset": data, "players": body.players} if isinstance(data, str) else {**data, "players": body.players}
        try:
            rules = Rules.from_data(data)
        except (RulesError, TypeError, ValueError) as error:
            raise HTTPException(422, f"rules: {error}") from error
        table, host_token = await hub().create(rules, body.turn_seconds)
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
        """Fill empty seats with bots of a level (host or seated player only)."""
        table = table_or_404(code)
        manage(table, authorization)
        await table.add_bots(body.level, body.seats)
        return table.info()

    @app.post("/api/tables/{code}/start", response_model=TableInfo)
    async def start(code: str, authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """Start a game once every seat is taken; after a game ends, start the next one (host or seated player only)."""
        table = table_or_404(code)
        manage(table, authorization)
        await table.start()
        return table.info()

    @app.get("/api/tables/{code}/record")
    async def record(code: str, game: int | None = None) -> dict[str, Any]:
        """The blackmaria/1 record of a game (default: the current one), its finished deals only, each with its revealed shuffle."""
        table = table_or_404(code)
        if game is None or game == table.game_no:
            async with table.lock:
                return table.record()
        row = table.store.game(table.id, game) if game > 0 else None
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

    @app.get("/score", include_in_schema=False)
    async def score_page() -> FileResponse:
        return page("score.html")

    @app.get("/sw.js", include_in_schema=False)
    async def service_worker() -> FileResponse:
        # Served from the root so that it may keep every page of the client for offline use.
        return page("sw.js")

    app.mount("/static", StaticFiles(directory=WEB_DIR, check_dir=False), name="static")

    @app.websocket("/ws/{code}")
    async def play_socket(websocket: WebSocket, code: str) -> None:
        await websocket.accept()
        client = Client()
        writer = asyncio.create_task(_write(websocket, client))
        try:
            table = hub().get(code)
        except ServedElsewhere as error:
            table = None
            client.send(ProtocolError("elsewhere", str(error)).to_message())
            client.close()
        try:
            if table is None:
                if not client.closed:
                    client.send(ProtocolError("no-table", "there is no table with this code").to_message())
                return
            await _serve(websocket, client, table)
        finally:
            if table is not None:
                await table.detach(client)
            client.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 5)

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


async def _write(websocket: WebSocket, client: Client) -> None:
    while True:
        text = await client.queue.get()
        if text is None:
            break
        try:
            await websocket.send_text(text)
        except Exception:
            break
    with contextlib.suppress(Exception):
        await websocket.close()
