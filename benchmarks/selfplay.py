"""Random self-play speed: decisions per second (legal-action generation included),
games per second, and the time of clone() on mid-game states.

    python benchmarks/selfplay.py [--pack magic54] [--games 200] [--repeat 3] [--digest]

Reports the best of --repeat runs, on one core (the process is pinned when the
system allows it), timed in the process's own CPU time, so that other load on the
machine disturbs the figures as little as possible.
--digest also prints a SHA-256 of the logs of those games (`games_digest`, played
again outside the timed runs): a change that makes the engine faster must leave it
the same (the same seeds give the same games). tests/test_digests.py pins it for
the 200 games of seeds 0 to 199.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.play.batch import games_digest


def play(game: Game, seeds) -> tuple[int, int]:
    decisions = 0
    for seed in seeds:
        rnd = random.Random(seed)
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[rnd.randrange(len(actions))])
            decisions += 1
    return decisions, len(seeds)


def mid_game_states(game: Game, count: int, after: int = 120):
    """`count` states after `after` decisions of seeded random games (those that last so long)."""
    out = []
    seed = 1000
    while len(out) < count and seed < 1000 + 20 * count:
        rnd = random.Random(seed)
        state = game.new_initial_state(seed=seed)
        seed += 1
        for _ in range(after):
            if state.is_terminal():
                break
            actions = state.legal_actions()
            state.apply_action(actions[rnd.randrange(len(actions))])
        if not state.is_terminal():
            out.append(state)
    return out


def clone_times(states, n: int = 2000) -> list:
    """Microseconds a clone() of each state takes, the state cloned `n` times in a row as a
    search player clones the position it searches from."""
    times = []
    for state in states:
        t = time.process_time()
        for _ in range(n):
            state.clone()
        times.append((time.process_time() - t) / n * 1e6)
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pack", default="magic54")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--digest", action="store_true", help="print a SHA-256 of the games' logs")
    args = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    game = Game(load_pack(args.pack, Report()))
    best = None
    for _ in range(args.repeat):
        t = time.process_time()
        decisions, games = play(game, range(args.games))
        dt = time.process_time() - t
        if best is None or dt < best[0]:
            best = (dt, decisions, games)
    dt, decisions, games = best
    print(f"pack {args.pack}: {games} random games, {decisions} decisions, best of {args.repeat}")
    print(f"  decisions per second: {decisions / dt:,.0f}")
    print(f"  games per second:     {games / dt:,.1f}")
    for after in (40, 120, 480):
        states = mid_game_states(game, 20, after)
        times = clone_times(states)
        print(f"  clone() after {after:3} decisions: median {statistics.median(times):.1f} us, worst {max(times):.1f} us "
              f"({len(states)} states, {statistics.median(len(s.s.log) for s in states):.0f} log lines)")
    if args.digest:
        print(f"  logs of the {games} games: sha256 {games_digest(game, range(args.games))}")


if __name__ == "__main__":
    main()
