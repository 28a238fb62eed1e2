"""The `imports`, `cards` and `decks` sections: card sets and card data imported, the
card files read (families and cards, with their abilities), and each deck's cards."""
from __future__ import annotations

import dataclasses
from pathlib import Path

from ..engine import limits
from ..engine.model import CardDef
from ..infiles import DATA_LIMIT, TEXT_LIMIT, FileProblem
from ..lang.static_types import T
from ..suggest import did_you_mean, suggest
from .abilities import ability
from .build import Build
from .declarations import Declaration
from .finding import from_here
from .importing import (CardMaker, Family, ImportProblem, Source, deck_from_list, filters, kind_of, read_format,
                        takes_import, unfit, with_type_abilities)
from .project import RULE, shared_card_sets, shown
from .syntax import read_fitting
from .yamlpos import MAX_BYTES

RESERVED_KEYS = {"name", "match", "count", "types", "keywords", "text", "abilities"}


# ---------------------------------------------------------------- imports
def build_imports(b: Build) -> None:
    sources = {}
    for imp in b.d.get("imports") or []:
        source = _import(b, imp)
        if source is not None:
            sources[imp["as"]] = source
    b.fields["sources"] = sources


def _import(b: Build, imp):
    """One entry of `imports`: a YAML card set, or a file in a registered card format."""
    written = imp["from"]
    sets = shared_card_sets()
    if written in sets and not b.reader.has(written):
        key, path = b.reader.shared_set(written)
    else:
        # A card format's reader may be another package's: the size is checked for it.
        found = _pack_file(b, b.loaded, imp, "from", sets, DATA_LIMIT if "format" in imp else None)
        if found is None:
            return None
        key, path = found[0], from_here(found[1].resolve())
    if "format" in imp:
        try:
            records = read_format(imp["format"], path, b.reader.reading(key, path, DATA_LIMIT))
        except ImportProblem as e:
            _report_import(b, b.loaded, imp, "format" if not e.problems else "from", e)
            return None
        source = Source(imp["as"], records, imp.get("map"), imp["format"])
        if isinstance(imp.get("map"), dict):
            _check_map(b, imp["map"], source)
        return source
    lo = read_fitting(b, path, "cards", b.reader.reading(key, path, MAX_BYTES))
    if lo is None:
        return None
    return Source(imp["as"], list(lo.data.get("cards") or []), imp.get("map"))


def _check_map(b: Build, mapping, source: Source) -> None:
    """The import's map, checked once at its lines: each property one the pack declares and
    cards may hold, a count for a number, and each field one that some card of the data
    has (else a warning: the map reads nothing there)."""
    fields = set()
    for r in source.records:
        fields.update(r.keys())

    def check_fields(container, key) -> None:
        named = container[key]
        for c, k, name in ([(named, i, n) for i, n in enumerate(named)] if isinstance(named, list)
                           else [(container, key, named)]):
            if isinstance(name, str) and name not in fields:
                b.here(c, k, f'no card of "{source.name}" has a field "{name}"{did_you_mean(name, fields)}: '
                             f'the map reads nothing there', severity="warning")
    for key in ("types", "keywords"):
        if key in mapping:
            check_fields(mapping, key)
    props = mapping.get("properties") or {}
    declared = b.d.get("properties") or {}
    for prop, spec in props.items():
        if prop not in b.names.properties:
            source.refused.add(prop)
            b.at_key(b.loaded, props, prop, f'unknown property "{prop}"{did_you_mean(prop, b.names.properties)}')
        elif prop in b.names.derived:
            source.refused.add(prop)
            b.at_key(b.loaded, props, prop, f'"{prop}" is computed from other properties (derived in pack.yaml): '
                                            f'a map cannot set it')
        elif not isinstance(spec, dict):
            check_fields(props, prop)
        else:
            check_fields(spec, "in")
            words = "words" in (declared.get(prop) or {})
            if "count" in spec and (prop in b.names.one_of or words or kind_of(b.names.properties[prop]) != "a number"):
                held = "one word" if prop in b.names.one_of else "words" if words else kind_of(b.names.properties[prop])
                source.refused.add(prop)
                b.at_key(b.loaded, props, prop, f'"{prop}" holds {held}: a count gives a number')
            elif "find" in spec and not words:
                source.refused.add(prop)
                b.at_key(b.loaded, props, prop, f'"{prop}" takes the words it finds, but it is not a property with "words"')


# ------------------------------------------------------------------ cards
def card_files(b: Build, patterns, i: int) -> tuple[list, bool]:
    """(key, path) of the card files pattern `i` of `cards:` finds, and whether it found
    any the pack may not read: those are reported at the pattern."""
    found, refused = b.reader.glob(patterns[i])
    for written, why in refused:
        b.here(patterns, i, f'cannot read "{shown(written)}": {why}', _hint(why))
    return found, bool(refused)


