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
    knows = False       # reads nothing of what the seats saw (Game.new_initial_state's knowing)

    def __init__(self, rnd: random.Random):
        self.rnd = rnd

    def choose(self, state: GameState) -> int:
        return self.rnd.randrange(len(state.decision.options))


def play_on(state: GameState, horizon: int, turn: int | None = None) -> None:
    """Plays `state` on by the default answer, the first option (pass, none, done,
    no), for every player, until the turn ends (`turn`, else the one being played),
    the game ends or `horizon` decisions have been made: what a quick look ahead
    assumes, that nobody does more."""
    if turn is None:
        turn = state.turn
    for _ in range(horizon):
        if state.is_terminal() or state.turn != turn:
            return
        state.apply_action(0)


BUDGET = 2000      # decisions a heuristic look at one choice imagines at most


def outlook(state: GameState, seat: int, depth: int, horizon: int, budget: int, turn: int) -> float:
    """How a position looks to `seat` once `turn` (the turn of the decision judged) is
    played on by default answers: an option that ends the turn is judged where the
    turn ends, as every other is, not after a turn of the next player's passes.
    The seat's own choices that follow at once (a target, a card to choose, more
    attackers) belong to the option being judged: up to `depth` of them are tried
    in full, so that a Damage card is not judged by aiming it at its own player.
    `budget` bounds the decisions imagined in all: each option tried gets its share.
    A choice is tried in full only where each of its options can then still be
    played on for `horizon` decisions: a look the budget cut short would be judged
    in the middle of the turn (cards a choice set aside out of the hand, not yet put
    back), and such a look flatters whatever it cut."""
    awake()
    d = state.decision
    if d is not None and d.player == seat and d.kind != "priority" and depth > 0 and state.turn == turn \
            and budget // len(d.options) - 1 >= horizon:
        share = budget // len(d.options) - 1
        best = -math.inf
        for action in range(len(d.options)):
            imagined = state.clone()
            imagined.apply_action(action)
            best = max(best, outlook(imagined, seat, depth - 1, horizon, share, turn))
        return best
    play_on(state, min(horizon, budget), turn)
    return state.evaluate(seat)


def turn_looks(state: GameState, seat: int, actions: list, rnd: random.Random, depth: int, horizon: int,
               budget: int) -> list:
    """What each of `actions` looks like to `seat` at the end of the turn (outlook),
    on one copy of the game consistent with what the seat knows: trying options on
    the real game would peek at hidden cards (a draw, a search)."""
    base = state.determinized(seat, rnd, quiet(state.game))
    share = budget // len(actions) - 1
    looks = []
    for action in actions:
        imagined = base.clone()
        imagined.apply_action(action)
        looks.append(outlook(imagined, seat, depth, horizon, share, state.turn))
    return looks


def round_looks(state: GameState, seat: int, actions: list, rnd: random.Random, playouts: int,
                budget: int, outermost: bool = False) -> list:
    """What each of `actions` is worth to `seat` at the end of the round whose script
    asks the decision (a bid: at the end of the hand), or of the round being played that
    scores (`outermost`: see GameState.play_round_out), the sum over up to `playouts`
    random playouts each. The playouts come in rounds that give every option the same
    deal of the unseen cards and the same random answers after it (common random
    numbers), so that options are compared on the same luck. A round begins only if
    the budget left can pay for one as long as the last; each playout of a round may
    take an equal share of what is left, so the budget is never overspent."""
    game = quiet(state.game)
    totals = [0.0] * len(actions)
    left, last = budget, 0
    for _ in range(playouts):
        if last and left < last:
            break
        base = state.determinized(seat, rnd, game)
        luck = rnd.getrandbits(64)
        most = left // len(actions)
        last = 0
        for i, action in enumerate(actions):
            awake()
            imagined = base.clone()
            last += imagined.play_round_out(action, random.Random(luck).randrange, most, outermost)
            totals[i] += imagined.evaluate(seat)
        left -= last
    return totals


def to_outer_round(state: GameState) -> bool:
    """Whether every decision is judged at the end of the round being played that scores it.
    Without an evaluation a position is judged by the pack's ranking, which moves
    mostly as a round is scored (a hand's points), seldom by the end of a turn: a card
    played is then judged as a bid is, by playouts, to the end of the hand."""
    return not state.game.pack.evaluation and state.outer_round() is not None


@register("heuristic",
          "Looks one option ahead: for each option, imagines taking it (with its own "
          "targets and choices tried in full) and everyone then passing to the end of "
          "the turn, and takes the option the pack's evaluation likes best; ties are "
          "broken at random. A decision asked as a round begins or ends (a bid as a hand "
          "is dealt), whose worth shows only at the round's end, is judged instead by a "
          "few random playouts of each option to the end of that round; in a pack without "
          "an evaluation, every decision is, to the end of the round that scores it, by the "
          "pack's ranking.",
          depth=Setting(2, "How many of its own choices that follow an option are tried in full.", int, 0),
          horizon=Setting(30, "At most this many decisions imagined after each option.", int, 1),
          budget=Setting(BUDGET, "At most this many decisions imagined for one choice in all, shared among its "
                                 "options: what bounds the time of a decision.", int, 1),
          playouts=Setting(8, "Random playouts of each option to the end of the round, for a decision asked as "
                              "a round begins or ends, or any decision of a pack without an evaluation (fewer "
                              "where the budget runs out); 0: judge it as any other.",
                           int, 0))
class HeuristicAgent:
    def __init__(self, rnd: random.Random, depth: int, horizon: int, budget: int, playouts: int):
        self.rnd = rnd
        self.depth = depth
        self.horizon = horizon
        self.budget = budget
        self.playouts = playouts

    def choose(self, state: GameState) -> int:
        seat = state.decision.player
        actions = range(len(state.decision.options))
        if len(actions) > self.budget:
            # More options than the budget can look at: a sample of them, so that no
            # decision takes longer than the budget says, whatever the pack offers.
            actions = sorted(self.rnd.sample(actions, self.budget))
        outermost = to_outer_round(state)
        if outermost and len(actions) == 1:
            return 0
        if self.playouts and (outermost or state.deciding_round() is not None):
            values = round_looks(state, seat, actions, self.rnd, self.playouts, self.budget, outermost)
        else:
            values = turn_looks(state, seat, actions, self.rnd, self.depth, self.horizon, self.budget)
        best, best_value = [], -math.inf
        for action, value in zip(actions, values):
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value >= best_value - 1e-9:
                best.append(action)
        return best[0] if len(best) == 1 else self.rnd.choice(best)
