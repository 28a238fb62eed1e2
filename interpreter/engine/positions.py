"""Positions from setups, and setups from positions.

A setup (the `setup:` of a scenario) says where each card is and in what state, the
players' counters, the turn, the active player, the phase and the step. `from_setup`
builds that position, as the one way cards are placed in a game (dealing the decks
is a setup too: Game.blank_state); `setup_of` writes a position as a setup, ready for
YAML, so that a position can be saved as a scenario. A game started from a setup
begins its step: the step's script runs, so the setup of a position is the position
as its step begins. A setup has no place for the pile, for continuous effects other
than marks, or for what a script was doing: `unsaid` lists what a position holds of
those.
"""
from __future__ import annotations

import re
from functools import partial
from typing import NamedTuple

from ..suggest import did_you_mean
from . import primitives, results, tables
from .state import PlayerRef, State, Table
from .rounds import PARTS, MatchFrame, RoundFrame, new_units
from .tables import new_table, start_counters
from .turns import TurnFrame
from .limits import CARDS, NESTING, NUMBER, SAID_NUMBER, SETUP_VALUES, count

_DIGITS = re.compile("[0-9]+")

CARD_WORDS = ("tapped", "face_down", "damage", "entered", "control_changed")


class SetupError(ValueError):
    """A setup that does not describe a position of the game. `container[key]` is the
    part of the setup at fault (None when it is the setup itself)."""

    def __init__(self, message: str, container=None, key=None):
        super().__init__(message)
        self.message, self.container, self.key = message, container, key


def refuse(container, key, message: str):
    raise SetupError(message, container, key)


def placed_table(game, players: tuple, placed) -> Table:
    return Table(game.pack, tuple(p[0] for p in placed), tuple(p[1] for p in placed), players, game.options)


def placed_state(game, players: tuple, placed, seed: int, table: Table | None = None) -> State:
    """A state holding the cards of `placed`, (card, owner, zone name, zone seat) each,
    in that order (their ids), each controlled by the seat whose zone holds it (by its
    owner in a shared zone). A zone name of None puts the card in the first zone.
    `table`: the Table of these cards and players, when it is already made."""
    if table is None:
        table = placed_table(game, players, placed)
    s = State(table, seed)
    s.table = new_table(s)
    start_counters(s)
    s.units = new_units(game.pack)
    zones, zone_of, controller = s.zones, s.zone_of, s.controller
    alias = table.zone_alias      # a card set up in a partner's zone of the team is the team's
    for c, (_, owner, zname, zseat) in enumerate(placed):
        zone = table.zone(zname, zseat) if zname else 0
        if alias is not None:
            zone = alias[zone]
        zones[zone].append(c)
        zone_of[c] = zone
        if zname and zseat is not None:
            controller[c] = zseat
    if s.stamps is not None:
        # Cards placed at once arrive in the order of their ids.
        s.stamps[:] = range(1, len(placed) + 1)
        s.stamp = len(placed)
    return s


def nested_past(data, most: int = NESTING, values: int = SETUP_VALUES) -> str | None:
    """What is wrong with the shape of plain data, or None: "deep" where it holds lists
    and mappings more than `most` levels inside each other (data that holds itself does),
    "large" where it holds more than `values` lists, mappings and values, one held in
    several places counted in each (40 levels of lists, each held twice by the one above,
    are 2 ** 40 to walk). Looked at without recursion, and for `values` at most, so that
    nothing that walks it afterwards (the schema's check, the reading of the setup) can run out of stack
    or run for ever."""
    stack = [(data, 0)]
    walked = 0
    while stack:
        node, depth = stack.pop()
        walked += 1
        if walked > values:
            return "large"
        if isinstance(node, dict):
            items = node.values()
        elif isinstance(node, (list, tuple)):
            items = node
        else:
            continue
        if depth >= most:
            return "deep"
        stack.extend((item, depth + 1) for item in items)
    return None


