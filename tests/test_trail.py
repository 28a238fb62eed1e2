"""The log and the answers of a game are shared between clones (engine/trail.py):
a clone copies none of the lines written before it, and each copy goes on alone."""
import random

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine import trail
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.engine.trail import Trail
from cardtable.interpreter.packs.loader import load_pack


def test_a_clone_and_its_original_go_on_alone():
    a = Trail(["deal", "draw"])
    b = a.clone()
    a.append("a plays")
    b.append("b passes")
    b.append("b draws")
    assert list(a) == ["deal", "draw", "a plays"]
    assert list(b) == ["deal", "draw", "b passes", "b draws"]
    assert len(a) == 3 and len(b) == 4
    # The lines before the clone are one chunk that both hold, not a copy each.
    assert a.chunks[0] is b.chunks[0] and a.chunks[0] == ("deal", "draw")


def test_reading_by_position_across_chunks():
    a = Trail()
    copies = []
    for i in range(10):
        a.append(i)
        copies.append(a.clone())        # a chunk of one line each time
    a.append(10)
    assert len(a.chunks) == 10
    assert [a[i] for i in range(11)] == list(range(11))
    assert [a[-i] for i in range(1, 12)] == list(range(10, -1, -1))
    assert a[2:5] == [2, 3, 4] and a[-3:] == [8, 9, 10] and a[::5] == [0, 5, 10] and a[9:] == [9, 10]
    assert copies[4] == [0, 1, 2, 3, 4] and copies[4][-1] == 4
    with pytest.raises(IndexError):
        a[11]
    with pytest.raises(IndexError):
        a[-12]


def test_pop_takes_back_a_line_written_before_a_clone():
    a = Trail(["x", "y"])
    b = a.clone()
    assert a.pop() == "y"
    a.append("z")
    assert list(a) == ["x", "z"] and list(b) == ["x", "y"]
    assert not Trail() and Trail(["x"]) and a.clone()


def test_many_chunks_are_joined(monkeypatch):
    monkeypatch.setattr(trail, "MAX_CHUNKS", 4)
    a = Trail()
    for i in range(9):
        a.append(i)
        a.clone()
    assert len(a.chunks) <= 4 and list(a) == list(range(9))


def test_equal_to_a_list_of_the_same_lines():
    a = Trail([(0, 1, "pass")])
    assert a == [(0, 1, "pass")] and [(0, 1, "pass")] == a and a == a.clone()
    assert a != [(0, 0, "pass")] and a != ((0, 1, "pass"),)


def test_a_cloned_game_shares_its_log_and_plays_on_alone():
    state = Game(load_pack("magic54", Report())).new_initial_state(seed=3)
    rnd = random.Random(3)
    for _ in range(60):
        state.apply_action(rnd.randrange(len(state.legal_actions())))
    before, answers = list(state.s.log), list(state.s.history)
    copy = state.clone()
    # Nothing was copied: the clone holds the very chunk of lines the original holds.
    assert copy.s.log.chunks[-1] is state.s.log.chunks[-1] and not copy.s.log.tail
    assert list(copy.s.log) == before and list(copy.s.history) == answers
    last = len(state.legal_actions()) - 1
    assert last > 0
    copy.apply_action(0)
    state.apply_action(last)
    assert list(copy.s.log)[:len(before)] == before == list(state.s.log)[:len(before)]
    assert copy.s.history[len(answers)][1] == 0 and state.s.history[len(answers)][1] == last
    assert len(copy.s.history) == len(state.s.history) == len(answers) + 1
