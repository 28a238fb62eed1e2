"""Selectors: the noun phrases that pick cards or players.

"untapped creatures you control in play where it did not enter this turn" becomes
one closure that walks the named zones once and applies every test.
"""
from __future__ import annotations

import re

from .. import fuse
from ...engine import lastknown
from ...engine.layers import controllers, typebits
from ...suggest import did_you_mean
from ..compiler import SELECTOR_NOUNS, Compiler, Scope
from ..registry import register
from ..static_types import ANY, T, as_set, single, union
from .effects import effects_selector
from .expressions import STALE_VIEW, card_word_test, property_of
from ...engine.primitives import team_players, teams_in_game
from ...engine.turnorder import direction

S = "selector"

_PLAYER_NOUNS = {"player", "players"}
_CARD_NOUNS = {"card", "cards"}


def _singular(word: str, known) -> str | None:
    if word in known:
        return word
    if word.endswith("s") and word[:-1] in known:
        return word[:-1]
    if word.endswith("ies") and word[:-3] + "y" in known:
        return word[:-3] + "y"
    return None


@register("selector", S, "[WORDS] NOUN [NAME] [in ZONE] [you control | controlled by X] [adjacent to P] "
          "[in turn order from X] [of TEAM] [where CONDITION]",
          "Picks cards (or players). NOUN is a card type, card(s), player(s), everyone (the players who lost "
          "or finished too) or a variable; the words before it "
          "narrow it down (tapped, untapped, a mark, a keyword, another type, a word of a word-list property); "
          "\"other\" first leaves out the card whose text it is. Without \"in\", cards in play zones. NAME, "
          "after a noun of cards or players, names each one tried inside CONDITION, where an inner \"where\" "
          "has an \"it\" of its own.",
          example="a card c in your hand where any (cards in melds where its rank = rank of c)",
          params=(('WORDS', 'card words', 'types, tapped/untapped, marks, keywords'), ('NOUN', 'card type, card, player or variable', 'what is picked'), ('NAME', 'name', 'each item inside CONDITION (optional)'), ('ZONE', 'zone or set of cards', 'where (default: play zones); a variable holding cards: those cards'), ('P', 'player', 'players only: seated next to P'), ('TEAM', 'team', 'players only: the players of TEAM ("players of your team")'), ('CONDITION', 'condition', 'about "it" (and NAME)')))
def _selector(c: Compiler, tree, scope: Scope):
    words_node = tree.children[0]
    restrictions = _of_after_order(c, [k for k in tree.children[1:] if k is not None])
    named = _item_name(c, words_node, scope)
    if named is not None:
        words_node = type(words_node)(words_node.data, words_node.children[:-1], words_node.meta)
    words = [str(w) for w in words_node.children]
    noun = words[-1]
    names = c.names

    members = [r for r in restrictions if r.data == "team_members"]     # "of TEAM": the players of a team
    base, t, adjectives, done = _starting_set(c, tree, scope, words_node, members, words)
    if done is not None:
        return done

    # "other creatures you control": every one but this card.
    other = _other(c, words_node, adjectives, scope)
    tests, t = _word_tests(c, words_node, adjectives[1:] if other else adjectives, 1 if other else 0, t, scope)

    zone_fn = None
    zone_node = None
    set_name = ""       # the variable after "in" that holds the cards picked from
    where_fn = None
    ordered = None
    kept_where = _kept_where
    for r in restrictions:
        if r.data == "location":
            zone_node = r.children[0]
            zone_fn, zt = _place(c, zone_node, scope)
            if zt.kind == "cards":      # "cards c in m1": the cards of a set, narrowed by the words
                base = _of_set(zone_fn, base)
                zone_fn = None
                if zone_node.data == "name" and str(zone_node.children[0]) in scope.vars:
                    set_name = str(zone_node.children[0])
        elif r.data == "controlled_by":
            pfn, _ = c.expect(r.children[0], scope, ("player",), "who controls them")
            c.note("control")       # a card changing hands for good is seen (primitives.take_control)
            tests.append(("control", pfn))
        elif r.data == "adjacency":
            if t.kind != "players":
                c.error(r, f'only players sit next to each other: "{noun} adjacent to ..." needs players')
            seats_fn = c.node(r, scope)
            tests.append(("adjacent", seats_fn))
        elif r.data == "turn_order":
            ordered = _in_turn_order(c, r, t, noun, scope)
        elif r.data == "where":
            where_fn, kept_where = _selector_where(c, r, scope, t, named, noun, base, set_name)
            named = None

    if named is not None and noun in scope.vars:
        c.error(named, f'"{named}" after "{noun}" would name each {single(t).kind} of "{noun}" inside a "where" '
                       f'clause, and there is none')
    elif named is not None:
        c.error(named, _unused_name(c, named, noun))
    if members:
        base = _team_players(c, members, scope) or base
    plain_tests = [x for x in tests if not isinstance(x, tuple)]
    control = [x[1] for x in tests if isinstance(x, tuple) and x[0] == "control"]
    control_fn = control[0] if control else None
    keep = _filter(plain_tests)
    for x in tests:
        if isinstance(x, tuple) and x[0] == "adjacent" and base is not None:
            base = lambda s, env, b=base, f=x[1]: tuple(p for p in b(s, env) if p.seat in f(s, env))
    if ordered is not None and base is not None:
        base = lambda s, env, b=base: ordered(s, env, b(s, env))

    scanned = None     # (zone name, owner) when the cards are those of a named zone: one fused pass
    if base is None:
        zone_name = None
        if zone_fn is None:
            zone_name = names.roles.get("play")
            c.note(f"zone:{zone_name}")
            if zone_name is None:
                c.error(tree, 'say where the cards are ("in ZONE"): the pack has no zone with the role "play"')
                return (lambda s, env: ()), t
        elif zone_node is not None and getattr(zone_node, "data", None) == "name" and str(zone_node.children[0]) in names.zones:
            zone_name = str(zone_node.children[0])
        if zone_name is not None and control_fn is not None and names.zones[zone_name].per_player and \
                not names.zones[zone_name].per_team:
            # Cards in a player's own zone are the cards that player controls: scan that zone only.
            zn = zone_name
            owner_fn = control_fn

            def pick(s, env):
                p = owner_fn(s, env)
                return s.zones[s.t.named[zn][p.seat]] if p is not None else ()
            control_fn = None
            scanned = (zn, owner_fn)
        elif zone_name is not None:
            zn = zone_name
            scanned = (zn, None)

            def pick(s, env):
                zones = s.zones
                found = []
                for z in s.t.named[zn]:
                    found.extend(zones[z])
                return found
        else:
            scanned = getattr(zone_fn, "player_zone", None)     # "in your hand": one player's zone

            def pick(s, env):
                zones = s.zones
                found = []
                for z in zone_fn(s, env):
                    found.extend(zones[z])
                return found
    else:
        if zone_fn is not None:
            zf = zone_fn
            pick = lambda s, env, b=base: [x for x in b(s, env) if type(x) is int and s.zone_of[x] in zf(s, env)]
        else:
            pick = base

    if scanned is not None and (keep is None or keep.plain or keep.texts) and not other:
        fused = _fused(scanned, keep, control_fn, where_fn, kept_where)
        if fused is not None:
            return fused, t
    if other:
        inner = pick
        pick = lambda s, env: [x for x in inner(s, env) if x != env["this"]]  # noqa: E731

    if fuse.ENABLED[0] and (keep is not None or control_fn is not None or where_fn is not None):
        written = _written_over(pick, keep, control_fn, where_fn, kept_where is _kept_where_marked)
        if written is not None:
            return written, t
    if control_fn is None and where_fn is None:
        if keep is None:
            fast = pick if getattr(pick, "tupled", False) else lambda s, env: tuple(pick(s, env))
            fast.exists = lambda s, env: bool(pick(s, env))
            return fast, t
        fast = lambda s, env: tuple(keep(s, pick(s, env)))
        fast.exists = lambda s, env: bool(keep(s, pick(s, env)))
        return fast, t

    def select(s, env):
        found = pick(s, env)
        if keep is not None:
            found = keep(s, found)
        if control_fn is not None:
            p = control_fn(s, env)
            seat = p.seat if p is not None else -1
            ctl = controllers(s)
            found = [x for x in found if type(x) is int and ctl[x] == seat]
        if where_fn is not None:
            return kept_where(s, env, found, where_fn)
        return tuple(found)
    return select, t


