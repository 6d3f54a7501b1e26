"""The web scorekeeper (/score) in Chromium: the same checks as the terminal's ScoreSheet, a phone's whole game, offline.

The page's checking functions are compared case by case with ``blackmaria.scorekeeper``; then a game is kept on a
phone-sized page: a wrong total refused with the reason, cards typed and tapped, a moon found, an earlier deal corrected,
a reload, the server gone and the network cut, the end, and the exports read back by the Python side.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from blackmaria.cards import HEARTS, card_name, parse_card, suit_of
from blackmaria.game import game_verdict
from blackmaria.locale import Texts
from blackmaria.locale.messages import MESSAGES
from blackmaria.rules import Rules
from blackmaria.scorekeeper import ScoreError, ScoreSheet
from browser import SCREENSHOTS, chromium, needs_chromium
from test_server_helpers import Server, running_server

pytestmark = needs_chromium

PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}

# (preset, players, house options, entry): an entry is {"cards": [...]} or {"points": [...]}.
CASES: list[tuple[str, int, dict[str, Any], dict[str, Any]]] = [
    ("black-maria", 3, {}, {"cards": ["Hx3 AS", "Hx8", "Hx2 KS QS"]}),
    ("black-maria", 3, {}, {"points": [10, 8, 24]}),
    ("black-maria", 3, {}, {"cards": ["Hx3 AS", "Hx8 QS", "Hx2 KS QS"]}),
    ("black-maria", 3, {}, {"cards": ["Hx3 AS", "Hx8", "Hx2 KS"]}),
    ("black-maria", 3, {}, {"cards": ["Hx3 AS", "Hx7", "KS QS"]}),  # hearts counted: "3 hearts" missing, not K♥ A♥
    ("black-maria", 3, {}, {"cards": ["AH KH", "QS", "2H"]}),  # hearts named: the missing ones named
    ("black-maria", 3, {}, {"cards": ["Hx3 XS", "Hx8", "Hx2 KS QS"]}),
    ("black-maria", 3, {}, {"cards": ["Hx3 pa", "h10 hx7", "Hx2 PK dp"]}),  # German letters: Pik-Ass, Herz-Zehn, ...
    ("black-maria", 3, {}, {"cards": ["Hx3 PA", "Hx8", "Hx2 PK KP"]}),  # PK and KP are both Pik-König: twice
    ("black-maria", 3, {}, {"cards": ["Hx3 AS 2C", "Hx8", "Hx2 KS QS"]}),
    ("black-maria", 3, {}, {"cards": ["Hx10", "Hx5", "AS KS QS"]}),
    ("black-maria", 3, {}, {"cards": ["Hx13 AS", "KS QS"]}),
    ("black-maria", 4, {"moon": "add-to-others"}, {"cards": ["Hx13 AS KS QS", "", "", "0"]}),
    ("black-maria", 5, {"kitty": True}, {"cards": ["2C AH KH QH Hx3", "Hx8 A♠", "10♠ K♠ Q♠", "", ""]}),
    ("black-maria", 6, {"deal_count": 2}, {"points": [43, 0, 0, 0, 0, 0]}),
    ("hearts", 4, {}, {"cards": ["Hx13 QS", "", "", ""]}),
    ("hearts", 4, {}, {"points": [0, 0, 26, 0]}),
    ("hearts", 4, {"moon": "subtract-from-shooter"}, {"points": [26, 0, 0, 0]}),
    ("omnibus", 4, {}, {"cards": ["Hx13 QS JD", "", "", ""]}),
    ("omnibus", 4, {}, {"points": [16, 0, 0, 0]}),
    ("omnibus", 4, {}, {"cards": ["Hx10 QS", "JD Hx3", "", ""]}),
    ("omnibus", 4, {}, {"points": [23, -7, 0, 0]}),
    ("omnibus", 4, {}, {"points": [-10, 0, -1, 27]}),
    ("black-maria", 3, {}, {"points": [-5, 20, 28]}),
    ("dirty-lady", 3, {}, {"cards": ["Hx3 AS", "Hx8", "Hx2 KS QS"]}),
    ("dirty-lady", 3, {}, {"cards": ["AH KH QH JH TH 9H 8H", "7H 6H 5H 4H 3H 2H", "AS KS QS"]}),
    ("spot-hearts", 4, {}, {"points": [129, 0, 0, 0]}),
    ("spot-hearts", 4, {"card_values": {"QS": 13}}, {"points": [100, 17, 0, 0]}),
    ("black-maria-jaques", 3, {}, {"points": [0, 26, 0]}),
    ("black-lady", 5, {}, {"cards": ["Hx13", "QS", "", "", ""]}),
    ("two-player", 2, {}, {"cards": ["Hx13 D♠", ""]}),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("score") / "server.sqlite3") as started:
        yield started


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as launched:
        yield launched


def _python(preset_name: str, players: int, options: dict[str, Any], entry: dict[str, Any]) -> dict[str, Any]:
    rules = Rules.from_data({"preset": preset_name, "players": players, **options})
    sheet = ScoreSheet(rules, [f"P{i + 1}" for i in range(players)])
    try:
        done = sheet.from_cards(entry["cards"]) if "cards" in entry else sheet.from_points(entry["points"])
    except ScoreError as error:
        return {"rules": rules.to_dict(), "error": error.key, "values": error.shown_values("en")}
    return {"rules": rules.to_dict(), "points": list(done.points), "raw": list(done.raw), "moon": done.moon_shooter}


JS_CASE = """([name, players, options, entry]) => {
  const S = window.BlackMariaScore;
  return S.factsFor({preset: name, players, ...options}).then(({rules, facts}) => {
    const names = Array.from({length: players}, (_, i) => "P" + (i + 1));
    try {
      const scoring = S.scoringFacts(rules, facts);
      const done = entry.cards ? S.fromCards(scoring, entry.cards, names) : S.fromPoints(scoring, entry.points, names);
      return {rules, points: done.points, raw: done.raw, moon: done.moon};
    } catch (error) {
      if (!(error instanceof S.ScoreError)) throw error;
      return {rules, error: error.key, values: error.values};
    }
  });
}"""


def test_the_pages_checks_give_the_terminal_scorekeepers_answers_case_by_case(server: Server, browser: Any) -> None:
    page = browser.new_page()
    page.goto(f"{server.base}/score")
    page.wait_for_function("window.BlackMariaScore !== undefined")
    for case in CASES:
        expected = _python(*case)
        got = page.evaluate(JS_CASE, list(case))
        assert got == expected, case
    verdicts = [
        ([10, 20, 30], 2, "black-maria"),
        ([10, 20, 30], 9, "black-maria"),
        ([10, 10, 30], 9, "black-maria"),
        ([101, 5, 5, 0], 4, "hearts"),
    ]
    for totals, deals, name in verdicts:
        rules = Rules.from_data({"preset": name, "ties": "sudden-death"} if totals[0] == totals[1] else name)
        python = game_verdict(rules, totals, deals)
        js = page.evaluate(
            "([rules, totals, deals]) => window.BlackMariaScore.verdict(rules, totals, deals)", [rules.to_dict(), totals, deals]
        )
        assert (js["over"], js["winners"], js["suddenDeath"], js["tied"]) == (
            python.over,
            list(python.winners),
            python.sudden_death,
            list(python.tied),
        )
    page.close()


def test_the_page_speaks_the_terminals_words_from_the_servers_catalog(server: Server, browser: Any) -> None:
    # The page holds no texts of its own: every sentence it shows is the catalog's, the terminal's words included.
    source = (Path(__file__).parent.parent / "src/blackmaria/web/static/score.js").read_text(encoding="utf-8")
    assert "ske_missing" in source and MESSAGES["ske_missing"]["en"] not in source
    page = browser.new_page()
    page.goto(f"{server.base}/score")
    page.wait_for_function("window.BlackMariaScore !== undefined")
    page.get_by_role("button", name="Start the sheet").wait_for()
    assert page.evaluate("[...window.blackmariaMissingTexts]") == []
    # Winners are listed as the terminal lists them ("Anna, Ben and Carla"), by the page's own i18n module.
    names_list = "(names) => import('/static/i18n.js').then((m) => m.namesList(names))"
    assert page.evaluate(names_list, ["Anna", "Ben", "Carla"]) == Texts("en").names_list(["Anna", "Ben", "Carla"]) == "Anna, Ben and Carla"
    page.close()


def _downloaded(page: Any, button: str) -> str:
    with page.expect_download() as info:
        page.get_by_role("button", name=button).click()
    return Path(info.value.path()).read_bytes().decode("utf-8")


def _four_players_three_deals(page: Any) -> None:
    """The setup form: Black Maria for Anna, Ben, Carla and Dora, Dora deals first, moons add to the others, 3 deals."""
    page.get_by_label("Rules").select_option("black-maria")
    page.get_by_label("Players", exact=True).select_option("4")
    for seat, name in enumerate(["Anna", "Ben", "Carla", "Dora"]):
        page.get_by_label(f"Name of player {seat + 1}").fill(name)
    page.get_by_label("First dealer").select_option(label="Dora")
    page.get_by_text("House rules").click()
    page.get_by_label("Shooting the moon").select_option("add-to-others")
    page.get_by_label("Number of deals (empty: none)").fill("3")


def _entry(page: Any, texts: dict[str, str]) -> None:
    for name, text in texts.items():
        page.get_by_label(f"{name}: points or cards").fill(text)
    page.get_by_role("button", name="Enter the deal").click()


def test_a_game_on_a_phone_with_a_refusal_a_moon_a_correction_a_reload_and_the_network_cut(browser: Any, tmp_path: Path) -> None:
    own = Server(tmp_path / "server.sqlite3").start()  # this test takes its server away
    try:
        context = browser.new_context(**PHONE, locale="en-GB")
        page = context.new_page()
        page.goto(f"{own.base}/score")
        _four_players_three_deals(page)
        page.get_by_role("button", name="Start the sheet").click()
        assert page.get_by_role("status").filter(has_text="Deal 1").inner_text() == "Deal 1 of 3: Dora deals, pass to the right."
        # The first field takes the typing and the deal's line is in sight (a play-test's page stayed scrolled down).
        assert page.get_by_label("Anna: points or cards").evaluate("f => f === document.activeElement")
        assert page.evaluate("() => document.getElementById('next').getBoundingClientRect().top >= 0")

        _entry(page, {"Anna": "10", "Ben": "8", "Carla": "20", "Dora": "0"})
        assert (
            page.locator("#error").inner_text() == "Not accepted: the points add up to 38, but every deal under these rules has 43 points."
        )
        assert page.locator("#sheet tbody tr").count() == 0
        _entry(page, {"Anna": "", "Ben": "", "Carla": "", "Dora": ""})  # nothing typed: said so, not "add up to 0"
        assert page.locator("#error").inner_text() == "Not accepted: type each player's points, or the cards each took."
        _entry(page, {"Anna": "abc", "Ben": "-5", "Carla": "Q♠ Q♠", "Dora": ""})  # the word that is no card is named
        assert (
            page.locator("#error").inner_text()
            == "Not accepted: Anna: abc is neither a card nor points; write a card as QS, 10H or Q♠, three hearts as Hx3, points in digits (20)."
        )
        # Anna's field is marked and has the focus (a play-test looked for the field the refusal named).
        anna_field = page.get_by_label("Anna: points or cards")
        assert anna_field.get_attribute("aria-invalid") == "true" and anna_field.evaluate("f => f === document.activeElement")
        assert page.get_by_label("Ben: points or cards").get_attribute("aria-invalid") == "false"
        page.get_by_label("Carla: points or cards").fill("")

        # Cards: typed for Anna and Ben, tapped for Carla (the two black queens' neighbours and two hearts), counted
        # hearts typed.
        page.get_by_label("Anna: points or cards").fill("Hx3 A♠")
        page.get_by_label("Ben: points or cards").fill("hx8")
        page.get_by_label("Dora: points or cards").fill("")
        page.get_by_role("radio", name="Carla").check()
        page.get_by_role("button", name="K♠, 10 points, not entered").click()
        page.get_by_role("button", name="Q♠, 13 points, not entered").click()
        assert page.get_by_role("button", name="Q♠, 13 points, taken by Carla").get_attribute("aria-pressed") == "true"
        page.get_by_role("button", name="A♥, 1 point, not entered").click()
        page.get_by_role("button", name="K♥, 1 point, not entered").click()
        page.get_by_role("button", name="Enter the deal").click()
        # What was scored, and what comes next, in the words announced (a keyboard play-test heard only the first).
        assert (
            page.locator("#message").inner_text()
            == "Deal 1 — Anna: 10, Ben: 8, Carla: 25, Dora: 0. Deal 2 of 3: Anna deals, pass to the right."
        )
        assert page.locator("#next").inner_text() == "Deal 2 of 3: Anna deals, pass to the right."
        # What was scored is in sight on the phone, with the new totals, while the next deal's first field has the focus
        # (the focus scrolled the page to the empty form, a play-test).
        for shown in ("#next", "#total-3", "#message"):
            expect(page.locator(shown)).to_be_in_viewport()
        expect(page.get_by_label("Anna: points or cards")).to_be_focused()
        # The next deal's cards are tapped from the first player again, and the sheet says what its arrows mean.
        assert page.get_by_role("radio", name="Anna").is_checked()
        assert page.locator("#pass-legend").text_content() == "Beside each dealer, the pass: → to the right"
        # but not on a phone, where the dealer column it explains is left out (a play-test read it beside no arrows)
        assert not page.locator("#pass-legend").is_visible() and not page.locator("#sheet td.dealer").first.is_visible()

        _entry(page, {"Anna": "", "Ben": "Hx13 AS KS QS", "Carla": "", "Dora": ""})
        assert page.locator("#message").inner_text().startswith("Deal 2 — Anna: 43, Ben: 0, Carla: 43, Dora: 43. Ben shot the moon!")
        totals = lambda: [page.locator(f"#total-{seat}").inner_text() for seat in range(4)]  # noqa: E731
        assert totals() == ["53", "8", "68", "43"]

        page.get_by_role("button", name="Correct deal 1").click()
        # As entered: the cards tapped, hearts too (a play-test's tapped hearts came back as "Hx3", nobody's on the
        # buttons), and the hearts typed as a count as that count (they came back as two hearts nobody had named).
        assert page.get_by_label("Carla: points or cards").input_value() == "K♠ Q♠ A♥ K♥"
        assert page.get_by_role("button", name="A♥, 1 point, taken by Carla").get_attribute("aria-pressed") == "true"
        assert page.get_by_label("Anna: points or cards").input_value() == "Hx3 A♠"
        for name, text in {"Anna": "0", "Ben": "18", "Carla": "25", "Dora": "0"}.items():
            page.get_by_label(f"{name}: points or cards").fill(text)
        page.get_by_role("button", name="Save the correction").click()
        assert page.locator("#message").inner_text().startswith("Deal 1 corrected.")
        assert totals() == ["43", "18", "68", "43"]

        page.get_by_label("Anna: points or cards").fill("Hx4")  # half typed: a reload keeps it (a play-test lost it)
        page.reload()
        assert totals() == ["43", "18", "68", "43"]
        assert page.get_by_label("Anna: points or cards").input_value() == "Hx4"
        # A sheet opened again keeps the cards, not what was typed: the hearts (all worth 1 here) come back as a count,
        # as they may have been entered (named, they came back as "QS KH KS AH", two hearts nobody had named).
        page.get_by_role("button", name="Correct deal 2").click()
        assert page.get_by_label("Ben: points or cards").input_value() == "Q♠ K♠ A♠ Hx13"
        page.get_by_role("button", name="Cancel").click()
        assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function("document.body.dataset.offline === 'ready'")

        own.stop()
        context.set_offline(True)
        page.reload()
        assert totals() == ["43", "18", "68", "43"]
        assert page.get_by_role("status").filter(has_text="Deal 3").inner_text() == "Deal 3 of 3: Ben deals, pass to the right."
        _entry(page, {"Anna": "Hx4", "Ben": "Hx1 KS", "Carla": "Hx8 QS AS", "Dora": ""})
        assert page.locator("#end").inner_text() == "Game over. Winner: Ben."
        assert page.get_by_label("Anna: points or cards").count() == 0  # no fourth deal to enter

        csv_text = _downloaded(page, "Export CSV")
        sheet_json = _downloaded(page, "Export JSON")
        resumed = ScoreSheet.from_json(sheet_json)  # what blackmaria score --resume reads
        assert resumed.totals == [47, 29, 96, 43] and resumed.verdict().winners == (1,)
        assert csv_text == resumed.to_csv()
        assert csv_text.splitlines()[2] == "2,Anna,right,43,0,43,43,Ben"
        assert csv_text.splitlines()[-1] == "total,,,47,29,96,43,"

        # A new sheet can be set up offline: the rules data were kept.
        page.once("dialog", lambda dialog: dialog.accept())
        page.get_by_role("button", name="New sheet").click()
        assert page.get_by_label("Rules").locator("option").count() == 9
        page.get_by_role("button", name="Start the sheet").click()
        assert page.get_by_role("status").filter(has_text="Deal 1").inner_text() == "Deal 1 of 9: Player 1 deals, pass to the right."
        page.once("dialog", lambda dialog: dialog.accept())
        page.get_by_role("button", name="New sheet").click()

        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.set_input_files("#import", files=[{"name": "scoresheet.json", "mimeType": "application/json", "buffer": sheet_json.encode()}])
        page.locator("#end").wait_for()
        page.screenshot(path=str(SCREENSHOTS / "web-score-phone.png"), full_page=True)
        context.close()
    finally:
        own.stop()


def test_points_typed_with_commas_are_read_as_the_terminal_reads_them(server: Server, browser: Any) -> None:
    """A play-test typed "10, 8, 25" in the first field and "0," in each, as the terminal takes them: both refused as cards."""
    page = browser.new_page()
    page.goto(f"{server.base}/score")
    page.get_by_label("Rules").select_option("hearts")
    page.get_by_role("button", name="Start the sheet").click()
    field = lambda seat: page.get_by_label(f"Player {seat}: points or cards")  # noqa: E731
    field(1).fill("10, 8, 8, 0")  # every player's points in one field
    page.get_by_role("button", name="Enter the deal").click()
    assert page.locator("#message").inner_text().startswith("Deal 1 — Player 1: 10, Player 2: 8, Player 3: 8, Player 4: 0.")
    for seat, text in enumerate(["0,", "20,", "6,", "0"], 1):
        field(seat).fill(text)
    page.get_by_role("button", name="Enter the deal").click()
    assert (
        page.locator("#message").inner_text()
        == "Deal 2 — Player 1: 0, Player 2: 20, Player 3: 6, Player 4: 0. Deal 3: Player 3 deals, pass across."
    )
    field(1).fill("1 2")
    field(2).fill("23")
    page.get_by_role("button", name="Enter the deal").click()
    assert page.locator("#error").inner_text() == (
        "Not accepted: Player 1: 1 2 holds several numbers: one player's points in each field, or every player's (4 numbers) in one."
    )
    page.close()


def test_german_from_the_browser_language_refusals_included(server: Server, browser: Any) -> None:
    context = browser.new_context(**PHONE, locale="de-DE")
    page = context.new_page()
    page.goto(f"{server.base}/score")
    page.get_by_label("Regeln").select_option("hearts")
    page.get_by_role("button", name="Liste beginnen").click()
    assert page.get_by_role("status").filter(has_text="Spiel 1").inner_text() == "Spiel 1: Spieler 1 gibt, Weitergabe nach links."
    page.get_by_label("Spieler 1: Punkte oder Karten").fill("Hx13 DS")
    page.get_by_label("Spieler 2: Punkte oder Karten").fill("5")
    page.get_by_role("button", name="Spiel eintragen").click()
    assert page.locator("#error").inner_text() == (
        "Nicht angenommen: gib für alle Spieler Punkte oder für alle Spieler Karten ein, nicht beides."
    )
    page.get_by_label("Spieler 2: Punkte oder Karten").fill("")
    page.get_by_role("button", name="Spiel eintragen").click()
    assert page.locator("#message").inner_text() == (
        "Spiel 1 — Spieler 1: 0, Spieler 2: 26, Spieler 3: 26, Spieler 4: 26. Spieler 1 hat alle Strafkarten und schießt den Mond!"
        " Spiel 2: Spieler 2 gibt, Weitergabe nach rechts."
    )
    # At 390 px every player's column shows: the sheet does not scroll sideways.
    assert page.evaluate("(() => { const wrap = document.querySelector('.table-wrap'); return wrap.scrollWidth <= wrap.clientWidth; })()")
    page.get_by_role("radio", name="Spieler 3").check()
    page.get_by_role("button", name="D♠, 13 Punkte, nicht eingetragen").click()
    assert page.get_by_label("Spieler 3: Punkte oder Karten").input_value() == "D♠"  # as the button shows it
    page.get_by_label("Spieler 3: Punkte oder Karten").fill("")
    page.get_by_label("Sprache").select_option("en")
    assert page.get_by_role("status").filter(has_text="Deal 2").inner_text() == "Deal 2: Spieler 2 deals, pass to the right."
    saved = json.loads(page.evaluate("localStorage.getItem('blackmaria.scoresheet')"))
    taken = sorted([card for card in range(52) if suit_of(card) == HEARTS] + [parse_card("QS")])
    assert saved["deals"] == [{"cards": [[card_name(card) for card in taken], [], [], []]}]
    context.close()


def test_a_late_answer_for_the_first_rules_does_not_stand_for_the_rules_chosen_since(server: Server, browser: Any) -> None:
    """The form asks the server for the facts of each choice; the answer for the page's first rule set, held back until
    the one for Hearts has come, used to replace it: "Start" stayed disabled for good (seen failing in CI)."""
    context = browser.new_context(**PHONE, locale="en-GB")
    page = context.new_page()
    held: list[Any] = []

    def hold_the_first_rules(route: Any) -> None:
        asked = json.loads(route.request.post_data or "{}").get("rules", {})
        if asked.get("preset") != "hearts" and not held:
            held.append(route)  # answered after the Hearts one
        else:
            route.continue_()

    page.route("**/api/rules/facts", hold_the_first_rules)
    page.goto(f"{server.base}/score")
    page.wait_for_function("() => document.getElementById('preset') !== null")
    page.wait_for_timeout(200)
    assert held, "the page asked for its first rule set's facts"
    page.get_by_label("Rules").select_option("hearts")
    page.wait_for_selector("#start:not([disabled])")
    with page.expect_response("**/api/rules/facts"):
        held[0].continue_()
    page.wait_for_timeout(200)  # the late answer's redraw
    assert page.is_enabled("#start")
    page.get_by_role("button", name="Start the sheet").click()
    assert page.get_by_role("status").filter(has_text="Deal 1").inner_text() == "Deal 1: Player 1 deals, pass to the left."
    context.close()


def test_what_is_typed_in_the_form_stays_when_the_servers_rules_arrive(server: Server, browser: Any) -> None:
    """The form used to be drawn again when the server's rules for the chosen count came: on a slow network (or a
    loaded CI machine) letters being typed were lost and the first dealer and house rules went back to the start."""
    context = browser.new_context(**PHONE, locale="en-GB")
    page = context.new_page()
    held: list[Any] = []

    def hold_four_players(route: Any) -> None:
        asked = json.loads(route.request.post_data or "{}").get("rules", {})
        if asked.get("players") == 4 and not held:
            held.append(route)  # answered once the form is filled in
        else:
            route.continue_()

    page.route("**/api/rules/facts", hold_four_players)
    page.goto(f"{server.base}/score")
    _four_players_three_deals(page)
    assert held, "the page asked for the facts of four players"
    assert page.is_disabled("#start")
    page.get_by_label("Name of player 1").focus()
    with page.expect_response("**/api/rules/facts"):
        held[0].continue_()
    page.wait_for_selector("#start:not([disabled])")
    page.keyboard.type(" B.")  # the focus is still in the field
    assert [page.get_by_label(f"Name of player {seat + 1}").input_value() for seat in range(4)] == ["Anna B.", "Ben", "Carla", "Dora"]
    assert page.get_by_label("First dealer").input_value() == "3"
    assert page.get_by_label("Number of deals (empty: none)").input_value() == "3"
    assert page.get_by_label("Shooting the moon").input_value() == "add-to-others"
    page.get_by_role("button", name="Start the sheet").click()
    assert page.get_by_role("status").filter(has_text="Deal 1").inner_text() == "Deal 1 of 3: Dora deals, pass to the right."
    saved = json.loads(page.evaluate("localStorage.getItem('blackmaria.scoresheet')"))
    assert saved["players"] == ["Anna B.", "Ben", "Carla", "Dora"]
    assert (saved["rules"]["deal_count"], saved["rules"]["moon"]) == (3, "add-to-others")
    context.close()


def test_the_page_scores_by_the_servers_facts(server: Server, browser: Any) -> None:
    # The server's facts are the page's only source of card values: a queen of spades made dearer there is dearer here.
    page = browser.new_page()
    asked: list[Any] = []

    def dearer_queen(route: Any) -> None:
        asked.append(route.request.post_data_json)
        response = route.fetch()
        body = response.json()
        body["facts"]["values"]["QS"] = 20
        body["facts"]["deal_total"] += 7
        body["facts"]["moon_total"] += 7
        route.fulfill(response=response, json=body)

    page.route("**/api/rules/facts", dearer_queen)
    page.goto(f"{server.base}/score")
    page.get_by_label("Rules").select_option("black-maria")
    page.get_by_role("button", name="Start the sheet").click()
    _entry(page, {"Player 1": "QS", "Player 2": "Hx13", "Player 3": "AS KS"})
    assert page.locator("#message").inner_text().startswith("Deal 1 — Player 1: 20, Player 2: 13, Player 3: 17. Deal 2 of 9: ")
    _entry(page, {"Player 1": "10", "Player 2": "10", "Player 3": "23"})
    assert page.locator("#error").inner_text() == "Not accepted: the points add up to 43, but every deal under these rules has 50 points."
    assert {"rules": {"preset": "black-maria", "players": 3, "kitty": False}} in asked
    # Kept for offline use under the rules the sheet was started with.
    kept = page.evaluate("Object.keys(localStorage).filter((key) => key.startsWith('blackmaria.facts.'))")
    assert any('"preset":"black-maria"' in key for key in kept)
    page.close()
