"""The web client end to end: a real ``blackmaria serve`` process and headless Debian chromium driven by Playwright.

Two browser contexts (a desktop and a phone) create and join a table through the
pages, bots take the other seats, and a whole deal (the whole one-deal game) is
played by clicking cards: passing, an illegal card refused with its reason, tricks
won, a reload mid-trick that restores the seat, the score sheet and the result.
A German browser plays by keyboard and shows no English. Every interactive
element has an accessible name. Screenshots go to ``build/screenshots/web-*.png`` (``make screenshots``: ``docs/screenshots``).
"""

from __future__ import annotations

import itertools
import math
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser import SCREENSHOTS, chromium, needs_chromium
from test_server_helpers import Server, running_server
from web_helpers import DESKTOP, PHONE, click_card, english_on, hand, new_page, sheet_row, sheet_totals, unnamed

pytestmark = needs_chromium

# Whatever a refused card can be told: the reasons of the rules a click in this game can break.
REFUSAL = re.compile(
    r"^Not allowed\. (You must follow (clubs|diamonds|hearts|spades)\.|The first trick must be opened with .+\.|"
    r"Hearts are not broken yet: lead another suit\.|No points on the first trick: (play|lead) a card that scores nothing\.)$"
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("web") / "tables.sqlite3") as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as running:
        yield running


def create_table(
    page: Any, base: str, preset: str, deals: int, bots: int, name: str, timer: int | None = None, double_click: bool = False
) -> str:
    """A table made in the lobby; with every other seat a computer player's it starts at once (no seating page)."""
    page.goto(f"{base}/")
    page.wait_for_selector(f"#preset option[value='{preset}']", state="attached")
    page.select_option("#preset", preset)
    page.select_option("#end-mode", "deals")
    page.fill("#end-value", str(deals))
    page.fill("#bots", str(bots))
    page.select_option("#bot-level", "easy")
    page.fill("#create-name", name)
    if timer is not None:
        page.fill("#timer", str(timer))
    if double_click:
        page.dblclick("#create")
    else:
        page.click("#create")
    page.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+$"))
    # The seating page (or the game, started) is drawn once the table's first message arrives, a moment after the
    # address changes.
    page.wait_for_function(
        "document.getElementById('invite-link').value.endsWith(location.pathname) || !document.getElementById('play').hidden"
    )
    return str(page.url.rsplit("/", 1)[1])


def anna_and_ben(browser: Any, base: str, ben_viewport: dict[str, Any], timer: int | None = None) -> tuple[Any, Any]:
    """Anna creates a one-deal Hearts table with two bots on a desktop, Ben joins it by its link in seat 2, Anna starts."""
    anna_page = new_page(browser, DESKTOP)
    code = create_table(anna_page, base, "hearts", deals=1, bots=2, name="Anna", timer=timer)
    invite = anna_page.input_value("#invite-link")
    assert invite == f"{base}/t/{code}"
    ben_page = new_page(browser, ben_viewport)
    ben_page.goto(invite)
    # The friend is asked to sit, not told to "Invite" (the host's heading, a play-test).
    ben_page.wait_for_function("() => document.getElementById('seating-heading').textContent === 'Take a seat'")
    assert anna_page.text_content("#seating-heading") == "Invite"
    # His name and the seats come before the link to pass on (a play-test read the link first); Anna's page the other
    # way round.
    link_after_name = (
        "() => Boolean(document.getElementById('join-name').compareDocumentPosition(document.getElementById('invite-link')) & 4)"
    )
    assert ben_page.evaluate(link_after_name) and not anna_page.evaluate(link_after_name)
    # A second player of a name at the table is asked for another (a play-test sat two Annas).
    ben_page.fill("#join-name", "anna ")
    ben_page.click("[aria-label='Sit here: seat 2']")
    # said under the name's field (on a phone it stood below the seats and the link, a play-test)
    assert ben_page.text_content("#join-error") == "Anna is already at this table: choose another name."
    assert (
        ben_page.evaluate(
            "() => document.getElementById('join-error').getBoundingClientRect().top - document.getElementById('join-name').getBoundingClientRect().bottom"
        )
        <= 24
    )
    assert ben_page.evaluate("() => document.activeElement.id") == "join-name"
    ben_page.fill("#join-name", "Ben")
    ben_page.click("[aria-label='Sit here: seat 2']")
    anna_page.wait_for_selector("#start:not([disabled])")
    # The host is told who came (a play-test's host, the tab behind another, was not); Ben is not told of himself.
    anna_page.wait_for_function("() => document.getElementById('seating-news').textContent === 'Ben sat down at the table.'")
    assert "sat down" not in (ben_page.text_content("#seating-news") or "")
    anna_page.click("#start")
    # Old news once the game begins (a play-test's host read "... sat down" mid-trick)
    anna_page.wait_for_function("() => document.getElementById('table-news').textContent === ''", timeout=5_000)
    return anna_page, ben_page


def trick(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("#trick .card", "nodes => nodes.map(n => n.getAttribute('aria-label'))"))


def tricks_won(page: Any) -> int:
    labels = page.eval_on_selector_all("#seats .seat", "nodes => nodes.map(n => n.getAttribute('aria-label'))")
    return sum(int(m.group(1)) for label in labels for m in [re.search(r"(\d+) tricks?", label)] if m)


