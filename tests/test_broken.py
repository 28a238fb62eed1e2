"""Broken packs: every problem is reported at once, each with its file, line, column,
message, source line and caret. The corpus is in tests/broken (see its README)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.cli import main

CORPUS = Path(__file__).parent / "broken"
CASES = sorted(p.name for p in CORPUS.iterdir() if (p / "expected.txt").is_file())
ROOT = Path(__file__).parent.parent


def validate(*args: str):
    return CliRunner().invoke(main, ["validate", *args])


def test_the_corpus_has_every_kind_of_mistake():
    assert CASES == ["dsl_syntax", "dsl_types", "pack_checks", "schema", "schema_and_dsl", "several_at_once",
                     "unknown_names", "yaml_syntax"]
    assert not list(CORPUS.glob("*/tests")), "pytest would collect a tests/ folder as scenarios"


@pytest.mark.parametrize("case", CASES)
def test_broken_pack_reports_exactly_its_problems(case, monkeypatch):
    monkeypatch.chdir(CORPUS)
    result = validate(case)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.stderr == ""
    assert result.stdout == (CORPUS / case / "expected.txt").read_text(encoding="utf-8")
    assert result.exit_code == 1


def test_several_broken_packs_in_one_run(monkeypatch):
    # The problems of both, and one summary for all; a valid pack is named as such.
    monkeypatch.chdir(CORPUS)
    result = validate("dsl_types", "magic54", "yaml_syntax")
    problems = [(CORPUS / c / "expected.txt").read_text(encoding="utf-8").rsplit("\n", 2)[0]
                for c in ("dsl_types", "yaml_syntax")]
    assert result.stdout == "\n".join(["magic54: valid", *problems, "13 problems in 7 files", ""])
    assert result.exit_code == 1


def test_a_team_deck_of_the_wrong_size_is_refused(tmp_path, monkeypatch):
    # Magic 54: 27 cards a team. Keeping only the Hearts leaves the red team 13.
    pack = tmp_path / "magic54"
    shutil.copytree(ROOT / "variants" / "magic54", pack, ignore=shutil.ignore_patterns("tests"))
    text = (pack / "pack.yaml").read_text(encoding="utf-8")
    old = "  red: {from: standard54, where: {colour: red}, size: 27}"
    new = "  red: {from: standard54, where: {colour: red, suit: hearts}, size: 27}"
    assert old in text
    (pack / "pack.yaml").write_text(text.replace(old, new), encoding="utf-8")
    line = text.splitlines().index(old) + 1
    monkeypatch.chdir(tmp_path)
    result = validate("magic54")
    assert result.stdout.splitlines() == [
        f'magic54/pack.yaml:{line}:69: error: deck "red" has 13 cards, not 27',
        "    " + new,
        "    " + " " * 68 + "^",     # under the 27 of size: 27
        "1 problem in 1 file",
    ]
    assert result.exit_code == 1


@pytest.mark.parametrize("path, what", [
    ("tinypack/cards/base.yaml", "this is a card file, not a pack: "),
    ("scenarios/starting_position.yaml", "this is a scenario file, not a pack: `cardtable test FILE` runs its scenarios; "),
])
def test_validate_given_another_file_than_a_pack_says_what_it_checks(path, what, monkeypatch):
    # Not the problems of the file read as a pack.yaml: what validate expects instead.
    monkeypatch.chdir(ROOT / "tests" / "data")
    result = validate(path)
    assert result.stdout == (f"{path}:1:1: error: {what}validate checks a whole pack (its card files, decks and "
                             "scenarios): give the folder holding its pack.yaml\n1 problem in 1 file\n")
    assert result.exit_code == 1
