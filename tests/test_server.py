"""The server over real sockets: the lobby, whole games with humans and bots, reconnecting, validation, isolation."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.sync.client import connect

from blackmaria.cards import card_name, parse_card
from blackmaria.record import game_from_record
from blackmaria.rules import Rules
from blackmaria.server.shuffle import verify_record
from test_server_helpers import ONE_DEAL_HEARTS, Player, Server, play_until, running_server, settle


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("server") / "tables.sqlite3") as running:
        yield running


def two_humans_two_bots(server: Server, rules: object = None) -> tuple[str, str, list[tuple[int, str]]]:
    code, host = server.create_table(rules)
    seats = [server.join(code, "Anna", 0), server.join(code, "Ben", 2)]
    server.bots(code, host, "medium")
    return code, host, seats


def test_openapi_describes_the_lobby(server: Server) -> None:
    spec = server.http.get("/openapi.json").json()
    for path in ("/api/tables", "/api/tables/{code}", "/api/tables/{code}/seats", "/api/tables/{code}/bots", "/api/tables/{code}/start"):
        assert path in spec["paths"]
    assert "SeatTaken" in spec["components"]["schemas"]
    assert server.http.get("/api/health").json()["protocol"] == 1


def test_the_lobby_lists_every_preset_with_its_rules_in_words(server: Server) -> None:
    german = {entry["name"]: entry for entry in server.http.get("/api/presets", params={"lang": "de"}).json()}
    assert "hearts" in german and "two-player" in german and len(german) == 9
    assert german["black-maria"]["rules"]["players"] == 3 and german["black-maria"]["max_players"] == 6
    assert any("Pik-Dame" in line or "Herz" in line for line in german["hearts"]["describe"])
    assert server.http.get("/api/presets", params={"lang": "xx"}).status_code == 422


def test_a_whole_game_with_two_humans_and_two_bots(server: Server) -> None:
    rules = {**ONE_DEAL_HEARTS, "deal_count": 2}
    code, host, seats = two_humans_two_bots(server, rules)
    info = server.http.get(f"/api/tables/{code}").json()
    assert [s["kind"] for s in info["seats"]] == ["human", "bot", "human", "bot"]
    anna, ben = (server.connect(code, token) for _, token in seats)
    watcher = server.connect(code, None)
    assert (anna.seat, ben.seat, watcher.seat) == (0, 2, None)
    server.start_game(code, seats[0][1])
    play_until([anna, ben], lambda: anna.over() and ben.over())
    watcher.wait_until(watcher.over)
    assert anna.errors == [] and ben.errors == [] and watcher.errors == []
    assert anna.state is not None and ben.state is not None and watcher.state is not None
    assert anna.state["totals"] == ben.state["totals"] == watcher.state["totals"]
    assert len(anna.state["deal_points"]) == 2
    record = server.http.get(f"/api/tables/{code}/record").json()
    game = game_from_record(record)
    assert game.is_over and game.totals == anna.state["totals"]
    assert record["seats"] == ["Anna", "Computer 2 (medium)", "Ben", "Computer 4 (medium)"]
    assert all(check.ok for check in verify_record(record)) and len(record["deals"]) == 2
    assert server.http.get(f"/api/tables/{code}").json()["status"] == "over"
    # The table stays open: the next game starts with the same seats once both players have asked for it (Ben's
    # wish alone leaves Anna her result: a play-test's friend started a game over the others'), and the last game is
    # still downloadable.
    asked = server.start_game(code, seats[1][1])
    assert asked["status"] == "over" and asked["game"] == 1
    assert [seat["again"] for seat in asked["seats"]] == [False, False, True, False]
    assert server.start_game(code, seats[0][1])["game"] == 2
    assert server.http.get(f"/api/tables/{code}/record", params={"game": 1}).json() == record
    play_until([anna, ben], lambda: not anna.over() and not ben.over())
    play_until([anna, ben], lambda: anna.over() and ben.over())
    assert game_from_record(server.http.get(f"/api/tables/{code}/record").json()).is_over
    for player in (anna, ben, watcher):
        player.close()


def test_a_name_already_at_the_table_is_refused_with_the_reason(server: Server) -> None:
    code, _host = server.create_table()
    server.join(code, "Anna", 0)
    answer = server.http.post(f"/api/tables/{code}/seats", json={"name": " ANNA", "seat": 1})
    assert answer.status_code == 422 and answer.json()["detail"] == "'ANNA' is already at this table: choose another name"
    assert server.http.get(f"/api/tables/{code}").json()["seats"][1]["kind"] == "empty"


def test_after_a_game_a_wish_for_another_waits_for_the_players_at_the_table_and_the_host_starts_it(server: Server) -> None:
    code, host, seats = two_humans_two_bots(server, ONE_DEAL_HEARTS)
    anna, ben = (server.connect(code, token) for _, token in seats)
    server.start_game(code, host)
    play_until([anna, ben], lambda: anna.over() and ben.over())
    assert server.start_game(code, seats[0][1])["status"] == "over"  # Anna asks; Ben is still reading
    ben.close()  # Ben leaves: nobody else is waited for, and Anna's game begins
    deadline = time.monotonic() + 10
    while server.http.get(f"/api/tables/{code}").json()["status"] != "playing":
        assert time.monotonic() < deadline, "the game Anna asked for did not start when Ben left"
        time.sleep(0.05)
    info = server.http.get(f"/api/tables/{code}").json()
    assert info["game"] == 2 and not any(seat["again"] for seat in info["seats"])
    ben = server.connect(code, seats[1][1])
    play_until([anna, ben], lambda: not anna.over() and not ben.over())
    play_until([anna, ben], lambda: anna.over() and ben.over())
    assert server.start_game(code, host)["status"] == "playing"  # the host's own token starts the next one at once
    anna.close()
    ben.close()


def test_a_player_reconnects_with_the_token_and_sees_the_same_hand(server: Server) -> None:
    code, host, seats = two_humans_two_bots(server)
    anna, ben = (server.connect(code, token) for _, token in seats)
    server.start_game(code, host)
    play_until([anna, ben], lambda: anna.state is not None and anna.state["phase"] == "playing" and len(anna.state["played"]) >= 10)
    settle([anna, ben])
    before = anna.state
    assert before is not None
    anna.close()
    time.sleep(0.1)
    assert server.http.get(f"/api/tables/{code}").json()["seats"][0]["connected"] is False
    again = server.connect(code, seats[0][1])
    assert again.seat == 0 and again.state is not None
    assert again.state["hand"] == before["hand"] and again.seq == anna.seq
    assert any(e["type"] == "HandDealt" and e["cards"] for e in again.messages[0]["events"])
    play_until([again, ben], lambda: again.over() and ben.over())
    again.close()
    ben.close()


def test_before_a_game_only_the_host_removes_a_player_and_any_seated_player_manages_the_computers(server: Server) -> None:
    """A guest cannot push the others out before the game: removing a player (freeing their seat or giving it to a
    computer player) is the host's, whose page sends the host token in its hello. While the host is at the table the
    computer players' seats are the host's too (``host-here``); with the host away any seated player may give an empty
    seat to a computer player or free a computer player's seat for a friend. A wrong host token is refused."""
    code, host = server.create_table()
    anna_seat, anna_token = server.join(code, "Anna", 0)
    ben_seat, ben_token = server.join(code, "Ben", 2)
    carla_seat, carla_token = server.join(code, "Carla", 3)
    anna = server.connect(code, anna_token, host)  # Anna created the table
    ben = server.connect(code, ben_token)
    assert (anna.host, ben.host) == (True, False)

    def seats_now() -> list[str]:
        return [s["kind"] for s in server.http.get(f"/api/tables/{code}").json()["seats"]]

    for ref, to in ((1, "empty"), (2, "bot")):
        ben.send({"type": "seat", "seat": carla_seat, "to": to, "ref": ref})
        answer = ben.recv_until("error")
        assert (answer["code"], answer["ref"]) == ("host-only", ref) and "only the table's host may remove a player" in str(
            answer["message"]
        )
    assert seats_now() == ["human", "empty", "human", "human"]

    ben.send({"type": "seat", "seat": 1, "to": "bot", "level": "easy", "ref": 3})  # the host is here: hers to do
    assert ben.recv_until("error")["code"] == "host-here"

    anna.send({"type": "seat", "seat": carla_seat, "to": "empty", "ref": 5})  # the host removes Carla
    anna.wait_until(lambda: any(m["type"] == "table" and m["table"]["seats"][carla_seat]["kind"] == "empty" for m in anna.messages))
    assert seats_now() == ["human", "empty", "human", "empty"]
    assert (
        server.http.post(f"/api/tables/{code}/bots", json={"level": "easy"}, headers={"Authorization": f"Bearer {carla_token}"}).status_code
        == 403
    )

    with pytest.raises(AssertionError, match="bad-token"):
        server.connect(code, ben_token, "not-the-host-token")
    assert anna_seat == 0 and ben_seat == 2
    anna.close()
    deadline = time.monotonic() + 10
    while server.http.get(f"/api/tables/{code}").json()["host_here"]:
        assert time.monotonic() < deadline, "the host's leaving was not noticed"
        time.sleep(0.05)
    ben.send({"type": "seat", "seat": 1, "to": "bot", "level": "easy", "ref": 6})  # the host away: an empty seat to a computer
    ben.wait_until(lambda: any(m["type"] == "table" and m["table"]["seats"][1]["kind"] == "bot" for m in ben.messages))
    ben.send({"type": "seat", "seat": 1, "to": "empty", "ref": 7})  # and back, for a friend
    ben.wait_until(lambda: any(m["type"] == "table" and m["table"]["seats"][1]["kind"] == "empty" for m in ben.messages[-3:]))
    assert not [e for e in ben.errors if e["ref"] in (6, 7)], ben.errors
    ben.close()


