"""A search's copy of the game (observe.determinize): what points at a card dealt again
points at the card dealt in its place. Were it to keep the card it held, a search could
read which card is really there: a table value, a player counter, a mark, a card's
counters; the variables of the scripts waiting for a decision and of the effects on the
pile; lasting effects; damage not yet dealt and events; the game kept for a card that
left play (lastknown.py).

`dealt` maps each card dealt again to the card the copy deals in its place: the hidden
cards of each owner in another order. A card the seat sees is not in it, and nothing
pointing at one moves. A variable is followed by the kind its script gives it (Script.kinds):
a card's id is a number, and a number is not followed. A reference to the object a card
was, (card, move count), keeps what it says of the card dealt there: the same object, or
one that has moved since (its count shifted by the two cards' counts).
"""
from __future__ import annotations

from .activation import ActivationFrame, UsedFrame
from .decisions import option, set_option
from .knowledge import labels_for, named_for
from .labels import option_card, said_of
from .layers import stale
from .pile import Entry
from .script import Script, ScriptFrame
from .triggered import OrderFrame
from .state import State

CARD = frozenset({"card", "object"})
CARDS = frozenset({"cards", "objects", "pair"})
FOLLOWED = CARD | CARDS | {"effect", "effects", "mapping"}
SAVED = "@script"           # a named script's saving of its caller's values (lang/vocabulary/scripts.py)


def follow_places(c: State, dealt: dict) -> None:
    """Each thing of copy `c` that holds a card of `dealt` made to hold the card dealt in its
    place (the copy's places are dealt already)."""
    f = _Follow(dealt, c.moves)
    card = f.card
    was = c.marks
    if c.table is not None:
        for name, d in c.t.pack.table.items():
            if d.kind == "card" and c.table[name] in dealt:
                c.table[name] = dealt[c.table[name]]
    for name, d in c.t.pack.player_counters.items():
        if d.kind == "card":        # a player counter that holds a card (of: card)
            for pv in c.pvars:
                if pv.get(name) in dealt:
                    pv[name] = dealt[pv[name]]
    if c.marks:
        c.marks = {(dealt.get(x, x), m): card(v) for (x, m), v in was.items()}
    if c.mods and any(m[2] in dealt or type(m[4]) is int and m[4] in dealt for m in c.mods):
        c.mods = [_mark_followed(m, was, c.marks, f) if m[0] == "mark" else _mod_followed(m, f) for m in c.mods]
    if c.moddelta and any(x in dealt for x, _ in c.moddelta):
        c.moddelta = {(dealt.get(x, x), p): n for (x, p), n in c.moddelta.items()}
    if c.counters:
        c.counters = {(dealt.get(x, x), k): n for (x, k), n in c.counters.items()}
    if c.keyed and any(x in dealt for _, _, x in c.keyed):
        c.keyed = {(k, seat, dealt.get(x, x)): n for (k, seat, x), n in c.keyed.items()}
    if c.control_turn and not dealt.keys().isdisjoint(c.control_turn):
        c.control_turn = {dealt.get(x, x): turn for x, turn in c.control_turn.items()}
    if c.ctl and not dealt.keys().isdisjoint(c.ctl):
        c.ctl = {dealt.get(x, x): seat for x, seat in c.ctl.items()}
    if c.pending and any(card(t) is not t or card(src) is not src for t, _, src, _, _ in c.pending):
        # (target, amount, source, the target's move count, kind)
        c.pending = [(card(t), n, card(src), f.count(t, moves), kind) for t, n, src, moves, kind in c.pending]
    if c.events and any(card(e.card) is not e.card or card(e.source) is not e.source for e in c.events):
        c.events = [e._replace(card=card(e.card), source=card(e.source)) for e in c.events]
    if c.pile:
        c.pile = [f.entry(e) for e in c.pile]
    if c.frames:
        _frames(c, f)
    if c.lki and not dealt.keys().isdisjoint(c.lki):
        lki = {}
        for x, kept in c.lki.items():
            if x in dealt:      # a kept game is read for its own card alone: made again for one dealt again
                moves, past, *rest = kept
                kept = (f.count(x, moves), _past(past, dealt), *rest)
            lki[dealt.get(x, x)] = kept
        c.lki = lki
    if c.decision is not None:
        _decision(c, f)
    if c.t.layered:
        stale(c)


