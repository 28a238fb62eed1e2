"""Files a person names (deck lists, card data, game records) are read only if they are
regular files within their limits; what a game record names is loaded only from inside
the project; deck lists go to the players' decks."""
from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.cli import main
from cardtable.interpreter import infiles

ROOT = Path(__file__).resolve().parent.parent
MTG = ROOT / "tests" / "data" / "mtg"


def cli(*args):
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


# ------------------------------------------------------------------ deck lists and card data

def test_a_deck_list_or_card_file_that_is_no_regular_file(tmp_path):
    os.mkfifo(tmp_path / "deck.txt")
    os.mknod(tmp_path / "cards.json", stat.S_IFCHR | 0o666, os.makedev(1, 5))    # a /dev/zero of our own
    r = cli("simulate", "pub_magic", "-n", "1", "--deck", str(tmp_path / "deck.txt"))
    assert (r.exit_code, r.output) == (1, f"{tmp_path / 'deck.txt'}: error: this is a named pipe (FIFO), "
                                          f"not a regular file\n")
    (tmp_path / "deck.txt").unlink()
    (tmp_path / "deck.txt").write_text("90 Forest\n", encoding="utf-8")
    r = cli("simulate", "pub_magic", "-n", "1", "--deck", str(tmp_path / "deck.txt"),
            "--cards", str(tmp_path / "cards.json"))
    assert (r.exit_code, r.output) == (1, f"{tmp_path / 'cards.json'}: error: this is a device, not a regular file\n")


def test_a_deck_list_over_the_limit_is_refused_unread(tmp_path):
    deck = tmp_path / "deck.txt"
    with open(deck, "wb") as f:
        f.truncate(infiles.TEXT_LIMIT + 1)
    r = cli("simulate", "pub_magic", "-n", "1", "--deck", str(deck))
    assert (r.exit_code, r.output) == (1, f"{deck}: error: the file is too large (10.0 MB; the limit is 10 MB)\n")


def test_every_wrong_field_of_card_data_is_named(tmp_path):
    cards = tmp_path / "cards.json"
    text = json.dumps({"meta": {}, "data": {
        "Shock": [{"type": "Instant", "manaValue": 1, "colors": 5}],
        "Bolt": [{"type": "Instant", "manaValue": "one"}],
        "Big": [{"type": "Creature", "manaValue": 2, "power": {"a": 1}}],
        "Odd": [{"type": "Instant", "keywords": [1]}]}})
    cards.write_text(text, encoding="utf-8")
    deck = tmp_path / "deck.txt"
    deck.write_text("40 Shock\n", encoding="utf-8")
    r = cli("simulate", "pub_magic", "-n", "1", "--deck", str(deck), "--cards", str(cards))
    assert r.exit_code == 1
    at = {name: f"{cards}:1:{text.index(json.dumps(name)) + 1}" for name in ("Shock", "Bolt", "Big", "Odd")}
    assert at["Shock"] == f"{cards}:1:23"      # at the card's name
    assert r.output.splitlines() == [
        f'{at["Shock"]}: error: card "Shock": "colors" must be a list of texts, not a number',
        f'{at["Bolt"]}: error: card "Bolt": "manaValue" must be a number, not text',
        f'{at["Big"]}: error: card "Big": "power" must be text or a number, not an object',
        f'{at["Odd"]}: error: card "Odd": "keywords" must be a list of texts, not a list holding a number']


def test_scryfall_fields_are_named_too(tmp_path):
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps([{"name": "Shock", "type_line": "Instant", "cmc": None},
                                 {"name": "Bolt", "type_line": "Instant", "cmc": 1, "oracle_text": 3}]),
                     encoding="utf-8")
    deck = tmp_path / "deck.txt"
    deck.write_text("40 Shock\n", encoding="utf-8")
    r = cli("simulate", "pub_magic", "-n", "1", "--deck", str(deck), "--cards", str(cards))
    assert r.output.splitlines() == [f'{cards}:1:11: error: card "Shock": "cmc" must be a number, not null',
                                     f'{cards}:1:67: error: card "Bolt": "oracle_text" must be text, not a number']


# ------------------------------------------------------------------ deck lists go to the players

