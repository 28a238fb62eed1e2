"""Using an ability: its targets chosen, its costs paid, then onto the pile or done
at once; and the choices a player makes on the way."""
from __future__ import annotations

from dataclasses import replace

from . import pile, primitives
from .resolution import unmet
from .script import ScriptFrame, loop_items, run_script
from .decisions import Option, decision, option
from .knowledge import EVERYONE, labels_for, listed, say_of, sees_there, shown_to
from .limits import TRIGGERS
from .state import RuleError, State


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
        return type(self)(self.card, self.ability, self.seat, self.stage, e)

    def step(self, s: State) -> None:
        ab = self.ability
        env = self.env
        targets = ab.targets
        st = self.stage
        self.stage += 1
        card = self.card
        if st == 0:
            self._announce(s, ab, env)
            # What follows at once, as run() would step it (but where the checks run between).
            if s.t.eager_checks or s.result is not None:
                return
            st = 1
            self.stage = 2
        if st == 1:
            # Declare (modes, X), after the card has moved and before the targets.
            if ab.declare:
                s.frames.append(ScriptFrame(ab.declare, env))
                return
            st = 2
            self.stage = 3
        k = st - 2
        while k < len(targets):
            name, sel, _, plain = targets[k]
            who = s.t.players[self.seat].name
            if ab.prompt:
                question = ab.prompt + (f" ({name})" if len(targets) > 1 else "")
            else:
                # Its card is "a card" to a player who does not see it where it lies (face down in a shared zone).
                whose = _whose(s, card, self.seat) if type(card) is not int or sees_there(s, card, self.seat) else "a card"
                question = f"choose {name} for {ab.name} of {whose}"
            ask_choice(s, self.seat, f"{who}: {question}", _not_itself(s, card, sel(s, env)), name, target=True, named=True,
                       plain=plain)
            # A target chosen without asking (the only one): the next, as run() would step it.
            if s.decision is not None or s.t.eager_checks or s.result is not None:
                return
            k += 1
            self.stage += 1
        if k == len(targets):
            if ab.costs:
                if ab.declare:
                    _payable(s, ab, env)
                s.frames.append(ScriptFrame(ab.pay_ops, env))
                return
            if s.t.eager_checks:
                return
            self.stage += 1
        s.frames.pop()
        # What the ability is "of" in the log: its card, or the player whose own ability it is.
        of = card if type(card) is int else s.t.players[self.seat]
        if ab.pile:
            pile.push(s, card, ab, self.seat, env)
            if not s.quiet:
                if targets:
                    say_of(s, "pile", f"{ab.name} of ", of, " goes on the pile targeting ", *_targets(env, targets))
                else:
                    say_of(s, "pile", f"{ab.name} of ", of, " goes on the pile")
            w = _window(s) if ab.trigger is None else None
            if w is not None and s.t.pack.priority_after_pile == "next":
                w.priority = s.next_seat(self.seat)
        else:
            if targets and not s.quiet:
                say_of(s, "target", f"{ab.name} of ", of, " targets ", *_targets(env, targets))
            why = unmet(ab, s, env) if ab.check is not None else ""
            if why:
                say_of(s, "fizzle", f"{ab.name} of ", of, f" does nothing{why}")
                return
            if s.t.pack.coverage is not None:
                s.t.pack.coverage.happened(ab)
            run_script(s, ab.effect, env)

    def _announce(self, s: State, ab, env: dict) -> None:
        """The ability is used or fires: logged; a card used from a hand (or by an ability
        with card_on_pile) waits on the pile (a triggered ability's card stays where it is)."""
        env["you"] = s.t.players[self.seat]
        card = self.card
        if s.t.pack.coverage is not None:       # scenarios noting what they use (packs/coverage.py)
            s.t.pack.coverage.used(ab, s.t.cards[card].name if type(card) is int else None)
        if type(card) is not int:
            env["@by"] = env["you"]         # a player's own ability: the player is its source
            if not s.quiet:
                s.say("play", f"{env['you'].name} uses {ab.name}")
            return
        if ab.trigger is not None:
            s.fired += 1
            if s.fired > TRIGGERS:
                raise RuleError(f'"{ab.name}" of {s.t.names[card]} fired as the last of {TRIGGERS} '
                                f'triggered abilities with no player deciding anything: a chain of triggers '
                                f'that sets itself off without end', ab.source)
            if not s.quiet:
                say_of(s, "trigger", f"{ab.name} of ", card, " triggers")
        elif not s.quiet:
            _say_use(s, self.seat, ab, card)
        if ab.pile and ab.trigger is None and s.t.pack.pile_zone and \
                (ab.card_on_pile or s.t.zone_meta[s.zone_of[card]][0].role == "hand"):
            zone = s.t.zone(s.t.pack.pile_zone, self.seat)
            primitives.move(s, card, zone, controller=self.seat)


