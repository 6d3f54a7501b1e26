"""Issue 18: the learned playout policy sees only its seat, plays legal cards under every rule set, and plays sensibly."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

from blackmaria.bots import learned, run_bots
from blackmaria.bots.base import EXPERT_FEATURES, SearchFeatures
from blackmaria.bots.playout import NO_WEIGHTS, playout_card
from blackmaria.bots.search import SearchBot, params_for
from blackmaria.cards import parse_card, parse_cards
from blackmaria.core import logic as core
from blackmaria.core.compiled import make_rng
from blackmaria.game import Game
from blackmaria.rules import PRESETS, Rules, preset

RULE_SETS = [preset(name) for name in PRESETS] + [
    preset("black-maria", players=5),
    Rules.from_data({"preset": "black-maria", "kitty": True, "players": 5}),
    preset("spot-hearts", players=7),
]
RULE_IDS = [f"{r.preset}-{r.players}{'-kitty' if r.kitty else ''}" for r in RULE_SETS]
LEARNED = dataclasses.replace(EXPERT_FEATURES, playout_policy=learned.POLICY_FILE)


def one_deal(rules: Rules) -> Rules:
    return rules.replace(deal_count=1, target_score=None)


def _held_deal(hands: list[str], plays: str = "") -> Game:
    """A hearts deal without a pass, from these hands (seat 0 first; seat 3 deals), with ``plays`` made."""
    game = Game(one_deal(preset("hearts").replace(pass_schedule=("hold",))), first_dealer=3)
    game.deal_hands([parse_cards(hand) for hand in hands])
    for card in parse_cards(plays):
        game.play(card)
    return game


def _playout_choice(game: Game, seat: int) -> int:
    """The learned policy's card for ``seat`` (no random card, no moon stop)."""
    weights, _ = learned.shipped_policy()
    p = params_for(game.rules)
    rows = np.zeros((learned.MAX_LEGAL, learned.N_FEATURES))
    s = np.array(game._s, dtype=np.int64)
    return int(playout_card(make_rng(1), s, p, seat, 0.0, False, weights, learned.value_scale(p), learned.scored_cards(p), rows))


def _features(game: Game, seat: int) -> tuple[int, np.ndarray]:
    s = np.array(game._s, dtype=np.int64)
    p = params_for(game.rules)
    legal = int(core.legal_cards(s, p, seat))
    out = np.zeros((learned.MAX_LEGAL, learned.N_FEATURES))
    situation = learned.decision_features(s, p, seat, legal, learned.value_scale(p), learned.scored_cards(p), out)
    return situation, out[: legal.bit_count()]


def test_the_shipped_weights_say_what_made_them_and_fit_these_features() -> None:
    weights, about = learned.shipped_policy()
    assert weights.shape == (len(learned.SITUATIONS), learned.N_FEATURES)
    assert about["features"] == list(learned.FEATURES)
    assert "train_playout_policy.py" in about["command"] and about["made"]
    # Held out from the fit, the learned policy picks the teacher's card more often than the rules of thumb it replaces.
    for situation in learned.SITUATIONS:
        report = about["held_out"][situation]
        assert report["held_out"] > 500
        assert report["agreement"] > report["rules_agreement"], situation


def test_the_features_read_only_what_the_seat_sees() -> None:
    """Swapping cards between two other hands changes nothing the policy reads."""
    rng = random.Random(3)
    for deal in range(20):
        game = Game(one_deal(preset("hearts").replace(pass_schedule=("hold",))), seed=deal)
        game.deal()
        for _ in range(rng.randrange(0, 30)):
            game.play(rng.choice(sorted(game.legal_cards())))
        seat = game.turn
        assert seat is not None
        before = _features(game, seat)
        a, b = [(seat + k) % 4 for k in (1, 2)]
        hand_a, hand_b = game._s[core.HAND + a], game._s[core.HAND + b]
        # Trade the lowest card of each: the hands keep their sizes, and the features read the voids shown from the
        # state's record of them, not from the hands.
        low_a, low_b = hand_a & -hand_a, hand_b & -hand_b
        game._s[core.HAND + a] = hand_a ^ low_a | low_b
        game._s[core.HAND + b] = hand_b ^ low_b | low_a
        after = _features(game, seat)
        assert before[0] == after[0] and np.array_equal(before[1], after[1])


def test_features_name_the_situation_and_what_the_card_does() -> None:
    game = _held_deal(
        [
            "2C 3C QS 4H 5H 6H 7H 8H 9H TH JH QH KH",
            "4C 5C AS 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
            "6C 7C KS QD KD AD 2S 3S 4S 5S 6S 7S 8S",
            "8C 9C TC JC QC KC AC 2H 3H AH 9S TS JS",
        ],
        "2C",
    )
    situation, rows = _features(game, 1)  # seat 1 follows clubs with 4C or 5C: both beat 2C
    assert learned.SITUATIONS[situation] == "follow"
    wins = learned.FEATURES.index("wins")
    assert rows[:, wins].tolist() == [1.0, 1.0]
    game.play(parse_card("5C"))
    game.play(parse_card("7C"))
    situation, rows = _features(game, 3)  # last to play, clubs: 8C..AC all win a trick with no points
    assert learned.SITUATIONS[situation] == "follow"
    assert set(rows[:, learned.FEATURES.index("wins_last")]) == {1.0}


