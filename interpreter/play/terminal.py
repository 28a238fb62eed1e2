"""Playing a pack in the terminal: people at the keyboard and computer players at
one table, or several people taking turns at one keyboard (hot-seat).

Plain lines in, plain lines out, flushed at every prompt: the same loop serves a
person at a terminal, `tmux send-keys` and a script writing to a pipe. Each person
is shown the board and the events as their seat may see them (`observe`,
`log_for`), never the raw state, so hidden cards stay hidden.
"""
from __future__ import annotations

import os
import random
import re
import signal
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import groupby
from typing import Callable

from ..diagnostics import Report, render
from ..diagnostics import shown as safe
from ..engine.game import Game, GameState, OptionError
from ..engine.limits import DIGITS
from ..engine.observe import cards_text
from ..engine.state import RuleError
from ..packs.loader import PackError, load_pack
from ..stopping import INTERRUPTED, TERMINATED, Terminated
from ..suggest import did_you_mean
from .agents import AGENTS, AgentError, make_agent, parse_spec
from ..packs.changes import ChangeError, changed
from ..packs.rulesets import ruleset_of
from .batch import SimulationError, deal_decks
from .narrate import outcome
from .records import dumps, game_record

HUMAN = "human"
DEFAULT_AGENT = "heuristic"
LOG_LINES = 10          # what `log` shows without a number
ANSWER = 10_000         # characters of an answer read: a line of megabytes is no answer

HELP = f"""\
Type the number of an option to choose it (or its text, such as: pass);\nwhere the options are numbers (a bid, X), type the number itself.
Options that would read the same say which card each is: (tapped), (2nd in Ann's hand).
  ?, help    this help
  log [N]    the last N events you may see ({LOG_LINES} unless given)
  board      the board again
  quit       stop the game (end of input, Ctrl-D, and Ctrl-C stop it too)"""


class PlayError(ValueError):
    """A pack, option, player list or deck that cannot make a game. `report` holds
    the pack's problems, worded as `validate` words them, when the pack is at fault."""

    def __init__(self, message: str, report: str | None = None):
        super().__init__(message)
        self.report = report


# ------------------------------------------------------------------ the table

def parse_players(text: str) -> list[str]:
    """`human,heuristic`: who sits in each seat, each name checked."""
    specs = [part.strip() for part in text.split(",")]
    if not all(specs):
        raise PlayError(f'"{text}" is not a list of players such as human,heuristic')
    for spec in specs:
        name = spec.split(":")[0]
        if name == HUMAN:
            if spec != HUMAN:
                raise PlayError(f'a human player has no settings: "{spec}"')
            continue
        if name not in AGENTS:
            raise PlayError(f'no player named "{name}"{did_you_mean(name, [HUMAN, *AGENTS])} '
                            f'(players: {HUMAN}, {", ".join(AGENTS)})')
        try:
            parse_spec(spec)
        except AgentError as e:
            raise PlayError(str(e)) from None
    return specs


def setup(pack_name: str, options: dict, players: str | None, seat: int | None,
          deck_files: list, card_files: list = (), ruleset: str | None = None) -> tuple[Game, list[str]]:
    """The game and who sits in each seat. Without `players`, one person sits in
    `seat` (counted from 1) against computer players: as many as the pack needs, or
    more to fill the seats up to that one. `ruleset`: one of the pack's rulesets."""
    report = Report()
    try:
        pack = load_pack(pack_name, report)
    except PackError:
        raise PlayError("the pack is not valid", render(report, "text")) from None
    specs = table_specs(pack, players, seat)
    return table_game(pack, options, specs, deck_files, card_files, ruleset), specs


