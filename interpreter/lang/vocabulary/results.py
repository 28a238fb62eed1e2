"""Leaving play without losing, and the end of a ranked game."""
from __future__ import annotations

from ...engine import results
from ..compiler import Compiler
from ..registry import register
from ..static_types import BOOL
from .statements import to_player
from .rounds import round_level

ST = "statement"


@register("finishes", ST, "PLAYER finishes",
          "The player leaves play with the next finishing place (\"Ann finishes 1st\"): no more turns, not a loss. "
          "When at most one player is still playing after someone has finished, the game ends ranked.",
          example="you finish", params=(('PLAYER', 'player', 'who finishes'),))
def _finishes(c: Compiler, tree, scope):
    if c.names.teams:
        c.error(tree, "finishing is for players without teams")
    c.ranks = c.ends = True
    return to_player(c, tree.children[0], scope, "who finishes", results.finish_player)


@register("sits_out", ST, "PLAYER sits out [this UNIT]",
          "The player takes no turns and gets no priority until the unit of that round ends (still sitting out "
          "in its end script: a hand's folds, as the pot is shared), or for the rest of the "
          "game; they stay in the game and are placed by the ranking. When nobody can take a turn, the game ends "
          "ranked. A player who sits out already, as long or longer, is not told to again.", example="p sits out this hand",
          params=(('PLAYER', 'player', 'who sits out'), ('UNIT', 'round', 'until when (the rest of the game if not said)')))
def _sits_out(c, tree, scope):
    who, unit = tree.children
    level = round_level(c, unit) if unit is not None else results.FOR_GOOD
    if level is None:
        return None
    return to_player(c, who, scope, "who sits out", lambda s, seat: results.sit_out(s, seat, level))


@register("sitting_out", "expression", "PLAYER sits out / PLAYER is [not] sitting out",
          "Whether the player sits out, this unit of a round or for the rest of the game (\"p sits out this deal\"): "
          "\"players where it is not sitting out\" are those still in who take turns. A player who finished or lost "
          "does not sit out.", example="if count of (players where it is not sitting out) = 1: the game ends",
          params=(('PLAYER', 'player', 'who may sit out'),))
def _sitting_out(c: Compiler, tree, scope):
    who, *rest = tree.children
    negate, word = rest or (None, "sitting")
    if str(word) != "sitting":
        c.error(word, f'"is {word} out" is not a test: "{c.source(who)} is sitting out" tests whether a player sits out')
        return (lambda s, env: False), BOOL
    pfn, _ = c.expect(who, scope, ("player",), "who may sit out")
    c.note("*")     # sitting out changes without a change the checks see
    holds = negate is None

    def sitting_out(s, env):
        p = pfn(s, env)
        sits = p is not None and s.sitting is not None and s.sitting[p.seat] >= 0
        return sits if holds else not sits
    return sitting_out, BOOL


@register("game_ends", ST, "the game ends",
          "The game ends ranked: players who finished take their places, those still in are placed after them by "
          "the pack's `ranking` (equal ones share), those who lost share the last place.")
def _game_ends(c, tree, scope):
    c.ranks = c.ends = True
    return lambda s, env: results.end_ranked(s)
