"""Values and conditions: numbers, properties, counts, comparisons."""
from __future__ import annotations

import operator
import re

from .. import dsl, fuse
from . import set_tests
from ...engine import lastknown, layers, limits
from ...engine.tables import keyed
from ...engine.layers import controllers, typebits
from ...engine.primitives import team_players
from ...engine.script import of_card
from ...engine.state import PlayerRef, RuleError
from ...suggest import did_you_mean
from ..compiler import Compiler, Scope, _const, _pos, _slice, literal, table_type
from ..registry import CARD_PROPERTIES, PLAYER_PROPERTIES, TEAM_PROPERTIES, register
from ..static_types import ANY, BOOL, MAPPING, NONE, NUMBER, PLAYER, TEAM, TEXT, T, is_cardish, single

E = "expression"
@register("number", E, "3", "A whole number.")
def _number(c: Compiler, tree, scope: Scope):
    n = literal(tree.children[0])
    if n is None or n > limits.NUMBER:
        c.error(tree, f"this number is too large: a number in a rule is at most {limits.SAID_NUMBER}")
        return _const(0), NUMBER
    return _const(n), NUMBER


@register("text", E, '"main"', "A text in double quotes.")
def _text(c, tree, scope):
    return _const(str(tree.children[0])[1:-1]), TEXT


@register("true", E, "true", "The condition that always holds.")
def _true(c, tree, scope):
    return _const(True), BOOL


@register("false", E, "false", "The condition that never holds.")
def _false(c, tree, scope):
    return _const(False), BOOL


@register("none", E, "none", "No card or player: what an empty choice leaves in its variable.")
def _none(c, tree, scope):
    return _const(None), NONE


@register("this", E, "this", "The card whose ability or text this is.")
def _this(c, tree, scope):
    if scope.this is None:
        c.error(tree, '"this" means the card whose ability runs, and here there is none')
        return _const(None), ANY
    c.used_this = True
    return _from_env("this"), scope.this


def _from_env(key: str):
    """`this` or `it`: read from the environment. Properties of it read it there
    themselves (see property_of), one call fewer for each card a condition tests. "it"
    is marked as the item of a selector's loop (fuse.item)."""
    fn = lambda s, env: env[key]
    fn.env_key = key
    text, lifts = _env_read(key)
    return fuse.leaf(fn, text, lifts=lifts)


def _env_read(key: str) -> tuple[str, tuple]:
    """The text that reads `key` from the environment, and its lifts: "it" is the item
    a selector's loop holds (fuse.item)."""
    if key == "it":
        text, lift = fuse.item("env['it']")
        return text, (lift,)
    return f"env[{key!r}]", ()


@register("it", E, "it", 'The card or player a "where" clause is about; outside one, "its" means this card\'s.')
def _it(c, tree, scope):
    if scope.it is None and scope.this is not None and _possessive(c, tree):
        c.used_this = True
        return _from_env("this"), scope.this
    if scope.it is None:
        c.error(tree, '"it" refers to what a "where" clause is about, and here there is none')
        return _const(None), ANY
    c.used_it = True
    fn = _from_env("it")
    if scope.it_of:
        fn.named_item = "it"        # a card of a set a name holds: read as the object it named
    return fn, scope.it


def _possessive(c, tree) -> bool:
    """Whether this "it" was written "its" or "their" (card text says "its controller")."""
    text = c.snippet.text if c.snippet else ""
    meta = getattr(tree, "meta", None)
    if meta is None or meta.empty:
        return False
    line = text.split("\n")[meta.line - 1]
    word = line[meta.column - 1:meta.end_column - 1].lower()
    return word in ("its", "their")


@register("you", E, "you", "The player who uses the ability, or the active player in a phase script (also \"your\").")
def _you(c, tree, scope):
    # In the checks, the active player: the turn passing changes it. Elsewhere (a static
    # ability, a state trigger) the card's controller: a change of control is seen.
    c.note("turn" if c.in_checks else "control")
    return _from_env("you"), PLAYER


@register("opponent", E, "opponent", "The next player after you, in seat order, still in the game; where a "
          "team has several players, the next one of another team.")
def _opponent(c, tree, scope):
    c.note("*")

    def f(s, env):
        return s.t.players[s.opponent_of(env["you"].seat)]
    return f, PLAYER


@register("active_player", E, "active player", "The player whose turn it is.")
def _active(c, tree, scope):
    c.note("turn")
    return fuse.leaf(lambda s, env: s.t.players[s.active], "s.t.players[s.active]"), PLAYER


@register("name", E, "NAME",
          "A variable, a definition of the pack, an option, a zone, or turn, phase, step, window, players, opponents.",
          params=(("NAME", "name", "a variable or a name the pack declares"),))
def _name(c, tree, scope):
    return c.name(tree.children[0], scope)


def property_of(c: Compiler, node, subject, word: str, scope: Scope):
    """`word of subject`: a card's property, counter or mark; a player's counter or zone;
    a share of a division."""
    if getattr(subject, "data", None) == "pair":
        return keyed_counter(c, node, subject, word, scope)
    if isinstance(subject, tuple):
        fn, t = subject
    else:
        fn, t = c.expr(subject, scope)
    names = c.names
    if t.kind == "effect":
        from .effects import effect_property
        return effect_property(c, node, fn, word)
    if t.kind == "mapping":
        c.error(node, f'a division is read as "{word} of CARD", where {word} is the division')
        return _const(None), ANY
    if word in scope.vars and scope.vars[word].kind == "mapping":
        return (lambda s, env, w=word: (env.get(w) or {}).get(fn(s, env), 0)), NUMBER
    if t.kind in ("player", "any") and word == "team" and word not in names.player_counters:
        # Written in place where it can (fuse.py): "team of it = team of you" is read in loops.
        p = fuse.fresh("_t")
        return fuse.join(lambda s, env: None if (x := fn(s, env)) is None else s.t.teams[x.seat],
                         f"(None if ({p} := {{0}}) is None else s.t.teams[{p}.seat])", fn), TEAM
    if t.kind == "team":
        return team_property(c, node, fn, word)
    if t.kind in ("player", "any") and word in PLAYER_PROPERTIES and word not in names.player_counters:
        step = 1 if word == "left" else -1
        return (lambda s, env: None if (p := fn(s, env)) is None else s.t.players[s.next_seat(p.seat, step)]), PLAYER
    if t.kind in ("player", "any") and (word in names.player_counters or word in names.zones):
        if word in names.zones:
            c.note("zone:" + word)
            zdef = names.zones[word]
            if zdef.per_team:       # the team's: its first seat's
                return (lambda s, env, w=word: () if (p := fn(s, env)) is None else
                        (s.t.named[w][s.t.leads[p.seat]],)), T("zone")
            if zdef.per_player:
                p = fuse.fresh("_t")
                zone = fuse.join(lambda s, env, w=word: _player_zone(s, fn(s, env), w),
                                 f"(() if ({p} := {{0}}) is None else (s.t.named[{word!r}][{p}.seat],))", fn)
                zone.player_zone = (word, fn)   # a selector of "cards in your hand" scans it (selectors._fused)
                return zone, T("zone")
            return fuse.leaf(lambda s, env, w=word: s.t.named[w], f"s.t.named[{word!r}]"), T("zone")
        d = names.counters.get(word)
        if d is not None and d.per is not None:
            c.error(node, f'"{word}" is counted for each card: write "{word} of (PLAYER, CARD)"')
        c.note("counter:" + word)
        if d is not None and d.kind != "number":      # a word, a player or a card: none until set
            return (lambda s, env, w=word: None if (p := fn(s, env)) is None else s.pvars[p.seat].get(w)), table_type(d)
        key = getattr(fn, "env_key", None)
        if key is not None and t.kind == "player":
            def counter_here(s, env, w=word):     # "life of you": read in place, one call fewer
                p = env[key]
                return s.pvars[p.seat].get(w, 0) if p is not None else 0
            t_ = fuse.fresh("_t")
            read, lifts = _env_read(key)
            return fuse.leaf(counter_here, f"(s.pvars[{t_}.seat].get({word!r}, 0) if ({t_} := {read}) is not None "
                                           f"else 0)", lifts=lifts), NUMBER
        return (lambda s, env, w=word: _player_counter(s, fn(s, env), w)), NUMBER
    if t.kind in ("card", "object", "any"):
        if word in CARD_PROPERTIES:
            kind = CARD_PROPERTIES[word][0]
            if word in _NOTED:
                c.note(_NOTED[word])
            read = _card_builtin(word, fn)
            # A card's name (not an ability's, nor what a value of any kind may be) is one of its cards'.
            named = "name" if word == "name" and t.kind == "card" else None
            return (looked_back(c, scope, fn, t, read) if word in _NOTED else read), T(kind, of=named)
        if word in names.properties:
            if c.reads_props is not None:
                c.reads_props.add(word)
            kind = T("word", of=word) if word in names.one_of else NUMBER if is_number(names.properties[word]) else ANY
            key = getattr(fn, "env_key", None)
            how = _reading(names, word)
            # What it reads of no card ("suit of card_played" when none was): 0 for a
            # number, none for a word or a text, which no word then equals.
            missing = 0 if kind is NUMBER else None
            if how in ("derived", "printed"):
                # What the property's text reads, the text reading it reads: the checks run again
                # when it changes. One not compiled yet (a derived property read by another) reads anything.
                for what in names.derived_reads.get(word, ("*", "counter:*")):
                    c.note(what)
            if word in names.drawing:       # drawn anew each time it is read, as a random number
                c.used_it = c.drawn = True
            var = getattr(fn, "env_var", None)
            if key is not None:             # "attack of it": the card read in place
                read = _prop_here(_env_read(key), key, word, how, missing)
            elif var is not None:           # "rank of c"
                read = _prop_here((f"env.get({var!r})", ()), var, word, how, missing)
            else:
                read = _prop_read(fn, word, how, missing)
            return looked_back(c, scope, fn, t, read), kind
        if word in names.card_counters:
            return looked_back(c, scope, fn, t, _of_card(fn, lambda s, env, w=word: _counter(s, fn(s, env), w),
                               "(s.counters.get(({t}, {w}), 0) if type({t} := {0}) is int else 0)", word)), NUMBER
        if word in names.marks:
            c.note(f"mark:{word}")
            return looked_back(c, scope, fn, t, _of_card(fn, lambda s, env, w=word: _mark(s, fn(s, env), w),
                               "(s.marks.get(({t}, {w})) if type({t} := {0}) is int else None)", word), word), T("card")
    if t.kind == "player":
        known = [*names.player_counters, *names.zones, *PLAYER_PROPERTIES]
        c.error(node, f'a player has no "{word}"{did_you_mean(word, known)}')
    elif t.kind == "card":
        known = [*CARD_PROPERTIES, *names.properties, *names.card_counters, *names.marks]
        c.error(node, f'a card has no "{word}"{did_you_mean(word, known)}')
    elif t.kind == "cards" and not isinstance(subject, tuple):
        said = c.source(subject)
        c.error(node, f'"{word} of ..." reads one card, and "{said}" is a set of cards: read its cards '
                      f'({_each_read(names, word, said)})')
    elif t.kind == "none" and c.source(subject) in scope.vars:
        # "let best be none" that no line lets be a card or a player (else it is of that kind: Compiler.learning).
        said = c.source(subject)
        c.error(node, f'"{word} of ..." needs a card or a player, and "{said}" only ever holds none: a variable let '
                      f'be none takes its kind from the values later lines give it, and no line of this text gives '
                      f'"{said}" one ("let {said} be p")')
    elif t.kind not in ("any", "object"):
        c.error(node, f'"{word} of ..." needs a card or a player, not {t.word()}')
    else:
        known = [*CARD_PROPERTIES, *names.properties, *names.card_counters, *names.marks, *names.player_counters,
                 *names.zones, *PLAYER_PROPERTIES]
        c.error(node, f'unknown property "{word}"{did_you_mean(word, known)}')
    return _const(None), ANY


