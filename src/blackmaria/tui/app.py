"""The Textual game: the table, your hand, the story of the deal, and keys to play.

Arrow keys choose a card, Enter plays it (or passes the marked cards), Space
marks a card for the pass; typing a card (``qs``, ``10h``; in German also
``pd`` for Pik-Dame) or a command (``help``, ``hint``...) and Enter works too.
F-keys: help, hint, undo, claim, last trick, score sheet, rules, speed,
autoplay; PageUp/PageDown scroll the story. The computer players' cards come
one by one at the chosen speed, a finished trick stays on the table until its
winner is shown, and keys pressed while they play are not turned into plays.
The game is saved after every action; Ctrl+Q saves and leaves, and
``blackmaria play --resume`` continues.
"""

from __future__ import annotations

import contextlib
import textwrap
import threading
import time
from collections.abc import Sequence
from typing import Any, ClassVar, Final, Self

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import ModalScreen
from textual.widgets import RichLog, Static

from blackmaria.cards import CLUBS, DIAMONDS, HEARTS, SPADES, Card, CardSet, in_hand_order, rank_of
from blackmaria.locale.advice import hints_ready
from blackmaria.teaching import claim_is_decided, nothing_left_to_score
from blackmaria.tui.narration import standings
from blackmaria.tui.seat import PLAY_COMMANDS, Seat, command_word
from blackmaria.tui.session import PlaySession

SUIT_STYLE = {SPADES: "bold white", HEARTS: "bold red", DIAMONDS: "bold red", CLUBS: "bold white"}
SPEEDS = (0.0, 0.3, 0.7, 1.2)
"""The speeds F8 steps through: seconds per computer card (0: at once)."""
MORE_COMMANDS = {"auto": "autoplay", "automatik": "autoplay", "speed": "speed", "tempo": "speed"}
"""Commands of the screen beyond those of line-by-line play."""
OVER_WORDS = {"n": "again", "new": "again", "neu": "again", "again": "again", "nochmal": "again", "q": "quit"}
"""What may be typed at the table once the game is over: the game-over view's N and Q."""
CLAIM_CHECK_CARDS = 4
"""From how few cards in hand the screen checks, on each turn, whether the rest of the deal is decided (to offer a
claim); the check searches every way to play the rest, so it waits for the end of the deal."""
WAIT_INDICATOR_AFTER = 0.5
"""Seconds of work (a computer player thinking, an analysis) before the screen says that it works."""


MOVE_KEYS: Final = {"left": -1, "right": 1, "shift+tab": -1, "tab": 1, "home": 0, "end": 0}
"""The keys that move the cursor in the hand (a play-test tried Tab and Home first): by one card (the step), or, with
0, to the first (Home) or the last (End) card that may be chosen."""

MIN_SIZE: Final = (80, 24)
"""The smallest screen the table is drawn for (the README's)."""
NARROW_BELOW: Final = 74
"""Narrower than this the story is not shown beside the table (the table's 44 columns and the story's 30), so that
the table is seen whole; a guided deal keeps its story, where its explanations are."""


WAIT_SAID_ON_TURN: Final = {"keys_wait": "keys_dropped", "keys_wait_typed": "keys_typed_now", "keys_wait_command": ""}
"""A key refused while the others played, and what is said of it once it is the player's turn: no more "Wait" beside
"Your turn" (a play-test); a command may simply be asked again ("": the card Enter plays is said instead)."""

ESCAPED_DIGITS: Final = dict(zip("º¡™£¢∞§¶•ª", "0123456789", strict=True))
"""Escape and a digit typed at once, as Textual reads them: the character macOS types with Option and that digit (it
takes WezTerm's sequences so). A play-test's "10h" typed straight after Escape came out as "¡0h"."""


def key_after_escape(event: events.Key) -> events.Key | None:
    """The key typed at once after Escape, where the terminal's bytes made one key of the two (Alt+key, or the Option
    character of a digit); None for any other key."""
    if event.character in ESCAPED_DIGITS:
        digit = ESCAPED_DIGITS[event.character]
        return events.Key(digit, digit)
    if event.key.startswith("alt+") and event.character and event.character.isprintable():
        return events.Key(event.character if event.character.isalnum() else event.key.removeprefix("alt+"), event.character)
    return None


AFTER_PASS_SECONDS: Final = 1.2
"""An Enter this soon after the pass's Enter is its double, not the choice of a card from the hand the pass brought:
at speed 0 a play-test's habitual second Enter led a card of the new hand unseen (at 0.5 s, one a second later did)."""

PROMPT_LINES: Final = 6
"""The lines under the hand: a message, the count of marked cards or the card Enter plays, the prompt (#prompt's
max-height)."""


