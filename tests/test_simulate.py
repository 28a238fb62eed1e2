"""`cardtable simulate`, `compare` and `replay`: the figures of a batch, the same
results whatever the number of processes, records that replay to the same games,
and the places where a changed pack makes a replay part ways."""
from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.cli import main
from cardtable.interpreter.play import stats
from cardtable.interpreter.play.agents import AgentError, parse_agents, seat_agents
from cardtable.interpreter.play.batch import Batch, run

ROOT = Path(__file__).resolve().parent.parent


def cli(*args, cwd=None):
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output
    return result


# ------------------------------------------------------------------ statistics

def test_wilson_intervals_match_the_textbook():
    assert [round(x, 4) for x in stats.wilson(5, 10)] == [0.2366, 0.7634]
    assert [round(x, 4) for x in stats.wilson(0, 10)] == [0.0, 0.2775]
    assert [round(x, 4) for x in stats.wilson(10, 10)] == [0.7225, 1.0]


def test_an_interval_keeps_within_what_its_measure_can_be():
    assert stats.mean_interval([1, 2, 1, 2], 1, 2) == (1.5, 1, 2)
    assert stats.mean_interval([0, 1, 0, 1], 0)[1] == 0
    # The same value in every game: as wide as 2 games leave it, toward the bounds.
    assert [round(x, 4) for x in stats.mean_interval([1, 1], -1, 1)] == [1, -0.3152, 1]
    # Without bounds it stays a point, and a point is never beyond chance.
    assert stats.mean_interval([3, 3]) == (3, 3, 3) and not stats.beyond(3, 3)


def test_mean_places_stay_within_the_places_there_are():
    r = cli("simulate", "go_fish", "-n", "4")
    assert "  seat Ann                       1.50   1.00 - 2.00" in r.output.splitlines()


def test_distribution_quantiles_are_values_of_the_games():
    d = stats.distribution([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], bins=5)
    assert (d["min"], d["p10"], d["median"], d["p90"], d["max"]) == (10, 10, 50, 90, 100)
    assert d["mean"] == 55.0
    assert d["histogram"] == [[10, 28, 2], [29, 47, 2], [48, 66, 2], [67, 85, 2], [86, 104, 2]]


def result(winner, leaders, turns=None, first=0, agents=("random", "random"), plays=({}, {})):
    res = [0.0, 0.0] if winner is None else [1.0 if p == winner else -1.0 for p in range(2)]
    return {"result": res, "leaders": leaders, "turns": turns or len(leaders), "first": first,
            "agents": list(agents), "plays": list(plays), "decisions": 10}


def test_balance_measures():
    results = [
        result(0, [0, 1, 0, None, 0]),        # 2 changes; the winner leads for good from turn 3 (index 2)
        result(1, [None, 1, 1, 1]),           # no change; settled from index 1
        result(None, [0, 1]),                 # a draw: 1 change, no decisiveness
    ]
    winners = [[0], [1], []]
    b = stats.balance(results, winners, [1, 1], 2)
    assert b["fairness"] == 1.0
    assert b["decisiveness"] == round((2 / 5 + 1 / 4) / 2, 4)
    assert b["drama"] == 1.0
    assert b["games_with_lead_change"] == round(2 / 3, 4)
    lopsided = stats.balance(results[:2], [[0], [0]], [2, 0], 2)
    assert lopsided["fairness"] == 0.0


def test_partners_win_lead_and_take_the_first_place_together():
    # North and South against East and West: a lead passed between partners is no change,
    # and the first place they share is no tie.
    side = [("team", "ns"), ("team", "ew"), ("team", "ns"), ("team", "ew")]
    results = [{"leaders": [0, 2, 0, 1, 2, 2]}, {"leaders": [1, 3, None, 1]}]
    b = stats.balance(results, [[0, 2], [1, 3]], [1, 1, 1, 1], 4, side)
    assert (b["drama"], b["decisiveness"], b["games_with_lead_change"]) == (1.0, round((4 / 6 + 0) / 2, 4), 0.5)
    assert not stats.shared_first([0, 2], side) and stats.shared_first([0, 1], side)


@pytest.mark.parametrize("score, leader", [(20, "South"), (0, None), (-20, "West")])
def test_a_side_that_shares_its_score_leads_though_its_partners_are_level(score, leader):
    # North's team scores together: its two seats evaluate alike. The lead was no one's
    # wherever the two best seats were partners, and drama read 0 in every such game.
    from cardtable.interpreter.diagnostics import Report
    from cardtable.interpreter.engine.game import Game
    from cardtable.interpreter.packs.loader import load_pack
    from cardtable.interpreter.play.batch import _leader
    game = Game(load_pack(str(ROOT / "tests" / "data" / "teampack"), Report()), num_players=4)
    state = game.position({"active": "North", "players": [{"counters": {"score": score}}, {}, {}, {}]})
    seat = _leader(state)
    assert (None if seat is None else state.seat_names[seat]) == leader


