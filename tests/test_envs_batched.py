"""The batched environment agrees with the checked Game step by step, and scores like it."""

from __future__ import annotations

import numpy as np
import pytest

from blackmaria.cards import CardSet
from blackmaria.envs import encoding
from blackmaria.envs.batched import BatchedEnv
from blackmaria.envs.common import illegal_penalty
from blackmaria.game import Game
from blackmaria.rules import PRESETS, Rules, preset


def _game_like(env: BatchedEnv, g: int) -> Game:
    return env.checked_game(g)


@pytest.mark.parametrize(
    ("rules", "directions"),
    [
        (preset("hearts"), "first"),
        (preset("hearts"), "drawn"),
        (preset("black-maria"), "first"),
        (preset("two-player"), "first"),
        (preset("dirty-lady", players=5), "first"),
        (Rules.from_data({"preset": "dirty-lady", "players": 5, "pass_schedule": ["left", "right", "hold"]}), "drawn"),
        (Rules.from_data({"preset": "black-maria-jaques", "kitty": True, "players": 5}), "first"),
        (preset("spot-hearts", players=6), "first"),
    ],
    ids=lambda r: r if isinstance(r, str) else f"{r.preset}-{r.players}{'-kitty' if r.kitty else ''}",
)
def test_batched_env_matches_the_game_step_by_step(rules: Rules, directions: str) -> None:
    env = BatchedEnv(rules, num_envs=4 if directions == "first" else 8, seed=3, directions=directions)
    observations, masks, players = env.reset()
    games = [_game_like(env, g) for g in range(env.num_envs)]
    chosen: list[list[int]] = [[] for _ in games]
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(400):
        actions = np.zeros(env.num_envs, dtype=np.int64)
        for g, game in enumerate(games):
            seat = next(s for s in range(game.players) if not game.has_passed(s)) if game.phase == "passing" else game.turn
            assert players[g] == seat
            legal = game.passable_cards(seat) - CardSet(chosen[g]) if game.phase == "passing" else game.legal_cards(seat)
            assert set(np.flatnonzero(masks[g])) == set(legal)
            expected = encoding.encode(game.observation(seat), CardSet(chosen[g]))
            np.testing.assert_array_equal(observations[g], expected)
            actions[g] = rng.choice(sorted(legal))
        observations, masks, players, rewards, dones = env.step(actions)
        assert not env.illegal.any()
        for g, game in enumerate(games):
            if game.phase == "passing":
                seat = next(s for s in range(game.players) if not game.has_passed(s))
                chosen[g].append(int(actions[g]))
                if len(chosen[g]) == rules.pass_count:
                    game.pass_cards(seat, chosen[g])
                    chosen[g] = []
            else:
                game.play(int(actions[g]))
            assert dones[g] == (game.phase in ("deal-over", "game-over"))
            if dones[g]:
                assert list(rewards[g]) == [-p for p in game.deals[0].points or ()]
                games[g] = _game_like(env, g)
                finished += 1
    assert finished >= 4
    if directions == "drawn":  # (the games above were checked in the directions they were dealt)
        assert len(set(env.deal_directions)) > 1


def test_drawn_directions_come_from_the_schedule_evenly_and_first_is_the_schedules_first() -> None:
    """A researcher trained on one-deal episodes of hearts and every one passed left; ``directions="drawn"`` gives
    each of the schedule's directions its share, as OpenSpiel's hearts draws it."""
    drawn = BatchedEnv("hearts", num_envs=2000, seed=5, directions="drawn")
    observations, _, _ = drawn.reset()
    counts = np.bincount(drawn.deal_directions, minlength=4)
    assert all(420 <= c <= 580 for c in counts), counts  # a quarter each (500 ± 3.5 standard deviations)
    at = next(s.start for s in encoding.layout(drawn.rules) if s.name == "direction")
    np.testing.assert_array_equal(np.argmax(observations[:, at : at + 4], axis=1), drawn.deal_directions)
    for g in range(100):  # a deal without a pass begins at the play (the 2C's holder leads), the others at seat 0's pass
        holding_two_of_clubs = next(seat for seat, hand in enumerate(drawn.hands(g)[0]) if hand & 1)
        assert drawn.to_act[g] == (holding_two_of_clubs if drawn.deal_directions[g] == 3 else 0)
    first = BatchedEnv("hearts", num_envs=50, seed=5)
    first.reset()
    assert set(first.deal_directions) == {encoding.DIRECTIONS.index("left")}
    three = BatchedEnv("black-maria", num_envs=50, seed=5, directions="drawn")  # (its schedule has one direction)
    three.reset()
    assert set(three.deal_directions) == {encoding.DIRECTIONS.index("right")}
    with pytest.raises(ValueError, match="directions: 'first' .* or 'drawn' .*; got 'random'"):
        BatchedEnv("hearts", directions="random")


