"""A failed scenario, told so that it explains itself: where the game differed from
the scenario, the game as it was then (the board as the terminal shows it, every
card visible), the last lines of its log (all of them when asked) and the decision
it was waiting for, with its options."""
from __future__ import annotations

from ..packs.scenario import ScenarioFailure
from ..packs.stops import PAUSE
from .terminal import board

LOG_TAIL = 10       # lines of the log shown unless the whole log is asked for
WIDTH = 100


def failure_lines(e: ScenarioFailure, whole_log: bool = False) -> list[str]:
    """The lines under a scenario's FAIL line: its place and message, then the game."""
    lines = failure_places(e)
    state = e.state
    if state is None:       # it failed before the game began: its setup or options
        return lines
    lines.append("  the game then:")
    view = state.observation(None)
    lines += [f"    {line}" for line in board(view, None, state.game.pack.roles, WIDTH)]
    log = state.log if whole_log else state.log[-LOG_TAIL:]
    if log:
        shown = "the log" if len(log) == len(state.log) else f"the last {len(log)} lines of the log"
        lines.append(f"  {shown}:")
        lines += [f"    {line}" for line in log]
    lines += _decision(e)
    return lines


def failure_places(e: ScenarioFailure) -> list[str]:
    """The place and message of a failure, and of each problem found beside it."""
    return [f"  {e}", *(f"  {p.file}:{p.line}:{p.col}: {p.message}" for p in e.more)]


def _decision(e: ScenarioFailure) -> list[str]:
    state = e.state
    d = state.decision
    if d is not None and d.kind == PAUSE:
        return [f"  no decision open: the scenario stopped the game {d.prompt}"]
    if state.is_terminal():
        return ["  no decision open: the game is over"]
    labels = state.shown_labels()
    digits = len(str(len(labels)))
    return [f"  the decision open: {state.prompt()}"] + [
        f"    {i:>{digits}}. {label}" for i, label in enumerate(labels, 1)]
