"""The research interfaces pass their ecosystems' checkers and play whole episodes of every preset."""

from __future__ import annotations

import math
import re
from pathlib import Path

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from blackmaria.envs import encoding
from blackmaria.envs.gymnasium_env import BlackMariaSingleSeatEnv
from blackmaria.envs.pettingzoo_env import BlackMariaEnv
from blackmaria.rules import PRESETS, Rules, RulesError, preset


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("rules", ["hearts", "black-maria", "two-player", "dirty-lady"])
def test_pettingzoo_api_test_passes(rules: str) -> None:
    api_test(BlackMariaEnv(rules=rules), num_cycles=300, verbose_progress=False)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("rules", ["hearts", "black-maria", "two-player"])
def test_gymnasium_check_env_passes(rules: str) -> None:
    check_env(BlackMariaSingleSeatEnv(rules=rules, opponents="easy"), skip_render_check=True)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_the_pettingzoo_env_is_made_as_pettingzoos_own_games_and_renders_as_asked() -> None:
    """A researcher's ``env().step(0)`` before ``reset()`` met a bare AttributeError, and ``render()`` without a
    render mode gave text (Gymnasium's too): ``env()`` is wrapped as PettingZoo's classic games are, and without a
    render mode ``render()`` is None."""
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    from blackmaria.envs.pettingzoo_env import env, raw_env

    wrapped = env(rules="black-maria")
    assert isinstance(wrapped, OrderEnforcingWrapper) and isinstance(wrapped.unwrapped, BlackMariaEnv)
    with pytest.raises(AssertionError, match=r"^reset\(\) needs to be called before step"):
        wrapped.step(0)
    api_test(env(rules="hearts"), num_cycles=300, verbose_progress=False)
    wrapped.reset(seed=1)
    assert wrapped.observation("player_0").hand == wrapped.game.hand(0)  # the env's own methods, through the wrapper
    assert wrapped.render() is None and isinstance(raw_env(), BlackMariaEnv)
    shown = env(rules="black-maria", render_mode="ansi")
    shown.reset(seed=1)
    assert (shown.render() or "").startswith("player_0: ")
    check_env(BlackMariaSingleSeatEnv(rules="hearts", opponents="easy", render_mode="ansi"))
    assert BlackMariaSingleSeatEnv(rules="hearts").render() is None
    with pytest.raises(ValueError, match=r"^render_mode 'human' is not one of None, ansi$"):
        env(render_mode="human")
    with pytest.raises(ValueError, match=r"^render_mode 'rgb_array' is not one of None, ansi$"):
        BlackMariaSingleSeatEnv(render_mode="rgb_array")
    with pytest.raises(ValueError, match=r"^opponents \['easy', 'medium'\]: one level for every other seat \(a string\), or a list of 3 "):
        BlackMariaSingleSeatEnv(opponents=["easy", "medium"])


def test_gymnasium_opponents_of_several_levels_and_rewards_as_points() -> None:
    """A researcher wanted a learner against easy and expert at once, and rewards as points, as PettingZoo gives them
    (there a reward of points scored an illegal card -26, the best of deals)."""
    mixed = BlackMariaSingleSeatEnv(rules="hearts", seat=1, opponents=["easy", "random", "expert"], reward="points")
    _, info = mixed.reset(seed=3)
    assert {seat: bot.name for seat, bot in mixed.bots.items()} == {0: "easy", 2: "random", 3: "expert"}
    rng, total, terminated = np.random.default_rng(3), 0.0, False
    while not terminated:
        _, reward, terminated, _, info = mixed.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        total += float(reward)
    assert total == float(mixed.game.totals[1]) == float(info["points"][1])  # points: more is worse
    with pytest.raises(ValueError, match=r"^opponents 'hardd' is not one of .*; did you mean hard\?$"):
        BlackMariaSingleSeatEnv(opponents=["easy", "hardd", "hard"])
    with pytest.raises(ValueError, match=r"^reward 'score' is not one of negative-points, points$"):
        BlackMariaSingleSeatEnv(reward="score")
    _, info = mixed.reset(seed=4)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    assert mixed.step(illegal)[1] == 26.0  # the penalty as points taken
    aec = BlackMariaEnv(rules="hearts", reward="points")
    aec.reset(seed=1)
    agent = aec.agent_selection
    aec.step(int(np.flatnonzero(aec.observe(agent)["action_mask"] == 0)[0]))
    assert aec.rewards[agent] == 26.0


