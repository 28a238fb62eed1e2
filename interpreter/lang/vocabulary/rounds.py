"""Rounds: which unit of its kind this is, and who leads the next one."""
from __future__ import annotations

from .. import fuse
from ...engine import rounds
from ...suggest import did_you_mean
from ..compiler import Compiler, _const
from ..registry import register
from ..static_types import NUMBER
from .statements import to_player

ST = "statement"


def round_level(c: Compiler, node) -> int | None:
    """The level of the round a word names, or None after saying it names none."""
    word = str(node)
    level = c.names.rounds.get(word)
    if level is None:
        known = list(c.names.rounds)
        said = f"; the rounds are {', '.join(known)}" if known else ": the pack has no rounds"
        c.error(node, f'unknown round "{word}"{did_you_mean(word, known) or said}')
    return level


@register("leads", ST, "PLAYER leads the next UNIT",
          "Names who leads the next unit of that round to begin (the trick's taker leads the next trick), "
          "inside the same unit of the round around it: a lead named in a hand's last trick is forgotten as the "
          "hand ends (its end script may name one for the next hand's first trick). Otherwise the first unit in its parent is led by the parent's leader, and each next one by the "
          "player after the last leader in the order of play.", example="taker leads the next trick",
          params=(('PLAYER', 'player', 'who leads'), ('UNIT', 'round', 'a round of the pack')))
def _leads(c, tree, scope):
    who, unit = tree.children
    level = round_level(c, unit)
    if level is None:
        return None
    return to_player(c, who, scope, "who leads", lambda s, seat: rounds.lead_next(s, level, seat))


@register("unit_number", "expression", "UNIT number",
          "Which unit of that round this is: the outermost counts over the game, an inner one within its parent "
          "(\"trick number\" is 1 to 13 in each hand).", example="(hand number - 1) % 4",
          params=(('UNIT', 'round', 'a round of the pack'),))
def _unit_number(c, tree, scope):
    level = round_level(c, tree.children[0])
    if level is None:
        return _const(0), NUMBER
    c.note("*")
    # Written in place where it is read (a trick's number in every card's test of a hand).
    return fuse.leaf(lambda s, env: rounds.unit_number(s, level),
                     f"(s.units[{level}][{rounds.NUMBER}] if s.units is not None else 0)"), NUMBER
