"""Every error that answers a WebSocket message carries its ``ref``, names what is wrong, and leaves the connection open.

Faults reported in issue 19: a message dropped by the rate limit came back
without its ``ref`` (a client waiting for the answer to a dropped play
hung); ``explain`` on a server without the compiled kernel's extra closed the
connection with no error; a play with no card was answered "'NoneType' is
not a card". Also: the lobby refuses a search bot the server cannot run.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from blackmaria.cards import card_name
from blackmaria.rules import Rules
from blackmaria.server import tables as server_tables
from blackmaria.server.app import create_app
from blackmaria.server.protocol import RateLimit
from blackmaria.server.store import Store
from blackmaria.server.tables import BotPrograms, Client, Hub, LobbyError, TableRuntime, handle_raw
from test_server_helpers import free_port


class Table:
    """A real table over a real SQLite file: Anna in seat 0 attached as the socket attaches her, three bots."""

    def __init__(self, db: Path) -> None:
        self.loop = asyncio.new_event_loop()
        self.hub = Hub(Store(f"sqlite:///{db}"))
        table, _ = self.run(self.hub.create(Rules.from_data({"preset": "hearts", "target_score": None, "deal_count": 1})))
        self.table: TableRuntime = table
        _, self.token = self.run(table.join("Anna", 0))
        self.run(table.add_bots("random", None))
        self.anna = Client()
        self.say({"type": "hello", "protocol": 1, "token": self.token})
        self.run(table.start())

    def run(self, coroutine: Any) -> Any:
        return self.loop.run_until_complete(coroutine)

    def say(self, message: dict[str, Any] | str) -> None:
        self.run(handle_raw(self.table, self.anna, message if isinstance(message, str) else json.dumps(message)))

    def heard(self) -> list[dict[str, Any]]:
        out = []
        while not self.anna.queue.empty():
            text = self.anna.queue.get_nowait()
            assert text is not None, "the connection was closed"
            out.append(json.loads(text))
        return out

    def errors(self) -> list[dict[str, Any]]:
        return [m for m in self.heard() if m["type"] == "error"]

    def close(self) -> None:
        self.hub.close()
        self.loop.close()


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    running = Table(tmp_path / "tables.sqlite3")
    yield running
    running.close()


def test_a_message_dropped_by_the_rate_limit_is_answered_with_its_ref(table: Table) -> None:
    table.heard()
    table.anna.rate = RateLimit(rate=0.001, burst=2)
    for ref in range(1, 6):
        table.say({"type": "ping", "ref": ref})
    table.say({"type": "ping", "ref": "a string ref"})
    table.say("not json at all")
    answers = table.heard()
    assert [m["type"] for m in answers] == ["pong", "pong", "error", "error", "error", "error", "error"]
    dropped = answers[2:]
    assert all(m["code"] == "rate-limit" for m in dropped)
    assert [m.get("ref") for m in dropped] == [3, 4, 5, "a string ref", None]  # no ref to give back for text that is not JSON


def test_explain_without_the_compiled_kernel_is_an_error_to_the_client_not_a_closed_connection(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = table.table.game
    assert game is not None
    table.say({"type": "pass", "cards": [card_name(c) for c in sorted(game.hand(0))[:3]]})
    while not (game.phase == "playing" and game.turn == 0 and len(game.legal_cards(0)) > 1):
        assert game.phase == "playing" and not game.is_over, "the deal ended before Anna had a choice to explain"
        table.say({"type": "play", "card": card_name(min(game.legal_cards(0)))})
    table.heard()
    # As on a server installed without blackmaria[fast]: the search behind the likely costs cannot be imported.
    monkeypatch.setitem(sys.modules, "numpy", None)
    monkeypatch.setitem(sys.modules, "blackmaria.bots.search", None)
    table.say({"type": "explain", "ref": 7})
    (error,) = table.errors()
    assert error["code"] == "unavailable" and error["ref"] == 7 and "blackmaria[fast]" in error["message"]
    assert not table.anna.closed and not table.anna.explaining
    monkeypatch.undo()
    table.say({"type": "explain", "ref": 8})  # the same connection, the kernel back: the explanation comes
    (explanation,) = [m for m in table.heard() if m["type"] == "explanation"]
    assert explanation["ref"] == 8


def test_a_fault_of_the_server_is_an_error_with_the_ref_and_the_table_goes_on(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    table.heard()

    async def broken(*_args: Any) -> None:
        raise RuntimeError("a bug")

    with monkeypatch.context() as patch:
        patch.setattr(table.table, "on_message", broken)
        table.say({"type": "ping", "ref": "p1"})
    (error,) = table.errors()
    assert error["code"] == "server-error" and error["ref"] == "p1" and "a bug" not in error["message"]
    table.say({"type": "ping", "ref": "p2"})
    assert [m["ref"] for m in table.heard() if m["type"] == "pong"] == ["p2"]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ({"type": "play", "ref": 1}, "card is missing"),
        ({"type": "play", "card": None, "ref": 1}, "card is missing"),
        ({"type": "play", "card": 7, "ref": 1}, "card must be a card written as a string such as 7H, not a number"),
        ({"type": "play", "card": ["7H"], "ref": 1}, "not a list"),
        ({"type": "play", "card": "ZZ", "ref": 1}, "card: 'ZZ' is not a card"),
        ({"type": "pass", "cards": ["QS", None, "AS"], "ref": 1}, "cards[1] is missing"),
        ({"type": None, "ref": 1}, "a message must have a string type, not null"),
    ],
)
def test_a_refused_card_says_what_was_missing_in_the_protocols_words(table: Table, message: dict[str, Any], expected: str) -> None:
    table.heard()
    table.say(message)
    (error,) = table.errors()
    assert expected in error["message"] and error["ref"] == 1
    assert "NoneType" not in error["message"] and "int" not in error["message"].split()


def test_the_lobby_refuses_a_search_bot_the_server_cannot_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_tables, "search_missing", lambda: "numpy; install blackmaria[fast]")
    app = create_app(f"sqlite:///{tmp_path / 'tables.sqlite3'}", lobby_per_minute=0)

    async def scenario() -> tuple[httpx.Response, httpx.Response]:
        async with app.router.lifespan_context(app):
            async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://lobby.test") as http:
                created = (await http.post("/api/tables", json={"rules": "hearts"})).json()
                code, host = created["table"]["code"], {"Authorization": f"Bearer {created['host_token']}"}
                hard = await http.post(f"/api/tables/{code}/bots", json={"level": "hard"}, headers=host)
                medium = await http.post(f"/api/tables/{code}/bots", json={"level": "medium"}, headers=host)
                return hard, medium

    hard, medium = asyncio.run(scenario())
    assert hard.status_code == 422 and "compiled kernel" in hard.json()["detail"] and "blackmaria[fast]" in hard.json()["detail"]
    assert medium.status_code == 200


# A server whose database refuses one table's reads (as "database is locked" would): started as a real process.
FAULTY_SERVER = """
import sys
from sqlalchemy.exc import OperationalError
from blackmaria.server.store import Store

