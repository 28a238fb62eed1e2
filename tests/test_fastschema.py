"""The small schema checker says what jsonschema says: on a table of schemas and data,
on every shipped YAML file and every file of the broken corpus, and on files changed
at random. Where it cannot tell, it says so (None) rather than guess."""
from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from cardtable.interpreter.packs import fastschema
from cardtable.interpreter.packs.schemacheck import _fast_resources, _registry, _schemas_dir, load_schema
from cardtable.interpreter.packs.yamlpos import YamlProblem, load_yaml_file

ROOT = Path(__file__).parent.parent
DIALECT = {"$schema": "https://json-schema.org/draft/2020-12/schema"}

# (schema, data): each keyword the checker knows, and jsonschema's quirks.
CASES = [
    # types: bool is no number, 1.0 is an integer
    ({"type": "integer"}, 1), ({"type": "integer"}, 1.0), ({"type": "integer"}, 1.5), ({"type": "integer"}, True),
    ({"type": "number"}, True), ({"type": "number"}, 2.5), ({"type": "boolean"}, 0), ({"type": "null"}, None),
    ({"type": "string"}, "x"), ({"type": "string"}, 1), ({"type": ["string", "null"]}, None),
    ({"type": ["string", "null"]}, 0), ({"type": "object"}, []), ({"type": "array"}, {}),
    # enum and const: True is not 1, lists and mappings compare item by item
    ({"enum": ["a", "b"]}, "a"), ({"enum": ["a", "b"]}, "c"), ({"enum": ["a", "b"]}, 1),
    ({"enum": [1, "a"]}, True), ({"enum": [1, "a"]}, 1.0), ({"enum": [True]}, 1), ({"enum": [[1, 2]]}, [1, 2]),
    ({"enum": [[1, 2]]}, [True, 2]), ({"enum": [{"a": 1}]}, {"a": 1}), ({"enum": [{"a": 1}]}, {"a": 1, "b": 2}),
    ({"const": 0}, False), ({"const": 0}, 0.0), ({"const": "x"}, "x"), ({"const": None}, None),
    ({"const": [1, [2]]}, [1, [2]]), ({"const": {"a": [1]}}, {"a": [True]}),
    # objects
    ({"properties": {"a": {"type": "integer"}}}, {"a": 1}), ({"properties": {"a": {"type": "integer"}}}, {"a": "1"}),
    ({"properties": {"a": {"type": "integer"}}}, "not an object"),
    ({"required": ["a", "b"]}, {"a": 1}), ({"required": ["a"]}, {"a": None}), ({"required": ["a"]}, []),
    ({"properties": {"a": {}}, "additionalProperties": False}, {"a": 1}),
    ({"properties": {"a": {}}, "additionalProperties": False}, {"a": 1, "b": 2}),
    ({"patternProperties": {"^x_": {"type": "string"}}, "additionalProperties": False}, {"x_a": "s"}),
    ({"patternProperties": {"^x_": {"type": "string"}}, "additionalProperties": False}, {"x_a": 1}),
    ({"patternProperties": {"^x_": {"type": "string"}}, "additionalProperties": False}, {"y": "s"}),
    ({"patternProperties": {"a": {"type": "string"}, "b": {"minLength": 3}}}, {"ab": "xy"}),
    ({"additionalProperties": {"type": "integer"}}, {"a": 1, "b": 2}),
    ({"additionalProperties": {"type": "integer"}}, {"a": 1, "b": "2"}),
    ({"propertyNames": {"pattern": "^[a-z]+$"}}, {"abc": 1}), ({"propertyNames": {"pattern": "^[a-z]+$"}}, {"aBc": 1}),
    ({"propertyNames": {"enum": ["a", "b"]}}, {"c": 1}),
    ({"minProperties": 1}, {}), ({"maxProperties": 1}, {"a": 1, "b": 2}), ({"maxProperties": 1}, {"a": 1}),
    ({"dependentRequired": {"a": ["b"]}}, {"a": 1}), ({"dependentRequired": {"a": ["b"]}}, {"a": 1, "b": 1}),
    ({"dependentRequired": {"a": ["b"]}}, {"b": 1}),
    ({"dependentSchemas": {"a": {"required": ["c"]}}}, {"a": 1}),
    ({"dependentSchemas": {"a": {"required": ["c"]}}}, {"a": 1, "c": 2}),
    ({"properties": {"a": False}}, {"a": 1}), ({"properties": {"a": False}}, {"b": 1}),
    ({"properties": {"a": True}}, {"a": 1}),
    # arrays
    ({"items": {"type": "integer"}}, [1, 2]), ({"items": {"type": "integer"}}, [1, "2"]),
    ({"items": {"type": "integer"}}, {"not": "an array"}), ({"items": False}, []), ({"items": False}, [1]),
    ({"prefixItems": [{"type": "string"}], "items": {"type": "integer"}}, ["a", 1, 2]),
    ({"prefixItems": [{"type": "string"}], "items": {"type": "integer"}}, [1]),
    ({"prefixItems": [{"type": "string"}], "items": False}, ["a", "b"]),
    ({"minItems": 1}, []), ({"maxItems": 1}, [1, 2]), ({"minItems": 2, "maxItems": 2}, [1, 2]),
    ({"uniqueItems": True}, [1, 2]), ({"uniqueItems": True}, [1, 1]), ({"uniqueItems": True}, [1, True]),
    ({"uniqueItems": True}, [1, 1.0]), ({"uniqueItems": True}, [0, False]), ({"uniqueItems": True}, [[1], [True]]),
    ({"uniqueItems": True}, [{"a": 1}, {"a": 1}]), ({"uniqueItems": True}, [{"a": 1}, {"a": 2}]),
    ({"uniqueItems": True}, ["a", 1, None, [1], {"b": 1}]), ({"uniqueItems": False}, [1, 1]),
    # strings: patterns search anywhere, lengths count characters
    ({"pattern": "b"}, "abc"), ({"pattern": "^b"}, "abc"), ({"pattern": "^[a-z_]+$"}, "snake_case"),
    ({"pattern": "^a"}, 12), ({"minLength": 2}, "é"), ({"minLength": 1}, "é"), ({"maxLength": 2}, "abc"),
    # numbers
    ({"minimum": 1}, 1), ({"minimum": 1}, 0.5), ({"maximum": 3}, 3.5), ({"exclusiveMinimum": 0}, 0),
    ({"exclusiveMaximum": 1}, 0.99), ({"minimum": 1}, True), ({"minimum": 1}, "0"),
    # combinators
    ({"allOf": [{"type": "integer"}, {"minimum": 2}]}, 1), ({"allOf": [{"type": "integer"}, {"minimum": 2}]}, 3),
    ({"anyOf": [{"type": "string"}, {"type": "integer"}]}, 1.5),
    ({"anyOf": [{"type": "string"}, {"type": "integer"}]}, "s"),
    ({"oneOf": [{"type": "integer"}, {"type": "number"}]}, 1),
    ({"oneOf": [{"type": "integer"}, {"type": "number"}]}, 1.5),
    ({"oneOf": [{"type": "integer"}, {"type": "string"}]}, None),
    ({"not": {"type": "string"}}, "s"), ({"not": {"type": "string"}}, 1),
    ({"if": {"required": ["a"]}, "then": {"required": ["b"]}}, {"a": 1}),
    ({"if": {"required": ["a"]}, "then": {"required": ["b"]}}, {"c": 1}),
    ({"if": {"required": ["a"]}, "else": {"required": ["b"]}}, {"c": 1}),
    ({"if": {"required": ["a"]}, "then": {"properties": {"b": False}}}, {"a": 1, "b": 2}),
    ({"then": {"required": ["b"]}}, {"a": 1}),        # "then" without "if" does nothing
    # references: local, recursive, and annotations that never change a verdict
    ({"$defs": {"n": {"type": "integer"}}, "items": {"$ref": "#/$defs/n"}}, [1, 2]),
    ({"$defs": {"n": {"type": "integer"}}, "items": {"$ref": "#/$defs/n"}}, [1, "2"]),
    ({"$defs": {"tree": {"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/tree"}}},
                         "additionalProperties": False}}, "$ref": "#/$defs/tree"},
     {"kids": [{"kids": []}, {"kids": [{"kids": [], "x": 1}]}]}),
    ({"$defs": {"a b": {"const": 1}, "c/d": {"const": 2}}, "anyOf": [{"$ref": "#/$defs/a b"}, {"$ref": "#/$defs/c~1d"}]}, 2),
    ({"title": "t", "description": "d", "examples": [1], "default": 2, "x-message": "m", "type": "integer"}, 1),
    (True, {"anything": 1}), (False, None), ({}, [1, "x"]),
]


