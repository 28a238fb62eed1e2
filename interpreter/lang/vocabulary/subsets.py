"""Sets of cards: every set of the cards a selector picks, each a value of its own ("count
of (sets of cards in hand where total value of it = 15)"), and "it" read as the set tried.

The sets are made as they are tried, never more than limits.SETS at once, and only in a
text that takes them: a pack that does not pays nothing for them. "any", "no" and "first
of" make them only up to the first that holds (the selector's `exists` and `first`).
"""
from __future__ import annotations

from copy import copy
from itertools import combinations
from math import comb

from lark import Token, Tree

from ...engine.activation import log_choice, none_for
from ...engine.decisions import decision, set_option
from ...engine.knowledge import labels_for
from ...engine.limits import SETS, count
from ...engine.script import of_card, step_on
from ...engine.state import RuleError
from ..compiler import Compiler, Scope
from ..registry import ENTRIES, register
from ..static_types import ANY, T
from .selectors import _kept_where, where_clause
from .set_tests import grown, place
from .statements import NONE_NAMED, _bind, asker_of, none_option, suspends
from .texts import asked

S = "selector"


@register("card_sets", S, "sets [NAME] of [SIZE] SELECTOR [where CONDITION]",
          "Every set of one card or more of the cards the selector picks, each a set of cards: its \"where\" is "
          "about the set (\"it\", or NAME), read as cards are (\"total value of it\", \"count of it\", \"number of "
          "different suit among it\"). SIZE keeps sets of N cards, N or more, or N or fewer: N a number, a variable, "
          "an option or a table value (\"sets of k cards in hand\"), or any number in parentheses (\"sets of (count of cards in hand "
          "- 1) cards\", \"(k) or more\"); reckoned in play, a size of 0 or less takes no set (\"0 or more\": every "
          "set). The sets of fewer "
          "cards come first; those of one size in the order of the selector's cards, as a dictionary orders "
          f"words (the first card with each later one, then the second...). At most {count(SETS)} sets are taken "
          "at once (every set of 16 cards); a game that would take more stops with an error naming the text. "
          "\"count of\", \"any\", \"no\", \"first of\", \"last of\", \"for each\" and \"let ... be all\" read them; "
          "\"any\", \"no\" and \"first of\" stop at the first set that holds, "
          "unless the \"where\" draws a random number, which is drawn for every set. A \"where\" that says what "
          "larger sets cannot be is tried on fewer sets, with the same answer: \"number of different rank among it = "
          "1\" only among the cards of each rank; \"number of different value among it = count of it\", \"count of it "
          "<= 4\" or \"number of different suit among it <= 2\" on no set grown from one it is false of (\"and\" "
          "keeps what either side says, \"or\" what both do).",
          example="count of (sets of cards in hand where total value of it = 15)",
          params=(('NAME', 'name', 'each set inside CONDITION (optional; "it" otherwise)'),
                  ('SIZE', 'size', 'N, N or more, N or fewer; N a number, a name or (a number reckoned in play) '
                                    '(optional: any size)'),
                  ('SELECTOR', 'selector', 'the cards the sets are taken of'),
                  ('CONDITION', 'condition', 'about the set (optional)')))
