"""cardtable impact: each family taken out of one seat's deck (or replaced by a neutral
card) on the deals of the pack as it is, the change in each seat's win rate with its
interval, sorted; variants of the rules beside; the played win rates apart."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.cli import main
from cardtable.interpreter.packs.changes import REMOVE, REPLACE, CardChange
from cardtable.interpreter.play.batch import Batch, prepare, run
from cardtable.interpreter.play.stats import summarize


def cli(*args):
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output, result.output
    return result


def test_a_card_leaves_one_seats_deck_only():
    game = prepare(Batch("magic54", changes=(CardChange("King", REMOVE, seat=0),)))
    assert [n for n in game.deck_for(0) if n.startswith("King")] == []
    assert sorted(n for n in game.deck_for(1) if n.startswith("King")) == ["King of Clubs", "King of Spades"]
    swapped = prepare(Batch("magic54", changes=(CardChange("Joker", REPLACE, None, "Two of Hearts", 0),)))
    assert len(swapped.deck_for(0)) == 27 and swapped.deck_for(0).count("Two of Hearts") == 2


def test_impact_measures_each_family_for_each_seat_on_the_same_deals():
    r = cli("impact", "magic54", "--only", "King", "--only", "Mana", "-n", "12", "--seed", "3", "--format", "json")
    assert r.exit_code == 0, r.output
    report = json.loads(r.output)
    assert sorted(row["subject"] for row in report["rows"]) == [
        "without King in Black's deck", "without King in Red's deck",
        "without Mana in Black's deck", "without Mana in Red's deck"]
    sizes = [abs(row["seats"][row["holder"]]["difference"]) for row in report["rows"]]
    assert sizes == sorted(sizes, reverse=True)
    # A row is the paired difference of two batches on the same seeds.
    base = run(Batch("magic54", games=12, seed=3))[1]
    without = run(Batch("magic54", games=12, seed=3, changes=(CardChange("Mana", REMOVE, seat=0),)))[1]
    red = next(row for row in report["rows"] if row["subject"] == "without Mana in Red's deck")["seats"]["Red"]
    wins = [sum(r["result"][0] > 0 for r in results) for results in (base, without)]
    assert (red["a"], red["b"], red["difference"]) == (
        round(wins[0] / 12, 4), round(wins[1] / 12, 4), round((wins[1] - wins[0]) / 12, 4))
    assert report["base"]["Red"] == round(wins[0] / 12, 4)
    assert set(report["played"]) >= {"King", "Mana"}


def test_variants_and_a_neutral_card():
    r = cli("impact", "magic54", "--only", "Joker", "--neutral", "Two of Hearts", "--variant", "starting_life=10",
            "-n", "4")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0].startswith("magic54 2.6.0: 3 versions with each card replaced by Two of Hearts, 4 games each")
    subjects = sorted(line.split("  ")[1].strip() for line in lines[4:7])
    assert subjects == ["replaced by Two of Hearts: Joker in Black's deck",
                        "replaced by Two of Hearts: Joker in Red's deck", "starting_life=10"]


def test_impact_refuses_what_it_cannot_measure(tmp_path):
    r = cli("impact", "magic54", "--only", "Quen", "-n", "4")
    assert (r.exit_code, r.output.split(":")[0]) == (1, 'error')
    assert 'no card of the decks is "Quen" or of the family "Quen": the decks hold Ace, Two' in r.output
    assert cli("impact", "magic54", "-n", "1").exit_code == 2
    r = cli("impact", "magic54", "--neutral", "Nothing", "--only", "King", "-n", "2")
    assert (r.exit_code, r.output) == (1, 'error: Magic 54 has no card "Nothing" to put in the place of King\n')


def test_a_change_of_a_win_rate_stays_within_100_points():
    r = cli("impact", "magic54", "-n", "4", "-j1", "--only", "Queen")
    assert r.exit_code == 0, r.output
    assert ("  without Queen in Black's deck   +50.0% (  -6.6 to +100.0)    -50.0% (-100.0 to   +6.6)          50.0%"
            in r.output.splitlines())


@pytest.mark.parametrize("fmt", ["table", "json"])
def test_impact_refuses_before_playing_when_only_the_neutral_cards_family_is_named(tmp_path, fmt):
    out = tmp_path / "run.jsonl"
    r = cli("impact", "magic54", "-n", "4", "-j1", "--only", "Queen", "--neutral", "Queen of Hearts", "--format", fmt,
            "--out", str(out))
    assert (r.exit_code, r.output) == (1, 'error: nothing is left to measure: --only names only "Queen", and the '
                                          'neutral card Queen of Hearts is not measured against itself, nor its '
                                          'family: name other cards with --only, or give a --variant\n')
    assert not out.exists()


def test_impact_json_is_the_same_bytes_whatever_the_hash_seed():
    # Sets of strings come out in another order in each process (string hashing is seeded).
    def printed(hash_seed):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        return subprocess.run([sys.executable, "-m", "cardtable.cli", "impact", "magic54", "-n", "2", "-j1",
                               "--only", "King", "--format", "json"], capture_output=True, env=env, check=True).stdout
    first = printed("1")
    assert first == printed("2")
    assert list(json.loads(first)["played"]) == sorted(json.loads(first)["played"])


def test_impact_measures_as_many_variants_as_a_sweep_has_points(tmp_path):
    out = tmp_path / "run.jsonl"
    values = ",".join(str(v) for v in range(1, 402))
    r = cli("impact", "magic54", "-n", "2", "-j1", "--variant", f"starting_life={values}", "--out", str(out))
    assert r.exit_code == 2
    assert r.output.endswith("Error: Invalid value for --variant: the variants make 401 versions: impact measures at "
                             "most 400, as a sweep has at most 400 points\n")
    assert not out.exists()


def test_a_version_named_twice_is_measured_once():
    r = cli("impact", "magic54", "-n", "2", "-j1", "--only", "Queen", "--only", "Queen", "--variant",
            "starting_life=1,1", "--variant", "starting_life=01", "--format", "json")
    assert r.exit_code == 0, r.output
    assert sorted(row["subject"] for row in json.loads(r.output)["rows"]) == [
        "starting_life=1", "without Queen in Black's deck", "without Queen in Red's deck"]


def test_impact_writes_its_heat_map(tmp_path):
    r = cli("impact", "magic54", "--only", "King", "-n", "2", "--plot", str(tmp_path))
    assert r.exit_code == 0, r.output
    assert (tmp_path / "impact.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("pack", ["magic54", "stack_duel"])      # the cards' impact; the decks' matchups
def test_the_guides_example_prints_what_the_guide_says(pack):
    guide = (Path(__file__).resolve().parent.parent / "docs" / "cli.md").read_text(encoding="utf-8")
    block = guide.split(f"\n$ cardtable impact {pack} ", 1)[1].split("```", 1)[0]
    command, _, printed = block.partition("\n")
    r = cli("impact", pack, *command.split())
    assert (r.exit_code, r.output) == (0, printed)


def test_in_a_pack_of_places_a_win_is_a_first_place_as_simulate_counts_it():
    r = cli("impact", "hearts", "--only", "The Queen of Spades", "-n", "4", "--option", "end_score=30",
            "--format", "json")
    assert r.exit_code == 0, r.output
    batch = Batch("hearts", games=4, options={"end_score": 30})
    game, results = run(batch)
    seats = summarize(game, batch, results)["seats"]
    assert json.loads(r.output)["base"] == {s["seat"]: s["rate"] for s in seats}
    assert json.loads(r.output)["base"] == {"North": 0.25, "East": 0.0, "South": 0.5, "West": 0.5}


def test_one_version_is_said_in_the_singular():
    # A shared deck: one version for a card, not one a seat.
    r = cli("impact", "pub_magic", "--only", "Forest", "-n", "2")
    assert r.output.splitlines()[0] == ("pub_magic 1.0.0: 1 version without each card, 2 games each on the seeds of "
                                        "the pack as it is (0 to 1), agents: random")
