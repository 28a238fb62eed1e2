"""Priority: players act or pass in turn in a window, until all pass in succession."""
from __future__ import annotations

from .activation import ActivationFrame
from .resolution import ResolveFrame
from .running import checkpoint, past_decision_limit
from .decisions import Option, decision
from . import results
from .state import State
from .wording import window_question


class WindowFrame:
    """Players hold priority in turn; each acts or passes. When all pass in
    succession the pile resolves (then the active player has priority again),
    or, with an empty pile, the window ends."""
    __slots__ = ("name", "priority", "passes", "outer", "rules", "used")
    holds_priority = True     # what activation looks for to hand priority on

    def __init__(self, name: str, priority: int, outer: str, rules=None):
        self.name = name
        self.priority = priority
        self.passes = 0
        self.outer = outer
        self.rules = rules        # WindowRules of a window written as a mapping, else None
        self.used = 0             # abilities used in it (with rules only)

    def copy(self, envs):
        w = WindowFrame(self.name, self.priority, self.outer, self.rules)
        w.passes = self.passes
        w.used = self.used
        return w

    def step(self, s: State) -> None:
        s.window = self.name
        t = s.t
        # The checkpoint only when it has something to do (see running.checkpoint).
        if (s.dirty or s.events or t.unsettled or s.someone_out
                or (t.controlling and s.view is None)) and checkpoint(s):
            return
        rules = self.rules
        spent = rules is not None and rules.actions is not None and self.used >= rules.actions
        if spent and not s.pile:
            _close(s, self)
            return
        seat = self.priority
        if s.out[seat] or (s.sitting is not None and s.sitting[seat] >= 0):
            if s.sitting is not None and not any(results.can_play(s, p) for p in range(len(s.out))):
                results.end_ranked(s)       # nobody left to hold priority: as when nobody can take a turn
                return
            self.priority = s.next_seat(seat)
            return
        # Once its actions are used, a window offers only to pass, so that the pile resolves;
        # so it does while the pile holds something, even where a player may not pass.
        # The listing written out for the game's cards (lang/listing.py), else playable's loop.
        lister = playable if t.lister is None else t.lister
        options = lister(s, seat) if not spent else []
        if rules is not None and not rules.can_pass and not s.pile:
            if not options:
                s.say("pass", f"{s.t.players[seat].name} has nothing to do ({self.name})")
                _passed(s, self)
                return
        elif options:
            options.insert(0, PASS)
        elif t.pack.auto_single:            # _window_answer's pass, the usual case, without its call
            options = _pass_round(s, self, seat, lister, spent)
            if options is None:
                return
            seat = self.priority
        else:
            options.append(PASS)
        if len(options) == 1 and t.pack.auto_single:
            # An ability used without asking (where one may not pass) counts as a decision.
            s.decisions_this_turn += 1
            if past_decision_limit(s):
                return
            _window_answer(s, options[0].value)
            return
        # The question depends on where in the turn it is asked alone: made once a game.
        key = (seat, s.phase, s.step, self.name)
        prompt = t.prompts.get(key)
        if prompt is None:
            prompt = t.prompts[key] = f"{t.players[seat].name}: {window_question(s, self.name)}"
        s.decision = decision((seat, prompt, tuple(options), _window_answer, "priority"))


PASS = Option("pass", None)


def _window_answer(s: State, value) -> None:
    w = s.frames[-1]
    if value is None:
        if not s.quiet:
            s.log.append((s.turn, "pass", s.t.passing[w.priority]))
        _passed(s, w)
        return
    card, ability = value
    w.passes = 0
    if w.rules is not None:
        w.used += 1
    s.frames.append(ActivationFrame(card, ability, w.priority))


def _pass_round(s: State, w: WindowFrame, seat: int, lister, spent: bool):
    """Seats that can only pass pass without a decision, one after another: passing
    changes nothing the rules check, so the next seat is listed here rather than in a
    step of its own (a table of eight goes round in one step). The options of the first
    seat that has some, with pass first; None once the window has moved on (closed,
    the pile resolving) or the next seat is one `step` must look at again."""
    t = s.t
    quiet = s.quiet
    passing = t.passing
    while True:
        if not quiet:
            s.log.append((s.turn, "pass", passing[seat]))
        _passed(s, w)
        if s.frames[-1] is not w or s.sitting is not None or (
                s.dirty or s.events or t.unsettled or s.someone_out or (t.controlling and s.view is None)):
            return None
        seat = w.priority
        options = lister(s, seat) if not spent else []
        if options:
            options.insert(0, PASS)
            return options


def _passed(s: State, w: WindowFrame) -> None:
    w.passes += 1
    alone = w.rules is not None and w.rules.who == "active"
    playing = s.out.count(False) if s.sitting is None else sum(results.can_play(s, p) for p in range(len(s.out)))
    if alone or w.passes >= playing:     # every player still playing has passed
        w.passes = 0
        if s.pile:
            w.priority = s.active
            s.frames.append(ResolveFrame())
        else:
            _close(s, w)
    else:
        w.priority = s.next_seat(w.priority)


def _close(s: State, w: WindowFrame) -> None:
    s.window = w.outer
    s.frames.pop()


def players_own(s: State, env: dict, found: list) -> None:
    """A player's own abilities ("Fireblast"), listed first, by name."""
    for ab in s.t.pack.player_abilities:
        if (ab.when is None or ab.when(s, env)) and all(test(s, env) for test in ab.requires):
            found.append(Option(ab.name, (None, ab)))


def playable(s: State, seat: int) -> list:
    """Every ability `seat` may use now: in its zone, its condition true, its
    targets there and its costs payable."""
    t = s.t
    found = []
    memo = {}
    zones = s.zones
    # One environment for the whole list: only "this" changes from card to card.
    env = {"this": None, "you": t.players[seat], "@memo": memo}
    if t.pack.player_abilities:
        players_own(s, env, found)
    down = s.face_down
    controller = s.controller
    for zone, usable, common in t.usable_at[seat]:
        for c in zones[zone]:
            entries = usable[c]
            # A face-down card has no abilities; a card in a shared zone is its controller's to use.
            if not entries or down[c] or (common and controller[c] != seat):
                continue
            env["this"] = c
            for when, shared, pay, requires, opt in entries:
                if when is not None:
                    if shared is not None:
                        ok = memo.get(shared)
                        if ok is None:
                            ok = memo[shared] = bool(when(s, env))
                    else:
                        ok = when(s, env)
                    if not ok:
                        continue
                if pay is not None:         # a cost of a known amount (state._requires), read in place
                    key, counting, need = pay
                    total = memo.get(key)
                    if total is None:
                        total = memo[key] = counting(s, env)
                    if total < need:
                        continue
                for test in requires:
                    if not test(s, env):
                        break
                else:
                    found.append(opt)
    return found


def open_window(s: State, name: str) -> None:
    s.frames.append(WindowFrame(name, s.active, s.window, s.t.pack.window_rules.get(name)))
