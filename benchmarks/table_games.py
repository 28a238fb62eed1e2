"""Seeded random games of a pack for several numbers of players: every game must end
without error, with the invariants checked after every decision; then the speed of
the same games without the checks.

    python benchmarks/table_games.py                     # pub_magic, 500 games with 2, 4 and 8 players
    python benchmarks/table_games.py --games 50 --players 3 5
    python benchmarks/table_games.py --pack basic_tcg --players 2 4 --option scenario=Conquest
    python benchmarks/table_games.py --pack go_fish --players 2 3 4 5

Exits with status 1 at the first game that stops with an error or breaks an invariant.
Times are the process's own processor time on one core (the process is pinned when
the system allows it), so that other work on the machine disturbs them as little as
possible; speeds are the best of --repeat runs.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.engine.state import RuleError
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.play.batch import play_random


def run(game: Game, games: int) -> tuple[float, int, int, int, int]:
    """Seconds of processor time, decisions, and games won by one player, with the first
    place shared by several, and drawn (every player shares it), of seeds 0 .. games - 1."""
    decisions = wins = shared = draws = 0
    t = time.process_time()
    for seed in range(games):
        state, n = play_random(game, seed)
        decisions += n
        firsts = state.places().count(1)
        if firsts == len(state.places()):
            draws += 1
        elif firsts > 1:
            shared += 1
        else:
            wins += 1
    return time.process_time() - t, decisions, wins, shared, draws


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pack", default="pub_magic")
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 4, 8])
    ap.add_argument("--repeat", type=int, default=3, help="runs of the speed measure (without checks)")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a pack option, as many as needed")
    args = ap.parse_args()
    options = dict(o.split("=", 1) for o in args.option)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    pack = load_pack(args.pack, Report())
    for n in args.players:
        try:
            dt, decisions, wins, shared, draws = run(Game(pack, options, num_players=n, debug=True), args.games)
        except RuleError as e:
            sys.exit(f"{n} players: a game stopped: {e}")
        print(f"{args.pack}, {n} players: {args.games} games ended, invariants held ({wins} won, {shared} with a "
              f"shared first place, {draws} drawn, {decisions / args.games:.0f} decisions a game) in {dt:.1f} s with checks")
        best = min(run(Game(pack, options, num_players=n), args.games)[0] for _ in range(args.repeat))
        print(f"  without checks: {args.games / best:,.1f} games per second, {decisions / best:,.0f} decisions per second")


if __name__ == "__main__":
    main()
