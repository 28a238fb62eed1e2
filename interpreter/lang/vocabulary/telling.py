"""Telling players things: cards revealed to all or to one, and log lines the pack
writes, whose {VALUE} parts are values of the language shown as people read them."""
from __future__ import annotations

from ...engine import knowledge
from ...engine.primitives import zone_label
from ...engine.wording import and_list
from ..registry import register
from .statements import asker_of, objects, player_of
from .texts import text_parts

ST = "statement"


def tell(s, kind: str, render, env, to) -> None:
    """Log a text the pack writes: each player reads the cards they may see; `to` only."""
    text, named = render(s, env, None)
    if to is not None:
        s.say(kind, text, (to,), None)
        return
    if all(knowledge.sees(s, c, seat) for c in named for seat in range(len(s.out))):
        s.say(kind, text)
        return
    s.say_each(kind, lambda reader: render(s, env, reader)[0])      # each reads only the cards they may see


@register("announce", ST, 'announce "TEXT" [to PLAYER]',
          "Writes a line in the log, with {VALUE} parts: values of the language shown as people read them "
          "(players and cards by name, a card a reader may not see as \"a card\", an effect on the pile by its "
          "ability and card, \"Stir of Lurker\", sets with commas, none as nobody or nothing), or what a selector "
          "picks (\"{players where it != taker}\"). With \"to\", only "
          "that player reads it.",
          example='announce "{taker} takes the trick"',
          params=(('TEXT', 'text', 'the line, in quotes'), ('PLAYER', 'player', 'who alone reads it (optional)')))
def _announce(c, tree, scope):
    token, to = tree.children
    render = text_parts(c, token, scope) or (lambda s, env, reader, t=str(token)[1:-1]: (t, []))
    tfn = player_of(c, to, scope, "who reads it") if to is not None else None

    def announce(s, env):
        p = tfn(s, env) if tfn is not None else None
        if tfn is not None and p is None:
            return
        tell(s, "announce", render, env, p.seat if p is not None else None)
    return announce


@register("reveal", ST, "reveal CARDS [to PLAYER]",
          "Shows cards to every player (\"Ann reveals Seven of Stars, Seven of Moons\"), or to one (\"Ann shows "
          "Seven of Stars to Ben\"; the others read \"Ann shows a card to Ben\", as does Ann where she does not see "
          "the cards: a hand held facing away). From a team's zone (per: team) "
          "its players show them, named as the zone is: \"North and South reveal Two\". They know the cards wherever "
          "the cards go, face down too, until a card is put at a random place in a zone they do not see, or its "
          "zone is shuffled (an ordered one: a hand has no order to lose).", example="reveal given",
          params=(('CARDS', 'cards', 'what is shown'), ('PLAYER', 'player', 'who alone sees them (optional)')))
def _reveal(c, tree, scope):
    objs, to = tree.children
    ofn, _ = objects(c, objs, scope, "reveal", ("card", "cards"))
    tfn = player_of(c, to, scope, "who sees them") if to is not None else None

    def reveal(s, env):
        cards = [x for x in ofn(s, env) if type(x) is int]
        if not cards:
            return
        p = tfn(s, env) if tfn is not None else None
        knowledge.show(s, cards, range(len(s.out)) if p is None else (p.seat,))
        if s.quiet:         # no log: the words are not worked out
            return
        # Who holds the cards' zone: its player, or every player of a team's zone.
        holders = s.t.holders(s.zone_of[cards[0]])
        who = and_list(s.t.players[h].name for h in holders) if holders else "the table"
        verb = "s" if len(holders) == 1 else ""
        names = ", ".join(s.t.names[x] for x in cards)
        if p is None:
            if not holders:
                s.say("reveal", f"{names} {'is' if len(cards) == 1 else 'are'} revealed")
            else:
                s.say("reveal", f"{who} reveal{verb} {names}")
            return
        some = "a card" if len(cards) == 1 else f"{len(cards)} cards"
        seen = _named_to(s, cards, p.seat, holders)
        s.say("reveal", f"{who} show{verb} {names} to {p.name}", seen, f"{who} show{verb} {some} to {p.name}")
    return reveal


@register("look_at", ST, "[PLAYER] look(s) at CARDS",
          "The player sees the cards, where they are, and the others read that they did (\"Ann looks at Ann's "
          "library\", all of it; \"Ann looks at Fox and Eel in Ben's hand\", and the others read \"Ann looks at 2 "
          "cards in Ben's hand\", as does Ben where he does not see his hand). A choice names "
          "only the cards its player sees: a card in a zone they do not see (their library, another player's "
          "hand) is offered as \"a card\", told apart by its place, unless it was looked at or revealed and has not "
          "moved since. So a search of a library reads \"you look at all cards in your library\", then the choice.",
          example="you look at all cards in your library",
          params=(('PLAYER', 'player', 'who looks (you if omitted)'), ('CARDS', 'cards', 'what they look at')))
def _look_at(c, tree, scope):
    who, objs = tree.children
    pfn = asker_of(c, who, scope, "who looks")
    ofn, _ = objects(c, objs, scope, "look at", ("card", "cards"))

    def look_at(s, env):
        cards = [x for x in ofn(s, env) if type(x) is int]
        if not cards:
            return
        p = pfn(s, env)
        knowledge.show(s, cards, (p.seat,))
        if s.quiet:
            return
        zones = list(dict.fromkeys(s.zone_of[x] for x in cards))
        if len(zones) == 1 and zones[0] >= 0 and len(s.zones[zones[0]]) == len(cards):
            s.say("look", f"{p.name} looks at {zone_label(s, zones[0])}")     # a whole zone: a library searched
            return
        where = and_list([zone_label(s, z) for z in zones if z >= 0])
        where = f" in {where}" if where else ""
        some = "a card" if len(cards) == 1 else f"{len(cards)} cards"
        seen = _named_to(s, cards, p.seat, set().union(*(s.t.holders(z) for z in zones if z >= 0)))
        s.say("look", f"{p.name} looks at {and_list([s.t.names[x] for x in cards])}{where}", seen,
              f"{p.name} looks at {some}{where}")
    return look_at


def _named_to(s, cards, seat: int, holders) -> tuple:
    """Who reads the names of the cards shown to `seat`: they, and those of the cards'
    `holders` who see them (not the holder of a hand held facing away, which the others see)."""
    return tuple(sorted({seat, *(h for h in holders if all(knowledge.sees(s, x, h) for x in cards))}))
