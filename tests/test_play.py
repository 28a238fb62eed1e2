"""`cardtable play`: people at the keyboard against computer players, or hot-seat.
Each person sees only what their seat may see; wrong answers are refused with a
reason; end of input and Ctrl-C stop the game cleanly, and the saved record plays
the same game again."""
from __future__ import annotations

import io
import json
import os
import random
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner

from cardtable.cli import main
from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.observe import observe
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.play.records import game_for, replay
from cardtable.interpreter.play.terminal import Table, board, headline, play, setup
from cardtable.interpreter.stopping import Terminated
from checkout import importable
from test_words_and_tables import make

VS_RANDOM = ["magic54", "--players", "human,random", "--seed", "1"]


def cardtable(*args: str, input: str = ""):
    # A wide screen, so that no line depends on the terminal the tests run in.
    result = CliRunner().invoke(main, ["play", *args], input=input, env={"COLUMNS": "120"})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def table(lines: list[str], players: str = "human,random", seed: int = 1, pack: str = "magic54"):
    """A game played from `lines`, stopped at the end of them: the table and its output."""
    game, specs = setup(pack, {}, players, None, [])
    out = io.StringIO()
    t = Table(game, specs, seed, io.StringIO("".join(line + "\n" for line in lines)), out, 120)
    how = t.play()
    return t, how, out.getvalue()


def boards(output: str) -> list[list[str]]:
    """The whole boards printed: from a `Turn` line to the blank line after it (a
    board that did not change is only its `Turn` line, followed by the question)."""
    found, current = [], None
    for line in output.splitlines():
        if line.startswith("Turn "):
            current = [line]
        elif current is not None:
            if not line:
                if any(line.startswith("  hand: ") for line in current):
                    found.append(current)
                current = None
            else:
                current.append(line)
    return found


def hands(board_lines: list[str]) -> dict:
    """Each player's hand line of a board, by the player's line as printed."""
    out, player = {}, None
    for line in board_lines[1:]:
        if not line.startswith(" "):
            player = line.split(":")[0]
        elif line.startswith("  hand: "):
            out[player] = line[len("  hand: "):]
    return out


# ---------------------------------------------------------------- the board

def test_the_board_shows_the_own_hand_and_only_a_count_of_the_others():
    t, how, out = table([])
    assert how == "eof"
    s = t.state.s
    own = [s.t.names[c] for c in s.zones[s.t.zone("hand", 0)]]
    hidden = [s.t.names[c] for c in s.zones[s.t.zone("hand", 1)]]
    shown = hands(boards(out)[0])
    assert shown == {"Red (you)": ", ".join(own), "Black": f"{len(hidden)} cards"}
    for name in hidden:
        assert name not in out


def test_the_board_shows_tapped_and_damaged_cards_and_the_pile_top_first():
    game, _ = setup("magic54", {}, "random,random", None, [])
    state = game.new_initial_state(seed=5)
    rnd = random.Random(2)
    while len(state.s.pile) < 2:
        state.apply_action(rnd.randrange(len(state.legal_actions())))
    s = state.s
    card = s.zones[s.t.zone("play", 0)][0]
    s.tapped[card], s.damage[card] = True, 2
    lines = board(observe(s, 0), 0, game.pack.roles, 200)
    assert f"{s.t.names[card]} (tapped, 2 damage)" in next(line for line in lines if line.startswith("  play: "))
    top, under = s.pile[-1], s.pile[-2]
    names = [p.name for p in s.t.players]
    assert lines[-1] == (f"pile, top first: {top.ability.name} of {s.t.names[top.card]} ({names[top.seat]}), "
                         f"{under.ability.name} of {s.t.names[under.card]} ({names[under.seat]})")
    assert lines[0].startswith(f"Turn {s.turn}: {names[s.active]}'s turn, ")


