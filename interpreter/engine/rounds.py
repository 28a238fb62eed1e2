"""Rounds inside rounds: a match of hands, a hand of tricks, a trick of turns.

`Pack.rounds` lists the units from the outermost; the innermost is made of turns.
`State.units` (None for a pack without rounds) holds one immutable tuple per level,
replaced on change so that a clone shares it:
(number within its parent, leader seat, seats that had a turn or were skipped in it
(a bit mask; the innermost only), the seat that leads the next one (-1: not said),
units of that kind so far in the game).
"""
from __future__ import annotations

from . import primitives, results, tables
from .events import boundary
from .script import run_script
from .state import State
from .turnorder import DIRECTION, next_turn
from .turns import TurnFrame

NUMBER, LEADER, PLAYED, NEXT, TOTAL = range(5)
BEGIN, PARTS, END, DONE = range(4)


def new_units(pack) -> tuple | None:
    return tuple((0, -1, 0, -1, 0) for _ in pack.rounds) if pack.rounds else None


def _set(s: State, level: int, **changes) -> None:
    units = list(s.units)
    unit = list(units[level])
    for key, value in changes.items():
        unit[("number", "leader", "played", "next", "total").index(key)] = value
    units[level] = tuple(unit)
    s.units = tuple(units)


class MatchFrame:
    """The bottom of a game with rounds: the outermost unit, again and again."""
    __slots__ = ()

    def copy(self, envs):
        return self

    def step(self, s: State) -> None:
        s.frames.append(RoundFrame(0))


class RoundFrame:
    """One unit of a level: it begins, runs its parts (units of the next level, or
    turns), and ends when its `until` holds (the innermost: after a lap)."""
    __slots__ = ("level", "stage", "parts")

    def __init__(self, level: int, stage: int = BEGIN, parts: int = 0):
        self.level = level
        self.stage = stage
        self.parts = parts

    def copy(self, envs):
        return RoundFrame(self.level, self.stage, self.parts)

    def step(self, s: State) -> None:
        if self.stage == BEGIN:
            # Players out since the last turn (a partnership at -200 as a hand ends) end
            # the game, where one team or none is left, before another unit begins.
            if s.someone_out:
                primitives.settle(s)
                if s.result is not None:
                    return
            self.stage = PARTS
            _begin(s, self.level)
        elif self.stage == PARTS:
            self._part(s)
        elif self.stage == END:
            self.stage = DONE
            _end(s, self.level)
        else:
            s.frames.pop()
            # Who sat the unit out is still so in its end script (a hand's folds, as the
            # pot is shared), and back once it has run.
            results.stand_up(s, self.level)
            _limit(s, self.level)

    def _part(self, s: State) -> None:
        pack = s.t.pack
        d = pack.rounds[self.level]
        innermost = self.level == len(pack.rounds) - 1
        if self.parts and _over(s, self.level, d):
            self.stage = END
            return
        if not innermost:
            self.parts += 1
            s.frames.append(RoundFrame(self.level + 1))
            return
        unit = s.units[self.level]
        if self.parts == 0:
            seat = unit[LEADER]
            if not results.can_play(s, seat):
                if not any(results.can_play(s, p) for p in range(len(s.out))):
                    self.stage = END
                    return
                seat = next(p for k in range(1, len(s.out)) if results.can_play(s, p := (seat + k) % len(s.out)))
            if s.order is not None:     # the order goes on from the leader
                s.order = (*s.order[:3], seat)
        else:
            before = s.order[1] if s.order is not None else None
            seat = next_turn(s)
            _mark_skipped(s, self.level, before)
            if d.until is None and _lap_done(s, self.level):
                self.stage = END
                return
        if self.parts or s.units[self.level][TOTAL] > 1:
            s.turn += 1         # the turn global counts every turn of the game
        self.parts += 1
        s.active = seat
        _set(s, self.level, played=s.units[self.level][PLAYED] | (1 << seat))
        s.frames.append(TurnFrame(single=True))


def _mark_skipped(s: State, level: int, before) -> None:
    """A turn passed over by a skip counts as had in the lap."""
    after = s.order[1] if s.order is not None else None
    if before is None or after is None:
        return
    mask = s.units[level][PLAYED]
    for seat, (a, b) in enumerate(zip(before, after)):
        if b < a:
            mask |= 1 << seat
    _set(s, level, played=mask)


def _lap_done(s: State, level: int) -> bool:
    """Every seat that can play has had its turn in the unit (asked after every turn)."""
    mask = s.units[level][PLAYED]
    for seat in range(len(s.out)):      # a loop, not all() over a generator: no frame to resume a seat
        if not mask >> seat & 1 and results.can_play(s, seat):
            return False
    return True


def _over(s: State, level: int, d) -> bool:
    if d.until is None:
        return _lap_done(s, level)
    leader = s.units[level][LEADER]
    return bool(d.until(s, {"you": s.t.players[leader]}))


def _leader(s: State, level: int) -> int:
    """Who leads a unit beginning now: the one a rule named, else the parent's leader
    for its first unit, else the seat after the last leader in the order of play."""
    unit = s.units[level]
    if unit[NEXT] >= 0 and results.can_play(s, unit[NEXT]):
        return unit[NEXT]
    first = unit[NUMBER] == 0
    if level == 0 and unit[TOTAL] == 0:
        return s.first
    if first and level > 0:
        return s.units[level - 1][LEADER]
    way = s.order[DIRECTION] if s.order is not None else 1
    seat = unit[LEADER]
    for _ in range(len(s.out)):
        seat = s.next_seat(seat, way)
        if results.can_play(s, seat):
            break
    return seat


