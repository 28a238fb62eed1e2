"""The builders of a pack, one for each section of pack.yaml, in a table in the
schema's order. A builder checks its section, compiles its texts and sets the Pack's
fields it makes; `needs` names the sections whose builders must have run first (a
text may name an option, a zone, a property's word, a definition or a currency, so
every section that compiles texts needs those). A new section of pack.yaml is a new
entry here (tests/test_pack_sections.py checks that the table covers the schema).
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, NamedTuple

from ..engine.model import (Currency, OptionDef, Phase, RoundDef, Step, WindowRules, ZoneDef, holds,
                            options_out_of_bounds)
from ..engine.wording import prompt_problem
from ..lang import dsl
from ..lang.compiler import NamedScript, Scope
from ..lang.vocabulary import atomic
from ..lang.vocabulary.definitions import cycles, reads_of
from ..lang.vocabulary.scripts import check_unused
from ..lang.static_types import ANY, T
from ..suggest import did_you_mean
from .abilities import player_abilities, type_abilities
from .build import Build, never_ends, position, unread_options
from .cardfiles import build_cards, build_decks, build_imports
from .counters import build_player_counters, build_table
from .declarations import defined_name
from .derived import counted_properties, derived_properties, property_words
from .replacing import replacement
from .rulesets import build_rulesets


class Section(NamedTuple):
    keys: tuple           # the pack.yaml keys it reads
    build: Callable       # build(b: Build) -> None
    needs: tuple = ()     # the sections (their first key) built before it


SECTIONS: list[Section] = []
# What a section that compiles DSL texts needs built first.
COMPILING = ("options", "zones", "properties", "define", "scripts", "currencies", "player_counters", "table")


def section(*keys: str, needs: tuple = ()):
    def register(build):
        SECTIONS.append(Section(keys, build, needs))
        return build
    return register


def build_sections(b: Build) -> None:
    """Runs every builder, each after those it needs, in the table's order otherwise."""
    from .replacing import cards_replace
    b.names.replaced |= cards_replace(b)
    done: set = set()
    waiting = list(SECTIONS)
    while waiting:
        ready = next(s for s in waiting if all(n in done for n in s.needs))
        waiting.remove(ready)
        ready.build(b)
        b.flush()
        done.add(ready.keys[0])
    check_unused(b.comp)
    b.flush()
    unused_defines(b)
    token_uses(b)
    card_names(b)
    ability_uses(b)
    never_ends(b)
    unread_options(b)


# ----------------------------------------------------------- the sections
@section("id", "name", "version", "description")
def about(b: Build) -> None:
    d = b.d
    b.fields.update(id=d["id"], name=d["name"], version=str(d["version"]), description=d.get("description", ""),
                    path=str(b.folder))


@section("players")
def players(b: Build) -> None:
    p = b.d["players"]
    if p["min"] > p["max"]:
        b.here(p, "min", f'"min" ({p["min"]}) is more than "max" ({p["max"]})')
    seats = tuple(dict(s) for s in p.get("seats") or [])
    _first_and_seats(b, p, seats)
    deck_at = {}
    for k, seat in enumerate(seats):
        deck = seat.get("deck")
        if deck is not None:
            deck_at[k] = b.source(b.loaded, p["seats"][k], "deck")
        if isinstance(deck, dict):
            _by_option(b, p["seats"][k], "deck")
            for value, name in deck.items():
                if value != "by" and name not in b.decls.of("deck") and "decks" in b.d:
                    b.here(p["seats"][k]["deck"], value, f'unknown deck "{name}"{b.decls.near("deck", name)}')
        elif deck is not None and deck not in b.decls.of("deck") and "decks" in b.d:
            b.here(p["seats"][k], "deck", f'unknown deck "{deck}"{b.decls.near("deck", deck)}')
        if isinstance(seat.get("team"), dict):
            _by_option(b, p["seats"][k], "team")
    b.fields.update(min_players=p["min"], max_players=p["max"], seats=seats, deck_at=deck_at,
                    first_player=p.get("first", "random"), team_turns=p.get("turns", "seat") == "team")


