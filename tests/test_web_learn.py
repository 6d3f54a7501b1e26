"""The guided deal in the browser, end to end: a real ``blackmaria serve`` process and headless Debian chromium.

From the lobby's "Learn the game" a learner starts a one-deal table against
medium computer players and plays it to the end by clicking. At every decision
the page has asked the server to ``explain`` it and shows the three parts; the
cards it names as forbidden are exactly the cards the hand dims, the allowed
ones exactly the raised ones. After the deal the public count is drawn card by
card and its points equal the score sheet. The same in German, with no English
on the page. Screenshots go to ``build/screenshots/web-learn-*.png`` (``make screenshots``: ``docs/screenshots``).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from blackmaria.cards import parse_card
from browser import SCREENSHOTS, chromium, needs_chromium
from test_server_helpers import Server, running_server
from test_web_table import WATCH_TRICK_APART
from web_helpers import DESKTOP, PHONE, click_card, english_on, hand, new_page, sheet_row, sheet_totals, unnamed

pytestmark = needs_chromium

LEARN_SHOT = {"width": 1280, "height": 1000}
# The explanation shown for the decision now (the panel's mode names the decision and the language).
EXPLAINED = "() => (document.getElementById('learn').dataset.mode || '').startsWith('x:')"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("learn") / "tables.sqlite3") as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as running:
        yield running


def cards_in(page: Any, selector: str) -> set[str]:
    return set(page.eval_on_selector_all(selector, "nodes => nodes.map(n => n.dataset.card)"))


@dataclass
class Lesson:
    """What a guided deal showed: each decision's kind, the rules named for forbidden cards, the tips, the feedback."""

    decisions: list[str] = field(default_factory=list)
    choices: list[bool] = field(default_factory=list)
    """Whether each decision had more than one card to choose from (a forced card gets no feedback)."""
    rules: set[str] = field(default_factory=set)
    tips: set[str] = field(default_factory=set)
    costs_shown: int = 0
    pass_costs_shown: int = 0
    by_suit_shown: int = 0
    feedback: set[str] = field(default_factory=set)


def start_learning(page: Any, base: str, preset: str, name: str) -> None:
    page.goto(f"{base}/")
    page.wait_for_selector(f"#learn-preset option[value='{preset}']", state="attached")
    page.select_option("#learn-preset", preset)
    page.fill("#learn-name", name)
    page.click("#learn-start")
    page.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+$"))
    # The table page draws its title once the server's welcome is in (slow on a loaded machine).
    page.wait_for_function("() => document.getElementById('table-title').textContent.length > 0", timeout=30_000)


def pass_first_three(page: Any) -> None:
    """At the guided deal's pass, once explained: the first three cards of the hand passed."""
    page.wait_for_function(EXPLAINED, timeout=30_000)
    for card in page.locator("#hand .card:not(.dim)").all()[:3]:
        click_card(card)
    page.click("#pass-button")