def test_the_learned_policy_throws_the_queen_when_void() -> None:
    # Seat 1 holds no club (and no point to throw); seat 2, void too, holds QS.
    game = _held_deal(
        [
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
            "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
            "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
            "2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS AH",
        ],
        "2C AD",
    )
    assert _playout_choice(game, 2) == parse_card("QS"), "void in clubs, the queen goes on a trick it cannot win"


@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
def test_search_with_learned_playouts_plays_legal_cards_under_every_preset(rules: Rules) -> None:
    """Game refuses an illegal pass or play, so finishing the deal is the check (Dirty Lady's pass, JD, kitty, stock)."""
    game = Game(one_deal(rules), seed=rules.players)
    game.deal()
    run_bots(game, {seat: SearchBot(seat, budget=60, name="expert", features=LEARNED) for seat in range(rules.players)})
    assert game.phase == "game-over"
    assert sum(game.deals[0].points or ()) in (rules.deal_total, rules.deal_total + (rules.players - 2) * rules.moon_total)


def test_the_rule_based_playouts_are_unchanged_without_weights() -> None:
    """``playout_card`` with no weights is ``policy_card``, draw for draw (expert-2026 must not drift)."""
    from blackmaria.bots.playout import policy_card

    game = Game(one_deal(preset("hearts")), seed=2)
    game.deal()
    for seat in range(4):
        game.pass_cards(seat, sorted(game.hand(seat))[:3])
    p = params_for(game.rules)
    s = np.array(game._s, dtype=np.int64)
    a, b = make_rng(7), make_rng(7)
    rows = np.zeros((learned.MAX_LEGAL, learned.N_FEATURES))
    sim_a, sim_b = s.copy(), s.copy()
    while sim_a[core.PHASE] != core.PHASE_OVER:
        card = playout_card(a, sim_a, p, int(sim_a[core.TURN]), 0.1, True, NO_WEIGHTS, 1.0, 0, rows)
        assert card == policy_card(b, sim_b, p, int(sim_b[core.TURN]), 0.1, True)
        core.play_card(sim_a, p, card)
        core.play_card(sim_b, p, card)


def test_a_level_with_learned_playouts_reads_its_weights_once() -> None:
    bot = SearchBot(1, budget=100, features=SearchFeatures(playout_policy=learned.POLICY_FILE))
    assert bot._weights.shape == (3, learned.N_FEATURES)
    assert SearchBot(1, budget=100)._weights.shape[0] == 0


def _queen_on_the_jack() -> Game:
    """Seat 3 took the clubs and led JS, seat 0 dropped the queen on it; seat 1 (3S 5S KS) is to follow."""
    return _held_deal(
        [
            "2C QS 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
            "3C KS 5S 3S 2H 3H 4H 5H 6H 7H 8H 9H TH",
            "4C AS 6S 2S JH QH KH AH KD AD 5C 6C 7C",
            "8C 9C TC JC QC KC AC 4S 7S 8S 9S TS JS",
        ],
        "2C 3C 4C AC JS QS",
    )


def test_the_learned_policy_ducks_under_the_queen_with_its_highest_safe_spade() -> None:
    # Seat 3 takes the clubs and leads JS; seat 0 must drop the queen.
    game = _queen_on_the_jack()
    assert game.turn == 1
    assert _playout_choice(game, 1) == parse_card("5S"), "under the queen, the highest spade that still loses (KS would take 13 points)"


def test_the_learned_model_of_another_seat_gives_each_legal_card_a_chance_and_an_illegal_one_none() -> None:
    """The inference's model: the softmax over the legal cards sums to 1; a card the seat could not play has chance 0."""
    from blackmaria.bots.playout import policy_likelihood

    weights, _ = learned.shipped_policy()
    rng = random.Random(5)
    for deal in range(10):
        game = Game(one_deal(preset("black-maria")), seed=deal)
        game.deal()
        for seat in range(3):
            game.pass_cards(seat, sorted(game.hand(seat))[:3])
        for _ in range(rng.randrange(0, 40)):
            game.play(rng.choice(sorted(game.legal_cards())))
        seat = game.turn
        assert seat is not None
        p = params_for(game.rules)
        s = np.array(game._s, dtype=np.int64)
        scale, scored = learned.value_scale(p), learned.scored_cards(p)
        rows = np.zeros((learned.MAX_LEGAL, learned.N_FEATURES))
        legal = int(core.legal_cards(s, p, seat))
        chances = [learned.card_probability(s, p, seat, legal, c, weights, scale, scored, rows) for c in range(52) if legal >> c & 1]
        assert abs(sum(chances) - 1.0) < 1e-9 and min(chances) > 0.0
        illegal = [c for c in range(52) if not legal >> c & 1 and game._s[core.HAND + seat] >> c & 1]
        for card in illegal:
            assert policy_likelihood(s, p, seat, card, 0.5, weights, scale, scored, rows) == 0.0
        if legal & (legal - 1):
            best = max(
                (c for c in range(52) if legal >> c & 1),
                key=lambda c: learned.card_probability(s, p, seat, legal, c, weights, scale, scored, rows),
            )
            assert best == learned.learned_card(s, p, seat, legal, weights, scale, scored, rows), (
                "the playouts' card is the model's likeliest"
            )


