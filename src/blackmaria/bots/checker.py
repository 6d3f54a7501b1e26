"""The play checker: after a deal, the plays whose expected cost exceeded the search bot's choice by more than a threshold.

Each play of the checked seats is looked at again from that seat's observation
at that moment (what the player knew, nothing more): the search bot
(``hard`` by default) simulates every legal card in the same sampled deals and
gives each its mean points. A play is reported when its mean exceeds the
mean of the card the bot would have chosen by more than ``threshold`` points.
Passes and forced plays (one legal card) are not checked.

>>> from blackmaria import Game
>>> from blackmaria.bots import make_bot, run_bots
>>> game = Game("hearts", seed=3)
>>> game.deal()
>>> run_bots(game, {seat: make_bot("random", seed=seat) for seat in range(4)})
>>> checks = check_deal(game, seats=[0], budget=200)
>>> all(c.seat == 0 and c.loss > 1.0 for c in checks)
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from blackmaria.bots.base import DEFAULT_BUDGETS
from blackmaria.cards import Card, card_name, card_symbol, cards_of
from blackmaria.game import DealLog, Game
from blackmaria.observation import Observation

DEFAULT_THRESHOLD = 1.0
"""Points per deal by which a play must trail the bot's choice to be reported."""


@dataclass(frozen=True)
class PlayCheck:
    """One play looked at again: the card played beside the search bot's choice, and their simulated mean points."""

    index: int
    """The play's number in the deal, from 0."""
    trick: int
    """The trick it was played to, from 0."""
    seat: int
    played: Card
    suggested: Card
    played_cost: float
    suggested_cost: float
    simulations: int
    """Sampled deals each candidate card was tried in."""

    @property
    def loss(self) -> float:
        """Points by which the play trailed the bot's choice on average (0 when they are the same card)."""
        return self.played_cost - self.suggested_cost

    @property
    def reason(self) -> str:
        return (
            f"trick {self.trick + 1}, seat {self.seat}: {card_symbol(self.played)} cost {self.played_cost:.1f} points on average "
            f"in {self.simulations:,} simulated deals, {self.loss:.1f} more than {card_symbol(self.suggested)}"
        )

    def __str__(self) -> str:
        return self.reason


def check_play(obs: Observation, played: Card, level: str = "hard", budget: int | None = None, seed: int = 0) -> PlayCheck:
    """Look again at ``played`` from the observation the seat had when it played it (its turn, more than one legal card)."""
    from blackmaria.bots.search import SearchBot

    if obs.phase != "playing" or obs.turn != obs.seat:
        raise ValueError(f"seat {obs.seat} was not to play (phase {obs.phase}, turn {obs.turn})")
    if played not in obs.legal:
        raise ValueError(f"{card_name(played)} was not a legal card for seat {obs.seat}")
    if level not in DEFAULT_BUDGETS:
        raise ValueError(f"level {level!r}: the checker needs a search level ({', '.join(DEFAULT_BUDGETS)})")
    bot = SearchBot(seed, budget=DEFAULT_BUDGETS[level] if budget is None else budget, name=level)
    hint = bot.hint(obs)
    suggested = hint.cards[0]
    costs = hint.costs or {suggested: 0.0}  # one legal card: nothing to compare
    trick = sum(1 for t in obs.tricks if t.winner is not None)
    return PlayCheck(len(obs.played), trick, obs.seat, played, suggested, costs[played], costs[suggested], bot.last_worlds)


def replay_deal(game: Game, deal: int = -1) -> Game:
    """A new one-deal ``Game`` holding deal ``deal`` of ``game`` as dealt and passed, before its first play."""
    log: DealLog = game.deals[deal]
    rules = game.rules.replace(pass_schedule=(log.direction,), first_dealer=log.dealer, deal_count=1, target_score=None)
    again = Game(rules, seed=0)
    again.deal_hands([cards_of(h) for h in log.hands], cards_of(log.kitty), log.stock, log.dealer)
    if again.phase == "passing":
        for seat, passed in enumerate(log.passes):
            if passed is None:
                raise ValueError(f"deal {deal}: seat {seat} has not passed yet")
            again.pass_cards(seat, cards_of(passed))
    return again


def check_deal(
    game: Game,
    deal: int = -1,
    seats: Iterable[int] | None = None,
    level: str = "hard",
    budget: int | None = None,
    threshold: float = DEFAULT_THRESHOLD,
    seed: int = 0,
) -> list[PlayCheck]:
    """The plays of ``seats`` (default: every seat) in deal ``deal`` of ``game`` that trailed the bot's choice by more than ``threshold``.

    The deal is replayed play by play; each play is checked from its seat's
    observation at that moment, with a search bot seeded ``seed`` plus the
    play's number, so the result is reproducible.
    """
    log = game.deals[deal]
    checked = set(range(game.players) if seats is None else seats)
    again = replay_deal(game, deal)
    found: list[PlayCheck] = []
    for index, card in enumerate(log.plays):
        seat = again.turn
        assert seat is not None
        if seat in checked and len(again.legal_cards(seat)) > 1:
            check = check_play(again.observation(seat), card, level, budget, seed + index)
            assert check.index == index and check.seat == seat
            if check.loss > threshold:
                found.append(check)
        again.play(card, seat)
    return found


__all__ = ["DEFAULT_THRESHOLD", "PlayCheck", "check_deal", "check_play", "replay_deal"]
