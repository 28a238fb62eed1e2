"""Messages quote input (card names, DSL text, deck-list lines, option values,
records): whatever the input holds, a message escapes what does not print, shortens
long quotations and stays short, in every format."""
from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.cli import main
from cardtable.interpreter.diagnostics import MAX_MESSAGE, Report, render, shown
from cardtable.interpreter.engine.model import Source
from cardtable.interpreter.engine.state import RuleError

TINY = Path(__file__).parent / "data" / "tinypack"
TITLE = "\x1b]0;pwned\x07"          # sets a terminal's title
UNKNOWN = 'unknown card "\\x1b]0;pwned\\x07Bear"'


@pytest.mark.parametrize("text, said", [
    ("plain text", "plain text"),
    (f'unknown card "{TITLE}Bear"', 'unknown card "\\x1b]0;pwned\\x07Bear"'),
    ('a "\u202eevil" name', 'a "\\u202eevil" name'),         # right-to-left override
    ("two\nlines\r", "two\\nlines\\r"),
    ('unknown card "' + "A" * 1_000_000 + '"', 'unknown card "' + "A" * 60 + '..." (1,000,000 characters)'),
    # What stands between two short quotations is no quotation, however long.
    ('the game\'s "seed" is ' + "1" * 150 + ', not 0, the seed of "run" 0',
     'the game\'s "seed" is ' + "1" * 150 + ', not 0, the seed of "run" 0'),
    ('"a" then "' + "B" * 200 + '"', '"a" then "' + "B" * 60 + '..." (200 characters)'),
])
def test_shown(text, said):
    assert shown(text) == said


def test_a_long_message_is_cut_keeping_its_end():
    said = shown("x" * 10_000 + ": File name too long")
    assert said == "x" * 1800 + "... (8,020 characters left out) ..." + "x" * 180 + ": File name too long"


def test_lines_may_be_kept():
    assert shown(f"a\n{TITLE}", lines=True) == "a\n\\x1b]0;pwned\\x07"


@pytest.fixture
def pack_with_deck(tmp_path):
    """The tiny pack, its deck read from a list whose card name sets the terminal's title."""
    shutil.copytree(TINY, tmp_path / "p")
    (tmp_path / "p" / "deck.txt").write_text(f"4 {TITLE}Bear\n4 Zap\n", encoding="utf-8")
    yaml = tmp_path / "p" / "pack.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8").replace("{cards: [4 Bear, 4 Zap], size: 8}", "{list: deck.txt}"),
                    encoding="utf-8")
    return tmp_path


def validate(folder: Path, fmt: str) -> str:
    result = CliRunner().invoke(main, ["validate", str(folder / "p"), "--format", fmt])
    assert result.exit_code == 1
    assert "\x1b" not in result.output and "\x07" not in result.output
    return result.stdout


def test_every_format_escapes_what_it_quotes(pack_with_deck):
    deck = f"{pack_with_deck}/p/deck.txt"
    text = validate(pack_with_deck, "text")
    assert text.splitlines()[0] == f"{deck}:1:3: error: {UNKNOWN}"
    github = validate(pack_with_deck, "github")
    assert github == f"::error file={deck},line=1,col=3,title=cardtable::{UNKNOWN}\n"
    problems = json.loads(validate(pack_with_deck, "json"))["problems"]
    assert [p["message"] for p in problems] == [UNKNOWN]
    junit = ET.fromstring(validate(pack_with_deck, "junit").encode("utf-8"))
    assert [f.get("message") for f in junit.iter("failure")] == [f"1:3: {UNKNOWN}"]


def test_a_name_of_a_megabyte_is_not_printed_whole(tmp_path):
    shutil.copytree(TINY, tmp_path / "p")
    (tmp_path / "deck.txt").write_text("B" * 1_000_000 + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["simulate", str(tmp_path / "p"), "-n", "1", "--deck", str(tmp_path / "deck.txt")])
    assert result.exit_code == 1
    assert result.stderr == f'{tmp_path}/deck.txt:1:1: error: unknown card "{"B" * 60}..." (1,000,000 characters)\n'


def test_an_option_value_is_escaped():
    result = CliRunner().invoke(main, ["simulate", "magic54", "-n", "1", "--option", f"starting_life={TITLE}"])
    assert result.exit_code == 1
    assert result.stderr == 'error: option "starting_life" takes a whole number, not "\\x1b]0;pwned\\x07"\n'


def test_a_broken_rule_is_escaped():
    e = RuleError(f'"while true" of {TITLE}Bear ran its block', Source("cards.yaml", 3, 5))
    e.turn = 2
    assert e.located("the game") == ('cards.yaml:3:5: error: the game stopped on turn 2: "while true" of '
                                     '\\x1b]0;pwned\\x07Bear ran its block')


def test_a_report_keeps_the_escaped_file_name():
    report = Report()
    report.add(f"{TITLE}.yaml", 1, 1, "bad")
    report.add_source(f"{TITLE}.yaml", "x: 1\n")
    assert render(report, "text").splitlines()[:2] == ["\\x1b]0;pwned\\x07.yaml:1:1: error: bad", "    x: 1"]


def test_a_usage_error_quoting_what_was_typed_is_safe_to_print_and_short():
    result = CliRunner().invoke(main, ["sweep", "magic54", "-n", "2", "--set", "x=\x1b[31mRED1..a"])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == ('Error: Invalid value for --set: "\\x1b[31mRED1..a" is not a range '
                                              "of whole numbers like 1..4")
    long = CliRunner().invoke(main, ["sweep", "magic54", "-n", "2", "--set", "x=1.." + "9" * 5000])
    assert long.exit_code == 2 and len(long.stderr) < 400, long.stderr


def test_a_byte_that_was_not_utf8_is_said_as_the_byte():
    # Python keeps such a byte of a name or a typed line as a lone surrogate (\udcff).
    assert shown("bad\udcff\udcfename") == "bad\\xff\\xfename"
