"""Random self-play of every built-in pack by the native engine and by the Python
source of the same engine, side by side.

    python benchmarks/native.py [--games 100] [--rounds 3] [--packs magic54,hearts]

Needs a build of this work tree's engine (`cardtable native build`). Each round plays,
for every pack, the same seeded random games (`batch.play_random`, seeds 0 to games - 1)
with the native engine and with the Python source (CARDTABLE_NATIVE=0), each in a
process of its own, in alternating order, on one core, timed in the process's CPU time.
The ratio of the medians (native / Python) is the figure to read: the machine is shared.
Every game must be the same on both sides: the decisions of each game and the
fingerprint of the logs of the first ten (`batch.games_digest`) are compared.
"""
from __future__ import annotations

import os
import statistics
import sys

from versions import pack_folder, pin_one_core, run_child, self_play_parser, this_tree

from cardtable.interpreter.native import counted, find

SIDES = {"python": "0", "native": "1"}       # CARDTABLE_NATIVE of each side

CHILD = """
import json, sys, time
from versions import load_game
from cardtable.interpreter.native import in_use
from cardtable.interpreter.play.batch import games_digest, play_random
game = load_game(sys.argv[1])
play_random(game, 0)
t = time.process_time()
counts = [play_random(game, seed)[1] for seed in range(int(sys.argv[2]))]
cpu = time.process_time() - t
print(json.dumps({"cpu": cpu, "decisions": counts, "native": in_use() is not None,
                  "digest": games_digest(game, range(min(10, int(sys.argv[2]))))}))
"""


def play(side: str, pack: str, games: int) -> dict:
    os.environ["CARDTABLE_NATIVE"] = SIDES[side]
    got = run_child(this_tree(), CHILD, [str(pack_folder(this_tree(), pack)), str(games)])
    if got.get("native") != (side == "native"):
        raise SystemExit(f"the {side} side of {pack} did not run the {side} engine")
    return got


def main(argv: list[str] | None = None) -> int:
    args = self_play_parser(__doc__).parse_args(argv)
    build = find()
    if build is None:
        print("no native engine is built from this work tree: run `cardtable native build` first", file=sys.stderr)
        return 1
    pin_one_core()
    packs = args.packs.split(",")
    rates = {(p, side): [] for p in packs for side in SIDES}
    same = {}
    for r in range(args.rounds):
        for pack in packs:
            got = {side: play(side, pack, args.games) for side in (SIDES if r % 2 == 0 else reversed(SIDES))}
            for side, g in got.items():
                rates[(pack, side)].append(sum(g["decisions"]) / g["cpu"])
            same[pack] = same.get(pack, True) and all(
                got["python"][k] == got["native"][k] for k in ("decisions", "digest"))
    print(f"random self-play, seeds 0 to {args.games - 1}, {args.rounds} rounds, one core; "
          f"native engine: {counted(len(build.files))} in {build.folder}")
    print(f"{'pack':<14} {'Python best':>12} {'native best':>12} {'native/Python (medians)':>24}  same games")
    for pack in packs:
        p, n = rates[(pack, "python")], rates[(pack, "native")]
        print(f"{pack:<14} {max(p):12,.0f} {max(n):12,.0f} {statistics.median(n) / statistics.median(p):24.2f}  "
              f"{'yes' if same[pack] else 'NO'}")
    return 0 if all(same.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
