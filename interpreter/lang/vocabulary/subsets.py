"""Sets of cards: every set of the cards a selector picks, each a value of its own ("count
of (sets of cards in hand where total value of it = 15)"), and "it" read as the set tried.

The sets are made as they are tried, never more than limits.SETS at once, and only in a
text that takes them: a pack that does not pays nothing for them. "any", "no" and "first
of" make them only up to the first that holds (the selector's `exists` and `first`).
"""
from __future__ import annotations

from itertools import combinations
from math import comb

from ...engine.limits import SETS, count
from ...engine.script import of_card, step_on
from ...engine.state import RuleError
from ..compiler import Compiler, Scope, literal
from ..registry import ENTRIES, register
from ..static_types import ANY, T
from .selectors import where_clause

S = "selector"


@register("card_sets", S, "sets [NAME] of [SIZE] SELECTOR [where CONDITION]",
          "Every set of one card or more of the cards the selector picks, each a set of cards: its \"where\" is "
          "about the set (\"it\", or NAME), read as cards are (\"total value of it\", \"count of it\", \"number of "
          "different suit among it\"). SIZE keeps sets of N cards, N or more, or N or fewer. The sets of fewer "
          "cards come first; those of one size in the order of the selector's cards, as a dictionary orders "
          f"words (the first card with each later one, then the second...). At most {count(SETS)} sets are taken "
          "at once (every set of 16 cards); a game that would take more stops with an error naming the text. "
          "\"count of\", \"any\", \"no\", \"first of\", \"last of\", \"for each\" and \"let ... be all\" read them; "
          "\"any\", \"no\" and \"first of\" stop at the first set that holds, "
          "unless the \"where\" draws a random number, which is drawn for every set.",
          example="count of (sets of cards in hand where total value of it = 15)",
          params=(('NAME', 'name', 'each set inside CONDITION (optional; "it" otherwise)'),
                  ('SIZE', 'size', 'N, N or more, N or fewer (optional: any size)'),
                  ('SELECTOR', 'selector', 'the cards the sets are taken of'),
                  ('CONDITION', 'condition', 'about the set (optional)')))
def _card_sets(c: Compiler, tree, scope: Scope):
    named, size, source, *rest = tree.children
    clause = rest[0] if rest else None
    sfn, t = c.selector(source, scope)
    if t.kind not in ("cards", "any"):
        c.error(source, f'"sets of" takes sets of cards, and "{c.source(source)}" picks {t.word()}')
    low, high = _sizes(c, size)
    where = c.where(tree)
    where_fn = kept = None
    was_drawn, c.drawn = c.drawn, False
    if clause is not None:
        where_fn, kept = where_clause(c, clause, scope, T("sets"), named, "sets", "set")
    elif named is not None:
        c.error(named, f'"{named}" after "sets" would name each set inside a "where" clause, and there is none')
    draws, c.drawn = c.drawn, was_drawn or c.drawn

    def taken(s, env):
        """The cards the sets are taken of, and the sizes of the sets, once their number
        is known to be within the limit (counted before any set is made)."""
        cards = sfn(s, env)
        n = len(cards)
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

    def sets(s, env):
        cards, sizes, many = taken(s, env)
        step_on(s, many, env, where)    # each set tried is a round of a loop: nested ones are bounded too
        made = (found for k in sizes for found in combinations(cards, k))
        return tuple(made) if where_fn is None else kept(s, env, made, where_fn)

    def first(s, env):
        """The first set for which the "where" holds, or None: the sets after it are
        neither made nor tried, nor counted as steps."""
        cards, sizes, _ = taken(s, env)
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


def _sizes(c: Compiler, size) -> tuple[int, int | None]:
    """The least and the greatest number of cards of a set (None: as many as there are)."""
    if size is None:
        return 1, None
    n = literal(size.children[0])
    if n is None or n < 1 or n > SETS:
        c.error(size, f'a set holds from 1 card to as many as there are, not {size.children[0]}')
        return 1, None
    return {"size_exactly": (n, n), "size_or_more": (n, None), "size_or_fewer": (1, n)}[size.data]


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
