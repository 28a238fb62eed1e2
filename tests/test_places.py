"""Results as rankings: players finish with places, sit out, and the game ends ranked by
the pack's keys; returns from places; what simulate, compare, records and agents see
(tests/data/suits)."""
from __future__ import annotations

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.engine.results import returns
from cardtable.interpreter.packs.loader import load_pack
from test_words_and_tables import make, problems

RANKING = "ranking:\n  - {by: score of it, best: lowest}\n  - {by: count of cards in its hand}\nend:"


def game(tmp_path, setup, turn="do nothing", players=4, turns=3, **edits):
    edits = {"end:": RANKING, **edits}
    pack = load_pack(str(make(tmp_path, setup=setup, turn=turn, **edits)), Report())
    return Game(pack, num_players=players, options={"turn_limit": turns})


@pytest.mark.parametrize("places, expected", [
    ((1, 2), (1.0, -1.0)), ((1, 1, 1), (0.0, 0.0, 0.0)), ((1, 2, 3, 4), (1.0, 1 / 3, -1 / 3, -1.0)),
    ((1, 1, 3, 3), (1.0, 1.0, -1.0, -1.0)), ((2, 1, 3, 2), (0.0, 1.0, -1.0, 0.0)),
])
def test_returns_are_worked_out_from_the_places(places, expected):
    assert returns(places) == pytest.approx(expected)


def test_the_game_ends_ranked_by_the_keys_and_ties_share(tmp_path):
    setup = ("set score of you to 5\nset score of your left to 2\nfor each p in players where it = left of your left:\n  set score of p to 2\n"
             "put each card in deck into your right's hand\nthe game ends")
    state = game(tmp_path, setup).new_initial_state(seed=0)
    # Ben and Cleo score 2; Dan scores 0 but holds every card: the second key counts cards, highest first.
    assert state.places() == [4, 2, 2, 1]
    assert state.log[-1] == "the game ends: Dan 1st; Ben and Cleo 2nd; Ann 4th"
    assert state.returns() == pytest.approx([-1.0, 0.0, 0.0, 1.0])
    assert state.observation(0)["places"] == [4, 2, 2, 1]


def test_finishing_players_take_the_first_places(tmp_path):
    setup = "your left finishes\nset score of you to 3\nyou finish\nthe game ends"
    state = game(tmp_path, setup).new_initial_state(seed=0)
    assert [line for line in state.log if "score" not in line][-3:] == [
        "Ben finishes 1st", "Ann finishes 2nd", "the game ends: Ben 1st; Ann 2nd; Cleo and Dan 3rd"]
    assert state.places() == [2, 1, 3, 3]


def test_a_game_ends_when_one_player_is_left_after_others_finished(tmp_path):
    state = game(tmp_path, "you finish\nyour left finishes", players=3).new_initial_state(seed=0)
    assert state.log[-1] == "the game ends: Ann 1st; Ben 2nd; Cleo 3rd"


def test_three_who_share_a_place_are_listed_as_a_sentence_lists_them(tmp_path):
    state = game(tmp_path, "your left finishes\nthe game ends").new_initial_state(seed=0)
    assert state.log[-1] == "the game ends: Ben 1st; Ann, Cleo and Dan 2nd"


def test_a_player_who_lost_is_last(tmp_path):
    state = game(tmp_path, "your left loses the game\nyou finish\nthe game ends").new_initial_state(seed=0)
    assert state.places() == [1, 4, 2, 2]


@pytest.mark.parametrize("losers, places", [("shared", [2, 2, 1, 2]), ("in_order", [2, 3, 1, 3])])
def test_the_players_who_lost_are_placed_by_when_they_went_out_where_the_pack_says(tmp_path, losers, places):
    # Ben and Dan lose as the game is set up, Ann on her turn after a choice: Cleo wins. In an
    # elimination, the last out (Ann) is second, and those out together share the next place.
    edits = {"end: {turn_limit: turn_limit}": f"end: {{turn_limit: turn_limit, losers: {losers}}}"}
    state = game(tmp_path, "your left loses the game\nyour right loses the game",
                 turn="choose one of 1, 2 as x\nyou lose the game", **edits).new_initial_state(seed=0)
    state.apply_action(0)
    assert state.log[-2:] == ["Ann loses the game", "Cleo wins the game"]
    assert state.places() == places
    assert state.returns() == pytest.approx(returns(places))


