"""Positions a computer player may imagine: the cards it cannot see are dealt again,
face-down cards included, and nothing it can see changes."""
from __future__ import annotations

import random

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.engine.invariants import check
from cardtable.interpreter.engine.observe import determinize, observe
from cardtable.interpreter.packs.loader import load_pack


def first_position(pack: str, players: int, seed: int, wanted):
    """The first position of a seeded random game where wanted(state) holds."""
    game = Game(load_pack(pack, Report()), num_players=players)
    state = game.new_initial_state(seed)
    rnd = random.Random(seed)
    while not state.is_terminal():
        if wanted(state.s):
            return state.s
        state.apply_action(rnd.choice(state.legal_actions()))
    raise AssertionError("no such position")


def face_down_in(s, zone_name: str, seat: int | None):
    zone = s.t.zone(zone_name, seat)
    return [x for x in s.zones[zone] if s.face_down[x]]


def test_a_face_down_card_in_another_players_play_is_dealt_again_for_the_others():
    s = first_position("basic_tcg", 2, 3, lambda s: face_down_in(s, "play", 1))
    zone = s.t.zone("play", 1)
    slots = [i for i, x in enumerate(s.zones[zone]) if s.face_down[x]]
    imagined = set()
    for k in range(20):
        d = determinize(s, 0, random.Random(k))
        check(d)
        assert [i for i, x in enumerate(d.zones[zone]) if d.face_down[x]] == slots   # still face down there
        assert observe(d, 0) == observe(s, 0)                                         # nothing seat 0 sees changed
        imagined.update(d.zones[zone][i] for i in slots)
        assert all(d.t.owner[x] == 1 for x in imagined)                               # one of Player 2's cards
    assert len(imagined) > len(slots)
    for k in range(5):                                                                # its owner knows it
        assert determinize(s, 1, random.Random(k)).zones[zone] == s.zones[zone]


def test_cards_discarded_face_down_to_a_shared_pile_are_dealt_again_for_every_player():
    s = first_position("pub_magic", 3, 2, lambda s: face_down_in(s, "discard", None))
    zone = s.t.zone("discard", None)
    down = face_down_in(s, "discard", None)
    for seat in range(3):
        changed = False
        for k in range(10):
            d = determinize(s, seat, random.Random(k))
            check(d)
            assert observe(d, seat) == observe(s, seat)
            assert sum(d.face_down[x] for x in d.zones[zone]) == len(down)
            changed |= face_down_in(d, "discard", None) != down
        assert changed, seat


@pytest.mark.parametrize("seat", [0, 1])
def test_what_a_player_sees_stays_as_it_is(seat):
    s = first_position("magic54", 2, 5, lambda s: s.turn >= 6)
    for k in range(5):
        d = determinize(s, seat, random.Random(k))
        check(d)
        assert observe(d, seat) == observe(s, seat)


def test_an_observation_giving_away_a_face_down_card_breaks_the_invariants(monkeypatch):
    from cardtable.interpreter.engine import observe as observing
    from cardtable.interpreter.engine.invariants import check_hidden
    from cardtable.interpreter.engine.state import RuleError

    s = first_position("basic_tcg", 2, 3, lambda s: face_down_in(s, "play", 1))
    check_hidden(s, 0)
    shown = observing._card_view
    monkeypatch.setattr(observing, "_card_view",        # the id kept, as if the card were known
                        lambda s, c, extras, knows: {**shown(s, c, extras, True), "name": "face-down card"}
                        if s.face_down[c] else shown(s, c, extras, knows))
    with pytest.raises(RuleError, match="^Player 1 can tell which card the face-down Island is$"):
        check_hidden(s, 0)
