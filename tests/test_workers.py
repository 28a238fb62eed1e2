"""The processes of `simulate --jobs` and `compare --jobs`: a worker that dies has
its games played again (the summary does not change) or stops the run with a
message; Ctrl-C and SIGTERM stop the command at once with exit codes 130 and 143,
no traceback and no process left behind; `play` stops on Ctrl-C alike."""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable import PackFiles, Report, load_pack
from cardtable.cli import main
from cardtable.interpreter.engine.state import RuleError
from cardtable.interpreter.play import batch as batching
from cardtable.interpreter.play import workers
from cardtable.interpreter.play.batch import Batch, SimulationError, prepare, run
from checkout import importable

ROOT = Path(__file__).resolve().parent.parent
STOPPED = "\nstopped before the games were all played: nothing written\n"


def killing_itself(monkeypatch, seed: int, marker: Path | None = None) -> None:
    """Makes the process that plays the game of `seed` die by SIGKILL, as the
    system's out-of-memory killer does: every time, or only the first time when a
    `marker` file records that it happened. Forked workers inherit the patch."""
    play = batching.play_game

    def play_game(game, specs, game_seed, *args):
        if game_seed == seed and os.getpid() != parent and not (marker and marker.exists()):
            if marker:
                marker.write_text("killed")
            os.kill(os.getpid(), signal.SIGKILL)
        return play(game, specs, game_seed, *args)
    parent = os.getpid()
    monkeypatch.setattr(batching, "play_game", play_game)


def test_the_games_of_a_killed_worker_are_played_again_with_the_same_results(monkeypatch, tmp_path):
    one = run(Batch("magic54", games=12, seed=0))[1]
    killing_itself(monkeypatch, seed=4, marker=tmp_path / "killed")
    notices = []
    many = run(Batch("magic54", games=12, seed=0, jobs=2), notice=notices.append)[1]
    assert (tmp_path / "killed").exists()
    assert many == one
    assert notices == ["the process playing game 5 (seed 4) was killed by SIGKILL (the system may have run out of "
                       "memory): its game is played again"]


def test_a_game_whose_worker_dies_twice_stops_the_run_with_exit_code_1(monkeypatch):
    killing_itself(monkeypatch, seed=4)
    result = CliRunner().invoke(main, ["simulate", "magic54", "-n", "12", "--jobs", "2"])
    assert result.exit_code == 1
    assert result.output.endswith(
        "error: game 5 (seed 4) could not be played: the process playing it was killed by SIGKILL twice "
        "(the system may have run out of memory)\n")
    assert "Traceback" not in result.output


def test_the_error_of_the_first_failing_game_is_the_one_told_whatever_the_number_of_processes(monkeypatch):
    play = batching.play_game

    def play_game(game, specs, seed, *args):
        if seed in (3, 9):
            raise RuleError(f"broken on seed {seed}")
        return play(game, specs, seed, *args)
    monkeypatch.setattr(batching, "play_game", play_game)
    for jobs in (1, 3):
        with pytest.raises(SimulationError) as caught:
            run(Batch("magic54", games=12, jobs=jobs))
        assert str(caught.value) == "error: game 4 (seed 3) stopped: broken on seed 3"


def test_workers_started_afresh_load_the_pack_from_its_files_and_give_the_same_results(monkeypatch):
    # `spawn` starts a new interpreter that shares nothing with this one.
    one = run(Batch("pub_magic", games=4, seed=2, players=3))[1]
    monkeypatch.setattr(workers, "START_METHOD", "spawn")
    assert run(Batch("pub_magic", games=4, seed=2, players=3, jobs=2))[1] == one


def test_workers_started_afresh_build_the_pack_from_the_files_they_are_sent(monkeypatch, tmp_path):
    # A pack that is nowhere on disk: the workers can only build it from the files sent
    # to them, and they check it by its hash.
    files = load_pack("pub_magic", Report()).files
    memory = PackFiles(files.texts, str(tmp_path / "nowhere"))
    one = run(Batch("pub_magic", games=4, seed=2, players=3))[1]
    monkeypatch.setattr(workers, "START_METHOD", "spawn")
    assert run(Batch("nowhere", games=4, seed=2, players=3, jobs=2, pack_files=memory))[1] == one


def test_files_whose_hash_is_not_theirs_are_refused():
    files = load_pack("pub_magic", Report()).files
    # As a copy damaged on its way would arrive.
    damaged = PackFiles({**files.texts, "pack.yaml": files.texts["pack.yaml"] + "# changed\n"}, files.folder)
    with pytest.raises(SimulationError) as caught:
        prepare(Batch("pub_magic", players=3, pack_files=damaged, pack_sha256=files.sha256))
    assert str(caught.value) == (f"the pack's files did not arrive whole: the pack built from them has the hash "
                                 f"{damaged.sha256[:16]}..., not {files.sha256[:16]}...")


