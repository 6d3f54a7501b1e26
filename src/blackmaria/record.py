"""Game records in the ``blackmaria/1`` JSON format: export, import, and checked replay.

A record::

    {"format": "blackmaria/1",
     "rules": <a preset name or {"preset": NAME, ...options}>,
     "seats": ["Anna", "Ben", "Carla"],
     "deals": [{"dealer": 0,
                "hands": [["2D", ...], ...],   # as dealt, by seat
                "kitty": [...], "stock": [...], # stock top first
                "passes": [[...], ...],         # by seat; [] when nobody passes
                "plays": ["3C", "9C", ...]}]}   # in order of play

A record may stop mid-deal (a game in progress). Importing replays every
action through the checked ``Game``, so a record that breaks a rule is refused
with a ``RecordError`` naming the deal, the play, the seat, the card and the rule.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from blackmaria.cards import Card, card_name, cards_of, parse_card
from blackmaria.events import Cut, DealerChosen
from blackmaria.game import DEALER_METHODS, Game, GameError
from blackmaria.rules import Rules, RulesError

FORMAT: Final = "blackmaria/1"


class RecordError(ValueError):
    """A record that is malformed or breaks the rules; the message is one line naming where."""

    def __init__(
        self,
        message: str,
        *,
        deal: int | None = None,
        play: int | None = None,
        seat: int | None = None,
        card: Card | None = None,
        rule: str = "format",
    ) -> None:
        where = []
        if deal is not None:
            where.append(f"deal {deal + 1}")
        if play is not None:
            where.append(f"play {play + 1}")
        prefix = ", ".join(where)
        super().__init__(f"{prefix}: {message}" if prefix else message)
        self.deal = deal
        self.play = play
        self.seat = seat
        self.card = card
        self.rule = rule


def game_to_record(game: Game) -> dict[str, Any]:
    deals = []
    for log in game.deals:
        passes: list[list[str]] = []
        if log.direction != "hold":
            passes = [[card_name(c) for c in cards_of(p or 0)] for p in log.passes]
        deals.append(
            {
                "dealer": log.dealer,
                "hands": [[card_name(c) for c in cards_of(h)] for h in log.hands],
                "kitty": [card_name(c) for c in cards_of(log.kitty)],
                "stock": [card_name(c) for c in log.stock],
                "passes": passes,
                "plays": [card_name(c) for c in log.plays],
            }
        )
    record: dict[str, Any] = {"format": FORMAT, "rules": game.rules.to_dict(), "seats": list(game.seats), "deals": deals}
    chosen = next((event for event in game.events if isinstance(event, DealerChosen)), None)
    if chosen is not None and chosen.method != "given":  # how the first dealer was chosen, kept over a replay (a cut read back as "given")
        record["dealer_chosen_by"] = chosen.method
    if chosen is not None and chosen.cut:  # and the cards cut, which the players saw
        record["dealer_cut"] = chosen.to_dict()["cut"]  # (as the event writes it)
    return record


def _cut(value: Any) -> Cut:
    """A record's ``dealer_cut``: rounds of ``[seat, card]`` (``Game`` checks that they are a cut that chose the dealer)."""
    rounds = []
    if not isinstance(value, list) or not all(isinstance(rnd, list) for rnd in value):
        raise RecordError(f"dealer_cut must be a list of rounds of [seat, card], not {value!r}", deal=0, rule="dealer")
    for rnd in value:
        pairs = []
        for pair in rnd:
            if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], int) and not isinstance(pair[0], bool)):
                raise RecordError(f"dealer_cut: each cut is [seat, card], not {pair!r}", deal=0, rule="dealer")
            try:
                pairs.append((pair[0], parse_card(str(pair[1]))))
            except ValueError as error:
                raise RecordError(f"dealer_cut: {error}", deal=0, rule="dealer") from error
        rounds.append(tuple(pairs))
    return tuple(rounds)


def _cards(value: Any, what: str, deal: int) -> list[Card]:
    if not isinstance(value, list):
        raise RecordError(f"{what} must be a list of cards, not {type(value).__name__}", deal=deal)
    cards = []
    for item in value:
        try:
            cards.append(parse_card(str(item)))
        except ValueError as error:
            raise RecordError(f"{what}: {error}", deal=deal, rule="card-text") from error
    return cards


