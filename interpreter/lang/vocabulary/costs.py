"""Costs: what is paid to use an ability, checked before it is offered.

A cost statement compiles to a `Cost`: `can(state, env)` says whether it can be
paid now, and its operation pays it (asking the player which cards when there
is a choice).
"""
from __future__ import annotations

import itertools
from typing import Callable, NamedTuple

from ...engine import primitives, tables
from ...engine.decisions import Decision, decision, option
from ...engine.knowledge import listed, say_of
from ...engine.limits import PICKINGS
from ...engine.state import RuleError
from ...engine.wording import amount
from ...suggest import did_you_mean
from ..compiler import Compiler, Scope
from ..registry import register
from ..static_types import T, is_cardish
from .statements import _to_discard, cards_only, objects, suspends


class Cost(NamedTuple):
    can: Callable
    op: Callable
    text: str
    currency: object = None       # pay: the Currency, with `amount` the number to pay
    amount: Callable | None = None
    cards: Callable | None = None  # tap, discard, sacrifice: the cards it uses, f(state, env)
    picks: bool = False           # its cards are picked as it is paid: `cards` gives those it would take
    names: tuple = ()             # (name, T, line in the cost's text): what it binds for the ability's if and effect


@register("pay", "cost", "pay N [KIND] CURRENCY",
          "Pays N of a currency the pack declares (mana: tap N untapped Mana cards you control). "
          "The player picks which cards when more than enough could pay. For a currency of kinds, N of that kind "
          "(\"pay 1 red mana\"), or without a kind N of any kind; every pay of it in one cost is paid together.",
          params=(('N', 'number', 'how much'), ('KIND', 'kind', 'a kind of the currency (optional)'),
                  ('CURRENCY', 'currency', 'a currency the pack declares')))
def _pay(c: Compiler, tree, scope: Scope):
    amount, word, currency_word = tree.children
    kind = None
    if currency_word is not None:
        kind, word = str(word), currency_word
    word = str(word)
    nfn, _ = c.expect(amount, scope, ("number",), "the amount to pay")
    currency = c.names.currencies.get(word)
    if currency is None:
        c.error(tree.children[2 if kind else 1], f'unknown currency "{word}"{did_you_mean(word, c.names.currencies)}')
        return None
    if kind is not None and kind not in currency.kinds:
        kinds = f' (its kinds: {", ".join(currency.kinds)})' if currency.kinds else ": it has no kinds"
        c.error(tree.children[1], f'"{kind}" is not a kind of {word}{did_you_mean(kind, currency.kinds)}{kinds}')
        return None
    if currency.kinds:
        return Kinded(currency, kind, nfn)
    return pay_cost(currency, nfn, c.source(tree))


class Kinded(NamedTuple):
    """A pay of a currency of kinds: paid with the others of the same cost (mana.py)."""
    currency: object
    kind: str | None
    amount: Callable


