"""Abilities, compiled: those of card types (the `card_types` section) and of cards and
families (card files). Each is checked where it is written: its zone, its condition,
its targets, its cost, its trigger and its effect."""
from __future__ import annotations

from ..engine.model import Ability
from ..engine.replacements import targetable
from ..lang import dsl, fuse
from ..lang.compiler import Scope, _const
from ..lang.registry import ENTRIES
from ..lang.static_types import T, single
from ..lang.vocabulary import compile_costs, pay_cost
from ..lang.vocabulary.offered import PUBLIC, public_only
from .build import Build
from .replacing import replacement


def type_abilities(b: Build, types_raw: dict) -> dict:
    """The abilities of each card type, by type."""
    out = {}
    for tname, raw in types_raw.items():
        made = (ability(b, ab_raw, tname, T("card", frozenset([tname])), b.loaded)
                for ab_raw in raw.get("abilities", []) or [])
        out[tname] = tuple(ab for ab in made if ab is not None)
    return out


def player_abilities(b: Build) -> tuple:
    """The abilities every player has, not on a card (a hero power, a draw instead of a
    play): written like a card's, without `from` and without "this"."""
    made = []
    for raw in b.d.get("player_abilities") or []:
        ab = ability(b, raw, "", None, b.loaded)
        if ab is not None:
            made.append(ab)
    return tuple(made)


def ability(b: Build, raw, owner_name: str, this_type: T | None, lo) -> Ability | None:
    """One ability of `owner_name` (a card, family or card type) read from the file `lo`;
    None when its zone is unknown (the rest of it is checked all the same). Its condition
    holds alike for every card (when_shared) when it does not read "this"; each target is
    a name in the scope of what follows it."""
    names = b.names
    zones = names.zones
    mine = this_type is None            # a player's own ability: in no zone
    zone = "" if mine else raw.get("from", names.roles.get("play", "play"))
    if zone not in zones and not mine:
        b.at(lo, raw, "from", f'unknown zone "{zone}"{b.decls.near("zone", zone)}')
    scope = Scope({}, this=this_type)
    if "static" in raw:
        return _static_noting_reads(b, raw, owner_name, zone, scope, lo)
    if "replace" in raw:
        return _replace(b, raw, owner_name, zone, this_type, lo)
    triggered = "trigger" in raw
    b.comp.unbound = _named_by_cost(raw.get("cost"), triggered)     # (_paid_then_checked)
    declared = raw.get("targets")     # "target" misread is told how to write it (Compiler.untargeted)
    b.comp.targets = {str(k): str(v) for k, v in declared.items()} if isinstance(declared, dict) else {}
    trigger = _trigger(b, raw, zone, scope, lo) if triggered else None
    back = _looks_back(zone, names)
    scope.looks_back = back if triggered else ""    # (another's `when` and targets: as it is offered)
    when, when_shared = None, False
    if "when" in raw:
        b.comp.used_this = False
        when = _condition(b, raw, "when", scope, lo)
        when_shared = not b.comp.used_this
    declare = _declare(b, raw, scope, lo) if "declare" in raw else ()
    targets = _targets(b, raw, scope, lo)
    # A target named by a word of the language is refused where it is named, not again where read.
    b.comp.refused = frozenset(filter(b.comp.language_word, b.comp.targets))
    scope.looks_back = back         # its `if` and effect: what they name may leave meanwhile
    costs, check = _paid_then_checked(b, raw, scope, lo, triggered)
    effect = b.compile(lo, raw, "effect", "script", scope.child())
    b.comp.targets = None
    b.comp.refused = frozenset()
    b.flush()
    if zone not in zones and not mine:
        return None
    pile = _on_pile(b, raw, lo)
    ab = Ability(raw["name"], owner_name, zone, when, tuple(costs), tuple(targets), effect or (),
                 pile, text=raw.get("text", ""), prompt=raw.get("prompt", ""),
                 pay_ops=tuple(c.op for c in costs),
                 trigger=trigger, source=b.source(lo, raw, "trigger") if trigger is not None else None,
                 # Conditions that do not read "this" hold alike for every card: listing a
                 # player's moves tests each text once (the key), whichever abilities share it.
                 when_shared="when:" + str(raw["when"]) if when_shared else None,
                 when_listed=fuse.known_this(when) if when is not None and not when_shared and not mine else None,
                 check=check, check_text=" ".join(str(raw["if"]).split()) if check is not None else "",
                 declare=declare, declare_at=b.source(lo, raw, "declare") if declare else None,
                 card_on_pile=_card_on_pile(b, raw, lo, mine, pile), at=b.source(lo, raw, "name"))
    if not mine:
        b.abilities.append(ab)
    return ab


