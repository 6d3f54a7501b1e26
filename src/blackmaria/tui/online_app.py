"""A seat at a server's table in the Textual screen of the game against the computer: ``blackmaria join LINK``.

The table, the hand drawn in suits and the story of the deal are those of ``app.py`` (a finished trick stays on the
table a moment with its winner named, then is gathered, as there); what the seat knows and says
is ``online.OnlineSeat``. One thread owns the connection (``seat.run_lines``, as line-by-line play runs it): the keys
put the player's passes, cards and commands in its queue, and it hands back what the table told, so the screen
goes on (other players' cards, chat) while nobody types.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.timer import Timer
from textual.widgets import RichLog, Static

from blackmaria.cards import Card, CardSet, card_name
from blackmaria.tui.app import CardTableApp, StoryLog
from blackmaria.tui.online import COMMANDS, OnlineSeat
from blackmaria.tui.seat import Typed, command_word, run_lines


class OnlineApp(CardTableApp):
    COMMAND_KEYS: ClassVar[list[tuple[str, str, str]]] = [
        # (key, its label's message, its action): a word of line-by-line play typed for the server's seat, or a
        # view over the table (the last trick, the score sheet, the rules). F1 to F7 and F9 are those of the game
        # against the computer (a play-test pressed F9 for undo in one and toggled autoplay in the other; another read
        # "F9 Last deal" here beside "F9 Autoplay" there): the last deal's review is typed, as there.
        ("f1", "help", "command('help')"),
        ("f2", "hint", "command('hint')"),
        ("f4", "why", "why_or_claim"),
        ("f5", "last", "last"),
        ("f6", "sheet", "sheet"),
        ("f7", "rules", "rules"),
        ("f8", "start", "command('start')"),
        ("f9", "autoplay", "command('auto')"),
    ]
    UNDO_KEY: ClassVar[tuple[str, str, str]] = ("f3", "undo", "command('undo')")
    """Shown where the table lets its player take cards back (one player against computer players), as F3 in the game
    against the computer."""
    TYPABLE = None  # commands and chat are typed as in line-by-line play ("say good luck")
    # The status wraps instead of losing its end: a table that waits says how to start, a finished game who won and
    # that the next one waits too (at 80 columns "... get computer" was the last word seen).
    CSS = CardTableApp.CSS + "#status { height: auto; max-height: 4; }"
    TRICK_HOLD: ClassVar[float] = 1.4
    """Seconds a finished trick stays on the table with its winner (the server's table goes on meanwhile)."""
    seat: OnlineSeat

    def __init__(self, seat: OnlineSeat) -> None:
        super().__init__(seat)
        self.typed = Typed()
        self.ended: str | None = None
        """How the connection ended (``over``, ``left``, ``gone``), once it has."""
        self.leaving = False
        """The player asked to leave (Ctrl+Q): the screen closes once the connection has."""
        self.title = f"Black Maria: {seat.link.code}"
        self.command_keys = sorted([*self.COMMAND_KEYS, self.UNDO_KEY], key=lambda key: int(key[0][1:]))
        for key, label, action in self.command_keys:
            self.bind(key, action, description=self.t(f"key_{label}"))
        self.bind("ctrl+q", "quit", description=self.t("key_leave"))
        self.bind("ctrl+c", "help_quit", show=False)  # (Textual's own words named "the app")
        self._network = threading.Thread(target=self._run_network, daemon=True, name="blackmaria-table")
        self._release: Timer | None = None

    def on_mount(self) -> None:
        self.seat.help_message = "online_app_help"
        self.seat.sheet_in_story = False  # the story is narrow: a deal's end tells the totals, F6 the whole sheet
        self.seat.start_hint = "online_start_key"  # the status line's two rows: the key, not the typed words
        # The screen stays at the table after a game, connected, for the next one the host starts (a play-test's
        # terminal said "waiting for the next one" with its connection closed, and missed the new game).
        self.seat.stays = True
        self.tricks_shown = self._tricks_won()  # (a trick finished before the seat came is not held)
        self.show(self.seat.take_lines())  # the welcome, told before the screen opened; the connection's thread then
        self._network.start()  # owns the seat
        self.set_interval(1.0, self._tick)

    def _tick(self) -> None:
        if self.seat.time_left() is not None:  # the turn timer's seconds, counted down
            self.refresh_view()

    # ---- the connection's thread ------------------------------------------------------------------
    def _run_network(self) -> None:
        ended = run_lines(self.seat, self.typed, lambda lines: self._from_network(self.show, lines), prompts=False)
        self._from_network(self.network_ended, ended)

    def _from_network(self, callback: Callable[..., None], *args: object) -> None:
        if not self.is_running:
            return  # the screen has closed (the player left): nothing to draw
        try:
            self.call_from_thread(callback, *args)
        except RuntimeError:
            pass  # it closed just now

    def show(self, lines: list[str]) -> None:
        log = self.query_one("#log", RichLog)
        explained, self.seat.explained_now = self.seat.explained_now, None
        if explained:
            # The decision explained in a view of the screen's width, as play's why: some 50 lines in the story's
            # 34 columns at 80x24 took a play-test four pages up and four down.
            at = next((i for i in range(len(lines) - len(explained) + 1) if lines[i : i + len(explained)] == explained), None)
            if at is not None:
                lines = lines[:at] + lines[at + len(explained) :]
            self.show_text(self.t("key_why"), "\n".join(explained))
        for line in lines:
            log.write(line)
        refused, self.seat.refused = self.seat.refused, None
        if refused is not None and self.waiting() in ("pass", "play"):
            self.message = refused  # beside the prompt as well, where the eyes are
        link, self.seat.new_link = self.seat.new_link, None
        if link is not None:
            # A new seat link breaks over two lines of the story's box at 80x24 (copied with the box's border): it
            # goes to the clipboard too, by the terminal's OSC 52, which most terminals take.
            self.copy_to_clipboard(link)
            log.write(self.t("online_link_copied"))
        if self._tricks_won() < self.tricks_shown:  # cards were taken back: a trick won again is shown again
            self.hold(None)
            self.tricks_shown = self._tricks_won()
        held = self.finished_trick()
        if held is not None:  # the whole trick and its winner stay a while, as in the game against the computer
            self.hold(held)
        self.refresh_view()

    def hold(self, held: tuple[dict[int, Card], int, int] | None) -> None:
        """Keep a finished trick on the table for ``TRICK_HOLD`` seconds (None: let the one held go now)."""
        if self._release is not None:
            self._release.stop()
            self._release = None
        self.held = held
        if held is not None:
            self._release = self.set_timer(self.TRICK_HOLD, self._let_go)

    def _let_go(self) -> None:
        self.hold(None)
        self.refresh_view()

    def network_ended(self, ended: str) -> None:
        self.ended = ended
        if ended == "left" or self.leaving:
            self.exit()
        else:
            self.refresh_view()

    # ---- what the screen shows --------------------------------------------------------------------
    def waiting(self) -> str | None:
        return self.seat.waiting_for() if self.ended is None else None

    def prompt_note(self) -> str:
        # Paused, Enter goes on and plays no card: said where "Enter plays 6♦" stood (a play-test pressed Enter to play
        # and resumed the game another player had paused).
        if self.seat.paused and self.seat.seat is not None and self.ended is None:
            return self.t("online_enter_resumes")
        return super().prompt_note()

    def choosable(self) -> CardSet:
        return super().choosable() if self.ended is None else CardSet()

    def table_view(self) -> RenderableType:
        """The table; before a game, its seats as the page lists them (a play-test saw an empty table while friends
        sat down)."""
        if self.seat.observation() is not None or not self.seat.table.get("seats"):
            return super().table_view()
        t = self.t
        text = Text(t("seats_heading") + "\n", style="bold")
        for index, name in enumerate(self.seat.names):
            empty = self.seat.table["seats"][index]["kind"] == "empty"
            text.append(f"{index + 1}. ")
            text.append(t("seat_empty") if empty else name, style="dim italic" if empty else "")
            text.append(f" {t('you_suffix')}\n" if index == self.seat.me else "\n")
        # The link on a line of its own, where it fits whole: in the narrow story it broke over two lines, and a
        # friend copying it got the box's border with it (a play-test at 80x24).
        text.append("\n" + t("online_invite_heading") + "\n", style="bold")
        text.append(self.seat.link.key)
        return text

    def key_labels(self) -> list[tuple[str, str]]:
        # F3 is shown where the table lets this seat take cards back (a friend sitting down ends that); pressed
        # elsewhere, it says why not.
        # F8 starts a game: shown while none is in play (a play-test pressed it in deal 2).
        undo = bool(self.seat.table.get("undo")) and self.seat.me is not None
        start = self.seat.table.get("status") in ("open", "over") and self.seat.may_start()
        playing = self.seat.table.get("status") == "playing"  # no hint nor why once the game is over, as in play
        seated = self.seat.me is not None  # one watching has no hand: no hint, why nor autoplay (a play-test was offered them)
        shown = {"undo": undo and playing, "start": start, "hint": playing and seated, "why": playing and seated, "autoplay": seated}
        labels = {"why": "claim"} if self._claims() else {}
        if self.seat.table.get("status") == "over":
            labels["start"] = "again"  # after a game F8 asks for another (it starts once everyone has asked)
        labels["autoplay"] = "autoplay_on" if self.seat.autoplay else "autoplay_off"  # (as the game's F9 says it)
        return [(key.upper(), self.t(f"key_{labels.get(label, label)}")) for key, label, _ in self.command_keys if shown.get(label, True)]

    def _claims(self) -> bool:
        """Whether F4 claims the rest here, as in the game against the computer: at a table of one player against
        computer players (a play-test pressed F4 online to claim, and read an explanation); elsewhere it explains."""
        return bool(self.seat.table.get("claim")) and self.seat.me is not None

    def action_why_or_claim(self) -> None:
        self.typed.put("claim" if self._claims() else "why")

    def quit_label(self) -> str:
        return self.t("key_leave")

    def quit_how(self) -> str:
        return self.t("quit_how_online")

    def refresh_view(self) -> None:
        seat = self.seat
        if self.message == self.t("online_not_connected") and not seat.offline:
            self.message = ""  # back: the refusal of a choice made while away no longer holds (a play-test read it on)
        obs = seat.observation()
        if obs is not None and obs.phase == "passing" and obs.passed:
            self.marked = set(obs.passed)  # passed, on their way once every seat has passed: still marked
        elif self.waiting() != "pass":
            self.marked.clear()  # the pass went through (or there is none to make)
        status = Text()
        if seat.rules is not None:
            title = self.t.game_title(seat.rules)
            deal = seat.deal_of() if seat.table.get("status") == "playing" else ""
            status.append(self.t("welcome", rules=title, players=seat.rules.players) + (f"  {deal}" if deal else "") + "\n")
        status.append(seat.status(with_points=False))  # the table shows each seat's points
        left = seat.time_left() if self.ended is None else None
        if left is not None:
            status.append("  " + self.t("online_clock", seconds=left), style="bold red" if left <= 10 else "bold")
        self.query_one("#status", Static).update(status)
        self.query_one("#table", Static).update(self.table_view())
        self.draw_hand()
        self.draw_keys()

    # ---- what the player does ---------------------------------------------------------------------
    def refused_offline(self) -> bool:
        """Whether the connection is being tried again: then nothing is queued to go later (a play-test's card typed
        while the server was down was played once it came back, with nothing said meanwhile)."""
        if self.seat.offline:
            self.message = self.t("online_not_connected")
            self.refresh_view()
        return self.seat.offline

    def choose(self, cards: list[Card]) -> None:
        if self.refused_offline():
            return
        if self.seat.paused:  # Enter on a card while paused goes on, as the pause's words say: it plays no card
            self.typed.put("back")
            return
        if cards:  # the server judges the pass or the card; a refusal comes back in words (Enter with nothing marked is
            # answered by the screen's keys, CardTableApp.handle_key)
            self.message = ""
            self.hold(None)  # the player has seen enough of the last trick: the card now goes to the table
            self.query_one("#log", StoryLog).follow_again()
            self.typed.put(" ".join(card_name(c) for c in cards))

    def enter_text(self, text: str) -> None:
        if COMMANDS.get(command_word(text)) != "quit" and self.refused_offline():
            return
        self.message = ""
        self.typed.put(text)

    def enter_idle(self) -> None:
        if self.seat.away or self.seat.paused:
            self.typed.put("back")

    def action_command(self, command: str) -> None:
        self.message = ""  # a refusal beside the prompt is old news once a key asks for something else (a hint)
        self.typed.put(command)

    async def action_quit(self) -> None:
        self.leaving = True
        if self._network.is_alive():
            self.typed.put(None)  # the connection's thread closes it and then ends the app,
            self.set_timer(1.0, self._leave_now)  # unless it is busy connecting again: then the screen goes first
        else:
            self.exit()

    def _leave_now(self) -> None:
        self.ended = self.ended or "left"
        self.exit()


def run_online_app(seat: OnlineSeat) -> None:
    """The seat in the Textual screen, until the player leaves; then, as line by line, how to come back."""
    app = OnlineApp(seat)
    app.run()
    if app._network.is_alive():  # the screen closed some other way (Ctrl+C): leave the table cleanly
        app.typed.put(None)
        app._network.join(5)
    if app.ended != "over" and seat.seat is not None:
        print(seat.t("online_goodbye", link=seat.rejoin_link))
