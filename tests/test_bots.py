"""Bots: legal play under every preset, observations only, reproducible, the search's knowledge and worlds, hints."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import numpy as np
import pytest

from blackmaria.bots import LEVELS, Hint, MediumBot, hint, make_bot, run_bots
from blackmaria.bots.playout import (
    MEMO_BITS,
    NO_CAP,
    distinct_moves,
    moon_shoot_card,
    moon_stop_card,
    policy_deals,
    sample_world,
    sample_world_masked,
    search,
    solve,
    solve_memo,
    void_cards,
)
from blackmaria.bots.search import SearchBot, known_state, params_for
from blackmaria.cards import cards_of, parse_card, parse_cards, suit_mask
from blackmaria.core import logic as core
from blackmaria.core.compiled import make_rng
from blackmaria.game import Game
from blackmaria.observation import Observation
from blackmaria.rules import PRESETS, Rules, preset
from helpers import KERNEL_DEFAULTS, random_pass

RULE_SETS = [preset(name) for name in PRESETS] + [
    preset("black-maria", players=5),
    preset("omnibus", players=6),
    Rules.from_data({"preset": "black-maria-jaques", "kitty": True, "players": 5}),
    preset("spot-hearts", players=7),
]
RULE_IDS = [f"{r.preset}-{r.players}{'-kitty' if r.kitty else ''}" for r in RULE_SETS]


def one_deal(rules: Rules) -> Rules:
    return rules.replace(deal_count=1, target_score=None)


def random_position(rules: Rules, seed: int, plays: int) -> Game:
    """A deal of ``rules`` with random passes and ``plays`` random plays made (fewer if the deal ends first)."""
    rng = random.Random(seed)
    game = Game(one_deal(rules), seed=seed)
    game.deal()
    if game.phase == "passing":
        for seat in range(game.players):
            game.pass_cards(seat, random_pass(game, seat, rng))
    for _ in range(plays):
        if game.phase != "playing":
            break
        game.play(rng.choice(sorted(game.legal_cards())))
    return game


@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
def test_every_level_plays_legal_cards_under_every_preset(rules: Rules) -> None:
    """Game refuses an illegal pass or play with an error, so finishing the deals is the check."""
    for deal in range(4):
        game = Game(one_deal(rules), seed=deal)
        game.deal()
        levels = ["random", "easy", "medium", "hard"]
        bots = {seat: make_bot(levels[(seat + deal) % 4], seed=seat, budget=60) for seat in range(rules.players)}
        run_bots(game, bots)
        assert game.phase == "game-over"
        assert sum(game.deals[0].points or ()) in (rules.deal_total, rules.deal_total + (rules.players - 2) * rules.moon_total)


@pytest.mark.parametrize("name", ["hearts", "black-maria", "omnibus", "spot-hearts", "two-player"])
def test_rule_of_thumb_bots_play_many_deals(name: str) -> None:
    rules = one_deal(preset(name))
    for deal in range(40):
        game = Game(rules, seed=1000 + deal)
        game.deal()
        run_bots(game, {seat: make_bot(("medium", "easy")[seat % 2], seed=deal) for seat in range(rules.players)})
        assert game.phase == "game-over"


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
def test_every_level_plays_thousands_of_deals(rules: Rules) -> None:
    for deal in range(1000):
        game = Game(one_deal(rules), seed=deal)
        game.deal()
        levels = ["random", "easy", "medium", "hard"]
        run_bots(game, {seat: make_bot(levels[(seat + deal) % 4], seed=deal, budget=30) for seat in range(rules.players)})
        assert game.phase == "game-over"


def test_levels_by_name() -> None:
    assert LEVELS == ("random", "easy", "medium", "hard", "expert")
    assert make_bot("expert").budget == 5_000  # type: ignore[attr-defined]
    assert make_bot("hard", budget=50).budget == 50  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="not one of"):
        make_bot("grandmaster")


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_sees_only_the_observation(level: str) -> None:
    """Swapping the hidden cards of two other seats after the observation is built does not change the choice."""
    for seed in range(6):
        game = random_position(preset("hearts"), seed, plays=9 + seed)
        seat = game.turn
        assert seat is not None
        before = game.observation(seat)
        choice = make_bot(level, seed=5, budget=200).choose_play(before)
        others = [s for s in range(4) if s != seat]
        a, b = others[0], others[1]
        # Exchange one unplayed card of the same suit between two other hands: nothing the seat sees changes.
        swapped = False
        for suit in range(4):
            ca = game._s[core.HAND + a] & suit_mask(suit)
            cb = game._s[core.HAND + b] & suit_mask(suit)
            if ca and cb:
                x, y = cards_of(ca)[0], cards_of(cb)[0]
                game._s[core.HAND + a] ^= (1 << x) | (1 << y)
                game._s[core.HAND + b] ^= (1 << x) | (1 << y)
                swapped = True
                break
        assert swapped
        after = game.observation(seat)
        assert after == before
        assert make_bot(level, seed=5, budget=200).choose_play(after) == choice


@pytest.mark.parametrize("level", LEVELS)
def test_a_seeded_bot_is_reproducible(level: str) -> None:
    def play(seed: int) -> list[int]:
        game = Game(one_deal(preset("black-maria")), seed=3)
        game.deal()
        run_bots(game, {seat: make_bot(level, seed=seed + seat, budget=100) for seat in range(3)})
        return game.deals[0].plays

    assert play(1) == play(1)
    if level != "medium" and level != "easy":
        assert any(play(1) != play(s) for s in (2, 3, 4))


# ---- what the search knows ------------------------------------------------------------------------------------


def _check_known_state(game: Game, seat: int) -> None:
    obs = game.observation(seat)
    known = known_state(obs)
    s = game._s
    n = game.players
    rules = game.rules
    for other in range(n):
        hidden = s[core.HAND + other] & known.unknown
        if other == seat:
            assert hidden == 0 and known.state[core.HAND + seat] == s[core.HAND + seat]
            continue
        # What the state places in a hand is really there; the rest is unknown; the counts and voids hold.
        assert known.state[core.HAND + other] & ~s[core.HAND + other] == 0
        assert s[core.HAND + other] == known.state[core.HAND + other] | hidden
        assert hidden.bit_count() == known.caps[other]
        for suit in range(4):
            if known.voids[other] >> suit & 1:
                assert hidden & suit_mask(suit) == 0
    stock = sum(1 << s[core.STOCK + i] for i in range(s[core.STOCK_TOP], s[core.STOCK_SIZE]))
    assert stock & ~known.unknown == 0 and stock.bit_count() == known.caps[n + 1]
    # Putting the true hidden cards back gives the true state, slot for slot.
    rebuilt = known.state.copy()
    for other in range(n):
        rebuilt[core.HAND + other] |= s[core.HAND + other] & known.unknown
    if known.kitty_mode == 1:
        rebuilt[core.KITTY] = s[core.KITTY]
    elif known.kitty_mode == 2:
        rebuilt[core.TAKEN + known.kitty_owner] |= s[core.KITTY]
    for slot in range(core.HAND, core.PLAYED + 1):
        assert rebuilt[slot] == s[slot], f"slot {slot}"
    if rules.kitty_size and obs.kitty_owner is not None:
        assert rebuilt[core.KITTY_OWNER] == s[core.KITTY_OWNER]
    assert rebuilt[core.STOCK_SIZE] - 0 == s[core.STOCK_SIZE] - s[core.STOCK_TOP]
    p = params_for(rules)
    assert core.legal_cards(list(rebuilt), p, seat) == obs.legal.mask


@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
def test_the_known_state_holds_the_truth(rules: Rules) -> None:
    for seed in range(12):
        game = random_position(rules, seed, plays=seed * 4 + 1)
        if game.phase == "playing" and game.turn is not None:
            _check_known_state(game, game.turn)


@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
def test_sampled_worlds_are_consistent_with_what_the_seat_knows(rules: Rules) -> None:
    p = params_for(rules)
    n = rules.players
    for seed in range(8):
        game = random_position(rules, seed, plays=seed * 5 + 2)
        if game.phase != "playing" or game.turn is None:
            continue
        obs = game.observation(game.turn)
        known = known_state(obs)
        out = np.empty(core.STATE_SIZE, dtype=np.int64)
        rng = make_rng(seed)
        for _ in range(30):
            scratch = (np.empty(52, dtype=np.int64), np.empty(52, dtype=np.int64), np.empty(n + 2, dtype=np.int64))
            strict = sample_world(
                rng, known.state, p, known.unknown, known.caps, known.voids, known.kitty_mode, known.kitty_owner, out, *scratch
            )
            assert strict
            dealt = 0
            for seat in range(n):
                hand = int(out[core.HAND + seat])
                assert hand.bit_count() == obs.cards_left[seat]
                assert hand & known.state[core.HAND + seat] == known.state[core.HAND + seat]
                for suit in obs.voids[seat]:
                    assert hand & suit_mask(suit) == 0 if seat != obs.seat else True
                assert dealt & hand == 0
                dealt |= hand
            stock = 0
            for i in range(obs.stock_left):
                stock |= 1 << int(out[core.STOCK + i])
            assert stock.bit_count() == obs.stock_left and stock & dealt == 0
            taken = 0
            for seat in range(n):
                taken |= int(out[core.TAKEN + seat])
            kitty = int(out[core.KITTY]) if known.kitty_mode == 1 else 0
            everything = dealt | stock | taken | kitty | int(out[core.PLAYED])
            in_trick = obs.current_trick.cards.mask if obs.current_trick is not None else 0
            assert everything | in_trick == rules.in_play_mask


def _capped_two_player_positions() -> Iterator[tuple[list[int], Observation]]:
    """Two-player positions of random play where the seat to play knows its opponent showed a void and drew since,
    with the hands held then."""
    rules = preset("two-player")
    for seed in range(60):
        rng = random.Random(seed)
        game = Game(one_deal(rules), seed=seed)
        game.deal()
        while game.phase == "playing" and game.turn is not None:
            obs = game.observation(game.turn)
            if known_state(obs).suit_caps.shape[0] and obs.stock_left:
                yield [int(game._s[core.HAND + seat]) for seat in range(2)], obs
            game.play(rng.choice(sorted(game.legal_cards())))


def test_a_two_player_void_shown_before_a_draw_caps_that_suit_by_the_cards_drawn_since() -> None:
    positions = list(_capped_two_player_positions())
    assert len(positions) > 100
    tight = 0
    for hands, obs in positions:
        caps = known_state(obs).suit_caps
        other = 1 - obs.seat
        for suit in range(4):
            held = (hands[other] & suit_mask(suit)).bit_count()
            assert held <= caps[other, suit], f"{obs.tricks} suit {suit}: the bound must hold"
            tight += caps[other, suit] < int(known_state(obs).caps[other])
        assert (caps[obs.seat] == NO_CAP).all()  # nothing caps the seat itself
    assert tight > len(positions)  # the cap says more than the hand's size


def test_sampled_two_player_worlds_keep_the_suit_caps() -> None:
    rules = preset("two-player")
    p = params_for(rules)
    out = np.empty(core.STATE_SIZE, dtype=np.int64)
    rng = make_rng(1)
    for _, obs in list(_capped_two_player_positions())[::10]:
        known = known_state(obs)
        other = 1 - obs.seat
        for _ in range(20):
            scratch = (np.empty(52, dtype=np.int64), np.empty(52, dtype=np.int64), np.empty(4, dtype=np.int64))
            voids = void_cards(known.voids)
            args = (known.state, p, known.unknown, known.caps, voids, known.kitty_mode, known.kitty_owner, out, *scratch)
            assert sample_world_masked(rng, *args, known.suit_caps)
            hand = int(out[core.HAND + other])
            assert hand.bit_count() == obs.cards_left[other]
            for suit in range(4):
                assert (hand & suit_mask(suit)).bit_count() <= known.suit_caps[other, suit]


def test_a_capped_suit_is_dealt_as_often_as_the_draws_since_the_void_bring_it() -> None:
    """Each draw since the void is of the suit as often as the unseen cards are: the mean dealt is the cap times that
    share (dealt by the holder's room alone, a cap of 1 was nearly always filled, and the search played worse)."""
    rules = preset("two-player")
    p = params_for(rules)
    out = np.empty(core.STATE_SIZE, dtype=np.int64)
    rng = make_rng(2)
    dealt = expected = 0.0
    for _, obs in list(_capped_two_player_positions())[::5]:
        known = known_state(obs)
        other = 1 - obs.seat
        scratch = (np.empty(52, dtype=np.int64), np.empty(52, dtype=np.int64), np.empty(4, dtype=np.int64))
        args = (known.state, p, known.unknown, known.caps, void_cards(known.voids), known.kitty_mode, known.kitty_owner, out, *scratch)
        for suit in range(4):
            cap = int(known.suit_caps[other, suit])
            if cap >= NO_CAP:
                continue
            share = (known.unknown & suit_mask(suit)).bit_count() / known.unknown.bit_count()
            for _ in range(40):
                sample_world_masked(rng, *args, known.suit_caps)
                dealt += (int(out[core.HAND + other]) & suit_mask(suit)).bit_count()
                expected += cap * share
    assert expected > 100 and abs(dealt / expected - 1) < 0.1, (dealt, expected)


def _brute_force(s: list[int], p: tuple[int, ...] | np.ndarray) -> list[int]:
    """Max-n by plain Python recursion over the rule functions: each seat takes the fewest points."""
    if s[core.PHASE] == core.PHASE_OVER:
        points = [0] * int(p[core.P_PLAYERS])
        core.score_deal(s, p, points)
        return points
    seat = s[core.TURN]
    best: list[int] | None = None
    for card in cards_of(core.legal_cards(s, p, seat)):
        child = list(s)
        core.play_card(child, p, card)
        result = _brute_force(child, p)
        if best is None or result[seat] < best[seat]:
            best = result
    assert best is not None
    return best


@pytest.mark.parametrize("name", ["hearts", "black-maria", "omnibus", "two-player"])
def test_the_exact_end_game_solve_matches_a_brute_force(name: str) -> None:
    rules = preset(name)
    p = params_for(rules)
    left = 3 if rules.players <= 3 else 2
    for seed in range(10):
        game = random_position(rules, seed, plays=rules.tricks_per_deal * rules.players - left * rules.players - seed % 3)
        if game.phase != "playing":
            continue
        states = np.empty((54, core.STATE_SIZE), dtype=np.int64)
        points = np.zeros((54, rules.players), dtype=np.int64)
        solve(np.array(game._s, dtype=np.int64), p, states, np.zeros(54, dtype=np.int64), points)
        assert list(points[0]) == _brute_force(list(game._s), tuple(int(x) for x in p))


def _solve_memo(s: np.ndarray, p: np.ndarray, memo: bool) -> list[int]:
    n = int(p[core.P_PLAYERS])
    slots = 1 << MEMO_BITS if memo else 0
    points = np.zeros((54, n), dtype=np.int64)
    keys, values = np.zeros(slots, dtype=np.int64), np.zeros((slots, n), dtype=np.int64)
    solve_memo(s, p, np.empty((54, core.STATE_SIZE), dtype=np.int64), np.zeros(54, dtype=np.int64), points, keys, values)
    return [int(x) for x in points[0]]


@pytest.mark.parametrize("name", ["hearts", "black-maria", "omnibus", "two-player"])
def test_the_memoized_solve_matches_a_brute_force(name: str) -> None:
    rules = preset(name)
    p = params_for(rules)
    left = 3 if rules.players <= 3 else 2
    for seed in range(10):
        game = random_position(rules, seed, plays=rules.tricks_per_deal * rules.players - left * rules.players - seed % 3)
        if game.phase != "playing":
            continue
        assert _solve_memo(np.array(game._s, dtype=np.int64), p, memo=True) == _brute_force(list(game._s), tuple(int(x) for x in p))


@pytest.mark.parametrize("rules", [preset("hearts"), preset("black-maria"), preset("omnibus"), RULE_SETS[-2]], ids=str)
def test_remembered_positions_give_the_values_of_a_full_search(rules: Rules) -> None:
    """Deeper ends (4 cards, moon, JD, a kitty): the table changes no value, only the time."""
    p = params_for(rules)
    for seed in range(6):
        left = 4
        game = random_position(rules, seed, plays=rules.tricks_per_deal * rules.players - left * rules.players)
        if game.phase != "playing":
            continue
        s = np.array(game._s, dtype=np.int64)
        assert _solve_memo(s, p, memo=True) == _solve_memo(s, p, memo=False)


def test_a_card_that_plays_as_a_lower_one_of_the_hand_is_tried_once() -> None:
    rules = preset("hearts")
    p = params_for(rules)
    s = np.zeros(core.STATE_SIZE, dtype=np.int64)
    s[core.TRICK : core.TRICK + core.MAX_SEATS] = -1
    s[core.PHASE], s[core.TURN], s[core.TRICK_INDEX] = core.PHASE_PLAYING, 0, 5
    hand = parse_cards("5H 6H 8H 2C 3C JS QS")
    s[core.HAND] = sum(1 << c for c in hand)
    s[core.PLAYED] = sum(1 << c for c in parse_cards("7H 4C 5C 6C 10S"))
    kept = set(cards_of(distinct_moves(s, p, int(s[core.HAND]))))
    # 5H-6H-8H (7H is gone) play alike, 2C-3C too; JS and QS differ in value.
    assert kept == set(parse_cards("5H 2C JS QS"))
    s[core.PLAYED] |= 1 << parse_card("9S")
    s[core.TRICK + 1], s[core.IN_TRICK], s[core.LEADER] = parse_card("7H"), 1, 1  # 7H still in the trick: it parts 6H from 8H
    s[core.PLAYED] |= 1 << parse_card("7H")
    kept = set(cards_of(distinct_moves(s, p, int(s[core.HAND]) & int(core.suit_cards(2)))))
    assert kept == set(parse_cards("5H 8H"))


def moon_shot_position() -> tuple[np.ndarray, np.ndarray]:
    """Hearts, trick 7: seat 1 holds 18 of the 26 points alone, led 10D and wins the trick so far (7H in it); seat 3
    to play. The kernel's parameters and state."""
    p = params_for(preset("hearts"))
    s = np.zeros(core.STATE_SIZE, dtype=np.int64)
    s[core.TRICK : core.TRICK + core.MAX_SEATS] = -1
    s[core.PHASE], s[core.TRICK_INDEX], s[core.HEARTS_BROKEN] = core.PHASE_PLAYING, 6, 1
    s[core.TAKEN + 1] = sum(1 << c for c in parse_cards("QS 2H 3H 4H 5H 6H 2C 3C 4C 5C"))
    s[core.TRICK + 1], s[core.TRICK + 2] = parse_card("10D"), parse_card("7H")
    s[core.LEADER], s[core.IN_TRICK], s[core.TURN] = 1, 2, 3
    return p, s


def test_the_playout_stops_a_moon_shot_only_while_the_shooter_wins_the_trick() -> None:
    p, s = moon_shot_position()
    s[core.HAND + 3] = sum(1 << c for c in parse_cards("3D QD AD 9H"))
    diamonds = sum(1 << c for c in parse_cards("3D QD AD"))
    assert moon_stop_card(s, p, 3, diamonds) == parse_card("AD")  # beat the shooter, with the highest
    s[core.HAND + 3] = sum(1 << c for c in parse_cards("9H KC"))
    assert moon_stop_card(s, p, 3, int(s[core.HAND + 3])) == parse_card("KC")  # void: no heart onto the shooter's trick
    s[core.TRICK + 2] = parse_card("JD")
    s[core.TRICK + 1] = parse_card("10D")
    s[core.HAND + 3] = diamonds
    assert moon_stop_card(s, p, 3, diamonds) == -1  # seat 2 wins the trick: play as usual
    s[core.TAKEN + 0] = 1 << parse_card("KH")
    s[core.TRICK + 2] = parse_card("7H")
    assert moon_stop_card(s, p, 3, diamonds) == -1  # two seats hold points: no shot is on


def test_with_a_defender_only_it_stops_every_shot_and_the_others_stop_only_its_own() -> None:
    """``moon_stop_alone``: the searching seat must not count on another opponent to stop a shot for it."""
    p, s = moon_shot_position()  # seat 1 shoots
    diamonds = sum(1 << c for c in parse_cards("3D QD AD"))
    s[core.HAND + 3] = diamonds
    assert moon_stop_card(s, p, 3, diamonds, 3) == parse_card("AD")  # the defender stops it
    assert moon_stop_card(s, p, 3, diamonds, 0) == -1  # seat 3 leaves seat 1's shot to the defender, seat 0
    s[core.TAKEN + 1], s[core.TAKEN + 0] = 0, sum(1 << c for c in parse_cards("QS 2H 3H 4H 5H 6H 2C 3C 4C 5C"))
    s[core.TRICK + 0], s[core.TRICK + 1], s[core.TRICK + 2] = parse_card("10D"), parse_card("7H"), -1  # seat 0 shoots, wins
    s[core.LEADER], s[core.TURN], s[core.HAND + 2] = 0, 2, diamonds
    assert moon_stop_card(s, p, 2, diamonds, 0) == parse_card("AD")  # and everyone stops the defender's own shot


def test_a_playout_seat_that_may_still_take_the_moon_plays_on_for_it() -> None:
    """``playout_moon_shoot``: seat 1 holds 18 of the 26 points alone (``moon_shot_position``)."""
    p, s = moon_shot_position()
    s[core.TRICK + 1], s[core.TRICK + 2], s[core.IN_TRICK], s[core.LEADER], s[core.TURN] = -1, -1, 0, 1, 1
    hand = sum(1 << c for c in parse_cards("4D 9D KC 8H"))
    assert moon_shoot_card(s, p, 1, hand) == parse_card("KC")  # leads its highest card
    assert moon_shoot_card(s, p, 3, hand) == -1  # another seat's shot: play as usual (or stop it)
    s[core.TRICK + 2], s[core.IN_TRICK], s[core.LEADER], s[core.TURN] = parse_card("10D"), 1, 2, 1
    diamonds = sum(1 << c for c in parse_cards("4D 9D JD"))
    assert moon_shoot_card(s, p, 1, diamonds) == parse_card("JD")  # follows with a card that wins the trick
    low = sum(1 << c for c in parse_cards("4D 9D"))
    assert moon_shoot_card(s, p, 1, low) == parse_card("4D")  # cannot win it: its lowest
    assert moon_shoot_card(s, p, 1, sum(1 << c for c in parse_cards("8H KC 3S"))) == parse_card("3S")  # void: no heart away
    s[core.TAKEN + 0] = 1 << parse_card("KH")
    assert moon_shoot_card(s, p, 1, diamonds) == -1  # another seat took a heart: the shot is off
    s[core.TAKEN + 0] = 0
    s[core.TAKEN + 1] = sum(1 << c for c in parse_cards("2H 3H 2C"))
    assert moon_shoot_card(s, p, 1, diamonds) == -1  # 2 of 26 points: too few to play on for it


def test_with_moon_shoot_others_every_seat_but_the_searching_one_plays_on_for_the_moon() -> None:
    """``moon_shoot_others``: the playouts' shooters are the other seats; ``playout_moon_shoot``: every seat."""
    from blackmaria.bots.base import EXPERT_FEATURES, SearchFeatures

    others = SearchBot(seed=1, budget=100, features=dataclasses.replace(EXPERT_FEATURES, moon_shoot_others=True))
    assert [others._shooters(seat) >> other & 1 for seat in (0, 2) for other in range(4)] == [0, 1, 1, 1, 1, 1, 0, 1]
    every = SearchBot(seed=1, budget=100, features=dataclasses.replace(EXPERT_FEATURES, playout_moon_shoot=True))
    assert every._shooters(2) & 0b1111 == 0b1111
    assert SearchBot(seed=1, budget=100, features=EXPERT_FEATURES)._shooters(2) == 0
    with pytest.raises(ValueError, match="choose one"):
        SearchFeatures(playout_moon_shoot=True, moon_shoot_others=True)


def test_the_policy_kernel_plays_whole_deals_legally() -> None:
    for name in ("black-maria", "plain-black-maria", "dirty-lady"):
        rules = preset(name)
        game = Game(one_deal(rules), seed=4)
        game.deal()
        game._s[core.PHASE] = core.PHASE_PASSING
        core.exchange_passes(game._s, game._p, [0] * rules.players, 0)
        core.begin_play(game._s, game._p)
        totals = policy_deals(params_for(rules), np.array(game._s, dtype=np.int64), 300, 1, 0.1)
        assert int(totals.sum()) == 300 * rules.deal_total


def test_search_costs_average_the_simulations() -> None:
    game = random_position(preset("hearts"), 11, plays=20)
    obs = game.observation(game.turn or 0)
    bot = SearchBot(3, budget=400)
    costs, worlds = bot.evaluate(obs)
    assert set(costs) == set(obs.legal) and worlds == 400 // len(obs.legal)
    assert all(0 <= c <= 26 for c in costs.values())
    known = known_state(obs)
    raw = np.zeros(len(costs), dtype=np.int64)
    loose = search(
        params_for(obs.rules),
        known.state,
        obs.seat,
        np.array(sorted(obs.legal), dtype=np.int64),
        known.unknown,
        known.caps,
        known.voids,
        known.kitty_mode,
        known.kitty_owner,
        50,
        9,
        0.1,
        False,
        raw,
        False,
        False,
        False,
        *KERNEL_DEFAULTS,
    )
    assert loose == 0 and raw.min() >= 0


# ---- rules of thumb that read the card values ---------------------------------------------------------------


def _position(rules: Rules, hands: list[str], plays: str, first_dealer: int) -> Observation:
    game = Game(one_deal(rules.replace(pass_schedule=("hold",))), first_dealer=first_dealer)
    game.deal_hands([parse_cards(h) for h in hands])
    for card in parse_cards(plays):
        game.play(card)
    assert game.turn is not None
    return game.observation(game.turn)


FOUR_HANDS = [
    "AC 5D 6D 7D 8D 9D TD QD KD AD 2S 3S 4S",
    "2C 3D 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
    "3C 4D 5C 6C 7C 8C 9C TC JC QC KC KH AH",
    "4C JD 2D 5S 6S 7S 8S 9S TS JS QS KS AS",
]


def test_medium_takes_the_jack_of_diamonds_when_last_on_a_clean_trick() -> None:
    obs = _position(preset("omnibus"), FOUR_HANDS, "2C 3C 4C AC 5D 3D 4D", first_dealer=0)
    assert obs.seat == 3
    assert MediumBot(0).choose_play(obs) == parse_card("JD")
    # Under plain Hearts scoring the jack is just a high card: duck under 5D with 2D.
    obs = _position(preset("hearts"), FOUR_HANDS, "2C 3C 4C AC 5D 3D 4D", first_dealer=0)
    assert MediumBot(0).choose_play(obs) == parse_card("2D")


THREE_HANDS = [
    "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D 3D 4D 5D 6D",
    "7D 8D 9D TD JD QD KD AD 2S 3S 4S 5S 6S 7S 8S 9S TS",
    "JS QS KS AS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
]


def test_medium_dumps_its_costliest_card_when_void() -> None:
    obs = _position(preset("black-maria"), THREE_HANDS, "3C 7D", first_dealer=2)
    assert obs.seat == 2
    assert MediumBot(0).choose_play(obs) == parse_card("QS")
    # The same hand under house values where AH costs 20: the ace goes.
    house = preset("black-maria").replace(card_values=((parse_card("AH"), 20),))
    assert MediumBot(0).choose_play(_position(house, THREE_HANDS, "3C 7D", first_dealer=2)) == parse_card("AH")


def test_medium_passes_the_queen_without_guards_and_keeps_the_jack_in_omnibus() -> None:
    game = Game(one_deal(preset("omnibus").replace(pass_schedule=("left",))))
    from helpers import fill_hands

    game.deal_hands(fill_hands(game.rules, {0: "QS AS 2D JD 3C 4C 5C 6C 7C 8C 9C TC JC"}))
    passed = MediumBot(0).choose_pass(game.observation(0))
    assert parse_card("QS") in passed and parse_card("AS") in passed and parse_card("JD") not in passed


def test_a_passed_ten_that_tops_its_suit_in_the_hand_is_said_to_be_that() -> None:
    """A play-test's hint passed 10♣ 10♦ "to make up the pass": each is the highest of its suit the hand held, a card
    that may win a trick its player would rather lose (not sure to: higher ones are out)."""
    from blackmaria.bots.medium import pass_reasons
    from blackmaria.bots.reasons import false_claims, render
    from helpers import fill_hands

    game = Game(one_deal(preset("hearts").replace(pass_schedule=("left",))))
    game.deal_hands(fill_hands(game.rules, {0: "TC 5C 3C TD 4D 2D 9S 8S 7S 6S 5S 4S 3S"}))
    obs = game.observation(0)
    chosen = parse_cards("TC TD 9S")
    reasons = pass_reasons(obs, chosen)
    assert [r.code for r in reasons] == ["pass_top", "pass_top", "pass_card"]
    assert false_claims(obs, chosen, reasons) == []
    said = render(reasons, "en", obs.seats)
    assert said.startswith("Pass 10♦, your highest diamond: it may win a trick you would rather lose; pass 10♣, your highest club"), said
    assert "and 9♠ to make up the pass" in said


def test_medium_stops_a_moon_shot() -> None:
    """Seat 1 has taken QS and two hearts and nobody else a point: seat 0 wins the heart trick instead of ducking."""
    hands = [
        "2C 3D 4D 5D 6D 7D 8D 9D JD 2S 3S 4S 2H",
        "AC KD QD TD AD AS KS 5S 6S 7S 8S 9S TS",
        "3C QS 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "4C 5C 6C 7C 8C 9C TC JC QC KC 2D AH JS",
    ]
    plays = "2C AC 3C 4C  KD QS 2D 3D  AD 3H 5C 4D  QD 4H 6C 5D  TD 5H 7C"

    def choice(rules: Rules) -> int:
        game = Game(one_deal(rules.replace(pass_schedule=("hold",))), first_dealer=3)
        game.deal_hands([parse_cards(h) for h in hands])
        for card in parse_cards(plays):
            game.play(card)
        assert game.turn == 0
        return MediumBot(0).choose_play(game.observation(0))

    assert choice(preset("hearts")) == parse_card("JD")
    assert choice(preset("hearts").replace(moon="off")) == parse_card("9D")


STOPPER_HANDS = [
    "2C 3D 4D 5D 6D 7D 8D 9D 2S 3S 4S 5S 6S",
    "AC KD AH QH JH TH 9H KS AS QS JS TS 9S",
    "3C 3H 4H KH 5C 6C 7C 8C 9C TC JC QC KC",
    "4C 2D TD JD QD AD 2H 5H 6H 7H 8H 7S 8S",
]
"""Seat 1 wins the first two tricks, the second with the 3H seat 2 throws on it: every point so far is seat 1's."""


def test_medium_keeps_the_heart_that_may_stop_a_moon_shot() -> None:
    """Under AH from the seat with every point so far, seat 2 ducks with 4H and keeps KH (it dropped KH, and a player
    who always played the highest card shot the moon against three medium bots in 22% of its seatings)."""
    obs = _position(preset("hearts"), STOPPER_HANDS, "2C AC 3C 4C KD 3H 2D 3D AH", first_dealer=3)
    assert obs.seat == 2
    chosen = MediumBot(0).play_hint(obs)
    assert chosen.cards == [parse_card("4H")]
    assert [r.code for r in chosen.reasons] == ["keep_stopper"] and chosen.reasons[0].facts["stopper"] == parse_card("KH")
    assert "keep K♥" in chosen.reason and "North" not in chosen.reason
    assert MediumBot(0).choose_play(_position(preset("hearts").replace(moon="off"), STOPPER_HANDS, "2C AC 3C 4C KD 3H 2D 3D AH", 3)) == (
        parse_card("KH")
    )
    # Void in spades on the suspect's AS: a club goes, and KH stays.
    void = MediumBot(0).play_hint(_position(preset("hearts"), STOPPER_HANDS, "2C AC 3C 4C KD 3H 2D 3D AS", first_dealer=3))
    assert void.cards == [parse_card("KC")] and [r.code for r in void.reasons] == ["discard_keep_stopper"]


def test_keep_stoppers_keeps_the_search_from_throwing_a_stopper_on_the_suspects_trick() -> None:
    """``SearchFeatures.keep_stoppers``: the search plays its own card unless it is a stopper thrown on the trick of the
    seat with every point so far, and a card that is none costs at most that many points more by its playouts."""
    from blackmaria.bots.base import EXPERT_FEATURES

    hearts = preset("hearts")
    for plays, kept in (("2C AC 3C 4C KD 3H 2D 3D AH", "KH"), ("2C AC 3C 4C KD 3H 2D 3D AS", "KH")):
        obs = _position(hearts, STOPPER_HANDS, plays, first_dealer=3)
        plain = SearchBot(seed=1, budget=300, features=EXPERT_FEATURES)
        assert plain.choose_play(obs) == parse_card(kept)  # its playouts never go on with a shot: KH goes cheaply
        keeping = SearchBot(seed=1, budget=300, features=dataclasses.replace(EXPERT_FEATURES, keep_stoppers=100.0))
        assert keeping.choose_play(obs) != parse_card(kept)
    # Nobody suspect (moon off): the search's own card, whatever it is.
    obs = _position(hearts.replace(moon="off"), STOPPER_HANDS, "2C AC 3C 4C KD 3H 2D 3D AH", first_dealer=3)
    keeping = SearchBot(seed=1, budget=300, features=dataclasses.replace(EXPERT_FEATURES, keep_stoppers=100.0))
    plain = SearchBot(seed=1, budget=300, features=EXPERT_FEATURES)
    assert keeping.choose_play(obs) == plain.choose_play(obs)
    with pytest.raises(ValueError, match="keep_stoppers -1"):
        dataclasses.replace(EXPERT_FEATURES, keep_stoppers=-1.0)


def test_own_moon_plan_judges_each_card_by_the_better_of_playing_on_and_going_for_the_moon() -> None:
    """``SearchFeatures.own_moon_plan``: while the searching seat alone has taken points, each card costs the lesser of
    its two plans on the same worlds, so never more than without it, and far less where the shot is there to take."""
    from blackmaria.bots.base import EXPERT_FEATURES

    hearts = preset("hearts")
    planning = dataclasses.replace(EXPERT_FEATURES, own_moon_plan=True)
    # Seat 1 took 3H and holds AH QH JH TH 9H with six spades from the ace: its shot is on.
    obs = _position(hearts, STOPPER_HANDS, "2C AC 3C 4C KD 3H 2D 3D", first_dealer=3)
    plain, _ = SearchBot(seed=1, budget=600, features=EXPERT_FEATURES).evaluate(obs)
    planned, _ = SearchBot(seed=1, budget=600, features=planning).evaluate(obs)
    assert all(planned[card] <= plain[card] + 1e-9 for card in plain)
    assert planned[parse_card("QS")] < plain[parse_card("QS")] - 5  # the queen led by a seat going on for the moon
    # Seat 2, under the seat with every point so far: no shot of its own, so the same costs.
    obs = _position(hearts, STOPPER_HANDS, "2C AC 3C 4C KD 3H 2D 3D AH", first_dealer=3)
    planned, plain = (SearchBot(seed=1, budget=600, features=f).evaluate(obs) for f in (planning, EXPERT_FEATURES))
    assert planned == plain
    # With moon_plan_z the shot's plan is taken only where it is surely cheaper: the queen led still is.
    obs = _position(hearts, STOPPER_HANDS, "2C AC 3C 4C KD 3H 2D 3D", first_dealer=3)
    strict, _ = SearchBot(seed=1, budget=600, features=dataclasses.replace(planning, moon_plan_z=2.0)).evaluate(obs)
    assert strict[parse_card("QS")] < 5
    with pytest.raises(ValueError, match="moon_plan_z 2.0: .* only with own_moon_plan"):
        dataclasses.replace(EXPERT_FEATURES, moon_plan_z=2.0)


def test_a_player_who_always_plays_its_highest_card_seldom_shoots_the_moon_against_medium() -> None:
    class Highest:
        def choose_pass(self, obs: Observation) -> list[int]:
            return sorted(obs.choices)[: obs.rules.pass_count]

        def choose_play(self, obs: Observation) -> int:
            return max(obs.legal)

    shots = 0
    for deal in range(50):
        for seat in range(4):
            game = Game(one_deal(preset("hearts")), seed=deal)
            game.deal()
            bots = {s: Highest() if s == seat else MediumBot(100 * deal + s) for s in range(4)}
            run_bots(game, bots)
            points = game.deals[0].points or ()
            shots += points[seat] == 0 and sum(points) == 3 * 26
    assert shots <= 24  # 16 of 200 seatings (before medium kept its stoppers: 45)


# ---- hints ---------------------------------------------------------------------------------------------------


def test_hint_gives_a_card_and_a_reason() -> None:
    game = random_position(preset("black-maria"), 2, plays=7)
    obs = game.observation(game.turn or 0)
    for level in ("medium", "hard"):
        h = hint(obs, level)
        assert isinstance(h, Hint) and len(h.cards) == 1 and h.cards[0] in obs.legal
        assert h.reason and "\n" not in h.reason and h.reason[0].isupper()
    passing = Game(one_deal(preset("hearts")), seed=1)
    passing.deal()
    h = hint(passing.observation(0))
    assert len(h.cards) == 3 and passing.can_pass(0, h.cards) and h.reason
    with pytest.raises(ValueError, match="nothing to decide"):
        hint(game.observation((game.turn or 0) + 1 if (game.turn or 0) + 1 < 3 else 0))


def test_hint_reasons_count_points_in_good_english() -> None:
    # Hearts' cards are worth 1 point each: the reasons that name a card's points say "1 point", never "1 points".
    said = set()
    for seed in range(30):
        game = Game(one_deal(preset("hearts")), seed=seed)
        game.deal()
        said.add(hint(game.observation(0)).reason)
        bots = {seat: make_bot("random", seed) for seat in range(4)}
        while game.phase == "passing":
            seat = next(s for s in range(4) if not game.has_passed(s))
            game.pass_cards(seat, bots[seat].choose_pass(game.observation(seat)))
        while game.phase == "playing":
            said.add(hint(game.observation(game.turn or 0)).reason)
            game.play(hint(game.observation(game.turn or 0)).cards[0])
    assert any("1 point " in reason or "1 point)" in reason for reason in said)
    assert not any("1 points" in reason for reason in said)


def test_easy_beats_random_and_medium_beats_easy() -> None:
    from blackmaria.tournament import run_tournament

    easy = run_tournament("hearts", ["easy", "random"], deals=40, seed=1, workers=1)
    assert easy.difference("easy", "random").high < -2
    medium = run_tournament("hearts", ["medium", "easy"], deals=40, seed=1, workers=1)
    assert medium.difference("medium", "easy").high < 0


def test_the_bots_page_runs() -> None:
    import doctest
    from pathlib import Path

    page = Path(__file__).parent.parent / "docs" / "bots.md"
    result = doctest.testfile(str(page), module_relative=False)
    assert result.attempted > 0 and result.failed == 0


def _random_hearts_positions(deals: int) -> Iterator[Observation]:
    """The seat to play's observation at every play of ``deals`` hearts deals, passes and cards chosen at random."""
    for seed in range(deals):
        rng = random.Random(seed)
        game = Game("hearts", seed=seed)
        game.deal()
        for seat in range(4 if game.phase == "passing" else 0):
            game.pass_cards(seat, random_pass(game, seat, rng))
        while game.phase == "playing":
            obs = game.observation(game.turn or 0)
            yield obs
            game.play(rng.choice(sorted(obs.legal)))


def test_a_card_nothing_can_overtake_is_said_to_win_and_one_that_can_be_is_said_so() -> None:
    """A play-test's hint said "Play A♣ over 4♣; a later player may still overtake it": nobody could. Another's said it
    of J♣ with the one seat after it known to have no clubs."""
    from blackmaria.bots.reasons import false_claims, play_reason, render

    wanted = {"follow_over", "follow_top", "follow_void"}
    seen = set()
    for obs in _random_hearts_positions(80):
        trick = obs.current_trick
        if trick is not None and 0 < len(trick.plays) < 3:
            led = trick.plays[0][1] & 3
            top = max(c for _, c in trick.plays if c & 3 == led)
            out = obs.rules.in_play_mask & ~obs.hand.mask & ~obs.played.mask
            after = [seat for seat in range(4) if seat != obs.seat and seat not in dict(trick.plays)]
            for card in sorted(c for c in obs.legal if c & 3 == led and c > top and len(obs.legal) > 1):
                reason = play_reason(obs, card)
                higher_out = any(c > card for c in cards_of(out & suit_mask(led)))
                void_after = all(led in obs.voids[seat] for seat in after)
                assert reason.code == ("follow_top" if not higher_out else "follow_void" if void_after else "follow_over")
                assert false_claims(obs, [card], (reason,)) == []
                seen.add(reason.code)
                if reason.code == "follow_top":
                    # ... and takes what a player without the suit throws on it (a learner's A♣ caught the Q♠).
                    assert "is out, so it wins the trick, though a later player without " in render((reason,))
                if reason.code == "follow_void":
                    assert "the players after you have no " in render((reason,)) and "so you win the trick" in render((reason,))
        if seen == wanted:
            break
    assert seen == wanted


def test_a_lead_is_said_to_win_the_trick_or_to_leave_it_to_another_player_as_it_does() -> None:
    """A play-test: the search's hint on a lead said "Lead 3♠" and no more. Now each lead says whether a higher card
    of its suit is out (another player may win it, and a player void in the suit may throw points on it) or not."""
    from blackmaria.bots.reasons import false_claims, play_reason, render

    seen: set[str] = set()
    for obs in _random_hearts_positions(40):
        trick = obs.current_trick
        if (trick is None or not trick.plays) and len(obs.legal) > 1:
            out = obs.rules.in_play_mask & ~obs.hand.mask & ~obs.played.mask
            for card in sorted(obs.legal):
                reason = play_reason(obs, card)
                higher_out = any(c > card for c in cards_of(out & suit_mask(card & 3)))
                void = any(card & 3 in obs.voids[s] for s in range(4) if s != obs.seat)
                expected = ("lead_into_void" if void else "lead_low") if higher_out else "lead_high"
                assert reason.code == expected, (reason, higher_out, void)
                assert false_claims(obs, [card], (reason,)) == []
                seen.add(reason.code)
                if reason.code == "lead_low":
                    assert render((reason,)).endswith("is still out, so another player may win the trick")
                    # With one other player, it is that one (a play-test's two-player hint said "ein anderer").
                    assert render((reason,), "de", ("Du", "Nord")).endswith("ist noch draußen, der andere kann den Stich gewinnen")
        if seen == {"lead_high", "lead_low", "lead_into_void"}:
            break
    assert seen == {"lead_high", "lead_low", "lead_into_void"}


def test_a_last_card_that_wins_a_trick_without_points_says_so_in_words() -> None:
    """A hint read "Win the trick with Q♣ (0 points with your card)" on a first trick of clubs."""
    from blackmaria.bots.reasons import Reason, render

    assert render((Reason("win", {"card": parse_card("QC"), "points": 0}),)) == "Win the trick with Q♣: it holds no points"
    assert (
        render((Reason("win", {"card": parse_card("QC"), "points": 3}),), "de")
        == "Nimm den Stich mit D♣: er hat 3 Punkte, deine Karte mitgezählt"
    )


def test_a_scoring_card_followed_under_the_winning_card_is_said_to_give_its_points_away() -> None:
    """A learner played Q♠ under A♠ on the advice and read "Duck under A♠ with Q♠: the trick holds 7 points" (in German
    "Bleib mit D♠ unter A♠"): the reason to play the queen there is that its 13 points go to another player."""
    from blackmaria.bots.reasons import false_claims, play_reason, render

    seen: set[str] = set()
    for obs in _random_hearts_positions(60):
        trick = obs.current_trick
        if trick is None or not trick.plays or len(obs.legal) < 2:
            continue
        led = trick.plays[0][1] & 3
        top = max(c for _, c in trick.plays if c & 3 == led)
        for card in sorted(c for c in obs.legal if c & 3 == led and c < top and obs.rules.values[c] > 0):
            reason = play_reason(obs, card)
            assert reason.code == "drop_under" and false_claims(obs, [card], (reason,)) == []
            assert render((reason,)).endswith("another player takes its points")
            seen.add(reason.code)
    assert "drop_under" in seen
