"""What a choice offers by name. Its options name only the cards its player sees
(engine/knowledge.py, labels_for), and asking that card by card costs: the compiler
says, from a choice's selector, when its player sees every card it can offer, and the
options are then named as they are."""
from __future__ import annotations

from lark import Tree

from ...engine.knowledge import ONLY_PLAYERS, OWN, PUBLIC, labels_for
from ..compiler import Compiler

def seen_by_chooser(c: Compiler, read: set, who, sel, t) -> str | None:
    """What the compiler knows of what a choice of `sel` (of kind `t`) offers to the player
    who chooses (`who`): ONLY_PLAYERS; OWN where every selector picks cards of a zone of theirs
    ("choose a card in your hand", "p chooses cards in p's hand"), which they see; PUBLIC
    where what it read (Compiler.noting) is cards of public zones alone; else None: each
    card is asked where it lies (knowledge.labels_for)."""
    if t.kind in ("player", "players"):
        return ONLY_PLAYERS
    chooser = "you" if who is None else c.source(who)
    if "random" not in chooser and all(_in_zone_of(c, one, chooser) for one in sel.children):
        return OWN
    return PUBLIC if public_only(c, read) else None


def public_only(c: Compiler, read: set) -> bool:
    """Whether what a text read (Compiler.noting) names public zones, and no other zone."""
    zones = [what[5:] for what in read if what.startswith("zone:")]
    return bool(zones) and all((z := c.names.zones.get(name)) is not None and z.visibility == "public"
                               for name in zones)


def _said(c: Compiler, owner) -> str:
    """A zone's possessor as its player is written: "your" is you, "p's" is p."""
    said = c.source(owner)
    return "you" if said == "your" else said.removesuffix("'s")


def _in_zone_of(c: Compiler, selector, chooser: str) -> bool:
    """Whether the selector picks cards "in CHOOSER's ZONE" of a zone its player sees."""
    if getattr(selector, "data", None) != "selector":
        return False
    for part in selector.children:
        if isinstance(part, Tree) and part.data == "location":
            zone = part.children[0]
            if getattr(zone, "data", None) != "prop_of":
                return False
            owner, name = zone.children
            zdef = c.names.zones.get(str(name))
            return zdef is not None and zdef.visibility != "hidden" and _said(c, owner) == chooser
    return False


def labels_of(s, items, seat: int, name, plain) -> list[str]:
    """The labels of options offering `items` to `seat`: each as `name(s, x)` gives it, else
    as the seat may see them, by name where the selector picks what they see (`plain`,
    seen_by_chooser)."""
    return [name(s, x) for x in items] if name is not None else labels_for(s, items, seat, plain)
