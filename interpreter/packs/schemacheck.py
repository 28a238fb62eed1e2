"""Checking a loaded YAML file against a JSON Schema, with problems in a designer's words.

A schema may give a subschema an "x-message" (e.g. "must be lowercase letters and dashes"):
it replaces the generated wording for that subschema's value checks.
"""
from __future__ import annotations

import contextvars
import functools
import json
import re
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from ..diagnostics import Report
from ..engine.limits import SAID_NUMBER
from ..suggest import did_you_mean
from . import fastschema
from .yamlpos import Loaded, PosDict, PosList, YamlProblem, load_yaml_file

if TYPE_CHECKING:
    # jsonschema is imported only when a file has problems to word (see check_schema):
    # importing it costs more than checking a whole pack.
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError
    from referencing import Registry

_TYPE_WORDS = {
    "string": "text", "integer": "a whole number", "number": "a number", "boolean": "true/false",
    "object": "a mapping", "array": "a list",
}
# Keywords whose failures are about the shape of a mapping, not about one value.
_STRUCTURAL = {"additionalProperties", "unevaluatedProperties", "required", "dependentRequired"}
_QUOTE_HINT = "put it in quotes to make it text"


# --- schemas ----------------------------------------------------------------

def _schemas_dir() -> Path:
    try:
        packaged = Path(str(resources.files("cardtable").joinpath("schemas")))
        if packaged.is_dir():
            return packaged
    except (ModuleNotFoundError, TypeError):
        pass
    return Path(__file__).resolve().parents[2] / "schemas"


def schema_path(name: str) -> Path:
    """Where schemas/<name>.schema.json is, in the source tree or the installed package."""
    path = _schemas_dir() / f"{name}.schema.json"
    if not path.is_file():
        raise FileNotFoundError(f"no schema named {name!r} (looked for {path})")
    return path


