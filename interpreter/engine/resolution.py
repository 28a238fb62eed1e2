"""Resolving the pile: its effects happen, last in first out."""
from __future__ import annotations

from .knowledge import say_of
from .pile import Entry, on_pile, source
from .primitives import zone_label
from .script import ScriptFrame, run_script
from .state import State


class ResolveFrame:
    """Resolves the pile: all of it, last in first out, or only its top entry."""
    __slots__ = ("done",)

    def __init__(self, done: int = 0):
        self.done = done

    def copy(self, envs):
        return ResolveFrame(self.done)

    def step(self, s: State) -> None:
        pack = s.t.pack
        frames = s.frames
        noting = pack.coverage         # scenarios noting what they use (packs/coverage.py), else None
        # Entry after entry, as run() would step this frame again (no checks run between),
        # while an effect pushes nothing and asks nothing; with checks at every change, one.
        while True:
            if not s.pile or (pack.pile_resolve == "top" and self.done):
                frames.pop()
                if pack.pile_after_all is not None:
                    run_script(s, pack.pile_after_all, {"you": s.t.players[s.active]})
                return
            self.done += 1
            e = s.pile.pop()
            env = e.env.copy()
            why = why_not(s, e, env)
            below = len(frames)
            if why:
                say_of(s, "fizzle", f"{e.ability.name} of ", source(s, e), " does nothing", *why)
            else:
                if not s.quiet:
                    say_of(s, "resolve", f"{e.ability.name} of ", source(s, e), " resolves")
                if noting is not None:
                    noting.happened(e.ability)
                run_script(s, e.ability.effect, env)
            _after_each(s, e, below)
            if frames[-1] is not self or s.decision is not None or s.result is not None or s.t.eager_checks:
                return


def _after_each(s: State, e: Entry, below: int) -> None:
    """What the pile does after each entry runs once the entry's effect is done: at once
    when the effect ran to its end inline, else in a frame beneath the frames it pushed."""
    after = s.t.pack.pile_after_each
    if after is None or s.result is not None:
        return
    env = {"this": e.card, "you": s.t.players[e.seat]}
    if len(s.frames) == below:
        run_script(s, after, env)
    else:
        s.frames.insert(below, ScriptFrame(after, env))


def why_not(s: State, e: Entry, env: dict) -> tuple:
    """Why an effect does nothing as it resolves (nothing, when it happens): its card has left
    where it was (with sources: stay), every target is gone or, with recheck, no longer one
    its selector would pick, or its `if` fails. Some of several targets illegal: the effect
    happens without them (Magic's 608.2b), each left out reading as none in `env`. The
    why is the parts of a log line (say_of), which may name cards."""
    pack = s.t.pack
    card, ab = e.card, e.ability
    if pack.pile_sources == "stay" and type(card) is int and s.moves[card] != e.moves:
        return ", ", card, f" has left {zone_label(s, e.zone)}"
    out = _left_out(s, ab, env) if ab.targets else None
    if out:
        if len(out) == len(ab.targets):     # the first reason, as for one target
            name, why = out[0]
            return (", its target is gone",) if why == "is gone" else (", ", env[name], f" {why}")
        for name, why in out:
            say_of(s, "fizzle", f"{e.ability.name} of ", source(s, e), ": ", env[name], f" {why}")
            env[name] = None        # what names it does nothing to it, nor by it
    why = unmet(ab, s, env)
    return (why,) if why else ()


def unmet(ab, s: State, env: dict) -> str:
    """" (if: CONDITION)" when the ability's `if` does not hold now."""
    if ab.check is not None and not ab.check(s, env):
        return f" (if: {ab.check_text})"
    return ""


def _left_out(s: State, ab, env: dict) -> list:
    """The targets the effect can no longer act on, each with why in a designer's words."""
    recheck = s.t.pack.pile_recheck
    out = []
    for name, sel, _, _ in ab.targets:
        if _target_gone(s, env, name):
            out.append((name, "is gone"))
        elif recheck and env[name] not in sel(s, env):
            out.append((name, "can no longer be its target"))
    return out


def _target_gone(s: State, env: dict, name: str) -> bool:
    value = env.get(name)
    if value is None:
        return True
    if type(value) is int:
        return env.get("@" + name) != (value, s.moves[value])
    if isinstance(value, Entry):
        return not on_pile(s, value)
    return s.out[value.seat]
