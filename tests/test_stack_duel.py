"""Stack Duel played out: seeded random games that end without error with the
invariants checked after every decision, using the pack's mechanisms (the stack
resolved one object at a time, counterspells, triggers in APNAP order, tokens, the
empty library).

The full run (500 games) is benchmarks/table_games.py --pack stack_duel --players 2;
these are a sample of them, kept small for the test suite's time.
"""
from __future__ import annotations

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.play.batch import play_random

# Lines that show the pack's rules at work in random games.
MARKS = ("goes on the pile targeting", "is countered", "Drain of Blood Artist triggers", "Spirit is created in",
         "Visions of Elvish Visionary triggers", "Insight of Ophidian triggers", "does nothing, its target is gone",
         "chooses Giant Growth (discard down to your hand limit)")


def test_random_games_end_and_use_the_packs_rules():
    pack = load_pack("stack_duel", Report())
    game = Game(pack, debug=True)
    seen = set()
    for seed in range(40):
        state, _ = play_random(game, seed)
        assert state.is_terminal()
        last = state.log[-1]
        assert last in ("Ana wins the game", "Bo wins the game", "the game is a draw")
        seen.update(mark for mark in MARKS if any(mark in line for line in state.log))
    assert seen == set(MARKS)
