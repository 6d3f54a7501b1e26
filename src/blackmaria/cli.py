"""The ``blackmaria`` command."""

from __future__ import annotations

import json
import sys
from typing import IO

import click

from blackmaria.record import RecordError, game_from_record, replay_summary
from blackmaria.rules import PRESETS, Rules, RulesError, load_rules


def _rules_option(rules: str, players: int | None) -> Rules:
    try:
        return load_rules(rules, players)
    except RulesError as error:
        raise click.BadParameter(str(error), param_hint="--rules/--players") from error


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="blackmaria")
def main() -> None:
    """Black Maria and the Hearts family: rules, play, replay and benchmarks."""


@main.group(invoke_without_command=True)
@click.pass_context
def rules(ctx: click.Context) -> None:
    """List the named presets (``rules show NAME`` prints one in full)."""
    if ctx.invoked_subcommand is None:
        width = max(len(name) for name in PRESETS)
        for info in PRESETS.values():
            low, high = info.player_range
            count = f"{low}" if low == high else f"{low}-{high}"
            click.echo(f"{info.name:<{width}}  {count:>3} players  {info.summary}  [{info.source}]")


@rules.command("show")
@click.argument("name")
@click.option("--players", type=int, default=None, help="Seat count, if not the preset's own.")
@click.option("--json", "as_json", is_flag=True, help="Print the rule set as JSON.")
@click.option("--toml", "as_toml", is_flag=True, help="Print the rule set as a TOML house-rules file.")
def rules_show(name: str, players: int | None, as_json: bool, as_toml: bool) -> None:
    """Print a preset or house-rules file (NAME) in full and in words."""
    rule_set = _rules_option(name, players)
    if as_json:
        click.echo(rule_set.to_json())
        return
    if as_toml:
        click.echo(rule_set.to_toml(), nl=False)
        return
    changed = rule_set.changes_from_preset()
    title = (rule_set.preset or "house rules") + (f", changed: {', '.join(changed)}" if changed else "")
    click.echo(f"{title} ({rule_set.players} players)")
    click.echo("")
    for line in rule_set.describe():
        click.echo(f"  {line}")
    click.echo("")
    click.echo("Options:")
    for key, value in rule_set.to_dict().items():
        if key != "preset":
            click.echo(f"  {key} = {json.dumps(value, ensure_ascii=False)}")


@main.command()
@click.argument("file", type=click.File("r", encoding="utf-8"))
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output: deals[i].points and totals.")
def replay(file: IO[str], as_json: bool) -> None:
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
    names = game.seats
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


@main.command()
@click.option("--rules", "rules_name", default="black-maria", show_default=True, help="Preset name or house-rules file.")
@click.option("--players", type=int, default=None, help="Seat count, if not the preset's own.")
@click.option("--seat", type=int, default=0, show_default=True, help="Your seat.")
@click.option("--name", default="You", show_default=True, help="Your name at the table.")
@click.option("--bots", "level", default="easy", show_default=True, type=click.Choice(["random", "easy"]), help="Computer players' level.")
@click.option("--seed", type=int, default=None, help="Seed for a repeatable game.")
def play(rules_name: str, players: int | None, seat: int, name: str, level: str, seed: int | None) -> None:
    """Play a whole game in the terminal against computer players."""
    from blackmaria.game import Game
    from blackmaria.terminal import play_terminal

    rule_set = _rules_option(rules_name, players)
    if not 0 <= seat < rule_set.players:
        raise click.BadParameter(f"seat {seat} does not exist with {rule_set.players} players", param_hint="--seat")
    names = ["West", "North", "East", "South", "Anna", "Ben", "Carla"][: rule_set.players]
    names[seat] = name
    play_terminal(Game(rule_set, seats=names, seed=seed), human=seat, level=level, seed=seed)


@main.command()
@click.option("--rules", "rules_name", default="hearts", show_default=True, help="Preset name or house-rules file.")
@click.option("--players", type=int, default=None)
@click.option("--deals", type=int, default=100_000, show_default=True, help="Deals per timed repeat.")
@click.option("--repeats", type=int, default=3, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--python", "with_python", is_flag=True, help="Also time the checked Game in plain Python.")
@click.option("--json", "as_json", is_flag=True)
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

if __name__ == "__main__":
    main()
