"""An option that no rule reads is warned of by `cardtable validate` at its line: a
designer who declares `turn_limit` and forgets `end: {turn_limit: turn_limit}` learns
that it changes nothing. Every way a pack reads an option silences the warning."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.cli import main
from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.packs.validate import validate_pack

DATA = Path(__file__).parent / "data" / "scenario_errors"      # a small pack: Ann and Bob zap each other
VARIANTS = Path(__file__).resolve().parents[1] / "variants"
EXTRA = "  extra: {default: 2, min: 1}\n"


def duel(folder: Path, *edits: tuple[str, str], extra: bool = True) -> Path:
    """The small pack with an option `extra` more (unless not `extra`), and each (old, new)
    of `edits` made in its pack.yaml (or, for an `old` that starts "cards:", in its card file)."""
    pack = folder / "duel"
    pack.mkdir(parents=True)
    shutil.copy(DATA / "cards.yaml", pack / "cards.yaml")
    text = (DATA / "pack.yaml").read_text(encoding="utf-8")
    text = text.replace("options:\n", "options:\n" + EXTRA) if extra else text
    cards = (pack / "cards.yaml").read_text(encoding="utf-8")
    for old, new in edits:
        if old.startswith("cards:"):
            assert old in cards
            cards = cards.replace(old, new)
        else:
            assert text.count(old) == 1, old
            text = text.replace(old, new)
    (pack / "pack.yaml").write_text(text, encoding="utf-8")
    (pack / "cards.yaml").write_text(cards, encoding="utf-8")
    return pack


def warnings(pack: Path) -> list[tuple[int, int, str]]:
    report = Report()
    assert validate_pack(str(pack), report)       # a warning does not make a pack invalid
    return [(p.line, p.col, p.message) for p in report.problems if p.severity == "warning"]


def test_an_option_nothing_reads_is_warned_of_at_its_name(tmp_path, monkeypatch):
    """The designer's turn_limit: declared, and read by no `end`."""
    monkeypatch.chdir(tmp_path)
    duel(tmp_path, ("end: {turn_limit: turn_limit}\n", "end: {max_turns: 50}\n"),
         ("for each p in players where", "if turn = 50:\n    the game is a draw\n  for each p in players where"),
         extra=False)
    result = CliRunner().invoke(main, ["validate", "duel"])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[:5] == [
        "duel: valid",
        'duel/pack.yaml:16:3: warning: option "turn_limit" is read by no rule',
        "      turn_limit: {default: 10, min: 1}",
        "      ^",
        "    hint: a text reads an option by its name, and so do the fields of pack.yaml that take one: end's "
        "turn_limit, a counter's or a table value's start, a zone's capacity, a seat's deck or team (by), another "
        "option's min or max; whatever the value of turn_limit, every game would play the same"]
    assert result.stdout.splitlines()[5:] == ["1 problem in 1 file"]
    github = CliRunner().invoke(main, ["validate", "duel", "--format", "github"]).stdout
    assert github.splitlines()[0].startswith(
        '::warning file=duel/pack.yaml,line=16,col=3,title=cardtable::option "turn_limit" is read by no rule')


# Each way of reading the option `extra`: (old, new) edits of the small pack.
READERS = {
    "a script": [("script: window main", "script: |\n      if extra > 5: draw a card\n      window main")],
    "the checks": [("for each p in players where life of it <= 0:", "for each p in players where life of it <= extra:")],
    "a card type's ability": [("deal 1 damage to target", "deal extra damage to target")],
    "a card's own ability": [("cards:\n  - {name: Spark, types: [spark]}",
                              "cards:\n  - name: Spark\n    types: [spark]\n    abilities:\n      - name: Burn\n"
                              "        from: hand\n        pile: false\n        effect: deal extra damage to opponent")],
    "a definition, even unused": [("windows:", "define:\n  doubled: extra * 2\nwindows:")],
    "end's turn_limit": [("end: {turn_limit: turn_limit}", "end: {turn_limit: extra}"),
                         ("  turn_limit: {default: 10, min: 1}\n", "")],
    "a player counter's start": [("life: {start: starting_life,", "life: {start: extra,"),
                                 ("  starting_life: {default: 5, min: 1}\n", "")],
    "a table value's start": [("windows:", "table:\n  pot: {start: extra}\nwindows:")],
    "a zone's capacity": [("hand: {per: player, visibility: owner, role: hand}",
                           "hand: {per: player, visibility: owner, role: hand, capacity: extra}")],
    "a seat's deck": [(EXTRA, "  extra: {default: one, choices: [one, two]}\n"),
                      ("- {name: Ann, deck: main}", "- {name: Ann, deck: {by: extra, one: main, two: main}}")],
    "another option's bound": [("turn_limit: {default: 10, min: 1}", "turn_limit: {default: 10, min: extra}")],
}


