"""The fuzz suite: mutated packs, DSL texts made from the grammar, deck lists, card
data, scenario files and game records must each give a valid result or an error
naming file, line and column, never a traceback, a hang or unbounded memory.

CI runs a small budget with seed 0; `pytest tests/test_fuzz.py --fuzz-budget 1000`
or `python benchmarks/fuzz.py` runs the large one. A failure prints the case, its
seed, the input and the command that runs it again, and keeps the input in a folder.
"""
from __future__ import annotations

import filecmp
import random
import tempfile
import time

import pytest
from fuzzing import cases, dslgen, oracle, pool, run

from cardtable.interpreter.lang.dsl import START_SYMBOLS, DslSyntaxError, parse

CI_BUDGET = 30
# Left out of the CI budget until their fixes are merged (issue 21, items 9 and 7): see
# cases.KNOWN. With seed 0 the other inputs it names are not drawn in this budget.
CI_AVOID = frozenset()


def test_every_input_gives_a_valid_result_or_a_located_error(request, tmp_path_factory):
    size = request.config.getoption("--fuzz-budget")
    seed = request.config.getoption("--fuzz-seed")
    avoid = CI_AVOID if size is None else frozenset()
    sizes = run.budget(size or CI_BUDGET)
    keep = tmp_path_factory.mktemp("fuzz-failures")
    outcome = run.fuzz(sizes, seed, jobs=2, keep=keep, avoid=avoid)
    assert dict(outcome.counts) == sizes
    if outcome.failures:
        shown = "\n\n".join(f.describe() for f in outcome.failures[:10])
        pytest.fail(f"{outcome.summary()}\n\n{shown}", pytrace=False)


def test_the_budgets_hold_packs_and_three_times_as_many_dsl_texts():
    sizes = run.budget(1000)
    assert sum(sizes[f] for f in run.PACK_FAMILIES) == 1000
    assert sum(sizes[f] for f in run.DSL_FAMILIES) == 3000
    assert set(sizes) == set(cases.FAMILIES) - set(cases.HARNESS_CHECKS)


@pytest.mark.parametrize("start", START_SYMBOLS)
def test_sentences_made_from_the_grammar_are_in_the_language(start):
    # Every name but the one that is not a name at all ("é") makes a sentence that parses.
    words = cases.pack_words("magic54")
    texts = [dslgen.sentence(random.Random(i), start, words) for i in range(150)]
    unparsed = []
    for text in texts:
        try:
            parse(text, start)
        except DslSyntaxError as e:
            unparsed.append((text, e.message))
    assert [u for u in unparsed if "é" not in u[0]] == []
    assert all(message == 'unexpected character "é"' for _, message in unparsed)
    assert len(set(texts)) > 100


def test_the_words_of_a_pack_are_its_names_not_the_grammars():
    words = cases.pack_words("magic54")
    assert {"hand", "deck", "attacking", "life", "hand_limit", "slow"} <= set(words)
    assert not {"deal", "the", "choose", "of"} & set(words)


@pytest.mark.parametrize("family", sorted(set(cases.FAMILIES) - set(cases.HARNESS_CHECKS) - {"replay"}))
def test_a_case_is_made_again_the_same_from_its_name_and_seed(family, tmp_path):
    made = []
    for folder in ("a", "b", "c"):
        case = cases.Case(family, 5, 3 if folder != "c" else 4, tmp_path / folder)
        case.folder.mkdir()
        cases.FAMILIES[family](case)
        made.append(case)
    a, b, c = made
    assert (a.commands, a.changed, a.note) == (b.commands, b.changed, b.note)
    assert a.changed and a.commands
    for name in a.changed:
        assert filecmp.cmp(a.folder / name, b.folder / name, shallow=False), name
    assert (a.note, [(a.folder / n).read_bytes() for n in a.changed]) != \
        (c.note, [(c.folder / n).read_bytes() for n in c.changed if (c.folder / n).exists()])


def _command(exit_code: int, out: str = "", err: str = "", exception: str | None = None, argv=("validate", "p")):
    return {"argv": list(argv), "exit": exit_code, "stdout": out, "stderr": err, "exception": exception}