def check_decision(page: Any, lesson: Lesson, passing: bool) -> None:
    """The three parts are shown, and what they allow and forbid is what the hand raises and dims."""
    page.wait_for_function(EXPLAINED, timeout=20_000)
    parts = page.eval_on_selector_all("#learn-body .learn-part h4", "nodes => nodes.map(n => n.textContent.trim())")
    assert len(parts) == 3, parts
    assert page.locator("#learn-body .whose-turn").count() == 1
    forbidden = cards_in(page, "#learn-body .card-group.refused .card")
    assert forbidden == cards_in(page, "#hand .card.dim"), "the panel's forbidden cards are the hand's dimmed cards"
    allowed = cards_in(page, "#learn-body .card-group.allowed .card")
    assert allowed | forbidden == set(hand(page))
    lesson.choices.append(passing or len(allowed) > 1)
    if not passing:
        assert allowed == cards_in(page, "#hand .card.playable")
    for group in page.locator("#learn-body .card-group.refused").all():
        lesson.rules.add(group.get_attribute("data-rule") or "")
        assert (group.locator(".group-label b").text_content() or "").strip(), "each forbidding rule is named"
    lesson.tips |= set(page.eval_on_selector_all("#learn-body .tip", "nodes => nodes.map(n => n.dataset.tip)"))
    # a row a card, or many leads or discards a row a suit, each card with its cost
    rows = page.locator("#learn-body table.costs:not(.passes, .by-suit) tbody tr[data-card], #learn-body table.by-suit .suit-cost").count()
    if rows:
        assert rows == len(allowed), "a likely cost for every allowed card"
        lesson.by_suit_shown += page.locator("#learn-body table.by-suit").count()
        lesson.costs_shown += 1
    passes = page.locator("#learn-body table.passes tbody tr")
    if passes.count():
        # The searched pass: the passes compared, cheapest first, the computer player's among them and marked.
        assert passing and passes.count() >= 2 and page.locator("#learn-body table.passes tr.advised").count() == 1
        lesson.pass_costs_shown += 1
    # The bars of the costs: a cheaper one never longer, and the cheapest at least 3/5 of the dearest where the costs
    # lie close (9.0 points drew half of 10.4's bar, a difference of chance drawn large: a play-test).
    for table in page.locator("#learn-body table.costs").all():
        bars = table.evaluate(BARS)
        if len(bars) >= 2:
            bars.sort()
            assert all(a[1] <= b[1] + 0.5 for a, b in zip(bars, bars[1:], strict=False)), bars
            (best, shortest), (worst, longest) = bars[0], bars[-1]
            assert shortest >= min(0.6, (best - 0.05) / (worst + 0.05)) * longest - 1, bars  # (the numbers shown to 0.1)
    lesson.decisions.append("pass" if passing else "play")


# Each cost's number and the width of its bar shown (the track less its cover), in pixels.
BARS = """(table) => [...table.querySelectorAll('td.cost')].map((cell) => {
  const track = cell.querySelector('.bar-track').getBoundingClientRect().width;
  const cover = cell.querySelector('.bar-cover').getBoundingClientRect().width;
  return [Number(cell.querySelector('.cost-text').textContent.replace(',', '.').match(/[0-9.]+/)[0]), track - cover];
})"""


def play_guided_deal(
    page: Any,
    lesson: Lesson,
    shots: dict[str, Any] | None = None,
    other_pass: bool = False,
    from_panel: bool = False,
    lowest_pass: bool = False,
) -> None:
    """Decide until the game is over: the computer player's pass (``other_pass``: the cheapest other pass the panel
    shows; ``lowest_pass``: the three lowest cards, a pass the search seldom compares), then the cheapest card by the
    panel's costs (``from_panel``: played from the panel's table, as a phone's player does where the explanation lies
    below the hand)."""
    deadline = time.monotonic() + 180
    while not page.locator("#result:not([hidden])").count() > 0:
        assert time.monotonic() < deadline, f"the guided deal did not finish in time: {page.text_content('#turn-line')}"
        feedback = page.text_content("#learn-feedback") or ""
        if feedback:
            lesson.feedback.add(feedback)
        if page.locator("#pass-bar").is_visible():
            check_decision(page, lesson, passing=True)
            advice = cards_in(page, "#learn-body .reasons .card")
            # The hint of a guided deal is its explanation's advice: the two never disagree.
            page.click("#hint-button")
            page.wait_for_selector("#hand .card.hinted")
            assert cards_in(page, "#hand .card.hinted") == advice
            assert (page.text_content("#hint-text") or "").startswith(("Hint: ", "Tipp: "))
            # and its cards are chosen, so Pass passes them (a play-test clicked them one by one after the hint)
            assert cards_in(page, "#hand .card.selected") == advice
            chosen = advice
            if other_pass:  # the first row that is not the advice
                chosen = set(
                    page.eval_on_selector(
                        "#learn-body table.passes tbody tr:not(.advised)",
                        "row => [...row.querySelectorAll('.card')].map(n => n.dataset.card)",
                    )
                )
            if lowest_pass:
                chosen = set(sorted(cards_in(page, "#hand .card"), key=parse_card)[:3])
            # Another pass: the hint's cards it does not keep are put back first, then its own are chosen.
            for card in sorted(advice - chosen) + sorted(chosen - advice):
                click_card(page.locator(f"#hand .card[data-card='{card}']"))
            assert cards_in(page, "#hand .card.selected") == chosen
            page.click("#pass-button")
            page.wait_for_selector("#pass-bar", state="hidden")
            # The word on the pass is the server's analysis: read before the first card's replaces it (on a loaded
            # machine it came after the first card was shown, and a fresh-clone run missed it).
            page.wait_for_function("() => document.getElementById('learn-feedback').textContent.length > 0", timeout=30_000)
            if lowest_pass:  # the costs of a pass the search did not compare come a moment later, from the server
                page.wait_for_function(
                    "() => /about|same cards/.test(document.getElementById('learn-feedback').textContent)", timeout=30_000
                )
            lesson.feedback.add(page.text_content("#learn-feedback") or "")
            continue
        if not page.locator("#hand .card.playable").count():
            page.wait_for_timeout(30)
            continue
        check_decision(page, lesson, passing=False)
        # From the decision "at" on, once the one before it had a choice: a forced card has no feedback to read (the
        # deal is shuffled afresh each run, and a fresh-clone run met a forced first card).
        if shots and not shots.get("taken") and len(lesson.decisions) >= shots["at"] and lesson.choices[-2]:
            shots["taken"] = True
            for shot in shots["take"]:
                shot()
        # the first row of a card a row (cheapest first), or the computer player's choice among many by suit
        cheapest = page.locator("#learn-body table.costs:not(.by-suit) tbody tr, #learn-body table.by-suit .suit-cost.advised").first
        card = (
            cheapest.get_attribute("data-card")
            if cheapest.count()
            else page.locator("#hand .card.playable").first.get_attribute("data-card")
        )
        if from_panel and cheapest.count():
            button = cheapest.locator("button.play-here")
            assert re.fullmatch(r".+ (spielen)|Play .+", button.get_attribute("aria-label") or ""), button.get_attribute("aria-label")
            button.click()
        else:
            click_card(page.locator(f"#hand .card[data-card='{card}']"))
        page.wait_for_function(f"() => !document.querySelector('#hand [data-card=\"{card}\"]')")