def _place(c: Compiler, node, scope: Scope):
    """What a selector's "in" names: a zone, or a set of cards ("cards c in m1")."""
    fn, t = c.expr(node, scope)
    if t.kind not in ("zone", "cards", "any"):
        said = c.quoted(node)
        hint = ""
        if t.kind == "player":
            zone = c.names.roles.get("hand") or next((z for z, d in c.names.zones.items() if d.per_player), None)
            whose = "your" if said == '"you"' else f"{said[1:-1]}'s"
            hint = f': a player\'s cards are in their zones ("cards in {whose} {zone}")' if zone else ""
        c.error(node, f'the place after "in" must be a zone or a set of cards, but {said} is {t.word()}{hint}',
                "a zone or a set of cards")
    return fn, t


def _of_set(of, base):
    """The items a selector picks from the set a variable holds ("cards c in m1"): all of
    them, or those of `base` (another variable's, "g in m1") that are in it, the set read
    once a selection."""
    if base is None:
        return lambda s, env: _as_tuple(of(s, env))

    def picked(s, env):
        held = set(_as_tuple(of(s, env)))
        return tuple(x for x in base(s, env) if x in held)
    return picked


def _selector_where(c: Compiler, r, scope: Scope, t, named, noun: str, base, set_name: str):
    """The "where" of a selector (where_clause): the noun's one item as a message names it
    ("card", or the kind a variable holds), and the set its clause may look back at: the
    variable's whose cards are picked ("m1 c where ...", "cards c in m1 where ...")."""
    one = _one(c, noun) if noun not in scope.vars else \
        single(t).kind if t.kind in ("cards", "players") else "item"
    held = set_name or (noun if noun in scope.vars else "")
    of_set = held if base is not None and held and scope.looks_back else ""
    hint = f': a word that narrows the {noun} comes before "{noun}"' if noun not in scope.vars else ""
    return where_clause(c, r, scope, t, named, noun, one, hint, of_set)


def _word_tests(c: Compiler, words_node, adjectives: list, first: int, t, scope: Scope):
    """The tests the words before a selector's noun make (a card type, tapped, a mark, a
    keyword, a word of a property), `first` the place of the first of them among the
    words; and what the selector picks, a card type narrowing its cards (a card has all
    the types named)."""
    names = c.names
    tests = []
    for i, adj in enumerate(adjectives, first):
        word = _singular(adj, names.card_types) or adj
        test = card_word_test(c, words_node.children[i], word, scope)
        if test is None:
            known = [*names.card_types, "tapped", "untapped", *names.marks, *names.keywords, *names.property_words]
            c.error(words_node.children[i], f'unknown card type, mark or keyword "{adj}"{did_you_mean(adj, known)}')
            continue
        tests.append(test)
        if word in names.card_types and t.kind == "cards":
            t = T("cards", (t.ctypes or frozenset()) | {word})
    return tests, t