def pay_cost(currency, nfn, text: str) -> Cost:
    if currency.counter is not None:
        return _pay_counter(currency, nfn, text)
    using = currency.using
    unreserved = _unreserved(using)
    worth = currency.worth
    how = currency.pay
    partial = "@paid:" + currency.name

    def value(s, env, x):
        if worth is None:
            return 1
        env["it"] = x
        return worth(s, env) or 0

    fixed = getattr(nfn, "const", None)
    counting = getattr(using, "count", None)

    def can(s, env):
        need = fixed if fixed is not None else nfn(s, env) or 0
        if need <= 0:
            return True
        # While the abilities a player may use are listed, the state does not change:
        # what the currency can pay is counted once for the whole list.
        # (A list is made for one player: what they can pay is keyed by currency alone.)
        memo = env.get("@memo")
        if memo is not None:
            total = memo.get(partial)
            if total is not None:
                return total >= need
        # Only a cost paid beside others reserves cards: else the selector's cards, one call
        # fewer, and only counted where each card pays 1.
        if worth is None and counting is not None and "@reserved" not in env:
            total = counting(s, env)
        else:
            pool = using(s, env) if "@reserved" not in env else unreserved(s, env)
            total = len(pool) if worth is None else sum(value(s, env, x) for x in pool)
        if memo is not None:
            memo[partial] = total
        return total >= need

    if worth is None and counting is not None:
        # The listing of moves may check it card by card without its calls (engine/state.py).
        can.threshold = (partial, counting, fixed, nfn)

    def pay(s, env):
        need = nfn(s, env) or 0
        picked = env.get(partial, ())
        got = sum(value(s, env, x) for x in picked)
        if got >= need:
            env.pop(partial, None)
            saved = env.get("it")
            spend_all(s, how, picked)
            env["it"] = saved
            if picked and not s.quiet:
                say_of(s, "pay", f"{env['you'].name} pays {amount(currency, need)} with ", *listed(picked))
            return
        pool = unreserved(s, env)
        last = pool.index(picked[-1]) if picked and picked[-1] in pool else -1
        rest = pool[last + 1:]
        # Offer only the cards after which enough is left to finish paying.
        offer = []
        for i, x in enumerate(rest):
            if got + sum(value(s, env, y) for y in rest[i:]) >= need:
                offer.append(x)
        if not offer:
            env.pop(partial, None)
            return
        env[partial] = picked
        if len(offer) == 1 or sum(value(s, env, y) for y in offer) == need - got and len(offer) == len(rest):
            env[partial] = picked + (offer[0],)
            s.frames[-1].pc -= 1
            return
        who = env["you"]
        s.decision = Decision(who.seat, f"{who.name}: pay {amount(currency, need)}{paid_for(s, env)} (paid {got})",
                              _options(s, offer), resume)

    def pay_ones(s, env):
        """Every card pays 1: the player picks cards in list order until enough."""
        need = fixed if fixed is not None else nfn(s, env) or 0
        picked = env.get(partial, ())
        if len(picked) >= need:
            env.pop(partial, None)
            spend_all(s, how, picked)
            if picked and not s.quiet:
                say_of(s, "pay", f"{env['you'].name} pays {amount(currency, need)} with ", *listed(picked))
            return
        pool = using(s, env) if "@reserved" not in env else unreserved(s, env)
        last = pool.index(picked[-1]) if picked and picked[-1] in pool else -1
        rest = pool[last + 1:]
        left = need - len(picked)
        if len(rest) < left:
            env.pop(partial, None)
            return
        offer = rest[:len(rest) - left + 1]
        if len(offer) == 1:
            env[partial] = picked + rest[:left]
            s.frames[-1].pc -= 1
            return
        env[partial] = picked
        who = env["you"]
        s.decision = decision((who.seat, f"{who.name}: pay {amount(currency, need)}{paid_for(s, env)} (paid {len(picked)})",
                               _options(s, offer), resume, "choice"))

    resume = _one_more(partial)
    return Cost(can, suspends(pay if worth is not None else pay_ones), text, currency, nfn)


def _one_more(key: str):
    """What a player's pick of one more card to pay with does: the card is added to
    those picked (under `key`), and the payment runs again."""
    def resume(s, x):
        frame = s.frames[-1]
        frame.env[key] = frame.env.get(key, ()) + (x,)
        frame.pc -= 1
    return resume


def _options(s, cards) -> tuple:
    """An option for each card, made without a named tuple's constructor (a call each)."""
    names = s.t.names
    return tuple([option((names[x], x)) for x in cards])


def _unreserved(using):
    """The cards that can pay, but those another cost of the same ability uses (`tap
    this` beside `pay 1 mana`): a cost is never paid in part, nor with a card it needs."""
    def pool(s, env):
        found = using(s, env)
        reserved = env.get("@reserved")
        return tuple(x for x in found if x not in reserved) if reserved else found
    return pool


def _pay_counter(currency, nfn, text: str) -> Cost:
    """A currency that is a player counter (mana crystals): paying lowers it."""
    counter = currency.counter

    def can(s, env):
        return s.pvars[env["you"].seat].get(counter, 0) >= (nfn(s, env) or 0)

    def pay(s, env):
        need = nfn(s, env) or 0
        if need <= 0:
            return
        seat = env["you"].seat
        tables.set_counter(s, seat, counter, s.pvars[seat].get(counter, 0) - need)
        if not s.quiet:
            s.say("pay", f"{env['you'].name} pays {amount(currency, need)}")
    return Cost(can, pay, text, currency, nfn)


