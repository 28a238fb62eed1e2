"""The JSON Schemas of pack, card and scenario files: valid, documented, closed, and
matching the files shipped with cardtable."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

ROOT = Path(__file__).parent.parent
SCHEMAS = ROOT / "schemas"
NAMES = ("pack", "cards", "scenario")


def load_schema(name: str) -> dict:
    return json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))


def errors(name: str, data) -> list:
    return list(Draft202012Validator(load_schema(name)).iter_errors(data))


def is_valid(name: str, data) -> bool:
    return not errors(name, data)


def read_yaml(path: Path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


# ------------------------------------------------------------ the schemas themselves

def subschemas(schema, where="#"):
    """(pointer, subschema) for every schema object nested in `schema`, itself included."""
    if not isinstance(schema, dict):
        return
    yield where, schema
    for key in ("properties", "patternProperties", "$defs", "dependentSchemas"):
        for name, sub in (schema.get(key) or {}).items():
            yield from subschemas(sub, f"{where}/{key}/{name}")
    for key in ("additionalProperties", "items", "contains", "propertyNames", "not", "if", "then", "else",
                "unevaluatedProperties", "unevaluatedItems"):
        yield from subschemas(schema.get(key), f"{where}/{key}")
    for key in ("allOf", "anyOf", "oneOf", "prefixItems"):
        for i, sub in enumerate(schema.get(key) or []):
            yield from subschemas(sub, f"{where}/{key}/{i}")


@pytest.mark.parametrize("name", NAMES)
def test_schema_is_valid_draft_2020_12(name):
    schema = load_schema(name)
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == f"https://cardtable.dev/schemas/{name}.schema.json"
    assert schema.get("title") and schema.get("description")


@pytest.mark.parametrize("name", NAMES)
def test_every_property_has_a_description(name):
    missing = []
    for where, schema in subschemas(load_schema(name)):
        for prop, sub in (schema.get("properties") or {}).items():
            if sub is False:        # "this key is not allowed here": nothing to describe
                continue
            if not (isinstance(sub, dict) and isinstance(sub.get("description"), str) and sub["description"].strip()):
                missing.append(f"{where}/properties/{prop}")
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict) and not extra.get("description"):
            missing.append(f"{where}/additionalProperties")
    assert not missing, "no description: " + ", ".join(missing)


@pytest.mark.parametrize("name", NAMES)
def test_every_object_says_what_other_keys_it_takes(name):
    # Closed (additionalProperties: false), or an explicit schema for the designer's own names.
    open_ = [where for where, schema in subschemas(load_schema(name))
             if schema.get("type") == "object" and "additionalProperties" not in schema]
    assert not open_, "objects without additionalProperties: " + ", ".join(open_)


@pytest.mark.parametrize("name", NAMES)
def test_most_properties_have_examples(name):
    props = [sub for _, schema in subschemas(load_schema(name)) for sub in (schema.get("properties") or {}).values()
             if isinstance(sub, dict) and ("type" in sub or "oneOf" in sub)]
    with_examples = [sub for sub in props if sub.get("examples")]
    assert len(with_examples) >= 0.8 * len(props)


# ------------------------------------------------------------------ shipped files

PACK_FILES = sorted(ROOT.glob("variants/*/pack.yaml"))
CARD_FILES = sorted(ROOT.glob("variants/*/cards/**/*.yaml")) + sorted((ROOT / "cards").rglob("*.yaml"))
SCENARIO_FILES = sorted(ROOT.glob("variants/*/tests/**/*.yaml"))


def test_the_magic54_files_are_checked():
    checked = {rel(p) for p in PACK_FILES + CARD_FILES}
    assert "variants/magic54/pack.yaml" in checked
    assert "cards/standard54.yaml" in checked
    assert {"variants/magic54/cards/mana.yaml", "variants/magic54/cards/creatures.yaml",
            "variants/magic54/cards/damage.yaml", "variants/magic54/cards/actions.yaml"} <= checked


def explain(errs) -> str:
    return "\n".join(f"  at {'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}" for e in errs)


@pytest.mark.parametrize("path", PACK_FILES, ids=rel)
def test_shipped_pack_validates(path):
    errs = errors("pack", read_yaml(path))
    assert not errs, f"{rel(path)}:\n{explain(errs)}"


def declared_schema(path) -> str:
    """The schema a file names on its first line, as an editor reads it."""
    first = Path(path).read_text(encoding="utf-8").split("\n", 1)[0]
    name = first.rsplit("/", 1)[-1]
    assert name.endswith(".schema.json"), f"{rel(path)} names no schema on its first line"
    return name[: -len(".schema.json")]


@pytest.mark.parametrize("path", CARD_FILES, ids=rel)
def test_shipped_card_file_validates(path):
    errs = errors(declared_schema(path), read_yaml(path))
    assert not errs, f"{rel(path)}:\n{explain(errs)}"


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=rel)
def test_shipped_scenario_file_validates(path):
    errs = errors("scenario", read_yaml(path))
    assert not errs, f"{rel(path)}:\n{explain(errs)}"


# Every YAML file the package ships (see package-data in pyproject.toml).
SHIPPED = sorted({*ROOT.glob("cards/**/*.yaml"), *ROOT.glob("variants/**/*.yaml")})


def test_every_kind_of_shipped_file_is_looked_at():
    assert set(PACK_FILES + CARD_FILES + SCENARIO_FILES) <= set(SHIPPED)
    assert {p.parent.name for p in SHIPPED} >= {"cards", "mtg", "magic54", "tests"}


def expected_schema(path: Path) -> str:
    if path.name == "pack.yaml":
        return "pack"
    if path.parent.name == "tests":
        return "scenario"
    return "mtg-cards" if path.relative_to(ROOT).parts[:2] == ("cards", "mtg") else "cards"


@pytest.mark.parametrize("path", SHIPPED, ids=rel)
def test_shipped_file_points_editors_at_its_schema(path):
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# yaml-language-server: $schema=")
    target = (path.parent / first.split("=", 1)[1]).resolve()
    assert target == (SCHEMAS / f"{expected_schema(path)}.schema.json").resolve()
    assert target.is_file()


# ----------------------------------------------------------------- what is caught

MINIMAL_PACK = """
id: tiny
name: Tiny
version: 1.0.0
players: {min: 2, max: 2}
options:
  starting_life: {default: 20, min: 1}
