"""Issue 18: the level registry and the frozen expert-2026, time budgets, searched passes, inference, hints as data."""

from __future__ import annotations

import dataclasses
import hashlib
import multiprocessing
import os
import random
import re
import subprocess
import sys
import time

import numpy as np
import pytest

from blackmaria.bots import base, hint, make_bot, run_bots
from blackmaria.bots.base import ALL_LEVELS, EXPERT_FEATURES, LEVELS, NO_FEATURES, REGISTRY, Level, SearchFeatures, register_level
from blackmaria.bots.reasons import Reason, false_claims, render
from blackmaria.bots.search import SearchBot, card_beliefs, warm_kernels
from blackmaria.cards import HEARTS, card_name, cards_of, parse_card, suit_mask, suit_of
from blackmaria.errors import IllegalPlay
from blackmaria.game import Game
from blackmaria.locale.advice import localized_hint
from blackmaria.locale.messages import MESSAGES
from blackmaria.observation import Observation
from blackmaria.rules import PRESETS, Rules, preset
from helpers import KERNEL_DEFAULTS

RULE_SETS = [preset(name) for name in PRESETS] + [
    preset("black-maria", players=5),
    Rules.from_data({"preset": "black-maria-jaques", "kitty": True, "players": 5}),
    preset("spot-hearts", players=7),
]
RULE_IDS = [f"{r.preset}-{r.players}{'-kitty' if r.kitty else ''}" for r in RULE_SETS]


def one_deal(rules: Rules) -> Rules:
    return rules.replace(deal_count=1, target_score=None)


# ---- the registry and the frozen reference -----------------------------------------------------------------------
def test_a_level_registers_once_and_the_reference_is_not_offered_to_players() -> None:
    assert LEVELS == ("random", "easy", "medium", "hard", "expert")
    assert "expert-2026" in ALL_LEVELS and "expert-2026" not in LEVELS
    assert REGISTRY["expert-2026"].budget == 10_000 and REGISTRY["expert"].budget == 5_000 and REGISTRY["expert-2026"].slow
    assert base.DEFAULT_BUDGETS["hard"] == 1_000
    frozen = make_bot("expert-2026", seed=1)
    assert isinstance(frozen, SearchBot) and frozen.features == NO_FEATURES and frozen.budget == 10_000
    expert = make_bot("expert", seed=1)
    assert isinstance(expert, SearchBot) and expert.features == EXPERT_FEATURES
    with pytest.raises(ValueError, match="registered already"):
        register_level(Level("medium", REGISTRY["medium"].factory))
    with pytest.raises(ValueError, match="not one of"):
        make_bot("grandmaster")


def test_a_new_level_needs_one_registration() -> None:
    name = "test-level-18"
    try:
        register_level(Level(name, base.search_level(name, 77), 77, slow=True, listed=False))
        bot = make_bot(name, seed=3)
        assert isinstance(bot, SearchBot) and bot.budget == 77 and bot.name == name
        assert name in base.ALL_LEVELS and name not in base.LEVELS and base.DEFAULT_BUDGETS[name] == 77
    finally:
        REGISTRY.pop(name, None)
        base.DEFAULT_BUDGETS.pop(name, None)
        base.ALL_LEVELS = tuple(REGISTRY)


def _record(level: str) -> str:
    plays = []
    for rules in ("hearts", "black-maria", "omnibus"):
        for d in range(2):
            game = Game(one_deal(preset(rules)), seed=d)
            game.deal()
            bots = {s: make_bot(level, seed=s, budget=300) for s in range(game.players)}
            while game.phase == "passing":
                for s in range(game.players):
                    if not game.has_passed(s):
                        cards = bots[s].choose_pass(game.observation(s))
                        plays.append((s, *sorted(cards)))
                        game.pass_cards(s, cards)
            while game.phase == "playing":
                seat = game.turn
                assert seat is not None
                card = bots[seat].choose_play(game.observation(seat))
                plays.append((seat, card))
                game.play(card, seat)
    return hashlib.sha256(repr(plays).encode()).hexdigest()[:16]


def test_expert_2026_plays_as_expert_did_before_issue_18() -> None:
    # Recorded from commit 0c2cae6 (level "expert", budget 300, seeds by seat): the frozen level must not drift.
    assert _record("expert-2026") == "ca4481b518c0241b"


# ---- every rule set with every feature ---------------------------------------------------------------------------
@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
def test_the_improved_search_plays_legal_cards_under_every_preset(rules: Rules) -> None:
    """Game refuses an illegal pass or play, so finishing the deals is the check (Dirty Lady's pass, JD, kitty, stock)."""
    features = SearchFeatures(search_pass=True, pass_z=1.0, infer=True)
    for deal in range(2):
        game = Game(one_deal(rules), seed=deal)
        game.deal()
        run_bots(game, {seat: SearchBot(seat, budget=40, name="expert", features=features) for seat in range(rules.players)})
        assert game.phase == "game-over"
        assert sum(game.deals[0].points or ()) in (rules.deal_total, rules.deal_total + (rules.players - 2) * rules.moon_total)


def test_a_searched_pass_is_one_of_the_candidates_and_the_best_of_them() -> None:
    game = Game(one_deal(preset("hearts")), seed=5)
    game.deal()
    obs = game.observation(0)
    bot = SearchBot(1, budget=2_000, name="expert", features=SearchFeatures(search_pass=True))
    advice = bot.pass_hint(obs)
    assert game.can_pass(0, advice.cards)
    assert tuple(sorted(advice.cards)) in advice.pass_costs and advice.worlds >= 100
    assert advice.pass_costs[tuple(sorted(advice.cards))] == min(advice.pass_costs.values())
    facts = advice.reasons[-1].facts
    assert advice.reasons[-1].code == "search_pass" and facts["cost"] == min(advice.pass_costs.values())


