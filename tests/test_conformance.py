"""One conformance suite over every preset and several player counts.

Random playouts check, at every decision: cards are conserved, the engine's
legal cards equal those of a plain reference reading of RULES.md, each trick
goes to the highest card of the led suit, observations and per-seat events
hold no card the seat may not know, points add up, and records round-trip.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from blackmaria.cards import HEARTS, CardSet, card_name, parse_card, suit_of
from blackmaria.core.state import Trick
from blackmaria.events import CardDrawn, CardsReceived, HandDealt, KittyTaken, PlayStarted, TrickWon, event_from_dict
from blackmaria.game import Game
from blackmaria.record import game_from_record
from blackmaria.rules import PRESETS, Rules, preset
from helpers import random_pass

QS = parse_card("QS")

CASES = [(name, n) for name, info in PRESETS.items() for n in range(info.player_range[0], info.player_range[1] + 1)]
CASES += [("hearts", 3), ("hearts", 5), ("black-maria", 2), ("two-player", 3)]  # house rules: presets at other counts
KITTY_CASES = [(name, n) for name in ("black-maria-jaques", "black-maria") for n in (3, 5, 6) if name != "black-maria" or n < 7]


def reference_legal(game: Game, seat: int, broken: bool) -> set[int]:
    """RULES.md "Playing a deal", read plainly, with lists instead of masks."""
    rules = game.rules
    hand = list(game.hand(seat))
    trick = game.tricks[-1]
    first_trick = len(game.tricks) == 1
    points = [c for c in hand if rules.values[c] > 0]
    if trick.plays:
        led = suit_of(trick.plays[0][1])
        same = [c for c in hand if suit_of(c) == led]
        if same:
            return set(same)
        if first_trick and not rules.points_on_first_trick and len(points) < len(hand):
            return set(hand) - set(points)
        return set(hand)
    if first_trick and rules.first_lead == "two-of-clubs":
        clubs_in_hands = [c for s in range(game.players) for c in game.hand(s) if suit_of(c) == 0]
        if clubs_in_hands:
            return {min(clubs_in_hands)}
    options = set(hand)
    if rules.hearts_lead == "after-broken" and not broken and any(suit_of(c) != HEARTS for c in hand):
        options = {c for c in hand if suit_of(c) != HEARTS}
    if first_trick and not rules.points_on_first_trick and options - set(points):
        options -= set(points)
    return options


def reference_points(rules: Rules, taken: list[CardSet]) -> list[int]:
    raw = [sum(rules.values[c] for c in cards) for cards in taken]
    if rules.moon == "off":
        return raw
    need = CardSet(rules.moon_mask)
    for shooter, cards in enumerate(taken):
        if need.issubset(cards):
            own = sum(rules.values[c] for c in cards if rules.values[c] < 0)
            total = rules.moon_total
            if rules.moon == "add-to-others":
                return [own if s == shooter else raw[s] + total for s in range(len(taken))]
            return [own - total if s == shooter else raw[s] for s in range(len(taken))]
    return raw


def card_names_in(data: object) -> set[int]:
    """Every card text inside a JSON-like value."""
    found: set[int] = set()
    if isinstance(data, str):
        if len(data) == 2 and data[0] in "23456789TJQKA" and data[1] in "CDHS":
            found.add(parse_card(data))
    elif isinstance(data, dict):
        for value in data.values():
            found |= card_names_in(value)
    elif isinstance(data, list | tuple):
        for value in data:
            found |= card_names_in(value)
    return found


class Checker:
    """Tracks, from the event log alone, what each seat may know, and checks the game against it."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.checked_events = len(game.events)

    def knowable(self, seat: int) -> CardSet:
        game = self.game
        mask = 0
        start = max(i for i, e in enumerate(game.events) if type(e).__name__ == "DealStarted")
        for event in game.events[start:]:
            if isinstance(event, HandDealt | CardsReceived | KittyTaken) and event.seat == seat and event.cards:
                mask |= CardSet(event.cards).mask
            elif isinstance(event, CardDrawn) and event.seat == seat and event.card is not None:
                mask |= 1 << event.card
            elif isinstance(event, TrickWon):
                mask |= CardSet(event.cards).mask
            elif isinstance(event, PlayStarted) and event.forced_card is not None:
                mask |= 1 << event.forced_card  # the first lead is forced, so its holder is public
        if seat_passed := game.deals[-1].passes[seat]:
            mask |= seat_passed
        if game.phase in ("deal-over", "game-over"):
            mask |= game.deals[-1].kitty
        for trick in game.tricks:
            mask |= trick.cards.mask
        return CardSet(mask)

    def check_state(self) -> None:
        game = self.game
        rules = game.rules
        hands = [game.hand(s) for s in range(game.players)]
        union = CardSet()
        for hand in hands:
            assert not (union & hand), "a card is in two hands"
            union = union | hand
        played = CardSet(c for t in game.tricks for _, c in t.plays)
        earlier = CardSet(c for e in game.events[self._deal_start() :] if isinstance(e, TrickWon) for c in e.cards)
        kitty = CardSet(game.deals[-1].kitty)  # lying face down, or among the first trick winner's cards
        everything = union | played | earlier | kitty | CardSet(game.stock)
        assert everything == CardSet(rules.in_play_mask), "cards are not conserved"
        assert len(union) + len(played | earlier) + len(kitty) + len(game.stock) == rules.cards_in_play
        for seat in range(game.players):
            known = self.knowable(seat)
            obs = game.observation(seat)
            assert obs.known_cards().issubset(known), f"observation of seat {seat} leaks {obs.known_cards() - known}"
            assert card_names_in(obs.to_dict()) <= set(known), f"observation dict of seat {seat} leaks a card"
            seen_events = [e.visible_to(seat).to_dict() for e in game.events[self.checked_events :]]
            assert card_names_in(seen_events) <= set(known), f"events shown to seat {seat} leak a card"
        spectator = [e.visible_to(None).to_dict() for e in game.events[self.checked_events :]]
        public = CardSet(c for t in game.tricks for _, c in t.plays) | earlier
        forced = [e.forced_card for e in game.events[self._deal_start() :] if isinstance(e, PlayStarted) and e.forced_card is not None]
        public = public | CardSet(forced)
        if game.phase in ("deal-over", "game-over"):
            public = public | CardSet(game.deals[-1].kitty)
        assert card_names_in(spectator) <= set(public), "a spectator sees a hidden card"
        self.checked_events = len(game.events)

    def _deal_start(self) -> int:
        return max(i for i, e in enumerate(self.game.events) if type(e).__name__ == "DealStarted")