def _begin(s: State, level: int) -> None:
    pack = s.t.pack
    d = pack.rounds[level]
    leader = _leader(s, level)
    unit = s.units[level]
    _set(s, level, number=unit[NUMBER] + 1, leader=leader, played=0, next=-1, total=unit[TOTAL] + 1)
    for inner in range(level + 1, len(pack.rounds)):     # its parts count from 1 again
        _set(s, inner, number=0, leader=leader)
    s.active = leader
    if s.t.checks_see_turn:
        s.dirty = True          # the round's leader is the active player before a turn begins
    if d.name in pack.resets:
        tables.reset(s, d.name)
    number = s.units[level][NUMBER]
    innermost = level == len(pack.rounds) - 1
    if not s.quiet:
        s.say("round", f"{d.name} {number} begins" + (f", {s.t.players[leader].name} leads" if innermost else ""))
    if s.t.watches_begins:
        s.events.append(boundary("begin", d.name, leader))
    if d.begin is not None:
        run_script(s, d.begin, {"you": s.t.players[leader]})


def _end(s: State, level: int) -> None:
    pack = s.t.pack
    d = pack.rounds[level]
    if not s.quiet:
        s.say("round", f"{d.name} {s.units[level][NUMBER]} ends")
    # A lead named for a unit inside this one (the last trick's taker) was for this
    # unit's parts only: the next one's first part is led by its own leader, unless
    # the end script names another.
    for inner in range(level + 1, len(pack.rounds)):
        if s.units[inner][NEXT] >= 0:
            _set(s, inner, next=-1)
    if s.t.watches_ends:
        s.events.append(boundary("end", d.name, s.units[level][LEADER]))
    if d.end is not None:
        run_script(s, d.end, {"you": s.t.players[s.units[level][LEADER]]})


def _limit(s: State, level: int) -> None:
    """The pack's limit counted in units of this level: reached, the game ends."""
    pack = s.t.pack
    if pack.limit_of != pack.rounds[level].name or pack.turn_limit_option is None or s.result is not None:
        return
    limit = s.t.options.get(pack.turn_limit_option)
    if s.units[level][TOTAL] >= limit:
        results.limit_reached(s, f"the {pack.limit_of} limit ({limit}) is reached")
        results.at_limit(s)


# ------------------------------------------------ a round played out in a copy

class RoundEnded(Exception):
    """A copy played to the end of a round (watch_end) has reached it."""


class _WatchedRound(RoundFrame):
    """A round whose end stops the copy it is in, once its end script has run and
    before anything after it (the next round's resets, its deal) changes the position."""
    __slots__ = ()

    def step(self, s: State) -> None:
        if self.stage == DONE:
            raise RoundEnded
        RoundFrame.step(self, s)


class _ScoredRound(_WatchedRound):
    """A round inside the outermost whose end stops the copy it is in only if the
    players' standing has moved since it was watched: a trick that scores nothing plays
    on to the end of the hand, which scores (watch_scoring)."""
    __slots__ = ("standing",)

    def __init__(self, level: int, stage: int, parts: int, standing: tuple):
        super().__init__(level, stage, parts)
        self.standing = standing

    def step(self, s: State) -> None:
        if self.stage == DONE and _standing(s) == self.standing:
            RoundFrame.step(self, s)
        else:
            _WatchedRound.step(self, s)


def _standing(s: State) -> tuple:
    """The players' values of the ranking's first measure (their score): a later one only
    breaks ties, and may move where nothing is scored (the tricks taken, as a trick ends)."""
    return tuple(results.ranking_keys(s, p)[:1] for p in range(len(s.out)))


def asking_round(s: State) -> int | None:
    """The level of the round whose begin or end script asks the decision open now (a
    bid as a hand begins); None for a decision of a turn, or of a pack without rounds."""
    for frame in reversed(s.frames):
        if type(frame) is TurnFrame:
            return None
        if isinstance(frame, RoundFrame):
            return frame.level
    return None


def watch_end(s: State, level: int) -> None:
    """From now on the round of `level` running in `s` raises RoundEnded as it ends:
    only for a copy that is played no further (a clone of `s` is not watched)."""
    frames = s.frames
    for i in range(len(frames) - 1, -1, -1):
        f = frames[i]
        if isinstance(f, RoundFrame) and f.level == level:
            frames[i] = _WatchedRound(f.level, f.stage, f.parts)
            return


def watch_scoring(s: State) -> None:
    """From now on `s` raises RoundEnded as the first of the rounds running in it ends
    after which the standing has moved, or as the outermost ends: the smallest unit being
    played whose end scores (a hand, where a match is made of hands and a hand of tricks).
    Only for a copy that is played no further, as watch_end."""
    now = _standing(s)
    for i, f in enumerate(s.frames):
        if isinstance(f, RoundFrame):
            s.frames[i] = _WatchedRound(0, f.stage, f.parts) if f.level == 0 else \
                _ScoredRound(f.level, f.stage, f.parts, now)


def lead_next(s: State, level: int, seat: int) -> None:
    _set(s, level, next=seat)


def unit_number(s: State, level: int) -> int:
    return s.units[level][NUMBER] if s.units is not None else 0
