"""`cardtable simulate` with one process and with several: games per second, the
speed-up, and whether the summaries are the same (they must be).

    python benchmarks/simulate_jobs.py [--pack magic54] [--games 600] [--jobs 2] [--repeat 5]

Each run is the whole batch as the command plays it (`batch.run`), timed on the
wall clock, since the point is the time a person waits. The runs alternate (one
process, several, one, several...) so that both sides meet the same load on a
noisy machine; the speed-up is the median of the ratios of each such pair, and the
times are the medians of each side.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import time

from cardtable.interpreter.play.batch import Batch, prepare, run
from cardtable.interpreter.play.stats import summarize


def timed(batch: Batch, game) -> tuple[float, str]:
    """Seconds of one run of the batch, and its summary as JSON."""
    start = time.perf_counter()
    _, results = run(batch, game)
    seconds = time.perf_counter() - start
    return seconds, json.dumps(summarize(game, batch, results), sort_keys=True)


def pairs(one: Batch, many: Batch, repeat: int) -> tuple[list, list, set]:
    """`repeat` runs of each batch, in turn: their times, and the summaries seen."""
    games = (prepare(one), prepare(many))
    times_one, times_many, summaries = [], [], set()
    for _ in range(repeat):
        for batch, game, times in ((one, games[0], times_one), (many, games[1], times_many)):
            seconds, summary = timed(batch, game)
            times.append(seconds)
            summaries.add(summary)
    return times_one, times_many, summaries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pack", default="magic54")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--agents", default="random")
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=5, help="pairs of runs (one process, then --jobs)")
    args = parser.parse_args()

    def batch(jobs):
        return Batch(args.pack, games=args.games, players=args.players, agents=args.agents.split(","), jobs=jobs)
    load = os.getloadavg()[0]
    one, many, summaries = pairs(batch(1), batch(args.jobs), args.repeat)
    ratios = sorted(a / b for a, b in zip(one, many))
    print(f"{args.pack}, {args.games} games, agents {args.agents}, {args.repeat} pairs of runs in turn "
          f"(load average {load:.2f} before, {os.getloadavg()[0]:.2f} after)")
    for jobs, times in ((1, one), (args.jobs, many)):
        median = statistics.median(times)
        print(f"  --jobs {jobs}: median {median:.2f} s, {args.games / median:.1f} games per second "
              f"(runs {', '.join(f'{t:.2f}' for t in times)} s)")
    print(f"  speed-up: median {statistics.median(ratios):.2f} (pairs from {ratios[0]:.2f} to {ratios[-1]:.2f}); "
          f"the same summary: {'yes' if len(summaries) == 1 else 'NO'}")


if __name__ == "__main__":
    main()
