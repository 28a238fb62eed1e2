"""How strong and how fast the computer players are: seeded games of a pack (Magic 54
by default) between two agents, seats alternating, each side's wins with their 95%
interval and each side's mean time a decision.

    python benchmarks/agents.py mcts random --games 200 --jobs 2
    python benchmarks/agents.py mcts heuristic --games 200 --jobs 2

Game i uses seed `--seed + i`; the first agent sits in seat 1 in even games and in
seat 2 in odd ones, the two agents taking turns round a table of more (A, B, A, B:
partners, in a game of two teams). The time of a decision is the processor time of
the agent's `choose` call, in the process that plays the game (one game a process at
a time). `--counter score` adds how many points of that player counter each agent's
seats held at the end, on average, beyond the other's.
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

_GAME = None
_COUNTER = None


def _load(pack: str, options: dict, counter: str | None = None) -> None:
    global _GAME, _COUNTER
    _GAME = Game(load_pack(pack, Report()), options)
    _COUNTER = counter


def play(job: tuple) -> tuple:
    """One game; returns the winner's side (0: the first agent, 1: the second, None:
    a draw), per side the seconds spent choosing and the decisions taken, the turns,
    and how far the first side's mean of the counter is ahead at the end (or None)."""
    seed, first, second = job
    side_of_seat = [(seat + seed) % 2 for seat in range(_GAME.num_players)]
    agents = [make_agent((first, second)[side], f"{seed}:{seat}") for seat, side in enumerate(side_of_seat)]
    spent, count = [0.0, 0.0], [0, 0]
    state = _GAME.new_initial_state(seed=seed)
    while not state.is_terminal():
        seat = state.current_player()
        start = time.process_time()
        action = agents[seat].choose(state)
        spent[side_of_seat[seat]] += time.process_time() - start
        count[side_of_seat[seat]] += 1
        state.apply_action(action)
    result = state.returns()
    winner = next((side_of_seat[p] for p, r in enumerate(result) if r > 0), None)
    ahead = None
    if _COUNTER:
        held = [[state.view.player_counters(p)[_COUNTER] for p, s in enumerate(side_of_seat) if s == side]
                for side in (0, 1)]
        ahead = sum(held[0]) / len(held[0]) - sum(held[1]) / len(held[1])
    return winner, spent, count, state.s.turn, ahead


def batch_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of a batch of seeded games: how many, the first seed, processes, pack options."""
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", help="an agent spec, such as mcts or mcts:playouts=200")
    parser.add_argument("second", help="its opponent, such as random or heuristic")
    parser.add_argument("--pack", default="magic54")
    parser.add_argument("--counter", help="a player counter (score): how far each side is ahead at the end")
    batch_arguments(parser)
    args = parser.parse_args()
    options = dict(pair.split("=", 1) for pair in args.option)
    jobs = [(args.seed + i, args.first, args.second) for i in range(args.games)]
    started = time.perf_counter()
    if args.jobs > 1:
        with multiprocessing.get_context("fork").Pool(args.jobs, _load, (args.pack, options, args.counter)) as pool:
            results = pool.map(play, jobs, chunksize=1)
    else:
        _load(args.pack, options, args.counter)
        results = [play(job) for job in jobs]
    elapsed = time.perf_counter() - started
    wins = [sum(1 for r in results if r[0] == side) for side in (0, 1)]
    draws = sum(1 for r in results if r[0] is None)
    print(f"{args.pack}: {args.games} games, seeds {args.seed} to {args.seed + args.games - 1}, "
          f"seats alternating, {elapsed:.0f} s")
    for side, spec in enumerate((args.first, args.second)):
        low, high = wilson(wins[side], args.games)
        spent = sum(r[1][side] for r in results)
        count = sum(r[2][side] for r in results)
        print(f"  {spec:<28} wins {wins[side]:>4} ({100 * wins[side] / args.games:.1f}%, "
              f"95% interval {100 * low:.1f}% - {100 * high:.1f}%), "
              f"{1000 * spent / max(1, count):.1f} ms a decision over {count} decisions")
    print(f"  draws {draws}; turns a game: mean {sum(r[3] for r in results) / len(results):.1f}")
    if args.counter:
        ahead = [r[4] for r in results]
        mean = sum(ahead) / len(ahead)
        spread = 1.96 * statistics.stdev(ahead) / len(ahead) ** 0.5 if len(ahead) > 1 else 0.0
        print(f"  {args.first}'s seats ahead by {mean:.1f} {args.counter} at the end "
              f"(95% interval {mean - spread:.1f} to {mean + spread:.1f})")


if __name__ == "__main__":
    main()
