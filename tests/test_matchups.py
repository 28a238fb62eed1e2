"""cardtable impact --matchups: each of a pack's decks against each in both seatings on
the same seeds, the row's win rate with its interval, and its heat map."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cardtable.cli import main
from cardtable.interpreter.play.batch import Batch, SimulationError, prepare, run


def cli(*args):
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output, result.output
    return result


def test_a_seat_is_dealt_the_pack_deck_named():
    game = prepare(Batch("stack_duel", seat_decks=("swarm", "swarm")))
    assert game.deck_for(0) == game.deck_for(1) == game.pack.decks["swarm"]
    with pytest.raises(SimulationError) as e:
        prepare(Batch("stack_duel", seat_decks=("swam", "tempo")))
    assert str(e.value) == 'Stack Duel has no deck "swam"; did you mean "swarm"?'



def won(seatings: tuple, seat: int) -> list:
    _, results = run(Batch("stack_duel", games=6, seed=3, seat_decks=seatings))
    return [1.0 if r["result"][seat] > 0 else 0.0 for r in results]


def test_a_matchup_is_the_row_decks_wins_in_both_seatings_game_by_game():
    r = cli("impact", "stack_duel", "--matchups", "-n", "6", "--seed", "3", "--format", "json")
    assert r.exit_code == 0, r.output
    report = json.loads(r.output)
    assert report["decks"] == ["tempo", "swarm"]
    first, second = won(("tempo", "swarm"), 0), won(("swarm", "tempo"), 1)
    cell = report["matchups"]["tempo"]["swarm"]
    assert (cell["as_first"], cell["as_second"]) == (round(sum(first) / 6, 4), round(sum(second) / 6, 4))
    assert cell["rate"] == round((sum(first) + sum(second)) / 12, 4)
    # A deck against itself wins half of the games that are not drawn, in both seatings.
    mirror = report["matchups"]["swarm"]["swarm"]
    assert mirror["as_first"] + mirror["as_second"] == 2 * mirror["rate"]
    assert report["overall"] == {"tempo": cell["rate"], "swarm": report["matchups"]["swarm"]["tempo"]["rate"]}


def test_the_table_and_the_heat_map(tmp_path):
    r = cli("impact", "stack_duel", "--matchups", "-n", "4", "--plot", str(tmp_path))
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[1] == ("stack_duel 1.0.0: each deck against each, 4 games a seating on the same seeds (0 to 3), "
                        "agents: random")
    assert lines[0] == f"wrote {tmp_path / 'matchups.png'}"
    assert [line.split()[0] for line in lines[5:7]] == ["tempo", "swarm"]
    assert (tmp_path / "matchups.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert not (tmp_path / "impact.png").exists()


def test_matchups_refuse_what_has_no_two_decks():
    cases = {("go_fish",): "error: matchups play one seat's deck against the other's, and Go Fish has seats "
                          "without a deck of their own\n",
             ("basic_tcg", "--players", "3"): "error: matchups play one seat's deck against the other's, and "
                                              "Basic TCG is played here by 3 players: give --players 2\n",
             ("lane_duel",): "error: matchups play the pack's decks against each other, and Lane Duel names "
                             "1 deck for its seats (mage)\n"}
    for args, message in cases.items():
        r = cli("impact", *args, "--matchups", "-n", "2")
        assert (r.exit_code, r.output) == (1, message)
    r = cli("impact", "stack_duel", "--matchups", "--only", "Shock", "-n", "2")
    assert r.exit_code == 2
    assert "--matchups plays whole decks against each other: leave out --only" in r.output

