"""Loading a pack: read its YAML, check it against the schema and its own names,
compile every DSL text, and report every problem with its file, line and column.
"""
from __future__ import annotations

import gc
import os
from contextlib import contextmanager
from pathlib import Path

from ..diagnostics import Report
from ..engine import limits, model
from ..engine.game import option_out_of_bounds
from ..engine.model import Ability, CardDef, Currency, OptionDef, Pack, Phase, Step, ZoneDef
from ..engine.replacements import Replacement, targetable
from ..lang.compiler import Compiler, Names, Scope, Snippet
from ..lang.static_types import T, single
from ..lang.vocabulary import atomic, compile_costs, pay_cost
from ..suggest import described, did_you_mean, suggest
from .finding import from_here, resolve_pack
from .importing import CardMaker, Family, ImportProblem, Source, deck_from_list, read_format, with_type_abilities
from .infiles import DATA_LIMIT, FileProblem
from .project import RULE, pack_file, pack_glob, shared_card_sets, shown
from .schemacheck import fits_schema, read_checked, read_yaml
from .yamlpos import PosList

RESERVED_KEYS = {"name", "match", "count", "types", "keywords", "text", "abilities"}


class PackError(Exception):
    """The pack could not be loaded; the report says why."""


class _Ctx:
    """Loading state: the report, the compiler and where each text came from."""

    def __init__(self, report: Report):
        self.report = report
        self.comp: Compiler | None = None

    def at(self, loaded, container, key, message: str, hint: str | None = None) -> None:
        line, col = _position(container, key)
        self.report.add(loaded.filename, line, col, message, hint=hint)

    def at_key(self, loaded, container, key, message: str) -> None:
        """A problem with a key itself (a misspelt name), shown at the key."""
        line, col = getattr(container, "key_pos", {}).get(key) or _position(container, key)
        self.report.add(loaded.filename, line, col, message)

    def snippet(self, loaded, container, key) -> Snippet:
        info = getattr(container, "scalar", {}).get(key)
        text = container[key]
        if info is None:
            line, col = _position(container, key)
            return Snippet(loaded.filename, str(text), lambda l, c, L=line, C=col: (L + l - 1, C + c - 1 if l == 1 else c))
        return Snippet(loaded.filename, str(text), info.locate)

    def compile(self, loaded, container, key, start: str, scope: Scope):
        return self.comp.compile_text(self.snippet(loaded, container, key), start, scope)

    def flush(self) -> None:
        for p in self.comp.problems:
            self.report.add(p.file, p.line, p.col, p.message)
        self.comp.problems.clear()


def _position(container, key) -> tuple[int, int]:
    for attr in ("value_pos", "key_pos"):
        table = getattr(container, attr, None)
        if table and key in table:
            return table[key]
    if isinstance(container, PosList):
        if isinstance(key, int) and key < len(container.item_pos):
            return container.item_pos[key]
    return getattr(container, "pos", (1, 1))