def test_a_team_game_is_even_when_each_team_wins_as_often(tmp_path):
    # Hearts played by partners who score together: they share their places.
    folder = tmp_path / "partners"
    shutil.copytree(ROOT / "variants" / "hearts", folder)
    pack = folder / "pack.yaml"
    text = pack.read_text()
    for old, new in [("seats: [{name: North}, {name: East}, {name: South}, {name: West}]",
                      "seats: [{name: North, team: ns}, {name: East, team: ew}, {name: South, team: ns}, "
                      "{name: West, team: ew}]"),
                     ("score: {start: 0, log: true,", "score: {start: 0, log: true, shared: team,")]:
        assert old in text
        text = text.replace(old, new)
    pack.write_text(text)
    summary = json.loads(cli("simulate", str(folder), "-n", "3", "--format", "json").output)
    assert summary["first_player"]["even"] == 0.5
    assert (summary["draws"]["count"], summary["places"]["shared_first"]["wins"]) == (0, 0)
    assert summary["balance"]["decisiveness"] is not None
    # The places are the teams': 1st or 2nd, and so is every mean place and its interval.
    assert [(p["mean"], p["low"], p["high"]) for p in summary["places"]["seats"]] == [
        (1.333, 1.0, 1.987), (1.667, 1.013, 2.0), (1.333, 1.0, 1.987), (1.667, 1.013, 2.0)]
    assert "first player (even 50.0%)" in cli("simulate", str(folder), "-n", "1").output
    compared = json.loads(cli("compare", str(folder), "--b-option", "end_score=50", "-n", "3", "--format", "json").output)
    assert [(r["a"], r["b"]) for r in compared["rows"] if r["measure"] == "shared first place"] == [(0.0, 0.0)]


def test_the_summary_gives_each_seats_value_of_the_ranking_at_the_end():
    # Hearts ranks by score, lowest best: each seat's score at the end of each game, as
    # the length is given. What a game of one player, always first, is measured by.
    from cardtable.interpreter.diagnostics import Report
    from cardtable.interpreter.engine.game import Game
    from cardtable.interpreter.packs.loader import load_pack
    from cardtable.interpreter.play.batch import play_game
    game = Game(load_pack("hearts", Report()))
    assert game.position({"players": [{"counters": {"score": 7}}, {}, {"counters": {"score": 26}}, {}]}).ranked_by() == [
        7, 0, 26, 0]
    scores = [play_game(game, ["random"] * 4, seed)["ranked"] for seed in (0, 1)]
    summary = json.loads(cli("simulate", "hearts", "-n", "2", "--seed", "0", "--format", "json").output)
    ranked = summary["ranked_by"]
    assert (ranked["key"], ranked["best"]) == ("score of it", "lowest")
    assert [(r["seat"], r["mean"], r["min"], r["max"]) for r in ranked["seats"]] == [
        (name, round((a + b) / 2, 2), min(a, b), max(a, b)) for name, a, b in zip(("North", "East", "South", "West"), *scores)]
    table = cli("simulate", "hearts", "-n", "2", "--seed", "0").output
    assert "ranked by score of it (lowest best), at the end\n" in table
    rows = list(csv.reader(io.StringIO(cli("simulate", "hearts", "-n", "2", "--format", "csv").output)))
    assert ["ranked_by", "North max", "2", "", str(max(scores[0][0], scores[1][0]))] == rows[[r[1] for r in rows].index("North max")][:5]
    assert "ranked_by" not in json.loads(cli("simulate", "magic54", "-n", "1", "--format", "json").output)


def test_the_summary_counts_the_games_each_limit_ended(tmp_path):
    # Players who never deal damage: every game is drawn at the engine's limit of turns,
    # and the summary says so rather than leave 100% of draws unexplained.
    assert cli("new", str(tmp_path / "calm")).exit_code == 0
    pack = tmp_path / "calm" / "pack.yaml"
    pack.write_text(pack.read_text().replace("script: window main", "script: do nothing") + "end: {max_turns: 20}\n")
    shutil.rmtree(tmp_path / "calm" / "tests")
    r = cli("simulate", str(tmp_path / "calm"), "-n", "3")
    assert "ended by a limit              games\n      3  the limit of 20 turns is reached (end: max_turns)\n" in r.output
    summary = json.loads(cli("simulate", str(tmp_path / "calm"), "-n", "3", "--format", "json").output)
    assert summary["limits"] == {"the limit of 20 turns is reached (end: max_turns)": 3}
    rows = list(csv.reader(io.StringIO(cli("simulate", str(tmp_path / "calm"), "-n", "3", "--format", "csv").output)))
    assert ["limit", "the limit of 20 turns is reached (end: max_turns)", "3", "3"] in [row[:4] for row in rows]
    assert "ended by a limit" not in cli("simulate", "magic54", "-n", "2").output


