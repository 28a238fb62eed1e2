"""What a player may see of a game: the one place hidden information is decided, for
observations and for the copies a search may think on (determinize)."""
from __future__ import annotations

import random

from .knowledge import in_sight, known_to, sees
from .follow import follow_places
from .labels import option_card
from .running import run
from .state import PlayerRef, State
from .tables import card_seen


def _visible(s: State, zone: int, viewer: int | None) -> bool:
    zdef, seat = s.t.zone_meta[zone]
    if zdef.visibility == "public":
        return True
    if zdef.visibility == "owner":      # its player's, or every partner's in a zone of their team
        return viewer is not None and s.t.holds(zone, viewer)
    return False


def _card_view(s: State, c: int, extras: dict, knows: bool) -> dict:
    if not s.face_down[c]:
        view = {"id": c, "name": s.t.names[c]}
    elif knows:
        view = {"id": c, "name": s.t.names[c], "face_down": True}
    else:
        # Neither name nor id: a card's id would tell which card it is.
        view = {"name": "face-down card"}
    if c in s.t.tokens:
        view["token"] = True
    if s.tapped[c]:
        view["tapped"] = True
    if s.damage[c]:
        view["damage"] = s.damage[c]
    marks, counters = extras.get(c, _NONE)
    if marks:
        view["marks"] = marks
    if counters:
        view["counters"] = counters
    return view


_NONE = ({}, {})


def _extras(s: State, viewer: int | None) -> dict:
    """The marks and counters of each card that has any, gathered in one pass. A mark
    that points at a card names it to those who see which card it is (card_seen), as a
    table value does: "a card" to the others."""
    out = {}
    for (x, m), v in s.marks.items():
        if not m.startswith("@"):
            out.setdefault(x, ({}, {}))[0][m] = card_seen(s, v, viewer) if type(v) is int else v
    for (x, k), n in s.counters.items():
        out.setdefault(x, ({}, {}))[1][k] = n
    return out


def zone_view(s: State, zone: int, viewer: int | None, extras: dict | None = None):
    cards = s.zones[zone]
    if viewer is None or _visible(s, zone, viewer):
        if extras is None:
            extras = _extras(s, viewer)
        # Who put a card face down in their own zone knows it, and so do the partners in
        # their team's and the seats that saw it turned face down (State.known); in a
        # shared zone, the zone does not say who put it there.
        knows = viewer is None or s.t.holds(zone, viewer)
        known = () if knows or s.known is None else s.known
        return [_card_view(s, c, extras, knows or (c in known and viewer in known[c])) for c in cards]
    known = known_to(s, zone, viewer)
    if known:
        if extras is None:
            extras = _extras(s, viewer)
        return {"count": len(cards), "known": [_card_view(s, c, extras, True) for c in known]}
    return {"count": len(cards)}


def observe(s: State, viewer: int | None) -> dict:
    """A plain dict: safe to print, to compare and to give to an agent."""
    players = []
    extras = _extras(s, viewer)
    unseen = {n: d.visibility for n, d in s.t.pack.player_counters.items() if d.visibility != "public"}
    # Counters that hold a player or a card are shown as table values are (_value).
    held = [(n, d.kind) for n, d in s.t.pack.player_counters.items() if d.kind in ("player", "card")]
    alias = s.t.zone_alias        # a zone of each team: every partner's is the team's
    for p, ref in enumerate(s.t.players):
        zones = {}
        for z, (zdef, seat) in enumerate(s.t.zone_meta):
            if seat == p:
                zones[zdef.name] = zone_view(s, z if alias is None else alias[z], viewer, extras)
        # The referee's view (viewer None) holds everything, scratch values included.
        counters = dict(s.pvars[p]) if not unseen or viewer is None else _counters_seen(s.pvars[p], unseen, viewer == p)
        for n, kind in held:
            if n in counters:
                counters[n] = _value(s, counters[n], kind, viewer)
        players.append({"name": ref.name, "out": s.out[p], "counters": counters, "zones": zones})
    shared = {zdef.name: zone_view(s, z, viewer, extras) for z, (zdef, seat) in enumerate(s.t.zone_meta) if seat is None}
    view = {
        "turn": s.turn, "active": s.t.players[s.active].name, "phase": s.phase, "step": s.step,
        "window": s.window, "players": players, "shared": shared,
        "pile": [_entry_view(s, e, viewer) for e in s.pile],
    }
    if s.order is not None and s.order[0] < 0:
        view["direction"] = "reversed"
    if s.units is not None:
        view["rounds"] = {**{d.name: s.units[level][0] for level, d in enumerate(s.t.pack.rounds)},
                          "leader": s.t.players[s.units[-1][1]].name if s.units[-1][1] >= 0 else None}
    if s.table is not None:
        table = s.t.pack.table
        view["table"] = {n: _value(s, v, table[n].kind, viewer) for n, v in s.table.items()
                         if viewer is None or table[n].visibility != "hidden"}
    d = s.decision
    if d is not None:
        view["decision"] = {"player": s.t.players[d.player].name}
        if viewer is None or viewer == d.player:
            view["decision"].update(prompt=d.prompt, options=[o.label for o in d.options])
    if s.result is not None:
        view["result"] = list(s.result)
        if s.t.pack.ranks:
            view["places"] = list(s.places)
    return view


def _entry_view(s: State, e, viewer: int | None) -> dict:
    """An effect on the pile: its card is named unless the viewer neither sees it where it
    is nor knows it (a creature whose ability waits, put back in its owner's hand
    meanwhile), as the log names it (knowledge.say_of): a card revealed to the viewer, or
    face down in their own zone, is named."""
    player = s.t.players[e.seat].name
    card = e.card
    if type(card) is not int:
        name = player
    elif viewer is None or in_sight(s, card) or sees(s, card, viewer):
        name = s.t.names[card]
    else:
        name = "a card"
    return {"card": name, "ability": e.ability.name, "player": player}


