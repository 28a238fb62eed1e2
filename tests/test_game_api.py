"""The game API that programs and computer players use: a game from a pack, options
and a seed; current_player, legal_actions, apply_action, clone, is_terminal, returns;
answers refused with their reason."""
from __future__ import annotations

import copy
import random

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.decisions import IllegalAction
from cardtable.interpreter.engine.game import TERMINAL, Game, NotInGame, OptionError
from cardtable.interpreter.packs.loader import load_pack


@pytest.fixture(scope="module")
def game():
    return Game(load_pack("magic54", Report()))


def play(state, moves: int, rnd: random.Random) -> list[int]:
    """Random answers until `moves` are made or the game ends; returns them."""
    made = []
    while len(made) < moves and not state.is_terminal():
        actions = state.legal_actions()
        made.append(actions[rnd.randrange(len(actions))])
        state.apply_action(made[-1])
    return made


def snapshot(state):
    """Everything a position shows: the board with every card, the log, the decision."""
    return (str(state), state.log, state.current_player(), state.legal_labels(), state.prompt(),
            state.observation(0), state.observation(1), state.returns())


def test_a_new_game_waits_for_the_first_decision(game):
    state = game.new_initial_state(seed=1)
    assert state.current_player() == 1
    assert not state.is_terminal()
    assert state.returns() == [0.0, 0.0]
    assert state.legal_actions() == [0, 1, 2, 3]
    assert state.legal_labels() == ["pass", "Mana: Seven of Clubs", "Mana: Five of Clubs", "Mana: Five of Spades"]
    assert [state.action_to_string(a) for a in state.legal_actions()] == state.legal_labels()
    assert state.prompt() == "Black: play a card, use a Special or pass (before the attack)"
    assert state.log == [
        "Magic 54 begins with Red, Black; Black starts", "Red's deck is shuffled",
        "Red is dealt 5 cards", "Black's deck is shuffled", "Black is dealt 5 cards", "turn 1 (Black)"]


def test_apply_action_carries_the_answer_on(game):
    state = game.new_initial_state(seed=1)
    state.apply_action(1)
    assert state.log[-2:] == ["Black uses Mana of Seven of Clubs", "Seven of Clubs moves from Black's hand to Black's play"]
    assert state.current_player() == 1
    assert state.legal_labels() == ["pass", "Cancel: Ace of Spades", "Damage: Two of Clubs"]
    seen = len(state.log)
    state.apply_label("pass", 1)
    # Red, with nothing to play, passes without being asked; Black has no creature to
    # attack with, and acts again after the attack.
    assert state.log[seen:] == ["Black passes", "Red passes"]
    assert state.current_player() == 1
    assert state.observation(1)["phase"] == "post_attack"


def test_the_starting_player_follows_the_seed_or_is_given(game):
    assert game.new_initial_state(seed=1).current_player() == 1
    assert game.new_initial_state(seed=0).log[0] == "Magic 54 begins with Red, Black; Red starts"
    given = game.new_initial_state(seed=1, first_player=0)
    assert given.log[0] == "Magic 54 begins with Red, Black; Red starts"
    assert given.current_player() == 0


def test_a_game_played_to_its_end(game):
    state = game.new_initial_state(seed=1)
    play(state, 10_000, random.Random(1))
    assert state.is_terminal()
    assert state.current_player() == TERMINAL
    assert state.legal_actions() == []
    assert state.legal_labels() == []
    assert state.prompt() == ""
    assert state.returns() == [1.0, -1.0]
    assert state.log[-2:] == ["Black loses the game", "Red wins the game"]
    assert state.observation(0)["result"] == [1.0, -1.0]
    assert "decision" not in state.observation(0)


def test_play_out_answers_every_decision_as_one_by_one(game):
    by_hand = game.new_initial_state(seed=1)
    made = play(by_hand, 10_000, random.Random(1))
    state = game.new_initial_state(seed=1)
    asked = []
    pick = random.Random(1).randrange
    assert state.play_out(lambda n: asked.append(n) or pick(n)) == len(made) == len(asked)
    assert state.log == by_hand.log and state.returns() == [1.0, -1.0]
    assert asked[0] == len(game.new_initial_state(seed=1).legal_actions())     # pick is given the number of options
    assert state.play_out(pick) == 0        # over: nothing left to answer


def test_playing_on_a_clone_leaves_the_original_unchanged(game):
    state = game.new_initial_state(seed=1)
    play(state, 60, random.Random(1))
    before = snapshot(state)
    copy = state.clone()
    assert snapshot(copy) == before
    moves = play(copy, 80, random.Random(2))
    assert len(moves) == 80
    assert snapshot(state) == before
    assert snapshot(copy) != before
    # The clone carries the random generator too: the same answers give the same game.
    for a in moves:
        state.apply_action(a)
    assert snapshot(state) == snapshot(copy)


