"""Where a scenario's game may stop: as a step begins, or when a turn is over.

A scenario plays its pack through a copy made here, which differs from the pack in
two ways, neither of which changes what the rules do. It asks every decision, even
one with a single option, so that the runner sees each (and takes it itself when
the pack would have: `auto_single`). And, when the scenario stops its game
somewhere (`until:`), each step's script begins with a stop and the last step of
the turn ends with one: the game pauses there, with a decision of kind "pause" that
no player makes, whose prompt says where and whose one option's value is the point
(the turn, and the place in it). The runner goes on from every pause but the one
its `until:` names.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Callable

from ..diagnostics import Report
from ..engine.decisions import Decision, Option
from ..engine.model import Pack
from ..engine.running import checkpoint
from ..lang.compiler import Compiler, Names, Scope, Snippet
from ..lang.static_types import PLAYER
from ..suggest import did_you_mean
from .yamlpos import position

PAUSE = "pause"
END = (10 ** 9,)       # the place of a turn's end among its steps (phase index, step index): after every one


@dataclass
class Target:
    """A point of the game: `turn` (None: the next time it comes), and the place in
    the turn, (phase index, step index) or END; or, with `holds`, the first decision
    (a pause among them) where a condition holds."""
    turn: int | None
    place: tuple
    said: str            # the point in a designer's words: "turn 3's combat_damage step"
    holds: Callable | None = None   # holds(state): whether the condition of `until: {condition: ...}` holds

    def compare(self, point: tuple) -> int:
        """Where the game's `point` (turn, place) is: -1 before this one, 0 at it, 1 past it."""
        if self.holds is not None:
            return -1           # a condition is looked at every decision (Run._settle), not at a point
        turn, place = point
        if self.turn is None:
            return 0 if place == self.place else -1
        here, there = (turn, place), (self.turn, self.place)
        return (here > there) - (here < there)


def stoppable(pack: Pack, stops: bool) -> Pack:
    """The copy of `pack` a scenario plays (see the module's text); with `stops`, its
    game pauses as each step begins and as each turn ends."""
    phases = []
    last = len(pack.phases) - 1
    for pi, phase in enumerate(pack.phases):
        steps = []
        for si, step in enumerate(phase.steps):
            script = step.script
            if stops:
                script = (_stop_op((pi, si)), *(script or ()))
                if pi == last and si == len(phase.steps) - 1:
                    script = (*script, _end_op)
            steps.append(dataclasses.replace(step, script=script))
        phases.append(dataclasses.replace(phase, steps=tuple(steps)))
    return dataclasses.replace(pack, phases=tuple(phases), auto_single=False)


def _pause(s, place: tuple, where: str) -> None:
    s.decision = Decision(s.active, where, (Option("go on", (s.turn, place)),), _go_on, PAUSE)


def _go_on(s, value) -> None:
    """The game goes on from where it paused."""


def _stop_op(place: tuple):
    def stop(s, env):
        word = "phase" if s.step == s.phase else "step"
        _pause(s, place, f"as turn {s.turn}'s {s.step} {word} begins")
    return stop


def _end_op(s, env) -> None:
    s.frames.append(TurnEndFrame())


class TurnEndFrame:
    """The pause at the end of a turn, once the rules have been checked as they are
    before the turn ends (the turn frame checks them then too: nothing changes)."""
    __slots__ = ()

    def copy(self, envs):
        return TurnEndFrame()

    def step(self, s) -> None:
        if checkpoint(s):
            return
        s.frames.pop()
        _pause(s, END, f"at the end of turn {s.turn}")


