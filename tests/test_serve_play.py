"""Playing at the workbench (Starlette's TestClient): a game from the form to its end,
one seat's view that hides what the seat may not see, undo, refusals, and a position
kept as a scenario that `cardtable test` passes."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from cardtable import Game, Report, load_pack
from cardtable.interpreter.packs.scenario import ScenarioFailure, load_scenarios, run_scenario
from cardtable.serve.tables import record_line
from tests.test_serve import client_for

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def magic(tmp_path):
    folder = tmp_path / "magic54"
    shutil.copytree(ROOT / "variants" / "magic54", folder)
    client, keys = client_for([folder])
    client.headers["x-csrf-token"] = keys.csrf
    return client, folder


def start(client, pack="magic54", **fields) -> str:
    r = client.post(f"/p/{pack}/play", data={"players": "human,random", "seed": "3", **fields},
                    follow_redirects=False)
    assert r.status_code == 303, r.text
    return r.headers["location"]


def at(page: str) -> str:
    return re.search(r'name="at" value="(\d+)"', page).group(1)


def choose(client, table: str, action: int, page: str, seat: int = 0):
    return client.post(f"/t/{table}/choose", data={"seat": str(seat), "at": at(page), "action": str(action)})


def test_a_game_is_played_to_its_end_by_choosing_options(magic):
    client, _ = magic
    url = start(client)
    table = url.split("/")[2].split("?")[0]
    page = client.get(url).text
    clicks = 0
    while "Game over" not in page:
        r = choose(client, table, 0, page)
        assert r.status_code == 200
        page, clicks = r.text, clicks + 1
    # The same game as the engine plays: Red always takes the first option, Black is the random agent.
    from cardtable.interpreter.play.agents import make_agent
    game = Game(load_pack("magic54", Report()))
    state, black = game.new_initial_state(seed=3), make_agent("random", "3:1")
    while not state.is_terminal():
        state.apply_action(0 if state.current_player() == 0 else black.choose(state))
    assert f"{'Red' if state.returns()[0] > 0 else 'Black'} wins the game (turn {state.turn}, " \
           f"{len(state.history)} decisions)." in page
    assert clicks == sum(1 for seat, _, _ in state.history if seat == 0)
    record = client.get(f"/t/{table}/record")
    assert record.status_code == 200 and f'"seed":3' in record.text and '"agents":["human","random"]' in record.text


def test_the_page_shows_the_table_values_as_the_terminal_board_does(tmp_path):
    shutil.copytree(ROOT / "variants" / "hearts", tmp_path / "hearts")
    client, keys = client_for([tmp_path / "hearts"])
    client.headers["x-csrf-token"] = keys.csrf
    page = client.get(start(client, "hearts", players="human,random,random,random")).text
    assert ('<div class="counters" data-zone="table"><b>table</b> <span>hearts broken <b>0</b></span> '
            '<span>led <b>–</b></span> </div>') in page
    # Where the game is, as the terminal's board says it: the hand, before its first trick.
    assert '<p class="turnline">Hand 1: before the first trick\n' in page


def test_the_page_shows_nothing_the_seat_may_not_see(magic):
    client, _ = magic
    url = start(client)
    page = client.get(url).text
    table = url.split("/")[2].split("?")[0]
    state = client.app.state.tables[table].state
    black_hand = state.observation(1)["players"][1]["zones"]["hand"]
    red_deck = state.observation(None)["players"][0]["zones"]["deck"]
    assert black_hand and red_deck
    for card in black_hand + red_deck:
        assert card["name"] not in page, card["name"]
    for card in state.observation(0)["players"][0]["zones"]["hand"]:
        assert card["name"] in page
    assert re.search(r'<b>hand</b> \d+ cards', page)
    # The game record tells every card: not before the game is over.
    r = client.get(f"/t/{table}/record")
    assert r.status_code == 409 and "once the game is over" in r.text


def test_undo_goes_back_to_a_persons_earlier_decision(magic):
    client, _ = magic
    url = start(client)
    table = url.split("/")[2].split("?")[0]
    first = client.get(url).text
    page = choose(client, table, len(re.findall(r'name="action"', first)) - 1, first).text
    page = choose(client, table, 0, page).text
    red_first = re.search(r'name="to" value="(\d+)"', page).group(1)     # the decisions before it are Black's
    assert red_first == at(first)
    r = client.post(f"/t/{table}/undo", data={"seat": "0", "to": red_first})
    assert r.status_code == 200 and f"back to decision {int(red_first) + 1}" in r.text
    options = re.compile(r'name="action" value="\d+"><button type="submit">([^<]*)</button>')
    assert options.findall(r.text) == options.findall(first)
    assert at(r.text) == at(first)
    r = client.post(f"/t/{table}/undo", data={"seat": "0", "to": "0"})
    assert r.status_code == 409 and "decision 1 was Black&#39;s, a computer player&#39;s" in r.text


@pytest.mark.parametrize("fields, status, message", [
    ({"seat": "1", "action": "0"}, 409, "it is Red&#39;s decision, not Black&#39;s"),
    ({"seat": "0", "action": "99"}, 409, "99 is not one of the"),
    ({"seat": "0", "action": "0", "at": "7"}, 409, "the game has moved on since this page was drawn"),
    ({"seat": "5", "action": "0"}, 400, "the game has 2 seats: there is no seat 5"),
    ({"seat": "0", "action": "x"}, 400, 'the option must be a whole number of at least 0, not "x"'),
])
def test_a_move_that_is_not_offered_is_refused_with_a_reason(magic, fields, status, message):
    client, _ = magic
    url = start(client)
    table = url.split("/")[2].split("?")[0]
    page = client.get(url).text
    r = client.post(f"/t/{table}/choose", data={"at": at(page), **fields})
    assert r.status_code == status and message in r.text


def test_a_bad_game_form_is_refused_with_the_reason(magic):
    client, _ = magic
    r = client.post("/p/magic54/play", data={"players": "human,wizard", "seed": "1"})
    assert r.status_code == 400 and 'no player named "wizard"' in r.text
    r = client.post("/p/magic54/play", data={"players": "human,random,random"})
    assert (r.status_code, r.text) == (400, "Magic 54 is played by 2 players, but the Players field "
                                             "names 3 (human, random, random)\n")
    r = client.post("/p/magic54/play", data={"players": "human,random", "option_starting_life": "0"})
    assert r.status_code == 400 and 'option "starting_life" must be at least 1, not 0' in r.text
    assert client.get("/t/nothing").status_code == 404


def test_a_position_kept_as_a_scenario_passes_cardtable_test(magic):
    client, folder = magic
    url = start(client)
    table = url.split("/")[2].split("?")[0]
    page = client.get(url).text
    for _ in range(3):
        page = choose(client, table, 0, page).text
    assert client.post(f"/t/{table}/mark", data={"seat": "0"}).status_code == 200
    for _ in range(4):
        page = choose(client, table, len(re.findall(r'name="action"', page)) - 1, page).text
    r = client.post(f"/t/{table}/keep", data={"seat": "0", "file": "tests/played.yaml", "name": "played at the table"})
    assert r.status_code == 200, r.text
    assert 'added the scenario &#34;played at the table&#34; to tests/played.yaml' in r.text
    text = (folder / "tests" / "played.yaml").read_text()
    assert text.startswith("scenarios:\n  - name: played at the table\n")
    # A second one goes to the end of the same file.
    r = client.post(f"/t/{table}/keep", data={"seat": "0", "file": "tests/played.yaml", "name": "again"})
    assert r.status_code == 200
    run = subprocess.run([sys.executable, "-m", "cardtable.cli", "test", str(folder), "-k", "a", "-v"],
                         capture_output=True, text=True, cwd=ROOT)
    assert "ok   played at the table" in run.stdout and "ok   again" in run.stdout
    assert run.returncode == 0, run.stdout + run.stderr


def test_a_scenario_file_outside_tests_hidden_or_of_odd_characters_is_refused(magic):
    client, folder = magic
    url = start(client)
    table = url.split("/")[2].split("?")[0]
    for file in ("pack.yaml", "../x.yaml", "tests/../pack.yaml", "tests/.hidden.yaml", "tests/a\nb.yaml",
                 "tests/\x1b[2J.yaml"):
        r = client.post(f"/t/{table}/keep", data={"seat": "0", "file": file, "name": "x"})
        assert r.status_code == 409 and "is not a scenario file of the pack: give tests/NAME.yaml" in r.text


def test_hot_seat_hides_the_table_until_the_next_person_sits_down(magic):
    client, _ = magic
    url = start(client, players="human,human")
    table = url.split("/")[2].split("?")[0]
    state = client.app.state.tables[table].state
    first = state.current_player()
    page = client.get(f"/t/{table}", params={"seat": str(first)}).text
    # The first to decide passes until the decision is the other's.
    while client.app.state.tables[table].state.current_player() == first:
        page = choose(client, table, 0, page, seat=first).text
    other = 1 - first
    names = client.app.state.tables[table].names
    assert f"<b>{names[other]} to decide.</b> Pass the screen to {names[other]}." in page
    assert 'class="seats"' not in page and 'name="action"' not in page
    theirs = client.get(f"/t/{table}/board", params={"seat": str(other)}).text
    hand = client.app.state.tables[table].state.observation(other)["players"][other]["zones"]["hand"]
    assert all(card["name"] in theirs for card in hand) and 'name="action"' in theirs


def test_no_more_games_are_played_at_once_than_the_machine_has_cores(magic, monkeypatch):
    # 45 games of computer players asked at once each took a thread for its whole game,
    # and the workbench stopped answering anything else.
    import os
    import threading
    import time

    from cardtable.serve import play_pages
    client, _ = magic
    at_once, most, lock = [0], [0], threading.Lock()
    made = play_pages.new_table

    def slow_table(*args):
        with lock:
            at_once[0] += 1
            most[0] = max(most[0], at_once[0])
        time.sleep(0.2)
        try:
            return made(*args)
        finally:
            with lock:
                at_once[0] -= 1
    monkeypatch.setattr(play_pages, "new_table", slow_table)
    asked = [threading.Thread(target=start, args=(client,), kwargs={"players": "random,random", "seed": str(k)})
             for k in range(3 * (os.cpu_count() or 1))]
    with client:        # one event loop for every request, as the workbench has
        for t in asked:
            t.start()
        for t in asked:
            t.join(timeout=60)
    assert most[0] == (os.cpu_count() or 1)


def test_a_computer_player_that_thinks_too_long_is_stopped_and_the_page_says_why(magic, monkeypatch):
    # A search of a hundred million playouts was one decision of days: the page never came,
    # and its thread held one of the machine's cores for good.
    from cardtable.serve import tables

    monkeypatch.setattr(tables, "THINKING", 0.5)
    client, _ = magic
    url = start(client, players="human,mcts:playouts=100000000")
    table, page = re.search(r"/t/([\w-]+)", url).group(1), client.get(url).text
    for _ in range(20):         # Red's decisions, until Black's first
        if "The game stopped" in page:
            break
        page = choose(client, table, 0, page).text
    said = re.search(r"<h2>The game stopped</h2><pre>(.*?)</pre>", page, re.S).group(1)
    assert re.fullmatch(r"Black, a computer player \(mcts:playouts=100000000\), thought more than 0\.5 seconds over "
                        r"decision \d+ \(turn \d+\), and was stopped: the workbench plays computer players that decide "
                        r"within 0\.5 seconds \(fewer playouts, a shorter time\)", said), said


def template_pack(tmp_path, *changes: tuple[str, str]) -> Path:
    """The pack `cardtable new` writes, with pack.yaml's texts changed as `changes` say."""
    folder = tmp_path / "mine"
    shutil.copytree(ROOT / "templates" / "pack", folder)
    text = (folder / "pack.yaml").read_text()
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new)
    (folder / "pack.yaml").write_text(text)
    return folder