class UsedFrame(ActivationFrame):
    """An ability used by an effect ("use Play of chosen"), as_effect: its targets chosen
    anew and its effect done at once, as a part of the effect that uses it. The effect
    that uses it has logged it."""
    __slots__ = ()

    def _announce(self, s: State, ab, env: dict) -> None:
        if s.t.pack.coverage is not None:
            s.t.pack.coverage.used(ab.origin, s.t.cards[self.card].name)


def as_effect(ab):
    """The ability as an effect uses it: without costs, never on the pile (made once an
    ability, `origin` the ability itself). A copy rather than a test in ActivationFrame,
    which every ability used would pay for."""
    made = ab.__dict__.get("as_effect")
    if made is None:
        made = ab.as_effect = replace(ab, costs=(), pay_ops=(), pile=False)
        made.origin = ab
    return made


def _payable(s: State, ab, env: dict) -> None:
    """The costs of an ability that declares choices (X, a mode) were payable when it was
    offered, before the choices: a choice that leaves one unpayable is the pack's to bound
    ("choose a number from 0 to ..."). Paid as far as they could be, the ability would be
    used for less than its costs, or for nothing."""
    for cost in ab.costs:
        if not cost.can(s, env):
            raise RuleError(f'"{cost.text}", a cost of {ab.name} of {_whose(s, env["this"], env["you"].seat)}, '
                            f'cannot be paid once its choices are made: what its declare offers must leave '
                            f'its costs payable', ab.declare_at)


def _whose(s: State, card, seat: int) -> str:
    """What an ability is "of" in the log: its card, or the player whose own ability it is."""
    return s.t.names[card] if type(card) is int else s.t.players[seat].name


def _not_itself(s: State, card, candidates):
    """A spell never targets its own card: once the card waits on the pile, it is left
    out of what its targets may be."""
    if type(card) is int and card in candidates:
        name = s.t.pack.pile_zone
        if name is not None and s.zone_of[card] in s.t.named[name]:
            return tuple(x for x in candidates if x != card)
    return candidates


def _say_use(s: State, seat: int, ab, card: int) -> None:
    """"Ann uses Cast of Bear". A card used where the others cannot see it (a hand)
    is not named to them: it may stay unseen (played face down)."""
    who = s.t.players[seat].name
    text = f"{who} uses {ab.name} of {s.t.names[card]}"
    zone = s.zone_of[card]
    zdef = s.t.zone_meta[zone][0]
    if zdef.visibility == "public" and not s.face_down[card]:
        s.say("play", text)
        return
    seen_by = s.t.holders(zone) if zdef.visibility == "owner" else ()     # every partner in a zone of their team
    s.say("play", text, seen_by, f"{who} uses {ab.name} of a card from {primitives.zone_label(s, zone)}")


def _window(s: State):
    """The priority window the ability was used in (priority.WindowFrame says so of itself)."""
    for f in reversed(s.frames):
        if getattr(f, "holds_priority", False):
            return f
    return None


def ask_choice(s: State, seat: int, prompt: str, candidates, var: str, about=None, target: bool = False,
               named: bool = False, plain: str | None = None) -> None:
    """Ask `seat` to pick one of `candidates`; the answer is bound to `var`. A
    target is logged with the ability that takes it; any other choice here, with what it
    was for (`about`, see log_choice). With `named` (a target, a choice in an ability's
    effect), the object chosen is kept: a target that has moved since is gone, a card
    that left is read as it was (engine/lastknown.py). `plain`: what the compiler knows
    the chooser sees of them (knowledge.labels_for)."""
    options = tuple([option(o) for o in zip(labels_for(s, candidates, seat, plain), candidates)])

    def resume(s2, value, var=var, target=target, about=about, named=named):
        env = s2.frames[-1].env
        env[var] = value
        if named and type(value) is int:
            env["@" + var] = (value, s2.moves[value])
        if not target:
            log_choice(s2, seat, about, value)

    if not options:
        s.frames[-1].env[var] = None
        return
    if len(options) == 1 and s.t.pack.auto_single:
        resume(s, options[0].value)
        return
    s.decision = decision((seat, prompt, options, resume, "target" if target else "choice"))


def _targets(env: dict, targets) -> list:
    """An ability's targets as parts of a log line (say_of): a card a seat cannot see (one
    of another player's hand) is "a card" to that seat."""
    return listed([env[n] for n, *_ in targets])


