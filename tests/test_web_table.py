"""The table page's numbered bugs of issue 17, each in real chromium: clicks, the clock after a summary, the shuffle
check, the connection down, hints and refusals, and the layout at desktop and phone sizes in both languages.

Each test drives ``blackmaria serve`` through the pages as a player would; the page's WebSocket is watched (and,
for the connection test, cut) by a script added before the page's own.
"""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from blackmaria.cards import card_symbol, parse_card
from blackmaria.locale import Texts
from browser import SCREENSHOTS, chromium, needs_chromium
from test_server_helpers import ONE_DEAL_HEARTS, TWO_OF_CLUBS_ONLY, Server, running_server
from test_web_client import Seat, anna_and_ben, create_table
from web_helpers import DESKTOP, PHONE, VISIBLE_POINT, click_card, hand, new_page, wait_for_app

pytestmark = needs_chromium

# Every message the page sends is kept in window.sent; window.cut() closes the open socket and, while window.blocked
# is true, every new one fails at once (as when the network is gone).
WATCH_SOCKETS = """(() => {
  const Real = window.WebSocket;
  window.sent = [];
  window.received = [];
  window.sockets = [];
  window.blocked = false;
  class Watched extends Real {
    constructor(url, protocols) {
      super(window.blocked ? 'ws://127.0.0.1:9/' : url, protocols);
      window.sockets.push(this);
      this.addEventListener('message', (e) => {
        const m = JSON.parse(e.data);
        const away = m.table ? m.table.seats.map((x) => x.away ? 'A' : '-').join('') : '';
        const events = m.events ? m.events.map((x) => x.type).join(',') : '';
        window.received.push(`${Math.round(performance.now())} ${m.type} ${away} ${events} ${m.turn_left ?? ''}`);
      });
    }
    send(data) { window.sent.push(JSON.parse(data)); return super.send(data); }
  }
  window.WebSocket = Watched;
  window.cut = () => { window.blocked = true; window.sockets.at(-1).close(); };
})();"""


TIMER = 10
"""The turn timer of the tables with one (seconds)."""
LEAVE_GRACE = 5
"""Seconds this server gives a player who left to come back before a computer player takes the seat (30 by default)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("BLACKMARIA_LEAVE_GRACE", str(LEAVE_GRACE))
        with running_server(tmp_path_factory.mktemp("web-table") / "tables.sqlite3") as running:
            yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as running:
        yield running


def solo_table(
    browser: Any,
    base: str,
    deals: int = 1,
    timer: int | None = None,
    viewport: dict[str, int] = DESKTOP,
    locale: str = "en-US",
    double_click: bool = False,
    autoplay: bool = False,
) -> Any:
    """A Hearts table of one player (Cleo) and three computer players, started at once by the lobby's button
    (``double_click``: by a double click on it); the page waits at the first pass."""
    page = new_page(browser, viewport, locale=locale, autoplay=autoplay)
    page.add_init_script(WATCH_SOCKETS)
    create_table(page, base, "hearts", deals=deals, bots=3, name="Cleo", timer=timer, double_click=double_click)
    page.wait_for_selector("#pass-bar:not([hidden])")
    return page


def lobby_page(browser: Any, base: str, locale: str = "en-US", viewport: dict[str, int] = DESKTOP) -> Any:
    """The start page (on a desktop by default), once the server's presets have filled its form."""
    page = new_page(browser, viewport, locale=locale)
    page.goto(f"{base}/")
    page.wait_for_selector("#preset option[value='black-maria']", state="attached")
    return page


def create_with_kitty(page: Any, deals: int) -> None:
    """From the lobby's form (Black Maria chosen): Kim alone at five seats, the leftover cards a kitty, ``deals`` deals."""
    page.fill("#players", "5")
    page.wait_for_selector("#kitty-field:not([hidden])")
    page.check("#kitty")
    page.select_option("#end-mode", "deals")
    page.fill("#end-value", str(deals))
    page.fill("#create-name", "Kim")
    page.click("#create")


def play_full_tricks(page: Any, count: int) -> None:
    """Pass, then play until a watcher (``window.fullTricks``) has seen ``count`` whole tricks, or the deal ends."""
    pass_three(page)
    while page.evaluate("window.fullTricks") < count and wait_for_my_turn(page):
        play_first_playable(page)


def pass_three(page: Any) -> None:
    for card in page.locator("#hand .card:not(.dim)").all()[:3]:
        click_card(card)
    page.click("#pass-button")
    page.wait_for_selector("#pass-bar", state="hidden")


def sent_plays(page: Any) -> list[str]:
    return list(page.evaluate("() => window.sent.filter(m => m.type === 'play').map(m => m.card)"))


def play_first_playable(page: Any) -> None:
    """Click the first raised card of the hand and wait until it has left the hand (the server took it)."""
    playable = page.locator("#hand .card.playable")
    name = playable.first.get_attribute("data-card")
    click_card(playable.first)
    page.wait_for_function(f"() => !document.querySelector('#hand [data-card=\"{name}\"]')")