def test_the_board_wraps_between_cards_never_inside_a_name():
    view = {"turn": 3, "active": "Red", "phase": "main", "step": "main", "pile": [], "shared": {},
            "players": [{"name": "Red", "out": False, "counters": {"life": 20},
                         "zones": {"hand": [{"name": f"Queen of Hearts {i}"} for i in range(6)]}}]}
    assert board(view, 0, {"hand": "hand"}, 50) == [
        "Turn 3: Red's turn, main phase",
        "Red (you): life 20",
        "  hand: Queen of Hearts 0, Queen of Hearts 1,",
        "      Queen of Hearts 2, Queen of Hearts 3,",
        "      Queen of Hearts 4, Queen of Hearts 5",
    ]


def test_the_board_shows_the_table_values_a_none_as_a_dash():
    # Hearts' table: whether hearts are broken and the suit led, none before a trick's first card.
    game, _ = setup("hearts", {}, "human,random,random,random", None, [])
    state = game.new_initial_state(seed=3)
    assert board(observe(state.s, 0), 0, game.pack.roles, 80)[:2] == [
        "Hand 1: before the first trick", "table: hearts broken 0, led -"]
    view = {"turn": 2, "active": "Ann", "phase": "play", "step": None, "players": [], "pile": [], "shared": {},
            "table": {"trump": "hearts", "led": "clubs", "dealer": "Ann", "hearts_broken": 1}}
    assert board(view, None, {}, 40) == ["Turn 2: Ann's turn, play phase",
                                         "table: trump hearts, led clubs,",
                                         "    dealer Ann, hearts broken 1"]


def test_the_board_of_a_game_of_rounds_says_which_rounds_it_is_in():
    # Hearts plays hands of tricks: after the pass, trick 1 of hand 1; the turn number says less.
    game, _ = setup("hearts", {}, "human,random,random,random", None, [])
    state = game.new_initial_state(seed=3)
    while state.s.phase != "play":
        state.apply_action(0)
    assert headline(observe(state.s, 0)) == "Hand 1, trick 1: South's turn, play phase"
    view = {"turn": 40, "active": "Ann", "phase": "", "step": "", "rounds": {"match": 1, "hand": 2, "trick": 0, "leader": "Ann"}}
    assert headline(view) == "Match 1, hand 2: before the first trick"
    view["rounds"]["trick"] = 4
    assert headline(view) == "Match 1, hand 2, trick 4: between turns"
    assert headline({**view, "rounds": {}, "turn": 1}) == "Before the first turn"


def test_cards_side_by_side_that_read_the_same_are_counted():
    cards = [{"name": "face-down card"}] * 3 + [{"id": 7, "name": "Mind Stone"}, {"name": "face-down card"}]
    view = {"turn": 1, "active": "Red", "phase": None, "step": None, "players": [], "pile": [],
            "shared": {"discard": cards}}
    assert board(view, None, {}, 80) == ["Before the first turn", "discard: face-down card ×3, Mind Stone, face-down card"]


# ---------------------------------------------------------------- answers

def test_a_refused_answer_says_why_and_asks_again():
    t, _, _ = table([])
    n = len(t.state.legal_labels())
    t, how, out = table([str(n + 1), "0", "attack!", ""])
    assert how == "eof"
    assert (f"> {n + 1}\n{n + 1} is not one of the {n} options; type a number from 1 to {n}, or ? for help\n"
            f"> 0\n0 is not one of the {n} options; type a number from 1 to {n}, or ? for help\n"
            f'> attack!\n"attack!" is not an option; type a number from 1 to {n}, or ? for help\n'
            f"> \n> \n") in out
    assert t.state.s.history == table([])[0].state.s.history    # nothing was chosen


def test_an_option_is_chosen_by_its_number_or_its_text():
    before = table([])[0].state
    assert before.legal_labels()[0] == "pass"
    by_number, _, _ = table(["1"])
    by_text, _, _ = table(["PASS"])
    assert by_text.state.s.history == by_number.state.s.history
    assert by_text.state.s.history[len(before.s.history)] == (0, 0, "pass")


