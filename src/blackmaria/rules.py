"""The rule set: every option of ../shared/RULES.md in one frozen, validated object.

A ``Rules`` is checked when it is made; a bad option raises ``RulesError``
with a sentence naming the option and what is wrong. Named presets are found
with ``preset(name, players=...)``; a rule set is data and round-trips through
JSON and TOML (``to_dict``/``from_data``, ``to_json``/``to_toml``).

>>> r = preset("hearts")
>>> r.players, r.pass_schedule, r.deal_total
(4, ('left', 'right', 'across', 'hold'), 26)
>>> Rules.from_data({"preset": "black-maria", "players": 4}).deal_count
12
"""

from __future__ import annotations

import dataclasses
import difflib
import json
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import Any, Final, Literal, get_args

from blackmaria.cards import (
    FULL_DECK_MASK,
    HEARTS,
    NUM_CARDS,
    Card,
    card_name,
    mask_of,
    parse_card,
    rank_of,
    suit_of,
)

PassDirection = Literal["left", "right", "across", "hold"]
FirstLead = Literal["two-of-clubs", "left-of-dealer"]
HeartsLead = Literal["anytime", "after-broken"]
HeartsBrokenBy = Literal["any-heart-played", "heart-discarded"]
Scoring = Literal["black-maria", "plain", "dirty-lady", "spot", "omnibus"]
Moon = Literal["off", "add-to-others", "subtract-from-shooter"]
Ties = Literal["share", "sudden-death"]
FirstDealer = Literal["cut", "random"] | int

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 7
QUEEN_OF_SPADES: Final = 43
KING_OF_SPADES: Final = 47
ACE_OF_SPADES: Final = 51
JACK_OF_DIAMONDS: Final = 37

# RULES.md "Players and the cards in play": the default removals by player count.
DEFAULT_REMOVED: Final[dict[int, tuple[Card, ...]]] = {
    2: (),
    3: (0,),  # 2C
    4: (),
    5: (0, 1),  # 2C 2D
    6: (0, 1, 3, 4),  # 2C 2D 2S 3C
    7: (0, 1, 3),  # 2C 2D 2S
}


class RulesError(ValueError):
    """A rule set that cannot be played; the message names the option. ``code`` and ``facts``, where set, let a front
    end say it in another language (``unknown-preset``: ``name``, ``nearest``; ``preset-players``: ``players``,
    ``preset``, ``count``, ``others``)."""

    def __init__(self, message: str, code: str = "", **facts: object) -> None:
        super().__init__(message)
        self.code = code
        self.facts = facts


class PresetPlayersError(RulesError):
    """A preset named for a player count it is not made for (house rules may still take it there)."""


def _scoring_values(scoring: str) -> list[int]:
    values = [0] * NUM_CARDS
    for card in range(NUM_CARDS):
        if suit_of(card) == HEARTS:
            if scoring == "spot":
                values[card] = rank_of(card) + 2
            elif scoring == "dirty-lady":
                values[card] = {12: 5, 11: 4, 10: 3, 9: 2}.get(rank_of(card), 1)
            else:
                values[card] = 1
    values[QUEEN_OF_SPADES] = 13
    if scoring in ("black-maria", "dirty-lady"):
        values[KING_OF_SPADES] = 10
        values[ACE_OF_SPADES] = 7
    if scoring == "omnibus":
        values[JACK_OF_DIAMONDS] = -10
    return values


