"""The host pauses a game over real sockets: nobody plays, no bot acts, the turn timer stands; everyone is told; resume."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from test_server_helpers import ONE_DEAL_HEARTS, Player, Server, running_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("pause") / "tables.sqlite3") as running:
        yield running


def pause(server: Server, code: str, token: str | None, paused: object) -> tuple[int, dict[str, object]]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    answer = server.http.post(f"/api/tables/{code}/pause", json={"paused": paused}, headers=headers)
    return answer.status_code, answer.json()


def told_paused(person: Player, paused: bool, since: int = 0) -> dict[str, Any]:
    """The first table message after ``person.messages[since]`` telling that the game is (or is no longer) paused."""

    def found() -> list[dict[str, Any]]:
        return [m for m in person.messages[since:] if m["type"] == "table" and m["table"]["paused"] is paused]

    person.wait_until(lambda: bool(found()))
    return found()[0]


def test_a_paused_game_stands_still_for_everyone_until_the_host_resumes_it(server: Server) -> None:
    answer = server.http.post("/api/tables", json={"rules": ONE_DEAL_HEARTS, "turn_seconds": 4})
    code, host = answer.json()["table"]["code"], answer.json()["host_token"]
    anna_seat = server.join(code, "Anna", 0)
    server.bots(code, host, "random")
    assert pause(server, code, host, True) == (409, {"detail": "no game is in play at this table"})
    anna = server.connect(code, anna_seat[1])
    watcher = server.connect(code, None)
    server.start_game(code, host)
    anna.wait_until(lambda: anna.state is not None and anna.state["phase"] == "passing")
    assert anna.state is not None
    dealt = anna.state["choices"][:3]
    assert pause(server, code, None, True)[0] == 403  # only the host or a seated player
    assert pause(server, code, host, "yes") == (422, {"detail": "paused: must be true or false"})

    status, info = pause(server, code, anna_seat[1], True)  # a seated player's token is the host's, as for start
    assert status == 200 and info["paused"] is True
    # Everyone is told, spectators too, and the timer stands: no seconds left are counted while paused.
    for person in (anna, watcher):
        told = told_paused(person, True)
        assert told["turn_left"] is None and told["table"]["pause_reason"] == "host"
        assert told["table"]["paused_by"] == 0  # Anna's seat: everyone is told who paused
    anna.send({"type": "pass", "cards": dealt})
    refused = anna.recv_until("error")
    assert (refused["code"], refused["message"]) == ("paused", "the game is paused: nobody plays until it is resumed")
    time.sleep(4.5)  # past the whole turn: Anna is not replaced while the table is paused
    info = server.http.get(f"/api/tables/{code}").json()
    assert info["paused"] is True and info["seats"][0]["away"] is False

    late_watcher = server.connect(code, None)  # someone comes while paused: the clock is not given back whole for it
    late_watcher.wait_until(lambda: late_watcher.state is not None)
    since = len(anna.messages)
    status, info = pause(server, code, host, False)
    assert status == 200 and info["paused"] is False
    # The clock goes on from what it had left when the game was paused, not from a fresh four seconds.
    assert 0 < told_paused(anna, False, since)["turn_left"] < 4
    anna.send({"type": "pass", "cards": dealt})
    anna.wait_until(lambda: anna.state is not None and anna.state["phase"] == "playing")
    assert anna.errors == [refused]
    anna.close()
    watcher.close()
    late_watcher.close()


def test_a_lone_player_whose_time_runs_out_finds_the_game_paused_not_played_to_its_end(server: Server) -> None:
    """A play-test: alone against computer players with a short timer, one missed turn let a stand-in play the whole
    game in seconds. With nobody else at the table to play with, the game waits, paused, with the decision's time."""
    answer = server.http.post("/api/tables", json={"rules": ONE_DEAL_HEARTS, "turn_seconds": 2})
    code, host = answer.json()["table"]["code"], answer.json()["host_token"]
    anna_seat = server.join(code, "Anna", 0)
    server.bots(code, host, "random")
    anna = server.connect(code, anna_seat[1])
    server.start_game(code, host)
    anna.wait_until(lambda: anna.state is not None and anna.state["phase"] == "passing")
    told = told_paused(anna, True)  # the pass's two seconds run out
    assert told["table"]["seats"][0]["away"] is False and told["table"]["pause_reason"] == "time"
    time.sleep(2.5)  # and nothing is played for her meanwhile
    assert anna.state is not None and anna.state["phase"] == "passing" and anna.state["has_passed"][0] is False
    since = len(anna.messages)
    status, info = pause(server, code, anna_seat[1], False)
    assert status == 200 and info["paused"] is False
    # Back, she gets the decision's whole time again and passes herself.
    assert 1.5 < told_paused(anna, False, since)["turn_left"] <= 2
    assert anna.act()
    anna.wait_until(lambda: anna.state is not None and anna.state["phase"] == "playing")
    assert anna.errors == [] and server.http.get(f"/api/tables/{code}").json()["seats"][0]["away"] is False
    anna.close()
