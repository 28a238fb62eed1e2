"""Cards a pack takes from shared card files, and the decks built from them.

A shared file is either a card set in YAML (a `cards:` list of mappings, like
the standard 54-card deck) or a file in a registered card format (`format:`),
read by the reader a package registers under the entry point group
`cardtable.card_formats`. Each imported card becomes a card of the pack through
the family whose `match` fits it, or through the import's `map`.
"""
from __future__ import annotations

import re

from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path

from ..engine.limits import NUMBER, SAID_NUMBER
from ..engine.model import CardDef
from ..infiles import DATA_LIMIT, FileProblem, check_file
from ..suggest import described, did_you_mean

FORMAT_GROUP = "cardtable.card_formats"


class ImportProblem(Exception):
    """Shared cards or a deck list that cannot be used. `problems` holds located
    problems (file, line, col, message); when it is empty the message stands alone
    and the caller places it."""

    def __init__(self, message: str, problems: list | None = None):
        super().__init__(message)
        self.message = message
        self.problems = problems or []


class _Builtin:
    """A card format cardtable reads itself, looked up like an entry point."""

    def __init__(self, module: str, attr: str):
        self.module, self.attr = module, attr

    def load(self):
        import importlib

        return getattr(importlib.import_module(self.module, __package__), self.attr)


# cardtable's own readers. They are declared in pyproject.toml too, for tools that list
# the group; read from here, they work from a checkout, and whatever an older install's
# metadata says of where they live.
BUILTIN_FORMATS = {"mtg": _Builtin(".mtgdata", "records_for_pack")}


def card_formats() -> dict:
    """Every card format by name: other packages' (entry points), then cardtable's own."""
    return {**{ep.name: ep for ep in entry_points(group=FORMAT_GROUP)}, **BUILTIN_FORMATS}


def read_format(name: str, path: Path, read=None) -> list[dict]:
    """The records of a card data file in format `name`. `read()` gives the file's bytes
    when they do not come from the disk; a reader that takes them (`takes_bytes`) gets
    them, any other reads the file itself."""
    formats = card_formats()
    if name not in formats:
        known = ", ".join(sorted(formats)) or "none"
        raise ImportProblem(f'unknown card format "{name}"{did_you_mean(name, formats)} (known: {known})')
    # A reader may be another package's, which reads the file itself: cardtable checks it
    # first, so that no reader waits on a named pipe or reads past the card data limit.
    try:
        raw = read() if read is not None else None
        if raw is None:
            check_file(path, DATA_LIMIT)
    except FileProblem as e:
        raise ImportProblem(f"{path}: error: {e.message}", [(str(path), 1, 1, e.message)]) from None
    reader = formats[name].load()
    try:
        return reader(path, raw) if raw is not None and getattr(reader, "takes_bytes", False) else reader(path)
    except Exception as e:  # a reader's own error names the file, line and column
        located = [(getattr(e, "file", str(path)), line or 1, col or 1, message)
                   for line, col, message in getattr(e, "problems", ())]
        raise ImportProblem(str(e), located) from None


def kind_of(value) -> str:
    """The kind of a property's value, as a message says it."""
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    return "a text" if isinstance(value, str) else "a list"


def unfit(value, default) -> str | None:
    """Why `value` cannot stand where a property whose default is `default` (not one of
    words) takes one ('is a number (its default is 0), not "two"'), or None: a rule
    compares and adds it as its default is, and counts within the engine's bound."""
    if kind_of(value) != kind_of(default):
        said = default if kind_of(default) == "a number" else described(default)
        return f"is {kind_of(default)} (its default is {said}), not {described(value)}"
    if kind_of(value) == "a number" and not -NUMBER <= value <= NUMBER:     # NaN too
        past = "infinity" if abs(value) == float("inf") else "NaN" if value != value else "one past them"
        return f"must be a number from -{SAID_NUMBER} to {SAID_NUMBER}, not {past}"
    if isinstance(value, float) and not value.is_integer():
        return f"must be a whole number (the rules count in whole numbers), not {value}"
    return None


def matches(value, wanted) -> bool:
    """A `match` or `where` test: `wanted` is a value or a list of values; a field that
    holds a list (a card's types) matches when any of its items does."""
    if isinstance(value, (list, tuple)):
        return any(matches(v, wanted) for v in value)
    if isinstance(wanted, list):
        return value in wanted
    return value == wanted


