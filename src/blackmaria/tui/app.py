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

from blackmaria.cards import CLUBS, DIAMONDS, HEARTS, SPADES, Card
from blackmaria.tui.session import PlaySession

SUIT_STYLE = {SPADES: "bold white", HEARTS: "bold red", DIAMONDS: "bold red", CLUBS: "bold white"}
TYPABLE = set("23456789tjqkadbsch10♠♥♦♣TJQKADBSCH ")


class GameApp(App[None]):
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
        super().__init__()
        self.session = session
        self.t = session.t
        self.selected = 0
        self.marked: set[Card] = set()
        self.buffer = ""
        self.message = ""
        self.title = "Black Maria"
        for key, action in self.KEYS:
            self.bind(key, action, description=self.t(f"key_{action}"))
        self.bind("ctrl+q", "quit", description=self.t("key_quit"))

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="middle"):
            yield Static(id="table")
            yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        with Vertical(id="bottom"):
            yield Static(id="hand")
            yield Static(id="prompt")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#log", RichLog).write(self.t("app_help"))
        if self.session.waiting_for() == "deal" and not self.session.game.deals:
            self.session.deal()
        self.refresh_view()

    # ---- drawing -----------------------------------------------------------
    def hand_cards(self) -> list[Card]:
        hand = self.session.observation().hand
        return [c for suit in (SPADES, HEARTS, DIAMONDS, CLUBS) for c in sorted(hand.suit(suit), reverse=True)]

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
        cards = self.hand_cards()
        self.selected = min(self.selected, max(len(cards) - 1, 0))
        hand = Text()
        legal = obs.legal if waiting == "play" else (session.game.passable_cards(session.human) if waiting == "pass" else obs.hand)
        for index, card in enumerate(cards):
            style = SUIT_STYLE[card & 3] if card in legal else "dim"
            if index == self.selected:
                style += " reverse"
            if card in self.marked:
                style += " underline"
            hand.append(f" {t.card(card)} ", style=style)
            if index + 1 < len(cards) and cards[index + 1] & 3 != card & 3:
                hand.append("  ")
        self.query_one("#hand", Static).update(hand)
        prompt = Text(self.message + ("\n" if self.message else ""))
        prompt.append(f"> {self.buffer}", style="bold")
        self.query_one("#prompt", Static).update(prompt)

    def table_view(self) -> Table:
        session, obs = self.session, self.session.observation()
        table = Table(box=None, expand=True, show_edge=False)
        for column in ("", self.t("sheet_total"), self.t("col_this_deal"), self.t("col_trick")):
            table.add_column(column)
        trick = obs.current_trick
        on_table = dict(trick.plays) if trick else {}
        for seat, name in enumerate(session.names):
            marker = "▶ " if obs.turn == seat else "  "
            dealer = f" ({self.t('dealer_mark')})" if obs.dealer == seat and obs.deal >= 0 else ""
            card = on_table.get(seat)
            shown = Text(self.t.card(card), style=SUIT_STYLE[card & 3]) if card is not None else Text("")
            table.add_row(
                marker + name + dealer, str(obs.totals[seat]), f"{obs.trick_points[seat]:+d}" if obs.phase == "playing" else "", shown
            )
        return table

    # ---- actions -----------------------------------------------------------
    def act(self, cards: list[Card]) -> None:
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
        self.refresh_view()

    def on_key(self, event: events.Key) -> None:
        session = self.session
        waiting = session.waiting_for()
        cards = self.hand_cards()
        if event.key in ("left", "right") and cards:
            step = -1 if event.key == "left" else 1
            self.selected = (self.selected + step) % len(cards)
        elif event.key == "space" and waiting == "pass" and cards:
            card = cards[self.selected]
            self.marked.symmetric_difference_update({card})
        elif event.key == "enter":
            if waiting == "deal":
                session.deal()
            elif self.buffer.strip():
                parsed = session.parse(self.buffer)
                if parsed is None:
                    self.message = self.t("not_a_card", text=self.buffer.strip())
                else:
                    self.act(parsed)
                self.buffer = ""
            elif waiting == "pass":
                self.act(sorted(self.marked))
                return
            elif waiting == "play" and cards:
                self.act([cards[self.selected]])
                return
        elif event.key == "backspace":
            self.buffer = self.buffer[:-1]
        elif event.key == "escape":
            self.buffer, self.message = "", ""
        elif event.character and event.character in TYPABLE:
            self.buffer += event.character
        else:
            return
        event.stop()
        self.refresh_view()

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
