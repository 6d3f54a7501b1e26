"""``benchmarks/load_server.py``: ``--seconds`` bounds a run, games in progress included.

It used to stop only starting new games after ``--seconds``, so a run lasted until every table's game was over: with
``--think 1`` a one-deal game alone takes at least 7 s (14 actions, each after half a second or more).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_a_load_run_ends_after_its_seconds_in_the_middle_of_a_game() -> None:
    script = ROOT / "benchmarks" / "load_server.py"
    began = time.monotonic()
    done = subprocess.run(
        [sys.executable, str(script), "--tables", "2", "--seconds", "3", "--think", "1", "--warmup", "0", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    wall = time.monotonic() - began
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    # The run: 3 s and at most CLOSE_SECONDS (2 s) to close (the old script went on for 15 s, to the games' end); no
    # game, of at least 7 s, can have been finished, and the games begun were counted.
    assert result["seconds"] < 6.0, result
    assert result["games"] == 0 and result["errors"] == 0 and result["server_actions"] > 0, result
    assert wall < 60, f"the whole script took {wall:.1f} s"
