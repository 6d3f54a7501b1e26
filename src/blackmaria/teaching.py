"""The guided deal's teaching: each decision explained in three parts, and a deal's score counted in public.

The seed pages' teaching notes ask for every decision to be explained in three
parts: the table state (and, kept apart, whose turn it is), the legal options,
and the scoring consequence. ``explain(observation)`` builds that as data from
one seat's ``Observation`` and nothing else: the legal cards are the engine's
own (``observation.legal``), each refused card is named with the rule the
engine gives (``refusing_rule`` reads the same conditions as
``Game.play_error``), and what each card likely costs comes from the search
bot's evaluation of the same observation. ``Explanation.to_dict()`` is
JSON-able for the server and browser; ``explanation_lines(..., lang)`` is the
text in English or German.

``count_deal(events, rules)`` counts a finished deal from the events a seat may
see: who took which scoring card in which trick, its value under these rules,
the kitty, the moon, the points and the totals.

>>> from blackmaria.game import Game
>>> game = Game("hearts", seed=7)
>>> game.deal()
>>> explanation = explain(game.observation(0))
>>> explanation.kind, len(explanation.legal), explanation.refused
('pass', 13, ())
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, Literal

from blackmaria.bots.reasons import NOISE_SPAN, SAFE_SPADE_GUARDS, Reason, spade_guards
from blackmaria.cards import CLUBS, HEARTS, SPADES, SUIT_CHARS, Card, CardSet, card_name, cards_of, parse_card, rank_of, suit_of
from blackmaria.core import logic as core
from blackmaria.core.state import params_of
from blackmaria.events import DealScored, DealStarted, Event, KittyTaken, TrickWon
from blackmaria.game import Trick
from blackmaria.observation import Observation
from blackmaria.rules import QUEEN_OF_SPADES, Rules, preset

QS: Final = QUEEN_OF_SPADES

TIP_IDS: Final = ("pass-high-spades", "make-a-void", "lead-low-spades", "queen-passed", "watch-the-moon", "count-penalty-cards")
"""The seed pages' tips for beginners, by name, in the order the pages give them (and the moon from the Hearts page;
``queen-passed``: where a queen passed away lies, which a learner forgot when its holder threw it on its trick)."""

BY_SUIT_FROM: Final = 7
"""From this many legal cards, all doing the same to the trick (leads, or discards), an explanation's costs are shown
suit by suit, in a few lines (``Explanation.by_suit``): a play-test read 17 rows of "opens the trick" on a phone."""

DEFAULT_BUDGET: Final = 6_000
"""Simulations per explained decision (shared among the legal cards or the passes compared): some 35 ms a play on
average and 80 ms a pass, with expert's learned playouts."""


def learning_rules(rules: Rules) -> Rules:
    """The table's rules for a single deal: the game ends when the deal is scored (legal play is unchanged)."""
    return rules.replace(deal_count=1, target_score=None, ties="share")


TAUGHT_SEEDS: Final = {
    "black-maria": 18,
    "black-maria-jaques": 8,
    "hearts": 3,
    "plain-black-maria": 8,
    "dirty-lady": 8,
    "omnibus": 16,
    "spot-hearts": 16,
    "black-lady": 3,
    "two-player": 38,
}
"""The deal chosen to teach (``blackmaria.tui.learn.instructive_seed``) under each preset's own rules, worked out
once: the choice plays guided deals through (up to 4 s of search), which a server must not spend beside its tables
(``test_teaching`` checks each is still the one chosen)."""


def taught_seed(rules: Rules) -> int | None:
    """The seed of the deal chosen to teach ``rules`` where they are a preset's own (``TAUGHT_SEEDS``), else None."""
    single = learning_rules(rules)
    for name, seed in TAUGHT_SEEDS.items():
        if learning_rules(preset(name)) == single:
            return seed
    return None


SMALL_BELOW: Final = QS - 4
"""Spades below the jack are the small ones a beginner leads to force the queen out."""

LATE_IN_DEAL: Final = 4
"""From this many cards in hand on, the count-penalty-cards tip lists the scoring cards still out."""


@dataclass(frozen=True)
class Tip:
    """A beginner tip that applies now: its id, the cards it is about, and a seat, a number and points where it needs them.

    ``pass-high-spades``: ``number`` small spades guard them, ``points`` is the queen's value;
    ``make-a-void``: ``number`` is the suit; ``watch-the-moon``: ``seat`` has taken every penalty card so far,
    ``points`` of them; ``count-penalty-cards``: ``cards`` are still out, worth ``points``.
    """

    id: str
    cards: tuple[Card, ...] = ()
    seat: int | None = None
    number: int = 0
    points: int = 0
    advice_agrees: bool | None = None
    """For a tip that names cards to pass or play: whether the advice (the search's) follows it. A rule of thumb the
    search finds worse here is said to be so, not left beside the advice as if both held (a play-test)."""

    def to_dict(self) -> dict[str, Any]:
        cards = [card_name(c) for c in self.cards]
        return {
            "id": self.id,
            "cards": cards,
            "seat": self.seat,
            "number": self.number,
            "points": self.points,
            "advice_agrees": self.advice_agrees,
        }