def _choice(option: str, value: object, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise RulesError(f"{option}: {value!r} is not one of {', '.join(allowed)}")


def _cards_text(cards: tuple[Card, ...]) -> str:
    return " ".join(card_name(c) for c in cards)


@dataclass(frozen=True, kw_only=True)
class Rules:
    """One complete rule set. Defaults are the ``black-maria`` preset for three players."""

    players: int = 3
    """Number of seats, 2 to 7."""
    removed: tuple[Card, ...] = (0,)
    """Cards taken out of the deck before dealing."""
    kitty: bool = False
    """Deal leftover cards face down; the first trick's winner takes them."""
    first_dealer: FirstDealer = "cut"
    """``cut`` (highest card deals), ``random``, or a seat number."""
    pass_count: int = 3
    """How many cards each player passes."""
    pass_schedule: tuple[PassDirection, ...] = ("right",)
    """Pass directions, cycling deal by deal; ``across`` is skipped with an odd player count."""
    pass_forbidden: tuple[Card, ...] = ()
    """Cards that may not be passed (Dirty Lady: QS)."""
    first_lead: FirstLead = "left-of-dealer"
    """``two-of-clubs`` (lowest club in play leads it) or ``left-of-dealer`` (any card)."""
    hearts_lead: HeartsLead = "anytime"
    """``anytime`` or ``after-broken``."""
    hearts_broken_by: HeartsBrokenBy = "any-heart-played"
    """With ``after-broken``: ``any-heart-played`` or ``heart-discarded`` (on another suit's trick)."""
    queen_breaks_hearts: bool = False
    """Whether playing QS also breaks hearts."""
    points_on_first_trick: bool = True
    """False: on the first trick nobody may play a card of positive value unless they hold only such cards."""
    scoring: Scoring = "black-maria"
    """Card values: ``black-maria``, ``plain``, ``dirty-lady``, ``spot`` or ``omnibus``."""
    card_values: tuple[tuple[Card, int], ...] = ()
    """Overrides of single card values, e.g. QS 25 in Spot Hearts."""
    moon: Moon = "off"
    """Shooting the moon: ``off``, ``add-to-others`` or ``subtract-from-shooter``."""
    moon_cards: tuple[Card, ...] | None = None
    """Cards a shooter must take; None means every card of positive value in play."""
    target_score: int | None = None
    """End after the deal in which someone reaches this total."""
    deal_count: int | None = 9
    """End after this many deals."""
    ties: Ties = "share"
    """A tie for lowest total: ``share`` the win or play ``sudden-death`` deals."""
    undo: bool = True
    """Whether a player may take back their last card in a game against computer players."""
    preset: str | None = field(default=None, compare=False)
    """The preset this rule set was built from (information only)."""

    def __post_init__(self) -> None:
        self._validate()

    # ---- validation -------------------------------------------------
    def _validate(self) -> None:
        n = self.players
        if isinstance(n, bool) or not isinstance(n, int):
            raise RulesError(f"players: {n!r} is not a whole number")
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            # (not "Black Maria is played by": a play-test's hearts for 8 read as if it were Black Maria)
            raise RulesError(
                f"players: {n} {'player' if n == 1 else 'players'} is not supported; every rule set here is for {MIN_PLAYERS} to {MAX_PLAYERS} players"
            )
        for option in ("kitty", "queen_breaks_hearts", "points_on_first_trick", "undo"):
            if not isinstance(getattr(self, option), bool):
                raise RulesError(f"{option}: {getattr(self, option)!r} is not true or false")
        self._check_cards("removed", self.removed)
        self._check_cards("pass_forbidden", self.pass_forbidden)
        deck = NUM_CARDS - len(self.removed)
        if n == 2:
            if self.kitty:
                raise RulesError("kitty: two players draw from a stock instead; a kitty needs 3 or more players")
            if deck < 26 or (deck - 26) % 2:
                raise RulesError(
                    f"removed: two players need 26 cards in hand and an even stock; removing {len(self.removed)} leaves {deck}"
                )
        elif self.kitty:
            if deck % n == 0:
                raise RulesError(f"kitty: with {n} players and {deck} cards in play nothing is left over for a kitty")
        elif deck % n:
            raise RulesError(
                f"removed: removing {len(self.removed)} card(s) ({_cards_text(self.removed) or 'none'}) leaves {deck}, "
                f"which does not divide among {n} players; remove {deck % n} more or turn on the kitty"
            )
        fd = self.first_dealer
        if isinstance(fd, bool) or not (fd in ("cut", "random") or (isinstance(fd, int) and 0 <= fd < n)):
            raise RulesError(f"first_dealer: {fd!r} is not 'cut', 'random' or a seat number 0..{n - 1}")
        if not self.pass_schedule:
            raise RulesError("pass_schedule: it is empty; give at least one of left, right, across, hold")
        for direction in self.pass_schedule:
            _choice("pass_schedule", direction, get_args(PassDirection))
        if not self.effective_schedule:
            raise RulesError(f"pass_schedule: across needs an even number of players, and with {n} there is no other direction left")
        pc = self.pass_count
        if isinstance(pc, bool) or not isinstance(pc, int) or pc < 1:
            raise RulesError(f"pass_count: {pc!r} is not a whole number of at least 1")
        if self.passes_at_all:
            forbidden = len([c for c in self.pass_forbidden if c not in self.removed])
            if pc + forbidden > self.hand_size:
                raise RulesError(
                    f"pass_count: {pc} cards (plus {forbidden} that may not be passed) do not fit in a hand of {self.hand_size}"
                )
        _choice("first_lead", self.first_lead, get_args(FirstLead))
        _choice("hearts_lead", self.hearts_lead, get_args(HeartsLead))
        _choice("hearts_broken_by", self.hearts_broken_by, get_args(HeartsBrokenBy))
        _choice("scoring", self.scoring, get_args(Scoring))
        seen: set[Card] = set()
        for card, value in self.card_values:
            self._check_cards("card_values", (card,))
            if card in seen:
                raise RulesError(f"card_values: {card_name(card)} is given twice")
            seen.add(card)
            if isinstance(value, bool) or not isinstance(value, int):
                raise RulesError(f"card_values: the value of {card_name(card)} must be a whole number, not {value!r}")
        _choice("moon", self.moon, get_args(Moon))
        if self.moon_cards is not None:
            self._check_cards("moon_cards", self.moon_cards)
            for card in self.moon_cards:
                if card in self.removed:
                    raise RulesError(f"moon_cards: {card_name(card)} is removed from the deck, so nobody could take it")
            missing = self.penalty_mask & ~mask_of(self.moon_cards)
            if missing:
                raise RulesError(
                    "moon_cards: a shooter must take every card of positive value; missing "
                    + " ".join(card_name(c) for c in range(NUM_CARDS) if missing >> c & 1)
                )
        if self.moon != "off" and self.moon_mask == 0:
            raise RulesError("moon: no card of positive value is in play, so nobody can shoot the moon")
        for option in ("target_score", "deal_count"):
            value = getattr(self, option)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
                raise RulesError(f"{option}: {value!r} is not a positive whole number (or none)")
        if self.target_score is None and self.deal_count is None:
            raise RulesError("target_score, deal_count: the game needs an end; give a target score, a number of deals, or both")
        _choice("ties", self.ties, get_args(Ties))

    @staticmethod
    def _check_cards(option: str, cards: tuple[Card, ...]) -> None:
        seen: set[Card] = set()
        for card in cards:
            if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < NUM_CARDS:
                raise RulesError(f"{option}: {card!r} is not a card in the deck")
            if card in seen:
                raise RulesError(f"{option}: {card_name(card)} is named twice")
            seen.add(card)

    def __getstate__(self) -> dict[str, object]:
        # The options only: the derived facts below are worked out again after a load, so equal rules pickle to the
        # same bytes whichever of them were read before (an observation's pickle differed by a cached moon_total).
        return {option.name: getattr(self, option.name) for option in fields(self)}

    # ---- derived facts (computed once; the object is frozen) --------
    @cached_property
    def values(self) -> tuple[int, ...]:
        """The value of each card 0..51 under this scoring, overrides applied."""
        values = _scoring_values(self.scoring)
        for card, value in self.card_values:
            values[card] = value
        return tuple(values)

    @cached_property
    def in_play_mask(self) -> int:
        return FULL_DECK_MASK & ~mask_of(self.removed)

    @property
    def cards_in_play(self) -> int:
        return NUM_CARDS - len(self.removed)

    @property
    def hand_size(self) -> int:
        """Cards dealt to each hand (13 with two players, who also draw from the stock)."""
        return 13 if self.players == 2 else self.cards_in_play // self.players

    @property
    def kitty_size(self) -> int:
        return self.cards_in_play % self.players if self.kitty else 0

    @property
    def stock_size(self) -> int:
        return self.cards_in_play - 26 if self.players == 2 else 0

    @property
    def tricks_per_deal(self) -> int:
        return self.hand_size + self.stock_size // self.players

    @cached_property
    def penalty_mask(self) -> int:
        """Cards in play with a positive value."""
        return sum(1 << c for c in range(NUM_CARDS) if self.values[c] > 0 and self.in_play_mask >> c & 1)

    def scoring_cards(self, cards: Iterable[Card]) -> tuple[Card, ...]:
        """The cards among ``cards`` that score, positive or negative: what a trick's points are made of ("Q♠ 7♥", where
        the points alone said 14).

        >>> from blackmaria.cards import card_name, parse_cards
        >>> [card_name(c) for c in Rules(scoring="omnibus").scoring_cards(parse_cards("7H KS JD QS"))]
        ['7H', 'JD', 'QS']
        """
        values = self.values
        return tuple(c for c in cards if values[c])

    @cached_property
    def moon_mask(self) -> int:
        """Cards a moon shooter must take."""
        return (mask_of(self.moon_cards) if self.moon_cards is not None else self.penalty_mask) & self.in_play_mask

    @cached_property
    def moon_total(self) -> int:
        """Total of positive values in play: what a moon shot moves."""
        return sum(self.values[c] for c in range(NUM_CARDS) if self.penalty_mask >> c & 1)

    @cached_property
    def deal_total(self) -> int:
        """Points scored in a deal without a moon shot: the sum of all values in play."""
        return sum(self.values[c] for c in range(NUM_CARDS) if self.in_play_mask >> c & 1)

    @cached_property
    def negative_total(self) -> int:
        """Total of negative values in play (Omnibus' JD, -10; else 0)."""
        return sum(self.values[c] for c in range(NUM_CARDS) if self.in_play_mask >> c & 1 and self.values[c] < 0)

    @cached_property
    def seat_points_bounds(self) -> tuple[int, int]:
        """Bounds on one seat's points in a deal: at least every negative card, less a moon of its own where the
        shooter subtracts it (exact: OpenSpiel's best utility); at most every positive card and another's moon (loose:
        a seat that takes a positive card shoots no moon, so the most is ``moon_total``)."""
        low = self.negative_total - (self.moon_total if self.moon == "subtract-from-shooter" else 0)
        return low, self.moon_total + (self.moon_total if self.moon == "add-to-others" else 0)

    @cached_property
    def effective_schedule(self) -> tuple[PassDirection, ...]:
        if self.players % 2:
            return tuple(d for d in self.pass_schedule if d != "across")
        return self.pass_schedule

    @property
    def passes_at_all(self) -> bool:
        return any(d != "hold" for d in self.effective_schedule)

    def pass_direction(self, deal_index: int) -> PassDirection:
        schedule = self.effective_schedule
        return schedule[deal_index % len(schedule)]

    def pass_offset(self, direction: PassDirection) -> int:
        """Seats clockwise from passer to receiver; 0 for ``hold``."""
        n = self.players
        return {"left": 1, "right": n - 1, "across": n // 2, "hold": 0}[direction]

    def facts(self) -> dict[str, Any]:
        """What follows from the options, in one place, for every front end and scorekeeper to read (none derives its own).

        >>> facts = preset("black-maria").facts()
        >>> facts["values"]["QS"], facts["values"]["KS"], facts["deal_total"], facts["removed"], facts["hand_size"]
        (13, 10, 43, ['2C'], 17)
        """
        in_play = self.in_play_mask
        names = [card_name(c) for c in range(NUM_CARDS)]
        return {
            "players": self.players,
            "values": {names[c]: self.values[c] for c in range(NUM_CARDS) if self.values[c] and in_play >> c & 1},
            "in_play": [names[c] for c in range(NUM_CARDS) if in_play >> c & 1],
            "removed": [names[c] for c in sorted(self.removed)],
            "penalty_cards": [names[c] for c in range(NUM_CARDS) if self.penalty_mask >> c & 1],
            "moon": self.moon,
            "moon_cards": [names[c] for c in range(NUM_CARDS) if self.moon_mask >> c & 1],
            "moon_total": self.moon_total,
            "deal_total": self.deal_total,
            "hand_size": self.hand_size,
            "kitty_size": self.kitty_size,
            "stock_size": self.stock_size,
            "tricks_per_deal": self.tricks_per_deal,
            "pass_count": self.pass_count if self.passes_at_all else 0,
            "schedule": list(self.effective_schedule),
            "pass_forbidden": [names[c] for c in self.pass_forbidden],
        }

    def changes_from_preset(self) -> list[str]:
        """The options that differ from the preset this rule set was built from (for this player count)."""
        if self.preset is None:
            return []
        base = _build_preset(self.preset, self.players, kitty=self.kitty)
        return [f.name for f in dataclasses.fields(self) if f.compare and getattr(self, f.name) != getattr(base, f.name)]

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed, validated again."""
        return dataclasses.replace(self, **changes)

    # ---- data forms -------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Every option under its canonical name, cards as text; ``from_data`` reads it back."""
        data: dict[str, Any] = {}
        if self.preset is not None:
            data["preset"] = self.preset
        for f in dataclasses.fields(self):
            if f.name == "preset":
                continue
            value = getattr(self, f.name)
            if f.name in ("removed", "pass_forbidden") or (f.name == "moon_cards" and value is not None):
                value = [card_name(c) for c in value]
            elif f.name == "card_values":
                value = {card_name(c): v for c, v in value}
            elif f.name == "pass_schedule":
                value = list(value)
            data[f.name] = value
        return data

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    def to_toml(self) -> str:
        import tomli_w

        data = {k: ("none" if v is None else v) for k, v in self.to_dict().items()}
        return tomli_w.dumps(data)

    @classmethod
    def from_data(cls, data: str | Mapping[str, Any]) -> Rules:
        """A preset name, or ``{"preset": NAME, ...overrides}`` with canonical option names."""
        if isinstance(data, str):
            return preset(data)
        if not isinstance(data, Mapping):
            raise RulesError(f"rules: expected a preset name or a table of options, not {type(data).__name__}")
        options = dict(data)
        base = options.pop("preset", DEFAULT_PRESET)
        if not isinstance(base, str):
            raise RulesError(f"preset: {base!r} is not a preset name")
        known = {f.name for f in dataclasses.fields(cls)} - {"preset"}
        unknown = sorted(set(options) - known)
        if unknown:
            raise RulesError(f"{unknown[0]}: not a rule option; the options are {', '.join(sorted(known))}")
        players = options.pop("players", None)
        kitty = options.get("kitty")
        changes = {name: _option_from_data(name, value) for name, value in options.items()}
        # House rules may take a preset to any count (the range check is for a preset by name alone).
        return _build_preset(base, players, kitty=bool(kitty) if isinstance(kitty, bool) else False).replace(**changes)

    @classmethod
    def from_json(cls, text: str) -> Rules:
        try:
            return cls.from_data(json.loads(text))
        except json.JSONDecodeError as error:
            raise RulesError(f"rules file: not valid JSON ({error})") from error

    @classmethod
    def from_toml(cls, text: str) -> Rules:
        try:
            return cls.from_data(tomllib.loads(text))
        except tomllib.TOMLDecodeError as error:
            raise RulesError(f"rules file: not valid TOML ({error})") from error

    # ---- words -----------------------------------------------------
    def describe(self, lang: str = "en") -> list[str]:
        """The rule set in sentences a player understands (``lang``: ``en`` or ``de``)."""
        from blackmaria.locale.describe import describe_rules

        return describe_rules(self, lang)

    def basics(self, lang: str = "en") -> list[str]:
        """What a newcomer needs before the first card (the aim, what the cards cost, a trick, the game's end)."""
        from blackmaria.locale.describe import basics

        return basics(self, lang)


def _cards_from_data(option: str, value: Any) -> tuple[Card, ...]:
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, list | tuple):
        raise RulesError(f'{option}: expected a list of cards like ["2C", "QS"], not {value!r}')
    cards = []
    for item in value:
        if isinstance(item, int) and not isinstance(item, bool):
            cards.append(item)
            continue
        try:
            cards.append(parse_card(str(item)))
        except ValueError as error:
            raise RulesError(f"{option}: {error}") from error
    return tuple(cards)


def _option_from_data(name: str, value: Any) -> Any:
    if isinstance(value, str) and value.lower() in ("none", "null") and name in ("target_score", "deal_count", "moon_cards"):
        return None
    if name in ("removed", "pass_forbidden"):
        return _cards_from_data(name, value)
    if name == "moon_cards":
        return None if value is None else _cards_from_data(name, value)
    if name == "pass_schedule":
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list | tuple):
            raise RulesError(f"pass_schedule: expected a list of left/right/across/hold, not {value!r}")
        return tuple(value)
    if name == "card_values":
        if not isinstance(value, Mapping):
            raise RulesError(f'card_values: expected a table of card to value, like {{"QS": 25}}, not {value!r}')
        pairs = []
        for key, v in value.items():
            try:
                pairs.append((parse_card(str(key)), v))
            except ValueError as error:
                raise RulesError(f"card_values: {error}") from error
        return tuple(sorted(pairs))
    return value