def team_property(c: Compiler, node, fn, word: str):
    """`word of TEAM`: its players, or a player counter its players share (shared: team),
    kept once for the team: "score of t"."""
    if not c.need_teams(node, f'"{word} of TEAM"'):
        return _const(None), ANY
    names = c.names
    if word in TEAM_PROPERTIES:
        return (lambda s, env: team_players(s, fn(s, env))), T(TEAM_PROPERTIES[word][0])
    z = names.zones.get(word)
    if z is not None and z.per_team:
        c.note("zone:" + word)
        return (lambda s, env: () if (seats := s.t.team_seats.get(fn(s, env))) is None else
                (s.t.named[word][seats[0]],)), T("zone")
    if z is not None:
        c.error(node, f'zone "{word}" is {"each player" if z.per_player else "the table"}\'s, not a team\'s: a team '
                      f'holds the zones declared with per: team')
        return _const(None), ANY
    d = names.counters.get(word)
    if d is not None and d.shared == "team":
        c.note("counter:" + word)
        # The team's count is every one of its players': its first seat's holds it.
        missing = 0 if d.kind == "number" else None
        return (lambda s, env: _team_counter(s, fn(s, env), word, missing)), table_type(d)
    if d is not None:
        c.error(node, f'"{word}" is each player\'s own, not a team\'s: a team keeps a counter declared with '
                      f'shared: team; its players\' are "total {word} of players of TEAM"')
    else:
        shared = [n for n, x in names.counters.items() if x.shared == "team"]
        zones = [n for n, z in names.zones.items() if z.per_team]
        c.error(node, f'a team has no "{word}"{did_you_mean(word, [*TEAM_PROPERTIES, *shared, *zones])}: it has its '
                      f'players, the player counters declared with shared: team and the zones declared with per: team')
    return _const(None), ANY


def _team_counter(s, team, word: str, missing):
    seats = s.t.team_seats.get(team)
    return s.pvars[seats[0]].get(word, missing) if seats else missing


def keyed_pair(c: Compiler, node, pair, word: str, scope: Scope):
    """The player and the card of `NAME of (PLAYER, CARD)`, NAME a counter kept for each card."""
    d = c.names.counters.get(word)
    if d is None or d.per is None:
        keyed = [n for n, x in c.names.counters.items() if x.per is not None]
        c.error(node, f'"{word}" is not a counter kept for each card (player_counters with per: card), read as '
                      f'"{word} of (PLAYER, CARD)"{did_you_mean(word, keyed)}')
        return None
    pfn, _ = c.expect(pair.children[0], scope, ("player",), f'the player of "{word} of (PLAYER, CARD)"')
    cfn, _ = c.expect(pair.children[1], scope, ("card",), f'the card of "{word} of (PLAYER, CARD)"')
    return pfn, cfn


def keyed_counter(c: Compiler, node, pair, word: str, scope: Scope):
    found = keyed_pair(c, node, pair, word, scope)
    if found is None:
        return _const(0), NUMBER
    pfn, cfn = found
    c.note(f"keyed:{word}")     # a change of one makes the checks run again (tables.set_keyed)

    def count(s, env):
        p = pfn(s, env)
        return keyed(s, word, p.seat, cfn(s, env)) if p is not None else 0
    return count, NUMBER


@register("pair", E, "(PLAYER, CARD)",
          "A player and a card, to read or change a counter kept for each card: \"damage_from of (p, c)\".",
          params=(("PLAYER", "player", "whose count"), ("CARD", "card", "for which card")))
def _pair(c, tree, scope):
    c.error(tree, 'a pair (PLAYER, CARD) stands after "of", as in "damage_from of (p, c)"')
    return _const(None), ANY


def is_number(default) -> bool:
    """Whether a property's value (its default, or a card's) is a number: true and false are not."""
    return isinstance(default, (int, float)) and not isinstance(default, bool)


def _player_zone(s, p, word):
    if p is None:
        return ()
    return (s.t.zone(word, p.seat),)


def _reading(names, word: str) -> str:
    """How a card's property is read in place: "derived" (always State.prop), "printed" (a
    derived property computed from its card's printed properties alone, Names.of_printed:
    the value kept for the card while no effect is in the way), "words" (a property of
    words: no effect changes it, so the printed value but for a face-down card) or
    "number" (the printed value while no effect is in the way)."""
    if word in names.derived:
        return "printed" if word in names.of_printed else "derived"
    if word in names.one_of or word in names.property_words.values():
        return "words"
    return "number"


def _prop_here(reading: tuple, key: str, word: str, how: str, missing):
    """A property of the card in `env[key]`, read in place: State.prop's usual case (the
    printed value) without its call, State.prop itself when an effect, a face-down card
    or a derived property is in the way (`how`, see _reading). Made from its text, which
    conditions write in their own. `reading`: the text that reads the card, and its lifts;
    `missing`: what it reads where there is no card."""
    read, read_lifts = reading
    text, lifts = _prop_text(read, word, how, missing)
    fn = fuse.function(text)
    fn.card_prop = (key, word)      # a comparison with it may compute its other side once a scan
    fn.printed = how == "number"    # the printed value where no effect changes the property (Pack.changing)
    return fuse.leaf(fn, text, lifts=read_lifts + lifts)


def _prop_read(fn, word: str, how: str, missing):
    """A property of the card an expression gives ("rank of top card of discard"), read
    as _prop_here reads it, the expression written in place or called."""
    if fuse.MARK in word:
        return lambda s, env: _card_prop(s, fn(s, env), word, missing)
    src, _ = fuse.part(fn)
    text, lifts = _prop_text(src.text, word, how, missing)
    return fuse.leaf(fuse.function(text, src.names), text, src.names, src.lifts + lifts)


# The text of "the view is stale in a pack where effects change control": a reading of a
# card's property (State.prop) or of who controls it (layers.controllers) makes it again.
STALE_VIEW = "(s.view is None and s.t.controlling)"


def _prop_text(read: str, word: str, how: str, missing) -> tuple[str, tuple]:
    """The text of the reading, and its lifts (fuse.Src): what stands in the way is the
    same for every card of a scan, computed once before a selector's loop."""
    t, v, r = fuse.fresh("_t"), fuse.fresh("_t"), fuse.fresh("_t")
    w = repr(word)
    # State.prop's first look in a layered pack, without its call: the value the view holds.
    prop = (f"({r} if not s.face_down[{t}] and ({v} := s.view) is not None and {v}.done "
            f"and ({r} := {v}.props.get(({t}, {w}))) is not None else s.prop({t}, {w}))")
    if how == "derived":
        # Outside the layers and face up, State.prop's own reading: the property's function, and
        # what effects added to it.
        value, delta = fuse.fresh("_t"), fuse.fresh("_t")
        own = (f"({value} + {delta} if (({value} := s.t.pack.derived[{w}](s, {t})) is not None or True) and s.moddelta "
               f"and ({delta} := s.moddelta.get(({t}, {w}))) else {value})")
        return (f"({missing!r} if type({t} := {read}) is not int else ({prop} if {fuse.flag('layered')} "
                f"or s.face_down[{t}] else {own}))", ())
    # A number property no statement or effect of the pack changes is printed too (Pack.changing);
    # a stale view of a pack where control changes is made again by State.prop (Table.controlling):
    # State.prop's reading then, the same value (a view made again during a scan holds it too).
    ways = [fuse.fixed(STALE_VIEW)]
    if how != "words":
        ways.insert(0, fuse.fixed(f"({w} in s.t.changing and (s.moddelta or s.t.layered))"))
    in_the_way = f"(s.face_down[{t}] or {' or '.join(text for text, _ in ways)})"
    # A card's props hold every property the pack declares; a derived property computed from
    # them alone, where nothing is in the way (it is in Pack.changing when one of them is),
    # is the card's value kept in the table once computed (State.printed).
    printed = f"s.t.props[{t}][{w}]"
    if how == "printed":
        printed = f"({r} if ({r} := s.t.fixed.get(({t}, {w}))) is not None else s.printed({t}, {w}))"
    return (f"({missing!r} if type({t} := {read}) is not int else ({prop} if {in_the_way} else {printed}))",
            tuple(lift for _, lift in ways))


def _player_counter(s, p, word):
    if p is None:
        return 0
    return s.pvars[p.seat].get(word, 0)


