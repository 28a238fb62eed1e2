"""The running of a game: a stack of frames that step until a player must decide.

Compiled scripts are tuples of operations, closures `op(state, env)`. A frame
keeps a script's place (its program counter and variables), so a game paused on
a decision is plain data: it clones, and it resumes with the answer.
"""
from __future__ import annotations

from . import actions
from .decisions import Decision, Option
from .limits import LOOP, STEPS, TRIGGERS, count
from .state import RuleError, State

CHECKING = "@checks"      # in the variables of the pack's checks while they run
CHECKED = ("checked",)    # the event of the rules being checked: state triggers look then


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
        while self.pc < len(ops):
            op = ops[self.pc]
            self.pc += 1
            op(s, env)
            if s.decision is not None or frames[-1] is not self or s.result is not None or (eager and s.dirty):
                return
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


def endless(s: State, env: dict, source=None) -> RuleError:
    """The rules went round too many times (loops, checks, triggered abilities) with
    nobody deciding anything: nested loops, or checks that change what they check."""
    return RuleError(f"the rules ran {count(STEPS)} steps (rounds of loops, runs of the checks, triggered "
                     f"abilities){of_card(s, env)} without a player deciding anything: they go round in circles",
                     source)


def step_on(s: State, n: int = 1) -> None:
    s.steps += n
    if s.steps > STEPS:
        raise endless(s, {})


class TurnFrame:
    """Runs the pack's phases and steps, turn after turn, until the game ends."""
    __slots__ = ("phase", "step_i", "started")

    def __init__(self, phase: int = 0, step_i: int = 0, started: bool = False):
        self.phase = phase
        self.step_i = step_i
        self.started = started

    def copy(self, envs):
        return TurnFrame(self.phase, self.step_i, self.started)

    def step(self, s: State) -> None:
        pack = s.t.pack
        if checkpoint(s):
            return
        if not self.started:
            self.started = True
            begin_turn(s)
            return
        phases = pack.phases
        # A player who is out plays no more of their turn.
        if self.phase >= len(phases) or s.out[s.active]:
            end_turn(s)
            self.phase = self.step_i = 0
            self.started = False
            return
        phase = phases[self.phase]
        step = phase.steps[self.step_i]
        self.step_i += 1
        if self.step_i >= len(phase.steps):
            self.phase += 1
            self.step_i = 0
        s.phase = phase.name
        s.step = step.name
        if s.t.triggering:
            if self.step_i == 1 or len(phase.steps) == 1:
                s.events.append(("begin", phase.name))
            if step.name != phase.name:
                s.events.append(("begin", step.name))
        if step.script:
            s.frames.append(ScriptFrame(step.script, {"you": s.t.players[s.active]}))


def begin_turn(s: State) -> None:
    pack = s.t.pack
    s.decisions_this_turn = 0
    for seat, pv in enumerate(s.pvars):
        for name, counter in pack.player_counters.items():
            if counter.reset == "turn":
                pv[name] = start_value(s, counter)
    s.say("turn", f"turn {s.turn} ({s.t.players[s.active].name})")
    if s.t.triggering:
        s.events.append(("begin", "turn"))


def end_turn(s: State) -> None:
    pack = s.t.pack
    s.phase = s.step = ""
    limit = s.t.options.get(pack.turn_limit_option) if pack.turn_limit_option else None
    if limit is not None and s.turn >= limit:
        # The game ends with the last turn it played: a game drawn at a limit of 200 lasted 200 turns.
        s.say("limit", f"the turn limit ({limit}) is reached")
        actions.finish(s, [])
        return
    if s.turn >= pack.max_turns:
        # The engine's own limit, which a pack may raise but not remove: every game ends.
        s.say("limit", f"the limit of {count(pack.max_turns)} turns is reached (end: max_turns)")
        actions.finish(s, [])
        return
    s.turn += 1
    s.active = s.next_seat(s.active)


def start_value(s: State, counter):
    start = counter.start
    if isinstance(start, str):
        return s.t.options[start]
    return start


def checkpoint(s: State) -> bool:
    """Run the pack's checks if anything changed since they last ran.
    Returns True when a frame was pushed (the caller steps again later)."""
    actions.settle(s)
    if s.result is not None:
        return True
    if s.dirty and s.t.pack.checks is not None:
        run_checks(s)
        return True
    if s.dirty and s.t.pack.has_state_triggers:
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
        raise endless(s, {})
    pack = s.t.pack
    if pack.has_state_triggers and CHECKED not in s.events:
        s.events.append(CHECKED)
    env = {"you": s.t.players[s.active], CHECKING: True}
    if pack.checks_inline:
        run_inline(pack.checks, s, env)
    else:
        s.frames.append(ScriptFrame(pack.checks, env))