def from_setup(game, players: tuple, setup, seed: int = 0, fail=refuse, card_def=None) -> State:
    """The position `setup` describes, its turn frame ready to begin the step. `fail(container,
    key, message)` is told what is wrong (it must raise); `card_def(name)` gives a card of the
    pack by name, or a message saying why there is none."""
    pack = game.pack
    card_def = card_def or (lambda name: pack.cards.get(name) or pack.tokens.get(name)
                            or f'unknown card "{name}"{did_you_mean(name, [*pack.cards, *pack.tokens])}')
    placed = _placed(game, players, setup, fail)
    cards = []
    for name, owner, zname, zseat, flags, container, i in placed:
        card = card_def(name)
        if isinstance(card, str):
            fail(container, i, card)
        z = pack.zone_by_name[zname]
        cards.append((card, owner, zname, zseat if z.per_player else None))
    s = placed_state(game, players, cards, seed)
    _within_capacity(s, placed, fail)
    for apply in SETUP_KEYS.values():
        apply(s, setup, Building(game, fail, placed))
    # The position is new to the rules: their checks run on it before anyone decides,
    # so a player set up at 0 life has lost and a creature set up with lethal damage dies.
    s.dirty = True
    return s


def _within_capacity(s: State, placed: list, fail) -> None:
    """No zone is set up with more cards than it may hold: the first card too many is refused."""
    if s.t.capacity is None:
        return
    for zone, cards in enumerate(s.zones):
        limit = s.t.capacity[zone]
        if limit is not None and len(cards) > limit:
            *_, container, i = placed[cards[limit]]
            fail(container, i, f"{primitives.zone_label(s, zone)} holds at most {limit} cards, not {len(cards)}")


class Building(NamedTuple):
    """What the setup keys read besides the setup: the game, `fail`, and each card placed."""
    game: object
    fail: object
    placed: list        # per card id: (name, owner, zone name, zone seat, flags, container, index)


def _turn(s: State, setup, b: Building) -> None:
    s.turn = setup.get("turn", 1)


def _active(s: State, setup, b: Building) -> None:
    s.active = seat_of(setup.get("active", 0), s.t.players, 0, b.fail, setup, "active")


def _holder(table: Table, zname: str, seat: int) -> int:
    """Who controls a card set up in `seat`'s zone `zname`: the seat, or for a zone of each
    team the team's first seat, whose zone holds the team's cards (as a move makes it)."""
    return table.leads[seat] if table.pack.zone_by_name[zname].per_team else seat


def _card_states(s: State, setup, b: Building) -> None:
    teams = s.t.zone_alias is not None     # zones of each team, whose cards their first seat controls
    for c, (name, owner, zname, zseat, flags, container, i) in enumerate(b.placed):
        s.controller[c] = owner if zseat is None else _holder(s.t, zname, zseat) if teams else zseat
        s.entered[c] = flags.get("entered", 0)
        if flags.get("control_changed"):
            s.control_turn[c] = flags["control_changed"]
        _apply_flags(s, c, flags, s.t.pack, container, i, b.fail)


def _players(s: State, setup, b: Building) -> None:
    given = {}      # (team counter, seat) -> the value a seat of the team was given
    for seat, p in enumerate(setup.get("players") or []):
        _player(s, seat, p, b.fail, given)


def _team_count(s: State, seat: int, name: str, value: int, container, fail, given: dict) -> None:
    """A counter the team shares (shared: team), given for one seat of a setup: the
    team's one count, so every partner holds it; partners given two values are refused."""
    holders = tables.sharing(s, seat, name)
    for p in holders:
        if (name, p) in given and given[(name, p)] != value:
            fail(container, name, f'{s.t.players[p].name} and {s.t.players[seat].name} share "{name}" '
                 f'(shared: team), one count for the team: give it once, not {given[(name, p)]} and {value}')
    for p in holders:
        s.pvars[p][name] = value
    given[(name, seat)] = value