def _first_and_seats(b: Build, p: dict, seats: tuple) -> None:
    """The seat that plays first is at every game; the seats named are as many as may play."""
    first, n = p.get("first"), p["min"]
    if isinstance(first, int) and first >= n:
        which = "must be 0, the one seat every game has" if n == 1 else \
            f"names a seat every game has, counted from 0: 0 to {n - 1}"
        b.here(p, "first", f'seat {first} is not at a game of {n} player{"s" if n != 1 else ""} ("min": {n}): '
                           f'"first" {which}')
    if seats and len(seats) < p["max"]:
        b.here(p, "seats", f'{len(seats)} seat{"s are" if len(seats) != 1 else " is"} named, but up to {p["max"]} '
                           f'players play ("max"): the next is called "Player {len(seats) + 1}", with no seat of '
                           f'its own (a deck, a team)', severity="warning")


def _by_option(b: Build, seat, key: str) -> None:
    """A seat's team or deck that depends on an option: the option must have choices, and
    each value the mapping lists must be one of them."""
    mapping = seat[key]
    name = mapping.get("by")
    raw = (b.d.get("options") or {}).get(name)
    if not isinstance(raw, dict) or not raw.get("choices"):
        b.here(mapping, "by", f'"{name}" is not an option with choices{b.decls.near("option", name)}: a seat\'s '
                              f'{key} may depend on an option whose value is one of its choices')
        return
    choices = [str(c) for c in raw["choices"]]
    for value in mapping:
        if value != "by" and value not in choices:
            b.at_key(b.loaded, mapping, value, f'"{value}" is not a choice of the option "{name}" '
                                               f'({", ".join(choices)})')


@section("options")
def options(b: Build) -> None:
    made = {}
    for name, raw in (b.d.get("options") or {}).items():
        default = raw["default"]
        kind = "flag" if isinstance(default, bool) else "number" if isinstance(default, (int, float)) else "text"
        made[name] = OptionDef(name, default, kind, raw.get("description", ""), raw.get("min"), raw.get("max"),
                               tuple(raw.get("choices", ())))
    numbers = [n for n, o in made.items() if o.kind == "number"]
    bounded = True
    for name, raw in (b.d.get("options") or {}).items():
        for key in ("min", "max"):
            bound = raw.get(key)
            if isinstance(bound, str) and (bound not in numbers or bound == name):
                others = [n for n in numbers if n != name]
                b.here(raw, key, f'the {key} of option "{name}" is a number or another number option, '
                                 f'not "{bound}"{did_you_mean(bound, others)}')
                bounded = False
    for name, why in options_out_of_bounds(made, {n: o.default for n, o in made.items()}) if bounded else ():
        b.here(b.d["options"][name], "default", f"the default is out of bounds: {why}")
    b.names.options = b.fields["options"] = made


def _team_zone(b: Build, z, raw: dict) -> None:
    """A zone of each team: in a pack whose seats have teams (its cards are its first seat's,
    and a zone seen by its owner is seen by every partner), and with no role (the engine
    deals, draws and plays from a player's own)."""
    if not any("team" in seat for seat in (b.d["players"].get("seats") or [])):
        b.here(raw, "per", f'zone "{z.name}" is one for each team, and this pack\'s seats have none: give seats a team '
                           f'(players: seats: {{name: ..., team: ...}}) or make it per: player')
    elif z.role:
        b.here(raw, "role", f'zone "{z.name}" is one for each team: it has no role (a role\'s zone is each player\'s own)')


