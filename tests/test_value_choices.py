"""Choices of values: a property's words, values listed, values the cards of a selection
hold, a number from a range, an order of cards; how many different values cards hold
(tests/data/suits, whose turn is replaced)."""
from __future__ import annotations

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.state import RuleError
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.engine.game import Game
from test_words_and_tables import make, problems

# Ann's hand: Ace of Spades, Two of Diamonds, Four of Spades (the top of the deck).


def start(tmp_path, turn: str, players: int = 2):
    pack = load_pack(str(make(tmp_path, turn=turn)), Report())
    return Game(pack, num_players=players).new_initial_state(seed=0)


def test_a_property_names_its_words_in_their_order(tmp_path):
    state = start(tmp_path, 'choose a suit as named "name a suit"\nset led to named')
    assert state.decision.prompt == "Ann: name a suit"
    assert state.decision.kind == "value"
    assert state.legal_labels() == ["clubs", "diamonds", "hearts", "spades"]
    state.apply_label("hearts")
    assert state.s.table["led"] == "hearts"
    assert "Ann chooses hearts (name a suit)" in state.log_for(1)


def test_a_where_keeps_the_words_offered(tmp_path):
    # Euchre's second round names trumps, never the suit turned down ("it" the word).
    state = start(tmp_path, 'set led to hearts\nchoose a suit where it != led and it != clubs as named "name trumps"\n'
                            'set led to named')
    assert state.decision.prompt == "Ann: name trumps"
    assert state.legal_labels() == ["diamonds", "spades"]
    state.apply_label("spades")
    assert "Ann chooses spades (name trumps)" in state.log
    state = start(tmp_path, "choose a suit where it = diamonds as named\nset led to named")
    assert state.s.table["led"] == "diamonds"       # one word left: taken without asking
    state = start(tmp_path, "choose up to one suit where it = none as named\nif named = none: set pot to 7")
    assert state.s.table["pot"] == 7                # none left: none, without asking
    assert problems(make(tmp_path, turn="choose a suit where it > 2 as named")) == [
        'pack.yaml:44:31: the left side of ">" must be a number, but "it" is a word: a word is compared only with a '
        'word of "suit", in the order of its list']


def test_several_words_are_picked_one_at_a_time(tmp_path):
    state = start(tmp_path, "choose 2 suits as pair\nif pair != none: stop")
    assert state.legal_labels() == ["clubs", "diamonds", "hearts"]
    state.apply_label("diamonds")
    assert state.decision.prompt == "Ann: choose 2 suits as pair (chosen 1 of 2: diamonds)"
    assert state.legal_labels() == ["hearts", "spades"]
    state.apply_label("spades")
    assert "Ann chooses diamonds, spades as pair" in state.log


@pytest.mark.parametrize("statement, labels, answer, table", [
    ("choose one of hearts, spades as named\nset led to named", ["hearts", "spades"], "spades", ("led", "spades")),
    ("choose one of 3, 1, 2 as n\nset pot to n", ["3", "1", "2"], "1", ("pot", 1)),
    ('choose one of "draw", "pass" as mode\nif mode = "pass": set pot to 0', ["draw", "pass"], "pass", ("pot", 0)),
])
def test_values_listed_are_offered_as_written(tmp_path, statement, labels, answer, table):
    state = start(tmp_path, statement)
    assert state.legal_labels() == labels
    state.apply_label(answer)
    assert state.s.table[table[0]] == table[1]


def test_a_value_among_the_cards_picked(tmp_path):
    state = start(tmp_path, "choose a rank among cards in your hand as asked\nset pot to count of (cards in your hand where its rank = asked)")
    assert state.legal_labels() == ["two", "four", "ace"]
    state.apply_label("ace")
    assert state.s.table["pot"] == 1
    state = start(tmp_path, "choose a suit among (cards in your hand where it is spades) as named\nset led to named")
    assert state.s.table["led"] == "spades"     # one value: taken without asking
    assert "Ann chooses spades as named" in state.log


# A supply of piles of copies, which every player sees (a choice among cards they do not
# see offers every name: tests/test_blind_choices.py).
PILES = {"[Two of Clubs, Three of Hearts, Ace of Hearts, Four of Spades, Two of Diamonds, Ace of Spades]":
         "[2 Four of Spades, 3 Two of Clubs, 4 Ace of Hearts]",
         "deck: {per: shared, visibility: hidden": "deck: {per: shared, visibility: public"}


@pytest.mark.parametrize("value, number", [
    ("number of different suits among cards in your hand", 2),         # spades, diamonds, spades
    ("count of different suit among (cards in your hand where its rank = ace)", 1),
    ("number of different colors among cards in your hand", 2),        # each word of a list
    ("number of different names among cards in your hand", 3),
    ("number of different names among cards in deck", 0),
    ("number of different points among cards in your hand", 3),
])
def test_how_many_different_values_cards_hold(tmp_path, value, number):
    assert start(tmp_path, f"set pot to {value}").s.table["pot"] == number


