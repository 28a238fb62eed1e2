"""How a computer player places against random players in a game of several players
(Hearts, Go Fish, Crazy Eights): seeded games with the agent in one seat (the seat
moves round from game to game) and random players in the others; its mean place and
how often it is placed first, beside what a random player in its seat gets in the same
games, and its mean time a decision. Also how games end: shared first places, and
games where every player shares one place (a draw).

    python benchmarks/placings.py hearts heuristic --games 200 --jobs 2
    python benchmarks/placings.py go_fish heuristic --players 3 --games 500
    python benchmarks/placings.py crazy_eights mcts:playouts=50 --players 4 --games 100

Game i uses seed `--seed + i` and puts the agent in seat i mod players; the baseline
plays the same seeds with a random player in that seat. A place is 1 for the best;
equal places are shared ("1224"). Times are the processor time of the agent's
`choose` call.
"""
from __future__ import annotations

import argparse
import multiprocessing
import statistics
import time

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.play.agents import make_agent
from cardtable.interpreter.play.stats import wilson

from agents import batch_arguments      # benchmarks/agents.py, beside this script

_GAME = None


def _load(pack: str, options: dict, players: int | None) -> None:
    global _GAME
    _GAME = Game(load_pack(pack, Report()), options, num_players=players)


def play(job: tuple) -> tuple:
    """One game: the place of the seat under test, whether the first place was shared
    (by several, or by all), the seconds the agent spent and its decisions."""
    seed, spec = job
    n = _GAME.num_players
    seat_tested = seed % n
    agents = [make_agent(spec if seat == seat_tested else "random", f"{seed}:{seat}") for seat in range(n)]
    spent, count = 0.0, 0
    state = _GAME.new_initial_state(seed=seed)
    while not state.is_terminal():
        seat = state.current_player()
        start = time.process_time()
        action = agents[seat].choose(state)
        if seat == seat_tested:
            spent += time.process_time() - start
            count += 1
        state.apply_action(action)
    places = state.places()
    firsts = places.count(1)
    return places[seat_tested], firsts > 1, firsts == n, spent, count


def run(spec: str, seeds: range, jobs: int, setup: tuple) -> list:
    work = [(seed, spec) for seed in seeds]
    if jobs > 1:
        with multiprocessing.get_context("fork").Pool(jobs, _load, setup) as pool:
            return pool.map(play, work, chunksize=1)
    _load(*setup)
    return [play(job) for job in work]


def summary(label: str, results: list) -> str:
    places = [r[0] for r in results]
    firsts = sum(1 for p in places if p == 1)
    low, high = wilson(firsts, len(places))
    spread = 1.96 * statistics.stdev(places) / len(places) ** 0.5 if len(places) > 1 else 0.0
    spent, count = sum(r[3] for r in results), sum(r[4] for r in results)
    timing = f", {1000 * spent / count:.1f} ms a decision over {count} decisions" if count else ""
    return (f"  {label:<24} mean place {statistics.mean(places):.2f} (± {spread:.2f}), first {firsts} "
            f"({100 * firsts / len(places):.1f}%, 95% interval {100 * low:.1f}% - {100 * high:.1f}%){timing}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pack")
    parser.add_argument("agent", help="an agent spec, such as heuristic or mcts:playouts=50")
    parser.add_argument("--players", type=int, default=None)
    batch_arguments(parser)
    args = parser.parse_args()
    options = dict(pair.split("=", 1) for pair in args.option)
    setup = (args.pack, options, args.players)
    seeds = range(args.seed, args.seed + args.games)
    _load(*setup)       # here first, so that a pack with a problem stops the run at once
    started = time.perf_counter()
    tested = run(args.agent, seeds, args.jobs, setup)
    baseline = run("random", seeds, args.jobs, setup)
    print(f"{args.pack}: {args.games} games of {_GAME.num_players} players, seeds {seeds[0]} to {seeds[-1]}, "
          f"the seat under test moving round, {time.perf_counter() - started:.0f} s")
    print(summary(args.agent, tested))
    print(summary("random (same seats)", baseline))
    for label, results in ((args.agent, tested), ("random", baseline)):
        shared = sum(r[1] for r in results)
        drawn = sum(r[2] for r in results)
        print(f"  games with {label} in the seat: first place shared in {shared} ({100 * shared / len(results):.1f}%), "
              f"everyone sharing it (a draw) in {drawn} ({100 * drawn / len(results):.1f}%)")


if __name__ == "__main__":
    main()