def _decision(c: State, f: "_Follow") -> None:
    """The decision open, whose options name cards dealt again (another seat's: the cards
    a decision offers its own seat stay in their places, observe.determinize). A card
    picked, paid with or targeted is the card dealt in its place, by its name; a window's
    plays and an ordering of triggered abilities depend on which cards they are: the copy
    asks them again (the decision None). An option keeps the words its label gives its
    card ("Discard: Bear" says "Discard: Wolf" of a Wolf dealt in the Bear's place)."""
    d = c.decision
    if d.kind == "order":           # its abilities' cards are followed in its frame (_frames)
        c.decision = None
        return
    if hasattr(d.resume, "asks_again"):     # a division, whose question names its cards
        c.frames[-1].pc -= 1        # its statement runs again (its variables are followed)
        c.decision = None
        return
    dealt = f.dealt
    if d.kind == "choice" and any(type(o.value) is tuple for o in d.options):
        _sets(c, d, dealt)
        return
    named = [option_card(c, d, o) for o in d.options]
    effects = any(type(o.value) is Entry for o in d.options)
    if not effects and not any(x in dealt for x in named):
        return
    if d.kind == "priority":
        c.decision = None
        return
    c.decision = d._replace(options=tuple([_option(c, d.player, o, x, f) for o, x in zip(d.options, named)]))


def _option(c: State, seat: int, o, x, f: "_Follow"):
    """An option of a decision open in the copy: the card it names (`x`) the card dealt in
    its place, by its name in the words of its label; an effect on the pile the effect
    followed, named as `seat` sees its card in the copy."""
    if type(o.value) is Entry:
        e = f.entry(o.value)
        return o if e is o.value else option((named_for(c, e, seat), e))
    y = f.dealt.get(x)
    if y is None:
        return o
    names = c.t.names       # a label that does not name the card ("a card": unseen) stays as it is
    return option((said_of(o.label, names[x], names[y]) if names[x] in o.label else o.label, y))


def _sets(c: State, d, dealt: dict) -> None:
    """A choice of a set of cards (choose a set): each set is of the cards dealt in its
    cards' places, named by them, as a card picked is."""
    options = []
    for o in d.options:
        cards = o.value
        if type(cards) is tuple and any(x in dealt for x in cards):
            cards = tuple([dealt.get(x, x) for x in cards])
            o = set_option(labels_for(c, cards, d.player), cards)
        options.append(o)
    c.decision = d._replace(options=tuple(options))


def _past(past: State, dealt: dict) -> State:
    """A game kept as it was before a card left play, dealt as the copy it belongs to: what
    each card was in its place then given to the card dealt in its place."""
    p = past.clone(False, False)
    for z, cards in enumerate(p.zones):
        if any(x in dealt for x in cards):
            p.zones[z] = [dealt.get(x, x) for x in cards]
    for name in ("zone_of", "controller", "tapped", "damage", "face_down"):
        was = getattr(p, name)
        now = list(was)
        for x, y in dealt.items():
            now[y] = was[x]
        setattr(p, name, now)
    p.lki = {}
    follow_places(p, dealt)
    return p


def _mark_followed(m: tuple, was: dict, marks: dict, f: "_Follow") -> tuple:
    """A mark's lasting effect, its card and value followed: its end takes the mark off
    only while the mark holds the very value it gave (primitives._drop_mods)."""
    card = f.card(m[2])
    value = marks[card, m[3]] if (m[2], m[3]) in was and was[m[2], m[3]] is m[4] else f.card(m[4])
    return (m[0], m[1], card, m[3], value, *m[5:])


def _mod_followed(m: tuple, f: "_Follow") -> tuple:
    """A lasting effect (State.mods) on its card; a redirection's card the damage goes to."""
    card, value = f.card(m[2]), f.card(m[4]) if m[0] == "redirect" else m[4]
    return m if card is m[2] and value is m[4] else (m[0], m[1], card, m[3], value, *m[5:])


def _frames(c: State, f: "_Follow") -> None:
    """The variables of the frames waiting, each set once (frames share their script's
    variables), each name by the kinds the scripts using them give it."""
    envs = {}       # id(env) -> [env, its names' kinds]
    loops = []
    for frame in c.frames:
        kind = type(frame)
        if kind is ScriptFrame:
            names = _names(frame.ops)
            if frame.loop is not None and frame.loop[0][0] not in "?@":
                loops.append(frame)
        elif kind is ActivationFrame or kind is UsedFrame:      # an ability being used
            names = _ability_names(frame.ability)
            frame.card = f.card(frame.card)
        else:
            if kind is OrderFrame:          # triggered abilities going on the pile together
                frame.groups = tuple((seat, tuple((f.card(x), ab, f.env(e, _ability_names(ab))) for x, ab, e in mine))
                                     for seat, mine in frame.groups)
            continue
        env = frame.env
        got = envs.get(id(env))
        if got is None:
            envs[id(env)] = [env, names]
        elif got[1] is not names and got[1] != names:      # a named script's, and its caller's
            got[1] = _merged([got[1], names])
    value = f.value
    for env, known in envs.values():
        for name in known.visit:
            v = env.get(name)
            if v is not None:
                env[name] = value(name, v, known)
    for frame in loops:
        if envs[id(frame.env)][1].get(frame.loop[0]) in CARD:
            frame.loop[1] = f.each(frame.loop[1])           # the items a `for each` goes through


