#!/usr/bin/env python3
"""Self-play PPO on the batched environment in plain PyTorch: the fastest path from nothing to a policy file.

Every seat of every game is played by the same network; each decision's
return is the final reward of the seat that made it (minus its points,
divided by the points in play), so the advantage is that return less the
critic's estimate (Monte Carlo, no discount: the reward comes once, at the
end of the deal). Each deal's pass direction is drawn from the rule set's
schedule (``hearts``: left, right, across, hold; ``directions="drawn"``).

    pip install -e '.[rl]'
    nice -n 10 python examples/ppo_batched.py --rules hearts --minutes 15 --out runs/ppo_hearts
    blackmaria tournament --rules hearts --bots policy:runs/ppo_hearts/policy.npz,easy --deals 1000

The policy is saved as NumPy arrays (``policy.npz``, ``blackmaria.bots.policy``)
and played without PyTorch; ``checkpoints/`` holds one every
``--checkpoint-every`` environment steps for the learning curve
(``examples/learning_curve.py``).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path


def arguments() -> argparse.ArgumentParser:
    # Made before the learning libraries are imported: --help answers without them.
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="hearts")
    parser.add_argument("--minutes", type=float, default=15.0)
    parser.add_argument("--num-envs", type=int, default=256)
    parser.add_argument("--rollout", type=int, default=128)
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--checkpoint-every", type=int, default=0, help="environment steps between checkpoints (0: none)")
    parser.add_argument("--out", type=Path, default=Path("runs/ppo_batched"))
    parser.add_argument("--resume", type=Path, help="a run's folder: go on from its model.pt")
    return parser


if __name__ == "__main__":
    arguments().parse_known_args()  # --help and a mistyped option answer before the learning libraries load (seconds)


try:
    import numpy as np
    import torch
    from torch import nn

    from blackmaria.bots.policy import save_policy
    from blackmaria.envs.batched import BatchedEnv
    from blackmaria.rules import Rules, load_rules
except ModuleNotFoundError as missing:
    if __name__ != "__main__":
        raise
    from missing import exit_without

    exit_without(missing, arguments())


class ActorCritic(nn.Module):
    """A shared trunk of two ReLU layers, a policy head (one logit per card) and a value head."""

    def __init__(self, inputs: int, hidden: int) -> None:
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(inputs, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.policy_head = nn.Linear(hidden, 52)
        self.value_head = nn.Linear(hidden, 1)

    def forward(self, x: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = self.trunk(x)
        return self.policy_head(h).masked_fill(mask == 0, -1e9), self.value_head(h).squeeze(-1)


def export(model: ActorCritic, path: Path, rules: Rules, steps: int) -> None:
    """The trunk and the policy head as a policy file: ``w`` transposed to inputs x outputs, ReLU between layers."""
    linears = [m for m in model.trunk if isinstance(m, nn.Linear)] + [model.policy_head]
    save_policy(
        path,
        [m.weight.detach().numpy().T for m in linears],
        [m.bias.detach().numpy() for m in linears],
        rules,
        activation="relu",
        name="ppo-batched",
        extra={"trained_by": "examples/ppo_batched.py", "env_steps": steps},
    )


class Games:
    """The batched games, each deal passing in a direction drawn from the schedule, rewards scaled to the points."""

    def __init__(self, rules: Rules, num_envs: int, seed: int) -> None:
        self.env = BatchedEnv(rules, num_envs=num_envs, seed=seed, directions="drawn")
        self.num_envs = num_envs
        self.points = float(rules.moon_total or rules.deal_total or 1)

    def reset(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        return self.env.reset()

    def step(self, actions: np.ndarray) -> tuple[np.ndarray, ...]:
        obs, masks, players, rewards, dones = self.env.step(actions)
        return obs, masks, players, rewards / self.points, dones


def returns_of(players: np.ndarray, rewards: np.ndarray, dones: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each step's return (the final reward of the seat that acted) and whether its deal ended within the rollout."""
    steps, n = players.shape
    seats = rewards.shape[2]
    carry = np.zeros((n, seats), dtype=np.float32)
    known = np.zeros(n, dtype=bool)
    out = np.zeros((steps, n), dtype=np.float32)
    valid = np.zeros((steps, n), dtype=bool)
    games = np.arange(n)
    for t in range(steps - 1, -1, -1):
        ended = dones[t]
        carry[ended] = rewards[t][ended]
        known |= ended
        out[t] = carry[games, players[t]]
        valid[t] = known
    return out, valid


