"""Edge cases of ../shared/RULES.md, each with a fixed deck."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

from blackmaria.cards import CardSet, card_name, parse_card
from blackmaria.events import CardDrawn, GameOver, KittyTaken, SuddenDeath
from blackmaria.game import Game, GameError, IllegalDeal, IllegalPass, IllegalPlay
from blackmaria.rules import Rules, preset
from helpers import fill_hands, snapshot

HEARTS13 = " ".join(f"{r}H" for r in "23456789TJQKA")
SUITED = {
    0: " ".join(f"{r}C" for r in "23456789TJQKA"),
    1: " ".join(f"{r}D" for r in "23456789TJQKA"),
    2: HEARTS13,
    3: " ".join(f"{r}S" for r in "23456789TJQKA"),
}


def _no_pass(name: str, **changes: object) -> Rules:
    return preset(name).replace(pass_schedule=("hold",), **changes)


def _play_out(game: Game) -> None:
    while game.phase == "playing":
        game.play(min(game.legal_cards()))


def test_leader_holding_only_hearts_may_lead_one_before_hearts_are_broken() -> None:
    rules = _no_pass("hearts", first_lead="left-of-dealer")
    game = Game(rules, first_dealer=3)
    game.deal_hands(fill_hands(rules, {0: HEARTS13}))
    assert game.turn == 0 and not game.hearts_broken
    assert game.legal_cards() == CardSet(HEARTS13)
    game.play("2H")
    assert game.hearts_broken  # any-heart-played: a heart led by a hearts-only hand breaks them


def test_hearts_only_lead_does_not_break_hearts_when_only_a_discard_does() -> None:
    rules = _no_pass("black-lady", first_lead="left-of-dealer")
    game = Game(rules, first_dealer=3)
    game.deal_hands(fill_hands(rules, {0: HEARTS13}))
    game.play("2H")
    assert not game.hearts_broken


def test_leader_holding_only_hearts_and_qs_must_lead_qs() -> None:
    rules = _no_pass("hearts", first_lead="left-of-dealer")
    game = Game(rules, first_dealer=3)
    game.deal_hands(fill_hands(rules, {0: "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"}))
    assert game.legal_cards() == CardSet("QS")
    error = game.play_error("KH")
    assert error is not None and error.rule == "hearts-not-broken" and "KH" in str(error)


def test_first_trick_with_only_penalty_cards_may_play_them() -> None:
    rules = _no_pass("hearts")
    game = Game(rules, first_dealer=3)
    game.deal_hands(
        fill_hands(
            rules,
            {
                0: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
                1: "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
                2: "AH 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
            },
        )
    )
    game.play("2C")
    assert game.legal_cards() == game.hand(1)  # nothing but penalty cards: any of them
    game.play("QS")
    assert game.legal_cards() == game.hand(2) - CardSet("AH")  # holds diamonds: no heart on the first trick
    before = snapshot(game)
    with pytest.raises(IllegalPlay, match="AH: no card with points may be played on the first trick") as info:
        game.play("AH")
    assert info.value.rule == "no-points-on-first-trick" and info.value.seat == 2
    assert snapshot(game) == before


def test_2c_removed_the_lowest_club_leads() -> None:
    rules = _no_pass("black-maria-jaques")
    game = Game(rules, first_dealer=0)
    game.deal_hands(fill_hands(rules, {1: "4C 5C", 2: "3C"}))
    assert game.turn == 2
    error = game.play_error(max(game.hand(2)), 2)
    assert error is not None and error.rule == "first-lead" and "3C" in str(error)


def test_no_club_in_any_hand_left_of_dealer_leads_any_card() -> None:
    rules = preset("two-player")
    clubs = " ".join(f"{r}C" for r in "23456789TJQKA")
    hands = fill_hands(rules, {}, stock=clubs + " 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD")
    stock = [parse_card(c) for c in (clubs + " 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD").split()]
    game = Game(rules, first_dealer=1)
    game.deal_hands(hands, stock=stock)
    # The player left of the dealer leads; the usual lead rules still hold (hearts are not broken yet).
    assert game.turn == 0 and game.legal_cards() == game.hand(0) - CardSet.of_suit(2)


def test_kitty_holding_qs_goes_to_the_first_trick_winner() -> None:
    rules = Rules.from_data({"preset": "black-maria-jaques", "kitty": True, "pass_schedule": ["hold"]})
    game = Game(rules, first_dealer=0)
    game.deal_hands(fill_hands(rules, {1: "2C AC"}, kitty="QS"), kitty=["QS"])
    assert game.turn == 1
    assert game.observation(1).kitty is None
    for _ in range(3):
        game.play(min(game.legal_cards()))
    taken = [e for e in game.events if isinstance(e, KittyTaken)]
    owner = taken[0].seat
    assert game.taken(owner).mask >> parse_card("QS") & 1
    assert game.observation(owner).kitty == CardSet("QS")
    assert all(game.observation(s).kitty is None for s in range(3) if s != owner)
    assert all(e.cards is None for e in game.events_for((owner + 1) % 3) if isinstance(e, KittyTaken))
    # Its taker's own points count the queen it took in the kitty and has seen; the others' view of them does not
    # (a play-test's "18" left out the kitty's 2♥).
    in_tricks = sum(rules.values[c] for trick in game.tricks if trick.winner == owner for c in trick.cards)
    assert game.observation(owner).trick_points[owner] == in_tricks + 13
    assert all(game.observation(s).trick_points[owner] == in_tricks for s in range(3) if s != owner)
    _play_out(game)
    assert game.observation((owner + 1) % 3).kitty == CardSet("QS")  # scored, so shown to all
    points = game.deals[-1].points or ()
    assert points[owner] >= 13 or game.deals[-1].moon_shooter == owner
    assert sum(points) == (26 if game.deals[-1].moon_shooter is None else 52)


def test_two_player_stock_runs_out_mid_deal_and_the_hands_are_played_out() -> None:
    game = Game("two-player", seed=3)
    game.deal()
    stock = game.stock
    assert len(stock) == 26 and len(game.hand(0)) == len(game.hand(1)) == 13
    draws: list[CardDrawn] = []
    for trick in range(26):
        for _ in range(2):
            game.play(min(game.legal_cards()))
        new = [e for e in game.events if isinstance(e, CardDrawn)][len(draws) :]
        draws.extend(new)
        if trick < 13:
            winner = game.tricks[trick].winner
            assert [d.seat for d in new] == [winner, 1 - winner]  # the winner draws first
            assert len(game.hand(0)) == len(game.hand(1)) == 13
            seen_by_loser = game.observation(1 - winner).drawn
            assert all(d.card not in seen_by_loser for d in new if d.seat == winner)
        else:
            assert not new and len(game.stock) == 0
    assert [d.card for d in draws] == stock
    assert game.phase == "deal-over"
    assert sum(game.deals[0].points or ()) == 26 or game.deals[0].moon_shooter is not None
    assert all(e.card is None for e in game.events_for(0) if isinstance(e, CardDrawn) and e.seat == 1)


@pytest.mark.parametrize(
    ("moon", "expected"), [("add-to-others", [0, 26, 26, 26]), ("subtract-from-shooter", [-26, 0, 0, 0]), ("off", [26, 0, 0, 0])]
)
def test_moon_under_each_option(moon: str, expected: list[int]) -> None:
    rules = _no_pass("hearts", moon=moon)
    game = Game(rules, first_dealer=3)
    game.deal_hands(fill_hands(rules, SUITED))  # seat 0 holds every club and wins every trick
    _play_out(game)
    assert game.deals[0].points == tuple(expected)
    assert game.deals[0].moon_shooter == (None if moon == "off" else 0)


@pytest.mark.parametrize(("moon_cards", "expected"), [(None, [-10, 26, 26, 26]), ("JD QS " + HEARTS13, [-10, 26, 26, 26])])
def test_omnibus_jack_of_diamonds_with_a_moon(moon_cards: str | None, expected: list[int]) -> None:
    changes: dict[str, object] = {}
    if moon_cards:
        changes["moon_cards"] = tuple(parse_card(c) for c in moon_cards.split())
    rules = _no_pass("omnibus", **changes)
    game = Game(rules, first_dealer=3)
    game.deal_hands(fill_hands(rules, SUITED))
    _play_out(game)
    assert game.deals[0].points == tuple(expected)  # the shooter keeps the JD's -10


def test_omnibus_jd_required_for_the_moon_when_the_table_says_so() -> None:
    rules = _no_pass("omnibus", moon_cards=tuple(parse_card(c) for c in ("JD QS " + HEARTS13).split()))
    hands = {0: SUITED[0], 1: "JD " + " ".join(f"{r}S" for r in "23456789TJQK"), 2: HEARTS13, 3: "AS 2D 3D 4D 5D 6D 7D 8D 9D TD QD KD AD"}
    game = Game(rules, first_dealer=3)
    game.deal_hands(fill_hands(rules, hands))
    _play_out(game)  # seat 0 leads every club and wins every trick, the JD included
    assert game.deals[0].moon_shooter == 0 and game.deals[0].points == (-10, 26, 26, 26)


def _suited_deal(game: Game, shooter: int) -> None:
    rules = game.rules
    game.deal_hands(fill_hands(rules, {(shooter + k) % 4: SUITED[k] for k in range(4)}))
    _play_out(game)


def test_sudden_death_tie_plays_more_deals_until_the_lowest_is_alone() -> None:
    rules = _no_pass("black-lady", moon="off", target_score=None, deal_count=1, ties="sudden-death")
    game = Game(rules, first_dealer=3)
    _suited_deal(game, 0)  # 26 0 0 0: three tied for lowest
    assert game.phase == "deal-over" and isinstance(game.events[-1], SuddenDeath) and game.events[-1].tied == (1, 2, 3)
    _suited_deal(game, 1)  # 26 26 0 0
    assert game.phase == "deal-over"
    _suited_deal(game, 2)  # 26 26 26 0
    assert game.is_over and game.winners == (3,) and isinstance(game.events[-1], GameOver)
    with pytest.raises(IllegalDeal, match="the game ended after deal 3"):
        game.deal()


def test_tie_shared_ends_the_game_at_once() -> None:
    rules = _no_pass("black-lady", moon="off", target_score=None, deal_count=1, ties="share")
    game = Game(rules, first_dealer=3)
    _suited_deal(game, 0)
    assert game.is_over and game.winners == (1, 2, 3)


def test_dirty_lady_refuses_qs_in_a_pass_and_nothing_changes() -> None:
    game = Game("dirty-lady", seed=1)
    game.deal()
    holder = game.holder("QS")
    assert holder is not None
    before = snapshot(game)
    others = [c for c in game.hand(holder) if c != parse_card("QS")][:2]
    with pytest.raises(IllegalPass, match="cannot pass QS: under these rules it may not be passed") as info:
        game.pass_cards(holder, [parse_card("QS"), *others])
    assert info.value.rule == "pass-forbidden" and info.value.card == parse_card("QS")
    assert snapshot(game) == before
    assert parse_card("QS") not in game.passable_cards(holder)


def test_illegal_card_names_card_seat_and_rule_and_changes_nothing() -> None:
    rules = _no_pass("hearts")
    game = Game(rules, seats=["W", "N", "E", "S"], first_dealer=3)
    game.deal_hands(fill_hands(rules, {0: "2C 3C AD", 1: "4C KS"}))
    game.play("2C")
    before = snapshot(game)
    with pytest.raises(IllegalPlay) as info:
        game.play("KS")
    message = str(info.value)
    assert "N (seat 1) cannot play KS" in message and "clubs were led and must be followed" in message
    assert info.value.rule == "follow-suit" and info.value.seat == 1
    assert snapshot(game) == before
    with pytest.raises(IllegalPlay, match="it is N \\(seat 1\\)'s turn"):
        game.play("AD", seat=0)
    with pytest.raises(IllegalPlay, match="not in the hand"):
        game.play("3C")
    assert snapshot(game) == before


def test_bad_pass_sizes_and_double_passes_are_refused() -> None:
    game = Game("hearts", seed=2)
    game.deal()
    hand = sorted(game.hand(0))
    with pytest.raises(IllegalPass, match="must pass exactly 3 different cards, not 2"):
        game.pass_cards(0, hand[:2])
    with pytest.raises(IllegalPass, match="must pass exactly 3"):
        game.pass_cards(0, [hand[0]] * 3)
    twice = f"{card_name(hand[0])} twice"  # the card given twice is named (not "3 different cards, not 3")
    with pytest.raises(IllegalPass, match=f"must pass exactly 3 different cards, {twice}"):
        game.pass_cards(0, [hand[0], hand[0], hand[1]])
    game.pass_cards(0, hand[:3])
    with pytest.raises(IllegalPass, match="already passed"):
        game.pass_cards(0, hand[3:6])
    with pytest.raises(IllegalPlay, match="cannot be played now: the cards are being passed"):
        game.play(hand[4])


def test_undo_takes_back_the_last_play() -> None:
    game = Game("hearts", seed=5)
    game.deal()
    for seat in range(4):
        game.pass_cards(seat, sorted(game.hand(seat))[:3])
    before = snapshot(game)
    game.play(min(game.legal_cards()))
    game.undo()
    assert snapshot(game)[0] == before[0] and game.turn == before[3]


def test_taking_back_goes_to_the_seats_last_choice_over_its_forced_cards() -> None:
    """The rule the terminal and the server share: back to the seat's last card, and on to the card before while
    the card taken back was its only legal one, with the others' cards after it."""
    for seed in range(40):
        game = Game(preset("hearts").replace(pass_schedule=("hold",), deal_count=1, target_score=None), seed=seed)
        game.deal()
        rng = random.Random(seed)
        plays: list[tuple[int, int]] = []  # (seat, legal cards) of every play, in order
        while game.phase == "playing":
            legal = sorted(game.legal_cards())
            plays.append((game.turn, len(legal)))
            game.play(rng.choice(legal))
            mine = [i for i, (seat, _) in enumerate(plays) if seat == 0]
            if game.turn == 0 and len(mine) >= 2 and plays[mine[-1]][1] == 1 and plays[mine[-2]][1] > 1:
                break
        else:
            continue
        assert game.state is not None
        hand_before = set(game.hand(0)) | {card for seat, card in game.state.plays()[mine[-2] :] if seat == 0}
        assert game.plays_to_take_back(1) == 0  # not seat 1's turn
        expected = len(plays) - mine[-2]
        assert game.plays_to_take_back(0) == expected
        taken = game.take_back(0)
        assert len(taken) == expected and taken[-1][0] == 0 and len(game.state.plays()) == mine[-2]
        assert game.turn == 0 and set(game.hand(0)) == hand_before
        return
    pytest.fail("no deal with a forced card after a choice in 40 seeds")