class StoryLog(RichLog):
    """The story of the game. It stays at its newest line when its box changes (a three-line hint shrinks it)
    unless the player has paged back, and at a new width it writes what it holds again: a RichLog keeps its lines
    as first wrapped (30 columns at 80x24, still 30 at 120x40)."""

    can_focus = False  # the table's keys are the hand's: Home scrolled the story to its top too (a play-test)
    following = True
    _wrapped_at = 0
    _deferred = 0  # writes made before the size was known (RichLog renders them once it is)
    _replayed = 0
    _pending_top: int | None = None  # which of them is shown at the top
    more_label = ""
    """What the box's lower edge says while lines lie below what it shows (set by the app, in its language): a
    guided deal's explanation opens at its heading, and at 80x24 nothing said that it went on below."""
    above_label = ""
    """What its upper edge says while lines lie above what it shows (set by the app), as the lower edge does below: the
    story opened at 80x24 with "plays it. Passing: Space ...", the end of a sentence whose start was out of sight, and
    said only there, the mark came and went as the box's top row began a text or not (two play-tests)."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._written: list[object] = []
        self._rows: list[int] = []
        """The row where each written text begins, in the order written."""
        self._action_mark: int | None = None
        """How many texts were written when the player last acted."""

    def write(self, content: object, *args: Any, top: bool = False, **options: Any) -> Self:
        """``top``: this line is shown at the top of the box (the start of a guided deal's explanation, which would
        otherwise open at its end, at 80x24 four pages down)."""
        if isinstance(content, str) and content.startswith(" ") and content.strip():
            # An indented line keeps its indent when it wraps (a play-test read "   Each player holds" / "play").
            indent = len(content) - len(content.lstrip(" "))
            content = Padding(Text(content.lstrip(" ")), (0, 0, 0, indent))
        if not self._size_known:  # deferred: it comes back here, without ``top``, once the size is known
            if top:
                self._pending_top = self._deferred
            self._deferred += 1
        else:
            if self._replayed < self._deferred:  # (the deferred writes come back first, in order)
                top = top or self._replayed == self._pending_top
                self._replayed += 1
            if top:
                self.following = False  # a resize must not take it back to the end
                self.call_after_refresh(self.scroll_to, y=self._top_row(len(self.lines)), animate=False, immediate=True)
            self._written.append(content)
            self._rows.append(len(self.lines))
            # (RichLog's deferred writes come back positional)
            options = {**dict(zip(("width", "expand", "shrink", "scroll_end", "animate"), args, strict=False)), **options}
            args = ()
            if not self.following and options.get("scroll_end") is None:
                options["scroll_end"] = False  # paged back, or a line pinned at the top: it stays in sight
            self.call_after_refresh(self._mark_more)  # (the lines below grow with it)
        return super().write(content, *args, **options)

    def mark_action(self) -> None:
        """The player acted: what the story tells from here (their card, the others' replies) leads to their next turn."""
        self._action_mark = len(self._written)

    def _top_row(self, heading: int) -> int:
        """The row a new explanation is shown from: its heading, under as much of the play since the player acted as
        fits in half the box, from the start of a text (at 80x24 a play-test saw the next decision at once, and the
        cards the others had played meanwhile lay above it, out of sight)."""
        if self._action_mark is None:
            return heading
        room = self.scrollable_content_region.height // 2
        return next((row for row in self._rows[self._action_mark :] if heading - row <= room), heading)

    def clear(self) -> Self:
        self._written = []
        self._rows = []
        self._deferred = self._replayed = 0  # (RichLog drops the deferred writes too)
        self._pending_top = None
        return super().clear()

    def rewrap(self) -> None:
        written = self._written
        self.clear()
        for content in written:
            self.write(content)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.following = new_value >= self.max_scroll_y - 0.5
        self._mark_more()

    def _mark_more(self) -> None:
        self.border_subtitle = self.more_label if self.scroll_y < self.max_scroll_y - 0.5 else ""
        self.border_title = self.above_label if self.scroll_y >= 0.5 else ""

    def on_resize(self, event: events.Resize) -> None:  # (Textual calls RichLog's own on_resize as well)
        width = event.size.width
        if self._wrapped_at and width != self._wrapped_at:
            self.call_after_refresh(self.rewrap)
        self._wrapped_at = width
        if self.following:
            self.call_after_refresh(self._follow)

    def _follow(self) -> None:
        if self.following:  # (asked again once the resize is done: a line shown at the top meanwhile stays there)
            self.scroll_end(animate=False, immediate=True)

    def follow_again(self) -> None:
        """Back to the newest line, following it: the player acted, so what comes next is what they look for (a
        play-test paged back, played on, and the story stayed pages behind the game)."""
        if not self.following:
            self.following = True
            self.call_after_refresh(self._follow)


class PromptLines(Static):
    """The message over the prompt, the prompt and what Enter does: wrapped by the app at this widget's width, so drawn
    again when a resize gives it another (a hint cut to 58 columns at 60x20 stayed cut at 80x24 again, a play-test)."""

    _drawn_at = 0

    def on_resize(self, event: events.Resize) -> None:
        width = event.size.width
        if self._drawn_at and width != self._drawn_at and isinstance(self.app, CardTableApp):
            self.app.draw_hand()
        self._drawn_at = width


class CardTableApp(App[None]):
    """What the game against the computer and a seat at a server's table share: the layout, the table and the hand
    drawn from the seat (``seat.Seat``: what it sees, what it may choose), and the keys that choose, mark and play
    cards. A subclass says when the player may choose and what a choice does."""

    _said_small: tuple[int, int] | None = None
    """The size below 80x24 the screen last said it was (None: not that small)."""

    ENABLE_COMMAND_PALETTE = False  # its texts are English only
    CSS = """
    #status { height: 2; padding: 0 1; background: $panel; }
    #middle { height: 1fr; }
    /* In the middle of its height: on a tall screen the table sat at the top over rows of nothing (a play-test). */
    #table { width: 1fr; height: 100%; min-width: 44; padding: 0 1; content-align-vertical: middle; }
    #log { width: 1fr; min-width: 30; border: round $primary; }
    /* A guided deal's explanations need the width more than the table does. */
    #middle.explains #table { width: 2fr; min-width: 38; }
    #middle.explains #log { width: 3fr; }
    /* Narrower than the table and the story side by side: the table alone, whole (at 60x20 the seat on the right and
       the card it led were cut off, a play-test). */
    #middle.narrow #log { display: none; }
    #middle.narrow #table { min-width: 0; }
    #bottom { height: auto; }
    #hand { height: auto; padding: 0 1; border: round $accent; }
    #prompt { height: auto; min-height: 2; max-height: 6; padding: 0 1; }  /* PROMPT_LINES */
    #keys { height: auto; padding: 0 1; background: $panel; }
    /* Notices (Ctrl+C's "Ctrl+Q leaves", a screen too small) over the story's top, not over the prompt being typed
       in (a play-test). */
    ToastRack { dock: top; align: right top; }
    """
    KEYS: ClassVar[list[tuple[str, str]]] = []
    TYPABLE: ClassVar[set[str] | None] = None
    """The characters the prompt takes (None: any printable one, so that commands and German cards can be typed)."""

    def __init__(self, seat: Seat) -> None:
        super().__init__()
        self.seat = seat
        self.t = seat.t
        self.held: tuple[dict[int, Card], int, int] | None = None
        """A finished trick kept on the table until its winner is shown: its cards by seat, the winner, its points."""
        self.tricks_shown = (0, 0)
        """The deal and the tricks won in it when the table last showed a finished trick (``finished_trick``)."""
        self.selected = 0
        self.passed_at = 0.0
        """When an Enter was last pressed at the pass (``AFTER_PASS_SECONDS``)."""
        self.hint_shown_at = 0.0
        """When the last hint was shown: an Enter pressed before it is not a choice of its cards."""
        self.marked: set[Card] = set()
        self.pass_refusal = ""  # a refused pass, said until the marks change (a play-test read "You chose 2" beside 3)
        self.pointed = CardSet()
        """The hint's cards the cursor was last moved to (once per hint: then the arrows choose again)."""
        self.cursor_for: object = None
        """The decision (``decision_key``) whose turn last placed the cursor on its lowest playable card."""
        self.buffer = ""
        self.message = ""
        self._story_told = ""
        """A message too long for the lines over the prompt, written whole into the story (once)."""
        self.asked: object | None = None
        """The hint or analysis asked for and still being worked out; Escape forgets it, so it never opens later
        (a play-test pressed Escape while ``warum`` prepared, and the view that came a moment after read as lost)."""
        self.title = "Black Maria"
        self.ready_at = 0.0
        """When the player's present decision was shown (monotonic): a key pressed before it is not a choice of it."""
        for key, action in self.KEYS:
            self.bind(key, action, description=self.t(f"key_{action}"))
        self.bind("pageup", "log_up", show=False)
        self.bind("pagedown", "log_down", show=False)

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="middle", classes="explains" if self.seat.explains else ""):
            yield Static(id="table")
            story = StoryLog(id="log", wrap=True, markup=False, min_width=20)
            # A guided deal's explanation fills pages of the story's column at 80x24 (a play-test paged 7 times at a
            # decision): the box says that why shows it on the whole screen.
            story.more_label = self.t("story_more_below_why" if self.seat.explains else "story_more_below")
            story.above_label = self.t("story_more_above")
            yield story
        with Vertical(id="bottom"):
            yield Static(id="hand")
            yield PromptLines(id="prompt")
        yield Static(id="keys")

    # ---- what a subclass says ------------------------------------------------
    def waiting(self) -> str | None:
        """``pass`` or ``play`` when the player must choose, else what the game waits for (or None)."""
        raise NotImplementedError

    def hand(self) -> CardSet:
        return self.seat.hand()

    def choosable(self) -> CardSet:
        """The cards the player may pass or play now (drawn bright; the others dim): the seat's choices."""
        return self.seat.choices() if self.waiting() in ("pass", "play") else CardSet()

    def choose(self, cards: list[Card]) -> None:
        """Pass or play these cards."""
        raise NotImplementedError

    def enter_text(self, text: str) -> None:
        """Enter on what was typed."""
        raise NotImplementedError

    def enter_idle(self) -> None:
        """Enter with nothing typed, when no card is to be chosen."""

    def refresh_view(self) -> None:
        raise NotImplementedError

    def busy(self) -> bool:
        """True while the others play or the program works: Enter and Space are then no choice of the player's."""
        return False

    def received(self) -> CardSet:
        """The cards the player received in the pass this deal (marked in the hand)."""
        return self.seat.received()

    # ---- the finished trick ------------------------------------------------
    def _tricks_won(self) -> tuple[int, int]:
        """The deal and the tricks won in it so far: it grows with every trick taken, from deal to deal."""
        obs = self.seat.observation()
        if obs is None:
            return (0, 0)
        return obs.deal, sum(1 for trick in obs.tricks if trick.winner is not None)

    def finished_trick(self) -> tuple[dict[int, Card], int, int] | None:
        """The trick completed since the table last showed one, once (what ``held`` keeps on the table: its cards
        by seat, its winner, its points), or None."""
        obs, won = self.seat.observation(), self._tricks_won()
        if obs is None or won <= self.tricks_shown:
            return None
        self.tricks_shown = won
        done = [trick for trick in obs.tricks if trick.winner is not None]
        if not done or done[-1].winner is None:
            return None
        values = obs.rules.values
        return dict(done[-1].plays), done[-1].winner, sum(values[card] for _, card in done[-1].plays)

    # ---- drawing -----------------------------------------------------------
    def hand_cards(self) -> list[Card]:
        return in_hand_order(self.hand())

    def hand_text(self) -> Text:
        cards = self.hand_cards()
        self.selected = min(self.selected, max(len(cards) - 1, 0))
        choosable, received, hinted = self.choosable(), self.received(), self.seat.hinted()
        if cards and choosable and cards[self.selected] not in choosable:
            self.selected = next(index for index, card in enumerate(cards) if card in choosable)
        if self.waiting() == "play" and choosable and self.seat.decision_key() != self.cursor_for:
            # A new turn: the cursor starts on the lowest card that may be played and costs nothing itself, so Enter
            # risks the least (it rested on the first card, often A♠, and a play-test's Enter took a trick and its
            # points; on the lowest card of all, another's Enter would have taken Q♠ over J♠). Where every card costs,
            # the one that costs least (Dirty Lady's K♠ at 10, not Q♠ at 13, though lower: a play-test).
            self.cursor_for = self.seat.decision_key()
            obs = self.seat.observation()
            values = obs.rules.values if obs is not None else None
            lowest = min(
                (card for card in cards if card in choosable), key=lambda card: (max(values[card], 0) if values else 0, rank_of(card))
            )
            self.selected = cards.index(lowest)
            # and a hint for this turn goes to its card again, though it names the card the last one did (a play-test
            # passed over 10♥ advised twice, and its Enter played the lowest card)
            self.pointed = CardSet()
        if hinted and hinted != self.pointed:  # a new hint: the cursor goes to its card, so Enter (or Space) takes it
            self.pointed = hinted
            self.selected = next((index for index, card in enumerate(cards) if card in hinted and card in choosable), self.selected)
        hand = Text()
        # Two spaces between suits where the row has room: 17 cards with three tens are 77 columns so, one more than
        # 80x24 leaves inside the box, and a mark on the last card took it to a row of its own (a play-test).
        names = [self.t.card(card) for card in cards]
        suits = sum(1 for a, b in zip(cards, cards[1:], strict=False) if a & 3 != b & 3)
        room = self.size.width - 4 if self.size.width else 76  # the box's border and padding
        width = sum(len(name) + 2 for name in names) + 2 * suits
        gap = "  " if width <= room else " "
        # A mark after a card and a received card's + before the next touch ("J♦◂+10♦", a play-test could not tell
        # whose the ◂ was): a space between them where the row has room.
        marks = self.marked | set(hinted)
        touching = {i for i, (a, b) in enumerate(zip(cards, cards[1:], strict=False)) if a in marks and b in received and a & 3 == b & 3}
        apart = len(touching) + (width if gap == "  " else width - suits) <= room
        for index, card in enumerate(cards):
            style = SUIT_STYLE[card & 3] if card in choosable else "dim"
            if index == self.selected:
                style += " reverse"
            if card in self.marked:
                style += " underline"
            if card in hinted:
                style += " bold"
            mark = "•" if card in self.marked else "◂" if card in hinted else " "
            hand.append(("+" if card in received else " ") + names[index] + mark, style=style)
            if index + 1 < len(cards) and cards[index + 1] & 3 != card & 3:
                hand.append(gap)
            elif index in touching and apart:
                hand.append(" ")
        return hand

    def prompt_note(self) -> str:
        """A line above the prompt: while passing, the cards marked so far ("Marked 2 of 3"); on the seat's turn, the
        card Enter plays (a play-test's Enter, pressed again after a typed pass, led a card it had not seen chosen)."""
        rules = self.seat.rules
        waiting = self.waiting()
        if waiting == "play":
            # A hint or a refusal of two lines or more is read first (the prompt keeps three lines at 80x24); after a
            # line such as "Your last card is taken back." the card Enter plays is said again (a play-test missed it).
            if self.buffer.strip() or len(self._message_lines()) > 1:
                return ""
            return self.enter_note()
        if waiting != "pass" or rules is None:
            return ""
        t = self.t
        typed = bool(self.buffer.strip())  # Enter then sends the text typed (a play-test read "Enter passes the hint's")
        if not self.marked and not typed and (hinted := self.hint_pass()):
            return t("pass_enter_hint", cards=t.cards(sorted(hinted)))
        # With the whole pass marked, what Enter does, as at a card to play (a play-test looked for it there).
        key = "pass_marked_ready" if len(self.marked) == rules.pass_count and not typed else "pass_marked"
        return t(key, marked=len(self.marked), count=rules.pass_count, cards=t.cards(sorted(self.marked)))

    def enter_note(self) -> str:
        """On the seat's turn, the card Enter plays ("Enter plays 6♣; the arrows choose another.")."""
        if self.waiting() == "play":
            cards, choosable = self.hand_cards(), self.choosable()
            if len(choosable) == 1:  # a forced card waiting (autoplay off, or taken back): a play-test saw no word
                return self.t("enter_plays_only", card=self.t.card(next(iter(choosable))))
            if cards and self.selected < len(cards) and cards[self.selected] in choosable:
                return self.t("enter_plays", card=self.t.card(cards[self.selected]))
        return ""

    def hint_pass(self) -> CardSet:
        """The hint's pass, while one is shown and all its cards are still in the hand; empty otherwise."""
        rules, hinted = self.seat.rules, self.seat.hinted()
        whole = rules is not None and len(hinted) == rules.pass_count and hinted.issubset(CardSet(self.hand_cards()))
        return hinted if whole else CardSet()

    def draw_hand(self) -> None:
        self.query_one("#hand", Static).update(self.hand_text())
        note = self.prompt_note()
        lines = [line for line in (self.clipped_message(1 + bool(note)), note) if line]
        prompt = Text("\n".join(lines) + ("\n" if lines else ""))
        prompt.append(f"> {self.buffer}", style="bold")
        if not note and not self.buffer:
            # Under a longer message the card Enter plays stands on the prompt's own line, greyed as an input's
            # placeholder: a guided deal's word on each card hid it at every turn, and a play-test's Enter played a card
            # it had not seen chosen.
            prompt.append(self.enter_note(), style="dim")
        self.query_one("#prompt", Static).update(prompt)

    def _prompt_width(self) -> int:
        """The columns of the prompt's lines: before the first layout the prompt has no size yet, and a resumed game's
        first screen, its one-line message wrapped at 20 columns as two, hid the card Enter plays (a play-test)."""
        return max(20, (self.query_one("#prompt", Static).size.width or self.size.width) - 2)

    def _message_lines(self) -> list[str]:
        """The message over the prompt as the prompt's width wraps it (none without a message)."""
        if not self.message:
            return []
        width = self._prompt_width()
        return [line for part in self.message.split("\n") for line in (textwrap.wrap(part, width) or [""])]

    def clipped_message(self, below: int) -> str:
        """The message over the prompt, in the lines the prompt leaves it (``PROMPT_LINES`` less the ``below`` lines
        under it): a longer one (a pass's hint with its search, in German six lines at 80 columns) ends in "...", and
        goes whole into the story, once. The prompt and the count of marked cards stay in sight (a play-test typed
        blind under a hint that had pushed them off the screen)."""
        if not self.message:
            return ""
        width = self._prompt_width()
        room = PROMPT_LINES - below
        wrapped = self._message_lines()
        if len(wrapped) <= room:
            return self.message
        if self._story_told != self.message:
            self._story_told = self.message
            log = self.query_one("#log", StoryLog)
            log.write(self.message)
            log.follow_again()  # where "in full in the story" sends the reader (a play-test's, paged back, stayed there)
        kept, cut = wrapped[:room], self.t("message_cut")
        kept[-1] = textwrap.shorten(kept[-1] + " …", width - len(cut) - 1, placeholder=" …") + " " + cut
        return "\n".join(kept)

    def table_view(self) -> RenderableType:
        """The seats around the table, the player at the bottom and the others clockwise from the left; each with
        points this deal and in total, the scoring cards taken, and the card it played to the trick; in the middle
        the trick's number or its winner, and the cards drawn from the stock after the last trick."""
        seat, t = self.seat, self.t
        obs = seat.observation()
        if obs is None:
            return Text("")
        names, players = seat.names, len(obs.seats)
        me = seat.me if seat.me is not None else 0
        trick = dict(obs.current_trick.plays) if obs.current_trick else {}
        centre = Text(justify="center")
        if self.held is not None:
            trick, winner, points = self.held
            key = "you_win_trick" if winner == seat.me else "wins_trick"
            scoring = t.cards(obs.rules.scoring_cards(trick.values()))
            centre.append(
                t(key + ("_points" if points else ""), name=names[winner], cards=scoring, points=t.n("points", points)), style="bold"
            )
        elif obs.phase == "playing":
            number = len(obs.tricks) + (1 if obs.current_trick is None else 0)
            centre.append(t("trick_number", number=number), style="dim")
        if self.held is None and obs.phase == "playing":
            for drawer, drawn in sorted(seat.draws.items(), key=lambda item: item[0] != seat.me):
                line = t("table_you_drew", card=t.card(drawn)) if drawn is not None else t("table_drew", name=names[drawer])
                centre.append("\n" + line, style="italic")
        taken = seat.taken()
        playing = obs.phase == "playing" or self.held is not None

        def cell(at: int) -> Text:
            text = Text(justify="center", overflow="fold")  # a long name (a server's "Computer 4 (medium)") wraps
            mark = "▶ " if obs.turn == at and obs.phase == "playing" and self.held is None else ""
            text.append(mark + names[at] + ("*" if obs.dealer == at and obs.deal >= 0 else ""), style="bold")
            seat_mark = seat.seat_mark(at)
            if seat_mark:  # a line of its own, short: beside the name it wrapped over three lines at 80x24
                text.append("\n" + seat_mark, style="italic")
            if playing or obs.phase == "passing":
                deal_points = obs.trick_points[at]
            elif obs.tricks and obs.deal_points:  # between deals: the deal's score beside the cards it came from
                deal_points = obs.deal_points[-1][at]
            else:
                deal_points = 0
            text.append(f"\n{deal_points} / {obs.totals[at] if at < len(obs.totals) else 0}")
            text.append("\n")
            text.append_text(self._cards_text(taken.get(at, [])))
            if obs.kitty_owner == at and obs.kitty_size and playing:  # (a play-test found its taker in the story only)
                text.append(" " + t("table_kitty_taken"), style="italic")
            text.append("\n")
            card = trick.get(at)
            if card is not None:
                text.append(f"[{t.card(card)}]", style=SUIT_STYLE[card & 3] + (" reverse" if self.held and at == self.held[1] else ""))
            return text

        others = [(me + k) % players for k in range(1, players)]
        left, right = (others[0], others[-1]) if len(others) >= 2 else (None, None)
        top = others[1:-1] if len(others) >= 2 else others
        parts: list[RenderableType] = []
        if top:
            row = Table.grid(expand=True)
            for _ in range(max(len(top), 3) if len(top) == 1 else len(top)):
                row.add_column(ratio=1)
            cells = [cell(at) for at in top]
            row.add_row(*([Text(""), cells[0], Text("")] if len(top) == 1 else cells))
            parts.append(row)
        middle = Table.grid(expand=True)
        if left is None or right is None:  # two players, face to face: the middle is the trick's alone
            middle.add_column(ratio=1)
            middle.add_row(centre)
        else:
            for _ in range(3):
                middle.add_column(ratio=1)
            middle.add_row(cell(left), centre, cell(right))
        legend = Text(t("table_legend"), style="dim", justify="center", no_wrap=True, overflow="ellipsis")
        parts += [middle, cell(me), legend]
        return Group(*parts)

    def _cards_text(self, cards: Sequence[Card]) -> Text:
        """Scoring cards taken, short: ``♥×5 Q♠``."""
        text = Text()
        hearts = [c for c in cards if c & 3 == HEARTS]
        others = sorted((c for c in cards if c & 3 != HEARTS), key=lambda c: (-(c & 3), -(c >> 2)))
        if len(hearts) > 2:
            text.append(f"♥×{len(hearts)}", style=SUIT_STYLE[HEARTS])
        else:
            for card in sorted(hearts, reverse=True):
                text.append(self.t.card(card) + " ", style=SUIT_STYLE[HEARTS])
        for card in others:
            text.append(" " + self.t.card(card), style=SUIT_STYLE[card & 3])
        return text

    def key_labels(self) -> list[tuple[str, str]]:
        """The F-keys with what each does, as the key bar lists them."""
        return [(key.upper(), self.t(f"key_{action}")) for key, action in self.KEYS]

    def quit_label(self) -> str:
        return self.t("key_quit")

    def quit_how(self) -> str:
        """What Ctrl+C says: how to leave, and what leaving keeps."""
        return self.t("quit_how_unsaved")

    def action_help_quit(self) -> None:
        # One at a time: Ctrl+C pressed three times stacked three over the prompt (a play-test).
        self.clear_notifications()
        self.notify(self.quit_how())

    def keys_text(self, width: int = 0) -> Text:
        """Every key, with what it does: the F-keys, the story's scrolling and the way out, wrapped to ``width``
        between one key and the next, never between a key and what it does (nor cut)."""
        t = self.t
        keys = [*self.key_labels(), (t("key_page_keys"), t("key_log")), (t("key_quit_keys"), self.quit_label())]
        text = Text()
        line = 0
        for index, (key, label) in enumerate(keys):
            size = len(key) + 1 + len(label)
            if index:
                wrap = width > 0 and line + 2 + size > width
                text.append("\n" if wrap else "  ")
                line = 0 if wrap else line + 2
            text.append(key, style="bold reverse")
            text.append(" " + label)
            line += size
        return text

    def draw_keys(self, screen_width: int = 0) -> None:
        """The keys line, wrapped to the width the screen gives it (``screen_width``: a new one, on a resize)."""
        keys = self.screen_stack[0].query_one("#keys", Static)  # (under a view too: it shows dimmed round the view)
        width = keys.content_region.width or self.size.width - keys.styles.gutter.width
        if screen_width:  # the widget spans the screen; its own size is the old one until the next layout
            # (less its padding, known from its styles before its first layout too: the German keys at 80x24 broke
            # "Speichern &" / "Ende" on the first screen)
            width = screen_width - keys.styles.gutter.width
        keys.update(self.keys_text(width))

    def on_resize(self, event: events.Resize) -> None:
        # With a view open too: the keys show round it, and a play-test read "F7" / "Regeln" broken at 80x24.
        self.draw_keys(event.size.width)
        # Below 80x24 seats and cards fall off the screen: said as it gets that small (a play-test lost a seat
        # silently), and said again with the new size while it shrinks on (the note kept saying 70x20 at 60x16).
        small = event.size.width < MIN_SIZE[0] or event.size.height < MIN_SIZE[1]
        narrow = event.size.width < NARROW_BELOW and not self.seat.explains
        self.query_one("#middle").set_class(narrow, "narrow")
        said = (event.size.width, event.size.height) if small else None
        if said is not None and said != self._said_small:
            self.clear_notifications()
            key = "too_narrow" if narrow else "too_small"
            self.notify(self.t(key, width=event.size.width, height=event.size.height), severity="warning", timeout=8)
        elif said is None and self._said_small is not None:
            self.clear_notifications()  # big enough again: the note goes at once (it covered the prompt for seconds)
        self._said_small = said

    # ---- views over the table ----------------------------------------------
    def view_width(self) -> int:
        return view_width(self.size.width)

    def view_text(self, body: RenderableType) -> RenderableType:
        """Plain text as a view shows it: each wrapped line under its own text, not at the view's edge (a review's
        and an explanation's lines at 80x24), and read as text, not as markup."""
        return Text(hanging(body, self.view_width())) if isinstance(body, str) else body

    def show_text(self, title: str, body: RenderableType) -> None:
        # after the key that asked for it is done (Enter on a typed command must not close the view it opened)
        source = body if isinstance(body, str) else None
        self.call_later(self.push_screen, TextScreen(title, self.view_text(body), self.t("view_close"), source=source))

    def show_deal_review(self, title: str, body: RenderableType) -> None:
        """The deal just scored: its key line says Enter deals the next one (a long review hides its last line at
        80x24), and Enter does, straight from the view; Escape only closes it."""
        keys = " " + self.t("press_enter") + "  " + self.t("view_close")  # (indented as the other views' key lines)
        source = body if isinstance(body, str) else None
        body = self.view_text(body)

        def closed(how: str | None) -> None:
            if how == "enter":
                self.enter_idle()

        self.call_later(self.push_screen, TextScreen(title, body, keys, enter_result="enter", source=source), closed)

    def action_last(self) -> None:
        self.show_text(self.t("key_last"), self.seat.last_trick())

    def action_sheet(self) -> None:
        # The deal being played too (the sheet had only the finished ones); the view's title names it once.
        obs = self.seat.observation()
        so_far = obs.trick_points if obs is not None and obs.phase == "playing" else None
        lines = self.seat.sheet_lines(so_far, self.view_width())  # (a view at 80x24 holds 64 columns, not the default 66)
        self.show_text(self.t("key_sheet"), "\n".join(lines[1:]))

    def action_rules(self) -> None:
        rules = self.seat.rules
        if rules is not None:
            self.show_text(self.t("key_rules"), "\n".join("• " + line for line in rules.describe(self.seat.lang)))

    def action_log_up(self) -> None:
        self.query_one("#log", RichLog).scroll_page_up()

    def action_log_down(self) -> None:
        self.query_one("#log", RichLog).scroll_page_down()

    # ---- keys --------------------------------------------------------------
    def typable(self, character: str | None) -> bool:
        if not character:
            return False
        return character in self.TYPABLE if self.TYPABLE is not None else character.isprintable()

    def is_command(self, text: str) -> bool:
        """Whether ``text`` is a command word (taken at any time, unlike a card)."""
        return False

    def move(self, step: int) -> None:
        """The cursor to the next card that may be chosen now (any card when none may)."""
        cards = self.hand_cards()
        if not cards:
            return
        choosable = self.choosable()
        for _ in range(len(cards)):
            self.selected = (self.selected + step) % len(cards)
            if cards[self.selected] in choosable or not choosable:
                return

    def on_key(self, event: events.Key) -> None:
        self.handle_key(event)

    def handle_key(self, event: events.Key) -> None:
        """The keys of the hand and the prompt (a subclass wraps this, not ``on_key``: Textual calls the
        ``on_key`` of every class in the hierarchy)."""
        if isinstance(self.screen, TextScreen):
            # A view over the table takes its own keys only: Enter closing the score sheet played a card, arrows moved
            # the hand's cursor behind it (a play-test); on the game's end Enter opened a second one.
            return
        plain = key_after_escape(event)
        if plain is not None:
            # Escape and a key typed at once reach a terminal program as the bytes of Alt+key: a play-test's Escape
            # left the line it meant to clear, with the key typed onto it. Both are done, as typed.
            self.handle_key(events.Key("escape", "\x1b"))
            self.handle_key(plain)
            event.stop()
            return
        waiting = self.waiting()
        cards = self.hand_cards()
        stale = event.time < self.ready_at  # pressed while the others played or the program worked
        if event.key == "enter" and event.time < self.hint_shown_at:
            # Pressed while the hint was worked out, before it was seen: F2 and Enter at once passed the hint's
            # cards unseen (a play-test). The hint is shown, and Enter waits for the next press.
            event.stop()
            return
        doubled = event.key == "enter" and waiting == "play" and not self.buffer.strip()
        if doubled and event.time - self.passed_at < AFTER_PASS_SECONDS and not stale and not self.busy():
            # The pass's Enter pressed twice: the hand it brought is not seen yet (a card typed is chosen).
            self.message = self.t("keys_after_pass")
            event.stop()
            self.refresh_view()
            return
        if event.key == "enter" and waiting == "pass":
            self.passed_at = event.time
        if event.key in MOVE_KEYS and cards:
            if MOVE_KEYS[event.key]:
                self.move(MOVE_KEYS[event.key])
            else:  # from the end, one step inwards: the nearest card that may be chosen
                self.selected = len(cards) - 1 if event.key == "home" else 0
                self.move(1 if event.key == "home" else -1)
            if waiting == "play":
                self.message = ""  # the player chooses on: the line over the prompt says again which card Enter plays
        elif event.key == "enter" and self.is_command(self.buffer):
            text, self.buffer = self.buffer, ""
            self.enter_text(text)
        elif event.key in ("enter", "space") and (stale or self.busy()) and not (event.key == "space" and self.buffer.strip()):
            # (A Space between typed words is text, typed ahead as any other: a play-test's "play 9h" had become "play9h".)
            if self.busy() or waiting in ("pass", "play"):  # (reported late at the deal's or the game's end: dropped)
                typed = event.key == "enter" and self.buffer.strip()  # the line stays, for Enter on the player's turn
                if typed and self.seat.names_no_card(self.buffer):
                    # Said now, not kept: a play-test's "play" stayed, and "1s" typed after it made "play1s".
                    self.message, self.buffer = self.seat.unreadable(self.buffer), ""
                else:
                    said = "keys_wait_typed" if typed else "keys_wait"
                    # (not busy: the others were done before the key was read, at speed 0: it is the player's turn)
                    self.message = self.t(said if self.busy() else WAIT_SAID_ON_TURN[said])
        elif event.key == "space" and waiting == "pass" and cards and not self.buffer:
            # The card under the cursor only: the cursor stays (it went on to the hint's next card, and a play-test's
            # arrow from there marked a card it did not mean). A hint's pass is one Enter (below).
            self.toggle_mark(cards[self.selected])
        elif event.key == "enter":
            if not self.buffer.strip():
                self.buffer = ""
            if self.buffer.strip():
                text, self.buffer = self.buffer, ""
                if not (waiting == "pass" and self.mark_typed(text)):
                    self.enter_text(text)
            elif waiting == "pass" and not self.marked and (hinted := self.hint_pass()):
                self.choose(sorted(hinted))  # nothing marked: the hint's pass, as the line over the prompt says
            elif waiting == "pass" and not self.marked:
                # Nothing marked and no hint: say how to mark, not the core's refusal.
                self.message = self.t("mark_cards_first", count=self.seat.rules.pass_count if self.seat.rules else 3)
            elif waiting == "pass":
                self.choose(sorted(self.marked))
            elif waiting == "play" and cards:
                self.choose([cards[self.selected]])
            else:
                self.enter_idle()
        elif event.key == "backspace":
            self.buffer = self.buffer[:-1]
        elif event.key == "escape":
            self.buffer, self.message, self.asked = "", "", None
        elif self.typable(event.character) and (self.buffer.strip() or event.character != " "):
            self.buffer += event.character or ""  # (a space only between words: a leading one would be invisible)
        elif event.key == "space":
            pass  # a Space with nothing to mark: not typed
        else:
            return
        event.stop()
        self.refresh_view()

    def toggle_mark(self, card: Card) -> None:
        """Space: mark the card for the pass, or unmark it; never more than the pass takes."""
        rules = self.seat.rules
        if card in self.marked:
            self.marked.discard(card)
        elif rules is not None and len(self.marked) >= rules.pass_count:
            self.message = self.t("pass_marked_full", count=rules.pass_count)
            return
        else:
            self.marked.add(card)
        self.forget_marking_notes()

    def forget_marking_notes(self) -> None:
        """A card marked answers "mark the cards first" and "three are marked already"; a hint (or anything else said)
        stays, to be read while its cards are marked (a play-test lost the hint's reason at the first Space)."""
        count = self.seat.rules.pass_count if self.seat.rules else 3
        if self.message in (self.t("pass_marked_full", count=count), self.t("mark_cards_first", count=count), self.pass_refusal):
            self.message = ""

    def mark_typed(self, text: str) -> bool:
        """Cards typed during a pass join the marked ones: marked until they make the pass, then Enter passes them,
        as after Space (a typed card that made it passed at once, a play-test); a line of the whole pass passes it,
        whatever was marked. Cards all marked already are unmarked. False when the text is not cards of the hand (it is
        then entered as typed, and refused)."""
        typed = self.seat.parse(text)
        rules = self.seat.rules
        if not typed or rules is None or not all(card in self.hand() for card in typed):
            return False
        obs = self.seat.observation()
        refused = next((card for card in typed if obs is not None and card in obs.refusals), None)
        if obs is not None and refused is not None:
            # A card the pass may not hold is refused at once, as a card that may not be played (Dirty Lady's Q♠ typed
            # was marked, "Marked 3 of 3 ... Enter passes them", and refused only at Enter: a play-test).
            self.message = self.seat.refusal(obs.refusals[refused].rule, [refused])
            return True
        if len(set(typed)) == rules.pass_count:  # a whole pass typed is the pass, whatever was marked before it (a
            self.choose(sorted(set(typed)))  # play-test's mark left by mistake made "ac kc jc" four cards, refused)
            return True
        if set(typed) <= self.marked:  # typed again, as Space on it, it is unmarked (a play-test's pass went instead)
            self.marked -= set(typed)
            self.forget_marking_notes()
            return True
        chosen = self.marked | set(typed)
        if len(chosen) > rules.pass_count and set(typed) & self.marked and len(self.marked ^ set(typed)) <= rules.pass_count:
            # Marked ones among them unmarked, as each typed alone is: "pk hd" over K♠ A♥ 10♦ made four cards, refused
            # (a play-test).
            self.marked ^= set(typed)
            self.forget_marking_notes()
            return True
        twice = sorted({card for card in typed if typed.count(card) > 1})
        if len(chosen) < rules.pass_count or (self.marked and len(chosen) == rules.pass_count):
            # The text typed answers what was said (a refusal of a typing); a card typed twice is said marked once (a
            # play-test's "as qs as" left "Marked 2 of 3" unexplained).
            self.marked = chosen
            self.message = self.t("pass_typed_twice", cards=self.t.cards(twice)) if twice else ""
        else:
            self.choose(sorted(chosen))
        return True