@dataclass(frozen=True)
class Option:
    """A legal card and what it does: its value, its effect on the trick, and its likely cost to the deal's end."""

    card: Card
    value: int
    """The card's points under these rules, for whoever takes it."""
    effect: str
    """``lead-high`` (a lead nothing unseen of its suit beats), ``lead-low``, ``beats`` (highest of the led suit so
    far), ``takes`` (beats, and nothing higher of the suit is out), ``takes-void`` (beats, and every seat still to play
    is known to have none of the suit), ``wins`` (beats, and nobody plays after), ``ducks`` (stays under the highest
    card), ``discard`` (another suit, a card with points), ``discard-clean`` (one without), or ``pass``."""
    cost: float | None = None
    """Mean points of this seat at the end of the deal after playing this card, in the search bot's simulations."""
    noise: float | None = None
    """The standard error of ``cost`` less the cheapest card's (both on the same simulated deals), where measured: a
    difference under twice it is the simulations' chance (``within_noise``), not a card that costs more."""
    trick_share: float | None = None
    """The share of the simulated deals in which this seat took the trick in play after this card, where measured
    (deals played out, not an end solved exactly)."""
    trick_points: float | None = None
    """Mean points this seat took in the trick in play after this card (over all those deals), where measured."""

    def within_noise(self, cheapest: float) -> bool:
        """Whether this card's cost is above ``cheapest`` by no more than its simulations' chance."""
        return self.cost is not None and self.noise is not None and self.cost - cheapest <= NOISE_SPAN * self.noise

    def to_dict(self) -> dict[str, Any]:
        """As data; ``Explanation.to_dict`` adds ``chance`` (``Explanation.within_chance``)."""
        return {
            "card": card_name(self.card),
            "value": self.value,
            "effect": self.effect,
            "cost": self.cost,
            "noise": self.noise,
            "trick_share": self.trick_share,
            "trick_points": self.trick_points,
        }


TRICK_SHARES_APART: Final = 5
"""Percent points by which two cards' shares of the trick in play must differ for the feedback to tell them apart (a
card's few hundred simulated deals cannot tell 18% from 19%)."""


def trick_percent(share: float) -> int:
    """A share of the simulated deals in percent, half up (as the page's ``Math.round``: 12.5% is 13% on both)."""
    return int(100 * share + 0.5)


def uncertain_trick_percent(option: Option) -> int | None:
    """The percent of the simulated deals in which the seat took the trick in play after ``option``, where measured and
    neither 0 nor 100 as shown (those the card's effect says already: it ducks, it wins)."""
    if option.trick_share is None:
        return None
    share = trick_percent(option.trick_share)
    return share if 0 < share < 100 else None


def trick_difference(option: Option, other: Option) -> tuple[int, float, int, float] | None:
    """How ``option`` and ``other`` did in the trick in play, where measured for both and apart as shown (shares by
    ``TRICK_SHARES_APART`` percent, or points to one decimal): the percent of the simulated deals in which the seat took
    it with each card and its mean points in it, ``(share, points, other_share, other_points)``."""
    if None in (option.trick_share, option.trick_points, other.trick_share, other.trick_points):
        return None
    share, other_share = trick_percent(option.trick_share or 0.0), trick_percent(other.trick_share or 0.0)
    points, other_points = option.trick_points or 0.0, other.trick_points or 0.0
    if abs(share - other_share) < TRICK_SHARES_APART and f"{points:.1f}" == f"{other_points:.1f}":
        return None
    return share, points, other_share, other_points


LATER_SHOWN: Final = 0.5
"""The fewest points that the cheaper card must take in the later tricks, of those it saves in the trick in play, for
the feedback to say so (``sooner_later``)."""


def sooner_later(option: Option, cheaper: Option) -> tuple[float, float] | None:
    """Where ``option`` took more in the trick in play than ``cheaper`` did, yet costs less more than that by the deal's
    end: the points ``cheaper`` saves in the trick, and those it takes in the tricks after it instead, as the
    simulated deals had it (Q♠ taken for certain, 13 points, for a card 1.5 dearer in all: 11.5 later). None where
    not measured, or nothing of note comes back later."""
    if None in (option.trick_points, cheaper.trick_points, option.cost, cheaper.cost):
        return None
    here = (option.trick_points or 0.0) - (cheaper.trick_points or 0.0)
    later = here - ((option.cost or 0.0) - (cheaper.cost or 0.0))
    if here <= 0 or later < LATER_SHOWN:
        return None
    return here, later


@dataclass(frozen=True)
class TableState:
    """Part 1: what is on the table. For a pass: the deal, the direction and the receiver."""

    deal: int
    dealer: int
    trick: int
    """The trick in play, counting from 1 (0 while passing)."""
    tricks_per_deal: int
    leader: int | None
    plays: tuple[tuple[int, Card], ...]
    led_suit: int | None
    winning: tuple[int, Card] | None
    """Who holds the trick so far, with which card."""
    trick_value: int
    """Points in the cards on the trick so far."""
    hearts_broken: bool | None
    """None when the rules let hearts be led at any time."""
    points_taken: tuple[int, ...]
    stock_left: int
    kitty_pending: int
    """Cards in a kitty that goes to the winner of the first trick (0 once taken, or without a kitty)."""
    direction: str
    pass_to: int | None
    pass_count: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "dealer": self.dealer,
            "trick": self.trick,
            "tricks_per_deal": self.tricks_per_deal,
            "leader": self.leader,
            "plays": [[seat, card_name(card)] for seat, card in self.plays],
            "led_suit": self.led_suit,
            "winning": None if self.winning is None else [self.winning[0], card_name(self.winning[1])],
            "trick_value": self.trick_value,
            "hearts_broken": self.hearts_broken,
            "points_taken": list(self.points_taken),
            "stock_left": self.stock_left,
            "kitty_pending": self.kitty_pending,
            "direction": self.direction,
            "pass_to": self.pass_to,
            "pass_count": self.pass_count,
        }