def test_a_clone_in_a_pack_where_effects_change_control_plays_on_apart():
    """Where no effect changes control yet, the controllers the effects would start
    from are an empty mapping, which the clone's effects fill: the original's stays
    empty (a search's playouts once spoilt the game they were imagined from)."""
    mtg = Game(load_pack("mtg", Report()))
    state = mtg.new_initial_state(seed=10)
    play(state, 82, random.Random(10))
    assert state.s.ctl == {}
    copy = state.clone()
    moves = play(copy, 10_000, random.Random(1013))
    assert copy.is_terminal() and len(moves) == 106 and copy.s.ctl      # the clone's effects filled its own
    assert state.s.ctl == {}
    for a in moves:
        state.apply_action(a)
    assert state.is_terminal() and state.history == copy.history and state.returns() == copy.returns()


def test_a_clone_of_a_finished_game_is_finished(game):
    state = game.new_initial_state(seed=1)
    play(state, 10_000, random.Random(1))
    copy = state.clone()
    assert copy.is_terminal() and copy.returns() == [1.0, -1.0] and copy.log == state.log


@pytest.mark.parametrize("answer, reason", [
    (4, "4 is not one of the 4 options offered to Black"),
    (-1, "-1 is not one of the 4 options offered to Black"),
    ("1", "'1' is not one of the 4 options offered to Black"),
    (1.0, "1.0 is not one of the 4 options offered to Black"),
    (True, "True is not one of the 4 options offered to Black"),
    (None, "None is not one of the 4 options offered to Black"),
])
def test_an_answer_that_is_not_an_option_is_refused(game, answer, reason):
    state = game.new_initial_state(seed=1)
    before = snapshot(state)
    with pytest.raises(IllegalAction) as e:
        state.apply_action(answer)
    assert str(e.value) == reason
    assert snapshot(state) == before


class Index:
    """A whole number of another type, as array libraries give them to agents."""

    def __init__(self, n):
        self.n = n

    def __index__(self):
        return self.n

    def __repr__(self):
        return f"Index({self.n})"


def test_a_whole_number_of_another_type_is_taken(game):
    state = game.new_initial_state(seed=1)
    with pytest.raises(IllegalAction) as e:
        state.apply_action(Index(4))
    assert str(e.value) == "4 is not one of the 4 options offered to Black"
    state.apply_action(Index(1))
    assert state.log[-1] == "Seven of Clubs moves from Black's hand to Black's play"
    assert state.s.history[-1] == (1, 1, "Mana: Seven of Clubs")


def test_a_label_that_is_not_an_option_is_refused(game):
    state = game.new_initial_state(seed=1)
    before = snapshot(state)
    with pytest.raises(IllegalAction) as e:
        state.apply_label("Mana: Ace of Spades")
    assert str(e.value) == ('"Mana: Ace of Spades" is not an option; the options are: '
                            'pass; Mana: Seven of Clubs; Mana: Five of Clubs; Mana: Five of Spades')
    with pytest.raises(IllegalAction) as e:
        state.apply_label("pass", player=0)
    assert str(e.value) == "it is Black's decision, not Red's"
    assert snapshot(state) == before
    state.apply_label("Mana: Five of Spades", player=1)
    assert state.log[-1] == "Five of Spades moves from Black's hand to Black's play"


def test_no_answer_is_taken_after_the_game_ended(game):
    state = game.new_initial_state(seed=1)
    play(state, 10_000, random.Random(1))
    with pytest.raises(IllegalAction) as e:
        state.apply_action(0)
    assert str(e.value) == "the game is over: no decision is open"
    with pytest.raises(IllegalAction) as e:
        state.apply_label("pass")
    assert str(e.value) == "the game is over"


def test_a_game_is_replayed_from_its_seed_and_answers(game):
    state = game.new_initial_state(seed=7)
    moves = play(state, 10_000, random.Random(3))
    replay = game.new_initial_state(seed=7)
    for a in moves:
        replay.apply_action(a)
    assert replay.log == state.log
    assert replay.returns() == state.returns()
    assert [a for _, a, _ in replay.s.history] == moves


def test_a_game_is_refused_what_it_cannot_be_made_with(game):
    pack = game.pack
    for kwargs, reason in [
            ({"num_players": 0}, "Magic 54 is played by 2 players, not 0"),
            ({"num_players": "2"}, 'Magic 54 is played by 2 players, not "2"'),
            ({"options": [("turn_limit", 3)]}, "the options are a mapping of names to values, not a list"),
            ({"decks": {0: ["Ace of Spdes"]}},
             'the deck of seat 0 holds "Ace of Spdes", which is not a card of Magic 54; did you mean "Ace of Spades"?'),
            ({"decks": {0: "Ace of Spades"}}, 'the deck of seat 0 is a list of card names, not "Ace of Spades"'),
            ({"decks": {0: None}}, "the deck of seat 0 is a list of card names, not nothing"),
            ({"decks": {True: []}}, "a deck goes to a seat (0 to 1) or a shared zone, not True")]:
        with pytest.raises(OptionError) as e:
            Game(pack, **kwargs)
        assert str(e.value) == reason
    with pytest.raises(OptionError) as e:
        Game("magic54")
    assert str(e.value) == "a game is made of a pack that load_pack loaded, not 'magic54'"


