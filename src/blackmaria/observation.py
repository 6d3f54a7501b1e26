"""What one seat may know, and nothing else.

An ``Observation`` is built from the game for one seat: its own hand, its own
pass and what it received, every played card and who played it, tricks and
the points in them, voids shown, scores and whose turn it is. It never holds
another seat's hand or pass, the kitty (unless this seat took it) or the
stock. Bots receive observations, never the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from blackmaria.cards import CARD_NAMES, CardSet
from blackmaria.core import logic as core
from blackmaria.events import CardDrawn
from blackmaria.rules import Rules

if TYPE_CHECKING:
    from blackmaria.game import Game, Trick


@dataclass(frozen=True)
class Observation:
    seat: int
    rules: Rules
    seats: tuple[str, ...]
    phase: str
    deal: int
    dealer: int
    direction: str
    pass_to: int | None
    pass_from: int | None
    hand: CardSet
    dealt: CardSet
    passed: CardSet | None
    received: CardSet | None
    has_passed: tuple[bool, ...]
    tricks: tuple[Trick, ...]
    """This deal's tricks, the current (incomplete) one last while a trick is in play."""
    leader: int | None
    turn: int | None
    legal: CardSet
    played: CardSet
    trick_points: tuple[int, ...]
    """Points in the tricks each seat has won this deal (a kitty taken by another seat is not known)."""
    tricks_won: tuple[int, ...]
    voids: tuple[tuple[int, ...], ...]
    hearts_broken: bool
    cards_left: tuple[int, ...]
    stock_left: int
    drawn: CardSet
    kitty_size: int
    kitty: CardSet | None
    """The kitty, once this seat has taken it (every seat sees it when the deal is scored)."""
    kitty_owner: int | None
    totals: tuple[int, ...]
    deal_points: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]

    @property
    def current_trick(self) -> Trick | None:
        if self.tricks and self.tricks[-1].winner is None:
            return self.tricks[-1]
        return None

    def known_cards(self) -> CardSet:
        """Every card this observation reveals: a check that nothing hidden leaks."""
        known = self.hand | self.dealt | self.played | self.drawn
        for extra in (self.passed, self.received, self.kitty):
            if extra is not None:
                known = known | extra
        return known

    def to_dict(self) -> dict[str, Any]:
        def cards(value: CardSet | None) -> list[str] | None:
            return None if value is None else value.names()

        return {
            "seat": self.seat,
            "phase": self.phase,
            "deal": self.deal,
            "dealer": self.dealer,
            "direction": self.direction,
            "pass_to": self.pass_to,
            "pass_from": self.pass_from,
            "hand": cards(self.hand),
            "dealt": cards(self.dealt),
            "passed": cards(self.passed),
            "received": cards(self.received),
            "has_passed": list(self.has_passed),
            "tricks": [
                {"leader": t.leader, "plays": [[seat, CARD_NAMES[c]] for seat, c in t.plays], "winner": t.winner} for t in self.tricks
            ],
            "leader": self.leader,
            "turn": self.turn,
            "legal": cards(self.legal),
            "played": cards(self.played),
            "trick_points": list(self.trick_points),
            "tricks_won": list(self.tricks_won),
            "voids": [list(v) for v in self.voids],
            "hearts_broken": self.hearts_broken,
            "cards_left": list(self.cards_left),
            "stock_left": self.stock_left,
            "drawn": cards(self.drawn),
            "kitty_size": self.kitty_size,
            "kitty": cards(self.kitty),
            "kitty_owner": self.kitty_owner,
            "totals": list(self.totals),
            "deal_points": [list(p) for p in self.deal_points],
            "winners": list(self.winners),
        }


def observe(game: Game, seat: int) -> Observation:
    n = game.players
    if not 0 <= seat < n:
        raise ValueError(f"seat {seat} does not exist with {n} players")
    s = game._s  # the observation is the one place that reads the full state for a seat
    p = game._p
    log = game.deals[-1] if game.deals else None
    in_deal = game.phase in ("passing", "playing")
    exchanged = log is not None and log.direction != "hold" and all(x is not None for x in log.passes) and game.phase != "passing"
    own_pass = log.passes[seat] if log is not None else None
    passed = CardSet(own_pass) if own_pass is not None else None
    received = None
    pass_from = game.pass_source(seat) if log is not None else None
    if exchanged and pass_from is not None and log is not None:
        received = CardSet(log.passes[pass_from] or 0)
    tricks = tuple(game.tricks) if log is not None else ()
    won_cards = [0] * n
    tricks_won = [0] * n
    for trick in tricks:
        if trick.winner is not None:
            tricks_won[trick.winner] += 1
            for _, card in trick.plays:
                won_cards[trick.winner] |= 1 << card
    trick_points = [core.card_points(p, mask) if mask else 0 for mask in won_cards]
    drawn = 0
    if log is not None and game.rules.stock_size:  # only the two-player game draws
        for event in game.events[log.first_event :]:
            if isinstance(event, CardDrawn) and event.seat == seat and event.card is not None:
                drawn |= 1 << event.card
    owner = s[core.KITTY_OWNER] if log is not None and s[core.KITTY_OWNER] >= 0 else None
    kitty_visible = owner == seat or (log is not None and game.phase in ("deal-over", "game-over"))
    kitty = CardSet(log.kitty) if log is not None and log.kitty and kitty_visible else None
    turn = game.turn
    return Observation(
        seat=seat,
        rules=game.rules,
        seats=game.seats,
        phase=game.phase,
        deal=game.deal_index,
        dealer=game.dealer,
        direction=game.direction,
        pass_to=game.pass_target(seat) if log is not None else None,
        pass_from=pass_from,
        hand=game.hand(seat) if in_deal else CardSet(),
        dealt=CardSet(log.hands[seat]) if log is not None else CardSet(),
        passed=passed,
        received=received,
        has_passed=tuple(log.passes[i] is not None for i in range(n)) if log is not None else (False,) * n,
        tricks=tricks,
        leader=s[core.LEADER] if game.phase == "playing" else None,
        turn=turn,
        legal=game.legal_cards(seat) if turn == seat else CardSet(),
        played=CardSet(s[core.PLAYED]) if log is not None else CardSet(),
        trick_points=tuple(trick_points),
        tricks_won=tuple(tricks_won),
        voids=tuple(game.voids(i) if in_deal else () for i in range(n)),
        hearts_broken=game.hearts_broken if in_deal else False,
        cards_left=tuple(len(game.hand(i)) if in_deal else 0 for i in range(n)),
        stock_left=len(game.stock) if in_deal else 0,
        drawn=CardSet(drawn),
        kitty_size=game.rules.kitty_size,
        kitty=kitty,
        kitty_owner=owner,
        totals=tuple(game.totals),
        deal_points=tuple(d.points for d in game.deals if d.points is not None),
        winners=game.winners,
    )
