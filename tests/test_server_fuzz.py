"""Hypothesis against the message handler: whatever a client sends, it gets errors to itself only and the table goes on."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from blackmaria.cards import card_name
from blackmaria.record import game_from_record
from blackmaria.rules import Rules
from blackmaria.server.protocol import ClientMessage, ProtocolError, RateLimit, parse_message
from blackmaria.server.store import Store
from blackmaria.server.tables import Client, Hub, TableRuntime, handle_raw

CARD_TEXT = st.sampled_from([card_name(c) for c in range(52)] + ["10H", "qs", "Q\u2660", "1S", "ZZ", "", "AS ", "\u00bdH"])
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
MESSAGES = st.one_of(
    st.fixed_dictionaries({"type": st.just("play"), "card": CARD_TEXT | JSON_VALUES}),
    st.fixed_dictionaries({"type": st.just("pass"), "cards": st.lists(CARD_TEXT, max_size=5) | JSON_VALUES}),
    st.fixed_dictionaries({"type": st.just("chat"), "text": st.text(max_size=400) | JSON_VALUES}),
    st.fixed_dictionaries({"type": st.sampled_from(["hello", "ping", "shout", "PLAY"]), "ref": JSON_VALUES}),
    st.dictionaries(st.sampled_from(["type", "card", "cards", "ref", "token", "protocol", "x"]), JSON_VALUES, max_size=4),
    JSON_VALUES,
)
RAW = st.one_of(MESSAGES.map(json.dumps), st.text(max_size=200), st.binary(max_size=200), st.just("[" * 5000 + "]" * 5000))


@given(RAW)
@settings(max_examples=500, deadline=None, derandomize=True)
def test_parse_message_raises_only_protocol_errors(raw: str | bytes) -> None:
    try:
        message: ClientMessage = parse_message(raw)
    except ProtocolError as error:
        data = error.to_message()
        assert data["type"] == "error" and isinstance(data["message"], str)
        json.dumps(data)
    else:
        assert type(message).__name__ in ("Hello", "PassCards", "PlayCard", "Chat", "Ping", "AskHint", "AskExplanation", "AskCount")


class LiveTable:
    """A real table over a real SQLite file, with two humans attached as the socket would attach them, and two bots."""

    def __init__(self, db: Path) -> None:
        self.loop = asyncio.new_event_loop()
        self.hub = Hub(Store(f"sqlite:///{db}"))
        table, host = self.run(self.hub.create(Rules.from_data({"preset": "hearts", "target_score": None, "deal_count": 1})))
        self.table: TableRuntime = table
        self.run(table.join("Anna", 0))
        self.run(table.join("Ben", 2))
        self.run(table.add_bots("random", None))
        self.anna, self.ben = Client(), Client()
        for client in (self.anna, self.ben):
            client.rate = RateLimit(rate=1e9, burst=1e9)
            client.seat = 0 if client is self.anna else 2
            client.attached = True
            table.clients.add(client)
        self.run(table.start())
        self.games_finished = 0

    def run(self, coroutine: Any) -> Any:
        return self.loop.run_until_complete(coroutine)

    def take(self, client: Client) -> list[dict[str, Any]]:
        out = []
        while not client.queue.empty():
            text = client.queue.get_nowait()
            assert text is not None, "a connection was closed"
            out.append(json.loads(text))
        return out

    def close(self) -> None:
        self.hub.close()
        self.loop.close()


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveTable]:
    table = LiveTable(tmp_path_factory.mktemp("fuzz") / "tables.sqlite3")
    yield table
    assert table.games_finished >= 1, "the fuzz never got through a whole game"
    table.close()


@given(st.lists(RAW, min_size=1, max_size=8), st.booleans())
@settings(
    max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
def test_any_messages_leave_the_table_going(live: LiveTable, raws: list[str | bytes], legal_move: bool) -> None:
    table = live.table
    live.take(live.anna)
    live.take(live.ben)
    for raw in raws:
        live.run(handle_raw(table, live.anna, raw))
    if legal_move:  # now and then a real move, so the fuzz reaches passes, plays and later deals
        game = table.game
        assert game is not None
        if game.phase == "passing" and not game.has_passed(0):
            live.run(handle_raw(table, live.anna, json.dumps({"type": "pass", "cards": [card_name(c) for c in sorted(game.hand(0))[:3]]})))
        elif game.phase == "playing" and game.turn == 0:
            live.run(handle_raw(table, live.anna, json.dumps({"type": "play", "card": card_name(min(game.legal_cards()))})))
        if game.phase == "passing" and not game.has_passed(2):
            live.run(handle_raw(table, live.ben, json.dumps({"type": "pass", "cards": [card_name(c) for c in sorted(game.hand(2))[:3]]})))
        elif game.phase == "playing" and game.turn == 2:
            live.run(handle_raw(table, live.ben, json.dumps({"type": "play", "card": card_name(min(game.legal_cards()))})))
    to_anna, to_ben = live.take(live.anna), live.take(live.ben)
    assert {m["type"] for m in to_anna} <= {"error", "update", "pong", "chat", "table"}
    assert not any(m["type"] in ("error", "pong") for m in to_ben), [m for m in to_ben if m["type"] in ("error", "pong")]
    assert all(
        m["code"]
        in (
            "bad-json",
            "bad-message",
            "unknown-type",
            "too-large",
            "protocol-version",
            "hello-first",
            "illegal",
            "bad-card",
            "bad-text",
            "not-started",
        )
        for m in to_anna
        if m["type"] == "error"
    )
    game = table.game
    assert game is not None
    # The game in memory is the stored game: replaying the stored actions gives the same record.
    rebuilt = TableRuntime(table.store, table.store.table(table.code))  # type: ignore[arg-type]
    assert rebuilt.game is not None and rebuilt.seq == table.seq
    assert game_from_record(rebuilt.game.to_record()).to_record() == game.to_record()
    if game.is_over:
        live.games_finished += 1
        live.run(table.start())
