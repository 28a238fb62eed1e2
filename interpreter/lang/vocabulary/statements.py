"""Statements: what scripts do. Each compiles to one or more operations `op(state, env)`."""
from __future__ import annotations

import itertools

from lark import Tree

from ...engine import lastknown, primitives, tables
from ...engine.events import close_batch, open_batch
from ...engine.knowledge import EVERYONE, say_of
from ...engine.activation import NONE, ask_choice, log_choice, log_none, none_for
from ...engine.decisions import Decision, Option, asked_again, decision, option
from ...engine.layers import controllers, stale
from ...engine.limits import LOOP, NUMBER, STEPS, count
from ...engine.model import holds
from ...engine.priority import open_window
from ...engine.replacements import carry_out, go_ahead
from ...engine.running import run_checks, run_inline
from ...engine.script import PUSHING, SUSPENDING, ScriptFrame, endless, loop_items, of_card, run_script
from ...engine.state import PlayerRef, RuleError
from ...suggest import did_you_mean
from ..compiler import Compiler, Scope
from ..registry import register
from ..static_types import ANY, MAPPING, T, as_set, single
from .offered import labels_of, seen_by_chooser
from .expressions import bare_name, too_large
from .selections import place_number, written_zone
from .texts import asked, text_parts

ST = "statement"


# ------------------------------------------------------------------ helpers
def objects(c: Compiler, tree, scope: Scope, what: str, kinds=("card", "cards", "player", "players", "object", "objects")):
    """Compile an `objects` node: returns (fn giving a tuple, static type of one item)."""
    fn, t, value = _objects(c, tree, scope, what, kinds)
    return ((lambda s, env: _tuple(fn(s, env))) if value else fn), t


def card_objects(c: Compiler, tree, scope: Scope, what: str):
    """`objects` of cards: (fn giving the cards alone, a player or none left out; static
    type of one item), in one call for a variable or a selection of cards: statements
    that tap, move or mark a card run often."""
    fn, t, value = _objects(c, tree, scope, what, ("card", "cards"))
    if not value:
        # A selection of cards holds nothing else.
        return (fn if t.kind == "card" else lambda s, env: cards_only(fn(s, env))), t
    word = getattr(fn, "env_var", None) or getattr(fn, "env_key", None)   # a variable, "this", "it"
    if word is not None:
        def var_cards(s, env):
            v = env.get(word)
            return (v,) if type(v) is int else cards_only(_tuple(v))
        return var_cards, t
    return (lambda s, env: cards_only(_tuple(fn(s, env)))), t


def _objects(c: Compiler, tree, scope: Scope, what: str, kinds):
    """(fn, static type of one item, whether fn gives a value rather than a tuple)."""
    if tree.data == "chosen":
        # compile_costs reads it in a cost; an effect has no payment to pick cards as it is made.
        amount, selector, name = tree.children
        # "tap target creature": "target" read as a number of cards, declared or not.
        word = str(amount.children[0]) if getattr(amount, "data", None) == "name" else ""
        untargeted = word and c.untargeted(word, scope, c.source(selector), what)
        if untargeted:
            c.error(tree, f'"{what} {c.source(tree)}": {untargeted}')
            return (lambda s, env: ()), T("card"), False
        name = str(name or "picked")
        c.error(tree, f'"{what} {c.source(tree)}" picks its cards as a cost is paid, and only a cost can: in an '
                      f'effect, choose them first ("choose {c.source(amount)} {c.source(selector)} as {name}", '
                      f'then "{what} {name}")')
        return (lambda s, env: ()), T("card"), False
    if tree.data == "each":
        fn, t = c.selector(tree.children[0], scope)
        return fn, single(t), False
    if tree.data == "random_one":
        sel, t = c.selector(tree.children[0], scope)

        def one(s, env):
            found = sel(s, env)
            return (found[s.randbelow(len(found))],) if found else ()
        return one, single(t), False
    node = tree.children[0]
    fn, t = c.expr(node, scope)
    if t.kind not in kinds and t.kind != "any":
        c.error(node, f'{what} needs {_words(kinds)}, but "{c.source(node)}" is {t.word()}')
    return fn, single(t), True


def _words(kinds) -> str:
    if set(kinds) <= {"card", "cards"}:
        return "cards"
    if set(kinds) <= {"player", "players"}:
        return "players"
    return "cards or players"


def _tuple(v) -> tuple:
    if v is None:
        return ()
    if isinstance(v, tuple):
        return v
    if isinstance(v, (list, set, frozenset, dict)):
        return tuple(v)
    return (v,)


def player_of(c: Compiler, tree, scope: Scope, what: str):
    if tree is None:
        c.note("*")     # "you": the active player in the checks, who changes without a change noted
        return lambda s, env: env["you"]
    fn, _ = c.expect(tree, scope, ("player",), what)
    return fn


def asker_of(c: Compiler, tree, scope: Scope, what: str):
    """The player a choice asks (player_of): one that is none (a table value not set yet)
    stops the game with the rule named, as nobody can answer."""
    fn = player_of(c, tree, scope, what)
    if tree is None:
        return fn       # you: never none
    said, where = c.source(tree), c.where(tree)

    def asked(s, env):
        p = fn(s, env)
        if p is None:
            raise RuleError(f'"{said}"{of_card(s, env)} is none: there is nobody to ask', where)
        return p
    return asked


def to_player(c: Compiler, tree, scope: Scope, what: str, act):
    """A statement that does `act(state, seat)` to the player `tree` names (none: nothing)."""
    pfn = player_of(c, tree, scope, what)

    def to(s, env):
        p = pfn(s, env)
        if p is not None:
            act(s, p.seat)
    return to


def cards_only(items):
    return [x for x in items if type(x) is int]


def check_duration(c: Compiler, node, scope):
    if node is None:
        return None
    word = str(node.children[0])
    if word not in c.names.durations:
        c.error(node.children[0], f'unknown duration "{word}"{did_you_mean(word, c.names.durations)}')
    return word


# ------------------------------------------------------------------ verbs
@register("deal", ST, "deal N damage to TARGET [from SOURCE] [as KIND]",
          "Deals damage to a card that can be damaged or to a player; redirection and prevention apply. "
          "The source is this card unless named (a rule's damage, in a phase script or a replacement, has none). "
          "As KIND: damage of a kind the pack declares (damage: kinds), which triggers may watch for "
          "(\"whenever this deals combat damage to a player\").",
          params=(("N", "number", "how much"), ("TARGET", "card or player", "who is dealt it"),
                  ("SOURCE", "card", "what deals it (this card if omitted)"), ("KIND", "damage kind", "its kind (optional)")))
def _deal(c: Compiler, tree, scope: Scope):
    amount, target, source, kind_node = tree.children
    kind = ""
    if kind_node is not None:
        kind = str(kind_node)
        if kind not in c.names.damage_kinds:
            from .triggers import _unknown_kind
            c.error(kind_node, _unknown_kind(c, kind))
    afn, _ = c.expect(amount, scope, ("number",), "the damage")
    tfn, tt = c.expr(target, scope)
    if tt.kind not in ("card", "player", "object", "any"):
        c.error(target, f'damage needs a creature or player target, but "{c.source(target)}" is {tt.word()}')
    elif tt.kind in ("card", "object") and tt.ctypes is not None and not (tt.ctypes & c.names.damageable):
        kinds = " or ".join(sorted(c.names.damageable)) or "damageable card"
        what = " or ".join(sorted(tt.ctypes)) or "any card"
        c.error(target, f'damage needs a {kinds} or player target, but "{c.source(target)}" can be {what}')
    elif tt.kind == "player" and not c.names.players_damaged:
        c.error(target, f'"{c.source(target)}" is a player, and pack.yaml names no player counter that damage lowers: '
                        f'add "damage: {{to_players: COUNTER}}" (life, say)')
    if source is not None:
        sfn = _damageable(c, source, scope, "the source of damage")
    elif scope.this is not None:
        sfn = lambda s, env: env["this"]
    else:
        # A phase script's or a replacement's damage has no source; a player's own
        # ability's has the player.
        sfn = lambda s, env: env.get("@by")

    where = c.where(target)

    def dealt_to(s, env, t):
        if type(t) is not int and not isinstance(t, PlayerRef):
            # A value of any kind (a mark's, a table's) may hold what damage cannot be dealt to.
            said = "true" if t is True else "false" if t is False else tables.shown(t)
            raise RuleError(f'"{where.text}"{of_card(s, env)} is {said} here, not a card or a player: damage is '
                            f'dealt to one', where)
        primitives.deal(s, sfn(s, env), t, afn(s, env) or 0, kind)

    if "damage" in c.names.replaced:
        return _replaceable("damage", lambda s, env: _tuple(tfn(s, env)), sfn, dealt_to)

    def deal(s, env):
        t = tfn(s, env)
        if t is not None:
            dealt_to(s, env, t)
    return deal