@lru_cache(maxsize=None)
def load_schema(name: str) -> dict:
    """schemas/<name>.schema.json from the package, cached. (The schemas' own
    validity is checked by the test suite, not at every start.)"""
    return json.loads(schema_path(name).read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _registry() -> Registry:
    # Lets one schema "$ref" another by file name or by "$id".
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    registry = Registry()
    folder = _schemas_dir()
    for path in sorted(folder.glob("*.schema.json")) if folder.is_dir() else []:
        try:
            contents = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        resource = Resource.from_contents(contents, default_specification=DRAFT202012)
        registry = registry.with_resource(path.name, resource)
        if isinstance(contents, dict) and isinstance(contents.get("$id"), str):
            registry = registry.with_resource(contents["$id"], resource)
    return registry


_validators: dict[int, tuple[dict, Draft202012Validator]] = {}


def _validator(schema: dict) -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    cached = _validators.get(id(schema))
    if cached is None or cached[0] is not schema:
        if len(_validators) >= 32:
            _validators.clear()
        cached = (schema, Draft202012Validator(schema, registry=_registry()))
        _validators[id(schema)] = cached
    return cached[1]


@lru_cache(maxsize=4)
def _fast_resources(folder: str) -> dict:
    # The same names as _registry() gives jsonschema, so "$ref"s resolve alike.
    table = {}
    root = Path(folder)
    for path in sorted(root.glob("*.schema.json")) if root.is_dir() else []:
        try:
            contents = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        table[path.name] = contents
        if isinstance(contents, dict) and isinstance(contents.get("$id"), str):
            table[contents["$id"]] = contents
    return table


_fast_checks: dict[tuple[int, str], tuple[dict, object]] = {}


def _fast_check(schema: dict):
    """The fast yes/no checker of `schema`, or None when it cannot check that schema."""
    folder = str(_schemas_dir())
    cached = _fast_checks.get((id(schema), folder))
    if cached is None or cached[0] is not schema:
        if len(_fast_checks) >= 32:
            _fast_checks.clear()
        cached = (schema, fastschema.compile_schema(schema, _fast_resources(folder)))
        _fast_checks[(id(schema), folder)] = cached
    return cached[1]


# --- reading and checking a file -----------------------------------------------

def read_yaml(path, report: Report, read=None) -> Loaded | None:
    """A YAML file with its text registered in `report`; None when it cannot be read
    or holds nothing, with the problem reported. `read()` gives its bytes, when they
    do not come from the disk."""
    report.add_checked(path)
    try:
        loaded = load_yaml_file(path, read)
    except YamlProblem as e:
        if e.text is not None:
            report.add_source(e.filename, e.text)
        report.add(e.filename, e.line, e.col, e.message, hint=e.hint)
        return None
    if loaded.text.strip():   # an empty file has no line worth showing
        report.add_source(loaded.filename, loaded.text)
    if loaded.data is None:
        report.add(loaded.filename, 1, 1, "the file is empty")
        return None
    return loaded


def fits_schema(loaded: Loaded, schema: str, report: Report) -> bool:
    """Check `loaded` against schemas/<schema>.schema.json; False when it has a problem,
    even one `report` holds already (a file named twice) or has no room left for."""
    own = Report()
    check_schema(loaded, load_schema(schema), own)
    report.extend(own)
    return own.ok


def read_checked(path, schema: str, report: Report, read=None) -> Loaded | None:
    """A YAML file read and checked against schemas/<schema>.schema.json; None when it
    cannot be used, with every problem found reported."""
    loaded = read_yaml(path, report, read)
    return loaded if loaded is not None and fits_schema(loaded, schema, report) else None


# --- checking ---------------------------------------------------------------

def check_schema(loaded: Loaded, schema: dict, report: Report) -> None:
    file = loaded.filename
    report.sources.setdefault(file, loaded.text)
    data = loaded.data
    if loaded.odd_keys or (loaded.odd_keys is None and _has_odd_keys(data)):
        _report_odd_keys(data, loaded, report)
        data = _text_keys(data, loaded)
    # Not sorted (the report orders problems by position), so that a file of junk
    # stops being looked at once the report has all it keeps of it.
    for path, where, message, hint in _problems(schema, data, _subject):
        line, col = _position(data, path, where)
        report.add(file, line, col, message, hint=hint)
        if file in report.omitted:
            return


def _problems(schema: dict, data, subject):
    """(path, "key" or "value", message, hint) for each problem of `data`, one at a time;
    `subject(path)` names a part of it in the messages."""
    if fastschema.verdict(_fast_check(schema), data):
        # Valid, so jsonschema would find nothing. Otherwise (invalid, or the fast
        # checker cannot tell) jsonschema checks again and words each problem.
        return
    context = _Context(schema, data, subject)
    for error in _validator(schema).iter_errors(data):
        yield from _explain(error, context)


# In data a program gives, None is said as Python says it; in a file, it is a key left empty.
_NONE = contextvars.ContextVar("none_word", default="empty")


def data_problems(data, schema: dict, name: str, most: int = 10) -> list[str]:
    """The problems of `data` against `schema`, for data a program gives (not read from
    a file, so without lines to point at): each names where in the data it is, `name`
    being the whole (`setup.players[0] must be a mapping, not a whole number`). At most
    `most`, then "and more" when there are. None is said "None"."""
    token = _NONE.set("None")
    try:
        return _data_problems(data, schema, name, most)
    finally:
        _NONE.reset(token)


def _data_problems(data, schema: dict, name: str, most: int) -> list[str]:
    odd = [f"{_dotted(name, path)}: key {key!r} is not text" for path, key in _odd_keys_at(data)]
    if odd:     # the schema cannot be read with them: a mapping's keys are text
        return odd[:most]
    subject = functools.partial(_dotted, name)
    found = []
    for path, where, message, _ in _problems(schema, data, subject):
        at = subject(path[:-1] if where == "key" else path)
        found.append(message if message.startswith(at) else f"{at}: {message}")
        if len(found) > most:
            return [*found[:most], "and more"]
    return found


def _dotted(name: str, path: Sequence) -> str:
    """A part of plain data as Python would reach it: `setup.players[0].zones`."""
    return name + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" if p.isidentifier() else f"[{json.dumps(p)}]"
                          for p in path)


