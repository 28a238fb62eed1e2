"""Batches of games between random players: results a designer can read."""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

from .diagnostics import Report, render
from .game import Game, OptionError
from .loader import PackError, load_pack
from .state import RuleError


class SimulationError(Exception):
    """The pack, an option or a game could not run; the message says which."""


@dataclass
class Summary:
    pack: str
    games: int
    wins: list
    draws: int
    turns: list = field(default_factory=list)
    decisions: list = field(default_factory=list)
    seat_names: list = field(default_factory=list)

    def as_dict(self) -> dict:
        n = self.games
        return {
            "pack": self.pack, "games": n, "draws": self.draws,
            "wins": {name: self.wins[i] for i, name in enumerate(self.seat_names)},
            "win_rate": {name: round(self.wins[i] / n, 4) for i, name in enumerate(self.seat_names)},
            "mean_turns": round(sum(self.turns) / n, 2), "max_turns": max(self.turns),
            "mean_decisions": round(sum(self.decisions) / n, 2),
        }

    def as_json(self) -> str:
        return json.dumps(self.as_dict(), indent=2)

    def as_table(self) -> str:
        d = self.as_dict()
        lines = [f"{self.pack}: {self.games} games"]
        for name in self.seat_names:
            lines.append(f"  {name:<12} wins {d['wins'][name]:>6}  ({100 * d['win_rate'][name]:.1f}%)")
        lines.append(f"  {'draws':<12}      {self.draws:>6}  ({100 * self.draws / self.games:.1f}%)")
        lines.append(f"  turns: mean {d['mean_turns']}, max {d['max_turns']}; decisions: mean {d['mean_decisions']}")
        return "\n".join(lines)


def play_random(game: Game, seed: int):
    """One game between uniformly random players; the players' dice are seeded too."""
    state = game.new_initial_state(seed=seed)
    rnd = random.Random(seed)
    n = 0
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply_action(actions[rnd.randrange(len(actions))])
        n += 1
    return state, n


def run_batch(pack_name: str, games: int, seed: int, options: dict, num_players, out,
              debug: bool = False) -> Summary:
    report = Report()
    try:
        pack = load_pack(pack_name, report)
    except PackError:
        raise SimulationError("the pack is not valid:\n" + render(report, "text")) from None
    try:
        game = Game(pack, options, num_players, debug=debug)
    except OptionError as e:
        raise SimulationError(str(e)) from None
    n = game.num_players
    summary = Summary(pack.id, games, [0] * n, 0)
    sink = open(out, "w", encoding="utf-8") if out else None
    try:
        for i in range(games):
            try:
                state, decisions = play_random(game, seed + i)
            except RuleError as e:
                raise SimulationError(f"game {i + 1} (seed {seed + i}) stopped: {e}") from None
            result = state.returns()
            if not summary.seat_names:
                summary.seat_names = [p.name for p in state.s.t.players]
            winners = [p for p, r in enumerate(result) if r > 0]
            if not winners:
                summary.draws += 1
            for p in winners:
                summary.wins[p] += 1
            summary.turns.append(state.s.turn)
            summary.decisions.append(decisions)
            if sink:
                sink.write(json.dumps({"pack": pack.id, "version": pack.version, "options": game.options,
                                       "seed": seed + i, "returns": result, "turns": state.s.turn,
                                       "decisions": [a for _, a, _ in state.s.history]}) + "\n")
    finally:
        if sink:
            sink.close()
    return summary