def test_sequential_halving_compares_the_last_passes_on_more_worlds_than_an_even_share() -> None:
    game = Game(one_deal(preset("hearts")), seed=5)
    game.deal()
    obs = game.observation(0)
    even = SearchBot(1, budget=4_000, features=SearchFeatures(search_pass=True)).pass_hint(obs)
    halving = SearchBot(1, budget=4_000, features=SearchFeatures(search_pass=True, pass_halving=True)).pass_hint(obs)
    assert game.can_pass(0, halving.cards) and set(halving.pass_costs) == set(even.pass_costs)  # the same 20 candidates
    # 4,000 playouts: 200 worlds each when shared evenly; in 5 rounds of 800, the last two get 40+80+160+266+400.
    assert even.worlds == 200 and halving.worlds == 946
    # The passes that dropped out are shown dearer than the one chosen: by their paired difference on the worlds they saw.
    chosen = tuple(sorted(halving.cards))
    assert halving.pass_costs[chosen] == min(halving.pass_costs.values())
    assert sum(1 for cost in halving.pass_costs.values() if cost == halving.pass_costs[chosen]) == 1
    again = SearchBot(1, budget=4_000, features=SearchFeatures(search_pass=True, pass_halving=True)).pass_hint(obs)
    assert again.cards == halving.cards and again.pass_costs == halving.pass_costs  # reproducible from its seed
    wider = SearchBot(1, budget=4_000, features=SearchFeatures(search_pass=True, pass_halving=True, pass_pool=8)).pass_hint(obs)
    assert len(wider.pass_costs) in (56, 57)  # the sets of 3 from 8 cards, and the medium pass if it is not one of them


def test_the_halvings_last_two_are_told_apart_only_beyond_their_standard_error() -> None:
    """A play-test's pass hint named another pass at each asking, each "0.4 fewer" or "1.2 fewer" than the one before.
    The halving measures the standard error of its last two's paired difference; the hint says "within chance" where
    the margin is under twice it. Checked first on made-up costs whose spread is known."""
    rng = np.random.default_rng(0)
    means, spread = np.array([0.0, 0.3, 2.0, 3.0]), 4.0  # per world, the costs' difference from the first: sd 4
    bot = SearchBot(1, budget=1_000)
    totals, seen, squares = np.zeros(4), np.zeros(4, dtype=np.int64), np.zeros(4)

    def play_out(alive: list[int], chunk: int) -> None:
        noise = rng.normal(0.0, spread, (chunk, 4))
        noise[:, 0] = 0.0  # (the first candidate is the one the others' noise is measured from)
        cost = rng.normal(10.0, 3.0, (chunk, 1)) + means + noise
        for i in alive:
            totals[i] += cost[:, i].sum()
            squares[i] += ((cost[:, i] - cost[:, alive[0]]) ** 2).sum()
            seen[i] += chunk

    best, _costs = bot._halve(["a", "b", "c", "d"], play_out, totals, seen, 4_000, squares)
    assert best in (0, 1) and bot.last_halving_error is not None
    # the two last were 0 and 1: their difference's spread is 4 a world, over the 1,500 worlds both saw
    assert seen[0] == seen[1] == 1_500
    assert abs(bot.last_halving_error - spread / np.sqrt(1_500)) < 0.2 * spread / np.sqrt(1_500)
    bot._halve(["a", "b", "c", "d"], play_out, totals, seen, 4_000)
    assert bot.last_halving_error is None  # not measured: not said

    game = Game(one_deal(preset("hearts")), seed=3)
    game.deal()
    advice = SearchBot(1, budget=2_000, features=EXPERT_FEATURES).pass_hint(game.observation(0))
    (search,) = [reason for reason in advice.reasons if reason.code == "search_pass"]
    said = render((search,), "en", game.observation(0).seats)
    assert search.facts.get("chance") and said.endswith(", a difference chance alone could make"), (
        said
    )  # (this deal's best passes are close)


def medium_play_until(seed: int, choices: int) -> Observation:
    """A one-deal ``hearts`` game played by ``medium`` bots until the seat to play has at least ``choices`` legal cards."""
    game = Game(one_deal(preset("hearts")), seed=seed)
    game.deal()
    bots = {seat: make_bot("medium", seat) for seat in range(4)}
    while game.phase != "playing" or len(game.observation(game.current_player()).legal) < choices:
        seat = game.current_player()
        obs = game.observation(seat)
        if game.phase == "passing":
            game.pass_cards(seat, bots[seat].choose_pass(obs))
        else:
            game.play(bots[seat].choose_play(obs), seat)
    return game.observation(game.current_player())


def test_halving_the_cards_to_play_compares_the_closest_on_more_worlds_and_shows_the_chosen_cheapest() -> None:
    obs = medium_play_until(5, 7)
    even = SearchBot(1, budget=1_000).hint(obs)
    halving = SearchBot(1, budget=1_000, features=SearchFeatures(play_halving=True)).hint(obs)
    # 7 cards: 142 worlds each when shared evenly; in 3 rounds of 333, the last two get 47+83+166.
    assert even.worlds == 142 and halving.worlds == 294 and set(halving.costs) == set(obs.legal)
    chosen = halving.cards[0]
    assert halving.costs[chosen] == min(halving.costs.values()) and all(type(cost) is float for cost in halving.costs.values())
    assert sum(1 for cost in halving.costs.values() if cost == halving.costs[chosen]) == 1
    again = SearchBot(1, budget=1_000, features=SearchFeatures(play_halving=True)).hint(obs)
    assert again.cards == halving.cards and again.costs == halving.costs  # reproducible from its seed


def test_own_playout_eps_plays_the_searching_seats_later_cards_by_the_policy() -> None:
    obs = medium_play_until(7, 4)
    # Every playout card at random, but with own_playout_eps 0 the searching seat's own follow the rules of thumb,
    # which take fewer points: every card then costs less, on the same worlds.
    random_self = SearchBot(2, budget=4_000, eps=1.0).hint(obs).costs
    policy_self = SearchBot(2, budget=4_000, eps=1.0, features=SearchFeatures(own_playout_eps=0.0)).hint(obs).costs
    assert set(random_self) == set(policy_self) == set(obs.legal)
    assert all(policy_self[card] < random_self[card] - 0.5 for card in obs.legal), (policy_self, random_self)
    with pytest.raises(ValueError, match="own_playout_eps"):
        SearchFeatures(own_playout_eps=1.5)


