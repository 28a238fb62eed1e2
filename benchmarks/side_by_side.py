"""Two installs of cardtable timed side by side: the commands of startup.py and
validate_large.py, run by each install in turn, so that both meet the same load.

    python benchmarks/side_by_side.py /tmp/venv-before /tmp/venv-after
    python benchmarks/side_by_side.py A B --rounds 20 --cards 10000

A and B are venvs with cardtable installed (startup.py --venv makes one from a work
tree). Each round runs every command once with A and once with B, in alternating
order, on one core; the report gives, per command and install, the best and the
median wall-clock time and processor time, and the ratio of B's median processor
time to A's (processor time is the less disturbed by other work on the machine).
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from startup import _venv_bin
from validate_large import write_pack


def run_once(exe: Path, args: tuple[str, ...], cwd: str) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([str(exe), *args], cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"`cardtable {' '.join(args)}` failed ({done.returncode}):\n{done.stderr.decode()}")
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a", type=Path, help="the venv of the first install (the reference)")
    ap.add_argument("b", type=Path, help="the venv of the second install")
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--cards", type=int, default=10_000, help="cards of the generated pack validate_large.py times")
    args = ap.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})   # children inherit it
    exes = {"A": _venv_bin(args.a, "cardtable"), "B": _venv_bin(args.b, "cardtable")}
    with tempfile.TemporaryDirectory(prefix="cardtable-side-") as tmp:
        large = Path(tmp) / "large"
        write_pack(large, args.cards)
        commands = [("--help",), ("validate", "magic54"), ("validate", str(large))]
        times = {(c, w): [] for c in commands for w in exes}
        for exe in exes.values():       # warm the file cache and Lark's grammar cache
            for c in commands:
                run_once(exe, c, tmp)
        for r in range(args.rounds):
            for w in (("A", "B") if r % 2 == 0 else ("B", "A")):
                for c in commands:
                    times[(c, w)].append(run_once(exes[w], c, tmp))
    print(f"{'command':<40} {'':2} {'wall best':>9} {'median':>8} {'cpu best':>9} {'median':>8}  (of {args.rounds})")
    for c in commands:
        name = "cardtable " + " ".join("LARGE" if a.endswith("large") else a for a in c)
        for w in exes:
            walls, cpus = zip(*times[(c, w)])
            print(f"{name:<40} {w:2} {min(walls):9.3f} {statistics.median(walls):8.3f} "
                  f"{min(cpus):9.3f} {statistics.median(cpus):8.3f}")
        ratio = statistics.median(x[1] for x in times[(c, "B")]) / statistics.median(x[1] for x in times[(c, "A")])
        print(f"{'':40} B/A median processor time: {ratio:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
