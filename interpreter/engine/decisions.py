"""Decisions: every choice a player makes, offered as a finite list of options."""
from __future__ import annotations

from types import MethodType
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


# Made on the path of every decision: from a tuple of their fields, without the
# keyword handling of a named tuple's constructor (a Python call each). tuple.__new__
# bound to the class as a method, not a partial: Python calls a method without a
# partial's own layer and its second tuple of arguments (some 300 machine instructions
# fewer each).
option = MethodType(tuple.__new__, Option)          # option((label, value))
decision = MethodType(tuple.__new__, Decision)      # decision((player, prompt, options, resume, kind))


def set_option(labels: list, cards: tuple) -> Option:
    """A set of cards offered (choose a set): labelled by its cards' labels, in its order
    (knowledge.labels_for: a name, or "a card" for one the chooser does not see)."""
    return option((", ".join(labels), cards))


def asked_again(resume):
    """Marks the `resume` of a statement that words its question and options from its
    variables each time it runs, and asks again when its frame steps back to it (a
    division: "how much to Bear?"). A search's copy, which deals other cards into the
    places of hidden ones, has it ask again (engine/follow.py) rather than keep words
    naming the real cards; its options are numbers, never cards (labels.option_card)."""
    resume.asks_again = True
    return resume


class IllegalAction(Exception):
    """An answer that is not one of the options offered."""