def build_cards(b: Build) -> None:
    families, standalone, tokens = _read_card_files(b)
    family_defs = []
    for lo, raw in families:
        types, props, kws, own, abilities = _card_parts(b, lo, raw)
        match = raw.get("match")
        if match is None:
            b.at(lo, raw, "name", f'the family "{raw["name"]}" has no "match": say which imported cards it '
                                  'gives its rules to (match: {} for all of them)')
        # A family on top of a map lists its own abilities; the card's types give theirs when it is made.
        family_defs.append(Family(raw["name"], None if match is None else dict(match), raw.get("text", ""),
                                  types, props, kws, abilities, own))
    cards = {name: card_def(b, lo, raw) for name, (lo, raw) in standalone.items()}
    made = {}
    for name, (lo, raw) in tokens.items():
        if name in cards:
            b.at(lo, raw, "name", f'"{name}" is a card: a token needs a name of its own')
        made[name] = dataclasses.replace(card_def(b, lo, raw), token=True)
    props_raw = b.d.get("properties") or {}
    b.fields["cards"] = cards
    b.fields["tokens"] = made
    b.fields["card_maker"] = CardMaker(cards, family_defs, b.names.type_order, b.names.keywords, b.names.properties,
                                       b.fields["type_abilities"],
                                       {n: tuple(r["words"]) for n, r in props_raw.items() if "words" in r},
                                       b.names.one_of)


def card_def(b: Build, lo, raw) -> CardDef:
    """A card of a card file (`raw`, read from `lo`), checked and compiled. Whether its
    abilities end a game, and the options they read, are kept by card (b.ending_cards,
    b.card_options), so that a card checked again alone (recheck.py) says it as the
    whole pack would."""
    ends, b.comp.ends = b.comp.ends, False
    read, b.comp.options_read = b.comp.options_read, set()
    types, props, kws, _own, abilities = _card_parts(b, lo, raw)
    if b.comp.ends:
        b.ending_cards.add(raw["name"])
    else:
        b.ending_cards.discard(raw["name"])
    b.card_options[raw["name"]] = b.comp.options_read
    b.comp.ends, b.comp.options_read = ends, read
    return CardDef(raw["name"], types, props, kws, abilities, None, raw.get("text", ""))


def _read_card_files(b: Build) -> tuple[list, dict, dict]:
    """The families (file, raw), the cards and the tokens (name -> (file, raw)) of the card
    files; b.unread says whether a card file could not be read (the cards it holds are unknown)."""
    families, standalone, tokens = [], {}, {}
    declared = b.decls.of("card")
    b.unread = False
    patterns = b.d.get("cards") or []
    for i, pattern in enumerate(patterns):
        found, refused = card_files(b, patterns, i)
        b.unread = b.unread or refused
        if not found and not refused:
            b.here(patterns, i, f'no card file matches "{pattern}"')
        for key, path in found:
            lo = read_fitting(b, path, "cards", b.reader.reading(key, path, MAX_BYTES))
            if lo is None:
                b.unread = True
                continue
            b.card_files[key] = lo
            for raw in lo.data.get("families") or []:
                families.append((lo, raw))
                b.decls.add("family", raw["name"], lo.filename, raw.value_pos["name"])
            for raw in lo.data.get("cards") or []:
                name = raw["name"]
                if name in standalone:
                    b.at(lo, raw, "name", f'a card named "{name}" is defined twice')
                standalone[name] = (lo, raw)
                if name not in declared:     # (a tuple made without a call: one a card of thousands)
                    declared[name] = tuple.__new__(Declaration, ("card", name, lo.filename, *raw.value_pos["name"]))
            for raw in lo.data.get("tokens") or []:
                name = raw["name"]
                if name in tokens:
                    b.at(lo, raw, "name", f'a token named "{name}" is defined twice')
                tokens[name] = (lo, raw)
                b.decls.add("token", name, lo.filename, raw.value_pos["name"])
    return families, standalone, tokens


def _card_parts(b: Build, lo, raw):
    """A card's (or a family's) types, properties, keywords, own abilities, and all its abilities."""
    types = list(raw.get("types") or [])
    for k, t in enumerate(types):
        if t not in b.names.card_types:
            b.at(lo, raw["types"], k, f'unknown card type "{t}"{b.decls.near("card type", t)}')
    props = _card_props(b, lo, raw)
    kws = list(raw.get("keywords") or [])
    for k, kw in enumerate(kws):
        if kw not in b.names.keywords:
            b.at(lo, raw["keywords"], k, f'unknown keyword "{kw}"{b.decls.near("keyword", kw)}')
    this_type = T("card", frozenset(types))
    own = []
    for ab_raw in raw.get("abilities") or ():
        ab = ability(b, ab_raw, raw["name"], this_type, lo)
        if ab is not None:
            own.append(ab)
    every = with_type_abilities(own, types, b.names.type_order, b.fields["type_abilities"])
    return frozenset(types), props, frozenset(kws), tuple(own), every


