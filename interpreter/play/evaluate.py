"""For computer players: how good a position looks to one player, and positions
consistent with what that player knows (determinisation of hidden cards)."""
from __future__ import annotations

import random

from ..engine.state import State


def evaluate(s: State, seat: int) -> float:
    """The pack's evaluation seen from `seat`: the weighted sum of its features.
    Packs without one are judged by life, then cards in hand and in play."""
    if s.result is not None:
        return 1000.0 * s.result[seat]
    env = {"you": s.t.players[seat]}
    features = s.t.pack.evaluation
    if features:
        total = 0.0
        for _, weight, fn in features:
            total += weight * (fn(s, env) or 0)
        return total
    return _default(s, seat)


def _default(s: State, seat: int) -> float:
    pack = s.t.pack
    score = 0.0
    others = [p for p in range(len(s.out)) if p != seat and not s.out[p]]
    life = pack.life_counter
    for role, weight in (("hand", 0.5), ("play", 1.0)):
        name = pack.roles.get(role)
        if name is None or not pack.zone_by_name[name].per_player:
            continue
        mine = len(s.zones[s.t.zone(name, seat)])
        theirs = sum(len(s.zones[s.t.zone(name, p)]) for p in others) / max(1, len(others))
        score += weight * (mine - theirs)
    if life:
        mine = s.pvars[seat].get(life, 0)
        theirs = sum(s.pvars[p].get(life, 0) for p in others) / max(1, len(others))
        score += mine - theirs
    return score


def determinize(s: State, seat: int, rnd: random.Random) -> State:
    """A copy of the game in which the cards `seat` cannot see are dealt again at
    random among the places they could be, and future chance is reseeded: what a
    search may assume without cheating."""
    c = s.clone()
    # Each owner's hidden cards are dealt again into the places they hold, so a
    # card never lands in a zone where its owner's cards cannot be. A face-down card
    # is hidden too, but in the player's own zones (a shared zone does not tell who put
    # it there); its place stays face down, tapped, damaged, whatever card it gets.
    slots_by_owner: dict = {}
    for z, (zdef, zone_seat) in enumerate(c.t.zone_meta):
        hidden = zdef.visibility == "hidden" or (zdef.visibility == "owner" and zone_seat != seat)
        for i, x in enumerate(c.zones[z]):
            if hidden or (c.face_down[x] and zone_seat != seat):
                slots_by_owner.setdefault(c.t.owner[x], []).append((z, i, x))
    for slots in slots_by_owner.values():
        # Sorted first, so that the deal depends on which cards are hidden, never on
        # where they really are: the copy holds nothing the seat could not know.
        cards = sorted(x for _, _, x in slots)
        rnd.shuffle(cards)
        looks = [(c.face_down[x], c.tapped[x], c.damage[x]) for _, _, x in slots]
        for (z, i, _), x, (down, tapped, damage) in zip(slots, cards, looks):
            c.zones[z][i] = x
            c.zone_of[x] = z
            zone_seat = c.t.zone_meta[z][1]
            c.controller[x] = zone_seat if zone_seat is not None else c.t.owner[x]
            c.face_down[x], c.tapped[x], c.damage[x] = down, tapped, damage
    c.rng = rnd.getrandbits(64)
    return c
