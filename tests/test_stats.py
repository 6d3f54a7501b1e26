"""blackmaria stats over real sources: records of seeded games between bots, score sheets, and a server's database."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from blackmaria.bots.base import make_bot, run_bots
from blackmaria.cards import parse_card
from blackmaria.events import TrickWon
from blackmaria.game import Game
from blackmaria.rules import preset
from blackmaria.scorekeeper import ScoreSheet
from blackmaria.server.store import Store
from blackmaria.stats import Stats, collect, render, summarize_record, summarize_sheet, to_dict

NAMES = ["Anna", "Ben", "Carla"]


def _bot_game(seed: int, names: list[str] = NAMES, deals: int = 2) -> Game:
    game = Game(preset("black-maria").replace(deal_count=deals), seats=names, seed=seed)
    bots = {seat: make_bot("medium", seed * 10 + seat) for seat in range(len(names))}
    while not game.is_over:
        if game.phase in ("not-started", "deal-over"):
            game.deal()
        run_bots(game, bots)
    return game


def _finished_sheet() -> ScoreSheet:
    """Two deals: one by cards (Carla takes the queen), one by points (nobody knows who took her)."""
    sheet = ScoreSheet(preset("black-maria").replace(deal_count=2), NAMES)
    sheet.add(sheet.from_cards(["Hx3 AS", "Hx8", "Hx2 KS QS"]))
    sheet.add(sheet.from_points([0, 20, 23]))
    return sheet


def _moon_sheet() -> ScoreSheet:
    sheet = ScoreSheet(preset("hearts").replace(target_score=None, deal_count=1), ["Anna", "Ben", "Dora", "Emil"])
    sheet.add(sheet.from_cards(["Hx13 QS", "", "", ""]))
    return sheet


def _write(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")


def test_records_of_bot_games_count_as_the_games_themselves_scored() -> None:
    games = [_bot_game(seed) for seed in (1, 2, 3)]
    stats = Stats()
    for game in games:
        summary = summarize_record(game.to_record())
        assert summary is not None
        stats.add(summary)
    queen = parse_card("QS")
    for seat, name in enumerate(NAMES):
        player = stats.by_player[name]
        taken = sum(1 for g in games for e in g.events if isinstance(e, TrickWon) and e.seat == seat and queen in e.cards)
        assert (player.games, player.deals, player.points) == (3, 6, sum(g.totals[seat] for g in games))
        assert player.wins == sum(seat in g.winners for g in games)
        assert (player.queen, player.queen_known) == (taken, 6)
    assert sum(p.queen for p in stats.by_player.values()) == 6  # one queen in each deal
    assert len(stats.by_rules) == 1 and next(iter(stats.by_rules.values())).games == 3


def test_a_sheet_by_points_knows_the_queen_where_the_points_say_it() -> None:
    """A play-test's player shot the moon on a sheet entered by points and was shown "0 of 4 known" for the queen: the
    moon's shooter took her, and so did the one player with at least her 13 points; two with 13 each may hold the
    queen or the thirteen hearts, so it is not known."""
    sheet = ScoreSheet(preset("hearts").replace(deal_count=4, target_score=None), ["Mum", "Dad", "Emma", "Jo"])
    for points in ((0, 26, 0, 0), (3, 20, 3, 0), (13, 13, 0, 0), (3, 0, 13, 10)):
        sheet.add(sheet.from_points(list(points)))
    summary = summarize_sheet(sheet)
    # (the last: only Emma has 13, so the others' 13 are hearts, and hers the queen)
    assert summary is not None and summary.queen == (1, 1, None, 2), summary.queen


def test_a_sheet_counts_points_moons_and_only_the_queens_it_knows() -> None:
    stats = Stats()
    for sheet in (_finished_sheet(), _moon_sheet()):
        summary = summarize_sheet(sheet)
        assert summary is not None
        stats.add(summary)
    text = render(stats, "en", "nowhere")
    assert text.splitlines()[:10] == [
        "2 finished games: 0 played, 2 from score sheets.",
        "",
        "By player",
        "player  games  wins  deals  avg/deal  moons   queen taken",
        "------  -----  ----  -----  --------  -----  ------------",
        "Anna        2     2      3       3.3      1  1 of 2 known",
        "Ben         2     0      3      18.0      0  0 of 2 known",
        "Carla       1     0      2      24.0      0  1 of 1 known",
        "Dora        1     0      1      26.0      0             0",
        "Emil        1     0      1      26.0      0             0",
    ]
    assert "Anna   ############################## 2" in text
    assert "Rule set: Hearts, 1 deal, 4 players (1 game)" in text
    assert text.splitlines()[-1].startswith("Queen taken counts deals; a deal on a score sheet kept by points tells who took her only")
    german = render(stats, "de", "nirgends")
    assert "Spieler  Partien  Siege  Spiele  Ø/Spiel  Monde  Pik-Dame" in german and "3,3" in german
    assert summarize_sheet(ScoreSheet(preset("black-maria"), NAMES)) is None  # a game still going on is not counted
    # The moons column where a moon may be shot: the Hearts table and the overall one, not Black Maria's (which has
    # none; a play-test read a column of zeros there).
    tables = text.split("Rule set: ")
    black_maria = next(part for part in tables if part.startswith("Black Maria"))
    hearts = next(part for part in tables if part.startswith("Hearts"))
    assert "moons" not in black_maria and "player  games  wins  deals  avg/deal   queen taken" in black_maria
    assert "moons" in hearts and "moons" in tables[0]
    alone, black_maria_only = Stats(), summarize_sheet(_finished_sheet())
    assert black_maria_only is not None
    alone.add(black_maria_only)
    assert "moons" not in render(alone, "en", "nowhere")


def test_the_command_reads_the_data_directory_and_a_servers_database(tmp_path: Path) -> None:
    data = tmp_path / "data"
    played = _bot_game(4)
    _write(data / "finished" / "game-20250101-120000.json", played.to_record())
    _write(data / "scoresheet.json", _finished_sheet().to_json())
    unfinished = ScoreSheet(preset("black-maria"), NAMES)
    unfinished.add(unfinished.from_points([10, 10, 23]))
    _write(data / "old" / "unfinished-sheet.json", unfinished.to_json())
    _write(data / "current-game.json", {"format": "blackmaria-save/1", "record": _bot_game(5, deals=3).to_record()})
    _write(data / "broken.json", '{"format": "blackmaria/1", "rules": "no-such-preset"')
    # Skipped with a word too: another version's record and JSON that is no object (a play-test's were passed over);
    # JSON of no format of this program's is passed over quietly.
    _write(data / "future.json", {"format": "blackmaria/2", "deals": []})
    _write(data / "list.json", [1, 2, 3])
    _write(data / "settings.json", {"theme": "dark"})

    store_url = f"sqlite:///{tmp_path / 'server.sqlite3'}"
    store = Store(store_url)
    online = _bot_game(6, ["Anna", "Zoe", "Ben"])
    table = store.create_table("ABCDEF", online.rules.to_dict(), 3, "0" * 64)
    store.start_game(table, 1, "seed", list(online.seats))
    store.finish_game(table, 1, online.to_record())
    store.start_game(table, 2, "seed", list(online.seats))  # still being played: no record yet
    store.close()

    stats, where = collect(data, store_url)
    assert (stats.games, stats.records, stats.sheets) == (3, 2, 1)
    assert where == f"{data}, {store_url}"
    assert [source for source, _ in stats.skipped] == [str(data / name) for name in ("broken.json", "future.json", "list.json")]
    assert "format 'blackmaria/2' is not one this version reads" in stats.skipped[1][1]
    assert stats.by_player["Anna"].games == 3 and stats.by_player["Zoe"].games == 1
    assert stats.by_player["Ben"].queen_known == 2 + 2 + 1  # two played games of two deals, one sheet deal by cards
    summary = to_dict(stats)
    assert summary["rule_sets"][0]["games"] == 3 and summary["rule_sets"][0]["title"] == "Black Maria, 2 deals, 3 players"

    env = {**os.environ, "BLACKMARIA_DATA_DIR": str(data)}
    run = subprocess.run(
        [sys.executable, "-m", "blackmaria.cli", "stats", "--lang", "de", "--db", store_url, "--dir", str(data)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("3 beendete Partien: 2 gespielt, 1 aus Punktelisten.")
    assert f"übersprungen: {data / 'broken.json'}:" in run.stderr
    as_json = subprocess.run(
        [sys.executable, "-m", "blackmaria.cli", "stats", "--json"], capture_output=True, text=True, env=env, timeout=60
    )
    assert json.loads(as_json.stdout)["games"] == 2  # the data directory alone
    empty = subprocess.run(
        [sys.executable, "-m", "blackmaria.cli", "stats", "--dir", str(tmp_path / "none")],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert empty.stdout.strip() == f"No finished games found (looked in {tmp_path / 'none'})."


def test_a_finished_game_saved_again_counts_once(tmp_path: Path, monkeypatch: Any) -> None:
    """Bug 1: saving a finished game again (Ctrl+Q on the game-over screen) wrote a second, identical file, and
    stats counted one 9-deal game as 2 games and 18 deals."""
    import itertools

    from blackmaria.tui import session as session_module

    monkeypatch.setenv("BLACKMARIA_DATA_DIR", str(tmp_path))
    clock = itertools.count()
    monkeypatch.setattr(session_module.time, "strftime", lambda fmt, *a: f"game-20260101-{next(clock):06d}")  # each save a new second
    game = _bot_game(4, deals=3)
    session = session_module.PlaySession(game, 0, ["easy"], "en", 4, tmp_path / "saves" / "game-a.json")
    session.save()  # when the game ended
    session.save()  # Ctrl+Q on the game-over screen
    assert len(list((tmp_path / "finished").glob("*.json"))) == 1
    (tmp_path / "exported.json").write_text(json.dumps(game.to_record()), encoding="utf-8")  # blackmaria export into the folder
    stats, _ = collect(tmp_path, None)
    assert stats.games == 1 and stats.by_player["Anna"].deals == 3 and stats.by_player["Anna"].games == 1


def test_each_file_of_the_data_directory_is_read_and_parsed_once(tmp_path: Path, monkeypatch: Any) -> None:
    """Review: from_directory parsed every file twice (once to find copies, once to summarize it)."""
    import blackmaria.stats as stats_module
    from blackmaria.stats import from_directory

    (tmp_path / "a.json").write_text(json.dumps(_bot_game(1).to_record()), encoding="utf-8")
    (tmp_path / "b.json").write_text(_finished_sheet().to_json(), encoding="utf-8")
    parsed: list[int] = []
    loads = json.loads

    def counting(text: str | bytes, **kwargs: Any) -> Any:
        parsed.append(1)
        return loads(text, **kwargs)

    monkeypatch.setattr(stats_module.json, "loads", counting)
    stats = Stats()
    from_directory(tmp_path, stats)
    assert len(parsed) == 2 and not stats.skipped
    assert (stats.games, stats.records, stats.sheets) == (2, 1, 1)


def test_the_terminals_player_is_one_whatever_the_language_played_in() -> None:
    """A play-test's stats listed "Du" and "You" as two players, and "Nord" beside "North"."""
    english = _bot_game(1, ["You", "West", "East"], deals=1)
    german = _bot_game(2, ["Du", "West", "Ost"], deals=1)
    four = Game(preset("hearts").replace(deal_count=1, target_score=None), seats=["Süd", "West", "Nord", "Du"], seed=3)
    bots = {seat: make_bot("easy", seat) for seat in range(4)}
    four.deal()
    run_bots(four, bots)
    for lang, you, east in (("en", "You", "East"), ("de", "Du", "Ost")):
        stats = Stats(lang)
        for game in (english, german, four):
            summary = summarize_record(game.to_record())
            assert summary is not None
            stats.add(summary)
        assert stats.by_player[you].games == 3 and stats.by_player[east].games == 2
        assert stats.by_player[you].points == english.totals[0] + german.totals[0] + four.totals[3]
        assert {"You", "Du"} - {you} == {"You", "Du"} - set(stats.by_player)
    text = render(stats, "de", "nowhere")
    assert "Regeln: Hearts, 1 Spiel, 4 Spieler" in text or "Hearts, 1 Spiel" in text
