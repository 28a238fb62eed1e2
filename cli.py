"""The `cardtable` command: validate, test, simulate and document rule packs.

Imports are made inside the commands, so that `cardtable --help` starts fast.
Exit codes: 0 ok, 1 the input is wrong (or a test failed), 2 a usage error.
"""
from __future__ import annotations

import dataclasses
import os
import re
import sys

import click

from .interpreter.infiles import noting_reads
from .interpreter.engine.limits import GAMES
from .interpreter.stopping import INTERRUPTED, TERMINATED, Terminated, terminate
from .interpreter.outfiles import OutputError


class InputError(click.ClickException):
    """The input (a pack, a scenario, an option) is wrong: exit code 1."""
    exit_code = 1

    def show(self, file=None) -> None:
        message = _said(self.format_message())
        # A problem that names its file (and line and column) already says "error:" after them.
        if not re.match(r"([^\s:][^:\n]*(:\d+:\d+)?: )?error: ", message):
            message = f"error: {message}"
        click.echo(message, err=True)


def _said(text: str, lines: bool = True) -> str:
    """A message that quotes input (card names, DSL text, deck-list lines, option values,
    records, the files the user named), made safe to print: see diagnostics.shown. Not
    `lines`: on one line, whatever line breaks a name holds."""
    from .interpreter.diagnostics import shown

    return shown(text, lines=lines)


def _parse_options(pairs, hint: str = "--option") -> dict:
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise click.BadParameter(f'"{pair}" is not KEY=VALUE', param_hint=hint)
        out[key.strip()] = value.strip()
    return out


def _stopped(e: BaseException, what: str = "stopped") -> None:
    click.echo(f"\n{what}", err=True)
    sys.exit(TERMINATED if isinstance(e, Terminated) else INTERRUPTED)


class _Commands(click.Group):
    """The group of commands, turning a file that cannot be read or written into an
    error message instead of a traceback, and Ctrl-C or SIGTERM into exit codes 130
    and 143 with a line on standard error."""

    def invoke(self, ctx):
        import signal
        import threading

        # Only the main thread may set a signal handler (a program may run a command in another).
        main_thread = threading.current_thread() is threading.main_thread()
        previous = signal.signal(signal.SIGTERM, terminate) if main_thread else None
        try:
            with noting_reads():        # an output may not replace a file the command reads
                return super().invoke(ctx)
        except click.UsageError as e:
            # It quotes what was typed: safe to print, and short (click prints it as it is).
            e.message = _said(e.message)
            raise
        except (KeyboardInterrupt, Terminated) as e:
            _stopped(e)
        except BrokenPipeError:
            # The reader of the output went away (`cardtable ... | head`): stop quietly.
            sys.stderr.close()
            sys.exit(1)
        except OutputError as e:
            raise InputError(str(e)) from None
        except OSError as e:
            where = f"{e.filename}: " if e.filename else ""
            raise InputError(f"{where}{e.strerror or e}") from None
        finally:
            if main_thread:
                signal.signal(signal.SIGTERM, signal.SIG_DFL if previous is None else previous)


def _pack_names(ctx, param, value):
    for name in value if isinstance(value, tuple) else (value,):
        if name is not None and not name.strip():
            raise click.BadParameter("a pack is given by a built-in name or a path, not by an empty text")
    return value


def _output(what: str | None, files: list | None = None):
    """The callback of an option naming where output goes: an empty text is a usage error,
    and a place that cannot take `what` is refused at once, before any game is played.
    `files`: the option names a folder, and these files are written into it."""
    def check(ctx, param, value):
        from .interpreter.outfiles import check_output, check_output_folder

        if value is None:
            return value
        if value == "":
            raise click.BadParameter("an empty text names no file: give a path" +
                                     ("" if files else ", or - for standard output"))
        if files and value == "-":
            raise click.BadParameter(f"{what} are files in a folder: give a folder, not - (standard output)")
        # Two outputs naming one file is a mistake of the command line, whatever the places
        # are: said first (the charts' option is read first, being eager: see --plot).
        _one_output_a_file(ctx, param.opts[0], value, files)
        if what is not None:
            if files:
                check_output_folder(value, what, files)
            else:
                check_output(value, what)
        return value
    return check


def _one_output_a_file(ctx, option: str, value: str, files: list | None) -> None:
    """Two outputs of a command (--out and the charts of --plot) never name one file:
    the one written last would replace the other without a word."""
    import os

    places = ctx.meta.setdefault("cardtable.outputs", {})
    try:
        mine = {os.path.realpath(os.path.join(value, f)) for f in files} if files else {os.path.realpath(value)}
    except (ValueError, OSError):
        return          # no place at all (a NUL): the check of the place says why
    for other, theirs in places.items():
        if value != "-" and mine & theirs:
            raise click.BadParameter(f"it names a file that {other} names too: give each its own place")
    if value != "-":
        places[option] = mine


def _use_roots(ctx, param, value):
    from .interpreter.packs.project import given_roots

    ctx.with_resource(given_roots(value))


_root_option = click.option(
    "--root", multiple=True, type=click.Path(file_okay=False, exists=True), metavar="DIR", expose_value=False,
    callback=_use_roots, help="A folder the pack may read files in, besides its own folder and the folder "
                              "cardtable runs in (repeatable; see docs/security.md).")


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="cardtable", prog_name="cardtable")
def main() -> None:
    """Run card games whose rules are data: rule packs in YAML and an effect DSL."""


@main.command()
@click.argument("packs", nargs=-1, required=True, callback=_pack_names)
@click.option("--format", "fmt", type=click.Choice(["text", "json", "junit", "github"]), default="text",
              show_default=True, help="How problems are reported.")