@contextmanager
def _no_cycle_collection():
    """Loading makes many objects and almost no garbage: collecting cycles meanwhile
    would only walk them again and again (and doubled the time of a large pack)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def load_pack(name_or_path: str, report: Report, options: dict | None = None) -> Pack:
    """Load a pack by built-in name or path. Raises PackError after filling `report`."""
    with _no_cycle_collection():
        return _load_pack(name_or_path, report)


def _load_pack(name_or_path: str, report: Report) -> Pack:
    pack_file = resolve_pack(name_or_path, report)
    if pack_file is None:
        raise PackError(name_or_path)
    ctx = _Ctx(report)
    loaded = read_yaml(pack_file, report)
    if loaded is None:
        raise PackError(name_or_path)
    if not fits_schema(loaded, "pack", report):
        _check_card_files(ctx, loaded, Path(pack_file).parent)
        raise PackError(name_or_path)
    pack = _build(ctx, loaded, Path(pack_file).parent)
    if not report.ok or pack is None:
        raise PackError(name_or_path)
    return pack


def _card_files(ctx: _Ctx, loaded, patterns, i: int, folder: Path) -> tuple[list[str], bool]:
    """The card files pattern `i` of `cards:` finds, and whether it found any the pack may
    not read: those are reported at the pattern."""
    found, refused = pack_glob(folder, patterns[i])
    for written, why in refused:
        ctx.at(loaded, patterns, i, f'cannot read "{shown(written)}": {why}', _hint(why))
    return found, bool(refused)


def _check_card_files(ctx: _Ctx, loaded, folder: Path) -> None:
    """The card files a pack.yaml with problems names are still read and checked, so
    that their problems are shown in the same run."""
    patterns = loaded.data.get("cards") if isinstance(loaded.data, dict) else None
    for i, pattern in enumerate(patterns if isinstance(patterns, list) else []):
        if isinstance(pattern, str):
            for path in _card_files(ctx, loaded, patterns, i, folder)[0]:
                read_checked(path, "cards", ctx.report)


def _build(ctx: _Ctx, loaded, folder: Path) -> Pack | None:
    d = loaded.data
    names = Names()
    report = ctx.report
    at = lambda container, key, msg: ctx.at(loaded, container, key, msg)

    # ---------------------------------------------------------- declarations
    options = {}
    for name, raw in (d.get("options") or {}).items():
        default = raw["default"]
        kind = "flag" if isinstance(default, bool) else "number" if isinstance(default, (int, float)) else "text"
        options[name] = OptionDef(name, default, kind, raw.get("description", ""), raw.get("min"), raw.get("max"),
                                  tuple(raw.get("choices", ())))
    numbers = [n for n, o in options.items() if o.kind == "number"]
    for name, raw in (d.get("options") or {}).items():
        for key in ("min", "max"):
            bound = raw.get(key)
            if isinstance(bound, str) and (bound not in numbers or bound == name):
                others = [n for n in numbers if n != name]
                at(raw, key, f'the {key} of option "{name}" is a number or another number option, '
                             f'not "{bound}"{did_you_mean(bound, others)}')
    if report.ok:
        problem = option_out_of_bounds(options, {n: o.default for n, o in options.items()})
        if problem:
            at(d["options"][problem[0]], "default", f"the default is out of bounds: {problem[1]}")
    names.options = options

    zones = []
    roles = {}
    for i, (name, raw) in enumerate(d["zones"].items()):
        refill = raw.get("refill") or {}
        z = ZoneDef(name, i, raw.get("per", "player") == "player", raw.get("visibility", "public"),
                    bool(raw.get("ordered", False)), raw.get("role"), refill.get("from"),
                    refill.get("order", "shuffled"), raw.get("description", ""), raw.get("deck"))
        zones.append(z)
        if z.role:
            if z.role in roles:
                at(raw, "role", f'two zones have the role "{z.role}": {roles[z.role]} and {name}')
            roles[z.role] = name
    zone_by_name = {z.name: z for z in zones}
    for name, raw in d["zones"].items():
        src = (raw.get("refill") or {}).get("from")
        if src and src not in zone_by_name:
            at(raw["refill"], "from", f'unknown zone "{src}"{did_you_mean(src, zone_by_name)}')
    names.zones = zone_by_name
    names.roles = roles

    types_raw = d.get("card_types") or {}
    names.card_types = set(types_raw)
    names.type_order = list(types_raw)
    names.damageable = frozenset(n for n, r in types_raw.items() if r.get("damageable"))
    props_raw = d.get("properties") or {}
    names.properties = {n: _property_default(r) for n, r in props_raw.items()}
    names.derived = {n for n, r in props_raw.items() if "derived" in r}
    counters_raw = d.get("player_counters") or {}
    from ..engine.model import CounterDef
    player_counters = {}
    for n, r in counters_raw.items():
        start = r.get("start", 0)
        if isinstance(start, str) and start not in options:
            at(r, "start", f'unknown option "{start}"{did_you_mean(start, options)}')
        player_counters[n] = CounterDef(n, start, r.get("reset"), r.get("description", ""))
    names.player_counters = set(player_counters)
    names.card_counters = set(d.get("card_counters") or {})
    names.keywords = set(d.get("keywords") or {})
    names.marks = set(d.get("marks") or {})
    names.durations = set(d.get("durations") or {})
    names.windows = set(d.get("windows") or {})
    # Each word of a word-list property describes a card ("black", "forest"): it must not mean anything else.
    taken = {**{w: "a card type" for w in names.card_types}, **{w: "a keyword" for w in names.keywords},
             **{w: "a mark" for w in names.marks}, "tapped": "a card state", "untapped": "a card state"}
    for pname, raw in props_raw.items():
        for k, word in enumerate(raw.get("words") or []):
            if word in taken:
                at(raw["words"], k, f'"{word}" is already {taken[word]}: a word of "{pname}" must describe cards by itself')
                continue
            taken[word] = f'a word of "{pname}"'
            names.property_words[word] = pname
    phases_raw = d["turn"]
    names.phases = {p["phase"] for p in phases_raw}
    names.steps = {s["step"] for p in phases_raw for s in p.get("steps", [])} | names.phases

    reps_raw = d.get("replacements") or []
    names.replaced = {e for r in reps_raw for e in _as_events(r["event"])}
    comp = Compiler(names)
    ctx.comp = comp

    for name, raw in (d.get("define") or {}).items():
        tree = _parse(ctx, loaded, d["define"], name, "value")
        if tree is not None:
            names.defines[name] = (tree, ctx.snippet(loaded, d["define"], name))
    derived = _derived(ctx, loaded, props_raw)

    currencies = {}
    for name, raw in (d.get("currencies") or {}).items():
        scope = Scope({})
        using = ctx.compile(loaded, raw, "using", "targets", scope)
        worth = None
        if "worth" in raw:
            res = ctx.compile(loaded, raw, "worth", "value", Scope({}, it=T("card")))
            worth = res[0] if res else None
        currencies[name] = Currency(name, raw["pay"], using[0] if using else (lambda s, env: ()), worth,
                                    raw.get("description", ""))
    names.currencies = currencies
    ctx.flush()

    replacements = _replacements(ctx, loaded, reps_raw)
    restricted = tuple(r for r in replacements if "target" in r.events)

    damage = d.get("damage") or {}
    life = damage.get("to_players")
    if life is not None and life not in player_counters:
        at(damage, "to_players", f'unknown player counter "{life}"{did_you_mean(life, player_counters)}')

    # ------------------------------------------------------------ abilities
    known_costs = {}

    def ability(raw, owner_name: str, this_type: T, container_loaded) -> Ability | None:
        lo = container_loaded
        zone = raw.get("from", roles.get("play", "play"))
        if zone not in zone_by_name:
            # Reported, and the rest of the ability checked all the same.
            ctx.at(lo, raw, "from", f'unknown zone "{zone}"{did_you_mean(zone, zone_by_name)}')
        scope = Scope({}, this=this_type)
        when = None
        when_shared = False
        if "when" in raw:
            comp.used_this = False
            res = ctx.compile(lo, raw, "when", "condition", scope.child())
            when = res[0] if res else None
            when_shared = not comp.used_this
            if res and res[1].kind not in ("bool", "any"):
                ctx.at(lo, raw, "when", f'"when" must be a condition, but "{raw["when"]}" is {res[1].word()}')
        targets = []
        for tname, _text in (raw.get("targets") or {}).items():
            res = ctx.compile(lo, raw["targets"], tname, "targets", scope.child())
            if res:
                fn, t = res
                if restricted:
                    fn = targetable(fn, restricted)
                targets.append((tname, fn, str(_text)))
                scope.vars[tname] = single(t)
        cost_objs = ()
        cost = raw.get("cost")
        # Costs repeat from card to card: each is made once for the scope it is in.
        cost_key = (cost, scope.signature()) if isinstance(cost, (int, str)) and not isinstance(cost, bool) else None
        if cost_key in known_costs:
            cost_objs = known_costs[cost_key]
        elif isinstance(cost, bool):
            ctx.at(lo, raw, "cost", "a cost is a number or a text such as \"pay 2 mana\"")
        elif isinstance(cost, int):
            default = _default_currency(currencies)
            if default is None:
                ctx.at(lo, raw, "cost", "a cost given as a number needs exactly one currency in the pack")
            elif cost > 0:
                cost_objs = known_costs[cost_key] = (pay_cost(default, lambda s, env, n=cost: n, f"pay {cost} {default.name}"),)
        elif isinstance(cost, str):
            tree = _parse(ctx, lo, raw, "cost", "script")
            if tree is not None:
                comp.snippet = ctx.snippet(lo, raw, "cost")
                before = len(comp.problems)
                try:
                    cost_objs = compile_costs(comp, tree.children, scope.child(mode="cost"))
                except RecursionError:
                    comp.too_deep(comp.snippet)
                if len(comp.problems) == before:
                    known_costs[cost_key] = cost_objs
        trigger = None
        if "trigger" in raw:
            trigger = ctx.compile(lo, raw, "trigger", "trigger", scope.child())
        effect = ctx.compile(lo, raw, "effect", "script", scope.child())
        ctx.flush()
        if zone not in zone_by_name:
            return None
        ab = Ability(raw["name"], owner_name, zone, when, tuple(cost_objs), tuple(targets),
                     effect or (), bool(raw.get("pile", True)), text=raw.get("text", ""))
        ab.pay_ops = tuple(c.op for c in cost_objs)
        ab.trigger = trigger
        if trigger is not None:
            ab.source = model.Source(lo.filename, *_position(raw, "trigger"))
        # Conditions that do not read "this" hold alike for every card: listing a
        # player's moves tests each text once (the key), whichever abilities share it.
        ab.when_shared = "when:" + str(raw["when"]) if when_shared else None
        return ab

    type_abilities = {}
    for tname, raw in types_raw.items():
        abs_ = []
        for ab_raw in raw.get("abilities", []) or []:
            ab = ability(ab_raw, tname, T("card", frozenset([tname])), loaded)
            if ab is not None:
                abs_.append(ab)
        type_abilities[tname] = tuple(abs_)

    # ----------------------------------------------------------------- cards
    sources = {}
    for imp in d.get("imports") or []:
        source = _import(ctx, loaded, imp, folder)
        if source is not None:
            sources[imp["as"]] = source

    families = []     # (loaded, raw)
    standalone = {}   # name -> (loaded, raw)
    unread = False    # a card file could not be read: the cards it holds are unknown
    for i, pattern in enumerate(d.get("cards") or []):
        found, refused = _card_files(ctx, loaded, d["cards"], i, folder)
        unread = unread or refused
        if not found and not refused:
            at(d["cards"], i, f'no card file matches "{pattern}"')
        for path in found:
            lo = read_checked(path, "cards", ctx.report)
            if lo is None:
                unread = True
                continue
            for raw in lo.data.get("families") or []:
                families.append((lo, raw))
            for raw in lo.data.get("cards") or []:
                if raw["name"] in standalone:
                    ctx.at(lo, raw, "name", f'a card named "{raw["name"]}" is defined twice')
                standalone[raw["name"]] = (lo, raw)

    def card_parts(lo, raw):
        types = list(raw.get("types") or [])
        for k, t in enumerate(types):
            if t not in names.card_types:
                ctx.at(lo, raw["types"], k, f'unknown card type "{t}"{did_you_mean(t, names.card_types)}')
        props = {}
        for key, value in raw.items():
            if key in RESERVED_KEYS:
                continue
            if key not in names.properties:
                ctx.at_key(lo, raw, key, f'unknown property "{key}"{did_you_mean(key, [*names.properties, *RESERVED_KEYS])}')
                continue
            if key in names.derived:
                ctx.at(lo, raw, key, f'"{key}" is computed from other properties (derived in pack.yaml): a card cannot set it')
                continue
            words = props_raw[key].get("words")
            if words is None and isinstance(value, (list, tuple)):
                ctx.at(lo, raw, key, f'"{key}" takes one value, not a list: only a property declared with words takes a list')
                continue
            if words is not None:
                value = tuple(value) if isinstance(value, (list, tuple)) else (value,)
                for w in value:
                    if w not in words:
                        ctx.at(lo, raw, key, f'"{w}" is not a word of "{key}"{did_you_mean(str(w), words)}')
            elif _kind(value) != _kind(names.properties[key]):
                # Rules compare and add properties: a word where a number belongs would break them in play.
                ctx.at(lo, raw, key, f'"{key}" is {_kind(names.properties[key])} (its default is '
                                     f'{names.properties[key]!r}), not {_kind(value)}')
                continue
            props[key] = value
        kws = list(raw.get("keywords") or [])
        for k, kw in enumerate(kws):
            if kw not in names.keywords:
                ctx.at(lo, raw["keywords"], k, f'unknown keyword "{kw}"{did_you_mean(kw, names.keywords)}')
        this_type = T("card", frozenset(types))
        own = []
        for ab_raw in raw.get("abilities") or []:
            ab = ability(ab_raw, raw["name"], this_type, lo)
            if ab is not None:
                own.append(ab)
        every = with_type_abilities(own, types, names.type_order, type_abilities)
        return frozenset(types), props, frozenset(kws), tuple(own), every

    family_defs = []
    for lo, raw in families:
        types, props, kws, own, abilities = card_parts(lo, raw)
        # A family on top of a map lists its own abilities; the card's types give theirs when it is made.
        family_defs.append(Family(raw["name"], dict(raw.get("match") or {}), raw.get("text", ""),
                                  types, props, kws, abilities, own))

    cards = {}
    for name, (lo, raw) in standalone.items():
        types, props, kws, _own, abilities = card_parts(lo, raw)
        cards[name] = CardDef(name, types, props, kws, abilities, None, raw.get("text", ""))
    maker = CardMaker(cards, family_defs, names.type_order, names.keywords, names.properties, type_abilities,
                      {n: frozenset(r["words"]) for n, r in props_raw.items() if "words" in r})

    decks = {}
    for dname, raw in (d.get("decks") or {}).items():
        if unread:
            # Its cards may be in the file that could not be read: checking it now would
            # only report them as unknown.
            decks[dname] = ()
            continue
        before = len(report.errors)
        names_in_deck = _deck(ctx, loaded, raw, sources, maker, folder, [i.get("as") for i in d.get("imports") or []])
        if names_in_deck is None:
            decks[dname] = ()
            continue
        size = raw.get("size")
        # A deck with a problem of its own is not counted as well.
        if size is not None and len(names_in_deck) != size and len(report.errors) == before:
            at(raw, "size", f'deck "{dname}" has {len(names_in_deck)} cards, not {size}')
        decks[dname] = tuple(names_in_deck)

    # ----------------------------------------------------- players and seats
    players = d["players"]
    if players["min"] > players["max"]:
        at(players, "min", f'"min" ({players["min"]}) is more than "max" ({players["max"]})')
    seats = tuple(dict(s) for s in players.get("seats") or [])
    for k, seat in enumerate(seats):
        deck = seat.get("deck")
        if deck is not None and deck not in decks and "decks" in d:
            ctx.at(loaded, players["seats"][k], "deck", f'unknown deck "{deck}"{did_you_mean(deck, decks)}')
    for z in zones:
        if z.deck is None:
            continue
        raw = d["zones"][z.name]
        if z.per_player:
            at(raw, "deck", f'zone "{z.name}" belongs to each player: give each seat its deck under players.seats instead')
        elif z.deck not in decks:
            at(raw, "deck", f'unknown deck "{z.deck}"{did_you_mean(z.deck, decks)}')

    # --------------------------------------------------------------- scripts
    def script(container, key, scope=None):
        if container is None or key not in container:
            return None
        res = ctx.compile(loaded, container, key, "script", scope or Scope({}))
        return res

    setup = script(d, "setup")
    phases = []
    for p in phases_raw:
        if "steps" in p:
            steps = tuple(Step(s["step"], script(s, "script")) for s in p["steps"])
        else:
            steps = (Step(p["phase"], script(p, "script")),)
        phases.append(Phase(p["phase"], steps))
    comp.reads = set()
    checks = script(d, "checks")
    checks_read, comp.reads = frozenset(comp.reads), None
    pile = d.get("pile") or {}
    pile_zone = pile.get("zone")
    if pile_zone is not None and pile_zone not in zone_by_name:
        at(pile, "zone", f'unknown zone "{pile_zone}"{did_you_mean(pile_zone, zone_by_name)}')
    after_each = script(pile, "after_each", Scope({}, this=T("card")))
    after_all = script(pile, "after_all")
    ctx.flush()

    evaluation = []
    for fname, raw in (d.get("evaluation") or {}).items():
        res = ctx.compile(loaded, raw, "value", "value", Scope({}))
        if res is not None:
            fn, t = res
            if t.kind not in ("number", "any"):
                at(raw, "value", f'the feature "{fname}" must be a number, but it is {t.word()}')
            evaluation.append((fname, float(raw.get("weight", 1)), fn))
    ctx.flush()

    end = d.get("end") or {}
    limit = end.get("turn_limit")
    if limit is not None and limit not in options:
        at(end, "turn_limit", f'unknown option "{limit}"{did_you_mean(limit, options)}')
    if not comp.ends and limit is None and report.ok:
        _never_ends(ctx, loaded, d, end.get("max_turns", limits.TURNS))

    first = players.get("first", "random")
    pack = Pack(
        id=d["id"], name=d["name"], version=str(d["version"]), description=d.get("description", ""),
        path=str(folder), min_players=players["min"], max_players=players["max"], seats=seats,
        first_player=first, options=options, zones=tuple(zones), zone_by_name=zone_by_name,
        card_types={n: r.get("description", "") for n, r in types_raw.items()}, damageable=names.damageable,
        properties=names.properties, player_counters=player_counters,
        card_counters=dict(d.get("card_counters") or {}), keywords=dict(d.get("keywords") or {}),
        marks=dict(d.get("marks") or {}), durations=tuple(d.get("durations") or {}), currencies=currencies,
        cards=cards, decks=decks, type_abilities=type_abilities, setup=setup, phases=tuple(phases),
        checks=checks, pile_zone=pile_zone, pile_resolve=pile.get("resolve", "all"),
        pile_after_each=after_each, pile_after_all=after_all,
        priority_after_pile=pile.get("priority_after_adding", "same"),
        damage_deferred=bool(damage.get("deferred", False)), life_counter=life,
        turn_limit_option=limit, auto_single=bool(d.get("auto_single", True)),
        defines={n: str(v) for n, v in (d.get("define") or {}).items()}, roles=roles,
    )
    # Cards made later from a deck list get their abilities from families and card types: count those too.
    every = [ab for c in cards.values() for ab in c.abilities] + [ab for f in family_defs for ab in f.abilities] \
        + [ab for abs_ in type_abilities.values() for ab in abs_]
    pack.ability_zones = tuple(sorted({ab.zone for ab in every if zone_by_name[ab.zone].per_player}))
    pack.has_triggers = any(ab.trigger for ab in every)
    pack.checks_inline = checks is not None and atomic(checks)
    pack.has_state_triggers = any(ab.trigger and ab.trigger.event == "state" for ab in every)
    pack.checks_read = checks_read | comp.state_reads   # state triggers are looked at with the checks
    pack.sources = sources
    pack.card_maker = maker
    pack.face_down_props = dict(((d.get("face_down") or {}).get("properties")) or {})
    pack.windows = dict(d.get("windows") or {})
    pack.evaluation = tuple(evaluation)
    pack.checks_at = d.get("checks_at", "priority")
    pack.derived = derived
    pack.replacements = replacements
    pack.max_turns = end.get("max_turns", pack.max_turns)
    pack.max_decisions = end.get("max_decisions", pack.max_decisions)
    pack.raw = d
    return pack


def _never_ends(ctx: _Ctx, loaded, d: dict, turns: int) -> None:
    """A warning for a pack in which no rule ends a game (a pack.yaml cut short, say):
    its games would all run to the engine's turn limit."""
    key = "checks" if "checks" in d else "turn"
    line, col = getattr(d, "key_pos", {}).get(key) or _position(d, key)
    ctx.report.add(loaded.filename, line, col,
                   "nothing in this pack ends a game: no rule says that a player wins or loses or that the game "
                   "is a draw, and `end` names no turn limit; every game would go on until the engine's limit "
                   f"of {limits.count(turns)} turns makes it a draw",
                   severity="warning")


