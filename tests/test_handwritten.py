"""The hand-written Magic 54 engine that cardtable's speed is measured against
(benchmarks/handwritten/) plays the games the pack plays, decision for decision: a
change to variants/magic54 that changes its games fails here until the hand-written
engine follows it. benchmarks/handwritten/check.py compares as many games as asked."""
from __future__ import annotations

import pytest

from cardtable.benchmarks.handwritten import check
from cardtable.benchmarks.handwritten.magic54 import GameOver, Magic54
from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.play.batch import Batch, play_random, run


@pytest.fixture(scope="module")
def game():
    return Game(load_pack("magic54", Report()))


def test_thirty_random_games_are_the_same_decision_for_decision(game):
    assert check.check(range(30), "shared", game) == []


def test_games_with_other_options_are_the_same(game):
    short = Game(game.pack, {"starting_life": 4, "hand_limit": 1, "opening_hand": 3, "turn_limit": 12})
    assert check.check(range(8), "shared", short) == []


def test_the_shared_random_player_is_that_of_play_random(game):
    for seed in range(3):
        state, decisions = play_random(game, seed)
        hand = check.play_hand(seed, "shared")
        assert (hand.result, hand.turns, len(hand.decisions)) == (tuple(state.returns()), state.s.turn, decisions)


def test_the_random_players_of_each_seat_are_those_of_simulate():
    _, results = run(Batch("magic54", games=4, seed=10))
    for r in results:
        hand = check.play_hand(r["seed"], "seats")
        assert (list(hand.result), hand.turns, len(hand.decisions)) == (r["result"], r["turns"], r["decisions"])


class NoBlockers(Magic54):
    """A rule changed: the defender never blocks."""
    def declare_blockers(self, d):
        pass


def test_a_difference_is_reported_at_the_first_decision_that_differs(game):
    found = check.check(range(3), "shared", game, NoBlockers)
    assert len(found) == 3
    first = found[0].splitlines()
    assert first[0] == ('seed 0, decision 85: cardtable asks player 0 with 2 options (took 1), the hand-written '
                        'engine player 1 with 2 options (took 1, for "put a card under the deck and draw")')
    assert first[1] == "cardtable: Red: choose the attacker it blocks (guard Queen of Diamonds): ['none', 'King of Clubs']"
    assert first[2] == "the log before it:"
    assert first[27] == "  Black chooses King of Clubs (choose your attackers)"
    assert first[28] == "Turn 16 - Black's turn - phase attack, step declare_blockers"


def test_a_game_that_ends_sooner_is_reported(game):
    class Resigns(Magic54):
        def play_turn(self):
            if self.turn == 3:
                self.result = (0, 0)
                raise GameOver
            super().play_turn()
    found = check.check([0], "shared", game, Resigns)
    assert found == ["seed 0: the same 6 decisions, then cardtable asks more (cardtable ends (1.0, -1.0) on turn 33, "
                     "hand (0, 0) on turn 3)"]
