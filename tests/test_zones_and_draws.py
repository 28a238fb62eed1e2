"""Zones that hold at most so many cards, refills that leave the top of the pile they
take, draws that name the cards drawn, and draws the pack's replacements replace
(tests/data/suits, whose setup and turn are replaced). Without a shuffle the deck's
top card is Ace of Spades, then Two of Diamonds, Four of Spades, Ace of Hearts,
Three of Hearts, Two of Clubs."""
from __future__ import annotations

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack
from test_words_and_tables import DEAL, make, problems

PLAYED = "played: {per: player, role: play}"
HAND = "hand: {per: player, visibility: owner, role: hand}"
DECK = "deck: {per: shared, visibility: hidden, ordered: true, role: deck, deck: common}"
REPLACING = "\nreplacements:\n  - name: Fatigue\n    event: draw\n    if: deck is empty\n"


def game(tmp_path, setup=DEAL, turn="do nothing", players=2, **edits):
    pack = load_pack(str(make(tmp_path, setup=setup, turn=turn, **edits)), Report())
    return Game(pack, num_players=players, options={"turn_limit": 1}).new_initial_state(seed=0)


def zone(state, name, seat=None):
    s = state.s
    return [s.t.names[c] for c in s.zones[s.t.zone(name, seat)]]


# ---------------------------------------------------------------------- capacity
def test_a_full_zone_takes_no_more_cards(tmp_path):
    state = game(tmp_path, DEAL + "\nput each card in your hand into your played",
                 **{PLAYED: "played: {per: player, role: play, capacity: 2}"})
    assert zone(state, "played", 0) == ["Ace of Spades", "Two of Diamonds"]
    assert zone(state, "hand", 0) == ["Four of Spades"]
    assert "Four of Spades cannot enter Ann's played: it is full" in state.log
    # Ben does not see Ann's hand, where the card stays.
    assert "a card cannot enter Ann's played: it is full" in state.log_for(1)


def test_a_capacity_may_be_an_option(tmp_path):
    state = game(tmp_path, DEAL + "\nput each card in your hand into your played",
                 **{PLAYED: "played: {per: player, role: play, capacity: pot_start}", "pot_start: {default: 5}":
                    "pot_start: {default: 1}"})
    assert zone(state, "played", 0) == ["Ace of Spades"]


def test_a_full_hand_draws_no_more(tmp_path):
    state = game(tmp_path, "draw 2 cards\ndraw a card",
                 **{HAND: "hand: {per: player, visibility: owner, role: hand, capacity: 2}"})
    assert zone(state, "hand", 0) == ["Ace of Spades", "Two of Diamonds"]
    assert state.log[1:4] == ["Ann is dealt 2 cards", "Ann cannot draw: Ann's hand is full", "turn 1 (Ann)"]


@pytest.mark.parametrize("capacity, message", [
    ("pot_stat", 'pack.yaml:14:47: the capacity of "played" is a number or a number option, not "pot_stat"; '
                 'did you mean "pot_start"?'),
    ("0", 'pack.yaml:14:47: "capacity" must be a whole number of at least 1 or the name of a number option'),
])
def test_a_capacity_is_checked(tmp_path, capacity, message):
    folder = make(tmp_path, **{PLAYED: f"played: {{per: player, role: play, capacity: {capacity}}}"})
    assert problems(folder) == [message]


# ------------------------------------------------------------------------ refill
def test_a_refill_leaves_the_top_cards_of_the_pile_it_takes(tmp_path):
    setup = "draw 3 cards\nput each card in your hand into discard\ndraw 4 cards"
    state = game(tmp_path, setup, **{DECK: DECK[:-1] + ", refill: {from: discard, order: kept, leave: 1}}"})
    # Three cards were left in the deck, then the discard pile but its top card came over.
    assert zone(state, "discard") == ["Four of Spades"]
    assert zone(state, "hand", 0) == ["Ace of Hearts", "Three of Hearts", "Two of Clubs", "Two of Diamonds"]
    assert "discard but its top card becomes deck (2 cards, kept)" in state.log