def test_partners_who_lost_share_their_teams_place_whatever_the_order(tmp_path):
    # Dan lost, then Ann's team won: Ben and Dan, partners, are placed together.
    edits = {"seats: [{name: Ann}, {name: Ben}, {name: Cleo}, {name: Dan}]":
             "seats: [{name: Ann, team: a}, {name: Ben, team: b}, {name: Cleo, team: a}, {name: Dan, team: b}]",
             "end: {turn_limit: turn_limit}": "end: {turn_limit: turn_limit, losers: in_order}"}
    state = game(tmp_path, "your right loses the game\nyou win the game", **edits).new_initial_state(seed=0)
    assert state.places() == [1, 2, 1, 2]


def test_everyone_picks_the_players_who_finished_too(tmp_path):
    # A pot shared by what each player put in, folded or out of chips: "everyone" is every
    # player, as a value and as a selector, where "players" are those still in.
    setup = ('set score of your left to 4\nyour left finishes\nset score of you to 2\n'
             'let all_in be 0\nfor each p in everyone:\n  let all_in be all_in + score of p\n'
             'announce "{all_in} in all, {count of (everyone where score of it > 0)} scored, '
             '{count of (players where score of it > 0)} still in, '
             'first {first of (everyone q where score of q > 2)}"')
    state = game(tmp_path, setup, players=3).new_initial_state(seed=0)
    assert "6 in all, 2 scored, 1 still in, first Ben" in state.log


def test_a_player_who_finished_plays_no_more_turns(tmp_path):
    state = game(tmp_path, "your left finishes", players=3, turns=4).new_initial_state(seed=0)
    assert [line for line in state.log if line.startswith("turn ")] == [
        "turn 1 (Ann)", "turn 2 (Cleo)", "turn 3 (Ann)", "turn 4 (Cleo)"]


def test_a_limit_may_end_the_game_ranked(tmp_path):
    edits = {"end: {turn_limit: turn_limit}": "end: {turn_limit: turn_limit, at_limit: ranking}"}
    state = game(tmp_path, "set score of your left to 1", players=2, turns=2, **edits).new_initial_state(seed=0)
    assert state.log[-2:] == ["the turn limit (2) is reached", "the game ends: Ann 1st; Ben 2nd"]


@pytest.mark.parametrize("players, seats", [
    (1, "{min: 1, max: 4,"),
    (2, "{min: 2, max: 4, first: 0, seats: [{name: Ann, team: us}, {name: Ben, team: us}]}"),
])
def test_a_game_of_one_team_is_not_won_by_standing_alone_from_the_start(tmp_path, players, seats):
    # One player against the rules (a blackjack table's dealer is its script), or partners
    # against them: the game goes on to its limit, or until its players are out.
    edits = {"{min: 2, max: 4,": seats} if players == 1 else {
        "{min: 2, max: 4, first: 0, seats: [{name: Ann}, {name: Ben}, {name: Cleo}, {name: Dan}]}": seats}
    state = game(tmp_path, "do nothing", players=players, turns=3, **edits).new_initial_state(seed=0)
    assert [line for line in state.log if line.startswith(("turn ", "the "))] == [
        "turn 1 (Ann)", f"turn 2 ({'Ann' if players == 1 else 'Ben'})", "turn 3 (Ann)",
        "the turn limit (3) is reached", "the game is a draw"]
    state = game(tmp_path, "for each p in players:\n  p loses the game", players=players, **edits).new_initial_state(seed=0)
    assert state.log[-1] == "the game is lost" and state.is_terminal()


def test_a_player_sits_out_and_the_game_ends_when_nobody_can_play(tmp_path):
    turn = "if turn = 2: you sit out\nif turn = 3: you sit out"
    state = game(tmp_path, "do nothing", turn=turn, players=3, turns=9).new_initial_state(seed=0)
    assert [line for line in state.log if line.startswith(("turn ", "Ben sits", "Cleo sits", "the game"))] == [
        "turn 1 (Ann)", "turn 2 (Ben)", "Ben sits out", "turn 3 (Cleo)", "Cleo sits out", "turn 4 (Ann)",
        "turn 5 (Ann)", "turn 6 (Ann)", "turn 7 (Ann)", "turn 8 (Ann)", "turn 9 (Ann)", "the game is a draw"]
    state = game(tmp_path, "do nothing", turn="you sit out", players=2, turns=9).new_initial_state(seed=0)
    assert state.log[-1] == "the game ends: Ann and Ben 1st"