@section("zones")
def zones(b: Build) -> None:
    made, roles = [], {}
    for i, (name, raw) in enumerate(b.d["zones"].items()):
        refill = raw.get("refill") or {}
        per = raw.get("per", "player")
        z = ZoneDef(name, i, per in ("player", "team"), raw.get("visibility", "public"),
                    bool(raw.get("ordered", False)), raw.get("role"), refill.get("from"),
                    refill.get("order", "shuffled"), raw.get("description", ""), raw.get("deck"),
                    raw.get("capacity"), refill.get("leave", 0), raw.get("owner") == "taker", per == "team")
        made.append(z)
        if z.per_team:
            _team_zone(b, z, raw)
        if z.role:
            if z.role in roles:
                b.here(raw, "role", f'two zones have the role "{z.role}": {roles[z.role]} and {name}')
            roles[z.role] = name
    for z in made:
        raw = b.d["zones"][z.name]
        if z.refill_from and z.refill_from not in b.decls.of("zone"):
            b.here(raw["refill"], "from", f'unknown zone "{z.refill_from}"{b.decls.near("zone", z.refill_from)}')
        if isinstance(z.capacity, str):
            option = b.names.options.get(z.capacity)
            if option is None or option.kind != "number":
                b.here(raw, "capacity", f'the capacity of "{z.name}" is a number or a number option, not '
                                        f'"{z.capacity}"{b.decls.near("option", z.capacity)}')
    for z in made:
        if z.taker and z.per_player:
            b.here(b.d["zones"][z.name], "owner", f'zone "{z.name}" belongs to each player: only a shared zone '
                                                  f'gives its cards to the player who takes them (owner: taker)')
        if z.deck is None:
            continue
        raw = b.d["zones"][z.name]
        if z.per_player:
            b.here(raw, "deck", f'zone "{z.name}" belongs to each player: give each seat its deck under players.seats instead')
        elif z.deck not in b.decls.of("deck"):
            b.here(raw, "deck", f'unknown deck "{z.deck}"{b.decls.near("deck", z.deck)}')
    b.names.zones = {z.name: z for z in made}
    b.names.roles = roles
    b.fields["zones"] = tuple(made)


@section("card_types", needs=(*COMPILING, "replacements"))
def card_types(b: Build) -> None:
    raw = b.d.get("card_types") or {}
    b.fields.update(card_types={n: r.get("description", "") for n, r in raw.items()},
                    damageable=b.names.damageable, type_abilities=type_abilities(b, raw))


@section("player_abilities", needs=(*COMPILING, "replacements", "pile"))
def build_player_abilities(b: Build) -> None:
    b.fields["player_abilities"] = player_abilities(b)


# The table before the properties: a derived property may read a table value (a card's power by
# the trump); the words a table value may hold are known before any property is built (names_of).
@section("properties", needs=("options", "zones", "define", "table"))
def properties(b: Build) -> None:
    for key, what in (("properties", "property"), ("card_counters", "counter"), ("player_counters", "counter"),
                      ("table", "table value")):
        _declared_as_language(b, key, what)
    property_words(b)
    b.fields.update(properties=b.names.properties, derived=derived_properties(b), counted=counted_properties(b))


section("player_counters", needs=("options",))(build_player_counters)
section("table", needs=("options",))(build_table)


@section("card_counters")
def card_counters(b: Build) -> None:
    b.fields["card_counters"] = dict(b.d.get("card_counters") or {})


@section("keywords")
def keywords(b: Build) -> None:
    b.fields["keywords"] = dict(b.d.get("keywords") or {})


@section("marks")
def marks(b: Build) -> None:
    raw = b.d.get("marks") or {}
    # A mark written as a mapping says more than what it means: `keep: true` keeps it on its
    # card when the card moves (a mark of what the card is, wherever it goes).
    b.fields["marks"] = {n: r if isinstance(r, str) else r.get("description", "") for n, r in raw.items()}
    b.fields["kept_marks"] = frozenset(n for n, r in raw.items() if isinstance(r, dict) and r.get("keep"))


@section("durations")
def durations(b: Build) -> None:
    b.fields["durations"] = tuple(b.d.get("durations") or {})


