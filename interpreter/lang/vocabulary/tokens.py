"""Making tokens: "create 3 "Silver Hand Recruit" tokens", "create a "The Coin" token
under opponent's control into opponent's hand as coin". The token's name is looked up
among the tokens the card files declare once the whole pack is read (packs/tokens.py)."""
from __future__ import annotations

from lark import Tree

from ...engine import tokens
from ...engine.state import PlayerRef
from ..compiler import Compiler, Scope
from ..registry import register
from ..static_types import T, as_set
from .statements import player_of


@register("create", "statement", 'create N "NAME" token(s) [under PLAYER\'s control] [into ZONE] [as VARIABLE]',
          "Makes N tokens of the name the card files declare (under tokens:): new cards, owned and controlled by "
          "the player under whose control they are made (you, unless named), put into the zone given (that "
          "player's zone with role play, unless named), as cards entering it. A full zone takes none (\"no room "
          "in ...\"). A token anywhere but the zones tokens exist in (pack.yaml, tokens: exist_in) ceases to exist "
          "at the next check of the rules. The second token of a name reads \"Spirit #2\" in logs and options; a "
          "player who cannot see the zone it is made in (another player's hand) reads \"a card is created in ...\"; "
          "\"name of it\" is the name. As VARIABLE: the token made (one), or the tokens.",
          example='create 2 "Spirit" tokens',
          params=(('N', 'number', 'how many'), ('NAME', 'token', 'a token the card files declare'),
                  ('PLAYER', 'player', "whose control (yours if omitted)"), ('ZONE', 'zone', 'where (optional)'),
                  ('VARIABLE', 'variable', 'what was made (optional)')))
def _create(c: Compiler, tree, scope: Scope):
    amount, name_node, under, zone, named = tree.children
    name = str(name_node)[1:-1]
    c.token_uses.append((name, c.place(name_node)))
    nfn, _ = c.expect(amount, scope, ("number",), "how many tokens")
    owner = _under(c, under, scope)
    zfn = c.expect(zone, scope.child(), ("zone",), "where the tokens go")[0] if zone is not None else None
    play = c.names.roles.get("play")
    if zfn is None and play is None:
        c.error(tree, 'a token goes into the zone with role play unless "into ZONE" says where, and the pack has none')
    one = isinstance(amount, Tree) and amount.data == "one"
    var = str(named) if named is not None else None
    if named is not None:
        c.bind(named, scope, T("card") if one else as_set(T("card")))
    c.note("*")

    def create(s, env):
        p = owner(s, env)
        made = []
        if isinstance(p, PlayerRef):
            definition = s.t.pack.tokens[name]
            zones = zfn(s, env) if zfn is not None else s.t.named[play]
            # A zone of each player named alone ("into board") is the controller's.
            where = zones[p.seat] if len(zones) > 1 else zones[0] if zones else None
            for _ in range(nfn(s, env) or 0):
                if where is None:
                    break
                made_one = tokens.create(s, definition, p.seat, where, env.get("this"))
                if made_one is None:
                    break
                made.append(made_one)
        if var is not None:
            env[var] = (made[0] if made else None) if one else tuple(made)
    return create


def _under(c: Compiler, under, scope: Scope):
    """Whose control the tokens are made under: "under PLAYER's control", you by default."""
    if under is None:
        return player_of(c, None, scope, "whose control")
    whose, word = under.children
    if str(word) != "control":
        c.error(word, f'write "under PLAYER\'s control", not "under ... {word}"')
    return player_of(c, whose, scope, "whose control the tokens are made under")