@dataclass
class Source:
    """One import: its cards by name, and how they map onto the pack's cards."""
    name: str
    records: list
    mapping: dict | None = None
    format: str | None = None        # the card format it was read in, if any
    by_name: dict = field(default_factory=dict)
    refused: set = field(default_factory=set)      # properties of the map refused at its lines: not read

    def __post_init__(self):
        for r in self.records:
            self.by_name.setdefault(str(r.get("name", "")).casefold(), r)
        # The other names a card format says a card goes by (the front face of a card
        # of two faces, say), after every card's own name. In a YAML card set, "aliases"
        # is a field like any other.
        if self.format is None:
            return
        for r in self.records:
            aliases = r.get("aliases")
            for alias in aliases if isinstance(aliases, (list, tuple)) else ():
                if isinstance(alias, str):
                    self.by_name.setdefault(alias.casefold(), r)

    def find(self, name: str):
        return self.by_name.get(name.casefold())

    def where(self, conditions: dict) -> list:
        return [r for r in self.records if _fits(r, conditions)]

    def picked(self, deck: dict) -> list:
        """The cards a deck takes from this import: those its `where` keeps (every card,
        without one), but those a match of its `except` picks."""
        left_out = filters(deck.get("except"))
        return [r for r in self.where(deck.get("where") or {}) if not any(_fits(r, m) for m in left_out)]

    def held(self, field_name: str) -> set | None:
        """The values the cards hold in a field (each item of a list field), None when no
        card has it."""
        found, had = set(), False
        for r in self.records:
            if field_name in r:
                had = True
                value = r[field_name]
                found.update(v for v in (value if isinstance(value, (list, tuple)) else (value,)) if _hashable(v))
        return found if had else None


def _fits(record: dict, match: dict) -> bool:
    """Whether a card holds every value a match asks of its fields."""
    return all(matches(record.get(k), v) for k, v in match.items())


def _hashable(value) -> bool:
    return isinstance(value, (str, int, float, bool)) or value is None


def filters(raw) -> list:
    """A deck's `where` or `except` as a list of matches (`except` may list several)."""
    return [] if not raw else list(raw) if isinstance(raw, list) else [raw]


def takes_import(deck: dict) -> bool:
    """Whether a deck takes cards from its import by their fields: with `where` or
    `except`, or with nothing else named (all of them)."""
    return "where" in deck or "except" in deck or ("cards" not in deck and "list" not in deck)


@dataclass
class Family:
    """A card family of the pack: the cards its `match` fits share its rules (every card
    for an empty match, none for a family without one, refused where it is written)."""
    name: str
    match: dict | None
    text: str
    types: frozenset
    props: dict
    keywords: frozenset
    abilities: tuple        # its own abilities, then those of its types
    own: tuple = ()         # its own abilities only