# ---- presets --------------------------------------------------------------

DEFAULT_PRESET: Final = "black-maria"

_HEARTS_SCHEDULE: Final[tuple[PassDirection, ...]] = ("left", "right", "across", "hold")


@dataclass(frozen=True)
class PresetInfo:
    name: str
    players: int
    player_range: tuple[int, int]
    source: str

    def summary_in(self, lang: str) -> str:
        """The preset in one line, in ``lang`` (the catalog's ``preset_summary_NAME``)."""
        from blackmaria.locale import Texts

        return Texts(lang)(f"preset_summary_{self.name}")


PRESETS: Final[dict[str, PresetInfo]] = {
    p.name: p
    for p in (
        PresetInfo("black-maria", 3, (3, 6), "seed 001/002"),
        PresetInfo("black-maria-jaques", 3, (3, 7), "seed 000"),
        PresetInfo("hearts", 4, (4, 4), "seed 003"),
        PresetInfo("plain-black-maria", 3, (3, 6), "seed 001/002 variant"),
        PresetInfo("dirty-lady", 3, (3, 6), "seed 001/002 variant"),
        PresetInfo("omnibus", 4, (3, 7), "seeds 000, 003"),
        PresetInfo("spot-hearts", 4, (3, 7), "seeds 000, 003"),
        PresetInfo("black-lady", 4, (3, 7), "seed 000 variant"),
        PresetInfo("two-player", 2, (2, 2), "seed 000 variant"),
    )
}

