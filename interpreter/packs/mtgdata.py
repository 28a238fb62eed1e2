"""Magic: The Gathering card data: the shipped pool, MTGJSON and Scryfall files, as one record type.

Every reader returns a dict name -> CardRecord. Bad input raises CardDataError, whose text names
the file, line and column, so a designer never sees a Python traceback for a broken card file.
"""
from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml
from jsonschema import Draft202012Validator

from ..engine.limits import NUMBER, SAID_NUMBER
from ..infiles import DATA_LIMIT, FileProblem, read_file, undecodable
from .finding import package_root
from .yamlpos import YamlProblem, load_yaml_text

_Loader = yaml.CSafeLoader if getattr(yaml, "__with_libyaml__", False) else yaml.SafeLoader

SUPERTYPES = frozenset({"Basic", "Legendary", "Snow", "World", "Ongoing", "Elite", "Host"})
# Scryfall's oracle bulk data also lists these, and their names repeat real cards' names.
_NOT_CARDS = frozenset({"token", "double_faced_token", "art_series", "emblem"})
_TYPE_SPLIT = re.compile(r"\s+[\u2014-]\s+|\u2014")
NOT_CARD_DATA = ('not a card data file: expected MTGJSON AtomicCards (an object with "data") '
                 'or Scryfall bulk data (a list of cards)')


class CardDataError(Exception):
    """A problem in a card data file, located for the designer.

    `problems` lists every (line, col, message) found; the first one is also `line`, `col` and
    `message`. Line and column are 1-based, or None when the problem is the whole file.
    """

    def __init__(self, file, line: int | None, col: int | None, message: str,
                 problems: list[tuple[int | None, int | None, str]] | None = None):
        self.file = str(file)
        self.line = line
        self.col = col
        self.message = message
        self.problems = list(problems) if problems else [(line, col, message)]
        super().__init__(str(self))

    @classmethod
    def from_problems(cls, file, problems: list[tuple[int | None, int | None, str]]):
        line, col, message = problems[0]
        return cls(file, line, col, message, problems)

    def _format(self, line, col, message) -> str:
        where = self.file if line is None else f"{self.file}:{line}:{col}"
        return f"{where}: error: {message}"

    def __str__(self) -> str:
        return "\n".join(self._format(*p) for p in self.problems)


@dataclass(frozen=True)
class CardRecord:
    """One card's characteristics, whatever file they came from."""

    name: str
    type_line: str
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    mana_cost: str = ""
    mana_value: int = 0
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    colors: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    oracle_text: str = ""

    def has_type(self, card_type: str) -> bool:
        return card_type.casefold() in (t.casefold() for t in self.types)


