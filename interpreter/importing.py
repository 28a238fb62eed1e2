"""Cards a pack takes from shared card files, and the decks built from them.

A shared file is either a card set in YAML (a `cards:` list of mappings, like
the standard 54-card deck) or a file in a registered card format (`format:`),
read by the reader a package registers under the entry point group
`cardtable.card_formats`. Each imported card becomes a card of the pack through
a family whose `match` fits it, or through the import's `map`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path

from .model import CardDef
from .suggest import did_you_mean

FORMAT_GROUP = "cardtable.card_formats"


class ImportProblem(Exception):
    """A shared card file or deck list that cannot be used; the message says why."""


def card_formats() -> dict:
    return {ep.name: ep for ep in entry_points(group=FORMAT_GROUP)}


def read_format(name: str, path: Path) -> list[dict]:
    formats = card_formats()
    if name not in formats:
        raise ImportProblem(f'unknown card format "{name}"{did_you_mean(name, formats)} (known: {", ".join(sorted(formats)) or "none"})')
    reader = formats[name].load()
    try:
        return reader(path)
    except Exception as e:  # the reader's own error names the file and line
        raise ImportProblem(str(e)) from None


@dataclass
class Source:
    """One import: its cards by name, and how they map onto the pack's cards."""
    name: str
    records: list
    mapping: dict | None
    by_name: dict = field(default_factory=dict)

    def __post_init__(self):
        for r in self.records:
            self.by_name.setdefault(str(r.get("name", "")).casefold(), r)

    def find(self, name: str):
        return self.by_name.get(name.casefold())


class CardMaker:
    """Turns imported records into the pack's CardDefs, once each."""

    def __init__(self, cards: dict, families: list, card_types, keywords, properties, type_abilities):
        self.cards = cards                  # the pack's cards by name (filled in here)
        self.families = families            # (raw, types, props, keywords, abilities)
        self.card_types = card_types
        self.keywords = keywords
        self.properties = properties
        self.type_abilities = type_abilities

    def make(self, source: Source, record: dict) -> CardDef:
        name = record["name"]
        if name in self.cards:
            return self.cards[name]
        fams = [f for f in self.families if f[0].get("match") and
                all(_matches(record.get(k), v) for k, v in f[0]["match"].items())]
        if len(fams) > 1:
            raise ImportProblem(f'"{name}" matches several card families: {", ".join(f[0]["name"] for f in fams)}')
        if fams:
            raw, types, props, kws, abilities = fams[0]
            merged = {k: v for k, v in record.items() if k in self.properties}
            merged.update(props)
            card = CardDef(name, types, merged, kws, abilities, raw["name"], raw.get("text", ""))
        elif source.mapping is not None:
            card = self._mapped(source.mapping, record)
        else:
            raise ImportProblem(f'no card family of the pack matches "{name}", and the import has no "map"')
        self.cards[name] = card
        return card

    def _mapped(self, mapping: dict, record: dict) -> CardDef:
        types_field = mapping.get("types", "types")
        kw_field = mapping.get("keywords", "keywords")
        types = frozenset(t for t in _as_list(record.get(types_field)) if t in self.card_types)
        kws = frozenset(k for k in _as_list(record.get(kw_field)) if k in self.keywords)
        props = {}
        for prop, fields in (mapping.get("properties") or {}).items():
            for f in _as_list(fields):
                value = record.get(f)
                if value is not None:
                    props[prop] = value
                    break
        abilities = tuple(ab for t in sorted(types) for ab in self.type_abilities.get(t, ()))
        return CardDef(record["name"], types, props, kws, abilities, None, str(record.get("text", "")))


def read_deck_list(path: Path, source: Source, maker: CardMaker) -> tuple:
    """A plain deck list ("4 Lightning Bolt" a line) resolved against an import."""
    from ..cards.decklist import DeckListError, parse_decklist

    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise ImportProblem(f"{path}: cannot read the deck list ({e.__class__.__name__})") from None
    try:
        deck = parse_decklist(text, str(path))
    except DeckListError as e:
        raise ImportProblem(str(e)) from None
    names = []
    problems = []
    known = [r["name"] for r in source.records]
    for entry in deck.main:
        record = source.find(entry.name)
        if record is None:
            col = deck.name_cols.get(entry.line, 1) if isinstance(getattr(deck, "name_cols", None), dict) else 1
            problems.append(f'{path}:{entry.line}:{col}: error: unknown card "{entry.name}"{did_you_mean(entry.name, known)}')
            continue
        try:
            card = maker.make(source, record)
        except ImportProblem as e:
            problems.append(f"{path}:{entry.line}:1: error: {e}")
            continue
        names.extend([card.name] * entry.count)
    if problems:
        raise ImportProblem("\n".join(problems))
    return tuple(names)


def _as_list(value) -> list:
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return list(value)
    return [value]


def _matches(value, wanted) -> bool:
    if isinstance(wanted, list):
        return value in wanted
    return value == wanted
