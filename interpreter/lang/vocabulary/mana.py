"""Currencies of kinds (mana of colours): costs of a kind ("pay 1 red mana") and of any
kind ("pay 2 mana"), paid from the player's pool of each kind first, then by cards that
make the kinds they are asked for.

A currency with `kinds` names each kind, with the player counter that holds it in the
pool (or none), and `makes`: the kinds a paying card can make (a value of words). Every
`pay` of such a currency in one cost is paid together, all or nothing: the cost is
offered only when the pool and the cards can pay every kind and the rest at once (a
matching of the points asked to the points there), and no card is tapped for nothing.
"""
from __future__ import annotations

from ...engine import tables
from ...engine.decisions import Decision, Option
from ...engine.knowledge import listed, say_of
from .. import fuse
from .costs import Cost, spend


class Need:
    """What one cost asks of a currency of kinds: points of each kind, and of any."""
    __slots__ = ("kinds", "generic")

    def __init__(self, kinds: dict, generic: int):
        self.kinds = kinds          # kind -> points of that kind
        self.generic = generic      # points of any kind

    def said(self, currency: str) -> str:
        """"3 mana (1 red, 1 green)": the points in all, then those of each kind."""
        parts = [f"{n} {k}" for k, n in self.kinds.items() if n > 0]
        total = self.generic + sum(self.kinds.values())
        return f"{total} {currency}" + (f" ({', '.join(parts)})" if parts else "")


def kinded_cost(currency, asks: list, text: str, uses: tuple = ()) -> Cost:
    """The one Cost of every `pay` of `currency` in a cost text; `asks` holds (kind or
    None, compiled amount) for each, `uses` what gives the cards the other costs use."""
    amounts, need = _need(asks)
    from .statements import suspends
    return Cost(_can(currency, amounts, need, uses), suspends(_pay(currency, need, uses)), text)


def _need(asks: list):
    """(amounts, need): amounts(s, env) reads every amount of the asks in one call
    (fuse.py), as a cost of every kind asks for several; need(s, env, read) their Need."""
    fns = [nfn for _, nfn in asks]
    amounts = fuse.join(lambda s, env: [f(s, env) for f in fns],
                        "(" + "".join(f"{{{i}}}, " for i in range(len(fns))) + ")", *fns)
    which = [kind for kind, _ in asks]

    def need(s, env, read=None) -> Need:
        kinds, generic = {}, 0
        for kind, n in zip(which, amounts(s, env) if read is None else read):
            if not n or n < 0:
                n = 0
            if kind is None:
                generic += n
            else:
                kinds[kind] = kinds.get(kind, 0) + n
        return Need(kinds, generic)
    return amounts, need


def _can(currency, amounts, need, uses: tuple):
    there_key = "@there:" + currency.name

    def can(s, env):
        read = amounts(s, env)
        total = 0
        for n in read:
            if n and n > 0:
                total += n
        if not total:
            return True
        # While one player's abilities are listed (the memo is that player's), what the
        # pool and the cards can pay is read once, and costs that ask the same are answered once.
        memo = env.get("@memo") if not uses else None
        there = None if memo is None else memo.get(there_key)
        if there is None:
            pool = _pool(s, env, currency)
            cards = _cards(s, env, currency, uses)
            # The pool (its empty kinds left out), the cards that can pay, every point of both,
            # and the points the cards make of each kind when each makes one kind (else None).
            there = (pool, cards, sum(pool.values()) + sum([worth for _, _, worth in cards]), _kinds_held(cards))
            if memo is not None:
                memo[there_key] = there
        pool, cards, points, held = there
        # Fewer points than the cost asks, of any kinds: no matching can pay it (the usual
        # answer for most cards of a hand).
        if points < total:
            return False
        n = need(s, env, read)
        if held is not None:
            # A pool without points leaves the Need as it is (_pool leaves out empty kinds).
            return _held_pays(_after_pool(n, pool) if pool else n, held)
        if memo is None:
            return payable(n, pool, cards)
        key = ("@can", currency.name, tuple(n.kinds.items()), n.generic)
        found = memo.get(key)
        if found is None:
            found = memo[key] = payable(n, pool, cards)
        return found
    return can


