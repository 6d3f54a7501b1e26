"""The optional parts of blackmaria and the extra that installs each.

``pip install blackmaria`` gives the rules core, records, the rule-of-thumb
bots and the command; the rest comes in extras. A command that needs a
missing extra ends with one line that names it.
"""

from __future__ import annotations

import sys
from typing import Final

EXTRA_OF_MODULE: Final = {
    "textual": "tui",
    "websockets": "tui",
    "fastapi": "server",
    "starlette": "server",
    "uvicorn": "server",
    "sqlalchemy": "server",
    "numba": "fast",
    "numpy": "fast",
    "llvmlite": "fast",
    "gymnasium": "envs",
    "pettingzoo": "envs",
    "ray": "ray",
    "psycopg": "postgres",
    "pyspiel": "envs",
    "open_spiel": "envs",
}
"""The top-level module each extra brings, and the extra's name."""


def missing_extra_message(error: ModuleNotFoundError) -> str | None:
    """The line to print for a module an extra would have installed, or None for any other missing module."""
    top = (error.name or "").split(".")[0]
    extra = EXTRA_OF_MODULE.get(top)
    if extra is None:
        return None
    if top in ("pyspiel", "open_spiel"):
        return f"this needs OpenSpiel ({top} is not installed): pip install open-spiel"
    return f"this needs the [{extra}] extra ({top} is not installed): pip install 'blackmaria[{extra}]'"


def main() -> None:
    """The ``blackmaria`` command, telling which extra to install when a part is missing."""
    from blackmaria.cli import main as cli

    try:
        cli()
    except ModuleNotFoundError as error:
        message = missing_extra_message(error)
        if message is None:
            raise
        print(f"error: {message}", file=sys.stderr)
        raise SystemExit(2) from None


__all__ = ["EXTRA_OF_MODULE", "main", "missing_extra_message"]
