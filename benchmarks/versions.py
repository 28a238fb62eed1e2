"""Two versions of cardtable side by side: a git commit taken out of this repository
into a temporary folder, and this work tree, each run in a process of its own on one
pinned core (before_after.py, search_before_after.py).

A child process imports `cardtable` from its version's folder and loads a pack from
that version's own variants/ by path: a pack given by name would be looked for first
in the current folder (a checkout's variants/), so both versions would play this
work tree's pack, and an older engine would refuse a pack written for a newer one.
"""
from __future__ import annotations

import argparse
import atexit
import gc
import inspect
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent      # this work tree (the package `cardtable`)
BENCHMARKS = Path(__file__).resolve().parent
_TREE: list[Path] = []


def this_tree() -> Path:
    """The folder to put on PYTHONPATH for this work tree: one whose `cardtable` is
    it. A checkout named otherwise (main/, a CI's folder) gets a temporary folder
    holding a link named `cardtable` to it, removed when the script ends."""
    if HERE.name == "cardtable":
        return HERE.parent
    if not _TREE:
        folder = Path(tempfile.mkdtemp(prefix="cardtable-tree-"))
        (folder / "cardtable").symlink_to(HERE, target_is_directory=True)
        atexit.register(shutil.rmtree, folder, True)
        _TREE.append(folder)
    return _TREE[0]


