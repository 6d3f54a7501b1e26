"""Simple computer players: uniformly random, and a few rules of thumb that read the rule set's card values."""

from __future__ import annotations

import random

from blackmaria.cards import Card, CardSet, rank_of, suit_of
from blackmaria.observation import Observation


class RandomBot:
    """Plays a uniformly random legal card and passes random cards."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose_pass(self, observation: Observation) -> list[Card]:
        allowed = sorted(observation.hand - CardSet(observation.rules.pass_forbidden))
        return self._rng.sample(allowed, observation.rules.pass_count)

    def choose_play(self, observation: Observation) -> Card:
        return self._rng.choice(sorted(observation.legal))


class RuleOfThumbBot:
    """Easy: passes its costliest and highest cards, ducks under the winning card, dumps points when void."""

    name = "easy"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose_pass(self, observation: Observation) -> list[Card]:
        values = observation.rules.values
        allowed = [c for c in observation.hand if c not in observation.rules.pass_forbidden]
        allowed.sort(key=lambda c: (max(values[c], 0), rank_of(c)), reverse=True)
        return allowed[: observation.rules.pass_count]

    def choose_play(self, observation: Observation) -> Card:
        values = observation.rules.values
        legal = sorted(observation.legal)
        trick = observation.current_trick
        if trick is None or not trick.plays:
            # Lead the lowest card that scores nothing, else the lowest.
            safe = [c for c in legal if values[c] <= 0]
            return min(safe or legal, key=rank_of)
        led = suit_of(trick.plays[0][1])
        following = [c for c in legal if suit_of(c) == led]
        if following:
            best = max(c for _, c in trick.plays if suit_of(c) == led)
            under = [c for c in following if c < best]
            if under:
                return max(under)
            last = len(trick.plays) == observation.rules.players - 1
            points = sum(values[c] for _, c in trick.plays)
            if last and points <= 0:
                return max(following)
            return min(following)
        # Void in the led suit: shed the costliest card, then the highest.
        return max(legal, key=lambda c: (values[c], rank_of(c)))