def check_count(page: Any) -> list[int]:
    """The public count at the end: every seat's scoring cards drawn, its points equal to the score sheet."""
    page.wait_for_selector("#learn-body .count-rows")
    counted = [int(x) for x in page.eval_on_selector_all("#learn-body .count-row", "rows => rows.map(r => r.dataset.points)")]
    assert counted == sheet_row(page, 1) == sheet_totals(page)
    values = page.eval_on_selector_all(
        "#learn-body .count-row", "rows => rows.map(r => [...r.querySelectorAll('.card')].reduce((s, c) => s + Number(c.dataset.value), 0))"
    )
    moon = page.locator("#learn-body .count-notes p").all_text_contents()
    if not any("moon" in line or "Mond" in line for line in moon):
        assert values == counted, "without a moon each seat's points are its cards' values"
    assert page.locator("#learn-body .count-row .card").count() >= 1
    return counted


@needs_chromium
def test_the_guided_deal_in_english_explains_every_decision_and_counts_in_public(server: Server, browser: Any) -> None:
    started = time.monotonic()
    page = new_page(browser, DESKTOP)
    start_learning(page, server.base, "hearts", "Ada")
    assert "Guided deal" in (page.text_content("#table-title") or "")
    page.wait_for_selector("#learn:not([hidden])")
    # Every card is the learner's to play: no box offering to play a forced one (it showed ticked, doing nothing).
    assert not page.is_visible("label.autoplay")
    assert page.locator("#seat-link").is_hidden()  # nor the offer to play the seat on another device (a lesson of one deal)
    # Before the first decision, how the game works (a play-test met points to compare before it was said what they
    # are, what a trick is, or when the game ends): the aim, the cards' points, a trick, the end.
    page.wait_for_function(EXPLAINED, timeout=20_000)
    assert page.text_content("#learn-body .learn-basics h3") == "How the game works"
    basics = page.locator("#learn-body .learn-basics li").all_text_contents()
    assert basics[0].startswith("The aim: take as few points as possible.") and basics[1].startswith("Scoring: each heart 1, Q♠ 13")
    # Hearts' rules that change the aim or what may be played, before they come up (a learner never read of the moon)
    assert basics[2].startswith("Shooting the moon: whoever takes every penalty card scores 0")
    assert basics[3].startswith("A trick: ") and "no trumps" in basics[3]
    assert basics[4].startswith("Whoever holds the lowest club") and basics[5].startswith("Hearts may not be led until")
    assert basics[6].startswith("On the first trick nobody may play a card that scores") and basics[7].startswith(
        "The game ends after 1 deal"
    )
    # Under the basics the advice in one sentence stands in sight (the third part, below, is the panel's to scroll to)
    short = page.evaluate("() => document.querySelector('#learn-body .learn-short').getBoundingClientRect().bottom")
    assert short <= page.evaluate("() => document.getElementById('learn').getBoundingClientRect().bottom") and short <= DESKTOP["height"]
    lesson = Lesson()
    phone = new_page(browser, PHONE)

    def desktop_shot() -> None:
        # A little taller than the other desktop pictures, so that the panel's three parts show whole.
        page.set_viewport_size(LEARN_SHOT)
        page.wait_for_timeout(100)
        page.screenshot(path=str(SCREENSHOTS / "web-learn-desktop.png"))
        page.set_viewport_size(DESKTOP)

    def phone_shot() -> None:
        # The same table on a phone (the same seat, by its token): the panel comes under the table.
        token = page.evaluate("() => Object.entries(localStorage).filter(([k]) => k.startsWith('blackmaria:'))")
        phone.goto(server.base + "/")
        phone.evaluate("entries => entries.forEach(([k, v]) => localStorage.setItem(k, v))", token)
        phone.goto(page.url)
        phone.wait_for_function(EXPLAINED, timeout=20_000)
        # The advice in one sentence, in the first screen (a play-test saw only the panel's heading there), on a
        # desktop too (another saw "3 What it costs" cut off in the panel, the advice under it).
        short = phone.locator("#learn-body .learn-short")
        assert (short.text_content() or "").startswith("In short: ") and page.locator("#learn-body .learn-short").is_visible()
        assert phone.evaluate("() => document.querySelector('#learn-body .learn-short').getBoundingClientRect().bottom") <= PHONE["height"]
        # The whole page down to the end of the panel: the table, the hand, then the three parts under them.
        bottom = phone.evaluate("() => Math.ceil(document.getElementById('learn').getBoundingClientRect().bottom + window.scrollY + 8)")
        phone.screenshot(
            path=str(SCREENSHOTS / "web-learn-phone.png"), full_page=True, clip={"x": 0, "y": 0, "width": PHONE["width"], "height": bottom}
        )

    play_guided_deal(page, lesson, shots={"at": 4, "take": [desktop_shot, phone_shot]}, lowest_pass=True)
    assert lesson.decisions[0] == "pass" and lesson.decisions.count("play") == 13
    # The three lowest cards, a pass the search did not compare (mostly): the server plays it out beside the advice.
    passed = [line for line in lesson.feedback if line.startswith("You passed")]
    assert passed and all(
        re.fullmatch(
            r"You passed the same cards the computer player would\.|You passed .+: about [\d.]+ points at the end of the deal; the "
            r"computer player's pass, .+: about [\d.]+ points"
            r"(\.| \(the two played out again on the same 1,000 simulated deals\)\. You kept .+\.)",
            line,
        )
        for line in passed
    ), passed
    assert "follow-suit" in lesson.rules, lesson.rules
    assert lesson.costs_shown >= 3 and lesson.pass_costs_shown == 1
    assert any(re.match(r"You chose .+: about [\d.]+ points", line) for line in lesson.feedback), lesson.feedback
    check_count(page)
    assert "counted in public" in (page.text_content("#learn-body h3") or "")
    # Two ways on, not three: another guided deal or a real game (a play-test found "Play another game" beside them).
    assert page.locator("#new-game").is_hidden() and page.locator(".learn-links a").count() == 2
    # The focus on the first of them, the count's heading in sight (a play-test's focus was on the page).
    page.wait_for_function("() => document.activeElement.textContent === 'Learn another deal'")
    assert page.evaluate(
        "() => { const r = document.querySelector('#learn-body h3').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"
    )
    # and the panel's own heading, clear of the top bar (a play-test's "Guided deal" lay under it)
    page.wait_for_timeout(600)  # (the smooth scroll's end)
    heading, bar = page.locator("#learn-heading").bounding_box(), page.locator(".topbar").bounding_box()
    assert heading["y"] >= bar["y"] + bar["height"], (heading, bar)
    page.locator("#learn").screenshot(path=str(SCREENSHOTS / "web-learn-count.png"))
    assert unnamed(page) == []
    assert page.errors == [] and phone.errors == []
    assert time.monotonic() - started < 60
    # Another deal starts at once, of the same rules (a play-test's link led back to the lobby's form).
    first = page.url
    page.click(".learn-links a >> nth=0")
    page.wait_for_function(f"() => location.href !== {first!r} && location.pathname.startsWith('/t/')")
    page.wait_for_function(EXPLAINED, timeout=20_000)
    assert "Guided deal" in (page.text_content("#table-title") or "") and "Hearts" in (page.text_content("#table-title") or "")
    assert page.locator("#learn-body .learn-basics").count() == 1
    page.context.close()
    phone.context.close()


