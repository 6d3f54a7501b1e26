"""What one seat may know, and nothing else.

An ``Observation`` is built from the game for one seat: its own hand, its own
pass and what it received, every played card and who played it, tricks and
the points in them, voids shown, scores and whose turn it is. It never holds
another seat's hand or pass, the kitty (unless this seat took it) or the
stock. Bots receive observations, never the game.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from blackmaria.cards import CARD_NAMES, Card, CardSet, cards_of, parse_card
from blackmaria.core import logic as core
from blackmaria.core.state import Refusal, State, Trick, check_seat
from blackmaria.rules import Rules

if TYPE_CHECKING:
    from blackmaria.game import Game

SPECTATOR: Final = -1
"""The ``seat`` of a spectator's observation: no hand, no pass, no choice."""


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
    choices: CardSet = CardSet()
    """What this seat may choose now: the cards it may still pick for its pass while passing, the legal cards on its turn."""
    refusals: Mapping[Card, Refusal] = field(default_factory=dict)
    """For every card in hand it may not choose now (while it has a decision), the rule and its facts."""
    picked: CardSet = CardSet()
    """The cards of its pass chosen so far, one at a time (the flat action layer), before the pass is complete."""

    @property
    def is_spectator(self) -> bool:
        return self.seat == SPECTATOR

    @property
    def received_marked(self) -> CardSet:
        """The received cards a hand marks: all of them through the first trick, then none once this seat plays in a
        later one (by then the player has seen them; a mark all deal long reads as something still to do). The first
        trick's card does not take them: it may be played for the player at once, a first lead the rules fix (the two of
        clubs) or a forced card played by the front end's autoplay, before the marks were seen (two play-tests). One
        rule for every front end, so the terminal and the browser cannot drift apart."""
        if self.received is None:
            return CardSet()
        later = any(seat == self.seat for trick in self.tricks[1:] for seat, _ in trick.plays)
        return CardSet() if later else self.received & self.hand

    @property
    def held(self) -> CardSet:
        """The cards a hand shows: a pass made leaves it at once, though the exchange waits for the other seats (a
        play-test at a table of people saw all thirteen still there after passing). One rule for every front end."""
        if self.phase == "passing" and self.passed is not None:
            return self.hand - self.passed
        return self.hand

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
            "received_marked": cards(self.received_marked),
            "held": cards(self.held),
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
            "choices": cards(self.choices),
            "refusals": {CARD_NAMES[card]: refusal.to_dict() for card, refusal in sorted(self.refusals.items())},
            "picked": cards(self.picked),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], rules: Rules, seats: tuple[str, ...]) -> Observation:
        """The observation ``to_dict`` wrote, under ``rules`` with seat names ``seats`` (which ``to_dict`` leaves out)."""

        def cards(value: Any) -> CardSet | None:
            return None if value is None else CardSet.parse(value)

        def tuple_of(value: Any) -> tuple[Any, ...]:
            return tuple(value)

        tricks = tuple(
            Trick(t["leader"], tuple((seat, parse_card(card)) for seat, card in t["plays"]), t["winner"]) for t in data["tricks"]
        )
        return cls(
            seat=data["seat"],
            rules=rules,
            seats=seats,
            phase=data["phase"],
            deal=data["deal"],
            dealer=data["dealer"],
            direction=data["direction"],
            pass_to=data["pass_to"],
            pass_from=data["pass_from"],
            hand=CardSet.parse(data["hand"]),
            dealt=CardSet.parse(data["dealt"]),
            passed=cards(data["passed"]),
            received=cards(data["received"]),
            has_passed=tuple_of(data["has_passed"]),
            tricks=tricks,
            leader=data["leader"],
            turn=data["turn"],
            legal=CardSet.parse(data["legal"]),
            played=CardSet.parse(data["played"]),
            trick_points=tuple_of(data["trick_points"]),
            tricks_won=tuple_of(data["tricks_won"]),
            voids=tuple(tuple(v) for v in data["voids"]),
            hearts_broken=data["hearts_broken"],
            cards_left=tuple_of(data["cards_left"]),
            stock_left=data["stock_left"],
            drawn=CardSet.parse(data["drawn"]),
            kitty_size=data["kitty_size"],
            kitty=cards(data["kitty"]),
            kitty_owner=data["kitty_owner"],
            totals=tuple_of(data["totals"]),
            deal_points=tuple(tuple(p) for p in data["deal_points"]),
            winners=tuple_of(data["winners"]),
            choices=CardSet.parse(data.get("choices", [])),
            refusals={parse_card(name): Refusal.from_dict(r) for name, r in data.get("refusals", {}).items()},
            picked=CardSet.parse(data.get("picked", [])),
        )


