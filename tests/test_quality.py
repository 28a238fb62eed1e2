"""The measures of game quality beside fairness, decisiveness and drama: drawishness,
the branching factor, the share of decisions that offer a choice, the skill gap."""
from __future__ import annotations

from cardtable.interpreter.play import stats
from cardtable.interpreter.play.agents import make_agent
from cardtable.interpreter.play.batch import Batch, play_game, prepare


def result(agents, res, decisions, options, choices) -> dict:
    return {"agents": agents, "result": res, "decisions": decisions, "options": options, "choices": choices}


def test_quality_measures_of_a_batch():
    results = [result(["heuristic", "random"], [1.0, -1.0], 10, 30, 8),
               result(["random", "heuristic"], [-1.0, 1.0], 20, 50, 20),
               result(["heuristic", "random"], [0.0, 0.0], 10, 20, 2),
               result(["random", "heuristic"], [1.0, -1.0], 10, 20, 10)]
    winners = [[p for p, r in enumerate(res["result"]) if r > 0] for res in results]
    summary = {"draws": {"rate": 0.25}, "by_agent": stats._by_agent(results, winners)}
    assert stats.quality(results, summary) == {
        "drawishness": 0.25, "branching": 2.4, "choice_share": 0.8,
        "skill_gap": {"strongest": "heuristic", "weakest": "random", "strongest_rate": 0.5, "weakest_rate": 0.25,
                      "gap": 0.25}}
    alone = {"draws": {"rate": 0.0}, "by_agent": [{"agent": "random", "rate": 0.5}]}
    assert stats.quality(results[:1], alone)["skill_gap"] is None


def test_a_game_counts_the_options_of_its_decisions():
    game = prepare(Batch("pub_magic", players=3))
    played = play_game(game, ["random"] * 3, 4)
    # The same game played again, counting what each decision offers.
    state = game.new_initial_state(seed=4)
    agents = [make_agent("random", f"4:{seat}") for seat in range(3)]
    counts = []
    while not state.is_terminal():
        counts.append(len(state.legal_actions()))
        state.apply_action(agents[state.current_player()].choose(state))
    assert (played["decisions"], played["options"], played["choices"]) == (
        len(counts), sum(counts), sum(1 for c in counts if c > 1))
    assert 0 < played["choices"] < played["decisions"]       # Pub Magic asks some one-option decisions
