"""Log lines a designer can read: the cards one statement moves, told together; a
choice, told with the question it asked."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.engine.state import RuleError
from cardtable.interpreter.packs.loader import load_pack

# War's table: a deck nobody sees, each player's pile nobody sees, a hand, and a battle
# everyone sees. Without a shuffle the deck is, bottom first, Ant to Fox.
WAR = """\
id: war
name: War
version: 1.0.0
players: {min: 2, max: 3, first: 0, seats: [{name: Ann}, {name: Ben}, {name: Cleo}]}
options:
  turn_limit: {default: 1}
zones:
  deck: {per: shared, visibility: hidden, ordered: true, role: deck, deck: common}
  pile: {per: player, visibility: hidden, ordered: true}
  hand: {per: player, visibility: owner, role: hand}
  battle: {per: player, role: play}
  discard: {per: shared, ordered: true, role: discard}
card_types:
  plain: {}
cards: [cards.yaml]
decks:
  common: {cards: [Ant, Bee, Cat, Dog, Eel, Fox]}
replacements:
  - {name: Sticky, event: discard, if: name of it = "Eel"}
setup: |
  SETUP
turn: [{phase: main, script: TURN}]
end: {turn_limit: turn_limit}
"""


def state_of(tmp_path: Path, setup: str, turn: str = "do nothing", players: int = 2, checks: str = "", turns: int = 1,
             sections: str = ""):
    folder = tmp_path / "war"
    folder.mkdir(exist_ok=True)
    text = WAR.replace("SETUP", setup.replace("\n", "\n  ")).replace("TURN", turn) + sections    # a turn of one line
    if checks:
        text += "checks: |\n  " + checks.replace("\n", "\n  ") + "\n"
    (folder / "pack.yaml").write_text(text)
    (folder / "cards.yaml").write_text("cards:\n" + "".join(f"  - {{name: {n}, types: [plain]}}\n"
                                                            for n in ("Ant", "Bee", "Cat", "Dog", "Eel", "Fox")))
    game = Game(load_pack(str(folder), Report()), {"turn_limit": turns}, num_players=players)
    return game.new_initial_state(seed=0)


def lines(state, first: str, count: int, seat=None) -> list:
    """`count` lines of the log from the first that starts with `first`, as `seat` reads it."""
    log = state.log if seat is None else state.log_for(seat)
    at = next(i for i, line in enumerate(log) if line.startswith(first))
    return log[at:at + count]


# ------------------------------------------------------------------ cards moved together
DEAL = "for each p in players:\n  put each top 3 cards of deck into p's pile"


def test_a_deal_is_a_line_for_each_pile_and_names_only_the_cards_a_reader_sees(tmp_path):
    state = state_of(tmp_path, DEAL + "\nput each card in your pile into your battle")
    assert lines(state, "Fox", 3) == ["Fox, Eel and Dog move from deck to Ann's pile",
                                      "Cat, Bee and Ant move from deck to Ben's pile",
                                      "Fox, Eel and Dog move from Ann's pile to Ann's battle"]
    for seat in (0, 1):     # nobody sees the deck or the piles; everyone sees the battle
        assert lines(state, "3 cards", 3, seat) == ["3 cards move from deck to Ann's pile",
                                                    "3 cards move from deck to Ben's pile",
                                                    "Fox, Eel and Dog move from Ann's pile to Ann's battle"]
    assert state.view.zone("pile", 1) == tuple(state.view.cards_named(n)[0] for n in ("Cat", "Bee", "Ant"))


def test_a_card_known_to_more_players_is_a_line_of_its_own(tmp_path):
    # Cleo sees neither hand, but was shown Dog: she reads its name, and the others counted.
    setup = ('you draw 3 cards\nlet shown be all cards in your hand where name of it = "Dog"\n'
             "let cleo be left of left of you\nreveal shown to cleo\nput each card in your hand into your left's hand")
    state = state_of(tmp_path, setup, players=3)
    moved = ["Fox and Eel move from Ann's hand to Ben's hand", "Dog moves from Ann's hand to Ben's hand"]
    assert lines(state, "Fox", 2) == lines(state, "Fox", 2, 0) == lines(state, "Fox", 2, 1) == moved
    assert lines(state, "Ann shows", 3, 2) == ["Ann shows Dog to Cleo", "2 cards move from Ann's hand to Ben's hand",
                                               "Dog moves from Ann's hand to Ben's hand"]


def test_a_line_logged_between_two_moves_keeps_them_apart_in_order(tmp_path):
    # Sticky keeps Eel from being discarded: the cards before and after it are two lines.
    state = state_of(tmp_path, "you draw 4 cards\ndiscard each card in your hand")
    assert lines(state, "Fox", 3) == ["Fox moves from Ann's hand to discard", "Eel is not discarded (Sticky)",
                                      "Dog and Cat move from Ann's hand to discard"]


def test_a_rule_that_breaks_the_game_off_leaves_the_cards_it_moved_told(tmp_path):
    # On Ben's turn the checks, which run in one go, move his hand, then divide by 0.
    checks = "if turn = 2:\n  put each card in your hand into your pile\n  let n be 1 / count of cards in your hand"
    setup = "for each p in players:\n  p draws 3 cards"
    state = state_of(tmp_path, setup, "choose a card in your hand as kept", checks=checks, turns=3)
    with pytest.raises(RuleError, match="divides by 0"):
        state.apply_label("Eel")
    assert state.log[-2:] == ["turn 2 (Ben)", "Cat, Bee and Ant move from Ben's hand to Ben's pile"]
    assert state.log_for(0)[-1] == "3 cards move from Ben's hand to Ben's pile"


# ------------------------------------------------------------------ choices
def test_a_choice_is_logged_with_its_question_and_without_one_with_its_name(tmp_path):
    setup = ('you draw 3 cards\nchoose a card in your hand as kept "keep which card?"\n'
             "choose a card in your hand as spare\nchoose a number from 1 to 3 as bid \"bid how many?\"")
    state = state_of(tmp_path, setup)
    for label in ("Eel", "Dog", "2"):
        state.apply_label(label)
    assert lines(state, "Ann chooses", 3) == ["Ann chooses Eel (keep which card?)", "Ann chooses Dog as spare",
                                              "Ann chooses 2 (bid how many?)"]
    assert lines(state, "Ann chooses", 3, 1) == ["Ann chooses 1 card (keep which card?)", "Ann chooses 1 card as spare",
                                                 "Ann chooses 2 (bid how many?)"]


def test_none_picked_among_the_options_of_up_to_one_is_logged_as_a_choice(tmp_path):
    # Who passed is in the log as who played is: a pass of a climbing game, a defender who
    # takes the cards rather than beat them. With nothing to offer nobody is asked, and
    # nothing is told.
    setup = ('you draw 2 cards\nchoose up to one card in your hand as extra "add a card, or pass"\n'
             'choose up to one name among cards in your hand as asked\n'
             'choose up to one card in your hand where name of it = "Ant" as nothing "never asked"')
    state = state_of(tmp_path, setup)
    for label in ("none", "none"):
        state.apply_label(label)
    assert lines(state, "Ann chooses", 3) == ["Ann chooses none (add a card, or pass)", "Ann chooses none as asked",
                                              "turn 1 (Ann)"]
    assert lines(state, "Ann chooses", 2, 1) == ["Ann chooses none (add a card, or pass)", "Ann chooses none as asked"]


def test_the_none_of_up_to_one_may_be_named_after_or(tmp_path):
    # Durak's defender takes the cards, President's player passes: the pack names the
    # option that picks nothing, which is offered, answered and logged by that name.
    setup = ('you draw 3 cards\nput each card in your hand into your battle\nfor each c in cards in your battle:\n'
             '  choose up to one card in your battle where it != c as beater "beat {c}" or "take the cards"\n'
             'choose up to one name among cards in your battle as asked or "ask for nothing"\n'
             'choose up to one number from 1 to 2 as bid or "pass"')
    state = state_of(tmp_path, setup)
    assert state.legal_labels() == ["take the cards", "Eel", "Dog"]
    state.apply_label("take the cards")
    state.apply_label("Fox")
    state.apply_label("take the cards")
    assert state.legal_labels() == ["ask for nothing", "Fox", "Eel", "Dog"]
    state.apply_label("ask for nothing")
    assert state.legal_labels() == ["pass", "1", "2"]
    state.apply_label("pass")
    assert lines(state, "Ann chooses", 5) == ["Ann chooses take the cards (beat Fox)", "Ann chooses Fox (beat Eel)",
                                                 "Ann chooses take the cards (beat Dog)",
                                                 "Ann chooses ask for nothing as asked", "Ann chooses pass as bid"]


def test_the_name_of_the_none_may_have_parts_read_as_each_seat_may_read_them(tmp_path):
    # "keep {c}": the option is rendered for the chooser, who sees the card in their hand;
    # the log, which every seat reads, says "a card" where a seat cannot see it.
    setup = ('you draw 3 cards\nput first of cards in your hand into your battle\nfor each c in cards in your battle:\n'
             '  choose up to one card in your hand as beater "beat {c}" or "take {c}"\n'
             'choose up to one card in your battle as shown "show one" or "keep {first of cards in your hand}"\n'
             'choose up to one number from 1 to 2 as bid or "pass with {count of cards in your hand} cards"')
    state = state_of(tmp_path, setup)
    assert state.legal_labels() == ["take Fox", "Eel", "Dog"]
    state.apply_label("take Fox")
    assert state.legal_labels() == ["keep Eel", "Fox"]
    state.apply_label("keep Eel")
    assert state.legal_labels() == ["pass with 2 cards", "1", "2"]
    state.apply_label("pass with 2 cards")
    assert lines(state, "Ann chooses", 3) == ["Ann chooses take Fox (beat Fox)", "Ann chooses keep a card (show one)",
                                              "Ann chooses pass with 2 cards as bid"]


def test_a_scenario_answers_a_named_none_by_its_name(tmp_path):
    from test_scenarios import outcomes
    state_of(tmp_path, "do nothing", 'choose up to one card in your battle as beater "beat one" or "take the cards"')
    pack = load_pack(str(tmp_path / "war"), Report())
    text = """
        scenarios:
          - name: takes
            setup:
              turn: 1
              active: Ann
              phase: main
              players: [{zones: {battle: [Ant, Bee]}}, {}]
            script:
              - expect: {decision: {player: Ann, options: [take the cards, Ant, Bee]}}
              - "Ann: take the cards"
            expect: {log: ["Ann chooses take the cards (beat one)"]}
    """
    assert outcomes(pack, tmp_path, text) == ["ok"]


def test_a_choice_in_a_loop_names_the_item_once_when_its_question_names_it(tmp_path):
    setup = ('you draw 3 cards\nfor each c in cards in your hand:\n'
             '  choose a card in your hand where it != c as beater "beat {c}"\n'
             '  choose a card in your hand as spare "spare one"')
    state = state_of(tmp_path, setup)
    assert state.prompt() == "Ann: beat Fox"
    state.apply_label("Eel")
    assert state.prompt() == "Ann: spare one (c Fox)"
    state.apply_label("Eel")
    assert lines(state, "Ann chooses", 2) == ["Ann chooses Eel (beat Fox)", "Ann chooses Eel (spare one) (c Fox)"]


def test_the_values_a_logged_question_names_are_those_its_readers_may_see(tmp_path):
    setup = 'you draw 2 cards\nlet mine be all cards in your hand\nchoose a card in your hand as kept "keep one of {mine}, {you}?"'
    state = state_of(tmp_path, setup)
    assert state.prompt() == "Ann: keep one of Fox, Eel, Ann?"
    state.apply_label("Eel")
    assert "Ann chooses Eel (keep one of Fox, Eel, Ann?)" in state.log_for(0)
    assert "Ann chooses 1 card (keep one of a card, a card, Ann?)" in state.log_for(1)


# ------------------------------------------------------------------ values set
def test_a_set_statement_is_told_even_where_the_value_stays_and_a_change_only_where_it_changes(tmp_path):
    # A bid of 0 after the turn's reset to 0 is a bid the log tells; an increase by 0 and
    # the reset itself are no change.
    sections = "player_counters:\n  bid: {start: 0, reset: turn, log: true}\ntable:\n  called: {start: 0, log: true}\n"
    setup = "set bid of you to 3\nset called to 2\nset called to 2\nincrease called by 0\nincrease bid of you by 0"
    state = state_of(tmp_path, setup, "set bid of you to 0", sections=sections)
    assert state.log == ["War begins with Ann, Ben; Ann starts", "Ann's bid is 3", "called is 2", "called is 2",
                         "turn 1 (Ann)", "Ann's bid is 0", "the turn limit (1) is reached", "the game is a draw"]


def test_a_choice_in_a_loop_over_sets_of_cards_names_the_set_as_each_reader_sees_it(tmp_path):
    # Another player than the one whose cards the loop goes through chooses: the set is
    # named card by card, "a card" where a reader cannot see it (it stopped the game with
    # a Python error: a set is a tuple, read as an effect on the pile).
    setup = ("for each p in players:\n  p draws 2 cards\nfor each m in sets of 2 cards in your hand:\n"
             "  opponent chooses a card in opponent's hand as given")
    state = state_of(tmp_path, setup)
    assert state.prompt() == "Ben: opponent chooses a card in opponent's hand as given (m a card and a card)"
    state.apply_label("Cat")
    assert lines(state, "Ben chooses", 1) == ["Ben chooses Cat as given (m Fox and Eel)"]     # the onlooker's
    assert lines(state, "Ben chooses", 1, 1) == ["Ben chooses Cat as given (m a card and a card)"]
    assert lines(state, "Ben chooses", 1, 0) == ["Ben chooses 1 card as given (m Fox and Eel)"]


def test_a_choice_of_cards_all_see_names_the_loops_card_to_those_who_see_it(tmp_path):
    # Ann chooses in the battle, which all see, once for each card of Ben's hand: Ben reads
    # which of his cards the loop is at, as the onlooker does; Ann and Cleo read "a card".
    # (One line served all three, and said "a card" to Ben of his own card.)
    setup = ("for each p in players:\n  p draws 1 card\nput each top 2 cards of deck into your battle\n"
             "for each c in cards in next player's hand:\n  choose a card in your battle as kept")
    state = state_of(tmp_path, setup, players=3)
    assert state.prompt() == "Ann: choose a card in your battle as kept (c a card)"
    state.apply_label("Bee")
    assert lines(state, "Ann chooses", 1) == lines(state, "Ann chooses", 1, 1) == ["Ann chooses Bee as kept (c Eel)"]
    assert lines(state, "Ann chooses", 1, 0) == lines(state, "Ann chooses", 1, 2) == ["Ann chooses Bee as kept (c a card)"]


def test_a_choice_in_a_loop_over_teams_names_the_team(tmp_path):
    from packcopy import edited_copy
    deal = "      for each p in players:\n        p draws 2 cards\n"
    folder = edited_copy(Path(__file__).parent / "data" / "teampack", tmp_path, **{deal: deal + (
        "      for each t in teams:\n        opponent chooses a card in opponent's hand as kept\n")})
    state = Game(load_pack(str(folder), Report()), {"shuffled": 0}).new_initial_state(seed=0)
    assert state.prompt() == "East: opponent chooses a card in opponent's hand as kept (t north_south)"
    state.apply_label("Five")
    state.apply_label("Six")
    assert lines(state, "East chooses", 2) == ["East chooses Five as kept (t north_south)",
                                               "East chooses Six as kept (t east_west)"]
