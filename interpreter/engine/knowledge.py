"""What players know and see. A seat that sees a card where it is keeps knowing which
card it is as it goes where the seat does not see it: everyone who saw a card in play
picked up into a hand knows it is in that hand, everyone who saw it turned face down
knows the face-down card, and a card revealed stays known. It is forgotten when it is
put at a random place in a zone the seat does not see, or its zone is shuffled (a hand
shuffled into a deck; a hand shuffled alone has no order to lose). `State.known` is a
dict card -> frozenset of the seats that know it where they do not see it; None where
nothing reads it (a game without a log nor a player who searches): moves then cost
nothing (Game.new_initial_state's `knowing`)."""
from __future__ import annotations

from .limits import PLAYERS
from .state import PlayerRef, State


def sees(s: State, c: int, seat: int) -> bool:
    """Whether `seat` sees which card `c` is, where it is now, or knows it there. (The
    log asks it for each seat of each line with a hidden card: sees_there is not called.)"""
    zdef, zseat = s.t.zone_meta[s.zone_of[c]]
    if s.face_down[c] or zdef.visibility == "owner":
        # Seen in its player's own zone, and in its team's by every partner (Table.holds).
        if zseat == seat or (zdef.per_team and zseat == s.t.leads[seat]):
            return True
    elif zdef.visibility == "public":
        return True
    return s.known is not None and seat in s.known.get(c, ())


def sees_there(s: State, c: int, seat: int) -> bool:
    """Whether `seat` sees which card `c` is by looking where it is, whatever it knows:
    a face-up card in a zone it sees, a face-down card in its own zone (or its team's)."""
    z = s.zone_of[c]
    if z < 0:
        return True
    zdef = s.t.zone_meta[z][0]
    if s.face_down[c] or zdef.visibility == "owner":
        return s.t.holds(z, seat)
    return zdef.visibility == "public"


def card_for(s: State, c: int, seat: int) -> str:
    """Card `c` in the words of a decision of `seat`, its options, its question and the
    ability's card an option names: "a card" where `seat` does not see it where it lies,
    unless it was shown to them and has not moved since (show). Where it lies only, never
    what the seat remembers: a replay finds an option by its words, and a game keeps what
    the seats remember only where something reads it (State.known)."""
    return s.t.names[c] if sees_there(s, c, seat) or shown_to(s, c, seat) else "a card"


def unseen_among(s: State, items, seat: int) -> list:
    """The cards among `items` that a decision of `seat` offers as "a card" (card_for). A
    card face up in a zone the seat sees is told without a call; only the others are asked."""
    sighted, zone_of, down = s.t.sighted[seat], s.zone_of, s.face_down
    return [x for x in items if type(x) is int and not (sighted[zone_of[x]] and not down[x])
            and not (sees_there(s, x, seat) or shown_to(s, x, seat))]


def named_for(s: State, x, seat: int) -> str:
    """What an option of a decision of `seat` offers, in its label: a card by name where
    the seat sees it (card_for), a player, an effect on the pile by its ability and its
    card as card_for words it ("Stir of a card")."""
    if type(x) is PlayerRef:        # the usual option that is no card (a choice of players): first
        return x.name
    if type(x) is int:
        return card_for(s, x, seat)
    if isinstance(x, tuple) and type(x.card) is int:        # an effect on the pile (pile.Entry)
        return f"{x.ability.name} of {card_for(s, x.card, seat)}"
    return s.card_name(x)


# What the compiler knows of a choice's options (lang/vocabulary/offered.py), which
# labels_for reads: cards of the chooser's own zones, cards of public zones (seen while
# face up), players. None: each card is asked where it lies.
OWN, PUBLIC, ONLY_PLAYERS = "own", "public", "players"