def joint(costs: tuple) -> tuple:
    """An ability's costs checked together: amounts of one currency added, and cards
    that other costs tap, discard or sacrifice left out of what pays. The first cost
    carries the check (and, paying, sets aside the cards the others use); the others
    then always hold. Costs that cannot meet are left as they are."""
    pays = [c for c in costs if c.currency is not None]
    uses = [c for c in costs if c.cards is not None]
    by_currency = {}
    for c in pays:
        by_currency.setdefault(c.currency.name, []).append(c)
    cards_in = [cur for cur in by_currency if by_currency[cur][0].currency.counter is None]
    if not (any(len(v) > 1 for v in by_currency.values()) or (uses and cards_in) or len(cards_in) > 1):
        return costs
    checks = tuple(c.can for c in uses)
    groups = tuple((v[0].currency, tuple(c.amount for c in v)) for v in by_currency.values())

    def can(s, env):
        if not all(check(s, env) for check in checks):
            return False
        reserved = set()
        for c in uses:
            reserved.update(x for x in c.cards(s, env) if type(x) is int)
        for currency, amounts in groups:
            need = sum(a(s, env) or 0 for a in amounts)
            if need <= 0:
                continue
            if currency.counter is not None:
                if s.pvars[env["you"].seat].get(currency.counter, 0) < need:
                    return False
                continue
            pool = [x for x in currency.using(s, env) if x not in reserved]
            got = 0
            for x in pool:
                if got >= need:
                    break
                reserved.add(x)     # a card pays one currency only
                got += _worth(s, env, currency, x)
            if got < need:
                return False
        return True

    named = tuple(c for c in uses if not c.picks)     # the others are picked as they are paid (they reserve then)

    def reserve(s, env):
        env["@reserved"] = frozenset(x for c in named for x in c.cards(s, env) if type(x) is int)
    always = lambda s, env: True       # noqa: E731
    head = Cost(can, reserve, "(the costs together)")
    return (head, *(c._replace(can=always) for c in costs))


def _worth(s, env, currency, x) -> int:
    if currency.worth is None:
        return 1
    saved = env.get("it")
    env["it"] = x
    value = currency.worth(s, env) or 0
    env["it"] = saved
    return value


def spend_all(s, how: str, cards) -> None:
    if how == "tap":
        for x in cards:
            primitives.tap(s, x, True)
    else:
        for x in cards:
            spend(s, how, x)


def spend(s, how: str, x: int) -> None:
    """A card a currency pays with, tapped or put into its owner's discard zone. It moves
    without the pack's replacements: one may stop for a decision, and a payment (of kinds
    above all, mana.py) does not run again from midway; a cost whose cards replacements
    must see is written as a statement ("sacrifice a creature you control")."""
    if how == "tap":
        primitives.tap(s, x, True)
    else:
        zone = s.t.pack.roles["discard"]
        primitives.move(s, x, s.t.zone(zone, s.owner[x]))


