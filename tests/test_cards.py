from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from blackmaria.cards import (
    CardSet,
    card_name,
    card_symbol,
    english_name,
    german_name,
    parse_card,
    parse_cards,
)


def test_encoding_matches_openspiel_rank_times_four_plus_suit() -> None:
    assert parse_card("2C") == 0
    assert parse_card("2S") == 3
    assert parse_card("QS") == 43
    assert parse_card("AS") == 51


@pytest.mark.parametrize("text", ["10h", "TH", "th", "10♥", "T♥", " 10H "])
def test_lenient_input_for_ten_of_hearts(text: str) -> None:
    assert card_name(parse_card(text)) == "TH"


def test_german_rank_letters_on_input() -> None:
    assert parse_card("D♠") == parse_card("QS")
    assert parse_card("b♥") == parse_card("JH")
    assert parse_card("DD") == parse_card("QD")  # Karo-Dame: rank first, then suit


def test_symbols_and_lowercase() -> None:
    assert parse_card("q♠") == parse_card("QS")
    assert parse_cards("2c, 3d qs") == [0, 5, 43]


@pytest.mark.parametrize(
    ("text", "fragment"),
    [("1H", "'1' is not a rank"), ("QX", "'X' is not a suit"), ("", "expected a rank and a suit"), ("11S", "'11' is not a rank")],
)
def test_bad_card_text_names_the_problem(text: str, fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment):
        parse_card(text)


@given(st.integers(0, 51))
def test_every_text_form_parses_back(card: int) -> None:
    assert parse_card(card_name(card)) == card
    assert parse_card(card_symbol(card)) == card
    assert parse_card(card_name(card).lower()) == card


@given(st.sets(st.integers(0, 51)))
def test_cardset_text_and_repr_round_trip(cards: set[int]) -> None:
    cs = CardSet(cards)
    assert CardSet.parse(cs.text()) == cs
    assert eval(repr(cs), {"CardSet": CardSet}) == cs
    assert len(cs) == len(cards) and sorted(cs) == sorted(cards)


def test_german_and_english_names() -> None:
    assert german_name(parse_card("QS")) == "Pik-Dame"
    assert german_name(parse_card("AH")) == "Herz-Ass"
    assert german_name(parse_card("JC")) == "Kreuz-Bube"
    from blackmaria.locale import Texts

    assert Texts("de").card(parse_card("TH")) == "10♥" and Texts("de").card(parse_card("QS")) == "D♠"
    assert english_name(parse_card("QS")) == "queen of spades"


def test_cardset_groups_by_suit_high_to_low() -> None:
    hand = CardSet.parse("2C AS 7H KH QS 10D")
    assert str(hand) == "♠ A Q  ♥ K 7  ♦ 10  ♣ 2"
    assert hand.suit(3) == CardSet.parse("QS AS")
    assert CardSet.full_deck().mask == (1 << 52) - 1


def test_cardset_rejects_bad_masks_and_is_immutable() -> None:
    with pytest.raises(ValueError):
        CardSet(1 << 52)
    with pytest.raises(ValueError):
        CardSet([52])
    with pytest.raises(AttributeError):
        CardSet().mask = 3  # type: ignore[misc]
    # A list of names is read as the text is (a researcher's CardSet(["QS", "2C"]) met a TypeError), and a bad one named.
    assert CardSet(["QS", "2C"]) == CardSet("QS 2C") == CardSet.parse("2C QS")
    with pytest.raises(ValueError, match="ZZ"):
        CardSet(["QS", "ZZ"])


def test_a_card_set_copies_and_pickles_whole() -> None:
    import copy
    import pickle

    hand = CardSet.parse("QS AH 2C")
    assert copy.deepcopy(hand) == hand and copy.copy(hand) == hand
    assert pickle.loads(pickle.dumps({"hand": hand}))["hand"] == hand