_ALIASES: Final = {
    "bm": "black-maria",
    "jaques": "black-maria-jaques",
    "plain": "plain-black-maria",
    "spot": "spot-hearts",
    "two": "two-player",
    "2p": "two-player",
}


def find_preset(name: str) -> str:
    """The canonical preset name for ``name`` (case, spaces and underscores ignored; a few aliases)."""
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    key = _ALIASES.get(key, key)
    if key not in PRESETS:
        # The nearest name first, if one is near ("blackmaria": a play-test read the whole list and had to find it).
        near = difflib.get_close_matches(key, [*PRESETS, *_ALIASES], n=1, cutoff=0.7)
        nearest = _ALIASES.get(near[0], near[0]) if near else ""
        guess = f"did you mean {nearest}? " if near else ""
        raise RulesError(
            f"preset: {name!r} is not a preset; {guess}the presets are {', '.join(PRESETS)}", "unknown-preset", name=name, nearest=nearest
        )
    return key


def preset(name: str, *, players: int | None = None, kitty: bool = False) -> Rules:
    """The named preset, for ``players`` seats (default: the preset's own), within the preset's ``player_range``.

    Options that depend on the player count (the cards removed, a fixed number
    of deals) follow it; with ``kitty`` nothing is removed and the leftover
    cards form the kitty. Another count is house rules:
    ``Rules.from_data({"preset": name, "players": n})``.

    >>> try:
    ...     preset("hearts", players=5)
    ... except RulesError as error:
    ...     print(str(error).split(";")[0])
    5 players: the hearts preset is for 4 players
    """
    key = find_preset(name)
    if players is not None:
        check_preset_players(key, players)
    return _build_preset(key, players, kitty=kitty)