# Cards go back into the deck, so that every turn has a decision and no one loses: each
# game lasts the engine's 1,000 turns, of 10,000 rounds of loops each (seconds in all).
ENDLESS = [("deal strength of this damage to target\n          discard this", "put this on bottom of your deck"),
           ("    script: draw a card", "    script: |\n      repeat 100 times:\n        repeat 100 times: do nothing\n"
                                     "      draw a card")]


def test_computer_players_that_play_on_too_long_are_stopped_and_the_page_says_why(tmp_path, monkeypatch):
    # A pack whose turns each take a second, with 100,000 turns, played a game of computer
    # players for days: the page never came, and two such games held every core of the
    # workbench's games (no other game started, no move was answered) until it was killed.
    from cardtable.serve import tables

    monkeypatch.setattr(tables, "PLAYING", 0.3)
    client, keys = client_for([template_pack(tmp_path, *ENDLESS)])
    client.headers["x-csrf-token"] = keys.csrf
    url = start(client, "mine", players="random,random")
    table = client.app.state.tables[re.search(r"/t/([\w-]+)", url).group(1)]
    assert not table.state.is_terminal() and table.state.turn < 1000
    said = re.search(r"<h2>The game stopped</h2><pre>(.*?)</pre>", client.get(url).text, re.S).group(1)
    assert said == (f"the computer players played for more than 0.3 seconds without a person deciding, and were "
                    f"stopped before decision {len(table.state.history) + 1} (turn {table.state.turn}): the "
                    f"workbench&#39;s tables play 0.3 seconds at a time (Play on gives them as long again); "
                    f"`cardtable simulate` plays games of computer players to their end")
    # A game whose computer players need longer goes on when asked, as long again.
    stopped_at = len(table.state.history)
    r = client.post(f"{url.split('?')[0]}/playon", data={"seat": "0"})
    assert r.status_code == 200 and 'id="playon"' in r.text and len(table.state.history) > stopped_at
    table.resumable = False         # as a game that broke down, or whose player thought too long
    r = client.post(f"{url.split('?')[0]}/playon", data={"seat": "0"})
    assert r.status_code == 409
    assert "the computer players are not stopped for the time they took: nothing to play on" in r.text


