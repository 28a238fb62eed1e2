"""A choice names only the cards its player sees: a card of another player's hand or of a
hidden deck is offered as "a card", told apart by its place, unless the player looked at
it (`look at`) or it was revealed to them, and it has not moved since
(tests/data/suits: Ann, then Ben, two cards each)."""
from __future__ import annotations

import pytest

from test_words_and_tables import play

TWO = "for each p in players:\n  p draws 2 cards"
TAKE = "you choose a card in opponent's hand as taken \"take which card?\"\nput taken into your hand"


def test_a_card_of_another_hand_is_offered_blind_and_told_apart_by_its_place(tmp_path):
    state = play(tmp_path, setup=TWO, turn=TAKE)
    assert [o.label for o in state.decision.options] == ["a card", "a card"]
    assert state.shown_labels() == ["a card (1st in Ben's hand)", "a card (2nd in Ben's hand)"]
    taken = state.decision.options[1].value
    state.apply_label("a card (2nd in Ben's hand)")
    assert state.s.t.names[taken] == "Ace of Hearts" and state.s.zone_of[taken] == state.s.t.named["hand"][0]
    # Ann picked it unseen: she reads the choice as the onlookers do, Ben as its holder.
    assert state.log_for(0)[-3:-1] == ["Ann chooses 1 card (take which card?)",
                                       "Ace of Hearts moves from Ben's hand to Ann's hand"]
    assert state.log_for(1)[-3] == "Ann chooses Ace of Hearts (take which card?)"


def test_a_player_who_looks_at_the_cards_sees_them_named_until_one_moves(tmp_path):
    turn = "you look at all cards in opponent's hand\nopponent draws 1 card\n" + TAKE
    state = play(tmp_path, setup=TWO, turn=turn)
    assert [o.label for o in state.decision.options] == ["Four of Spades", "Ace of Hearts", "a card"]
    # All of a zone looked at is said so, to everyone.
    assert state.log_for(0)[-2:] == state.log_for(1)[-2:] == ["Ann looks at Ben's hand", "Ben draws a card"]


def test_a_card_revealed_is_named_to_every_player_and_a_shuffle_forgets_it(tmp_path):
    state = play(tmp_path, setup=TWO, turn="reveal all cards in opponent's hand\n" + TAKE)
    assert [o.label for o in state.decision.options] == ["Four of Spades", "Ace of Hearts"]
    state = play(tmp_path, setup=TWO, turn="you look at all cards in deck\nshuffle deck\n"
                                          "you choose a card in deck as taken")
    assert [o.label for o in state.decision.options] == ["a card", "a card"]
    state = play(tmp_path, setup=TWO, turn="you look at all cards in deck\nyou choose a card in deck as taken")
    assert [o.label for o in state.decision.options] == ["Two of Clubs", "Three of Hearts"]


def test_a_choice_of_several_names_only_what_its_player_sees(tmp_path):
    turn = "you look at first of cards in opponent's hand\nyou choose 2 cards in opponent's hand as taken"
    state = play(tmp_path, setup="for each p in players:\n  p draws 3 cards", turn=turn)
    # Two of the three: the first pick leaves one after it to make up the number.
    assert [o.label for o in state.decision.options] == ["Ace of Hearts", "a card"]
    assert state.prompt() == "Ann: you choose 2 cards in opponent's hand as taken (chosen 0 of 2)"
    # Ben, who holds it, sees which card she looks at.
    assert state.log_for(0)[-1] == state.log_for(1)[-1] == "Ann looks at Ace of Hearts in Ben's hand"


def test_a_game_without_a_log_names_the_same_options(tmp_path):
    """What was shown is part of the game, not of what the seats remember (kept only in
    a game with a log): the labels, which replays and scripts read, are the same."""
    from test_words_and_tables import make
    from cardtable.interpreter.diagnostics import Report
    from cardtable.interpreter.engine.game import Game
    from cardtable.interpreter.packs.loader import load_pack

    for turn, labels in (("you look at all cards in deck\nyou choose a card in deck as taken",
                          ["Two of Clubs", "Three of Hearts"]),
                         ("you look at all cards in deck\nshuffle deck\nyou choose a card in deck as taken",
                          ["a card", "a card"])):
        game = Game(load_pack(str(make(tmp_path, setup=TWO, turn=turn)), Report()))
        for log in (True, False):
            state = game.new_initial_state(seed=0, log=log)
            assert [o.label for o in state.decision.options] == labels
            assert (state.s.known is None) is not log


def test_the_holder_sees_which_card_is_looked_at_and_a_third_player_does_not(tmp_path):
    turn = ("let b be first of (players where it != you)\nyou look at first of cards in b's hand\n"
            "choose a card in b's hand as taken")
    state = play(tmp_path, setup=TWO, turn=turn, players=3)
    assert [state.log_for(seat)[-1] for seat in (0, 1, 2)] == [
        "Ann looks at Four of Spades in Ben's hand", "Ann looks at Four of Spades in Ben's hand",
        "Ann looks at a card in Ben's hand"]
    assert [o.label for o in state.decision.options] == ["Four of Spades", "a card"]


@pytest.mark.parametrize("turn, labels", [
    # Cards of a public zone and players: named, whatever the quantity.
    ("choose up to one card in played or player as x", ["none", "Ace of Spades", "Ann", "Ben"]),
    ("choose any number of cards in played or players as x", ["done", "Ace of Spades", "Ann", "Ben"]),
    ("choose a card in played or player as x", ["Ace of Spades", "Ann", "Ben"]),
    # Cards of another player's hand and players: those cards unseen.
    ("choose up to one card in opponent's hand or player as x", ["none", "a card", "a card", "Ann", "Ben"]),
])
def test_a_choice_of_cards_and_players_names_each_as_its_player_sees_it(tmp_path, turn, labels):
    state = play(tmp_path, setup=TWO + "\nput first of cards in your hand into played", turn=turn)
    assert [o.label for o in state.decision.options] == labels