def test_during_a_game_only_the_seat_of_a_player_who_left_may_be_given_to_a_computer_player(server: Server) -> None:
    """The host's seat change in play: any seat holder may let a computer player take the seat of a player who has
    left (before the grace does, so a game whose host left is not held up); nobody takes the seat of a player who is at
    the table, nor frees a seat; a spectator changes nothing. Ben gets his seat back by coming back."""
    code, host, seats = two_humans_two_bots(server)
    anna, ben = (server.connect(code, token) for _, token in seats)
    server.start_game(code, host)
    anna.wait_until(lambda: anna.state is not None and anna.state["phase"] == "passing")

    def seats_now() -> list[dict[str, object]]:
        return list(server.http.get(f"/api/tables/{code}").json()["seats"])

    def refused(player: Player, message: dict[str, object]) -> dict[str, object]:
        player.send(message)
        return player.recv_until("error")

    # Ben is at the table: his seat is his, whoever asks.
    answer = refused(anna, {"type": "seat", "seat": 2, "to": "bot", "level": "easy", "ref": 1})
    assert (answer["code"], answer["ref"]) == ("player-here", 1) and "seat 2 is at the table" in str(answer["message"])
    assert refused(anna, {"type": "seat", "seat": 1, "to": "empty", "ref": 2})["code"] == "in-play"
    watcher = server.connect(code, None)
    assert refused(watcher, {"type": "seat", "seat": 2, "to": "bot", "ref": 3})["code"] == "spectator"
    assert [s["away"] for s in seats_now()] == [False, False, False, False]

    # Ben leaves: the grace (30 s here) has not run out when Anna lets a computer player take his seat now.
    ben.close()
    deadline = time.monotonic() + 10
    while seats_now()[2]["connected"]:
        assert time.monotonic() < deadline, "the server never saw Ben leave"
        time.sleep(0.05)
    # The seconds of his grace are on the table (a host read "if they are not back soon" and no time), counting down;
    # nobody else's runs.
    left = seats_now()[2]["grace_left"]
    assert 20 < left <= 30 and [seat["grace_left"] for seat in seats_now()[:2]] == [None, None], seats_now()
    time.sleep(0.3)
    assert seats_now()[2]["grace_left"] < left
    anna.send({"type": "seat", "seat": 2, "to": "bot", "ref": 4})
    anna.wait_until(lambda: any(m["type"] == "table" and m["table"]["seats"][2]["away"] for m in anna.messages))
    anna.send({"type": "seat", "seat": 2, "to": "bot", "ref": 5})  # asked twice (two pages at once): no refusal
    play_until([anna], lambda: anna.state is not None and anna.state["phase"] == "playing", timeout=15)
    assert not [e for e in anna.errors if e["ref"] in (4, 5)], anna.errors

    # He comes back: the seat is his again, and his again to keep.
    back = server.connect(code, seats[1][1])
    assert back.seat == 2 and seats_now()[2]["away"] is False and seats_now()[2]["grace_left"] is None
    assert refused(anna, {"type": "seat", "seat": 2, "to": "bot", "ref": 6})["code"] == "player-here"
    play_until([anna, back], lambda: anna.over() and back.over())
    for player in (anna, back, watcher):
        player.close()


