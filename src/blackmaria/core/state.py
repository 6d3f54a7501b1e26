"""One deal as a sequence of flat actions, in the manner of OpenSpiel and pgx.

A ``State`` is one deal from the dealt hands to the score. Every decision is
one card: while passing, a seat chooses its pass one card at a time (as in
OpenSpiel's ``hearts``); while playing, the seat to act plays a card.

>>> from blackmaria.rules import preset
>>> state = State.dealt_from(preset("hearts"), list(range(52)), dealer=3)
>>> state.current_player(), state.phase
(0, 'passing')
>>> state.legal_actions()[:3]
[0, 4, 8]
>>> for _ in range(12):
...     state.apply_action(state.legal_actions()[-1])
>>> state.phase, state.current_player() == state.holder(0)
('playing', True)
>>> state.legal_actions()    # 2C must open
[0]
>>> leader = state.current_player()
>>> other = max(state.hand(leader))
>>> state.refusal(other).rule, state.refusal(other).must_open
('first-lead', 0)

The rule functions of ``core.logic`` do the work; this class checks every
action first and keeps the one history the deal has: ``(seat, card)`` in the
order applied. ``clone`` copies, ``undo`` replays the history less its end,
``information_state(seat)`` is that seat's ``Observation``, ``resample(seat,
rng)`` deals the cards the seat cannot see into one world consistent with
what it knows.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal

from blackmaria.cards import SUIT_NAMES_EN, Card, CardSet, card_name, cards_of, mask_of, parse_card
from blackmaria.core import logic as core
from blackmaria.errors import GameError, IllegalPass, IllegalPlay
from blackmaria.rules import PassDirection, Rules

if TYPE_CHECKING:
    from blackmaria.observation import Observation

TERMINAL: Final = -4
"""``current_player()`` once the deal is over (OpenSpiel's ``PlayerId.TERMINAL``)."""

_PARAMS: dict[Rules, tuple[int, ...]] = {}


def params_of(rules: Rules) -> tuple[int, ...]:
    """The rule set as the int vector the rule functions read (made once per rule set)."""
    p = _PARAMS.get(rules)
    if p is None:
        p = _PARAMS[rules] = core.make_params(rules)
    return p


@dataclass(frozen=True)
class Trick:
    """A trick of this deal: who led, the cards in play order as ``(seat, card)``, and the winner once complete."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int | None = None

    @property
    def cards(self) -> CardSet:
        return CardSet(card for _, card in self.plays)

    def __repr__(self) -> str:
        plays = " ".join(f"{seat}:{card_name(card)}" for seat, card in self.plays)
        return f"Trick(leader={self.leader}, plays='{plays}', winner={self.winner})"


def card_of_action(action: object) -> Card | None:
    """The card an action names: a whole number 0..51 (Python's or NumPy's), else None. A bool is not a card (True
    was taken for 2D), nor is a float such as 3.0."""
    if type(action) is not int:
        if isinstance(action, bool):
            return None
        try:
            action = operator.index(action)  # type: ignore[arg-type]  # NumPy's integers; refuses floats and NumPy's bool
        except TypeError:
            return None
    assert isinstance(action, int)
    return action if 0 <= action < 52 else None


def check_seat(seat: int, players: int) -> int:
    """``seat``, where a table of ``players`` has it; else a ValueError that says so (a seat one past the last gave an
    empty hand, no legal card or a bare IndexError, a researcher found)."""
    try:
        index = operator.index(seat)  # (a NumPy integer is a seat too)
    except TypeError:
        index = -1
    if isinstance(seat, bool) or not 0 <= index < players:
        raise ValueError(f"seat {seat!r} does not exist with {players} players")
    return index


def not_a_card(action: object, seat: int | None, who: str | None, verb: Literal["play", "pass"]) -> GameError:
    """The error of an action that names no card (rule ``not-a-card``, as the environments report it): an
    ``IllegalPlay`` or an ``IllegalPass`` as ``verb`` says; ``who`` (None outside a deal) would have chosen it."""
    text = f"{action!r} is not a card number (0..51)"
    if who is not None:
        text = f"{who} cannot {verb} {action!r}: it is not a card number (0..51)"
    if verb == "play":
        return IllegalPlay(text, rule="not-a-card", seat=seat)
    return IllegalPass(text, rule="not-a-card", seat=seat)


@dataclass(frozen=True)
class Refusal:
    """Why a card in hand may not be chosen now: the rule's code and the facts it rests on.

    Front ends render it in their language; none works the reason out again.
    """

    card: Card
    rule: str
    """``follow-suit``, ``first-lead``, ``hearts-not-broken``, ``no-points-on-first-trick``, ``pass-forbidden``,
    ``already-chosen``, ``not-your-turn``, ``wrong-phase`` or ``not-in-hand``."""
    led_suit: int | None = None
    """The suit led, for ``follow-suit`` (0 clubs, 1 diamonds, 2 hearts, 3 spades)."""
    follow_with: CardSet | None = None
    """The cards of the led suit the seat holds, for ``follow-suit``."""
    must_open: Card | None = None
    """The card that must open the deal, for ``first-lead``."""
    leading: bool = False
    """Whether the seat is leading (``no-points-on-first-trick`` is said differently when leading)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "card": card_name(self.card),
            "rule": self.rule,
            "led_suit": self.led_suit,
            "follow_with": None if self.follow_with is None else self.follow_with.names(),
            "must_open": None if self.must_open is None else card_name(self.must_open),
            "leading": self.leading,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Refusal:
        return cls(
            card=parse_card(data["card"]),
            rule=data["rule"],
            led_suit=data.get("led_suit"),
            follow_with=None if data.get("follow_with") is None else CardSet.parse(data["follow_with"]),
            must_open=None if data.get("must_open") is None else parse_card(data["must_open"]),
            leading=bool(data.get("leading", False)),
        )

    def reason(self) -> str:
        """The reason in English words (``locale`` renders it in other languages)."""
        if self.rule == "follow-suit" and self.led_suit is not None:
            held = self.follow_with.text() if self.follow_with is not None else ""
            return f"{SUIT_NAMES_EN[self.led_suit]} were led and must be followed (holding {held})"
        if self.rule == "first-lead" and self.must_open is not None:
            return f"the first trick must be opened with {card_name(self.must_open)}, the lowest club in play"
        if self.rule == "hearts-not-broken":
            return "hearts have not been broken, so a heart may not be led while holding another suit"
        if self.rule == "no-points-on-first-trick":
            verb = "led" if self.leading else "played"
            return f"no card with points may be {verb} on the first trick while holding another card"
        if self.rule == "pass-forbidden":
            return "under these rules it may not be passed"
        if self.rule == "already-chosen":
            return "it is already chosen for the pass"
        if self.rule == "not-in-hand":
            return "it is not in the hand"
        if self.rule == "not-your-turn":
            return "it is not this seat's turn"
        return "this is not the time for that action"


class State:
    """One deal under one rule set, driven by flat actions (cards) or by whole passes; every action checked."""

    __slots__ = (
        "rules",
        "p",
        "s",
        "deal",
        "direction",
        "offset",
        "dealt",
        "kitty_dealt",
        "stock_dealt",
        "passes",
        "picks",
        "history",
        "winners",
        "names",
        "_tricks_at",
        "_tricks",
        "_legal",
        "kept_by_game",
    )

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[int],
        *,
        kitty: int = 0,
        stock: Sequence[Card] = (),
        dealer: int = 0,
        deal: int = 0,
        names: Sequence[str] | None = None,
    ) -> None:
        """A deal with the given hands (masks), kitty (mask) and stock (top first), unchecked: see ``Game.deal_hands``."""
        n = rules.players
        self.rules = rules
        self.p = params_of(rules)
        s = [0] * core.STATE_SIZE
        core.reset_deal(s, dealer)
        for seat in range(n):
            s[core.HAND + seat] = hands[seat]
        s[core.KITTY] = kitty
        for i, card in enumerate(stock):
            s[core.STOCK + i] = card
        s[core.STOCK_SIZE] = len(stock)
        self.s = s
        self.deal = deal
        self.direction: PassDirection = rules.pass_direction(deal)
        self.offset = rules.pass_offset(self.direction)
        self.dealt = tuple(hands[:n])
        self.kitty_dealt = kitty
        self.stock_dealt = tuple(stock)
        self.passes: list[int | None] = [None] * n
        self.picks = [0] * n
        self.history: list[tuple[int, Card]] = []
        """Every action of the deal as ``(seat, card)``, in the order applied: pass cards, then plays."""
        self.winners: list[int] = []
        """The winner of each completed trick, as ``core.play_card`` found it."""
        self.names = tuple(names) if names is not None else tuple(f"seat {i}" for i in range(n))
        self._tricks_at = -1
        """The length of ``history`` when ``_tricks`` was derived (history only grows, but for ``undo``)."""
        self._tricks: tuple[Trick, ...] = ()
        self._legal = -1
        """The current player's legal mask, worked out once per position (-1: not yet)."""
        self.kept_by_game = False
        """This is a ``Game``'s own deal (``game.state``): ``apply_action`` refuses, as the game's events and scores
        would not follow (a researcher's deal played through it was never scored); ``clone()`` is a free copy."""
        if self.offset == 0:
            core.begin_play(s, self.p)

    @classmethod
    def dealt_from(cls, rules: Rules, deck: Sequence[Card], *, dealer: int = 0, deal: int = 0, names: Sequence[str] | None = None) -> State:
        """Deal ``deck`` (the cards in play, top first) one at a time from the dealer's left, as ``core.deal_deck``."""
        s = [0] * core.STATE_SIZE
        p = params_of(rules)
        core.deal_deck(s, p, deck, dealer)
        n = rules.players
        stock = [s[core.STOCK + i] for i in range(s[core.STOCK_SIZE])]
        return cls(rules, s[core.HAND : core.HAND + n], kitty=s[core.KITTY], stock=stock, dealer=dealer, deal=deal, names=names)

    # ---- where the deal stands -------------------------------------------
    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def dealer(self) -> int:
        return self.s[core.DEALER]

    @property
    def phase(self) -> str:
        """``passing``, ``playing`` or ``over``."""
        phase = self.s[core.PHASE]
        if phase == core.PHASE_PLAYING:
            return "playing"
        return "over" if phase == core.PHASE_OVER else "passing"

    def is_terminal(self) -> bool:
        return self.s[core.PHASE] == core.PHASE_OVER

    def current_player(self) -> int:
        """The seat to decide: while passing, the first seat whose pass is not complete; ``TERMINAL`` once over."""
        s = self.s
        if s[core.PHASE] == core.PHASE_PLAYING:
            return s[core.TURN]
        if s[core.PHASE] == core.PHASE_OVER:
            return TERMINAL
        for seat, given in enumerate(self.passes):
            if given is None:
                return seat
        return TERMINAL  # unreachable: the exchange begins the play

    def legal_mask(self, seat: int | None = None) -> int:
        """The cards ``seat`` (default: the current player) may choose now, as a mask."""
        if seat is None:
            legal = self._legal
            if legal < 0:
                legal = self._legal = self._legal_now(None)
            return legal
        return self._legal_now(seat)

    def _legal_now(self, seat: int | None) -> int:
        s = self.s
        phase = s[core.PHASE]
        if phase == core.PHASE_PLAYING:
            return core.legal_cards(s, self.p, s[core.TURN] if seat is None else seat)
        if phase == core.PHASE_OVER:
            return 0
        seat = self.current_player() if seat is None else seat
        if not 0 <= seat < self.players or self.passes[seat] is not None:
            return 0
        return core.passable_cards(s, self.p, seat) & ~self.picks[seat]

    def legal_actions(self, seat: int | None = None) -> list[Card]:
        """The cards the current player (or ``seat``) may choose now, ascending."""
        return cards_of(self.legal_mask(None if seat is None else check_seat(seat, self.players)))

    def hand(self, seat: int) -> CardSet:
        return CardSet(self.s[core.HAND + check_seat(seat, self.players)])

    def holder(self, card: Card) -> int | None:
        for seat in range(self.players):
            if self.s[core.HAND + seat] >> card & 1:
                return seat
        return None

    def pass_target(self, seat: int) -> int | None:
        return (check_seat(seat, self.players) + self.offset) % self.players if self.offset else None

    def pass_source(self, seat: int) -> int | None:
        return (check_seat(seat, self.players) - self.offset) % self.players if self.offset else None

    @property
    def exchanged(self) -> bool:
        """Whether the passes have been exchanged (false in a deal without a pass)."""
        return self.offset != 0 and self.s[core.PHASE] != core.PHASE_PASSING

    def plays(self) -> list[tuple[int, Card]]:
        """The cards played so far as ``(seat, card)``."""
        skip = self.rules.pass_count * self.players if self.exchanged else 0
        return self.history[skip:] if self.s[core.PHASE] != core.PHASE_PASSING else []

    def tricks(self) -> list[Trick]:
        """This deal's tricks so far, the current one last (possibly empty) while the play goes on."""
        return list(self.trick_tuple())

    def trick_tuple(self) -> tuple[Trick, ...]:
        """``tricks()`` as a tuple, derived once per action (the observations of one position share it)."""
        if self._tricks_at != len(self.history):
            self._tricks = tuple(self._derive_tricks())
            self._tricks_at = len(self.history)
        return self._tricks

    def _derive_tricks(self) -> list[Trick]:
        if self.s[core.PHASE] == core.PHASE_PASSING:
            return []
        n = self.players
        plays = self.plays()
        tricks = []
        leader = self._first_leader()
        for start in range(0, len(plays), n):
            chunk = tuple(plays[start : start + n])
            winner = self.winners[start // n] if len(chunk) == n else None
            tricks.append(Trick(leader, chunk, winner))
            if winner is not None:
                leader = winner
        if not self.is_terminal() and (not tricks or tricks[-1].winner is not None):
            tricks.append(Trick(leader, ()))
        return tricks

    def _first_leader(self) -> int:
        plays = self.plays()
        if plays:
            return plays[0][0]
        return self.s[core.LEADER]

    def points(self) -> tuple[int, ...]:
        """Each seat's points for the finished deal (moon shots counted); before the end, the card points taken."""
        n = self.players
        if not self.is_terminal():
            return tuple(core.card_points(self.p, self.s[core.TAKEN + seat]) for seat in range(n))
        out = [0] * n
        core.score_deal(self.s, self.p, out)
        return tuple(out)

    def score(self) -> tuple[tuple[int, ...], int | None]:
        """The finished deal's points by seat and its moon shooter (None if nobody shot the moon)."""
        out = [0] * self.players
        shooter = core.score_deal(self.s, self.p, out)
        return tuple(out), (shooter if shooter >= 0 else None)

    def moon_shooter(self) -> int | None:
        if not self.is_terminal():
            return None
        shooter = core.score_deal(self.s, self.p, [0] * self.players)
        return shooter if shooter >= 0 else None

    def returns(self) -> tuple[float, ...]:
        """Each seat's reward for the deal: minus its points (higher is better), 0 before the end."""
        if not self.is_terminal():
            return (0.0,) * self.players
        return tuple(float(-x) for x in self.points())  # (negated as ints: 0, never -0.0)

    # ---- checks ------------------------------------------------------------
    def _who(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < self.players:
            return f"seat {seat}"
        return self.names[seat] if self.names[seat].startswith("seat ") else f"{self.names[seat]} (seat {seat})"

    def refusal(self, card: Card, seat: int | None = None) -> Refusal | None:
        """Why ``seat`` (default: the current player) may not choose ``card`` now, or None if it may."""
        s = self.s
        phase = s[core.PHASE]
        if phase == core.PHASE_OVER:
            return Refusal(card, "wrong-phase")
        if phase == core.PHASE_PASSING:
            seat = self.current_player() if seat is None else seat
            if not 0 <= seat < self.players or self.passes[seat] is not None:
                return Refusal(card, "wrong-phase")
            if not s[core.HAND + seat] >> card & 1:
                return Refusal(card, "not-in-hand")
            if self.picks[seat] >> card & 1:
                return Refusal(card, "already-chosen")
            if card in self.rules.pass_forbidden:
                return Refusal(card, "pass-forbidden")
            return None
        turn = s[core.TURN]
        seat = turn if seat is None else seat
        if seat != turn:
            return Refusal(card, "not-your-turn")
        rule = core.refusing_rule(s, self.p, seat, card)
        return self._play_refusal(card, seat, rule) if rule else None

    def _play_refusal(self, card: Card, seat: int, rule: str, follow_with: CardSet | None = None) -> Refusal:
        """The refusal of a play by ``rule``, with its facts (``follow_with`` if already made for this turn)."""
        s = self.s
        if rule == "follow-suit":
            led = s[core.TRICK + s[core.LEADER]] & 3
            if follow_with is None:
                follow_with = CardSet(s[core.HAND + seat] & core.suit_cards(led))
            return Refusal(card, rule, led_suit=led, follow_with=follow_with)
        if rule == "first-lead":
            return Refusal(card, rule, must_open=s[core.FIRST_CARD])
        return Refusal(card, rule, leading=s[core.IN_TRICK] == 0)

    def refusals(self, seat: int) -> dict[Card, Refusal]:
        """A refusal for every card in ``seat``'s hand that it may not choose now (empty when it has no decision)."""
        check_seat(seat, self.players)
        s = self.s
        if s[core.PHASE] == core.PHASE_PLAYING and s[core.TURN] != seat:
            return {}
        if s[core.PHASE] == core.PHASE_PASSING and self.passes[seat] is not None:
            return {}
        if s[core.PHASE] == core.PHASE_OVER:
            return {}
        refused = s[core.HAND + seat] & ~self.legal_mask(seat)
        if s[core.PHASE] == core.PHASE_PASSING:
            return {card: refusal for card in cards_of(refused) if (refusal := self.refusal(card, seat)) is not None}
        out: dict[Card, Refusal] = {}
        follow_with: CardSet | None = None  # one set of the led suit's cards for all the turn's refusals
        for card in cards_of(refused):
            refusal = out[card] = self._play_refusal(card, seat, core.refusing_rule(s, self.p, seat, card), follow_with)
            follow_with = refusal.follow_with or follow_with
        return out

    def play_error(self, card: Card, seat: int | None = None) -> IllegalPlay | None:
        """Why ``card`` may not be played now (by ``seat``), or None if it may."""
        s = self.s
        if s[core.PHASE] != core.PHASE_PLAYING:
            now = "the deal is over" if s[core.PHASE] == core.PHASE_OVER else "the cards are being passed"
            return IllegalPlay(f"{card_name(card)} cannot be played now: {now}", rule="wrong-phase", seat=seat, card=card)
        turn = s[core.TURN]
        seat = turn if seat is None else seat
        if seat != turn:
            who, now = self._who(seat), self._who(turn)
            return IllegalPlay(f"{who} cannot play {card_name(card)}: it is {now}'s turn", rule="not-your-turn", seat=seat, card=card)
        if core.legal_cards(s, self.p, seat) >> card & 1:
            return None
        refusal = self.refusal(card, seat)
        assert refusal is not None
        return IllegalPlay(f"{self._who(seat)} cannot play {card_name(card)}: {refusal.reason()}", rule=refusal.rule, seat=seat, card=card)

    def pass_error(self, seat: int, cards: Sequence[Card]) -> IllegalPass | None:
        """Why ``seat`` may not pass ``cards`` (all at once) now, or None if it may."""
        who = self._who(seat)
        if self.s[core.PHASE] != core.PHASE_PASSING:
            phase = "over" if self.is_terminal() else "being played"
            return IllegalPass(f"{who} cannot pass now: the deal is {phase}", rule="wrong-phase", seat=seat)
        if not 0 <= seat < self.players:
            return IllegalPass(f"seat {seat} does not exist with {self.players} players", rule="no-such-seat", seat=seat)
        if self.passes[seat] is not None:
            return IllegalPass(f"{who} has already passed this deal", rule="already-passed", seat=seat)
        if self.picks[seat]:
            chosen = CardSet(self.picks[seat]).text()
            return IllegalPass(f"{who} has begun the pass card by card ({chosen}); choose the rest", rule="already-passed", seat=seat)
        # A card that cannot go is named first, whatever the count: "not in the hand" says more than "3 cards".
        hand = self.s[core.HAND + seat]
        for card in cards:
            if card_of_action(card) is None:
                refused = not_a_card(card, seat, who, "pass")
                assert isinstance(refused, IllegalPass)
                return refused
            if not hand >> card & 1:
                return IllegalPass(f"{who} cannot pass {card_name(card)}: it is not in the hand", rule="not-in-hand", seat=seat, card=card)
            if card in self.rules.pass_forbidden:
                return IllegalPass(
                    f"{who} cannot pass {card_name(card)}: under these rules it may not be passed",
                    rule="pass-forbidden",
                    seat=seat,
                    card=card,
                )
        count = self.rules.pass_count
        if len(cards) != count or len(set(cards)) != len(cards):
            shown = " ".join(map(card_name, cards)) or "none"
            # a card given twice is named as such (a researcher read "exactly 3 different cards, not 3 (2H 2H 5D)")
            twice = sorted({card for card in cards if cards.count(card) > 1})
            got = f"{' '.join(map(card_name, twice))} twice" if twice and len(cards) == count else f"not {len(cards)}"
            return IllegalPass(f"{who} must pass exactly {count} different cards, {got} ({shown})", rule="pass-count", seat=seat)
        return None

    # ---- actions -------------------------------------------------------------
    def apply_action(self, card: Card) -> None:
        """The current player chooses ``card``: one card of its pass, or its play.

        An illegal card raises ``IllegalPass``/``IllegalPlay`` and changes nothing; so does any card on a ``Game``'s own
        deal (``kept_by_game``), which is played through the game.
        """
        if self.kept_by_game:
            raise GameError(
                "this State is game.state, the deal the Game keeps: play it through the game (game.apply_action, "
                "game.play, game.pass_cards), or try actions on a copy, game.state.clone()",
                rule="game-state",
            )
        self.act(card)

    def act(self, card: Card) -> int:
        """``apply_action``, returning the winner of the trick this card completes, else -1."""
        s = self.s
        if type(card) is not int or not 0 <= card < 52:
            named = card_of_action(card)
            if named is None:
                seat = self.current_player()
                raise not_a_card(card, seat, self._who(seat), "play" if s[core.PHASE] == core.PHASE_PLAYING else "pass")
            card = named
        if s[core.PHASE] == core.PHASE_PLAYING:
            turn = s[core.TURN]
            if not self.legal_mask() >> card & 1:
                error = self.play_error(card)
                assert error is not None
                raise error
            self._legal = -1
            self.history.append((turn, card))
            winner = core.play_card(s, self.p, card)
            if winner >= 0:
                self.winners.append(winner)
            return winner
        seat = self.current_player()
        if self.legal_mask() >> card & 1:
            self._pick(seat, card)
            return -1
        refusal = self.refusal(card, seat)
        assert refusal is not None
        raise IllegalPass(f"{self._who(seat)} cannot pass {card_name(card)}: {refusal.reason()}", rule=refusal.rule, seat=seat, card=card)

    def pass_cards(self, seat: int, cards: Iterable[Card]) -> None:
        """``seat`` passes ``cards`` all at once (in any order of seats); the exchange follows the last pass."""
        chosen = list(cards)
        error = self.pass_error(seat, chosen)
        if error is not None:
            raise error
        for card in chosen:
            self._pick(seat, card)

    def _pick(self, seat: int, card: Card) -> None:
        self._legal = -1
        self.history.append((seat, card))
        self.picks[seat] |= 1 << card
        if self.picks[seat].bit_count() == self.rules.pass_count:
            self.passes[seat] = self.picks[seat]
            if all(given is not None for given in self.passes):
                core.exchange_passes(self.s, self.p, [given or 0 for given in self.passes], self.offset)
                core.begin_play(self.s, self.p)

    def _replay(self, seat: int, card: Card) -> None:
        if self.s[core.PHASE] == core.PHASE_PASSING:
            self._pick(seat, card)
        else:
            self._legal = -1
            self.history.append((seat, card))
            winner = core.play_card(self.s, self.p, card)
            if winner >= 0:
                self.winners.append(winner)

    def fresh(self) -> State:
        """The deal as dealt, before any action."""
        return State(
            self.rules,
            self.dealt,
            kitty=self.kitty_dealt,
            stock=self.stock_dealt,
            dealer=self.s[core.DEALER],
            deal=self.deal,
            names=self.names,
        )

    def clone(self) -> State:
        other = State.__new__(State)
        other.rules, other.p, other.s = self.rules, self.p, list(self.s)
        other.deal, other.direction, other.offset = self.deal, self.direction, self.offset
        other.dealt, other.kitty_dealt, other.stock_dealt = self.dealt, self.kitty_dealt, self.stock_dealt
        other.passes, other.picks, other.history = list(self.passes), list(self.picks), list(self.history)
        other.winners = list(self.winners)
        other.names = self.names
        other._tricks_at, other._tricks, other._legal = self._tricks_at, self._tricks, self._legal
        other.kept_by_game = False
        return other

    def seat_view(self, seat: int) -> State:
        """A copy holding only what ``seat`` knows of this state's present: its own hand, pass and picks, and the table
        (each trick, the voids shown, who has passed); every other hand and seat's cards taken, the kitty, the stock
        and the history are emptied. Enough for ``refusals(seat)``: an observation works its refusals out from this
        when first read (it kept the whole state, and a pickled observation held every hand)."""
        view = self.clone()
        s = view.s
        for other in range(self.players):
            if other != seat:
                s[core.HAND + other] = 0
                s[core.TAKEN + other] = 0  # (the kitty goes with the first trick, face down)
        s[core.KITTY] = 0
        s[core.STOCK : core.STOCK + len(self.stock_dealt)] = [-1] * len(self.stock_dealt)
        view.dealt = tuple(hand if other == seat else 0 for other, hand in enumerate(self.dealt))
        view.kitty_dealt, view.stock_dealt, view.history = 0, (), []
        view.passes = [given if other == seat or given is None else 0 for other, given in enumerate(self.passes)]
        view.picks = [picked if other == seat else 0 for other, picked in enumerate(self.picks)]
        view._tricks_at = view._legal = -1
        view._tricks = ()
        return view

    def undo(self, count: int = 1) -> None:
        """Take back the last ``count`` actions: the deal is replayed from the deal without them."""
        if not 0 <= count <= len(self.history):
            raise ValueError(f"undo: {count} actions asked, {len(self.history)} taken in this deal")
        replayed = self.fresh()
        for seat, card in self.history[: len(self.history) - count]:
            replayed._replay(seat, card)
        self.s, self.passes, self.picks, self.history = replayed.s, replayed.passes, replayed.picks, replayed.history
        self.winners = replayed.winners
        self._tricks_at = self._legal = -1

    # ---- views ---------------------------------------------------------------
    def information_state(self, seat: int | None) -> Observation:
        """What ``seat`` may know of this deal (None: a spectator), as an ``Observation``."""
        from blackmaria.observation import observe_state

        return observe_state(self, seat)

    def resample(self, seat: int, rng: random.Random, tries: int = 200) -> State:
        """One world consistent with everything ``seat`` knows: the cards it cannot see dealt at random.

        The hands now are drawn by the compiled sampler the search bot uses
        (``bots.playout.sample_world``: voids shown, the pass it gave, still in
        the receiver's hand until played, the pass it received, the kitty, the
        stock), then the rest of the world is made to fit: the passes between
        other seats, the other seat's draws from a two-player stock, so the
        dealt hands. The world is replayed from its deal through the checked
        rules with every play of this deal, and one where a play would have
        been illegal is drawn again. Nothing hidden from ``seat`` is carried
        over from this state. Needs the ``[fast]`` extra (numba).
        """
        for _ in range(tries):
            world = self._sample_once(seat, rng)
            if world is not None:
                return world
        raise RuntimeError(f"no world consistent with what seat {seat} knows was found in {tries} tries")

    def _sample_once(self, seat: int, rng: random.Random) -> State | None:
        import numpy as np

        from blackmaria.bots.playout import KITTY_PENDING, KITTY_TAKEN
        from blackmaria.bots.search import known_state, params_for
        from blackmaria.core.compiled import make_rng

        n = self.players
        known = known_state(self.information_state(seat))
        world = np.zeros(core.STATE_SIZE, dtype=np.int64)
        known.sample(make_rng(rng.getrandbits(63)), params_for(self.rules), world)
        hands = [int(world[core.HAND + i]) for i in range(n)]
        kitty = self.kitty_dealt
        if known.kitty_mode == KITTY_PENDING:
            kitty = int(world[core.KITTY])
        elif known.kitty_mode == KITTY_TAKEN:
            owner = known.kitty_owner
            kitty = int(world[core.TAKEN + owner]) & ~int(known.state[core.TAKEN + owner])
        top = self.s[core.STOCK_TOP]
        stock = list(self.stock_dealt)
        for i in range(top, len(stock)):
            stock[i] = int(world[core.STOCK + i - top])
        plays = self.plays()
        played_at: dict[Card, int] = {}
        for index, (_, card) in enumerate(plays):
            played_at[card] = index // n
        tricks = self.tricks()
        if top and not self._fit_hands_to_draws(seat, hands, stock, top, tricks, played_at, int(known.unknown), rng):
            return None
        dealt = list(hands)
        for who, card in plays:
            dealt[who] |= 1 << card
        # The other seat's draws from the stock: a card it holds now or played after drawing it; one of a suit it showed
        # void in was drawn after that trick (the voids shown go with a draw, but not what they told of the hand then).
        for drawer in range(n):
            if drawer != seat:
                drawn = self._draws_of(drawer, dealt[drawer], top // n, tricks, played_at, rng)
                if drawn is None:
                    return None
                for k, card in enumerate(drawn):
                    stock[k * n + (drawer - (tricks[k].winner or 0)) % n] = card
        for i in range(top):
            drawer = (tricks[i // n].winner or 0) + i % n
            dealt[drawer % n] &= ~(1 << stock[i])
        # The passes: its own and the one it received are known; the others are drawn to fit the hands.
        passes: list[int | None] = [None] * n
        forbidden = mask_of(self.rules.pass_forbidden)
        if self.offset:
            exchanged = self.exchanged
            source = self.pass_source(seat)
            for giver in range(n):
                if self.passes[giver] is None:
                    continue
                taker = (giver + self.offset) % n
                if giver == seat or (exchanged and taker == seat):
                    passes[giver] = self.passes[giver]
                    continue
                pool = dealt[taker] if exchanged else dealt[giver]
                if exchanged and giver != source:
                    pool &= ~(self.passes[seat] or 0)
                candidates = cards_of(pool & ~forbidden)
                if len(candidates) < self.rules.pass_count:
                    return None
                passes[giver] = mask_of(rng.sample(candidates, self.rules.pass_count))
            if exchanged:
                for giver in range(n):
                    dealt[(giver + self.offset) % n] &= ~(passes[giver] or 0)
                for giver in range(n):
                    dealt[giver] |= passes[giver] or 0
        if any(hand.bit_count() != self.rules.hand_size for hand in dealt):
            return None
        out = State(self.rules, dealt, kitty=kitty, stock=stock, dealer=self.dealer, deal=self.deal, names=self.names)
        try:
            for giver in range(n):
                if passes[giver] is not None and not (giver == seat and self.passes[seat] is None):
                    out.pass_cards(giver, cards_of(passes[giver] or 0))
            if self.phase == "passing":
                # Picks of a pass not yet complete: its own are known; another seat's are drawn from its hand.
                for giver in range(n):
                    if self.passes[giver] is None and self.picks[giver]:
                        if giver == seat:
                            chosen = cards_of(self.picks[seat])
                        else:
                            chosen = rng.sample(cards_of(dealt[giver] & ~forbidden), self.picks[giver].bit_count())
                        for card in chosen:
                            out._pick(giver, card)
            for _, card in plays:
                out.act(card)
        except (IllegalPass, IllegalPlay):
            return None
        if out.s[core.HAND + seat] != self.s[core.HAND + seat] or out.current_player() != self.current_player():
            return None
        return out

    @staticmethod
    def _voids_shown(tricks: Sequence[Trick], seat: int) -> dict[int, list[int]]:
        """The tricks in which ``seat`` showed a void, by the suit led."""
        shown: dict[int, list[int]] = {}
        for k, trick in enumerate(tricks):
            if trick.plays:
                led = trick.plays[0][1] & 3
                if any(who == seat and card & 3 != led for who, card in trick.plays):
                    shown.setdefault(led, []).append(k)
        return shown

    @staticmethod
    def _drawn_after(card: Card, voids: dict[int, list[int]], played_at: dict[Card, int]) -> int | None:
        """The first draw that can have brought ``card`` to a seat that showed ``voids`` (after the last trick before it
        was played in which the seat was void in its suit), or None when it may have been dealt."""
        played = played_at.get(card, 1 << 30)
        shown = [k for k in voids.get(card & 3, ()) if k < played]
        return max(shown) if shown else None

    def _fit_hands_to_draws(
        self,
        seat: int,
        hands: list[int],
        stock: list[int],
        top: int,
        tricks: Sequence[Trick],
        played_at: dict[Card, int],
        unknown: int,
        rng: random.Random,
    ) -> bool:
        """Give back to the stock's unseen part each card the sampler dealt another seat that it could not have drawn
        in time: a card of a suit it showed void in came with a draw after that trick, and there were only so many
        (the sampler knows the voids since the last draw alone: a two-player world failed its replay almost always).
        Each such card is swapped with an unseen stock card of a suit it has not shown void in; False if none is left."""
        n = self.players
        draws = top // n
        for other in range(n):
            if other == seat:
                continue
            voids = self._voids_shown(tricks, other)
            if not voids:
                continue
            played = [card for who, card in self.plays() if who == other]
            while True:
                needs = {c: k for c in [*cards_of(hands[other]), *played] if (k := self._drawn_after(c, voids, played_at)) is not None}
                # Hall's condition for the draws from k on: no more cards needing one of them than there were.
                late = next((k for k in sorted(set(needs.values()), reverse=True) if sum(v >= k for v in needs.values()) > draws - k), None)
                if late is None:
                    break
                movable = [c for c, k in needs.items() if k >= late and hands[other] >> c & 1 and unknown >> c & 1]
                spare = [i for i in range(top, len(stock)) if stock[i] & 3 not in voids and unknown >> stock[i] & 1]
                if not movable or not spare:
                    return False
                card, slot = rng.choice(movable), rng.choice(spare)
                hands[other] = hands[other] & ~(1 << card) | 1 << stock[slot]
                stock[slot] = card
        return True

    def _draws_of(
        self, drawer: int, held: int, draws: int, tricks: Sequence[Trick], played_at: dict[Card, int], rng: random.Random
    ) -> list[Card] | None:
        """The cards ``drawer`` drew after each trick, from those it holds now or played (``held``): one drawn after a
        void in its suit was shown, after that trick; each drawn before it was played. None if they cannot be fitted."""
        voids = self._voids_shown(tricks, drawer)
        never = 1 << 30
        slots: list[Card | None] = [None] * draws
        cards = cards_of(held)
        bound = {c: self._drawn_after(c, voids, played_at) for c in cards}
        # The cards that must have been drawn first, the latest-bound first (their slots nest), each in a free slot.
        for card in sorted((c for c in cards if bound[c] is not None), key=lambda c: (-(bound[c] or 0), c)):
            free = [k for k in range(bound[card] or 0, min(draws, played_at.get(card, never))) if slots[k] is None]
            if not free:
                return None
            slots[rng.choice(free)] = card
        taken = {c for c in slots if c is not None}
        for k in range(draws):
            if slots[k] is None:
                options = [c for c in cards if c not in taken and bound[c] is None and played_at.get(c, never) > k]
                if not options:
                    return None
                slots[k] = choice = rng.choice(options)
                taken.add(choice)
        return [c for c in slots if c is not None]

    def __repr__(self) -> str:
        turn = self.current_player()
        who = "over" if turn == TERMINAL else f"seat {turn} to {'pass' if self.phase == 'passing' else 'play'}"
        return f"<State {self.rules.preset or 'custom'} deal {self.deal + 1} {self.phase}, {who}, {len(self.history)} actions>"


def deck_of(rules: Rules, rng: random.Random) -> list[Card]:
    """The cards in play, shuffled by ``rng``."""
    cards = cards_of(rules.in_play_mask)
    rng.shuffle(cards)
    return cards


__all__ = ["TERMINAL", "Refusal", "State", "Trick", "card_of_action", "deck_of", "not_a_card", "params_of"]
