"""Where the games of a run are played: this machine's processes (local), or a cluster
of dask (`distributed`) or ray, chosen from the table BACKENDS by `--backend`.

Every backend plays numbered games and hands each result back as it comes; what a
game is follows from its number alone (its seed, its agents, its version of the pack),
so the results, and every summary made of them, are the same on any backend and any
number of workers. A cluster's workers are sent the games' specs (play/spec.py: the
pack by its content) with each task, never a path of this machine.

A worker that dies loses its tasks: dask and ray give them to another worker (dask
after a lost worker, ray up to RETRIES times), and a game whose workers keep dying
stops the run with a message, as a local process dying twice does.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Callable

from .workers import Pool, WorkerLost

INSTALL = {"dask": 'pip install "cardtable[dask]"', "ray": 'pip install "cardtable[ray]"'}
RETRIES = 3


class BackendError(Exception):
    """A backend that is not installed, or a cluster that cannot be reached."""


@dataclass
class Work:
    """Numbered games to play. `play(i)` plays game i here (and in forked processes);
    `setup(spec)` builds that function afresh in a process that shares nothing;
    `remote(spec, numbers)` is what a cluster's worker runs: the module-level function
    that answers [(i, True, result) or (i, False, error)] for its games."""
    numbers: list
    play: Callable[[int], object]
    setup: Callable
    remote: Callable
    spec: object
    describe: Callable[[int], str] = lambda i: f"game {i + 1}"


def chunk_size(games: int, workers: int) -> int:
    """Games a task: enough to keep the cost of a task small beside its games, few
    enough that every worker has several tasks and a lost one costs little."""
    return max(1, min(16, games // (workers * 8)))


def play(work: Work, backend: str, jobs: int, address: str | None,
         received: Callable[[int, object], None], notice: Callable[[str], None] | None = None) -> None:
    """Plays `work.numbers`, calling `received(i, result)` for each game as it finishes.
    The first failing game's error (by number) is raised once the games before it are played."""
    if not work.numbers:
        return
    BACKENDS[backend](work, jobs, address, received, notice or (lambda text: None))


def _local(work: Work, jobs: int, address, received, notice) -> None:
    if address is not None:
        raise BackendError("--address names a cluster's scheduler: give --backend dask or --backend ray with it")
    jobs = max(1, min(jobs, len(work.numbers)))
    if jobs == 1:
        for i in work.numbers:
            received(i, work.play(i))
        return
    pool = Pool(work.numbers, jobs, chunk_size(len(work.numbers), jobs), work.setup, work.spec, work.play,
                work.describe, notice)
    pool.run(received=received)


def _chunks(numbers: list, size: int) -> list[list]:
    return [numbers[k:k + size] for k in range(0, len(numbers), size)]


class _Answers:
    """The answers of a cluster's tasks: results handed on at once, failures kept so
    that the first failing game's error is raised, as the local processes do."""

    def __init__(self, received):
        self.received = received
        self.failures = {}

    def take(self, answers) -> None:
        for i, ok, value in answers:
            if ok:
                self.received(i, value)
            else:
                self.failures[i] = value

    def finish(self) -> None:
        if self.failures:
            raise self.failures[min(self.failures)]


def _need(module: str, backend: str):
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        raise BackendError(f"--backend {backend} needs {backend}, which is not installed: {INSTALL[backend]}") from None


# ------------------------------------------------------------------ dask

def _dask(work: Work, jobs: int, address, received, notice) -> None:
    distributed = _need("distributed", "dask")
    cluster = None
    try:
        if address is None:
            cluster = distributed.LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True,
                                               dashboard_address=None, silence_logs=50)
            client = distributed.Client(cluster)
        else:
            client = _client(distributed, address)
    except BackendError:
        raise
    except OSError as e:
        raise BackendError(f"cannot reach the dask scheduler at {address}: {e}") from None
    except Exception:
        if address is None:
            raise
        # Another server at the address (a web page, the dashboard's port) answers the
        # handshake with bytes dask reads as anything at all: a size of exabytes, say.
        raise BackendError(f"cannot reach the dask scheduler at {address}: what answers there is not a dask "
                           "scheduler") from None
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})) or jobs)
        answers = _Answers(received)
        tasks = {client.submit(work.remote, work.spec, chunk, pure=False): chunk
                 for chunk in _chunks(work.numbers, chunk_size(len(work.numbers), workers))}
        for task in distributed.as_completed(tasks):
            try:
                answers.take(task.result())
            except distributed.client.FutureCancelledError:
                raise BackendError("the dask cluster cancelled the games (was it shut down?)") from None
            except distributed.KilledWorker:
                raise WorkerLost(f"{work.describe(tasks[task][0])} could not be played: the dask workers playing "
                                 f"it died {RETRIES} times") from None
        answers.finish()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _client(distributed, address: str):
    """A client of the scheduler at `address`, or BackendError once CONNECT_SECONDS pass: a
    server that takes the connection and never answers holds dask's handshake for ever."""
    made = {}

    def connect():
        try:
            made["client"] = distributed.Client(address, timeout=CONNECT_SECONDS)
        except BaseException as e:      # raised in this thread, below
            made["error"] = e
    waiting = threading.Thread(target=connect, daemon=True, name="dask connection")
    waiting.start()
    waited = CONNECT_SECONDS + GRACE    # dask's own timeout first, where it applies
    waiting.join(waited)
    if waiting.is_alive():
        raise BackendError(f"cannot reach the dask scheduler at {address}: what answers there said nothing in "
                           f"{waited} seconds (is it a dask scheduler?)")
    if "error" in made:
        raise made["error"]
    return made["client"]


CONNECT_SECONDS = 30
GRACE = 5


# ------------------------------------------------------------------ ray

def _ray(work: Work, jobs: int, address, received, notice) -> None:
    ray = _need("ray", "ray")
    started = not ray.is_initialized()
    if started:
        try:
            if address is None:
                ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False, logging_level="error")
            else:
                ray.init(address=address, log_to_driver=False, logging_level="error")
        except (ConnectionError, RuntimeError, ValueError) as e:
            raise BackendError(f"cannot reach the ray cluster at {address}: {e}") from None
    try:
        remote = ray.remote(num_cpus=1, max_retries=RETRIES)(work.remote)
        spec = ray.put(work.spec)
        workers = max(1, int(ray.cluster_resources().get("CPU", jobs)))
        answers = _Answers(received)
        tasks = {remote.remote(spec, chunk): chunk
                 for chunk in _chunks(work.numbers, chunk_size(len(work.numbers), workers))}
        pending = list(tasks)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            try:
                answers.take(ray.get(done[0]))
            except ray.exceptions.WorkerCrashedError:
                raise WorkerLost(f"{work.describe(tasks[done[0]][0])} could not be played: the ray workers "
                                 f"playing it died {RETRIES + 1} times") from None
        answers.finish()
    finally:
        if started:
            ray.shutdown()


BACKENDS: dict[str, Callable] = {"local": _local, "dask": _dask, "ray": _ray}

