"""Triggered abilities at run time: each event fires the abilities that watch for it.

A card fires from its ability's zone. Cards that leave a zone together (one statement,
or one run of the checks: a batch) still see each other leave: a creature that dies with
another sees it die. A triggered ability's `when` and `if` are checked as its event
happens (its `if` again as it resolves), with "that ..." reading the event.
"""
from __future__ import annotations

from . import lastknown
from .activation import ActivationFrame
from .decisions import Decision, Option
from .events import CHECKED, that
from .knowledge import card_for
from .script import step_on
from .state import State

__all__ = ["CHECKED", "fire_triggers"]


def fire_triggers(s: State) -> bool:
    """Each event since the last checkpoint fires the triggered abilities that watch
    for it; the first fired are the first to run (or the lowest on the pile)."""
    events, s.events = s.events, []
    fired = []
    zone_of = s.zone_of
    on = s.t.triggers_on
    batches = None
    for ev in events:
        watching = on.get(ev.kind)
        if not watching:
            continue
        # Looking back: a card that left in the same batch as a move is still where it was.
        back = _NONE
        if ev.kind == "move":
            if batches is None:
                batches = _left(events)
            back = batches[ev.batch]
        if len(watching) > _FEW:
            watching = _there(s, watching, s.t.trigger_places[ev.kind], back)
        for c, ab, zones in watching:
            if zone_of[c] in zones or (c in back and back[c] in zones):
                env = _fires(s, c, ab, ab.trigger, ev)
                if env is not None:
                    fired.append((c, ab, env))
    if fired:
        step_on(s, len(fired))
        _run(s, fired)
    return bool(fired)


_NONE: dict = {}
_FEW = 16       # entries an event looks at one by one, wherever their cards are


def _there(s: State, watching: tuple, places: tuple, back: dict):
    """The entries of `watching` whose cards are where they fire (or were, `back`), in
    their order: found from the cards in those zones where they are fewer than the entries
    (most cards with triggered abilities wait in decks and hands)."""
    where, mine = places
    zones = s.zones
    held = len(back)
    for z in where:
        held += len(zones[z])
    if held >= len(watching):
        return watching
    picked = []
    for z in where:
        for c in zones[z]:
            found = mine.get(c)
            if found is not None:
                picked.extend(found)
    if back:        # a card that left may be back among them: once each
        for c in back:
            found = mine.get(c)
            if found is not None:
                picked.extend(found)
        picked = list(set(picked))
    picked.sort()
    return [watching[i] for i in picked]


def _left(events) -> dict:
    """batch -> {card: the zone it left}, for the first move of each card in its batch."""
    batches = {}
    for ev in events:
        if ev.kind == "move":
            gone = batches.setdefault(ev.batch, {})
            if ev.src >= 0 and ev.card not in gone:
                gone[ev.card] = ev.src
    return batches


def _fires(s: State, c: int, ab, tr, ev) -> dict | None:
    """The variables the ability fires with, or None when this event does not fire it."""
    if s.face_down[c]:
        return None
    seat = s.controller[c]
    if ev.kind == "move" and ev.card == c and ev.before >= 0 and tr.event in ("leave", "die"):
        seat = ev.before        # it looks back: its controller as it left, whoever controls it now
    you = s.t.players[seat]
    if ev.kind == "checked":
        if tr.event != "state" or any(e.card == c and e.ability is ab for e in s.pile):
            return None
        env = {"this": c, "you": you}
        return env if tr.matches(s, env) and _holds(s, ab, env) else None
    if not _matches(s, c, tr, ev, you):
        return None
    env = {"this": c, "you": you, "@event": that(s, tr.event, ev)}
    return env if _holds(s, ab, env) else None


