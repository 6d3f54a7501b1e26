"""SIGKILL the server mid-deal, start it again over the same SQLite file, reconnect with the same tokens, finish the game."""

from __future__ import annotations

from pathlib import Path

from test_server_helpers import Server, kill_mid_deal_and_finish


def test_sigkill_mid_deal_loses_no_accepted_action(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    rules = {"preset": "hearts", "target_score": None, "deal_count": 2}
    kill_mid_deal_and_finish(lambda port: Server(db, port=port).start(), rules, played=17)
