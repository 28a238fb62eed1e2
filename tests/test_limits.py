"""The engine's limits (interpreter/limits.py, docs/limits.md): loops, counts, sizes,
players, turns and decisions. Each is refused when a pack loads if it is written out,
and stops or ends a game with a message naming the pack text when it is met in play."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_dsl_errors import located

from cardtable.cli import main
from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine import limits
from cardtable.interpreter.engine import running as frames
from cardtable.interpreter.engine.game import Game, OptionError
from cardtable.interpreter.engine.state import RuleError
from cardtable.interpreter.packs.loader import PackError, load_pack

TINY = Path(__file__).parent / "data" / "tinypack"
SCHEMA = Path(__file__).parent.parent / "schemas" / "pack.schema.json"
SETUP_END = "    p draws 3 cards\n"          # the last line of the tiny pack's setup (line 48)


def tiny(folder: Path, pack=(), cards=()) -> Path:
    """The tiny pack copied to `folder`, with (old, new) replacements in pack.yaml and its cards."""
    shutil.copytree(TINY, folder)
    for name, changes in (("pack.yaml", pack), ("cards/base.yaml", cards)):
        path = folder / name
        text = path.read_text(encoding="utf-8")
        for old, new in changes:
            assert old in text, old
            text = text.replace(old, new)
        path.write_text(text, encoding="utf-8")
    return folder


def in_setup(folder: Path, script: str) -> Path:
    """The tiny pack with `script` at the end of its setup, from line 49, column 3."""
    lines = "".join(f"  {line}\n" for line in script.split("\n"))
    return tiny(folder, pack=[(SETUP_END, SETUP_END + lines)])


def problems(folder: Path) -> list[str]:
    """The pack's problems, with the file they are in (errors only: a warning is in a test of its own)."""
    return [f"pack.yaml:{where}".replace(": ", ": error: ", 1) for where in located(folder)]


def cardtable(*args: str, cwd: Path, input: str | None = None):
    import os
    here = os.getcwd()
    os.chdir(cwd)
    try:
        result = CliRunner().invoke(main, list(args), input=input)
    finally:
        os.chdir(here)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


# ------------------------------------------------------------------ loops

def short(value) -> str:
    """A test's id: its text, shortened (and no long number read as text)."""
    text = value if isinstance(value, str) else f"a number of {value.bit_length()} bits"
    return text if len(text) < 60 else f"{text[:40]}..."


@pytest.mark.parametrize("script, message", [
    ("repeat 20000 times: draw a card", "pack.yaml:49:10: error: repeat runs its block at most 10,000 times, not 20,000"),
    ("repeat 101 * 100 times: draw a card", "pack.yaml:49:10: error: repeat runs its block at most 10,000 times, not 10,100"),
    ("divide 10001 among players as shares", "pack.yaml:49:10: error: divide splits at most 10,000, not 10,001"),
    ("draw 1000000000000000001 cards", "pack.yaml:49:8: error: this number is too large: a number in a rule is at most 10¹⁸"),
    ("draw " + "9" * 5000 + " cards", "pack.yaml:49:8: error: this number is too large: a number in a rule is at most 10¹⁸"),
    ("if turn > " + "9" * 5000 + ": draw a card", "pack.yaml:49:13: error: this number is too large: a number in a rule is at most 10¹⁸"),
    ("if " + "not " * 3000 + "true: stop", 'pack.yaml:49:3: error: this text is nested too deeply to be read '
                                           '(thousands of "not", brackets or blocks inside each other)'),
], ids=short)
def test_a_count_written_out_is_checked_when_the_pack_loads(tmp_path, script, message):
    assert problems(in_setup(tmp_path / "p", script)) == [message]


def test_a_loop_at_its_bound_runs(tmp_path):
    pack = load_pack(str(in_setup(tmp_path / "p", "repeat 10000 times: increase life of you by 1")), Report())
    state = Game(pack).new_initial_state(seed=0)
    assert state.s.pvars[state.s.first]["life"] == 10 + 10_000


