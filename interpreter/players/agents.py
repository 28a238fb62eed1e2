"""Computer players. Every agent answers one question, `choose(state)`: which of the
options offered to the seat whose decision it is. They see the game only as that
seat may: the search agents think on copies in which hidden cards are dealt again.

The agents and their settings are listed in one registry, `AGENTS`, that the
command line, the checks of `--agents` and the documentation all read.
"""
from __future__ import annotations

import copy
import math
import random
from dataclasses import dataclass, field
from typing import Callable

from ..evaluate import determinize, evaluate
from ..game import Game, GameState


class AgentError(ValueError):
    """An agent name or setting that does not exist or does not fit."""


@dataclass(frozen=True)
class Setting:
    default: float | int
    description: str
    kind: type = int
    minimum: float = 0


@dataclass(frozen=True)
class AgentKind:
    name: str
    summary: str
    make: Callable
    settings: dict = field(default_factory=dict)


AGENTS: dict[str, AgentKind] = {}


def register(name: str, summary: str, **settings: Setting):
    def wrap(cls):
        AGENTS[name] = AgentKind(name, summary, cls, settings)
        return cls
    return wrap


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
        return self.rnd.randrange(len(state.s.decision.options))


def play_on(state: GameState, horizon: int) -> None:
    """Plays `state` on by the default answer, the first option (pass, none, done,
    no), for every player, until the turn ends, the game ends or `horizon`
    decisions have been made: what a quick look ahead assumes, that nobody does more."""
    s = state.s
    turn = s.turn
    for _ in range(horizon):
        if s.result is not None or s.turn != turn:
            return
        state.apply_action(0)


def outlook(state: GameState, seat: int, depth: int, horizon: int) -> float:
    """How a position looks to `seat` once the turn is played on by default answers.
    The seat's own choices that follow at once (a target, a card to choose, more
    attackers) belong to the option being judged: up to `depth` of them are tried
    in full, so that a Damage card is not judged by aiming it at its own player."""
    s = state.s
    d = s.decision
    if d is not None and d.player == seat and d.kind != "priority" and depth > 0:
        best = -math.inf
        for action in range(len(d.options)):
            imagined = state.clone()
            imagined.apply_action(action)
            best = max(best, outlook(imagined, seat, depth - 1, horizon))
        return best
    play_on(state, horizon)
    return evaluate(state.s, seat)


@register("heuristic",
          "Looks one option ahead: for each option, imagines taking it (with its own "
          "targets and choices tried in full) and everyone then passing to the end of "
          "the turn, and takes the option the pack's evaluation likes best; ties are "
          "broken at random.",
          depth=Setting(2, "How many of its own choices that follow an option are tried in full.", int, 0),
          horizon=Setting(30, "At most this many decisions imagined after each option.", int, 1))
class HeuristicAgent:
    def __init__(self, rnd: random.Random, depth: int, horizon: int):
        self.rnd = rnd
        self.depth = depth
        self.horizon = horizon

    def choose(self, state: GameState) -> int:
        seat = state.s.decision.player
        game = quiet(state.game)
        # One copy consistent with what this seat knows: trying options on the real
        # game would peek at hidden cards (a draw, a search).
        base = determinize(state.s, seat, self.rnd)
        best, best_value = [], -math.inf
        for action in range(len(state.s.decision.options)):
            imagined = GameState(game, base.clone())
            imagined.apply_action(action)
            value = outlook(imagined, seat, self.depth, self.horizon)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value >= best_value - 1e-9:
                best.append(action)
        return best[0] if len(best) == 1 else self.rnd.choice(best)


# ------------------------------------------------------------------ specs

def parse_spec(spec: str) -> tuple[str, dict]:
    """`mcts` or `mcts:playouts=400:horizon=20`: an agent and its settings, checked."""
    name, *parts = spec.strip().split(":")
    kind = AGENTS.get(name)
    if kind is None:
        from ..suggest import did_you_mean
        raise AgentError(f'no agent named "{name}"{did_you_mean(name, AGENTS)} '
                         f'(agents: {", ".join(AGENTS)})')
    settings = {}
    for part in parts:
        key, sep, value = part.partition("=")
        setting = kind.settings.get(key)
        if not sep or setting is None:
            known = ", ".join(kind.settings) or "none"
            raise AgentError(f'agent "{name}" has no setting "{part}" (its settings: {known})')
        try:
            number = setting.kind(value)
        except ValueError:
            raise AgentError(f'setting "{key}" of agent "{name}" takes a '
                             f'{"whole number" if setting.kind is int else "number"}, not "{value}"') from None
        if number < setting.minimum or (setting.kind is float and not math.isfinite(number)):
            raise AgentError(f'setting "{key}" of agent "{name}" must be at least {setting.minimum}, not {value}')
        settings[key] = number
    return name, settings


def parse_agents(text: str) -> list[str]:
    """A comma-separated list of agent specs, each checked; returns them normalised."""
    specs = [part.strip() for part in text.split(",")]
    if not all(specs):
        raise AgentError(f'"{text}" is not a list of agents such as random,heuristic,mcts')
    for spec in specs:
        parse_spec(spec)
    return specs


def make_agent(spec: str, seed) -> object:
    """A fresh agent for one seat of one game; `seed` makes its choices reproducible."""
    name, given = parse_spec(spec)
    kind = AGENTS[name]
    # The registry holds the defaults: the agents' classes have none of their own.
    settings = {key: setting.default for key, setting in kind.settings.items()}
    settings.update(given)
    return kind.make(random.Random(str(seed)), **settings)


def seat_agents(specs: list[str], players: int, game_index: int, rotate: bool) -> list[str]:
    """Which agent sits in each seat of game `game_index`: the list goes round the
    table, shifted by one seat each game when `rotate`, so that every agent sits in
    every seat equally often."""
    shift = game_index if rotate else 0
    return [specs[(seat + shift) % len(specs)] for seat in range(players)]


from . import mcts  # noqa: E402,F401  (registers the search agent)
