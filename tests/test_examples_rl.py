"""The training examples run for a few seconds each: they start, learn something, save a policy file that plays as a bot.

They need the ``rl`` extra (PyTorch, sb3-contrib, Tianshou; dm-tree for
OpenSpiel's DQN); without it these tests are skipped. The long runs and
their results are in ``docs/training.md``.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from blackmaria.bots.policy import Policy
from blackmaria.tournament import run_tournament

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def example(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"examples_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def plays_legally(path: Path, rules: str, against: str = "random", deals: int = 2) -> None:
    """The saved policy, loaded without its training library, finishes duplicate deals in a tournament."""
    spec = f"policy:{path}"
    result = run_tournament(rules, [spec, against], deals=deals, seed=1, workers=1)
    assert len(result.results) == deals
    points = result.mean_points(spec).mean
    assert 0 <= points <= 26 * 3


def test_ppo_on_the_batched_env(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")
    ppo = example("ppo_batched")
    run = ppo.train(
        "hearts", minutes=1.0, num_envs=32, rollout=64, hidden=32, minibatch=512, max_updates=4, out=tmp_path, checkpoint_every=2048
    )
    errors = [h["value_error"] for h in run["history"]]
    assert len(errors) == 4 and errors[-1] < errors[0], f"the critic learns the returns: {errors}"
    assert run["env_steps"] == 4 * 64 * 32
    # The exported policy file gives the network's own logits.
    model = ppo.ActorCritic(764, 32)
    saved = torch.load(tmp_path / "model.pt")
    model.load_state_dict(saved["model"])
    games = ppo.Games(ppo.load_rules("hearts"), 8, seed=5)
    obs, masks, _ = games.reset()
    logits, _ = model(torch.from_numpy(obs), torch.ones(8, 52))
    assert np.allclose(Policy(tmp_path / "policy.npz").scores(obs), logits.detach().numpy(), atol=1e-5)
    assert len(list((tmp_path / "checkpoints").glob("steps_*.npz"))) >= 2
    plays_legally(tmp_path / "policy.npz", "hearts")
    # Training goes on from the saved model and counts its steps on.
    again = ppo.train(
        "hearts", minutes=1.0, num_envs=32, rollout=64, hidden=32, minibatch=512, max_updates=1, out=tmp_path / "more", resume=tmp_path
    )
    assert again["env_steps"] == 5 * 64 * 32


def test_maskable_ppo_on_the_gymnasium_env(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    pytest.importorskip("sb3_contrib")
    maskable = example("maskable_ppo_gym")
    run = maskable.train("hearts", "random", minutes=1.0, out=tmp_path, n_steps=256, batch_size=64, max_steps=512, hidden=32)
    assert run["env_steps"] >= 512
    before, after = run["value_of_first_decisions"]
    assert after < before, "every return is negative (points taken): the value of a deal's first decision falls"
    plays_legally(tmp_path / "policy.npz", "hearts")
    assert (tmp_path / "model.zip").exists()


def test_tianshou_self_play(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    pytest.importorskip("tianshou")
    selfplay = example("tianshou_selfplay")
    run = selfplay.train("hearts", minutes=1.0, out=tmp_path, envs=2, steps_per_update=128, refresh=1, hidden=32, max_updates=3)
    assert run["updates"] == 3 and run["learner_steps"] >= 3 * 128
    before, after = run["value_of_first_decisions"]
    assert after < before, "the critic moves towards the (negative) returns"
    plays_legally(tmp_path / "policy.npz", "hearts")


def test_openspiel_dqn_on_python_black_maria(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")
    pytest.importorskip("tree")  # dm-tree, needed by OpenSpiel's PyTorch DQN
    pyspiel = pytest.importorskip("pyspiel")
    dqn_example = example("openspiel_dqn")
    run = dqn_example.train("two-player", minutes=1.0, out=tmp_path, hidden=32, max_episodes=12, min_buffer=100, learn_every=4)
    assert run["episodes"] == 12 and run["env_steps"] > 12 * 20
    assert all(loss is not None for loss in run["last_loss"]), "both seats' agents have learned"
    # The saved network is the first seat's Q-network after its updates: its values on real information states
    # differ from the same network untrained (same seed), and the policy file gives exactly the agent's own values.
    from open_spiel.python import rl_environment

    game = pyspiel.load_game("python_black_maria", {"preset": "two-player"})
    env = rl_environment.Environment(game, seed=3, observation_type=rl_environment.ObservationType.OBSERVATION)
    states, time_step = [], env.reset()
    rng = np.random.default_rng(0)
    while not time_step.last():
        player = time_step.observations["current_player"]
        states.append(np.asarray(time_step.observations["info_state"][player], dtype=np.float32))
        time_step = env.step([int(rng.choice(time_step.observations["legal_actions"][player]))])
    x = np.stack(states)
    trained = Policy(tmp_path / "policy.npz").scores(x)
    assert np.allclose(trained, run["agents"][0]._q_network(torch.from_numpy(x)).detach().numpy(), atol=1e-5)
    fresh = dqn_example.dqn.DQN(0, 542, 52, hidden_layers_sizes=[32, 32], seed=0)
    dqn_example.export(fresh, tmp_path / "fresh.npz", dqn_example.load_rules("two-player"), 0)
    assert not np.allclose(trained, Policy(tmp_path / "fresh.npz").scores(x), atol=1e-3)
    plays_legally(tmp_path / "policy.npz", "two-player")


@pytest.mark.parametrize(
    ("name", "extras"),
    [("ppo_batched", "rl"), ("maskable_ppo_gym", "rl"), ("tianshou_selfplay", "rl"), ("openspiel_dqn", "rl,openspiel")],
)
def test_an_example_answers_help_without_the_learning_libraries_and_says_what_to_install(name: str, extras: str) -> None:
    """A play-test: `python examples/ppo_batched.py --help` without torch gave a ModuleNotFoundError traceback."""
    script = str(EXAMPLES / f"{name}.py")
    helped = subprocess.run([sys.executable, script, "--help"], capture_output=True, text=True, timeout=120)
    assert helped.returncode == 0 and helped.stdout.startswith(f"usage: {name}.py") and "--minutes" in helped.stdout
    if importlib.util.find_spec("torch") is not None:
        return  # (with the rl extra the script would train: nothing is missing to name)
    ran = subprocess.run([sys.executable, script, "--minutes", "0.01"], capture_output=True, text=True, timeout=120)
    assert ran.returncode == 1 and "Traceback" not in ran.stderr
    assert f"{name}.py needs torch, which is not installed: pip install -e '.[{extras}]'" in ran.stderr
