"""The registry of computer players: every agent with its settings, in one table that
the command line, the checks of `--agents` and the documentation all read. An agent
joins it with `@register`; the index (agents/__init__.py) imports every agent."""
from __future__ import annotations

import inspect
import math
import random
import re
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Callable

from ...suggest import did_you_mean


class AgentError(ValueError):
    """An agent name or setting that does not exist or does not fit."""


@dataclass(frozen=True)
class Setting:
    """A setting of an agent: its default, what it means, whole numbers (int) or any
    number (float), and the least it may be."""
    default: float | int
    description: str
    kind: type = int
    minimum: float = 0

    def __post_init__(self):
        if self.kind not in (int, float):
            raise AgentError(f"a setting's kind is int or float, not {self.kind!r}")
        numbers = (int,) if self.kind is int else (int, float)
        for what in ("default", "minimum"):
            value = getattr(self, what)
            if isinstance(value, bool) or not isinstance(value, numbers) or not math.isfinite(value):
                raise AgentError(f"a setting's {what} is {'a whole number' if self.kind is int else 'a number'}, "
                                 f"not {value!r}")
        if self.default < self.minimum:
            raise AgentError(f"a setting's default ({self.default}) is less than its minimum ({self.minimum})")
        if not isinstance(self.description, str):
            raise AgentError(f"a setting's description is text, not {self.description!r}")


@dataclass(frozen=True)
class AgentKind:
    name: str
    summary: str
    make: Callable
    settings: dict = field(default_factory=dict)


AGENTS: dict[str, AgentKind] = {}
# What `--agents` can name: an agent, a setting.
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")


def register(name: str, summary: str, **settings: Setting):
    """Lists the class it decorates among the agents, as `name` with `settings`. A name
    `--agents` could not say, a setting that is not a `Setting`, a class that does not
    take `rnd` and the settings, or the name of one of cardtable's own agents is refused
    (AgentError); a program's own agent registered again is replaced."""
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise AgentError(f"an agent's name is letters, digits, _ and -, beginning with a letter or _, "
                         f"not {name!r}")
    mine = AGENTS.get(name)
    if mine is not None and mine.make.__module__.startswith(f"{__package__}."):
        raise AgentError(f'"{name}" is the name of one of cardtable\'s own agents: give yours another')
    if not isinstance(summary, str):
        raise AgentError(f'the summary of agent "{name}" is text, not {summary!r}')
    for key, setting in settings.items():
        if not _NAME.fullmatch(key) or not isinstance(setting, Setting):
            raise AgentError(f'setting "{key}" of agent "{name}" is a Setting(default, description), '
                             f'not {setting!r}' if _NAME.fullmatch(key) else
                             f"a setting's name is letters, digits, _ and -, not {key!r}")

    def wrap(cls):
        try:
            inspect.signature(cls).bind(random.Random(), **{k: v.default for k, v in settings.items()})
        except TypeError as e:
            raise AgentError(f'agent "{name}": {getattr(cls, "__name__", cls)} is made as '
                             f'{getattr(cls, "__name__", "it")}(rnd{"".join(f", {k}=..." for k in settings)}), '
                             f"which it does not take ({e})") from None
        except ValueError:
            pass            # a class whose signature Python cannot read is taken at its word
        AGENTS[name] = AgentKind(name, summary, cls, settings)
        return cls
    return wrap


# ------------------------------------------------------------------ thinking, watched

class Interrupted(Exception):
    """A computer player was stopped as it thought: what watched it was stopped, or it
    thought longer over one decision than it was given."""


_watch = threading.local()


@contextmanager
def watched(stop: threading.Event | None = None, seconds: float | None = None):
    """Within it, the computer players of this thread stop thinking (Interrupted) once
    `stop` is set, or once one has thought more than `seconds` over a decision of the game
    (from `deciding()`). Without it they think as long as their settings say: a search of
    a hundred million playouts is one decision of hours, which nothing else can stop
    (the workbench's Stop, a page waiting for a move)."""
    before = getattr(_watch, "now", None)
    _watch.now = [stop, seconds, None]
    try:
        yield
    finally:
        _watch.now = before


def deciding() -> None:
    """A decision of the game itself begins (not one imagined as an agent thinks)."""
    now = getattr(_watch, "now", None)
    if now is not None and now[1] is not None:
        now[2] = time.monotonic() + now[1]


def watching() -> bool:
    """Whether the thinking of this thread is watched (see watched)."""
    return getattr(_watch, "now", None) is not None


def awake() -> None:
    """Raises Interrupted when the thinking watched must stop; agents call it as they think."""
    now = getattr(_watch, "now", None)
    if now is None:
        return
    if now[0] is not None and now[0].is_set():
        raise Interrupted("stopped")
    if now[2] is not None and time.monotonic() > now[2]:
        raise Interrupted(f"thought more than {now[1]:g} seconds over one decision")


# ------------------------------------------------------------------ specs

def parse_spec(spec: str) -> tuple[str, dict]:
    """`mcts` or `mcts:playouts=400:horizon=20`: an agent and its settings, checked."""
    if not isinstance(spec, str):
        raise AgentError(f"an agent is named as text, such as mcts:playouts=4, not {spec!r}")
    name, *parts = spec.strip().split(":")
    kind = AGENTS.get(name)
    if kind is None:
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
    if not isinstance(text, str):
        raise AgentError(f"the agents are named as text, such as random,heuristic, not {text!r}")
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
