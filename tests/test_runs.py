"""A run's file: the manifest on its first line, the games streamed in run order as
they finish, --resume playing only the games the file lacks (a line cut off by a
killed run played again), a different run refused, and so is a line that is not one
of its games or whose stats a summary cannot read; the backends named and refused."""
from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.cli import main
from cardtable.interpreter.play import batch as batching

RUN = ["simulate", "magic54", "-n", "6", "--seed", "3", "--agents", "random,heuristic", "--format", "json"]


def cli(*args):
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output, result.output
    return result


def counting_games(monkeypatch) -> list:
    """The seeds of the games played from now on, in this process."""
    seeds = []
    play = batching.play_game

    def play_game(game, specs, seed, *args):
        seeds.append(seed)
        return play(game, specs, seed, *args)
    monkeypatch.setattr(batching, "play_game", play_game)
    return seeds


def test_the_manifest_says_what_makes_the_games(tmp_path):
    out = tmp_path / "games.jsonl"
    r = cli(*RUN, "--out", str(out), "--option", "starting_life=12")
    assert r.exit_code == 0, r.output
    head, *games = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    version = head["versions"][0]
    assert len(version.pop("sha256")) == 64
    assert head == {"format": "cardtable-run/1", "command": "simulate", "cardtable": "0.1.0", "games": 6, "seed": 3,
                    "players": 2, "agents": ["random", "heuristic"], "rotate": True,
                    "versions": [{"label": "", "pack": "magic54", "version": "2.6.0", "source": "magic54",
                                  "options": {"starting_life": 12, "opening_hand": 5, "hand_limit": 5,
                                              "turn_limit": 200}}],
                    "backend": "local", "address": None, "jobs": 1}
    assert [(g["run"], g["seed"], g["stats"]["index"]) for g in games] == [(i, 3 + i, i) for i in range(6)]
    assert all(g["stats"]["result"] == g["result"] and g["stats"]["decisions"] == len(g["decisions"]) for g in games)


def test_resume_plays_only_the_games_the_file_lacks_and_gives_the_same_summary_and_file(tmp_path, monkeypatch):
    whole = tmp_path / "whole.jsonl"
    fresh = cli(*RUN, "--out", str(whole), "--jobs", "2")
    lines = whole.read_text(encoding="utf-8").splitlines(keepends=True)
    # A run killed while writing game 4: three games whole, the fourth cut off.
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[:4]) + lines[4][:40], encoding="utf-8")
    seeds = counting_games(monkeypatch)
    resumed = cli(*RUN, "--out", str(cut), "--resume")
    assert resumed.exit_code == 0, resumed.output
    assert seeds == [6, 7, 8]
    assert resumed.output == fresh.output
    # The file is the one the uninterrupted run wrote (its manifest says where the run began).
    assert cut.read_text(encoding="utf-8") == "".join(lines)
    seeds.clear()
    again = cli(*RUN, "--out", str(cut), "--resume")
    assert (again.output, seeds) == (fresh.output, [])


def test_resume_refuses_another_run_and_needs_a_file(tmp_path):
    out = tmp_path / "games.jsonl"
    assert cli(*RUN, "--out", str(out)).exit_code == 0
    before = out.read_text(encoding="utf-8")
    r = cli(*RUN, "--out", str(out), "--resume", "--seed", "4")
    assert (r.exit_code, r.output) == (1, f'error: {out}: --resume continues the same run, and this one differs in '
                                          f'"seed" (the file\'s: 3; this run\'s: 4): give another --out, or leave '
                                          f'out --resume to replace the file\n')
    assert out.read_text(encoding="utf-8") == before
    r = cli(*RUN, "--out", str(out), "--resume", "--option", "starting_life=9")
    assert (r.exit_code, r.output) == (1, f'error: {out}: --resume continues the same run, and this one differs in '
                                          f'option "starting_life" (the file\'s: 20; this run\'s: 9): give another '
                                          f'--out, or leave out --resume to replace the file\n')
    copy = tmp_path / "m54"
    shutil.copytree(Path(__file__).parent.parent / "variants" / "magic54", copy)
    r = cli(*[str(copy) if a == "magic54" else a for a in RUN], "--out", str(out), "--resume")
    assert r.exit_code == 1 and f'differs in the pack\'s name as given (the file\'s: "magic54"; this run\'s: ' \
        f'"{copy}")' in r.output
    manifest = json.loads(before.splitlines()[0])
    manifest["versions"][0]["sha256"] = "0" * 64
    out.write_text(json.dumps(manifest) + "\n" + "".join(before.splitlines(True)[1:]), encoding="utf-8")
    r = cli(*RUN, "--out", str(out), "--resume")
    assert r.exit_code == 1 and "differs in the pack's content (its files have changed): give another" in r.output
    out.write_text(before, encoding="utf-8")
    r = cli(*RUN, "--resume")
    assert r.exit_code == 2 and "--resume continues the run written in the file --out names: give --out FILE" \
        in r.output
    old = tmp_path / "old.jsonl"
    old.write_text(before.splitlines()[1] + "\n", encoding="utf-8")
    r = cli(*RUN, "--out", str(old), "--resume")
    assert (r.exit_code, r.output) == (1, f"{old}:1:1: error: the file has no manifest on its first line: it "
                                          f"was not written by a run of cardtable 0.1.0, and --resume cannot tell "
                                          f"which games it holds\n")


