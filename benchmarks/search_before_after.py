"""The search player (`mcts`) of two versions of the engine at a fixed time a move: how
many engine decisions it imagines a second, and how often it wins.

    python benchmarks/search_before_after.py REF [--pack magic54] [--games 50] [--time 0.05]
                                                 [--rounds 5] [--opponent random]
    python benchmarks/search_before_after.py --native [...]

--native compares this work tree's native engine (`cardtable native build`), as
"after", with its Python source (CARDTABLE_NATIVE=0), as "before", instead of REF.

REF (a git commit or branch) is taken out of this repository into a temporary folder.
Each version's `mcts:time=T` plays seeds 0 to games - 1 against the same opponent,
seats alternating (benchmarks/agents.py plays the games), each on its own copy of the
pack. The seeds are cut into `--rounds` blocks; each block is played by REF and by this
work tree, in processes of their own, in alternating order, on one pinned core.

In the child, GameState.apply_action and the agent's playouts are counted while the
search player chooses (the counting wraps them and changes no choice): every decision
its search plays (the first look at each option, the playouts, the heuristic looks of
the players in them) over the processor time of its choices is "search decisions a
second". A move is "searched" when it ran playouts (a move with one option, or options
alike at first look, runs none). The speed ratio is that of the medians of the rounds,
and round by round that of the two runs of the round, which ran side by side.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

from versions import extract, in_turn, missing, pack_folder, pin_one_core, run_child, this_tree

from cardtable.interpreter import native

CHILD = """
import json, sys, time
import agents
from versions import load_game
from cardtable.interpreter.engine.game import GameState
from cardtable.interpreter.play.agents.mcts import MCTSAgent

folder, first, second, seeds = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
agents._GAME = load_game(folder)
seen = {"imagined": 0, "playouts": 0, "moves": 0, "searched": 0, "cpu": 0.0}
applied = [0]
apply, choose, playout = GameState.apply_action, MCTSAgent.choose, getattr(MCTSAgent, "_playout", None)

def counted_apply(state, action):
    applied[0] += 1
    return apply(state, action)

def counted_playout(self, *args):
    seen["playouts"] += 1
    return playout(self, *args)

def counted_choose(self, state):
    calls, playouts, start = applied[0], seen["playouts"], time.process_time()
    action = choose(self, state)
    seen["cpu"] += time.process_time() - start
    seen["imagined"] += applied[0] - calls
    seen["moves"] += 1
    seen["searched"] += seen["playouts"] > playouts
    return action

GameState.apply_action, MCTSAgent.choose = counted_apply, counted_choose
if playout is not None:
    MCTSAgent._playout = counted_playout
results = [agents.play((seed, first, second)) for seed in seeds]
seen.update(games=len(results), wins=sum(r[0] == 0 for r in results), draws=sum(r[0] is None for r in results))
try:
    from cardtable.interpreter.native import in_use
    seen["native"] = in_use() is not None
except ImportError:         # a version before the native engine
    seen["native"] = False
if playout is None:
    seen["playouts"] = seen["searched"] = None
print(json.dumps(seen))
"""


def blocks(games: int, rounds: int) -> list[list[int]]:
    """Seeds 0 to games - 1 cut into `rounds` blocks of nearly equal size, in order."""
    return [list(range(r * games // rounds, (r + 1) * games // rounds)) for r in range(rounds)]


def summary(rounds: list[dict]) -> dict:
    """One version's figures over its rounds (each round as its child printed it)."""
    total = {key: sum(r[key] for r in rounds) for key in ("imagined", "moves", "cpu", "games", "wins", "draws")}
    searched = None if rounds[0]["playouts"] is None else sum(r["searched"] for r in rounds)
    playouts = None if searched is None else sum(r["playouts"] for r in rounds)
    return dict(total, rates=[r["imagined"] / r["cpu"] for r in rounds], searched=searched,
                playouts=playouts)


def table(names: dict, figures: dict, opponent: str) -> str:
    """The markdown table of both versions and the ratio of their search speeds."""
    from cardtable.interpreter.play.stats import wilson
    lines = [f"| version | search decisions a second, median of rounds (range) | playouts a searched move "
             f"| ms of search a move (all moves) | wins against {opponent} [95% interval] | games |",
             "|---|---|---|---|---|---|"]
    for side in ("before", "after"):
        f = figures[side]
        low, high = wilson(f["wins"], f["games"])
        playouts = "not counted" if f["playouts"] is None else f"{f['playouts'] / max(1, f['searched']):.1f}"
        lines.append(f"| {side} ({names[side]}) | {statistics.median(f['rates']):,.0f} "
                     f"({min(f['rates']):,.0f} to {max(f['rates']):,.0f}) | {playouts} "
                     f"| {1000 * f['cpu'] / max(1, f['moves']):.1f} | {100 * f['wins'] / f['games']:.1f}% "
                     f"[{100 * low:.1f}% to {100 * high:.1f}%] | {f['games']} ({f['draws']} drawn) |")
    after, before = figures["after"]["rates"], figures["before"]["rates"]
    paired = [a / b for a, b in zip(after, before)]      # the two runs of a round were side by side
    lines.append(f"\nafter / before, search decisions a second (medians of the rounds): "
                 f"{statistics.median(after) / statistics.median(before):.2f}; round by round "
                 f"{min(paired):.2f} to {max(paired):.2f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ref", nargs="?")
    ap.add_argument("--native", action="store_true",
                    help="compare this tree's native engine with its Python source, instead of REF")
    ap.add_argument("--pack", default="magic54")
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--time", type=float, default=0.05, help="seconds of search a decision")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--opponent", default="random", help="the agent both versions play against")
    args = ap.parse_args(argv)
    if not 1 <= args.rounds <= args.games:
        ap.error("--rounds must be from 1 to --games")
    if args.native == (args.ref is not None):
        ap.error("give REF or --native")
    if args.native and native.find() is None:
        raise SystemExit("no native engine is built from this work tree: run `cardtable native build` first")
    pin_one_core()
    spec = f"mcts:time={args.time}"
    with tempfile.TemporaryDirectory(prefix="cardtable-before-") as tmp:
        sides = {"before": this_tree() if args.native else extract(args.ref, Path(tmp)), "after": this_tree()}
        for side, path in sides.items():
            if why := missing(path, args.pack):
                raise SystemExit(f"{side}: {why}")
        rounds = {side: [] for side in sides}
        for r, seeds in enumerate(blocks(args.games, args.rounds)):
            for side in in_turn(r):
                if args.native:
                    os.environ["CARDTABLE_NATIVE"] = "1" if side == "after" else "0"
                folder = str(pack_folder(sides[side], args.pack))
                got = run_child(sides[side], CHILD, [folder, spec, args.opponent, str(seeds)])
                if "refused" in got:
                    raise SystemExit(f"{side}: {args.pack} refused: {got['refused']}")
                if args.native and got["native"] != (side == "after"):
                    raise SystemExit(f"{side}: the child did not run the engine it was to run")
                rounds[side].append(got)
    print(f"{args.pack}: {spec} against {args.opponent}, seeds 0 to {args.games - 1} in {args.rounds} rounds, "
          f"seats alternating, one core\n")
    names = {"before": "the Python source", "after": "the native engine"} if args.native else \
        {"before": args.ref, "after": "this tree"}
    print(table(names, {s: summary(rounds[s]) for s in rounds}, args.opponent))
    return 0


if __name__ == "__main__":
    sys.exit(main())
