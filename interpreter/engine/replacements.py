"""Replacements: what happens instead when a card would be dealt damage, discarded
or sacrificed, or a player would draw a card, and which cards cannot be chosen as a target.

A pack lists them under `replacements`. Each names its events, a condition about
"it" (the card or player concerned) and "source" (the card whose ability does it,
or none), and an effect run instead; without an effect the event simply does not
happen. A replacement applies once to an event: when its effect does the same
thing to the same card ("discard it" after a "no"), the event goes ahead.
"""
from __future__ import annotations

from typing import Callable, NamedTuple

from .script import ScriptFrame

EVENTS = ("damage", "discard", "sacrifice", "draw", "target")

# What the log says of a card (or player) an event does not happen to, and of one whose event is replaced.
_NOT = {"damage": "is dealt no damage", "discard": "is not discarded", "sacrifice": "is not sacrificed",
        "draw": "draws no card"}
_WOULD = {"damage": "would be dealt damage", "discard": "would be discarded", "sacrifice": "would be sacrificed",
          "draw": "would draw a card"}


class Replacement(NamedTuple):
    name: str
    events: frozenset
    test: Callable          # f(state, env) -> bool; env holds it, source and you
    effect: tuple | None    # compiled script run instead, or None: the event does not happen


def _find(s, event: str, x, source, env):
    done = env.get("@replaced", ())
    for i, rep in enumerate(s.t.pack.replacements):
        if event not in rep.events or (i, x) in done:
            continue
        renv = {"it": x, "source": source, "you": env.get("you"), "@replaced": done + ((i, x),)}
        if rep.test(s, renv):
            return rep, renv
    return None


def carry_out(s, env, event: str, items, source, act, key: str) -> None:
    """Do `act(x)` for each item unless a replacement applies to it. A replacement with
    an effect runs it instead; the statement then picks up the items after it (it runs
    again, with the rest kept under `key` in its variables)."""
    for i, x in enumerate(items):
        found = _find(s, event, x, source, env)
        if found is None:
            act(x)
            continue
        rep, renv = found
        if rep.effect is None:
            s.say("replace", f"{s.card_name(x)} {_NOT[event]} ({rep.name})")
            continue
        s.say("replace", f"{s.card_name(x)} {_WOULD[event]} ({rep.name})")
        rest = tuple(items[i + 1:])
        if rest:
            env[key] = rest
            s.frames[-1].pc -= 1
        s.frames.append(ScriptFrame(rep.effect, renv))
        return


def targetable(selector, restricted: tuple):
    """A target selector that leaves out what the pack's target replacements protect
    from the card whose ability chooses."""
    def pick(s, env):
        found = selector(s, env)
        source = env.get("this")
        kept = []
        for x in found:
            renv = {"it": x, "source": source, "you": env.get("you")}
            if not any(rep.test(s, renv) for rep in restricted):
                kept.append(x)
        return tuple(kept)
    return pick