def test_rules_that_break_as_the_game_is_set_up_or_played_are_said_not_a_failure(tmp_path):
    # A loop that never ends in the setup, or in a card the computer players play, was a 500:
    # "the workbench could not do this (RuleError: ...)".
    folder = template_pack(tmp_path, ("setup: |\n", "setup: |\n  while true: do nothing\n"))
    client, keys = client_for([folder])
    client.headers["x-csrf-token"] = keys.csrf
    r = client.post("/p/mine/play", data={"players": "human,random", "seed": "1"})
    assert (r.status_code, r.text) == (409, f'{folder}/pack.yaml:56:3: error: the game stopped on turn 1: "while '
                                            f'true" ran its block 10,000 times and would run it again: a loop runs at '
                                            f'most 10,000 times\n')
    folder = template_pack(tmp_path / "b", ("discard this", "while true: do nothing"))
    client, keys = client_for([folder])
    client.headers["x-csrf-token"] = keys.csrf
    url = start(client, "mine", players="random,random")
    page = client.get(url).text
    assert (f'<h2>The rules broke down</h2><pre>{folder}/pack.yaml:36:11: error: the game stopped after 2 decisions '
            f'(turn 1): &#34;while true&#34; of Spark ran its block 10,000 times and would run it again: a loop runs at '
            f'most 10,000 times</pre>') in page


