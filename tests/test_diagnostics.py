import json
import os
import xml.etree.ElementTree as ET

import pytest

from cardtable.interpreter.diagnostics import Problem, Report, render, source_line, split_lines
from cardtable.interpreter.suggest import did_you_mean, suggest

CARDS = "set: demo\ncards:\n  - name: Ace\n    colour: red\n"


def sample() -> Report:
    report = Report()
    report.add_source("cards.yaml", CARDS)
    report.add_checked("cards.yaml")
    report.add_checked("rules.yaml")
    report.add("cards.yaml", 4, 5, 'unknown key "colour"; did you mean "color"?')
    report.add("cards.yaml", 1, 6, '"set" must be one of: standard54, tarot', hint="see docs/sets.md")
    return report


# --- Report ----------------------------------------------------------------------

def test_problems_sorted_and_deduplicated():
    report = Report()
    report.add("b.yaml", 1, 1, "x")
    report.add("a.yaml", 9, 1, "y")
    report.add("a.yaml", 2, 7, "z")
    report.add("a.yaml", 2, 3, "w")
    report.add("a.yaml", 2, 3, "w")
    assert [(p.file, p.line, p.col) for p in report.problems] == [
        ("a.yaml", 2, 3), ("a.yaml", 2, 7), ("a.yaml", 9, 1), ("b.yaml", 1, 1)]


def test_ok_only_counts_errors():
    report = Report()
    assert report.ok
    report.add("a.yaml", 1, 1, "odd", severity="warning")
    assert report.ok and report.errors == [] and len(report.warnings) == 1
    report.add("a.yaml", 1, 1, "bad")
    assert not report.ok
    assert report.errors == [Problem("a.yaml", 1, 1, "bad")]


def test_unknown_severity_is_refused():
    with pytest.raises(ValueError):
        Report().add("a.yaml", 1, 1, "x", severity="fatal")


def test_extend_with_problems_and_reports():
    first = Report()
    first.add("a.yaml", 1, 1, "x")
    other = sample()
    first.extend(other)
    first.extend([Problem("c.yaml", 3, 1, "z", "warning")])
    assert len(first.problems) == 4
    assert first.sources["cards.yaml"] == CARDS
    assert first.checked == ["cards.yaml", "rules.yaml"]


def test_paths_become_text(tmp_path):
    report = Report()
    report.add(tmp_path / "a.yaml", 1, 1, "x")
    assert report.problems[0].file == str(tmp_path / "a.yaml")


def test_source_line():
    cache = {"f": "one\r\ntwo\nthree"}
    assert source_line(cache, "f", 1) == "one"
    assert source_line(cache, "f", 3) == "three"
    assert source_line(cache, "f", 4) is None
    assert source_line(cache, "f", 0) is None
    assert source_line(cache, "g", 1) is None
    assert split_lines("a\rb\x85c\u2028d") == ["a", "b", "c", "d"]


# --- text ----------------------------------------------------------------------------

def test_text():
    assert render(sample(), "text") == (
        'cards.yaml:1:6: error: "set" must be one of: standard54, tarot\n'
        "    set: demo\n"
        "         ^\n"
        "    hint: see docs/sets.md\n"
        'cards.yaml:4:5: error: unknown key "colour"; did you mean "color"?\n'
        "        colour: red\n"
        "        ^\n"
        "2 problems in 1 file"
    )


def test_text_without_problems_is_empty():
    report = Report()
    report.add_checked("a.yaml")
    assert render(report, "text") == ""


def test_text_without_source_has_no_excerpt():
    report = Report()
    report.add("gone.yaml", 1, 1, "no such file")
    report.add("b.yaml", 2, 1, "bad", severity="warning")
    assert render(report, "text") == (
        "b.yaml:2:1: warning: bad\n"
        "gone.yaml:1:1: error: no such file\n"
        "2 problems in 2 files"
    )


def test_text_one_problem():
    report = Report()
    report.add("a.yaml", 1, 1, "bad")
    assert render(report, "text").endswith("\n1 problem in 1 file")


def test_caret_under_tabs_and_wide_characters():
    report = Report()
    report.add_source("t.yaml", "a:\t\tb\n名前: x\n")
    report.add("t.yaml", 1, 5, "tab")
    report.add("t.yaml", 2, 5, "wide")
    out = render(report, "text").splitlines()
    assert out[1] == "    a:      b"
    assert out[2] == "            ^"
    assert out[4] == "    名前: x"
    assert out[5] == "          ^"


def test_caret_past_the_end_of_the_line():
    report = Report()
    report.add_source("e.yaml", "key: [1, 2\n")
    report.add("e.yaml", 1, 12, "never closed")
    assert render(report, "text").splitlines()[2] == "               ^"


def test_long_lines_are_cut_around_the_caret():
    report = Report()
    report.add_source("long.yaml", "x" * 1000 + "!" + "y" * 1000)
    report.add("long.yaml", 1, 1001, "here")
    shown, caret = render(report, "text").splitlines()[1:3]
    assert len(shown) < 140
    assert shown[caret.index("^")] == "!"


# --- json -------------------------------------------------------------------------------

def test_json():
    out = render(sample(), "json")
    doc = json.loads(out)
    assert doc == {
        "valid": False,
        "problems": [
            {"file": "cards.yaml", "line": 1, "column": 6, "severity": "error",
             "message": '"set" must be one of: standard54, tarot', "hint": "see docs/sets.md"},
            {"file": "cards.yaml", "line": 4, "column": 5, "severity": "error",
             "message": 'unknown key "colour"; did you mean "color"?', "hint": None},
        ],
    }
    assert list(doc["problems"][0]) == ["file", "line", "column", "severity", "message", "hint"]
    assert out.startswith('{\n  "valid": false,\n  "problems": [')