def labels_for(s: State, items, seat: int, plain: str | None = None) -> list[str]:
    """The labels of options offering `items` to `seat` (named_for): by name where `plain`
    (one of the constants above, as the compiler gave it) says the seat sees them all; else cards all in zones the seat sees (Table.sighted),
    none face down, the usual case, named without a step of Python for each."""
    names = s.t.names
    if plain is not None:
        if plain is ONLY_PLAYERS:
            return [p.name for p in items]
        if plain is OWN or not s.downs or face_up(s, items):
            try:
                return list(map(names.__getitem__, items))
            except TypeError:       # players or effects on the pile among the cards
                return [names[x] if type(x) is int else named_for(s, x, seat) for x in items]
    sighted = s.t.sighted[seat]
    try:
        if all(map(sighted.__getitem__, map(s.zone_of.__getitem__, items))) and \
                (not s.downs or not any(map(s.face_down.__getitem__, items))):
            return list(map(names.__getitem__, items))
    except TypeError:       # not cards alone: players, effects on the pile
        pass
    zone_of = s.zone_of
    down = s.face_down
    return [names[x] if type(x) is int and sighted[zone_of[x]] and not down[x] else named_for(s, x, seat)
            for x in items]


def face_up(s: State, items) -> bool:
    """Whether no card among `items` (players and effects too) is face down: a loop, where
    a few items are read faster than a map is made."""
    down = s.face_down
    for x in items:
        if type(x) is int and down[x]:
            return False
    return True


def show(s: State, cards, seats) -> None:
    """`cards` are revealed to `seats`: their options name them to those seats until
    each moves (card_for); the seats know them wherever they go (learn)."""
    shown = dict(s.shown) if s.shown is not None else {}
    seats = frozenset(seats)
    for c in cards:
        before = shown.get(c)
        shown[c] = (seats if before is None or before[1] != s.moves[c] else seats | before[0], s.moves[c])
    s.shown = shown         # a new dict: clones share the one they were made with
    learn(s, cards, seats)


def shown_to(s: State, c: int, seat: int) -> bool:
    """Whether card `c` was revealed to `seat` and has not moved since."""
    shown = s.shown
    if shown is None:
        return False
    seen = shown.get(c)
    return seen is not None and seen[1] == s.moves[c] and seat in seen[0]


EVERYONE = "everyone"      # the readers of a line every seat reads (all_see)


def in_sight(s: State, c: int) -> bool:
    """Whether every seat sees which card `c` is without asking who: face up in a public
    zone (the usual case: a card in play), or in no zone at all."""
    z = s.zone_of[c]
    return z < 0 or (not s.face_down[c] and s.t.zone_meta[z][0].visibility == "public")


def all_see(s: State, c: int, readers) -> bool:
    """Whether each of `readers` (a seat, seats who all read the same words, EVERYONE)
    sees which card `c` is."""
    if in_sight(s, c):
        return True
    if type(readers) is int:
        return sees(s, c, readers)
    return all(sees(s, c, r) for r in (range(len(s.out)) if readers is EVERYONE else readers))


def learn(s: State, cards, seats) -> None:
    """`seats` know `cards` wherever they go, in a game that keeps what the seats know
    (State.known): one that does not (a simulation of players who read none of it) would
    pay for it at every move after, for nothing."""
    known = s.known
    if known is None:
        return
    for c in cards:
        known[c] = known.get(c, frozenset()) | frozenset(seats)


def moved(s: State, c: int, src: int, dest: int, face_down: bool) -> None:
    """Card `c` is about to go from `src` to `dest` (called by move before it moves, unless
    nobody sees it there: a draw): the seats that see it where it is know it where it
    goes, face down too (turned face down where it stands, or put face down elsewhere),
    unless it goes where every seat sees it."""
    known = s.known
    if src < 0:
        known.pop(c, None)
        return
    meta = s.t.zone_meta
    zdef, zseat = meta[src]
    down = s.face_down[c]
    to = meta[dest][0]
    if to.visibility == "public" and not face_down and not (down and to.role in ("play", "pile")):
        known.pop(c, None)      # face up where every seat sees it (move turns it so)
        return
    seats = known.get(c)
    if down or zdef.visibility == "owner":
        # Seen where it is by the players of its zone alone (every partner in their team's),
        # and known to those who know it.
        if zseat is not None:
            holders = frozenset(s.t.holders(src)) if zdef.per_team else _ONE[zseat]
            if seats is None or not holders <= seats:
                seats = holders if seats is None else seats | holders
    elif zdef.visibility == "public":
        seats = _ALL[len(s.out)]
    if face_down and seats is not None and len(seats) == 1 and meta[dest][1] in seats:
        seats = None        # put face down into the zone of the one player who knows it: seen there
    if seats:
        known[c] = seats
    else:
        known.pop(c, None)