def test_a_game_ends_when_piles_are_empty(tmp_path):
    # The names the supply held at the start, less those it holds now, are the piles gone.
    folder = make(tmp_path, setup="set pot to number of different names among cards in deck", turn=(
        "choose a name among cards in deck as gone\nput each card in deck where name of it = gone into discard\n"
        "if number of different names among cards in deck <= pot - 2: the game ends"), **PILES)
    state = Game(load_pack(str(folder), Report()), num_players=2).new_initial_state(seed=0)
    assert state.s.table["pot"] == 3
    state.apply_label("Two of Clubs")
    assert not state.is_terminal()
    assert state.legal_labels() == ["Four of Spades", "Ace of Hearts"]
    state.apply_label("Four of Spades")
    assert state.is_terminal()
    assert state.log[-1] == "the game ends: Ann and Ben 1st"


def test_a_name_among_the_cards_picked_is_offered_once(tmp_path):
    # Piles of copies: one option a name, in the order of the cards, not 9 options.
    folder = make(tmp_path, setup="do nothing", turn=(
        "choose up to one name among (cards in deck) as wanted\n"
        "if wanted != none:\n  put first of (cards in deck where name of it = wanted) into your hand"), **PILES)
    state = Game(load_pack(str(folder), Report()), num_players=2).new_initial_state(seed=0)
    assert [c["name"] for c in state.observation(None)["shared"]["deck"]][:3] == ["Four of Spades"] * 2 + ["Two of Clubs"]
    assert state.legal_labels() == ["none", "Four of Spades", "Two of Clubs", "Ace of Hearts"]
    state.apply_label("Ace of Hearts")
    assert "Ann chooses Ace of Hearts as wanted" in state.log
    assert [c["name"] for c in state.observation(0)["players"][0]["zones"]["hand"]] == ["Ace of Hearts"]
    assert [c["name"] for c in state.observation(None)["shared"]["deck"]].count("Ace of Hearts") == 3


def test_a_tokens_name_is_offered_without_its_number(tmp_path):
    folder = make(tmp_path, setup="do nothing", turn='create 2 "Spirit" tokens\n'
                                                    'choose a name among cards in your played as wanted\nif wanted = "Spirit": set pot to 1',
                  cards={"black], points: 1}\n": "black], points: 1}\ntokens:\n  - {name: Spirit, types: [plain]}\n"})
    state = Game(load_pack(str(folder), Report()), num_players=2).new_initial_state(seed=0)
    assert [c["name"] for c in state.observation(0)["players"][0]["zones"]["played"]] == \
        ["Spirit", "Spirit #2", "Spirit #5", "Spirit #6"]     # made in Ann's two turns
    assert state.s.table["pot"] == 1        # one name: taken without asking
    assert state.log.count("Ann chooses Spirit as wanted") == 2


def test_a_number_from_a_range(tmp_path):
    state = start(tmp_path, "choose a number from 1 to count of cards in your hand as bid\nset pot to bid")
    assert state.legal_labels() == ["1", "2", "3"]
    state.apply_label("2")
    assert state.s.table["pot"] == 2
    state = start(tmp_path, "choose up to one number from 0 to 1 as bid\nif bid = none: set pot to 9")
    assert state.legal_labels() == ["none", "0", "1"]
    state.apply_label("none")
    assert state.s.table["pot"] == 9
    state = start(tmp_path, "choose a number from 3 to pot - 3 as bid\nif bid = none: set pot to 7")     # 3 to 2
    assert state.s.table["pot"] == 7


def test_a_number_from_a_range_where_a_condition_holds(tmp_path):
    state = start(tmp_path, "choose a number from 0 to 3 where it != pot - 2 as bid\nset pot to bid")
    assert state.legal_labels() == ["0", "1", "2"]         # pot 5: not 3
    state.apply_label("2")
    assert state.s.table["pot"] == 2
    assert state.legal_labels() == ["1", "2", "3"]         # Ben's turn, pot 2: not 0
    state = start(tmp_path, "choose up to one number from 0 to 3 where it % 2 = 0 as bid\nset pot to bid")
    assert state.legal_labels() == ["none", "0", "2"]
    # As a choice of cards with none to choose: none, without asking.
    state = start(tmp_path, "choose a number from 0 to 3 where it > pot as bid\nif bid = none: set pot to 9")
    assert state.s.table["pot"] == 9
    assert not [line for line in state.log if "chooses" in line]


def test_a_mode_offered_where_a_condition_holds(tmp_path):
    # A menu of modes narrowed by the game: no "clue" while pot (the clue tokens) is 0.
    turn = 'choose one of "play", "discard", "clue" where (it != "clue" or pot > 0) as move\nif move = "clue": set pot to 9'
    state = start(tmp_path, turn)
    assert state.legal_labels() == ["play", "discard", "clue"]          # pot 5
    state = start(tmp_path, "set pot to 0\n" + turn)
    assert state.legal_labels() == ["play", "discard"]
    state = start(tmp_path, 'choose one of 1, 2, 3 where it > pot as x\nif x = none: set pot to 7')
    assert state.s.table["pot"] == 7                                     # none above 5: none, without asking


