"""Games at the workbench's tables: people and computer players, undo, and a
position saved as a scenario.

A table keeps the position before each decision taken (a clone: cheap), so that
undoing to any earlier decision is taking that clone back. What a page shows of a
table is one seat's view, from the observation API and the seat's log: a card the
seat may not see never reaches the page, nor do the labels of others' decisions.
"""
from __future__ import annotations

import itertools
import secrets
import threading
import time
from dataclasses import dataclass, field

from ..interpreter.engine.decisions import IllegalAction
from ..interpreter.engine.game import Game, GameState
from ..interpreter.engine.state import RuleError
from ..interpreter.play.agents import make_agent
from ..interpreter.play.agents import registry as thinking
from ..interpreter.play.narrate import outcome
from ..interpreter.play.records import dumps, game_record
from ..interpreter.play.terminal import HUMAN

LOG_SHOWN = 60          # the last lines of the log a page shows
THINKING = 120          # seconds a computer player may think over one decision at a table
PLAYING = 300           # seconds the computer players may play on at a table before a person decides
BROKE = "The rules broke down"      # the heading of what stopped a game, unless a player thought too long
_ids = itertools.count(1)


class Stop(threading.Event):
    """What stops a table's computer players: the workbench forgetting the table (`set`),
    or the workbench closing (`closing`, one event for every table, also those being made)."""

    def __init__(self, closing: threading.Event | None = None):
        super().__init__()
        self.closing = closing

    def is_set(self) -> bool:
        return super().is_set() or self.closing is not None and self.closing.is_set()


class TableError(Exception):
    """A move or a request a table refuses; the message says why (a 4xx)."""