def test_a_game_takes_a_player_count_as_the_environments_do() -> None:
    """A researcher's Game("hearts", players=3) was a TypeError, where every environment takes players=."""
    assert Game("black-maria", players=5).rules.players == 5
    with pytest.raises(ValueError, match=r"players=4: these rules are for 5"):
        Game(preset("black-maria", players=5), players=4)
    with pytest.raises(ValueError, match="the hearts preset is for 4 players"):
        Game("hearts", players=3)


def test_nothing_is_taken_back_where_every_card_of_the_seat_was_forced() -> None:
    """A play-test took back the 2♣ that led the deal: it was the only card allowed, so it came again at once and the
    button seemed broken. With no choice of the seat's in the deal there is nothing to take back."""
    game = Game(preset("hearts").replace(pass_schedule=("hold",)), seed=2)
    game.deal()
    leader = game.turn
    assert leader is not None and game.legal_cards() == CardSet.parse("2C")
    game.play(parse_card("2C"))
    while game.turn != leader:
        game.play(min(game.legal_cards()))
    assert game.plays_to_take_back(leader) == 0
    before = snapshot(game)
    with pytest.raises(GameError, match="was its only legal one: there is no choice to take back"):
        game.take_back(leader)
    assert snapshot(game) == before


def test_nothing_is_taken_back_before_the_seats_first_card() -> None:
    game = Game(preset("hearts").replace(pass_schedule=("hold",)), seed=2)
    game.deal()
    seat = game.turn
    assert game.plays_to_take_back(seat) == 0
    with pytest.raises(GameError, match="no card of this deal to take back"):
        game.take_back(seat)


