"""``Game``: whole games over the rules core, with checked actions, events and observations.

Every action is checked: ``can_play``/``legal_cards``/``play`` and
``can_pass``/``pass_cards``. An illegal action raises an error that names the
card, the seat and the rule, and changes nothing. Everything that happens is
appended to ``game.events``.

>>> from blackmaria.cards import parse_cards
>>> game = Game("hearts", seed=7)
>>> game.deal()
>>> game.phase
'passing'
>>> for seat in range(4):
...     _ = game.pass_cards(seat, sorted(game.hand(seat))[-3:])
>>> game.phase, game.turn == game.holder(parse_cards("2C")[0])
('playing', True)
>>> game.can_play("AH")
False
"""

from __future__ import annotations

import copy as _copy
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final, Literal

from blackmaria.cards import Card, CardSet, card_name, cards_of, mask_of, parse_card, rank_of
from blackmaria.core import logic as core
from blackmaria.core.state import TERMINAL, State, Trick, card_of_action, check_seat, not_a_card, params_of
from blackmaria.errors import GameError, IllegalDeal, IllegalPass, IllegalPlay
from blackmaria.events import (
    CardDrawn,
    CardPlayed,
    CardsPassed,
    CardsReceived,
    Cut,
    DealerChosen,
    DealScored,
    DealStarted,
    Event,
    GameOver,
    HandDealt,
    KittyTaken,
    PlayStarted,
    SuddenDeath,
    TrickWon,
)
from blackmaria.rules import PassDirection, Rules, load_rules, rules_for

if TYPE_CHECKING:
    from blackmaria.observation import Observation

Phase = Literal["not-started", "passing", "playing", "deal-over", "game-over"]


@dataclass(frozen=True)
class DealLog:
    """What happened in one deal, in the form of a game record: a read-only view of the deal's ``State``."""

    dealer: int
    hands: tuple[int, ...]
    kitty: int
    stock: tuple[Card, ...]
    direction: PassDirection
    passes: tuple[int | None, ...]
    plays: tuple[Card, ...] = ()
    first_event: int = 0
    """Index in ``Game.events`` of this deal's ``DealStarted``."""
    points: tuple[int, ...] | None = None
    moon_shooter: int | None = None


@dataclass(frozen=True)
class Verdict:
    """Where a game stands after a deal: over (with winners), or on to a sudden-death deal, or neither."""

    over: bool
    winners: tuple[int, ...] = ()
    sudden_death: bool = False
    tied: tuple[int, ...] = ()


def game_verdict(rules: Rules, totals: Sequence[int], deals_played: int) -> Verdict:
    """The rules' end condition: a target reached or the deals played, the lowest total winning, ties as the table chose."""
    ended = (rules.target_score is not None and max(totals) >= rules.target_score) or (
        rules.deal_count is not None and deals_played >= rules.deal_count
    )
    if not ended:
        return Verdict(False)
    low = min(totals)
    lowest = tuple(seat for seat, total in enumerate(totals) if total == low)
    if len(lowest) > 1 and rules.ties == "sudden-death":
        return Verdict(False, sudden_death=True, tied=lowest)
    return Verdict(True, winners=lowest)


_PHASE_WORDS: dict[str, str] = {
    "not-started": "the game has not started",
    "passing": "the cards are being passed",
    "playing": "the cards are being played",
    "deal-over": "the deal is over",
    "game-over": "the game is over",
}
"""Where the game stands, as the end of a sentence ("... cannot be played now: the game is over")."""


def _named(card: Card | str) -> Card:
    return parse_card(card) if isinstance(card, str) else card


def _as_card(card: Card | str, verb: Literal["play", "pass"] = "play", seat: int | None = None, who: str | None = None) -> Card:
    """The card ``card`` names (its number, or text such as ``QS``); a number that is no card, a bool, a float or a
    text that names no card is refused (rule ``not-a-card``) before anything is changed."""
    if isinstance(card, str):
        try:
            return parse_card(card)
        except ValueError as error:  # (a plain ValueError had no rule, where a number that is no card has one)
            text = f"{who} cannot {verb} {card!r}: {error}" if who is not None else str(error)
            raise (IllegalPlay if verb == "play" else IllegalPass)(text, rule="not-a-card", seat=seat) from None
    named = card_of_action(card)
    if named is None:
        raise not_a_card(card, seat, who, verb)
    return named