def _pay(currency, need, uses: tuple):
    """The payment: from the pool, then card by card, the player picking while there is a
    choice (the operation runs again after each pick, its progress under `partial`: the
    cards picked, and the pool and the cards that can pay as the payment began). Nothing
    changes the game between the runs of one payment (a pick that is the only one runs
    again at once, a decision resumes where it stopped, and nothing is tapped or spent
    until the last run), so the pool and the cards are read once a payment; the amounts
    are read at every run, as before."""
    partial = "@paid:" + currency.name

    def pay(s, env):
        n = need(s, env)
        if not n.generic and not any(n.kinds.values()):
            return
        kept = env.get(partial)
        if kept is None:
            picked = ()
            pool = _pool(s, env, currency)
            cards = _cards(s, env, currency, uses)
        else:
            picked, pool, cards = kept
        left = _after_pool(n, pool)
        units = [u for u in cards if u[0] in picked]
        if covers(left, units):
            env.pop(partial, None)
            _finish(s, env, currency, n, pool, left, picked, units)
            return
        last = next((i for i, u in enumerate(cards) if u[0] == picked[-1]), -1) if picked else -1
        rest = cards[last + 1:]
        offer = offered(left, units, rest)
        if not offer:
            env.pop(partial, None)
            return
        if len(offer) == 1:
            env[partial] = (picked + (offer[0][0],), pool, cards)
            s.frames[-1].pc -= 1
            return
        env[partial] = (picked, pool, cards)
        who = env["you"]
        s.decision = Decision(who.seat, f"{who.name}: pay {n.said(currency.name)} (tapped {len(picked)})",
                              tuple(Option(s.t.names[u[0]], u[0]) for u in offer), resume)

    def resume(s, x):
        frame = s.frames[-1]
        picked, pool, cards = frame.env[partial]
        frame.env[partial] = (picked + (x,), pool, cards)
        frame.pc -= 1
    return pay


# ------------------------------------------------------------------ what there is
def _pool(s, env, currency) -> dict:
    """The points of each kind in the paying player's pool, the kinds it has none of left out."""
    pv = s.pvars[env["you"].seat]
    pool = {}
    for kind, counter in currency.kinds.items():
        if counter:
            have = pv.get(counter, 0)
            if have:
                pool[kind] = have
    return pool


def _cards(s, env, currency, uses: tuple = ()) -> list:
    """(card, the kinds it makes, what it is worth) of each card that can pay, in order,
    but those the ability's other costs use (`uses`)."""
    memo = env.get("@memo")
    key = "@cards:" + currency.name
    if memo is not None and key in memo and not uses:
        return memo[key]
    used = {x for f in uses for x in f(s, env)} if uses else ()
    saved = env.get("it")
    found = []
    for x in currency.using(s, env):
        if x in used:
            continue
        env["it"] = x
        kinds = currency.makes(s, env) if currency.makes is not None else tuple(currency.kinds)
        worth = 1 if currency.worth is None else (currency.worth(s, env) or 0)
        if kinds and worth > 0:
            found.append((x, tuple(kinds) if isinstance(kinds, (tuple, list)) else (kinds,), worth))
    env["it"] = saved
    if memo is not None and not uses:
        memo[key] = found
    return found


def _after_pool(n: Need, pool: dict) -> Need:
    """What is left to pay once the pool has paid all it can: each kind from its own
    points, then the points of any kind from what the pool has left."""
    kinds = {}
    spare = 0
    for kind, have in pool.items():
        used = min(have, n.kinds.get(kind, 0))
        spare += have - used
    for kind, want in n.kinds.items():
        kinds[kind] = max(0, want - pool.get(kind, 0))
    return Need(kinds, max(0, n.generic - spare))


# ------------------------------------------------------------------ matching
def payable(n: Need, pool, units: list, used: int = 0) -> bool:
    """Whether the pool and the cards `units` can pay `n` (each card one kind it makes, as
    many points as it is worth), the first `used` cards all taking part."""
    left = _after_pool(n, pool) if pool else n
    counted = _counted(left, units, used)
    return counted if counted is not None else _match(left, units, used) is not None


