"""Replaying game records at the workbench (Starlette's TestClient): a file of records
stepped through decision by decision, and where a changed pack parts ways with it."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable import cli
from cardtable.interpreter.play.records import parse_records
from tests.test_play import _ranked, cardtable
from tests.test_serve import client_for

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def records(tmp_path_factory) -> str:
    out = tmp_path_factory.mktemp("records") / "games.jsonl"
    result = CliRunner().invoke(cli.main, ["simulate", "magic54", "-n", "2", "--seed", "7", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out.read_text()


@pytest.fixture
def served(tmp_path):
    folder = tmp_path / "magic54"
    shutil.copytree(ROOT / "variants" / "magic54", folder)
    client, keys = client_for([folder])
    client.headers["x-csrf-token"] = keys.csrf
    return client, folder


def opened(client, text: str) -> str:
    r = client.post("/replay", json={"name": "games.jsonl", "text": text})
    assert r.status_code == 200, r.text
    return r.json()["url"]


def test_a_record_is_stepped_through_decision_by_decision(served, records):
    client, _ = served
    url = opened(client, records)
    listing = client.get(url).text
    record = parse_records(records, "games.jsonl")[1][1]
    # Game 2 is on line 3 of the file, after the run's manifest and game 1.
    assert f'<a href="{url}/2?at=0">game 2</a></td><td>3</td><td>magic54</td><td class="num">8</td>' in listing
    # Each game's end as the log words it, with the served pack's seat names.
    ends = [("Red wins the game" if r["result"][0] > 0 else "Black wins the game")
            for _, r in parse_records(records, "games.jsonl")]
    assert re.findall(r'<td class="num">\d+</td><td>([^<]*)</td></tr>', listing) == ends
    page = client.get(f"{url}/2", params={"at": "3"}).text
    assert "after decision 3 of " + str(len(record["decisions"])) in page
    seat, _, label = record["decisions"][3]
    assert f"The record's next decision: {['Red', 'Black'][seat]}: {label}" in page
    assert "The pack plays the record's game to its end" in page
    end = client.get(f"{url}/2").text
    assert f"after decision {len(record['decisions'])} of {len(record['decisions'])}" in end
    assert 'id="over"' in end


def test_a_ranked_end_is_worded_with_its_places_as_play_words_it(tmp_path):
    folder = _ranked(tmp_path, "{name: Ann}, {name: Ben}, {name: Cleo}")
    saved = tmp_path / "game.json"
    r = cardtable(str(folder), "--players", "human,human,human", "--seed", "1", "--option", "turn_limit=3",
                  "--save", str(saved), input="0\n1\n2\n")
    assert r.exit_code == 0, r.output
    client, keys = client_for([folder])
    client.headers["x-csrf-token"] = keys.csrf
    page = client.get(opened(client, saved.read_text()) + "/1").text
    said = "the places are Ann 1st; Ben 2nd; Cleo 3rd"
    assert f"The pack plays the record's game to its end: 3 decisions, as recorded ({said})." in page
    assert f'<p class="over" id="over">Game over: {said}</p>' in page
    # The list of the file's games words it the same way; a pack of another id, not
    # served here, names the seats by number.
    assert f"<td>{said}</td></tr>" in client.get(opened(client, saved.read_text())).text
    other = saved.read_text().replace(f'"pack":"{json.loads(saved.read_text())["pack"]}"', '"pack":"elsewhere"')
    assert "<td>the places are seat 1 1st; seat 2 2nd; seat 3 3rd</td></tr>" in client.get(opened(client, other)).text


def test_a_seats_view_of_a_replay_hides_what_the_seat_may_not_see(served, records):
    client, _ = served
    url = opened(client, records)
    page = client.get(f"{url}/1", params={"at": "0", "seat": "0"}).text
    assert re.search(r'<b>hand</b> \d+ cards', page)         # Black's hand, as Red sees it
    everyone = client.get(f"{url}/1", params={"at": "0", "seat": "all"}).text
    assert not re.search(r'<b>hand</b> \d+ cards', everyone)


def test_where_a_changed_pack_parts_ways_with_the_record(served, records):
    client, folder = served
    creatures = folder / "cards" / "creatures.yaml"
    creatures.write_text(creatures.read_text().replace("    cost: 1\n    attack: 1", "    cost: 2\n    attack: 1"))
    client.app.state.workspace.packs["magic54"].changed()
    url = opened(client, records)
    page = client.get(f"{url}/1", params={"at": "0"}).text
    found = re.search(r"The versions part ways</b> at decision (\d+) \(turn \d+\): the record has Red choose "
                      r"&#34;Summon: Jack of Hearts&#34; \(option \d+\), but the pack now asks", page)
    assert found, page[:3000]
    at = int(found.group(1)) - 1
    assert f'<a href="{url}/1?pack=magic54&amp;seat=all&at={at}">Go there</a>' in page
    there = client.get(f"{url}/1", params={"at": str(at)}).text
    assert f"after decision {at} of" in there and 'id="forward"' not in there
    # The end of the replay is where it parts ways: the game goes no further.
    assert f"after decision {at} of" in client.get(f"{url}/1").text


def test_a_file_that_is_not_records_is_refused_with_its_line(served):
    client, _ = served
    r = client.post("/replay", json={"name": "notes.jsonl", "text": '{"format": 1}\nnot json\n'})
    assert r.status_code == 200       # a file whose lines are not records opens, each line says why
    listing = client.get(r.json()["url"]).text
    assert 'notes.jsonl:1:1: error: the game record has no &#34;pack&#34;' in listing
    assert "notes.jsonl:2:1: error: not a game record: Expecting value" in listing
    r = client.post("/replay", json={"name": "empty.jsonl", "text": ""})
    assert r.json()["error"] == "empty.jsonl:1:1: error: the file holds no game record"


def test_record_files_past_the_workbenchs_budget_of_text_are_forgotten_oldest_first(served, records, monkeypatch):
    from cardtable.serve import app
    client, _ = served
    monkeypatch.setattr(app, "KEPT_TEXT", 2 * len(records))
    first, second, third = (opened(client, records) for _ in range(3))
    assert client.get(first).status_code == 404
    assert "no such file of records is open here" in client.get(first).text
    assert client.get(second).status_code == client.get(third).status_code == 200
    # One file larger than the whole budget is still kept open, alone.
    monkeypatch.setattr(app, "KEPT_TEXT", 10)
    last = opened(client, records)
    assert client.get(last).status_code == 200 and client.get(third).status_code == 404