class Seat:
    """One browser at the table, playing by clicking the first playable card, or the first passable cards."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.refused = False
        self.reloaded = False

    def act(self, other_seats_done: bool = False) -> bool:
        page = self.page
        if page.locator("#pass-bar").is_visible():
            # The page opens a deal's summary before it shows the next deal's pass: checked after the pass bar, a
            # summary that is not open will not open over the pass button.
            if page.evaluate("() => document.getElementById('summary').open"):
                return False  # the caller reads and closes it first
            for card in page.locator("#hand .card:not(.dim)").all()[:3]:
                click_card(card)
            assert page.locator("#hand .card.selected").count() == 3
            page.click("#pass-button")
            page.wait_for_selector("#pass-bar", state="hidden")
            return True
        playable = page.locator("#hand .card.playable")
        if not playable.count():
            return False
        dim = page.locator("#hand .card.dim")
        clicked, refused_card = False, None
        if not self.refused and dim.count():
            refused_card = dim.first.get_attribute("data-card")
            try:
                click_card(dim.first, timeout=2000)
                clicked = True
            except Exception:  # wholly covered by the raised cards around it (a phone's two rows): this turn plays on
                pass  # (returning here left a seat whose first dim card stayed covered stuck on its turn)
        if clicked:
            page.wait_for_function("() => document.getElementById('notice').textContent.length > 0")
            notice = page.text_content("#notice")
            assert REFUSAL.match(notice or ""), notice
            assert refused_card in hand(page), "a refused card stays in the hand"
            self.refused = True
        card = playable.first.get_attribute("data-card")
        if card is None:
            return False
        try:
            click_card(playable.first, timeout=2000)
        except Exception:  # the hand was redrawn under the click: look again
            return False
        page.wait_for_function(f"() => !document.querySelector('#hand [data-card=\"{card}\"]')")
        return True


@needs_chromium
def test_two_browsers_and_two_bots_play_a_whole_deal_by_clicking(server: Server, browser: Any) -> None:
    anna_page, ben_page = anna_and_ben(browser, server.base, PHONE)
    anna, ben = Seat(anna_page), Seat(ben_page)

    # Passing: three cards each, to the left in the first deal of Hearts; the cards received are marked.
    for seat in (anna, ben):
        seat.page.wait_for_selector("#pass-bar:not([hidden])")
        assert "to the left" in (seat.page.text_content("#pass-text") or "")
        assert len(hand(seat.page)) == 13
    # On the phone the hand is held in two rows, parted between two suits when a suit ends near the middle (a
    # play-test found the clubs parted over the rows).
    rows = ben_page.eval_on_selector_all(
        "#hand .hand-row", "rows => rows.map(r => [...r.querySelectorAll('.card')].map(n => n.dataset.card))"
    )
    assert len(rows) == 2 and sum(map(len, rows)) == 13
    cards = rows[0] + rows[1]
    # A suit ends within 1 of the middle (7): the rows part there (the page looks no further: two from the middle left
    # a row of 11 cards 28 px apart on a phone); else at the middle.
    near = [i for i in range(6, 9) if cards[i][-1] != cards[i - 1][-1]]
    assert len(rows[0]) in near if near else len(rows[0]) == 7, rows
    shots = told = waiting = False
    deadline = time.monotonic() + 180
    while not anna_page.locator("#result:not([hidden])").count() > 0:
        if time.monotonic() > deadline:
            anna_page.screenshot(path="/tmp/stuck-anna.png")
            ben_page.screenshot(path="/tmp/stuck-ben.png")
            raise AssertionError(
                f"the deal did not finish in time: {anna_page.text_content('#turn-line')} / {ben_page.text_content('#turn-line')}"
            )
        if not told and anna_page.locator("#hand .card.playable").count() and not ben_page.locator("#hand .card.playable").count():
            # A card clicked while another plays says whose turn it is (a play-test clicked on in silence).
            click_card(ben_page.locator("#hand .card").first)
            ben_page.wait_for_function("() => document.getElementById('notice').textContent.length > 0")
            assert ben_page.text_content("#notice") == "It is not your turn."  # the turn line names whose it is
            assert re.match(r"\w+ to play\.", ben_page.text_content("#turn-line") or ""), ben_page.text_content("#turn-line")
            told = waiting = True
        acted = anna.act()
        if waiting and ben_page.locator("#hand .card.playable").count():
            # It goes when the turn comes: a play-test read "Your turn" over "It is not your turn" until it played.
            assert ben_page.text_content("#notice") == "", ben_page.text_content("#notice")
            waiting = False
        if not ben.reloaded and ben_page.locator("#hand .card.playable").count() and len(trick(ben_page)) in (1, 2, 3):
            # A reload mid-trick: the token kept by the browser brings back the seat, the hand and the trick exactly.
            before_hand, before_trick = sorted(hand(ben_page)), trick(ben_page)
            ben_page.reload()
            ben_page.wait_for_selector("#hand .card.playable")
            assert sorted(hand(ben_page)) == before_hand
            assert trick(ben_page) == before_trick
            assert ben_page.locator("#seats .seat.me").get_attribute("data-seat") == "1"
            ben.reloaded = True
        acted = ben.act() or acted
        if not acted:
            anna_page.wait_for_timeout(40)
        if not shots and tricks_won(anna_page) >= 3 and anna_page.locator("#trick .card").count() >= 1:
            anna_page.locator("#summary").evaluate("d => d.open && d.close()")
            anna_page.screenshot(path=str(SCREENSHOTS / "web-table-desktop.png"))
            ben_page.screenshot(path=str(SCREENSHOTS / "web-table-phone.png"))
            shots = True
        if tricks_won(anna_page) >= 2:  # (the marks last through the first trick: both have played in the second)
            assert anna_page.locator("#hand .card.received").count() == 0

    assert anna.refused or ben.refused, "no illegal card was clicked"
    assert ben.reloaded and shots and told and not waiting
    for page in (anna_page, ben_page):
        # The score sheet holds the deal: 26 points (or 78 after a moon), and the totals beneath.
        page.wait_for_selector("#sheet-table tbody tr[data-deal='1']")
        points = [int(x) for x in page.eval_on_selector_all("#sheet-table tbody tr[data-deal='1'] td", "c => c.map(x => x.textContent)")]
        assert len(points) == 4 and sum(points) in (26, 78)
        totals = [int(x) for x in page.eval_on_selector_all("#sheet-table tfoot td", "c => c.map(x => x.textContent)")]
        assert totals == points
        assert tricks_won(page) == 13
        result = page.text_content("#result-text") or ""
        assert re.match(r"Winners?: |You won\. |You share the win with ", result), result
        # Among the winners, the player is "You", not the name again (a play-test read "Winners: Player, ...").
        name = "Anna" if page is anna_page else "Ben"
        assert name not in result.split(". ")[0] or result.startswith("You won"), result
        # Each player reads where they came: first place shared by equal totals (a play-test looked for it).
        me = 0 if page is anna_page else 1
        place = 1 + sum(1 for total in totals if total < totals[me])
        assert result.endswith(f"Your place: {place}\xa0of\xa04."), result
        assert page.locator("#result-totals li.me").count() == 1 and "(you)" in (page.text_content("#result-totals li.me") or "")
        # The shuffle was committed before the deal and checked against the hand when it was revealed.
        check = page.text_content("#shuffle-check") or ""
        assert check.startswith("✓ Deal 1 checked"), check
        page.wait_for_function("() => document.getElementById('summary').open")
        if page is anna_page:
            page.screenshot(path=str(SCREENSHOTS / "web-deal-summary.png"))
        assert "Deal 1 is over" in (page.text_content("#summary-heading") or "")
    # Chat: a preset phrase and free text (with markup, shown as text) reach the other browser.
    anna_page.click("#summary-close")
    ben_page.click("#summary-close")
    anna_page.click("[data-phrase='phrase_wp']")
    ben_page.wait_for_function("() => document.getElementById('chat-log').textContent.includes('Well played!')")
    ben_page.evaluate("() => window.scrollTo(0, 0)")  # Ben looks at the table: on a phone the chat is then out of sight
    assert ben_page.evaluate("() => document.getElementById('chat-panel').getBoundingClientRect().top > innerHeight")
    buttons_at = "() => document.getElementById('hint-button').getBoundingClientRect().top + scrollY"
    before = ben_page.evaluate(buttons_at)
    anna_page.fill("#chat-input", "<b>gg</b> & thanks")
    anna_page.press("#chat-input", "Enter")
    ben_page.wait_for_function("() => document.getElementById('chat-log').textContent.includes('<b>gg</b> & thanks')")
    assert "Anna: Well played!" in (ben_page.text_content("#chat-log") or "")
    assert ben_page.locator("#chat-log b b").count() == 0
    # Her own lines are marked as hers (a play-test looked for its own line, and read only its name).
    assert "Anna (you): Well played!" in (anna_page.text_content("#chat-log") or "")
    # A line from another player while the chat is out of sight shows under the hand, a click away from the chat (a
    # play-test's phone player missed a friend's question).
    ben_page.wait_for_function("() => document.getElementById('chat-peek').textContent.includes('gg')")
    assert ben_page.text_content("#chat-peek") == "Chat · Anna: <b>gg</b> & thanks"
    # under the buttons: they stay where they were (the line pushed them down mid-turn, a play-test's phone)
    assert ben_page.evaluate(buttons_at) == before
    ben_page.click("#chat-peek")
    ben_page.wait_for_function("() => document.activeElement.id === 'chat-input'")
    assert ben_page.locator("#chat-peek").is_hidden()
    # A quick phrase is read in the reader's language (a play-test read German on an English page); free text as typed.
    ben_page.click("#lang-switch")
    ben_page.wait_for_function("() => document.getElementById('chat-log').textContent.includes('Anna: Gut gespielt!')")
    assert "<b>gg</b> & thanks" in (ben_page.text_content("#chat-log") or "")
    # Another game: Ben's wish waits for Anna, who reads it under her result (a play-test's friend started one over
    # the others' result); hers starts it for both.
    ben_page.click("#new-game")
    ben_page.wait_for_function("() => document.getElementById('again-text').textContent.length > 0")
    assert ben_page.text_content("#again-text") == "Du möchtest noch eine Partie: sie beginnt, sobald Anna sie auch möchte."
    assert ben_page.locator("#new-game").is_hidden() and ben_page.locator("#result").is_visible()
    anna_page.wait_for_function("() => document.getElementById('again-text').textContent === 'Ben would like another game.'")
    assert anna_page.locator("#result").is_visible()
    anna_page.click("#new-game")
    for page in (anna_page, ben_page):
        page.wait_for_selector("#pass-bar:not([hidden])")
        assert page.locator("#result").is_hidden()
    assert unnamed(anna_page) == [] and unnamed(ben_page) == []
    assert anna_page.errors == [] and ben_page.errors == []
    for page in (anna_page, ben_page):
        page.context.close()


# Keeps every text the screen reader's live region is given, in order, in window.announced; and in
# window.lateTurns every "your turn" that the page began to announce (announce() empties the region, then sets the
# text a moment later) in a turn where the player had already pressed Enter on a playable card. It is judged as the
# announcement begins, by the turn (the deal and its cards played so far): judged as the text came, a card played in
# the moment between, or a "you play" text still to come, made it flaky under load. In window.earlyTurns each time
# the hand was offered to play while the trick on the felt still lacked cards played before this seat's turn; in
# window.earlyWins each time the trick was shown won (its winner said, outlined or the felt marked) before its last
# card was laid.
RECORD_ANNOUNCEMENTS = """async () => {
  const state = await import('/static/state.js');  // the page's own module (one instance per URL)
  window.earlyTurns = [];
  window.earlyWins = [];
  const watchWins = () => {
    const view = state.app.view;
    const held = view && state.app.heldWon !== null ? view.tricks[state.app.heldWon.trick] : null;
    const shown = Number(document.querySelector('#trick').dataset.count || 0);
    if (!held || shown >= held.plays.length) return;
    const said = (document.querySelector('#turn-line').textContent || '').includes('den Stich');
    const outlined = Boolean(document.querySelector('#seats .seat.winner'));
    const marked = document.querySelector('#trick').classList.contains('won');
    if (said || outlined || marked) window.earlyWins.push([shown, held.plays.length, said, outlined, marked]);
  };
  new MutationObserver(watchWins).observe(document.querySelector('#table') || document.body, {childList: true, subtree: true, characterData: true, attributes: true});
  const handNode = document.querySelector('#hand');
  new MutationObserver(() => {
    const view = state.app.view;
    if (!handNode.classList.contains('my-turn') || !view || view.phase !== 'playing') return;
    const trick = state.currentTrick(view);
    const shown = Number(document.querySelector('#trick').dataset.count || 0);
    if (trick && trick.plays.length !== shown) window.earlyTurns.push([shown, trick.plays.length]);
  }).observe(handNode, {attributes: true, attributeFilter: ['class']});
  window.announced = [];
  window.lateTurns = [];
  // A turn, as the deal and the cards played in it so far (a trick won and led by the same seat is two turns).
  const turnNow = () => `${state.app.view.deal}:${state.app.view.tricks.reduce((n, trick) => n + trick.plays.length, 0)}`;
  const pressedIn = new Set();  // the turns in which Enter was pressed on a playable card
  document.addEventListener('keydown', (e) => {
    const card = e.target.closest && e.target.closest('#hand .card.playable');
    if (e.key === 'Enter' && card && state.app.view.phase === 'playing') pressedIn.add(turnNow());
  }, true);
  const region = document.querySelector('#announcer');
  // Each announcement's beginning, seen as the page calls it: whether its turn was already played then (the texts
  // come in the order they were begun).
  const native = Object.getOwnPropertyDescriptor(Node.prototype, 'textContent');
  const begun = [];
  Object.defineProperty(region, 'textContent', {
    configurable: true,
    get() { return native.get.call(this); },
    set(text) {
      if (!text) begun.push(pressedIn.has(turnNow()));
      else if (begun.shift() && text.startsWith('Du bist am Zug')) window.lateTurns.push(text);
      native.set.call(this, text);
    },
  });
  new MutationObserver(() => {
    if (region.textContent) window.announced.push(region.textContent);
  }).observe(region, {childList: true, characterData: true, subtree: true});
  // How many cards lie in the trick, each time it is drawn: the bots' cards of one update are laid one by one.
  window.trickCounts = [];
  const trick = document.querySelector('#trick');
  new MutationObserver(() => {
    const count = Number(trick.dataset.count || 0);
    if (window.trickCounts.at(-1) !== count) window.trickCounts.push(count);
  }).observe(trick, {attributes: true, attributeFilter: ['data-count']});
}"""


@needs_chromium
def test_a_german_browser_plays_by_keyboard_and_sees_no_english(server: Server, browser: Any) -> None:
    page = new_page(browser, DESKTOP, locale="de-DE")
    page.goto(f"{server.base}/")
    page.wait_for_selector("#preset option[value='black-maria']", state="attached")
    assert page.get_attribute("html", "lang") == "de"
    assert english_on(page) == []
    page.screenshot(path=str(SCREENSHOTS / "web-lobby.png"))
    # Alone against the computer the button says so (and starts the game at once: other tests).
    page.fill("#bots", "2")
    assert page.text_content("#create") == "Gegen den Computer spielen"
    create_table(page, server.base, "black-maria", deals=1, bots=1, name="Jürgen")
    page.wait_for_selector("#start[disabled]")
    assert english_on(page) == []
    page.click("#fill-bots")
    page.wait_for_selector("#start:not([disabled])")
    assert english_on(page) == []
    # Every seat taken: the host is not asked to invite players (a play-test), the link lets others watch.
    # Alone, the start is the player's own: German says "du", not "ihr" (a play-test).
    assert (page.text_content("#invite-text") or "").startswith("Alle Plätze sind besetzt: beginne die Partie, wenn du bereit bist.")
    code = page.input_value("#invite-link").rsplit("/", 1)[1]
    assert page.text_content("#invite-terminal") == f"Oder im Terminal zuschauen: blackmaria join {server.base}/t/{code} --watch"
    assert unnamed(page) == []
    page.dblclick("#start")  # one game, and no refusal of the second click said (a play-test read it as a failure)
    page.wait_for_selector("#pass-bar:not([hidden])")
    assert "nach rechts" in (page.text_content("#pass-text") or "")
    page.wait_for_timeout(300)
    assert page.evaluate("() => { const n = document.getElementById('notice'); return !n.textContent || n.classList.contains('info') }")
    assert page.title().endswith(" · Black Maria") and page.title().count("Black Maria") == 1, page.title()  # not twice
    assert english_on(page) == []
    assert unnamed(page) == []
    # At 1280x800 the hand's buttons show without scrolling (found in a play-test: the felt pushed them below).
    buttons = page.locator("#hint-button").bounding_box()
    assert buttons is not None and buttons["y"] + buttons["height"] <= DESKTOP["height"]
    # The hint: the computer's suggestion with its reason, in German, the suggested cards marked.
    page.click("#hint-button")
    page.wait_for_selector("#hand .card.hinted")
    assert (page.text_content("#hint-text") or "").startswith("Tipp: ")
    assert page.locator("#hand .card.hinted").count() == 3
    # Where it can be read: a play-test found the hint's end below the window at 1280x800.
    shown = page.evaluate(
        "() => { const r = document.getElementById('hint-text').getBoundingClientRect(); return r.bottom <= innerHeight + 1 && r.top >= 0; }"
    )
    assert shown, page.evaluate(
        "() => [JSON.stringify(document.getElementById('hint-text').getBoundingClientRect()), innerHeight, scrollY, document.documentElement.scrollHeight]"
    )
    # The language switched with a hint shown: the hint is said again in the new language (a play-test kept it German).
    # (Not asserted: the same cards. A loaded machine cuts the search at its 120 ms, and then the worlds differ.)
    page.click("#lang-switch")
    page.wait_for_function("() => document.getElementById('hint-text').textContent.startsWith('Hint: ')")
    page.click("#lang-switch")
    page.wait_for_function("() => document.getElementById('hint-text').textContent.startsWith('Tipp: ')")
    assert page.locator("#hand .card.hinted").count() == 3
    # The hint chose the cards it suggests (a play-test's "Pass 3 cards" did nothing after a hint).
    chosen = "#hand .card[aria-pressed='true']"
    assert page.eval_on_selector_all(chosen, "cs => cs.map(c => c.dataset.card)") == page.eval_on_selector_all(
        "#hand .card.hinted", "cs => cs.map(c => c.dataset.card)"
    )
    # Keyboard only: the first card has the focus stop, arrows move, Space marks, Enter then passes (as in the terminal;
    # a play-test's Tab went from the hand to the chat, the Pass button lying before it). The hint's choice is cleared
    # first, card by card, as a player who wants their own would.
    page.focus("#hand .card[tabindex='0']")
    for _ in range(page.locator("#hand .card").count()):
        if page.evaluate("() => document.activeElement.getAttribute('aria-pressed') === 'true'"):
            page.keyboard.press("Space")
        page.keyboard.press("ArrowRight")
    assert page.locator(chosen).count() == 0
    for _ in range(3):
        page.keyboard.press("Space")
        page.keyboard.press("ArrowRight")
    label = page.get_attribute("#hand .card[aria-pressed='true']", "aria-label") or ""
    name, state = label.split(", ", 1)
    assert "-" in name and state.startswith("zum Weitergeben gewählt"), label  # "Pik-Dame, zum Weitergeben gewählt"
    assert page.locator("#hand .card[aria-pressed='true']").count() == 3
    # From the pass on, every text the live region gets is recorded in the page: polling it could miss one
    # that the next play replaced at once.
    page.evaluate(RECORD_ANNOUNCEMENTS)
    page.keyboard.press("Enter")
    page.wait_for_selector("#pass-bar", state="hidden")
    assert page.evaluate("() => document.activeElement.closest('#hand') !== null")  # the focus stays in the hand
    # Play on by keyboard until the game is over; the turn is announced in German.
    deadline = time.monotonic() + 180
    turns = leads = 0
    while not page.locator("#result:not([hidden])").count() > 0:
        assert time.monotonic() < deadline, "the game did not finish in time"
        if page.locator("#hand .card.playable").count():
            turns += 1
            leading = "spielst aus" in (page.text_content("#turn-line") or "")
            leads += leading
            # As a screen reader's user would, wait to hear it is your turn: on the first two turns, and on the first
            # three leads (a trick won with your own card is a new turn too). Other turns play at once.
            if turns <= 2 or (leading and leads <= 3):
                heard = "Du bist am Zug: du spielst aus." if leading else "Du bist am Zug"
                page.wait_for_function(f"() => (window.announced.at(-1) || '').startsWith('{heard}')")
            # Each turn starts with the focus on a card that may be played (a play-test pressed Enter on the one the
            # pass had left it on, and was refused).
            assert page.evaluate("() => document.activeElement.matches('#hand .card.playable')"), turns
            first = page.locator("#hand .card.playable").first
            card = first.get_attribute("data-card")
            first.focus()
            assert "spielbar" in (first.get_attribute("aria-label") or "")
            page.keyboard.press("Enter")
            page.wait_for_function(f"() => !document.querySelector('#hand [data-card=\"{card}\"]')")
        else:
            page.wait_for_timeout(40)
    announced = page.evaluate("() => window.announced")
    assert any(text.startswith("Du bist am Zug") for text in announced), announced
    # A card off the suit led is heard as such, as the terminal's story tells it ("West hat kein Herz: spielt Pik-Dame.")
    off = [re.search(r"kein (\w+): (?:du )?spiel\w* (\w+)-", text) for text in announced if "t kein " in text]
    assert off and all(match and match[1] != match[2] for match in off), [text for text in announced if "kein" in text]
    assert page.evaluate("() => window.lateTurns") == [], "'your turn' was announced after the card was played"
    # The play-test: "your turn" and a lit hand came while the cards played before were still being laid.
    assert page.evaluate("() => window.earlyTurns") == [], "the hand was offered before the trick was shown"
    # The play-test: "You win the trick: 7 points." and the winner's outline came before the computers' cards.
    assert page.evaluate("() => window.earlyWins") == [], "a trick was shown won before its last card was laid"
    counts = page.evaluate("() => window.trickCounts")
    assert counts.count(3) >= 12, counts  # the tricks were seen whole (13 tricks; the first may come before recording)
    jumps = [(a, b) for a, b in itertools.pairwise(counts) if b > a + 1]
    assert jumps == [], f"two cards appeared at once: {jumps} in {counts}"
    page.locator("#summary").evaluate("d => d.open && d.close()")
    assert english_on(page) == []
    assert (page.text_content("#shuffle-check") or "").startswith("✓ Spiel 1 geprüft")
    assert page.errors == []
    page.context.close()


# Cards anywhere on a spectator's page but the trick and the summary of a finished deal (both public).
HIDDEN_CARDS = "() => [...document.querySelectorAll('[data-card]')].filter(n => !n.closest('#trick, #summary')).map(n => n.dataset.card)"


@needs_chromium
def test_a_lobby_opened_in_german_by_its_link_makes_a_german_table(server: Server, browser: Any) -> None:
    """A ``/?lang=de`` link on an English browser: the table made from that lobby used to open in English."""
    page = new_page(browser, DESKTOP, locale="en-GB")
    page.goto(f"{server.base}/?lang=de")
    page.wait_for_selector("#preset option[value='black-maria']", state="attached")
    assert page.get_attribute("html", "lang") == "de"
    create_table(page, server.base, "black-maria", deals=1, bots=2, name="Jürgen")  # through "/", without ?lang=
    page.wait_for_selector("#pass-bar:not([hidden])")
    assert page.get_attribute("html", "lang") == "de"
    assert english_on(page) == []
    page.context.close()


def test_two_deals_a_spectator_and_the_language_switch(server: Server, browser: Any) -> None:
    page = new_page(browser, DESKTOP)
    code = create_table(page, server.base, "hearts", deals=2, bots=3, name="Cleo")
    player = Seat(page)
    page.wait_for_selector("#pass-bar:not([hidden])")
    assert "to the left" in (page.text_content("#pass-text") or "")

    # Whoever opens the invite link without taking a seat watches: no hand, and no card of anyone's hand anywhere.
    watcher = new_page(browser, PHONE)
    watcher.goto(f"{server.base}/t/{code}")
    watcher.wait_for_selector("#play:not([hidden])")
    # ... and is told whom the pass waits for (a play-test's spectator heard nothing of the pass).
    assert watcher.text_content("#turn-line") == "Waiting for Cleo to pass.You are watching this table."  # (two lines)
    assert watcher.locator("#hand-wrap").is_hidden() and watcher.locator("#hint-button").is_hidden()
    # The language switch: German at once, kept over a reload, and back.
    assert watcher.text_content("#lang-switch") == "Deutsch"
    watcher.click("#lang-switch")
    watcher.wait_for_function("() => document.documentElement.lang === 'de'")  # once the German catalog is in
    assert watcher.text_content("#turn-line") == "Warte auf die Weitergabe von Cleo.Du schaust an diesem Tisch zu."
    assert english_on(watcher) == []
    watcher.reload()
    watcher.wait_for_selector("#play:not([hidden])")
    assert watcher.get_attribute("html", "lang") == "de" and watcher.text_content("#lang-switch") == "English"

    deadline = time.monotonic() + 180
    summaries = 0
    watched = 0
    second_pass_seen = False
    watcher_went_on = False
    while not page.locator("#result:not([hidden])").count() > 0:
        assert time.monotonic() < deadline, f"the game did not finish in time: {page.text_content('#turn-line')}"
        if page.evaluate("() => document.getElementById('summary').open") and summaries == 0:
            # The step from deal 1 to deal 2: the summary names each seat's scoring cards (the public count).
            summaries = 1
            page.wait_for_selector("#summary-rows .count-cards")
            assert "Deal 1 is over" in (page.text_content("#summary-heading") or "")
            row = sheet_row(page, 1)
            taken = page.eval_on_selector_all(
                "#summary-rows li",
                "rows => rows.map(r => [...r.querySelectorAll('.card')].reduce((s, c) => s + Number(c.dataset.value), 0))",
            )
            if "moon" not in (page.text_content("#summary-extra") or ""):
                assert taken == row and sum(row) == 26
            page.click("#summary-close")
            page.wait_for_function("() => document.getElementById('table-title').textContent.includes('Deal 2')")
            continue
        passing = page.locator("#pass-bar").is_visible()
        if not second_pass_seen and passing and "Deal 2" in (page.text_content("#table-title") or ""):
            # Deal 2's pass (it may come before or after the summary is closed): to the right, from a new hand of 13.
            assert "to the right" in (page.text_content("#pass-text") or "")
            assert len(hand(page)) == 13
            second_pass_seen = True
        if summaries == 0 and page.evaluate("() => document.getElementById('summary').open"):
            continue  # deal 1's summary opened just now, over the hand: read it first (the top of the loop)
        if not passing and page.locator("#pass-bar").is_visible():
            continue  # the pass bar came up just now: check it at the top of the loop before passing
        acted = player.act()
        if (
            not watcher_went_on
            and "Spiel 2 von 2" in (watcher.text_content("#table-title") or "")
            and watcher.locator("#trick .card").count()
        ):
            # One watching has no button between deals: deal 1's summary goes once deal 2's play begins (a play-test's
            # stayed over the table while the players played on behind it).
            watcher.wait_for_function("() => !document.getElementById('summary').open")
            watcher_went_on = True
        if watched < 5 and watcher.locator("#trick .card").count():
            assert watcher.locator("#hand .card").count() == 0
            assert watcher.evaluate(HIDDEN_CARDS) == []
            # Mid-game the watcher reads whose turn it is and, under it, that they only watch (a play-test).
            line = watcher.text_content("#turn-line") or ""
            assert line.endswith("Du schaust an diesem Tisch zu.") or line == "", line
            watched += 1
        if not acted:
            page.wait_for_timeout(30)
    assert summaries == 1 and watched == 5 and second_pass_seen and watcher_went_on
    rows = [sheet_row(page, 1), sheet_row(page, 2)]
    assert sheet_totals(page) == [a + b for a, b in zip(*rows, strict=True)]
    watcher.wait_for_selector("#result:not([hidden])", state="attached")
    assert [sheet_row(watcher, 1), sheet_row(watcher, 2)] == rows
    assert watcher.evaluate(HIDDEN_CARDS) == [] and watcher.locator("#new-game").is_hidden()
    # One watching chats under a name of their own, asked beside the line, and is shown as watching (friends waiting
    # for the next game could only read the chat).
    assert watcher.is_visible("#chat-name") and watcher.get_attribute("#chat-name", "placeholder") == "Dein Name"
    assert page.is_hidden("#chat-name")
    # the line as wide as the player's (beside the name it was some 75 px, a play-test)
    width = "() => document.getElementById('chat-input').getBoundingClientRect().width"
    assert watcher.evaluate(width) >= 0.9 * page.evaluate(width)
    watcher.fill("#chat-input", "Spannend bis zum Schluss")
    watcher.press("#chat-input", "Enter")
    watcher.wait_for_function("() => document.getElementById('notice').textContent.startsWith('Schreib zuerst deinen Namen')")
    assert watcher.input_value("#chat-input") == "Spannend bis zum Schluss"  # kept, to send once named
    watcher.fill("#chat-name", "Zoe")
    watcher.press("#chat-input", "Enter")
    page.wait_for_function("() => document.getElementById('chat-log').textContent.includes('Zoe (watching): Spannend bis zum Schluss')")
    assert watcher.input_value("#chat-input") == ""
    assert english_on(watcher) == []
    watcher.click("#lang-switch")
    watcher.wait_for_function("() => document.documentElement.lang === 'en'")
    assert (watcher.text_content("#result h2") or "") == "Game over"

    # The last deal's summary leads to the result (a play-test read "Continue" there), and Escape closes it.
    page.wait_for_function("() => document.getElementById('summary').open")
    assert page.text_content("#summary-close") == "See the result"
    assert not page.is_visible("#result h2")  # (behind the summary, the winner was to be read already: a play-test)
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.getElementById('summary').open")
    assert page.is_visible("#result h2")
    assert page.evaluate("() => document.activeElement.id") == "new-game"  # the focus on what comes next, not lost
    # The result lists the totals by place, fewest first (a play-test read them in seat order).
    lines = page.locator("#result-totals li").all_text_contents()
    listed = [int(text.rsplit(" ", 1)[1]) for text in lines]
    assert listed == sorted(listed) and sorted(listed) == sorted(sheet_totals(page)), listed
    # each with its place, shared by equal totals (a play-test read the order without numbers)
    assert [int(text.split(".", 1)[0]) for text in lines] == [1 + listed.index(total) for total in listed], lines
    # and a way back to the start page beside another game (a play-test found the logo only)
    assert page.is_visible("#result-home") and page.get_attribute("#result-home", "href") == "/"
    # "Play another game": the same seats, a fresh score sheet, deal 1 again.
    page.click("#new-game")
    page.wait_for_selector("#result", state="hidden")
    page.wait_for_selector("#pass-bar:not([hidden])")
    # ... with the focus in the hand and the table's top in sight (a play-test's page kept the focus and the scroll).
    page.wait_for_function("() => document.activeElement.closest('#hand') !== null")
    assert page.evaluate("() => document.getElementById('felt').getBoundingClientRect().top >= 0")
    assert (page.text_content("#table-title") or "").endswith("Deal 1 of 2")  # the game's length (a guest asked)
    assert page.locator("#sheet-table td.empty").count() == 1
    assert len(hand(page)) == 13
    # The new deal 1 is not checked yet: the play-test saw the last game's "✓ Deal 1 checked" before a card was played.
    assert "checked" not in (page.text_content("#shuffle-check") or "")
    assert len(page.text_content("#shuffle-commit code") or "") == 64  # its own commitment, published before play
    assert page.errors == [] and watcher.errors == []
    page.context.close()
    watcher.context.close()


def test_the_turn_timer_counts_down_and_a_stand_in_plays_until_the_player_is_back(server: Server, browser: Any) -> None:
    """A table made with a 5-second turn timer: Anna lets her pass run out, a computer passes for her (that once),
    then her first card: the computer plays on for her until she comes back."""
    anna_page, ben_page = anna_and_ben(browser, server.base, DESKTOP, timer=5)
    anna, ben = Seat(anna_page), Seat(ben_page)
    anna.refused = ben.refused = True  # no refusal clicks here: they would spend the seconds
    for page in (anna_page, ben_page):
        page.wait_for_selector("#pass-bar:not([hidden])")
        page.wait_for_selector("#clock:not([hidden])")
        assert re.fullmatch(r"[1-5] s left", page.text_content("#clock") or ""), page.text_content("#clock")
    shown = time.monotonic()  # Anna's clock started before this
    # Ben passes in time, two seconds in; Anna does nothing. His pass gives her no fresh five seconds: her clock
    # runs on from the deal, as the server's does.
    time.sleep(2)
    assert ben.act()
    anna_page.wait_for_timeout(300)
    # The text is redrawn once a second, so it may be up to a second old: before, his pass showed her 5 s again.
    bound = math.ceil(5 - (time.monotonic() - shown)) + 1
    left = int((anna_page.text_content("#clock") or "0").split()[0]) if anna_page.locator("#clock").is_visible() else 0
    assert left <= min(bound, 4), (left, bound)
    # Her time runs out: a computer passes for her, that once, and her page says which cards went (a play-test lost
    # the whole deal to a stand-in for looking away a moment).
    anna_page.wait_for_function(
        "() => /^Your time ran out: a computer player passed (\\S+ ){2}\\S+ for you\\. If it runs out again/"
        ".test(document.getElementById('table-news').textContent)",
        timeout=30_000,
    )
    assert anna_page.locator("#away-bar").is_hidden()
    # Her first card runs out too (Ben plays on): the second time in a row, the computer plays on for her.
    deadline = time.monotonic() + 60
    while not anna_page.locator("#away-bar:not([hidden])").is_visible():
        assert time.monotonic() < deadline, "Anna's seat was not given to a computer player"
        if not ben.act():
            time.sleep(0.05)
    # ... and says which card it played for her then (a play-test's Q♠, played so, was said nowhere), once that card
    # is shown: the bar may come a moment before (the update that holds the card is laid out card by card).
    anna_page.wait_for_function(
        "() => /^Your time ran out, so a computer player is playing your seat: so far it played \\S+( \\S+)* for you\\.$/"
        ".test(document.getElementById('away-text').textContent)",
        timeout=15_000,
    )
    assert "If it runs out again" not in (anna_page.text_content("#table-news") or "")  # the bar says it now
    assert anna_page.locator("#pass-bar").is_hidden() and anna_page.locator("#clock").is_hidden()
    # Her stand-in passed three cards and she received three, and it plays her cards now.
    anna_page.wait_for_selector("#pass-bar", state="hidden")
    assert len(hand(anna_page)) <= 12
    for page in (anna_page, ben_page):
        # A computer player plays her seat because her time ran out (not because she left): the seat says which.
        assert "out of time, a computer plays" in (page.text_content("#seats .seat[data-seat='0'] .marks") or "")
    anna_page.click("#back-button")
    anna_page.wait_for_selector("#away-bar", state="hidden")
    ben_page.wait_for_function(
        "() => !(document.querySelector(\"#seats .seat[data-seat='0'] .marks\")?.textContent || '').includes('computer')"
    )
    # Back in her seat, Anna plays her own cards again, each turn with its clock; Ben keeps to his time.
    played = 0
    deadline = time.monotonic() + 120
    while played < 2 and not anna_page.locator("#result:not([hidden])").count() > 0:
        assert time.monotonic() < deadline, "the game stalled"
        if ben.act():
            continue
        if anna_page.locator("#hand .card.playable").count():
            assert anna_page.locator("#clock").is_visible()
            if anna.act():
                played += 1
                assert anna_page.locator("#away-bar").is_hidden()
            continue
        time.sleep(0.05)
    assert played == 2
    assert anna_page.errors == [] and ben_page.errors == []
    anna_page.context.close()
    ben_page.context.close()


def test_every_screenshot_is_written() -> None:
    # Runs after the browser tests in this file (pytest keeps file order): the pictures docs/web.md shows.
    for name in ("web-table-desktop.png", "web-table-phone.png", "web-lobby.png", "web-deal-summary.png"):
        assert (Path(SCREENSHOTS) / name).stat().st_size > 10_000
