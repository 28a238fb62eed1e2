"""Positions and setups: one way to build a position from a scenario's `setup:`, and its
inverse, GameState.as_setup, which the workbench uses to save a position as a scenario.
A position built from a setup, written as a setup and built again is the same position
for every seat (card ids aside: a setup names cards, not ids)."""
from __future__ import annotations

import random

import time

import pytest
import yaml

from cardtable import Game, Report, SetupError, load_pack
from cardtable.interpreter.packs.schemacheck import fits_schema
from cardtable.interpreter.packs.yamlpos import load_yaml_text

COMBAT = {   # Magic 54: Red attacks with two cards, Black blocks one; the combat window is open
    "turn": 5, "active": "Red", "phase": "attack", "step": "combat",
    "players": [
        {"life": 7, "counters": {"mana_played": 1},
         "zones": {"play": [{"card": "Jack of Hearts", "tapped": True, "marks": {"attacking": True, "blocked": True},
                             "until": "combat"},
                            {"card": "Queen of Hearts", "tapped": True, "marks": {"attacking": True}, "until": "combat"},
                            "Seven of Clubs", {"card": "King of Hearts", "damage": 2, "entered": 5}],
                   "hand": ["Two of Hearts", "Ace of Diamonds"], "deck": ["Five of Hearts", "Six of Hearts"],
                   "discard": ["Nine of Hearts"]}},
        {"life": 12,
         "zones": {"play": [{"card": "Jack of Spades", "marks": {"blocking": "Jack of Hearts"}, "until": "combat"},
                            {"card": "Ten of Hearts", "owner": 0}],
                   "hand": ["Queen of Spades"], "deck": ["Nine of Spades", "Ace of Spades"]}},
    ],
}


def strip_ids(view):
    """An observation without card ids, and without counters at 0: a counter the game
    has not set yet reads 0, and a setup gives every counter a value; without what a seat
    knows of the cards it cannot see (one it saw go into a zone it cannot see, or turned
    face down: a face-down card it knows reads as one it does not), which a setup does not say."""
    if isinstance(view, dict):
        if view.get("face_down"):
            view = {**{k: v for k, v in view.items() if k != "face_down"}, "name": "face-down card"}
        return {k: strip_ids(v) if k != "counters" else {c: n for c, n in v.items() if n != 0}
                for k, v in view.items() if k not in ("id", "known")}
    if isinstance(view, list):
        return [strip_ids(v) for v in view]
    return view


def same_for_every_seat(a, b) -> None:
    for seat in [None, *range(a.game.num_players)]:
        assert strip_ids(a.observation(seat)) == strip_ids(b.observation(seat)), f"seat {seat}"


def as_scenario_file(setup: dict) -> bool:
    """Whether the setup, written out as YAML in a scenario file, passes the scenario schema."""
    text = yaml.safe_dump({"scenarios": [{"name": "saved", "setup": setup}]}, sort_keys=False, allow_unicode=True)
    return fits_schema(load_yaml_text(text, "saved.yaml"), "scenario", Report())


@pytest.fixture(scope="module")
def magic54():
    return Game(load_pack("magic54", Report()))


def test_a_position_saved_as_a_setup_is_the_same_position_again(magic54):
    first = magic54.position(COMBAT)
    assert first.setup_leaves_out() == []
    setup = first.as_setup()
    assert as_scenario_file(setup)
    again = magic54.position(yaml.safe_load(yaml.safe_dump(setup)))
    same_for_every_seat(first, again)
    assert again.as_setup() == setup
    assert again.legal_labels() == first.legal_labels()


def test_the_setup_says_each_card_state_as_a_scenario_writes_it(magic54):
    setup = magic54.position(COMBAT).as_setup()
    assert {k: setup[k] for k in ("turn", "active", "phase", "step")} == \
        {"turn": 5, "active": "Red", "phase": "attack", "step": "combat"}
    red, black = setup["players"]
    assert red["counters"] == {"life": 7, "mana_played": 1}
    assert red["zones"]["play"] == [
        {"card": "Jack of Hearts", "tapped": True, "marks": {"attacking": True, "blocked": True}, "until": "combat"},
        {"card": "Queen of Hearts", "tapped": True, "marks": {"attacking": True}, "until": "combat"},
        "Seven of Clubs", {"card": "King of Hearts", "damage": 2, "entered": 5}]
    assert black["zones"]["play"] == [
        {"card": "Jack of Spades", "marks": {"blocking": "Jack of Hearts"}, "until": "combat"},
        {"card": "Ten of Hearts", "owner": 0}]
    assert red["zones"]["hand"] == ["Two of Hearts", "Ace of Diamonds"] and "out" not in red


