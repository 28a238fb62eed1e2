"""The layers' view (engine/layers.py) is made again after a change it may see, and kept
after one it cannot: a card moving between zones no static ability reads (Pack.view_zones),
a mark no static ability reads (Pack.view_marks), an effect on damage ending. What the
view holds then is what a view made again would hold."""
from __future__ import annotations

from test_printed_derived import magic_with

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine import layers, primitives
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.build import view_zones
from cardtable.interpreter.packs.loader import load_pack


def test_what_the_view_reads_of_zones_and_marks():
    statics = {"zone:battlefield", "mark:attached", "control", "counter:life"}
    assert view_zones(statics, {"generic": frozenset()}) == {"battlefield"}
    assert view_zones(statics, {}, "mark:") == {"attached"}
    # A derived property the view keeps that reads a zone: that zone too.
    assert view_zones(statics, {"held": frozenset({"zone:hand"})}) == {"battlefield", "hand"}
    # One that reads a card's damage or control (a move changes them), or what no change marks: every zone.
    assert view_zones(statics, {"hurt": frozenset({"damage"})}) is None
    assert view_zones(statics | {"*"}, {}) is None
    assert view_zones(statics | {"*"}, {}, "mark:") is None


def magic_state(seed: int = 3):
    state = Game(load_pack("mtg", Report())).new_initial_state(seed)
    return state.s


def _zone(s, name: str, seat: int = 0) -> int:
    return s.t.zone(name, seat)


def test_a_draw_keeps_the_view_and_a_card_entering_the_battlefield_makes_it_again():
    s = magic_state()
    library, hand = _zone(s, "library"), _zone(s, "hand")
    view = layers.build(s)
    card = s.zones[library][-1]
    primitives.move(s, card, hand)
    assert s.view is view
    # What the kept view reads of the card is what a view made again reads.
    kept = {name: s.prop(card, name) for name in ("power", "toughness", "generic", "mana_value")}
    layers.stale(s)
    layers.build(s)
    assert {name: s.prop(card, name) for name in kept} == kept
    primitives.move(s, card, _zone(s, "battlefield"))
    assert s.view is None


def test_a_mark_no_static_ability_reads_keeps_the_view_and_a_keyword_or_a_read_one_does_not():
    s = magic_state()
    card = s.zones[_zone(s, "hand")][0]
    view = layers.build(s)
    primitives.set_mark(s, card, "attacking", 1, "turn")
    assert s.view is view
    primitives.set_mark(s, card, "@flying", True, "turn")
    assert s.view is None
    view = layers.build(s)
    primitives.set_mark(s, card, "attached", card, None)
    assert s.view is None
    view = layers.build(s)
    # Ending the mark the view does not read keeps it; ending the keyword does not.
    primitives._drop_mods(s, lambda m: m[0] == "mark" and m[3] == "attacking")
    assert s.view is view
    primitives.end_effects(s, "turn")
    assert s.view is None
    assert not layers.has_keyword(s, card, "flying")


def test_a_card_with_a_mark_or_a_counter_makes_the_view_again_as_it_moves():
    s = magic_state()
    library, hand, graveyard = _zone(s, "library"), _zone(s, "hand"), _zone(s, "graveyard")
    card, other = s.zones[library][-1], s.zones[library][-2]
    s.counters[(card, "plus_one")] = 1
    layers.build(s)
    primitives.move(s, card, hand)
    assert s.view is None
    s.marks[(other, "commander")] = True        # a kept mark stays with the card
    layers.build(s)
    primitives.move(s, other, graveyard)
    assert s.view is None


def test_a_pack_whose_derived_property_reads_the_hand_makes_the_view_again_as_a_card_is_drawn(tmp_path):
    pack = magic_with(tmp_path, "held: {derived: count of cards in hand}")
    assert "hand" in pack.view_zones
    s = Game(pack).new_initial_state(3).s
    library, hand = _zone(s, "library"), _zone(s, "hand")
    card = s.zones[hand][0]
    layers.build(s)
    before = s.prop(card, "held")
    primitives.move(s, s.zones[library][-1], hand)
    assert s.view is None
    assert s.prop(card, "held") == before + 1
