"""Running fuzz cases in worker processes: each case under a time limit and a
memory limit, a worker that does not answer in time killed and replaced."""
from __future__ import annotations

import json
import os
import selectors
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

WORKER = Path(__file__).with_name("worker.py")
# A worker is replaced after this many cases, so that caches filled by thousands of
# different packs do not add up to the memory limit.
CASES_PER_WORKER = 300
# How long past its own alarm a worker may take to answer before it is killed.
GRACE = 10.0


@dataclass
class Limits:
    seconds: float = 20.0           # a whole case: making it and running its commands
    memory: int = 2 << 30           # bytes of address space of a worker (RLIMIT_AS)


class _Worker:
    def __init__(self, limits: Limits, scratch: Path, log):
        read, write = os.pipe()
        env = dict(os.environ)
        self.process = subprocess.Popen(
            [sys.executable, str(WORKER), str(write), str(limits.memory), str(limits.seconds)],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=log, pass_fds=(write,), env=env,
            text=True, encoding="utf-8", cwd=scratch)
        os.close(write)
        self.answers = os.fdopen(read, "r", encoding="utf-8")
        self.done = 0
        self.request: dict | None = None
        self.deadline = 0.0

    def send(self, request: dict, limits: Limits) -> None:
        self.request = request
        self.deadline = time.monotonic() + limits.seconds + GRACE
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        self.answers.close()
        if self.process.stdin:
            try:
                self.process.stdin.close()
            except OSError:
                pass


def run(requests, limits: Limits, jobs: int = 2, scratch: Path | None = None):
    """Runs each request (family, seed, number, avoid) in a worker; yields
    (request, answer) as cases finish, in no set order. An answer holds the commands'
    results, or "hang" / "memory" / "died" / "harness" when the case did not finish.
    A scratch folder made here is removed at the end, with the folders of the workers
    (made inside it, so that a worker killed for a hang leaves nothing behind)."""
    requests = iter(requests)
    made = scratch is None
    scratch = Path(scratch or tempfile.mkdtemp(prefix="cardtable-fuzz-"))
    log = open(scratch / "workers.log", "ab")
    chooser = selectors.DefaultSelector()
    idle: list[_Worker] = []
    busy: set[_Worker] = set()
    slot = 0

    def start() -> _Worker:
        return _Worker(limits, scratch, log)

    def give(worker: _Worker) -> bool:
        nonlocal slot
        request = next(requests, None)
        if request is None:
            worker.stop()
            return False
        request = {**request, "folder": str(scratch / f"case{slot}")}
        slot += 1
        worker.send(request, limits)
        busy.add(worker)
        chooser.register(worker.answers, selectors.EVENT_READ, worker)
        return True

    try:
        for _ in range(jobs):
            if not give(start()):
                break
        while busy:
            soonest = min(w.deadline for w in busy)
            events = chooser.select(timeout=max(0.0, soonest - time.monotonic()))
            finished = []
            for key, _mask in events:
                worker = key.data
                line = worker.answers.readline()
                answer = json.loads(line) if line else _died(worker.process.wait())
                finished.append((worker, answer))
            now = time.monotonic()
            for worker in busy:
                if not any(w is worker for w, _ in finished) and now > worker.deadline:
                    finished.append((worker, {"hang": None, "seconds": limits.seconds + GRACE}))
            for worker, answer in finished:
                chooser.unregister(worker.answers)
                busy.discard(worker)
                worker.done += 1
                request = worker.request
                if {"hang", "memory", "died"} & answer.keys() or answer.get("stop") or worker.done >= CASES_PER_WORKER:
                    worker.stop()
                    worker = start()
                yield request, answer
                shutil.rmtree(request["folder"], ignore_errors=True)
                give(worker)
    finally:
        for worker in list(busy):
            worker.stop()
        chooser.close()
        log.close()
        if made:
            shutil.rmtree(scratch, ignore_errors=True)


def _died(code: int) -> dict:
    how = f"signal {-code}" if code < 0 else f"exit code {code}"
    return {"died": f"the worker process ended by {how} without answering"}