def test_ctrl_c_stops_the_workbench_while_computer_players_play(tmp_path):
    # The thread of a game of computer players played on after Ctrl-C, and kept the process
    # alive (a pack of 100,000 turns: for hours), though the workbench said "stopped".
    import os
    import signal
    import threading
    import time
    import urllib.request

    from checkout import importable
    from tests.test_workers import _hears_ctrl_c

    folder = template_pack(tmp_path, *ENDLESS, ("checks: |", "end: {max_turns: 100000}\nchecks: |"))
    env = {**os.environ, "PYTHONPATH": str(importable())}
    server = subprocess.Popen([sys.executable, "-m", "cardtable.cli", "serve", str(folder), "--port", "0"], cwd=tmp_path,
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              preexec_fn=_hears_ctrl_c)     # also where the tests run with Ctrl-C ignored
    try:
        url = re.search(r"http://127\.0\.0\.1:\d+/", server.stdout.readline()).group(0)
        csrf = re.search(r'name="csrf-token" content="([^"]+)"', urllib.request.urlopen(url).read().decode()).group(1)
        ask = urllib.request.Request(f"{url}p/mine/play", data=b"players=random,random", headers={"x-csrf-token": csrf})

        def asking():
            try:
                urllib.request.urlopen(ask).read()
            except OSError:     # the workbench stopped as it played: what this request got is no matter
                pass
        threading.Thread(target=asking, daemon=True).start()
        time.sleep(2)
        server.send_signal(signal.SIGINT)
        server.wait(30)
    finally:
        server.kill()
        server.wait()
    assert server.returncode == 130     # Ctrl-C's, as every command ends on it



# Two Sparks in Ann's hand, one tapped by the setup; a tapped Spark deals 3 damage, an untapped one 1.
ALIKE = [("    p draws opening_hand cards\n", "    p draws opening_hand cards\n    tap each card in p's hand\n"),
         ("deal strength of this damage to target", "deal (if this is tapped then 3 else 1) damage to target"),
         ("opening_hand: {default: 3", "opening_hand: {default: 1"), ("[14 Spark, 6 Flare]", "[20 Spark]")]


