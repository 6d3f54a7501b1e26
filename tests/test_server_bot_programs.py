"""Bot programs at online tables: ``blackmaria serve --bot NAME=COMMAND`` seats them, and a broken one is replaced."""

from __future__ import annotations

import shlex
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from blackmaria.record import game_from_record
from test_server_helpers import ONE_DEAL_HEARTS, Server, play_until, running_server

EXAMPLE = f"{shlex.quote(sys.executable)} {shlex.quote(str(Path(__file__).parent.parent / 'examples' / 'bots' / 'lowest_card.py'))}"
GARBAGE = f"{shlex.quote(sys.executable)} -c \"import sys\nfor line in sys.stdin: print('QS please', flush=True)\""
HANGING = f'{shlex.quote(sys.executable)} -c "import time; time.sleep(60)"'


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    programs = ["--bot", f"lowest={EXAMPLE}", "--bot", f"garbage={GARBAGE}", "--bot", f"hanging={HANGING}", "--bot-time-limit", "0.5"]
    with running_server(tmp_path_factory.mktemp("programs") / "tables.sqlite3", programs) as running:
        yield running


def test_the_lobby_offers_the_operators_programs_beside_the_levels(server: Server) -> None:
    choices = server.http.get("/api/bots").json()
    assert choices == {"levels": ["random", "easy", "medium", "hard", "expert"], "programs": ["garbage", "hanging", "lowest"]}
    code, host = server.create_table()
    refused = server.http.post(f"/api/tables/{code}/bots", json={"level": "nosuch"}, headers={"Authorization": f"Bearer {host}"})
    assert refused.status_code == 422 and "lowest" in refused.json()["detail"]


def test_a_program_plays_whole_games_and_broken_ones_are_replaced_without_stopping_the_table(server: Server) -> None:
    code, host = server.create_table({**ONE_DEAL_HEARTS, "deal_count": 2})
    seat, token = server.join(code, "Anna", 0)
    server.bots(code, host, "lowest", [1])
    server.bots(code, host, "garbage", [2])
    server.bots(code, host, "hanging", [3])
    anna = server.connect(code, token)
    started = time.monotonic()
    server.start_game(code, host)
    play_until([anna], anna.over, timeout=60)
    assert anna.errors == []
    record = server.http.get(f"/api/tables/{code}/record").json()
    game = game_from_record(record)
    assert game.is_over and len(record["deals"]) == 2
    assert record["seats"][1:] == ["Computer 2 (lowest)", "Computer 3 (garbage)", "Computer 4 (hanging)"]
    # The hanging program cost the table one time limit, then the fallback played at once.
    assert time.monotonic() - started < 30
    anna.close()


def test_the_lobby_refuses_a_flood_of_new_tables_from_one_address(tmp_path: Path) -> None:
    with running_server(tmp_path / "tables.sqlite3", ["--lobby-rate", "5"]) as limited:
        answers = [limited.http.post("/api/tables", json={"rules": "hearts"}) for _ in range(7)]
        assert [a.status_code for a in answers] == [201] * 5 + [429] * 2
        assert "more than 5 lobby requests a minute" in answers[-1].json()["detail"]
        assert int(answers[-1].headers["Retry-After"]) >= 1
        assert limited.http.get("/api/health").status_code == 200  # reading is not limited


def test_serve_refuses_a_program_it_cannot_start_and_a_table_never_waits_on_one_gone_since(tmp_path: Path) -> None:
    """A play-test: `serve --bot mine=nosuchprog` started, and the table with it answered its start with a 500 and
    stayed "playing" with no deal. The program is refused at `serve`; one gone after that is played by medium."""
    from click.testing import CliRunner

    from blackmaria.cli import main
    from blackmaria.server.tables import BotPrograms

    out = CliRunner().invoke(main, ["serve", "--port", "1", "--bot", "mine=nosuchprog --fast"])
    assert out.exit_code == 2 and "Invalid value for --bot: mine=nosuchprog --fast: no program 'nosuchprog' on the PATH" in out.output
    script = tmp_path / "bot.py"
    script.write_text("", encoding="utf-8")
    out = CliRunner().invoke(main, ["serve", "--port", "1", "--bot", f"mine={script}"])
    assert out.exit_code == 2 and "is not executable: chmod +x" in out.output
    gone = BotPrograms({"mine": str(tmp_path / "removed-since")})
    bot = gone.make("mine", 7)
    assert bot.name.startswith("medium")