@section("windows", needs=("pile",))
def windows(b: Build) -> None:
    made, rules, prompts = {}, {}, {}
    for name, raw in (b.d.get("windows") or {}).items():
        if isinstance(raw, str):
            made[name] = raw
            continue
        made[name] = raw.get("description", "")
        if "prompt" in raw:
            prompts[name] = checked_prompt(b, raw)
        rules[name] = WindowRules(raw.get("who", "all"), bool(raw.get("pass", True)), raw.get("actions"))
        if rules[name].who == "active" and b.fields.get("priority_after_pile") == "next" and b.fields.get("pile_zone"):
            b.report.add(b.loaded.filename, *position(raw, "who"),
                         f'window "{name}": only the active player acts in it, yet the pile gives priority to the '
                         f'next player after an ability: nobody but the active player can answer',
                         severity="warning")
    b.fields.update(windows=made, window_rules=rules, window_prompts=prompts)


@section("currencies", needs=("options", "zones", "properties", "define", "player_counters"))
def currencies(b: Build) -> None:
    made = {}
    for name, raw in (b.d.get("currencies") or {}).items():
        if "counter" in raw:
            counter = raw["counter"]
            if counter not in b.names.player_counters:
                b.here(raw, "counter", f'"{counter}" is not a player counter: a currency paid from a counter names one '
                                       f'of player_counters{b.decls.near("player counter", counter)}')
            else:
                _counts(b, raw, "counter", "a currency is paid from a counter that is a number")
            made[name] = Currency(name, "counter", None, None, raw.get("description", ""), counter=counter,
                                  one=raw.get("one", ""), many=raw.get("many", ""))
            continue
        using = b.compile(b.loaded, raw, "using", "targets", Scope({}))
        if using and using[1].kind not in ("card", "cards"):
            b.here(raw, "using", f'"{raw["using"]}" gives {using[1].word()}: a currency is paid with cards, '
                                 f'and "using" names the cards that can pay')
            using = None
        worth = None
        if "worth" in raw:
            res = b.compile(b.loaded, raw, "worth", "value", Scope({}, it=T("card")))
            worth = res[0] if res else None
        kinds, makes = _kinds(b, raw)
        made[name] = Currency(name, raw["pay"], using[0] if using else (lambda s, env: ()), worth,
                              raw.get("description", ""), kinds, makes, one=raw.get("one", ""), many=raw.get("many", ""))
    b.names.currencies = b.fields["currencies"] = made


def _counts(b: Build, raw, key: str, why: str) -> None:
    """Refuses the player counter `raw[key]` names where a number is needed and it holds
    a word, a player or a card (of: ...)."""
    d = b.names.counters.get(raw[key])
    if d is not None and d.kind != "number":
        b.here(raw, key, f'"{d.name}" holds {holds(d)}: {why}')


def _kinds(b: Build, raw) -> tuple:
    """A currency's kinds, each with the player counter of its pool, and what a card makes."""
    kinds = dict(raw.get("kinds") or {})
    for kind, counter in kinds.items():
        if counter is not None and counter not in b.names.player_counters:
            b.here(raw["kinds"], kind, f'unknown player counter "{counter}"'
                                       f'{did_you_mean(counter, b.names.player_counters)}')
        elif counter is not None:
            _counts(b, raw["kinds"], kind, "the pool of a kind of currency is a counter that is a number")
    makes = None
    if "makes" in raw:
        if not kinds:
            b.here(raw, "makes", "a currency makes kinds only if it has kinds")
        res = b.compile(b.loaded, raw, "makes", "value", Scope({}, it=T("card")))
        makes = res[0] if res else None
    return kinds, makes


@section("damage", needs=COMPILING)
def damage(b: Build) -> None:
    raw = b.d.get("damage") or {}
    life = raw.get("to_players")
    if life is not None and life not in b.decls.of("player counter"):
        b.here(raw, "to_players", f'unknown player counter "{life}"{b.decls.near("player counter", life)}')
    elif life is not None:
        _counts(b, raw, "to_players", "damage to a player lowers a counter that is a number")
    dealt = b.script(raw, "dealt", Scope({"source": T("card"), "target": T("object"), "amount": T("number"),
                                          "kind": T("text")}), ("damage", "dealt"))
    if dealt is not None and not atomic(dealt):
        b.here(raw, "dealt", "what damage does as it is dealt happens at once: it may not wait for a player "
                             "(a choice, a window)")
        dealt = None
    b.fields.update(damage_deferred=bool(raw.get("deferred", False)), life_counter=life, damage_dealt=dealt,
                    damage_dealt_at=b.source(b.loaded, raw, "dealt") if dealt is not None else None)


