"""The terminal's screenshots in docs/screenshots, taken through Textual's pilot from seeded games, each checked
for what it is meant to show. ``BLACKMARIA_SCREENSHOTS=docs/screenshots pytest tests/test_terminal_screenshots.py``
takes them again (by default they go to build/screenshots)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.widgets import Static

from blackmaria.rules import Rules, preset
from blackmaria.tui.app import GameApp, GameOverScreen, TextScreen
from blackmaria.tui.session import DEFAULT_SPEED, new_session
from browser import SCREENSHOTS
from test_terminal_app import _pass, _plain, _settle

Steps = Callable[[GameApp, object], Awaitable[str]]


async def _table(app: GameApp, pilot: object) -> str:
    await _pass(app, pilot)
    for _ in range(4):
        await pilot.press("enter")  # type: ignore[attr-defined]
        await _settle(app, pilot)
    await pilot.press("f2")  # type: ignore[attr-defined]
    return "Hint: "


async def _passing(app: GameApp, pilot: object) -> str:
    await pilot.press("space", "right", "space")  # type: ignore[attr-defined]
    return "Markiert 2 von 3"


async def _overlay(app: GameApp, pilot: object) -> str:
    await pilot.press("f1")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    assert isinstance(app.screen, TextScreen)
    return "Keys"


async def _stock(app: GameApp, pilot: object) -> str:
    for _ in range(3):
        await pilot.press("enter")  # type: ignore[attr-defined]
        await _settle(app, pilot)
    return "You drew "


async def _over(app: GameApp, pilot: object) -> str:
    await _pass(app, pilot)
    for _ in range(40):
        if isinstance(app.screen, GameOverScreen):
            break
        await pilot.press("enter")  # type: ignore[attr-defined]
        await _settle(app, pilot)
    assert isinstance(app.screen, GameOverScreen)
    return "Game over. Winner:"


SHOTS: list[tuple[str, Rules, str, int, tuple[int, int], Steps]] = [
    ("terminal-table-en.svg", preset("hearts"), "en", 11, (100, 30), _table),
    ("terminal-pass-de.svg", preset("black-maria"), "de", 5, (100, 30), _passing),
    ("terminal-overlay-en.svg", preset("hearts"), "en", 11, (100, 30), _overlay),
    ("terminal-stock-en.svg", preset("two-player"), "en", 4, (100, 30), _stock),
    ("terminal-over-en.svg", preset("black-maria").replace(deal_count=1), "en", 3, (100, 34), _over),
]


@pytest.mark.parametrize(("name", "rules", "lang", "seed", "size", "steps"), SHOTS, ids=[shot[0] for shot in SHOTS])
def test_a_screenshot_of_the_terminal_shows_what_it_is_for(
    tmp_path: Path, name: str, rules: Rules, lang: str, seed: int, size: tuple[int, int], steps: Steps
) -> None:
    import asyncio

    session = new_session(rules, levels=["medium"], lang=lang, seed=seed, save_path=tmp_path / "saves" / "g.json")
    app = GameApp(session, speed=0)

    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            shown = await steps(app, pilot)
            app.speed = DEFAULT_SPEED  # the key bar as a player first sees it (the shot itself is taken at once)
            app.refresh_view()
            await pilot.pause()
            screen = app.screen
            texts = [str(widget.content) for widget in screen.query(Static)] if screen is not app.screen_stack[0] else []
            texts += [_plain(app.query_one(f"#{part}", Static).content, size[0]) for part in ("status", "table", "prompt")]
            assert any(shown in text for text in texts), (name, texts)
            (SCREENSHOTS / name).write_text(app.export_screenshot(title="blackmaria play"), encoding="utf-8")

    asyncio.run(go())
