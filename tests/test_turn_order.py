"""Turn order as data (reversed, skipped, extra turns, the next player) and windows that
say who acts, whether one may pass, and how many abilities end them
(tests/data/suits, whose setup and turn are replaced)."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack
from test_words_and_tables import make, problems


def turns(state) -> list[str]:
    return [line for line in state.log if line.startswith("turn ") or "is skipped" in line]


def game(tmp_path, players=3, turns_=6, **kw):
    pack = load_pack(str(make(tmp_path, **kw)), Report())
    return Game(pack, num_players=players, options={"turn_limit": turns_})


@pytest.mark.parametrize("players, turn, expected", [
    (3, "if turn = 1: reverse the turn order",
     ["turn 1 (Ann)", "turn 2 (Cleo)", "turn 3 (Ben)", "turn 4 (Ann)", "turn 5 (Cleo)"]),
    (2, "if turn = 1: reverse the turn order", ["turn 1 (Ann)", "turn 2 (Ben)", "turn 3 (Ann)", "turn 4 (Ben)", "turn 5 (Ann)"]),
    (3, "if turn = 1: skip the next turn of next player",
     ["turn 1 (Ann)", "Ben's turn is skipped", "turn 2 (Cleo)", "turn 3 (Ann)", "turn 4 (Ben)", "turn 5 (Cleo)"]),
    (3, "if turn = 1:\n  reverse the turn order\n  skip the next turn of next player",
     ["turn 1 (Ann)", "Cleo's turn is skipped", "turn 2 (Ben)", "turn 3 (Ann)", "turn 4 (Cleo)", "turn 5 (Ben)"]),
    (3, "if turn = 2: you take an extra turn",
     ["turn 1 (Ann)", "turn 2 (Ben)", "turn 3 (Ben)", "turn 4 (Cleo)", "turn 5 (Ann)"]),
    (3, "if turn = 1:\n  you take an extra turn\n  next player takes an extra turn",
     ["turn 1 (Ann)", "turn 2 (Ben)", "turn 3 (Ann)", "turn 4 (Ben)", "turn 5 (Cleo)"]),
    (3, "if turn = 1:\n  skip the next turn of next player\n  skip the next turn of next player",
     ["turn 1 (Ann)", "Ben's turn is skipped", "turn 2 (Cleo)", "turn 3 (Ann)", "Ben's turn is skipped",
      "turn 4 (Cleo)", "turn 5 (Ann)"]),
])
def test_the_next_turn_follows_the_order_the_rules_make(tmp_path, players, turn, expected):
    state = game(tmp_path, players, turn=turn).new_initial_state(seed=0)
    assert turns(state)[:len(expected)] == expected


def test_changes_of_the_order_are_logged_and_observed(tmp_path):
    state = game(tmp_path, turn="if turn = 1:\n  reverse the turn order\n  skip the next turn of your left",
                 turns_=1).new_initial_state(seed=0)
    assert "the turn order is reversed" in state.log and "Ben's next turn will be skipped" in state.log
    assert state.observation(0)["direction"] == "reversed"
    assert state.as_setup()["direction"] == "reversed" and state.as_setup()["skips"] == {"Ben": 1}


def test_a_setup_gives_the_direction_and_the_skips(tmp_path):
    g = game(tmp_path, turns_=3)
    state = g.position({"direction": "reversed", "skips": {"Cleo": 1}, "phase": "main"})
    assert turns(state) == ["Cleo's turn is skipped", "turn 2 (Ben)", "turn 3 (Ann)"]


def test_a_game_without_changes_keeps_no_order(tmp_path):
    state = game(tmp_path, turns_=2).new_initial_state(seed=0)
    assert state.s.order is None and "direction" not in state.observation(0)


def test_a_clone_has_its_own_order(tmp_path):
    state = game(tmp_path, turns_=2, turn="if turn = 1: reverse the turn order").new_initial_state(seed=0)
    copy = state.clone()
    from cardtable.interpreter.engine import turnorder
    turnorder.reverse(copy.s)
    assert state.s.order[0] == -1 and copy.s.order[0] == 1


# ---------------------------------------------------------------- windows
PLAY = """plain:
    description: A card.
    abilities:
      - name: Play
        from: hand
        when: window is play and (its suit = led or led = none)
        pile: false
        effect: |
          put this into discard
          set led to its suit"""
WINDOWS = """windows:
  play: {description: Play one card., who: WHO, pass: PASS, actions: 1}