def _as_events(event) -> list:
    return list(event) if isinstance(event, list) else [event]


def _replacements(ctx: _Ctx, loaded, reps_raw) -> tuple:
    """The pack's replacements, compiled. "it" is the card (or player) concerned;
    "source" the card whose ability does it."""
    out = []
    for raw in reps_raw:
        events = _as_events(raw["event"])
        # Only damage may be dealt to a player: the other events concern cards.
        scope = Scope({"source": T("card")}, it=T("object") if "damage" in events else T("card"))
        test = ctx.compile(loaded, raw, "if", "condition", scope.child()) if "if" in raw else None
        effect = None
        if "effect" in raw:
            if "target" in events:
                ctx.at(loaded, raw, "effect", "a card that cannot be a target is left out of the choice: "
                       "a replacement of the event target has no effect")
            effect = ctx.compile(loaded, raw, "effect", "script", scope.child())
        ctx.flush()
        if "if" in raw and test is None:
            continue
        fn = test[0] if test else (lambda s, env: True)
        out.append(Replacement(raw["name"], frozenset(events), fn, effect))
    return tuple(out)


def _kind(value) -> str:
    if isinstance(value, bool):
        return "true or false"
    return "a number" if isinstance(value, (int, float)) else "a text" if isinstance(value, str) else "a list"


