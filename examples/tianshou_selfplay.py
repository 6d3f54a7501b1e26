#!/usr/bin/env python3
"""Self-play with Tianshou's PPO over the PettingZoo environment: the learner takes a random seat, frozen copies of itself the others.

Why Tianshou: it is a maintained PyTorch library that speaks PettingZoo
(``tianshou.env.PettingZooEnv``), honours action masks, and runs in one
process on two cores (RLlib needs a Ray cluster of workers for the same).
Why not its ``MultiAgentOffPolicyAlgorithm``/``MultiAgentOnPolicyAlgorithm``:
in an AEC game where every seat is paid only when the deal ends, Tianshou's
``PettingZooEnv`` records the final rewards on the last transition alone,
which belongs to whichever seat played the last card; the other seats' last
transitions carry no reward, so their returns are wrong. Here the learner
plays one seat of the PettingZoo AEC environment per episode and is paid
its own points; the other seats are played by a snapshot of the learner,
refreshed every ``--refresh`` updates (self-play against the recent past).

    pip install -e '.[rl]'
    nice -n 10 python examples/tianshou_selfplay.py --rules hearts --minutes 10 --out runs/tianshou_selfplay
    blackmaria tournament --rules hearts --bots policy:runs/tianshou_selfplay/policy.npz,easy --deals 1000
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any


def arguments() -> argparse.ArgumentParser:
    # Made before the learning libraries are imported: --help answers without them.
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="hearts")
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("runs/tianshou_selfplay"))
    return parser


if __name__ == "__main__":
    arguments().parse_known_args()  # --help and a mistyped option answer before the learning libraries load (seconds)


try:
    import gymnasium as gym
    import numpy as np
    import torch
    from gymnasium import spaces
    from tianshou.algorithm import PPO
    from tianshou.algorithm.modelfree.reinforce import DiscreteActorPolicy
    from tianshou.algorithm.optim import AdamOptimizerFactory
    from tianshou.data import Collector, VectorReplayBuffer
    from tianshou.env import DummyVectorEnv
    from tianshou.utils.net.common import AbstractDiscreteActor
    from tianshou.utils.torch_utils import policy_within_training_step
    from torch import nn

    from blackmaria.bots.policy import save_policy
    from blackmaria.envs import pettingzoo_env
    from blackmaria.rules import Rules, load_rules
except ModuleNotFoundError as missing:
    if __name__ != "__main__":
        raise
    from missing import exit_without

    exit_without(missing, arguments())


class Snapshot:
    """The opponents' network as NumPy arrays (shared by every environment of the run)."""

    def __init__(self) -> None:
        self.weights: list[tuple[np.ndarray, np.ndarray]] = []

    def set(self, net: nn.Sequential) -> None:
        self.weights = [(m.weight.detach().numpy().T.copy(), m.bias.detach().numpy().copy()) for m in net if isinstance(m, nn.Linear)]

    def act(self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> int:
        legal = np.flatnonzero(mask)
        if not self.weights:
            return int(rng.choice(legal))
        h = obs
        for i, (w, b) in enumerate(self.weights):
            h = h @ w + b
            if i < len(self.weights) - 1:
                h = np.maximum(h, 0.0)
        z = h[legal] - h[legal].max()
        p = np.exp(z) / np.exp(z).sum()
        return int(rng.choice(legal, p=p))


class SelfPlaySeat(gym.Env[dict[str, np.ndarray], int]):
    """One seat of the PettingZoo AEC environment as a Gymnasium environment; the other seats play ``snapshot``."""

    def __init__(self, rules: Rules, snapshot: Snapshot, seed: int) -> None:
        self.aec = pettingzoo_env.env(rules=rules, whole_game=False, reward="negative-points")
        self.snapshot = snapshot
        self.rng = np.random.default_rng(seed)
        self.points = float(rules.moon_total or rules.deal_total or 1)
        size = self.aec.observation_space(self.aec.possible_agents[0])["observation"].shape
        self.observation_space = spaces.Dict({"obs": spaces.Box(-20.0, 20.0, size, np.float32), "mask": spaces.Box(0, 1, (52,), np.int8)})
        self.action_space = spaces.Discrete(52)  # type: ignore[assignment]
        self.me = ""
        self.total = 0.0

    def _advance(self) -> tuple[dict[str, np.ndarray], bool]:
        """Let the snapshot play until the learner must act or the deal is over."""
        while self.aec.agents:
            agent = self.aec.agent_selection
            observation, _, terminated, truncated, _ = self.aec.last()
            if terminated or truncated:
                if agent == self.me:
                    return {"obs": observation["observation"], "mask": observation["action_mask"]}, True
                self.aec.step(None)
                continue
            if agent == self.me:
                return {"obs": observation["observation"], "mask": observation["action_mask"]}, False
            self.aec.step(self.snapshot.act(observation["observation"], observation["action_mask"], self.rng))
            self.total += self.aec.rewards[self.me]
        raise RuntimeError("the deal ended without the learner")

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        self.aec.reset(seed=int(self.rng.integers(2**31)))
        self.me = self.aec.possible_agents[int(self.rng.integers(len(self.aec.possible_agents)))]
        self.total = 0.0
        observation, _ = self._advance()
        return observation, {}

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        self.aec.step(int(action))
        self.total += self.aec.rewards[self.me]
        observation, done = self._advance()
        reward = self.total / self.points if done else 0.0
        return observation, reward, done, False, {}


def network(inputs: int, hidden: int, outputs: int) -> nn.Sequential:
    return nn.Sequential(nn.Linear(inputs, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU(), nn.Linear(hidden, outputs))


class MaskedActor(AbstractDiscreteActor):
    """Logits of the legal cards (the observation's ``mask``); illegal cards get -1e9."""

    def __init__(self, inputs: int, hidden: int) -> None:
        super().__init__(52)
        self.net = network(inputs, hidden, 52)

    def get_preprocess_net(self) -> Any:
        return self.net

    def forward(self, obs: Any, state: Any = None, info: Any = None) -> tuple[torch.Tensor, Any]:
        x = torch.as_tensor(obs.obs, dtype=torch.float32)
        mask = torch.as_tensor(obs.mask).bool()
        return self.net(x).masked_fill(~mask, -1e9), state


class Critic(nn.Module):
    def __init__(self, inputs: int, hidden: int) -> None:
        super().__init__()
        self.net = network(inputs, hidden, 1)

    def forward(self, obs: Any, state: Any = None, info: Any = None) -> torch.Tensor:
        out: torch.Tensor = self.net(torch.as_tensor(obs.obs, dtype=torch.float32))
        return out


def export(actor: MaskedActor, path: Path, rules: Rules, steps: int) -> None:
    linears = [m for m in actor.net if isinstance(m, nn.Linear)]
    save_policy(
        path,
        [m.weight.detach().numpy().T for m in linears],
        [m.bias.detach().numpy() for m in linears],
        rules,
        activation="relu",
        name="tianshou-selfplay",
        extra={"trained_by": "examples/tianshou_selfplay.py", "env_steps": steps},
    )


def train(
    rules_name: str = "hearts",
    minutes: float = 10.0,
    seed: int = 0,
    out: Path = Path("runs/tianshou_selfplay"),
    envs: int = 4,
    steps_per_update: int = 2048,
    refresh: int = 5,
    hidden: int = 128,
    max_updates: int | None = None,
) -> dict[str, Any]:
    torch.set_num_threads(1)
    torch.manual_seed(seed)
    out.mkdir(parents=True, exist_ok=True)
    rules = load_rules(rules_name)
    snapshot = Snapshot()
    train_envs = DummyVectorEnv([lambda i=i: SelfPlaySeat(rules, snapshot, seed * 1000 + i) for i in range(envs)])
    probe = SelfPlaySeat(rules, snapshot, seed)
    inputs = probe.observation_space["obs"].shape[0]
    actor, critic = MaskedActor(inputs, hidden), Critic(inputs, hidden)
    policy = DiscreteActorPolicy(actor=actor, action_space=probe.action_space, observation_space=probe.observation_space)
    algorithm = PPO(
        policy=policy,
        critic=critic,
        optim=AdamOptimizerFactory(lr=3e-4),
        gamma=1.0,
        gae_lambda=1.0,
        ent_coef=0.01,
        max_grad_norm=0.5,
    )
    buffer = VectorReplayBuffer(steps_per_update, envs)
    collector = Collector(algorithm, train_envs, buffer)
    collector.reset()
    starts = [SelfPlaySeat(rules, Snapshot(), 10_000 + i).reset()[0]["obs"] for i in range(16)]
    probe_obs = type("Probe", (), {"obs": np.stack(starts)})()
    with torch.no_grad():
        value_before = float(critic(probe_obs).mean())
    start = time.perf_counter()
    steps = updates = 0
    history: list[dict[str, float]] = []
    while time.perf_counter() - start < minutes * 60 and (max_updates is None or updates < max_updates):
        with policy_within_training_step(policy):  # what Tianshou's trainer does around a step
            stats = collector.collect(n_step=steps_per_update)
            steps += stats.n_collected_steps
            algorithm.update(buffer=buffer, batch_size=256, repeat=4)
        buffer.reset()
        updates += 1
        if stats.n_collected_episodes:
            history.append({"update": updates, "env_steps": steps, "mean_points": -float(np.mean(stats.returns)) * probe.points})
        if updates % refresh == 0:
            snapshot.set(actor.net)
    export(actor, out / "policy.npz", rules, steps)
    with torch.no_grad():
        value_after = float(critic(probe_obs).mean())
    summary = {
        "rules": rules_name,
        "learner_steps": steps,
        "updates": updates,
        "seconds": round(time.perf_counter() - start, 1),
        "value_of_first_decisions": [round(value_before, 4), round(value_after, 4)],
    }
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    return {**summary, "history": history}


def main() -> None:
    args = arguments().parse_args()
    summary = train(args.rules, args.minutes, args.seed, args.out)
    summary.pop("history")
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