def _odd_keys_at(node, path=()):
    """(path of a mapping, key) for each key that is not text, in plain data."""
    if isinstance(node, dict):
        for key, value in node.items():
            if not isinstance(key, str):
                yield path, key
            else:
                yield from _odd_keys_at(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _odd_keys_at(value, (*path, i))


@lru_cache(maxsize=None)
def schema_part(name: str, *keys: str) -> dict:
    """The part of schemas/<name>.schema.json that `keys` lead to, as a schema of its own
    (with the whole's $defs, which its "$ref"s name)."""
    whole = load_schema(name)
    part = whole
    for key in keys:
        part = part[key]
    return {**part, "$defs": whole.get("$defs", {})}


def setup_problems(setup) -> list[str]:
    """What is wrong with a scenario's `setup` given as data (Game.position), by the
    scenario schema: a setup read from a scenario file was checked with its file."""
    return data_problems(setup, schema_part("scenario", "$defs", "scenario", "properties", "setup"), "setup")


def _position(data, path: Sequence, where: str) -> tuple[int, int]:
    """File position of the value at `path`, or of its key (where="key")."""
    node = data
    pos = getattr(data, "pos", (1, 1))
    key_pos = pos
    for part in path:
        if isinstance(node, PosDict) and part in node:
            key_pos = node.key_pos.get(part, pos)
            pos = node.value_pos.get(part, pos)
        elif isinstance(node, PosList) and isinstance(part, int) and 0 <= part < len(node):
            key_pos = pos = node.item_pos[part] if part < len(node.item_pos) else pos
        else:
            break
        node = node[part]
    return key_pos if where == "key" else pos


# --- keys that YAML did not read as text ------------------------------------

def _walk_mappings(node):
    stack = [node]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            yield node
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)


def _has_odd_keys(data) -> bool:
    return any(not isinstance(k, str) for m in _walk_mappings(data) for k in m)


def _key_text(mapping, key, loaded: Loaded) -> str:
    """The key as the designer typed it, read back from the file."""
    line, col = getattr(mapping, "key_pos", {}).get(key, (0, 0))
    lines = loaded.lines
    if 0 < line <= len(lines):
        match = re.match(r"\??\s*([^:,{}\[\]#]*)", lines[line - 1][col - 1:])
        if match and match.group(1).strip():
            return match.group(1).strip()
    return "" if key is None else str(key).lower() if isinstance(key, bool) else str(key)


def _report_odd_keys(data, loaded: Loaded, report: Report) -> None:
    for mapping in _walk_mappings(data):
        for key in mapping:
            if isinstance(key, str):
                continue
            text = _key_text(mapping, key, loaded)
            line, col = mapping.key_pos.get(key, (1, 1)) if isinstance(mapping, PosDict) else (1, 1)
            if not text:
                report.add(loaded.filename, line, col, "a key is missing here")
                continue
            kind = "true/false" if isinstance(key, bool) else "empty" if key is None else "a number"
            report.add(loaded.filename, line, col, f"key {text} is read as {kind}, not as text",
                       hint=f'put it in quotes: "{text}"')


