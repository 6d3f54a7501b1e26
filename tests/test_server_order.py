"""A connection that reads late still gets the whole game in order: no final state with only deal 1's totals.

The flake of issue 19 (item 5): a whole-game test once saw a watcher's final
state with deal 1's totals while the players had both deals. The test had
read the watcher for a fixed quiet time (0.2 s) and taken what had arrived as
final; on a loaded machine deal 2's updates were still on their way (fixed in
d6d89f7: the test waits for game-over). What the server guarantees, checked
here: every update reaches each connection in order, with its seq rising, the
last one is the game-over state with every deal's points, and it comes before
the table says the game is over.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from blackmaria.rules import Rules
from blackmaria.server.protocol import RateLimit
from blackmaria.server.store import Store
from blackmaria.server.tables import Client, Hub, handle_raw


def test_a_watcher_that_reads_only_at_the_end_gets_every_deal_in_order(tmp_path: Path) -> None:
    loop = asyncio.new_event_loop()
    hub = Hub(Store(f"sqlite:///{tmp_path / 'tables.sqlite3'}"))
    table, _ = loop.run_until_complete(hub.create(Rules.from_data({"preset": "hearts", "target_score": None, "deal_count": 3})))
    loop.run_until_complete(table.add_bots("random", None))
    watcher = Client()
    watcher.rate = RateLimit(rate=1e9, burst=1e9)
    loop.run_until_complete(handle_raw(table, watcher, json.dumps({"type": "hello", "protocol": 1})))
    loop.run_until_complete(table.start())  # four bots: the whole game is played now, and the watcher reads nothing meanwhile
    game = table.game
    assert game is not None and game.is_over
    heard = []
    while not watcher.queue.empty():
        text = watcher.queue.get_nowait()
        assert text is not None, "the watcher's connection was closed"
        heard.append(json.loads(text))
    updates = [m for m in heard if m["type"] == "update"]
    seqs = [m["seq"] for m in updates]
    assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs) and seqs[-1] == table.seq
    final = updates[-1]["state"]
    assert final["phase"] == "game-over" and final["totals"] == list(game.totals) and len(final["deal_points"]) == 3
    scored = [e["deal"] for m in updates for e in m["events"] if e["type"] == "DealScored"]
    assert scored == [0, 1, 2]
    over = max(i for i, m in enumerate(heard) if m["type"] == "table" and m["table"]["status"] == "over")
    assert over > heard.index(updates[-1])  # the game-over state first, then the table's status
    hub.close()
    loop.close()
