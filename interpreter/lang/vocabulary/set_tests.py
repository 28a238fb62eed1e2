"""What a condition about a set of cards ("it" in "sets of ... where") says of larger sets:
tests that, false of a set, are false of every set that holds it. "number of different
rank among it = 1" is false of a set of two ranks whatever cards are added to it, so
"sets of ... where" (subsets.py) grows its sets card by card and grows none such a test
is false of, instead of trying every set: of the 968 sets of 3 or more of a hand of ten,
a condition of melds leaves some dozens to try.

A condition carries them as its `ways`: the ways a set may hold it, each the tests a set
must pass at once. A test is (kind, read, bound), `read(s, env, card)` reading the value
of a property one card holds as "number of different" reads it:
- MOST: at most `bound` different values of `read` among the cards; of at most one,
  the sets are grown among the cards alike (and those that hold none) alone;
- DISTINCT: no two cards alike in `read`, and each holding a value;
- SIZE: at most `bound` cards;
- TEST: `read` is a condition of the set "it" itself, true of every part of a set it
  is true of.
The values of the cards are read once for a whole growing, so that the first three cost
no call of the condition's parts. The tests are known as the condition is compiled:
- "count of it" and "number of different P among it" only grow as cards are added
  (`measure`); such a number compared "<", "<=" or "=" with a number written out is at
  most that number in every set it holds of (`compared`);
- "number of different P among it = count of it": no two cards alike, P a property of
  one value a card;
- a set holds "A and B" in a way of A and a way of B at once, "A or B" in a way of
  either, where both have ways (`joined`). Nothing else has any: its sets are all tried.
"""
from __future__ import annotations

from itertools import combinations
from math import comb

SIZE, DIFFERENT, DIFFERENT_WORDS = "size", "different", "different words"   # what a number of a set counts
MOST, DISTINCT, TEST = "most", "distinct", "test"                           # the kinds of tests, with SIZE
MOST_WAYS = 8       # a condition of more ways has none: every set is tried


def measure(fn, kind: str, read=None):
    """`fn`, a number of the set "it" that does not shrink as cards are added to it: its
    `kind` is SIZE, DIFFERENT (of a property of one value a card, which `read(s, env,
    card)` reads) or DIFFERENT_WORDS."""
    fn.of_set = kind
    fn.read_one = read
    return fn


def compared(fn, op: str, a, b, k):
    """`fn`, which compares `a` with `b` by `op` (`k`: b's value where it is written
    out), with its ways where it has them."""
    kind = getattr(a, "of_set", None)
    if kind is None:
        return fn
    if k is not None and op in ("<", "<=", "="):
        most = k - 1 if op == "<" else k
        if kind == DIFFERENT_WORDS:
            test = (TEST, fn if op != "=" else lambda s, env: (a(s, env) or 0) <= k, None)
        else:
            test = (SIZE, None, most) if kind == SIZE else (MOST, a.read_one, most)
        fn.ways = ((test,),)
    elif op == "=" and kind == DIFFERENT and getattr(b, "of_set", None) == SIZE:
        fn.ways = (((DISTINCT, a.read_one, None),),)
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


# ------------------------------------------------------------------ the sets grown

def grown(cards: tuple, sizes: range, ways: tuple, holds_of, values_of) -> list:
    """The sets of `cards` of `sizes` that may hold a condition of `ways`, each as the
    places of its cards in `cards`, in the order of the sets (fewer cards first, then as
    a dictionary orders words). `holds_of(test)` tells whether a set of cards passes a
    TEST; `values_of(read)` is the value each card holds."""
    found = set()
    for way in ways:
        values = {read: values_of(read) for kind, read, _ in way if kind in (MOST, DISTINCT)}
        alike_in = next((read for kind, read, bound in way if kind == MOST and bound == 1), None)
        tests = [t for t in way if not (t[0] == MOST and t[2] == 1 and t[1] is alike_in)]
        holds = _holds(tests, values, holds_of, cards) if tests else None
        for places in ([range(len(cards))] if alike_in is None else alike(values[alike_in])):
            found.update(grown_of(places, sizes, holds))
    return sorted(found, key=lambda at: (len(at), at))


def _holds(tests: list, values: dict, holds_of, cards: tuple):
    """Whether the set of the cards at places `at` passes every test."""
    called = {read: holds_of(read) for kind, read, _ in tests if kind == TEST}

    def holds(at: tuple) -> bool:
        for kind, read, bound in tests:
            if kind == SIZE:
                if len(at) > bound:
                    return False
            elif kind == MOST:
                held = values[read]
                if len({held[i] for i in at} - {None}) > bound:
                    return False
            elif kind == DISTINCT:
                held = values[read]
                seen = {held[i] for i in at}
                if None in seen or len(seen) < len(at):
                    return False
            elif not called[read](tuple(cards[i] for i in at)):
                return False
        return True
    return holds


def grown_of(places, sizes: range, holds) -> list:
    """The sets of the cards at `places` of `sizes` for which `holds` holds (false of a
    set, false of every set that holds it; None: of every set), as places: grown card by
    card from the empty set, none grown that `holds` is false of."""
    found = []
    if not sizes:
        return found
    if holds is None:
        return [at for k in sizes for at in combinations(places, k)]
    low, high = sizes[0], sizes[-1]

    def grow(start: int, chosen: tuple) -> None:
        for j in range(start, len(places)):
            at = chosen + (places[j],)
            if holds(at):
                if len(at) >= low:
                    found.append(at)
                if len(at) < high:
                    grow(j + 1, at)
    grow(0, ())
    return found


def alike(values: list) -> list:
    """The places of the cards alike in a property, whose `values` they hold, a list for
    each value, with the cards that hold none, which a set of alike cards may hold too
    ("number of different" counts no value of them)."""
    by, loose = {}, []
    for i, v in enumerate(values):
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