def _card_props(b: Build, lo, raw) -> dict:
    names, props_raw = b.names, b.d.get("properties") or {}
    props = {}
    for key, value in raw.items():
        if key in RESERVED_KEYS:
            continue
        if key not in names.properties:
            b.at_key(lo, raw, key, f'unknown property "{key}"{did_you_mean(key, [*b.decls.names("property"), *RESERVED_KEYS])}')
            continue
        if key in names.derived:
            b.at(lo, raw, key, f'"{key}" is computed from other properties (derived in pack.yaml): a card cannot set it')
            continue
        words = props_raw[key].get("words")
        one_of = b.names.one_of.get(key)
        if one_of is not None:
            if value not in one_of:
                b.at(lo, raw, key, f'"{value}" is not a word of "{key}"{did_you_mean(str(value), one_of)}')
            else:
                props[key] = value
            continue
        if words is None and isinstance(value, (list, tuple)):
            b.at(lo, raw, key, f'"{key}" takes one value, not a list: only a property declared with words takes a list')
            continue
        if words is not None:
            value = tuple(value) if isinstance(value, (list, tuple)) else (value,)
            for w in value:
                if w not in words:
                    b.at(lo, raw, key, f'"{w}" is not a word of "{key}"{did_you_mean(str(w), words)}')
        elif (why := unfit(value, names.properties[key])) is not None:
            # Rules compare and add properties: a word where a number belongs would break them in play.
            b.at(lo, raw, key, f'"{key}" {why}')
            continue
        props[key] = value
    return props


# ------------------------------------------------------------------ decks
def build_decks(b: Build) -> None:
    from .deckrules import deck_rules
    decks = {}
    rules = deck_rules(b.d.get("deck_rules"))
    imported = [i.get("as") for i in b.d.get("imports") or []]
    for dname, raw in (b.d.get("decks") or {}).items():
        if b.unread:
            # Its cards may be in the file that could not be read: checking it now would
            # only report them as unknown.
            decks[dname] = ()
            continue
        before = len(b.report.errors)
        names = _deck(b, raw, imported)
        if names is None:
            decks[dname] = ()
            continue
        size = raw.get("size")
        # A deck with a problem of its own is not counted as well.
        if size is not None and len(names) != size and len(b.report.errors) == before:
            b.here(raw, "size", f'deck "{dname}" has {len(names)} cards, not {size}')
        if len(b.report.errors) == before:
            _keeps_rules(b, dname, raw, names, rules)
        decks[dname] = tuple(names)
    b.fields["decks"] = decks
    b.fields["deck_rules"] = rules
    b.fields["deck_rule_of"] = {d: raw["rules"] for d, raw in (b.d.get("decks") or {}).items() if raw.get("rules")}


def _keeps_rules(b: Build, dname: str, raw, names: list, rules: dict) -> None:
    """A deck that names its rules (`rules:`) keeps them: each rule it breaks is reported there."""
    from .deckrules import deck_problems
    if "rules" not in raw:
        return
    rule = rules.get(raw["rules"])
    if rule is None:
        b.here(raw, "rules", f'unknown deck rules "{raw["rules"]}"{did_you_mean(raw["rules"], rules)}')
        return
    for message in deck_problems(rule, names, b.fields["card_maker"].cards, f'deck "{dname}"'):
        b.here(raw, "rules", message)


def _deck(b: Build, raw, imported: list):
    """The card names of one entry of `decks` (None when its import failed); problems go
    to the report."""
    from .decklist import too_many_cards

    source = None
    src = raw.get("from")
    names = []
    for key in [k for k in ("where", "except") if k in raw and src is None]:
        b.here(raw, key, f'"{key}" picks cards of an import by their fields: name the import with "from"')
    if src is not None:
        source = b.fields["sources"].get(src)
        if source is None:
            if src not in imported:   # an import that failed was reported already
                b.here(raw, "from", f'unknown import "{src}"{b.decls.near("import", src)}')
            return None
        if takes_import(raw):
            names = _deck_where(b, raw, source)
    searched = [source] if source else []
    if not _deck_entries(b, raw, source, searched, names):
        return None
    if "list" in raw:
        found = _pack_file(b, b.loaded, raw, "list")
        if found is None:
            return None
        key, path = found
        try:
            names.extend(deck_from_list(path, searched, b.fields["card_maker"],
                                        read=b.reader.reading(key, path, TEXT_LIMIT)))
        except ImportProblem as e:
            _report_import(b, b.loaded, raw, "list", e)
    if len(names) > limits.DECK:
        b.here(raw, "list" if "list" in raw else "from", too_many_cards(len(names), "with these cards"))
        return None
    return names


