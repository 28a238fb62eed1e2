"""Definitions with parameters ("extends(meld): ..." in `define`, read "extends(your
melds)" or "c is extends(opponent's melds)"), on tests/data/setspack: its show phase
announces what the definitions find before it scores the hand."""
from __future__ import annotations

from pathlib import Path

import pytest
from packcopy import edited_copy, load_errors

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import PackError, load_pack

PACK = Path(__file__).parent / "data" / "setspack"
DEFINE = "  a_run: number"
SHOW = "      let fifteens be"
# A card extends a meld of one rank by its rank, a run by the next card of its suit.
EXTENDS = ("  extends(meld): >-\n"
           "    (number of different rank among cards in meld = 1 and its rank = rank of first of cards in meld)\n"
           "    or (its suit = suit of first of cards in meld and value of it = highest value of cards in meld + 1)\n")
USES = ('      let fits be count of (cards in your hand where extends(your melds))\n'
        '      for each c in cards in your hand:\n'
        '        if c is extends(opponent\'s melds): announce "{c} extends the other meld"\n'
        '        if c is not extends(your melds): announce "{c} is kept"\n'
        '      announce "{fits} fit"\n')
# Ann's run of clubs takes the Five of Clubs; Ben's Nines take the Nine of Spades.
ANN = {"hand": ["Five of Clubs", "Six of Clubs", "Nine of Spades"],
       "melds": ["Four of Clubs", "Three of Clubs", "Two of Clubs"]}
BEN = {"hand": [], "melds": ["Nine of Hearts", "Nine of Diamonds", "Nine of Clubs"]}


def pack(tmp_path: Path, define: str = EXTENDS, uses: str = USES) -> Path:
    return edited_copy(PACK, tmp_path, **{DEFINE: define + DEFINE, SHOW: uses + SHOW})


def announced(folder: Path) -> list[str]:
    """What Ann's show announces before it counts her hand."""
    game = Game(load_pack(str(folder), Report()))
    log = game.position({"active": "Ann", "phase": "show", "players": [{"zones": ANN}, {"zones": BEN}]}).log
    return log[:log.index(next(line for line in log if " counts " in line))]


def test_a_definition_reads_the_values_given_where_it_is_read(tmp_path):
    assert announced(pack(tmp_path)) == ["Six of Clubs is kept", "Nine of Spades extends the other meld",
                                        "Nine of Spades is kept", "1 fit"]


def test_a_value_that_reads_it_is_read_where_the_call_is_written(tmp_path):
    # Inside "matches", the "where" over Ben's melds has an "it" of its own: the "it"
    # given is the card of Ann's hand, not that meld card (which would match itself).
    define = "  matches(x): any (cards in opponent's melds where its rank = rank of x)\n"
    uses = ('      let matched be count of (cards in your hand where matches(it))\n'
            '      announce "{matched} matched"\n')
    assert announced(pack(tmp_path, define, uses)) == ["1 matched"]


def test_a_definition_of_two_parameters_and_a_value(tmp_path):
    define = "  above(pile, n): count of (cards in pile where value of it > n)\n"
    uses = '      announce "{above(your melds, 2)} and {above(opponent\'s melds, 8)} above"\n'
    assert announced(pack(tmp_path, define, uses)) == ["2 and 3 above"]


def errors(tmp_path: Path, define: str = EXTENDS, uses: str = USES) -> list[str]:
    return load_errors(pack(tmp_path, define, uses))


@pytest.mark.parametrize("uses, error", [
    # Too many values.
    ("let fits be count of (cards in your hand where extends(your melds, 2))",
     'pack.yaml:50:54: "extends" takes 1 value (for meld), but "extends(your melds, 2)" gives 2'),
    # A definition with parameters read without values.
    ("let fits be count of (cards in your hand where extends)",
     'pack.yaml:50:54: "extends" takes 1 value (for meld): write "extends(meld)" with the values'),
    # Values given to a definition without parameters.
    ("let fits be count of (sets of cards in your hand where a_run(your melds))",
     'pack.yaml:50:62: "a_run" takes no values: write "a_run", not "a_run(your melds)"'),
])
def test_a_use_with_values_that_do_not_match_the_parameters_is_refused_where_it_is_written(tmp_path, uses, error):
    assert errors(tmp_path, uses=f"      {uses}\n") == [error]


