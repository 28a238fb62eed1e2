"""Choices of values rather than cards or players: a word of a property, a word, number
or text the statement lists, a value the cards of a selection hold, a number in a
range, or an order of cards or players."""
from __future__ import annotations

from ...engine import limits
from ...engine.activation import log_choice, log_none, none_for
from ...engine.decisions import Decision, Option, option
from ...engine.knowledge import EVERYONE, named_for, unseen_among
from ...engine.script import loop_items, of_card
from ...engine.state import RuleError
from ...suggest import did_you_mean
from ..compiler import Compiler, Scope
from ..registry import register
from ..static_types import ANY, NUMBER, TEXT, T, as_set
from .expressions import held_by
from .offered import seen_by_chooser
from .selectors import _kept_where
from .statements import NONE_NAMED, _choose_many, asker_of, none_option, suspends
from .texts import asked

ST = "statement"
QUESTION = ('QUESTION', 'text', 'what the player is asked, in quotes (optional)')
CHOOSER = ('PLAYER', 'player', 'who chooses (you if omitted)')


def value_noun(c: Compiler, sel, scope: Scope) -> bool:
    """Whether `choose a suit as named` names a property's words rather than cards: a
    lone noun that is a property with words, not a card type nor a variable, with at
    most a `where` (`choose a suit where it != turned as named`)."""
    if getattr(sel, "data", None) != "targets" or len(sel.children) != 1:
        return False
    one = sel.children[0]
    words = one.children[0].children if one.data == "selector" else ()
    if len(words) != 1 or any(k is not None for k in one.children[1:-1]) or _where_of(one) is False:
        return False
    word = str(words[0])
    return word not in scope.vars and word not in c.names.card_types and _noun_property(c, word) is not None


def _where_of(one):
    """The `where` clause ending a selector, None without one, False for anything else there."""
    last = one.children[-1] if len(one.children) > 1 else None
    return last if last is None or getattr(last, "data", None) == "where" else False


def _noun_property(c: Compiler, word: str) -> str | None:
    """The property a noun names: "suit", or "suits" for several."""
    for prop in (word, word[:-1] if word.endswith("s") else None):
        if prop is not None and _words_of(c, prop) is not None:
            return prop
    return None


def _words_of(c: Compiler, prop: str):
    """The words a property may hold, in order: of one word (one_of) or a list (words)."""
    if prop in c.names.one_of:
        return c.names.one_of[prop]
    words = [w for w, p in c.names.property_words.items() if p == prop]
    return tuple(words) if words else None


def _ask(c: Compiler, tree, scope: Scope, who, quantity, var_node, question, values, t: T, what="value", named=None,
         seated=False):
    """The statement that asks for values: `values(s, env)` gives them in the order offered
    (`values(s, env, seat)`, for the seat asked, where `seated`). `quantity` is the quantity
    node, or None for one value; `named` the words naming its none."""
    var = str(var_node)
    c.value_choices = True
    pfn = asker_of(c, who, scope, "who chooses")
    kind = quantity.data if quantity is not None else "one"
    ask, about = asked(c, tree, question, scope, var)
    none = none_option(c, named, quantity, scope)
    nfn = None
    if kind in ("exactly", "up_to"):
        nfn, _ = c.expect(quantity.children[0], scope, ("number",), "how many")
    c.bind(var_node, scope, t if kind in ("one", "up_to_one") else T("words", of=t.of) if t.kind == "word" else ANY)
    if kind not in ("one", "up_to_one"):
        picks = values if not seated else lambda s, env: values(s, env, pfn(s, env).seat)
        return _choose_many(var, pfn, picks, nfn, kind, ask, about, _label, log_value, what)
    optional = none if kind == "up_to_one" else None
    offered = values if seated else (lambda s, env, seat: values(s, env))

    @suspends
    def choose_value(s, env):
        p = pfn(s, env)
        ask_value(s, p.seat, ask(s, env, p), offered(s, env, p.seat), var, about, optional, what)
    return choose_value


def _label(s, x) -> str:
    return str(x)


def ask_value(s, seat: int, prompt: str, values, var: str, about, optional=None, what: str = "value") -> None:
    """Ask `seat` for one of `values` (words, numbers or texts), bound to `var`: none when there
    is none, the one there is without asking. `about`: what the log says it was for (log_choice);
    `optional`: the option that picks none (or what makes it: activation.none_for), offered
    first, for "up to one"."""
    env = s.frames[-1].env
    if not values:
        env[var] = None
        return
    options = tuple([option((str(v), v)) for v in values])
    if optional is not None:
        options = (none_for(optional, s, env, seat),) + options

    def resume(s2, value, about=about):     # (a default, not a cell made at each question)
        s2.frames[-1].env[var] = value
        if value is None:
            log_none(s2, seat, about, optional)
        else:
            log_value(s2, seat, about, value)
    if len(options) == 1 and s.t.pack.auto_single:
        resume(s, options[0].value)
        return
    s.decision = Decision(seat, prompt, options, resume, what)


