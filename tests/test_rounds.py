"""Rounds inside rounds: hands of tricks, tricks of one turn each, leaders taken from a
result, numbers, limits counted in hands (tests/data/suits with rounds added)."""
from __future__ import annotations

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack
from test_words_and_tables import make, problems

ROUNDS = """rounds:
  - round: hand
    until: trick number = 2
    begin: |
      shuffle deck
      for each p in players:
        p draws 2 cards
    end: |
      put each card in discard into deck
  - round: trick
    end: |
      let best be highest rank of cards in played
      let taker be controller of first of (cards in played where its rank = best)
      increase score of taker by 1
      put each card in played into discard
      taker leads the next trick
turn:"""
PLAY = 'choose a card in your hand as card_played "play a card"\n          put card_played into your played'


def rounds_game(tmp_path, players=2, hands=2, rounds=ROUNDS, cards=None, **edits):
    edits = {"turn:": rounds, "end: {turn_limit: turn_limit}": "end: {turn_limit: turn_limit, limit_of: hand}", **edits}
    folder = make(tmp_path, setup="do nothing", turn=PLAY.replace("\n          ", "\n"), cards=cards, **edits)
    pack = load_pack(str(folder), Report())
    return Game(pack, num_players=players, options={"turn_limit": hands})


def lines(state, *words) -> list[str]:
    return [line for line in state.log if any(line.startswith(w) for w in words)]


def test_a_hand_is_tricks_and_a_trick_one_turn_each(tmp_path):
    state = rounds_game(tmp_path).new_initial_state(seed=1)
    assert lines(state, "hand", "trick", "turn") == ["hand 1 begins", "trick 1 begins, Ann leads", "turn 1 (Ann)"]
    assert state.observation(0)["rounds"] == {"hand": 1, "trick": 1, "leader": "Ann"}
    assert state.board(0).splitlines()[0] == "Hand 1, trick 1 - Ann's turn - phase main, step first"
    while not state.is_terminal():
        state.apply_action(0)
    assert lines(state, "hand", "trick", "turn", "Ann's score", "Ben's score", "the ") == [
        "hand 1 begins", "trick 1 begins, Ann leads", "turn 1 (Ann)", "turn 2 (Ben)", "trick 1 ends",
        "Ann's score is 1 (+1)", "trick 2 begins, Ann leads", "turn 3 (Ann)", "turn 4 (Ben)", "trick 2 ends",
        "Ann's score is 2 (+1)", "hand 1 ends",
        "hand 2 begins", "trick 1 begins, Ben leads", "turn 5 (Ben)", "turn 6 (Ann)", "trick 1 ends",
        "Ann's score is 3 (+1)", "trick 2 begins, Ann leads", "turn 7 (Ann)", "turn 8 (Ben)", "trick 2 ends",
        "Ben's score is 1 (+1)", "hand 2 ends", "the hand limit (2) is reached", "the game is a draw"]
    assert state.s.turn == 8 and state.returns() == [0.0, 0.0]


def test_the_taker_leads_the_next_trick(tmp_path):
    state = rounds_game(tmp_path, hands=1).new_initial_state(seed=3)
    while not state.is_terminal():
        state.apply_action(0)
    assert lines(state, "trick", "Ann's score", "Ben's score") == [
        "trick 1 begins, Ann leads", "trick 1 ends", "Ben's score is 1 (+1)", "trick 2 begins, Ben leads", "trick 2 ends",
        "Ann's score is 1 (+1)"]


def test_the_first_unit_is_led_by_its_parents_leader_and_the_next_hand_by_the_next_player(tmp_path):
    edits = {"      taker leads the next trick\n": ""}
    state = rounds_game(tmp_path, players=3, **edits).new_initial_state(seed=0)
    while not state.is_terminal():
        state.apply_action(0)
    assert lines(state, "trick 1 begins", "trick 2 begins") == [
        "trick 1 begins, Ann leads", "trick 2 begins, Ben leads", "trick 1 begins, Ben leads", "trick 2 begins, Cleo leads"]


