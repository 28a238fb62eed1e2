"""`cardtable validate` looks up every name a pack's scenarios use (scenarionames.py):
all the problems of all the scenario files in one run, each where `cardtable test`
would fail and with its message, without playing a scenario."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from cardtable.cli import main
from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.packs import expectations, scenario, scenarionames
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.packs.scenario import ScenarioFailure, load_scenarios, run_scenario
from cardtable.interpreter.packs.validate import validate_pack

DATA = Path(__file__).parent / "data" / "scenario_names"
VARIANTS = Path(__file__).resolve().parents[1] / "variants"
SCHEMA = json.loads((Path(__file__).resolve().parents[1] / "schemas" / "scenario.schema.json").read_text())

# Every problem of the pack's two scenario files: (file, line, column, message).
PROBLEMS = [
    ("plays", 13, 9, 'unknown player "Anne"; did you mean "Ann"?'),
    ("plays", 14, 9, 'unknown player "2"'),
    ("plays", 15, 33, 'unknown phase "mian"; did you mean "main"?'),
    ("plays", 18, 20, 'unknown card "Flair"; did you mean "Flare"?'),
    ("plays", 20, 15, 'unknown player "Bem"; did you mean "Ben"?'),
    ("plays", 22, 37, 'unknown zone "dicard"; did you mean "discard"?'),
    ("plays", 23, 29, 'unknown player counter "lives"; did you mean "life"?'),
    ("plays", 24, 37, 'unknown card "Sprak"; did you mean "Spark"?'),
    ("plays", 25, 23, 'unknown table value "leader"; did you mean "led"?'),
    ("plays", 27, 23, 'unknown zone "discrad"; did you mean "discard"?'),
    ("plays", 27, 52, 'unknown player "Bem"; did you mean "Ben"?'),
    ("plays", 27, 67, 'unknown card property "strenght"; did you mean "strength"?'),
    ("plays", 27, 88, 'unknown card counter "charg"; did you mean "charge"?'),
    ("plays", 27, 108, 'unknown mark "chargd"; did you mean "charged"?'),
    ("plays", 28, 28, 'unknown keyword "loyl"; did you mean "loyal"?'),
    ("plays", 28, 43, 'unknown card type "spel"; did you mean "spell"?'),
    ("plays", 29, 16, 'unknown card "Sprak"; did you mean "Spark"?'),
    ("plays", 30, 26, 'unknown player "Bem"; did you mean "Ben"?'),
    ("plays", 31, 15, 'unknown player "Bem"; did you mean "Ben"?'),
    ("plays", 32, 21, 'unknown player "Bem"; did you mean "Ben"?'),
    ("setups", 5, 29, 'Names has no option "startng_life"; did you mean "starting_life"?'),
    ("setups", 8, 15, 'unknown player "Anne"; did you mean "Ann"?'),
    ("setups", 9, 14, 'unknown phase "strat"; did you mean "start"?'),
    ("setups", 10, 21, 'unknown table value "lead"; did you mean "led"?'),
    ("setups", 13, 27, 'unknown card "Sprak"; did you mean "Spark"?'),
    ("setups", 14, 24, 'unknown zone "graveyard"'),
    ("setups", 15, 20, 'unknown card state "chraged"; did you mean "charged"? (write tapped, face_down, damage N, '
                       'entered N, control_changed N or a mark)'),
    ("setups", 15, 39, 'unknown card counter "charg"; did you mean "charge"?'),
    ("setups", 15, 39, 'unknown mark "chargd"; did you mean "charged"?'),
    ("setups", 15, 100, 'unknown player "Bem"; did you mean "Ben"?'),
    ("setups", 16, 28, 'unknown player counter "lief"; did you mean "life"?'),
    ("setups", 17, 33, 'unknown round "hand": the pack has no rounds ("sits_out: true" sits the player out for the '
                       'rest of the game)'),
    ("setups", 22, 13, 'unknown step "drew" of phase start; did you mean "draw"?'),
    ("setups", 23, 20, "\"led\" holds a player's name or none, not 'Bob'"),
    ("setups", 25, 53, 'no card or player named "Wisp #3" in this position'),
    ("setups", 29, 14, "Names is played by 2 players, not 3"),
]


def copy_pack(folder: Path) -> Path:
    """A copy of the pack, its scenario files in tests/ (kept apart here, so that pytest
    does not collect them as scenarios to run)."""
    pack = folder / "names"
    shutil.copytree(DATA, pack)
    (pack / "scenarios").rename(pack / "tests")
    return pack


def test_every_name_problem_of_every_scenario_is_reported_at_its_place(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    copy_pack(tmp_path)
    result = CliRunner().invoke(main, ["validate", "names"])
    assert result.exit_code == 1
    located = [line for line in result.stdout.splitlines() if line.startswith("names/")]
    assert located == [f"names/tests/{file}.yaml:{line}:{col}: error: {message}" for file, line, col, message in PROBLEMS]
    # As validate shows every problem: the line of the file, and a caret under the name.
    at = result.stdout.splitlines().index("names/tests/setups.yaml:14:24: error: unknown zone \"graveyard\"")
    assert result.stdout.splitlines()[at + 1:at + 3] == ["                graveyard: [Flare]", "                           ^"]
    assert result.stdout.splitlines()[-1] == f"{len(PROBLEMS)} problems in 2 files"


def test_the_json_report_has_the_names_as_it_has_other_problems(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    copy_pack(tmp_path)
    result = CliRunner().invoke(main, ["validate", "names", "--format", "json"])
    problems = json.loads(result.stdout)["problems"]
    assert problems[0] == {"file": "names/tests/plays.yaml", "line": 13, "column": 9, "severity": "error",
                           "message": 'unknown player "Anne"; did you mean "Ann"?', "hint": None}
    assert len(problems) == len(PROBLEMS)


def test_the_built_in_packs_scenarios_name_only_what_their_packs_have():
    report = Report()
    for folder in sorted(VARIANTS.iterdir()):
        assert validate_pack(str(folder), report), folder.name
    assert report.problems == []


def test_names_are_looked_up_once_the_pack_loads(tmp_path):
    """A pack that does not load has its scenario files read for their shape alone."""
    pack = copy_pack(tmp_path)
    text = (pack / "pack.yaml").read_text()
    (pack / "pack.yaml").write_text(text.replace("windows:", "windws:"))
    report = Report()
    assert not validate_pack(str(pack), report)
    assert {Path(p.file).name for p in report.problems} == {"pack.yaml"}


# A condition that does not parse, and one whose names are wrong: the second is told
# only where the names are looked up (line 10 of the file below).
CONDITIONS = """scenarios:
  - name: conditions
    players: 2
    script:
      - until: {condition: "life of Ben <"}
      - until:
          condition: >-
            life of Bem < 3 and
            turn >
      - until: {condition: "lfe of Bem < 3"}
