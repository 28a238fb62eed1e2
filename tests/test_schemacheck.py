import json

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.packs import schemacheck
from cardtable.interpreter.packs.schemacheck import check_schema, load_schema
from cardtable.interpreter.packs.yamlpos import load_yaml_text

CARD = {
    "type": "object",
    "required": ["id", "name"],
    "additionalProperties": False,
    "properties": {
        "id": {"type": "string", "pattern": "^[a-z][a-z0-9-]*$"},
        "name": {"type": "string", "minLength": 1, "maxLength": 20},
        "cost": {"type": "number", "minimum": 0, "maximum": 10},
        "count": {"type": "integer", "exclusiveMinimum": 0},
        "colour": {"type": "string"},
        "visibility": {"enum": ["hidden", "owner", "public"]},
        "face": {"type": "boolean"},
        "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": True, "maxItems": 3},
        "stats": {"type": "object", "minProperties": 1},
        "note": {"type": "null"},
        "slug": {"type": "string", "pattern": "^[a-z]+$", "x-message": "must be lowercase letters only"},
        "effect": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
        "zone": {"oneOf": [
            {"type": "object", "required": ["kind"], "additionalProperties": False,
             "properties": {"kind": {"const": "pile"}, "size": {"type": "integer"}}},
            {"type": "object", "required": ["kind", "owner"], "additionalProperties": False,
             "properties": {"kind": {"const": "hand"}, "owner": {"type": "string"}}},
        ]},
    },
}
PACK = {
    "type": "object",
    "required": ["cards"],
    "properties": {"cards": {"type": "array", "minItems": 1, "items": CARD}},
}


def check(text: str, schema: dict = PACK) -> list[tuple[int, int, str]]:
    report = Report()
    check_schema(load_yaml_text(text, "pack.yaml"), schema, report)
    return [(p.line, p.col, p.message) for p in report.problems]


def card(body: str) -> list[tuple[int, int, str]]:
    """Checks one card; `body` is its keys, one a line, below `- id: c1`."""
    lines = "".join(f"    {line}\n" for line in body.splitlines())
    return check(f"cards:\n  - id: c1\n    name: C\n{lines}")


def test_valid_file_has_no_problems():
    assert card("cost: 2\ntags: [a, b]\nzone: {kind: hand, owner: me}") == []


def test_unknown_key_points_at_the_key():
    assert card("color: red") == [(4, 5, 'unknown key "color"; did you mean "colour"?')]


def test_unknown_key_without_a_close_name():
    assert card("flavour_text: hi") == [(4, 5, 'unknown key "flavour_text"')]


def test_missing_required_key_points_at_the_mapping():
    assert check("cards:\n  - cost: 1\n") == [
        (2, 5, 'missing required key "id"'),
        (2, 5, 'missing required key "name"'),
    ]


def test_empty_value_points_just_after_the_colon():
    assert card("cost:") == [(4, 10, '"cost" must be a number, not empty')]


@pytest.mark.parametrize("line, message", [
    ("cost: three", '"cost" must be a number, not text'),
    ("cost: true", '"cost" must be a number, not true/false'),
    ("cost: [1]", '"cost" must be a number, not a list'),
    ("cost: {a: 1}", '"cost" must be a number, not a mapping'),
    ("count: 2.5", '"count" must be a whole number, not 2.5'),
    ("count: x", '"count" must be a whole number, not text'),
    ("face: 1", '"face" must be true/false, not a whole number'),
    ("tags: a", '"tags" must be a list, not text'),
    ("stats: 3", '"stats" must be a mapping, not a whole number'),
    ("note: 1.5", '"note" must be empty, not a number'),
    ("colour: no", '"colour" must be text, not true/false'),
])
def test_type_messages(line, message):
    assert card(line) == [(4, line.index(":") + 7, message)]


def test_type_mismatch_of_plain_values_hints_at_quotes():
    report = Report()
    check_schema(load_yaml_text("cards:\n  - {id: c, name: C, colour: no}\n", "p.yaml"), PACK, report)
    assert report.problems[0].hint == "put it in quotes to make it text"


def test_enum():
    assert card("visibility: everyone") == [(4, 17, '"visibility" must be one of: hidden, owner, public')]


def test_enum_with_a_close_value():
    assert card("visibility: publik") == [
        (4, 17, '"visibility" must be one of: hidden, owner, public; did you mean "public"?')]


@pytest.mark.parametrize("line, message", [
    ("cost: -1", '"cost" must be at least 0'),
    ("cost: 11", '"cost" must be at most 10'),
    ("count: 0", '"count" must be more than 0'),
    ("tags: [a, b, c, d]", '"tags" must have at most 3 items'),
    ("stats: {}", '"stats" must not be empty'),
])
def test_limits(line, message):
    assert card(line) == [(4, line.index(":") + 7, message)]


def test_length_and_pattern():
    assert check("cards:\n  - id: Bad Id\n    name: ''\n") == [
        (2, 9, '"id" must match the pattern ^[a-z][a-z0-9-]*$'),
        (3, 11, '"name" must not be empty'),
    ]
    assert check("cards:\n  - id: c\n    name: a very long name indeed!\n") == [
        (3, 11, '"name" must be at most 20 characters long')]


def test_custom_message():
    assert card("slug: Not Lower") == [(4, 11, '"slug" must be lowercase letters only')]


def test_repeated_list_item_points_at_the_repeat():
    assert card("tags: [a, b, a]") == [(4, 18, 'item 3 of "tags" is the same as item 1')]


def test_list_items_are_named_by_their_list():
    assert card("tags: [a, 2]") == [(4, 15, 'item 2 of "tags" must be text, not a whole number')]
    assert check("cards: [3]\n") == [(1, 9, 'item 1 of "cards" must be a mapping, not a whole number')]