@click.option("--deck", "decks", multiple=True, metavar="FILE",
              help="A deck list to check against the packs too, as --deck gives one to a game (repeatable).")
@click.option("--cards", "card_files", multiple=True, metavar="FILE",
              help="Your own card data (MTGJSON AtomicCards or Scryfall JSON) whose cards the deck lists may name, "
                   "as --cards gives it to a game (repeatable).")
@click.option("--unwritten", is_flag=True,
              help="List every card of an import whose text the pack follows (follow_text) and does not write.")
@_root_option
def validate(packs, fmt, decks, card_files, unwritten) -> None:
    """Check packs (built-in names or paths) and report every problem at once."""
    from .interpreter.diagnostics import Report, render
    from .interpreter.packs.validate import validate_pack

    if card_files and not decks:
        raise click.UsageError("--cards gives the cards that deck lists may name: give a --deck too")
    report = Report()
    valid = []
    for pack in packs:
        if validate_pack(pack, report, decks, card_files):
            valid.append(pack)
    out = render(report, fmt)
    if fmt == "text":
        out = "\n".join([f"{p}: valid" for p in valid] + ([out] if out else []))
    if out:
        click.echo(out)
    if unwritten:
        for pack in valid:
            _list_unwritten(pack)
    sys.exit(0 if report.ok else 1)


def _list_unwritten(name: str) -> None:
    """The cards of each followed import of a pack whose text it does not write."""
    from .interpreter.diagnostics import Report
    from .interpreter.packs.cardtext import unwritten_cards
    from .interpreter.packs.loader import load_pack

    for source, (total, names) in unwritten_cards(load_pack(name, Report())).items():
        click.echo(f'{name}: {len(names)} of the {total} cards of the import "{source}" have text no card family writes'
                   + (":" if names else ""))
        for card in names:
            click.echo(f"  {card}")


def _new_folder(ctx, param, value):
    if not value.strip():
        raise click.BadParameter("the new pack's folder is given by a name or a path, not by an empty text")
    return value


@main.command()
@click.argument("folder", metavar="PACK_DIR", callback=_new_folder)
@click.option("--from", "source", default=None, metavar="PACK", callback=_pack_names,
              help="Copy this pack (a built-in name or a pack's folder) instead of the skeleton.")
def new(folder, source) -> None:
    """Start a pack in a new folder: a skeleton that plays, or a copy of a pack, with the
    schemas beside it for an editor."""
    from .interpreter.packs.newpack import NewPackError, new_pack

    try:
        written = new_pack(folder, source)
    except NewPackError as e:
        raise InputError(str(e)) from None
    click.echo(_said(f"wrote {folder}: " + ", ".join(written), lines=False))
    click.echo(_said(f"next: cardtable validate {folder}; cardtable test {folder}", lines=False))


@main.command()
def lsp() -> None:
    """Start the language server of rule packs (for editors; speaks LSP over standard input and output)."""
    try:
        from .lsp.server import start
    except ImportError as e:
        raise InputError(f"the language server needs the package {(e.name or 'pygls').split('.')[0]}: "
                         "install it with  pip install 'cardtable[lsp]'") from None
    start()


@main.group()
def native() -> None:
    """The native engine: the engine compiled to machine code.

    Games are the same, decision for decision; they run from as fast as with the
    Python source to 1.2 times as fast (Pub Magic, Magic's pack; benchmarks/README.md). A build is used by every later cardtable command
    while the installed cardtable is the one it was built from. Building needs the
    native extra, pip install 'cardtable[native]', and a C compiler (on Debian:
    apt install gcc python3-dev). CARDTABLE_NATIVE=0 runs the Python source.
    """


@native.command("build")
@click.option("--jobs", "-j", type=click.IntRange(1), default=None, help="Compilers run at once (default: the machine's cores).")
@click.option("--only", multiple=True, metavar="MODULE",
              help="Compile only this module of the engine, such as rng (repeatable): a quick try of the compiler.")
def native_build(jobs, only) -> None:
    """Compile the engine (a few minutes), replacing the build of the same modules."""
    from .interpreter.native import NativeError, counted
    from .interpreter.native_build import build

    try:
        made = build(jobs or os.cpu_count() or 1, tuple(only), say=click.echo)
    except NativeError as e:
        raise InputError(str(e)) from None
    click.echo(f"built the native engine: {counted(len(made.files))}, in {made.folder}; "
               "the next cardtable command uses it")


@native.command("status")
def native_status() -> None:
    """Say whether the native engine is built and in use."""
    from .interpreter.native import NativeError, status

    try:
        click.echo(status())
    except NativeError as e:
        raise InputError(str(e)) from None


@native.command("remove")
def native_remove() -> None:
    """Take the native engine away: the Python source runs again."""
    from .interpreter.native import NativeError, folder
    from .interpreter.native_build import remove

    try:
        gone = remove()
    except NativeError as e:
        raise InputError(str(e)) from None
    click.echo(f"removed the native engine from {folder()}" if gone else f"no native engine is built in {folder()}")


@main.command()
@click.argument("name", type=click.Choice(["pack", "cards", "scenario", "mtg-cards"]), default="pack")
def schema(name) -> None:
    """Print a JSON Schema of cardtable's files (editors use it to complete and check YAML)."""
    from .interpreter.packs.schemacheck import schema_path

    click.echo(schema_path(name).read_text(encoding="utf-8"), nl=False)


@main.command()
@click.option("--check", is_flag=True, help="Fail if docs/dsl.md differs from what would be written.")
@click.option("--out", default=None, callback=_output(None),
              help="Where to write (default docs/dsl.md beside the package, or standard output); - is standard output.")