def test_a_repeat_that_comes_to_more_than_the_bound_stops_the_game_where_it_is(tmp_path):
    in_setup(tmp_path / "p", "repeat starting_life * 2000 times: draw a card")
    result = cardtable("simulate", "p", "-n", "3", cwd=tmp_path)
    assert result.exit_code == 1
    assert result.stderr == ('p/pack.yaml:49:3: error: game 1 (seed 0) stopped on turn 1: "repeat starting_life * 2000 '
                             'times" would run its block 20,000 times: a loop runs at most 10,000 times\n')
    assert result.stdout == ""


def test_simulate_out_tells_how_to_play_the_game_that_stopped_again_with_its_record(tmp_path):
    # The file of the run keeps the games that ended; the one to look at is played again by play.
    tiny(tmp_path / "p", pack=[("        script: draw a card", "        script: |\n          draw a card\n"
                                                           "          choose a card in your hand as kept\n"
                                                           "          if turn = 3:\n            while true: draw a card")])
    result = cardtable("simulate", "p", "-n", "3", "--seed", "5", "--option", "starting_life=12", "--out", "g.jsonl",
                       cwd=tmp_path)
    again = "cardtable play p --players random,random --seed 5 --option starting_life=12 --save FILE"
    assert result.exit_code == 1
    assert result.stderr.splitlines()[1:] == [
        f"    hint: game 1 is not in the file of the run, which keeps the games that ended: `{again}` plays it again "
        f"up to where it stopped and saves its record, whose positions `cardtable replay FILE --at N` shows"]
    played = cardtable(*again.replace("FILE", "r.jsonl").split()[1:], cwd=tmp_path)
    assert "error: game 1 (seed 5) stopped on turn 3: " in result.stderr
    assert played.exit_code == 1 and "error: the game stopped after 3 decisions (turn 3): " in played.stderr
    record = json.loads((tmp_path / "r.jsonl").read_text())
    assert (record["seed"], record["options"]["starting_life"], record["result"]) == (5, 12, None)
    # Rules that break before the first decision leave no game for play to save: no such hint.
    tiny(tmp_path / "q", pack=[("        script: draw a card", "        script: |\n          draw a card\n"
                                                           "          if turn = 3:\n            while true: draw a card")])
    result = cardtable("simulate", "q", "-n", "3", "--out", "g.jsonl", cwd=tmp_path)
    assert result.exit_code == 1 and "hint" not in result.stderr


def test_a_while_loop_that_does_not_end_names_its_card_file_and_line(tmp_path):
    # Bear costs nothing to summon, and its summoning loops.
    tiny(tmp_path / "p", cards=[("        cost: 2\n        effect: put this into play",
                                 "        effect: |\n          put this into play\n          while true:\n            draw a card")])
    result = cardtable("simulate", "p", "-n", "1", cwd=tmp_path)
    assert result.exit_code == 1
    assert result.stderr == ('p/cards/base.yaml:13:11: error: game 1 (seed 0) stopped on turn 1: "while true" of Bear '
                             'ran its block 10,000 times and would run it again: a loop runs at most 10,000 times\n')


def test_the_same_loop_in_two_cards_is_named_at_each(tmp_path):
    loop = "while true: draw a card"
    folder = tiny(tmp_path / "p", cards=[
        ("        cost: 2\n        effect: put this into play", f'        effect: "{loop}"'),
        ("        cost: pay 1 gold\n        targets: {target: creature in play or player}\n"
         "        effect: deal 2 damage to target", f'        effect: "{loop}"')])
    game = Game(load_pack(str(folder), Report()))
    for label, where in (("Summon: Bear", "11:18"), ("Zap: Zap", "18:18")):
        state = game.new_initial_state(seed=0)
        with pytest.raises(RuleError) as e:
            while label not in state.legal_labels():
                state.apply_action(0)
            state.apply_label(label)
            while True:                     # both pass: it resolves
                state.apply_action(0)
        card = label.split(": ")[1]
        assert e.value.located("the game") == (
            f'{folder}/cards/base.yaml:{where}: error: the game stopped on turn 1: "while true" of {card} ran its '
            f'block 10,000 times and would run it again: a loop runs at most 10,000 times')