def check_preset_players(name: str, players: int) -> None:
    """Refuse a count outside the preset ``name``'s ``player_range`` (``RulesError``), naming the presets made for
    it and the house-rules way: the one check of a preset's counts (``preset()`` and ``load_rules`` make it; a front
    end that allows presets only at their own counts calls it too). A count no rule set allows is left to ``Rules``."""
    key = find_preset(name)
    if isinstance(players, bool) or not isinstance(players, int):
        return  # (the rule set's own validation says what is wrong with such a count)
    low, high = PRESETS[key].player_range
    if low <= players <= high:
        return
    count = f"{low}" if low == high else f"{low} to {high}"
    facts = {"players": players, "preset": key, "count": (low, high)}
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:  # no rule set is for it: the preset's own counts, nothing to try
        message = f"{players} {'player' if players == 1 else 'players'}: the {key} preset is for {count} players"
        raise PresetPlayersError(message, "preset-players", **facts, others=[])
    others = [other for other, info in PRESETS.items() if info.player_range[0] <= players <= info.player_range[1]]
    raise PresetPlayersError(
        f"{players} players: the {key} preset is for {count} players"
        + (f"; for {players} try {', '.join(others)}" if others else "")
        + f' (or house rules with preset = "{key}" and players = {players})',
        "preset-players",
        **facts,
        others=others,
    )