def log_value(s, seat: int, about, value) -> None:
    """"Ann chooses stars (name the suit to follow)": values are said to everyone; `about`
    as for activation.log_choice."""
    items = value if isinstance(value, tuple) else () if value is None else (value,)
    if items and not s.quiet:
        context = loop_items(s, s.t.players[seat], getattr(about, "reads", ()), EVERYONE)
        said = about if type(about) is str else about(s, s.frames[-1].env, tuple(range(len(s.out))))
        s.say("choose", f"{s.t.players[seat].name} chooses {', '.join(map(str, items))} {said}{context}")


def property_choice(c: Compiler, tree, scope: Scope):
    """`choose a suit as named`: one of the property's words, in their order; with a
    `where`, those for which it holds, `it` the word (`choose a suit where it != turned
    as named`: any suit but one)."""
    who, quantity, sel, var, question, named = tree.children
    one = sel.children[0]
    prop = _noun_property(c, str(one.children[0].children[0]))
    words = _words_of(c, prop)
    t = T("word", of=prop)
    clause = _where_of(one)
    if clause is None:
        return _ask(c, tree, scope, who, quantity, var, question, lambda s, env: words, t, named=named)
    keep = _kept(c, clause, scope, t)
    return _ask(c, tree, scope, who, quantity, var, question, lambda s, env: _kept_where(s, env, words, keep), t,
                named=named)


def _kept(c, clause, scope, t):
    """The condition of a value choice's "where", "it" the value (of type `t`), not an item
    around the statement."""
    was_it, was_steady = c.used_it, c.steady
    keep, _ = c.expect(clause.children[0], scope.child(it=t), ("bool",), 'a "where" clause')
    c.used_it, c.steady = was_it, was_steady
    return keep


@register("choose_listed", ST, '[PLAYER] choose(s) one of VALUES [where CONDITION] as NAME ["QUESTION"]',
          "A player picks one of the values listed: words of one property, numbers, or quoted texts (a mode); "
          "with a \"where\", those for which CONDITION holds, \"it\" the value (none without asking where "
          "none does). \"choose a suit as named\" offers every word of a property, in its order; \"choose a "
          "suit where it != turned as named\" those for which the condition holds, \"it\" the word.",
          example='choose one of "give your creatures +1/+1", "summon a 3/2 Panther" as mode',
          params=(CHOOSER, ('VALUES', 'words, numbers or texts', 'what may be chosen, separated by commas'),
                  ('CONDITION', 'condition', 'which values are offered (optional)'),
                  ('NAME', 'variable', 'what holds the value'), QUESTION))
def _choose_listed(c, tree, scope):
    who, items, clause, var, question, named = tree.children
    values, kinds = [], set()
    for item in items.children:
        if item.data == "name":
            word = str(item.children[0])
            prop = c.names.value_words.get(word) or c.names.property_words.get(word)
            if prop is None:
                known = [*c.names.value_words, *c.names.property_words]
                c.error(item, f'"{word}" is not a word of a property{did_you_mean(word, known)}')
            else:
                kinds.add(("word", prop))
            values.append(word)
        elif item.data == "number":
            kinds.add(("number", None))
            values.append(c.constant(item) or 0)
        else:
            kinds.add(("text", None))
            values.append(str(item.children[0])[1:-1])
            c.listed_texts.append(values[-1])
    if len(kinds) > 1:
        shown = ", ".join(sorted({f'"{v}"' for v in values[:2]}))
        c.error(items, f"a value choice lists words of one property, numbers or texts, not {shown}")
    kind, prop = next(iter(kinds), ("word", None))
    t = T("word", of=prop) if kind == "word" else NUMBER if kind == "number" else \
        T("text", texts=_modes(scope.vars.get(str(var)), values))
    values = tuple(values)
    if clause is None:
        return _ask(c, tree, scope, who, None, var, question, lambda s, env: values, t, named=named)
    keep = _kept(c, clause, scope, t)
    return _ask(c, tree, scope, who, None, var, question, lambda s, env: _kept_where(s, env, values, keep), t,
                named=named)


def _modes(old: T | None, values: list) -> frozenset | None:
    """The texts a variable holds once a choice of texts gives it one of `values`: those
    it held before too, when it was one (in another branch of an "if"), or unknown."""
    if old is None:
        return frozenset(values)
    return None if old.texts is None else old.texts | frozenset(values)