zones:
  deck: {per: player, visibility: hidden, ordered: true, role: deck}
  hand: {visibility: owner, role: hand}
define:
  fast: window is main
turn:
  - phase: main
    script: window main
"""

MINIMAL_CARDS = """
families:
  - name: Two
    match: {rank: two}
    types: [damage]
    cost: 1
    text: "Two: one damage."
    abilities:
      - name: Damage
        from: hand
        when: fast
        cost: 1
        effect: deal 1 damage to opponent
"""

MINIMAL_SCENARIO = """
pack: magic54
scenarios:
  - name: a Two deals 1 damage
    seed: 3
    options: {starting_life: 5}
    setup:
      turn: 2
      active: Red
      phase: pre_attack
      players:
        - life: 5
          zones:
            hand: [Two of Hearts]
            play: ["Three of Hearts: tapped", {card: Jack of Hearts, damage: 0, entered: 1}]
        - {life: 5, counters: {mana_played: 0}}
    script:
      - "Red: Damage (Two of Hearts)"
      - {player: Black, choose: pass}
      - {player: 0, choose: Summon (King of Hearts), expect_error: not enough mana}
    expect:
      result: ongoing
      players:
        - zones: {discard: [Two of Hearts], hand: {count: 0}}
        - {life: 4}
      tapped: [Three of Hearts]
      damage: {Jack of Hearts: 0}
      log: [Red plays Two of Hearts]
      decision: {player: Black, options: [pass]}