class _Names(dict):
    """Each name a script gives a value -> its kind ("card", "number"...); `visit`: the
    variables that may hold a card, the only ones looked at."""
    __slots__ = ("visit",)

    def __init__(self, kinds: dict):
        super().__init__(kinds)
        held = [name for name, kind in self.items() if kind in FOLLOWED]
        self.visit = ("this", "@event", SAVED, *held, *("@" + name for name in held))


_NO_NAMES = _Names({})


def _names(script) -> _Names:
    """A script's names, worked out once (a cost's operations, a tuple, give none)."""
    if not isinstance(script, Script) or script.kinds is None:
        return _NO_NAMES
    names = script.__dict__.get("follow_names")
    if names is None:
        names = script.follow_names = _Names({name: t.kind for name, t in script.kinds.items()})
    return names


def _merged(each: list) -> _Names:
    """The kinds of the scripts that share variables (a named script and its caller's): a
    name two of them give different kinds is followed by neither."""
    known = {}
    for names in each:
        for name, kind in names.items():
            if known.setdefault(name, kind) != kind:
                known[name] = None
    return _Names(known)


def _ability_names(ab) -> _Names:
    """The kinds of an ability's names (its targets, what it declared, its effect's own),
    worked out once."""
    names = ab.__dict__.get("follow_names")
    if names is None:
        names = ab.follow_names = _merged([_names(ab.declare), _names(ab.effect)])
    return names


class _Follow:
    """Values followed to the cards dealt in their cards' places."""
    __slots__ = ("dealt", "moves", "entries")

    def __init__(self, dealt: dict, moves: list):
        self.dealt = dealt
        self.moves = moves
        self.entries = {}       # an entry's id -> the entry followed (a variable may hold one on the pile)

    def card(self, v):
        return self.dealt.get(v, v) if type(v) is int else v

    def count(self, x, moves):
        """The move count `moves` of the object card `x` was, said of the card dealt there."""
        y = self.dealt.get(x) if type(x) is int else None
        return moves if y is None or moves is None else moves - self.moves[x] + self.moves[y]

    def named(self, v):
        """(card, move count): the object a name named."""
        return (self.card(v[0]), self.count(v[0], v[1]), *v[2:])

    def each(self, v):
        if type(v) not in (tuple, list):
            return v
        try:
            if self.dealt.keys().isdisjoint(v):     # the usual case, at C's speed
                return v
        except TypeError:       # effects on the pile (their variables are not hashed)
            pass
        return type(v)(self.card(x) if type(x) is int else self.entry(x) if type(x) is Entry else x for x in v)

    def entry(self, e: Entry) -> Entry:
        done = self.entries.get(e.id)
        if done is None:
            env, card = self.env(e.env, _ability_names(e.ability)), self.card(e.card)
            if env is not e.env or card is not e.card:
                done = e._replace(card=card, env=env, moves=self.count(e.card, e.moves))
            self.entries[e.id] = done = done or e
        return done

    def env(self, env: dict, known: _Names) -> dict:
        """Variables shared with the game they were copied from: a new dict if one changes."""
        out = None
        for name in known.visit:
            v = env.get(name)
            now = v if v is None else self.value(name, v, known)
            if now is not v:
                if out is None:
                    out = dict(env)
                out[name] = now
        return env if out is None else out

    def value(self, name: str, v, known: dict):
        if v is None or type(v) is bool:
            return v
        if name == "this":
            return self.card(v)
        if name[0] == "@":
            return self.kept(name, v, known)
        kind = known.get(name)
        if kind in CARD:
            return self.entry(v) if type(v) is Entry else self.card(v)
        if kind in CARDS or kind == "effects":
            return self.each(v)
        if kind == "effect" and type(v) is Entry:
            return self.entry(v)
        if kind == "mapping" and type(v) is dict:      # a division: card -> its share
            return {self.card(x): n for x, n in v.items()}
        return v

    def kept(self, name: str, v, known: dict):
        """What the engine keeps of a name under "@" + it: the object a card named was, (card,
        move count), or each of a set's ({card: move count}); the cards picked so far of a
        choice of several; a division under way; a triggered ability's event; what a named
        script keeps of its caller's values."""
        if name == "@event":
            return v._replace(card=self.card(v.card), source=self.card(v.source), moves=self.count(v.card, v.moves))
        if name == SAVED:
            held, absent, outer = v
            return (tuple((k, self.value(k, x, known)) for k, x in held), absent,
                    None if outer is None else self.kept(SAVED, outer, known))
        kind = known.get(name[1:])
        if kind in CARD and type(v) is tuple:
            return self.named(v)
        if kind in CARDS or kind == "effects":
            return {self.card(x): self.count(x, n) for x, n in v.items()} if type(v) is dict else self.each(v)
        if kind == "mapping" and type(v) is tuple:
            items, i, left, shares = v
            return (self.each(items), i, left, {self.card(x): n for x, n in shares.items()})
        return v
