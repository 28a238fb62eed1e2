"""`cardtable validate`: every check a pack can be put through without playing it."""
from __future__ import annotations

from .diagnostics import Report
from .loader import PackError, load_pack
from .scenario import load_scenarios, scenario_files


def validate_pack(name_or_path: str, report: Report) -> bool:
    """Load and check a pack and its scenario files; True when no error was found."""
    before = len(report.errors)
    try:
        pack = load_pack(name_or_path, report)
    except PackError:
        return False
    except RecursionError:
        report.add(str(name_or_path), 1, 1, "the pack is nested too deeply to read")
        return False
    for path in scenario_files(pack):
        report.add_checked(str(path))
        load_scenarios(path, report)
    return len(report.errors) == before