def _team_players(c: Compiler, members: list, scope: Scope):
    """The players of "players of TEAM", where "of" after "players" reads as many words as
    follow: "players of team of you" is the players of (team of you)."""
    first = members[0]
    *words, last = [m.children[0] for m in members]
    team = c.expr(last, scope)
    for w in reversed(words):
        if getattr(w, "data", None) != "name":
            c.error(w, f'"of {c.source(w)} of ..." reads a property of what follows: write a name before "of"')
            return None
        team = property_of(c, w, team, str(w.children[0]), scope)
    tfn, tt = team
    if tt.kind == "team":
        c.need_teams(first, '"players of ..."')
    elif tt.kind != "any":
        said = " of ".join(c.source(m.children[0]) for m in members)
        c.error(first.children[0], f'"players of ..." needs a team, but "{said}" is {tt.word()}: "players of team '
                                   f'of p" are p and their teammates')
        return None
    return lambda s, env: team_players(s, tfn(s, env))


def _starting_set(c: Compiler, tree, scope: Scope, words_node, members: list, words: list):
    """What a selector's noun picks before its words, place and condition narrow it:
    (base, t, adjectives, None), `base` a closure giving the starting set (of a variable,
    the players, the teams), else None for the cards of zones; `adjectives` the words
    before the noun, with the card type a noun names. Or (None, ANY, adjectives, done),
    `done` the whole selector: one of effects, or nothing where the noun is refused."""
    noun = words[-1]
    adjectives = words[:-1]
    names = c.names
    if members and noun not in _PLAYER_NOUNS:       # "of TEAM": the players of a team
        if words[0] == "top":
            # "number of different value among top n cards of pile": a value word reads a
            # selector of its own words, and "top N cards" only in parentheses.
            said = " ".join([*words, *(f"of {c.source(m.children[0])}" for m in members)])
            c.error(words_node, f'write "top N cards of ZONE" in parentheses here: "({said})"')
        else:
            c.error(members[0], f'only players are of a team: "{noun} of ..." is no set of the pack; write "players '
                                f'of TEAM"')
        return None, ANY, adjectives, ((lambda s, env: ()), ANY)
    base = None        # a closure giving the starting set, for variables and players
    t: T
    if noun in scope.vars and noun not in SELECTOR_NOUNS:     # a variable of such a name is refused where named
        vt = scope.vars[noun]
        if vt.kind == "team":   # read as a set of one team, where its players are meant
            c.error(words_node, f'"{noun}" is a team, not its players: go through them with "players of {noun}"')
            return None, ANY, adjectives, ((lambda s, env: ()), ANY)
        if noun in c.items:     # the item of a "where" around it by its name ("count of g"), as Compiler.name reads one
            c.used_it = True
            c.items_read.add(noun)
        base = lambda s, env, w=noun: _as_tuple(env.get(w))
        base.tupled = True      # a tuple already: alone, it is the selector
        t = as_set(vt)
    elif noun in ("opponents", "opponent"):
        c.note("*")
        base = lambda s, env: tuple(s.t.players[p] for p in s.opponents_of(env["you"].seat))
        t = T("players")
    elif noun in _PLAYER_NOUNS:
        # With nobody out (the usual case), the players are the table's, as they are.
        base = lambda s, env: s.t.players if not s.someone_out else \
            tuple([s.t.players[p] for p in range(len(s.out)) if not s.out[p]])
        t = T("players")
    elif noun == "everyone":        # those who lost or finished too
        base = lambda s, env: s.t.players
        t = T("players")
    elif noun == "teams":
        base = lambda s, env: teams_in_game(s)
        # Refused in a pack without teams; then what reads each one is not refused again.
        t = T("teams") if c.need_teams(words_node, '"teams"') else ANY
    elif noun in _CARD_NOUNS:
        t = T("cards", frozenset())
    elif noun in ("effect", "effects"):
        return None, ANY, adjectives, effects_selector(c, tree, scope, words_node, adjectives)
    else:
        kind = _singular(noun, names.card_types)
        if kind is None:
            known = [*names.card_types, "card", "player", *scope.vars, *names.one_of,
                     *{p for p in names.property_words.values()}]
            c.error(words_node.children[-1], c.unbound.get(noun) or
                    f'unknown card type or variable "{noun}"{did_you_mean(noun, known)}')
            return None, ANY, adjectives, ((lambda s, env: ()), ANY)
        adjectives = adjectives + [kind]
        t = T("cards", frozenset([kind]))
    return base, t, adjectives, None


def _item_name(c: Compiler, words_node, scope: Scope):
    return item_name(words_node.children, c.names, scope.vars)


def item_name(tokens, names, variables):
    """The name a selector of these words gives each item inside its "where" clause, written
    after its noun ("a card c in your hand where any (cards in melds where its rank = rank
    of c)"), or None. A word after a noun of cards or players that is neither a card type, a
    noun, nor a word that narrows the cards is such a name (a word before the noun narrows
    it). `names`: the pack's (Names); `variables`: the names bound where the selector is."""
    if len(tokens) < 2:
        return None
    noun, last = str(tokens[-2]), str(tokens[-1])
    if noun not in _CARD_NOUNS | _PLAYER_NOUNS | {"opponent", "opponents", "everyone", "teams"} and \
            _singular(noun, names.card_types) is None and noun not in variables:
        return None
    if last in variables and (noun in _CARD_NOUNS or noun in _PLAYER_NOUNS or noun in variables):
        return tokens[-1]           # "cards c" with c a variable: refused where it is bound
    if last in variables or last in SELECTOR_NOUNS or _singular(last, names.card_types) is not None or \
            last in ("tapped", "untapped") or last in names.marks or last in names.keywords or \
            last in names.property_words:
        return None
    return tokens[-1]