def test_the_host_gives_a_player_who_lost_their_link_a_new_one_and_the_old_one_seats_nobody(server: Server) -> None:
    """A play-test's friend cleared his browser mid-game: his seat was a computer's for the rest of the game and nobody
    could give it back. The host makes a new link for the seat of a player who is not at the table; the table is
    told; the old token is refused, the new one seats him with his hand."""
    code, host, seats = two_humans_two_bots(server)
    anna = server.connect(code, seats[0][1], host)  # Anna created the table
    ben = server.connect(code, seats[1][1])
    watcher = server.connect(code, None)
    server.start_game(code, host)
    play_until([anna, ben], lambda: ben.state is not None and ben.state["phase"] == "playing", timeout=15)
    settle([anna, ben])
    hand = ben.state["hand"] if ben.state else None

    def refused(player: Player, message: dict[str, object]) -> dict[str, object]:
        player.send(message)
        return player.recv_until("error")

    answer = refused(ben, {"type": "seat", "seat": 0, "to": "link", "ref": 1})
    assert (answer["code"], answer["ref"]) == ("host-only", 1) and "only the table's host may make a new link" in str(answer["message"])
    answer = refused(anna, {"type": "seat", "seat": 2, "to": "link", "ref": 2})
    assert answer["code"] == "player-here" and "their link still seats them" in str(answer["message"])
    assert refused(anna, {"type": "seat", "seat": 1, "to": "link", "ref": 3})["code"] == "bad-message"  # a computer's

    ben.close()
    deadline = time.monotonic() + 10
    while server.http.get(f"/api/tables/{code}").json()["seats"][2]["connected"]:
        assert time.monotonic() < deadline, "the server never saw Ben leave"
        time.sleep(0.05)
    anna.send({"type": "seat", "seat": 2, "to": "link", "ref": 4})
    link = anna.recv_until("seat-link")
    assert (link["seat"], link["ref"]) == (2, 4) and isinstance(link["token"], str) and link["token"] != seats[1][1]
    watcher.wait_until(lambda: any(m["type"] == "seat-relinked" and m["seat"] == 2 and m["name"] == "Ben" for m in watcher.messages))
    assert not any(m["type"] == "seat-link" for m in watcher.messages)  # the token is the host's page's alone
    with pytest.raises(AssertionError, match="bad-token"):
        server.connect(code, seats[1][1])
    back = server.connect(code, str(link["token"]))
    assert back.seat == 2 and back.state is not None and back.state["hand"] == hand
    play_until([anna, back], lambda: anna.over() and back.over())
    for player in (anna, back, watcher):
        player.close()


def test_a_spectator_chats_under_a_name_marked_as_watching_never_a_players(server: Server) -> None:
    """Friends waiting for the next game could only read the chat. A spectator's line carries the name it sends and
    seat null (the pages mark it as a watcher's); without a name, or under a seated player's, it is refused; it is
    kept with the table's chat and told to whoever comes later."""
    code, host, seats = two_humans_two_bots(server)
    anna = server.connect(code, seats[0][1])
    watcher = server.connect(code, None)
    watcher.send({"type": "chat", "text": "hello", "ref": 1})
    answer = watcher.recv_until("error")
    assert (answer["code"], answer["ref"]) == ("spectator", 1) and "send the chat line with name" in str(answer["message"])
    watcher.send({"type": "chat", "text": "I am Ben", "name": " ben", "ref": 2})
    answer = watcher.recv_until("error")
    assert answer["code"] == "bad-text" and "'ben' is a player's name at this table" in str(answer["message"])
    watcher.send({"type": "chat", "text": "Good luck!", "name": "Zoe", "ref": 3})
    line = anna.recv_until("chat")
    assert (line["seat"], line["name"], line["text"], line.get("phrase")) == (None, "Zoe", "Good luck!", "phrase_gl")
    anna.send({"type": "chat", "text": "thanks", "name": "Ben"})  # a seat's line is under its own name, whatever it sends
    mine = watcher.recv_until("chat")
    while mine["text"] != "thanks":
        mine = watcher.recv_until("chat")
    assert (mine["seat"], mine["name"]) == (0, "Anna")
    later = server.connect(code, None)
    kept = later.messages[0]["chat"]
    assert [(c["seat"], c["name"], c["text"]) for c in kept[-2:]] == [(None, "Zoe", "Good luck!"), (0, "Anna", "thanks")]
    for player in (anna, watcher, later):
        player.close()