def play_checked_deal(game: Game, rng: random.Random, check_every: int = 1) -> None:
    checker = Checker(game)
    game.deal()
    checker.check_state()
    if game.phase == "passing":
        for seat in rng.sample(range(game.players), game.players):
            game.pass_cards(seat, random_pass(game, seat, rng))
            checker.check_state()
    broken = False
    step = 0
    while game.phase == "playing":
        seat = game.turn
        assert seat is not None
        legal = game.legal_cards()
        assert set(legal) == reference_legal(game, seat, broken), f"legal cards differ for seat {seat}"
        for card in range(52):
            assert game.can_play(card) == (card in legal)
            if card not in legal:
                error = game.play_error(card)
                assert error is not None and card_name(card) in str(error) and error.rule
        card = rng.choice(sorted(legal))
        trick_before = game.tricks[-1]
        led = suit_of(trick_before.plays[0][1]) if trick_before.plays else suit_of(card)
        game.play(card)
        if suit_of(card) == HEARTS and (game.rules.hearts_broken_by == "any-heart-played" or led != HEARTS):
            broken = True
        if card == QS and game.rules.queen_breaks_hearts:
            broken = True
        assert game.hearts_broken == broken or game.rules.hearts_lead == "anytime" or game.phase != "playing"
        step += 1
        if step % check_every == 0 or game.phase != "playing":
            checker.check_state()
    for trick in game.tricks:
        led = suit_of(trick.plays[0][1])
        best = max(c for _, c in trick.plays if suit_of(c) == led)
        assert trick.winner == next(s for s, c in trick.plays if c == best)
        assert len(trick.plays) == game.players
    # A finished deal's observation keeps its history's facts (a researcher's said hearts were never broken).
    for seat in range(game.players):
        seen = game.observation(seat)
        assert seen.hearts_broken == game.hearts_broken and (seen.hearts_broken == broken or game.rules.hearts_lead == "anytime")
        if not game.rules.stock_size:  # (a draw from the two-player stock may end a void)
            assert all(set(seen.voids[o]) >= {s for s in range(4) if _showed_void(game.tricks, o, s)} for o in range(game.players))
    log = game.deals[-1]
    taken = [game.taken(s) for s in range(game.players)]
    assert log.points == tuple(reference_points(game.rules, taken))
    if log.moon_shooter is None:
        assert sum(log.points) == game.rules.deal_total