@pytest.mark.parametrize("define, uses, error", [
    # "cards in meld" four times: the value given is told once, at the call.
    (EXTENDS, "let fits be count of (cards in your hand where extends(3))",
     'pack.yaml:50:54: "extends(3)" gives "3" for "meld", which must be a zone or a set of cards ("extends" reads '
     'it so at pack.yaml:38:46), but "3" is a number'),
    (EXTENDS, "if any (cards in your hand where extends(you)): announce \"fits\"",
     'pack.yaml:50:40: "extends(you)" gives "you" for "meld", which must be a zone or a set of cards ("extends" '
     'reads it so at pack.yaml:38:46), but "you" is a player'),
    ("  above(pile, n): count of (cards in pile where value of it > n)\n", 'announce "{above(3, 2)} above"',
     'pack.yaml:48:18: "above(3, 2)" gives "3" for "pile", which must be a zone or a set of cards ("above" reads it '
     'so at pack.yaml:37:38), but "3" is a number'),
    ("  above(pile, n): count of (cards in pile where value of it > n)\n", 'announce "{above(your melds, you)} above"',
     'pack.yaml:48:18: "above(your melds, you)" gives "you" for "n", which "above" cannot read at pack.yaml:37:63: '
     'the right side of ">" must be a number, but "n" is a player'),
])
def test_a_value_of_the_wrong_kind_is_told_once_at_the_call_with_the_kind_its_parameter_needs(tmp_path, define, uses,
                                                                                             error):
    assert errors(tmp_path, define, f"      {uses}\n") == [error]


def test_definitions_that_read_each_other_are_refused_with_the_chain(tmp_path):
    define = "  near(z): count of cards in z > 0 and far(z)\n  far(y): near(y)\n"
    uses = '      if near(your melds): announce "near"\n'
    assert errors(tmp_path, define, uses) == [
        'pack.yaml:37:3: a definition may not read itself, directly or through others: "near" reads "far" reads "near"']


def test_a_parameter_may_not_hide_a_name_of_the_pack(tmp_path):
    assert errors(tmp_path, EXTENDS.replace("extends(meld)", "extends(hand, n)"), "")[0] == (
        'pack.yaml:37:3: "hand" is a zone: a parameter named so would hide it in the rest of this text; '
        'name it otherwise')



@pytest.mark.parametrize("define, name, line", [("  pips: value of it\n", "pips", 23),      # a derived property
                                                ("  value(c): value of c\n", "value", 22)])
def test_a_definition_may_not_take_the_name_of_a_property(tmp_path, define, name, line):
    assert errors(tmp_path, define, "") == [
        f'pack.yaml:37:3: "{name}" is already a property, declared at pack.yaml:{line}:3: a definition and a '
        f'property may not share a name, as a text that reads "{name}" would read only one of them; rename one']


def test_a_definition_named_by_a_word_of_the_language_is_refused_once_where_it_is_defined(tmp_path):
    # "fits" reads "total" before it is defined, and both are read: nothing else is told.
    define = "  fits(z): total(z) > 10\n  total(z): total value of cards in z\n"
    uses = ('      if fits(your hand) and total(your melds) > total(your hand): announce "more"\n'
            '      announce "{total(your hand)} in all"\n')
    report = Report()
    with pytest.raises(PackError):
        load_pack(str(pack(tmp_path, define, uses)), report)
    assert [f"{p.line}:{p.col}: {p.severity}: {p.message}" for p in report.problems] == [
        '38:3: error: "total" is a word of the language: a definition may not take its name; rename it']
