"""Scripts as they run: a frame keeps a compiled script's place.

Compiled scripts are tuples of operations, closures `op(state, env)`. A frame
keeps a script's place (its program counter and variables), so a game paused on
a decision is plain data: it clones, and it resumes with the answer. The frames of
a game (scripts, turns, priority windows, activations, resolution) are stacked in
`State.frames`; running.run steps the top one until a player must decide.
"""
from __future__ import annotations

from .knowledge import all_see
from .limits import LOOP, STEPS, count
from .state import PlayerRef, RuleError, State
from .wording import and_list

CHECKING = "@checks"      # in the variables of the pack's checks while they run

# The code of the statements that may stop for a decision or push frames (SUSPENDING),
# and of those among them that do no more than push frames (PUSHING: a window, the
# block of an if or a loop). The statements mark themselves (lang/vocabulary/statements.py).
SUSPENDING = set()
PUSHING = set()


class Script(tuple):
    """A compiled script: its operations, and the kind of each name it gives a value
    (name -> static_types.T, filled as its text compiles): what a search's copy reads to
    tell a card from a number in its variables (engine/follow.py). One that can run
    without a frame of its own (its statements, compiled before it, have marked
    themselves) is an InlineScript."""

    def __new__(cls, ops, kinds=None):
        ops = tuple(ops)
        script = super().__new__(InlineScript if can_inline(ops) else Script, ops)
        script.kinds = kinds
        return script


class InlineScript(Script):
    """A Script that runs without a frame of its own (run_script). A class rather than a
    flag: run_script, on the path of most steps of a turn, tells it by its type, where
    Python 3.11 reads an attribute of a tuple's subclass by its generic lookup (some 300
    machine instructions a read)."""


def can_inline(ops) -> bool:
    """Nothing in the script waits for a player, but its last statement may push frames:
    a frame of the script's own would only step past it when they are done."""
    codes = [getattr(op, "__code__", None) for op in ops]
    return all(c not in SUSPENDING for c in codes[:-1]) and (not codes or codes[-1] not in SUSPENDING
                                                              or codes[-1] in PUSHING)


def run_script(s: State, ops, env: dict) -> None:
    """Run a script that the engine's frames start (a step's, an effect, what the pile
    does after each): at once when it can run inline, else in a frame of its own. Not
    inline where the checks run between statements (checks: every_change)."""
    if type(ops) is not InlineScript or s.t.eager_checks:
        s.frames.append(ScriptFrame(ops, env))
        return
    for op in ops:
        op(s, env)
        if s.result is not None:
            return


class ScriptFrame:
    __slots__ = ("ops", "pc", "env", "loop")

    def __init__(self, ops, env, loop=None):
        self.ops = ops
        self.pc = 0
        self.env = env
        self.loop = loop          # None, or [var, items, index, source], or ["?while", cond, count, source]

    def copy(self, envs):
        f = ScriptFrame.__new__(ScriptFrame)
        f.ops = self.ops
        f.pc = self.pc
        e = envs.get(id(self.env))
        if e is None:
            e = envs[id(self.env)] = self.env.copy()
        f.env = e
        f.loop = None if self.loop is None else self.loop[:]
        return f

    def step(self, s: State) -> None:
        ops = self.ops
        env = self.env
        frames = s.frames
        # With checks at every change, a statement that changes the game hands back to
        # run(), which runs the checks before the next one (but not inside the checks).
        eager = s.t.eager_checks and CHECKING not in env
        pc = self.pc
        end = len(ops)
        while pc < end:
            self.pc = pc + 1        # an operation may move it (a cost paid card by card steps back)
            ops[pc](s, env)
            if s.decision is not None or frames[-1] is not self or s.result is not None or (eager and s.dirty):
                return
            pc = self.pc
        loop = self.loop
        if loop is not None:
            s.steps += 1
            if s.steps > STEPS:
                raise endless(s, env, loop[3])
            if loop[0] == "?while":
                loop[2] += 1
                if loop[1](s, env):
                    if loop[2] >= LOOP:
                        raise RuleError(f'"{loop[3].text}"{of_card(s, env)} ran its block {count(LOOP)} times and '
                                        f'would run it again: a loop runs at most {count(LOOP)} times', loop[3])
                    self.pc = 0
                    return
            else:
                loop[2] += 1
                if loop[2] < len(loop[1]):
                    env[loop[0]] = loop[1][loop[2]]
                    self.pc = 0
                    return
        frames.pop()


def of_card(s: State, env: dict) -> str:
    """" of Bear" when the script running is a card's, to say whose rule broke."""
    this = env.get("this")
    return f" of {s.t.names[this]}" if type(this) is int else ""


def endless(s: State, env: dict, source=None, limit: int | None = None) -> RuleError:
    """The rules took too many steps (loops, sets of cards, checks, triggered abilities)
    with nobody deciding anything: checks that change what they check, or loops in loops
    and sets in sets, which end but too late; the engine cannot tell which.
    `limit`: the bound that was passed, when it is not this module's STEPS."""
    n = count(STEPS if limit is None else limit)
    return RuleError(f"the rules ran more than {n} steps (rounds of loops, sets of cards tried, runs of the checks, "
                     f"triggered abilities){of_card(s, env)} without a player deciding anything, the most they may "
                     f"run between two decisions: they go round in circles, or do too much at once (loops in loops, "
                     f"sets of cards inside sets of cards)", source)


def step_on(s: State, n: int = 1, env: dict | None = None, source=None) -> None:
    """`n` steps more; `source`: the text that takes them, named if they are too many."""
    s.steps += n
    if s.steps > STEPS:
        raise endless(s, env or {}, source)


def loop_items(s: State, skip=None, shown=(), readers=None) -> str:
    """" (blocker Serra Angel)": what the `for each` loops around the running
    statement are at, so that a choice made once for each says for which; but for the
    loops whose names are in `shown`, which the question names itself ("beat {att}"). A
    card is named if `readers` (a seat, seats who all read the same words, EVERYONE;
    None: the referee) see which card it is, else it is "a card" (the cards of an
    opponent's hand); an effect on the pile whose card they cannot see, "Stir of a card"."""
    top = s.frames[-1] if s.frames else None
    env = getattr(top, "env", None)
    parts = []
    for f in reversed(s.frames):
        if getattr(f, "env", None) is not env:
            break
        loop = f.loop if type(f) is ScriptFrame else None
        if loop and loop[0][0] not in "?@" and env.get(loop[0]) is not skip and loop[0] not in shown:
            parts.append(f"{loop[0]} {_item_said(s, env.get(loop[0]), readers)}")
    return f" ({', '.join(reversed(parts))})" if parts else ""


def _item_said(s: State, item, readers) -> str:
    """A loop's item as `readers` read it: a card by name, or "a card" where they cannot see
    which; an effect on the pile by its ability and card ("Stir of a card"); a set of cards
    ("for each m in sets of ..."), card by card; a player or a team by name."""
    if type(item) is int:
        return s.t.names[item] if readers is None or all_see(s, item, readers) else "a card"
    if type(item) is tuple:
        # joined as a sentence lists them ("Fox and Eel"): a comma parts the items of nested loops
        return and_list([_item_said(s, c, readers) for c in item]) if item else "no card"
    if isinstance(item, tuple):
        card = item.card
        if type(card) is not int or readers is None or all_see(s, card, readers):
            return s.card_name(item)
        return item.ability.name + " of a card"
    return s.card_name(item) if isinstance(item, PlayerRef) else str(item)