def test_document_itself():
    assert check("- a\n- b\n") == [(1, 1, "the document must be a mapping, not a list")]
    assert check("") == [(1, 1, "the document must be a mapping, not empty")]
    assert check("cards: []\n") == [(1, 8, '"cards" must not be empty')]


# --- oneOf / anyOf ------------------------------------------------------------------------

def test_one_of_simple_types_are_combined():
    assert card("effect: 3") == [(4, 13, '"effect" must be text or a list, not a whole number')]


def test_one_of_reports_inside_the_matching_shape():
    assert card("effect: [draw, 2]") == [(4, 20, 'item 2 of "effect" must be text, not a whole number')]


def test_one_of_picks_the_alternative_named_by_its_tag():
    assert card("zone: {kind: hand, owner: 7}") == [(4, 31, '"owner" must be text, not a whole number')]
    assert card("zone: {kind: pile, size: x}") == [(4, 30, '"size" must be a whole number, not text')]
    assert card("zone: {kind: hand}") == [(4, 11, 'missing required key "owner"')]


def test_one_of_unknown_tag_lists_the_choices():
    assert card("zone: {kind: hnd}") == [(4, 18, '"kind" must be one of: pile, hand; did you mean "hand"?')]


def test_one_of_wrong_shape():
    assert card("zone: 3") == [(4, 11, '"zone" must be a mapping, not a whole number')]


def test_one_of_matching_twice():
    schema = {"oneOf": [{"type": "integer"}, {"type": "number"}]}
    assert check("3\n", schema) == [(1, 1, "the document matches more than one of the allowed forms")]


def test_any_of():
    schema = {"type": "object", "properties": {"v": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}
    assert check("v: 2\n", schema) == [(1, 4, '"v" must be text or empty, not a whole number')]


# --- other keywords -----------------------------------------------------------------------

def test_const_and_dependent_required():
    schema = {"type": "object", "properties": {"version": {"const": 1}},
              "dependentRequired": {"min": ["max"]}}
    assert check("version: 2\nmin: 1\n", schema) == [
        (1, 1, 'missing key "max" (needed when "min" is given)'),
        (1, 10, '"version" must be 1'),
    ]


def test_property_names_and_false_schemas():
    schema = {"type": "object", "propertyNames": {"enum": ["alpha", "beta"]},
              "properties": {"beta": False}}
    assert check("alpha: 1\nalhpa: 2\nbeta: 3\n", schema) == [
        (2, 1, 'key "alhpa" is not allowed; did you mean "alpha"?'),
        (3, 1, 'key "beta" is not allowed here'),
    ]


def test_unevaluated_properties():
    schema = {"type": "object", "allOf": [{"properties": {"name": {}}}], "unevaluatedProperties": False}
    assert check("name: x\nnmae: y\n", schema) == [(2, 1, 'unknown key "nmae"; did you mean "name"?')]


def test_keys_that_are_not_text():
    schema = {"type": "object", "additionalProperties": {"type": "integer"}}
    report = Report()
    check_schema(load_yaml_text("yes: 1\n12: 2\nok: 3\n", "k.yaml"), schema, report)
    assert [(p.line, p.col, p.message, p.hint) for p in report.problems] == [
        (1, 1, "key yes is read as true/false, not as text", 'put it in quotes: "yes"'),
        (2, 1, "key 12 is read as a number, not as text", 'put it in quotes: "12"'),
    ]


def test_keys_that_are_not_text_still_get_checked():
    schema = {"type": "object", "properties": {"on": {"type": "string"}}}
    assert check("on: 1\n", schema) == [
        (1, 1, "key on is read as true/false, not as text"),
        (1, 5, '"on" must be text, not a whole number'),
    ]


def test_positions_through_aliases():
    text = "base: &b {id: c1, name: C, cost: x}\ncards:\n  - *b\n"
    assert check(text) == [(1, 34, '"cost" must be a number, not text')]


def test_source_is_registered_and_file_named():
    report = Report()
    loaded = load_yaml_text("cards: 1\n", "packs/demo.yaml")
    check_schema(loaded, PACK, report)
    assert report.sources["packs/demo.yaml"] == "cards: 1\n"
    assert report.problems[0].file == "packs/demo.yaml"


# --- load_schema --------------------------------------------------------------------------

@pytest.fixture
def schema_dir(tmp_path, monkeypatch):
    monkeypatch.setattr(schemacheck, "_schemas_dir", lambda: tmp_path)
    load_schema.cache_clear()
    schemacheck._registry.cache_clear()
    yield tmp_path
    load_schema.cache_clear()
    schemacheck._registry.cache_clear()


def test_load_schema_is_cached(schema_dir):
    (schema_dir / "card.schema.json").write_text(json.dumps({"type": "object"}))
    first = load_schema("card")
    assert first == {"type": "object"}
    assert load_schema("card") is first


def test_load_schema_missing(schema_dir):
    with pytest.raises(FileNotFoundError):
        load_schema("nope")


def test_schemas_can_refer_to_each_other(schema_dir):
    (schema_dir / "cost.schema.json").write_text(json.dumps({"type": "integer", "minimum": 0}))
    (schema_dir / "card.schema.json").write_text(json.dumps(
        {"type": "object", "properties": {"cost": {"$ref": "cost.schema.json"}}}))
    assert check("cost: -2\n", load_schema("card")) == [(1, 7, '"cost" must be at least 0')]


def test_schemas_dir_defaults_to_the_package():
    assert schemacheck._schemas_dir().name == "schemas"