def test_sampled_playouts_draw_each_card_as_often_as_the_softmax_says() -> None:
    """``sampled_card`` at a temperature: each legal card as often as the learned softmax (scores over the temperature)
    gives it, never an illegal one; near 0 it is the policy's best card."""
    from blackmaria.bots.playout import sampled_card

    game = _queen_on_the_jack()
    weights, _ = learned.shipped_policy()
    p = params_for(game.rules)
    s = np.array(game._s, dtype=np.int64)
    scale, scored = learned.value_scale(p), learned.scored_cards(p)
    rows = np.zeros((learned.MAX_LEGAL, learned.N_FEATURES))
    legal = int(core.legal_cards(s, p, 1))
    cards = [c for c in range(52) if legal >> c & 1]
    learned.score_cards(s, p, 1, legal, weights, scale, scored, rows)
    scores = rows[: len(cards), 0].copy()
    temperature = 0.3
    chances = np.exp((scores - scores.max()) / temperature)
    chances /= chances.sum()
    rng = make_rng(3)
    draws = 20_000
    counts = {c: 0 for c in cards}
    for _ in range(draws):
        counts[int(sampled_card(rng, s, p, 1, legal, weights, scale, scored, rows, temperature))] += 1
    for card, chance in zip(cards, chances, strict=True):
        assert abs(counts[card] / draws - chance) < 4 * (chance * (1 - chance) / draws) ** 0.5 + 1e-3, (card, counts[card], chance)
    assert int(sampled_card(rng, s, p, 1, legal, weights, scale, scored, rows, 1e-6)) == _playout_choice(game, 1)


def test_a_playout_temperature_needs_the_learned_policy() -> None:
    with pytest.raises(ValueError, match="playout_temperature"):
        SearchFeatures(playout_temperature=0.2)
    with pytest.raises(ValueError, match="playout_temperature"):
        dataclasses.replace(LEARNED, playout_temperature=-1.0)


def test_a_hidden_layer_scores_each_card_as_the_fit_computes_it() -> None:
    """With a hidden layer (``pack_weights``), the playouts' score of a card is the fit's: the linear part plus the
    output weights times the rectified units, each unit a weighted sum of the card's features plus its bias."""
    game = _queen_on_the_jack()
    rng = np.random.default_rng(5)
    units = 4
    layers = {
        name: {"w1": rng.normal(0, 1, (learned.N_FEATURES, units)), "b1": rng.normal(0, 0.5, units), "w2": rng.normal(0, 1, units)}
        for name in learned.SITUATIONS
    }
    linear, _ = learned.shipped_policy()
    data = {"weights": {name: list(linear[k]) for k, name in enumerate(learned.SITUATIONS)}}
    data["hidden"] = {name: {key: value.tolist() for key, value in layer.items()} for name, layer in layers.items()}
    weights = learned.pack_weights(data)
    assert weights.shape == (3, learned.N_FEATURES * (units + 1) + 2 * units)
    p = params_for(game.rules)
    s = np.array(game._s, dtype=np.int64)
    scale, scored = learned.value_scale(p), learned.scored_cards(p)
    legal = int(core.legal_cards(s, p, 1))
    rows = np.zeros((learned.MAX_LEGAL, learned.N_FEATURES))
    situation = learned.decision_features(s, p, 1, legal, scale, scored, rows)
    x = rows[: legal.bit_count()].copy()
    layer = layers[learned.SITUATIONS[situation]]
    expected = x @ linear[situation] + np.maximum(x @ layer["w1"] + layer["b1"], 0.0) @ layer["w2"]
    assert not np.allclose(expected, x @ linear[situation])  # the units change the scores here
    best = learned.score_cards(s, p, 1, legal, weights, scale, scored, rows)
    assert np.allclose(rows[: len(x), 0], expected)
    assert best == int(np.argmax(expected))
    # A hidden layer whose sizes disagree is refused with what was wrong.
    data["hidden"]["follow"]["w2"] = [1.0]
    with pytest.raises(ValueError, match="hidden layer of follow"):
        learned.pack_weights(data)