@pytest.mark.parametrize("pack, players, seed", [("magic54", 2, 3), ("pub_magic", 3, 1), ("basic_tcg", 2, 2)])
def test_positions_of_played_games_round_trip_when_their_step_begins_a_window(pack, players, seed):
    # A played position is saved as its step begins: where a step's script only opens a
    # priority window (or draws nothing), the saved position is the one played.
    game = Game(load_pack(pack, Report()), num_players=players)
    state = game.new_initial_state(seed=seed)
    rnd = random.Random(seed)
    checked = 0
    while not state.is_terminal() and checked < 3:
        view = state.observation(None)
        if (state.decision.kind == "priority" and view["window"] and not view["pile"]
                and not state.setup_leaves_out() and _window_only(game, view)):
            again = game.position(state.as_setup())
            same_for_every_seat(state, again)
            assert as_scenario_file(state.as_setup())
            checked += 1
        state.apply_action(rnd.randrange(len(state.legal_actions())))
    assert checked == 3


@pytest.mark.parametrize("pack, players, seed", [("magic54", 2, 3), ("pub_magic", 3, 1)])
def test_a_position_set_up_with_its_setup_seed_draws_the_same_chance(pack, players, seed):
    # The same answers on the played position and on its setup, started with its setup
    # seed, give the same game: its shuffles and random choices fall the same way.
    game = Game(load_pack(pack, Report()), num_players=players)
    state = game.new_initial_state(seed=seed)
    rnd = random.Random(seed)
    while not state.is_terminal():
        view = state.observation(None)
        if (state.turn >= 3 and state.decision.kind == "priority" and view["window"] and not view["pile"]
                and not state.setup_leaves_out() and _window_only(game, view)):
            break
        state.apply_action(rnd.randrange(len(state.legal_actions())))
    again = game.position(state.as_setup(), state.setup_seed())
    before = (len(state.log), len(again.log))
    answers = random.Random(seed + 1)
    while not state.is_terminal():
        assert state.legal_labels() == again.legal_labels()
        action = answers.randrange(len(state.legal_actions()))
        state.apply_action(action)
        again.apply_action(action)
    assert state.log[before[0]:] == again.log[before[1]:] and again.returns() == state.returns()
    assert len(state.log) - before[0] > 50


def _window_only(game, view) -> bool:
    """Whether the step the position is in does nothing but open a window (its one
    statement is the engine's `window NAME`)."""
    for phase in game.pack.phases:
        for step in phase.steps:
            if (phase.name, step.name) == (view["phase"], view["step"]):
                ops = step.script or ()
                return len(ops) == 1 and ops[0].__qualname__.startswith("_window.")
    return False


def test_what_a_setup_cannot_say_is_listed(magic54):
    state = magic54.position(COMBAT)
    assert state.setup_leaves_out() == []
    state.s.mods.append(("mark", "turn", 0, "attacking", True))   # a second duration for Jack of Hearts
    assert state.setup_leaves_out() == ["marks of Jack of Hearts that end at different times"]


def test_a_setup_that_does_not_fit_the_pack_is_refused_with_the_reason(magic54):
    with pytest.raises(SetupError) as e:
        magic54.position({"players": [{"zones": {"hand": ["Queen of Hartes"]}}, {}]})
    assert e.value.message == 'unknown card "Queen of Hartes"; did you mean "Queen of Hearts"?'
    assert e.value.key == 0
    with pytest.raises(SetupError, match='^unknown zone "hnd"; did you mean "hand"\\?$'):
        magic54.position({"players": [{"zones": {"hnd": []}}, {}]})


