"""Cards that change owner: a shared zone with `owner: taker` gives each card it loses to
a player's zone to that player. The games are tests/data/supplypack's scenarios
(tests/supply.yaml); here, what a game keeps and the mistake a pack can make with it."""
from __future__ import annotations

from pathlib import Path

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack
from test_pile import edited

PACK = Path(__file__).parent / "data" / "supplypack"
BUY = {"active": "Ben", "phase": "main", "players": [{}, {}], "shared": {"supply": ["Penny", "Penny"]}}


def test_a_clone_keeps_the_owners_of_its_own_game():
    state = Game(load_pack(str(PACK), Report())).position(BUY)
    first, second = state.s.zones[state.s.t.zone("supply", None)]
    before = state.clone()
    assert before.s.owner is state.s.owner          # shared while no card changes hands
    state.apply_label("Buy", 1)
    state.apply_label("Penny", 1)                   # the first
    other = before.clone()
    before.apply_label("Buy", 1)
    before.apply_action(1)                          # the second
    assert (state.s.owner[first], state.s.owner[second]) == (1, 0)
    assert (before.s.owner[first], before.s.owner[second]) == (0, 1)
    assert (other.s.owner[first], other.s.owner[second]) == (0, 0)
    # A position written from the game keeps the owner of a card in a zone not its own.
    state.apply_label("Trash: Penny", 1)
    again = Game(state.game.pack).position(state.as_setup())
    (penny,) = again.s.zones[again.s.t.zone("trash", None)]
    assert again.s.owner[penny] == 1


def test_only_a_shared_zone_gives_its_cards_to_their_taker(tmp_path):
    old = "  discard: {per: player, ordered: true, role: discard}\n"
    assert edited(PACK, tmp_path / "p", old, old.replace("role: discard", "role: discard, owner: taker"),
                  "pack.yaml") == [
        'pack.yaml:18:63: zone "discard" belongs to each player: only a shared zone gives its cards to the '
        'player who takes them (owner: taker)']
