"""Scenario files with mistakes: each is refused with its file, line, column and
reason, by `cardtable test` (exit code 1) and by the pytest plugin alike.

The files are in tests/data/scenario_errors/scenarios/; each test copies one into
the tests/ folder of a copy of the small pack beside them."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.cli import main

pytest_plugins = ["pytester"]

DATA = Path(__file__).parent / "data" / "scenario_errors"


def pack_with(folder: Path, scenario: str) -> Path:
    """A copy of the small pack in `folder`, whose tests/ holds one scenario file."""
    pack = folder / "duel"
    (pack / "tests").mkdir(parents=True)
    for name in ("pack.yaml", "cards.yaml"):
        shutil.copy(DATA / name, pack / name)
    shutil.copy(DATA / "scenarios" / f"{scenario}.yaml", pack / "tests" / f"{scenario}.yaml")
    return pack


# What each file's mistakes are reported as: (line, column, message), in file order.
# Files the YAML reader or the schema refuse are refused whole ("error:" problems);
# the others fail one scenario at a time.
REFUSED = {
    "yaml_error": [(6, 31, 'error: expected "," or "]" here')],
    "schema_error": [
        (5, 11, 'error: "seed" must be a whole number, not text'),
        (6, 5, 'error: unknown key "expcet"; did you mean "expect"?'),
        (9, 9, 'error: item 1 of "script" must be "<player>: <option label>"'),
    ],
}
FAILED = {
    "setup_errors": [
        ("unknown card", 6, 33, 'unknown card "Sprak"; did you mean "Spark"?'),
        ("unknown zone", 12, 30, 'unknown zone "graveyard"'),
        ("unknown player", 17, 15, 'unknown player "Bib"; did you mean "Bob"?'),
        ("unknown phase", 24, 14, 'unknown phase "mian"; did you mean "main"?'),
        ("unknown mark", 33, 38, 'unknown card state "chraged"; did you mean "charged"? '
                                 "(write tapped, face_down, damage N, entered N, control_changed N or a mark)"),
        ("a counter given as a mapping", 39, 28, '"life" is a number: give it as life: 3'),
    ],
    "script_errors": [
        ("an option that is not offered", 11, 9,
         'step 2: "Cat" is not an option; the options are: Ann; Bob (Ann: choose target for Zap of Spark)'),
        ("the other player's decision", 20, 9, "step 1: it is Ann's decision, not Bob's (Ann: act or pass (main))"),
        ("an unknown player", 29, 9, 'unknown player "Anne"; did you mean "Ann"?'),
        ("another refusal than expected", 38, 9,
         'the move was refused with ""Zap: Ember" is not an option; the options are: pass; Zap: Spark", '
         'not "there is no Ember"'),
        ("a refusal that does not come", 49, 9, 'the move was accepted, but it should be refused with "nothing to zap"'),
        ("a decision the game took by itself", 61, 9,
         'step 2: it is Ann\'s decision, not Bob\'s (Ann: act or pass (main)); the game took "Bob: pass" by itself, '
         'the only option then: a script names only real choices (`taken` expects those the game took, '
         '`auto: false` scripts every decision)'),
        ("several options written in one text", 70, 9,
         'step 1: "Zap: Spark, pass" is not an option; the options are: pass; Zap: Spark (Ann: act or pass (main)); '
         'name the options of one choice as a list: {player: Ann, choose: [Zap: Spark, pass]}'),
    ],
    "expect_errors": [
        ("wrong life", 15, 17, "Bob has 4 life, not 3"),
        ("wrong zone", 29, 22, "Ann's discard holds [Spark], not [Ember]"),
        ("a missing log line", 43, 11, 'the log has no line "Spark deals 2 damage to Bob" after the lines '
                                       'matched before it; did you mean "Spark deals 1 damage to Bob"?'),
        ("a wrong result", 55, 15, 'the result is "Ann wins", not "draw"'),
        ("a counter expected as a mapping", 64, 28, '"life" is a number: expect it as life: 3'),
        ("a decision expected where the game took it by itself", 76, 26,
         "the decision is Bob's, not Ann's (the game took [Ann: pass] by itself before it, each the only option "
         "then: `taken` expects them)"),
        ("options expected where the game took them by itself", 88, 27,
         "Bob's options are [pass; Zap: Ember], not [pass] (the game took [Ann: pass] by itself before it, each the only option "
         "then: `taken` expects them)"),
    ],
}


def cardtable_test(folder: Path, scenario: str):
    """`cardtable test` on a pack holding one scenario file: (that file, the result)."""
    pack = pack_with(folder, scenario)
    result = CliRunner().invoke(main, ["test", str(pack)])
    assert result.exit_code == 1
    return pack / "tests" / f"{scenario}.yaml", result


def test_the_pack_and_a_good_scenario_pass(tmp_path):
    pack = pack_with(tmp_path, "good")
    result = CliRunner().invoke(main, ["test", str(pack), "-v"])
    assert (result.exit_code, result.stdout) == (0, "ok   a spark zaps\n1 passed, 0 failed\n")


@pytest.mark.parametrize("scenario", sorted(REFUSED))
def test_cardtable_test_refuses_a_file_it_cannot_read(tmp_path, scenario):
    file, result = cardtable_test(tmp_path, scenario)
    assert result.stdout == "0 passed, 0 failed\n"
    located = [line for line in result.stderr.splitlines() if line.startswith(str(file))]
    assert located == [f"{file}:{line}:{col}: {message}" for line, col, message in REFUSED[scenario]]


@pytest.mark.parametrize("scenario", sorted(FAILED))
def test_cardtable_test_names_the_line_where_a_scenario_fails(tmp_path, scenario):
    file, result = cardtable_test(tmp_path, scenario)
    assert result.stdout == f"0 passed, {len(FAILED[scenario])} failed\n"
    located = [line for line in result.stderr.splitlines() if line.startswith(("FAIL ", f"  {file}"))]
    assert located == [
        text for name, line, col, message in FAILED[scenario]
        for text in (f"FAIL {name}", f"  {file}:{line}:{col}: {message}")]


def test_pytest_reports_a_file_it_cannot_read_at_its_line(pytester):
    pack = pack_with(pytester.path, "schema_error")
    file = pack / "tests" / "schema_error.yaml"
    result = pytester.runpytest("-p", "no:cacheprovider", str(pack))
    assert result.ret == pytest.ExitCode.INTERRUPTED
    located = [line for line in result.outlines if line.startswith(str(file))]
    assert located == [f"{file}:{line}:{col}: {message}" for line, col, message in REFUSED["schema_error"]]
    assert "Traceback" not in result.stdout.str() and "pytest_plugin.py" not in result.stdout.str()


def test_pytest_fails_each_scenario_at_its_line(pytester):
    pack = pack_with(pytester.path, "script_errors")
    (pack / "tests" / "expect_errors.yaml").write_text((DATA / "scenarios" / "expect_errors.yaml").read_text())
    result = pytester.runpytest("-p", "no:cacheprovider", str(pack))
    result.assert_outcomes(failed=len(FAILED["script_errors"]) + len(FAILED["expect_errors"]))
    for scenario in ("script_errors", "expect_errors"):
        file = pack / "tests" / f"{scenario}.yaml"
        for name, line, col, message in FAILED[scenario]:
            at = result.outlines.index(f"{file}:{line}:{col}: {message}")
            assert name in result.outlines[at - 1]       # under the header naming the scenario


WRONG_LIFE = """\
FAIL wrong life
  {file}:15:17: Bob has 4 life, not 3
  the game then:
    Turn 10: Bob's turn
    Ann: life 5
      hand: -
      play: -
      discard: Spark
    Bob: life 4
      hand: -
      play: -
  {log}
{lines}
  no decision open: the game is over
