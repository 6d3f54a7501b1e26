"""Tables in play: the lobby, the checked game, bots, and what each connection is told.

A ``TableRuntime`` owns one table's ``Game``. Every change goes through
``_act``: check, commit the action to the store, apply it to the game, then
tell each connection what its seat may see. All of it runs under the table's
lock, so actions at one table are totally ordered; tables do not share state.
``Hub`` finds tables by invite code (loading them from the store when first
asked) and, on start, rebuilds every table with a game in play.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import dataclasses
import hmac
import importlib
import json
import logging
import os
import random
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from blackmaria.bots.base import DEFAULT_BUDGETS, LEVELS, Bot, close_bots, make_bot, position_seed, table_bot
from blackmaria.bots.external import BotProgramError, ExternalBot
from blackmaria.bots.reasons import render
from blackmaria.cards import Card, card_name, cards_of, parse_card
from blackmaria.events import DealerChosen, DealScored, DealStarted, Event, TrickWon
from blackmaria.game import Game
from blackmaria.locale import Texts, chat_phrase
from blackmaria.locale.advice import hint_message
from blackmaria.observation import Observation
from blackmaria.rules import Rules
from blackmaria.server import shuffle
from blackmaria.server.protocol import (
    MAX_NAME_CHARS,
    PROTOCOL_VERSION,
    AskCount,
    AskExplanation,
    AskHint,
    ChangeSeat,
    Chat,
    Claim,
    ClientMessage,
    ComparePass,
    Hello,
    LeaveTable,
    PassCards,
    Ping,
    PlayCard,
    ProtocolError,
    RateLimit,
    TakeBack,
    clean_text,
    message_ref,
    parse_message,
)
from blackmaria.server.store import ActionRow, Store, TableRow, hash_token
from blackmaria.teaching import DEFAULT_BUDGET as TEACHING_BUDGET
from blackmaria.teaching import (
    Explanation,
    claim_check,
    compare_pass,
    count_deal,
    count_lines,
    explain,
    explanation_lines,
    learning_rules,
    nothing_left_to_score,
    taught_seed,
)

logger = logging.getLogger("blackmaria.server")

CHAT_KEPT: Final = 50
"""Chat lines a welcome carries."""
EXPLAIN_BUDGET: Final = TEACHING_BUDGET
"""Simulations behind an explanation's likely costs, as in the terminal's guided deal (some tens of milliseconds)."""

CODE_RE: Final = re.compile(r"[A-Za-z0-9_-]{16}")
SUMMARY_SECONDS: Final = 8.0
"""With a turn timer: the time after a deal's summary opens before the next deal's first clock starts, the same for every seat."""
LEAVE_GRACE: Final = float(os.environ.get("BLACKMARIA_LEAVE_GRACE", "30"))
"""Seconds a player who left (every connection of the seat closed) has to come back before a stand-in plays the seat."""
STAND_IN_LEVEL: Final = "medium"
"""The level of the computer player that plays a person's seat while they are away."""
QUEUE_LIMIT: Final = 512
"""Messages waiting for one connection; a connection that falls this far behind is closed."""


@dataclass(frozen=True)
class ShuffleCommitted(Event):
    """Published when a deal starts: SHA-256 over the deck order and a secret salt (see ``shuffle.commitment_text``)."""

    deal: int
    sha256: str


@dataclass(frozen=True)
class ShuffleRevealed(Event):
    """Published when a deal ends: the deck (top first) and the salt, so anyone can check the commitment."""

    deal: int
    sha256: str
    salt: str
    deck: tuple[str, ...]


class Client:
    """One WebSocket connection: its seat (None: a spectator), its rate limit, and its outgoing queue."""

    def __init__(self) -> None:
        self.seat: int | None = None
        self.host = False
        """The connection sent the table's host token in its hello."""
        self.attached = False
        self.rate = RateLimit()
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self.explaining = False
        """An explanation is being worked out for this connection (one at a time: each costs a search)."""
        self.comparing = False
        """A pass is being compared for this connection (one at a time)."""
        self.leaving = False
        """Its player said they leave (``leave``): when it closes, no grace before a computer player takes the seat."""
        self.pass_view: tuple[int, Observation, tuple[Card, ...]] | None = None
        """The deal, the seat's view and the advice of the last pass explained to this connection (``compare-pass``)."""
        self.explained: tuple[int, int, Explanation] | None = None
        """The seat, the table's update and the explanation last worked out for this connection: the same decision
        asked again (in the other language, after a switch) is said at once, with the same numbers."""

    def send(self, message: dict[str, Any] | str) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= QUEUE_LIMIT:
            self.close()
            return
        self.queue.put_nowait(message if isinstance(message, str) else _dumps(message))

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(None)


_ENCODER: Final = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)
"""Messages are trees of fresh dicts and lists, never cyclic: without the cycle check an update encodes a third faster."""


WATCHER_SEAT = -1
"""The seat stored with a spectator's chat line (the column holds a number); told as ``seat`` null."""


def _chat_line(seat: int | None, name: str, text: str, at: Any) -> dict[str, Any]:
    """A chat line as every connection gets it: with ``phrase``, the key of a quick phrase it is in some language, so
    that each reader's page or terminal says it in their own (a play-test read German on an English page). A
    spectator's line has ``seat`` null."""
    line = {"seat": None if seat is None or seat == WATCHER_SEAT else seat, "name": name, "text": text, "at": at}
    phrase = chat_phrase(text)
    return line if phrase is None else {**line, "phrase": phrase}


def _dumps(message: dict[str, Any]) -> str:
    return _ENCODER.encode(message)


@dataclass
class Seat:
    kind: str  # "empty", "human" or "bot"
    name: str | None = None
    level: str | None = None
    token_hash: str | None = None

    def display_name(self, seat: int) -> str:
        if self.kind == "bot":
            return f"Computer {seat + 1} ({self.level})"  # as the pages and the terminal name it (in English)
        return self.name or f"Seat {seat + 1}"


@dataclass(frozen=True)
class Told:
    """The table as its connections last heard of it.

    What is read outside the table's lock (a ping's answer, the lobby's view of
    the table, a deal counted in public) comes from here. So nobody hears of an
    action that is staged and still being committed, however a bot run and a
    request interleave.
    """

    seq: int = 0
    events: int = 0
    """How many entries of the table's log have been told."""
    phase: str | None = None
    deal: int | None = None
    totals: tuple[int, ...] | None = None


def search_missing() -> str | None:
    """The missing module, if the search bots and explanations cannot run here (the ``fast`` extra is not installed)."""
    try:
        importlib.import_module("blackmaria.bots.search")
    except ImportError as error:
        return f"{error.name or error}; install blackmaria[fast]"
    return None


@dataclass(frozen=True)
class BotPrograms:
    """Bot programs the operator lets tables seat (``blackmaria serve --bot NAME=COMMAND``), by the name players pick.

    A table stores the name, never the command. A program answers within
    ``time_limit`` seconds or the ``medium`` bot plays the seat from then on;
    so does a seat whose name this process no longer knows (restarted without
    that ``--bot``).
    """

    commands: dict[str, str] = field(default_factory=dict)
    time_limit: float = 2.0

    def refusal(self, level: str) -> str | None:
        """None when a seat may be given to a bot of ``level`` here, else the end of the sentence that refuses it."""
        if level not in LEVELS and level not in self.commands:
            return f"is not one of {', '.join([*LEVELS, *self.commands])}"
        missing = search_missing() if level in DEFAULT_BUDGETS and level not in self.commands else None
        if missing is not None:
            return f"needs the compiled kernel, not installed here ({missing})"
        return None

    def make(self, level: str, seed: int) -> Bot:
        command = self.commands.get(level)
        if command is not None:
            try:
                # The hello within the same limit: a table's start waits on it (a tournament gives a start 10 s).
                return ExternalBot(command, seed, time_limit=self.time_limit, fallback="medium", start_limit=self.time_limit)
            except BotProgramError as error:  # (gone since serve checked it: a table never waits on a broken program)
                logger.warning("bot program %r cannot start (%s); the medium bot plays its seat", level, error)
                return table_bot("medium", seed)
        if level not in LEVELS:
            logger.warning("no bot program is named %r in this process; the medium bot plays its seats", level)
            level = "medium"
        return table_bot(level, seed)  # seeded by the position: a card taken back brings the same answers again


