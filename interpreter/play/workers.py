"""Processes that play the games of a batch, and what happens when one dies.

A game is a pure function of its number (its seed and agents follow from it), so
a game lost with its process (killed by the system when memory runs out, or by a
SIGKILL) is played again by another process: the results are the same whatever
happens to the processes and however many there are. A game whose process dies
twice stops the run with a message: it is the game, not bad luck.

Workers end with the run. They ignore Ctrl-C (the terminal sends it to every
process of the command: the main process handles it once and stops them), die
with the main process however it ends (Linux: the kernel's parent-death signal;
elsewhere they stop when their pipe closes) and print nothing.

A worker is given a `setup` function and its picklable `spec`, and builds what
plays a game from them, so that workers started with `spawn` (a fresh
interpreter) load the pack from its files; with `fork` they inherit the loaded
game instead (`play`), which is faster.
"""
from __future__ import annotations

import multiprocessing
import os
import pickle
import signal
import sys
import traceback
from collections import Counter, deque
from contextlib import contextmanager
from dataclasses import dataclass, field
from multiprocessing.connection import wait
from typing import Callable

from .agents.registry import awake

# fork where there is one: workers then start at once with the pack already loaded.
START_METHOD = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"

_STOPPING = {signal.SIGINT, signal.SIGTERM}
_PR_SET_PDEATHSIG = 1      # from <linux/prctl.h>
WATCHED = 0.25             # seconds between looks at whether a watched run must stop


class WorkerLost(Exception):
    """The processes cannot play a game: the message says which and why."""


# ------------------------------------------------------------------ in a worker

def _serve(conn, setup: Callable, spec, play: Callable | None, siblings: list, parent: int) -> None:
    """A worker's life: build the player of games, then play the numbers it is sent,
    answering each with ("done", number, result) or ("failed", number, error), until
    it is sent None or the main process is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPPING)
    _die_with(parent)
    # A forked worker holds copies of the main process's ends of the other workers'
    # pipes: closed, so that a pipe closes when its own ends do.
    for other in siblings:
        other.close()
    try:
        if play is None:
            try:
                play = setup(spec)
            except Exception as e:
                conn.send(("failed", None, _portable(e)))
                return
        conn.send(("ready",))
        while (numbers := conn.recv()) is not None:
            for i in numbers:
                try:
                    message = ("done", i, play(i))
                except Exception as e:
                    message = ("failed", i, _portable(e))
                conn.send(message)
    except (EOFError, OSError):
        # The main process is gone: there is no one left to tell.
        pass


def _die_with(parent: int) -> None:
    """Asks Linux to kill this process when its parent dies, however it dies."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:
        # The parent died before the request was made.
        os._exit(0)


def _portable(e: Exception) -> Exception:
    """The exception as it can travel to the main process, with the worker's traceback
    as a note (a traceback does not travel)."""
    e.add_note("in the process that played it:\n" + "".join(traceback.format_exception(e)))
    try:
        pickle.loads(pickle.dumps(e))
        return e
    except Exception:
        return RuntimeError("".join(traceback.format_exception(e)))


# ------------------------------------------------------------------ in the main process

@dataclass(eq=False)
class _Worker:
    process: multiprocessing.Process
    conn: object
    ready: bool = False
    numbers: deque = field(default_factory=deque)   # sent, not answered yet: the first is being played


