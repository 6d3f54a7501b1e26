"""The ``blackmaria`` command."""

from __future__ import annotations

import json
import re
import shutil
import sys
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Final, Protocol, TypeVar, cast

import click

from blackmaria import cli_help
from blackmaria.cli_help import KITTY_HELP, LocalizedGroup
from blackmaria.record import RecordError, game_from_record, replay_summary
from blackmaria.rules import PRESETS, PresetPlayersError, Rules, RulesError, load_rules, with_kitty

if TYPE_CHECKING:
    from blackmaria.game import Game
    from blackmaria.locale import Texts
    from blackmaria.scorekeeper import ScoreSheet
    from blackmaria.tui.online import OnlineSeat
    from blackmaria.tui.session import SavedGame


lang_option = click.option(
    "--lang",
    type=click.Choice(["en", "de"], case_sensitive=False),  # (DE was refused: a play-test)
    default=None,
    help="Language (default: from the environment's locale).",
)


online_autoplay_option = click.option(
    "--no-autoplay",
    is_flag=True,
    help="Do not play a forced card (the only legal one) for you automatically (typed, auto turns it off and on).",
)


def resume_option(what: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """``--resume [NAME]``: continue ``what``, the one named, the only one, or one chosen from the list."""
    return click.option(
        "--resume",
        "resume",
        is_flag=False,
        flag_value="",
        default=None,
        metavar="[NAME]",
        help=f"Continue {what}: the one named, the only one, or one chosen from the list.",
    )


class _Saved(Protocol):
    @property
    def name(self) -> str: ...


Chosen = TypeVar("Chosen", bound=_Saved)


def wrapped(text: str, indent: str = "") -> str:
    """A sentence broken between words at the terminal's width (a play-test read "--resume conti" / "nues one"), its
    further lines after ``indent``."""
    # Not at hyphens, nor inside a long word: a path or an option broken in two cannot be copied (a play-test).
    width = max(40, min(shutil.get_terminal_size().columns, 100) - 1)
    return "\n".join(
        textwrap.fill(part, width, subsequent_indent=indent, break_on_hyphens=False, break_long_words=False) for part in text.split("\n")
    )


def rules_error_text(error: RulesError, texts: Texts | None) -> str:
    """What ``error`` says, in the language of ``texts`` where the core gave its facts (an unknown preset, a preset
    for other counts); else the core's own words."""
    if texts is None or texts.lang == "en" or not error.code:
        return str(error)
    facts = error.facts
    if error.code == "unknown-preset":
        key = "cli_unknown_preset_near" if facts["nearest"] else "cli_unknown_preset"
        return texts(key, name=facts["name"], nearest=facts["nearest"], presets=", ".join(PRESETS))
    if error.code == "preset-players":
        low, high = cast(tuple[int, int], facts["count"])
        count = str(low) if low == high else texts("cli_range", low=low, high=high)
        others = ", ".join(cast(list[str], facts["others"]))
        key = "cli_preset_players_others" if others else "cli_preset_players"
        return texts(key, players=facts["players"], preset=facts["preset"], count=count, others=others)
    return str(error)


def checked_rules(rules: str, players: int | None, hint: str = "--rules", texts: Texts | None = None) -> Rules:
    """The rule set ``rules`` names (a preset or a house-rules file) for ``players``; a usage error that names the
    option (``hint``) and what was wrong, in the language of ``texts`` where it can: a file that is not there, a
    preset not made for that many players."""
    looks_like_file = rules.endswith((".toml", ".json")) or "/" in rules or "\\" in rules
    if looks_like_file and rules not in PRESETS and not Path(rules).exists():
        raise click.BadParameter(f"{rules}: no such house-rules file (the presets are {', '.join(PRESETS)})", param_hint=hint)
    try:
        return load_rules(rules, players)
    except PresetPlayersError as error:  # the preset is fine, the count is not: the --players option's fault
        raise click.BadParameter(rules_error_text(error, texts), param_hint="--players") from error
    except RulesError as error:
        hint = f"{hint}/--players" if players is not None and error.code != "unknown-preset" else hint
        raise click.BadParameter(rules_error_text(error, texts), param_hint=hint) from error


def _rules_option(
    rules: str, players: int | None, kitty: bool = False, deals: int | None = None, target: int | None = None, texts: Texts | None = None
) -> Rules:
    rule_set = checked_rules(rules, players, texts=texts)
    if kitty:
        try:
            rule_set = with_kitty(rules, rule_set)
        except RulesError as error:  # nothing left over at this count
            raise click.BadParameter(str(error), param_hint="--kitty") from error
    if deals is not None and target is not None:
        raise click.UsageError("--deals and --target both say when the game ends: give one of them.")
    # As the lobby's "ends after N deals / at N points": the one end chosen replaces the rule set's.
    if deals is not None:
        rule_set = rule_set.replace(deal_count=deals, target_score=None)
    elif target is not None:
        rule_set = rule_set.replace(target_score=target, deal_count=None)
    return rule_set


def game_end_options(command: Callable[..., None]) -> Callable[..., None]:
    """``--deals N`` or ``--target POINTS``: a shorter (or longer) game than the rule set's without a house-rules file."""
    command = click.option(
        "--target", type=click.IntRange(1, 10_000), default=None, help="End the game when someone reaches this many points."
    )(command)
    return click.option(
        "--deals", type=click.IntRange(1, 1_000), default=None, help="End the game after this many deals (--deals 2: a short game)."
    )(command)


def asked_language(args: list[str]) -> str:
    """The language a command line asks for (``--lang``, else the environment's), for its usage errors."""
    from blackmaria.locale import detect_language

    asked = None
    for i, arg in enumerate(args):
        if arg == "--lang" and i + 1 < len(args):
            asked = args[i + 1]
        elif arg.startswith("--lang="):
            asked = arg.split("=", 1)[1]
    try:
        return detect_language(asked.lower() if asked else None)
    except ValueError:
        return "en"


def show_usage_error(error: click.UsageError, lang: str, argv: Sequence[str] = ()) -> None:
    """``error`` as click shows it ("Usage: ...", "Try ... for help.", "Error: ..."), the frame in ``lang`` too: a
    German player's mistyped option was answered in English only (a play-test); so are click's own refusals of an
    unknown option and of a number option's value (``_type_error_text``)."""
    if lang == "en":
        error.show()
        return
    from blackmaria.locale import Texts

    t = Texts(lang)
    ctx = error.ctx
    lines = []
    if ctx is not None:
        usage = ctx.get_usage().split(":", 1)[-1].strip().replace("[OPTIONS]", "[OPTIONEN]").replace("COMMAND [ARGS]", "BEFEHL [ARGUMENTE]")
        lines.append(t("cli_usage_line", usage=usage))
        if ctx.command.get_help_option(ctx) is not None:
            lines.append(t("cli_try_help", command=ctx.command_path))
        lines.append("")
    message = error.format_message()
    no_such_command = getattr(click.exceptions, "NoSuchCommand", None)  # (click 8.2 and later)
    if isinstance(error, click.NoSuchOption):
        near = t("cli_did_you_mean", options=", ".join(error.possibilities)) if error.possibilities else ""
        message = t("cli_no_such_option", option=error.option_name) + near
    elif no_such_command is not None and isinstance(error, no_such_command):
        # "plya": said in German too (it was click's English, a play-test)
        near = t("cli_did_you_mean", options=", ".join(error.possibilities)) if error.possibilities else ""
        message = t("cli_no_such_command", command=error.command_name) + near
    elif match := re.match(r"No such command '([^']*)'\.", error.message):  # (click before 8.4: the words alone)
        message = t("cli_no_such_command", command=match.group(1))
    elif isinstance(error, click.BadParameter):
        hint = error.param_hint if error.param_hint is not None else error.param.get_error_hint(ctx) if error.param and ctx else None
        if hint is not None:
            option = (" / ".join(hint) if isinstance(hint, (list, tuple)) else str(hint)).strip("'")
            said = _type_error_text(error.param, argv, t) if error.param is not None else None
            message = t("cli_invalid_value", option=option, message=said or error.message)
    lines.append(t("cli_error", message=message))
    click.echo("\n".join(lines), err=True)


def _type_error_text(param: click.Parameter, argv: Sequence[str], t: Texts) -> str | None:
    """Click's own refusal of a number option's value ("0 is not in the range 1<=x<=1000", "'abc' is not a valid
    float"), said in ``t``'s language: a play-test's German command line was answered so in English. None for others."""
    values = [argv[i + 1] for i, arg in enumerate(argv[:-1]) if arg in param.opts]
    values += [arg.split("=", 1)[1] for arg in argv for opt in param.opts if arg.startswith(f"{opt}=")]
    kind = param.type
    if not values or not isinstance(kind, click.types.IntParamType | click.types.FloatParamType):
        return None
    value = values[-1]
    whole = isinstance(kind, click.types.IntParamType)
    try:
        int(value) if whole else float(value)
    except ValueError:
        return t("cli_not_whole_number" if whole else "cli_not_number", value=value)
    if isinstance(kind, click.IntRange | click.FloatRange):
        low, high = kind.min, kind.max
        where = (
            t("cli_range", low=low, high=high)
            if low is not None and high is not None
            else t("cli_at_least", low=low)
            if low is not None
            else t("cli_at_most", high=high)
        )
        return t("cli_out_of_range", value=value, range=where)
    return None


class PlayerGroup(LocalizedGroup):
    """The command group: its usage errors and its help said in the language the command line asks for
    (``show_usage_error``, ``cli_help``)."""

    def main(  # type: ignore[override]
        self,
        args: list[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: object,
    ) -> object:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        argv = list(sys.argv[1:] if args is None else args)
        cli_help.ASKED[:] = argv
        try:
            done = super().main(argv, prog_name, complete_var, False, **extra)
        except click.UsageError as error:
            show_usage_error(error, asked_language(argv), argv)
            sys.exit(error.exit_code)
        except click.ClickException as error:
            if asked_language(argv) == "en":
                error.show()
            else:  # "Fehler:", not "Error:", before a German message (a play-test)
                from blackmaria.locale import Texts

                click.echo(Texts(asked_language(argv))("cli_error", message=error.format_message()), err=True)
            sys.exit(error.exit_code)
        except click.Abort:
            from blackmaria.locale import Texts

            click.echo(Texts(asked_language(argv))("cli_aborted"), err=True)
            sys.exit(1)
        finally:
            cli_help.ASKED.clear()  # (another command line in this process, a test's, asks anew)
        sys.exit(done if isinstance(done, int) else 0)


def lang_defaults(group: click.Group, lang: str) -> dict[str, Any]:
    """``--lang`` as the default of every command under ``group`` that takes one (click's ``default_map``)."""
    found: dict[str, Any] = {}
    for name, command in group.commands.items():
        defaults: dict[str, Any] = {"lang": lang} if any(param.name == "lang" for param in command.params) else {}
        if isinstance(command, click.Group):
            defaults.update(lang_defaults(command, lang))
        if defaults:
            found[name] = defaults
    return found


@click.group(cls=PlayerGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="blackmaria")
@click.option(
    "--lang",
    type=click.Choice(["en", "de"], case_sensitive=False),
    default=None,
    help="Language of this help, and of the command after it (as its own --lang).",
)
@click.pass_context
def main(ctx: click.Context, lang: str | None) -> None:
    """Black Maria and the Hearts family: rules, play, replay and benchmarks."""
    # (a German user's "blackmaria --help --lang de" was refused: the option was the commands' alone, a play-test)
    if lang is not None:
        ctx.default_map = lang_defaults(main, lang.lower())


@main.group(invoke_without_command=True)
@lang_option
@click.pass_context
def rules(ctx: click.Context, lang: str | None) -> None:
    """List the named presets ("rules show NAME" prints one in full)."""
    if ctx.invoked_subcommand is None:
        from blackmaria.locale import Texts, detect_language

        t = Texts(detect_language(lang and lang.lower()))  # (a German user's list was English: a play-test)
        counts: dict[str, str] = {}
        for info in PRESETS.values():
            low, high = info.player_range
            counts[info.name] = t("rules_list_players", players=f"{low}" if low == high else f"{low}-{high}")
        name_width = max(len(name) for name in PRESETS)
        count_width = max(len(count) for count in counts.values())
        indent = " " * (name_width + count_width + 4)
        width = max(60, shutil.get_terminal_size().columns - 1)
        for info in PRESETS.values():
            # (info.source names the rule page the preset comes from: for the docs, not a player's list.)
            line = f"{info.name:<{name_width}}  {counts[info.name]:>{count_width}}  {info.summary_in(t.lang)}"
            click.echo(textwrap.fill(line, width, subsequent_indent=indent, break_on_hyphens=False))


@rules.command("show")
@click.argument("name")
@click.option("--players", type=int, default=None, help="Seat count, if not the preset's own.")
@click.option("--json", "as_json", is_flag=True, help="Print the rule set as JSON.")
@click.option("--toml", "as_toml", is_flag=True, help="Print the rule set as a TOML house-rules file.")
@lang_option
def rules_show(name: str, players: int | None, as_json: bool, as_toml: bool, lang: str | None) -> None:
    """Print a preset or house-rules file (NAME) in full and in words."""
    from blackmaria.locale import Texts, detect_language

    t = Texts(detect_language(lang and lang.lower()))  # (German was refused: `--lang` was the game's alone, a play-test)
    rule_set = checked_rules(name, players, hint="NAME", texts=t)
    if as_json:
        click.echo(rule_set.to_json())
        return
    if as_toml:
        click.echo(rule_set.to_toml(), nl=False)
        return
    changed = rule_set.changes_from_preset()
    click.echo(t("welcome", rules=t.rules_title(rule_set.preset, bool(changed)), players=rule_set.players))
    if changed:
        click.echo(t("rules_changed", options=", ".join(changed)))
    click.echo("")
    for line in rule_set.describe(t.lang):
        click.echo(f"  {line}")
    click.echo("")
    click.echo(t("rules_options"))
    for key, value in rule_set.to_dict().items():
        if key != "preset":
            click.echo(f"  {key} = {json.dumps(value, ensure_ascii=False)}")


@main.command()
@click.argument("file", type=click.File("r", encoding="utf-8"))
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output: deals[i].points and totals.")
@click.option("--tricks", is_flag=True, help="Also every deal's passes and tricks, card by card, with who took each.")
def replay(file: IO[str], as_json: bool, tricks: bool) -> None:
    """Check a blackmaria/1 game record (FILE, or - for standard input) and print its scores."""
    text = file.read()
    try:
        game = game_from_record(text)
    except RecordError as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(1)
    summary = replay_summary(game)
    if as_json:
        click.echo(json.dumps(summary))
        return
    from blackmaria.locale import Texts

    names = game.seats
    click.echo(f"{Texts('en').game_title(game.rules)}, {game.players} players: {', '.join(names)}")
    if tricks:
        for line in _played_lines(game):
            click.echo(line)
        click.echo("")
    click.echo("deal  " + "  ".join(f"{name:>10}" for name in names))
    for index, deal in enumerate(summary["deals"]):
        if deal["points"] is None:
            click.echo(f"{index + 1:>4}  (in progress)")
        else:
            moon = f"  moon: {names[deal['moon_shooter']]}" if deal["moon_shooter"] is not None else ""
            click.echo(f"{index + 1:>4}  " + "  ".join(f"{p:>10}" for p in deal["points"]) + moon)
    click.echo("total " + "  ".join(f"{t:>10}" for t in summary["totals"]))
    if game.is_over:
        click.echo("winner: " + ", ".join(names[w] for w in game.winners))
    else:
        click.echo(f"game in progress ({game.phase})")


def _played_lines(game: Game) -> list[str]:
    """Each deal's passes and tricks as the record's events tell them (a play-test expected replay to show the game)."""
    from blackmaria.cards import card_symbol, in_hand_order
    from blackmaria.events import CardDrawn, CardPlayed, CardsPassed, DealScored, DealStarted, KittyTaken, TrickWon

    names, lines = game.seats, []
    plays: list[str] = []
    for event in game.events:
        if isinstance(event, DealStarted):
            # (a two-player game read "pass hold", as if a pass were to come)
            passing = "no pass" if event.direction == "hold" else f"pass {event.direction}"
            lines += ["", f"Deal {event.deal + 1}: dealer {names[event.dealer]}, {passing}"]
        elif isinstance(event, CardsPassed) and event.cards:
            # as a hand shows them (a play-test read "Q♠ K♠ A♠", "7♥ J♣ A♦" in the order they were chosen)
            lines.append(f"  {names[event.seat]} to {names[event.to_seat]}: {' '.join(map(card_symbol, in_hand_order(event.cards)))}")
        elif isinstance(event, CardPlayed):
            plays.append(f"{names[event.seat]} {card_symbol(event.card)}")
        elif isinstance(event, TrickWon):
            points = f"{event.points} point{'' if abs(event.points) == 1 else 's'}"
            lines.append(f"  trick {event.trick + 1:>2}: {', '.join(plays)}  -> {names[event.seat]} ({points})")
            plays = []
        elif isinstance(event, CardDrawn) and event.card is not None:  # the stock's draws, the record's whole game
            # (past tense: right after "You" as after a name; "You draws K♦" read a play-test)
            lines.append(f"    {names[event.seat]} drew {card_symbol(event.card)}")
        elif isinstance(event, KittyTaken) and event.cards:
            lines.append(f"    {names[event.seat]} took the kitty: {' '.join(map(card_symbol, event.cards))}")
        elif isinstance(event, DealScored):
            lines.append("  points: " + ", ".join(f"{names[seat]} {points}" for seat, points in enumerate(event.points)))
    return lines


@main.command()
@click.option("--rules", "rules_name", default="black-maria", show_default=True, help="Preset name or house-rules file.")
@click.option("--players", type=int, default=None, help="Seat count, if not the preset's own.")
@click.option("--kitty", is_flag=True, help=KITTY_HELP)
@game_end_options
@click.option(
    "--seat",
    default="1",
    show_default=True,
    help="Your seat: a number from 1 (as join and the lobby number them), or a seat name (South, West, ...: as the table names them).",
)
@click.option("--name", default=None, help="Your name at the table.")
@click.option(
    "--bots",
    "levels",
    default="medium",
    show_default=True,
    help="Computer players' levels (random, easy, medium, hard, expert; or your own bot, cmd:COMMAND or policy:PATH): "
    "one for all, or a comma list in seat order (the last fills the seats after it, as in a tournament).",
)
@click.option("--seed", type=int, default=None, help="Seed for a repeatable game.")
@lang_option
@click.option("--plain", is_flag=True, help="Line by line on standard output, answers from standard input.")
@resume_option("a saved game")
@click.option("--game", "game_name", default=None, help="A name for the new game's save (default: game-DATE-TIME).")
@click.option("--list", "list_games", is_flag=True, help="List the saved games in progress and exit.")
@click.option(
    "--speed",
    type=click.FloatRange(0, 10),
    default=None,
    help="Seconds per computer card (0: at once; F8 changes it) [default: 0.7, or the resumed game's].",
)
@click.option(
    "--no-autoplay", is_flag=True, help="Do not play your forced cards (the only legal one) by itself (a resumed game keeps its choice)."
)
def play(
    rules_name: str,
    players: int | None,
    kitty: bool,
    deals: int | None,
    target: int | None,
    seat: str,
    name: str | None,
    levels: str,
    seed: int | None,
    lang: str | None,
    plain: bool,
    resume: str | None,
    game_name: str | None,
    list_games: bool,
    speed: float | None,
    no_autoplay: bool,
) -> None:
    """Play a whole game in the terminal against computer players (saved after every action; several games can be kept)."""
    from blackmaria.bots.base import LEVELS
    from blackmaria.locale import Texts, detect_language, level_named
    from blackmaria.tui.session import PlaySession, new_session, read_saves, save_path_for, saves_dir, seat_names

    language = detect_language(lang)
    texts = Texts(language)
    line_by_line = plain or not _on_a_terminal()
    games, unreadable = read_saves()
    context = click.get_current_context()
    settings = [
        param.opts[0]
        for param in context.command.params
        if param.name in ("rules_name", "players", "kitty", "deals", "target", "seat", "name", "levels", "seed", "game_name")
        and context.get_parameter_source(param.name) in (click.core.ParameterSource.COMMANDLINE, click.core.ParameterSource.ENVIRONMENT)
    ]
    if games and resume is None and not list_games and not line_by_line and not settings and _can_ask():
        # A plain `blackmaria play` with games saved offers them first: a play-test's second start began a new game,
        # and the word that the saved one was kept had scrolled out of the story before it was read.
        resume = _offer_saved(texts, games)
    if list_games or resume is not None:
        for path, why in unreadable:  # (named, not passed over: a save cut short vanished from the list without a word)
            click.echo(wrapped(texts("save_unreadable", path=str(path), why=why)), err=True)
    if list_games:
        click.echo(_saved_list(texts, games) if games else texts("no_save_listed"))
        return
    if resume is not None:
        # A play-test's `--resume NAME --rules black-maria --players 5` went on with the saved hearts game without a word.
        if settings:
            raise click.UsageError(texts("cli_resume_keeps", options=", ".join(settings)), context)
        if not games:
            raise click.ClickException(texts("no_save"))
        path = _choose(texts, games, resume, lambda: _saved_list(texts, games), ("save_unknown", "saves_which")).path
        try:
            # The full-screen game's story tells the totals; the score sheet opens in a view (GameApp).
            session = PlaySession.resume(path, lang, sheet_in_story=line_by_line)
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise click.ClickException(f"{path}: {error}") from None
        if session.game.is_over:
            raise click.ClickException(texts("resume_over"))
    else:
        rule_set = _rules_option(rules_name, players, kitty, deals, target, texts)
        seat_list = seat_names(language, rule_set.players)
        names = [n.lower() for n in seat_list]
        if seat.isdigit() and 1 <= int(seat) <= rule_set.players:
            human = int(seat) - 1
        elif seat.lower() in names:
            human = names.index(seat.lower())
        else:
            raise click.BadParameter(
                texts("cli_seat_unknown", seat=seat, players=rule_set.players, names=", ".join(seat_list)), param_hint="--seat"
            )
        level_list = [level_named(level, LEVELS) for level in levels.split(",") if level.strip()]
        computers = rule_set.players - 1
        if len(level_list) > computers:  # (a play-test's fourth level for two computer seats was dropped without a word)
            raise click.BadParameter(
                texts("cli_too_many_levels", count=len(level_list), computers=computers, players=rule_set.players), param_hint="--bots"
            )
        for level in level_list:
            if level.startswith(("cmd:", "policy:")):  # a bot writer's own program or trained policy, checked once here
                from blackmaria.tournament import parse_bot

                try:
                    parse_bot(level)
                except ValueError as error:
                    raise click.BadParameter(str(error), param_hint="--bots") from None
            elif level not in LEVELS:
                raise click.BadParameter(texts("cli_unknown_level", level=level, levels=", ".join(LEVELS)), param_hint="--bots")
        if game_name is not None:
            try:
                path = save_path_for(game_name)
            except ValueError as error:
                raise click.BadParameter(str(error), param_hint="--game") from None
            if path.exists():
                raise click.ClickException(texts("save_exists", name=game_name))
        else:
            from blackmaria.tui.session import new_game_name

            path = saves_dir() / f"{new_game_name()}.json"
        session = new_session(rule_set, human=human, name=name, levels=level_list, lang=language, seed=seed, save_path=path)
        if games:  # in the story, where the full screen shows it (a play-test's new game seemed to have replaced its saved one)
            session.tell(texts("saves_kept", count=len(games)))
    # A resumed game keeps its pace and autoplay unless they are given again.
    if speed is not None:
        session.speed = speed
    if no_autoplay:
        session.autoplay = False
    from blackmaria.locale.advice import prepare_hints

    prepare_hints()  # the hints' search loads (the first time on a machine: compiles) while the player looks at the hand
    if line_by_line:
        from blackmaria.tui.plain import run_plain

        run_plain(session)
    else:
        from blackmaria.tui.app import GameApp

        GameApp(session).run()


def _on_a_terminal() -> bool:
    """Whether the game opens full screen (standard output a terminal)."""
    return sys.stdout.isatty()


def _can_ask() -> bool:
    """Whether a question can be answered before the game opens (standard input a terminal)."""
    return sys.stdin.isatty()


SHEET_NAMES: Final = ("Anna", "Ben", "Carla", "Dora", "Emil", "Frida", "Gustav")
"""A score sheet's players where none are named, as many as the rule set has."""

NEW_GAME_ANSWERS: Final = ("n", "new", "neu", "neue", "neues")
"""What answers the offer of the saved games with a new game (both languages)."""


def _offer_saved(texts: Texts, games: list[SavedGame]) -> str | None:
    """The saved games listed, and the one to continue asked for: its name, or None for a new game (Enter: the most
    recent)."""
    click.echo(_saved_list(texts, games))
    question = texts("saves_offer_one") if len(games) == 1 else texts("saves_offer", count=len(games))
    while True:
        answer = click.prompt(wrapped(question), default="1", show_default=False).strip()  # (broken at 80 in German)
        if answer.lower() in NEW_GAME_ANSWERS:
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(games):
            return games[int(answer) - 1].name
        if any(game.name == answer for game in games):
            return answer
        click.echo(wrapped(texts("saves_offer_no_such_one" if len(games) == 1 else "saves_offer_no_such", answer=answer, count=len(games))))


def _saved_list(texts: Texts, games: list[SavedGame]) -> str:
    import time

    from blackmaria.bots.base import LEVELS

    lines = [texts("saves_header")]
    for number, game in enumerate(games, 1):
        when = time.strftime("%Y-%m-%d\u00a0%H:%M", time.localtime(game.modified))  # (its time was wrapped alone: a play-test)
        levels = ", ".join(texts(f"bot_level_{level}") if level in LEVELS else level for level in game.levels)
        # (two 5-player Black Maria games, one with a kitty, read the same in the list: a play-test)
        seats = "saves_players_kitty" if game.rules.kitty else "saves_players"
        players = texts(seats, players=game.rules.players, levels=levels) if levels else ""
        title = f"{texts.game_title(game.rules)}, {players}" if players else texts.game_title(game.rules)
        if game.lang and game.lang != texts.lang:  # (it goes on in its own language: said before, not after)
            title += texts(f"saves_in_{game.lang}")
        trick, total, now = game.standing
        where = texts("saves_deal_trick", deal=game.deals, trick=trick) if trick else texts("saves_deal", deal=game.deals)
        if total is not None and now:
            where += texts("saves_total_now", total=texts.n("points", total), now=now)
        elif total is not None:
            where += texts("saves_total", total=texts.n("points", total))
        line = f"{number:>3}. {game.name}  {title}  {where}  {when}"
        lines.append(wrapped(line, indent=" " * 5))  # (at 80 columns "21:" / "43" was broken off)
    return "\n".join(lines)


def _choose(texts: Texts, saved: list[Chosen], wanted: str, listing: Callable[[], str], keys: tuple[str, str], err: bool = False) -> Chosen:
    """The save to open: the one named, the only one, or one the player picks from ``listing`` by number or name.
    ``keys``: the texts for a name not found and for the question; ``err``: ask on standard error (the output is data)."""
    unknown, which = keys
    if wanted:
        for item in saved:
            if item.name == wanted:
                return item
        raise click.ClickException(texts(unknown, name=wanted, names=", ".join(item.name for item in saved)))
    if len(saved) == 1:
        return saved[0]
    click.echo(listing(), err=err)
    while True:
        answer = click.prompt(texts(which, count=len(saved)), default="1", show_default=True, err=err).strip()
        if answer.isdigit() and 1 <= int(answer) <= len(saved):
            return saved[int(answer) - 1]
        for item in saved:
            if item.name == answer:
                return item
        click.echo(wrapped(texts("saves_no_such", answer=answer, count=len(saved))), err=err)


@main.command()
@click.argument("link")
@click.option(
    "--name", default=None, help="Your name at the table (needed to take a seat the first time; with --watch, the name you chat under)."
)
@click.option(
    "--seat",
    type=click.IntRange(1, 7),
    default=None,
    help="The seat to take, numbered from 1 as the lobby numbers them (default: the first empty one).",
)
@click.option("--watch", is_flag=True, help="Watch the table as a spectator, without a seat.")
@online_autoplay_option
@lang_option
@click.option("--plain", is_flag=True, help="Line by line on standard output, answers from standard input.")
def join(link: str, name: str | None, seat: int | None, watch: bool, no_autoplay: bool, lang: str | None, plain: bool) -> None:
    """Sit at a server's table in the terminal (LINK: http://HOST:PORT/t/CODE, as the lobby shows it).

    The seat's token is kept in the user's data directory: the same command, run again, brings you back to your seat.
    """
    from blackmaria.locale import Texts, detect_language, program_name
    from blackmaria.tui.online import OnlineError, OnlineSeat, TableLink, forget_token, save_token, saved_host, saved_token, take_seat
    from blackmaria.tui.session import data_dir

    language = detect_language(lang)
    screen = not plain and sys.stdout.isatty() and sys.stdin.isatty()
    help_message = "online_app_help" if screen else "online_help"
    try:
        table = TableLink.parse(link)
        # A seat's link (#seat=TOKEN, from the page's "Play this seat on another device") seats its holder here too.
        token = None if watch else table.token or saved_token(table)
        host_token = None if watch else saved_host(table)  # kept by the host command that opened this table
        lost = False  # the seat's token was refused: removed by the host, given a new link, or a new database
        if token is not None:
            try:
                online = OnlineSeat(table, token, language, help_message, host_token)
            except OnlineError as error:
                if error.code != "bad-token":
                    raise
                forget_token(table)  # the server no longer knows this seat: take a new one, or ask for its new link
                token, lost = None, True
            else:
                held = online.seat
                if name and held is not None and name.strip().casefold() != (held_as := online.names[held]).casefold():
                    # A second person at this computer joined with their own name and sat in the first one's seat
                    # as them (a play-test): the kept link is this user's, and says who sits there.
                    online.close()
                    raise click.UsageError(
                        f"you already hold seat {held + 1} at this table as {held_as} (its link is kept in "
                        f"{data_dir()}): join without --name to play it; another player on this computer joins with "
                        f"a data directory of their own, BLACKMARIA_DATA_DIR=DIR {program_name()} join {table.key} --name {name.strip()}"
                    )
                if table.token and online.seat is not None:
                    save_token(table, online.seat, token)  # kept, as a seat taken here is
        if token is None:
            if not watch:
                # A play-test's friend whose link the host had made anew was told only that --name was missing.
                gone = (
                    "the seat's link no longer holds a seat at this table (the host may have removed you, or made a new "
                    "link for your seat): ask the host for the new link and join with it"
                )
                if not name:
                    raise click.UsageError(
                        f"{gone}; or take a free seat with --name, or --watch"
                        if lost
                        else "--name is needed to take a seat (or --watch to watch the table)"
                    )
                try:
                    taken, token = take_seat(table, name, None if seat is None else seat - 1)
                except OnlineError as error:
                    if lost:  # two sentences: why the link failed, then why a new seat did (one run-on line, a play-test)
                        raise OnlineError(f"{gone[0].upper()}{gone[1:]}. A new seat could not be taken either: {error}") from None
                    raise
                save_token(table, taken, token)
            online = OnlineSeat(table, token, language, help_message, host_token)
    except OnlineError as error:
        raise click.ClickException(error.said(Texts(language))) from None
    if watch and name:
        online.watch_name = name.strip()
    online.autoplay = not no_autoplay
    _sit(online, screen)


def _sit(online: OnlineSeat, screen: bool) -> None:
    """Play a seat at a server's table: in the Textual screen, or line by line."""
    if screen:
        from blackmaria.tui.online_app import run_online_app

        run_online_app(online)
    else:
        from blackmaria.tui.online import run_online

        run_online(online)


@main.command()
@click.argument("server", default="http://127.0.0.1:8000")
@click.option("--name", required=True, help="Your name at the table.")
@click.option("--rules", "rules_name", default="black-maria", show_default=True, help="Preset name or house-rules file.")
@click.option("--players", type=int, default=None, help="Number of players, if not the rule set's own (2 to 7).")
@click.option("--kitty", is_flag=True, help=KITTY_HELP)
@game_end_options
@click.option("--turn-seconds", type=click.FloatRange(1, 3600), default=None, help="A turn timer: a late player is played by a computer.")
@online_autoplay_option
@lang_option
@click.option("--plain", is_flag=True, help="Line by line on standard output, answers from standard input.")
def host(
    server: str,
    name: str,
    rules_name: str,
    players: int | None,
    kitty: bool,
    deals: int | None,
    target: int | None,
    turn_seconds: float | None,
    no_autoplay: bool,
    lang: str | None,
    plain: bool,
) -> None:
    """Open a table on a server (SERVER: http://HOST:PORT of blackmaria serve), sit at it, invite friends, play.

    The invite link is shown; friends join in a browser or with blackmaria join. Type start (F8 in the screen) when
    everyone is seated: the empty seats get computer players.
    """
    from blackmaria.locale import Texts, detect_language
    from blackmaria.tui.online import OnlineError, OnlineSeat, open_table, save_token, seats_in_play, take_seat

    rule_set = _rules_option(rules_name, players, kitty, deals, target)
    language = detect_language(lang)
    screen = not plain and sys.stdout.isatty() and sys.stdin.isatty()
    elsewhere = seats_in_play(server)
    try:
        table, host_token = open_table(server, rule_set.to_dict(), turn_seconds)
        taken, token = take_seat(table, name, 0)
        # blackmaria join LINK brings the seat back, as for any other seat, and the host's powers with it
        save_token(table, taken, token, host_token)
        online = OnlineSeat(table, token, language, "online_app_help" if screen else "online_help", host_token)
    except OnlineError as error:
        raise click.ClickException(error.said(Texts(language))) from None
    # A game in play already, said at the new table itself: said before it opened, its screen hid it, and a play-test's
    # host opened a new empty table while the friends waited at the old one.
    for link in elsewhere:
        online.say(online.t("online_in_play_elsewhere", link=link.key))
    online.say(online.invite(screen))
    online.autoplay = not no_autoplay
    _sit(online, screen)
    if screen:  # again once the screen is gone, whole: at 80x24 the story broke the link over its lines (a play-test)
        for link in elsewhere:
            click.echo(online.t("online_in_play_elsewhere", link=link.key))


@main.command()
@click.option("--rules", "rules_name", default="black-maria", show_default=True, help="Preset name or house-rules file.")
@click.option(
    "--players", "names", default="", help="Comma-separated player names, in seat order (clockwise); asked for at a terminal if not given."
)
@click.option("--kitty", is_flag=True, help=KITTY_HELP)
@game_end_options
@click.option(
    "--dealer",
    type=click.IntRange(1, 7),
    default=1,
    show_default=True,
    help="The first dealer, numbered from 1 in the order of --players.",
)
@lang_option
@resume_option("a saved score sheet")
@click.option(
    "--file",
    "sheet_file",
    type=click.Path(exists=True, dir_okay=False),
    default=None,
    help="Continue the score sheet in this JSON file (one exported by the web scorekeeper, say).",
)
def score(
    rules_name: str,
    names: str,
    kitty: bool,
    deals: int | None,
    target: int | None,
    dealer: int,
    lang: str | None,
    resume: str | None,
    sheet_file: str | None,
) -> None:
    """Keep the score of a game played with real cards: enter each deal's points or penalty cards.

    --kitty, --deals and --target change the rules as for play.
    """
    from blackmaria.locale import Texts, detect_language
    from blackmaria.scorekeeper import ScoreSheet
    from blackmaria.tui.scorekeeping import new_sheet_path, run_scorekeeper, saved_sheet_list, sheet_list

    language = detect_language(lang)
    texts = Texts(language)
    if sheet_file is not None:
        path = Path(sheet_file)
        try:
            sheet = ScoreSheet.from_json(path.read_text(encoding="utf-8"))
        except (ValueError, KeyError, TypeError) as error:
            raise click.ClickException(f"{path}: not a score sheet this version can read: {error}") from error
    elif resume is not None:
        sheets = saved_sheet_list()
        if not sheets:
            raise click.ClickException(texts("sk_none"))

        def listed() -> str:
            # Each sheet's line broken between words, under its name (at 80 columns "ein" / "getragen", a play-test).
            return "\n".join(wrapped(line, indent=" " * 5) for line in sheet_list(texts, sheets).split("\n"))

        chosen = _choose(texts, sheets, resume, listed, ("sk_unknown", "sk_which"))
        path, sheet = chosen.path, chosen.sheet
    else:
        # Names for the rule set's own count where none are given (Hearts' four: three failed as too few, a play-test).
        defaults = [] if names.strip() else list(SHEET_NAMES[: checked_rules(rules_name, None, texts=texts).players])
        # A family kept a whole sheet under Anna, Ben and Carla, unasked (a play-test): at a terminal, asked, and asked
        # again after names that cannot make a sheet (a play-test's typo of a name twice ended the program, named as
        # --players, an option it never typed).
        asking = not names.strip() and _can_ask()
        while True:
            if asking:
                names = click.prompt(wrapped(texts("sk_ask_names", names=", ".join(defaults))), default="", show_default=False)
            try:
                given = [n.strip() for n in names.replace(";", ",").split(",") if n.strip()]  # (";" too, a play-test)
                sheet = _new_sheet(texts, given or defaults, rules_name, kitty, deals, target, dealer)
                break
            except click.BadParameter as error:
                if not asking:
                    raise
                click.echo(wrapped(error.message))
        path = new_sheet_path()  # a sheet of its own: the earlier ones are kept
    run_scorekeeper(sheet, language, path=path)


def _new_sheet(
    texts: Texts, players: list[str], rules_name: str, kitty: bool, deals: int | None, target: int | None, dealer: int
) -> ScoreSheet:
    """A new score sheet for ``players``, or click.BadParameter naming what they cannot make (a name twice, a count
    the rules do not allow, a dealer past the last)."""
    from blackmaria.scorekeeper import ScoreSheet

    if len(players) == 1 and len(players[0].split()) > 1:  # "Oma Opa Kind Dad" read as one name (a play-test)
        raise click.BadParameter(texts("sk_names_commas", names=players[0]), param_hint="--players")
    twice = next((name for i, name in enumerate(players) if name.casefold() in (p.casefold() for p in players[:i])), None)
    if twice is not None:  # two columns of one name make the sheet and the entries by name ambiguous (a play-test)
        raise click.BadParameter(texts("sk_player_twice", name=twice), param_hint="--players")
    if dealer > len(players):  # (the usage and the option named, as every other option's error; it was a bare line)
        raise click.BadParameter(texts("sk_dealer_range", dealer=dealer, players=len(players), first=players[0]), param_hint="--dealer")
    return ScoreSheet(_rules_option(rules_name, len(players), kitty, deals, target, texts=texts), players, dealer - 1)


@main.command()
@click.argument("file", type=click.Path(dir_okay=False, writable=True), required=False)
@click.option(
    "--current",
    is_flag=True,
    help="Export a saved game in progress instead of the last finished one (the only one, or one chosen from the list).",
)
@click.option(
    "--game",
    "game_name",
    default=None,
    help="The game to export, by name: a saved game in progress (as play --list shows it) or a finished one (its file's name).",
)
@lang_option
def export(file: str | None, current: bool, game_name: str | None, lang: str | None) -> None:
    """Write the blackmaria/1 record of your last finished game (to FILE, or standard output)."""
    from blackmaria.locale import Texts, detect_language
    from blackmaria.record import RecordError, game_from_record
    from blackmaria.tui.session import finished_dir, saved_games

    texts = Texts(detect_language(lang))
    done = finished_dir() / f"{game_name}.json" if game_name else None
    if done is not None and done.is_file():  # a finished game by its name (a play-test's was "no game in progress")
        record = json.loads(done.read_text(encoding="utf-8"))
        which = done.stem
    elif current or game_name is not None:
        games = saved_games()
        if not games:
            raise click.ClickException("there is no saved game in progress")
        chosen = _choose(texts, games, game_name or "", lambda: _saved_list(texts, games), ("save_unknown", "saves_which"), err=True)
        record = json.loads(chosen.path.read_text(encoding="utf-8"))["record"]
        which = chosen.name
    else:
        finished = sorted(finished_dir().glob("*.json"), key=lambda path: path.stat().st_mtime)
        if not finished:
            raise click.ClickException("no finished game yet; play one with blackmaria play (or use --current)")
        record = json.loads(finished[-1].read_text(encoding="utf-8"))
        which = finished[-1].stem
    try:  # a record that does not replay is refused, named, not written (a save with an illegal card was exported)
        game_from_record(record)
    except RecordError as error:
        raise click.ClickException(f"{which}: {error}") from None
    text = json.dumps(record, indent=1, ensure_ascii=False)
    if file:
        with open(file, "w", encoding="utf-8") as handle:
            handle.write(text + "\n")
        # Said where a file was asked for (a play-test heard nothing and looked for it): standard output stays the record.
        click.echo(wrapped(texts("export_written", game=which, path=file)), err=True)
    else:
        click.echo(text)


@main.command()
@click.option("--rules", "rules_name", default="hearts", show_default=True, help="Preset name or house-rules file.")
@click.option("--players", type=int, default=None, help="Seat count, if not the preset's own.")
@click.option("--deals", type=click.IntRange(min=1), default=100_000, show_default=True, help="Deals per timed repeat.")
@click.option("--repeats", type=click.IntRange(min=1), default=3, show_default=True, help="Timed repeats (their median is reported).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the random deals and choices.")
@click.option("--python", "with_python", is_flag=True, help="Also time the checked Game in plain Python.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def bench(rules_name: str, players: int | None, deals: int, repeats: int, seed: int, with_python: bool, as_json: bool) -> None:
    """Random full deals per second (passes and plays uniformly random among legal ones)."""
    from blackmaria.bench import bench_game, bench_kernel

    rule_set = _rules_option(rules_name, players)
    result = bench_kernel(rule_set, deals, seed, repeats)
    result["rules"] = rule_set.preset or "custom"
    result["players"] = rule_set.players
    if with_python:
        result["python_game"] = bench_game(rule_set, max(200, deals // 500), seed)
    if as_json:
        click.echo(json.dumps(result))
        return
    click.echo(
        f"{result['rules']} ({rule_set.players} players): {result['deals_per_second']:,.0f} random deals/s "
        f"(median of {repeats} x {deals:,}; compile or cache load {result['compile_or_cache_load_seconds']:.2f} s)"
    )
    if with_python:
        click.echo(f"checked Game in Python: {result['python_game']['deals_per_second']:,.0f} deals/s")


from blackmaria.tournament import tournament_command  # noqa: E402

main.add_command(tournament_command)

from blackmaria.server.commands import serve, verify  # noqa: E402

main.add_command(serve)
main.add_command(verify)

from blackmaria.tui.learn import learn_command  # noqa: E402

main.add_command(learn_command)

from blackmaria.stats import stats_command  # noqa: E402

main.add_command(stats_command)

if __name__ == "__main__":
    main()
