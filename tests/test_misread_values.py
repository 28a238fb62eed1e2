"""A value written where another kind is wanted, or a name that is not there, is told
what the place wants and what was written (tests/data/scriptpack, its turn edited)."""
from __future__ import annotations

from pathlib import Path

import pytest
from packcopy import edited_copy, load_errors

PACK = Path(__file__).parent / "data" / "scriptpack"
ANNOUNCE = '      announce "{you} was given {gift}"\n'


@pytest.mark.parametrize("line, message", [
    # A word of the language that is a value, where the parser reads a name.
    ("draw this cards", 'pack.yaml:40:12: how many cards must be a number, but "this" is a card'),
    ("draw you cards", 'pack.yaml:40:12: how many cards must be a number, but "you" is a player'),
    ("put top card of deck into you", 'pack.yaml:40:33: the place after "into" must be a zone, but "you" is a player'),
    ("put top card of deck into graveyard",
     'pack.yaml:40:33: "graveyard" is not a zone of the pack (its zones: deck, hand)'),
    ("put top card of deck into hnd", 'pack.yaml:40:33: "hnd" is not a zone of the pack; did you mean "hand"?'),
])
def test_what_a_place_wants_is_said_with_what_stands_there(tmp_path, line, message):
    assert load_errors(edited_copy(PACK, tmp_path, **{ANNOUNCE: f"      {line}\n"})) == [message]
