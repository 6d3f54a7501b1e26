"""While a bot run is being committed, nobody hears of it: not in a ping's answer, the lobby or a deal counted in public.

A run of quick bot moves is applied in memory, committed in one batch, and
only then told. The commit awaits the disk, and meanwhile the event loop
answers other requests; they must see the table as it was last told.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from blackmaria.cards import card_name
from blackmaria.rules import Rules
from blackmaria.server.protocol import RateLimit
from blackmaria.server.store import ActionRow, Store
from blackmaria.server.tables import Client, Hub, handle_raw

PLAYS_IN_A_DEAL = 52


class HeldStore(Store):
    """A real SQLite store that holds the commit carrying the deal's last card until the test lets it through."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.plays = 0
        self.holding = threading.Event()
        self.release = threading.Event()

    def append_actions(self, batch: Sequence[tuple[int, int, ActionRow]]) -> None:
        self.plays += sum(1 for _, _, action in batch if action.kind == "play")
        if self.plays == PLAYS_IN_A_DEAL:
            self.holding.set()
            assert self.release.wait(10), "the test never let the commit through"
        super().append_actions(batch)


def messages(client: Client) -> list[dict[str, Any]]:
    out = []
    while not client.queue.empty():
        text = client.queue.get_nowait()
        assert text is not None
        out.append(json.loads(text))
    return out


