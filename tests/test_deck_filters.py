"""A deck's filters of an import: `where` keeps the cards it picks, `except` leaves them
out (all but them); a field or a value that no card of the import has is refused where
it is written."""
from __future__ import annotations

from pathlib import Path

from packcopy import edited_copy, load_errors

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.packs.loader import load_pack

MAGIC54 = Path(__file__).parent.parent / "variants" / "magic54"
RED = "  red: {from: standard54, where: {colour: red}, size: 27}"
BLACK = "  black: {from: standard54, where: {colour: black}, size: 27}"


def decks(tmp_path: Path, red: str, black: str = BLACK) -> dict:
    return load_pack(str(edited_copy(MAGIC54, tmp_path, **{RED: red, BLACK: black})), Report()).decks


def test_except_leaves_out_the_cards_one_of_its_matches_picks(tmp_path):
    found = decks(tmp_path, "  red: {from: standard54, except: {rank: joker}}",
                  "  black: {from: standard54, where: {colour: black}, except: [{rank: joker}, {suit: spades}]}")
    assert len(found["red"]) == 52 and not any("Joker" in name for name in found["red"])
    assert sorted(found["black"]) == sorted(f"{rank} of Clubs" for rank in (
        "Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King"))


def test_a_field_or_a_value_no_card_has_is_refused_at_its_name(tmp_path):
    folder = edited_copy(MAGIC54, tmp_path, **{
        RED: "  red: {from: standard54, except: {rnk: joker, suit: [clubs, spade]}}",
        BLACK: "  black: {where: {colour: blak}}"})
    assert load_errors(folder) == [
        'pack.yaml:98:36: no card of "standard54" has a field "rnk"; did you mean "rank"?',
        'pack.yaml:98:62: no card of "standard54" has suit "spade"; did you mean "spades"?',
        'pack.yaml:99:18: "where" picks cards of an import by their fields: name the import with "from"']


def test_a_value_of_where_no_card_has_is_refused(tmp_path):
    folder = edited_copy(MAGIC54, tmp_path, **{RED: "  red: {from: standard54, where: {colour: blak}}"})
    assert load_errors(folder) == ['pack.yaml:98:43: no card of "standard54" has colour "blak"; did you mean "black"?']


def test_an_empty_match_is_refused_where_it_would_keep_or_leave_out_every_card(tmp_path):
    folder = edited_copy(MAGIC54, tmp_path, **{RED: "  red: {from: standard54, except: {}, size: 27}",
                                               BLACK: "  black: {from: standard54, except: [{}], size: 27}"})
    assert load_errors(folder) == ['pack.yaml:98:35: "except" must not be empty',
                                   'pack.yaml:99:38: item 1 of "except" must not be empty']


def test_a_misspelt_value_is_the_one_error_of_its_deck(tmp_path):
    # Crazy Eights' families have no joker: the misspelt "jokers" left them in, and the deck
    # said first that no family matched Red Joker, before the misspelling that caused it.
    folder = edited_copy(Path(__file__).parent.parent / "variants" / "crazy_eights", tmp_path, **{
        "  standard: {from: standard54, where: {suit: [clubs, diamonds, hearts, spades]}, size: 52}":
        "  standard: {from: standard54, except: {rank: jokers}, size: 52}"})
    assert load_errors(folder) == ['pack.yaml:125:47: no card of "standard54" has rank "jokers"; did you mean "joker"?']
