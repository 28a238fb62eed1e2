"""Random self-play of every built-in pack by two versions of the engine, side by side.

    python benchmarks/before_after.py [REF] [--games 100] [--rounds 3] [--packs magic54,hearts]

REF (a git commit or branch, `main` by default) is taken out of this repository into a
temporary folder; each round then plays, for every pack, the same seeded random games
(`batch.play_random`, seeds 0 to games - 1) with REF and with this work tree, in a
process of their own, in alternating order, on one core, timed in the process's CPU
time. Each version plays its own copy of the pack (versions.py says why). The report
gives each side's best decisions per second and the ratio of the medians (this tree /
REF): the machine is shared, so the ratio is the figure to read. The decisions of
every game must be the same on both sides (the games are the same). A pack that one
version lacks or refuses is named with the reason, and the others are compared.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from versions import HERE, extract, in_turn, missing, pack_folder, pin_one_core, run_child

PACKS = ("magic54", "pub_magic", "basic_tcg", "crazy_eights", "go_fish", "hearts", "lane_duel", "stack_duel", "mtg")

CHILD = """
import json, sys, time
from versions import load_game
from cardtable.interpreter.play.batch import play_random
game = load_game(sys.argv[1])
play_random(game, 0)
t = time.process_time()
counts = [play_random(game, seed)[1] for seed in range(int(sys.argv[2]))]
print(json.dumps({"cpu": time.process_time() - t, "decisions": counts}))
"""


def not_played(sides: dict, pack: str) -> str | None:
    """Why `pack` cannot be compared (a version lacks it or refuses it), or None."""
    for side, path in sides.items():
        why = missing(path, pack) or run_child(path, CHILD, [str(pack_folder(path, pack)), "0"]).get("refused")
        if why:
            return f"{side}: {why}"
    return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ref", nargs="?", default="main")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--packs", default=",".join(PACKS))
    args = ap.parse_args(argv)
    pin_one_core()
    with tempfile.TemporaryDirectory(prefix="cardtable-before-") as tmp:
        sides = {"before": extract(args.ref, Path(tmp)), "after": HERE.parent}
        skipped = {pack: why for pack in args.packs.split(",") if (why := not_played(sides, pack))}
        packs = [pack for pack in args.packs.split(",") if pack not in skipped]
        rates = {(p, w): [] for p in packs for w in sides}
        same = {}
        for r in range(args.rounds):
            for pack in packs:
                counts = {}
                for w in in_turn(r):
                    got = run_child(sides[w], CHILD, [str(pack_folder(sides[w], pack)), str(args.games)])
                    counts[w] = got["decisions"]
                    rates[(pack, w)].append(sum(got["decisions"]) / got["cpu"])
                same[pack] = same.get(pack, True) and counts["before"] == counts["after"]
    print(f"random self-play, seeds 0 to {args.games - 1}, {args.rounds} rounds, one core; before = {args.ref}")
    print(f"{'pack':<14} {'before best':>12} {'after best':>12} {'after/before (medians)':>24}  same games")
    for pack in packs:
        b, a = rates[(pack, "before")], rates[(pack, "after")]
        print(f"{pack:<14} {max(b):12,.0f} {max(a):12,.0f} {statistics.median(a) / statistics.median(b):24.2f}  "
              f"{'yes' if same[pack] else 'NO'}")
    for pack, why in skipped.items():
        print(f"{pack:<14} not compared, {why}")
    return 0 if all(same.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
