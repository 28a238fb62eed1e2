"""pytest collects scenario files: those of every pack's tests/ folder, and files
anywhere else that name their pack (`pack:`) and hold `scenarios:`. Each scenario is
a test item; a failure points at the line of the YAML file where the game differed,
and shows the game as it was then (the whole log with -v)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

SNIFF = 65536       # how much of a YAML file is read to tell a scenario file


def pytest_collect_file(parent, file_path: Path):
    # A hidden file (an editor's lock or backup) is nobody's scenario file.
    if file_path.suffix not in (".yaml", ".yml") or file_path.name.startswith("."):
        return None
    if _in_pack(file_path) or _names_its_pack(file_path):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


def _in_pack(path: Path) -> bool:
    return path.parent.name == "tests" and (path.parent.parent / "pack.yaml").is_file()


def _names_its_pack(path: Path) -> bool:
    """A file whose first lines hold the top-level keys `pack:` and `scenarios:`."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            head = f.read(SNIFF)
    except OSError:
        return False
    return bool(re.search(r"^pack:", head, re.M) and re.search(r"^scenarios:", head, re.M))


_PACKS: dict = {}


def _pack(folder):
    from .interpreter.diagnostics import Report, render
    from .interpreter.packs.loader import PackError, load_pack

    key = str(folder)
    if key not in _PACKS:
        report = Report()
        try:
            _PACKS[key] = load_pack(key, report)
        except PackError:
            _PACKS[key] = render(report, "text")
    return _PACKS[key]


class ScenarioFile(pytest.File):
    def collect(self):
        from .interpreter.diagnostics import Report, render
        from .interpreter.packs.scenario import load_scenarios

        report = Report()
        # A pack's own file is read only where the pack may read (cardtable test does the same).
        scenarios = load_scenarios(self.path, report, self.path.parent.parent if _in_pack(self.path) else None)
        if not report.ok:
            # A collection error pytest shows as its message alone, without a traceback.
            raise self.CollectError(render(report, "text"))
        for sc in scenarios:
            yield ScenarioItem.from_parent(self, name=sc.name, scenario=sc)


class ScenarioError(Exception):
    pass


class ScenarioItem(pytest.Item):
    def __init__(self, *, scenario, **kwargs):
        super().__init__(**kwargs)
        self.scenario = scenario
        # Other plugins (pytest-lsp among them) read the fixtures of every item;
        # a scenario has none, and saying so keeps their hooks working.
        self.funcargs = {}

    def runtest(self):
        from .interpreter.packs.scenario import file_pack, run_scenario

        pack = _pack(file_pack(self.path, self.scenario.pack))
        if isinstance(pack, str):
            raise ScenarioError(f"the pack does not load:\n{pack}")
        run_scenario(pack, self.scenario)

    def repr_failure(self, excinfo):
        from .interpreter.packs.scenario import ScenarioFailure
        from .interpreter.play.failures import failure_lines

        if isinstance(excinfo.value, ScenarioFailure):
            lines = failure_lines(excinfo.value, self.config.getoption("verbose") > 0)
            return "\n".join(line[2:] for line in lines)
        if isinstance(excinfo.value, ScenarioError):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, self.scenario.line - 1, f"scenario: {self.scenario.name}"
