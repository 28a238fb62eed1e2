"""Mechanisms for games around a table: a deck the table shares, seats and neighbours,
checks that run after every change, cards discarded face down, choices in the log."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game, OptionError
from cardtable.interpreter.packs.loader import PackError, load_pack

PACK = """\
id: table
name: Table
version: 1.0.0
players: {min: 2, max: 8, first: 0}
options:
  goal: {default: 3}
  turn_limit: {default: 4}
zones:
  deck: {per: shared, visibility: hidden, ordered: true, role: deck, deck: common, refill: {from: discard}}
  hand: {per: player, visibility: owner, role: hand}
  play: {per: player, role: play}
  discard: {per: shared, ordered: true, role: discard}
card_types:
  token: {description: A token.}
cards: [cards.yaml]
decks:
  common: {cards: ["Ant", "Bee", "Cat", "Dog", "Eel", "Fox"]}
setup: |
  SETUP
turn:
  - phase: main
    script: |
      TURN
checks_at: CHECKS_AT
checks: |
  for each p in players:
    if count of cards in p's play >= goal: p wins the game
end: {turn_limit: turn_limit}
"""

CARDS = """\
cards:
  - {name: Ant, types: [token]}
  - {name: Bee, types: [token]}
  - {name: Cat, types: [token]}
  - {name: Dog, types: [token]}
  - {name: Eel, types: [token]}
  - {name: Fox, types: [token]}