def _unused_name(c: Compiler, named, noun: str) -> str:
    """Why a word after a noun with no "where" is refused: a misspelt word that narrows the
    cards ("creature tappd") is told what it may be first."""
    names = c.names
    hint = did_you_mean(named, ("tapped", "untapped", *names.marks, *names.keywords, *names.property_words))
    if hint:
        return f'"{named}" is not a word of the language{hint} (a word that narrows the {noun} comes before "{noun}")'
    return (f'"{named}" after "{noun}" would name each {_one(c, noun)} inside a "where" clause, and there is none: '
            f'a word that narrows the {noun} comes before "{noun}"')


def _one(c: Compiler, noun: str) -> str:
    return one_noun(noun, c.names)


def one_noun(noun: str, names) -> str:
    """A noun of a selector in the singular: "cards" is "card", "everyone" "player"."""
    if noun == "everyone":
        return "player"
    return _singular(noun, {"card", "player", "opponent", "team", *names.card_types}) or noun


def _bound_item(c: Compiler, named, inner: Scope, noun: str) -> str | None:
    """The name `named` given to each item in the scope of its "where" clause, or None (no
    name, or one refused: it would hide a variable or a name of the language or the pack)."""
    if named is None:
        return None
    word = str(named)
    if word in inner.vars:
        line = inner.lines.get(word)
        c.error(named, f'"{word}" is a variable here{f" (line {line})" if line else ""}: a name for each {noun} of '
                       f'a "where" may not hide it; name it otherwise')
        return None
    problem = c.hides(word)
    if problem:
        c.error(named, problem)
        return None
    inner.vars[word] = inner.it
    inner.lines[word] = c.place(named).line
    c.items.add(word)
    return word


def _naming(name: str, where_fn):
    """The "where" clause `where_fn` with each item also under its `name`, for the clauses
    inside it, where "it" is their own item."""
    def named(s, env):
        saved = env.get(name, _UNNAMED)
        env[name] = env["it"]
        try:
            return where_fn(s, env)
        finally:
            if saved is _UNNAMED:
                del env[name]
            else:
                env[name] = saved
    return named


_UNNAMED = object()


def _other(c: Compiler, words_node, adjectives: list, scope: Scope) -> bool:
    """Whether the selector begins with "other" or "another" (a word the pack does not
    declare): it leaves out the card whose text this is."""
    if not adjectives or adjectives[0] not in ("other", "another"):
        return False
    names = c.names
    if adjectives[0] in names.marks or adjectives[0] in names.keywords or adjectives[0] in names.property_words:
        return False
    if scope.this is None:
        c.error(words_node.children[0], f'"{adjectives[0]}" means other than this card, and this text has none')
    return True


def where_clause(c: Compiler, r, scope: Scope, t: T, named=None, noun: str = "", one: str = "", hint: str = "",
                 of_set: str = ""):
    """A selector's "where" clause, about items of type `t`: its test, and the function that
    keeps the items for which it holds (_kept_where or _kept_where_marked). `named`: the
    word after the `noun` that names each item (`one`) inside the clause, or None; `hint`
    ends the message that refuses a name the clause does not read; `of_set`: the name of
    the set the clause goes through, whose cards are read as they were in play
    (_of_named_set)."""
    inner = scope.child(it=single(t) if t.kind != "any" else ANY)
    if of_set:
        inner.it_of = of_set
    was, c.steady = c.steady, False
    # "it" in the clause is its own item: of what it reads, only what is drawn anew each
    # time it is read, or the item of a "where" around this selector by its name, reads
    # anew for each item of that "where".
    outer_it, was_drawn, c.drawn = c.used_it, c.drawn, False
    outer_read, c.items_read = c.items_read, set()
    item = _bound_item(c, named, inner, one)
    before = len(c.problems)
    where_fn, _ = c.expect(r.children[0], inner, ("bool",), 'a "where" clause')
    if item is not None:
        c.items.discard(item)
        # A clause refused where it would read the name is not told it does not.
        if item not in c.items_read and len(c.problems) == before:
            c.error(named, f'"{item}" after "{noun}" names each {one} in its "where", which does not read it{hint}')
        c.items_read.discard(item)
        where_fn = _naming(item, where_fn)
    c.used_it = outer_it or c.drawn or bool(c.items_read)
    c.items_read |= outer_read
    c.drawn = was_drawn or c.drawn
    kept = _kept_where_marked if c.steady else _kept_where     # marked: computes once in each scan
    c.steady = was
    if inner.it_of:
        where_fn = _of_named_set(where_fn, inner.it_of)
    return where_fn, kept


def _of_named_set(where_fn, of: str):
    """A "where" clause over the set the name `of` holds, in an ability's `if` or effect:
    each card, "it", is the object the set named, read as it was if it has left play
    since, as `for each` reads it (engine/lastknown.item)."""
    def named_where(s, env):
        lastknown.item(env, "it", "@it", of)
        return where_fn(s, env)
    return named_where


def _kept_where(s, env, found, where_fn) -> tuple:
    """The items of `found` for which a "where" clause holds, each read as "it"."""
    saved = env.get("it")
    kept = []
    for x in found:
        env["it"] = x
        if where_fn(s, env):
            kept.append(x)
    env["it"] = saved
    return tuple(kept)