@needs_chromium
def test_on_a_phone_the_advice_stands_above_the_word_on_the_last_decision(server: Server, browser: Any) -> None:
    """A play-test's phone, at trick 1: the verdict on the pass stood above "In short: ...", which went below the first
    screen (857-942 px on an 844 px screen)."""
    page = new_page(browser, PHONE)
    start_learning(page, server.base, "black-maria", "Ada")
    pass_first_three(page)
    page.wait_for_function(
        "() => document.querySelector('#hand .card.playable') && document.getElementById('learn-feedback').textContent !== ''",
        timeout=60_000,
    )
    page.wait_for_function(EXPLAINED, timeout=30_000)
    short = page.evaluate("() => document.querySelector('#learn-body .learn-short').getBoundingClientRect().toJSON()")
    feedback = page.evaluate("() => document.getElementById('learn-feedback').getBoundingClientRect().toJSON()")
    assert short["bottom"] <= feedback["top"] and short["bottom"] <= PHONE["height"], (short, feedback)
    # Under the decision's heading, so that the advice is read as this decision's (a play-test read "In short: play
    # 9♦" above the heading as the verdict on its last card).
    heading = page.evaluate("() => document.querySelector('#learn-body > h3').getBoundingClientRect().toJSON()")
    assert heading["bottom"] <= short["top"], (heading, short)
    # On the guided deal's lower felt the trick's cards lie apart (a play-test's K♦ hid half the Q♦ before it).
    page.evaluate(WATCH_TRICK_APART)
    deadline = time.monotonic() + 120
    while page.evaluate("window.fullTricks") < 2:
        assert time.monotonic() < deadline, "two tricks were not played in time"
        playable = page.locator("#hand .card.playable")
        if playable.count():
            card = playable.first.get_attribute("data-card")
            click_card(playable.first)
            page.wait_for_function(f"() => !document.querySelector('#hand [data-card=\"{card}\"]')")
        else:
            page.wait_for_timeout(50)
    assert page.evaluate("window.overlaps") == []
    assert page.errors == []
    page.context.close()