def test_undo_off_means_no_card_is_taken_back_whatever_the_front_end() -> None:
    """A play-test: under undo = false the game still answered "2 plays to take back" and took them back; only the
    terminal and the server checked the rule. The game itself refuses now, naming the rule, and changes nothing."""
    game = Game(preset("hearts").replace(undo=False), seed=1)
    game.deal()
    for seat in range(4):
        game.pass_cards(seat, sorted(game.hand(seat))[:3])
    while not (game.phase == "playing" and any(player == game.turn for player, _ in game.state.plays())):  # type: ignore[union-attr]
        game.play(min(game.legal_cards()))
    seat = game.turn
    assert seat is not None and game.plays_to_take_back(seat) == 0
    before = snapshot(game)
    with pytest.raises(GameError, match=r"cannot take a card back: these rules say undo = false") as refused:
        game.take_back(seat)
    assert refused.value.rule == "undo-off" and snapshot(game) == before
    allowed = Game(game.rules.replace(undo=True), seed=1)
    allowed.deal()
    for seat in range(4):
        allowed.pass_cards(seat, sorted(allowed.hand(seat))[:3])
    for _ in range(len(game.state.plays())):  # type: ignore[union-attr]
        allowed.play(min(allowed.legal_cards()))
    assert allowed.plays_to_take_back(allowed.turn or 0) > 0  # the same position with undo allowed