@dataclass(frozen=True)
class Explanation:
    """One decision of one seat, in the seed's three parts, as data.

    Part 1 is ``table`` plus, kept apart, ``turn`` (whose turn and why).
    Part 2 is ``duty`` (what that player may do), ``legal`` and ``refused``
    (each card of the hand that may not be chosen, with the engine's rule name).
    Part 3 is ``options`` (legal cards, cheapest first, with likely costs),
    ``advice`` (the computer player's choice, with ``advice_reasons`` for a
    pass, and ``reasons`` as its hint gives them) and ``tips``.
    """

    kind: Literal["pass", "play"]
    seat: int
    seats: tuple[str, ...]
    table: TableState
    turn: str
    """Why it is this seat's turn: ``pass-together``, ``first-lead-card``, ``left-of-dealer``, ``won-last-trick`` or ``clockwise``."""
    turn_card: Card | None
    """For ``first-lead-card``: the card that opens the deal."""
    duty: str
    """What the seat may do: ``pass``, ``lead-first-card``, ``lead-any``, ``lead-no-hearts``, ``lead-no-points``,
    ``lead-only-hearts``, ``follow``, ``discard-any`` or ``discard-no-points``."""
    legal: tuple[Card, ...]
    refused: tuple[tuple[Card, str], ...]
    options: tuple[Option, ...]
    advice: tuple[Card, ...]
    advice_reasons: tuple[tuple[Card, str], ...]
    """For a pass: each advised card's reason, ``high-spade``, ``void``, ``costly``, ``costly-high``, ``high-card`` or ``card`` (none
    of its own: part of the cheapest pass found)."""
    tips: tuple[Tip, ...]
    worlds: int
    """Simulated deals behind each cost (0 when the card is forced, or a pass the search did not compare)."""
    reasons: tuple[Reason, ...] = ()
    """Why the advice, as the computer player's hint gives it (``bots.reasons``): for a play, what the card does
    and the search's costs, from the same ranking as ``options``; so a tip rendered from it agrees with the costs."""
    pass_costs: tuple[tuple[tuple[Card, ...], float], ...] = ()
    """For a pass: each pass the search compared, cheapest first, with the seat's mean points at the end of the deal
    after it in ``worlds`` simulated deals (empty when the rules leave nothing to compare, e.g. a hold deal)."""

    @property
    def cheapest_cost(self) -> float:
        """The lowest cost of a card (0 where none was searched)."""
        return min((option.cost for option in self.options if option.cost is not None), default=0.0)

    def within_chance(self, option: Option) -> bool:
        """Whether ``option``'s cost is above the cheapest card's by no more than the simulations' chance: within its
        noise, and cheaper than every card that costs clearly more (so two cards shown at one cost are never said,
        one "as good: chance", the other "0.8 more", as a play-test saw where their noises differed)."""
        cheapest = self.cheapest_cost
        if not option.within_noise(cheapest):
            return False
        clearly_more = [o.cost for o in self.options if o.cost is not None and o.cost - cheapest >= 0.05 and not o.within_noise(cheapest)]
        return option.cost is not None and option.cost < min(clearly_more, default=float("inf"))

    @property
    def by_suit(self) -> bool:
        """Whether the costs are best shown suit by suit: many cards, each a lead or each a discard (what each does to
        the trick is then the same, or its suit's), as the terminal and the page show them."""
        effects = {option.effect for option in self.options}
        return len(self.options) >= BY_SUIT_FROM and (effects <= {"lead-high", "lead-low"} or effects <= {"discard", "discard-clean"})

    def rule_for(self, card: Card) -> str | None:
        """The rule that refuses ``card``, or None when it is legal."""
        return dict(self.refused).get(card)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "seat": self.seat,
            "seats": list(self.seats),
            "table": self.table.to_dict(),
            "turn": self.turn,
            "turn_card": None if self.turn_card is None else card_name(self.turn_card),
            "duty": self.duty,
            "legal": [card_name(c) for c in self.legal],
            "refused": [{"card": card_name(c), "rule": rule} for c, rule in self.refused],
            "options": [{**option.to_dict(), "chance": self.within_chance(option)} for option in self.options],
            "advice": [card_name(c) for c in self.advice],
            "advice_reasons": [
                {"card": card_name(c), "suit": SUIT_CHARS[suit_of(c)], "reason": reason} for c, reason in self.advice_reasons
            ],
            "tips": [tip.to_dict() for tip in self.tips],
            "worlds": self.worlds,
            "by_suit": self.by_suit,
            "reasons": [reason.to_dict() for reason in self.reasons],
            "pass_costs": [{"cards": [card_name(c) for c in cards], "cost": cost} for cards, cost in self.pass_costs],
        }


def choice_costs(explained: Mapping[str, Any]) -> dict[frozenset[Card], float]:
    """Each choice an explanation (``Explanation.to_dict``) priced, as its set of cards: the passes compared, or the
    cards to play, with the seat's mean points at the deal's end after it."""
    if explained["kind"] == "pass":
        return {frozenset(parse_card(name) for name in entry["cards"]): entry["cost"] for entry in explained["pass_costs"]}
    return {frozenset((parse_card(o["card"]),)): o["cost"] for o in explained["options"] if o["cost"] is not None}