def _targets(b: Build, raw, scope: Scope, lo) -> list:
    """The ability's targets, (name, selector, its text) each, compiled in order: each
    is a name in the scope of what follows it."""
    targets = []
    for tname, text in (raw.get("targets") or {}).items():
        with b.comp.noting() as read:
            res = b.compile(lo, raw["targets"], tname, "targets", scope.child())
        if res:
            fn, t = res
            if b.restricted:
                fn = targetable(fn, b.restricted)
            # Targets of public zones are offered by name (lang/vocabulary/offered.py).
            targets.append((tname, fn, str(text), PUBLIC if public_only(b.comp, read) else None))
            problem = b.comp.hides(tname)
            if problem:
                b.at_key(lo, raw["targets"], tname, problem)
            scope.vars[tname] = single(t)
    return targets


def _looks_back(zone: str, names) -> str:
    """What an ability's texts read as it was of a card that has left play (Scope.looks_back,
    engine/lastknown.py): its own card too where it is used or fires from play ("this"),
    else what they name ("named"). Its `if` and effect, which may run once that card has
    left; and a triggered ability's `when` and targets, read once its event has happened."""
    return "this" if zone == names.roles.get("play") else "named"


def _paid_then_checked(b: Build, raw, scope: Scope, lo, triggered: bool) -> tuple:
    """The ability's costs and its `if`. What a cost picks ("as fodder") is known once it
    is paid, after the ability is offered and its targets chosen: the texts read before
    cannot read it (Compiler.unbound, set from _named_by_cost), nor a triggered ability's
    `if`, checked as it fires too; the others (`if`, effect) can."""
    costs = _costs(b, raw, scope, lo) if "cost" in raw else ()
    if not triggered:
        _bind_picked(b, raw, lo, costs, scope)
    check = _condition(b, raw, "if", scope, lo) if "if" in raw else None
    if triggered:
        _bind_picked(b, raw, lo, costs, scope)
    b.comp.unbound = {}
    return costs, check


def _named_by_cost(cost, triggered: bool) -> dict:
    """The names the cost gives what it picks ("sacrifice a creature you control as
    fodder"), each with why a text read before the cost is paid cannot read it."""
    if not isinstance(cost, str) or "as" not in cost.split():
        return {}
    try:
        tree = dsl.parse(cost, "script")
    except dsl.DslSyntaxError:
        return {}       # said where the cost is compiled
    lines = cost.splitlines()
    after = 'fires and its targets are chosen: only its effect can read it (its "if" is checked as it fires, ' \
        'too)' if triggered else 'is offered and its targets are chosen: only its "if" and effect can read it'
    named = {}
    for node in tree.find_data("chosen"):
        name = node.children[2]
        if name is not None:
            named[str(name)] = (f'"{name}" names what the cost picks ("{lines[node.meta.line - 1].strip()}"), '
                                f'known once the cost is paid, after the ability {after}')
    return named


def _bind_picked(b: Build, raw, lo, costs: tuple, scope: Scope) -> None:
    """The names the costs give the cards they pick, bound for what follows. A cost text
    is made once for every card that has it (_costs): the names come with it."""
    for cost in costs:
        for word, t, line in cost.names:
            scope.vars[word] = t
            scope.lines[word] = b.snippet(lo, raw, "cost").position(line, 1)[0]


def _trigger(b: Build, raw, zone: str, scope: Scope, lo):
    """A triggered ability's trigger. Its texts may read the event that sets it off ("that
    creature's controller"); of a trigger with a mistake, what they read is not known (nor told)."""
    trigger = b.compile(lo, raw, "trigger", "trigger", scope.child())
    scope.event = (trigger.event, trigger.types) if trigger is not None else (None, None)
    if trigger is not None and trigger.event == "state":
        b.comp.state_reads.add(f"zone:{zone}")      # it is looked at only while its card is there
    return trigger


def _static_noting_reads(b: Build, raw, owner_name: str, zone: str, scope: Scope, lo) -> Ability | None:
    """_static, with its condition, noting whether it reads the phase, step, window or
    pile (Pack.statics_timed: the view is then made again as they change), or whether a
    card is tapped (Compiler.kept_in_view)."""
    with b.comp.noting() as read:
        ab = _static(b, raw, owner_name, zone, scope, lo, _condition(b, raw, "when", scope, lo) if "when" in raw else None)
    b.comp.statics_timed = b.comp.statics_timed or any(r.startswith("time:") for r in read)
    b.comp.kept_in_view(read)
    # Its card coming into the zone it works from, or leaving it, changes what it does.
    b.comp.static_reads |= read | {f"zone:{zone}"}
    return ab


