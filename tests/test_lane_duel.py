"""Lane Duel played out: the opening deal, and seeded random games that end without
error with the invariants checked after every decision, using the pack's mechanisms
(tokens, battlecries, deathrattles, the hero power, fatigue).

The full run (500 games) is benchmarks/table_games.py --pack lane_duel --players 2;
these are a sample of them, kept small for the test suite's time.
"""
from __future__ import annotations

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.play.batch import play_random


@pytest.fixture(scope="module")
def pack():
    return load_pack("lane_duel", Report())


def test_the_first_player_is_dealt_three_cards_the_second_four_and_the_coin(pack):
    state = Game(pack).new_initial_state(seed=0)
    s = state.s
    first, second = s.first, 1 - s.first
    names = [p.name for p in s.t.players]
    assert state.log[:8] == [
        f"Lane Duel begins with North, South; {names[first]} starts",
        "North's deck is shuffled", "South's deck is shuffled",
        f"{names[first]} is dealt 3 cards", f"{names[second]} is dealt 4 cards",
        f"The Coin is created in {names[second]}'s hand",
        f"turn 1 ({names[first]})", f"{names[first]} draws a card"]
    hands = {seat: [s.t.names[c] for c in s.zones[s.t.zone("hand", seat)]] for seat in (0, 1)}
    assert len(hands[first]) == 4 and len(hands[second]) == 5 and "The Coin" in hands[second]
    assert s.pvars[first]["life"] == s.pvars[second]["life"] == 30


# Lines that show the pack's rules at work in random games.
MARKS = ("Battlecry of", "Deathrattle of", "is created in", "ceases to exist", "uses Fireblast",
         "would draw a card (Fatigue)", "chooses give your minions +1/+1 (choose one)", "chooses summon a 3/2 Panther (choose one)",
         "uses Cast of The Coin")


def test_random_games_end_and_use_the_packs_rules(pack):
    game = Game(pack, debug=True)
    seen = set()
    for seed in range(40):
        state, _ = play_random(game, seed)
        assert state.is_terminal()
        s = state.s
        assert state.log[-1] in ("North wins the game", "South wins the game", "the game is a draw")
        if state.log[-1] != "the game is a draw":
            assert any(s.pvars[p]["life"] <= 0 for p in (0, 1))
        seen.update(mark for mark in MARKS if any(mark in line for line in state.log))
    assert seen == set(MARKS)
