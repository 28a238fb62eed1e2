"""Tokens: the messages of the mistakes a pack can make with them, and what a game keeps
(a table grown by one card that clones made before do not see). The games are
tests/data/triggerpack's scenarios (tests/tokens.yaml)."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.engine.invariants import check
from cardtable.interpreter.packs.loader import load_pack
from test_pile import edited

PACK = Path(__file__).parent / "data" / "triggerpack"
SPIRIT = '        effect: create a "Spirit" token\n'


@pytest.mark.parametrize("old, new, file, message", [
    (SPIRIT, '        effect: create a "Spirt" token\n', "cards.yaml",
     'cards.yaml:115:26: unknown token "Spirt"; did you mean "Spirit"?'),
    (SPIRIT, '        effect: create a "Spirit" token under your hand\n', "cards.yaml",
     'cards.yaml:115:52: write "under PLAYER\'s control", not "under ... hand"'),
    (SPIRIT, '        effect: create a "Spirit" token under its control\n', "cards.yaml",
     'cards.yaml:115:47: whose control the tokens are made under must be a player, but "its" is a card'),
    ("  - {name: Spirit, types: [creature], power: 1, text: \"1/1 Spirit.\"}\n",
     "  - {name: Spirit, types: [creature], power: 1, text: \"1/1 Spirit.\"}\n  - {name: Bolt, types: [creature]}\n",
     "cards.yaml",
     'cards.yaml:142:12: "Bolt" is a card: a token needs a name of its own'),
    ("  main: {cards: [Artist, Bolt], size: 2}\n", "  main: {cards: [Artist, Spirit], size: 2}\n", "pack.yaml",
     'pack.yaml:54:26: "Spirit" is a token: effects create it, a deck cannot hold it'),
    ("decks:\n", "tokens: {exist_in: [feild]}\ndecks:\n", "pack.yaml",
     'pack.yaml:53:21: unknown zone "feild"; did you mean "field"?'),
])
def test_mistakes_with_tokens_are_named(tmp_path, old, new, file, message):
    assert edited(PACK, tmp_path / "p", old, new, file) == [message]


def test_a_token_grows_the_table_of_its_game_only():
    p = load_pack(str(PACK), Report())
    state = Game(p).position({"active": "Ann", "phase": "main", "players": [{"zones": {"hand": ["Muster"]}}, {}]})
    before = state.clone()
    cards = len(state.s.t.cards)
    state.apply_label("Cast: Muster", 0)
    s = state.s
    assert len(s.t.cards) == len(s.zone_of) == len(s.moves) == cards + 2
    assert [s.t.names[c] for c in sorted(s.t.tokens)] == ["Spirit", "Spirit #2"]
    assert before.s.t is not s.t and len(before.s.t.cards) == cards and len(before.s.zone_of) == cards
    # Whether each card is a creature, as the scans read it, grows with the table too.
    creature = 1 << list(p.card_types).index("creature")
    assert s.t.typeflags[creature][cards:] == (True, True) and len(before.s.t.typeflags[creature]) == cards
    assert s.t.typeflags == {b: tuple(bits & b != 0 for bits in s.t.typebits) for b in s.t.typeflags}
    view = state.observation(1)["players"][0]["zones"]["field"]
    assert [(v["name"], v.get("token")) for v in view] == [("Spirit", True), ("Spirit #2", True)]
    check(s)


def test_a_token_that_ceased_stays_out_of_every_zone():
    p = load_pack(str(PACK), Report())
    state = Game(p).position({"active": "Ann", "phase": "main",
                              "players": [{"zones": {"hand": ["Recall"]}}, {"zones": {"field": ["Spirit"]}}]})
    state.apply_label("Cast: Recall", 0)
    s = state.s
    (spirit,) = s.t.tokens
    assert s.zone_of[spirit] == -1 and all(spirit not in z for z in s.zones)
    check(s)
    from cardtable.interpreter.engine import primitives
    assert primitives.move(s, spirit, s.t.zone("hand", 1)) is False and s.zone_of[spirit] == -1
    # The tokens still in the game are the ones the next checkpoints look at: none here.
    assert s.live == ()


def test_the_tokens_still_in_the_game_are_kept_as_they_are_made_and_cease():
    p = load_pack(str(PACK), Report())
    state = Game(p).position({"active": "Ann", "phase": "main", "players": [{"zones": {"hand": ["Muster"]}}, {}]})
    state.apply_label("Cast: Muster", 0)
    s = state.s
    made = tuple(sorted(s.t.tokens))
    assert len(made) == 2 and s.live == made          # known from the first checkpoint on, then grown
    before = state.clone()
    from cardtable.interpreter.engine import primitives, tokens
    primitives.move(s, made[0], s.t.zone("hand", 0))     # a token taken where tokens do not exist
    tokens.cease(s)
    assert s.live == made[1:] and s.zone_of[made[0]] == -1
    assert before.s.live == made and before.s.zone_of[made[0]] >= 0     # a clone made before keeps both