def test_loops_in_loops_stop_after_a_million_steps_without_a_decision(tmp_path):
    in_setup(tmp_path / "p", "repeat 10000 times:\n  repeat 10000 times:\n    do nothing")
    result = cardtable("simulate", "p", "-n", "1", cwd=tmp_path)
    assert result.exit_code == 1
    assert result.stderr == ("p/pack.yaml:50:5: error: game 1 (seed 0) stopped on turn 1: the rules ran more than "
                             "1,000,000 steps (rounds of loops, sets of cards tried, runs of the checks, triggered "
                             "abilities) without a player deciding anything, the most they may run between two "
                             "decisions: they go round in circles, or do too much at once (loops in loops, sets of "
                             "cards inside sets of cards)\n")


def test_checks_that_never_settle_stop_the_game(tmp_path, monkeypatch):
    monkeypatch.setattr(frames, "STEPS", 1000)
    folder = tiny(tmp_path / "p", pack=[("    p loses the game\n", "    p loses the game\n  increase life of you by 1\n")])
    with pytest.raises(RuleError) as e:
        Game(load_pack(str(folder), Report())).new_initial_state(seed=0)
    # Named where the checks are written.
    line = (folder / "pack.yaml").read_text(encoding="utf-8").splitlines().index("checks: |") + 1
    assert e.value.located("the game") == (
        f"{folder / 'pack.yaml'}:{line}:9: error: the game stopped on turn 1: the rules ran more than 1,000 steps "
        "(rounds of loops, sets of cards tried, runs of the checks, triggered abilities) without a player deciding "
        "anything, the most they may run between two decisions: they go round in circles, or do too much at once "
        "(loops in loops, sets of cards inside sets of cards)")


@pytest.mark.parametrize("script, message", [
    ("let x be 2\nwhile x > 0:\n  let x be x * x",
     '"x * x" comes to more than 10¹⁸: the numbers of a game are at most that (at p/pack.yaml:51:14)'),
    # In a condition, the sum is written into the condition's one function: the same message.
    ("let x be 2\nwhile x + x * x > 0:\n  let x be x * x",
     '"x * x" comes to more than 10¹⁸: the numbers of a game are at most that (at p/pack.yaml:50:13)'),
    ("let x be 1\nwhile x + x + x > 0:\n  let x be x * 2",
     '"x + x + x" comes to more than 10¹⁸: the numbers of a game are at most that (at p/pack.yaml:50:9)'),
    ("while true:\n  increase life of you by life of you",
     "the life of North comes to more than 10¹⁸: the numbers of a game are at most that (at p/pack.yaml:50:5)"),
    ("let x be a random number from 0 to total power of (creatures in your deck or creatures in your hand)",
     'the range of "a random number from 0 to total power of (creatures in your deck or creatures in your hand)" '
     'comes to more than 10¹⁸: the numbers of a game are at most that (at p/pack.yaml:49:12)'),
    ("while true:\n  add 1000000000000000000 charge counters to each card in your hand",
     "the charge of Bear comes to more than 10¹⁸: the numbers of a game are at most that (at p/pack.yaml:50:5)"),
])
def test_numbers_that_grow_past_any_game_stop_it(tmp_path, script, message, monkeypatch):
    # The message names the text that computed the number, in its file: a designer finds it.
    monkeypatch.chdir(tmp_path)
    in_setup(tmp_path / "p", script)
    path = tmp_path / "p" / "cards" / "base.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("power: 2", "power: 1000000000000000000"), encoding="utf-8")
    pack = load_pack("p", Report())
    with pytest.raises(RuleError) as e:
        Game(pack, num_players=2).new_initial_state(seed=0, first_player=0)
    assert (str(e.value), e.value.turn) == (message, 1)