@section("replacements", needs=COMPILING)
def replacements(b: Build) -> None:
    """The pack's replacements, compiled. "it" is the card (or player) concerned;
    "source" the card whose ability does it."""
    made = []
    for raw in b.d.get("replacements") or []:
        rep = replacement(b, b.loaded, raw, raw)
        if rep is not None:
            made.append(rep)
    b.fields["replacements"] = tuple(made)
    b.restricted = tuple(r for r in made if "target" in r.events)


@section("replacement_order")
def replacement_order(b: Build) -> None:
    b.fields["replacement_order"] = b.d.get("replacement_order", "listed")


@section("define")
def define(b: Build) -> None:
    raw = b.d.get("define") or {}
    for key in raw:         # before any text is read, as one may read another before it
        _named_as_language(b, raw, key)
    renamed = b.comp.renamed_defines
    for key in raw:
        name, params = defined_name(str(key))
        _named_as_property(b, raw, key, name)
        name = renamed.get(name, name)
        for k, param in enumerate(params):
            problem = b.comp.hides(param) or (f'"{param}" is a parameter twice' if param in params[:k] else None)
            if problem:
                b.at_key(b.loaded, raw, key, problem.replace("variable", "parameter"))
        if params:
            b.names.define_params[name] = params
        tree = b.parse(b.loaded, raw, key, "value")
        if tree is not None:
            b.names.defines[name] = (tree, b.snippet(b.loaded, raw, key))
    b.fields["defines"] = {defined_name(str(k))[0]: str(v) for k, v in raw.items()}
    keys = {renamed.get(n, n): k for k in raw for n in [defined_name(str(k))[0]]}
    for chain in cycles(b.names.defines):
        b.at_key(b.loaded, raw, keys[chain[0]], 'a definition may not read itself, directly or through others: ' +
                 " reads ".join(f'"{n}"' for n in chain))


def _declared_as_language(b: Build, section: str, what: str) -> None:
    """A property, counter or table value may not take a name the language reads as its
    own word ("number of this", "total"): its every use would be told as something else.
    A name is tried as it is read: "NAME of it" for what a card or a player holds, "NAME"
    for a table value."""
    raw = b.d.get(section) or {}
    for key in raw:
        said = str(key) if section == "table" else f"{key} of it"
        if not _reads_as_name(said, str(key)):
            b.at_key(b.loaded, raw, key, f'"{key}" is a word of the language: a {what} may not take its name '
                                         f'("{said}" reads as the language says); rename it')


def _reads_as_name(text: str, name: str) -> bool:
    """Whether the language reads `text` as a read of `name`: "NAME of it", or "NAME"."""
    try:
        tree = dsl.parse(text, "value")
    except dsl.DslSyntaxError:
        return False
    return tree.data in ("prop", "name") and str(tree.children[0]) == name


def _named_as_language(b: Build, raw, key) -> None:
    """A definition may not take the name of a word of the language ("total"), which the
    texts that read it could not: refused here, once; it is kept under a name of the same
    length, by which those texts are read (Compiler.renamed_defines), so that they are not
    refused again for it."""
    name, params = defined_name(str(key))
    if not b.comp.language_word(name):
        return
    b.at_key(b.loaded, raw, key, f'"{name}" is a word of the language: a definition may not take its name; rename it')
    b.comp.renamed_defines[name] = renamed = "_" + name[1:]
    if params:
        b.names.define_params[renamed] = params


def _named_as_property(b: Build, raw, key, name: str) -> None:
    """A definition may not take a property's name: "power of c" would read one and hide
    the other, whichever the designer meant."""
    prop = b.decls.of("property").get(name)
    if prop is not None:
        b.at_key(b.loaded, raw, key, f'"{name}" is already a property, declared at {Path(prop.file).name}:{prop.line}:'
                                     f'{prop.col}: a definition and a property may not share a name, as a text that '
                                     f'reads "{name}" would read only one of them; rename one')