def log_choice(s: State, seat: int, about, value) -> None:
    """"Ann chooses Bear, Elf (choose your attackers)": `about` says what the choice was
    for, after what was chosen: the question it asked in brackets, or "as NAME" (a text);
    or, for a question with {VALUE} parts, a function of (s, env, seats) that renders them
    in the variables of the script that chose, as a seat may read them. Cards others may
    not see are counted, not named; an effect chosen on the pile is of "a card" to those
    who cannot see its card (say_of); the card a loop is at, named to each seat that sees
    it, is "a card" to the others."""
    # (An effect on the pile is a tuple too, a named one: one item.)
    items = value if type(value) is tuple else () if value is None else (value,)
    if not items or s.quiet:
        return
    who = s.t.players[seat].name
    skip = s.t.players[seat]
    shown = getattr(about, "reads", ())
    seen_by, private, effects = _told(s, seat, items)
    context = loop_items(s, skip, shown, EVERYONE)
    if effects and not private:     # an effect on the pile (rare), whose card say_of names to those who see it
        said = about if type(about) is str else about(s, s.frames[-1].env, tuple(range(len(s.out))))
        say_of(s, "choose", f"{who} chooses ", *listed(items), f" {said}{context}")
        return
    chosen = ', '.join([s.t.names[x] if type(x) is int else s.card_name(x) for x in items])
    # Where every seat sees the cards the loops are at (none is "a card" to all), each side
    # reads the same words: one line, or two where the choice is of hidden cards.
    if type(about) is str and "a card" not in context:
        if not private:
            s.say("choose", f"{who} chooses {chosen} {about}{context}")
        else:
            s.say("choose", f"{who} chooses {chosen} {about}{context}", tuple(sorted(seen_by)),
                  _counted(who, items) + about + context)
        return
    env = s.frames[-1].env
    counted = _counted(who, items)

    def line(reader):   # what `reader` (a seat; None: the onlooker) reads: the parts and the loops' cards they see
        said = (about if type(about) is str else about(s, env, reader)) + loop_items(s, skip, shown, reader)
        return f"{who} chooses {chosen} {said}" if reader is None or not private or reader in seen_by else counted + said
    s.say_each("choose", line)


def _counted(who: str, items) -> str:
    """How a choice begins to those who may not see what it picked: "Ann chooses 2 cards "."""
    return f"{who} chooses {len(items)} card{'s' if len(items) != 1 else ''} "


def _told(s: State, seat: int, items) -> tuple:
    """Who is told which cards a choice picked: the seats told (the chooser, and the
    holders of a hidden zone it picks in, but a chooser who picked unseen: they read it as
    the others do, "Ann chooses 1 card"), whether it picks in a zone some do not see, and
    whether it picks an effect on the pile."""
    seen_by = {seat}
    private = effects = blind = False
    for x in items:
        if type(x) is not int:
            effects = effects or isinstance(x, tuple)
            continue
        zdef = s.t.zone_meta[s.zone_of[x]][0]
        if zdef.visibility != "public" or s.face_down[x]:
            private = True
            blind = blind or not (sees_there(s, x, seat) or shown_to(s, x, seat))     # a card picked unseen
            if s.face_down[x] or zdef.visibility == "owner":    # its player's, and in a team's every partner's
                seen_by.update(s.t.holders(s.zone_of[x]))
    if blind:
        seen_by.discard(seat)
    return seen_by, private, effects


NONE = Option("none", None)     # what "choose up to one" offers that picks nothing, unnamed


def none_for(none, s: State, env: dict, readers) -> Option:
    """The option that picks nothing, as `readers` read it (a seat: who chooses; every seat:
    the log): the option, or a function (s, env, readers) that makes it, where the pack's
    name for it has {VALUE} parts (lang/vocabulary/statements.none_option)."""
    return none if type(none) is Option else none(s, env, readers)


def log_none(s: State, seat: int, about, none=NONE) -> None:
    """"Dan chooses none (play a higher rank, or pass)": the none a player picked among the
    options of an "up to one" choice, so that who passed is in the log as who played is;
    `none` is the option (or what makes it: none_for), which the pack may name ("Dan
    chooses pass (...)")."""
    if not s.quiet:
        env = s.frames[-1].env
        everyone = tuple(range(len(s.out)))
        said = about if type(about) is str else about(s, env, everyone)
        context = loop_items(s, s.t.players[seat], getattr(about, "reads", ()), EVERYONE)
        s.say("choose", f"{s.t.players[seat].name} chooses {none_for(none, s, env, everyone).label} {said}{context}")
