"""`cardtable simulate` with one process and with several: games per second, the
speed-up, and whether the summaries are the same (they must be).

    python benchmarks/simulate_jobs.py [--pack magic54] [--games 600] [--jobs 2] [--repeat 3]

Each run is the whole batch as the command plays it (`batch.run`), timed on the
wall clock, since the point is the time a person waits; the best of --repeat runs.
"""
from __future__ import annotations

import argparse
import json
import time

from cardtable.interpreter.players.batch import Batch, prepare, run
from cardtable.interpreter.players.stats import summarize


def timed(batch: Batch, repeat: int) -> tuple[float, str]:
    game = prepare(batch)
    best, summary = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        _, results = run(batch, game)
        best = min(best, time.perf_counter() - start)
        summary = json.dumps(summarize(game, batch, results), sort_keys=True)
    return best, summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pack", default="magic54")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--agents", default="random")
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    def batch(jobs):
        return Batch(args.pack, games=args.games, players=args.players, agents=args.agents.split(","), jobs=jobs)
    one, summary_one = timed(batch(1), args.repeat)
    many, summary_many = timed(batch(args.jobs), args.repeat)
    print(f"{args.pack}, {args.games} games, agents {args.agents}, best of {args.repeat}")
    print(f"  --jobs 1: {one:.2f} s, {args.games / one:.1f} games per second")
    print(f"  --jobs {args.jobs}: {many:.2f} s, {args.games / many:.1f} games per second")
    print(f"  speed-up {one / many:.2f}; the same summary: {'yes' if summary_one == summary_many else 'NO'}")


if __name__ == "__main__":
    main()