real_table = Store.table

def table(self, code):
    if code == "0" * 16:
        raise OperationalError("SELECT ... FROM bm_tables", {}, Exception("database is locked"))
    return real_table(self, code)

Store.table = table
from blackmaria.cli import main

sys.argv = ["blackmaria", *sys.argv[1:]]
main()
"""


def test_a_fault_while_serving_a_socket_ends_it_with_an_error_and_a_close_frame_not_a_dropped_connection(tmp_path: Path) -> None:
    script = tmp_path / "faulty_server.py"
    script.write_text(FAULTY_SERVER)
    port = free_port()
    args = [
        sys.executable,
        str(script),
        "serve",
        "--port",
        str(port),
        "--db",
        f"sqlite:///{tmp_path / 't.sqlite3'}",
        "--log-level",
        "critical",
    ]
    process = subprocess.Popen(args, env={**os.environ, "BLACKMARIA_DATA_DIR": str(tmp_path)}, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            assert process.poll() is None and time.monotonic() < deadline, "the server did not start"
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/health", trust_env=False).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.05)
        with connect(f"ws://127.0.0.1:{port}/ws/{'0' * 16}", proxy=None, open_timeout=10) as ws:
            error = json.loads(ws.recv(timeout=10))
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=10)
        assert error["type"] == "error" and error["code"] == "server-error"
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1011  # a close frame came: not 1006
    finally:
        process.kill()
        process.wait(10)


def test_the_lobby_and_a_seat_change_refuse_a_bot_level_by_one_rule_and_accept_the_operators_programs(tmp_path: Path) -> None:
    """``BotPrograms.refusal`` is the one check of a bot level: the lobby's "fill with bots" and the host's seat change
    over the socket refuse the same levels with the same list (the built-in levels, then the operator's programs)."""
    loop = asyncio.new_event_loop()
    hub = Hub(Store(f"sqlite:///{tmp_path / 'tables.sqlite3'}"), BotPrograms(commands={"house-bot": "true"}))
    table, _ = loop.run_until_complete(hub.create(Rules.from_data({"preset": "hearts", "target_score": None, "deal_count": 1})))
    _, token = loop.run_until_complete(table.join("Anna", 0))
    anna = Client()
    choices = "is not one of random, easy, medium, hard, expert, house-bot"

    def say(message: dict[str, Any]) -> list[dict[str, Any]]:
        loop.run_until_complete(handle_raw(table, anna, json.dumps(message)))
        heard = []
        while not anna.queue.empty():
            text = anna.queue.get_nowait()
            assert text is not None
            heard.append(json.loads(text))
        return heard

    say({"type": "hello", "protocol": 1, "token": token})
    (refused,) = say({"type": "seat", "seat": 1, "to": "bot", "level": "grandmaster", "ref": 1})
    assert (refused["code"], refused["message"]) == ("bad-message", f"level 'grandmaster' {choices}")
    with pytest.raises(LobbyError) as lobby:
        loop.run_until_complete(table.add_bots("grandmaster", None))
    assert (lobby.value.status, str(lobby.value)) == (422, f"bot level 'grandmaster' {choices}")
    assert not [m for m in say({"type": "seat", "seat": 1, "to": "bot", "level": "house-bot", "ref": 2}) if m["type"] == "error"]
    loop.run_until_complete(table.add_bots("house-bot", [2]))
    assert [(s.kind, s.level) for s in table.seats] == [("human", None), ("bot", "house-bot"), ("bot", "house-bot"), ("empty", None)]
    assert [hub.programs.refusal(level) for level in ("random", "expert", "house-bot")] == [None, None, None]
    hub.close()
    loop.close()


def test_a_seat_change_refuses_a_search_bot_the_server_cannot_run_as_the_lobby_does(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """As on a server installed without blackmaria[fast]: the socket's seat change gave a seat to the hard bot (the
    lobby refused it), and the next game could not start. Both refuse it now, by the one level rule."""
    game = table.table.game
    assert game is not None
    table.say({"type": "pass", "cards": [card_name(c) for c in sorted(game.hand(0))[:3]]})
    while table.table.status == "playing":
        game = table.table.game
        assert game is not None
        table.say({"type": "play", "card": card_name(min(game.legal_cards(0)))})
    table.heard()
    monkeypatch.setitem(sys.modules, "numpy", None)
    monkeypatch.setitem(sys.modules, "blackmaria.bots.search", None)
    table.say({"type": "seat", "seat": 1, "to": "bot", "level": "hard", "ref": 9})
    (error,) = table.errors()
    assert (error["code"], error["ref"]) == ("bad-message", 9)
    assert (
        error["message"].startswith("level 'hard' needs the compiled kernel, not installed here") and "blackmaria[fast]" in error["message"]
    )
    assert table.table.seats[1].level == "random"
    with pytest.raises(LobbyError, match="needs the compiled kernel"):
        table.run(table.table.add_bots("expert", None))
    table.say({"type": "seat", "seat": 1, "to": "bot", "level": "medium", "ref": 10})
    assert table.errors() == [] and table.table.seats[1].level == "medium"


def test_serve_takes_a_file_path_for_its_database_and_names_a_bad_one(tmp_path: Path) -> None:
    """A play-test gave ``--db`` a file path and read SQLAlchemy's traceback: a path is a SQLite file, anything else
    that is no database URL is refused with what was wrong."""
    from click.testing import CliRunner

    from blackmaria.cli import main as cli
    from blackmaria.server.commands import database_url

    assert database_url(str(tmp_path / "tables.sqlite3")) == f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    assert database_url("postgresql+psycopg://anna@localhost/tables") == "postgresql+psycopg://anna@localhost/tables"
    for value, said in [
        (str(tmp_path / "missing" / "t.sqlite3"), f"the folder '{tmp_path / 'missing'}' does not exist"),
        ("mysqlx://anna@host/t", "is not a database URL"),
        ("bad url://x", "is not a database URL"),
    ]:
        result = CliRunner().invoke(cli, ["serve", "--db", value])
        assert result.exit_code == 2 and "Invalid value for --db" in result.output and said in result.output, result.output
        assert "Traceback" not in result.output