def docs(check, out) -> None:
    """Write the DSL reference (docs/dsl.md) from the grammar and the vocabulary registry."""
    from pathlib import Path

    from .interpreter.lang.docgen import dsl_reference
    from .interpreter.outfiles import STDOUT, write_output

    text = dsl_reference()
    target = out if out else str(Path(__file__).resolve().parent / "docs" / "dsl.md")
    if check:
        if target == STDOUT:
            raise click.UsageError("--check compares a file with what would be written: give a file to --out, not -")
        current = _current_text(target)
        if current != text:
            state = "does not exist" if current is None else "is out of date"
            raise InputError(f"{target} {state}: run `cardtable docs{'' if out is None else ' --out ' + target}`")
        click.echo(f"{target} is up to date")
        return
    if out is None and not Path(target).parent.is_dir():
        click.echo(text, nl=False)
        return
    write_output(target, text, "the DSL reference")
    if target != STDOUT:
        click.echo(_said(f"wrote {target}", lines=False))


def _current_text(path: str) -> str | None:
    """The text of a file written before, or None when there is none."""
    from .interpreter.infiles import TEXT_LIMIT, FileProblem, read_file

    try:
        return read_file(path, TEXT_LIMIT).decode("utf-8", "replace")
    except FileProblem as e:
        if e.missing:
            return None
        raise InputError(f"{path}: {e.message}") from None


@main.command()
@click.argument("targets", nargs=-1, required=True, metavar="PACK_OR_FILE...", callback=_pack_names)
@click.option("--pack", "pack_option", default=None, callback=_pack_names,
              help="The pack the scenario files given run against, instead of their `pack:` key.")
@click.option("-k", "select", default=None, help="Run only the scenarios whose name contains this text.")
@click.option("-v", "--verbose", is_flag=True, help="Name every scenario as it passes; show the whole log of a failure.")
@click.option("-q", "--quiet", is_flag=True, help="Show a failure by its line alone, without the game as it was then.")
@click.option("--coverage", is_flag=True,
              help="Say which cards, abilities and rules scripts of each pack no scenario used, and where each is written.")
@click.option("--coverage-min", type=click.FloatRange(0, 100), default=None, metavar="PERCENT",
              help="Fail (exit code 1) when a pack's scenarios use less than this share of its abilities (implies --coverage).")
@click.option("--coverage-out", default=None, metavar="FILE", callback=_output("the coverage report"),
              help="Write the coverage of each pack here as JSON (implies --coverage); - is standard output, and "
                   "what else the command says then goes to standard error.")
@_root_option
def test(targets, pack_option, select, verbose, quiet, coverage, coverage_min, coverage_out) -> None:
    """Run scenario tests: a pack's (the YAML files in its tests/ folder), or the
    scenario files given, against the pack each names."""
    from .interpreter.diagnostics import Report, render
    from .interpreter.outfiles import check_output, write_output
    from .interpreter.packs import coverage as covered
    from .interpreter.packs.loader import PackError, load_pack
    from .interpreter.packs.scenario import ScenarioFailure, run_scenario, scenarios_to_run
    from .interpreter.play.failures import failure_lines, failure_places

    measuring = coverage or coverage_min is not None or coverage_out is not None
    aside = coverage_out == "-"         # standard output holds the JSON: the rest goes to standard error
    report = Report()
    passed = failed = 0
    summaries = []
    for pack, scenarios in scenarios_to_run(targets, pack_option, report).items():
        try:
            p = load_pack(pack, report)
        except PackError:
            continue
        if coverage_out is not None:
            check_output(coverage_out, "the coverage report")     # not one of the files just read
        recorder = covered.Recorder(p) if measuring else None
        played = covered.covering(p, recorder) if measuring else p
        for sc in scenarios(p):
            if select and select not in sc.name:
                continue
            state = None
            try:
                state = run_scenario(played, sc)
            except ScenarioFailure as e:
                state = e.state
                failed += 1
                told = failure_places(e) if quiet else failure_lines(e, verbose)
                click.echo(_said("\n".join([f"FAIL {sc.name}", *told])), err=True)
            else:
                passed += 1
                if verbose:
                    click.echo(_said(f"ok   {sc.name}"), err=aside)
            finally:
                if recorder is not None:
                    recorder.played(state)
        if recorder is not None:
            summaries.append(covered.summarize(p, recorder))
    if not report.ok:
        click.echo(render(report, "text"), err=True)
    # A -k that picks nothing is most likely misspelt: a run of no scenario is no pass.
    missed = select is not None and passed + failed == 0 and report.ok
    if missed:
        click.echo(_said(f'error: no scenario\'s name contains "{select}"'), err=True)
    for summary in summaries:
        click.echo(_said(covered.text(summary)), err=aside)
    if coverage_out is not None:
        write_output(coverage_out, covered.as_json(summaries), "the coverage report")
    short = [s for s in summaries if coverage_min is not None and s.share < coverage_min]
    for s in short:
        click.echo(_said(f"error: the scenarios of {s.pack.name} use {covered.share_text(s.share)} of its abilities, "
                         f"less than --coverage-min {coverage_min:g}%"), err=True)
    click.echo(f"{passed} passed, {failed} failed", err=aside)
    sys.exit(0 if failed == 0 and report.ok and not missed and not short else 1)


def _agents(ctx, param, value):
    from .interpreter.play.agents import AgentError, parse_agents

    try:
        return parse_agents(value)
    except AgentError as e:
        raise click.BadParameter(str(e)) from None


