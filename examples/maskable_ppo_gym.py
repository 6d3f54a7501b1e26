#!/usr/bin/env python3
"""One seat learns with sb3-contrib's MaskablePPO on the Gymnasium environment, the other seats computer players.

The Gymnasium environment gives the legal cards in ``info["action_mask"]``;
``ActionMasker`` hands them to MaskablePPO, which never samples an illegal
card. After training, the policy network (SB3's ``MlpPolicy``: two tanh
layers and the action layer) is exported to NumPy arrays and plays as
``policy:PATH`` without Stable-Baselines3.

    pip install -e '.[rl]'
    nice -n 10 python examples/maskable_ppo_gym.py --rules hearts --opponents easy --minutes 10 --out runs/maskable_ppo
    blackmaria tournament --rules hearts --bots policy:runs/maskable_ppo/policy.npz,easy --deals 1000
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
    parser.add_argument("--opponents", default="easy")
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--checkpoint-every", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("runs/maskable_ppo"))
    return parser


if __name__ == "__main__":
    arguments().parse_known_args()  # --help and a mistyped option answer before the learning libraries load (seconds)


try:
    import gymnasium as gym
    import numpy as np
    import torch
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.wrappers import ActionMasker
    from stable_baselines3.common.callbacks import BaseCallback

    from blackmaria.bots.policy import save_policy
    from blackmaria.envs.gymnasium_env import BlackMariaSingleSeatEnv
except ModuleNotFoundError as missing:
    if __name__ != "__main__":
        raise
    from missing import exit_without

    exit_without(missing, arguments())


class LastMask(gym.Wrapper[np.ndarray, int, np.ndarray, int]):
    """Keeps the action mask of the latest ``info`` for ``ActionMasker``; rewards divided by the points in play."""

    def __init__(self, env: BlackMariaSingleSeatEnv) -> None:
        super().__init__(env)
        self.mask = np.ones(52, dtype=bool)
        self.points = float(env.rules.moon_total or env.rules.deal_total or 1)  # rewards scaled to [-1, 0]

    def reset(self, **kwargs: Any) -> tuple[np.ndarray, dict[str, Any]]:
        observation, info = self.env.reset(**kwargs)
        self.mask = info["action_mask"].astype(bool)
        return observation, {"action_mask": info["action_mask"]}

    def step(self, action: int) -> tuple[np.ndarray, Any, bool, bool, dict[str, Any]]:
        observation, reward, terminated, truncated, info = self.env.step(action)
        self.mask = info["action_mask"].astype(bool)
        # Only the mask goes on (the env's info holds plain values besides it, which SB3's deep copy of infos takes).
        return observation, float(reward) / self.points, terminated, truncated, {"action_mask": info["action_mask"]}


def export(model: MaskablePPO, path: Path, rules: Any, steps: int) -> None:
    """SB3's policy network (mlp_extractor.policy_net, then action_net) as a policy file."""
    net = model.policy.mlp_extractor.policy_net
    linears = [m for m in net if isinstance(m, torch.nn.Linear)] + [model.policy.action_net]
    activations = {type(m).__name__ for m in net if not isinstance(m, torch.nn.Linear)}
    assert activations == {"Tanh"}, activations
    save_policy(
        path,
        [m.weight.detach().cpu().numpy().T for m in linears],
        [m.bias.detach().cpu().numpy() for m in linears],
        rules,
        activation="tanh",
        name="maskable-ppo",
        extra={"trained_by": "examples/maskable_ppo_gym.py", "env_steps": steps},
    )


class Checkpoints(BaseCallback):
    """Exports the policy every ``every`` steps and stops after ``seconds``."""

    def __init__(self, out: Path, rules: Any, every: int, seconds: float) -> None:
        super().__init__()
        self.out, self.rules, self.every, self.seconds = out, rules, every, seconds
        self.start = time.perf_counter()
        self.next = 0

    def _on_step(self) -> bool:
        if self.every and self.num_timesteps >= self.next:
            export(self.model, self.out / "checkpoints" / f"steps_{self.num_timesteps:010d}.npz", self.rules, self.num_timesteps)  # type: ignore[arg-type]
            self.next += self.every
        return time.perf_counter() - self.start < self.seconds


def train(
    rules: str = "hearts",
    opponents: str = "easy",
    minutes: float = 10.0,
    seed: int = 0,
    out: Path = Path("runs/maskable_ppo"),
    checkpoint_every: int = 0,
    n_steps: int = 2048,
    batch_size: int = 256,
    max_steps: int = 10**9,
    hidden: int = 128,
) -> dict[str, Any]:
    torch.set_num_threads(1)
    out.mkdir(parents=True, exist_ok=True)
    (out / "checkpoints").mkdir(exist_ok=True)
    inner = LastMask(BlackMariaSingleSeatEnv(rules=rules, seat=0, opponents=opponents))
    env = ActionMasker(inner, lambda _: inner.mask)
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=n_steps,
        batch_size=batch_size,
        n_epochs=4,
        gamma=1.0,
        gae_lambda=1.0,
        ent_coef=0.01,
        learning_rate=3e-4,
        policy_kwargs={"net_arch": {"pi": [hidden, hidden], "vf": [hidden, hidden]}},
        seed=seed,
        verbose=0,
        device="cpu",
    )
    probe = np.stack([BlackMariaSingleSeatEnv(rules=rules, opponents=opponents).reset(seed=10_000 + i)[0] for i in range(16)])
    value_before = float(model.policy.predict_values(torch.as_tensor(probe)).mean().detach())
    start = time.perf_counter()
    model.learn(total_timesteps=max_steps, callback=Checkpoints(out, inner.env.rules, checkpoint_every, minutes * 60))  # type: ignore[attr-defined]
    steps = int(model.num_timesteps)
    export(model, out / "policy.npz", inner.env.rules, steps)  # type: ignore[attr-defined]
    model.save(out / "model.zip")
    value_after = float(model.policy.predict_values(torch.as_tensor(probe)).mean().detach())
    summary = {
        "rules": rules,
        "opponents": opponents,
        "env_steps": steps,
        "seconds": round(time.perf_counter() - start, 1),
        "value_of_first_decisions": [round(value_before, 4), round(value_after, 4)],
    }
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    return summary


def main() -> None:
    args = arguments().parse_args()
    print(json.dumps(train(args.rules, args.opponents, args.minutes, args.seed, args.out, args.checkpoint_every)))


if __name__ == "__main__":
    main()