def split_type_line(type_line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """(supertypes, types, subtypes) of a type line such as "Legendary Artifact Creature — God"."""
    # A double-faced card's line holds both faces; the front face is the card's own.
    front = type_line.split(" // ")[0]
    parts = _TYPE_SPLIT.split(front, maxsplit=1)
    left = parts[0].split()
    subtypes = tuple(parts[1].split()) if len(parts) > 1 else ()
    supertypes = tuple(w for w in left if w in SUPERTYPES)
    # Every word that is not a supertype is a card type, so a card type added to the game later
    # needs no change here.
    types = tuple(w for w in left if w not in SUPERTYPES)
    return supertypes, types, subtypes


def _as_int(value) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(value)
    return int(value)


def _as_text(value) -> str | None:
    if value is None:
        return None
    if isinstance(value, float) and value.is_integer():
        return str(int(value))      # a printed 5 given as 5.0
    return str(value)


def make_record(name: str, type_line: str, *, mana_cost: str = "", mana_value=0, power=None,
                toughness=None, loyalty=None, colors: Iterable[str] = (), keywords: Iterable[str] = (),
                oracle_text: str = "", supertypes=None, types=None, subtypes=None) -> CardRecord:
    """A CardRecord; the type lists are split from the type line unless given."""
    split = split_type_line(type_line)
    return CardRecord(
        name=name, type_line=type_line,
        supertypes=tuple(supertypes) if supertypes is not None else split[0],
        types=tuple(types) if types is not None else split[1],
        subtypes=tuple(subtypes) if subtypes is not None else split[2],
        mana_cost=mana_cost or "", mana_value=_as_int(mana_value),
        power=_as_text(power), toughness=_as_text(toughness), loyalty=_as_text(loyalty),
        colors=tuple(colors or ()), keywords=tuple(keywords or ()), oracle_text=oracle_text or "")


def lookup(cards: Mapping[str, CardRecord], name: str) -> CardRecord | None:
    """The card called `name`, ignoring capitals; a double-faced card also answers to its front face's name."""
    found = cards.get(name)
    if found is not None:
        return found
    return name_index(cards).get(name.strip().casefold())


def front_faces(names: Iterable[str]) -> dict[str, str]:
    """Front face -> full name of each card of several faces, which is how players
    write it ("Delver of Secrets" for "Delver of Secrets // Insectile Aberration"),
    leaving out a front face two cards share."""
    fronts: dict[str, list] = {}
    for name in names:
        if " // " in name:
            fronts.setdefault(name.split(" // ")[0].casefold(), []).append(name)
    return {full[0].split(" // ")[0]: full[0] for full in fronts.values() if len(full) == 1}


def name_index(cards: Mapping[str, CardRecord]) -> dict[str, CardRecord]:
    """Case-folded name -> card, with front-face names of multi-face cards added where unambiguous."""
    index = {key.casefold(): card for key, card in cards.items()}
    for front, full in front_faces(cards).items():
        index.setdefault(front.casefold(), cards[full])
    return index


# ------------------------------------------------------------------------------ reading files

def _read_text(path, limit: int = DATA_LIMIT, read=None) -> str:
    try:
        raw = read() if read is not None else read_file(path, limit)
    except FileProblem as e:
        raise CardDataError(path, None, None, e.message) from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line, col, _ = undecodable(raw, e)
        raise CardDataError(path, line, col, "not UTF-8 text") from None


def _position(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _find(text: str, needle: str) -> tuple[int, int]:
    """Where `needle` first occurs, as (line, col); the start of the file when it does not."""
    at = text.find(needle)
    return _position(text, at) if at >= 0 else (1, 1)


def _name_at(text: str, name: str) -> tuple[int, int]:
    """Where a card's name first stands in a JSON file, written in its own letters ("Lim-Dûl")
    or escaped ("Lim-D\\u00fbl")."""
    at = text.find(json.dumps(name, ensure_ascii=False))
    if at < 0:
        at = text.find(json.dumps(name))
    return _position(text, at) if at >= 0 else (1, 1)


def _parse_json(text: str, file) -> object:
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise CardDataError(file, e.lineno, e.colno, f"invalid JSON: {e.msg}") from None
    except ValueError:      # Python reads no whole number of more than 4300 digits
        raise CardDataError(file, 1, 1, "invalid JSON: a number has too many digits") from None
    except RecursionError:
        raise CardDataError(file, 1, 1, "invalid JSON: nested too deeply") from None


def _parse_yaml(text: str, file) -> object:
    # Read as pack files are: a key given twice, nesting too deep or an alias bomb is refused.
    try:
        return load_yaml_text(text, str(file)).data
    except YamlProblem as e:
        raise CardDataError(file, e.line, e.col, e.message) from None


# ------------------------------------------------------------------ the cardtable card format

def pool_path() -> Path:
    return package_root() / "cards" / "mtg" / "pool.yaml"


def schema_path() -> Path:
    return package_root() / "schemas" / "mtg-cards.schema.json"


@lru_cache(maxsize=1)
def _validator() -> Draft202012Validator:
    return Draft202012Validator(json.loads(schema_path().read_text(encoding="utf-8")))


def _node_position(text: str, path: Iterable) -> tuple[int, int]:
    """Line and column of the value at `path` in a YAML (or JSON) text, as near as can be found."""
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.YAMLError:
        return 1, 1
    best = node
    for step in path:
        if isinstance(node, yaml.MappingNode):
            node = next((v for k, v in node.value if getattr(k, "value", None) == step), None)
        elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and step < len(node.value):
            node = node.value[step]
        else:
            node = None
        if node is None:
            break
        best = node
    return (best.start_mark.line + 1, best.start_mark.column + 1) if best is not None else (1, 1)


def _describe(error) -> str:
    path = list(error.absolute_path)
    where = ""
    if len(path) >= 2 and path[0] == "cards":
        where = f"card {path[1] + 1}"
        if len(path) > 2:
            where += f" ({'.'.join(map(str, path[2:]))})"
    elif path:
        where = ".".join(map(str, path))
    if error.validator == "additionalProperties":
        extra = sorted(set(error.instance) - set(error.schema.get("properties", {})))
        message = f"unknown key{'s' if len(extra) > 1 else ''}: {', '.join(extra)}"
    elif error.validator == "required":
        message = error.message.replace("'", '"')
    elif error.validator == "type" and isinstance(error.instance, dict):
        message = "is a mapping; quote the text (YAML reads {X} as a mapping)"
    else:
        message = error.message
    return f"{where}: {message}" if where else message


# What each field of a card in MTGJSON or Scryfall data must hold (null is "not given"),
# so that a wrong value is named as it is, field by field.
def _bounded(v) -> bool:
    """A number the engine counts with: not a truth value, not infinite, within its bound
    (a whole number past it has no float, and is no card's cost)."""
    return isinstance(v, (int, float)) and not isinstance(v, bool) and -NUMBER <= v <= NUMBER


_WHOLE = re.compile(r"[+-]?[0-9]{1,18}")      # a printed number, within the engine's bound


def _printed(v) -> bool:
    """A printed power, toughness or loyalty: a text ("*", "1+*", "3") or a number, a
    whole number of its digits within the engine's bound."""
    if isinstance(v, str):
        digits = v.strip().lstrip("+-")
        return not (digits.isdigit() and len(digits) > 18)
    return v is None or _bounded(v)


_NUMBER = ("a number", _bounded)
_TEXT = ("text", lambda v: v is None or isinstance(v, str))
_TEXTS = ("a list of texts", lambda v: v is None or (isinstance(v, list) and all(isinstance(x, str) for x in v)))
_PRINTED = dict.fromkeys(("power", "toughness", "loyalty"), ("text or a number", _printed))


def _json_kind(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else "infinity"
    if isinstance(value, (int, float)):
        return "a number" if -NUMBER <= value <= NUMBER else "one past them"
    if isinstance(value, list) and value:
        odd = next((v for v in value if not isinstance(v, str)), None)
        return "a list" if odd is None else f"a list holding {_json_kind(odd)}"
    return {str: "text", list: "a list", dict: "an object"}.get(type(value), type(value).__name__)


def _wrong_fields(card: dict, kinds: dict) -> str | None:
    """What is wrong with the first field of `card` that does not hold what `kinds` says."""
    for key, (wanted, fits) in kinds.items():
        value = card.get(key)
        if not fits(value) and not (value is None and key not in card):
            bound = f"a number from -{SAID_NUMBER} to {SAID_NUMBER}"
            if fits is _printed and isinstance(value, str):
                return f'"{key}" must be {bound}, not one past them'     # printed digits past the bound
            if fits in (_bounded, _printed) and isinstance(value, (int, float)) and not isinstance(value, bool):
                wanted = bound      # a number, past the bound
            return f'"{key}" must be {wanted}, not {_json_kind(value)}'
    return None


def _from_card_mappings(data, text: str, file) -> dict[str, CardRecord]:
    errors = sorted(_validator().iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
    problems = []
    for error in errors:
        problems.append((*_node_position(text, error.absolute_path), _describe(error)))
    if problems:
        problems.sort(key=lambda p: (p[0], p[1]))
        raise CardDataError.from_problems(file, problems)
    cards: dict[str, CardRecord] = {}
    for i, entry in enumerate(data["cards"]):
        key = entry["name"].casefold()
        if key in cards:
            line, col = _node_position(text, ["cards", i, "name"])
            problems.append((line, col, f'card "{entry["name"]}" is listed twice'))
            continue
        # The schema takes any number: one the engine cannot count with is named here.
        wrong = [(field, why) for field, kind in {"mana_value": _NUMBER, **_PRINTED}.items()
                 if (why := _wrong_fields(entry, {field: kind})) is not None]
        if wrong:
            problems += [(*_node_position(text, ["cards", i, field]), why) for field, why in wrong]
            continue
        cards[key] = make_record(
            entry["name"], entry["type_line"], mana_cost=entry.get("mana_cost", ""),
            mana_value=entry["mana_value"], power=entry.get("power"), toughness=entry.get("toughness"),
            loyalty=entry.get("loyalty"), colors=entry.get("colors", ()), keywords=entry.get("keywords", ()),
            oracle_text=entry.get("oracle_text", ""))
    if problems:
        raise CardDataError.from_problems(file, problems)
    return {card.name: card for card in cards.values()}


@lru_cache(maxsize=1)
def _pool() -> tuple[CardRecord, ...]:
    path = pool_path()
    text = _read_text(path)
    return tuple(_from_card_mappings(_parse_yaml(text, path.name), text, path.name).values())


def load_pool() -> dict[str, CardRecord]:
    """The card pool shipped with cardtable, validated against its schema: name -> card."""
    return {card.name: card for card in _pool()}


# ------------------------------------------------------------------------------------ MTGJSON

def _front_face(faces: list) -> dict:
    for face in faces:
        if isinstance(face, dict) and face.get("side") == "a":
            return face
    return faces[0]


def _mtgjson(data: dict, text: str, file) -> dict[str, CardRecord]:
    entries = data.get("data")
    if not isinstance(entries, dict):
        raise CardDataError(file, *_find(text, '"data"'), '"data" must be an object of card name -> list of faces')
    cards: dict[str, CardRecord] = {}
    problems = []
    for name, faces in entries.items():
        # Where a card is in the file is looked up only for a card with a problem:
        # searching the text for every card of a 100 MB file would take minutes.
        def where(name=name):
            return _name_at(text, name)
        if not isinstance(faces, list) or not faces or not isinstance(faces[0], dict):
            problems.append((*where(), f'card "{name}": expected a list of card objects'))
            continue
        face = _front_face(faces)
        type_line = face.get("type")
        if not isinstance(type_line, str):
            problems.append((*where(), f'card "{name}": missing "type"'))
            continue
        value_key = "manaValue" if "manaValue" in face or "convertedManaCost" not in face else "convertedManaCost"
        wrong = _wrong_fields(face, {value_key: _NUMBER, "manaCost": _TEXT, "text": _TEXT, **_PRINTED,
                                     **dict.fromkeys(("colors", "keywords", "supertypes", "types", "subtypes"), _TEXTS)})
        if wrong:
            problems.append((*where(), f'card "{name}": {wrong}'))
            continue
        cards[name] = make_record(
            name, type_line, mana_cost=face.get("manaCost", ""), mana_value=face.get(value_key, 0),
            power=face.get("power"), toughness=face.get("toughness"), loyalty=face.get("loyalty"),
            colors=face.get("colors", ()), keywords=face.get("keywords", ()), oracle_text=face.get("text", ""),
            supertypes=face.get("supertypes"), types=face.get("types"), subtypes=face.get("subtypes"))
    if problems:
        raise CardDataError.from_problems(file, problems)
    return cards


def load_mtgjson_atomic(path) -> dict[str, CardRecord]:
    """Cards from an MTGJSON AtomicCards.json file: name -> card."""
    text = _read_text(path)
    data = _parse_json(text, path)
    if not isinstance(data, dict) or "data" not in data:
        raise CardDataError(path, 1, 1, 'not an MTGJSON AtomicCards file: expected an object with "data"')
    return _mtgjson(data, text, path)


# ------------------------------------------------------------------------------------ Scryfall

_FACE_FIELDS = ("type_line", "mana_cost", "power", "toughness", "loyalty", "colors", "oracle_text")


def _scryfall_fields(card: dict) -> dict:
    fields = {key: card.get(key) for key in _FACE_FIELDS}
    faces = card.get("card_faces")
    if isinstance(faces, list) and faces and isinstance(faces[0], dict):
        # The top level joins both halves ("Instant // Instant") or leaves the field to the faces;
        # the front face holds the card's own value either way, when it has one.
        for key, value in faces[0].items():
            if key in fields and value is not None:
                fields[key] = value
    return fields


def _scryfall(data: list, text: str, file) -> dict[str, CardRecord]:
    cards: dict[str, CardRecord] = {}
    problems = []
    for i, card in enumerate(data):
        if not isinstance(card, dict):
            problems.append((1, 1, f"entry {i + 1}: expected a card object"))
            continue
        layout = card.get("layout")
        if isinstance(layout, str) and layout in _NOT_CARDS:
            continue
        name = card.get("name")
        if not isinstance(name, str) or not name:
            problems.append((1, 1, f'entry {i + 1}: missing "name"'))
            continue
        if name in cards:
            continue
        fields = _scryfall_fields(card)
        if not isinstance(fields["type_line"], str):
            line = fields["type_line"]
            said = 'missing "type_line"' if line is None else f'"type_line" must be text, not {_json_kind(line)}'
            problems.append((*_name_at(text, name), f'card "{name}": {said}'))
            continue
        wrong = _wrong_fields({**fields, "cmc": card.get("cmc", 0), "keywords": card.get("keywords"), "layout": layout},
                              {"layout": _TEXT, "cmc": _NUMBER, "mana_cost": _TEXT, "oracle_text": _TEXT, **_PRINTED,
                               "colors": _TEXTS, "keywords": _TEXTS})
        if wrong:
            problems.append((*_name_at(text, name), f'card "{name}": {wrong}'))
            continue
        cards[name] = make_record(name, fields["type_line"], mana_cost=fields["mana_cost"] or "",
                                  mana_value=card.get("cmc", 0), power=fields["power"],
                                  toughness=fields["toughness"], loyalty=fields["loyalty"],
                                  colors=fields["colors"] or (), keywords=card.get("keywords") or (),
                                  oracle_text=fields["oracle_text"] or "")
    if problems:
        raise CardDataError.from_problems(file, problems)
    return cards


def load_scryfall(path) -> dict[str, CardRecord]:
    """Cards from a Scryfall bulk data file (oracle cards or default cards): name -> card."""
    text = _read_text(path)
    data = _parse_json(text, path)
    if not isinstance(data, list):
        raise CardDataError(path, 1, 1, "not a Scryfall bulk data file: expected a list of cards")
    return _scryfall(data, text, path)


# ------------------------------------------------------------------------------- any of them

def load_card_file(path, raw: bytes | None = None) -> dict[str, CardRecord]:
    """Cards from a file in any format this module reads, told apart by content: name -> card.
    `raw`: the file's bytes, when they do not come from the disk."""
    text = _read_text(path, read=None if raw is None else lambda: raw)
    if Path(path).suffix.lower() in (".yaml", ".yml"):
        data = _parse_yaml(text, path)
    else:
        data = _parse_json(text, path)
    if isinstance(data, dict) and "cards" in data and "data" not in data:
        return _from_card_mappings(data, text, path)
    if isinstance(data, dict) and "data" in data:
        return _mtgjson(data, text, path)
    if isinstance(data, list):
        return _scryfall(data, text, path)
    if Path(path).suffix.lower() in (".yaml", ".yml"):
        raise CardDataError(path, 1, 1, 'not a card data file: expected a mapping with a "cards:" list')
    raise CardDataError(path, 1, 1, NOT_CARD_DATA)


# ------------------------------------------------------------------- for rule packs

def _number(text: str | None) -> int | None:
    """A printed power or toughness as a number; "*" and "1+*" have none."""
    if text is None or not _WHOLE.fullmatch(text):
        return None
    return int(text)


def _word(text: str) -> str:
    return "_".join(text.casefold().replace("-", " ").split())


def _actions_on_itself(card: CardRecord) -> list[str]:
    """Keyword actions a card's own abilities do to the card ("{G}: Regenerate River Boa."):
    MTG data lists them in no keyword field, and a pack may treat them as keywords."""
    names = {card.name, card.name.split(",")[0]}
    if any(f"Regenerate {n}." in card.oracle_text for n in names):
        return ["regenerate"]
    return []


def records_for_pack(path, raw: bytes | None = None) -> list[dict]:
    """The cards of a file in any format read here, as a rule pack imports them:
    names kept, card types and keywords as lowercase words (with "regenerate" for a
    card that can regenerate itself), numbers as numbers.

    This is the reader registered as the card format "mtg" (see pyproject.toml):
    a pack writes `format: mtg` on an import and maps these fields to its own
    properties."""
    cards = load_card_file(path, raw)
    aliases = {full: front for front, full in front_faces(cards).items()}
    out = []
    for card in cards.values():
        out.append({
            "name": card.name,
            "aliases": [aliases[card.name]] if card.name in aliases else [],
            "types": [_word(t) for t in card.types],
            "supertypes": [_word(t) for t in card.supertypes],
            "subtypes": [_word(t) for t in card.subtypes],
            "keywords": [_word(k) for k in card.keywords] + _actions_on_itself(card),
            "colors": list(card.colors),
            "mana_value": card.mana_value,
            "mana_cost": card.mana_cost,
            "power": _number(card.power),
            "toughness": _number(card.toughness),
            "loyalty": _number(card.loyalty),
            "text": card.oracle_text,
            "type_line": card.type_line,
        })
    return out


# How messages name the files this reader takes (a deck list naming a card the pool lacks).
records_for_pack.files = "MTGJSON AtomicCards.json or Scryfall oracle-cards file"
records_for_pack.takes_bytes = True     # a pack's files in memory are given as bytes