def play_until(page: Any, condition: str, what: str, seconds: float = 60) -> None:
    """Play the player's cards as they come until ``condition``, an expression over the page's ``app``, holds."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(f"() => import('/static/state.js').then(({{ app }}) => {condition})"):  # (awaits it)
        assert time.monotonic() < deadline, f"{what} in time"
        if page.locator("#hand .card.playable").count():
            play_first_playable(page)
        else:
            page.wait_for_timeout(20)


def wait_for_my_turn(page: Any) -> bool:
    """Wait until this seat may play (True) or the game is over (False)."""
    # One reading of the page: a forced card seen playable may be played for the player (autoplay) before a second
    # reading, which then found no card to play and read that as the game's end (a CI run stopped at the 12th card).
    seen = page.wait_for_function(
        "() => document.querySelector('#hand .card.playable') ? 'turn' : !document.getElementById('result').hidden && 'over'",
        timeout=60_000,
    )
    return bool(seen.json_value() == "turn")


# The turn line and the player's box in the moment the player's card appears on the felt.
LANDING_WATCH = """() => {
  window.atLanding = null;
  const observer = new MutationObserver(() => {
    if (!document.querySelector("#trick .card.played[data-seat='0']")) return;
    const box = document.querySelector("#seats .seat[data-seat='0']");
    window.atLanding = [document.getElementById('turn-line').textContent, box ? box.textContent : ''];
    observer.disconnect();
  });
  observer.observe(document.getElementById('trick'), { subtree: true, childList: true, attributes: true });
}"""


@needs_chromium
def test_the_turn_passes_on_as_the_players_own_card_lands(server: Server, browser: Any) -> None:
    """A play-test's card lay on the felt while "Your turn." and its box's "to play" still showed (the turn passed on
    only once the card's moment was over, as it does for the others' cards)."""
    page = solo_table(browser, server.base)
    pass_three(page)
    checked = 0
    while checked < 3 and wait_for_my_turn(page):
        if page.locator("#trick .card.played").count() >= 3:  # (last to the trick: the winner may lead again, you)
            play_first_playable(page)
            continue
        # Read as the card appears, not at a later poll: on a loaded machine a poll came after the trick's end, with
        # the player, its winner, to lead the next (a CI failure).
        page.evaluate(LANDING_WATCH)
        click_card(page.locator("#hand .card.playable").first)
        line, box = page.wait_for_function("() => window.atLanding").json_value()
        assert not line.startswith("Your turn"), line
        assert "to play" not in box.lower()
        checked += 1
    assert checked == 3
    page.context.close()


@needs_chromium
def test_a_hint_asked_while_the_computer_players_cards_are_shown_comes_with_the_decision(server: Server, browser: Any) -> None:
    """A play-test's hint, asked while the computer players' cards were still being laid, was dropped: the server
    answered it for the decision the page was about to show. With search bots (an update for each card) the hint now
    waits for its decision and is shown with it."""
    code, host = server.create_table({**ONE_DEAL_HEARTS, "pass_schedule": ["hold"]})
    _, token = server.join(code, "Cleo", 0)
    server.bots(code, host, "hard")
    page = new_page(browser, DESKTOP)
    # The last state the server sent, whatever the page shows yet.
    page.add_init_script(WATCH_SOCKETS)
    page.add_init_script(
        """(() => { const Real = window.WebSocket; window.WebSocket = class extends Real { constructor(u, p) { super(u, p);
        this.addEventListener('message', (e) => { const m = JSON.parse(e.data); if (m.state) window.serverChoices = m.state.choices.length; }); } }; })();"""
    )
    page.goto(f"{server.base}/t/{code}#seat={token}")
    server.start_game(code, host)
    # A deal without a pass says so through its first trick (a play-test's began with "Your turn." alone).
    page.wait_for_function("() => document.querySelector('#turn-line .hold-note')?.textContent === 'No passing this deal.'")
    asked_early = 0
    while asked_early < 2 and wait_for_my_turn(page):
        play_first_playable(page)
        # The server has the next decision of this seat while the page still lays the cards before it.
        page.wait_for_function("() => window.serverChoices > 0 || !document.getElementById('result').hidden", timeout=30_000)
        if page.locator("#hand .card.playable").count() or page.evaluate("() => !document.getElementById('result').hidden"):
            continue  # shown already (or the end): not the case asked about
        page.click("#hint-button")
        asked_early += 1
        page.wait_for_selector("#hand .card.hinted", timeout=15_000)
        assert (page.text_content("#hint-text") or "").startswith("Hint: ")
    assert asked_early == 2, "no decision came while the cards before it were being laid"
    assert page.locator("#turn-line .hold-note").count() == 0  # (the second trick is old news)
    assert page.errors == []
    page.context.close()


@needs_chromium
def test_bug2_a_double_click_plays_one_card_and_shows_no_refusal(server: Server, browser: Any) -> None:
    page = solo_table(browser, server.base)
    pass_three(page)
    doubled = 0
    while doubled < 3 and wait_for_my_turn(page):
        card = page.locator("#hand .card.playable").last
        name = card.get_attribute("data-card")
        point = card.evaluate(VISIBLE_POINT) or card.evaluate(
            "n => { const r = n.getBoundingClientRect(); return {x: r.right - 12, y: r.top + 40}; }"
        )
        before = len(sent_plays(page))
        # Two quick clicks, as an impatient player makes: the second lands while the first card is on its way.
        page.mouse.dblclick(point["x"], point["y"])
        page.wait_for_function(f"() => !document.querySelector('#hand [data-card=\"{name}\"]')")
        assert sent_plays(page)[before:] == [name], "one card sent for two clicks"
        doubled += 1
        # Bots play on until it is Cleo's turn again: no refusal has appeared meanwhile.
        if not wait_for_my_turn(page):
            break
        assert page.text_content("#notice") == "", page.text_content("#notice")
    assert doubled == 3
    assert page.errors == []
    page.context.close()


@needs_chromium
def test_bug8_a_hint_goes_when_another_card_is_played_and_a_refusal_at_the_next_play(server: Server, browser: Any) -> None:
    page = solo_table(browser, server.base)
    pass_three(page)
    # What came in the pass is said under the table until the first card, whoever leads (on the felt it hid under
    # the computer players' first cards).
    page.wait_for_selector("#hand .card.playable")
    received = page.eval_on_selector_all("#hand .card.received", "cs => cs.map(c => c.dataset.card)")
    line = page.text_content("#turn-line .received-note") or ""
    assert len(received) == 3 and re.fullmatch(r"From Computer \d \(easy\) you received .+\.", line), (received, line)
    hinted = refused = False
    deadline = time.monotonic() + 120
    while not (hinted and refused) and wait_for_my_turn(page):
        assert time.monotonic() < deadline, "no turn to ask a hint and try a refused card"
        playable = page.locator("#hand .card.playable")
        if not hinted and playable.count() >= 2:
            page.focus("#hint-button")
            page.keyboard.press("Enter")
            page.wait_for_selector("#hand .card.hinted")
            assert (page.text_content("#hint-text") or "").startswith("Hint: ")
            # The focus on the card suggested, as the terminal's cursor goes there (a keyboard play-test looked for it).
            page.wait_for_function("() => document.activeElement.classList.contains('hinted')")
            other = page.locator("#hand .card.playable:not(.hinted)").first
            name = other.get_attribute("data-card")
            click_card(other)
            page.wait_for_function(f"() => !document.querySelector('#hand [data-card=\"{name}\"]')")
            # Another card than the hinted one was played: the hint is gone, text and marks.
            assert page.text_content("#hint-text") == ""
            assert page.locator("#hand .card.hinted").count() == 0
            hinted = True
            continue
        dim = page.locator("#hand .card.dim")
        if not refused and dim.count():
            click_card(dim.first)
            page.wait_for_function("() => document.getElementById('notice').textContent.startsWith('Not allowed. ')")
            # Said again in the other language (a play-test's refusal went blank at the switch), and back.
            for said in ("Nicht erlaubt", "Not allowed. "):
                page.click("#lang-switch")
                page.wait_for_function(f"() => document.getElementById('notice').textContent.startsWith({said!r})")
            play_first_playable(page)
            # The refusal was about the card before: once a card is played it does not linger into the next trick.
            page.wait_for_function("() => document.getElementById('notice').textContent === ''", timeout=2000)
            refused = True
            continue
        play_first_playable(page)
    assert hinted and refused
    assert page.errors == []
    page.context.close()


@needs_chromium
def test_a_hint_shown_is_shown_again_after_a_reload_at_the_same_decision_and_not_after(server: Server, browser: Any) -> None:
    """A play-test reloaded the page after a hint: the hand, the scores and the turn were as before, and the hint gone
    (its words and its card's mark). At the same decision it comes back; once a card is played it does not."""
    page = solo_table(browser, server.base)
    pass_three(page)
    deadline = time.monotonic() + 120
    while wait_for_my_turn(page) and page.locator("#hand .card.playable").count() < 2:
        assert time.monotonic() < deadline, "no turn with two cards to choose from"
        play_first_playable(page)
    page.click("#hint-button")
    page.wait_for_selector("#hand .card.hinted")
    said, marked = page.text_content("#hint-text"), page.get_attribute("#hand .card.hinted", "data-card")
    page.reload()
    page.wait_for_selector("#hand .card.hinted")
    assert page.text_content("#hint-text") == said and page.get_attribute("#hand .card.hinted", "data-card") == marked
    play_first_playable(page)
    page.reload()
    wait_for_my_turn(page)
    page.wait_for_timeout(300)
    assert page.text_content("#hint-text") == "" and page.locator("#hand .card.hinted").count() == 0
    assert page.errors == []
    page.context.close()


@needs_chromium
def test_a_pass_hint_chooses_its_cards_when_none_are_chosen_and_pass_passes_them(server: Server, browser: Any) -> None:
    """A play-test asked for the hint at the pass, then clicked its three cards one by one (the terminal's Enter passes
    them). Cards the player chose are theirs: a hint then only marks its own."""
    page = solo_table(browser, server.base)
    first = page.locator("#hand .card").first.get_attribute("data-card")
    click_card(page.locator("#hand .card").first)  # one chosen: the hint leaves the choice as it is
    page.click("#hint-button")
    page.wait_for_selector("#hand .card.hinted")
    chosen = "() => [...document.querySelectorAll('#hand .card.selected')].map(n => n.dataset.card)"
    assert page.evaluate(chosen) == [first] and "chosen for you" not in (page.text_content("#hint-text") or "")
    click_card(page.locator(f"#hand .card[data-card='{first}']"))  # put back: nothing chosen
    assert page.evaluate(chosen) == []
    page.click("#hint-button")
    page.wait_for_function("() => document.querySelectorAll('#hand .card.selected').length === 3")
    hinted = page.eval_on_selector_all("#hand .card.hinted", "ns => ns.map(n => n.dataset.card)")
    assert sorted(page.evaluate(chosen)) == sorted(hinted)
    # named in the hand's order, as the reason names them (a play-test read "Hint: A♦ J♦ J♣. Pass J♣ A♦ J♦: ...")
    short = " ".join(("10" if card[0] == "T" else card[0]) + "♣♦♥♠"["CDHS".index(card[1])] for card in hinted)
    assert (page.text_content("#hint-text") or "").startswith(f"Hint: {short}. "), (short, page.text_content("#hint-text"))
    assert "They are chosen for you: “Pass 3 cards” passes them, a click on one puts it back." in (page.text_content("#hint-text") or "")
    # One put back and another chosen: the page no longer says the hint's cards are chosen (a play-test's still did).
    other = next(c for c in page.eval_on_selector_all("#hand .card", "ns => ns.map(n => n.dataset.card)") if c not in hinted)
    for swap in ((hinted[0], other), (other, hinted[0])):
        for card in swap:
            click_card(page.locator(f"#hand .card[data-card='{card}']"))
        assert page.locator("#hint-chosen").is_hidden() == (swap[1] == other), swap
    # The search's numbers behind a line of their own at 1280x800 too: a play-test's pass hint of four lines ran below
    # the window's edge; now it ends in sight.
    assert page.locator("#hint-text details.hint-search").count() == 1
    assert page.evaluate("() => document.getElementById('hint-text').getBoundingClientRect().bottom <= innerHeight + 1")
    assert page.text_content("#pass-button") == "Pass 3 cards"
    page.click("#pass-button")
    page.wait_for_selector("#pass-bar", state="hidden")
    (sent,) = page.evaluate("() => window.sent.filter(m => m.type === 'pass').map(m => m.cards)")
    assert sorted(sent) == sorted(hinted)
    assert page.errors == []
    page.context.close()


def _play_to_the_last_card(page: Any, autoplay: bool) -> int:
    """Play the first card that may be played until one card is left in the hand (a forced one too, unless
    ``autoplay`` plays it); the clicks made."""
    clicks = 0
    # (not "more than one": a hand drawn anew, after a reconnection on a loaded machine, is empty for a moment)
    while page.locator("#hand .card").count() != 1:
        if not wait_for_my_turn(page):
            break
        choices = page.locator("#hand .card.playable").count()
        if page.locator("#hand .card").count() > 1 and (choices > 1 or (choices == 1 and not autoplay)):
            # A card played for the player is not said at a later turn with a choice (read as speaking of it)
            assert choices == 1 or not (page.text_content("#notice") or "").endswith("played for you."), page.text_content("#notice")
            play_first_playable(page)
            clicks += 1
        else:
            page.wait_for_timeout(50)
    return clicks


@needs_chromium
def test_a_card_that_is_the_only_one_allowed_is_played_for_the_player_unless_the_box_is_cleared(server: Server, browser: Any) -> None:
    """A play-test clicked some 150 times in a game of Black Maria, many of them forced, where the terminal plays a
    forced card for the player (F9): the page does too, after a moment, and says so; the side panel's box turns it
    off, and the choice is kept in this browser."""
    page = solo_table(browser, server.base, autoplay=True)
    page.on("console", lambda m: print("CONSOLE", m.text) if "DBG" in m.text else None)
    assert (
        page.is_checked("#autoplay-check") and page.text_content("label.autoplay") == " Play a card for me when it is the only one allowed"
    )
    pass_three(page)
    # (every notice shown: the last card's goes with the deal, as the summary opens)
    # (from the records: a notice shown and cleared in one task is gone by the time the observer is called)
    page.evaluate("""() => { window.notices = []; new MutationObserver((records) => records.forEach((record) =>
      record.addedNodes.forEach((node) => window.notices.push(node.textContent))))
      .observe(document.getElementById('notice'), { childList: true }); }""")
    clicks = _play_to_the_last_card(page, autoplay=True)
    page.wait_for_function("() => window.sent.filter(m => m.type === 'play').length === 13")
    page.wait_for_function("() => window.notices.some((text) => text.endsWith('may be played: played for you.'))")
    assert len(sent_plays(page)) == 13 > clicks, "the last card, and any forced before it, went without a click"
    assert page.errors == []
    page.context.close()
    page = solo_table(browser, server.base, autoplay=True)
    page.uncheck("#autoplay-check")
    page.reload()  # kept in this browser
    page.wait_for_selector("#pass-bar:not([hidden])")
    assert not page.is_checked("#autoplay-check")
    pass_three(page)
    clicks = _play_to_the_last_card(page, autoplay=False)
    assert wait_for_my_turn(page)
    page.wait_for_timeout(1500)
    assert page.locator("#hand .card").count() == 1 and len(sent_plays(page)) == clicks, "no card is played for the player"
    # A hint asked with one card allowed says so at once (asked of the server, its answer came after autoplay had
    # played the card, and a play-test's Hint showed nothing).
    last = page.locator("#hand .card").first.get_attribute("aria-label") or ""
    page.click("#hint-button")
    said = page.text_content("#hint-text") or ""
    assert said.startswith("Only ") and said.endswith(" is allowed, so there is nothing to choose."), said
    assert not page.evaluate("() => window.sent.some(m => m.type === 'hint')"), last
    play_first_playable(page)
    page.context.close()


# Each time the hand is raised for the player's card: how long ago the newest card of the trick came onto the table
# (in ms; none when the player leads). Times, not the cards' opacity: on a loaded machine a frame comes late, and an
# animation not yet begun reads as unseen however long its card has lain there.
# For each computer player's card as it comes onto the trick: how long its seat had been marked to play (0: not).
WATCH_MARKED_BEFORE = """() => { window.markedBefore = []; let marked = null; let since = 0; let lying = new Set();
  new MutationObserver(() => { const node = document.querySelector('#seats .seat.turn'); const seat = node ? node.dataset.seat : null;
      if (seat !== marked) { marked = seat; since = performance.now(); } })
    .observe(document.getElementById('seats'), { subtree: true, childList: true, attributes: true });
  new MutationObserver(() => { const me = document.querySelector('#seats .seat.me').dataset.seat;
      const cards = [...document.querySelectorAll('#trick .card.played')];
      for (const card of cards) if (!lying.has(card.dataset.card) && card.dataset.seat !== me)
        window.markedBefore.push(marked === card.dataset.seat ? performance.now() - since : 0);
      lying = new Set(cards.map((card) => card.dataset.card)); })
    .observe(document.getElementById('trick'), { childList: true }); }"""

WATCH_RAISED_HAND = """() => { window.raisedAfter = []; const came = new Map(); let was = false;
  new MutationObserver(() => { for (const node of document.querySelectorAll('#trick .card.played'))
    if (!came.has(node.dataset.card)) came.set(node.dataset.card, performance.now()); })
    .observe(document.getElementById('trick'), { childList: true });
  new MutationObserver(() => { const mine = document.getElementById('hand').classList.contains('my-turn');
    if (mine && !was) { const cards = [...document.querySelectorAll('#trick .card.played')].map(n => came.get(n.dataset.card));
      if (cards.length) window.raisedAfter.push(performance.now() - Math.max(...cards)); }
    was = mine; }).observe(document.getElementById('hand'), { attributes: true, attributeFilter: ['class'] }); }"""

# Each time the seats or the turn line change: whether the seat marked to play is this page's and whether the line
# says it is its turn, which must agree (the seats' mark moved on while the line still named the player before).
WATCH_TURN_AGREES = """() => { window.turnDisagrees = []; window.turnSeen = 0;
  const check = () => { const marked = document.querySelector('#seats .seat.turn'); const line = document.getElementById('turn-line');
    if (!marked || !line.textContent || line.querySelector('.watching')) return; window.turnSeen += 1;
    const mine = marked.classList.contains('me'); const says = line.classList.contains('mine');
    if (mine !== says) window.turnDisagrees.push(line.textContent); };
  const observer = new MutationObserver(check);
  for (const id of ['seats', 'turn-line']) observer.observe(document.getElementById(id), { subtree: true, childList: true, attributes: true, characterData: true }); }"""


@needs_chromium
def test_the_hand_is_raised_only_once_the_card_before_it_has_come_down(server: Server, browser: Any) -> None:
    """At Fast, with motion, a play-test's hand was raised (and "Your turn" said) while the computer player's card
    before it was still sliding in, faded: the last card of a run now has its moment before the turn is shown, on the seats and under the table alike."""
    page = new_page(browser, DESKTOP, speed="fast", reduced_motion=False)
    create_table(page, server.base, "hearts", deals=1, bots=3, name="Cleo")
    page.wait_for_selector("#pass-bar:not([hidden])")
    page.evaluate(WATCH_RAISED_HAND)
    page.evaluate(WATCH_TURN_AGREES)
    page.evaluate(WATCH_MARKED_BEFORE)
    pass_three(page)
    while wait_for_my_turn(page):
        play_first_playable(page)
    # The seats' mark and the turn line pass on together, at every card (a play-test: "TO PLAY" on the seat while
    # the line under the table still said "Computer 4 to play.", half a second, 29 of 246 samples).
    assert page.evaluate("() => window.turnSeen") > 20 and page.evaluate("() => window.turnDisagrees") == []
    raised = sorted(page.evaluate("() => window.raisedAfter"))
    # The card before had slid in (Fast: half of 0.3 of 420 ms) first, at most turns: an update that wins two tricks
    # (or crosses a deal) is drawn at once, on purpose.
    assert raised and raised[len(raised) // 2] >= 0.3 * 420 / 2 * 0.95, raised
    # A computer player's card comes after its seat was marked to play for a while, as if it thought (a play-test read
    # "Computer 2 to play" beside Computer 2's card all its moment, one card behind), at most cards.
    marked = page.evaluate("() => window.markedBefore")
    assert len(marked) > 20 and sorted(marked)[len(marked) // 4] >= 0.3 * 420 / 2 * 0.8, marked
    assert page.errors == []
    page.context.close()


@needs_chromium
def test_bug7_while_the_connection_is_down_the_hand_rests_and_says_so(server: Server, browser: Any) -> None:
    page = solo_table(browser, server.base)
    page.evaluate("() => window.cut()")
    bar = page.locator("#offline-bar")
    bar.wait_for(state="visible")
    assert (page.text_content("#offline-text") or "").startswith("The connection to the table is lost. Reconnecting…")
    assert page.get_attribute("#hand", "aria-disabled") == "true"
    assert page.locator("#hand .card[aria-disabled='true']").count() == 13
    assert page.get_attribute("#pass-button", "aria-disabled") == "true"
    assert page.get_attribute("#hint-button", "aria-disabled") == "true"  # it asks the server (a play-test clicked it)
    # A click on a card does nothing: no card marked for passing, nothing sent.
    sent = len(page.evaluate("() => window.sent"))
    box = page.locator("#hand .card").first.bounding_box()
    page.mouse.click(box["x"] + 9, box["y"] + 30)
    assert page.locator("#hand .card.selected").count() == 0
    assert len(page.evaluate("() => window.sent")) == sent
    page.screenshot(path=str(SCREENSHOTS / "web-offline.png"))
    # The network is back: the page reconnects, the bar goes, the hand plays again.
    page.evaluate("() => { window.blocked = false; }")
    bar.wait_for(state="hidden", timeout=30_000)
    assert page.get_attribute("#hand", "aria-disabled") == "false"
    # and says so: the bar had only gone (a play-test read nothing when the game came back after a server's restart)
    assert "Connected again: the game goes on." in (page.text_content("#table-news") or "")
    assert page.get_attribute("#hint-button", "aria-disabled") == "false"
    pass_three(page)
    # One watching holds no cards: the bar says the game shows again (a play-test's spectator read "Your cards ...").
    watcher = new_page(browser, PHONE)
    watcher.add_init_script(WATCH_SOCKETS)
    watcher.goto(page.url)
    watcher.wait_for_selector("#play:not([hidden])")
    watcher.evaluate("() => window.cut()")
    watcher.locator("#offline-bar").wait_for(state="visible")
    assert (
        watcher.text_content("#offline-text") == "The connection to the table is lost. Reconnecting… The game shows again once it is back."
    )
    assert page.errors == [] and watcher.errors == []
    watcher.context.close()
    page.context.close()


def play_to_the_summary(page: Any) -> None:
    """Play Cleo's cards until deal 1's summary opens."""
    player = Seat(page)
    player.refused = True  # no refusal clicks: with a timer they would spend the seconds
    deadline = time.monotonic() + 180
    while not page.evaluate("() => document.getElementById('summary').open"):
        assert time.monotonic() < deadline, "deal 1 did not end in time"
        assert page.locator("#away-bar").is_hidden(), "Cleo's time ran out in deal 1"
        if not player.act():
            page.wait_for_timeout(30)


# Once the summary opens, the page notes (by its own clock, which a busy test machine does not delay) whether its
# seat is away and what the clock says TIMER + 0.8 s later: longer than a whole turn's time.
PROBE_AFTER_SUMMARY = """(after) => new MutationObserver((_, observer) => {
  if (!document.getElementById('summary').open) return;
  observer.disconnect();
  setTimeout(() => {
    window.probe = {
      away: !document.getElementById('away-bar').hidden,
      marks: document.querySelector("#seats .seat[data-seat='0'] .marks")?.textContent || '',
      passing: !document.getElementById('pass-bar').hidden,
      clock: document.getElementById('clock').textContent,
    };
  }, after);
}).observe(document.getElementById('summary'), {attributes: true})"""


@needs_chromium
def test_bug1_the_summary_is_read_before_the_next_deals_clock_starts(server: Server, browser: Any) -> None:
    """A turn timer: the summary of deal 1 is read for longer than a turn's time, and the next pass is still Cleo's."""
    page = solo_table(browser, server.base, deals=2, timer=TIMER)
    page.evaluate(PROBE_AFTER_SUMMARY, TIMER * 1000 + 800)
    play_to_the_summary(page)
    page.wait_for_function("() => window.probe", timeout=60_000)
    probe = page.evaluate("() => window.probe")
    assert not probe["away"] and "a computer plays" not in probe["marks"], probe
    assert probe["passing"], probe
    # 8 s to read the summary and 10 s to pass, from the deal: some 7 s are left, the same as the server's clock.
    left = int(probe["clock"].split()[0])
    assert 1 <= left <= 8, probe
    page.click("#summary-close")
    pass_three(page)
    assert page.locator("#away-bar").is_hidden()
    assert page.errors == []
    page.context.close()


@needs_chromium
def test_bugs_5_6_the_shuffle_check_of_the_last_deal_survives_a_reload_and_a_spectator_is_told_no_hand(
    server: Server, browser: Any
) -> None:
    page = solo_table(browser, server.base, deals=2)
    code = page.url.rsplit("/", 1)[1]
    watcher = new_page(browser, PHONE)
    watcher.goto(f"{server.base}/t/{code}")
    watcher.wait_for_selector("#play:not([hidden])")
    play_to_the_summary(page)
    # The keys stay in the summary (a keyboard play-test tabbed out of it to buttons hidden behind it); Escape closes it.
    for key in ("Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab"):
        page.keyboard.press(key)
        assert page.evaluate("() => document.getElementById('summary').contains(document.activeElement)"), key
    page.keyboard.press("Escape")
    page.wait_for_selector("#summary", state="hidden")
    page.wait_for_selector("#pass-bar:not([hidden])")
    # Deal 1's shuffle check: against the player's own hand; for the spectator, who holds none, the public part only.
    mine = "✓ Deal 1 checked: the revealed deck matches its SHA-256 and deals exactly your hand."
    public = "✓ Deal 1 checked: the revealed deck matches its SHA-256, published before play."
    # (the view's deal: a spectator's header names deal 1 while its summary stays open, until deal 2's play begins)
    in_deal_2 = "app.view && app.view.deal === 1"
    wait_for_app(watcher, in_deal_2)
    assert page.text_content("#shuffle-check") == mine
    assert watcher.text_content("#shuffle-check") == public
    for viewer, text in ((page, mine), (watcher, public)):
        viewer.reload()
        viewer.wait_for_selector("#play:not([hidden])")
        wait_for_app(viewer, in_deal_2)
        assert viewer.text_content("#shuffle-check") == text
    page.wait_for_selector("#pass-bar:not([hidden])")
    # In the other language at once (a play-test read the check in English on a German page).
    page.click("#lang-switch")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    assert page.text_content("#shuffle-check") == "✓ " + Texts("de")("shuffle_ok", n=1)
    assert page.errors == [] and watcher.errors == []
    page.context.close()
    watcher.context.close()


def test_a_tap_on_the_table_cuts_the_pause_of_a_won_trick_short(server: Server, browser: Any) -> None:
    """A play-test tapped a card while the won trick lay on the felt, and nothing happened: a tap on the table or the
    hand ends that pause (here made 20 s long), even one tapped while the trick's last cards are still being laid (the
    cards here 1 s apart: the tap below comes then, up to 3 s before the pause)."""
    page = solo_table(browser, server.base)
    page.evaluate("() => import('/static/state.js').then((m) => { m.TIMING.hold = 20000; m.TIMING.play = 1000; })")
    pass_three(page)
    play_until(page, "app.heldWon !== null", "no trick was won")
    started = time.monotonic()
    box = page.locator("#felt").bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + 10, box["y"] + box["height"] / 2)  # (the felt is never "stable" to a locator's click)
    wait_for_app(page, "app.heldWon === null", timeout=10_000)
    assert time.monotonic() - started < 10
    assert page.errors == []
    page.context.close()


def test_the_last_trick_is_the_trick_just_taken_while_it_still_lies_on_the_felt(server: Server, browser: Any) -> None:
    """A play-test opened "Last trick" under "You win the trick: 1 point." and read the trick before it, not the one
    on the felt, under "Last trick, taken by you" (the won trick here held 20 s)."""
    page = solo_table(browser, server.base)
    page.evaluate("() => import('/static/state.js').then((m) => { m.TIMING.hold = 20000; })")
    pass_three(page)
    play_until(page, "app.heldWon !== null && app.heldWon.trick >= 1 && !app.wonLanding", "no second trick was won", 90)
    on_felt = sorted(page.eval_on_selector_all("#trick .card", "cs => cs.map(c => c.dataset.card)"))
    page.click("#last-trick-button")
    page.wait_for_selector("#last-trick:not([hidden])")
    shown = sorted(page.eval_on_selector_all("#last-trick-cards .card", "cs => cs.map(c => c.dataset.card)"))
    assert len(on_felt) == 4 and shown == on_felt
    assert page.errors == []
    page.context.close()


def test_a_trick_with_points_names_the_cards_that_made_them(server: Server, browser: Any) -> None:
    """A play-test learnt who took the queen of spades only from the deal's summary: the news said "Ben took the last
    trick: 13 points." The words of a trick won name its cards that score, and no other ("Q♠ 7♥, 14 points")."""
    page = solo_table(browser, server.base)
    page.evaluate("() => import('/static/state.js').then((m) => { m.TIMING.hold = 20000; })")
    pass_three(page)
    play_until(page, "app.heldWon !== null && app.heldWon.points > 0 && !app.wonLanding", "no trick with points was won", 120)
    won = page.evaluate("() => import('/static/state.js').then(({ app }) => app.heldWon.cards)")
    page.wait_for_function("() => /wins? the trick/.test(document.getElementById('turn-line').textContent)", timeout=5_000)
    line = page.text_content("#turn-line") or ""
    said = re.search(r"wins? the trick: (.*), (\d+) points?\.", line)
    assert said, line
    scoring = {card_symbol(parse_card(c)) for c in won if c[1] == "H" or c == "QS"}
    assert set(said.group(1).split()) == scoring, (line, won)
    points = sum(13 if symbol == "Q♠" else 1 for symbol in scoring)
    assert int(said.group(2)) == points
    assert page.errors == []
    page.context.close()


def test_a_trick_is_said_won_only_once_its_last_card_has_landed(server: Server, browser: Any) -> None:
    """A phone play-test read "You win the trick: 13 points." and its seat's 13 while the last card, Q♠, was still
    sliding in: the trick is won on screen, in words and on its winner's box, only after its last card's moment (here
    1.5 s; the won trick then held 20 s)."""
    page = solo_table(browser, server.base)
    page.evaluate("() => import('/static/state.js').then((m) => { m.TIMING.hold = 20000; m.TIMING.play = 1500; })")
    pass_three(page)
    laid = "app.heldWon !== null && ![...app.hiddenPlays].some((key) => Number(key.split(':')[1]) === app.heldWon.trick)"
    play_until(page, laid, "no trick was won")
    winner = page.evaluate("() => import('/static/state.js').then(({ app }) => app.heldWon.seat)")
    box = page.locator(f"#seats .seat[data-seat='{winner}']")
    won_words = re.compile(r"wins? the trick")
    # The last card is down and its moment not over: nobody has won it on screen yet.
    assert not won_words.search(page.text_content("#turn-line") or "") and "winner" not in (box.get_attribute("class") or "")
    page.wait_for_function("() => /wins? the trick/.test(document.getElementById('turn-line').textContent)", timeout=5_000)
    assert "winner" in (box.get_attribute("class") or "")
    assert page.errors == []
    page.context.close()


def test_under_the_players_own_last_card_of_a_trick_nobody_is_shown_to_play_before_the_trick_is_won(server: Server, browser: Any) -> None:
    """A phone play-test played the last card of a trick: "Your turn: you lead" and "to play" on its seat came while its
    card still slid in, before "You win the trick" (which that gave away). Until the trick is said won, nobody's turn
    is shown (the card's moment here 1.5 s)."""
    page = solo_table(browser, server.base, deals=3)
    last_to_play = "app.view.tricks.length && app.view.tricks[app.view.tricks.length - 1].plays.length === 3"
    deadline = time.monotonic() + 240
    while True:  # (a deal may pass with the player never last to a trick: the next deal then)
        assert time.monotonic() < deadline, "the player was never last to a trick"
        # Both read at one moment: the next deal's pass comes a moment after the summary that goes over its button.
        summary_open, passing = page.evaluate(
            "() => [document.getElementById('summary').open, !document.getElementById('pass-bar').hidden]"
        )
        if summary_open:
            page.click("#summary-close")
        elif passing:
            pass_three(page)
        elif page.locator("#hand .card.playable").count():
            if page.evaluate(f"() => import('/static/state.js').then(({{ app }}) => Boolean({last_to_play}))"):
                break
            play_first_playable(page)
        else:
            page.wait_for_timeout(30)
    page.evaluate("() => import('/static/state.js').then((m) => { m.TIMING.hold = 20000; m.TIMING.play = 1500; })")
    click_card(page.locator("#hand .card.playable").first)
    wait_for_app(page, "app.heldWon !== null", timeout=10_000)
    line = page.text_content("#turn-line") or ""
    marked = page.locator("#seats .seat.turn").count()
    assert not re.search(r"turn|to play|wins? the trick", line, re.IGNORECASE) and marked == 0, (line, marked)
    page.wait_for_function("() => /wins? the trick/.test(document.getElementById('turn-line').textContent)", timeout=5_000)
    assert page.errors == []
    page.context.close()


def test_after_a_moon_the_seats_on_the_felt_show_the_deals_score_as_the_summary_does(server: Server, browser: Any) -> None:
    """A play-test's felt said "26 in this deal" for the seat that shot the moon and 0 for the others, beside a summary
    and a score sheet that said 0 and 26 each. Once the deal is over and its last trick gone, a seat shows its score."""
    page = solo_table(browser, server.base)
    moon = "{ phase: 'deal-over', trick_points: [0, 26, 0, 0], tricks_won: [2, 9, 1, 1], deal_points: [[26, 0, 26, 26]] }"
    playing = "{ phase: 'playing', trick_points: [0, 20, 0, 0], tricks_won: [2, 8, 1, 1], deal_points: [] }"
    shown = page.evaluate(
        f"""() => import('/static/state.js').then(({{ app, shownTaken }}) => {{
          const seats = (view) => [0, 1, 2, 3].map((seat) => shownTaken(view, seat).points);
          const over = seats({moon});
          app.heldWon = {{ trick: 12, seat: 1, points: 6 }};
          app.wonLanding = true;  // its last card still landing: the trick's points not yet the winner's
          const landing = seats({moon});
          app.heldWon = null;
          app.wonLanding = false;
          return [over, landing, seats({playing})];
        }})"""
    )
    assert shown == [[26, 0, 26, 26], [0, 20, 0, 0], [0, 20, 0, 0]]
    page.context.close()


def test_a_summary_open_at_a_reload_opens_again_and_one_closed_does_not(server: Server, browser: Any) -> None:
    """A play-test reloaded the page while it read deal 1's summary: the summary was gone and the page at deal 2's pass."""
    page = solo_table(browser, server.base, deals=2)
    play_to_the_summary(page)
    heading = page.text_content("#summary-heading")
    page.reload()
    page.wait_for_selector("#summary[open]")
    assert page.text_content("#summary-heading") == heading and page.is_visible("#summary-rows")
    page.click("#summary-close")
    page.wait_for_selector("#summary", state="hidden")
    page.reload()
    page.wait_for_selector("#pass-bar:not([hidden])")
    page.wait_for_timeout(300)
    assert not page.evaluate("() => document.getElementById('summary').open"), "a summary closed here opened again"
    assert page.errors == []
    page.context.close()


# The page's header: each item inside it, none cut short or squeezed to nothing, none over another.
HEADER_PROBLEMS = """() => {
  const problems = [];
  const box = (n) => n.getBoundingClientRect();
  const inside = (a, b, slack = 1) => a.left >= b.left - slack && a.right <= b.right + slack && a.top >= b.top - slack && a.bottom <= b.bottom + slack;
  const name = (n) => `${n.tagName.toLowerCase()}${n.id ? '#' + n.id : ''}.${n.className} "${(n.textContent || '').trim().slice(0, 30)}"`;
  const top = box(document.querySelector('.topbar'));
  const shown = [...document.querySelectorAll('.topbar > *')].filter((n) => !n.hidden && n.textContent.trim());
  for (const item of shown) {
    if (!item.offsetWidth) problems.push(`header item squeezed to nothing: ${name(item)}`);
    else if (!inside(box(item), top)) problems.push(`header item outside the header: ${name(item)}`);
    if (item.scrollWidth > item.clientWidth + 1) problems.push(`header text cut: ${name(item)}`);
  }
  for (let i = 0; i < shown.length; i++) for (let j = i + 1; j < shown.length; j++) {
    const a = box(shown[i]), b = box(shown[j]);
    if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) problems.push(`header items overlap: ${name(shown[i])} and ${name(shown[j])}`);
  }
  return problems;
}"""

# Everything of the table page that can leave its box: each problem as a sentence (empty when the layout is sound).
LAYOUT_PROBLEMS = """() => {
  const problems = [];
  const box = (n) => n.getBoundingClientRect();
  const inside = (a, b, slack = 1) => a.left >= b.left - slack && a.right <= b.right + slack && a.top >= b.top - slack && a.bottom <= b.bottom + slack;
  const name = (n) => `${n.tagName.toLowerCase()}${n.id ? '#' + n.id : ''}.${n.className} "${(n.textContent || '').trim().slice(0, 30)}"`;
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width + 1) problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
  const felt = box(document.getElementById('felt'));
  for (const seat of document.querySelectorAll('#seats .seat')) {
    if (!inside(box(seat), felt)) problems.push(`seat box outside the table: ${name(seat)}`);
    for (const part of seat.querySelectorAll('.stats, .marks')) {
      if (part.scrollWidth > part.clientWidth + 1) problems.push(`seat text cut: ${name(part)}`);
    }
    // A name breaks only at a space or a hyphen (a play-test's phone read "Christophers / onn"); a word too long for
    // the box ends in "…", the name whole in the box's title.
    for (const part of seat.querySelectorAll('.name')) {
      const text = part.firstChild;
      const tops = [...text.data].map((_, i) => {
        const range = document.createRange();
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        const rect = range.getClientRects()[0];
        return rect ? Math.round(rect.top) : null;
      });
      for (let i = 1; i < tops.length; i++) {
        if (tops[i] !== null && tops[i - 1] !== null && tops[i] > tops[i - 1] + 2 && !/[\\s-]/.test(text.data[i - 1])) {
          problems.push(`seat name broken inside a word: ${name(part)}`);
        }
      }
      if (part.scrollWidth > part.clientWidth + 1 && part.title !== text.data) problems.push(`seat name cut, not whole in its title: ${name(part)}`);
    }
    // A part kept on one line that runs out of its box (a play-test read "0 in diesem Spiel ·" over both edges).
    for (const part of seat.querySelectorAll('.stats span')) {
      if (!inside(box(part), box(seat))) problems.push(`seat text leaves its box: ${name(part)}`);
    }
  }
  const seats = [...document.querySelectorAll('#seats .seat')].map(box);
  for (let i = 0; i < seats.length; i++) for (let j = i + 1; j < seats.length; j++) {
    const a = seats[i], b = seats[j];
    if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) problems.push(`seats ${i} and ${j} overlap`);
  }
  // The words in the felt's middle (on a phone at the pass, what to pass) keep off the seats (a play-test read them
  // running into both opponents' boxes at three players), a few pixels clear (another's touched the player's box).
  const note = document.getElementById('center-note');
  if (note.textContent && getComputedStyle(note).display !== 'none') {
    const n = box(note);
    seats.forEach((a, i) => {
      if (a.left < n.right - 1 && n.left < a.right - 1 && a.top < n.bottom + 3 && n.top < a.bottom + 3) problems.push(`the middle's words run into seat ${i}`);
    });
  }
  const side = document.querySelector('.side');
  const board = box(document.querySelector('.board'));
  if (!inside(felt, board)) problems.push('the table leaves the board');
  const sideBox = box(side);
  if (sideBox.top < board.bottom - 1 && sideBox.left < board.right - 1) problems.push('the board runs under the side column');
  for (const th of document.querySelectorAll('#sheet-table thead th')) {
    if (th.scrollWidth > th.clientWidth + 1) problems.push(`score sheet header cut: ${name(th)}`);
    // A computer player's short name on one line (a play-test read "Comp." over "2" in every column).
    const range = document.createRange();
    range.selectNodeContents(th);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    if (/^Comp\\./.test(th.textContent) && lines > 1) problems.push(`score sheet header broken: ${th.textContent}`);
  }
  const sheet = box(document.querySelector('.sheet'));
  if (!inside(box(document.getElementById('sheet-table')), sheet)) problems.push('the score sheet leaves its panel');
  // Every column in sight ("Summe" widened the German sheet's first column: the last was cut, a play-test).
  const scroll = document.querySelector('.sheet-scroll');
  if (scroll.scrollWidth > scroll.clientWidth + 1) problems.push(`the score sheet scrolls sideways: ${scroll.scrollWidth} > ${scroll.clientWidth}`);
  for (const card of document.querySelectorAll('#hand .card')) {
    const r = box(card);
    if (r.left < -1 || r.right > width + 1) problems.push(`hand card off the screen: ${card.dataset.card} ${Math.round(r.left)}..${Math.round(r.right)}`);
  }
  return problems;
}"""


@needs_chromium
def test_the_header_fits_a_long_title_spectators_and_the_connection_line_on_a_phone(server: Server, browser: Any) -> None:
    """390x844 and 1280x800, English and German: the longest preset's title, the spectators and "Connection lost" in
    the header at once; each is shown whole (the title was cut to "Black Maria (Jaq…", or to nothing on a phone)."""
    code, token = seated_table(server, 4)
    for (label, viewport), lang in itertools.product((("phone", PHONE), ("desktop", DESKTOP)), ("en", "de")):
        page = new_page(browser, viewport, locale="de-DE" if lang == "de" else "en-US")
        page.add_init_script(WATCH_SOCKETS)
        sit_at(page, server, code, token)
        assert page.evaluate(HEADER_PROBLEMS) == [], f"{label} {lang}"
        watching = new_page(browser, DESKTOP)
        watching.goto(f"{server.base}/t/{code}")
        page.wait_for_selector("#watchers:not([hidden])")
        page.evaluate("() => window.cut()")
        page.wait_for_selector("#offline-bar:not([hidden])")
        assert page.text_content("#table-title") == f"Black Maria (Jaques of London) · {'Spiel 1 von 1' if lang == 'de' else 'Deal 1 of 1'}"
        problems = page.evaluate(HEADER_PROBLEMS)
        page.screenshot(
            path=str(SCREENSHOTS / f"web-header-{label}-{lang}.png"), clip={"x": 0, "y": 0, "width": viewport["width"], "height": 120}
        )
        assert problems == [], f"{label} {lang}: {problems}"
        assert page.errors == []
        watching.context.close()
        page.context.close()


LANGUAGE_BUTTON_COLOURS = """() => {
  const rgba = (text) => (text.match(/[\\d.]+/g) || []).map(Number);
  const button = document.getElementById('lang-switch');
  return [rgba(getComputedStyle(button).color), rgba(getComputedStyle(button).backgroundColor),
          rgba(getComputedStyle(button.closest('header')).backgroundColor)];
}"""


def _contrast(text: list[float], background: list[float], behind: list[float]) -> float:
    """WCAG contrast of ``text`` on ``background`` laid over ``behind`` (rgb or rgba lists from CSS)."""
    alpha = background[3] if len(background) > 3 else 1.0
    shown = [alpha * b + (1 - alpha) * u for b, u in zip(background[:3], behind[:3], strict=True)]

    def luminance(rgb: list[float]) -> float:
        linear = [c / 255 / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(text[:3]), luminance(shown)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


VISIBLE_STRIPS = """() => [...document.querySelectorAll('#hand .hand-row')].map((row) => {
  const cards = [...row.querySelectorAll('.card')].map((card) => card.getBoundingClientRect());
  return cards.slice(0, -1).map((box, i) => Math.round(cards[i + 1].left - box.left));
})"""


UPPER_ROW_TAP_HEIGHTS = """() => {
  const [upper] = document.querySelectorAll('#hand .hand-row');
  return [...upper.querySelectorAll('.card')].map((card) => {
    const box = card.getBoundingClientRect();
    let hits = 0;
    for (let y = Math.floor(box.top); y < box.bottom; y += 1) {
      const found = document.elementFromPoint(box.left + 14, y);
      if (found && found.closest('.card') === card) hits += 1;
    }
    return hits;
  });
}"""


@needs_chromium
def test_a_phone_holds_a_big_hand_in_two_rows_and_marks_no_more_than_the_pass_takes(server: Server, browser: Any) -> None:
    """The play-test: 17 cards in one fan on a phone left each a 16 px strip, taps hit the neighbour, and a fourth
    card could be marked for a pass of three."""
    code, token = seated_table(server, 3)
    for viewport, rows in ((PHONE, 2), (DESKTOP, 1)):
        page = new_page(browser, viewport)
        sit_at(page, server, code, token)
        assert page.locator("#hand .card").count() == 17
        strips = page.evaluate(VISIBLE_STRIPS)
        assert len(strips) == rows and min(min(row) for row in strips) >= 30, strips
        # The first row shows a finger's height of each card over the second (the play-test's taps in the middle of
        # a card of the first row hit the card in front of it: the second row covered all but 28 px).
        assert min(page.evaluate(UPPER_ROW_TAP_HEIGHTS)) >= 44, page.evaluate(UPPER_ROW_TAP_HEIGHTS)
        cards = page.locator("#hand .card")
        sideways = "() => { const box = document.getElementById('pass-button').getBoundingClientRect(); return [Math.round(box.left), Math.round(box.width)]; }"
        button = page.evaluate(sideways)
        for index in (0, 5, 10, 15):
            click_card(cards.nth(index))
        assert page.locator("#hand .card.selected").count() == 3
        # A chosen card of the second row, raised, still leaves the card above it a finger's height (a play-test's
        # J♠ was left a strip of 33 px: its tap hit the chosen A♣).
        assert min(page.evaluate(UPPER_ROW_TAP_HEIGHTS)) >= 44, page.evaluate(UPPER_ROW_TAP_HEIGHTS)
        # The button's label shortens ("Pass 3 cards: choose 1 more", "Pass 3 cards"): it does not move sideways under
        # the pointer (a play-test saw it).
        assert page.evaluate(sideways) == button
        assert page.text_content("#notice") == "3 cards are chosen, as many as the pass takes: choose one of them again to put it back"
        click_card(cards.nth(5))
        click_card(cards.nth(15))
        assert page.locator("#hand .card.selected").count() == 3 and page.text_content("#notice") == ""
        # A reload in the middle of choosing keeps the cards marked (a play-test lost them).
        marked = page.eval_on_selector_all("#hand .card.selected", "cs => cs.map(c => c.dataset.card)")
        page.reload()
        page.wait_for_selector("#pass-bar:not([hidden])")
        assert page.eval_on_selector_all("#hand .card.selected", "cs => cs.map(c => c.dataset.card)") == marked
        # and the focus is in the hand, as at the start (a play-test's reload left it on the page)
        page.wait_for_function("() => document.activeElement.closest('#hand') !== null")
        assert page.text_content("#pass-button") == "Pass 3 cards"
        if viewport == PHONE:
            # A side box leaves its tricks to its label (it wrapped over four to six lines, a play-test); the player's
            # own, with the felt's width beside it, keeps them.
            side, mine = page.locator("#seats .seat:not(.wide-room)").first, page.locator("#seats .seat.me")
            assert side.locator(".stats").text_content() == "0\u00a0this deal\u00a0· total\u00a00"
            assert "0 tricks" in (side.get_attribute("aria-label") or "") and "0\u00a0tricks" in (mine.text_content() or "")
            # The hint under the hand, over the buttons, which keep to two rows (a play-test scrolled past five
            # buttons in three rows to read the hint it had asked for).
            page.click("#hint-button")
            page.wait_for_function("() => document.getElementById('hint-text').textContent.startsWith('Hint: ')")
            layout = page.evaluate(
                """() => ({hint: document.getElementById('hint-text').getBoundingClientRect().top,
                          hand: document.getElementById('hand').getBoundingClientRect().bottom,
                          rows: [...new Set([...document.querySelectorAll('.actions button')].filter(b => !b.hidden)
                                          .map(b => Math.round(b.getBoundingClientRect().top)))],
                          buttons: Math.min(...[...document.querySelectorAll('.actions button')].filter(b => !b.hidden)
                                          .map(b => b.getBoundingClientRect().top))})"""
            )
            assert layout["hand"] <= layout["hint"] < layout["buttons"] and 1 <= len(layout["rows"]) <= 2, layout
            # Both in sight: the hint, and the Hint button it pushed down (a play-test found that below the screen).
            shown = "ids => ids.map(id => { const r = document.getElementById(id).getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })"
            assert page.evaluate(shown, ["hint-text", "hint-button"]) == [True, True]
            # The search's numbers wait behind a line of their own (a play-test's pass hint filled nine lines), and
            # open on a tap.
            more = page.locator("#hint-text details.hint-search")
            assert more.count() == 1 and not more.evaluate("d => d.open")
            assert more.locator("summary").text_content() == "The simulated deals"
            assert "simulated deals" not in (page.evaluate("() => document.getElementById('hint-text').firstChild.textContent") or "")
            more.locator("summary").click()
            assert re.match(r"The simulated deals\s*In [\d,]+ simulated deals this pass left you", more.inner_text()), more.inner_text()
        assert page.errors == []
        page.context.close()


@needs_chromium
def test_the_language_button_stays_readable_under_the_pointer(server: Server, browser: Any) -> None:
    """The play-test's "English" in white on near-white: ``button:hover`` lit the header's quiet button, and on a
    phone the hover stays after the tap."""
    for viewport in (PHONE, DESKTOP):
        page = new_page(browser, viewport)
        page.goto(f"{server.base}/")
        assert _contrast(*page.evaluate(LANGUAGE_BUTTON_COLOURS)) >= 4.5
        page.hover("#lang-switch")
        page.click("#lang-switch")
        page.wait_for_function("() => document.getElementById('lang-switch').textContent === 'English'")
        page.hover("#lang-switch")
        assert _contrast(*page.evaluate(LANGUAGE_BUTTON_COLOURS)) >= 4.5, viewport
        assert page.errors == []
        page.context.close()


# Each time the trick in the middle changes: every card of it that lies over a seat's box (the box's text under it).
WATCH_TRICK_OVER_SEATS = """() => {
  window.covered = [];
  window.fullTricks = 0;
  const box = (n) => n.getBoundingClientRect();
  const check = () => {
    const cards = document.querySelectorAll('#trick .card');
    if (cards.length === 4) window.fullTricks += 1;
    for (const card of cards) for (const seat of document.querySelectorAll('#seats .seat')) {
      const a = box(card), b = box(seat);
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left), h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 1 && h > 1) window.covered.push(`the card of seat ${card.dataset.seat} covers seat ${seat.dataset.seat} by ${Math.round(w)}x${Math.round(h)} px`);
    }
  };
  new MutationObserver(() => requestAnimationFrame(check)).observe(document.getElementById('trick'), {childList: true});
}"""


@needs_chromium
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_in_german_no_card_of_the_trick_covers_a_seat(server: Server, browser: Any, size: str) -> None:
    """390x844 and 1280x800 in German: a seat's box of many lines ("Computer 3 (leicht)", "0 in diesem Spiel · 0 Stiche
    · Stand 0", "Geber") grew into the trick, and the card played from the seat covered its last line (the own seat's
    name too); on the desktop the top seat's card hid its numbers and its cards' backs (a play-test)."""
    page = solo_table(browser, server.base, viewport=PHONE if size == "phone" else DESKTOP, locale="de-DE")
    # Boxes much taller than this machine's fonts make them: CI's fonts made them 2 px taller, and the player's own
    # card, placed by a fixed spread, covered its box there and nowhere else. The cards must keep off whatever the boxes.
    page.add_style_tag(content="#seats .seat { padding-bottom: 24px !important; }")
    page.evaluate(WATCH_TRICK_OVER_SEATS)
    play_full_tricks(page, 2)
    page.wait_for_function("() => window.fullTricks >= 2")
    covered = page.evaluate("window.covered")
    page.screenshot(path=str(SCREENSHOTS / f"web-{size}-de-trick.png"))
    assert covered == [], covered
    assert page.errors == []
    page.context.close()


# Each card of the trick, whenever it changes: the corners (rank and suit) covered by a card drawn over them.
WATCH_TRICK_CORNERS = """() => {
  window.corners = []; window.fullTricks = 0;
  const check = () => {
    const cards = [...document.querySelectorAll('#trick .card')];
    if (cards.length === document.querySelectorAll('#seats .seat').length) window.fullTricks += 1;
    const z = (card, index) => [Number(card.style.zIndex || 0), index];
    cards.forEach((card, i) => {
      const a = card.getBoundingClientRect();
      const corner = {left: a.left, top: a.top, right: a.left + a.width * 0.34, bottom: a.top + a.height * 0.44};
      cards.forEach((other, j) => {
        const [zi, zj] = [z(card, i), z(other, j)];
        if (j === i || zj[0] < zi[0] || (zj[0] === zi[0] && j < i)) return;  // drawn under it
        const b = other.getBoundingClientRect();
        const w = Math.min(corner.right, b.right) - Math.max(corner.left, b.left);
        const h = Math.min(corner.bottom, b.bottom) - Math.max(corner.top, b.top);
        if (w > 1 && h > 1) window.corners.push(`${other.getAttribute('aria-label')} covers the corner of ${card.getAttribute('aria-label')}`);
      });
    });
  };
  new MutationObserver(() => requestAnimationFrame(check)).observe(document.getElementById('trick'), {childList: true});
}"""


@needs_chromium
@pytest.mark.parametrize(("players", "size"), [(6, "phone"), (7, "phone"), (7, "desktop")])
def test_with_many_seats_every_card_of_the_trick_shows_its_rank_and_suit(server: Server, browser: Any, players: int, size: str) -> None:
    """390x844 with 6 and 7 seats: the trick's cards, placed towards their seats, hid the queen of spades under two
    clubs and a 10's suit (a play-test). Each card's corner now stays in sight, and the card that took the trick is marked."""
    code, token = seated_table(server, players)
    page = new_page(browser, PHONE if size == "phone" else DESKTOP, locale="de-DE")
    sit_at(page, server, code, token)
    page.evaluate(WATCH_TRICK_CORNERS)
    play_full_tricks(page, 3)
    assert page.evaluate("window.fullTricks") >= 1
    assert page.evaluate("window.corners") == []
    page.wait_for_function("() => document.querySelectorAll('#trick.won .card.winner').length === 1")
    page.screenshot(path=str(SCREENSHOTS / f"web-{size}-{players}-trick.png"))
    assert page.errors == []
    page.context.close()


# Each card of the trick, whenever it changes: any other card that lies over any part of it.
WATCH_TRICK_APART = """() => {
  window.overlaps = []; window.fullTricks = 0;
  const check = () => {
    const cards = [...document.querySelectorAll('#trick .card:not(.fly)')];
    if (cards.length === document.querySelectorAll('#seats .seat').length) window.fullTricks += 1;
    cards.forEach((card, i) => cards.slice(i + 1).forEach((other) => {
      const a = card.getBoundingClientRect(), b = other.getBoundingClientRect();
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left), h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 0.5 && h > 0.5) window.overlaps.push(`${card.getAttribute('aria-label')} and ${other.getAttribute('aria-label')}: ${Math.round(w)}x${Math.round(h)} px`);
    }));
  };
  new MutationObserver(() => requestAnimationFrame(check)).observe(document.getElementById('trick'), {childList: true});
}"""


@needs_chromium
@pytest.mark.parametrize(("players", "size"), [(4, "desktop"), (4, "phone"), (7, "desktop"), (7, "phone")])
def test_at_four_and_seven_seats_no_card_of_the_trick_lies_over_another(server: Server, browser: Any, players: int, size: str) -> None:
    """1280x800 and 390x844: at four seats the cards from across the table met in the felt's middle, one over the
    other's foot; at seven the cards of neighbouring seats lay over each other, one partly hidden (a play-test). Each
    card of the trick now lies whole in sight, towards its seat, from the first card to the last."""
    viewport = PHONE if size == "phone" else DESKTOP
    if players == 4:
        page = solo_table(browser, server.base, viewport=viewport)  # Hearts
    else:
        code, token = seated_table(server, players)  # Jaques' Black Maria
        page = new_page(browser, viewport)
        sit_at(page, server, code, token)
    page.evaluate(WATCH_TRICK_APART)
    play_full_tricks(page, 3)
    assert page.evaluate("window.fullTricks") >= 2
    assert page.evaluate("window.overlaps") == []
    if wait_for_my_turn(page):  # a whole trick in the picture
        play_first_playable(page)
        page.wait_for_function(f"() => document.querySelectorAll('#trick .card').length === {players}")
        page.screenshot(path=str(SCREENSHOTS / f"web-{size}-{players}-trick-apart.png"))
    assert page.evaluate("window.overlaps") == []
    assert page.errors == []
    page.context.close()


# The summary's lines that its button covers: each line's part in sight (inside what scrolls it) under the foot.
SUMMARY_UNDER_BUTTON = """() => {
  const dialog = document.getElementById('summary'), foot = dialog.querySelector('.summary-foot').getBoundingClientRect();
  const scroller = (node) => {
    for (let up = node.parentElement; up && up !== dialog.parentElement; up = up.parentElement)
      if (up.scrollHeight > up.clientHeight + 1 && getComputedStyle(up).overflowY !== 'visible') return up.getBoundingClientRect();
    return dialog.getBoundingClientRect();
  };
  const covered = [];
  for (const line of dialog.querySelectorAll('h2, .summary-line, figure, .none, p')) {
    if (line.closest('.summary-foot') || !line.textContent.trim()) continue;
    const r = line.getBoundingClientRect(), seen = scroller(line);
    const top = Math.max(r.top, seen.top, foot.top), bottom = Math.min(r.bottom, seen.bottom, foot.bottom);
    const across = Math.min(r.right, foot.right) - Math.max(r.left, foot.left);
    if (bottom - top > 1 && across > 1) covered.push(`${line.textContent.trim().slice(0, 40)}: ${Math.round(bottom - top)} px`);
  }
  return covered;
}"""


@needs_chromium
def test_a_long_deal_summary_on_a_phone_opens_at_its_heading_with_continue_in_sight_over_no_line(server: Server, browser: Any) -> None:
    """390x844, six seats in German: the summary ran below the screen and its button ("Weiter") showed only when scrolled inside it,
    and nothing said it scrolled (a play-test); at 1024x640 it opened scrolled, its heading cut off. Then the button, kept
    in sight over the rows as they scrolled, hid the lines under it (a play-test): it has a line of its own."""
    code, token = seated_table(server, 6)
    page = new_page(browser, PHONE, locale="de-DE")
    sit_at(page, server, code, token)
    pass_three(page)
    play_to_the_summary(page)
    page.wait_for_selector("#summary-rows figure.counted")
    page.wait_for_timeout(300)
    seen = page.evaluate(
        """() => {
          const rows = document.getElementById('summary-body'), button = document.getElementById('summary-close');
          const r = button.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return {scrolls: rows.scrollHeight > rows.clientHeight, top: rows.scrollTop, text: button.textContent,
                  inView: r.top >= 0 && r.bottom <= window.innerHeight, onTop: hit === button};
        }"""
    )
    assert seen["scrolls"], seen  # (a long summary: else this shows nothing)
    assert seen["top"] == 0 and seen["inView"] and seen["onTop"] and seen["text"] == "Zum Ergebnis", seen  # (one deal: the last)
    assert page.evaluate(SUMMARY_UNDER_BUTTON) == []
    page.screenshot(path=str(SCREENSHOTS / "web-phone-6-summary.png"))
    # Scrolled half way and to the end: the last line whole above the button.
    for where in ("rows.scrollHeight / 2", "rows.scrollHeight"):
        page.evaluate(f"() => {{ const rows = document.getElementById('summary-body'); rows.scrollTop = {where}; }}")
        page.wait_for_timeout(100)
        assert page.evaluate(SUMMARY_UNDER_BUTTON) == [], where
    last = page.evaluate("() => document.getElementById('summary-shuffle').getBoundingClientRect().bottom")
    assert 0 < last <= page.locator(".summary-foot").bounding_box()["y"] + 0.5
    page.screenshot(path=str(SCREENSHOTS / "web-phone-6-summary-end.png"))
    page.click("#summary-close")
    assert page.errors == []
    page.context.close()


# The controls a thumb presses that are smaller than ``least`` px either way, each with its size: buttons, links,
# summaries, fields and the labels of boxes to tick (the box is pressed by its words). Left out: the hand's cards (a
# fan, each pressed by its corner) and the host's buttons in a seat's box on the felt, where a taller box does not fit.
SMALL_TARGETS = """(least) => {
  const controls = 'button, a[href], summary, select, textarea, input:not([type=checkbox], [type=radio]), label:has(input[type=checkbox], input[type=radio])';
  const shown = (n) => n.getClientRects().length && getComputedStyle(n).visibility !== 'hidden' && !n.closest('.sr-only, [aria-hidden=true]');
  return [...document.querySelectorAll(controls)].filter((n) => shown(n) && !n.closest('#hand, #seats')).map((n) => {
    const r = n.getBoundingClientRect();
    return [n.id || n.className || n.tagName, (n.textContent || n.value || '').trim().slice(0, 30), Math.round(r.width), Math.round(r.height)];
  }).filter(([, , width, height]) => width < least || height < least);
}"""


@needs_chromium
def test_on_a_phone_every_control_of_the_table_is_a_thumbs_size_and_a_desktop_keeps_its_own(server: Server, browser: Any) -> None:
    """390x844: a play-test's thumb missed "The rules in words" (19 px high), the chat's phrases (32 px) and the
    buttons (38 px). Each control is 44x44 px at least (WCAG 2.5.5), at the pass, in play, in the deal's summary and
    at the game's result; 1280x800 keeps its smaller ones."""
    page = solo_table(browser, server.base, viewport=PHONE)
    page.click("#table-rules summary")  # open: its summary stays where it is pressed
    assert page.evaluate(SMALL_TARGETS, 44) == []
    page.screenshot(path=str(SCREENSHOTS / "web-phone-tap-targets.png"), full_page=True)
    pass_three(page)
    wait_for_my_turn(page)
    assert page.evaluate(SMALL_TARGETS, 44) == []
    play_to_the_summary(page)
    page.wait_for_selector("#summary-rows figure.counted")
    assert page.evaluate(SMALL_TARGETS, 44) == []
    page.click("#summary-close")
    page.wait_for_selector("#new-game:not([hidden])")
    assert page.evaluate(SMALL_TARGETS, 44) == []
    assert page.errors == []
    page.context.close()
    desktop = solo_table(browser, server.base)
    sizes = desktop.evaluate(
        "() => ['#hint-button', '#table-rules summary', '.phrases .chip', '#speed-select'].map(s => document.querySelector(s).getBoundingClientRect().height)"
    )
    assert max(sizes) < 40, sizes
    assert desktop.errors == []
    desktop.context.close()


@needs_chromium
def test_on_a_phone_the_hand_stays_put_whether_the_turn_line_takes_one_line_or_two(server: Server, browser: Any) -> None:
    """390x844: "Your turn: follow clubs." is one line and "Your turn: diamonds were led, and you have none." two, and
    the hand under them jumped by a line from one turn to the next (a play-test)."""
    page = solo_table(browser, server.base, viewport=PHONE)
    pass_three(page)
    wait_for_my_turn(page)
    hand_top = """(text) => {
      document.querySelector('.turn-line').textContent = text;
      return document.getElementById('hand').getBoundingClientRect().top;
    }"""
    one = page.evaluate(hand_top, "Your turn: follow clubs.")
    two = page.evaluate(hand_top, "Your turn: diamonds were led, and you have none.")
    lines = page.evaluate("() => Math.round(document.querySelector('.turn-line').getBoundingClientRect().height / 20)")
    assert lines == 2 and one == two
    assert page.errors == []
    page.context.close()


@needs_chromium
def test_on_a_low_laptop_screen_the_pass_brings_the_hand_and_its_buttons_into_sight(server: Server, browser: Any) -> None:
    """1024x640: at the pass only the tops of the cards showed and Hint was below the screen (a play-test)."""
    page = solo_table(browser, server.base, viewport={"width": 1024, "height": 640})
    in_sight = "() => document.getElementById('hint-button').getBoundingClientRect().bottom <= window.innerHeight"
    page.wait_for_function(in_sight)
    cards = page.eval_on_selector_all("#hand .card", "cs => cs.map(c => c.getBoundingClientRect().bottom <= window.innerHeight)")
    assert cards and all(cards)
    # ... and so does another game's first pass (a play-test's second game did not: its deal 1 counted as seen).
    pass_three(page)
    play_to_the_summary(page)
    page.click("#summary-close")
    page.wait_for_selector("#new-game:not([hidden])")
    page.click("#new-game")
    page.wait_for_selector("#pass-bar:not([hidden])")
    page.wait_for_function(in_sight)
    assert page.errors == []
    page.context.close()


@needs_chromium
def test_a_player_who_points_sees_no_focus_ring_where_the_page_moved_the_focus_and_a_key_brings_it_back(
    server: Server, browser: Any
) -> None:
    """A play-test: after a reload a thick ring sat on the first card of a mouse user's hand, as if it were chosen."""
    page = solo_table(browser, server.base)
    page.reload()
    page.wait_for_selector("#pass-bar:not([hidden])")
    page.wait_for_function("() => document.activeElement.matches('#hand .card')")  # for the keyboard: Enter, arrows
    ring = "() => getComputedStyle(document.activeElement).outlineStyle"
    assert page.evaluate(ring) == "none"
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"() => ({ring})() === 'solid' && document.activeElement.matches('#hand .card')")
    page.mouse.click(5, 300)  # a click elsewhere: pointing again
    page.focus("#hand .card >> nth=0")
    assert page.evaluate(ring) == "none"
    assert page.errors == []
    page.context.close()
    # A game started from the lobby by keys (its button loads the table's page) starts with the ring on the hand's
    # first card: a keyboard play-test saw none until its first arrow key.
    keys = new_page(browser, DESKTOP)
    keys.goto(f"{server.base}/")
    keys.wait_for_selector("#preset option[value='hearts']", state="attached")
    keys.focus("#create-name")
    keys.keyboard.type("Kim")
    keys.focus("#create")
    keys.keyboard.press("Enter")
    keys.wait_for_function("() => document.activeElement.matches('#hand .card')")
    assert keys.evaluate(ring) == "solid"
    assert keys.errors == []
    keys.context.close()


@needs_chromium
def test_on_a_low_laptop_screen_seventeen_cards_stay_in_their_column_and_the_others_in_sight(server: Server, browser: Any) -> None:
    """1024x640, 3-player Black Maria (17 cards): the hand ran under the score sheet and off the left edge, and the pass
    scrolled the other players' names out of sight (a play-test); started by keyboard, the focus is in the hand."""
    page = new_page(browser, {"width": 1024, "height": 640})
    page.goto(f"{server.base}/")
    page.wait_for_selector("#preset option[value='black-maria']", state="attached")
    page.select_option("#preset", "black-maria")
    page.fill("#create-name", "Cleo")
    page.focus("#create")  # (every other seat a computer player's: the default)
    page.keyboard.press("Enter")
    page.wait_for_selector("#pass-bar:not([hidden])")
    # The focus went into the hand (a play-test pressed Tab 17 times to reach it from the Start button).
    page.wait_for_function("() => document.activeElement.matches('#hand .card[tabindex=\"0\"]')")
    page.wait_for_function("() => document.getElementById('hint-button').getBoundingClientRect().bottom <= window.innerHeight")
    seen = page.evaluate(
        """() => {
          const box = (el) => el.getBoundingClientRect();
          const cards = [...document.querySelectorAll('#hand .card')].map(box);
          return {count: cards.length, left: Math.min(...cards.map(r => r.left)), right: Math.max(...cards.map(r => r.right)),
                  side: box(document.getElementById('side')).left,
                  names: [...document.querySelectorAll('#seats .seat .name')].map(n => box(n).top)};
        }"""
    )
    assert seen["count"] == 17 and seen["left"] >= 0 and seen["right"] <= seen["side"], seen
    assert len(seen["names"]) == 3 and min(seen["names"]) >= 0, seen  # every player's name in sight at the pass
    page.screenshot(path=str(SCREENSHOTS / "web-low-laptop-17-cards.png"))
    assert page.errors == []
    page.context.close()


VIEWPORTS = {
    "desktop": DESKTOP,
    "wide": {"width": 1920, "height": 1080},
    "low": {"width": 1024, "height": 640},
    "tablet": {"width": 768, "height": 1024},  # (beside the panels the felt kept 430px: five to seven seats' boxes met)
    "phone": PHONE,
}


def sit_at(page: Any, server: Server, code: str, token: str, ready: str = "#pass-bar:not([hidden])") -> None:
    """Open the table ``code`` in ``page`` as seat 0, its token kept as by the browser that took the seat; wait till
    ``ready`` shows (the pass)."""
    if not page.url.startswith(server.base):
        page.goto(f"{server.base}/")
    page.evaluate(f"() => localStorage.setItem('blackmaria:seat:{code}', JSON.stringify({{seat: 0, token: '{token}'}}))")
    page.goto(f"{server.base}/t/{code}")
    page.wait_for_selector(ready)


def seated_table(server: Server, players: int, guest: str | None = None) -> tuple[str, str]:
    """A started table of ``players`` (Jaques' Black Maria plays 3 to 7): Cleo in seat 1, ``guest`` (a person, if
    given) in seat 2, medium computer players in the others."""
    answer = server.http.post(
        "/api/tables", json={"rules": {"preset": "black-maria-jaques", "players": players, "deal_count": 1, "target_score": None}}
    )
    assert answer.status_code == 201, answer.text
    code, host = answer.json()["table"]["code"], answer.json()["host_token"]
    _seat, token = server.join(code, "Cleo", 0)
    if guest is not None:
        server.join(code, guest, 1)
    server.bots(code, host, "medium")
    server.start_game(code, host)
    return code, token


OPENS_SCROLLED = """() => {
  const actions = document.querySelector('.board .actions').getBoundingClientRect();
  return [...(scrollY > 0 ? [`opens scrolled by ${scrollY}px`] : []),
          ...(actions.bottom > innerHeight ? [`the hand's buttons end at ${Math.round(actions.bottom)} of ${innerHeight}px`] : [])];
}"""


@needs_chromium
def test_bugs_3_4_11_layout_sweep_nothing_leaves_its_box(server: Server, browser: Any) -> None:
    """1280x800, 1920x1080, 1024x640, 768x1024 and 390x844, English and German, 3 to 7 players: no seat box, header or card
    leaves its box (at 1024x640 the low felt's seats overlapped at 4, 6 and 7 players until they were made smaller)."""
    # A person with a long name beside Cleo at some tables: a side seat's box is at its narrowest on a phone.
    long_names = {4: "Bartholomew-Maximilian", 6: "Christophersonn", 7: "Anna-Lena Christophersen"}
    tables = {players: seated_table(server, players, long_names.get(players)) for players in range(3, 8)}
    problems: dict[str, list[str]] = {}
    for (label, viewport), lang in itertools.product(VIEWPORTS.items(), ("en", "de")):
        page = new_page(browser, viewport, locale="de-DE" if lang == "de" else "en-US")
        page.goto(f"{server.base}/")
        for players, (code, token) in tables.items():
            sit_at(page, server, code, token)
            page.wait_for_function(f"() => document.querySelectorAll('#seats .seat').length === {players}")
            found = page.evaluate(LAYOUT_PROBLEMS) + page.evaluate(HEADER_PROBLEMS)
            if label == "desktop":
                # The table opens with the header, the seats, the pass and the hand's buttons in one screen: at five to
                # seven seats 1280x800 opened scrolled by 27px to bring the buttons in, the header's line cut. (The low
                # screen, 1024x640, has no room for all: it scrolls the hand in, hand.js's revealHand.)
                page.wait_for_timeout(300)
                found += page.evaluate(OPENS_SCROLLED)
            if found:
                problems[f"{label} {lang} {players} players"] = found
            if (label, lang, players) in (("desktop", "en", 4), ("phone", "de", 7), ("low", "de", 7)):
                page.screenshot(path=str(SCREENSHOTS / f"web-layout-{label}-{lang}-{players}.png"), full_page=True)
        assert page.errors == []
        page.context.close()
    assert problems == {}, "\n".join(f"{k}: {v}" for k, v in problems.items())


@needs_chromium
def test_a_leaver_is_replaced_after_the_grace_and_given_back_and_the_table_features(server: Server, browser: Any) -> None:
    """Two players and two computer players, no timer: Ben leaves, a computer player takes his seat after the grace,
    everyone is told, and he gets it back; on the way the lobby's defaults, the tab title, the last trick, labelled
    numbers, the focus ring and the seats' state for screen readers."""
    lobby = lobby_page(browser, server.base)
    # The defaults: Black Maria for 3, against two computer players (two play-tests came to play against the computer).
    assert (lobby.input_value("#players"), lobby.input_value("#bots")) == ("3", "2")
    assert lobby.text_content("#bots-note") == "Every other seat has a computer player: you play alone against them."
    lobby.fill("#bots", "1")  # typed, the field not left yet (fill sends input, not change): the note follows at once
    assert lobby.text_content("#bots-note") == "1 seat is left for a friend you invite."
    lobby.context.close()

    anna, ben = anna_and_ben(browser, server.base, PHONE)
    for page in (anna, ben):
        page.wait_for_selector("#pass-bar:not([hidden])")
        # The tab says whose turn it is, and not the table's secret code.
        page.wait_for_function("() => document.title.startsWith('▶ Your turn · Hearts')")
        assert page.url.rsplit("/", 1)[1] not in page.title()
        stats = page.text_content("#seats .seat[data-seat='2'] .stats") or ""
        # (a dot kept with the part before it, a number with its word; a side box on Ben's phone leaves the tricks to
        # its label)
        tricks = "0\u00a0tricks\u00a0· " if page is anna else ""
        assert stats == f"0\u00a0this deal\u00a0· {tricks}total\u00a00", stats
    # The focus ring is not the yellow of a card marked for passing.
    card = anna.locator("#hand .card").first
    click_card(card)
    card.focus()
    anna.keyboard.press("ArrowRight")
    anna.keyboard.press("ArrowLeft")
    # The arrows wrap round the hand, as in the terminal: left of the first card is the last, and back.
    anna.keyboard.press("ArrowLeft")
    assert anna.evaluate("() => document.activeElement === [...document.querySelectorAll('#hand .card')].at(-1)")
    anna.keyboard.press("ArrowRight")
    assert card.evaluate("n => n === document.activeElement")
    ring = card.evaluate("n => getComputedStyle(n).outlineColor")
    marked = card.evaluate("n => getComputedStyle(n).boxShadow")
    assert ring == "rgb(123, 44, 191)" and "rgb(242, 193, 78)" in marked, (ring, marked)
    anna.keyboard.press("Space")  # unmarked again
    assert anna.locator("#hand .card.selected").count() == 0
    anna.evaluate("() => document.activeElement.blur()")
    pass_three(anna)
    # Until Ben has passed, Anna's passed cards are out of her hand and named (a play-test saw all thirteen still there).
    anna.wait_for_function(
        "() => /^You passed \\S+ \\S+ \\S+ to .+\\. Waiting for Ben\\.$/.test(document.getElementById('turn-line').textContent)"
    )
    assert anna.locator("#hand .card").count() == 10
    pass_three(ben)
    # Play until a trick is over: the last trick is there on demand, its four cards and who took it.
    anna_seat, ben_seat = Seat(anna), Seat(ben)
    anna_seat.refused = ben_seat.refused = True
    deadline = time.monotonic() + 120
    assert anna.locator("#last-trick-button").is_visible()  # in its place from the start, greyed
    while anna.locator("#last-trick-button").is_disabled():
        assert time.monotonic() < deadline, "no trick was finished"
        if not (anna_seat.act() or ben_seat.act()):
            anna.wait_for_timeout(40)
    labels = anna.eval_on_selector_all("#seats .seat", "nodes => nodes.map(n => n.getAttribute('aria-label'))")
    assert any(label.endswith("dealer") or ", dealer" in label for label in labels), labels
    anna.click("#last-trick-button")
    anna.wait_for_selector("#last-trick:not([hidden])")
    # Brought into view (below the buttons it opened out of sight, and a play-test's tap seemed to do nothing).
    anna.wait_for_function("() => document.getElementById('last-trick').getBoundingClientRect().bottom <= innerHeight + 1")
    assert anna.locator("#last-trick-cards li").count() == 4
    assert (anna.text_content("#last-trick-heading") or "").startswith("Last trick, taken by ")
    anna.screenshot(path=str(SCREENSHOTS / "web-last-trick.png"))
    anna.keyboard.press("Escape")  # (a keyboard play-test found it open at the game's end, no button left to close it)
    anna.wait_for_selector("#last-trick", state="hidden")
    assert anna.get_attribute("#last-trick-button", "aria-expanded") == "false"

    # Ben's turn comes (Anna plays hers), and he closes his tab: Anna's page says what the game waits on and what she
    # may do (the terminal said so and the page did not, a play-test). After the grace a computer player takes his
    # seat, and Anna is told.
    while not (anna.text_content("#turn-line") or "").startswith("Ben to play"):
        assert time.monotonic() < deadline + 60, "Ben's turn never came"
        if not anna_seat.act():
            anna.wait_for_timeout(40)
    context = ben.context
    ben.close()
    anna.wait_for_function(
        "() => (document.querySelector('#turn-line .offline-note') || {}).textContent === 'Ben has lost the connection: if"
        " they are not back soon, a computer player takes the seat; “Let a computer play” in their box lets it play now,"
        " and “New link” makes a new link for them if they lost theirs.'"  # (to the host, who has that button too)
    )
    # ... and how long before the computer player comes, counted down (a host read "soon" for half a minute).
    count = "() => Number(((document.getElementById('grace-left') || {}).textContent || '').match(/takes the seat in (\\d+) s\\./)?.[1])"
    first = anna.evaluate(count)  # (NaN where a loaded machine let the grace run out first: the stand-in news follows)
    assert first != first or 0 <= first <= LEAVE_GRACE, first
    if first == first and first > 0:
        anna.wait_for_function(f"() => {{ const left = ({count})(); return Number.isNaN(left) || left < {first}; }}", timeout=5000)
    anna.wait_for_function(
        "() => document.getElementById('table-news').textContent === 'Ben has left the table: a computer player plays the seat until they come back.'",
        timeout=(LEAVE_GRACE + 30) * 1000,
    )
    assert "left, a computer plays" in (anna.text_content("#seats .seat[data-seat='1'] .marks") or "")  # left, not out of time
    anna.click("#lang-switch")  # the news in the other language at once (a play-test read them in the old one)
    anna.wait_for_function("() => document.getElementById('table-news').textContent.startsWith('Ben hat den Tisch verlassen')")
    anna.click("#lang-switch")
    # He comes back by the same link: his seat is his again, and Anna is told.
    back = context.new_page()
    back.goto(anna.url)
    back.wait_for_selector("#play:not([hidden])")
    assert back.locator("#seats .seat.me").get_attribute("data-seat") == "1"
    # and he is told what the computer player did for him meanwhile (a play-test came back to cards played unsaid)
    back.wait_for_function(
        "() => /^While you were away, a computer player played (\\S+ )*\\S+ for you\\.$/.test(document.getElementById('table-news').textContent)"
    )
    anna.wait_for_function("() => document.getElementById('table-news').textContent === 'Ben is back and plays their own seat again.'")
    # The marks line is drawn only when the seat has a mark (dealer, away, offline): absent counts as none.
    marks = anna.evaluate("() => document.querySelector(\"#seats .seat[data-seat='1'] .marks\")?.textContent || ''")
    assert "computer" not in marks
    # A connection lost and found again before a computer player takes the seat: Anna is told he is back too (the
    # "offline" mark went without a word, a play-test).
    back.close()
    anna.wait_for_function("() => (document.querySelector(\"#seats .seat[data-seat='1'] .marks\") || {}).textContent?.includes('offline')")
    again = context.new_page()
    again.goto(anna.url)
    again.wait_for_selector("#play:not([hidden])")
    anna.wait_for_function("() => document.getElementById('table-news').textContent === 'Ben is connected again.'")
    # Gone again at once: "connected again" goes with it (a play-test's host read it beside "lost the connection").
    again.close()
    anna.wait_for_function("() => (document.querySelector(\"#seats .seat[data-seat='1'] .marks\") || {}).textContent?.includes('offline')")
    anna.wait_for_function("() => !document.getElementById('table-news').textContent.includes('connected again')")
    assert anna.errors == []
    anna.context.close()
    context.close()


@needs_chromium
def test_in_two_player_take_back_says_why_a_card_drawn_since_keeps_the_last_card(server: Server, browser: Any) -> None:
    """A play-test's "Take back" stayed greyed all the deal of Black Maria for two, unexplained: over a draw from the
    stock no card comes back. Pressed, it says so."""
    page = new_page(browser, DESKTOP)
    page.add_init_script(WATCH_SOCKETS)
    create_table(page, server.base, "two-player", deals=1, bots=1, name="Cleo")
    for _ in range(2):  # a card of Cleo's, and the draw after its trick
        assert wait_for_my_turn(page)
        play_first_playable(page)
    assert wait_for_my_turn(page)
    # Pressed as soon as it may be (a forced card of Cleo's may be played for her a moment later), the notice read then.
    said = page.wait_for_function(
        """() => { const b = document.getElementById('undo-button');
          if (b.disabled || b.getAttribute('aria-disabled') !== 'true') return false;
          b.click(); return document.getElementById('notice').textContent; }""",
        timeout=60_000,
    ).json_value()
    # (the server shuffles at random: where each card of Cleo's so far was the only one allowed, that is the reason)
    assert said in (
        "You have drawn from the stock since your last choice, and a card seen is not taken back.",
        "Each card you have played in this deal was the only one allowed: no choice of yours to take back.",
    ), said
    assert not page.evaluate("() => window.sent.some(m => m.type === 'undo')")
    assert page.errors == []
    page.context.close()


@needs_chromium
def test_a_hint_asked_as_a_deal_ends_chooses_nothing_in_the_next_deals_pass(server: Server, browser: Any) -> None:
    """A play-test pressed Hint on the deal's last card, played for them meanwhile: the server answered for the next
    deal's pass, and its three cards were chosen there, the Pass button ready to pass cards nobody chose."""
    page = solo_table(browser, server.base, deals=2)
    pass_three(page)
    _play_to_the_last_card(page, autoplay=False)
    page.wait_for_selector("#hand .card.playable")
    # The last card, and at once the hint, as a player's click lands while autoplay plays the card.
    page.evaluate("() => { document.querySelector('#hand .card.playable').click(); document.getElementById('hint-button').click(); }")
    page.wait_for_function("() => document.getElementById('summary').open", timeout=60000)
    page.click("#summary-close")
    page.wait_for_selector("#pass-bar:not([hidden])")
    page.wait_for_timeout(1500)  # (the hint's answer, had it been kept, is shown by now)
    assert page.locator("#hand .card.selected").count() == 0
    assert page.text_content("#hint-text") == ""
    assert page.errors == []
    page.context.close()


@needs_chromium
def test_a_notice_of_a_card_played_for_the_player_goes_with_the_deal(server: Server, browser: Any) -> None:
    """A play-test's "Only K♥ may be played: played for you." stayed over the game's result (and behind each deal's
    summary): a deal's notices end with it."""
    page = solo_table(browser, server.base, deals=1, autoplay=True)
    pass_three(page)
    _play_to_the_last_card(page, autoplay=True)
    page.wait_for_function("() => document.getElementById('summary').open", timeout=60000)  # the last card, played for Cleo
    assert page.evaluate("() => window.sent.filter(m => m.type === 'play').length") == 13
    assert page.text_content("#notice") == ""
    page.click("#summary-close")
    page.wait_for_selector("#result:not([hidden])")
    assert page.text_content("#notice") == ""
    assert page.errors == []
    page.context.close()


@needs_chromium
def test_the_deal_summary_shows_card_values_points_totals_and_the_standing(server: Server, browser: Any) -> None:
    page = solo_table(browser, server.base, deals=2)
    play_to_the_summary(page)
    page.wait_for_selector("#summary-rows figure.counted")
    # The header names the deal summed up while its summary is open (it said "Deal 2": the next had begun), then the
    # one played.
    assert page.text_content("#table-title") == "Hearts · Deal 1 of 2"
    page.click("#summary-close")
    page.wait_for_function("() => document.getElementById('table-title').textContent === 'Hearts · Deal 2 of 2'")
    page.evaluate(
        "async () => { const { showSummary } = await import('/static/dialogs.js'); const { app } = await import('/static/state.js'); showSummary(...app.lastSummary.slice(0, 3), true); }"
    )
    rows = page.eval_on_selector_all(
        "#summary-rows li",
        """rows => rows.map(r => ({
          text: r.querySelector('.summary-line').textContent,
          place: Number(r.dataset.place),
          values: [...r.querySelectorAll('figure.counted')].map(f => [Number(f.querySelector('.card').dataset.value), f.querySelector('figcaption b').textContent]),
        }))""",
    )
    totals = [int(x) for x in page.eval_on_selector_all("#sheet-table tfoot td", "c => c.map(x => x.textContent)")]
    # The player's own line says so, as the table and the result do (it read "Player:" beside "Player (you)" there).
    assert rows[0]["text"].startswith("Cleo (you): ") and "(you)" not in rows[1]["text"]
    # So does a moon of the player's own, and another's by name (drawn again as the page draws a deal so ended: a
    # play-test's read "Player shot the moon!" under "Player (you)").
    moon = """async (shooter) => {
      const [{ showSummary }, { app }] = await Promise.all([import('/static/dialogs.js'), import('/static/state.js')]);
      const [scored, events, view] = app.lastSummary;
      showSummary({ ...scored, moon_shooter: shooter }, events, view, true);
      return document.getElementById('summary-extra').textContent;
    }"""
    assert page.evaluate(moon, 0) == "You shot the moon!"
    assert page.evaluate(moon, 1) == rows[1]["text"].split(":")[0] + " shot the moon!"
    for seat, row in enumerate(rows):
        # Each scoring card says its value; the line names the deal's points, the running total and the place.
        assert all(str(value) == caption for value, caption in row["values"]), row
        assert f"\u00a0· total {totals[seat]}\u00a0· place {row['place']}" in row["text"], row  # (a dot never starts a line)
        assert row["place"] == 1 + sum(1 for total in totals if total < totals[seat])
    page.screenshot(path=str(SCREENSHOTS / "web-deal-summary-values.png"))
    tricks = [int(re.search(r"(\d+) tricks?", row["text"]).group(1)) for row in rows]  # type: ignore[union-attr]
    assert sum(tricks) == 13, rows
    # A reload loses the summary shown; "Last deal" draws it again, the same lines and the same cards (from the count).
    figures = page.eval_on_selector_all("#summary-rows li", "rows => rows.map(r => r.querySelectorAll('figure.counted').length)")
    shuffle = page.text_content("#summary-shuffle")
    assert shuffle and shuffle.startswith("✓ Deal 1 checked")
    page.click("#summary-close")
    page.reload()
    page.wait_for_selector("#hand .card")
    assert not page.is_visible("#summary")
    page.click("#last-deal-button")
    page.wait_for_selector("#summary-rows figure.counted")
    assert page.text_content("#summary-heading") == "Deal 1 is over"
    again = page.eval_on_selector_all("#summary-rows .summary-line", "lines => lines.map(l => l.textContent)")
    assert again == [row["text"] for row in rows]
    assert page.eval_on_selector_all("#summary-rows li", "rows => rows.map(r => r.querySelectorAll('figure.counted').length)") == figures
    # ... with the deal's shuffle check, and a button that closes what is only looked at again
    assert page.text_content("#summary-shuffle") == shuffle and page.text_content("#summary-close") == "Close"
    # A card's caption fits under its card even at the last trick ("trick 13", "Stich 13"), in both languages, on a phone.
    page.set_viewport_size(PHONE)
    for lang in ("en", "de"):
        if page.get_attribute("html", "lang") != lang:
            page.click("#lang-switch")
            page.wait_for_function(f"() => document.documentElement.lang === '{lang}'")
        longest = "trick 13" if lang == "en" else "Stich 13"
        # The open summary speaks the language switched to.
        captions = page.eval_on_selector_all("#summary-rows figcaption span", "spans => spans.map(s => s.textContent)")
        assert captions and all(caption.startswith(longest.split()[0]) for caption in captions), (lang, captions)
        # ... and its counts stay those of the deal it sums up (the next deal, dealt meanwhile, had 0 tricks each).
        lines = page.eval_on_selector_all("#summary-rows .summary-line", "lines => lines.map(l => l.textContent)")
        assert [int(re.search(r"(\d+) (tricks?|Stiche?)", line).group(1)) for line in lines] == tricks, lines  # type: ignore[union-attr]
        wider = page.eval_on_selector_all(
            "#summary-rows figure.counted",
            f"""figs => figs.filter(f => {{
                 f.querySelector('figcaption span').textContent = '{longest}';
                 return f.querySelector('figcaption').scrollWidth > f.getBoundingClientRect().width + 0.5;
               }}).length""",
        )
        assert wider == 0, (lang, wider)
    assert page.errors == []
    page.context.close()


def summary_cards_and_points(page: Any) -> tuple[list[int], list[int]]:
    """The open summary's rows: the points of each seat's scoring cards shown, and the points its line states."""
    page.wait_for_selector("#summary-rows figure.counted")
    values = page.eval_on_selector_all(
        "#summary-rows li", "rows => rows.map(r => [...r.querySelectorAll('.card')].reduce((s, c) => s + Number(c.dataset.value), 0))"
    )
    lines = page.eval_on_selector_all("#summary-rows .summary-line", "lines => lines.map(l => l.textContent)")
    return values, [int(re.search(r"(-?\d+) points?", line).group(1)) for line in lines]  # type: ignore[union-attr]


@needs_chromium
def test_another_games_summary_shows_the_cards_of_that_game(server: Server, browser: Any) -> None:
    """A play-test's second game listed, in its summary, the cards the first game's players had taken."""
    page = solo_table(browser, server.base, deals=1)
    play_to_the_summary(page)
    first = summary_cards_and_points(page)
    page.click("#summary-close")
    page.wait_for_selector("#new-game:not([hidden])")
    # The result in sight, and the felt above it as far as the screen allows (scrolled to its top, the felt went off)
    assert page.evaluate("() => document.getElementById('result').getBoundingClientRect().bottom <= window.innerHeight")
    assert page.evaluate("() => document.getElementById('felt').getBoundingClientRect().bottom > 0")
    page.click("#new-game")
    page.wait_for_selector("#pass-bar:not([hidden])")
    # From the top, the header's "Deal 1" in sight (a play-test's new game opened where the result had been)
    page.wait_for_function("() => document.getElementById('table-title').getBoundingClientRect().top >= 0")
    pass_three(page)
    play_to_the_summary(page)
    cards, points = summary_cards_and_points(page)
    if "moon" not in (page.text_content("#summary-extra") or ""):
        assert cards == points, (cards, points, first)
    assert page.errors == []
    page.context.close()


@needs_chromium
def test_a_guest_is_told_what_to_do_and_why_there_is_no_seat(server: Server, browser: Any) -> None:
    code, host = server.create_table()
    _, token = server.join(code, "Anna", 0)
    server.bots(code, host, "easy", seats=[2, 3])
    guest = new_page(browser, PHONE)
    guest.goto(f"{server.base}/t/{code}")
    guest.wait_for_selector("#seating:not([hidden])")
    # What the seated say before the start is read here too, under the seats (a play-test's friend said hello from
    # the terminal, and the page showed no chat until the game began).
    anna = server.connect(code, token)
    anna.send({"type": "chat", "text": "hello, take seat 2"})
    guest.wait_for_selector("#seating #chat-log li:has-text('hello, take seat 2')")
    assert guest.locator("#chat-panel").is_visible()
    anna.close()
    # Not the host's "send this link": the guest is asked for a name (above the seats) and to take the free seat.
    assert guest.text_content("#invite-text") == "You are invited to this table: write your name and take a free seat."
    assert guest.locator("#join-name").bounding_box()["y"] < guest.locator("#seat-list").bounding_box()["y"]
    server.join(code, "Ben", 1)
    guest.wait_for_function("() => document.getElementById('seating-heading').textContent === 'Every seat is taken'")
    assert guest.locator("#join-box").is_hidden()  # (not the seated's "Ready to play"; under it, not the same again)
    assert guest.text_content("#invite-text") == "Ask the host to free a seat for you, or watch the game once it starts."
    # In a terminal too the link now lets one watch, not take a seat.
    assert guest.text_content("#invite-terminal") == f"Or watch in a terminal: blackmaria join {server.base}/t/{code} --watch"
    assert guest.errors == []
    guest.context.close()


@needs_chromium
def test_the_host_changes_seats_before_and_during_the_game(server: Server, browser: Any) -> None:
    anna = new_page(browser, DESKTOP)
    create_table(anna, server.base, "hearts", deals=1, bots=2, name="Anna")
    anna.click("#fill-bots")  # (seat 2 at the level the seating page offers: medium)
    anna.wait_for_selector("#start:not([disabled])")
    # The table is full of computer players: the host frees seat 2 for a friend.
    anna.click("[aria-label='Free the seat: Computer 2 (medium)']")
    anna.wait_for_selector("#start[disabled]")
    ben = new_page(browser, PHONE)
    ben.goto(anna.url)
    ben.fill("#join-name", "Ben")
    ben.click("[aria-label='Sit here: seat 2']")
    anna.wait_for_selector("[aria-label='Remove: Ben']")
    # Only the host removes a player: Ben's page offers him no way to remove Anna.
    ben.wait_for_selector("#seat-list .you")
    assert ben.locator("[aria-label='Remove: Anna']").count() == 0
    # Nor, while Anna is here, a computer player's seat or the start (a play-test's guest started before the host
    # was ready): his page says who starts.
    assert ben.locator("[data-seat-change]").count() == 0 and ben.locator("#start").is_hidden() and ben.locator("#manage").is_hidden()
    # (every seat is taken: he waits for the start alone, not for computer players to be seated)
    assert ben.text_content("#seating-note") == "Everyone is seated: Anna, who opened this table, starts the game."
    # and nothing above it tells him to start the game (a play-test's guest read "start the game when you are ready")
    ben.wait_for_function(
        "() => document.getElementById('invite-text').textContent === 'Every seat is taken. This link lets others watch:'"
    )
    assert anna.text_content("#invite-text") == "Every seat is taken: start the game when you are ready. This link lets others watch:"
    # Ben's name is taken back: he is removed, and his page says the link holds no seat for him any more.
    anna.click("[aria-label='Remove: Ben']")
    ben.wait_for_selector("#join-box:not([hidden])")
    assert ben.locator("[aria-label='Sit here: seat 2']").count() == 1
    ben.fill("#join-name", "Ben")
    ben.click("[aria-label='Sit here: seat 2']")
    anna.wait_for_selector("#start:not([disabled])")
    anna.click("#start")
    anna.wait_for_selector("#pass-bar:not([hidden])")
    # During the game Ben's tab closes; the host need not wait out the grace: a computer player takes the seat now.
    context = ben.context
    ben.close()
    anna.click("[aria-label='Let a computer play: Ben']", timeout=30_000)
    anna.wait_for_function("() => document.getElementById('table-news').textContent.startsWith('Ben has left the table')")
    assert "left, a computer plays" in (anna.text_content("#seats .seat[data-seat='1'] .marks") or "")
    assert anna.errors == []
    anna.context.close()
    context.close()


@needs_chromium
def test_a_seats_own_link_seats_its_player_in_another_browser(server: Server, browser: Any) -> None:
    """A play-test opened the invite in a second browser (a chat app's, then Chrome) and could only watch: the page
    offers the seat's own link, which seats its player wherever it is opened, and leaves no token in the address."""
    anna, ben = anna_and_ben(browser, server.base, PHONE)
    ben.wait_for_selector("#pass-bar:not([hidden])")
    assert anna.is_hidden("#seat-link") is False and anna.locator("#seat-link summary").text_content() == "Play this seat on another device"
    link = ben.input_value("#seat-link-url")
    assert re.fullmatch(rf"{re.escape(anna.url)}#seat=[\w-]+", link), link
    elsewhere = new_page(browser, DESKTOP)  # another browser: nothing of Ben's in its storage
    elsewhere.goto(anna.url)  # the invitation alone only lets one watch: the page says where a seat's link comes from
    elsewhere.wait_for_selector("#watch-note:not([hidden])")
    note = elsewhere.text_content("#watch-note") or ""
    assert "“Play this seat on another device” gives the link" in note
    assert note.endswith("Whoever opened the table can give you a new link to your seat with “New link”.")  # that device lost
    assert anna.is_hidden("#watch-note")
    elsewhere.goto(link)
    elsewhere.wait_for_selector("#pass-bar:not([hidden])")
    assert elsewhere.locator("#seats .seat.me").get_attribute("data-seat") == ben.locator("#seats .seat.me").get_attribute("data-seat")
    assert "#" not in elsewhere.url and elsewhere.is_hidden("#watch-note")  # the token left the address bar
    elsewhere.goto(anna.url)  # and the plain invite now seats him there too
    elsewhere.wait_for_selector("#pass-bar:not([hidden])")
    # He passes there: the phone, open on his seat too, says where his pass was made (a play-test's phone clicked at
    # the same moment and was refused in silence).
    pass_three(elsewhere)
    ben.wait_for_function(
        "() => /^Your pass \\((\\S+ ){2}\\S+\\) was made from your other device\\.$/.test(document.getElementById('table-news').textContent)"
    )
    assert elsewhere.errors == [] and ben.errors == [] and anna.errors == []
    for page in (anna, ben, elsewhere):
        page.context.close()


@needs_chromium
def test_back_by_the_seats_link_on_another_device_the_player_is_told_what_a_computer_player_did_for_them(
    server: Server, browser: Any
) -> None:
    """A play-test closed its page at a pass; a computer player passed Q♠ 5♥ Q♣ for it. Back by the seat's link in
    another browser, the page said "This link gave you your seat" over what the computer player had done: the player
    thought they had passed the queen themselves."""
    anna, ben = anna_and_ben(browser, server.base, PHONE)
    ben.wait_for_selector("#pass-bar:not([hidden])")
    seat = int(ben.locator("#seats .seat.me").get_attribute("data-seat") or "-1")
    link = ben.input_value("#seat-link-url")
    ben.context.close()
    # The table's grace over, a computer player passes for Ben (Anna has not passed: the deal waits at the pass).
    wait_for_app(anna, f"app.view && app.view.has_passed[{seat}]")
    back = new_page(browser, PHONE)
    back.goto(link)
    back.wait_for_function("() => document.getElementById('table-news').textContent.includes('This link gave you your seat')")
    news = back.text_content("#table-news") or ""
    assert re.match(r"While you were away, a computer player passed (\S+ ){2}\S+ for you to \S+", news), news
    assert "This link gave you your seat: you play as Ben here." in news, news
    assert back.errors == [] and anna.errors == []
    for page in (anna, back):
        page.context.close()


@needs_chromium
def test_the_host_gives_a_player_who_lost_their_link_a_new_one_that_seats_them_anywhere(server: Server, browser: Any) -> None:
    """A play-test's friend cleared his browser mid-game and could only watch: his seat was nobody's to give back. The
    host's page offers a new link for the seat of a player who is not at the table; it seats him with his cards in
    another browser, the old link seats nobody, and the table is told."""
    anna, ben = anna_and_ben(browser, server.base, PHONE)
    ben.wait_for_selector("#pass-bar:not([hidden])")
    seat = ben.locator("#seats .seat.me").get_attribute("data-seat")
    old_link = ben.input_value("#seat-link-url")
    cards = hand(ben)
    # Ben is at the table: his link works (Anna's page hears of his connection a moment after his own page does).
    anna.wait_for_selector("[data-new-link]", state="detached")
    ben.context.close()  # his browser's storage is gone with it
    anna.click('[aria-label="New link for Ben\'s seat"]', timeout=15_000)
    anna.wait_for_selector("#new-link[open]")
    assert anna.text_content("#new-link-heading") == "A new link for Ben"
    link = anna.input_value("#new-link-url")
    assert re.fullmatch(rf"{re.escape(anna.url)}#seat=[\w-]+", link) and link != old_link, link
    assert anna.evaluate("() => document.activeElement.id") == "copy-new-link"
    anna.screenshot(path=str(SCREENSHOTS / "web-new-link.png"))
    anna.click("#new-link-close")
    anna.wait_for_selector("#new-link", state="hidden")
    assert (anna.text_content("#table-news") or "").startswith("You made a new link for Ben's seat")  # to the host
    # Ben back first, within the table's grace (a computer player takes a seat left for 5 s, and then passed for him
    # while a loaded machine was still here at the old link's page), then the old link.
    back = new_page(browser, PHONE)
    back.goto(link)
    back.wait_for_selector("#pass-bar:not([hidden])")
    back.screenshot(path=str(SCREENSHOTS / "web-new-link-back.png"))
    assert (back.text_content("#table-news") or "").startswith("This link gave you your seat: you play as Ben here.")
    assert back.locator("#seats .seat.me").get_attribute("data-seat") == seat and hand(back) == cards
    stale = new_page(browser, DESKTOP)
    stale.goto(old_link)  # the old link seats nobody: the page says so and watches
    stale.wait_for_selector("#watch-note:not([hidden])")
    assert "ask the host for the new link" in (stale.text_content("#notice") or "")
    assert stale.locator("#seats .seat.me").count() == 0
    anna.wait_for_selector("[data-new-link]", state="detached")
    assert anna.errors == [] and back.errors == []
    for page in (anna, stale, back):
        page.context.close()


# For each finished trick: how long its cards lay on the felt, all of them, before they flew to the winner.
WATCH_HOLDS = """() => {
  window.holds = [];
  let full = null;
  new MutationObserver(() => {
    const cards = [...document.querySelectorAll('#trick .card')];
    if (full === null && cards.length === 4 && !cards.some((c) => c.classList.contains('fly'))) full = performance.now();
    else if (full !== null && cards.some((c) => c.classList.contains('fly'))) { window.holds.push(performance.now() - full); full = null; }
  }).observe(document.getElementById('trick'), {subtree: true, childList: true, attributes: true});
}"""


def first_trick_held(page: Any) -> float:
    """Play Cleo's cards until a trick is finished; how long, in ms, it lay whole on the felt before it flew."""
    page.evaluate(WATCH_HOLDS)
    while not page.evaluate("() => window.holds.length") and wait_for_my_turn(page):
        play_first_playable(page)
    page.wait_for_function("() => window.holds.length > 0")
    return float(page.evaluate("() => window.holds[0]"))


@needs_chromium
def test_the_card_speed_is_the_players_choice_and_kept_in_the_browser(server: Server, browser: Any) -> None:
    """Card apps let a player have the cards come quicker or slower (the terminal has F8): the page's choice, beside the
    score sheet, scales the pauses that lay the cards and hold a finished trick, and is kept over a reload."""
    page = new_page(browser, DESKTOP, speed=None, reduced_motion=False)
    create_table(page, server.base, "hearts", deals=1, bots=3, name="Cleo")
    page.wait_for_selector("#pass-bar:not([hidden])")
    select = page.locator("#speed-select")
    assert page.text_content("label[for=speed-select]") == "Card speed" and select.input_value() == "normal"
    fly = "() => getComputedStyle(document.documentElement).getPropertyValue('--fly')"
    assert page.evaluate(fly) == "380ms"  # the flight of a finished trick to its winner, as before the choice
    select.select_option("slow")
    assert page.evaluate(fly) == "608ms"
    pass_three(page)
    assert first_trick_held(page) >= 1.6 * 900 - 20  # slow: the trick lies 1.6 times as long
    select.select_option("fast")
    page.reload()
    page.wait_for_selector("#play:not([hidden])")
    assert select.input_value() == "fast" and page.evaluate(fly) == "114ms"
    page.click("#lang-switch")
    page.wait_for_function("() => document.querySelector('label[for=speed-select]').textContent === 'Kartentempo'")
    assert page.text_content("#speed-select option:checked") == "Schnell"
    # With reduced motion the cards do not fly and the pauses are shorter, but Slow is slow all the same (a play-test's
    # Slow then came quicker than Normal without).
    page.emulate_media(reduced_motion="reduce")
    page.reload()
    page.wait_for_selector("#play:not([hidden])")
    assert page.evaluate(fly) == "0ms"
    select.select_option("slow")
    assert page.evaluate(fly) == "0ms"
    assert first_trick_held(page) >= 1.6 * 900 - 20
    assert page.errors == []
    page.context.close()


@needs_chromium
def test_the_turn_can_be_signalled_by_a_sound_the_player_switches_on(server: Server, browser: Any) -> None:
    page = solo_table(browser, server.base)
    button = page.locator("#sound-button")
    assert button.text_content() == "Sound on your turn: off" and button.get_attribute("aria-pressed") == "false"
    button.click()
    assert button.text_content() == "Sound on your turn: on" and button.get_attribute("aria-pressed") == "true"
    pass_three(page)
    # Each turn that begins sounds once (counted on the page); the choice is kept over a reload.
    for _ in range(2):
        assert wait_for_my_turn(page)
        play_first_playable(page)
    page.wait_for_function("() => Number(document.body.dataset.turnSignals || 0) >= 2")
    page.reload()
    page.wait_for_selector("#play:not([hidden])")
    assert page.locator("#sound-button").get_attribute("aria-pressed") == "true"
    assert page.errors == []
    page.context.close()


# Each choice of each of the lobby's lists, as wide as its text is drawn, against the room its list gives it.
CUT_CHOICES = """() => {
  const canvas = document.createElement('canvas').getContext('2d');
  const cut = [];
  for (const select of document.querySelectorAll('#create-form select')) {
    if (!select.offsetParent) continue;
    const style = getComputedStyle(select);
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;  // the arrow
    for (const option of select.options) {
      const width = canvas.measureText(option.textContent).width;
      if (width > room) cut.push(`${select.id}: "${option.textContent}" ${Math.round(width)} > ${Math.round(room)}`);
    }
  }
  return cut;
}"""


@needs_chromium
def test_on_a_phone_in_german_every_choice_of_the_lobby_shows_whole(server: Server, browser: Any) -> None:
    """390x844 in German: the moon's list showed "die anderen beko" (a play-test)."""
    page = lobby_page(browser, server.base, locale="de-DE", viewport=PHONE)
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    assert page.evaluate(CUT_CHOICES) == []
    page.context.close()


@needs_chromium
def test_the_lobbys_rules_in_words_follow_the_number_of_players(server: Server, browser: Any) -> None:
    """A play-test chose 5 players for Black Maria and read the rules of 3 (17 cards each, 2♣ out, 9 deals)."""
    page = lobby_page(browser, server.base)
    page.select_option("#preset", "black-maria")
    first = "() => document.querySelector('#rules-list li').textContent"
    assert page.evaluate(first) == "3 players, 17 cards each."
    page.fill("#players", "5")
    page.wait_for_function(f"() => ({first})() === '5 players, 10 cards each.'")
    assert "Removed from the deck before dealing: 2♣ 2♦." in (page.text_content("#rules-list") or "")  # the hand's order of suits
    # Where the count takes cards out, a kitty may keep them in play instead (a play-test found it only in a file).
    assert page.is_visible("#kitty-field") and not page.is_checked("#kitty")
    page.check("#kitty")
    page.wait_for_function("() => document.getElementById('rules-list').textContent.includes('kitty')")
    assert "Removed from the deck" not in (page.text_content("#rules-list") or "")
    page.fill("#players", "4")  # nothing left over at 4: no kitty to ask for
    page.wait_for_function(f"() => ({first})() === '4 players, 13 cards each.'")
    assert not page.is_visible("#kitty-field")
    page.fill("#players", "3")
    page.wait_for_function(f"() => ({first})() === '3 players, 17 cards each.'")
    page.wait_for_function("() => document.getElementById('rules-list').textContent.includes('kitty')")
    assert page.is_visible("#kitty-field") and page.is_checked("#kitty")
    page.uncheck("#kitty")
    page.wait_for_function("() => document.getElementById('rules-list').textContent.includes('Removed from the deck before dealing: 2♣.')")
    # The game's length chosen, and the moon (a play-test chose 1 deal and read "the game ends after 9 deals").
    words = "() => document.getElementById('rules-list').textContent"
    page.select_option("#end-mode", "deals")
    page.fill("#end-value", "1")
    page.wait_for_function(f"() => ({words})().includes('The game ends after 1 deal;')")
    page.select_option("#end-mode", "target")
    page.fill("#end-value", "50")
    page.wait_for_function(f"() => ({words})().includes('someone reaches 50;')")
    page.select_option("#moon", "subtract-from-shooter")
    page.wait_for_function(f"() => ({words})().includes('scores minus 43 instead.')")
    page.select_option("#end-mode", "preset")
    page.select_option("#moon", "off")  # Black Maria's own
    page.wait_for_function(f"() => ({words})().includes('The game ends after 9 deals;')")
    page.click("#lang-switch")  # and in the other language, for the count chosen
    page.fill("#players", "4")
    page.wait_for_function(f"() => ({first})() === '4 Spieler, je 13 Karten.'")
    # A table made with the box ticked has the kitty.
    create_with_kitty(page, deals=3)
    page.wait_for_url(re.compile(r".*/t/.+"))
    code = page.url.rsplit("/", 1)[1]
    rules = server.http.get(f"/api/tables/{code}").json()["rules"]
    assert rules["kitty"] is True and rules["players"] == 5 and rules["deal_count"] == 3
    # Back in the lobby, the form holds what made that table (it went back to 3 players of Black Maria, and to
    # "ends after N deals" with no number: a play-test), and the rules in words say so.
    page.go_back()
    page.wait_for_function("() => document.getElementById('rules-list').textContent.includes('nach 3 Spielen')")  # (in German, as chosen)
    form = page.evaluate("() => ['preset', 'players', 'end-mode', 'end-value'].map(id => document.getElementById(id).value)")
    assert form == ["black-maria", "5", "deals", "3"] and page.is_checked("#kitty") and page.is_enabled("#end-value")
    assert page.errors == []
    page.context.close()


@needs_chromium
def test_the_kitty_is_shown_face_down_until_the_first_trick_and_then_its_taker(server: Server, browser: Any) -> None:
    """A play-test saw nothing of a kitty all deal (5-player Black Maria, Omnibus, Spot Hearts): no word of it on the
    felt, of who took it, nor a mark on that seat, whose "0 this deal" the summary then made 23."""
    page = new_page(browser, DESKTOP)
    page.goto(f"{server.base}/")
    page.wait_for_selector("#preset option[value='black-maria']", state="attached")
    create_with_kitty(page, deals=1)
    page.wait_for_selector("#pass-bar:not([hidden])")
    page.evaluate(
        """() => { window.said = []; const region = document.getElementById('announcer');
        new MutationObserver(() => window.said.push(region.textContent)).observe(region, {childList: true, characterData: true, subtree: true}); }"""
    )
    pass_three(page)
    page.wait_for_function(
        "() => (document.querySelector('#turn-line .kitty-note') || {}).textContent === 'Kitty: 2 cards face down, for the winner of trick 1.'"
    )
    while not page.evaluate(
        "() => [...document.querySelectorAll('#seats .seat')].some(s => (s.getAttribute('aria-label') || '').includes('took the kitty'))"
    ):
        assert wait_for_my_turn(page), "the deal ended with no kitty taken"
        play_first_playable(page)
    taker = page.locator("#seats .seat", has_text="took the kitty")
    assert taker.count() == 1 and "Kitty:" not in (page.text_content("#turn-line") or "")
    page.wait_for_function("() => window.said.some(text => /takes the kitty|You take the kitty/.test(text))")
    said = " ".join(page.evaluate("() => window.said"))
    assert re.search(r"takes the kitty, face down: its cards are shown at the deal's end\.|You take the kitty: \S+ \S+\.", said), said
    assert page.errors == []
    page.context.close()


@needs_chromium
def test_a_game_alone_against_the_computer_is_one_press_in_the_lobby(server: Server, browser: Any) -> None:
    """A play-test changed two fields to play against the computer, then read "Invite" over a table with no seat free;
    another took four steps to begin a game alone (a name, the seats, Create, then Start on a page with nothing to do)."""
    page = lobby_page(browser, server.base)
    page.fill("#players", "5")
    # Alone by default, and a seat for a friend one press away (and back)
    assert page.input_value("#bots") == "4" and page.text_content("#all-bots") == "Keep a seat free for a friend"
    page.focus("#all-bots")
    page.keyboard.press("Enter")
    assert page.input_value("#bots") == "3" and page.text_content("#bots-note") == "1 seat is left for a friend you invite."
    assert page.text_content("#create") == "Create the table"
    page.keyboard.press("Enter")  # the focus stays on the button, its words turned (a keyboard play-test)
    assert page.input_value("#bots") == "4" and page.text_content("#all-bots") == "Keep a seat free for a friend"
    assert page.text_content("#bots-note") == "Every other seat has a computer player: you play alone against them."
    # The button says what it does, and does it: the game begins, with no seating page and no name asked (nobody
    # joins to read it).
    assert page.text_content("#create") == "Play against the computer"
    assert page.text_content("label[for=create-name]") == "Your name (you may leave it out)"
    page.fill("#bots", "3")
    assert page.text_content("#create") == "Create the table"  # a seat is free again: a friend is waited for
    assert page.text_content("label[for=create-name]") == "Your name"
    page.click("#create")  # a friend is waited for: the name is asked
    page.wait_for_function("() => document.getElementById('create-error').textContent === 'Your name?'")
    page.click("#all-bots")  # alone again: the refusal it mends goes (it stayed, a play-test)
    assert page.text_content("#create-error") == "" and page.get_attribute("#create-name", "aria-invalid") is None
    # Alone stays alone when the players change (a play-test raised them after filling the seats: some were free).
    page.fill("#players", "6")
    assert page.input_value("#bots") == "5" and page.text_content("#create") == "Play against the computer"
    page.fill("#players", "5")
    assert page.input_value("#bots") == "4"
    page.click("#create")
    page.wait_for_selector("#pass-bar:not([hidden])")
    code = page.url.rsplit("/", 1)[1]
    table = server.http.get(f"/api/tables/{code}").json()
    assert [seat["kind"] for seat in table["seats"]] == ["human", "bot", "bot", "bot", "bot"] and table["status"] == "playing"
    assert table["seats"][0]["name"] == "Player"
    assert page.errors == []
    page.context.close()


@needs_chromium
def test_the_cut_for_the_first_deal_is_told_under_the_score_sheet_after_a_reload_too(server: Server, browser: Any) -> None:
    """Every game of the presets began with a cut that nobody saw: the first dealer seemed picked. The sheet tells its
    cards, the player's as "You", the highest card's seat the one dealing."""
    page = solo_table(browser, server.base)
    code = page.url.rsplit("/", 1)[1]
    record = server.http.get(f"/api/tables/{code}/record").json()
    cut = record["dealer_cut"]
    note = page.locator("#sheet-cut")
    assert note.is_visible()
    text = note.text_content() or ""
    assert text.startswith("Cut for the first deal, the highest card deals: You ")
    for seat, card in cut[0]:
        name = "You" if seat == 0 else f"Comp.\xa0{seat + 1}"
        assert f"{name} {card_symbol(parse_card(card))}" in text, text
    assert ("A tie at the top, so cut again: " in text) == (len(cut) > 1)
    page.reload()
    page.wait_for_selector("#pass-bar:not([hidden])")
    assert page.text_content("#sheet-cut") == text
    assert page.errors == []
    page.context.close()


@needs_chromium
def test_the_lobbys_start_is_on_a_phones_first_screen(server: Server, browser: Any) -> None:
    """A play-test's first visit on a phone: the whole first screen was fields, "Play against the computer" ten fields
    below it. It stays in sight while the form scrolls, and is pressed from there."""
    page = lobby_page(browser, server.base, viewport=PHONE)
    height = page.viewport_size["height"]
    box = page.locator("#create").bounding_box()
    assert box["y"] + box["height"] <= height, box
    # The fields pass under it, not around it (a play-test saw the moon's field beside the button, and a name field
    # under it): beside the button is its bar, and a field that takes the focus is scrolled clear of it.
    beside = """() => {
      const box = document.getElementById('create').getBoundingClientRect();
      for (let y = box.top - 8; y <= box.bottom + 8; y += 4) {
        const there = document.elementFromPoint(innerWidth - 40, y);
        if (there && there.closest('.field, select, input, label')) return there.outerHTML.slice(0, 80);
      }
      return null;
    }"""
    assert page.evaluate(beside) is None
    page.focus("#timer")
    for _ in range(3):  # (the browser scrolls a field reached so to the screen's foot, where the button is)
        if page.evaluate("document.activeElement.id") == "create-name":
            break
        page.keyboard.press("Tab")
    page.wait_for_timeout(300)
    assert page.evaluate("document.activeElement.id") == "create-name"
    name, bar = page.locator("#create-name").bounding_box(), page.locator("#create").bounding_box()
    assert name["y"] + name["height"] <= bar["y"], (name, bar)
    page.click("#create")
    page.wait_for_selector("#pass-bar:not([hidden])")
    assert page.errors == []
    page.context.close()
    # On a laptop's 1280x800 the whole form is in sight above the bar at once (its name field's edge lay under it).
    laptop = lobby_page(browser, server.base, viewport=DESKTOP)
    name, bar = laptop.locator("#create-name").bounding_box(), laptop.locator(".create-bar").bounding_box()
    assert name["y"] + name["height"] <= bar["y"], (name, bar)
    laptop.context.close()


@needs_chromium
def test_a_notice_while_the_table_fills_is_said_in_words_under_the_seats(server: Server, browser: Any) -> None:
    """One watching the seats fill chats without a name: the notice under the seats says what to do (it could show
    the code that makes the words, not the words), and where: the name field is the seat's, above (it said "beside
    the line", where there is none)."""
    code, _host = server.create_table(ONE_DEAL_HEARTS)
    server.join(code, "Ann", 0)
    page = new_page(browser, DESKTOP)
    page.goto(f"{server.base}/t/{code}")
    page.wait_for_selector("#seating:not([hidden])")
    page.fill("#chat-input", "hello")
    page.press("#chat-input", "Enter")
    page.wait_for_function("() => document.getElementById('seating-error').textContent !== ''")
    assert (
        page.text_content("#seating-error")
        == page.text_content("#notice")
        == "Write your name above first, under “Your name”: you chat under it."
    )
    assert page.evaluate("() => document.activeElement.id") == "join-name"
    assert page.errors == []
    page.context.close()


@needs_chromium
def test_the_page_writes_a_cost_to_one_decimal_as_the_server_does(server: Server, browser: Any) -> None:
    """A learner read "as many as 8♥" (a tie by the server's numbers, 13.25 shown 13.2) beside 13,2 and 13,3 in the
    page's table: toFixed rounds an exact tie up, Python's format to the even digit."""
    page = lobby_page(browser, server.base)
    values = [13.25, 0.25, 13.75, -1.25, 1.35, 2.05, 0.0, 7.5, 12.35, 0.125, 3.45, 20.15, 4.65]
    shown = page.evaluate(
        "async (xs) => { const m = await import('/static/i18n.js'); return xs.map((x) => [m.decimal(x), m.shownDifference(0, x)]); }",
        values,
    )
    assert [text for text, _ in shown] == [f"{x:.1f}" for x in values]
    assert [difference for _, difference in shown] == [float(f"{x:.1f}") for x in values]
    assert page.errors == []
    page.context.close()


@needs_chromium
def test_the_lobby_keeps_a_chosen_count_of_players_that_the_new_rules_allow(server: Server, browser: Any) -> None:
    """A play-test refused 7 players for Black Maria chose Jaques' rules (3 to 7) and found the count back at 3."""
    page = lobby_page(browser, server.base)
    page.select_option("#preset", "black-maria")
    page.fill("#players", "7")
    page.select_option("#preset", "black-maria-jaques")
    assert page.input_value("#players") == "7" and page.input_value("#bots") == "6"
    page.select_option("#preset", "two-player")  # two only: the preset's count
    assert page.input_value("#players") == "2"
    page.select_option("#preset", "hearts")  # and from there the preset's own again, not a count the host never chose
    assert page.input_value("#players") == "4"
    assert page.errors == []
    page.context.close()


@needs_chromium
def test_the_lobby_says_which_number_cannot_make_a_table_and_changes_none(server: Server, browser: Any) -> None:
    """A play-test: 9 players got the server's English refusal on a German page, and 5 computer players at a table of
    3, 0 deals or a timer of -5 were quietly made into something else (1 computer player, 1 deal, no timer)."""
    page = lobby_page(browser, server.base, locale="de-DE")
    posted: list[str] = []

    def changes(request: Any) -> bool:
        # (the rules in words for the length chosen are asked of /api/rules/facts: a question, which makes nothing)
        return bool(request.method == "POST" and not request.url.endswith("/api/rules/facts"))

    page.on("request", lambda request: posted.append(request.url) if changes(request) else None)

    def refused(field: str, value: str) -> str:
        page.fill(field, value)
        page.click("#create")
        page.wait_for_function("() => document.getElementById('create-error').textContent !== ''")
        text = page.text_content("#create-error") or ""
        assert page.get_attribute(field, "aria-invalid") == "true"
        assert page.evaluate("() => document.activeElement.id") == field[1:]
        assert page.url == f"{server.base}/"
        # The sentence under the button is in sight, and so is the field (it was cut off at the window's foot).
        in_sight = (
            "(id) => { const r = document.getElementById(id).getBoundingClientRect(); return r.top >= -1 && r.bottom <= innerHeight + 1; }"
        )
        assert page.evaluate(in_sight, "create-error") and page.evaluate(in_sight, field[1:])
        return text

    page.click("#all-bots")  # a seat kept for a friend, who will read the name: it is asked
    assert refused("#create-name", "  ") == "Dein Name?"
    page.fill("#create-name", "Jürgen")
    assert page.get_attribute("#create-name", "aria-invalid") is None
    assert refused("#players", "9") == "Black Maria spielt man zu 3 bis 6 Spielern."
    page.dispatch_event("#players", "change")
    # Meanwhile no seat count is made up from the 9 and the computer players are left as they were (a play-test).
    assert page.text_content("#bots-note") == "Black Maria spielt man zu 3 bis 6 Spielern." and page.input_value("#bots") == "1"
    page.fill("#players", "3")
    assert page.get_attribute("#players", "aria-invalid") is None  # typing again clears the mark
    assert refused("#bots", "5") == "Computerspieler: eine ganze Zahl von 0 bis 2 (ein Platz ist deiner)."
    page.fill("#bots", "2")
    page.select_option("#end-mode", "deals")
    assert refused("#end-value", "0") == "Die Zahl der Spiele: eine ganze Zahl, 1 oder mehr."
    page.select_option("#end-mode", "preset")  # the refusal no longer applies: it goes (a play-test saw it stay)
    assert page.text_content("#create-error") == "" and page.get_attribute("#end-value", "aria-invalid") is None
    page.select_option("#end-mode", "deals")
    page.fill("#end-value", "2")
    assert refused("#timer", "-5") == "Die Zeit pro Zug: Sekunden von 1 bis 3600, oder leer für keine."
    assert posted == []  # nothing reached the server
    # Mended, the same form makes the table it says: 3 players, 2 computer players, 2 deals, a 30-second timer.
    page.fill("#timer", "30")
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+$"))
    code = page.url.rsplit("/", 1)[1]
    table = server.http.get(f"/api/tables/{code}").json()
    assert (table["players"], table["rules"]["deal_count"], table["turn_seconds"]) == (3, 2, 30)
    assert sum(seat["kind"] == "bot" for seat in table["seats"]) == 2
    page.context.close()


@needs_chromium
def test_alone_at_a_table_a_missed_turn_pauses_the_game_and_says_why(server: Server, browser: Any) -> None:
    """A play-test: alone with computer players and a short timer, one missed turn let a stand-in play the whole game."""
    page = solo_table(browser, server.base, timer=4)
    page.evaluate(
        """() => { window.said = []; const region = document.getElementById('announcer');
        new MutationObserver(() => window.said.push(region.textContent)).observe(region, {childList: true, characterData: true, subtree: true}); }"""
    )
    page.wait_for_selector("#paused-bar:not([hidden])", timeout=20_000)
    # Heard with its reason, as the bar says it (a play-test heard only "The game is paused.").
    page.wait_for_function("() => window.said.some(text => text.startsWith('Your time ran out, and nobody else is at the table'))")
    assert page.text_content("#paused-text") == (
        "Your time ran out, and nobody else is at the table to play on with: the game waits for you. Resume it when you are back."
    )
    assert page.locator("#away-bar").is_hidden() and len(page.locator("#hand .card").all()) == 13
    # Someone watching is not told that its own time ran out.
    watcher = new_page(browser, PHONE)
    watcher.goto(page.url)
    watcher.wait_for_selector("#paused-bar:not([hidden])")
    assert (watcher.text_content("#paused-text") or "").startswith("A player's time ran out with nobody else at the table")
    assert watcher.is_hidden("#paused-resume")  # (nothing for a spectator to resume)
    watcher.context.close()
    # The way on is in the bar that says to resume (a play-test found the button under the hand).
    assert page.text_content("#paused-resume") == "Resume the game"
    page.click("#paused-resume")
    page.wait_for_selector("#paused-bar", state="hidden")
    pass_three(page)  # her own pass, in the decision's time given again
    assert page.locator("#paused-bar").is_hidden() and page.locator("#away-bar").is_hidden()
    assert page.errors == []
    page.context.close()


@needs_chromium
def test_one_watching_is_told_which_cards_were_taken_back(server: Server, browser: Any) -> None:
    """A play-test's spectator saw a finished trick go back to one card after the player's take-back, and nothing said."""
    page = solo_table(browser, server.base)
    watcher = new_page(browser, PHONE)
    watcher.goto(page.url)
    watcher.wait_for_selector("#play:not([hidden])")
    pass_three(page)
    while wait_for_my_turn(page) and page.locator("#hand .card.playable").count() < 2:  # (a forced card is not taken back)
        play_first_playable(page)
    card = page.locator("#hand .card.playable").first.get_attribute("data-card")
    play_first_playable(page)
    assert wait_for_my_turn(page)
    page.click("#undo-button")
    page.wait_for_selector(f"#hand [data-card='{card}']")
    watcher.wait_for_function("() => document.getElementById('table-news').textContent.startsWith('↶ Taken back: Cleo ')")
    assert page.errors == [] and watcher.errors == []
    watcher.context.close()
    page.context.close()


def test_a_notice_under_the_pointer_keeps_the_hand_and_buttons_in_place(server: Server, browser: Any) -> None:
    # Every notice that comes of a click on the hand or the buttons (a take-back, a take-back refused, a pass marked in
    # full, a card clicked while paused), in both languages and with the widest cards, fits the line kept for it on a
    # desktop: a two-card take-back's notice of two lines moved the buttons under a double click (CI saw it). (On a
    # phone the row of buttons is twice as tall as a line, and the cards back in the hand move it anyway.)
    page = solo_table(browser, server.base)
    pass_three(page)
    assert wait_for_my_turn(page)
    where = lambda: [page.locator(selector).bounding_box()["y"] for selector in ("#hand", "#hint-button")]  # noqa: E731
    before = where()
    for lang in ("en", "de"):
        texts = Texts(lang)
        notices = [texts(key, cards="10♠ 10♥" if "many" in key else "10♥") for key in ("web_undone_one", "web_undone_many")]
        notices += [texts(key, cards="10♥") for key in ("web_undone_one_alone", "web_undone_many_alone")]
        notices += [texts(f"undo_none{why}") for why in ("", "_passed", "_forced", "_drawn")] + [texts("undo_off")]
        notices += [texts("web_pass_marked_full", count=3), texts("web_paused_click", resume=texts("web_resume"))]
        for notice in notices:
            page.evaluate("(text) => { document.getElementById('notice').textContent = text; }", notice)
            assert where() == before, (lang, notice)
    page.context.close()


def test_a_take_back_while_the_computer_players_cards_are_laid_ends_their_showing_at_once(server: Server, browser: Any) -> None:
    # A play-test pressed Take back while the computer players' cards were still being laid: the page said the card
    # was back, then went on marking "Computer 2 to play", "Computer 3 to play" over an empty trick, its hand held.
    page = solo_table(browser, server.base)
    pass_three(page)
    page.evaluate("() => import('/static/state.js').then((m) => { m.TIMING.play = 1500; })")  # time to press it
    while wait_for_my_turn(page) and (page.locator("#hand .card.playable").count() < 2 or page.locator("#trick .card").count() == 3):
        play_first_playable(page)
    on_table = page.locator("#trick .card").count()
    play_first_playable(page)
    page.wait_for_function("() => !document.getElementById('undo-button').disabled")
    page.click("#undo-button")
    page.wait_for_function("() => /is back in your hand|are back/.test(document.getElementById('notice').textContent)")
    page.evaluate(
        """() => { window.seen = []; const t0 = performance.now();
          const id = setInterval(() => { const marked = document.querySelector('#seats .seat.turn');
            window.seen.push([marked ? marked.classList.contains('me') : null, document.querySelectorAll('#trick .card').length]);
            if (performance.now() - t0 > 2500) clearInterval(id); }, 50); }"""
    )
    page.wait_for_timeout(2700)
    seen = page.evaluate("() => window.seen")
    assert seen and all(mine is True and cards == on_table for mine, cards in seen), seen  # her turn, the trick as it was
    assert page.locator("#hand .card.playable").count() >= 2 and page.errors == []
    page.context.close()


def test_the_result_says_a_shared_win_of_the_players_in_a_sentence_of_its_own(server: Server, browser: Any) -> None:
    # "Winners: Player, Computer 2 and Computer 4." over "Player (you)", and in German "Gewonnen haben du und ..."
    # (play-tests): a shared win of the player's is said to the player.
    for locale, said in (
        ("en-US", "You share the win with Computer {n} (easy). Your place: 1\xa0of\xa04."),
        ("de-DE", "Du teilst den Sieg mit Computer {n} (leicht). Du bist 1.\xa0von\xa04."),
    ):
        page = solo_table(browser, server.base, locale=locale)
        text = page.evaluate(
            """() => Promise.all([import('/static/state.js'), import('/static/dialogs.js')]).then(([{ app }, { showResult }]) => {
                const other = (app.seat + 2) % 4;
                const totals = [30, 30, 30, 30]; totals[app.seat] = 10; totals[other] = 10;
                showResult({ winners: [app.seat, other].sort(), totals });
                return [document.getElementById('result-text').textContent, other + 1]; })"""
        )
        assert text[0] == said.format(n=text[1]), text
        page.context.close()


def test_alone_against_computer_players_a_card_is_taken_back(server: Server, browser: Any) -> None:
    page = solo_table(browser, server.base, locale="de-DE", double_click=True)
    # A double click on the lobby's button starts one game and says nothing else (a second start's refusal read as a
    # failure).
    page.wait_for_timeout(500)
    assert page.evaluate("() => { const n = document.getElementById('notice'); return !n.textContent || n.classList.contains('info') }")
    undo = page.locator("#undo-button")
    assert undo.is_visible() and undo.is_disabled()  # in its place, greyed: nothing to take back yet
    page.evaluate(
        """() => { window.said = [];
          new MutationObserver(() => window.said.push(document.getElementById('announcer').textContent))
            .observe(document.getElementById('announcer'), {childList: true, characterData: true, subtree: true}); }"""
    )
    pass_three(page)
    assert wait_for_my_turn(page)
    # The cards received are said, in words (a keyboard play-test heard nothing of the pass).
    page.wait_for_function("() => window.said.some((text) => /^Von Computer \\d \\(\\w+\\) hast du .+ bekommen\\.$/.test(text))")
    # A received card says under the pointer what its dashed outline means.
    assert re.fullmatch(
        r"Von Computer \d \(\w+\) an dich weitergegeben", page.get_attribute("#hand .card.received >> nth=0", "title") or ""
    )
    # On to a turn with a choice, and others to play after it: a card that ends the trick may win it, and then the
    # turn comes back at once.
    while wait_for_my_turn(page) and (page.locator("#hand .card.playable").count() < 2 or page.locator("#trick .card").count() == 3):
        play_first_playable(page)
    # At once, while the computer players' cards are still being laid (a play-test took the grey for broken): the
    # page notes the first moment the card has left the hand with Take back offered (noted in the page, so that a
    # loaded machine's late look cannot find the turn come back meanwhile).
    card = page.locator("#hand .card.playable").first.get_attribute("data-card")
    page.evaluate(
        """(card) => {
          window.offered = null;
          const seen = new MutationObserver(() => {
            const hand = document.getElementById('hand');
            if (hand.querySelector(`[data-card="${card}"]`) || document.getElementById('undo-button').disabled) return;
            window.offered = hand.querySelectorAll('.card.playable').length;
            seen.disconnect();
          });
          seen.observe(document.body, {subtree: true, childList: true, attributes: true});
        }""",
        card,
    )
    play_first_playable(page)
    page.wait_for_function("() => window.offered !== null")
    assert page.evaluate("() => window.offered") == 0, "the turn came back before Take back was offered"
    assert wait_for_my_turn(page)
    assert page.text_content("#undo-button") == "Zurücknehmen"
    page.click("#hint-button")
    page.wait_for_selector("#hand .card.hinted")
    held = hand(page)
    box = undo.bounding_box()
    page.dblclick("#undo-button")  # one press, one take-back: a double click took back two and named one
    page.wait_for_function(f"() => document.querySelectorAll('#hand .card').length > {len(held)}")
    page.wait_for_timeout(500)
    back = sorted(set(hand(page)) - set(held))
    notice = page.text_content("#notice") or ""
    # The notice names the cards back in the hand (two when the one taken back had been forced), every one of them.
    assert notice.endswith(("die Karten der Computer danach auch.", "die der Computer auch.")) and len(back) in (1, 2), notice
    assert sum(notice.count(suit) for suit in "♠♥♦♣") == len(back), (notice, back)
    assert page.locator("#notice.info").count() == 1  # news, not a refusal in red
    # The hint was for the position before: it is gone, text and ring.
    assert page.text_content("#hint-text") == "" and page.locator("#hand .card.hinted").count() == 0
    assert page.locator("#hand .card.playable").count() >= 2  # the choice is hers again
    assert undo.bounding_box() == box  # the row of buttons did not move under the pointer
    # The focus is on a card taken back, not left on the page or the greyed button (a play-test's keyboard lost it).
    focused = page.evaluate("() => document.activeElement.closest('#hand') && document.activeElement.dataset.card")
    assert focused in [str(card) for card in back], (focused, back)
    play_first_playable(page)  # and the game goes on
    # Left by the Back button (a play-test found no way back): the start page leads back to the game in play.
    table_url = page.url
    page.go_back()
    page.wait_for_selector("#my-tables:not([hidden])")
    link = page.locator("#my-tables a")
    assert link.count() == 1 and "Spiel 1 läuft" in (link.text_content() or "")
    page.click("#lang-switch")  # the list in the other language at once (a play-test read it in the old one)
    page.wait_for_function("() => (document.querySelector('#my-tables a') || {}).textContent?.includes('deal 1 in play')")
    page.click("#lang-switch")
    page.wait_for_function("() => (document.querySelector('#my-tables a') || {}).textContent?.includes('Spiel 1 läuft')")
    link.click()
    page.wait_for_url(table_url)
    wait_for_my_turn(page)
    assert page.errors == []
    page.context.close()


@needs_chromium
def test_on_a_phone_with_seven_seats_the_felt_says_what_to_pass_and_hint_is_in_sight(server: Server, browser: Any) -> None:
    """390x844, seven seats: at the pass the Hint button was 54 px below the screen (a play-test); the pass's line now
    stands in the felt's empty middle, not over the pass button."""
    code, token = seated_table(server, 7)
    page = new_page(browser, PHONE, locale="de-DE")
    sit_at(page, server, code, token)
    assert page.text_content("#center-note") == "← Wähle 3 Karten, die du nach links an Computer 2 (mittel) weitergibst."
    assert page.locator("#pass-text").is_hidden() and page.locator("#pass-button").is_visible()
    assert page.evaluate("() => document.getElementById('hint-button').getBoundingClientRect().top < innerHeight - 24")
    assert page.errors == []
    page.context.close()


@needs_chromium
def test_the_turn_line_says_the_suit_led_to_follow_or_that_the_player_has_none(server: Server, browser: Any) -> None:
    """At five to seven seats a phone lays the trick in rows by seat, and nothing showed which card was led (a
    play-test read the dimmed cards to find out): the turn line names the suit."""
    code, token = seated_table(server, 5)
    page = new_page(browser, {"width": 360, "height": 740})
    sit_at(page, server, code, token)
    pass_three(page)
    said: set[str] = set()
    while len(said) < 3 and wait_for_my_turn(page):
        line = page.text_content("#turn-line") or ""
        trick = page.eval_on_selector_all("#trick .card", "cards => cards.map(c => c.dataset.card)")  # in the order played
        hand = page.eval_on_selector_all("#hand .card", "cards => cards.map(c => c.dataset.card)")
        if line.startswith("Your turn: you lead."):
            said.add("lead")
        else:
            suit = re.match(r"Your turn: (?:follow (\w+)\.|(\w+) were led, and you have none\.)", line)  # (a note may follow)
            assert suit, line
            name = suit.group(1) or suit.group(2)
            letter = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}[name]
            assert trick and trick[0][1] == letter, (line, trick)
            assert (suit.group(1) is not None) == any(card[1] == letter for card in hand), (line, hand)
            said.add("follow" if suit.group(1) else "void")
        play_first_playable(page)
    assert "follow" in said
    assert page.errors == []
    page.context.close()


@needs_chromium
def test_on_a_phone_a_hint_scrolled_down_leaves_the_trick_in_sight_at_the_next_turn(server: Server, browser: Any) -> None:
    """360x740, five seats: a hint scrolled the page down to be read, and it stayed there; at the next turns the trick
    lay above the screen (a play-test: at seven seats the Q♣ the hint named was out of sight)."""
    code, token = seated_table(server, 5)
    page = new_page(browser, {"width": 360, "height": 740}, autoplay=False)
    sit_at(page, server, code, token)
    pass_three(page)
    turns = 0
    while turns < 3 and wait_for_my_turn(page):
        page.click("#hint-button")
        page.wait_for_function("() => document.getElementById('hint-text').textContent.length > 0")
        play_first_playable(page)
        if not wait_for_my_turn(page):
            break
        turns += 1
        # the felt's top in the screen, and every card of the trick too
        top = page.evaluate("() => document.getElementById('felt').getBoundingClientRect().top")
        assert top > -1, f"the felt begins {top}px above the screen at turn {turns}"
        tops = page.eval_on_selector_all("#trick .card", "cards => cards.map(c => c.getBoundingClientRect().top)")
        assert all(-1 < y < 740 for y in tops), tops
    assert turns >= 2
    assert page.errors == []
    page.context.close()


@needs_chromium
def test_from_four_seats_each_card_of_the_trick_says_whose_it_is(server: Server, browser: Any) -> None:
    """A play-test at six and seven seats could not tell who played which card (two seats at one height lay their
    cards close together, on a phone in rows): each card of the trick carries its seat's tag, the score sheet's."""
    code, token = seated_table(server, 6)
    page = new_page(browser, PHONE)
    sit_at(page, server, code, token)
    if page.locator("#pass-bar:not([hidden])").count():
        pass_three(page)
    deadline = time.monotonic() + 60
    while page.locator("#trick .card.played").count() < 4:
        assert time.monotonic() < deadline, "no trick of four cards was seen"
        playable = page.locator("#hand .card.playable")
        if playable.count():
            click_card(playable.first)
        page.wait_for_timeout(50)
    tags = page.eval_on_selector_all(
        "#trick .card.played", "ns => ns.map(n => [Number(n.dataset.seat), n.querySelector('.by')?.textContent])"
    )
    assert all(tag == ("You" if seat == 0 else f"C{seat + 1}") for seat, tag in tags), tags
    sheet = page.eval_on_selector_all("#sheet-table thead th", "ths => ths.map(th => th.textContent)")
    assert all(tag in sheet for _, tag in tags), (tags, sheet)  # the sheet's own names for them, "You" too
    page.context.close()
    # At four seats the cards lie half a card aside of their seats (felt.js), on a desktop too, where a play-test took
    # Computer 3's card for Computer 4's: there too they say whose they are. At three each lies towards its seat.
    for players, viewport in ((4, {"width": 1280, "height": 800}), (4, {"width": 1366, "height": 650}), (3, None)):
        page = new_page(browser, viewport or DESKTOP)
        create_table(page, server.base, "hearts" if players == 4 else "black-maria", deals=1, bots=players - 1, name="Cleo")
        page.wait_for_selector("#pass-bar:not([hidden])")
        pass_three(page)
        while not page.locator("#trick .card.played").count():  # (the player may hold the lowest club and lead)
            assert time.monotonic() < deadline + 120, f"no card was played at {players} seats"
            if page.locator("#hand .card.playable").count():
                click_card(page.locator("#hand .card.playable").first)
            page.wait_for_timeout(50)
        tags = page.eval_on_selector_all(
            "#trick .card.played", "ns => ns.map(n => [Number(n.dataset.seat), n.querySelector('.by')?.textContent])"
        )
        if players == 4:
            assert tags and all(tag == ("You" if seat == 0 else f"C{seat + 1}") for seat, tag in tags), (viewport, tags)
        else:
            assert tags and all(tag is None for _, tag in tags), tags
        page.context.close()


@needs_chromium
def test_two_players_see_the_stock_and_what_each_drew_from_it(server: Server, browser: Any) -> None:
    """Black Maria for two: nothing on the page showed the stock, and a card drawn from it appeared in the hand unsaid
    (a play-test); the felt shows the pile and its count, the table's news who drew, the hand the card drawn."""
    answer = server.http.post("/api/tables", json={"rules": {"preset": "two-player", "deal_count": 1, "target_score": None}})
    code, host = answer.json()["table"]["code"], answer.json()["host_token"]
    _seat, token = server.join(code, "Cleo", 0)
    server.bots(code, host, "medium")
    server.start_game(code, host)
    page = new_page(browser, PHONE)
    sit_at(page, server, code, token, ready="#stock:not([hidden])")
    assert page.text_content("#stock-count") == "Stock: 26"
    deadline = time.monotonic() + 60
    while "draw" not in (page.text_content("#table-news") or ""):
        assert time.monotonic() < deadline, "no card was drawn after the first trick"
        playable = page.locator("#hand .card.playable")
        if playable.count():
            click_card(playable.first)
        page.wait_for_timeout(100)
    news = page.text_content("#table-news") or ""
    mine = re.search(r"You draw (\S+)\.", news)
    assert mine and re.search(r"Computer 2 \(medium\) draws a card\.", news), news
    page.wait_for_function("() => document.getElementById('stock-count').textContent === 'Stock: 24'")
    drawn = page.eval_on_selector_all("#hand .card.received", "ns => ns.map(n => n.getAttribute('aria-label'))")
    assert len(drawn) == 1 and drawn[0].endswith("just drawn"), drawn
    # The draws are said until this seat's next card: once the stock was empty, "You draw 2♠" stayed all deal, long
    # after 2♠ was played (a play-test).
    while page.is_visible("#stock"):
        assert time.monotonic() < deadline + 120, "the stock was not drawn to its end"
        playable = page.locator("#hand .card.playable")
        if playable.count():
            click_card(playable.first)
        page.wait_for_timeout(100)
    page.wait_for_selector("#hand .card.playable")
    click_card(page.locator("#hand .card.playable").first)
    page.wait_for_function("() => !document.getElementById('table-news').textContent.includes('draw')")
    assert page.errors == []
    page.context.close()


def test_the_rules_in_words_open_at_the_table_in_the_pages_language(server: Server, browser: Any) -> None:
    """A play-test: once at the table there was no way to read the rules (only the lobby's form said them)."""
    page = solo_table(browser, server.base)
    panel = page.locator("#table-rules")
    assert panel.is_visible() and page.locator("#table-rules-list li").count() == 0  # closed: nothing asked yet
    page.click("#table-rules summary")
    page.wait_for_function("() => document.querySelectorAll('#table-rules-list li').length > 3")
    lines = page.locator("#table-rules-list li").all_text_contents()
    assert lines[0] == "4 players, 13 cards each." and any(line.startswith("Before play each player passes 3 cards") for line in lines), (
        lines
    )
    page.click("#lang-switch")  # open, in the other language at once
    page.wait_for_function("() => document.querySelector('#table-rules-list li').textContent === '4 Spieler, je 13 Karten.'")
    assert page.text_content("#table-rules summary") == "Die Regeln in Worten"
    page.close()


@needs_chromium
def test_the_rest_of_a_deal_is_claimed_by_one_press_once_nothing_left_can_score(server: Server, browser: Any) -> None:
    """A play-test took every point with three cards left and had to play them out one by one; the terminal offers the
    claim (F4), and the page now too, where nothing left can score."""
    # Only 2♣ scores, and it goes in the first trick: from Cleo's first turn after it, nothing left can score.
    code, host = server.create_table(TWO_OF_CLUBS_ONLY)
    _seat, token = server.join(code, "Cleo", 0)
    server.bots(code, host, "easy")
    server.start_game(code, host)
    page = new_page(browser, DESKTOP)
    sit_at(page, server, code, token)
    assert page.is_hidden("#claim-button")
    # Whenever the button shows, the turn is shown too (it showed while the computer players' cards were still being
    # laid, and told a play-test how the trick would end).
    page.evaluate(
        """() => { window.claimShown = [];
          new MutationObserver(() => { if (!document.getElementById('claim-button').hidden)
              window.claimShown.push(document.querySelector('#hand .card.playable') !== null); })
            .observe(document.getElementById('claim-button'), {attributes: true}); }"""
    )
    pass_three(page)
    hand_top = "() => document.getElementById('hand').getBoundingClientRect().top + scrollY"
    while wait_for_my_turn(page) and page.is_hidden("#claim-button"):
        assert page.locator("#hand .card").count() == 13, "no claim offered from the second trick on"
        before = page.evaluate(hand_top)
        play_first_playable(page)
    # Beside the turn line, it moves nothing (in the row of buttons under the hand it moved them, a play-test).
    assert abs(page.evaluate(hand_top) - before) < 1
    left = page.locator("#hand .card").count()
    assert 0 < left <= 12 and page.text_content("#claim-button") == "Claim the rest"
    assert page.evaluate("() => window.claimShown") == [True]
    page.click("#claim-button")
    # The deal's summary says why play ended at once.
    page.wait_for_selector("#summary[open]", timeout=30_000)
    assert page.text_content("#summary-extra") == (
        f"You claimed the rest: the last {left} tricks were played out at once, as nothing left could score."
    )
    page.click("#summary-close")
    page.wait_for_selector("#result:not([hidden])", state="attached", timeout=30_000)
    assert page.locator("#hand .card").count() == 0 and page.is_hidden("#claim-button")
    totals = server.http.get(f"/api/tables/{code}").json()["totals"]
    assert sorted(totals) == [0, 0, 0, 1]
    assert page.errors == []
    page.context.close()


@needs_chromium
def test_a_page_reloaded_before_the_players_next_card_says_who_took_the_last_trick(server: Server, browser: Any) -> None:
    """A play-test led 4♠ and reloaded while the computer players' cards came: the page opened on the next trick and
    never said who took the 4♠'s trick."""
    page = solo_table(browser, server.base)
    pass_three(page)
    assert wait_for_my_turn(page)
    play_first_playable(page)
    assert wait_for_my_turn(page)  # the next trick: none of the player's cards in it yet
    page.reload()
    page.wait_for_selector("#play:not([hidden])")
    page.wait_for_function("() => /took the last trick/.test(document.getElementById('table-news').textContent)")
    news = page.text_content("#table-news") or ""
    assert re.fullmatch(r"(You|Computer \d \(easy\)) took the last trick(: \d+ points?)?\.", news), news
    # Once another trick is won it is old news: a play-test's page still said "Anna took the last trick" under a trick
    # it had just shown taken by the player (a card played by the page before the reload came after the welcome).
    play_first_playable(page)
    page.wait_for_selector("#trick.won", timeout=30_000)
    assert "took the last trick" not in (page.text_content("#table-news") or "")
    assert page.errors == []
    page.context.close()