# Every moment a won trick is held on the felt: its winner's name, its last card's seat and what the panel says.
HELD_WATCH = """() => import('/static/state.js').then(({ app, seatName }) => {
  window.held = [];
  new MutationObserver(() => {
    if (app.heldWon === null || app.wonLanding || !app.view) return;
    const trick = app.view.tricks[app.heldWon.trick];
    const wait = document.querySelector('#learn-body .learn-wait');
    if (trick && trick.plays.length) window.held.push([app.heldWon.seat, trick.plays[trick.plays.length - 1][0], seatName(app.heldWon.seat), wait ? wait.textContent : '']);
  }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
})"""


@needs_chromium
def test_while_a_won_trick_is_held_the_panel_names_its_winner_to_play_next(server: Server, browser: Any) -> None:
    """A guided deal's panel said "Computer 2 (medium) to play" under "Computer 3 (medium) wins the trick": the seat
    of the trick's last card stayed the one to play through the pause after it. The winner leads next."""
    page = new_page(browser, DESKTOP)
    start_learning(page, server.base, "hearts", "Ada")
    page.evaluate(HELD_WATCH)
    page.evaluate("() => import('/static/state.js').then((m) => { m.TIMING.hold = 600; })")
    pass_first_three(page)

    def apart() -> list[Any]:  # the holds of tricks whose last card was not the winner's, the panel saying who plays
        return [row for row in page.evaluate("window.held") if row[0] != row[1] and row[3]]

    deadline = time.monotonic() + 150
    while len(apart()) < 3 and time.monotonic() < deadline:
        playable = page.locator("#hand .card.playable")
        if playable.count() and page.evaluate(EXPLAINED):
            card = playable.first.get_attribute("data-card")
            click_card(playable.first)
            page.wait_for_function(f"() => !document.querySelector('#hand [data-card=\"{card}\"]')")
        else:
            page.wait_for_timeout(50)
    assert len(apart()) >= 3, page.evaluate("window.held")
    assert all(name in said for _, _, name, said in apart()), apart()
    assert page.errors == []
    page.context.close()


