"""One card picked by its place (the top card of a zone, the first of a selection), and
the greatest or least value over a selection ("highest rank of cards in played")."""
from __future__ import annotations

from .. import fuse
from ...suggest import did_you_mean
from ...engine import limits
from ...engine.results import ordinal
from ..compiler import Compiler, Scope, _const, literal
from ..registry import register
from ..static_types import ANY, NUMBER, T, single
from .effects import end_effect
from .expressions import read_each

E = "expression"


def written_zone(c: Compiler, zone) -> str | None:
    """The zone a zone phrase names ("discard", "your deck"), when it is written out."""
    data = getattr(zone, "data", None)
    word = zone.children[0] if data == "name" else zone.children[1] if data == "prop_of" else None
    return str(word) if word is not None and str(word) in c.names.zones else None


def _end_card(c: Compiler, tree, scope: Scope, where: str):
    word, zone = tree.children
    if str(word) != "card":
        c.error(word, f'write "{where} card of ZONE", not "{where} {word}"')
    return _ordered_zone(c, zone, scope, f"{where} card", f'the zone after "{where} card of"')


def _ordered_zone(c: Compiler, zone, scope: Scope, card: str, what: str):
    """The zone of "top card of ZONE" and its kin, which must be ordered: `card` names the card read."""
    zfn, _ = c.expect(zone, scope, ("zone",), what)
    name = written_zone(c, zone)
    if name is not None and not c.names.zones[name].ordered:
        # The zone as written ("p's hand"), a player's own when a zone of each player is
        # named alone, and a shared one as it is: nobody's "your upcard".
        said = c.source(zone)
        if said == name and c.names.zones[name].per_player:
            said = f"your {name}"
        c.error(zone, f'"{name}" is not ordered: it has no {card} (say which card, '
                      f'e.g. "first of cards in {said}", or make the zone ordered: true)')
    return zfn, T("card")


@register("top_one", E, "top card of ZONE",
          "The card on top of an ordered zone (the last put there), or none when it is empty. A zone of each "
          "player named alone is every player's, in seat order: the top card of the last one that holds any. "
          "\"top effect of PILE\" is the effect put last on the pile (\"bottom effect of PILE\" the first).",
          example="rank of top card of discard",
          params=(('ZONE', 'zone', 'an ordered zone'),))
def _top_one(c, tree, scope):
    if str(tree.children[0]) == "effect":
        return end_effect(c, tree.children[1], "top")
    zfn, t = _end_card(c, tree, scope, "top")
    # "rank of top card of discard" in a condition: one zone's top card read in place.
    name, z, held = fuse.fresh(), fuse.fresh("_t"), fuse.fresh("_t")
    return fuse.join(lambda s, env: top_of(s, zfn(s, env)),
                     f"({name}(s, {z}) if len({z} := {{0}}) != 1 else ({held}[-1] if ({held} := s.zones[{z}[0]]) else None))",
                     zfn, names={name: top_of}), t


def top_of(s, zones):
    """The top card of the last of `zones` that holds any, or None."""
    held = s.zones
    for z in reversed(zones):
        if held[z]:
            return held[z][-1]
    return None


def place_number(c: Compiler, word, top: str) -> int:
    """The N of a place written "3rd", checked: a whole number from 1 with its own ending."""
    n = literal(str(word)[:-2])
    if n is None or n > limits.NUMBER:
        c.error(word, f"this place is too far down: a number in a rule is at most {limits.SAID_NUMBER}")
        return limits.NUMBER
    if n < 1:
        c.error(word, f'"{word}" is no place: the top card is {top}')
    elif str(word).lower() != ordinal(n):
        c.error(word, f'write "{ordinal(n)}", not "{word}"')
    return max(n, 1)


@register("nth_one", E, "Nth card of ZONE | card N of ZONE",
          "The card at the Nth place of an ordered zone counted from its top (1st or card 1 is the top card, "
          "2nd the one under it), or none when the zone holds fewer cards (or N is below 1). A zone of each "
          "player named alone is every player's, in seat order, counted from the top of the last one.",
          example="rank of 2nd card of show",
          params=(('Nth', 'place', 'a whole number and its ending: 1st, 2nd, 3rd, 4th...'),
                  ('N', 'number', 'the place as a number or a variable: "card k of show"'),
                  ('ZONE', 'zone', 'an ordered zone')))