def _kept_where_marked(s, env, found, where_fn) -> tuple:
    """_kept_where for a clause that computes once in each scan what no item changes
    (expressions.once_a_scan): the scan is marked ("@scan") while it runs."""
    outer = env.get("@scan")
    env["@scan"] = object()
    kept = _kept_where(s, env, found, where_fn)
    env["@scan"] = outer
    return kept


def _filter(tests):
    """One function `keep(state, items) -> list` for the word tests of a selector.
    Card types, tapped/untapped and marks, the usual words, are tested inline in one
    pass (no call per card); other words (keywords) are called in turn."""
    if not tests:
        return None
    mask = 0
    tapped = None
    marks = []
    rest = []
    for test in tests:
        if hasattr(test, "mask"):
            mask |= test.mask
        elif hasattr(test, "tapped") and tapped in (None, test.tapped):
            tapped = test.tapped
        elif hasattr(test, "mark"):
            marks.append(test.mark)
        else:
            rest.append(test)
    marks = tuple(marks)
    # A keyword's test sweeps the whole list in one call.
    sweep = rest[0].sweep if len(rest) == 1 and hasattr(rest[0], "sweep") else None
    others = _all(rest) if rest else None

    def keep(s, xs):
        found = _passing(s, [x for x in xs if type(x) is int], mask, tapped, marks, s.typebits or typebits(s))
        if sweep is not None:
            found = sweep(s, found)
        elif others is not None:
            found = [x for x in found if others(s, x)]
        return found
    keep.mask = mask
    keep.tapped = tapped
    keep.marks = marks
    keep.plain = others is None     # all it tests a selector can fuse
    # Keywords and words of a property, written in a selector's loop where each has a text.
    keep.texts = () if keep.plain or any(not hasattr(x, "written") for x in rest) else tuple(x.written for x in rest)
    return keep


def _passing(s, items, mask: int, tapped, marks: tuple, bits) -> list:
    """The cards of `items` of the types of `mask` (face up), tapped or untapped as
    `tapped` says (None: either) and with every mark of `marks`. Loops, not
    comprehensions: a comprehension is a call, and the lists are short."""
    found = []
    if mask:
        down = s.face_down
        if tapped is None:
            for x in items:
                if bits[x] & mask == mask and not down[x]:
                    found.append(x)
        else:
            tp = s.tapped
            for x in items:
                if bits[x] & mask == mask and not down[x] and tp[x] == tapped:
                    found.append(x)
    elif tapped is not None:
        tp = s.tapped
        for x in items:
            if tp[x] == tapped:
                found.append(x)
    else:
        found = items
    if marks:
        marked = s.marks
        for w in marks:
            found = [x for x in found if (x, w) in marked]
    return found


def _fused(scanned, keep, control_fn, where_fn, kept_where=_kept_where):
    """A selector over a named zone (or one player's) whose words are card types,
    tapped/untapped and marks: one closure that reads the zone and tests each card in
    one pass, where "pick, then keep, then make a tuple" made three calls."""
    zn, owner_fn = scanned
    mask = keep.mask if keep is not None else 0
    tapped = keep.tapped if keep is not None else None
    marks = keep.marks if keep is not None else ()
    tests = bool(mask or marks) or tapped is not None
    key = getattr(owner_fn, "env_key", None)

    # With nothing to test after the zone's pass, the pass itself is the selector (one call).
    whole = control_fn is None and where_fn is None
    if fuse.ENABLED[0]:
        text = _Text()
        written = _written(text, *_zone_loop(text, zn, owner_fn, key), keep, control_fn, where_fn,
                           kept_where is _kept_where_marked, in_zone=True)
        if written is not None:
            return written
    if keep is not None and not keep.plain:     # the closures below test only the usual words
        return None

    def scan(s, env):
        zones = s.zones
        if owner_fn is None:
            ids = s.t.named[zn]
            if len(ids) == 1:
                items = zones[ids[0]]
            else:
                items = []
                for z in ids:
                    items.extend(zones[z])
        else:
            p = env[key] if key is not None else owner_fn(s, env)
            if p is None:
                return ()
            items = zones[s.t.named[zn][p.seat]]
        if tests:
            # A pack whose effects change card types reads them with the effects applied.
            bits = (s.typebits or typebits(s)) if s.t.retyping else s.t.typebits
            items = _passing(s, items, mask, tapped, marks, bits)
        return tuple(items) if whole else items

    if whole:
        scan.exists = lambda s, env: bool(scan(s, env))
        return scan

    def select(s, env):
        found = scan(s, env)
        if control_fn is not None:
            p = control_fn(s, env)
            seat = p.seat if p is not None else -1
            controller = controllers(s)
            found = [x for x in found if controller[x] == seat]
        if where_fn is not None:
            return kept_where(s, env, found, where_fn)
        return tuple(found)
    return select


class _Text:
    """The text of a selector made one function (fuse.py), with the values it names."""

    def __init__(self):
        self.names = {}

    def named(self, value) -> str:
        text = fuse.literal(value)
        if text is None:
            text = fuse.fresh()
            self.names[text] = value
        return text


def _zone_loop(text: _Text, zn, owner_fn, key) -> tuple[list, list]:
    """The lines before the loop over a named zone (every player's, or one player's), and
    the loop's own lines."""
    if owner_fn is None:        # the zones of every player, each in turn
        return [], [f"    for z in s.t.named[{text.named(zn)}]:", "     for x in s.zones[z]:"]
    if key is not None:
        read = f"env[{text.named(key)}]"
    else:       # the player's own text where it has one ("p's hand", p a variable)
        src, _ = fuse.part(owner_fn)
        text.names.update(src.names)
        read = src.text
    return [f"    p = {read}"], ["    if p is not None:", f"     for x in s.zones[s.t.named[{text.named(zn)}][p.seat]]:"]


