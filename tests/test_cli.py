"""`cardtable` on bad input: a clear message naming the file, line and column, exit
code 1 (2 for a usage error), never a traceback, nothing written."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.cli import main

TINY = Path(__file__).parent / "data" / "tinypack"


def make(folder: Path, files: dict) -> None:
    for name, content in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")


def snapshot(folder: Path) -> dict:
    return {str(p.relative_to(folder)): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*"))}


@pytest.fixture
def run(tmp_path, monkeypatch):
    """Run `cardtable ARGS` in tmp_path; check it neither crashed nor wrote anything."""
    monkeypatch.chdir(tmp_path)

    def invoke(*args: str):
        before = snapshot(tmp_path)
        result = CliRunner().invoke(main, list(args))
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        assert "Traceback" not in result.output
        assert snapshot(tmp_path) == before
        return result
    return invoke


# --------------------------------------------------------------------- bad files

BAD_FILES = {
    "empty file": (
        {"p/pack.yaml": ""},
        "p/pack.yaml:1:1: error: the file is empty\n"),
    "binary junk": (
        {"p/pack.yaml": bytes(range(256)) * 4},
        "p/pack.yaml:1:1: error: not a text file (it contains binary data)\n"),
    "binary junk without a zero byte": (
        {"p/pack.yaml": bytes(range(128, 256)) * 8},
        "p/pack.yaml:1:1: error: not a text file (it contains binary data)\n"),
    "text that is not UTF-8": (
        {"p/pack.yaml": "id: café\nname: Café\n".encode("latin-1")},
        "p/pack.yaml:1:8: error: not UTF-8 text: invalid byte 0xe9\n"
        "    id: caf\ufffd\n"
        "           ^\n"
        "    hint: save the file as UTF-8\n"),
    "values of the wrong kind": (
        {"p/pack.yaml": "id: types\nname: [Types]\nversion: 2\nplayers: {min: 2, max: many}\n"
                        "zones: [hand, play]\nturn: {phase: main}\n"},
        'p/pack.yaml:2:7: error: "name" must be text, not a list\n'
        "    name: [Types]\n"
        "          ^\n"
        'p/pack.yaml:3:10: error: "version" must be a version such as "2.6.0" (in quotes if it has a single dot)\n'
        "    version: 2\n"
        "             ^\n"
        'p/pack.yaml:4:24: error: "max" must be a whole number, not text\n'
        "    players: {min: 2, max: many}\n"
        "                           ^\n"
        'p/pack.yaml:5:8: error: "zones" must be a mapping, not a list\n'
        "    zones: [hand, play]\n"
        "           ^\n"
        'p/pack.yaml:6:7: error: "turn" must be a list, not a mapping\n'
        "    turn: {phase: main}\n"
        "          ^\n"),
    "unknown keys": (
        {"p/pack.yaml": "id: keys\nname: Keys\nversion: 1.0.0\nplayer: {min: 2, max: 2}\n"
                        "zones: {hand: {role: hand}}\nturn: [{phase: main, script: draw a card}]\n"},
        'p/pack.yaml:1:1: error: missing required key "players"\n'
        "    id: keys\n"
        "    ^\n"
        'p/pack.yaml:4:1: error: unknown key "player"; did you mean "players"?\n'
        "    player: {min: 2, max: 2}\n"
        "    ^\n"),
    # A comma in a text of a { } mapping ends it: YAML reads the rest as a key.
    "a text cut at a comma": (
        {"p/pack.yaml": "id: comma\nname: Comma\nversion: 1.0.0\nplayers: {min: 2, max: 2}\n"
                        "options:\n  limit: {default: 9, description: Then it ends, players placed by points.}\n"
                        "zones: {hand: {role: hand}}\nturn: [{phase: main, script: draw a card}]\n"},
        'p/pack.yaml:6:50: error: unknown key "players placed by points."\n'
        "      limit: {default: 9, description: Then it ends, players placed by points.}\n"
        "                                                     ^\n"
        "    hint: a comma inside { } ends the text before it: put that text in quotes\n"),
    "a DSL text of garbage": (
        {"p/pack.yaml": "id: garbage\nname: Garbage\nversion: 1.0.0\nplayers: {min: 2, max: 2}\n"
                        "zones:\n  hand: {role: hand}\nturn:\n  - phase: main\n    script: \"}}}{{{ ##@!\"\n"},
        'p/pack.yaml:9:14: error: unexpected character "}"\n'
        '        script: "}}}{{{ ##@!"\n'
        "                 ^\n"),
    "a list nested 10,000 levels deep": (
        {"p/pack.yaml": "id: " + "[" * 10_000 + "]" * 10_000 + "\n"},
        "p/pack.yaml:1:68: error: nested too deeply (more than 64 levels)\n"
        "    ..." + "[" * 120 + "...\n"      # a long line is cut around the caret
        "    " + " " * 63 + "^\n"),
    "mappings nested 10,000 levels deep": (
        {"p/pack.yaml": "a: " + "{a: " * 10_000 + "1" + "}" * 10_000 + "\n"},
        "p/pack.yaml:1:256: error: nested too deeply (more than 64 levels)\n"
        "    ..." + "{a: " * 30 + "...\n"
        "    " + " " * 63 + "^\n"),
    "a folder of junk": (
        {"p/notes.txt": "hello", "p/image.png": bytes(range(256)), "p/cards.yaml": "- a\n"},
        "p:1:1: error: this folder has no pack.yaml\n"),
    "a pack.yaml that is a folder": (
        {"p/pack.yaml/cards.yaml": "- a\n"},
        "p/pack.yaml:1:1: error: this is a folder, not a file\n"),
}


@pytest.mark.parametrize("files, expected", BAD_FILES.values(), ids=BAD_FILES)
def test_bad_file(files, expected, tmp_path, run):
    make(tmp_path, files)
    result = run("validate", "p")
    assert result.stdout == expected + f"{expected.count(': error: ')} problem" \
        + ("s" if expected.count(": error: ") > 1 else "") + " in 1 file\n"
    assert result.stderr == ""
    assert result.exit_code == 1


def test_a_50_mb_file_is_refused_without_being_read(tmp_path, run):
    # A pack whose card file is 50 MB of cards: refused on its size alone.
    shutil.copytree(TINY, tmp_path / "p")
    line = b"  - {name: Bear, types: [creature], cost: 2, power: 2}\n"
    with open(tmp_path / "p" / "cards" / "huge.yaml", "wb") as f:
        f.write(b"cards:\n")
        f.write(line * (50 * 1024 * 1024 // len(line) + 1))
    result = run("validate", "p")
    assert result.stdout == ("p/cards/huge.yaml:1:1: error: the file is too large (50.0 MB; the limit is 10 MB)\n"
                             "1 problem in 1 file\n")
    assert result.exit_code == 1


@pytest.mark.parametrize("args, expected", [
    (["nosuch"], 'nosuch:1:1: error: no pack named "nosuch" (built-in packs: basic_tcg, crazy_eights, go_fish, hearts, lane_duel, magic54, mtg, pub_magic, stack_duel)\n'),
    (["magic45"], 'magic45:1:1: error: no pack named "magic45"; did you mean "magic54"? (built-in packs: basic_tcg, crazy_eights, go_fish, hearts, lane_duel, magic54, mtg, pub_magic, stack_duel)\n'),
    (["no/such/pack"], "no/such/pack:1:1: error: no such file or folder\n"),
], ids=["name", "misspelt name", "path"])
def test_missing_pack(args, expected, run):
    result = run("validate", *args)
    assert result.stdout == expected + "1 problem in 1 file\n"
    assert result.exit_code == 1


def test_a_built_in_pack_is_shown_from_the_current_folder(tmp_path, monkeypatch):
    # From a checkout, a problem in a built-in pack names variants/<pack>/...; from
    # anywhere else, the full path.
    from cardtable.interpreter.packs.finding import builtin_pack_dir, resolve_pack

    root = builtin_pack_dir().parent
    monkeypatch.chdir(root)
    assert resolve_pack("magic54", None) == Path("variants/magic54/pack.yaml")
    junit = CliRunner().invoke(main, ["validate", "magic54", "--format", "junit"]).stdout
    assert [line.split('name="')[2].split('"')[0] for line in junit.splitlines()[2:4]] == [
        "variants/magic54/pack.yaml", "cards/standard54.yaml"]     # and the shared card set it imports
    monkeypatch.chdir(tmp_path)
    assert resolve_pack("magic54", None) == root / "variants" / "magic54" / "pack.yaml"


def test_scenario_files_are_checked_even_when_the_pack_has_problems(tmp_path, run):
    shutil.copytree(TINY, tmp_path / "p")
    text = (tmp_path / "p" / "pack.yaml").read_text(encoding="utf-8")
    (tmp_path / "p" / "pack.yaml").write_text(text.replace("name: Tiny", "nam: Tiny"), encoding="utf-8")
    make(tmp_path, {"p/tests/draw.yaml": "pack: tiny\nscenarios:\n  - name: draw\n    scrip: []\n"})
    result = run("validate", "p")
    assert result.stdout == (
        'p/pack.yaml:3:1: error: missing required key "name"\n'
        "    id: tiny\n"
        "    ^\n"
        'p/pack.yaml:4:1: error: unknown key "nam"; did you mean "name"?\n'
        "    nam: Tiny\n"
        "    ^\n"
        'p/tests/draw.yaml:4:5: error: unknown key "scrip"; did you mean "script"?\n'
        "        scrip: []\n"
        "        ^\n"
        "3 problems in 2 files\n")
    assert result.exit_code == 1


# ----------------------------------------------------------- formats and exit codes

FORMATS_PACK = {"f/pack.yaml": "id: formats\nname: yes\nversion: 1.0\nplayers: {min: 2, max: 2}\n"
                               "zones:\n  hand: {visibilty: owner}\nturn:\n  - {phase: main, script: draw a card}\n"}


def test_json(tmp_path, run):
    make(tmp_path, FORMATS_PACK)
    result = run("validate", "f", "--format", "json")
    assert json.loads(result.stdout) == {"valid": False, "problems": [
        {"file": "f/pack.yaml", "line": 2, "column": 7, "severity": "error",
         "message": '"name" must be text, not true/false', "hint": "put it in quotes to make it text"},
        {"file": "f/pack.yaml", "line": 3, "column": 10, "severity": "error",
         "message": '"version" must be a version such as "2.6.0" (in quotes if it has a single dot)', "hint": None},
        {"file": "f/pack.yaml", "line": 6, "column": 10, "severity": "error",
         "message": 'unknown key "visibilty"; did you mean "visibility"?', "hint": None},
    ]}
    assert result.exit_code == 1


def test_junit(tmp_path, run):
    make(tmp_path, FORMATS_PACK)
    result = run("validate", "f", "--format", "junit")
    assert result.stdout == """\
