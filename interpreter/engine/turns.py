"""The turn: the pack's phases and steps, turn after turn, until the game ends."""
from __future__ import annotations

from . import primitives, results, tables
from .events import boundary
from .running import checkpoint
from .script import run_script
from .turnorder import next_turn
from .limits import count
from .layers import stale
from .state import State


class TurnFrame:
    """Runs the pack's phases and steps, turn after turn, until the game ends; or, in a
    game with rounds (`single`), one turn of the active player, which a round then follows
    with the next (engine/rounds.py)."""
    __slots__ = ("phase", "step_i", "started", "single", "ending")

    def __init__(self, phase: int = 0, step_i: int = 0, started: bool = False, single: bool = False,
                 ending: tuple = ()):
        self.phase = phase
        self.step_i = step_i
        self.started = started
        self.single = single
        self.ending = ending      # with triggers at the end of something: the step and phase that end next

    def copy(self, envs):
        return TurnFrame(self.phase, self.step_i, self.started, self.single, self.ending)

    def step(self, s: State) -> None:
        pack = s.t.pack
        t = s.t
        # The checkpoint only when it has something to do (see running.checkpoint).
        if (s.dirty or s.events or t.unsettled or s.someone_out
                or (t.controlling and s.view is None)) and checkpoint(s):
            return
        if not self.started:
            self.started = True
            begin_turn(s)
            return
        if self.ending:
            # The step (and phase) whose script has run ends: its end triggers fire first.
            for name in self.ending:
                s.events.append(boundary("end", name, s.active))
            self.ending = ()
            return
        phases = pack.phases
        # A player who is out plays no more of their turn.
        if self.phase >= len(phases) or s.out[s.active]:
            if s.t.watches_ends and self.ending is not None and not s.out[s.active]:
                s.events.append(boundary("end", "turn", s.active))
                self.ending = None      # the turn's end is told once
                return
            end_turn(s, not self.single)
            self.phase = self.step_i = 0
            self.started = False
            self.ending = ()
            if self.single:
                s.frames.pop()
            return
        phase = phases[self.phase]
        step = phase.steps[self.step_i]
        self.step_i += 1
        if self.step_i >= len(phase.steps):
            self.phase += 1
            self.step_i = 0
        s.phase = phase.name
        s.step = step.name
        # What a step's beginning tells, makes again or resets: in most packs nothing (Table.plain_steps).
        if not t.plain_steps:
            if t.watches_ends:
                self.ending = (step.name,) if step.name == phase.name else \
                    (step.name, phase.name) if self.step_i == 0 else (step.name,)
            if pack.statics_timed and t.layered:
                stale(s)        # a static ability may hold only in some phases
            resets = pack.resets        # the units some counter is reset by
            if resets:
                if "phase" in resets and (self.step_i == 1 or len(phase.steps) == 1):
                    tables.reset(s, "phase")
                if "step" in resets:
                    tables.reset(s, "step")
            if t.watches_begins:
                if self.step_i == 1 or len(phase.steps) == 1:
                    s.events.append(boundary("begin", phase.name, s.active))
                if step.name != phase.name:
                    s.events.append(boundary("begin", step.name, s.active))
        if step.script:
            run_script(s, step.script, {"you": t.players[s.active]})


def begin_turn(s: State) -> None:
    s.decisions_this_turn = 0
    if s.t.layered:
        # The active player and the turn changed (in a round too, where end_turn does not
        # pass the turn): a static ability may read them.
        stale(s)
    tables.reset(s, "turn")
    if not s.quiet:
        s.say("turn", f"turn {s.turn} ({s.t.players[s.active].name})")
    if s.t.checks_see_turn:
        s.dirty = True          # checks that read the turn or the active player see it begin
    if s.t.watches_begins:
        s.events.append(boundary("begin", "turn", s.active))


def end_turn(s: State, advance: bool = True) -> None:
    """The turn is over: the limits are looked at, and (`advance`) the next seat's turn comes."""
    pack = s.t.pack
    s.phase = s.step = ""
    limit = s.t.options.get(pack.turn_limit_option) if pack.turn_limit_option and pack.limit_of == "turn" else None
    if limit is not None and s.turn >= limit:
        # The game ends with the last turn it played: a game drawn at a limit of 200 lasted 200 turns.
        results.limit_reached(s, f"the turn limit ({limit}) is reached")
        results.at_limit(s)
        return
    if s.turn >= pack.max_turns:
        # The engine's own limit, which a pack may raise but not remove: every game ends.
        results.limit_reached(s, f"the limit of {count(pack.max_turns)} turns is reached (end: max_turns)")
        primitives.finish(s, [])
        return
    if advance:
        s.turn += 1
        s.active = next_turn(s)
        if s.t.layered:
            stale(s)

