"""Packs that take their cards from shared card data: imports in a card format, maps, deck lists."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.importing import ImportProblem, load_deck
from cardtable.interpreter.packs.loader import PackError, load_pack

PACK = Path(__file__).parent / "data" / "mtgpack"
POOL = (Path(__file__).parent.parent / "cards" / "mtg" / "pool.yaml").resolve()


@pytest.fixture(scope="module")
def pack():
    return load_pack(str(PACK), Report())


@pytest.fixture
def copy(tmp_path):
    """A copy of the test pack whose import points at the shipped pool."""
    folder = tmp_path / "pack"
    shutil.copytree(PACK, folder)
    text = (folder / "pack.yaml").read_text()
    (folder / "pack.yaml").write_text(text.replace("../../../cards/mtg/pool.yaml", str(POOL)))
    return folder


def problems(folder) -> list[str]:
    report = Report()
    with pytest.raises(PackError):
        load_pack(str(folder), report)
    return [f"{Path(p.file).name}:{p.line}:{p.col}: {p.message}" for p in report.errors]


def edit(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def test_mapped_cards_keep_their_types_keywords_and_mapped_properties(pack):
    angel = pack.cards["Serra Angel"]
    assert angel.types == {"creature"}
    assert angel.keywords == {"flying"}            # vigilance is not a keyword of the pack
    assert angel.props == {"level": 5, "power": 4}
    assert [a.name for a in angel.abilities] == ["Cast"]


def test_a_missing_field_falls_back_on_the_next_one(pack):
    # Forest has no power: the map's second field, the mana value, stands in.
    assert pack.cards["Forest"].props == {"level": 0, "power": 0}
    assert pack.cards["Dryad Arbor"].props == {"level": 0, "power": 1}


def test_a_card_of_several_types_has_the_abilities_of_each_in_the_packs_order(pack):
    thopter = pack.cards["Ornithopter"]
    assert thopter.types == {"artifact", "creature"}
    assert [a.name for a in thopter.abilities] == ["Cast", "Crack"]
    assert pack.cards["Dryad Arbor"].types == {"creature", "land"}


def test_decks_from_a_list_and_from_a_where_filter(pack):
    assert pack.decks["main"] == ("Serra Angel", "Serra Angel", "Ornithopter", "Ornithopter", "Dryad Arbor", "Forest")
    assert pack.decks["lands"] == ("Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes",
                                   "Snow-Covered Forest", "Snow-Covered Island")


def test_a_game_deals_the_seats_decks(pack):
    # No decision in this pack: the game plays itself to its turn limit of 4. Each player
    # drew 2 before the first turn and 1 in each of their two turns.
    state = Game(pack).new_initial_state(seed=3)
    players = state.observation(None)["players"]
    assert [len(p["zones"]["hand"]) for p in players] == [4, 4]
    assert [len(p["zones"]["deck"]) for p in players] == [2, 2]
    assert sorted(c["name"] for c in players[1]["zones"]["hand"] + players[1]["zones"]["deck"]) == sorted(pack.decks["main"])


def test_a_deck_list_given_at_play_time_makes_the_cards_it_names(pack, tmp_path):
    deck = tmp_path / "mine.txt"
    deck.write_text("3 Lightning Bolt\n1 serra angel\n")
    names = load_deck(pack, deck)
    assert names == ("Lightning Bolt", "Lightning Bolt", "Lightning Bolt", "Serra Angel")
    bolt = pack.cards["Lightning Bolt"]
    assert bolt.types == frozenset() and bolt.props == {"level": 1, "power": 1}
    state = Game(pack, decks={0: names, 1: names}).new_initial_state(seed=1)
    assert state.s.t.names.count("Lightning Bolt") == 6


def test_unknown_cards_of_a_deck_list_are_reported_with_line_column_and_a_suggestion(pack, tmp_path):
    deck = tmp_path / "mine.txt"
    deck.write_text("# burn\n4 Lightning Bolts\n2 Serra Angel\n1x Ornithoptr\n")
    with pytest.raises(ImportProblem) as e:
        load_deck(pack, deck)
    assert str(e.value) == (
        f'{deck}:2:3: error: unknown card "Lightning Bolts"; did you mean "Lightning Bolt"?\n'
        f'{deck}:4:4: error: unknown card "Ornithoptr"; did you mean "Ornithopter"?')


def test_a_pack_deck_list_with_an_unknown_card_fails_to_load(copy):
    edit(copy, "decks/main.txt", "1 Forest", "1 Forrest")
    assert problems(copy) == ['main.txt:5:3: unknown card "Forrest"; did you mean "Forest"?']


def test_a_malformed_deck_list_line_is_reported(copy):
    edit(copy, "decks/main.txt", "1 Forest", "0 Forest")
    assert problems(copy) == ["main.txt:5:1: the number of copies must be from 1 to 1000, not 0"]


def test_a_deck_of_the_wrong_size_fails(copy):
    edit(copy, "pack.yaml", "size: 6", "size: 7")
    assert problems(copy) == ['pack.yaml:43:50: deck "main" has 6 cards, not 7']


def test_an_unknown_card_format_is_named_with_the_known_ones(copy):
    edit(copy, "pack.yaml", "format: mtg", "format: mtgjson")
    assert problems(copy) == ['pack.yaml:38:13: unknown card format "mtgjson"; did you mean "mtg"? (known: mtg)']


def test_a_missing_import_file(copy):
    edit(copy, "pack.yaml", str(POOL), "no/such/pool.yaml")
    assert problems(copy) == ['pack.yaml:37:11: no such file "no/such/pool.yaml"']


def test_a_broken_card_data_file_is_reported_where_it_is_broken(copy):
    broken = copy / "pool.yaml"
    broken.write_text("cards:\n  - name: Bad Card\n    mana_value: lots\n")
    edit(copy, "pack.yaml", str(POOL), "pool.yaml")
    assert problems(copy) == ['pool.yaml:2:5: card 1: "type_line" is a required property',
                              "pool.yaml:3:17: card 1 (mana_value): 'lots' is not of type 'number'"]


def test_a_deck_naming_an_unknown_import(copy):
    edit(copy, "pack.yaml", "main: {from: pool,", "main: {from: pools,")
    assert problems(copy) == ['pack.yaml:43:16: unknown import "pools"; did you mean "pool"?']


def test_without_a_map_every_card_needs_a_family(copy):
    text = (copy / "pack.yaml").read_text()
    start = text.index("    map:")
    end = text.index("decks:")
    (copy / "pack.yaml").write_text(text[:start] + text[end:])
    assert problems(copy) == [
        'main.txt:2:3: no card family of the pack matches "Serra Angel", and the import has no "map"',
        'main.txt:3:3: no card family of the pack matches "Ornithopter", and the import has no "map"',
        'main.txt:4:3: no card family of the pack matches "Dryad Arbor", and the import has no "map"',
        'main.txt:5:3: no card family of the pack matches "Forest", and the import has no "map"',
        'pack.yaml:42:17: no card family of the pack matches "Plains", and the import has no "map" (and 7 more cards)',
    ]


def _with_words(copy):
    edit(copy, "pack.yaml", "keywords:\n  flying: Can fly.",
         "keywords:\n  flying: Can fly.\n  poison: Poisons.\n  regeneration: Comes back.")
    edit(copy, "pack.yaml", "  power: {default: 0}",
         "  power: {default: 0}\n  colours: {default: [], words: [white, green]}\n  terrain: {default: [], words: [forest]}")
    edit(copy, "pack.yaml", "      properties: {level: mana_value, power: [power, mana_value]}",
         "      properties: {level: mana_value, power: [power, mana_value], colours: colors, terrain: subtypes}\n"
         "      aliases: {infect: poison, regenerate: regeneration, W: white, G: green}")


def made(folder, name):
    pack = load_pack(str(folder), Report())
    return pack.card_maker.named(name, list(pack.sources.values()))


def test_aliases_read_the_card_datas_words_as_the_packs(copy):
    _with_words(copy)
    elf = made(copy, "Glistener Elf")            # infect, green
    assert elf.keywords == {"poison"} and elf.props["colours"] == ("green",)
    boa = made(copy, "River Boa")                # "{G}: Regenerate River Boa." in its text
    assert boa.keywords == {"regeneration"}
    arbor = made(copy, "Dryad Arbor")            # subtypes forest and dryad: the pack keeps its words only
    assert arbor.props["terrain"] == ("forest",)
    assert made(copy, "Lightning Bolt").props["colours"] == ()


def test_a_family_adds_card_text_on_top_of_the_map(copy):
    _with_words(copy)
    edit(copy, "pack.yaml", "decks:", "cards: [text.yaml]\ndecks:")
    (copy / "text.yaml").write_text(
        "families:\n"
        "  - name: Giant Growth\n"
        "    match: {name: Giant Growth}\n"
        "    keywords: [flying]\n"
        "    text: Target creature gets +3/+3.\n"
        "    abilities:\n"
        "      - {name: Cast, from: hand, effect: draw a card}\n"
        "      - {name: Grow, from: hand, effect: draw a card}\n")
    growth = made(copy, "Giant Growth")
    assert growth.types == frozenset() and growth.props["level"] == 1 and growth.props["colours"] == ("green",)
    assert growth.keywords == {"flying"} and growth.text == "Target creature gets +3/+3."
    assert [a.name for a in growth.abilities] == ["Cast", "Grow"]
    bears = made(copy, "Grizzly Bears")          # no family: the map alone
    assert [a.name for a in bears.abilities] == ["Cast"]
    # A card's own ability overrules its types' ability of the same name.
    edit(copy, "text.yaml", "{name: Giant Growth}", "{name: Runeclaw Bear}")
    bear = made(copy, "Runeclaw Bear")
    assert bear.types == {"creature"} and [a.name for a in bear.abilities] == ["Cast", "Grow"]
    assert bear.abilities[0].owner_name == "Giant Growth" and bears.abilities[0].owner_name == "creature"


def _with_symbols(copy, find: str) -> None:
    edit(copy, "pack.yaml", "  power: {default: 0}",
         "  power: {default: 0}\n  symbols: {default: [], words: [sym_w, sym_g]}")
    edit(copy, "pack.yaml", "      properties: {level: mana_value, power: [power, mana_value]}",
         "      properties: {level: mana_value, power: [power, mana_value],\n"
         f"                   symbols: {{in: [colors, text], outside: '()', items: {{W: sym_w}}, find: {find}}}}}")


def test_a_word_list_property_takes_the_words_a_cards_fields_show(copy):
    _with_symbols(copy, '{"{G}": sym_g}')
    assert made(copy, "Serra Angel").props["symbols"] == ("sym_w",)      # its colour, an item of a list
    assert made(copy, "River Boa").props["symbols"] == ("sym_g",)        # "{G}: Regenerate River Boa."
    assert made(copy, "Savannah").props["symbols"] == ()                 # "({T}: Add {G} or {W}.)": reminder text


def test_a_word_found_must_be_a_word_of_the_property(copy):
    _with_symbols(copy, '{"{G}": green}')
    assert problems(copy)[0] == ('main.txt:2:3: "green" is not a word of "symbols" (sym_w, sym_g), in its "find"')


def test_a_word_an_item_gives_must_be_a_word_of_the_property(copy):
    _with_symbols(copy, '{"{G}": sym_g}')
    edit(copy, "pack.yaml", "items: {W: sym_w}", "items: {W: white}")
    assert problems(copy)[0] == ('main.txt:2:3: "white" is not a word of "symbols" (sym_w, sym_g), in its "items"')


def test_a_family_gives_its_own_value_of_a_property_the_imported_cards_hold(tmp_path):
    # docs/packs.md (Families): a card keeps the fields of its set the pack declares, but
    # for a property its family gives itself (Aces made high by their family).
    folder = tmp_path / "magic54"
    shutil.copytree(Path(__file__).resolve().parent.parent / "variants" / "magic54", folder)
    creatures = folder / "cards" / "creatures.yaml"
    text = creatures.read_text(encoding="utf-8")
    assert "    match: {rank: queen}\n" in text
    creatures.write_text(text.replace("    match: {rank: queen}\n", "    match: {rank: queen}\n    value: 20\n"),
                         encoding="utf-8")
    pack = load_pack(str(folder), Report())
    assert (pack.cards["Queen of Hearts"].props["value"], pack.cards["King of Hearts"].props["value"]) == (20, 13)


def _hearts(tmp_path: Path, families: str) -> Path:
    """A copy of Hearts whose one card file holds these families."""
    folder = tmp_path / "hearts"
    shutil.copytree(Path(__file__).resolve().parent.parent / "variants" / "hearts", folder)
    (folder / "cards" / "points.yaml").write_text(families, encoding="utf-8")
    return folder


def test_an_empty_match_gives_the_familys_rules_to_every_card(tmp_path):
    # docs/packs.md (Families): a plain deck needs one family, "match: {}".
    folder = _hearts(tmp_path, "families:\n  - name: Card\n    match: {}\n    points: 2\n")
    pack = load_pack(str(folder), Report())
    assert len(pack.decks["standard"]) == 52
    assert {(pack.cards[n].family, pack.cards[n].props["points"]) for n in pack.decks["standard"]} == {("Card", 2)}


def test_a_family_without_a_match_is_refused_at_its_name(tmp_path):
    folder = _hearts(tmp_path, "families:\n  - name: Card\n    points: 2\n")
    assert problems(folder)[0] == (
        'points.yaml:2:11: the family "Card" has no "match": say which imported cards it gives its rules to '
        '(match: {} for all of them)')


def test_a_pack_without_card_families_is_told_where_they_come_from(tmp_path):
    folder = _hearts(tmp_path, "families: []\n")
    report = Report()
    with pytest.raises(PackError):
        load_pack(str(folder), report)
    [problem] = report.errors
    assert problem.message.startswith('no card family of the pack matches "Ace of Hearts"')
    assert problem.hint == ("the pack has no card family: a card file's families: give imported cards their rules "
                            "(match: {} for every card), and pack.yaml's cards: lists the card files")