def _property_default(raw):
    if "words" in raw:
        return tuple(raw.get("default") or ())
    return raw.get("default", 0)


def _derived(ctx: _Ctx, loaded, props_raw) -> dict:
    """The derived properties, compiled: f(state, card). A property that depends on
    itself, directly or through others, is refused."""
    out, reads = {}, {}
    for name, raw in props_raw.items():
        if "derived" not in raw:
            continue
        ctx.comp.reads_props = reads[name] = set()
        res = ctx.compile(loaded, raw, "derived", "value", Scope({}, this=T("card"), it=T("card")))
        ctx.comp.reads_props = None
        if res is None:
            continue
        fn, t = res
        if t.kind not in ("number", "any"):
            ctx.at(loaded, raw, "derived", f'the property "{name}" must be a number, but it is {t.word()}')
            continue
        out[name] = _derived_value(fn)

    def loop(name, path):
        for dep in reads.get(name, ()):
            if dep in path:
                return path[path.index(dep):] + [dep]
            found = loop(dep, path + [dep])
            if found:
                return found
        return None
    for name in reads:
        cycle = loop(name, [name])
        if cycle and cycle[0] == name:
            ctx.at(loaded, props_raw[name], "derived", f'"{name}" is computed from itself ({" -> ".join(cycle)})')
            out.pop(name, None)
    ctx.flush()
    return out


