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
from .selectors import _one, _singular, _unused_name, item_name, where_clause

TR = "trigger"


class Trigger(NamedTuple):
    event: str            # enter | leave | die | damaged | deals | mark | begin | end | state
    matches: object       # f(state, env, card[, seat]) -> bool (card events); f(state, env) -> bool (state)
    zone: object          # zone name (enter/leave), mark (mark) or the turn, phase, step or round (begin/end)
    whose: str            # "your" | "each" (begin/end)
    origin: str | None = None     # enter: the zone it must come from
    kind: str | None = None       # deals: the kind of damage
    to: object = None             # deals: f(state, env, card or player) -> bool, what it must be dealt to
    types: frozenset | None = None  # the card types the trigger's words name (None: any card, or "this")


# What "that ..." reads for each form of trigger (engine/events.py, That).
THAT_FIELDS = {
    "enter": ("card", "player", "source"), "leave": ("card", "player", "source"), "die": ("card", "player", "source"),
    "damaged": ("card", "player", "source", "amount"), "deals": ("card", "player", "source", "amount"),
    "mark": ("card", "player", "source"), "begin": ("player",), "end": ("player",), "state": (),
}


def _subject(c: Compiler, sel, scope: Scope):
    """The cards a trigger is about: "this", or words like "a creature you control".
    Returns the test f(state, env, card, seat=None) (seat: the controller to go by, for
    a card looked at as it was) and the card types the words name."""
    words_node = sel.children[0] if sel.data == "selector" else None
    kept = [w for w in words_node.children if str(w) not in ("a", "an", "another")] if words_node else []
    if not kept:
        c.error(sel, 'a trigger names the cards it watches with words ("a creature you control") or "this"')
        return (lambda s, env, card, seat=None: False), None
    # "whenever a creature c enters play where ...": c names the card inside the "where".
    named = item_name(kept, c.names, scope.vars)
    if named is not None:
        kept = kept[:-1]
    words_node = type(words_node)(words_node.data, kept, words_node.meta)
    words = [str(w) for w in kept]
    if words == ["this"]:
        return (lambda s, env, card, seat=None: card == env["this"]), None
    tests = []
    types = set()
    nouns = words if words[-1] not in ("card", "cards") else words[:-1]
    for i, w in enumerate(nouns):
        word = _singular(w, c.names.card_types) or w
        if word in c.names.card_types:
            types.add(word)
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
            noun = words[-1]
            where = where_clause(c, r, scope, T("cards"), named, noun, _one(c, noun),
                                 f': a word that narrows the {noun} comes before "{noun}"')[0]
            named = None
        else:
            c.error(r, 'say the zone after "enters" or "leaves", not in the card words')
    if named is not None:
        c.error(named, _unused_name(c, named, words[-1]))

    def matches(s, env, card, seat=None):
        if not all(t(s, card) for t in tests):
            return False
        if control is not None and (s.controller[card] if seat is None else seat) != control(s, env).seat:
            return False
        if where is not None:
            env["it"] = card
            return bool(where(s, env))
        return True
    return matches, frozenset(types) or None


def _zone_name(c: Compiler, node) -> str | None:
    if getattr(node, "data", None) != "name":
        c.error(node, "name a zone here (play, hand, ...)")
        return None
    word = str(node.children[0])
    if word not in c.names.zones:
        c.error(node, f'unknown zone "{word}"{did_you_mean(word, c.names.zones)}')
        return None
    return word


@register("on_enter", TR, "when CARDS enter(s) ZONE [from ZONE]",
          "Fires when a card the words describe (or \"this\") comes into the zone (from that zone, if named: "
          "\"when this enters board from hand\" is a card played, not one put there by an effect).",
          example="when this enters play",
          params=(('CARDS', 'card words or this', 'what enters'), ('ZONE', 'zone', 'where'),
                  ('ZONE', 'zone', 'where from (optional)')))
def _on_enter(c, tree, scope):
    sel, zone, origin = tree.children
    matches, types = _subject(c, sel, scope)
    return Trigger("enter", matches, _zone_name(c, zone), "each",
                   origin=_zone_name(c, origin) if origin is not None else None, types=types)


@register("on_leave", TR, "when CARDS leave(s) ZONE", "Fires when such a card leaves the zone (it is looked at as it was there).",
          example="whenever a creature you control leaves play",
          params=(('CARDS', 'card words or this', 'what leaves'), ('ZONE', 'zone', 'from where')))
def _on_leave(c, tree, scope):
    sel, zone = tree.children
    matches, types = _looking_back(c, sel, scope)
    return Trigger("leave", matches, _zone_name(c, zone), "each", types=types)


def _looking_back(c: Compiler, sel, scope: Scope):
    """_subject of a trigger of leaving, whose words are checked on the card as it was
    (engine/triggered.py): a mark they read is one read of a card that left."""
    with c.noting() as read:
        found = _subject(c, sel, scope)
    c.past_reads.update(what for what in read if what.startswith("mark:"))
    return found


