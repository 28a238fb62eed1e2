"""The vocabulary of the effect DSL, and the one index of it: importing this package
registers every family of words (statements, costs, values and conditions,
selectors, triggers) in lang/registry.py, so that the compiler, the validator and
`cardtable docs` see the whole language. A new family is a module here, imported
below; nothing else imports a family to have it registered."""
from __future__ import annotations

from ..registry import CARD_PROPERTIES, CARD_STATES, ENTRIES, GLOBALS, PLAYER_PROPERTIES, TEAM_PROPERTIES, entries
from . import (choices, continuous, costs, definitions, effects, events, expressions, results, rounds, scripts, selections,
               selectors, statements, subsets, tables, telling, tokens, triggers, turn_order, using)
from .costs import compile_costs, pay_cost
from .expressions import is_number
from .selectors import item_name, one_noun
from .statements import atomic
from .tables import holds

FAMILIES = (statements, continuous, costs, expressions, selectors, triggers, tables, selections, choices, turn_order,
            rounds, results, telling, effects, events, tokens, scripts, subsets, definitions, using)

__all__ = ["CARD_PROPERTIES", "CARD_STATES", "ENTRIES", "FAMILIES", "GLOBALS", "PLAYER_PROPERTIES", "TEAM_PROPERTIES",
           "atomic", "choices", "compile_costs", "continuous", "costs", "definitions", "entries", "expressions", "holds", "is_number",
           "item_name", "one_noun", "pay_cost", "results", "rounds", "scripts", "selections", "selectors", "statements", "subsets",
           "tables", "telling", "triggers", "turn_order", "using"]