# ---- part 2: which rule refuses a card ------------------------------------------
def refusing_rule(obs: Observation, card: Card) -> str | None:
    """The rule that makes ``card`` unplayable for the seat of ``obs`` now, or None when it is legal.

    Read from the observation's refusals, which the core builds with the
    engine's own reading (``core.refusing_rule``, which ``Game.play_error``
    uses), so the names equal ``Game.play_error(card, seat).rule``.
    """
    if obs.phase != "playing":
        return "wrong-phase"
    if obs.turn != obs.seat:
        return "not-your-turn"
    if card in obs.choices:
        return None
    if card not in obs.hand:
        return "not-in-hand"
    return obs.refusals[card].rule


def refusing_pass_rule(obs: Observation, card: Card) -> str | None:
    """The rule that keeps ``card`` out of a pass (as ``Game.pass_error`` names it), or None when it may be passed."""
    if obs.phase != "passing":
        return "wrong-phase"
    if obs.has_passed[obs.seat]:
        return "already-passed"
    if card in obs.choices or card in obs.picked:
        return None
    if card not in obs.hand:
        return "not-in-hand"
    return obs.refusals[card].rule


def _completed(obs: Observation) -> int:
    return sum(1 for trick in obs.tricks if trick.winner is not None)


# ---- part 1: the table and the turn -------------------------------------------
def _table(obs: Observation) -> TableState:
    rules = obs.rules
    trick = obs.current_trick
    plays = trick.plays if trick is not None else ()
    led = suit_of(plays[0][1]) if plays else None
    winning = max(((s, c) for s, c in plays if suit_of(c) == led), key=lambda sc: sc[1]) if plays else None
    return TableState(
        deal=obs.deal,
        dealer=obs.dealer,
        trick=_completed(obs) + 1 if obs.phase == "playing" else 0,
        tricks_per_deal=rules.tricks_per_deal,
        leader=trick.leader if trick is not None else obs.leader,
        plays=plays,
        led_suit=led,
        winning=winning,
        trick_value=sum(rules.values[c] for _, c in plays),
        hearts_broken=obs.hearts_broken if rules.hearts_lead == "after-broken" else None,
        points_taken=obs.trick_points,
        stock_left=obs.stock_left,
        kitty_pending=rules.kitty_size if obs.phase == "playing" and obs.kitty_owner is None else 0,
        direction=obs.direction,
        pass_to=obs.pass_to,
        pass_count=rules.pass_count,
    )


def _turn(obs: Observation, table: TableState) -> tuple[str, Card | None]:
    if obs.phase == "passing":
        return "pass-together", None
    if table.plays:
        return "clockwise", None
    if _completed(obs) > 0:
        return "won-last-trick", None
    if obs.rules.first_lead == "two-of-clubs" and obs.hand.suit(CLUBS):
        return "first-lead-card", min(obs.hand.suit(CLUBS))
    return "left-of-dealer", None


def _duty(obs: Observation, turn: str, refused: dict[Card, str]) -> str:
    if obs.phase == "passing":
        return "pass"
    trick = obs.current_trick
    reasons = set(refused.values())
    if trick is not None and trick.plays:
        if obs.hand.suit(suit_of(trick.plays[0][1])):
            return "follow"
        return "discard-no-points" if "no-points-on-first-trick" in reasons else "discard-any"
    if turn == "first-lead-card":
        return "lead-first-card"
    if "hearts-not-broken" in reasons:
        return "lead-no-hearts"
    if "no-points-on-first-trick" in reasons:
        return "lead-no-points"
    rules = obs.rules
    if rules.hearts_lead == "after-broken" and not obs.hearts_broken and obs.hand and all(suit_of(c) == HEARTS for c in obs.hand):
        return "lead-only-hearts"
    return "lead-any"


# ---- part 3: what each card costs, and the tips -----------------------------------
def _effect(obs: Observation, table: TableState, card: Card) -> str:
    """What the card does to the trick: ``lead-high`` (nothing higher of its suit is out: it wins, with what others
    throw on it), ``lead-low``, ``discard`` (its points to the trick's winner), ``discard-clean``, ``ducks``,
    ``beats`` (for now: a higher card of the suit is out), ``takes`` (nothing higher is out), ``takes-void`` (the
    seats still to play are known to have none of the suit) or ``wins`` (the last card). (A learner read nothing
    against a lead or a discard: every row said the same.)"""
    from blackmaria.bots.reasons import higher_out, void_after

    if table.winning is None:
        return "lead-low" if higher_out(obs, card) else "lead-high"
    if suit_of(card) != table.led_suit:
        return "discard" if obs.rules.values[card] else "discard-clean"
    if card < table.winning[1]:
        return "ducks"
    if len(table.plays) == obs.rules.players - 1:
        return "wins"
    # Nothing higher of the suit out, or every seat still to play known void in it: it takes the trick for sure (a
    # learner read "holds the trick for now" beside the highest spade left, and a play-test beside J♣ with the one
    # seat after it out of clubs).
    if not higher_out(obs, card):
        return "takes"
    return "takes-void" if void_after(obs, suit_of(card)) else "beats"


PASS_REASON_NAMES: Final = {
    "pass_high_spade": "high-spade",
    "pass_costly": "costly",
    "pass_costly_high": "costly-high",
    "pass_high": "high-card",
    "pass_top": "top-of-suit",
    "pass_card": "card",
}
"""The hint's pass reasons (``bots.medium.pass_reasons``) by the names an explanation gives them (and ``void``)."""