def unused_defines(b: Build) -> None:
    """A definition no text reads is checked alone, as a condition or value of a card's
    ability ("this", "it" a card, or else a set of cards, as in the "where" of "sets of
    ..."): what is wrong in it is told as a warning, as is the definition itself when
    nothing is, since a text that reads it may give it the names it reads (a variable
    of that text). One that another definition reads is not told: where the other is
    read, so is it, and where the other is not, or has an error that stopped it being
    read through, the other is the one to tell. Where the pack has an error, none is told:
    a text the error stopped may be the one that reads it."""
    if b.report.errors:
        return
    c = b.comp
    defines = c.names.defines
    read = set().union(*(reads_of(tree, defines) - {name} for name, (tree, _) in defines.items()))
    for name in [n for n in defines if n not in c.defines_used and n not in read]:
        tree, snippet = c.names.defines[name]
        found = _alone(c, name, tree, snippet, T("card"))
        if found and not _alone(c, name, tree, snippet, T("cards")):
            found = []
        for p in found:
            b.report.add(p.file, p.line, p.col, f'{p.message} (in the definition "{name}", which no text reads)',
                         severity="warning")
        if not found:
            at = b.decls.of("defined condition").get(name)
            line, col = (at.line, at.col) if at is not None else snippet.position(1, 1)
            b.report.add(snippet.file, line, col, f'the definition "{name}" is read by no text', severity="warning")


def _alone(c, name, tree, snippet, it: T) -> list:
    """The problems of a definition compiled alone, "it" of type `it`."""
    saved, c.snippet = c.snippet, snippet
    try:
        c.expr(tree, Scope(dict.fromkeys(c.names.define_params.get(name, ()), ANY), this=T("card"), it=it))
    finally:
        c.snippet = saved
    found, c.problems[:] = list(c.problems), []
    return found


@section("scripts", needs=("define",))
def scripts(b: Build) -> None:
    """Each script parsed, its parameters checked: a use compiles it (lang/vocabulary/scripts.py)."""
    for name, raw in (b.d.get("scripts") or {}).items():
        params = raw.get("for") or []
        for k, param in enumerate(params):
            problem = b.comp.hides(param) or (f'"{param}" is a parameter twice' if param in params[:k] else None)
            if problem:
                b.here(raw["for"], k, problem.replace("variable", "parameter"))
        # A parameter named by a word of the language is refused where it is named, not again where read.
        b.comp.refused = frozenset(filter(b.comp.language_word, params))
        tree = b.parse(b.loaded, raw, "do", "script")
        b.comp.refused = frozenset()
        b.names.scripts[name] = NamedScript(tuple(params), tree, b.snippet(b.loaded, raw, "do"))


section("imports")(build_imports)
section("decks", "deck_rules", needs=("cards", "imports"))(build_decks)
section("cards", needs=("card_types",))(build_cards)


@section("tokens", needs=("zones", "cards"))
def build_tokens(b: Build) -> None:
    """Where tokens exist: the zones `exist_in` names, or the zone with role play."""
    raw = b.d.get("tokens") or {}
    zones = raw.get("exist_in")
    if zones is None:
        play = b.names.roles.get("play")
        zones = [play] if play else []
    for k, name in enumerate(zones):
        if name not in b.names.zones and "exist_in" in raw:
            b.here(raw["exist_in"], k, f'unknown zone "{name}"{b.decls.near("zone", name)}')
    b.fields["token_zones"] = frozenset(zones)


def token_uses(b: Build) -> None:
    """Each "create" names a token the card files declare (known once every text is compiled)."""
    if not getattr(b, "unread", False):         # a card file that could not be read may hold it
        _known_uses(b, b.comp.token_uses, b.fields.get("tokens") or {}, 'unknown token "{}"',
                    "the card files declare no tokens", "the tokens")


