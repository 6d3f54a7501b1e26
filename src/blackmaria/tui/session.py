"""A game against computer players, as both terminal front ends see it.

``PlaySession`` drives a ``Game`` for one human seat: it lets the bots act,
turns the events the human may see into sentences in the player's language,
refuses illegal choices with the rule in words, gives hints, takes back the
human's last card, plays out a decided deal on a claim, and saves the game
after every action so that ``blackmaria play --resume`` continues it. It keeps
no rules of its own.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from blackmaria.bots import Bot, make_bot, run_bots
from blackmaria.cards import Card, CardSet, parse_cards, rank_of, suit_of
from blackmaria.events import (
    CardPlayed,
    DealScored,
    KittyTaken,
    TrickWon,
)
from blackmaria.game import Game, GameError, Trick
from blackmaria.locale import Texts
from blackmaria.locale.advice import localized_hint
from blackmaria.observation import Observation
from blackmaria.record import game_from_record
from blackmaria.tui.narration import narrate, rule_in_words, sheet_lines, status_line

SAVE_FORMAT: Final = "blackmaria-save/1"
SEAT_NAMES: Final = {
    "en": ("West", "North", "East", "South", "Anna", "Ben", "Carla"),
    "de": ("West", "Nord", "Ost", "Süd", "Anna", "Ben", "Carla"),
}


def data_dir() -> Path:
    """Where saved games live: ``$BLACKMARIA_DATA_DIR`` or the user's data directory."""
    override = os.environ.get("BLACKMARIA_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("blackmaria", appauthor=False))


def default_save_path() -> Path:
    return data_dir() / "current-game.json"


@dataclass(frozen=True)
class SheetRow:
    deal: int
    points: tuple[int, ...]
    totals: tuple[int, ...]
    marks: tuple[str, ...]


class PlaySession:
    """One human seat against computer players, in one language."""

    def __init__(
        self,
        game: Game,
        human: int = 0,
        levels: Sequence[str] = ("easy",),
        lang: str = "en",
        seed: int | None = None,
        save_path: Path | None = None,
    ) -> None:
        self.game = game
        self.human = human
        self.t = Texts(lang)
        self.lang = self.t.lang
        self.seed = seed
        self.levels = list(levels) or ["easy"]
        others = [s for s in range(game.players) if s != human]
        self.bot_levels = {seat: self.levels[i % len(self.levels)] for i, seat in enumerate(others)}
        self.bots: dict[int, Bot] = {
            seat: make_bot(level, None if seed is None else seed * 31 + seat) for seat, level in self.bot_levels.items()
        }
        self.save_path = save_path
        self.shown = 0
        self.lines: list[str] = []

    # ---- flow --------------------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        return self.game.seats

    def observation(self) -> Observation:
        return self.game.observation(self.human)

    def rules_title(self) -> str:
        rules = self.game.rules
        return self.t.rules_title(rules.preset, bool(rules.changes_from_preset()))

    def needs_deal(self) -> bool:
        return self.game.phase in ("not-started", "deal-over")

    def deal(self) -> None:
        self.game.deal()
        self.advance()

    def advance(self) -> None:
        """Let the bots act until the human must, then describe what happened."""
        run_bots(self.game, self.bots)
        self._describe_new_events()
        self.save()

    def waiting_for(self) -> str | None:
        """``pass``, ``play`` or ``deal`` (the human must act), ``over``, or None."""
        game = self.game
        if game.is_over:
            return "over"
        if self.needs_deal():
            return "deal"
        if game.phase == "passing" and not game.has_passed(self.human):
            return "pass"
        if game.phase == "playing" and game.turn == self.human:
            return "play"
        return None

    def pass_cards(self, cards: Sequence[Card]) -> str | None:
        """Pass ``cards`` for the human; the reason in words if refused."""
        try:
            self.game.pass_cards(self.human, cards)
        except GameError as error:
            return self.explain_error(error, chosen=cards)
        self.advance()
        return None

    def play(self, card: Card) -> str | None:
        try:
            self.game.play(card, self.human)
        except GameError as error:
            return self.explain_error(error)
        self.advance()
        return None

    def parse(self, text: str) -> list[Card] | None:
        try:
            return parse_cards(text)
        except ValueError:
            return None

    # ---- teaching ----------------------------------------------------------
    def explain_error(self, error: GameError, chosen: Sequence[Card] = ()) -> str:
        """The broken rule in words, from the error's rule and what the seat can see (and the cards it chose to pass)."""
        obs = self.observation()
        trick = obs.current_trick
        led = suit_of(trick.plays[0][1]) if trick and trick.plays else 0
        return rule_in_words(self.t, error.rule, error.card, led=led, legal=obs.legal, pass_count=self.game.rules.pass_count, chosen=chosen)

    def hint(self) -> str:
        """The computer player's suggestion for the human, with a one-line reason."""
        if self.waiting_for() not in ("pass", "play"):
            return self.t("wrong_phase")
        cards, reason = localized_hint(self.observation(), self.lang)
        return self.t("hint", cards=self.t.cards(cards), reason=reason)

    def undo(self) -> str:
        """Take back the human's last card of this deal (and the computer players' cards after it)."""
        game = self.game
        if not game.rules.undo:
            return self.t("undo_off")
        if game.phase != "playing" or not any(isinstance(e, CardPlayed) and e.seat == self.human for e in self._deal_events()):
            return self.t("undo_none")
        while True:
            last = next(e for e in reversed(game.events) if isinstance(e, CardPlayed))
            game.undo()
            if last.seat == self.human:
                break
        self.shown = len(game.events)
        self.save()
        return self.t("undo_done")

    def claim(self) -> str:
        """Play out the rest of the deal if every way of playing it scores the same."""
        game = self.game
        if not game.outcome_is_decided():
            return self.t("claim_no")
        while game.phase == "playing":
            game.play(min(game.legal_cards()))
        self._describe_new_events()
        self.save()
        return self.t("claim_done")

    # ---- views ---------------------------------------------------------------
    def trick_text(self, trick: Trick | None) -> str:
        if trick is None or not trick.plays:
            return ""
        return ", ".join(f"{self.names[seat]} {self.t.card(card)}" for seat, card in trick.plays)

    def last_trick(self) -> str:
        done = [trick for trick in self.observation().tricks if trick.winner is not None]
        if not done:
            return self.t("no_last_trick")
        trick = done[-1]
        assert trick.winner is not None
        if trick.winner == self.human:
            return self.t("last_trick_you", plays=self.trick_text(trick))
        return self.t("last_trick", plays=self.trick_text(trick), name=self.names[trick.winner])

    def score_sheet(self) -> list[SheetRow]:
        rows = []
        totals = [0] * self.game.players
        for index, log in enumerate(self.game.deals):
            if log.points is None:
                continue
            totals = [a + b for a, b in zip(totals, log.points, strict=True)]
            marks = []
            if log.moon_shooter is not None:
                marks.append(self.t("mark_moon", name=self.names[log.moon_shooter]))
            if log.kitty:
                owner = self._kitty_owner(index)
                if owner is not None:
                    marks.append(self.t("mark_kitty", name=self.names[owner]))
            rows.append(SheetRow(index + 1, log.points, tuple(totals), tuple(marks)))
        return rows

    def score_sheet_lines(self) -> list[str]:
        rows = [(row.deal, row.points, row.marks) for row in self.score_sheet()]
        return sheet_lines(self.t, self.names, rows, self.game.totals)

    def _taken_in_deal(self, index: int, seat: int) -> CardSet:
        taken = 0
        for event in self._events_of_deal(index):
            if isinstance(event, TrickWon | KittyTaken) and event.seat == seat and event.cards:
                taken |= CardSet(event.cards).mask
        return CardSet(taken)

    def deal_review(self, index: int | None = None) -> list[str]:
        """Who took what in a finished deal (the last one by default)."""
        deals = self.game.deals
        index = len(deals) - 1 if index is None else index
        if index < 0 or deals[index].points is None:
            return [self.t("wrong_phase")]
        log = deals[index]
        points = log.points or ()
        values = self.game.rules.values
        lines = [self.t("deal_review", number=index + 1)]
        for seat in range(self.game.players):
            taken = self._taken_in_deal(index, seat)
            tricks = sum(1 for e in self._events_of_deal(index) if isinstance(e, TrickWon) and e.seat == seat)
            costly = sorted((c for c in taken if values[c] != 0), key=lambda c: (-suit_of(c), -rank_of(c)))
            review = self.t(
                "review_line",
                name=self.names[seat],
                tricks=self.t.n("tricks", tricks),
                cards=self.t.cards(costly),
                points=self.t.n("points", points[seat]),
            )
            lines.append(review)
        if log.moon_shooter is not None:
            shooter = log.moon_shooter
            lines.append(self.t("moon_you") if shooter == self.human else self.t("moon", name=self.names[shooter]))
        owner = self._kitty_owner(index)
        if log.kitty and owner is not None:
            kitty = self.t.cards(sorted(CardSet(log.kitty)))
            if owner == self.human:
                lines.append(self.t("kitty_was_you", cards=kitty))
            else:
                lines.append(self.t("kitty_was", cards=kitty, name=self.names[owner]))
        return lines

    def _events_of_deal(self, index: int) -> list[Any]:
        deals = self.game.deals
        end = deals[index + 1].first_event if index + 1 < len(deals) else len(self.game.events)
        return self.game.events[deals[index].first_event : end]

    def _kitty_owner(self, index: int) -> int | None:
        return next((e.seat for e in self._events_of_deal(index) if isinstance(e, KittyTaken)), None)

    def _deal_events(self) -> list[Any]:
        return self._events_of_deal(len(self.game.deals) - 1) if self.game.deals else []

    def status_line(self) -> str:
        obs = self.observation()
        return status_line(
            self.t,
            self.names,
            self.human,
            self.game.rules,
            phase=obs.phase,
            turn=obs.turn,
            hearts_broken=obs.hearts_broken,
            stock_left=obs.stock_left,
            trick_points=obs.trick_points,
        )

    # ---- narration ---------------------------------------------------------
    def _say(self, line: str) -> None:
        self.lines.append(line)

    def _describe_new_events(self) -> None:
        rules, names, me = self.game.rules, self.names, self.human
        for event in self.game.events_for(me)[self.shown :]:
            if isinstance(event, DealScored):
                self.lines.extend(self.deal_review(event.deal))
                self.lines.extend(self.score_sheet_lines())
            else:
                self.lines.extend(narrate(event, self.t, names, me, rules))
        self.shown = len(self.game.events)

    def take_lines(self) -> list[str]:
        lines, self.lines = self.lines, []
        return lines

    # ---- saving ------------------------------------------------------------
    def save(self) -> None:
        if self.save_path is None:
            return
        data = {
            "format": SAVE_FORMAT,
            "human": self.human,
            "levels": self.levels,
            "lang": self.lang,
            "seed": self.seed,
            "record": self.game.to_record(),
        }
        self.save_path.parent.mkdir(parents=True, exist_ok=True)
        temporary = self.save_path.with_suffix(".tmp")
        temporary.write_text(json.dumps(data), encoding="utf-8")
        os.replace(temporary, self.save_path)  # atomic: a crash never leaves half a save
        if self.game.is_over:
            finished = self.save_path.parent / "finished"
            finished.mkdir(exist_ok=True)
            (finished / f"game-{time.strftime('%Y%m%d-%H%M%S')}.json").write_text(json.dumps(data["record"], indent=1), encoding="utf-8")

    @classmethod
    def resume(cls, path: Path, lang: str | None = None) -> PlaySession:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != SAVE_FORMAT:
            raise ValueError(f"{path}: not a saved blackmaria game")
        game = game_from_record(data["record"])
        session = cls(game, data["human"], data["levels"], lang or data["lang"], data.get("seed"), path)
        session.shown = len(game.events)
        return session


def new_session(
    rules: Any,
    *,
    human: int = 0,
    name: str | None = None,
    levels: Sequence[str] = ("easy",),
    lang: str = "en",
    seed: int | None = None,
    save_path: Path | None = None,
) -> PlaySession:
    texts = Texts(lang)
    names = list(SEAT_NAMES[texts.lang][: rules.players])
    names[human] = name or texts("you")
    game = Game(rules, seats=names, seed=seed)
    return PlaySession(game, human, levels, texts.lang, seed, save_path)