def test_help_lists_the_commands_then_the_options_again():
    t, _, out = table(["?", ""])
    labels = t.state.legal_labels()
    assert ("> ?\n"
            "Type the number of an option to choose it (or its text, such as: pass);\n"
            "where the options are numbers (a bid, X), type the number itself.\n"
            "Options that would read the same say which card each is: (tapped), (2nd in Ann's hand).\n"
            "  ?, help    this help\n"
            "  log [N]    the last N events you may see (10 unless given)\n"
            "  board      the board again\n"
            "  quit       stop the game (end of input, Ctrl-D, and Ctrl-C stop it too)\n"
            f"{t.state.prompt()}\n  1. {labels[0]}\n") in out


def test_log_prints_the_last_events_the_seat_may_read():
    t, _, out = table(["log 3", "log", "log x", ""])
    last = t.state.log_for(0)
    assert "> log 3\nthe last 3 events:\n" + "".join(f"  {line}\n" for line in last[-3:]) in out
    assert "> log\nthe last 10 events:\n" + "".join(f"  {line}\n" for line in last[-10:]) in out
    assert '> log x\n"x" is not a number of events; type log, or log 20 for the last 20\n> ' in out


def test_board_prints_the_whole_board_again():
    _, _, out = table(["board", ""])
    first, again = boards(out)[:2]
    assert first == again


def test_quit_stops_the_game():
    result = cardtable(*VS_RANDOM, input="1\nquit\n1\n")
    assert result.exit_code == 0
    assert re.search(r"> quit\ngame stopped after \d+ decisions \(turn \d+\)\n$", result.output)


# ---------------------------------------------------------------- stopping

def test_end_of_input_stops_the_game_with_exit_code_0():
    result = cardtable(*VS_RANDOM, input="1\n")
    assert result.exit_code == 0
    decisions = len(table(["1"])[0].state.s.history)
    assert result.output.endswith(f"> \ngame stopped after {decisions} decisions (turn {table(['1'])[0].state.s.turn})\n")


class Stopped(io.StringIO):
    """An input that is stopped at the first question: by Ctrl-C, or by SIGTERM."""

    def __init__(self, stop):
        super().__init__()
        self.stop = stop

    def readline(self, *args):
        raise self.stop


@pytest.mark.parametrize("stop, code", [(KeyboardInterrupt, 130), (Terminated, 143)], ids=["ctrl-c", "sigterm"])
def test_a_game_stopped_says_where_and_saves_it(stop, code):
    game, specs = setup("magic54", {}, "human,random", None, [])
    out, written = io.StringIO(), {}
    result = play(game, specs, 1, "magic54", Stopped(stop), out, save="g.jsonl",
                  write=lambda path, text: written.update({path: text}))
    assert result == code
    assert re.search(r"> \ngame stopped after \d+ decisions \(turn \d+\)\nsaved the game to g\.jsonl\n$", out.getvalue())
    record = json.loads(written["g.jsonl"])
    assert record["result"] is None and record["agents"] == ["human", "random"] and record["seed"] == 1


# ---------------------------------------------------------------- whole games

def test_a_whole_game_against_a_random_player_ends_with_the_result(tmp_path):
    log = tmp_path / "game.jsonl"
    result = cardtable("magic54", "--players", "human,random", "--seed", "3", "--save", str(log), input="1\n" * 3000)
    assert result.exit_code == 0
    record = json.loads(log.read_text(encoding="utf-8"))
    winner = ["Red", "Black"][record["result"].index(1.0)]
    decisions = len(record["decisions"])
    assert result.output.endswith(f"\nGame over: {winner} wins the game (turn {record['turns']}, {decisions} decisions).\n"
                                  f"saved the game to {log}\n")
    assert all(action == 0 for seat, action, _ in record["decisions"] if seat == 0)


