"""The guided deal: explanations that match the engine, the seed pages' tips, the public count, ``blackmaria learn``."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import subprocess
import sys
import time

import pytest

from blackmaria.bots import make_bot, run_bots
from blackmaria.cards import CardSet, card_name, parse_card, parse_cards, suit_of
from blackmaria.events import CardPlayed
from blackmaria.game import Game, Trick
from blackmaria.locale.messages import MESSAGES
from blackmaria.observation import observe
from blackmaria.rules import PRESETS, Rules, preset
from blackmaria.teaching import (
    TAUGHT_SEEDS,
    Explanation,
    claim_check,
    claim_is_decided,
    compare_pass,
    count_deal,
    count_lines,
    explain,
    explanation_lines,
    moon_watch,
    nothing_left_to_score,
    refusing_rule,
    taught_seed,
)
from blackmaria.tui.learn import instructive_seed, learning_rules, new_learn_session, run_learn_plain, teaching_value
from helpers import fill_hands

FAST = 60  # simulations per explained play: the costs are not what these tests check


def _decisions(rules: Rules | str, seed: int) -> list[tuple[Game, int]]:
    """Play a seeded deal with medium bots; yield (game, seat) at every decision of every seat, before it acts."""
    game = Game(rules, seed=seed)
    game.deal()
    bots = {seat: make_bot("medium", seed * 10 + seat) for seat in range(game.players)}
    seen: list[tuple[Game, int]] = []
    while game.phase in ("passing", "playing"):
        if game.phase == "passing":
            seat = next(s for s in range(game.players) if not game.has_passed(s))
            seen.append((Game.from_record(game.to_record()), seat))
            game.pass_cards(seat, bots[seat].choose_pass(game.observation(seat)))
        else:
            turn = game.turn
            assert turn is not None
            seen.append((Game.from_record(game.to_record()), turn))
            game.play(bots[turn].choose_play(game.observation(turn)), turn)
    return seen


def _check_against_engine(game: Game, seat: int, explanation: Explanation) -> set[str]:
    """The explanation's legal cards and each refused card's rule equal what the game says; returns the rules seen."""
    hand = game.hand(seat)
    if explanation.kind == "pass":
        assert set(explanation.legal) == set(game.passable_cards(seat))
        for card, rule in explanation.refused:
            others = list(explanation.legal)[: game.rules.pass_count - 1]
            refusal = game.pass_error(seat, [card, *others])
            assert refusal is not None and refusal.rule == rule
    else:
        assert set(explanation.legal) == set(game.legal_cards(seat))
        for card in hand:
            error = game.play_error(card, seat)
            assert (error.rule if error is not None else None) == explanation.rule_for(card), (card, explanation.refused)
            assert game.can_play(card, seat) == (card in explanation.legal)
    assert {c for c, _ in explanation.refused} | set(explanation.legal) == set(hand)
    assert {o.card for o in explanation.options} == set(explanation.legal)
    json.dumps(explanation.to_dict())  # the server sends it as it is
    return {rule for _, rule in explanation.refused}


@pytest.mark.parametrize(
    ("rules", "seeds", "expected_rules"),
    [
        ("hearts", (1, 2, 3), {"first-lead", "follow-suit", "hearts-not-broken"}),
        (preset("black-maria"), (1, 2, 3), {"follow-suit"}),
        ("two-player", (1, 2), {"first-lead", "follow-suit", "hearts-not-broken"}),
    ],
)
def test_legal_cards_and_named_rules_match_the_engine_at_every_decision(
    rules: Rules | str, seeds: tuple[int, ...], expected_rules: set[str]
) -> None:
    seen_rules: set[str] = set()
    explained = 0
    for seed in seeds:
        for index, (game, seat) in enumerate(_decisions(rules, seed)):
            obs = game.observation(seat)
            if obs.phase == "playing":  # every card of every decision, by the cheap rule check
                for card in game.hand(seat):
                    error = game.play_error(card, seat)
                    assert refusing_rule(obs, card) == (error.rule if error is not None else None)
            first_trick = len(obs.played) < game.players
            if index % 5 == 0 or obs.phase == "passing" or first_trick:  # the whole explanation at a sample of decisions
                seen_rules |= _check_against_engine(game, seat, explain(obs, budget=FAST))
                explained += 1
    assert explained >= 20
    assert expected_rules <= seen_rules


def test_no_points_on_the_first_trick_is_named_as_the_engine_names_it() -> None:
    rules = preset("hearts").replace(pass_schedule=("hold",))
    game = Game(rules, seed=1, first_dealer=3)
    # Seat 1 has no club: on the first trick it may not discard a heart or the queen while holding diamonds.
    hands = fill_hands(rules, {0: "2C 3C 4C 5C 6C 7C", 1: "QS AH KH QH JH TH 2D 3D 4D 5D 6D 7D 8D"})
    game.deal_hands(hands)
    game.play("2C")
    explanation = explain(game.observation(1), budget=FAST)
    _check_against_engine(game, 1, explanation)
    assert explanation.duty == "discard-no-points"
    assert {explanation.rule_for(parse_card(c)) for c in ("QS", "AH", "TH")} == {"no-points-on-first-trick"}
    assert set(explanation.legal) == set(parse_cards("2D 3D 4D 5D 6D 7D 8D"))


def test_high_spades_guarded_by_four_small_ones_bring_no_tip_to_pass_them() -> None:
    """Found playing learn: "don't keep A♠ without small spades to protect them ... You hold 7 small spades" was
    said of a hand that guards its ace well (the computer player's pass counts four guards as enough)."""
    rules = preset("black-maria")
    for spades, tipped in (("AS 2S 3S 4S 5S", False), ("AS 2S 3S 4S 6H", True)):  # 17 cards: 2C is out of play
        game = Game(rules, seed=2)
        game.deal_hands(fill_hands(rules, {0: spades + " 2H 3H 4H 5H 2D 3D 4D 5D 6D 3C 4C 5C"}))
        explanation = explain(game.observation(0))
        assert ("pass-high-spades" in {tip.id for tip in explanation.tips}) == tipped, spades


@pytest.mark.parametrize("rules", ["hearts", "black-maria", "omnibus"])
def test_a_pass_is_explained_by_the_search_with_the_hints_reasons_none_false(rules: str) -> None:
    """Found in the browser: the panel called 9♣ "a high card that would win tricks" while the hint said only "pass
    9♣"; the panel's reasons were worked out apart from the hint's. Now they are the hint's, checked by false_claims."""
    from blackmaria.bots.medium import pass_reasons
    from blackmaria.bots.reasons import false_claims
    from blackmaria.cards import rank_of, suit_of

    for seed in range(4):
        game = Game(rules, seed=seed)
        game.deal()
        obs = game.observation(1)
        x = explain(obs, budget=400, seed=seed)
        advice = list(x.advice)
        assert false_claims(obs, advice, pass_reasons(obs, advice)) == []
        assert sorted(card for card, _ in x.advice_reasons) == sorted(advice)
        for card, reason in x.advice_reasons:
            assert reason != "high-card" or rank_of(card) >= 8, card_name(card)  # a ten or higher
            assert reason != "costly" or obs.rules.values[card] > 0
            # A card that costs and is high is said to be both (a play-test's "A♥: it costs 1 point" taught nothing).
            assert reason != "costly-high" or (obs.rules.values[card] > 0 and rank_of(card) >= 8)
            assert reason != "costly" or rank_of(card) < 8
            assert reason != "void" or set(obs.hand.suit(suit_of(card))) <= set(advice)
        # The passes the search compared, cheapest first, the advice among them, each tried in the same deals.
        costs = [cost for _, cost in x.pass_costs]
        assert len(costs) > 1 and costs == sorted(costs) and x.worlds > 0
        assert tuple(sorted(advice, reverse=True)) in {cards for cards, _ in x.pass_costs}


def test_a_card_that_may_not_be_passed_is_refused_with_the_pass_rule() -> None:
    game = Game("dirty-lady", seed=1)
    hands = fill_hands(game.rules, {0: "QS KS 2H"})
    game.deal_hands(hands)
    explanation = explain(game.observation(0))
    _check_against_engine(game, 0, explanation)
    assert explanation.refused == ((parse_card("QS"), "pass-forbidden"),)
    lines = explanation_lines(explanation, "en")
    assert "   Not allowed (rule: may not be passed): Q♠" in lines


def test_a_play_explained_says_the_advice_in_words_before_its_numbers() -> None:
    """A learner in the terminal read only costs for a lead ("Cheapest: K♣, about 11.3 ...") where the page says why
    ("In short: Lead ..."): the story's explanation says the computer player's reason too, in both languages."""
    from blackmaria.bots.reasons import render

    game = Game("hearts", seed=7)
    game.deal()
    for seat in range(4):
        game.pass_cards(seat, sorted(game.observation(seat).choices)[:3])
    while game.turn != 0 or len(game.observation(0).legal) < 2:
        game.play(min(game.observation(game.turn).legal))
    x = explain(game.observation(0), budget=FAST)
    for lang, short in (("en", "In short"), ("de", "Kurz")):
        lines = explanation_lines(x, lang)
        said = f"   {short}: {render(x.reasons, lang, tuple(x.seats)).rstrip('.')}."
        cost = next(i for i, line in enumerate(lines) if line.startswith(("3. What it costs", "3. Was es kostet")))
        assert lines[cost + 1] == said, lines[cost:]


def test_a_pass_compared_after_the_fact_costs_keeping_a_bare_queen_and_high_hearts_dear() -> None:
    """``compare_pass``: both passes played out on the same deals; a bare Q♠ kept with A♥ K♥ costs far more than
    passing them, and a pass the rules refuse is named."""
    game = Game("hearts", seed=1)
    game.deal_hands(fill_hands(game.rules, {0: "QS AH KH QH JH 2C 3C 4C 5C 2D 3D 4D 5D"}))
    obs = game.observation(0)
    compared = compare_pass(obs, parse_cards("2C 3C 2D"), parse_cards("QS AH KH"), seed=3)
    assert compared.worlds == 1_000 and compared.cost > compared.advice_cost + 3, compared
    assert compared.to_dict()["cards"] == ["3C", "2D", "2C"] and compared.to_dict()["advice"] == ["AH", "KH", "QS"]
    with pytest.raises(ValueError, match="pass: 2C 3C 6S is not a pass of 3 cards of this hand"):
        compare_pass(obs, parse_cards("2C 3C 6S"), parse_cards("QS AH KH"))
    dirty = Game("dirty-lady", seed=1)
    dirty.deal_hands(fill_hands(dirty.rules, {0: "QS KS 2H"}))
    with pytest.raises(ValueError, match="advice: QS KS 2H"):  # Dirty Lady's queen may not be passed
        compare_pass(dirty.observation(0), parse_cards("2H KS 3C"), parse_cards("QS KS 2H"))


def test_passing_high_spades_and_a_short_suit_bring_the_seed_tips() -> None:
    rules = preset("black-maria")
    game = Game(rules, seed=2)
    game.deal_hands(fill_hands(rules, {0: "QS AS 3S 4D 5D 6D 7D 8D 9D TD JD 2H 3H 4H 5H 6H AC"}))
    explanation = explain(game.observation(0))
    tips = {tip.id: tip for tip in explanation.tips}
    assert set(tips) == {"pass-high-spades", "make-a-void"}
    assert tips["pass-high-spades"].cards == tuple(parse_cards("AS QS")) and tips["pass-high-spades"].number == 1
    assert tips["make-a-void"].cards == (parse_card("AC"),)
    assert parse_card("QS") in explanation.advice  # the medium bot passes the queen without guards
    text = "\n".join(explanation_lines(explanation, "en"))
    # The play-test read "don't keep A♠ K♠ Q♠ without small spades ... You hold 3 small spades" as "keep them".
    assert (
        "Tip (pass high spades): Keeping A♠ Q♠ is risky" in text
        and "only 1 small spade (lower than the queen) to play in spade tricks instead" in text
    )
    assert "Tip (make a void): pass all your clubs (A♣)" in text
    german = "\n".join(explanation_lines(explanation, "de"))
    assert "Tipp (hohe Pik weitergeben): A♠ D♠ zu behalten ist riskant" in german
    # In Black Maria the high spades score themselves: the tip says so (a play-test read of K♠ only "the queen costs 13").
    maria = Game(preset("black-maria"), seed=2)
    maria.deal_hands(fill_hands(maria.rules, {0: "KS AS 3S 4D 5D 6D 7D 8D 9D TD JD 2H 3H 4H 5H 6H AC"}))
    text = "\n".join(explanation_lines(explain(maria.observation(0)), "en"))
    assert "Keeping A♠ K♠ (17 points) is risky" in text, text
    # A hand with no high spade and no short suit gets neither tip.
    game = Game(rules, seed=2)
    game.deal_hands(fill_hands(rules, {0: "2S 3S 4S 5D 6D 7D 8D 9D 2H 3H 4H 5H 6C 7C 8C 9C TC"}))
    assert explain(game.observation(0)).tips == ()


def test_leading_low_spades_is_suggested_only_while_the_queen_is_out_and_the_leader_is_safe() -> None:
    rules = preset("black-maria").replace(pass_schedule=("hold",))
    safe = "3S 5S 9S JS 5D 6D 7D 8D 9D TD JD 2H 3H 4H 5H 6H 7H"
    game = Game(rules, seed=3, first_dealer=2)  # seat 0 leads the first trick (left of the dealer)
    game.deal_hands(fill_hands(rules, {0: safe}))
    tips = {tip.id: tip for tip in explain(game.observation(0), budget=FAST).tips}
    assert tips["lead-low-spades"].cards == tuple(parse_cards("9S 5S 3S"))  # the jack is no small spade
    assert "Tip (lead low spades): Q♠ is still out" in "\n".join(explanation_lines(explain(game.observation(0), budget=FAST)))
    # Holding the ace of spades, the leader is not safe in spades: no such tip.
    game = Game(rules, seed=3, first_dealer=2)
    game.deal_hands(fill_hands(rules, {0: safe.replace("JS", "AS")}))
    assert "lead-low-spades" not in {tip.id for tip in explain(game.observation(0), budget=FAST).tips}


def test_a_tip_the_advice_does_not_follow_is_said_to_lose_this_time() -> None:
    """A play-test: "pass all your clubs and you are void" stood under advice to pass A♥ 10♣ 8♣, and the learner
    was left to guess which to follow."""
    from blackmaria.teaching import _with_advice

    rules = preset("black-maria")
    game = Game(rules, seed=2)
    game.deal_hands(fill_hands(rules, {0: "QS AS 3S 4D 5D 6D 7D 8D 9D TD JD 2H 3H 4H 5H 6H AC"}))
    explanation = explain(game.observation(0), budget=FAST)
    tips = {tip.id: tip for tip in explanation.tips}
    advice = set(explanation.advice)
    hand = game.observation(0).hand
    assert tips["pass-high-spades"].advice_agrees == (parse_card("QS") in advice)  # the queen is the danger
    assert tips["make-a-void"].advice_agrees == (parse_card("AC") in advice)
    # Advice that follows neither tip: each says that this time the simulations chose otherwise, in both languages.
    other = tuple(parse_cards("JD TD 2H"))
    differing = dataclasses.replace(explanation, advice=other, tips=tuple(_with_advice(tip, other, hand) for tip in explanation.tips))
    assert [tip.advice_agrees for tip in differing.tips] == [False, False]
    text = "\n".join(explanation_lines(differing, "en"))
    assert text.count("This time the simulations found a better choice: 2♥ J♦ 10♦.") == 2
    german = "\n".join(explanation_lines(differing, "de"))
    assert german.count("Diesmal fanden die Simulationen eine bessere Wahl: 2♥ B♦ 10♦.") == 2
    # Advice that follows them: no such sentence.
    following = tuple(parse_cards("AS QS AC"))
    agreeing = dataclasses.replace(
        explanation, advice=following, tips=tuple(_with_advice(tip, following, hand) for tip in explanation.tips)
    )
    assert [tip.advice_agrees for tip in agreeing.tips] == [True, True]
    assert "better choice" not in "\n".join(explanation_lines(agreeing, "en"))
    # A pass of the ace that keeps the queen does not follow "keeping A♠ Q♠ is risky" (a play-test).
    high = next(tip for tip in explanation.tips if tip.id == "pass-high-spades")
    assert _with_advice(high, tuple(parse_cards("AS JD TD")), hand).advice_agrees is False
    # Void in the suit led, "shed a high card" names none: a ten or higher follows it, a six does not.
    from blackmaria.teaching import Tip

    clean = Tip("make-a-void", (), number=3)
    held = CardSet(parse_cards("TD 6D 4D"))
    assert _with_advice(clean, (parse_card("6D"),), held).advice_agrees is False
    assert _with_advice(clean, (parse_card("TD"),), held).advice_agrees is True
    # ... and with no ten or higher, the highest held follows it (a play-test: 8♦ of 8♦ 4♦ was "a better choice").
    low = CardSet(parse_cards("8D 4D"))
    assert _with_advice(clean, (parse_card("8D"),), low).advice_agrees is True
    assert _with_advice(clean, (parse_card("4D"),), low).advice_agrees is False


def test_a_seat_that_passed_the_queen_is_not_told_she_is_still_out() -> None:
    """A play-test: after passing Q♠ the learner read "Q♠ is still out ...: lead a small spade to force the queen out"."""
    rules = preset("black-maria")
    game = Game(rules, seed=3, first_dealer=2)  # seat 0 leads the first trick
    game.deal_hands(fill_hands(rules, {0: "QS 3S 5S 9S 5D 6D 7D 8D 9D TD JD 2H 3H 4H 5H 6H 7H"}))
    game.pass_cards(0, parse_cards("QS JD TD"))
    for seat in (1, 2):  # no spade comes back to seat 0, so only the queen's place decides the tip
        game.pass_cards(seat, sorted(c for c in game.passable_cards(seat) if c & 3 != 3)[:3])
    assert game.phase == "playing" and game.turn == 0
    obs = game.observation(0)
    assert parse_card("QS") in obs.passed and not any(c > parse_card("QS") for c in obs.hand.suit(3))
    assert "lead-low-spades" not in {tip.id for tip in explain(obs, budget=FAST).tips}


def test_a_seat_taking_every_penalty_card_brings_the_moon_tip() -> None:
    rules = preset("hearts")
    all_hearts = Trick(1, tuple(zip((1, 2, 3, 0), parse_cards("AH KH QH JH"), strict=True)), winner=2)
    more_hearts = Trick(2, tuple(zip((2, 3, 0, 1), parse_cards("TH 9H 8H 2C"), strict=True)), winner=2)
    tip = moon_watch(rules, (all_hearts, more_hearts))
    assert tip is not None and tip.seat == 2 and tip.points == 7
    assert moon_watch(rules, (all_hearts,)) is None  # 4 of 26 points: too early to worry
    shared = Trick(3, tuple(zip((2, 3, 0, 1), parse_cards("2D 3D 4D 7H"), strict=True)), winner=3)
    assert moon_watch(rules, (all_hearts, more_hearts, shared)) is None  # two seats have points: no moon
    assert moon_watch(rules.replace(moon="off"), (all_hearts, more_hearts)) is None
    assert "Tip (watch for a moon): West has taken every penalty card so far (7 points)" in "\n".join(
        explanation_lines(dataclasses.replace(_any_explanation(), tips=(tip,)), "en")
    )


def _any_explanation() -> Explanation:
    game = Game("hearts", seed=1)
    game.deal()
    return dataclasses.replace(explain(game.observation(0)), seats=("North", "East", "West", "South"))


def _finished_deal(rules: Rules | str, seed: int) -> Game:
    game = Game(rules, seed=seed)
    game.deal()
    run_bots(game, {seat: make_bot("medium", seed * 7 + seat) for seat in range(game.players)})
    return game


@pytest.mark.parametrize(
    "rules",
    ["hearts", "black-maria", "two-player", "omnibus", "spot-hearts", "dirty-lady", preset("black-maria", players=5, kitty=True)],
)
def test_the_public_count_adds_up_to_the_engine_score(rules: Rules | str) -> None:
    for seed in range(4):
        game = _finished_deal(rules, seed)
        for seat in range(game.players):
            count = count_deal(game.events_for(seat), game.rules)
            assert count.points == count.scored == game.deals[-1].points
            assert sum(c.value for c in count.cards if c.seat == seat) == count.taken[seat]
            assert count.tricks == observe(game, seat).tricks_won and sum(count.tricks) == len(game.tricks)
        if game.rules.kitty_size:
            assert count.kitty_owner is not None and len(count.kitty) == game.rules.kitty_size


def test_the_public_count_of_a_moon_shot_moves_the_points() -> None:
    moon = next(game for seed in range(80) if (game := _finished_deal("two-player", seed)).deals[-1].moon_shooter is not None)
    count = count_deal(moon.events_for(0), moon.rules)
    assert count.moon_shooter == moon.deals[-1].moon_shooter and count.points == moon.deals[-1].points
    lines = count_lines(count, moon.seats, "en")
    shooter = moon.seats[count.moon_shooter]
    assert any(line.startswith(f"{shooter} took every penalty card and shot the moon: {shooter} scores ") for line in lines), lines
    assert any("schießt den Mond" in line for line in count_lines(count, moon.seats, "de"))
    # Said to the shooter: "You took every penalty card and shoots the moon: You scores 0" read badly (a play-test).
    mine = count_lines(count, moon.seats, "en", you=count.moon_shooter)
    assert any(line.startswith("You took every penalty card and shot the moon: you score ") for line in mine), mine
    german = count_lines(count, moon.seats, "de", you=count.moon_shooter)
    assert any(line.startswith("Du hast alle Strafkarten und schießt den Mond: Du zählst ") for line in german), german


def test_the_count_names_each_scoring_card_with_its_trick() -> None:
    game = _finished_deal("black-maria", 5)
    count = count_deal(game.events_for(1), game.rules)
    lines = count_lines(count, game.seats, "en")
    queen = next(c for c in count.cards if c.card == parse_card("QS"))
    assert any(f"Q♠ 13 (trick {queen.trick})" in line and line.startswith(f"  {game.seats[queen.seat]}:") for line in lines)
    assert f"Together {sum(count.points)} points: every scoring card in play counted once." in lines
    with pytest.raises(ValueError, match="not scored yet"):
        started = Game("hearts", seed=1)
        started.deal()
        count_deal(started.events_for(0), started.rules)


def test_the_count_names_every_seat_tied_for_fewest_points_as_a_sentence_does() -> None:
    game = next(game for seed in range(40) if (game := _finished_deal("hearts", seed)).deals[-1].points.count(0) == 2)
    count = count_deal(game.events_for(0), game.rules)
    first, second = (game.seats[seat] for seat, points in enumerate(count.points) if points == 0)
    assert f"Fewest points: {first} and {second}." in count_lines(count, game.seats, "en")


def test_the_instructive_deal_is_computed_and_gives_the_learner_high_spades() -> None:
    """The deal teaches (the learner holds high spades) and its advice works out: the first deal chosen for Black
    Maria taught a heart lead that took the queen at once (a play-test), 25 of its 43 points for the advice followed."""
    from blackmaria.tui.learn import advice_works_out

    assert not advice_works_out(preset("black-maria"), 8)  # (that deal: the most instructive by the hand alone)
    for name in ("black-maria", "hearts", "two-player"):
        rules = preset(name)
        seed = instructive_seed(rules)
        best = max(teaching_value(rules, s) for s in range(1, 41))
        assert teaching_value(rules, seed) >= best - 2 and advice_works_out(rules, seed), name
        session = new_learn_session(rules, seed=None)
        session.deal()
        dealt = session.observation().dealt
        assert session.seed == seed and (set(parse_cards("QS KS AS")) & set(dealt))
    assert learning_rules(preset("hearts")).deal_count == 1


def test_each_presets_deal_to_teach_worked_out_once_is_the_one_chosen_today() -> None:
    """The server deals a page's guided deal from ``TAUGHT_SEEDS`` (the choice takes seconds of search, which it must
    not spend beside its tables): each preset's seed there is the one ``instructive_seed`` chooses now, so the page and
    the terminal teach the same deal; rules of no preset have none (the terminal works theirs out)."""
    assert set(TAUGHT_SEEDS) == set(PRESETS)
    for name in PRESETS:
        assert taught_seed(preset(name).replace(deal_count=1, target_score=None)) == instructive_seed(preset(name)), name
    assert taught_seed(preset("black-maria", players=4)) is None
    assert taught_seed(preset("hearts").replace(pass_count=2)) is None


def _answers(lang: str) -> tuple[re.Pattern[str], tuple[str, ...], re.Pattern[str], re.Pattern[str]]:
    if lang == "en":
        return (
            re.compile(r"Cards to pass to [^:\n]*: $"),
            ("Your card: ",),
            re.compile(r"Allowed: (.*)"),
            re.compile(r"Not allowed \([^)]*\): (.*)"),
        )
    return (
        re.compile(r"Karten für [^:\n]*: $"),
        ("Deine Karte: ",),
        re.compile(r"Erlaubt: (.*)"),
        re.compile(r"Nicht erlaubt \([^)]*\): (.*)"),
    )


def _learn_through_a_pipe(args: list[str], lang: str) -> str:
    """Run ``blackmaria learn --plain``; pass the first cards allowed, play the first allowed card, once try a refused one."""
    pass_prompt, card_prompt, allowed, refused = _answers(lang)
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    process = subprocess.Popen(
        [sys.executable, "-u", "-m", "blackmaria.cli", "learn", "--plain", "--lang", lang, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        encoding="utf-8",
    )
    assert process.stdin is not None and process.stdout is not None
    out = ""
    tried_refused = False
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, out[-2000:]
        char = process.stdout.read(1)
        if not char:
            break
        out += char
        if char != " ":
            continue
        if pass_prompt.search(out[-200:]):
            count = int(re.findall(r"(?:passes|gibt jeder) (\d+)", out)[-1])
            reply = " ".join(allowed.findall(out)[-1].split()[:count])
        elif out.endswith(card_prompt):
            last = out[out.rfind("--") :]
            refusals = refused.findall(last)
            if refusals and not tried_refused:
                reply, tried_refused = refusals[0].split()[0], True
            else:
                reply = allowed.findall(out)[-1].split()[0]
        else:
            continue
        out += reply + "\n"
        process.stdin.write(reply + "\n")
        process.stdin.flush()
    process.stdin.close()
    assert process.wait(timeout=60) == 0
    return out


def test_blackmaria_learn_plays_a_guided_deal_to_the_public_count_in_english() -> None:
    out = _learn_through_a_pipe(["--rules", "hearts"], "en")
    assert out.count("1. The table") == out.count("2. What may you do?") == out.count("3. What it costs") >= 13
    assert "Whose turn? Everyone's" in out and "Whose turn? Yours" in out
    assert "Tip (pass high spades)" in out
    assert "You must follow" in out or "The first trick must be opened" in out or "Hearts are not broken yet" in out
    assert "Counting deal 1 in public, card by card:" in out and "Together 26 points" in out
    assert out.rstrip().endswith("That was the whole deal. Play a real game with: blackmaria play --rules hearts")


def _english_fragments() -> set[str]:
    """Literal pieces of every English text that the German text does not share (long enough to be a sentence part)."""
    fragments = set()
    for texts in MESSAGES.values():
        if texts["en"] == texts["de"]:
            continue
        for piece in re.split(r"\{[^}]*\}", texts["en"]):
            piece = piece.strip(" .:,-()")
            if len(piece) >= 10 and piece not in texts["de"]:
                fragments.add(piece)
    return fragments


def test_blackmaria_learn_in_german_has_no_english_explanations() -> None:
    out = _learn_through_a_pipe(["--rules", "black-maria", "--seed", "3"], "de")
    assert out.count("1. Der Tisch") >= 17 and "3. Was es kostet" in out
    assert "Spiel 1 wird offen gezählt, Karte für Karte:" in out and "Zusammen 43 Punkte" in out
    leaked = [fragment for fragment in _english_fragments() if fragment in out]
    assert leaked == []


def test_the_learn_session_explains_each_decision_once_and_compares_the_choice() -> None:
    session = new_learn_session(preset("two-player"), seed=2, budget=FAST)
    answers: list[str] = []

    def read(prompt: str) -> str:
        obs = session.observation()
        answers.append(prompt)
        if len(answers) == 2:
            return "why"
        return card_name(min(obs.legal)) if obs.phase == "playing" else " ".join(card_name(c) for c in sorted(obs.hand)[:3])

    written: list[str] = []
    run_learn_plain(session, read, written.append)
    text = "\n".join(written)
    # One explanation before each prompt: a new one for each decision, the same one again after "why".
    assert text.count("-- Your decision") == len(answers) == session.game.rules.tricks_per_deal + 1
    assert "You chose" in text and "Counting deal 1 in public" in text
    assert session.game.is_over and len(session.game.deals) == 1


def test_the_terminal_app_shows_each_explanation_in_its_log() -> None:
    import asyncio

    from textual.widgets import RichLog

    from blackmaria.tui.app import GameApp

    session = new_learn_session(preset("hearts"), lang="de", seed=1, budget=FAST)

    async def drive() -> list[str]:
        app = GameApp(session, speed=0)
        async with app.run_test(size=(140, 50)) as pilot:
            await pilot.pause()  # the app deals when it starts
            for _ in range(3):  # mark three cards for the pass with Space, moving right
                await pilot.press("space", "right")
            await pilot.press("enter")
            assert session.game.phase == "playing"
            for _ in range(2):
                await pilot.press(*card_name(min(session.observation().legal)).lower(), "enter")
            await pilot.pause()
            return [line.text for line in app.query_one("#log", RichLog).lines]

    log = "\n".join(asyncio.run(drive()))
    decisions = 1 + len([e for e in session.game.events_for(0) if isinstance(e, CardPlayed) and e.seat == 0]) + 1
    assert log.count("1. Der Tisch") == log.count("3. Was es kostet") == decisions  # the pass, two plays, the card to come
    assert "Wer ist dran? Alle" in log and "Du hast " in log and " gewählt: " in log


def test_a_kitty_deal_says_where_the_kitty_goes_on_the_first_trick() -> None:
    rules = preset("black-maria", players=5, kitty=True).replace(pass_schedule=("hold",))
    game = Game(rules, seed=1)
    game.deal()
    seat = game.turn
    assert seat is not None
    explanation = explain(game.observation(seat), budget=FAST)
    assert explanation.table.kitty_pending == 2
    assert "   The kitty (2 cards, face down) goes to whoever wins this first trick, with its points." in explanation_lines(explanation)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_learn_tip_is_the_analysis_cheapest_card_with_its_cost_over_several_deals(lang: str) -> None:
    """Bug 5 (issue 16): in learn the tip came from the rules-of-thumb player while the analysis ranked the cards by
    a search, so the two could name different cards. Now the tip is the analysis' own cheapest card, with the
    cost the analysis shows for it; and a chosen card is said to cost no more than any only when no card is cheaper."""
    checked = agreed_to_differ = 0
    for seed in (1, 2, 3):
        session = new_learn_session(preset("hearts"), lang=lang, seed=seed, budget=200)
        session.deal()
        session.pass_cards(sorted(session.observation().hand)[:3])
        turn = 0
        while session.waiting_for() == "play":
            explanation = session.explanation()
            assert explanation is not None
            legal = sorted(session.observation().legal)
            if len(legal) > 1:
                costs = {option.card: option.cost or 0.0 for option in explanation.options}
                (advised,) = explanation.advice
                assert costs[advised] == min(costs.values()), "the advice is the analysis' cheapest card"
                shown = f"{costs[advised]:.1f}".replace(".", "," if lang == "de" else ".")
                tip = session.hint()
                assert tip.startswith(("Hint: ", "Tipp: ")) and session.t.card(advised) in tip.split(":")[1].split(".")[0], tip
                assert f" {shown} " in tip, (tip, shown)  # the same cost the analysis lists for the card
                lines = explanation_lines(explanation, lang)
                assert any(session.t.card(advised) in line and shown in line for line in lines)
                chosen = legal[turn % len(legal)]  # not always the advice: the feedback is checked both ways
                session.take_lines()
                session.play(chosen)
                feedback = next(line for line in session.take_lines() if line.startswith(("You chose", "Du hast ")))
                as_good = "no card here costs less" in feedback or "keine Karte hier kostet weniger" in feedback
                assert as_good == (costs[chosen] - min(costs.values()) < 0.05), feedback
                agreed_to_differ += not as_good
                checked += 1
            else:
                session.play(legal[0])
            turn += 1
    assert checked >= 15 and agreed_to_differ >= 3, (checked, agreed_to_differ)


def test_the_costs_by_suit_come_in_the_order_the_hand_shows_the_suits() -> None:
    """A play-test read Spades, Hearts, Diamonds, Clubs under "why" beside a hand shown ♠ ♥ ♣ ♦."""
    game = Game("black-maria", seed=1)
    game.deal()
    for seat in range(game.players):
        game.pass_cards(seat, make_bot("medium", seed=seat).choose_pass(game.observation(seat)))
    obs = game.observation(game.turn)  # the first lead: any card, so the costs come a suit to a line
    suits = [
        line.split(":")[0].strip()
        for line in explanation_lines(explain(obs, budget=FAST), "en")
        if line.strip().endswith(tuple("0123456789"))
    ]
    shown = [name for name in suits if name in ("Spades", "Hearts", "Clubs", "Diamonds")]
    assert len(shown) >= 3 and shown == [name for name in ("Spades", "Hearts", "Clubs", "Diamonds") if name in shown], suits


def test_many_leads_are_shown_by_suit_and_a_few_card_by_card_in_the_data_the_page_reads() -> None:
    """A guided deal's page listed 17 rows of "opens the trick" on a phone: ``by_suit`` says when the terminal and the
    page show the costs a suit to a line (many cards, each a lead or each a discard), in the explanation's data."""
    from blackmaria.teaching import BY_SUIT_FROM

    game = Game("black-maria", seed=1)
    game.deal()
    for seat in range(game.players):
        game.pass_cards(seat, make_bot("medium", seed=seat).choose_pass(game.observation(seat)))
    x = explain(game.observation(game.turn), budget=FAST)  # the first lead of 17 cards: any card
    assert len(x.options) >= BY_SUIT_FROM and x.by_suit and x.to_dict()["by_suit"] is True
    few = dataclasses.replace(x, options=x.options[: BY_SUIT_FROM - 1])
    assert not few.by_suit and few.to_dict()["by_suit"] is False
    following = dataclasses.replace(
        x, options=tuple(dataclasses.replace(o, effect="beats" if i == 0 else o.effect) for i, o in enumerate(x.options))
    )
    assert not following.by_suit  # one card does something else to the trick: a row a card says what


def test_a_void_tip_names_the_penalty_cards_the_search_finds_cheapest_to_throw_now() -> None:
    """A play-test read "Tip (make a void): ... dump penalty cards such as J♥ 10♥ 6♥" under a table where 6♥ cost 5.7
    and 10♥ 2.3: the tip named the dearest penalty cards, not the cheapest to throw, and "make a void" where the seat
    was void already. It names those the search finds cheapest now (within a point of the cheapest), cheapest first."""
    checked = 0
    for seed in range(40):
        for game, seat in _decisions("hearts", seed):
            obs = game.observation(seat)
            trick = obs.current_trick
            if obs.phase != "playing" or trick is None or not trick.plays or obs.hand.suit(suit_of(trick.plays[0][1])):
                continue
            penalty = [c for c in obs.legal if obs.rules.values[c] > 0]
            if len(penalty) < 3:
                continue
            x = explain(obs, budget=400)
            tip = next(tip for tip in x.tips if tip.id == "make-a-void")
            costs = {option.card: option.cost for option in x.options}
            cheapest = min(costs[c] for c in penalty)
            assert tip.cards and all(costs[c] <= cheapest + 1.0 for c in tip.cards), (tip.cards, costs)
            assert [costs[c] for c in tip.cards] == sorted(costs[c] for c in tip.cards)
            assert costs[tip.cards[0]] == cheapest
            text = "\n".join(explanation_lines(x, "en"))
            assert "Tip (use your void): you are void in" in text and "make a void" not in text, text
            checked += 1
            break
        if checked >= 3:
            break
    assert checked >= 3


def test_what_a_lead_or_a_discard_does_is_said_card_by_card() -> None:
    """A learner read nothing against a lead or a discard: every row said "opens the trick" (the column was dropped).
    A lead says whether anything unseen of its suit beats it, a discard whether it gives points away."""
    from blackmaria.bots.reasons import higher_out

    WANTED = {"lead-high", "lead-low", "discard", "discard-clean", "beats", "takes", "takes-void"}  # noqa: N806
    seen: set[str] = set()
    for seed in range(30):
        game = Game(preset("hearts"), seed=seed)
        game.deal()
        bots = {seat: make_bot("medium", seed=seat) for seat in range(4)}
        while not game.is_over and game.phase != "deal-over":
            obs = game.observation(game.turn) if game.phase == "playing" else None
            if obs is not None and len(obs.legal) > 1 and not seen >= WANTED:
                x = explain(obs, budget=FAST)
                for option in x.options:
                    if x.table.winning is None:
                        assert option.effect == ("lead-low" if higher_out(obs, option.card) else "lead-high")
                    elif option.card & 3 != x.table.led_suit:
                        assert option.effect == ("discard" if obs.rules.values[option.card] else "discard-clean")
                    elif option.card > x.table.winning[1] and len(x.table.plays) < 3:
                        # above the card winning, with players still to come: for now, or for sure (nothing higher out:
                        # a learner read "holds the trick for now" beside the highest spade left; or the seats after
                        # known to be out of the suit: a play-test read it beside J♣ with the seat after it void)
                        after = [seat for seat in range(4) if seat != obs.seat and seat not in dict(x.table.plays)]
                        void_after = all(x.table.led_suit in obs.voids[seat] for seat in after)
                        expected = "takes" if not higher_out(obs, option.card) else "takes-void" if void_after else "beats"
                        assert option.effect == expected
                    seen.add(option.effect)
                lines = explanation_lines(x, "en")
                for option in x.options:
                    # (many cards are shown by suit, in a few lines: what each does is said for fewer)
                    if option.effect in ("lead-high", "lead-low", "takes", "takes-void") and not x.by_suit:
                        said = {
                            "lead-high": "wins the trick: no higher card of its suit is out",
                            "lead-low": "another player may win",
                            "takes": "takes the trick: no higher card of its suit is out",
                            "takes-void": "takes the trick: the players after you have none of its suit",
                        }
                        assert any(said[option.effect] in line for line in lines), lines
            if game.phase == "passing":
                for seat in range(4):
                    game.pass_cards(seat, bots[seat].choose_pass(game.observation(seat)))
            else:
                game.play(bots[game.turn].choose_play(game.observation(game.turn)), game.turn)
        if seen >= WANTED:
            break
    assert seen >= WANTED, seen


# ---- the claim -------------------------------------------------------------------
@pytest.mark.parametrize("rules", ["hearts", "black-maria", preset("black-maria", players=5, kitty=True)])
def test_a_claim_is_decided_from_what_the_seat_knows_not_from_the_others_cards(rules: Rules | str) -> None:
    """A claim offered or refused on the deal as it truly lies told the player something of the hidden hands (a seat
    told "the rest is decided" learns where the cards it cannot see are not). Judged from the seat's observation, a
    claim is never allowed where the true deal is undecided, and some truly decided deals are not decided for the seat."""
    truly_only = 0
    for seed in range(6):
        game = Game(rules, seed=seed)
        game.deal()
        bots = {seat: make_bot("medium", seed * 7 + seat) for seat in range(game.players)}
        for seat in range(game.players) if game.phase == "passing" else ():
            game.pass_cards(seat, bots[seat].choose_pass(game.observation(seat)))
        while game.phase == "playing":
            seat = game.turn
            assert seat is not None
            if len(game.hand(seat)) <= 3:
                seen = claim_is_decided(game.observation(seat))
                truly = game.outcome_is_decided()
                assert truly or not seen, (seed, seat)
                truly_only += truly and not seen
            game.play(bots[seat].choose_play(game.observation(seat)))
    assert truly_only > 0


def test_a_claim_with_every_scoring_card_taken_is_decided_however_many_cards_are_left() -> None:
    """A play-test took all 26 points with three cards left and was told the rest was "not decided yet": the check
    had stopped at its 20,000 positions and said no. Once every card that scores is taken nothing left changes the
    points, at once; and where the positions run out the check says it cannot tell (None), not that it is open."""
    only_queen = Rules.from_data(
        {"preset": "hearts", "moon": "off", "pass_schedule": ["hold"], "card_values": {f"{rank}H": 0 for rank in "23456789TJQKA"}}
    )
    game = Game(only_queen, seed=5)
    game.deal()
    bots = {seat: make_bot("medium", 35 + seat) for seat in range(4)}
    queen = parse_card("QS")
    while not any(queen in game.taken(seat) for seat in range(4)):
        seat = game.turn
        assert seat is not None
        game.play(bots[seat].choose_play(game.observation(seat)))
    seat = game.turn
    assert seat is not None and len(game.hand(seat)) == 10  # the queen went early: ten cards each left
    assert claim_check(game.observation(seat)) is True and claim_is_decided(game.observation(seat))
    assert nothing_left_to_score(game.observation(seat))  # (the terminal offers the claim then, at any hand size)
    hearts = Game("hearts", seed=5)
    hearts.deal()
    for giver in range(4):
        hearts.pass_cards(giver, sorted(hearts.passable_cards(giver))[:3])
    assert claim_check(hearts.observation(hearts.turn or 0)) is False  # two ways to score found at once, 13 cards each
    bots = {seat: make_bot("medium", seat) for seat in range(4)}
    while len(hearts.hand(0)) > 1 or hearts.turn != hearts.observation(0).leader:
        seat = hearts.turn
        assert seat is not None
        hearts.play(bots[seat].choose_play(hearts.observation(seat)))
    assert any(hearts.rules.values[card] for seat in range(4) for card in hearts.hand(seat))  # points still to take
    assert claim_check(hearts.observation(0)) is True  # one card each: decided
    assert claim_check(hearts.observation(0), max_positions=1) is None  # with no room to see every way: cannot tell


def test_the_last_trick_is_always_decided_for_the_seat_to_lead_it() -> None:
    """One card each: wherever the unseen cards lie, nobody has a choice left, so every seat may claim."""
    game = Game("hearts", seed=3)
    game.deal()
    bots = {seat: make_bot("medium", seat) for seat in range(4)}
    for seat in range(4):
        game.pass_cards(seat, bots[seat].choose_pass(game.observation(seat)))
    while len(game.hand(0)) > 1 or game.turn != game.observation(0).leader:
        seat = game.turn
        assert seat is not None
        game.play(bots[seat].choose_play(game.observation(seat)))
    leader = game.turn
    assert leader is not None and all(len(game.hand(seat)) == 1 for seat in range(4))
    assert all(claim_is_decided(game.observation(seat)) for seat in range(4))


def test_a_queen_passed_away_is_placed_at_each_lead_until_it_is_played() -> None:
    """A learner passed Q♠ to East, led K♥ on the advice and lost 15 points to the queen East threw on it: nothing had
    said where the queen was. At each lead while it is out, a tip names its holder."""
    rules = preset("black-maria")
    for seed in range(1, 60):  # a deal where seat 0 passes the queen and then leads before it is played
        game = Game(rules, seed=seed)
        game.deal()
        if parse_card("QS") not in game.hand(0):
            continue
        game.pass_cards(0, [parse_card("QS"), *sorted(c for c in game.passable_cards(0) if c != parse_card("QS"))[:2]])
        for seat in (1, 2):
            game.pass_cards(seat, sorted(game.passable_cards(seat))[:3])
        holder = game.observation(0).pass_to
        while game.phase == "playing" and game.turn != 0:
            game.play(min(game.legal_cards()))
        trick = game.observation(0).current_trick
        if game.turn == 0 and (trick is None or not trick.plays) and parse_card("QS") not in game.observation(0).played:
            break
    else:
        pytest.fail("no deal where seat 0 leads after passing the queen")
    explanation = explain(game.observation(0), budget=FAST)
    tips = {tip.id: tip for tip in explanation.tips}
    assert tips["queen-passed"].seat == holder and tips["queen-passed"].points == 13
    names = ("North", "East", "West")
    named = dataclasses.replace(explanation, seats=names)
    assert f"Tip (where the queen is): {names[holder]} holds Q♠, the card you passed: they may throw it on the first trick" in "\n".join(
        explanation_lines(named, "en")
    )
    assert f"Tipp (wo die Dame ist): {names[holder]} hat D♠, die Karte, die du weitergegeben hast" in "\n".join(
        explanation_lines(named, "de")
    )
    # Not while following, nor once the queen is played: seat 0's decisions after that get no such tip. At a later
    # lead, only where the holder has shown a void seat 0 may lead (a play-test read the same tip at every lead).
    queen = parse_card("QS")
    after_queen = later_leads = 0
    while game.phase == "playing":
        now = game.observation(0)
        following = now.current_trick is not None and bool(now.current_trick.plays)
        tipped = game.turn == 0 and "queen-passed" in {tip.id for tip in explain(now, budget=FAST).tips}
        if game.turn == 0 and (queen in now.played or following):
            assert not tipped
            after_queen += queen in now.played
        elif game.turn == 0 and any(trick.leader == 0 for trick in now.tricks if trick.winner is not None):  # a later lead
            later_leads += 1
            assert tipped == any(suit_of(c) in now.voids[holder] for c in now.legal), (now.voids, now.legal)
        game.play(max(game.legal_cards()))  # (high cards: the queen comes out soon)
    assert after_queen, "seat 0 had no decision after the queen was played"
    assert later_leads, "seat 0 led no second trick with the queen out"


def test_a_card_passed_below_higher_ones_of_its_suit_kept_is_not_said_to_win_tricks() -> None:
    """A play-test's advice passed Q♠ A♦ 10♦ from A♦ K♦ Q♦ 10♦ and said "10♦: a high card that would win tricks",
    while it kept the higher K♦ and Q♦: a high card wins tricks only where none higher of its suit stays."""
    from blackmaria.bots.medium import pass_reasons

    rules = preset("hearts")
    game = Game(rules, seed=2)
    game.deal_hands(fill_hands(rules, {0: "QS 4S 3S AD KD QD TD 2C 3C 4C 5C 6C 7C"}))
    reasons = {card_name(r.facts["card"]): r.code for r in pass_reasons(game.observation(0), parse_cards("QS AD TD")) if "card" in r.facts}
    assert reasons["AD"] == "pass_high" and reasons["TD"] == "pass_card", reasons
    alone = pass_reasons(game.observation(0), parse_cards("AD KD QD"))  # the three highest: each is high
    assert [r.code for r in alone] == ["pass_high"] * 3


def test_a_high_spade_passed_beside_a_queen_kept_is_not_said_to_leave_for_want_of_guards() -> None:
    """A learner held K♠ Q♠ 8♠ 5♠ 3♠: the advice passed K♠ and kept Q♠, and said K♠ went for "too few spades lower than
    the queen", as if the queen went too; the tip then called that advice "a better choice", though it passed K♠."""
    from blackmaria.bots.medium import pass_reasons
    from blackmaria.teaching import Tip

    rules = preset("black-maria")
    game = Game(rules, seed=2)
    game.deal_hands(fill_hands(rules, {0: "KS QS 8S 5S 3S AH KC 4D 5D 6D 7D 8D 9D 2H 3H 4H 5H"}))
    obs = game.observation(0)
    advice = parse_cards("KS AH KC")
    reasons = {card_name(r.facts["card"]): r.code for r in pass_reasons(obs, advice) if "card" in r.facts}
    assert reasons["KS"] == "pass_costly_high"  # K♠ costs 10 here: that is why it goes
    alone = pass_reasons(obs, parse_cards("KS QS AH"))  # the queen passed as well: the guards are the reason again
    assert {card_name(r.facts["card"]): r.code for r in alone if "card" in r.facts}["KS"] == "pass_high_spade"
    explanation = dataclasses.replace(
        explain(obs, budget=FAST),
        advice=tuple(advice),
        tips=(Tip("pass-high-spades", tuple(parse_cards("KS QS")), number=3, points=13, advice_agrees=False),),
    )
    text = "\n".join(explanation_lines(explanation, "en"))
    assert "This time the simulations found it cheaper to keep Q♠: they pass K♠ A♥ K♣." in text
    assert "found a better choice" not in text


def _mid_deal_choice(seed: int) -> Game:
    """A hearts deal played by medium bots to the first play, after the pass, with four cards or more to choose from."""
    game = Game("hearts", seed=seed)
    game.deal()
    bots = {seat: make_bot("medium", seed=seat) for seat in range(4)}
    while True:
        if game.phase == "passing":
            for seat in range(4):
                game.pass_cards(seat, bots[seat].choose_pass(game.observation(seat)))
            continue
        obs = game.observation(game.turn)
        if len(game.tricks) >= 2 and len(obs.legal) >= 4:
            return game
        game.play(bots[game.turn].choose_play(obs), game.turn)


def test_a_cards_noise_predicts_how_far_its_cost_moves_with_other_simulated_deals() -> None:
    """The cost table said "0.1 more" of differences the simulations' chance makes: each card now carries the standard
    error of its difference from the cheapest card. Searched again with other seeds, that difference spreads as the
    error said (within what 10 seeds can tell), and the cheapest card's own is 0."""
    game = _mid_deal_choice(3)
    obs = game.observation(game.turn)
    runs = [explain(obs, budget=2_000, seed=seed) for seed in range(10)]
    first = runs[0]
    cheapest = min(first.options, key=lambda o: o.cost or 0.0)
    assert cheapest.noise == 0.0
    assert all(o.noise is not None and o.noise > 0 for o in first.options if o.card != cheapest.card)
    for option in first.options:
        if option.card == cheapest.card:
            continue
        differences = []
        errors = []
        for run in runs:
            cost = {o.card: o.cost for o in run.options}
            differences.append(cost[option.card] - cost[cheapest.card])  # type: ignore[operator]
            errors.append(next(o.noise for o in run.options if o.card == option.card) or 0.0)
        mean = sum(differences) / len(differences)
        spread = (sum((d - mean) ** 2 for d in differences) / (len(differences) - 1)) ** 0.5
        said = sum(errors) / len(errors)
        # (with another card cheapest in some run its error is not of this difference: a broad check, a factor of 2.5)
        assert said / 2.5 <= spread <= said * 2.5, (card_name(option.card), spread, said)


def test_a_card_dearer_only_by_chance_is_said_to_be_as_good() -> None:
    """A row "(0.1 more)" for a difference within the simulations' chance taught a difference that is not there."""
    from blackmaria.teaching import Option

    game = _mid_deal_choice(3)
    x = explain(game.observation(game.turn), budget=FAST)
    first, second, *rest = x.options[:3]  # (a few cards: each on its line, with its note)
    close = (
        Option(first.card, first.value, first.effect, 2.0, 0.0),
        Option(second.card, second.value, second.effect, 2.3, 0.2),  # 0.3 more, 1.5 errors: chance
        *(Option(o.card, o.value, o.effect, 5.0, 0.2) for o in rest),  # 3.0 more, 15 errors: not chance
    )
    x = dataclasses.replace(x, options=close, advice=(first.card,))
    lines = "\n".join(explanation_lines(x, "en"))
    assert "as good: the difference is the simulations' chance" in lines and "(3.0 more)" in lines
    assert [o["chance"] for o in x.to_dict()["options"]] == [True, True] + [False] * len(rest)
    assert "gleich gut: der Unterschied ist Zufall der Simulation" in "\n".join(explanation_lines(x, "de"))


def test_two_cards_shown_at_one_cost_are_said_alike_whatever_their_noise() -> None:
    """A guided deal showed "as good: chance" beside "0.8 more" for two cards both at 6.7 (each card's own noise
    decided): a card is within chance only if cheaper than every card that clearly costs more."""
    from blackmaria.teaching import Option

    game = _mid_deal_choice(3)
    x = explain(game.observation(game.turn), budget=FAST)
    first, second, third = x.options[:3]
    costs = (
        Option(first.card, first.value, first.effect, 5.9, 0.0),
        Option(second.card, second.value, second.effect, 6.7, 0.5),  # within its own noise (1.6 errors)
        Option(third.card, third.value, third.effect, 6.7, 0.1),  # clearly more (8 errors)
    )
    x = dataclasses.replace(x, options=costs, advice=(first.card,))
    assert [o["chance"] for o in x.to_dict()["options"]] == [True, False, False]
    lines = "\n".join(explanation_lines(x, "en"))
    assert lines.count("(0.8 more)") == 2 and "chance" not in lines, lines
    cheaper = dataclasses.replace(x, options=(costs[0], dataclasses.replace(costs[1], cost=6.3), costs[2]))
    assert [o["chance"] for o in cheaper.to_dict()["options"]] == [True, True, False]  # (cheaper than the clear one)


def test_many_leads_by_suit_name_the_cards_as_good_as_the_cheapest() -> None:
    """A guided deal's leads by suit read "Cheapest: J♥ 21.2" and "Spades: 5♠ 21.5" with nothing more; 5♠ played was
    then "as good as J♥": the cards within chance are named under the suits, as the full list marks them."""
    from blackmaria.teaching import Option

    cards = parse_cards("JH 5S 9C 2D 3D 4D 5D")  # 0.3 dearer than J♥ (within chance), then 2.3 (clearly dearer)
    leads = tuple(Option(card, 0, "lead-low", 21.2 + 0.3 * (i > 0) + 2.0 * (i > 2), 0.3) for i, card in enumerate(cards))
    game = _mid_deal_choice(3)
    x = dataclasses.replace(explain(game.observation(game.turn), budget=FAST), options=leads, advice=(leads[0].card,))
    lines = explanation_lines(x, "en")
    assert "   " + "  As good as J♥ (the differences are the simulations' chance): 5♠ 9♣." in lines, lines
    assert any("So gut wie B♥ (die Unterschiede sind Zufall der Simulation): 5♠ 9♣." in line for line in explanation_lines(x, "de"))


def test_the_advices_reason_says_when_the_runner_up_is_dearer_by_chance_only() -> None:
    """A guided deal's "In short" taught "0.1 fewer than 7♠", a difference the simulations' chance makes: the reason
    says so where the explanation's table does (the same search, the same noise)."""
    from blackmaria.bots.reasons import render

    said = {True: 0, False: 0}
    for seed in range(3, 13):
        game = _mid_deal_choice(seed)
        x = explain(game.observation(game.turn))
        search = next(reason for reason in x.reasons if reason.code == "search")
        runner_up = next(o for o in x.options if o.card == search.facts["runner_up"])
        chance = runner_up.within_noise(x.cheapest_cost)
        text = render(x.reasons, "en", x.seats)
        if "as many as" not in text:  # (a tie, as shown, is said as a tie)
            assert (", a difference chance alone could make" in text) == chance, text
            said[chance] += 1
    assert said[True] and said[False], said  # (both were met: the test can fail either way)
