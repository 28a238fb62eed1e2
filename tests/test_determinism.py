"""Every game is reproducible from its pack, options, seed and answers, and every game
ends: by its own rules, or as a draw at the pack's turn limit."""
from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from cardtable.cli import main
from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack


@pytest.fixture(scope="module")
def pack():
    return load_pack("magic54", Report())


def random_game(game, seed):
    """A game between random players whose dice are seeded too."""
    state = game.new_initial_state(seed=seed)
    rnd = random.Random(seed)
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply_action(actions[rnd.randrange(len(actions))])
    return state


def record(state):
    return (state.log, state.log_for(0), state.log_for(1), state.returns(), state.s.history)


def test_the_same_seed_gives_the_same_game(pack):
    first = [record(random_game(Game(pack), seed)) for seed in range(5)]
    again = [record(random_game(Game(load_pack("magic54", Report())), seed)) for seed in range(5)]
    assert first == again
    # and different seeds give different games
    assert len({tuple(log) for log, *_ in first}) == 5


def test_the_seed_decides_the_shuffles(pack):
    game = Game(pack)
    one, two = game.new_initial_state(seed=3), game.new_initial_state(seed=4)
    hands = [[c["name"] for c in st.observation(0)["players"][0]["zones"]["hand"]] for st in (one, two, game.new_initial_state(seed=3))]
    assert hands[0] == hands[2]
    assert hands[0] != hands[1]


def test_random_games_end_in_a_draw_at_the_turn_limit(pack):
    game = Game(pack, {"turn_limit": 4})
    for seed in range(12):
        state = random_game(game, seed)
        assert state.returns() == [0.0, 0.0]
        assert state.log[-2:] == ["the turn limit (4) is reached", "the game is a draw"]
        assert state.s.turn == 4          # the last turn played


def test_random_games_end_by_the_rules(pack):
    game = Game(pack)
    for seed in range(12):
        state = random_game(game, seed)
        result = state.returns()
        assert sorted(result) in ([-1.0, 1.0], [0.0, 0.0])
        if result != [0.0, 0.0]:
            winner = state.s.t.players[result.index(1.0)].name
            assert state.log[-1] == f"{winner} wins the game"
        assert state.s.turn <= 200


def test_simulate_is_the_same_twice_and_with_the_invariants_checked():
    runner = CliRunner()
    args = ["simulate", "magic54", "--games", "100", "--seed", "1", "--format", "json"]
    checked = runner.invoke(main, [*args, "--debug"])
    plain = runner.invoke(main, args)
    assert checked.exit_code == 0, checked.output
    assert checked.output == plain.output
    summary = json.loads(checked.output)
    assert summary["games"] == 100
    assert sum(r["wins"] for r in summary["seats"]) + summary["draws"]["count"] == 100
    assert [r["seat"] for r in summary["seats"]] == ["Red", "Black"]