def odd_names() -> Report:
    """A report on files whose names hold an escape sequence, reversed text, a byte that
    was not UTF-8 (as Python keeps it) and a character past the first plane that does not print."""
    report = Report()
    for name in ("b\x1b[2Jad\u202e.yaml", "\udcff.yaml", "tag\U000e0001.yaml"):
        report.add_source(name, "cards:\n  - bogus: 1\n")
        report.add_checked(name)
        report.add(name, 2, 5, 'unknown property "bogus"')
    return report


def test_json_gives_file_names_as_they_are_and_shows_them_safely():
    out = render(odd_names(), "json")
    assert out.isascii()        # every character that does not print is written as \\uXXXX
    assert '"file": "b\\u001b[2Jad\\u202e.yaml"' in out
    assert '"file": "\\udcff.yaml"' in out
    assert '"file": "tag\\udb40\\udc01.yaml"' in out
    # Read back, each is the very name: a tool finds the file (os.fsencode gives the byte back).
    names = [p["file"] for p in json.loads(out)["problems"]]
    assert names == ["b\x1b[2Jad\u202e.yaml", "tag\U000e0001.yaml", "\udcff.yaml"]
    assert os.fsencode(names[2]) == b"\xff.yaml"


def test_other_formats_show_odd_file_names_escaped():
    report = odd_names()
    assert render(report, "text").splitlines()[:3] == [
        "b\\x1b[2Jad\\u202e.yaml:2:5: error: unknown property \"bogus\"",
        "      - bogus: 1",         # the source of the file is found by its name as it is
        "        ^"]
    assert render(report, "text").splitlines()[6] == "\\xff.yaml:2:5: error: unknown property \"bogus\""
    assert render(report, "github").splitlines()[0].startswith("::error file=b\\x1b[2Jad\\u202e.yaml,line=2")
    names = [case.get("name") for case in ET.fromstring(render(report, "junit").encode()).iter("testcase")]
    assert names == ["b\\x1b[2Jad\\u202e.yaml", "\\xff.yaml", "tag\\U000e0001.yaml"]


def test_json_valid():
    assert json.loads(render(Report(), "json")) == {"valid": True, "problems": []}


# --- junit ------------------------------------------------------------------------------

def test_junit():
    report = sample()
    report.add("cards.yaml", 2, 1, 'odd <"&\x07> text')
    root = ET.fromstring(render(report, "junit").encode("utf-8"))
    assert root.tag == "testsuite"
    assert root.get("name") == "cardtable validate"
    assert (root.get("tests"), root.get("failures")) == ("2", "1")
    cases = {case.get("name"): case for case in root.iter("testcase")}
    assert set(cases) == {"cards.yaml", "rules.yaml"}
    assert cases["rules.yaml"].find("failure") is None
    failures = cases["cards.yaml"].findall("failure")
    assert [f.get("message") for f in failures] == [
        '1:6: "set" must be one of: standard54, tarot',
        '2:1: odd <"&\\x07> text',      # escaped when added: no control character reaches any format
        '4:5: unknown key "colour"; did you mean "color"?',
    ]
    assert "    hint: see docs/sets.md" in failures[0].text


def test_junit_warnings_are_not_failures():
    report = Report()
    report.add_checked("a.yaml")
    report.add("a.yaml", 1, 1, "careful", severity="warning")
    root = ET.fromstring(render(report, "junit"))
    assert root.get("failures") == "0"
    assert "careful" in root.find("testcase/system-out").text


def test_junit_declares_utf8():
    assert render(Report(), "junit").startswith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuite')


# --- github -----------------------------------------------------------------------------

def test_github():
    report = Report()
    report.add("packs/a,b:c.yaml", 3, 7, "50% off\nnext: line\r", hint="try, again")
    report.add("z.yaml", 1, 1, "look", severity="warning")
    report.add("z.yaml", 2, 1, "fyi", severity="note")
    assert render(report, "github").splitlines() == [
        # A line break in a message is input quoted, escaped; only the hint's own line break is one.
        "::error file=packs/a%2Cb%3Ac.yaml,line=3,col=7,title=cardtable::50%25 off\\nnext: line\\r%0Ahint: try, again",
        "::warning file=z.yaml,line=1,col=1,title=cardtable::look",
        "::notice file=z.yaml,line=2,col=1,title=cardtable::fyi",
    ]


def test_github_file_level_problem():
    report = Report()
    report.add("a.yaml", 0, 0, "whole file")
    assert render(report, "github") == "::error file=a.yaml,title=cardtable::whole file"
    assert render(report, "text").splitlines()[0] == "a.yaml: error: whole file"


def test_unknown_format():
    with pytest.raises(ValueError):
        render(Report(), "xml")


# --- suggestions --------------------------------------------------------------------------

def test_suggest():
    names = ["color", "cost", "name", "visibility"]
    assert suggest("colour", names) == "color"
    assert suggest("Name", names) == "name"
    assert suggest("visiblity", names) == "visibility"
    assert suggest("zzz", names) is None
    assert suggest("cost", names) is None
    assert suggest("x", []) is None
    assert suggest(3, [3, "xyz"]) is None
    assert suggest(3, ["3a"]) == "3a"
    # A number written in words or in digits, which share no letter.
    assert suggest("Red one", ["Red 5", "Red 1", "Blue 1"]) == "Red 1"
    assert suggest("8 of Hearts", ["Five of Hearts", "Eight of Hearts", "Eight of Spades"]) == "Eight of Hearts"


def test_did_you_mean():
    assert did_you_mean("colour", ["color", "cost"]) == '; did you mean "color"?'
    assert did_you_mean("qqq", ["color"]) == ""