def _nth_one(c, tree, scope):
    *place, zone = tree.children
    if len(place) == 2:
        word = place[1]
        if str(word) != "card":
            c.error(word, f'write "{place[0]} card of ZONE", not "{place[0]} {word}"')
        n = place_number(c, place[0], "the 1st card")
        nfn, card = _const(n), f"{place[0]} card"
    else:
        nfn, _ = c.expect(place[0], scope, ("number",), 'the place after "card"')
        card = f"card {c.source(place[0])}"
    zfn, t = _ordered_zone(c, zone, scope, card, 'the zone after "of"')
    return (lambda s, env: nth_of(s, zfn(s, env), nfn(s, env))), t


def nth_of(s, zones, n) -> object:
    """The nth card from the top of `zones` read as one pile (the last zone on top), or None."""
    if not isinstance(n, int) or n < 1:
        return None
    held = s.zones
    for z in reversed(zones):
        if n <= len(held[z]):
            return held[z][-n]
        n -= len(held[z])
    return None


@register("bottom_one", E, "bottom card of ZONE",
          "The card at the bottom of an ordered zone, or none when it is empty.",
          params=(('ZONE', 'zone', 'an ordered zone'),))
def _bottom_one(c, tree, scope):
    if str(tree.children[0]) == "effect":
        return end_effect(c, tree.children[1], "bottom")
    zfn, t = _end_card(c, tree, scope, "bottom")

    def bottom(s, env):
        zones = s.zones
        for z in zfn(s, env):
            if zones[z]:
                return zones[z][0]
        return None
    return bottom, t


@register("first_of", E, "first of SELECTOR",
          "The first card or player the selector picks, or none: cards zone by zone (each player's zones in seat "
          "order), each zone from the bottom up; players in seat order. \"first of (cards in played where its "
          "rank = best)\" is the first played of equal cards.",
          params=(('SELECTOR', 'selector', 'what is picked from'),))
def _first_of(c, tree, scope):
    sfn, t = c.selector(tree.children[0], scope, sets=True)
    first = getattr(sfn, "first", None)      # sets of cards: the first that holds, the others not made
    if first is not None:
        return first, single(t)
    return (lambda s, env: found[0] if (found := sfn(s, env)) else None), single(t)


@register("last_of", E, "last of SELECTOR", "The last card or player the selector picks, or none.",
          params=(('SELECTOR', 'selector', 'what is picked from'),))
def _last_of(c, tree, scope):
    sfn, t = c.selector(tree.children[0], scope, sets=True)
    return (lambda s, env: found[-1] if (found := sfn(s, env)) else None), single(t)


def _extreme(c: Compiler, tree, scope: Scope, highest: bool):
    word, sel = tree.children
    word = str(word)
    sfn, t = c.selector(sel, scope)
    if isinstance(c.names.properties.get(word), tuple):
        c.error(tree.children[0], f'"{word}" holds several words: highest and lowest need a number or a '
                                  f'property with one_of')
        return _const(None), ANY
    read, rt = read_each(c, tree, sel, t, word, scope, "@each")
    order = None
    if rt.kind == "word":
        order = {w: i for i, w in enumerate(c.names.one_of[rt.of])}
    elif rt.kind not in ("number", "any"):
        known = [p for p, d in c.names.properties.items() if not isinstance(d, tuple)]
        c.error(tree.children[0], f'"{word}" is not a number{did_you_mean(word, known)}: highest and lowest '
                                  f'need a number or a property with one_of')
        return _const(None), ANY

    def extreme(s, env):
        outer = env.get("@each")
        found = best = None
        for x in sfn(s, env):
            env["@each"] = x
            v = read(s, env)
            if v is None:
                continue
            k = order[v] if order is not None else v
            if best is None or (k > best if highest else k < best):
                found, best = v, k
        env["@each"] = outer
        return found
    return extreme, (rt if order is not None else NUMBER)


@register("highest", E, "highest NAME of SELECTOR",
          "The greatest value of a number (a property, a counter, damage) or of a property of one word, by the "
          "order of its words, among what the selector picks; none when it picks nothing.",
          example="highest rank of (cards in played where its suit = led)",
          params=(('NAME', 'number or property of one word', 'what is compared'), ('SELECTOR', 'selector', 'among what')))
def _highest(c, tree, scope):
    return _extreme(c, tree, scope, True)


@register("lowest", E, "lowest NAME of SELECTOR", "The least value, the same way.",
          example="lowest score of players",
          params=(('NAME', 'number or property of one word', 'what is compared'), ('SELECTOR', 'selector', 'among what')))
def _lowest(c, tree, scope):
    return _extreme(c, tree, scope, False)