def _card_word(c, node, amount):
    if str(node) not in ("card", "cards"):
        one = isinstance(amount, Tree) and amount.data == "one"     # "a card", "one card"
        c.error(node, f'write "{"card" if one else "cards"}" here, not "{node}"')


@register("draw_you", ST, "draw N cards [as NAME]", "You draw N cards (\"draw a card\"). An empty deck refills as its zone says; with nothing to draw, "
          "or a full hand, nothing more is drawn. One statement draws at most as many cards as the game has. With \"as\", "
          "NAME holds the card drawn (\"draw a card as fished\": none if none was) or the cards drawn. The pack's "
          "replacements of the event draw may replace each card's draw.",
          example="draw a card as fished",
          params=(('N', 'number', 'how many cards'), ('NAME', 'name', 'what holds the cards drawn (optional)')))
def _draw_you(c, tree, scope):
    amount, word, named = tree.children
    _draw_roles(c, tree)
    c.note("*")
    return _draws(c, scope, lambda s, env: env["you"], amount, word, named)


@register("one", "expression", "a / an / one", "The number 1, before a noun.")
def _one(c, tree, scope):
    return (lambda s, env: 1), T("number")


@register("draw", ST, "PLAYER draws N cards [as NAME]", "That player draws N cards, as \"draw N cards\" does.",
          example="next player draws 2 cards",
          params=(('PLAYER', 'player', 'who draws'), ('N', 'number', 'how many cards'),
                  ('NAME', 'name', 'what holds the cards drawn (optional)')))
def _draw(c, tree, scope):
    who, amount, word, named = tree.children
    _draw_roles(c, tree)
    return _draws(c, scope, player_of(c, who, scope, "who draws"), amount, word, named)


def _draws(c, scope, pfn, amount, word, named):
    """A draw of N cards by the player `pfn` gives; with a name, the cards drawn are kept
    under it (one card, or a set when N is not "a")."""
    _card_word(c, word, amount)
    nfn, _ = c.expect(amount, scope, ("number",), "how many cards")
    one = isinstance(amount, Tree) and amount.data == "one"
    var = str(named) if named is not None else None
    if named is not None:
        c.bind(named, scope, T("card") if one else as_set(T("card")))

    def keep(env, drawn):
        if var is not None:
            env[var] = (drawn[0] if drawn else None) if one else tuple(drawn)

    if "draw" in c.names.replaced:
        return _replaced_draws(pfn, nfn, _this_source(scope), keep)

    def draw(s, env):
        p = pfn(s, env)
        keep(env, primitives.draw(s, p.seat, nfn(s, env) or 0) if p is not None else [])
    return draw


def _replaced_draws(pfn, nfn, source_fn, keep):
    """Draws the pack's replacements of draw may replace, one check a card: the cards drawn
    so far are kept under a key of their own while a replacement's effect runs."""
    drawn_key = f"@drawn{next(_REST)}"

    def act(s, env, p):
        # Each card is drawn alone; cards dealt one by one are still told in one line.
        env[drawn_key] = env.get(drawn_key, ()) + tuple(primitives.draw(s, p.seat, 1, one_line=True))
        keep(env, env[drawn_key])

    def begin(s, env):
        p = pfn(s, env)
        env.pop(drawn_key, None)
        keep(env, ())
        return (p,) * min(nfn(s, env) or 0, len(s.t.cards)) if p is not None else ()
    return _replaceable("draw", begin, source_fn, act)


def _draw_roles(c, tree) -> None:
    """A card is drawn from its player's deck into their hand: the zones of those roles."""
    for role in ("deck", "hand"):
        if role not in c.names.roles:
            c.error(tree, f'a draw needs a zone with the role "{role}", and the pack has none')


def _destination(c, zone_node, scope, item_type):
    """A zone to put cards into, read once for each card (\"its owner's discard\")."""
    inner = scope.child(it=item_type)
    zfn, zt = c.expect(zone_node, inner, ("zone",), "where the cards go")
    return zfn


def _put(c, tree, scope, bottom=False, face_down=False, depth=None):
    objs, zone = tree.children[:2]
    ofn, it = card_objects(c, objs, scope, "put")
    zfn = _destination(c, zone, scope, it)
    you_zone = _unowned_zone_default(c, zone)
    if you_zone is not None:
        c.note("*")
    teams = you_zone is not None and c.names.zones[you_zone].per_team     # your team's: its first seat's
    source = _this_source(scope)

    def destination(s, env, x):
        saved = env.get("it")
        env["it"] = x
        zones = zfn(s, env)
        env["it"] = saved
        if not zones:
            return None
        if len(zones) == 1 or not you_zone:
            return zones[0]
        return s.t.zone(you_zone, s.t.leads[env["you"].seat] if teams else env["you"].seat)

    def act(s, env, x):
        dest = destination(s, env, x)
        if dest is not None:
            primitives.move_logged(s, x, dest, bottom=bottom, face_down=face_down, source=source(s, env))

    if depth is not None:
        def act(s, env, x):
            dest = destination(s, env, x)
            if dest is not None:
                primitives.move_logged(s, x, dest, source=source(s, env), depth=depth)

    if "move" in c.names.replaced:
        return _replaceable("move", ofn, source, act,
                            into=lambda s, env, x: _zone_name(s, destination(s, env, x)))

    def put(s, env):
        together = open_batch(s)        # the cards it moves move together (triggers see them leave together)
        for x in ofn(s, env):
            act(s, env, x)
        close_batch(s, together)
    return put


def _zone_name(s, zone):
    return s.t.zone_meta[zone][0].name if zone is not None else None


def _unowned_zone_default(c, zone_node):
    """`put this into play`: a per-player zone named alone means your own."""
    if getattr(zone_node, "data", None) == "name":
        word = str(zone_node.children[0])
        z = c.names.zones.get(word)
        if z is not None and z.per_player:
            return word
    return None


@register("put", ST, "put CARDS into ZONE [face down]", "Moves cards to the top of a zone. A zone named alone (\"into play\") is your own; \"its owner's hand\" is read for each card. "
          "The cards it moves the same way are one line of the log (\"Fox and Eel move from Ann's hand to discard\"; \"2 cards move ...\" for whoever may not see them). "
          "Face down, only those who saw the cards before know what they are; a face-down card has no types, keywords or abilities, "
          "its properties are those of the pack's face_down, and it turns face up in any zone but play and the pile.",
          params=(('CARDS', 'cards', 'what moves'), ('ZONE', 'zone', 'where to (the top)')))
def _put_into(c, tree, scope):
    return _put(c, tree, scope, face_down=tree.children[2] is not None)


@register("put_top", ST, "put CARDS on top of ZONE", "Moves cards to the top of a zone.",
          params=(('CARDS', 'cards', 'what moves'), ('ZONE', 'zone', 'where to')))
def _put_top(c, tree, scope):
    return _put(c, tree, scope, bottom=False)


@register("put_bottom", ST, "put CARDS on bottom of ZONE", "Moves cards to the bottom of a zone.",
          params=(('CARDS', 'cards', 'what moves'), ('ZONE', 'zone', 'where to')))