def _counters_seen(pv: dict, unseen: dict, own: bool) -> dict:
    """A player's counters but the hidden ones, and those only their player sees."""
    return {n: v for n, v in pv.items() if n not in unseen or (own and unseen[n] == "owner")}


def _value(s: State, v, kind: str, viewer: int | None):
    """A table value or a player counter as an observation holds it: a player by name, a
    card by name where the viewer sees it (tables.card_seen)."""
    if kind == "card" and v is not None:
        return card_seen(s, v, viewer)
    return v.name if isinstance(v, PlayerRef) else v


def describe(s: State, viewer: int | None) -> str:
    """A board a person can read: life, zones, tapped and damaged cards, the pile."""
    o = observe(s, viewer)
    if not o["phase"] and o["turn"] == 1:
        lines = ["Before the first turn"]     # the pack's setup: dealing, discarding
    elif o.get("rounds"):
        units = ", ".join(f"{k} {v}" for k, v in o["rounds"].items() if k != "leader")
        lines = [f"{units[0].upper()}{units[1:]} - {o['active']}'s turn - phase {o['phase'] or '-'}"
                 + (f", step {o['step']}" if o['step'] and o['step'] != o['phase'] else "")
                 + (" - play order reversed" if o.get("direction") else "")]
    else:
        lines = [f"Turn {o['turn']} - {o['active']}'s turn - phase {o['phase'] or '-'}"
                 + (f", step {o['step']}" if o['step'] and o['step'] != o['phase'] else "")
                 + (" - play order reversed" if o.get("direction") else "")]
    for p in o["players"]:
        counters = ", ".join(f"{k} {'none' if v is None else v}" for k, v in p["counters"].items())
        lines.append(f"{p['name']}{' (out)' if p['out'] else ''}: {counters}")
        for zname, cards in p["zones"].items():
            lines.append(f"  {zname}: {cards_text(cards)}")
    for zname, cards in o["shared"].items():
        lines.append(f"{zname}: {cards_text(cards)}")
    if o.get("table"):
        lines.append("table: " + ", ".join(f"{k} {'none' if v is None else v}" for k, v in o["table"].items()))
    return "\n".join(lines)


def cards_text(cards) -> str:
    if isinstance(cards, dict):
        n = cards["count"]
        known = cards.get("known")
        return f"{n} card{'s' if n != 1 else ''}" + (f" (known: {', '.join(c['name'] for c in known)})" if known else "")
    if not cards:
        return "-"
    parts = []
    for c in cards:
        extra = []
        if c.get("tapped"):
            extra.append("tapped")
        if c.get("damage"):
            extra.append(f"{c['damage']} damage")
        for m, v in (c.get("marks") or {}).items():
            extra.append(m if v is True else f"{m} {v}")
        for k, n in (c.get("counters") or {}).items():
            extra.append(f"{n} {k}")
        parts.append(c["name"] + (f" ({', '.join(extra)})" if extra else ""))
    return ", ".join(parts)


def determinize(s: State, seat: int, rnd: random.Random) -> State:
    """A copy of the game in which the cards `seat` cannot see are dealt again at
    random among the places they could be, and future chance is reseeded: what a
    search may assume without cheating. The copy keeps no log (State.clone)."""
    c = s.clone(log=False)
    # Each owner's hidden cards are dealt again into the places they hold, so a
    # card never lands in a zone where its owner's cards cannot be. A face-down card
    # is hidden too, but in the player's own zones (a shared zone does not tell who put
    # it there); its place stays face down, tapped, damaged, whatever card it gets.
    slots_by_owner: dict = {}
    d = c.decision
    # The cards its own decision offers it by name (a search of its deck) it sees there.
    shown = {option_card(c, d, o) for o in d.options} if d is not None and d.player == seat else ()
    if shown != () and d.kind == "choice":      # and the cards of the sets it offers (choose a set)
        shown.update(x for o in d.options if type(o.value) is tuple for x in o.value)
    for z, cards in enumerate(c.zones):
        hidden = not _visible(c, z, seat)
        own = c.t.holds(z, seat)        # its face-down cards are the seat's (or its team's)
        for i, x in enumerate(cards):
            if (c.known is not None and seat in c.known.get(x, ())) or x in shown:
                continue        # a card it was shown stays where it is
            if hidden or (c.face_down[x] and not own):
                slots_by_owner.setdefault(c.owner[x], []).append((z, i, x))
    dealt = {}      # a card dealt again -> the card the copy deals in its place
    for slots in slots_by_owner.values():
        # Sorted first, so that the deal depends on which cards are hidden, never on
        # where they really are: the copy holds nothing the seat could not know.
        cards = sorted(x for _, _, x in slots)
        rnd.shuffle(cards)
        looks = [(c.face_down[x], c.tapped[x], c.damage[x]) for _, _, x in slots]
        for (z, i, was), x, (down, tapped, damage) in zip(slots, cards, looks):
            if x != was:
                dealt[was] = x
            c.zones[z][i] = x
            c.zone_of[x] = z
            zone_seat = c.t.zone_meta[z][1]
            c.controller[x] = zone_seat if zone_seat is not None else c.owner[x]
            c.face_down[x], c.tapped[x], c.damage[x] = down, tapped, damage
    if dealt:
        follow_places(c, dealt)
    c.rng = rnd.getrandbits(64)
    if d is not None and c.decision is None:
        run(c)          # a decision asked again of the cards dealt (follow._decision)
    return c
