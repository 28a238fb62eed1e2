"""What a card takes from imported card data: each value checked as a card file's is
(a number within the engine's bound, a text, true or false, one word, words), and the
import's map checked once at its lines. Each case was a traceback or a game played
silently wrong."""
from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.cli import main
from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.packs import mtgdata

ROOT = Path(__file__).parent.parent


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def problems(result) -> list[str]:
    """The problem lines of a command's output, without the lines of text they show."""
    return [line for line in result.output.splitlines() if ": error: " in line or ": warning: " in line]


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A copy of the shared cards and of Basic TCG and Magic 54, read from tmp_path."""
    shutil.copytree(ROOT / "cards", tmp_path / "cards")
    for pack in ("basic_tcg", "magic54"):
        shutil.copytree(ROOT / "variants" / pack, tmp_path / "variants" / pack, ignore=shutil.ignore_patterns("tests"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def line_of(path: Path, text: str) -> int:
    return path.read_text(encoding="utf-8").splitlines().index(text) + 1


TCG = Path("variants") / "basic_tcg" / "pack.yaml"
DECK = Path("variants") / "basic_tcg" / "decks" / "forests_and_plains.txt"
MAP_POWER = "        printed_power: [power, mana_value]"


def test_a_count_of_words_or_of_one_word_is_refused_at_the_map(project):
    edit(TCG, "        colors: colors\n", '        colors: {in: mana_cost, count: "{W}"}\n')
    edit(TCG, "  spell_tax: {default: 0,", "  rarity: {one_of: [common, rare], description: x}\n  spell_tax: {default: 0,")
    edit(TCG, MAP_POWER, MAP_POWER + '\n        rarity: {in: mana_cost, count: "{G}"}')
    r = run("validate", str(TCG.parent))
    assert r.exit_code == 1
    assert problems(r) == [
        f'{TCG}:{line_of(TCG, """        rarity: {in: mana_cost, count: "{G}"}""")}:9: error: '
        '"rarity" holds one word: a count gives a number',
        f'{TCG}:{line_of(TCG, """        colors: {in: mana_cost, count: "{W}"}""")}:9: error: '
        '"colors" holds words: a count gives a number']


def test_a_map_names_properties_cards_may_hold_and_fields_the_data_has(project):
    edit(TCG, MAP_POWER, MAP_POWER + "\n        power: toughness\n        bogus: mana_value\n        printed_level: mana_valu")
    edit(TCG, "        printed_level: mana_value\n", "")
    r = run("validate", str(TCG.parent))
    assert r.exit_code == 1
    line = line_of(TCG, "        power: toughness")
    assert problems(r) == [
        f'{TCG}:{line}:9: error: "power" is computed from other properties (derived in pack.yaml): a map cannot set it',
        f'{TCG}:{line + 1}:9: error: unknown property "bogus"',
        f'{TCG}:{line + 2}:24: warning: no card of "pool" has a field "mana_valu"; did you mean "mana_value"?: '
        'the map reads nothing there']


def test_a_text_property_given_a_list_is_refused_at_the_card(project):
    edit(TCG, "  spell_tax: {default: 0,", '  line: {default: "", description: x}\n  spell_tax: {default: 0,')
    edit(TCG, MAP_POWER, MAP_POWER + "\n        line: subtypes")
    r = run("validate", str(TCG.parent))
    assert r.exit_code == 1
    assert problems(r)[0] == (f'{DECK}:{line_of(DECK, "3 Forest")}:3: error: card "Forest": "line" is a text '
                                        '(its default is ""), not a list (forest)')


def test_a_count_reads_each_text_of_a_list_field(project):
    # Savannah Lions is white: its colours are the list [W]. A count read the list as
    # Python prints it, ['W'], quotes and all.
    edit(TCG, "  spell_tax: {default: 0,", "  whiteness: {default: 0, description: x}\n"
                                        "  quotes: {default: 0, description: x}\n  spell_tax: {default: 0,")
    edit(TCG, MAP_POWER, MAP_POWER + '\n        whiteness: {in: colors, count: "W"}\n        quotes: {in: colors, count: "\'"}')
    from cardtable.interpreter.diagnostics import Report
    from cardtable.interpreter.packs.loader import load_pack
    pack = load_pack(str(TCG.parent), Report())
    assert pack.cards["Savannah Lions"].props["whiteness"] == 1
    assert pack.cards["Forest"].props["whiteness"] == 0
    assert pack.cards["Savannah Lions"].props["quotes"] == 0


def test_a_card_sets_aliases_field_is_a_field_like_any_other(project):
    # In a YAML card set, "aliases" is not a card format's other names: a number there
    # stopped validate, and a text made each of its letters a name of the card.
    cards = Path("cards") / "standard54.yaml"
    edit(cards, "{name: Three of Hearts, suit: hearts,", "{name: Three of Hearts, aliases: Tree, suit: hearts,")
    edit(cards, "{name: Four of Hearts, suit: hearts,", "{name: Four of Hearts, aliases: 5, suit: hearts,")
    pack = Path("variants") / "magic54" / "pack.yaml"
    edit(pack, "{from: standard54, as: standard54}", "{from: ../../cards/standard54.yaml, as: standard54}")
    assert run("validate", str(pack.parent)).exit_code == 0
    deck = project / "deck.txt"
    deck.write_text("27 e\n", encoding="utf-8")
    r = run("simulate", str(pack.parent), "--deck", str(deck))
    assert r.exit_code == 1
    assert r.output.startswith(f'{deck}:1:4: error: unknown card "e"')


def test_a_word_list_property_reads_a_card_sets_word_as_one_word(project):
    pack = Path("variants") / "magic54" / "pack.yaml"
    edit(pack, "  cost: {default: 0,", "  suit: {default: [], words: [hearts, diamonds, clubs, spades], description: x}\n"
                                    "  cost: {default: 0,")
    from cardtable.interpreter.diagnostics import Report
    from cardtable.interpreter.packs.loader import load_pack
    loaded = load_pack(str(pack.parent), Report())
    assert loaded.cards["Three of Hearts"].props["suit"] == ("hearts",)
    assert loaded.cards["Red Joker"].props["suit"] == ()


def test_a_true_or_false_property_given_a_word_is_refused_at_the_deck(project):
    pack = Path("variants") / "magic54" / "pack.yaml"
    edit(pack, "  cost: {default: 0,", "  suit: {default: false, description: x}\n  cost: {default: 0,")
    r = run("validate", str(pack.parent))
    assert r.exit_code == 1
    deck_line = line_of(pack, "  red: {from: standard54, where: {colour: red}, size: 27}")
    assert problems(r) == [(f'{pack}:{deck_line}:15: error: card "Ace of Hearts": "suit" is true or false '
                                        f'(its default is false), not "hearts" (and 26 more cards)'), problems(r)[1]]


@pytest.mark.parametrize("value, said", [
    (".nan", "a whole number from -10¹⁸ to 10¹⁸, not NaN"), ("-.inf", "a whole number from -10¹⁸ to 10¹⁸, not infinity"),
    ("1.0e+300", "a number from -10¹⁸ to 10¹⁸, not one past them"), ("1.5", "a whole number, not 1.5")])
def test_a_card_file_number_past_the_bound_or_not_whole_is_refused_at_its_value(tmp_path, value, said):
    shutil.copytree(ROOT / "tests" / "data" / "tinypack", tmp_path / "p")
    cards = tmp_path / "p" / "cards" / "base.yaml"
    edit(cards, "    power: 2", f"    power: {value}")
    r = run("validate", str(tmp_path / "p"))
    assert r.exit_code == 1
    assert problems(r) == [f'{cards}:{line_of(cards, f"    power: {value}")}:12: error: "power" must be {said}']


@pytest.mark.parametrize("field, value, message", [
    ("mana_value", ".inf", '"mana_value" must be a number from -10¹⁸ to 10¹⁸, not infinity'),
    ("mana_value", ".nan", '"mana_value" must be a number from -10¹⁸ to 10¹⁸, not NaN'),
    ("power", '"1000000000000000000000"', '"power" must be a number from -10¹⁸ to 10¹⁸, not one past them'),
])
def test_card_data_numbers_the_engine_cannot_count_with_are_refused_at_their_value(tmp_path, field, value, message):
    data = tmp_path / "cards.yaml"
    fields = {"mana_value": "1", "power": '"2"', field: value}
    data.write_text('cards:\n  - name: "Huge Bear"\n    type_line: "Creature — Bear"\n    mana_cost: "{G}"\n'
                    f'    mana_value: {fields["mana_value"]}\n    power: {fields["power"]}\n    toughness: "2"\n',
                    encoding="utf-8")
    with pytest.raises(mtgdata.CardDataError) as e:
        mtgdata.load_card_file(data)
    line = 5 if field == "mana_value" else 6
    assert e.value.problems == [(line, 17 if field == "mana_value" else 12, message)]


def test_printed_numbers_are_plain_digits_and_whole_floats():
    assert [mtgdata._number(t) for t in ("3", "-1", "+2", "*", "1+*", "1_000", "٣", " 5", "5.0")] == \
        [3, -1, 2, None, None, None, None, None, None]
    assert mtgdata._as_text(5.0) == "5" and mtgdata._as_text(2.5) == "2.5" and mtgdata._as_text("*") == "*"


def test_a_scryfall_card_is_placed_at_its_name_whatever_its_letters(tmp_path):
    data = tmp_path / "cards.json"
    data.write_text(json.dumps([
        {"object": "card", "name": "Lim-Dûl Bear", "layout": "normal", "type_line": 5, "cmc": 1},
        {"object": "card", "name": "Grizzly Bears", "layout": "normal", "cmc": 2}]), encoding="utf-8")
    with pytest.raises(mtgdata.CardDataError) as e:
        mtgdata.load_card_file(data)
    text = data.read_text(encoding="utf-8")
    column = text.index('"Lim-D') + 1
    assert e.value.problems == [(1, column, 'card "Lim-Dûl Bear": "type_line" must be text, not a number'),
                                (1, text.index('"Grizzly') + 1, 'card "Grizzly Bears": missing "type_line"')]


@pytest.mark.parametrize("old, new, said", [
    ("opening_hand: {default: 5,", "opening_hand: {default: 4.5,", '"default" must be a whole number, not 4.5'),
    ("cost: {default: 0,", "cost: {default: 0.5,", '"default" must be a whole number, not 0.5'),
])
def test_a_number_the_rules_count_with_is_whole(project, old, new, said):
    # An option of 4.5 cards to draw, or a cost of half a mana, once stopped a game with a traceback.
    pack = Path("variants") / "magic54" / "pack.yaml"
    edit(pack, old, new)
    line = next(text for text in pack.read_text(encoding="utf-8").splitlines() if new in text)
    r = run("validate", str(pack.parent))
    assert r.exit_code == 1
    col = line.index("default: ") + len("default: ") + 1
    assert problems(r) == [f"{pack}:{line_of(pack, line)}:{col}: error: {said}"]


def test_a_whole_number_written_with_a_fraction_plays_as_the_number(project):
    pack = Path("variants") / "magic54" / "pack.yaml"
    edit(pack, "opening_hand: {default: 5,", "opening_hand: {default: 4.0,")
    game = Game(load_pack(str(pack.parent), Report()))
    state = game.new_initial_state(seed=3)
    assert game.options["opening_hand"] == 4 and type(game.options["opening_hand"]) is int
    assert state.play_out(random.Random(3).randrange) > 0
