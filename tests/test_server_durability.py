"""SIGKILL the server mid-deal, start it again over the same SQLite file, reconnect with the same tokens, finish the game."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from blackmaria.record import game_from_record
from blackmaria.server.shuffle import verify_record
from test_server_helpers import Server, play_until


def stored_seq(db: Path, code: str) -> int:
    with sqlite3.connect(db) as conn:
        row = conn.execute(
            "SELECT MAX(a.seq) FROM bm_actions a JOIN bm_tables t ON t.id = a.table_id WHERE t.code = ? AND a.game_no = t.game_no", (code,)
        ).fetchone()
    return int(row[0] or 0)


def test_sigkill_mid_deal_loses_no_accepted_action(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    server = Server(db).start()
    rules = {"preset": "hearts", "target_score": None, "deal_count": 2}
    try:
        code, host = server.create_table(rules)
        seats = [server.join(code, "Anna", 0), server.join(code, "Ben", 2)]
        server.bots(code, host)
        anna, ben = (server.connect(code, token) for _, token in seats)
        server.start_game(code, host)
        play_until([anna, ben], lambda: anna.state is not None and len(anna.state["played"]) >= 17)
        # Kill while a move may be in flight: whoever is to move sends a card, and the process dies at once.
        for player in (anna, ben):
            player.act()
        server.kill()
        for player in (anna, ben):
            player.drain(0.2)
        told = max(m["seq"] for p in (anna, ben) for m in p.messages if "seq" in m)
        assert stored_seq(db, code) >= told, "a client was told of an action that was not yet committed"
        played_before = [e["card"] for m in anna.messages if m["type"] == "update" for e in m["events"] if e["type"] == "CardPlayed"]
        hand_before = anna.state["hand"] if anna.state is not None else None
        anna.close()
        ben.close()

        server = Server(db, port=server.port).start()
        assert server.http.get(f"/api/tables/{code}").json()["status"] == "playing"
        anna, ben = (server.connect(code, token) for _, token in seats)
        assert anna.seat == 0 and ben.seat == 2
        assert anna.seq == stored_seq(db, code) >= told
        assert anna.state is not None and hand_before is not None
        assert set(anna.state["hand"]) <= set(hand_before)  # the same deal goes on (at most Anna's in-flight card left her hand)
        play_until([anna, ben], lambda: anna.over() and ben.over())
        record = server.http.get(f"/api/tables/{code}/record").json()
        game = game_from_record(record)
        assert game.is_over and game.totals == anna.state["totals"]
        assert record["deals"][0]["plays"][: len(played_before)] == played_before
        assert all(check.ok for check in verify_record(record))
        anna.close()
        ben.close()
    finally:
        server.stop()
