"""The base install is light: ``import blackmaria`` and a whole game need no extra; a missing extra is named."""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

HEAVY = ("numba", "numpy", "fastapi", "sqlalchemy", "textual", "uvicorn", "websockets")


def run_python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120)


def test_import_and_a_whole_game_with_rule_of_thumb_bots_load_no_extra() -> None:
    result = run_python(
        f"""
        import sys
        import blackmaria
        from blackmaria import Game
        from blackmaria.bots import make_bot
        game = Game("hearts", seed=4)
        bots = [make_bot("medium", seed=seat) for seat in range(4)]
        while not game.is_over:
            game.deal()
            while game.phase == "passing":
                for seat in range(4):
                    if not game.has_passed(seat):
                        game.pass_cards(seat, bots[seat].choose_pass(game.observation(seat)))
            while game.phase == "playing":
                game.play(bots[game.turn].choose_play(game.observation(game.turn)))
        print(sorted(m for m in {HEAVY!r} if m in sys.modules))
        print(game.winners)
        """
    )
    assert result.returncode == 0, result.stderr
    loaded, winners = result.stdout.splitlines()
    assert loaded == "[]", f"import blackmaria and a whole game loaded {loaded}"
    assert winners.startswith("(")


def test_a_command_that_needs_a_missing_extra_names_the_extra() -> None:
    # Hide fastapi as a machine without the [server] extra would.
    result = run_python(
        """
        import sys
        class Hide:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] == "fastapi":
                    raise ModuleNotFoundError(f"No module named {name!r}", name=name)
                return None
        sys.meta_path.insert(0, Hide())
        sys.argv = ["blackmaria", "serve", "--port", "1"]
        from blackmaria.extras import main
        main()
        """
    )
    assert result.returncode == 2
    assert "pip install 'blackmaria[server]'" in result.stderr and "fastapi is not installed" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_wheel_holds_every_file_the_package_reads(tmp_path: Path) -> None:
    """A plain ``pip install`` gets the catalogs, the web page and the rest, not only the Python modules."""
    root = Path(__file__).resolve().parents[1]
    package = root / "src" / "blackmaria"
    data = {
        str(path.relative_to(package.parent))
        for path in package.rglob("*")
        if path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts
    }
    assert "blackmaria/locale/catalog/de.json" in data
    # Built from a copy (the build leaves nothing in the checkout), with the build requirements pyproject.toml names,
    # as pip builds it for a user (the venv's own setuptools may be older).
    source = tmp_path / "source"
    shutil.copytree(package, source / "src" / "blackmaria", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        if (root / name).exists():
            shutil.copy(root / name, source / name)
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path), str(source)], capture_output=True, text=True
    )
    assert built.returncode == 0, built.stderr[-2000:]
    (wheel,) = tmp_path.glob("blackmaria-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        missing = data - set(archive.namelist())
    assert not missing, f"left out of the wheel: {sorted(missing)}"
