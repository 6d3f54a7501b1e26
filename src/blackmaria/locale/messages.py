"""Every text a player sees, in English and German: the catalogs ``catalog/en.json`` and ``catalog/de.json``.

One catalog per language, as data: the terminal reads it here (``MESSAGES[key][lang]``, through ``Texts``), the
server sends it to the browser (``GET /api/catalog/{lang}``), so no front end keeps a copy. Keys the page alone
uses live in the same files (the score page's start with ``web_``). A test checks that both languages have every
key; a catalog that lacks a key of the other stops the import with the keys named.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Final

CATALOG_DIR: Final = Path(__file__).with_name("catalog")
CATALOG_LANGUAGES: Final = ("en", "de")


def _once(path: Path, pairs: list[tuple[str, object]]) -> dict[str, object]:
    """A JSON object whose every key is written once: a key written twice kept its last text without a word."""
    seen: dict[str, object] = {}
    for key, value in pairs:
        if key in seen:
            raise ValueError(f"{path}: the key {key!r} is written twice")
        seen[key] = value
    return seen


def read_catalog(lang: str) -> dict[str, str]:
    """The texts of ``lang`` by key, as stored (``{name}`` placeholders, Python's ``str.format``)."""
    if lang not in CATALOG_LANGUAGES:
        raise ValueError(f"language {lang!r} is not one of {', '.join(CATALOG_LANGUAGES)}")
    path = CATALOG_DIR / f"{lang}.json"
    data = json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=lambda pairs: _once(path, pairs))
    if not isinstance(data, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
        raise ValueError(f"{CATALOG_DIR / f'{lang}.json'}: a catalog is one JSON object of texts by key")
    return data


def _messages() -> dict[str, dict[str, str]]:
    catalogs = {lang: read_catalog(lang) for lang in CATALOG_LANGUAGES}
    keys = catalogs["en"].keys()
    for lang, catalog in catalogs.items():
        if catalog.keys() != keys:
            missing = sorted(keys - catalog.keys()) or sorted(catalog.keys() - keys)
            raise ValueError(f"catalog {lang}.json and en.json differ in keys: {', '.join(missing[:10])}")
    return {key: {lang: catalogs[lang][key] for lang in CATALOG_LANGUAGES} for key in keys}


MESSAGES: Final[dict[str, dict[str, str]]] = _messages()
