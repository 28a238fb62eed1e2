"""Continuous effects: statements that change what a card is while they last, applied in
layers (engine/layers.py). In a static ability's effect each compiles to a Continuous
statement applied to every card the ability affects ("it"); elsewhere each makes a
lasting effect, for a duration or while the card stays where it is, with a timestamp.

The same words serve both: "increase power of it by 1" in a static ability, "set power
of target to 0 until end of turn" in a spell.
"""
from __future__ import annotations

from ...engine import primitives
from ...engine.knowledge import say_of
from ...engine.layers import CONTROL, KEYWORDS, NUMBERS, TYPES, Continuous, add_type, give_control, only_type
from ...suggest import did_you_mean
from ..compiler import Compiler, Scope
from ..registry import register
from .statements import card_objects, check_duration, player_of

ST = "statement"

def layered(c: Compiler, retyping: bool = False) -> None:
    """The pack has continuous effects in layers (and some change card types)."""
    c.layered = True
    c.retyping = c.retyping or retyping


def _number_word(c: Compiler, node, what: str) -> str | None:
    """A card property that holds a number, named by a continuous statement."""
    word = str(node)
    names = c.names
    if word in names.properties and word not in names.one_of and word not in names.property_words.values():
        c.changed_props.add(word)       # a card's value of it may differ from the printed one
        return word
    c.error(node, f'{what} needs a number property of cards{did_you_mean(word, names.properties)}')
    return None


def _keyword(c: Compiler, node) -> str | None:
    word = str(node)
    if word not in c.names.keywords:
        c.error(node, f'unknown keyword "{word}"{did_you_mean(word, c.names.keywords)}')
        return None
    return word


def _type_bit(c: Compiler, node) -> int:
    word = str(node)
    if word not in c.names.card_types:
        c.error(node, f'unknown card type "{word}"{did_you_mean(word, c.names.card_types)}')
        return 0
    return 1 << c.names.type_order.index(word)


def _lasting(ofn, mod, say):
    """A statement outside a static ability: a lasting effect on each card it names.
    `mod(s, env, x)` is the effect (a State.mods tuple) or None; `say(s, x)` the parts of its log line (say_of)."""
    def lasting(s, env):
        for x in ofn(s, env):
            m = mod(s, env, x)
            if m is not None:
                primitives.add_mod(s, m)
                say_of(s, "effect", *say(s, x))
    return lasting


def _until(dur) -> str:
    return f" until end of {dur}" if dur else ""


# ------------------------------------------------------ number properties (layer 7)
def static_change(c: Compiler, tree, scope: Scope, sign: int):
    """increase/decrease P of it by N, in a static ability: layer 7c."""
    word, objs, amount, duration = tree.children
    if duration is not None:
        c.error(duration, "a static ability applies while its card is where it is: it takes no duration")
    prop = _number_word(c, word, "increase or decrease")
    ofn, _ = card_objects(c, objs, scope, "increase or decrease")
    nfn, _ = c.expect(amount, scope, ("number",), "the change")
    layered(c)

    def apply(s, env, card, v):
        n = sign * (nfn(s, env) or 0)
        for x in ofn(s, env):
            v.number(x, "mod", prop, n)
    return Continuous(NUMBERS, apply, c.source(tree))


def set_property(c: Compiler, tree, scope: Scope):
    """set P of X to N: layer 7b, in a static ability or for a duration."""
    word, objs, value, duration = tree.children
    prop = _number_word(c, word, "set")
    ofn, _ = card_objects(c, objs, scope, "set")
    vfn, _ = c.expect(value, scope, ("number",), "the new value")
    layered(c)
    if scope.mode == "static":
        if duration is not None:
            c.error(duration, "a static ability applies while its card is where it is: it takes no duration")

        def apply(s, env, card, v):
            n = vfn(s, env) or 0
            for x in ofn(s, env):
                v.number(x, "set", prop, n)
        return Continuous(NUMBERS, apply, c.source(tree))
    dur = check_duration(c, duration, scope)
    return _lasting(ofn, lambda s, env, x: ("set", dur, x, prop, vfn(s, env) or 0),
                    lambda s, x: (x, f"'s {prop} is {s.prop(x, prop)}{_until(dur)}"))


@register("switch_values", ST, "switch P and Q of CARDS [until end of DURATION]",
          "Switches two number properties of cards (power and toughness): each takes the other's value, after "
          "every other change to them. In a static ability it applies to what the ability affects.",
          example="switch power and toughness of target until end of turn",
          params=(('P', 'property', 'a number property'), ('Q', 'property', 'another'), ('CARDS', 'cards', 'whose'),
                  ('DURATION', 'duration', 'how long (else while the card stays where it is)')))
def _switch(c, tree, scope):
    first, second, objs, duration = tree.children
    a = _number_word(c, first, "switch")
    b = _number_word(c, second, "switch")
    ofn, _ = card_objects(c, objs, scope, "switch")
    layered(c)
    if scope.mode == "static":
        def apply(s, env, card, v):
            for x in ofn(s, env):
                v.number(x, "switch", a, b)
        return Continuous(NUMBERS, apply, c.source(tree))
    dur = check_duration(c, duration, scope)
    return _lasting(ofn, lambda s, env, x: ("switch", dur, x, a, b),
                    lambda s, x: (x, f"'s {a} and {b} are switched{_until(dur)}"))