def _of_card(fn, fallback, template: str, word: str, names: dict | None = None):
    """What a card's counter, mark or keyword reads, written in place of its call where
    the card's own expression has a text (fuse.py): `{0}` the card, `{t}` the card once
    read, `{w}` the word, `{g}` the mark that gives it as a keyword. A word the text
    cannot hold keeps the closure."""
    w, g = fuse.literal(word), fuse.literal("@" + word)
    if w is None or g is None:
        return fallback
    # The template is formatted: a brace is a brace.
    w, g = (x.replace("{", "{{").replace("}", "}}") for x in (w, g))
    template = template.replace("{t}", fuse.fresh("_t")).replace("{w}", w).replace("{g}", g)
    return fuse.join(fallback, template, fn, names=names)


def _card_prop(s, card, word, missing=0):
    if card is None or type(card) is not int:
        return missing
    return s.prop(card, word)


def _counter(s, card, word):
    if card is None or type(card) is not int:
        return 0
    return s.counters.get((card, word), 0)


def _mark(s, card, word):
    if card is None or type(card) is not int:
        return None
    return s.marks.get((card, word))


# What reading a property every card has is noted as, for the checks (Compiler.note). These
# two change as a card moves (its owner and name do not): a card that left is read as it was.
_NOTED = {"damage": "damage", "controller": "control"}


def looked_back(c: Compiler, scope: Scope, subject, t: T, read, mark: str | None = None):
    """`read`, a reading of the card that `subject` names (a property, counter, mark,
    keyword, card type, its damage or controller; `mark`: the mark read), in the texts that run
    once that card may have left where it was named (Scope.looks_back): there, where it
    has left since and had something to lose (engine/lastknown.py), the same reading of
    the game as it was then (Magic's last known information, 608.2h). Else `read` itself.
    A pack in which nothing changes cards in play (Table.remembering) reads as before, at no
    cost; another, while no card it keeps is named (State.lki), at the cost of a look-up."""
    found = _named_object(subject, t, scope.looks_back) if scope.looks_back else None
    if found is None:
        return read
    known, args, card = found
    said = [fuse.literal(a) for a in args]
    if None in said:
        return read
    if mark is not None:
        c.past_reads.add("mark:" + mark)
    if getattr(read, "src", None) is None:
        # A reading without a text of its own is called from the text made here: the flag
        # settled, it is all there is in a pack that keeps nothing.
        called, plain = fuse.fresh(), read
        read = fuse.leaf(lambda s, env: plain(s, env), f"{called}(s, env)", {called: plain})

    def looking_back(s, env):
        if s.t.remembering and s.lki:
            then = known(s, env, *args)
            if then is not None:
                return read(then, env)
        return read(s, env)
    then, x, r, k = fuse.fresh("_t"), fuse.fresh("_t"), fuse.fresh(), fuse.fresh()
    args_text = "".join(", " + a for a in said)
    return fuse.join(looking_back, f"({r}({then}, env) if {fuse.flag('remembering')} and s.lki and type({x} := {card}) "
                                   f"is int and {x} in s.lki and ({then} := {k}(s, env{args_text})) is not None "
                                   f"else {{0}})", read, names={r: read, k: known})


def _named_object(fn, t: T, back: str):
    """How the object a reference names is found once it has left: (a function of
    engine/lastknown.py, its arguments, the text that reads the card) for "this" (the card
    of an ability used or fired from play: Scope.looks_back), a variable that holds one
    card, "that card"; None for what is found where it is now (a selector's item, a card an
    expression finds)."""
    if getattr(fn, "env_key", None) == "this":
        return (lastknown.played, (), "env['this']") if back == "this" else None
    var = getattr(fn, "env_var", None)
    if var is not None and t.kind in ("card", "object", "any") and fuse.literal(var) is not None:
        return lastknown.named, (var, "@" + var), f"env.get({fuse.literal(var)})"
    if getattr(fn, "event_card", False):
        return lastknown.of_event, (), "env['@event'].card"
    key = getattr(fn, "named_item", None)
    if key is not None:
        return lastknown.named, (key, "@" + key), f"env[{key!r}]"
    return None


def read_each(c: Compiler, node, sel, t: T, word: str, scope: Scope, key: str):
    """What "WORD of" reads of each item of the selector `sel`, the item in env[key] (a
    total, values among, the highest), and its type. Where `sel` is a name alone holding a
    set in an ability's `if` or effect (the cards a cost picked, `let`), each card is the
    object the set named, read as it was if it has left play since, as `for each` reads
    it: the whole set reads as its cards one by one (engine/lastknown.item)."""
    def each(s, env):
        return env[key]
    each.env_key = key
    of = bare_name(sel, scope) if scope.looks_back else None
    if of is not None:
        each.named_item = key
    c.used_it = True
    read, rt = property_of(c, node, (each, single(t)), word, scope)
    if of is None:
        return read, rt
    plain, mark = read, "@" + key

    def read_named(s, env):
        lastknown.item(env, key, mark, of)
        return plain(s, env)
    return read_named, rt


def bare_name(sel, scope: Scope) -> str | None:
    """The variable a selector is when it is written alone (`pitched`), else None."""
    if sel.data != "selector" or any(k is not None for k in sel.children[1:]):
        return None
    words = sel.children[0].children
    return str(words[0]) if len(words) == 1 and str(words[0]) in scope.vars else None


def _card_builtin(word, fn):
    """owner, controller, damage or name of a card, written in place where the card's
    expression has a text (fuse.py), as they are read in checks and loops."""
    t = fuse.fresh("_t")
    if word == "owner":
        return fuse.join(lambda s, env: None if (c := fn(s, env)) is None or type(c) is not int else s.t.players[s.owner[c]],
                         f"(None if ({t} := {{0}}) is None or type({t}) is not int else s.t.players[s.owner[{t}]])", fn)
    if word == "controller":
        # As the effects say now (layers.controllers), where effects change control: whether
        # a view is to be made again is the same for every card of a scan (fuse.fixed).
        ctl = fuse.fresh()
        stale, lift = fuse.fixed(STALE_VIEW)
        return fuse.join(lambda s, env: None if (c := fn(s, env)) is None or type(c) is not int
                         else s.t.players[controllers(s)[c]],
                         f"(None if ({t} := {{0}}) is None or type({t}) is not int else s.t.players[({ctl}(s) "
                         f"if {stale} else s.controller)[{t}]])", fn, names={ctl: controllers}, lifts=(lift,))
    if word == "damage":
        key = getattr(fn, "env_key", None)
        slow = fuse.fresh()     # with damage dealt and not yet applied, _damage_of adds it up
        # Whether damage waits is the same for every card of a scan (fuse.fixed).
        none_waits, lift = fuse.fixed("(not s.pending)")
        return fuse.join(lambda s, env: _damage_of(s, env[key] if key is not None else fn(s, env)),
                         f"(0 if ({t} := {{0}}) is None else ((s.damage[{t}] if type({t}) is int else 0) "
                         f"if {none_waits} else {slow}(s, {t})))", fn, names={slow: _damage_of}, lifts=(lift,))
    # A token's name is its definition's, whatever number tells it apart in the log.
    return fuse.join(lambda s, env: None if (c := fn(s, env)) is None else s.t.cards[c].name if type(c) is int
                     else s.card_name(c),
                     f"(None if ({t} := {{0}}) is None else s.t.cards[{t}].name if type({t}) is int else s.card_name({t}))",
                     fn)


def _damage_of(s, c) -> int:
    """The damage marked on a card (none on a player) and what is dealt to it and not yet applied."""
    if c is None:
        return 0
    marked = s.damage[c] if type(c) is int else 0
    if not s.pending:
        return marked
    return marked + sum(p[1] for p in s.pending if p[0] == c and type(p[0]) is type(c)
                        and (type(c) is not int or p[3] == s.moves[c]))


@register("prop", E, "PROPERTY of X", "A property of a card (attack, cost, owner, damage...), a counter of a player (life), a player's zone (hand), or the player to their left or right. Of none (a choice that found no card): 0 for a number, none for a word or a text.",
          params=(('PROPERTY', 'property, counter, mark, zone, left or right', 'what is read'), ('X', 'card or player', 'whose')))
def _prop(c, tree, scope):
    word, subject = tree.children
    return property_of(c, tree, subject, str(word), scope)


@register("prop_of", E, "X's PROPERTY", 'The same, written the other way: "your life", "its owner", "opponent\'s hand".',
          params=(('X', 'card or player', 'whose'), ('PROPERTY', 'property, counter, mark, zone, left or right', 'what is read')))
def _prop_of(c, tree, scope):
    subject, word = tree.children
    return property_of(c, tree, subject, str(word), scope)


@register("count", E, "count of SELECTOR", "How many cards or players the selector picks (also \"number of\").",
          params=(('SELECTOR', 'selector', 'what is counted'),))
def _count(c, tree, scope):
    fn, _ = c.selector(tree.children[0], scope, sets=True)
    name = fuse.fresh()     # "count of ... = 4" compares in the same call
    count = getattr(fn, "count", None)
    if count is not None:
        return fuse.leaf(count, f"{name}(s, env)", {name: count}), NUMBER     # itself: the text is its call
    counted = fuse.leaf(lambda s, env: len(fn(s, env)), f"len({name}(s, env))", {name: fn})
    return (set_tests.measure(counted, set_tests.SIZE) if _the_set(tree.children[0]) else counted), NUMBER


def _the_set(sel) -> bool:
    """Whether a selector is "it" itself, the set a "where" of "sets of" tries."""
    return getattr(sel, "data", None) == "it_set" and not sel.children


def held_values(c: Compiler, node, sel, prop: str, scope: Scope, key: str):
    """What "PROPERTY among SELECTOR" reads: a function giving the values the cards or players
    picked hold, each once (each word of a list of words), as the keys of a dict in the order
    they are first held; and the values' type. `key` holds the one read, as "it"."""
    sfn, t = c.selector(sel, scope)
    return held_by(c, node, sel, sfn, t, prop, scope, key)