# ------------------------------------------------------------------ real processes

def cardtable(*args: str, stdin=subprocess.DEVNULL) -> subprocess.Popen:
    # A session of its own: signalling its group is what Ctrl-C on a terminal does.
    env = {**os.environ, "PYTHONPATH": str(importable())}
    return subprocess.Popen([sys.executable, "-m", "cardtable.cli", *args], stdin=stdin, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, start_new_session=True, text=True,
                            preexec_fn=_hears_ctrl_c)


def _hears_ctrl_c() -> None:
    """The command hears Ctrl-C, as one started at a terminal does, even where the tests
    run with it ignored (a shell runs a command in the background so, and its children
    inherit that)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def stat(pid: int) -> list[str]:
    """The fields of /proc/PID/stat after the command's name (in parentheses): state, ppid, ..."""
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return []


def children(pid: int) -> list[int]:
    return [int(entry.name) for entry in Path("/proc").iterdir()
            if entry.name.isdigit() and stat(int(entry.name))[1:2] == [str(pid)]]


def busy(pid: int, seconds: float) -> None:
    """Waits until the process has spent `seconds` of processor time: a worker that
    has, is playing games."""
    ticks = os.sysconf("SC_CLK_TCK")
    while int((stat(pid) or [0] * 12)[11]) < seconds * ticks:
        time.sleep(0.02)


def workers_of(process: subprocess.Popen, count: int = 2) -> list[int]:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        kids = children(process.pid)
        if len(kids) >= count:
            return kids
        assert process.poll() is None, process.communicate()
        time.sleep(0.02)
    raise AssertionError("the workers never started")


def group_ends(process: subprocess.Popen) -> bool:
    """Whether every process of the command's group is gone within ten seconds (at once,
    usually: the bound is for a loaded machine, where the kernel takes its time)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.killpg(process.pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.02)
    return False


def test_a_worker_killed_from_outside_changes_nothing_in_the_summary():
    args = ["simulate", "magic54", "-n", "200", "--seed", "5", "--format", "json"]
    expected = CliRunner().invoke(main, args).output
    process = cardtable(*args, "--jobs", "2")
    worker = workers_of(process)[0]
    busy(worker, 0.2)
    os.kill(worker, signal.SIGKILL)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    assert json.loads(out) == json.loads(expected)
    assert re.fullmatch(r"note: the process playing game \d+ \(seed \d+\) was killed by SIGKILL \(the system may "
                        r"have run out of memory\): its (game is|\d+ unfinished games are) played again\n", err)


@pytest.mark.parametrize("how, to_group, code", [(signal.SIGTERM, False, 143), (signal.SIGINT, True, 130)],
                         ids=["SIGTERM to the command", "Ctrl-C"])
def test_simulate_stops_at_once_and_its_workers_with_it(how, to_group, code):
    process = cardtable("simulate", "magic54", "-n", "5000", "--jobs", "2")
    workers_of(process)
    (os.killpg if to_group else os.kill)(process.pid, how)
    out, err = process.communicate(timeout=10)
    assert (process.returncode, out, err) == (code, "", STOPPED)
    assert group_ends(process)


def test_ctrl_c_stops_compare_and_its_workers():
    process = cardtable("compare", "magic54", "--b-option", "starting_life=10", "-n", "5000", "--jobs", "2")
    workers_of(process)
    os.killpg(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=10)
    assert (process.returncode, out, err) == (130, "", STOPPED)
    assert group_ends(process)


def test_the_workers_die_with_a_killed_command():
    process = cardtable("simulate", "magic54", "-n", "5000", "--jobs", "2")
    workers_of(process)
    os.kill(process.pid, signal.SIGKILL)
    process.communicate(timeout=10)
    assert group_ends(process)


def test_ctrl_c_stops_play_with_exit_code_130_without_a_traceback():
    process = cardtable("play", "magic54", "--players", "human,random", "--seed", "1", stdin=subprocess.PIPE)
    # Wait for the first question, then press Ctrl-C.
    shown = ""
    while not shown.endswith("> "):
        shown += process.stdout.read(1)
    os.killpg(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=10)
    assert process.returncode == 130
    assert re.fullmatch(r"\ngame stopped after \d+ decisions \(turn \d+\)\n", out), out
    assert err == ""


def test_sigterm_stops_play_with_exit_code_143_without_a_traceback():
    process = cardtable("play", "magic54", "--players", "human,random", "--seed", "1", stdin=subprocess.PIPE)
    shown = ""
    while not shown.endswith("> "):
        shown += process.stdout.read(1)
    process.terminate()
    out, err = process.communicate(timeout=10)
    # As after Ctrl-C: the game says where it stopped (and a --save keeps its record).
    assert process.returncode == 143
    assert re.fullmatch(r"\ngame stopped after \d+ decisions \(turn \d+\)\n", out), out
    assert err == ""
