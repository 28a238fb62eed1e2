"""Quoted texts that can never be equal to what they are compared with: a card's name no
card of the pack has, a mode that no choice offers. Each refused where it is written, with
the nearest name or text (tests/data/scriptpack, tests/data/setspack: its cards imported)."""
from __future__ import annotations

from pathlib import Path

import pytest
from packcopy import edited_copy

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.packs.loader import PackError, load_pack

DATA = Path(__file__).parent / "data"
ANNOUNCE = '      announce "{you} was given {gift}"\n'
SCRIPTS = "scripts:\n"
SHOW = "      announce \"{you} counts"


def problems(pack: str, tmp_path: Path, **edits) -> list[str]:
    """The problems (errors and warnings) of a copy of `pack` with pack.yaml edited."""
    report = Report()
    try:
        load_pack(str(edited_copy(DATA / pack, tmp_path, **edits)), report)
    except PackError:
        pass
    return [f"{Path(p.file).name}:{p.line}:{p.col}: {p.message}" for p in report.problems]


@pytest.mark.parametrize("line, message", [
    ('      if any (cards in your hand where name of it = "Sevn"): announce "a seven"\n',
     'pack.yaml:40:53: no card is named "Sevn"; did you mean "Seven"?'),
    ('      if any (cards in your hand where its name != "three"): announce "no three"\n',
     'pack.yaml:40:52: no card is named "three"; did you mean "Three"?'),
    ('      if "Sixx" = name of top card of deck: announce "a six"\n',
     'pack.yaml:40:10: no card is named "Sixx"; did you mean "Six"?'),
])
def test_a_quoted_name_no_card_has_is_refused_where_it_is_written(tmp_path, line, message):
    assert problems("scriptpack", tmp_path, **{ANNOUNCE: line}) == [message]


def test_a_quoted_name_given_to_a_named_script_is_refused_where_it_is_given(tmp_path):
    fetch = ("  fetch:\n    for: [p, wanted]\n    do: |\n"
             "      let found be first of (cards in deck where name of it = wanted)\n"
             "      if found != none: put found into p's hand\n")
    assert problems("scriptpack", tmp_path, **{SCRIPTS: SCRIPTS + fetch,
                                               ANNOUNCE: '      fetch for you, "Fve"\n      fetch for you, "Four"\n'}) \
        == ['pack.yaml:45:22: no card is named "Fve"; did you mean "Five"?']


def test_a_quoted_name_given_to_a_definition_is_refused_where_it_is_given(tmp_path):
    define = "define:\n  holds(p, n): any (cards in p's hand where name of it = n)\n"
    assert problems("scriptpack", tmp_path, **{SCRIPTS: define + SCRIPTS,
                                               ANNOUNCE: '      if holds(you, "Tow"): announce "a two"\n'}) \
        == ['pack.yaml:42:21: no card is named "Tow"; did you mean "Two"?']


def test_names_worked_out_in_play_and_the_names_of_the_cards_are_not_refused(tmp_path):
    line = ('      let wanted be name of top card of deck\n'
            '      if any (cards in your hand where name of it = wanted): announce "a match"\n'
            '      if any (cards in your hand where name of it = "Seven"): announce "a seven"\n')
    assert problems("scriptpack", tmp_path, **{ANNOUNCE: line}) == []


def test_the_cards_of_an_import_are_named_whether_a_deck_holds_them_or_not(tmp_path):
    line = ('      if any (cards in your hand where name of it = "Red Joker"): announce "a joke"\n'
            '      if any (cards in your hand where name of it = "Ace of Spades"): announce "an ace"\n      if any (cards in your hand where name of it = "Ace of Spade"): announce "ace"\n')
    assert problems("setspack", tmp_path, **{SHOW: line + SHOW}) == [
        'pack.yaml:59:53: no card is named "Ace of Spade"; did you mean "Ace of Spades"?']


MODES = '      choose one of "keep", "swap" as move\n'


@pytest.mark.parametrize("lines, message", [
    (MODES + '      if move = "kepe": announce "kept"\n',
     'pack.yaml:41:17: "kepe" is never the value of "move", which holds one of "keep", "swap"; did you mean "keep"?'),
    # In the branches of an "if", the texts of both choices.
    ('      if count of cards in your hand > 1:\n        choose one of "keep", "swap", "pass" as move\n'
     '      else:\n        choose one of "keep", "swap" as move\n'
     '      if move = "pass": announce "passed"\n      elif move != "pas": announce "played"\n',
     'pack.yaml:45:20: "pas" is never the value of "move", which holds one of "keep", "pass", "swap"; '
     'did you mean "pass"?'),
])
def test_a_mode_compared_with_a_text_no_choice_offers_is_refused(tmp_path, lines, message):
    assert problems("scriptpack", tmp_path, **{ANNOUNCE: lines}) == [message]


@pytest.mark.parametrize("lines", [
    # Let again in a loop: by the time it is compared, it may hold the text let.
    '      let move be "start"\n      repeat 2 times:\n        if move = "start": announce "first"\n'
    '        choose one of "keep", "swap" as move\n',
    # Chosen, then let again in a loop before it is compared once more.
    '      choose one of "keep", "swap" as move\n      repeat 2 times:\n        if move = "done": announce "done"\n'
    '        let move be "done"\n',
    # Let in one branch, chosen in the other.
    '      if count of cards in your hand > 1:\n        let move be "none yet"\n      else:\n'
    '        choose one of "keep", "swap" as move\n      if move = "none yet": announce "nothing"\n',
])
def test_a_mode_that_may_hold_another_text_is_not_refused(tmp_path, lines):
    assert problems("scriptpack", tmp_path, **{ANNOUNCE: lines}) == []


def test_a_named_script_may_test_for_a_mode_another_use_offers(tmp_path):
    play = '  play:\n    for: [m]\n    do: |\n      if m = "pass": announce "passed"\n'
    lines = MODES + '      play for move\n'
    assert problems("scriptpack", tmp_path, **{SCRIPTS: SCRIPTS + play, ANNOUNCE: lines}) == []