def test_a_draw_takes_at_most_the_cards_of_the_game(tmp_path):
    # The deck refills from the hand: without the bound, the draw would go round and round.
    folder = tiny(tmp_path / "p", pack=[("  deck: {per: player, visibility: hidden, ordered: true, role: deck}",
                                         "  deck: {per: player, visibility: hidden, ordered: true, role: deck, refill: {from: hand}}"),
                                        ("    p draws 3 cards\n", "    p draws 1000000000000 cards\n")])
    state = Game(load_pack(str(folder), Report())).new_initial_state(seed=0)
    setup = state.log[:state.log.index("turn 1 (North)")]
    # The 16 cards of the game, told in the order they were dealt: 8, the deck refilled, 8.
    start = setup.index("North is dealt 8 cards")
    assert setup[start:start + 3] == ["North is dealt 8 cards", "North's hand becomes North's deck (8 cards, shuffled)",
                                      "North is dealt 8 cards"]
    assert "North cannot draw, no cards are left" not in setup


# ----------------------------------------------------- how a broken rule is told

LOOP_LINE = 'p/pack.yaml:49:3: error: {game} stopped {when}: "while true" ran its block 10,000 times and would ' \
            'run it again: a loop runs at most 10,000 times\n'


def test_play_says_where_the_rules_broke(tmp_path):
    in_setup(tmp_path / "p", "while true: draw a card")
    result = cardtable("play", "p", "--players", "random,random", "--seed", "4", cwd=tmp_path)
    assert result.exit_code == 1
    assert result.stderr == LOOP_LINE.format(game="the game", when="on turn 1")


def test_replay_says_where_the_rules_broke(tmp_path):
    tiny(tmp_path / "p")
    assert cardtable("simulate", "p", "-n", "2", "--out", "games.jsonl", cwd=tmp_path).exit_code == 0
    in_setup(tmp_path / "q", "while true: draw a card")
    one = cardtable("replay", "games.jsonl", "--pack", "q", "--game", "2", cwd=tmp_path)
    assert (one.exit_code, one.stderr) == (1, LOOP_LINE.format(game="game 2 (seed 1)", when="on turn 1").replace("p/", "q/"))
    both = cardtable("replay", "games.jsonl", "--pack", "q", cwd=tmp_path)
    assert both.exit_code == 1
    assert both.stdout == "".join(LOOP_LINE.format(game=f"game {n} (seed {n - 1})", when="on turn 1").replace("p/", "q/")
                                  for n in (1, 2)) + "0 of 2 games replay the same\n"


def test_a_scenario_says_where_the_rules_broke(tmp_path):
    folder = in_setup(tmp_path / "p", "while true: draw a card")
    (folder / "tests").mkdir()
    (folder / "tests" / "loop.yaml").write_text("scenarios:\n  - name: a loop\n    expect: {result: draw}\n", encoding="utf-8")
    result = cardtable("test", "p", cwd=tmp_path)
    assert result.exit_code == 1
    assert "the rules could not run: \"while true\" ran its block 10,000 times and would run it again: " \
           "a loop runs at most 10,000 times (at p/pack.yaml:49:3)" in result.output


# ------------------------------------------------------------- counts and sizes

