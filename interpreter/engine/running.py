"""Running a game: the stack of frames is stepped until a player must decide, and
between steps the rules are checked (state-based checks, then triggered abilities)."""
from __future__ import annotations

from . import primitives, results
from .layers import build
from .events import close_batch, open_batch
from .tokens import cease
from .script import CHECKING, ScriptFrame, endless
from .triggered import CHECKED, fire_triggers
from .limits import STEPS, count
from .state import RuleError, State
from .wording import told_together


def run(s: State) -> None:
    """Step the game until a player must decide or the game is over. A rule that breaks
    says on which turn; a turn past the pack's limit of decisions ends the game."""
    frames = s.frames
    s.fired = 0
    try:
        try:
            if s.t.eager_checks:
                _run_eager(s)
            else:
                while s.decision is None and s.result is None:
                    try:
                        top = frames[-1]
                    except IndexError:
                        raise _nothing_left() from None
                    top.step(s)
        except RecursionError:
            raise RuleError("the rules ran into an endless chain of effects") from None
        if s.decisions_this_turn > s.t.pack.max_decisions:
            past_decision_limit(s)
    except RuleError as e:
        # The game stops here, with no result: say on which turn, and the cards that
        # moved together until then.
        e.turn = s.turn
        if s.told is not None:
            told_together(s)
        raise


def _nothing_left() -> RuleError:
    return RuleError("the game has nothing left to run")


def _run_eager(s: State) -> None:
    """run, where the checks run after every statement that changes the game (checks: every_change)."""
    frames = s.frames
    while s.decision is None and s.result is None:
        try:
            top = frames[-1]
        except IndexError:
            raise _nothing_left() from None
        if s.dirty and CHECKING not in getattr(top, "env", ()):
            primitives.settle(s)
            if s.result is None:
                run_checks(s)
            continue
        top.step(s)


def past_decision_limit(s: State) -> bool:
    """A turn past the pack's limit of decisions ends the game as a draw (end: max_decisions)."""
    if s.decisions_this_turn <= s.t.pack.max_decisions or s.result is not None:
        return False
    results.limit_reached(s, f"the limit of {count(s.t.pack.max_decisions)} decisions in a turn is reached "
                             f"(end: max_decisions)")
    primitives.finish(s, [])
    return True


def checkpoint(s: State) -> bool:
    """Run the pack's checks if anything changed since they last ran.
    Returns True when a frame was pushed (the caller steps again later).
    Frames skip the call when nothing changed, no event waits, no token is in the game,
    with several teams nobody is out, and no view of a pack where effects change control
    is to be made again (a turn begun, a card moved): then it would do nothing."""
    t = s.t
    pack = t.pack
    while True:
        if t.tokens:
            cease(s)        # before the checks: a token that left play is gone
        if not t.several_teams or s.someone_out:   # else nobody is out: nothing to settle
            primitives.settle(s)
        if s.result is not None:
            return True
        if s.view is None and pack.controlling and t.layered:
            build(s)        # control changed by effects is seen before anyone acts
        if not (s.dirty and pack.checks is not None):
            break
        run_checks(s)
        # Checks run at once push nothing: the frame that called would call again,
        # where the checks have changed something (the frames' test), or go on.
        if not pack.checks_inline or s.result is not None or t.eager_checks:
            return True
        if not (s.dirty or s.events or t.unsettled or s.someone_out or (t.controlling and s.view is None)):
            return False
    if s.dirty and pack.has_state_triggers:
        s.dirty = False
        s.events.append(CHECKED)
    if s.events:
        return fire_triggers(s)
    return False


def run_checks(s: State) -> None:
    """Run the pack's checks: at once when they never wait for a player (the usual
    case), else in a frame of their own. What they change is seen by the next checks."""
    s.dirty = False
    s.steps += 1
    if s.steps > STEPS:
        raise endless(s, {}, s.t.pack.checks_source, limit=STEPS)      # the checks change what they check
    pack = s.t.pack
    if pack.has_state_triggers and CHECKED not in s.events:
        s.events.append(CHECKED)
    env = {"you": s.t.players[s.active], CHECKING: True}
    if pack.checks_inline:
        # What the checks do happens at once: cards they move leave together.
        together = open_batch(s)
        for op in pack.checks:          # run_inline, without its call: the checks run often
            op(s, env)
            if s.result is not None:
                break
        close_batch(s, together)
    else:
        s.frames.append(ScriptFrame(pack.checks, env))


def run_inline(ops, s: State, env: dict) -> None:
    """Run a block that never waits (see statements.atomic) to its end, or the game's."""
    for op in ops:
        op(s, env)
        if s.result is not None:
            return