@pytest.mark.parametrize("command, kinds", [
    (_command(0, "p: valid\n"), []),
    (_command(1, "variants/p/pack.yaml:3:14: error: unknown zone \"hnad\"\n"), []),
    (_command(2, err="Usage: cardtable validate\nError: Missing argument 'PACKS...'.\n"), []),
    (_command(1, err="1 passed, 2 failed\n", argv=("test", "p")), []),
    (_command(1, err="0 passed, 0 failed\n", argv=("test", "p")), ["unlocated"]),
    (_command(1, "game 1 (seed 7): the games part ways at decision 3\n", argv=("replay", "g.jsonl")), []),
    (_command(1, err="error: unhashable type: 'dict'\n"), ["unlocated"]),
    (_command(1, exception="Traceback (most recent call last):\nKeyError: 'min'\n"), ["traceback"]),
    (_command(1, err="Traceback (most recent call last):\n  File \"x.py\"\nBrokenPipeError\n"), ["traceback"]),
    (_command(-9, "killed"), ["exit"]),
    (_command(1, "/etc/passwd:1:1: error: unknown card \"root:x:0:0\"\n"), ["outside"]),
    (_command(1, "../../../x/pack.yaml:1:1: error: no\n"), ["outside"]),
    (_command(1, '{\n  "valid": false,\n  "problems": [\n    {\n      "file": "a.yaml",\n      "line": 3,\n'
                 '      "column": 5,\n      "severity": "error"'), []),
    (_command(1, '{\n  "valid": false,\n  "problems": [\n    {\n      "file": "a.yaml",\n      "line": 0,\n'
                 '      "column": 0,\n      "severity": "error"'), ["unlocated"]),
    (_command(1, '{\n  "problems": [\n    {\n      "file": "/etc/passwd",\n      "line": 3,\n      "column": 5,'),
     ["outside"]),
    (_command(1, "::error file=a.yaml,line=3,col=5,title=cardtable::unknown zone\n"), []),
    (_command(1, "::error file=a.yaml,title=cardtable::unknown zone\n"), ["unlocated"]),
    (_command(1, "::error file=/proc/version,line=1,col=1,title=cardtable::unknown card\n"), ["outside"]),
    (_command(1, '<testcase name="a.yaml">\n<failure message="3:5: unknown zone" type="error">'), []),
    (_command(1, '<testcase name="a.yaml">\n<failure message="unknown zone" type="error">'), ["unlocated"]),
])
def test_the_promise_as_the_oracle_reads_it(command, kinds, tmp_path):
    answer = {"commands": [command], "folder": str(tmp_path)}
    assert [f.kind for f in oracle.judge(answer)] == kinds


def test_a_problem_in_the_shared_cards_is_not_outside(tmp_path):
    shared = oracle.SHARED[0] / "standard54.yaml"
    answer = {"commands": [_command(1, f"{shared}:2:1: error: x\n")], "folder": str(tmp_path)}
    assert oracle.judge(answer) == []


def test_a_path_cut_where_a_long_output_is_shortened_is_not_outside(tmp_path):
    # worker.py keeps a long output's head and tail: the tail's first line is cut anywhere.
    cut = "variants/p/a.yaml:1:1: error: x\n[...]\ncg/../../cards/standard54.yaml:2:1: error: y\n"
    assert oracle.judge({"commands": [_command(1, cut)], "folder": str(tmp_path)}) == []
    after = cut + "/etc/hostname:1:1: error: z\n"
    assert [f.kind for f in oracle.judge({"commands": [_command(1, after)], "folder": str(tmp_path)})] == ["outside"]


def _one(family: str, limits: pool.Limits) -> tuple[dict, float]:
    start = time.monotonic()
    [(_request, answer)] = list(pool.run([{"family": family, "seed": 0, "number": 0}], limits, jobs=1))
    return answer, time.monotonic() - start


def test_a_case_past_its_time_is_stopped_and_called_a_hang(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    # 5 s, so that a worker still importing on a busy machine is stopped in the case itself.
    answer, seconds = _one("_stall", pool.Limits(seconds=5.0))
    assert seconds < 5.0 + pool.GRACE
    [finding] = oracle.judge(answer)
    assert finding.kind == "hang"
    assert "time.sleep(3600)" in finding.detail     # where the case was when it was stopped
    assert list(tmp_path.iterdir()) == []           # the killed worker's folder is gone too


def test_a_case_past_its_memory_is_stopped():
    answer, _ = _one("_hog", pool.Limits(seconds=30.0, memory=1 << 30))
    assert [f.kind for f in oracle.judge(answer)] == ["memory"]


def test_a_worker_that_dies_is_replaced_and_the_case_named(tmp_path):
    outcome = run.fuzz({"_die": 2, "yaml_text": 1}, seed=4, jobs=1, keep=tmp_path)
    assert outcome.counts == {"_die": 2, "yaml_text": 1}
    assert [(f.name, [k.kind for k in f.findings]) for f in outcome.failures] == [
        ("_die:0", ["died"]), ("_die:1", ["died"])]
    text = outcome.failures[0].describe()
    assert text.splitlines()[:3] == [
        "fuzz case _die:0 (seed 4): died",
        "  again: python benchmarks/fuzz.py --seed 4 --case _die:0",
        f"  input kept in {tmp_path / '_die-4-0'}"]
    assert (tmp_path / "_die-4-0" / "FAILURE.txt").read_text(encoding="utf-8") == text + "\n"
