"""Magic: The Gathering card data: the shipped pool, the MTGJSON and Scryfall readers, deck lists."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

from cardtable.interpreter.packs import decklist, mtgdata
from cardtable.interpreter.packs.decklist import DeckEntry, DeckListError
from cardtable.interpreter.packs.mtgdata import CardDataError, CardRecord

ROOT = Path(__file__).parent.parent
DATA = Path(__file__).parent / "data" / "mtg"
POOL_FILE = ROOT / "cards" / "mtg" / "pool.yaml"
SCHEMA_FILE = ROOT / "schemas" / "mtg-cards.schema.json"
# The C loader when PyYAML has it: the pure-Python one takes half a second over the pool.
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
RULE_TYPES = ("Land", "Creature", "Instant", "Sorcery", "Enchantment", "Artifact", "Planeswalker")


@pytest.fixture(scope="module")
def pool() -> dict[str, CardRecord]:
    return mtgdata.load_pool()


@pytest.fixture(scope="module")
def raw_pool() -> dict:
    return yaml.load(POOL_FILE.read_text(encoding="utf-8"), Loader=LOADER)


@pytest.fixture(scope="module")
def schema() -> dict:
    return json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))


def mana_value_of(cost: str) -> int:
    symbols = re.findall(r"\{([^}]+)\}", cost)
    return sum(int(s) if s.isdigit() else 0 if s in "XYZ" else 1 for s in symbols)


# ------------------------------------------------------------------------------ the pool

def test_the_pool_is_large_and_names_are_unique(raw_pool):
    names = [card["name"].casefold() for card in raw_pool["cards"]]
    assert len(names) >= 220
    assert len(set(names)) == len(names)


def test_the_pool_validates_against_its_schema(raw_pool, schema):
    Draft202012Validator.check_schema(schema)
    errors = list(Draft202012Validator(schema).iter_errors(raw_pool))
    assert not errors, errors[0].message


def test_the_pool_points_editors_at_its_schema():
    first = POOL_FILE.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# yaml-language-server: $schema=")
    assert (POOL_FILE.parent / first.split("=", 1)[1]).resolve() == SCHEMA_FILE.resolve()


def test_every_string_value_in_the_pool_is_quoted():
    # YAML 1.1 reads {R} as a mapping, * as an alias and yes as true.
    for number, line in enumerate(POOL_FILE.read_text(encoding="utf-8").splitlines(), start=1):
        match = re.match(r"\s*-?\s*(\w+): (.*)$", line)
        if match and match[1] not in ("mana_value", "description"):
            assert match[2][0] in '"[', f"pool.yaml:{number}: {line.strip()}"


def test_every_card_type_of_the_rules_is_in_the_pool(pool):
    for card_type in RULE_TYPES:
        assert any(card.has_type(card_type) for card in pool.values()), card_type
    assert sum(card.has_type("Planeswalker") for card in pool.values()) >= 6


def test_the_pool_has_cards_of_several_types(pool):
    multi = [card for card in pool.values() if len(set(card.types) & set(RULE_TYPES)) >= 2]
    assert len(multi) >= 12
    kinds = {" ".join(t for t in card.types if t in RULE_TYPES) for card in multi}
    assert {"Land Creature", "Artifact Creature", "Enchantment Creature", "Artifact Land",
            "Enchantment Artifact"} <= kinds
    assert any(card.has_type("Kindred") for card in pool.values())


def test_mana_values_match_mana_costs(pool):
    wrong = [card.name for card in pool.values() if card.mana_value != mana_value_of(card.mana_cost)]
    assert not wrong


def test_colours_come_from_the_mana_cost(pool):
    for card in pool.values():
        in_cost = set(re.findall(r"[WUBRG]", card.mana_cost))
        assert in_cost <= set(card.colors), card.name
        if card.name != "Dryad Arbor":
            assert set(card.colors) == in_cost, card.name


def test_creatures_have_power_and_toughness_and_planeswalkers_loyalty(pool):
    for card in pool.values():
        assert (card.power is not None) == card.has_type("Creature") == (card.toughness is not None), card.name
        assert (card.loyalty is not None) == card.has_type("Planeswalker"), card.name


def test_creature_mana_values_spread_from_0_to_7(pool):
    values = {card.mana_value for card in pool.values() if card.has_type("Creature")}
    assert set(range(8)) <= values


def test_the_basic_tcg_keywords_are_all_in_the_pool(pool):
    keywords = {k for card in pool.values() for k in card.keywords}
    assert {"First strike", "Flying", "Deathtouch", "Defender", "Reach", "Infect", "Toxic",
            "Forestwalk", "Swampwalk", "Islandwalk", "Mountainwalk", "Plainswalk"} <= keywords
    assert {"Protection from black", "Protection from red", "Protection from white"} <= keywords
    texts = [card.oracle_text for card in pool.values()]
    assert any(re.search(r"\{G\}: Regenerate", t) for t in texts)
    assert any("poison counter" in t for t in texts)
    assert sum("+1/+1 counter" in t for t in texts) >= 5


def test_dryad_arbor_is_a_land_creature(pool):
    arbor = pool["Dryad Arbor"]
    assert arbor.types == ("Land", "Creature")
    assert arbor.subtypes == ("Forest", "Dryad")
    assert arbor.supertypes == ()
    assert (arbor.mana_cost, arbor.mana_value, arbor.power, arbor.toughness) == ("", 0, "1", "1")
    assert arbor.colors == ("G",)


def test_pool_records_keep_printed_values(pool):
    goyf = pool["Tarmogoyf"]
    assert (goyf.power, goyf.toughness, goyf.mana_cost, goyf.mana_value) == ("*", "1+*", "{1}{G}", 2)
    assert pool["Akroma, Angel of Wrath"].keywords[:2] == ("Flying", "First strike")
    liliana = pool["Liliana of the Veil"]
    assert (liliana.supertypes, liliana.types, liliana.subtypes, liliana.loyalty) == (
        ("Legendary",), ("Planeswalker",), ("Liliana",), "3")
    heliod = pool["Heliod, God of the Sun"]
    assert (heliod.supertypes, heliod.types, heliod.subtypes) == (("Legendary",), ("Enchantment", "Creature"), ("God",))
    assert pool["Eyeblight's Ending"].types == ("Kindred", "Instant")
    assert pool["Snow-Covered Forest"].supertypes == ("Basic", "Snow")


def test_lookup_ignores_capitals(pool):
    assert mtgdata.lookup(pool, "lightning BOLT").name == "Lightning Bolt"
    assert mtgdata.lookup(pool, "Lightning Blot") is None


def test_load_pool_returns_a_fresh_dict(pool):
    mine = mtgdata.load_pool()
    mine.pop("Forest")
    assert "Forest" in mtgdata.load_pool()


# ------------------------------------------------------------------------------ type lines

@pytest.mark.parametrize("type_line, expected", [
    ("Land Creature — Forest Dryad", ((), ("Land", "Creature"), ("Forest", "Dryad"))),
    ("Artifact Creature - Myr", ((), ("Artifact", "Creature"), ("Myr",))),
    ("Artifact Land", ((), ("Artifact", "Land"), ())),
    ("Legendary Planeswalker — Jace", (("Legendary",), ("Planeswalker",), ("Jace",))),
    ("Kindred Instant — Elf", ((), ("Kindred", "Instant"), ("Elf",))),
    ("Land — Urza's Tower", ((), ("Land",), ("Urza's", "Tower"))),
    ("Creature — Human Wizard // Creature — Human Insect", ((), ("Creature",), ("Human", "Wizard"))),
])
def test_split_type_line(type_line, expected):
    assert mtgdata.split_type_line(type_line) == expected


# ------------------------------------------------------------------------------ the schema

def test_every_schema_property_is_described_and_every_object_closed(schema):
    def walk(node, where="#"):
        if isinstance(node, dict):
            if node.get("type") == "object":
                assert node.get("additionalProperties") is False, where
            for name, sub in node.get("properties", {}).items():
                assert sub.get("description", "").strip(), f"{where}/properties/{name}"
                assert sub.get("examples"), f"{where}/properties/{name}"
            for key, sub in node.items():
                walk(sub, f"{where}/{key}")
    walk(schema)


@pytest.mark.parametrize("card", [
    {"name": "Bolt", "type_line": "Instant", "mana_value": 1, "mana_cost": {"R": None}},  # unquoted {R}
    {"name": "Bolt", "type_line": "Instant", "mana_value": 1, "colour": ["R"]},
    {"name": "Bolt", "type_line": "Instant", "mana_value": 1, "colors": ["Red"]},
    {"name": "Bolt", "type_line": "Instant", "mana_value": -1},
    {"name": "Bolt", "type_line": "Instant", "mana_value": 1, "power": None},
    {"type_line": "Instant", "mana_value": 1},
    {"name": "Bolt", "mana_value": 1},
    {"name": "Bolt", "type_line": "Instant"},
])
def test_the_schema_catches_mistakes(schema, card):
    assert list(Draft202012Validator(schema).iter_errors({"cards": [card]}))


# ------------------------------------------------------------------------------ MTGJSON

def test_mtgjson_atomic_cards():
    cards = mtgdata.load_mtgjson_atomic(DATA / "AtomicCards-sample.json")
    assert list(cards) == ["Lightning Bolt", "Dryad Arbor", "Delver of Secrets // Insectile Aberration",
                           "Tarmogoyf", "Jace, the Mind Sculptor", "Serra Angel"]
    assert cards["Lightning Bolt"] == CardRecord(
        name="Lightning Bolt", type_line="Instant", supertypes=(), types=("Instant",), subtypes=(),
        mana_cost="{R}", mana_value=1, colors=("R",), keywords=(),
        oracle_text="Lightning Bolt deals 3 damage to any target.")
    arbor = cards["Dryad Arbor"]
    assert (arbor.types, arbor.subtypes, arbor.mana_value, arbor.mana_cost) == (("Land", "Creature"), ("Forest", "Dryad"), 0, "")
    assert type(arbor.mana_value) is int


def test_mtgjson_takes_the_front_face_of_a_double_faced_card():
    delver = mtgdata.load_mtgjson_atomic(DATA / "AtomicCards-sample.json")["Delver of Secrets // Insectile Aberration"]
    assert (delver.type_line, delver.mana_cost, delver.power, delver.toughness) == ("Creature — Human Wizard", "{U}", "1", "1")
    assert delver.subtypes == ("Human", "Wizard")
    assert delver.keywords == ("Transform",)


def test_mtgjson_older_files_give_converted_mana_cost():
    jace = mtgdata.load_mtgjson_atomic(DATA / "AtomicCards-sample.json")["Jace, the Mind Sculptor"]
    assert (jace.mana_value, jace.loyalty, jace.supertypes, jace.power) == (4, "3", ("Legendary",), None)
    assert type(jace.mana_value) is int


# ------------------------------------------------------------------------------ Scryfall

def test_scryfall_bulk_data():
    cards = mtgdata.load_scryfall(DATA / "scryfall-sample.json")
    assert list(cards) == ["Lightning Bolt", "Dryad Arbor", "Delver of Secrets // Insectile Aberration",
                           "Fire // Ice", "Jace, the Mind Sculptor"]      # the Goblin token is left out
    arbor = cards["Dryad Arbor"]
    assert (arbor.types, arbor.subtypes, arbor.mana_value, arbor.colors) == (("Land", "Creature"), ("Forest", "Dryad"), 0, ("G",))
    jace = cards["Jace, the Mind Sculptor"]
    assert (jace.loyalty, jace.mana_value, jace.subtypes) == ("3", 4, ("Jace",))


def test_scryfall_takes_front_face_values():
    cards = mtgdata.load_scryfall(DATA / "scryfall-sample.json")
    delver = cards["Delver of Secrets // Insectile Aberration"]
    assert (delver.type_line, delver.mana_cost, delver.power, delver.toughness, delver.colors) == (
        "Creature — Human Wizard", "{U}", "1", "1", ("U",))
    assert delver.oracle_text.startswith("At the beginning of your upkeep")
    fire = cards["Fire // Ice"]
    assert (fire.type_line, fire.mana_cost, fire.mana_value, fire.colors) == ("Instant", "{1}{R}", 4, ("R", "U"))
    assert fire.oracle_text == "Fire deals 2 damage divided as you choose among one or two targets."


def test_a_double_faced_card_answers_to_its_front_face_name():
    cards = mtgdata.load_scryfall(DATA / "scryfall-sample.json")
    assert mtgdata.lookup(cards, "delver of secrets").name == "Delver of Secrets // Insectile Aberration"


# ------------------------------------------------------------------------------ any card file

def test_load_card_file_tells_the_formats_apart():
    assert "Serra Angel" in mtgdata.load_card_file(DATA / "AtomicCards-sample.json")
    assert "Fire // Ice" in mtgdata.load_card_file(DATA / "scryfall-sample.json")
    mine = mtgdata.load_card_file(DATA / "my-cards.yaml")
    assert list(mine) == ["Grizzly Bears", "Ornithopter"]
    thopter = mine["Ornithopter"]
    assert (thopter.types, thopter.subtypes, thopter.power, thopter.toughness, thopter.oracle_text) == (
        ("Artifact", "Creature"), ("Thopter",), "0", "2", "Flying")
    assert mine["Grizzly Bears"].keywords == () and mine["Grizzly Bears"].oracle_text == ""


def test_a_json_file_that_holds_no_cards(tmp_path):
    path = tmp_path / "cards.json"
    path.write_text('{"hello": "world"}', encoding="utf-8")
    with pytest.raises(CardDataError) as caught:
        mtgdata.load_card_file(path)
    assert str(caught.value) == (f'{path}:1:1: error: not a card data file: expected MTGJSON AtomicCards '
                                 f'(an object with "data") or Scryfall bulk data (a list of cards)')


def test_invalid_json_names_line_and_column(tmp_path):
    path = tmp_path / "cards.json"
    path.write_text('[\n  {"name": "Lightning Bolt",}\n]\n', encoding="utf-8")
    with pytest.raises(CardDataError) as caught:
        mtgdata.load_card_file(path)
    error = caught.value
    assert (error.line, error.col) == (2, 29)
    assert str(error) == f"{path}:2:29: error: invalid JSON: Expecting property name enclosed in double quotes"


@pytest.mark.parametrize("value, said", [
    ("1" + "0" * 400, "one past them"),                 # a whole number too large to be a float
    ("1e400", "infinity"),
    ("2000000000000000000", "one past them"),
])
def test_a_mana_value_past_the_engines_numbers_is_named_at_its_card(tmp_path, value, said):
    path = tmp_path / "cards.json"
    path.write_text('{"data": {"Grizzly Bears": [{"name": "Grizzly Bears", "manaCost": "{1}{G}", "manaValue": '
                    + value + ', "type": "Creature - Bear", "types": ["Creature"], "power": "2", "toughness": "2"}]}}',
                    encoding="utf-8")
    with pytest.raises(CardDataError) as caught:
        mtgdata.load_card_file(path)
    assert caught.value.message == (f'card "Grizzly Bears": "manaValue" must be a number from -10¹⁸ to 10¹⁸, '
                                    f'not {said}')
    assert caught.value.line == 1


def test_a_missing_file(tmp_path):
    path = tmp_path / "nowhere.json"
    with pytest.raises(CardDataError) as caught:
        mtgdata.load_scryfall(path)
    assert str(caught.value) == f"{path}: error: no such file"


def test_the_wrong_reader_says_what_it_expected():
    with pytest.raises(CardDataError) as caught:
        mtgdata.load_scryfall(DATA / "AtomicCards-sample.json")
    assert caught.value.message == "not a Scryfall bulk data file: expected a list of cards"
    with pytest.raises(CardDataError) as caught:
        mtgdata.load_mtgjson_atomic(DATA / "scryfall-sample.json")
    assert caught.value.message == 'not an MTGJSON AtomicCards file: expected an object with "data"'


def test_a_card_file_with_schema_mistakes_lists_them_all():
    path = DATA / "bad-cards.yaml"
    with pytest.raises(CardDataError) as caught:
        mtgdata.load_card_file(path)
    assert caught.value.problems == [
        (4, 16, "card 1 (mana_cost): is a mapping; quote the text (YAML reads {X} as a mapping)"),
        (6, 5, "card 2: unknown key: typeline"),
        (6, 5, 'card 2: "type_line" is a required property'),
    ]
    assert str(caught.value).splitlines()[0] == (
        f"{path}:4:16: error: card 1 (mana_cost): is a mapping; quote the text (YAML reads {{X}} as a mapping)")


def test_a_card_listed_twice(tmp_path):
    path = tmp_path / "twice.yaml"
    path.write_text('cards:\n  - {name: Shock, type_line: Instant, mana_value: 1}\n'
                    '  - {name: shock, type_line: Instant, mana_value: 1}\n', encoding="utf-8")
    with pytest.raises(CardDataError) as caught:
        mtgdata.load_card_file(path)
    assert str(caught.value) == f'{path}:3:12: error: card "shock" is listed twice'


def test_broken_yaml(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("cards:\n  - name: [Shock\n", encoding="utf-8")
    with pytest.raises(CardDataError) as caught:
        mtgdata.load_card_file(path)
    # Read as pack files are, with their messages.
    assert str(caught.value) == f'{path}:2:11: error: the list opened with "[" here is never closed'


def test_a_key_given_twice_in_card_yaml_is_refused(tmp_path):
    # As in pack files: the last one would win, silently.
    path = tmp_path / "cards.yaml"
    path.write_text("cards:\n  - name: Shock\n    type_line: Instant\n    mana_value: 1\n    mana_value: 3\n",
                    encoding="utf-8")
    with pytest.raises(CardDataError) as caught:
        mtgdata.load_card_file(path)
    assert str(caught.value) == f'{path}:5:5: error: duplicate key "mana_value" (first at line 4)'


def test_a_malformed_mtgjson_entry(tmp_path):
    path = tmp_path / "AtomicCards.json"
    path.write_text('{"meta": {},\n "data": {"Shock": [{"manaValue": 1}],\n "Bolt": "x"}}', encoding="utf-8")
    with pytest.raises(CardDataError) as caught:
        mtgdata.load_mtgjson_atomic(path)
    assert caught.value.problems == [(2, 11, 'card "Shock": missing "type"'),
                                     (3, 2, 'card "Bolt": expected a list of card objects')]


# ------------------------------------------------------------------------------ deck lists

def test_parse_a_deck_list():
    deck = decklist.parse_decklist((DATA / "good-deck.txt").read_text(encoding="utf-8"), "good-deck.txt")
    assert deck.main == [DeckEntry(4, "Lightning Bolt", 2), DeckEntry(4, "Goblin Guide", 3),
                         DeckEntry(2, "mountain goat", 4), DeckEntry(1, "Karakas", 5), DeckEntry(10, "Mountain", 6)]
    assert deck.sideboard == [DeckEntry(2, "Pyroclasm", 9), DeckEntry(1, "Flame Slash", 10)]


@pytest.mark.parametrize("header", ["Sideboard", "SIDEBOARD:", "sideboard :", "  Sideboard  # from here on"])
def test_sideboard_headers(header):
    deck = decklist.parse_decklist(f"1 Shock\n{header}\n2 Fog\n", "d.txt")
    assert deck.main == [DeckEntry(1, "Shock", 1)] and deck.sideboard == [DeckEntry(2, "Fog", 3)]


def test_sb_lines_go_to_the_sideboard_only():
    deck = decklist.parse_decklist("SB: 2 Fog\n1 Shock\nsb: Opt\n", "d.txt")
    assert deck.main == [DeckEntry(1, "Shock", 2)]
    assert deck.sideboard == [DeckEntry(2, "Fog", 1), DeckEntry(1, "Opt", 3)]


def test_resolve_expands_counts_and_ignores_capitals(pool):
    deck = decklist.parse_decklist((DATA / "good-deck.txt").read_text(encoding="utf-8"), "good-deck.txt")
    resolved = decklist.resolve_decklist(deck, pool)
    assert len(resolved.main) == 21 and len(resolved.sideboard) == 3
    assert [card.name for card in resolved.main[7:10]] == ["Goblin Guide", "Mountain Goat", "Mountain Goat"]
    assert resolved.sideboard[2] is pool["Flame Slash"]


def test_an_unknown_card_gets_a_suggestion(pool):
    deck = decklist.parse_decklist("# burn\n4 Goblin Guide\n4 Lightning Blot\n", "deck.txt")
    with pytest.raises(DeckListError) as caught:
        decklist.resolve_decklist(deck, pool)
    assert str(caught.value) == 'deck.txt:3:3: error: unknown card "Lightning Blot"; did you mean "Lightning Bolt"?'
    assert isinstance(caught.value, CardDataError)


def test_malformed_lines_are_all_reported():
    with pytest.raises(DeckListError) as caught:
        decklist.parse_decklist("0 Shock\n-2 Fog\n999999 Opt\n4\n  4x\nSB:\n", "d.txt")
    assert caught.value.problems == [
        (1, 1, "the number of copies must be from 1 to 1000, not 0"),
        (2, 1, "the number of copies must be from 1 to 1000, not -2"),
        (3, 1, "the number of copies must be from 1 to 1000, not 999999"),
        (4, 2, "missing card name after the number of copies"),
        (5, 5, "missing card name after the number of copies"),
        (6, 4, 'missing card after "SB:"'),
    ]


def test_an_empty_deck_list():
    with pytest.raises(DeckListError) as caught:
        decklist.parse_decklist("# nothing yet\n\n", "d.txt")
    assert str(caught.value) == "d.txt:1:1: error: no main-deck cards in the deck list"


def test_load_decklist_reports_every_problem_of_the_file(pool):
    path = DATA / "bad-deck.txt"
    with pytest.raises(DeckListError) as caught:
        decklist.load_decklist(path, pool)
    assert caught.value.problems == [
        (2, 3, 'unknown card "Lightning Blot"; did you mean "Lightning Bolt"?'),
        (3, 1, "the number of copies must be from 1 to 1000, not 0"),
        (4, 1, "the number of copies must be from 1 to 1000, not -2"),
        (6, 1, "the number of copies must be from 1 to 1000, not 1001"),
        (7, 2, "missing card name after the number of copies"),
        (8, 1, 'unknown card "four Lightning Bolt"; did you mean "Lightning Bolt"?'),
        (10, 3, 'unknown card "Pyroclams"; did you mean "Pyroclasm"?'),
    ]
    assert str(caught.value).splitlines()[0] == (
        f'{path}:2:3: error: unknown card "Lightning Blot"; did you mean "Lightning Bolt"?')


def test_load_decklist_of_a_missing_file(tmp_path, pool):
    with pytest.raises(DeckListError) as caught:
        decklist.load_decklist(tmp_path / "deck.txt", pool)
    assert str(caught.value) == f"{tmp_path / 'deck.txt'}: error: no such file"


def test_a_deck_list_resolves_against_scryfall_data():
    cards = mtgdata.load_scryfall(DATA / "scryfall-sample.json")
    deck = decklist.parse_decklist("2 Delver of Secrets\n1 fire // ice\n", "d.txt")
    resolved = decklist.resolve_decklist(deck, cards)
    assert [card.name for card in resolved.main] == ["Delver of Secrets // Insectile Aberration"] * 2 + ["Fire // Ice"]


def test_a_scryfall_card_whose_layout_is_not_text_is_named(tmp_path):
    path = tmp_path / "cards.json"
    path.write_text('[{"name": "Lightning Bolt", "layout": {"value": "normal"}, "type_line": "Instant"}]',
                    encoding="utf-8")
    with pytest.raises(CardDataError) as caught:
        mtgdata.load_scryfall(path)
    assert str(caught.value) == f'{path}:1:11: error: card "Lightning Bolt": "layout" must be text, not an object'