def table_specs(pack, players: str | None, seat: int | None) -> list[str]:
    """Who sits in each seat: the list `players`, or one person in `seat` (counted
    from 1) against computer players, as many as the pack needs, or more to fill the
    seats up to that one. Raises PlayError for a table the pack is not played at."""
    if players is not None:
        specs = parse_players(players)
    else:
        seat = seat or 1
        most = pack.max_players
        if seat > most:
            seats = " or ".join(map(str, range(1, most + 1))) if most < 3 else f"1 to {most}"
            raise PlayError(f"{pack.name} is played by at most {most} players: --seat takes {seats}, not {seat}")
        specs = [DEFAULT_AGENT] * max(pack.min_players, seat)
        specs[seat - 1] = HUMAN
    lo, hi = pack.min_players, pack.max_players
    if not lo <= len(specs) <= hi:
        count = f"{lo}" if lo == hi else f"{lo} to {hi}"
        raise PlayError(f"{pack.name} is played by {count} players, but --players names "
                        f"{len(specs)} ({', '.join(specs)})")
    return specs


def table_game(pack, options: dict, specs: list, deck_files: list, card_files: list = (),
               ruleset: str | None = None) -> Game:
    """The game of a table of players `specs` (one a seat), its decks dealt from the deck
    list files, played by one of the pack's rulesets if named; raises PlayError for an
    option, a deck or a ruleset the pack refuses."""
    try:
        chosen = ruleset_of(pack, ruleset)
        options = {**(chosen.options if chosen else {}), **options}
        decks = deal_decks(Game(pack, options, len(specs), deals=False), pack, deck_files, card_files)
        pack, decks = changed(pack, chosen.changes if chosen else (), decks)
        return Game(pack, options, len(specs), decks)
    except (OptionError, SimulationError, ChangeError) as e:
        raise PlayError(str(e)) from None


class _Stop(Exception):
    """The game stops: `how` is "quit" or "eof" (a person), or "output" (the screen
    cannot be written)."""

    def __init__(self, how: str):
        super().__init__(how)
        self.how = how