def test_an_illegal_card_ends_its_deal_with_the_penalty_of_every_environment() -> None:
    env = BatchedEnv("hearts", num_envs=3, seed=1)
    observations, masks, players = env.reset()
    before = env.states.copy()
    actor = players.copy()
    actions = np.argmax(masks, axis=1)
    actions[1] = int(np.flatnonzero(masks[1] == 0)[0])
    _, _, _, rewards, dones = env.step(actions)
    assert list(env.illegal) == [False, True, False] and list(dones) == [False, True, False]
    assert rewards[1, actor[1]] == -illegal_penalty(env.rules) == -26.0 and rewards[1].sum() == -26.0
    assert (env.states[1] != before[1]).any(), "the game with the illegal card was not dealt afresh"


def test_a_step_before_reset_and_a_negative_seed_are_refused_by_name() -> None:
    """A researcher's loop stepped before reset(): every game's card came back illegal, minus 26 each, unnoticed."""
    env = BatchedEnv("hearts", num_envs=3, seed=0)
    with pytest.raises(RuntimeError, match=r"step\(\) before reset\(\): call reset\(\) first"):
        env.step(np.array([0, 4, 8]))
    assert not env.illegal.any() and not env.rewards.any()
    with pytest.raises(ValueError, match="seed: a whole number, 0 or more; got -1"):
        BatchedEnv("hearts", num_envs=3, seed=-1)
    with pytest.raises(ValueError, match="seed: a whole number, 0 or more; got -2"):
        env.reset(seed=-2)


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_plays_whole_deals_batched(name: str) -> None:
    rules = preset(name)
    env = BatchedEnv(rules, num_envs=16, seed=5)
    _, masks, _ = env.reset()
    rng = np.random.default_rng(5)
    finished, totals = 0, []
    while finished < 16:
        _, masks, _, rewards, dones = env.step(np.argmax(rng.random(masks.shape) * masks, axis=1))
        assert not env.illegal.any()
        finished += int(dones.sum())
        totals += [-float(rewards[g].sum()) for g in np.flatnonzero(dones)]
    moon_deal = rules.deal_total - rules.moon_total + (rules.players - 1) * rules.moon_total
    assert all(total in (rules.deal_total, moon_deal, rules.deal_total - 2 * rules.moon_total) for total in totals)


def test_reset_takes_a_seed_and_num_envs_is_checked() -> None:
    """A researcher's second ``reset()`` dealt the same cards with no way to ask for others, and ``num_envs=0`` was
    taken in silence (``-1`` failed in NumPy's words)."""
    env = BatchedEnv("hearts", num_envs=4, seed=1)
    env.reset()
    first = [env.hands(g) for g in range(4)]
    env.reset()
    assert [env.hands(g) for g in range(4)] == first, "reset() deals the same deals again"
    env.reset(seed=2)
    second = [env.hands(g) for g in range(4)]
    assert second != first
    env.reset()
    assert [env.hands(g) for g in range(4)] == second, "the seed given last"
    for wrong in (0, -1, 2.5, True):
        with pytest.raises(ValueError, match=r"^num_envs: the number of games stepped together, at least 1; got "):
            BatchedEnv("hearts", num_envs=wrong)  # type: ignore[arg-type]
