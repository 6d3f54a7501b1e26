"""The verifiable shuffle: the commitment's exact bytes, and ``blackmaria verify`` accepting honest records and refusing forged ones."""

from __future__ import annotations

import copy
import hashlib
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from blackmaria.cards import card_name, cards_of
from blackmaria.game import Game
from blackmaria.rules import Rules, load_rules
from blackmaria.server import shuffle
from helpers import random_pass


def served_record(rules: Rules, seed: int) -> dict[str, Any]:
    """A finished game played as the server plays it: each deal from a committed deck, the shuffle added to the record."""
    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    shuffles = []
    while not game.is_over:
        deck = cards_of(rules.in_play_mask)
        rng.shuffle(deck)
        salt = f"{rng.getrandbits(256):064x}"
        shuffles.append({"sha256": shuffle.commitment(deck, salt), "salt": salt, "deck": [card_name(c) for c in deck]})
        game.deal(deck)
        if game.phase == "passing":
            for seat in range(game.players):
                game.pass_cards(seat, random_pass(game, seat, rng))
        while game.phase == "playing":
            game.play(rng.choice(sorted(game.legal_cards())))
    record = game.to_record()
    for deal, data in zip(record["deals"], shuffles, strict=True):
        deal["shuffle"] = data
    return record


def test_the_commitment_is_sha256_of_the_documented_string() -> None:
    deck = cards_of(Rules.from_data("hearts").in_play_mask)
    salt = "ab" * 32
    text = "blackmaria-shuffle/1\n" + salt + "\n" + " ".join(card_name(c) for c in deck) + "\n"
    assert shuffle.commitment(deck, salt) == hashlib.sha256(text.encode("ascii")).hexdigest()
    assert len(shuffle.new_salt()) == 64 and shuffle.new_salt() != shuffle.new_salt()
    fresh = shuffle.new_deck(Rules.from_data("black-maria"))
    assert sorted(fresh) == cards_of(Rules.from_data("black-maria").in_play_mask) and fresh != sorted(fresh)


@pytest.mark.parametrize(
    "rules",
    [
        load_rules("hearts"),
        load_rules("black-maria", 5),
        Rules.from_data({"preset": "black-maria", "players": 5, "kitty": True}),
        load_rules("two-player"),
    ],
    ids=["hearts", "black-maria-5", "kitty", "two-player"],
)
def test_an_honest_record_verifies_deal_by_deal(rules: Rules) -> None:
    record = served_record(rules, 4)
    checks = shuffle.verify_record(record)
    assert len(checks) == len(record["deals"]) and all(check.ok for check in checks), [c.message for c in checks if not c.ok]


def forgeries() -> list[tuple[str, Any, str]]:
    def salt(deal: dict[str, Any]) -> None:
        deal["shuffle"]["salt"] = "0" * 64

    def swap_two_cards_of_the_deck(deal: dict[str, Any]) -> None:
        deck = deal["shuffle"]["deck"]
        deck[0], deck[1] = deck[1], deck[0]

    def recommit_to_another_deck(deal: dict[str, Any]) -> None:
        # A server that changed the deck after the fact and hashed again cannot match the published hands.
        deck = deal["shuffle"]["deck"]
        deck[0], deck[1] = deck[1], deck[0]
        deal["shuffle"]["sha256"] = hashlib.sha256(shuffle.commitment_text(deck, deal["shuffle"]["salt"]).encode()).hexdigest()

    def drop_the_shuffle(deal: dict[str, Any]) -> None:
        del deal["shuffle"]

    def a_deck_with_a_removed_card(deal: dict[str, Any]) -> None:
        deal["shuffle"]["deck"][-1] = "2C"

    return [
        ("salt", salt, "hash to"),
        ("swap", swap_two_cards_of_the_deck, "hash to"),
        ("recommit", recommit_to_another_deck, "not the deck dealt"),
        ("missing", drop_the_shuffle, "no shuffle commitment"),
        ("removed-card", a_deck_with_a_removed_card, "hash to"),
    ]


@pytest.mark.parametrize(("name", "forge", "message"), forgeries(), ids=[f[0] for f in forgeries()])
def test_a_forged_deal_is_refused_naming_the_deal(name: str, forge: Any, message: str) -> None:
    record = served_record(load_rules("black-maria", 3), 9)
    forged = copy.deepcopy(record)
    forge(forged["deals"][1])
    checks = shuffle.verify_record(forged)
    assert [c.ok for c in checks] == [True, False] + [True] * (len(checks) - 2)
    assert checks[1].message.startswith("deal 2: ") and message in checks[1].message


def run_verify(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "blackmaria.cli", "verify", *args], input=stdin, capture_output=True, text=True, timeout=60
    )


def test_the_verify_command(tmp_path: Path) -> None:
    record = served_record(load_rules("hearts"), 2)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    ok = run_verify(str(path))
    assert ok.returncode == 0 and ok.stdout.count(": ok, sha256 ") == len(record["deals"])
    data = json.loads(run_verify("--json", "-", stdin=json.dumps(record)).stdout)
    assert data["ok"] is True and len(data["deals"]) == len(record["deals"])
    record["deals"][0]["shuffle"]["salt"] = "1" * 64
    bad = run_verify("-", stdin=json.dumps(record))
    assert bad.returncode == 1 and bad.stderr.startswith("deal 1: the deck and salt hash to")
    record["deals"][0]["plays"][0], record["deals"][0]["plays"][1] = record["deals"][0]["plays"][1], record["deals"][0]["plays"][0]
    broken = run_verify("-", stdin=json.dumps(record))
    assert broken.returncode == 1 and broken.stderr.startswith("error: deal 1, play 1:")


def test_verify_says_once_that_a_record_without_any_shuffle_cannot_be_verified(tmp_path: Path) -> None:
    """A record a local game kept has no shuffle: one line that says so and what checks it (a researcher read the same
    "no shuffle commitment" line fourteen times)."""
    record = served_record(load_rules("hearts"), 2)
    for deal in record["deals"]:
        del deal["shuffle"]
    answer = run_verify("-", stdin=json.dumps(record))
    assert answer.returncode == 1 and answer.stdout == ""
    assert answer.stderr.strip().splitlines() == [
        "error: no deal of this record holds a shuffle commitment: only a record kept by a blackmaria server "
        "(GET /api/tables/CODE/record) can be verified; blackmaria replay checks the plays of any record"
    ]