@contextmanager
def _signals_held():
    """Holds Ctrl-C and SIGTERM while a worker starts: it inherits the held mask, so
    neither reaches it before it has chosen to ignore them; the main process gets
    them as soon as the start is over."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPPING)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _how(exitcode: int | None) -> tuple[str, str]:
    """How a worker ended, and what may have caused it."""
    if exitcode is not None and exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = f"signal {-exitcode}"
        memory = " (the system may have run out of memory)" if -exitcode == signal.SIGKILL else ""
        return f"was killed by {name}", memory
    return f"ended with exit code {exitcode}", ""


class Pool:
    """Up to `jobs` workers playing the games `numbers` (0 to count - 1 when a count
    is given), in chunks of `chunk`."""

    def __init__(self, numbers, jobs: int, chunk: int, setup: Callable, spec, play: Callable | None = None,
                 describe: Callable[[int], str] = lambda i: f"game {i + 1}", notice: Callable | None = None):
        self.ctx = multiprocessing.get_context(START_METHOD)
        self.forked = START_METHOD == "fork"
        self.numbers = list(range(numbers)) if isinstance(numbers, int) else sorted(numbers)
        self.jobs, self.chunk, self.count = jobs, chunk, len(self.numbers)
        self.setup, self.spec = setup, spec
        self.play = play if self.forked else None
        self.describe = describe
        self.notice = notice or (lambda text: None)
        self.received: Callable | None = None
        self.waiting = deque(self.numbers)
        self.results: dict = {}
        self.failures: dict = {}
        self.deaths: Counter = Counter()     # game number -> deaths of the processes playing it
        self.stillborn = 0                   # workers dead before they were ready
        self.workers: list[_Worker] = []

    def run(self, progress: Callable[[int], None] | None = None,
            received: Callable[[int, object], None] | None = None) -> list:
        """The results in game order; the first failing game's error is raised, as
        one process playing the games in order would raise it. `received(number,
        result)` is called as each game's result arrives, in the order they finish."""
        self.received = received
        try:
            for _ in range(self.jobs):
                self._start()
            while not self._finished():
                before = len(self.results)
                self._step()
                if progress and len(self.results) != before:
                    progress(len(self.results))
        except BaseException:
            self._kill()
            raise
        self._close()
        if self.failures:
            raise self.failures[min(self.failures)]
        return [self.results[i] for i in self.numbers]

    def _start(self) -> None:
        mine, theirs = self.ctx.Pipe()
        siblings = [w.conn for w in self.workers] if self.forked else []
        process = self.ctx.Process(target=_serve, daemon=True,
                                   args=(theirs, self.setup, self.spec, self.play, siblings, os.getpid()))
        with _signals_held():
            process.start()
            # Listed before Ctrl-C can arrive, so that it is stopped with the others.
            self.workers.append(_Worker(process, mine))
        theirs.close()

    def _finished(self) -> bool:
        if not self.failures:
            return len(self.results) == self.count
        # After a failure only the games before it matter: its error is raised once they are played.
        first = min(self.failures)
        return not any(i < first for w in self.workers for i in w.numbers) and not any(
            i < first for i in self.waiting)

    def _step(self) -> None:
        if not self.workers:
            self._start()
        by_conn = {id(w.conn): w for w in self.workers}
        by_sentinel = {w.process.sentinel: w for w in self.workers}
        # Woken now and then: a run watched (agents.registry.watched) stops while games play on.
        ready = wait([w.conn for w in self.workers] + list(by_sentinel), timeout=WATCHED)
        awake()
        for handle in ready:
            dead = isinstance(handle, int)
            w = by_sentinel[handle] if dead else by_conn[id(handle)]
            if w not in self.workers:
                continue    # seen dead already
            self._receive(w)
            if dead:
                self._lost(w)
        for w in self.workers:
            self._give(w)

    def _receive(self, w: _Worker) -> None:
        try:
            while w.conn.poll():
                self._answer(w, w.conn.recv())
        except (EOFError, OSError):
            pass    # the worker is gone: its sentinel says so too

    def _answer(self, w: _Worker, message: tuple) -> None:
        kind = message[0]
        if kind == "ready":
            w.ready = True
            return
        _, i, value = message
        if i is None:       # the worker could not even load the game
            raise value
        if w.numbers and w.numbers[0] == i:
            w.numbers.popleft()
        if kind == "done":
            self.results[i] = value
            if self.received is not None:
                self.received(i, value)
        else:
            self.failures[i] = value

    def _give(self, w: _Worker) -> None:
        if not w.ready or w.numbers:
            return
        if self.failures:
            first = min(self.failures)
            self.waiting = deque(i for i in self.waiting if i < first)
        numbers = [self.waiting.popleft() for _ in range(min(self.chunk, len(self.waiting)))]
        if not numbers:
            return
        w.numbers.extend(numbers)
        try:
            w.conn.send(numbers)
        except OSError:
            pass    # died meanwhile: its games are given back when its sentinel is seen

    def _lost(self, w: _Worker) -> None:
        """A worker died: its unanswered games wait again, for a new worker."""
        w.process.join()
        self.workers.remove(w)
        w.conn.close()
        how, cause = _how(w.process.exitcode)
        if not w.ready:
            self.stillborn += 1
            if self.stillborn > self.jobs:
                raise WorkerLost(f"the processes that play the games die as they start: the last {how}{cause}")
        if w.numbers:
            playing = w.numbers[0]
            self.deaths[playing] += 1
            if self.deaths[playing] >= 2:
                raise WorkerLost(f"{self.describe(playing)} could not be played: the process playing it {how} "
                                 f"twice{cause}")
            self.waiting.extendleft(reversed(w.numbers))
            count = len(w.numbers)
            self.notice(f"the process playing {self.describe(playing)} {how}{cause}: "
                        f"{'its game is' if count == 1 else f'its {count} unfinished games are'} played again")
        if self.waiting and len(self.workers) < self.jobs:
            self._start()

    def _close(self) -> None:
        """Stops the workers once the games are played: told to, then killed if they linger."""
        for w in self.workers:
            try:
                w.conn.send(None)
            except OSError:
                pass
        for w in self.workers:
            w.process.join(timeout=1)
        self._kill()

    def _kill(self) -> None:
        for w in self.workers:
            if w.process.is_alive():
                w.process.kill()
            w.process.join()
            w.conn.close()
        self.workers = []
