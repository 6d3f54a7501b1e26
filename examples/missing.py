"""What a training example says when a learning library is not installed: its --help still answers, and a run names
what to install instead of a traceback (a play-test read ``ModuleNotFoundError: No module named 'torch'``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import NoReturn


def exit_without(missing: ModuleNotFoundError, parser: argparse.ArgumentParser, extras: str = "rl") -> NoReturn:
    parser.parse_args()  # --help (or a wrong option) is answered all the same
    script = Path(sys.argv[0]).name
    sys.exit(
        f"{script} needs {missing.name}, which is not installed: pip install -e '.[{extras}]'"
        " (docs/training.md; on a machine without a GPU, install PyTorch's CPU build first)"
    )