def offered(n: Need, units: list, rest: list) -> list:
    """The cards of `rest` that may be picked next to pay `n` with the cards picked,
    `units`: those with which the picked, the card and the cards after it in `rest` can
    pay, each picked one and the card paying something (payable). Where every card makes
    one kind and is worth 1 (basic lands), counted in one pass from the end of `rest`,
    with the points of each kind after the card kept as it goes, rather than counted
    again for each card."""
    for _, kinds, worth in units + rest:
        if len(kinds) != 1 or worth != 1:
            return [u for i, u in enumerate(rest) if payable(n, (), units + [u] + rest[i + 1:], used=len(units) + 1)]
    picked = {}         # the points of each kind of the picked cards
    for _, kinds, _ in units:
        picked[kinds[0]] = picked.get(kinds[0], 0) + 1
    wants = n.kinds
    # The points of the picked cards beyond what their kinds are asked for, each of which
    # must pay a point of any kind (_counted's left_over), without the card offered.
    beyond = 0
    for kind, k in picked.items():
        beyond += max(0, k - wants.get(kind, 0))
    after = {}          # the points of each kind of the cards after the one offered
    found = []
    for i in range(len(rest) - 1, -1, -1):
        u = rest[i]
        kind = u[1][0]
        if n.generic >= beyond + (picked.get(kind, 0) >= wants.get(kind, 0)):
            spare = len(units) + len(rest) - i     # every point of the picked, the card and those after it
            for want_kind, want in wants.items():
                if picked.get(want_kind, 0) + after.get(want_kind, 0) + (want_kind == kind) < want:
                    break
                spare -= want
            else:
                if spare >= n.generic:
                    found.append(u)
        after[kind] = after.get(kind, 0) + 1
    found.reverse()
    return found


def _kinds_held(units: list) -> dict | None:
    """The points the cards make of each kind when each makes one kind, else None."""
    held = {}
    for _, kinds, worth in units:
        if len(kinds) != 1:
            return None
        held[kinds[0]] = held.get(kinds[0], 0) + worth
    return held


def _held_pays(n: Need, held: dict) -> bool:
    """Whether the points of each kind held (no card bound to take part) pay `n`: each
    kind's points from its own, the points of any kind from what is left."""
    spare = sum(held.values())
    for kind, want in n.kinds.items():
        if held.get(kind, 0) < want:
            return False
        spare -= want
    return spare >= n.generic


def covers(n: Need, units: list) -> bool:
    """Whether exactly these cards pay what is left (each of them needed or not)."""
    counted = _counted(n, units)
    return counted if counted is not None else _match(n, units, 0) is not None


def _counted(n: Need, units: list, used: int = 0) -> bool | None:
    """_match's answer, counted rather than matched, for cards that each make one kind:
    each kind's points from its own first cards, the points of any kind from the rest.
    With cards that must take part (the first `used`, each paying 1), those of a kind
    beyond its points pay a point of any kind each, so there must be as many of those.
    None for any other cards: then only a matching tells."""
    held = _kinds_held(units)
    if held is None:
        return None
    if not used:
        return _held_pays(n, held)
    taking = {}
    for i, (_, kinds, worth) in enumerate(units):
        if worth != 1:
            return None
        if i < used:
            taking[kinds[0]] = taking.get(kinds[0], 0) + 1
    left_over = 0
    for kind, k in taking.items():
        left_over += max(0, k - n.kinds.get(kind, 0))
    return n.generic >= left_over and _held_pays(n, held)


