"""The vocabulary of the effect DSL, in one table.

Each entry names a grammar rule, shows how it is written, says in one line what
it does and lists its typed parameters. The compiler dispatches on this table,
the validator reports with its words and `cardtable docs` prints it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable


@dataclass(frozen=True)
class Param:
    name: str
    type: str
    description: str


@dataclass
class Entry:
    rule: str                 # the grammar rule (or alias) it compiles
    kind: str                 # statement | expression | selector | cost | trigger
    syntax: str               # how a designer writes it
    description: str
    params: tuple = ()
    example: str = ""
    compile: Callable | None = field(default=None, repr=False)


ENTRIES: dict[str, Entry] = {}

KINDS = ("statement", "cost", "expression", "selector", "trigger")


def register(rule: str, kind: str, syntax: str, description: str, params=(), example: str = ""):
    """Decorator: the function compiles nodes of grammar rule `rule`."""
    def wrap(fn):
        ENTRIES[rule] = Entry(rule, kind, syntax, description,
                              tuple(Param(*p) for p in params), example, fn)
        return fn
    return wrap


def entries(kind: str) -> list[Entry]:
    seen = set()
    out = []
    for e in ENTRIES.values():
        if e.kind == kind and (e.syntax, e.description) not in seen:
            seen.add((e.syntax, e.description))
            out.append(e)
    return out


# Values a script can ask about without declaring them.
GLOBALS = {
    "turn": ("number", "The number of the current turn (the first turn is 1)."),
    "phase": ("text", "The name of the current phase."),
    "step": ("text", "The name of the current step."),
    "window": ("text", "The name of the priority window open now, or empty."),
    "players": ("players", "Every player still in the game: not those who lost or finished."),
    "everyone": ("players", "Every player, whether still in the game or not."),
    "opponents": ("players", "Every player still in the game other than you (and your teammates, where a team has several players)."),
}

# Properties every card has, beside those the pack declares.
CARD_PROPERTIES = {
    "owner": ("player", "The player who owns the card."),
    "controller": ("player", "The player who controls the card."),
    "damage": ("number", "The damage marked on the card (and dealt to it, not yet applied)."),
    "name": ("text", "The card's name (a token's, without the number that tells it apart in the log)."),
}

# Properties every player has, beside the pack's player counters and zones.
# Play passes to the left: the player to your left plays after you.
PLAYER_PROPERTIES = {
    "team": ("text", "The player's team (a seat without a team is a team of its own): "
                     "\"players where team of it = team of you\" are you and your teammates."),
    "left": ("player", "The player to their left: the next one in seat order still in the game, who plays after them."),
    "right": ("player", "The player to their right: the one before them in seat order still in the game."),
}

# Words that describe cards in a selector, beside card types, marks and keywords.
CARD_STATES = {
    "tapped": "Cards that are tapped.",
    "untapped": "Cards that are not tapped.",
    "card": "Any card.",
    "cards": "Any card.",
    "player": "A player.",
    "players": "Players.",
}

# What an effect waiting on the pile has ("card of it", "its controller"): an ability used
# or triggered, its card left where it is or waiting on the pile with it.
EFFECT_PROPERTIES = {
    "card": ("card", "The card whose ability it is (none for an ability of a player)."),
    "controller": ("player", "The player who used it, or whose card's ability triggered."),
    "name": ("text", "The ability's name."),
}

# Words that describe effects ("triggered effects in pile"), beside card types, marks and
# keywords, which describe an effect's card.
EFFECT_WORDS = {
    "triggered": "Effects of triggered abilities.",
    "used": "Effects of abilities a player used.",
}

# Words the language reads itself wherever a value may stand, so that a variable of
# that name could never be read back: the compiler refuses them as names of variables.
RESERVED = ("a", "an", "one", "the", "all", "each", "every", "none", "true", "false", "count", "total", "number",
            "active", "you", "your", "opponent", "this", "it", "its", "their")
