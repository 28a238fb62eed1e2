"""Definitions with parameters: `extends(meld): ...` in the pack's `define`, read as
"extends(knocker's meld_a)" (a condition or a value) or "c is extends(knocker's meld_a)".

A call is compiled where it is written, as a definition without parameters is, each
parameter taking the kind of the value given. A value that reads nothing a "where" of
the definition changes (its "it", the names of its items) stands in the definition's
text where the parameter is, so the call costs what the text written out there would;
any other is computed once for the call and held under the parameter's name.
"""
from __future__ import annotations

import os

from lark import Token, Tree

from ...suggest import did_you_mean
from ..compiler import Compiler, Scope, _const
from ..registry import register
from ..static_types import ANY, BOOL, single
from .expressions import check_defined

E = "expression"
_ABSENT = object()


@register("defined_call", E, "NAME(VALUE, VALUE ...)",
          "The pack's definition NAME (section `define`) with a value for each of its parameters, in order: "
          "\"extends(meld): ...\" is read \"extends(knocker's meld_a)\". A condition about \"it\" reads the "
          "\"it\" of where it is written (\"cards in your hand where extends(p's melds)\").",
          params=(("NAME", "definition", "a definition of the pack with parameters"),
                  ("VALUE", "value", "one for each parameter")),
          example="any (cards in your hand where extends(opponent's melds))")
def _defined_call(c: Compiler, tree, scope: Scope):
    word, *given = tree.children
    made = _compile_call(c, tree, word, given, scope)
    if made is None:
        return _const(None), ANY
    expand, held = made
    fn, t = expand(scope)
    return _called(fn, held), t


@register("is_defined_call", E, "X is NAME(VALUE, ...) / X is not NAME(VALUE, ...)",
          "X meets the pack's definition NAME about \"it\", given a value for each parameter: \"it\" in the "
          "definition is X; the values are read where the test is written.",
          params=(("X", "card or player", "what is described"),
                  ("NAME", "definition", "a definition of the pack with parameters"),
                  ("VALUE", "value", "one for each parameter")),
          example="if c is extends(knocker's meld_a): put c into knocker's meld_a")
def _is_defined_call(c: Compiler, tree, scope: Scope):
    subject, negate, word, *given = tree.children
    fn, t = c.expr(subject, scope)
    made = _compile_call(c, tree, word, given, scope)
    if made is None:
        return _const(None), ANY
    expand, held = made
    was_it, was_steady = c.used_it, c.steady
    dfn, dt = expand(scope.child(it=single(t) if t.kind != "any" else ANY))
    c.used_it, c.steady = was_it, was_steady        # its "it" is X, not an item around the test
    check_defined(c, word, dt)
    test = _called(dfn, (*held, ("it", fn)), bool)
    if negate is not None:
        return (lambda s, env: not test(s, env)), BOOL
    return test, BOOL


def _compile_call(c: Compiler, tree, word, given: list, scope: Scope):
    """(a function compiling the definition `word` in a scope, the parameters held in the
    environment for the call with their closures), or None after telling why it cannot be."""
    name = str(word)
    if name not in c.names.defines:
        c.error(word, f'unknown definition "{name}"' + (did_you_mean(name, c.names.defines) or
                                                       " (the pack's definitions are under \"define:\")"))
        return None
    params = c.names.define_params.get(name, ())
    if len(given) != len(params):
        if not params:
            c.error(tree, f'"{name}" takes no values: write "{name}", not {c.quoted(tree)}')
        else:
            c.error(tree, f'"{name}" takes {len(params)} value{"s" if len(params) > 1 else ""} '
                          f'(for {", ".join(params)}), but {c.quoted(tree)} gives {len(given)}')
        return None
    tree_of, _ = c.names.defines[name]
    bound = _bound_names(tree_of)
    standing, held, kinds, values = {}, [], {}, {}
    for param, value in zip(params, given):
        was = c.used_it, c.drawn
        c.used_it = c.drawn = False
        fn, t = c.expr(value, scope)
        t = t._replace(texts=None)      # a mode's texts are the caller's: a definition may test for others
        values[param] = (value, t)
        moves = c.used_it or c.drawn or bool(_names(value) & bound)
        c.used_it, c.drawn = was[0] or c.used_it, was[1] or c.drawn
        if moves:       # read once for the call: the definition's "where" would read another
            held.append((param, fn))
            kinds[param] = t
        else:
            standing[param] = (fn, t)

    def expand(at: Scope):
        inner = at.child()
        for param in params:
            inner.vars.pop(param, None)     # a variable of the text that reads it is hidden by the parameter
        inner.vars.update(kinds)
        # A value held for the call changes as an item does: what reads it is not computed once a scan.
        items = set(kinds) - c.items
        c.items |= items
        before = len(c.problems)
        try:
            with c.giving(params, given):
                result = c.defined(word, name, inner, standing, frozenset(params))
        finally:
            c.items -= items
            c.used_it = c.used_it or bool(c.items_read & items)
            c.items_read -= items
        found = c.problems[before:]
        misfits = [p for p in found if getattr(p, "param", None)]
        if misfits:
            # The value given does not fit where the text reads its parameter: the call is at
            # fault, not the definition, and is told once, not at each reading.
            del c.problems[before:]
            _misfit(c, tree, name, misfits, values)
            found = [p for p in found if not getattr(p, "param", None)]
            c.problems.extend(found)
            if not found:
                return result
        if found:
            # Told once in the definition, and at each call that cannot be read so.
            del c.problems[before:]
            for p in found:
                if (p.file, p.line, p.col, p.message) not in c.defines_told:
                    c.defines_told.add((p.file, p.line, p.col, p.message))
                    c.problems.append(p)
            first = getattr(found[0], "cause", found[0])     # a call in the definition tells its own
            c.error(tree, f'{c.quoted(tree)} cannot be read here: {first.message} '
                          f'(in the definition "{name}", {os.path.basename(first.file)}:{first.line}:{first.col})')
            c.problems[-1].cause = first
        return result
    return expand, tuple(held)


