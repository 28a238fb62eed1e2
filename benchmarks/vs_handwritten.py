"""cardtable against a hand-written Magic 54 engine (benchmarks/handwritten/): the same
random games on both, side by side in one run.

    python benchmarks/vs_handwritten.py [--games 2000] [--batch 100] [--profile 100] [--bytecodes 10]
                                        [--instructions 30] [--caches 6]

Seeds 0 to games - 1, random players as `batch.play_random` seeds them, played in
batches taken in turn: a cardtable batch keeping no log (as `cardtable simulate` plays),
the same games keeping their log (as a game played at the terminal or a scenario), then
the same games by hand, and so on, so that all sides see the same state of a noisy
machine. Each side is timed in the process's CPU time, on one pinned core when the
system allows it. The ratio is the median over the pairs of batches of (hand-written
decisions per second) / (cardtable decisions per second). The Python function calls a
decision are counted (with sys.setprofile) on the first --profile games, and the
bytecode instructions a decision (with sys.settrace's opcode events) on the first
--bytecodes games, with the distinct bytecodes and functions run between two decisions
(the code a decision brings into the caches), outside the timed runs: counts that, unlike times, a noisy machine
does not change. --instructions N counts the machine instructions a decision of each
side on the first N games, each in a process of its own under valgrind's callgrind
(installed apart: `apt install valgrind`), from the first of those games to the last
(not the loading of the pack): the same count on every run, and closer to the time than
the bytecodes, as it counts what the built-ins and the allocator do too. --caches N
counts, the same way, the misses of the first-level instruction and data caches and the
branches mispredicted a decision (callgrind's simulation, slower still): what makes the
ratio of times larger than the ratio of instructions. The counts are
of cardtable's games without a log. The result, turns and decisions of every game must
be the same on all sides
(benchmarks/handwritten/check.py compares them decision by decision).
"""
from __future__ import annotations

import argparse
import dis
import os
import random
import statistics
import sys
import time

from cardtable.benchmarks.handwritten.magic54 import Magic54
from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter import native
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.play.batch import play_random
from versions import SIMULATED, count, counted, simulated


def cardtable_batch(game: Game, seeds, log: bool = False) -> list:
    """(result, turns, decisions) of each game; `log`: the games keep their log."""
    out = []
    for seed in seeds:
        state, decisions = play_random(game, seed, log)
        out.append((tuple(state.s.result), state.s.turn, decisions))
    return out


def hand_batch(seeds) -> list:
    out = []
    for seed in seeds:
        randrange = random.Random(seed).randrange
        out.append(Magic54(seed, lambda player, n: randrange(n)).play_game())
    return out


def timed(fn, *args):
    t = time.process_time()
    out = fn(*args)
    return time.process_time() - t, out


def calls(fn, *args) -> tuple[int, int]:
    """(Python function calls, built-in calls) made by fn(*args)."""
    count = {"call": 0, "c_call": 0}

    def profile(frame, event, arg):
        if event in count:
            count[event] += 1
    sys.setprofile(profile)
    try:
        fn(*args)
    finally:
        sys.setprofile(None)
    return count["call"], count["c_call"]


def bytecodes(fn, *args) -> int:
    """The bytecode instructions Python runs for fn(*args)."""
    count = [0]

    def trace(frame, event, arg):
        if event == "call":
            frame.f_trace_opcodes = True
        elif event == "opcode":
            count[0] += 1
        return trace
    sys.settrace(trace)
    try:
        fn(*args)
    finally:
        sys.settrace(None)
    return count[0]


