"""Checks that the hand-written engine plays the games cardtable plays from
variants/magic54: for each seed, the same decisions (who decides, how many options,
which one the random player took) and the same result after the same number of turns.

    python benchmarks/handwritten/check.py [--games 200] [--seed 0] [--agents shared|seats]

`--agents shared` plays as `batch.play_random` does (one generator seeded with the
game's seed for both players); `seats` as `cardtable simulate` does (one generator a
seat, seeded with "SEED:SEAT"). The first difference is reported with what cardtable
asked there and the log before it. Exit code 1 when a game differs.
"""
from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass

from cardtable.benchmarks.handwritten.magic54 import Magic54
from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack


@dataclass
class Played:
    """One game as a list of decisions (player, options offered, option taken), and its end."""
    decisions: list
    result: tuple
    turns: int
    asked: list          # what each decision was: cardtable's prompt, or the hand engine's reason


def agents(seed: int, mode: str):
    """choose(player, n) for one game, seeded as the random agent is in that mode."""
    if mode == "shared":
        rnd = random.Random(seed)
        return lambda player, n: rnd.randrange(n)
    if mode == "seats":
        seats = [random.Random(f"{seed}:{seat}") for seat in (0, 1)]
        return lambda player, n: seats[player].randrange(n)
    raise ValueError(f'agents are "shared" or "seats", not "{mode}"')


def play_cardtable(game: Game, seed: int, mode: str = "shared", keep=None) -> Played:
    """`keep(state)` is called before each decision (to see the position it was taken in)."""
    choose = agents(seed, mode)
    state = game.new_initial_state(seed=seed)
    s = state.s
    decisions, asked = [], []
    while s.result is None:
        d = s.decision
        if keep is not None:
            keep(state)
        k = choose(d.player, len(d.options))
        decisions.append((d.player, len(d.options), k))
        asked.append(d.prompt)
        state.apply_action(k)
    return Played(decisions, tuple(s.result), s.turn, asked)


def play_hand(seed: int, mode: str = "shared", options: dict | None = None, engine=Magic54) -> Played:
    choose = agents(seed, mode)
    decisions, asked = [], []

    def traced(player, n):
        k = choose(player, n)
        decisions.append((player, n, k))
        asked.append(engine.why)
        return k

    engine = engine(seed, traced, **(options or {}))
    result, turns, _ = engine.play_game()
    return Played(decisions, tuple(result), turns, asked)


def difference(game: Game, seed: int, mode: str = "shared", engine=Magic54) -> str | None:
    """None when both engines play game `seed` alike; else the first difference, said."""
    ours = play_cardtable(game, seed, mode)
    theirs = play_hand(seed, mode, dict(game.options), engine)
    for i, (a, b) in enumerate(zip(ours.decisions, theirs.decisions)):
        if a != b:
            return _context(game, seed, mode, i, a, b, theirs.asked[i])
    if len(ours.decisions) != len(theirs.decisions):
        i = min(len(ours.decisions), len(theirs.decisions))
        more = "cardtable" if len(ours.decisions) > i else "the hand-written engine"
        return (f"seed {seed}: the same {i} decisions, then {more} asks more "
                f"(cardtable ends {ours.result} on turn {ours.turns}, hand {theirs.result} on turn {theirs.turns})")
    if (ours.result, ours.turns) != (theirs.result, theirs.turns):
        return (f"seed {seed}: the same {len(ours.decisions)} decisions, but cardtable ends {ours.result} on turn "
                f"{ours.turns} and the hand-written engine {theirs.result} on turn {theirs.turns}")
    return None


def _context(game: Game, seed: int, mode: str, i: int, a: tuple, b: tuple, why: str) -> str:
    """The decision where the engines part, as cardtable asked it, and the log before it."""
    seen = {}

    def keep(state):
        if len(seen.setdefault("n", [])) == i:
            seen["labels"] = state.legal_labels()
            seen["prompt"] = state.prompt()
            seen["log"] = state.log[-25:]
            seen["board"] = str(state)
        seen["n"].append(1)
    play_cardtable(game, seed, mode, keep)
    lines = [f"seed {seed}, decision {i + 1}: cardtable asks player {a[0]} with {a[1]} options (took {a[2]}), "
             f"the hand-written engine player {b[0]} with {b[1]} options (took {b[2]}, for \"{why}\")",
             f"cardtable: {seen.get('prompt')}: {seen.get('labels')}", "the log before it:"]
    lines += [f"  {line}" for line in seen.get("log", [])]
    lines += [seen.get("board", "")]
    return "\n".join(lines)


def check(seeds, mode: str = "shared", game: Game | None = None, engine=Magic54) -> list:
    """The differences found, one a differing game (empty when every game is the same)."""
    game = game or Game(load_pack("magic54", Report()))
    found = []
    for seed in seeds:
        problem = difference(game, seed, mode, engine)
        if problem is not None:
            found.append(problem)
    return found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--agents", choices=("shared", "seats"), default="shared")
    args = ap.parse_args()
    found = check(range(args.seed, args.seed + args.games), args.agents)
    if found:
        print(found[0])
        print(f"{len(found)} of {args.games} games differ")
        sys.exit(1)
    print(f"{args.games} games (seeds {args.seed} to {args.seed + args.games - 1}, agents {args.agents}): "
          f"the same decisions, results and turns")


if __name__ == "__main__":
    main()
