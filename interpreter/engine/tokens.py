"""Tokens: cards an effect makes in play ("create a Spirit token"), owned and controlled
by the player under whose control they are made, that cease to exist once they are
anywhere but the zones the pack lets them exist in.

A token is a new card of the game: the next id, on a table grown by one (Table.with_card;
clones made before keep the old table), and one more item in each per-card list of the
state. Ids are never reused: a token that ceased keeps its id, in no zone.
"""
from __future__ import annotations

from . import limits, primitives
from .knowledge import say_of
from .layers import stale
from .state import RuleError, State


def create(s: State, definition, seat: int, zone: int, source=None) -> int | None:
    """Make a token of `definition` under `seat`'s control in `zone`; its id, or None when
    the zone is full."""
    if s.t.capacity is not None and primitives.full(s, zone):
        # The token it would have been is named to those who would have seen it there.
        said = f"no room in {primitives.zone_label(s, zone)} for "
        s.say("full", said + definition.name, primitives.who_sees(s, zone), said + "a card")
        return None
    if len(s.t.cards) >= limits.CARDS:
        raise RuleError(f'making "{definition.name}" would make the game\'s cards more than '
                        f'{limits.count(limits.CARDS)}')
    s.t = s.t.with_card(definition, seat)
    c = len(s.t.cards) - 1
    s.zone_of.append(-1)
    s.owner += (seat,)
    s.controller.append(seat)
    s.tapped.append(False)
    s.damage.append(0)
    s.entered.append(0)
    s.moves.append(0)
    s.face_down.append(False)
    if s.stamps is not None:
        s.stamps.append(0)
    s.typebits = s.t.typebits       # the view, if any, is made again with the token
    if s.t.layered:
        stale(s)
    primitives.move(s, c, zone, controller=seat, source=source)
    # Said once it is there: those who cannot see it there (another player's hand) read "a card".
    say_of(s, "create", c, f" is created in {primitives.zone_label(s, zone)}")
    if s.live is not None:
        s.live += (c,)
    return c


def cease(s: State) -> None:
    """Tokens in a zone where tokens do not exist cease to exist: they leave it for no
    zone (their triggers of leaving fired on the move that took them there). Only the
    tokens that have not ceased are looked at (State.live), not every token ever made."""
    homes = s.t.token_homes         # the ids of the zones where tokens exist
    zone_of = s.zone_of
    # The tokens that have not ceased: fewer than every token made, in a long game.
    live = s.live if s.live is not None else s.t.token_order
    ceased = s.live is None
    for c in live:
        z = zone_of[c]
        if z >= 0 and z not in homes:
            say_of(s, "cease", c, " ceases to exist")       # as seen where it was
            s.zones[z].remove(c)
            s.zone_of[c] = -1
            s.dirty = ceased = True
    if ceased:
        s.live = tuple(c for c in live if zone_of[c] >= 0)


def gone(s: State, c: int) -> bool:
    """A token that has ceased to exist (it was somewhere once, and is nowhere now)."""
    return c in s.t.tokens and s.zone_of[c] < 0 and s.moves[c] > 0
