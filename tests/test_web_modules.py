"""The browser client's small helpers exist once, in their module, and the others import them.

A helper spelled out again inline drifts from its original (the page once had two copies of the card-text rule, and
the scorekeeper its own language key). Each check names a piece of code that only its home module may contain; the
pages that use these helpers are driven in chromium by the other test_web_* files.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parent.parent / "src" / "blackmaria" / "web" / "static"
MODULES = sorted(STATIC.glob("*.js"))

# (what the helper does, a pattern of its body written inline, the one module that may hold it)
HOME_ONLY = [
    ("shortCards: cards sorted and written short", r"sortHand\([^()]*\)\s*\.map\(\s*cardShort\s*\)", "cards.js"),
    ("nameOf: 'you' for this seat, else its name", r"===\s*app\.seat\s*\?\s*t\(\s*\"you\"\s*\)", "state.js"),
    ("rankIndex: a card's rank as a number", r"RANK_CHARS\s*\.indexOf", "i18n.js"),
    ("the ranks in order", r"[\"']23456789TJQKA[\"']", "i18n.js"),
    ("the suit letters in the engine's order", r"[\"']CDHS[\"']|\[\s*\"C\",\s*\"D\",\s*\"H\",\s*\"S\"\s*\]", "i18n.js"),
    ("suitNumberName: a suit number in words", r"suitName\(\s*SUIT_LETTERS\[", "i18n.js"),
    ("saveLanguage: where the language is kept", r"[\"']blackmaria:lang[\"']", "i18n.js"),
]


def definitions(text: str) -> set[str]:
    return set(re.findall(r"export\s+(?:async\s+)?(?:function|const|let|class)\s+([\w$]+)", text))


@pytest.mark.parametrize(("helper", "pattern", "home"), HOME_ONLY, ids=[h for h, _p, _m in HOME_ONLY])
def test_a_helper_is_written_once_in_its_module(helper: str, pattern: str, home: str) -> None:
    found = {path.name: len(re.findall(pattern, path.read_text(encoding="utf-8"))) for path in MODULES}
    assert found[home] == 1, f"{helper}: {home} should hold it once, holds it {found[home]} times"
    copies = {name: count for name, count in found.items() if count and name != home}
    assert copies == {}, f"{helper} is written out again instead of imported from {home}"


def test_each_exported_helper_has_one_home_and_every_import_names_an_export() -> None:
    exported: dict[str, list[str]] = {}
    for path in MODULES:
        for name in definitions(path.read_text(encoding="utf-8")):
            exported.setdefault(name, []).append(path.name)
    assert {name: homes for name, homes in exported.items() if len(homes) > 1} == {}
    for path in MODULES:
        text = path.read_text(encoding="utf-8")
        for names, module in re.findall(r"import\s*\{([^}]*)\}\s*from\s*\"\./([\w.-]+)\"", text):
            offered = definitions((STATIC / module).read_text(encoding="utf-8"))
            for name in (part.split(" as ")[0].strip() for part in names.split(",")):
                assert name in offered, f"{path.name} imports {name}, which {module} does not export"


def test_no_seat_name_helper_is_handed_to_map() -> None:
    """``seatName(seat, short)`` and ``nameOf(seat, short)`` take a second argument: ``map`` passes the index there,
    so ``winners.map(seatName)`` wrote "Computer 2 (medium), Comp. 4" (a play-test)."""
    found = {path.name: re.findall(r"\.map\(\s*(?:seatName|nameOf)\s*\)", path.read_text(encoding="utf-8")) for path in MODULES}
    assert {name: hits for name, hits in found.items() if hits} == {}