def held_by(c: Compiler, node, sel, sfn, t: T, prop: str, scope: Scope, key: str):
    """held_values of the selector `sel` compiled (`sfn`, picking items of type `t`): its
    function may be given the items to read (`held(s, env, items)`), else reads those picked."""
    read, rt = read_each(c, node, sel, t, prop, scope, key)
    listed = isinstance(c.names.properties.get(prop), tuple)

    def held(s, env, items=None):
        outer, found = env.get(key), {}
        for x in sfn(s, env) if items is None else items:
            env[key] = x
            v = read(s, env)
            if listed:
                found.update(dict.fromkeys(v or ()))
            elif v is not None:
                found[v] = None
        env[key] = outer
        return found

    def one(s, env, x):
        """The value the item `x` holds, where each holds one (not `listed`)."""
        outer = env.get(key)
        env[key] = x
        v = read(s, env)
        env[key] = outer
        return v
    held.one = None if listed else one
    return held, rt


@register("count_different", E, "number of different PROPERTY among SELECTOR",
          "How many different values of a property the cards or players picked hold (also \"count of\"; "
          "the property may be written as a plural): \"number of different names among (cards in supply)\" "
          "is how many piles a supply of copies still has. A card without the value adds none.",
          example="number of different suits among cards in your hand",
          params=(('PROPERTY', 'property, counter or name', 'whose values are counted'),
                  ('SELECTOR', 'selector', 'whose')))
def _count_different(c, tree, scope):
    word, sel = tree.children
    prop = str(word)
    known = (*CARD_PROPERTIES, *PLAYER_PROPERTIES, *c.names.properties, *c.names.card_counters,
             *c.names.player_counters, *c.names.marks)
    if prop not in known and prop.endswith("s") and prop[:-1] in known:
        prop = prop[:-1]        # "different suits"
    held, _ = held_values(c, word, sel, prop, scope, "@different")
    different = lambda s, env: len(held(s, env))
    if _the_set(sel):
        set_tests.measure(different, set_tests.DIFFERENT if held.one else set_tests.DIFFERENT_WORDS, held.one)
    return different, NUMBER


@register("total", E, "total PROPERTY of SELECTOR",
          "The sum of a number over the cards or players the selector picks: a property, a counter, damage "
          "(\"total attack of creatures you control in play\"); 0 when it picks none.",
          params=(('PROPERTY', 'property or counter', 'the number added up'), ('SELECTOR', 'selector', 'whose')))
def _total(c, tree, scope):
    word, sel = tree.children
    sfn, t = c.selector(sel, scope)
    read, rt = read_each(c, tree, sel, t, str(word), scope, "@total")
    if rt.kind not in ("number", "any"):
        c.error(tree, f'"total {word} of ..." adds up numbers, and {word} is not one')

    def total(s, env):
        outer = env.get("@total")
        n = 0
        for x in sfn(s, env):
            env["@total"] = x
            v = read(s, env)
            if type(v) is int or type(v) is float:
                n += v
        env["@total"] = outer
        return n
    return total, NUMBER


@register("random_number", E, "a random number from A to B", "A whole number from A to B inclusive, drawn from the game's seeded random source.",
          params=(('A', 'number', 'lowest'), ('B', 'number', 'highest')))
def _random_number(c, tree, scope):
    lo, _ = c.expect(tree.children[0], scope, ("number",), "the lowest number")
    hi, _ = c.expect(tree.children[1], scope, ("number",), "the highest number")

    text, where = c.heading(tree), c.where(tree)
    c.used_it = c.drawn = True  # drawn anew each time: never computed once for a whole scan

    def f(s, env):
        a, b = lo(s, env), hi(s, env)
        if b <= a:
            return a
        if b - a > 2 * limits.NUMBER:
            raise too_large(s, env, f'the range of "{text}"', where)
        return a + s.randbelow(b - a + 1)
    return f, NUMBER


@register("lesser", E, "lesser of A and B",
          "The smaller of two numbers (none counts as 0), as in card text: \"the lesser of value of it and 10\" "
          "is 10 for a card of value 13, and 7 for one of value 7. The second number is one value: a sum after it "
          "is written with brackets, \"(lesser of a and b) + 1\" or \"lesser of a and (b + 1)\".",
          example="the lesser of value of it and 10",
          params=(('A', 'number', 'one'), ('B', 'number', 'the other')))
def _lesser(c, tree, scope):
    return _one_of_two(c, tree, scope, min)


@register("greater", E, "greater of A and B", "The greater of two numbers, the same way.",
          example="the greater of life of you - 10 and 0",
          params=(('A', 'number', 'one'), ('B', 'number', 'the other')))
def _greater(c, tree, scope):
    return _one_of_two(c, tree, scope, max)


def _one_of_two(c, tree, scope, pick):
    what = f'what "{c.heading(tree)}" compares'
    a, _ = c.expect(tree.children[0], scope, ("number",), what)
    b, _ = c.expect(tree.children[1], scope, ("number",), what)
    name = fuse.fresh()
    return fuse.join(lambda s, env: pick(a(s, env) or 0, b(s, env) or 0), f"{name}(({{0}}) or 0, ({{1}}) or 0)",
                     a, b, names={name: pick}), NUMBER


@register("if_value", E, "if CONDITION then A else B",
          "A when the condition holds, else B, wherever a value is read: \"deal (if count of cards in your hand > "
          "3 then 2 else 1) damage to it\", \"increase score of p by if p = leader then 10 else 5\". A and B are "
          "of one kind (two numbers, two players...; none goes with any kind). B is one value, as the second "
          "number of \"greater of\" is: a sum, a comparison, \"and\" or \"or\" after it is written with brackets, "
          "\"(if a then 1 else 2) + 3\" or \"if a then 1 else (2 + 3)\". Another \"if\" after \"else\" chooses "
          "among more values.",
          example="if count of cards in your hand > 3 then 2 else 1",
          params=(("CONDITION", "condition", "which of the two values it is"), ("A", "value", "when it holds"),
                  ("B", "value", "when it does not")))
def _if_value(c, tree, scope):
    test, when, otherwise = tree.children
    _nothing_after(c, tree)
    (t, _), test_reads = _side(c, lambda: c.expect(test, scope, ("bool",), f'the condition of "{c.heading(tree)}"'))
    (a, ta), a_reads = _side(c, lambda: c.expr(when, scope))
    (b, tb), b_reads = _side(c, lambda: c.expr(otherwise, scope))
    kind = _one_kind(ta, tb)
    if kind is None:
        c.error(tree, f'the two values of "{c.heading(tree)}" must be of one kind, but {c.quoted(when)} is '
                      f'{_kind_word(ta)} and {c.quoted(otherwise)} is {_kind_word(tb)}')
        kind = ANY
    sides = (test_reads, a_reads, b_reads)
    return fuse.join(lambda s, env: a(s, env) if t(s, env) else b(s, env), "(({1}) if ({0}) else ({2}))", t, a, b,
                     steady=_steady(*(moves for moves, _ in sides)), still=_still(*sides)), kind


def _one_kind(a: T, b: T) -> T | None:
    """The kind of a value that is `a` or `b`, or None where they are of different kinds:
    none (an empty choice) goes with any kind, and a word only with a word of its property."""
    if a.kind in ("none", "any") or b.kind in ("none", "any"):
        return b if a.kind in ("none", "any") else a
    if a.kind != b.kind or a.kind == "word" and None not in (a.of, b.of) and a.of != b.of:
        return None
    ctypes = None if a.ctypes is None or b.ctypes is None else a.ctypes | b.ctypes
    return T(a.kind, ctypes, a.of if a.of == b.of else None)


def _kind_word(t: T) -> str:
    return _a(t.of) if t.kind == "word" and t.of else t.word()


# What a reader could take for part of the value after "else" (_nothing_after).
_JOINED = re.compile(r"(?:\s|#[^\n]*|\bthe\b)*([-+*/%]|<=|>=|!=|=|<|>|\b(?:and|or|is|has|shares|sits?|entered|changed)\b)",
                     re.I)


def _nothing_after(c, tree) -> None:
    """Refuses "if a then 1 else 2 + 3" unbracketed: what follows "else" is one value, so
    this is "(if a then 1 else 2) + 3", where a reader takes "2 + 3" for the value."""
    if c.snippet is None or tree.meta.empty:
        return
    lines = c.snippet.text.split("\n")
    end = tree.meta.end_line
    if end > len(lines):
        return
    joined = _JOINED.match("\n".join([lines[end - 1][tree.meta.end_column - 1:], *lines[end:]]))
    if joined is None:
        return
    start, branch = tree.meta, _pos(tree.children[2])
    head = _slice(c.snippet.text, start.line, start.column, *branch).rstrip().removesuffix("(").rstrip()
    whole = c.source(tree)
    otherwise, word = whole[len(head):].strip(), joined.group(1)
    c.error(tree, f'"{whole} {word} ..." reads as "({whole}) {word} ...": what follows "else" is one value; write '
                  f'those brackets, or "{head} ({otherwise} {word} ...)" for the value after "else"')


_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.floordiv, "%": operator.mod}


def _one_of_two_in_sum(c, tree) -> None:
    """Refuses "greater of a and b - c" unbracketed: the second number is one value, so it
    is "(greater of a and b) - c", where a reader takes "b - c" for the second number. A sum
    is read whole with the products in it ("x + lesser of a and b * 2 + 1"), so that what is
    quoted runs to its end, and each rewrite suggested brackets every other "lesser of" or
    "greater of" a sum follows: written as suggested, the text is accepted."""
    if c.snippet is None or tree.meta.empty:
        return
    text = c.snippet.text
    products = []
    items = _sum_items(tree, text, tree.meta.start_pos, products)
    if items is None:
        return
    c.in_sum += products        # each not checked again when it is compiled
    followed = [k for k in range(0, len(items) - 1, 2) if getattr(items[k], "data", None) in ("lesser", "greater")
                and "(" not in text[items[k - 1].end_pos if k else tree.meta.start_pos:items[k].meta.start_pos]]
    for k in followed:
        node, op = items[k], items[k + 1]
        a, b = node.children
        others = [items[j] for j in followed if j != k]
        whole = text[node.meta.start_pos:node.meta.end_pos]
        rest = _with_brackets(text, op.start_pos, tree.meta.end_pos, others)
        second = _with_brackets(text, b.meta.start_pos, b.meta.end_pos, [b] if b.data in ("lesser", "greater") else [])
        a = text[a.meta.start_pos:a.meta.end_pos]
        c.error(node, f'"{text[node.meta.start_pos:tree.meta.end_pos]}" reads as "({whole}) {rest}": the second '
                      f'number of "{node.data} of" is one value; write those brackets, or "{node.data} of {a} and '
                      f'({second} {rest})" to compare {a} with {second} {rest}')


