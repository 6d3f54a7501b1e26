from __future__ import annotations

import os
import pickle
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from blackmaria.cards import parse_card
from blackmaria.rules import PRESETS, Rules, RulesError, find_preset, load_rules, preset


def test_nine_presets_found_by_name_and_alias() -> None:
    assert len(PRESETS) == 9
    for name in PRESETS:
        assert preset(name).preset == name
    assert find_preset("Black_Maria") == "black-maria"
    assert find_preset("Spot Hearts") == "spot-hearts"
    with pytest.raises(RulesError, match="'bridge' is not a preset"):
        preset("bridge")


@pytest.mark.parametrize(
    ("name", "total"),
    [("black-maria", 43), ("plain-black-maria", 26), ("hearts", 26), ("black-maria-jaques", 26), ("omnibus", 16), ("spot-hearts", 129)],
)
def test_points_in_a_deal(name: str, total: int) -> None:
    assert preset(name).deal_total == total


def test_preset_options_follow_rules_md() -> None:
    bm = preset("black-maria")
    assert (bm.players, bm.removed, bm.pass_schedule, bm.first_lead, bm.hearts_lead, bm.moon, bm.deal_count) == (
        3,
        (parse_card("2C"),),
        ("right",),
        "left-of-dealer",
        "anytime",
        "off",
        9,
    )
    hearts = preset("hearts")
    assert not hearts.points_on_first_trick and hearts.queen_breaks_hearts and hearts.target_score == 100
    assert preset("dirty-lady").pass_forbidden == (parse_card("QS"),)
    assert preset("dirty-lady").values[parse_card("AH")] == 5
    assert preset("dirty-lady").values[parse_card("KS")] == 10
    assert preset("spot-hearts").values[parse_card("QS")] == 25
    assert preset("omnibus").values[parse_card("JD")] == -10
    assert preset("black-lady").pass_schedule == ("hold",)
    two = preset("two-player")
    assert (two.players, two.hand_size, two.stock_size, two.tricks_per_deal) == (2, 13, 26, 26)
    assert preset("black-maria", players=4).deal_count == 12


@pytest.mark.parametrize(("players", "removed"), [(3, "2C"), (5, "2C 2D"), (6, "2C 2D 2S 3C"), (7, "2C 2D 2S"), (4, "")])
def test_default_removals_by_player_count(players: int, removed: str) -> None:
    rules = preset("black-maria-jaques", players=players)
    assert [parse_card(c) for c in removed.split()] == list(rules.removed)
    assert rules.hand_size * players == 52 - len(rules.removed)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 8}, "players: 8 players is not supported; every rule set here is for 2 to 7 players"),
        ({"players": 4, "removed": (0,)}, "removed: removing 1 card\\(s\\) \\(2C\\) leaves 51, which does not divide among 4 players"),
        ({"removed": (0, 0, 1)}, "removed: 2C is named twice"),
        ({"removed": (60,)}, "removed: 60 is not a card in the deck"),
        ({"pass_schedule": ("across",)}, "pass_schedule: across needs an even number of players"),
        ({"pass_schedule": ("sideways",)}, "pass_schedule: 'sideways' is not one of"),
        ({"kitty": True}, "kitty: with 3 players and 51 cards in play nothing is left over"),
        ({"target_score": None, "deal_count": None}, "the game needs an end"),
        ({"moon": "add-to-others", "moon_cards": (parse_card("QS"),)}, "moon_cards: a shooter must take every card of positive value"),
        ({"pass_count": 18}, "pass_count: 18 cards"),
        ({"first_dealer": 5}, "first_dealer: 5 is not"),
        ({"scoring": "bridge"}, "scoring: 'bridge' is not one of"),
    ],
)
def test_validation_names_the_option_and_why(options: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules(**options)  # type: ignore[arg-type]


def test_across_is_skipped_with_an_odd_player_count() -> None:
    rules = Rules.from_data({"preset": "hearts", "players": 5})  # house rules: hearts is made for 4
    assert rules.effective_schedule == ("left", "right", "hold")
    assert [rules.pass_direction(i) for i in range(4)] == ["left", "right", "hold", "left"]
    assert preset("hearts").pass_offset("across") == 2
    assert preset("omnibus", players=6).pass_offset("right") == 5


def test_a_preset_by_name_is_only_for_the_counts_it_is_made_for(tmp_path: Path) -> None:
    """A play-test: `tournament --rules hearts --players 5`, `preset("hearts", players=5)` and the environments
    played a five-player "hearts" that `play` refused. Every way of naming a preset with a count now refuses it alike,
    naming the presets for that count; house rules may still take a preset to any count, as the message offers."""
    message = (
        "5 players: the hearts preset is for 4 players; for 5 try black-maria, black-maria-jaques, plain-black-maria, "
        'dirty-lady, omnibus, spot-hearts, black-lady (or house rules with preset = "hearts" and players = 5)'
    )
    for refused in (lambda: preset("hearts", players=5), lambda: load_rules("hearts", 5)):
        with pytest.raises(RulesError) as error:
            refused()
        assert str(error.value) == message
    with pytest.raises(RulesError, match=r"^3 players: the two-player preset is for 2 players; for 3 try black-maria, "):
        preset("2p", players=3)  # an alias names the preset all the same
    with pytest.raises(RulesError, match=r"^7 players: the black-maria preset is for 3 to 6 players; for 7 try black-maria-jaques"):
        load_rules("black-maria", 7)
    assert preset("black-maria", players=6).players == 6 and load_rules("hearts", 4).players == 4
    # House rules: a table or a file with the preset and the count.
    assert Rules.from_data({"preset": "hearts", "players": 5}).players == 5
    house = tmp_path / "house.toml"
    house.write_text('preset = "hearts"\n', encoding="utf-8")
    house_rules = load_rules(str(house), players=5)
    assert house_rules.players == 5 and house_rules.changes_from_preset() == []


def test_a_count_no_rule_set_takes_and_a_missing_file_are_named_as_such(tmp_path: Path) -> None:
    """A play-test: `--rules hearts --players 8` said "Black Maria is played by 2 to 7", `--players 1` "1 players",
    and a rules file mistyped was "not a preset"."""
    with pytest.raises(RulesError, match=r"^8 players: the hearts preset is for 4 players$"):
        load_rules("hearts", 8)  # nothing to try instead: no rule set takes 8
    with pytest.raises(RulesError, match=r"^1 player: the black-maria preset is for 3 to 6 players$"):
        load_rules("black-maria", 1)
    with pytest.raises(RulesError, match=r"^players: 1 player is not supported; every rule set here is for 2 to 7 players$"):
        Rules.from_data({"preset": "hearts", "players": 1})
    for missing in (str(tmp_path / "house.toml"), "house.json", f"rules{os.sep}mine"):
        with pytest.raises(RulesError, match=rf"^{re.escape(missing)}: no such rules file$"):
            load_rules(missing)
    # A play-test's `--rules /tmp` ended in a traceback (IsADirectoryError); a folder named like a preset is no file.
    with pytest.raises(RulesError, match=rf"^{re.escape(str(tmp_path))}: a folder, not a rules file \(a \.toml or \.json file\)$"):
        load_rules(str(tmp_path))
    (tmp_path / "hearts").mkdir()
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path)
        assert load_rules("hearts") == preset("hearts")
    (tmp_path / "latin1.toml").write_bytes(b"name = '\xe9'")
    with pytest.raises(RulesError, match=r"latin1\.toml: cannot be read as a rules file \("):
        load_rules(str(tmp_path / "latin1.toml"))
    with pytest.raises(RulesError, match=r"^preset: 'hurts' is not a preset; did you mean hearts\? the presets are "):
        load_rules("hurts")  # a name without a file's look is still a preset's name
    with pytest.raises(RulesError, match=r"^preset: 'blackmaria' is not a preset; did you mean black-maria\? the presets are "):
        load_rules("blackmaria")
    with pytest.raises(RulesError, match=r"^preset: 'chess' is not a preset; the presets are "):
        load_rules("chess")


