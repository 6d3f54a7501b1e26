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
...     game.pass_cards(seat, sorted(game.hand(seat))[-3:])
>>> game.phase, game.turn == game.holder(parse_cards("2C")[0])
('playing', True)
>>> game.can_play("AH")
False
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, Literal

from blackmaria.cards import (
    SUIT_NAMES_EN,
    Card,
    CardSet,
    card_name,
    cards_of,
    mask_of,
    parse_card,
    rank_of,
)
from blackmaria.core import logic as core
from blackmaria.events import (
    CardDrawn,
    CardPlayed,
    CardsPassed,
    CardsReceived,
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
from blackmaria.rules import PassDirection, Rules, load_rules

if TYPE_CHECKING:
    from blackmaria.observation import Observation

Phase = Literal["not-started", "passing", "playing", "deal-over", "game-over"]


class GameError(ValueError):
    """An action the game refuses; the game is unchanged."""

    def __init__(self, message: str, *, rule: str, seat: int | None = None, card: Card | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.seat = seat
        self.card = card


class IllegalPlay(GameError):
    """A card that may not be played now."""


class IllegalPass(GameError):
    """A pass that breaks the rules."""


class IllegalDeal(GameError):
    """Hands, kitty, stock or dealer that are not a valid deal under the rules, or a deal out of place."""


@dataclass(frozen=True)
class Trick:
    """A trick of this deal: who led, the cards in play order as ``(seat, card)``, and the winner once complete."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int | None = None

    @property
    def cards(self) -> CardSet:
        return CardSet(card for _, card in self.plays)


@dataclass
class DealLog:
    """What happened in one deal, in the form of a game record."""

    dealer: int
    hands: list[int]
    kitty: int
    stock: list[Card]
    direction: PassDirection
    passes: list[int | None]
    plays: list[Card] = field(default_factory=list)
    first_event: int = 0
    """Index in ``Game.events`` of this deal's ``DealStarted``."""
    points: tuple[int, ...] | None = None
    moon_shooter: int | None = None


RULE_TEXT: Final = {
    "not-in-hand": "the card is not in the hand",
    "not-your-turn": "it is not this seat's turn",
    "wrong-phase": "this is not the time for that action",
    "first-lead": "the lowest club in play must open the deal",
    "follow-suit": "players must follow the suit led",
    "hearts-not-broken": "hearts may not be led until broken",
    "no-points-on-first-trick": "no card with points may be played on the first trick",
    "pass-count": "each player passes the agreed number of cards",
    "pass-forbidden": "this card may not be passed",
    "already-passed": "each player passes once",
}


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


def _as_card(card: Card | str) -> Card:
    return parse_card(card) if isinstance(card, str) else card


def _cards_text(mask: int) -> str:
    return " ".join(card_name(c) for c in cards_of(mask))


class Game:
    """A whole game under one rule set: deals, passes, plays, scores, and the event log."""

    def __init__(
        self,
        rules: Rules | str = "black-maria",
        *,
        seats: Sequence[str] | None = None,
        seed: int | None = None,
        rng: random.Random | None = None,
        first_dealer: int | None = None,
    ) -> None:
        self.rules: Rules = load_rules(rules) if isinstance(rules, str) else rules
        n = self.rules.players
        self.seats: tuple[str, ...] = tuple(seats) if seats is not None else tuple(f"Player {i + 1}" for i in range(n))
        if len(self.seats) != n:
            raise ValueError(f"seats: {len(self.seats)} names given for {n} players")
        self._rng = rng if rng is not None else random.Random(seed)
        self._p = core.make_params(self.rules)
        self._s: list[int] = [0] * core.STATE_SIZE
        self.events: list[Event] = []
        self.deals: list[DealLog] = []
        self.totals: list[int] = [0] * n
        self._phase: Phase = "not-started"
        self._tricks: list[Trick] = []
        self._winners: tuple[int, ...] = ()
        self.first_dealer = self._choose_first_dealer(first_dealer)

    # ---- set-up -------------------------------------------------------------
    def _choose_first_dealer(self, given: int | None) -> int:
        n = self.rules.players
        wanted = self.rules.first_dealer
        if given is not None:
            if not 0 <= given < n:
                raise IllegalDeal(f"dealer: seat {given} does not exist with {n} players", rule="dealer")
            if isinstance(wanted, int) and given != wanted:
                raise IllegalDeal(f"dealer: the rules say seat {wanted} deals first, not seat {given}", rule="dealer")
            self.events.append(DealerChosen(given, "given"))
            return given
        if isinstance(wanted, int):
            self.events.append(DealerChosen(wanted, "rules"))
            return wanted
        if wanted == "random":
            seat = self._rng.randrange(n)
            self.events.append(DealerChosen(seat, "random"))
            return seat
        # A cut: everyone cuts a card, highest rank deals; tied seats cut again.
        contenders = list(range(n))
        while len(contenders) > 1:
            cut = self._rng.sample(range(52), len(contenders))
            best = max(rank_of(c) for c in cut)
            contenders = [seat for seat, c in zip(contenders, cut, strict=True) if rank_of(c) == best]
        self.events.append(DealerChosen(contenders[0], "cut"))
        return contenders[0]

    # ---- state ---------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def deal_index(self) -> int:
        """The current (or last) deal, counting from 0; -1 before the first deal."""
        return len(self.deals) - 1

    @property
    def dealer(self) -> int:
        return self.deals[-1].dealer if self.deals else self.first_dealer

    @property
    def direction(self) -> PassDirection:
        return self.deals[-1].direction if self.deals else self.rules.pass_direction(0)

    @property
    def turn(self) -> int | None:
        """The seat to play, or None outside the play."""
        return self._s[core.TURN] if self._phase == "playing" else None

    @property
    def winners(self) -> tuple[int, ...]:
        return self._winners

    @property
    def is_over(self) -> bool:
        return self._phase == "game-over"

    @property
    def tricks(self) -> list[Trick]:
        """This deal's tricks so far, the current one last (possibly incomplete)."""
        return list(self._tricks)

    @property
    def hearts_broken(self) -> bool:
        return bool(self._s[core.HEARTS_BROKEN])

    def hand(self, seat: int) -> CardSet:
        return CardSet(self._s[core.HAND + seat])

    def taken(self, seat: int) -> CardSet:
        return CardSet(self._s[core.TAKEN + seat])

    def holder(self, card: Card | str) -> int | None:
        card = _as_card(card)
        for seat in range(self.players):
            if self._s[core.HAND + seat] >> card & 1:
                return seat
        return None

    @property
    def kitty(self) -> CardSet:
        return CardSet(self._s[core.KITTY])

    @property
    def stock(self) -> list[Card]:
        """The cards left in the two-player stock, top first."""
        return [self._s[core.STOCK + i] for i in range(self._s[core.STOCK_TOP], self._s[core.STOCK_SIZE])]

    def points_taken(self, seat: int) -> int:
        """Card points in what ``seat`` has taken this deal (before any moon shot)."""
        return core.card_points(self._p, self._s[core.TAKEN + seat])

    def voids(self, seat: int) -> tuple[int, ...]:
        """Suits ``seat`` has shown to be void in (by not following)."""
        mask = self._s[core.VOIDS + seat]
        return tuple(suit for suit in range(4) if mask >> suit & 1)

    # ---- dealing -----------------------------------------------------------
    def _next_dealer(self) -> int:
        if not self.deals:
            return self.first_dealer
        return (self.deals[-1].dealer + 1) % self.players

    def _check_can_deal(self) -> None:
        if self._phase == "game-over":
            raise IllegalDeal(f"the game ended after deal {len(self.deals)}; no further deal may be played", rule="game-over")
        if self._phase in ("passing", "playing"):
            raise IllegalDeal(f"deal {len(self.deals)} is still being played", rule="deal-in-progress")

    def deal(self, deck: Sequence[Card | str] | None = None) -> None:
        """Start the next deal: shuffle with the game's generator, or deal ``deck`` (top card first)."""
        self._check_can_deal()
        in_play = self.rules.in_play_mask
        if deck is None:
            cards = cards_of(in_play)
            self._rng.shuffle(cards)
        else:
            cards = [_as_card(c) for c in deck]
            if len(cards) != len(set(cards)) or mask_of(cards) != in_play:
                raise IllegalDeal("deck: a deck must hold each card in play exactly once", rule="deck")
        core.deal_deck(self._s, self._p, cards, self._next_dealer())
        self._start_deal()

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
                f"dealer: seat {dealer} is out of rotation; seat {expected_dealer} deals deal {len(self.deals) + 1}",
                rule="dealer-rotation",
            )
        if len(hands) != n:
            raise IllegalDeal(f"hands: {len(hands)} hands given for {n} players", rule="deal-size")
        seen = 0
        masks = []
        for seat, hand in enumerate(hands):
            cards = [_as_card(c) for c in hand]
            if len(cards) != rules.hand_size:
                raise IllegalDeal(
                    f"hands: seat {seat} holds {len(cards)} cards; each hand must hold {rules.hand_size}", rule="deal-size", seat=seat
                )
            masks.append(self._check_new_cards(f"hand of seat {seat}", cards, seen))
            seen |= masks[-1]
        kitty_cards = [_as_card(c) for c in kitty]
        stock_cards = [_as_card(c) for c in stock]
        for name, cards, size in (("kitty", kitty_cards, rules.kitty_size), ("stock", stock_cards, rules.stock_size)):
            if len(cards) != size:
                raise IllegalDeal(f"{name}: {len(cards)} cards given; these rules need {size}", rule="deal-size")
            seen |= self._check_new_cards(name, cards, seen)
        core.reset_deal(self._s, expected_dealer)
        for seat, mask in enumerate(masks):
            self._s[core.HAND + seat] = mask
        self._s[core.KITTY] = mask_of(kitty_cards)
        for i, card in enumerate(stock_cards):
            self._s[core.STOCK + i] = card
        self._s[core.STOCK_SIZE] = len(stock_cards)
        self._start_deal()

    def _check_new_cards(self, where: str, cards: list[Card], seen: int) -> int:
        mask = 0
        for card in cards:
            if not self.rules.in_play_mask >> card & 1:
                raise IllegalDeal(f"{where}: {card_name(card)} is removed from the deck under these rules", rule="removed-card", card=card)
            if (seen | mask) >> card & 1:
                raise IllegalDeal(f"{where}: {card_name(card)} is dealt twice", rule="duplicate-card", card=card)
            mask |= 1 << card
        return mask

    def _start_deal(self) -> None:
        s = self._s
        index = len(self.deals)
        direction = self.rules.pass_direction(index)
        log = DealLog(
            dealer=s[core.DEALER],
            hands=[s[core.HAND + seat] for seat in range(self.players)],
            kitty=s[core.KITTY],
            stock=[s[core.STOCK + i] for i in range(s[core.STOCK_SIZE])],
            direction=direction,
            passes=[None] * self.players,
            first_event=len(self.events),
        )
        self.deals.append(log)
        self._tricks = []
        r = self.rules
        self.events.append(DealStarted(index, log.dealer, direction, r.hand_size, r.kitty_size, r.stock_size))
        for seat in range(self.players):
            self.events.append(HandDealt(seat, tuple(cards_of(log.hands[seat]))))
        if direction == "hold":
            self._begin_play()
        else:
            self._phase = "passing"

    # ---- passing -------------------------------------------------------------
    def pass_target(self, seat: int) -> int | None:
        """The seat ``seat`` passes to this deal, or None when there is no pass."""
        offset = self.rules.pass_offset(self.direction)
        return (seat + offset) % self.players if offset else None

    def pass_source(self, seat: int) -> int | None:
        offset = self.rules.pass_offset(self.direction)
        return (seat - offset) % self.players if offset else None

    def passable_cards(self, seat: int) -> CardSet:
        if self._phase != "passing" or self.deals[-1].passes[seat] is not None:
            return CardSet()
        return CardSet(core.passable_cards(self._s, self._p, seat))

    def has_passed(self, seat: int) -> bool:
        return self._phase == "passing" and self.deals[-1].passes[seat] is not None

    def pass_error(self, seat: int, cards: Iterable[Card | str]) -> IllegalPass | None:
        """Why ``seat`` may not pass ``cards`` now, or None if it may."""
        chosen = [_as_card(c) for c in cards]
        who = self._who(seat)
        if self._phase != "passing":
            return IllegalPass(f"{who} cannot pass now: the game is {self._phase.replace('-', ' ')}", rule="wrong-phase", seat=seat)
        if not 0 <= seat < self.players:
            return IllegalPass(f"seat {seat} does not exist", rule="not-your-turn", seat=seat)
        if self.deals[-1].passes[seat] is not None:
            return IllegalPass(f"{who} has already passed this deal", rule="already-passed", seat=seat)
        count = self.rules.pass_count
        if len(chosen) != count or len(set(chosen)) != len(chosen):
            return IllegalPass(
                f"{who} must pass exactly {count} different cards, not {len(chosen)} ({' '.join(map(card_name, chosen)) or 'none'})",
                rule="pass-count",
                seat=seat,
            )
        hand = self._s[core.HAND + seat]
        for card in chosen:
            if not hand >> card & 1:
                return IllegalPass(f"{who} cannot pass {card_name(card)}: it is not in the hand", rule="not-in-hand", seat=seat, card=card)
            if card in self.rules.pass_forbidden:
                return IllegalPass(
                    f"{who} cannot pass {card_name(card)}: under these rules it may not be passed",
                    rule="pass-forbidden",
                    seat=seat,
                    card=card,
                )
        return None

    def can_pass(self, seat: int, cards: Iterable[Card | str]) -> bool:
        return self.pass_error(seat, cards) is None

    def pass_cards(self, seat: int, cards: Iterable[Card | str]) -> None:
        """``seat`` passes ``cards``; the passes are exchanged once every seat has passed."""
        chosen = [_as_card(c) for c in cards]
        error = self.pass_error(seat, chosen)
        if error is not None:
            raise error
        log = self.deals[-1]
        log.passes[seat] = mask_of(chosen)
        target = self.pass_target(seat)
        assert target is not None
        self.events.append(CardsPassed(seat, tuple(sorted(chosen)), to_seat=target))
        if all(p is not None for p in log.passes):
            passes = [p or 0 for p in log.passes]
            core.exchange_passes(self._s, self._p, passes, self.rules.pass_offset(log.direction))
            for receiver in range(self.players):
                giver = self.pass_source(receiver)
                assert giver is not None
                self.events.append(CardsReceived(receiver, tuple(cards_of(passes[giver])), from_seat=giver))
            self._begin_play()

    def _begin_play(self) -> None:
        core.begin_play(self._s, self._p)
        self._phase = "playing"
        first = self._s[core.FIRST_CARD]
        self._tricks = [Trick(self._s[core.LEADER], ())]
        self.events.append(PlayStarted(self._s[core.LEADER], None if first < 0 else first))

    # ---- playing ---------------------------------------------------------------
    def legal_cards(self, seat: int | None = None) -> CardSet:
        """The cards ``seat`` (default: the seat to play) may play now."""
        if self._phase != "playing":
            return CardSet()
        seat = self._s[core.TURN] if seat is None else seat
        return CardSet(core.legal_cards(self._s, self._p, seat))

    def can_play(self, card: Card | str, seat: int | None = None) -> bool:
        return self.play_error(card, seat) is None

    def play_error(self, card: Card | str, seat: int | None = None) -> IllegalPlay | None:
        """Why ``card`` may not be played now (by ``seat``), or None if it may."""
        card = _as_card(card)
        s = self._s
        if self._phase != "playing":
            return IllegalPlay(
                f"{card_name(card)} cannot be played now: the game is {self._phase.replace('-', ' ')}",
                rule="wrong-phase",
                seat=seat,
                card=card,
            )
        turn = s[core.TURN]
        seat = turn if seat is None else seat
        who = self._who(seat)
        if seat != turn:
            return IllegalPlay(
                f"{who} cannot play {card_name(card)}: it is {self._who(turn)}'s turn", rule="not-your-turn", seat=seat, card=card
            )
        if core.legal_cards(s, self._p, seat) >> card & 1:
            return None
        rule, reason = self._why_illegal(seat, card)
        return IllegalPlay(f"{who} cannot play {card_name(card)}: {reason}", rule=rule, seat=seat, card=card)

    def _why_illegal(self, seat: int, card: Card) -> tuple[str, str]:
        """Name the rule that ``core.legal_cards`` applied to exclude ``card``, and say it in words."""
        s = self._s
        rule = core.refusing_rule(s, self._p, seat, card)
        hand = s[core.HAND + seat]
        if rule == "not-in-hand":
            return rule, "it is not in the hand"
        if rule == "follow-suit":
            led = s[core.TRICK + s[core.LEADER]] & 3
            return rule, f"{SUIT_NAMES_EN[led]} were led and must be followed (holding {_cards_text(hand & core.suit_cards(led))})"
        if rule == "first-lead":
            return rule, f"the first trick must be opened with {card_name(s[core.FIRST_CARD])}, the lowest club in play"
        if rule == "hearts-not-broken":
            return rule, "hearts have not been broken, so a heart may not be led while holding another suit"
        if s[core.IN_TRICK] > 0:
            return rule, "no card with points may be played on the first trick while holding another card"
        return rule, "no card with points may be led on the first trick while holding another card"

    def play(self, card: Card | str, seat: int | None = None) -> None:
        """Play ``card`` for the seat to play (``seat``, if given, must be that seat)."""
        card = _as_card(card)
        error = self.play_error(card, seat)
        if error is not None:
            raise error
        s = self._s
        player = s[core.TURN]
        trick_index = s[core.TRICK_INDEX]
        stock_top = s[core.STOCK_TOP]
        self.deals[-1].plays.append(card)
        current = self._tricks[-1]
        self._tricks[-1] = Trick(current.leader, current.plays + ((player, card),))
        winner = core.play_card(s, self._p, card)
        self.events.append(CardPlayed(player, card, trick_index))
        if winner < 0:
            return
        trick = self._tricks[-1]
        self._tricks[-1] = Trick(trick.leader, trick.plays, winner)
        won = tuple(c for _, c in trick.plays)
        self.events.append(TrickWon(winner, trick_index, won, core.card_points(self._p, mask_of(won))))
        if trick_index == 0 and s[core.KITTY]:
            self.events.append(KittyTaken(winner, tuple(cards_of(s[core.KITTY]))))
        for i in range(stock_top, s[core.STOCK_TOP]):
            self.events.append(CardDrawn((winner + i - stock_top) % self.players, s[core.STOCK + i]))
        if s[core.PHASE] == core.PHASE_OVER:
            self._finish_deal()
        else:
            self._tricks.append(Trick(winner, ()))

    def _finish_deal(self) -> None:
        n = self.players
        points = [0] * n
        shooter = core.score_deal(self._s, self._p, points)
        log = self.deals[-1]
        log.points = tuple(points)
        log.moon_shooter = shooter if shooter >= 0 else None
        for seat in range(n):
            self.totals[seat] += points[seat]
        self.events.append(DealScored(len(self.deals) - 1, tuple(points), tuple(self.totals), log.moon_shooter, tuple(cards_of(log.kitty))))
        self._phase = "deal-over"
        verdict = game_verdict(self.rules, self.totals, len(self.deals))
        if verdict.sudden_death:
            self.events.append(SuddenDeath(verdict.tied))
        elif verdict.over:
            self._winners = verdict.winners
            self._phase = "game-over"
            self.events.append(GameOver(tuple(self.totals), verdict.winners))

    # ---- views -----------------------------------------------------------
    def _who(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < self.players:
            return f"seat {seat}"
        return f"{self.seats[seat]} (seat {seat})"

    def events_for(self, seat: int | None) -> list[Event]:
        """The event log as ``seat`` may see it (None: a spectator)."""
        return [event.visible_to(seat) for event in self.events]

    def observation(self, seat: int) -> Observation:
        from blackmaria.observation import observe

        return observe(self, seat)

    def to_record(self) -> dict[str, object]:
        from blackmaria.record import game_to_record

        return game_to_record(self)

    @classmethod
    def from_record(cls, record: object, *, rng: random.Random | None = None) -> Game:
        from blackmaria.record import game_from_record

        return game_from_record(record, rng=rng)

    def outcome_is_decided(self, max_positions: int = 20_000) -> bool:
        """Whether every way of playing out this deal gives every seat the same points.

        Used to let a player claim the rest of a deal. The search visits at most
        ``max_positions`` positions and answers False beyond that.
        """
        if self._phase != "playing":
            return False
        outcomes: set[tuple[int, ...]] = set()
        budget = [max_positions]

        def explore(s: list[int]) -> bool:
            budget[0] -= 1
            if budget[0] < 0:
                return False
            if s[core.PHASE] == core.PHASE_OVER:
                points = [0] * self.players
                core.score_deal(s, self._p, points)
                outcomes.add(tuple(points))
                return len(outcomes) == 1
            for card in cards_of(core.legal_cards(s, self._p, s[core.TURN])):
                child = list(s)
                core.play_card(child, self._p, card)
                if not explore(child):
                    return False
            return True

        return explore(list(self._s))

    def undo(self) -> None:
        """Take back the last pass or play of the current deal (rebuilt from the record)."""
        if not self.deals or self._phase not in ("passing", "playing"):
            raise GameError("there is nothing in the current deal to undo", rule="wrong-phase")
        log = self.deals[-1]
        if log.plays:
            log.plays.pop()
        else:
            passed = [seat for seat, p in enumerate(log.passes) if p is not None]
            if not passed:
                raise GameError("there is nothing in the current deal to undo", rule="wrong-phase")
            last = next(e for e in reversed(self.events) if isinstance(e, CardsPassed))
            log.passes[last.seat] = None
        rebuilt = Game.from_record(self.to_record(), rng=self._rng)
        self.__dict__.update(rebuilt.__dict__)
