"""The Textual game: the table, your hand, the story of the deal, and keys to play.

Arrow keys choose a card, Enter plays it (or passes the marked cards), Space
marks a card for the pass; typing a card (``qs``, ``10h``) and Enter works too.
F-keys: hint, undo, claim, last trick, score sheet, rules. The game is saved
after every action; Ctrl+Q leaves and ``blackmaria play --resume`` continues.
"""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, RichLog, Static

from blackmaria.cards import CLUBS, DIAMONDS, HEARTS, SPADES, Card, CardSet
from blackmaria.locale import Texts
from blackmaria.tui.session import PlaySession

SUIT_STYLE = {SPADES: "bold white", HEARTS: "bold red", DIAMONDS: "bold red", CLUBS: "bold white"}
TYPABLE = set("23456789tjqkadbsch10♠♥♦♣TJQKADBSCH ")


class CardTableApp(App[None]):
    """What the game against the computer and a seat at a server's table share: the layout, the hand drawn in
    suits, and the keys that choose, mark and play cards. A subclass says what the hand is and what a choice does."""

    ENABLE_COMMAND_PALETTE = False  # its texts are English only
    CSS = """
    #status { height: 3; padding: 0 1; background: $panel; }
    #middle { height: 1fr; }
    #table { width: 58; padding: 0 1; }
    #log { width: 1fr; border: round $primary; }
    #bottom { height: auto; }
    #hand { height: 4; padding: 0 1; border: round $accent; }
    #prompt { height: 2; padding: 0 1; }
    """
    KEYS: ClassVar[list[tuple[str, str]]] = []
    TYPABLE: ClassVar[set[str] | None] = TYPABLE
    """The characters the prompt takes (None: any printable one)."""

    def __init__(self, t: Texts) -> None:
        super().__init__()
        self.t = t
        self.selected = 0
        self.marked: set[Card] = set()
        self.buffer = ""
        self.message = ""
        self.title = "Black Maria"
        for key, action in self.KEYS:
            self.bind(key, action, description=self.t(f"key_{action}"))

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="middle"):
            yield Static(id="table")
            yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        with Vertical(id="bottom"):
            yield Static(id="hand")
            yield Static(id="prompt")
        yield Footer()

    # ---- what a subclass says ------------------------------------------------
    def waiting(self) -> str | None:
        """``pass`` or ``play`` when the player must choose, else what the game waits for (or None)."""
        raise NotImplementedError

    def hand(self) -> CardSet:
        raise NotImplementedError

    def choosable(self) -> CardSet:
        """The cards the player may pass or play now (drawn bright; the others dim)."""
        raise NotImplementedError

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

    # ---- drawing -----------------------------------------------------------
    def hand_cards(self) -> list[Card]:
        hand = self.hand()
        return [c for suit in (SPADES, HEARTS, DIAMONDS, CLUBS) for c in sorted(hand.suit(suit), reverse=True)]

    def draw_hand(self) -> None:
        cards = self.hand_cards()
        self.selected = min(self.selected, max(len(cards) - 1, 0))
        choosable = self.choosable()
        hand = Text()
        for index, card in enumerate(cards):
            style = SUIT_STYLE[card & 3] if card in choosable else "dim"
            if index == self.selected:
                style += " reverse"
            if card in self.marked:
                style += " underline"
            hand.append(f" {self.t.card(card)} ", style=style)
            if index + 1 < len(cards) and cards[index + 1] & 3 != card & 3:
                hand.append("  ")
        self.query_one("#hand", Static).update(hand)
        prompt = Text(self.message + ("\n" if self.message else ""))
        prompt.append(f"> {self.buffer}", style="bold")
        self.query_one("#prompt", Static).update(prompt)

    def table_rows(
        self,
        names: list[str],
        totals: list[int],
        deal_points: list[int] | None,
        turn: int | None,
        dealer: int | None,
        trick: dict[int, Card],
    ) -> Table:
        """Each seat: name (the turn marked), total, points taken this deal, the card on the table."""
        table = Table(box=None, expand=True, show_edge=False)
        for column in ("", self.t("sheet_total"), self.t("col_this_deal"), self.t("col_trick")):
            table.add_column(column)
        for seat, name in enumerate(names):
            marker = "▶ " if turn == seat else "  "
            dealer_mark = f" ({self.t('dealer_mark')})" if dealer == seat else ""
            card = trick.get(seat)
            shown = Text(self.t.card(card), style=SUIT_STYLE[card & 3]) if card is not None else Text("")
            this_deal = f"{deal_points[seat]:+d}" if deal_points is not None else ""
            table.add_row(marker + name + dealer_mark, str(totals[seat]) if seat < len(totals) else "", this_deal, shown)
        return table

    # ---- keys --------------------------------------------------------------
    def typable(self, character: str | None) -> bool:
        if not character:
            return False
        return character in self.TYPABLE if self.TYPABLE is not None else character.isprintable()

    def on_key(self, event: events.Key) -> None:
        waiting = self.waiting()
        cards = self.hand_cards()
        if event.key in ("left", "right") and cards:
            step = -1 if event.key == "left" else 1
            self.selected = (self.selected + step) % len(cards)
        elif event.key == "space" and waiting == "pass" and cards and not self.buffer:
            card = cards[self.selected]
            self.marked.symmetric_difference_update({card})
        elif event.key == "enter":
            if self.buffer.strip():
                text, self.buffer = self.buffer, ""
                self.enter_text(text)
            elif waiting == "pass":
                self.choose(sorted(self.marked))
            elif waiting == "play" and cards:
                self.choose([cards[self.selected]])
            else:
                self.enter_idle()
        elif event.key == "backspace":
            self.buffer = self.buffer[:-1]
        elif event.key == "escape":
            self.buffer, self.message = "", ""
        elif self.typable(event.character):
            self.buffer += event.character or ""
        else:
            return
        event.stop()
        self.refresh_view()


