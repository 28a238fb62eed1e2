"""The pile's entries: each ability used or triggered that waits there to resolve (an
"effect" in the language), and what can happen to one before it does: countering.

An entry is an immutable tuple, so a clone of the game shares them; its variables
(`env`) are never changed once it is on the pile (resolution works on a copy).
"""
from __future__ import annotations

from typing import NamedTuple

from .knowledge import say_of
from .script import ScriptFrame
from .state import State


class Entry(NamedTuple):
    id: int              # its number in the game: what tells two entries of one ability apart
    card: int | None     # the card whose ability it is (None: a player's own ability)
    ability: object      # model.Ability
    seat: int            # who put it there: the effect's controller
    env: dict            # its variables: this, you, its targets and what its declare step chose
    moves: int           # its card's move count as it went there (see sources: stay)
    zone: int            # the zone its card was in then (-1: no card)

    def __repr__(self) -> str:
        return f"Entry({self.id}, {self.ability.name})"


def push(s: State, card, ability, seat: int, env: dict) -> Entry:
    """Put an ability on the pile, on top."""
    s.entries += 1
    has_card = type(card) is int
    # Made from a tuple of its fields, without the keywords of a named tuple's constructor.
    entry = tuple.__new__(Entry, (s.entries, card, ability, seat, env, s.moves[card] if has_card else 0,
                                  s.zone_of[card] if has_card else -1))
    s.pile.append(entry)
    return entry


def label(s: State, e: Entry) -> str:
    """"Ping of Prodigal Pyromancer"; a player's ability: "Fireblast of South"."""
    whose = s.t.names[e.card] if type(e.card) is int else s.t.players[e.seat].name
    return f"{e.ability.name} of {whose}"


def source(s: State, e: Entry):
    """What an effect is "of" in the log: its card, or the player whose own ability it
    is; `say_of` names the card only to the seats that see it (a trigger in a hand)."""
    return e.card if type(e.card) is int else s.t.players[e.seat]


def on_pile(s: State, e: Entry) -> bool:
    for x in s.pile:
        if x.id == e.id:
            return True
    return False


def counter(s: State, x) -> None:
    """An effect, or a card in the pile's zone (every entry of it), leaves the pile without
    resolving; the pile's after_each runs for each as for one resolved. Countering what is
    not on the pile does nothing."""
    if isinstance(x, Entry):
        doomed = [e for e in s.pile if e.id == x.id]
    elif type(x) is int and _in_pile_zone(s, x):
        doomed = [e for e in s.pile if e.card == x]
    else:
        return
    if not doomed:
        return
    gone = {e.id for e in doomed}
    s.pile = [e for e in s.pile if e.id not in gone]
    after = s.t.pack.pile_after_each
    # The last pushed runs first: push them in reverse so they run bottom first.
    for e in reversed(doomed):
        if after is not None:
            s.frames.append(ScriptFrame(after, {"this": e.card, "you": s.t.players[e.seat]}))
    for e in doomed:
        say_of(s, "counter", f"{e.ability.name} of ", source(s, e), " is countered")


def _in_pile_zone(s: State, card: int) -> bool:
    name = s.t.pack.pile_zone
    return name is not None and s.zone_of[card] in s.t.named[name]


