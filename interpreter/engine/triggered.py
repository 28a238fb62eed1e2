"""Triggered abilities at run time: each event fires the abilities that watch for it."""
from __future__ import annotations

from .activation import ActivationFrame
from .script import step_on
from .state import State

CHECKED = ("checked",)    # the event of the rules being checked: state triggers look then


def fire_triggers(s: State) -> bool:
    """Each event since the last checkpoint fires the triggered abilities that watch
    for it; the first fired are the first to run (or the lowest on the pile)."""
    events, s.events = s.events, []
    fired = []
    zone_of = s.zone_of
    on = s.t.triggers_on
    for event in events:
        moved = event[1] if event[0] == "move" else None
        for c, ab, zones in on.get(event[0], ()):
            # A card fires from its ability's zone; one that leaves also sees itself leave.
            if (zone_of[c] in zones or c == moved) and _fires(s, c, ab, ab.trigger, event):
                fired.append((c, ab))
    if fired:
        step_on(s, len(fired))
    for c, ab in reversed(fired):
        s.frames.append(ActivationFrame(c, ab, s.controller[c]))
    return bool(fired)


def _fires(s: State, c: int, ab, tr, event) -> bool:
    if s.face_down[c]:
        return False
    here = s.t.zone_meta[s.zone_of[c]][0].name if s.zone_of[c] >= 0 else None
    if event is CHECKED:
        if tr.event != "state" or here != ab.zone or any(p[0] == c and p[1] is ab for p in s.pile):
            return False
        return bool(tr.matches(s, {"this": c, "you": s.t.players[s.controller[c]]}))
    if event[0] == "begin":
        if tr.event != "begin" or tr.zone != event[1] or here != ab.zone:
            return False
        return tr.whose == "each" or s.controller[c] == s.active
    if event[0] == "mark":
        if tr.event != "mark" or tr.zone != event[2] or here != ab.zone:
            return False
        return tr.matches(s, {"this": c, "you": s.t.players[s.controller[c]]}, event[1])
    _, moved, src, dest = event
    if tr.event == "enter":
        if s.t.zone_meta[dest][0].name != tr.zone or here != ab.zone:
            return False
    elif tr.event == "leave":
        src_name = s.t.zone_meta[src][0].name if src >= 0 else None
        if src_name != tr.zone:
            return False
        # A card that leaves still sees itself leave, as it was before it left.
        if here != ab.zone and not (moved == c and src_name == ab.zone):
            return False
    else:
        return False
    env = {"this": c, "you": s.t.players[s.controller[c]]}
    return tr.matches(s, env, moved)