"""


def edited(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def test_the_minimal_files_are_valid():
    assert is_valid("pack", yaml.safe_load(MINIMAL_PACK))
    assert is_valid("cards", yaml.safe_load(MINIMAL_CARDS))
    assert is_valid("scenario", yaml.safe_load(MINIMAL_SCENARIO))


@pytest.mark.parametrize("old, new", [
    ("zones:", "zone:"),                                          # typo'd top-level key
    ("visibility: hidden", "visibilty: hidden"),                  # typo'd zone key
    ("per: player", "per: players"),                              # not one of the choices
    ("fast: window is main", "fast: no"),                          # YAML reads no as false
    ("script: window main", "script: 010"),                        # YAML reads 010 as 8
    ("script: window main", "script: {R}"),                        # YAML reads {R} as a mapping
    ("starting_life: {default: 20, min: 1}", 'starting_life: {default: "two", min: 1}'),
    ("starting_life: {default: 20, min: 1}", 'cost: {default: "two", max: 3}'),
    ("starting_life: {default: 20, min: 1}", "Starting Life: {default: 20}"),   # option names are words
    ("id: tiny", "id: Tiny Pack"),
    ("version: 1.0.0", "version: 1.0"),                            # a number, not text
    ("players: {min: 2, max: 2}", "players: {min: 0, max: 2}"),
    ("players: {min: 2, max: 2}", "players: {min: 2, max: 2, first: last}"),
    ("hand: {visibility: owner, role: hand}",                     # a comma in a flow mapping splits the text
     "hand: {visibility: owner, role: hand, description: Cards in hand, face down.}"),
    ("    script: window main", "    script: window main\n    steps: [{step: one}]"),   # script XOR steps
    ("    script: window main", ""),
    ("name: Tiny\n", ""),                                          # required
])
def test_pack_mistakes_are_caught(old, new):
    assert not is_valid("pack", yaml.safe_load(edited(MINIMAL_PACK, old, new)))


def test_option_defaults_follow_their_kind():
    ok = edited(MINIMAL_PACK, "starting_life: {default: 20, min: 1}",
                "speed: {default: normal, choices: [slow, normal]}\n  rated: {default: false}")
    assert is_valid("pack", yaml.safe_load(ok))
    bad = edited(MINIMAL_PACK, "starting_life: {default: 20, min: 1}", "speed: {default: 2, choices: [slow, normal]}")
    assert not is_valid("pack", yaml.safe_load(bad))


@pytest.mark.parametrize("old, new", [
    ("abilities:", "abilites:"),                                   # a list is no card property
    ("        effect:", "        efect:"),                         # abilities are closed
    ("        when: fast", "        when: no"),
    ("        cost: 1", "        cost: -1"),
    ("        cost: 1", "        cost: yes"),                      # true is no cost
    ('text: "Two: one damage."', "text: {R}"),
    ("match: {rank: two}", "match: {rank: [two, {x: 1}]}"),
    ("types: [damage]", "types: damage"),
    ("    cost: 1\n", "    cost: [1, {x: 2}]\n"),                  # a list holds words, not mappings
    ("  - name: Two\n", "  - count: 2\n"),                         # name is required
])
def test_card_mistakes_are_caught(old, new):
    assert not is_valid("cards", yaml.safe_load(edited(MINIMAL_CARDS, old, new)))


def test_triggered_abilities_and_card_properties_are_accepted():
    cards = yaml.safe_load(MINIMAL_CARDS)
    cards["cards"] = [{"name": "Watcher", "count": 2, "types": ["creature"], "keywords": ["flying"], "attack": 1,
                       "rare": True, "colour": "red",
                       "abilities": [{"name": "Greet", "trigger": "when this enters play", "effect": "draw a card"}]}]
    assert is_valid("cards", cards)


def test_a_shared_set_holds_plain_cards_only():
    shared = {"set": "deck3", "description": "Three cards.",
              "cards": [{"name": "Ace of Hearts", "suit": "hearts", "value": 1, "face": False}]}
    assert is_valid("cards", shared)
    assert not is_valid("cards", {**shared, "cards": [{"name": "Ace", "abilities": []}]})
    assert not is_valid("cards", {**shared, "families": [{"name": "Ace"}]})
    assert not is_valid("cards", {"set": "deck3"})


def test_scenario_card_states_the_runner_reads_are_accepted():
    text = edited(MINIMAL_SCENARIO, "{card: Jack of Hearts, damage: 0, entered: 1}",
                  "{card: Jack of Hearts, owner: Black, face_down: true, marks: {blocking: King of Spades}, "
                  "until: combat}")
    text = edited(text, "- {life: 5, counters", "- {out: false, life: 5, counters")
    assert is_valid("scenario", yaml.safe_load(text))


@pytest.mark.parametrize("old, new", [
    ('      - "Red: Damage (Two of Hearts)"', "      - Red: Damage (Two of Hearts)"),   # unquoted: a mapping
    ('["Three of Hearts: tapped",', "[Three of Hearts: tapped,"),                     # unquoted: a mapping
    ("{player: Black, choose: pass}", "{player: Black, chose: pass}"),
    ("    seed: 3", "    sed: 3"),
    ("      result: ongoing", "      result: no"),
    ("{card: Jack of Hearts, damage: 0, entered: 1}", "{card: Jack of Hearts, damage: one}"),
    ("hand: {count: 0}", "hand: {count: 0, of: x}"),
    ("  - name: a Two deals 1 damage\n", "  - nom: a Two deals 1 damage\n"),
])
def test_scenario_mistakes_are_caught(old, new):
    assert not is_valid("scenario", yaml.safe_load(edited(MINIMAL_SCENARIO, old, new)))


def test_the_shipped_pack_with_a_typo_fails():
    pack = read_yaml(ROOT / "variants/magic54/pack.yaml")
    pack["zone"] = pack.pop("zones")
    assert not is_valid("pack", pack)
