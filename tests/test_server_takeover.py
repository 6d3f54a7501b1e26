"""A table taken over mid-game (its process died) goes on by itself: its bots answer the action the dead process stored.

With several processes over one database, a table is loaded by the process
that next gets a request for it, not at start-up. If the dead process had
committed a person's card but not yet its bots' answers, the table must
still go on once loaded, as ``Hub.recover`` lets it go on at start-up.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from blackmaria.cards import card_name
from blackmaria.rules import Rules
from blackmaria.server.store import Store
from blackmaria.server.tables import Hub, TableRuntime


def test_a_table_loaded_in_play_lets_its_bots_answer_the_last_stored_action(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    loop = asyncio.new_event_loop()
    first = Hub(Store(url))
    table, _ = loop.run_until_complete(first.create(Rules.from_data({"preset": "hearts", "target_score": None, "deal_count": 1})))
    loop.run_until_complete(table.join("Anna", 0))
    loop.run_until_complete(table.add_bots("random", None))
    loop.run_until_complete(table.start())
    game = table.game
    assert game is not None and game.phase == "passing"
    loop.run_until_complete(table._act("pass", 0, {"cards": [card_name(c) for c in sorted(game.hand(0))[:3]]}, by_bot=False))
    loop.run_until_complete(table.advance())  # the bots play up to Anna's first card
    while True:
        assert game.phase == "playing" and game.turn == 0
        loop.run_until_complete(table._act("play", 0, {"card": card_name(min(game.legal_cards(0)))}, by_bot=False))
        if game.turn != 0:
            break  # a bot is to answer Anna's card: the process dies here, before it does
    code, table_id, game_no, stored = table.code, table.id, table.game_no, table.seq
    first.close()

    # Another process: loads the table when first asked for it (not at start-up: recover is not run).
    second = Hub(Store(url))

    async def ask() -> int:
        taken = second.get(code)
        assert taken is not None and taken.game is not None and taken.seq == stored and taken.game.turn != 0
        deadline = time.monotonic() + 10
        while taken.game.turn != 0 and not taken.game.is_over:
            assert time.monotonic() < deadline, "the bots never answered after the takeover"
            await asyncio.sleep(0.01)
        async with taken.lock:
            return taken.seq

    after = loop.run_until_complete(ask())
    assert after > stored  # the bots answered Anna's card, up to her next turn
    actions = second.store.actions(table_id, game_no)
    assert [a.seq for a in actions] == list(range(1, after + 1)) and all(a.by_bot for a in actions[stored:])
    second.close()
    loop.close()


def test_a_table_as_created_is_the_table_as_loaded_from_the_store(tmp_path: Path) -> None:
    """A new table is built from what was just written (no queries in the event loop): the same as one read back."""
    url = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    loop = asyncio.new_event_loop()
    hub = Hub(Store(url))
    try:
        rules = Rules.from_data({"preset": "black-maria", "players": 5})
        created, _ = loop.run_until_complete(hub.create(rules, turn_seconds=30))
        assert hub.get(created.code) is created
        loaded = TableRuntime(hub.store, hub.store.table(created.code))  # type: ignore[arg-type]
        assert loaded.info() == created.info()
        assert (loaded.seats, list(loaded.chat), loaded.host_hash) == (created.seats, list(created.chat), created.host_hash)
        assert loaded.rules == created.rules and loaded.turn_seconds == created.turn_seconds == 30
    finally:
        hub.close()
        loop.close()