def _card_sets(c: Compiler, tree, scope: Scope):
    named, size, source, *rest = tree.children
    clause = rest[0] if rest else None
    if size is None:
        size, source = _named_size(c, source, scope)
    sfn, t = c.selector(source, scope)
    if t.kind not in ("cards", "any"):
        c.error(source, f'"sets of" takes sets of cards, and "{c.source(source)}" picks {t.word()}')
    bounds = _sizes(c, size, scope)
    where = c.where(tree)
    where_fn = kept = None
    was_drawn, c.drawn = c.drawn, False
    if clause is not None:
        where_fn, kept = where_clause(c, clause, scope, T("sets"), named, "sets", "set")
    elif named is not None:
        c.error(named, f'"{named}" after "sets" would name each set inside a "where" clause, and there is none')
    draws, c.drawn = c.drawn, was_drawn or c.drawn
    # The ways a set may hold the clause (set_tests.py): the sets are grown card by card,
    # none grown that no way may hold; not where the clause draws (every set draws its
    # numbers), nor names its set (its tests read "it").
    ways = None if draws or named is not None else getattr(where_fn, "ways", None)

    def taken(s, env):
        """The cards the sets are taken of, and the sizes of the sets, once their number
        is known to be within the limit (counted before any set is made)."""
        cards = sfn(s, env)
        n = len(cards)
        low, high = bounds if type(bounds) is tuple else bounds(s, env)
        sizes = range(low, n + 1 if high is None else min(high, n) + 1)
        many = 0
        for k in sizes:
            many += comb(n, k)
            if many > SETS:
                raise RuleError(f'"{where.text}"{of_card(s, env)} would take more than {count(SETS)} sets of its '
                                f'{count(n)} cards: a rule takes at most {count(SETS)} sets at once (every set of '
                                f'16 cards); take them of fewer cards, or say their size ("sets of 2 cards in ...")',
                                where)
        return cards, sizes, many

    def candidates(s, env, cards, sizes):
        """The sets that may hold, in their order: every set, or those the clause's ways
        leave."""
        if ways is None:
            return (found for k in sizes for found in combinations(cards, k))
        return (tuple(cards[i] for i in at) for at in grown_in(s, env, cards, sizes))

    def grown_in(s, env, cards, sizes) -> list:
        """set_tests.grown, each test read as the "where" is, in one scan
        (selectors._kept_where_marked)."""
        saved, outer = env.get("it"), env.get("@scan")
        if kept is not _kept_where:
            env["@scan"] = object()

        def holds_of(test):
            def holds(tried):
                env["it"] = tried
                return test(s, env)
            return holds

        def values_of(read):
            return [read(s, env, card) for card in cards]
        try:
            return grown(cards, sizes, ways, holds_of, values_of)
        finally:
            env["it"] = saved
            if kept is not _kept_where:
                env["@scan"] = outer

    def sets(s, env):
        cards, sizes, many = taken(s, env)
        step_on(s, many, env, where)    # each set tried is a round of a loop: nested ones are bounded too
        made = candidates(s, env, cards, sizes)
        return tuple(made) if where_fn is None else kept(s, env, made, where_fn)

    def first(s, env):
        """The first set for which the "where" holds, or None: the sets after it are
        neither made nor tried, nor counted as steps (those before it are, tried or not)."""
        cards, sizes, many = taken(s, env)
        if ways is not None:
            for at in grown_in(s, env, cards, sizes):
                found = tuple(cards[i] for i in at)
                if kept(s, env, (found,), where_fn):
                    step_on(s, place(len(cards), sizes, at), env, where)
                    return found
            step_on(s, many, env, where)
            return None
        for k in sizes:
            for found in combinations(cards, k):
                step_on(s, 1, env, where)
                if where_fn is None or kept(s, env, (found,), where_fn):
                    return found
        return None

    # "any", "no" and "first of" stop at the first set that holds; but a "where" that
    # draws anew for each set (a random number) is drawn for every set, as the cards of
    # "any cards where ..." are, so that the draws after it stay the same.
    if not draws:
        sets.exists = lambda s, env: first(s, env) is not None
        sets.first = first
    return sets, T("sets")


def _named_size(c: Compiler, source, scope: Scope):
    """"sets of k cards in hand": the grammar reads "k cards" as the words of the selector
    (it cannot tell a size from a word before the noun); a first word that is a number
    the text may read (a variable, an option, a table value) is the size. Else (None,
    source) as it is."""
    words = source.children[0] if source.data == "selector" else None
    if words is None or len(words.children) < 2:
        return None, source
    word = str(words.children[0])
    held = scope.vars.get(word)
    named = c.names.options.get(word) or c.names.table.get(word)
    if not (held is not None and held.kind in ("number", "any") or held is None and named is not None
            and named.kind == "number"):
        return None, source
    meta = copy(words.meta)
    meta.line, meta.column, meta.start_pos = (words.children[1].line, words.children[1].column,
                                              words.children[1].start_pos)
    rest = Tree("words", words.children[1:], meta)
    return words.children[0], Tree(source.data, [rest, *source.children[1:]], source.meta)


def _sizes(c: Compiler, size, scope: Scope):
    """The least and the greatest number of cards of a set (None: as many as there are):
    a pair when the size is written out, else a function of (s, env) giving the pair. A set
    holds one card or more: a size of 0 or less, reckoned in play, takes no set ("0 or more":
    every set)."""
    if size is None:
        return 1, None
    if isinstance(size, Token):         # "sets of k cards": a variable, an option, a table value
        kind, nfn = "size_exactly", c.name(size, scope)[0]
    else:
        kind, node = size.data, size.children[0]
        n = c.constant(node)
        if n is not None:
            if n < 1 or n > SETS:
                c.error(size, f'a set holds from 1 card to as many as there are, not {c.source(node)}')
                return 1, None
            return {"size_exactly": (n, n), "size_or_more": (n, None), "size_or_fewer": (1, n)}[kind]
        nfn, _ = c.expect(node, scope, ("number",), "the size of a set")
    if kind == "size_or_more":
        return lambda s, env: (max(nfn(s, env) or 0, 1), None)
    if kind == "size_or_fewer":
        return lambda s, env: (1, nfn(s, env) or 0)
    return lambda s, env: (max(k := nfn(s, env) or 0, 1), k)