def run_inline(ops, s: State, env: dict) -> None:
    """Run a block that never waits (see statements.atomic) to its end, or the game's."""
    for op in ops:
        op(s, env)
        if s.result is not None:
            return


def fire_triggers(s: State) -> bool:
    """Each event since the last checkpoint fires the triggered abilities that watch
    for it; the first fired are the first to run (or the lowest on the pile)."""
    events, s.events = s.events, []
    fired = []
    zone_of = s.zone_of
    for event in events:
        moved = event[1] if event[0] == "move" else None
        for c, ab, zones in s.t.triggers:
            # A card fires from its ability's zone; one that leaves also sees itself leave.
            if (zone_of[c] in zones or c == moved) and _fires(s, c, ab, ab.trigger, event):
                fired.append((c, ab))
    if fired:
        step_on(s, len(fired))
    for c, ab in reversed(fired):
        s.frames.append(ActivationFrame(c, ab, s.controller[c]))
    return bool(fired)


def _fires(s: State, c: int, ab, tr, event) -> bool:
    if s.face_down[c]:
        return False
    here = s.t.zone_meta[s.zone_of[c]][0].name if s.zone_of[c] >= 0 else None
    if event is CHECKED:
        if tr.event != "state" or here != ab.zone or any(p[0] == c and p[1] is ab for p in s.pile):
            return False
        return bool(tr.matches(s, {"this": c, "you": s.t.players[s.controller[c]]}))
    if event[0] == "begin":
        if tr.event != "begin" or tr.zone != event[1] or here != ab.zone:
            return False
        return tr.whose == "each" or s.controller[c] == s.active
    _, moved, src, dest = event
    if tr.event == "enter":
        if s.t.zone_meta[dest][0].name != tr.zone or here != ab.zone:
            return False
    elif tr.event == "leave":
        src_name = s.t.zone_meta[src][0].name if src >= 0 else None
        if src_name != tr.zone:
            return False
        # A card that leaves still sees itself leave, as it was before it left.
        if here != ab.zone and not (moved == c and src_name == ab.zone):
            return False
    else:
        return False
    env = {"this": c, "you": s.t.players[s.controller[c]]}
    return tr.matches(s, env, moved)


# ---------------------------------------------------------------- priority
class WindowFrame:
    """Players hold priority in turn; each acts or passes. When all pass in
    succession the pile resolves (then the active player has priority again),
    or, with an empty pile, the window ends."""
    __slots__ = ("name", "priority", "passes", "outer")

    def __init__(self, name: str, priority: int, outer: str):
        self.name = name
        self.priority = priority
        self.passes = 0
        self.outer = outer

    def copy(self, envs):
        w = WindowFrame(self.name, self.priority, self.outer)
        w.passes = self.passes
        return w

    def step(self, s: State) -> None:
        s.window = self.name
        if checkpoint(s):
            return
        seat = self.priority
        if s.out[seat]:
            self.priority = s.next_seat(seat)
            return
        options = [PASS]
        options.extend(playable(s, seat))
        if len(options) == 1 and s.t.pack.auto_single:
            _window_answer(s, None)
            return
        s.decision = Decision(seat, f"{s.t.players[seat].name}: act or pass ({self.name})",
                              tuple(options), _window_answer, "priority")


PASS = Option("pass", None)


def _window_answer(s: State, value) -> None:
    w = s.frames[-1]
    if value is None:
        s.say("pass", f"{s.t.players[w.priority].name} passes")
        w.passes += 1
        if w.passes >= s.out.count(False):     # every player still in has passed
            w.passes = 0
            if s.pile:
                w.priority = s.active
                s.frames.append(ResolveFrame())
            else:
                s.window = w.outer
                s.frames.pop()
        else:
            w.priority = s.next_seat(w.priority)
        return
    card, ability = value
    w.passes = 0
    s.frames.append(ActivationFrame(card, ability, w.priority))


