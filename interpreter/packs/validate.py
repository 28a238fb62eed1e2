"""`cardtable validate`: every check a pack can be put through without playing it."""
from __future__ import annotations

from pathlib import Path

from ..diagnostics import Report
from .finding import resolve_pack
from .loader import PackError, load_pack
from .scenario import load_scenarios, scenario_files


def validate_pack(name_or_path: str, report: Report) -> bool:
    """Load and check a pack and its scenario files; True when no error was found.

    The scenario files are checked even when the pack has problems, so that one run
    shows them all."""
    before = len(report.errors)
    try:
        folder = Path(load_pack(name_or_path, report).path)
    except PackError:
        found = resolve_pack(name_or_path, Report())
        folder = found.parent if found is not None else None
    except RecursionError:
        report.add(str(name_or_path), 1, 1, "the pack is nested too deeply to read")
        return False
    for path in scenario_files(folder) if folder is not None else []:
        load_scenarios(path, report, folder)
    return len(report.errors) == before