@pytest.mark.parametrize("cards, message", [
    ("[999999999999 Bear, 4 Zap]", "pack.yaml:41:19: error: the number of copies must be from 1 to 1000, not 999999999999"),
    ("[" + "9" * 5000 + " Bear]",
     "pack.yaml:41:19: error: the number of copies must be from 1 to 1000, not 999999999999... (5000 digits)"),
    ("[0 Bear, 4x Zap, -1 Bear]", "pack.yaml:41:19: error: the number of copies must be from 1 to 1000, not 0\n"
                                  "pack.yaml:41:35: error: the number of copies must be from 1 to 1000, not -1"),
    ('["² Bear", 4 Zap]', 'pack.yaml:41:19: error: unknown card "² Bear"; did you mean "Bear"?'),
    ("[" + ", ".join(["1000 Bear"] * 10) + ", 1 Zap]",
     "pack.yaml:41:129: error: with this entry the deck has 10,001 cards: a deck has at most 10,000"),
], ids=short)
def test_deck_entries_in_pack_yaml(tmp_path, cards, message):
    folder = tiny(tmp_path / "p", pack=[("{cards: [4 Bear, 4 Zap], size: 8}", "{cards: " + cards + "}")])
    assert problems(folder) == message.split("\n")


def test_a_deck_list_has_the_same_limits(tmp_path):
    tiny(tmp_path / "p")
    lines = ["9" * 5000 + " Bear", "² Bear", *["1000 Bear"] * 10, "4 Zap"]
    (tmp_path / "deck.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = cardtable("simulate", "p", "-n", "1", "--deck", "deck.txt", cwd=tmp_path)
    assert (result.exit_code, result.stderr) == (1, (
        "deck.txt:1:1: error: the number of copies must be from 1 to 1000, not 999999999999... (5000 digits)\n"
        'deck.txt:2:1: error: unknown card "² Bear"; did you mean "Bear"?\n'
        "deck.txt:12:1: error: with this line the deck has 10,001 cards: a deck has at most 10,000\n"))


@pytest.mark.parametrize("players, message", [
    ("  min: 2\n  max: 2\n", None),
    ("  min: 2\n  max: 1000000\n", 'pack.yaml:8:8: error: "max" must be at most 64'),
    ("  max: 2\n", 'pack.yaml:7:3: error: missing required key "min"'),
    ("  min: 2\n", 'pack.yaml:7:3: error: missing required key "max"'),
    ("  min: 3\n  max: 2\n", 'pack.yaml:7:8: error: "min" (3) is more than "max" (2)'),
    # A seat past the smallest game: every command stopped with a Python error.
    ("  min: 2\n  max: 2\n  first: 1\n", None),
    ("  min: 2\n  max: 2\n  first: 2\n", 'pack.yaml:9:10: error: seat 2 is not at a game of 2 players ("min": 2): '
                                         '"first" names a seat every game has, counted from 0: 0 to 1'),
    ("  min: 1\n  max: 2\n  first: 1\n", 'pack.yaml:9:10: error: seat 1 is not at a game of 1 player ("min": 1): '
                                         '"first" must be 0, the one seat every game has'),
])
def test_players(tmp_path, players, message):
    folder = tiny(tmp_path / "p", pack=[("  min: 2\n  max: 2\n", players)])
    assert problems(folder) == ([message] if message else [])


@pytest.mark.parametrize("old, new, message", [
    ("  power: {default: 0}\n", "  power: {default: 0}\n  number: {default: 0}\n",
     'pack.yaml:25:3: error: "number" is a word of the language: a property may not take its name ("number of it" '
     'reads as the language says); rename it'),
    ("  life: {start: starting_life}\n", "  life: {start: starting_life}\n  total: {start: 0}\n",
     'pack.yaml:27:3: error: "total" is a word of the language: a counter may not take its name ("total of it" '
     'reads as the language says); rename it'),
    # Words the language has that it reads as names where they stand are names a pack may give.
    ("  power: {default: 0}\n", "  power: {default: 0}\n  effect: {default: 0}\n  cards: {default: 0}\n", None),
])
def test_a_name_the_language_reads_is_refused_where_it_is_declared(tmp_path, old, new, message):
    # Its every use was refused as something else ("unknown card type or variable this").
    assert problems(tiny(tmp_path / "p", pack=[(old, new)])) == ([message] if message else [])


def test_fewer_seats_than_may_play_are_warned_of(tmp_path):
    # The third player would sit with no deck of their own, called "Player 3".
    report = Report()
    load_pack(str(tiny(tmp_path / "p", pack=[("  max: 2\n", "  max: 3\n")])), report)
    assert [(p.severity, p.line, p.col, p.message) for p in report.problems] == [
        ("warning", 10, 5, '2 seats are named, but up to 3 players play ("max"): the next is called "Player 3", with '
                           'no seat of its own (a deck, a team)')]


def test_sixty_four_players_can_play(tmp_path):
    folder = tiny(tmp_path / "p", pack=[("  max: 2\n", "  max: 64\n")])
    state = Game(load_pack(str(folder), Report()), num_players=64).new_initial_state(seed=0)
    assert len(state.s.t.players) == 64 and state.is_terminal()


def test_a_game_has_at_most_a_hundred_thousand_cards(tmp_path):
    pack = load_pack(str(tiny(tmp_path / "p", pack=[("  max: 2\n", "  max: 64\n")])), Report())
    deck = ("Bear",) * 2000
    assert len(Game(pack, num_players=50, decks={seat: deck for seat in range(50)}).deck_for(0)) == 2000
    with pytest.raises(OptionError, match="^a game of 51 players would have 102,000 cards: a game has at most 100,000$"):
        Game(pack, num_players=51, decks={seat: deck for seat in range(51)})


@pytest.mark.parametrize("value, message", [
    ("9" * 5000, 'option "starting_life" takes a whole number from -10¹⁸ to 10¹⁸, not "' + "9" * 60 + '..." (5,000 characters)'),
    ("x" * 5000, 'option "starting_life" takes a whole number from -10¹⁸ to 10¹⁸, not "' + "x" * 60 + '..." (5,000 characters)'),
    (str(-10 ** 18 - 1), 'option "starting_life" takes a whole number from -10¹⁸ to 10¹⁸, not "-1000000000000000001"'),
    (10 ** 5000, 'option "starting_life" takes a whole number from -10¹⁸ to 10¹⁸, not "a larger number"'),
], ids=short)
def test_option_values_are_numbers_a_game_can_hold(tmp_path, value, message):
    pack = load_pack(str(tiny(tmp_path / "p")), Report())
    with pytest.raises(OptionError) as e:
        Game(pack, {"starting_life": value})
    assert str(e.value) == message


def test_a_long_number_as_an_answer_in_play(tmp_path):
    tiny(tmp_path / "p", cards=[("        cost: 2\n        effect: put this into play", "        effect: put this into play")])
    answers = "9" * 5000 + "\nlog ²\nquit\n"
    result = cardtable("play", "p", "--players", "human,random", "--seed", "1", cwd=tmp_path, input=answers)
    assert result.exit_code == 0
    assert "999999999999... (5000 digits) is not one of the 3 options; type a number from 1 to 3, or ? for help" in result.stdout
    assert '"²" is not a number of events; type log, or log 20 for the last 20' in result.stdout


@pytest.mark.parametrize("record, message", [
    ('{"pack":"p","options":{},"players":2,"seed":' + "9" * 5000 + ',"decisions":[]}',
     "log.jsonl:1:45: error: not a game record: a number of 5,000 digits (a record's numbers have at most 100)"),
    ('{"pack":"p","options":{},"players":2,"seed":1,"decisions":[],"decks":{"²":["Bear"]}}',
     "log.jsonl:1:1: error: game 1: a deck goes to a seat (0 to 1) or a shared zone, not '²'"),
], ids=short)
def test_a_record_with_odd_numbers(tmp_path, record, message):
    tiny(tmp_path / "p")
    (tmp_path / "log.jsonl").write_text(record + "\n", encoding="utf-8")
    result = cardtable("replay", "log.jsonl", cwd=tmp_path)
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1].endswith(message)


