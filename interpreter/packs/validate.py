"""`cardtable validate`: every check a pack can be put through without playing it.

The command reads a pack from the disk; an editor checks the same pack with its
unsaved buffers over it (a PackFiles with on_disk=True). Both go through
`check_pack_files`, so that the editor and the command never disagree.
"""
from __future__ import annotations

import posixpath
from pathlib import Path

from ..diagnostics import Report
from .cardtext import unwritten_text
from .files import PackFiles, Reader
from .finding import resolve_pack
from .importing import ImportProblem, load_deck
from .loader import Build, check_pack
from .scenario import load_scenarios, scenario_files
from .yamlpos import MAX_BYTES


def validate_pack(name_or_path: str, report: Report, decks=()) -> bool:
    """Load and check a pack, its scenario files and the deck lists `decks` (files a
    player would give with --deck); True when no error was found. Cards the decks use
    whose text the pack follows and does not write are warnings.

    The scenario files are checked even when the pack has problems, so that one run
    shows them all."""
    before = len(report.errors)
    found = resolve_pack(name_or_path, report)
    if found is not None:
        files = PackFiles({}, str(Path(found).parent), on_disk=True, pack_file=Path(found).name)
        check_pack_files(files, report, str(name_or_path), decks)
    return len(report.errors) == before


def check_pack_files(files: PackFiles, report: Report, label: str | None = None, decks=(),
                     stages: list | None = None) -> Build | None:
    """Every check of `cardtable validate` on a pack given as its files: the pack, then,
    when it loads, the deck lists `decks` and the card text it has yet to write, then
    its scenario files (tests/*.yaml, those among the texts read from there). Returns
    what loading kept (loader.check_pack). `label` names the pack in a problem that
    belongs to no file of it. `stages`, when given, gets the problems of the report
    after each of the three stages (recheck.py checks an edit again from them)."""
    try:
        build = check_pack(files, report)
        _stage(stages, report)
        if build is not None and report.ok:
            pack = build.pack(build.pack_key)
            _check_decks(pack, str(Path(files.folder) / files.pack_file), report, decks)
        _stage(stages, report)
    except RecursionError:
        report.add(label or files.folder, 1, 1, "the pack is nested too deeply to read")
        return None
    for path, read in pack_scenario_files(files):
        load_scenarios(path, report, Path(files.folder), read)
    _stage(stages, report)
    return build


def _stage(stages: list | None, report: Report) -> None:
    if stages is not None:
        stages.append(report.problems)


def pack_scenario_files(files: PackFiles) -> list:
    """(path, read) of each scenario file of a pack (tests/*.yaml): read() gives its
    bytes, from the texts when they hold it."""
    folder = Path(files.folder)
    names = {path.name for path in scenario_files(folder)} if files.on_disk else set()
    names |= {posixpath.basename(key) for key in files.texts
              if posixpath.dirname(key) == "tests" and key.endswith(".yaml")}
    reader = Reader(folder, files)
    return [(folder / "tests" / name, reader.reading("tests/" + name, folder / "tests" / name, MAX_BYTES))
            for name in sorted(names)]


def _check_decks(pack, pack_file: str, report: Report, decks) -> None:
    for path in decks:
        try:
            load_deck(pack, path)
        except ImportProblem as e:
            for file, line, col, message in e.problems or [(str(path), 1, 1, e.message)]:
                report.add(file, line, col, message)
    unwritten_text(pack, pack_file, report, decks)
