"""What a condition about a set of cards ("it" in "sets of ... where") says of larger sets:
tests that, false of a set, are false of every set that holds it. "number of different
rank among it = 1" is false of a set of two ranks whatever cards are added to it, so
"sets of ... where" (subsets.py) grows its sets card by card and grows none such a test
is false of, instead of trying every set: of the 968 sets of 3 or more of a hand of ten,
a condition of melds leaves some dozens to try.

A condition carries them as its `ways`: the ways a set may hold it, each the tests a set
must pass at once, each test (true of every part of a set it is true of) with, where it
holds of the cards alike in a property and of those alone ("number of different suit
among it = 1"), what reads that property of cards (`values`, as "number of different"
reads it): only cards alike are then grown together, and that test is not made. They
are known as the condition is compiled, from its parts:
- "count of it" and "number of different P among it" only grow as cards are added
  (`measure`); such a number compared "<", "<=" or "=" with a number written out is at
  most that number in every set it holds of (`compared`);
- "number of different P among it = count of it" (no two cards alike) holds of every
  part of a set it holds of, P a property of one value a card;
- a set holds "A and B" in a way of A and a way of B at once, "A or B" in a way of
  either, where both have ways (`joined`). Nothing else has any: its sets are all tried.
"""
from __future__ import annotations

from itertools import combinations
from math import comb

SIZE, DIFFERENT, DIFFERENT_WORDS = "size", "different", "different words"
MOST_WAYS = 8       # a condition of more ways has none: every set is tried


def measure(fn, kind: str, values=None):
    """`fn`, a number of the set "it" that does not shrink as cards are added to it: its
    `kind` is SIZE, DIFFERENT (of a property of one value a card) or DIFFERENT_WORDS;
    `values(s, env, cards)`: the values of the property the cards hold, for DIFFERENT."""
    fn.of_set = kind
    fn.values = values
    return fn


def compared(fn, op: str, a, b, k):
    """`fn`, which compares `a` with `b` by `op` (`k`: b's value where it is written
    out), with its ways where it has them."""
    kind = getattr(a, "of_set", None)
    if kind is None:
        return fn
    if k is not None and op in ("<", "<=", "="):
        most = k - 1 if op == "<" else k
        test = fn if op != "=" else lambda s, env: (a(s, env) or 0) <= k
        fn.ways = (((test, a.values if kind == DIFFERENT and most == 1 else None),),)
    elif op == "=" and kind == DIFFERENT and getattr(b, "of_set", None) == SIZE:
        fn.ways = (((fn, None),),)
    return fn


def joined(fn, parts: list, every: bool):
    """`fn`, the parts joined by "and" (`every`) or "or", with its ways where it has them."""
    ways = [getattr(p, "ways", None) for p in parts]
    if every:
        found = ((),)
        for part in (w for w in ways if w is not None):
            found = tuple(x + y for x in found for y in part)
        if found[0] and len(found) <= MOST_WAYS:
            fn.ways = found
    elif None not in ways and sum(len(w) for w in ways) <= MOST_WAYS:
        fn.ways = tuple(way for part in ways for way in part)
    return fn


def every(tests: list):
    """One test of all of `tests`, or None where there is none."""
    if len(tests) < 2:
        return tests[0] if tests else None
    if len(tests) == 2:         # the common case, without a generator's frame
        a, b = tests
        return lambda s, env: a(s, env) and b(s, env)
    return lambda s, env: all(t(s, env) for t in tests)


# ------------------------------------------------------------------ the sets grown

def grown(cards: tuple, sizes: range, ways: tuple, holds_of, value_of) -> list:
    """The sets of `cards` of `sizes` that may hold a condition of `ways`, each as the
    places of its cards in `cards`, in the order of the sets (fewer cards first, then as
    a dictionary orders words). `holds_of(test)` tells whether a set passes a test,
    `value_of(values)` reads a card's value of a property."""
    found = set()
    for way in ways:
        values = next((values for _, values in way if values is not None), None)
        test = every([test for test, v in way if v is not values or values is None])
        holds = None if test is None else holds_of(test)
        for places in ([range(len(cards))] if values is None else alike(cards, value_of(values))):
            found.update(grown_of(cards, places, sizes, holds))
    return sorted(found, key=lambda at: (len(at), at))


def grown_of(cards: tuple, places, sizes: range, holds) -> list:
    """The sets of the cards at `places` of `sizes` for which `holds` holds (false of a
    set, false of every set that holds it; None: of every set), as places: grown card by
    card from the empty set, none grown that `holds` is false of."""
    found = []
    if not sizes:
        return found
    if holds is None:
        return [at for k in sizes for at in combinations(places, k)]
    low, high = sizes[0], sizes[-1]

    def grow(start: int, at: tuple, chosen: tuple) -> None:
        for j in range(start, len(places)):
            i = places[j]
            tried = chosen + (cards[i],)
            if holds(tried):
                if len(tried) >= low:
                    found.append(at + (i,))
                if len(tried) < high:
                    grow(j + 1, at + (i,), tried)
    grow(0, (), ())
    return found


def alike(cards: tuple, value) -> list:
    """The places of the cards alike in a property (`value` reads a card's), a list for
    each value held, with the cards that hold none, which a set of alike cards may hold
    too ("number of different" counts no value of them)."""
    by, loose = {}, []
    for i, card in enumerate(cards):
        v = value(card)
        if v is None:
            loose.append(i)
        else:
            by.setdefault(v, []).append(i)
    if not by:
        return [loose]
    return [sorted(places + loose) for places in by.values()]


def place(n: int, sizes: range, at: tuple) -> int:
    """Where the set of the cards at places `at` comes among every set of `sizes` of `n`
    cards, in their order (1: the first)."""
    k = len(at)
    before = sum(comb(n, j) for j in sizes if j < k)
    last = -1
    for left, i in zip(range(k, 0, -1), at):
        before += sum(comb(n - j - 1, left - 1) for j in range(last + 1, i))
        last = i
    return before + 1
