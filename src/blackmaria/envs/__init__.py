"""Research interfaces: a PettingZoo AEC environment and a Gymnasium single-seat environment.

Both encode a seat's ``Observation`` as a float32 vector (``encoding.layout``
documents every index range) and use one action space for passing and
playing: ``Discrete(52)``, a card number, with a mask of the legal cards. A
pass of three cards is three actions.
"""

from pathlib import Path

_CHECKOUT = Path(__file__).resolve().parents[3]
"""Where a source checkout (``src/blackmaria``) has its pyproject.toml: there the extra is installed from it."""


def missing(error: ImportError, extra: str) -> ModuleNotFoundError:
    """The error for an interface whose library is not installed: which extra installs it (a play-test's bare
    "No module named 'gymnasium'" did not say); in a source checkout, from the checkout (``make play``'s venv has no
    research extras, and "pip install 'blackmaria[envs]'" would fetch another blackmaria)."""
    if (_CHECKOUT / "pyproject.toml").is_file() and Path(__file__).resolve().parents[2].name == "src":
        how = f"pip install -e '{_CHECKOUT}[{extra}]' (or make dev, in {_CHECKOUT})"
    else:
        how = f"pip install 'blackmaria[{extra}]'"
    return ModuleNotFoundError(f"{error.name or error} is not installed: {how}", name=error.name)
