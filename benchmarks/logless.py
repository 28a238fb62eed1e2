"""Random self-play of every built-in pack keeping its log and keeping none
(`new_initial_state(log=False)`, as `cardtable simulate` plays), side by side.

    python benchmarks/logless.py [--games 100] [--rounds 3] [--packs magic54,hearts]

Each round plays, for every pack, the same seeded random games (`batch.play_random`,
seeds 0 to games - 1) with the log and without, in one process, in alternating order,
on one core, timed in the process's CPU time. The ratio of the medians (without / with)
is the figure to read: the machine is shared. Every game must be the same both ways:
the answers of each game, its result and its turns are compared.
"""
from __future__ import annotations

import statistics
import sys
import time

from versions import load_game, pack_folder, pin_one_core, self_play_parser, this_tree

from cardtable.interpreter.play.batch import play_random



def play(game, games: int, log: bool) -> tuple[float, list]:
    """The CPU time of the games, and each game's answers, result and turns."""
    t = time.process_time()
    states = [play_random(game, seed, log)[0] for seed in range(games)]
    cpu = time.process_time() - t
    return cpu, [(tuple(s.history), tuple(s.returns()), s.turn) for s in states]


def main(argv: list[str] | None = None) -> int:
    args = self_play_parser(__doc__).parse_args(argv)
    pin_one_core()
    packs = args.packs.split(",")
    games = {p: load_game(str(pack_folder(this_tree(), p))) for p in packs}
    rates = {(p, log): [] for p in packs for log in (True, False)}
    same = dict.fromkeys(packs, True)
    for r in range(args.rounds):
        for pack in packs:
            played = {}
            for log in ((True, False) if r % 2 == 0 else (False, True)):
                cpu, played[log] = play(games[pack], args.games, log)
                rates[(pack, log)].append(sum(len(h) for h, _, _ in played[log]) / cpu)
            same[pack] = same[pack] and played[True] == played[False]
    print(f"random self-play, seeds 0 to {args.games - 1}, {args.rounds} rounds, one core")
    print(f"{'pack':<14} {'log, best':>12} {'no log, best':>13} {'no log / log (medians)':>23}  same games")
    for pack in packs:
        w, q = rates[(pack, True)], rates[(pack, False)]
        print(f"{pack:<14} {max(w):12,.0f} {max(q):13,.0f} {statistics.median(q) / statistics.median(w):23.2f}  "
              f"{'yes' if same[pack] else 'NO'}")
    return 0 if all(same.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
