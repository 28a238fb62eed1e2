"""A small yes/no JSON Schema (draft 2020-12) checker for the keywords cardtable's schemas use.

Importing jsonschema (with referencing, rpds and attrs) costs more than the rest of
`cardtable validate`, and almost every file checked is valid. So files are first put
through this checker, and jsonschema is imported only to word the problems of a file
this checker rejects, or when it cannot decide.

It answers True (valid), False (invalid) or None (cannot tell): None for a schema that
uses a keyword or a reference this module does not handle, and for any data it fails on.
Its verdict must be jsonschema's, so each keyword copies jsonschema's own semantics
(Draft202012Validator, no format checking), including its quirks: bool is not a number,
1.0 is an integer, True is not equal to 1 in enum/const/uniqueItems, patterns are
Python regular expressions used with re.search.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from numbers import Number

Check = Callable[[object], bool]
DIALECT = "https://json-schema.org/draft/2020-12/schema"

# Keywords that never change a verdict. Unknown keywords are also ignored by jsonschema,
# but a keyword it does act on and this module does not know must give "cannot tell",
# so only these are skipped, plus "x-..." extensions.
_ANNOTATIONS = frozenset({
    "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly", "$comment",
    "contentMediaType", "contentEncoding", "contentSchema", "$defs", "definitions",
})
# Read by the keyword they go with, not on their own.
_COMPANIONS = frozenset({"then", "else", "prefixItems"})


class Unknown(Exception):
    """The schema uses something this module does not check."""


# --- jsonschema's equality: True is not 1, lists and mappings compare item by item ----

def _unbool(value, true=object(), false=object()):
    if value is True:
        return true
    if value is False:
        return false
    return value


def _equal(one, two) -> bool:
    if one is two:
        return True
    if isinstance(one, str) or isinstance(two, str):
        return one == two
    if isinstance(one, Sequence) and isinstance(two, Sequence):
        return len(one) == len(two) and all(_equal(i, j) for i, j in zip(one, two))
    if isinstance(one, Mapping) and isinstance(two, Mapping):
        return len(one) == len(two) and all(k in two and _equal(v, two[k]) for k, v in one.items())
    return _unbool(one) == _unbool(two)


def _unique(items) -> bool:
    # The same two-step test as jsonschema's, so odd mixes (1 and 1.0, dicts) agree.
    try:
        ordered = sorted(_unbool(i) for i in items)
        for i, j in zip(ordered, ordered[1:]):
            if _equal(i, j):
                return False
    except (NotImplementedError, TypeError):
        seen = []
        for item in items:
            item = _unbool(item)
            if any(_equal(s, item) for s in seen):
                return False
            seen.append(item)
    return True


# --- types -------------------------------------------------------------------

def _is_number(x) -> bool:
    return type(x) is int or type(x) is float or (not isinstance(x, bool) and isinstance(x, Number))


def _is_integer(x) -> bool:
    if isinstance(x, bool):
        return False
    return isinstance(x, int) or (isinstance(x, float) and x.is_integer())


_TYPES: dict[str, Check] = {
    "object": lambda x: isinstance(x, dict),
    "array": lambda x: isinstance(x, list),
    "string": lambda x: isinstance(x, str),
    "boolean": lambda x: isinstance(x, bool),
    "null": lambda x: x is None,
    "integer": _is_integer,
    "number": _is_number,
}


def _true(_x) -> bool:
    return True


def _false(_x) -> bool:
    return False


def _all(checks: list[Check]) -> Check:
    if not checks:
        return _true
    if len(checks) == 1:
        return checks[0]

    def check(x):
        for c in checks:
            if not c(x):
                return False
        return True
    return check


# --- compiling a schema into one function ----------------------------------------

def _join(base: str, ref: str) -> str:
    """urljoin for the plain cases; anything else is not resolved here."""
    if any(part in ref for part in ("..", "./", "?", "\\", "%")) or ref.startswith("/"):
        raise Unknown(f"reference {ref!r}")
    if "://" in ref or not base:
        return ref
    if "/" not in base:
        return ref
    return base.rsplit("/", 1)[0] + "/" + ref


def _pointer(document, pointer: str):
    node = document
    if not pointer:
        return node
    if not pointer.startswith("/") or "%" in pointer:
        raise Unknown(f"fragment {pointer!r}")
    for part in pointer[1:].split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(node, Mapping) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            raise Unknown(f"pointer {pointer!r}")
        if isinstance(node, Mapping) and "$id" in node:
            raise Unknown("a reference into an embedded resource")
    return node


class _Compiler:
    def __init__(self, resources: Mapping[str, object]):
        self.resources = resources
        # (id of subschema, base URI) -> [compiled function or None while compiling]
        self.cells: dict[tuple[int, str], list] = {}
        self.keep: list = []  # the subschemas whose ids are keys above stay alive

    def resource(self, uri: str):
        contents = self.resources.get(uri)
        if contents is None:
            raise Unknown(f"no schema {uri!r}")
        return contents

    def ref(self, ref: str, base: str, root) -> Check:
        if not isinstance(ref, str):
            raise Unknown("$ref that is not text")
        head, _, fragment = ref.partition("#")
        if head:
            uri = _join(base, head)
            document = self.resource(uri)
            if isinstance(document, Mapping) and document.get("$id", uri) != uri:
                # Its refs would resolve against its own $id: keep things simple.
                raise Unknown("a schema whose $id differs from its address")
        else:
            uri, document = base, root
        target = _pointer(document, fragment)
        return self.node(target, uri, document)

    def node(self, schema, base: str, root) -> Check:
        key = (id(schema), base)
        cell = self.cells.get(key)
        if cell is not None:
            return cell[0] if cell[0] is not None else (lambda x, c=cell: c[0](x))
        cell = [None]
        self.cells[key] = cell
        self.keep.append(schema)
        cell[0] = self._compile(schema, base, root)
        return cell[0]

    def _compile(self, schema, base: str, root) -> Check:
        if schema is True:
            return _true
        if schema is False:
            return _false
        if not isinstance(schema, dict):
            raise Unknown("a schema that is neither a mapping nor true/false")
        sub = lambda s: self.node(s, base, root)  # noqa: E731
        checks: list[Check] = []
        for word in schema:
            if word in _ANNOTATIONS or word in _COMPANIONS or word.startswith("x-"):
                continue
            if word == "$schema":
                if schema[word].rstrip("#") != DIALECT:
                    raise Unknown(f"dialect {schema[word]!r}")
            elif word == "$id":
                if schema is not root:
                    raise Unknown("an embedded $id")
            elif word == "$ref":
                checks.append(self.ref(schema[word], base, root))
            elif word not in _KEYWORDS:
                raise Unknown(f"keyword {word!r}")
        # A type of "object", "array" or "string" is checked by the checker of that kind's
        # keywords, when there is one: one call a value instead of two.
        kind = schema.get("type")
        obj = _object(schema, sub, strict=kind == "object")
        arr = _array(schema, sub, strict=kind == "array")
        text = _string(schema, strict=kind == "string")
        if "type" in schema and not (kind == "object" and obj or kind == "array" and arr or kind == "string" and text):
            checks.append(_type(schema["type"]))
        if "enum" in schema:
            checks.append(_enum(schema["enum"]))
        if "const" in schema:
            const = schema["const"]
            checks.append(lambda x: _equal(x, const))
        if obj is not None:
            checks.append(obj)
        if arr is not None:
            checks.append(arr)
        if text is not None:
            checks.append(text)
        number = _number(schema)
        if number is not None:
            checks.append(number)
        checks.extend(_combinators(schema, sub))
        return _all(checks)


def _type(types) -> Check:
    names = [types] if isinstance(types, str) else types
    if not isinstance(names, list) or not names or any(n not in _TYPES for n in names):
        raise Unknown(f"type {types!r}")
    preds = [_TYPES[n] for n in names]
    if len(preds) == 1:
        return preds[0]

    def check(x):
        for p in preds:
            if p(x):
                return True
        return False
    return check


def _enum(values) -> Check:
    if not isinstance(values, list):
        raise Unknown("enum that is not a list")
    plain = {v for v in values if isinstance(v, str)}
    if len(plain) == len(values):
        # Texts only: a set lookup. Any non-text instance differs from every text.
        return lambda x: isinstance(x, str) and x in plain
    return lambda x: any(_equal(v, x) for v in values)


def _regex(pattern) -> re.Pattern:
    if not isinstance(pattern, str):
        raise Unknown("pattern that is not text")
    try:
        return re.compile(pattern)
    except re.error:
        raise Unknown(f"pattern {pattern!r}") from None


def _count(schema, word) -> int | None:
    value = schema.get(word)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise Unknown(f"{word} {value!r}")
    return value


def _object(schema, sub, strict: bool = False) -> Check | None:
    """The checker of the object keywords; with `strict`, anything but a mapping fails it."""
    words = ("properties", "patternProperties", "additionalProperties", "propertyNames", "required",
             "minProperties", "maxProperties", "dependentRequired", "dependentSchemas")
    if not any(w in schema for w in words):
        return None
    props_raw, props, patterns, joined, additional, names = _keys(schema, sub)
    required = schema.get("required", [])
    if not isinstance(required, list):
        raise Unknown("required that is not a list")
    required = tuple(required)
    least, most = _count(schema, "minProperties"), _count(schema, "maxProperties")
    needs, depends = _dependencies(schema, sub)
    per_key = bool(props or patterns or additional is not None or names is not None)
    simple = per_key and not patterns and names is None

    def check(x):
        if not isinstance(x, dict):
            return not strict
        for name in required:
            if name not in x:
                return False
        if least is not None and len(x) < least:
            return False
        if most is not None and len(x) > most:
            return False
        for given, keys in needs.items():
            if given in x and any(k not in x for k in keys):
                return False
        for given, fn in depends:
            if given in x and not fn(x):
                return False
        if simple:
            # Only "properties" and "additionalProperties": one lookup a key.
            for k, v in x.items():
                fn = props.get(k)
                if fn is None:
                    if additional is not None and not additional(v):
                        return False
                elif not fn(v):
                    return False
        elif per_key:
            for k, v in x.items():
                if names is not None and not names(k):
                    return False
                fn = props.get(k)
                if fn is not None and not fn(v):
                    return False
                for rx, pfn in patterns:
                    if rx.search(k) and not pfn(v):
                        return False
                if additional is not None and k not in props_raw and not (joined and joined.search(k)):
                    if not additional(v):
                        return False
        return True
    return check


def _keys(schema, sub) -> tuple:
    """What the object keywords say of keys: the properties (as written and checked),
    the patterns, the patterns joined, the check of additional keys and of key names."""
    props_raw = schema.get("properties", {})
    patterns_raw = schema.get("patternProperties", {})
    if not isinstance(props_raw, dict) or not isinstance(patterns_raw, dict):
        raise Unknown("properties that are not a mapping")
    props = {name: sub(s) for name, s in props_raw.items()}
    patterns = [(_regex(p), sub(s)) for p, s in patterns_raw.items()]
    # jsonschema finds "additional" keys with the patterns joined by "|".
    joined = _regex("|".join(patterns_raw)) if patterns_raw else None
    additional = None
    if "additionalProperties" in schema:
        ap = schema["additionalProperties"]
        if isinstance(ap, dict):
            additional = sub(ap)
        elif ap is False:
            additional = _false
        elif ap is not True:
            raise Unknown("additionalProperties that is not a schema")
    names = sub(schema["propertyNames"]) if "propertyNames" in schema else None
    return props_raw, props, patterns, joined, additional, names


def _dependencies(schema, sub) -> tuple:
    """dependentRequired (key -> the keys it needs) and dependentSchemas, checked."""
    needs = schema.get("dependentRequired", {})
    if not isinstance(needs, dict) or not all(isinstance(v, list) for v in needs.values()):
        raise Unknown("dependentRequired that is not a mapping of lists")
    depends = schema.get("dependentSchemas", {})
    if not isinstance(depends, dict):
        raise Unknown("dependentSchemas that is not a mapping")
    return needs, [(k, sub(s)) for k, s in depends.items()]


def _array(schema, sub, strict: bool = False) -> Check | None:
    """The checker of the array keywords; with `strict`, anything but a list fails it."""
    if not any(w in schema for w in ("items", "prefixItems", "minItems", "maxItems", "uniqueItems")):
        return None
    prefix_raw = schema.get("prefixItems", [])
    if not isinstance(prefix_raw, list):
        raise Unknown("prefixItems that is not a list")
    prefix = [sub(s) for s in prefix_raw]
    items = sub(schema["items"]) if "items" in schema else None
    least, most = _count(schema, "minItems"), _count(schema, "maxItems")
    unique = bool(schema.get("uniqueItems", False))

    def check(x):
        if not isinstance(x, list):
            return not strict
        if least is not None and len(x) < least:
            return False
        if most is not None and len(x) > most:
            return False
        for fn, item in zip(prefix, x):
            if not fn(item):
                return False
        if items is not None:
            for index in range(len(prefix), len(x)):
                if not items(x[index]):
                    return False
        if unique and not _unique(x):
            return False
        return True
    return check


def _string(schema, strict: bool = False) -> Check | None:
    """The checker of the string keywords; with `strict`, anything but a text fails it."""
    if not any(w in schema for w in ("pattern", "minLength", "maxLength")):
        return None
    rx = _regex(schema["pattern"]) if "pattern" in schema else None
    least, most = _count(schema, "minLength"), _count(schema, "maxLength")

    def check(x):
        if not isinstance(x, str):
            return not strict
        if least is not None and len(x) < least:
            return False
        if most is not None and len(x) > most:
            return False
        return rx is None or rx.search(x) is not None
    return check


def _number(schema) -> Check | None:
    bounds = []
    for word, test in (("minimum", lambda x, b: x < b), ("maximum", lambda x, b: x > b),
                       ("exclusiveMinimum", lambda x, b: x <= b), ("exclusiveMaximum", lambda x, b: x >= b)):
        if word in schema:
            bound = schema[word]
            if isinstance(bound, bool) or not isinstance(bound, (int, float)):
                raise Unknown(f"{word} {bound!r}")
            bounds.append((test, bound))
    if not bounds:
        return None

    def check(x):
        if not _is_number(x):
            return True
        for fails, bound in bounds:
            if fails(x, bound):
                return False
        return True
    return check


def _combinators(schema, sub) -> list[Check]:
    checks = []
    for word in ("allOf", "anyOf", "oneOf"):
        if word in schema:
            if not isinstance(schema[word], list) or not schema[word]:
                raise Unknown(f"{word} that is not a non-empty list")
            fns = [sub(s) for s in schema[word]]
            if word == "allOf":
                checks.append(_all(fns))
            elif word == "anyOf":
                checks.append(lambda x, fns=fns: any(f(x) for f in fns))
            else:
                checks.append(lambda x, fns=fns: sum(1 for f in fns if f(x)) == 1)
    if "not" in schema:
        negated = sub(schema["not"])
        checks.append(lambda x: not negated(x))
    if "if" in schema:
        cond = sub(schema["if"])
        then = sub(schema["then"]) if "then" in schema else _true
        else_ = sub(schema["else"]) if "else" in schema else _true
        checks.append(lambda x: then(x) if cond(x) else else_(x))
    return checks


_KEYWORDS = frozenset({
    "type", "enum", "const", "properties", "patternProperties", "additionalProperties", "propertyNames",
    "required", "minProperties", "maxProperties", "dependentRequired", "dependentSchemas", "items",
    "prefixItems", "minItems", "maxItems", "uniqueItems", "pattern", "minLength", "maxLength", "minimum",
    "maximum", "exclusiveMinimum", "exclusiveMaximum", "allOf", "anyOf", "oneOf", "not", "if",
})


# --- use ---------------------------------------------------------------------------

def compile_schema(schema, resources: Mapping[str, object] | None = None) -> Check | None:
    """A function telling whether data is valid against `schema`, or None when this module
    cannot check `schema`. `resources` maps the URIs other schemas are known by (file name,
    "$id") to their contents, for "$ref"s between files."""
    root_uri = schema.get("$id", "") if isinstance(schema, dict) else ""
    if not isinstance(root_uri, str) or "#" in root_uri:
        return None
    table = dict(resources or {})
    table[root_uri] = schema  # the schema itself wins over a stored copy, as in jsonschema
    try:
        return _Compiler(table).node(schema, root_uri, schema)
    except (Unknown, RecursionError):
        return None


def verdict(check: Check | None, data) -> bool | None:
    """True or False as jsonschema would say, or None when it cannot be told here."""
    if check is None:
        return None
    try:
        return bool(check(data))
    except Exception:  # noqa: BLE001 - whatever fails here, jsonschema will look again
        return None


def is_valid(schema, data, resources: Mapping[str, object] | None = None) -> bool | None:
    return verdict(compile_schema(schema, resources), data)