def test_the_saved_record_plays_the_same_game_again(tmp_path):
    log = tmp_path / "game.jsonl"
    result = cardtable(*VS_RANDOM, "--save", str(log), input="2\n1\n1\n")
    assert result.exit_code == 0 and result.output.endswith(f"saved the game to {log}\n")
    record = json.loads(log.read_text(encoding="utf-8"))
    assert record["pack"] == "magic54" and record["source"] == "magic54" and record["version"]
    assert record["players"] == 2 and record["seed"] == 1 and record["agents"] == ["human", "random"]
    assert record["result"] is None
    t, _, _ = table(["2", "1", "1"])
    assert [tuple(d) for d in record["decisions"]] == t.state.s.history
    again = replay(game_for(record, load_pack("magic54", Report())), record)
    assert again.parted is None and again.done == len(record["decisions"])
    assert again.state.log == t.state.log


def test_hot_seat_shows_each_person_their_own_hand_only():
    t, _, out = table(["1"] * 60, players="human,human", seed=3)
    assert "\n— Black to decide —\n" in out and "\n— Red to decide —\n" in out
    seen = set()
    for lines in boards(out):
        shown = hands(lines)
        me = next(player for player in shown if player.endswith("(you)"))
        other = next(player for player in shown if not player.endswith("(you)"))
        seen.add(me)
        assert not re.fullmatch(r"\d+ cards?", shown[me])
        assert re.fullmatch(r"\d+ cards?", shown[other])
    assert seen == {"Red (you)", "Black (you)"}


def test_computer_players_alone_are_watched_to_the_end():
    result = cardtable("magic54", "--players", "random,random", "--seed", "2")
    assert result.exit_code == 0
    assert re.search(r"\nGame over: (Red|Black) wins the game \(turn \d+, \d+ decisions\)\.\n$", result.output)


# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize("args, message", [
    (["magic54", "--players", "human,random,random"],
     "error: Magic 54 is played by 2 players, but --players names 3 (human, random, random)\n"),
    (["magic54", "--players", "humn,random"],
     'error: no player named "humn"; did you mean "human"? (players: human, random, heuristic, mcts)\n'),
    (["magic54", "--players", "human:fast,random"], 'error: a human player has no settings: "human:fast"\n'),
    (["magic54", "--players", "human,"], 'error: "human," is not a list of players such as human,heuristic\n'),
    (["magic54", "--seat", "3"], "error: Magic 54 is played by at most 2 players: --seat takes 1 or 2, not 3\n"),
    (["magic54", "--option", "starting_life=0"], 'error: option "starting_life" must be at least 1, not 0\n'),
])
def test_bad_input_is_an_error_with_exit_code_1(args, message):
    result = cardtable(*args)
    assert result.exit_code == 1
    assert result.output == message


def test_a_deck_file_that_cannot_be_read_is_an_error(tmp_path):
    result = cardtable("magic54", "--deck", str(tmp_path / "missing.txt"))
    assert result.exit_code == 1
    assert result.output == f"{tmp_path / 'missing.txt'}: error: no such file\n"


def test_rules_that_break_down_stop_the_game_with_exit_code_1_and_keep_the_record(monkeypatch):
    from cardtable.interpreter.engine.game import GameState
    from cardtable.interpreter.engine.state import RuleError

    def broken(state, action):
        raise RuleError("the rules ran into an endless chain of effects")
    game, specs = setup("magic54", {}, "human,random", None, [])
    monkeypatch.setattr(GameState, "apply_action", broken)
    out, err, written = io.StringIO(), io.StringIO(), {}
    code = play(game, specs, 1, "magic54", io.StringIO("1\n"), out, err, save="g.jsonl",
                write=lambda path, text: written.update({path: text}))
    assert code == 1
    assert err.getvalue() == "error: the game stopped after 0 decisions: the rules ran into an endless chain of effects\n"
    assert out.getvalue().endswith("Type ? for help.\nsaved the game to g.jsonl\n")
    assert json.loads(written["g.jsonl"])["result"] is None