@needs_chromium
def test_a_reload_keeps_the_word_on_the_learners_last_decision(server: Server, browser: Any) -> None:
    """A play-test reloaded the guided deal after a card: "You chose Q♠ ... 8♠ would have cost about 13.9" was gone."""
    page = new_page(browser, DESKTOP)
    start_learning(page, server.base, "black-maria", "Ada")
    pass_first_three(page)
    said = "() => /^You (passed|chose) .*about/.test(document.getElementById('learn-feedback').textContent)"  # (with costs)
    for step in ("pass", "card"):
        page.wait_for_function("() => document.querySelector('#hand .card.playable')", timeout=60_000)
        page.wait_for_function(said, timeout=30_000)
        before = page.text_content("#learn-feedback")
        page.reload()
        page.wait_for_function("() => document.querySelector('#hand .card.playable')", timeout=30_000)
        page.wait_for_function(said, timeout=10_000)
        assert page.text_content("#learn-feedback") == before, step
        while step == "pass":  # a card with a choice (a forced one gets no word): then its word, and a reload
            page.wait_for_function("() => document.querySelector('#hand .card.playable')", timeout=60_000)
            page.wait_for_function(EXPLAINED, timeout=30_000)
            playable = page.locator("#hand .card.playable")
            choice = playable.count() > 1
            name = playable.first.get_attribute("data-card")
            click_card(playable.first)
            page.wait_for_function(f"() => !document.querySelector('#hand [data-card=\"{name}\"]')")
            if choice:
                page.wait_for_function(
                    "() => document.getElementById('learn-feedback').textContent.startsWith('You chose')", timeout=30_000
                )
                break
    assert page.errors == []
    page.context.close()