# ------------------------------------------------------------- turns and decisions

def never_ends(folder: Path, end: str = "") -> Path:
    """The tiny pack cut short before its checks: no rule ends a game."""
    folder = tiny(folder)
    text = (folder / "pack.yaml").read_text(encoding="utf-8")
    (folder / "pack.yaml").write_text(text[:text.index("checks:")] + end, encoding="utf-8")
    return folder


def test_validate_warns_of_a_pack_in_which_nothing_ends_a_game(tmp_path):
    never_ends(tmp_path / "p")
    result = cardtable("validate", "p", cwd=tmp_path)
    assert result.exit_code == 0
    assert result.stdout == (
        "p: valid\n"
        "p/pack.yaml:49:1: warning: nothing in this pack ends a game: no rule says that a player wins or loses or "
        "that the game is a draw, and `end` names no turn limit; every game would go on until the engine's limit "
        "of 1,000 turns makes it a draw\n    turn:\n    ^\n1 problem in 1 file\n")
    github = cardtable("validate", "p", "--format", "github", cwd=tmp_path)
    assert github.exit_code == 0 and github.stdout.startswith("::warning file=p/pack.yaml,line=49,col=1,title=cardtable::")


@pytest.mark.parametrize("pack", ["magic54", "pub_magic", "basic_tcg"])
def test_no_built_in_pack_is_warned_of(pack):
    report = Report()
    load_pack(pack, report)
    assert report.problems == []