def _put_bottom(c, tree, scope):
    return _put(c, tree, scope, bottom=True)


@register("put_random", ST, "put CARDS into ZONE at a random place",
          "Moves cards into an ordered zone, each to a place drawn with the game's seeded random source: any of the "
          "places between its cards, top and bottom included, as likely (a card buried in the stock). In a hidden "
          "zone nobody learns where.",
          example="put top card of discard into stock at a random place",
          params=(('CARDS', 'cards', 'what moves'), ('ZONE', 'zone', 'an ordered zone')))
def _put_random(c, tree, scope):
    _ordered(c, tree.children[1])
    return _put(c, tree, scope, depth=primitives.RANDOM)


@register("put_nth", ST, "put CARDS into ZONE Nth from top",
          "Moves cards into an ordered zone, each to the Nth place from its top (1st is the top, 2nd under the top "
          "card); the bottom when the zone holds fewer cards. Cards put together go there one after the other, "
          "the last one put ending at that place.",
          example="put it into its owner's deck 3rd from top",
          params=(('CARDS', 'cards', 'what moves'), ('ZONE', 'zone', 'an ordered zone'),
                  ('Nth', 'place', 'a whole number and its ending: 1st, 2nd, 3rd, 4th...')))
def _put_nth(c, tree, scope):
    n = place_number(c, tree.children[2], "1st from top")
    _ordered(c, tree.children[1])
    return _put(c, tree, scope, depth=n)


def _ordered(c, zone) -> None:
    """A zone written out must be ordered: one that is not keeps its cards in no order."""
    name = written_zone(c, zone)
    if name is not None and not c.names.zones[name].ordered:
        c.error(zone, f'"{name}" is not ordered, so it has no places to put a card at: give it "ordered: true" '
                      f'under zones, or write "put CARDS into {name}"')


_BY = ('SOURCE', 'card', "the card that does it, which the pack's replacements read as source "
                          "(this card if omitted): the creature a fight was lost to")


@register("discard", "statement", "discard CARDS [face down] [by SOURCE]",
          "Puts cards into their owner's discard zone (the zone whose role is discard); face down, only those "
          "who saw them before know what they are. Also a cost, which may pick its cards (\"discard a card in your hand\").",
          params=(('CARDS', 'cards', "what goes to its owner's discard"), _BY))
def _discard(c, tree, scope):
    return _to_discard(c, tree, scope, "discard", tree.children[1] is not None, tree.children[2])


@register("sacrifice", "statement", "sacrifice CARDS [by SOURCE]",
          "Puts cards into their owner's discard zone, like discard; the pack's replacements tell the two apart "
          "(a card saved from being discarded may still be sacrificed). Also a cost, which may pick its cards (\"sacrifice a goblin creature you control\").",
          params=(('CARDS', 'cards', "what goes to its owner's discard"), _BY))
def _sacrifice(c, tree, scope):
    return _to_discard(c, tree, scope, "sacrifice", False, tree.children[1])


def _to_discard(c, tree, scope, event, face_down, by, ofn=None):
    """`ofn`: the cards, where the statement does not name them (a cost that picks them)."""
    if ofn is None:
        ofn, _ = card_objects(c, tree.children[0], scope, event)
    source = _this_source(scope) if by is None else _source_card(c, by.children[0], scope)
    zone = c.names.roles.get("discard")
    if zone is None:
        c.error(tree, 'the pack has no zone with the role "discard"')
        return None

    def act(s, env, x):
        primitives.move_logged(s, x, s.t.zone(zone, s.owner[x]), face_down=face_down, source=source(s, env))

    if event not in c.names.replaced and "move" not in c.names.replaced:
        def discard(s, env):
            together = open_batch(s)
            for x in ofn(s, env):
                act(s, env, x)
            close_batch(s, together)
        return discard
    # A card discarded or sacrificed moves, too: into the discard zone.
    moves = ("move",) if "move" in c.names.replaced else ()
    return _replaceable(event, ofn, source, act,
                        into=lambda s, env, x: zone, events=moves)


def _this_source(scope):
    """The card whose ability runs the statement, for replacements that ask what does it."""
    if scope.this is None:
        return lambda s, env: None
    return lambda s, env: env.get("this")


def _source_card(c: Compiler, node, scope: Scope):
    """The card named after "by": what a replacement reads as source."""
    fn, t = c.expr(node, scope)
    if t.kind not in ("card", "object", "any"):
        c.error(node, f'the source after "by" needs a card, but {c.quoted(node)} is {t.word()}')
    return lambda s, env: (v if type(v := fn(s, env)) is int else None)


_REST = itertools.count()     # each replaceable statement keeps the cards it has yet to do under its own key


def _replaceable(event, items_fn, source_fn, act, into=None, events: tuple = ()):
    """A statement that the pack's replacements may replace for each card it acts on;
    `into(s, env, x)` names the zone a card would move into, `events` the other events
    the statement is too."""
    key = f"@rest{next(_REST)}"

    @suspends
    def replaceable(s, env):
        items = env.pop(key, None)
        if items is None:
            items = items_fn(s, env)
        source = source_fn(s, env)
        where = (lambda x: into(s, env, x)) if into is not None else None
        together = open_batch(s)
        carry_out(s, env, event, items, source, lambda x: act(s, env, x), key, where, events)
        close_batch(s, together)
    return replaceable


@register("shuffle", ST, "shuffle ZONE", "Shuffles a zone with the game's seeded random source.",
          params=(('ZONE', 'zone', 'what is shuffled'),))
def _shuffle(c, tree, scope):
    zfn, _ = c.expect(tree.children[0], scope, ("zone",), "what is shuffled")

    def shuffle(s, env):
        for z in zfn(s, env):
            primitives.shuffle(s, z)
    return shuffle


@register("tap", ST, "tap CARDS", "Taps cards (turns them sideways: used). Also a cost, which may pick its cards (\"tap an untapped creature you control\").",
          params=(('CARDS', 'cards', 'what is tapped'),))
def _tap(c, tree, scope):
    ofn, _ = card_objects(c, tree.children[0], scope, "tap")

    def tap(s, env):
        for x in ofn(s, env):
            primitives.tap(s, x, True)
    return tap


@register("untap", ST, "untap CARDS", "Untaps cards.",
          params=(('CARDS', 'cards', 'what is untapped'),))
def _untap(c, tree, scope):
    ofn, _ = card_objects(c, tree.children[0], scope, "untap")

    def untap(s, env):
        for x in ofn(s, env):
            primitives.tap(s, x, False)
    return untap


@register("remove_damage", ST, "remove all damage from X", "Removes the damage marked on a card, and damage dealt to it or to a player and not yet applied.",
          params=(('X', 'card or player', 'whose damage goes'),))
def _remove_damage(c, tree, scope):
    ofn, _ = objects(c, tree.children[0], scope, "remove damage")

    def remove(s, env):
        damage = s.damage
        for x in ofn(s, env):
            if s.pending or type(x) is not int or damage[x]:    # most cards have none to remove
                primitives.remove_damage(s, x)
    return remove