def _table(s: State, setup, b: Building) -> None:
    for name, value in (setup.get("table") or {}).items():
        value = table_value(s.t.pack, s.t.players, name, value, setup["table"], b.fail)
        if s.t.pack.table[name].kind == "card" and value is not None:
            value = _card_named(s, value, setup["table"], name, b.fail)
        s.table[name] = value


def _card_named(s: State, said: str, container, key, fail) -> int:
    """The one card of the position named `said`, for a table value that holds a card."""
    found = [c for c, name in enumerate(s.t.names) if name == said and s.zone_of[c] >= 0]
    if len(found) != 1:
        fail(container, key, f'the position has {"no card" if not found else f"{len(found)} cards"} named "{said}": '
                             f'"{key}" holds one card')
    return found[0]


def _order(s: State, setup, b: Building) -> None:
    _turn_order(s, setup, b.game, b.fail)


def _phase(s: State, setup, b: Building) -> None:
    turn = turn_frame(s.t.pack, setup.get("phase"), setup.get("step"), setup, b.fail)
    if s.t.pack.rounds:
        s.frames.extend(round_frames(s, setup, b.game, b.fail, turn))
    else:
        s.frames.append(turn)


# What the setup says besides where the cards are (the zones of `players` and
# `shared`, which make the state): one function each, run in this order on the state
# the cards make. A new key of a setup is one entry here, one in the scenario schema
# and one in setup_of, its inverse.
SETUP_KEYS = {
    "turn": _turn,
    "active": _active,
    "cards": _card_states,      # each card's state, written beside its name in its zone
    "players": _players,        # life, counters, out, sits_out
    "table": _table,            # table values
    "direction": _order,        # and skips: the direction of play and turns to skip
    "phase": _phase,            # and step, and rounds: where the turn frame begins
}


def _placed(game, players: tuple, setup, fail) -> list:
    """(card name, owner seat, zone name, zone seat, flags, container, index) of each card
    of a setup, the players' zones in seat order first, then the shared zones."""
    pack = game.pack
    placed = []
    for seat, p in enumerate(setup.get("players") or []):
        for zname, cards in (p.get("zones") or {}).items():
            if zname not in pack.zone_by_name:
                fail(p["zones"], zname, f'unknown zone "{zname}"{pack.declarations.near("zone", zname)}')
            for name, flags, i in setup_entries(cards):
                owner = seat_of(flags.get("owner"), players, seat, fail, cards, i)
                placed.append((name, owner, zname, seat, flags, cards, i))
                _within(placed, cards, i, fail)
    for zname, cards in (setup.get("shared") or {}).items():
        if zname not in pack.zone_by_name:
            fail(setup["shared"], zname, f'unknown zone "{zname}"{pack.declarations.near("zone", zname)}')
        if pack.zone_by_name[zname].per_player:
            fail(setup["shared"], zname, each_players(zname))
        for name, flags, i in setup_entries(cards):
            owner = seat_of(flags.get("owner"), players, 0, fail, cards, i)
            placed.append((name, owner, zname, None, flags, cards, i))
            _within(placed, cards, i, fail)
    return placed


def each_players(zname: str) -> str:
    """Why a zone of each player is not given (or expected) under `shared`."""
    return f'"{zname}" is a zone of each player: give its cards under the player\'s zones, not under shared'


def _within(placed: list, cards, i: int, fail) -> None:
    if len(placed) > CARDS:     # as a game dealt from decks
        fail(cards, i, f"this is card {count(len(placed))} of the position: a game has at most {count(CARDS)}")


def setup_entries(cards):
    """Card entries of a setup zone: (name, flags dict, index)."""
    out = []
    for i, entry in enumerate(cards or []):
        if isinstance(entry, str):
            name, _, flags = entry.partition(":")
            f = {}
            for word in flags.split(","):
                word = word.strip()
                if word:
                    f.setdefault("words", []).append(word)
            out.append((name.strip(), f, i))
        else:
            out.append((entry["card"], entry, i))
    return out