def _pass_reasons(obs: Observation, advice: Sequence[Card]) -> tuple[tuple[Card, str], ...]:
    """Each advised card's reason: the hint's own (so the two say the same, and ``false_claims`` checks it), one per
    card (a suit emptied is named at each of its cards)."""
    from blackmaria.bots.medium import pass_reasons

    reasons: list[tuple[Card, str]] = []
    for reason in pass_reasons(obs, list(advice)):
        if reason.code == "pass_void":
            reasons += [(card, "void") for card in advice if suit_of(card) == reason.facts["suit"]]
        else:
            reasons.append((reason.facts["card"], PASS_REASON_NAMES[reason.code]))
    return tuple(reasons)


def _high_spades(obs: Observation) -> list[Card]:
    """Q♠, K♠, A♠ in hand when they can cost: the queen has points, or a high spade may catch her."""
    values = obs.rules.values
    queen_costs = values[QS] > 0 and obs.rules.in_play_mask >> QS & 1
    return [c for c in obs.hand.suit(SPADES) if c >= QS and (values[c] > 0 or queen_costs)]


DUMP_WITHIN: Final = 1.0
"""Points a deal: the penalty cards a void tip names cost at most this much more than the cheapest of them (a
play-test read "dump penalty cards such as J♥ 10♥ 6♥" over a table of costs where 6♥ was among the dearest)."""


def _tips(obs: Observation, table: TableState, legal: CardSet, costs: Mapping[Card, float]) -> list[Tip]:
    """The tips for this decision; ``costs``, the search's for the cards to play (empty where none was searched)."""
    rules = obs.rules
    values = rules.values
    tips: list[Tip] = []
    spades = obs.hand.suit(SPADES)
    if obs.phase == "passing":
        high = _high_spades(obs)
        guards = spade_guards(obs.hand.mask)
        if high and guards < SAFE_SPADE_GUARDS:
            tips.append(Tip("pass-high-spades", tuple(sorted(high, reverse=True)), number=guards, points=values[QS]))
        passable = obs.choices | obs.picked
        # Low spades guard against the queen: a beginner keeps them rather than voiding spades.
        queen_counts = values[QS] > 0 and rules.in_play_mask >> QS & 1
        voidable = [s for s in range(4) if not (s == SPADES and queen_counts)]
        short = [s for s in voidable if 0 < len(obs.hand.suit(s)) <= rules.pass_count and obs.hand.suit(s).issubset(passable)]
        if short:
            suit = min(short, key=lambda s: (len(obs.hand.suit(s)), s))
            tips.append(Tip("make-a-void", tuple(sorted(obs.hand.suit(suit), reverse=True)), number=suit))
        return tips
    if table.led_suit is not None and not obs.hand.suit(table.led_suit) and len(legal) > 1:
        costly = sorted((c for c in legal if values[c] > 0), key=lambda c: (-values[c], -c))
        if costs and costly:  # those the search finds cheapest to throw now, cheapest first
            cost = {c: costs.get(c, 0.0) for c in costly}
            cheapest = min(cost.values())
            costly = sorted((c for c in costly if cost[c] <= cheapest + DUMP_WITHIN), key=lambda c: (cost[c], -values[c], -c))
        tips.append(Tip("make-a-void", tuple(costly[:3]), number=table.led_suit))
    # Out and not placed: a seat that passed the queen knows who holds her (a play-test: "Q♠ is still out").
    passed_queen = obs.passed is not None and QS in obs.passed
    queen_out = values[QS] > 0 and rules.in_play_mask >> QS & 1 and QS not in obs.hand and QS not in obs.played and not passed_queen
    if table.led_suit is None and queen_out and not [c for c in spades if c > QS]:
        low = sorted((c for c in legal if suit_of(c) == SPADES and c < SMALL_BELOW), reverse=True)
        if low:
            tips.append(Tip("lead-low-spades", tuple(low)))
    # The queen passed away is with its receiver until played, thrown on the first trick of a suit it lacks: a learner
    # who passed it led K♥ on the advice and lost 15 points to it, and nothing had said where the queen was. Said at the
    # learner's first lead, then where the receiver has shown a void the learner may lead (a play-test read it at
    # every lead of the deal, the same words each trick).
    if table.led_suit is None and passed_queen and QS not in obs.played and values[QS] > 0 and obs.pass_to is not None:
        first_lead = not any(trick.leader == obs.seat for trick in obs.tricks if trick.winner is not None)
        void_led = any(suit_of(c) in obs.voids[obs.pass_to] for c in legal)
        if first_lead or void_led:
            tips.append(Tip("queen-passed", (QS,), seat=obs.pass_to, points=values[QS]))
    moon = moon_watch(rules, obs.tricks)
    if moon is not None:
        tips.append(moon)
    if len(obs.hand) <= LATE_IN_DEAL:
        known = obs.hand.mask | obs.played.mask | (obs.kitty.mask if obs.kitty is not None else 0)
        out = [c for c in cards_of(rules.penalty_mask & ~known)]
        if out:
            ordered = tuple(sorted(out, key=lambda c: (-values[c], -c)))
            tips.append(Tip("count-penalty-cards", ordered, points=sum(values[c] for c in out)))
    return tips


TEN_RANK: Final = 8
"""The rank index of the ten (two is 0): "a high card" is a ten or higher, as the hints' reasons say."""

ADVISING_TIPS: Final = ("pass-high-spades", "make-a-void", "lead-low-spades")
"""The tips that say which cards to pass or play (the others tell what to watch)."""