def test_a_player_who_sits_out_already_is_not_told_to_again(tmp_path):
    # A rule that sits out every player without cards, run after each turn: Ann sits Ben out
    # again, Cleo sits Ann out, then again.
    state = game(tmp_path, "your left sits out\nyour left sits out", turn="your left sits out", players=3,
                 turns=3).new_initial_state(seed=0)
    assert [line for line in state.log if line.endswith("sits out") or line.startswith("turn ")] == [
        "Ben sits out", "turn 1 (Ann)", "turn 2 (Cleo)", "Ann sits out", "turn 3 (Cleo)"]


def test_a_condition_tells_who_sits_out(tmp_path):
    # Ben sits out on his turn; the turns after it count those who still take turns.
    turn = ('if turn = 2: you sit out\n'
            'announce "{count of (players where it is not sitting out)} in, {count of (players where it sits out)} out"\n'
            'if your left is sitting out: announce "{your left} sits this one out"\n'
            'if you is not sitting out: announce "{you} plays on"')
    state = game(tmp_path, "do nothing", turn=turn, players=3, turns=4).new_initial_state(seed=0)
    assert [line for line in state.log if line.startswith(("turn ", "Ben", "3", "2", "Ann", "Cleo"))] == [
        "turn 1 (Ann)", "3 in, 0 out", "Ann plays on", "turn 2 (Ben)", "Ben sits out", "2 in, 1 out",
        "turn 3 (Cleo)", "2 in, 1 out", "Cleo plays on", "turn 4 (Ann)", "2 in, 1 out", "Ben sits this one out",
        "Ann plays on"]


def test_a_scenario_reads_who_sits_out(tmp_path):
    from test_scenarios import outcomes
    turn = 'if turn = 1: your left sits out\nif your left sits out: announce "{your left} waits"'
    pack = load_pack(str(make(tmp_path, setup="do nothing", turn=turn)), Report())
    text = """
        scenarios:
          - name: Ben waits while he sits out
            setup: {turn: 1, active: Ann, phase: main, players: [{}, {}, {}]}
            expect: {log: ["Ben sits out", "Ben waits", "turn 2 (Cleo)", "turn 3 (Ann)", "Ben waits"]}
    """
    assert outcomes(pack, tmp_path, text) == ["ok"]


def test_a_clone_keeps_its_own_places(tmp_path):
    state = game(tmp_path, "do nothing", turn="if turn = 2: you sit out", players=3, turns=3).new_initial_state(seed=0)
    assert state.s.sitting == (-1, 1 << 30, -1)


def test_a_ranking_is_by_numbers(tmp_path):
    assert problems(make(tmp_path, **{"end:": "ranking:\n  - {by: led}\nend:"})) == [
        'pack.yaml:48:10: a player is ranked by a number, but "led" is a word']


TEAMS = {"seats: [{name: Ann}, {name: Ben}, {name: Cleo}, {name: Dan}]":
         "seats: [{name: Ann, team: red}, {name: Ben, team: blue}, {name: Cleo, team: red}, {name: Dan, team: blue}]"}


@pytest.mark.parametrize("scores, line, places", [
    # Partners placed together: the places are the teams', each team named with its own.
    ((5, 2, 5, 2), "Ben and Dan 1st; Ann and Cleo 2nd", [2, 1, 2, 1]),
    ((0, 0, 0, 0), "Ann and Cleo 1st; Ben and Dan 1st", [1, 1, 1, 1]),
    # Partners placed apart: the players' places.
    ((5, 2, 2, 2), "Ben, Cleo and Dan 1st; Ann 4th", [4, 1, 1, 1]),
])
def test_the_places_of_a_game_of_partners_are_the_teams(tmp_path, scores, line, places):
    setup = "\n".join(f"set score of {who} to {n}"
                      for who, n in zip(("you", "your left", "left of your left", "your right"), scores))
    state = game(tmp_path, setup + "\nthe game ends", **TEAMS).new_initial_state(seed=0)
    assert (state.log[-1], state.places()) == (f"the game ends: {line}", places)