def _build_preset(name: str, players: int | None, *, kitty: bool = False) -> Rules:
    """The preset ``name`` for any count the rule set allows: what house rules build on."""
    key = find_preset(name)
    n = PRESETS[key].players if players is None else players
    if isinstance(n, bool) or not isinstance(n, int):
        raise RulesError(f"players: {n!r} is not a whole number")
    removed = () if kitty else DEFAULT_REMOVED.get(n, ())
    common: dict[str, Any] = dict(players=n, removed=removed, kitty=kitty, preset=key)
    jaques_hearts: dict[str, Any] = dict(hearts_lead="after-broken", hearts_broken_by="heart-discarded", queen_breaks_hearts=False)
    hearts_like: dict[str, Any] = dict(
        pass_schedule=_HEARTS_SCHEDULE,
        first_lead="two-of-clubs",
        hearts_lead="after-broken",
        hearts_broken_by="any-heart-played",
        queen_breaks_hearts=True,
        points_on_first_trick=False,
        moon="add-to-others",
        target_score=100,
        deal_count=None,
    )
    fixed_deals: dict[str, Any] = dict(deal_count=3 * n, target_score=None)
    to_100: dict[str, Any] = dict(moon="add-to-others", target_score=100, deal_count=None, first_lead="two-of-clubs")
    options: dict[str, Any]
    if key == "black-maria":
        options = dict(pass_schedule=("right",), scoring="black-maria", **fixed_deals)
    elif key == "plain-black-maria":
        options = dict(pass_schedule=("right",), scoring="plain", **fixed_deals)
    elif key == "dirty-lady":
        options = dict(pass_schedule=("left",), pass_forbidden=(QUEEN_OF_SPADES,), scoring="dirty-lady", **fixed_deals)
    elif key == "black-maria-jaques":
        options = dict(pass_schedule=("left",), scoring="plain", **jaques_hearts, **to_100)
    elif key == "hearts":
        options = dict(scoring="plain", **hearts_like)
    elif key == "omnibus":
        options = dict(scoring="omnibus", **hearts_like)
    elif key == "spot-hearts":
        options = dict(scoring="spot", card_values=((QUEEN_OF_SPADES, 25),), **{**hearts_like, "target_score": 500})
    elif key == "black-lady":
        options = dict(pass_schedule=("hold",), scoring="plain", **jaques_hearts, **to_100)
    else:  # two-player
        options = dict(pass_schedule=("hold",), scoring="plain", **jaques_hearts, **to_100)
    return Rules(**common, **options)