def test_the_last_tricks_taker_does_not_lead_the_next_hand_unless_its_end_says_so(tmp_path):
    # Ann takes hand 1's last trick; hand 2 is Ben's, and so is its first trick (Oh Hell's
    # first lead from the dealer's left). A lead the hand's end names still holds.
    def first_leads(**edits):
        state = rounds_game(tmp_path, **edits).new_initial_state(seed=1)
        while not state.is_terminal():
            state.apply_action(0)
        return lines(state, "hand 2 begins", "trick 1 begins")
    assert first_leads() == ["trick 1 begins, Ann leads", "hand 2 begins", "trick 1 begins, Ben leads"]
    named_ann = {"      put each card in discard into deck\n": "      put each card in discard into deck\n"
                 "      let ann be first of players\n      ann leads the next trick\n"}
    assert first_leads(**named_ann) == ["trick 1 begins, Ann leads", "hand 2 begins", "trick 1 begins, Ann leads"]


def test_who_folded_still_sits_out_as_the_hand_ends(tmp_path):
    # Poker's folds: a player who sits out this hand is out of its end script (where the
    # pot goes to those still in) and plays the next hand.
    rounds = ROUNDS.replace("      put each card in discard into deck\n",
                            "      put each card in discard into deck\n"
                            "      let still be all players where it is not sitting out\n"
                            '      announce "still in: {still}"\n')
    turn = PLAY.replace("\n          ", "\n") + "\nif hand number = 1 and you = first of players: you sit out this hand"
    folder = make(tmp_path, setup="do nothing", turn=turn, **{
        "turn:": rounds, "end: {turn_limit: turn_limit}": "end: {turn_limit: turn_limit, limit_of: hand}"})
    state = Game(load_pack(str(folder), Report()), num_players=3, options={"turn_limit": 2}).new_initial_state(seed=1)
    while not state.is_terminal():
        state.apply_action(0)
    assert lines(state, "still in", "Ann sits out", "turn 8") == [
        "Ann sits out", "still in: Ben, Cleo", "turn 8 (Ann)", "still in: Ann, Ben, Cleo"]


def test_a_position_may_have_a_player_sit_out_the_hand(tmp_path):
    # Ben folded this hand: the trick goes round without him, and he plays the next hand.
    # A player who sits out for good is set up with true; a position gives both back.
    game = rounds_game(tmp_path, players=3)
    setup = {"active": "Ann", "phase": "main", "rounds": {"hand": 1, "trick": 2, "leader": "Ann", "played": []},
             "players": [{"zones": {"hand": ["Ace of Hearts", "Three of Hearts"]}},
                         {"zones": {"hand": ["Two of Clubs"]}, "sits_out": "hand"}, {"zones": {"hand": ["Four of Spades"]}}],
             "shared": {"deck": ["Two of Diamonds", "Ace of Spades"]}}
    state = game.position(setup)
    assert state.as_setup()["players"][1]["sits_out"] == "hand" and "sits_out" not in state.as_setup()["players"][0]
    while not state.is_terminal():
        state.apply_action(0)
    assert lines(state, "Ben", "turn", "hand 2") == [
        "turn 2 (Cleo)", "hand 2 begins", "Ben is dealt 2 cards", "turn 3 (Ben)", "Ben chooses Two of Clubs (play a card)",
        "turn 4 (Cleo)", "turn 5 (Ann)", "turn 6 (Ann)", "turn 7 (Ben)", "Ben chooses Two of Diamonds (play a card)",
        "turn 8 (Cleo)", "hand 2 ends"]
    setup["players"][1]["sits_out"] = True
    state = game.position(setup)
    assert state.as_setup()["players"][1]["sits_out"] is True
    while not state.is_terminal():
        state.apply_action(0)
    assert "Ben" not in " ".join(lines(state, "turn"))


def test_a_round_resets_its_counters_and_counts_within_its_parent(tmp_path):
    edits = {"plays: {start: 0, reset: step}": "plays: {start: 0, reset: hand}",
             "increase score of taker by 1": "increase score of taker by trick number * 10 + hand number"}
    state = rounds_game(tmp_path, **edits).new_initial_state(seed=1)
    while not state.is_terminal():
        state.apply_action(0)
    assert [pv["score"] for pv in state.s.pvars] == [11 + 21 + 12, 22]
    assert [pv["plays"] for pv in state.s.pvars] == [2, 2]


