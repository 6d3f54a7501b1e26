"""Shared by the server tests: a real ``blackmaria serve`` process on a free loopback port, and WebSocket players.

Everything goes over real sockets to a real process with a real SQLite file.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

# One deal is a whole game: a whole game over the network stays fast.
ONE_DEAL_HEARTS: dict[str, Any] = {"preset": "hearts", "target_score": None, "deal_count": 1}
# One deal of Hearts where only 2♣ scores (1 point, no moon), and it goes in the first trick: from the second trick on
# nothing left can score, so the rest may be claimed (the claim's tests).
TWO_OF_CLUBS_ONLY: dict[str, Any] = {
    **ONE_DEAL_HEARTS,
    "moon": "off",
    "card_values": {**{f"{rank}H": 0 for rank in "23456789TJQKA"}, "QS": 0, "2C": 1},
}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """``python -m blackmaria.cli serve`` in a subprocess, over the SQLite file ``db`` (or the database at ``db_url``)."""

    def __init__(self, db: Path, port: int | None = None, db_url: str | None = None, extra_args: Sequence[str] = ()) -> None:
        self.db = db
        self.extra_args = list(extra_args)
        self.db_url = db_url or f"sqlite:///{db}"
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.http = httpx.Client(base_url=self.base, trust_env=False, timeout=10)

    def start(self) -> Server:
        env = {**os.environ, "BLACKMARIA_DATA_DIR": str(self.db.parent)}
        # The tests create tables faster than any person: the lobby's rate limit is tested on its own.
        limit = [] if "--lobby-rate" in self.extra_args else ["--lobby-rate", "0"]
        args = ["serve", "--port", str(self.port), "--db", self.db_url, "--log-level", "warning", *limit, *self.extra_args]
        self.process = subprocess.Popen([sys.executable, "-m", "blackmaria.cli", *args], env=env, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}")
            try:
                if self.http.get("/api/health").status_code == 200:
                    return self
            except httpx.TransportError:
                time.sleep(0.05)
        raise RuntimeError("the server did not answer within 30 s")

    def kill(self) -> None:
        """SIGKILL: no chance to flush or close anything."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.http.close()

    # ---- the lobby ------------------------------------------------------------
    def create_table(self, rules: Any = None, players: int | None = None) -> tuple[str, str]:
        body: dict[str, Any] = {"rules": ONE_DEAL_HEARTS if rules is None else rules}
        if players is not None:
            body["players"] = players
        answer = self.http.post("/api/tables", json=body)
        assert answer.status_code == 201, answer.text
        data = answer.json()
        return data["table"]["code"], data["host_token"]

    def join(self, code: str, name: str, seat: int | None = None) -> tuple[int, str]:
        answer = self.http.post(f"/api/tables/{code}/seats", json={"name": name, "seat": seat})
        assert answer.status_code == 201, answer.text
        return answer.json()["seat"], answer.json()["token"]

    def bots(self, code: str, token: str, level: str = "medium", seats: list[int] | None = None) -> None:
        body: dict[str, Any] = {"level": level} if seats is None else {"level": level, "seats": seats}
        answer = self.http.post(f"/api/tables/{code}/bots", json=body, headers={"Authorization": f"Bearer {token}"})
        assert answer.status_code == 200, answer.text

    def start_game(self, code: str, token: str) -> dict[str, Any]:
        answer = self.http.post(f"/api/tables/{code}/start", headers={"Authorization": f"Bearer {token}"})
        assert answer.status_code == 200, answer.text
        result: dict[str, Any] = answer.json()
        return result

    def connect(self, code: str, token: str | None, host: str | None = None) -> Player:
        return Player(self, code, token, host)


@contextmanager
def running_server(db: Path, extra_args: Sequence[str] = ()) -> Iterator[Server]:
    server = Server(db, extra_args=extra_args).start()
    try:
        yield server
    finally:
        server.stop()