def test_rules_that_break_before_the_first_decision_keep_a_record_of_no_decisions(tmp_path):
    # The deal divides by 0 as the table is laid: the record says how to meet the same
    # game again, and replaying it breaks where the game did.
    folder = make(tmp_path, setup="let share be 6 / (count of players - 2)")
    log = tmp_path / "g.jsonl"
    result = cardtable(str(folder), "--players", "random,random", "--seed", "5", "--save", str(log))
    error = f'{folder / "pack.yaml"}:37:16: error: the game stopped on turn 1: "6 / (count of players - 2)" divides by 0\n'
    assert result.exit_code == 1
    assert (result.stderr, result.stdout) == (error, f"saved the game to {log}\n")
    record = json.loads(log.read_text())
    assert {k: record[k] for k in ("seed", "players", "agents", "decisions", "result", "turns")} == {
        "seed": 5, "players": 2, "agents": ["random", "random"], "decisions": [], "result": None, "turns": 1}
    again = CliRunner().invoke(main, ["replay", str(log)])
    assert again.exit_code == 1
    assert again.stderr == error.replace("the game", "game 1 (seed 5)")


def test_the_record_of_a_game_broken_before_its_first_decision_names_the_turn_it_stopped_on(tmp_path):
    # Turns pass with nobody deciding anything until the second one divides by 0: the
    # record says turn 2, as the error does.
    folder = make(tmp_path, setup="do nothing", turn="let share be 6 / (2 - turn)")
    log = tmp_path / "g.jsonl"
    result = cardtable(str(folder), "--players", "random,random", "--seed", "5", "--save", str(log))
    assert result.exit_code == 1
    assert result.stderr == f'{folder / "pack.yaml"}:43:24: error: the game stopped on turn 2: "6 / (2 - turn)" divides by 0\n'
    record = json.loads(log.read_text())
    assert (record["decisions"], record["result"], record["turns"]) == ([], None, 2)


def test_an_unknown_pack_is_reported_as_validate_reports_it():
    result = cardtable("magic45")
    assert result.exit_code == 1
    assert result.output.startswith('magic45:1:1: error: no pack named "magic45"; did you mean "magic54"?')


def test_seat_and_players_together_are_a_usage_error():
    result = cardtable("magic54", "--seat", "2", "--players", "human,random")
    assert result.exit_code == 2
    assert "Error: give --players or --seat, not both" in result.output


def test_seat_puts_the_person_in_that_seat_against_heuristic_players():
    result = cardtable("magic54", "--seat", "2", "--seed", "1")
    assert result.output.startswith("Magic 54, seed 1. Seats: Red (heuristic), Black (you). Type ? for help.\n")


# ---------------------------------------------------------------- a real terminal session

