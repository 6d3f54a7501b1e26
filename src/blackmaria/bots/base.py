"""The bot interface and the loop that lets bots act in a game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from blackmaria.cards import Card
from blackmaria.game import Game
from blackmaria.observation import Observation


class Bot(Protocol):
    """A computer player: given what its seat may know, choose a pass or a card."""

    name: str

    def choose_pass(self, observation: Observation) -> list[Card]: ...

    def choose_play(self, observation: Observation) -> Card: ...


LEVELS = ("random", "easy")


def make_bot(level: str, seed: int | None = None) -> Bot:
    """A bot by level name: ``random`` or ``easy``."""
    from blackmaria.bots.simple import RandomBot, RuleOfThumbBot

    if level == "random":
        return RandomBot(seed)
    if level == "easy":
        return RuleOfThumbBot(seed)
    raise ValueError(f"bot level {level!r} is not one of {', '.join(LEVELS)}")


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