def card_names(b: Build) -> None:
    """Each quoted text compared with a card's name is the name of a card or token the pack
    can hold: its cards, its tokens, and every card of its imports (known once every text is
    compiled and the decks are made)."""
    sources = b.fields.get("sources") or {}
    if not b.comp.card_names or getattr(b, "unread", False) or len(sources) < len(b.d.get("imports") or ()):
        return          # nothing to check, or a card file or an import that could not be read may hold it
    named = {*(b.fields.get("cards") or ()), *(b.fields.get("tokens") or ()),
             *(r.get("name") for source in sources.values() for r in source.records)}
    _known_uses(b, dict.fromkeys(b.comp.card_names), named, 'no card is named "{}"')


def ability_uses(b: Build) -> None:
    """Each "use ABILITY of CARD" names an activated ability some card or card type has
    (known once every card is read)."""
    if not getattr(b, "unread", False):         # a card file that could not be read may hold it
        names = {ab.name for ab in b.abilities if ab.trigger is None and ab.static is None and ab.replace is None}
        _known_uses(b, b.comp.ability_uses, names, 'no card has an activated ability "{}" to use',
                    "no card of the pack has one", "the abilities")


def _known_uses(b: Build, uses, known, said: str, none: str = "", listed: str = "") -> None:
    """Each (name, where it is written) of `uses` is one of `known`; else `said` of it is
    told there, with a near name, or else (where `listed` names them) what `known` holds,
    or `none` where it holds nothing."""
    for name, where in uses:
        if name not in known:
            hint = did_you_mean(name, known)
            if not hint and listed:
                hint = f' ({listed}: {", ".join(sorted(known))})' if known else f" ({none})"
            b.report.add(where.file, where.line, where.col, said.format(name) + hint)


@section("setup", needs=COMPILING)
def setup(b: Build) -> None:
    b.fields["setup"] = b.script(b.d, "setup", Scope({}), ("setup",))


@section("rounds", needs=COMPILING)
def rounds(b: Build) -> None:
    made = []
    raws = b.d.get("rounds") or []
    taken = {"turn": "the turn", **{s: "a step" for s in b.names.steps}, **{p: "a phase" for p in b.names.phases}}
    for level, raw in enumerate(raws):
        name = raw["round"]
        if name in taken:
            b.here(raw, "round", f'"{name}" is already {taken[name]}: a round needs a name of its own')
        taken[name] = "a round"
        if "until" not in raw and level < len(raws) - 1:
            b.here(raw, "round", f'say when a {name} ends (until: ...): it is made of {raws[level + 1]["round"]}s')
        until = b.compile(b.loaded, raw, "until", "condition", Scope({})) if "until" in raw else None
        begin, end = (b.script(raw, key, Scope({}), ("round", name, key)) for key in ("begin", "end"))
        made.append(RoundDef(name, until[0] if until else None, begin, end, b.source(b.loaded, raw, "round")))
    b.fields["rounds"] = tuple(made)


@section("turn", needs=COMPILING)
def turn(b: Build) -> None:
    phases, prompts = [], {}
    for p in b.d["turn"]:
        if "steps" in p:
            steps = tuple(Step(s["step"], b.script(s, "script", Scope({}), ("step", p["phase"], s["step"])))
                          for s in p["steps"])
        else:
            steps = (Step(p["phase"], b.script(p, "script", Scope({}), ("step", p["phase"], p["phase"]))),)
        phases.append(Phase(p["phase"], steps))
        # A step's prompt, else its phase's, words every window opened in that step.
        said = checked_prompt(b, p) if "prompt" in p else None
        for raw, step in zip(p.get("steps") or [p], steps):
            text = checked_prompt(b, raw) if "prompt" in raw and raw is not p else said
            if text:
                prompts[(p["phase"], step.name)] = text
    b.fields.update(phases=tuple(phases), phase_prompts=prompts)


def checked_prompt(b: Build, raw) -> str | None:
    """The `prompt` of a window, phase or step; None, said where, when its braces name
    nothing a prompt can be filled in with."""
    text = raw["prompt"]
    problem = prompt_problem(text)
    if problem is None:
        return text
    b.here(raw, "prompt", f"prompt: {problem}")
    return None


