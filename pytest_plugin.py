"""pytest collects every pack's scenario files: each scenario is a test item, and a
failure points at the line of the YAML file where the game differed."""
from __future__ import annotations

from pathlib import Path

import pytest


def pytest_collect_file(parent, file_path: Path):
    if file_path.suffix == ".yaml" and file_path.parent.name == "tests" and (file_path.parent.parent / "pack.yaml").is_file():
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


_PACKS: dict = {}


def _pack(folder: Path):
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
        scenarios = load_scenarios(self.path, report)
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
        from .interpreter.packs.scenario import run_scenario

        pack = _pack(self.path.parent.parent)
        if isinstance(pack, str):
            raise ScenarioError(f"the pack does not load:\n{pack}")
        run_scenario(pack, self.scenario)

    def repr_failure(self, excinfo):
        from .interpreter.packs.scenario import ScenarioFailure

        if isinstance(excinfo.value, (ScenarioFailure, ScenarioError)):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, self.scenario.line - 1, f"scenario: {self.scenario.name}"