KEY_COLUMN: Final = 16
"""Where the help's descriptions begin, after the key (``  Left/Right    choose a card``)."""


def hanging(text: str, width: int) -> str:
    """``text`` wrapped to ``width``, each line's continuation under its text: under the description where a line is
    a key and what it does (the help's column 16), else under the line's own indent and two more."""
    out: list[str] = []
    for line in text.split("\n"):
        lead = len(line) - len(line.lstrip(" "))
        keyed = lead and len(line) > KEY_COLUMN and line[KEY_COLUMN - 2 : KEY_COLUMN] == "  " and line[KEY_COLUMN] != " "
        bullet = line[lead : lead + 2] in ("• ", "- ")  # a rule in words: under its text
        indent = " " * (KEY_COLUMN if keyed else lead + 2 if lead or bullet else 0)
        out.extend(textwrap.wrap(line, max(width, 20), subsequent_indent=indent) or [""])
    return "\n".join(out)


def view_width(screen_width: int) -> int:
    """The columns of a view's text: the screen's width where narrow, else 90% of it up to the view's widest, less
    border, padding, scroll bar."""
    if screen_width < TextScreen.FULL_WIDTH_BELOW:
        return screen_width - 8
    return min(TextScreen.MAX_WIDTH, screen_width * 9 // 10) - 8


class TextScreen(ModalScreen[str | None]):
    """A view over the game (help, score sheet, rules, last trick): Escape closes it, arrows and PageUp/PageDown
    scroll it; the keys it takes are named in its bottom line."""

    MAX_WIDTH: ClassVar[int] = 110
    DEFAULT_CSS = f"""
    TextScreen {{ align: center middle; }}
    TextScreen #view {{ width: 90%; max-width: {MAX_WIDTH}; height: auto; max-height: 85%; border: thick $accent; background: $surface; padding: 0 1; }}
    TextScreen #view-keys {{ dock: bottom; height: auto; background: $panel; }}
    """
    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        Binding("escape", "close", show=False),
        Binding("enter", "enter", show=False),
        Binding("q", "close_q", show=False),
    ]

    def __init__(self, title: str, body: RenderableType, keys: str, enter_result: str | None = None, source: str | None = None) -> None:
        super().__init__()
        self.view_title = title
        self.body = body
        self.keys = keys
        self.enter_result = enter_result
        """What the view is dismissed with on Enter (None: Enter only closes it, as Escape does)."""
        self.source = source
        """The plain text ``body`` was wrapped from (``hanging``), wrapped again when the screen's width changes: a
        help opened at 80 columns stayed at 70 after the terminal grew (a play-test)."""

    FULL_WIDTH_BELOW: ClassVar[int] = 100
    """Narrower screens show a view across their whole width: in a margin of a few columns the dimmed story showed
    stray letters beside the view's border at 80x24 (a play-test)."""

    def on_resize(self, event: events.Resize) -> None:
        if not isinstance(self, GameOverScreen):  # (which takes the whole screen anyway)
            self.query_one("#view").styles.width = "100%" if event.size.width < self.FULL_WIDTH_BELOW else "90%"
        if self.source is not None:
            self.query_one("#view-body", Static).update(Text(hanging(self.source, view_width(event.size.width))))

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="view") as view:
            view.border_title = self.view_title
            yield Static(self.body, id="view-body")
        yield Static(self.keys, id="view-keys")

    types_through: ClassVar[bool] = True
    """Whether a key typed over the view closes it and is typed at the table (the game's end takes its own keys)."""
    closing = False
    """Dismissed, and not yet gone: the keys typed meanwhile go to the table (the screen is popped once only: "10d"
    typed at once over the rules closed them at "1", and "0" popped the table's own screen, which ended the program)."""

    def close_with(self, result: str | None, typed: events.Key | None = None) -> None:
        """Close the view (once) with ``result``, the key ``typed`` (if any) then going to the table."""
        if not self.closing:
            self.closing = True
            self.dismiss(result)
        handle = getattr(self.app, "handle_key", None)
        if typed is not None and handle is not None:
            self.app.call_after_refresh(handle, typed)

    def action_close(self) -> None:
        self.close_with(None)

    def action_close_q(self) -> None:
        self.close_with(None, events.Key("q", "q") if self.closing else None)  # after a key that closed it: typed

    def action_enter(self) -> None:
        # An Enter typed after a key that closed the view is that line's (the view is gone for it).
        self.close_with(self.enter_result, events.Key("enter", "\r") if self.closing else None)

    def on_key(self, event: events.Key) -> None:
        # Escape and a key typed at once (one key in the terminal's bytes): the view closes and the key goes to the
        # table, as when typed a moment later (a play-test's "pass 8s 6s" typed after Escape was lost).
        plain = key_after_escape(event)
        if not hasattr(self.app, "handle_key"):
            return
        if plain is not None:
            event.stop()
            self.close_with(None, plain)
        elif self.closing or (self.types_through and event.is_printable and event.character not in (" ", "q")):
            # A card or a command typed over the view closes it and goes to the prompt: a play-test's "9d" and Enter
            # typed over the last trick were lost, and Enter only closed the view. (q alone still only closes it.) Once
            # closing, every key is the table's (a Backspace too).
            event.stop()
            self.close_with(None, events.Key(event.key, event.character))