def _change(c, tree, scope, sign):
    if scope.mode == "static":
        from .continuous import static_change
        return static_change(c, tree, scope, sign)
    word, objs, amount, duration = tree.children
    word = str(word)
    if _pair_of(objs) is not None:
        nfn, _ = c.expect(amount, scope, ("number",), "the change")
        return _keyed_change(c, tree, _pair_of(objs), word, scope, lambda s, env, old: old + sign * (nfn(s, env) or 0))
    ofn, it = objects(c, objs, scope, "increase or decrease", _COUNTED)
    ofn = _of_teams(c, tree, ofn, it, word)
    nfn, _ = c.expect(amount, scope, ("number",), "the change")
    dur = check_duration(c, duration, scope)
    names = c.names
    where = c.where(tree)
    if word in names.player_counters:
        if duration is not None:
            c.error(duration, f'a counter of a player changes for good; "{word}" takes no duration')
        if names.counters[word].kind != "number":
            c.error(tree.children[0], f'"{word}" holds {holds(names.counters[word])}: only a number can be '
                                      f'increased or decreased')
            return None
        if names.counters[word].log or names.counters[word].shared:
            def change_logged(s, env):
                n = sign * (nfn(s, env) or 0)
                for p in ofn(s, env):
                    if isinstance(p, PlayerRef):
                        tables.set_counter(s, p.seat, word, bounded(s, env, s.pvars[p.seat].get(word, 0) + n, word, p.name))
            return change_logged

        def change_player(s, env):
            n = sign * (nfn(s, env) or 0)
            for p in ofn(s, env):
                if isinstance(p, PlayerRef):
                    s.pvars[p.seat][word] = bounded(s, env, s.pvars[p.seat].get(word, 0) + n, word, p.name, where)
                    tables.counter_changed(s, word)
                    if s.t.layered:
                        stale(s)
            return None
        return change_player
    if word in names.card_counters:
        def change_counter(s, env):
            n = sign * (nfn(s, env) or 0)
            for x in cards_only(ofn(s, env)):
                _add_counter(s, env, x, word, n, where)
        return change_counter
    if word in names.one_of or word in names.property_words.values():
        held = "a word" if word in names.one_of else "words"
        c.error(tree.children[0], f'"{word}" holds {held}: only a number can be increased or decreased')
        return None
    if word in names.properties:
        c.changed_props.add(word)       # a card's value of it may differ from the printed one

        def change_card(s, env):
            n = sign * (nfn(s, env) or 0)
            for x in cards_only(ofn(s, env)):
                bounded(s, env, s.moddelta.get((x, word), 0) + n, word, s.t.names[x], where)
                primitives.add_mod(s, ("stat", dur, x, word, n))
                if not s.quiet:
                    say_of(s, "modify", x, f" gets {'+' if n >= 0 else ''}{n} {word}" + (f" until end of {dur}" if dur else ""))
        return change_card
    known = [*names.player_counters, *names.card_counters, *names.properties]
    c.error(tree.children[0], f'unknown counter or property "{word}"{did_you_mean(word, known)}')
    return None


# What a counter is changed of: a card, a player, or a team (a counter it shares).
_COUNTED = ("card", "cards", "player", "players", "object", "objects", "team", "teams")


def _of_teams(c, tree, ofn, it, word: str):
    """The objects of "increase score of t by 10" as players: a team's counter (shared:
    team) is changed through its first player, and every player of the team shares it."""
    if it.kind != "team":
        return ofn
    c.need_teams(tree.children[0], f'"{word} of TEAM"')
    d = c.names.counters.get(word)
    if d is None or d.shared != "team":
        shared = [n for n, x in c.names.counters.items() if x.shared == "team"]
        said = f'"{word}" is each player\'s own, not a team\'s' if d is not None else \
            f'a team has no counter "{word}"{did_you_mean(word, shared)}'
        c.error(tree.children[0], f'{said}: a team keeps the player counters declared with shared: team')
        return lambda s, env: ()
    return lambda s, env: tuple(s.t.players[s.t.team_seats[team][0]] for team in ofn(s, env) if team in s.t.team_seats)


def _pair_of(objs):
    """The (PLAYER, CARD) a statement names after "of", or None."""
    node = objs.children[0] if getattr(objs, "data", None) == "objects" and objs.children else None
    return node if getattr(node, "data", None) == "pair" else None


def _keyed_change(c, tree, pair, word: str, scope, new):
    """A counter kept for each card, changed: `new(s, env, old)` is its new value."""
    from .expressions import keyed_pair
    found = keyed_pair(c, tree, pair, word, scope)
    if found is None:
        return None
    pfn, cfn = found

    def change_keyed(s, env):
        p, card = pfn(s, env), cfn(s, env)
        if p is not None and card is not None:
            old = tables.keyed(s, word, p.seat, card)
            tables.set_keyed(s, word, p.seat, card, bounded(s, env, new(s, env, old), word, p.name))
    return change_keyed


def bounded(s, env, v: int, word: str, whose: str, where=None) -> int:
    """A counter or a property as it is changed: the numbers of a game stay within
    limits.NUMBER. `where`: the statement changing it, in its file."""
    if -NUMBER <= v <= NUMBER:
        return v
    raise too_large(s, env, f"the {word} of {whose}", where)


def _add_counter(s, env, x, word, n, where=None):
    key = (x, word)
    v = bounded(s, env, max(0, s.counters.get(key, 0) + n), word, s.t.names[x], where)
    if v:
        s.counters[key] = v
    else:
        s.counters.pop(key, None)
    s.dirty = True
    if s.t.layered:
        stale(s)


@register("increase", ST, "increase NAME of X by N [DURATION]",
          "Raises a player's counter (life), a card's counter, or a card's property (attack) for a duration or for as long as it stays in its zone.",
          params=(('NAME', 'counter or property', 'what changes'), ('X', 'card or player', 'whose'), ('N', 'number', 'by how much'), ('DURATION', 'duration', 'how long (cards only)')))
def _increase(c, tree, scope):
    return _change(c, tree, scope, 1)


@register("decrease", ST, "decrease NAME of X by N [DURATION]", "Lowers it the same way.",
          params=(('NAME', 'counter or property', 'what changes'), ('X', 'card or player', 'whose'), ('N', 'number', 'by how much'), ('DURATION', 'duration', 'how long (cards only)')))
def _decrease(c, tree, scope):
    return _change(c, tree, scope, -1)


@register("set_value", ST, "set NAME of X to N",
          "Sets a player's counter or a card's counter; a player counter declared with `of` is set to a word of its "
          "property, a player or a card (or none).",
          example="set called of you to suit of card_played",
          params=(('NAME', 'counter', 'which counter'), ('X', 'card or player', 'whose'), ('N', 'value', 'the new value')))
def _set_value(c, tree, scope):
    word, objs, value, duration = tree.children
    word = str(word)
    if _pair_of(objs) is not None:
        vfn, _ = c.expect(value, scope, ("number",), "the new value")
        return _keyed_change(c, tree, _pair_of(objs), word, scope, lambda s, env, old: vfn(s, env) or 0)
    if scope.mode == "static" or (word in c.names.properties and word not in c.names.player_counters):
        from .continuous import set_property
        return set_property(c, tree, scope)
    if duration is not None:
        c.error(duration, f'a counter changes for good; "{word}" takes no duration')
    ofn, it = objects(c, objs, scope, "set", _COUNTED)
    ofn = _of_teams(c, tree, ofn, it, word)
    d = c.names.counters.get(word)
    if d is not None and d.kind != "number":
        return _set_held(c, d, ofn, value, scope)
    vfn, _ = c.expect(value, scope, ("number",), "the new value")
    if word in c.names.player_counters and (c.names.counters[word].log or c.names.counters[word].shared):
        def set_logged(s, env):
            v = vfn(s, env) or 0
            for p in ofn(s, env):
                if isinstance(p, PlayerRef):
                    tables.set_counter(s, p.seat, word, v, change=False)
        return set_logged
    if word in c.names.player_counters:
        def set_player(s, env):
            v = vfn(s, env) or 0
            for p in ofn(s, env):
                if isinstance(p, PlayerRef):
                    s.pvars[p.seat][word] = v
            tables.counter_changed(s, word)
            if s.t.layered:
                stale(s)
        return set_player
    if word in c.names.card_counters:
        where = c.where(tree)

        def set_card(s, env):
            v = vfn(s, env) or 0
            for x in cards_only(ofn(s, env)):
                _add_counter(s, env, x, word, v - s.counters.get((x, word), 0), where)
        return set_card
    known = [*c.names.player_counters, *c.names.card_counters]
    c.error(tree.children[0], f'unknown counter "{word}"{did_you_mean(word, known)}')
    return None