_ruleset_option = click.option(
    "--ruleset", default=None, metavar="NAME",
    help="Play one of the pack's rulesets (its `rulesets:`): its options and card changes; --option still wins.")


def _batch_options(f):
    """The options simulate and compare share: which games, between whom."""
    for decorator in reversed([
        click.option("--games", "-n", default=100, show_default=True, type=click.IntRange(min=1, max=GAMES),
                     help=f"How many games (at most {GAMES:,})."),
        click.option("--seed", default=0, show_default=True, type=int, help="Seed of the first game; game i uses seed + i."),
        click.option("--players", "num_players", default=None, type=click.IntRange(min=1),
                     help="Number of players (default: the pack's minimum)."),
        click.option("--agents", default="random", show_default=True, callback=_agents, metavar="LIST",
                     help="Computer players, comma-separated (random, heuristic, mcts; settings as mcts:playouts=200). "
                          "One for every seat, or a list that goes round the table."),
        click.option("--fixed-seats", is_flag=True, help="Keep each agent in its seat instead of moving the agents one seat on every game."),
        click.option("--option", "option_pairs", multiple=True, metavar="KEY=VALUE", help="Set a pack option (repeatable)."),
        _ruleset_option,
        click.option("--deck", "decks", multiple=True, metavar="FILE",
                     help="A deck list: one for every seat, one per seat in seat order, or the shared deck."),
        click.option("--cards", "card_files", multiple=True, metavar="FILE",
                     help="Your own card data (MTGJSON AtomicCards or Scryfall JSON) whose cards deck lists may name."),
        click.option("--jobs", "-j", default=1, show_default=True, type=click.IntRange(min=1),
                     help="Processes playing games at once; the results do not depend on it."),
        click.option("--debug", is_flag=True, help="Check the invariants after every decision (slower); a broken one stops the run."),
        click.option("--backend", type=click.Choice(["local", "dask", "ray"]), default="local", show_default=True,
                     help="Where the games are played: this machine's processes, or a dask or ray cluster "
                          "(see docs/distributed.md); the results do not depend on it."),
        click.option("--address", default=None, metavar="ADDRESS",
                     help="The scheduler of a running dask or ray cluster (default: one is started on this "
                          "machine with --jobs workers)."),
        _root_option,
    ]):
        f = decorator(f)
    return f


def _batch(pack, games, seed, num_players, agents, fixed_seats, ruleset, options, decks, card_files, jobs, debug,
           backend="local", address=None, records=False, **more):
    from .interpreter.play.batch import Batch

    return Batch(pack=pack, games=games, seed=seed, options=options, players=num_players, agents=list(agents),
                 rotate=not fixed_seats, decks=list(decks), cards=list(card_files), debug=debug, records=records,
                 jobs=jobs, backend=backend, address=address, ruleset=ruleset, **more)


def _play_run(command: str, batches: list, label: str, out: str | None = None, resume: bool = False) -> list:
    """Plays the batches as one run (each batch's (game, results)), with a progress bar
    on a terminal and quietly otherwise; the games stream to `out` as they finish."""
    from .interpreter.play.batch import SimulationError, prepare_spec, run_batches
    from .interpreter.play.runlog import RunError, RunOut, manifest, resumed

    def notice(text):
        # Below the progress bar's line, when there is one.
        click.echo(("\n" if sys.stderr.isatty() else "") + f"note: {text}", err=True)
    writer = None
    try:
        prepared = [prepare_spec(b) for b in batches]
        done = {}
        if out is not None:
            head = manifest(command, batches, prepared)
            done = resumed(out, head) if resume else {}
            writer = RunOut(out, head, done, resume)
        total = batches[0].games * len(batches)
        received = writer.take if writer else None
        if not sys.stderr.isatty():
            results = run_batches(batches, prepared, None, notice, received, done)
        else:
            with click.progressbar(length=total, label=label, file=sys.stderr, show_eta=True) as bar:
                bar.update(len(done))
                results = run_batches(batches, prepared, lambda n: bar.update(n - bar.pos), notice, received, done)
        return [(game, r) for (game, _), r in zip(prepared, results)]
    except (SimulationError, RunError) as e:
        raise InputError(str(e)) from None
    except OutputError as e:
        if writer is None or out == "-":
            raise
        # A disk that filled as the games were written: what is there is kept, and is worth going on from.
        raise InputError(f"{e}; {writer.written} of {total} games are in it: the same command with --resume, "
                         f"once there is room, plays the others") from None
    except (KeyboardInterrupt, Terminated) as e:
        if writer is None or out == "-":
            _stopped(e, "stopped before the games were all played: nothing written")
        _stopped(e, f"stopped: {writer.written} of {total} games are in {out}; the same command with --resume "
                    f"plays the others")
    finally:
        if writer is not None:
            writer.close()


_resume_option = click.option(
    "--resume", is_flag=True, help="Continue the run whose games are in --out: the games there are kept, the "
                                   "others played (the run must be the same; where it is played may differ).")


def _check_resume(resume: bool, out: str | None) -> None:
    if resume and (out is None or out == "-"):
        raise click.UsageError("--resume continues the run written in the file --out names: give --out FILE")


@main.command()
@click.argument("pack", callback=_pack_names)
@_batch_options
@click.option("--out", default=None, callback=_output("the game records"),
              help="Write every game's record here, one JSON line a game (cardtable replay reads it); "
                   "- is standard output, and the summary then goes to standard error.")