@register("choose_among", ST, '[PLAYER] choose(s) QUANTITY PROPERTY among SELECTOR as NAME ["QUESTION"] [or "NONE"]',
          "A player picks a value that the cards picked hold: each word of the property held by one of them "
          "(in the property's order), each number (from low to high), or each text, as a card's name, once "
          "(in the order of the cards: copies of a card are one option). None if they hold none. "
          "Where the player does not see one of the cards picked (another player's hand, a deck), they are "
          "offered every value a card may hold, not those the cards hold: every word of the property, every "
          "name and every number the pack's cards print (a value that changes in play: what the game's cards "
          "hold now), and the values of the cards they see; so too where a zone the cards are picked in "
          "(every player's, of that name) holds a card they do not see that a \"where\" (or a word: \"stars in ...\") "
          "left out.",
          example='choose a rank among cards in your hand as asked "ask for a rank you hold"',
          params=(CHOOSER, ('QUANTITY', 'quantity', 'a, up to one, N, up to N, any number of'),
                  ('PROPERTY', 'property', 'whose values'), ('SELECTOR', 'selector', 'the cards'),
                  ('NAME', 'variable', 'what holds the value'), QUESTION, NONE_NAMED))
def _choose_among(c, tree, scope):
    who, quantity, word, sel, var, question, named = tree.children
    prop = str(word)
    with c.noting() as read:
        sfn, picks = c.selector(sel, scope)
    plain = seen_by_chooser(c, read, who, sel, picks)
    held, rt = held_by(c, word, sel, sfn, picks, prop, scope, "@among")
    words = _words_of(c, prop)
    if words is None and rt.kind not in ("number", "any", "text"):
        c.error(word, f'"{prop}" is not a property of words, numbers or texts')
    order = {w: i for i, w in enumerate(words or ())}
    # Texts (a card's name) have no order of their own: each is offered once, where the
    # cards first hold it, so a pile of copies is one option.
    texts = words is None and rt.kind == "text"

    def offered(found):
        if texts:
            return tuple(found)
        return tuple(sorted(found, key=order.get)) if words is not None else tuple(sorted(found))
    t = T("word", of=prop) if words is not None else TEXT if texts else NUMBER
    if plain is not None:       # the chooser sees every card the selector may pick
        return _ask(c, tree, scope, who, quantity, var, question, lambda s, env: offered(held(s, env)), t,
                    named=named)
    possible = _possible(c, prop, words, held)
    # The zones the selector looks in: where one holds a card the chooser does not see, the
    # choice is blind even if the cards picked are all in sight, or none, as a "where" (or a
    # word, "stars in ...") that left the hidden cards out would tell them something of those
    # cards. A selector that leaves no card out of its zones picks all it looks at.
    zones = tuple(what[5:] for what in read if what.startswith("zone:")) if _sifts(sel) else ()

    def values(s, env, seat):
        cards = sfn(s, env)
        unseen = unseen_among(s, cards, seat)
        if not unseen and not _unseen_in(s, zones, seat):
            return offered(held(s, env, cards))
        # Every value a card may hold, that the chooser learn none of the cards they do not see.
        found = dict.fromkeys(possible(s, env))
        found.update(held(s, env, [x for x in cards if x not in unseen]))
        return offered(found)
    return _ask(c, tree, scope, who, quantity, var, question, values, t, named=named, seated=True)


def _sifts(sel) -> bool:
    """Whether a selector may leave cards of its zones out by what they are: a "where", or
    words other than "cards" ("stars in ...", "faces in ...", and "cards c in ..." taken
    as such to be safe)."""
    return any(sub.data == "where" or (sub.data == "words" and [str(w) for w in sub.children] not in (["cards"], ["card"]))
               for sub in sel.iter_subtrees())


def _unseen_in(s, zones: tuple, seat: int) -> bool:
    """Whether a zone of one of these names (every player's) holds a card `seat` does not see."""
    named = s.t.named
    return any(unseen_among(s, s.zones[z], seat) for name in zones for z in named.get(name, ()))


def _possible(c: Compiler, prop: str, words, held):
    """What a choice of a value among cards its player does not see offers, `f(s, env)`:
    every word of a property of words; every name, or printed value of a property, of the
    pack's cards and tokens, in the pack's order; else (a derived property, a counter,
    damage) what the game's cards hold now, wherever they are."""
    if words is not None:
        return lambda s, env: words
    if prop == "name" or (prop in c.names.properties and prop not in c.names.derived):
        def printed(s, env):
            pack = s.t.pack
            defs = (*pack.cards.values(), *pack.tokens.values())
            if prop == "name":
                return [d.name for d in defs]
            default = pack.properties.get(prop)
            values = [d.props.get(prop) for d in defs]
            return [default if v is None else v for v in values if v is not None or default is not None]
        return printed
    return lambda s, env: held(s, env, [x for zone in s.zones for x in zone])