def test_a_timed_halving_keeps_its_time() -> None:
    game = Game(one_deal(preset("hearts")), seed=6)
    game.deal()
    obs = game.observation(2)
    warm_kernels()
    bot = SearchBot(3, budget=1_000_000, time_ms=80, features=dataclasses.replace(EXPERT_FEATURES, pass_halving=True))
    start = time.perf_counter()
    advice = bot.pass_hint(obs)
    assert time.perf_counter() - start < 0.2 and game.can_pass(2, advice.cards)
    assert advice.worlds > 20  # every round had its share of the time, the last two passes more worlds than the first round


def test_halving_and_pass_z_cannot_go_together() -> None:
    with pytest.raises(ValueError, match="pass_halving keeps the pass that survives"):
        SearchFeatures(search_pass=True, pass_halving=True, pass_z=2.0)
    with pytest.raises(ValueError, match="pass_pool must be at least 1, not 0"):
        SearchFeatures(pass_pool=0)
    with pytest.raises(ValueError, match="moon_stop_alone says who stops a moon shot in the playouts; it needs playout_moon_stop"):
        SearchFeatures(moon_stop_alone=True)


def test_expert_searches_the_pass_at_three_players_too() -> None:
    """Session 14: judged by the learned playouts, the searched pass pays in 3-player black-maria (it had been kept
    to tables of 4 or more while the rule-based playouts judged it, and lost there)."""
    game = Game(one_deal(preset("black-maria")), seed=5)
    game.deal()
    advice = SearchBot(0, budget=400, name="expert", features=EXPERT_FEATURES).pass_hint(game.observation(0))
    assert game.can_pass(0, advice.cards) and len(advice.pass_costs) > 1
    assert advice.pass_costs[tuple(sorted(advice.cards))] == min(advice.pass_costs.values())


def test_dirty_ladys_forbidden_card_is_never_a_candidate_pass() -> None:
    rules = one_deal(preset("dirty-lady")) if "dirty-lady" in PRESETS else None
    if rules is None or not rules.pass_forbidden:
        pytest.skip("no preset forbids passing a card")
    for seed in range(40):
        game = Game(rules, seed=seed)
        game.deal()
        obs = game.observation(0)
        if not set(rules.pass_forbidden) & set(obs.hand):
            continue
        bot = SearchBot(seed, budget=400, features=SearchFeatures(search_pass=True))
        advice = bot.pass_hint(obs)
        assert not set(advice.cards) & set(rules.pass_forbidden)
        assert all(not set(c) & set(rules.pass_forbidden) for c in advice.pass_costs)
        return
    pytest.fail("no deal dealt seat 0 the forbidden card")


# ---- time budgets ------------------------------------------------------------------------------------------------
def _busy_cores(seconds: float = 1.0) -> float:
    """How many cores other processes kept busy over the last ``seconds``, niced ones not counted (they yield).

    Measured from /proc/stat rather than read from the load average, which stays high for a minute after a
    parallel test run ends and counts niced background work that takes nothing from these tests.
    """

    def sample() -> list[int]:
        with open("/proc/stat", encoding="ascii") as stat:
            return [int(field) for field in stat.readline().split()[1:]]

    if not os.path.exists("/proc/stat"):
        return 0.0
    before = sample()
    time.sleep(seconds)
    after = sample()
    delta = [b - a for a, b in zip(before, after, strict=True)]
    user, _nice, system, idle, iowait, irq, softirq, steal = (delta + [0] * 8)[:8]
    total = sum(delta[:8]) or 1
    return (user + system + irq + softirq + steal) / total * (os.cpu_count() or 1)


def _skip_if_busy() -> None:
    cores = os.cpu_count() or 1
    busy = _busy_cores()
    if busy > cores - 0.75:
        pytest.skip(f"other processes keep {busy:.1f} of {cores} cores busy: no wall clock can be kept here")