def jsonschema_says(schema, data, registry=None) -> bool:
    schema = {**DIALECT, **schema} if isinstance(schema, dict) else schema
    validator = Draft202012Validator(schema, registry=registry) if registry else Draft202012Validator(schema)
    return validator.is_valid(data)


@pytest.mark.parametrize("schema, data", CASES, ids=[f"{i}:{json.dumps(s)[:40]}" for i, (s, _) in enumerate(CASES)])
def test_same_verdict_as_jsonschema(schema, data):
    fast = fastschema.is_valid({**DIALECT, **schema} if isinstance(schema, dict) else schema, data)
    assert fast is not None, "the checker should know every keyword of this schema"
    assert fast == jsonschema_says(schema, data)


def test_the_table_has_both_verdicts():
    verdicts = [jsonschema_says(s, d) for s, d in CASES]
    assert verdicts.count(True) > 40 and verdicts.count(False) > 40


@pytest.mark.parametrize("schema", [
    {"format": "email"},                           # jsonschema ignores it, but this checker does not guess
    {"contains": {"type": "integer"}},
    {"unevaluatedProperties": False},
    {"$ref": "https://example.com/elsewhere.json"},
    {"$schema": "http://json-schema.org/draft-07/schema#"},
    {"properties": {"a": {"$id": "inner", "type": "integer"}}},
    {"pattern": "("},
    {"type": "float"},
    {"minItems": 1.5},
])
def test_what_it_cannot_check_it_says_so(schema):
    assert fastschema.compile_schema(schema) is None
    assert fastschema.is_valid(schema, {"a": 1}) is None