def _match(n: Need, units: list, used: int):
    """The kind each card pays for (a list of (card, kind, points)), or None. Every point of
    a kind is matched to a card that makes it (augmenting paths over the points); the
    points of any kind take what is left. The first `used` cards must pay something."""
    points = [k for k, want in n.kinds.items() for _ in range(want)]
    slots = [(i, kinds) for i, (_, kinds, worth) in enumerate(units) for _ in range(worth)]
    owner = [-1] * len(slots)       # slot -> the point it pays
    for p in range(len(points)):
        if not _augment(p, points, slots, owner):
            return None
    free = [j for j in range(len(slots)) if owner[j] < 0]
    if len(free) < n.generic:
        return None
    # The points of any kind from the cards that must take part first, then in order.
    must = [j for j in free if slots[j][0] < used]
    others = [j for j in free if slots[j][0] >= used]
    chosen = (must + others)[:n.generic]
    paying = {slots[j][0] for j in range(len(slots)) if owner[j] >= 0 or j in chosen}
    if any(i not in paying for i in range(used)):
        return None
    return [(j, slots[j][0], points[owner[j]] if owner[j] >= 0 else None) for j in range(len(slots))
            if owner[j] >= 0 or j in chosen]


def _augment(root: int, points: list, slots: list, owner: list) -> bool:
    """Give point `root` a slot, moving the points that hold slots it could take along a
    path to a free one (an augmenting path, looked for depth first). Without recursion:
    a path may pass through every point of a kind, and a cost of thousands of points
    would run the native engine, which has no recursion limit, out of stack."""
    seen = set()
    path = [[root, 0]]          # [point, the next slot it looks at], from the root down
    taken = []                  # the slot each point of the path but the last looks to take
    n = len(slots)
    while path:
        top = path[-1]
        p, j = top
        kind = points[p]
        while j < n and (kind not in slots[j][1] or j in seen):
            j += 1
        if j == n:
            path.pop()
            if taken:
                taken.pop()
            continue
        seen.add(j)
        top[1] = j + 1
        if owner[j] < 0:
            owner[j] = p
            for (q, _), k in zip(path, taken):
                owner[k] = q
            return True
        taken.append(j)
        path.append([owner[j], 0])
    return False


# ------------------------------------------------------------------ paying
def _finish(s, env, currency, n: Need, pool: dict, left: Need, picked: tuple, units: list) -> None:
    """Take from the pool what it pays, spend the cards picked, and put back in the pool
    what they made beyond the cost (`left`: what the pool leaves to pay)."""
    who = env["you"]
    pv = s.pvars[who.seat]
    taken = {}
    for kind, have in pool.items():
        taken[kind] = min(have, n.kinds.get(kind, 0))
    spare = n.generic - left.generic
    for kind in currency.kinds:
        if spare <= 0:
            break
        more = min(spare, pool.get(kind, 0) - taken.get(kind, 0))
        if more > 0:
            taken[kind] = taken.get(kind, 0) + more
            spare -= more
    for kind, k in taken.items():
        if k:
            tables.set_counter(s, who.seat, currency.kinds[kind], pv.get(currency.kinds[kind], 0) - k)
    if any(taken.values()) and not s.quiet:
        s.say("pay", f"{who.name} pays {Need({k: v for k, v in taken.items() if v}, 0).said(currency.name)} "
                     f"from the pool")
    if not picked:
        return
    matched = _match(left, units, 0)
    made = {}
    for j, (card, kinds, worth) in enumerate(units):
        made[card] = (kinds, worth)
    paid = {}
    for _, i, kind in matched:
        paid[units[i][0]] = paid.get(units[i][0], 0) + 1
    for card in picked:
        spend(s, currency.pay, card)
    if not s.quiet:
        say_of(s, "pay", f"{who.name} pays {left.said(currency.name)} with ", *listed(picked))
    _excess(s, who.seat, currency, made, paid, picked)


def _excess(s, seat: int, currency, made: dict, paid: dict, picked: tuple) -> None:
    """Points a card made beyond what it paid go to the pool, of its first kind."""
    for card in picked:
        kinds, worth = made[card]
        extra = worth - paid.get(card, 0)
        counter = currency.kinds.get(kinds[0]) if kinds else None
        if extra > 0 and counter:
            tables.set_counter(s, seat, counter, s.pvars[seat].get(counter, 0) + extra)
            if not s.quiet:
                s.say("pay", f"{s.t.players[seat].name} adds {extra} {kinds[0]} {currency.name} to the pool")