SHORT = ["simulate", "magic54", "-n", "4", "--seed", "0"]


@pytest.fixture(scope="module")
def short_run(tmp_path_factory) -> list:
    """The lines of the file of the run SHORT."""
    out = tmp_path_factory.mktemp("run") / "games.jsonl"
    assert cli(*SHORT, "--out", str(out)).exit_code == 0
    return out.read_text(encoding="utf-8").splitlines(keepends=True)


def changed_game(line: str, change) -> str:
    game = json.loads(line)
    change(game)
    return json.dumps(game) + "\n"


def refused_resume(tmp_path, monkeypatch, lines: list) -> tuple:
    """The exit code and output of resuming SHORT from a file of these lines, once it is
    checked that no game was played and the file is as it was."""
    out = tmp_path / "games.jsonl"
    out.write_text("".join(lines), encoding="utf-8")
    seeds = counting_games(monkeypatch)
    r = cli(*SHORT, "--out", str(out), "--resume")
    assert (seeds, out.read_text(encoding="utf-8")) == ([], "".join(lines))
    return r.exit_code, r.output.replace(str(out), "FILE")


STATS = {
    "empty": (lambda g: g.update(stats={}), '"stats" has no "seed" (it takes a whole number)'),
    "not a mapping": (lambda g: g.update(stats=[]), '"stats" is not a mapping'),
    "turns as text": (lambda g: g["stats"].update(turns="many"),
                      '"stats" has a wrong "turns" (it takes a whole number of at least 0)'),
    "plays a number": (lambda g: g["stats"].update(plays=5),
                       '"stats" has a wrong "plays" (it takes a list of 2 mappings of card names to how often the '
                       'player played them)'),
    "a leader past the seats": (lambda g: g["stats"]["leaders"].append(2),
                                '"stats" has a wrong "leaders" (it takes a list of seats, 0 to 1, or null, one a '
                                'turn)'),
    "places for 3": (lambda g: g["stats"].update(places=[1, 2, 2]),
                     '"stats" has a wrong "places" (it takes a list of 2 places from 1, one a player)'),
    "another result": (lambda g: g["stats"].update(result=g["result"][::-1]),
                       '"stats" and its record differ in "result"'),
}


@pytest.mark.parametrize("name", list(STATS))
def test_resume_refuses_stats_a_summary_cannot_read_before_any_game_is_played(tmp_path, monkeypatch, short_run, name):
    change, said = STATS[name]
    lines = [*short_run[:1], changed_game(short_run[1], change), *short_run[2:3]]
    assert refused_resume(tmp_path, monkeypatch, lines) == (1, f"FILE:2:1: error: the game's {said}\n")


def test_resume_refuses_nan_in_stats_as_replay_refuses_it_in_a_record(tmp_path, monkeypatch, short_run):
    lines = [*short_run[:1], changed_game(short_run[1], lambda g: g["stats"].update(turns=float("nan"))),
             *short_run[2:3]]
    assert refused_resume(tmp_path, monkeypatch, lines) == (
        1, "FILE:2:1: error: not a line of a run: NaN is not a number JSON has\n")


def test_resume_refuses_a_game_line_that_is_not_a_game_record(tmp_path, monkeypatch, short_run):
    lines = [*short_run[:2], changed_game(short_run[2], lambda g: g.update(players=3))]
    assert refused_resume(tmp_path, monkeypatch, lines) == (
        1, 'FILE:3:1: error: the game record\'s "result" has 2 numbers for 3 players\n')


NOT_OF_THE_RUN = {
    "a run number twice": (lambda g: g.update(run=0),
                           'the game\'s "run" is 0, as is that of line 2: a run plays each of its games once'),
    "a run number past its games": (lambda g: g.update(run=999),
                                    'the game\'s "run" is 999: the run\'s games are numbered 0 to 3'),
    "a negative run number": (lambda g: g.update(run=-1),
                              'the game\'s "run" is -1: the run\'s games are numbered 0 to 3'),
    "a run number as text": (lambda g: g.update(run="1"),
                             'the game\'s "run" is not a whole number: the run\'s games are numbered 0 to 3'),
    "another pack": (lambda g: g.update(pack="hearts"),
                     'the game is one of the pack "hearts", and the run\'s manifest says "magic54"'),
    "another seed": (lambda g: (g.update(seed=7), g["stats"].update(seed=7)),
                     'the game\'s "seed" is 7, not 1, the seed of "run" 1 (the run\'s seed, 0, plus 1)'),
    "3 players": (lambda g: g.update(players=3, result=None),
                  "the game has 3 players, and the run's manifest says 2"),
}