def test_each_bad_message_is_answered_to_that_client_only_and_the_table_goes_on(server: Server) -> None:
    code, host, seats = two_humans_two_bots(server)
    anna, ben = (server.connect(code, token) for _, token in seats)
    watcher = server.connect(code, None)
    server.start_game(code, host)
    anna.wait_until(lambda: anna.state is not None and anna.state["phase"] == "passing")
    assert anna.state is not None
    not_mine = next(c for c in ("2C", "3C", "4C", "5C", "AS", "KS") if c not in anna.state["hand"])
    bad: list[tuple[str | dict[str, object], str]] = [
        ("{not json", "bad-json"),
        ("[1, 2]", "bad-message"),
        ({"type": "shout"}, "unknown-type"),
        ({"type": "play", "card": "ZZ"}, "bad-card"),
        ({"type": "play", "card": anna.state["hand"][0], "extra": 1}, "bad-message"),
        ({"type": "play", "card": anna.state["hand"][0]}, "illegal"),  # passing, not playing
        ({"type": "pass", "cards": [not_mine, *anna.state["hand"][:2]]}, "illegal"),
        ({"type": "pass", "cards": anna.state["hand"][:2]}, "illegal"),
        ({"type": "hello", "protocol": 1}, "hello-first"),
        ({"type": "chat", "text": "x" * 301}, "bad-text"),
        (json.dumps({"type": "chat", "text": "y" * 5000}), "too-large"),
    ]
    for message, code_expected in bad:
        anna.send(message)
        answer = anna.recv_until("error")
        assert answer["code"] == code_expected, (message, answer)
    assert [e.get("rule") for e in anna.errors if e["code"] == "illegal"] == ["wrong-phase", "not-in-hand", "pass-count"]
    watcher.send({"type": "play", "card": "2C"})
    assert watcher.recv_until("error")["code"] == "spectator"
    # Out of turn: whoever does not hold the lead tries to play.
    play_until([anna, ben], lambda: anna.state is not None and anna.state["phase"] == "playing")
    settle([anna, ben])
    idle = anna if anna.state and anna.state["turn"] != 0 else ben
    assert idle.state is not None and idle.seat is not None
    idle.send({"type": "play", "card": idle.state["hand"][0]})
    assert idle.recv_until("error")["rule"] == "not-your-turn"
    # Flooding: the bucket holds 20 messages and refills at 10 a second.
    ben.flood({"type": "ping"}, 40)
    ben.wait_until(lambda: sum(1 for e in ben.errors if e["code"] == "rate-limit") >= 15)
    time.sleep(1.0)
    ben.send({"type": "ping", "ref": 7})
    # Its answer comes (after any pongs of the flood still on their way: a loaded machine delivered one of them first).
    pongs = [ben.recv_until("pong")]
    while pongs[-1].get("ref") is None and len(pongs) < 41:
        pongs.append(ben.recv_until("pong"))
    assert pongs[-1]["ref"] == 7, pongs
    # Nobody else heard any of it, and the game finishes.
    errors_before = {id(p): len(p.errors) for p in (anna, ben)}
    play_until([anna, ben], lambda: anna.over() and ben.over())
    watcher.drain(0.2)
    assert watcher.errors == [
        {"type": "error", "code": "spectator", "message": "spectators may watch, and chat under a name, nothing else"}
    ]
    assert [e["code"] for e in ben.errors if e["code"] != "rate-limit"] == ([] if idle is anna else ["illegal"])
    assert all(len(p.errors) == errors_before[id(p)] for p in (anna, ben))
    for player in (anna, ben, watcher):
        player.close()


def test_no_token_reaches_another_table(server: Server) -> None:
    code_a, host_a, seats_a = two_humans_two_bots(server)
    code_b, host_b = server.create_table()
    token_a = seats_a[0][1]
    # A seat token of table A holds nothing at table B, over WebSocket or HTTP.
    with connect(f"{server.ws_base}/ws/{code_b}", proxy=None) as ws:
        ws.send(json.dumps({"type": "hello", "protocol": 1, "token": token_a}))
        assert json.loads(ws.recv(timeout=5))["code"] == "bad-token"
    for token in (token_a, host_a, "-", "x" * 40):
        headers = {"Authorization": f"Bearer {token}"}
        assert server.http.post(f"/api/tables/{code_b}/start", headers=headers).status_code == 403
        assert server.http.post(f"/api/tables/{code_b}/bots", json={"level": "easy"}, headers=headers).status_code == 403
    assert server.http.get(f"/api/tables/{code_b}").json()["seats"][0]["kind"] == "empty"
    answer = server.http.post(f"/api/tables/{code_b}/bots", json={"level": "easy"}, headers={"Authorization": f"Bearer {host_b}"})
    assert answer.status_code == 200 and [s["kind"] for s in answer.json()["seats"]] == ["bot"] * 4
    # Unknown and malformed codes are simply not there.
    for code in (
        "A" * 16,
        "AAAAAAA%2FAAAAAAA",
        "AAAAAAA.AAAAAAAA",
        code_a[:-1],
        code_a.lower() if code_a != code_a.lower() else code_a.upper(),
    ):
        assert server.http.get(f"/api/tables/{code}").status_code == 404
        assert server.http.get(f"/api/tables/{code}/record").status_code == 404
    with connect(f"{server.ws_base}/ws/{'B' * 16}", proxy=None) as ws:
        assert json.loads(ws.recv(timeout=5))["code"] == "no-table"
    # The lobby listing shows no card, and no token or its hash.
    text = server.http.get(f"/api/tables/{code_a}").text
    assert token_a not in text and "token" not in text and "hash" not in text


