"""Magic: The Gathering played out (variants/mtg): seeded random games end without
error, with the invariants checked after every decision, no card lost or made, and
each ends as the rules say (a player at 0 life or less, with ten poison counters or
who drew from an empty library loses; else the turn limit).

The full runs (500 games of each ruleset) are `python benchmarks/table_games.py --pack mtg --players 2`
(with `--option format=commander`, or `--players 4 --option format=two_headed_giant`);
these are a sample of them, kept small for the test suite's time.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.play.batch import play_random
from endings import winner_seat

DECK = 60
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def pack():
    return load_pack("mtg", Report())


def check_end(state) -> None:
    winner = winner_seat(state)
    if winner is None:
        return
    pv = state.s.pvars[1 - winner]
    assert pv["life"] <= 0 or pv["poison"] >= 10 or pv["empty_draws"] > 0


# Lines that show the rules at work in random games.
MARKS = ("goes on the pile targeting", "resolves", "(choose your attackers)", "(choose the attacker it blocks)", "deals", "triggers",
         "with Forest", "with Island", "(1 G)", "(1 W)", "moves from battlefield to")


def test_random_games_end_by_the_rules_with_every_card_kept(pack):
    game = Game(pack, debug=True)
    seen = set()
    for seed in range(8):
        state, _ = play_random(game, seed)
        assert state.is_terminal()
        check_end(state)
        s = state.s
        cards = [c for z in s.zones for c in z]
        assert sum(1 for c in cards if c not in s.t.tokens) == 2 * DECK     # no card lost or made
        field = s.t.zone("battlefield", None)
        assert all(s.zone_of[c] == field for c in cards if c in s.t.tokens)  # tokens elsewhere cease to exist
        seen.update(mark for mark in MARKS if any(mark in line for line in state.log))
    assert seen == set(MARKS)


def test_the_decks_are_sixty_cards_with_four_copies_at_most_but_basic_lands(pack):
    game = Game(pack)
    for seat in range(2):
        deck = game.deck_for(seat)
        assert len(deck) == DECK
        for name in set(deck):
            if "basic" not in pack.cards[name].props.get("supertypes", ()):
                assert deck.count(name) <= 4, name


def test_the_same_seed_plays_the_same_game(pack):
    game = Game(pack)
    a, n = play_random(game, 5)
    b, m = play_random(game, 5)
    assert (a.log, n) == (b.log, m)


FIREBALL = ('error: "Fireball" is refused: its card text is written by no card family of the pack: "This spell '
            'costs {1} more to cast for each target beyond the..." (152 characters) (the import "pool" has '
            'follow_text: refuse)')


def test_validate_lists_the_cards_of_the_pool_whose_text_no_family_writes():
    from click.testing import CliRunner
    from cardtable.cli import main

    result = CliRunner().invoke(main, ["validate", "mtg", "--unwritten"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "mtg: valid"
    unwritten = [line.strip() for line in lines[2:]]
    assert lines[1] == (f'mtg: {len(unwritten)} of the 326 cards of the import "pool" have text no card family '
                        'writes:')
    assert "Fireball" in unwritten and "Force of Will" in unwritten
    assert not {"Lightning Bolt", "Counterspell", "Grizzly Bears", "Forest", "Journey to Nowhere"} & set(unwritten)
    assert 326 - len(unwritten) >= 200      # written by a family, or vanilla, or keywords only


def test_a_deck_with_a_card_whose_text_is_not_written_is_refused_naming_it(tmp_path):
    from click.testing import CliRunner
    from cardtable.cli import main

    deck = tmp_path / "burn.txt"
    deck.write_text("20 Mountain\n4 Fireball\n4 Lightning Bolt\n32 Forest\n", encoding="utf-8")
    for args in (["validate", "mtg", "--deck", str(deck)], ["simulate", "mtg", "--deck", str(deck), "--games", "1"]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 1
        assert f"{deck}:2:3: {FIREBALL}" in result.output


def simulate(*args):
    from click.testing import CliRunner
    from cardtable.cli import main

    return CliRunner().invoke(main, ["simulate", "mtg", "--games", "1", *args])


def test_a_deck_list_keeps_the_constructed_or_limited_rules_of_the_deck_it_replaces(tmp_path):
    deck = tmp_path / "burn.txt"
    deck.write_text("20 Mountain\n5 Lightning Bolt\n4 Grizzly Bears\n20 Forest\n", encoding="utf-8")
    result = simulate("--deck", str(deck))
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f'{deck}:1:1: error: the deck has 49 cards, fewer than 60 (the rules "constructed")',
        f'{deck}:1:1: error: the deck has 5 copies of "Lightning Bolt", more than 4 (the rules "constructed"; '
        'supertypes basic excepted)']
    deck.write_text("28 Mountain\n4 Lightning Bolt\n28 Forest\n", encoding="utf-8")
    assert simulate("--deck", str(deck)).exit_code == 0
    # 100.2b: in Limited, 40 cards and any number of copies.
    deck.write_text("16 Mountain\n8 Lightning Bolt\n16 Forest\n", encoding="utf-8")
    assert simulate("--option", "format=limited", "--deck", str(deck)).exit_code == 0
    assert simulate("--deck", str(deck)).output.splitlines() == [
        f'{deck}:1:1: error: the deck has 40 cards, fewer than 60 (the rules "constructed")',
        f'{deck}:1:1: error: the deck has 8 copies of "Lightning Bolt", more than 4 (the rules "constructed"; '
        'supertypes basic excepted)']


def akroma_with(tmp_path, swaps: dict):
    """Akroma's Commander deck with some of its lines swapped, played: (the deck, the result)."""
    lines = (ROOT / "variants" / "mtg" / "decks" / "akroma.txt").read_text(encoding="utf-8").splitlines()
    deck = tmp_path / "akroma.txt"
    deck.write_text("\n".join(swaps.get(line, line) for line in lines) + "\n", encoding="utf-8")
    return deck, simulate("--option", "format=commander", "--deck", str(deck))


