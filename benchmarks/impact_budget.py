"""What `cardtable impact` costs with its default budget (100 games a version) and what it
finds: the command run as a designer runs it, its wall-clock time and its processor
time (the command's and its worker processes'), the load of the machine before and
after, and the strongest families it found.

    python benchmarks/impact_budget.py [--pack magic54] [--agents heuristic] [--jobs N]

Without --jobs the command uses its default: every core of the machine.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time


def children_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pack", default="magic54")
    parser.add_argument("--agents", default="heuristic")
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--top", type=int, default=6)
    args = parser.parse_args()
    command = [sys.executable, "-m", "cardtable.cli", "impact", args.pack, "--agents", args.agents, "--format", "json"]
    if args.jobs is not None:
        command += ["--jobs", str(args.jobs)]
    load = os.getloadavg()[0]
    start, cpu = time.perf_counter(), children_seconds()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    wall, spent = time.perf_counter() - start, children_seconds() - cpu
    report = json.loads(done.stdout)
    games = report["games"] * (len(report["rows"]) + 1)
    print(f"cardtable impact {args.pack} --agents {args.agents}" + (f" --jobs {args.jobs}" if args.jobs else "")
          + f" on {len(os.sched_getaffinity(0))} cores: {len(report['rows'])} versions and the pack as it is, "
          f"{games} games")
    print(f"wall {wall:.0f} s ({wall / 60:.1f} min), processor {spent:.0f} s ({spent / games:.3f} s a game); "
          f"load average {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")
    print("as it is: " + ", ".join(f"{seat} wins {100 * rate:.1f}%" for seat, rate in report["base"].items()))
    for row in report["rows"][:args.top]:
        seats = ", ".join(f"{seat} {100 * c['difference']:+.1f} ({100 * c['low']:+.1f} to {100 * c['high']:+.1f})"
                          f"{'*' if c['significant'] else ''}" for seat, c in row["seats"].items())
        print(f"  {row['subject']}: {seats}")
    significant = [row["subject"] for row in report["rows"] if any(c["significant"] for c in row["seats"].values())]
    print(f"beyond chance: {len(significant)} of {len(report['rows'])} versions")


if __name__ == "__main__":
    main()
