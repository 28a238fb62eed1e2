"""A derived property computed from its card's printed properties alone (Names.of_printed,
Magic's `generic`: the mana value less its coloured symbols) is the same in every game of
a table while none of those properties changes: read in place, it is computed once for
each card and kept (Table.fixed, State.printed); where an effect or a counter may change
one of them, the property is in Pack.changing and read as any derived property."""
from __future__ import annotations

import shutil

from test_scan_values import HAND, ROOT, board, crazy_eights_doubling

from cardtable.interpreter.diagnostics import Report, render
from cardtable.interpreter.engine import tokens
from cardtable.interpreter.engine.evaluation import evaluate
from cardtable.interpreter.lang.compiler import Names
from cardtable.interpreter.packs.build import changing
from cardtable.interpreter.packs.derived import of_printed
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.packs.scenario import position


def test_a_text_of_numbers_and_its_cards_printed_properties_alone_is_of_printed():
    names = Names(properties={"cost": 0, "red": 0, "power": 0, "twice": 0}, derived={"twice", "x"})
    found = of_printed(names, {
        "a": "cost of it - red of it",
        "b": "2 * (its cost + its red) - 1",
        "c": "cost of this + 1",
        "d": "cost of it + turn",                     # the turn: not the card's
        "e": "twice of it + 1",                       # another derived property
        "f": "cost of it + count of cards in hand",   # other cards
        "g": "3",                                     # nothing of the card
        "h": "cost of it -",                          # does not parse
    })
    assert found == {"a": {"cost", "red"}, "b": {"cost", "red"}, "c": {"cost"}}


def test_a_property_computed_from_one_an_effect_changes_is_changing_too():
    assert changing({"power"}, {"a": frozenset({"power", "cost"}), "b": frozenset({"cost"})}) == {"power", "a"}


def magic_with(tmp_path, prop: str):
    """Magic's pack with one property more (`prop`, as pack.yaml declares it), loaded."""
    folder = tmp_path / "mtg"
    shutil.copytree(ROOT / "variants" / "mtg", folder)
    text = (folder / "pack.yaml").read_text(encoding="utf-8")
    (folder / "pack.yaml").write_text(text.replace("properties:\n", f"properties:\n  {prop}\n", 1), encoding="utf-8")
    report = Report()
    pack = load_pack(str(folder), report)
    assert not report.problems, render(report, "text")
    return pack


def test_magic_s_generic_cost_is_kept_and_a_sum_with_power_is_changing(tmp_path):
    pack = magic_with(tmp_path, "might: {derived: power of it + toughness of it}")
    assert "might" in pack.changing and "generic" not in pack.changing


def test_the_value_is_computed_once_a_card_and_kept_in_the_table(tmp_path):
    # Read for each card of the hand, fused or not: computed for each card the first time,
    # then read from the table.
    feature = "count of (cards in your hand where double of it > 10)"
    for fused in (True, False):
        game = crazy_eights_doubling(tmp_path, feature, fused)
        derived = game.pack.derived["double"]
        read = []
        game.pack.derived["double"] = lambda s, c: read.append(c) or derived(s, c)
        try:
            state = position(game, board("Seven of Diamonds", HAND))
            # Penalties: Seven 7, Seven 7, King 10, Two 2, Eight 50: doubled, four above 10.
            assert evaluate(state.s, 0) == 4
            assert evaluate(state.s, 0) == 4
            hand = sorted(read)
            assert len(hand) == len(HAND) == len(set(hand))
            assert {state.s.t.fixed[(c, "double")] for c in hand} == {14, 20, 4, 100}
        finally:
            game.pack.derived["double"] = derived


def test_a_token_is_read_as_its_own_where_another_game_made_one_of_the_same_id(tmp_path):
    # Two games from one position each make a token, the next id in both, of different
    # cards: the value kept for one is not the other's (Table.with_card).
    game = crazy_eights_doubling(tmp_path, "count of (cards in your hand where double of it > 10)")
    s = position(game, board("Seven of Diamonds", HAND)).s
    hand = s.zone_of[s.t.names.index("Seven of Hearts")]
    eight, two = s.clone(), s.clone()
    tokens.create(eight, game.pack.cards["Eight of Clubs"], 0, hand)      # doubled, 100
    assert evaluate(eight, 0) == 5
    tokens.create(two, game.pack.cards["Two of Spades"], 0, hand)         # doubled, 4
    assert evaluate(two, 0) == 4