def _derived_value(fn):
    def value(s, c):
        return fn(s, {"this": c, "it": c, "you": s.t.players[s.controller[c]]}) or 0
    return value


def _default_currency(currencies: dict):
    if len(currencies) == 1:
        return next(iter(currencies.values()))
    return None


def _parse(ctx: _Ctx, loaded, container, key, start: str):
    tree = ctx.comp.parse(ctx.snippet(loaded, container, key), start)
    ctx.flush()
    return tree


def _import(ctx: _Ctx, loaded, imp, folder: Path):
    """One entry of `imports`: a YAML card set, or a file in a registered card format."""
    written = imp["from"]
    sets = shared_card_sets()
    if written in sets and not os.path.lexists(folder / written):
        path = from_here(sets[written])
    else:
        # A card format's reader may be another package's: the size is checked for it.
        limit = DATA_LIMIT if "format" in imp else None
        path = _pack_file(ctx, loaded, imp, "from", folder, sets, limit)
        if path is None:
            return None
        path = from_here(path.resolve())
    if "format" in imp:
        try:
            records = read_format(imp["format"], path)
        except ImportProblem as e:
            _report_import(ctx, loaded, imp, "format" if not e.problems else "from", e)
            return None
        return Source(imp["as"], records, imp.get("map"), imp["format"])
    lo = read_checked(path, "cards", ctx.report)
    if lo is None:
        return None
    return Source(imp["as"], list(lo.data.get("cards") or []), imp.get("map"))