def _text_keys(node, loaded: Loaded):
    """A copy with every key turned into text, so validation can go on past odd keys."""
    if isinstance(node, PosDict):
        new = PosDict()
        new.pos = node.pos
        for key, value in node.items():
            name = key if isinstance(key, str) else _key_text(node, key, loaded)
            new[name] = _text_keys(value, loaded)
            new.key_pos[name] = node.key_pos.get(key, node.pos)
            new.value_pos[name] = node.value_pos.get(key, node.pos)
            if key in node.scalar:
                new.scalar[name] = node.scalar[key]
        return new
    if isinstance(node, PosList):
        new = PosList(_text_keys(item, loaded) for item in node)
        new.pos, new.item_pos, new.scalar = node.pos, node.item_pos, node.scalar
        return new
    if isinstance(node, dict):
        return {str(k): _text_keys(v, loaded) for k, v in node.items()}
    if isinstance(node, list):
        return [_text_keys(v, loaded) for v in node]
    return node


# --- explaining one error ---------------------------------------------------

def _subject(path: Sequence) -> str:
    if not path:
        return "the document"
    last = path[-1]
    if isinstance(last, int) and not isinstance(last, bool):
        if len(path) == 1:
            return f"item {last + 1}"
        return f"item {last + 1} of {_subject(path[:-1])}"
    return f'"{last}"'


def _kind(value) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, tuple):    # in data a program gives: YAML makes lists
        return "a tuple"
    return _NONE.get() if value is None else "an unknown kind of value"


def _words(items: Sequence[str], joiner: str = "or") -> str:
    items = list(dict.fromkeys(items))
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {joiner} {items[-1]}"


def _show(value) -> str:
    if value is None:
        return _NONE.get()
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value) if isinstance(value, (str, int, float)) else json.dumps(value)


def _type_words(types) -> list[str]:
    types = [types] if isinstance(types, str) else list(types)
    if "number" in types and "integer" in types:
        types.remove("integer")
    return [_NONE.get() if t == "null" else _TYPE_WORDS.get(t, t) for t in types]


def _type_message(path, expected: list[str], instance, subject):
    subject = subject(path)
    if isinstance(instance, float) and "a whole number" in expected:     # the kind is right, not its value
        if instance != instance or abs(instance) == float("inf"):
            past = "NaN" if instance != instance else "infinity"
            return f"{subject} must be a whole number from -{SAID_NUMBER} to {SAID_NUMBER}, not {past}", None
        return f"{subject} must be a whole number, not {_show(instance)}", None
    hint = _QUOTE_HINT if "text" in expected and isinstance(instance, (bool, int, float)) else None
    return f"{subject} must be {_words(expected)}, not {_kind(instance)}", hint


class _Context:
    """What explaining needs beyond the error: the whole schema, the whole document, and
    how a part of it is named."""

    __slots__ = ("schema", "data", "subject")

    def __init__(self, schema, data, subject):
        self.schema = schema
        self.data = data
        self.subject = subject      # names a part of the data by its path


def _comma_hint(key, value) -> str | None:
    """The hint for an unknown key that is the end of a text cut at a comma: YAML reads
    `{description: Ends the game, players placed by points.}` as two keys."""
    if value is None and isinstance(key, str) and " " in key.strip():
        return "a comma inside { } ends the text before it: put that text in quotes"
    return None