def test_games_nobody_decided_in_are_left_out_of_who_leads():
    """The leader is looked at when a turn's first decision is asked: a game without a
    decision tells nothing of it, and is neither calm nor decided early."""
    results = [result(0, [0, 1, 0, 0]), result(1, [], turns=7), result(0, [1, 1, 0, 0], turns=9)]
    b = stats.balance(results, [[0], [1], [0]], [2, 1], 2)
    # The third game lost 5 turns to turns without a decision: its share is of those seen.
    assert (b["decisiveness"], b["drama"], b["games_with_lead_change"]) == (round((2 / 4 + 2 / 4) / 2, 4), 1.5, 1.0)
    none = stats.balance([result(1, [], turns=7)], [[1]], [0, 1], 2)
    assert (none["decisiveness"], none["drama"], none["games_with_lead_change"]) == (None, None, None)


def test_a_pack_whose_games_ask_nothing_says_who_led_is_not_measured(tmp_path):
    assert cli("new", str(tmp_path / "auto")).exit_code == 0
    pack = tmp_path / "auto" / "pack.yaml"
    pack.write_text(pack.read_text().replace("script: window main", "script: deal 1 damage to opponent"))
    shutil.rmtree(tmp_path / "auto" / "tests")
    r = cli("simulate", str(tmp_path / "auto"), "-n", "4")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    at = lines.index("balance") + 2
    assert lines[at] == ("  decisiveness and drama: not measured: nobody decided in these games "
                         "(who leads is looked at when a turn's first decision is asked)")
    r = cli("simulate", str(tmp_path / "auto"), "-n", "4", "--format", "csv")
    assert [row[1] for row in csv.reader(io.StringIO(r.output)) if row[0] == "balance"] == ["fairness", "drawishness"]


def test_cards_win_rate_counts_a_seat_once_a_game():
    results = [result(0, [0], plays=({"Bear": 3}, {"Bear": 1})), result(1, [1], plays=({"Bear": 1}, {}))]
    (bear,) = stats._cards(results, [[0], [1]])
    assert (bear["played"], bear["games"], bear["wins"], bear["win_rate"]) == (5, 3, 1, round(1 / 3, 4))


# ------------------------------------------------------------------ agents

def test_agents_are_checked_with_a_reason():
    assert parse_agents("random, heuristic,mcts:playouts=5") == ["random", "heuristic", "mcts:playouts=5"]
    with pytest.raises(AgentError, match=r'^no agent named "mtcs"; did you mean "mcts"\? '
                                         r'\(agents: random, heuristic, mcts\)$'):
        parse_agents("mtcs")
    with pytest.raises(AgentError, match=r'^agent "mcts" has no setting "plays=5" \(its settings: '
                                         r'playouts, time, turns, width, scale\)$'):
        parse_agents("mcts:plays=5")
    with pytest.raises(AgentError, match=r'^setting "playouts" of agent "mcts" takes a whole number, not "many"$'):
        parse_agents("mcts:playouts=many")
    with pytest.raises(AgentError, match=r'^setting "playouts" of agent "mcts" must be at least 1, not 0$'):
        parse_agents("mcts:playouts=0")


def test_agents_go_round_the_table_and_move_on_each_game():
    assert seat_agents(["a", "b"], 4, 0, True) == ["a", "b", "a", "b"]
    assert seat_agents(["a", "b"], 4, 1, True) == ["b", "a", "b", "a"]
    assert seat_agents(["a", "b", "c"], 3, 2, True) == ["c", "a", "b"]
    assert seat_agents(["a", "b"], 2, 1, False) == ["a", "b"]


def test_unknown_agent_on_the_command_line_is_a_usage_error():
    r = cli("simulate", "magic54", "--agents", "random,smart")
    assert r.exit_code == 2
    assert 'no agent named "smart"' in r.output


# ------------------------------------------------------------------ simulate

def test_the_results_do_not_depend_on_the_number_of_processes():
    args = ["simulate", "magic54", "-n", "24", "--seed", "3", "--agents", "random,heuristic", "--format", "json"]
    one, two = cli(*args), cli(*args, "--jobs", "2")
    assert one.exit_code == 0, one.output
    assert one.output == two.output
    summary = json.loads(one.output)
    assert [r["seat"] for r in summary["seats"]] == ["Red", "Black"]
    assert sum(r["wins"] for r in summary["seats"]) + summary["draws"]["count"] == 24
    agents = {r["agent"]: r for r in summary["by_agent"]}
    assert agents["random"]["games"] == agents["heuristic"]["games"] == 24
    assert agents["heuristic"]["wins"] > agents["random"]["wins"]


def test_a_batch_summary_counts_what_the_games_did():
    batch = Batch("magic54", games=6, seed=10)
    game, results = run(batch)
    summary = stats.summarize(game, batch, results)
    assert summary["length"]["turns"]["max"] == max(r["turns"] for r in results)
    assert summary["first_player"]["wins"] == sum(1 for r in results if r["result"][r["first"]] > 0)
    played = {}
    for r in results:
        for plays in r["plays"]:
            for name, n in plays.items():
                played[name] = played.get(name, 0) + n
    assert {c["card"]: c["played"] for c in summary["cards"]} == played
    # every card counted was used from a decision: its ability was chosen
    assert all(n > 0 for n in played.values())