def playable(s: State, seat: int) -> list:
    """Every ability `seat` may use now: in its zone, its condition true, its
    targets there and its costs payable."""
    t = s.t
    found = []
    memo = {}
    names = t.names
    zones = s.zones
    # One environment for the whole list: only "this" changes from card to card.
    env = {"this": None, "you": t.players[seat], "@memo": memo}
    for zname, usable in t.usable:
        for c in zones[t.named[zname][seat]]:
            abilities = usable[c]
            if not abilities or s.face_down[c]:   # a face-down card has no abilities
                continue
            env["this"] = c
            for ab in abilities:
                when = ab.when
                if when is not None:
                    shared = ab.when_shared
                    if shared is not None:
                        ok = memo.get(shared)
                        if ok is None:
                            ok = memo[shared] = bool(when(s, env))
                    else:
                        ok = when(s, env)
                    if not ok:
                        continue
                for test in ab.requires:
                    if not test(s, env):
                        break
                else:
                    found.append(Option(f"{ab.name}: {names[c]}", (c, ab)))
    return found


class ActivationFrame:
    """Using an ability: targets are chosen, costs paid, then it goes on the pile
    or happens at once."""
    __slots__ = ("card", "ability", "seat", "stage", "env")

    def __init__(self, card, ability, seat, stage=0, env=None):
        self.card = card
        self.ability = ability
        self.seat = seat
        self.stage = stage
        self.env = env if env is not None else {"this": card, "you": None}

    def copy(self, envs):
        e = envs.get(id(self.env))
        if e is None:
            e = envs[id(self.env)] = self.env.copy()
        return ActivationFrame(self.card, self.ability, self.seat, self.stage, e)

    def step(self, s: State) -> None:
        ab = self.ability
        env = self.env
        targets = ab.targets
        st = self.stage
        self.stage += 1
        if st == 0:
            env["you"] = s.t.players[self.seat]
            if ab.trigger is not None:
                s.fired += 1
                if s.fired > TRIGGERS:
                    raise RuleError(f'"{ab.name}" of {s.t.names[self.card]} fired as the last of {TRIGGERS} '
                                    f'triggered abilities with no player deciding anything: a chain of triggers '
                                    f'that sets itself off without end', ab.source)
                s.say("trigger", f"{ab.name} of {s.t.names[self.card]} triggers")
            else:
                _say_use(s, self.seat, ab, self.card)
            if ab.pile and s.t.pack.pile_zone and s.t.zone_meta[s.zone_of[self.card]][0].role == "hand":
                pile = s.t.zone(s.t.pack.pile_zone, self.seat)
                actions.move(s, self.card, pile, controller=self.seat)
            return
        if st <= len(targets):
            name, sel, _ = targets[st - 1]
            ask_choice(s, self.seat, f"choose {name} for {ab.name} of {s.t.names[self.card]}",
                       sel(s, env), name, target=True)
            return
        if st == len(targets) + 1:
            if ab.costs:
                s.frames.append(ScriptFrame(ab.pay_ops, env))
            return
        s.frames.pop()
        if ab.pile:
            s.pile.append((self.card, ab, self.seat, env))
            chosen = ", ".join(s.card_name(env[n]) for n, _, _ in targets)
            s.say("pile", f"{ab.name} of {s.t.names[self.card]} goes on the pile" + (f" targeting {chosen}" if chosen else ""))
            w = _window(s) if ab.trigger is None else None
            if w is not None and s.t.pack.priority_after_pile == "next":
                w.priority = s.next_seat(self.seat)
        else:
            if targets:
                chosen = ", ".join(s.card_name(env[n]) for n, _, _ in targets)
                s.say("target", f"{ab.name} of {s.t.names[self.card]} targets {chosen}")
            s.frames.append(ScriptFrame(ab.effect, env))


def _say_use(s: State, seat: int, ab, card: int) -> None:
    """"Ann uses Cast of Bear". A card used where the others cannot see it (a hand)
    is not named to them: it may stay unseen (played face down)."""
    who = s.t.players[seat].name
    text = f"{who} uses {ab.name} of {s.t.names[card]}"
    zone = s.zone_of[card]
    zdef, zseat = s.t.zone_meta[zone]
    if zdef.visibility == "public" and not s.face_down[card]:
        s.say("play", text)
        return
    seen_by = (zseat,) if zdef.visibility == "owner" and zseat is not None else ()
    s.say("play", text, seen_by, f"{who} uses {ab.name} of a card from {actions.zone_label(s, zone)}")


def _window(s: State):
    for f in reversed(s.frames):
        if type(f) is WindowFrame:
            return f
    return None


