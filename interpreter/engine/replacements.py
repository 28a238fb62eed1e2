"""Replacements: what happens instead when a card would be dealt damage, discarded
or sacrificed, or a player would draw a card, and which cards cannot be chosen as a target.

A pack lists them under `replacements`, and a card may have one as an ability
(`replace:`), which applies while the card is in the ability's zone (or anywhere).
Each names its events, a condition about "it" (the card or player concerned) and
"source" (the card whose ability does it, or none), and an effect run instead;
without an effect the event simply does not happen. A replacement applies once to an
event: when its effect does the same thing to the same card ("discard it" after a
"no"), the event goes ahead. When several apply to one event, the first listed does
(pack's, then cards' in the order they were dealt), or, with `replacement_order:
chosen`, the controller of the card concerned (the player concerned) chooses (616.1).
"""
from __future__ import annotations

from typing import Callable, NamedTuple

from .decisions import Decision, Option
from .knowledge import card_for, say_of
from .script import ScriptFrame
from .state import PlayerRef

EVENTS = ("damage", "discard", "sacrifice", "draw", "target", "move")

# What the log says of a card (or player) an event does not happen to, and of one whose event is replaced.
_NOT = {"damage": "is dealt no damage", "discard": "is not discarded", "sacrifice": "is not sacrificed",
        "draw": "draws no card"}
_WOULD = {"damage": "would be dealt damage", "discard": "would be discarded", "sacrifice": "would be sacrificed",
          "draw": "would draw a card"}
_NOT["move"] = "does not move"


class Replacement(NamedTuple):
    name: str
    events: frozenset
    test: Callable          # f(state, env) -> bool; env holds it, source and you (and this, a card's)
    effect: tuple | None    # compiled script run instead, or None: the event does not happen
    into: frozenset = frozenset()  # move: the zones (names) whose entering it replaces; empty: any
    zone: str | None = None  # a card's: the zone its card must be in; None: anywhere


def _applicable(s, events: tuple, x, source, env, into) -> list:
    """(replacement, its variables, its label) of each replacement that applies to `x` now,
    the pack's first, then those of cards in the order they were dealt. A label is the
    parts of a log line (say_of): a card's is its name and the card ("Ward of ", amulet)."""
    done = env.get("@replaced", ())
    found = []
    for i, rep in enumerate(s.t.pack.replacements):
        if not (rep.events.intersection(events)) or (i, x) in done or (rep.into and into not in rep.into):
            continue
        renv = {"it": x, "source": source, "you": env.get("you"), "@replaced": done + ((i, x),)}
        if rep.test(s, renv):
            found.append((rep, renv, (rep.name,)))
    for c, rep in s.t.replacing:
        if not (rep.events.intersection(events)) or ((c, rep.name), x) in done or (rep.into and into not in rep.into):
            continue
        if rep.zone is not None and (s.zone_of[c] < 0 or s.t.zone_meta[s.zone_of[c]][0].name != rep.zone):
            continue
        renv = {"it": x, "source": source, "this": c, "you": s.t.players[s.controller[c]],
                "@replaced": done + (((c, rep.name), x),)}
        if rep.test(s, renv):
            found.append((rep, renv, (f"{rep.name} of ", c)))
    return found


def carry_out(s, env, event: str, items, source, act, key: str, into=None, events: tuple = ()) -> None:
    """Do `act(x)` for each item unless a replacement applies to it. A replacement with
    an effect runs it instead; the statement then picks up the items after it (it runs
    again, with the rest kept under `key` in its variables). `into(x)` names the zone a
    moving card would enter; `events` are the other events the statement is too (a
    discard is a move)."""
    picked = env.pop(key + "#", None)      # the replacement a player chose for the first item
    for i, x in enumerate(items):
        found = _applicable(s, (event, *events), x, source, env, into(x) if into is not None else None)
        if not found:
            act(x)
            continue
        if len(found) > 1 and s.t.pack.replacement_order == "chosen":
            if picked is None:
                _ask(s, env, key, tuple(items[i:]), x, found)
                return
            found = [found[picked]]
        picked = None
        rep, renv, label = found[0]
        if s.t.pack.coverage is not None:       # scenarios noting what they use (packs/coverage.py)
            s.t.pack.coverage.replaced(s, rep, renv)
        what = event if event in rep.events else next(e for e in events if e in rep.events)
        if rep.effect is None:
            say_of(s, "replace", x, f" {_NOT[what]} (", *label, ")")
            continue
        say_of(s, "replace", x, f" {_would(s, what, into, x)} (", *label, ")")
        # What "go ahead" in the effect does: the event itself, as the statement would have done it.
        renv["@ahead"] = (event, x, source, act, into, events)
        rest = tuple(items[i + 1:])
        if rest:
            env[key] = rest
            s.frames[-1].pc -= 1
        s.frames.append(ScriptFrame(rep.effect, renv))
        return


def go_ahead(s, env) -> None:
    """The event a replacement's effect replaces happens after all (`go ahead`), as the
    statement would have done it: to the top or bottom of a zone, the damage it deals, a
    card drawn. The replacements that have not applied to it yet may still apply."""
    ahead = env.get("@ahead")
    if ahead is None:           # it went ahead already
        return
    event, x, source, act, into, events = ahead
    carry_out(s, env, event, (x,), source, act, "@ahead_rest", into, events)
    if s.decision is None:      # else a player chooses which replacement applies first, and this runs again
        env["@ahead"] = None


def _would(s, event: str, into, x) -> str:
    if event == "move":
        return f"would be put into {into(x)}" if into is not None else "would move"
    return _WOULD[event]


def _ask(s, env, key: str, rest: tuple, x, found: list) -> None:
    """616.1: the controller of the card concerned (the player concerned) chooses which
    of the replacements that apply to it applies first; the statement runs again."""
    seat = x.seat if isinstance(x, PlayerRef) else s.controller[x]
    env[key] = rest
    s.frames[-1].pc -= 1

    def resume(s2, k):
        s2.frames[-1].env[key + "#"] = k
    who = s.t.players[seat].name
    # The cards named as the player sees them: a replacement of a card in another's hand is "Ward of a card".
    labels = ["".join([p if type(p) is str else card_for(s, p, seat) for p in label]) for _, _, label in found]
    what = x.name if isinstance(x, PlayerRef) else card_for(s, x, seat)
    s.decision = Decision(seat, f"{who}: choose what applies to {what} first",
                          tuple(Option(label, k) for k, label in enumerate(labels)), resume, "replacement")


def targetable(selector, restricted: tuple):
    """A target selector that leaves out what the pack's target replacements protect
    from the card whose ability chooses."""
    def pick(s, env):
        found = selector(s, env)
        source = env.get("this")
        kept = []
        for x in found:
            renv = {"it": x, "source": source, "you": env.get("you")}
            for rep in restricted:
                if rep.test(s, renv):
                    if s.t.pack.coverage is not None:   # scenarios noting what they use (packs/coverage.py)
                        s.t.pack.coverage.replaced(s, rep, renv)
                    break
            else:
                kept.append(x)
        return tuple(kept)
    return pick