def teaching_deck(rules: Rules, dealer: int) -> list[Card] | None:
    """The deck of a guided deal's first deal: the deal ``blackmaria learn`` chooses to teach under these rules (the
    learner, seat 1, holding high spades and a suit to pass away, its advice working out), each seat's hand as there,
    dealt from ``dealer``; None where the rules are no preset's own (that choice takes seconds of search, which the
    server does not spend: the deal is a fresh shuffle). A page's learner met a fresh shuffle, and following the
    advice took 14 of 43."""
    seed = taught_seed(rules)
    if seed is None:
        return None
    game = Game(learning_rules(rules), seed=seed)
    game.deal()
    first = game.deals[0]
    hands = [cards_of(hand) for hand in first.hands]
    return shuffle.deck_dealing(rules, hands, cards_of(first.kitty), list(first.stock), dealer)


class TableRuntime:
    """One table: seats, the game in play, the connections watching it."""

    def __init__(
        self,
        store: Store,
        row: TableRow,
        committer: GroupCommit | None = None,
        programs: BotPrograms | None = None,
        *,
        rules: Rules | None = None,
        fresh: bool = False,
    ) -> None:
        """``rules``: ``row.rules`` already parsed; ``fresh``: just created here (every seat empty, no chat to read back)."""
        self.store = store
        self.programs = programs or BotPrograms()
        self.committer = committer
        self.id = row.id
        self.code = row.code
        self.rules_data = row.rules
        self.rules = rules or Rules.from_data(row.rules)
        self.host_hash = row.host_hash
        self.status = row.status
        self.game_no = row.game_no
        self.turn_seconds: float | None = row.options.get("turn_seconds")
        self.teach = bool(row.options.get("teach"))
        """A guided deal's table: its first deal is one chosen to teach (``teaching_deck``)."""
        self.away: set[int] = set()
        """Human seats a stand-in bot plays: the turn timer ran out twice in a row, or the player left while the timer
        is on."""
        self.covering: set[int] = set()
        """Human seats whose decision now a stand-in makes, that one only: the turn timer ran out on a player still
        connected, for the first time in a row (a play-test looked away for a moment and lost the rest of the deal)."""
        self.missed: dict[int, int] = {}
        """Decisions in a row a stand-in made for a seat because its time ran out (none since the player's own)."""
        self._after_flush: list[tuple[list[Client], dict[str, Any]]] = []
        """Messages for some connections, sent after the update that tells what they speak of."""
        self.again: set[int] = set()
        """Seats whose players asked for another game since the last one ended (it starts when every player here has)."""
        self.stand_ins: dict[int, Bot] = {}
        self._timer: asyncio.TimerHandle | None = None
        self._deadline = 0.0
        """The event loop's time at which the seats deciding now run out of time (with a turn timer)."""
        self._clock_for: tuple[int, ...] | None = None
        """What ``_deadline`` counts for: one deal's passing (every seat passes against one clock), or one turn."""
        self._summary_until = 0.0
        """The event loop's time until which the last deal's summary is read: no clock of the next deal runs before it."""
        self.paused = False
        """The host paused the game: nobody plays, no bot acts, the turn timer stands (kept in memory only)."""
        self.pause_reason: str | None = None
        """Why the game is paused: ``host`` (a player paused it) or ``time`` (a lone player's time ran out)."""
        self.paused_by: int | None = None
        """The seat whose player paused the game (None: the host token, or the clock)."""
        self.resumed_by: int | None = None
        """The seat that last resumed the game (told to everyone, as who paused it is)."""
        self._paused_left: float | None = None
        """The seconds the turn timer had left when the game was paused."""
        self._tasks: set[asyncio.Task[None]] = set()
        self._leaving: dict[int, asyncio.TimerHandle] = {}
        """Seats whose player left, each with the moment a stand-in takes it over unless they come back first."""
        # A new table's seats and chat are known without asking the store (these queries run in the event loop).
        self.seats = (
            [Seat("empty") for _ in range(row.players)]
            if fresh
            else [Seat(r.kind, r.name, r.level, r.token_hash) for r in store.seats(row.id)]
        )
        kept_chat = [] if fresh else [_chat_line(**line) for line in store.recent_chat(row.id)]
        self.chat: collections.deque[dict[str, Any]] = collections.deque(kept_chat, maxlen=CHAT_KEPT)
        """The last chat lines, for the welcome (kept here so that a connection costs no query)."""
        self.game: Game | None = None
        self.seq = 0
        self.log: list[Event] = []
        self.told = Told()
        self.shuffles: list[dict[str, Any]] = []
        self.bot_marks: list[dict[str, list[int]]] = []
        self.stood_in_told: dict[int, tuple[int, int, bool]] = {}
        """By seat, what a welcome has told it of its stand-in: the deal, the cards played so far, the pass."""
        self.bots: dict[int, Bot] = {}
        self._staged: list[ActionRow] = []
        self._staged_items: list[Event] = []
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        if self.game_no > 0:
            self._rebuild()

    # ---- the game, rebuilt from the store -----------------------------------------
    def _new_game(self, seed: str, names: Sequence[str]) -> None:
        self.game = Game(self.rules, seats=list(names), rng=random.Random(int(seed, 16)))
        self.seq = 0
        self.log = list(self.game.events)
        self.shuffles = []
        self.bot_marks = []
        self.close_bots()
        self.bots = {
            seat: self.programs.make(s.level or "medium", secrets.randbits(63))
            for seat, s in enumerate(self.seats)
            if s.kind == "bot" and s.level
        }
        self._mark_told()

    def _rebuild(self) -> None:
        """Replay the current game's stored actions through the checked ``Game``."""
        row = self.store.game(self.id, self.game_no)
        if row is None:
            return
        self._new_game(row.seed, row.seats)
        for action in self.store.actions(self.id, self.game_no):
            if action.seq != self.seq + 1:
                raise RuntimeError(f"table {self.code}: action {action.seq} follows {self.seq}")
            self._apply(action.kind, action.seat, action.data, action.by_bot)
        self._mark_told()  # all of it is stored: a connection gets it in its welcome

    def _mark_told(self) -> None:
        game = self.game
        if game is None:
            self.told = Told(self.seq, len(self.log))
        else:
            self.told = Told(self.seq, len(self.log), game.phase, game.deal_index, tuple(game.totals))

    def _apply(self, kind: str, seat: int | None, data: dict[str, Any], by_bot: bool) -> list[Event]:
        """Apply one accepted action to the game (no I/O); return what it added to the log."""
        game = self.game
        assert game is not None
        items: list[Event] = []
        if kind == "deal":
            before = len(game.events)
            game.deal([parse_card(c) for c in data["deck"]])
            added = list(game.events[before:])
            self.shuffles.append({"sha256": data["sha256"], "salt": data["salt"], "deck": list(data["deck"])})
            self.bot_marks.append({"bot_passes": [], "bot_plays": []})
            items.append(ShuffleCommitted(game.deal_index, data["sha256"]))
        elif kind == "pass":
            assert seat is not None
            added = game.pass_cards(seat, [parse_card(c) for c in data["cards"]])
            if by_bot and self.seats[seat].kind == "human":
                self.bot_marks[-1]["bot_passes"].append(seat)
        elif kind == "undo":
            game.undo(int(data["plays"]))
            self._cut_log(len(game.events))
            state = game.state
            assert state is not None
            marks = self.bot_marks[-1]
            marks["bot_plays"] = [at for at in marks["bot_plays"] if at < len(state.plays())]
            added = []
        elif kind == "play":
            if by_bot and seat is not None and self.seats[seat].kind == "human":
                state = game.state
                assert state is not None
                self.bot_marks[-1]["bot_plays"].append(len(state.plays()))
            added = game.play(parse_card(data["card"]), seat)
        else:
            raise ValueError(f"unknown action {kind!r}")
        for event in added:  # what the action appended (the whole log is not copied for each action)
            items.append(event)
            if isinstance(event, DealScored):
                s = self.shuffles[event.deal]
                items.append(ShuffleRevealed(event.deal, s["sha256"], s["salt"], tuple(s["deck"])))
        self.seq += 1
        self.log.extend(items)
        return items

    def _cut_log(self, events: int) -> None:
        """Keep the log up to the game's first ``events`` events (an undo took the later ones back)."""
        counted = 0
        for index, item in enumerate(self.log):
            if counted == events:
                self.log = self.log[:index]
                return
            if not isinstance(item, ShuffleCommitted | ShuffleRevealed):
                counted += 1

    async def _act(self, kind: str, seat: int | None, data: dict[str, Any], *, by_bot: bool) -> None:
        """Commit one action (with any staged before it), apply it, and tell everyone. Call under the lock."""
        self._stage(kind, seat, data, by_bot=by_bot)
        await self._flush()

    def _stage(self, kind: str, seat: int | None, data: dict[str, Any], *, by_bot: bool) -> None:
        """Apply a checked action in memory only: ``_flush`` commits it with the rest of the run, then tells.

        A person's action and the quick bots' answers to it then cost one
        commit and one update per connection instead of one per action.
        Nobody hears of a staged action before it is committed; if the
        commit fails the game goes back to what is stored.
        """
        self._staged.append(ActionRow(self.seq + 1, kind, seat, data, by_bot))
        self._staged_items.extend(self._apply(kind, seat, data, by_bot))

    async def _flush(self) -> None:
        """Commit the staged actions in one go, then tell everyone of them in one update. Call under the lock."""
        if not self._staged:
            return
        rows, items = self._staged, self._staged_items
        self._staged, self._staged_items = [], []
        actions = [(self.id, self.game_no, row) for row in rows]
        try:
            if self.committer is None:
                self.store.append_actions(actions)
            else:
                await self.committer.commit(*actions)
        except Exception:
            self._rebuild()  # nobody was told: back to the stored game
            self._after_flush = []
            raise
        if any(row.kind == "undo" for row in rows):  # cards were taken back: every connection starts again from the table
            for client in list(self.clients):
                if client.attached:
                    client.send(self.welcome(client))
            self._mark_told()
        else:
            self._broadcast_update(items)
        told, self._after_flush = self._after_flush, []
        for clients, message in told:
            for client in clients:
                if client.attached and client in self.clients:
                    client.send(message)
        if self.game is not None and self.game.is_over:
            await self._finish()

    async def _finish(self) -> None:
        await asyncio.to_thread(self.store.finish_game, self.id, self.game_no, self.record())
        self.status = "over"
        self.broadcast_table()

    async def _deal(self) -> None:
        if self.game is not None and self.game.deal_index >= 0:
            # The deal before has just been scored: everyone reads its summary before the next deal's clock starts.
            self._summary_until = asyncio.get_running_loop().time() + SUMMARY_SECONDS
        if self.teach and self.game_no == 1 and self.game is not None and self.game.deal_index < 0:
            deck = teaching_deck(self.rules, self.game.dealer) or shuffle.new_deck(self.rules)
        else:
            deck = shuffle.new_deck(self.rules)
        salt = shuffle.new_salt()
        data = {"deck": [card_name(c) for c in deck], "salt": salt, "sha256": shuffle.commitment(deck, salt)}
        self._stage("deal", None, data, by_bot=False)

    # ---- views ---------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any] | None:
        """The state as ``seat`` may see it: its observation, or for a spectator the public part of one."""
        game = self.game
        if game is None:
            return None
        if seat is not None:
            observation = game.observation(seat)
            # The claim is offered where nothing left can score (a play-test took every point with three cards left
            # and had to play them out), with two cards or more to play (a last card plays itself); the seat may claim
            # other decided ends too (``claim``).
            offered = self._lone_player() and len(observation.hand) > 1 and nothing_left_to_score(observation)
            # A card to take back (not only a card played: every one forced, it would come again at once).
            undo = self._undo_allowed() and self._plays_to_take_back(seat) > 0
            blocked = None if undo or not self._undo_allowed() else game.take_back_blocked(seat)  # (one replay, not two)
            return {**observation.to_dict(), "claim": offered, "undo": undo, "undo_blocked": blocked}
        data = game.observation(None).to_dict()  # built by the core: no private field is filled for a spectator
        data["seat"] = None
        return data

    def events_of_last_deal(self, seat: int | None) -> list[dict[str, Any]]:
        """The events of the deal before the current one (empty in the first deal): its shuffle is checked on the page."""
        starts = [index for index, item in enumerate(self.log) if isinstance(item, ShuffleCommitted)]
        if len(starts) < 2:
            return []
        return [item.visible_to(seat).to_dict() for item in self.log[starts[-2] : starts[-1]]]

    def events_since_deal_start(self, seat: int | None) -> list[dict[str, Any]]:
        start = 0
        for index, item in enumerate(self.log):
            if isinstance(item, ShuffleCommitted):
                start = index
        return [item.visible_to(seat).to_dict() for item in self.log[start:]]

    def info(self) -> dict[str, Any]:
        """What anyone holding the invite code may know of the table: no card at all."""
        connected = {c.seat for c in self.clients if c.seat is not None}
        hosts = self._host_seats()
        return {
            "code": self.code,
            "rules": self.rules.to_dict(),
            "players": self.rules.players,
            "status": self.status,
            "game": self.game_no,
            "seq": self.told.seq,
            "phase": self.told.phase,
            "deal": self.told.deal,
            "totals": None if self.told.totals is None else list(self.told.totals),
            "spectators": sum(1 for c in self.clients if c.attached and c.seat is None),
            "host_here": bool(hosts),
            "host_seat": next((seat for seat in hosts if seat is not None), None),
            "paused": self.paused,
            "pause_reason": self.pause_reason if self.paused else None,
            "paused_by": self.paused_by if self.paused else None,
            "resumed_by": None if self.paused else self.resumed_by,
            "undo": self._undo_allowed(),
            "claim": self._lone_player(),
            "turn_seconds": self.turn_seconds,
            "summary_seconds": SUMMARY_SECONDS if self.turn_seconds is not None else None,
            "seats": [
                {
                    "seat": i,
                    "kind": s.kind,
                    "name": s.display_name(i) if s.kind != "empty" else None,
                    "level": s.level,
                    "connected": i in connected,
                    "away": i in self.away,
                    "again": i in self.again,
                    "grace_left": self._grace_left(i),
                }
                for i, s in enumerate(self.seats)
            ],
        }

    def _grace_left(self, seat: int) -> float | None:
        """Seconds before a stand-in takes ``seat``, whose player's connection is gone (``_start_grace``), else None:
        a host waiting on a friend who lost theirs read "if they are not back soon" for half a minute, and no time."""
        handle = self._leaving.get(seat)
        if handle is None or handle.cancelled() or seat in self.away:  # (a stand-in plays it already)
            return None
        try:
            now = asyncio.get_running_loop().time()
        except RuntimeError:  # (a table described outside the server's loop: no clock to count by)
            return None
        return round(max(0.0, handle.when() - now), 1)

    def record(self) -> dict[str, Any]:
        """The ``blackmaria/1`` record of the current game's finished deals, each with its revealed shuffle."""
        game = self.game
        if game is None:
            return {
                "format": "blackmaria/1",
                "rules": self.rules.to_dict(),
                "seats": [s.display_name(i) for i, s in enumerate(self.seats)],
                "deals": [],
            }
        from blackmaria.record import game_to_record

        record = game_to_record(game)
        finished = [i for i, log in enumerate(game.deals) if log.points is not None]
        deals = []
        for index in finished:
            deal = dict(record["deals"][index])
            deal["shuffle"] = dict(self.shuffles[index])
            marks = self.bot_marks[index]
            if marks["bot_passes"] or marks["bot_plays"]:
                deal.update({key: list(value) for key, value in marks.items()})
            deals.append(deal)
        record["deals"] = deals
        return record

    # ---- telling the connections ---------------------------------------------------
    def _broadcast_update(self, items: list[Event]) -> None:
        cache: dict[int | None, str] = {}
        for client in list(self.clients):
            if not client.attached:
                continue
            seat = client.seat
            if seat not in cache:
                cache[seat] = _dumps(
                    {
                        "type": "update",
                        "seq": self.seq,
                        "events": [item.visible_to(seat).to_dict() for item in items],
                        "state": self.view(seat),
                    }
                )
            client.send(cache[seat])
        self._mark_told()

    def broadcast_table(self) -> None:
        # turn_left: after a pause the clock goes on from what it had left, and a page shows the server's count.
        self.broadcast({"type": "table", "table": self.info(), "turn_left": self.turn_left()})

    def broadcast(self, message: dict[str, Any]) -> None:
        """The same message to every connection at the table (one with nothing seat-dependent in it)."""
        text = _dumps(message)
        for client in list(self.clients):
            if client.attached:
                client.send(text)

    def welcome(self, client: Client) -> dict[str, Any]:
        return {
            "type": "welcome",
            "protocol": PROTOCOL_VERSION,
            "seat": client.seat,
            "host": client.host,
            "table": self.info(),
            "seq": self.seq,
            "events": self.events_since_deal_start(client.seat),
            "last_deal_events": self.events_of_last_deal(client.seat),
            # how the game's first dealer was chosen, with a cut's cards: the page keeps it under the score sheet
            "dealer_chosen": next((item.to_dict() for item in self.log if isinstance(item, DealerChosen)), None),
            "state": self.view(client.seat),
            "chat": list(self.chat),
            "turn_left": self.turn_left(),
            "stood_in": self.stood_in(client.seat),
        }

    def stood_in(self, seat: int | None) -> dict[str, Any]:
        """What a computer player did for ``seat`` in this deal while its player was away: whether it made the pass,
        and the cards it played, so that a player who comes back is told (a play-test was not); and of these, what no
        welcome has told the seat yet (``new``: a player back a second time was told the first absence's cards again)."""
        state = self.game.state if self.game is not None else None
        if seat is None or state is None or not self.bot_marks:
            return {"passed": False, "cards": [], "new": {"passed": False, "cards": []}}
        marks, plays = self.bot_marks[-1], state.plays()
        cards = [card_name(plays[at][1]) for at in marks["bot_plays"] if at < len(plays) and plays[at][0] == seat]
        passed = seat in marks["bot_passes"]
        deal = len(self.bot_marks) - 1
        told_deal, told_cards, told_pass = self.stood_in_told.get(seat, (deal, 0, False))
        if told_deal != deal or told_cards > len(cards):  # another deal, or cards taken back since
            told_cards, told_pass = 0, False
        self.stood_in_told[seat] = (deal, len(cards), passed)
        return {"passed": passed, "cards": cards, "new": {"passed": passed and not told_pass, "cards": cards[told_cards:]}}

    # ---- connections ---------------------------------------------------------
    def seat_for_token(self, token: str) -> int | None:
        digest = hash_token(token)
        found = None
        for index, seat in enumerate(self.seats):
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                found = index
        return found

    def _host_seats(self) -> list[int | None]:
        """The seats of the connections that sent the host token (None: the host watching); empty while the host is away."""
        return [c.seat for c in self.clients if c.host]

    def host_decides(self, by: int | None) -> bool:
        """Whether a change the seat ``by`` asks for (None: the host's own token) is the host's to make: before the first
        game, while the host is at the table, filling its seats with computer players, freeing theirs and starting are
        the host's (a play-test's guest started the game before the host was ready); with the host away, any seated
        player may, so a table is never stuck."""
        hosts = self._host_seats()
        return by is not None and self.status == "open" and bool(hosts) and by not in hosts

    def check_host_first(self, by: int | None, what: str) -> None:
        """Refuse ``what`` when it is the host's to do (``host_decides``)."""
        if self.host_decides(by):
            raise LobbyError(403, f"the table's host is at the table: {what} is theirs to do while they are here")

    def may_manage(self, token: str | None) -> bool:
        """Whether ``token`` is this table's host token or one of its seat tokens."""
        if not token:
            return False
        return hmac.compare_digest(self.host_hash, hash_token(token)) or self.seat_for_token(token) is not None

    async def attach(self, client: Client, token: str | None, host: str | None = None) -> None:
        seat = None
        if token is not None:
            seat = self.seat_for_token(token)
            if seat is None:
                raise ProtocolError("bad-token", "this token does not hold a seat at this table")
        if host is not None and not hmac.compare_digest(self.host_hash, hash_token(host)):
            raise ProtocolError("bad-token", "host: this is not this table's host token")
        async with self.lock:
            client.seat = seat
            client.host = host is not None
            client.attached = True
            self.clients.add(client)
            if seat is not None:
                self.away.discard(seat)
                leaving = self._leaving.pop(seat, None)
                if leaving is not None:
                    leaving.cancel()
            if self._timer is None and self.status == "playing" and not self.paused and self.game is not None and self._humans_here():
                # The table waited for somebody to come back: the decision now gets its whole time again.
                self._clock_for = None
                self._start_timer()
            if seat is not None and self.status == "playing":
                # Someone is back at a table whose other leavers were let be while nobody was here: their grace runs now.
                for other, held in enumerate(self.seats):
                    if held.kind == "human" and other not in self.away and not any(c.seat == other for c in self.clients):
                        self._start_grace(other)
            client.send(self.welcome(client))
            self.broadcast_table()

    def _start_grace(self, seat: int) -> None:
        """A player's last connection is gone: after the grace, a stand-in plays the seat (``_replace_leaver``)."""
        if seat not in self._leaving:
            self._leaving[seat] = asyncio.get_running_loop().call_later(LEAVE_GRACE, self._on_left, seat)

    async def detach(self, client: Client) -> None:
        self.clients.discard(client)
        if not client.attached:
            return
        seat = client.seat
        gone = seat is not None and self.seats[seat].kind == "human" and not any(c.seat == seat for c in self.clients)
        if gone and self.status == "playing" and seat is not None:
            if client.leaving:  # left on purpose: the others are told so, and wait for nobody
                await self._replace_leaver(seat)
            else:  # a reload or a short drop costs nothing: only one still gone after the grace gets a stand-in
                self._start_grace(seat)
        if gone and self.status == "over" and self.again and not self.waiting_for_again():
            async with self.lock:  # the one the others waited for has gone: their next game starts
                if self.status == "over" and self.again and not self.waiting_for_again():
                    with contextlib.suppress(LobbyError):  # (a seat freed since: the next start says so)
                        await self._start_game()
        self.broadcast_table()

    def _humans_here(self) -> bool:
        """Whether some human seat has a connection: with nobody left at the table, no stand-in plays on for them."""
        return any(c.seat is not None and self.seats[c.seat].kind == "human" for c in self.clients if c.attached)

    def _on_left(self, seat: int) -> None:
        self._leaving.pop(seat, None)
        task = asyncio.get_running_loop().create_task(self._replace_leaver(seat))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _replace_leaver(self, seat: int) -> None:
        """The grace is over and the player has not come back: a stand-in plays the seat until they do; everyone is told."""
        async with self.lock:
            if self.status != "playing" or seat in self.away or any(c.seat == seat for c in self.clients):
                return
            if not self._humans_here():
                return  # nobody is left to play with: the game waits for whoever comes back
            await self._stand_in({seat})

    async def _stand_in(self, seats: set[int], once: set[int] | None = None) -> None:
        """Stand-ins play these human seats until their players come back, everyone is told; and make the decision
        pending now for the seats ``once``, whose players are told what was done for them. Call under the lock."""
        self.away |= seats
        self.covering |= once or set()
        if seats:
            self.broadcast_table()
        await self.advance()

    def _covered(self, seat: int, *, passed: bool, cards: list[str]) -> None:
        """A stand-in made ``seat``'s one decision (``covering``): its connections are told which, after the update."""
        if seat in self.covering:
            self.covering.discard(seat)
            self._after_flush.append(([c for c in self.clients if c.seat == seat], {"type": "stood-in", "passed": passed, "cards": cards}))

    def _tell_other_devices(self, client: Client, seat: int, *, passed: bool, cards: list[str]) -> None:
        """The seat's other connections (its link opened on a phone as well) are told that this one made the pass or
        played the card: a play-test's phone, clicking at the same moment, was refused in silence."""
        others = [c for c in self.clients if c.seat == seat and c is not client]
        if others:
            self._after_flush.append((others, {"type": "played-elsewhere", "passed": passed, "cards": cards}))

    def _stand_in_bot(self, seat: int) -> Bot:
        """The bot that plays an away seat, made when it first acts and kept for the seat's next absences."""
        bot = self.stand_ins.get(seat)
        if bot is None:
            bot = self.stand_ins[seat] = make_bot(STAND_IN_LEVEL, secrets.randbits(63))
        return bot

    def returned(self, seat: int) -> None:
        """The holder of an away seat spoke: the seat is its own again."""
        if seat in self.away:
            self.away.discard(seat)
            self.missed.pop(seat, None)
            self.broadcast_table()

    async def on_message(self, client: Client, message: ClientMessage) -> None:
        """Handle one parsed message from an attached client; refusals go to that client only."""
        if isinstance(message, Ping):
            if client.seat is not None:
                self.returned(client.seat)
            client.send({"type": "pong", "ref": message.ref, "seq": self.told.seq})
            return
        if isinstance(message, AskCount):
            self._count(client, message)
            return
        if isinstance(message, LeaveTable):
            client.leaving = True  # (acted on as the connection closes: until then the seat is still played here)
            return
        seat = client.seat
        if isinstance(message, Chat):
            await self._chat(seat, message)
            return
        if seat is None:
            raise ProtocolError("spectator", "spectators may watch, and chat under a name, nothing else", ref=message.ref)
        self.returned(seat)
        if isinstance(message, AskExplanation):
            await self._explain(client, seat, message)
            return
        if isinstance(message, ComparePass):
            await self._compare_pass(client, message)
            return
        if isinstance(message, ChangeSeat):
            token = await self.change_seat(seat, message, host=client.host)
            if token is not None:  # a new link: for the host's page alone, which passes it on
                client.send({"type": "seat-link", "seat": message.seat, "token": token, "ref": message.ref})
            return
        if isinstance(message, AskHint):
            await self._hint(client, seat, message)
            return
        if isinstance(message, TakeBack):
            await self._take_back(seat, message.ref)
            return
        if isinstance(message, Claim):
            await self._claim(seat, message.ref)
            return
        async with self.lock:
            game = self.game
            if game is None or self.status != "playing":
                raise ProtocolError("not-started", "no game is in play at this table", ref=message.ref)
            if self.paused and isinstance(message, (PassCards, PlayCard)):
                raise ProtocolError("paused", "the game is paused: nobody plays until it is resumed", ref=message.ref)
            if isinstance(message, PassCards):
                error = game.pass_error(seat, message.cards)
                if error is not None:
                    raise ProtocolError("illegal", str(error), ref=message.ref, rule=error.rule)
                passed = [card_name(c) for c in sorted(message.cards)]
                self._stage("pass", seat, {"cards": passed}, by_bot=False)
                self._tell_other_devices(client, seat, passed=True, cards=passed)
                self.missed.pop(seat, None)
            elif isinstance(message, PlayCard):
                play_error = game.play_error(message.card, seat)
                if play_error is not None:
                    raise ProtocolError("illegal", str(play_error), ref=message.ref, rule=play_error.rule)
                self._stage("play", seat, {"card": card_name(message.card)}, by_bot=False)
                self._tell_other_devices(client, seat, passed=False, cards=[card_name(message.card)])
                self.missed.pop(seat, None)
            else:  # pragma: no cover - hello is handled by the connection
                raise ProtocolError("hello-first", "hello is sent once, first", ref=message.ref)
            await self.advance()  # commits and tells the action with the quick bots' answers to it

    async def _chat(self, seat: int | None, message: Chat) -> None:
        """A chat line, to everyone at the table: a seat's under its seat's name; a spectator's under the name it sends,
        marked as a watcher's (friends waiting for the next game wanted to say something), never a seated player's."""
        if seat is not None:
            self.returned(seat)
            name = self.seats[seat].display_name(seat)
        elif message.name is None:
            raise ProtocolError("spectator", "a spectator chats under a name: send the chat line with name", ref=message.ref)
        else:
            name = message.name
            if any(s.kind != "empty" and s.display_name(i).casefold() == name.casefold() for i, s in enumerate(self.seats)):
                raise ProtocolError("bad-text", f"{name!r} is a player's name at this table: watching, chat under another", ref=message.ref)
        at = await asyncio.to_thread(self.store.add_chat, self.id, WATCHER_SEAT if seat is None else seat, name, message.text)
        line = _chat_line(seat, name, message.text, at)
        self.chat.append(line)
        self.broadcast({"type": "chat", **line})

    async def _take_back(self, seat: int, ref: str | int | None) -> None:
        """Undo at a table of one player against computer players: the player's last card of the deal and the computer
        players' cards after it are taken back (a forced card with the choice before it), as in the terminal's game.
        Stored as an action (``undo``, with the number of plays), so a restarted server replays it."""
        async with self.lock:
            game = self.game
            if game is None or self.status != "playing":
                raise ProtocolError("not-started", "no game is in play at this table", ref=ref)
            if not self.rules.undo:
                raise ProtocolError("no-undo", "these rules do not allow taking a card back", ref=ref)
            if not self._undo_allowed():
                raise ProtocolError("no-undo", "cards are taken back only at a table of one player against computer players", ref=ref)
            if self.paused:
                raise ProtocolError("paused", "the game is paused: nobody plays until it is resumed", ref=ref)
            if game.phase == "playing" and game.turn != seat:
                raise ProtocolError("no-undo", "a card is taken back on your turn, once the others have played", ref=ref)
            plays = self._plays_to_take_back(seat)
            blocked = None if plays else game.take_back_blocked(seat)
            if blocked == "forced":
                raise ProtocolError(
                    "no-undo", "every card you have played in this deal was the only one allowed: there is no choice to take back", ref=ref
                )
            if blocked == "drawn":
                raise ProtocolError(
                    "no-undo", "you have drawn from the stock since your last choice: a card is not taken back over a draw", ref=ref
                )
            if not plays:
                raise ProtocolError("no-undo", "you have played no card of this deal yet: there is nothing to take back", ref=ref)
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            self._stage("undo", seat, {"plays": plays}, by_bot=False)
            await self._flush()
            self._clock_for = None  # the decision taken back gets its whole time again
            self._start_timer()

    async def _claim(self, seat: int, ref: str | int | None) -> None:
        """The rest of the deal played out at once (each seat's lowest legal card), where every way of playing it
        scores the same as the seat can know it (``teaching.claim_check``: not from the others' cards). Only at a table
        of one player against computer players: at a table of people the others' cards are theirs to play. Stored as
        the plays it makes, so a restarted server replays them."""
        async with self.lock:
            game = self.game
            if game is None or self.status != "playing":
                raise ProtocolError("not-started", "no game is in play at this table", ref=ref)
            if not self._lone_player():
                raise ProtocolError("no-claim", "the rest is claimed only at a table of one player against computer players", ref=ref)
            if self.paused:
                raise ProtocolError("paused", "the game is paused: nobody plays until it is resumed", ref=ref)
            if game.phase != "playing" or game.turn != seat:
                raise ProtocolError("no-claim", "the rest of the deal is claimed on your turn, once the cards are in play", ref=ref)
            # Under the lock (the table has no other player to hold up): the position cannot change while it is checked.
            decided = await asyncio.to_thread(claim_check, game.observation(seat))
            if decided is None:
                raise ProtocolError("no-claim", "the rest of the deal has too many ways to play to check them all now: play on", ref=ref)
            if not decided:
                raise ProtocolError("no-claim", "the rest of the deal is not decided: some way of playing it scores differently", ref=ref)
            while game.phase == "playing":
                player = game.turn
                assert player is not None
                self._stage("play", player, {"card": card_name(min(game.legal_cards(player)))}, by_bot=player != seat)
            self.missed.pop(seat, None)
            await self.advance()  # commits and tells the plays, then deals on as after any last card

    def _lone_player(self) -> bool:
        """Whether the table is one player's against computer players, whose own the game is: they may claim the rest
        of a deal and, under rules with undo, take cards back."""
        return sum(1 for s in self.seats if s.kind == "human") == 1

    def _undo_allowed(self) -> bool:
        """Whether this table lets its player take cards back: rules with undo, one player against computer players."""
        return self.rules.undo and self._lone_player()

    def _plays_to_take_back(self, seat: int) -> int:
        """How many plays an undo takes back (``Game.plays_to_take_back``); 0 without a game."""
        return self.game.plays_to_take_back(seat) if self.game is not None else 0

    async def change_seat(self, by: int, message: ChangeSeat, host: bool = False) -> str | None:
        """A seat change asked by the holder of seat ``by`` (``host``: whose hello sent the host token): free a seat
        or give it to a computer player.

        Before a game (or between games) any seat holder may free a computer player's seat or give an empty one to a
        computer player; only the host may remove another player (free their seat or give it to a computer player:
        their link seats them no more), so a guest cannot push the others out before the game. During a game the
        seats are fixed: the seat of a player who has left (no connection to the table) may be given to a computer
        player, which plays it until they come back. Any seat holder may do that, not only the host: a game whose
        host has left is not held up by the grace. Nobody takes the seat of a player who is at the table: a
        player who is slow to decide is the turn timer's to hand over.

        A new link (``to`` "link") is returned: its token, for the asker alone (``_new_link``).
        """
        level, ref, seat = message.level, message.ref, message.seat
        refusal = self.programs.refusal(level)
        if refusal is not None:
            raise ProtocolError("bad-message", f"level {level[:24]!r} {refusal}", ref=ref)
        async with self.lock:
            if not 0 <= seat < len(self.seats):
                raise ProtocolError("bad-message", f"seat {seat} does not exist at a table of {len(self.seats)}", ref=ref)
            if seat == by:
                raise ProtocolError("bad-message", "a seat cannot change itself: leave the table instead", ref=ref)
            current = self.seats[seat]
            if message.to == "link":
                return await self._new_link(seat, current, host, ref)
            if self.status == "playing":
                if message.to != "bot" or current.kind != "human":
                    raise ProtocolError("in-play", "during a game a player's seat may only be given to a computer player", ref=ref)
                if seat not in self.away and any(c.seat == seat for c in self.clients):
                    raise ProtocolError(
                        "player-here",
                        f"the player of seat {seat} is at the table: during a game only the seat of a player who has left"
                        " may be given to a computer player",
                        ref=ref,
                    )
                await self._stand_in({seat})  # the player gets it back by coming back
                return None
            if current.kind == "human" and not host:
                raise ProtocolError(
                    "host-only",
                    f"seat {seat} is a player's: before a game only the table's host may remove a player",
                    ref=ref,
                )
            if self.host_decides(None if host else by):
                raise ProtocolError(
                    "host-here", "the table's host is at the table: before the first game its seats are theirs to change", ref=ref
                )
            if message.to == "empty":
                row: tuple[int, str, str | None, str | None, str | None] = (seat, "empty", None, None, None)
                new = Seat("empty")
            else:
                row, new = (seat, "bot", None, level, None), Seat("bot", None, level, None)
            await asyncio.to_thread(self.store.set_seats, self.id, [row])
            self.seats[seat] = new
            for client in list(self.clients):
                if client.seat == seat:
                    client.close()  # the removed player's page hears that its link no longer holds a seat
            self.broadcast_table()
            return None

    async def _new_link(self, seat: int, current: Seat, host: bool, ref: str | int | None) -> str:
        """A new token for the seat of a player who lost their link (another browser, cleared storage): the host's to
        make, for a player not at the table, in a game or between games. The old token seats nobody from then on.
        Everyone at the table is told (``seat-relinked``), since the link's holder sees that seat's cards."""
        if not host:
            raise ProtocolError("host-only", f"only the table's host may make a new link for seat {seat}", ref=ref)
        if current.kind != "human":
            raise ProtocolError("bad-message", f"seat {seat} is not a player's: a new link is for a player who lost theirs", ref=ref)
        if any(c.seat == seat for c in self.clients):
            raise ProtocolError("player-here", f"the player of seat {seat} is at the table: their link still seats them", ref=ref)
        token = secrets.token_urlsafe(32)
        digest = hash_token(token)
        await asyncio.to_thread(self.store.set_seats, self.id, [(seat, "human", current.name, None, digest)])
        self.seats[seat] = Seat("human", current.name, None, digest)
        self.broadcast({"type": "seat-relinked", "seat": seat, "name": current.display_name(seat)})
        return token

    def seat_names(self, lang: str) -> list[str]:
        """The seats' names for text in ``lang``: people by their names, bots by number and level in that language."""
        texts = Texts(lang)
        names = []
        for i, seat in enumerate(self.seats):
            if seat.kind == "bot" and seat.level in LEVELS:
                names.append(texts.bot_name(i, seat.level))
            else:
                names.append(seat.display_name(i))
        return names

    def _count(self, client: Client, message: AskCount) -> None:
        """A finished deal counted in public, from the events this connection may see (spectators too)."""
        seat = client.seat
        events = [item.visible_to(seat) for item in self.log[: self.told.events] if isinstance(item, Event)]
        try:
            count = count_deal(events, self.rules, message.deal)
        except ValueError as refusal:
            raise ProtocolError("no-deal", str(refusal), ref=message.ref) from None
        lines = count_lines(count, self.seat_names(message.lang), message.lang, seat)
        client.send({"type": "count", "count": count.to_dict(), "lines": lines, "ref": message.ref})

    async def _observed(self, seat: int, ref: str | int | None) -> tuple[Observation, int]:
        """The seat's observation now and the action it follows (taken under the lock; the search runs after it)."""
        async with self.lock:
            game = self.game
            if game is None or self.status != "playing":
                raise ProtocolError("not-started", "no game is in play at this table", ref=ref)
            return game.observation(seat), self.seq

    async def _hint(self, client: Client, seat: int, message: AskHint) -> None:
        """The computer player's suggestion for the seat's decision at ``seq``, from its observation only."""
        observation, seq = await self._observed(seat, message.ref)
        # The hint is the search's (up to bots.HINT_MS): in a thread, outside the lock, so the table goes on meanwhile
        # (a connection's messages are handled one after another, so it has one hint on its way at most).
        try:
            answer = await asyncio.to_thread(hint_message, observation, message.lang)
        except ValueError as refusal:
            raise ProtocolError("no-decision", str(refusal), ref=message.ref) from None
        client.send({"type": "hint", "seq": seq, **answer, "ref": message.ref})

    async def _explain(self, client: Client, seat: int, message: AskExplanation) -> None:
        """The guided deal's explanation of the seat's decision, from its observation only."""
        observation, seq = await self._observed(seat, message.ref)
        if not (observation.phase == "passing" and not observation.has_passed[seat]) and observation.turn != seat:
            raise ProtocolError("no-decision", f"seat {seat} has nothing to decide now", ref=message.ref)
        if client.explained is not None and client.explained[:2] == (seat, seq):
            explanation = client.explained[2]  # (a language switched: a search of some seconds again under load, a test)
        else:
            if client.explaining:
                raise ProtocolError("rate-limit", "an explanation is already on its way to this connection", ref=message.ref)
            # The costs come from a search over thousands of deals: in a thread, outside the lock, so the table goes on.
            client.explaining = True
            try:
                # Seeded by the position, not the table's count of actions: the same position after a take-back is
                # explained as before (a play-test's advice changed from 10♣ to Q♣ when it took a card back).
                seed = position_seed(observation)
                explanation = await asyncio.to_thread(explain, observation, budget=EXPLAIN_BUDGET, seed=seed)
            finally:
                client.explaining = False
            client.explained = (seat, seq, explanation)
        if explanation.kind == "pass":
            client.pass_view = (observation.deal, observation, explanation.advice)
        named = dataclasses.replace(explanation, seats=tuple(self.seat_names(message.lang)))
        client.send(
            {
                "type": "explanation",
                "seq": seq,
                "explanation": explanation.to_dict(),
                "lines": explanation_lines(named, message.lang),
                # The advice in one sentence, as a hint says it: a guided deal's hint is its explanation's advice.
                "reason": render(named.reasons, message.lang, named.seats).rstrip("."),
                # What a newcomer needs before the first card (the page shows it at the first decision).
                "basics": self.rules.basics(message.lang),
                "ref": message.ref,
            }
        )

    async def _compare_pass(self, client: Client, message: ComparePass) -> None:
        """The pass the seat made beside the advice it was given for it, both played out on the same deals from the
        view it was explained from (``teaching.compare_pass``): the explanation costs only the passes its search compared."""
        view, game = client.pass_view, self.game
        if view is None or game is None or view[0] != game.deal_index:
            raise ProtocolError("no-decision", "no pass of this deal was explained to this connection: nothing to compare", ref=message.ref)
        if client.comparing:
            raise ProtocolError("rate-limit", "a pass is already being compared for this connection", ref=message.ref)
        client.comparing = True
        try:
            compared = await asyncio.to_thread(compare_pass, view[1], message.cards, view[2], seed=view[0])
        except ValueError as refusal:
            raise ProtocolError("bad-message", str(refusal), ref=message.ref) from None
        finally:
            client.comparing = False
        client.send({"type": "pass-compared", **compared.to_dict(), "ref": message.ref})

    # ---- bots and the flow of deals --------------------------------------------------
    async def advance(self) -> None:
        """Let bots act and deal the next deal until a human must act or the game is over. Call under the lock."""
        game = self.game
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        while game is not None and self.status == "playing" and not self.paused:
            if game.is_over:
                await self._flush()
                if self.status == "playing":  # the process stopped between the last play and the game's end being stored
                    await self._finish()
                return
            if game.phase == "deal-over":
                await self._flush()  # every connection gets the finished deal's state before the next deal
                await self._deal()
            elif game.phase == "passing":
                waiting = [seat for seat in self._bot_seats() if not game.has_passed(seat)]
                if not waiting:
                    break
                seat = waiting[0]
                slow = self._is_slow(seat)
                if slow:
                    await self._flush()  # a bot that thinks a while: the table sees what came before it at once
                cards = await self._choose(seat, passing=True)
                if not game.can_pass(seat, cards):
                    cards = sorted(game.passable_cards(seat))[: self.rules.pass_count]
                data: dict[str, Any] = {"cards": [card_name(c) for c in sorted(cards)]}
                self._covered(seat, passed=True, cards=data["cards"])
                if slow:
                    await self._act("pass", seat, data, by_bot=True)
                else:
                    self._stage("pass", seat, data, by_bot=True)
            elif game.phase == "playing" and game.turn in self._bot_seats():
                if self._run_to_tell_first(game):
                    # Bots alone are told a trick at a time, so that watchers see the deal unfold. A run between a
                    # person's two cards finishes one trick and stays whole: the page lays its cards one after another
                    # and hands the turn over after the last (cut at four cards, the last came alone, turn and all).
                    await self._flush()
                    await asyncio.sleep(0)  # let other tables and the connections' writers run
                seat = game.turn
                slow = self._is_slow(seat)
                if slow:
                    await self._flush()
                (card,) = await self._choose(seat, passing=False)
                if not game.can_play(card, seat):
                    card = min(game.legal_cards(seat))
                self._covered(seat, passed=False, cards=[card_name(card)])
                if slow:
                    await self._act("play", seat, {"card": card_name(card)}, by_bot=True)
                else:
                    self._stage("play", seat, {"card": card_name(card)}, by_bot=True)
            else:
                break
        await self._flush()
        self._start_timer()

    def _run_to_tell_first(self, game: Game) -> bool:
        """Whether the staged run is told before the next card: it holds the deal's start (the page draws a new deal at
        once, and lays cards one after another only within a deal), or a finished trick and the next card finishes
        another (the page lays one trick's end and the next one's start)."""
        if any(isinstance(item, DealStarted) for item in self._staged_items):
            return True
        tricks = game.tricks
        finishing = bool(tricks) and tricks[-1].winner is None and len(tricks[-1].plays) == game.players - 1
        return finishing and any(isinstance(item, TrickWon) for item in self._staged_items)

    def _is_slow(self, seat: int) -> bool:
        bot = self.bots.get(seat) or self.stand_ins.get(seat)
        return isinstance(bot, ExternalBot) or getattr(bot, "name", "") in DEFAULT_BUDGETS

    def _bot_seats(self) -> set[int]:
        return set(self.bots) | self.away | self.covering

    def _start_timer(self) -> None:
        """With a turn timer, a human who has not acted within ``turn_seconds`` is played by a stand-in until they return."""
        if self.turn_seconds is None or self.status != "playing" or self.paused:
            return
        game = self.game
        if game is None:
            return
        loop = asyncio.get_running_loop()
        # A pass's time runs from the deal, not from the last pass made: another seat's pass gives no one more time.
        decision = (0, self.game_no, game.deal_index) if game.phase == "passing" else (1, self.seq)
        if decision != self._clock_for:
            self._clock_for = decision
            self._deadline = max(loop.time(), self._summary_until) + self.turn_seconds
        self._timer = loop.call_at(self._deadline, self._on_timer, self.seq)

    def turn_left(self) -> float | None:
        """Seconds left before the seats deciding now are played by a stand-in; None without a running turn timer."""
        if self._timer is None:
            return None
        return round(max(0.0, self._deadline - asyncio.get_running_loop().time()), 3)

    def _on_timer(self, seq: int) -> None:
        self._timer = None
        task = asyncio.get_running_loop().create_task(self._expire(seq))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _expire(self, seq: int) -> None:
        async with self.lock:
            game = self.game
            if game is None or self.seq != seq or self.status != "playing" or self.paused:
                return
            if not self._humans_here():
                return  # everyone has left: no stand-ins finish the game alone; the clock starts again when one returns
            if game.phase == "passing":
                late = {seat for seat, s in enumerate(self.seats) if s.kind == "human" and not game.has_passed(seat)}
            else:
                late = {game.turn} if game.turn is not None and self.seats[game.turn].kind == "human" else set()
            if not late:
                return
            playing_on = [
                seat
                for seat, held in enumerate(self.seats)
                if held.kind == "human" and seat not in late and seat not in self.away and any(c.seat == seat for c in self.clients)
            ]
            if not playing_on:
                # Nobody else would be left to play with: stand-ins would play the rest of the game alone in seconds,
                # and one missed turn (a phone call) would cost the whole game (a play-test). The game waits, paused,
                # with the decision's whole time, until a player at the table resumes it.
                self._clock_for = None  # (and the timer has run out: no time is left to keep) resumed, it runs whole
                self._pause("time")
                return
            # A player still here whose time ran out is stood in for this decision only, and told so; the second
            # time in a row (or once gone) the stand-in plays on until they come back.
            connected = {seat for seat in late if any(c.seat == seat for c in self.clients)}
            once = {seat for seat in connected if not self.missed.get(seat)}
            for seat in late:
                self.missed[seat] = self.missed.get(seat, 0) + 1
            await self._stand_in(late - once, once=once)

    async def _choose(self, seat: int, *, passing: bool) -> list[Card]:
        assert self.game is not None
        bot = self.bots.get(seat)
        if bot is None:
            bot = self._stand_in_bot(seat)
        observation = self.game.observation(seat)
        # Search bots and programs take time: they think in a thread while other tables go on.
        slow = self._is_slow(seat)
        if passing:
            cards = await asyncio.to_thread(bot.choose_pass, observation) if slow else bot.choose_pass(observation)
        else:
            cards = [await asyncio.to_thread(bot.choose_play, observation) if slow else bot.choose_play(observation)]
        if isinstance(bot, ExternalBot) and bot.errors:
            for why in bot.errors:
                logger.warning("table %s seat %d: %s; the fallback bot plays the seat", self.code, seat, why)
            bot.errors.clear()
        return cards

    # ---- the lobby ---------------------------------------------------------------
    async def join(self, name: str, seat: int | None) -> tuple[int, str]:
        name = clean_text(name, "name", MAX_NAME_CHARS)
        async with self.lock:
            if self.status == "playing":
                raise LobbyError(409, "the game is in play; seats are taken before it starts")
            empty = [i for i, s in enumerate(self.seats) if s.kind == "empty"]
            if seat is None:
                if not empty:
                    raise LobbyError(409, "every seat is taken")
                seat = empty[0]
            if not 0 <= seat < len(self.seats):
                raise LobbyError(422, f"seat {seat} does not exist at a table of {len(self.seats)}")
            if seat not in empty:
                raise LobbyError(409, f"seat {seat} is taken")
            # Two players of one name make the seats, the chat and the score sheet ambiguous (a play-test sat two Annas).
            if any(s.kind != "empty" and s.display_name(i).casefold() == name.casefold() for i, s in enumerate(self.seats)):
                raise LobbyError(422, f"{name!r} is already at this table: choose another name")
            token = secrets.token_urlsafe(32)
            digest = hash_token(token)
            await asyncio.to_thread(self.store.set_seats, self.id, [(seat, "human", name, None, digest)])
            self.seats[seat] = Seat("human", name, None, digest)
            self.broadcast_table()
            return seat, token

    async def add_bots(self, level: str, seats: Sequence[int] | None, by: int | None = None) -> None:
        """Fill empty seats with computer players of ``level`` (``by``: the asking seat, None for the host's token)."""
        refusal = self.programs.refusal(level)
        if refusal is not None:
            raise LobbyError(422, f"bot level {level!r} {refusal}")
        async with self.lock:
            if self.status == "playing":
                raise LobbyError(409, "the game is in play")
            self.check_host_first(by, "seating computer players")
            empty = [i for i, s in enumerate(self.seats) if s.kind == "empty"]
            chosen = empty if seats is None else list(dict.fromkeys(seats))
            for seat in chosen:
                if seat not in empty:
                    raise LobbyError(409, f"seat {seat} is not empty")
            await asyncio.to_thread(self.store.set_seats, self.id, [(seat, "bot", None, level, None) for seat in chosen])
            for seat in chosen:
                self.seats[seat] = Seat("bot", None, level, None)
            self.broadcast_table()

    async def set_paused(self, paused: bool, by: int | None = None) -> None:
        """The host or a seated player (``by``: their seat) pauses the game (nobody plays, no bot acts, the turn timer
        stands) or resumes it; everyone is told, and who paused it."""
        async with self.lock:
            if self.status != "playing" or self.game is None or self.game.is_over:
                raise LobbyError(409, "no game is in play at this table")
            if paused == self.paused:
                return
            loop = asyncio.get_running_loop()
            if paused:
                self._pause("host", by)
                return
            self.paused = False
            self.pause_reason = None
            self.paused_by = None
            self.resumed_by = by
            if self._paused_left is not None:
                self._deadline = loop.time() + self._paused_left  # the same decision's clock goes on where it stood
                self._paused_left = None
            await self.advance()
            self.broadcast_table()

    def _pause(self, reason: str, by: int | None = None) -> None:
        """Pause the game, keeping what is left of the decision's time; everyone is told. Call under the lock."""
        self.pause_reason = reason
        self.paused_by = by
        loop = asyncio.get_running_loop()
        self._paused_left = None if self._timer is None else max(0.0, self._deadline - loop.time())
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.paused = True
        self.broadcast_table()

    def waiting_for_again(self) -> list[int]:
        """The human seats with a connection whose players have not asked for another game yet."""
        here = {c.seat for c in self.clients if c.attached and c.seat is not None}
        return [i for i, s in enumerate(self.seats) if s.kind == "human" and i in here and i not in self.again]

    async def start(self, by: int | None = None) -> bool:
        """Start a game; False when ``by`` (a seat) has asked for another and others still read the last one's result.

        After a game a seat's request is its player's wish: the next game starts when every player at the table (with
        a connection) has asked, so nobody's result is swept away while they read it (a play-test's friend started
        one over the others'). The host's own token (``by`` None) starts it at once."""
        async with self.lock:
            if self.status == "playing":
                raise LobbyError(409, "a game is already in play")
            self.check_host_first(by, "the start")
            if self.status == "over" and by is not None:
                self.again.add(by)
                if self.waiting_for_again():
                    self.broadcast_table()
                    return False
            await self._start_game()
            return True

    async def _start_game(self) -> None:
        """The next game: seats checked, the shuffle committed, the cards dealt. Call under the lock."""
        empty = [i for i, s in enumerate(self.seats) if s.kind == "empty"]
        if empty:
            raise LobbyError(409, f"seats {', '.join(map(str, empty))} are empty; take them or fill them with bots")
        self.again.clear()
        self.paused = False
        seed = secrets.token_hex(16)
        names = [s.display_name(i) for i, s in enumerate(self.seats)]
        self.game_no += 1
        await asyncio.to_thread(self.store.start_game, self.id, self.game_no, seed, names)
        self.status = "playing"
        self._new_game(seed, names)
        self.broadcast_table()
        self._staged_items.extend(self.log)  # the game's first events go out with its deal: one update, not two
        await self._deal()
        await self.advance()

    def close_clients(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        for client in list(self.clients):
            client.close()
        self.close_bots()

    def close_bots(self) -> None:
        """Stop the programs that play seats here (bots built in are simply dropped)."""
        close_bots(self.bots.values())


async def handle_raw(table: TableRuntime, client: Client, raw: str | bytes) -> None:
    """One message as received from a connection: rate limit, parse, then hello or an action; every refusal to that client only."""
    if not client.rate.allow():
        client.send(ProtocolError("rate-limit", "too many messages; this one was dropped", ref=message_ref(raw)).to_message())
        return
    ref: str | int | None = None
    try:
        message = parse_message(raw)
        ref = message.ref
        if isinstance(message, Hello):
            if client.attached:
                raise ProtocolError("hello-first", "hello is sent once, first", ref=message.ref)
            try:
                await table.attach(client, message.token, message.host)
            except ProtocolError as error:
                error.ref = message.ref
                raise
        elif not client.attached:
            raise ProtocolError("hello-first", "send hello first", ref=message.ref)
        else:
            await table.on_message(client, message)
    except ProtocolError as error:
        client.send(error.to_message())
    except ImportError as error:  # an optional extra is not installed: the compiled kernel behind explanations
        logger.warning("table %s: %s (install blackmaria[fast])", table.code, error)
        missing = f"this server cannot answer this: it lacks {error.name or 'a module'} (the compiled kernel; its operator may install blackmaria[fast])"
        client.send(ProtocolError("unavailable", missing, ref=ref).to_message())
    except Exception:  # a fault of the server's: the sender hears of it, the connection and the table go on
        logger.exception("table %s: a message failed", table.code)
        client.send(ProtocolError("server-error", "the server failed to handle this message (it is logged)", ref=ref).to_message())


class GroupCommit:
    """Commits the actions of every table together: one transaction (one fsync) for all that arrived meanwhile.

    ``commit`` returns once the action is durable. While one batch is being
    written (in a worker thread, so the event loop goes on), new actions
    gather for the next: many tables share each disk flush, and no table
    tells anyone of an action before its batch is committed.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self._pending: list[tuple[tuple[int, int, ActionRow], asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None
        self.batches = 0
        self.actions = 0

    async def commit(self, *actions: tuple[int, int, ActionRow]) -> None:
        """Return once ``actions`` (in order, all in the same transaction) are durable."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        for action in actions:
            self._pending.append((action, future))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write())
        await future

    async def _write(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                await asyncio.to_thread(self.store.append_actions, [action for action, _ in batch])
            except Exception as error:  # the database refused: every action of the batch fails, none is applied
                for _, future in batch:
                    if not future.done():
                        future.set_exception(error)
            else:
                self.batches += 1
                self.actions += len(batch)
                for _, future in batch:
                    if not future.done():
                        future.set_result(None)


class ServedElsewhere(Exception):
    """The table exists, but another server process over the same database serves it (it holds its lock)."""

    def __init__(self, code: str) -> None:
        super().__init__(f"table {code} is served by another process; route requests for it by its code")


class LobbyError(Exception):
    """A lobby request the table refuses, with the HTTP status to answer."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class Hub:
    """Every table this process serves, by invite code."""

    def __init__(self, store: Store, programs: BotPrograms | None = None) -> None:
        self.store = store
        self.programs = programs or BotPrograms()
        self.tables: dict[str, TableRuntime] = {}
        self.committer = GroupCommit(store)
        self._tasks: set[asyncio.Task[None]] = set()

    def get(self, code: str, *, resume: bool = True) -> TableRuntime | None:
        if not CODE_RE.fullmatch(code):
            return None
        table = self.tables.get(code)
        if table is None:
            row = self.store.table(code)
            if row is None:
                return None
            if not self.store.claim(row.id):
                raise ServedElsewhere(code)
            table = TableRuntime(self.store, row, self.committer, self.programs)
            self.tables[code] = table
            if resume and table.status == "playing":
                self._resume(table)
        return table

    def _resume(self, table: TableRuntime) -> None:
        """Let the bots of a table loaded in play go on, as ``recover`` does at start: a table taken over from a process
        that died between a person's action and the bots' answer would otherwise wait for bots that never move."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # loaded outside the event loop (a script, a test): whoever runs it advances it
            return

        async def resume() -> None:
            async with table.lock:
                await table.advance()

        task = loop.create_task(resume())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def create(self, rules: Rules, turn_seconds: float | None = None, teach: bool = False) -> tuple[TableRuntime, str]:
        code = secrets.token_urlsafe(12)
        host_token = secrets.token_urlsafe(32)
        options: dict[str, Any] = {"turn_seconds": turn_seconds}
        if teach:
            options["teach"] = True
        data, host_hash = rules.to_dict(), hash_token(host_token)
        table_id = await asyncio.to_thread(self.store.create_table, code, data, rules.players, host_hash, options)
        row = TableRow(table_id, code, data, rules.players, host_hash, "open", 0, options)
        table = TableRuntime(self.store, row, self.committer, self.programs, rules=rules, fresh=True)
        if not self.store.is_postgresql:
            self.tables[code] = table  # a SQLite file is served by this process alone: nothing to claim
        # Over PostgreSQL the table is not claimed here: the process that first serves its code does (see Store.claim).
        return table, host_token

    async def recover(self) -> int:
        """Load every table with a game in play and let its bots go on; return how many.

        Over PostgreSQL nothing is loaded at start: several processes may share the database, and a table belongs to
        the process the proxy routes its code to, which loads it (and lets its bots go on) when first asked.
        """
        if self.store.is_postgresql:
            return 0
        count = 0
        for code in self.store.codes_with_status("playing"):
            try:
                table = self.get(code, resume=False)
            except ServedElsewhere:
                continue
            if table is not None:
                count += 1
                async with table.lock:
                    await table.advance()
        return count

    def close(self) -> None:
        for table in self.tables.values():
            table.close_clients()
        with contextlib.suppress(Exception):
            self.store.close()
