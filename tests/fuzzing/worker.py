"""A worker process of the fuzz runs: makes each case it is sent and runs its
commands in-process through click's CliRunner, under a memory limit
(RLIMIT_AS) and a time limit (SIGALRM; the parent kills a worker that does not
answer even then).

It reads one JSON request a line on standard input and answers one JSON line on
the file descriptor it is given; what cardtable itself writes to the real standard
output or error goes to the worker's standard error.

    python worker.py FD MEMORY_BYTES SECONDS
"""
from __future__ import annotations

import json
import os
import resource
import shutil
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path

# Room for what a command prints: enough to see the message, not a flood.
MAX_OUTPUT = 20_000


class Deadline(BaseException):
    """The case ran past its time: raised by the alarm wherever the case was."""


def _alarm(signum, frame):
    raise Deadline()


def _cut(text: str) -> str:
    return text if len(text) <= MAX_OUTPUT else text[:MAX_OUTPUT // 2] + "\n[...]\n" + text[-MAX_OUTPUT // 2:]


def run_command(argv: list[str]) -> dict:
    from click.testing import CliRunner

    from cardtable.cli import main

    start = time.perf_counter()
    result = CliRunner().invoke(main, argv, catch_exceptions=True)
    crashed = result.exception is not None and not isinstance(result.exception, SystemExit)
    return {
        "argv": argv, "exit": result.exit_code, "stdout": _cut(result.stdout), "stderr": _cut(result.stderr),
        "exception": _cut("".join(traceback.format_exception(*result.exc_info))) if crashed else None,
        "seconds": round(time.perf_counter() - start, 3),
    }


_RECORDS: dict | None = None


def base_records(scratch: Path) -> dict:
    """Logs of a few real games of each built-in pack, as `simulate --out` writes them."""
    global _RECORDS
    if _RECORDS is None:
        _RECORDS = {}
        for pack, extra in (("magic54", []), ("basic_tcg", []), ("pub_magic", ["--players", "3"])):
            out = scratch / f"{pack}.jsonl"
            done = run_command(["simulate", pack, "-n", "2", "--seed", "7", *extra, "--out", str(out)])
            assert done["exit"] == 0, done
            _RECORDS[pack] = out.read_text(encoding="utf-8")
    return _RECORDS


# The case being run, so that a case stopped by its time or memory limit can still say what it was.
_CASE = None


def _made(case) -> dict:
    return {"changed": case.changed, "note": case.note, "folder": str(case.folder)} if case else {}


def run_case(request: dict, scratch: Path) -> dict:
    from fuzzing import cases

    global _CASE
    _CASE = None
    folder = Path(request["folder"])
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    case = cases.Case(request["family"], request["seed"], request["number"], folder,
                      avoid=frozenset(request.get("avoid", ())))
    family = cases.FAMILIES[case.family]
    _CASE = case
    try:
        family(case, base_records(scratch)) if case.family == "replay" else family(case)
    except MemoryError:
        raise
    except Exception:
        return {"harness": traceback.format_exc()}
    answers = []
    here = os.getcwd()
    os.chdir(folder)
    try:
        for argv, if_valid in case.commands:
            if if_valid and answers and answers[0]["exit"] != 0:
                continue
            answers.append(run_command(argv))
    finally:
        os.chdir(here)
    return {"commands": answers, **_made(case)}


def main() -> None:
    fd, memory, seconds = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
    answers = os.fdopen(fd, "w", encoding="utf-8")
    os.dup2(2, 1)                  # stray writes to the real standard output go to standard error
    sys.stdin.reconfigure(encoding="utf-8")
    if memory:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    signal.signal(signal.SIGALRM, _alarm)
    scratch = Path(tempfile.mkdtemp(prefix="cardtable-fuzz-worker-", dir=os.getcwd()))
    try:
        for line in sys.stdin:
            request = json.loads(line)
            started = time.perf_counter()
            signal.setitimer(signal.ITIMER_REAL, seconds)
            try:
                answer = run_case(request, scratch)
                signal.setitimer(signal.ITIMER_REAL, 0)
            except Deadline:
                # Wherever the case was stopped, the process may be in no state to go on.
                answer = {"hang": traceback.format_exc(), "stop": True, **_made(_CASE)}
            except MemoryError:
                signal.setitimer(signal.ITIMER_REAL, 0)
                answer = {"memory": traceback.format_exc(), "stop": True, **_made(_CASE)}
            if any((c["exception"] or "").rstrip().endswith("MemoryError") for c in answer.get("commands", ())):
                answer["stop"] = True      # what was half-made when memory ran out may be broken
            answer["seconds"] = round(time.perf_counter() - started, 3)
            answers.write(json.dumps(answer) + "\n")
            answers.flush()
            if answer.get("stop"):
                break
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.path[:0] = [str(Path(__file__).resolve().parent.parent)]
    main()