def observe(game: Game, seat: int | None) -> Observation:
    """What ``seat`` may know of ``game`` (None: a spectator)."""
    n = game.players
    if seat is not None:
        check_seat(seat, n)
    return _observe(
        game.state,
        SPECTATOR if seat is None else seat,
        rules=game.rules,
        seats=game.seats,
        phase=game.phase,
        dealer=game.dealer,
        direction=game.direction,
        totals=tuple(game.totals),
        deal_points=game.deal_points,
        winners=game.winners,
    )


def observe_state(state: State, seat: int | None) -> Observation:
    """What ``seat`` may know of one deal's ``State`` (None: a spectator); totals are this deal's points."""
    n = state.players
    if seat is not None:
        check_seat(seat, n)
    over = state.is_terminal()
    points = state.points()
    return _observe(
        state,
        SPECTATOR if seat is None else seat,
        rules=state.rules,
        seats=state.names,
        phase="deal-over" if over else state.phase,
        dealer=state.dealer,
        direction=state.direction,
        totals=points if over else (0,) * n,
        deal_points=(points,) if over else (),
        winners=(),
    )


def _observe(
    state: State | None,
    seat: int,
    *,
    rules: Rules,
    seats: tuple[str, ...],
    phase: str,
    dealer: int,
    direction: str,
    totals: tuple[int, ...],
    deal_points: tuple[tuple[int, ...], ...],
    winners: tuple[int, ...],
) -> Observation:
    """The one builder of observations: every private field is filled only for the seat itself."""
    n = rules.players
    me = seat if seat >= 0 else None
    empty = CardSet()
    if state is None:
        return Observation(
            seat=seat, rules=rules, seats=seats, phase=phase, deal=-1, dealer=dealer, direction=direction,
            pass_to=None, pass_from=None, hand=empty, dealt=empty, passed=None, received=None,
            has_passed=(False,) * n, tricks=(), leader=None, turn=None, legal=empty, played=empty,
            trick_points=(0,) * n, tricks_won=(0,) * n, voids=((),) * n, hearts_broken=False,
            cards_left=(0,) * n, stock_left=0, drawn=empty, kitty_size=rules.kitty_size, kitty=None,
            kitty_owner=None, totals=totals, deal_points=deal_points, winners=winners,
        )  # fmt: skip
    s = state.s
    in_deal = phase in ("passing", "playing")
    playing = phase == "playing"
    exchanged = state.exchanged
    tricks = state.trick_tuple()
    owner = s[core.KITTY_OWNER] if s[core.KITTY_OWNER] >= 0 else None
    trick_winners = state.winners
    tricks_won = tuple(trick_winners.count(i) for i in range(n))
    values, scoring = rules.values, _scoring_mask(rules)
    # What each seat took, less a kitty it took where this view may not see it (hidden from the others; its taker's
    # own points count it: a play-test's "18" left out the 2♥ of the kitty it had taken and seen).
    kitty_visible = (me is not None and owner == me) or not in_deal
    kitty_taken = state.kitty_dealt if owner is not None and not kitty_visible else 0
    trick_points = tuple(
        sum(values[c] for c in cards_of(s[core.TAKEN + i] & ~kitty_taken & scoring)) if s[core.TAKEN + i] else 0 for i in range(n)
    )
    kitty = CardSet(state.kitty_dealt) if state.kitty_dealt and kitty_visible else None
    turn = s[core.TURN] if playing else None
    hand = passed = received = drawn = choices = picked = None
    refusals: Mapping[Card, Refusal] = {}
    pass_to = pass_from = None
    if me is not None:
        hand = CardSet(s[core.HAND + me]) if in_deal else empty
        given = state.passes[me]
        passed = CardSet(given) if given is not None else None
        pass_to, pass_from = state.pass_target(me), state.pass_source(me)
        if exchanged and pass_from is not None:
            received = CardSet(state.passes[pass_from] or 0)
        drawn = CardSet(_drawn_by(state, tricks, me))
        deciding = (phase == "passing" and given is None) or (playing and turn == me)
        if deciding:
            choices = CardSet(state.legal_mask(me))
            refusals = LazyRefusals(state.seat_view(me), me)
        if phase == "passing" and given is None:
            picked = CardSet(state.picks[me])
    return Observation(
        seat=seat,
        rules=rules,
        seats=seats,
        phase=phase,
        deal=state.deal,
        dealer=dealer,
        direction=direction,
        pass_to=pass_to,
        pass_from=pass_from,
        hand=hand or empty,
        dealt=CardSet(state.dealt[me]) if me is not None else empty,
        passed=passed,
        received=received,
        has_passed=tuple(given is not None for given in state.passes),
        tricks=tricks,
        leader=s[core.LEADER] if playing else None,
        turn=turn,
        legal=choices if playing and choices is not None else empty,
        played=CardSet(s[core.PLAYED]),
        trick_points=trick_points,
        tricks_won=tricks_won,
        # (facts of the deal's history: still so once it is over; a finished deal's said hearts were never broken)
        voids=tuple(_SUITS_OF[s[core.VOIDS + i]] for i in range(n)),
        hearts_broken=bool(s[core.HEARTS_BROKEN]),
        cards_left=tuple(s[core.HAND + i].bit_count() if in_deal else 0 for i in range(n)),
        stock_left=s[core.STOCK_SIZE] - s[core.STOCK_TOP] if in_deal else 0,
        drawn=drawn or empty,
        kitty_size=rules.kitty_size,
        kitty=kitty,
        kitty_owner=owner,
        totals=totals,
        deal_points=deal_points,
        winners=winners,
        choices=choices or empty,
        refusals=refusals,
        picked=picked or empty,
    )


