"""``--help`` in the language the command line asks for: click writes it in English from the options' own texts; in
German the same frame is written from ``locale/cli_help/de.json`` (a play-test's ``blackmaria play --help --lang de``
was all English). A text not found there stays English."""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any, Final

import click

KITTY_HELP: Final = "The cards this count leaves over lie face down as a kitty for the first trick's winner (not taken out)."
"""``--kitty``'s help, for every command that takes it (the German one is ``shared.kitty`` of ``de.json``)."""

ASKED: list[str] = []
"""The command line being run (``cli.PlayerGroup.main`` sets it): its ``--lang``, else the environment's, says the
language of the help."""


@cache
def _texts(lang: str) -> dict[str, Any] | None:
    """The help texts of ``lang``; None for English (click's own) or a language without them."""
    source = resources.files("blackmaria.locale") / "cli_help" / f"{lang}.json"
    return json.loads(source.read_text(encoding="utf-8")) if lang != "en" and source.is_file() else None


def _language() -> str:
    from blackmaria.cli import asked_language

    return asked_language(ASKED)


def _option_text(texts: dict[str, Any], command: click.Command, ctx: click.Context, param: click.Parameter) -> str | None:
    if param is command.get_help_option(ctx):
        return str(texts["shared"]["help"])
    if isinstance(param, click.Option) and param.is_flag and "--version" in param.opts:
        return str(texts["shared"]["version"])
    own = texts["commands"].get(command.name or "main", {}).get("options", {})
    said = own.get(param.name) or texts["shared"].get(param.name)
    return str(said) if said else None


def _doc(texts: dict[str, Any], command: click.Command) -> str | None:
    doc = texts["commands"].get(command.name or "main", {}).get("doc")
    return str(doc) if doc else None


def _write(command: click.Command, ctx: click.Context, formatter: click.HelpFormatter, texts: dict[str, Any]) -> None:
    """``command``'s help as click lays it out, its words from ``texts`` where they have them."""
    frame = texts["frame"]
    pieces = " ".join(command.collect_usage_pieces(ctx)).replace("[OPTIONS]", f"[{frame['options'].upper()}]")
    pieces = re.sub(r"\bARGS\b", frame["arguments"], re.sub(r"\bCOMMAND\b", frame["command"], pieces))
    formatter.write_usage(ctx.command_path, pieces, prefix=f"{frame['usage']} ")
    doc = _doc(texts, command) or command.help
    if doc:
        formatter.write_paragraph()
        with formatter.indentation():
            for number, paragraph in enumerate(doc.split("\n\n")):
                if number:
                    formatter.write_paragraph()
                formatter.write_text(paragraph)
    rows = []
    for param in command.get_params(ctx):
        record = param.get_help_record(ctx)
        if record is None:
            continue
        names, english = record
        for type_name, said_name in frame["metavars"].items():  # "--deals INTEGER RANGE" as "--deals ZAHL"
            names = re.sub(rf"(?<= ){type_name}$", said_name, names)
        own = getattr(param, "help", None) or ""
        extra = english[len(own) :] if own and english.startswith(own) else ""  # "  [default: x; 1<=x<=7]", "[required]"
        extra = re.sub(r"\bdefault:", f"{frame['default']}:", extra).replace("required", frame["required"])
        extra = re.sub(r"(?<=\d)\.(?=\d)", frame["decimal"], extra)  # "0,7" in German
        said = _option_text(texts, command, ctx, param)
        rows.append((names, (said + extra) if said else english))
    if rows:
        with formatter.section(frame["options"]):
            formatter.write_dl(rows)
    if isinstance(command, click.Group):
        subs = [(name, command.get_command(ctx, name)) for name in command.list_commands(ctx)]
        shown: list[tuple[str, click.Command]] = [(name, sub) for name, sub in subs if sub is not None and not sub.hidden]
        limit = formatter.width - 6 - max((len(name) for name, _ in shown), default=0)  # (as click's own list)
        listed = []
        for name, sub in shown:
            doc = _doc(texts, sub)
            listed.append((name, _short(doc, limit) if doc else sub.get_short_help_str(limit)))
        if listed:
            with formatter.section(frame["commands"]):
                formatter.write_dl(listed)


def _short(text: str, limit: int) -> str:
    """A command's help in one line of the list: its first sentence, or as many words as fit and "..."."""
    first = text.split("\n\n")[0].replace("\n", " ")
    sentence = first.split(". ")[0].rstrip(".") + "."
    if len(sentence) <= limit:
        return sentence
    words = first.split()
    kept = ""
    for word in words:
        if len(kept) + len(word) + 4 > limit:
            break
        kept = f"{kept} {word}".strip()
    return kept + "..."


class LocalizedCommand(click.Command):
    """A command whose ``--help`` is said in the language asked for."""

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        texts = _texts(_language())
        if texts is None:
            super().format_help(ctx, formatter)
        else:
            _write(self, ctx, formatter, texts)


class LocalizedGroup(click.Group, LocalizedCommand):
    """A group whose ``--help`` is said in the language asked for (``LocalizedCommand.format_help``, then click's
    group layout in English); its commands made with ``command()`` too."""

    command_class = LocalizedCommand


LocalizedGroup.group_class = LocalizedGroup  # (the groups a group makes: ``rules``)