def game_from_record(record: Any, *, rng: random.Random | None = None) -> Game:
    """Rebuild a game from a record (a dict or JSON text), checking every deal, pass and play."""
    if isinstance(record, str | bytes):
        try:
            record = json.loads(record)
        except json.JSONDecodeError as error:
            raise RecordError(f"not valid JSON: {error}") from error
    if not isinstance(record, Mapping):
        raise RecordError("a record must be a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"format must be {FORMAT!r}, not {record.get('format')!r}")
    if "rules" not in record:  # (it was read as Black Maria: a record of another game replayed as that one)
        raise RecordError('rules: missing; a record names its rules, a preset ("hearts") or {"preset": ..., options}', rule="rules")
    try:
        rules = Rules.from_data(record["rules"])
    except RulesError as error:
        raise RecordError(f"rules: {error}", rule="rules") from error
    seats = record.get("seats")
    if seats is None:
        seats = [f"Player {i + 1}" for i in range(rules.players)]
    if not isinstance(seats, list) or len(seats) != rules.players or not all(isinstance(s, str) for s in seats):
        raise RecordError(f"seats must be a list of {rules.players} names")
    deals = record.get("deals", [])
    if not isinstance(deals, list):
        raise RecordError("deals must be a list")
    first_dealer = None
    if deals and isinstance(deals[0], Mapping):
        first_dealer = deals[0].get("dealer")
        if isinstance(first_dealer, bool) or not isinstance(first_dealer, int):
            raise RecordError(f"dealer must be a seat number, not {first_dealer!r}", deal=0)
    chosen_by = record.get("dealer_chosen_by", "given")
    if chosen_by not in DEALER_METHODS:
        raise RecordError(f"dealer_chosen_by: one of {', '.join(DEALER_METHODS)}, not {chosen_by!r}", rule="dealer")
    cut = _cut(record.get("dealer_cut", []))
    try:
        game = Game(rules, seats=seats, rng=rng, first_dealer=first_dealer, dealer_chosen_by=chosen_by, dealer_cut=cut)
    except GameError as error:
        raise RecordError(str(error), deal=0, rule=error.rule) from error
    except ValueError as error:  # a cut without the dealer it chose, or not said to be a cut
        raise RecordError(str(error), deal=0, rule="dealer") from error
    for index, deal in enumerate(deals):
        _replay_deal(game, index, deal, last=index == len(deals) - 1)
    return game


def _replay_deal(game: Game, index: int, deal: Any, *, last: bool) -> None:
    if not isinstance(deal, Mapping):
        raise RecordError("a deal must be a JSON object", deal=index)
    hands = deal.get("hands")
    if not isinstance(hands, list):
        raise RecordError("hands must be a list of hands, one per seat", deal=index)
    try:
        game.deal_hands(
            [_cards(h, f"hand of seat {seat}", index) for seat, h in enumerate(hands)],
            kitty=_cards(deal.get("kitty", []), "kitty", index),
            stock=_cards(deal.get("stock", []), "stock", index),
            dealer=deal.get("dealer"),
        )
    except GameError as error:
        raise RecordError(str(error), deal=index, seat=error.seat, card=error.card, rule=error.rule) from error
    passes = deal.get("passes", [])
    if not isinstance(passes, list):
        raise RecordError("passes must be a list, one pass per seat", deal=index)
    if game.direction == "hold":
        if any(passes):
            raise RecordError("the rules have no pass in this deal, but passes are recorded", deal=index, rule="no-pass")
    else:
        if len(passes) not in (0, game.players):
            raise RecordError(f"passes must list one pass per seat ({game.players}), not {len(passes)}", deal=index)
        for seat, chosen in enumerate(passes):
            cards = _cards(chosen, f"pass of seat {seat}", index)
            if not cards:
                continue  # that seat has not passed yet (a game in progress)
            try:
                game.pass_cards(seat, cards)
            except GameError as error:
                raise RecordError(f"{error} (rule: {error.rule})", deal=index, seat=seat, card=error.card, rule=error.rule) from error
    plays = deal.get("plays", [])
    if not isinstance(plays, list):
        raise RecordError("plays must be a list of cards", deal=index)
    if plays and game.phase == "passing":
        raise RecordError("cards are played before every seat has passed", deal=index, rule="pass-missing")
    for number, text in enumerate(plays):
        try:
            card = parse_card(str(text))
        except ValueError as error:
            raise RecordError(str(error), deal=index, play=number, rule="card-text") from error
        player = game.turn
        try:
            game.play(card)
        except GameError as error:
            raise RecordError(f"{error} (rule: {error.rule})", deal=index, play=number, seat=player, card=card, rule=error.rule) from error
    if not last and game.phase in ("passing", "playing"):
        raise RecordError(f"the deal stops after {len(plays)} plays, but another deal follows", deal=index, rule="deal-incomplete")


def replay_summary(game: Game) -> dict[str, Any]:
    """Points by deal and totals, as ``blackmaria replay --json`` prints them."""
    return {
        "rules": game.rules.preset or "custom",
        "seats": list(game.seats),
        "deals": [{"dealer": d.dealer, "points": list(d.points) if d.points else None, "moon_shooter": d.moon_shooter} for d in game.deals],
        "totals": list(game.totals),
        "complete": game.is_over,
        "phase": game.phase,
        "winners": list(game.winners),
    }


__all__: Sequence[str] = ["FORMAT", "RecordError", "game_from_record", "game_to_record", "replay_summary"]
