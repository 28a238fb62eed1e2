"""The read-only view of a position (engine/view.py): what the scenario runner and the
learning environment read of a game instead of the engine's state, and that nothing
outside the engine reads that state."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardtable import Game, Report, load_pack

ROOT = Path(__file__).resolve().parent.parent

SETUP = {   # Basic TCG: Player 1's face-down Hill Giant with two +1/+1, a tapped Savannah Lions
    "turn": 3, "active": "Player 1", "phase": "main",
    "players": [
        {"zones": {"hand": ["Grizzly Bears", "Forest"],
                   "play": [{"card": "Hill Giant", "face_down": True, "counters": {"plus_one": 2}},
                            {"card": "Savannah Lions", "tapped": True, "marks": {"attacked": True}},
                            {"card": "Sedge Troll", "owner": 1, "counters": {"plus_one": 1}}]}},
        {"zones": {"play": [{"card": "Hill Giant", "damage": 1, "marks": {"blocking": "Savannah Lions"}}],
                   "hand": ["Grizzly Bears"]}},
    ],
}


@pytest.fixture(scope="module")
def state():
    return Game(load_pack("basic_tcg", Report())).position(SETUP)


def one(state, name: str) -> int:
    [c] = state.view.cards_named(name)
    return c


def test_a_card_says_where_it_is_and_whose_it_is(state):
    troll = state.card(one(state, "Sedge Troll"))
    assert (troll.name, troll.zone, troll.zone_seat, troll.where) == ("Sedge Troll", "play", 0, "Player 1's play")
    assert (troll.controller, troll.owner) == (0, 1)
    forest = state.card(one(state, "Forest"))
    assert (forest.where, forest.controller, forest.owner) == ("Player 1's hand", 0, 0)
    assert repr(forest) == f"<card {forest.id} Forest in Player 1's hand>"


def test_a_card_says_its_state_counters_and_marks(state):
    lions = state.card(one(state, "Savannah Lions"))
    assert (lions.tapped, lions.damage, lions.face_down) == (True, 0, False)
    assert lions.marks == {"attacked": True} and lions.mark("attacked") is True and lions.mark("frozen") is None
    assert state.card(one(state, "Sedge Troll")).marks == {}
    giant = state.card(state.view.zone("play", 0)[0])
    assert (giant.tapped, giant.face_down, giant.counter("plus_one"), giant.counter("minus_stamina")) == (False, True, 2, 0)
    assert giant.counters == {"plus_one": 2}
    # A mark that points at a card holds its id, as option values do.
    blocker = state.card(state.view.zone("play", 1)[0])
    assert blocker.damage == 1 and blocker.mark("blocking") == lions.id
    assert state.card_name(blocker.mark("blocking")) == "Savannah Lions"


def test_a_card_property_is_its_value_now(state):
    troll = state.card(one(state, "Sedge Troll"))
    assert troll.prop("power") == state.s.prop(troll.id, "power")
    # Face down, a card's properties are the pack's fixed face-down values, not its own.
    giant = state.card(state.view.zone("play", 0)[0])
    assert giant.name == "Hill Giant" and giant.prop("printed_power") == state.game.pack.face_down_props.get("printed_power", 0)


def test_zones_hold_card_ids_in_order_and_places_name_them(state):
    view = state.view
    assert [view.card_names[c] for c in view.zone("play", 0)] == ["Hill Giant", "Savannah Lions", "Sedge Troll"]
    assert [view.card_names[c] for c in view.zone("hand", 1)] == ["Grizzly Bears"]
    assert view.cards_named("Grizzly Bears") == sorted(view.cards_named("Grizzly Bears"))
    assert len(view.cards_named("Grizzly Bears")) == 2 and view.cards_named("Black Lotus") == []
    hand = view.places.index(("hand", 0))
    assert view.zones[hand] == view.zone("hand", 0)
    assert all(view.place_of(c) == hand for c in view.zone("hand", 0))
    assert sorted((view.card_names[c], k, n) for c, k, n in view.card_counters()) == \
        [("Hill Giant", "plus_one", 2), ("Sedge Troll", "plus_one", 1)]
    assert sorted((view.card_names[c], m) for c, m, _ in view.card_marks()) == \
        [("Hill Giant", "blocking"), ("Savannah Lions", "attacked")]


def test_a_view_cannot_change_the_position(state):
    view, card = state.view, state.card(0)
    for target, attribute in ((card, "tapped"), (card, "id_"), (view, "phase"), (view, "extra")):
        with pytest.raises(AttributeError):
            setattr(target, attribute, True)
    with pytest.raises(TypeError):
        view.player_counters(0)["life"] = 1
    with pytest.raises(TypeError):
        view.tapped[0] = True
    with pytest.raises(AttributeError):
        view.zone("hand", 0).append(1)


def test_a_view_reads_the_live_position(state):
    game_state = state.clone()
    view, forest = game_state.view, game_state.card(one(game_state, "Forest"))
    game_state.apply_label("Play: Forest")
    assert forest.where == "Player 1's play" and forest.id in view.zone("play", 0)


def test_only_the_engine_reads_a_game_state_s_state():
    """The rooms above the engine (and the command line) read a position through
    GameState's own methods and its views, never through `.s`."""
    reads = []
    files = [*(ROOT / "interpreter").rglob("*.py"), ROOT / "cli.py", ROOT / "pytest_plugin.py"]
    for path in files:
        if "engine" in path.relative_to(ROOT).parts:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#")[0]
            if re.search(r"\.s\b", code) and "self.s" not in code:
                reads.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert reads == []