def _set_held(c, d, ofn, value, scope):
    """`set NAME of PLAYER to VALUE`, NAME a player counter that holds a word, a player or
    a card: the value is checked as a table value's is, and none is none, not 0."""
    from .tables import held_value
    vfn = held_value(c, d, value, scope)
    word = d.name

    def set_held(s, env):
        v = vfn(s, env)
        for p in ofn(s, env):
            if isinstance(p, PlayerRef):
                tables.set_counter(s, p.seat, word, v, change=False)
    return set_held


@register("mark", ST, "mark CARDS as MARK [CARD] [DURATION]",
          "Puts a mark on cards (attacking, blocking...), optionally pointing at another card; it lasts for the duration or while the card stays in its zone.",
          params=(('CARDS', 'cards', 'what is marked'), ('MARK', 'mark', 'a mark the pack declares'), ('CARD', 'card', 'what the mark points at'), ('DURATION', 'duration', 'how long')))
def _mark(c, tree, scope):
    if scope.mode == "static":
        from .continuous import static_keyword
        return static_keyword(c, tree, scope)
    objs, word, value, duration = tree.children
    word = str(word)
    ofn, _ = card_objects(c, objs, scope, "mark")
    if word not in c.names.marks and word not in c.names.keywords:
        c.error(tree.children[1], f'unknown mark "{word}"{did_you_mean(word, [*c.names.marks, *c.names.keywords])}')
    key = word if word in c.names.marks else "@" + word
    vfn = c.expr(value, scope)[0] if value is not None else (lambda s, env: True)
    dur = check_duration(c, duration, scope)

    def mark(s, env):
        v = vfn(s, env)
        for x in ofn(s, env):
            primitives.set_mark(s, x, key, v, dur, env.get("this"))
    return mark


@register("unmark", ST, "unmark CARDS as MARK", "Takes a mark off cards.",
          params=(('CARDS', 'cards', 'what is unmarked'), ('MARK', 'mark', 'which mark')))
def _unmark(c, tree, scope):
    objs, word = tree.children
    word = str(word)
    ofn, _ = card_objects(c, objs, scope, "unmark")
    if word not in c.names.marks:
        c.error(tree.children[1], f'unknown mark "{word}"{did_you_mean(word, c.names.marks)}')

    def unmark(s, env):
        marks = s.marks
        changed = False
        for x in ofn(s, env):
            if (x, word) in marks:
                del marks[(x, word)]
                changed = True
        if changed:
            primitives.mark_seen(s, word)
            if s.t.layered:
                stale(s)
    return unmark


# ------------------------------------------------------------------ choices
NONE_NAMED = ('NONE', 'text', 'what the option that picks nothing is called, for "up to one" only, with {VALUE} '
                              'parts as a question has them (optional; none if omitted)')
NO_YES = (Option("no", False), Option("yes", True))
DONE = Option("done", None)


@register("choose", ST, '[PLAYER] choose(s) QUANTITY SELECTOR as NAME ["QUESTION"] [or "NONE"]',
          "A player picks from what the selector offers: \"a\" (one; none if there is nothing), \"up to one\", "
          "N, \"up to N\" or \"any number of\". NAME holds the card or player picked, or the set of them. "
          "The player is asked QUESTION if it is given, otherwise the statement's own words; the log says what was "
          "chosen and the question (\"Ann chooses Bear (choose your attackers)\"), or NAME without one (\"as attackers\"); "
          "a none picked among the options of \"up to one\" too (\"Dan chooses none (play a card, or pass)\"). "
          "\"up to one\" offers the none as NONE if it is given (... as answer \"beat {att}\" or \"take the cards\"), "
          "so read in play, in scenarios, in records and in the log (\"Ben chooses take the cards (beat Bear)\").",
          params=(('PLAYER', 'player', 'who chooses (you if omitted)'), ('QUANTITY', 'quantity', 'a, up to one, N, up to N, any number of'), ('SELECTOR', 'selector', 'what may be chosen'), ('NAME', 'variable', 'what holds the choice'), ('QUESTION', 'text', 'what the player is asked, in quotes (optional)'),
                  NONE_NAMED))
def _choose(c, tree, scope):
    who, quantity, sel, var, question, named = tree.children
    from .choices import property_choice, value_noun
    if value_noun(c, sel, scope):
        return property_choice(c, tree, scope)
    var = str(var)
    none = none_option(c, named, quantity, scope)
    pfn = asker_of(c, who, scope, "who chooses")
    if any(one.data == "card_sets" for one in sel.children):
        c.error(sel, f'"{c.source(sel)}" picks sets of cards, of which a player chooses one: "choose a set of ..." '
                     f'(or "up to one set of ...")')
        c.bind(tree.children[3], scope, ANY)
        return lambda s, env: None
    with c.noting() as read:
        sfn, t = c.selector(sel, scope)
    plain = seen_by_chooser(c, read, who, sel, t)
    kind = quantity.data
    ask, about = asked(c, tree, question, scope, var)
    nfn = None
    if kind in ("exactly", "up_to"):
        nfn, _ = c.expect(quantity.children[0], scope, ("number",), "how many")
    c.bind(tree.children[3], scope, single(t) if kind in ("one", "up_to_one") else t)

    # In an ability's effect, the card chosen is read as it was if it leaves (engine/lastknown.py).
    named = bool(scope.looks_back)
    if kind == "one" and named:
        @suspends
        def choose_named(s, env):
            p = pfn(s, env)
            ask_choice(s, p.seat, ask(s, env, p), sfn(s, env), var, about, named=True, plain=plain)
        return choose_named
    if kind == "one":
        @suspends
        def choose_one(s, env):
            p = pfn(s, env)
            ask_choice(s, p.seat, ask(s, env, p), sfn(s, env), var, about, plain=plain)
        return choose_one
    if kind == "up_to_one":
        resume = _bind(var, about, named, none)

        @suspends
        def choose_maybe(s, env):
            p = pfn(s, env)
            found = sfn(s, env)
            if not found:
                env[var] = None
                return
            labels = labels_of(s, found, p.seat, None, plain)
            options = (none_for(none, s, env, p.seat), *[option(o) for o in zip(labels, found)])
            s.decision = decision((p.seat, ask(s, env, p), options, resume, "choice"))
        return choose_maybe
    return _choose_many(var, pfn, sfn, nfn, kind, ask, about, plain=plain)


def none_option(c: Compiler, named, quantity, scope: Scope | None = None):
    """The option of an "up to one" choice that picks nothing: "none", or the words the
    pack names it by after "or" (`... as answer "beat {att}" or "take the cards"`).
    `quantity` is None for a choice of one of the values listed. A name with {VALUE}
    parts ("take {att}") is a function (s, env, readers) -> the option, its parts
    rendered as `readers` may read them (see none_for)."""
    if named is None:
        return NONE
    token = named.children[0]
    label = str(token)[1:-1]
    if quantity is None or quantity.data != "up_to_one":
        more = ': "choose a ..." takes one when there is one' if quantity is None or quantity.data == "one" else ""
        c.error(named, f'"{label}" names the answer that picks nothing, which only "choose up to one" offers{more}')
    elif not label.strip():
        c.error(named, 'the answer that picks nothing is named in words: or "pass"')
    elif scope is not None:
        render = text_parts(c, token, scope)
        if render is not None:
            def rendered(s, env, readers):
                return Option(render(s, env, readers)[0], None)
            return rendered
    return Option(label, None)


def _bind(var, about, named: bool = False, none=NONE):
    def resume(s, value):
        env = s.frames[-1].env
        env[var] = value
        if named and type(value) is int:
            env["@" + var] = (value, s.moves[value])     # the object chosen (engine/lastknown.py)
        if value is None:
            log_none(s, s.history[-1][0], about, none)
        else:
            log_choice(s, s.history[-1][0], about, value)
    return resume


