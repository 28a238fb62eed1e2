"""Random self-play of every built-in pack by two versions of the engine, side by side.

    python benchmarks/before_after.py [REF] [--games 100] [--rounds 3] [--packs magic54,hearts]

REF (a git commit or branch, `main` by default) is taken out of this repository into a
temporary folder; each round then plays, for every pack, the same seeded random games
(`batch.play_random`, seeds 0 to games - 1) with REF and with this work tree, in a
process of their own, in alternating order, on one core, timed in the process's CPU
time. The report gives each side's best decisions per second and the ratio of the
medians (this tree / REF): the machine is shared, so the ratio is the figure to read.
The decisions of every game must be the same on both sides (the games are the same).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent      # this work tree (the package `cardtable`)
PACKS = ("magic54", "pub_magic", "basic_tcg", "crazy_eights", "go_fish", "hearts", "lane_duel", "stack_duel")

CHILD = """
import json, sys, time
from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.play.batch import play_random
game = Game(load_pack(sys.argv[1], Report()))
play_random(game, 0)
t = time.process_time()
counts = [play_random(game, seed)[1] for seed in range(int(sys.argv[2]))]
print(json.dumps({"cpu": time.process_time() - t, "decisions": counts}))
"""


def extract(ref: str, into: Path) -> Path:
    """The files of REF in `into`/cardtable, the folder the package is imported from."""
    root = into / "cardtable"
    root.mkdir()
    archive = into / "ref.tar"
    subprocess.run(["git", "-C", str(HERE), "archive", "-o", str(archive), ref], check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(root)
    return into


def play(path: Path, pack: str, games: int) -> dict:
    env = dict(os.environ, PYTHONPATH=str(path))
    done = subprocess.run([sys.executable, "-c", CHILD, pack, str(games)], env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{pack} failed with {path}:\n{done.stderr}")
    return json.loads(done.stdout)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ref", nargs="?", default="main")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--packs", default=",".join(PACKS))
    args = ap.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})   # children inherit it
    packs = args.packs.split(",")
    with tempfile.TemporaryDirectory(prefix="cardtable-before-") as tmp:
        sides = {"before": extract(args.ref, Path(tmp)), "after": HERE.parent}
        rates = {(p, w): [] for p in packs for w in sides}
        same = {}
        for r in range(args.rounds):
            for pack in packs:
                counts = {}
                for w in (("before", "after") if r % 2 == 0 else ("after", "before")):
                    got = play(sides[w], pack, args.games)
                    counts[w] = got["decisions"]
                    rates[(pack, w)].append(sum(got["decisions"]) / got["cpu"])
                same[pack] = same.get(pack, True) and counts["before"] == counts["after"]
    print(f"random self-play, seeds 0 to {args.games - 1}, {args.rounds} rounds, one core; before = {args.ref}")
    print(f"{'pack':<14} {'before best':>12} {'after best':>12} {'after/before (medians)':>24}  same games")
    for pack in packs:
        b, a = rates[(pack, "before")], rates[(pack, "after")]
        print(f"{pack:<14} {max(b):12,.0f} {max(a):12,.0f} {statistics.median(a) / statistics.median(b):24.2f}  "
              f"{'yes' if same[pack] else 'NO'}")
    return 0 if all(same.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