def _sum_items(tree, text: str, start: int, products: list) -> list | None:
    """The operands and signs of a sum, those of each product in it without brackets in
    their place (the product added to `products`); None if one has no place in the text."""
    items = []
    for k, kid in enumerate(tree.children):
        if k % 2:
            start = kid.end_pos
            items.append(kid)
            continue
        if getattr(kid, "meta", None) is None or kid.meta.empty:
            return None
        if kid.data == "arith" and "(" not in text[start:kid.meta.start_pos]:
            products.append(kid)
            inner = _sum_items(kid, text, kid.meta.start_pos, products)
            if inner is None:
                return None
            items += inner
        else:
            items.append(kid)
        start = kid.meta.end_pos
    return items


def _with_brackets(text: str, start: int, end: int, nodes: list) -> str:
    """The text from `start` to `end`, each of `nodes` in it in brackets."""
    out = []
    for node in sorted(nodes, key=lambda n: n.meta.start_pos):
        if start <= node.meta.start_pos and node.meta.end_pos <= end:
            out += [text[start:node.meta.start_pos], "(", text[node.meta.start_pos:node.meta.end_pos], ")"]
            start = node.meta.end_pos
    return "".join(out) + text[start:end]


@register("arith", E, "A + B, A - B, A * B, A / B, A % B",
          "Arithmetic on whole numbers: A / B divides rounding down, A % B is the remainder, from 0 to B - 1 "
          "for B above 0 (so \"(hand number - 1) % 4\" goes 0, 1, 2, 3, 0...). A game that divides by 0 stops with an error.",
          params=(('A', 'number', ''), ('B', 'number', '')))
def _arith(c, tree, scope):
    if any(t is tree for t in c.in_sum):       # read whole with the sum it stands in
        c.in_sum = [t for t in c.in_sum if t is not tree]
    else:
        _one_of_two_in_sum(c, tree)
    first, _ = c.expect(tree.children[0], scope, ("number",), "a number in a sum")
    rest = []
    kids = tree.children[1:]
    text = c.heading(tree)
    for i in range(0, len(kids), 2):
        fn, _ = c.expect(kids[i + 1], scope, ("number",), "a number in a sum")
        word = str(kids[i])
        if word in "/%" and c.constant(kids[i + 1]) == 0:
            c.error(kids[i + 1], f'"{text}" divides by 0')
        rest.append((_ARITH[word], fn))
    where = c.where(tree)
    if any(str(op) in "/%" for op in kids[0::2]):
        return _divided(first, rest, text, where), NUMBER

    low, top = -limits.NUMBER, limits.NUMBER

    def too(s, env):
        raise too_large(s, env, f'"{text}"', where)
    if len(rest) == 1:                  # "level of it + bonus": the usual case, in one step
        (op, second), = rest

        def f(s, env):
            v = op(first(s, env) or 0, second(s, env) or 0)
            if low <= v <= top:
                return v
            too(s, env)
    else:
        def f(s, env):
            v = first(s, env) or 0
            for op, fn in rest:
                v = op(v, fn(s, env) or 0)
            if low <= v <= top:
                return v
            too(s, env)
    # Written in place, from left to right as the closures compute, the bound checked at the end.
    sum_text = "(({0}) or 0)"
    for i, sign in enumerate(kids[0::2]):
        sum_text = f"({sum_text} {sign} (({{{i + 1}}}) or 0))"
    v, name = fuse.fresh("_t"), fuse.fresh()
    return fuse.join(f, f"({v} if {low} <= ({v} := {sum_text}) <= {top} else {name}(s, env))",
                     first, *(fn for _, fn in rest), names={name: too}), NUMBER


def _divided(first, rest, text: str, where):
    """Arithmetic with / or %: a divisor of 0 in play stops the game at the text."""
    low, top = -limits.NUMBER, limits.NUMBER

    def f(s, env):
        v = first(s, env) or 0
        try:
            for op, fn in rest:
                v = op(v, fn(s, env) or 0)
        except ZeroDivisionError:
            raise RuleError(f'"{text}"{of_card(s, env)} divides by 0', where) from None
        if low <= v <= top:
            return v
        raise too_large(s, env, f'"{text}"', where)
    return f


def too_large(s, env, what: str, source=None) -> RuleError:
    """A number the rules compute that has grown past any game's: doubled in a loop, say.
    `source`: the text that computed it, in its file (Compiler.where)."""
    return RuleError(f"{what}{of_card(s, env)} comes to more than {limits.SAID_NUMBER}: "
                     f"the numbers of a game are at most that", source)


@register("neg", E, "-A", "The negative of a number.",
          params=(('A', 'number', ''),))
def _neg(c, tree, scope):
    fn, _ = c.expect(tree.children[0], scope, ("number",), "a negative number")
    return (lambda s, env: -(fn(s, env) or 0)), NUMBER


def _comparable(c: Compiler, tree, left, right) -> None:
    """A word is equal only to a word of its own property, a card or a player to no number,
    truth or text (a card is no number, though the engine counts cards by number): anything
    else is a mistake."""
    for (node, t), (other, ot) in ((left, right), (right, left)):
        if t.kind in ("card", "player") and ot.kind in ("number", "bool", "text") or \
                t.kind == "team" and ot.kind in ("number", "bool", "card", "player", "cards", "players"):
            c.error(tree, f'{c.quoted(tree)} compares {t.word()} with {ot.word()}: they are never equal')
            return
        if t.kind == "text":
            _text_compared(c, node, t, other)
        if t.kind != "word" or t.of is None:
            continue
        if ot.kind == "word" and ot.of is not None and ot.of != t.of:
            c.error(tree, f'{c.quoted(tree)} compares {_a(t.of)} with {_a(ot.of)}: they are never equal')
        elif getattr(other, "data", None) == "text":
            said = str(other.children[0])[1:-1]
            words = c.names.one_of.get(t.of, ())
            if said not in words:
                c.error(other, f'"{said}" is not a word of "{t.of}"{did_you_mean(said, words)}')
        elif ot.kind in ("number", "bool", "card", "player", "cards", "players", "zone"):
            c.error(tree, f'{c.quoted(tree)} compares {_a(t.of)} with {ot.word()}: they are never equal')
        return


def _each_read(names, word: str, said: str) -> str:
    """What reads `word` of each card of the set `said`, as far as the property allows: a
    number is added up, words of one_of have an order, others are only counted."""
    numeric = word == "damage" or word in names.card_counters or \
        word in names.properties and word not in names.one_of and is_number(names.properties[word])
    ways = [f"total {word} of {said}"] if numeric else []
    if numeric or word in names.one_of:
        ways.append(f"highest {word} of {said}")
    if not numeric:
        ways.append(f"number of different {word} among {said}")
    return ", ".join(f'"{w}"' for w in [*ways, f"for each c in {said}"])


def _text_compared(c: Compiler, node, t: T, other) -> None:
    """A quoted text compared with a card's name is the name of a card the pack can hold
    (checked once every card is read: packs/sections.py); with a mode whose texts are known,
    one of them. Only where it is certain: a variable that the text binds again may hold
    another value by the time it is compared."""
    bound, here = dsl.bindings(c.snippet.text).get(_variable(node), (0, frozenset())) if c.snippet else (0, None)
    if t.of == "name":
        said = _quoted(c, other, True)
        if said is not None and bound <= 1:
            c.card_names.append(said)
        return
    if bound and here is None:      # bound again to what is not a choice of texts: it may hold any text
        return
    texts = t.texts if not bound or t.texts is None else t.texts | here
    said = _quoted(c, other, False)
    if texts is not None and said is not None and said[0] not in texts:
        shown = ", ".join(f'"{w}"' for w in sorted(texts))
        c.error(other, f'"{said[0]}" is never the value of "{c.heading(node)}", which holds one of {shown}'
                       f'{did_you_mean(said[0], texts)}')


def _variable(node) -> str | None:
    return str(node.children[0]) if getattr(node, "data", None) == "name" else None


def _quoted(c: Compiler, node, given: bool):
    """(the text, where it is written) of a quoted text, or, where `given`, of the parameter
    of a named script or definition given one at its use; None for any other value."""
    data = getattr(node, "data", None)
    if data == "text":
        return str(node.children[0])[1:-1], c.place(node)
    if given and data == "name":
        return c.given_texts.get(str(node.children[0]))
    return None


def _a(word: str) -> str:
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


def _side(c, compile_side):
    """A side of a comparison, compiled; whether it reads what changes from card to card
    of a "where" scan (Compiler.used_it: what draws anew each time it is read too); and
    whether it reads "this", what changes from card to card of a listing of moves."""
    was, was_this = c.used_it, c.used_this
    c.used_it = c.used_this = False
    result = compile_side()
    moves, this = c.used_it, c.used_this
    c.used_it, c.used_this = was or moves, was_this or this
    return result, (moves, this)


_COMPARE = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
            "=": operator.eq, "!=": operator.ne}


def _read(node):
    """What a side of a comparison reads, written either way: "its rank" is "rank of it"."""
    if not hasattr(node, "data"):
        return None if node is None else (node.type, str(node))
    kids = node.children
    if node.data == "prop_of":
        kids = kids[::-1]
    return ("prop" if node.data == "prop_of" else node.data, *map(_read, kids))


def _draws(node) -> bool:
    """Whether a side draws a random number: two draws may differ."""
    return any(str(t.data).startswith("random") for t in node.iter_subtrees()) if hasattr(node, "data") else False


@register("compare", E, "A < B, A <= B, A = B, A != B, A >= B, A > B",
          "Compares two numbers, or two words of one property in the order of its list (\"its rank > top_rank\"; "
          "none, the word of no card, before every word); = and != also compare cards, players and texts. "
          "A quoted text compared with a card's name must be the name of a card or token of the pack, and one "
          "compared with a mode (\"choose one of\") one of its texts: either is refused otherwise.",
          params=(('A', 'number (or any, for = and !=)', 'left side'), ('B', 'number (or any, for = and !=)', 'right side')))