def _showed_void(tricks: list[Trick], seat: int, suit: int) -> bool:
    """Whether ``seat`` played another suit to a trick led in ``suit``."""
    return any(suit_of(t.plays[0][1]) == suit and any(s == seat and suit_of(c) != suit for s, c in t.plays) for t in tricks)


def round_trip(game: Game) -> None:
    record = json.loads(json.dumps(game.to_record()))
    again = game_from_record(record)
    assert again.to_record() == record
    assert again.totals == game.totals and again.phase == game.phase and again.turn == game.turn
    assert [again.observation(s).to_dict() for s in range(game.players)] == [game.observation(s).to_dict() for s in range(game.players)]
    # The events as the network writes them for each seat and a spectator read back to the same events.
    for seat in (*range(game.players), None):
        seen = game.events_for(seat)
        assert [event_from_dict(json.loads(json.dumps(e.to_dict()))) for e in seen] == seen


@pytest.mark.parametrize(("name", "players"), CASES + [(f"{n}+kitty", p) for n, p in KITTY_CASES])
def test_seeded_playouts(name: str, players: int) -> None:
    base, _, kitty = name.partition("+")
    rules = Rules.from_data({"preset": base, "players": players, "kitty": bool(kitty)})
    for seed in range(2):
        rng = random.Random(seed * 101 + players)
        game = Game(rules.replace(target_score=None, deal_count=4), seed=seed)
        for _ in range(4):
            play_checked_deal(game, rng, check_every=3)
            round_trip(game)
        assert game.is_over or game.phase == "deal-over"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CASES), st.integers(0, 2**32 - 1), st.integers(0, 60))
def test_property_any_deal_any_stop_round_trips(case: tuple[str, int], seed: int, stop: int) -> None:
    """Hypothesis: play a random deal, stop anywhere, export, import: the same game."""
    rules = Rules.from_data({"preset": case[0], "players": case[1]})  # (house rules for the counts outside a preset's range)
    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    game.deal()
    actions = 0
    while actions < stop and game.phase in ("passing", "playing"):
        if game.phase == "passing":
            seat = next(s for s in range(game.players) if not game.has_passed(s))
            game.pass_cards(seat, random_pass(game, seat, rng))
        else:
            game.play(rng.choice(sorted(game.legal_cards())))
        actions += 1
    Checker(game).check_state()
    round_trip(game)


def test_whole_games_end_by_the_rules() -> None:
    for name in PRESETS:
        rules = preset(name)
        game = Game(rules, seed=11)
        rng = random.Random(11)
        while not game.is_over:
            play_checked_deal(game, rng, check_every=50)
        deals = len(game.deals)
        if rules.deal_count is not None and rules.target_score is None:
            assert deals >= rules.deal_count
        if rules.target_score is not None:
            assert max(game.totals) >= rules.target_score
            assert all(max(t) < rules.target_score for t in _running_totals(game)[:-1])
        assert game.winners == tuple(s for s in range(game.players) if game.totals[s] == min(game.totals))
        assert [d.dealer for d in game.deals] == [(game.first_dealer + i) % game.players for i in range(deals)]
        assert [d.direction for d in game.deals] == [rules.pass_direction(i) for i in range(deals)]


def _running_totals(game: Game) -> list[list[int]]:
    totals = [0] * game.players
    out = []
    for d in game.deals:
        totals = [t + p for t, p in zip(totals, d.points or (), strict=True)]
        out.append(list(totals))
    return out
