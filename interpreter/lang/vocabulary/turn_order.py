"""Turn order as data: reversing it, skipping a turn, extra turns, the next player."""
from __future__ import annotations

from ...engine import turnorder
from ..compiler import Compiler
from ..registry import register
from ..static_types import PLAYER
from .statements import to_player

ST = "statement"


@register("reverse_order", ST, "reverse the turn order",
          "Play goes the other way round the table from now on (with two players nothing changes).")
def _reverse(c: Compiler, tree, scope):
    c.note("*")
    return lambda s, env: turnorder.reverse(s)


@register("skip_turn", ST, "skip the next turn of PLAYER",
          "The player's next turn is passed over (skips add up).", example="skip the next turn of next player",
          params=(('PLAYER', 'player', 'who misses a turn'),))
def _skip(c, tree, scope):
    return to_player(c, tree.children[0], scope, "whose turn is skipped", turnorder.skip)


@register("extra_turn", ST, "PLAYER takes an extra turn",
          "The player takes a turn after this one; after it the order goes on from where it was. Extra turns "
          "added later are taken first.", example="you take an extra turn",
          params=(('PLAYER', 'player', 'who takes it'),))
def _extra(c, tree, scope):
    return to_player(c, tree.children[0], scope, "who takes an extra turn", turnorder.extra_turn)


@register("next_player", "expression", "next player",
          "Who plays after you in the current direction of play (a skipped turn aside).")
def _next_player(c, tree, scope):
    c.note("*")
    return (lambda s, env: s.t.players[s.next_seat(env["you"].seat, turnorder.direction(s))]), PLAYER