@dataclass
class Table:
    id: str
    pack_key: str
    game: Game
    specs: list                 # per seat: "human" or an agent
    seed: int
    source: str                 # the pack as a record names it
    state: GameState = field(init=False)
    before: list = field(default_factory=list)   # the position before each decision taken
    mark: int = 0               # the decision a scenario starts at (its setup is the position then)
    broken: str | None = None   # the rules broke down (or a computer player thought too long): where and why
    halted: str = BROKE         # the heading of `broken`
    resumable: bool = False     # stopped for the time the computer players took: they may play on
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    stop: Stop = field(default_factory=Stop, repr=False)

    def __post_init__(self):
        self.agents = [None if spec == HUMAN else make_agent(spec, f"{self.seed}:{seat}")
                       for seat, spec in enumerate(self.specs)]
        try:
            self.state = self.game.new_initial_state(seed=self.seed)
        except RuleError as e:      # the pack's setup broke: there is no table to show
            raise TableError(e.located("the game")) from None
        self.play_agents()

    @property
    def humans(self) -> list[int]:
        return [seat for seat, spec in enumerate(self.specs) if spec == HUMAN]

    @property
    def names(self) -> tuple:
        return self.state.seat_names

    def _apply(self, action: int) -> None:
        self.before.append(self.state.clone())
        try:
            self.state.apply_action(action)
        except RuleError as e:
            self.broken = e.located("the game", len(self.state.history))
            raise TableError(self.broken) from None

    def play_agents(self) -> None:
        """The computer players decide until a person must, or the game is over. One that
        thinks more than THINKING seconds over a decision is stopped (its settings may ask
        for hours): the game halts before that decision, and the page says why. So do they
        all after PLAYING seconds without a person deciding: a pack's rules may take a second
        over each of a hundred thousand turns, and the request that waits, and the thread
        that plays, would wait and play for days. Rules that break halt the game too."""
        until = time.monotonic() + PLAYING
        with thinking.watched(self.stop, THINKING):
            while self.broken is None and not self.state.is_terminal():
                seat = self.state.current_player()
                agent = self.agents[seat]
                if agent is None:
                    return
                if self.stop.is_set():      # forgotten, or the workbench closes: no page shows it
                    return
                if time.monotonic() > until:
                    self.halted = "The game stopped"
                    self.resumable = True
                    self.broken = (f"the computer players played for more than {PLAYING:g} seconds without a person "
                                   f"deciding, and were stopped before decision {len(self.state.history) + 1} (turn "
                                   f"{self.state.turn}): the workbench's tables play {PLAYING:g} seconds at a time "
                                   f"(Play on gives them as long again); `cardtable simulate` plays games of "
                                   f"computer players to their end")
                    return
                thinking.deciding()
                try:
                    action = agent.choose(self.state)
                except thinking.Interrupted:
                    self.halted = "The game stopped"
                    self.broken = (f"{self.names[seat]}, a computer player ({self.specs[seat]}), thought more than "
                                   f"{THINKING} seconds over decision {len(self.state.history) + 1} (turn "
                                   f"{self.state.turn}), and was stopped: the workbench plays computer players "
                                   f"that decide within {THINKING} seconds (fewer playouts, a shorter time)")
                    return
                try:
                    self._apply(action)
                except TableError:      # self.broken says where the rules broke: the page shows it
                    return

    def play_on(self) -> None:
        """The computer players, stopped for the time they took (PLAYING), play on as long again."""
        if not self.resumable:
            raise TableError("the computer players are not stopped for the time they took: nothing to play on")
        self.broken, self.halted, self.resumable = None, BROKE, False
        self.play_agents()

    def forget(self) -> None:
        """The workbench forgets the table (it keeps the latest ones): its computer players stop."""
        self.stop.set()

    def choose(self, seat: int, action: int, at: int) -> None:
        """Seat `seat` answers option `action` of the decision numbered `at` (the count of
        decisions taken when the page was drawn: a page left behind cannot answer twice)."""
        state = self.state
        if self.broken is not None:
            raise TableError(self.broken)
        if state.is_terminal():
            raise TableError("the game is over: no decision is open")
        if at != len(state.history):
            raise TableError("the game has moved on since this page was drawn: look again")
        if state.current_player() != seat:
            raise TableError(f"it is {self.names[state.current_player()]}'s decision, not {self.names[seat]}'s")
        if self.agents[seat] is not None:
            raise TableError(f"{self.names[seat]} is a computer player ({self.specs[seat]})")
        try:
            if not 0 <= action < len(state.legal_actions()):
                raise IllegalAction(f"{action} is not one of the {len(state.legal_actions())} options offered "
                                    f"to {self.names[seat]}")
        except IllegalAction as e:
            raise TableError(str(e)) from None
        self._apply(action)
        self.play_agents()

    def undo(self, to: int) -> None:
        """Back to the position before decision `to` (0 is the first), a person's."""
        if not 0 <= to < len(self.before):
            raise TableError(f"there is no decision {to + 1} to go back to")
        seat = self.before[to].current_player()
        if self.agents[seat] is not None:
            raise TableError(f"decision {to + 1} was {self.names[seat]}'s, a computer player's: go back to one of a person's")
        self.state = self.before[to].clone()
        del self.before[to:]
        self.broken = None
        self.halted = BROKE
        self.resumable = False
        self.mark = min(self.mark, to)

    def record(self) -> dict:
        return game_record(self.game, self.state, self.seed, self.source, self.specs)

    # --------------------------------------------------------------- views
    def view(self, seat: int) -> dict:
        """What the page of seat `seat` shows: nothing the seat may not see."""
        state = self.state
        deciding = None if state.is_terminal() or self.broken else state.current_player()
        observed = state.observation(seat)
        mine = deciding == seat and self.agents[seat] is None
        return {
            "seat": seat, "names": self.names, "view": observed, "deciding": deciding,
            "prompt": state.prompt() if mine else None,
            # As a person reads them (two Bears told apart); the page answers with an option's number.
            "options": state.shown_labels() if mine else [],
            "log": state.log_for(seat)[-LOG_SHOWN:],
            "over": state.is_terminal(),
            "result": outcome(state) if state.is_terminal() else None,
            "broken": self.broken, "halted": self.halted, "resumable": self.resumable, "turn": state.turn, "at": len(state.history),
            "history": self.history(seat), "mark": self.mark,
            "roles": self.game.pack.roles,
        }

    def history(self, seat: int) -> list[dict]:
        """The decisions taken, as seat `seat` may read them: its own with their labels,
        the others' only as whose they were."""
        out = []
        for k, (who, _, _) in enumerate(self.state.history):
            out.append({"k": k, "who": self.names[who], "label": self.shown(k) if who == seat else None,
                        "undo": self.agents[who] is None and k < len(self.before)})
        return out

    def shown(self, k: int) -> str:
        """Decision `k`'s answer as the page showed it (told apart from the options that
        read the same: "Attack: Bear (tapped)"), from the position kept before it."""
        _, action, label = self.state.history[k]
        return self.before[k].shown_labels()[action] if k < len(self.before) else label

    def next_person(self) -> int | None:
        state = self.state
        if state.is_terminal() or self.broken:
            return None
        seat = state.current_player()
        return seat if self.agents[seat] is None else None


def new_table(pack_key: str, game: Game, specs: list, seed: int | None, source: str,
              closing: threading.Event | None = None) -> Table:
    seed = secrets.randbelow(1_000_000) if seed is None else seed
    return Table(f"{next(_ids)}-{secrets.token_hex(4)}", pack_key, game, specs, seed, source, stop=Stop(closing))


def record_line(table: Table) -> str:
    return dumps(table.record()) + "\n"
