"""A game that keeps no log (`new_initial_state(log=False)`, as `cardtable simulate`
plays, and the copies a search plays out) is the same game: the same decisions,
options, turns and result, decision for decision, in every built-in pack."""
from __future__ import annotations

import random

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.play.batch import play_random

# pack, options, players, seeds
PACKS = [
    ("magic54", {}, None, 12),
    ("pub_magic", {}, 4, 4),
    ("basic_tcg", {"scenario": "Conquest"}, None, 6),
    ("basic_tcg", {"scenario": "Last Standing"}, 4, 3),
    ("crazy_eights", {}, 4, 6),
    ("go_fish", {}, 3, 4),
    ("hearts", {}, None, 1),
    ("lane_duel", {}, None, 6),
    ("stack_duel", {}, None, 6),
    ("mtg", {}, None, 3),
    ("mtg", {"format": "commander"}, 4, 1),
    ("mtg", {"format": "two_headed_giant"}, 4, 1),
]


@pytest.fixture(scope="module")
def loaded():
    return {}


def game_of(loaded, pack, options, players, debug=False):
    if pack not in loaded:
        loaded[pack] = load_pack(pack, Report())
    return Game(loaded[pack], options=options, num_players=players, debug=debug)


def after(game, seed: int, answers: int):
    """The game of `seed` (with its log) after that many random answers."""
    state = game.new_initial_state(seed)
    rnd = random.Random(seed)
    for _ in range(answers):
        state.apply_action(rnd.randrange(len(state.legal_actions())))
    return state


def played(state, seed: int) -> list:
    """Every decision of a random game to its end: who decided, the question, the options
    offered, the answer; and the random generator's state once it is over (a line not
    written must not have drawn a number)."""
    pick = random.Random(seed).randrange
    seen = []
    while not state.is_terminal():
        labels = state.legal_labels()
        action = pick(len(labels))
        seen.append((state.current_player(), state.turn, state.prompt(), labels, action))
        state.apply_action(action)
    return seen + [state.setup_seed()]


@pytest.mark.parametrize("pack, options, players, seeds", PACKS, ids=[f"{p[0]}-{i}" for i, p in enumerate(PACKS)])
def test_a_game_without_a_log_plays_as_the_game_with_one(loaded, pack, options, players, seeds):
    game = game_of(loaded, pack, options, players)
    _both_ways(game, pack, seeds)


@pytest.mark.parametrize("pack, players", [("magic54", None), ("pub_magic", 3), ("mtg", None)])
def test_so_it_does_with_the_invariants_checked_after_every_decision(loaded, pack, players):
    _both_ways(game_of(loaded, pack, {}, players, debug=True), pack, 2)


def _both_ways(game, pack, seeds):
    for seed in range(seeds):
        logged = game.new_initial_state(seed)
        quiet = game.new_initial_state(seed, log=False)
        assert quiet.log == []
        assert played(quiet, seed) == played(logged, seed), f"{pack} seed {seed}"
        assert (quiet.returns(), quiet.places(), quiet.turn, quiet.history) == \
            (logged.returns(), logged.places(), logged.turn, logged.history)
        assert quiet.log == [] and quiet.log_for(0) == []
        assert logged.log[0].startswith(f"{game.pack.name} begins with ")


def test_play_random_keeps_the_log_unless_told_not_to():
    game = Game(load_pack("magic54", Report()))
    logged, n = play_random(game, 5)
    quiet, m = play_random(game, 5, log=False)
    assert n == m and logged.history == quiet.history and logged.returns() == quiet.returns()
    assert quiet.log == []
    assert logged.log[-1] == "Black wins the game" and logged.returns() == [-1.0, 1.0]


def test_a_copy_without_a_log_plays_on_as_the_game_and_leaves_its_log_alone():
    state = after(Game(load_pack("magic54", Report())), 3, 40)
    before = list(state.log)
    copy = state.clone(log=False)
    same = state.clone()
    assert copy.log == [] and same.log == before
    assert played(copy, 8) == played(same, 8)
    assert copy.s.quiet and not same.s.quiet
    assert copy.log == [] and len(same.log) > len(before)
    assert state.log == before
    # A copy of a copy without a log keeps none either.
    again = copy.clone()
    assert again.log == []


def test_the_positions_a_search_imagines_keep_no_log():
    state = after(Game(load_pack("magic54", Report())), 2, 30)
    imagined = state.determinized(state.current_player(), random.Random(0))
    assert imagined.log == [] and state.log
    played(imagined, 1)
    assert imagined.log == []


def test_a_copy_without_a_log_of_a_magic_game_plays_on_as_the_game():
    """In a pack whose effects change control, a copy taken mid-game, with its log and
    without, plays the rest of the game as the original does."""
    state = after(Game(load_pack("mtg", Report())), 10, 82)
    quiet, logged = state.clone(log=False), state.clone()
    assert played(quiet, 1010) == played(logged, 1010) == played(state, 1010)
    assert quiet.log == [] and len(logged.log) == len(state.log)