"""
UNPARSED = [(5, 42, 'until: unexpected end of the text; expected "(", "-", "a", "active", "bottom", "card", '
                    '"count", "false", ...'),
            (9, 19, 'until: unexpected end of the text; expected "(", "-", "a", "active", "bottom", "card", '
                     '"count", "false", ...')]


@pytest.mark.parametrize("pack_edit, file_edit, other", [
    (("windows:", "windws:"), ("", ""), "pack.yaml"),
    (("", ""), ("players: 2", "players: two"), "3:14"),
    (("", ""), ("players: 2", "players: 3"), "3:14"),
])
def test_the_syntax_of_a_condition_is_read_where_its_names_cannot_be_looked_up(tmp_path, pack_edit, file_edit,
                                                                              other):
    """A pack that does not load, a scenario file the schema refuses, a scenario of a
    wrong number of players: the conditions of `until:` are still read for their syntax
    (nothing was said of them), and the names they read are left for later."""
    pack = copy_pack(tmp_path)
    for file in (pack / "tests").iterdir():
        file.unlink()
    (pack / "pack.yaml").write_text((pack / "pack.yaml").read_text().replace(*pack_edit))
    (pack / "tests" / "until.yaml").write_text(CONDITIONS.replace(*file_edit))
    report = Report()
    assert not validate_pack(str(pack), report)
    told = [(p.line, p.col, p.message) for p in report.problems if Path(p.file).name == "until.yaml"]
    others = [f"{p.line}:{p.col}" if Path(p.file).name == "until.yaml" else Path(p.file).name for p in report.problems]
    assert [t for t in told if t[2].startswith("until:")] == UNPARSED
    assert set(others) - {"5:42", "9:19"} == {other}


# ---------------------------------------------------------------- the same as `test`
# Scenarios with one mistake each, in a file of their own: validate reports it where
# `cardtable test` fails the scenario, with the same message.
START = {"turn": 2, "active": "Ann", "phase": "main", "players": [{"zones": {"hand": ["Flare"]}}, {"zones": {}}]}
ONE_EACH = {
    "an option": {"options": {"turn_limt": 3}},
    "players": {"players": 3},
    "a card": {"setup": {"players": [{"zones": {"hand": ["Flair"]}}]}},
    "a zone": {"setup": {"players": [{"zones": {"hnd": ["Flare"]}}]}},
    "an owner": {"setup": {"players": [{"zones": {"play": [{"card": "Squire", "owner": 2}]}}]}},
    "the active player": {"setup": {"active": "Bem", "players": [{}, {}]}},
    "a phase": {"setup": {"phase": "mian", "players": [{}, {}]}},
    "a step": {"setup": {"phase": "start", "step": "upkep", "players": [{}, {}]}},
    "a table value": {"setup": {"table": {"lead": "Ann"}, "players": [{}, {}]}},
    "a table value's player": {"setup": {"table": {"led": "Bem"}, "players": [{}, {}]}},
    "a card state": {"setup": {"players": [{"zones": {"play": ["Squire: tapd"]}}]}},
    "a mark": {"setup": {"players": [{"zones": {"play": [{"card": "Squire", "marks": {"chargd": True}}]}}]}},
    "what a mark points at": {"setup": {"players": [{"zones": {"play": ["Squire: charged Spark"]}}]}},
    "a card counter": {"setup": {"players": [{"zones": {"play": [{"card": "Squire", "counters": {"charg": 1}}]}}]}},
    "a player counter": {"setup": {"players": [{"counters": {"lief": 3}}]}},
    "a player counter's kind": {"setup": {"players": [{"counters": {"life": {"Spark": 3}}}]}},
    "a skipped player": {"setup": {"skips": {"Bem": 1}, "players": [{}, {}]}},
    "a zone of each player under shared": {"setup": {"players": [{}, {}], "shared": {"hand": ["Flare"]}}},
    "a player of the script": {"setup": START, "script": ["Anne: Play: Flare"]},
    "a player of the script by seat": {"setup": START, "script": [{"player": 5, "choose": "pass"}]},
    "a step of until": {"setup": START, "script": [{"until": {"step": "drew"}}]},
    "a phase of until": {"setup": START, "script": [{"until": {"phase": "mian"}}]},
    "a condition of until": {"setup": START, "script": [{"until": {"condition": "life of Ben < 3 and lfe of Bem < 3"}}]},
    "an expected zone": {"expect": {"players": [{"zones": {"hnd": []}}]}},
    "an expected zone of each player under shared": {"expect": {"shared": {"hand": []}}},
    "an expected player counter": {"expect": {"players": [{"counters": {"lief": 10}}]}},
    "an expected seat too many": {"expect": {"players": [{}, {}, {}]}},
    "an expected table value": {"expect": {"table": {"lead": None}}},
    "an expected round": {"expect": {"rounds": {"hand": 1}}},
    "an expected place": {"expect": {"places": {"Bem": 1}}},
    "an expected property": {"expect": {"cards": {"Spark": {"strenght": 1}}}},
}


def test_validate_reports_each_mistake_where_cardtable_test_fails_with_it(tmp_path):
    pack = copy_pack(tmp_path)
    for file in (pack / "tests").iterdir():
        file.unlink()
    scenarios = [{"name": name, **sc} for name, sc in ONE_EACH.items()]
    (pack / "tests" / "one_each.yaml").write_text(yaml.safe_dump({"scenarios": scenarios}, sort_keys=False))
    report = Report()
    assert not validate_pack(str(pack), report)
    reported = {p.line: (p.col, p.message) for p in report.problems}
    loaded = load_pack(str(pack), Report())
    failed = {}
    for sc in load_scenarios(pack / "tests" / "one_each.yaml", Report()):
        with pytest.raises(ScenarioFailure) as e:
            run_scenario(loaded, sc)
        failed[sc.name] = (e.value.line, e.value.col, e.value.message)
    assert len(report.problems) == len(ONE_EACH)
    for name, (line, col, message) in failed.items():
        if name == "an option":     # test fails at `options:`, validate points at the option itself
            assert reported.get(line)[1] == message
            continue
        assert reported.get(line) == (col, message), name


# ---------------------------------------------------------------- the tables
def test_every_key_that_names_something_is_looked_up():
    """The names of each part of a scenario are looked up by a table of their own,
    which keeps beside the tables that play it."""
    setup_keys = set(SCHEMA["$defs"]["scenario"]["properties"]["setup"]["properties"])
    assert setup_keys - set(scenarionames.SETUP) == {"turn", "step", "direction"}     # numbers, and read with phase
    assert set(scenarionames.STEPS) == set(scenario.STEPS)
    naming_nothing = {"game_over", "log", "log_absent", "no_decision"}
    assert set(scenarionames.EXPECT) == set(expectations.EXPECTATIONS) - naming_nothing
    assert set(expectations.CARD_FIELDS) - set(scenarionames.CARD_NAMES) == {"tapped", "face_down", "damage"}