<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="cardtable validate" tests="1" failures="1" errors="0" skipped="0">
  <testcase classname="cardtable validate" name="f/pack.yaml">
    <failure message="2:7: &quot;name&quot; must be text, not true/false" type="error">f/pack.yaml:2:7: error: "name" must be text, not true/false
    name: yes
          ^
    hint: put it in quotes to make it text</failure>
    <failure message="3:10: &quot;version&quot; must be a version such as &quot;2.6.0&quot; (in quotes if it has a single dot)" type="error">f/pack.yaml:3:10: error: "version" must be a version such as "2.6.0" (in quotes if it has a single dot)
    version: 1.0
             ^</failure>
    <failure message="6:10: unknown key &quot;visibilty&quot;; did you mean &quot;visibility&quot;?" type="error">f/pack.yaml:6:10: error: unknown key "visibilty"; did you mean "visibility"?
      hand: {visibilty: owner}
             ^</failure>
  </testcase>
</testsuite>
"""
    assert result.exit_code == 1


def test_github(tmp_path, run):
    make(tmp_path, FORMATS_PACK)
    result = run("validate", "f", "--format", "github")
    assert result.stdout == (
        '::error file=f/pack.yaml,line=2,col=7,title=cardtable::"name" must be text, not true/false'
        "%0Ahint: put it in quotes to make it text\n"
        '::error file=f/pack.yaml,line=3,col=10,title=cardtable::"version" must be a version such as "2.6.0" '
        "(in quotes if it has a single dot)\n"
        '::error file=f/pack.yaml,line=6,col=10,title=cardtable::unknown key "visibilty"; did you mean "visibility"?\n')
    assert result.exit_code == 1


@pytest.mark.parametrize("fmt, expected", [
    ("text", "magic54: valid\npub_magic: valid\n"),
    ("json", '{\n  "valid": true,\n  "problems": []\n}\n'),
    ("github", ""),
])
def test_valid_packs_exit_0(fmt, expected, run):
    result = run("validate", "magic54", "pub_magic", "--format", fmt)
    assert result.stdout == expected
    assert result.exit_code == 0


def test_junit_lists_every_file_checked(run):
    result = run("validate", "magic54", "--format", "junit")
    names = [line.split(' name="')[1].split('"')[0] for line in result.stdout.splitlines() if "<testcase" in line]
    assert [Path(n).name for n in names] == ["pack.yaml", "standard54.yaml", "mana.yaml", "creatures.yaml",
                                             "damage.yaml", "actions.yaml", *sorted(
        p.name for p in (Path(__file__).parent.parent / "variants" / "magic54" / "tests").glob("*.yaml"))]
    assert "<failure" not in result.stdout
    assert result.exit_code == 0


@pytest.mark.parametrize("args, message", [
    (["validate"], "Missing argument 'PACKS...'."),
    (["validate", "magic54", "--format", "xml"],
     "Invalid value for '--format': 'xml' is not one of 'text', 'json', 'junit', 'github'."),
    (["validate", ""], "Invalid value for 'PACKS...': a pack is given by a built-in name or a path, not by an empty text"),
    (["check", "magic54"], "No such command 'check'."),
])
def test_usage_errors_exit_2(args, message, run):
    result = run(*args)
    assert result.stdout == ""
    assert result.stderr.splitlines()[-1] == f"Error: {message}"
    assert result.exit_code == 2


def test_an_unknown_option_is_a_usage_error(run):
    result = run("validate", "magic54", "--strict")
    # click words this one differently from version to version
    assert result.stderr.splitlines()[-1].startswith("Error: No such option")
    assert "--strict" in result.stderr
    assert (result.stdout, result.exit_code) == ("", 2)


def test_a_file_that_cannot_be_written_is_an_error_message(tmp_path, run):
    result = run("docs", "--out", str(tmp_path / "no" / "such" / "folder" / "dsl.md"))
    assert result.stderr == (f"error: {tmp_path}/no/such/folder/dsl.md: cannot write the DSL reference there: "
                             f"the folder {tmp_path}/no/such/folder does not exist\n")
    assert result.exit_code == 1


def test_the_installed_command(tmp_path):
    # Through a real process: the exit codes a CI job sees, the report on standard output.
    make(tmp_path, FORMATS_PACK)
    cmd = [sys.executable, "-m", "cardtable.cli", "validate"]
    broken = subprocess.run([*cmd, "f", "--format", "github"], cwd=tmp_path, capture_output=True, text=True)
    assert (broken.returncode, broken.stderr, broken.stdout.count("::error ")) == (1, "", 3)
    usage = subprocess.run([*cmd, "f", "--format", "xml"], cwd=tmp_path, capture_output=True, text=True)
    assert (usage.returncode, usage.stdout) == (2, "")
    assert "Traceback" not in usage.stderr


def test_python_dash_m_cardtable_is_the_command(tmp_path):
    # A checkout that is not installed runs as `python -m cardtable`, named as the command is.
    make(tmp_path, FORMATS_PACK)
    broken = subprocess.run([sys.executable, "-m", "cardtable", "validate", "f", "--format", "github"],
                            cwd=tmp_path, capture_output=True, text=True)
    assert (broken.returncode, broken.stderr, broken.stdout.count("::error ")) == (1, "", 3)
    usage = subprocess.run([sys.executable, "-m", "cardtable", "validate"], cwd=tmp_path, capture_output=True, text=True)
    assert usage.returncode == 2
    assert usage.stderr.startswith("Usage: cardtable validate ")