def test_names_are_checked_and_seats_are_not_taken_twice(server: Server) -> None:
    code, host = server.create_table(players=None)
    for name, status in (("x" * 25, 422), ("", 422), ("a\u202ebc", 422), ("tab\there", 422), ("   ", 422)):
        assert server.http.post(f"/api/tables/{code}/seats", json={"name": name}).status_code == status, name
    # One limit said whatever the length (a play-test's 200 characters were told "at most 100", its 89 "at most 24").
    for length in (89, 200):
        said = server.http.post(f"/api/tables/{code}/seats", json={"name": "x" * length}).json()["detail"]
        assert f"{length} characters long; at most 24 are allowed" in str(said), said
    assert server.http.post(f"/api/tables/{code}/seats", json={"name": "<b>Eve</b>", "seat": 1}).status_code == 201
    assert server.http.post(f"/api/tables/{code}/seats", json={"name": "Mallory", "seat": 1}).status_code == 409
    assert server.http.post(f"/api/tables/{code}/seats", json={"name": "Mallory", "seat": 6}).status_code == 422
    assert server.http.post(f"/api/tables/{code}/start", headers={"Authorization": f"Bearer {host}"}).status_code == 409
    info = server.http.get(f"/api/tables/{code}").json()
    assert info["seats"][1]["name"] == "<b>Eve</b>"  # sent as JSON text; clients render it as text
    assert server.http.post("/api/tables", json={"rules": "no-such-preset"}).status_code == 422
    assert server.http.post("/api/tables", json={"rules": "hearts", "players": 9}).status_code == 422
    big = {"rules": {"preset": "hearts", "padding": "x" * 20000}}
    assert server.http.post("/api/tables", json=big).status_code == 413


def test_chat_reaches_the_table_and_is_kept(server: Server) -> None:
    code, host, seats = two_humans_two_bots(server)
    anna, ben = (server.connect(code, token) for _, token in seats)
    watcher = server.connect(code, None)
    anna.send({"type": "chat", "text": "  good luck <script>  "})
    for player in (anna, ben, watcher):
        line = player.recv_until("chat")
        assert (line["seat"], line["name"], line["text"]) == (0, "Anna", "good luck <script>")
    assert "phrase" not in line  # typed freely: no quick phrase
    # A quick phrase in German is named, for each reader to show in their own language; a welcome names it too.
    ben.send({"type": "chat", "text": "Viel Glück!"})
    line = anna.recv_until("chat")
    assert (line["text"], line["phrase"]) == ("Viel Glück!", "phrase_gl")
    late = server.connect(code, None)
    assert [(c["text"], c.get("phrase")) for c in late.messages[0]["chat"]] == [("good luck <script>", None), ("Viel Glück!", "phrase_gl")]
    for player in (anna, ben, watcher, late):
        player.close()


def timer_table(server: Server, seconds: float) -> tuple[str, str, list[tuple[int, str]]]:
    """One deal of Hearts with a turn timer: Anna in seat 0, Ben in seat 2, bots in the others."""
    answer = server.http.post("/api/tables", json={"rules": ONE_DEAL_HEARTS, "turn_seconds": seconds})
    code, host = answer.json()["table"]["code"], answer.json()["host_token"]
    seats = [server.join(code, "Anna", 0), server.join(code, "Ben", 2)]
    server.bots(code, host)
    return code, host, seats


def test_with_a_turn_timer_a_bot_stands_in_for_a_late_or_absent_player_until_they_return(server: Server) -> None:
    code, host, seats = timer_table(server, 1)
    anna = server.connect(code, seats[0][1])
    server.start_game(code, host)
    # Ben never comes: when the pass's time runs out a bot passes and plays for him; Anna is not held up.
    play_until([anna], lambda: anna.state is not None and len(anna.state["played"]) >= 12, timeout=15)
    info = server.http.get(f"/api/tables/{code}").json()
    assert [s["away"] for s in info["seats"]] == [False, False, True, False] and info["turn_seconds"] == 1
    ben = server.connect(code, seats[1][1])  # he returns and plays his own cards from now on
    assert server.http.get(f"/api/tables/{code}").json()["seats"][2]["away"] is False
    # His welcome says what the stand-in did for him: his pass, and his cards played so far, in order.
    stood, tricks = ben.messages[0]["stood_in"], ben.messages[0]["state"]["tricks"]
    assert stood["passed"] is True and stood["cards"] == [card for trick in tricks for seat, card in trick["plays"] if seat == 2]
    assert stood["cards"]  # (12 cards were played: three of them his)
    assert stood["new"] == {"passed": True, "cards": stood["cards"]}  # none of it told before
    # Away and back again in the same deal: told only what the stand-in did since (a play-test heard 7♣ twice).
    ben.close()
    ben = server.connect(code, seats[1][1])
    again = ben.messages[0]["stood_in"]
    assert again["cards"][: len(stood["cards"])] == stood["cards"] and again["passed"] is True
    assert again["new"] == {"passed": False, "cards": again["cards"][len(stood["cards"]) :]}
    play_until([anna, ben], lambda: anna.state is not None and len(anna.state["played"]) >= 32)
    anna.close()  # she leaves: with the timer on, a bot plays her seat at once
    play_until([ben], lambda: ben.over())
    record = server.http.get(f"/api/tables/{code}/record").json()
    deal = record["deals"][0]
    assert deal["bot_passes"] == [2]
    game = game_from_record({**record, "deals": [{k: v for k, v in deal.items() if k != "shuffle"}]})
    players = [seat for trick in game.tricks for seat, _ in trick.plays]
    bot_plays = set(deal["bot_plays"])
    assert {players[i] for i in bot_plays} == {0, 2}
    ben_own = [i for i, seat in enumerate(players) if seat == 2 and i not in bot_plays]
    anna_bot = [i for i, seat in enumerate(players) if seat == 0 and i in bot_plays]
    assert ben_own and anna_bot and min(anna_bot) > max(i for i in range(12) if players[i] == 2)
    assert all(players[i] == 2 for i in bot_plays if i < 12)
    assert all(check.ok for check in verify_record(record))
    ben.close()