"""
LAST_LINES = ["Bob passes", "Ann passes", "turn 9 (Ann)", "Ann passes", "Bob passes", "turn 10 (Bob)", "Bob passes",
              "Ann passes", "the turn limit (10) is reached", "the game is a draw"]


def test_a_failure_shows_the_game_then_its_last_log_lines_and_the_decision_open(tmp_path):
    pack = pack_with(tmp_path, "expect_errors")
    file = pack / "tests" / "expect_errors.yaml"
    result = CliRunner().invoke(main, ["test", str(pack), "-k", "wrong life"])
    assert result.stderr == WRONG_LIFE.format(file=file, log="the last 10 lines of the log:",
                                              lines="\n".join(f"    {line}" for line in LAST_LINES))
    whole = CliRunner().invoke(main, ["test", str(pack), "-k", "wrong life", "-v"])
    log = whole.stderr.split("  the log:\n", 1)[1].split("  no decision open")[0].splitlines()
    assert log[:6] == ["    Ann uses Zap of Spark", "    Zap of Spark targets Bob", "    Spark deals 1 damage to Bob",
                       "    Spark moves from Ann's hand to Ann's discard", "    Ann passes", "    Bob passes"]
    assert log[-10:] == [f"    {line}" for line in LAST_LINES] and len(log) == 35


def test_pytest_shows_the_game_of_a_failure(pytester):
    pack = pack_with(pytester.path, "expect_errors")
    result = pytester.runpytest("-p", "no:cacheprovider", str(pack), "-k", "wrong and life")
    result.assert_outcomes(failed=1)
    text = result.stdout.str()
    start = text.index(f"{pack / 'tests' / 'expect_errors.yaml'}:15:17")
    block = WRONG_LIFE.format(file=pack / "tests" / "expect_errors.yaml", log="the last 10 lines of the log:",
                              lines="\n".join(f"    {line}" for line in LAST_LINES))
    expected = "\n".join(line[2:] for line in block.splitlines()[1:])
    assert text[start:start + len(expected)] == expected


LOOPING = """\
pack: ../loopk
scenarios:
  - name: loop
    setup:
      turn: 3
      active: Red
      phase: pre_attack
      players:
        - zones:
            deck: [Ace of Hearts, Ten of Hearts]
            play: [Three of Hearts, Five of Hearts, Seven of Hearts, King of Hearts]
        - zones: {}
    script:
      - "Red: Knowledge: King of Hearts"
