"""Storage through SQLAlchemy: tables, seats, games, and every accepted action, committed before anyone is told.

The database holds everything needed to rebuild a table: its rules and seats,
for each game the seed of the first dealer's cut, and the ordered actions
(``deal`` with the deck and its salt, ``pass``, ``play``). On start the server
replays a table's actions through the checked ``Game``. Seat tokens are stored
only as SHA-256 hashes. A SQLite file by default; any SQLAlchemy URL (for
PostgreSQL ``postgresql+psycopg://...``) by ``--db``.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Connection,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url

metadata = MetaData()
ADVISORY_KEY = 0x626D  # "bm": the first key of the two-key advisory locks that say which process serves a table

tables = Table(
    "bm_tables",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(64), nullable=False, unique=True),
    Column("rules", Text, nullable=False),
    Column("players", Integer, nullable=False),
    Column("host_hash", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("status", String(16), nullable=False),
    Column("game_no", Integer, nullable=False),
    Column("created", Float, nullable=False),
)

seats = Table(
    "bm_seats",
    metadata,
    Column("table_id", Integer, ForeignKey("bm_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("name", String(100), nullable=True),
    Column("level", String(16), nullable=True),
    Column("token_hash", String(64), nullable=True),
)

games = Table(
    "bm_games",
    metadata,
    Column("table_id", Integer, ForeignKey("bm_tables.id"), primary_key=True),
    Column("game_no", Integer, primary_key=True),
    Column("seed", String(64), nullable=False),
    Column("seats", Text, nullable=False),
    Column("started", Float, nullable=False),
    Column("finished", Float, nullable=True),
    Column("record", Text, nullable=True),
)

actions = Table(
    "bm_actions",
    metadata,
    Column("table_id", Integer, ForeignKey("bm_tables.id"), primary_key=True),
    Column("game_no", Integer, primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("data", Text, nullable=False),
    Column("by_bot", Boolean, nullable=False),
    Column("at", Float, nullable=False),
)

chat = Table(
    "bm_chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", Integer, ForeignKey("bm_tables.id"), nullable=False, index=True),
    Column("seat", Integer, nullable=False),
    Column("name", String(100), nullable=False),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
)


def hash_token(token: str) -> str:
    """What is stored for a token: its SHA-256 (tokens are 256-bit random, so no slow hash is needed)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def default_url() -> str:
    from blackmaria.tui.session import data_dir

    path = data_dir() / "server.sqlite3"
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path}"


@dataclass(frozen=True)
class TableRow:
    id: int
    code: str
    rules: Any
    players: int
    host_hash: str
    status: str
    game_no: int
    options: dict[str, Any]


@dataclass(frozen=True)
class SeatRow:
    seat: int
    kind: str
    name: str | None
    level: str | None
    token_hash: str | None


@dataclass(frozen=True)
class GameRow:
    game_no: int
    seed: str
    seats: list[str]
    finished: float | None
    record: Any


@dataclass(frozen=True)
class ActionRow:
    seq: int
    kind: str
    seat: int | None
    data: Any
    by_bot: bool