def _player(s: State, seat: int, p, fail, given: dict) -> None:
    pack = s.t.pack
    pv = s.pvars[seat]
    if "life" in p:
        if pack.life_counter is None:
            fail(p, "life", "the pack names no life counter")
        pv[pack.life_counter] = p["life"]
    for name, value in (p.get("counters") or {}).items():
        if name not in pack.player_counters:
            fail(p["counters"], name, f'unknown player counter "{name}"{pack.declarations.near("player counter", name)}')
        if pack.player_counters[name].per is not None:
            _keyed_counts(s, seat, name, value, p["counters"], fail)
            continue
        d = pack.player_counters[name]
        if d.kind != "number":      # a word, a player's name, a card's name, or none
            value = held_value(pack, s.t.players, d, value, p["counters"], fail)
            if d.kind == "card" and value is not None:
                value = _card_named(s, value, p["counters"], name, fail)
        elif type(value) is not int:
            # The schema lets a mapping through, for a counter kept for each card.
            fail(p["counters"], name, f'"{name}" is a number: give it as {name}: 3')
        if d.shared:
            _team_count(s, seat, name, value, p["counters"], fail, given)
        else:
            pv[name] = value
    if p.get("out"):
        s.put_out(seat)
    level = sitting_level(pack, p, fail)
    if level is not None:       # as the position was found, not a thing that happens in it: no log line
        sitting = list(s.sitting or (-1,) * len(s.out))
        sitting[seat] = level
        s.sitting = tuple(sitting)


def sitting_level(pack, p, fail) -> int | None:
    """How long a player of a setup sits out (`sits_out`): a round's level until its unit
    ends, results.FOR_GOOD for `true` (the rest of the game), None for not at all."""
    given = p.get("sits_out")
    if given is None or given is False:
        return None
    if given is True:
        return results.FOR_GOOD
    for level, d in enumerate(pack.rounds):
        if d.name == given:
            return level
    if not pack.rounds:
        fail(p, "sits_out", f'unknown round "{given}": the pack has no rounds ("sits_out: true" sits the player '
                            f'out for the rest of the game)')
    near = pack.declarations.near("round", given)
    rounds = " or ".join(d.name for d in pack.rounds)
    fail(p, "sits_out", f'unknown round "{given}"' + (near or f": sits_out takes the name of one of the pack's rounds "
                        f"({rounds}), to sit out until that round ends, or true, for the rest of the game"))


def _keyed_counts(s: State, seat: int, name: str, value, container, fail) -> None:
    """A counter kept for each card, set in a position: {card name: count} (the first card
    of each name)."""
    if not isinstance(value, dict):
        fail(container, name, f'"{name}" is counted for each card: give it as {{card name: count}}')
    for card, n in value.items():
        c = card_named(s, card)
        if c is None:
            fail(value, card, f'no card named "{card}" in this position')
        tables.set_keyed(s, name, seat, c, n)


def round_frames(s: State, setup, game, fail, turn: TurnFrame) -> list:
    """The frames of a game with rounds at the position a setup gives: each round under
    way (by default the first of each, led by the active player), and the active
    player's turn when the setup names a phase."""
    pack = game.pack
    given = setup.get("rounds") or {}
    names = [d.name for d in pack.rounds]
    for key in given:
        if key not in (*names, "leader", "played"):
            fail(given, key, f'unknown round "{key}"{pack.declarations.near("round", key)}')
    leader = seat_of(given.get("leader"), s.t.players, s.active, fail, given, "leader")
    played = [seat_of(p, s.t.players, 0, fail, given["played"], i) for i, p in enumerate(given.get("played") or [])]
    if setup.get("phase") is not None and s.active not in played:
        played.append(s.active)
    numbers = [given.get(d.name, 1) for d in pack.rounds]
    mask = sum(1 << seat for seat in set(played))
    s.units = tuple((n, leader, mask if level == len(numbers) - 1 else 0, -1, n) for level, n in enumerate(numbers))
    frames = [MatchFrame()] + [RoundFrame(level, PARTS, numbers[level + 1] if level + 1 < len(numbers) else len(played))
                               for level in range(len(numbers))]
    if setup.get("phase") is not None:
        turn.single = True
        frames.append(turn)
    return frames