"""
BROKE = ('the rules could not run: "while true" of King of Hearts ran its block 10,000 times and would run it '
         "again: a loop runs at most 10,000 times (at ../loopk/cards/creatures.yaml:50:18)")


@pytest.mark.parametrize("after, at", [("", "14:9"), ("      - expect: {players: [{life: 20}]}\n", "15:9"),
                                       ("      - until: {turn: 5}\n", "15:9")])
def test_a_rule_that_breaks_as_the_game_goes_on_by_itself_fails_the_scenario_at_its_step(tmp_path, monkeypatch,
                                                                                          after, at):
    # The payment of Knowledge has one answer, taken by the scenario; the pile then resolves.
    pack = tmp_path / "loopk"
    shutil.copytree(Path(__file__).parent.parent / "variants" / "magic54", pack)
    creatures = pack / "cards" / "creatures.yaml"
    creatures.write_text(creatures.read_text().replace('effect: draw a card', 'effect: "while true: draw a card"'))
    (tmp_path / "sc").mkdir()
    (tmp_path / "sc" / "loop.yaml").write_text(LOOPING + after)
    monkeypatch.chdir(tmp_path / "sc")
    result = CliRunner().invoke(main, ["test", "loop.yaml"])
    assert (result.exit_code, result.stdout) == (1, "0 passed, 1 failed\n")
    assert result.stderr.splitlines()[:2] == ["FAIL loop", f"  loop.yaml:{at}: {BROKE}"]


def test_pytest_reads_a_packs_scenario_file_only_where_the_pack_may_read(pytester):
    pack = pack_with(pytester.path, "good")
    secret = pytester.path.parent / "secret.yaml"
    secret.write_text("db_password: hunter2\n")
    (pack / "tests" / "linked.yaml").symlink_to(secret)
    result = pytester.runpytest("-p", "no:cacheprovider", str(pack))
    text = result.stdout.str()
    assert "hunter2" not in text
    assert (f"{pack / 'tests' / 'linked.yaml'}:1:1: error: cannot read the scenario file: it is a symbolic link "
            "to a place outside the pack's project") in result.outlines
    assert CliRunner().invoke(main, ["test", str(pack)]).stderr.splitlines()[0] == \
        f"{pack / 'tests' / 'linked.yaml'}:1:1: error: cannot read the scenario file: it is a symbolic link " \
        "to a place outside the pack's project"


def test_a_hidden_file_in_a_packs_tests_is_no_scenario_file(pytester):
    pack = pack_with(pytester.path, "good")
    (pack / "tests" / ".#good.yaml").symlink_to("root@host.1234:1700000000")    # an editor's lock
    result = pytester.runpytest("-p", "no:cacheprovider", str(pack))
    result.assert_outcomes(passed=1)
    done = CliRunner().invoke(main, ["test", str(pack)])
    assert (done.exit_code, done.stdout, done.stderr) == (0, "1 passed, 0 failed\n", "")


def test_a_selection_that_picks_no_scenario_is_an_error(tmp_path):
    pack = pack_with(tmp_path, "good")
    result = CliRunner().invoke(main, ["test", str(pack), "-k", "sprak"])
    assert (result.exit_code, result.stdout, result.stderr) == \
        (1, "0 passed, 0 failed\n", "error: no scenario's name contains \"sprak\"\n")
    assert CliRunner().invoke(main, ["test", str(pack), "-k", "spark"]).exit_code == 0
