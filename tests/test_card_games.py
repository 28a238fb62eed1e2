"""Crazy Eights, Go Fish and Hearts played out: seeded random games with every number
of players each pack allows end without error, the invariants checked after every
decision, and each ends the way its rules say, with a place for every player. The full
run (500 games of each) is benchmarks/table_games.py; these are a sample of it. Also
what a player who is not asked reads in Go Fish, and what they then know."""
from __future__ import annotations

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.play.batch import play_random


@pytest.fixture(scope="module")
def packs():
    return {name: load_pack(name, Report()) for name in ("crazy_eights", "go_fish", "hearts")}


def points(state, seat: int, zone="hand", prop=None) -> int:
    """The cards in a zone of the seat's, or the total of a property over them."""
    s = state.s
    cards = s.zones[s.t.zone(zone, seat)]
    return sum(s.prop(c, prop) for c in cards) if prop else len(cards)


def ranked(values: list, lowest_first: bool) -> list:
    """Places from values: 1 for the best, equal values sharing ("1224")."""
    order = sorted(values) if lowest_first else sorted(values, reverse=True)
    return [order.index(v) + 1 for v in values]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_crazy_eights_ends_with_a_player_out_or_a_blocked_table(packs, players):
    game = Game(packs["crazy_eights"], num_players=players, debug=True)
    for seed in range(6):
        state, _ = play_random(game, seed)
        places = state.places()
        held = [points(state, p, prop="penalty") for p in range(players)]
        out = [p for p in range(players) if points(state, p) == 0]
        if out:     # the one who went out first, the others by the points they hold
            assert state.log[-2] == f"{state.seat_names[out[0]]} finishes 1st"
            rest = [p for p in range(players) if p != out[0]]
            assert [places[p] for p in rest] == [1 + x for x in ranked([held[p] for p in rest], True)]
        else:       # blocked: everyone by points
            assert places == ranked(held, True)
        assert state.log[-1].startswith("the game ends: ")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_go_fish_ends_with_all_thirteen_books_down(packs, players):
    game = Game(packs["go_fish"], num_players=players, debug=True)
    for seed in range(3):
        state, _ = play_random(game, seed)
        books = [points(state, p, zone="books") for p in range(players)]
        assert sum(books) == 52 and all(n % 4 == 0 for n in books)
        assert state.places() == ranked(books, False)


def test_hearts_ends_when_a_player_reaches_100(packs):
    game = Game(packs["hearts"], debug=True)
    for seed in range(2):
        state, _ = play_random(game, seed)
        scores = [state.s.pvars[p]["score"] for p in range(4)]
        assert max(scores) >= 100
        assert state.places() == ranked(scores, True)
        # Every hand's points add up to 26 a player shooting the moon aside: 26 or 78.
        assert sum(scores) % 26 == 0


def test_a_player_not_asked_reads_the_cards_given_and_knows_where_they_are(packs):
    game = Game(packs["go_fish"], num_players=3)
    state = game.new_initial_state(seed=0)
    while not any(" reveals " in line for line in state.log):
        state.apply_action(0)
    line = next(line for line in state.log if " reveals " in line)
    giver, shown = line.split(" reveals ")
    shown = shown.split(", ")
    asker = state.seat_names[state.s.active]
    third = next(seat for seat, name in enumerate(state.seat_names) if name not in (giver, asker))
    assert line in state.log_for(third)
    assert f"{shown[0]} moves from {giver}'s hand to {asker}'s hand" in state.log_for(third)
    seen = state.observation(third)["players"][state.seat_names.index(asker)]["zones"]["hand"]
    assert set(shown) <= {card["name"] for card in seen["known"]}