def _explain(error: ValidationError, ctx: _Context) -> list[tuple[list, str, str, str | None]]:
    """(path, "key" or "value", message, hint) for each thing a designer must fix."""
    path = list(error.absolute_path)
    validator, value, instance, schema = error.validator, error.validator_value, error.instance, error.schema
    if "propertyNames" in error.absolute_schema_path:
        suffix = did_you_mean(instance, value) if validator == "enum" else ""
        return [(path + [instance], "key", f'key "{instance}" is not allowed{suffix}', None)]
    if validator in ("oneOf", "anyOf"):
        return _explain_choice(error, ctx)
    subject = ctx.subject(path)
    custom = schema.get("x-message") if isinstance(schema, dict) else None
    if isinstance(custom, str) and validator not in _STRUCTURAL:
        return [(path, "value", f"{subject} {custom}", None)]
    if validator == "additionalProperties" and isinstance(instance, dict):
        allowed = schema.get("properties", {})
        patterns = list(schema.get("patternProperties", {}))
        extra = (k for k in instance if k not in allowed and not any(re.search(p, k) for p in patterns))
        # A generator: the suggestions are worked out only for the problems the report keeps.
        return ((path + [k], "key", f'unknown key "{k}"{did_you_mean(k, allowed)}', _comma_hint(k, instance[k]))
                for k in extra)
    if validator == "unevaluatedProperties" and isinstance(instance, dict):
        allowed = _evaluated_keys(error)
        return ((path + [k], "key", f'unknown key "{k}"{did_you_mean(k, _known_names(schema))}', None)
                for k in instance if k not in allowed)
    if validator == "required" and isinstance(instance, dict):
        return [(path, "value", f'missing required key "{k}"', None) for k in value if k not in instance]
    if validator == "dependentRequired" and isinstance(instance, dict):
        return [(path, "value", f'missing key "{k}" (needed when "{given}" is given)', None)
                for given, needs in value.items() if given in instance for k in needs if k not in instance]
    if validator == "type":
        message, hint = _type_message(path, _type_words(value), instance, ctx.subject)
        return [(path, "value", message, hint)]
    if validator == "enum":
        choices = [_show(v) for v in value]
        said = f"must be one of: {', '.join(choices)}" if len(choices) > 1 else f"must be {choices[0]}"
        suffix = did_you_mean(instance, [v for v in value if isinstance(v, str)]) if isinstance(instance, str) else ""
        return [(path, "value", f"{subject} {said}{suffix}", None)]
    if validator == "const":
        return [(path, "value", f"{subject} must be {_show(value)}", None)]
    if validator == "uniqueItems" and isinstance(instance, list):
        first, again = _repeat(instance)
        return [(path + [again], "value", f"{ctx.subject(path + [again])} is the same as item {first + 1}", None)]
    if validator is None:
        return _explain_false(error, ctx, path)
    return [(path, "value", f"{subject} {_predicate(validator, value)}", None)]


def _explain_false(error: ValidationError, ctx: _Context, path: list):
    """A key the schema forbids outright ("key": false)."""
    keys = []
    if error.absolute_schema_path and error.absolute_schema_path[-1] == "properties":
        # jsonschema leaves the key out of the path here, so find it from the schema.
        node = ctx.schema
        try:
            for part in error.absolute_schema_path:
                node = _follow_refs(ctx.schema, node, part)[part]
        except (KeyError, IndexError, TypeError):
            node = {}
        parent = _value_at(ctx.data, path)
        keys = [k for k, sub in node.items() if sub is False and isinstance(parent, dict) and k in parent]
    if not keys and path and isinstance(path[-1], str):
        return [(path, "key", f'key "{path[-1]}" is not allowed here', None)]
    if not keys:
        return [(path, "value", f"{ctx.subject(path)} is not allowed here", None)]
    return [(path + [k], "key", f'key "{k}" is not allowed here', None) for k in keys]


def _follow_refs(root: dict, node, part):
    """`node`, or the schema its local "$ref"s lead to when `part` is not in it
    (jsonschema leaves "$ref" out of the schema paths of its errors)."""
    seen = 0
    while isinstance(node, dict) and part not in node and isinstance(node.get("$ref"), str) and seen < 32:
        ref = node["$ref"]
        if not ref.startswith("#/"):
            break
        node = root
        for step in ref[2:].split("/"):
            node = node[step.replace("~1", "/").replace("~0", "~")]
        seen += 1
    return node


def _value_at(data, path: list):
    node = data
    for part in path:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return None
    return node


