"""Card text a pack follows (`follow_text: true` on an import): `cardtable validate`
warns of each card a deck uses that has text and that no card family matches, where
the deck names it, and of the cards of the deck lists given with --deck."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.cli import main
from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.packs.validate import validate_pack

ROOT = Path(__file__).resolve().parent.parent
FOLLOWED = ('the import "pool" has follow_text: write the text in a family that matches the card, or match the card '
            'with a family that says why its text needs nothing')

PACK = """\
id: texts
name: Texts
version: 1.0.0
players: {min: 2, max: 2, first: 0}
zones:
  deck: {per: player, visibility: hidden, ordered: true, role: deck}
  hand: {per: player, visibility: owner, role: hand}
  play: {per: player, role: play}
  discard: {per: player, ordered: true, role: discard}
card_types:
  creature: {}
  land: {}
imports:
  - {from: mtg/pool, format: mtg, as: pool, follow_text: true, map: {types: types}}
cards: [cards.yaml]
decks:
  listed: {from: pool, cards: ["2 Llanowar Elves", Grizzly Bears, "1 Serra Angel"]}
  found: {from: pool, where: {name: [Wall of Omens, Forest]}}
setup: "draw a card"
turn:
  - phase: main
    script: "draw a card"
end: {turn_limit: turn_limit, max_turns: 10}
options:
  turn_limit: {default: 4}
"""

CARDS = """\
families:
  - name: Flyers
    match: {name: Serra Angel}
"""


def cli(*args):
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def texts_pack(tmp_path: Path, pack: str = PACK) -> Path:
    folder = tmp_path / "texts"
    folder.mkdir()
    (folder / "pack.yaml").write_text(pack, encoding="utf-8")
    (folder / "cards.yaml").write_text(CARDS, encoding="utf-8")
    return folder


@pytest.mark.parametrize("pack", ["magic54", "pub_magic", "basic_tcg"])
def test_the_built_in_packs_write_or_explain_every_card_text_their_decks_use(pack):
    report = Report()
    assert validate_pack(pack, report)
    assert report.problems == []


def test_a_card_of_a_deck_list_whose_text_no_family_writes_is_named_where_the_list_names_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copytree(ROOT / "variants" / "basic_tcg", tmp_path / "p")
    text = tmp_path / "p" / "cards" / "text.yaml"
    vigilance = "  - name: Vigilance\n    match: {name: Serra Angel}\n"
    assert vigilance in text.read_text(encoding="utf-8")
    text.write_text(text.read_text(encoding="utf-8").replace(vigilance, ""), encoding="utf-8")
    result = cli("validate", "p")
    assert result.exit_code == 0
    assert result.stdout == (
        "p: valid\n"
        f'p/decks/forests_and_plains.txt:19:3: warning: "Serra Angel" has card text that no card family of the pack '
        f'writes: "Flying, vigilance" ({FOLLOWED})\n'
        "    1 Serra Angel\n      ^\n1 problem in 1 file\n")


def test_cards_a_deck_names_in_the_pack_or_takes_from_the_import_are_named_there(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    texts_pack(tmp_path)
    result = cli("validate", "texts", "--format", "json")
    assert result.exit_code == 0
    found = [(p["line"], p["column"], p["message"].split(" has ")[0]) for p in json.loads(result.stdout)["problems"]]
    # Grizzly Bears has no text, Serra Angel a family; a deck that takes cards by `where` is named at its
    # `from`; a basic land's mana ability is text too.
    assert found == [(17, 32, '"Llanowar Elves"'), (18, 17, '"Forest"'), (18, 17, '"Wall of Omens"')]


def test_without_follow_text_card_text_is_not_asked_for(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    texts_pack(tmp_path, PACK.replace(" follow_text: true,", ""))
    result = cli("validate", "texts")
    assert (result.exit_code, result.stdout) == (0, "texts: valid\n")


def test_the_deck_lists_given_with_deck_are_checked_too(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.txt").write_text("# mine\n4 Llanowar Elves\n2 Serra Angel\nSideboard\n1 Prodigal Sorcerer\n",
                                       encoding="utf-8")
    result = cli("validate", "basic_tcg", "--deck", "mine.txt")
    assert result.exit_code == 1
    assert result.stdout == (
        f'mine.txt:2:3: warning: "Llanowar Elves" has card text that no card family of the pack writes: '
        f'"{{T}}: Add {{G}}." ({FOLLOWED})\n'
        "    4 Llanowar Elves\n      ^\n"
        'mine.txt:5:3: error: unknown card "Prodigal Sorcerer": it is not in the card pool; to play it, give your own '
        "MTGJSON AtomicCards.json or Scryfall oracle-cards file with --cards FILE\n"
        "    1 Prodigal Sorcerer\n      ^\n"
        "2 problems in 1 file\n")
    # A pack that does not follow card text checks the names only.
    (tmp_path / "mine.txt").write_text("4 Llanowar Elves\n", encoding="utf-8")
    result = cli("validate", "pub_magic", "--deck", "mine.txt")
    assert (result.exit_code, result.stdout) == (0, "pub_magic: valid\n")


@pytest.mark.parametrize("guide", ["cli.md", "basic_tcg.md"])
def test_the_guides_show_the_warning_as_validate_prints_it(tmp_path, monkeypatch, guide):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "elves.txt").write_text("4 Llanowar Elves\n", encoding="utf-8")
    printed = cli("validate", "basic_tcg", "--deck", "elves.txt").stdout
    text = (ROOT / "docs" / guide).read_text(encoding="utf-8")
    shown = text.split("$ cardtable validate basic_tcg --deck elves.txt\n", 1)[1].split("```", 1)[0]
    # cli.md shows it all; docs/basic_tcg.md its first lines.
    assert printed == shown if guide == "cli.md" else printed.startswith(shown)