def _with_advice(tip: Tip, advice: Sequence[Card], legal: CardSet) -> Tip:
    """The tip, with whether the advice follows it: a pass that passes its high spades or empties its suit, a card
    among those it names."""
    if tip.id not in ADVISING_TIPS:
        return tip
    if tip.id == "pass-high-spades":
        # The queen is the danger: a pass that keeps her does not follow the tip, whatever else it passes.
        agrees = QS in advice if QS in tip.cards else any(c in advice for c in tip.cards)
    elif tip.id == "make-a-void" and len(advice) > 1:
        agrees = all(c in advice for c in tip.cards)
    elif not tip.cards:
        # "Void: shed a high card that could win a trick later" names no card: a high one (10 or higher) follows it,
        # and so does the highest card held (a play-test: with 8♦ 4♦ the advice 8♦ was called "a better choice").
        highest = max(rank_of(c) for c in legal)
        agrees = any(rank_of(c) >= min(TEN_RANK, highest) for c in advice)
    else:
        agrees = any(c in tip.cards for c in advice)
    return replace(tip, advice_agrees=agrees)


def moon_watch(rules: Rules, tricks: Sequence[Trick]) -> Tip | None:
    """The watch-the-moon tip when one seat has taken every penalty card so far, and enough of them to matter."""
    if rules.moon == "off":
        return None
    values = rules.values
    taken_cards = [0] * rules.players
    taken_points = [0] * rules.players
    for trick in tricks:
        if trick.winner is None:
            continue
        for _, card in trick.plays:
            if values[card] > 0:
                taken_cards[trick.winner] += 1
                taken_points[trick.winner] += values[card]
    takers = [seat for seat in range(rules.players) if taken_cards[seat]]
    if len(takers) == 1 and taken_cards[takers[0]] >= 3 and taken_points[takers[0]] * 4 >= rules.moon_total:
        return Tip("watch-the-moon", seat=takers[0], points=taken_points[takers[0]])
    return None


def explain(obs: Observation, *, budget: int = DEFAULT_BUDGET, seed: int = 0) -> Explanation:
    """The decision the seat of ``obs`` faces (a pass or a play), in the seed's three parts.

    Raises ``ValueError`` when the seat has nothing to decide now.
    """
    from blackmaria.bots.base import EXPERT_FEATURES
    from blackmaria.bots.search import SearchBot

    passing = obs.phase == "passing" and not obs.has_passed[obs.seat]
    playing = obs.phase == "playing" and obs.turn == obs.seat
    if not (passing or playing):
        raise ValueError(f"seat {obs.seat} has nothing to decide now (phase {obs.phase}, turn {obs.turn})")
    rules = obs.rules
    table = _table(obs)
    turn, turn_card = _turn(obs, table)
    rule_of = refusing_pass_rule if passing else refusing_rule
    refused = {card: rule for card in obs.hand if (rule := rule_of(obs, card)) is not None}
    legal = CardSet(c for c in obs.hand if c not in refused)
    worlds = 0
    costs: dict[Card, float] = {}
    pass_costs: tuple[tuple[tuple[Card, ...], float], ...] = ()
    # The teacher is expert's search (its passes searched, its playouts learned) at the teaching budget.
    teacher = SearchBot(seed, budget=budget, name="teacher", features=EXPERT_FEATURES, noise=True)
    if passing:
        advised = teacher.pass_hint(obs)
        advice, reasons = tuple(sorted(advised.cards, reverse=True)), advised.reasons
        advice_reasons = _pass_reasons(obs, advice)
        options = tuple(Option(c, rules.values[c], "pass") for c in sorted(legal, key=lambda c: (-rules.values[c], -c)))
        worlds = advised.worlds
        ranked = sorted(advised.pass_costs.items(), key=lambda item: (item[1], sorted(item[0])))
        pass_costs = tuple((tuple(sorted(cards, reverse=True)), cost) for cards, cost in ranked)
    else:
        if len(legal) > 1:
            advised = teacher.hint(obs)
            advice, reasons = tuple(advised.cards), advised.reasons
            costs, worlds = teacher.last_costs, teacher.last_worlds
        else:
            advice = tuple(legal)
            reasons = (Reason("forced", {"card": advice[0]}),)
        advice_reasons = ()
        ordered = sorted(legal, key=lambda c: (costs.get(c, 0.0), c not in advice, c))
        noise = teacher.last_noise if len(legal) > 1 else {}
        tricks = teacher.last_tricks if len(legal) > 1 else {}
        options = tuple(
            Option(c, rules.values[c], _effect(obs, table, c), costs.get(c), noise.get(c), *tricks.get(c, (None, None))) for c in ordered
        )
    return Explanation(
        kind="pass" if passing else "play",
        seat=obs.seat,
        seats=obs.seats,
        table=table,
        turn=turn,
        turn_card=turn_card,
        duty=_duty(obs, turn, refused),
        legal=tuple(sorted(legal)),
        refused=tuple(sorted(refused.items())),
        options=options,
        advice=advice,
        advice_reasons=advice_reasons,
        tips=tuple(_with_advice(tip, advice, legal) for tip in _tips(obs, table, legal, costs)),
        worlds=worlds,
        reasons=reasons,
        pass_costs=pass_costs,
    )


COMPARE_WORLDS: Final = 1_000
"""Simulated deals behind a pass compared after the fact (each pass played out in every one: some 60 ms)."""