def test_the_cards_one_statement_draws_are_one_line_told_before_a_refill(tmp_path):
    # Six cards: Ann is dealt 3 and discards them; in her turn she draws 2, then 3: the
    # last card of the deck, then the discard pile becomes the deck, then 2 more.
    setup = "draw 3 cards\nput each card in your hand into discard"
    state = game(tmp_path, setup, turn="draw 2 cards\ndraw 3 cards",
                 **{DECK: DECK[:-1] + ", refill: {from: discard, order: kept}}"})
    turn = state.log[state.log.index("turn 1 (Ann)") + 1:]
    assert turn[:4] == ["Ann draws 2 cards", "Ann draws a card", "discard becomes deck (3 cards, kept)",
                        "Ann draws 2 cards"]
    assert zone(state, "hand", 0) == ["Ace of Hearts", "Three of Hearts", "Two of Clubs", "Four of Spades",
                                      "Two of Diamonds"]


# ------------------------------------------------------------------ draw ... as
def test_a_draw_names_the_card_or_the_cards_drawn(tmp_path):
    setup = ('draw a card as first_drawn\nyour left draws 2 cards as more\n'
             'announce "{first_drawn}; {more}; {count of more}"\n'
             'your left draws 9 cards as rest\ndraw a card as nothing_left\n'
             'announce "{count of rest} then {nothing_left}"')
    state = game(tmp_path, setup)
    assert "Ace of Spades; Two of Diamonds, Four of Spades; 2" in state.log
    assert "3 then nothing" in state.log


def test_a_drawn_card_is_a_card(tmp_path):
    folder = make(tmp_path, setup="draw a card as x\nlet n be x + 1")
    assert problems(folder) == ['pack.yaml:38:12: a number in a sum must be a number, but "x" is a card']


# ---------------------------------------------------------- draw replacements
def test_a_draw_replacement_runs_instead_of_each_draw_it_applies_to(tmp_path):
    pack_end = "end: {turn_limit: turn_limit}"
    setup = "for each p in players:\n  p draws 4 cards as got\n  announce \"{p} got {count of got}\""
    state = game(tmp_path, setup, **{pack_end: pack_end + REPLACING + "    effect: increase score of it by 1\n"})
    assert state.log[1:9] == ["Ann is dealt 4 cards", "Ann got 4", "Ben is dealt 2 cards",
                             "Ben would draw a card (Fatigue)", "Ben's score is 1 (+1)",
                             "Ben would draw a card (Fatigue)", "Ben's score is 2 (+1)", "Ben got 2"]


def test_a_draw_replacement_without_effect_stops_the_draw(tmp_path):
    pack_end = "end: {turn_limit: turn_limit}"
    state = game(tmp_path, "draw 4 cards\nyour left draws 3 cards", **{pack_end: pack_end + REPLACING})
    assert state.log[1:5] == ["Ann is dealt 4 cards", "Ben is dealt 2 cards", "Ben draws no card (Fatigue)", "turn 1 (Ann)"]


def test_a_draw_replacement_has_an_entry_of_its_own(tmp_path):
    pack_end = "end: {turn_limit: turn_limit}"
    folder = make(tmp_path, **{pack_end: pack_end + REPLACING.replace("event: draw", "event: [draw, damage]")})
    assert problems(folder) == ["pack.yaml:50:12: a replacement of draw is about the player who would draw: "
                                "give it an entry of its own"]


def test_damage_dealt_by_a_rule_names_no_source(tmp_path):
    pack_end = "end: {turn_limit: turn_limit}"
    state = game(tmp_path, "deal 2 damage to your left", **{pack_end: pack_end + "\ndamage: {to_players: score}"})
    assert "Ben is dealt 2 damage" in state.log
    assert state.s.pvars[1]["score"] == -2


def test_a_setup_may_not_put_more_cards_in_a_zone_than_it_holds(tmp_path):
    from cardtable.interpreter.engine.positions import SetupError
    pack = load_pack(str(make(tmp_path, **{PLAYED: "played: {per: player, role: play, capacity: 2}"})), Report())
    setup = {"players": [{"zones": {"played": ["Two of Clubs", "Ace of Hearts", "Four of Spades"]}}, {"zones": {}}]}
    with pytest.raises(SetupError) as refused:
        Game(pack, num_players=2).position(setup)
    assert refused.value.message == "Ann's played holds at most 2 cards, not 3"
    assert refused.value.key == 2