@pytest.mark.parametrize("name", list(NOT_OF_THE_RUN))
def test_resume_refuses_a_line_that_is_not_a_game_of_the_run(tmp_path, monkeypatch, short_run, name):
    change, said = NOT_OF_THE_RUN[name]
    lines = [*short_run[:2], changed_game(short_run[2], change)]
    assert refused_resume(tmp_path, monkeypatch, lines) == (1, f"FILE:3:1: error: {said}\n")


def test_resume_of_a_file_not_there_yet_starts_the_run(tmp_path):
    out = tmp_path / "games.jsonl"
    r = cli(*RUN, "--out", str(out), "--resume")
    assert r.exit_code == 0 and len(out.read_text(encoding="utf-8").splitlines()) == 7


def test_replay_reads_a_runs_file_and_tells_a_pack_changed_since(tmp_path):
    out = tmp_path / "games.jsonl"
    assert cli("simulate", "magic54", "-n", "2", "--out", str(out)).exit_code == 0
    r = cli("replay", str(out))
    assert (r.exit_code, r.output.splitlines()[-1]) == (0, "2 of 2 games replay the same")
    head, *games = out.read_text(encoding="utf-8").splitlines()
    manifest = json.loads(head)
    manifest["versions"][0]["sha256"] = "0" * 64
    out.write_text("\n".join([json.dumps(manifest), *games]) + "\n", encoding="utf-8")
    r = cli("replay", str(out))
    assert r.output.splitlines()[0].startswith(
        "note: the run's manifest says its games were played with magic54 of content hash 0000000000000000, "
        "and the pack is now ")


def test_replay_reads_only_the_content_hashes_written_as_text(tmp_path):
    out = tmp_path / "games.jsonl"
    assert cli("simulate", "magic54", "-n", "2", "--out", str(out)).exit_code == 0
    head, *games = out.read_text(encoding="utf-8").splitlines()
    manifest = json.loads(head)
    version = manifest["versions"][0]
    for versions, note in ((12345, None), ([dict(version, sha256=12345)], None),
                           ([dict(version, sha256=12345), dict(version, sha256="0" * 64)], "0000000000000000")):
        manifest["versions"] = versions
        out.write_text("\n".join([json.dumps(manifest), *games]) + "\n", encoding="utf-8")
        r = cli("replay", str(out))
        assert (r.exit_code, r.output.splitlines()[-1]) == (0, "2 of 2 games replay the same")
        notes = [line for line in r.output.splitlines() if line.startswith("note:")]
        assert notes == ([] if note is None else [
            f"note: the run's manifest says its games were played with magic54 of content hash {note}, and the pack "
            f"is now {notes[0].split('the pack is now ')[1]}"])


def test_a_backend_not_installed_says_what_to_install(monkeypatch):
    # A module that is None in sys.modules cannot be imported: as if it were not installed.
    monkeypatch.setitem(sys.modules, "distributed", None)
    monkeypatch.setitem(sys.modules, "ray", None)
    for backend, line in (("dask", 'pip install "cardtable[dask]"'), ("ray", 'pip install "cardtable[ray]"')):
        r = cli("simulate", "magic54", "-n", "2", "--backend", backend)
        assert (r.exit_code, r.output) == (
            1, f"error: --backend {backend} needs {backend}, which is not installed: {line}\n")


def test_an_address_is_a_clusters(tmp_path):
    r = cli("simulate", "magic54", "-n", "2", "--address", "127.0.0.1:8786")
    assert (r.exit_code, r.output) == (1, "error: --address names a cluster's scheduler: give --backend dask or "
                                          "--backend ray with it\n")


def _dask_at(server, tmp_path, answer=None) -> tuple[int, str]:
    """simulate with --backend dask at the address of `server` (a listening socket), which
    `answer(peer)` answers in a thread of its own (by default, nobody answers)."""
    import threading

    def serve():
        while True:
            try:
                peer, _ = server.accept()
            except OSError:
                return
            with peer:
                answer(peer)
    if answer is not None:
        threading.Thread(target=serve, daemon=True).start()
    address = "tcp://127.0.0.1:%d" % server.getsockname()[1]
    try:
        r = cli("simulate", "magic54", "-n", "2", "--backend", "dask", "--address", address,
                "--out", str(tmp_path / "games.jsonl"))
    finally:
        server.close()
    return r.exit_code, r.output.replace(address, "ADDRESS")