def _turn_order(s: State, setup, game, fail) -> None:
    """The direction of play and the turns to skip a setup gives."""
    way = setup.get("direction", "normal")
    skips = setup.get("skips") or {}
    if way == "normal" and not skips:
        return
    if way not in ("normal", "reversed"):
        fail(setup, "direction", f'the direction is "normal" or "reversed", not {way!r}')
    counts = [0] * game.num_players
    for name, n in skips.items():
        counts[seat_of(name, s.t.players, 0, fail, skips, name)] = n
    s.order = (-1 if way == "reversed" else 1, tuple(counts), (), s.active)


def table_value(pack, players: tuple, name: str, value, container, fail):
    """A table value written in a setup or an expectation: a number, a word, a player's
    name (one of `players`, the PlayerRef of each seat), or none."""
    d = pack.table.get(name)
    if d is None:
        fail(container, name, f'unknown table value "{name}"{pack.declarations.near("table value", name)}')
    return held_value(pack, players, d, value, container, fail)


def held_value(pack, players: tuple, d, value, container, fail):
    """A value of a table value or a player counter (TableDef, CounterDef) written in a
    setup or an expectation: a number, a word, a player's name, a card's name, or none."""
    name = d.name
    if value is None or value == "none":
        return None
    if d.kind == "number" and type(value) is int:
        return value
    if d.kind == "word" and value in pack.one_of[d.of]:
        return value
    if d.kind == "player" and value in (seats := [p.name for p in players]):
        return players[seats.index(value)]
    if d.kind == "card" and type(value) is str:
        return value            # a card's name: the card of the position that has it (_table)
    want = {"number": "a whole number", "player": "a player's name", "card": "a card's name"}.get(d.kind) or \
        f'a word of "{d.of}"'
    fail(container, name, f'"{name}" holds {want} or none, not {value!r}')


def seat_of(value, players: tuple, default: int, fail, container, key) -> int:
    """The seat a setup names (a number or a player's name, of `players`, the PlayerRef
    of each seat); `default` when it names none."""
    if value is None:
        return default
    if isinstance(value, int):
        if 0 <= value < len(players):
            return value
        fail(container, key, f"there is no seat {value}")
    names = [p.name for p in players]
    if value in names:
        return names.index(value)
    fail(container, key, f'unknown player "{value}"{did_you_mean(value, names)}')


def seated(pack, n: int) -> tuple:
    """The players of a game of `n` seats: a PlayerRef with its name each."""
    return tuple(PlayerRef(i, seat_name(pack, i)) for i in range(n))


def seat_name(pack, seat: int) -> str:
    if seat < len(pack.seats) and pack.seats[seat].get("name"):
        return pack.seats[seat]["name"]
    return f"Player {seat + 1}"


def _apply_flags(s: State, c: int, flags: dict, pack, cards, i, fail) -> None:
    words = list(flags.get("words", []))
    if flags.get("tapped"):
        words.append("tapped")
    if flags.get("face_down"):
        words.append("face_down")
    find = partial(marked, s)
    for word in words:
        kind, name, value = card_word(word, pack, find, cards, i, fail)
        if kind == "tapped":
            s.tapped[c] = True
        elif kind == "face_down":
            s.face_down[c] = s.downs = True
        elif kind == "counted":
            getattr(s, _COUNTED[name])[c] = value
        else:
            primitives.set_mark(s, c, name, value, flags.get("until"))
    if flags.get("damage"):
        s.damage[c] = flags["damage"]
    for name, n in (flags.get("counters") or {}).items():
        card_counter(name, pack, cards, i, fail)
        s.counters[(c, name)] = n
    for mark, value in (flags.get("marks") or {}).items():
        primitives.set_mark(s, c, mark, card_mark(mark, value, pack, find, cards, i, fail), flags.get("until"))


_COUNTED = {"damage": "damage", "entered": "entered", "control_changed": "control_turn"}