def test_undo_after_a_deal_says_it_is_scored_not_empty() -> None:
    """A play-test: undo() after a whole deal of 64 actions said "there is nothing in the current deal to undo"."""
    game = Game(preset("hearts"), seed=3)
    with pytest.raises(GameError, match=r"^no deal has been dealt yet: there is nothing to undo$"):
        game.undo()
    game.deal()
    rng = random.Random(3)
    for seat in range(4):
        game.pass_cards(seat, rng.sample(sorted(game.passable_cards(seat)), 3))
    while game.phase == "playing":
        game.play(rng.choice(sorted(game.legal_cards())))
    assert game.phase == "deal-over" and len(game.state.history) == 64  # type: ignore[union-attr]
    before = snapshot(game)
    with pytest.raises(GameError, match=r"^deal 1 is over: a deal is scored once its last trick is taken, and a scored deal cannot"):
        game.undo()
    assert snapshot(game) == before


def test_undo_counts_decisions_and_says_so_while_passing() -> None:
    """A researcher's undo(2) during the pass read "cannot take back 2 plays: 0 made" (rule wrong-phase), and undo(1)
    then took back a seat's whole pass: the count is of decisions, and the refusal says how a pass is taken back."""
    game = Game(preset("hearts"), seed=1)
    game.deal()
    for card in sorted(game.passable_cards(0))[:3] + sorted(game.passable_cards(1))[:2]:
        game.apply_action(card)
    before = snapshot(game)
    with pytest.raises(GameError, match=r"no card is played yet, and a pass is taken back one seat's at a time, with undo\(1\)") as refused:
        game.undo(2)
    assert refused.value.rule == "undo-count" and snapshot(game) == before
    game.undo(1)
    assert len(game.state.history) == 3  # type: ignore[union-attr]  # (seat 1's two picks, one decision)
    game.undo(1)
    assert len(game.state.history) == 0  # type: ignore[union-attr]
    with pytest.raises(GameError, match="nothing in the current deal to undo") as empty:
        game.undo()
    assert empty.value.rule == "nothing-to-undo"


