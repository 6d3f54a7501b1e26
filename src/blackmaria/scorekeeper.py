"""A score sheet for games played with real cards: enter each deal's points or penalty cards, checked by the rules.

Card entries are scored by the rules core itself (``core.score_deal``), so a
moon is found and applied by the table's option exactly as in a played game;
the end of the game and ties follow ``game.game_verdict``.

>>> sheet = ScoreSheet(preset("black-maria"), ["Anna", "Ben", "Carla"], first_dealer=2)
>>> sheet.add(sheet.from_cards(["Hx3 AS", "Hx8", "Hx2 KS QS"])).points
(10, 8, 25)
>>> sheet.dealer(1), sheet.direction(1)
(0, 'right')
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from blackmaria.cards import HEARTS, Card, card_name, cards_of, suit_of
from blackmaria.core import logic as core
from blackmaria.game import Verdict, game_verdict
from blackmaria.locale import Texts, read_card
from blackmaria.rules import Rules, preset  # noqa: F401  (preset: used by the doctest)

FORMAT: Final = "blackmaria-scoresheet/1"
_COUNT = re.compile(r"^h(?:\s*[x×*]\s*(\d+))?$", re.IGNORECASE)
"""``Hx3``: three hearts of any rank; ``H`` alone is one (a play-test counted a trick's hearts so: ``QS H H H``)."""
_SUIT_FIRST_HEART = re.compile(r"^h\d+$", re.IGNORECASE)
"""``H3``: the card 3♥ (suit first, as German writes ``H10``), which a player may have meant as a count (``Hx3``)."""


NOTHING_TAKEN: Final = ("-", "–", "—")
"""Typed for a player who took no scoring card: the dash the sheet shows for them (an empty field says it too)."""


class ScoreError(ValueError):
    """An entry the rules cannot accept; the message says why (in English; ``text(lang)`` in the player's language)."""

    def __init__(self, key: str, **values: object) -> None:
        self.key = key
        """The message's key in ``locale.messages`` (``ske_...``); the web scorekeeper uses the same keys."""
        self.values = values
        """A ``card`` (an int) and ``cards`` (ints, with ``hearts`` more hearts entered as a count, ``Hx3``) are
        written in the language's card faces (``Q♠``, German ``D♠``), as the table and the sheet show cards."""
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        return Texts(lang)(self.key, **self.shown_values(lang))

    def shown_values(self, lang: str) -> dict[str, object]:
        """The message's values as written in ``lang``: cards in their faces, hearts counted."""
        t = Texts(lang)
        shown = dict(self.values)
        card, cards, hearts = shown.get("card"), shown.get("cards"), shown.pop("hearts", 0)
        if isinstance(card, int):
            shown["card"] = t.card(card)
        if isinstance(cards, tuple):
            parts = [t.cards(cards)] if cards else []
            if isinstance(hearts, int) and hearts:
                # Hearts entered as a count have no ranks: a count is missing, not "K♥ A♥" (a play-test).
                parts.append(t.n("heart_cards", hearts))
            shown["cards"] = ", ".join(parts)
        return shown


def moon_result_taken(rules: Rules, points: Sequence[int]) -> tuple[int, list[int]] | None:
    """Where ``points`` read as a deal's result after a moon (the shooter's 0, the others' 26 each in Hearts): the
    shooter and the points each took in the tricks, which the sheet asks for; else None."""
    if rules.moon == "off":
        return None
    moved = rules.moon_total
    for shooter in range(rules.players):
        if rules.moon == "add-to-others":
            taken = [p + moved if seat == shooter else p - moved for seat, p in enumerate(points)]
        else:
            taken = [p + 2 * moved if seat == shooter else p for seat, p in enumerate(points)]
        shot = taken[shooter] in (moved, moved + rules.negative_total)
        others = [value for seat, value in enumerate(taken) if seat != shooter]
        if shot and sum(taken) == rules.deal_total and all(rules.negative_total <= value <= 0 for value in others):
            return shooter, taken
    return None


def can_share(values: Sequence[int], targets: Sequence[int]) -> bool:
    """Whether cards worth ``values`` can be shared out among players so that each gets exactly its target: each card
    goes whole to one player.

    >>> can_share([13] + [1] * 13, [12, 12, 2, 0]), can_share([13] + [1] * 13, [14, 10, 2, 0])
    (False, True)
    """
    cards = sorted(values, key=abs, reverse=True)  # the big cards first: most dead ends show at once
    highs = [sum(v for v in cards[i:] if v > 0) for i in range(len(cards) + 1)]
    lows = [sum(v for v in cards[i:] if v < 0) for i in range(len(cards) + 1)]

    @functools.cache
    def fits(i: int, left: tuple[int, ...]) -> bool:
        # ``left``: what each player still needs, sorted (players are alike here, only their needs differ).
        if any(not lows[i] <= need <= highs[i] for need in left):
            return False
        if i == len(cards):
            return True
        return any(
            fits(i + 1, tuple(sorted(left[:j] + (need - cards[i],) + left[j + 1 :])))
            for j, need in enumerate(left)
            if j == 0 or need != left[j - 1]
        )

    return sum(targets) == sum(values) and fits(0, tuple(sorted(targets)))


@dataclass(frozen=True)
class DealEntry:
    points: tuple[int, ...]
    """Each player's score for the deal, moon applied."""
    raw: tuple[int, ...]
    """The points in what each player took, before any moon."""
    taken: tuple[int, ...] | None
    """Card masks by player when the deal was entered as cards."""
    moon_shooter: int | None


class ScoreSheet:
    def __init__(self, rules: Rules, players: Sequence[str], first_dealer: int = 0) -> None:
        if len(players) != rules.players:
            raise ScoreError("ske_names_count", given=len(players), players=rules.players)
        self.rules = rules
        self.players = list(players)
        self.first_dealer = first_dealer % rules.players
        self.entries: list[DealEntry] = []
        self._p = core.make_params(rules)

    # ---- the table -----------------------------------------------------------
    @property
    def totals(self) -> list[int]:
        return [sum(e.points[i] for e in self.entries) for i in range(self.rules.players)]

    def dealer(self, deal_index: int) -> int:
        return (self.first_dealer + deal_index) % self.rules.players

    def direction(self, deal_index: int) -> str:
        return self.rules.pass_direction(deal_index)

    def verdict(self) -> Verdict:
        if not self.entries:
            return Verdict(False)
        return game_verdict(self.rules, self.totals, len(self.entries))

    # ---- entries --------------------------------------------------------------
    def from_cards(self, texts: Sequence[str]) -> DealEntry:
        """Each player's penalty cards, e.g. ``["Hx3 AS", "Hx8", "Hx2 KS QS"]``; ``Hx3`` is three hearts of any rank.
        Cards are read as the game reads them (``QS``, ``Q♠``, ``10h``) and in German letters too (``pd``, ``h10``)."""
        rules = self.rules
        if len(texts) != rules.players:
            raise ScoreError("ske_cards_count", players=rules.players, given=len(texts))
        masks = [0] * rules.players
        counts = [0] * rules.players
        heart_named: tuple[str, Card] | None = None  # "H3": the card 3♥, where a player may have meant three hearts
        for seat, text in enumerate(texts):
            for token in text.replace(",", " ").split():
                if token in NOTHING_TAKEN:  # a player who took nothing, as the sheet shows it (a play-test typed "-")
                    continue
                match = _COUNT.match(token)
                if match:
                    counts[seat] += int(match.group(1) or 1)
                    continue
                card = read_card(token)
                if card is None:
                    raise ScoreError("ske_not_a_card", name=self.players[seat], text=token)
                if not rules.in_play_mask >> card & 1:
                    raise ScoreError("ske_not_in_play", name=self.players[seat], card=card)
                if suit_of(card) == HEARTS and _SUIT_FIRST_HEART.match(token) and heart_named is None:
                    heart_named = (token, card)
                first = next((other for other, m in enumerate(masks) if m >> card & 1), None)
                if first == seat:  # (the two who took it named, the second's field marked: a player was not told who)
                    raise ScoreError("ske_twice_one", card=card, name=self.players[seat])
                if first is not None:
                    raise ScoreError("ske_twice", card=card, first=self.players[first], name=self.players[seat])
                masks[seat] |= 1 << card
        if any(counts):
            hearts = [c for c in cards_of(rules.in_play_mask) if suit_of(c) == HEARTS]
            if len({rules.values[c] for c in hearts}) > 1:
                raise ScoreError("ske_hearts_differ")
            free = [c for c in hearts if not any(m >> c & 1 for m in masks)]
            if sum(counts) > len(free):
                raise ScoreError("ske_too_many_hearts", count=sum(counts), left=len(free))
            for seat, count in enumerate(counts):
                for _ in range(count):
                    masks[seat] |= 1 << free.pop(0)
        scoring = [c for c in cards_of(rules.in_play_mask) if rules.values[c] != 0]
        missing = [c for c in scoring if not any(m >> c & 1 for m in masks)]
        if missing:
            counted = any(counts)
            named = tuple(c for c in missing if not (counted and suit_of(c) == HEARTS))
            if heart_named is not None:  # a play-test's "H3 / H8 QS / H2" meant counts, and was told only of missing cards
                text, card = heart_named
                count = int(text[1:])
                raise ScoreError(
                    "ske_missing_heart_card",
                    cards=named,
                    hearts=len(missing) - len(named),
                    total=rules.deal_total,
                    text=text,
                    card=card,
                    count=count,
                )
            raise ScoreError("ske_missing", cards=named, hearts=len(missing) - len(named), total=rules.deal_total)
        s = [0] * core.STATE_SIZE
        for seat, mask in enumerate(masks):
            s[core.TAKEN + seat] = mask
        points = [0] * rules.players
        shooter = core.score_deal(s, self._p, points)
        raw = tuple(core.card_points(self._p, m) for m in masks)
        return DealEntry(tuple(points), raw, tuple(masks), shooter if shooter >= 0 else None)

    def from_points(self, raw: Sequence[int], check_split: bool = True) -> DealEntry:
        """Each player's points as counted from their tricks (before any moon): checked against the deal's total, and
        (``check_split``) that the scoring cards can be shared out so."""
        rules = self.rules
        if len(raw) != rules.players:
            raise ScoreError("ske_points_count", players=rules.players, given=len(raw))
        negatives = rules.negative_total
        if sum(raw) != rules.deal_total:
            shot = moon_result_taken(rules, raw)
            if shot is not None:  # the moon's result typed, not the tricks' points (a play-test's "0 26 26 26")
                typed = " ".join(str(value) for value in shot[1])
                raise ScoreError("ske_total_moon", sum=sum(raw), total=rules.deal_total, name=self.players[shot[0]], typed=typed)
            raise ScoreError("ske_total", sum=sum(raw), total=rules.deal_total)
        for seat, value in enumerate(raw):
            # What one player's tricks can hold: from every negative card alone to every positive one.
            if not negatives <= value <= rules.moon_total:
                raise ScoreError("ske_points_range", name=self.players[seat], value=value, low=negatives, high=rules.moon_total)
        scoring = [rules.values[c] for c in cards_of(rules.in_play_mask) if rules.values[c] != 0]
        if check_split and not can_share(scoring, raw):
            # The sum and each count may be right and the deal still impossible (Hearts 12 12 2 0: whoever took the
            # Q♠ has 13 at least; a play-test's sheet took it).
            top = max(cards_of(rules.in_play_mask), key=lambda c: abs(rules.values[c]))
            shares = ", ".join(f"{name} {value}" for name, value in zip(self.players, raw, strict=True))
            raise ScoreError("ske_points_split", points=shares, card=top, value=rules.values[top])
        shooter = None
        if rules.moon != "off":
            # Whoever counted every positive point (with or without the negative cards) shot the moon.
            candidates = [seat for seat, r in enumerate(raw) if r in (rules.moon_total, rules.moon_total + negatives)]
            shooter = candidates[0] if len(candidates) == 1 else None
        points = list(raw)
        if shooter is not None:
            points[shooter] -= rules.moon_total
            if rules.moon == "add-to-others":
                points = [p if seat == shooter else p + rules.moon_total for seat, p in enumerate(points)]
            else:
                points[shooter] -= rules.moon_total
        return DealEntry(tuple(points), tuple(raw), None, shooter)

    def add(self, entry: DealEntry) -> DealEntry:
        if self.verdict().over:
            raise ScoreError("ske_over")
        self.entries.append(entry)
        return entry

    def check_entered(self, deal_number: int) -> None:
        """Refuse a deal number (counting from 1) that no deal entered has: said before its new entry is read (a
        play-test's "fix 6 ..." on a sheet of four deals was told what was wrong with the cards typed)."""
        if not 1 <= deal_number <= len(self.entries):
            count = len(self.entries)  # ("deals 1 to 1 are entered" read oddly: a play-test)
            raise ScoreError("ske_no_deal" + ("_none" if count == 0 else "_one" if count == 1 else ""), number=deal_number, count=count)

    def correct(self, deal_number: int, entry: DealEntry) -> None:
        """Replace deal ``deal_number`` (counting from 1). Refused where the game would then have ended before the last
        deal entered: a play-test's correction of deal 2 ended a game to 50 after deal 4, and deal 5 stood on the sheet
        and named another winner; the deals after the end are taken back first (``take_back``), nothing silently."""
        self.check_entered(deal_number)
        entries = [*self.entries[: deal_number - 1], entry, *self.entries[deal_number:]]
        totals = [0] * self.rules.players
        for played, each in enumerate(entries[:-1], 1):
            totals = [total + points for total, points in zip(totals, each.points, strict=True)]
            if game_verdict(self.rules, totals, played).over:
                last = len(entries)
                raise ScoreError(
                    "ske_correct_ends" if last > played + 1 else "ske_correct_ends_one",
                    number=deal_number,
                    end=played,
                    first=played + 1,
                    last=last,
                )
        self.entries = entries

    def take_back(self) -> DealEntry:
        """Remove the deal entered last (``undo`` at the table) and return it."""
        if not self.entries:
            raise ScoreError("ske_undo_none")
        return self.entries.pop()

    # ---- files -------------------------------------------------------------------
    def to_json(self) -> str:
        data: dict[str, Any] = {
            "format": FORMAT,
            "rules": self.rules.to_dict(),
            "players": self.players,
            "first_dealer": self.first_dealer,
            "deals": [
                {"points": list(e.raw)} if e.taken is None else {"cards": [[card_name(c) for c in cards_of(m)] for m in e.taken]}
                for e in self.entries
            ],
        }
        return json.dumps(data, ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str) -> ScoreSheet:
        return cls.from_data(json.loads(text))

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> ScoreSheet:
        """The sheet ``to_json`` wrote, already read as JSON."""
        if data.get("format") != FORMAT:
            raise ScoreError("ske_not_sheet", format=FORMAT)
        sheet = cls(Rules.from_data(data["rules"]), data["players"], data.get("first_dealer", 0))
        for deal in data["deals"]:
            # A deal kept is read back as it was entered: a sheet saved before the split was checked still opens.
            cards = deal.get("cards")
            entry = (
                sheet.from_cards([" ".join(c) for c in cards])
                if cards is not None
                else sheet.from_points(deal["points"], check_split=False)
            )
            sheet.entries.append(entry)
        return sheet


__all__ = ["DealEntry", "ScoreError", "ScoreSheet"]