def test_a_position_in_the_middle_of_a_trick(tmp_path):
    game = rounds_game(tmp_path, players=3)
    setup = {"active": "Cleo", "phase": "main", "rounds": {"hand": 1, "trick": 2, "leader": "Ben", "played": ["Ben"]},
             "players": [{"zones": {"hand": ["Ace of Hearts", "Two of Diamonds"]}}, {"zones": {"played": ["Two of Clubs"]}},
                         {"zones": {"hand": ["Four of Spades", "Three of Hearts"]}}]}
    state = game.position(setup)
    assert state.observation(None)["rounds"] == {"hand": 1, "trick": 2, "leader": "Ben"}
    assert state.as_setup()["rounds"] == {"hand": 1, "trick": 2, "leader": "Ben", "played": ["Ben", "Cleo"]}
    state.apply_label("Four of Spades")        # Cleo plays; Ann is the last of the lap
    assert state.decision.prompt == "Ann: play a card"
    state.apply_label("Ace of Hearts")
    assert lines(state, "trick 2 ends", "hand 1 ends") == ["trick 2 ends", "hand 1 ends"]


def test_a_clone_keeps_its_own_rounds(tmp_path):
    state = rounds_game(tmp_path).new_initial_state(seed=1)
    copy = state.clone()
    for _ in range(2):
        copy.apply_action(0)
    assert state.observation(0)["rounds"]["hand"] == 1 and copy.observation(0)["rounds"]["hand"] == 2


@pytest.mark.parametrize("edits, message", [
    ({"    until: trick number = 2\n": ""}, 'pack.yaml:39:12: say when a hand ends (until: ...): it is made of tricks'),
    ({"round: trick": "round: main"}, 'pack.yaml:47:12: "main" is already a phase: a round needs a name of its own'),
    ({"taker leads the next trick": "taker leads the next deal"},
     'pack.yaml:53:28: unknown round "deal"; the rounds are hand, trick'),
    ({"until: trick number = 2": "until: trik number = 2"}, 'pack.yaml:40:12: unknown round "trik"; did you mean "trick"?'),
    ({"limit_of: hand": "limit_of: hands"}, 'pack.yaml:62:41: "hands" is not turn nor a round of the pack; did you mean "hand"?'),
])
def test_rounds_are_checked(tmp_path, edits, message):
    edits = {"turn:": ROUNDS, "end: {turn_limit: turn_limit}": "end: {turn_limit: turn_limit, limit_of: hand}", **edits}
    folder = make(tmp_path, setup="do nothing", turn="do nothing", **edits)
    assert message in problems(folder)


def test_without_rounds_a_round_is_unknown(tmp_path):
    assert problems(make(tmp_path, setup="set pot to trick number")) == [
        'pack.yaml:37:14: unknown round "trick": the pack has no rounds']


def test_the_recipe_of_the_best_card_of_a_trick_honours_trumps(tmp_path):
    """docs/dsl.md's recipe, run as a trick's end: the highest card of the suit led takes
    the trick, unless a trump is in it."""
    from cardtable.interpreter.lang.docgen import RECIPES
    recipe = dict((title, code) for title, _, code in RECIPES)["find the best card of a trick"]
    end = recipe.replace("taker's won", "discard") + "\nincrease score of taker by 1\ntaker leads the next trick"
    trick_end = ROUNDS[ROUNDS.index("      let best"):ROUNDS.index("turn:")]
    rounds = ROUNDS.replace(trick_end, "".join(f"      {line}\n" for line in end.splitlines()))
    game = rounds_game(tmp_path, players=3, rounds=rounds,
                       **{"  stuck: {start: 0, visibility: hidden}": "  stuck: {start: 0}\n  trump: {of: suit, start: spades}"})

    def trick(cleo_plays):
        setup = {"active": "Cleo", "phase": "main", "table": {"led": "hearts"},
                 "rounds": {"hand": 1, "trick": 1, "leader": "Ann", "played": ["Ann", "Ben"]},
                 "players": [{"zones": {"played": ["Ace of Hearts"], "hand": ["Two of Diamonds"]}},
                             {"zones": {"played": ["Two of Clubs"], "hand": ["Ace of Spades"]}},
                             {"zones": {"hand": ["Four of Spades", "Three of Hearts"]}}]}
        state = game.position(setup)
        state.apply_label(cleo_plays)
        return lines(state, "Ann's score", "Ben's score", "Cleo's score", "trick 2 begins")[:2]

    assert trick("Three of Hearts") == ["Ann's score is 1 (+1)", "trick 2 begins, Ann leads"]
    assert trick("Four of Spades") == ["Cleo's score is 1 (+1)", "trick 2 begins, Cleo leads"]