def test_a_seat_the_table_does_not_have_is_named_by_every_question_about_a_seat() -> None:
    """A researcher's seat one past the last got an empty hand, no legal card, a pass target, or a bare IndexError,
    where observation(9) said "seat 9 does not exist with 4 players": every question about a seat says so."""
    game = Game(preset("hearts"), seed=4)
    game.deal()
    state = game.state
    assert state is not None
    questions = {
        "Game.hand": game.hand,
        "Game.taken": game.taken,
        "Game.legal_cards": game.legal_cards,
        "Game.passable_cards": game.passable_cards,
        "Game.has_passed": game.has_passed,
        "Game.pass_target": game.pass_target,
        "Game.observation": game.observation,
        "State.hand": state.hand,
        "State.legal_actions": state.legal_actions,
        "State.pass_target": state.pass_target,
        "State.refusals": state.refusals,
    }
    for name, ask in questions.items():
        for seat in (4, -1, 9):
            with pytest.raises(ValueError, match=rf"^seat {seat} does not exist with 4 players$"):
                ask(seat)  # type: ignore[operator]
            assert name  # (named in a failure's traceback)
    assert game.hand(np.int64(2)) == game.hand(2)  # a NumPy integer is a seat


def test_actions_that_name_no_card_are_refused_as_not_a_card() -> None:
    """A play-test: apply_action(3.0) raised a bare TypeError, apply_action(True) played 2D (card 1), play(99) was
    refused as `not-in-hand`, OpenSpiel's pass of 99 said "it is not in the hand" and pass_cards(9, ...) blamed the
    turn. Each is now refused with the value and a rule of its own (`not-a-card`, as the environments say it;
    `no-such-seat`), and changes nothing."""
    game = Game(preset("hearts"), seed=4)
    game.deal()
    hand = sorted(game.hand(0))
    before = snapshot(game)
    for action in (3.0, True, 99, -1, None):
        with pytest.raises(
            IllegalPass, match=rf"^Player 1 \(seat 0\) cannot pass {re.escape(repr(action))}: it is not a card number \(0\.\.51\)$"
        ) as error:
            game.apply_action(action)  # type: ignore[arg-type]
        assert error.value.rule == "not-a-card" and snapshot(game) == before
    with pytest.raises(IllegalPass, match=r"^Player 1 \(seat 0\) cannot pass 52: it is not a card number") as error:
        game.pass_cards(0, [hand[0], hand[1], 52])
    assert error.value.rule == "not-a-card"
    # A text that names no card too (a researcher's "ZZ" raised a plain ValueError, with no rule to read).
    with pytest.raises(IllegalPass, match=r"^Player 1 \(seat 0\) cannot pass 'ZZ': 'ZZ' is not a card: 'Z' is not a suit") as error:
        game.pass_cards(0, [hand[0], hand[1], "ZZ"])
    assert error.value.rule == "not-a-card" and error.value.seat == 0 and snapshot(game) == before
    with pytest.raises(IllegalPass, match=r"^seat 9 does not exist with 4 players$") as error:
        game.pass_cards(9, hand[:3])
    assert error.value.rule == "no-such-seat" and snapshot(game) == before
    for seat in range(4):
        game.pass_cards(seat, sorted(game.hand(seat))[:3])
    before = snapshot(game)
    who = f"Player {game.turn + 1} \\(seat {game.turn}\\)" if game.turn is not None else ""
    for action in (3.0, True, 99):
        for act in (game.apply_action, game.play, game.play_error):
            with pytest.raises(IllegalPlay, match=rf"^{who} cannot play {re.escape(repr(action))}: it is not a card number") as error:
                act(action)  # type: ignore[operator]
            assert error.value.rule == "not-a-card" and snapshot(game) == before
    with pytest.raises(IllegalPlay, match=rf"^{who} cannot play 'ZZ': 'ZZ' is not a card") as error:
        game.play("ZZ")
    assert error.value.rule == "not-a-card" and snapshot(game) == before
    # The flat action layer (what OpenSpiel's game drives) says the same.
    state = Game(preset("hearts"), seed=4)
    state.deal()
    assert state.state is not None
    flat = state.state.clone()  # (the game's own is played through the game: below)
    with pytest.raises(IllegalPass, match=r"cannot pass 99: it is not a card number \(0\.\.51\)") as error:
        flat.apply_action(99)
    assert error.value.rule == "not-a-card" and not flat.history