def test_data_it_fails_on_gets_no_verdict():
    check = fastschema.compile_schema({"uniqueItems": True})

    class Odd(list):
        def __iter__(self):
            raise RuntimeError("odd")
    assert fastschema.verdict(check, Odd([1])) is None


def test_references_between_schema_files():
    resources = {"a.json": {**DIALECT, "$id": "a.json", "$defs": {"n": {"type": "integer"}}}}
    schema = {**DIALECT, "$id": "b.json", "items": {"$ref": "a.json#/$defs/n"}}
    assert fastschema.is_valid(schema, [1], resources) is True
    assert fastschema.is_valid(schema, ["1"], resources) is False
    assert fastschema.is_valid(schema, [1], {}) is None


# ------------------------------------------------------------- real files, both ways

def schema_named_in(path: Path) -> str | None:
    first = path.read_text(encoding="utf-8", errors="replace").split("\n", 1)[0]
    if "$schema=" not in first:
        return None
    return first.rsplit("/", 1)[-1].removesuffix(".schema.json")


FILES = sorted({*ROOT.glob("cards/**/*.yaml"), *ROOT.glob("variants/**/*.yaml"),
                *ROOT.glob("tests/broken/**/*.yaml"), *ROOT.glob("tests/data/**/*.yaml")})


def both_verdicts(schema_name: str, data) -> tuple:
    schema = load_schema(schema_name)
    fast = fastschema.is_valid(schema, data, _fast_resources(str(_schemas_dir())))
    return fast, Draft202012Validator(schema, registry=_registry()).is_valid(data)


def readable(paths):
    for path in paths:
        name = schema_named_in(path)
        try:
            loaded = load_yaml_file(path)
        except YamlProblem:
            continue        # YAML refuses it: no schema gets to see it
        if name and loaded.data is not None:
            yield path, name, loaded.data


READABLE = list(readable(FILES))


def test_the_files_cover_every_schema_and_both_verdicts():
    assert {name for _, name, _ in READABLE} == {"pack", "cards", "scenario", "mtg-cards"}
    assert len(READABLE) >= 40
    verdicts = {both_verdicts(name, data)[1] for _, name, data in READABLE}
    assert verdicts == {True, False}


@pytest.mark.parametrize("path, name, data", READABLE, ids=[str(p.relative_to(ROOT)) for p, _, _ in READABLE])
def test_same_verdict_on_every_file(path, name, data):
    fast, slow = both_verdicts(name, data)
    assert fast is not None
    assert fast == slow


def mutations(data, rnd: random.Random, n: int):
    """`n` copies of `data`, each with one value somewhere replaced, one key dropped or one key added."""
    odd_values = [None, True, 0, -1, 1.5, "", "x", "Not-A-Name", [], [1], {}, {"x": 1}]
    for _ in range(n):
        new = copy.deepcopy(data)
        node = new
        for _depth in range(rnd.randint(1, 6)):
            if isinstance(node, dict) and node:
                key = rnd.choice(sorted(node, key=str))
                if not isinstance(node[key], (dict, list)) or rnd.random() < 0.3:
                    break
                node = node[key]
            elif isinstance(node, list) and node:
                index = rnd.randrange(len(node))
                if not isinstance(node[index], (dict, list)) or rnd.random() < 0.3:
                    break
                node = node[index]
        if isinstance(node, dict) and node:
            key = rnd.choice(sorted(node, key=str))
            action = rnd.randrange(3)
            if action == 0:
                del node[key]
            elif action == 1:
                node[key] = rnd.choice(odd_values)
            else:
                node[key + "_x"] = rnd.choice(odd_values)
        elif isinstance(node, list) and node:
            node[rnd.randrange(len(node))] = rnd.choice(odd_values)
        yield new


def test_same_verdict_on_files_changed_at_random():
    rnd = random.Random(54)
    picked = [item for item in READABLE if item[0].stat().st_size < 20_000]
    disagreements, counted = [], {True: 0, False: 0}
    for path, name, data in picked:
        for changed in mutations(data, rnd, 6):
            fast, slow = both_verdicts(name, changed)
            counted[slow] += 1
            if fast != slow:
                disagreements.append(f"{path.relative_to(ROOT)}: {json.dumps(changed)[:200]}")
    assert not disagreements
    assert counted[True] > 20 and counted[False] > 100