def test_a_game_nothing_ends_is_a_draw_at_the_engines_turn_limit(tmp_path):
    state = Game(load_pack(str(never_ends(tmp_path / "p")), Report())).new_initial_state(seed=0)
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert state.s.turn == 1000
    assert state.log[-2:] == ["the limit of 1,000 turns is reached (end: max_turns)", "the game is a draw"]


def test_a_pack_may_raise_the_turn_limit(tmp_path):
    folder = never_ends(tmp_path / "p", "end: {max_turns: 1500}\n")
    state = Game(load_pack(str(folder), Report())).new_initial_state(seed=0)
    assert state.s.turn == 1500
    assert state.log[-2] == "the limit of 1,500 turns is reached (end: max_turns)"


@pytest.mark.parametrize("end, message", [
    ("end: {max_turns: 100001}\n", 'pack.yaml:59:18: error: "max_turns" must be at most 100000'),
    ("end: {max_decisions: 0}\n", 'pack.yaml:59:22: error: "max_decisions" must be at least 1'),
    ("end: {max_turns: null}\n", 'pack.yaml:59:18: error: "max_turns" must be a whole number, not empty'),
])
def test_a_pack_cannot_remove_the_limits(tmp_path, end, message):
    assert problems(_with_end(tmp_path, end)) == [message]


def _with_end(tmp_path: Path, end: str) -> Path:
    folder = tiny(tmp_path / "p")
    with open(folder / "pack.yaml", "a", encoding="utf-8") as f:
        f.write(end)
    return folder


def test_a_turn_of_too_many_decisions_is_a_draw(tmp_path):
    folder = tiny(tmp_path / "p", pack=[("        script: draw a card\n",
                                         '        script: |\n          repeat 100 times:\n            you may "go on": do nothing\n')])
    with open(folder / "pack.yaml", "a", encoding="utf-8") as f:
        f.write("end: {max_decisions: 50}\n")
    state = Game(load_pack(str(folder), Report())).new_initial_state(seed=0)
    while not state.is_terminal():
        state.apply_action(0)
    assert len(state.s.history) == 51 and state.returns() == [0.0, 0.0]
    assert state.log[-2:] == ["the limit of 50 decisions in a turn is reached (end: max_decisions)", "the game is a draw"]


def test_the_schema_says_the_limits_of_limits_py():
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    players = schema["properties"]["players"]["properties"]
    end = schema["properties"]["end"]["properties"]
    assert players["min"]["maximum"] == players["max"]["maximum"] == limits.PLAYERS
    assert (end["max_turns"]["default"], end["max_turns"]["maximum"]) == (limits.TURNS, limits.MAX_TURNS)
    assert (end["max_decisions"]["default"], end["max_decisions"]["maximum"]) == (limits.DECISIONS, limits.MAX_DECISIONS)