def test_a_commander_deck_is_singleton_within_its_leaders_colours(tmp_path):
    deck, result = akroma_with(tmp_path, {"1 Ancient Den": "1 Lightning Bolt",
                                          "1 Mother of Runes": "2 Pearled Unicorn"})
    assert result.exit_code == 1
    assert sorted(result.output.splitlines()) == sorted([
        f'{deck}:1:1: error: the deck has 101 cards, more than 100 (the rules "commander")',
        f'{deck}:1:1: error: the deck has 3 copies of "Pearled Unicorn", more than 1 (the rules "commander"; '
        'supertypes basic excepted)',
        f'{deck}:1:1: error: the deck holds "Lightning Bolt", of identity red_identity, which its leader "Akroma, '
        'Angel of Wrath" is not (the rules "commander")'])


def test_a_commander_deck_reads_colour_identity_from_mana_symbols_and_land_types(tmp_path):
    # 903.4: Tree of Tales is colourless but its text adds {G}; a Forest's {G} is its land
    # type's. Darksteel Citadel's text has only {C}: it stays, as in the pack's deck.
    deck, result = akroma_with(tmp_path, {"1 Ancient Den": "1 Tree of Tales", "1 Ornithopter": "1 Forest"})
    assert result.exit_code == 1
    assert sorted(result.output.splitlines()) == sorted([
        f'{deck}:1:1: error: the deck holds "{name}", of identity green_identity, which its leader "Akroma, '
        'Angel of Wrath" is not (the rules "commander")' for name in ("Tree of Tales", "Forest")])


def test_a_deck_of_the_pack_that_breaks_its_rules_stops_the_pack_loading(tmp_path):
    import shutil
    from cardtable.interpreter.packs.validate import validate_pack

    folder = tmp_path / "mtg"
    shutil.copytree(ROOT / "variants" / "mtg", folder, ignore=shutil.ignore_patterns("tests"))
    listed = folder / "decks" / "red_green.txt"
    listed.write_text(listed.read_text(encoding="utf-8").replace("4 Llanowar Elves", "5 Llanowar Elves"),
                      encoding="utf-8")
    report = Report()
    assert not validate_pack(str(folder), report)
    line = next(n for n, text in enumerate((folder / "pack.yaml").read_text().splitlines(), 1)
                if text.startswith("  red_green:"))
    assert [(p.line, p.message) for p in report.errors] == [
        (line, 'deck "red_green" has 5 copies of "Llanowar Elves", more than 4 (the rules "constructed"; '
                'supertypes basic excepted)')]


@pytest.mark.parametrize("fmt, players, seeds", [("commander", 2, 2), ("two_headed_giant", 4, 1)])
def test_random_games_of_each_ruleset_end_with_every_card_kept(pack, fmt, players, seeds):
    game = Game(pack, {"format": fmt}, num_players=players, debug=True)
    for seed in range(seeds):
        state, _ = play_random(game, seed)
        assert state.is_terminal()
        s = state.s
        cards = [c for z in s.zones for c in z]
        size = 100 if fmt == "commander" else DECK
        assert sum(1 for c in cards if c not in s.t.tokens) == players * size
        places = state.places()
        assert places.count(1) >= 1 and len(places) == players
