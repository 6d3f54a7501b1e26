"""A seat at a server's table in the terminal, line by line: ``blackmaria join LINK``.

The server holds the game and judges every action; this client keeps only what its seat was last told (the
seat's observation), tells each event in the player's language as the game against the computer does
(``narration.py``), and sends the passes and cards typed. The seat's token is kept under the user's data
directory, so the same command brings the seat back after a lost connection or a closed terminal.
"""

from __future__ import annotations

import json
import math
import os
import re
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

from blackmaria.bots.base import LEVELS
from blackmaria.cards import Card, card_name, parse_card, parse_cards
from blackmaria.events import CardPlayed, CardsPassed, CardsReceived, DealScored, DealStarted, HandDealt, event_from_dict
from blackmaria.locale import Texts, detect_language, level_named, program_name
from blackmaria.locale.messages import MESSAGES
from blackmaria.observation import Observation
from blackmaria.rules import Rules
from blackmaria.server.shuffle import commitment, deal_deck
from blackmaria.tui.narration import narrate, sheet_lines, standings
from blackmaria.tui.seat import PLAY_COMMANDS, Leave, Seat, Typed, command_word, print_lines, run_lines
from blackmaria.tui.session import data_dir

PROTOCOL: Final = 1
LINK: Final = re.compile(r"(?P<base>https?://[^/?#\s]+)/t/(?P<code>[A-Za-z0-9_-]+)/?(?:#seat=(?P<token>[A-Za-z0-9_-]+))?")
"""A table's link; with ``#seat=TOKEN``, the link of a seat, as the page offers it to play the seat elsewhere."""
SERVER: Final = re.compile(r"(?P<base>https?://[^/?#\s]+)/?")
CODE: Final = re.compile(r"[A-Za-z0-9_-]{16}")
"""A table's code alone (the server's ``tables.CODE_RE``, not imported: the terminal client installs without the server)."""
WATCH_HELP: Final = {"online_help": "online_watch_help", "online_app_help": "online_app_watch_help"}
"""The help line for one watching, by the players' help line it stands for."""

# The words of the game against the computer; "zurück" here gives back a seat that a stand-in was playing, so German
# takes a card back with "zurücknehmen" (the server allows it, and a claim, to one player alone against computer players).
COMMANDS: Final = {word: action for word, action in PLAY_COMMANDS.items() if not word.startswith("zur")} | {
    "zurücknehmen": "undo",
    "zuruecknehmen": "undo",
    "zurucknehmen": "undo",
    "why": "why",
    "warum": "why",
    "back": "back",
    "zurück": "back",
    "zurueck": "back",
    "zuruck": "back",
    "auto": "autoplay",
    "automatik": "autoplay",
}
CHAT_WORDS: Final = ("say", "sag")
COMPUTER_WORDS: Final = ("computer",)
"""``computer N``: a computer player plays seat N while its player, gone, is not back (the page's button)."""
REMOVE_WORDS: Final = ("remove", "entfernen")
"""``remove N``: the host frees seat N before a game (its player's link seats them no more), as the page's Remove."""
LINK_WORDS: Final = ("link",)
"""``link N``: the host makes a new link for seat N, whose player lost theirs, as the page's New link."""
PAUSE_WORDS: Final = ("pause", "anhalten")
"""``pause``: any seated player pauses the game in play, as the page's Pause (``back`` or Enter resumes it)."""
START_WORDS: Final = ("start", "los")
"""Start the game (``start LEVEL``: the empty seats get computer players of that level, medium by default)."""
RECONNECT_SECONDS: Final = 600.0
"""How long a lost connection is tried again, every few seconds (a play-test's server, killed and started again 25 s
later, found the terminal gone after five tries in 15 s, while the pages came back by themselves)."""
RECONNECT_WAIT: Final = 5.0
"""The longest wait between two tries."""
FORCED_AFTER: Final = 0.7
"""Seconds a forced card (the seat's only legal one) is shown before it is played for the player, as the browser's
table waits: a play-test played some 150 cards by hand in a game of Black Maria online, many of them forced."""
OFFLINE_GRACE: Final = 5.0
"""Seconds another player's lost connection waits before it is told: a page reloaded is back within them, and a
play-test's friends were told "Anna has lost the connection ... type computer 1" at each reload."""
DEAL_END: Final = "deal-end"
"""The ``ref`` of the count asked for when a deal ends."""