def _compare(c, tree, scope):
    left, op, right = tree.children
    op = str(op)
    if _read(left) == _read(right) and not _draws(left):
        holds = "always holds" if op in ("=", "<=", ">=") else "never holds"
        inner = (': inside a "where", "it" is what that where is about; to read the card an outer "where" is '
                 'about, name it after its noun: "a card c in your hand where any (cards in melds where its rank = '
                 'rank of c)"') if "'it'" in repr(_read(left)) else ""
        c.error(tree, f'both sides of "{op}" read the same, "{c.heading(left)}", so it {holds}{inner}')
    if op in ("=", "!="):
        (a, ta), (a_moves, a_this) = _side(c, lambda: c.expr(left, scope))
        (b, tb), (b_moves, b_this) = _side(c, lambda: c.expr(right, scope))
        _comparable(c, tree, (left, ta), (right, tb))
        fn = _COMPARE[op]
        key = getattr(b, "env_key", None)
        if key is not None:             # "active player = you": the right side read in place
            return fuse.join(lambda s, env: fn(a(s, env), env[key]), f"(({{0}}) {'==' if op == '=' else '!='} ({{1}}))",
                             a, b), BOOL
        # A side written in place costs no call: one that is called is called once a scan.
        if hasattr(a, "card_prop") and a_moves and not b_moves and not hasattr(b, "src"):
            b = once_a_scan(c, b)
        elif hasattr(b, "card_prop") and b_moves and not a_moves and not hasattr(a, "src"):
            a = once_a_scan(c, a)
        joined = fuse.join(lambda s, env: fn(a(s, env), b(s, env)), f"(({{0}}) {'==' if op == '=' else '!='} ({{1}}))",
                           a, b, steady=_steady(a_moves, b_moves), still=_still((a_moves, a_this), (b_moves, b_this)))
        return set_tests.compared(joined, op, a, b, c.constant(right)), BOOL
    (a, ta), (a_moves, a_this) = _side(c, lambda: c.expr(left, scope))
    (b, tb), (b_moves, b_this) = _side(c, lambda: c.expr(right, scope))
    fn = _COMPARE[op]
    words = _ordered_words(c, tree, (left, ta), (right, tb))
    if words is not None:
        return _word_order(fn, a, b, words), BOOL
    _number_side(c, left, ta, f'the left side of "{op}"')
    _number_side(c, right, tb, f'the right side of "{op}"')
    k = c.constant(right) if getattr(right, "data", None) == "number" else None
    if k is not None:                   # "life of it <= 0": the number is read once, here
        const = fuse.constant(k)
        joined = fuse.join(lambda s, env: fn(a(s, env) or 0, k), f"((({{0}}) or 0) {op} ({{1}}))", a, const)
        return set_tests.compared(joined, op, a, const, k), BOOL
    return fuse.join(lambda s, env: fn(a(s, env) or 0, b(s, env) or 0), f"((({{0}}) or 0) {op} (({{1}}) or 0))", a, b,
                     steady=_steady(a_moves, b_moves), still=_still((a_moves, a_this), (b_moves, b_this))), BOOL


def _number_side(c, tree, t, what: str) -> None:
    """A side of "<" or ">" that is not a word compared with a word of its property must be
    a number."""
    if t.kind not in ("number", "any"):
        order = (f': a word is compared only with a word of "{t.of}", in the order of its list'
                 if t.kind == "word" and t.of else "")
        c.error(tree, f"{what} must be a number, but {c.quoted(tree)} is {t.word()}{order}")


def _ordered_words(c, tree, left, right):
    """The words of the property both sides of "<" or ">" hold ("its rank > top_rank", "rank
    of c >= "ten""), in the order of its list; None where a side is no such word."""
    words = None
    for (node, t), (other, ot) in ((left, right), (right, left)):
        if t.kind == "word" and t.of in c.names.one_of:
            words = c.names.one_of[t.of]
            if ot.kind == "word" and ot.of not in (None, t.of):
                c.error(tree, f'{c.quoted(tree)} compares {_a(t.of)} with {_a(ot.of)}: words are in order '
                              f'only within the list of one property')
                return words
            if ot.kind == "word" and ot.of is not None or getattr(other, "data", None) == "text":
                _comparable(c, tree, (node, t), (other, ot))    # a text must be a word of the list
                return words
    return None


def _word_order(fn, a, b, words):
    """Two words compared by their places in the property's list; none (the word of no card,
    a table value not set yet) comes before every word."""
    place = {w: i for i, w in enumerate(words)}
    return lambda s, env: fn(place.get(a(s, env), -1), place.get(b(s, env), -1))


def _steady(*moves: bool) -> tuple:
    """The parts that read nothing of a "where" clause's item while another part does
    (fuse.join's `steady`): what a selector's loop computes once."""
    return tuple(i for i, m in enumerate(moves) if not m) if any(moves) else ()


def _still(*sides: tuple) -> tuple:
    """The parts that read nothing of "this", nor of a "where" clause's item, nor draw,
    while another part reads "this" (fuse.join's `still`): what a listing of moves
    computes once for all the cards it lists."""
    reads = [this for _, this in sides]
    return tuple(i for i, (moves, this) in enumerate(sides) if not moves and not this) if any(reads) else ()


def _conditions(c, children, scope, what: str) -> tuple[list, tuple, tuple]:
    """The parts of "and" or "or", compiled, and which of them are steady (_steady) and
    still (_still)."""
    compiled = [_side(c, lambda k=k: c.expect(k, scope, ("bool",), what)) for k in children]
    sides = [m for _, m in compiled]
    return [fn for (fn, _), _ in compiled], _steady(*(m for m, _ in sides)), _still(*sides)


@register("any_of", E, "A or B", "Holds when either condition holds.",
          params=(('A', 'condition', ''), ('B', 'condition', '')))
def _any_of(c, tree, scope):
    parts, steady, still = _conditions(c, tree.children, scope, 'each side of "or"')
    windows = [getattr(p, "window_is", None) for p in parts]
    if None not in windows:
        among = frozenset(windows)
        name = fuse.fresh()
        return fuse.leaf(lambda s, env: s.window in among, f"(s.window in {name})", {name: among}), BOOL
    typed = {getattr(p, "typed", (None,))[0] for p in parts}
    if len(typed) == 1 and None not in typed:
        # "it is land or it is artifact": one reading of the card's type bits, for any of them.
        (key,) = typed
        mask = 0
        for p in parts:
            mask |= p.typed[1]
        test = _type_test(mask).here(key)
        test.typed = (key, mask)
        return test, BOOL
    listed = {getattr(p, "listed", (None, None, None))[:2] for p in parts}
    if len(listed) == 1 and None not in next(iter(listed)):
        # "it is W or it is U or ...", words of one list property: the list read once.
        (key, prop), = listed
        words = frozenset(p.listed[2] for p in parts)
        printed = prop not in c.names.derived

        def any_word(s, env):
            x = env[key]
            if type(x) is not int:
                return False
            held = s.t.props[x][prop] if printed and not s.face_down[x] and not (s.view is None and s.t.controlling) \
                else s.prop(x, prop)
            if type(held) is list or type(held) is tuple:
                return not words.isdisjoint(held)
            return any(w in held for w in words)
        # Its text, for the selectors and conditions around it (a land's "produces", read for each land).
        t, h, ws, k, p = (fuse.fresh("_t"), fuse.fresh("_t"), fuse.fresh(), fuse.literal(key), fuse.literal(prop))
        if k is None or p is None:
            return any_word, BOOL
        # The card read as the item of a selector's loop ("it"), and what stands in the way of
        # reading the words as printed computed once a scan (fuse.item, fuse.fixed).
        card, lifts = _env_read(key)
        if printed:
            stale, lift = fuse.fixed(STALE_VIEW)
            read = f"(s.prop({t}, {p}) if s.face_down[{t}] or {stale} else s.t.props[{t}][{p}])"
            lifts += (lift,)
        else:
            read = _words_text(t, p, printed)
        return fuse.leaf(any_word, f"(type({t} := {card}) is int and ((not {ws}.isdisjoint({h})) if type({h} := {read}) "
                                   f"is list or type({h}) is tuple else any([w in {h} for w in {ws}])))", {ws: words},
                         lifts=lifts), BOOL
    return set_tests.joined(_either(parts, steady, still), parts, every=False), BOOL


def _either(parts: list, steady: tuple, still: tuple):
    """The conditions `parts` joined by "or", made one function."""
    if len(parts) == 2:
        a, b = parts
        return fuse.join(lambda s, env: a(s, env) or b(s, env), "({0}) or ({1})", a, b, steady=steady, still=still)
    if len(parts) == 3:
        a, b, d = parts
        return fuse.join(lambda s, env: a(s, env) or b(s, env) or d(s, env), "({0}) or ({1}) or ({2})", a, b, d,
                         steady=steady, still=still)

    def any_part(s, env):       # a loop, not any() over a generator: no frame to resume per part
        for p in parts:
            if p(s, env):
                return True
        return False
    return fuse.join(any_part, "bool(" + " or ".join(f"({{{i}}})" for i in range(len(parts))) + ")", *parts,
                     steady=steady, still=still)


@register("all_of", E, "A and B", "Holds when both conditions hold.",
          params=(('A', 'condition', ''), ('B', 'condition', '')))
def _all_of(c, tree, scope):
    parts, steady, still = _conditions(c, tree.children, scope, 'each side of "and"')
    return set_tests.joined(_every(parts, steady, still), parts, every=True), BOOL


def _every(parts: list, steady: tuple, still: tuple):
    """The conditions `parts` joined by "and", made one function."""
    if len(parts) == 2:
        a, b = parts
        return fuse.join(lambda s, env: a(s, env) and b(s, env), "({0}) and ({1})", a, b, steady=steady, still=still)
    if len(parts) == 3:
        a, b, d = parts
        return fuse.join(lambda s, env: a(s, env) and b(s, env) and d(s, env), "({0}) and ({1}) and ({2})", a, b, d,
                         steady=steady, still=still)

    def all_parts(s, env):
        for p in parts:
            if not p(s, env):
                return False
        return True
    return fuse.join(all_parts, "bool(" + " and ".join(f"({{{i}}})" for i in range(len(parts))) + ")", *parts,
                     steady=steady, still=still)


@register("not_", E, "not A", "Holds when the condition does not.",
          params=(('A', 'condition', ''),))