class Footprint:
    """What Python runs between two decisions, traced: the distinct bytecodes (and their
    bytes with their inline caches) and the distinct functions, summed over decisions."""

    def __init__(self):
        self.seen, self.functions = set(), set()
        self.bytecodes = self.bytes = self.called = self.decisions = 0

    def trace(self, frame, event, arg):
        if event == "call":
            frame.f_trace_opcodes = True
            self.functions.add(frame.f_code)
        elif event == "opcode":
            self.seen.add((frame.f_code, frame.f_lasti))
        return self.trace

    def between(self, fn, *args):
        """fn(*args) traced as the run from one decision to the next."""
        sys.settrace(self.trace)
        try:
            return fn(*args)
        finally:
            sys.settrace(None)
            self.decided()

    def decided(self) -> None:
        self.decisions += 1
        self.bytecodes += len(self.seen)
        self.bytes += sum(2 + 2 * dis._inline_cache_entries[code.co_code[at]] for code, at in self.seen)
        self.called += len(self.functions)
        self.seen.clear()
        self.functions.clear()

    def line(self) -> str:
        n = self.decisions
        return f"{self.bytecodes / n:,.0f} ({self.bytes / n / 1000:.1f} KB) in {self.called / n:.1f} functions"


def footprints(game: Game, seeds) -> tuple[Footprint, Footprint]:
    """The Footprint of each side over the games of `seeds`."""
    ours, theirs = Footprint(), Footprint()
    for seed in seeds:
        state = game.new_initial_state(seed=seed, log=False)
        randrange = random.Random(seed).randrange
        while state.s.result is None:
            ours.between(state.apply_action, randrange(len(state.s.decision.options)))
    for seed in seeds:
        randrange = random.Random(seed).randrange

        def ask(player, n):
            # The decision ends the run traced; the hand-written engine's frames, begun
            # while traced, go on being traced once the trace is set again.
            sys.settrace(None)
            theirs.decided()
            answer = randrange(n)
            sys.settrace(theirs.trace)
            return answer
        theirs.between(Magic54(seed, ask).play_game)
    return ours, theirs


def machine_instructions(side: str, games: int) -> int | None:
    """The machine instructions of `side` playing seeds 0 to games - 1, counted by callgrind
    in a process of its own from the first game to the last only; None without valgrind."""
    got = counted([sys.executable, os.path.abspath(__file__), "--play", side, str(games)])
    return None if got is None else got[1]


def simulated_events(side: str, games: int) -> dict | None:
    """machine_instructions with callgrind's caches and branch predictor simulated."""
    return simulated([sys.executable, os.path.abspath(__file__), "--play", side, str(games)])


def play_only(side: str, games: int) -> None:
    """The child of machine_instructions: the games of one side, counted from the first to
    the last (the pack is loaded, and a first game played, before the count is turned on)."""
    game = Game(load_pack("magic54", Report())) if side == "cardtable" else None
    play = (lambda seeds: cardtable_batch(game, seeds)) if game is not None else hand_batch
    play(range(games, games + 1))
    count(True)
    play(range(games))
    count(False)