def _deck(ctx: _Ctx, loaded, raw, sources: dict, maker: CardMaker, folder: Path, imported: list):
    """The card names of one entry of `decks` (None when its import failed);
    problems go to the report."""
    from .decklist import split_entry, too_many_cards

    names, source = [], None
    src = raw.get("from")
    if src is not None:
        source = sources.get(src)
        if source is None:
            if src not in imported:   # an import that failed was reported already
                ctx.at(loaded, raw, "from", f'unknown import "{src}"{did_you_mean(src, imported)}')
            return None
        if "where" in raw or ("cards" not in raw and "list" not in raw):
            failed = []
            for record in source.where(raw.get("where") or {}):
                try:
                    names.append(maker.make(source, record).name)
                except ImportProblem as e:
                    failed.append(e.message)
            if failed:
                more = f" (and {len(failed) - 1} more cards)" if len(failed) > 1 else ""
                ctx.at(loaded, raw, "from", failed[0] + more)
    searched = [source] if source else []
    for k, entry in enumerate(raw.get("cards") or []):
        count, cname, _ = split_entry(entry.strip())
        if isinstance(count, str):
            ctx.at(loaded, raw["cards"], k, count)
            continue
        try:
            card = maker.named(cname, searched)
        except ImportProblem as e:
            ctx.at(loaded, raw["cards"], k, e.message)
            continue
        if card is None:
            known = [*maker.cards, *(r["name"] for r in source.records)] if source else maker.cards
            ctx.at(loaded, raw["cards"], k, f'unknown card "{cname}"{did_you_mean(cname, known)}')
            continue
        if len(names) + count > limits.DECK:
            ctx.at(loaded, raw["cards"], k, too_many_cards(len(names) + count, "with this entry"))
            return None
        names.extend([card.name] * count)
    if "list" in raw:
        path = _pack_file(ctx, loaded, raw, "list", folder)
        if path is None:
            return None
        try:
            names.extend(deck_from_list(path, searched, maker))
        except ImportProblem as e:
            _report_import(ctx, loaded, raw, "list", e)
    if len(names) > limits.DECK:
        ctx.at(loaded, raw, "list" if "list" in raw else "from", too_many_cards(len(names), "with these cards"))
        return None
    return names