def test_one_deck_list_gives_every_player_that_deck_in_basic_tcg(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("20 Forest\n10 Grizzly Bears\n", encoding="utf-8")
    out = tmp_path / "games.jsonl"
    r = cli("simulate", "basic_tcg", "-n", "2", "--deck", str(deck), "--out", str(out))
    assert r.exit_code == 0, r.output
    for line in out.read_text(encoding="utf-8").splitlines()[1:]:     # after the run's manifest
        decks = json.loads(line)["decks"]
        assert sorted(decks) == ["0", "1"]      # the seats; the Scenario pile keeps its cards
        assert sorted(decks["0"]) == sorted(decks["1"]) == ["Forest"] * 20 + ["Grizzly Bears"] * 10


def test_two_deck_lists_give_one_to_each_seat(tmp_path):
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text("30 Forest\n", encoding="utf-8")
    second.write_text("30 Plains\n", encoding="utf-8")
    out = tmp_path / "games.jsonl"
    r = cli("simulate", "basic_tcg", "-n", "1", "--deck", str(first), "--deck", str(second), "--out", str(out))
    assert r.exit_code == 0, r.output
    decks = json.loads(out.read_text(encoding="utf-8").splitlines()[1])["decks"]
    assert (set(decks["0"]), set(decks["1"])) == ({"Forest"}, {"Plains"})
    r = cli("simulate", "basic_tcg", "-n", "1", "--deck", str(first), "--deck", str(second), "--deck", str(first))
    assert (r.exit_code, r.output) == (1, "error: give one --deck for all the seats, or one for each of the 2 seats, "
                                          "not 3\n")


# ------------------------------------------------------------------ what a record names

@pytest.fixture
def log(tmp_path, monkeypatch):
    """A log of one magic54 game in tmp_path/proj, where cardtable runs."""
    folder = tmp_path / "proj"
    folder.mkdir()
    monkeypatch.chdir(folder)
    assert cli("simulate", "magic54", "-n", "1", "--out", "games.jsonl").exit_code == 0
    return folder / "games.jsonl"


def rewrite(log: Path, **fields) -> None:
    """The log's game, changed, alone in the file (without the run's manifest)."""
    record = json.loads(log.read_text(encoding="utf-8").splitlines()[-1])
    log.write_text(json.dumps({**record, **fields}) + "\n", encoding="utf-8")


def test_a_record_naming_a_pack_outside_the_project_is_refused(log, tmp_path):
    elsewhere = tmp_path / "elsewhere" / "magic54"
    shutil.copytree(ROOT / "variants" / "magic54", elsewhere)
    rewrite(log, source=str(elsewhere))
    r = cli("replay", "games.jsonl")
    assert (r.exit_code, r.output) == (1, (
        f'games.jsonl:1:1: error: game 1: the record names the pack "{elsewhere}", which is outside this project: '
        "replay reads what a record names only in the folder it runs in, the log's folder and the folders given "
        "with --root; give the pack with --pack\n"))
    assert cli("replay", "games.jsonl", "--pack", str(elsewhere)).exit_code == 0
    assert cli("replay", "games.jsonl", "--root", str(elsewhere)).exit_code == 0


def test_a_record_naming_a_pack_beside_the_log_or_by_name(log):
    rewrite(log, source="magic54")
    assert cli("replay", "games.jsonl").output.splitlines()[-1].startswith("The replay gives the same game")
    shutil.copytree(ROOT / "variants" / "magic54", log.parent / "kept" / "m54")
    shutil.move(log, log.parent / "kept" / "games.jsonl")
    rewrite(log.parent / "kept" / "games.jsonl", source="m54")
    assert cli("replay", "kept/games.jsonl").exit_code == 0


def test_a_record_naming_card_files_outside_is_refused(log, tmp_path):
    rewrite(log, cards=["/etc/passwd"])
    r = cli("replay", "games.jsonl")
    assert (r.exit_code, r.output) == (1, (
        'games.jsonl:1:1: error: game 1: the record names the card file "/etc/passwd", which is outside this '
        "project: replay reads what a record names only in the folder it runs in, the log's folder and the folders "
        "given with --root; give the card file with --cards\n"))


def test_a_record_whose_source_is_not_text(log):
    rewrite(log, source={"a": 1})
    r = cli("replay", "games.jsonl")
    assert (r.exit_code, r.output) == (1, 'games.jsonl:1:1: error: the game record\'s "source" is not text '
                                          "(the name or path of the pack)\n")


def test_a_log_that_is_no_regular_file_or_too_large(tmp_path):
    os.mkfifo(tmp_path / "pipe.jsonl")
    r = cli("replay", str(tmp_path / "pipe.jsonl"))
    assert (r.exit_code, r.output) == (1, f"{tmp_path / 'pipe.jsonl'}: error: this is a named pipe (FIFO), "
                                          f"not a regular file\n")
    big = tmp_path / "big.jsonl"
    with open(big, "wb") as f:
        f.truncate(infiles.DATA_LIMIT + 1)
    r = cli("replay", str(big))
    assert (r.exit_code, r.output) == (1, f"{big}: error: the file is too large (256.0 MB; the limit is 256 MB)\n")