def train(
    rules_name: str = "hearts",
    minutes: float = 15.0,
    num_envs: int = 256,
    rollout: int = 128,
    hidden: int = 256,
    epochs: int = 2,
    minibatch: int = 4096,
    lr: float = 3e-4,
    clip: float = 0.2,
    entropy: float = 0.01,
    seed: int = 0,
    out: Path = Path("runs/ppo_batched"),
    checkpoint_every: int = 0,
    max_updates: int | None = None,
    threads: int = 1,
    resume: Path | None = None,
) -> dict[str, object]:
    torch.set_num_threads(threads)
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    rules = load_rules(rules_name)
    games = Games(rules, num_envs, seed)
    obs, masks, players = games.reset()
    model = ActorCritic(obs.shape[1], hidden)
    optimizer = torch.optim.Adam(model.parameters(), lr=lr, eps=1e-5)
    steps_before = 0
    if resume is not None:  # go on from a run's model.pt (its steps are counted on)
        saved = torch.load(resume / "model.pt")
        model.load_state_dict(saved["model"])
        optimizer.load_state_dict(saved["optimizer"])
        steps_before = int(saved["env_steps"])
    out.mkdir(parents=True, exist_ok=True)
    (out / "checkpoints").mkdir(exist_ok=True)
    log = (out / "log.jsonl").open("a" if resume is not None else "w")
    start = time.perf_counter()
    steps, updates = steps_before, 0
    next_checkpoint = steps + checkpoint_every if resume is not None and checkpoint_every else 0
    n = games.num_envs
    history: list[dict[str, float]] = []
    while True:
        if checkpoint_every and steps >= next_checkpoint:
            export(model, out / "checkpoints" / f"steps_{steps:010d}.npz", rules, steps)
            next_checkpoint += checkpoint_every
        elapsed = time.perf_counter() - start
        if elapsed >= minutes * 60 or (max_updates is not None and updates >= max_updates):
            break
        b_obs = np.zeros((rollout, n, obs.shape[1]), dtype=np.float32)
        b_masks = np.zeros((rollout, n, 52), dtype=np.int8)
        b_actions = np.zeros((rollout, n), dtype=np.int64)
        b_logp = np.zeros((rollout, n), dtype=np.float32)
        b_players = np.zeros((rollout, n), dtype=np.int64)
        b_rewards = np.zeros((rollout, n, rules.players), dtype=np.float32)
        b_dones = np.zeros((rollout, n), dtype=bool)
        with torch.no_grad():
            for t in range(rollout):
                b_obs[t], b_masks[t], b_players[t] = obs, masks, players
                logits, _ = model(torch.from_numpy(obs), torch.from_numpy(masks))
                dist = torch.distributions.Categorical(logits=logits)
                action = dist.sample()
                b_actions[t] = action.numpy()
                b_logp[t] = dist.log_prob(action).numpy()
                obs, masks, players, rewards, dones = games.step(b_actions[t])
                obs, masks, players = obs.copy(), masks.copy(), players.copy()
                b_rewards[t], b_dones[t] = rewards, dones
        steps += rollout * n
        ret, valid = returns_of(b_players, b_rewards, b_dones)
        keep = valid.reshape(-1)
        if not keep.any():
            continue  # no deal ended within this rollout, so no position has a return yet: nothing to learn from
        x = torch.from_numpy(b_obs.reshape(-1, obs.shape[1])[keep])
        m = torch.from_numpy(b_masks.reshape(-1, 52)[keep])
        a = torch.from_numpy(b_actions.reshape(-1)[keep])
        old_logp = torch.from_numpy(b_logp.reshape(-1)[keep])
        target = torch.from_numpy(ret.reshape(-1)[keep])
        with torch.no_grad():
            value_before = torch.cat([model(x[i : i + minibatch], m[i : i + minibatch])[1] for i in range(0, x.shape[0], minibatch)])
        value_error_before = float(((value_before - target) ** 2).mean())
        advantage = target - value_before
        size = x.shape[0]
        for _ in range(epochs):
            order = torch.from_numpy(rng.permutation(size))
            for i in range(0, size, minibatch):
                idx = order[i : i + minibatch]
                logits, value = model(x[idx], m[idx])
                dist = torch.distributions.Categorical(logits=logits)
                logp = dist.log_prob(a[idx])
                adv = advantage[idx]
                adv = (adv - adv.mean()) / (adv.std() + 1e-8)
                ratio = torch.exp(logp - old_logp[idx])
                policy_loss = -torch.min(ratio * adv, torch.clamp(ratio, 1 - clip, 1 + clip) * adv).mean()
                value_loss = ((value - target[idx]) ** 2).mean()
                loss = policy_loss + 0.5 * value_loss - entropy * dist.entropy().mean()
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(model.parameters(), 0.5)
                optimizer.step()
        updates += 1
        deals = int(b_dones.sum())
        record = {
            "update": updates,
            "env_steps": steps,
            "seconds": round(time.perf_counter() - start, 2),
            "deals": deals,
            "value_error": value_error_before,
            "mean_return": float(target.mean()),
        }
        history.append(record)
        log.write(json.dumps(record) + "\n")
        log.flush()
    export(model, out / "policy.npz", rules, steps)
    torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict(), "env_steps": steps}, out / "model.pt")
    summary = {
        "rules": rules_name,
        "env_steps": steps,
        "updates": updates,
        "seconds": round(time.perf_counter() - start, 1),
        "num_envs": n,
        "resumed_from": None if resume is None else str(resume),
    }
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    log.close()
    return {**summary, "history": history}


def main() -> None:
    args = arguments().parse_args()
    summary = train(
        args.rules,
        args.minutes,
        num_envs=args.num_envs,
        rollout=args.rollout,
        hidden=args.hidden,
        seed=args.seed,
        out=args.out,
        checkpoint_every=args.checkpoint_every,
        threads=args.threads,
        resume=args.resume,
    )
    summary.pop("history")
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