def read_rules_data(path_or_name: str) -> str | dict[str, Any]:
    """The data of a house-rules file (``.toml`` or ``.json``), or the text itself if no such file exists (a preset name)."""
    import os

    meant_as_file = path_or_name.endswith((".toml", ".json")) or os.sep in path_or_name  # not a preset's name
    if not os.path.isfile(path_or_name):
        if os.path.isdir(path_or_name) and meant_as_file:
            raise RulesError(f"{path_or_name}: a folder, not a rules file (a .toml or .json file)")
        if meant_as_file:
            raise RulesError(f"{path_or_name}: no such rules file")
        return path_or_name  # (a folder named like a preset in the working directory is not a rules file either)
    try:
        with open(path_or_name, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        raise RulesError(f"{path_or_name}: cannot be read as a rules file ({getattr(error, 'strerror', None) or error})") from error
    try:
        data = tomllib.loads(text) if path_or_name.endswith(".toml") else json.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as error:
        raise RulesError(f"{path_or_name}: not a valid rules file ({error})") from error
    if not isinstance(data, str | dict):
        raise RulesError(f"{path_or_name}: expected a preset name or a table of options")
    return data


def with_kitty(path_or_name: str, rules: Rules) -> Rules:
    """``rules`` (loaded from ``path_or_name``) with the cards its count leaves over kept as a kitty, as a house-rules
    file would say it (``--kitty``); a ``RulesError`` where nothing is left over."""
    if rules.kitty:
        return rules
    data = read_rules_data(path_or_name)
    data = {"preset": data} if isinstance(data, str) else dict(data)
    return Rules.from_data({**data, "players": rules.players, "kitty": True})


def load_rules(path_or_name: str, players: int | None = None) -> Rules:
    """A preset by name or a house-rules file, optionally for another player count."""
    data = read_rules_data(path_or_name)
    try:
        if isinstance(data, str):  # a preset by name: only for the counts it is made for
            return preset(data, players=players)
        # a house-rules file: any count its preset can be dealt for
        return Rules.from_data(data if players is None else {**data, "players": players})
    except RulesError as error:
        if data is path_or_name:
            raise
        raise RulesError(f"{path_or_name}: {error}") from error


def rules_for(rules: Rules | str, players: int | None = None) -> Rules:
    """Rules given as a preset's name or a house-rules file, for ``players`` seats if given (as the CLI, the game and
    the environments take them), or a ``Rules`` made already (with its own count)."""
    if isinstance(rules, str):
        return load_rules(rules, players)
    if players is not None and players != rules.players:
        raise ValueError(
            f"players={players}: these rules are for {rules.players}; give the count in them (preset(name, players={players}))"
        )
    return rules