def _play_aec(env: BlackMariaEnv, seed: int) -> dict[str, float]:
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    totals = {agent: 0.0 for agent in env.possible_agents}
    for agent in env.agent_iter(max_iter=100_000):
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += float(reward)
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) > 0
        env.step(int(rng.choice(legal)))
    return totals


@pytest.mark.parametrize("name", list(PRESETS))
def test_an_episode_of_every_preset_in_pettingzoo(name: str) -> None:
    env = BlackMariaEnv(rules=name)
    totals = _play_aec(env, 5)
    deal = env.game.deals[-1]
    assert env.game.phase in ("deal-over", "game-over") and deal.points is not None
    assert [totals[a] for a in env.possible_agents] == [-p for p in deal.points]


def test_a_whole_game_episode_pays_every_deal() -> None:
    env = BlackMariaEnv(rules="black-maria", whole_game=True, reward="points")
    totals = _play_aec(env, 2)
    assert env.game.is_over and len(env.game.deals) == 9
    assert [totals[a] for a in env.possible_agents] == env.game.totals


@pytest.mark.parametrize("name", list(PRESETS))
def test_an_episode_of_every_preset_in_gymnasium(name: str) -> None:
    env = BlackMariaSingleSeatEnv(rules=name, opponents="easy")
    observation, info = env.reset(seed=7)
    rng = np.random.default_rng(7)
    total, terminated = 0.0, False
    while not terminated:
        assert observation in env.observation_space
        observation, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        total += float(reward)
        assert not truncated and not info.get("illegal_action")
    assert total == -float((env.game.deals[-1].points or ())[0])
    # Every seat's result at the end, not only the learner's (a researcher had only the action mask there).
    assert info["points"] == list(env.game.deals[-1].points or ()) and "totals" not in info


@pytest.mark.parametrize("name", ["hearts", "black-maria", "two-player"])
def test_a_whole_game_in_gymnasium_against_random_opponents_pays_every_deal(name: str) -> None:
    """Random opponents play from their legal cards alone; the rewards add up to the seat's final total."""
    env = BlackMariaSingleSeatEnv(rules=name, seat=1, opponents="random", whole_game=True)
    observation, info = env.reset(seed=11)
    rng = np.random.default_rng(11)
    total, terminated = 0.0, False
    while not terminated:
        observation, reward, terminated, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        total += float(reward)
        assert not info.get("illegal_action")
    assert env.game.is_over and len(env.game.deals) > 1
    assert total == -float(env.game.totals[1])
    assert all(sum(deal.points or ()) > 0 for deal in env.game.deals)
    assert info["totals"] == env.game.totals and info["points"] == list(env.game.deals[-1].points or ())


def test_the_pettingzoo_state_is_every_seats_observation_for_a_centralised_critic() -> None:
    """A researcher's centralised critic found state() not implemented: it is every seat's tensor, seat 0 first."""
    e = BlackMariaEnv(rules="hearts")
    with pytest.raises(RuntimeError, match="call reset"):
        e.state()
    e.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(20):
        observed = {agent: e.observe(agent)["observation"] for agent in e.possible_agents}
        whole = e.state()
        assert whole in e.state_space
        np.testing.assert_array_equal(whole, np.concatenate([observed[agent] for agent in e.possible_agents]))
        e.step(int(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]))))
    at = next(s.start for s in encoding.layout(e.rules) if s.name == "hand")
    width = encoding.size(e.rules)
    hands = [{int(c) for c in np.flatnonzero(e.state()[seat * width + at : seat * width + at + 52])} for seat in range(4)]
    assert hands == [set(e.game.hand(seat)) for seat in range(4)]  # every hand: for a critic, never a policy


