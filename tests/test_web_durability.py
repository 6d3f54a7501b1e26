"""The issue's scene in the browser: two people and two bots play, the server is killed mid-deal and started again,
both pages reconnect by themselves with the seats and hands they had, and the game is finished."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from browser import chromium, needs_chromium
from test_server_helpers import Server
from test_web_client import Seat, anna_and_ben, tricks_won
from web_helpers import PHONE, hand, sheet_row

pytestmark = needs_chromium


def play(seats: list[Seat], until: Any, what: str) -> None:
    deadline = time.monotonic() + 180
    while not until():
        assert time.monotonic() < deadline, f"{what} did not happen in time"
        acted = False
        for seat in seats:
            acted = seat.act() or acted
        if not acted:
            seats[0].page.wait_for_timeout(40)


def test_two_browsers_finish_a_game_across_a_server_kill(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    server = Server(db).start()
    try:
        with chromium() as browser:
            anna_page, ben_page = anna_and_ben(browser, server.base, PHONE)
            anna, ben = Seat(anna_page), Seat(ben_page)
            anna.refused = ben.refused = True  # no deliberate refusals here: this test is about the restart
            play([anna, ben], lambda: tricks_won(anna_page) >= 5, "five tricks")

            hands = {page: sorted(hand(page)) for page in (anna_page, ben_page)}
            server.kill()
            anna_page.wait_for_function("() => document.getElementById('connection').textContent.length > 0")
            server = Server(db, port=server.port).start()
            for page in (anna_page, ben_page):  # each page reconnects on its own, with its token, to the same seat and hand
                page.wait_for_function("() => document.getElementById('connection').textContent === ''", timeout=30_000)
                assert sorted(hand(page)) == hands[page]

            play([anna, ben], lambda: anna_page.locator("#result:not([hidden])").count() > 0, "the end of the game")
            for page in (anna_page, ben_page):
                page.wait_for_selector("#sheet-table tbody tr[data-deal='1']")
                assert sum(sheet_row(page, 1)) in (26, 78)
                assert tricks_won(page) == 13
                assert (page.text_content("#shuffle-check") or "").startswith("✓ Deal 1 checked")
            assert anna_page.errors == [] and ben_page.errors == []
    finally:
        server.stop()