@dataclass
class Table:
    """One game in progress and the people and computer players at it."""
    game: Game
    specs: list                  # per seat: "human" or an agent spec
    seed: int
    stdin: object
    stdout: object
    width: int = 80
    state: GameState = field(init=False)
    shown: int = 0               # log lines printed so far
    boards: dict = field(default_factory=dict)    # seat -> the board it was last shown
    viewer: int | None = None    # the person who last looked at the screen

    def __post_init__(self):
        self.state = self.game.new_initial_state(seed=self.seed)
        # Seeded as batches seed them, so a saved game's computer players can be met again.
        self.agents = [None if spec == HUMAN else make_agent(spec, f"{self.seed}:{seat}")
                       for seat, spec in enumerate(self.specs)]
        self.humans = [seat for seat, agent in enumerate(self.agents) if agent is None]
        # Hot-seat announces even the first person to decide: nobody has sat down yet.
        self.viewer = self.humans[0] if len(self.humans) == 1 else None
        # Typed answers do not appear in the output when they come from a pipe; echoing
        # them makes the output read as the session it was.
        self.echo = self.stdin is not None and not _isatty(self.stdin)
        self.midline = False
        self.lost: OSError | None = None    # why the screen could not be written, if it could not

    # ------------------------------------------------------------- output
    def write(self, text: str) -> None:
        # Marked before the text is out: Ctrl-C right after the prompt still ends its line.
        self.midline = not text.endswith("\n")
        try:
            self.stdout.write(text)
            self.stdout.flush()
        except OSError as e:        # the screen cannot be written (full, its reader gone)
            self.lost = e
            raise _Stop("output") from None

    def say(self, *lines: str) -> None:
        self.write("".join(line + "\n" for line in lines))

    def name(self, seat: int) -> str:
        return self.state.seat_names[seat]

    def banner(self) -> str:
        one = len(self.humans) == 1
        seats = ", ".join(f"{self.name(seat)} ({'you' if one and spec == HUMAN else spec})"
                          for seat, spec in enumerate(self.specs))
        return f"{self.game.pack.name}, seed {self.seed}. Seats: {seats}. Type ? for help."

    def show_events(self, seat: int | None) -> None:
        log = self.state.log if seat is None else self.state.log_for(seat)
        if len(log) > self.shown:
            self.say(*log[self.shown:])
            self.shown = len(log)

    def show_board(self, seat: int, full: bool = False) -> None:
        """The whole board when it changed since this seat last saw it (or on
        request); otherwise only the line saying whose turn and which phase."""
        header, *body = board(self.state.observation(seat), seat, self.game.pack.roles, self.width)
        if full or self.boards.get(seat) != body:
            self.boards[seat] = body
            self.say("", header, *body, "")
        else:
            self.say("", header)

    def show_options(self) -> None:
        labels = self.state.shown_labels()
        if _numbers(labels):
            # A choice of numbers (a bid, X) is answered with the number itself: numbered
            # options 1. 0, 2. 1... had "1" bid 0.
            self.say(self.state.prompt(), "  " + "  ".join(labels) + "   (type the number you choose)")
            return
        digits = len(str(len(labels)))
        self.say(self.state.prompt(), *(f"  {i:>{digits}}. {label}" for i, label in enumerate(labels, 1)))

    # ------------------------------------------------------------- input
    def read(self) -> str:
        self.write("> ")
        try:
            line = self.stdin.readline(ANSWER) if self.stdin is not None else ""
            if len(line) == ANSWER and not line.endswith("\n"):
                self._skip_line()       # no answer is that long: the rest is not kept
        except UnicodeDecodeError:
            line = "\ufffd\n"
        if not line:
            raise _Stop("eof")
        if self.echo:
            self.write(safe(line.rstrip("\n")) + "\n")        # typed escapes do not drive the terminal
        self.midline = False
        return line.strip()

    def _skip_line(self) -> None:
        while True:
            rest = self.stdin.readline(ANSWER)
            if not rest or rest.endswith("\n"):
                return

    def ask(self, seat: int) -> int:
        # A person who has just sat down at a shared keyboard needs the whole board.
        arrived = len(self.humans) > 1 and seat != self.viewer
        if arrived:
            self.say("", f"— {self.name(seat)} to decide —")
        self.viewer = seat
        self.show_events(seat)
        self.show_board(seat, full=arrived)
        self.show_options()
        while True:
            action = self.answer(self.read(), seat)
            if action is not None:
                return action

    def answer(self, text: str, seat: int) -> int | None:
        """The option a line chooses, or None when it was a command or refused."""
        labels = self.state.legal_labels()
        n = len(labels)
        choose = f"type a number from 1 to {n}" if n > 1 else "type 1"
        command, _, rest = text.lower().partition(" ")
        if not text:
            return None
        if command in ("?", "help"):
            self.say(HELP)
        elif command == "log":
            if not self.show_log(seat, rest.strip()):
                return None
        elif command == "board":
            self.show_board(seat, full=True)
        elif command in ("quit", "exit"):
            raise _Stop("quit")
        elif _numbers(labels) and re.fullmatch(r"[+-]?\d+", text):
            if text.lstrip("+") in labels:
                return labels.index(text.lstrip("+"))
            self.say(safe(f"{text[:20]} is not one of the numbers offered ({', '.join(labels)}); "
                          f"type one of them, or ? for help"))
            return None
        elif re.fullmatch(r"[+-]?\d+", text):
            # A number of thousands of digits is no option (and Python would refuse to read it).
            number = int(text) if len(text) <= DIGITS else None
            if number is not None and 1 <= number <= n:
                return number - 1
            many = f"one of the {n} options" if n > 1 else "an option: there is only 1"
            said = text if number is not None else f"{text[:12]}... ({len(text)} digits)"
            self.say(f"{said} is not {many}; {choose}, or ? for help")
            return None
        else:
            # The option as shown, or as a script names it: the first that reads so.
            typed = text.casefold()
            for names in (self.state.shown_labels(), labels):
                folded = [label.casefold() for label in names]
                if typed in folded:
                    return folded.index(typed)
            self.say(safe(f'"{text}" is not an option; {choose}, or ? for help'))
            return None
        self.show_options()
        return None

    def show_log(self, seat: int, count: str) -> bool:
        if count and not (count.isdecimal() and len(count) <= DIGITS and int(count) > 0):
            self.say(safe(f'"{count}" is not a number of events; type log, or log 20 for the last 20'))
            return False
        lines = self.state.log_for(seat)[-int(count or LOG_LINES):]
        self.say(f"the last {len(lines)} event{'s' if len(lines) != 1 else ''}:", *(f"  {line}" for line in lines))
        return True

    # ------------------------------------------------------------- the game
    def play(self) -> str:
        """Plays until the game ends or a person stops it: "finished", "quit",
        "eof", "output" (the screen cannot be written), "interrupted" (Ctrl-C) or
        "terminated" (SIGTERM)."""
        state = self.state
        try:
            self.say(self.banner())
            while not state.is_terminal():
                seat = state.current_player()
                agent = self.agents[seat]
                state.apply_action(self.ask(seat) if agent is None else agent.choose(state))
                # With one person, the others' moves are shown as they happen; with
                # several, only the next person to decide may read them, so they wait.
                if len(self.humans) <= 1:
                    self.show_events(self.viewer)
            self.show_events(self.viewer)
            return "finished"
        except _Stop as stop:
            return stop.how
        except KeyboardInterrupt:
            return "interrupted"
        except Terminated:
            return "terminated"
        finally:
            if self.midline and self.lost is None:
                self.write("\n")

    def record(self, source: str, cards=(), ruleset: str | None = None) -> dict:
        return _record(self.game, self.state, self.seed, self.specs, source, cards, ruleset)


