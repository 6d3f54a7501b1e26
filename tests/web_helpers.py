"""Shared by the web client's browser tests: pages, clicking a fanned hand, and the checks for names and language.

``test_web_client.py`` (tables, two browsers, German by keyboard) and
``test_web_learn.py`` (the guided deal, spectators, the step between deals)
drive the same pages the same way.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Error as PlaywrightError

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
# Where a person clicks a card of a fanned hand: its corner, the part the next card does not cover.
CORNER = {"x": 9, "y": 30}

# English texts that must not appear on a German page (whole words, case-sensitive).
ENGLISH = [
    "Your turn",
    "Your hand",
    "Score sheet",
    "Total",
    "Hint",
    "Send",  # ("Chat" is German as well: the German panel's title)
    "Players",
    "Rules",
    "Create the table",
    "Winner",
    "Winners",
    "Game over",
    "points",
    "point",
    "trick",
    "tricks",
    "Fair shuffle",
    "medium",
    "easy",
    "Invite",
    "Ready to play",
    "Seats",
    "empty",
    "Choose",
    "Pass",
    "to the left",
    "to the right",
    "dealer",
    "Deal",
    "Thanks",
    "Good luck",
    "Well played",
    "Message",
    "Continue",
    "Copy the link",
    "Start the game",
    "Your name",
    "Game ends",
    "checked",
    "Shooting the moon",
    "computer players",
    "to play",
    "You",
    # the guided deal
    "Learn the game",
    "guided deal",
    "Guided deal",
    "The table",
    "What may you do",
    "What it costs",
    "Whose turn",
    "Allowed",
    "Not allowed",
    "follow suit",
    "about",
    "Tip",
    "kitty",
    "counted in public",
    "Fewest points",
    "Together",
    "the computer player",
]

ACCESSIBLE_NAMES = """() => {
  const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length) && !el.closest('[aria-hidden=true]');
  const nameOf = (el) => {
    if (el.getAttribute('aria-label')) return el.getAttribute('aria-label');
    const by = el.getAttribute('aria-labelledby');
    if (by) return by.split(' ').map((id) => document.getElementById(id)?.textContent || '').join(' ');
    if (el.id) { const label = document.querySelector(`label[for="${el.id}"]`); if (label) return label.textContent; }
    const wrapping = el.closest('label'); if (wrapping) return wrapping.textContent;
    if (el.tagName === 'SELECT') return '';
    return el.textContent || el.getAttribute('title') || '';
  };
  const selector = 'button, a[href], input, select, textarea, [role=button], [tabindex], .card, [role=img], [role=group], [role=toolbar], [role=region]';
  return [...document.querySelectorAll(selector)].filter(visible)
    .map((el) => ({tag: el.tagName, id: el.id, cls: el.className, name: nameOf(el).trim()}));
}"""


# The player's card speed a test's browser starts with, as if chosen at its table (the page keeps it in storage):
# "fast" lays the cards and holds a finished trick for a third of the usual pauses, which the whole-deal tests spend
# most of their time in; the test of those pauses asks for the page's own (None).
START_SPEED = (
    """(speed) => { try { if (!localStorage.getItem('blackmaria:speed')) localStorage.setItem('blackmaria:speed', speed); } catch {} }"""
)


def new_page(
    browser: Any,
    viewport: dict[str, int],
    locale: str = "en-US",
    speed: str | None = "fast",
    reduced_motion: bool = True,
    autoplay: bool = False,
) -> Any:
    """A page in a fresh browser context (its own storage), with reduced motion and the card speed ``speed`` (None: the
    page's own), and without the autoplay of forced cards unless ``autoplay`` (the tests play each card they mean to,
    where the page's default would play a forced one for them); script errors are collected in ``page.errors``."""
    context = browser.new_context(
        viewport=viewport, locale=locale, reduced_motion="reduce" if reduced_motion else "no-preference", is_mobile=viewport is PHONE
    )
    if speed is not None:
        context.add_init_script(f"({START_SPEED})({speed!r})")
    if not autoplay:
        context.add_init_script(
            "try { if (!localStorage.getItem('blackmaria:autoplay')) localStorage.setItem('blackmaria:autoplay', 'off'); } catch {}"
        )
    page = context.new_page()
    page.set_default_timeout(30_000)  # generous: CI machines are small and shared
    # Every script error on the page fails the test that opened it.
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return page


# A point where a card of the fanned hand shows, well inside what the next card leaves uncovered: the cards are
# tilted, so a fixed corner of the box around a card can lie on its neighbour.
VISIBLE_POINT = """(n) => {
  const r = n.getBoundingClientRect();
  const hits = (x, y) => { const e = document.elementFromPoint(x, y); return !!e && e.closest('.card') === n; };
  for (let y = r.top + 24; y < r.bottom - 24; y += 4)
    for (let x = r.left + 5; x < r.right - 5; x += 3)
      if (hits(x, y) && hits(x - 5, y) && hits(x + 5, y) && hits(x, y - 14) && hits(x, y + 14)) return {x, y};
  return null;
}"""


def click_card(card: Any, timeout: float = 10_000) -> None:
    """Click a card of the hand where a person would: on the part of it that shows.

    A card found by its place in the hand is found again by its name, so a hand drawn anew meanwhile (another
    seat's pass or play told) clicks the same card rather than fail on the element the redraw replaced.
    """
    name = card.get_attribute("data-card", timeout=timeout)
    if name:
        card = card.page.locator(f"#hand .card[data-card='{name}']")
    for attempt in range(3):
        try:
            card.scroll_into_view_if_needed(timeout=timeout)
            break
        except PlaywrightError as error:  # replaced by a redraw while it was being scrolled to: found again
            if "not attached" not in str(error) or attempt == 2:
                raise
    point = card.evaluate(VISIBLE_POINT)
    if point is None:
        last = card.evaluate("n => n === n.parentElement.lastElementChild")
        card.click(position=None if last else CORNER, timeout=timeout)
    else:
        card.page.mouse.click(point["x"], point["y"])


def wait_for_app(page: Any, condition: str, timeout: float = 30_000) -> None:
    """Wait until ``condition``, a JavaScript expression over the page's ``app`` (its state module's), holds.

    (``wait_for_function`` does not await a promise: one that imports the module is truthy at once, and passes.)"""
    page.evaluate("() => import('/static/state.js').then((m) => { window.pageApp = m.app; })")
    page.wait_for_function(f"() => {{ const app = window.pageApp; return Boolean({condition}); }}", timeout=timeout)


def hand(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("#hand .card", "nodes => nodes.map(n => n.dataset.card)"))


def unnamed(page: Any) -> list[dict[str, str]]:
    """Visible interactive elements and cards without an accessible name."""
    return [item for item in page.evaluate(ACCESSIBLE_NAMES) if not item["name"]]


def english_on(page: Any) -> list[str]:
    """The English words of ``ENGLISH`` in the page's visible text and its ``aria-label``s."""
    text = page.evaluate(
        "() => document.body.innerText + ' ' + [...document.querySelectorAll('[aria-label]')].map(n => n.getAttribute('aria-label')).join(' ')"
    )
    return [word for word in ENGLISH if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text)]


def sheet_row(page: Any, deal: int) -> list[int]:
    """The points of deal ``deal`` (from 1) on the score sheet, seat by seat."""
    cells = page.eval_on_selector_all(f"#sheet-table tbody tr[data-deal='{deal}'] td", "c => c.map(x => x.textContent)")
    return [int(x) for x in cells]


def sheet_totals(page: Any) -> list[int]:
    return [int(x) for x in page.eval_on_selector_all("#sheet-table tfoot td", "c => c.map(x => x.textContent)")]
