"""Effects: what waits on the pile (an ability used or triggered, with or without a card
on the pile), as the language sees them: "effects in pile", "top effect of pile",
"its card", "counter victim".
"""
from __future__ import annotations

from .. import fuse
from ...engine.pile import Entry, counter as counter_entry
from ...suggest import did_you_mean
from ..compiler import Compiler, Scope, _const
from ..registry import EFFECT_PROPERTIES, EFFECT_WORDS, register
from ..static_types import ANY, PLAYER, TEXT, T, single
from .expressions import card_word_test

EFFECT = T("effect")
EFFECTS = T("effects")


def effects_selector(c: Compiler, tree, scope: Scope, words_node, adjectives: list):
    """`[WORDS] effect(s) [in PILE] [you control] [where ...]`: the entries of the pile,
    bottom first. Card words (types, keywords, marks) describe an effect's card."""
    c.note("*")     # the pile changes without a change the checks would see
    c.note_time("pile")
    tests = [effect_word_test(c, words_node.children[i], adj, scope) for i, adj in enumerate(adjectives)]
    tests = [t for t in tests if t is not None]
    control = where = None
    for r in tree.children[1:]:
        if r is None:
            continue
        if r.data == "location":
            _pile_zone(c, r.children[0])
        elif r.data == "controlled_by":
            control, _ = c.expect(r.children[0], scope, ("player",), "who controls them")
        elif r.data == "where":
            where, _ = c.expect(r.children[0], scope.child(it=EFFECT), ("bool",), 'a "where" clause')
        else:
            c.error(r, "effects wait on the pile: only players sit next to each other")

    if not tests and control is None and where is None:
        every = fuse.leaf(lambda s, env: tuple(s.pile), "tuple(s.pile)")
        every.exists = fuse.leaf(lambda s, env: bool(s.pile), "bool(s.pile)")
        return every, EFFECTS

    def pick(s, env):
        found = s.pile
        if tests:
            found = [e for e in found if all(t(s, e) for t in tests)]
        if control is not None:
            p = control(s, env)
            found = [e for e in found if p is not None and e.seat == p.seat]
        if where is not None:
            outer = env.get("it")

            def holds(e):
                env["it"] = e          # "it" in the where clause is the effect
                return where(s, env)
            found = [e for e in found if holds(e)]
            env["it"] = outer
        return tuple(found)
    return pick, EFFECTS


def effect_word_test(c: Compiler, node, word: str, scope: Scope):
    """A word that describes an effect: triggered, used, or a word of its card."""
    if word in EFFECT_WORDS:
        triggered = word == "triggered"
        return lambda s, e: (e.ability.trigger is not None) == triggered
    from .selectors import _singular
    test = card_word_test(c, node, _singular(word, c.names.card_types) or word, scope)
    if test is None:
        known = [*EFFECT_WORDS, *c.names.card_types, *c.names.marks, *c.names.keywords]
        c.error(node, f'unknown word "{word}" for an effect{did_you_mean(word, known)}')
        return None
    return lambda s, e: type(e.card) is int and bool(test(s, e.card))


def _pile_zone(c: Compiler, node) -> None:
    """Effects are only on the pile: "effects in hand" is a mistake."""
    word = str(node.children[0]) if getattr(node, "data", None) == "name" else None
    pile = c.names.pile_zone
    if pile is None:
        c.error(node, 'effects wait on the pile, and this pack\'s pile has no zone (pile: zone): write "effects" alone')
    elif word != pile:
        c.error(node, f'effects are only on the pile ("effects in {pile}")')


def effect_property(c: Compiler, node, fn, word: str):
    """`card of X`, `controller of X`, `name of X` for an effect X."""
    if word == "card":
        return (lambda s, env: None if (e := fn(s, env)) is None else e.card), T("card")
    if word == "controller":
        return (lambda s, env: None if (e := fn(s, env)) is None else s.t.players[e.seat]), PLAYER
    if word == "name":
        return (lambda s, env: None if (e := fn(s, env)) is None else e.ability.name), TEXT
    hint = did_you_mean(word, EFFECT_PROPERTIES) or f" (it has {', '.join(EFFECT_PROPERTIES)})"
    c.error(node, f'an effect has no "{word}"{hint}')
    return _const(None), ANY


def end_effect(c: Compiler, zone, where: str):
    """`top effect of PILE` (the last put on the pile) or `bottom effect of PILE`, or none."""
    _pile_zone(c, zone)
    c.note("*")
    c.note_time("pile")
    end = -1 if where == "top" else 0
    return (lambda s, env: s.pile[end] if s.pile else None), EFFECT


@register("counter", "statement", "counter X",
          "X, an effect on the pile (or a card on the pile: every effect of it), leaves the pile without "
          "resolving: it does nothing. The pile's after_each runs for it as for an effect that resolved, so its "
          "card goes where resolved cards go. Countering what is not on the pile does nothing.",
          example="counter victim",
          params=(('X', 'effect or card', 'what is countered'),))
def _counter(c: Compiler, tree, scope: Scope):
    from .statements import suspends
    node = tree.children[0]
    if node.data == "each":
        fn, t = c.selector(node.children[0], scope)
    elif node.data == "random_one":
        c.error(node, 'write what is countered: "counter victim", "counter each effect in pile ..."')
        return None
    else:
        one, t = c.expr(node.children[0], scope)
        fn = lambda s, env: () if (x := one(s, env)) is None else (x,)   # noqa: E731
    if single(t).kind not in ("effect", "card", "object", "any"):
        c.error(node, f'counter needs an effect or a card on the pile, but "{c.source(node)}" is {t.word()}')

    @suspends
    def counter(s, env):
        for x in fn(s, env):
            if isinstance(x, Entry) or type(x) is int:
                counter_entry(s, x)
    return counter