def main() -> None:
    if sys.argv[1:2] == ["--play"]:
        play_only(sys.argv[2], int(sys.argv[3]))
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--batch", type=int, default=100, help="games in each batch")
    ap.add_argument("--profile", type=int, default=100, help="games whose function calls are counted")
    ap.add_argument("--bytecodes", type=int, default=10, help="games whose bytecode instructions are counted")
    ap.add_argument("--instructions", type=int, default=0,
                    help="games whose machine instructions are counted (with valgrind; 0: none)")
    ap.add_argument("--caches", type=int, default=0,
                    help="games whose cache misses and mispredicted branches are counted (with valgrind; 0: none)")
    args = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    game = Game(load_pack("magic54", Report()))
    seeds = range(args.games)
    batches = [seeds[i:i + args.batch] for i in range(0, args.games, args.batch)]
    ours_time = logged_time = hand_time = 0.0
    decisions = 0
    ratios, logged_ratios, differ = [], [], []
    for batch in batches:
        t_ours, ours = timed(cardtable_batch, game, batch)
        t_logged, logged = timed(cardtable_batch, game, batch, True)
        t_hand, theirs = timed(hand_batch, batch)
        ours_time += t_ours
        logged_time += t_logged
        hand_time += t_hand
        decisions += sum(d for _, _, d in ours)
        ratios.append(t_ours / t_hand)     # the same decisions: the ratio of their speeds
        logged_ratios.append(t_logged / t_hand)
        differ += [seed for seed, a, b, c in zip(batch, ours, logged, theirs) if not a == b == tuple(c)]
    build = native.in_use()
    print(f"Magic 54: {args.games:,} random games (seeds 0 to {args.games - 1}), {decisions:,} decisions, "
          f"{len(batches)} pairs of batches of {args.batch} games, one core; cardtable's engine: "
          + (f"native ({native.counted(len(build.files))})" if build else "the Python source"))
    print(f"  cardtable:    {ours_time:7.2f} s CPU, {decisions / ours_time:10,.0f} decisions per second, "
          f"{args.games / ours_time:8,.1f} games per second (no log)")
    print(f"  cardtable:    {logged_time:7.2f} s CPU, {decisions / logged_time:10,.0f} decisions per second, "
          f"{args.games / logged_time:8,.1f} games per second (with the log)")
    print(f"  hand-written: {hand_time:7.2f} s CPU, {decisions / hand_time:10,.0f} decisions per second, "
          f"{args.games / hand_time:8,.1f} games per second")
    print(f"  hand-written / cardtable: median {statistics.median(ratios):.2f} "
          f"(pairs from {min(ratios):.2f} to {max(ratios):.2f}); with the log, median "
          f"{statistics.median(logged_ratios):.2f} ({min(logged_ratios):.2f} to {max(logged_ratios):.2f})")
    sample = seeds[:args.profile]
    if sample:
        made = sum(d for _, _, d in hand_batch(sample))
        for name, fn, fargs in (("cardtable", cardtable_batch, (game, sample)), ("hand-written", hand_batch, (sample,))):
            python, builtin = calls(fn, *fargs)
            print(f"  {name} calls a decision (seeds 0 to {len(sample) - 1}): {python / made:.1f} Python functions, "
                  f"{builtin / made:.1f} built-ins")
    sample = seeds[:args.bytecodes]
    if sample:
        made = sum(d for _, _, d in hand_batch(sample))
        ours, theirs = bytecodes(cardtable_batch, game, sample), bytecodes(hand_batch, sample)
        print(f"  bytecode instructions a decision (seeds 0 to {len(sample) - 1}): cardtable {ours / made:,.0f}, "
              f"hand-written {theirs / made:,.0f} ({ours / theirs:.2f} times as many)")
        ours, theirs = footprints(game, sample)
        print(f"  distinct bytecodes between two decisions: cardtable {ours.line()}, hand-written {theirs.line()}")
    sample = seeds[:args.instructions]
    if sample:
        made = sum(d for _, _, d in hand_batch(sample))
        ours, theirs = machine_instructions("cardtable", len(sample)), machine_instructions("hand", len(sample))
        if ours is None:
            print("  machine instructions: not counted, valgrind is not installed (apt install valgrind)")
        else:
            print(f"  machine instructions a decision (seeds 0 to {len(sample) - 1}, callgrind): cardtable "
                  f"{ours / made:,.0f}, hand-written {theirs / made:,.0f} ({ours / theirs:.2f} times as many)")
    sample = seeds[:args.caches]
    if sample:
        made = sum(d for _, _, d in hand_batch(sample))
        ours, theirs = simulated_events("cardtable", len(sample)), simulated_events("hand", len(sample))
        if ours is None:
            print("  caches and branches: not counted, valgrind is not installed (apt install valgrind)")
        else:
            print(f"  a decision, callgrind's simulation (seeds 0 to {len(sample) - 1}): cardtable / hand-written")
            for name in SIMULATED:
                print(f"    {name + ':':26} {ours[name] / made:10,.0f} / {theirs[name] / made:8,.0f} "
                      f"({ours[name] / theirs[name]:.2f} times as many)")
    if differ:
        print(f"  {len(differ)} games differ in result, turns or decisions, the first seed {differ[0]}: "
              f"python benchmarks/handwritten/check.py --seed {differ[0]} --games 1")
        sys.exit(1)
    print("  every game has the same result, turns and decisions on both")


if __name__ == "__main__":
    main()