# The words written beside a card in a setup, and its marks and counters, read apart
# from the position they go into: `cardtable validate` reads them so, without one.
# `find(name)` gives the card or the player a mark points at, None for none.
def card_word(word: str, pack, find, cards, i, fail) -> tuple:
    """What a word beside a card sets: (kind, name, value), kind one of tapped,
    face_down, counted (damage N, entered N...: name the state, value N) or mark (the
    mark and what it points at)."""
    head, _, rest = word.partition(" ")
    if word in ("tapped", "face_down"):
        return word, word, True
    if head in _COUNTED and _DIGITS.fullmatch(rest):
        # Digits as written ("²" and "①" are digits to Python, not numbers), at most 10¹⁸.
        if len(rest) > 19 or int(rest) > NUMBER:
            fail(cards, i, f'"{word}": this number is too large: numbers are at most {SAID_NUMBER}')
        return "counted", head, int(rest)
    if head in pack.marks:
        return "mark", head, _pointed_at(rest, find, cards, i, fail) if rest else True
    near = did_you_mean(head, [*CARD_WORDS, *pack.declarations.names("mark")])
    fail(cards, i, f'unknown card state "{word}"{near} (write tapped, face_down, damage N, entered N, '
                   f'control_changed N or a mark)')


def card_mark(mark: str, value, pack, find, cards, i, fail):
    """A mark given in full (`marks: {attacking: Bob}`): what it points at."""
    if mark not in pack.marks:
        fail(cards, i, f'unknown mark "{mark}"{pack.declarations.near("mark", mark)}')
    return _pointed_at(value, find, cards, i, fail) if isinstance(value, str) else value


def card_counter(name: str, pack, cards, i, fail) -> None:
    """A counter a setup puts on a card: one the pack declares (a misspelt one would
    be set, and no rule would read it)."""
    if name not in pack.card_counters:
        fail(cards, i, f'unknown card counter "{name}"{pack.declarations.near("card counter", name)}')


def _pointed_at(name: str, find, cards, i, fail):
    found = find(name)
    if found is None:
        fail(cards, i, f'no card or player named "{name}" in this position')
    return found


def marked(s: State, name: str):
    """What a mark set in a position points at: the first card of that name, else the
    player of that name (an attacker attacking a player), or None."""
    c = card_named(s, name)
    if c is not None:
        return c
    return next((p for p in s.t.players if p.name == name), None)


def card_named(s: State, name: str):
    """The first card of that name (the lowest id), or None."""
    for c, n in enumerate(s.t.names):
        if n == name:
            return c
    return None


def turn_frame(pack, phase, step, setup, fail) -> TurnFrame:
    if phase is None:
        return TurnFrame()
    names = [p.name for p in pack.phases]
    if phase not in names:
        fail(setup, "phase", f'unknown phase "{phase}"{pack.declarations.near("phase", phase)}')
    pi = names.index(phase)
    steps = [st.name for st in pack.phases[pi].steps]
    si = 0
    if step is not None:
        if step not in steps:
            fail(setup, "step", f'unknown step "{step}" of phase {phase}{did_you_mean(step, steps)}')
        si = steps.index(step)
    return TurnFrame(pi, si, started=True)


# ------------------------------------------------------------ the inverse
def _said(s: State, v, d):
    """A table value or a player counter (`d` its TableDef or CounterDef) as a setup
    writes it: a player or a card by name."""
    if isinstance(v, PlayerRef):
        return v.name
    return s.t.names[v] if v is not None and d is not None and d.kind == "card" else v


