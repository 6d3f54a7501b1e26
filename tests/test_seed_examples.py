"""The seed pages' worked examples, one test each, named after the page and clause."""

from __future__ import annotations

from blackmaria.cards import CardSet, parse_cards
from blackmaria.core import logic as core
from blackmaria.events import TrickWon
from blackmaria.game import Game
from blackmaria.rules import preset
from helpers import fill_hands


def _score(rules_name: str, taken: list[str]) -> list[int]:
    rules = preset(rules_name)
    s = [0] * core.STATE_SIZE
    for seat, text in enumerate(taken):
        for card in parse_cards(text):
            s[core.TAKEN + seat] |= 1 << card
    points = [0] * rules.players
    core.score_deal(s, core.make_params(rules), points)
    return points


def test_seed_001_playing_a_deal_example_carla_wins_23_with_ks_on_qs() -> None:
    """Seed 001 "Playing a deal", example: Anna leads 9S, Ben plays QS (no other spade), Carla's KS wins 23 points."""
    rules = preset("black-maria").replace(pass_schedule=("hold",))  # the example starts at the play
    hands = fill_hands(
        rules,
        {0: "9S 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 3C 4C 5C 6C", 1: "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH 7C 8C 9C", 2: "KS 2S 3S"},
    )
    game = Game(rules, seats=["Anna", "Ben", "Carla"], first_dealer=2)  # Anna sits left of the dealer and leads
    game.deal_hands(hands)
    assert game.turn == 0
    game.play("9S")
    assert game.legal_cards(1) == game.hand(1).suit(3) == CardSet("QS")  # Ben's only spade is the queen
    game.play("QS")
    game.play("KS")
    won = [e for e in game.events if isinstance(e, TrickWon)]
    assert won[-1].seat == 2 and won[-1].points == 23


def test_seed_001_scoring_example_10_8_25_makes_43() -> None:
    """Seed 001 "Scoring", example: Anna 3 hearts + AS = 10, Ben 8 hearts = 8, Carla 2 hearts + KS + QS = 25; 43 in all."""
    points = _score("black-maria", ["2H 3H 4H AS", "5H 6H 7H 8H 9H TH JH QH", "KH AH KS QS"])
    assert points == [10, 8, 25]
    assert sum(points) == preset("black-maria").deal_total == 43


def test_seed_003_scoring_and_the_queen_four_hearts_and_qs_score_17() -> None:
    """Seed 003 "Scoring and the Queen": four hearts and the queen of spades score seventeen."""
    points = _score("hearts", ["2H 3H 4H 5H QS", "6H 7H 8H 9H TH JH QH KH AH", "", ""])
    assert points[0] == 17


def test_seed_000_how_to_play_9_shooting_the_moon_scores_0_and_26_to_the_others() -> None:
    """Seed 000 "How to play" 9: all 13 hearts and the QS score 0, every other player 26."""
    every_heart = " ".join(f"{r}H" for r in "23456789TJQKA")
    assert _score("black-maria-jaques", [every_heart + " QS", "AS KS", "2D"]) == [0, 26, 26]


def test_seed_000_omnibus_jack_of_diamonds_is_minus_10() -> None:
    """Seed 000 "Variations: Omnibus Hearts": the JD scores minus 10 for whoever wins it."""
    assert _score("omnibus", ["JD 2H", "QS", "", ""]) == [-9, 13, 0, 0]


def test_seed_000_spot_hearts_face_value_queen_13_and_seed_003_queen_25() -> None:
    """Seed 000 "Spot Hearts": A 14, K 13, Q 12, J 11; QS keeps 13. Seed 003 plays QS at 25 (the preset)."""
    rules = preset("spot-hearts")
    assert [rules.values[c] for c in parse_cards("AH KH QH JH TH 2H QS")] == [14, 13, 12, 11, 10, 2, 25]
    assert rules.replace(card_values=()).values[parse_cards("QS")[0]] == 13


def test_seed_001_variants_dirty_lady_values() -> None:
    """Seed 001 "Variants: Dirty Lady": AH 5, KH 4, QH 3, JH 2, other hearts 1."""
    rules = preset("dirty-lady")
    assert [rules.values[c] for c in parse_cards("AH KH QH JH TH 2H QS KS AS")] == [5, 4, 3, 2, 1, 1, 13, 10, 7]


def test_seed_000_setting_up_1_three_players_remove_2c_and_the_3c_leads() -> None:
    """Seed 000 "Setting up" 1 and "How to play" 1: with 3 players 2C is removed; the lowest club leads."""
    rules = preset("black-maria-jaques").replace(pass_schedule=("hold",))
    game = Game(rules, first_dealer=0)
    game.deal_hands(fill_hands(rules, {2: "3C"}))
    assert game.turn == 2 and game.legal_cards() == CardSet("3C")
