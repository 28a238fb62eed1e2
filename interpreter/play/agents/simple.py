"""The simple computer players: one that chooses at random, and one that looks one
option ahead with the pack's evaluation. Every agent answers one question,
`choose(state)`: which of the options offered to the seat whose decision it is. They
see the game only as that seat may: the search agents think on copies in which
hidden cards are dealt again.
"""
from __future__ import annotations

import copy
import math
import random

from ...engine.game import Game, GameState
from .registry import Setting, awake, register


def quiet(game: Game) -> Game:
    """The game without debug checks: what an agent's imagined games run on."""
    if not game.debug:
        return game
    cached = getattr(game, "_quiet", None)
    if cached is None:
        cached = copy.copy(game)
        cached.debug = False
        game._quiet = cached
    return cached


@register("random", "Chooses uniformly at random among the options offered.")
class RandomAgent:
    def __init__(self, rnd: random.Random):
        self.rnd = rnd

    def choose(self, state: GameState) -> int:
        return self.rnd.randrange(len(state.decision.options))


def play_on(state: GameState, horizon: int) -> None:
    """Plays `state` on by the default answer, the first option (pass, none, done,
    no), for every player, until the turn ends, the game ends or `horizon`
    decisions have been made: what a quick look ahead assumes, that nobody does more."""
    turn = state.turn
    for _ in range(horizon):
        if state.is_terminal() or state.turn != turn:
            return
        state.apply_action(0)


BUDGET = 2000      # decisions a heuristic look at one choice imagines at most


def outlook(state: GameState, seat: int, depth: int, horizon: int, budget: int) -> float:
    """How a position looks to `seat` once the turn is played on by default answers.
    The seat's own choices that follow at once (a target, a card to choose, more
    attackers) belong to the option being judged: up to `depth` of them are tried
    in full, so that a Damage card is not judged by aiming it at its own player.
    `budget` bounds the decisions imagined in all: each option tried gets its share,
    so that a choice of several cards (three to pass of thirteen) stays quick."""
    awake()
    d = state.decision
    if d is not None and d.player == seat and d.kind != "priority" and depth > 0 and budget >= len(d.options):
        share = budget // len(d.options) - 1
        best = -math.inf
        for action in range(len(d.options)):
            imagined = state.clone()
            imagined.apply_action(action)
            best = max(best, outlook(imagined, seat, depth - 1, horizon, share))
        return best
    play_on(state, min(horizon, budget))
    return state.evaluate(seat)


@register("heuristic",
          "Looks one option ahead: for each option, imagines taking it (with its own "
          "targets and choices tried in full) and everyone then passing to the end of "
          "the turn, and takes the option the pack's evaluation likes best; ties are "
          "broken at random.",
          depth=Setting(2, "How many of its own choices that follow an option are tried in full.", int, 0),
          horizon=Setting(30, "At most this many decisions imagined after each option.", int, 1),
          budget=Setting(BUDGET, "At most this many decisions imagined for one choice, shared among its options.",
                         int, 1))
class HeuristicAgent:
    def __init__(self, rnd: random.Random, depth: int, horizon: int, budget: int):
        self.rnd = rnd
        self.depth = depth
        self.horizon = horizon
        self.budget = budget

    def choose(self, state: GameState) -> int:
        seat = state.decision.player
        # One copy consistent with what this seat knows: trying options on the real
        # game would peek at hidden cards (a draw, a search).
        base = state.determinized(seat, self.rnd, quiet(state.game))
        best, best_value = [], -math.inf
        share = self.budget // len(state.decision.options) - 1
        for action in range(len(state.decision.options)):
            imagined = base.clone()
            imagined.apply_action(action)
            value = outlook(imagined, seat, self.depth, self.horizon, share)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value >= best_value - 1e-9:
                best.append(action)
        return best[0] if len(best) == 1 else self.rnd.choice(best)