class Player:
    """A WebSocket client that keeps every message it receives and plays the first legal card when asked."""

    def __init__(self, server: Server, code: str, token: str | None, host: str | None = None) -> None:
        self._stack = ExitStack()
        self.ws: ClientConnection = self._stack.enter_context(connect(f"{server.ws_base}/ws/{code}", proxy=None, open_timeout=10))
        self.messages: list[dict[str, Any]] = []
        self.seat: int | None = None
        self.state: dict[str, Any] | None = None
        self.seq = 0
        self.pending = False
        self.errors: list[dict[str, Any]] = []
        hello: dict[str, Any] = {"type": "hello", "protocol": 1}
        if token is not None:
            hello["token"] = token
        if host is not None:
            hello["host"] = host
        self.send(hello)
        welcome = self.recv()
        assert welcome["type"] == "welcome", welcome
        self.seat = welcome["seat"]
        self.host: bool = welcome["host"]
        self.rules: dict[str, Any] = welcome["table"]["rules"]

    def send(self, message: dict[str, Any] | str) -> None:
        # A person never sends 10 messages a second: stay under the protocol's rate limit, as a client must.
        wait = getattr(self, "_last_send", 0.0) + 0.12 - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        self._last_send = time.monotonic()
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def flood(self, message: dict[str, Any], count: int) -> None:
        """Send `count` copies at once, past the rate limit, as a misbehaving client would."""
        for _ in range(count):
            self.ws.send(json.dumps(message))
        self._last_send = time.monotonic()

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        self.messages.append(message)
        if message["type"] in ("welcome", "update"):
            self.seq = message["seq"]
            self.state = message["state"]
            if any(e.get("seat") == self.seat and e["type"] in ("CardPlayed", "CardsPassed") for e in message.get("events", [])):
                self.pending = False
        elif message["type"] == "error":
            self.errors.append(message)
            self.pending = False
        return message

    def recv_until(self, kind: str, timeout: float = 10) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            message = self.recv(max(0.01, deadline - time.monotonic()))
            if message["type"] == kind:
                return message

    def drain(self, timeout: float = 0.0) -> None:
        """Read every message that arrives within ``timeout`` of the last (all of them, once the connection is closed)."""
        try:
            while True:
                self.recv(timeout)
        except (TimeoutError, ConnectionClosed):
            pass

    def wait_until(self, done: Callable[[], bool], timeout: float = 10) -> None:
        """Read messages until ``done()``. A fixed quiet time is no proof that the server has sent everything on a loaded machine."""
        deadline = time.monotonic() + timeout
        while not done():
            left = deadline - time.monotonic()
            assert left > 0, f"seat {self.seat}: still waiting after {timeout} s; last state {self.state}"
            try:
                self.recv(min(left, 0.5))
            except TimeoutError:
                pass

    def waits_for_a_human(self, humans: Sequence[int]) -> bool:
        """Whether this connection's latest state is one where the table waits for one of ``humans`` (bots have done)."""
        state = self.state
        if state is None:
            return False
        if state["phase"] == "passing":
            return any(not state["has_passed"][seat] for seat in humans)
        return state["phase"] == "game-over" or (state["phase"] == "playing" and state["turn"] in humans)

    def over(self) -> bool:
        return self.state is not None and self.state["phase"] == "game-over"

    def act(self) -> bool:
        """Pass or play if it is this seat's move and nothing is on its way; return whether it sent something."""
        state = self.state
        if self.pending or state is None or self.seat is None:
            return False
        if state["phase"] == "passing" and not state["has_passed"][self.seat]:
            passable = [card for card in state["hand"] if card not in self.rules["pass_forbidden"]]
            self.send({"type": "pass", "cards": passable[: self.rules["pass_count"]]})
        elif state["phase"] == "playing" and state["turn"] == self.seat:
            self.send({"type": "play", "card": state["legal"][0]})
        else:
            return False
        self.pending = True
        return True

    def close(self) -> None:
        """Read what is still on its way (a client that stops reading cannot finish the closing handshake), then close."""
        self.drain(0.05)
        self._stack.close()


def play_until(players: list[Player], done: Any, timeout: float = 30) -> None:
    """Let the human players act on their latest states until ``done()`` or the time runs out."""
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, "the game did not get on within the time"
        for player in players:
            player.drain(0.02)
            player.act()


def settle(players: Sequence[Player]) -> None:
    """Wait until every move the players sent has come back and the table waits for one of them: nothing more is on its way."""
    humans = [p.seat for p in players if p.seat is not None]
    for player in players:
        player.wait_until(lambda: not player.pending)  # noqa: B023 (called at once, in this turn of the loop)
    last = max(player.seq for player in players)
    for player in players:
        player.wait_until(lambda: player.seq >= last and player.waits_for_a_human(humans))  # noqa: B023


def stored_seq(db_url: str, code: str) -> int:
    """The last action stored for the current game of table ``code`` (SQLite or PostgreSQL)."""
    from sqlalchemy import create_engine, text

    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            value = conn.execute(
                text(
                    "SELECT MAX(a.seq) FROM bm_actions a JOIN bm_tables t ON t.id = a.table_id"
                    " WHERE t.code = :code AND a.game_no = t.game_no"
                ),
                {"code": code},
            ).scalar()
    finally:
        engine.dispose()
    return int(value or 0)


def kill_mid_deal_and_finish(start: Any, rules: dict[str, Any], played: int) -> None:
    """The durability scenario: two players and two bots; SIGKILL the server once ``played`` cards are out, with a move
    in flight; check no client was told of an action the database lacks; start the server again (``start(port)``) on
    the same database and port; reconnect both players with their tokens; finish the game; check the record.
    """
    from blackmaria.record import game_from_record
    from blackmaria.server.shuffle import verify_record

    server: Server = start(None)
    try:
        code, host = server.create_table(rules)
        seats = [server.join(code, "Anna", 0), server.join(code, "Ben", 2)]
        server.bots(code, host)
        anna, ben = (server.connect(code, token) for _, token in seats)
        server.start_game(code, host)
        play_until([anna, ben], lambda: anna.state is not None and len(anna.state["played"]) >= played)
        for player in (anna, ben):  # whoever is to move sends a card, and the process dies at once
            player.act()
        server.kill()
        for player in (anna, ben):
            player.drain(0.2)
        told = max(m["seq"] for p in (anna, ben) for m in p.messages if "seq" in m)
        assert stored_seq(server.db_url, code) >= told, "a client was told of an action that was not yet committed"
        played_before = [e["card"] for m in anna.messages if m["type"] == "update" for e in m["events"] if e["type"] == "CardPlayed"]
        hand_before = anna.state["hand"] if anna.state is not None else None
        anna.close()
        ben.close()

        server = start(server.port)
        assert server.http.get(f"/api/tables/{code}").json()["status"] == "playing"
        anna, ben = (server.connect(code, token) for _, token in seats)
        assert anna.seat == 0 and ben.seat == 2
        assert anna.seq == stored_seq(server.db_url, code) >= told
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
