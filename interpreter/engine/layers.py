"""Continuous effects in layers: what static abilities and lasting effects make of a
card's controller, card types, keywords and number properties, applied layer by layer
and, within a layer, in timestamp order.

A pack is layered when it has a static ability, a property counted from counters, or a
lasting effect that sets or switches a property, changes a card type, removes a
keyword or changes control for a duration. Its states keep a view: the result of every
continuous effect, made when something reads a card after a change, and dropped by
any change (`stale`). Other packs never make one: `State.prop`, the keyword and type
tests read the cards as they are, plus today's modifications.

Layers (in the order they apply): control (2), card types (4), keywords (6), then the
number properties: set (7b), modified, with counters that count for them (7c),
switched (7d). A static ability's timestamp is when its card took its place; a lasting
effect's is when it was made. The cards a static ability affects are found when it
first applies, with the layers before applied. Dependencies between effects are not
looked at: timestamps alone order them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:       # state.py reads cards through this module
    from .state import State

CONTROL, TYPES, KEYWORDS, NUMBERS = 2, 4, 6, 7
LAYERS = (CONTROL, TYPES, KEYWORDS, NUMBERS)
# The kinds of lasting effects (State.mods) that apply in a layer; "mark" is one only
# when it gives a keyword.
MOD_LAYERS = {"control": CONTROL, "type": TYPES, "unkw": KEYWORDS, "mark": KEYWORDS,
              "set": NUMBERS, "switch": NUMBERS}


class Continuous:
    """One statement of a static ability's effect: the layer it applies in, and
    apply(state, env, card, view) with `it` the affected card in env. (Not a tuple: the
    compiler flattens tuples of operations.)"""
    __slots__ = ("layer", "apply", "text")

    def __init__(self, layer: int, apply: Callable, text: str = ""):
        self.layer = layer
        self.apply = apply
        self.text = text


class View:
    """What the continuous effects make of the cards, for one state until it changes."""
    __slots__ = ("bits", "kws", "numbers", "props", "done")

    def __init__(self, bits):
        self.bits = bits        # per card its type bits (a list), or None: nothing changes a card type
        self.kws = {}           # card -> its keywords, for the cards a keyword effect touched
        self.numbers = {}       # card -> [(sublayer, property, value or other property)] in timestamp order
        self.props = {}         # (card, property) -> its value, as read
        self.done = False       # False while the view is made: reads see the layers made so far

    # What statements of static abilities do to the view (see lang/vocabulary/continuous.py).
    def keywords_of(self, s: State, c: int) -> set:
        kws = self.kws.get(c)
        if kws is None:
            kws = self.kws[c] = set(_own_keywords(s, c))
        return kws

    def number(self, c: int, sub: str, prop: str, value) -> None:
        self.numbers.setdefault(c, []).append((sub, prop, value))


def stale(s: State) -> None:
    """Something changed: the view is made again when a card is next read."""
    s.view = None
    if s.t.retyping:
        s.typebits = None


def view(s: State) -> View:
    v = s.view
    return v if v is not None else build(s)


def controllers(s: State) -> list:
    """Who controls each card, as the effects say now: in a pack where effects change
    control, a stale view is made again first (a control effect that ended gives the
    card back at once, as the view made again by a property's reading would)."""
    if s.view is None and s.t.controlling:
        build(s)
    return s.controller


def typebits(s: State):
    """The type bits of every card, with the type-changing effects applied."""
    bits = s.typebits
    if bits is None:
        build(s)
        bits = s.typebits
    return bits


def build(s: State) -> View:
    t = s.t
    v = View(list(t.typebits) if t.retyping else None)
    s.view = v
    if v.bits is not None:
        s.typebits = v.bits
    held = None
    if s.ctl:
        # Control given by effects is worked out again from the cards' own controllers.
        held = {c: s.controller[c] for c in s.ctl}
        for c, seat in s.ctl.items():
            s.controller[c] = seat
        s.ctl = {}
    effects = first = _effects(s)
    affected = {}
    for layer in LAYERS:
        for ts, kind, item in effects:
            if kind == "mod":
                if MOD_LAYERS[item[0]] == layer:
                    _apply_mod(s, v, item)
                continue
            c, ab, env = item
            ops = ab.layers.get(layer)
            if not ops:
                continue
            cards = affected.get(id(item))
            if cards is None:
                cards = affected[id(item)] = [x for x in ab.static(s, env) if type(x) is int]
            for x in cards:
                env["it"] = x
                for op in ops:
                    op.apply(s, env, x, v)
        if layer == CONTROL and s.ctl:
            # Control changed: the static abilities of the later layers are their cards' new
            # controllers' ("you"), and hold or not as those see it (613.1: Kird Ape taken by
            # Control Magic counts its new controller's Forests).
            effects = _effects(s)
    if held or s.ctl:
        _control_changes(s, held or {})
    if t.pack.coverage is not None:     # scenarios noting what they use (packs/coverage.py)
        t.pack.coverage.applied(s, affected, first, effects)
    v.done = True
    return v


def _control_changes(s: State, held: dict) -> None:
    """The cards whose controller the effects changed since the view was last made: the
    turn they did is kept ("X changed control this turn")."""
    for c in held.keys() | s.ctl.keys():
        before = held[c] if c in held else s.ctl[c]
        if s.controller[c] != before:
            s.control_turn[c] = s.turn


def _effects(s: State) -> list:
    """The static abilities that apply now and the lasting effects of a layer, as
    (timestamp, "static" or "mod", what) in timestamp order."""
    t = s.t
    found = []
    zone_of = s.zone_of
    for c, where in t.static_cards:
        if zone_of[c] not in where or s.face_down[c]:
            continue        # in no zone where one of its static abilities applies (a library)
        here = t.zone_meta[zone_of[c]][0].name
        for ab in t.cards[c].statics:
            if ab.zone != here:
                continue
            env = {"this": c, "you": t.players[s.controller[c]]}
            if ab.when is not None and not ab.when(s, env):
                continue
            found.append((s.stamps[c], "static", (c, ab, env)))
    for m in s.mods:
        kind = m[0]
        if kind in MOD_LAYERS and len(m) > 5 and (kind != "mark" or m[3][0] == "@"):
            found.append((m[5], "mod", m))
    found.sort(key=lambda e: e[0])
    return found


def _apply_mod(s: State, v: View, m) -> None:
    kind, c = m[0], m[2]
    if kind == "control":
        give_control(s, c, m[4])
    elif kind == "type":
        only_type(v, c, m[3]) if m[4] else add_type(v, c, m[3])
    elif kind == "unkw":
        kws = v.keywords_of(s, c)
        kws.discard(m[3]) if m[3] is not None else kws.clear()
    elif kind == "mark":
        v.keywords_of(s, c).add(m[3][1:])
    else:
        v.number(c, "set" if kind == "set" else "switch", m[3], m[4])


def give_control(s: State, c: int, seat: int) -> None:
    if s.controller[c] != seat:
        s.ctl.setdefault(c, s.controller[c])
        s.controller[c] = seat


def add_type(v: View, c: int, bit: int) -> None:
    v.bits[c] |= bit


def only_type(v: View, c: int, bit: int) -> None:
    v.bits[c] = bit


def _own_keywords(s: State, c: int):
    """A card's keywords before any keyword effect: printed, and given by marks that no
    lasting effect times (set in a position)."""
    own = set(s.t.cards[c].keywords)
    if s.marks:
        timed = {m[3] for m in s.mods if m[0] == "mark" and m[2] == c}
        own.update(k[1][1:] for k in s.marks if k[0] == c and k[1][0] == "@" and k[1] not in timed)
    return own


# ------------------------------------------------------------------ reading
def card_has_keyword(s: State, c: int, word: str) -> bool:
    """Whether a card has a keyword: printed or given by a mark, and in a layered pack
    as the keyword effects make it; a face-down card has none."""
    if s.face_down[c]:
        return False
    if s.t.layered:
        return has_keyword(s, c, word)
    return word in s.t.cards[c].keywords or (c, "@" + word) in s.marks


def has_keyword(s: State, c: int, word: str) -> bool:
    v = s.view          # view(s), without its call: read for every keyword test
    kws = (v if v is not None else build(s)).kws.get(c)
    if kws is not None:
        return word in kws
    return word in s.t.cards[c].keywords or (c, "@" + word) in s.marks


def prop(s: State, c: int, name: str):
    v = s.view
    if v is None:
        v = build(s)
    if not v.done:
        return _plain(s, c, name)
    key = (c, name)
    value = v.props.get(key)
    if value is None:
        ops = v.numbers.get(c)
        value = v.props[key] = _value(s, c, name, ops) if ops else _plain(s, c, name)
    return value


def _plain(s: State, c: int, name: str):
    """_modified(_base(...)) in one call, for a card no effect sets or switches: the
    usual case, read many times over."""
    pack = s.t.pack
    derived = pack.derived.get(name) if pack.derived else None
    if derived is not None:
        value = derived(s, c)
    else:
        value = s.t.cards[c].props.get(name)
        if value is None:
            value = pack.properties.get(name, 0)
    delta = s.moddelta.get((c, name))
    if delta:
        value = value + delta
    counted = pack.counted.get(name)
    if counted and s.counters:
        for counter, weight in counted:
            n = s.counters.get((c, counter))
            if n:
                value = value + n * weight
    return value


def _base(s: State, c: int, name: str):
    """Layer 7a: the printed value, or the value computed from others."""
    pack = s.t.pack
    derived = pack.derived.get(name) if pack.derived else None
    if derived is not None:
        return derived(s, c)
    base = s.t.cards[c].props.get(name)
    return pack.properties.get(name, 0) if base is None else base


def _modified(s: State, c: int, name: str, value, ops=None):
    """Layer 7c: lasting changes, changes of static abilities and counters that count."""
    delta = s.moddelta.get((c, name))
    if delta:
        value = value + delta
    counted = s.t.pack.counted.get(name)
    if counted and s.counters:
        for counter, weight in counted:
            n = s.counters.get((c, counter))
            if n:
                value = value + n * weight
    if ops:
        for sub, prop_name, amount in ops:
            if sub == "mod" and prop_name == name:
                value = value + amount
    return value


def _value(s: State, c: int, name: str, ops):
    if not ops:
        return _plain(s, c, name)
    switched = [op for op in ops if op[0] == "switch"]
    if not any(name in (op[1], op[2]) for op in switched):
        return _set_then_modified(s, c, name, ops)
    # Layer 7d: the values after 7c of every property a switch touches, swapped in turn.
    values = {}
    for _, a, b in switched:
        for p in (a, b):
            if p not in values:
                values[p] = _set_then_modified(s, c, p, ops)
    for _, a, b in switched:
        values[a], values[b] = values[b], values[a]
    return values[name]


def _set_then_modified(s: State, c: int, name: str, ops):
    value = None
    for sub, prop_name, amount in ops:
        if sub == "set" and prop_name == name:
            value = amount          # layer 7b: the latest wins
    if value is None:
        value = _base(s, c, name)
    return _modified(s, c, name, value, ops)
