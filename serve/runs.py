"""Simulations and comparisons run from the workbench: the batches `cardtable
simulate` and `cardtable compare` play, in a thread of their own, their progress sent
to the page as events, their summary the CLI's (play/stats.py, play/compare.py)."""
from __future__ import annotations

import itertools
import os
import secrets
import shlex
import threading
import time
from dataclasses import dataclass, field

from ..interpreter.play import compare as comparing
from ..interpreter.play.agents.registry import Interrupted, watched
from ..interpreter.play.batch import Batch, SimulationError, prepare, run
from ..interpreter.play.report import as_table
from ..interpreter.play.stats import summarize
from .wording import in_form_words

_ids = itertools.count(1)
PROGRESS_EVERY = 0.1      # seconds between progress events


class Stopped(Exception):
    """The designer stopped the run."""


@dataclass
class Run:
    id: str
    kind: str                   # simulate | compare
    pack_key: str
    batches: list               # one Batch (simulate) or two (compare)
    command: str                # the command line that plays the same games (from the saved files)
    versions: list = field(default_factory=list)    # the pack each batch played: as saved, or with unsaved texts
    total: int = 0
    done: int = 0
    status: str = "running"     # running | done | failed | stopped
    error: str | None = None
    summary: dict | None = None     # simulate's summary, or compare's result
    text: str = ""              # as the command prints it
    started: float = field(default_factory=time.monotonic)
    seconds: float = 0.0
    stop: threading.Event = field(default_factory=threading.Event)
    waiting: bool = False       # for cores: the runs started before it play on them

    @property
    def unsaved(self) -> bool:
        """Whether a batch plays texts not saved: the command line then plays other rules."""
        return any(b.pack_files is not None for b in self.batches)

    def start(self, publish, cores: Cores) -> None:
        self.total = sum(b.games for b in self.batches)
        threading.Thread(target=self._play, args=(publish, cores), daemon=True, name=f"run {self.id}").start()

    def forget(self) -> None:
        """The workbench forgets the run (it keeps the latest ones): no page can stop it now."""
        self.stop.set()

    def _play(self, publish, cores: Cores) -> None:
        last = [0.0]

        def progress(base):
            def told(done):
                if self.stop.is_set():
                    raise Stopped
                self.done = base + done
                now = time.monotonic()
                if now - last[0] >= PROGRESS_EVERY or self.done == self.total:
                    last[0] = now
                    publish(self.id, "progress", {"done": self.done, "total": self.total,
                                                  "text": f"{self.done} of {self.total} games"})
            return told
        # The status changes last, once what a page shows of it is all there: a page
        # rendered meanwhile (another thread) shows the run as it was, whole.
        status, error = "done", None
        jobs, taken = max(b.jobs for b in self.batches), 0
        try:
            cores.take(self, jobs, publish)
            taken = jobs
            played = []
            # Stop stops the games being played too: a computer player may think for hours.
            with watched(self.stop):
                for batch in self.batches:
                    base = sum(b.games for b, _, _ in played)
                    game, results = run(batch, prepare(batch), progress(base))
                    played.append((batch, game, results))
            self._summarise(played)
        except (SimulationError, comparing.CompareError) as e:
            status, error = "failed", in_form_words(str(e))
        except (Stopped, Interrupted):
            status, error = "stopped", (f"stopped after {self.done} of {self.total} games: nothing to show" if taken
                                        else "stopped before it started: nothing to show")
        finally:
            cores.give(taken)
            self.seconds = time.monotonic() - self.started
            self.error = error
            self.status = status
            publish(self.id, "done", {"status": self.status})
            publish(self.id, "end", None)

    def _summarise(self, played: list) -> None:
        if self.kind == "simulate":
            batch, game, results = played[0]
            self.summary = summarize(game, batch, results)
            self.text = as_table(self.summary)
        else:
            (batch_a, game_a, results_a), (batch_b, game_b, results_b) = played
            self.summary = comparing.compare(game_a, game_b, batch_a, batch_b, results_a, results_b)
            self.text = comparing.as_table(self.summary)


class Cores:
    """The machine's cores, which the workbench's runs share: a run plays once as many are
    free as it has processes, and the runs started after it wait their turn. A form may ask
    for a million games on every core, but ten such runs do not play side by side."""

    def __init__(self, count: int | None = None):
        self.free = count or os.cpu_count() or 1
        self.turn = threading.Condition()

    def take(self, run: Run, jobs: int, publish) -> None:
        """Waits until `jobs` cores are free and takes them; raises Stopped if the run is
        stopped meanwhile."""
        with self.turn:
            while self.free < jobs:
                if run.stop.is_set():
                    raise Stopped
                if not run.waiting:
                    run.waiting = True
                    publish(run.id, "progress", {"done": 0, "total": run.total, "text": WAITING})
                self.turn.wait(0.1)
            self.free -= jobs
            run.waiting = False

    def give(self, jobs: int) -> None:
        with self.turn:
            self.free += jobs
            self.turn.notify_all()


WAITING = "waiting for the runs started before it: they play on the machine's cores"


def command(kind: str, given: list[str], batch: Batch, options: list[tuple[str, dict]]) -> str:
    """The command line that plays the same games: `options` are (flag, options) pairs."""
    words = ["cardtable", kind, *given, "--games", str(batch.games), "--seed", str(batch.seed),
             "--agents", ",".join(batch.agents)]
    if batch.players is not None:
        words += ["--players", str(batch.players)]
    if not batch.rotate:
        words.append("--fixed-seats")
    for flag, values in options:
        for key, value in values.items():
            words += [flag, f"{key}={value}"]
    for deck in batch.decks:
        words += ["--deck", deck]
    if batch.jobs != 1:
        words += ["--jobs", str(batch.jobs)]
    return " ".join(shlex.quote(w) for w in words)


def new_run(kind: str, pack_key: str, batches: list, line: str, versions: list) -> Run:
    return Run(f"{next(_ids)}-{secrets.token_hex(4)}", kind, pack_key, batches, line, versions)

