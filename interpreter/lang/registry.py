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
    "teams": ("teams", "Every team with a player still in the game, in the order of their first seats (a pack whose seats have "
                       "teams; a seat without one is a team of its own): \"for each t in teams\"."),
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
    "team": ("team", "The player's team (a seat without a team is a team of its own): "
                     "\"players where team of it = team of you\" are you and your teammates."),
    "left": ("player", "The player to their left: the next one in seat order still in the game, who plays after them."),
    "right": ("player", "The player to their right: the one before them in seat order still in the game."),
}

# What a team has (a pack whose seats have teams), beside the player counters it shares
# (shared: team: "score of t") and the zones of each team (per: team: "t's won").
TEAM_PROPERTIES = {
    "players": ("players", "The team's players still in the game, in seat order: \"total bid of players of t\"."),
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


@dataclass(frozen=True)
class Elsewhere:
    """What a designer who begins a statement with a word of another tool may mean:
    (what they want done, the statement that does it here, a key of ENTRIES) each."""
    ways: tuple
    # Words that show the statement the language has for the word is meant ("add 1 charge
    # counter to ..."): a word of the language needs them, so that its own statements,
    # written with another mistake, are not told to be something else.
    unless: tuple = ()
    # True: meant only before an amount ("gain 3 life"); False: only before something else
    # ("add this to your hand", not "add a plus_one to this"); None: before anything.
    amount: bool | None = None
    # What it means before an amount, where that is another thing ("add 3 life to you").
    counted: tuple = ()


_MOVE = ("move cards", "put")
_RAISE = ("raise a counter (life) or a property", "increase")
_LOWER = ("lower a counter (life) or a property", "decrease")
_DAMAGE = ("deal damage", "deal")
_USE = ("use a card's ability as an effect", "use_ability")

# Words that other tools (Forge's card scripts, the card engines written in code) begin
# an effect with, and what they mean here. A statement that begins with one (or has it
# after the player who acts: "you gain 3 life") and does not parse is told which
# statement does that (lang/dsl.py), rather than what the word is spelt like: "move"
# is no misspelt "remove".
ELSEWHERE: dict[str, Elsewhere] = {
    **dict.fromkeys(("move", "send", "return", "place", "transfer", "bounce", "exile", "banish", "mill"),
                    Elsewhere((_MOVE,))),
    "add": Elsewhere((_MOVE,), unless=("counter", "counters"), counted=(_RAISE,)),
    **dict.fromkeys(("destroy", "kill"), Elsewhere((("put cards into their owner's discard zone", "discard"),))),
    "give": Elsewhere((_DAMAGE, _RAISE)),
    "hit": Elsewhere((_DAMAGE,)),
    "heal": Elsewhere((_RAISE,)),
    "gain": Elsewhere((_RAISE,), unless=("control",), amount=True),
    "lose": Elsewhere((_LOWER,), unless=("game",), amount=True),
    **dict.fromkeys(("pick", "select"), Elsewhere((("have a player pick cards", "choose"),))),
    "search": Elsewhere((("look through cards a player does not see (their library)", "look_at"),
                         ("then have them pick some", "choose"))),
    "show": Elsewhere((("show cards", "reveal"),)),
    **dict.fromkeys(("summon", "spawn"), Elsewhere((("make tokens", "create"),))),
    "steal": Elsewhere((("take control of cards", "gain_control"),)),
    "spend": Elsewhere((("pay a cost", "pay"),)),
    **dict.fromkeys(("play", "cast", "activate"), Elsewhere((_USE,))),
    "use": Elsewhere((_USE,), unless=("of",)),
}
