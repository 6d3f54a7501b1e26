"""Undo at a server's table over real sockets: a lone player takes a card back, the computer players' cards after it
go too, a spectator sees the same table, a restarted server replays the undo, and a table of people refuses it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_server_helpers import ONE_DEAL_HEARTS, Player, Server, running_server


def my_plays(state: dict[str, Any], seat: int) -> list[str]:
    return [card for trick in state["tricks"] for player, card in trick["plays"] if player == seat]


def lone_player_table(server: Server) -> tuple[str, str, Player, Player]:
    code, host = server.create_table(ONE_DEAL_HEARTS)
    _, token = server.join(code, "Ann", 0)
    server.bots(code, host, "medium")
    ann, watcher = server.connect(code, token), server.connect(code, None)
    server.start_game(code, host)
    return code, token, ann, watcher


def play_a_card(ann: Player) -> dict[str, Any]:
    """Pass if asked, then play Ann's last legal card at her next turn with a choice; the state she chose it in."""
    while True:
        ann.wait_until(lambda: ann.state is not None and ann.waits_for_a_human([0]) and not ann.pending)
        state = ann.state
        assert state is not None
        if state["phase"] == "passing" or len(state["legal"]) == 1:
            ann.act()
            continue
        ann.send({"type": "play", "card": state["legal"][-1]})
        ann.pending = True
        ann.wait_until(lambda: not ann.pending and ann.waits_for_a_human([0]))
        return state


def test_a_lone_player_takes_a_card_back_and_everyone_sees_the_table_as_it_was(tmp_path: Path) -> None:
    with running_server(tmp_path / "tables.sqlite3") as server:
        code, token, ann, watcher = lone_player_table(server)
        assert server.http.get(f"/api/tables/{code}").json()["undo"] is True
        ann.wait_until(lambda: ann.state is not None and ann.state["phase"] == "passing")
        ann.send({"type": "undo"})
        refused = ann.recv_until("error")
        assert (refused["code"], refused["message"]) == (
            "no-undo",
            "you have played no card of this deal yet: there is nothing to take back",
        )

        play_a_card(ann)
        # The state Ann chose her second card in: the undo goes back to it. (The test once looked for the state with
        # one card of hers played, and failed when her first card was forced: her last choice was then her third.)
        before_second = play_a_card(ann)
        state = ann.state
        assert state is not None and ann.seq > 0 and len(my_plays(before_second, 0)) >= 1
        watcher.drain(0.2)
        ann.send({"type": "undo"})
        welcome = ann.recv_until("welcome")
        # Ann's second card and the computer players' cards after it are taken back: her hand, the trick and the
        # cards still to play are those of her decision again.
        for key in ("hand", "legal", "tricks", "trick_points", "cards_left"):
            assert welcome["state"][key] == before_second[key], key
        seen = watcher.recv_until("welcome")
        assert seen["state"]["tricks"] == welcome["state"]["tricks"] and seen["state"]["hand"] == []  # a spectator sees no hand
        # The game goes on from there, and a restarted server (killed) replays the undo from the store.
        play_a_card(ann)
        after = ann.state
        assert after is not None
        # The same card again brings the same cards from the computer players: seeded by the position, they cannot
        # be re-rolled by taking back.
        assert after["tricks"] == state["tricks"] and after["hand"] == state["hand"]
        ann.close()
        watcher.close()
        server.kill()
        server.start()
        again = server.connect(code, token)
        assert again.state is not None
        for key in ("hand", "tricks", "legal"):
            assert again.state[key] == after[key], key
        again.close()


def test_the_seats_state_says_whether_undo_would_take_a_choice_back(tmp_path: Path) -> None:
    """A play-test pressed Take back after a 2♣ played for them (the only card allowed): it came again at once. The
    seat's ``state.undo`` is true only on its turn with a choice of its own in the deal to take back; where every card
    it played was forced, ``undo`` is refused in words."""
    with running_server(tmp_path / "tables.sqlite3") as server:
        code, _token, ann, watcher = lone_player_table(server)
        chose = False
        while True:
            ann.wait_until(lambda: ann.state is not None and ann.waits_for_a_human([0]) and not ann.pending, timeout=30)
            state = ann.state
            assert state is not None
            if state["phase"] == "game-over":
                break
            if state["phase"] == "passing":
                assert state["undo"] is False
                ann.act()
                continue
            assert state["undo"] is chose, (state["undo"], chose, my_plays(state, 0))
            if my_plays(state, 0) and not chose:  # every card of Ann's so far was forced
                ann.send({"type": "undo"})
                refused = ann.recv_until("error")
                assert (
                    refused["message"]
                    == "every card you have played in this deal was the only one allowed: there is no choice to take back"
                )
            chose = chose or len(state["legal"]) > 1
            ann.send({"type": "play", "card": state["legal"][-1]})
            ann.pending = True
        assert chose
        ann.close()
        watcher.close()


def test_undo_is_refused_at_a_table_of_people(tmp_path: Path) -> None:
    with running_server(tmp_path / "tables.sqlite3") as server:
        refused_at_a_table_of_people(server)


def refused_at_a_table_of_people(server: Server) -> None:
    code, host = server.create_table(ONE_DEAL_HEARTS)
    _, anna_token = server.join(code, "Anna", 0)
    _, ben_token = server.join(code, "Ben", 1)
    server.bots(code, host, "random")
    assert server.http.get(f"/api/tables/{code}").json()["undo"] is False
    anna, ben = server.connect(code, anna_token), server.connect(code, ben_token)
    server.start_game(code, host)
    anna.send({"type": "undo"})
    refused = anna.recv_until("error")
    assert (refused["code"], refused["message"]) == (
        "no-undo",
        "cards are taken back only at a table of one player against computer players",
    )
    anna.close()
    ben.close()


def test_a_position_taken_back_to_is_explained_as_before(tmp_path: Path) -> None:
    """A play-test's guided deal advised 10♣ ("0.2 fewer than Q♣"); after a card played and taken back, the same
    position was explained with other costs and advised Q♣: the explanation was seeded by the table's count of actions.
    Seeded by the position, it is the same."""
    with running_server(tmp_path / "tables.sqlite3") as server:
        _code, _token, ann, watcher = lone_player_table(server)
        play_a_card(ann)
        ann.wait_until(lambda: ann.state is not None and ann.waits_for_a_human([0]) and not ann.pending)
        while ann.state is not None and len(ann.state["legal"]) == 1:  # a position with a choice
            ann.act()
            ann.wait_until(lambda: ann.state is not None and ann.waits_for_a_human([0]) and not ann.pending)

        def explained() -> dict[str, Any]:
            ann.send({"type": "explain", "lang": "en", "ref": "x"})
            return dict(ann.recv_until("explanation", timeout=60)["explanation"])

        first = explained()
        play_a_card(ann)
        ann.send({"type": "undo"})
        ann.recv_until("welcome")
        again = explained()
        assert (again["advice"], again["options"]) == (first["advice"], first["options"])
        ann.close()
        watcher.close()