def scores_the_same(states: Iterable[list[int]], p: Sequence[int], players: int, max_positions: int) -> bool | None:
    """Whether, from each of ``states`` (kernel state vectors, in play), every way of playing out the deal ends with the
    same points for every seat (each state its own); None when ``max_positions`` positions were visited before an
    answer (no two outcomes found, but not every way seen)."""
    budget = [max_positions]

    def explore(s: list[int], outcomes: set[tuple[int, ...]]) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if s[core.PHASE] == core.PHASE_OVER:
            points = [0] * players
            core.score_deal(s, p, points)
            outcomes.add(tuple(points))
            return len(outcomes) == 1
        for card in cards_of(core.legal_cards(s, p, s[core.TURN])):
            child = list(s)
            core.play_card(child, p, card)
            if not explore(child, outcomes):
                return False
        return True

    same = all(explore(s, set()) for s in states)
    return None if budget[0] < 0 else same


def cut_winner(cut: Cut, players: int) -> int:
    """The seat a cut chooses to deal first; ``IllegalDeal`` (rule ``dealer``) where its rounds are not a cut: the
    first of every seat, each next of the seats tied at the top rank, a card once a round, the last with one highest."""
    contenders = list(range(players))
    for number, rnd in enumerate(cut, 1):
        seats = [seat for seat, _ in rnd]
        cards = [card for _, card in rnd]
        if seats != contenders or len(set(cards)) != len(cards) or not all(0 <= c < 52 for c in cards):
            raise IllegalDeal(
                f"dealer: round {number} of the cut {_cut_text(cut)} is not one card each of seats {contenders}", rule="dealer"
            )
        best = max(rank_of(c) for c in cards)
        contenders = [seat for seat, card in rnd if rank_of(card) == best]
    if len(contenders) != 1:
        raise IllegalDeal(f"dealer: the cut {_cut_text(cut)} leaves seats {contenders} tied", rule="dealer")
    return contenders[0]


def _cut_text(cut: Cut) -> str:
    return " / ".join(" ".join(f"{seat}:{card_name(card)}" for seat, card in rnd) for rnd in cut)


DEALER_METHODS: Final = ("given", "rules", "random", "cut")
"""How a game's first dealer was chosen (``DealerChosen.method``): given by the caller, fixed by the rules, drawn, cut."""


