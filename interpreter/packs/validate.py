"""`cardtable validate`: every check a pack can be put through without playing it."""
from __future__ import annotations

from pathlib import Path

from ..diagnostics import Report
from .cardtext import unwritten_text
from .finding import resolve_pack
from .importing import ImportProblem, load_deck
from .loader import PackError, load_pack
from .scenario import load_scenarios, scenario_files


def validate_pack(name_or_path: str, report: Report, decks=()) -> bool:
    """Load and check a pack, its scenario files and the deck lists `decks` (files a
    player would give with --deck); True when no error was found. Cards the decks use
    whose text the pack follows and does not write are warnings.

    The scenario files are checked even when the pack has problems, so that one run
    shows them all."""
    before = len(report.errors)
    try:
        pack = load_pack(name_or_path, report)
        folder = Path(pack.path)
        _check_decks(pack, str(resolve_pack(name_or_path, Report())), report, decks)
    except PackError:
        found = resolve_pack(name_or_path, Report())
        folder = found.parent if found is not None else None
    except RecursionError:
        report.add(str(name_or_path), 1, 1, "the pack is nested too deeply to read")
        return False
    for path in scenario_files(folder) if folder is not None else []:
        load_scenarios(path, report, folder)
    return len(report.errors) == before


def _check_decks(pack, pack_file: str, report: Report, decks) -> None:
    for path in decks:
        try:
            load_deck(pack, path)
        except ImportProblem as e:
            for file, line, col, message in e.problems or [(str(path), 1, 1, e.message)]:
                report.add(file, line, col, message)
    unwritten_text(pack, pack_file, report, decks)
