"""The table page renders what the server says, in real chromium: the texts of the server's catalog, the bot levels of
its registry, the observation's choices and refusals; and the host's pause, the count of spectators, the links between
the lobby and the scorekeeper.

Each test fails on a page that keeps its own copy: of the texts (i18n.js held them), of the levels, of the rules that
decide what may be clicked and why not.
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from blackmaria.locale.messages import CATALOG_DIR, MESSAGES
from browser import SCREENSHOTS, chromium, needs_chromium
from test_server_helpers import Server, running_server
from test_web_client import create_table
from test_web_table import WATCH_SOCKETS, pass_three, play_first_playable, solo_table, wait_for_my_turn
from web_helpers import DESKTOP, PHONE, click_card, new_page

pytestmark = needs_chromium

STATIC = Path(__file__).resolve().parent.parent / "src" / "blackmaria" / "web" / "static"
SUIT_WORDS = {0: "clubs", 1: "diamonds", 2: "hearts", 3: "spades"}


# Every state the server sends to the page, kept in window.states (the page itself keeps no global).
KEEP_STATES = """(() => {
  const Real = window.WebSocket;
  window.states = [];
  window.WebSocket = class extends Real {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener('message', (e) => { const m = JSON.parse(e.data); if (m.state) window.states.push(m.state); });
    }
  };
})();"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    program = f"{sys.executable} examples/bots/lowest_card.py"
    with running_server(tmp_path_factory.mktemp("web-served") / "tables.sqlite3", ["--bot", f"lowest={program}"]) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as running:
        yield running


def raw_keys_on(page: Any) -> list[str]:
    """Catalog keys the page asked for and lacks, and catalog keys that stand in its visible text or labels."""
    missing = page.evaluate("() => [...window.blackmariaMissingTexts]")
    text = page.evaluate(
        "() => document.body.innerText + ' ' + [...document.querySelectorAll('[aria-label]')].map(n => n.getAttribute('aria-label')).join(' ')"
    )
    shown = [key for key in MESSAGES if "_" in key and re.search(rf"(?<![\w-]){re.escape(key)}(?![\w-])", text)]
    return [*missing, *shown]


