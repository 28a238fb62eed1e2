"""The same batch on the local processes, on a dask cluster and on a ray cluster: the
wall-clock time of each, the overhead of a cluster over the local processes, how the
time falls with the number of workers, and whether the summaries are the same (they
must be, byte for byte).

    python benchmarks/clusters.py [--pack magic54] [--games 2000] [--workers 2] [--repeat 3] [--no-ray]
                                  [--scale-games 1000] [--scaling-only]

The clusters are started once, on this machine (a dask LocalCluster of N worker
processes of one thread; ray with N CPUs), and their start-up is timed apart: the
overhead that matters for a long run is the one of sending tasks and results, which
a cluster pays on every game. The runs alternate (local, dask, ray, local, ...) so
that every side meets the same load on a noisy machine; each figure is the median of
its side, and each overhead the median of the ratios of the runs made side by side.

Besides the wall clock, each run's processor time is counted: this process's, its
finished children's, and that of every process still running under it (the pool's
workers, dask's nanny and workers, ray's raylet and workers), before and after. On a
machine busy with other work the wall clock says little, and the processor time
still says what a backend costs beside the games themselves.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import statistics
import time

from cardtable.interpreter.play.batch import Batch, run
from cardtable.interpreter.play.stats import summarize


def processor_seconds() -> float:
    """User and system time of this process, its finished children and its live descendants."""
    import resource

    import psutil

    total = sum(resource.getrusage(who).ru_utime + resource.getrusage(who).ru_stime
                for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    for child in psutil.Process().children(recursive=True):
        try:
            times = child.cpu_times()
            total += times.user + times.system
        except psutil.Error:
            pass
    return total


def timed(batch: Batch) -> tuple[tuple[float, float], str]:
    """(wall seconds, processor seconds) of one run, and its summary."""
    start, cpu = time.perf_counter(), processor_seconds()
    game, results = run(batch)
    spent = (time.perf_counter() - start, processor_seconds() - cpu)
    return spent, json.dumps(summarize(game, batch, results), sort_keys=True)


def dask_cluster(workers: int):
    import distributed

    start = time.perf_counter()
    cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                       dashboard_address=None, silence_logs=50)
    return cluster, time.perf_counter() - start


def ray_up(workers: int) -> float:
    import ray

    start = time.perf_counter()
    ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, logging_level="error")
    return time.perf_counter() - start


def side_by_side(sides: dict, repeat: int) -> tuple[dict, set]:
    times, summaries = {name: [] for name in sides}, set()
    for _ in range(repeat):
        for name, batch in sides.items():
            seconds, summary = timed(batch)
            times[name].append(seconds)
            summaries.add(summary)
    return times, summaries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pack", default="magic54")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-ray", action="store_true")
    parser.add_argument("--scale-games", type=int, default=1000, help="games of each run of the scaling table")
    parser.add_argument("--scaling-only", action="store_true", help="only the table of 1 to --workers workers")
    args = parser.parse_args()
    base = Batch(args.pack, games=args.games, seed=0)
    if args.scaling_only:
        return scaling(base, args)
    cluster, dask_start = dask_cluster(args.workers)
    sides = {f"local, {args.workers} processes": dataclasses.replace(base, jobs=args.workers),
             f"dask, {args.workers} workers": dataclasses.replace(base, backend="dask",
                                                                  address=cluster.scheduler_address)}
    ray_start = None
    if not args.no_ray:
        ray_start = ray_up(args.workers)
        sides[f"ray, {args.workers} CPUs"] = dataclasses.replace(base, backend="ray")
    print(f"{args.games} random {args.pack} games, {args.repeat} runs of each side, alternating; "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"start-up: dask cluster {dask_start:.1f} s" + (f", ray {ray_start:.1f} s" if ray_start else ""))
    times, summaries = side_by_side(sides, args.repeat)
    local = next(iter(times))
    print("\n| backend | wall seconds | over local's | processor seconds | over local's |")
    print("|---|---|---|---|---|")
    for name, spent in times.items():
        cells = []
        for k in (0, 1):
            ratio = statistics.median(t[k] / l[k] for t, l in zip(spent, times[local]))
            cells.append(f"{statistics.median(t[k] for t in spent):.1f} | {ratio:.3f}")
        print(f"| {name} | {' | '.join(cells)} |")
    print(f"\nsummaries the same on every side: {len(summaries) == 1}; load average {os.getloadavg()[0]:.1f}")
    cluster.close()
    scaling(base, args)


def scaling(base: Batch, args) -> None:
    """Each backend with 1 to --workers workers, --scale-games games: all the runs of one
    repeat alternate (local 1, dask 1, ray 1, local 2, ...), a dask cluster of each size
    started before, ray started afresh with the CPUs of its run before it (untimed)."""
    batch = dataclasses.replace(base, games=args.scale_games)
    sizes = range(1, args.workers + 1)
    clusters = {n: dask_cluster(n)[0] for n in sizes}
    names = ["local", "dask"] + ([] if args.no_ray else ["ray"])
    sides = {(n, name): {"local": dataclasses.replace(batch, jobs=n),
                         "dask": dataclasses.replace(batch, backend="dask", address=clusters[n].scheduler_address),
                         "ray": dataclasses.replace(batch, backend="ray", jobs=n)}[name]
             for n in sizes for name in names}
    times, summaries = {side: [] for side in sides}, set()
    print(f"\nscaling: {batch.games} games, {args.repeat} runs of each side, alternating; "
          f"load average {os.getloadavg()[0]:.1f}")
    for _ in range(args.repeat):
        for (n, name), side in sides.items():
            if name == "ray":
                ray_up(n)
            seconds, summary = timed(side)
            if name == "ray":
                import ray
                ray.shutdown()
            times[(n, name)].append(seconds)
            summaries.add(summary)
    for cluster in clusters.values():
        cluster.close()
    scaling_tables(times, sizes, names)
    print(f"\nsummaries the same on every side: {len(summaries) == 1}; load average {os.getloadavg()[0]:.1f}")


def scaling_tables(times: dict, sizes, names: list) -> None:
    def median(side, k=0):
        return statistics.median(t[k] for t in times[side])

    def ratio(a, b, k=0):
        return statistics.median(x[k] / y[k] for x, y in zip(times[a], times[b]))
    print("\n| workers | " + " | ".join(f"{name} wall s (cpu s)" for name in names) + " | "
          + " | ".join(f"{name} over local" for name in names[1:]) + " |")
    print("|---" * (2 * len(names)) + "|")
    for n in sizes:
        cells = [f"{median((n, name)):.1f} ({median((n, name), 1):.1f})" for name in names]
        cells += [f"{ratio((n, name), (n, 'local')):.3f}" for name in names[1:]]
        print(f"| {n} | " + " | ".join(cells) + " |")
    for n in list(sizes)[1:]:
        print(f"| {n} over 1 | " + " | ".join(f"{ratio((n, name), (1, name)):.3f}" for name in names)
              + " |" + " |" * (len(names) - 1))


if __name__ == "__main__":
    main()
