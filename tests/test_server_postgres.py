"""The PostgreSQL path: a whole game through a real server over PostgreSQL, SIGKILLed mid-deal and restarted.

Runs when ``BLACKMARIA_TEST_POSTGRES_URL`` names a database the test may
fill (``postgresql+psycopg://USER@127.0.0.1:PORT/DB``); CI starts Debian's
``postgresql`` and sets it.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from websockets.sync.client import connect

from blackmaria.server.shuffle import verify_record
from test_server_helpers import ONE_DEAL_HEARTS, Server, kill_mid_deal_and_finish, play_until, stored_seq

POSTGRES_URL = os.environ.get("BLACKMARIA_TEST_POSTGRES_URL")
pytestmark = pytest.mark.skipif(not POSTGRES_URL, reason="set BLACKMARIA_TEST_POSTGRES_URL to run the PostgreSQL path")


def test_a_game_over_postgresql_survives_sigkill(tmp_path: Path) -> None:
    assert POSTGRES_URL is not None
    unused = tmp_path / "unused.sqlite3"
    kill_mid_deal_and_finish(lambda port: Server(unused, port=port, db_url=POSTGRES_URL).start(), ONE_DEAL_HEARTS, played=21)


def test_two_processes_share_the_database_one_serves_each_table_and_the_other_takes_over(tmp_path: Path) -> None:
    assert POSTGRES_URL is not None
    first = Server(tmp_path / "unused.sqlite3", db_url=POSTGRES_URL).start()
    second = Server(tmp_path / "unused.sqlite3", db_url=POSTGRES_URL).start()
    try:
        code, host = first.create_table(ONE_DEAL_HEARTS)
        seats = [first.join(code, "Anna", 0), first.join(code, "Ben", 2)]  # the first process to serve the code holds it
        first.bots(code, host)
        answer = second.http.get(f"/api/tables/{code}")
        assert answer.status_code == 421 and "another process" in answer.json()["detail"]
        with connect(f"{second.ws_base}/ws/{code}", proxy=None) as ws:
            assert json.loads(ws.recv(timeout=5))["code"] == "elsewhere"
        anna, ben = (first.connect(code, token) for _, token in seats)
        first.start_game(code, host)
        play_until([anna, ben], lambda: anna.state is not None and len(anna.state["played"]) >= 9)
        first.kill()  # its database session ends, and with it the table's lock
        for player in (anna, ben):
            player.drain(0.2)
        told = max(m["seq"] for p in (anna, ben) for m in p.messages if "seq" in m)
        anna.close()
        ben.close()
        deadline = time.monotonic() + 10
        while second.http.get(f"/api/tables/{code}").status_code == 421:
            assert time.monotonic() < deadline, "the lock of the killed process was not released"
            time.sleep(0.1)
        anna, ben = (second.connect(code, token) for _, token in seats)
        assert anna.seq == stored_seq(POSTGRES_URL, code) >= told
        play_until([anna, ben], lambda: anna.over() and ben.over())
        assert all(check.ok for check in verify_record(second.http.get(f"/api/tables/{code}/record").json()))
        anna.close()
        ben.close()
    finally:
        first.stop()
        second.stop()
