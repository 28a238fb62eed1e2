"""Static types of DSL expressions, checked when a pack loads."""
from __future__ import annotations

from typing import NamedTuple


class T(NamedTuple):
    # number bool text word card player object cards players objects sets team teams zone mapping none any
    kind: str
    ctypes: frozenset | None = None  # the card types a card value is known to have (None: unknown)
    of: str | None = None          # a word's property ("suit"): words of two properties never compare equal;
    #                                a text's "name": a card's name, which only the names of the pack's cards equal
    texts: frozenset | None = None  # a text's: every text it may hold, where known at load (a choice of modes)

    def word(self) -> str:
        return WORDS.get(self.kind, self.kind)


WORDS = {
    "number": "a number", "bool": "a condition", "text": "a text", "word": "a word", "card": "a card",
    "effect": "an effect on the pile", "effects": "a set of effects on the pile",
    "player": "a player", "object": "a card or a player", "cards": "a set of cards",
    "players": "a set of players", "team": "a team", "teams": "a set of teams", "objects": "a set of cards and players",
    "sets": "sets of cards",
    "words": "a set of words", "zone": "a zone", "pair": "a pair (a player and a card)", "mapping": "a division", "none": "no card or player", "any": "a value",
}

NUMBER = T("number")
BOOL = T("bool")
TEXT = T("text")
PLAYER = T("player")
PLAYERS = T("players")
TEAM = T("team")
TEAMS = T("teams")
ZONE = T("zone")
ANY = T("any")
NONE = T("none")
MAPPING = T("mapping")

# A set of sets of cards ("sets of cards in show") holds sets of cards, one at a time.
SINGLE_OF = {"cards": "card", "players": "player", "objects": "object", "effects": "effect", "sets": "cards",
             "teams": "team"}
SET_OF = {"card": "cards", "player": "players", "object": "objects", "effect": "effects", "team": "teams"}


def single(t: T) -> T:
    return T(SINGLE_OF.get(t.kind, t.kind), t.ctypes)


def as_set(t: T) -> T:
    return T(SET_OF.get(t.kind, t.kind), t.ctypes)


def is_cardish(t: T) -> bool:
    return t.kind in ("card", "cards", "object", "objects", "any")


def is_playerish(t: T) -> bool:
    return t.kind in ("player", "players", "object", "objects", "any")


def union(a: T, b: T) -> T:
    if a.kind == b.kind:
        ct = None if a.ctypes is None or b.ctypes is None else a.ctypes | b.ctypes
        return T(a.kind, ct, a.of if a.of == b.of else None)
    kinds = {single(a).kind, single(b).kind}
    if kinds <= {"card", "player", "object"}:
        ct = a.ctypes if b.ctypes is None and single(b).kind == "player" else b.ctypes if single(a).kind == "player" else None
        return T("objects", ct)
    return ANY
