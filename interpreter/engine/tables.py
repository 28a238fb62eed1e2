"""Values of the whole table, and what the rules say of counters: their log lines and
their return to their start when a turn, phase, step or round begins."""
from __future__ import annotations

from .knowledge import say_of, sees
from .layers import stale
from .state import PlayerRef, State
from .wording import and_list


def shown(value) -> str:
    """A value as the log shows it: a player by name, a word as it is, none as none."""
    if value is None:
        return "none"
    if isinstance(value, PlayerRef):
        return value.name
    return str(value)


def card_seen(s: State, c: int, viewer: int | None) -> str:
    """A card a table value holds, as `viewer` (None: the referee) sees it where it is
    now: by name, or "a card" where that player cannot see which it is."""
    return s.t.names[c] if viewer is None or sees(s, c, viewer) else "a card"


def start_of(s: State, start):
    """A start value: a number, a word or none, or the value of the option it names."""
    if isinstance(start, str) and start in s.t.options:
        return s.t.options[start]
    return start


def start_counters(s: State) -> None:
    """Each player's counters at their start, as a game or a set-up position begins."""
    starts = {name: start_of(s, d.start) for name, d in s.t.pack.player_counters.items()}
    for pv in s.pvars:
        pv.update(starts)


def new_table(s: State) -> dict | None:
    """The table values as a game begins; None for a pack without any."""
    table = s.t.pack.table
    if not table:
        return None
    return {name: start_of(s, d.start) for name, d in table.items()}


def set_table(s: State, name: str, value, told: bool = False) -> None:
    """A table value changed, logged when the pack says so: a change of it, or (`told`)
    every value a `set` statement gives it, the one it holds already too (a bid of 0)."""
    old = s.table[name]
    s.table[name] = value
    s.dirty = True
    if s.t.layered:
        stale(s)
    d = s.t.pack.table[name]
    if d.log and d.visibility != "hidden" and (old != value or told):
        say_value(s, "table", f"{name} is ", value, d.kind == "card")


def say_value(s: State, kind: str, text: str, value, card: bool, seen_by: tuple | None = None) -> None:
    """`text` then a value a table value or a player counter holds, in the log: a card
    (`card`) by name to the seats that see it where it is, "a card" to the others (as
    say_of tells a card); `seen_by`: the seats told, for a value only its owners see."""
    if not card or value is None:
        s.say(kind, text + shown(value), seen_by, None)
    elif seen_by is None:
        say_of(s, kind, text, value)
    else:
        named = tuple(p for p in seen_by if sees(s, value, p))
        s.say(kind, text + s.t.names[value], named, None)
        if len(named) < len(seen_by):       # its owner's reading where the owner cannot see the card
            s.say(kind, text + "a card", tuple(p for p in seen_by if p not in named), None, onlooker=False)


def sharing(s: State, seat: int, name: str) -> tuple:
    """The seats whose counter `name` is the seat's: its team, for a counter the team
    shares (shared: team), else the seat alone."""
    d = s.t.pack.player_counters.get(name)
    if d is None or d.shared is None:
        return (seat,)
    team = s.t.seats[seat].get("team") if seat < len(s.t.seats) else None
    if team is None:
        return (seat,)
    return tuple(p for p in range(len(s.out)) if p < len(s.t.seats) and s.t.seats[p].get("team") == team)