def test_the_games_own_deal_is_played_through_the_game_and_a_copy_freely() -> None:
    """A researcher played a whole deal through ``game.state.apply_action``: the game never scored it, its events
    stopped at the deal, and the next ``deal()`` threw it away. The game's own deal refuses an action, naming the way;
    a copy takes any."""
    game = Game(preset("hearts"), seed=1)
    game.deal()
    own = game.state
    assert own is not None
    before = snapshot(game)
    with pytest.raises(GameError, match=r"^this State is game.state, the deal the Game keeps: play it through the game") as error:
        own.apply_action(own.legal_actions()[0])
    assert error.value.rule == "game-state" and snapshot(game) == before and not own.history
    copy = own.clone()
    while not copy.is_terminal():
        copy.apply_action(copy.legal_actions()[0])
    assert snapshot(game) == before and game.phase == "passing"
    while game.phase in ("passing", "playing"):
        game.apply_action(game.legal_actions()[0])
    assert game.phase == "deal-over" and sum(game.totals) == 26 and game.state is not None and len(game.state.history) == 64


@pytest.mark.parametrize(
    ("stage", "message"),
    [
        ("not-started", "2C cannot be played now: the game has not started"),
        ("passing", "2C cannot be played now: the cards are being passed"),
        ("game-over", "2C cannot be played now: the game is over"),
    ],
)
def test_a_card_out_of_its_time_is_refused_in_a_plain_sentence(stage: str, message: str) -> None:
    """A play-test: a record with a play after the end was refused with "the game is game over" (and "the game is
    passing", "the game is not started")."""
    game = Game(preset("hearts").replace(deal_count=1, target_score=None), seed=6)
    if stage != "not-started":
        game.deal()
    if stage == "game-over":
        rng = random.Random(6)
        for seat in range(4):
            game.pass_cards(seat, rng.sample(sorted(game.passable_cards(seat)), 3))
        while game.phase == "playing":
            game.play(rng.choice(sorted(game.legal_cards())))
    assert game.phase == stage
    with pytest.raises(IllegalPlay, match=f"^{message}$") as error:
        game.play("2C")
    assert error.value.rule == "wrong-phase"