def _choose_many(var, pfn, sfn, nfn, kind, ask, about, name=None, log=log_choice, what="choice", plain=None):
    """Several picks, one decision each, in the order the cards are listed, so
    that each set is reached one way only. `name(s, x)` labels an item (a card's name by
    default) and `log` says what was chosen, and what for (`about`, see log_choice)."""
    partial = "@" + var

    @suspends
    def choose_many(s, env):
        picked = env.get(partial)
        found = sfn(s, env)
        if picked is None:
            picked = ()
            env[partial] = picked
            if kind == "exactly":
                need = nfn(s, env) or 0
                if need >= len(found):
                    env[var] = tuple(found)
                    del env[partial]
                    log(s, pfn(s, env).seat, about, env[var])
                    return
        limit = len(found) if kind == "any_number" else (nfn(s, env) or 0)
        last = found.index(picked[-1]) if picked and picked[-1] in found else -1
        rest = found[last + 1:]
        if len(picked) >= limit or not rest:
            env[var] = picked
            del env[partial]
            log(s, pfn(s, env).seat, about, picked)
            return
        p = pfn(s, env)
        if kind == "exactly":
            # Only what leaves enough after it to make up the number.
            rest = rest[:len(rest) - (limit - len(picked)) + 1]
        # Options made as tuples (decisions.option): a list of them is made at every pick.
        options = [option(o) for o in zip(labels_of(s, rest, p.seat, name, plain), rest)]
        if kind != "exactly":
            options.insert(0, DONE)
        chosen = ", ".join(labels_of(s, picked, p.seat, name, plain))
        if kind == "any_number":
            progress = f"chosen: {chosen or 'none'}"
        else:   # say how many: "chosen 1 of 3: Plains", "chosen 0 of up to 2"
            progress = f"chosen {len(picked)} of {'up to ' if kind == 'up_to' else ''}{limit}{': ' + chosen if chosen else ''}"
        s.decision = decision((p.seat, f"{ask(s, env, p)} ({progress})", tuple(options), resume, what))

    def resume(s, value):
        frame = s.frames[-1]
        env = frame.env
        if value is None:
            env[var] = env.pop(partial)
            log(s, s.history[-1][0], about, env[var])
            return
        env[partial] = env[partial] + (value,)
        frame.pc -= 1       # ask again: the same operation picks the next one
    return choose_many


@register("divide", ST, "divide N among SELECTOR as NAME",
          "You split N among the cards picked, one decision for each but the last, which takes the rest. "
          f"\"NAME of X\" is then the share of X. N is at most {count(LOOP)}.",
          params=(('N', 'number', 'what is divided'), ('SELECTOR', 'selector', 'among what'), ('NAME', 'variable', 'the division')))
def _divide(c, tree, scope):
    amount, sel, var = tree.children
    var = str(var)      # a plain text key: a parser token would compare slowly in every look-up
    nfn, _ = c.expect(amount, scope, ("number",), "what is divided")
    sfn, _ = c.selector(sel, scope)
    c.bind(tree.children[2], scope, MAPPING)
    partial = "@" + var
    c.note("*")
    # Each share is one option of a decision: a number past the loop bound would make
    # a decision of more options than anyone can choose from.
    at_most(c, amount, LOOP, "divide splits at most {limit}, not {n}")
    where = c.where(tree)

    @suspends
    def divide(s, env):
        state = env.get(partial)
        if state is None:
            items = sfn(s, env)
            n = nfn(s, env) or 0
            if n > LOOP:
                raise RuleError(f'"{where.text}"{of_card(s, env)} would split {count(n)}: '
                                f'divide splits at most {count(LOOP)}', where)
            state = (items, 0, n, {})
        items, i, left, shares = state
        while i < len(items) - 1 and left > 0:
            p = env["you"]
            x = items[i]
            options = tuple(Option(f"{k} to {s.card_name(x)}", k) for k in range(left + 1))
            env[partial] = (items, i, left, shares)
            s.decision = Decision(p.seat, f"{p.name}: divide {left} among {', '.join(s.card_name(y) for y in items[i:])}: how much to {s.card_name(x)}?",
                                  options, resume)
            return
        if items and left > 0:
            shares = dict(shares)
            shares[items[-1]] = shares.get(items[-1], 0) + left
        env[var] = shares
        env.pop(partial, None)

    @asked_again
    def resume(s, k):
        frame = s.frames[-1]
        items, i, left, shares = frame.env[partial]
        shares = dict(shares)
        shares[items[i]] = k
        frame.env[partial] = (items, i + 1, left - k, shares)
        frame.pc -= 1
    return divide


@register("may_stmt", ST, 'PLAYER may "WHAT": BLOCK',
          "The player decides whether the indented block happens; the log says the answer with the question "
          "(\"Ann chooses no (take the upcard)\").",
          params=(('PLAYER', 'player', 'who decides'), ('WHAT', 'text', 'the question, in quotes'), ('BLOCK', 'block', 'what happens on yes')))
def _may(c, tree, scope):
    who, label, block = tree.children
    pfn = asker_of(c, who, scope, "who may")
    render = text_parts(c, label, scope)
    ops = c.block(block.children, scope)
    text = str(label)[1:-1]

    @suspends
    def may(s, env):
        p = pfn(s, env)
        said = render(s, env, p.seat)[0] if render is not None else text
        s.decision = decision((p.seat, f"{p.name}: {said}?", NO_YES, resume, "choice"))

    def resume(s, yes):
        frame = s.frames[-1]
        if not s.quiet:
            # Who passed is part of the game (a bid declined): said as a choice is, the
            # question as every reader may read it. Nothing ran since it was asked.
            p = pfn(s, frame.env)
            said = render(s, frame.env, tuple(range(len(s.out))))[0] if render is not None else text
            shown = render.reads if render is not None else ()
            s.say("choose", f"{p.name} chooses {'yes' if yes else 'no'} ({said}){loop_items(s, p, shown, EVERYONE)}")
        if yes:
            s.frames.append(ScriptFrame(ops, frame.env))
    return may


# ------------------------------------------------------------------ control
# Operations that may stop for a decision or push frames (engine/script.py). A block
# made only of other operations runs inline, without frames: the common case of rules checks.
def suspends(fn):
    SUSPENDING.add(fn.__code__)
    return fn


def pushes(fn):
    """An operation that does nothing but push frames: it may end a script run inline."""
    PUSHING.add(fn.__code__)
    return suspends(fn)


def atomic(ops) -> bool:
    """Whether a block never stops for a decision nor pushes frames: it can run inline."""
    return all(getattr(op, "__code__", None) not in SUSPENDING for op in ops)


@register("if_stmt", ST, "if CONDITION: BLOCK [elif CONDITION: BLOCK] [else: BLOCK]", "Runs the first block whose condition holds.",
          params=(('CONDITION', 'condition', 'when the block runs'), ('BLOCK', 'block', 'what runs')))
def _if(c, tree, scope):
    cond, block, *rest = tree.children
    branches = [(c.expect(cond, scope, ("bool",), "the condition of \"if\"")[0], c.block(block.children, scope))]
    otherwise = ()
    for part in rest:
        if part is None:
            continue
        if part.data == "elif_part":
            branches.append((c.expect(part.children[0], scope, ("bool",), "the condition of \"elif\"")[0],
                             c.block(part.children[1].children, scope)))
        else:
            otherwise = c.block(part.children[0].children, scope)

    if all(atomic(ops) for _, ops in branches) and atomic(otherwise):
        if len(branches) == 1 and not otherwise:
            (test, ops), = branches

            def if_alone(s, env):       # run_inline's loop written here: an if is often in a loop
                if test(s, env):
                    for op in ops:
                        op(s, env)
                        if s.result is not None:
                            return
            return if_alone

        def if_inline(s, env):
            for test, ops in branches:
                if test(s, env):
                    run_inline(ops, s, env)
                    return
            run_inline(otherwise, s, env)
        return if_inline

    @pushes
    def if_(s, env):
        # A branch that can runs at once (engine/script.run_script): the block of an if
        # is often a window or a loop alone.
        for test, ops in branches:
            if test(s, env):
                if ops:
                    run_script(s, ops, env)
                return
        if otherwise:
            run_script(s, otherwise, env)
    return if_