def _report_import(ctx: _Ctx, loaded, container, key, e: ImportProblem) -> None:
    """Problems inside a card file or deck list are reported where they are; a
    problem with no place of its own, at the pack's line that asked for it."""
    if not e.problems:
        ctx.at(loaded, container, key, e.message)
    for file, line, col, message in e.problems:
        ctx.report.add(file, line, col, message)


def _pack_file(ctx: _Ctx, loaded, container, key, folder: Path, sets: dict | None = None,
               limit: int | None = None) -> Path | None:
    """The file a pack names at `container[key]`, when the pack may read it; else None,
    with the problem reported on the pack's line."""
    written = container[key]
    try:
        return pack_file(folder, written, limit)
    except FileProblem as e:
        if e.missing:
            message = f'no such file "{shown(written)}"{_nearest(folder, written, sets or {})}'
        else:
            message = f'cannot read "{shown(written)}": {e.message}'
        ctx.at(loaded, container, key, message, _hint(e.message, written, sets))
        return None


def _nearest(folder: Path, written: str, sets: dict) -> str:
    """'; did you mean ...' for a file that does not exist: a file of a close name in its
    folder, or one of cardtable's card sets."""
    near = folder / written
    try:
        names = [p.name for p in near.parent.iterdir()] if near.parent.is_dir() else []
    except OSError:
        names = []
    best = suggest(near.name, names)
    if best is not None:
        return f'; did you mean "{shown(str(Path(written).with_name(best)))}"?'
    return did_you_mean(written, sets)


def _hint(why: str, written: str = "", sets: dict | None = None) -> str | None:
    """How to do without a file the pack may not read."""
    if "outside the pack's project" not in why:
        return None
    name = Path(written).stem
    for set_name in sets or ():
        if Path(set_name).name == name:
            return f'cardtable\'s card set "{set_name}" is imported by its name: write "from: {set_name}"'
    return RULE