@click.option("--format", "fmt", type=click.Choice(["table", "json", "csv"]), default="table", show_default=True)
@click.option("--plot", "plot_dir", default=None, is_eager=True,
              callback=_output("the charts", ["win_rates.png", "game_length.png"]),
              help="Write PNG charts into this folder: win rates with their intervals, the game-length histogram.")
@_resume_option
def simulate(pack, games, seed, num_players, agents, fixed_seats, option_pairs, ruleset, decks, card_files, jobs,
             debug, backend, address, out, fmt, plot_dir, resume) -> None:
    """Play many games between computer players and summarise the results."""
    from .interpreter.play.report import FORMATS
    from .interpreter.play.stats import summarize

    _plotting(plot_dir)
    _check_resume(resume, out)
    batch = _batch(pack, games, seed, num_players, agents, fixed_seats, ruleset, _parse_options(option_pairs), decks,
                   card_files, jobs, debug, backend, address, records=out is not None)
    [(game, results)] = _play_run("simulate", [batch], f"{games} games", out, resume)
    summary = summarize(game, batch, results)
    if plot_dir is not None:
        from .interpreter.play.charts import write_charts
        for path in write_charts(summary, plot_dir):
            click.echo(_said(f"wrote {path}", lines=False), err=True)
    click.echo(FORMATS[fmt](summary), err=out == "-")


@main.command()
@click.argument("pack_a", metavar="A", callback=_pack_names)
@click.argument("pack_b", metavar="[B]", required=False, callback=lambda c, p, v: v if v is None else _pack_names(c, p, v))
@_batch_options
@click.option("--a-option", "a_pairs", multiple=True, metavar="KEY=VALUE", help="Set a pack option for A only (repeatable).")
@click.option("--b-option", "b_pairs", multiple=True, metavar="KEY=VALUE", help="Set a pack option for B only (repeatable).")
@click.option("--a-ruleset", default=None, metavar="NAME", help="A's ruleset (instead of --ruleset).")
@click.option("--b-ruleset", default=None, metavar="NAME", help="B's ruleset (instead of --ruleset).")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
@click.option("--out", default=None, callback=_output("the game records"),
              help="Write every game's record here as it finishes, A's games then B's (cardtable replay reads it).")
@_resume_option
def compare(pack_a, pack_b, games, seed, num_players, agents, fixed_seats, option_pairs, ruleset, decks, card_files,
            jobs, debug, backend, address, a_pairs, b_pairs, a_ruleset, b_ruleset, fmt, out, resume) -> None:
    """Play two versions of a pack on the same seeds and show how their results differ.

    A and B are two packs (built-in names or paths), or one pack (A) played
    with different options (--a-option, --b-option).
    """
    from .interpreter.play import compare as comparing

    both = _parse_options(option_pairs)
    options_a = {**both, **_parse_options(a_pairs, "--a-option")}
    options_b = {**both, **_parse_options(b_pairs, "--b-option")}
    ruleset_a, ruleset_b = a_ruleset or ruleset, b_ruleset or ruleset
    problem = comparing.refusal(games, pack_b is None, options_a, options_b, ruleset_a, ruleset_b)
    if problem:
        raise click.UsageError(problem)
    pack_b = pack_a if pack_b is None else pack_b
    _check_resume(resume, out)
    common = (games, seed, num_players, agents, fixed_seats)
    batch_a = _batch(pack_a, *common, ruleset_a, options_a, decks, card_files, jobs, debug, backend, address,
                     records=out is not None, label="A")
    batch_b = _batch(pack_b, *common, ruleset_b, options_b, decks, card_files, jobs, debug, backend, address,
                     records=out is not None, label="B")
    _check_versions(comparing, batch_a, batch_b)
    (game_a, results_a), (game_b, results_b) = _play_run("compare", [batch_a, batch_b], f"{2 * games} games",
                                                         out, resume)
    try:
        result = comparing.compare(game_a, game_b, batch_a, batch_b, results_a, results_b)
    except comparing.CompareError as e:
        raise InputError(str(e)) from None
    click.echo(comparing.as_json(result) if fmt == "json" else comparing.as_table(result))


def _check_versions(comparing, batch_a, batch_b) -> None:
    """What the two versions' games show before any is played (the players, one game twice)."""
    from .interpreter.play.batch import SimulationError

    try:
        comparing.check_batches(batch_a, batch_b)
    except comparing.SameGame as e:
        raise click.UsageError(str(e)) from None
    except (SimulationError, comparing.CompareError) as e:
        raise InputError(str(e)) from None


def _run_outputs(chart: str, shows: str, also: tuple = ()):
    """The outputs of sweep and impact: the format, the run's file, the chart (or the
    charts `also` names instead, for some of the command's options)."""
    def decorate(f):
        for decorator in reversed([
            click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True),
            click.option("--out", default=None, callback=_output("the game records"),
                         help="Write the run's manifest and every game's record here as it finishes."),
            _resume_option,
            click.option("--plot", "plot_dir", default=None, is_eager=True,
                         callback=_output("the charts", [chart, *also]),
                         help=f"Write {chart} into this folder: {shows}."),
        ]):
            f = decorator(f)
        return f
    return decorate


def _plotting(plot_dir) -> None:
    if plot_dir is not None:
        from .interpreter.play.charts import ChartError, check_plotting
        try:
            check_plotting()
        except ChartError as e:
            raise InputError(str(e)) from None


@main.command()
@click.argument("pack", callback=_pack_names)
@_batch_options
@click.option("--set", "axes", multiple=True, required=True, metavar="KEY=VALUES",
              help="An axis of the grid (repeatable): an option, CARD.PROPERTY or ruleset, with values "
                   "V1,V2,... or a range FROM..TO.")
