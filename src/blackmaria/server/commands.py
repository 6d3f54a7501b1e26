"""The ``serve`` and ``verify`` commands (registered in ``blackmaria.cli``)."""

from __future__ import annotations

import json
import sys
from typing import IO

import click

from blackmaria.cli_help import LocalizedCommand


def database_url(value: str) -> str:
    """``--db``'s database: a SQLAlchemy URL as given, or a file path as a SQLite URL (a play-test gave a path and
    read SQLAlchemy's traceback)."""
    from pathlib import Path

    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    if "://" not in value:
        path = Path(value).expanduser().resolve()
        if not path.parent.is_dir():
            raise click.BadParameter(f"{value!r}: the folder {str(path.parent)!r} does not exist", param_hint="--db")
        return f"sqlite:///{path}"
    try:
        make_url(value).get_dialect()
    except (ArgumentError, NoSuchModuleError) as error:
        raise click.BadParameter(
            f"{value!r} is not a database URL ({error}): give sqlite:///FILE, postgresql+psycopg://USER@HOST/NAME or a file path",
            param_hint="--db",
        ) from None
    return value


@click.command(cls=LocalizedCommand)
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=int, default=8000, show_default=True, help="Port to listen on.")
@click.option(
    "--db",
    "db_url",
    default=None,
    help="SQLAlchemy database URL, or the path of a SQLite file (default: a SQLite file in the user's data directory).",
)
@click.option("--log-level", default="info", show_default=True, type=click.Choice(["critical", "error", "warning", "info", "debug"]))
@click.option(
    "--ws-compression/--no-ws-compression",
    default=False,
    show_default=True,
    help="Offer permessage-deflate on WebSockets (less traffic, more CPU per message).",
)
@click.option(
    "--bot",
    "bot_programs",
    multiple=True,
    metavar="NAME=COMMAND",
    help="Let tables seat a bot program (protocol blackmaria-bot/1) under NAME; repeat for more.",
)
@click.option("--bot-time-limit", type=float, default=2.0, show_default=True, help="Seconds a bot program may take per answer.")
@click.option(
    "--lobby-rate",
    type=click.FloatRange(min=0),
    default=120,
    show_default=True,
    help="Lobby POST requests (new tables, seats, bots, starts) allowed per minute from one address; 0 for no limit.",
)
def serve(
    host: str,
    port: int,
    db_url: str | None,
    log_level: str,
    ws_compression: bool,
    bot_programs: tuple[str, ...],
    bot_time_limit: float,
    lobby_rate: float,
) -> None:
    """Serve online tables: the lobby over HTTP (/docs) and play over WebSocket (/ws/CODE)."""
    import uvicorn

    from blackmaria.bots.base import LEVELS
    from blackmaria.bots.external import program_problem
    from blackmaria.server.app import create_app
    from blackmaria.server.protocol import TRANSPORT_MAX_BYTES
    from blackmaria.server.store import default_url
    from blackmaria.server.tables import BotPrograms

    commands: dict[str, str] = {}
    for entry in bot_programs:
        name, sep, command = entry.partition("=")
        name = name.strip()
        if not sep or not name or not command.strip():
            raise click.BadParameter(
                f"{entry!r}: write NAME=COMMAND, e.g. lowest='python examples/bots/lowest_card.py'", param_hint="--bot"
            )
        if name in LEVELS or len(name) > 24 or not name.replace("-", "").replace("_", "").isalnum():
            raise click.BadParameter(
                f"{name!r}: a bot program's name is up to 24 letters, digits, - or _, and not a built-in level", param_hint="--bot"
            )
        problem = program_problem(command.strip())
        if problem is not None:  # named now, not as a table's start that fails
            raise click.BadParameter(f"{name}={command.strip()}: {problem}", param_hint="--bot")
        commands[name] = command.strip()
    if bot_time_limit <= 0:
        raise click.BadParameter(f"{bot_time_limit}: give a positive number of seconds", param_hint="--bot-time-limit")
    url = database_url(db_url) if db_url else default_url()
    # The game's page first: a play-test opened the API's pages (/docs) that this line named and looked for the game.
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    from blackmaria.cli import asked_language
    from blackmaria.locale import Texts

    said = Texts(asked_language(sys.argv[1:]))("serve_started", url=f"http://{shown}:{port}/", database=url)
    click.echo(said, err=True)  # (in the language of the environment, as the rest of the command line's words)
    uvicorn.run(
        create_app(url, BotPrograms(commands, bot_time_limit), lobby_rate),
        host=host,
        port=port,
        log_level=log_level,
        ws="websockets-sansio",
        ws_max_size=TRANSPORT_MAX_BYTES,
        ws_per_message_deflate=ws_compression,
    )


@click.command(cls=LocalizedCommand)
@click.argument("file", type=click.File("r", encoding="utf-8"))
@click.option("--json", "as_json", is_flag=True, help="Print {deals: [{deal, ok, message}], ok} as JSON.")
def verify(file: IO[str], as_json: bool) -> None:
    """Check a server's game record (FILE, or - for standard input): every deal's shuffle commitment and hands.

    Prints a line for each deal. Exits 0 when the record replays under its
    rules and every deal's deck and salt hash to the published SHA-256 and deal
    exactly the recorded hands; exits 1 when any deal does not (its line says
    why), or when the record holds no shuffle at all (a game not kept by a
    server: blackmaria replay checks its plays).
    """
    from blackmaria.record import RecordError
    from blackmaria.server.shuffle import NO_SHUFFLE_WHY, verify_record

    text = file.read()
    try:
        checks = verify_record(text)
    except (RecordError, ValueError) as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(1)
    ok = bool(checks) and all(check.ok for check in checks)
    if checks and not as_json and not any(check.committed for check in checks):
        # One line, not the same one for every deal (a record saved by a local game, say).
        click.echo(f"error: no deal of this record holds a shuffle commitment: {NO_SHUFFLE_WHY}", err=True)
        sys.exit(1)
    if as_json:
        click.echo(json.dumps({"ok": ok, "deals": [{"deal": c.deal, "ok": c.ok, "message": c.message} for c in checks]}))
    else:
        for check in checks:
            click.echo(check.message, err=not check.ok)
        if not checks:
            click.echo("error: the record holds no finished deal", err=True)
    sys.exit(0 if ok else 1)