@needs_chromium
def test_the_pages_word_on_a_card_says_how_often_each_took_the_trick_as_the_terminal_does(server: Server, browser: Any) -> None:
    """Two cards that both beat the trick, told apart by the simulated deals: the page says how often each took the
    trick and its points in it, in the terminal's very words (both render the server's explanation)."""
    from dataclasses import replace

    from blackmaria.cards import card_name
    from blackmaria.teaching import Option, explanation_lines
    from test_terminal_app import _guided_at_a_choice

    session, explanation = _guided_at_a_choice()
    low, high = explanation.legal[0], explanation.legal[1]
    beats = (Option(high, 0, "beats", 2.0, None, 0.03, 0.1), Option(low, 0, "beats", 5.0, None, 0.56, 1.46))
    x = replace(explanation, options=beats, advice=(high,))
    page = new_page(browser, DESKTOP)
    start_learning(page, server.base, "hearts", "Ada")
    show = """([x, card]) => import('/static/state.js').then(async ({ app }) => {
        app.feedback = { x, mine: { type: "CardPlayed", card } };
        (await import('/static/learn.js')).showFeedback();
    })"""
    page.evaluate(show, [x.to_dict(), card_name(low)])
    said = page.text_content("#learn-feedback")
    assert said == session._play_feedback(x, low) and "this trick went to you with" in said and "in 56% of them" in said, said
    # The cheaper card dearer in this trick (then where it gains is said), and a difference that is chance (said so
    # before any count of the trick), as the terminal says them.
    dearer_now = (Option(high, 0, "beats", 2.0, 0.5, 0.9, 2.7), Option(low, 0, "beats", 5.0, None, 0.65, 2.0))
    chance = (Option(high, 0, "beats", 2.0, 0.0, 0.9, 2.7), Option(low, 0, "beats", 2.4, 0.5, 0.65, 2.0))
    queen_now = (Option(high, 0, "ducks", 13.5, 0.5, 0.0, 0.0), Option(low, 0, "takes", 15.0, None, 1.0, 13.0))
    cases = (
        (dearer_now, "costs more here and less"),
        (chance, "a difference this small is chance"),
        (queen_now, "11.5 points more in the tricks after"),
    )
    for options, words in cases:
        x = replace(explanation, options=options, advice=(high,))
        page.evaluate(show, [x.to_dict(), card_name(low)])
        said = page.text_content("#learn-feedback")
        assert said == session._play_feedback(x, low) and words in said, said
    # The table of costs says how often each card took the trick where its effect leaves it open, as the terminal's
    # explanation does ("another player may win the trick" beside a trick taken 84% of the time read as its undoing).
    may_win = (Option(high, 0, "lead-low", 2.0, None, 0.84, 1.0), Option(low, 0, "lead-high", 5.0, None, 1.0, 2.0))
    x = replace(explanation, options=may_win, advice=(high,))
    page.wait_for_function(EXPLAINED, timeout=60_000)  # (the pass's: its place taken by this one, drawn again)
    shown = """(x) => import('/static/state.js').then(async ({ app }) => {
        app.explanation = { ...app.explanation, explanation: x };  // (the server's message holds it)
        document.getElementById("learn").dataset.mode = "";
        (await import('/static/learn.js')).renderLearn();
        return [...document.querySelectorAll("#learn table.costs td.effect")].map((cell) => cell.textContent);
    })"""
    cells = page.evaluate(shown, x.to_dict())
    lines = [line.strip() for line in explanation_lines(x) if card_name(high) in line or session.t.card(high) in line]
    assert cells[0].endswith("; you took the trick in 84% of them") and cells[0] in " ".join(lines), (cells, lines)
    assert "took the trick" not in cells[1]  # (always: its effect says it wins)
    # Never, where the card leaves the trick open, is said too, as the terminal says it (a play-test read 4♣ "holds
    # the trick for now" bare beside 6♣'s 5%).
    never = (Option(high, 0, "beats", 2.0, None, 0.0, 0.0), Option(low, 0, "lead-high", 5.0, None, 1.0, 2.0))
    x = replace(explanation, options=never, advice=(high,))
    cells = page.evaluate(shown, x.to_dict())
    lines = [line.strip() for line in explanation_lines(x) if card_name(high) in line or session.t.card(high) in line]
    assert cells[0].endswith("; another player took the trick in every one of them") and cells[0] in " ".join(lines), (cells, lines)
    assert page.errors == []
    page.context.close()