@register("on_die", TR, "when CARDS die(s)",
          "Fires when such a card goes from the zone with role play to the zone with role discard (it is looked at "
          "as it was in play). Cards that leave play together see each other die.",
          example="whenever a creature dies",
          params=(('CARDS', 'card words or this', 'what dies'),))
def _on_die(c, tree, scope):
    for role in ("play", "discard"):
        if role not in c.names.roles:
            c.error(tree, f'"dies" is going from the zone with role play to the one with role discard, and this pack '
                          f'has no zone with role {role}')
    matches, types = _looking_back(c, tree.children[0], scope)
    return Trigger("die", matches, c.names.roles.get("play"), "each", types=types)


@register("on_damaged", TR, "when CARDS is/are dealt damage",
          "Fires each time damage is marked on such a card (after redirection and prevention). A condition on the "
          "card goes in the ability's when: (\"when: that amount >= 2\").",
          example="whenever a creature you control is dealt damage",
          params=(('CARDS', 'card words or this', 'what is dealt damage'),))
def _on_damaged(c, tree, scope):
    matches, types = _subject(c, tree.children[0], scope)
    return Trigger("damaged", matches, None, "each", types=types)


@register("on_deals", TR, "when CARDS deal(s) [KIND] damage [to SELECTOR]",
          "Fires each time such a card is the source of damage marked on something (of that kind, as \"deal ... as "
          "KIND\" says; to what the selector picks).",
          example="whenever this deals combat damage to a player",
          params=(('CARDS', 'card words or this', 'what deals damage'), ('KIND', 'damage kind', 'a kind the pack declares (optional)'),
                  ('SELECTOR', 'selector', 'what it is dealt to (optional)')))
def _on_deals(c, tree, scope):
    sel, kind, to = tree.children
    matches, types = _subject(c, sel, scope)
    if kind is not None and str(kind) not in c.names.damage_kinds:
        c.error(kind, _unknown_kind(c, str(kind)))
    test = None
    if to is not None:
        words = to.children[0] if to.data == "selector" else None
        if words is not None and len(words.children) > 1 and str(words.children[0]) in ("a", "an"):
            # "to a player": what it is dealt to is any of what the words pick.
            to = type(to)(to.data, [type(words)(words.data, words.children[1:], words.meta), *to.children[1:]], to.meta)
        pick, _ = c.selector(to, scope)
        test = lambda s, env, x: x in pick(s, env)       # noqa: E731
    return Trigger("deals", matches, None, "each", kind=str(kind) if kind is not None else None, to=test, types=types)


def _unknown_kind(c: Compiler, word: str) -> str:
    kinds = c.names.damage_kinds
    if not kinds:
        return f'unknown damage kind "{word}" (declare it under damage: kinds)'
    return f'unknown damage kind "{word}"{did_you_mean(word, kinds)} (the kinds: {", ".join(sorted(kinds))})'


@register("on_mark", TR, "when CARDS become(s) MARK",
          "Fires each time a card the words describe (or \"this\") is given the mark (a pack's attack marks its "
          "blocker as blocking, say), even if it had it already, and even if the mark is gone by the time it fires.",
          example="whenever this becomes blocking",
          params=(('CARDS', 'card words or this', 'what is marked'), ('MARK', 'mark', 'a mark the pack declares')))
def _on_mark(c, tree, scope):
    sel, word = tree.children
    if str(word) not in c.names.marks:
        c.error(word, f'unknown mark "{word}"{did_you_mean(str(word), c.names.marks)}')
    matches, types = _subject(c, sel, scope)
    return Trigger("mark", matches, str(word), "each", types=types)


@register("on_begin", TR, "at the beginning of your|each NAME",
          "Fires when the turn, phase, step or round begins: your own (a round: one you lead), or everyone's.",
          example="at the beginning of your turn",
          params=(('NAME', 'turn, phase, step or round', 'what begins'),))
def _on_begin(c, tree, scope):
    return _boundary(c, tree, "begin")


@register("on_end", TR, "at the end of your|each NAME",
          "Fires when the turn, phase, step or round ends (after its script): your own, or everyone's.",
          example="at the end of your turn",
          params=(('NAME', 'turn, phase, step or round', 'what ends'),))
def _on_end(c, tree, scope):
    return _boundary(c, tree, "end")


def _boundary(c: Compiler, tree, event: str) -> Trigger:
    word = str(tree.children[-1])
    whose = "your" if "your" in c.source(tree).split() else "each"
    known = {"turn"} | set(c.names.phases) | set(c.names.steps) | set(c.names.rounds)
    if word not in known:
        c.error(tree.children[-1], f'unknown turn, phase, step or round "{word}"{did_you_mean(word, known)}')
    return Trigger(event, None, word, whose)


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
