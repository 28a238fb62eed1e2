"""Deck lists as players write and export them: every problem of a file at once, the
hints for a misspelt or missing card, and the MTGO and MTG Arena export formats."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.packs.decklist import DeckEntry, read_decklist
from cardtable.interpreter.packs.importing import ImportProblem, card_file_source, load_deck
from cardtable.interpreter.packs.loader import PackError, load_pack

ROOT = Path(__file__).resolve().parent.parent
SCRYFALL = ROOT / "tests" / "data" / "mtg" / "scryfall-sample.json"
CARDS_HINT = ("it is not in the card pool; to play it, give your own MTGJSON AtomicCards.json "
              "or Scryfall oracle-cards file with --cards FILE")


@pytest.fixture(scope="module")
def pack():
    return load_pack("pub_magic", Report())


def deck_file(tmp_path, text: str) -> Path:
    path = tmp_path / "deck.txt"
    path.write_text(text, encoding="utf-8")
    return path


def errors(pack, path, extra=()) -> list[str]:
    with pytest.raises(ImportProblem) as caught:
        load_deck(pack, path, extra)
    return caught.value.message.splitlines()


def parsed(text: str) -> tuple[list, list]:
    deck, problems = read_decklist(text, "d.txt")
    assert problems == []
    return deck.main, deck.sideboard


# ------------------------------------------------------------------------------ every problem at once

def test_malformed_lines_and_unknown_names_are_reported_together_in_line_order(pack, tmp_path):
    path = deck_file(tmp_path, "4 Lightning Blot\n0 Shock\n-2 Fog\n3\n4 Goblin Guide\n"
                               "Sideboard\n2 Pyroclams\n")
    assert errors(pack, path) == [
        f'{path}:1:3: error: unknown card "Lightning Blot"; did you mean "Lightning Bolt"?',
        f"{path}:2:1: error: the number of copies must be from 1 to 1000, not 0",
        f"{path}:3:1: error: the number of copies must be from 1 to 1000, not -2",
        f"{path}:4:2: error: missing card name after the number of copies",
        f'{path}:7:3: error: unknown card "Pyroclams"; did you mean "Pyroclasm"?',
    ]


def test_a_pack_deck_list_reports_every_problem_at_once(tmp_path):
    folder = tmp_path / "pub"
    shutil.copytree(ROOT / "variants" / "pub_magic", folder)
    pack_file = folder / "pack.yaml"
    pack_file.write_text(pack_file.read_text().replace("list: decks/pub.txt, size: 133", "list: decks/mine.txt"))
    (folder / "decks" / "mine.txt").write_text("0 Shock\n4 Ragavan, Nimble Pilferer\n4 Lightning Blot\n")
    report = Report()
    with pytest.raises(PackError):
        load_pack(str(folder), report)
    assert [f"{p.line}:{p.col}: {p.message}" for p in report.errors] == [
        "1:1: the number of copies must be from 1 to 1000, not 0",
        '2:3: unknown card "Ragavan, Nimble Pilferer": it is not in the card pool; to play it, '
        "import your own MTGJSON AtomicCards.json or Scryfall oracle-cards file in pack.yaml",
        '3:3: unknown card "Lightning Blot"; did you mean "Lightning Bolt"?',
    ]


# ------------------------------------------------------------------------------ hints

def test_a_misspelt_front_face_suggests_the_front_face(pack, tmp_path):
    extra = (card_file_source(pack, SCRYFALL),)
    path = deck_file(tmp_path, "2 Delvr of Secrets\n")
    assert errors(pack, path, extra) == [f'{path}:1:3: error: unknown card "Delvr of Secrets"; '
                                         'did you mean "Delver of Secrets"?']
    path.write_text("2 Delver of Secrets\n")
    assert load_deck(pack, path, extra) == ("Delver of Secrets // Insectile Aberration",) * 2


def test_a_card_missing_from_the_pool_points_at_cards(pack, tmp_path):
    path = deck_file(tmp_path, "4 Ragavan, Nimble Pilferer\n20 Mountain\n")
    assert errors(pack, path) == [f'{path}:1:3: error: unknown card "Ragavan, Nimble Pilferer": {CARDS_HINT}']


def test_a_card_missing_from_the_pool_and_the_players_cards(pack, tmp_path):
    path = deck_file(tmp_path, "4 Ragavan, Nimble Pilferer\n20 Mountain\n")
    assert errors(pack, path, (card_file_source(pack, SCRYFALL),)) == [
        f'{path}:1:3: error: unknown card "Ragavan, Nimble Pilferer": '
        "it is in neither the card pool nor the card files given with --cards"]


# ------------------------------------------------------------------------------ MTGO exports

def test_an_mtgo_export_has_its_sideboard_after_the_blank_line(pack, tmp_path):
    text = "4 Lightning Bolt\n2 Mountain\n\n2 Pyroclasm\n1 Flame Slash\n"
    assert parsed(text) == ([DeckEntry(4, "Lightning Bolt", 1), DeckEntry(2, "Mountain", 2)],
                            [DeckEntry(2, "Pyroclasm", 4), DeckEntry(1, "Flame Slash", 5)])
    assert load_deck(pack, deck_file(tmp_path, text)) == ("Lightning Bolt",) * 4 + ("Mountain",) * 2


def test_an_mtgo_export_with_windows_line_breaks_and_blank_lines_around():
    text = "\r\n4 Lightning Bolt\r\n\r\n\r\n2 Pyroclasm\r\n\r\n"
    assert parsed(text) == ([DeckEntry(4, "Lightning Bolt", 2)], [DeckEntry(2, "Pyroclasm", 5)])


@pytest.mark.parametrize("text, main, sideboard", [
    # a comment: the designer's own list, grouped
    ("# burn\n4 Lightning Bolt\n\n2 Pyroclasm\n", ["Lightning Bolt", "Pyroclasm"], []),
    ("4 Lightning Bolt   # 4 is enough\n\n2 Pyroclasm\n", ["Lightning Bolt", "Pyroclasm"], []),
    # three groups
    ("4 Lightning Bolt\n\n2 Pyroclasm\n\n1 Mountain\n", ["Lightning Bolt", "Pyroclasm", "Mountain"], []),
    # "SB:" marks the sideboard, a header the sections
    ("4 Lightning Bolt\n\n2 Pyroclasm\nSB: 1 Fog\n", ["Lightning Bolt", "Pyroclasm"], ["Fog"]),
    ("Deck\n4 Lightning Bolt\n\n2 Pyroclasm\n", ["Lightning Bolt", "Pyroclasm"], []),
])
def test_a_blank_line_of_a_list_that_says_how_it_is_laid_out_only_separates(text, main, sideboard):
    got = parsed(text)
    assert ([e.name for e in got[0]], [e.name for e in got[1]]) == (main, sideboard)


def test_the_shipped_decks_keep_their_blank_lines_inside_the_main_deck():
    main, sideboard = parsed((ROOT / "variants" / "pub_magic" / "decks" / "pub.txt").read_text(encoding="utf-8"))
    assert sum(e.count for e in main) == 133 and sideboard == []


# ------------------------------------------------------------------------------ MTG Arena exports

ARENA = """About
Name Burn

