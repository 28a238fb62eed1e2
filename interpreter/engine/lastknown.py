"""Last known information: what a card was where effects changed it, once it has left.

A card that moves is a new object (primitives.move): the lasting effects on it end, its
counters and marks go, the static abilities that changed it no longer reach it. What an
ability then says of it, through a reference that named it where it was ("the
sacrificed creature's power", "when this dies, ... for each +1/+1 counter on it", "its
controller gains life equal to its power" once exiled), is of the card as it last was
there (Magic's comprehensive rules 608.2h, 112.7a; a trigger of its leaving looks back,
603.10). So, as a card leaves a zone of the role play (Table.remembering), the game as it
was just before is kept with the card (State.lki), if the card had something of its own
to lose there (`modified`): another reads the same where it went.

A reference knows the object it names: a target, a card chosen in an effect or picked
by a cost, a card `let` names in an effect, by its card and the card's move count when it
was named ("@" + its name in the variables, as (card, moves)); a set of cards a cost
picked or `let` named, each card's ({card: moves}), which `for each` gives its
variable card by card (`item`); "that card" of a trigger of leaving, as the card was
before the event; "this", in an ability used or fired from play, as its card was there.
Read in an ability's `if` and effect, or a triggered ability's `when` and targets
(Scope.looks_back, lang/vocabulary/expressions.looked_back), a reference to a card that
has moved once since, and is where it went, reads the game kept: its properties,
counters, marks, keywords, card types, damage and controller as they were. A card that
has moved again is another object, read as it is, and so is a card named where it went
(chosen there, found by a selector).

Its cost: a look at each move in a pack that keeps cards (Table.moving, shared with the
zones' capacity), a look for the card's changes as it leaves play, a copy of the game
when it had some; a reading of a reference, a look-up while a card is kept. None in a
pack where nothing changes cards in play (Table.remembering): the readings' texts are
settled as if there were no look-back (fuse.settle).
"""
from __future__ import annotations

from operator import itemgetter

from . import layers
from .state import State


def remember(s: State, c: int) -> None:
    """Card `c` is about to leave a zone where effects change cards: the game as it is
    now is kept with it, if it had something to lose. Cards that leave together (one
    statement, one run of the checks: a batch) share one game, as it was before the first
    of them left (they look back to the same moment): a creature that dies with the lord
    that pumped it is read pumped. So a card with static abilities is kept too: what they
    did to the others that leave with it is in the game kept."""
    past = _together(s, c) if s.grouped and s.lki else None
    if past is None:
        if not modified(s, c) and not (s.grouped and s.t.cards[c].statics):
            return
        past = s.clone(False, False)
        past.lki = {}           # it is read, never played on: no look back from it
        past.view = None        # its own view, made again if read: the live one is filled as the game reads it
    elif not modified(past, c):
        return
    # A new dict (a clone shares the one it was made with), without what no reference reads
    # any more: a card that has moved again, and one that left in an earlier turn (kept for
    # the turn it left in, when the effects that name it resolve).
    moves = s.moves
    kept = {x: k for x, k in s.lki.items() if moves[x] == k[0] + 1 and k[3] == s.turn}
    kept[c] = (moves[c], past, s.batch if s.grouped else -1, s.turn)
    s.lki = kept


def _together(s: State, c: int) -> State | None:
    """The game kept for a card that left earlier in the batch under way, if card `c` has
    not moved since it was kept."""
    batch = s.batch
    for _, past, kept_batch, _ in s.lki.values():
        if kept_batch == batch and past.moves[c] == s.moves[c]:
            return past
    return None


def modified(s: State, c: int) -> bool:
    """Whether card `c` has something of its own to lose as it moves: a lasting change of
    a property, a counter, a keyword given by a mark, a controller other than its owner,
    or (in a layered pack) what the continuous effects make of it. A mark (a state the
    pack puts it in: attacking, exhausted) counts only where an ability reads that mark of
    a card that left (Pack.past_marks): cards die marked in most games. The cards of
    each are looked for in C (`in map`), at the cost of a few steps a card that leaves."""
    if s.controller[c] != s.owner[c]:
        return True
    if s.moddelta and c in map(_first, s.moddelta):
        return True
    if s.counters and c in map(_first, s.counters):
        return True
    if s.marks and c in map(_first, s.marks):
        read = s.t.pack.past_marks
        for card, mark in s.marks:
            if card == c and (mark[0] == "@" or mark in read):
                return True
    if s.t.layered:
        v = layers.view(s)
        return c in v.numbers or c in v.kws or (v.bits is not None and v.bits[c] != s.t.typebits[c])
    return False


_first = itemgetter(0)


def then(s: State, c: int, moves) -> State | None:
    """The game as it was just before card `c`, as the object of move count `moves`, left
    where it was; None when that object has not left, when the card has moved on since
    (another object), or when it had nothing to lose."""
    kept = s.lki.get(c)
    if kept is not None and kept[0] == moves and s.moves[c] == moves + 1:
        return kept[1]
    return None


def named(s: State, env: dict, key: str, mark: str) -> State | None:
    """`then` for the card in the variable `key`, where `mark` holds the object it named:
    (card, move count)."""
    c = env.get(key)
    named_as = env.get(mark)
    if type(c) is not int or type(named_as) is not tuple or named_as[0] != c:
        return None
    return then(s, c, named_as[1])


def naming(s: State, value):
    """What a name given in an effect (`let`) names: a card, the object it is now
    ((card, move count), as `named` reads it); a set, each card's ({card: move count},
    for `for each`: item); None for the rest, and in a pack that keeps no card."""
    if s.lki is None:
        return None
    if type(value) is int:
        return value, s.moves[value]
    if isinstance(value, (tuple, list)):
        return {c: s.moves[c] for c in value if type(c) is int} or None
    return None


def item(env: dict, var: str, mark: str, of: str) -> None:
    """`for each` over the set the variable `of` holds, or a reading of the whole set (a
    total, a "where" clause, values among it): the card in `var` names the object that set
    named (in `mark`, as `named` reads it), when the set named one; else none."""
    objects = env.get("@" + of)
    if objects is None:
        env[mark] = None
        return
    c = env[var]
    if type(objects) is dict:
        moves = objects.get(c)
        env[mark] = None if moves is None else (c, moves)
    else:           # one object (a name for one card): `named` checks it is this card
        env[mark] = objects


def played(s: State, env: dict) -> State | None:
    """`then` for "this" in an ability used or fired from play: the card as it last was
    there, where it has left since (an ability of play is used before its card leaves)."""
    c = env["this"]
    return then(s, c, s.moves[c] - 1)


def played_object(s: State, env: dict):
    """What `let NAME be this` names where "this" reads `played`: the object it was in play
    ((card, move count), as `named` reads it) where it has left since and is kept, else the
    card as it is now (`naming`)."""
    c = env["this"]
    if s.lki and then(s, c, s.moves[c] - 1) is not None:
        return c, s.moves[c] - 1
    return naming(s, c)


def of_event(s: State, env: dict) -> State | None:
    """`then` for "that card" of the event that set off a triggered ability."""
    ev = env.get("@event")
    return then(s, ev.card, ev.moves) if ev is not None and type(ev.card) is int else None