@pytest.mark.parametrize(("need_jd", "expected"), [(False, [0, 16, 26, 26]), (True, [26, -10, 0, 0])])
def test_omnibus_moon_with_the_jd_elsewhere(need_jd: bool, expected: list[int]) -> None:
    from blackmaria.core import logic as core

    rules = preset("omnibus")
    if need_jd:
        rules = rules.replace(moon_cards=tuple(parse_card(c) for c in ("JD QS " + HEARTS13).split()))
    s = [0] * core.STATE_SIZE
    s[core.TAKEN + 0] = CardSet("QS " + HEARTS13).mask
    s[core.TAKEN + 1] = CardSet("JD").mask
    points = [0] * 4
    core.score_deal(s, core.make_params(rules), points)
    assert points == expected


def test_a_card_is_not_taken_back_over_a_draw_from_the_stock() -> None:
    """A play-test played two-player, saw the card it drew from the stock, took back and played another card: the
    stock stays as dealt, so taking back over a draw shows the next card. (With two players every turn but the first
    comes after a draw while the stock lasts.) Once the stock is gone a choice is taken back as anywhere."""
    game = Game("two-player", seed=3)
    game.deal()
    (lead,) = game.legal_cards()  # the first lead, forced
    game.play(lead)
    seat = game.turn
    assert seat is not None and len(game.legal_cards()) > 1  # (seeded) the second card is a choice
    assert game.plays_to_take_back(seat) == 0 and game.take_back_blocked(seat) is None  # (no card of its own yet)
    game.play(min(game.legal_cards()))  # the trick is over: both draw
    assert len(game.stock) == 24
    while game.turn != seat:
        game.play(min(game.legal_cards()))
    assert game.plays_to_take_back(seat) == 0 and game.take_back_blocked(seat) == "drawn"
    before = snapshot(game)
    with pytest.raises(GameError, match="has drawn from the stock since its last choice: a card is not taken back over a draw"):
        game.take_back(seat)
    assert snapshot(game) == before
    while game.stock:  # on to the tricks after the stock is gone
        game.play(min(game.legal_cards()))
    taken = 0
    while game.phase == "playing" and not taken:
        turn = game.turn
        assert turn is not None
        if game.plays_to_take_back(turn) > 2:  # back over a finished trick, the stock gone
            assert game.take_back_blocked(turn) is None
            taken = len(game.take_back(turn))
        else:
            game.play(min(game.legal_cards()))
    assert taken > 2
