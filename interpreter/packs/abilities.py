"""Abilities, compiled: those of card types (the `card_types` section) and of cards and
families (card files). Each is checked where it is written: its zone, its condition,
its targets, its cost, its trigger and its effect."""
from __future__ import annotations

from ..engine.model import Ability
from ..engine.replacements import targetable
from ..lang.compiler import Scope
from ..lang.static_types import T, single
from ..lang.vocabulary import compile_costs, pay_cost
from .build import Build


def type_abilities(b: Build, types_raw: dict) -> dict:
    """The abilities of each card type, by type."""
    out = {}
    for tname, raw in types_raw.items():
        made = (ability(b, ab_raw, tname, T("card", frozenset([tname])), b.loaded)
                for ab_raw in raw.get("abilities", []) or [])
        out[tname] = tuple(ab for ab in made if ab is not None)
    return out


def ability(b: Build, raw, owner_name: str, this_type: T, lo) -> Ability | None:
    """One ability of `owner_name` (a card, family or card type) read from the file `lo`;
    None when its zone is unknown (the rest of it is checked all the same). Its condition
    holds alike for every card (when_shared) when it does not read "this"; each target is
    a name in the scope of what follows it."""
    names = b.names
    zones = names.zones
    zone = raw.get("from", names.roles.get("play", "play"))
    if zone not in zones:
        b.at(lo, raw, "from", f'unknown zone "{zone}"{b.decls.near("zone", zone)}')
    scope = Scope({}, this=this_type)
    when, when_shared = None, False
    if "when" in raw:
        b.comp.used_this = False
        res = b.compile(lo, raw, "when", "condition", scope.child())
        if res and res[1].kind not in ("bool", "any"):
            b.at(lo, raw, "when", f'"when" must be a condition, but "{raw["when"]}" is {res[1].word()}')
        when, when_shared = (res[0] if res else None), not b.comp.used_this
    targets = []
    for tname, text in (raw.get("targets") or {}).items():
        res = b.compile(lo, raw["targets"], tname, "targets", scope.child())
        if res:
            fn, t = res
            if b.restricted:
                fn = targetable(fn, b.restricted)
            targets.append((tname, fn, str(text)))
            problem = b.comp.hides(tname)
            if problem:
                b.at_key(lo, raw["targets"], tname, problem)
            scope.vars[tname] = single(t)
    costs = _costs(b, raw, scope, lo) if "cost" in raw else ()
    trigger = b.compile(lo, raw, "trigger", "trigger", scope.child()) if "trigger" in raw else None
    effect = b.compile(lo, raw, "effect", "script", scope.child())
    b.flush()
    if zone not in zones:
        return None
    ab = Ability(raw["name"], owner_name, zone, when, tuple(costs), tuple(targets), effect or (),
                 bool(raw.get("pile", True)), text=raw.get("text", ""), pay_ops=tuple(c.op for c in costs),
                 trigger=trigger, source=b.source(lo, raw, "trigger") if trigger is not None else None,
                 # Conditions that do not read "this" hold alike for every card: listing a
                 # player's moves tests each text once (the key), whichever abilities share it.
                 when_shared="when:" + str(raw["when"]) if when_shared else None)
    b.abilities.append(ab)
    return ab


def _costs(b: Build, raw, scope: Scope, lo) -> tuple:
    """The ability's costs. They repeat from card to card: each is made once for the
    scope it is in."""
    cost = raw.get("cost")
    known = b.known_costs
    key = (cost, scope.signature()) if isinstance(cost, (int, str)) and not isinstance(cost, bool) else None
    if key in known:
        return known[key]
    if isinstance(cost, bool):
        b.at(lo, raw, "cost", "a cost is a number or a text such as \"pay 2 mana\"")
    elif isinstance(cost, int):
        currencies = b.names.currencies
        if len(currencies) != 1:
            b.at(lo, raw, "cost", "a cost given as a number needs exactly one currency in the pack")
        elif cost > 0:
            default = next(iter(currencies.values()))
            known[key] = (pay_cost(default, lambda s, env, n=cost: n, f"pay {cost} {default.name}"),)
            return known[key]
    elif isinstance(cost, str):
        return _cost_text(b, raw, scope, lo, known, key)
    return ()


def _cost_text(b: Build, raw, scope: Scope, lo, known: dict, key) -> tuple:
    tree = b.parse(lo, raw, "cost", "script")
    if tree is None:
        return ()
    comp = b.comp
    comp.snippet = b.snippet(lo, raw, "cost")
    before = len(comp.problems)
    costs = ()
    try:
        costs = compile_costs(comp, tree.children, scope.child(mode="cost"))
    except RecursionError:
        comp.too_deep(comp.snippet)
    if len(comp.problems) == before:
        known[key] = costs
    return costs
