"""Random self-play of every built-in pack by two versions of the engine, side by side.

    python benchmarks/before_after.py [REF] [--games 100] [--rounds 3] [--packs magic54,hearts]
                                      [--instructions 10] [--no-log] [--players 8]

REF (a git commit or branch, `main` by default) is taken out of this repository into a
temporary folder; each round then plays, for every pack, the same seeded random games
(`batch.play_random`, seeds 0 to games - 1) with REF and with this work tree, in a
process of their own, in alternating order, on one core, timed in the process's CPU
time. Each version plays its own copy of the pack (versions.py says why). The report
gives each side's best decisions per second and the ratio of the medians (this tree /
REF): the machine is shared, so the ratio is the figure to read. The decisions of
every game must be the same on both sides (the games are the same). A pack that one
version lacks or refuses is named with the reason, and the others are compared.

--no-log plays games that keep no log, as `cardtable simulate` plays them (a version
from before games could keep none is named as refusing it). --players N seats N players
at every pack (a pack that cannot seat them is named as refusing it): what a decision
costs as the table grows.

--instructions N counts instead, for each pack, the machine instructions a decision of
each version over seeds 0 to N - 1, with valgrind's callgrind (installed apart: `apt
install valgrind`), from the first of those games to the last: the same figures on
every run, which a noisy machine does not move, and closer to the time than bytecodes.
"""
from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from versions import (count_child, extract, in_turn, missing, pack_folder, pin_one_core, run_child,
                      self_play_parser, this_tree)


CHILD = """
import json, sys, time
from versions import load_game, self_play
game = load_game(sys.argv[1], players=int(sys.argv[4]))
play = self_play(game, sys.argv[3] == "log")
play(0)
t = time.process_time()
counts = [play(seed) for seed in range(int(sys.argv[2]))]
print(json.dumps({"cpu": time.process_time() - t, "decisions": counts}))
"""

COUNTED = """
import json, sys
from versions import count, load_game, self_play
game = load_game(sys.argv[1], players=int(sys.argv[4]))
play = self_play(game, sys.argv[3] == "log")
play(int(sys.argv[2]))      # a game first, for what the first game does once
count(True)
counts = [play(seed) for seed in range(int(sys.argv[2]))]
count(False)
print(json.dumps({"decisions": counts}))
"""


def not_played(sides: dict, pack: str, log: str, players: str) -> str | None:
    """Why `pack` cannot be compared (a version lacks it or refuses it), or None."""
    for side, path in sides.items():
        why = missing(path, pack) or run_child(path, CHILD, [str(pack_folder(path, pack)), "0", log, players]).get("refused")
        if why:
            return f"{side}: {why}"
    return None


def main(argv: list[str] | None = None) -> int:
    ap = self_play_parser(__doc__)
    ap.add_argument("ref", nargs="?", default="main")
    ap.add_argument("--instructions", type=int, default=0,
                    help="count machine instructions on this many games of each pack, instead of timing (valgrind)")
    ap.add_argument("--no-log", dest="log", action="store_const", const="no-log", default="log",
                    help="the games keep no log, as cardtable simulate plays them")
    ap.add_argument("--players", type=int, default=0, help="seat this many players (the pack's default if omitted)")
    args = ap.parse_args(argv)
    players = str(args.players)
    pin_one_core()
    with tempfile.TemporaryDirectory(prefix="cardtable-before-") as tmp:
        sides = {"before": extract(args.ref, Path(tmp)), "after": this_tree()}
        skipped = {pack: why for pack in args.packs.split(",") if (why := not_played(sides, pack, args.log, players))}
        packs = [pack for pack in args.packs.split(",") if pack not in skipped]
        if args.instructions:
            return instructions(sides, packs, skipped, args)
        rates = {(p, w): [] for p in packs for w in sides}
        same = {}
        for r in range(args.rounds):
            for pack in packs:
                counts = {}
                for w in in_turn(r):
                    got = run_child(sides[w], CHILD, [str(pack_folder(sides[w], pack)), str(args.games), args.log, players])
                    counts[w] = got["decisions"]
                    rates[(pack, w)].append(sum(got["decisions"]) / got["cpu"])
                same[pack] = same.get(pack, True) and counts["before"] == counts["after"]
    print(f"random self-play, seeds 0 to {args.games - 1}, {args.rounds} rounds, one core, "
          f"{'keeping their log' if args.log == 'log' else 'keeping no log'}; before = {args.ref}")
    print(f"{'pack':<14} {'before best':>12} {'after best':>12} {'after/before (medians)':>24}  same games")
    for pack in packs:
        b, a = rates[(pack, "before")], rates[(pack, "after")]
        print(f"{pack:<14} {max(b):12,.0f} {max(a):12,.0f} {statistics.median(a) / statistics.median(b):24.2f}  "
              f"{'yes' if same[pack] else 'NO'}")
    for pack, why in skipped.items():
        print(f"{pack:<14} not compared, {why}")
    return 0 if all(same.values()) else 1


def instructions(sides: dict, packs: list, skipped: dict, args) -> int:
    """The machine instructions a decision of each version on each pack (--instructions)."""
    print(f"random self-play, seeds 0 to {args.instructions - 1}, "
          f"{'keeping their log' if args.log == 'log' else 'keeping no log'}; machine instructions a decision "
          f"(callgrind); before = {args.ref}")
    print(f"{'pack':<14} {'before':>12} {'after':>12} {'after/before':>13}  same games")
    same = True
    for pack in packs:
        got = {w: count_child(sides[w], COUNTED, [str(pack_folder(sides[w], pack)), str(args.instructions), args.log,
                                          str(args.players)])
               for w in sides}
        if None in got.values():
            print("not counted: valgrind is not installed (apt install valgrind)")
            return 1
        (b, nb), (a, na) = got["before"], got["after"]
        each = {w: n / sum(out["decisions"]) for w, (out, n) in got.items()}
        alike = b["decisions"] == a["decisions"]
        same = same and alike
        print(f"{pack:<14} {each['before']:12,.0f} {each['after']:12,.0f} {each['after'] / each['before']:13.3f}  "
              f"{'yes' if alike else 'NO'}")
    for pack, why in skipped.items():
        print(f"{pack:<14} not compared, {why}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