@dataclass(frozen=True)
class PassComparison:
    """A pass the player made beside the computer player's, both played out on the same simulated deals: the seat's
    mean points at the end of the deal after each."""

    cards: tuple[Card, ...]
    cost: float
    advice: tuple[Card, ...]
    advice_cost: float
    worlds: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "cards": [card_name(c) for c in self.cards],
            "cost": self.cost,
            "advice": [card_name(c) for c in self.advice],
            "advice_cost": self.advice_cost,
            "worlds": self.worlds,
        }


def compare_pass(
    obs: Observation, cards: Sequence[Card], advice: Sequence[Card], *, worlds: int = COMPARE_WORLDS, seed: int = 0
) -> PassComparison:
    """What passing ``cards`` costs the seat of ``obs`` beside passing ``advice``: the search of ``explain`` plays the
    deal out after each on the same ``worlds`` simulated deals. The explanation costs only the passes its search
    compared (sets of the most dangerous cards); a learner's pass is often none of them.

    Raises ``ValueError`` when the seat has no pass to make or either pass is not one it may make.
    """
    from blackmaria.bots.base import EXPERT_FEATURES
    from blackmaria.bots.search import SearchBot

    if obs.phase != "passing" or obs.has_passed[obs.seat] or obs.pass_to is None:
        raise ValueError(f"seat {obs.seat} has no pass to make now (phase {obs.phase})")
    for which, chosen in (("pass", cards), ("advice", advice)):
        if len(set(chosen)) != obs.rules.pass_count or any(c not in obs.hand or refusing_pass_rule(obs, c) for c in chosen):
            raise ValueError(
                f"{which}: {' '.join(card_name(c) for c in chosen)} is not a pass of {obs.rules.pass_count} cards of this hand"
            )
    # An even share (no halving: both passes on every world), so the difference is a paired one.
    teacher = SearchBot(seed, budget=1, name="teacher", features=replace(EXPERT_FEATURES, pass_halving=False))
    mine, advised = tuple(sorted(cards, reverse=True)), tuple(sorted(advice, reverse=True))
    costs, _errors, done, _best = teacher.evaluate_passes(obs, [advised, mine], worlds=worlds)
    return PassComparison(mine, costs[1], advised, costs[0], done)


# ---- the claim -----------------------------------------------------------------
def claim_is_decided(obs: Observation, max_positions: int = 20_000) -> bool:
    """Whether the rest of the deal scores the same however it is played, wherever the cards the seat cannot see lie:
    in every deal of them that fits what it knows (how many cards each hand holds, the voids shown, the cards it
    passed), every way of playing it out scores as every other. Judged on the deal as it truly lies, an offered or
    refused claim told the player something of the others' hands (that, as their cards lie, no play changes the
    points). False beyond ``max_positions`` positions (a claim then waits for fewer cards): ``claim_check`` tells the
    two apart.
    """
    return claim_check(obs, max_positions) is True


def nothing_left_to_score(obs: Observation) -> bool:
    """Whether every card that scores has been taken, as the seat knows it (a kitty it has not seen is not counted
    as taken): then nothing left changes the points, the moon's included, however many cards are still to play."""
    if obs.phase != "playing" or obs.seat is None or obs.stock_left:
        return False
    taken = obs.kitty.mask if obs.kitty is not None and obs.kitty_owner is not None else 0
    for trick in obs.tricks:
        if trick.winner is not None:
            taken |= trick.cards.mask
    return not any(obs.rules.values[card] for card in cards_of(obs.rules.in_play_mask & ~taken))


def claim_check(obs: Observation, max_positions: int = 20_000) -> bool | None:
    """``claim_is_decided``, with None where more than ``max_positions`` positions would have to be seen to tell (a
    play-test's claim of three cards with every point taken was refused as "not decided": it was not looked at)."""
    if obs.phase != "playing" or obs.seat is None or obs.stock_left:
        return False
    if nothing_left_to_score(obs):
        return True  # (without the compiled kernel too: a server without the fast extra offers this claim)
    from blackmaria.bots.playout import KITTY_TAKEN
    from blackmaria.bots.search import known_state
    from blackmaria.game import scores_the_same

    known = known_state(obs)
    n = obs.rules.players
    left = [int(cap) for cap in known.caps]
    if left[n] and known.kitty_mode != KITTY_TAKEN:
        return False  # a kitty still to be won goes with the first trick: no claim is that early
    holders = [seat for seat in range(n) if seat != obs.seat and left[seat]] + ([n] if left[n] else [])
    hidden = cards_of(known.unknown)
    start = [int(value) for value in known.state]

    def worlds(i: int, s: list[int], left: list[int]) -> Iterator[list[int]]:
        if i == len(hidden):
            yield list(s)
            return
        card = hidden[i]
        for holder in holders:
            if not left[holder] or int(known.voids[holder]) >> suit_of(card) & 1:
                continue
            slot = core.TAKEN + known.kitty_owner if holder == n else core.HAND + holder  # an unseen kitty was taken
            left[holder] -= 1
            s[slot] |= 1 << card
            yield from worlds(i + 1, s, left)
            s[slot] &= ~(1 << card)
            left[holder] += 1

    params = params_of(obs.rules)
    first = next(worlds(0, list(start), list(left)), None)  # (its own copies: the walk is left half done)
    if first is not None and _playouts_differ(first, params, n):
        return False  # two ways found at once: no need to look at every way for the two (a claim early in a deal)
    return scores_the_same(worlds(0, start, left), params, n, max_positions)