@register("for_each", ST, "for each NAME in SELECTOR: BLOCK", "Runs the block once for each card or player picked, NAME holding it. "
          "A choice in the block names the item after its question and in the log (\"Ann chooses Eel (spare one) (c Fox)\"): "
          "a card its reader cannot see as \"a card\", a set of cards card by card (\"m Fox and Eel\"), a player or a team by name; "
          "not the player who chooses, nor an item the question names itself.",
          params=(('NAME', 'variable', 'holds each item'), ('SELECTOR', 'selector', 'what is gone through'), ('BLOCK', 'block', 'what runs for each')))
def _for_each(c, tree, scope):
    var, sel, block = tree.children
    var = str(var)      # a plain text key: a parser token would compare slowly in every look-up
    sfn, t = c.selector(sel, scope, sets=True)
    c.bind(tree.children[0], scope, single(t))
    ops = c.block(block.children, scope)
    of = bare_name(sel, scope) if scope.looks_back else None
    if of is not None:
        # A set a name holds in an effect (a cost's pick, `let`): each card is the object
        # it named, read as it was if it has left play since (engine/lastknown.py).
        mark = "@" + var

        def named_item(s, env):
            lastknown.item(env, var, mark, of)
        ops = (named_item, *ops)

    if atomic(ops):
        def for_each_inline(s, env):
            items = sfn(s, env)
            if len(items) > 1:              # loops in loops go round as often as loops do
                s.steps += len(items)
                if s.steps > STEPS:
                    raise endless(s, env)
            for item in items:
                env[var] = item
                for op in ops:          # run_inline's loop, without its call for each item
                    op(s, env)
                    if s.result is not None:
                        return
        return for_each_inline

    @pushes
    def for_each(s, env):
        items = sfn(s, env)
        if items and ops:
            env[var] = items[0]
            s.frames.append(ScriptFrame(ops, env, [var, items, 0, None]))
    return for_each


@register("while_stmt", ST, "while CONDITION: BLOCK",
          f"Runs the block again and again while the condition holds, at most {count(LOOP)} times: a game "
          f"whose loop would run it again stops with an error that names the loop.",
          params=(('CONDITION', 'condition', 'while it holds'), ('BLOCK', 'block', 'what runs')))
def _while(c, tree, scope):
    cond, block = tree.children
    test, _ = c.expect(cond, scope, ("bool",), "the condition of \"while\"")
    ops = c.block(block.children, scope)
    where = c.where(tree, block)

    @pushes
    def while_(s, env):
        if test(s, env):
            s.frames.append(ScriptFrame(ops, env, ["?while", test, 0, where]))
    return while_


@register("repeat_stmt", ST, "repeat N times: BLOCK",
          f"Runs the block N times; N is at most {count(LOOP)}, and a game in which it comes to more stops "
          f"with an error that names the loop.",
          params=(('N', 'number', 'how many times'), ('BLOCK', 'block', 'what runs')))
def _repeat(c, tree, scope):
    times, block = tree.children
    nfn, _ = c.expect(times, scope, ("number",), "how many times")
    ops = c.block(block.children, scope)
    at_most(c, times, LOOP, "repeat runs its block at most {limit} times, not {n}")
    where = c.where(tree, block)

    @pushes
    def repeat(s, env):
        n = nfn(s, env) or 0
        if n > LOOP:
            raise RuleError(f'"{where.text}"{of_card(s, env)} would run its block {count(n)} times: '
                            f'a loop runs at most {count(LOOP)} times', where)
        if n > 0 and ops:
            s.frames.append(ScriptFrame(ops, env, ["@repeat", range(n), 0, where]))
    return repeat


def at_most(c: Compiler, node, limit: int, message: str) -> None:
    """A count written as a number is checked when the pack loads; one computed, in play."""
    n = c.constant(node)
    if n is not None and n > limit:
        c.error(node, message.format(limit=count(limit), n=count(n)))


@register("let", ST, "let NAME be VALUE",
          "Names a value for the rest of the script, after the block it is written in too. \"let\" may name it "
          "again, with a value of the same kind or none; one first let be none is of the kind later lines give it. "
          "In an ability's effect, a card it names that leaves play is read as it was there (\"let offered be "
          "victim\": as the victim was).",
          params=(('NAME', 'variable', 'the new name'), ('VALUE', 'value', 'its value')))
def _let(c, tree, scope):
    var, value = tree.children
    var = str(var)      # a plain text key: a parser token would compare slowly in every look-up
    fn, t = c.expr(value, scope)
    c.bind(tree.children[0], scope, t)
    if scope.looks_back and t.kind in _NAMING:
        # In an effect, the name names the objects the value is (engine/lastknown.py): those
        # another name named (`let offered be victim`), else the cards as they are now.
        mark, of = "@" + var, getattr(fn, "env_var", None)
        if of is not None:
            def let_as(s, env, of_mark="@" + of):
                value = env[var] = fn(s, env)
                named = env.get(of_mark)
                env[mark] = named if named is not None else lastknown.naming(s, value)
            return let_as
        if scope.looks_back == "this" and getattr(fn, "env_key", None) == "this":
            def let_this(s, env):       # the object "this" reads: as it was in play, once it has left
                env[var] = env["this"]
                env[mark] = lastknown.played_object(s, env)
            return let_this
        return _let_naming(var, fn)

    def let(s, env):
        env[var] = fn(s, env)
    return let


_NAMING = ("card", "cards", "object", "objects", "any")


def _let_naming(var: str, fn):
    mark = "@" + var

    def let_naming(s, env):
        value = env[var] = fn(s, env)
        env[mark] = lastknown.naming(s, value)
    return let_naming


@register("let_all", ST, "let NAME be all SELECTOR",
          "Names the cards or players the selector picks now, for the rest of the script: cards that move later "
          "stay in it (\"given is empty\", \"count of given\", \"put given into your hand\"); in an ability's effect, "
          "those that leave play are read as they were there, by \"for each\" too. Also \"each\" or \"every\".",
          example="let given be all cards in asked_of's hand where its rank = asked",
          params=(('NAME', 'variable', 'the new name'), ('SELECTOR', 'selector', 'what it holds')))
def _let_all(c, tree, scope):
    var, sel = tree.children
    var = str(var)
    fn, t = c.selector(sel, scope, sets=True)
    c.bind(tree.children[0], scope, t)
    if scope.looks_back:
        return _let_naming(var, fn)

    def let_all(s, env):
        env[var] = fn(s, env)
    return let_all


@register("stop", ST, "stop", "Ends the script here.")
def _stop(c, tree, scope):
    @suspends
    def stop(s, env):
        while s.frames and type(s.frames[-1]) is ScriptFrame and s.frames[-1].env is env:
            s.frames.pop()
    return stop


@register("go_ahead", ST, "go ahead",
          "In a replacement's effect: the event it replaces happens after all, as it would have (a card put "
          "where it was going, on top or at the bottom; the damage dealt; the card drawn), unless another "
          "replacement that has not applied to it yet applies. It happens once.")
def _go_ahead(c, tree, scope):
    if scope.mode != "replacement":
        c.error(tree, '"go ahead" lets the event a replacement replaces happen after all: it is written in a '
                      "replacement's effect")
    return suspends(go_ahead)


@register("nothing", ST, "do nothing", "Does nothing (for a branch that must say something).")
def _nothing(c, tree, scope):
    return lambda s, env: None


# ------------------------------------------------------------ rules machinery
@register("window", ST, "window NAME",
          "Opens a priority window: players, the active player first, act or pass in turn; when all pass in "
          "succession the pile resolves, or, if it is empty, the window ends.",
          params=(('NAME', 'window', 'a window the pack declares'),))
def _window(c, tree, scope):
    word = str(tree.children[0])
    if word not in c.names.windows:
        c.error(tree.children[0], f'unknown window "{word}"{did_you_mean(word, c.names.windows)}')
    return pushes(lambda s, env: open_window(s, word))