def test_kitty_replaces_removal() -> None:
    rules = Rules.from_data({"preset": "black-maria-jaques", "kitty": True})
    assert rules.removed == () and rules.kitty_size == 1 and rules.hand_size == 17
    assert Rules.from_data({"preset": "black-maria", "players": 5, "kitty": True}).kitty_size == 2


presets_and_players = st.sampled_from(
    [(name, n) for name, info in PRESETS.items() for n in range(info.player_range[0], info.player_range[1] + 1)]
)


@given(presets_and_players)
def test_every_preset_round_trips_through_json_and_toml(case: tuple[str, int]) -> None:
    rules = preset(case[0], players=case[1])
    assert Rules.from_json(rules.to_json()) == rules
    assert Rules.from_toml(rules.to_toml()) == rules
    assert Rules.from_data(rules.to_dict()) == rules


def test_house_rules_file(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text(
        'preset = "black-maria"\nplayers = 4\npass_schedule = ["left"]\ntarget_score = 100\ndeal_count = "none"\n[card_values]\nJD = -10\n',
        encoding="utf-8",
    )
    rules = load_rules(str(path))
    assert rules.players == 4 and rules.removed == () and rules.pass_schedule == ("left",)
    assert rules.target_score == 100 and rules.deal_count is None and rules.values[parse_card("JD")] == -10
    assert load_rules(str(path), players=5).removed == (0, 1)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"preset": "hearts", "colour": "red"}, "colour: not a rule option"),
        ({"preset": "hearts", "kitty": "yes"}, "kitty: 'yes' is not true or false"),
        ({"preset": "hearts", "removed": ["2C", "ZZ"]}, "removed: 'ZZ' is not a card"),
        ({"preset": "hearts", "card_values": {"QS": "lots"}}, "card_values: the value of QS must be a whole number"),
    ],
)
def test_bad_rules_data_is_named(data: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules.from_data(data)


def test_describe_speaks_plainly() -> None:
    text = " ".join(preset("black-maria").describe())
    assert "pass 3 cards" in text.replace("passes 3 cards", "pass 3 cards")
    assert "43 points in each deal" in text
    assert "There is no shooting the moon." in text


def test_describe_names_the_club_that_opens_where_the_two_is_removed() -> None:
    """A play-test read "usually the two of clubs" beside the two's removal (Jaques' Black Maria for seven)."""
    seven = " ".join(load_rules("black-maria-jaques", 7).describe("en"))
    assert "lowest club in play (normally 3♣: the two is removed)" in seven and "two of clubs" not in seven
    assert "(normally the two of clubs)" in " ".join(preset("hearts").describe("en"))


def test_rules_pickle_to_the_same_bytes_whether_or_not_their_derived_facts_were_read() -> None:
    """An observation pickled in one world differed from the same observation in another only because the rules had
    cached ``moon_total`` in between: a researcher comparing or deduplicating pickles would see two observations."""
    fresh = preset("omnibus", players=7)
    read = preset("omnibus", players=7)
    assert read.moon_total > 0 and read.values and read.deal_total
    assert pickle.dumps(read) == pickle.dumps(fresh)
    loaded = pickle.loads(pickle.dumps(read))
    assert loaded == read and loaded.moon_total == read.moon_total
