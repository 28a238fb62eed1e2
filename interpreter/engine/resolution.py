"""Resolving the pile: its effects happen, last in first out."""
from __future__ import annotations

from .script import ScriptFrame
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
        if not s.pile or (pack.pile_resolve == "top" and self.done):
            s.frames.pop()
            if pack.pile_after_all is not None:
                s.frames.append(ScriptFrame(pack.pile_after_all, {"you": s.t.players[s.active]}))
            return
        self.done += 1
        card, ab, seat, env = s.pile.pop()
        env = env.copy()
        if pack.pile_after_each is not None:
            s.frames.append(ScriptFrame(pack.pile_after_each, {"this": card, "you": s.t.players[seat]}))
        gone = [n for n, _, _ in ab.targets if _target_gone(s, env, n)]
        if gone:
            s.say("fizzle", f"{ab.name} of {s.t.names[card]} does nothing, its target is gone")
            return
        s.say("resolve", f"{ab.name} of {s.t.names[card]} resolves")
        s.frames.append(ScriptFrame(ab.effect, env))


def _target_gone(s: State, env: dict, name: str) -> bool:
    value = env.get(name)
    if value is None:
        return True
    if type(value) is int:
        return s.moves[value] != env.get("@" + name)
    return s.out[value.seat]