def compile_costs(c: Compiler, statements, scope: Scope) -> tuple:
    """The statements of a cost text, as Cost objects."""
    costs = []
    kinded = {}         # currency -> [(kind, amount)]: paid together, in one Cost
    for st in statements:
        if st is None:
            continue
        rule = st.data
        text = c.source(st)
        if rule == "pay":
            cost = _pay(c, st, scope)
            if isinstance(cost, Kinded):
                kinded.setdefault(cost.currency.name, (cost.currency, [], []))
                kinded[cost.currency.name][1].append((cost.kind, cost.amount))
                kinded[cost.currency.name][2].append(text)
                continue
        elif rule in ("tap", "discard", "sacrifice") and st.children[0].data == "chosen":
            picking = _picking(c, st, scope, rule, text)
            if picking is not None:
                costs.append(picking)
            continue
        elif rule == "tap":
            ofn, _ = objects(c, st.children[0], scope, "tap", ("card", "cards"))
            op = c.node(st, scope)
            cost = Cost(lambda s, env, f=ofn: all(not s.tapped[x] for x in cards_only(f(s, env))), op, text, cards=ofn)
        elif rule in ("discard", "sacrifice"):
            ofn, _ = objects(c, st.children[0], scope, rule, ("card", "cards"))
            op = c.node(st, scope)
            cost = Cost(lambda s, env, f=ofn: bool(f(s, env)), op, text, cards=ofn)
        elif rule == "remove_counters":
            from .statements import _counters
            op, nfn, ofn, word = _counters(c, st, scope, -1)
            cost = Cost(lambda s, env, n=nfn, f=ofn, w=word: all(s.counters.get((x, w), 0) >= (n(s, env) or 0) for x in cards_only(f(s, env))), op, text)
        else:
            c.error(st, f'"{c.heading(st)}" cannot be a cost: a cost pays a currency, taps, discards, sacrifices or removes counters')
            continue
        if cost is not None and cost.op is not None:
            costs.append(cost)
    whole = []      # the ability's costs once made: what a card picked must leave payable
    choices = ()    # of each cost that picks its cards: (key, count, rest, wanted), for _searched
    if any(isinstance(x, Picking) for x in costs):
        currencies = [x.currency for x in costs if isinstance(x, Cost) and x.currency is not None]
        currencies += [currency for currency, _, _ in kinded.values()]
        costs, choices = _picked_first(costs, tuple(x.using for x in currencies if x.counter is None), whole)
    from .mana import kinded_cost
    # The cards the other costs tap, discard or sacrifice pay no mana of kinds.
    uses = tuple(c.cards for c in costs if c.cards is not None)
    for currency, asks, texts in kinded.values():
        costs.append(kinded_cost(currency, asks, "\n".join(texts), uses))
    made = joint(tuple(costs))
    if choices:
        made = _searched(made, choices)
    whole.append(made)
    return made


# ------------------------------------------------------------------ costs that pick their cards
@register("chosen", "cost", "sacrifice N CARDS [as NAME], discard N CARDS [as NAME], tap N CARDS [as NAME]",
          "N cards the player picks as the cost is paid (\"sacrifice a goblin creature you control\", \"discard 2 "
          "cards in your hand\", \"tap an untapped creature you control\"), each then sacrificed, discarded or tapped "
          "as the statement does (replacements and triggers apply). Offered while N cards can pay it beside the "
          "ability's other costs (for tap, untapped ones); paid before them, the player asked only when there is a choice. "
          "NAME holds the card picked (N is a, an or one) or the set of them, for the ability's if and effect "
          "(\"sacrifice a creature you control as fodder\", then \"deal (power of fodder) damage to target\"): "
          "a card sacrificed from play is read as it last was there (last known information: its power with "
          "the effects and counters it had). Only in a cost.",
          params=(("N", "number", "how many: a, an, one, a number or (a value)"),
                  ("CARDS", "selector", "the cards that may be picked"),
                  ("NAME", "variable", "what holds the cards picked (optional)")))
def _chosen(c: Compiler, tree, scope: Scope):
    # compile_costs reads the node with its statement (_picking); objects() refuses it elsewhere.
    return None


class Picking(NamedTuple):
    """A cost that picks its cards as it is paid, made into a Cost once the ability's
    other costs are known (_picked_first)."""
    count: Callable         # how many cards, f(state, env)
    found: Callable         # the cards that may be picked, in order, f(state, env)
    act: Callable           # sacrifices, discards or taps the cards under `key`: the statement's operation
    key: str                # the variable of the ability that holds the cards picked so far
    text: str
    where: object           # the cost's place, for a game stopped by a payment that cannot be made
    name: str | None        # the variable that holds them once picked ("as fodder")
    one: bool               # it picks a, an or one card: the name holds the card, not a set
    names: tuple            # Cost.names


_PICKED = itertools.count()