class GameApp(CardTableApp):
    KEYS: ClassVar[list[tuple[str, str]]] = [
        ("f1", "help"),
        ("f2", "hint"),
        ("f3", "undo"),
        ("f4", "claim"),
        ("f5", "last"),
        ("f6", "sheet"),
        ("f7", "rules"),
    ]

    def __init__(self, session: PlaySession) -> None:
        super().__init__(session.t)
        self.session = session
        self.bind("ctrl+q", "quit", description=self.t("key_quit"))

    def on_mount(self) -> None:
        self.query_one("#log", RichLog).write(self.t("app_help"))
        if self.session.waiting_for() == "deal" and not self.session.game.deals:
            self.session.deal()
        self.refresh_view()

    def waiting(self) -> str | None:
        return self.session.waiting_for()

    def hand(self) -> CardSet:
        return self.session.observation().hand

    def choosable(self) -> CardSet:
        session, waiting = self.session, self.session.waiting_for()
        if waiting == "play":
            return session.observation().legal
        return session.game.passable_cards(session.human) if waiting == "pass" else self.hand()

    def enter_text(self, text: str) -> None:
        parsed = self.session.parse(text)
        if parsed is None:
            self.message = self.t("not_a_card", text=text.strip())
        else:
            self.choose(parsed)

    def enter_idle(self) -> None:
        if self.session.waiting_for() == "deal":
            self.session.deal()

    def refresh_view(self) -> None:
        session, t = self.session, self.t
        log = self.query_one("#log", RichLog)
        for line in session.take_lines():
            log.write(line)
        obs = session.observation()
        waiting = session.waiting_for()
        status = Text()
        status.append(t("welcome", rules=session.rules_title(), players=session.game.players) + "\n")
        if waiting == "pass" and obs.pass_to is not None:
            status.append(
                t(
                    "pass_header",
                    count=session.game.rules.pass_count,
                    direction=t.direction(obs.direction),
                    target=session.names[obs.pass_to],
                )
            )
        elif waiting == "over":
            status.append(t("game_over", names=", ".join(session.names[w] for w in session.game.winners)))
        elif waiting == "deal":
            status.append(t("press_enter"))
        else:
            status.append(session.status_line())
        self.query_one("#status", Static).update(status)
        self.query_one("#table", Static).update(self.table_view())
        self.draw_hand()

    def table_view(self) -> Table:
        obs = self.session.observation()
        trick = dict(obs.current_trick.plays) if obs.current_trick else {}
        points = list(obs.trick_points) if obs.phase == "playing" else None
        dealer = obs.dealer if obs.deal >= 0 else None
        return self.table_rows(list(self.session.names), list(obs.totals), points, obs.turn, dealer, trick)

    # ---- actions -----------------------------------------------------------
    def choose(self, cards: list[Card]) -> None:
        session = self.session
        waiting = session.waiting_for()
        error = None
        if waiting == "pass":
            error = session.pass_cards(cards)
            if error is None:
                self.marked.clear()
        elif waiting == "play":
            error = session.play(cards[0]) if len(cards) == 1 else self.t("one_card")
        self.message = error or ""

    def action_help(self) -> None:
        self.message = self.t("app_help")
        self.refresh_view()

    def action_hint(self) -> None:
        self.message = self.session.hint()
        self.refresh_view()

    def action_undo(self) -> None:
        self.message = self.session.undo()
        self.refresh_view()

    def action_claim(self) -> None:
        self.message = self.session.claim()
        self.refresh_view()

    def action_last(self) -> None:
        self.message = self.session.last_trick()
        self.refresh_view()

    def action_sheet(self) -> None:
        log = self.query_one("#log", RichLog)
        for line in self.session.score_sheet_lines():
            log.write(line)

    def action_rules(self) -> None:
        log = self.query_one("#log", RichLog)
        for line in self.session.game.rules.describe(self.session.lang):
            log.write(line)

    async def action_quit(self) -> None:
        self.session.save()
        self.exit()