def _written_over(pick, keep, control_fn, where_fn, marked: bool):
    """_written over what `pick` gives (players, variables, cards in zones found as
    the game goes), which may hold other things than cards: the word tests keep cards."""
    text = _Text()
    if keep is not None and not keep.plain and not keep.texts:     # tests called in turn: `keep` does them
        loop = [f"    for x in {text.named(keep)}(s, {text.named(pick)}(s, env)):"]
        return _written(text, [], loop, None, control_fn, where_fn, marked)
    loop = [f"    for x in {text.named(pick)}(s, env):"]
    return _written(text, [], loop, keep, control_fn, where_fn, marked, cards=keep is not None)


def _written(text: _Text, head: list, loop: list, keep, control_fn, where_fn, marked: bool, cards: bool = False,
             in_zone: bool = False):
    """A selector made from its text, with every test, the controller and the "where"
    clause written in the one loop `loop` (after `head`; `cards`: it keeps only cards;
    `in_zone`: the loop is over a zone's cards):
    one call for the whole selector, with `count`, and without a "where" clause an `exists`
    that stops at the first card. None when it cannot be made."""
    named = text.named
    tests = ["type(x) is int"] if cards else []
    upright = {}        # a test's or the clause's text -> its text where no card is face down
    mask = keep.mask if keep is not None else 0
    every = True        # a card has every type of `mask`, or (a clause of types alone) any of them
    typed = getattr(where_fn, "typed", None)
    if typed is not None and typed[0] == "it" and not mask and (cards or in_zone):
        # "cards in p's play where it is land or it is artifact": the clause is the loop's own test.
        mask, every, where_fn = typed[1], False, None
    if mask & (mask - 1):
        # A pack whose effects change card types reads them with the effects applied.
        head.append(f"    bits = (s.typebits or {named(typebits)}(s)) if {fuse.flag('retyping')} else s.t.typebits")
        tests.append(f"bits[x] & {mask}{f' == {mask}' if every else ''}{_FACE_UP}")
    elif mask:
        # One type: where effects never change card types, whether each card has it (Table.typeflags).
        head.append(f"    bits = (s.typebits or {named(typebits)}(s)) if {fuse.flag('retyping')} "
                    f"else s.t.typeflags[{mask}]")
        tests.append(f"(bits[x] & {mask} if {fuse.flag('retyping')} else bits[x]){_FACE_UP}")
    if keep is not None and keep.tapped is not None:
        head.append("    tp = s.tapped")
        tests.append("tp[x]" if keep.tapped else "not tp[x]")         # a card is tapped or not: True or False
    for w in keep.marks if keep is not None else ():
        tests.append(f"(x, {named(w)}) in s.marks")
    for test, names in keep.texts if keep is not None else ():
        tests.append(test)
        text.names.update(names)
        if test.startswith(_UNLESS_DOWN):   # a keyword's test (expressions.card_word_test)
            upright[test] = "(" + test[len(_UNLESS_DOWN):]
    if control_fn is not None:
        # Not `p`: the zone's loop may hold the zone's owner in it (_zone_loop).
        head += [f"    q = {named(control_fn)}(s, env)", "    seat = q.seat if q is not None else -1",
                 f"    ctl = {named(controllers)}(s) if {STALE_VIEW} else s.controller"]
        tests.append("type(x) is int and ctl[x] == seat")
    test = f"if {' and '.join(tests) or 'True'}:"
    test_up = f"if {' and '.join(upright.get(x, x) for x in tests).replace(_FACE_UP, '') or 'True'}:"
    indent = " " * (len(loop[-1]) - len(loop[-1].lstrip()) + 4)
    kept, tail = [], []      # the lines that keep a card after its tests, and what the loop puts back
    # The "where" clause's text with what never changes in a scan lifted (fuse.lifted), and
    # with what does not change from card to card lifted too; the lines before the loop of each.
    clause = lifted = None
    fixing, lifting = [], []
    if where_fn is not None:
        src, _ = fuse.part(where_fn)
        text.names.update(src.names)
        head.append("    saved = env.get('it')")
        tail.append("    env['it'] = saved")
        if marked:          # the clause computes once in each scan what no item changes
            head += ["    outer = env.get('@scan')", f"    env['@scan'] = {named(object)}()"]
            tail.append("    env['@scan'] = outer")
        kept.append("    env['it'] = x")
        # The clause reads a card where the loop keeps only cards, face up where its type is tested.
        card, face_up = cards or in_zone, bool(mask)
        unset = named(_UNSET)
        clause = fuse.lifted(src, fixing, unset, lazy=False, card=card, face_up=face_up)
        lifted = fuse.lifted(src, lifting, unset, card=card, face_up=face_up)
        if card:
            # While no card of the game is face down, the clause reads its card as face up.
            upright[clause] = fuse.lifted(src, [], unset, lazy=False, card=True, face_up=True)
            upright[lifted] = fuse.lifted(src, [], unset, card=True, face_up=True)
        if "props[x]" in clause + lifted:
            head.append("    props = s.t.props")
        if not marked and not _reads_it(clause) and not _reads_it(lifted):
            # The clause reads its item as the loop's x alone, and calls nothing that could read
            # it from the environment: "it" need not be set there, nor put back.
            head.remove("    saved = env.get('it')")
            tail.remove("    env['it'] = saved")
            kept.remove("    env['it'] = x")
    inner = indent + " " * (8 if clause is not None else 4)      # under the last test

    def scan(test: str, keep_it: str, where) -> list:
        return [*loop, indent + test, *(indent + line for line in kept),
                *([f"{indent}    if {where}:"] if where is not None else []), inner + keep_it]

    def source(name: str, start: str, keep_it: str, end: str, guard: list, before: list, where) -> str:
        body = scan(test, keep_it, where)
        up = upright.get(where, where)
        if test_up != test or up != where:
            # Where no card is face down (most games, all game long), the loop does not ask each.
            body = ["    if s.downs:", *(["     down = s.face_down"] if mask else []), *(" " + line for line in body),
                    "    else:", *(" " + line for line in scan(test_up, keep_it, up))]
        lines = [f"def {name}(s, env):", *guard, *head, *before, *([start] if start else []), *body, *tail, end, ""]
        return "\n".join(lines)

    def made(name: str, start: str, keep_it: str, end: str, whole: str):
        """The function `name`: `start`, the loop doing `keep_it` with each card kept, `end`;
        where the loop keeps every card it meets, `whole` with each zone it goes over."""
        if not tests and clause is None and in_zone:
            # "cards in your hand": each zone taken whole ("count of" is its length), in C.
            over = loop[-1].strip()[len("for x in "):-1]
            lines = [f"def {name}(s, env):", *head, *([start] if start else []), *loop[:-1],
                     indent[:-4] + whole.format(over), end, ""]
            return fuse.define("\n".join(lines), text.names, name)
        plain = fuse.define(source(name, start, keep_it, end, [], fixing, clause), text.names, name)
        if lifted == clause or plain is None:
            return plain
        # In a pack where effects change control, the view a scan makes again may change
        # who controls a card, which a part read once a scan may read: there, each card reads it.
        guard = [f"    if {fuse.flag('controlling')}: return {named(plain)}(s, env)"]
        return fuse.define(source(name, start, keep_it, end, guard, lifting, lifted), text.names, name) or plain
    select = made("select", "    found = []", "found.append(x)", "    return tuple(found)", "found.extend({})")
    count = made("count", "    n = 0", "n += 1", "    return n", "n += len({})")
    if select is not None and count is not None:
        select.count = count        # "count of ...", a cost's cards: without a tuple made
        # No `exists` over a "where" clause: `any` tests the clause on every card, as the
        # closures do (a clause may draw a random number, or find a number too large, later).
        exists = made("exists", "", "return True", "    return False", "if {}: return True") if where_fn is None else None
        if exists is not None:
            select.exists = exists
    return select


