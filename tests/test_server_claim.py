"""A claim at a server's table over real sockets: a lone player claims the rest of a deal once nothing left can score,
and the server plays it out; a claim too early, at the pass or at a table of people is refused, with the table
unchanged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_server_helpers import TWO_OF_CLUBS_ONLY, Player, Server, running_server


def lone_player(server: Server, rules: dict[str, Any]) -> tuple[str, Player, Player]:
    code, host = server.create_table(rules)
    _, token = server.join(code, "Ann", 0)
    server.bots(code, host, "medium")
    ann, watcher = server.connect(code, token), server.connect(code, None)
    server.start_game(code, host)
    return code, ann, watcher


def my_plays(state: dict[str, Any], seat: int) -> list[str]:
    return [card for trick in state["tricks"] for player, card in trick["plays"] if player == seat]


def test_a_lone_player_claims_the_rest_once_nothing_left_can_score(tmp_path: Path) -> None:
    with running_server(tmp_path / "tables.sqlite3") as server:
        code, ann, watcher = lone_player(server, TWO_OF_CLUBS_ONLY)
        assert server.http.get(f"/api/tables/{code}").json()["claim"] is True
        ann.wait_until(lambda: ann.state is not None and ann.state["phase"] == "passing")
        assert ann.state is not None and ann.state["claim"] is False
        ann.send({"type": "claim"})
        refused = ann.recv_until("error")
        assert (refused["code"], refused["message"]) == (
            "no-claim",
            "the rest of the deal is claimed on your turn, once the cards are in play",
        )
        # On to her first turn after the first trick (2♣ taken): the claim is offered there, not before.
        while True:
            ann.wait_until(lambda: ann.waits_for_a_human([0]) and not ann.pending)
            state = ann.state
            assert state is not None and state["phase"] in ("passing", "playing"), state
            taken = any(trick["winner"] is not None for trick in state["tricks"])
            if state["phase"] == "playing":
                assert state["claim"] is taken, state
            if state["phase"] == "playing" and taken:
                break
            ann.act()
        assert state["hand"] and len(my_plays(state, 0)) < 13
        watcher.drain(0.2)
        ann.send({"type": "claim"})
        ann.wait_until(lambda: ann.over())
        # Every card was played and the deal scored as it had to: 1 point, 2♣'s taker's.
        final = ann.state
        assert final is not None and final["hand"] == [] and not [e for e in ann.errors if e.get("code") == "no-claim"][1:]
        record = server.http.get(f"/api/tables/{code}/record").json()
        (deal,) = record["deals"]
        assert len(deal["plays"]) == 52 and sorted(final["totals"]) == [0, 0, 0, 1]
        watcher.wait_until(lambda: watcher.over())
        ann.close()
        watcher.close()


def test_a_claim_is_refused_where_the_rest_is_open_or_the_table_has_people(tmp_path: Path) -> None:
    with running_server(tmp_path / "tables.sqlite3") as server:
        # Hearts as usual: on her first card of the deal the rest is open (13 cards each, every point to play for).
        code, ann, watcher = lone_player(server, {"preset": "hearts", "deal_count": 1, "target_score": None})
        while True:
            ann.wait_until(lambda: ann.waits_for_a_human([0]) and not ann.pending)
            state = ann.state
            assert state is not None
            if state["phase"] == "playing":
                break
            ann.act()
        ann.send({"type": "claim"})
        refused = ann.recv_until("error")
        assert refused["code"] == "no-claim" and "not decided" in refused["message"], refused
        watcher.drain(0.3)
        assert ann.state == state and watcher.state is not None and watcher.state["hand"] == []  # nothing was played
        ann.close()
        watcher.close()
        # A table of two people: no claim (the other player's cards are theirs to play).
        code, host = server.create_table({"preset": "hearts", "deal_count": 1, "target_score": None})
        _, anna = server.join(code, "Anna", 0)
        _, ben = server.join(code, "Ben", 1)
        server.bots(code, host, "easy")
        assert server.http.get(f"/api/tables/{code}").json()["claim"] is False
        first = server.connect(code, anna)
        server.start_game(code, host)
        first.wait_until(lambda: first.state is not None)
        first.send({"type": "claim"})
        refused = first.recv_until("error")
        assert (refused["code"], refused["message"]) == (
            "no-claim",
            "the rest is claimed only at a table of one player against computer players",
        )
        first.close()