def _record(game: Game, state: GameState | None, seed: int, specs: list, source: str, cards=(),
            ruleset: str | None = None, turn: int = 1) -> dict:
    record = game_record(game, state, seed, source, specs, cards, turn)
    if ruleset:
        record["ruleset"] = ruleset
    return record


def play(game: Game, specs: list, seed: int | None, source: str, stdin, stdout, stderr=None,
         save: str | None = None, write: Callable[[str, str], None] | None = None, width: int = 80,
         cards: list = (), ruleset: str | None = None) -> int:
    """A whole session: the game, the result or where it stopped, the record saved
    with `write(path, text)` when `save` is given (with the name of the `ruleset` played). Returns the exit code: 0 when the
    game ended or a person stopped it, 130 after Ctrl-C, 143 after SIGTERM, 1 when the rules broke down."""
    if seed is None:
        seed = random.randrange(1_000_000)
    table = None
    turn = 1
    try:
        table = Table(game, specs, seed, stdin, stdout, width)
        how = table.play()
    except RuleError as e:
        # A pack whose rules break down mid-game: say where, and keep the game for a report.
        decisions = len(table.state.history) if table else None
        (stderr or stdout).write(e.located("the game", decisions) + "\n")
        how, turn = "broken", e.turn or turn
    else:
        state = table.state
        decisions = len(state.history)
        if how == "finished":
            table.say("", f"Game over: {outcome(state)} (turn {state.turn}, {decisions} decisions).")
        elif how != "output":
            table.say(f"game stopped after {decisions} decision{'s' if decisions != 1 else ''} (turn {state.turn})")
    if save is not None:
        # Rules that broke before the first decision leave no table: the record holds
        # none, and replaying it breaks where the game did.
        record = table.record(source, cards, ruleset) if table else _record(game, None, seed, specs, source, cards,
                                                                            ruleset, turn)
        with _signals_held():       # a second Ctrl-C must not stop the record half-saved
            write(save, dumps(record) + "\n")
        if save != "-" and how != "output":     # standard output ends with the record itself
            stdout.write(f"saved the game to {save}\n")
    if how == "output":
        _output_lost(table.lost, save, stderr)
        _quiet(stdout)
        return 1
    stdout.flush()
    return {"interrupted": INTERRUPTED, "terminated": TERMINATED, "broken": 1}.get(how, 0)


def _output_lost(e: OSError, save: str | None, stderr) -> None:
    """The game's screen could not be written: said on standard error, but for a reader
    that went away (`| head`), which is no error of the game's."""
    if isinstance(e, BrokenPipeError) or stderr is None:
        return
    from ..outfiles import os_reason
    saved = f"; the game is saved to {save}" if save not in (None, "-") else ""
    stderr.write(f"standard output: cannot show the game there: {os_reason(e)}{saved}\n")