@section("checks", needs=COMPILING)
def checks(b: Build) -> None:
    # What the checks look at (Compiler.note): a change elsewhere does not make them run again.
    with b.comp.noting() as read:
        b.comp.in_checks = True
        try:
            b.fields["checks"] = b.script(b.d, "checks", Scope({}), ("checks",))
        finally:
            b.comp.in_checks = False
    b.fields["checks_read"] = frozenset(read)
    b.fields["checks_source"] = b.source(b.loaded, b.d, "checks") if "checks" in b.d else None


@section("checks_at")
def checks_at(b: Build) -> None:
    b.fields["checks_at"] = b.d.get("checks_at", "priority")


@section("pile", needs=COMPILING)
def pile(b: Build) -> None:
    raw = b.d.get("pile") or {}
    zone = raw.get("zone")
    if zone is not None and zone not in b.decls.of("zone"):
        b.here(raw, "zone", f'unknown zone "{zone}"{b.decls.near("zone", zone)}')
    b.fields.update(pile_zone=zone, pile_resolve=raw.get("resolve", "all"),
                    pile_after_each=b.script(raw, "after_each", Scope({}, this=T("card")), ("pile", "after_each")),
                    pile_after_all=b.script(raw, "after_all", Scope({}), ("pile", "after_all")),
                    priority_after_pile=raw.get("priority_after_adding", "same"),
                    pile_recheck=bool(raw.get("recheck", False)), pile_sources=raw.get("sources", "free"),
                    pile_triggers=raw.get("triggers", "fired"))


@section("end")
def end(b: Build) -> None:
    raw = b.d.get("end") or {}
    limit = raw.get("turn_limit")
    if limit is not None and limit not in b.decls.of("option"):
        b.here(raw, "turn_limit", f'unknown option "{limit}"{b.decls.near("option", limit)}')
    b.fields.update(turn_limit_option=limit)
    unit = raw.get("limit_of", "turn")
    if unit != "turn" and unit not in b.names.rounds:
        b.here(raw, "limit_of", f'"{unit}" is not turn nor a round of the pack'
                                f'{did_you_mean(unit, ["turn", *b.names.rounds])}')
    b.fields["limit_of"] = unit
    b.fields["at_limit"] = raw.get("at_limit", "draw")
    b.fields["losers"] = raw.get("losers", "shared")
    for key in ("max_turns", "max_decisions"):
        if key in raw:
            b.fields[key] = raw[key]


@section("ranking", needs=COMPILING)
def ranking(b: Build) -> None:
    made, said = [], []
    for raw in b.d.get("ranking") or []:
        res = b.compile(b.loaded, raw, "by", "value", Scope({}, it=T("player")))
        if res is None:
            continue
        fn, t = res
        if t.kind not in ("number", "any"):
            b.here(raw, "by", f'a player is ranked by a number, but "{raw["by"]}" is {t.word()}')
        made.append((fn, raw.get("best", "highest")))
        said.append(str(raw["by"]))
    b.fields.update(ranking=tuple(made), ranking_said=tuple(said))


@section("evaluation", needs=COMPILING)
def evaluation(b: Build) -> None:
    made = []
    for name, raw in (b.d.get("evaluation") or {}).items():
        res = b.compile(b.loaded, raw, "value", "value", Scope({}))
        if res is not None:
            fn, t = res
            if t.kind not in ("number", "any"):
                b.here(raw, "value", f'the feature "{name}" must be a number, but it is {t.word()}')
            made.append((name, float(raw.get("weight", 1)), fn))
    b.fields["evaluation"] = tuple(made)


@section("face_down")
def face_down(b: Build) -> None:
    b.fields["face_down_props"] = dict(((b.d.get("face_down") or {}).get("properties")) or {})


@section("auto_single")
def auto_single(b: Build) -> None:
    b.fields["auto_single"] = bool(b.d.get("auto_single", True))



section("rulesets", needs=("options", "properties", "decks", "cards"))(build_rulesets)
