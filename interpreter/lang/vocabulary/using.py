"""Abilities used by effects: "you use Play of chosen" (a card that plays another twice) runs the effect of
another card's activated ability, its targets chosen anew and its costs unpaid
(engine/activation.py: UsedFrame). The ability's name is looked up among the pack's
once every card is read (packs/sections.py: ability_uses), as a card may name one of a
card written after it."""
from __future__ import annotations

from ...engine.activation import UsedFrame, as_effect
from ...engine.knowledge import say_of
from ...engine.script import step_on
from ..compiler import Compiler, Scope
from ..registry import register
from .statements import asker_of, pushes


@register("use_ability", "statement", "[PLAYER] use(s) ABILITY of CARD",
          "PLAYER (you unless named) uses CARD's activated ability ABILITY as an effect (a card that plays another "
          "twice: \"use Play of chosen\" twice). PLAYER makes its choices anew, as the ability makes them (its `declare`, then its "
          "targets), and its effect happens at once, with `this` the card and `you` PLAYER, as a part of the "
          "effect that uses it: it never goes on the pile (nothing there answers or counters it apart, and the "
          "card does not move), its costs are not paid and its `when` and `from` are not checked: the card may "
          "be in any zone, the effect that uses it decides. Its `if` is checked, as where it resolves. The log "
          "says \"Ann uses Play of Fox (by Echo)\". Nothing happens where CARD is none; where it has no "
          "activated ability of that name, or a target of the ability has nothing to choose, nothing happens "
          "and the log says why (\"Eel has no ability Play (by Echo): nothing happens\"). The card's abilities are those "
          "its card and its types give it (the first of that name), not one given in play. ABILITY is the name of an "
          "activated ability of some card or card type of the pack, checked as it loads; in quotes where it "
          "has spaces (\"Play land\"). An ability that uses itself, directly or through others, goes round "
          "until the rules' step limit stops the game.",
          params=(("PLAYER", "player", "who uses it (you if omitted)"),
                  ("ABILITY", "ability", "the name of an activated ability, in quotes where it has spaces"),
                  ("CARD", "card", "the card whose ability it is")),
          example="use Play of chosen")
def _use_ability(c: Compiler, tree, scope: Scope):
    who, word, card = tree.children
    name = str(word)[1:-1] if word.type == "STRING" else str(word)
    c.ability_uses.append((name, c.place(word)))
    pfn = asker_of(c, who, scope, "who uses the ability")
    cfn, _ = c.expect(card, scope, ("card",), "the card whose ability is used")
    where = c.where(tree)
    c.note("*")     # the ability's effect may change anything

    @pushes
    def use_ability(s, env):
        used = cfn(s, env)
        if type(used) is not int:
            return
        step_on(s, 1, env, where)       # a card that uses itself goes round: the step limit stops it
        p = pfn(s, env)
        by = env.get("this")
        by = (" (by ", by, ")") if type(by) is int else ()
        ab = _activated(s.t.cards[used], name)
        new = {"this": used, "you": p}
        if ab is None or not all(test(s, new) for test in ab.requires):     # its targets (as_effect: no costs)
            why = f" has no ability {name}" if ab is None else f"'s {name} has no target"
            say_of(s, "fizzle", used, why, *by, ": nothing happens")
            return
        say_of(s, "play", f"{p.name} uses {name} of ", used, *by)
        s.frames.append(UsedFrame(used, ab, p.seat, env=new))
    return use_ability


def _activated(card, name: str):
    """The card's activated ability of that name, from whichever zone it is used, as an
    effect uses it (as_effect), or None."""
    for abilities in card.usable.values():
        for ab in abilities:
            if ab.name == name:
                return as_effect(ab)
    return None