@pytest.fixture
def alike(tmp_path):
    """A table of the pack above at Ann's first decision: pass, or one of her two Sparks."""
    folder = template_pack(tmp_path, *ALIKE)
    client, keys = client_for([folder])
    client.headers["x-csrf-token"] = keys.csrf
    url = start(client, "mine", seed="0")
    return client, folder, url.split("/")[2].split("?")[0], client.get(url).text


def test_options_that_read_the_same_are_shown_told_apart_on_the_page(alike):
    # The page showed "Play: Spark" twice.
    client, _, table, page = alike
    buttons = re.findall(r'name="action" value="(\d+)"><button type="submit">([^<]*)</button>', page)
    assert buttons == [("0", "pass"), ("1", "Play: Spark (tapped)"), ("2", "Play: Spark (untapped)")]
    page = choose(client, table, 2, page).text
    # The decisions taken read as they were shown.
    assert re.search(r"<li>Ann: Play: Spark \(untapped\)\s*<form", page), page


def test_a_scenario_kept_names_an_option_as_shown_so_that_it_replays_the_same(alike):
    # The scenario kept wrote "Ann: Play: Spark", which plays the first Spark (the tapped
    # one, 3 damage) where Ann had played the other: it failed and was not written.
    client, folder, table, page = alike
    page = choose(client, table, 2, page).text              # the untapped Spark
    page = choose(client, table, 1, page).text              # at Ben
    r = client.post(f"/t/{table}/keep", data={"seat": "0", "file": "tests/played.yaml", "name": "the untapped Spark"})
    assert r.status_code == 200, r.text
    kept = yaml.safe_load((folder / "tests" / "played.yaml").read_text())["scenarios"][0]
    assert kept["script"] == ["Ann: Play: Spark (untapped)", "Ann: Ben"]
    assert kept["expect"]["players"][1]["counters"] == {"life": 9}
    run = subprocess.run([sys.executable, "-m", "cardtable.cli", "test", str(folder), "-k", "untapped", "-v"],
                         capture_output=True, text=True, cwd=ROOT)
    assert "ok   the untapped Spark" in run.stdout and run.returncode == 0, run.stdout + run.stderr


def test_a_scenario_kept_expects_the_options_open_as_shown(alike):
    # It wrote "Play: Spark" twice, the labels kept of the options: not what the buttons read.
    client, folder, table, _ = alike
    r = client.post(f"/t/{table}/keep", data={"seat": "0", "file": "tests/open.yaml", "name": "two Sparks"})
    assert r.status_code == 200, r.text
    kept = yaml.safe_load((folder / "tests" / "open.yaml").read_text())["scenarios"][0]
    assert kept["expect"]["decision"] == {"player": "Ann",
                                          "options": ["pass", "Play: Spark (tapped)", "Play: Spark (untapped)"]}
    opened = folder / "tests" / "open.yaml"
    run = subprocess.run([sys.executable, "-m", "cardtable.cli", "test", str(opened), "-v"],
                         capture_output=True, text=True, cwd=ROOT)
    assert "ok   two Sparks" in run.stdout and run.returncode == 0, run.stdout + run.stderr
    # Options expected otherwise are told as the buttons read; as labelled, they pass too.
    scenario = load_scenarios(opened, Report())[0]
    pack = load_pack(str(folder), Report())
    for options, failed in ([["pass", "Play: Spark (tapped)"], "Ann's options are [pass; Play: Spark (tapped); "
                             "Play: Spark (untapped)], not [pass; Play: Spark (tapped)]"],
                            [["pass", "Play: Spark", "Play: Spark"], None]):
        scenario.raw["expect"]["decision"]["options"] = options
        try:
            run_scenario(pack, scenario)
            told = None
        except ScenarioFailure as e:
            told = e.message
        assert told == failed


def test_the_replay_page_names_the_records_next_decision_as_shown(alike):
    client, _, table, page = alike
    choose(client, table, 2, page)
    line = record_line(client.app.state.tables[table])
    r = client.post("/replay", json={"name": "game.jsonl", "text": line})
    assert r.status_code == 200, r.text
    page = client.get(f"{r.json()['url']}/1", params={"at": "0", "pack": "mine"}).text
    assert "The record's next decision: Ann: Play: Spark (untapped)</p>" in page, page