def _playouts_differ(s: list[int], params: Sequence[int], players: int, tries: int = 48) -> bool:
    """Whether some of ``tries`` random playouts of ``s`` (seeded: the same answer each time) score differently."""
    rng = random.Random(0)
    seen: set[tuple[int, ...]] = set()
    for _ in range(tries):
        child = list(s)
        while child[core.PHASE] != core.PHASE_OVER:
            core.play_card(child, params, rng.choice(cards_of(core.legal_cards(child, params, child[core.TURN]))))
        points = [0] * players
        core.score_deal(child, params, points)
        seen.add(tuple(points))
        if len(seen) > 1:
            return True
    return False


# ---- the public count ----------------------------------------------------------
@dataclass(frozen=True)
class CountedCard:
    """One scoring card of a finished deal: who took it, in which trick (None: in the kitty), and its value."""

    seat: int
    card: Card
    value: int
    trick: int | None


@dataclass(frozen=True)
class PublicCount:
    """A finished deal counted card by card, as the teaching notes ask: the cards, the moon, the points."""

    deal: int
    cards: tuple[CountedCard, ...]
    taken: tuple[int, ...]
    """Each seat's card points before any moon."""
    tricks: tuple[int, ...]
    """How many tricks each seat took (a summary of the deal drawn again after a reload names them)."""
    moon: str
    """The rule set's moon option."""
    moon_shooter: int | None
    moon_total: int
    points: tuple[int, ...]
    """The deal's points by this count."""
    scored: tuple[int, ...]
    """The deal's points as the engine scored them (equal to ``points``)."""
    totals: tuple[int, ...]
    kitty: tuple[Card, ...]
    kitty_owner: int | None

    def cards_of(self, seat: int) -> list[CountedCard]:
        return [counted for counted in self.cards if counted.seat == seat]

    def to_dict(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "cards": [{"seat": c.seat, "card": card_name(c.card), "value": c.value, "trick": c.trick} for c in self.cards],
            "taken": list(self.taken),
            "tricks": list(self.tricks),
            "moon": self.moon,
            "moon_shooter": self.moon_shooter,
            "moon_total": self.moon_total,
            "points": list(self.points),
            "totals": list(self.totals),
            "kitty": [card_name(c) for c in self.kitty],
            "kitty_owner": self.kitty_owner,
        }


def count_deal(events: Sequence[Event], rules: Rules, deal: int | None = None) -> PublicCount:
    """Count a finished deal (the last one by default) from events a seat may see (``Game.events_for(seat)``)."""
    starts = [i for i, e in enumerate(events) if isinstance(e, DealStarted) and (deal is None or e.deal == deal)]
    if not starts:
        raise ValueError(f"no deal {deal} in these events" if deal is not None else "no deal in these events")
    begin = starts[-1]
    scored = next((e for e in events[begin:] if isinstance(e, DealScored)), None)
    if scored is None:
        raise ValueError(f"deal {deal if deal is not None else 'in progress'} is not scored yet: count it when it is over")
    values = rules.values
    n = rules.players
    counted: list[CountedCard] = []
    taken_masks = [0] * n
    tricks = [0] * n
    kitty_owner = None
    for event in events[begin:]:
        if isinstance(event, TrickWon):
            tricks[event.seat] += 1
            taken_masks[event.seat] |= sum(1 << c for c in event.cards)
            counted += [CountedCard(event.seat, c, values[c], event.trick + 1) for c in event.cards if values[c] != 0]
        elif isinstance(event, KittyTaken):
            kitty_owner = event.seat
        elif isinstance(event, DealScored):
            break
    if kitty_owner is not None:
        taken_masks[kitty_owner] |= sum(1 << c for c in scored.kitty)
        counted += [CountedCard(kitty_owner, c, values[c], None) for c in scored.kitty if values[c] != 0]
    # The points are the core's own scoring of the cards each seat took (moon shots included).
    p = params_of(rules)
    taken = tuple(core.card_points(p, mask) for mask in taken_masks)
    vector = [0] * core.STATE_SIZE
    for seat, mask in enumerate(taken_masks):
        vector[core.TAKEN + seat] = mask
    out = [0] * n
    found = core.score_deal(vector, p, out)
    shooter = found if found >= 0 else None
    points = out
    return PublicCount(
        deal=scored.deal,
        cards=tuple(counted),
        taken=taken,
        tricks=tuple(tricks),
        moon=rules.moon,
        moon_shooter=shooter,
        moon_total=rules.moon_total,
        points=tuple(points),
        scored=scored.points,
        totals=scored.totals,
        kitty=scored.kitty,
        kitty_owner=kitty_owner,
    )


def explanation_lines(explanation: Explanation, lang: str = "en") -> list[str]:
    """The explanation as text, in English or German (see ``blackmaria.locale.teaching``)."""
    from blackmaria.locale.teaching import render_explanation

    return render_explanation(explanation, lang)


def count_lines(count: PublicCount, seats: Sequence[str], lang: str = "en", you: int | None = None) -> list[str]:
    """The public count as text, in English or German."""
    from blackmaria.locale.teaching import render_count

    return render_count(count, seats, lang, you)


__all__ = [
    "TIP_IDS",
    "CountedCard",
    "Explanation",
    "Option",
    "PublicCount",
    "TableState",
    "Tip",
    "claim_check",
    "claim_is_decided",
    "nothing_left_to_score",
    "count_deal",
    "count_lines",
    "explain",
    "explanation_lines",
    "moon_watch",
    "refusing_pass_rule",
    "refusing_rule",
    "sooner_later",
    "trick_difference",
    "trick_percent",
    "uncertain_trick_percent",
]