_FACE_UP = " and not down[x]"   # the test of a card whose type is tested: face down, it has none
_UNLESS_DOWN = "(not s.face_down[x] and "      # how a keyword's test written in a loop begins

_UNSET = object()       # a lifted part of a "where" clause not yet computed in this scan

# A reading of a variable of the script ("c" in "rank of c"): what a text does with the
# environment without reading "it" (a variable's name is a word of the pack, never "it").
_VARIABLE = re.compile(r"env(?:\.get\(|\[)'[A-Za-z_][A-Za-z0-9_]*'[)\]]")


def _reads_it(text: str) -> bool:
    """Whether a clause's text may read "it" from the environment: it reads the environment
    otherwise than a script's variable, "it" aside, or calls what is given it."""
    return "env" in _VARIABLE.sub(lambda m: "env" if "'it'" in m.group(0) else "", text)


def _all(tests):
    """One predicate for several tests, without a generator per card."""
    if len(tests) == 1:
        return tests[0]
    if len(tests) == 2:
        a, b = tests
        return lambda s, x: a(s, x) and b(s, x)
    return lambda s, x: all(test(s, x) for test in tests)


def _as_tuple(value) -> tuple:
    if value is None:
        return ()
    if isinstance(value, tuple):
        return value
    if isinstance(value, (list, set, frozenset)):
        return tuple(value)
    if isinstance(value, dict):
        return tuple(value)
    return (value,)


@register("adjacency", S, "players adjacent to X",
          "The players seated next to X: the one to their left and the one to their right, skipping players who "
          "are out (in a game of two, the one other player). Written after the noun, like \"in ZONE\".",
          example="choose a player adjacent to you as defender",
          params=(('X', 'player', 'whose neighbours'),))
def _adjacency(c, tree, scope):
    pfn, _ = c.expect(tree.children[0], scope, ("player",), "whose neighbours")

    def seats(s, env):
        p = pfn(s, env)
        if p is None:
            return ()
        return {s.next_seat(p.seat, 1), s.next_seat(p.seat, -1)} - {p.seat}
    return seats


@register("turn_order", S, "players in turn order from X",
          "The players in the order their turns come, beginning with X (or, X being out of the game, with the "
          "next player after X), each once: seat order, or the other way round once the turn order is reversed. "
          "Written after the noun, like \"in ZONE\"; the first of them is X: \"dealer's left\" begins with the "
          "player after the dealer.",
          example="for each p in players in turn order from your left: p draws a card",
          params=(('X', 'player', 'who comes first'),))
def _turn_order(c, tree, scope):
    pfn, _ = c.expect(tree.children[0], scope, ("player",), "who comes first")

    def ordered(s, env, players):
        p = pfn(s, env)
        if p is None:
            return ()
        n, way, first = len(s.out), direction(s), p.seat
        return tuple(sorted(players, key=lambda q: ((q.seat - first) * way) % n))
    return ordered