def _spin(seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


def _warm(game: Game) -> None:
    """Load the search kernels (compiled, or from numba's cache) before the clock matters: play to a real choice."""
    while len(game.legal_cards()) == 1:
        game.play(min(game.legal_cards()))
    SearchBot(0, budget=200).hint(game.observation(game.turn or 0))
    SearchBot(0, budget=200).evaluate(game.observation(game.turn or 0))
    warm_kernels()  # what a timed bot's first decision does before its clock starts


def test_the_first_timed_hint_of_a_process_spends_its_time_searching() -> None:
    """Play-test: a fresh process's first hint spent its 100 ms loading the compiled kernels and advised a pass judged
    by 2 sampled deals ("in 2 simulated deals this pass cost 6.5 points"); the kernels now load before the clock."""
    script = (
        "from blackmaria.bots import hint; from blackmaria.game import Game; from blackmaria.rules import preset\n"
        "game = Game(preset('black-maria'), seed=3); game.deal()\n"
        "print(hint(game.observation(0), 'expert').worlds)"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True)
    assert int(done.stdout) >= 20, done.stdout  # about 200 on an idle core; 2 before


def test_without_the_compiled_kernel_the_front_ends_hint_by_rules_of_thumb() -> None:
    """The hints are expert's search only where the [fast] extra is installed: a hint never needs an extra."""
    script = (
        "import sys; sys.modules['numba'] = None  # as if the [fast] extra were not installed\n"
        "from blackmaria.game import Game\n"
        "from blackmaria.locale.advice import hint_level, hint_message, hints_ready, prepare_hints\n"
        "game = Game('hearts', seed=1); game.deal()\n"
        "answer = hint_message(game.observation(0), 'de')\n"
        "print(hint_level(), hints_ready(), prepare_hints(), answer['level'], answer['worlds'], len(answer['cards']))"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.split() == ["medium", "True", "None", "medium", "0", "3"], done.stdout + done.stderr


def test_two_first_hints_at_once_both_spend_their_time_searching() -> None:
    """A server asks hints in threads: the second of two first hints waited for the kernels inside its own clock."""
    script = (
        "import threading\n"
        "from blackmaria.bots import hint; from blackmaria.game import Game; from blackmaria.rules import preset\n"
        "game = Game(preset('black-maria'), seed=3); game.deal()\n"
        "found = []\n"
        "threads = [threading.Thread(target=lambda s=s: found.append(hint(game.observation(s), 'expert').worlds)) for s in (0, 1)]\n"
        "[t.start() for t in threads]; [t.join() for t in threads]\n"
        "print(min(found))"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True)
    assert int(done.stdout) >= 20, done.stdout


@pytest.mark.serial
def test_a_time_budget_is_kept_within_ten_percent_on_a_loaded_machine() -> None:
    """Two processes spin on the cores while the bot thinks 100 ms a move (wall clock).

    Skipped where other processes already keep the cores busy (``_skip_if_busy``): no wall clock can be kept there.

    The mean is kept within 10%; a single move may end late by the time slice
    the machine gives another process, so each is only checked to stay under 150%.
    """
    _skip_if_busy()
    game = Game(one_deal(preset("hearts")), seed=2)
    game.deal()
    bot = SearchBot(0, budget=1 << 40, name="expert", time_ms=100, features=EXPERT_FEATURES)
    for seat in range(4):
        game.pass_cards(seat, make_bot("medium", seat).choose_pass(game.observation(seat)))
    _warm(game)
    load = [multiprocessing.get_context("spawn").Process(target=_spin, args=(30.0,)) for _ in range(2)]
    for process in load:
        process.start()
    try:
        times = []
        while game.phase == "playing" and len(times) < 16:
            seat = game.turn
            assert seat is not None
            obs = game.observation(seat)
            start = time.perf_counter()
            card = bot.choose_play(obs)
            elapsed = (time.perf_counter() - start) * 1000
            if len(obs.legal) > 1:
                times.append(elapsed)
            game.play(card, seat)
    finally:
        for process in load:
            process.terminate()
            process.join()
    assert len(times) >= 10
    assert 90 <= sum(times) / len(times) <= 110, times
    assert max(times) <= 150, times


@pytest.mark.serial
def test_a_time_budget_and_a_simulation_budget_stop_at_whichever_comes_first() -> None:
    game = Game(one_deal(preset("hearts")), seed=2)
    game.deal()
    for seat in range(4):
        game.pass_cards(seat, make_bot("medium", seat).choose_pass(game.observation(seat)))
    obs = game.observation(game.turn or 0)
    game.play(min(obs.legal))
    obs = game.observation(game.turn or 0)
    few = SearchBot(0, budget=len(obs.legal) * 10, time_ms=10_000)
    warm_kernels()  # loaded once per process, outside the clock
    start = time.perf_counter()
    few.hint(obs)
    assert time.perf_counter() - start < 1.0 and few.last_worlds == 10


# ---- hints: from the search, within 150 ms, with its costs and true reasons ----------------------------------------
def _hearts_after(seed: int, plays: int) -> Observation:
    """The observation of the seat to play in a one-deal hearts game after medium passes and ``plays`` medium plays."""
    game = Game(one_deal(preset("hearts")), seed=seed)
    game.deal()
    for seat in range(4):
        game.pass_cards(seat, make_bot("medium", seat).choose_pass(game.observation(seat)))
    for _ in range(plays):
        game.play(make_bot("medium", 0).choose_play(game.observation(game.turn or 0)))
    return game.observation(game.turn or 0)


def test_hints_costs_equal_the_search() -> None:
    obs = _hearts_after(7, 6)
    assert len(obs.legal) > 1
    advice = SearchBot(11, budget=600, name="hard").hint(obs)
    costs, worlds = SearchBot(11, budget=600, name="hard").evaluate(obs)
    assert advice.costs == costs and advice.worlds == worlds
    card = advice.cards[0]
    assert costs[card] == min(costs.values())
    search = next(r for r in advice.reasons if r.code == "search")
    runner = search.facts["runner_up"]
    assert search.facts["cost"] == costs[card] and search.facts["margin"] == pytest.approx(costs[runner] - costs[card])
    assert search.facts["worlds"] == worlds
    assert f"{costs[card]:.1f} points" in advice.reason


def test_cards_that_play_alike_share_one_evaluation_and_the_budget_buys_more_worlds() -> None:
    """West holds 8C 9C TC and QC KC AC with JC played: the search tries 8C and QC, each in half the budget's worlds."""
    obs = _hearts_after(0, 3)
    assert sorted(obs.legal) == [parse_card(c) for c in ("8C", "9C", "TC", "QC", "KC", "AC")]
    plain = SearchBot(5, budget=300, name="t")
    _, plain_worlds = plain.evaluate(obs)
    alike = SearchBot(5, budget=300, name="t", features=SearchFeatures(root_distinct=True))
    costs, worlds = alike.evaluate(obs)
    assert (plain_worlds, worlds) == (50, 150)
    low, high = [parse_card(c) for c in ("8C", "9C", "TC")], [parse_card(c) for c in ("QC", "KC", "AC")]
    assert len({costs[c] for c in low}) == 1 and len({costs[c] for c in high}) == 1 and costs[low[0]] != costs[high[0]]
    advice = alike.hint(obs)
    search = next(r for r in advice.reasons if r.code == "search")
    assert (advice.cards[0] in low) != (search.facts["runner_up"] in low)  # the runner-up plays differently
    assert advice.costs == alike.last_costs


def test_common_random_numbers_give_every_candidate_the_same_playout_draws() -> None:
    """The same card searched twice as two candidates costs the same in every world only when each candidate's
    playouts make the same random draws (``playout_common``); else the two differ by the draws alone."""
    from blackmaria.bots.playout import search
    from blackmaria.bots.search import known_state, params_for

    obs = _hearts_after(0, 0)
    known, p = known_state(obs), params_for(obs.rules)
    twice = np.array([min(obs.legal)] * 2, dtype=np.int64)
    costs = {}
    for common in (False, True):
        found = np.zeros(2, dtype=np.int64)
        search(
            p,
            known.state,
            obs.seat,
            twice,
            known.unknown,
            known.caps,
            known.voids,
            known.kitty_mode,
            known.kitty_owner,
            200,
            3,
            0.5,
            False,
            found,
            False,
            False,
            common,
            *KERNEL_DEFAULTS,
        )
        costs[common] = tuple(found)
    assert costs[True][0] == costs[True][1] and costs[False][0] != costs[False][1]


def test_a_teachers_search_says_how_often_each_card_takes_the_trick_and_its_points() -> None:
    """South plays last to 2♠ 4♠ Q♠: with K♠ it takes the queen's 13 points in every simulated deal, with 5♠ or J♠
    never. A player's search does not count (its costs are the same either way: below)."""
    obs = _hearts_after(2, 7)
    assert [(seat, card_name(card)) for seat, card in obs.tricks[-1].plays] == [(0, "2S"), (1, "4S"), (2, "QS")]
    teacher = SearchBot(3, budget=300, name="teacher", noise=True)
    teacher.evaluate(obs)
    assert teacher.last_tricks[parse_card("KS")] == (1.0, 13.0)
    assert teacher.last_tricks[parse_card("5S")] == teacher.last_tricks[parse_card("JS")] == (0.0, 0.0)
    player = SearchBot(3, budget=300, name="hard")
    player.evaluate(obs)
    assert player.last_tricks == {}


def test_a_teachers_hint_over_a_card_a_later_player_may_beat_says_how_often_the_trick_was_kept() -> None:
    """A guided deal's short reason said "Play 10♣ over 3♣; a later player may still overtake it" where the table of
    costs said the seat kept that trick in 88% of the simulated deals: the learner read the card as a loser. A
    teacher's hint says the share from half of the deals on (a player's hint has no counts: it says no share)."""
    checked = 0
    for seed in range(12):
        for plays in range(1, 40, 4):
            obs = _hearts_after(seed, plays)
            if len(obs.legal) < 2 or not obs.current_trick or not obs.current_trick.plays:
                continue
            teacher = SearchBot(3, budget=300, name="teacher", noise=True)
            advice = teacher.hint(obs)
            said = advice.reasons[0]
            if said.code != "follow_over":
                continue
            share = round(100 * teacher.last_tricks[advice.cards[0]][0])
            assert said.facts.get("share") == (share if share >= 50 else None), (said, share)
            text = render(advice.reasons)
            assert (f"you kept the trick {share}% of the time" in text) == (share >= 50), text
            plain = SearchBot(3, budget=300, name="hard").hint(obs)
            assert all("share" not in reason.facts for reason in plain.reasons)
            checked += share >= 50
        if checked:
            break
    assert checked


def test_counting_the_trick_in_play_changes_no_cost_of_the_search() -> None:
    """The same worlds searched with the trick counted and without: the same costs, and a lead's counts are the worlds
    in which the seat took its trick, some but not all of them."""
    from blackmaria.bots.playout import NO_TRICK_STATS, search
    from blackmaria.bots.search import known_state, params_for

    obs = _hearts_after(0, 8)
    assert not obs.tricks[-1].plays  # a lead
    known, p = known_state(obs), params_for(obs.rules)
    legal = np.array(sorted(obs.legal), dtype=np.int64)
    found = {}
    won, points = np.zeros(len(legal), dtype=np.int64), np.zeros(len(legal), dtype=np.int64)
    for counted in (False, True):
        costs = np.zeros(len(legal), dtype=np.int64)
        counts = (won, points) if counted else (NO_TRICK_STATS, NO_TRICK_STATS)
        args = (known.unknown, known.caps, known.voids, known.kitty_mode, known.kitty_owner, 200, 3, 0.1, False, costs)
        search(p, known.state, obs.seat, legal, *args, False, False, False, *KERNEL_DEFAULTS[:-2], *counts)
        found[counted] = tuple(costs)
    assert found[True] == found[False]
    assert all(0 <= w <= 200 for w in won) and 0 < won.sum() < 200 * len(legal)
    assert all(pts == 0 for w, pts in zip(won, points, strict=True) if w == 0)


@pytest.mark.serial
def test_a_search_hint_comes_within_150_ms_with_its_costs() -> None:
    _skip_if_busy()
    warm = Game(one_deal(preset("hearts")), seed=9)
    warm.deal()
    for seat in range(4):
        warm.pass_cards(seat, hint(warm.observation(seat), "expert").cards)
    _warm(warm)
    base._HINTS.clear()  # every hint timed below is searched, none remembered from the warm-up
    game = Game(one_deal(preset("hearts")), seed=9)
    game.deal()
    times = []
    start = time.perf_counter()
    advice = hint(game.observation(1), "expert")
    times.append(time.perf_counter() - start)
    assert game.can_pass(1, advice.cards) and bool(advice.pass_costs) == EXPERT_FEATURES.search_pass
    for seat in range(4):
        game.pass_cards(seat, make_bot("medium", seat).choose_pass(game.observation(seat)))
    for _ in range(12):
        obs = game.observation(game.turn or 0)
        start = time.perf_counter()
        advice = hint(obs, "expert")
        times.append(time.perf_counter() - start)
        assert advice.cards[0] in obs.legal
        assert len(obs.legal) == 1 or (advice.costs and advice.worlds > 0)
        game.play(advice.cards[0])
    assert max(times) < 0.150, times


def test_a_hint_asked_twice_is_the_same_hint_and_the_clock_does_not_change_the_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    # The front ends' hint is the search's, seeded by the position: asking again (or in the other language) must not
    # change the advice. The plan of chunks does not depend on the clock, so a search that spends its budget of worlds
    # before its time is up draws the same worlds as one with all the time in the world. (Its time is set long here:
    # a fresh clone compiles kernels inside the first searches, and a loaded machine may cut a 120 ms hint short.)
    from blackmaria.bots.search import _Clock

    monkeypatch.setattr(base, "HINT_MS", 30_000.0)

    plan = list(_Clock(10_000.0).chunks(5_000))
    assert sum(plan) == 5_000 and plan[:4] == [2, 4, 8, 16] and max(plan) == 250
    game = Game(one_deal(preset("black-maria")), seed=21)
    game.deal()
    first = hint(game.observation(1), "hard")
    base._HINTS.clear()  # searched again, not remembered
    again = hint(game.observation(1), "hard")
    assert first.cards == again.cards and first.pass_costs == again.pass_costs
    for seat in range(3):
        game.pass_cards(seat, make_bot("medium", seat).choose_pass(game.observation(seat)))
    while game.phase == "playing":
        obs = game.observation(game.turn or 0)
        first = hint(obs, "hard")
        timed = SearchBot(base.position_seed(obs), budget=base.DEFAULT_BUDGETS["hard"], name="hard", time_ms=10_000.0).hint(obs)
        assert (first.cards, first.costs, first.worlds) == (timed.cards, timed.costs, timed.worlds)
        base._HINTS.clear()
        assert hint(obs, "hard").costs == first.costs
        game.play(first.cards[0])


def test_a_position_asked_again_gets_the_hint_it_got_without_searching_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A play-test asked for a hint, played, took the card back and asked again: 8♠ "0.8 fewer than 9♠", then 9♠ "0.2
    fewer than 8♠" (the search stops at ``HINT_MS``, so a busy machine draws fewer worlds). The position's hint is
    remembered: after a take-back, or a refused card, the same advice; another position is searched."""
    game = Game(one_deal(preset("black-maria")), seed=4)
    game.deal()
    for seat in range(3):
        game.pass_cards(seat, make_bot("medium", seat).choose_pass(game.observation(seat)))
    seat = game.turn or 0
    first = hint(game.observation(seat), "hard")
    searched: list[int] = []
    original = SearchBot.hint
    monkeypatch.setattr(SearchBot, "hint", lambda bot, obs: searched.append(obs.seat) or original(bot, obs))
    game.play(first.cards[0])
    game.undo()
    assert hint(game.observation(seat), "hard") is first and searched == []
    with pytest.raises(IllegalPlay):
        game.play(next(card for card in range(52) if card not in game.hand(seat)))
    assert hint(game.observation(seat), "hard") is first and searched == []
    game.play(first.cards[0])
    hint(game.observation(game.turn or 0), "hard")
    assert searched == [game.turn]


@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
def test_every_reason_a_hint_gives_is_true_in_the_position(rules: Rules) -> None:
    checked = 0
    for seed in range(6):
        game = Game(one_deal(rules), seed=seed)
        game.deal()
        rng = random.Random(seed)
        while game.phase == "passing":
            for seat in range(game.players):
                if not game.has_passed(seat):
                    obs = game.observation(seat)
                    for advice in (hint(obs), SearchBot(seed, budget=60, features=SearchFeatures(search_pass=True)).hint(obs)):
                        assert false_claims(obs, advice.cards, advice.reasons) == [], advice.reason
                        checked += 1
                    game.pass_cards(seat, advice.cards)
        while game.phase == "playing":
            obs = game.observation(game.turn or 0)
            for advice in (hint(obs), SearchBot(seed, budget=40).hint(obs)):
                assert false_claims(obs, advice.cards, advice.reasons) == [], (advice.reason, obs.current_trick)
                checked += 1
            game.play(rng.choice(sorted(obs.legal)) if rng.random() < 0.3 else advice.cards[0])
    assert checked > 50


def test_a_false_claim_is_caught() -> None:
    # A clean trick: "the trick holds points" is false there, as in the hint issue 15 quotes.
    game = Game(one_deal(preset("hearts")), seed=1)
    game.deal()
    for seat in range(4):
        game.pass_cards(seat, make_bot("medium", seat).choose_pass(game.observation(seat)))
    game.play(min(game.legal_cards()))
    obs = game.observation(game.turn or 0)
    card = min(obs.legal)
    best = obs.current_trick.plays[0][1] if obs.current_trick else card
    wrong = false_claims(obs, [card], (Reason("duck_points", {"card": card, "best": best, "points": 1}),))
    assert wrong and any("holds those points" in w for w in wrong)


def test_a_lead_that_must_win_is_not_called_low() -> None:
    # The play-test's hint: "Lead K♣: low enough that another player should win" with only 9♣ left out.
    game = Game(one_deal(preset("black-maria")), seed=5)
    game.deal()
    for seat in range(game.players):
        game.pass_cards(seat, make_bot("medium", seat).choose_pass(game.observation(seat)))
    seen = 0
    while game.phase == "playing":
        obs = game.observation(game.turn or 0)
        if obs.current_trick is None or not obs.current_trick.plays:
            for card in obs.legal:
                higher = any(
                    c > card for c in cards_of(obs.rules.in_play_mask & ~obs.hand.mask & ~obs.played.mask & suit_mask(suit_of(card)))
                )
                facts = {"card": card, "suit": suit_of(card)}
                low_is_false = bool(false_claims(obs, [card], (Reason("lead_low", facts),)))
                high_is_false = bool(false_claims(obs, [card], (Reason("lead_high", facts),)))
                assert low_is_false == (not higher) and high_is_false == higher, card
                seen += not higher
            advice = hint(obs)
            assert false_claims(obs, advice.cards, advice.reasons) == [], advice.reason
        game.play(make_bot("medium", game.turn or 0).choose_play(obs))
    assert seen > 0


def test_a_pass_reason_shared_by_several_cards_is_said_once() -> None:
    """A play-test's hint said "pass Q♠: a high spade without enough low spades to guard it" three times over."""
    spades = [Reason("pass_high_spade", {"card": parse_card(name), "guards": 3}) for name in ("AS", "KS", "QS")]
    # With the count: another play-test held three spades under the queen and read "without enough" as wrong.
    # "to guard it" read as guarding the queen, also to a player without it (a play-test): the low spades are to be
    # played before the high ones; their count in brackets ("only 1 spades" read badly).
    assert (
        render(tuple(spades))
        == "Pass A♠ K♠ Q♠: high spades, and too few spades lower than the queen to play before them (you hold 3; 4 would be safe)"
    )
    assert (
        render(tuple(spades), "de")
        == "Gib A♠ K♠ D♠ weiter: hohe Pik, und zu wenige Pik unter der Dame, die du vorher spielen kannst (du hast 3; 4 wären sicher)"
    )
    costly = (
        Reason("pass_costly", {"card": parse_card("KS"), "points": 10}),
        Reason("pass_costly", {"card": parse_card("AS"), "points": 7}),
    )
    assert render(costly) == "Pass K♠: it costs 10 points to whoever takes it; pass A♠: it costs 7 points to whoever takes it"


def test_a_card_passed_wins_tricks_only_with_at_most_one_higher_out() -> None:
    """A guided deal said "pass Q♠: a high card that would win tricks" (A♠ K♠ out, six spades under it) and the same of
    a 10♣ with A♣ K♣ Q♣ J♣ out: a card wins tricks where no higher one is kept and at most one is out."""
    from blackmaria.bots.medium import pass_reasons
    from blackmaria.cards import card_name, parse_cards
    from helpers import fill_hands

    rules = preset("black-maria")
    game = Game(rules, seed=2)
    game.deal_hands(fill_hands(rules, {0: "QS 10S 9S 8S 7S 6S 3S 10C 4C KD 5D 6D 2H 3H 4H 5H 6H"}))
    obs = game.observation(0)
    reasons = {card_name(r.facts["card"]): r.code for r in pass_reasons(obs, parse_cards("QS 10C KD")) if "card" in r.facts}
    assert reasons == {"QS": "pass_costly", "TC": "pass_top", "KD": "pass_high"}  # (10♣: the hand's highest club, not sure to win)
    assert false_claims(obs, parse_cards("QS 10C KD"), (Reason("pass_high", {"card": parse_card("10C")}),))


def test_a_high_spade_passed_without_the_queen_is_one_the_queen_may_be_dropped_on() -> None:
    """A play-test without the queen read "too few spades lower than the queen to play before it" as if it held it."""
    from blackmaria.bots.medium import pass_reasons
    from blackmaria.cards import parse_cards
    from helpers import fill_hands

    rules = preset("hearts")
    game = Game(rules, seed=2)
    game.deal_hands(fill_hands(rules, {0: "AS JS 9S 4S AC KD 2D 3D 5H 6H 7H 8H 9H"}))
    reasons = pass_reasons(game.observation(0), parse_cards("AS AC KD"))
    (spade,) = [r for r in reasons if r.code == "pass_high_spade"]
    assert spade.facts["queen"] is False
    assert render((spade,)).startswith("Pass A♠: a spade above the queen, so the queen may be dropped on it, and too few lower")
    assert render((spade,), "de").startswith("Gib A♠ weiter: ein Pik über der Dame, auf das ein anderer die Dame abwerfen kann")
    held = Game(rules, seed=2)
    held.deal_hands(fill_hands(rules, {0: "AS QS 9S 4S AC KD 2D 3D 5H 6H 7H 8H 9H"}))
    with_queen = [r for r in pass_reasons(held.observation(0), parse_cards("AS QS KD")) if r.code == "pass_high_spade"]
    assert render(tuple(with_queen)).startswith("Pass A♠ Q♠: high spades, and too few spades lower than the queen to play before them")


def test_english_and_german_say_the_same_reason() -> None:
    fields = re.compile(r"\{(\w+)\}")
    reasons = {key: texts for key, texts in MESSAGES.items() if key.startswith("why_")}
    assert len(reasons) > 30
    for key, texts in reasons.items():
        assert set(fields.findall(texts["en"])) == set(fields.findall(texts["de"])), key
    # A search's tie is said as one: never "0.0 fewer than".
    tie = (Reason("search", {"worlds": 400, "cost": 2.04, "margin": 0.03, "runner_up": parse_card("8S")}),)
    # The cost is the seat's points at the end of the deal, taken ones included (the play-test read "it cost 12.3 points"
    # of a lead after taking K♠'s 10 as the lead's own cost).
    assert render(tie, "en") == "In 400 simulated deals it left you 2.0 points at the end of the deal on average, as many as 8♠"
    assert render(tie, "de") == "In 400 simulierten Spielen hattest du damit am Ende des Spiels im Schnitt 2,0 Punkte, so viele wie mit 8♠"
    # Two costs shown alike are a tie too: 1.86 and 1.94 read "1.9 ... 0.1 fewer than" a 1.9 in a play-test.
    shown_alike = (Reason("search", {"worlds": 400, "cost": 1.86, "margin": 0.08, "runner_up": parse_card("8S")}),)
    assert render(shown_alike, "en").endswith("1.9 points at the end of the deal on average, as many as 8♠")
    apart = (Reason("search", {"worlds": 400, "cost": 1.94, "margin": 0.08, "runner_up": parse_card("8S")}),)
    assert render(apart, "en").endswith("1.9 points at the end of the deal on average, 0.1 fewer than 8♠")  # 1.9 and 2.0
    duck = (Reason("duck_points", {"card": parse_card("3S"), "best": parse_card("4S"), "points": 2}),)
    assert render(duck, "en") == "Duck under 4♠ with 3♠: the trick holds 2 points"
    assert render(duck, "de") == "Spiel 3♠ und bleib unter 4♠: der Stich hat 2 Punkte"  # ("Bleib mit 3♠ unter 4♠": not German)
    # The cards of a pass with no reason of their own are said once, after the others (not "pass 8♣; pass 6♣").
    jack, eight, six = parse_card("JH"), parse_card("8C"), parse_card("6C")
    plain = (Reason("pass_costly", {"card": jack, "points": 1}), Reason("pass_card", {"card": eight}), Reason("pass_card", {"card": six}))
    assert render(plain, "en") == "Pass J♥: it costs 1 point to whoever takes it; and 8♣ 6♣ to make up the pass"
    high = (
        Reason("pass_costly_high", {"card": parse_card("AH"), "points": 1}),
        Reason("pass_costly_high", {"card": parse_card("KH"), "points": 1}),
    )
    assert render(high, "de") == "Gib A♥ K♥ weiter: hohe Karten, die Stiche gewinnen würden, und wer eine davon nimmt, bekommt 1 Punkt"
    assert render(plain, "de") == "Gib B♥ weiter: wer die Karte nimmt, bekommt 1 Punkt; dazu 8♣ 6♣, um die Weitergabe vollzumachen"
    assert render(plain[1:], "en") == "Pass 8♣ 6♣"
    game = Game(one_deal(preset("hearts")), seed=4)
    game.deal()
    obs = game.observation(0)
    en_cards, en = localized_hint(obs, "en", "medium")
    de_cards, de = localized_hint(obs, "de", "medium")
    assert en_cards == de_cards and en != de
    advice = hint(obs)
    assert en == advice.text("en").rstrip(".") and de == advice.text("de").rstrip(".")


# ---- inference ---------------------------------------------------------------------------------------------------
def _deck_with_hand(rules: Rules, seat: int, hand: list[int], seed: int) -> list[int]:
    """A deck that, dealt by dealer 0 one card at a time from seat 1, gives ``seat`` exactly ``hand``."""
    n = rules.players
    rest = [c for c in cards_of(rules.in_play_mask) if c not in hand]
    random.Random(seed).shuffle(rest)
    deck = []
    mine = list(hand)
    for i in range(len(rest) + len(mine)):
        deck.append(mine.pop() if (1 + i) % n == seat and mine else rest.pop())
    return deck


def test_a_forced_discard_is_read_as_such() -> None:
    # No points on the first trick: a heart discarded on it says the seat held nothing but hearts.
    rules = one_deal(preset("hearts")).replace(pass_schedule=("hold",), first_dealer=0)
    assert not rules.points_on_first_trick
    hearts = cards_of(suit_mask(HEARTS))
    game = Game(rules, seed=0)
    game.deal(_deck_with_hand(rules, 2, hearts, seed=3))
    medium = make_bot("medium", 0)
    while 2 not in [s for s, _ in (game.observation(0).current_trick or game.observation(0).tricks[-1]).plays] or game.turn != 0:
        game.play(medium.choose_play(game.observation(game.turn or 0)))
    obs = game.observation(0)
    discard = next(c for s, c in obs.tricks[0].plays if s == 2)
    assert discard & 3 == HEARTS
    plain, _ = card_beliefs(obs, 400, seed=1, infer=False)
    read, effective = card_beliefs(obs, 400, seed=1, infer=True, alpha=0.0)
    others = [c for c in cards_of(obs.rules.in_play_mask) if c & 3 != HEARTS and c not in obs.hand and c not in obs.played]
    assert effective > 0
    assert plain[2, others].sum() > 1.0  # hard voids alone: only clubs are ruled out
    assert read[2, others].sum() == 0.0  # the seat could not have held any of them: it gets none
    assert read[2, [c for c in hearts if c not in obs.played]].sum() == pytest.approx(obs.cards_left[2])


def test_a_seat_that_could_not_have_held_a_card_gets_none_of_it() -> None:
    # On random positions of every kind, the inferred worlds keep every hard fact: voids and the cards a play rules out.
    for name in ("hearts", "black-maria", "omnibus"):
        for seed in range(4):
            game = Game(one_deal(preset(name)), seed=seed)
            game.deal()
            run = {s: make_bot("medium", s) for s in range(game.players)}
            while game.phase == "passing":
                for s in range(game.players):
                    if not game.has_passed(s):
                        game.pass_cards(s, run[s].choose_pass(game.observation(s)))
            for _ in range(10 + seed * 5):
                game.play(run[game.turn or 0].choose_play(game.observation(game.turn or 0)))
            obs = game.observation(game.turn or 0)
            read, effective = card_beliefs(obs, 200, seed=seed, infer=True, alpha=0.0)
            assert effective > 0
            for seat in range(obs.rules.players):
                if seat == obs.seat:
                    continue
                for suit in obs.voids[seat]:
                    assert read[seat, cards_of(suit_mask(suit))].sum() == 0.0
                truth = game.observation(seat).hand.mask
                # The true deal is a possible world: every card it holds has some chance.
                assert all(read[seat, c] > 0 for c in cards_of(truth & ~obs.hand.mask)), (name, seed, seat)
            assert np.allclose(
                read[: obs.rules.players].sum(axis=1)[[s for s in range(obs.rules.players) if s != obs.seat]],
                [obs.cards_left[s] for s in range(obs.rules.players) if s != obs.seat],
            )


def test_the_relative_search_weighs_a_moon_against_the_others_mean() -> None:
    """A moon shot by another seat costs 26 points but the others take them too: against their mean it costs a third as
    much at four players. A deal without a moon costs the same either way, shown as points."""
    from blackmaria.bots.playout import seat_cost

    shot_against = np.array([26, 26, 0, 26], dtype=np.int64)
    plain = np.array([5, 8, 13, 0], dtype=np.int64)
    assert seat_cost(shot_against, 0, False) == 26 and seat_cost(plain, 0, False) == 5
    assert seat_cost(shot_against, 0, True) == 4 * 26 - 78 and seat_cost(plain, 0, True) == 4 * 5 - 26
    relative = SearchBot(1, budget=10, features=SearchFeatures(relative=True))
    hearts = preset("hearts")
    assert relative._as_points(hearts, float(seat_cost(plain, 0, True))) == 5.0
    # Shown as points, a shot against costs what 13 would in a deal without a moon: both leave it 8 2/3 above the mean.
    assert relative._as_points(hearts, float(seat_cost(shot_against, 0, True))) == 13.0
    # One's own shot (the others take 26 each) is three times as good as a deal without a point, not the same.
    own_shot = np.array([0, 26, 26, 26], dtype=np.int64)
    clean = np.array([0, 10, 10, 6], dtype=np.int64)
    assert seat_cost(own_shot, 0, True) < seat_cost(clean, 0, True) and seat_cost(own_shot, 0, False) == seat_cost(clean, 0, False)


def test_without_a_moon_the_relative_search_chooses_and_costs_as_the_plain_one() -> None:
    """``black-maria`` has no moon: every seat's points add up to 43, so the margin is the points, shown the same."""
    rules = one_deal(preset("black-maria"))
    game = Game(rules, seed=5)
    game.deal()
    for seat in range(rules.players):
        game.pass_cards(seat, make_bot("medium", seat).choose_pass(game.observation(seat)))
    compared = 0
    while game.turn is not None and compared < 6:
        obs = game.observation(game.turn)
        if len(obs.legal) > 1:
            plain = SearchBot(4, budget=300).hint(obs)
            relative = SearchBot(4, budget=300, features=SearchFeatures(relative=True)).hint(obs)
            assert relative.cards == plain.cards
            assert relative.costs == pytest.approx(plain.costs)
            compared += 1
        game.play(make_bot("medium", 0).choose_play(obs))
    assert compared == 6