def test_an_address_where_no_dask_scheduler_answers_is_named(tmp_path):
    """A web server at the address (the dashboard's port given for the scheduler's, say)
    answers the scheduler's handshake with a page: the run says so, without a traceback."""
    import socket

    def page(peer):
        peer.recv(65536)
        peer.sendall(b"HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n")
    assert _dask_at(socket.create_server(("127.0.0.1", 0)), tmp_path, page) == (
        1, "error: cannot reach the dask scheduler at ADDRESS: what answers there is not a dask scheduler\n")


def test_an_address_where_nothing_answers_is_named_once_the_wait_is_over(tmp_path, monkeypatch):
    """A server that takes the connection and says nothing held dask's handshake for ever."""
    import socket

    from cardtable.interpreter.play import backends
    monkeypatch.setattr(backends, "CONNECT_SECONDS", 1)
    monkeypatch.setattr(backends, "GRACE", 1)
    assert _dask_at(socket.create_server(("127.0.0.1", 0)), tmp_path) == (
        1, "error: cannot reach the dask scheduler at ADDRESS: what answers there said nothing in 2 seconds "
           "(is it a dask scheduler?)\n")


def test_a_disk_that_fills_during_a_run_says_how_many_games_are_kept_and_how_to_go_on(tmp_path, monkeypatch):
    import errno

    from cardtable.interpreter import outfiles
    out = tmp_path / "games.jsonl"
    written = []
    real = outfiles.Lines.write

    def filling(self, line):
        if len(written) == 3:       # the manifest and two games fit
            raise outfiles.OutputError(self.path, self.what, outfiles.os_reason(OSError(errno.ENOSPC, "full")))
        written.append(line)
        real(self, line)
    monkeypatch.setattr(outfiles.Lines, "write", filling)
    result = CliRunner().invoke(main, ["simulate", "magic54", "-n", "5", "--out", str(out)])
    assert (result.exit_code, result.output) == (1, f"error: {out}: cannot write the game records there: the disk is "
                                                    f"full; 2 of 5 games are in it: the same command with --resume, "
                                                    f"once there is room, plays the others\n")
    monkeypatch.setattr(outfiles.Lines, "write", real)
    again = CliRunner().invoke(main, ["simulate", "magic54", "-n", "5", "--out", str(out), "--resume"])
    assert again.exit_code == 0 and len(out.read_text(encoding="utf-8").splitlines()) == 6


def test_a_file_an_editor_began_with_a_byte_order_mark_is_read_as_without_it(tmp_path):
    out = tmp_path / "games.jsonl"
    assert cli("simulate", "magic54", "-n", "3", "--out", str(out)).exit_code == 0
    whole = out.read_bytes()
    r = cli("replay", str(out))
    out.write_bytes(b"\xef\xbb\xbf" + whole)
    assert cli("replay", str(out)).output == r.output
    assert cli("replay", str(out), "--game", "1").exit_code == 0
    out.write_bytes(b"\xef\xbb\xbf" + b"".join(whole.splitlines(keepends=True)[:2]))
    r = cli("simulate", "magic54", "-n", "3", "--out", str(out), "--resume")
    assert r.exit_code == 0, r.output
    assert out.read_bytes() == b"\xef\xbb\xbf" + whole


def test_replay_tells_a_record_of_another_version_of_the_pack_and_refuses_another_kind_of_record(tmp_path):
    out = tmp_path / "games.jsonl"
    assert cli("simulate", "magic54", "-n", "1", "--out", str(out)).exit_code == 0
    record = json.loads(out.read_text(encoding="utf-8").splitlines()[1])
    alone = tmp_path / "game.jsonl"
    alone.write_text(json.dumps(dict(record, version="9.9.9")) + "\n", encoding="utf-8")
    r = cli("replay", str(alone))
    assert r.exit_code == 0 and r.output.splitlines()[0] == (
        "note: the record says its game was played with magic54 9.9.9, and the pack is now 2.6.0: "
        "a game that parts ways says where")
    alone.write_text(json.dumps(record) + "\n", encoding="utf-8")
    assert not cli("replay", str(alone)).output.startswith("note:")
    alone.write_text(json.dumps(dict(record, format="cardtable-game/9")) + "\n", encoding="utf-8")
    r = cli("replay", str(alone))
    assert r.exit_code == 1
    assert r.stderr.splitlines()[0] == (f'{alone}:1:1: error: the game record\'s "format" is not "cardtable-game/1", '
                                        "the only kind of game record this cardtable reads")