def _picking(c: Compiler, st, scope: Scope, rule: str, text: str) -> Picking | None:
    amount_node, selector, name = st.children[0].children
    nfn, _ = c.expect(amount_node, scope, ("number",), f"how many cards to {rule}")
    one = amount_node.data == "one"
    n = 1 if one else c.constant(amount_node)
    if n is not None and n < 1:
        c.error(amount_node, f'a cost picks at least one card to {rule}, not {n}')
    sel, t = c.selector(selector, scope)
    if not is_cardish(t):
        c.error(selector, f'{rule} needs cards, but {c.quoted(selector)} is {t.word()}')
        return None
    names = ()
    if name is not None:
        # Bound in the cost's scope here for its checks; the ability binds it for its
        # `if` and effect (packs/abilities.py), the cost being made once for every card.
        word = str(name)
        if word in scope.vars:
            c.error(name, f'"{word}" already names {scope.vars[word].word()} of this ability (a target, a choice '
                          f'it declares or what another cost picks): name the cards this cost picks otherwise')
        else:
            c.bind(name, scope, T("card" if one else "cards", t.ctypes))
            names = ((word, scope.vars[word], name.line),)
    key = f"@picked{next(_PICKED)}"
    picked = lambda s, env: env.get(key, ())      # noqa: E731
    if rule == "tap":
        def act(s, env):
            for x in picked(s, env):
                primitives.tap(s, x, True)
    else:
        face_down = rule == "discard" and st.children[1] is not None
        act = _to_discard(c, st, scope, rule, face_down, st.children[-1], ofn=picked)
        if act is None:
            return None
    tapping = rule == "tap"

    def found(s, env):
        cards = [x for x in sel(s, env) if type(x) is int and not (tapping and s.tapped[x])]
        # A card used from a hand is being played (on its way to the pile): it pays none of its own costs.
        this = env.get("this")
        if type(this) is int and this in cards and s.zone_of[this] >= 0 \
                and s.t.zone_meta[s.zone_of[this]][0].role == "hand":
            cards.remove(this)
        return cards
    return Picking(nfn, found, act, key, text, c.where(st), None if name is None else str(name), one, names)


def _picked_first(costs: list, paying: tuple, whole: list) -> list:
    """The costs, those that pick their cards made and put first: they are paid before
    the others, so that a currency pays with the cards they leave. `paying` gives the
    cards each currency of the ability could pay with, `whole` (once filled) its costs."""
    named = [x.cards for x in costs if isinstance(x, Cost) and x.cards is not None]
    pickers = [x for x in costs if isinstance(x, Picking)]
    made, choices = [], []
    for i, p in enumerate(pickers):
        others = tuple(named) + tuple(m.cards for m in made)
        later = paying + tuple(q.found for q in pickers[i + 1:])
        cost, rest, wanted = _picked(p, others, later, whole)
        made.append(cost)
        choices.append((p.key, p.count, rest, wanted))
    return made + [x for x in costs if isinstance(x, Cost)], tuple(choices)