def setup_of(s: State) -> dict:
    """The setup of a position: plain data (text, numbers, lists and mappings) that
    from_setup makes into the same cards in the same places and states, the same
    counters, turn, active player, phase and step."""
    t = s.t
    setup = {"turn": s.turn, "active": t.players[s.active].name}
    if s.phase:
        setup["phase"] = s.phase
        if s.step and s.step != s.phase:
            setup["step"] = s.step
    # A counter the game has not set yet reads 0 (none: one that holds a word, a player or
    # a card); a setup starts it at its start value.
    unset = {n: 0 if d.kind == "number" else None for n, d in t.pack.player_counters.items()}
    counters = t.pack.player_counters
    players = [{"zones": {}, "counters": {**unset, **{n: _said(s, v, counters.get(n)) for n, v in pv.items()}}}
               for pv in s.pvars]
    shared = {}
    for zone, cards in enumerate(s.zones):
        zdef, seat = t.zone_meta[zone]
        entries = [_entry(s, c, seat) for c in cards]
        if seat is None:
            shared[zdef.name] = entries
        else:
            players[seat]["zones"][zdef.name] = entries
    for seat, out in enumerate(s.out):
        if out:
            players[seat]["out"] = True
    for seat, level in enumerate(s.sitting or ()):
        if level >= 0:
            players[seat]["sits_out"] = True if level == results.FOR_GOOD else t.pack.rounds[level].name
    setup["players"] = players
    if shared:
        setup["shared"] = shared
    if s.table is not None:
        setup["table"] = {n: _said(s, v, t.pack.table[n]) for n, v in s.table.items()}
    if s.units is not None:
        units = s.units
        setup["rounds"] = {**{d.name: units[level][0] for level, d in enumerate(t.pack.rounds)},
                           "leader": t.players[units[-1][1]].name,
                           "played": [t.players[p].name for p in range(len(t.players)) if units[-1][2] >> p & 1]}
    if s.order is not None:
        if s.order[0] < 0:
            setup["direction"] = "reversed"
        if any(s.order[1]):
            setup["skips"] = {t.players[p].name: n for p, n in enumerate(s.order[1]) if n}
    return setup


def _entry(s: State, c: int, zone_seat):
    """A card as a setup writes it: its name alone, or a mapping with its state."""
    entry = {"card": s.t.names[c]}
    owner = s.owner[c]
    if owner != (zone_seat if zone_seat is not None else 0):
        entry["owner"] = owner
    for word, value in (("tapped", s.tapped[c]), ("face_down", s.face_down[c]), ("damage", s.damage[c]),
                        ("entered", s.entered[c]), ("control_changed", s.control_turn.get(c, 0))):
        if value:
            entry[word] = value
    counters = {k: n for (x, k), n in s.counters.items() if x == c}
    if counters:
        entry["counters"] = counters
    marks = {m: (s.t.names[v] if type(v) is int else v.name if isinstance(v, PlayerRef) else v)
             for (x, m), v in s.marks.items() if x == c and m[0] != "@"}
    if marks:
        entry["marks"] = marks
        until = {mod[1] for mod in s.mods if mod[0] == "mark" and mod[2] == c}
        if len(until) == 1:
            entry["until"] = until.pop()
    return entry if len(entry) > 1 else entry["card"]


def unsaid(s: State) -> list[str]:
    """What a position holds that its setup cannot say, in a designer's words."""
    out = []
    if s.pile:
        out.append(f"the pile ({len(s.pile)} effect{'s' if len(s.pile) != 1 else ''} waiting)")
    if s.order is not None and s.order[2]:
        out.append(f"extra turns to come ({', '.join(s.t.players[p].name for p in reversed(s.order[2]))})")
    kept = [mod for mod in s.mods if mod[0] != "mark"]
    if kept:
        out.append(f"{len(kept)} continuous effect{'s' if len(kept) != 1 else ''} other than marks")
    for c in {mod[2] for mod in s.mods if mod[0] == "mark"}:
        if len({mod[1] for mod in s.mods if mod[0] == "mark" and mod[2] == c}) > 1:
            out.append(f"marks of {s.t.names[c]} that end at different times")
    for (c, m), v in s.marks.items():
        if m[0] == "@":
            out.append(f"what the rules keep in the mark {m} of {s.t.names[c]}")
        elif type(v) is int and card_named(s, s.t.names[v]) != v:
            out.append(f'the mark {m} of {s.t.names[c]} names one of several cards called "{s.t.names[v]}"')
    return out
