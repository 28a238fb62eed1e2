"""The `cardtable` command: validate, test, simulate and document rule packs.

Imports are made inside the commands, so that `cardtable --help` starts fast.
Exit codes: 0 ok, 1 the input is wrong (or a test failed), 2 a usage error.
"""
from __future__ import annotations

import sys

import click


class InputError(click.ClickException):
    """The input (a pack, a scenario, an option) is wrong: exit code 1."""
    exit_code = 1

    def show(self, file=None) -> None:
        click.echo(f"error: {self.format_message()}", err=True)


def _parse_options(pairs) -> dict:
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise click.BadParameter(f'"{pair}" is not KEY=VALUE', param_hint="--option")
        out[key.strip()] = value.strip()
    return out


class _Commands(click.Group):
    """The group of commands, turning a file that cannot be read or written into an
    error message instead of a traceback."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            # The reader of the output went away (`cardtable ... | head`): stop quietly.
            sys.stderr.close()
            sys.exit(1)
        except OSError as e:
            where = f"{e.filename}: " if e.filename else ""
            raise InputError(f"{where}{e.strerror or e}") from None


def _pack_names(ctx, param, value):
    for name in value if isinstance(value, tuple) else (value,):
        if not name.strip():
            raise click.BadParameter("a pack is given by a built-in name or a path, not by an empty text")
    return value


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="cardtable", prog_name="cardtable")
def main() -> None:
    """Run card games whose rules are data: rule packs in YAML and an effect DSL."""


@main.command()
@click.argument("packs", nargs=-1, required=True, callback=_pack_names)
@click.option("--format", "fmt", type=click.Choice(["text", "json", "junit", "github"]), default="text",
              show_default=True, help="How problems are reported.")
def validate(packs, fmt) -> None:
    """Check packs (built-in names or paths) and report every problem at once."""
    from .interpreter.diagnostics import Report, render
    from .interpreter.validate import validate_pack

    report = Report()
    valid = []
    for pack in packs:
        if validate_pack(pack, report):
            valid.append(pack)
    out = render(report, fmt)
    if fmt == "text":
        out = "\n".join([f"{p}: valid" for p in valid] + ([out] if out else []))
    if out:
        click.echo(out)
    sys.exit(0 if report.ok else 1)


@main.command()
@click.argument("name", type=click.Choice(["pack", "cards", "scenario", "mtg-cards"]), default="pack")
def schema(name) -> None:
    """Print a JSON Schema of cardtable's files (editors use it to complete and check YAML)."""
    from .interpreter.schemacheck import schema_path

    click.echo(schema_path(name).read_text(encoding="utf-8"), nl=False)


@main.command()
@click.option("--check", is_flag=True, help="Fail if docs/dsl.md differs from what would be written.")
@click.option("--out", type=click.Path(dir_okay=False), default=None, help="Where to write (default docs/dsl.md beside the package, or standard output).")
def docs(check, out) -> None:
    """Write the DSL reference (docs/dsl.md) from the grammar and the vocabulary registry."""
    from pathlib import Path

    from .interpreter.docgen import dsl_reference

    text = dsl_reference()
    target = Path(out) if out else Path(__file__).resolve().parent / "docs" / "dsl.md"
    if check:
        current = target.read_text(encoding="utf-8") if target.exists() else ""
        if current != text:
            raise InputError(f"{target} is out of date: run `cardtable docs`")
        click.echo(f"{target} is up to date")
        return
    if out is None and not target.parent.is_dir():
        click.echo(text, nl=False)
        return
    target.write_text(text, encoding="utf-8")
    click.echo(f"wrote {target}")


@main.command()
@click.argument("pack", callback=_pack_names)
@click.option("-k", "select", default=None, help="Run only the scenarios whose name contains this text.")
@click.option("-v", "--verbose", is_flag=True, help="Name every scenario as it passes.")
def test(pack, select, verbose) -> None:
    """Run a pack's scenario tests (the YAML files in its tests/ folder)."""
    from .interpreter.diagnostics import Report, render
    from .interpreter.loader import PackError, load_pack
    from .interpreter.scenario import ScenarioFailure, load_scenarios, run_scenario, scenario_files

    report = Report()
    try:
        p = load_pack(pack, report)
    except PackError:
        click.echo(render(report, "text"), err=True)
        sys.exit(1)
    passed = failed = 0
    for path in scenario_files(p):
        for sc in load_scenarios(path, report):
            if select and select not in sc.name:
                continue
            try:
                run_scenario(p, sc)
            except ScenarioFailure as e:
                failed += 1
                click.echo(f"FAIL {sc.name}\n  {e}", err=True)
            else:
                passed += 1
                if verbose:
                    click.echo(f"ok   {sc.name}")
    if not report.ok:
        click.echo(render(report, "text"), err=True)
    click.echo(f"{passed} passed, {failed} failed")
    sys.exit(0 if failed == 0 and report.ok else 1)


@main.command()
@click.argument("pack")
@click.option("--games", "-n", default=100, show_default=True, type=click.IntRange(min=1), help="How many games.")
@click.option("--seed", default=0, show_default=True, type=int, help="Seed of the first game; game i uses seed + i.")
@click.option("--players", "num_players", default=None, type=click.IntRange(min=1), help="Number of players (default: the pack's minimum).")
@click.option("--option", "option_pairs", multiple=True, metavar="KEY=VALUE", help="Set a pack option (repeatable).")
@click.option("--out", type=click.Path(dir_okay=False), default=None, help="Write one JSON line per game here.")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
@click.option("--debug", is_flag=True, help="Check the invariants after every decision (slower); a broken one stops the run.")
def simulate(pack, games, seed, num_players, option_pairs, out, fmt, debug) -> None:
    """Play many games between random players and summarise the results."""
    from .interpreter.simulate import SimulationError, run_batch

    options = _parse_options(option_pairs)
    try:
        summary = run_batch(pack, games, seed, options, num_players, out, debug=debug)
    except SimulationError as e:
        raise InputError(str(e)) from None
    click.echo(summary.as_json() if fmt == "json" else summary.as_table())


if __name__ == "__main__":
    main()
