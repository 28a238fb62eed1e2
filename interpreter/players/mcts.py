"""The search agent: Monte Carlo tree search over determinised hidden information
(single-observer information-set MCTS, Cowling, Powley and Whitehouse 2012).

Each playout deals the cards the searching seat cannot see again at random, walks
down one shared tree whose branches are option labels (the same move in every
deal: "Damage: Four of Spades", "Queen of Hearts"), adds one branch, plays the turn
on by default answers and scores the position with the pack's evaluation. Branches
are chosen by UCB1 counted over the playouts in which they were offered, so an
opponent's card that exists in one deal and not another is judged fairly.
"""
from __future__ import annotations

import math
import random
import time

from ..evaluate import determinize, evaluate
from ..game import GameState
from .agents import Setting, quiet, register


class Node:
    __slots__ = ("player", "children", "visits", "total", "offered", "follow")

    def __init__(self, player: int):
        self.player = player      # who chose the option that leads here
        self.follow = False       # the same player then completes that option (a target, a cost)
        self.children = {}        # option label -> Node
        self.visits = 0
        self.total = 0.0          # sum of the results for `player`
        self.offered = 0          # playouts in which this option was offered


@register("mcts",
          "Monte Carlo tree search: many imagined continuations, the unseen cards dealt "
          "again for each, the options of every player explored in a tree and each "
          "continuation scored by the pack's evaluation at the end of the turn.",
          playouts=Setting(120, "Imagined continuations per decision.", int, 1),
          time=Setting(0.0, "Seconds per decision instead of a number of playouts (0: use playouts). "
                            "Games played with a time budget are not reproducible.", float, 0),
          turns=Setting(0, "Turns imagined after the one being played: every continuation is scored at the end "
                           "of the same turn, so that they are compared like with like.", int, 0),
          horizon=Setting(60, "Decisions played on by default answers after the tree, at most.", int, 0),
          exploration=Setting(0.7, "How much the search tries less-visited options (UCB1's constant).", float, 0),
          scale=Setting(10.0, "Evaluation points worth a clear advantage: scores are squashed by tanh(value / scale).",
                        float, 0.001))
class MCTSAgent:
    def __init__(self, rnd: random.Random, playouts: int, time: float, turns: int, horizon: int,
                 exploration: float, scale: float):
        self.rnd = rnd
        self.turns = turns
        self.playouts = playouts
        self.seconds = time
        self.horizon = horizon
        self.c = exploration
        self.scale = scale

    def choose(self, state: GameState) -> int:
        d = state.s.decision
        seat = d.player
        game = quiet(state.game)
        root = Node(seat)
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        last_turn = state.s.turn + self.turns
        done = 0
        while True:
            if deadline is None:
                if done >= self.playouts:
                    break
            elif done and time.perf_counter() >= deadline:
                break
            self._playout(root, GameState(game, determinize(state.s, seat, self.rnd)), last_turn)
            done += 1
        labels = [o.label for o in d.options]
        best = max(range(len(labels)), key=lambda a: _rank(root.children.get(labels[a])))
        return best

    def _playout(self, root: Node, sim: GameState, last_turn: int) -> None:
        s = sim.s
        rnd = self.rnd
        c = self.c
        node = root
        path = []
        while s.decision is not None and s.turn <= last_turn:
            d = s.decision
            node.follow = d.player == node.player and d.kind != "priority"
            children = node.children
            fresh = []
            chosen, chosen_score = None, -math.inf
            for action, option in enumerate(d.options):
                child = children.get(option.label)
                if child is None:
                    fresh.append(action)
                    continue
                child.offered += 1
                if fresh:
                    continue          # a fresh option will be tried: no need to score
                score = _value(child) + c * math.sqrt(math.log(child.offered) / child.visits)
                if score > chosen_score:
                    chosen, chosen_score = action, score
            if fresh:
                action = fresh[0] if len(fresh) == 1 else rnd.choice(fresh)
                child = children[d.options[action].label] = Node(d.player)
                child.offered += 1
                path.append(child)
                sim.apply_action(action)
                break
            node = children[d.options[chosen].label]
            path.append(node)
            sim.apply_action(chosen)
        for _ in range(self.horizon):
            if s.result is not None or s.turn > last_turn:
                break
            sim.apply_action(0)
        if s.result is not None:
            values = s.result
        else:
            scale = self.scale
            values = [math.tanh(evaluate(s, p) / scale) for p in range(len(s.out))]
        for node in path:
            node.visits += 1
            node.total += values[node.player]


def _value(node: Node) -> float:
    """What the option leading to `node` is worth to the player who chose it. When
    that player then completes it (a target, a cost, another attacker), the option is
    worth what their best completion is worth, not the average of all the ones tried,
    the poor ones included."""
    if not node.follow:
        return node.total / node.visits
    best = None
    for child in node.children.values():
        if child.visits:
            v = _value(child)
            if best is None or v > best:
                best = v
    return node.total / node.visits if best is None else best


def _rank(node: Node | None) -> tuple:
    if node is None:
        return (0, -math.inf)
    return (node.visits, _value(node))