@_run_outputs("sweep.png", "each measure over one axis, or heat maps over two")
def sweep(pack, games, seed, num_players, agents, fixed_seats, option_pairs, ruleset, decks, card_files, jobs, debug,
          backend, address, axes, fmt, out, resume, plot_dir) -> None:
    """Play every point of a grid of versions of a pack on the same seeds: fairness,
    first-player advantage, length and decisiveness at each point."""
    from .interpreter.play import sweep as sweeping

    try:
        grid = sweeping.points([sweeping.parse_axis(text) for text in axes])
    except sweeping.SweepError as e:
        raise click.BadParameter(str(e), param_hint="--set") from None
    if plot_dir is not None and len(grid[0]) > 2:
        raise click.UsageError("--plot draws a sweep over one or two axes, and this one has "
                               f"{len(grid[0])}: leave out --plot, or sweep fewer keys")
    _plotting(plot_dir)
    _check_resume(resume, out)
    base = _batch(pack, games, seed, num_players, agents, fixed_seats, ruleset, _parse_options(option_pairs), decks,
                  card_files, jobs, debug, backend, address, records=out is not None)
    batches = [sweeping.batch_at(base, point) for point in grid]
    played = _play_run("sweep", batches, f"{len(grid)} points x {games} games", out, resume)
    report = sweeping.report(base, grid, played)
    if plot_dir is not None:
        from .interpreter.play.gridcharts import write_sweep_chart
        click.echo(_said(f"wrote {write_sweep_chart(report, plot_dir)}", lines=False), err=True)
    click.echo(sweeping.as_json(report) if fmt == "json" else sweeping.as_table(report))


@main.command()
@click.argument("pack", callback=_pack_names)
@_batch_options
@click.option("--by", type=click.Choice(["family", "card"]), default="family", show_default=True,
              help="Take out each card family of the decks, or each card.")
@click.option("--only", multiple=True, metavar="NAME", help="Measure only these families or cards (repeatable).")
@click.option("--neutral", default=None, metavar="CARD",
              help="Replace each card by this card instead of taking it out (the deck keeps its size).")
@click.option("--variant", "variants", multiple=True, metavar="KEY=VALUES",
              help="Also measure these versions (repeatable): an option, CARD.PROPERTY or ruleset, with values as "
                   "sweep's --set takes them.")
@click.option("--matchups", is_flag=True,
              help="Play each of the pack's decks against each instead, in both seats; --plot draws matchups.png.")
@_run_outputs("impact.png", "a heat map of each change in each seat's win rate (with --matchups: matchups.png, "
              "each deck's win rate against each)", ("matchups.png",))
def impact(pack, games, seed, num_players, agents, fixed_seats, option_pairs, ruleset, decks, card_files, jobs, debug,
           backend, address, by, only, neutral, variants, matchups, fmt, out, resume, plot_dir) -> None:
    """Which card or rule changes who wins: each card family played without (or
    replaced), on the same deals as the pack as it is; the change in each seat's win
    rate with its 95% interval. With --matchups: which deck beats which."""
    from .interpreter.play import impact as impacting
    from .interpreter.play.batch import SimulationError, prepare
    from .interpreter.play.sweep import SweepError

    if games < 2:
        raise click.UsageError("impact needs at least 2 games: one game gives a difference, but no interval")
    _plotting(plot_dir)
    _check_resume(resume, out)
    if click.get_current_context().get_parameter_source("jobs") is click.core.ParameterSource.DEFAULT:
        jobs = _cores()     # impact plays thousands of games: every core by default
    base = _batch(pack, games, seed, num_players, agents, fixed_seats, ruleset, _parse_options(option_pairs), decks,
                  card_files, jobs, debug, backend, address, records=out is not None, label="as it is")
    if matchups:
        given = [name for name, value in (("--only", only), ("--neutral", neutral), ("--variant", variants)) if value]
        if given:
            raise click.UsageError(f"--matchups plays whole decks against each other: leave out {', '.join(given)}")
        return _matchups(base, fmt, out, resume, plot_dir)
    try:
        game = prepare(dataclasses.replace(base))
        found = impacting.subjects(base, game, list(only), neutral, list(variants), by)
    except (SimulationError, impacting.ImpactError) as e:
        raise InputError(str(e)) from None
    except SweepError as e:
        raise click.BadParameter(str(e), param_hint="--variant") from None
    played = _play_run("impact", [base] + [f.batch for f in found], f"{len(found) + 1} versions x {games} games",
                       out, resume)
    report = impacting.report(played[0][0], base, played[0][1], found, [r for _, r in played[1:]], neutral)
    if plot_dir is not None:
        from .interpreter.play.gridcharts import write_impact_chart
        click.echo(_said(f"wrote {write_impact_chart(report, plot_dir)}", lines=False), err=True)
    click.echo(impacting.as_json(report) if fmt == "json" else impacting.as_table(report))


next(p for p in impact.params if p.name == "jobs").show_default = "every core of the machine"


def _cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:      # not on Linux
        return os.cpu_count() or 1


def _matchups(base, fmt, out, resume, plot_dir) -> None:
    from .interpreter.play import matchups
    from .interpreter.play.batch import SimulationError, prepare

    try:
        decks, batches = matchups.batches(base, prepare(dataclasses.replace(base)))
    except (SimulationError, matchups.MatchupError) as e:
        raise InputError(str(e)) from None
    played = _play_run("impact", batches, f"{len(batches)} matchups x {base.games} games", out, resume)
    report = matchups.report(played[0][0], base, decks, [r for _, r in played])
    if plot_dir is not None:
        from .interpreter.play.gridcharts import write_matchups_chart
        click.echo(f"wrote {write_matchups_chart(report, plot_dir)}", err=True)
    click.echo(matchups.as_json(report) if fmt == "json" else matchups.as_table(report))


