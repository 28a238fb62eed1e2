"""The search agent: Monte Carlo search over determinised hidden information, with
informed playouts.

Each option is first judged as the heuristic agent judges it (taken, then everyone
passing to the end of the turn); the few that look best are searched. A round of
playouts deals the cards the searching seat cannot see again at random, then, on
that deal, tries each of those options and plays the game on with every player
choosing as the heuristic agent would, to the end of the next turn (the opponents'
reply included), where the pack's evaluation scores the position. Rounds go on
until the budget is spent; the option whose playouts scored best in total is taken.

Looking past the end of the turn is what the heuristic agent cannot do: an attack
that leaves no blocker for the opponent's turn, a card kept for the next fight.

A decision asked as a round begins or ends (a bid) is worth something only as that
round ends: its first look is the heuristic agent's random playouts to the round's
end, and its continuations are played to the round's end, not the next turn's. In a
pack without an evaluation every decision is so judged, at the end of the round that
scores it (see simple.to_outer_round).
"""
from __future__ import annotations

import math
import random
import time

from ...engine.game import GameState
from .registry import Setting, awake, register
from .simple import BUDGET, HeuristicAgent, quiet, round_looks, to_outer_round, turn_looks


@register("mcts",
          "Monte Carlo search: each of the options that look best is tried in imagined "
          "continuations, the unseen cards dealt again for each and every player then "
          "playing as the heuristic agent would to the end of the next turn; the option "
          "whose continuations the pack's evaluation likes best on average is taken. A "
          "decision asked as a round begins or ends (a bid) is judged, at first look and in "
          "its continuations, at the end of that round; in a pack without an evaluation, every "
          "decision is, at the end of the round that scores it.",
          playouts=Setting(6, "Imagined continuations per decision, shared out among the options searched.", int, 1),
          time=Setting(0.0, "Seconds per decision instead of a number of playouts (0: use playouts). "
                            "Games played with a time budget are not reproducible.", float, 0),
          turns=Setting(1, "Turns played on after the one being played before a continuation is scored.", int, 0),
          width=Setting(3, "How many options are searched: those the first look likes best.", int, 1),
          scale=Setting(10.0, "Evaluation points worth a clear advantage: scores are squashed by tanh(value / scale).",
                        float, 0.001))
class MCTSAgent:
    def __init__(self, rnd: random.Random, playouts: int, time: float, turns: int, width: int, scale: float):
        self.rnd = rnd
        self.playouts = playouts
        self.seconds = time
        self.turns = turns
        self.width = width
        self.scale = scale
        # How everyone plays in the continuations: the heuristic agent, with a shorter
        # look of its own, as it decides many times in each playout. A bid inside a
        # continuation is judged by the turn's look: playouts there tripled the cost of
        # a pass of three cards as a hand begins (0.27 s to 0.8 s) for no strength that
        # 24 games could see.
        self.model = HeuristicAgent(rnd, 1, 15, BUDGET, playouts=0)

    def choose(self, state: GameState) -> int:
        d = state.decision
        seat = d.player
        game = quiet(state.game)
        outermost = to_outer_round(state)
        in_round = outermost or state.deciding_round() is not None
        first = self._first_look(state, seat, in_round, outermost)
        order = sorted(range(len(d.options)), key=lambda a: -first[a])
        candidates = order[:self.width]
        best = first[order[0]]
        if len(candidates) == 1 or (d.kind != "priority" and all(first[a] == best for a in candidates)):
            # Options alike at first look (which card pays a cost, say): no search tells them apart.
            tied = [a for a in order if first[a] == best]
            return tied[0] if len(tied) == 1 else self.rnd.choice(tied)
        totals = dict.fromkeys(candidates, 0.0)
        rounds = 0
        last_turn = state.turn + self.turns
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        while True:
            # A round tries every candidate on the same deal of the unseen cards, so
            # that options are compared on the same luck, not on whose deal was kinder.
            base = state.determinized(seat, self.rnd, game)
            for action in candidates:
                awake()
                totals[action] += (self._round_playout(base, seat, action, outermost) if in_round
                                   else self._playout(base, seat, action, last_turn))
            rounds += 1
            if deadline is None:
                if rounds * len(candidates) >= self.playouts:
                    break
            elif time.perf_counter() >= deadline:
                break
        return max(candidates, key=lambda a: (totals[a], first[a]))

    def _first_look(self, state: GameState, seat: int, in_round: bool, outermost: bool) -> list:
        actions = range(len(state.decision.options))
        if in_round:
            return round_looks(state, seat, actions, self.rnd, 8, BUDGET, outermost)
        return turn_looks(state, seat, actions, self.rnd, 2, 30, BUDGET)

    def _playout(self, base: GameState, seat: int, action: int, last_turn: int) -> float:
        sim = base.clone()
        sim.apply_action(action)
        model = self.model
        for _ in range(400):
            if sim.is_terminal() or sim.turn > last_turn:
                break
            options = sim.decision.options
            sim.apply_action(0 if len(options) == 1 else model.choose(sim))
        return self._score(sim, seat)

    def _round_playout(self, base: GameState, seat: int, action: int, outermost: bool) -> float:
        """A continuation of a decision a round's script asks, played to that round's end
        (or of any decision, to the end of the round that scores it: see to_outer_round)."""
        sim = base.clone()
        model = self.model
        # play_round_out asks only how many options there are; the model reads them in sim.
        sim.play_round_out(action, lambda n: 0 if n == 1 else model.choose(sim), 400, outermost)
        return self._score(sim, seat)

    def _score(self, sim: GameState, seat: int) -> float:
        if sim.is_terminal():
            return sim.returns()[seat]
        return math.tanh(sim.evaluate(seat) / self.scale)