def test_a_reward_of_no_points_is_zero_not_minus_zero() -> None:
    """A play-test: Gymnasium's step gave reward -0.0 (and PettingZoo's seat without points -0.0)."""
    env = BlackMariaSingleSeatEnv(rules="hearts", opponents="random")
    _, info = env.reset(seed=1)
    rng = np.random.default_rng(1)
    _, reward, *_ = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))  # a pass: nothing scored
    assert reward == 0.0 and math.copysign(1.0, float(reward)) == 1.0
    aec = BlackMariaEnv(rules="hearts")
    for seed in range(20):
        aec.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _ in aec.agent_iter(max_iter=1_000):
            observation, _, terminated, _, _ = aec.last()
            if terminated:
                break
            aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        if 0.0 in aec.rewards.values():  # the rewards of the deal's last step: minus each seat's points
            assert all(math.copysign(1.0, reward) == 1.0 for reward in aec.rewards.values() if reward == 0.0), aec.rewards
            return
    pytest.fail("no deal in 20 with a seat that took no points")


def test_gymnasium_illegal_action_ends_the_episode_with_a_penalty() -> None:
    env = BlackMariaSingleSeatEnv(rules="hearts", opponents="easy")
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.game.to_record()
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and info["illegal_action"] and float(reward) == -26.0
    assert env.game.to_record() == before
    # The deal is over for the learner: nothing left to choose, and a step after the end is named as a bug (a
    # researcher's loop went on stepping the same deal, and then read "seat -4" after its natural end).
    assert not info["action_mask"].any()
    with pytest.raises(RuntimeError, match=r"the episode is over \(or was never begun\): call reset\(\) first"):
        env.step(int(np.flatnonzero(env.action_masks())[0]) if env.action_masks().any() else 0)
    _, info = env.reset(seed=2)
    # A float is not a card number (3.0 was taken for 3D), nor is a number past the deck or an array: outside the
    # action space, the caller's mistake is named and nothing is played (a shape-(1,) array was scored -26).
    for action in (3.0, 52, np.array([3])):
        env.reset(seed=2)
        before = env.game.to_record()
        with pytest.raises(ValueError, match=re.escape(f"action {action!r}: the action space is Discrete(52), a card number")):
            env.step(action)  # type: ignore[arg-type]
        assert env.game.to_record() == before


def test_environments_take_a_player_count_and_name_a_bad_level_at_once() -> None:
    """A researcher's BlackMariaSingleSeatEnv(rules="black-maria", players=3) was refused; "expertt" got as far as
    the first reset."""
    import gymnasium

    from blackmaria.envs.batched import BatchedEnv

    assert BlackMariaSingleSeatEnv(rules="black-maria", players=4, opponents="random").rules.players == 4
    assert BlackMariaEnv(rules="black-maria", players=5).possible_agents[-1] == "player_4"
    with pytest.raises(ValueError, match=r"players=5: these rules are for 4"):
        BlackMariaEnv(rules=preset("hearts"), players=5)
    # A preset by name takes only its own counts (a play-test got a five-player "hearts" here that `play` refused).
    for make in (BlackMariaEnv, BlackMariaSingleSeatEnv):
        with pytest.raises(RulesError, match=r"^5 players: the hearts preset is for 4 players; for 5 try "):
            make(rules="hearts", players=5)
    assert BlackMariaEnv(rules=Rules.from_data({"preset": "hearts", "players": 5})).possible_agents[-1] == "player_4"
    with pytest.raises(ValueError, match="opponents 'expertt' is not one of random, easy, medium, hard, expert.*; did you mean expert\\?$"):
        BlackMariaSingleSeatEnv(opponents="expertt")
    made = gymnasium.make("blackmaria/SingleSeat-v0", rules="hearts", opponents="random")
    observation, _ = made.reset(seed=1)
    assert made.spec is not None and observation.shape == made.observation_space.shape
    batch = BatchedEnv("hearts", num_envs=4, seed=1, players=None)
    batch.reset()
    for wrong in (np.array([0]), np.zeros((4, 1), dtype=np.int64), np.zeros(4)):
        with pytest.raises(ValueError, match=r"actions: one card number \(an integer 0..51\) per game, shape \(4,\)"):
            batch.step(wrong)