@main.command()
@click.argument("log")
@click.option("--game", "which", type=click.IntRange(min=1), default=None,
              help="Which game of the log (1 is the first); default: every game is checked, or the only one told.")
@click.option("--at", "at", type=click.IntRange(min=0), default=None,
              help="Show the position after this many decisions (of one game: give --game if the log holds several).")
@click.option("--pack", "pack_override", default=None, callback=lambda c, p, v: v if v is None else _pack_names(c, p, v),
              help="Replay with this pack instead of the one the log names.")
@click.option("--cards", "card_files", multiple=True, metavar="FILE",
              help="The card data files the games' deck lists named cards of (default: those the log names).")
@_root_option
def replay(log, which, at, pack_override, card_files) -> None:
    """Replay a game record: tell the game, show a position, check it ends the same.

    LOG is a file of game records, one JSON line a game, as written by
    `simulate --out` and `play --save`. Exit code 1 when the games part ways.
    """
    from .interpreter.engine.game import OptionError
    from .interpreter.engine.state import RuleError
    from .interpreter.play import narrate
    from .interpreter.play.records import RecordError, game_for, read_log
    from .interpreter.play.records import replay as replaying

    try:
        head, records = read_log(log)
    except RecordError as e:
        raise InputError(str(e)) from None
    if which is not None and which > len(records):
        raise InputError(f"{log} holds {len(records)} game{'s' if len(records) != 1 else ''}, not {which}")
    if at is not None and which is None and len(records) > 1:
        raise click.UsageError(f"--at shows the position of one game, and {log} holds {len(records)}: "
                               f"give --game N too")
    numbered = [(number, line, record) for number, (line, record) in enumerate(records, 1)]
    chosen = [numbered[which - 1]] if which else numbered
    single = len(chosen) == 1
    if at is not None:
        _check_at(log, at, *chosen)
    loaded = _ReplayInputs(log, pack_override, card_files, head)
    failed = 0
    for number, line, record in chosen:
        try:
            if isinstance(record, RecordError):
                raise record
            pack, sources = loaded.pack_and_cards(record, number, line)
            game = game_for(record, pack, sources)
        except (RecordError, OptionError) as e:
            message = str(e) if isinstance(record, RecordError) else f"{log}:{line}:1: error: game {number}: {e}"
            if single:
                raise InputError(message) from None
            failed += 1
            click.echo(_said(message))
            continue
        total = len(record["decisions"])
        try:
            done = replaying(game, record, at)
        except RuleError as e:
            message = e.located(f"game {number} (seed {record['seed']})")
            if single:
                raise InputError(message) from None
            failed += 1
            click.echo(_said(message))
            continue
        names = done.state.seat_names
        result = done.state.returns() if done.state.is_terminal() else None
        if record.get("version") and record["version"] != pack.version and single:
            click.echo(f"note: the game was recorded with {record['pack']} {record['version']}; "
                       f"the pack is now {pack.version}")
        if single:
            if at is not None and done.parted is None:
                click.echo(narrate.position(done, total))
            else:
                click.echo(narrate.narrative(done.state.log))
        places = done.state.places() if pack.ranks else None
        outcome = narrate.result_text(names, result, places, done.state.teams)
        expected = narrate.result_text(names, record.get("result"), record.get("places"), done.state.teams)
        if done.parted is not None:
            failed += 1
            click.echo(_said(f"game {number} (seed {record['seed']}): the games part ways {done.parted}"), err=single)
        elif at is not None and at < total:
            pass
        elif outcome != expected or (record.get("result") is not None and (result or []) != record["result"]):
            failed += 1
            click.echo(f"game {number} (seed {record['seed']}): the replay ends differently: the record says "
                       f"{expected}, the replay gives {outcome}", err=single)
        elif not single:
            click.echo(f"game {number} (seed {record['seed']}): the same game, {_decisions(total)}: {outcome}")
        else:
            click.echo(f"\nThe replay gives the same game: {_decisions(total)}, {outcome}.")
    if not single:
        click.echo(f"{len(chosen) - failed} of {len(chosen)} games replay the same")
    sys.exit(1 if failed else 0)


def _check_at(log: str, at: int, chosen: tuple) -> None:
    """--at past the game's last decision is refused as --game past the last game is:
    there is no such position to show."""
    number, _, record = chosen
    if isinstance(record, dict) and at > len(record["decisions"]):      # not a record: refused as it is replayed
        raise InputError(f"game {number} of {log} holds {_decisions(len(record['decisions']))}, not {at}")