def test_the_command_reads_a_pipe_and_stops_when_it_closes(tmp_path):
    log = tmp_path / "game.jsonl"
    done = subprocess.run([sys.executable, "-m", "cardtable.cli", "play", *VS_RANDOM, "--save", str(log)],
                          input="?\n1\n", capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.startswith("Magic 54, seed 1. Seats: Red (you), Black (random). Type ? for help.\n")
    assert "> ?\nType the number of an option" in done.stdout
    assert re.search(r"> \ngame stopped after \d+ decisions \(turn \d+\)\nsaved the game to .*game\.jsonl\n$", done.stdout)
    assert json.loads(log.read_text(encoding="utf-8"))["result"] is None


def _ranked(tmp_path, seats: str):
    """Suits (tests/data/suits) for the `seats`: in a turn each, each person picks a number to
    add to their score, and the lowest scores place first."""
    return make(tmp_path, setup="do nothing", turn="you choose a number from 0 to 2 as n\nincrease score of you by n", **{
        "players: {min: 2, max: 4, first: 0, seats: [{name: Ann}, {name: Ben}, {name: Cleo}, {name: Dan}]}":
            f"players: {{min: 2, max: 6, first: 0, seats: [{seats}]}}",
        "end: {turn_limit: turn_limit}":
            "ranking:\n  - {by: score of it, best: lowest}\nend: {turn_limit: turn_limit, at_limit: ranking}"})


@pytest.mark.parametrize("seats, picked, ended, over", [
    ("{name: Ann}, {name: Ben}, {name: Cleo}", "012", "Ann 1st; Ben 2nd; Cleo 3rd",
     "the places are Ann 1st; Ben 2nd; Cleo 3rd"),
    # Two teams tied, then two players of their own: the teams' places, each team with its own.
    ("{name: Ann, team: red}, {name: Ben, team: blue}, {name: Cleo, team: red}, {name: Dan, team: blue}, "
     "{name: Eve}, {name: Fay}", "000012", "Ann and Cleo 1st; Ben and Dan 1st; Eve 3rd; Fay 4th",
     "the places are Ann and Cleo 1st; Ben and Dan 1st; Eve 3rd; Fay 4th"),
    ("{name: Ann}, {name: Ben}, {name: Cleo}, {name: Dan}, {name: Eve}", "01112", "Ann 1st; Ben, Cleo and Dan 2nd; Eve 5th",
     "the places are Ann 1st; Ben, Cleo and Dan 2nd; Eve 5th"),
    ("{name: Ann}, {name: Ben}, {name: Cleo}, {name: Dan}", "0001", "Ann, Ben and Cleo 1st; Dan 4th",
     "Ann, Ben and Cleo win the game"),
])
def test_the_end_of_a_ranked_game_reads_as_the_logs_end_line(tmp_path, seats, picked, ended, over):
    folder = _ranked(tmp_path, seats)
    people = ",".join(["human"] * len(picked))
    r = cardtable(str(folder), "--players", people, "--seed", "1", "--option", f"turn_limit={len(picked)}",
                  input="".join(f"{n}\n" for n in picked))
    assert r.exit_code == 0, r.output
    assert r.output.endswith(f"\nthe game ends: {ended}\n\nGame over: {over} (turn {len(picked)}, "
                             f"{len(picked)} decisions).\n")


def test_a_shared_deck_of_the_players_own_cards(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("60 Dryad Arbor\n30 Lightning Bolt\n", encoding="utf-8")
    cards = str(__import__("pathlib").Path(__file__).parent / "data" / "mtg" / "scryfall-sample.json")
    r = cardtable("pub_magic", "--players", "random,random,random", "--seed", "4", "--deck", str(deck),
                  "--cards", cards)
    assert r.exit_code == 0, r.output
    names = set(re.findall(r"(Dryad Arbor|Lightning Bolt|Forest|Grizzly Bears)", r.output))
    assert names == {"Dryad Arbor", "Lightning Bolt"}
    assert re.search(r"^Game over: Player \d wins the game", r.output, flags=re.M)


def test_a_choice_of_several_cards_says_how_many_and_which_so_far():
    r = cardtable("pub_magic", "--players", "human,random", "--seed", "1", input="2\n")
    lines = r.output.splitlines()
    asked = [line for line in lines if line.startswith("Player 1: choose the cards to discard face down")]
    assert asked[0] == "Player 1: choose the cards to discard face down (chosen 0 of 3)"
    first = lines[lines.index(asked[0]) + 2].split(". ", 1)[1]
    assert asked[1] == f"Player 1: choose the cards to discard face down (chosen 1 of 3: {first})"


# ---------------------------------------------------------------- what the terminal cannot take

def test_a_line_of_megabytes_is_no_answer_and_the_game_goes_on():
    t, how, out = table(["a" * 3_000_000, "2"])
    assert how == "eof" and len(t.state.history) >= 1
    said = [line for line in out.splitlines() if "is not an option" in line]
    assert said == ['"' + "a" * 60 + '..." (10,000 characters) is not an option; type a number from 1 to 3, or ? for help']
    assert len(out) < 50_000


def test_typed_escapes_are_echoed_escaped():
    _, _, out = table(["\x1b[2J\x1b]0;x\x07"])
    assert "> \\x1b[2J\\x1b]0;x\\x07\n" in out and "\x1b" not in out


class Unwritable(io.StringIO):
    def __init__(self, error: OSError, after: int):
        super().__init__()
        self.error, self.after = error, after

    def write(self, text):
        self.after -= 1
        if self.after < 0:
            raise self.error
        return super().write(text)


@pytest.mark.parametrize("error, said", [
    (OSError(28, "No space left on device"),
     "standard output: cannot show the game there: the disk is full; the game is saved to g.jsonl\n"),
    (BrokenPipeError(32, "Broken pipe"), ""),       # the reader went away (`| head`): no error of the game's
], ids=["full", "reader-gone"])
def test_a_screen_that_cannot_be_written_still_saves_the_game(error, said):
    game, specs = setup("magic54", {}, "human,random", None, [])
    err, written = io.StringIO(), {}
    result = play(game, specs, 1, "magic54", io.StringIO("2\n2\n2\n"), Unwritable(error, 20), err, save="g.jsonl",
                  write=lambda path, text: written.update({path: text}))
    assert (result, err.getvalue()) == (1, said)
    assert json.loads(written["g.jsonl"])["result"] is None


def test_a_closed_standard_output_is_said_before_the_game(tmp_path):
    done = subprocess.run(f"{sys.executable} -m cardtable.cli play magic54 --players human,random --seed 1 "
                          f"--save {tmp_path / 'g.jsonl'} >&-", shell=True, capture_output=True, text=True,
                          input="2\n", env={**os.environ, "PYTHONPATH": str(importable())})
    assert (done.returncode, done.stderr) == (1, "error: standard output: cannot show the game there: it is closed\n")


def test_ctrl_c_waits_while_the_record_is_written():
    # In a process of its own: signals are held in the thread that runs the command, the
    # main one, which a test run by pytest-xdist is not.
    code = ("import os, signal\n"
            "from cardtable.interpreter.play.terminal import _signals_held\n"
            "heard = []\n"
            "signal.signal(signal.SIGINT, lambda *_: heard.append('ctrl-c'))\n"
            "with _signals_held():\n"
            "    os.kill(os.getpid(), signal.SIGINT)\n"
            "    print(heard)\n"
            "print(heard)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(importable())})
    assert (done.stdout, done.stderr) == ("[]\n['ctrl-c']\n", "")


def test_a_choice_of_numbers_is_answered_with_the_number_itself(tmp_path):
    # Numbered as other options (1. 0, 2. 1, ...), typing a bid of 1 chose 0.
    assert CliRunner().invoke(main, ["new", str(tmp_path / "bids")]).exit_code == 0
    pack = tmp_path / "bids" / "pack.yaml"
    pack.write_text(pack.read_text().replace(
        "    p draws opening_hand cards",
        '    p draws opening_hand cards\n    p chooses a number from 0 to 3 as bid "how much life to gain?"\n'
        "    increase life of p by bid"))
    game, specs = setup(str(tmp_path / "bids"), {}, "human,random", None, [])
    out = io.StringIO()
    t = Table(game, specs, 1, io.StringIO("7\n1\nquit\n"), out, 120)
    t.play()
    lines = out.getvalue().splitlines()
    at = lines.index("Ann: how much life to gain?")
    assert lines[at + 1:at + 5] == ["  0  1  2  3   (type the number you choose)",
                                    "> 7",
                                    "7 is not one of the numbers offered (0, 1, 2, 3); type one of them, or ? for help",
                                    "> 1"]
    assert "Ann chooses 1 (how much life to gain?)" in lines