UNREAD = [(15, 3, 'option "extra" is read by no rule')]


@pytest.mark.parametrize("reader", sorted(READERS))
def test_every_way_of_reading_an_option_silences_the_warning(tmp_path, reader):
    assert warnings(duel(tmp_path / "unread")) == UNREAD
    assert [w for w in warnings(duel(tmp_path / "read", *READERS[reader])) if "is read by no rule" in w[2]] == []


def test_a_pack_with_errors_is_not_warned_of_options(tmp_path):
    """A text that does not compile may be the one that reads the option."""
    report = Report()
    broken = duel(tmp_path / "broken", ("deal 1 damage to target", "deal extra damage to targett"))
    assert not validate_pack(str(broken), report)
    assert [p.severity for p in report.problems] == ["error"]
    assert warnings(duel(tmp_path / "fine")) == UNREAD


def test_the_built_in_packs_read_every_option_they_declare():
    report = Report()
    for folder in sorted(VARIANTS.iterdir()):
        assert validate_pack(str(folder), report), folder.name
    assert [p for p in report.problems if "is read by no rule" in p.message] == []


def test_the_guides_example_prints_what_it_shows(tmp_path, monkeypatch):
    """docs/packs.md (options): the pack of `cardtable new` given a turn_limit that no `end` reads."""
    from test_pack_guide import commands, section
    [(command, output)] = commands(section("pack.yaml").split("\n### options\n", 1)[1].split("\n### ", 1)[0])
    monkeypatch.chdir(tmp_path)
    CliRunner().invoke(main, ["new", "my_duel"])
    pack = tmp_path / "my_duel" / "pack.yaml"
    lines = pack.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(k for k, line in enumerate(lines) if line.startswith("  opening_hand:"))
    lines.insert(at + 1, "  turn_limit: {default: 30, min: 1, description: After this many turns the game is a draw.}\n")
    pack.write_text("".join(lines), encoding="utf-8")
    assert CliRunner().invoke(main, command.split()[1:]).output == output


# ------------------------------------------------------------ definitions
FIRST = (DATA / "pack.yaml").read_text(encoding="utf-8").split("windows:")[0].count("\n") + 3   # the line of "ready"

def test_a_definition_no_text_reads_is_checked_alone_and_warned_of(tmp_path):
    """A definition is compiled where a text reads it: one nothing reads yet would have
    kept its mistakes unseen. Checked alone, they are warned of at their word."""
    pack = duel(tmp_path, ("windows:", "define:\n  ready: count of cards in your hnd > extra\n"
                                       "  spare: count of cards in your hand > extra\nwindows:"))
    assert [w for w in warnings(pack) if "definition" in w[2]] == [
        (FIRST, 28, 'a player has no "hnd"; did you mean "hand"? (in the definition "ready", which no text reads)'),
        (FIRST + 1, 3, 'the definition "spare" is read by no text')]


def test_a_definition_only_another_reads_is_told_of_through_the_other(tmp_path):
    """"ready" reads "spare": nothing reads "ready", and "spare" is not told of apart (it
    was, as if a fault of its own). Where a text misspells "ready", the error alone is told:
    a text an error stopped may be one that reads a definition."""
    define = "define:\n  spare: count of cards in your hand > extra\n  ready: spare and extra > 0\nwindows:"
    pack = duel(tmp_path / "a", ("windows:", define))
    assert [w for w in warnings(pack) if "definition" in w[2]] == [(FIRST + 1, 3, 'the definition "ready" is read by no text')]
    pack = duel(tmp_path / "b", ("windows:", define),
                ("script: window main", "script: |\n      if redy: draw a card\n      window main"))
    report = Report()
    assert not validate_pack(str(pack), report)
    assert [(p.severity, p.message) for p in report.problems] == [("error", 'unknown name "redy"; did you mean "ready"?')]


def test_a_definition_a_text_reads_is_not_warned_of(tmp_path):
    pack = duel(tmp_path, ("windows:", "define:\n  spare: count of cards in your hand > extra\nwindows:"),
                *READERS["a script"][:0], ("script: window main", "script: |\n      if spare: draw a card\n      window main"))
    assert [w for w in warnings(pack) if "definition" in w[2]] == []


def test_the_built_in_packs_read_every_definition_they_make():
    report = Report()
    for folder in sorted(VARIANTS.iterdir()):
        assert validate_pack(str(folder), report), folder.name
    assert [p for p in report.problems if "which no text reads" in p.message or "read by no text" in p.message] == []
