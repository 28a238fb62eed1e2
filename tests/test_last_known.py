"""Last known information (engine/lastknown.py): a card that left play is read as it was
there through the names that named it. The games are tests/data/lastknownpack's
scenarios, played here again where no effect applies in layers; and what keeping cards
costs: nothing in a pack where nothing changes cards in play, a copy of the game only
for a card that had something to lose."""
from __future__ import annotations

from pathlib import Path

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.packs.scenario import load_scenarios, run_scenario
from test_pile import edited

PACK = Path(__file__).parent / "data" / "lastknownpack"
LORD = """  - name: Lord
    types: [creature]
    power: 1
    text: Other creatures you control get +1/+0.
    abilities:
      - name: Lead
        static: other creatures you control in battlefield
        effect: increase power of it by 1
"""
TOGETHER = "creatures that die together are read as they all were before the first left"


def test_the_scenarios_read_alike_where_no_effect_applies_in_layers(tmp_path):
    # Without the Lord's static ability, the lasting effects and counters are read without
    # the layers' view (the Purge scenario, which needs the Lord, aside).
    assert load_pack(str(PACK), Report()).layered
    assert edited(PACK, tmp_path / "p", LORD, "") == []
    pack = load_pack(str(tmp_path / "p"), Report())
    assert not pack.layered
    report = Report()
    scenarios = load_scenarios(tmp_path / "p" / "tests" / "last_known.yaml", report)
    assert report.ok and len(scenarios) == 13
    for sc in scenarios:
        if sc.name != TOGETHER:
            run_scenario(pack, sc)


def _smite(growth: bool):
    """Ann's Bear destroyed, given +2 by Growth first or not: the game after."""
    state = Game(load_pack(str(PACK), Report())).position({
        "active": "Ann", "phase": "main",
        "players": [{"zones": {"hand": ["Growth", "Smite"]}}, {}],
        "shared": {"battlefield": [{"card": "Bear", "owner": "Ann"}]}})
    if growth:
        state.apply_label("Cast: Growth")
    state.apply_label("Cast: Smite")
    return state


def test_only_a_card_that_had_something_to_lose_in_play_is_kept():
    # The Bear in the graveyard: kept as it was with the +2 of Growth, not without it.
    state = _smite(True)
    (bear,) = state.s.lki
    moves, past, _, turn = state.s.lki[bear]
    assert (state.s.t.names[bear], turn, past.prop(bear, "power"), state.s.prop(bear, "power")) == ("Bear", 1, 4, 2)
    assert state.s.moves[bear] == moves + 1 and past.zone_of[bear] == past.t.zone("battlefield", None)
    assert _smite(False).s.lki == {}


def test_a_pack_where_nothing_changes_cards_in_play_keeps_nothing():
    # Hearts changes no card: a move looks at no zone to keep its card (Table.moving: nor
    # at a zone's capacity), and no card is ever kept.
    state = Game(load_pack("hearts", Report())).new_initial_state(1)
    assert (state.s.t.remembering, state.s.lki, state.s.t.moving) == (frozenset(), None, None)
    kept = Game(load_pack(str(PACK), Report())).new_initial_state(1)
    assert kept.s.t.remembering == frozenset(kept.s.t.named["battlefield"]) and kept.s.lki == {}
