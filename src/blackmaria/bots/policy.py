"""A trained policy as a bot: a multilayer perceptron saved as NumPy arrays, played without the library that trained it.

The file (``.npz``) holds the layers ``w0, b0, w1, b1, ...`` (``w`` of shape
inputs x outputs), the hidden layers' ``activation`` (``relu`` or ``tanh``),
the rule set it was trained under (``rules``, JSON) and a ``name``. Its input
is the observation tensor of ``blackmaria.envs.encoding`` and its output one
score per card (logits or action values): the bot plays the legal card with
the highest score and passes the way the environments pass, one card at a
time. Any learner that ends in such a network exports to it with
``save_policy`` (the examples under ``examples/`` do).

A saved policy is a bot level by file: ``policy:PATH`` in ``make_bot``, in
``blackmaria tournament --bots`` and as a hint source; at a server table it
is a bot program, ``blackmaria serve --bot NAME="python -m
blackmaria.bots.policy PATH"`` (this module speaks ``blackmaria-bot/1``).

>>> import numpy as np, tempfile, os
>>> from blackmaria.rules import load_rules
>>> from blackmaria.envs import encoding
>>> rules = load_rules("hearts")
>>> rng = np.random.default_rng(0)
>>> path = os.path.join(tempfile.mkdtemp(), "tiny.npz")
>>> save_policy(path, [rng.normal(size=(encoding.size(rules), 8)), rng.normal(size=(8, 52))], [np.zeros(8), np.zeros(52)], rules)
>>> bot = PolicyBot(path)
>>> bot.name
'policy:tiny'
"""

from __future__ import annotations

import json
import os
import random
import sys
import warnings
import zipfile
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from blackmaria.bots.base import Hint
from blackmaria.bots.reasons import Reason
from blackmaria.cards import Card, CardSet, card_name
from blackmaria.observation import Observation
from blackmaria.rules import Rules

FORMAT = "blackmaria-policy/1"
ACTIVATIONS = ("relu", "tanh")


def save_policy(
    path: str | os.PathLike[str],
    weights: Sequence[Any],
    biases: Sequence[Any],
    rules: Rules,
    activation: str = "relu",
    name: str | None = None,
    extra: dict[str, Any] | None = None,
) -> None:
    """Write a policy file: ``weights[i]`` of shape inputs x outputs, the last layer 52 outputs (one per card)."""
    from blackmaria.envs import encoding

    if activation not in ACTIVATIONS:
        raise ValueError(f"activation {activation!r} is not one of {', '.join(ACTIVATIONS)}")
    if len(weights) != len(biases) or not weights:
        raise ValueError("give one bias per weight matrix, at least one layer")
    arrays: dict[str, Any] = {}
    inputs = encoding.size(rules)
    for i, (w, b) in enumerate(zip(weights, biases, strict=True)):
        w32, b32 = np.asarray(w, dtype=np.float32), np.asarray(b, dtype=np.float32)
        if w32.ndim != 2 or w32.shape[0] != inputs or b32.shape != (w32.shape[1],):
            raise ValueError(f"layer {i}: weights {w32.shape} and bias {b32.shape} do not follow {inputs} inputs")
        arrays[f"w{i}"], arrays[f"b{i}"] = w32, b32
        inputs = w32.shape[1]
    if inputs != 52:
        raise ValueError(f"the last layer has {inputs} outputs; a policy scores the 52 cards")
    meta = {"format": FORMAT, "activation": activation, "layers": len(weights), "rules": rules.to_dict(), **(extra or {})}
    stem = os.path.splitext(os.path.basename(os.fspath(path)))[0]
    arrays["meta"] = np.array(json.dumps({"name": name or stem, **meta}))
    with open(path, "wb") as file:
        np.savez(file, **arrays)


BESIDE_THE_PLAY = frozenset({"target_score", "deal_count", "ties", "first_dealer", "undo", "pass_schedule"})
"""Options that say how long a game lasts, who deals first, what a table allows, or which way a deal passes (a
tournament fixes it deal by deal; the direction is among the inputs), not how a deal is played."""