def test_with_a_turn_timer_every_seat_passes_against_one_clock_from_the_deal(server: Server) -> None:
    code, host, seats = timer_table(server, 5)
    anna = server.connect(code, seats[0][1])
    assert anna.messages[0]["turn_left"] is None  # no game yet: nobody's time runs
    server.start_game(code, host)
    dealt = time.monotonic()  # the server's clock for the pass started before this
    anna.wait_until(lambda: anna.state is not None and anna.state["phase"] == "passing")
    time.sleep(2.5)
    assert anna.act()
    anna.wait_until(lambda: not anna.pending)
    # Ben comes in after Anna's pass: he is told the time left since the deal, not given a fresh five seconds.
    ben = server.connect(code, seats[1][1])
    assert 0 < ben.messages[0]["turn_left"] <= 5 - 2.5
    # He does not pass: a stand-in passes for him when the deal's clock runs out (restarted by Anna's pass, it would
    # have run to 7.5 s at least).
    anna.wait_until(lambda: anna.state is not None and anna.state["has_passed"][2])
    assert time.monotonic() - dealt < 7.2
    # He is here: the stand-in made this one decision, and he is told which; the seat stays his.
    ben.wait_until(lambda: any(m["type"] == "stood-in" for m in ben.messages))
    assert server.http.get(f"/api/tables/{code}").json()["seats"][2]["away"] is False
    anna.close()
    ben.close()


def test_with_a_turn_timer_a_player_here_whose_time_runs_out_once_keeps_the_seat_twice_in_a_row_not(server: Server) -> None:
    """A play-test looked away for a moment at a table with a timer: the stand-in took the seat at once and played
    the rest of the deal. Now a player still connected whose time runs out is stood in for that decision only, and
    told which cards were played for them; the second time in a row the stand-in plays on until they come back; a
    decision of their own counts from nothing again."""
    code, host, seats = timer_table(server, 1)
    anna = server.connect(code, seats[0][1])
    ben = server.connect(code, seats[1][1])
    server.start_game(code, host)

    def told() -> list[dict[str, Any]]:
        ben.drain(0.02)  # (he reads what he is sent, and does nothing)
        return [m for m in ben.messages if m["type"] == "stood-in"]

    def away() -> bool:
        return bool(server.http.get(f"/api/tables/{code}").json()["seats"][2]["away"])

    # Ben does nothing: his pass is made for him, he is told which cards went, after the update that shows it.
    play_until([anna], lambda: bool(told()), timeout=15)
    passed = told()[0]
    assert passed["passed"] is True and len(passed["cards"]) == 3
    assert ben.state is not None and ben.state["has_passed"][2] and not set(passed["cards"]) & set(ben.state["hand"])
    assert not away()
    # His first card too: now the stand-in plays on for him, and says nothing more to him of each card.
    play_until([anna], lambda: told() is not None and away(), timeout=20)
    assert len(told()) == 1
    ben.send({"type": "ping"})  # "I'm back"
    ben.wait_until(lambda: not away())
    # He plays a card himself; then his time runs out once more: one decision again, not the seat.
    own = _plays_of(ben, 2)
    play_until([anna, ben], lambda: _plays_of(ben, 2) > own, timeout=20)
    play_until([anna], lambda: len(told()) >= 2, timeout=20)
    assert told()[1]["passed"] is False and len(told()[1]["cards"]) == 1 and not away()
    anna.close()
    ben.close()


def test_a_seat_open_on_two_devices_tells_the_other_one_what_was_chosen(server: Server) -> None:
    """A play-test opened Ben's link on a phone as well, and both clicked at once: the phone's card was refused in
    silence. Now the seat's other connections are told which pass or card was chosen elsewhere, after the update."""
    code, host, seats = two_humans_two_bots(server)
    anna = server.connect(code, seats[0][1])
    desk, phone = server.connect(code, seats[1][1]), server.connect(code, seats[1][1])
    server.start_game(code, host)

    def his_turn() -> bool:
        desk.drain(0.02)
        if desk.state is not None and desk.state["phase"] == "passing":
            desk.act()  # his pass, from the desk
        return desk.state is not None and desk.state["phase"] == "playing" and desk.state["turn"] == 2 and not desk.pending

    play_until([anna], his_turn)
    card = desk.state["legal"][0] if desk.state else None
    assert desk.act()  # his card, from the desk
    phone.wait_until(lambda: any(m["type"] == "played-elsewhere" and not m["passed"] for m in phone.messages))
    passed, played = (next(m for m in phone.messages if m["type"] == "played-elsewhere" and m["passed"] is flag) for flag in (True, False))
    assert len(passed["cards"]) == 3 and played["cards"] == [card]
    # After the update that shows it, never before: the phone's state has the card played when it is told.
    told = phone.messages.index(played)
    assert any(
        m["type"] == "update" and any(e["type"] == "CardPlayed" and e["seat"] == 2 for e in m["events"]) for m in phone.messages[:told]
    )
    assert not [m for m in desk.messages if m["type"] == "played-elsewhere"]  # the device that chose is not told
    for player in (anna, desk, phone):
        player.close()


def _plays_of(player: Player, seat: int) -> int:
    """The cards ``seat`` has played in the deal as ``player``'s last state shows them."""
    state = player.state or {}
    return sum(1 for trick in state.get("tricks", []) for at, _ in trick["plays"] if at == seat)