class CardMaker:
    """Turns imported records into the pack's CardDefs, once each."""

    def __init__(self, cards: dict, families: list, card_types, keywords, properties, type_abilities,
                 words: dict | None = None, one_of: dict | None = None):
        self.cards = cards                  # the pack's cards by name (filled in here)
        self.families = families            # of Family
        self.card_types = card_types
        self.keywords = keywords
        self.properties = properties
        self.type_abilities = type_abilities
        self.words = words or {}            # word-list property -> the words it may hold
        self.one_of = one_of or {}          # property of one word -> the words it may hold, in order

    def make(self, source: Source, record: dict) -> CardDef:
        """The card of `record`, made once: a pack holds one card of a name, the first made."""
        name = record["name"]
        if name not in self.cards:
            self.cards[name] = self._card(source, record)
        return self.cards[name]

    def _card(self, source: Source, record: dict) -> CardDef:
        name = record["name"]
        fams = [f for f in self.families
                if f.match is not None and all(matches(record.get(k), v) for k, v in f.match.items())]
        if len(fams) > 1:
            raise ImportProblem(f'"{name}" matches several card families: {", ".join(f.name for f in fams)}')
        if fams and source.mapping is not None:
            # The map makes the card; its family adds card text on top (abilities, keywords, properties).
            f = fams[0]
            base = self._mapped(source, record)
            types = base.types | f.types
            card = CardDef(name, types, {**base.props, **f.props}, base.keywords | f.keywords,
                           with_type_abilities(f.own, types, self.card_types, self.type_abilities),
                           f.name, f.text or base.text)
        elif fams:
            f = fams[0]
            merged = {k: self._fit(name, k, v) for k, v in record.items() if k in self.properties}
            merged.update(f.props)
            card = CardDef(name, f.types, merged, f.keywords, f.abilities, f.name, f.text)
        elif source.mapping is not None:
            card = self._mapped(source, record)
        else:
            raise ImportProblem(f'no card family of the pack matches "{name}", and the import has no "map"')
        return card

    def _mapped(self, source: Source, record: dict) -> CardDef:
        mapping = source.mapping
        aliases = mapping.get("aliases") or {}

        def words(value) -> list:
            # The card data's words, in the pack's words: "infect" may be read as "poison".
            return [aliases.get(w, w) if isinstance(w, str) else w for w in _as_list(value)]
        types = frozenset(t for t in words(record.get(mapping.get("types", "types"))) if t in self.card_types)
        kws = frozenset(k for k in words(record.get(mapping.get("keywords", "keywords"))) if k in self.keywords)
        props = {}
        for prop, fields in (mapping.get("properties") or {}).items():
            if prop in source.refused:
                continue
            if isinstance(fields, dict) and "find" in fields:
                props[prop] = self._found(prop, fields, record)
                continue
            if isinstance(fields, dict):
                # How often a text stands in a field: {in: mana_cost, count: "{R}"}.
                value = record.get(fields["in"])
                texts = [value] if isinstance(value, str) else value if isinstance(value, list) else []
                counted = sum(t.count(fields["count"]) for t in texts if isinstance(t, str))    # each item of a list
                props[prop] = self._fit(record["name"], prop, counted)
                continue
            # The first field that has a value: "power: [power, mana_value]" falls back on the mana value.
            for f in _as_list(fields):
                value = record.get(f)
                if value is not None:
                    if prop in self.words:
                        value = tuple(w for w in words(value) if w in self.words[prop])
                    props[prop] = self._fit(record["name"], prop, value)
                    break
        abilities = with_type_abilities((), types, self.card_types, self.type_abilities)
        return CardDef(record["name"], types, props, kws, abilities, None, str(record.get("text", "")))

    def _found(self, prop: str, spec: dict, record: dict) -> tuple:
        """The words of a word-list property that a card's fields show: the word `items`
        gives each item of a list field, and each word of `find` whose text stands in a text
        field, outside the brackets `outside` names (a card's reminder text)."""
        allowed = self.words.get(prop)
        if allowed is None:
            raise ImportProblem(f'"{prop}" takes the words it finds, but it is not a property with "words"')
        items = spec.get("items") or {}
        wrong = [(w, part) for part, given in (("find", spec["find"]), ("items", items)) for w in given.values()
                 if w not in allowed]
        if wrong:
            raise ImportProblem(f'"{wrong[0][0]}" is not a word of "{prop}" ({", ".join(allowed)}), in its "{wrong[0][1]}"')
        seen = set()
        for field in _as_list(spec["in"]):
            value = record.get(field)
            if isinstance(value, (list, tuple)):
                seen.update(items[v] for v in value if v in items)
                continue
            text = _outside(str(value or ""), spec.get("outside"))
            seen.update(w for sign, w in spec["find"].items() if sign in text)
        return tuple(w for w in allowed if w in seen)

    def _fit(self, name: str, prop: str, value):
        """The value card `name` takes for `prop` from its record, held as a card file
        holds it: one of the property's words, the words of a list among its words, or a
        value of its default's kind (a list where the pack adds a number would stop the
        game). Raises ImportProblem."""
        words = self.one_of.get(prop)
        if words is not None:
            if isinstance(value, (list, tuple, dict)) or value not in words:
                raise ImportProblem(f'"{name}": {described(value)} is not a word of "{prop}" ({", ".join(words)})')
            return value
        if prop in self.words:
            return tuple(w for w in _as_list(value) if isinstance(w, str) and w in self.words[prop])
        why = unfit(value, self.properties[prop])
        if why is not None:
            raise ImportProblem(f'card "{name}": "{prop}" {why}')
        return value

    def named(self, name: str, sources: list):
        """The pack's card of that name (one of its card files, or made already), else made
        from the first import that has it; None if none has."""
        if name in self.cards:
            return self.cards[name]
        for source in sources:
            record = source.find(name)
            if record is not None:
                return self.make(source, record)
        return None


def with_type_abilities(own, types, type_order, type_abilities) -> tuple:
    """A card's own abilities, then those of its types in the pack's order (so that a card
    of several types lists them alike every time). Each name counts once: a card's own
    ability overrules its types' ability of that name, and two types giving an ability
    of the same name give it once."""
    out = list(own)
    names = {ab.name for ab in out}
    for t in type_order:
        if t in types:
            for ab in type_abilities.get(t, ()):
                if ab.name not in names:
                    names.add(ab.name)
                    out.append(ab)
    return tuple(out)