def test_at_the_beginning_of_each_trick_fires_with_its_leader(tmp_path):
    """A trigger names a round as it names a turn; `that player` is the round's leader.
    The card watches from its hand and stays there until it is played."""
    ace = "- {name: Ace of Spades, types: [plain], suit: spades, rank: ace, colors: [black], points: 1"
    watch = ('abilities: [{name: Watch, from: hand, pile: false, trigger: at the beginning of each trick, '
             'effect: "announce \\"{that player} leads, {you} watches\\""}]')
    game = rounds_game(tmp_path, hands=1, cards={ace + "}": f"{ace}, {watch}}}"})
    state = game.new_initial_state(seed=1)
    while not state.is_terminal():
        state.apply_action(0)
    assert lines(state, "trick", "Watch", "Ann leads", "Ann chooses") == [
        "trick 1 begins, Ann leads", "Watch of Ace of Spades triggers", "Ann leads, Ann watches",
        "Ann chooses Three of Hearts (play a card)", "trick 1 ends",
        "trick 2 begins, Ann leads", "Watch of Ace of Spades triggers", "Ann leads, Ann watches",
        "Ann chooses Ace of Spades (play a card)", "trick 2 ends"]


@pytest.mark.parametrize("losers, result", [
    ("players", ["Ann loses the game", "Ben loses the game", "Cleo loses the game",
                 "Dan loses the game", "the game is a draw"]),
    ("players where team of it = \"ac\"", ["Ann loses the game", "Cleo loses the game",
                                       "Ben and Dan win the game"]),
])
def test_players_who_lose_as_a_hand_ends_end_the_game_before_the_next_begins(tmp_path, losers, result):
    # A partnership out at the end of a hand (Spades' -200): no next hand is dealt, nor a
    # question asked of anyone, once one team or none is left.
    teams = "seats: [{name: Ann, team: ac}, {name: Ben, team: bd}, {name: Cleo, team: ac}, {name: Dan, team: bd}]"
    rounds = ROUNDS.replace("      put each card in discard into deck\n",
                            f"      put each card in discard into deck\n      for each p in {losers}:\n"
                            "        p loses the game\n")
    game = rounds_game(tmp_path, players=4, hands=5, rounds=rounds,
                       **{"seats: [{name: Ann}, {name: Ben}, {name: Cleo}, {name: Dan}]": teams})
    state = game.new_initial_state(seed=1)
    while not state.is_terminal():
        state.apply_action(0)
    assert state.log[-len(result):] == result and "hand 1 ends" in state.log and "hand 2 begins" not in state.log


def test_a_setup_that_sits_a_player_out_is_told_what_sits_out_takes(tmp_path):
    # A number is no round's name: the file is told what sits_out takes, not to put it in
    # quotes, and a round that is not the pack's is told with the pack's rounds.
    from click.testing import CliRunner

    from cardtable.cli import main
    from cardtable.interpreter.engine.positions import SetupError

    edits = {"turn:": ROUNDS, "end: {turn_limit: turn_limit}": "end: {turn_limit: turn_limit, limit_of: hand}"}
    folder = make(tmp_path, setup="do nothing", turn=PLAY.replace("\n          ", "\n"), **edits)
    (folder / "tests").mkdir()
    told = []
    for given in ("5", '"5"'):
        (folder / "tests" / "sits.yaml").write_text(
            "scenarios:\n  - name: Ben folded\n    setup:\n      players:\n        - {}\n"
            f"        - {{sits_out: {given}}}\n    expect: {{}}\n")
        run = CliRunner().invoke(main, ["test", str(folder)])
        assert run.exit_code == 1 and "quotes" not in run.output
        told.append(next(line.strip() for line in run.output.splitlines() if "sits.yaml:6:" in line))
    assert told == [
        f"{folder}/tests/sits.yaml:6:22: error: \"sits_out\" must be the name of one of the pack's rounds (such as "
        f"hand), to sit out until that round ends, or true, for the rest of the game",
        f"{folder}/tests/sits.yaml:6:22: unknown round \"5\": sits_out takes the name of one of the pack's rounds "
        f"(hand or trick), to sit out until that round ends, or true, for the rest of the game"]
    game = Game(load_pack(str(folder), Report()), num_players=2)
    with pytest.raises(SetupError, match=r"^the setup does not fit the scenario schema: setup.players\[1\].sits_out "
                                         r"must be the name of one of the pack's rounds \(such as hand\), to sit out "
                                         r"until that round ends, or true, for the rest of the game$"):
        game.position({"players": [{}, {"sits_out": 5}]})