class Game:
    """A whole game under one rule set: deals, passes, plays, scores, and the event log.

    Each deal is a ``State`` of the flat action layer (``game.state``), whose
    history of ``(seat, card)`` actions is the one log of the deal; the
    events, the deal logs and the tricks are views derived from it.
    """

    def __init__(
        self,
        rules: Rules | str = "black-maria",
        *,
        seats: Sequence[str] | None = None,
        seed: int | None = None,
        rng: random.Random | None = None,
        first_dealer: int | None = None,
        players: int | None = None,
        dealer_chosen_by: str = "given",
        dealer_cut: Cut = (),
    ) -> None:
        if isinstance(rules, str) and (rules.endswith((".toml", ".json")) or Path(rules).is_file()):
            raise ValueError(f"rules: {rules!r} is a file; read it with Game.from_file({rules!r}) or load_rules")
        # ``players`` as every environment takes it (a researcher's Game("hearts", players=3) was a TypeError)
        self.rules: Rules = rules_for(rules, players)
        n = self.rules.players
        self.seats: tuple[str, ...] = tuple(seats) if seats is not None else tuple(f"Player {i + 1}" for i in range(n))
        if len(self.seats) != n:
            raise ValueError(f"seats: {len(self.seats)} names given for {n} players")
        self._rng = rng if rng is not None else random.Random(seed)
        self._events: list[Event] = []
        self._states: list[State] = []
        self._first_events: list[int] = []
        self._logs: list[DealLog] = []
        """The deal logs of finished deals (a finished deal no longer changes)."""
        self.totals: list[int] = [0] * n
        self._over = False
        self._winners: tuple[int, ...] = ()
        if dealer_chosen_by not in DEALER_METHODS:
            raise ValueError(f"dealer_chosen_by: one of {', '.join(DEALER_METHODS)}; got {dealer_chosen_by!r}")
        if dealer_cut and (dealer_chosen_by != "cut" or first_dealer is None):
            raise ValueError("dealer_cut: the cards of a cut come with the dealer it chose (dealer_chosen_by='cut', first_dealer)")
        self.first_dealer = self._choose_first_dealer(first_dealer, dealer_chosen_by, tuple(tuple(r) for r in dealer_cut))

    @classmethod
    def from_file(cls, path: str | Path, *, players: int | None = None, **options: object) -> Game:
        """A game under the house rules in ``path`` (TOML or JSON); ``options`` as for ``Game``."""
        path = Path(path)
        if not path.is_file():
            raise FileNotFoundError(f"rules file {str(path)!r} does not exist")
        return cls(load_rules(str(path), players), **options)  # type: ignore[arg-type]

    # ---- set-up -------------------------------------------------------------
    def _choose_first_dealer(self, given: int | None, chosen_by: str = "given", cut: Cut = ()) -> int:
        """The first dealer: ``given`` (said to be chosen by ``chosen_by``, with the cards of its ``cut``: a record's
        replay keeps the cut it was), else as the rules say, else at random or by a cut."""
        n = self.rules.players
        wanted = self.rules.first_dealer
        if given is not None:
            if not 0 <= given < n:
                raise IllegalDeal(f"dealer: seat {given} does not exist with {n} players", rule="dealer")
            if isinstance(wanted, int) and given != wanted:
                raise IllegalDeal(f"dealer: the rules say seat {wanted} deals first, not seat {given}", rule="dealer")
            if cut and cut_winner(cut, n) != given:
                raise IllegalDeal(f"dealer: the cut {_cut_text(cut)} does not choose seat {given}", rule="dealer")
            self._events.append(DealerChosen(given, chosen_by, cut))
            return given
        if isinstance(wanted, int):
            self._events.append(DealerChosen(wanted, "rules"))
            return wanted
        if wanted == "random":
            seat = self._rng.randrange(n)
            self._events.append(DealerChosen(seat, "random"))
            return seat
        # A cut: everyone cuts a card, highest rank deals; tied seats cut again.
        contenders = list(range(n))
        rounds = []
        while len(contenders) > 1:
            cards = self._rng.sample(range(52), len(contenders))
            rounds.append(tuple(zip(contenders, cards, strict=True)))
            best = max(rank_of(c) for c in cards)
            contenders = [seat for seat, c in zip(contenders, cards, strict=True) if rank_of(c) == best]
        self._events.append(DealerChosen(contenders[0], "cut", tuple(rounds)))
        return contenders[0]

    # ---- state ---------------------------------------------------------------
    @property
    def state(self) -> State | None:
        """The current (or last) deal in the flat action layer; None before the first deal. It is the game's own: read
        it; its actions go through the game (its ``apply_action`` refuses), or to a copy, ``game.state.clone()``."""
        return self._states[-1] if self._states else None

    @property
    def _s(self) -> list[int]:
        """The current deal's state vector (``core.logic``'s layout)."""
        return self._states[-1].s if self._states else [0] * core.STATE_SIZE

    @property
    def _p(self) -> tuple[int, ...]:
        return params_of(self.rules) if not self._states else self._states[-1].p

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that happened, in order (read-only; derived from the deals' actions)."""
        return tuple(self._events)

    @property
    def phase(self) -> Phase:
        if not self._states:
            return "not-started"
        if self._over:
            return "game-over"
        phase = self._states[-1].s[core.PHASE]
        if phase == core.PHASE_PLAYING:
            return "playing"
        return "deal-over" if phase == core.PHASE_OVER else "passing"

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def deal_index(self) -> int:
        """The current (or last) deal, counting from 0; -1 before the first deal."""
        return len(self._states) - 1

    @property
    def deals(self) -> list[DealLog]:
        """Each deal so far in the form of a game record (views of the deals' states)."""
        logs = list(self._logs)
        if len(logs) < len(self._states):
            logs.append(self._deal_log(len(self._states) - 1))
        return logs

    def _deal_log(self, index: int, scored: tuple[tuple[int, ...], int | None] | None = None) -> DealLog:
        state = self._states[index]
        points, shooter = scored if scored is not None else (state.points() if state.is_terminal() else None, state.moon_shooter())
        return DealLog(
            dealer=state.dealer,
            hands=state.dealt,
            kitty=state.kitty_dealt,
            stock=state.stock_dealt,
            direction=state.direction,
            passes=tuple(state.passes),
            plays=tuple(card for _, card in state.plays()),
            first_event=self._first_events[index],
            points=points,
            moon_shooter=shooter,
        )

    @property
    def deal_points(self) -> tuple[tuple[int, ...], ...]:
        """Each finished deal's points, in order."""
        return tuple(log.points for log in self._logs if log.points is not None)

    @property
    def dealer(self) -> int:
        return self._states[-1].dealer if self._states else self.first_dealer

    @property
    def direction(self) -> PassDirection:
        return self._states[-1].direction if self._states else self.rules.pass_direction(0)

    @property
    def turn(self) -> int | None:
        """The seat to play a card, or None outside the play (during a pass too: ``current_player()`` is the seat to
        decide in every phase)."""
        if not self._states or self._over:
            return None
        s = self._states[-1].s
        return s[core.TURN] if s[core.PHASE] == core.PHASE_PLAYING else None

    @property
    def winners(self) -> tuple[int, ...]:
        return self._winners

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def tricks(self) -> list[Trick]:
        """This deal's tricks so far, the current one last (possibly incomplete)."""
        return self._states[-1].tricks() if self._states else []

    @property
    def hearts_broken(self) -> bool:
        return bool(self._s[core.HEARTS_BROKEN])

    def hand(self, seat: int) -> CardSet:
        return CardSet(self._s[core.HAND + check_seat(seat, self.players)])

    def taken(self, seat: int) -> CardSet:
        return CardSet(self._s[core.TAKEN + check_seat(seat, self.players)])

    def holder(self, card: Card | str) -> int | None:
        card = _named(card)
        s = self._s
        for seat in range(self.players):
            if s[core.HAND + seat] >> card & 1:
                return seat
        return None

    @property
    def kitty(self) -> CardSet:
        return CardSet(self._s[core.KITTY])

    @property
    def stock(self) -> list[Card]:
        """The cards left in the two-player stock, top first."""
        s = self._s
        return [s[core.STOCK + i] for i in range(s[core.STOCK_TOP], s[core.STOCK_SIZE])]

    def points_taken(self, seat: int) -> int:
        """Card points in what ``seat`` has taken this deal (before any moon shot)."""
        return core.card_points(self._p, self._s[core.TAKEN + seat])

    def voids(self, seat: int) -> tuple[int, ...]:
        """Suits ``seat`` has shown to be void in (by not following)."""
        mask = self._s[core.VOIDS + seat]
        return tuple(suit for suit in range(4) if mask >> suit & 1)

    # ---- dealing -----------------------------------------------------------
    def _next_dealer(self) -> int:
        if not self._states:
            return self.first_dealer
        return (self._states[-1].dealer + 1) % self.players

    def _check_can_deal(self) -> None:
        if self._over:
            raise IllegalDeal(f"the game ended after deal {len(self._states)}; no further deal may be played", rule="game-over")
        if self._states and not self._states[-1].is_terminal():
            raise IllegalDeal(f"deal {len(self._states)} is still being played", rule="deal-in-progress")

    def deal(self, deck: Sequence[Card | str] | None = None) -> None:
        """Start the next deal: shuffle with the game's generator, or deal ``deck`` (top card first)."""
        self._check_can_deal()
        in_play = self.rules.in_play_mask
        if deck is None:
            cards = cards_of(in_play)
            self._rng.shuffle(cards)
        else:
            cards = [_named(c) for c in deck]
            if len(cards) != len(set(cards)) or mask_of(cards) != in_play:
                raise IllegalDeal("deck: a deck must hold each card in play exactly once", rule="deck")
        self._start_deal(State.dealt_from(self.rules, cards, dealer=self._next_dealer(), deal=len(self._states), names=self.seats))

    def deal_hands(
        self,
        hands: Sequence[Iterable[Card | str]],
        kitty: Iterable[Card | str] = (),
        stock: Iterable[Card | str] = (),
        dealer: int | None = None,
    ) -> None:
        """Start the next deal with fixed hands (a test deck or a game record), checked against the rules."""
        self._check_can_deal()
        rules = self.rules
        n = rules.players
        expected_dealer = self._next_dealer()
        if dealer is not None and dealer != expected_dealer:
            raise IllegalDeal(
                f"dealer: seat {dealer} is out of rotation; seat {expected_dealer} deals deal {len(self._states) + 1}",
                rule="dealer-rotation",
            )
        if len(hands) != n:
            raise IllegalDeal(f"hands: {len(hands)} hands given for {n} players", rule="deal-size")
        seen = 0
        masks = []
        for seat, hand in enumerate(hands):
            cards = [_named(c) for c in hand]
            if len(cards) != rules.hand_size:
                raise IllegalDeal(
                    f"hands: seat {seat} holds {len(cards)} cards; each hand must hold {rules.hand_size}", rule="deal-size", seat=seat
                )
            masks.append(self._check_new_cards(f"hand of seat {seat}", cards, seen))
            seen |= masks[-1]
        kitty_cards = [_named(c) for c in kitty]
        stock_cards = [_named(c) for c in stock]
        for name, cards, size in (("kitty", kitty_cards, rules.kitty_size), ("stock", stock_cards, rules.stock_size)):
            if len(cards) != size:
                raise IllegalDeal(f"{name}: {len(cards)} cards given; these rules need {size}", rule="deal-size")
            seen |= self._check_new_cards(name, cards, seen)
        state = State(
            rules, masks, kitty=mask_of(kitty_cards), stock=stock_cards, dealer=expected_dealer, deal=len(self._states), names=self.seats
        )
        self._start_deal(state)

    def _check_new_cards(self, where: str, cards: list[Card], seen: int) -> int:
        mask = 0
        for card in cards:
            if not self.rules.in_play_mask >> card & 1:
                raise IllegalDeal(f"{where}: {card_name(card)} is removed from the deck under these rules", rule="removed-card", card=card)
            if (seen | mask) >> card & 1:
                raise IllegalDeal(f"{where}: {card_name(card)} is dealt twice", rule="duplicate-card", card=card)
            mask |= 1 << card
        return mask

    def _start_deal(self, state: State) -> None:
        state.kept_by_game = True  # (its actions are the game's: State.apply_action refuses)
        self._states.append(state)
        self._first_events.append(len(self._events))
        self._emit_deal_start(state)

    def _emit_deal_start(self, state: State) -> None:
        r = self.rules
        events = self._events
        events.append(DealStarted(state.deal, state.dealer, state.direction, r.hand_size, r.kitty_size, r.stock_size))
        for seat in range(self.players):
            events.append(HandDealt(seat, tuple(cards_of(state.dealt[seat]))))
        if state.offset == 0:
            self._emit_play_started(state)

    def _emit_play_started(self, state: State) -> None:
        first = state.s[core.FIRST_CARD]
        self._events.append(PlayStarted(state.s[core.LEADER], None if first < 0 else first))

    # ---- passing -------------------------------------------------------------
    def pass_target(self, seat: int) -> int | None:
        """The seat ``seat`` passes to this deal, or None when there is no pass."""
        check_seat(seat, self.players)
        if self._states:
            return self._states[-1].pass_target(seat)
        offset = self.rules.pass_offset(self.direction)
        return (seat + offset) % self.players if offset else None

    def pass_source(self, seat: int) -> int | None:
        check_seat(seat, self.players)
        if self._states:
            return self._states[-1].pass_source(seat)
        offset = self.rules.pass_offset(self.direction)
        return (seat - offset) % self.players if offset else None

    def passable_cards(self, seat: int) -> CardSet:
        """The cards ``seat`` may pass now (none once it has passed, or outside the passing)."""
        check_seat(seat, self.players)
        if self.phase != "passing":
            return CardSet()
        return CardSet(self._states[-1].legal_mask(seat))

    def has_passed(self, seat: int) -> bool:
        check_seat(seat, self.players)
        return self.phase == "passing" and self._states[-1].passes[seat] is not None

    def pass_error(self, seat: int, cards: Iterable[Card | str]) -> IllegalPass | None:
        """Why ``seat`` may not pass ``cards`` now, or None if it may."""
        chosen = [_as_card(c, "pass", seat, self._who(seat)) for c in cards]
        phase = self.phase
        if phase != "passing":
            who = f"{self.seats[seat]} (seat {seat})" if 0 <= seat < self.players else f"seat {seat}"
            return IllegalPass(f"{who} cannot pass now: {_PHASE_WORDS[phase]}", rule="wrong-phase", seat=seat)
        return self._states[-1].pass_error(seat, chosen)

    def can_pass(self, seat: int, cards: Iterable[Card | str]) -> bool:
        return self.pass_error(seat, cards) is None

    def pass_cards(self, seat: int, cards: Iterable[Card | str]) -> list[Event]:
        """``seat`` passes ``cards``; the passes are exchanged once every seat has passed. Returns the events appended."""
        chosen = [_as_card(c, "pass", seat, self._who(seat)) for c in cards]
        if self.phase != "passing":
            error = self.pass_error(seat, chosen)
            assert error is not None
            raise error
        mark = len(self._events)
        state = self._states[-1]
        state.pass_cards(seat, chosen)  # checked there
        self._emit_pass(state, seat)
        return self._events[mark:]

    def _emit_pass(self, state: State, seat: int) -> None:
        target = state.pass_target(seat)
        assert target is not None
        self._events.append(CardsPassed(seat, tuple(cards_of(state.passes[seat] or 0)), to_seat=target))
        if state.exchanged:
            for receiver in range(self.players):
                giver = state.pass_source(receiver)
                assert giver is not None
                self._events.append(CardsReceived(receiver, tuple(cards_of(state.passes[giver] or 0)), from_seat=giver))
            self._emit_play_started(state)

    # ---- the flat action layer, through the game --------------------------------
    def current_player(self) -> int:
        """The seat to decide now (a pass is chosen seat by seat, one card at a time); ``TERMINAL`` outside a deal."""
        if not self._states or self._over:
            return TERMINAL
        return self._states[-1].current_player()

    def legal_actions(self) -> list[Card]:
        """The cards the current player may choose now (``State.legal_actions``)."""
        if not self._states or self._over:
            return []
        return self._states[-1].legal_actions()

    def apply_action(self, card: Card | str) -> list[Event]:
        """The current player chooses ``card``: one card of its pass, or its play. Returns the events appended."""
        phase = self.phase
        if phase in ("passing", "playing"):
            seat = self._states[-1].current_player()
            card = _as_card(card, "pass" if phase == "passing" else "play", seat, self._who(seat))
        else:
            card = _as_card(card)
        if phase == "playing":
            return self.play(card)
        if phase != "passing":
            raise IllegalPlay(f"{card_name(card)} cannot be chosen now: {_PHASE_WORDS[phase]}", rule="wrong-phase", card=card)
        state = self._states[-1]
        seat = state.current_player()
        mark = len(self._events)
        state.act(card)
        if state.passes[seat] is not None:
            self._emit_pass(state, seat)
        return self._events[mark:]

    # ---- playing ---------------------------------------------------------------
    def legal_cards(self, seat: int | None = None) -> CardSet:
        """The cards ``seat`` (default: the seat to play) may play now: none during a pass (``passable_cards`` are
        those; ``legal_actions()`` is the current player's choices in every phase)."""
        if seat is not None:
            check_seat(seat, self.players)
        if not self._states or self._over:
            return CardSet()
        s = self._states[-1].s
        if s[core.PHASE] != core.PHASE_PLAYING:
            return CardSet()
        return CardSet(core.legal_cards(s, self._states[-1].p, s[core.TURN] if seat is None else seat))

    def can_play(self, card: Card | str, seat: int | None = None) -> bool:
        return self.play_error(card, seat) is None

    def play_error(self, card: Card | str, seat: int | None = None) -> IllegalPlay | None:
        """Why ``card`` may not be played now (by ``seat``), or None if it may."""
        card = self._card_to_play(card, seat)
        phase = self.phase
        if phase != "playing":
            return IllegalPlay(f"{card_name(card)} cannot be played now: {_PHASE_WORDS[phase]}", rule="wrong-phase", seat=seat, card=card)
        return self._states[-1].play_error(card, seat)

    def _card_to_play(self, card: Card | str, seat: int | None) -> Card:
        if seat is None and self.phase == "playing":
            seat = self.turn
        return _as_card(card, "play", seat, None if seat is None else self._who(seat))

    def play(self, card: Card | str, seat: int | None = None) -> list[Event]:
        """Play ``card`` for the seat to play (``seat``, if given, must be that seat). Returns the events appended."""
        if type(card) is not int or not 0 <= card < 52:
            card = self._card_to_play(card, seat)
        state = self._states[-1] if self._states else None
        if state is None or self._over or state.s[core.PHASE] != core.PHASE_PLAYING or (seat is not None and seat != state.s[core.TURN]):
            error = self.play_error(card, seat)
            assert error is not None
            raise error
        s = state.s
        trick_index = s[core.TRICK_INDEX]
        stock_top = s[core.STOCK_TOP]
        played = CardPlayed(s[core.TURN], card, trick_index)
        winner = state.act(card)  # raises, and changes nothing, if the card may not be played
        events = self._events
        events.append(played)
        if winner < 0:
            return [played]
        mark = len(events) - 1
        self._emit_trick(state, winner, trick_index, stock_top)
        return events[mark:]

    def _emit_trick(self, state: State, winner: int, trick_index: int, stock_top: int) -> None:
        s = state.s
        events = self._events
        won = tuple(card for _, card in state.history[-self.players :])
        values = self.rules.values
        events.append(TrickWon(winner, trick_index, won, sum(values[card] for card in won), self.rules.scoring_cards(won)))
        if trick_index == 0 and s[core.KITTY]:
            events.append(KittyTaken(winner, tuple(cards_of(s[core.KITTY]))))
        for i in range(stock_top, s[core.STOCK_TOP]):
            events.append(CardDrawn((winner + i - stock_top) % self.players, s[core.STOCK + i]))
        if s[core.PHASE] == core.PHASE_OVER:
            self._finish_deal(state)

    def _finish_deal(self, state: State) -> None:
        n = self.players
        points, shooter = state.score()
        for seat in range(n):
            self.totals[seat] += points[seat]
        index = len(self._states) - 1
        self._events.append(DealScored(index, points, tuple(self.totals), shooter, tuple(cards_of(state.kitty_dealt))))
        self._logs.append(self._deal_log(index, (points, shooter)))
        verdict = game_verdict(self.rules, self.totals, len(self._states))
        if verdict.sudden_death:
            self._events.append(SuddenDeath(verdict.tied))
        elif verdict.over:
            self._winners = verdict.winners
            self._over = True
            self._events.append(GameOver(tuple(self.totals), verdict.winners))

    # ---- views -----------------------------------------------------------
    def _who(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < self.players or self.seats[seat] == f"seat {seat}":
            return f"seat {seat}"  # (not "seat 0 (seat 0)", as the OpenSpiel game names its seats)
        return f"{self.seats[seat]} (seat {seat})"

    def events_for(self, seat: int | None) -> list[Event]:
        """The event log as ``seat`` may see it (None: a spectator)."""
        return [event.visible_to(seat) for event in self._events]

    def observation(self, seat: int | None) -> Observation:
        """What ``seat`` may know, and nothing else; ``None`` gives a spectator's view (no hand, no pass)."""
        from blackmaria.observation import observe

        return observe(self, seat)

    def to_record(self) -> dict[str, object]:
        from blackmaria.record import game_to_record

        return game_to_record(self)

    @classmethod
    def from_record(cls, record: object, *, rng: random.Random | None = None) -> Game:
        from blackmaria.record import game_from_record

        return game_from_record(record, rng=rng)

    def copy(self) -> Game:
        """An independent copy: the same deals, actions, events and generator state."""
        other = _copy.copy(self)
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        other._events = list(self._events)
        other._states = [state.clone() for state in self._states]
        for state in other._states:
            state.kept_by_game = True  # (a clone is free; the copy's deals are the copy's own)
        other._first_events = list(self._first_events)
        other._logs = list(self._logs)
        other.totals = list(self.totals)
        return other

    def __repr__(self) -> str:
        name = self.rules.preset or "custom"
        if not self._states:
            return f"<Game {name}, {self.players} players, not started>"
        where = f"deal {len(self._states)}"
        phase = self.phase
        if phase == "playing":
            turn = self.turn
            assert turn is not None
            where += f", trick {self._s[core.TRICK_INDEX] + 1}, {self.seats[turn]} (seat {turn}) to play"
        elif phase == "passing":
            waiting = [seat for seat in range(self.players) if self._states[-1].passes[seat] is None]
            where += f", passing {self.direction}, waiting for seats {', '.join(map(str, waiting))}"
        return f"<Game {name}, {self.players} players, {where}, {phase}, totals {list(self.totals)}>"

    def outcome_is_decided(self, max_positions: int = 20_000) -> bool:
        """Whether every way of playing out this deal, as its cards truly lie, gives every seat the same points.

        The search visits at most ``max_positions`` positions and answers False beyond that. A player's claim asks
        ``teaching.claim_is_decided`` instead, which does not look at the cards the player cannot see.
        """
        if self.phase != "playing":
            return False
        return scores_the_same([list(self._s)], self._p, self.players, max_positions) is True

    def forced_plays(self) -> list[bool]:
        """For each card played in the deal in progress (or the last one dealt), in order: whether it was its
        player's only legal card. Worked out by replaying the deal from its start."""
        if not self._states:
            return []
        state = self._states[-1]
        plays = state.plays()
        replay = state.fresh()
        first_play = len(state.history) - len(plays)
        for player, card in state.history[:first_play]:
            replay._replay(player, card)
        forced = []
        for player, card in plays:
            forced.append(replay.legal_mask(player).bit_count() == 1)
            replay._replay(player, card)
        return forced

    def plays_to_take_back(self, seat: int) -> int:
        """How many plays ``take_back(seat)`` undoes, 0 when it cannot.

        Back to ``seat``'s last card of this deal, and on to its card before while the card taken back was its only
        legal one (taking back that alone would give it the same card again); 0 where every card of ``seat`` in this
        deal was its only legal one (a play-test took back a 2♣ that led the deal, and it came again at once). Never
        back over a draw from the stock: the card drawn has been seen, and the same card would come again (a play-test
        played, saw what it drew, took back and played another card). Only on ``seat``'s turn in the play: the cards of
        the others after its last are taken back with it. Always 0 under rules with ``undo = false``.
        """
        return self._take_back_plan(seat)[0]

    def take_back_blocked(self, seat: int) -> Literal["forced", "drawn"] | None:
        """Why ``seat``, on its turn in the play with cards of its own in this deal, has nothing to take back: every one
        was its only legal one (``"forced"``), or its last choice lies before a draw from the stock (``"drawn"``); None
        where it has something (or where another reason holds: no undo, not its turn, no card yet). The front ends say
        the reason, not "you have played no card"."""
        return self._take_back_plan(seat)[1]

    def _take_back_plan(self, seat: int) -> tuple[int, Literal["forced", "drawn"] | None]:
        """``plays_to_take_back`` and ``take_back_blocked`` together, from one replay of the deal (``forced_plays``)."""
        if not self.rules.undo or self.phase != "playing" or self.turn != seat:
            return 0, None
        plays = self._states[-1].plays()
        if not any(player == seat for player, _ in plays):
            return 0, None
        forced = self.forced_plays()
        # Never back over a draw: the plays of every trick after which the players drew from the stock (the first
        # stock_size / players tricks) stay.
        floor = self.players * min(len(plays) // self.players, self.rules.stock_size // self.players)
        taken = 0
        for index in range(len(plays) - 1, floor - 1, -1):
            taken += 1
            if plays[index][0] == seat and not forced[index]:
                return taken, None
        chosen = any(player == seat and not forced[index] for index, (player, _) in enumerate(plays))
        return 0, "drawn" if chosen else "forced"

    def take_back(self, seat: int) -> list[tuple[int, Card]]:
        """Undo ``plays_to_take_back(seat)`` plays; the plays taken back as ``(seat, card)``, the last first.

        A player's take-back, so the rules decide: under ``undo = false`` it is refused (rule ``undo-off``).
        """
        if not self.rules.undo:
            raise GameError(f"{self._who(seat)} cannot take a card back: these rules say undo = false", rule="undo-off", seat=seat)
        count, blocked = self._take_back_plan(seat)
        if blocked == "forced":
            raise GameError(
                f"every card of seat {seat} in this deal was its only legal one: there is no choice to take back",
                rule="wrong-phase",
                seat=seat,
            )
        if blocked == "drawn":
            raise GameError(
                f"seat {seat} has drawn from the stock since its last choice: a card is not taken back over a draw",
                rule="wrong-phase",
                seat=seat,
            )
        if not count:
            raise GameError(f"seat {seat} has no card of this deal to take back on its turn", rule="wrong-phase", seat=seat)
        plays = self._states[-1].plays()
        taken = plays[len(plays) - count :][::-1]
        self.undo(count)
        return taken

    def undo(self, plays: int = 1) -> None:
        """Take back the last pass, or the last ``plays`` plays, of the current deal (a player's decisions: a whole
        pass, or its cards picked so far, is one; ``State.undo`` counts actions, one card at a time).

        The deal's actions less those are replayed from the deal once, and its
        events derived again: the log equals that of the game played without
        the undone actions. (The analyst's and the replay's tool: ``take_back`` is the player's, and heeds the
        rules' ``undo``.) A deal once scored stays as it was played.
        """
        phase = self.phase
        if phase == "not-started":
            raise GameError("no deal has been dealt yet: there is nothing to undo", rule="wrong-phase")
        if phase in ("deal-over", "game-over"):
            over = "the game is over" if phase == "game-over" else f"deal {len(self._states)} is over"
            raise GameError(
                f"{over}: a deal is scored once its last trick is taken, and a scored deal cannot be undone", rule="wrong-phase"
            )
        state = self._states[-1]
        history = state.history
        if not history:
            raise GameError("there is nothing in the current deal to undo", rule="nothing-to-undo")
        played = len(state.plays())
        if played and not 1 <= plays <= played:
            raise GameError(f"cannot take back {plays} plays: {played} made in this deal so far", rule="undo-count")
        if not played and plays != 1:  # (a researcher's undo(2) read "0 made" where undo(1) then took back a pass)
            raise GameError(
                f"cannot take back {plays}: no card is played yet, and a pass is taken back one seat's at a time, with undo(1)",
                rule="undo-count",
            )
        if played:
            count = plays
        else:
            # A pass is undone whole: every card of the last seat's pass, or its picks so far.
            last_seat = history[-1][0]
            count = 0
            while count < len(history) and history[-1 - count][0] == last_seat:
                count += 1
            count = min(count, self.rules.pass_count)
        kept = history[: len(history) - count]
        fresh = state.fresh()
        del self._events[self._first_events[-1] :]
        fresh.kept_by_game = True
        self._states[-1] = fresh
        self._emit_deal_start(fresh)
        for seat, card in kept:
            if fresh.s[core.PHASE] == core.PHASE_PASSING:
                fresh._pick(seat, card)
                if fresh.passes[seat] is not None:
                    self._emit_pass(fresh, seat)
            else:
                self.play(card)


__all__ = [
    "DealLog",
    "Game",
    "GameError",
    "IllegalDeal",
    "IllegalPass",
    "IllegalPlay",
    "Phase",
    "Trick",
    "Verdict",
    "game_verdict",
    "scores_the_same",
]