def _files_of(sources) -> str:
    """The card data files the pack's card formats read, as their readers name them
    (a reader may say so in a `files` attribute), for messages."""
    names = sorted({s.format for s in sources if s.format})
    formats = card_formats()
    said = [getattr(formats[n].load(), "files", f'a card data file of format "{n}"') if n in formats else n
            for n in names]
    return " or ".join(said)


# What a name no card has may be, when no card's name is close: a card from outside the pool.
def _not_in_pool(sources, where: str) -> str:
    return f"it is not in the card pool; to play it, {where.format(files=_files_of(sources))}"


NOT_IN_CARD_FILES = "it is in neither the card pool nor the card files given with --cards"


def deck_from_list(path: Path, sources: list, maker: CardMaker, missing: str | None = None, read=None) -> tuple:
    """A plain deck list ("4 Lightning Bolt" a line) resolved against the pack's cards
    and its imports. Every malformed line and every unknown card is reported at once,
    in line order, with its line and column; `missing` says where a card the pool lacks
    could come from (by default, the pack's own import). `read()` gives the file's
    bytes when they do not come from the disk."""
    from .decklist import read_decklist, read_list, suggestions, unknown_card
    from .mtgdata import CardDataError

    try:
        text = read_list(path, read)
    except CardDataError as e:
        raise ImportProblem(str(e), [(e.file, line or 1, col or 1, msg) for line, col, msg in e.problems]) from None
    if missing is None:
        # Only a pack that imports card data in a card format can take more of it.
        missing = _not_in_pool(sources, "import your own {files} in pack.yaml") if any(s.format for s in sources) else ""
    deck, malformed = read_decklist(text, str(path))
    problems = [(str(path), line, col, msg) for line, col, msg in malformed]
    names, folded = [], None
    # The sideboard is not dealt, but a name in it no card has is as much a mistake.
    entries = [(entry, True) for entry in deck.main] + [(entry, False) for entry in deck.sideboard]
    for entry, dealt in entries:
        where = (str(path), entry.line, deck.name_cols.get(entry.line, 1))
        try:
            card = maker.named(entry.name, sources)
        except ImportProblem as e:
            problems.append((*where, e.message))
            continue
        if card is None:
            if folded is None:
                folded = suggestions([*maker.cards, *(r["name"] for s in sources for r in s.records)])
            problems.append((*where, unknown_card(entry.name, folded, missing)))
            continue
        if dealt:
            names.extend([card.name] * entry.count)
    if problems:
        problems.sort(key=lambda p: (p[1], p[2]))
        raise ImportProblem("\n".join(f"{f}:{l}:{c}: error: {m}" for f, l, c, m in problems), problems)
    return tuple(names)


def _outside(text: str, brackets: str | None) -> str:
    """The text without what stands between a pair of brackets ("()": reminder text)."""
    if not brackets:
        return text
    return re.sub(f"{re.escape(brackets[0])}[^{re.escape(brackets[1])}]*{re.escape(brackets[1])}", "", text)


def _as_list(value) -> list:
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return list(value)
    return [value]


def card_file_source(pack, path) -> Source:
    """A card data file of the player's own (`--cards`), read in the card format the
    pack imports and made into the pack's cards as that import says."""
    formatted = [s for s in pack.sources.values() if s.format]
    if not formatted:
        raise ImportProblem(f"{pack.name} imports no card data in a card format: it has no use for --cards")
    like = formatted[0]
    return Source(str(path), read_format(like.format, Path(path)), like.mapping, like.format)


def load_deck(pack, path, extra: tuple = ()) -> tuple:
    """The card names of a deck list file, for a game of `pack` (`--deck`): names
    are the pack's own cards, cards of its imports, or of `extra` sources (the
    player's own card files, searched first). Raises ImportProblem."""
    sources = [*extra, *pack.sources.values()]
    missing = ("" if not any(s.format for s in sources) else
               NOT_IN_CARD_FILES if extra else _not_in_pool(sources, "give your own {files} with --cards FILE"))
    names = deck_from_list(Path(path), sources, pack.card_maker, missing)
    from .cardtext import refused_in_deck
    refused = refused_in_deck(pack, path, names)
    if refused:
        raise ImportProblem("\n".join(f"{f}:{l}:{c}: error: {m}" for f, l, c, m in refused), refused)
    return names