def test_players_of_teams_do_not_finish(tmp_path):
    seats = "seats: [{name: Ann}, {name: Ben}, {name: Cleo}, {name: Dan}]"
    folder = make(tmp_path, setup="you finish", **{seats: "seats: [{name: Ann, team: red}, {name: Ben, team: blue}]"})
    assert problems(folder) == ["pack.yaml:37:3: finishing is for players without teams"]


def test_scenarios_simulate_and_records_read_places(tmp_path):
    from cardtable.interpreter.play.batch import Batch, run
    from cardtable.interpreter.play.records import game_record
    from cardtable.interpreter.play.stats import summarize
    from cardtable.interpreter.play.report import as_table
    from cardtable.interpreter.packs.expectations import Look, check_expectations
    g = game(tmp_path, "set score of your left to 1\nthe game ends", players=3)
    state = g.new_initial_state(seed=0)
    failed = []
    check_expectations(Look(state, lambda c, k, m: failed.append(m)),
                       {"places": {"Ann": 1, "Ben": 3, "Cleo": 1}, "result": "Ann and Cleo win"})
    assert failed == []
    check_expectations(Look(state, lambda c, k, m: failed.append(m)), {"places": {"Ben": 1}})
    assert failed == ["Ben's place is 3, not 1"]
    assert game_record(g, state, 0, "suits", None)["places"] == [1, 3, 1]
    batch = Batch(pack="suits", games=4, seed=0)
    summary = summarize(g, batch, run(batch, g)[1])
    assert summary["places"]["seats"][1]["mean"] == 3 and summary["places"]["shared_first"]["rate"] == 1
    assert "  shared first place" in as_table(summary)
    assert summary["places"]["agents"] == []        # one agent: its places are the seats'
    batch = Batch(pack="suits", games=2, seed=0, agents=["random", "heuristic"], rotate=False)
    summary = summarize(g, batch, run(batch, g)[1])
    # Places that never vary: the interval is as wide as 2 games leave it, within 1 to 3.
    assert summary["places"]["agents"] == [{"agent": "random", "mean": 1, "low": 1, "high": 1.98},
                                           {"agent": "heuristic", "mean": 3, "low": 1.685, "high": 3}]
    assert "  agent heuristic                3.00   1.69 - 3.00" in as_table(summary).splitlines()


def test_compare_shows_mean_places_and_shared_first_places(tmp_path):
    from cardtable.interpreter.play.batch import Batch, run
    from cardtable.interpreter.play.compare import as_table, compare
    shared = game(tmp_path / "a", "set score of your left to 1\nthe game ends", players=3)       # Ann and Cleo 1st
    ranked = game(tmp_path / "b", "set score of your left to 1\nset score of you to 2\nthe game ends", players=3)
    batch = Batch(pack="suits", games=4, seed=0)
    c = compare(shared, ranked, batch, batch, run(batch, shared)[1], run(batch, ranked)[1])
    rows = {r["measure"]: r for r in c["rows"]}
    assert (rows["seat Ann mean place"]["a"], rows["seat Ann mean place"]["b"]) == (1, 3)
    assert (rows["shared first place"]["a"], rows["shared first place"]["b"], rows["shared first place"]["difference"]) == (1, 0, -1)
    table = as_table(c).splitlines()
    assert "  seat Ann mean place        1.00     3.00    +2.00   +0.04 to +2.00  *" in table
    assert "  seat Ben mean place        3.00     2.00    -1.00   -1.49 to +0.47" in table
    assert "  shared first place       100.0%     0.0%  -100.0%   -100.0% to -2.0%  *" in table
    mixed = Batch(pack="suits", games=2, seed=0, agents=["random", "heuristic"], rotate=False)
    c = compare(shared, ranked, mixed, mixed, run(mixed, shared)[1], run(mixed, ranked)[1])
    rows = {r["measure"]: (r["a"], r["b"]) for r in c["rows"]}
    # random sits in Ann's and Cleo's seats, heuristic in Ben's.
    assert (rows["agent random mean place"], rows["agent heuristic mean place"]) == ((1, 2), (3, 2))