def _static(b: Build, raw, owner_name: str, zone: str, scope: Scope, lo, when) -> Ability | None:
    """A static ability: while its card is in its zone (and its `when` holds), its effect
    applies to what its selector picks ("it" in the effect), in layers (engine/layers.py)."""
    for key in ("trigger", "cost", "targets", "pile"):
        if key in raw:
            b.at_key(lo, raw, key, f'a static ability is not used nor set off: it has no "{key}" (its effect applies '
                                   f'while its card is in its zone)')
    affected = b.compile(lo, raw, "static", "targets", scope.child())
    it = single(affected[1]) if affected else T("card")
    effect = b.compile(lo, raw, "effect", "script", scope.child(mode="static", it=it))
    b.comp.layered = True
    b.flush()
    if affected is None or effect is None or zone not in b.names.zones:
        return None
    layers = {}
    for op in effect:
        layers.setdefault(op.layer, []).append(op)
    ab = Ability(raw["name"], owner_name, zone, when, (), (), effect, False, text=raw.get("text", ""),
                 source=b.source(lo, raw, "static"), static=affected[0],
                 layers={k: tuple(v) for k, v in layers.items()}, at=b.source(lo, raw, "name"))
    b.abilities.append(ab)
    return ab


def _replace(b: Build, raw, owner_name: str, zone: str, this_type: T, lo) -> Ability | None:
    """A replacement of the card: while it is in its zone (or anywhere), it replaces
    the events its `replace` names, as the pack's replacements do."""
    for key in ("trigger", "cost", "targets", "pile", "when", "static"):
        if key in raw:
            b.at_key(lo, raw, key, f'a replacement is not used nor set off: it has no "{key}" (its condition '
                                   f'is "if" under "replace")')
    when = raw["replace"]
    rep = replacement(b, lo, raw, when, this_type, None if when.get("anywhere") else zone)
    if rep is None or zone not in b.names.zones:
        return None
    ab = Ability(raw["name"], owner_name, zone, None, (), (), rep.effect or (), False, text=raw.get("text", ""),
                 source=b.source(lo, raw, "replace"), replace=rep, at=b.source(lo, raw, "name"))
    b.abilities.append(ab)
    return ab


def _condition(b: Build, raw, key: str, scope: Scope, lo):
    """The condition under `key` (when, if), compiled, or None."""
    res = b.compile(lo, raw, key, "condition", scope.child())
    if res and res[1].kind not in ("bool", "any"):
        b.at(lo, raw, key, f'"{key}" must be a condition, but "{raw[key]}" is {res[1].word()}')
    return res[0] if res else None


# What a declare step may hold: choices, and names for what they chose.
_DECLARING = {"choose", "choose_listed", "choose_among", "choose_number", "choose_order", "choose_set", "let",
              "let_all", "if_stmt", "block", "block_inline", "elif_part", "else_part"}


def _declare(b: Build, raw, scope: Scope, lo) -> tuple:
    """The declare step, compiled in the ability's scope: the names it binds are seen by
    what follows (targets, cost, effect)."""
    tree = b.parse(lo, raw, "declare", "script")
    if tree is None:
        return ()
    comp = b.comp
    wrong = [node for node in tree.iter_subtrees_topdown()
             if (entry := ENTRIES.get(node.data)) is not None and entry.kind in ("statement", "cost")
             and node.data not in _DECLARING]
    declared = b.compile(lo, raw, "declare", "script", scope)    # its names are bound all the same
    if wrong:
        comp.snippet = b.snippet(lo, raw, "declare")
        comp.error(wrong[0], f'declare holds the choices made as the ability is used (modes, X): '
                             f'"{comp.heading(wrong[0])}" belongs in effect')
        b.flush()
        return ()
    return declared or ()


def _on_pile(b: Build, raw, lo) -> bool:
    """Whether the ability waits on the pile: by default, when the pack has one."""
    has_pile = "pile" in b.d
    if raw.get("pile") is True and not has_pile:
        b.at(lo, raw, "pile", 'this pack has no effects pile ("pile" section in pack.yaml), so its abilities '
                              'happen at once: declare the pile (e.g. "pile: {resolve: all}") or leave out "pile: true"')
    return bool(raw.get("pile", has_pile))


def _card_on_pile(b: Build, raw, lo, mine: bool, pile: bool) -> bool:
    """`card_on_pile: true`: the card waits in the pile's zone with its effect from any
    zone it is used in (a card cast from somewhere other than a hand); only a card's
    ability that goes on a pile with a zone can say so."""
    if not raw.get("card_on_pile"):
        return False
    if mine or "trigger" in raw or not pile or not (b.d.get("pile") or {}).get("zone"):
        b.at(lo, raw, "card_on_pile", "card_on_pile: true needs an ability of a card that is used (not "
                                      "triggered) and goes on a pile that has a zone (\"pile: {zone: ...}\")")
        return False
    return True


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
            known[key] = (pay_cost(default, _const(cost), f"pay {cost} {default.name}"),)
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
        # Paid as it is used (and offered while its costs can be): its cards are where they are.
        costs = compile_costs(comp, tree.children, scope.child(mode="cost", looks_back=""))
    except RecursionError:
        comp.too_deep(comp.snippet)
    if len(comp.problems) == before:
        known[key] = costs
    return costs
