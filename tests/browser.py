"""Debian's chromium driven by Playwright, for the web client's end-to-end tests.

``.ci/run`` installs chromium when it is missing; elsewhere the browser tests
are skipped with the reason, never faked. The flags keep chromium off the
network this machine does not have (background updates, sync) and run it
headless as root.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = Path(os.environ.get("BLACKMARIA_CHROMIUM", "/usr/bin/chromium"))
ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = Path(os.environ.get("BLACKMARIA_SCREENSHOTS", ROOT / "build" / "screenshots"))
"""Where the tests save their pictures: ``build/`` (ignored by git), or ``docs/screenshots`` with ``make screenshots``."""
SCREENSHOTS.mkdir(parents=True, exist_ok=True)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

needs_chromium = pytest.mark.skipif(not CHROMIUM.exists(), reason=f"no chromium at {CHROMIUM} (.ci/run installs Debian's chromium)")


@contextmanager
def chromium() -> Iterator[object]:
    """A headless chromium (a Playwright ``Browser``) for the duration of the block."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()
