"""Games between computer players end by the rules, not at the turn limit: a
stronger agent finishes games at least as often as a random one in every built-in
pack, and Basic TCG's heuristic players play their hands instead of hoarding them
(they used to pass for 200 turns holding 22 cards). benchmarks/finishing.py
measures the same on more games, `mcts` included."""
from __future__ import annotations

import pytest

from cardtable.interpreter.play.agents import make_agent
from cardtable.interpreter.play.batch import Batch, prepare, run

GAMES = 3


def finished(pack: str, options: dict, agent: str) -> list:
    """The turn at which each seeded self-play game was won, or None for a draw."""
    _, results = run(Batch(pack, games=GAMES, seed=0, options=dict(options), agents=[agent]))
    return [r["turns"] if any(x > 0 for x in r["result"]) else None for r in results]


@pytest.mark.parametrize("pack, options, by_random, by_heuristic", [
    ("magic54", {}, [46, 30, 31], [24, 20, 31]),
    ("pub_magic", {}, [39, 29, 31], [17, 28, 17]),
    # Random players rarely send 7 creatures away before the turn limit. In the second
    # game a Troll Ascetic (hexproof: no opponent's card may target it, so it cannot be
    # attacked) is the last creature of a player whose opponent has 5 conquests: a draw.
    ("basic_tcg", {"scenario": "Conquest"}, [None] * GAMES, [28, None, 34]),
])
def test_heuristic_players_finish_games_at_least_as_often_as_random_ones(pack, options, by_random, by_heuristic):
    assert finished(pack, options, "random") == by_random
    assert finished(pack, options, "heuristic") == by_heuristic
    assert sum(t is not None for t in by_heuristic) >= sum(t is not None for t in by_random)


def test_basic_tcg_heuristic_players_play_their_hands():
    # The evaluation values creatures by power and stamina and the levels in play,
    # so a Material (a level for summoning) is worth more than a card kept in hand.
    game = prepare(Batch("basic_tcg", options={"turn_limit": 40}, agents=["heuristic"]))
    hands = game.pack.roles["hand"]
    for seed in (0, 1):
        state = game.new_initial_state(seed=seed)
        agents = [make_agent("heuristic", f"{seed}:{seat}") for seat in range(2)]
        most = 0
        while not state.is_terminal():
            s = state.s
            most = max(most, *(len(s.zones[s.t.zone(hands, p)]) for p in range(2)))
            state.apply_action(agents[state.current_player()].choose(state))
        assert most == 6, seed


def test_a_basic_tcg_game_between_heuristic_players_ends_by_last_standing():
    _, results = run(Batch("basic_tcg", games=1, seed=1, agents=["heuristic"], records=True))
    assert (results[0]["turns"], results[0]["result"]) == (54, [-1.0, 1.0])