def test_the_last_tricks_of_a_deal_are_heard_of_only_once_committed(tmp_path: Path) -> None:
    loop = asyncio.new_event_loop()
    store = HeldStore(f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    hub = Hub(store)
    try:
        table, _ = loop.run_until_complete(hub.create(Rules.from_data({"preset": "hearts", "target_score": None, "deal_count": 1})))
        loop.run_until_complete(table.add_bots("random", None))
        watcher = Client()
        watcher.rate = RateLimit(rate=1e9, burst=1e9)
        loop.run_until_complete(handle_raw(table, watcher, json.dumps({"type": "hello", "protocol": 1})))
        game = loop.create_task(table.start())  # four bots: the whole game is one bot run after another
        assert loop.run_until_complete(asyncio.to_thread(store.holding.wait, 10)), "the deal's last commit never came"

        # The deal is over in memory, and its last trick is on its way to the disk.
        assert table.game is not None and table.game.is_over
        told = [m for m in messages(watcher) if m["type"] == "update"]
        last_told = told[-1]["seq"]
        assert table.seq > last_told
        loop.run_until_complete(handle_raw(table, watcher, json.dumps({"type": "ping", "ref": 1})))
        loop.run_until_complete(handle_raw(table, watcher, json.dumps({"type": "count", "deal": 0, "ref": 2})))
        pong, count = messages(watcher)
        assert pong == {"type": "pong", "ref": 1, "seq": last_told}
        assert count["type"] == "error" and count["code"] == "no-deal", count
        lobby = table.info()
        assert (lobby["seq"], lobby["phase"], lobby["totals"]) == (last_told, "playing", [0, 0, 0, 0])

        # Committed: now everyone hears of it, and the same requests see the finished deal.
        store.release.set()
        loop.run_until_complete(game)
        final = [m for m in messages(watcher) if m["type"] == "update"][-1]
        assert final["seq"] == table.seq and final["state"]["phase"] == "game-over"
        loop.run_until_complete(handle_raw(table, watcher, json.dumps({"type": "ping", "ref": 3})))
        loop.run_until_complete(handle_raw(table, watcher, json.dumps({"type": "count", "deal": 0, "ref": 4})))
        pong, count = messages(watcher)
        assert pong["seq"] == table.seq and count["type"] == "count"
        lobby = table.info()
        assert lobby["phase"] == "game-over" and lobby["totals"] == final["state"]["totals"]
    finally:
        store.release.set()
        hub.close()
        loop.close()


class CountingStore(Store):
    """A real SQLite store that keeps each committed batch's action kinds and seats."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.batches: list[list[tuple[str, int | None]]] = []

    def append_actions(self, batch: Sequence[tuple[int, int, ActionRow]]) -> None:
        super().append_actions(batch)
        self.batches.append([(action.kind, action.seat) for _, _, action in batch])


def test_each_of_a_persons_plays_is_committed_and_told_with_the_quick_bots_answers_in_one_update(tmp_path: Path) -> None:
    loop = asyncio.new_event_loop()
    store = CountingStore(f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    hub = Hub(store)
    try:
        table, _ = loop.run_until_complete(hub.create(Rules.from_data({"preset": "hearts", "target_score": None, "deal_count": 1})))
        _, token = loop.run_until_complete(table.join("Anna", 0))
        loop.run_until_complete(table.add_bots("random", None))
        anna = Client()
        anna.rate = RateLimit(rate=1e9, burst=1e9)
        loop.run_until_complete(handle_raw(table, anna, json.dumps({"type": "hello", "protocol": 1, "token": token})))
        loop.run_until_complete(table.start())
        game = table.game
        assert game is not None
        loop.run_until_complete(handle_raw(table, anna, json.dumps({"type": "pass", "cards": game.hand(0).names()[:3]})))
        assert game.phase == "playing" and game.turn == 0  # the bots led up to Anna's first card
        # Every card of hers in the deal, wherever she sits in the trick (the shuffle is not seeded: thirteen runs of
        # every length from her card alone, when she takes the trick, to six).
        while not game.is_over:
            messages(anna)
            store.batches.clear()
            card = min(game.legal_cards(0))
            loop.run_until_complete(handle_raw(table, anna, json.dumps({"type": "play", "card": card_name(card)})))
            assert game.turn == 0 or game.is_over  # the bots answered, up to Anna's next card
            # Her card and the bots' answers: one commit and one update, however many cards (the page lays an update's
            # cards one after another and hands her the turn after the last: cut at four cards, the last came alone
            # and was drawn at once, turn and all).
            updates = [m for m in messages(anna) if m["type"] == "update"]
            assert len(updates) == len(store.batches) == 1, store.batches
            assert store.batches[0][0] == ("play", 0)
            assert [e["seat"] for e in updates[0]["events"] if e["type"] == "CardPlayed"] == [seat for _, seat in store.batches[0]]
    finally:
        hub.close()
        loop.close()


def test_a_watcher_of_computer_players_is_told_a_trick_at_a_time(tmp_path: Path) -> None:
    """Each update of a deal played by bots alone holds at most one finished trick, and a deal's start comes before its
    cards: the page lays the cards of such an update one after another (it draws an update of two tricks, or of a new
    deal, at once)."""
    loop = asyncio.new_event_loop()
    hub = Hub(Store(f"sqlite:///{tmp_path / 'tables.sqlite3'}"))
    try:
        table, _ = loop.run_until_complete(hub.create(Rules.from_data({"preset": "hearts", "target_score": None, "deal_count": 2})))
        loop.run_until_complete(table.add_bots("random", None))
        watcher = Client()
        watcher.rate = RateLimit(rate=1e9, burst=1e9)
        loop.run_until_complete(handle_raw(table, watcher, json.dumps({"type": "hello", "protocol": 1})))
        loop.run_until_complete(table.start())
        assert table.game is not None and table.game.is_over
        updates = [[e["type"] for e in m["events"]] for m in messages(watcher) if m["type"] == "update"]
        assert sum(kinds.count("CardPlayed") for kinds in updates) == 2 * PLAYS_IN_A_DEAL
        assert all(kinds.count("TrickWon") <= 1 for kinds in updates), updates
        assert not any("DealStarted" in kinds and "CardPlayed" in kinds for kinds in updates), updates
        assert len(updates) >= 2 * 13  # a trick at a time, not a deal
    finally:
        hub.close()
        loop.close()