@register("choose_number", ST, '[PLAYER] choose(s) a|up to one number from A to B [where CONDITION] as NAME ["QUESTION"] '
                             '[or "NONE"]',
          f"A player picks a whole number from A to B, offered from low to high (\"up to one\" offers none, "
          f"or NONE, first), those for which CONDITION holds, \"it\" the number, if it is given; none without asking "
          f"when there is no number to offer (B below A, or no number passes; B written below A is refused). At most "
          f"{limits.count(limits.LOOP)} numbers.",
          example="p chooses a number from 0 to count of cards in p's hand as bid",
          params=(CHOOSER, ('A', 'number', 'the lowest'), ('B', 'number', 'the highest'),
                  ('CONDITION', 'condition', 'which numbers are offered (optional)'),
                  ('NAME', 'variable', 'what holds the number'), QUESTION, NONE_NAMED))
def _choose_number(c, tree, scope):
    who, quantity, low, high, clause, var, question, named = tree.children
    lo, _ = c.expect(low, scope, ("number",), "the lowest number")
    hi, _ = c.expect(high, scope, ("number",), "the highest number")
    if quantity.data not in ("one", "up_to_one"):
        c.error(quantity, 'a number is chosen one at a time: write "a number" or "up to one number"')
    a, b = c.constant(low), c.constant(high)
    if a is not None and b is not None and b < a:     # it would never ask: a game of choices made for nobody
        c.error(tree, f'{c.quoted(tree)} offers no number: the lowest comes first ("from {b} to {a}")')
    if a is not None and b is not None and b - a >= limits.LOOP:
        c.error(tree, f'{c.quoted(tree)} would offer {limits.count(b - a + 1)} numbers: a choice offers at most '
                      f'{limits.count(limits.LOOP)}')
    text = c.heading(tree)
    where = c.where(tree)
    keep = _kept(c, clause, scope, NUMBER) if clause is not None else None

    def values(s, env):
        first, last = lo(s, env) or 0, hi(s, env) or 0
        if last - first >= limits.LOOP:
            raise RuleError(f'"{text}"{of_card(s, env)} would offer {limits.count(last - first + 1)} numbers: '
                            f'a choice offers at most {limits.count(limits.LOOP)}', where)
        return tuple(range(first, last + 1))
    if keep is not None:
        every = values

        def values(s, env):
            return _kept_where(s, env, every(s, env), keep)
    return _ask(c, tree, scope, who, quantity, var, question, values, NUMBER, named=named)


@register("choose_order", ST, '[PLAYER] choose(s) an order of SELECTOR as NAME ["QUESTION"]',
          "A player puts the cards or players picked in an order, one decision for each place but the last, "
          "which is forced: NAME holds them in that order.",
          example='choose an order of creatures in play where it is blocking attacker as order "order the blockers"',
          params=(CHOOSER, ('SELECTOR', 'selector', 'what is put in order'), ('NAME', 'variable', 'the order'), QUESTION))
def _choose_order(c, tree, scope):
    who, quantity, sel, var_node, question, named = tree.children
    none_option(c, named, None)
    if quantity.data != "one":
        c.error(quantity, 'write "choose an order of ..."')
    sfn, t = c.selector(sel, scope)
    pfn = asker_of(c, who, scope, "who chooses")
    c.bind(var_node, scope, as_set(t))
    var, partial = str(var_node), "@" + str(var_node)
    ask, about = asked(c, tree, question, scope, var)

    @suspends
    def choose_order(s, env):
        picked = env.setdefault(partial, ())
        rest = [x for x in sfn(s, env) if x not in picked]
        if len(rest) <= 1:
            env[var] = picked + tuple(rest)
            del env[partial]
            if len(env[var]) > 1:
                log_choice(s, pfn(s, env).seat, about, env[var])
            return
        p = pfn(s, env)
        place = len(picked) + 1
        s.decision = Decision(p.seat, f"{ask(s, env, p)} ({_ordinal(place)} of {place + len(rest) - 1})",
                              tuple(Option(named_for(s, x, p.seat), x) for x in rest), resume, "order")

    def resume(s, value):
        frame = s.frames[-1]
        frame.env[partial] = frame.env[partial] + (value,)
        frame.pc -= 1       # ask again: the same operation asks for the next place
    return choose_order


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def _ordinal(n: int) -> str:
    return _ORDINALS[n - 1] if n <= len(_ORDINALS) else f"{n}th"
