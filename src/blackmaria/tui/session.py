"""A game against computer players, as every terminal front end sees it: the local ``Seat``.

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
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Final

from blackmaria.bots import Bot, table_bot
from blackmaria.bots.reasons import render
from blackmaria.cards import Card, CardSet, card_name, parse_card, rank_of, suit_of
from blackmaria.events import (
    CardPlayed,
    CardsPassed,
    DealScored,
    KittyTaken,
    TrickWon,
)
from blackmaria.game import Game, GameError, Trick
from blackmaria.locale import Texts
from blackmaria.locale.advice import localized_hint
from blackmaria.locale.teaching import TeachingTexts
from blackmaria.observation import Observation
from blackmaria.record import game_from_record
from blackmaria.rules import Rules
from blackmaria.teaching import DEFAULT_BUDGET, Explanation, claim_check, compare_pass, explain, explanation_lines
from blackmaria.tui.narration import narrate, sheet_lines
from blackmaria.tui.seat import Seat

SAVE_FORMAT: Final = "blackmaria-save/1"
DEFAULT_SPEED: Final = 0.7
"""Seconds per computer card unless the player chose another pace."""
SEAT_PLACES: Final = {2: ("south", "north"), 3: ("south", "west", "east"), 4: ("south", "west", "north", "east")}
"""Where the screen draws the seats, seat 0 first in the order of play (clockwise): seat 0 at the bottom, the next
on its left, then across, then on its right; the seat's name is the place's (the catalog's ``seat_PLACE``)."""
SEAT_PEOPLE: Final = ("Anna", "Ben", "Carla", "David", "Emma", "Felix", "Greta")
"""The seats' names at five to seven players, where no compass point names a place at the table."""
OLD_SEAT_NAMES: Final = {
    "en": ("West", "North", "East", "South", "Anna", "Ben", "Carla"),
    "de": ("West", "Nord", "Ost", "Süd", "Anna", "Ben", "Carla"),
}
"""The seats' names of earlier versions, by seat number (kept in their saved games; renamed on resume)."""


def seat_names(lang: str, players: int) -> tuple[str, ...]:
    """The seats' names at a table of ``players``, seat 0 first: at four, South (drawn at the bottom), West on its
    left, North across and East on its right, as play goes round (at two South and North, at three South, West
    and East); at five to seven, people's names."""
    places = SEAT_PLACES.get(players)
    if places is None:
        return SEAT_PEOPLE[:players]
    texts = Texts(lang)
    return tuple(texts(f"seat_{place}") for place in places)


def data_dir() -> Path:
    """Where saved games live: ``$BLACKMARIA_DATA_DIR`` or the user's data directory."""
    override = os.environ.get("BLACKMARIA_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("blackmaria", appauthor=False))


SAVE_NAME: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
"""A saved game's name: letters, digits, ``.``, ``_`` and ``-`` (it names a file)."""


def saves_dir() -> Path:
    """Where the games in progress are kept, one file per game."""
    return data_dir() / "saves"


def finished_dir() -> Path:
    return data_dir() / "finished"


def legacy_save_path() -> Path:
    """The single save of earlier versions (still listed and resumable, as ``current-game``)."""
    return data_dir() / "current-game.json"


def save_path_for(name: str) -> Path:
    """The file of the saved game ``name``; ``ValueError`` for a name that cannot name a file."""
    if not SAVE_NAME.fullmatch(name):
        raise ValueError(f"{name!r} is not a game name: use letters, digits, '.', '_' and '-' (up to 64, no space)")
    if name == "current-game" and legacy_save_path().exists():
        return legacy_save_path()
    return saves_dir() / f"{name}.json"


def next_game_name(path: Path) -> str:
    """The name of the game after the one saved at ``path``: a name the player chose (``--game bm3``) goes on as
    ``bm3-2``, ``bm3-3`` (a play-test's next game was saved under the date); one made up from the date is made anew."""
    if re.fullmatch(r"game-\d{8}-\d{6}(-\d+)?", path.stem):
        return new_game_name()
    base = re.sub(r"-\d+$", "", path.stem) or path.stem
    number = 2
    while any((folder / f"{base}-{number}.json").exists() for folder in (path.parent, saves_dir(), finished_dir())):
        number += 1
    return f"{base}-{number}"


def new_game_name() -> str:
    """A name no saved or finished game has yet: ``game-YYYYMMDD-HHMMSS`` (with ``-2``, ``-3``... if needed)."""
    base = time.strftime("game-%Y%m%d-%H%M%S")
    name, number = base, 1
    while (saves_dir() / f"{name}.json").exists() or (finished_dir() / f"{name}.json").exists():
        number += 1
        name = f"{base}-{number}"
    return name


@dataclass(frozen=True)
class SavedGame:
    """A game in progress on disk, as the list of saved games shows it."""

    name: str
    path: Path
    rules: Rules
    """The game's rules (a list names them as the game does: two games of one preset may differ)."""
    deals: int
    modified: float
    levels: tuple[str, ...] = ()
    """The computer players' levels as given (a list tells apart two games of one rule set: a play-test's could not)."""
    record: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    human: int | None = None
    lang: str = ""
    """The language the game is played in (it resumes in it: a list in another names it, a play-test was surprised)."""

    @cached_property
    def standing(self) -> tuple[int, int | None, int | None]:
        """Where the game stands, so that two games in the same deal can be told apart (a play-test's could not): the
        trick in progress from 1 (0 outside play: at the pass, between deals), the player's points in the deals before
        and in this one so far (None where the save does not say whose seat it is; this deal's, None outside play: a
        play-test read "you 17 points" with 13 more taken in the deal). Replayed when a list asks (some 9 ms a game),
        not when the games are only counted at every start."""
        try:
            game = game_from_record(self.record)
        except (ValueError, KeyError, TypeError, AttributeError):
            return (0, None, None)
        if self.human is None or not 0 <= self.human < game.players:
            return (0, None, None)
        if game.phase != "playing":
            return (0, game.totals[self.human], None)
        trick = 1 + sum(1 for trick in game.tricks if trick.winner is not None)
        return (trick, game.totals[self.human], game.points_taken(self.human))


def saved_games() -> list[SavedGame]:
    """The games in progress, the most recently played first (files that cannot be read are left out: ``read_saves``)."""
    return read_saves()[0]


def read_saves() -> tuple[list[SavedGame], list[tuple[Path, str]]]:
    """The games in progress, and the files among the saves that are no game that can be read, each with why (a save
    cut short vanished from the list without a word, a play-test): left where they are, named where games are listed."""
    paths = sorted(saves_dir().glob("*.json")) if saves_dir().is_dir() else []
    if legacy_save_path().exists():
        paths.append(legacy_save_path())
    found, unreadable = [], []
    for path in paths:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
                shown = data.get("format") if isinstance(data, dict) else type(data).__name__
                unreadable.append((path, f"format {shown!r}, not {SAVE_FORMAT!r}"))
                continue
            record = data["record"]
            rules = Rules.from_data(record["rules"])
            deals = len(record.get("deals", []))
            levels = tuple(str(level) for level in data.get("levels", []))
            human = data.get("human")
            lang = str(data["lang"]) if data.get("lang") in ("en", "de") else ""
        except json.JSONDecodeError as error:
            unreadable.append((path, f"not JSON: {error}"))
            continue
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
            unreadable.append((path, f"{type(error).__name__}: {error}"))
            continue
        seat = human if isinstance(human, int) else None
        found.append(SavedGame(path.stem, path, rules, deals, path.stat().st_mtime, levels, record, seat, lang))
    return sorted(found, key=lambda game: -game.modified), unreadable


@dataclass(frozen=True)
class Action:
    """An action nobody needs to choose: the computer players' passes, a computer card, or the human's forced card."""

    kind: str
    """``pass``, ``play`` or ``forced``."""
    moves: tuple[tuple[int, tuple[Card, ...]], ...]
    """Each seat that acts, with its cards."""


@dataclass(frozen=True)
class SheetRow:
    deal: int
    points: tuple[int, ...]
    totals: tuple[int, ...]
    marks: tuple[str, ...]


class PlaySession(Seat):
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
        super().__init__(lang)
        self.game = game
        self.human = human
        self.seed = seed
        self.pass_marks: list[Card] = []
        """The cards the player marked for the pass and has not passed yet (a screen's marks, kept over a quit)."""
        self.levels = list(levels) or ["easy"]
        others = [s for s in range(game.players) if s != human]
        # Fewer levels than computer seats: the last fills the rest, as in a tournament's line-up.
        self.bot_levels = {seat: self.levels[min(i, len(self.levels) - 1)] for i, seat in enumerate(others)}
        self.bots: dict[int, Bot] = {
            seat: table_bot(level, None if seed is None else seed * 31 + seat) for seat, level in self.bot_levels.items()
        }
        self.save_path = save_path
        self._new_save = save_path is not None and not save_path.exists()
        """The save is this session's own (a new game, not one resumed): input that ends before play may drop it."""
        self._dropped = False
        """The save was dropped (``input_ended``): the goodbye promises none."""
        self._observed: tuple[int, object, Observation] | None = None
        """The last observation, with the length and the last event of the log it was built from."""
        self.shown = 0
        self._forced_told: Card | None = None  # a forced card said as played for the player: not said again
        self.history: list[tuple[int, str]] = []
        """Every line said, with the length of the event log when it was said (so an undo can take lines back)."""
        self.rewritten = False
        """True when ``history`` lost lines (an undo): a front end that keeps the story redraws it from ``history``."""
        self.speed = DEFAULT_SPEED
        """Seconds per computer card on a screen that shows them one by one (kept in the save, so a resumed game keeps
        its pace)."""
        self.sheet_in_story = True
        """Tell the score sheet after each deal (a screen that shows it in a view of its own tells only the totals)."""
        self.budget = DEFAULT_BUDGET
        """The simulations behind the explanation of a decision (``why``)."""
        self._explanation: tuple[int, Explanation] | None = None
        """The last decision explained, with the length of the event log it was explained at."""
        self.answers = True
        """Let the computer players answer a pass or a card at once (``submit``); a screen that shows their cards
        one by one sets it False and lets them act itself (``step``)."""
        self.feedback = ""
        """What a guided deal says of the player's last pass or card, for a screen to show where it is seen (the story
        scrolls on to the next decision's explanation); taken by ``take_feedback``."""

    def take_feedback(self) -> str:
        """The guided deal's word on the player's last decision, once ("" when there is none)."""
        said, self.feedback = self.feedback, ""
        return said

    # ---- the seat --------------------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        return self.game.seats

    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def me(self) -> int:
        return self.human

    def observation(self) -> Observation:
        """What the human may know now: built once for each state of the game (a screen's redraw asks many times)."""
        events = self.game.events
        last = events[-1] if events else None
        if self._observed is None or self._observed[0] != len(events) or self._observed[1] is not last:
            self._observed = (len(events), last, self.game.observation(self.human))
        return self._observed[2]

    def decision_key(self) -> object:
        return len(self.game.events)

    def submit(self, kind: str, cards: Sequence[Card]) -> str | None:
        return self.pass_cards(cards, self.answers) if kind == "pass" else self.play(cards[0], self.answers)

    def progress(self) -> bool:
        """Deal the first deal, or let the bots act until the human must choose."""
        if self.needs_deal() and not self.game.deals:
            self.deal()
        elif self.waiting_for() is None:
            self.advance()
        return True

    def next_deal(self) -> None:
        self.deal()

    def question(self) -> str | None:
        if self.waiting_for() == "deal" and self.game.deals:
            return self.t("press_enter") + " "
        return super().question()

    def welcome_lines(self) -> list[str]:
        return [self.t("welcome", rules=self.rules_title(), players=self.game.players), self.help_line()]

    def command_hint(self) -> None:
        self.say(self.hint())

    def command_undo(self) -> None:
        self.say(self.undo())

    def command_claim(self) -> None:
        refusal = self.claim()
        if refusal:
            self.say(refusal)

    def command_review(self) -> None:
        self.lines.extend(self.deal_review())

    # ---- flow --------------------------------------------------------------

    def rules_title(self) -> str:
        return self.t.game_title(self.game.rules)

    def needs_deal(self) -> bool:
        return self.game.phase in ("not-started", "deal-over")

    def deal(self, advance: bool = True) -> None:
        self.game.deal()
        if advance:
            self.advance()
        else:
            self.settle()

    def advance(self) -> None:
        """Let the bots act (and play the human's forced cards) until the human must choose, then describe what happened."""
        while self.step():
            pass
        self._describe_new_events()
        self.save()

    def step(self) -> bool:
        """One action nobody needs to choose: the computer players' passes, one computer card, or the human's forced
        card. False when the human must choose or the deal is over. (The game is not described or saved: ``settle``.)"""
        action = self.next_action()
        if action is None:
            return False
        self.apply(action)
        return True

    def next_action(self) -> Action | None:
        """What ``step`` would do, chosen but not done: the game is only read (a front end may choose in a thread
        while it draws the table, then ``apply`` the action where nothing reads the game)."""
        game = self.game
        if game.phase == "passing":
            waiting = [seat for seat in self.bots if not game.has_passed(seat)]
            if not waiting:
                return None
            return Action("pass", tuple((seat, tuple(self.bots[seat].choose_pass(game.observation(seat)))) for seat in waiting))
        if game.phase != "playing" or game.turn is None:
            return None
        if game.turn in self.bots:
            turn = game.turn
            return Action("play", ((turn, (self.bots[turn].choose_play(game.observation(turn)),)),))
        forced = self.forced_card()
        return None if forced is None else Action("forced", ((self.human, (forced,)),))

    def apply(self, action: Action) -> None:
        """Do an action of ``next_action``."""
        if action.kind == "pass":
            for seat, cards in action.moves:
                self.game.pass_cards(seat, cards)
            return
        ((seat, (card,)),) = action.moves
        if action.kind == "forced":
            self._describe_new_events()
            # Said once: "You hold 2♣: you lead it." says the first lead (a play-test read it three times, with
            # "played for you" and "You play 2♣.")
            if card != self.opening:
                self._say(self.t("forced_play", card=self.t.card(card)))
            self._forced_told = card
        self.game.play(card, seat)

    def settle(self) -> None:
        """Describe what happened since the last description and save (after one or more ``step``)."""
        self._describe_new_events()
        self.save()

    def prepare(self) -> None:
        """Work to do before the human's decision is shown (nothing here; a guided deal explains the decision)."""

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

    def pass_cards(self, cards: Sequence[Card], advance: bool = True) -> str | None:
        """Pass ``cards`` for the human; the reason in words if refused."""
        try:
            self.game.pass_cards(self.human, cards)
        except GameError as error:
            return self.refusal(error.rule, cards)
        if advance:
            self.advance()
        else:
            self.settle()
        return None

    def play(self, card: Card, advance: bool = True) -> str | None:
        """Play ``card`` for the human; the reason in words if refused. With ``advance`` False the bots do not answer
        yet (a front end that shows their cards one by one calls ``step``)."""
        try:
            self.game.play(card, self.human)
        except GameError as error:
            return self.refusal(error.rule, [card])
        if advance:
            self.advance()
        else:
            self.settle()
        return None

    # ---- teaching ----------------------------------------------------------
    def hint(self) -> str:
        """The computer player's suggestion for the human, with a one-line reason."""
        if self.waiting_for() not in ("pass", "play"):
            return self.not_now()
        if self.explanation_ready():  # the decision taught in full already: the hint is its choice (they agree)
            return self.explained_hint()
        cards, reason = localized_hint(self.observation(), self.lang)
        self.remember_hint(cards, quick=True)
        return self.t("hint", cards=self.t.cards(cards), reason=reason)

    def explained_hint(self) -> str:
        """The tip from the full analysis: the card the search ranks cheapest, for its reasons, with its costs."""
        explanation = self.explanation()
        if explanation is None:
            return self.not_now()
        reason = render(explanation.reasons, self.lang, explanation.seats).rstrip(".")
        self.remember_hint(list(explanation.advice))
        return self.t("hint", cards=self.t.cards(list(explanation.advice)), reason=reason)

    def explanation(self) -> Explanation | None:
        """The player's decision now taught in full (whose turn and why, the cards allowed, what each costs by the
        search), as a guided deal explains every decision; None when the player has nothing to decide."""
        if self.waiting_for() not in ("pass", "play"):
            return None
        at = len(self.game.events)
        known = self._explanation
        if known is None or known[0] != at:
            seed = (self.seed or 0) * 1_000 + at  # the same decision explains the same way every time
            known = self._explanation = (at, explain(self.observation(), budget=self.budget, seed=seed))
        return known[1]

    def explanation_ready(self) -> bool:
        """Whether the decision now is explained already (the analysis takes a moment: a screen runs it aside)."""
        return self._explanation is not None and self._explanation[0] == len(self.game.events)

    def explanation_text(self, marked: Sequence[Card] = ()) -> list[str]:
        """The explanation in words; with ``marked``, a whole pass marked and not the advice, what that pass costs
        beside the advice first (a play-test marked a pass, asked why, and read only the computer player's passes)."""
        explanation = self.explanation()
        if explanation is None:
            return [self.not_now()]
        lines = explanation_lines(explanation, self.lang)
        if explanation.kind == "pass" and len(set(marked)) == self.game.rules.pass_count and set(marked) != set(explanation.advice):
            lines = [self.pass_beside_advice(explanation, sorted(marked), self.observation()), "", *lines]
        return self.with_hint_note(explanation.to_dict(), lines)[0]

    def mean_points(self, value: float) -> str:
        """A search's mean points as the explanations write them ("about 2.9 points")."""
        tt = TeachingTexts(self.lang)
        return tt("x_mean", value=tt.decimal(value))

    def pass_beside_advice(self, explanation: Explanation, cards: Sequence[Card], before: Observation | None = None) -> str:
        """The pass ``cards`` beside the computer player's, with both costs: the explanation's when its search compared
        ``cards`` too, else both played out again on the same deals from ``before`` (the seat's view at the pass)."""
        tt = TeachingTexts(self.lang)
        if set(cards) == set(explanation.advice):
            return tt("learn_feedback_pass_same")
        costs = {frozenset(compared): cost for compared, cost in explanation.pass_costs}
        mine, best = costs.get(frozenset(cards)), costs.get(frozenset(explanation.advice))
        kept = [card for card in explanation.advice if card not in cards]  # the dangerous cards the player keeps
        names = {"cards": tt.cards(list(cards)), "advice": tt.cards(list(explanation.advice)), "kept": tt.cards(kept)}

        if mine is not None and best is not None:
            return tt("learn_feedback_pass_cost", **names, cost=self.mean_points(mine), best_cost=self.mean_points(best))
        if before is None or not explanation.pass_costs:  # (where the search compares no pass, it costs none after it)
            return tt("learn_feedback_pass", **names)
        compared = compare_pass(before, cards, explanation.advice, seed=self.seed or 0)
        worlds = f"{compared.worlds:,}".replace(",", "." if tt.lang == "de" else ",")
        # The advice's cost as the list said it, the player's pass by the difference on the same deals (a play-test
        # read 16.1 in the list and 16.4 in the verdict).
        best = compared.advice_cost if best is None else best
        mine = best + compared.cost - compared.advice_cost
        return tt("learn_feedback_pass_compared", **names, cost=self.mean_points(mine), best_cost=self.mean_points(best), worlds=worlds)

    def command_why(self) -> None:
        self.lines.extend(self.explanation_text())

    def undo(self) -> str:
        """Take back the human's last card of this deal (and the computer players' cards after it)."""
        game = self.game
        if not game.rules.undo:
            return self.t("undo_off")
        if game.is_over:  # (after the last card it said "no card of yours to take back in this deal")
            return self.not_now()
        if not game.plays_to_take_back(self.human):
            # Right after a pass, "no card of yours to take back" read oddly to a play-test: it is the pass that stays.
            blocked = game.take_back_blocked(self.human)
            if blocked:  # every card forced (it would come again at once), or a draw from the stock since
                return self.t(f"undo_none_{blocked}")
            passed = game.phase == "playing" and game.observation(self.human).pass_to is not None
            return self.t("undo_none_passed" if passed else "undo_none")
        undone = game.take_back(self.human)  # a forced card goes back together with the choice before it
        self._explanation = None  # (kept by the log's length: another card played after the undo would reach it again)
        self.shown = len(game.events)
        kept = [(at, line) for at, line in self.history if at < len(game.events)]
        self.rewritten = len(kept) != len(self.history)
        plays = ", ".join(f"{self.names[seat]} {self.t.card(card)}" for seat, card in reversed(undone))
        marker = self.t("undo_marker", plays=plays)
        self.history = [*kept, (len(game.events), marker)]
        self.lines.append(marker)
        self.draws, self.led = {}, None  # heard again below, from the deal as it is now
        for event in self._deal_events(visible=True):  # what the table shows of the deal as it is now
            self.heard(event)
        self.save()
        mine = sum(1 for seat, _ in undone if seat == self.human)
        return self.t("undo_done") if mine == 1 else self.t("undo_done_many", count=mine)

    def claim(self) -> str:
        """Play out the rest of the deal if every way of playing it scores the same: the story says the claim, then
        the cards (a play-test read "the rest is forced" under the game's end, and no claim in the story); the
        refusal in words, or "" when claimed."""
        game = self.game
        if game.phase in ("deal-over", "game-over"):  # (it said "before the first card", a play-test)
            return self.t("claim_deal_over")
        if game.phase != "playing":  # (at the pass it said the rest was "not decided yet", a play-test)
            return self.t("claim_not_playing")
        decided = claim_check(self.observation())  # (as the player can know it: not from the others' cards)
        if not decided:
            return self.t("claim_no" if decided is False else "claim_unsure")
        self.say(self.t("claim_done"))
        while game.phase == "playing":
            game.play(min(game.legal_cards()))
        self._describe_new_events()
        self.save()
        return ""

    # ---- views ---------------------------------------------------------------
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

    def sheet_lines(self, so_far: Sequence[int] | None = None, room: int = 66) -> list[str]:
        rows = [(row.deal, row.points, row.marks) for row in self.score_sheet()]
        return sheet_lines(self.t, self.names, rows, self.game.totals, so_far, room)

    def _taken_in_deal(self, index: int, seat: int) -> CardSet:
        taken = 0
        for event in self._events_of_deal(index):
            if isinstance(event, TrickWon | KittyTaken) and event.seat == seat and event.cards:
                taken |= CardSet(event.cards).mask
        return CardSet(taken)

    def deal_review(self, index: int | None = None) -> list[str]:
        """Who took what in a finished deal (the last one scored by default)."""
        deals = self.game.deals
        if index is None:
            index = max((i for i, deal in enumerate(deals) if deal.points is not None), default=-1)
            if index < 0:
                return [self.t("no_deal_scored")]
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
                "review_line" if costly else "review_line_none",  # not "took (none)" (a play-test)
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

    def deal_tricks(self, index: int | None = None) -> list[str]:
        """Each trick of a finished deal (the last one scored by default), its cards in the order played and who took
        it with its points: the deal played again, trick by trick (a play-test looked for it as the best apps have it)."""
        scored = [i for i, deal in enumerate(self.game.deals) if deal.points is not None]
        index = (scored[-1] if scored else -1) if index is None else index
        if index not in scored:
            return []
        lines = [self.t("review_tricks_heading")]
        trick = Trick(0, ())
        for event in self._events_of_deal(index):
            if isinstance(event, CardPlayed):
                trick = Trick(trick.leader if trick.plays else event.seat, (*trick.plays, (event.seat, event.card)))
            elif isinstance(event, TrickWon):
                you = event.seat == self.human
                key = "review_trick_you" if you else "review_trick"
                points = self.t.n("points", event.points)
                lines.append(self.t(key, number=event.trick + 1, plays=self.trick_text(trick), name=self.names[event.seat], points=points))
                trick = Trick(0, ())
        return lines

    def _events_of_deal(self, index: int, visible: bool = False) -> list[Any]:
        """The events of deal ``index`` (``visible``: as the human may see them)."""
        deals = self.game.deals
        end = deals[index + 1].first_event if index + 1 < len(deals) else len(self.game.events)
        events = self.game.events_for(self.human) if visible else self.game.events
        return list(events[deals[index].first_event : end])

    def _kitty_owner(self, index: int) -> int | None:
        return next((e.seat for e in self._events_of_deal(index) if isinstance(e, KittyTaken)), None)

    def _deal_events(self, visible: bool = False) -> list[Any]:
        return self._events_of_deal(len(self.game.deals) - 1, visible) if self.game.deals else []

    # ---- narration ---------------------------------------------------------
    def _say(self, line: str) -> None:
        """A line of the story (kept in ``history``, unlike what a command shows)."""
        self.lines.append(line)
        self.history.append((len(self.game.events), line))

    def tell(self, line: str) -> None:
        """A line of the story from outside the game (a note at its start), kept in ``history`` as the game's are."""
        self._say(line)

    def _describe_new_events(self, retold: bool = False) -> None:
        """Tell the events since the last told; ``retold``: the deal so far, told again on resuming (its forced cards,
        played for the player, said as they were said then)."""
        rules, names, me = self.game.rules, self.names, self.human
        events = self.game.events_for(me)
        forced = iter(self.game.forced_plays() if retold and self.autoplay else [])
        for index in range(self.shown, len(events)):
            event = events[index]
            self.heard(event)
            if isinstance(event, CardPlayed) and next(forced, False) and event.seat == me:
                if event.card != self.opening:  # (the first lead is said as play begins, as it was then)
                    self.lines.append(line := self.t("forced_play", card=self.t.card(event.card)))
                    self.history.append((index, line))
                self._forced_told = event.card
            if isinstance(event, DealScored):
                totals = self.t.named_points(names, self.game.totals)
                sheet = self.sheet_lines() if self.sheet_in_story else [self.t("sk_totals", totals=totals)]
                lines = [*self.deal_review(event.deal), *sheet]
            else:
                lines = narrate(event, self.t, names, me, rules, self.led_suit(), self.passed, self.stock_emptied(event), self.opening)
            if isinstance(event, CardPlayed) and event.seat == me and event.card == self._forced_told:
                self._forced_told = None
                if lines == [self.t("you_play", card=self.t.card(event.card))]:  # (said played for the player already)
                    lines = []
            self.lines.extend(lines)
            self.history.extend((index, line) for line in lines)
        self.shown = len(self.game.events)

    # ---- saving ------------------------------------------------------------
    @property
    def saves(self) -> bool:
        """Whether the game is saved as it goes (a guided deal is not: its screens promise no save)."""
        return self.save_path is not None

    def save(self) -> None:
        if self.save_path is None:
            return
        data = {
            "format": SAVE_FORMAT,
            "human": self.human,
            "levels": self.levels,
            "lang": self.lang,
            "seed": self.seed,
            "speed": self.speed,
            "autoplay": self.autoplay,
            "pass_marks": [card_name(card) for card in self.pass_marks] if self.waiting_for() == "pass" else [],
            "record": self.game.to_record(),
        }
        if self.game.is_over:
            self.record_finished(data["record"])
            return
        _write_atomic(self.save_path, json.dumps(data))

    def input_ended(self) -> None:
        """Standard input ended (not quit): a new game the player has not passed or played in is not kept. Games
        started by a script whose input ended at once piled up unplayed (a play-test found seven)."""
        mine = (CardsPassed, CardPlayed)
        played = len(self.game.deals) > 1 or any(isinstance(e, mine) and e.seat == self.human for e in self.game.events)
        if self._new_save and self.save_path is not None and not played:
            self.save_path.unlink(missing_ok=True)
            self._dropped = True

    @property
    def name(self) -> str:
        """The game's name: its save file's (``game-YYYYMMDD-HHMMSS`` unless the player chose one)."""
        return self.save_path.stem if self.save_path is not None else "game"

    def finished_path(self) -> Path | None:
        """Where the finished game is recorded: ``finished/NAME.json`` beside the ``saves`` folder of its save."""
        if self.save_path is None:
            return None
        folder = self.save_path.parent
        root = folder.parent if folder.name == "saves" else folder
        return root / "finished" / f"{self.name}.json"

    def record_finished(self, record: object) -> None:
        """Keep the finished game's record once, under the game's name, and drop it from the games in progress.

        Saving again (Ctrl+Q on the game-over screen) rewrites the same file: a finished game is counted once."""
        target = self.finished_path()
        if target is None or self.save_path is None:
            return
        _write_atomic(target, json.dumps(record, indent=1))
        self.save_path.unlink(missing_ok=True)

    @classmethod
    def resume(cls, path: Path, lang: str | None = None, *, sheet_in_story: bool = True) -> PlaySession:
        """The game saved at ``path``, its story so far told again; ``sheet_in_story``: as ``PlaySession.sheet_in_story``
        (the full-screen game's narrow story tells the totals, a play-test read a score sheet wrapped into it)."""
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != SAVE_FORMAT:
            raise ValueError(f"{path}: not a saved blackmaria game")
        record = _renamed_seats(data["record"], data["human"])
        if lang and lang != data["lang"]:
            record = _seats_in_language(record, data["human"], data["lang"], lang)
        game = game_from_record(record)
        session = cls(game, data["human"], data["levels"], lang or data["lang"], data.get("seed"), path)
        session.speed = float(data.get("speed", DEFAULT_SPEED))  # saves of earlier versions have neither
        session.autoplay = bool(data.get("autoplay", True))
        session.pass_marks = session._kept_marks(data.get("pass_marks"))
        session.sheet_in_story = sheet_in_story
        # The story of the deal so far, as it was told before the break, under a line that says so (a play-test saw no
        # word of the break); in the first deal from the cut for the dealer on (it was gone).
        session.shown = game.deals[-1].first_event if len(game.deals) > 1 else 0
        session.tell(session.t("resumed_story", number=len(game.deals)) if game.deals else session.t("resumed_story_start"))
        session._describe_new_events(retold=True)
        return session

    def _kept_marks(self, names: object) -> list[Card]:
        """A save's pass marks, where they still apply: the player's pass to make, cards in the hand, not too many."""
        if not isinstance(names, list) or self.waiting_for() != "pass":
            return []
        try:
            cards = sorted({parse_card(str(name)) for name in names})
        except ValueError:
            return []
        hand = self.game.hand(self.human)
        return cards if len(cards) <= self.game.rules.pass_count and all(card in hand for card in cards) else []

    def goodbye(self) -> str:
        """What the terminal says when the player leaves: how to come back to a game in progress."""
        if self.game.is_over:
            return self.t("goodbye_finished")
        if self._dropped:
            return self.t("goodbye_unplayed")
        if self.save_path is None:
            return self.t("goodbye")
        # By name: with other games saved, a bare --resume would ask which.
        return self.t("goodbye_named", name=self.save_path.stem)

    def next_session(self) -> PlaySession:
        """A new game with the same settings (rules, seat, name, levels, language; the next seed if one was set),
        saved under a new name."""
        seed = None if self.seed is None else self.seed + 1
        game = Game(self.game.rules, seats=list(self.names), seed=seed)
        path = None if self.save_path is None else self.save_path.parent / f"{next_game_name(self.save_path)}.json"
        session = PlaySession(game, self.human, self.levels, self.lang, seed, path)
        session.autoplay = self.autoplay
        session.speed = self.speed
        session.sheet_in_story = self.sheet_in_story
        return session


def _renamed_seats(record: dict[str, Any], human: int) -> dict[str, Any]:
    """A saved game's record with the seats' names of earlier versions (North on the player's left) given the
    names of the places where the screen draws them; a game whose names are not all those is left as it is."""
    seats = record.get("seats")
    if not isinstance(seats, list) or not all(isinstance(seat, str) for seat in seats):
        return record  # (the record's own check says what is wrong)
    others = [seat for seat in range(len(seats)) if seat != human]
    for lang, old in OLD_SEAT_NAMES.items():
        if len(seats) <= len(old) and all(seats[seat] == old[seat] for seat in others):
            names = seat_names(lang, len(seats))
            return {**record, "seats": [seats[seat] if seat == human else names[seat] for seat in range(len(seats))]}
    return record


def _seats_in_language(record: dict[str, Any], human: int, old: str, new: str) -> dict[str, Any]:
    """A saved game resumed in another language: the seats' default names (East, and You for the player) in the new
    one; names the players chose stay (a play-test resumed an English game in German and read "East" and "You")."""
    seats = record.get("seats")
    if not isinstance(seats, list) or not all(isinstance(seat, str) for seat in seats):
        return record
    before, after = seat_names(old, len(seats)), seat_names(new, len(seats))
    renamed = [after[seat] if name == before[seat] else name for seat, name in enumerate(seats)]
    if seats[human] == Texts(old)("you"):
        renamed[human] = Texts(new)("you")
    return {**record, "seats": renamed}


def _write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)  # atomic: a crash never leaves half a file


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
    names = list(seat_names(texts.lang, rules.players))
    names[human] = name or texts("you")
    game = Game(rules, seats=names, seed=seed)
    return PlaySession(game, human, levels, texts.lang, seed, save_path)