"""


def make(tmp_path: Path, setup="do nothing", turn="do nothing", checks_at="every_change", **edits) -> Path:
    text = PACK.replace("SETUP", setup.replace("\n", "\n  ")).replace("TURN", turn.replace("\n", "\n      "))
    text = text.replace("CHECKS_AT", checks_at)
    for old, new in edits.items():
        assert old in text
        text = text.replace(old, new)
    folder = tmp_path / "table"
    folder.mkdir(exist_ok=True)
    (folder / "pack.yaml").write_text(text)
    (folder / "cards.yaml").write_text(CARDS)
    return folder


def load(folder: Path):
    return load_pack(str(folder), Report())


def problems(folder: Path) -> list[str]:
    report = Report()
    with pytest.raises(PackError):
        load_pack(str(folder), report)
    return [f"{p.line}:{p.col}: {p.message}" for p in report.errors]


def names(state, zone: str) -> list[str]:
    return [c["name"] for c in state.observation(None)["shared"][zone]]


# ------------------------------------------------------------- a shared deck
def test_a_shared_zone_starts_with_the_deck_it_declares(tmp_path):
    game = Game(load(make(tmp_path)), num_players=3)
    s = game.blank_state(seed=0)
    deck = s.t.zone("deck", None)
    assert [s.t.names[c] for c in s.zones[deck]] == ["Ant", "Bee", "Cat", "Dog", "Eel", "Fox"]
    assert set(s.t.owner) == {0}          # a shared deck's cards belong to the first seat
    assert game.deck_places() == ["deck"]


def test_a_deck_given_to_the_game_replaces_the_shared_one(tmp_path):
    game = Game(load(make(tmp_path)), num_players=2, decks={"deck": ["Fox", "Fox"]})
    state = game.new_initial_state(seed=0)
    assert names(state, "deck") == ["Fox", "Fox"]


def test_a_deck_goes_to_a_seat_or_a_shared_zone(tmp_path):
    pack = load(make(tmp_path))
    with pytest.raises(OptionError, match="a deck goes to a seat \\(0 to 1\\) or a shared zone, not 'hand'"):
        Game(pack, num_players=2, decks={"hand": ["Fox"]})
    with pytest.raises(OptionError, match="not 5"):
        Game(pack, num_players=2, decks={5: ["Fox"]})


def test_a_zone_deck_must_be_a_known_deck_of_a_shared_zone(tmp_path):
    folder = make(tmp_path, **{"deck: common": "deck: comon"})
    assert problems(folder) == ['9:76: unknown deck "comon"; did you mean "common"?']
    folder = make(tmp_path, **{"hand: {per: player, visibility: owner, role: hand}":
                               "hand: {per: player, visibility: owner, role: hand, deck: common}"})
    assert problems(folder) == ['10:60: zone "hand" belongs to each player: give each seat its deck under players.seats instead']


# ----------------------------------------------------------- seats, neighbours
NEIGHBOURS = 'choose a player adjacent to you as defender'


@pytest.mark.parametrize("players, setup, active, expected", [
    (2, "do nothing", 0, ["Player 2"]),
    (3, "do nothing", 0, ["Player 2", "Player 3"]),
    (8, "do nothing", 0, ["Player 2", "Player 8"]),
    (8, "do nothing", 4, ["Player 4", "Player 6"]),
    (8, "your left loses the game\nyour right loses the game", 0, ["Player 3", "Player 7"]),
    (3, "your left loses the game", 0, ["Player 3"]),
])
def test_neighbours_are_left_and_right_skipping_players_who_are_out(tmp_path, players, setup, active, expected):
    folder = make(tmp_path, setup=setup, turn="choose up to one player adjacent to you as defender")
    state = Game(load(folder), num_players=players).new_initial_state(seed=0, first_player=active)
    assert state.legal_labels() == ["none", *expected]


@pytest.mark.parametrize("expr, expected", [
    ("left of you", "Player 2"), ("your right", "Player 4"), ("left of (right of you)", "Player 1"),
])
def test_left_is_the_next_seat_and_right_the_one_before(tmp_path, expr, expected):
    turn = f"choose up to one player where it = {expr} as neighbour"
    state = Game(load(make(tmp_path, turn=turn)), num_players=4).new_initial_state(seed=0)
    assert state.legal_labels() == ["none", expected]


@pytest.mark.parametrize("setup, first, expected", [
    ("do nothing", "you", "1 2 3 4 5"),
    ("do nothing", "your left", "2 3 4 5 1"),
    ("do nothing", "your right", "5 1 2 3 4"),
    ("reverse the turn order", "your left", "2 1 5 4 3"),
    ("let x be left of (your left)\nx loses the game", "your left", "2 4 5 1"),
    ("your left loses the game", "your left", "3 4 5 1"),       # out: the next after it comes first
    ("do nothing", "your left where it != left of (your left)", "2 4 5 1"),
    ("let dealer be your right", "dealer's left", "1 2 3 4 5"),
])
def test_players_in_turn_order_begin_with_the_one_named(tmp_path, setup, first, expected):
    turn = f'for each p in players in turn order from {first}:\n  announce "{{p}}"\nchoose a player as x'
    if setup.startswith("let"):
        turn, setup = setup + "\n" + turn, "do nothing"
    state = Game(load(make(tmp_path, setup=setup, turn=turn)), num_players=5).new_initial_state(seed=0)
    said = [line.removeprefix("Player ") for line in state.log if line.startswith("Player ") and " " not in line[7:]]
    assert " ".join(said) == expected


@pytest.mark.parametrize("turn, error", [
    ("for each p in players in turn order from left of you:\n  announce \"{p}\"",
     '23:48: write "your left" for the player who comes first: "left of you" reads "of you" as a team'),
    ("for each c in tokens in turn order from you:\n  announce \"{c}\"",
     '23:28: only players take turns: "tokens in turn order from ..." needs players'),
])
def test_what_turn_order_refuses(tmp_path, turn, error):
    assert problems(make(tmp_path, turn=turn)) == [error]


def test_only_players_are_adjacent(tmp_path):
    folder = make(tmp_path, turn="choose a token adjacent to you as x")
    assert problems(folder) == ['23:22: only players sit next to each other: "token adjacent to ..." needs players']


# ------------------------------------------------------------- eager checks
GOAL_THEN_ASK = 'put each card in your hand into play\nyou may "go on": do nothing'


@pytest.mark.parametrize("checks_at, decided", [("every_change", True), ("priority", False)])
def test_checks_at_every_change_decide_before_the_next_decision(tmp_path, checks_at, decided):
    folder = make(tmp_path, setup="you draws 3 cards", turn=GOAL_THEN_ASK, checks_at=checks_at)
    state = Game(load(folder), num_players=2).new_initial_state(seed=0)
    if decided:
        assert state.is_terminal() and state.log[-1] == "Player 1 wins the game"
        assert state.s.history == []      # nothing was asked
    else:
        # At priority only: the question is asked first; the win comes at the next checkpoint.
        assert state.prompt() == "Player 1: go on?"
        state.apply_label("no")
        assert state.is_terminal() and state.log[-1] == "Player 1 wins the game"


def test_checks_that_change_the_game_run_again_until_nothing_changes(tmp_path):
    # The checks discard a card of a player with two or more: each run sees the last one's result.
    folder = make(tmp_path, setup="for each p in players: p draws 3 cards\nput each card in your hand into play",
                  **{"if count of cards in p's play >= goal: p wins the game":
                     "if count of cards in p's play >= 2: discard a random card in p's play"})
    state = Game(load(folder), num_players=2).new_initial_state(seed=0)
    assert [len(p["zones"]["play"]) for p in state.observation(None)["players"]] == [1, 0]


# --------------------------------------------------------- face-down discards
def test_cards_discarded_face_down_are_named_only_to_who_saw_them(tmp_path):
    folder = make(tmp_path, setup="you draw 2 cards\nchoose 2 cards in your hand as discards\ndiscard discards face down")
    state = Game(load(folder), num_players=2).new_initial_state(seed=1)
    mine, theirs = state.log_for(0), state.log_for(1)
    start = mine.index("Player 1 chooses Fox, Eel as discards")
    assert mine[start:start + 2] == ["Player 1 chooses Fox, Eel as discards",
                                     "Fox and Eel move from Player 1's hand to discard face down"]
    assert theirs[start:start + 2] == ["Player 1 chooses 2 cards as discards",
                                       "2 cards move from Player 1's hand to discard face down"]
    # Player 1, who discarded them, knows them face down; Player 2 does not.
    assert [c["name"] for c in state.observation(0)["shared"]["discard"]] == ["Fox", "Eel"]
    assert [c["name"] for c in state.observation(1)["shared"]["discard"]] == ["face-down card"] * 2


def test_a_face_down_card_is_seen_again_once_drawn(tmp_path):
    # The discard pile refills the empty deck; the card drawn from it is face up in the hand.
    folder = make(tmp_path, setup="you draw 6 cards\ndiscard each card in your hand face down\nyou draw 1 card")
    state = Game(load(folder), num_players=2).new_initial_state(seed=1)
    hand = state.observation(0)["players"][0]["zones"]["hand"]
    assert len(hand) == 1 and hand[0]["name"] != "face-down card"
    assert "discard becomes deck (6 cards, shuffled)" in state.log


# ------------------------------------------------------------------ choices
def test_choosing_exactly_n_offers_only_what_leaves_enough_to_finish(tmp_path):
    folder = make(tmp_path, setup="you draw 4 cards\nchoose 3 cards in your hand as kept")
    state = Game(load(folder), num_players=2).new_initial_state(seed=0)
    hand = [c["name"] for c in state.observation(0)["players"][0]["zones"]["hand"]]
    assert state.legal_labels() == hand[:2]
    state.apply_label(hand[1])
    assert state.legal_labels() == hand[2:3]   # only the one after it leaves a third to pick
    state.apply_label(hand[2])
    state.apply_label(hand[3])
    assert f"Player 1 chooses {hand[1]}, {hand[2]}, {hand[3]} as kept" in state.log_for(0)
    assert "Player 1 chooses 3 cards as kept" in state.log_for(1)


def test_a_choice_made_for_each_item_of_a_loop_names_the_item(tmp_path):
    setup = "you draw 2 cards\nput each card in your hand into play\nfor each x in cards in your play:\n  choose up to one player as who"
    state = Game(load(make(tmp_path, setup=setup)), num_players=2).new_initial_state(seed=0)
    first, second = (c["name"] for c in state.observation(None)["players"][0]["zones"]["play"])
    assert state.prompt() == f"Player 1: choose up to one player as who (x {first})"
    state.apply_label("Player 2")
    assert state.prompt() == f"Player 1: choose up to one player as who (x {second})"
    state.apply_label("none")
    assert f"Player 1 chooses Player 2 as who (x {first})" in state.log
    # The none picked among the options is a choice told as the others are.
    assert f"Player 1 chooses none as who (x {second})" in state.log


def test_a_zone_of_a_player_given_by_a_name_is_read_with_a_controller_in_the_same_selector(tmp_path):
    # "o's hand controlled by you" scans o's hand, not the hand of whoever controls.
    setup = "for each p in players:\n  for each x in top 2 cards of deck: put x into p's hand"
    turn = ("let o be left of you\nif count of cards in o's hand controlled by you > 0: you win the game\n"
            "if count of cards in o's hand > 0: o wins the game")
    state = Game(load(make(tmp_path, setup=setup, turn=turn, checks_at="priority")), num_players=2).new_initial_state(seed=0)
    while not state.is_terminal():
        state.apply_action(0)
    assert state.log[-1] == "Player 2 wins the game"
