"""How often games between computer players end by the rules rather than at the
turn limit: seeded self-play games of every built-in pack, for each agent, the
share of games won by someone with its 95% interval, the mean length and the time.

    python benchmarks/finishing.py --games 40 --jobs 2
    python benchmarks/finishing.py --games 12 --agents mcts --jobs 2

A draw at the turn limit says nothing about a pack's balance, so an agent stronger
than `random` must finish games at least as often. Game i uses seed `--seed + i`,
the same for every agent; `simulate` plays them (the results do not depend on
`--jobs`).
"""
from __future__ import annotations

import argparse
import time

from cardtable.interpreter.play.batch import Batch, run
from cardtable.interpreter.play.stats import wilson

# The built-in packs, Basic TCG with each of its Scenario cards.
PACKS = [("magic54", {}), ("pub_magic", {}), ("basic_tcg", {"scenario": "Last Standing"}),
         ("basic_tcg", {"scenario": "Conquest"})]


def finishing(pack: str, options: dict, agent: str, games: int, seed: int, jobs: int) -> dict:
    start = time.perf_counter()
    _, results = run(Batch(pack, games=games, seed=seed, options=dict(options), agents=[agent], jobs=jobs))
    finished = sum(1 for r in results if any(x > 0 for x in r["result"]))
    low, high = wilson(finished, games)
    return {"finished": finished, "low": low, "high": high,
            "turns": sum(r["turns"] for r in results) / games, "seconds": time.perf_counter() - start}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agents", default="random,heuristic", help="comma-separated agent specs")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    print("| pack | agent | finished | 95% interval | mean turns | seconds |")
    print("|---|---|---|---|---|---|")
    for pack, options in PACKS:
        label = pack + "".join(f" ({v})" for v in options.values())
        for agent in args.agents.split(","):
            f = finishing(pack, options, agent, args.games, args.seed, args.jobs)
            print(f"| {label} | `{agent}` | {f['finished']} of {args.games} ({100 * f['finished'] / args.games:.0f}%) "
                  f"| {100 * f['low']:.0f}% to {100 * f['high']:.0f}% | {f['turns']:.1f} | {f['seconds']:.0f} |",
                  flush=True)


if __name__ == "__main__":
    main()