# The sets of seats a move makes, made once: a seat alone, every seat of a game of n.
_ONE = [frozenset((seat,)) for seat in range(PLAYERS)]
_ALL = [frozenset(range(n)) for n in range(PLAYERS + 1)]


def hidden_at_random(s: State, c: int, zone: int) -> None:
    """Card `c`, put at a random place in `zone`, is forgotten unless every seat sees it
    there: the seats that knew it no longer know where it lies."""
    if s.t.zone_meta[zone][0].visibility != "public" or s.face_down[c]:
        s.known.pop(c, None)


def shuffled(s: State, zone: int) -> None:
    """The cards of a shuffled zone are forgotten: no seat knows which lies where. A zone
    without order (a hand) has no places to lose: a seat that knew a card in it still
    knows it is there; but a face-down card is told from the others by its place alone.
    What is forgotten is no longer named in options as shown (show)."""
    ordered = s.t.zone_meta[zone][0].ordered
    if not ordered and not s.downs:
        return
    lost = {c for c in s.zones[zone] if ordered or s.face_down[c]}
    known = s.known
    if known is not None:
        for c in lost:
            known.pop(c, None)
    if s.shown is not None and not s.shown.keys().isdisjoint(lost):
        s.shown = {c: seen for c, seen in s.shown.items() if c not in lost}


def known_to(s: State, zone: int, seat: int) -> list:
    """The cards of a zone `seat` cannot see that it knows."""
    if s.known is None:
        return []
    return [c for c in s.zones[zone] if seat in s.known.get(c, ())]


def also_known(s: State, c: int, seen_by: tuple):
    """The seats that see card `c` move: those that see its zones (`seen_by`) and those it
    is known to; None when that is every seat."""
    knows = s.known[c]
    if len(knows) == len(s.out):
        return None         # every seat saw it go there (a trick gathered face down)
    seats = knows.union(seen_by)
    return None if len(seats) == len(s.out) else tuple(sorted(seats))


def say_of(s: State, kind: str, *parts) -> None:
    """A log line of `parts`: texts, and cards, players or effects on the pile between
    them ("", bear, " gets +1 toughness"). A card a seat cannot see where it is now (in
    another player's hand, face down) is "a card" to that seat, and so is the card of an
    effect ("Stir of a card"). A reveal shows its cards on purpose and does not come here."""
    if s.quiet:
        return
    names = s.t.names
    text = ""
    hidden = None
    for x in parts:
        if type(x) is str:
            text += x
        elif type(x) is int:
            text += names[x]
            if not in_sight(s, x):
                hidden = (hidden or ()) + (x,)
        elif isinstance(x, tuple):      # an effect on the pile (rare): said as its name and its card
            return say_of(s, kind, *effects_told(s, parts))
        else:
            text += s.card_name(x)
    # A seat that sees every hidden card reads the names; the others read "a card" for
    # each that one of them cannot see (the seats of a line read the same words).
    blind = hidden and tuple(p for p in range(len(s.out)) if not all(sees(s, c, p) for c in hidden))
    if not blind:       # the usual case: cards in play
        s.say(kind, text)
        return
    unseen = {c for c in hidden if not all(sees(s, c, p) for p in blind)}
    others = "".join([x if type(x) is str else "a card" if type(x) is int and x in unseen else s.card_name(x)
                      for x in parts])
    s.say(kind, text, tuple(p for p in range(len(s.out)) if p not in blind), others)


def effects_told(s: State, parts) -> list:
    """`parts` with each effect on the pile (pile.Entry) of a card told as its ability's
    name and the card ("Stir of ", lurker); one of a player's own ability, by its label."""
    told = []
    for x in parts:
        if not isinstance(x, tuple):
            told.append(x)
        elif type(x.card) is int:
            told += (f"{x.ability.name} of ", x.card)
        else:
            told.append(s.card_name(x))
    return told


def listed(cards) -> list:
    """Cards as parts of a log line (say_of), a comma between two."""
    parts = []
    for c in cards:
        parts += (", ", c) if parts else (c,)
    return parts
