"""Games on real clusters: a dask LocalCluster of 2 worker processes and a ray instance
of 2 CPUs give the summary the local processes give, byte for byte, also when a
worker is killed in the middle of the run (its games are played again elsewhere).
Few and small: a cluster takes seconds to start."""
from __future__ import annotations

import json
import os
import signal
import time

import distributed
import psutil
import pytest
from click.testing import CliRunner

from cardtable.cli import main
from cardtable.interpreter.play.batch import Batch, run
from cardtable.interpreter.play.stats import summarize

GAMES = dict(games=40, seed=11, agents=["random"])
PLACES = dict(games=24, seed=5, players=3, agents=["random"])


def summary(batch: Batch, received=None) -> str:
    game, results = run(batch, received=received)
    return json.dumps(summarize(game, batch, results))


@pytest.fixture(scope="module")
def local_summary() -> str:
    return summary(Batch("magic54", **GAMES))


def killing_once(find_pids) -> tuple[list, callable]:
    """A `received` hook that kills a worker playing games with SIGKILL once the first
    game is back, while the others are being played; `find_pids()` gives the pids of
    workers with games in hand, and how many tasks each has."""
    killed = []

    def received(k, result):
        if not killed:
            pid, tasks = find_pids()[0]
            os.kill(pid, signal.SIGKILL)
            killed.append(tasks)
    return killed, received


def waiting_for(find, tries: int = 3000):
    """`find`, asked again every 10 ms until a worker has games in hand (between two
    tasks, or on a loaded machine, none may have for a moment)."""
    def found():
        for _ in range(tries):
            pids = find()
            if pids:
                return pids
            time.sleep(0.01)
        raise AssertionError("no worker is playing")
    return found


def test_dask_gives_the_local_summary_with_a_worker_killed(local_summary, tmp_path):
    # The cluster's scheduler runs in this process: the workers with games in hand are read
    # from it, not through a second client (two clients in one process confuse dask when a
    # task is rescheduled after its worker died).
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=50) as cluster:
        address = cluster.scheduler_address

        def busy():
            try:
                return [(w.pid, len(w.processing)) for w in list(cluster.scheduler.workers.values()) if w.processing]
            except RuntimeError:        # the scheduler's thread changed its table meanwhile: ask again
                return []
        killed, received = killing_once(waiting_for(busy))
        assert summary(Batch("magic54", **GAMES, backend="dask", address=address), received) == local_summary
        # The worker killed had tasks in hand: they were played again by the other one.
        assert killed and killed[0] >= 1
        # The command line, to the same cluster, with its run's file.
        args = ["simulate", "magic54", "-n", "40", "--seed", "11", "--format", "json"]
        out = tmp_path / "games.jsonl"
        here = CliRunner().invoke(main, args)
        there = CliRunner().invoke(main, [*args, "--backend", "dask", "--address", address, "--out", str(out)])
        assert (there.exit_code, there.output) == (0, here.output)
        head = json.loads(out.read_text(encoding="utf-8").splitlines()[0])
        assert (head["backend"], head["address"]) == ("dask", address)
        # A pack whose players finish in places (Go Fish, three players): the same summary,
        # places and all, from 1 local process, 2, and the cluster's 2 workers.
        fish = [summary(Batch("go_fish", **PLACES, jobs=jobs)) for jobs in (1, 2)]
        assert fish[0] == fish[1] == summary(Batch("go_fish", **PLACES, backend="dask", address=address))
        assert json.loads(fish[0])["places"]["seats"][0]["seat"] == "Ann"


def ray_workers() -> list[int]:
    """The worker processes of this test's ray instance playing games now (ray names a
    worker by its task): among this process's descendants only, never another run's."""
    found = []
    for p in psutil.Process().children(recursive=True):
        try:
            if (p.cmdline() or [""])[0].startswith("ray::play_numbers"):
                found.append((p.pid, 1))
        except psutil.Error:
            pass
    return found


def test_ray_gives_the_local_summary_with_a_worker_killed(local_summary):
    killed, received = killing_once(waiting_for(ray_workers))
    assert summary(Batch("magic54", **GAMES, backend="ray", jobs=2), received) == local_summary
    assert killed
