"""What happens in a game that triggered abilities may fire on, as immutable records
with their causes named: the card it happened to, the player, the source, the amount.

A triggered ability that fires keeps what its event was (`That`) in its variables, so
that its texts read "that card", "that player", "that source", "that amount" the same
on the pile as when it fired: the player a card left is the controller it had there.

Events are recorded only when the table has triggered abilities (`Table.triggering`),
and damage events only when some trigger watches damage.
"""
from __future__ import annotations

from typing import NamedTuple

from .wording import told_together


class Event(NamedTuple):
    kind: str            # move | damage | mark | begin | end | checked
    card: int | None     # the card it happened to (moved, dealt damage, marked)
    player: int          # move: the card's controller after; damage: the seat dealt it, or the card's controller
    before: int          # move: the card's controller before it moved (-1: it was nowhere)
    source: object       # what caused it: the card whose ability moved or marked it, the damage's source
    amount: int          # damage dealt; 0 otherwise
    src: int             # move: the zone left (-1: none)
    dest: int            # move: the zone entered
    batch: int           # moves of one statement (or one run of the checks) share it: they happen together
    word: str            # mark: the mark; damage: its kind ("" if none); begin, end: what begins or ends


class That(NamedTuple):
    """What a triggered ability's texts read as "that card", "that player"..."""
    card: int | None
    player: object       # a PlayerRef, or None
    source: object       # a card, a PlayerRef, or None
    amount: int
    moves: int | None    # a card that left: its move count there, which tells the object it was (engine/lastknown.py)


CHECKED = Event("checked", None, -1, -1, None, 0, -1, -1, -1, "")


# Events are made often (every move of a game with triggers): made as tuples of their
# fields, without the keyword handling of a named tuple's constructor.
_new = tuple.__new__


def damaged(s, target, amount: int, source, kind: str) -> None:
    if type(target) is int:
        s.events.append(_new(Event, ("damage", target, s.controller[target], -1, source, amount, -1, -1, s.batch, kind)))
    else:
        s.events.append(_new(Event, ("damage", None, target.seat, -1, source, amount, -1, -1, s.batch, kind)))


def marked(s, c: int, mark: str, source) -> None:
    s.events.append(_new(Event, ("mark", c, s.controller[c], -1, source, 0, -1, -1, s.batch, mark)))


def boundary(kind: str, name: str, seat: int) -> Event:
    """A turn, phase, step or round beginning or ending; `seat` the active player or the leader."""
    return _new(Event, (kind, None, seat, -1, None, 0, -1, -1, -1, name))


def open_batch(s) -> bool:
    """Cards moved from now until `close_batch` happen together: each sees the others
    leave. Returns whether this call opened it (a batch inside a batch is the outer one)."""
    if s.grouped:
        return False
    s.batch += 1
    s.grouped = True
    return True


def close_batch(s, opened: bool) -> None:
    if opened:
        s.grouped = False
        told = s.told
        if told is not None:            # (only a game that keeps a log tells its moves)
            if len(told[3]) > 1:
                told_together(s)
            s.told = None


def that(s, form: str, ev: Event) -> That:
    """What "that ..." reads for a trigger of `form` fired by `ev`."""
    players = s.t.players
    if form in ("leave", "die"):
        # The object that left: the card has moved once since, where it has not moved again.
        return That(ev.card, players[ev.before] if ev.before >= 0 else None, ev.source, 0, s.moves[ev.card] - 1)
    player = players[ev.player] if ev.player >= 0 else None
    return That(ev.card, player, ev.source, ev.amount, None)
