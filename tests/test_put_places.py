"""Cards put at a place inside an ordered zone: at a random place (drawn from the game's
seeded random source, each place as likely) or Nth from the top (tests/data/suits:
without a shuffle the deck is, bottom first, Two of Clubs, Three of Hearts, Ace of Hearts,
Four of Spades, Two of Diamonds, Ace of Spades). Crazy Eights buries a starter Eight in
the stock so."""
from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.engine.observe import observe
from cardtable.interpreter.packs.loader import load_pack
from test_words_and_tables import make, problems

BURY = "draw a card\nput each card in your hand into deck at a random place"


def game(tmp_path, setup: str) -> Game:
    return Game(load_pack(str(make(tmp_path, setup=setup)), Report()), num_players=2, options={"turn_limit": 1})


def deck(state) -> list:
    s = state.s
    return [s.t.names[c] for c in s.zones[s.t.zone("deck", None)]]


# ------------------------------------------------------------------ at a random place
def test_a_card_put_at_a_random_place_goes_where_the_seed_says(tmp_path):
    g = game(tmp_path, BURY)
    # Its place counted from the bottom of the deck, which holds five other cards.
    places = [deck(g.new_initial_state(seed=seed)).index("Ace of Spades") for seed in range(6)]
    assert places == [4, 1, 4, 3, 2, 4]
    assert deck(g.new_initial_state(seed=1)) == ["Two of Clubs", "Ace of Spades", "Three of Hearts", "Ace of Hearts",
                                                 "Four of Spades", "Two of Diamonds"]


def test_each_place_is_as_likely_top_and_bottom_included(tmp_path):
    g = game(tmp_path, BURY)
    counts = Counter(deck(g.new_initial_state(seed=seed)).index("Ace of Spades") for seed in range(600))
    # Six places, a hundred each were it exact: no place is left out or favoured.
    assert sorted(counts) == [0, 1, 2, 3, 4, 5]
    assert all(60 <= n <= 140 for n in counts.values()), counts


def test_the_log_says_where_a_card_went_but_not_to_those_who_do_not_see_it(tmp_path):
    state = game(tmp_path, BURY).new_initial_state(seed=0)
    assert state.log[2] == "Ace of Spades moves from Ann's hand to a random place in deck"
    assert state.log_for(1)[2] == "a card moves from Ann's hand to a random place in deck"


def test_a_card_shown_to_all_is_forgotten_once_buried_in_a_hidden_zone(tmp_path):
    setup = "draw a card\nreveal each card in your hand\n" + BURY.split("\n")[1]
    state = game(tmp_path, setup).new_initial_state(seed=0)
    assert "Ann reveals Ace of Spades" in state.log
    assert observe(state.s, 1)["shared"]["deck"] == {"count": 6}


# ------------------------------------------------------------------ Nth from top
@pytest.mark.parametrize("place, order", [
    # Ace of Spades goes first, then Two of Diamonds to the same place, above it.
    ("2nd", ["Two of Clubs", "Three of Hearts", "Ace of Hearts", "Ace of Spades", "Two of Diamonds", "Four of Spades"]),
    ("1st", ["Two of Clubs", "Three of Hearts", "Ace of Hearts", "Four of Spades", "Ace of Spades", "Two of Diamonds"]),
    ("4th", ["Two of Clubs", "Ace of Spades", "Two of Diamonds", "Three of Hearts", "Ace of Hearts", "Four of Spades"]),
    # Fewer cards than that: the bottom.
    ("12th", ["Two of Diamonds", "Ace of Spades", "Two of Clubs", "Three of Hearts", "Ace of Hearts", "Four of Spades"]),
])
def test_a_card_put_nth_from_top_has_n_minus_one_cards_above_it(tmp_path, place, order):
    state = game(tmp_path, f"draw 2 cards\nput each card in your hand into the deck {place} from the top") \
        .new_initial_state(seed=0)
    assert deck(state) == order
    # Past the bottom, the log says the bottom, not a place the deck does not have.
    said = "the bottom of" if place == "12th" else f"the {place} place from the top of"
    assert f"Ace of Spades and Two of Diamonds move from Ann's hand to {said} deck" in state.log