def test_a_seat_asks_for_a_hint_in_its_language_and_a_spectator_may_not(server: Server) -> None:
    code, host, seats = two_humans_two_bots(server)
    anna = server.connect(code, seats[0][1])
    watcher = server.connect(code, None)
    server.start_game(code, host)
    while anna.state is None or anna.state["phase"] != "passing":
        anna.recv()
    anna.send({"type": "hint", "lang": "de", "ref": 7})
    answer = anna.recv_until("hint")
    assert answer["ref"] == 7 and len(answer["cards"]) == 3
    assert set(answer["cards"]) <= set(anna.state["hand"])
    assert "Gib" in answer["reason"] or "Farbe" in answer["reason"], answer
    # The hint is the expert's searched pass: every candidate pass's mean points, the advised one among them.
    assert answer["level"] == "expert" and answer["worlds"] > 0 and answer["seq"] == anna.seq
    passes = {tuple(sorted(p["cards"])): p["cost"] for p in answer["pass_costs"]}
    assert len(passes) > 1 and tuple(sorted(answer["cards"])) in passes
    assert "search_pass" in [r["code"] for r in answer["reasons"]]
    # The sentence in its two parts, what the cards do and the search's numbers (a phone shows those on demand).
    assert answer["search"].startswith("In ") and "simulierten Spielen" in answer["search"], answer
    assert answer["reason"] == f"{answer['why']}; {answer['search'][0].lower()}{answer['search'][1:]}", answer
    anna.send({"type": "hint", "lang": "fr"})
    assert anna.recv_until("error")["code"] == "bad-message"
    watcher.send({"type": "hint"})
    assert watcher.recv_until("error")["code"] == "spectator"
    # At her turn with a choice: the card the search finds cheapest, with every legal card's cost and the reasons as
    # data (cards named as the protocol names them), the cost the sentence quotes being the card's.
    ben = server.connect(code, seats[1][1])
    deadline = time.monotonic() + 30
    while True:
        for player in (anna, ben):
            player.drain(0.02)
        if anna.state["phase"] == "playing" and anna.state["turn"] == 0 and len(anna.state["legal"]) > 1 and not anna.pending:
            break
        assert time.monotonic() < deadline, "Anna had no choice to make within the time"
        anna.act()
        ben.act()
    anna.send({"type": "hint", "lang": "en", "ref": "play"})
    answer = anna.recv_until("hint")
    (card,) = answer["cards"]
    costs = answer["costs"]
    assert set(costs) == set(anna.state["legal"]) and costs[card] == min(costs.values()), answer
    search = next(r["facts"] for r in answer["reasons"] if r["code"] == "search")
    assert search["runner_up"] in costs and round(search["cost"], 3) == costs[card] and search["worlds"] == answer["worlds"]
    assert f"{costs[card]:.1f} points at the end of the deal on average" in answer["reason"], answer
    anna.close()
    ben.close()
    watcher.close()


def test_while_the_host_is_at_the_table_the_first_games_seats_and_start_are_the_hosts(server: Server) -> None:
    """A play-test's guest started the game (and could free the computer players' seats) before the host was ready.
    While the host is here, those are the host's; with the host away, any seated player may, so no table is stuck."""
    code, host_token = server.create_table(players=4)
    anna_seat, anna_token = server.join(code, "Anna", 0)
    ben_seat, ben_token = server.join(code, "Ben", 1)
    anna = server.connect(code, anna_token, host=host_token)  # the host's page: her seat and the host token
    ben = server.connect(code, ben_token)
    table = server.http.get(f"/api/tables/{code}").json()
    assert table["host_here"] is True and table["host_seat"] == anna_seat
    guest = {"Authorization": f"Bearer {ben_token}"}
    refused = server.http.post(f"/api/tables/{code}/bots", json={"level": "easy"}, headers=guest)
    assert refused.status_code == 403 and "the table's host is at the table" in refused.json()["detail"], refused.text
    server.bots(code, anna_token, "easy", seats=[2])  # the host's own seat token may
    ben.send({"type": "seat", "seat": 2, "to": "empty", "ref": "free"})
    assert ben.recv_until("error")["code"] == "host-here"
    server.bots(code, host_token, "easy")
    refused = server.http.post(f"/api/tables/{code}/start", headers=guest)
    assert refused.status_code == 403 and "the start is theirs" in refused.json()["detail"], refused.text
    anna.close()
    deadline = time.monotonic() + 10
    while server.http.get(f"/api/tables/{code}").json()["host_here"]:
        assert time.monotonic() < deadline, "the host's leaving was not noticed"
        time.sleep(0.05)
    assert server.start_game(code, ben_token)["status"] == "playing"  # the host away: a guest may start
    ben.close()


def test_a_seat_asks_why_and_gets_the_guided_deals_explanation(server: Server) -> None:
    code, host, seats = two_humans_two_bots(server, {"preset": "hearts", "deal_count": 1})
    anna = server.connect(code, seats[0][1])
    server.start_game(code, host)
    while anna.state is None or anna.state["phase"] != "passing":
        anna.recv()
    anna.send({"type": "explain", "lang": "de", "ref": "why"})
    answer = anna.recv_until("explanation", timeout=30)
    assert answer["ref"] == "why" and answer["explanation"]["kind"] == "pass"
    assert sorted(answer["explanation"]["legal"]) == sorted(anna.state["hand"])
    assert any("Pik" in line or "Karten" in line for line in answer["lines"]), answer["lines"]
    # Asked again in English (the page's language switched): the same decision's numbers, said at once in English.
    asked = time.monotonic()
    anna.send({"type": "explain", "lang": "en", "ref": "why-en"})
    again = anna.recv_until("explanation", timeout=30)
    assert again["ref"] == "why-en" and again["explanation"] == answer["explanation"] and time.monotonic() - asked < 2
    assert any("cards" in line or "spades" in line for line in again["lines"]), again["lines"]
    hand = sorted(anna.state["hand"], key=parse_card)
    stranger = next(card_name(c) for c in range(52) if card_name(c) not in hand)
    anna.send({"type": "compare-pass", "cards": [*hand[:2], stranger], "ref": "not-hers"})
    refused = anna.recv_until("error")
    assert refused["code"] == "bad-message" and "is not a pass of 3 cards of this hand" in refused["message"], refused
    # The pass she makes (the three lowest: seldom among the passes the search compared), beside the advice.
    mine = hand[:3]
    anna.send({"type": "pass", "cards": mine})
    anna.send({"type": "compare-pass", "cards": mine, "ref": "mine"})
    compared = anna.recv_until("pass-compared", timeout=30)
    assert compared["ref"] == "mine" and sorted(compared["cards"]) == sorted(mine) and compared["worlds"] == 1_000
    assert sorted(compared["advice"]) == sorted(answer["explanation"]["advice"]) and compared["cost"] > 0 < compared["advice_cost"]
    ben = server.connect(code, seats[1][1])  # a connection that was explained no pass has nothing to compare
    ben.send({"type": "compare-pass", "cards": mine, "ref": "ben"})
    refusal = ben.recv_until("error")
    assert refusal["code"] == "no-decision" and "no pass of this deal was explained" in refusal["message"], refusal
    anna.close()
    ben.close()


