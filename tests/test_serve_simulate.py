"""Simulating and comparing at the workbench (Starlette's TestClient): the summary and
its charts carry the numbers `cardtable simulate` and `cardtable compare` print."""
from __future__ import annotations

import json
import os
import re
import shutil
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable import cli
from tests.test_serve import client_for

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def magic():
    client, keys = client_for(["magic54"])
    client.headers["x-csrf-token"] = keys.csrf
    return client


def finished(client, r) -> str:
    assert r.status_code == 303, r.text
    url = r.headers["location"]
    # Generous: a loaded machine runs the games slowly; the page is read again until they end.
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
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
    ("compare", {"games": "10"}, "A and B are the same: choose another pack for B, give B options that differ, "
                                 "or play one side with the unsaved changes (there are none)"),
    ("simulate", {"games": "0"}, 'the number of games must be a whole number from 1 to 1,000,000, not "0"'),
    # A count the run would make a list of before its first game: the server's memory went.
    ("simulate", {"games": "999999999999999999"},
     'the number of games must be a whole number from 1 to 1,000,000, not "999999999999999999"'),
    ("simulate", {"games": "--5"}, 'the number of games must be a whole number from 1 to 1,000,000, not "--5"'),
    ("simulate", {"games": "5", "jobs": str((os.cpu_count() or 1) + 1)},
     f'the number of processes must be a whole number from 1 to {os.cpu_count() or 1}, not "{(os.cpu_count() or 1) + 1}"'),
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


def test_runs_wait_their_turn_for_the_machines_cores():
    # Each run played in a thread of its own: six runs of a million games were six games
    # at once (and as many processes as each asked for) on a machine of two cores.
    from markupsafe import escape

    from cardtable.serve.runs import WAITING, Cores

    client, keys = client_for(["magic54"])
    client.headers["x-csrf-token"] = keys.csrf
    client.app.state.cores = Cores(1)
    first, second = (client.post("/p/magic54/simulate", data={"games": "1000000", "seed": str(seed)},
                                 follow_redirects=False) for seed in (0, 1))
    runs = client.app.state.runs
    one, two = (runs[r.headers["location"].split("/")[-1]] for r in (first, second))
    while (one.done == 0 or not two.waiting) and one.status == "running":
        time.sleep(0.01)
    assert f'<p id="progress-text">{escape(WAITING)}</p>' in client.get(second.headers["location"]).text
    assert one.done > 0 and two.done == 0
    client.post(f"/r/{one.id}/stop")
    while two.done == 0 and two.status == "running":       # the first one's core is free: it plays
        time.sleep(0.01)
    client.post(f"/r/{two.id}/stop")
    assert re.search(r"stopped after \d+ of 1000000 games", finished(client, second))


def test_a_run_the_workbench_forgets_is_stopped(monkeypatch):
    # Past the runs it keeps, the workbench forgot the oldest, which played on with no page
    # left to stop it.
    from cardtable.serve import app

    monkeypatch.setattr(app, "KEPT", 1)
    client, keys = client_for(["magic54"])
    client.headers["x-csrf-token"] = keys.csrf
    first = client.post("/p/magic54/simulate", data={"games": "1000000", "seed": "0"}, follow_redirects=False)
    (one,) = client.app.state.runs.values()
    second = client.post("/p/magic54/simulate", data={"games": "2", "seed": "0"}, follow_redirects=False)
    assert list(client.app.state.runs) != [one.id] and 'id="run-error"' not in finished(client, second)
    # The forgotten run stops at its next decision, which a loaded machine may give it after
    # the second run has played its two games.
    deadline = time.monotonic() + 60
    while one.status == "running" and time.monotonic() < deadline:
        time.sleep(0.01)
    assert one.status == "stopped" and first.status_code == 303


@pytest.mark.parametrize("jobs", sorted({1, min(2, os.cpu_count() or 1)}))
def test_stop_ends_a_run_whose_game_is_thinking(magic, jobs):
    # Stop was looked at between games: a search of a hundred million playouts a decision
    # played on for days, on every process of the run.
    r = magic.post("/p/magic54/simulate", data={"games": "4", "seed": "0", "agents": "mcts:playouts=100000000",
                                                "jobs": str(jobs)}, follow_redirects=False)
    run = magic.app.state.runs[r.headers["location"].split("/")[-1]]
    while run.waiting or run.status == "running" and time.monotonic() - run.started < 0.5:
        time.sleep(0.01)
    assert magic.post(f"/r/{run.id}/stop").status_code == 200
    page = finished(magic, r)
    assert run.status == "stopped" and "stopped after 0 of 4 games: nothing to show" in page


# ------------------------------------------------------------------ unsaved changes