def test_a_card_put_3rd_from_top_of_its_own_zone_moves_down(tmp_path):
    state = game(tmp_path, "put top card of deck into deck 3rd from top").new_initial_state(seed=0)
    assert deck(state)[-3:] == ["Ace of Spades", "Four of Spades", "Two of Diamonds"]


# ------------------------------------------------------------------ mistakes
@pytest.mark.parametrize("statement, message", [
    ("put top card of deck into hand at a random place",
     'pack.yaml:37:29: "hand" is not ordered, so it has no places to put a card at: give it "ordered: true" under '
     'zones, or write "put CARDS into hand"'),
    ("put top card of deck into your played 2nd from top",
     'pack.yaml:37:29: "played" is not ordered, so it has no places to put a card at: give it "ordered: true" '
     'under zones, or write "put CARDS into played"'),
    ("put top card of deck into deck 0th from top", 'pack.yaml:37:34: "0th" is no place: the top card is 1st from top'),
    ("put top card of deck into deck 3th from top", 'pack.yaml:37:34: write "3rd", not "3th"'),
    ("put top card of deck into deck 12nd from top", 'pack.yaml:37:34: write "12th", not "12nd"'),
    ("put top card of deck into deck 2.5th from top",
     "pack.yaml:37:34: write a place from the top as a whole number and its ending: 1st, 2nd, 3rd, 4th..."),
    ("put top card of deck into deck second from top",
     "pack.yaml:37:34: write a place from the top as a whole number and its ending: 1st, 2nd, 3rd, 4th..."),
    ("put top card of deck into deck " + "9" * 30 + "th from top",
     "pack.yaml:37:34: this place is too far down: a number in a rule is at most 10¹⁸"),
])
def test_a_place_in_a_zone_is_checked_where_it_is_written(tmp_path, statement, message):
    assert problems(make(tmp_path, setup=statement)) == [message]


# ------------------------------------------------------------------ Crazy Eights
def test_crazy_eights_buries_a_starter_eight_in_the_stock():
    state = Game(load_pack("crazy_eights", Report()), num_players=3).new_initial_state(seed=4)
    assert state.log[5:8] == ["Eight of Spades moves from stock to discard",
                              "Eight of Spades moves from discard to a random place in stock",
                              "Jack of Hearts moves from stock to discard"]
    s = state.s
    stock = [s.t.names[c] for c in s.zones[s.t.zone("stock", None)]]
    assert len(stock) == 36 and stock.index("Eight of Spades") == 32
    assert observe(s, 0)["shared"]["stock"] == {"count": 36}


def test_crazy_eights_keeps_a_starter_eight_when_the_stock_holds_eights_alone(tmp_path):
    # A designer's deck of the four Eights: the starter cannot be buried for a card to
    # match, and the setup ends all the same.
    folder = tmp_path / "eights"
    shutil.copytree(Path(__file__).resolve().parents[1] / "variants" / "crazy_eights", folder)
    pack = folder / "pack.yaml"
    whole = "where: {suit: [clubs, diamonds, hearts, spades]}, size: 52"
    assert whole in pack.read_text()
    pack.write_text(pack.read_text().replace(whole, "where: {rank: [eight]}, size: 4"))
    state = Game(load_pack(str(folder), Report()), {"small_deal": 1}, num_players=2).new_initial_state(seed=0)
    # (Without the pack's test of the stock, the loop stops the game after 10,000 rounds.)
    assert state.log[4:6] == ["Eight of Clubs moves from stock to discard", "turn 1 (Ann)"]
    assert len(state.s.zones[state.s.t.zone("stock", None)]) == 1