@register("check_rules", ST, "check the rules",
          "Runs the pack's checks now. They also run whenever a player is about to get priority, and with "
          "checks_at: every_change after every statement, if something they look at has changed since they last ran. "
          "The checks themselves may not check the rules.")
def _check_rules(c, tree, scope):
    if c.in_checks:
        c.error(tree, '"check the rules" in the checks would run them again and again without end: '
                      'the checks run after their own changes already')
    def check(s, env):
        if s.t.pack.checks is not None:
            run_checks(s)
    return suspends(check)


@register("apply_damage", ST, "apply damage", "Applies the damage dealt and not yet applied: to cards first, then to players.")
def _apply_damage(c, tree, scope):
    return lambda s, env: primitives.apply_damage(s)


@register("end_effects", ST, "end effects until end of DURATION", "Ends every effect and mark that lasts until the end of that duration.",
          params=(('DURATION', 'duration', 'a duration the pack declares'),))
def _end_effects(c, tree, scope):
    word = str(tree.children[0])
    if word not in c.names.durations:
        c.error(tree.children[0], f'unknown duration "{word}"{did_you_mean(word, c.names.durations)}')
    return lambda s, env: primitives.end_effects(s, word)


@register("wins", ST, "PLAYER wins the game", "The game ends; the player (and their team) win, everyone else loses. "
          "`you win the game` reads as well.",
          params=(('PLAYER', 'player', 'who wins'),))
def _wins(c, tree, scope):
    c.ends = True
    pfn = player_of(c, tree.children[0], scope, "who wins")
    return lambda s, env: (p := pfn(s, env)) is not None and primitives.win(s, p.seat)


@register("loses", ST, "PLAYER loses the game", "The player is out; when one team is left, it wins. In a game of one side (a player "
          "alone against the rules, or partners all) the game is lost once its players are all out. `you lose the "
          "game` reads as well.",
          params=(('PLAYER', 'player', 'who loses'),))
def _loses(c, tree, scope):
    c.ends = True
    pfn = player_of(c, tree.children[0], scope, "who loses")
    return lambda s, env: (p := pfn(s, env)) is not None and primitives.lose(s, p.seat)


@register("draw_game", ST, "the game is a draw", "The game ends and nobody wins.")
def _draw_game(c, tree, scope):
    c.ends = True
    return lambda s, env: primitives.finish(s, [])


@register("redirect", ST, "damage that would be dealt to X DURATION is dealt to Y instead",
          "A redirection: damage to X is dealt to Y while the duration lasts (and while both stay where they are).",
          params=(('X', 'card or player', 'whose damage is redirected'), ('DURATION', 'duration', 'how long'), ('Y', 'card or player', 'who is dealt it instead')))
def _redirect(c, tree, scope):
    src, duration, dest = tree.children
    sfn = _damageable(c, src, scope, "redirected damage")
    dfn = _damageable(c, dest, scope, "redirected damage")
    dur = check_duration(c, duration, scope)

    def redirect(s, env):
        x, y = sfn(s, env), dfn(s, env)
        if x is None or y is None:
            return
        primitives.add_mod(s, ("redirect", dur, x, None, y))
        if not s.quiet:
            say_of(s, "effect", "damage to ", x, " will be dealt to ", y, f" instead until end of {dur}")
    return redirect


def _damageable(c: Compiler, node, scope: Scope, what: str):
    """One card or player that damage is dealt to: a number would be read as a card."""
    fn, t = c.expr(node, scope)
    if t.kind not in ("card", "player", "object", "any"):
        c.error(node, f'{what} needs a card or a player, but {c.quoted(node)} is {t.word()}')
    return fn


@register("prevent_next", ST, "prevent the next N damage to X [DURATION]",
          "A prevention shield: the next N damage that would be dealt to X (while the duration lasts, or while X "
          "stays where it is) is prevented; damage beyond what is left of it is dealt.",
          example="prevent the next 3 damage to target this turn",
          params=(('N', 'number', 'how much'), ('X', 'card or player', 'who is shielded'), ('DURATION', 'duration', 'how long')))
def _prevent_next(c, tree, scope):
    amount, target, duration = tree.children
    nfn, _ = c.expect(amount, scope, ("number",), "the damage prevented")
    tfn = _damageable(c, target, scope, "prevented damage")
    dur = check_duration(c, duration, scope)

    def prevent_next(s, env):
        x, n = tfn(s, env), nfn(s, env) or 0
        if x is not None and n > 0:
            primitives.add_mod(s, ("shield", dur, x, None, n))
            say_of(s, "effect", f"the next {n} damage to ", x, " will be prevented" + (f" until end of {dur}" if dur else ""))
    return prevent_next


@register("prevent", ST, "prevent all damage to X DURATION", "A prevention: no damage is dealt to X while the duration lasts.",
          params=(('X', 'card or player', 'who is protected'), ('DURATION', 'duration', 'how long')))
def _prevent(c, tree, scope):
    target, duration = tree.children
    tfn = _damageable(c, target, scope, "prevented damage")
    dur = check_duration(c, duration, scope)

    def prevent(s, env):
        x = tfn(s, env)
        if x is not None:
            primitives.add_mod(s, ("prevent", dur, x, None, None))
            say_of(s, "effect", "all damage to ", x, f" is prevented until end of {dur}")
    return prevent


@register("gain_control", ST, "PLAYER gains control of CARDS",
          "The cards move to the player's zone of the same name (a card in one player's play goes to the other's play). "
          "In a shared zone the player controls them from now on; an effect that gives control of one to another "
          "player still does while it lasts (\"gain control ... until end of turn\" is such an effect).",
          params=(('PLAYER', 'player', 'the new controller'), ('CARDS', 'cards', 'what changes hands')))
def _gain_control(c, tree, scope):
    if scope.mode == "static" or tree.children[2] is not None:
        from .continuous import control
        return control(c, tree, scope)
    who, objs, _ = tree.children
    pfn = player_of(c, who, scope, "who gains control")
    ofn, _ = card_objects(c, objs, scope, "gain control of")

    def gain(s, env):
        p = pfn(s, env)
        for x in ofn(s, env):
            zdef, seat = s.t.zone_meta[s.zone_of[x]]
            if seat is not None and seat != p.seat:
                primitives.move(s, x, s.t.zone(zdef.name, p.seat))     # to the player's zone of that name
            elif controllers(s)[x] != p.seat:      # who controls it now, the effects applied
                primitives.take_control(s, x, p.seat)
            else:
                continue
            say_of(s, "control", f"{p.name} gains control of ", x)
    return gain


def _counters(c, tree, scope, sign):
    amount, word, unit, objs = tree.children
    word = str(word)
    if str(unit) not in ("counter", "counters"):
        c.error(unit, f'write "{word} counters", not "{word} {unit}"')
    if word not in c.names.card_counters:
        c.error(tree.children[1], f'unknown counter "{word}"{did_you_mean(word, c.names.card_counters)}')
    nfn, _ = c.expect(amount, scope, ("number",), "how many counters")
    ofn, _ = card_objects(c, objs, scope, "counters")
    where = c.where(tree)

    def counters(s, env):
        n = sign * (nfn(s, env) or 0)
        for x in ofn(s, env):
            _add_counter(s, env, x, word, n, where)
    return counters, nfn, ofn, word


@register("add_counters", ST, "add N NAME counters to CARDS", "Puts counters on cards.",
          params=(('N', 'number', 'how many'), ('NAME', 'counter', 'a card counter the pack declares'), ('CARDS', 'cards', 'on what')))
def _add_counters(c, tree, scope):
    return _counters(c, tree, scope, 1)[0]


@register("remove_counters", ST, "remove N NAME counters from CARDS", "Takes counters off cards (never below zero). Also a cost.",
          params=(('N', 'number', 'how many'), ('NAME', 'counter', 'a card counter the pack declares'), ('CARDS', 'cards', 'from what')))
def _remove_counters(c, tree, scope):
    return _counters(c, tree, scope, -1)[0]

