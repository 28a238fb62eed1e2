"""`seen_by`: what one player sees of the game, expected in a scenario as the game as a
whole is (the log as they read it, the players and the shared zones as they see them):
how a designer checks hidden information."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_scenarios import outcomes

from cardtable import Report, load_pack
from cardtable.cli import main

# Red's Joker finds the Two of Hearts in his deck: Black reads "a card" and sees Red's
# hand and deck as cards he does not know.
JOKER = """
    scenarios:
      - name: the Joker's card
        setup:
          turn: 3
          active: Red
          phase: pre_attack
          players:
            - zones:
                deck: [Two of Hearts, King of Hearts]
                hand: [Red Joker, Queen of Hearts]
                play: [Three of Hearts]
            - zones: {}
        script:
          - "Red: Search: Red Joker"
          - "Red: Two of Hearts"
        expect:
          seen_by:
            EXPECTED
"""


@pytest.fixture(scope="module")
def magic54():
    return load_pack("magic54", Report())


def joker(expected: str) -> str:
    return JOKER.replace("EXPECTED", expected.replace("\n", "\n" + " " * 12))


def test_each_player_reads_the_log_and_sees_the_zones_as_the_game_shows_them_to_that_player(magic54, tmp_path):
    text = joker("Red:\n"
                 "  log: [Two of Hearts moves from Red's deck to Red's hand]\n"
                 "  players: [{zones: {hand: [Queen of Hearts, Two of Hearts], deck: [unseen card]}}]\n"
                 "Black:\n"
                 "  log: [a card moves from Red's deck to Red's hand, Red's deck is shuffled]\n"
                 "  log_absent: [Two of Hearts moves from Red's deck to Red's hand]\n"
                 "  players:\n"
                 "    - zones:\n"
                 "        hand: {count: 2, does_not_contain: [Two of Hearts]}\n"
                 "        deck: [unseen card]\n"
                 "        discard: [Red Joker]\n"
                 "  shared: {pile: []}")
    assert outcomes(magic54, tmp_path, text) == ["ok"]


@pytest.mark.parametrize("expected, failure", [
    ("Black: {log: [Two of Hearts moves from Red's deck to Red's hand]}",
     "19:23: Black's log has no line \"Two of Hearts moves from Red's deck to Red's hand\" after the lines matched "
     "before it; did you mean \"a card moves from Red's deck to Red's hand\"?"),
    ("Red: {log_absent: [Two of Hearts moves from Red's deck to Red's hand]}",
     "19:28: Red's log has the line \"Two of Hearts moves from Red's deck to Red's hand\""),
    ("Black: {players: [{zones: {hand: {contains: [Two of Hearts]}}}]}",
     "19:42: Red's hand (as Black sees it) holds [unseen card, unseen card], without Two of Hearts"),
    ("Black: {players: [{life: 19}]}", "19:34: Red has 20 life, not 19 (as Black sees it)"),
    ("Blak: {log: []}", '19:15: unknown player "Blak": the players are Red and Black'),
])
def test_what_a_player_does_not_see_fails_naming_the_player(magic54, tmp_path, expected, failure):
    assert outcomes(magic54, tmp_path, joker(expected)) == [failure]


def test_a_player_counter_a_player_does_not_see_is_not_there_to_expect(tmp_path):
    text = """
        scenarios:
          - name: decked
            expect:
              players: [{counters: {decked: 0}}]
              seen_by:
                Ana: {players: [{}, {counters: {life: 20}}]}
                Bo: {players: [{counters: {decked: 0}}]}
    """
    stack_duel = load_pack("stack_duel", Report())
    assert outcomes(stack_duel, tmp_path, text) == ["8:44: Bo does not see Ana's decked"]


def test_life_a_player_does_not_see_is_not_there_to_expect(tmp_path):
    from packcopy import edited_copy
    folder = edited_copy(Path(load_pack("stack_duel", Report()).path), tmp_path,
                         **{"life: {start: starting_life, log: true,": "life: {start: starting_life, visibility: owner,"})
    text = """
        scenarios:
          - name: hidden life
            expect:
              players: [{life: 20}]
              seen_by:
                Ana: {players: [{life: 20}]}
                Bo: {players: [{life: 20}]}
    """
    assert outcomes(load_pack(str(folder), Report()), tmp_path, text) == ["8:31: Bo does not see Ana's life"]


def test_validate_names_an_unseated_player_and_the_names_seen_by_one(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copytree(load_pack("magic54", Report()).path, tmp_path / "m54")
    text = joker("Blak: {log: []}\nBlack: {players: [{zones: {hnd: {count: 2}}}], shared: {pile: [Two of Heart]}}")
    (tmp_path / "m54" / "tests" / "seen.yaml").write_text(text.replace("\n    ", "\n"), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "m54"])
    assert result.exit_code == 1, result.output
    assert [line for line in result.stdout.splitlines() if "error" in line] == [
        'm54/tests/seen.yaml:19:15: error: unknown player "Blak": the players are Red and Black',
        'm54/tests/seen.yaml:20:41: error: unknown zone "hnd"; did you mean "hand"?',
        'm54/tests/seen.yaml:20:72: error: unknown card "Two of Heart"; did you mean "Two of Hearts"?']


def test_validate_takes_what_stands_for_a_card_a_player_does_not_see(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copytree(load_pack("magic54", Report()).path, tmp_path / "m54")
    text = joker("Black: {players: [{zones: {hand: [unseen card, unseen card], deck: [unseen card]}}]}\n"
                 "Red: {players: [{}, {zones: {hand: [unseen card, a card, face-down card]}}]}\n"
                 "Ann: {shared: {pile: [unseen card]}}")
    (tmp_path / "m54" / "tests" / "seen.yaml").write_text(text.replace("\n    ", "\n"), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "m54"])
    assert [line for line in result.stdout.splitlines() if "error" in line] == [
        'm54/tests/seen.yaml:21:14: error: unknown player "Ann": the players are Red and Black']
    text = text.replace("Ann: {shared: {pile: [unseen card]}}", "").replace("[{}, ", "[{zones: {hand: [unseen card]}}, ")
    (tmp_path / "m54" / "tests" / "seen.yaml").write_text(text.replace("\n    ", "\n"), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "m54"])
    assert result.exit_code == 0, result.output