def _quiet(stdout) -> None:
    """What is left in the buffer of a screen that cannot be written goes nowhere, so that
    Python's last flush as it exits says nothing of it."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), stdout.fileno())
    except (OSError, AttributeError, ValueError):
        pass


@contextmanager
def _signals_held():
    """Ctrl-C and SIGTERM wait until the block is done (where the system allows it)."""
    held = {signal.SIGINT, signal.SIGTERM}
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, held)


# ------------------------------------------------------------------ the board

def _numbers(labels: list) -> bool:
    """Whether every option is a whole number (a choice of a number), answered by itself."""
    return bool(labels) and all(re.fullmatch(r"-?\d+", label) for label in labels)


def headline(view: dict) -> str:
    """Where the game is: "Turn 3: Ann's turn, main phase", or in a game of rounds the
    rounds begun, from the outermost ("Hand 2, trick 5: East's turn, play phase")."""
    phase, step = _words(view["phase"]), _words(view["step"])
    units = [(_words(name), n) for name, n in view.get("rounds", {}).items() if name != "leader"]
    begun = [f"{name} {n}" for name, n in units if n]
    if not phase and (begun or view["turn"] == 1):
        # The pack's setup (dealing, discarding), or a round's before its first turn.
        ahead = next((name for name, n in units if not n), None)
        before = f"before the first {ahead}" if ahead and begun else "before the first turn" if not begun else "between turns"
        return _capital(f"{', '.join(begun)}: {before}" if begun else before)
    where = ", ".join(begun) if begun else f"turn {view['turn']}"
    return _capital(f"{where}: {view['active']}'s turn") + (f", {phase} phase" if phase else "") + (
        f", {step} step" if step and step != phase else "")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def board(view: dict, viewer: int | None, roles: dict, width: int = 80) -> list[str]:
    """The board of an observation as lines: whose turn and which phase first, then
    the pack's table values (the trump, the suit led; none as "-"), each player's counters (none as "-") and zones (the viewer's own hand, the others' as counts),
    the shared zones and the pile of effects waiting to resolve, top first."""
    lines = [headline(view)]
    if view.get("table"):
        values = [f"{_words(k)} {'-' if v is None else v}" for k, v in view["table"].items()]
        lines += _wrap("table: ", values, "", width)
    always = {roles.get("hand"), roles.get("play")}
    for seat, player in enumerate(view["players"]):
        counters = [f"{_words(k)} {'-' if v is None else v}" for k, v in player["counters"].items()]
        tags = (" (you)" if seat == viewer else "") + (" (out)" if player["out"] else "")
        head = f"{player['name']}{tags}"
        lines += _wrap(f"{head}: ", counters, "", width) if counters else [head]
        for zone, cards in player["zones"].items():
            if cards or zone in always:
                lines += _wrap(f"{zone}: ", _items(cards), "  ", width)
    pile_zone = roles.get("pile")
    for zone, cards in view["shared"].items():
        if zone != pile_zone and cards:
            lines += _wrap(f"{zone}: ", _items(cards), "", width)
    if pile_zone is not None or view["pile"]:
        effects = [f"{e['ability']} of {e['card']} ({e['player']})" for e in reversed(view["pile"])]
        lines += _wrap("pile, top first: " if effects else "pile: ", effects or ["-"], "", width)
    return lines


def _words(name: str | None) -> str:
    return name.replace("_", " ") if name else ""


def _items(cards) -> list[str]:
    """Each card's text apart, so that a long zone is wrapped between cards, not in a
    name; cards side by side that read the same (face-down cards) are counted."""
    if isinstance(cards, dict) or not cards:
        return [cards_text(cards)]
    runs = [(text, len(list(same))) for text, same in groupby(cards_text([card]) for card in cards)]
    return [text if n == 1 else f"{text} ×{n}" for text, n in runs]


def _wrap(head: str, items: list[str], indent: str, width: int) -> list[str]:
    """`head` and the items after it, comma-separated, on as many lines as `width` needs."""
    lines, line = [], indent + head
    for i, item in enumerate(items):
        item += "," if i < len(items) - 1 else ""
        if i and len(line) + 1 + len(item) > max(width, 40):
            lines.append(line)
            line = indent + "    " + item
        else:
            line += (" " if i else "") + item
    return lines + [line]


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