class _ReplayInputs:
    """The packs and card files the games of a log were played with, each loaded once.
    A path in a record is looked for from here, then from the log's folder, so that
    a log travels with the files it names; one outside the project is refused."""

    def __init__(self, log: str, pack_override: str | None, card_files: tuple, head: dict | None = None):
        from pathlib import Path

        self.log = log
        self.head = head or {}
        self.folder = Path(log).parent
        self.pack_override = pack_override
        self.card_files = list(card_files)
        self.packs, self.sources = {}, {}

    def _check_content(self, record: dict, pack) -> None:
        """Tells when the run's manifest says its games were played with other pack texts."""
        # A hash that is not a text, or versions that are not a list (a manifest edited by hand), say nothing.
        versions = self.head.get("versions") if isinstance(self.head, dict) else None
        played = {v.get("sha256") for v in (versions if isinstance(versions, list) else ()) if isinstance(v, dict)
                  and v.get("source") == record.get("source") and isinstance(v.get("sha256"), str)}
        if played and pack.sha256 not in played:
            click.echo(_said(f"note: the run's manifest says its games were played with {record['pack']} of "
                             f"content hash {sorted(played)[0][:16]}, and the pack is now {pack.sha256[:16]}: "
                             f"a game that parts ways says where"))
        elif not played and record.get("version") not in (None, pack.version):
            click.echo(_said(f"note: the record says its game was played with {record['pack']} "
                             f"{record['version']}, and the pack is now {pack.version}: "
                             f"a game that parts ways says where"))

    def _found(self, name: str, what: str) -> str:
        from .interpreter.play.records import record_file

        return record_file(name, self.folder, what)

    def pack_and_cards(self, record: dict, number: int, line: int):
        from .interpreter.diagnostics import Report, render
        from .interpreter.packs.importing import ImportProblem, card_file_source
        from .interpreter.packs.loader import PackError, load_pack

        name = self.pack_override or self._found(record.get("source") or record["pack"], "pack")
        if name not in self.packs:
            report = Report()
            try:
                self.packs[name] = load_pack(name, report)
            except PackError:
                raise InputError(f"the pack of the log cannot be loaded (another may be given with --pack):\n"
                                 f"{render(report, 'text')}") from None
            if not self.pack_override:
                self._check_content(record, self.packs[name])
        pack = self.packs[name]
        files = self.card_files or [self._found(f, "card file") for f in record.get("cards") or ()]
        key = (name, tuple(files))
        if key not in self.sources:
            try:
                self.sources[key] = tuple(card_file_source(pack, f) for f in files)
            except (ImportProblem, OSError) as e:
                raise InputError(f"{self.log}:{line}:1: error: game {number} was played with cards of "
                                 f"{', '.join(files)}, which cannot be read (give the card files with --cards):\n{e}") from None
        return pack, self.sources[key]


def _decisions(n: int) -> str:
    return f"{n} decision{'s' if n != 1 else ''}"


def _write_record(path: str, text: str) -> None:
    from .interpreter.outfiles import write_output

    write_output(path, text, "the game record")


@main.command()
@click.argument("pack", callback=_pack_names)
@click.option("--players", default=None, metavar="LIST",
              help="Who sits in each seat, comma-separated: human, or a computer player (random, heuristic, "
                   "mcts, mcts:playouts=50). human,human is hot-seat. "
                   "Default: you in the first seat, heuristic players in the others.")
@click.option("--seat", type=click.IntRange(min=1), default=None,
              help="Your seat (1 is the first) against heuristic players, instead of --players.")
@click.option("--seed", type=int, default=None, help="The game's seed (default: a new one, shown at the start).")
@click.option("--option", "option_pairs", multiple=True, metavar="KEY=VALUE", help="Set a pack option (repeatable).")
@_ruleset_option
@click.option("--deck", "decks", multiple=True, metavar="FILE",
              help="A deck list: one for every seat, one per seat in seat order, or the shared deck.")
@click.option("--cards", "card_files", multiple=True, metavar="FILE",
              help="Your own card data (MTGJSON AtomicCards or Scryfall JSON) whose cards deck lists may name.")
@click.option("--save", default=None, metavar="LOG", callback=_output("the game record"),
              help="Write the game record here (one JSON line), finished or not; - is standard output.")
@_root_option
def play(pack, players, seat, seed, option_pairs, ruleset, decks, card_files, save) -> None:
    """Play a pack in the terminal: against computer players, or hot-seat with other people."""
    import shutil

    from .interpreter.play.terminal import PlayError
    from .interpreter.play.terminal import play as play_game
    from .interpreter.play.terminal import setup

    if players is not None and seat is not None:
        raise click.UsageError("give --players or --seat, not both")
    if sys.stdout is None:      # the shell closed it (`>&-`): the game could not be shown
        raise InputError("standard output: cannot show the game there: it is closed")
    try:
        game, specs = setup(pack, _parse_options(option_pairs), players, seat, list(decks), list(card_files), ruleset)
    except PlayError as e:
        if e.report is None:
            raise InputError(str(e)) from None
        click.echo(_said(e.report), err=True)
        sys.exit(1)
    if save is not None:
        from .interpreter.outfiles import check_output

        check_output(save, "the game record")       # again, now that the files the game reads are known
    sys.exit(play_game(game, specs, seed, pack, sys.stdin, sys.stdout, sys.stderr, save, _write_record,
                       shutil.get_terminal_size().columns, list(card_files), ruleset))



@main.command()
@click.argument("packs", nargs=-1, callback=_pack_names)
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on. Any other than this machine's needs the token printed at start.")
@click.option("--port", default=8754, show_default=True, type=click.IntRange(0, 65535), help="The port to listen on.")
@click.option("--open", "open_browser", is_flag=True, help="Open the workbench in the web browser.")
@_root_option
def serve(packs, host, port, open_browser) -> None:
    """The workbench in a web browser: see, edit, play, simulate and replay packs.

    PACKS are built-in names or pack folders (default: the built-in packs). Needs
    the serve extra: pip install 'cardtable[serve]'.
    """
    from .serve import INSTALL, missing

    lacking = missing()
    if lacking:
        raise InputError(f"cardtable serve needs {', '.join(lacking)}, which {'is' if len(lacking) == 1 else 'are'} "
                         f"not installed: {INSTALL}")
    from .serve.run import serve as run_server
    from .serve.workspace import Refused

    try:
        run_server(list(packs), host, port, open_browser)
    except Refused as e:
        raise InputError(str(e)) from None


if __name__ == "__main__":
    main()
