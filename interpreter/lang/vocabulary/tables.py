"""Table values: one number, word, player or card for the whole table, set and changed by name."""
from __future__ import annotations

from ...engine import tables
from ...engine.model import holds
from ...suggest import did_you_mean
from ..compiler import Compiler, Scope, table_type
from ..registry import register
from .statements import bounded

ST = "statement"


def _table_value(c: Compiler, node, scope: Scope, instead: str):
    """The TableDef a statement names, or None after saying why; `instead` is the "let" that
    changes a variable of that name, which these statements do not."""
    word = str(node)
    d = c.names.table.get(word)
    if d is None:
        known = [*c.names.table, *c.names.player_counters]
        if word in scope.vars:
            c.error(node, f'"{word}" is a variable of this text, not a table value: "let" gives it a new value ("{instead}")')
        elif word in c.names.player_counters or word in c.names.card_counters:
            c.error(node, f'"{word}" is a counter of each player or card: say whose ("{word} of PLAYER")')
        else:
            c.error(node, f'unknown table value "{word}"{did_you_mean(word, known)}')
    return d


@register("set_table", ST, "set NAME to VALUE",
          "Sets a table value (declared under `table`): a number, a word of its property, a player or a card. A variable takes a new value with \"let\".",
          example="set led to suit of card_played",
          params=(('NAME', 'table value', 'which'), ('VALUE', 'value', 'its new value, of its kind, or none')))
def _set_table(c, tree, scope):
    word, value = tree.children
    d = _table_value(c, word, scope, f"let {word} be {c.source(value)}")
    if d is None:
        c.expr(value, scope)
        return None
    vfn = held_value(c, d, value, scope)
    name = d.name
    return lambda s, env: tables.set_table(s, name, vfn(s, env), told=True)


def held_value(c: Compiler, d, value, scope: Scope):
    """The compiled `value` a `set` gives a table value or a player counter (TableDef,
    CounterDef), refused where it is not of the kind `d` holds: a number, a word of its
    property, a player or a card (none for all but a number)."""
    vfn, vt = c.expr(value, scope)
    want = table_type(d)
    ok = vt.kind in ("any", "none") and (d.kind != "number" or vt.kind == "any") or vt.kind == want.kind
    if ok and want.kind == "word" and vt.kind == "word" and vt.of is not None and vt.of != d.of:
        ok = False
    if not ok:
        c.error(value, f'"{d.name}" holds {holds(d)}; {c.quoted(value)} is {_what(vt)}')
    return vfn


def _what(t) -> str:
    return f'a word of "{t.of}"' if t.kind == "word" and t.of else t.word()


def _change_table(c, tree, scope, sign):
    word, amount = tree.children
    change = c.source(amount)
    d = _table_value(c, word, scope, f"let {word} be {word} {'+' if sign > 0 else '-'} "
                                     + (f"({change})" if " " in change else change))
    nfn, _ = c.expect(amount, scope, ("number",), "the change")
    if d is None:
        return None
    if d.kind != "number":
        c.error(word, f'"{d.name}" holds {holds(d)}: only a number can be increased or decreased')
        return None
    name = d.name

    def change(s, env):
        v = bounded(s, env, s.table[name] + sign * (nfn(s, env) or 0), name, "the table")
        tables.set_table(s, name, v)
    return change


@register("increase_table", ST, "increase NAME by N", "Raises a table value that is a number (a variable takes a new value with \"let\": let n be n + 1).",
          example="increase broken by 1",
          params=(('NAME', 'table value', 'which'), ('N', 'number', 'by how much')))
def _increase_table(c, tree, scope):
    return _change_table(c, tree, scope, 1)


@register("decrease_table", ST, "decrease NAME by N", "Lowers a table value that is a number (a variable takes a new value with \"let\": let n be n - 1).",
          params=(('NAME', 'table value', 'which'), ('N', 'number', 'by how much')))
def _decrease_table(c, tree, scope):
    return _change_table(c, tree, scope, -1)