def test_the_dealer_may_not_make_the_bids_add_up(tmp_path):
    folder = make(tmp_path, setup="for each p in players:\n  p draws 3 cards\nset dealer to left of you\nset pot to 1",
                  turn="choose a number from 0 to 3 where (you != dealer or it != 3 - pot) as bid\nincrease pot by bid")
    state = Game(load_pack(str(folder), Report()), num_players=2).new_initial_state(seed=0)
    assert state.legal_labels() == ["0", "1", "2", "3"]    # Ann is not the dealer
    state.apply_label("0")
    assert state.decision.prompt == "Ben: choose a number from 0 to 3 where (you != dealer or it != 3 - pot) as bid"
    assert state.legal_labels() == ["0", "1", "3"]         # 1 + 2 would make 3


def test_an_order_asks_for_each_place_but_the_last(tmp_path):
    state = start(tmp_path, 'choose an order of cards in your hand as order "order your cards"\n'
                            'for each c in order:\n  put c on top of discard')
    assert state.decision.kind == "order"
    assert state.decision.prompt == "Ann: order your cards (first of 3)"
    assert state.legal_labels() == ["Ace of Spades", "Two of Diamonds", "Four of Spades"]
    state.apply_label("Four of Spades")
    assert state.decision.prompt == "Ann: order your cards (second of 3)"
    state.apply_label("Ace of Spades")
    assert [c["name"] for c in state.observation(None)["shared"]["discard"]] == \
        ["Four of Spades", "Ace of Spades", "Two of Diamonds"]


@pytest.mark.parametrize("turn, message", [
    ("choose one of hearts, 3 as x", 'pack.yaml:44:25: a value choice lists words of one property, numbers or texts, '
                                     'not "3", "hearts"'),
    ("choose one of hearts, hart as x", 'pack.yaml:44:33: "hart" is not a word of a property; did you mean "hearts"?'),
    ("choose 2 number from 1 to 3 as x", 'pack.yaml:44:18: a number is chosen one at a time: write "a number" or '
                                          '"up to one number"'),
    ("choose a number from 0 to 20000 as x", 'pack.yaml:44:11: "choose a number from 0 to 20000 as x" would offer '
                                             '20,001 numbers: a choice offers at most 10,000'),
    ("choose a number from 13 to 0 as x", 'pack.yaml:44:11: "choose a number from 13 to 0 as x" offers no number: '
                                          'the lowest comes first ("from 0 to 13")'),
    ("choose an owner among cards in your hand as x", 'pack.yaml:44:21: "owner" is not a property of words, numbers '
                                                      'or texts'),
    ("set pot to number of different colour among cards in deck", 'pack.yaml:44:42: a card has no "colour"; did '
                                                                  'you mean "colors"?'),
    ("choose a number from 0 to 3 where its rank = ace as x", 'pack.yaml:44:45: "rank of ..." needs a card or a player, '
                                                             'not a number'),
    ("choose a number from 0 to 3 where it as x", 'pack.yaml:44:45: a "where" clause must be a condition, but "it" is '
                                                 'a number'),
    ("choose a colour as x", 'pack.yaml:44:20: unknown card type or variable "colour"; did you mean "colors"?'),
])
def test_value_choices_are_checked(tmp_path, turn, message):
    assert problems(make(tmp_path, turn=turn)) == [message]


def test_a_range_too_wide_in_play_stops_the_game(tmp_path):
    with pytest.raises(RuleError) as e:
        start(tmp_path, "choose a number from 0 to pot * 5000 as x")
    assert e.value.message == '"choose a number from 0 to pot * 5000 as x" would offer 25,001 numbers: a choice offers at most 10,000'


def test_a_clone_keeps_the_places_chosen(tmp_path):
    state = start(tmp_path, "choose an order of cards in your hand as order\nfor each c in order:\n  put c on top of discard")
    state.apply_label("Four of Spades")
    copy = state.clone()
    copy.apply_label("Two of Diamonds")
    state.apply_label("Ace of Spades")
    assert [c["name"] for c in copy.observation(None)["shared"]["discard"]] == \
        ["Four of Spades", "Two of Diamonds", "Ace of Spades"]
    assert [c["name"] for c in state.observation(None)["shared"]["discard"]] == \
        ["Four of Spades", "Ace of Spades", "Two of Diamonds"]


def test_an_agent_sees_a_word_offered_by_its_place_in_the_packs_words(tmp_path):
    from cardtable.interpreter.play.pettingzoo_env import Layout
    state = start(tmp_path, "choose a suit as named")
    layout = Layout(state.s, 8)
    assert state.s.t.pack.words[:4] == ("clubs", "diamonds", "hearts", "spades")
    assert layout.kinds[-2:] == ("value", "order")
    v = layout.encode(state, 0)
    fields = layout.option_fields
    third = layout.at_options + 2 * len(fields)        # the option "hearts"
    assert (v[third + fields.index("is_word")], v[third + fields.index("word")]) == (1, 3)
