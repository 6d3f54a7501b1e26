"""The leak test: play whole games over WebSocket and scan every message each recipient got for a card it may not know.

What a recipient may know at a message is worked out independently of the
server's views: the test reads the stored actions from the SQLite file,
replays them through a fresh ``Game`` up to the message's ``seq``, and takes
that seat's ``Observation.known_cards()`` (a spectator: the cards played),
or, once a deal is over and its deck revealed, every card. Every card text in
the message, in any field and inside any sentence, must be in that set.
"""

from __future__ import annotations

import json
import random
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from blackmaria.cards import CardSet, parse_card
from blackmaria.events import DealerChosen, PlayStarted
from blackmaria.game import Game
from blackmaria.rules import Rules
from test_server_helpers import Player, Server, play_until, running_server

CARD_WORD = re.compile(r"\b[2-9TJQKA][CDHS]\b")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("leaks") / "tables.sqlite3") as running:
        yield running


def cards_in(value: Any) -> set[int]:
    """Every card written anywhere in a JSON value: as a field's value or as a word in a sentence."""
    found: set[int] = set()
    if isinstance(value, str):
        found.update(parse_card(word) for word in CARD_WORD.findall(value))
    elif isinstance(value, dict):
        for key, item in value.items():
            found |= cards_in(key) | cards_in(item)
    elif isinstance(value, list):
        for item in value:
            found |= cards_in(item)
    return found


class Oracle:
    """The stored game of a table, replayed action by action to say what a seat may know after ``seq`` actions."""

    def __init__(self, db: Path, code: str, game_no: int = 1) -> None:
        with sqlite3.connect(db) as conn:
            table_id, rules = conn.execute("SELECT id, rules FROM bm_tables WHERE code = ?", (code,)).fetchone()
            seed, names = conn.execute(
                "SELECT seed, seats FROM bm_games WHERE table_id = ? AND game_no = ?", (table_id, game_no)
            ).fetchone()
            self.actions = conn.execute(
                "SELECT seq, kind, seat, data FROM bm_actions WHERE table_id = ? AND game_no = ? ORDER BY seq", (table_id, game_no)
            ).fetchall()
        self.rules = Rules.from_data(json.loads(rules))
        self.seed = seed
        self.names = json.loads(names)
        assert [row[0] for row in self.actions] == list(range(1, len(self.actions) + 1))

    def replay(self) -> Replay:
        return Replay(self)


class Replay:
    def __init__(self, oracle: Oracle) -> None:
        self.oracle = oracle
        self.game = Game(oracle.rules, seats=oracle.names, rng=random.Random(int(oracle.seed, 16)))
        self.seq = 0

    def advance(self, seq: int) -> None:
        assert seq >= self.seq, "a recipient's messages went back in time"
        while self.seq < seq:
            _, kind, seat, data = self.oracle.actions[self.seq]
            action = json.loads(data)
            if kind == "deal":
                self.game.deal([parse_card(c) for c in action["deck"]])
            elif kind == "pass":
                self.game.pass_cards(seat, [parse_card(c) for c in action["cards"]])
            else:
                self.game.play(parse_card(action["card"]), seat)
            self.seq += 1

    def may_know(self, seat: int | None) -> CardSet:
        game = self.game
        if game.phase in ("deal-over", "game-over"):
            return CardSet.full_deck()  # the deal's deck and salt are revealed when it ends
        if game.phase == "not-started":
            return CardSet()
        # The card that must open the deal is public once play starts (docs/rules.md, decision 3).
        forced = [e.forced_card for e in game.events if isinstance(e, PlayStarted) and e.forced_card is not None]
        public = CardSet(forced[-1:]) if game.phase == "playing" else CardSet()
        if seat is None:
            return game.observation(0).played | public
        return game.observation(seat).known_cards() | public


def without_the_cut(value: Any, game: Any) -> Any:
    """``value`` without the game's ``DealerChosen`` event: the cards cut for the first deal, which every seat saw at
    the table (they went back into the deck), the one public card mention the oracle's ``may_know`` leaves out. Only
    the game's own event goes: another cut, or cards elsewhere, are still scanned."""
    event = next(e for e in game.events if isinstance(e, DealerChosen)).to_dict()
    if value == event:
        return None
    if isinstance(value, dict):
        return {key: without_the_cut(item, game) for key, item in value.items()}
    if isinstance(value, list):
        return [without_the_cut(item, game) for item in value]
    return value


