"""Who plays next: the direction of play, turns to skip and extra turns.

`State.order` is None until a rule changes the order; then a tuple (direction,
skips per seat, extra turns to come, seat of the last normal turn), replaced on each
change so that a clone shares it. Without it the next turn is the next seat's.
"""
from __future__ import annotations

from . import results
from .state import State

DIRECTION, SKIPS, EXTRA, LAST = range(4)


def _order(s: State) -> list:
    if s.order is None:
        return [1, (0,) * len(s.out), (), s.active]
    return list(s.order)


def direction(s: State) -> int:
    return 1 if s.order is None else s.order[DIRECTION]


def next_turn(s: State) -> int:
    """The seat whose turn comes after this one, using up the skips passed over and
    passing over players who sit out. When nobody can play, the game ends ranked."""
    if s.order is None and s.sitting is None:
        return s.next_seat(s.active)
    way, skips, extra, last = s.order if s.order is not None else (1, (0,) * len(s.out), (), s.active)
    if extra:
        s.order = (way, skips, extra[:-1], last)
        return extra[-1]
    if not any(results.can_play(s, p) for p in range(len(s.out))):
        results.end_ranked(s)
        return s.active
    skips = list(skips)
    seat = last
    for _ in range(sum(skips) + 2 * len(skips) + 1):
        seat = s.next_seat(seat, way)
        if not results.can_play(s, seat):
            continue
        if skips[seat]:
            skips[seat] -= 1
            s.say("skip", f"{s.t.players[seat].name}'s turn is skipped")
            continue
        break
    if s.order is not None:
        s.order = (way, tuple(skips), extra, seat)
    return seat


def reverse(s: State) -> None:
    o = _order(s)
    o[DIRECTION] = -o[DIRECTION]
    s.order = tuple(o)
    s.say("order", "the turn order is reversed")


def skip(s: State, seat: int) -> None:
    o = _order(s)
    skips = list(o[SKIPS])
    skips[seat] += 1
    o[SKIPS] = tuple(skips)
    s.order = tuple(o)
    s.say("order", f"{s.t.players[seat].name}'s next turn will be skipped")


def extra_turn(s: State, seat: int) -> None:
    o = _order(s)
    o[EXTRA] = o[EXTRA] + (seat,)
    s.order = tuple(o)
    s.say("order", f"{s.t.players[seat].name} takes an extra turn")