def extract(ref: str, into: Path, repo: Path = HERE) -> Path:
    """The files of `ref` in `into`/cardtable, the folder the package is imported from;
    returns `into`, the folder to put on PYTHONPATH."""
    root = into / "cardtable"
    root.mkdir()
    archive = into / "ref.tar"
    subprocess.run(["git", "-C", str(repo), "archive", "-o", str(archive), ref], check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(root)
    archive.unlink()
    return into


PACKS = ("magic54", "pub_magic", "basic_tcg", "crazy_eights", "go_fish", "hearts", "lane_duel", "stack_duel", "mtg")


def self_play_parser(doc: str) -> argparse.ArgumentParser:
    """The options of a script that plays every pack's random games in rounds, side by side."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--packs", default=",".join(PACKS))
    return ap


def pin_one_core() -> None:
    """This process and the children it starts run on one core, the same for all."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def in_turn(round_: int) -> tuple[str, str]:
    """Which version runs first in a round: each in turn, so neither always has the
    machine as it is after the other."""
    return ("before", "after") if round_ % 2 == 0 else ("after", "before")


def pack_folder(path: Path, pack: str) -> Path:
    return path / "cardtable" / "variants" / pack


def missing(path: Path, pack: str) -> str | None:
    """Why a version at `path` cannot play `pack` before it is even loaded, or None."""
    if not (pack_folder(path, pack) / "pack.yaml").is_file():
        return f"no pack {pack} in this version (no variants/{pack}/pack.yaml)"
    return None


def run_child(path: Path, code: str, args: list[str]) -> dict:
    """Runs `code` with the version at `path` as `cardtable` (and this folder's modules
    importable); returns the JSON object it printed. A pack refused by that version's
    loader comes back as {"refused": "the first problem"}."""
    done = subprocess.run([sys.executable, "-c", code, *args], env=_child_env(path), capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed with {path}:\n{done.stderr}")
    return json.loads(done.stdout)


def count_child(path: Path, code: str, args: list[str]) -> tuple[dict, int] | None:
    """run_child under callgrind: the JSON object `code` printed and the machine
    instructions between its COUNT_ON and COUNT_OFF; None without valgrind."""
    got = counted([sys.executable, "-c", code, *args], _child_env(path))
    return None if got is None else (json.loads(got[0]), got[1])


def _child_env(path: Path) -> dict:
    return dict(os.environ, PYTHONPATH=os.pathsep.join((str(path), str(BENCHMARKS))))


def count(on: bool) -> None:
    """In a child run by `counted`: turns callgrind's count on (after the pack is loaded
    and a first game played) or off (after the games counted). What was made until then
    is collected and frozen first: a full collection of the garbage collector walking the
    loaded pack would fall in one count and not in another, by when it comes (0.6% of a
    count of Hearts once)."""
    if on:
        gc.collect()
        gc.freeze()
    subprocess.run(["callgrind_control", "-i", "on" if on else "off", str(os.getpid())], capture_output=True, check=True)


def counted(argv: list[str], env: dict | None = None) -> tuple[str, int] | None:
    """Runs `argv` (a Python command) under valgrind's callgrind, the count turned on and
    off by the child (`count`); returns its output and the machine instructions counted,
    the same on every run. None when valgrind is not installed."""
    got = _callgrind(argv, env, [])
    if got is None:
        return None
    stdout, stderr = got
    return stdout, int(re.search(r"Collected : (\d+)", stderr).group(1))


# What callgrind's simulated caches and branch predictor count, as its summary names them.
SIMULATED = {"instructions": r"I\s+refs:\s+([\d,]+)", "instruction cache misses": r"I1\s+misses:\s+([\d,]+)",
             "data cache misses": r"D1\s+misses:\s+([\d,]+)", "branches mispredicted": r"Mispredicts:\s+([\d,]+)"}


def simulated(argv: list[str], env: dict | None = None) -> dict | None:
    """`counted` with callgrind's cache and branch simulation: the counts of SIMULATED
    between the child's COUNT_ON and COUNT_OFF (misses of the first-level caches of a
    32 KiB each, as the machine's). They explain why a time ratio exceeds the ratio of
    instructions: a missed cache line or branch costs many instructions' time. None
    without valgrind."""
    got = _callgrind(argv, env, ["--cache-sim=yes", "--branch-sim=yes"])
    if got is None:
        return None
    return {name: int(re.search(pattern, got[1]).group(1).replace(",", "")) for name, pattern in SIMULATED.items()}


def _callgrind(argv: list[str], env: dict | None, options: list[str]) -> tuple[str, str] | None:
    valgrind = shutil.which("valgrind")
    if valgrind is None or shutil.which("callgrind_control") is None:
        return None
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        done = subprocess.run([valgrind, "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}",
                               *options, *argv],
                              capture_output=True, text=True, env={**(env or os.environ), "PYTHONHASHSEED": "0"})
    if done.returncode != 0 or "Collected : " not in done.stderr:
        raise SystemExit(f"callgrind did not count {' '.join(argv)}:\n{done.stderr.strip()[-800:]}")
    return done.stdout, done.stderr


def load_game(folder: str, options: dict | None = None, players: int = 0):
    """In a child: the Game of the pack at `folder` (with `players` seats, else as many as
    the pack seats by default), or, when this version's loader refuses the pack, prints why
    as {"refused": ...} and ends the process."""
    from cardtable.interpreter.diagnostics import Report
    from cardtable.interpreter.engine.game import Game
    from cardtable.interpreter.packs.loader import PackError, load_pack
    report = Report()
    try:
        pack = load_pack(folder, report)
    except PackError:
        print(json.dumps({"refused": refusal(report.errors)}))
        sys.exit(0)
    try:
        return Game(pack, options or {}, num_players=players or None)
    except ValueError as e:          # the seats asked for (OptionError)
        print(json.dumps({"refused": str(e)}))
        sys.exit(0)


def self_play(game, log: bool):
    """In a child: seed -> the decisions of the random game `batch.play_random` plays with
    that seed, keeping its log or not. A version whose games always keep their log is
    named as refusing to play without one."""
    from cardtable.interpreter.play.batch import play_random
    if log:
        return lambda seed: play_random(game, seed)[1]
    if "log" not in inspect.signature(play_random).parameters:
        print(json.dumps({"refused": "its games always keep their log (--no-log)"}))
        sys.exit(0)
    return lambda seed: play_random(game, seed, False)[1]


def refusal(problems: list) -> str:
    """One line for a refused pack: its first problem and how many more there are."""
    if not problems:
        return "refused by the loader, without a problem named"
    first = problems[0]
    more = f" (and {len(problems) - 1} more problems)" if len(problems) > 1 else ""
    return f"{first.file}:{first.line}:{first.col}: {first.message}{more}"
