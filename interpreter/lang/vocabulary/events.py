"""What a triggered ability's texts read of the event that set it off: "that card",
"that player", "that source", "that amount", and "that creature" (a card type the
trigger's words name). Its value is kept with the ability, so it reads the same on the
pile as when it fired (engine/events.py, That)."""
from __future__ import annotations

from ...suggest import did_you_mean
from ..compiler import Compiler, Scope, _const
from ..registry import register
from ..static_types import ANY, NUMBER, PLAYER, T
from .selectors import _singular
from .triggers import THAT_FIELDS

# What each word reads, and what it is.
_FIELDS = {"card": T("card"), "player": PLAYER, "source": T("object"), "amount": NUMBER}

# How a trigger of each form is said, for messages: "when this dies" has no amount.
_SAID = {"enter": "when ... enters", "leave": "when ... leaves", "die": "when ... dies",
         "damaged": "when ... is dealt damage", "deals": "when ... deals damage", "mark": "when ... becomes",
         "begin": "at the beginning of", "end": "at the end of", "state": "as soon as"}

_WHAT = {"card": "the card of", "player": "the player of", "source": "the source of", "amount": "the damage of"}


@register("that", "expression", "that WORD",
          "In a triggered ability, what happened: the card it happened to (a card that left play is read as it "
          "last was there: its power, counters and controller then), the player (who controlled that card; the player "
          "dealt damage; whose turn or round began), the source (the card whose ability moved or marked it, the "
          "source of damage), the amount (the damage). \"that creature\" is that card, named by a type the "
          "trigger's words name. What a form has: enters, leaves, dies, becomes: card, player, source; is dealt "
          "damage, deals damage: card, player, source, amount; beginning and end: player.",
          example="that creature's controller draws a card",
          params=(('WORD', 'card, player, source, amount or a card type', 'what is read of the event: card, player, '
                   'source, amount, or a card type'),))
def _that(c: Compiler, tree, scope: Scope):
    word = str(tree.children[0])
    field = word if word in _FIELDS else "card" if _singular(word, c.names.card_types) else None
    if field is None:
        known = [*_FIELDS, *sorted(c.names.card_types)]
        c.error(tree.children[0], f'"that {word}" is not something an event has{did_you_mean(word, known)} '
                                  f'(that card, that player, that source, that amount, or that and a card type)')
        return _const(None), ANY
    if scope.event is None:
        c.error(tree, f'"that {word}" means {_WHAT[field]} the event that set off a triggered ability, '
                      f'and this is not one')
        return _const(None), ANY
    form, types = scope.event
    if form is None:
        return _const(None), _FIELDS[field]
    if field not in THAT_FIELDS[form]:
        c.error(tree, f'"that {word}" is {_WHAT[field]} the event, and "{_SAID[form]}" has none')
        return _const(None), ANY
    t = _FIELDS[field]
    if field == "card" and word != "card":
        kind = _singular(word, c.names.card_types)
        if types is not None and kind not in types:
            named = " or ".join(sorted(types))
            c.error(tree, f'the trigger watches {named} cards: write "that {sorted(types)[0]}" or "that card"')
        t = T("card", frozenset([kind]))
    elif field == "card" and types is not None:
        t = T("card", types)
    c.note("*")
    index = ("card", "player", "source", "amount").index(field)
    fn = lambda s, env: ev[index] if (ev := env.get("@event")) is not None else None      # noqa: E731
    # That card, where it has left: read as it was (expressions.looked_back).
    fn.event_card = field == "card" and form in ("leave", "die")
    return fn, t