def test_a_seed_is_a_whole_number_of_any_size(game):
    for seed, said in [(1.5, "1.5"), (1.0, "1.0"), ("3", '"3"'), (None, "nothing"), (True, "true")]:
        with pytest.raises(OptionError) as e:
            game.new_initial_state(seed=seed)
        assert str(e.value) == f"a seed is a whole number, not {said}"
    assert game.new_initial_state(seed=Index(5)).log == game.new_initial_state(seed=5).log
    # The generator is 64 bits: seeds that differ by a multiple of 2**64 start it alike.
    assert game.new_initial_state(seed=-1).log == game.new_initial_state(seed=2**64 - 1).log
    assert game.new_initial_state(seed=10**5000).current_player() in (0, 1)
    for first, said in [(2, "2"), (-1, "-1"), (True, "True"), ("1", "'1'")]:
        with pytest.raises(OptionError) as e:
            game.new_initial_state(seed=1, first_player=first)
        assert str(e.value) == f"first_player is a seat, 0 to 1 in a game of 2 players, not {said}"
    assert game.new_initial_state(seed=1, first_player=Index(0)).first_player == 0


def test_a_seat_or_a_card_the_game_does_not_have_is_refused(game):
    state = game.new_initial_state(seed=1)
    before = snapshot(state)
    for call in [lambda: state.observation(2), lambda: state.log_for(2), lambda: state.board(2),
                 lambda: state.evaluate(2), lambda: state.determinized(2, random.Random(1)),
                 lambda: state.apply_label("pass", player=2)]:
        with pytest.raises(NotInGame) as e:
            call()
        assert str(e.value) == "there is no seat 2: the seats are 0 to 1 in a game of 2 players"
    for seat, said in [(-1, "-1"), (True, "True"), ("0", "'0'")]:
        with pytest.raises(NotInGame) as e:
            state.observation(seat)
        assert str(e.value) == f"there is no seat {said}: the seats are 0 to 1 in a game of 2 players"
    for card, said in [(-1, "-1"), (54, "54"), (None, "None")]:
        for call in (state.card_name, state.card):
            with pytest.raises(NotInGame) as e:
                call(card)
            assert str(e.value) == f"there is no card {said}: the cards are 0 to 53"
    assert snapshot(state) == before
    assert state.observation(Index(0)) == state.observation(0) and state.log_for(None) == state.log
    assert state.card_name(Index(53)) == state.card(53).name


def test_an_option_number_is_read_as_apply_action_reads_it(game):
    state = game.new_initial_state(seed=1)
    for call in (state.action_to_string, state.option_card, state.option_played, state.apply_action):
        for action, said in [(-1, "-1"), (4, "4"), ("1", "'1'"), (True, "True"), (10**5000, "a number of 16,610 bits")]:
            with pytest.raises(IllegalAction) as e:
                call(action)
            assert str(e.value) == f"{said} is not one of the 4 options offered to Black"
    assert state.action_to_string(Index(1)) == "Mana: Seven of Clubs"
    for label, said in [(None, "None"), (1, "1")]:
        with pytest.raises(IllegalAction) as e:
            state.apply_label(label)
        assert str(e.value) == (f"{said} is not a label; the options are: "
                                "pass; Mana: Seven of Clubs; Mana: Five of Clubs; Mana: Five of Spades")
    play(state, 10_000, random.Random(1))
    with pytest.raises(IllegalAction) as e:
        state.action_to_string(0)
    assert str(e.value) == "the game is over: no decision is open"


def test_a_copy_of_a_state_is_a_clone(game):
    state = game.new_initial_state(seed=1)
    for made in (copy.copy(state), copy.deepcopy(state)):
        made.apply_action(1)
        assert state.history == () and made.history == ((1, 1, "Mana: Seven of Clubs"),)


def test_a_determinized_copy_is_played_as_a_game_of_the_same_pack(game):
    state = game.new_initial_state(seed=1)
    other = Game(load_pack("go_fish", Report()), num_players=3)
    with pytest.raises(OptionError) as e:
        state.determinized(0, random.Random(1), game=other)
    assert str(e.value) == ("a copy is played as a game of the same pack and players: "
                            "Go Fish with 3 players is not Magic 54 with 2")
    quiet = Game(game.pack, debug=False)
    assert state.determinized(0, random.Random(1), game=quiet).game is quiet


def test_a_copy_is_dealt_and_a_game_played_out_only_with_what_they_need(game):
    state = game.new_initial_state(seed=1)
    for rnd, said in [(None, "nothing"), (5, "5")]:
        with pytest.raises(OptionError) as e:
            state.determinized(0, rnd)
        assert str(e.value) == f"determinized deals the hidden cards with rnd, a random.Random, not {said}"
        with pytest.raises(OptionError) as e:
            state.clone().play_out(rnd)
        assert str(e.value) == ("play_out answers each decision with pick(number of options), a function "
                                f"(random.Random(seed).randrange, say), not {said}")
    assert state.history == () and state.determinized(0, random.Random(1)).history == ()

    def pick(n):
        raise TypeError("a pick of its own that fails")
    with pytest.raises(TypeError, match="^a pick of its own that fails$"):
        state.clone().play_out(pick)