Companion
1 Goblin Guide (ZEN) 126

Deck
4 Lightning Bolt (M10) 146
1 Island (DMU) 265
2 Shock (M21)

Sideboard
2 Pyroclasm (M10) 149
1 Goblin Guide (ZEN) 126
"""


def test_an_arena_export(pack, tmp_path):
    assert parsed(ARENA) == (
        [DeckEntry(4, "Lightning Bolt", 8), DeckEntry(1, "Island", 9), DeckEntry(2, "Shock", 10)],
        [DeckEntry(1, "Goblin Guide", 5), DeckEntry(2, "Pyroclasm", 13), DeckEntry(1, "Goblin Guide", 14)])
    assert load_deck(pack, deck_file(tmp_path, ARENA)) == ("Lightning Bolt",) * 4 + ("Island",) + ("Shock",) * 2


def test_a_commander_is_dealt_with_its_deck():
    assert parsed("Commander\n1 Krenko, Mob Boss (M13) 139\n\nDeck\n20 Mountain\n") == (
        [DeckEntry(1, "Krenko, Mob Boss", 2), DeckEntry(20, "Mountain", 5)], [])


def test_an_unknown_card_of_an_arena_export_is_pointed_at_by_its_name(pack, tmp_path):
    path = deck_file(tmp_path, "Deck\n4 Lightning Blot (M10) 146\n")
    assert errors(pack, path) == [f'{path}:2:3: error: unknown card "Lightning Blot"; '
                                  'did you mean "Lightning Bolt"?']


def test_words_in_brackets_that_are_no_set_code_stay_in_the_name():
    assert parsed("1 B.F.M. (Big Furry Monster)\n")[0] == [DeckEntry(1, "B.F.M. (Big Furry Monster)", 1)]


def test_unknown_section_headers():
    deck, problems = read_decklist("Deck\n4 Lightning Bolt\nMaybeboard:\n1 Shock\nSidebord:\n1 Fog\n", "d.txt")
    assert problems == [
        (3, 1, 'unknown section "Maybeboard": the sections of a deck list are '
               "Deck, Sideboard, Commander, Companion and About"),
        (5, 1, 'unknown section "Sidebord"; did you mean "Sideboard"?'),
    ]
    assert [e.name for e in deck.main] == ["Lightning Bolt", "Shock", "Fog"]


def test_a_card_name_with_a_colon_inside_is_no_header():
    assert parsed("Circle of Protection: Red\n")[0] == [DeckEntry(1, "Circle of Protection: Red", 1)]