def scan(oracle: Oracle, seat: int | None, messages: list[dict[str, Any]]) -> tuple[int, list[str]]:
    """Check every message; return the number of card mentions checked and a line for each leak."""
    replay = oracle.replay()
    checked = 0
    leaks = []
    for index, message in enumerate(messages):
        if "seq" in message and message["type"] in ("welcome", "update", "pong"):
            replay.advance(message["seq"])
        cards = cards_in(without_the_cut(message, replay.game))
        checked += len(cards)
        hidden = CardSet(cards) - replay.may_know(seat)
        if hidden:
            leaks.append(f"seat {seat}, message {index} ({message['type']}, seq {replay.seq}): {hidden.text()}")
    return checked, leaks


def play_table(server: Server, rules: Any, humans: list[int]) -> tuple[str, list[Player]]:
    code, host = server.create_table(rules)
    tokens = [server.join(code, f"Human {seat}", seat)[1] for seat in humans]
    server.bots(code, host, "easy")
    players = [server.connect(code, token) for token in tokens]
    early_watcher = server.connect(code, None)
    server.start_game(code, host)
    first = players[0]
    play_until(players, lambda: first.state is not None and len(first.state["played"]) >= 6)
    late_watcher = server.connect(code, None)  # joins mid-deal: its welcome holds the deal so far
    play_until(players, lambda: all(p.over() for p in players))
    for watcher in (early_watcher, late_watcher):
        watcher.wait_until(watcher.over)
    return code, [*players, early_watcher, late_watcher]


@pytest.mark.parametrize(
    ("rules", "humans"),
    [
        ({"preset": "hearts", "target_score": None, "deal_count": 2}, [0, 2]),  # passes left, then right
        ({"preset": "black-maria", "players": 5, "kitty": True, "deal_count": 1}, [0, 3]),  # a kitty of 2
        ({"preset": "two-player", "target_score": None, "deal_count": 1}, [0, 1]),  # private draws from the stock
    ],
    ids=["hearts", "black-maria-5-kitty", "two-player-stock"],
)
def test_no_recipient_gets_a_card_it_may_not_know(server: Server, rules: Any, humans: list[int]) -> None:
    code, recipients = play_table(server, rules, humans)
    oracle = Oracle(server.db, code)
    total = 0
    for recipient in recipients:
        checked, leaks = scan(oracle, recipient.seat, recipient.messages)
        assert leaks == []
        assert recipient.errors == []
        total += checked
        recipient.close()
    assert total > 500  # the scan saw the game: hands, tricks, reveals
    print(
        f"leak scan {rules}: {sum(len(r.messages) for r in recipients)} messages to {len(recipients)} recipients, {total} cards checked (distinct per message), no leak"
    )


def test_the_scan_finds_a_card_planted_in_a_message(server: Server) -> None:
    """The check itself can fail: another seat's card put into a seat's message mid-deal is found, in a field or a sentence."""
    code, recipients = play_table(server, {"preset": "hearts", "target_score": None, "deal_count": 1}, [0, 2])
    oracle = Oracle(server.db, code)
    anna = recipients[0]
    replay = oracle.replay()
    mid = next(m for m in anna.messages if m["type"] == "update" and m["state"] and m["state"]["phase"] == "playing")
    replay.advance(mid["seq"])
    other = next(c for c in replay.game.hand(1) if c not in replay.may_know(0))
    planted = [dict(mid, state={**mid["state"], "hand": [*mid["state"]["hand"], CardSet([other]).names()[0]]})]
    assert scan(oracle, 0, [*anna.messages[: anna.messages.index(mid)], *planted])[1] != []
    sentence = {"type": "error", "code": "illegal", "message": f"seat 1 holds {CardSet([other]).names()[0]}", "seq": mid["seq"]}
    assert scan(oracle, 0, [*anna.messages[: anna.messages.index(mid) + 1], sentence])[1] != []
    for recipient in recipients:
        recipient.close()
