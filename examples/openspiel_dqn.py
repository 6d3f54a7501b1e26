#!/usr/bin/env python3
"""OpenSpiel's own DQN (``open_spiel.python.pytorch.dqn``) on ``python_black_maria``, two players learning against each other.

The game is the OpenSpiel game of ``blackmaria.envs.openspiel_game`` (one
deal, chance deals the cards), driven by OpenSpiel's ``rl_environment`` as in
OpenSpiel's ``breakthrough_dqn`` example: one DQN agent per seat, each fed
the information-state tensor of its seat and its legal actions. Rewards are
divided by the points in play. The first seat's Q-network is exported to
NumPy arrays and plays as ``policy:PATH`` (the card with the highest value).

    pip install -e '.[rl]'
    nice -n 10 python examples/openspiel_dqn.py --preset two-player --minutes 8 --out runs/openspiel_dqn
    blackmaria tournament --rules two-player --bots policy:runs/openspiel_dqn/policy.npz,random --deals 500
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
    parser.add_argument("--preset", default="two-player")
    parser.add_argument("--minutes", type=float, default=8.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("runs/openspiel_dqn"))
    return parser


if __name__ == "__main__":
    arguments().parse_known_args()  # --help and a mistyped option answer before the learning libraries load (seconds)


try:
    import numpy as np
    import pyspiel
    import torch
    from open_spiel.python import rl_environment
    from open_spiel.python.pytorch import dqn

    import blackmaria.envs.openspiel_game  # noqa: F401  (registers python_black_maria)
    from blackmaria.bots.policy import save_policy
    from blackmaria.rules import Rules, load_rules
except ModuleNotFoundError as missing:
    if __name__ != "__main__":
        raise
    from missing import exit_without

    exit_without(missing, arguments(), "rl,openspiel")


def export(agent: dqn.DQN, path: Path, rules: Rules, steps: int) -> None:
    linears = [m for m in agent._q_network.modules() if isinstance(m, torch.nn.Linear)]
    save_policy(
        path,
        [m.weight.detach().numpy().T for m in linears],
        [m.bias.detach().numpy() for m in linears],
        rules,
        activation="relu",
        name="openspiel-dqn",
        extra={"trained_by": "examples/openspiel_dqn.py", "env_steps": steps},
    )


def scaled(time_step: Any, points: float) -> Any:
    if time_step.rewards is None:
        return time_step
    return time_step._replace(rewards=[r / points for r in time_step.rewards])


def train(
    preset: str = "two-player",
    minutes: float = 8.0,
    seed: int = 0,
    out: Path = Path("runs/openspiel_dqn"),
    hidden: int = 128,
    max_episodes: int | None = None,
    min_buffer: int = 1_000,
    learn_every: int = 8,
) -> dict[str, Any]:
    torch.set_num_threads(1)
    out.mkdir(parents=True, exist_ok=True)
    rules = load_rules(preset)
    game = pyspiel.load_game("python_black_maria", {"preset": preset})
    # The observation tensor, not the default information state: the exported network must take the inputs
    # `policy:PATH` gives it (blackmaria.envs.encoding), and only the observation part of the tensor is that.
    env = rl_environment.Environment(game, seed=seed, observation_type=rl_environment.ObservationType.OBSERVATION)
    size = env.observation_spec()["info_state"][0]
    points = float(rules.moon_total or rules.deal_total or 1)
    agents = [
        dqn.DQN(
            player_id=p,
            state_representation_size=size,
            num_actions=env.action_spec()["num_actions"],
            hidden_layers_sizes=[hidden, hidden],
            replay_buffer_capacity=50_000,
            batch_size=64,
            learning_rate=1e-3,
            optimizer_str="adam",
            learn_every=learn_every,
            min_buffer_size_to_learn=min_buffer,
            update_target_network_every=1_000,
            epsilon_start=1.0,
            epsilon_end=0.05,
            epsilon_decay_duration=50_000,
            epsilon_decay_schedule_str="linear",
            seed=seed + p,
        )
        for p in range(game.num_players())
    ]
    start = time.perf_counter()
    steps = episodes = 0
    returns: list[float] = []
    while time.perf_counter() - start < minutes * 60 and (max_episodes is None or episodes < max_episodes):
        time_step = env.reset()
        while not time_step.last():
            player = time_step.observations["current_player"]
            action = agents[player].step(scaled(time_step, points)).action
            time_step = env.step([action])
            steps += 1
        for agent in agents:
            agent.step(scaled(time_step, points))
        returns.append(float(time_step.rewards[0]))
        episodes += 1
    export(agents[0], out / "policy.npz", rules, steps)
    summary = {
        "game": f"python_black_maria preset={preset}",
        "algorithm": "open_spiel.python.pytorch.dqn.DQN, one agent per seat",
        "env_steps": steps,
        "episodes": episodes,
        "seconds": round(time.perf_counter() - start, 1),
        "seat0_points_last_500": round(-float(np.mean(returns[-500:])), 2) if returns else None,
        "last_loss": [None if a.loss is None else float(a.loss) for a in agents],
    }
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    return {**summary, "agents": agents}


def main() -> None:
    args = arguments().parse_args()
    summary = train(args.preset, args.minutes, args.seed, args.out)
    summary.pop("agents")
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