def stop_target(pack: Pack, spec: dict, fail, seats: tuple = ()) -> Target:
    """The point an `until:` names: `{end_of_turn: N}`, `{condition: TEXT}`, or a turn, a
    phase and a step, each optional (a phase alone: its first step; a turn alone: its
    start). `seats`: the names of the game's players, which a condition may read."""
    for alone in ("end_of_turn", "condition"):
        others = [key for key in ("turn", "phase", "step", "end_of_turn") if key in spec and key != alone]
        if alone in spec and others:      # it would be passed over without a word
            fail(spec, others[0], f"until: {alone} is a point of its own: give it without {others[0]}")
    if "condition" in spec:
        return Target(None, (), f'"{spec["condition"]}" holds', _condition(pack, spec, fail, seats))
    if "end_of_turn" in spec:
        n = spec["end_of_turn"]
        return Target(n, END, f"the end of turn {n}")
    phases = [p.name for p in pack.phases]
    pi = si = 0
    if "phase" in spec:
        if spec["phase"] not in phases:
            fail(spec, "phase", f'unknown phase "{spec["phase"]}"{pack.declarations.near("phase", spec["phase"])}')
        pi = phases.index(spec["phase"])
    if "step" in spec:
        pi, si = _step_place(pack, spec, pi, fail)
    turn = spec.get("turn")
    if "phase" not in spec and "step" not in spec:
        return Target(turn, (0, 0), f"the start of turn {turn}")
    step = pack.phases[pi].steps[si].name
    said = f"{step} step" if "step" in spec and step != pack.phases[pi].name else f"{pack.phases[pi].name} phase"
    return Target(turn, (pi, si), f"turn {turn}'s {said}" if turn is not None else f"the next {said}")


def _condition(pack: Pack, spec, fail, seats: tuple) -> Callable:
    """The condition of `until: {condition: TEXT}` compiled with the pack's names, as a
    phase's script is (`you` the active player), each player's seat name a variable
    holding them ("count of cards in North's won > 4"): holds(state). A problem of the
    text fails at its place in the scenario file."""
    comp = Compiler(pack.names)
    # A seat's name that is no name of the language, or would hide one of the pack's, is not read.
    named = {name: seat for seat, name in enumerate(seats) if NAME.fullmatch(name) and not comp.hides(name)}
    text = str(spec["condition"])
    compiled = comp.compile_text(_snippet(spec, ""), "condition", Scope(dict.fromkeys(named, PLAYER)))
    if comp.problems:
        first = min(comp.problems, key=lambda p: (p.line, p.col))      # the first in the text
        fail(_At(first.line, first.col), None, f"until: {first.message}")
    fn, t = compiled
    if t.kind not in ("bool", "any"):
        fail(spec, "condition", f'until: "{text}" is {t.word()}, not a condition that holds or not')
    return lambda state: state.holds(fn, named)


def _snippet(spec, file: str) -> Snippet:
    """The text of `until: {condition: TEXT}`, each of its places mapped to the file's."""
    info = getattr(spec, "scalar", {}).get("condition")
    line, col = position(spec, "condition")
    locate = info.locate if info is not None else lambda at_line, at_col: (line + at_line - 1, col + at_col - 1)
    return Snippet(file, str(spec["condition"]), locate)


def check_condition_syntax(data, file: str, report: Report) -> None:
    """The syntax of every `until: {condition: TEXT}` in a scenario file's YAML, read
    where its names cannot be looked up (the file refused by the schema, a pack that
    does not load, a scenario of a wrong number of players): so that a mistake
    there does not hide the conditions' own, which an editor then shows as it types."""
    comp = Compiler(Names())
    for spec in _untils(data):
        comp.parse(_snippet(spec, file), "condition")
    for p in comp.problems:
        report.add(p.file, p.line, p.col, f"until: {p.message}")


def _untils(node):
    """Each mapping of a YAML tree given as `until:` with a text as its condition."""
    if isinstance(node, list):
        for item in node:
            yield from _untils(item)
    elif isinstance(node, dict):
        for key, value in node.items():
            if key == "until" and isinstance(value, dict) and isinstance(value.get("condition"), str):
                yield value
            else:
                yield from _untils(value)


NAME = re.compile(r"[a-z_][a-z0-9_]*", re.I)      # grammar/effects.lark's NAME


class _At:
    """A place in the scenario file, as a container and key `fail` takes: (self, None)."""

    def __init__(self, line: int, col: int):
        self.value_pos = {None: (line, col)}


def _step_place(pack: Pack, spec: dict, pi: int, fail) -> tuple:
    name = spec["step"]
    if "phase" in spec:
        places = [(pi, si) for si, st in enumerate(pack.phases[pi].steps) if st.name == name]
        near = did_you_mean(name, [st.name for st in pack.phases[pi].steps])     # the steps of that phase
        of = f" of phase {spec['phase']}"
    else:
        places = [(i, si) for i, p in enumerate(pack.phases) for si, st in enumerate(p.steps) if st.name == name]
        near = pack.declarations.near("step", name)
        of = ""
    if not places:
        fail(spec, "step", f'unknown step "{name}"{of}{near}')
    if len(places) > 1:
        fail(spec, "step", f'there is a step "{name}" in several phases: say which with phase')
    return places[0]