CHEAPER = ("    cost: 1\n    attack: 1", "    cost: 2\n    attack: 1")     # Jacks cost 2


@pytest.fixture
def edited(tmp_path):
    """A copy of magic54 whose creatures file has an unsaved change in the editor, and
    another copy with that change saved, for the command line to play."""
    folder, saved = tmp_path / "magic54", tmp_path / "saved" / "magic54"
    shutil.copytree(ROOT / "variants" / "magic54", folder)
    shutil.copytree(ROOT / "variants" / "magic54", saved)
    creatures = saved / "cards" / "creatures.yaml"
    creatures.write_text(creatures.read_text().replace(*CHEAPER))
    client, keys = client_for([folder])
    client.headers["x-csrf-token"] = keys.csrf
    opened = client.get("/p/magic54/file/cards/creatures.yaml").json()
    r = client.post("/p/magic54/check", json={"path": "cards/creatures.yaml", "text": creatures.read_text(),
                                               "base": opened["sha"]})
    assert r.status_code == 200 and "No problems" in r.text
    return client, folder, saved


def seat_rows(page: str) -> list:
    return re.findall(r'<tr><td>seat (\w+)</td><td class="num">(\d+)</td><td class="num">(\d+)</td>', page)


def test_a_simulation_plays_the_unsaved_changes_and_says_so(edited):
    client, folder, saved = edited
    form = client.get("/p/magic54/simulate").text
    assert ('The editor has unsaved changes to <a href="/p/magic54/edit/cards/creatures.yaml"><code>'
            'cards/creatures.yaml</code></a>.') in form
    assert '<input type="checkbox" name="unsaved" value="1" checked>' in form
    fields = {"games": "12", "seed": "4", "agents": "random"}
    page = finished(client, client.post("/p/magic54/simulate", data={**fields, "unsaved": "1"},
                                        follow_redirects=False))
    assert '<p id="versions">Played: magic54 with the unsaved changes to cards/creatures.yaml.</p>' in page
    assert "The same games from the command line, once the changes are saved:" in page
    s = cli_json("simulate", str(saved), "--games", "12", "--seed", "4")
    assert seat_rows(page) == [(str(r["seat"]), str(r["games"]), str(r["wins"])) for r in s["seats"]]
    # Unticked, the pack as saved: the command's own numbers for the folder.
    as_saved = finished(client, client.post("/p/magic54/simulate", data=fields, follow_redirects=False))
    assert '<p id="versions">Played: magic54 as saved.</p>' in as_saved
    s = cli_json("simulate", str(folder), "--games", "12", "--seed", "4")
    assert seat_rows(as_saved) == [(str(r["seat"]), str(r["games"]), str(r["wins"])) for r in s["seats"]]
    assert seat_rows(as_saved) != seat_rows(page)


def test_a_comparison_of_the_pack_as_saved_with_its_unsaved_changes(edited):
    client, folder, saved = edited
    page = finished(client, client.post("/p/magic54/compare", data={
        "games": "10", "seed": "0", "agents": "random", "pack_b": "magic54", "unsaved_b": "1"},
        follow_redirects=False))
    assert ('<p id="versions">Played: A: magic54 as saved; B: magic54 with the unsaved changes to '
            'cards/creatures.yaml.</p>') in page
    c = cli_json("compare", str(folder), str(saved), "--games", "10", "--seed", "0")
    turns = next(r for r in c["rows"] if r["measure"] == "turns")
    assert f"<tr><td>turns</td>\n<td class=\"num\">{turns['a']:.2f}</td><td class=\"num\">{turns['b']:.2f}</td>" \
           f"<td class=\"num\">{turns['difference']:+.2f}</td>" in page
    same = client.post("/p/magic54/compare", data={"games": "10", "unsaved_a": "1", "unsaved_b": "1"})
    assert same.status_code == 400 and same.text == (
        "A and B are the same: choose another pack for B, give B options that differ, or play one side with the "
        "unsaved changes\n")


def test_a_simulation_of_unsaved_changes_that_do_not_load_says_why(edited):
    client, _, _ = edited
    client.post("/p/magic54/check", json={"path": "pack.yaml", "text": "name: [broken\n"})
    page = finished(client, client.post("/p/magic54/simulate", data={"games": "3", "unsaved": "1"},
                                        follow_redirects=False))
    assert 'id="run-error"' in page and "the pack is not valid:" in page and "pack.yaml:1:" in page


# ------------------------------------------------------------------ in the form's words

@pytest.fixture(scope="module")
def three():
    client, keys = client_for(["magic54", "pub_magic", "basic_tcg"])
    client.headers["x-csrf-token"] = keys.csrf
    return client