def _not(c, tree, scope):
    a, _ = c.expect(tree.children[0], scope, ("bool",), '"not"')
    return fuse.join(lambda s, env: not a(s, env), "(not ({0}))", a), BOOL


def card_word_test(c: Compiler, node, word: str, scope: Scope):
    """A word that describes a card: a card type, tapped/untapped, a mark or a keyword.
    Returns a test `f(state, card) -> bool`, or None (after reporting) when unknown."""
    names = c.names
    if word in names.card_types:
        return _type_test(1 << names.type_order.index(word))
    if word in ("tapped", "untapped"):
        c.note("tapped")
        want = word == "tapped"

        def tapped(s, x):
            return type(x) is int and s.tapped[x] == want
        tapped.tapped = want
        return tapped
    if word in names.marks:
        c.note(f"mark:{word}")
        marked = lambda s, x, w=word: (x, w) in s.marks
        marked.here = lambda key, w=word: _marked_here(key, w)
        marked.mark = word          # selectors test marks in their own pass (selectors._filter)
        return marked
    if word in names.keywords:
        c.note(f"keyword:{word}")
        has = lambda s, x, w=word: type(x) is int and has_keyword(s, x, w)
        has.here = lambda key: _keyword_test(_from_env(key), word)
        has.sweep = _sweep_keyword(word)
        layered, w, g = fuse.fresh(), fuse.literal(word), fuse.literal("@" + word)
        if w is not None:       # the card "x" of a selector's loop (selectors._written)
            has.written = (f"(not s.face_down[x] and ({layered}(s, x, {w}) if {fuse.flag('layered')} else "
                           f"({w} in s.t.cards[x].keywords or (x, {g}) in s.marks)))", {layered: layers.has_keyword})
        return has
    prop = names.property_words.get(word)
    if prop is not None:
        listed = lambda s, x, w=word, p=prop: type(x) is int and w in s.prop(x, p)
        listed.listed = (prop, word)      # "it is A or it is B" reads the list once (_any_of)
        listed.sweep = _sweep_word(word, prop, prop not in names.derived)
        w, p = fuse.literal(word), fuse.literal(prop)
        if w is not None and p is not None:     # as _sweep_word reads it
            listed.written = (f"({w} in {_words_text('x', p, prop not in names.derived)})", {})
        return listed
    prop = names.value_words.get(word)
    if prop is not None and prop not in names.derived:      # read as printed (see _sweep_word)
        return lambda s, x, w=word, p=prop: type(x) is int and \
            (s.prop(x, p) if s.face_down[x] or (s.view is None and s.t.controlling) else s.t.props[x][p]) == w
    if prop is not None:
        return lambda s, x, w=word, p=prop: type(x) is int and s.prop(x, p) == w
    return None


def _type_test(mask: int):
    """The test that a card has a type of `mask` (one bit a type; several: any of them):
    True or False, whichever of them it has, so that one test of several types gives what
    "it is A or it is B" would."""
    def typed(s, x):
        return type(x) is int and (s.typebits or typebits(s))[x] & mask != 0 and not s.face_down[x]
    typed.mask = mask           # selectors fold type tests into one (selectors._filter)
    typed.here = lambda key: _typed_here(key, typed, mask)
    return typed


def _marked_here(key: str, word: str):
    """"it is blocking", the card read in place, with its text where the mark's name allows."""
    fn = lambda s, env: (env[key], word) in s.marks      # noqa: E731
    k, w = fuse.literal(key), fuse.literal(word)
    return fuse.leaf(fn, f"((env[{k}], {w}) in s.marks)") if k is not None and w is not None else fn


def _words_text(card: str, prop: str, printed: bool) -> str:
    """The text reading a property of words (`prop` a repr) of the card `card` (a name in
    the text) as _sweep_word does: as printed unless the card is face down or a pack where
    effects change control has a stale view; a derived one through State.prop."""
    if not printed:
        return f"s.prop({card}, {prop})"
    return f"(s.prop({card}, {prop}) if s.face_down[{card}] or {STALE_VIEW} else s.t.props[{card}][{prop}])"


def _sweep_word(word: str, prop: str, printed: bool):
    """The cards of a list whose list property holds a word, in one call. No effect
    changes a property of words (continuous effects change numbers, types and
    keywords): one not `derived` is read as printed, without the layers' view."""
    if not printed:
        return lambda s, xs: [x for x in xs if type(x) is int and word in s.prop(x, prop)]

    def sweep(s, xs):
        if s.view is None and s.t.controlling:      # State.prop makes the view again (_prop_text)
            return [x for x in xs if type(x) is int and word in s.prop(x, prop)]
        props = s.t.props
        down = s.face_down
        return [x for x in xs if type(x) is int and word in (s.prop(x, prop) if down[x] else props[x][prop])]
    return sweep


def _typed_here(key: str, typed, mask: int):
    """"it is creature", the card read in place, with its text (so "it is land or it is
    artifact" is one function)."""
    t, bits = fuse.fresh("_t"), fuse.fresh()
    read, lifts = _env_read(key)
    return fuse.leaf(lambda s, env: typed(s, env[key]),
                     f"(type({t} := {read}) is int and (s.typebits or {bits}(s))[{t}] & {mask} != 0 "
                     f"and not s.face_down[{t}])", {bits: typebits}, lifts=lifts)


def _sweep_keyword(word: str):
    """The cards of a list that have a keyword, in one call (a selector's "flying creatures")."""
    given = "@" + word

    def sweep(s, xs):
        if s.t.layered:
            return [x for x in xs if type(x) is int and has_keyword(s, x, word)]
        cards, marks, down = s.t.cards, s.marks, s.face_down
        return [x for x in xs if type(x) is int and not down[x] and (word in cards[x].keywords or (x, given) in marks)]
    return sweep


def has_keyword(s, card: int, word: str) -> bool:
    if s.face_down[card]:
        return False
    if s.t.layered:
        return layers.has_keyword(s, card, word)
    if word in s.t.cards[card].keywords:
        return True
    return (card, "@" + word) in s.marks


@register("is_word", E, "X is WORD / X is not WORD",
          "X is of a card type, tapped or untapped, carries a mark (\"it is blocking a\": the mark points at a), "
          "holds a word of a property (\"it is black\", \"it is round\"), meets a definition of the pack about \"it\" "
          "(\"card_played is trump_card\", \"it\" in the definition being card_played), or, for phase, step and "
          "window, is the one named.",
          params=(('X', 'card, player or text', 'what is described'),
                  ('WORD', 'card type, state, mark, property word, definition, phase, step or window', 'what it is')))
def _is_word(c, tree, scope):
    subject, negate, word, value = tree.children
    word = str(word)
    fn, t = c.expr(subject, scope)
    neg = negate is not None
    if t.kind == "effect":
        from .effects import effect_word_test
        one = effect_word_test(c, tree.children[2], word, scope) or (lambda s, e: False)
        test = lambda s, env: (e := fn(s, env)) is not None and one(s, e)   # noqa: E731
    elif t.kind == "text":
        known = set(c.names.phases) | set(c.names.steps) | set(c.names.windows)
        if word not in known:
            c.error(tree.children[2], f'unknown phase, step or window "{word}"{did_you_mean(word, known)}')
        attr = getattr(fn, "state_attr", None)
        if attr == "window":
            test = fuse.leaf(lambda s, env, w=word: s.window == w, f"(s.window == {word!r})")
            if not neg:
                test.window_is = word       # "window is A or window is B" is one test (_any_of)
        elif attr == "phase":
            test = fuse.leaf(lambda s, env, w=word: s.phase == w, f"(s.phase == {word!r})")
        elif attr == "step":
            test = fuse.leaf(lambda s, env, w=word: s.step == w, f"(s.step == {word!r})")
        else:
            test = lambda s, env, w=word: fn(s, env) == w
    elif value is not None:
        if word not in c.names.marks:
            c.error(tree.children[2], f'unknown mark "{word}"{did_you_mean(word, c.names.marks)}')
        vfn, _ = c.expr(value, scope)
        c.note(f"mark:{word}")
        test = looked_back(c, scope, fn, t, lambda s, env, w=word: s.marks.get((fn(s, env), w), _NOTHING) == vfn(s, env),
                           word)
    else:
        if not is_cardish(t) and t.kind != "player":
            c.error(tree, f'"is {word}" describes a card, but "{c.source(subject)}" is {t.word()}')
        if word in c.names.defines:
            test = _defined_of(c, tree.children[2], fn, t, scope)
            return (fuse.join(lambda s, env: not test(s, env), "(not ({0}))", test) if neg else test), BOOL
        card_test = card_word_test(c, tree, word, scope)
        if card_test is None:
            known = [*c.names.card_types, "tapped", "untapped", *c.names.marks, *c.names.keywords, *c.names.property_words,
                     *c.names.value_words, *c.names.defines]
            c.error(tree.children[2], f'unknown card type, mark or keyword "{word}"{did_you_mean(word, known)}')
            card_test = lambda s, x: False
        key = getattr(fn, "env_key", None)
        if key is not None and hasattr(card_test, "here"):
            test = card_test.here(key)  # "it has flying": one call
            if hasattr(card_test, "mask") and not neg:
                test.typed = (key, card_test.mask)      # "it is A or it is B" is one test (_any_of)
        elif key is not None:           # "it is blocked": the card read in place
            test = lambda s, env: card_test(s, env[key])
            if hasattr(card_test, "listed") and not neg:
                test.listed = (key, *card_test.listed)
        else:
            test = lambda s, env: card_test(s, fn(s, env))
        test = looked_back(c, scope, fn, t, test, word if word in c.names.marks else None)
    if neg:
        return fuse.join(lambda s, env: not test(s, env), "(not ({0}))", test), BOOL
    return test, BOOL


_NOTHING = object()


def _defined_of(c: Compiler, token, fn, t: T, scope: Scope):
    """`card_played is trump_card`: a condition of the pack's `define` about "it", asked of
    the card or player X, which "it" is inside it."""
    was_it, was_steady = c.used_it, c.steady
    dfn, dt = c.name(token, scope.child(it=single(t) if t.kind != "any" else ANY))
    c.used_it, c.steady = was_it, was_steady        # its "it" is X, not an item around the test
    check_defined(c, token, dt)

    def defined(s, env):
        saved = env.get("it")
        env["it"] = fn(s, env)
        try:
            return bool(dfn(s, env))
        finally:
            env["it"] = saved
    return defined