class OnlineError(Exception):
    """A table that cannot be reached or joined, in words for the player; ``code`` is the server's, if it gave one;
    ``key`` and ``params``, where given, the same words in the catalog (``said``)."""

    def __init__(self, message: str, code: str | None = None, key: str | None = None, params: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.key = key
        self.params = params or {}

    def said(self, t: Texts) -> str:
        """The error in the player's language where the catalog has it (a German host read "cannot reach ...")."""
        return t(self.key, **self.params) if self.key else str(self)


def unreachable(base: str, reason: object) -> OnlineError:
    """The server at ``base`` did not answer (``reason``: the system's words)."""
    params = {"base": base, "reason": str(reason)}
    return OnlineError(Texts("en")("online_unreachable", **params), key="online_unreachable", params=params)


@dataclass(frozen=True)
class TableLink:
    """A table's invite link, as the web lobby shows it: ``http://HOST:PORT/t/CODE``."""

    base: str
    code: str
    token: str | None = field(default=None, compare=False)
    """The seat's token, where the link is a seat's (``#seat=TOKEN``): it seats whoever opens it."""

    @classmethod
    def parse(cls, text: str) -> TableLink:
        match = LINK.fullmatch(text.strip())
        if match is None and CODE.fullmatch(text.strip()):
            # The code alone, as the host's story shows it (the page's box takes one, knowing its server)
            raise OnlineError(
                f"{text.strip()!r} is a table's code: join needs its whole link, http://HOST:PORT/t/{text.strip()}, as the host's screen shows it"
            )
        if match is None:
            raise OnlineError(f"{text!r} is not a table's link: expected http://HOST:PORT/t/CODE, as the lobby shows it")
        return cls(match["base"], match["code"], match["token"])

    @property
    def ws_url(self) -> str:
        return "ws" + self.base.removeprefix("http") + f"/ws/{self.code}"

    @property
    def key(self) -> str:
        return f"{self.base}/t/{self.code}"


# ---- the seat's token, kept between runs ------------------------------------------------------------
def tokens_path() -> Path:
    return data_dir() / "online-seats.json"


def saved_token(link: TableLink) -> str | None:
    entry = _saved_seats().get(link.key)
    return entry.get("token") if isinstance(entry, dict) and isinstance(entry.get("token"), str) else None


def saved_host(link: TableLink) -> str | None:
    """The table's host token, kept by ``host`` that opened it: it removes a player and makes a new link."""
    entry = _saved_seats().get(link.key)
    return entry.get("host") if isinstance(entry, dict) and isinstance(entry.get("host"), str) else None


def _saved_seats() -> dict[str, Any]:
    try:
        seats = json.loads(tokens_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return seats if isinstance(seats, dict) else {}


def save_token(link: TableLink, seat: int, token: str, host: str | None = None) -> None:
    """Keep the seat's token (and the host token, given or kept before: a seat taken again keeps the table's host)."""
    seats = _saved_seats()
    host = host or saved_host(link)
    seats[link.key] = {"seat": seat, "token": token} | ({"host": host} if host else {})
    _write_seats(seats)


def forget_token(link: TableLink) -> None:
    """The seat's token no longer seats anyone; the host token, if kept, stays (the host still opened the table)."""
    seats = _saved_seats()
    host = saved_host(link)
    seats.pop(link.key, None)
    if host:
        seats[link.key] = {"host": host}
    _write_seats(seats)


def _write_seats(seats: dict[str, Any]) -> None:
    path = tokens_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    # The token holds the seat: readable by this user only, and written whole or not at all.
    # fchmod too: a temporary file left by a crash keeps its old mode through O_CREAT.
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        os.fchmod(file.fileno(), 0o600)
        file.write(json.dumps(seats, indent=1))
    os.replace(temporary, path)


def _opener() -> urllib.request.OpenerDirector:
    """Straight to the server, as the WebSocket goes (``proxy=None``): both reach it the same way or not at all."""
    return urllib.request.build_opener(urllib.request.ProxyHandler({}))


def lobby(base: str, path: str, body: dict[str, Any], token: str | None = None, what: str = "the request") -> dict[str, Any]:
    """POST to the server's lobby; its answer, or an OnlineError that says what was refused and why."""
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(f"{base}{path}", data=json.dumps(body).encode(), headers=headers, method="POST")
    try:
        with _opener().open(request, timeout=10) as answer:
            data: dict[str, Any] = json.loads(answer.read())
    except urllib.error.HTTPError as error:
        raise OnlineError(f"the server refused {what}: {_detail(error)}", str(error.code)) from None
    except (urllib.error.URLError, OSError) as error:
        raise unreachable(base, getattr(error, "reason", error)) from None
    return data


def seats_in_play(server: str, at_most: int = 5) -> list[TableLink]:
    """The tables of the server ``http://HOST:PORT`` where a seat kept here has a game in play (the last ``at_most``
    kept): ``host`` names them, since each run of it opens a new table (a play-test ran it again to come back)."""
    match = SERVER.fullmatch(server.strip())
    if match is None:
        return []
    kept = [key for key, entry in _saved_seats().items() if isinstance(entry, dict) and "token" in entry]
    links = [TableLink.parse(key) for key in kept if key.startswith(match["base"] + "/t/")][-at_most:]
    in_play = []
    for link in links:
        try:
            with _opener().open(f"{link.base}/api/tables/{link.code}", timeout=3) as answer:
                if json.loads(answer.read()).get("status") == "playing":
                    in_play.append(link)
        except (OSError, ValueError):
            continue  # gone, or the server is not there: nothing to come back to
    return in_play


def take_seat(link: TableLink, name: str, seat: int | None) -> tuple[int, str]:
    """Ask the server for a seat (the first empty one, or ``seat``); its number and token."""
    try:
        data = lobby(link.base, f"/api/tables/{link.code}/seats", {"name": name, "seat": seat}, what="the seat")
    except OnlineError as error:
        if error.code == "409" and "in play" in str(error):  # (a play-test was not told it could watch)
            raise OnlineError(f"{error}; to watch it: {program_name()} join {link.key} --watch", error.code) from None
        raise
    return int(data["seat"]), str(data["token"])


def open_table(server: str, rules: dict[str, Any], turn_seconds: float | None = None) -> tuple[TableLink, str]:
    """Open a new table on a server (``http://HOST:PORT``) under these rules; its link and its host token."""
    match = SERVER.fullmatch(server.strip())
    if match is None:
        raise OnlineError(f"{server!r} is not a server's address: expected http://HOST:PORT, as blackmaria serve prints it")
    base = match["base"]
    data = lobby(base, "/api/tables", {"rules": rules, "turn_seconds": turn_seconds}, what="the table")
    return TableLink(base, str(data["table"]["code"])), str(data["host_token"])


def _detail(error: urllib.error.HTTPError) -> str:
    try:
        detail = json.loads(error.read()).get("detail")
    except ValueError:
        detail = None
    if isinstance(detail, list):  # FastAPI's validation errors: where and why
        detail = "; ".join(f"{'.'.join(str(p) for p in d.get('loc', [])[1:])}: {d.get('msg')}" for d in detail if isinstance(d, dict))
    return str(detail or f"HTTP {error.code}")


# ---- the seat at the table -------------------------------------------------------------------------
MADE_ELSEWHERE: Final = {
    "stood-in": ("time_stood_in_passed", "time_stood_in_played"),
    "played-elsewhere": ("passed_elsewhere", "played_elsewhere"),
}
"""The server's word that this seat's pass or card was chosen not by this connection, and what is said of it: the
stand-in made one decision (the seat's time ran out), or the seat's link open on another device made it."""


class OnlineSeat(Seat):
    """One connection to a table: a seat (with a token) or a spectator (without), in one language."""

    COMMANDS = COMMANDS
    live = True  # other players, the server's stand-ins and chat go on while this player thinks
    sends_out_of_turn = True

    def __init__(
        self, link: TableLink, token: str | None, lang: str = "en", help_message: str = "online_help", host: str | None = None
    ) -> None:
        super().__init__(lang)
        self.link = link
        self.host_token = host
        """The table's host token, sent with the hello: ``remove N`` and ``link N`` are the host's."""
        self.is_host = False
        """The server took the host token (its welcome says so)."""
        self.seat_change: str | None = None
        """What the last ``computer``, ``remove`` or ``link`` asked (``to``): its refusal is said in its words."""
        self.explained_now: list[str] | None = None
        """The lines of the explanation last heard (``why``), until a screen has shown them in a view."""
        self.new_link: str | None = None
        """The last new link made for a seat (``link N``), until the screen has put it on the clipboard."""
        self._forced: tuple[object, float] | None = None
        """The update whose forced card waits to be played, and when it will be."""
        self._played_at: object = None
        """The update a card was last sent at: a forced card is sent once, by the player or for them."""
        self.refused: str | None = None
        """The last choice refused, in words, until the screen has said it beside the prompt too (as the game against
        the computer does: a play-test's refusals were in the story alone)."""
        self.help_message = help_message
        """What ``help`` shows (and the welcome): the words typed line by line, or the keys of the Textual screen."""
        self.token = token
        self.seat: int | None = None
        self.table: dict[str, Any] = {}
        self._rules: Rules | None = None
        self._names: list[str] = []
        self.state: dict[str, Any] | None = None
        self._observed: tuple[int, Observation] | None = None
        self.seq = 0
        self.seq_since = time.monotonic()
        """When the update at ``seq`` arrived: a turn's time runs from it."""
        self.clock_for: tuple[str, int] | None = None
        """The decision the turn timer counts for (one deal's passing, or the turn at one seq), and its end."""
        self.clock_end = 0.0
        self.welcome_left: tuple[int, float] | None = None
        self.away = False
        self.paused = False
        """The game is paused (by a player, or by the clock of a player left alone with computer players)."""
        self.offline = False
        """The connection is lost and tried again: what is typed meanwhile is refused, not sent once it is back."""
        self._stood_told: set[tuple[object, str]] = set()
        """What a computer player did for this seat that this terminal has told: (deal, card name), (deal, "pass")."""
        self._gone_since: dict[int, float] = {}
        self._table_at = 0.0
        """Other seats whose lost connection is not told yet (``OFFLINE_GRACE``), and since when."""
        self.ended = False
        """Whether a game this connection watched in play has ended (a game over already at the welcome does not
        count: then the player waits for the host to start the next one)."""
        self.watch_name: str | None = None
        """The name one watching chats under (``join --watch --name NAME``); a seat chats under its own."""
        self.stays = False
        """Whether the seat stays at the table after a game, for the next one the host starts (the screen does, until
        the player leaves; line by line, the game's end ends the command)."""
        self.counts_asked: list[int] = []
        """Finished deals whose public count was asked for and has not come yet (the sheet is told after it), in the
        order asked: a connection lost before the answer asks again when it is back."""
        self.shuffles: dict[int, dict[str, Any]] = {}
        """Each deal's shuffle as heard: its commitment (``sha256``), its dealer and this seat's hand dealt, checked
        against the deck the server reveals at its end, as the page checks it (``shuffle_check``)."""
        self.dealing = 0
        """The deal of the last DealStarted heard (the hand dealt after it is that deal's)."""
        self.held: list[str] = []
        """What happened after a deal's end, told once its count has come."""
        self.sent: list[Card] = []
        """The cards of the last pass or play sent, to word a refusal."""
        self.undo_sent = False
        """An undo was sent and its answer (the table welcomed again, or a refusal) has not come."""
        self.claim_sent = False
        """A claim was sent: the update that plays the rest out is said as the claim."""
        self.start_hint = "online_start_hint"
        """How the status line says the game is started (typed ``start``; a screen's key)."""
        self.sheet_in_story = True
        """Whether a deal's end tells the whole score sheet (line by line) or the totals (a screen's narrow story)."""
        self.ws: ClientConnection | None = None
        self._connection = ExitStack()
        self.connect()

    # ---- the seat, as the front ends see it ----------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return self._names

    @property
    def rules(self) -> Rules | None:
        return self._rules

    @property
    def me(self) -> int | None:
        return self.seat

    def observation(self) -> Observation | None:
        """The seat's observation as the server last sent it (``Observation.to_dict``), read once per update."""
        if self.state is None or self._rules is None:
            return None
        if self._observed is None or self._observed[0] != self.seq:
            self._observed = (self.seq, Observation.from_dict(self.state, self._rules, tuple(self._names)))
        return self._observed[1]

    def decision_key(self) -> object:
        return self.seq

    def version(self) -> object:
        return (self.seq, self.away, self.counts_due, id(self.table))

    def finished(self) -> bool:
        return self.ended and not self.stays

    def over(self) -> bool:
        return self.ended

    def finish(self) -> None:
        deadline = time.monotonic() + 5
        while self.counts_due > 0 and time.monotonic() < deadline and self.receive(0.1):
            pass  # the last deal's count and the final sheet

    def invite(self, screen: bool) -> str:
        """The host's invitation: line by line, with the link; in the screen, which shows the link whole under the
        seats, without it (in the narrow story it broke over lines, and a friend copied the box's border with it)."""
        if screen:
            return self.t("online_invite_screen", code=self.link.code)
        return self.t("online_invite", code=self.link.code, link=self.link.key)

    def goodbye(self) -> str:
        if self.ended:
            # Line by line the command ends here: a play-test's friend, back at the shell, did not know how to join the
            # next game at the table (the screen stays, and offers it with F8).
            again = self.seat is not None and not self.stays
            return self.t("online_over_again", link=self.rejoin_link) if again else self.t("online_over")
        # left mid-game: the seat is kept (a bot stands in if the table has a turn timer)
        return self.t("online_goodbye", link=self.rejoin_link) if self.seat is not None else ""

    @property
    def rejoin_link(self) -> str:
        """The table's link, and the language where the shell would not choose it (a German player's printed "join
        LINK" came back in English)."""
        return self.link.key + (f" --lang {self.lang}" if self.lang != detect_language() else "")

    def progress(self) -> bool:
        if self.receive(0.05):
            self._play_forced()
            self.tell_gone()
            return True
        self.say(self.t("online_lost"))
        return False

    def _play_forced(self) -> None:
        """The forced card, played once it has been seen a moment."""
        card = self.forced_card()
        if card is None:
            self._forced = None
        elif self._forced is None or self._forced[0] != self.seq:
            self._forced = (self.seq, time.monotonic() + FORCED_AFTER)
        elif time.monotonic() >= self._forced[1] and self._played_at != self.seq:
            self.submit("play", [card])
            self.say(self.t("forced_play", card=self.t.card(card)))

    def command_autoplay(self) -> None:
        self.autoplay = not self.autoplay
        self.say(self.t("autoplay_on" if self.autoplay else "autoplay_off"))

    def recover(self) -> bool:
        self.offline = True
        try:
            return self.reconnect()
        finally:
            self.offline = False

    def submit(self, kind: str, cards: Sequence[Card]) -> str | None:
        """Send the pass or the card: the server judges it, and a refusal comes back in words. A choice the seat's
        observation already refuses (the server's own refusals, sent with it) is refused here at once, beside the
        prompt as in the game against the computer: a play-test's refusals came later, in the story only."""
        if kind == "play" and self._played_at == self.seq and self.forced_card() is not None:
            return None  # the forced card is on its way: typed meanwhile, it is not sent again
        obs = self.observation()
        if obs is not None and self.waiting_for() == kind:
            stranger = next((card for card in cards if card not in obs.hand), None)
            refused = next((obs.refusals[card] for card in cards if card in obs.refusals), None)
            if stranger is not None:
                return self.refusal("not-in-hand", [stranger])
            if kind == "pass" and self._rules is not None and len(set(cards)) != self._rules.pass_count:
                return self.refusal("pass-count", cards)
            if refused is not None:
                return self.refusal(refused.rule, cards)
        self.sent = list(cards)
        if kind == "pass":
            self.send({"type": "pass", "cards": [card_name(c) for c in cards]})
        else:
            self._played_at = self.seq
            self.send({"type": "play", "card": card_name(cards[0])})
        return None

    def choose(self, cards: Sequence[Card]) -> str | None:
        if self.seat is None:
            return self.t("online_spectator")
        return super().choose(cards)

    # ---- the connection ------------------------------------------------------------------------------
    def connect(self) -> None:
        self._connection.close()  # the connection before, if any
        try:
            self.ws = self._connection.enter_context(connect(self.link.ws_url, open_timeout=10, proxy=None))
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as error:
            raise unreachable(self.link.base, error) from None
        hello: dict[str, Any] = {"type": "hello", "protocol": PROTOCOL}
        if self.token is not None:
            hello["token"] = self.token
        if self.host_token is not None:
            hello["host"] = self.host_token
        self.ws.send(json.dumps(hello))
        try:
            welcome = json.loads(self.ws.recv(timeout=10))
        except (TimeoutError, ConnectionClosed):
            raise OnlineError(f"{self.link.base} did not answer the hello") from None
        if welcome.get("type") == "error":
            self.close()
            raise OnlineError(f"the table refused the connection: {welcome.get('message')}", welcome.get("code"))
        self._welcome(welcome)

    def reconnect(self, seconds: float = RECONNECT_SECONDS) -> bool:
        """After a lost connection: try again, a little longer between tries (at most ``RECONNECT_WAIT``), for
        ``seconds``; whether it came back."""
        deadline = time.monotonic() + seconds
        wait = 0.5
        while True:
            time.sleep(min(wait, max(0.0, deadline - time.monotonic())))
            try:
                self.connect()
            except OnlineError:
                if time.monotonic() >= deadline:
                    break
                wait = min(2 * wait, RECONNECT_WAIT)
                continue
            self.say(self.t("online_connected_again"))  # (a play-test was told of the others coming back, not of itself)
            return True
        self.say(self.t.n("online_gone_after", max(1, round(seconds / 60))))
        return False

    def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        try:
            self.ws.send(json.dumps(message))
        except ConnectionClosed:
            pass  # told by the next receive, which finds the connection gone

    def close(self) -> None:
        self._connection.close()

    def leave(self) -> None:
        # Said before the connection closes, so that the others hear "left the table" at once, where a closed
        # connection alone is first said to be lost (a play-test's friend waited out the grace for one who had gone).
        if self.ws is not None and self.seat is not None and not self.over():
            self.send({"type": "leave"})

    def receive(self, timeout: float) -> bool:
        """Read and tell every message that arrives within ``timeout`` of the last; False once the connection is gone."""
        assert self.ws is not None
        try:
            while True:
                self.handle(json.loads(self.ws.recv(timeout=timeout)))
                timeout = 0.0
        except TimeoutError:
            return True
        except ConnectionClosed:
            return False

    # ---- what the server says ---------------------------------------------------------------------
    def _adopt(self, message: dict[str, Any]) -> None:
        """The table as a welcome gives it: the state, and the decision pending asked anew."""
        self.seq = message["seq"]
        self.seq_since = time.monotonic()
        self.state = message["state"]
        self._observed = None
        self.prompted = None
        # What is left of the decision pending now, as the server counts it (its clock ran while we were away).
        self.welcome_left = None if message.get("turn_left") is None else (self.seq, float(message["turn_left"]))
        self.clock_for = None

    def _welcome(self, message: dict[str, Any]) -> None:
        self.seat = message["seat"]
        self.is_host = bool(message.get("host"))
        self._adopt(message)
        # A count asked for as a deal ended whose answer the lost connection took with it is asked again below (a
        # deal's count was lost, and with it the sheet, when the connection dropped at its end).
        # What was held for after it is told again by the welcome's events (since the deal's start).
        unanswered, self.counts_asked = self.counts_asked, []
        self.held = []
        self._table(message["table"])
        t = self.t
        title = t.game_title(self._rules) if self._rules else ""
        self.say(t("welcome", rules=title, players=self.table["players"]))
        if self.seat is None:
            self.say(t("online_watching", code=self.link.code))
        else:
            self.say(t("online_seated", code=self.link.code, seat=self.seat + 1, name=self._names[self.seat]))
        self.say(self.help_line())
        if self.is_host:
            self.say(t("online_host_help"))
        for line in message.get("chat", [])[-5:]:
            self._chat(line)
        for deal in unanswered:
            self.ask_count(deal)
        # What a computer player did for this seat in this deal while its player was away, as the page says it: a pass
        # it made is said so, below, not as the seat's own ("You pass K♠ A♥ K♥ to Hal." above it read as the player's).
        stood = message.get("stood_in") or {}
        stood_cards = {parse_card(name) for name in stood.get("cards") or []}
        self._tell(message.get("events", []), stood_in_passed=bool(stood.get("passed")), stood_in_cards=stood_cards)
        new = stood.get("new", stood)  # what no welcome told this seat yet (a second return repeated the first's cards)
        # ... and what this terminal was told already: a server started again forgets what its welcomes said (a
        # play-test's "While you were away" came again after a restart).
        now = (self.state or {}).get("deal")
        fresh = [name for name in new.get("cards") or [] if (now, name) not in self._stood_told]
        passed = bool(new.get("passed")) and (now, "pass") not in self._stood_told
        self._stood_told |= {(now, name) for name in fresh} | ({(now, "pass")} if passed else set())
        cards = " ".join(t.card(parse_card(name)) for name in fresh)
        said = {(True, True): "stood_in_both", (True, False): "stood_in_passed", (False, True): "stood_in_played"}
        key = said.get((passed, bool(cards)))
        if key is not None:
            # which cards went and came, as the page says it (a play-test was told only that a pass was made)
            state = self.state or {}
            to = self._names[state["pass_to"]] if state.get("pass_to") is not None else ""
            self.say(t(key, cards=cards, passed=t.cards(parse_cards(" ".join(state.get("passed") or []))), to=to))
            if passed and state.get("received") and state.get("pass_from") is not None:
                received = t.cards(parse_cards(" ".join(state["received"])))
                self.say(t("stood_in_received", received=received, giver=self._names[state["pass_from"]]))
        if self.table.get("status") in ("open", "over"):
            waiting = [t("online_waiting_start" if self.table["status"] == "open" else "online_waiting_next")]
            if self.seat is not None:
                waiting.append(t(self.start_said(line_by_line=True)))
            # After the last deal's count and the sheet, which come later (a play-test read "waiting for the next one"
            # above the count of the deal that ended the game).
            (self.held if self.counts_due else self.lines).extend(waiting)
        self.time_left()

    def _table(self, info: dict[str, Any]) -> None:
        was_open = self.table.get("status") == "open"
        was_over = self.table.get("status") == "over"
        before = self.table.get("seats")
        if self._rules is None or info["rules"] != self.table.get("rules"):  # parsed once, not at every seat change
            self._rules = Rules.from_data(info["rules"])
            self._observed = None
        self.table = info
        self._table_at = time.monotonic()  # (a seat's grace_left counts from here)
        t = self.t
        names = []
        for i, seat in enumerate(info["seats"]):
            if seat["kind"] == "bot" and seat.get("level"):
                names.append(t.bot_name(i, seat["level"]))
            else:
                names.append(seat.get("name") or t("online_empty_seat", n=i + 1))
        if names != self._names:
            self._names = names
            self._observed = None
        if before is not None and info.get("status") != "playing":
            for i, (was, now) in enumerate(zip(before, info["seats"], strict=False)):  # who sat down while we wait
                if i != self.seat and was["kind"] != now["kind"] and now["kind"] in ("human", "bot"):
                    self.say(t("online_sat_down", name=self._names[i], seat=i + 1))
        if before is not None and info.get("status") == "playing":
            self._tell_presence(before, info["seats"])
        if before is not None and info.get("status") == "over":
            self._tell_again(before, info["seats"])
        away = self.seat is not None and bool(info["seats"][self.seat].get("away"))
        if away and not self.away:
            self.say(t("online_away"))
        elif self.away and not away:
            self.say(t("online_back"))
        self.away = away
        paused = bool(info.get("paused"))
        if paused and not self.paused:
            self.say(self.paused_text(info))
        elif self.paused and not paused:
            self.say(self.resumed_text(info))
        self.paused = paused
        if (was_open or was_over) and info.get("status") == "playing":
            self.ended = False  # a new game, for a seat that stayed
            self.say(t("online_started"))

    def _tell_again(self, before: list[dict[str, Any]], now: list[dict[str, Any]]) -> None:
        """Who asked for another game (it starts once every player at the table has), and, once this seat has asked,
        whom it waits for, as the page says it."""
        t = self.t
        for i, (was, seat) in enumerate(zip(before, now, strict=False)):
            if not seat.get("again") or was.get("again"):
                continue
            if i != self.seat:
                # As the status line says how to start: by F8 on the screen, by the word line by line (a play-test
                # read "F8 starts it" above "type start to play it too").
                key = "online_again_asked_key" if self.start_hint == "online_start_key" else "online_again_asked"
                self.say(t(key, name=self._names[i]))
                continue
            waiting = [self._names[j] for j, s in enumerate(now) if s["kind"] == "human" and s.get("connected") and not s.get("again")]
            if waiting:
                self.say(t("web_again_wait_one" if len(waiting) == 1 else "web_again_wait_many", names=t.names_list(waiting)))

    def _tell_presence(self, before: list[dict[str, Any]], now: list[dict[str, Any]]) -> None:
        """The other players who lost their connection, whose seat a computer player took, or who are back, as the
        page tells them (a play-test's terminal only said "Zoe to play." while Zoe was gone)."""
        t = self.t
        for i, (was, seat) in enumerate(zip(before, now, strict=False)):
            if i == self.seat or seat["kind"] != "human" or was["kind"] != "human":
                continue
            name = self._names[i]
            if seat.get("away") and not was.get("away"):
                self.say(t("news_away" if seat.get("connected") else "news_left", name=name))
            elif was.get("away") and not seat.get("away"):
                self.say(t("news_back", name=name))
            elif was.get("connected") and not seat.get("connected") and not seat.get("away"):
                self._gone_since[i] = time.monotonic()  # told if not back within the grace (tell_gone)
            elif seat.get("connected") and not was.get("connected") and not seat.get("away"):
                if self._gone_since.pop(i, None) is None:  # (back within the grace: nothing was said, nothing to say)
                    self.say(t("online_reconnected", name=name))

    def tell_gone(self) -> None:
        """The other players whose connection has been lost for ``OFFLINE_GRACE`` seconds, told once."""
        t = self.t
        seats = self.table.get("seats") or []
        for i, since in list(self._gone_since.items()):
            if time.monotonic() - since < OFFLINE_GRACE:
                continue
            del self._gone_since[i]
            if i >= len(seats) or seats[i]["kind"] != "human" or seats[i].get("connected") or seats[i].get("away"):
                continue
            name = self._names[i]
            self.say(t("online_offline", name=name, seat=i + 1) if self.seat is not None else t("online_offline_watching", name=name))
            grace = seats[i].get("grace_left")
            left = grace - (time.monotonic() - self._table_at) if isinstance(grace, (int, float)) else 0.0
            if left >= 1:  # (how long "soon" is)
                self.say(t("online_grace_left", s=round(left)))
            if self.is_host:  # the host alone can give a player who lost their link a new one
                self.say(t("online_offline_host", seat=i + 1))

    def seat_mark(self, seat: int) -> str:
        seats = self.table.get("seats") or []
        if self.table.get("status") != "playing" or seat >= len(seats) or seats[seat]["kind"] != "human":
            return ""
        info = seats[seat]
        if info.get("away"):
            return self.t("mark_computer_plays")
        return "" if info.get("connected") else f"({self.t('offline')})"

    def handle(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        t = self.t
        if kind == "update":
            was_over = self.waiting_for() == "over"
            self.seq = message["seq"]
            self.seq_since = time.monotonic()
            self.state = message["state"]
            if self.claim_sent and any(e.get("type") == "CardPlayed" and e.get("seat") == self.seat for e in message["events"]):
                self.claim_sent = False
                self.say(t("claim_done"))
            self._tell(message["events"])
            self.ended = self.ended or (not was_over and self.waiting_for() == "over")
            self.time_left()  # a new decision's clock starts now, not when next drawn
        elif kind == "table":
            self._table(message["table"])
        elif kind == "chat":
            self._chat(message)
        elif kind in MADE_ELSEWHERE:  # a decision of this seat's made by a stand-in (its time ran out once) or elsewhere
            passed, played = MADE_ELSEWHERE[kind]
            chosen = t.cards([parse_card(name) for name in message.get("cards") or []])
            self.say(t(passed if message.get("passed") else played, cards=chosen))
        elif kind == "seat-relinked":  # the new link's holder sees that seat's cards: every player is told
            if self.seat_change != "link":  # (asked here: the link itself comes next and says so)
                self.say(t("news_relinked_you" if self.is_host else "news_relinked", name=message["name"]))
        elif kind == "seat-link":  # the host's alone: the new link to send to the player who lost theirs
            seat = int(message["seat"])
            name = self._names[seat] if seat < len(self._names) else str(seat + 1)
            key = "online_seat_link" if self.table.get("status") == "playing" else "online_seat_link_between"
            self.new_link = f"{self.link.key}#seat={message['token']}"
            self.say(t(key, name=name, link=self.new_link, program=program_name()))
            self.seat_change = None
        elif kind == "hint":
            cards = [parse_card(c) for c in message["cards"]]
            self.remember_hint(cards, quick=True)
            self.say(t("hint", cards=t.cards(cards), reason=message["reason"]))
            self.prompted = None  # the hand again, beneath the hint, as the game against the computer does
        elif kind == "explanation":
            explained = message["explanation"]
            advice = [parse_card(c) for c in explained["advice"]]
            lines, noted = self.with_hint_note(explained, message["lines"])  # (placed as in play)
            self.lines.extend(lines)
            self.explained_now = lines  # (a screen shows them in a view of their own)
            if noted:  # and the hint again, the explanation's, with its numbers
                self.say(t("hint", cards=t.cards(advice), reason=message["reason"]))
            self.prompted = None
        elif kind == "count":
            self.lines.extend(message["lines"])
            self._deal_end_told(message)
            if message.get("ref") != DEAL_END:
                self.prompted = None
        elif kind == "error" and message.get("ref") == DEAL_END:
            self._deal_end_told(message)
        elif kind == "error":
            if message.get("code") == "no-undo":
                self.undo_sent = False
            if message.get("code") in ("no-claim", "not-started", "paused"):
                self.claim_sent = False
            refused = self._refusal(message)
            self.say(refused)
            if message.get("code") == "illegal":
                self.refused = refused
            self.prompted = None  # ask again
        elif kind == "welcome":
            if self.state is not None and message.get("seat") == self.seat:
                self._taken_back(message)  # the server welcomes every connection again after cards were taken back
            else:
                self._welcome(message)

    def _taken_back(self, message: dict[str, Any]) -> None:
        """The table as it is after an undo: the story says which cards were taken back (not the whole welcome again),
        and to the player who asked, how many of theirs."""
        before = _plays(self.state)
        self._adopt(message)
        self._table(message["table"])
        now = _plays(self.state)
        undone = before[len(now) :] if before[: len(now)] == now else []
        self.draws, self.led = {}, None  # heard again below, from the deal as it is now
        for data in message.get("events", []):  # what the table shows of the deal as it is now (the cards drawn)
            event = event_from_dict(data)
            if event is not None:
                self.heard(event)
        if undone:
            names = self.spoken_names()
            plays = ", ".join(f"{names[seat]} {self.t.card(parse_card(card))}" for seat, card in undone)
            self.say(self.t("undo_marker", plays=plays))
        if self.undo_sent:
            self.undo_sent = False
            mine = sum(1 for seat, _ in undone if seat == self.seat)
            self.say(self.t("undo_done") if mine == 1 else self.t("undo_done_many", count=mine))

    def spoken_names(self) -> list[str]:
        """The seats' names as the story says them: this player's own as "You", as the game against the computer and
        the deal's points do (a play-test read "You 1" and then "Carl: 1" for the same seat)."""
        return [self.t("you") if seat == self.seat else name for seat, name in enumerate(self._names)]

    @property
    def counts_due(self) -> int:
        return len(self.counts_asked)

    def ask_count(self, deal: int) -> None:
        """Ask for the public count of a deal that ended; the story holds what follows until it is told."""
        self.send({"type": "count", "deal": deal, "lang": self.lang, "ref": DEAL_END})
        self.counts_asked.append(deal)

    def _deal_end_told(self, message: dict[str, Any]) -> None:
        if message.get("ref") == DEAL_END:
            if self.counts_asked:  # answered in the order asked
                self.counts_asked.pop(0)
            if self.sheet_in_story:
                self.lines.extend(self.sheet_lines())
            else:  # a narrow story: the totals (the sheet's columns wrapped there; F6 shows it whole)
                totals = (self.state or {}).get("totals") or [0] * len(self._names)
                self.say(self.t("sk_totals", totals=self.t.named_points(self.spoken_names(), totals)))
            state = self.state or {}
            if state.get("phase") == "game-over" and state.get("totals"):
                # the places, as the game against the computer and the browser end with them
                self.say(standings(self.t, self.spoken_names(), state["totals"], self.seat))  # ("You", as above)
            if not self.counts_due:  # what happened after the deal's end is told after its count
                self.lines.extend(self.held)
                self.held = []

    def chat(self, text: str) -> None:
        """``say TEXT``: a seat's line under its name; one watching chats under ``watch_name`` (``join --watch --name``)."""
        if not text:
            return
        if self.seat is not None:
            self.send({"type": "chat", "text": text})
        elif self.watch_name is None:
            self.say(self.t("online_watch_chat_name", link=self.link.key))
        elif any(name.casefold() == self.watch_name.casefold() for name in self._names):
            self.say(self.t("web_name_taken", name=self.watch_name))
        else:
            self.send({"type": "chat", "text": text, "name": self.watch_name})

    def _chat(self, line: dict[str, Any]) -> None:
        phrase = line.get("phrase")  # a quick phrase, in this player's language whatever the writer's
        text = self.t(phrase) if isinstance(phrase, str) and phrase.startswith("phrase_") and phrase in MESSAGES else line.get("text", "")
        name = line.get("name") or "?"
        # A spectator's line (seat null) is marked as a watcher's, as the page marks it: never taken for a player's.
        self.say(self.t("online_chat", name=self.t("chat_watching", name=name) if line.get("seat") is None else name, text=text))

    def _tell(self, events: list[dict[str, Any]], stood_in_passed: bool = False, stood_in_cards: set[Card] | None = None) -> None:
        """Narrate ``events``; ``stood_in_passed``: the seat's pass and the cards it received are left to the lines that
        say a computer player passed for it; ``stood_in_cards``: so are the seat's cards a computer player played (a
        play-test read "You play 6♣." above "While you were away, a computer player played 6♣ for you.")."""
        if self._rules is None:
            return
        me = self.seat if self.seat is not None else -1
        for data in events:
            if data.get("type") == "ShuffleCommitted":
                self.shuffles.setdefault(int(data["deal"]), {})["sha256"] = data["sha256"]
            elif data.get("type") == "ShuffleRevealed":
                (self.held if self.counts_due else self.lines).append(self.shuffle_check(data))
            event = event_from_dict(data)
            if event is None:
                continue
            if isinstance(event, DealStarted):
                self.shuffles.setdefault(event.deal, {})["dealer"] = event.dealer
                self.dealing = event.deal
            elif isinstance(event, HandDealt) and event.seat == me and event.cards is not None:
                self.shuffles.setdefault(self.dealing, {})["hand"] = sorted(event.cards)
            self.heard(event)
            if stood_in_passed and isinstance(event, CardsPassed | CardsReceived) and event.seat == me:
                continue
            if stood_in_cards and isinstance(event, CardPlayed) and event.seat == me and event.card in stood_in_cards:
                continue
            if isinstance(event, DealScored):
                # Who took which scoring card is the server's public count, in this language; the sheet follows it.
                if event.deal not in self.counts_asked:  # (asked again already, when back after a lost answer)
                    self.ask_count(event.deal)
            else:
                told = narrate(
                    event, self.t, self._names, me, self._rules, self.led_suit(), self.passed, self.stock_emptied(event), self.opening
                )
                (self.held if self.counts_due else self.lines).extend(told)

    def shuffle_check(self, revealed: dict[str, Any]) -> str:
        """The deal's fair-shuffle check, as the page says it: the revealed deck against the SHA-256 published before
        play, and the hand this seat was dealt against that deck dealt (a play-test's terminal never said it)."""
        t, deal = self.t, int(revealed["deal"])
        info = self.shuffles.get(deal, {})
        deck = [parse_card(name) for name in revealed["deck"]]
        if commitment(deck, str(revealed["salt"])) != info.get("sha256", revealed["sha256"]):
            return "✗ " + t("shuffle_bad_hash", n=deal + 1)
        hand = info.get("hand")
        if hand is None or self.seat is None or self._rules is None or "dealer" not in info:
            return "✓ " + t("shuffle_ok_public", n=deal + 1)
        hands, _kitty, _stock = deal_deck(self._rules, deck, int(info["dealer"]))
        if sorted(hands[self.seat]) != hand:
            return "✗ " + t("shuffle_bad_hand", n=deal + 1)
        return "✓ " + t("shuffle_ok", n=deal + 1)

    def _refusal(self, message: dict[str, Any]) -> str:
        if message.get("code") == "illegal" and self._rules is not None:
            return self.refusal(message.get("rule"), self.sent)
        if message.get("code") == "rate-limit":
            return self.t("online_slow_down")
        if message.get("code") == "player-here" and self.seat_change == "link":
            return self.t("online_link_player-here")
        if message.get("code") in ("player-here", "in-play"):  # (``computer N``: the server's words are English)
            return self.t("online_computer_" + str(message["code"]))
        if message.get("code") == "host-only":
            return self.t("online_host_only")
        if message.get("code") == "no-claim":
            return self.t("error_no-claim")
        return self.t("online_refused", message=message.get("message", ""))

    # ---- views -------------------------------------------------------------------------------------
    def sheet_lines(self, so_far: Sequence[int] | None = None, room: int = 66) -> list[str]:
        state = self.state or {}
        rows = [(i + 1, points, ()) for i, points in enumerate(state.get("deal_points") or [])]
        return sheet_lines(self.t, self._names, rows, state.get("totals") or [0] * len(self._names), so_far, room)

    def waiting_for(self) -> str | None:
        """``pass`` or ``play`` when this seat must act, ``over`` when the game is, else None."""
        state = self.state
        if state is None:
            return None
        if state["phase"] == "game-over":
            return "over"
        if self.seat is None or self.away or self.paused:
            return None  # (nothing to decide: a stand-in plays the seat, or nobody plays)
        if state["phase"] == "passing" and not state["has_passed"][self.seat]:
            return "pass"
        if state["phase"] == "playing" and state["turn"] == self.seat:
            return "play"
        return None

    def question(self) -> str | None:
        # Not while a deal's count is on its way: the count and the sheet come first. Nor for a forced card, which is
        # played for the player (as the game against the computer asks for none).
        return None if self.counts_due or self.forced_card() is not None else super().question()

    def clock_lines(self) -> list[str]:
        left = self.time_left()
        return [self.t("online_time_left", seconds=left)] if left is not None else []

    def start_said(self, line_by_line: bool = False) -> str:
        """How this seat starts a game, as the status line says it (``start_hint``; ``line_by_line``: typed): after a
        game, asking for another, which starts once every player has asked (a play-test's guest read "F8 starts it"
        and was told it waited for the host)."""
        if not self.may_start():
            return "online_host_starts"
        key = line_by_line or self.start_hint != "online_start_key"
        if self.table.get("status") == "over":
            return "online_again_hint" if key else "online_again_key"
        return "online_start_hint" if key else self.start_hint

    def may_start(self) -> bool:
        """Whether this seat may start the game now, as the server decides it (``host_decides``): before the first game,
        while the host is at the table, only the host (a play-test's guest was offered F8 and refused)."""
        table = self.table
        return self.seat is not None and (self.is_host or table.get("status") != "open" or not table.get("host_here"))

    def status(self, with_points: bool = True) -> str:
        """Where the table stands, in one line: the pass to make, whose turn and the points taken, or the wait."""
        state, t = self.state, self.t
        status = self.table.get("status")
        start = ("  " + t(self.start_said())) if self.seat is not None else ""
        if state is None or self._rules is None or status == "open":
            return t("online_waiting_start") + start
        if state["phase"] == "game-over":
            waiting = "  " + t("online_waiting_next") + start
            seats = self.table.get("seats") or []
            if status == "over" and self.seat is not None and self.seat < len(seats) and seats[self.seat].get("again"):
                # Asked already: for whom the next game waits (it still offered F8 for what had been asked, a play-test).
                names = [
                    self._names[i] for i, s in enumerate(seats) if s["kind"] == "human" and not s.get("again") and i < len(self._names)
                ]
                if names:
                    waiting = "  " + t("web_again_wait_one" if len(names) == 1 else "web_again_wait_many", names=t.names_list(names))
            winners = list(state.get("winners") or [])
            over = t.game_over([self.spoken_names()[w] for w in winners], self.seat is not None and winners == [self.seat])
            return over + (waiting if status == "over" else "")
        if self.paused:
            return self.paused_text(self.table)
        if self.away:
            return t("online_away")
        if self.waiting_for() == "pass" and state.get("pass_to") is not None:
            return t(
                "pass_header", count=self._rules.pass_count, direction=t.direction(state["direction"]), target=self._names[state["pass_to"]]
            )
        if state["phase"] == "passing" and self.seat is not None and state["has_passed"][self.seat]:
            # (the line was blank until the others had passed; then it said "the others", not whom it waits for)
            names = [self._names[seat] for seat, done in enumerate(state["has_passed"]) if not done]
            return t("waiting_pass", names=t.names_list(names))
        return super().status(with_points)

    def resumed_text(self, info: dict[str, Any]) -> str:
        """That the game goes on, and who resumed it (a play-test was told only "The game goes on.")."""
        by = info.get("resumed_by")
        if by is not None and by == self.seat:
            return self.t("web_news_resumed_you")
        if isinstance(by, int) and 0 <= by < len(self._names):
            return self.t("web_news_resumed_by", name=self._names[by])
        return self.t("web_news_resumed")

    def paused_text(self, info: dict[str, Any]) -> str:
        """Why nobody plays, and, to a player, how to go on (a spectator cannot resume)."""
        by = info.get("paused_by")
        if info.get("pause_reason") == "time":
            return self.t("web_paused_time_watching" if self.seat is None else "online_paused_time")
        if by == self.seat and by is not None:
            return self.t("online_paused_you")
        if isinstance(by, int) and 0 <= by < len(self._names):  # who paused it, by name (a play-test was not told)
            return self.t("web_paused_by" if self.seat is None else "online_paused_by", name=self._names[by])
        return self.t("web_paused" if self.seat is None else "online_paused")

    def time_left(self) -> int | None:
        """Whole seconds left to pass or play before a stand-in does, at a table with a turn timer; else None.

        Counted as the server counts: every seat passes against one clock from the deal, and a play's time runs
        from the update that made it this seat's turn; after a (re)connection the server says what is left."""
        seconds = self.table.get("turn_seconds")
        waiting = self.waiting_for()
        if not seconds or waiting not in ("pass", "play") or self.state is None:
            return None
        decision = ("pass", int(self.state["deal"])) if waiting == "pass" else ("turn", self.seq)
        if decision != self.clock_for:
            welcome = self.welcome_left if self.welcome_left and self.welcome_left[0] == self.seq else None
            self.clock_for = decision
            self.clock_end = self.seq_since + (welcome[1] if welcome else float(seconds))
            self.welcome_left = None
        return max(0, math.ceil(self.clock_end - time.monotonic()))

    # ---- what the player types ---------------------------------------------------------------------
    def take(self, text: str) -> None:
        """One line typed: a command, a chat line, or the cards to pass or play (the server judges them)."""
        words = text.strip()
        if not words:
            return
        first, _, rest = words.partition(" ")
        if first.lower() in START_WORDS:
            level = rest.strip()
            # The levels as the bots are named, in either language ("start schwer"); a bot program by its name.
            self.start(level_named(level, LEVELS) or "medium")
            return
        if first.lower() in CHAT_WORDS:
            self.chat(rest.strip())
            return
        if first.lower() in COMPUTER_WORDS:
            self.computer_for(rest.strip())
            return
        if words.lower() in PAUSE_WORDS:
            self.pause()
            return
        if first.lower() in REMOVE_WORDS + LINK_WORDS:
            self.host_change(first.lower(), rest.strip())
            return
        action = COMMANDS.get(command_word(words))
        if action == "quit":
            raise Leave
        if self.paused and self.seat is not None and action in ("back", None):
            # "back" (or Enter) goes on; cards typed are refused, the pause said again (a play-test's card typed while
            # another player had paused the game resumed it unasked); a command only shows what it shows
            if action == "back":
                self.resume()
            else:
                self.say(self.paused_text(self.table))
            return
        if self.away:
            self.send({"type": "ping"})  # any message gives the seat back; the decision comes with the next update
            if action == "back":
                return
        if action is not None:
            if not (action in ("hint", "why", "undo") and self.seat is not None):
                # What the command shows comes first, then the decision again. A hint, an explanation or an undo is
                # the server's to work out: its answer asks again, once (two questions got two answers from a quick
                # typist; after an undo the old hand was shown before the one with the card back).
                self.prompted = None
            self.command(action)
            return
        cards = self.parse(words)
        problem = self.unreadable(words) if cards is None else self.choose(cards)
        if problem:
            self.say(problem)
            self.refused = problem
            self.prompted = None  # asked again, as after the server's refusal

    def start(self, level: str) -> None:
        """Fill the empty seats with computer players of ``level`` and start the game (any seated player may; before the first
        game, while the host is at the table, the server leaves it to the host and says so)."""
        t = self.t
        self.prompted = None  # what this says comes first, then the decision again
        if self.seat is None or self.token is None:
            self.say(t("online_spectator"))
            return
        if self.table.get("status") == "playing":
            self.say(t("online_already_playing"))
            return
        if not self.may_start():  # the host's to do, said so (it was the server's raw refusal, a play-test)
            self.say(t("online_host_starts"))
            return
        try:
            if any(seat["kind"] == "empty" for seat in self.table["seats"]):
                lobby(self.link.base, f"/api/tables/{self.link.code}/bots", {"level": level}, self.token, "the computer players")
            lobby(self.link.base, f"/api/tables/{self.link.code}/start", {}, self.token, "the start")
        except OnlineError as error:
            self.say(t("online_refused", message=str(error).split(": ", 1)[-1]))
        # The game's first update and the table's new status come over the WebSocket, as for every other seat.

    def computer_for(self, number: str) -> None:
        """``computer N``: a computer player plays seat N (by the number the table's news gives) until its player is
        back; the server refuses it for a player still at the table, and says so."""
        t = self.t
        seats = self.table.get("seats") or []
        self.prompted = None  # what this says comes first, then the decision again
        if self.seat is None:
            self.say(t("online_spectator"))
        elif not number.isdigit() or not 1 <= int(number) <= len(seats) or int(number) - 1 == self.seat:
            self.say(t("online_computer_which", count=len(seats)))
        elif self.table.get("status") != "playing":
            self.say(t("online_computer_not_playing"))
        else:
            self.seat_change = "bot"
            self.send({"type": "seat", "seat": int(number) - 1, "to": "bot", "level": "medium"})

    def help_line(self) -> str:
        """One watching is told what it may type (a play-test's spectator read the playing keys, "your seat is kept")."""
        if self.seat is None and self.help_message in WATCH_HELP:
            return self.t(WATCH_HELP[self.help_message])
        return super().help_line()

    def command_help(self) -> None:
        super().command_help()
        if self.is_host:
            self.say(self.t("online_host_help"))

    def host_change(self, word: str, number: str) -> None:
        """``remove N`` (before a game) or ``link N`` (a player who lost their link): the host's, as on the page; the
        server judges the rest (a player at the table keeps their link, a game in play keeps its players)."""
        t = self.t
        seats = self.table.get("seats") or []
        self.prompted = None  # what this says comes first, then the decision again
        if self.seat is None:
            self.say(t("online_spectator"))
        elif not self.is_host:
            self.say(t("online_host_only"))
        elif not number.isdigit() or not 1 <= int(number) <= len(seats) or int(number) - 1 == self.seat:
            self.say(t("online_seat_which", word=word, count=len(seats)))
        elif word in REMOVE_WORDS and self.table.get("status") == "playing":
            self.say(t("online_remove_playing", seat=int(number)))
        else:
            self.seat_change = "empty" if word in REMOVE_WORDS else "link"
            self.send({"type": "seat", "seat": int(number) - 1, "to": self.seat_change})

    def pause(self) -> None:
        """Pause the game in play (any seated player may, as on the page: a play-test's terminal could only resume one
        paused there); the table's news says who paused it."""
        self.prompted = None  # what this says comes first, then the decision again
        if self.seat is None or self.token is None:
            self.say(self.t("online_spectator"))
        elif self.paused:
            self.say(self.paused_text(self.table))
        elif self.table.get("status") != "playing":
            self.say(self.t("online_pause_not_playing"))
        else:
            try:
                lobby(self.link.base, f"/api/tables/{self.link.code}/pause", {"paused": True}, self.token, "the pause")
            except OnlineError as error:
                self.say(self.t("online_refused", message=str(error).split(": ", 1)[-1]))

    def resume(self) -> None:
        """Resume the paused game (any seated player may, as on the page); the table's news says that it goes on."""
        try:
            lobby(self.link.base, f"/api/tables/{self.link.code}/pause", {"paused": False}, self.token, "the resume")
        except OnlineError as error:
            self.say(self.t("online_refused", message=str(error).split(": ", 1)[-1]))

    def command_hint(self) -> None:
        self._ask_server("hint")

    def command_why(self) -> None:
        self._ask_server("explain")

    def _ask_server(self, kind: str) -> None:
        if self.seat is None:
            self.say(self.t("online_spectator"))
        elif self.table.get("status") != "playing":  # as the game against the computer says it (a play-test's F2 after
            self.say(self.t("wrong_phase"))  # the game read "The server refused: no game is in play at this table")
        else:  # the suggestion at once, or the decision taught in full (thousands of simulated deals: a moment)
            self.send({"type": kind, "lang": self.lang})

    def command_undo(self) -> None:
        """Take back this seat's last card of the deal and the computer players' cards after it, where the table
        allows it (one player alone against computer players, rules with undo); the server judges the rest."""
        t = self.t
        state = self.state or {}
        played = any(seat == self.seat for seat, _ in _plays(self.state))
        # On its turn the seat's state says whether a choice is there to take back, and if not why (every card forced,
        # or a draw from the stock since)
        on_turn = played and state.get("phase") == "playing" and state.get("turn") == self.seat
        blocked = state.get("undo_blocked") if on_turn and state.get("undo") is False else None
        if self.seat is not None and self.table.get("undo") and played and not blocked:
            self.undo_sent = True
            self.send({"type": "undo"})
            return
        self.prompted = None  # the refusal, then the decision again
        if self.seat is None:
            refusal = t("online_spectator")
        elif not self.table.get("undo"):
            refusal = t("online_undo_off")
        elif state.get("phase") == "game-over":
            refusal = t("online_over")
        else:
            refusal = t(f"undo_none_{blocked}" if blocked in ("forced", "drawn") else "undo_none")
        self.say(refusal)
        self.refused = refusal  # over the prompt too, as a refused card is (a play-test saw it only in the story)

    def command_claim(self) -> None:
        """Claim the rest of the deal where the table allows it (one player alone against computer players): the server
        plays it out if every way of playing it scores the same, or says no."""
        self.prompted = None  # what the server answers, then the decision again
        if self.seat is None:
            self.say(self.t("online_spectator"))
        elif not self.table.get("claim"):
            self.say(self.t("online_claim_off"))
        elif (self.state or {}).get("phase") in ("deal-over", "game-over"):
            self.say(self.t("claim_deal_over"))
        elif (self.state or {}).get("phase") != "playing":
            self.say(self.t("claim_not_playing"))  # as the game against the computer says it (not the server's "not now")
        else:
            self.claim_sent = True
            self.send({"type": "claim"})

    def command_back(self) -> None:
        """Back to the seat a stand-in played (the ping of ``take`` did it, and said nothing here); at one's own seat,
        say so (a play-test typed "zurück" to take a card back, as in the game against the computer, and saw nothing)."""
        if self.seat is None:
            self.say(self.t("online_spectator"))
        else:
            self.say(self.t("online_back_here_undo" if self.table.get("undo") else "online_back_here"))

    def command_review(self) -> None:
        finished = len((self.state or {}).get("deal_points") or [])
        if finished:
            self.send({"type": "count", "deal": finished - 1, "lang": self.lang})
        else:
            self.say(self.t("wrong_phase"))


def _plays(state: dict[str, Any] | None) -> list[tuple[int, str]]:
    """The plays of the deal in a seat's view (``Observation.to_dict``), in order: (seat, card's name)."""
    if state is None or state.get("phase") != "playing":
        return []
    return [(int(seat), str(card)) for trick in state.get("tricks", []) for seat, card in trick["plays"]]


def run_online(seat: OnlineSeat, lines: Iterable[str] | None = None, write: Callable[[str], None] = print) -> None:
    """A seat line by line: the table told on standard output, the player's lines from ``lines`` (standard input
    by default), read in a thread so that the table goes on (other players' cards, chat) while nobody types; at
    the end, how to come back to a game left in play."""
    run_lines(seat, Typed.reading(lines), print_lines(write))