class Policy:
    """The network of a policy file, evaluated with NumPy."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        where = os.fspath(path)
        not_ours = f"{where}: not a policy file ({FORMAT}, as save_policy writes it)"
        try:
            data = np.load(path, allow_pickle=False)
        except FileNotFoundError as error:
            raise ValueError(f"{where}: no such policy file") from error
        except (OSError, EOFError, zipfile.BadZipFile) as error:
            raise ValueError(f"{where}: cannot read it as a policy file ({error})") from error
        except ValueError as error:  # (NumPy's words for a file that is not ours: "This file contains pickled ...")
            raise ValueError(not_ours) from error
        if not hasattr(data, "files"):  # one array (.npy), not the archive of a policy's layers
            raise ValueError(not_ours)
        with data:
            if "meta" not in data:
                raise ValueError(f"{path}: not a policy file (no meta)")
            self.meta: dict[str, Any] = json.loads(str(data["meta"]))
            if self.meta.get("format") != FORMAT:
                raise ValueError(f"{path}: format {self.meta.get('format')!r}, expected {FORMAT}")
            layers = int(self.meta["layers"])
            self.weights: list[NDArray[np.float32]] = [data[f"w{i}"].astype(np.float32) for i in range(layers)]
            self.biases: list[NDArray[np.float32]] = [data[f"b{i}"].astype(np.float32) for i in range(layers)]
        self.activation = str(self.meta["activation"])
        self.name = str(self.meta.get("name", "policy"))
        self.rules = Rules.from_data(self.meta["rules"])
        self.inputs = self.weights[0].shape[0]

    def misfit(self, rules: Rules) -> str | None:
        """Why this policy cannot play under ``rules`` (its input is another size), or None if it can."""
        from blackmaria.envs import encoding

        if encoding.size(rules) == self.inputs:
            return None
        return f"trained for {self.rules.players} players ({self.inputs} inputs), this game has {rules.players} ({encoding.size(rules)})"

    def rules_differ(self, rules: Rules) -> list[str]:
        """The options of ``rules`` other than those it was trained under (``BESIDE_THE_PLAY`` aside: an environment's
        episode is one deal), e.g. ``["preset", "scoring"]`` for Omnibus against Hearts."""
        mine, theirs = self.rules.to_dict(), rules.to_dict()
        return sorted(key for key in set(mine) | set(theirs) if key not in BESIDE_THE_PLAY and mine.get(key) != theirs.get(key))

    def scores(self, x: NDArray[np.float32]) -> NDArray[np.float32]:
        """One score per card for each row of ``x`` (observation tensors)."""
        h = x
        last = len(self.weights) - 1
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            h = h @ w + b
            if i < last:
                h = np.maximum(h, 0.0) if self.activation == "relu" else np.tanh(h)
        return h


_CACHE: dict[str, Policy] = {}


def load_policy(path: str) -> Policy:
    """The policy in ``path``, read once per process (a tournament makes a bot per seat and deal)."""
    key = os.path.abspath(path)
    try:
        stamp = f"{key}:{os.path.getmtime(key)}"
    except OSError as error:
        raise ValueError(f"{path}: no such policy file") from error
    policy = _CACHE.get(stamp)
    if policy is None:
        policy = _CACHE[stamp] = Policy(key)
    return policy


class PolicyBot:
    """Plays the legal card its policy scores highest; passes card by card as the environments do."""

    def __init__(self, path: str, seed: int | None = None) -> None:
        self.policy = load_policy(path)
        self.path = path
        self.name = f"policy:{self.policy.name}"
        self._rng = random.Random(seed)
        self._rules_seen: Rules | None = None

    def _scores(self, obs: Observation, chosen: list[Card]) -> NDArray[np.float32]:
        from blackmaria.envs import encoding

        x = encoding.encode(obs, CardSet(chosen))
        if x.shape[0] != self.policy.inputs:  # (the layout is worked out again only then: a decision's hot path)
            raise ValueError(f"{self.path}: {self.policy.misfit(obs.rules)}")
        if obs.rules is not self._rules_seen:
            self._rules_seen = obs.rules
            differ = self.policy.rules_differ(obs.rules)
            if differ:  # (it plays, its inputs fit; a researcher's Hearts policy played Omnibus without a word)
                warnings.warn(
                    f"{self.path}: trained under other rules than this game's (they differ in {', '.join(differ)}); it plays",
                    RuntimeWarning,
                    stacklevel=3,
                )
        scores: NDArray[np.float32] = self.policy.scores(x[None, :])[0]
        return scores

    def _best(self, scores: NDArray[np.float32], legal: CardSet) -> Card:
        cards = sorted(legal)
        return max(cards, key=lambda c: float(scores[c]))

    def choose_pass(self, observation: Observation) -> list[Card]:
        obs = observation
        allowed = obs.choices
        chosen: list[Card] = []
        for _ in range(obs.rules.pass_count):
            chosen.append(self._best(self._scores(obs, chosen), allowed - CardSet(chosen)))
        return chosen

    def choose_play(self, observation: Observation) -> Card:
        return self._best(self._scores(observation, []), observation.legal)

    def hint(self, obs: Observation) -> Hint:
        """The policy's choice, with its preference over the next best card as the reason."""
        if obs.phase == "passing":
            cards = self.choose_pass(obs)
            return Hint(cards, (Reason("policy_pass", {"name": self.policy.name}),), level=self.name)
        scores = self._scores(obs, [])
        legal = sorted(obs.legal, key=lambda c: -float(scores[c]))
        z = np.array([scores[c] for c in legal], dtype=np.float64)
        p = np.exp(z - z.max())
        p /= p.sum()
        reason = Reason("policy_play", {"name": self.policy.name, "card": legal[0]})
        if len(legal) > 1:
            facts = {"name": self.policy.name, "card": legal[0], "p": float(p[0]), "runner_up": legal[1], "q": float(p[1])}
            reason = Reason("policy_play_over", facts)
        return Hint([legal[0]], (reason,), level=self.name)


def observation_from_dict(data: dict[str, Any], rules: Rules) -> Observation:
    """The ``Observation`` of ``Observation.to_dict()`` (what a bot program is sent), under ``rules``."""
    return Observation.from_dict(data, rules, tuple(f"seat {i}" for i in range(rules.players)))


def serve_protocol(path: str, lines: Any = None, out: Any = None) -> None:
    """Speak ``blackmaria-bot/1`` on standard input and output with the policy in ``path``."""
    lines = sys.stdin if lines is None else lines
    out = sys.stdout if out is None else out
    bot = PolicyBot(path)
    rules = bot.policy.rules
    for line in lines:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            rules = Rules.from_data(message["rules"])
            answer: dict[str, Any] = {"type": "ready", "name": bot.name}
        elif kind == "pass":
            answer = {"cards": [card_name(c) for c in bot.choose_pass(observation_from_dict(message["observation"], rules))]}
        elif kind == "play":
            answer = {"card": card_name(bot.choose_play(observation_from_dict(message["observation"], rules)))}
        else:
            break
        out.write(json.dumps(answer) + "\n")
        out.flush()


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m blackmaria.bots.policy POLICY.npz  (speaks blackmaria-bot/1 on stdin/stdout)", file=sys.stderr)
        return 2
    serve_protocol(args[0])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