_SUITS_OF: Final = tuple(tuple(suit for suit in range(4) if mask >> suit & 1) for mask in range(16))
"""The suits of a void mask (bit per suit), as a tuple."""

_SCORING: dict[Rules, int] = {}


def _scoring_mask(rules: Rules) -> int:
    """The cards in play with a value (positive or negative)."""
    mask = _SCORING.get(rules)
    if mask is None:
        mask = _SCORING[rules] = sum(1 << c for c in range(52) if rules.values[c] and rules.in_play_mask >> c & 1)
    return mask


class LazyRefusals(Mapping[Card, Refusal]):
    """``State.refusals(seat)`` of a snapshot, worked out when first read (most readers, bots among them, never do).
    The snapshot is the seat's view (``State.seat_view``): a bot reading it, or an observation pickled into a replay
    buffer, finds no card the seat may not know."""

    __slots__ = ("_state", "_seat", "_found")

    def __init__(self, state: State, seat: int) -> None:
        self._state: State | None = state
        self._seat = seat
        self._found: dict[Card, Refusal] = {}

    def _all(self) -> dict[Card, Refusal]:
        if self._state is not None:
            self._found = self._state.refusals(self._seat)
            self._state = None
        return self._found

    def __getitem__(self, card: Card) -> Refusal:
        return self._all()[card]

    def __iter__(self) -> Iterator[Card]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __repr__(self) -> str:
        return repr(self._all())


def _drawn_by(state: State, tricks: tuple[Trick, ...], seat: int) -> int:
    """The cards ``seat`` drew from the two-player stock this deal: the winner of each trick draws first."""
    drawn_count = state.s[core.STOCK_TOP]
    if not drawn_count:
        return 0
    n = state.players
    mask = 0
    for k, trick in enumerate(tricks):
        if trick.winner is None or k * n >= drawn_count:
            break
        for j in range(n):
            if (trick.winner + j) % n == seat:
                mask |= 1 << state.stock_dealt[k * n + j]
    return mask