def _misfit(c: Compiler, tree, name: str, misfits: list, values: dict) -> None:
    """Tell a call of the definition `name` once for each parameter given a value its text
    cannot read (`misfits`: the problems at its readings, the first of each told)."""
    for param in dict.fromkeys(p.param for p in misfits):
        first = next(p for p in misfits if p.param == param)
        value, t = values[param]
        at = f"{os.path.basename(first.file)}:{first.line}:{first.col}"
        if first.needs:
            c.error(tree, f'{c.quoted(tree)} gives {c.quoted(value)} for "{param}", which must be {first.needs} '
                          f'("{name}" reads it so at {at}), but {c.quoted(value)} is {t.word()}')
        else:
            c.error(tree, f'{c.quoted(tree)} gives {c.quoted(value)} for "{param}", which "{name}" cannot read at '
                          f'{at}: {first.message}')


def cycles(defines: dict) -> list[tuple]:
    """Chains of definitions that read themselves ("near" reads "far" reads "near"): one for
    each way back a walk through what they read finds, each definition walked once."""
    reads = {name: sorted(reads_of(tree, defines)) for name, (tree, _) in defines.items()}
    found, done = [], set()

    def walk(chain):
        for after in reads[chain[-1]]:
            if after in chain:
                found.append((*chain[chain.index(after):], after))
            elif after not in done:
                walk((*chain, after))
        done.add(chain[-1])
    for name in defines:
        if name not in done:
            walk((name,))
    return found


def reads_of(tree, defines: dict) -> set:
    """The definitions a definition's text reads by name."""
    named = set()
    for sub in tree.iter_subtrees() if isinstance(tree, Tree) else ():
        kids = sub.children
        if sub.data == "name" or sub.data == "defined_call":
            named.add(str(kids[0]))
        elif sub.data in ("is_word", "is_defined_call"):
            named.add(str(kids[2]))
    if isinstance(tree, Token):
        named.add(str(tree))
    return named & set(defines)


def _called(fn, held: tuple, cast=None):
    """`fn` run with each name of `held` holding its value, computed before any is set,
    and put back after; `fn` itself when nothing is held."""
    if not held:
        return fn if cast is None else (lambda s, env: cast(fn(s, env)))
    names = tuple(k for k, _ in held)
    fns = tuple(f for _, f in held)

    def call(s, env):
        values = [f(s, env) for f in fns]
        saved = [env.get(k, _ABSENT) for k in names]
        env.update(zip(names, values))
        try:
            value = fn(s, env)
        finally:
            for k, v in zip(names, saved):
                if v is _ABSENT:
                    env.pop(k, None)
                else:
                    env[k] = v
        return value if cast is None else cast(value)
    return call


def _names(tree) -> set:
    """The names a text writes."""
    if isinstance(tree, Token):
        return {str(tree)} if tree.type == "NAME" else set()
    return {str(t) for t in tree.scan_values(lambda v: isinstance(v, Token) and v.type == "NAME")}


def _bound_names(tree) -> set:
    """The names a definition's text may bind (the words of its selectors, which hold the
    name of each item), and "it", which its "where" clauses and "is" tests bind."""
    if not isinstance(tree, Tree):
        return set()
    found = {"it"}
    for sub in tree.iter_subtrees():
        if sub.data in ("words", "card_sets"):
            found |= {str(t) for t in sub.children if isinstance(t, Token) and t.type == "NAME"}
    return found