def _picked(p: Picking, others: tuple, later: tuple, whole: list) -> tuple:
    """The Cost of `p`, what gives the cards it may pick next and what gives those a later
    cost could use: `others` give the cards the ability's other costs use (left out),
    `later` those the costs after it could use (taken last)."""
    key = p.key
    name, one = p.name, p.one

    def rest(s, env, picked: tuple) -> list:
        """The cards that may be picked next: after the last one picked (cards are picked
        in their order, so that a set of cards is picked one way only), those another cost
        uses left out."""
        cards = p.found(s, env)
        if others:
            used = {x for f in others for x in f(s, env)}
            cards = [x for x in cards if x not in used]
        if picked:
            cards = cards[cards.index(picked[-1]) + 1:] if picked[-1] in cards else \
                [x for x in cards if x not in picked]
        return cards

    def take(s, env):
        """The cards the cost takes: those picked so far, then the first of the rest that
        no later cost could use, then the others; None when there are too few."""
        picked = env.get(key, ())
        left = (p.count(s, env) or 0) - len(picked)
        if left <= 0:
            return picked
        cards = rest(s, env, picked)
        if len(cards) < left:
            return None
        if later and len(cards) > left:
            contested = wanted(s, env)
            cards = [x for x in cards if x not in contested] + [x for x in cards if x in contested]
        return picked + tuple(cards[:left])

    def wanted(s, env) -> set:
        """The cards the costs after it could use."""
        return {x for f in later for x in f(s, env)}

    def can(s, env):
        return take(s, env) is not None

    def cards(s, env):
        return take(s, env) or ()

    @suspends
    def pay(s, env):
        picked = env.get(key, ())
        if len(picked) >= (p.count(s, env) or 0):
            # Every card picked: none pays another cost. The statement's operation may run
            # again (a replacement's effect runs first), with the same cards.
            if picked:
                env["@reserved"] = env.get("@reserved", frozenset()).union(picked)
            if name is not None:
                env[name] = (picked[0] if picked else None) if one else picked
                if picked:
                    # The objects picked, as they were before they are sacrificed (engine/lastknown.py:
                    # one card, or each of a set); kept if the operation runs again once they have moved.
                    env.setdefault("@" + name, (picked[0], s.moves[picked[0]]) if one
                                   else {x: s.moves[x] for x in picked})
            p.act(s, env)
            return
        # Offered: the cards with which the whole of the ability's costs can still be paid.
        offer = []
        for x in rest(s, env, picked):
            env[key] = picked + (x,)
            if all(cost.can(s, env) for cost in whole[0]):
                offer.append(x)
        env[key] = picked
        if not offer:
            raise RuleError(f'"{p.text}" cannot be paid: the cards it was offered for are gone', p.where)
        if len(offer) == 1:
            env[key] = picked + (offer[0],)
            s.frames[-1].pc -= 1
            return
        who = env["you"]
        need = p.count(s, env) or 0
        said = f" ({len(picked)} of {need} picked)" if need > 1 else ""
        s.decision = decision((who.seat, f"{who.name}: {p.text}{paid_for(s, env)}{said}",
                               _options(s, offer), resume, "choice"))

    resume = _one_more(key)
    return Cost(can, pay, p.text, cards=cards, picks=True, names=p.names), rest, wanted


def _searched(costs: tuple, choices: tuple) -> tuple:
    """The costs, checked as a whole by their first: when the cards the costs that pick
    would take first (_picked's take) leave another cost unpaid, the other cards they
    could pick are tried (a creature to sacrifice that is the only Goblin a later
    "sacrifice a goblin" could take). Only the cards a later cost could use are tried in
    turn: one no later cost can use is as good as any other. The search runs only when
    the first try fails."""
    checks = tuple(c.can for c in costs)

    def tried(s, env, i: int, budget: list) -> bool:
        if i == len(choices):
            # Each way of picking is a try; the ways grow as a binomial ("sacrifice 8
            # creatures" beside "pay 30 souls" with 30 creatures: millions).
            budget[0] -= 1
            return budget[0] >= 0 and all(check(s, env) for check in checks)
        key, count, rest, wanted = choices[i]
        picked = env.get(key, ())
        left = (count(s, env) or 0) - len(picked)
        if left <= 0:
            return tried(s, env, i + 1, budget)
        cards = rest(s, env, picked)
        contested = wanted(s, env)
        free = tuple(x for x in cards if x not in contested)[:left]
        try:
            for more in itertools.combinations([x for x in cards if x in contested], left - len(free)):
                env[key] = picked + free + more
                if tried(s, env, i + 1, budget):
                    return True
                if budget[0] < 0:
                    return False
        finally:
            env[key] = picked
        return False

    def can(s, env):
        return all(check(s, env) for check in checks) or tried(s, env, 0, [PICKINGS])
    always = lambda s, env: True       # noqa: E731
    return (costs[0]._replace(can=can), *(c._replace(can=always) for c in costs[1:]))


def paid_for(s, env) -> str:
    """" for Fire Drake": the card a payment is for, which may have left the
    board while it is paid for (put on the pile), so that the player still sees it."""
    this = env.get("this")
    return f" for {s.t.names[this]}" if type(this) is int else ""