# A value chosen among cards: Ben holds Four of Spades and Ace of Hearts.
AMONG = "you choose a {} among cards in opponent's hand as named \"name one\"\nset pot to count of (cards in opponent's hand where its {} = named)"


@pytest.mark.parametrize("prop, labels, answer", [
    # Every word of the property, in its order: not the suits Ben holds.
    ("suit", ["clubs", "diamonds", "hearts", "spades"], "clubs"),
    # Every number the pack's cards print, from low to high; every name, in the pack's order.
    ("points", ["1", "2", "3", "4"], "4"),
    ("name", ["Two of Clubs", "Three of Hearts", "Ace of Hearts", "Four of Spades", "Two of Diamonds",
              "Ace of Spades"], "Two of Clubs"),
])
def test_a_value_among_cards_its_player_does_not_see_offers_every_value_the_cards_may_hold(tmp_path, prop, labels,
                                                                                          answer):
    state = play(tmp_path, setup=TWO, turn=AMONG.format(prop, prop))
    assert state.decision.kind == "value"
    assert [o.label for o in state.decision.options] == labels
    state.apply_label(answer)
    assert state.s.table["pot"] == (answer != "clubs" and answer != "Two of Clubs")
    # The value named is said to everyone, as the player named it.
    assert state.log_for(0)[-3:-1] == state.log_for(1)[-3:-1] == [f"Ann chooses {answer} (name one)",
                                                                  f"pot is {int(answer == '4')}"]


def test_a_value_among_cards_looked_at_offers_the_values_they_hold(tmp_path):
    state = play(tmp_path, setup=TWO, turn="you look at all cards in opponent's hand\n" + AMONG.format("suit", "suit"))
    assert [o.label for o in state.decision.options] == ["hearts", "spades"]
    # One card of the two looked at: the other could hold any suit.
    state = play(tmp_path, setup=TWO, turn="you look at first of cards in opponent's hand\n" + AMONG.format("suit", "suit"))
    assert [o.label for o in state.decision.options] == ["clubs", "diamonds", "hearts", "spades"]


def test_one_value_among_hidden_cards_is_not_taken_without_asking(tmp_path):
    # Ben's one spade: the only suit held, which a choice taken for Ann would have told her.
    turn = "you choose a suit among (cards in opponent's hand where it is spades) as named"
    state = play(tmp_path, setup=TWO, turn=turn)
    assert [o.label for o in state.decision.options] == ["clubs", "diamonds", "hearts", "spades"]
    assert not [line for line in state.log_for(0) if "chooses" in line]


@pytest.mark.parametrize("turn", [
    # Ben holds no club: a choice taken for none would tell Ann so.
    "you choose a suit among (cards in opponent's hand where it is clubs) as named",
    # Ann saw the Four of Spades: the spades picked are in sight, Ben's other card is not.
    "you look at first of cards in opponent's hand\nyou choose a suit among (cards in opponent's hand where it is spades) as named",
])
def test_a_value_among_hidden_cards_that_a_where_leaves_out_is_chosen_blind(tmp_path, turn):
    state = play(tmp_path, setup=TWO, turn=turn)
    assert [o.label for o in state.decision.options] == ["clubs", "diamonds", "hearts", "spades"]


def test_a_value_among_a_hand_looked_at_in_full_is_offered_as_it_holds_though_another_hand_is_hidden(tmp_path):
    # Ann looked at all of Ben's hand; Cleo's is hidden from her. A choice that leaves no
    # card of Ben's hand out offers what it holds (it was blind, as if Cleo's hand were
    # read); one with a "where" is still blind.
    look = "you look at all cards in your left's hand\n"
    state = play(tmp_path, setup=TWO, turn=look + "you choose a suit among cards in your left's hand as named", players=3)
    assert [o.label for o in state.decision.options] == ["hearts", "spades"]
    state = play(tmp_path, setup=TWO, players=3,
                 turn=look + "you choose a suit among (cards in your left's hand where it is spades) as named")
    assert [o.label for o in state.decision.options] == ["clubs", "diamonds", "hearts", "spades"]


def test_a_value_among_the_cards_of_a_type_in_a_hidden_hand_is_chosen_blind(tmp_path):
    # "faces in opponent's hand" leaves cards out by what they are, as a where does: Ben's
    # hand holds no face (Ann holds the one, the Ace of Spades); a choice that asked nothing
    # would tell Ann so.
    face = {"  plain: {description: A card.}": "  plain: {description: A card.}\n  face: {description: A face.}"}
    state = play(tmp_path, setup=TWO, turn="you choose a rank among faces in opponent's hand as named",
                 cards={"{name: Ace of Spades, types: [plain]": "{name: Ace of Spades, types: [face]"}, **face)
    assert [o.label for o in state.decision.options] == ["two", "three", "four", "ace"]


def test_values_among_several_choices_and_the_players_own_hand(tmp_path):
    # Several values among the deck Ann does not see: every rank, one pick at a time.
    state = play(tmp_path, setup=TWO, turn="you choose 2 rank among cards in deck as named")
    assert [o.label for o in state.decision.options] == ["two", "three", "four"]
    # Her own hand (Ace of Spades, Two of Diamonds): the ranks she holds.
    state = play(tmp_path, setup=TWO, turn="you choose a rank among cards in your hand as named")
    assert [o.label for o in state.decision.options] == ["two", "ace"]