table:"""


def window_game(tmp_path, who="active", can_pass="false", led="none", more=""):
    edits = {"plain: {description: A card.}": PLAY, "table:": WINDOWS.replace("WHO", who).replace("PASS", can_pass)}
    pack = load_pack(str(make(tmp_path, setup=f"for each p in players:\n  p draws 3 cards\nset led to {led}{more}",
                              turn="window play", **edits)), Report())
    return Game(pack, num_players=2, options={"turn_limit": 2}).new_initial_state(seed=0)


def test_a_window_without_pass_offers_only_what_can_be_done(tmp_path):
    state = window_game(tmp_path)
    assert state.decision.prompt == "Ann: choose what to do (play)"       # pass is not offered
    assert state.legal_labels() == ["Play: Ace of Spades", "Play: Two of Diamonds", "Play: Four of Spades"]
    state.apply_label("Play: Two of Diamonds")
    # One action ends the window: Ben's turn comes; his cards hold no diamond.
    assert "Ben has nothing to do (play)" in state.log
    assert state.is_terminal()


def test_a_window_whose_actions_are_used_lets_the_pile_resolve(tmp_path):
    # The Play waits on a pile: it is not offered again, and the player may let it resolve.
    pile = "pile:\n  zone: discard\n  resolve: all\nwindows:"
    edits = {"plain: {description: A card.}": PLAY.replace("pile: false", "pile: true"),
             "table:": WINDOWS.replace("WHO", "active").replace("PASS", "false").replace("windows:", pile)}
    pack = load_pack(str(make(tmp_path, setup="for each p in players:\n  p draws 3 cards\nset led to none",
                              turn="window play", **edits)), Report())
    state = Game(pack, num_players=2, options={"turn_limit": 2}).new_initial_state(seed=0)
    state.apply_label("Play: Two of Diamonds")
    assert state.log[4:10] == ["Ann uses Play of Two of Diamonds", "Play of Two of Diamonds goes on the pile",
                               "Ann passes", "Play of Two of Diamonds resolves",
                               "Two of Diamonds moves from discard to discard", "turn 2 (Ben)"]


def test_abilities_used_without_asking_count_toward_the_limit_of_decisions(tmp_path):
    # A window whose one ability never ends it (no limit of actions): the turn's limit stops it.
    edits = {"plain: {description: A card.}": PLAY.replace("put this into discard", "do nothing"),
             "table:": "windows:\n  play: {who: active, pass: false}\ntable:",
             "end: {turn_limit: turn_limit}": "end: {turn_limit: turn_limit, max_decisions: 20}"}
    pack = load_pack(str(make(tmp_path, setup="draw a card\nset led to none", turn="window play", **edits)), Report())
    state = Game(pack, num_players=2).new_initial_state(seed=0)
    assert state.log[-2:] == ["the limit of 20 decisions in a turn is reached (end: max_decisions)", "the game is a draw"]
    assert state.log.count("Ann uses Play of Ace of Spades") == 20


def test_a_window_with_one_thing_to_do_does_it(tmp_path):
    state = window_game(tmp_path, led="diamonds")
    assert "Ann uses Play of Two of Diamonds" in state.log


def test_who_active_lets_only_the_active_player_act(tmp_path):
    state = window_game(tmp_path, can_pass="true")
    assert state.legal_labels()[0] == "pass"
    state.apply_label("pass")
    assert state.decision.prompt == "Ben: act or pass (play)"      # Ben's turn: Ann's window has ended


def test_who_all_goes_round_the_table(tmp_path):
    state = window_game(tmp_path, who="all", can_pass="true")
    state.apply_label("pass")
    assert state.decision.prompt == "Ben: act or pass (play)"
    assert "turn 2 (Ben)" not in state.log


def test_a_window_mapping_is_checked(tmp_path):
    folder = make(tmp_path, **{"table:": "windows:\n  play: {who: nobody}\ntable:"})
    assert problems(folder) == ['pack.yaml:29:15: "who" must be one of: all, active']


def test_the_board_says_the_order_is_reversed(tmp_path):
    state = window_game(tmp_path, more="\nreverse the turn order")
    assert state.board(0).splitlines()[0] == "Turn 1 - Ann's turn - phase main, step first - play order reversed"


@pytest.mark.parametrize("pack, plain", [
    ("magic54", True),                                      # nothing told as a step begins
    ("mtg", False),                                         # triggers at the beginning of a step
    ("tests/data/manapack", False),                         # mana emptied as each step begins
])
def test_a_step_begins_without_telling_anything_only_where_nothing_listens(pack, plain):
    folder = Path(__file__).resolve().parent.parent / ("variants/mtg" if pack == "mtg" else pack)
    game = Game(load_pack(pack if pack == "magic54" else str(folder), Report()))
    state = game.new_initial_state(seed=0)
    assert state.s.t.plain_steps is plain