def _in_turn_order(c: Compiler, r, t, noun: str, scope: Scope):
    """The closure that puts a selector's players in turn order ("players in turn order from
    X"), or None where the selector picks no players."""
    if t.kind != "players":
        c.error(r, f'only players take turns: "{noun} in turn order from ..." needs players')
        return None
    return c.node(r, scope)


def _of_after_order(c: Compiler, restrictions: list) -> list:
    """The restrictions, but an "of" read after "in turn order from X" where X was meant as
    "left of dealer" (it reads "(players in turn order from left) of dealer"): refused with
    the form that says it, and both left out, so that neither is refused again."""
    for i, r in enumerate(restrictions[:-1]):
        after = restrictions[i + 1]
        if r.data == "turn_order" and after.data == "team_members":
            first, of = c.source(r.children[0]), c.source(after.children[0])
            whose = "your" if of == "you" else f"{of}'s"
            c.error(r.children[0], f'write "{whose} {first}" for the player who comes first: "{first} of {of}" '
                                   f'reads "of {of}" as a team')
            return restrictions[:i] + restrictions[i + 2:]
    return restrictions


@register("top_cards", S, "top N cards of ZONE [where CONDITION]",
          "The N cards on top of an ordered zone (fewer if it holds fewer), the top one first; with a \"where\", "
          "those of them for which it holds. A statement acts on them written after \"all\": \"put all top 13 "
          "cards of deck into p's dealt\"; a value reads them in parentheses: \"count of (top 3 cards of pile "
          "where its rank = rank of c)\".",
          example="put all top 13 cards of deck into p's dealt",
          params=(('N', 'number', 'how many'), ('ZONE', 'zone', 'an ordered zone'),
                  ('CONDITION', 'condition', 'which of them (optional)')))
def _top_cards(c, tree, scope):
    n_node, word, zone, clause = tree.children
    if str(word) not in ("card", "cards"):
        c.error(word, f'write "top N cards of ZONE", not "{word}"')
    nfn, _ = c.expect(n_node, scope, ("number",), "how many cards")
    zfn, _ = c.expect(zone, scope, ("zone",), 'the zone after "of"')

    def top(s, env):
        n = nfn(s, env) or 0
        out = []
        for z in zfn(s, env):
            cards = s.zones[z]
            out.extend(reversed(cards[-n:] if n > 0 else []))
        return tuple(out)
    if clause is None:
        return top, T("cards")
    where_fn, kept = where_clause(c, clause, scope, T("cards"))
    return (lambda s, env: kept(s, env, top(s, env), where_fn)), T("cards")


def _sets_of_both(c, tree) -> str:
    """The hint for "sets of 5 cards in hand or cards in board": the sets of the cards of
    both are written with the cards in brackets."""
    first, *others = tree.children
    if first.data != "card_sets" or first.children[-1] is not None or any(k.data == "card_sets" for k in others):
        return ""
    inner = first.children[-2]
    whole, cards = c.source(first), c.source(inner)
    both = " or ".join([cards, *(c.source(k) for k in others)])
    return f'; for the sets of all these cards together, write the cards in brackets: "{whole[:whole.rfind(cards)]}({both})"'


@register("targets", S, "SELECTOR or SELECTOR",
          "Either selection, the first's items then the second's (an item both pick comes once, in the first's "
          "place): a "
          "target (\"creature in play or player\"), a choice, what \"for each\" goes through and \"let ... be "
          "all\" keeps, and in parentheses a value's cards (\"count of (cards in discard or cards in hand)\").",
          example="for each c in cards in your hand or cards in your discard: reveal c",
          params=(('SELECTOR', 'selector', 'one kind of target'),))
def _targets(c, tree, scope):
    # Sets of cards are refused where they are read (Compiler.selector), not here.
    parts = [c.selector(k, scope, sets=True) for k in tree.children]
    if len(parts) == 1:
        return parts[0]
    kinds = {pt.kind for _, pt in parts} - {"any"}
    if "sets" in kinds and len(kinds) > 1:
        c.error(tree, f'"{c.source(tree)}" picks sets of cards together with single cards or players: '
                      f'pick one or the other{_sets_of_both(c, tree) if kinds == {"sets", "cards"} else ""}')
    t = parts[0][1]
    for _, pt in parts[1:]:
        t = union(t, pt)
    fns = [f for f, _ in parts]
    kinds = [single(pt).kind for _, pt in parts]
    if len(set(kinds)) == len(kinds) and set(kinds) <= {"card", "player", "effect"}:
        # Cards or players (a target's usual "creature in play or player"): no item is
        # picked twice, so none is looked for.
        def either(s, env):
            out = []
            for f in fns:
                out.extend(f(s, env))
            return tuple(out)
    else:
        either = _either_once(fns)
    tests = [getattr(f, "exists", None) or f for f in fns]

    def exists(s, env):
        for test in tests:
            if test(s, env):
                return True
        return False
    either.exists = exists
    return either, t


def _either_once(fns):
    """What the selections `fns` pick, an item both pick once, in the first one's place
    ("or" reads as either). A card is its number; a set of cards ("sets of ...") its
    cards, in whatever order each selection took them; a player or an effect is one
    object of the table (an effect holds its variables, and has no hash), told by identity."""
    def either(s, env):
        out, cards, others = [], set(), set()
        for f in fns:
            for x in f(s, env):
                seen, key = (cards, x) if type(x) is int else \
                    (others, frozenset(x)) if type(x) is tuple else (others, id(x))
                if key not in seen:
                    seen.add(key)
                    out.append(x)
        return tuple(out)
    return either