def test_pettingzoo_illegal_action_ends_the_episode_with_the_same_penalty_and_names_the_rule() -> None:
    env = BlackMariaEnv(rules="hearts")
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    before = env.game.to_record()
    illegal = int(np.flatnonzero(mask == 0)[0])
    env.step(illegal)
    assert all(env.terminations.values()) and env.rewards[agent] == -26.0
    info = env.infos[agent]
    assert info["illegal_action"] and info["rule"] == "not-in-hand" and info["card"] in info["reason"]
    assert env.game.to_record() == before
    # None is PettingZoo's step for an agent that is done: for a live one it is refused, not scored (a researcher)
    env.reset(seed=1)
    with pytest.raises(ValueError, match=r"step\(None\) is for an agent that is done; player_\d is to choose a card"):
        env.step(None)
    assert not any(env.terminations.values()) and env.game.to_record() == before


def test_same_seed_same_episode() -> None:
    first, second = BlackMariaEnv(rules="hearts"), BlackMariaEnv(rules="hearts")
    assert _play_aec(first, 11) == _play_aec(second, 11)
    assert first.game.to_record() == second.game.to_record()


def test_encoding_segments_tile_the_tensor_and_carry_the_hand() -> None:
    rules = preset("hearts")
    segments = encoding.layout(rules)
    assert segments[0].start == 0 and all(a.stop == b.start for a, b in zip(segments, segments[1:], strict=False))
    env = BlackMariaEnv(rules=rules)
    env.reset(seed=3)
    seat_agent = env.agent_selection
    vector = env.observe(seat_agent)["observation"]
    hand = next(s for s in segments if s.name == "hand")
    seat = env.possible_agents.index(seat_agent)
    assert set(np.flatnonzero(vector[hand.start : hand.stop])) == set(env.game.hand(seat))


def test_encode_of_an_observation_mid_pass_is_the_environments_vector() -> None:
    """A researcher's ``encoding.encode(obs)`` mid-pass left out the cards picked so far, where the environment's
    vector has them: the observation's own ``picked`` is encoded by default."""
    env = BlackMariaEnv(rules="hearts")
    env.reset(seed=0)
    agent = env.agent_selection
    env.step(int(np.flatnonzero(env.observe(agent)["action_mask"])[0]))  # one card of the pass picked
    obs = env.observation(agent)
    assert len(obs.picked) == 1
    assert np.array_equal(encoding.encode(obs), env.observe(agent)["observation"])


def test_docs_table_matches_the_layout() -> None:
    text = (Path(__file__).parent.parent / "docs" / "envs.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(\w+)` \| (\d+)-(\d+) \|", text, re.M)
    assert [(s.name, s.start, s.stop - 1) for s in encoding.layout(preset("hearts"))] == [(n, int(a), int(b)) for n, a, b in rows]


def test_kitty_rules_encode_the_kitty_only_for_its_taker() -> None:
    rules = Rules.from_data({"preset": "black-maria-jaques", "kitty": True, "pass_schedule": ["hold"]})
    env = BlackMariaEnv(rules=rules)
    env.reset(seed=4)
    while not any(trick.winner is not None for trick in env.game.tricks):
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    kitty = next(s for s in encoding.layout(rules) if s.name == "kitty")
    owner = env.game.tricks[0].winner
    for seat, agent in enumerate(env.possible_agents):
        seen = set(np.flatnonzero(env.observe(agent)["observation"][kitty.start : kitty.stop]))
        assert seen == (set(env.game.kitty) if seat == owner else set())


@pytest.mark.parametrize(
    ("module", "library", "extra"),
    [
        ("blackmaria.envs.gymnasium_env", "gymnasium", "envs"),
        ("blackmaria.envs.pettingzoo_env", "pettingzoo", "envs"),
        ("blackmaria.envs.openspiel_game", "pyspiel", "openspiel"),
    ],
)
def test_an_interface_without_its_library_says_which_extra_installs_it(
    module: str, library: str, extra: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A play-test's import without the extra ended in a bare "No module named 'gymnasium'"."""
    import importlib
    import sys

    monkeypatch.setitem(sys.modules, library, None)  # as if not installed
    monkeypatch.delitem(sys.modules, module, raising=False)
    # In this source checkout, from the checkout (a play-test's clone was told to fetch blackmaria[envs] from an index).
    root = re.escape(str(Path(__file__).resolve().parents[1]))
    with pytest.raises(
        ModuleNotFoundError, match=rf"^{library} is not installed: pip install -e '{root}\[{extra}\]' \(or make dev, in {root}\)$"
    ):
        importlib.import_module(module)
