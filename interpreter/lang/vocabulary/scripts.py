"""Named scripts: the pack's `scripts:` section names blocks of statements with parameters,
and a statement runs one: "lay_melds for knocker".

A use is compiled where it is written, its parameters taking the kinds of the values
given, so the checks of the kinds apply as to the same statements written there, and
a pack that uses no script runs no code of this module. The script's names (its
parameters, what it lets) are its own: those of the script that uses it are put back
as they were once it ends.
"""
from __future__ import annotations

import os

from ...engine.running import run_inline
from ...engine.script import Script, run_script
from ...suggest import did_you_mean
from ..compiler import Compiler, Scope
from ..registry import register
from ..static_types import ANY
from .statements import atomic, pushes

# In the variables of a script that runs a named one: what that one's names held before,
# put back as it ends (a chain of those of named scripts running inside each other).
SAVED = "@script"


@register("run_script", "statement", "NAME [for VALUE, VALUE ...]",
          "Runs the pack's script NAME (section `scripts`), its parameters holding the values given, in "
          "order. It runs as its statements would written here (it may wait for players), but it sees only "
          "its parameters and the pack's names: not the variables of the script that uses it.",
          params=(("NAME", "script", "a script of the pack"), ("VALUE", "value", "one for each parameter")),
          example="lay_melds for knocker")
def _run_script(c: Compiler, tree, scope: Scope):
    word, *given = tree.children
    given = [v for v in given if v is not None]
    name = str(word)
    script = c.names.scripts.get(name)
    if script is None:
        c.error(word, f'unknown script "{name}"' + (did_you_mean(name, c.names.scripts) or _listed(c.names.scripts)))
        return None
    c.scripts_used.add(name)
    if len(given) != len(script.params):
        c.error(tree, f'"{name}" takes {_values(len(script.params))}{_for(script.params)}, '
                      f'but {c.quoted(tree)} gives {len(given)}')
        return None
    values = [c.expr(v, scope) for v in given]
    if script.tree is None:
        return None     # its text does not parse, as told there
    if name in c.scripts_running:
        chain = " runs ".join(f'"{n}"' for n in c.scripts_running[c.scripts_running.index(name):] + [name])
        c.error(tree, f"a script may not run itself, directly or through others: {chain}")
        return None
    # A mode's texts are the caller's: a script may test for texts another caller offers.
    with c.giving(script.params, given):
        ops, names = expand(c, name, tuple(t._replace(texts=None) for _, t in values), scope, tree)
    if ops is None:
        return None
    return _run(script.params, tuple(fn for fn, _ in values), names, ops)


def expand(c: Compiler, name: str, kinds: tuple, scope: Scope, use):
    """The statements of script `name` compiled for a use of it (`use`; None: the script
    checked alone), its parameters of kinds `kinds`: (its operations, every name it holds),
    or (None, ()) after its problems. A problem of the script's own text, which it has
    whatever it is given (_own), is told once, where it is; one that comes of the use (a
    value of a kind it cannot take) is told in the text too, with where it is used, and
    at the outermost use."""
    ops, names, found = _compiled(c, name, kinds, scope)
    if not found:
        return ops, names
    own = _own(c, name) if use is not None else frozenset()
    caused = []
    for p in found:
        if _key(p) not in own:
            caused.append(p)
        if hasattr(p, "said"):
            c.problems.append(p)    # told by a script this one uses
            continue
        p.said = p.message          # what is wrong, without where the script is used
        if use is not None and _key(p) not in own:
            p.message = f'{p.said} (in "{name}", used at {_at(c.place(use))})'
        told = (p.file, p.line, p.col, p.said)
        if told not in c.scripts_told:      # once, though the script is used in many places
            c.scripts_told.add(told)
            c.problems.append(p)
    if use is None:
        return None, ()
    for p in found:
        _not_seen(c, name, p, scope, use)
    if caused and not c.scripts_running:
        # Said where the outermost use is: a script used by a script is told there.
        c.error(use, f'"{name}" cannot run here: {caused[0].said} ({_at(caused[0])})')
    return None, ()


