"""Research interfaces: a PettingZoo AEC environment and a Gymnasium single-seat environment.

Both encode a seat's ``Observation`` as a float32 vector (``encoding.layout``
documents every index range) and use one action space for passing and
playing: ``Discrete(52)``, a card number, with a mask of the legal cards. A
pass of three cards is three actions.
"""


def missing(error: ImportError, extra: str) -> ModuleNotFoundError:
    """The error for an interface whose library is not installed: which extra installs it (a play-test's bare
    "No module named 'gymnasium'" did not say)."""
    return ModuleNotFoundError(f"{error.name or error} is not installed: pip install 'blackmaria[{extra}]'", name=error.name)
