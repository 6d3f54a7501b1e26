"""The bot interface, bot levels by name, hints, and the loop that lets bots act in a game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from blackmaria.cards import Card, card_name
from blackmaria.game import Game
from blackmaria.observation import Observation


class Bot(Protocol):
    """A computer player: given what its seat may know, choose a pass or a card."""

    name: str

    def choose_pass(self, observation: Observation) -> list[Card]: ...

    def choose_play(self, observation: Observation) -> Card: ...


@dataclass(frozen=True)
class Hint:
    """A suggestion for the seat to act: the card to play (one) or the cards to pass, and why, in one sentence."""

    cards: list[Card]
    reason: str
    level: str = "medium"
    costs: dict[Card, float] = field(default_factory=dict)
    """For search levels: each candidate card's mean points in the simulations (lower is better)."""

    def __str__(self) -> str:
        return f"{' '.join(card_name(c) for c in self.cards)}: {self.reason}"


LEVELS = ("random", "easy", "medium", "hard", "expert")

DEFAULT_BUDGETS: dict[str, int] = {"hard": 1_000, "expert": 10_000}
"""Simulations per move of the search levels."""


def make_bot(level: str, seed: int | None = None, budget: int | None = None) -> Bot:
    """A bot by level name: ``random``, ``easy``, ``medium``, ``hard`` or ``expert``; or ``cmd:COMMAND``,
    a program speaking the ``blackmaria-bot/1`` protocol (``blackmaria.bots.external``).

    ``budget`` is the number of simulations per move of the search levels
    (``hard`` 1,000 and ``expert`` 10,000 by default); other levels ignore it.
    """
    from blackmaria.bots.medium import MediumBot
    from blackmaria.bots.simple import RandomBot, RuleOfThumbBot

    if level.startswith("cmd:"):
        from blackmaria.bots.external import ExternalBot

        return ExternalBot(level.removeprefix("cmd:"), seed)
    if level == "random":
        return RandomBot(seed)
    if level == "easy":
        return RuleOfThumbBot(seed)
    if level == "medium":
        return MediumBot(seed)
    if level in DEFAULT_BUDGETS:
        from blackmaria.bots.search import SearchBot

        return SearchBot(seed, budget=DEFAULT_BUDGETS[level] if budget is None else budget, name=level)
    raise ValueError(f"bot level {level!r} is not one of {', '.join(LEVELS)}")


def hint(observation: Observation, level: str = "medium") -> Hint:
    """The ``level`` bot's suggestion for the seat of ``observation``: cards to pass, or the card to play, with a reason.

    Raises ``ValueError`` when the seat has nothing to decide now.
    """
    from blackmaria.bots.medium import MediumBot

    obs = observation
    passing = obs.phase == "passing" and not obs.has_passed[obs.seat]
    if not passing and not (obs.phase == "playing" and obs.turn == obs.seat):
        raise ValueError(f"seat {obs.seat} has nothing to decide now (phase {obs.phase}, turn {obs.turn})")
    if level in DEFAULT_BUDGETS and not passing:
        from blackmaria.bots.search import SearchBot

        return SearchBot(0, budget=DEFAULT_BUDGETS[level], name=level).hint(obs)
    bot = MediumBot(0)
    if passing:
        return bot.pass_hint(obs)
    return bot.play_hint(obs)


def run_bots(game: Game, bots: Mapping[int, Bot]) -> None:
    """Let the bots pass and play until a seat without a bot must act, or the deal ends."""
    while True:
        if game.phase == "passing":
            waiting = [seat for seat in bots if not game.has_passed(seat)]
            if not waiting:
                return
            for seat in waiting:
                game.pass_cards(seat, bots[seat].choose_pass(game.observation(seat)))
        elif game.phase == "playing" and game.turn is not None and game.turn in bots:
            turn = game.turn
            game.play(bots[turn].choose_play(game.observation(turn)), turn)
        else:
            return