# ------------------------------------------------------------- keywords (layer 6)
def static_keyword(c: Compiler, tree, scope: Scope):
    """mark it as KEYWORD, in a static ability: the card has the keyword."""
    objs, word, value, duration = tree.children
    kw = _keyword(c, word)
    if value is not None or duration is not None:
        c.error(tree, 'in a static ability "mark it as KEYWORD" gives a keyword: no value, no duration')
    ofn, _ = card_objects(c, objs, scope, "mark")
    layered(c)

    def apply(s, env, card, v):
        for x in ofn(s, env):
            v.keywords_of(s, x).add(kw)
    return Continuous(KEYWORDS, apply, c.source(tree))


def _losing(c, tree, scope, kw):
    objs, duration = tree.children[-2:]
    ofn, _ = card_objects(c, objs, scope, "remove")
    layered(c)
    if scope.mode == "static":
        def apply(s, env, card, v):
            for x in ofn(s, env):
                kws = v.keywords_of(s, x)
                kws.discard(kw) if kw is not None else kws.clear()
        return Continuous(KEYWORDS, apply, c.source(tree))
    dur = check_duration(c, duration, scope)
    what = kw if kw is not None else "every keyword"
    return _lasting(ofn, lambda s, env, x: ("unkw", dur, x, kw, None),
                    lambda s, x: (x, f" loses {what}{_until(dur)}"))


@register("loses_keyword", ST, "remove KEYWORD from CARDS [until end of DURATION]",
          "The cards lose a keyword, printed or given. In a static ability it applies to what the ability affects; "
          "elsewhere it lasts for the duration, or while the card stays where it is. A keyword given later "
          "(a later timestamp) is had again.",
          example="remove flying from target until end of turn",
          params=(('KEYWORD', 'keyword', 'a keyword the pack declares'), ('CARDS', 'cards', 'which'),
                  ('DURATION', 'duration', 'how long')))
def _loses_keyword(c, tree, scope):
    return _losing(c, tree, scope, _keyword(c, tree.children[0]))


@register("loses_keywords", ST, "remove every keyword from CARDS [until end of DURATION]",
          "The cards lose every keyword they have now, as \"remove KEYWORD\" does for one.",
          example="remove every keyword from it",
          params=(('CARDS', 'cards', 'which'), ('DURATION', 'duration', 'how long')))
def _loses_keywords(c, tree, scope):
    return _losing(c, tree, scope, None)


# ------------------------------------------------------------- card types (layer 4)
def _typing(c, tree, scope, only: bool):
    objs, word, duration = tree.children
    bit = _type_bit(c, word)
    ofn, _ = card_objects(c, objs, scope, "make")
    layered(c, retyping=True)
    change = only_type if only else add_type
    if scope.mode == "static":
        def apply(s, env, card, v):
            for x in ofn(s, env):
                change(v, x, bit)
        return Continuous(TYPES, apply, c.source(tree))
    dur = check_duration(c, duration, scope)
    article = "an" if str(word)[0] in "aeiou" else "a"
    return _lasting(ofn, lambda s, env, x: ("type", dur, x, bit, only),
                    lambda s, x: (x, f" becomes {'only ' if only else ''}{article} {word}{_until(dur)}"))


@register("also_type", ST, "make CARDS into a TYPE [until end of DURATION]",
          "The cards are also of a card type (a land that becomes a creature). In a static ability it applies to "
          "what the ability affects; elsewhere for the duration, or while the card stays where it is.",
          example="make target into a creature until end of turn",
          params=(('CARDS', 'cards', 'which'), ('TYPE', 'card type', 'the type they gain'), ('DURATION', 'duration', 'how long')))
def _also_type(c, tree, scope):
    return _typing(c, tree, scope, False)


@register("only_type", ST, "make CARDS into only a TYPE [until end of DURATION]",
          "The cards are of that card type and no other.",
          example="make it into only an artifact",
          params=(('CARDS', 'cards', 'which'), ('TYPE', 'card type', 'the one type they have'), ('DURATION', 'duration', 'how long')))
def _only_type(c, tree, scope):
    return _typing(c, tree, scope, True)


# ---------------------------------------------------------------- control (layer 2)
def control(c: Compiler, tree, scope: Scope):
    """PLAYER gains control of CARDS in a static ability, or until the end of a duration."""
    who, objs, duration = tree.children
    pfn = player_of(c, who, scope, "who gains control")
    ofn, _ = card_objects(c, objs, scope, "gain control of")
    layered(c)
    c.controlling = True
    if scope.mode == "static":
        def apply(s, env, card, v):
            p = pfn(s, env)
            if p is not None:
                for x in ofn(s, env):
                    give_control(s, x, p.seat)
        return Continuous(CONTROL, apply, c.source(tree))
    dur = check_duration(c, duration, scope)

    def mod(s, env, x):
        p = pfn(s, env)
        return None if p is None else ("control", dur, x, None, p.seat)
    return _lasting(ofn, mod, lambda s, x: (f"{s.t.players[s.mods[-1][4]].name} gains control of ", x, _until(dur)))