def test_a_finished_deal_is_counted_in_public_card_by_card(server: Server) -> None:
    code, host, seats = two_humans_two_bots(server, {"preset": "hearts", "deal_count": 1})
    anna, ben = (server.connect(code, token) for _, token in seats)
    watcher = server.connect(code, None)
    server.start_game(code, host)
    anna.send({"type": "count", "lang": "en"})
    assert anna.recv_until("error")["code"] == "no-deal"  # nothing is finished yet
    play_until([anna, ben], lambda: anna.over() and ben.over())
    watcher.send({"type": "count", "deal": 0, "lang": "de", "ref": 3})
    answer = watcher.recv_until("count")
    assert answer["ref"] == 3
    assert anna.state is not None
    assert answer["count"]["points"] == anna.state["deal_points"][0]
    assert any("Punkte" in line for line in answer["lines"]), answer["lines"]
    assert any("Computer 2 (mittel)" in line for line in answer["lines"]) and not any("(medium)" in line for line in answer["lines"])
    for player in (anna, ben, watcher):
        player.close()


def test_the_server_answers_what_a_rule_set_implies_from_the_core(server: Server) -> None:
    answer = server.http.post("/api/rules/facts", json={"rules": "black-maria", "players": 4})
    assert answer.status_code == 200
    facts = answer.json()["facts"]
    assert facts["removed"] == [] and facts["hand_size"] == 13 and facts["deal_total"] == 43
    assert facts["values"]["QS"] == 13 and facts["values"]["KS"] == 10 and facts["values"]["AS"] == 7
    assert answer.json()["describe"][0] == "4 players, 13 cards each."  # the rules in words for that seat count
    german = server.http.post("/api/rules/facts", json={"rules": "black-maria", "players": 5, "lang": "de"})
    assert german.json()["describe"][0] == "5 Spieler, je 10 Karten."
    wrong = server.http.post("/api/rules/facts", json={"rules": "black-maria", "lang": "fr"})
    assert wrong.status_code == 422 and "lang" in wrong.json()["detail"]
    omnibus = server.http.post("/api/rules/facts", json={"rules": {"preset": "omnibus"}}).json()["facts"]
    assert omnibus["values"]["JD"] == -10 and "JD" not in omnibus["moon_cards"] and omnibus["moon"] == "add-to-others"
    bad = server.http.post("/api/rules/facts", json={"rules": "hearts", "players": 9})
    assert bad.status_code == 422 and "players" in bad.json()["detail"]


def test_serve_says_where_the_game_is_in_the_language_of_the_environment(tmp_path: Any) -> None:
    """A German play-test's server said its first line in English, the only English of the session."""
    import os
    import subprocess
    import sys

    from test_server_helpers import free_port

    port = free_port()
    env = {**os.environ, "LANG": "de_DE.UTF-8", "LC_ALL": "", "LANGUAGE": "", "BLACKMARIA_DATA_DIR": str(tmp_path)}
    args = ["serve", "--port", str(port), "--db", f"sqlite:///{tmp_path / 'serve.db'}", "--log-level", "warning"]
    process = subprocess.Popen([sys.executable, "-m", "blackmaria.cli", *args], env=env, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stderr is not None
        line = process.stderr.readline()
    finally:
        process.terminate()
        process.wait(10)
    assert line.startswith(f"blackmaria serve: das Spiel unter http://127.0.0.1:{port}/  (API: /docs, Datenbank sqlite:///"), line


def test_a_guided_deals_table_deals_the_deal_the_terminal_chooses_to_teach(server: Server) -> None:
    """A page's learner met a fresh shuffle where the terminal's met a deal chosen to teach (high spades, a suit to pass
    away, advice that works out), and following the advice took 14 of 43 points. A table made with ``teach`` deals
    the terminal's deal first, each seat the hand it holds there, its deck committed and revealed as any other."""
    from blackmaria.cards import cards_of
    from blackmaria.game import Game
    from blackmaria.teaching import learning_rules, taught_seed

    rules = {"preset": "hearts", "deal_count": 1, "target_score": None}
    answer = server.http.post("/api/tables", json={"rules": rules, "teach": True})
    assert answer.status_code == 201, answer.text
    code, host = answer.json()["table"]["code"], answer.json()["host_token"]
    _, token = server.join(code, "Ada", 0)
    server.bots(code, host, "medium")
    ada = server.connect(code, token)
    server.start_game(code, host)
    ada.wait_until(lambda: ada.state is not None and bool(ada.state.get("hand")), timeout=30)
    taught = Game(learning_rules(Rules.from_data(rules)), seed=taught_seed(Rules.from_data(rules)))
    taught.deal()
    assert ada.state is not None
    assert sorted(ada.state["dealt"]) == sorted(card_name(c) for c in cards_of(taught.deals[0].hands[0]))
    play_until([ada], lambda: ada.state is not None and ada.state["phase"] == "game-over", timeout=60)
    # the deal's deck, chosen, is committed before play and revealed after it as a shuffle's: the record verifies
    record = server.http.get(f"/api/tables/{code}/record").json()
    assert all(check.ok for check in verify_record(record)), [check.message for check in verify_record(record)]
    ada.close()