def _predicate(validator, value) -> str:
    """What a value-level keyword asks for, as the end of a sentence."""
    n = _show(value)
    plural = "" if value == 1 else "s"
    sayings = {
        "minimum": f"must be at least {n}",
        "maximum": f"must be at most {n}",
        "exclusiveMinimum": f"must be more than {n}",
        "exclusiveMaximum": f"must be less than {n}",
        "multipleOf": f"must be a multiple of {n}",
        "minLength": "must not be empty" if value == 1 else f"must be at least {n} characters long",
        "maxLength": f"must be at most {n} character{plural} long",
        "pattern": f"must match the pattern {value}",
        "minItems": "must not be empty" if value == 1 else f"must have at least {n} items",
        "maxItems": f"must have at most {n} item{plural}",
        "minProperties": "must not be empty" if value == 1 else f"must have at least {n} keys",
        "maxProperties": f"must have at most {n} key{plural}",
        "contains": "must contain at least one item of the required form",
        "minContains": f"must contain at least {n} items of the required form",
        "maxContains": f"must contain at most {n} item{plural} of the required form",
        "not": "has a form that is not allowed here",
    }
    return sayings.get(validator, "is not allowed here" if validator is None else "is not valid here")


def _repeat(items: list) -> tuple[int, int]:
    seen: dict[str, int] = {}
    for index, item in enumerate(items):
        key = json.dumps(item, sort_keys=True, default=str)
        if key in seen:
            return seen[key], index
        seen[key] = index
    return 0, len(items) - 1


def _evaluated_keys(error: ValidationError) -> set:
    from jsonschema import Draft202012Validator

    try:
        from jsonschema._utils import find_evaluated_property_keys_by_schema
        validator = Draft202012Validator(error.schema, registry=_registry())
        return set(find_evaluated_property_keys_by_schema(validator, error.instance, error.schema))
    except Exception:
        return set(_known_names(error.schema))


def _known_names(schema) -> set[str]:
    """Property names a schema mentions, through allOf/anyOf/oneOf/then/else."""
    names: set[str] = set()
    stack = [schema]
    while stack:
        node = stack.pop()
        if not isinstance(node, dict):
            continue
        names.update(node.get("properties", {}))
        for word in ("allOf", "anyOf", "oneOf"):
            stack.extend(node.get(word, []))
        stack.extend(node[w] for w in ("then", "else") if w in node)
    return names


# --- oneOf / anyOf: find the alternative the designer meant -----------------

def _explain_choice(error: ValidationError, ctx: _Context):
    path = list(error.absolute_path)
    if not error.context:
        return [(path, "value", f"{ctx.subject(path)} matches more than one of the allowed forms", None)]
    branches: dict[int, list[ValidationError]] = {}
    for sub in error.context:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)
    shapes, tags, candidates = [], [], []
    for errors in branches.values():
        wrong_type = [e for e in errors if e.validator == "type" and not e.relative_path]
        wrong_tag = [e for e in errors if e.validator == "const" and len(e.relative_path) == 1]
        if wrong_type:
            shapes.extend(wrong_type)
        elif wrong_tag:
            tags.extend(wrong_tag)
        else:
            candidates.append(errors)
    if candidates:
        # The alternative that got furthest (deepest errors, then fewest) is the one meant.
        best = min(candidates, key=lambda es: (-max(len(e.relative_path) for e in es), len(es)))
        return [item for sub in best for item in _explain(sub, ctx)]
    if tags and len({tuple(e.relative_path) for e in tags}) == 1:
        at = list(tags[0].absolute_path)
        values = [e.validator_value for e in tags]
        shown = ", ".join(dict.fromkeys(_show(v) for v in values))
        actual = tags[0].instance
        suffix = did_you_mean(actual, [v for v in values if isinstance(v, str)]) if isinstance(actual, str) else ""
        return [(at, "value", f"{ctx.subject(at)} must be one of: {shown}{suffix}", None)]
    if shapes and not tags:
        expected = [w for e in shapes for w in _type_words(e.validator_value)]
        message, hint = _type_message(path, expected, error.instance, ctx.subject)
        return [(path, "value", message, hint)]
    from jsonschema.exceptions import relevance

    best = sorted(error.context, key=relevance)[-1]
    return _explain(best, ctx)
