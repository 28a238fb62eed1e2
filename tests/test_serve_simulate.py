"""Simulating and comparing at the workbench (Starlette's TestClient): the summary and
its charts carry the numbers `cardtable simulate` and `cardtable compare` print."""
from __future__ import annotations

import json
import re
import time

import pytest
from click.testing import CliRunner

from cardtable import cli
from tests.test_serve import client_for


@pytest.fixture(scope="module")
def magic():
    client, keys = client_for(["magic54"])
    client.headers["x-csrf-token"] = keys.csrf
    return client


def finished(client, r) -> str:
    assert r.status_code == 303, r.text
    url = r.headers["location"]
    for _ in range(600):
        page = client.get(url).text
        if 'id="progress"' not in page:
            return page
        time.sleep(0.05)
    raise AssertionError("the run did not end")


def cli_json(*args) -> dict:
    result = CliRunner().invoke(cli.main, [*args, "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_a_simulation_shows_the_numbers_the_command_prints(magic):
    page = finished(magic, magic.post("/p/magic54/simulate", data={
        "games": "12", "seed": "4", "agents": "random", "option_starting_life": "12",
        "option_turn_limit": "200"}, follow_redirects=False))
    line = "cardtable simulate magic54 --games 12 --seed 4 --agents random --option starting_life=12"
    assert f"<code>{line}</code>" in page
    s = cli_json(*line.split()[1:])
    for r in s["seats"]:
        assert f"<tr><td>seat {r['seat']}</td><td class=\"num\">{r['games']}</td><td class=\"num\">{r['wins']}</td>" \
               f"<td class=\"num\">{100 * r['rate']:.1f}%</td><td>{100 * r['low']:.1f}% - {100 * r['high']:.1f}%</td>" in page
    turns = s["length"]["turns"]
    assert f"<td>turns</td><td class=\"num\">{turns['mean']:.2f}</td><td class=\"num\">{turns['sd']:.2f}</td>" in page
    # The charts are drawn from the same figures: a bar a seat, a bin a histogram bar.
    for r in s["seats"]:
        assert f'data-label="seat {r["seat"]}" data-rate="{r["rate"]}" data-low="{r["low"]}" data-high="{r["high"]}"' in page
    bins = re.findall(r'class="bin" data-from="(\d+)" data-to="(\d+)" data-games="(\d+)"', page)
    assert [tuple(int(x) for x in b) for b in bins[:len(turns["histogram"])]] == [tuple(b) for b in turns["histogram"]]
    first = s["cards"][0]
    assert f'data-label="{first["card"]}" data-rate="{first["win_rate"]}"' in page
    # And the command's own table, word for word.
    table = CliRunner().invoke(cli.main, line.split()[1:]).output.rstrip("\n")
    text = re.search(r'<pre id="cli-text">(.*?)</pre>', page, re.S).group(1)
    assert text.replace("&#39;", "'") == table


def test_a_comparison_shows_the_differences_the_command_prints(magic):
    page = finished(magic, magic.post("/p/magic54/compare", data={
        "games": "10", "seed": "0", "agents": "random", "pack_b": "magic54",
        "option_a_starting_life": "20", "option_b_starting_life": "8"}, follow_redirects=False))
    line = "cardtable compare magic54 --games 10 --seed 0 --agents random --b-option starting_life=8"
    assert f"<code>{line}</code>" in page
    c = cli_json(*line.split()[1:])
    turns = next(r for r in c["rows"] if r["measure"] == "turns")
    assert f"<tr><td>turns</td>\n<td class=\"num\">{turns['a']:.2f}</td><td class=\"num\">{turns['b']:.2f}</td>" \
           f"<td class=\"num\">{turns['difference']:+.2f}</td>" in page
    for r in c["rows"]:
        if r["measure"] not in ("turns", "decisions"):
            assert f'data-label="{r["measure"]}" data-difference="{r["difference"]}"' in page


@pytest.mark.parametrize("path, fields, message", [
    ("compare", {"games": "1"}, "compare needs at least 2 games: one game gives a difference, but no interval"),
    ("compare", {"games": "10"}, "give a second pack B, or options that differ"),
    ("simulate", {"games": "0"}, 'the number of games must be a whole number of at least 1, not "0"'),
    ("simulate", {"games": "5", "agents": "random,wizard"}, 'no agent named "wizard"'),
])
def test_a_run_that_cannot_be_played_is_refused_at_once(magic, path, fields, message):
    r = magic.post(f"/p/magic54/{path}", data={"seed": "0", **fields}, follow_redirects=False)
    assert r.status_code == 400 and message in r.text, r.text


def test_a_run_whose_games_fail_says_why(magic):
    page = finished(magic, magic.post("/p/magic54/simulate", data={
        "games": "3", "seed": "0", "option_starting_life": "-2"}, follow_redirects=False))
    assert 'id="run-error"' in page and 'option &#34;starting_life&#34; must be at least 1, not -2' in page


def test_a_run_can_be_stopped(magic):
    r = magic.post("/p/magic54/simulate", data={"games": "100000", "seed": "0"}, follow_redirects=False)
    run_id = r.headers["location"].split("/")[-1]
    assert magic.post(f"/r/{run_id}/stop").status_code == 200
    page = finished(magic, r)
    assert re.search(r"stopped after \d+ of 100000 games: nothing to show", page)
    assert magic.get("/r/nothing").status_code == 404