def refusal(client, path: str, fields: dict) -> str:
    """What the page says of a form refused: at once (a 400), or on the run's page."""
    r = client.post(path, data=fields, follow_redirects=False)
    if r.status_code == 400:
        return r.text.rstrip("\n")
    page = finished(client, r)
    return re.search(r'<pre class="bad" id="run-error">(.*?)</pre>', page, re.S).group(1).replace("&#34;", '"')


DECK = "decks/swamps_and_forests.txt"


@pytest.mark.parametrize("path, fields, message", [
    ("/p/magic54/play", {"players": "human,random,random"},
     "Magic 54 is played by 2 players, but the Players field names 3 (human, random, random)"),
    ("/p/basic_tcg/play", {"players": "human,random", "deck": [DECK] * 3},
     "choose one deck list for all the seats, or one for each of the 2 seats, not 3"),
    ("/p/pub_magic/play", {"players": "human,random", "deck": ["decks/pub.txt"] * 2},
     "Pub Magic has 1 shared deck (deck): choose 1 deck list, not 2"),
    ("/p/magic54/simulate", {"games": "2", "agents": "random,heuristic,mcts", "fixed_seats": "1"},
     '"keep each computer player in its seat" is ticked, and Magic 54 is played here by 2 players: '
     'mcts would never play'),
    ("/p/basic_tcg/simulate", {"games": "2", "deck": [DECK] * 3},
     "choose one deck list for all the seats, or one for each of the 2 seats, not 3"),
    ("/p/magic54/simulate", {"games": "2", "players": "3"}, "Magic 54 is played by 2 players, not 3"),
])
def test_a_form_refused_names_its_fields_not_the_commands_options(three, path, fields, message):
    assert refusal(three, path, fields) == message


def test_two_versions_played_by_different_numbers_of_players_ask_for_players():
    from types import SimpleNamespace

    from cardtable.interpreter.play import compare as comparing
    from cardtable.serve.wording import in_form_words

    with pytest.raises(comparing.CompareError) as e:
        comparing.compare(SimpleNamespace(num_players=2), SimpleNamespace(num_players=4), None, None, [], [])
    assert in_form_words(str(e.value)) == "A is played by 2 players and B by 4: fill in Players"


class Finishing:
    """A finished run whose status reads "running" the first time and "done" after: a
    page made while the run's thread finishes it."""

    def __init__(self, run):
        self.__dict__.update(_run=run, _reads=0)

    def __getattr__(self, name):
        if name == "status":
            self.__dict__["_reads"] += 1
            return "running" if self._reads == 1 else "done"
        return getattr(self._run, name)


def test_a_run_page_made_as_the_run_ends_shows_it_whole_or_running(magic):
    r = magic.post("/p/magic54/compare", data={"games": "4", "seed": "0", "agents": "random", "pack_b": "magic54",
                                              "option_a_starting_life": "20", "option_b_starting_life": "8"},
                   follow_redirects=False)
    finished(magic, r)
    runs = magic.app.state.runs
    run_id = r.headers["location"].rsplit("/", 1)[1]
    runs[run_id] = Finishing(runs[run_id])
    page = magic.get(r.headers["location"]).text
    # The status is read once: the page is the running one throughout, not half of each.
    assert 'id="progress"' in page and 'data-events=' in page
    assert 'class="chart"' not in page and 'id="differences"' not in page and 'id="cli-text"' not in page


def test_a_body_past_the_limit_is_refused_whether_it_says_its_size_or_not(magic):
    from cardtable.interpreter.infiles import TEXT_LIMIT
    said = magic.post("/p/magic54/simulate", content=b"x" * (2 * TEXT_LIMIT + 1),
                      headers={"content-type": "application/x-www-form-urlencoded"})
    assert (said.status_code, said.text) == (413, "the request is larger than a pack file may be\n")

    def chunks():       # sent in chunks, with no size said: read no further than the limit
        for _ in range(3 * TEXT_LIMIT // (1 << 20)):
            yield b"x" * (1 << 20)
    unsaid = magic.post("/p/magic54/simulate", content=chunks(),
                        headers={"content-type": "application/x-www-form-urlencoded"})
    assert (unsaid.status_code, unsaid.text) == (413, "the request is larger than a pack file may be\n")


def test_versions_played_by_different_numbers_of_players_are_refused_before_any_game():
    client, keys = client_for(["magic54", "hearts"])
    client.headers["x-csrf-token"] = keys.csrf
    r = client.post("/p/magic54/compare", data={"games": "4", "pack_b": "hearts"}, follow_redirects=False)
    assert (r.status_code, r.text) == (400, "A is played by 2 players and B by 4: fill in Players\n")
    assert client.app.state.runs == {}