@pytest.mark.parametrize("setup, problems", [
    (None, ["setup must be a mapping, not None"]),
    ({"players": [{"life": None}, {}]}, ["setup.players[0].life must be a whole number, not None"]),
    ("turn 3", ["setup must be a mapping, not text"]),
    ({"players": [5]}, ["setup.players[0] must be a mapping, not a whole number"]),
    ({"players": ({}, {})}, ["setup.players must be a list, not a tuple"]),
    ({"turn": "x", "table": 5}, ["setup.turn must be a whole number, not text",
                                 "setup.table must be a mapping, not a whole number"]),
    ({"turn": True}, ["setup.turn must be a whole number, not true/false"]),
    ({"players": [{"lfe": 3}, {}]}, ['setup.players[0]: unknown key "lfe"; did you mean "life"?']),
    ({"players": [{"zones": {"hand": [5]}}, {}]},
     ["setup.players[0].zones.hand[0] must be text or a mapping, not a whole number"]),
    ({"players": [{"zones": {"hand": "Jack of Hearts"}}, {}]}, ["setup.players[0].zones.hand must be a list, not text"]),
    ({"players": [{"zones": {0: []}}, {}]}, ["setup.players[0].zones: key 0 is not text"]),
    ({"shared": {"pile": [{"cardd": "Two of Hearts"}]}},
     ['setup.shared.pile[0]: unknown key "cardd"; did you mean "card"?', 'setup.shared.pile[0]: missing required key "card"']),
    ({"players": [{chr(97 + i): i for i in range(12)}, {}]},
     [f'setup.players[0]: unknown key "{chr(97 + i)}"' for i in range(10)] + ["and more"]),
], ids=repr)
def test_a_setup_not_shaped_as_the_scenario_schema_says_is_refused_with_where_each_problem_is(magic54, setup, problems):
    with pytest.raises(SetupError) as e:
        magic54.position(setup)
    assert e.value.message == f"the setup does not fit the scenario schema: {'; '.join(problems)}"
    assert (e.value.container, e.value.key) == (setup, None)


@pytest.mark.parametrize("depth", [100, 100_000])
def test_a_setup_nested_too_deeply_is_refused_before_it_is_read(magic54, depth):
    # Walked by recursion, 100,000 lists inside each other crashed the native engine
    # (it has no recursion limit of Python's) and gave the Python source a RecursionError.
    deep = []
    for _ in range(depth):
        deep = [deep]
    setup = {"players": [{"zones": {"hand": deep}}, {}]}
    with pytest.raises(SetupError) as e:
        magic54.position(setup)
    assert e.value.message == "the setup is nested too deeply: more than 64 levels of lists and mappings inside each other"
    assert (e.value.container, e.value.key) == (setup, None)


def test_a_setup_that_holds_itself_is_refused(magic54):
    hand = []
    hand.append(hand)
    with pytest.raises(SetupError, match="^the setup is nested too deeply"):
        magic54.position({"players": [{"zones": {"hand": hand}}, {}]})


def test_a_setup_whose_lists_are_held_in_many_places_is_refused_at_once(magic54):
    # 40 levels, each list held twice by the one above: 2 ** 40 lists to walk, as the
    # schema's check and the reading of the setup walk it, where a few are written.
    shared = []
    for _ in range(40):
        shared = [shared, shared]
    setup = {"players": [{"zones": {"hand": shared}}, {}]}
    started = time.process_time()
    with pytest.raises(SetupError) as e:
        magic54.position(setup)
    assert time.process_time() - started < 5
    assert e.value.message == ("the setup is too large: more than 1,000,000 lists, mappings and values, "
                               "one held in several places counted in each")
    assert (e.value.container, e.value.key) == (setup, None)


def test_the_turn_a_card_changed_control_is_kept_in_a_setup(magic54):
    play = [*COMBAT["players"][0]["zones"]["play"][:2], "Seven of Clubs: control_changed 4",
            {"card": "King of Hearts", "damage": 2, "entered": 2, "control_changed": 5}]
    red = {**COMBAT["players"][0], "zones": {**COMBAT["players"][0]["zones"], "play": play}}
    setup = magic54.position({**COMBAT, "players": [red, COMBAT["players"][1]]}).as_setup()
    assert setup["players"][0]["zones"]["play"][2:] == [
        {"card": "Seven of Clubs", "control_changed": 4},
        {"card": "King of Hearts", "damage": 2, "entered": 2, "control_changed": 5}]
    assert as_scenario_file(setup)
    assert magic54.position(setup).as_setup() == setup