def _matches(s: State, c: int, tr, ev, you) -> bool:
    kind = ev.kind
    form = tr.event
    if kind in ("begin", "end"):
        return form == kind and tr.zone == ev.word and (tr.whose == "each" or s.controller[c] == ev.player)
    env = {"this": c, "you": you}
    if kind == "mark":
        return form == "mark" and tr.zone == ev.word and tr.matches(s, env, ev.card)
    if kind == "damage":
        if form == "damaged":
            return ev.card is not None and tr.matches(s, env, ev.card)
        if form != "deals" or type(ev.source) is not int or (tr.kind is not None and ev.word != tr.kind):
            return False
        if tr.to is not None and not tr.to(s, env, ev.card if ev.card is not None else s.t.players[ev.player]):
            return False
        return tr.matches(s, env, ev.source)
    meta = s.t.zone_meta
    if form == "enter":
        if meta[ev.dest][0].name != tr.zone:
            return False
        if tr.origin is not None and (ev.src < 0 or meta[ev.src][0].name != tr.origin):
            return False
        return tr.matches(s, env, ev.card)
    if ev.src < 0:
        return False
    if form == "leave":
        if meta[ev.src][0].name != tr.zone:
            return False
    elif form == "die":
        if meta[ev.src][0].role != "play" or meta[ev.dest][0].role != "discard":
            return False
    else:
        return False
    # The card is looked at as it was (603.10a): in the game as it was before it left, where
    # that is kept (it had something to lose: engine/lastknown.py), else with its controller then.
    if s.lki:
        past = lastknown.then(s, ev.card, s.moves[ev.card] - 1)
        if past is not None:
            return tr.matches(past, env, ev.card, ev.before)
    return tr.matches(s, env, ev.card, ev.before)


def _holds(s: State, ab, env: dict) -> bool:
    """The ability's `when` (checked only as it fires) and `if` (checked again as it resolves)."""
    if ab.when is not None and not ab.when(s, env):
        return False
    return ab.check is None or bool(ab.check(s, env))


def _run(s: State, fired: list) -> None:
    """Abilities that happen at once run first, first fired first. With the pile's
    triggers in APNAP order, those that go on the pile go there by controller, the active
    player's first (so they resolve last), each player choosing the order of their own;
    otherwise in the order fired."""
    # Each is its controller's as it fired ("you"): a card that left play is looked back at.
    if s.t.pack.pile_triggers != "apnap":
        for c, ab, env in reversed(fired):
            s.frames.append(ActivationFrame(c, ab, env["you"].seat, env=env))
        return
    now = [f for f in fired if not f[1].pile]
    later = [f for f in fired if f[1].pile]
    if later:
        groups = []
        seat = s.active
        for _ in range(len(s.out)):
            mine = tuple(f for f in later if f[2]["you"].seat == seat)
            if mine:
                groups.append((seat, mine))
            seat = (seat + 1) % len(s.out)
        s.frames.append(OrderFrame(tuple(groups)))
    for c, ab, env in reversed(now):
        s.frames.append(ActivationFrame(c, ab, env["you"].seat, env=env))


class OrderFrame:
    """Triggered abilities going on the pile together, by controller in turn order from
    the active player; a player with several chooses which goes next (the first lowest)."""
    __slots__ = ("groups",)

    def __init__(self, groups: tuple):
        self.groups = groups          # ((seat, ((card, ability, env), ...)), ...)

    def copy(self, envs):
        return OrderFrame(self.groups)

    def step(self, s: State) -> None:
        if not self.groups:
            s.frames.pop()
            return
        seat, mine = self.groups[0]
        if len(mine) == 1:
            self._next(s, 0)
            return
        labels = distinct([f"{ab.name} of {card_for(s, c, seat)}" for c, ab, _ in mine])
        options = tuple(Option(label, i) for i, label in enumerate(labels))
        name = s.t.players[seat].name
        s.decision = Decision(seat, f"{name}: put a triggered ability on the pile (the first goes lowest)",
                              options, lambda s2, i: s2.frames[-1]._next(s2, i), "order")

    def _next(self, s: State, i: int) -> None:
        seat, mine = self.groups[0]
        c, ab, env = mine[i]
        rest = mine[:i] + mine[i + 1:]
        self.groups = ((seat, rest),) + self.groups[1:] if rest else self.groups[1:]
        s.frames.append(ActivationFrame(c, ab, seat, env=dict(env)))


def distinct(labels: list) -> list:
    """Labels told apart: the second "Drain of Blood Artist" reads "Drain of Blood Artist (2)"."""
    seen = {}
    out = []
    for label in labels:
        seen[label] = seen.get(label, 0) + 1
        out.append(label if seen[label] == 1 else f"{label} ({seen[label]})")
    return out
