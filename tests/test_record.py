"""blackmaria/1 records: export, import, and refusal of bad records with one line naming where."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from blackmaria.cards import card_name
from blackmaria.record import FORMAT, RecordError, game_from_record
from helpers import play_random_deal, play_random_game


def _record(name: str = "black-maria", seed: int = 4) -> dict[str, Any]:
    return play_random_game(name, seed).to_record()


def test_record_shape_matches_the_format() -> None:
    record = _record()
    assert record["format"] == FORMAT == "blackmaria/1"
    assert record["rules"]["preset"] == "black-maria" and len(record["seats"]) == 3
    deal = record["deals"][0]
    assert set(deal) == {"dealer", "hands", "kitty", "stock", "passes", "plays"}
    assert [len(h) for h in deal["hands"]] == [17, 17, 17]
    assert [len(p) for p in deal["passes"]] == [3, 3, 3]
    assert len(deal["plays"]) == 51 and all(isinstance(c, str) and len(c) == 2 for c in deal["plays"])


def test_a_whole_game_round_trips_to_the_same_state() -> None:
    for name in ("hearts", "two-player", "spot-hearts"):
        game = play_random_game(name, 9)
        again = game_from_record(json.dumps(game.to_record()))
        assert again.to_record() == game.to_record()
        assert again.totals == game.totals and again.winners == game.winners and again.is_over


def test_how_the_first_dealer_was_chosen_survives_the_round_trip() -> None:
    """A researcher's game whose first dealer was cut read back as "given" (DealerChosen's method)."""
    from blackmaria.events import DealerChosen
    from blackmaria.game import Game

    game = Game("black-maria", seed=5)  # (the preset's first dealer is cut)
    game.deal()
    record = game.to_record()
    assert record["dealer_chosen_by"] == "cut" == game.events[0].method  # type: ignore[attr-defined]
    again = game_from_record(json.dumps(record))
    assert again.events[0] == DealerChosen(game.first_dealer, "cut", game.events[0].cut) and again.to_record() == record  # type: ignore[attr-defined]
    assert "dealer_chosen_by" not in Game("black-maria", first_dealer=1).to_record()  # ("given": the default, unsaid)
    with pytest.raises(RecordError, match="dealer_chosen_by: one of given, rules, random, cut, not 'coin'"):
        game_from_record({**record, "dealer_chosen_by": "coin"})


def test_the_cards_cut_for_the_first_deal_are_kept_and_checked() -> None:
    """The players see the cut (the terminal and the page tell it); a record keeps its cards, and one whose cut does
    not choose its first dealer is refused, naming the rule."""
    from blackmaria.game import Game
    from blackmaria.rules import preset

    game = Game(preset("hearts"), seed=3)
    game.deal()
    cut = game.events[0].cut  # type: ignore[attr-defined]
    (first, *_) = cut
    assert [seat for seat, _ in first] == [0, 1, 2, 3] and len({card for _, card in first}) == 4
    top = max(card >> 2 for _, card in cut[-1])
    assert [seat for seat, card in cut[-1] if card >> 2 == top] == [game.first_dealer]
    record = game.to_record()
    assert record["dealer_cut"] == [[[seat, card_name(card)] for seat, card in rnd] for rnd in cut]
    assert game_from_record(json.dumps(record)).events[0] == game.events[0]
    loser = next(seat for seat in range(4) if seat != game.first_dealer)
    with pytest.raises(RecordError, match=r"the cut .* does not choose seat") as refused:
        game_from_record({**record, "deals": [{**record["deals"][0], "dealer": loser}]})
    assert refused.value.rule == "dealer"
    with pytest.raises(RecordError, match=r"round 1 of the cut .* is not one card each of seats \[0, 1, 2, 3\]"):
        game_from_record({**record, "dealer_cut": [[[0, "AS"], [1, "AS"], [2, "2C"], [3, "3C"]]]})
    with pytest.raises(RecordError, match="each cut is \\[seat, card\\]"):
        game_from_record({**record, "dealer_cut": [[["north", "AS"]]]})
    # a tie at the top cuts again between the tied: two kings, then the higher of the two
    tie = [[[0, "KS"], [1, "KH"], [2, "2C"], [3, "3C"]], [[0, "4D"], [1, "9D"]]]
    again = game_from_record({**record, "deals": [{**record["deals"][0], "dealer": 1}], "dealer_cut": tie})
    assert again.first_dealer == 1 and len(again.events[0].cut) == 2  # type: ignore[attr-defined]


def test_a_game_in_progress_round_trips_mid_pass_and_mid_trick() -> None:
    rng = random.Random(1)
    game = play_random_game("hearts", 1)
    record = game.to_record()
    partial = copy.deepcopy(record)
    partial["deals"] = partial["deals"][:2]
    partial["deals"][1]["plays"] = partial["deals"][1]["plays"][:7]
    resumed = game_from_record(partial)
    assert resumed.phase == "playing" and len(resumed.tricks[-1].plays) == 3
    mid_pass = copy.deepcopy(partial)
    mid_pass["deals"][1]["plays"] = []
    mid_pass["deals"][1]["passes"][2] = []
    waiting = game_from_record(mid_pass)
    assert waiting.phase == "passing" and not waiting.has_passed(2) and waiting.has_passed(0)
    assert game_from_record(waiting.to_record()).to_record() == waiting.to_record()
    play_random_deal(resumed, rng)
    assert resumed.phase in ("deal-over", "game-over")


def _broken(change: Any) -> str:
    record = _record("hearts", 2)
    change(record)
    with pytest.raises(RecordError) as info:
        game_from_record(record)
    message = str(info.value)
    assert "\n" not in message
    return message


def test_an_illegal_play_names_deal_play_seat_card_and_rule() -> None:
    def swap_first_two_plays_of_trick_two(record: dict[str, Any]) -> None:
        plays = record["deals"][0]["plays"]
        hands = record["deals"][0]["hands"]
        del hands
        # The second card of the first trick replaced by a card the next seat cannot follow with.
        plays[1], plays[5] = plays[5], plays[1]

    message = _broken(swap_first_two_plays_of_trick_two)
    assert message.startswith("deal 1, play ")
    assert "(seat " in message and "cannot play" in message and "(rule: " in message


def test_a_wrong_hand_count_a_duplicate_and_a_removed_card_are_refused() -> None:
    def short_hand(r: dict[str, Any]) -> None:
        r["deals"][0]["hands"][1].pop()

    def duplicate(r: dict[str, Any]) -> None:
        r["deals"][0]["hands"][1][0] = r["deals"][0]["hands"][0][0]

    assert "seat 1 holds 12 cards; each hand must hold 13" in _broken(short_hand)
    assert "is dealt twice" in _broken(duplicate)
    record = _record("black-maria", 3)
    record["deals"][0]["hands"][0][0] = "2C"
    with pytest.raises(RecordError, match="deal 1: hand of seat 0: 2C is removed from the deck under these rules"):
        game_from_record(record)


def test_a_pass_that_breaks_the_rules_is_refused() -> None:
    record = _record("dirty-lady", 5)
    deal = record["deals"][0]
    holder = next(s for s, h in enumerate(deal["hands"]) if "QS" in h)
    deal["passes"][holder][0] = "QS"
    with pytest.raises(RecordError, match="deal 1: .*cannot pass QS: under these rules it may not be passed \\(rule: pass-forbidden\\)"):
        game_from_record(record)


def test_dealer_out_of_rotation_and_deals_after_the_end_are_refused() -> None:
    def wrong_dealer(r: dict[str, Any]) -> None:
        r["deals"][1]["dealer"] = (r["deals"][1]["dealer"] + 1) % 4

    assert "deal 2: dealer: seat" in _broken(wrong_dealer) and "out of rotation" in _broken(wrong_dealer)
    record = _record("black-maria", 6)
    record["deals"].append(copy.deepcopy(record["deals"][0]))
    with pytest.raises(RecordError, match="deal 10: the game ended after deal 9"):
        game_from_record(record)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"format": "pgn"}', "format must be 'blackmaria/1'"),
        ('{"format": "blackmaria/1", "rules": "bridge"}', "rules: preset: 'bridge' is not a preset"),
        # (it was replayed as Black Maria: a researcher's record of another game)
        ('{"format": "blackmaria/1", "deals": []}', "rules: missing; a record names its rules"),
        (
            '{"format": "blackmaria/1", "rules": "hearts", "deals": [{"dealer": 0, "hands": [["XX"]]}]}',
            "deal 1: hand of seat 0: 'XX' is not a card",
        ),
    ],
)
def test_malformed_records_get_a_clear_error(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        game_from_record(text)


def test_an_unfinished_deal_followed_by_another_is_refused() -> None:
    def cut_short(r: dict[str, Any]) -> None:
        r["deals"][0]["plays"] = r["deals"][0]["plays"][:10]

    assert "deal 1: the deal stops after 10 plays, but another deal follows" in _broken(cut_short)