def ask_choice(s: State, seat: int, prompt: str, candidates, var: str, target: bool = False) -> None:
    """Ask `seat` to pick one of `candidates`; the answer is bound to `var`. A
    target is logged with the ability that takes it; any other choice here."""
    options = tuple(Option(s.card_name(c), c) for c in candidates)

    def resume(s2, value, var=var, target=target):
        env = s2.frames[-1].env
        env[var] = value
        if target and type(value) is int:
            env["@" + var] = s2.moves[value]
        if not target:
            log_choice(s2, seat, var, value)

    if not options:
        s.frames[-1].env[var] = None
        return
    if len(options) == 1 and s.t.pack.auto_single:
        resume(s, options[0].value)
        return
    s.decision = Decision(seat, prompt, options, resume, "target" if target else "choice")


def log_choice(s: State, seat: int, var: str, value) -> None:
    """"Ann chooses Bear, Elf as attackers". Cards others may not see are counted, not named."""
    items = value if isinstance(value, tuple) else () if value is None else (value,)
    if not items:
        return
    who = s.t.players[seat].name
    context = loop_items(s, s.t.players[seat])
    text = f"{who} chooses {', '.join(s.card_name(x) for x in items)} as {var}{context}"
    seen_by = {seat}
    private = False
    for x in items:
        if type(x) is not int:
            continue
        zdef, zseat = s.t.zone_meta[s.zone_of[x]]
        if zdef.visibility != "public" or s.face_down[x]:
            private = True
            if zdef.visibility == "owner" and zseat is not None and not s.face_down[x]:
                seen_by.add(zseat)
    if not private:
        s.say("choose", text)
    else:
        n = len(items)
        s.say("choose", text, tuple(sorted(seen_by)), f"{who} chooses {n} card{'s' if n != 1 else ''} as {var}{context}")


def loop_items(s: State, skip=None) -> str:
    """" (blocker Serra Angel)": what the `for each` loops around the running
    statement are at, so that a choice made once for each says for which."""
    top = s.frames[-1] if s.frames else None
    env = getattr(top, "env", None)
    parts = []
    for f in reversed(s.frames):
        if getattr(f, "env", None) is not env:
            break
        loop = f.loop if type(f) is ScriptFrame else None
        if loop and loop[0][0] not in "?@" and env.get(loop[0]) is not skip:
            parts.append(f"{loop[0]} {s.card_name(env.get(loop[0]))}")
    return f" ({', '.join(reversed(parts))})" if parts else ""


class ResolveFrame:
    """Resolves the pile: all of it, last in first out, or only its top entry."""
    __slots__ = ("done",)

    def __init__(self, done: int = 0):
        self.done = done

    def copy(self, envs):
        return ResolveFrame(self.done)

    def step(self, s: State) -> None:
        pack = s.t.pack
        if not s.pile or (pack.pile_resolve == "top" and self.done):
            s.frames.pop()
            if pack.pile_after_all is not None:
                s.frames.append(ScriptFrame(pack.pile_after_all, {"you": s.t.players[s.active]}))
            return
        self.done += 1
        card, ab, seat, env = s.pile.pop()
        env = env.copy()
        if pack.pile_after_each is not None:
            s.frames.append(ScriptFrame(pack.pile_after_each, {"this": card, "you": s.t.players[seat]}))
        gone = [n for n, _, _ in ab.targets if _target_gone(s, env, n)]
        if gone:
            s.say("fizzle", f"{ab.name} of {s.t.names[card]} does nothing, its target is gone")
            return
        s.say("resolve", f"{ab.name} of {s.t.names[card]} resolves")
        s.frames.append(ScriptFrame(ab.effect, env))


def _target_gone(s: State, env: dict, name: str) -> bool:
    value = env.get(name)
    if value is None:
        return True
    if type(value) is int:
        return s.moves[value] != env.get("@" + name)
    return s.out[value.seat]


def open_window(s: State, name: str) -> None:
    s.frames.append(WindowFrame(name, s.active, s.window))


def run(s: State) -> None:
    """Step the game until a player must decide or the game is over."""
    frames = s.frames
    eager = s.t.eager_checks
    s.fired = 0
    while s.decision is None and s.result is None:
        if not frames:
            raise RuleError("the game has nothing left to run")
        top = frames[-1]
        if eager and s.dirty and CHECKING not in getattr(top, "env", ()):
            actions.settle(s)
            if s.result is None:
                run_checks(s)
            continue
        top.step(s)