def set_counter(s: State, seat: int, name: str, value, change: bool = True) -> None:
    """A player counter changed by a rule, logged when the pack says so: with the change
    (`Ann's life is 17 (-3)`) for an increase or a decrease, the value alone for a `set`
    (`change` false), whose difference from the old value means nothing (a new bid), and
    which is told even when the counter holds that value already (a bid of 0 after the
    hand's reset to 0): the designer wrote the statement. A counter that holds a word, a
    player or a card is only ever set (`Ann's partner is Ben`)."""
    pv = s.pvars[seat]
    d = s.t.pack.player_counters.get(name)
    # A counter never set yet holds its start.
    old = pv[name] if name in pv else (start_of(s, d.start) if d is not None else 0)
    holders = sharing(s, seat, name)
    for p in holders:
        s.pvars[p][name] = value
    counter_changed(s, name)
    if s.t.layered:
        stale(s)
    if d is None or not d.log or d.visibility == "hidden" or (old == value and change) or s.quiet:
        return
    # A team's counter is said as the whole team's: "North and South's score is 141".
    names = [s.t.players[p].name for p in holders]
    if d.kind != "number":
        say_value(s, "counter", f"{and_list(names)}'s {name} is ", value, d.kind == "card",
                  holders if d.visibility == "owner" else None)
        return
    text = f"{and_list(names)}'s {name} is {value}"
    if change:
        text += f" ({'+' if value > old else ''}{value - old})"
    if d.visibility == "owner":
        s.say("counter", text, holders, None)
    else:
        s.say("counter", text)


def counter_changed(s: State, name: str) -> None:
    """A player counter changed: the checks run again if they read it (Table.checks_see_counters)."""
    seen = s.t.checks_see_counters
    if seen is None or name in seen:
        s.dirty = True


def keyed(s: State, name: str, seat: int, card) -> int:
    """A counter kept for each card (player_counters with per: card): the player's count for the card."""
    return s.keyed.get((name, seat, card), 0) if s.keyed is not None else 0


def set_keyed(s: State, name: str, seat: int, card, value: int) -> None:
    if s.keyed is None:
        s.keyed = {}
    if value:
        s.keyed[(name, seat, card)] = value
    else:
        s.keyed.pop((name, seat, card), None)
    s.dirty = True
    if s.t.layered:
        stale(s)
    d = s.t.pack.player_counters[name]
    if d.log and d.visibility != "hidden":
        say_of(s, "counter", f"{s.t.players[seat].name}'s {name} of ", card, f" is {value}")


def reset(s: State, unit: str) -> None:
    """Counters and table values that go back to their start when a `unit` begins."""
    plan = s.t.resets.get(unit)
    if plan is None:
        plan = s.t.resets[unit] = _reset_plan(s, unit)
    keyed_names, starts, values = plan
    if not (keyed_names or starts or values):
        return          # nothing goes back to its start (most packs' steps)
    # What continuous effects make of the cards is worked out again only when a value
    # changed (most resets find the counters at their start already).
    changed = False
    for name in keyed_names:
        if s.keyed:
            kept = {k: v for k, v in s.keyed.items() if k[0] != name}
            if len(kept) != len(s.keyed):
                changed = s.dirty = True      # as any change of a counter kept per card (set_keyed)
            s.keyed = kept
    at_start = starts.items()
    # Several counters (a pool of mana of each colour, every step): whether a player's are
    # all at their start (the usual case) is found in one look; for one or two, the loop
    # alone costs less than the look.
    several = len(at_start) > 2
    for pv in s.pvars if at_start else ():
        if several and at_start <= pv.items():
            continue
        for name, value in at_start:
            if name not in pv or pv[name] != value:
                pv[name] = value
                changed = True
                counter_changed(s, name)
    if s.table is not None:
        for name, value in values:
            if s.table.get(name, value) != value or name not in s.table:
                changed = s.dirty = True      # as any change of a table value (set_table)
            s.table[name] = value
    if changed and s.t.layered:
        stale(s)


def _reset_plan(s: State, unit: str) -> tuple:
    """What goes back to its start as a `unit` begins, with its start: the same all game
    (the options are), worked out once a table, as steps begin often."""
    pack = s.t.pack
    reset = [(name, d) for name, d in pack.player_counters.items() if d.reset == unit]
    keyed_names = tuple(name for name, d in reset if d.per is not None)
    starts = {name: start_of(s, d.start) for name, d in reset if d.per is None}
    values = tuple((name, start_of(s, d.start)) for name, d in pack.table.items() if d.reset == unit)
    return keyed_names, starts, values
