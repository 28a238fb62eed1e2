"""Triggered abilities: "when this enters play", "whenever a creature leaves play",
"whenever this becomes blocking" (a mark), "at the beginning of your turn". They fire at
the next checkpoint after their event.
"""
from __future__ import annotations

from typing import NamedTuple

from ...suggest import did_you_mean
from ..compiler import Compiler, Scope
from ..registry import register
from ..static_types import T
from .expressions import card_word_test
from .selectors import _singular

TR = "trigger"


class Trigger(NamedTuple):
    event: str            # "enter" | "leave" | "mark" | "begin" | "state"
    matches: object       # f(state, env, card) -> bool  (enter/leave/mark); f(state, env) -> bool (state)
    zone: object          # zone name (enter/leave), mark (mark) or the phase/step/"turn" name (begin)
    whose: str            # "your" | "each" (begin)


def _subject(c: Compiler, sel, scope: Scope):
    """The cards a zone trigger is about: "this", or words like "a creature you control"."""
    words_node = sel.children[0] if sel.data == "selector" else None
    kept = [w for w in words_node.children if str(w) not in ("a", "an", "another")] if words_node else []
    if not kept:
        c.error(sel, 'a trigger names the cards it watches with words ("a creature you control") or "this"')
        return lambda s, env, card: False
    words_node = type(words_node)(words_node.data, kept, words_node.meta)
    words = [str(w) for w in kept]
    if words == ["this"]:
        return lambda s, env, card: card == env["this"]
    tests = []
    nouns = words if words[-1] not in ("card", "cards") else words[:-1]
    for i, w in enumerate(nouns):
        word = _singular(w, c.names.card_types) or w
        test = card_word_test(c, words_node.children[i], word, scope)
        if test is None:
            known = [*c.names.card_types, "card", "this", *c.names.marks, *c.names.keywords]
            c.error(words_node.children[i], f'unknown card type, mark or keyword "{w}"{did_you_mean(w, known)}')
            continue
        tests.append(test)
    control = None
    where = None
    for r in sel.children[1:]:
        if r is None:
            continue
        if r.data == "controlled_by":
            control = c.expect(r.children[0], scope, ("player",), "who controls them")[0]
        elif r.data == "where":
            where = c.expect(r.children[0], scope.child(it=T("card")), ("bool",), 'a "where" clause')[0]
        else:
            c.error(r, 'say the zone after "enters" or "leaves", not in the card words')

    def matches(s, env, card):
        if not all(t(s, card) for t in tests):
            return False
        if control is not None and s.controller[card] != control(s, env).seat:
            return False
        if where is not None:
            env["it"] = card
            return bool(where(s, env))
        return True
    return matches


def _zone_name(c: Compiler, node) -> str | None:
    if getattr(node, "data", None) != "name":
        c.error(node, "name a zone here (play, hand, ...)")
        return None
    word = str(node.children[0])
    if word not in c.names.zones:
        c.error(node, f'unknown zone "{word}"{did_you_mean(word, c.names.zones)}')
        return None
    return word


@register("on_enter", TR, "when CARDS enter(s) ZONE", "Fires when a card the words describe (or \"this\") comes into the zone.",
          example="when this enters play",
          params=(('CARDS', 'card words or this', 'what enters'), ('ZONE', 'zone', 'where')))
def _on_enter(c, tree, scope):
    sel, zone, origin = tree.children
    if origin is not None:
        c.not_yet(tree)
    return Trigger("enter", _subject(c, sel, scope), _zone_name(c, zone), "each")


@register("on_leave", TR, "when CARDS leave(s) ZONE", "Fires when such a card leaves the zone (it is looked at as it was there).",
          example="whenever a creature you control leaves play",
          params=(('CARDS', 'card words or this', 'what leaves'), ('ZONE', 'zone', 'from where')))
def _on_leave(c, tree, scope):
    sel, zone = tree.children
    return Trigger("leave", _subject(c, sel, scope), _zone_name(c, zone), "each")


@register("on_mark", TR, "when CARDS become(s) MARK",
          "Fires each time a card the words describe (or \"this\") is given the mark (a pack's attack marks its "
          "blocker as blocking, say), even if it had it already, and even if the mark is gone by the time it fires.",
          example="whenever this becomes blocking",
          params=(('CARDS', 'card words or this', 'what is marked'), ('MARK', 'mark', 'a mark the pack declares')))
def _on_mark(c, tree, scope):
    sel, word = tree.children
    if str(word) not in c.names.marks:
        c.error(word, f'unknown mark "{word}"{did_you_mean(str(word), c.names.marks)}')
    return Trigger("mark", _subject(c, sel, scope), str(word), "each")


@register("on_begin", TR, "at the beginning of your|each NAME",
          "Fires when the turn, phase or step begins: your own, or everyone's.", example="at the beginning of your turn",
          params=(('NAME', 'turn, phase or step', 'what begins'),))
def _on_begin(c, tree, scope):
    word = str(tree.children[-1])
    whose = "your" if "your" in c.source(tree).split() else "each"
    known = {"turn"} | set(c.names.phases) | set(c.names.steps) | set(c.names.rounds)
    if word not in known:
        c.error(tree.children[-1], f'unknown turn, phase, step or round "{word}"{did_you_mean(word, known)}')
    return Trigger("begin", None, word, whose)


@register("on_state", TR, "as soon as CONDITION",
          "Fires when the pack's rules are checked and the condition holds while the card is in the ability's zone "
          "(a state trigger); it does not fire again while it waits on the pile.",
          example="as soon as count of cards in your hand >= 7",
          params=(('CONDITION', 'condition', 'what must hold'),))
def _on_state(c, tree, scope):
    # The trigger is looked at when the rules are checked, and those run again only
    # after a change to what some check looks at: what this condition looks at counts.
    outer, c.reads = c.reads, set()
    try:
        test, _ = c.expect(tree.children[0], scope, ("bool",), "the condition of \"as soon as\"")
    finally:
        c.state_reads |= c.reads
        c.reads = outer
    return Trigger("state", test, None, "each")