def test_a_catalog_key_written_twice_is_refused_by_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A key added again below its first text replaced that text without a word (json keeps the last)."""
    from blackmaria.locale import messages

    (tmp_path / "en.json").write_text('{"ske_over": "the game is over", "hint": "Hint", "ske_over": "over"}', encoding="utf-8")
    monkeypatch.setattr(messages, "CATALOG_DIR", tmp_path)
    with pytest.raises(ValueError, match=r"en\.json: the key 'ske_over' is written twice$"):
        messages.read_catalog("en")


def test_one_catalog_per_language_served_to_the_page_which_keeps_no_copy(server: Server, browser: Any) -> None:
    catalogs = {lang: json.loads((CATALOG_DIR / f"{lang}.json").read_text(encoding="utf-8")) for lang in ("en", "de")}
    assert catalogs["en"].keys() == catalogs["de"].keys()
    for lang, catalog in catalogs.items():
        served = server.http.get(f"/api/catalog/{lang}")
        assert served.status_code == 200 and catalog.items() <= served.json().items()
        # Cached: the same catalog again costs no body.
        assert server.http.get(f"/api/catalog/{lang}", headers={"If-None-Match": served.headers["etag"]}).status_code == 304
    assert server.http.get("/api/catalog/fr").json() == {"detail": "lang: 'fr' is not one of en, de"}
    # The page's scripts hold none of the catalog's sentences (i18n.js, app.js and score.js each held copies).
    scripts = "".join(path.read_text(encoding="utf-8") for path in STATIC.glob("*.js"))
    copies = [
        text
        for catalog in catalogs.values()
        for text in catalog.values()
        if len(text) > 15 and json.dumps(text, ensure_ascii=False) in scripts
    ]
    assert copies == []

    for locale in ("en-US", "de-DE"):
        page = new_page(browser, DESKTOP, locale=locale)
        page.add_init_script(WATCH_SOCKETS)
        page.goto(f"{server.base}/")
        page.wait_for_selector("#preset option", state="attached")
        assert raw_keys_on(page) == []
        create_table(page, server.base, "hearts", deals=1, bots=2, name="Cleo")  # the seating page: a seat is free
        assert raw_keys_on(page) == []
        page.click("#fill-bots")
        page.click("#start:not([disabled])")
        page.wait_for_selector("#pass-bar:not([hidden])")
        assert raw_keys_on(page) == []
        pass_three(page)
        wait_for_my_turn(page)
        assert raw_keys_on(page) == [] and page.errors == []
        if locale == "de-DE":
            page.screenshot(path=str(SCREENSHOTS / "web-table-desktop-de.png"))
        page.context.close()


def test_the_bot_levels_are_the_servers_registry_with_its_programs(server: Server, browser: Any) -> None:
    offered = server.http.get("/api/bots").json()
    page = new_page(browser, DESKTOP, locale="de-DE")
    page.goto(f"{server.base}/")
    page.wait_for_selector("#bot-level option[value='lowest']", state="attached")
    options = page.eval_on_selector_all("#bot-level option", "nodes => nodes.map(n => [n.value, n.textContent])")
    assert [value for value, _ in options] == [*offered["levels"], *offered["programs"]]
    assert ["medium", "mittel"] in options and ["lowest", "lowest"] in options  # a program is named as the operator named it
    page.context.close()


def test_the_hand_is_what_the_observation_offers_and_a_refusal_its_rule_and_facts(server: Server, browser: Any) -> None:
    page = solo_table(browser, server.base)
    page.add_init_script(KEEP_STATES)
    page.reload()  # the states the server sends are kept from here on
    page.wait_for_selector("#pass-bar:not([hidden])")
    pass_three(page)
    told = refused = False
    deadline = time.monotonic() + 120
    while not refused and wait_for_my_turn(page):
        assert time.monotonic() < deadline, "no turn with a card the rules refuse"
        # On this seat's turn the server waits for it: the last state it sent is the one on screen.
        view = page.evaluate("() => window.states.at(-1) || null")
        shown = page.eval_on_selector_all("#hand .card.playable", "nodes => nodes.map(n => n.dataset.card)")
        if view is not None and view["phase"] == "playing":
            assert sorted(shown) == sorted(view["choices"])  # exactly what the server offers is playable
            told = True
        dim = page.locator("#hand .card.dim")
        if view is not None and dim.count():
            card = str(dim.first.get_attribute("data-card"))
            refusal = view["refusals"][card]
            before = len(page.evaluate("() => window.sent"))
            click_card(dim.first)
            page.wait_for_function("() => document.getElementById('notice').textContent !== ''")
            notice = page.text_content("#notice")
            if refusal["rule"] == "follow-suit":
                assert notice == f"Not allowed. You must follow {SUIT_WORDS[refusal['led_suit']]}."
            else:
                assert notice and notice.startswith("Not allowed. ")
            # Told at once from the observation: nothing was sent to the server for it.
            assert len(page.evaluate("() => window.sent")) == before
            refused = True
            continue
        play_first_playable(page)
    assert told and refused
    assert page.errors == []
    page.context.close()


def test_the_host_pauses_the_game_and_a_spectator_is_counted_and_told(server: Server, browser: Any) -> None:
    host = solo_table(browser, server.base, timer=30)
    watcher = new_page(browser, PHONE)
    watcher.goto(host.url)
    watcher.wait_for_selector("#play:not([hidden])")
    host.wait_for_function("() => document.getElementById('watchers').textContent === '1 watching'")
    assert host.get_attribute("#watchers", "aria-label") == "1 spectator is watching this table"
    # The spectator is not told about themselves (a play-test, not yet seated, read "1 watching").
    watcher.wait_for_selector("#play:not([hidden])")
    assert watcher.is_hidden("#watchers")
    assert watcher.is_hidden("#pause-button")  # a spectator cannot pause
    # The clock shows whole seconds rounded up: let it pass 29 so a reset to 30 on resume could be told from what was left.
    host.wait_for_function("() => parseInt(document.getElementById('clock').textContent.match(/\\d+/)[0]) <= 28")
    shown_at_pause = int(re.findall(r"\d+", host.text_content("#clock") or "")[0])
    host.click("#pause-button")
    for page, who in ((host, "You"), (watcher, "Cleo")):
        page.wait_for_selector("#paused-bar:not([hidden])")
        # who paused it, by name, or "you" to Cleo herself (a play-test was not told)
        paused = f"{who} paused the game: nobody plays and no clock runs until a player at the table resumes it."
        assert page.text_content("#paused-bar p") == paused
        assert page.text_content("#turn-line") in ("", "You are watching this table.")
        page.evaluate("() => window.scrollTo(0, 0)")
    host.screenshot(path=str(SCREENSHOTS / "web-paused-desktop.png"))
    watcher.screenshot(path=str(SCREENSHOTS / "web-paused-phone.png"))
    assert host.text_content("#pause-button") == "Resume the game" and host.is_hidden("#clock")
    # Nobody can play: the pass bar rests, the hand offers nothing, a click sends nothing.
    assert host.is_hidden("#pass-bar") and host.locator("#hand .card:not(.dim)").count() == 13
    before = len(host.evaluate("() => window.sent"))
    click_card(host.locator("#hand .card").first)
    assert len(host.evaluate("() => window.sent")) == before
    # ... and says what goes on, not again who paused it (a play-test read that twice, word for word)
    assert host.text_content("#notice") == "No card is played while the game is paused: “Resume the game” below goes on."
    time.sleep(1.5)
    host.click("#pause-button")
    for page, said in ((host, "You resumed the game: it goes on."), (watcher, "Cleo resumed the game: it goes on.")):
        page.wait_for_selector("#paused-bar", state="hidden")
        assert page.text_content("#table-news") == said  # and who resumed it (a play-test was told only that it went on)
    assert host.text_content("#notice") == ""  # the pause's notice goes with it (it stood beside "Your turn")
    host.wait_for_selector("#pass-bar:not([hidden])")
    left = int(re.findall(r"\d+", host.text_content("#clock") or "")[0])
    assert 0 < left <= shown_at_pause  # the 1.5 s of pause cost nothing, and the clock was not given its 30 s back
    pass_three(host)
    # and the news goes after a few seconds (a play-test read "The game goes on." minutes later, over the summary)
    host.wait_for_function("() => document.getElementById('table-news').textContent === ''", timeout=12000)
    watcher.context.close()
    host.wait_for_function("() => document.getElementById('watchers').hidden")
    assert host.errors == [] and watcher.errors == []
    host.context.close()


def test_the_lobby_and_the_scorekeeper_link_each_other(server: Server, browser: Any) -> None:
    page = new_page(browser, PHONE, locale="de-DE")
    page.goto(f"{server.base}/")
    page.wait_for_selector("#preset option", state="attached")
    page.screenshot(path=str(SCREENSHOTS / "web-lobby-phone-de.png"), full_page=True)
    page.get_by_role("link", name="Punkteliste öffnen").click()
    page.wait_for_url(f"{server.base}/score")
    page.get_by_role("link", name="Online spielen").click()
    page.wait_for_url(f"{server.base}/")
    page.wait_for_selector("#lobby:not([hidden])")
    assert page.errors == []
    page.context.close()


def test_a_code_with_no_table_says_so_and_stops_connecting(server: Server, browser: Any) -> None:
    """The play-test: /t/NOPE said there was no table while the header went on saying "Connecting…"."""
    page = new_page(browser, DESKTOP)
    page.goto(f"{server.base}/t/NOPE")
    page.wait_for_selector("#missing:not([hidden])")
    assert "There is no table with this code." in (page.text_content("#missing") or "")
    page.wait_for_timeout(300)
    assert page.text_content("#connection") == ""
    page.goto(f"{server.base}/t/%3Cscript%3E")  # a code that cannot be one is asked for too (it showed the lobby)
    page.wait_for_selector("#missing:not([hidden])")
    page.goto(f"{server.base}/t/")  # a link cut short: the lobby (it was the API's {"detail":"Not Found"})
    page.wait_for_selector("#lobby:not([hidden])")
    # A code typed in the lobby that no table has is said under the field (a play-test was led off to a bare page);
    # a table's link pasted there opens it.
    lobby = page.url
    page.fill("#open-code", "hello there")
    page.click("#open-form button[type=submit]")
    page.wait_for_function("() => document.getElementById('open-error').textContent.length > 0")
    assert page.text_content("#open-error") == "No table has the code hello there: check the link or the code you were sent."
    assert page.url == lobby and page.evaluate("() => document.activeElement.id") == "open-code"
    code, _host = server.create_table()
    page.fill("#open-code", f" {server.base}/t/{code} ")
    page.click("#open-form button[type=submit]")
    page.wait_for_url(f"{server.base}/t/{code}")
    page.wait_for_selector("#seating:not([hidden])")
    # A page the server does not have: a page with the way back, not the API's {"detail":"Not Found"} (a play-test).
    for wrong in ("/t/abc/def", "/score/xyz", "/lobby"):
        answer = page.goto(f"{server.base}{wrong}")
        assert answer is not None and answer.status == 404
        assert page.locator("h1:visible").all_text_contents() == ["There is no such page"], wrong
        page.get_by_role("link", name="Go to the start page").click()
        page.wait_for_selector("#lobby:not([hidden])")
    # In German alone where the reader's language is German (a play-test read the English first, and "Zur Lobby"
    # where the pages say "Startseite").
    german = new_page(browser, DESKTOP, locale="de-DE")
    answer = german.goto(f"{server.base}/t/abc/def")
    assert answer is not None and answer.status == 404
    assert german.locator("h1:visible").all_text_contents() == ["Diese Seite gibt es nicht"]
    german.get_by_role("link", name="Zur Startseite").click()
    german.wait_for_selector("#lobby:not([hidden])")
    assert german.errors == []
    german.context.close()
    # The pages' files by name lead to the pages.
    for file_name, address in (("/score.html", "/score"), ("/index.html", "/")):
        page.goto(f"{server.base}{file_name}")
        assert page.url == f"{server.base}{address}", file_name
    page.wait_for_selector("#lobby:not([hidden])")
    # /learn, guessed from `blackmaria learn` (a play-test met "no such page"): the lobby's guided deal, focused.
    page.goto(f"{server.base}/learn")
    assert page.url == f"{server.base}/#learn-form"
    page.wait_for_function("() => document.activeElement.id === 'learn-form' && document.activeElement.getBoundingClientRect().top >= 0")
    # An API client still gets JSON.
    assert server.http.get("/api/nothing").json() == {"detail": "Not Found"}
    assert page.errors == []
    page.context.close()


def test_the_page_is_es_modules_by_concern_served_as_they_are(server: Server) -> None:
    page = server.http.get("/")
    assert '<script type="module" src="/static/app.js"></script>' in page.text
    modules = [
        "app",
        "state",
        "connection",
        "updates",
        "table-view",
        "sheet",
        "chat",
        "header",
        "felt",
        "seating",
        "hand",
        "dialogs",
        "learn",
        "lobby",
        "i18n",
        "cards",
        "sha256",
    ]
    for name in modules:
        served = server.http.get(f"/static/{name}.js")
        assert served.status_code == 200 and "javascript" in served.headers["content-type"], name
        imported = re.findall(r'from "\./([\w-]+)\.js"', served.text)
        assert set(imported) <= set(modules), name
    # No module is a controller of everything: app.js only wires the parts together.
    assert len(server.http.get("/static/app.js").text.splitlines()) < 150
    assert max(len(server.http.get(f"/static/{name}.js").text.splitlines()) for name in modules) < 500