def _deck_where(b: Build, raw, source) -> list:
    """The cards of an import its `where` picks (every card, without one), but those its
    `except` leaves out."""
    names, failed = [], []
    maker = b.fields["card_maker"]
    before = len(b.report.errors)
    for key in ("where", "except"):
        for match in filters(raw.get(key)):
            _match_names(b, match, source)
    if len(b.report.errors) > before:       # a misspelt value picks cards the deck does not mean: none are made
        return names
    for record in source.picked(raw):
        try:
            names.append(maker.make(source, record).name)
        except ImportProblem as e:
            failed.append(e.message)
    if failed:
        more = f" (and {len(failed) - 1} more cards)" if len(failed) > 1 else ""
        # No family at all: the card files are not listed under cards:, or hold none.
        hint = None if maker.families else ("the pack has no card family: a card file's families: give imported "
                                            "cards their rules (match: {} for every card), and pack.yaml's cards: "
                                            "lists the card files")
        b.here(raw, "from", failed[0] + more, hint)
    return names


def _match_names(b: Build, match: dict, source) -> None:
    """Each field a deck's `where` or `except` names is one the import's cards have, and
    each value one a card holds: a misspelt name would keep, or leave out, nothing."""
    fields = {k for r in source.records for k in r}
    for field_name, wanted in match.items():
        held = source.held(field_name)
        if held is None:
            b.at_key(b.loaded, match, field_name, f'no card of "{source.name}" has a field "{field_name}"'
                                                  f'{did_you_mean(field_name, fields)}')
            continue
        values, container = (wanted, wanted) if isinstance(wanted, list) else ([wanted], None)
        for k, value in enumerate(values):
            if value not in held:
                b.here(container if container is not None else match, k if container is not None else field_name,
                       f'no card of "{source.name}" has {field_name} "{value}"'
                       f'{did_you_mean(str(value), [str(v) for v in held])}')


def _deck_entries(b: Build, raw, source, searched: list, names: list) -> bool:
    """Adds the deck's `cards:` entries to `names`; False when they pass the deck limit."""
    from .decklist import split_entry, too_many_cards

    maker = b.fields["card_maker"]
    for k, entry in enumerate(raw.get("cards") or []):
        count, cname, _ = split_entry(entry.strip())
        if isinstance(count, str):
            b.here(raw["cards"], k, count)
            continue
        try:
            card = maker.named(cname, searched)
        except ImportProblem as e:
            b.here(raw["cards"], k, e.message)
            continue
        if card is None:
            if cname in b.fields.get("tokens", ()):
                b.here(raw["cards"], k, f'"{cname}" is a token: effects create it, a deck cannot hold it')
                continue
            known = [*maker.cards, *(r["name"] for r in source.records)] if source else maker.cards
            b.here(raw["cards"], k, f'unknown card "{cname}"{did_you_mean(cname, known)}')
            continue
        if len(names) + count > limits.DECK:
            b.here(raw["cards"], k, too_many_cards(len(names) + count, "with this entry"))
            return False
        names.extend([card.name] * count)
    return True


# ---------------------------------------------------------- files a pack names
def _report_import(b: Build, loaded, container, key, e: ImportProblem) -> None:
    """Problems inside a card file or deck list are reported where they are; a
    problem with no place of its own, at the pack's line that asked for it."""
    if not e.problems:
        b.at(loaded, container, key, e.message)
    for file, line, col, message in e.problems:
        b.report.add(file, line, col, message)


def _pack_file(b: Build, loaded, container, key, sets: dict | None = None,
               limit: int | None = None) -> tuple[str, Path] | None:
    """The key and path of the file a pack names at `container[key]`, when the pack may
    read it; else None, with the problem reported on the pack's line."""
    written = container[key]
    try:
        return b.reader.pack_file(written, limit)
    except FileProblem as e:
        if e.missing:
            message = f'no such file "{shown(written)}"{_nearest(b, written, sets or {})}'
        else:
            message = f'cannot read "{shown(written)}": {e.message}'
        b.at(loaded, container, key, message, _hint(e.message, written, sets))
        return None


def _nearest(b: Build, written: str, sets: dict) -> str:
    """'; did you mean ...' for a file that does not exist: a file of a close name in its
    folder, or one of cardtable's card sets."""
    near = b.folder / written
    names = b.reader.names_beside(written)
    try:
        if b.reader.on_disk and near.parent.is_dir():
            names += [p.name for p in near.parent.iterdir()]
    except OSError:
        pass
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