@needs_chromium
def test_the_guided_deal_in_german_shows_no_english(server: Server, browser: Any) -> None:
    page = new_page(browser, DESKTOP, locale="de-DE")
    page.goto(f"{server.base}/")
    page.wait_for_selector("#learn-preset option[value='black-maria']", state="attached")
    assert page.input_value("#learn-preset") == "black-maria"
    # Named apart from the table form's fields (a keyboard play-test heard two "Regeln" and two "Dein Name").
    assert page.get_by_label("Regeln des Lernspiels").count() == 1 and page.get_by_label("Dein Name im Lernspiel").count() == 1
    assert "Das Spiel lernen" in (page.text_content("#learn-form h2") or "")
    # Pointed to from the top of the start page (on a phone the guided deal is a screen below the table's form).
    pointer = page.locator(".learn-pointer a")
    assert (
        pointer.text_content() == "Neu im Spiel? Ein Lernspiel erklärt dir jede Entscheidung."
        and pointer.get_attribute("href") == "#learn-form"
    )
    assert english_on(page) == []
    start_learning(page, server.base, "black-maria", "Jürgen")
    # A hint asked at once, before the explanation is in (mostly), waits for it: it is the explanation's advice.
    page.wait_for_selector("#pass-bar:not([hidden])")
    page.click("#hint-button")
    page.wait_for_function(EXPLAINED, timeout=20_000)
    page.wait_for_selector("#hand .card.hinted")
    assert cards_in(page, "#hand .card.hinted") == cards_in(page, "#learn-body .reasons .card")
    assert (page.text_content("#hint-text") or "").startswith("Tipp: ")
    assert page.text_content("#learn-body .learn-basics h3") == "So geht das Spiel"
    lesson = Lesson()
    checked: list[list[str]] = []

    def no_english() -> None:
        checked.append(english_on(page))

    def feedback_follows_the_language() -> None:
        # A play-test: after a switch of language the feedback line stayed in the language it was said in.
        # (The feedback on the decision before is the server's analysis: on a loaded machine it may come a moment
        # after the next decision is shown.)
        page.wait_for_function("() => document.getElementById('learn-feedback').textContent.startsWith('Du ')", timeout=20_000)
        page.wait_for_selector("#learn-body .learn-short", timeout=20_000)  # the decision's explanation is shown
        for words, short in (("You ", "In short: "), ("Du ", "Kurz: ")):
            page.click("#lang-switch")
            page.wait_for_function(f"() => document.getElementById('learn-feedback').textContent.startsWith({words!r})")
            # and the explanation's own words, the server's, asked again (a play-test's "Kurz: Win the trick with Q♥")
            page.wait_for_function(
                f"() => (document.querySelector('#learn-body .learn-short') || {{}}).textContent?.startsWith({short!r})"
                " && /^In short: [A-Z]|^Kurz: [A-ZÄÖÜ]/.test(document.querySelector('#learn-body .learn-short').textContent)",
                timeout=20_000,
            )
            said = page.text_content("#learn-body .learn-short") or ""
            german_words = re.search(r"\b(der|die|das|Stich|simulierten|Punkte|mit)\b", said)
            english_words = re.search(r"\b(the|trick|simulated|points|with)\b", said)
            assert not (german_words if short == "In short: " else english_words), said

    play_guided_deal(page, lesson, shots={"at": 3, "take": [no_english, feedback_follows_the_language]}, other_pass=True, from_panel=True)
    assert checked == [[]]
    # Another pass than the computer player's, one it compared: both passes with their costs.
    assert any(
        re.match(r"Du hast .+ weitergegeben: etwa [\d,]+ Punkte am Ende des Spiels; der Computerspieler gäbe", line)
        for line in lesson.feedback
    ), lesson.feedback
    assert lesson.decisions[0] == "pass" and lesson.decisions.count("play") == 17
    assert any(re.match(r"Du hast .+ gewählt: ", line) for line in lesson.feedback), lesson.feedback
    check_count(page)
    assert "offen gezählt" in (page.text_content("#learn-body h3") or "")
    assert english_on(page) == []
    assert unnamed(page) == []
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize(("table", "english", "german"), [("learn", "Learner", "Lernender"), ("alone", "Player", "Spieler")])
def test_a_player_who_gave_no_name_is_named_in_the_pages_language(
    server: Server, browser: Any, table: str, english: str, german: str
) -> None:
    """The lobby names a learner who typed no name "Learner", a player alone against the computer "Player"; switched
    to German, the seat read "Learner" and "Player (du)" still (two play-tests)."""
    page = new_page(browser, DESKTOP)
    if table == "learn":
        start_learning(page, server.base, "black-maria", "")
    else:
        page.goto(f"{server.base}/")
        page.wait_for_selector("#preset option[value='black-maria']", state="attached")
        page.click("#create")  # alone against the computer by default, no name typed
        page.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+$"))
    mine = ".seat.me .name"
    page.wait_for_selector(mine)
    assert (page.text_content(mine) or "").startswith(f"{english} ")  # "Learner (you)"
    page.click("#lang-switch")
    page.wait_for_function(f"() => document.querySelector({mine!r}).textContent.startsWith('{german} ')")
    assert english not in (page.text_content("#felt") or "")
    page.click("#lang-switch")
    page.wait_for_function(f"() => document.querySelector({mine!r}).textContent.startsWith('{english} ')")
    assert page.errors == []
    page.context.close()


def test_the_guided_deal_screenshots_are_written() -> None:
    # Runs after the browser tests in this file (pytest keeps file order): the pictures docs/web.md shows.
    for name in ("web-learn-desktop.png", "web-learn-phone.png", "web-learn-count.png"):
        assert (SCREENSHOTS / name).stat().st_size > 10_000