@register("it_set", S, "it [where CONDITION]",
          "Inside the \"where\" of \"sets of ...\": the set tried, read as cards are (\"total value of it\", "
          "\"count of it\", \"highest value of it\"); with a \"where\", those of its cards for which it holds "
          "(\"any (it where its rank = ace)\").",
          example="count of (sets of 2 cards in hand where number of different rank among it = 1)",
          params=(('CONDITION', 'condition', 'about each card of the set (optional)'),))
def _it_set(c: Compiler, tree, scope: Scope):
    if scope.it is not None and scope.it.kind not in ("cards", "any"):
        c.error(tree, f'"it" here is {scope.it.word()}, not a set of cards: "count of it", "total ... of it" and '
                      f'their kin read the set of "sets of ... where" (of a card, write "value of it")')
        return (lambda s, env: ()), ANY
    fn, t = ENTRIES["it"].compile(c, tree, scope)     # "it" as a value: what the clause is about
    clause = tree.children[0] if tree.children else None
    if clause is None:
        return (lambda s, env: fn(s, env) or ()), t
    where_fn, kept = where_clause(c, clause, scope, t)
    return (lambda s, env: kept(s, env, fn(s, env) or (), where_fn)), t


@register("choose_set", "statement", '[PLAYER] choose(s) a set [NAME] of [SIZE] SELECTOR [where CONDITION] as VAR '
                                     '["QUESTION"] [or "NONE"]',
          "A player picks one of the sets \"sets of\" takes (\"a set of\" for \"sets of\"): each set is an option "
          "labelled by the names of its cards, joined by commas, in the order of the sets, and VAR holds the "
          "cards of the set picked; sets of the same names are shown with what tells their cards apart (\"Forest "
          "(2nd in Ann's hand), Bear\"). \"up to one set\" offers none (or NONE) first. With no set, VAR is none without "
          "asking; one set is taken without asking, as one card is. The log says the cards chosen, as \"choose\" "
          "does.",
          example='choose a set of 2 cards in your hand where total value of it = 15 as pair "play a fifteen"',
          params=(('PLAYER', 'player', 'who chooses (you if omitted)'),
                  ('NAME', 'name', 'each set inside CONDITION (optional; "it" otherwise)'),
                  ('SIZE', 'size', 'as for "sets of" (optional: any size)'),
                  ('SELECTOR', 'selector', 'the cards the sets are taken of'),
                  ('CONDITION', 'condition', 'about the set (optional)'),
                  ('VAR', 'variable', 'the cards of the set picked'),
                  ('QUESTION', 'text', 'what the player is asked, in quotes (optional)'), NONE_NAMED))
def _choose_set(c: Compiler, tree, scope: Scope):
    who, quantity, one_set, var_node, question, named = tree.children
    if quantity.data not in ("one", "up_to_one"):
        c.error(quantity, 'a player chooses one set of cards: "choose a set of ..." or "choose up to one set of ..."')
    none = none_option(c, named, quantity, scope)
    pfn = asker_of(c, who, scope, "who chooses")
    sfn, _ = c.selector(one_set, scope, sets=True)
    var = str(var_node)
    ask, about = asked(c, tree, question, scope, var)
    c.bind(var_node, scope, T("cards"))
    optional = quantity.data == "up_to_one"

    @suspends
    def choose_set(s, env):
        found = sfn(s, env)
        if not found:
            env[var] = None
            return
        p = pfn(s, env)
        options = tuple([set_option(labels_for(s, cards, p.seat), cards) for cards in found])
        if optional:
            options = (none_for(none, s, env, p.seat), *options)
        elif len(options) == 1 and s.t.pack.auto_single:
            env[var] = found[0]
            log_choice(s, p.seat, about, found[0])
            return
        s.decision = decision((p.seat, ask(s, env, p), options, resume, "choice"))

    resume = _bind(var, about, none=none)
    return choose_set