class GameOverScreen(TextScreen, inherit_bindings=False):
    """The end of the game: the final table and score sheet stay in view; N plays again with the same settings,
    Q leaves, Escape goes back to the table (Enter there opens this again). It takes the whole height, so neither the
    table's key line nor its status (the keys typed at the table, "n then Enter") shows beside it: a play-test read both
    and pressed N alone."""

    types_through = False
    DEFAULT_CSS = """
    GameOverScreen #view { width: 100%; max-width: 100%; height: 1fr; max-height: 100%; border: thick $success; }
    """
    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        # The capitals the view shows work too (a play-test pressed Shift+N and nothing happened; Caps Lock as well).
        Binding("n,N", "again", show=False),
        Binding("q,Q", "leave", show=False),
        Binding("escape", "close", show=False),
    ]

    def action_again(self) -> None:
        self.dismiss("again")

    def action_leave(self) -> None:
        self.dismiss("quit")


class GameApp(CardTableApp):
    """The game against computer players (``blackmaria play``, ``blackmaria learn``)."""

    KEYS: ClassVar[list[tuple[str, str]]] = [
        ("f1", "help"),
        ("f2", "hint"),
        ("f3", "undo"),
        ("f4", "claim"),
        ("f5", "last"),
        ("f6", "sheet"),
        ("f7", "rules"),
        ("f8", "speed"),
        ("f9", "autoplay"),
    ]
    CSS = (
        CardTableApp.CSS
        + """
    #log { width: 2fr; }
    #table { width: 3fr; max-width: 96; }
    """
    )

    _explained = 0
    """The guided deal's explanations written so far."""

    def __init__(self, session: PlaySession, speed: float | None = None) -> None:
        super().__init__(session)
        self.session = session
        session.sheet_in_story = False  # the score sheet opens in a view after each deal; the story tells the totals
        if speed is not None:
            self.speed = speed
        self.deals_shown = len([log for log in session.game.deals if log.points is not None])
        self.working_since: float | None = None
        """When the present piece of work (a computer player's choice, an analysis) began, while one runs."""
        self.preparing = False
        """True while the player's decision is prepared (a guided deal's analysis), after the others have acted."""
        self.stop_requested = False
        self._working_shown = False
        self._status = Text()
        self.lock = threading.RLock()
        """Held while the others' thread changes the game, and while the screen reads it."""
        self.finished = False
        self._worker: threading.Thread | None = None
        self.bind("ctrl+q", "quit", description=self.t("key_quit"))
        self.bind("ctrl+c", "help_quit", show=False)

    @property
    def session(self) -> PlaySession:
        """The game on the screen (a new one after N on the game-over screen): the screen's seat."""
        return self._session

    @session.setter
    def session(self, session: PlaySession) -> None:
        self._session = self.seat = session
        session.answers = False  # the computer players' cards come one by one, from run_others

    @property
    def speed(self) -> float:
        """Seconds per computer card: the game's own, so that it is saved with it."""
        return self._session.speed

    @speed.setter
    def speed(self, seconds: float) -> None:
        self._session.speed = seconds

    def on_mount(self) -> None:
        self.redraw_log()
        self.set_interval(0.1, self._show_work)
        if self.session.waiting_for() == "deal" and not self.session.game.deals:
            self.session.deal(advance=False)
        self.tricks_shown = self._tricks_won()
        # At a pass, its keys: at 80x24 the story's first lines, which say them, lie above its box (a play-test), and
        # the line over the prompt says only what is marked. (At a card to play it says what Enter plays.)
        self.message = self.t("app_keys_hint_pass" if self.session.waiting_for() == "pass" else "app_keys_hint")
        self.marked = set(self.session.pass_marks)  # the pass marked before a quit
        self.run_others()

    # ---- the others' turns, paced ------------------------------------------
    def busy(self) -> bool:
        return self._worker is not None

    def run_others(self, act: bool = True) -> None:
        """Let the computer players act (and the player's forced cards be played) until the player must choose,
        then prepare the decision (a guided deal explains it): at once at speed 0, else card by card in a thread,
        the screen showing each card and holding each trick. With ``act`` False nobody plays, the decision is only
        prepared (after an undo: a forced card taken back is not played again)."""
        if self.speed <= 0:
            while act and self.session.step():
                pass
            self.session.settle()
            self.session.prepare()
            self.others_done()
            return
        self._worker = threading.Thread(target=self._others_in_thread, args=(act,), daemon=True, name="blackmaria-bots")
        self._worker.start()
        self.refresh_view()

    def _others_in_thread(self, act: bool = True) -> None:
        session = self.session
        try:
            if act:
                self._hold_finished_trick()
            while act and not self.stop_requested:
                self.working_since = time.monotonic()
                action = session.next_action()  # the thinking: the game is only read, as the screen reads it
                self.working_since = None
                if action is None:
                    break
                with self.lock:  # the change: the screen does not read the game meanwhile
                    session.apply(action)
                    session.settle()
                self.call_from_thread(self.refresh_view)
                self._hold_finished_trick()
                if session.waiting_for() is None or session.forced_card() is not None:
                    time.sleep(self.speed)
            if not self.stop_requested:
                self.working_since = time.monotonic()
                with self.lock:
                    session.settle()
                if session.explains:  # (only a guided deal's preparing takes time)
                    self.preparing = True
                    self.call_from_thread(self.refresh_view)
                session.prepare()
        finally:
            self.working_since = None
            self.preparing = False
            self.call_from_thread(self._worker_done)

    def _hold_finished_trick(self) -> None:
        """If a trick was completed since the table last showed one, keep it on the table with its winner a while
        (the computer players wait meanwhile)."""
        held = self.finished_trick()
        if held is None or self.speed <= 0:
            return
        self.held = held
        self.call_from_thread(self.refresh_view)
        time.sleep(max(2 * self.speed, 0.8))
        self.held = None

    def _worker_done(self) -> None:
        self._worker = None
        if self.stop_requested:
            self.session.save()
            self.exit(message=self.session.goodbye())
            return
        self.others_done()

    def others_done(self) -> None:
        """The player's turn (or the deal's end): from now on Enter is a choice of what the screen shows."""
        self.tricks_shown = self._tricks_won()
        waiting = self.session.waiting_for()
        # Said while the others played, it no longer holds: on the player's turn it says what became of the key or of the
        # line typed (a play-test read "Wait: the computer players are playing" beside "Your turn").
        now = next((now for said, now in WAIT_SAID_ON_TURN.items() if self.message == self.t(said)), None)
        if now is not None:
            self.message = self.t(now) if now and waiting in ("pass", "play") else ""
        if waiting == "play" and self._claim_is_clear():
            # The word on the card just played stays under the offer (a play-test's went at once; it is in the story)
            feedback = self.message if self.message and self.message == self._story_told else ""
            self.message = self.t("claim_offer") + (f"\n{feedback}" if feedback else "")
        self.refresh_view()
        self.ready_at = time.monotonic()
        if waiting == "over" and not self.finished:
            self.finished = True
            self.show_game_over()
        elif waiting == "deal" and self.session.game.deals and self._deals_scored() > self.deals_shown:
            self.deals_shown = self._deals_scored()
            # the view's key line says Enter deals the next one; said in the body too it read three times at 80x24
            lines = [*self.session.deal_review(), "", *self.session.sheet_lines(room=self.view_width())]
            self.show_deal_review(self.t("deal_number", number=len(self.session.game.deals)), "\n".join(lines))

    def _deals_scored(self) -> int:
        return len([log for log in self.session.game.deals if log.points is not None])

    def _claim_is_clear(self) -> bool:
        game = self.session.game
        obs = self.session.observation()  # (offered at once when nothing is left to score, a play-test's three cards)
        return nothing_left_to_score(obs) or (len(game.hand(self.session.human)) <= CLAIM_CHECK_CARDS and claim_is_decided(obs))

    def _show_work(self) -> None:
        since = self.working_since
        working = since is not None and time.monotonic() - since > WAIT_INDICATOR_AFTER
        if working != self._working_shown:
            self._working_shown = working
            self.draw_status()  # from what the screen last drew: the game may be changing in the others' thread

    def draw_status(self) -> None:
        status = self._status.copy()
        if self._working_shown:
            head, _, rest = status.plain.partition("\n")
            status = Text(no_wrap=True, overflow="ellipsis")
            status.append(head + "\n", style="bold")
            status.append("⏳ " + self.t("working") + "  ", style="bold yellow")
            status.append(rest)
        try:
            shown = self.query_one("#status", Static)
        except NoMatches:  # the app is closing: its widgets are gone while the work indicator's timer still ticks
            return
        shown.update(status)

    # ---- what the screen shows ---------------------------------------------
    def waiting(self) -> str | None:
        return None if self.busy() else self.session.waiting_for()

    def redraw_log(self) -> None:
        """The story from the session's history (after an undo took lines back, or at the start of a resumed game)."""
        log = self.query_one("#log", StoryLog)
        log.clear()
        # A guided deal opens with its goal in sight, at the top, above the first decision's explanation (at 80x24
        # the explanation shown from its own first line hid the goal and how to pass above it: a play-test).
        for index, line in enumerate(self.session.screen_intro()):
            log.write(line, top=index == 0 and not self._explained)
        # (without a pass, as with two players, the keys of the pass are not told: a play-test read them there)
        log.write(self.t("app_help" if self.session.game.rules.passes_at_all else "app_help_no_pass"))
        for _, line in self.session.history:
            log.write(line)
        self.session.take_lines()
        self.session.rewritten = False

    def handle_key(self, event: events.Key) -> None:
        with self.lock:
            super().handle_key(event)

    def refresh_view(self) -> None:
        with self.lock:
            self._refresh_view()

    def _refresh_view(self) -> None:
        session = self.session
        if session.rewritten:
            self.redraw_log()
        else:
            log = self.query_one("#log", StoryLog)
            lines = session.take_lines()
            start = session.explanation_from
            for line in lines[:start]:
                log.write(line)
            if start is not None:  # a guided deal's new explanation: shown from its first line, not its last
                for index, line in enumerate(lines[start:]):
                    log.write(line, scroll_end=False, top=index == 0 and self._explained > 0)  # (the first: the intro's)
                self._explained += 1
        self._status = self.status_text()
        self.draw_status()
        self.query_one("#table", Static).update(self.table_view())
        self.draw_hand()
        self.draw_keys()

    def status_text(self) -> Text:
        session, t = self.session, self.t
        obs = session.observation()
        waiting = session.waiting_for()
        status = Text(no_wrap=True, overflow="ellipsis")
        if waiting == "over" and not self.busy():
            # The end on a line of its own and the keys on the next: at 80 columns the two on one line lost "quit".
            status.append(
                t.game_over([session.names[w] for w in session.game.winners], tuple(session.game.winners) == (session.human,)) + "\n",
                style="bold",
            )
            status.append(t("over_enter" if session.saves else "over_enter_learn"))  # (as the end's view says its N)
            return status
        status.append(
            t("welcome", rules=session.rules_title(), players=session.game.players) + "  " + session.deal_of() + "\n", style="bold"
        )
        if self.busy():
            turn = obs.turn
            if self.preparing and waiting in ("pass", "play"):
                # (a guided deal's first analysis takes seconds: "The others pass." read as if the pass were done)
                status.append(t("preparing_decision"))
            elif turn is not None and turn != session.human and obs.phase == "playing":
                status.append(t("turn_of", name=session.names[turn]))
            elif obs.phase == "passing":
                status.append(t("others_passing"))
        elif waiting == "pass" and obs.pass_to is not None:
            direction = t.direction(obs.direction)
            status.append(t("pass_header", count=session.game.rules.pass_count, direction=direction, target=session.names[obs.pass_to]))
        elif waiting == "deal":
            status.append(t("press_enter"))
        elif obs.phase == "playing":
            status.append(session.status(with_points=False))  # the table shows each seat's points
        return status

    def key_labels(self) -> list[tuple[str, str]]:
        t = self.t
        keys = super().key_labels()
        # (at 0 the footer read "Speed 0.0s" beside the message that the cards come at once, a play-test)
        keys[7] = ("F8", t("key_speed_is", seconds=t.decimal(self.speed)) if self.speed else t("key_speed_at_once"))
        keys[8] = ("F9", t("key_autoplay_on") if self.session.autoplay else t("key_autoplay_off"))
        if self.session.waiting_for() == "over":  # no hint, undo nor claim once the game is over
            keys = [key for key in keys if key[0] not in ("F2", "F3", "F4")]
        return keys

    # ---- what the player does ------------------------------------------------
    def choose(self, cards: list[Card]) -> None:
        self.tricks_shown = self._tricks_won()
        passing = self.session.waiting_for() == "pass"
        error = self.session.choose(cards)  # the seat's pass or play, or the core's refusal in words
        self.pass_refusal = error if passing and error else ""
        # A guided deal's word on the choice over the prompt, where it is seen: in the story the next decision's
        # explanation came under it at once and a play-test never saw its pass's verdict.
        feedback = "" if error else self.session.take_feedback()
        self.message = error or feedback
        if feedback:
            self._story_told = feedback  # (a clipped message goes whole into the story: this one is there already)
        if error is None:
            story = self.query_one("#log", StoryLog)
            story.mark_action()
            story.follow_again()
            self.marked.clear()
            self.run_others()

    def command_action(self, text: str) -> str | None:
        """The action a typed word names: the game's words, the screen's own, and the session's (a guided deal's ``why``)."""
        word = command_word(text)
        return PLAY_COMMANDS.get(word) or MORE_COMMANDS.get(word) or self.session.COMMANDS.get(word)

    def is_command(self, text: str) -> bool:
        # (``speed 1.2`` too: taken while the others play, as ``speed`` is)
        return self.command_action(text) is not None or _speed_asked(text) is not None

    def enter_text(self, text: str) -> None:
        if self.session.waiting_for() == "over" and command_word(text) in OVER_WORDS:
            # the game-over view's N and Q, typed at the table after Escape (a play-test found no way back to them)
            if OVER_WORDS[command_word(text)] == "again":
                self.new_game()
            else:
                self.call_later(self.action_quit)
            return
        if self.speed_typed(text):
            return
        action = self.command_action(text)
        if action is not None:
            self.message = ""
            if action == "review":  # the deal's summary, then its tricks one by one
                review = self.session.deal_review()
                tricks = self.session.deal_tricks()
                self.show_text(self.t("key_review"), "\n".join([*review, *([""] + tricks if tricks else [])]))
            elif action == "quit":
                self.call_later(self.action_quit)
            else:
                getattr(self, f"action_{action}")()
            return
        parsed = self.session.parse(text)
        over = self.session.pass_is_over(text, parsed)
        if parsed is None:
            self.message = self.session.unreadable(text)
        elif over is not None:
            self.message = over
        elif self.waiting() in ("pass", "play"):
            self.choose(parsed)
        else:
            self.message = self.t("keys_wait") if self.busy() else self.seat.not_now()

    def enter_idle(self) -> None:
        if self.session.waiting_for() == "deal" and not self.busy():
            self.session.deal(advance=False)
            self.tricks_shown = self._tricks_won()
            self.run_others()
        elif self.session.waiting_for() == "over":
            self.show_game_over()

    def _refuse_while_busy(self) -> bool:
        if self.busy():
            # A command (undo, hint, why, claim, last trick) is no choice of a card: "not taken as your choice" read
            # oddly after F3 (a play-test).
            self.message = self.t("keys_wait_command")
            self.refresh_view()
            return True
        return False

    def action_help(self) -> None:
        text = self.t("app_help_long", quit=self.t("help_quit_saved" if self.session.saves else "help_quit_unsaved"))
        if self.session.explains:
            text = self.session.help_line() + "\n\n" + text
        self.show_text(self.t("key_help"), text)

    def action_why(self) -> None:
        """The decision now taught in full, in a view over the table: a guided deal's explanation again, or in a game
        the same analysis asked for (a play-test typed ``warum`` for more than the hint's reason). The story's column
        holds 13 lines of 40 at 80x24 (a play-test paged 3 to 5 times a decision); the view has the screen's width.
        The analysis takes a moment the first time: it runs beside the screen, as a hint does."""
        session = self.session
        if self._refuse_while_busy():
            return
        if session.waiting_for() not in ("pass", "play"):
            self.message = session.not_now()
            self.refresh_view()
            return
        if session.explanation_ready():
            self._why_shown(session.explanation_text())
            return
        self.message = self.t("why_preparing")
        self.refresh_view()
        asked_at = len(session.game.events)
        self.asked = asked = object()

        marked = sorted(self.marked) if session.waiting_for() == "pass" else []

        def work() -> None:
            lines = session.explanation_text(marked)

            def show() -> None:
                # still the decision asked about, and not called off with Escape
                if self.session is session and len(session.game.events) == asked_at and self.asked is asked:
                    self.message = ""
                    self._why_shown(lines)

            with contextlib.suppress(RuntimeError):  # the app was closed meanwhile
                self.call_from_thread(show)

        threading.Thread(target=work, daemon=True, name="blackmaria-why").start()

    def _why_shown(self, lines: list[str]) -> None:
        """The explanation in its view; a hint given for the decision is now its, numbers and all (the line under
        the table kept the quicker search's, which the explanation's last line calls less sure)."""
        if self.session.hint_renewed:
            self.session.hint_renewed = False
            self.message = self.session.explained_hint()
        self.refresh_view()
        self.show_text(self.t("key_why"), "\n".join(lines))

    def action_hint(self) -> None:
        if self._refuse_while_busy():
            return
        if hints_ready():
            self.message = self.session.hint()
            self.refresh_view()
            self.hint_shown_at = time.monotonic()
            return
        # The search's kernels are still loading (the first time on a machine they compile): the screen goes on.
        self.message = self.t("hint_preparing")
        self.refresh_view()
        asked_at = len(self.session.game.events)
        self.asked = asked = object()

        def work() -> None:
            text = self.session.hint()

            def show() -> None:
                if len(self.session.game.events) == asked_at and self.asked is asked:  # still the decision, still wanted
                    self.message = text
                    self.refresh_view()
                    self.hint_shown_at = time.monotonic()

            with contextlib.suppress(RuntimeError):  # the app was closed meanwhile
                self.call_from_thread(show)

        threading.Thread(target=work, daemon=True, name="blackmaria-hint").start()

    def action_undo(self) -> None:
        if not self._refuse_while_busy():
            self.message = self.session.undo()
            self.tricks_shown = self._tricks_won()
            self.run_others(act=False)  # the decision taken back, explained again in the worker (a guided deal)

    def action_claim(self) -> None:
        if not self._refuse_while_busy():
            self.message = self.session.claim()
            self.others_done()

    def action_last(self) -> None:
        if not self._refuse_while_busy():
            super().action_last()

    def action_speed(self) -> None:
        faster = [s for s in SPEEDS if s < self.speed]
        self.set_speed(faster[-1] if faster else SPEEDS[-1])

    def set_speed(self, seconds: float) -> None:
        self.speed = seconds
        self.message = self.t("speed_set", seconds=self.t.decimal(self.speed)) if self.speed else self.t("speed_set_now")
        self.refresh_view()

    def speed_typed(self, text: str) -> bool:
        """``speed 1.2`` (``tempo 1,2``): the computer players' pace as ``--speed`` takes it, 0 to 10 seconds a card (a
        play-test typed it; F8 and ``speed`` alone step through four). False when the text is not such a command."""
        asked = _speed_asked(text)
        if asked is None:
            return False
        try:
            seconds = float(asked.replace(",", "."))
        except ValueError:
            seconds = -1.0
        if 0 <= seconds <= 10:
            self.set_speed(seconds)
        else:
            self.message = self.t("speed_wrong", text=asked)
        return True

    def action_autoplay(self) -> None:
        self.session.autoplay = not self.session.autoplay
        self.message = self.t("autoplay_on") if self.session.autoplay else self.t("autoplay_off")
        if not self.busy() and self.session.forced_card() is not None:
            self.run_others()
        else:
            self.refresh_view()

    def _quitting_saves(self) -> bool:
        # A finished game is recorded already: nothing is left to save (a play-test read "Save & quit" at its end).
        return self.session.saves and not self.session.game.is_over

    def quit_label(self) -> str:
        return self.t("key_quit" if self._quitting_saves() else "key_quit_unsaved")

    def quit_how(self) -> str:
        return self.t("quit_how" if self._quitting_saves() else "quit_how_unsaved")

    def show_game_over(self) -> None:
        session, t = self.session, self.t
        # The standings first, fewest points first (as the browser's result): at 80x24 the sheet's total row is
        # below the fold of a long game, and a play-test looked for the totals and the places there.
        body = Group(
            Text(
                t.game_over([session.names[w] for w in session.game.winners], tuple(session.game.winners) == (session.human,)), style="bold"
            ),
            # (the place on a line of its own: at 80 columns "Your place: 4 of" ended a line and "4." began the next)
            Text(standings(t, session.names, session.game.totals, session.human, sep="\n")),
            Text(""),
            Text("\n".join(session.sheet_lines(room=self.view_width()))),
            Text(""),
            Text(hanging("\n".join(session.deal_review()), self.view_width())),
        )
        keys = t("over_keys" if session.saves else "over_keys_learn")

        def chosen(answer: str | None) -> None:
            if answer == "again":
                self.new_game()
            elif answer == "quit":
                self.call_later(self.action_quit)
            else:
                self.refresh_view()  # back at the table (Escape)

        self.push_screen(GameOverScreen(t("game_over_title"), body, keys), chosen)

    def new_game(self) -> None:
        """A new game with the same settings; the finished one stays recorded."""
        self.session.save()
        self.session = self.session.next_session()
        self.session.sheet_in_story = False
        self.deals_shown = 0
        self.finished = False
        self.marked.clear()
        self.message = ""
        self.query_one("#log", RichLog).clear()
        self.session.deal(advance=False)
        self.tricks_shown = self._tricks_won()
        self.run_others()

    async def action_quit(self) -> None:
        self.session.pass_marks = sorted(self.marked) if self.session.waiting_for() == "pass" else []
        if self.busy():
            self.stop_requested = True  # the computer players' thread stops after its card, saves and leaves
            return
        self.session.save()
        self.exit(message=self.session.goodbye())


def _speed_asked(text: str) -> str | None:
    """What follows ``speed`` (``tempo``) in a typed ``speed 1.2``, or None when the text is not that."""
    words = command_word(text).split()
    return words[1] if len(words) == 2 and MORE_COMMANDS.get(words[0]) == "speed" else None
