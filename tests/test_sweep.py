"""cardtable sweep: the grid of versions that --set axes make, each point played on the
same seeds, with its measures; axes read and refused with a reason; the chart."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cardtable.cli import main
from cardtable.interpreter.play.sweep import SweepError, parse_axis, points


def cli(*args):
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output, result.output
    return result


def test_axes_are_values_or_ranges():
    assert parse_axis("Queen.defense=1..4") == ("Queen.defense", [1, 2, 3, 4])
    assert parse_axis("starting_life=10,15,20") == ("starting_life", [10, 15, 20])
    assert parse_axis("ruleset=quick,slow") == ("ruleset", ["quick", "slow"])
    for text, message in (("starting_life", '"starting_life" is not KEY=VALUES: give values as 1,2,3 or a range '
                                            'as 1..4'),
                          ("x=4..1", "the range 4..1 is empty: it goes from 4 down to 1"),
                          ("x=a..b", '"a..b" is not a range of whole numbers like 1..4'),
                          ("x=1,,2", '"1,,2" has an empty value'),
                          ("x=1..500", "the range 1..500 has 500 values: an axis has at most 100")):
        with pytest.raises(SweepError) as caught:
            parse_axis(text)
        assert str(caught.value) == message
    assert points([("a", [1, 2]), ("b", ["x", "y"])]) == [{"a": 1, "b": "x"}, {"a": 1, "b": "y"},
                                                          {"a": 2, "b": "x"}, {"a": 2, "b": "y"}]
    with pytest.raises(SweepError, match="^the grid has 900 points: a sweep has at most 400$"):
        points([("a", list(range(30))), ("b", list(range(30)))])


def test_a_grid_too_large_is_refused_before_it_is_made(monkeypatch):
    # Four axes of 100 values: 10⁸ points, which once took gigabytes before being refused.
    monkeypatch.setattr("itertools.product", lambda *axes: pytest.fail("the grid was made"))
    with pytest.raises(SweepError, match="^the grid has 100,000,000 points: a sweep has at most 400$"):
        points([(k, list(range(100))) for k in "abcd"])


def test_every_point_is_played_on_the_same_seeds(tmp_path):
    r = cli("sweep", "magic54", "--set", "Queen.defense=1..2", "--set", "starting_life=10,20", "-n", "6",
            "--seed", "2", "--format", "json", "--plot", str(tmp_path))
    assert r.exit_code == 0, r.output
    report = json.loads(r.output.split("\n", 1)[1] if r.output.startswith("wrote") else r.output)
    assert [p["point"] for p in report["points"]] == [
        {"Queen.defense": 1, "starting_life": 10}, {"Queen.defense": 1, "starting_life": 20},
        {"Queen.defense": 2, "starting_life": 10}, {"Queen.defense": 2, "starting_life": 20}]
    # The point where nothing changes is the pack as it is: simulate gives its figures.
    plain = json.loads(cli("simulate", "magic54", "-n", "6", "--seed", "2", "--format", "json").output)
    same = report["points"][3]
    assert (same["fairness"], same["first_player"], same["turns"]) == (
        plain["balance"]["fairness"], plain["first_player"]["rate"], plain["length"]["turns"]["mean"])
    assert (tmp_path / "sweep.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    table = cli("sweep", "magic54", "--set", "starting_life=10,20", "-n", "4").output.splitlines()
    assert table[0] == "magic54 2.6.0: 2 points of 4 games each, the same seeds (0 to 3), 2 players, agents: random"
    assert table[2].split() == ["starting_life", "fairness", "first", "95%", "interval", "turns", "decisive", "draws"]
    assert [line.split()[0] for line in table[3:5]] == ["10", "20"]


def test_a_point_the_pack_refuses_names_its_problem():
    r = cli("sweep", "magic54", "--set", "Quen.defense=1,2", "-n", "2")
    assert (r.exit_code, r.output) == (1, 'error: Magic 54 has no card or card family "Quen"; did you mean '
                                          '"Queen"?\n')
    r = cli("sweep", "magic54", "--set", "starting_life=0,5", "-n", "2")
    assert (r.exit_code, r.output) == (1, 'error: option "starting_life" must be at least 1, not 0\n')
    r = cli("sweep", "magic54", "--set", "a=1,2", "--set", "b=1,2", "--set", "c=1,2", "--plot", "x")
    assert r.exit_code == 2 and "--plot draws a sweep over one or two axes, and this one has 3" in r.output
