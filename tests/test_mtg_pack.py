"""Magic: The Gathering played out (variants/mtg): seeded random games end without
error, with the invariants checked after every decision, no card lost or made, and
each ends as the rules say (a player at 0 life or less, with ten poison counters or
who drew from an empty library loses; else the turn limit).

The full run (500 games) is `python benchmarks/table_games.py --pack mtg --players 2`;
these are a sample of them, kept small for the test suite's time.
"""
from __future__ import annotations

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.play.batch import play_random

DECK = 60


@pytest.fixture(scope="module")
def pack():
    return load_pack("mtg", Report())


def check_end(state) -> None:
    s = state.s
    names = [p.name for p in s.t.players]
    winners = [names[p] for p, r in enumerate(state.returns()) if r > 0]
    if not winners:
        assert state.log[-2:] == ["the turn limit (200) is reached", "the game is a draw"]
        return
    assert len(winners) == 1 and state.log[-1] == f"{winners[0]} wins the game"
    loser = 1 - names.index(winners[0])
    pv = s.pvars[loser]
    assert pv["life"] <= 0 or pv["poison"] >= 10 or pv["empty_draws"] > 0


# Lines that show the rules at work in random games.
MARKS = ("goes on the pile targeting", "resolves", "as attackers", "as blocked", "deals", "triggers",
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