def test_the_table_names_every_seat_of_eight_players():
    r = cli("simulate", "pub_magic", "--players", "8", "-n", "3")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0] == "pub_magic 1.0.0: 3 games, 8 players, seeds 0 to 2"
    assert lines[1] == "agents: random in every seat"
    assert [line.split()[:3] for line in lines[4:12]] == [["seat", "Player", str(i)] for i in range(1, 9)]
    assert lines[12].split()[0] == "draws"


def test_csv_has_a_row_a_figure():
    r = cli("simulate", "magic54", "-n", "5", "--format", "csv")
    rows = list(csv.reader(io.StringIO(r.output)))
    assert rows[0] == ["section", "name", "games", "count", "value", "low", "high"]
    assert [row[:2] for row in rows[1:3]] == [["seat", "Red"], ["seat", "Black"]]
    sections = {row[0] for row in rows[1:]}
    assert sections == {"seat", "team", "agent", "draws", "first_player", "length", "balance", "card"}


def test_plot_writes_two_charts(tmp_path):
    r = cli("simulate", "magic54", "-n", "4", "--plot", str(tmp_path / "charts"), "--format", "json")
    assert r.exit_code == 0, r.output
    for name in ("win_rates.png", "game_length.png"):
        data = (tmp_path / "charts" / name).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000
    assert sorted(p.name for p in (tmp_path / "charts").iterdir()) == ["game_length.png", "win_rates.png"]


def test_a_deck_list_for_every_seat(tmp_path):
    deck = tmp_path / "bears.txt"
    deck.write_text("# every seat the same\n14 Three of Spades\n13 Jack of Spades\n", encoding="utf-8")
    r = cli("simulate", "magic54", "-n", "2", "--deck", str(deck), "--format", "json")
    assert r.exit_code == 0, r.output
    assert {c["card"] for c in json.loads(r.output)["cards"]} == {"Three of Spades", "Jack of Spades"}
    r = cli("simulate", "magic54", "-n", "2", "--deck", str(deck), "--deck", str(deck), "--deck", str(deck))
    assert r.exit_code == 1
    assert r.output == "error: give one --deck for all the seats, or one for each of the 2 seats, not 3\n"


