"""A game of one side: one player against the rules (a solitaire, a dealer played by the
rules' own script), or seats that are all partners. Nobody is placed against them, so
every place is first: whether they won, lost or drew is in the returns (1, -1, 0), and
simulate, compare, the end line of play and a scenario's `result` read it from there
(tests/data/suits, played alone)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cardtable.cli import main
from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.play.narrate import outcome
from test_words_and_tables import make

ALONE = {"{min: 2, max: 4,": "{min: 1, max: 4,"}
PARTNERS = {"seats: [{name: Ann}, {name: Ben}, {name: Cleo}, {name: Dan}]":
            "seats: [{name: Ann, team: us}, {name: Ben, team: us}]"}
# A card drawn from the shuffled deck: a heart wins, a spade loses, any other card
# waits for the turn limit, a draw.
DRAWN = "shuffle deck\nfor each p in players:\n  p draws 1 card"
JUDGED = ("if count of (cards in your hand where suit of it = hearts) > 0: you win the game\n"
          "if count of (cards in your hand where suit of it = spades) > 0: you lose the game")


def ended(tmp_path, setup: str, players: int = 1, **edits):
    pack = load_pack(str(make(tmp_path, setup=setup, **(edits or ALONE))), Report())
    state = Game(pack, num_players=players).new_initial_state(seed=0)
    assert state.is_terminal()
    return state


@pytest.mark.parametrize("setup, last, returns, said", [
    ("you win the game", ["Ann wins the game"], [1.0], "Ann wins the game"),
    ("you lose the game", ["Ann loses the game", "the game is lost"], [-1.0], "Ann loses the game"),
    ("the game is a draw", ["the game is a draw"], [0.0], "the game is a draw"),
    ("do nothing", ["the turn limit (3) is reached", "the game is a draw"], [0.0], "the game is a draw"),
])
def test_a_player_alone_wins_loses_or_draws_as_the_rules_say(tmp_path, setup, last, returns, said):
    state = ended(tmp_path, setup)
    assert state.log[-len(last):] == last
    assert (state.returns(), state.places(), outcome(state)) == (returns, [1], said)


def test_partners_alone_lose_together_once_they_are_all_out(tmp_path):
    state = ended(tmp_path, "for each p in players:\n  p loses the game", players=2, **PARTNERS)
    assert state.log[-3:] == ["Ann loses the game", "Ben loses the game", "the game is lost"]
    assert (state.returns(), state.places(), outcome(state)) == ([-1.0, -1.0], [1, 1], "Ann and Ben lose the game")
    won = ended(tmp_path, "you win the game", players=2, **PARTNERS)
    assert (won.returns(), outcome(won)) == ([1.0, 1.0], "Ann and Ben win the game")


def test_simulate_counts_a_game_alone_won_lost_or_drawn(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    make(tmp_path, setup=DRAWN, turn=JUDGED, **ALONE)
    result = CliRunner().invoke(main, ["simulate", "suits", "-n", "30", "--format", "json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    # Of 30 games Ann won 7, drew 15 at the limit and lost 8 (each counted a draw before).
    assert [(s["seat"], s["wins"]) for s in summary["seats"]] == [("Ann", 7)]
    assert (summary["draws"]["count"], summary["limits"]) == (15, {"the turn limit (3) is reached": 15})
    assert summary["balance"]["drawishness"] == 0.5
    assert (summary["lost"]["games"], summary["lost"]["count"], summary["lost"]["rate"]) == (30, 8, 0.2667)
    table = CliRunner().invoke(main, ["simulate", "suits", "-n", "30"]).stdout.splitlines()
    assert [line.split()[-6:-3] for line in table if line.startswith(("  draws", "  lost by every player"))] == [
        ["30", "15", "50.0%"], ["30", "8", "26.7%"]]


@pytest.mark.parametrize("turn, said", [
    ("you lose the game", "no game was won, every one was lost by every player"),
    ("if count of (cards in your hand where suit of it = spades) > 0: you lose the game",
     "no game was won: 14 drawn, 6 lost by every player"),
    ("do nothing", "no game was won, every one was drawn"),
])
def test_simulate_says_how_games_alone_were_not_won(tmp_path, monkeypatch, turn, said):
    monkeypatch.chdir(tmp_path)
    make(tmp_path, setup=DRAWN, turn=turn, **ALONE)
    result = CliRunner().invoke(main, ["simulate", "suits", "-n", "20"])
    assert result.exit_code == 0, result.output
    assert f"  fairness and decisiveness: {said}" in result.stdout.splitlines()


def test_a_scenario_expects_a_game_alone_lost(tmp_path):
    from test_scenarios import outcomes
    pack = load_pack(str(make(tmp_path, setup="do nothing", turn=JUDGED, **ALONE)), Report())
    text = """
        scenarios:
          - name: a spade
            setup: {turn: 1, active: Ann, phase: main, players: [{zones: {hand: [Ace of Spades]}}]}
            expect: {result: Ann loses, places: {Ann: 1}, log: [Ann loses the game, the game is lost]}
          - name: a heart
            setup: {turn: 1, active: Ann, phase: main, players: [{zones: {hand: [Ace of Hearts]}}]}
            expect: {result: Ann loses}
    """
    assert outcomes(pack, tmp_path, text) == ["ok", '8:22: the result is "Ann wins", not "Ann loses"']


def test_validate_reads_a_result_lost_as_it_reads_one_won(tmp_path):
    from cardtable.interpreter.packs.scenario import load_scenarios
    from cardtable.interpreter.packs.scenarionames import check_names
    pack = load_pack(str(make(tmp_path, setup="do nothing", **ALONE)), Report())
    path = tmp_path / "lost.yaml"
    path.write_text("scenarios:\n  - {name: lost, expect: {result: Ann loses}}\n"
                    "  - {name: Bob, expect: {result: Bob loses}}\n  - {name: gone, expect: {result: Ann lost}}\n")
    report = Report()
    check_names(pack, load_scenarios(path, report), report)
    assert [(p.line, p.col, p.message) for p in report.problems] == [
        (3, 34, 'unknown player "Bob"'),
        (4, 35, 'a result is "ongoing", "draw", "PLAYER wins", "PLAYER and PLAYER win" or, where every player lost, '
                '"PLAYER loses", not "Ann lost"')]
