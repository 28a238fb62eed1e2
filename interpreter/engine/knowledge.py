"""What players know and see: cards revealed stay known while they move between zones
that are not hidden, and are forgotten when they go into a hidden zone, are put face
down, or their zone is shuffled. `State.known` is None until a card is revealed; then a
dict card -> frozenset of the seats that know it."""
from __future__ import annotations

from .state import State


def sees(s: State, c: int, seat: int) -> bool:
    """Whether `seat` sees which card `c` is, where it is now."""
    zdef, zseat = s.t.zone_meta[s.zone_of[c]]
    if s.face_down[c]:
        return zseat == seat
    if zdef.visibility == "public" or (zdef.visibility == "owner" and zseat == seat):
        return True
    return s.known is not None and seat in s.known.get(c, ())


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
    known = s.known if s.known is not None else {}
    for c in cards:
        known[c] = known.get(c, frozenset()) | frozenset(seats)
    s.known = known


def moved(s: State, c: int, dest: int, face_down: bool) -> None:
    """A known card forgotten as it goes where nobody sees it (called by move)."""
    if c in s.known and (face_down or s.t.zone_meta[dest][0].visibility == "hidden"):
        del s.known[c]


def shuffled(s: State, zone: int) -> None:
    for c in s.zones[zone]:
        s.known.pop(c, None)


def known_to(s: State, zone: int, seat: int) -> list:
    """The cards of a zone `seat` cannot see that it knows."""
    if s.known is None:
        return []
    return [c for c in s.zones[zone] if seat in s.known.get(c, ())]


def also_known(s: State, c: int, seen_by: tuple):
    """The seats that see card `c` move: those that see its zones (`seen_by`) and those it
    is known to; None when that is every seat."""
    seats = set(seen_by) | s.known[c]
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