def test_a_deck_list_with_an_unknown_card(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Lightning Bolt\n2 Lightnin Bolt\n", encoding="utf-8")
    r = cli("simulate", "pub_magic", "-n", "1", "--deck", str(deck))
    assert r.exit_code == 1
    assert r.output == f'{deck}:2:3: error: unknown card "Lightnin Bolt"; did you mean "Lightning Bolt"?\n'


def test_a_shared_deck_list(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("60 Forest\n20 Grizzly Bears\n", encoding="utf-8")
    r = cli("simulate", "pub_magic", "-n", "2", "--players", "3", "--deck", str(deck), "--format", "json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["players"] == 3


def test_an_option_the_pack_lacks(tmp_path):
    r = cli("simulate", "magic54", "--option", "lives=3")
    assert (r.exit_code, r.output) == (1, 'error: Magic 54 has no option "lives"\n')


# ------------------------------------------------------------------ records and replays

@pytest.fixture(scope="module")
def log(tmp_path_factory):
    folder = tmp_path_factory.mktemp("log")
    path = folder / "games.jsonl"
    r = cli("simulate", "magic54", "-n", "3", "--seed", "5", "--out", str(path), "--agents", "random,heuristic")
    assert r.exit_code == 0, r.output
    return path


def test_a_record_holds_what_replays_the_game(log):
    head, *records = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert head["format"] == "cardtable-run/1" and len(records) == 3
    first = records[0]
    assert {k: first[k] for k in ("format", "pack", "version", "source", "players", "seed")} == {
        "format": "cardtable-game/1", "pack": "magic54", "version": "2.6.0", "source": "magic54",
        "players": 2, "seed": 5}
    assert first["options"] == {"starting_life": 20, "opening_hand": 5, "hand_limit": 5, "turn_limit": 200}
    assert first["agents"] == ["random", "heuristic"] and records[1]["agents"] == ["heuristic", "random"]
    seat, action, label = first["decisions"][0]
    assert isinstance(seat, int) and isinstance(action, int) and isinstance(label, str)


def test_replay_checks_every_game(log):
    r = cli("replay", str(log))
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[-1] == "3 of 3 games replay the same"
    assert all(line.startswith(f"game {i + 1} (seed {5 + i}): the same game, ") for i, line in enumerate(lines[:3]))


def test_replay_tells_one_game(log):
    r = cli("replay", str(log), "--game", "2")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[:2] == ["Before the first turn", "  Magic 54 begins with Red, Black; Red starts"]
    assert "Turn 1 (Red)" in lines
    record = json.loads(log.read_text(encoding="utf-8").splitlines()[2])
    winner = ["Red", "Black"][record["result"].index(1.0)]
    assert lines[-1] == f"The replay gives the same game: {len(record['decisions'])} decisions, {winner} wins the game."


def test_replay_at_a_decision_shows_the_position(log):
    r = cli("replay", str(log), "--game", "1", "--at", "3")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0] == "After decision 3 of " + str(len(json.loads(log.read_text().splitlines()[1])["decisions"])) + ":"
    assert lines[1].startswith("Turn ")


def test_replay_at_shows_the_board_as_play_does_cards_of_a_name_side_by_side_counted():
    # A deck-builder's supply of 40 Pennies reads "Penny ×40" at --at as on play's board.
    from cardtable import Game, Report, load_pack
    from cardtable.interpreter.play.narrate import position
    from cardtable.interpreter.play.records import Replay
    game = Game(load_pack("magic54", Report()))
    state = game.position({"turn": 2, "active": 0, "phase": "pre_attack", "players": [
        {"zones": {"deck": ["Two of Hearts"] * 3 + ["Three of Hearts", "Two of Hearts"],
                   "hand": ["Ace of Hearts", "Ace of Hearts"]}}, {}]})
    lines = position(Replay(state, 4), 9).splitlines()
    assert lines[:10] == ["After decision 4 of 9:", "Turn 2: Red's turn, end phase", "Red: life 20, mana played 0",
                          "  deck: Two of Hearts ×3, Three of Hearts, Two of Hearts", "  hand: Ace of Hearts ×2",
                          "  play: -", "Black: life 20, mana played 0", "  hand: -", "  play: -", "pile: -"]


def test_a_changed_pack_parts_ways_with_the_record(log, tmp_path, monkeypatch):
    changed = tmp_path / "variants" / "tough_queens"
    shutil.copytree(ROOT / "variants" / "magic54", changed)
    creatures = changed / "cards" / "creatures.yaml"
    text = creatures.read_text(encoding="utf-8")
    creatures.write_text(text.replace("cost: 2\n    attack: 2\n    defense: 2", "cost: 2\n    attack: 2\n    defense: 9"),
                         encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    r = cli("replay", str(log), "--pack", "tough_queens")
    assert r.exit_code == 1
    lines = r.output.splitlines()
    parted = [line for line in lines if "part ways" in line]
    assert parted, r.output
    assert all(" the games part ways at decision " in line and "but the pack now asks " in line
               or "is already over" in line or "the decision is" in line for line in parted)
    assert lines[-1] == f"{3 - len(parted)} of 3 games replay the same"


def test_replay_refuses_what_is_not_a_record(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"pack": "magic54"}\n', encoding="utf-8")
    r = cli("replay", str(bad))
    assert (r.exit_code, r.output) == (1, f'{bad}:1:1: error: the game record has no "options" (it takes a mapping)\n')
    bad.write_text("not json\n", encoding="utf-8")
    r = cli("replay", str(bad))
    assert (r.exit_code, r.output) == (1, f"{bad}:1:1: error: not a game record: Expecting value\n")
    r = cli("replay", str(tmp_path / "missing.jsonl"))
    assert r.exit_code == 1 and "missing.jsonl" in r.output


def test_replay_reports_each_broken_line_and_replays_the_rest(log, tmp_path):
    good = log.read_text(encoding="utf-8").splitlines()[1:]      # the games, without the run's manifest
    record = json.loads(good[0])
    lines = [good[0], json.dumps({**record, "decks": {"0": ["Nope Card"]}}), json.dumps({**record, "decks": "x"}),
             json.dumps({**record, "seed": "abc"}), "{oops", good[1]]
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = cli("replay", str(mixed))
    assert r.exit_code == 1
    out = r.output.splitlines()
    assert out[0].startswith("game 1 (seed 5): the same game, ")
    assert out[1:5] == [
        f'{mixed}:2:1: error: game 2: its deck holds "Nope Card", a card the pack does not have',
        f'{mixed}:3:1: error: the game record\'s "decks" is not a mapping of places to lists of card names',
        f'{mixed}:4:1: error: the game record has a wrong "seed" (it takes a whole number)',
        f"{mixed}:5:2: error: not a game record: Expecting property name enclosed in double quotes"]
    assert out[5].startswith("game 6 (seed 6): the same game, ")
    assert out[6] == "2 of 6 games replay the same"
    r = cli("replay", str(mixed), "--game", "6")
    assert r.exit_code == 0 and r.output.splitlines()[-1].startswith("The replay gives the same game: ")
    r = cli("replay", str(mixed), "--game", "2")
    assert (r.exit_code, r.output) == (
        1, f'{mixed}:2:1: error: game 2: its deck holds "Nope Card", a card the pack does not have\n')


def test_replay_at_a_position_needs_one_game(log):
    r = cli("replay", str(log), "--at", "3")
    assert r.exit_code == 2
    assert f"--at shows the position of one game, and {log} holds 3: give --game N too" in r.output
    r = cli("replay", str(log), "--game", "1", "--at", "0")
    assert r.output.splitlines()[:2] == ["After decision 0 of " + str(len(json.loads(
        log.read_text(encoding="utf-8").splitlines()[1])["decisions"])) + ":", "Turn 1: Red's turn, pre attack phase"]


def test_replay_refuses_a_position_past_the_games_last_decision_as_a_game_past_the_last(log):
    total = len(json.loads(log.read_text(encoding="utf-8").splitlines()[2])["decisions"])
    r = cli("replay", str(log), "--game", "2", "--at", str(total + 1))
    assert (r.exit_code, r.output) == (1, f"error: game 2 of {log} holds {total} decisions, not {total + 1}\n")
    r = cli("replay", str(log), "--game", "4", "--at", "0")
    assert (r.exit_code, r.output) == (1, f"error: {log} holds 3 games, not 4\n")
    r = cli("replay", str(log), "--game", "2", "--at", str(total))
    assert (r.exit_code, r.output.splitlines()[0]) == (0, f"After decision {total} of {total}:")


def test_games_of_a_deck_list_and_a_card_file_replay_from_the_logs_folder(tmp_path, monkeypatch):
    folder = tmp_path / "kept"
    folder.mkdir()
    shutil.copy(MTG / "scryfall-sample.json", folder / "cards.json")
    # Divination is in the shipped pool but not in the pack's own deck; Delver comes from the card file.
    (folder / "deck.txt").write_text("60 Dryad Arbor\n20 Divination\n20 Delver of Secrets\n", encoding="utf-8")
    monkeypatch.chdir(folder)
    r = cli("simulate", "pub_magic", "-n", "2", "--players", "3", "--deck", "deck.txt", "--cards", "cards.json",
            "--out", "games.jsonl")
    assert r.exit_code == 0, r.output
    record = json.loads((folder / "games.jsonl").read_text(encoding="utf-8").splitlines()[1])
    assert record["cards"] == ["cards.json"]
    assert sorted(set(record["decks"]["deck"])) == ["Delver of Secrets // Insectile Aberration", "Divination",
                                                    "Dryad Arbor"]
    monkeypatch.chdir(tmp_path)
    log = str(Path("kept") / "games.jsonl")
    r = cli("replay", log)
    assert (r.exit_code, r.output.splitlines()[-1]) == (0, "2 of 2 games replay the same")
    # Pub Magic's players discard before the first turn: that is where decision 0 is.
    r = cli("replay", log, "--game", "1", "--at", "0")
    assert r.output.splitlines()[:2] == [f"After decision 0 of {len(record['decisions'])}:", "Before the first turn"]
    (folder / "cards.json").rename(tmp_path / "elsewhere.json")
    r = cli("replay", log, "--game", "1")
    assert r.exit_code == 1
    assert r.output == (f"{log}:2:1: error: game 1 was played with cards of cards.json, which cannot be read "
                        f"(give the card files with --cards):\ncards.json: error: no such file\n")
    r = cli("replay", log, "--cards", "elsewhere.json")
    assert (r.exit_code, r.output.splitlines()[-1]) == (0, "2 of 2 games replay the same")


def test_files_that_cannot_be_written_are_refused_before_any_game(tmp_path):
    missing = tmp_path / "no" / "games.jsonl"
    r = cli("simulate", "magic54", "-n", "1", "--out", str(missing))
    assert (r.exit_code, r.output) == (
        1, f"error: {missing}: cannot write the game records there: the folder {missing.parent} does not exist\n")
    r = cli("play", "magic54", "--save", str(missing))
    assert (r.exit_code, r.output) == (
        1, f"error: {missing}: cannot write the game record there: the folder {missing.parent} does not exist\n")
    afile = tmp_path / "afile"
    afile.write_text("x", encoding="utf-8")
    r = cli("simulate", "magic54", "-n", "1", "--plot", str(afile / "charts"))
    assert (r.exit_code, r.output) == (
        1, f"error: {afile / 'charts'}: cannot write the charts there: {afile} is a file, not a folder\n")


def test_records_are_written_with_the_usual_permissions(tmp_path):
    import os
    out = tmp_path / "games.jsonl"
    mask = os.umask(0o022)
    try:
        assert cli("simulate", "magic54", "-n", "1", "--out", str(out)).exit_code == 0
    finally:
        os.umask(mask)
    assert out.stat().st_mode & 0o777 == 0o644


def test_fixed_seats_refuse_agents_that_would_never_play():
    r = cli("simulate", "magic54", "-n", "1", "--agents", "random,heuristic,mcts", "--fixed-seats")
    assert (r.exit_code, r.output) == (1, "error: --fixed-seats keeps each agent in its seat, and Magic 54 is "
                                          "played here by 2 players: mcts would never play\n")


# ------------------------------------------------------------------ compare

def test_compare_one_pack_with_two_options():
    r = cli("compare", "magic54", "--b-option", "starting_life=5", "-n", "30", "--format", "json")
    assert r.exit_code == 0, r.output
    c = json.loads(r.output)
    assert c["a"]["options"]["starting_life"] == 20 and c["b"]["options"]["starting_life"] == 5
    turns = next(row for row in c["rows"] if row["measure"] == "turns")
    assert turns["difference"] < 0 and turns["significant"]
    assert turns["difference"] == round(turns["b"] - turns["a"], 4)


def test_two_games_show_no_difference_beyond_chance():
    r = cli("compare", "magic54", "-n", "2", "--b-option", "starting_life=1")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert "  seat Red wins              0.0%   100.0%  +100.0%   -31.5% to +100.0%" in lines
    assert "  first player wins         50.0%    50.0%    +0.0%   -100.0% to +100.0%" in lines


def test_compare_rates_an_agent_over_the_games_it_played_as_simulate_does():
    # Three agents round two seats: heuristic sits in 4 of the 6 games (random players: a quick test).
    agents = ["--agents", "random,heuristic,random"]
    r = cli("compare", "magic54", "-n", "6", *agents, "--b-option", "starting_life=19", "--format", "json")
    assert r.exit_code == 0, r.output
    rows = {row["measure"]: (row["games"], row["a"]) for row in json.loads(r.output)["rows"] if "games" in row}
    s = json.loads(cli("simulate", "magic54", "-n", "6", *agents, "--format", "json").output)
    played = {a["agent"]: (a["games"], a["rate"]) for a in s["by_agent"]}
    assert rows["agent heuristic wins"] == played["heuristic"] == (4, 1.0)
    table = cli("compare", "magic54", "-n", "6", *agents, "--b-option", "starting_life=19").output.splitlines()
    assert "  agent heuristic wins (4 games)   100.0%   100.0%    +0.0%   -49.0% to +49.0%" in table


def test_compare_of_places_with_more_agents_than_seats():
    r = cli("compare", "go_fish", "-n", "4", "--agents", "random,heuristic,mcts:playouts=2", "--b-option",
            "small_deal=5")
    assert r.exit_code == 0, r.output
    assert ("  agent mcts:playouts=2 mean place (2 games)     1.50     1.00    -0.50   -1.00 to +0.48"
            in r.output.splitlines())


def test_compare_needs_something_to_compare():
    r = cli("compare", "magic54")
    assert r.exit_code == 2
    assert "give a second pack B, or options that differ (--a-option, --b-option) or rulesets (--a-ruleset, --b-ruleset)" in r.output
    r = cli("compare", "magic54", "--b-option", "starting_life=5", "-n", "1")
    assert r.exit_code == 2
    assert "compare needs at least 2 games: one game gives a difference, but no interval" in r.output
    r = cli("compare", "magic54", "--b-option", "starting_life")
    assert r.exit_code == 2 and "Invalid value for --b-option: \"starting_life\" is not KEY=VALUE" in r.output


def test_compare_refuses_other_numbers_of_players_before_any_game(tmp_path):
    out = tmp_path / "cmp.jsonl"
    r = cli("compare", "magic54", "hearts", "-n", "4", "--out", str(out))
    assert (r.exit_code, r.output) == (1, "error: A is played by 2 players and B by 4: give --players\n")
    assert not out.exists()


@pytest.mark.parametrize("versions", [["magic54", "magic54"], ["magic54", "--a-option", "starting_life=20"]])
def test_compare_refuses_one_game_twice_before_any_game(tmp_path, versions):
    out = tmp_path / "cmp.jsonl"
    r = cli("compare", *versions, "-n", "2", "--out", str(out))
    assert r.exit_code == 2
    assert r.output.endswith("Error: A and B are the same game: the same pack, options (with the pack's defaults) "
                             "and cards; give B another pack, or options or a ruleset that differ\n")
    assert not out.exists()


def test_compare_names_each_versions_seats_and_options_as_its_pack_does():
    r = cli("compare", "magic54", "stack_duel", "-n", "2")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert "  seat Red / Ana wins        0.0%     0.0%    +0.0%   -65.8% to +65.8%" in lines
    assert "  seat Black / Bo wins     100.0%   100.0%    +0.0%   -65.8% to +65.8%" in lines
    c = json.loads(cli("compare", "magic54", "stack_duel", "-n", "2", "--format", "json").output)
    assert (c["a"]["seats"], c["b"]["seats"]) == (["Red", "Black"], ["Ana", "Bo"])
    r = cli("compare", "crazy_eights", "go_fish", "-n", "2")
    assert r.output.splitlines()[:2] == [
        "A: crazy_eights (aces_reverse=true, queens_skip=true, reshuffle=true, draw_when_able=false)", "B: go_fish"]


# ------------------------------------------------------------------ the player's own card data

MTG = ROOT / "tests" / "data" / "mtg"


@pytest.mark.parametrize("card_file", ["AtomicCards-sample.json", "scryfall-sample.json"])
def test_a_deck_of_cards_from_the_players_own_card_file(tmp_path, card_file):
    deck = tmp_path / "deck.txt"
    deck.write_text("40 Dryad Arbor\n30 Delver of Secrets\n20 Lightning Bolt\nSideboard\n2 Serra Angel\n",
                    encoding="utf-8")
    r = cli("simulate", "pub_magic", "-n", "2", "--players", "3", "--deck", str(deck),
            "--cards", str(MTG / card_file), "--format", "json")
    assert r.exit_code == 0, r.output
    played = {c["card"] for c in json.loads(r.output)["cards"]}
    assert played <= {"Lightning Bolt"}


def test_validate_checks_a_deck_list_with_the_players_own_card_file(tmp_path):
    # The refusal of a card out of the pool says to give --cards, which validate did not take.
    deck = tmp_path / "deck.txt"
    deck.write_text("60 Dryad Arbor\n20 Divination\n20 Delver of Secrets\n", encoding="utf-8")
    r = cli("validate", "pub_magic", "--deck", str(deck))
    assert (r.exit_code, r.output.splitlines()[0]) == (
        1, f'{deck}:3:4: error: unknown card "Delver of Secrets": it is not in the card pool; to play it, give your '
           'own MTGJSON AtomicCards.json or Scryfall oracle-cards file with --cards FILE')
    r = cli("validate", "pub_magic", "--deck", str(deck), "--cards", str(MTG / "scryfall-sample.json"))
    assert (r.exit_code, r.output) == (0, "pub_magic: valid\n")
    r = cli("validate", "pub_magic", "--deck", str(deck), "--cards", str(tmp_path / "none.json"))
    assert (r.exit_code, r.output.splitlines()[1]) == (1, f"{tmp_path / 'none.json'}:1:1: error: no such file")
    r = cli("validate", "pub_magic", "--cards", str(MTG / "scryfall-sample.json"))
    assert r.exit_code == 2 and "--cards gives the cards that deck lists may name: give a --deck too" in r.output


def test_a_sideboard_card_no_card_file_has_is_an_error(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("90 Dryad Arbor\nSideboard\n2 Serra Angl\n", encoding="utf-8")
    r = cli("simulate", "pub_magic", "-n", "1", "--deck", str(deck), "--cards", str(MTG / "scryfall-sample.json"))
    assert (r.exit_code, r.output) == (1, f'{deck}:3:3: error: unknown card "Serra Angl"; did you mean "Serra Angel"?\n')


def test_card_files_need_a_pack_that_imports_card_data_and_a_deck(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("27 Dryad Arbor\n", encoding="utf-8")
    r = cli("simulate", "magic54", "--deck", str(deck), "--cards", str(MTG / "scryfall-sample.json"))
    assert (r.exit_code, r.output) == (1, "error: Magic 54 imports no card data in a card format: it has no use for --cards\n")
    r = cli("simulate", "pub_magic", "--cards", str(MTG / "scryfall-sample.json"))
    assert (r.exit_code, r.output) == (1, "error: --cards gives the cards that deck lists may name: give a --deck too\n")
    r = cli("simulate", "pub_magic", "--deck", str(deck), "--cards", str(tmp_path / "none.json"))
    assert (r.exit_code, r.output) == (1, f"{tmp_path / 'none.json'}: error: no such file\n")


def test_games_all_drawn_say_nothing_of_fairness():
    r = cli("simulate", "magic54", "-n", "3", "--option", "turn_limit=1")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    balance = lines.index("balance")
    assert lines[balance + 1] == "  fairness and decisiveness: no game was won, every one was drawn"
    r = cli("simulate", "magic54", "-n", "3", "--option", "turn_limit=1", "--format", "json")
    assert json.loads(r.output)["balance"]["fairness"] is None


def test_an_option_bounded_by_another_is_checked_against_its_value():
    r = cli("simulate", "pub_magic", "-n", "1", "--option", "discarded=7")
    assert (r.exit_code, r.output) == (1, 'error: option "discarded" must be at most dealt (6), not 7\n')
    r = cli("simulate", "pub_magic", "-n", "1", "--option", "dealt=8", "--option", "discarded=7")
    assert r.exit_code == 0, r.output


@pytest.mark.parametrize("command", ["simulate", "compare", "impact", "sweep"])
def test_a_run_of_more_games_than_the_limit_is_a_usage_error(command):
    r = cli(command, "magic54", "-n", "1000001")
    assert r.exit_code == 2
    assert "Invalid value for '--games' / '-n': 1000001 is not in the range 1<=x<=1000000." in r.output


def test_the_players_card_data_with_a_card_the_pool_has_too_plays(tmp_path):
    # A Shock of the player's file that differs from the pool's: the game is played (a check
    # of the cards' text once looked Shock up in the pool again and refused the deck).
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps([{"object": "card", "name": "Shock", "layout": "normal", "mana_cost": "{1}{R}",
                                  "cmc": 2.0, "type_line": "Instant", "colors": ["R"], "keywords": [],
                                  "oracle_text": "Shock deals 2 damage to any target."}]), encoding="utf-8")
    deck = tmp_path / "deck.txt"
    deck.write_text("56 Mountain\n4 Shock\n", encoding="utf-8")
    r = cli("simulate", "mtg", "-n", "1", "--deck", str(deck), "--cards", str(cards), "--format", "json")
    assert r.exit_code == 0, r.output
    assert {c["card"] for c in json.loads(r.output)["cards"]} <= {"Mountain", "Shock"}