def test_docs_limits_says_the_limits_of_limits_py():
    text = (Path(__file__).parent.parent / "docs" / "limits.md").read_text(encoding="utf-8")
    rows = {line.split(" | ")[0].lstrip("| "): line.split(" | ")[1] for line in text.splitlines()
            if line.startswith("| ") and " | " in line}
    c = limits.count
    assert rows["times a `while` or a `repeat` runs its block"] == c(limits.LOOP)
    assert rows["steps the rules take without a player deciding: rounds of loops, sets of cards tried, runs of "
                "the checks, triggered abilities"] == c(limits.STEPS)
    assert rows["what `divide N among ...` splits"] == c(limits.LOOP)
    assert rows["sets of cards one `sets of ...` takes at once (every set of 16 cards; the sets of 2 cards of up "
                "to 362)"] == c(limits.SETS)
    assert rows["a number"] == f"-{limits.SAID_NUMBER} to {limits.SAID_NUMBER}"
    assert rows["copies of a card in a deck entry (`\"4 Bear\"`) or on a line of a deck list"] == f"1 to {limits.COPIES}"
    assert rows["cards of a deck (pack.yaml's `decks`, a deck list)"] == c(limits.DECK)
    assert rows["cards of a game, every deck together (or every card of a scenario's position)"] == c(limits.CARDS)
    assert rows["players of a game (`players: {min, max}`)"] == str(limits.PLAYERS)
    assert rows["turns of a game"] == f"{c(limits.TURNS)}; a pack raises it with `end: max_turns` (up to {c(limits.MAX_TURNS)})"
    assert rows["decisions in one turn"] == \
        f"{c(limits.DECISIONS)}; a pack raises it with `end: max_decisions` (up to {c(limits.MAX_DECISIONS)})"
    assert rows["digits of a number in a deck list, a game record or an answer typed in `play`"] == str(limits.DIGITS)
    assert rows["games of one run (`simulate`, `compare`, `impact`, `sweep`, the workbench's runs)"] == c(limits.GAMES)


def test_a_long_option_value_is_shortened_when_printed(tmp_path):
    tiny(tmp_path / "p")
    result = cardtable("simulate", "p", "-n", "1", "--option", "starting_life=" + "9" * 5000, cwd=tmp_path)
    assert (result.exit_code, result.stderr) == (1, 'error: option "starting_life" takes a whole number from -10¹⁸ '
                                                    'to 10¹⁸, not "' + "9" * 60 + '..." (5,000 characters)\n')


def test_a_draw_in_a_pack_without_a_deck_is_refused_where_it_is_written(tmp_path):
    # Found when the pack loads, not when a game reaches the draw.
    folder = in_setup(tmp_path / "p", "if turn > 5: draw a card")
    text = (folder / "pack.yaml").read_text(encoding="utf-8")
    (folder / "pack.yaml").write_text(text.replace("ordered: true, role: deck}", "ordered: true}"), encoding="utf-8")
    assert problems(folder) == [f'pack.yaml:{at}: error: a draw needs a zone with the role "deck", and the pack has none'
                                for at in ("48:5", "49:16", "54:17")]     # the setup's own, ours, a turn's


@pytest.mark.parametrize("value, message", [
    (1, 'option "aces_reverse" is true or false, not 1'),
    (0.5, 'option "aces_reverse" is true or false, not 0.5'),
    (None, 'option "aces_reverse" is true or false, not nothing'),
])
def test_an_option_of_true_or_false_takes_nothing_else(value, message):
    # "1" on the command line is true; a number in a scenario or a record is a mistake.
    pack = load_pack("crazy_eights", Report())
    with pytest.raises(OptionError) as e:
        Game(pack, {"aces_reverse": value})
    assert str(e.value) == message
    assert Game(pack, {"aces_reverse": "1"}).options["aces_reverse"] is True