def check_defined(c: Compiler, token, t: T) -> None:
    """A definition asked of X ("X is NAME") must be a condition."""
    if t.kind not in ("bool", "any"):
        c.error(token, f'"{token}" is {t.word()}, not a condition: "X is NAME" asks a definition that holds or not')


@register("is_in", E, "X is in ZONE / X is not in ZONE",
          "The card is in that zone, or among a set of cards (a variable's, a set of \"sets of\"): "
          "\"any (sets s of cards in your hand where no (m where it is in s))\" are the sets that share no card with m.",
          params=(('X', 'card', 'the card'), ('ZONE', 'zone or set', 'where')))
def _is_in(c, tree, scope):
    subject, negate, zone = tree.children
    fn = _card_subject(c, subject, scope, '"is in"')
    zfn, zt = c.expect(zone, scope, ("zone", "cards"), "the place after \"in\"")
    neg = negate is not None
    x = fuse.fresh("_t")
    if zt.kind == "cards":
        def among(s, env):
            card = fn(s, env)
            return (type(card) is int and card in (zfn(s, env) or ())) != neg
        return fuse.join(among, f"((type({x} := {{0}}) is int and {x} in ({{1}} or ())) != {neg})", fn, zfn), BOOL

    def f(s, env):
        card = fn(s, env)
        inside = type(card) is int and s.zone_of[card] in zfn(s, env)
        return inside != neg
    return fuse.join(f, f"((type({x} := {{0}}) is int and s.zone_of[{x}] in {{1}}) != {neg})", fn, zfn), BOOL


def _card_subject(c: Compiler, subject, scope: Scope, what: str):
    """What a test about one card is about: a number or a text would be read as a card."""
    fn, t = c.expr(subject, scope)
    if t.kind not in ("card", "object", "any"):
        c.error(subject, f"{what} needs a card, but {c.quoted(subject)} is {t.word()}")
    return fn


@register("is_empty", E, "ZONE is empty", "The zone (or a set of cards) has no card.",
          params=(('ZONE', 'zone or set', 'what may be empty'),))
def _is_empty(c, tree, scope):
    subject, negate = tree.children
    fn, t = c.expr(subject, scope)
    neg = negate is not None
    if t.kind in ("number", "bool", "text", "none"):
        c.error(subject, f'only a zone or a set of cards or players can be empty, but {c.quoted(subject)} is {t.word()}')
    if t.kind == "zone":
        name = fuse.fresh()
        f = fuse.join(lambda s, env: empty(s, fn(s, env)), f"{name}(s, {{0}})", fn, names={name: empty})
    else:
        f = fuse.join(lambda s, env: not fn(s, env), "(not ({0}))", fn)
    if neg:
        return fuse.join(lambda s, env: not f(s, env), "(not ({0}))", f), BOOL
    return f, BOOL


def empty(s, zones) -> bool:
    """Whether every one of `zones` is empty."""
    held = s.zones
    for z in zones:
        if held[z]:
            return False
    return True


@register("has_keyword", E, "X has KEYWORD", "The card has the keyword (printed, or given by an effect).",
          params=(('X', 'card', 'the card'), ('KEYWORD', 'keyword', 'a keyword the pack declares')))
def _has_keyword(c, tree, scope):
    subject, word = tree.children
    word = str(word)
    fn = _card_subject(c, subject, scope, '"has"')
    if word not in c.names.keywords:
        c.error(tree.children[1], f'unknown keyword "{word}"{did_you_mean(word, c.names.keywords)}')
    c.note(f"keyword:{word}")
    return looked_back(c, scope, fn, T("card"), _keyword_test(fn, word)), BOOL


def _keyword_test(fn, word: str):
    """"X has KEYWORD" (or "it is KEYWORD"): has_keyword's reading written in place of its
    call where the card's expression has a text, with the card read once."""
    layered = fuse.fresh()
    return _of_card(fn, lambda s, env: type(x := fn(s, env)) is int and has_keyword(s, x, word),
                    f"(type({{t}} := {{0}}) is int and not s.face_down[{{t}}] and ({layered}(s, {{t}}, {{w}}) "
                    f"if {fuse.flag('layered')} else ({{w}} in s.t.cards[{{t}}].keywords or ({{t}}, {{g}}) in s.marks)))",
                    word, {layered: layers.has_keyword})


@register("changed_control", E, "X changed control this turn",
          "The card came under another player's control during this turn, where it is (a stolen creature's "
          "summoning sickness); a card that moved in this turn is told by \"X entered this turn\".",
          params=(('X', 'card', 'the card'),))
def _changed_control(c, tree, scope):
    fn = _card_this_turn(c, tree, scope, "changed control")
    x = fuse.fresh("_t")
    return fuse.join(lambda s, env: type(x := fn(s, env)) is int and s.control_turn.get(x) == s.turn,
                     f"(type({x} := {{0}}) is int and s.control_turn.get({x}) == s.turn)", fn), BOOL


@register("entered_this", E, "X entered this turn", "The card came into its zone during this turn (summoning sickness).",
          params=(('X', 'card', 'the card'),))
def _entered(c, tree, scope):
    fn = _card_this_turn(c, tree, scope, "entered")
    x = fuse.fresh("_t")
    return fuse.join(lambda s, env: type(x := fn(s, env)) is int and s.entered[x] == s.turn,
                     f"(type({x} := {{0}}) is int and s.entered[{x}] == s.turn)", fn), BOOL


def _card_this_turn(c, tree, scope, phrase: str):
    """The card of "X entered this turn" or "X changed control this turn", checked."""
    subject, word = tree.children
    if str(word) != "turn":
        c.error(tree.children[1], f'write "{phrase} this turn", not "{phrase} this {word}"')
    c.note("*")
    return _card_subject(c, subject, scope, f'"{phrase} this turn"')


@register("exists", E, "any SELECTOR", "Holds when the selector picks at least one card or player.",
          params=(('SELECTOR', 'selector', 'what must exist'),))
def _exists(c, tree, scope):
    return _any_or_no(c, tree, scope, False), BOOL


@register("none_exist", E, "no SELECTOR", "Holds when the selector picks nothing.",
          params=(('SELECTOR', 'selector', 'what must not exist'),))
def _none_exist(c, tree, scope):
    return _any_or_no(c, tree, scope, True), BOOL


def _any_or_no(c, tree, scope, negated: bool):
    """`any` or `no`; in a "where" clause, one that reads nothing of the clause's item
    ("no cards in played", for each card of a hand) is answered once in each scan, the
    answer kept read in place (once_a_scan)."""
    (fn, _), (moves, _) = _side(c, lambda: c.selector(tree.children[0], scope, sets=True))
    read_in_place = getattr(getattr(fn, "exists", None), "src", None) is not None     # "bool(s.pile)": no scan
    found = _any(fn, negated)
    if moves or scope.it is None or read_in_place:
        return found
    return once_a_scan(c, found)


def once_a_scan(c, fn):
    """`fn`, a side of "its suit = suit of top card of discard" or an `any` that no item of
    a "where" scan changes: computed once in each scan (selectors._kept_where_marked marks
    each with "@scan"), its value kept with the scan it belongs to and read in place, by a
    call only the first time in each scan (or outside a scan). But in a pack where effects
    change control, where a view made again during the scan may change who controls a
    card, which it may read: there it is computed each time, as a lifted part is."""
    c.steady = True
    held = [None, None]             # the scan, the value in it

    def compute(s, env):
        value = fn(s, env)
        scan = env.get("@scan")
        if scan is not None and not s.t.controlling:
            held[0], held[1] = scan, value
        return value

    def kept(s, env):
        scan = env.get("@scan")
        return held[1] if scan is not None and held[0] is scan else compute(s, env)
    h, sc, name = fuse.fresh(), fuse.fresh("_t"), fuse.fresh()
    return fuse.leaf(kept, f"({h}[1] if ({sc} := env.get('@scan')) is not None and {h}[0] is {sc} else {name}(s, env))",
                     {h: held, name: compute})


def _any(fn, negated: bool):
    """Whether a selector picks anything (or nothing): by its `exists`, which stops at the
    first card, where it has one, written in place in the conditions around it."""
    exists = getattr(fn, "exists", None)
    if exists is None:
        if negated:
            return fuse.join(lambda s, env: not fn(s, env), "(not ({0}))", fn)
        return fuse.join(lambda s, env: bool(fn(s, env)), "bool({0})", fn)
    if getattr(exists, "src", None) is not None:     # a text of its own ("bool(s.pile)")
        return fuse.join(lambda s, env: not exists(s, env), "(not ({0}))", exists) if negated else exists
    name = fuse.fresh()
    if negated:
        return fuse.leaf(lambda s, env: not exists(s, env), f"(not {name}(s, env))", {name: exists})
    return fuse.leaf(exists, f"{name}(s, env)", {name: exists})     # itself: the text is its call


def is_player(x) -> bool:
    return isinstance(x, PlayerRef)


@register("shares", E, "X shares PROPERTY with Y",
          "The two cards have a word of the property in common (\"it shares colors with this\"); for a property "
          "of one word, they hold the same word. False when either is not a card.",
          params=(('X', 'card', 'one card'), ('PROPERTY', 'property of words', 'what they may share'),
                  ('Y', 'card', 'the other card')))
def _shares(c, tree, scope):
    left, word, right = tree.children
    word = str(word)
    a = _card_subject(c, left, scope, '"shares"')
    b = _card_subject(c, right, scope, '"shares"')
    listed = isinstance(c.names.properties.get(word), tuple)
    if not listed and word not in c.names.one_of:
        known = [p for p, d in c.names.properties.items() if isinstance(d, tuple) or p in c.names.one_of]
        c.error(tree.children[1], f'"{word}" is not a property of words{did_you_mean(word, known)}')
        return _const(False), BOOL

    def shares(s, env):
        x, y = a(s, env), b(s, env)
        if type(x) is not int or type(y) is not int:
            return False
        u, v = s.prop(x, word), s.prop(y, word)
        if listed:
            return not set(u).isdisjoint(v)
        return u is not None and u == v
    return shares, BOOL