def _compiled(c: Compiler, name: str, kinds: tuple, scope: Scope):
    """Script `name`'s text compiled with parameters of kinds `kinds`, in the place of
    `scope`: (its operations, every name it holds, the problems found), the problems
    taken out of the compiler's."""
    script = c.names.scripts[name]
    inner = Scope(dict(zip(script.params, kinds)), scope.this, scope.it, scope.mode, {}, scope.event,
                  scope.looks_back)
    saved, before = c.snippet, len(c.problems)
    c.snippet = script.snippet
    c.scripts_running.append(name)
    try:
        ops = c.learning(inner, lambda: c.block(script.tree.children, inner))
    finally:
        c.scripts_running.pop()
        c.snippet = saved
    found = c.problems[before:]
    del c.problems[before:]
    return ops, tuple(inner.vars), found


def _own(c: Compiler, name: str) -> frozenset:
    """The problems of script `name`'s own text: those it has given values of any kind, for
    any card, run from no other script (each as _key). Worked out once, told nowhere."""
    own = c.scripts_own.get(name)
    if own is None:
        c.scripts_own[name] = frozenset()   # a script that runs itself meets it so, and is told that
        told, running = set(c.scripts_told), c.scripts_running
        c.scripts_running = []
        try:
            _, _, found = _compiled(c, name, (ANY,) * len(c.names.scripts[name].params), Scope({}, this=ANY))
        finally:
            c.scripts_told, c.scripts_running = told, running
        own = c.scripts_own[name] = frozenset(map(_key, found))
    return own


def _key(p) -> tuple:
    return p.file, p.line, p.col, p.message


def _not_seen(c: Compiler, name: str, p, scope: Scope, use) -> None:
    """A name the script does not know, where the text that uses it has a variable of that
    name: the use is told that the script does not see it. A message that says how to
    write the name already ("target") is left as it is."""
    said = getattr(p, "said", p.message)
    word = said.split('"')[1] if said.startswith("unknown name ") else None
    if word not in scope.vars or said.startswith(f'unknown name "{word}":'):
        return
    c.error(use, f'"{name}" does not see this text\'s "{word}" (read at {_at(p)}): a script sees its parameters and the pack\'s names, '
                 f'not the variables of the script that uses it; give it the value as a parameter')


def _at(place) -> str:
    return f"{os.path.basename(place.file)}:{place.line}:{place.col}"


def check_unused(c: Compiler) -> None:
    """A script no text uses is still checked, its parameters of any kind."""
    for name, script in c.names.scripts.items():
        if name not in c.scripts_used and script.tree is not None:
            expand(c, name, (ANY,) * len(script.params), Scope({}), None)


def _run(params: tuple, fns: tuple, names: tuple, ops):
    """The operation that runs a named script's operations `ops` with the values of `fns`
    for its `params`; `names`: every name it holds, put back as they were after it."""
    def call(s, env):
        values = [fn(s, env) for fn in fns]
        env[SAVED] = (tuple((k, env[k]) for k in names if k in env), tuple(k for k in names if k not in env),
                      env.get(SAVED))
        env.update(zip(params, values))

    def put_back(s, env):
        held, absent, env[SAVED] = env[SAVED]
        env.update(held)
        for k in absent:
            env.pop(k, None)

    if atomic(ops):
        def run_named(s, env):
            call(s, env)
            run_inline(ops, s, env)
            put_back(s, env)
        return run_named

    body = Script((*ops, put_back), ops.kinds)

    @pushes
    def run_named_waiting(s, env):
        call(s, env)
        run_script(s, body, env)
    return run_named_waiting


def _values(n: int) -> str:
    return "no values" if n == 0 else "1 value" if n == 1 else f"{n} values"


def _for(params: tuple) -> str:
    return f' (for {", ".join(params)})' if params else ""


def _listed(scripts: dict) -> str:
    return f' (the pack\'s scripts: {", ".join(scripts)})' if scripts else " (the pack has no scripts)"