class Store:
    """The server's database. Every write is one committed transaction."""

    def __init__(self, url: str | None = None) -> None:
        url = url or default_url()
        parsed = make_url(url)
        self.is_sqlite = parsed.get_backend_name() == "sqlite"
        if self.is_sqlite and parsed.database not in (None, "", ":memory:"):
            Path(parsed.database or "").parent.mkdir(parents=True, exist_ok=True)
        self.engine: Engine = create_engine(url, future=True)
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)
        self.is_postgresql = parsed.get_backend_name() == "postgresql"
        self._lock_connection: Connection | None = None
        mark = "?" if self.engine.dialect.paramstyle == "qmark" else "%s"
        columns = "table_id, game_no, seq, kind, seat, data, by_bot, at"
        self._insert_actions_sql = f"INSERT INTO {actions.name} ({columns}) VALUES ({', '.join([mark] * 8)})"

    def claim(self, table_id: int) -> bool:
        """Whether this process may serve the table: on PostgreSQL, a session advisory lock held until the process ends.

        Several processes can then share one database, each table served by the
        process that holds its lock (the others answer 421); when a process dies
        its session ends, the locks go, and another process may take its tables.
        A SQLite file is served by one process, which owns every table.
        """
        if not self.is_postgresql:
            return True
        if self._lock_connection is None:
            self._lock_connection = self.engine.connect()
        got = self._lock_connection.execute(text("SELECT pg_try_advisory_lock(:key, :id)"), {"key": ADVISORY_KEY, "id": table_id}).scalar()
        self._lock_connection.commit()
        return bool(got)

    def close(self) -> None:
        if self._lock_connection is not None:
            self._lock_connection.close()
        self.engine.dispose()

    # ---- tables and seats ---------------------------------------------------
    def create_table(self, code: str, rules: Any, players: int, host_hash: str, options: dict[str, Any] | None = None) -> int:
        with self.engine.begin() as conn:
            result = conn.execute(
                insert(tables).values(
                    code=code,
                    rules=json.dumps(rules),
                    players=players,
                    host_hash=host_hash,
                    options=json.dumps(options or {}),
                    status="open",
                    game_no=0,
                    created=time.time(),
                )
            )
            key = result.inserted_primary_key
            assert key is not None
            table_id = int(key[0])
            conn.execute(insert(seats), [{"table_id": table_id, "seat": i, "kind": "empty"} for i in range(players)])
        return table_id

    def table(self, code: str) -> TableRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(tables).where(tables.c.code == code)).first()
        if row is None:
            return None
        return TableRow(
            row.id, row.code, json.loads(row.rules), row.players, row.host_hash, row.status, row.game_no, json.loads(row.options)
        )

    def codes_with_status(self, status: str) -> list[str]:
        with self.engine.connect() as conn:
            return [row.code for row in conn.execute(select(tables.c.code).where(tables.c.status == status).order_by(tables.c.id))]

    def seats(self, table_id: int) -> list[SeatRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)).all()
        return [SeatRow(r.seat, r.kind, r.name, r.level, r.token_hash) for r in rows]

    def set_seats(self, table_id: int, changes: Sequence[tuple[int, str, str | None, str | None, str | None]]) -> None:
        """Set seats ``(seat, kind, name, level, token_hash)`` in one transaction."""
        with self.engine.begin() as conn:
            for seat, kind, name, level, token_hash in changes:
                conn.execute(
                    update(seats)
                    .where(seats.c.table_id == table_id, seats.c.seat == seat)
                    .values(kind=kind, name=name, level=level, token_hash=token_hash)
                )

    # ---- games and actions ----------------------------------------------------
    def start_game(self, table_id: int, game_no: int, seed: str, names: Sequence[str]) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(games).values(table_id=table_id, game_no=game_no, seed=seed, seats=json.dumps(list(names)), started=time.time())
            )
            conn.execute(update(tables).where(tables.c.id == table_id).values(status="playing", game_no=game_no))

    def game(self, table_id: int, game_no: int) -> GameRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(games).where(games.c.table_id == table_id, games.c.game_no == game_no)).first()
        if row is None:
            return None
        return GameRow(row.game_no, row.seed, json.loads(row.seats), row.finished, None if row.record is None else json.loads(row.record))

    def finish_game(self, table_id: int, game_no: int, record: Any) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(games)
                .where(games.c.table_id == table_id, games.c.game_no == game_no)
                .values(finished=time.time(), record=json.dumps(record))
            )
            conn.execute(update(tables).where(tables.c.id == table_id).values(status="over"))

    def append_actions(self, batch: Sequence[tuple[int, int, ActionRow]]) -> None:
        """Commit accepted actions (``(table_id, game_no, action)``) in one transaction; it returns once they are durable."""
        now = time.time()
        rows = [(table_id, game_no, a.seq, a.kind, a.seat, json.dumps(a.data), a.by_bot, now) for table_id, game_no, a in batch]
        # The driver's own executemany: this runs in a worker thread beside the event loop, and a statement built by
        # SQLAlchemy per batch would hold the interpreter lock (and so every table) for much longer.
        with self.engine.begin() as conn:
            conn.exec_driver_sql(self._insert_actions_sql, rows)

    def actions(self, table_id: int, game_no: int) -> list[ActionRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(actions).where(actions.c.table_id == table_id, actions.c.game_no == game_no).order_by(actions.c.seq)
            ).all()
        return [ActionRow(r.seq, r.kind, r.seat, json.loads(r.data), bool(r.by_bot)) for r in rows]

    # ---- chat -----------------------------------------------------------------
    def add_chat(self, table_id: int, seat: int, name: str, text: str) -> float:
        at = time.time()
        with self.engine.begin() as conn:
            conn.execute(insert(chat).values(table_id=table_id, seat=seat, name=name, text=text, at=at))
        return at

    def recent_chat(self, table_id: int, limit: int = 50) -> list[dict[str, Any]]:
        """The last ``limit`` chat lines of a table, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(chat).where(chat.c.table_id == table_id).order_by(chat.c.id.desc()).limit(limit)).all()
        return [{"seat": r.seat, "name": r.name, "text": r.text, "at": r.at} for r in reversed(rows)]


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()
