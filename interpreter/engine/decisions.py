"""Decisions: every choice a player makes, offered as a finite list of options."""
from __future__ import annotations

from typing import Any, Callable, NamedTuple


class Option(NamedTuple):
    label: str
    value: Any


class Decision(NamedTuple):
    """A question to one player. `resume(state, value)` carries the answer on.

    Decisions are immutable and hold no state, so a cloned game shares them.
    """
    player: int
    prompt: str
    options: tuple
    resume: Callable
    kind: str = "choice"


class IllegalAction(Exception):
    """An answer that is not one of the options offered."""
