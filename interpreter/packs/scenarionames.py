"""The names a pack's scenarios use, looked up without playing them.

`cardtable validate` looks up every name of each scenario (once its file fits the
scenario schema and the pack loads) where `cardtable test` would meet it on the way:
the options, the number of players and, without a setup, the decks the game deals;
the setup's cards, zones, players, phase and step, table values, counters, marks and
rounds, the players of the script and the points its `until:` names, and the cards,
zones, players, properties, counters, marks, keywords and card types the
expectations name. Each problem has the message and the place `test` would fail
with, but all of them come in one run, and no position is built (`test` itself
tells every problem of the options, the players and the decks, through `settled`).
What only play tells is left to `test`: the labels of options (a decision's, a
step's, `taken`'s), the lines of the log, and whether a card is where and as it is
expected.

One check per key of a setup (SETUP), per key of an expectation that names things
(EXPECT) and per kind of step (STEPS): tests/test_scenario_names.py keeps these
tables beside those that play a scenario.
"""
from __future__ import annotations

import re
from typing import Callable

from ..diagnostics import Report
from ..engine.game import Game, OptionError, option_problems, players_of
from ..engine.model import Pack
from ..engine.positions import (SetupError, card_counter, card_mark, card_word, each_players, held_value, refuse,
                                seat_of, seated, setup_entries, sitting_level, table_value, turn_frame)
from ..suggest import did_you_mean
from .expectations import CARD_FIELDS, UNSEEN_NAMES, entries, not_seated
from .scenario import Scenario, is_card, step_kind, unknown_card
from .stops import check_condition_syntax, stop_target
from .yamlpos import position

_TOKEN = re.compile(r"(.+) #[0-9]+")     # the second token of a name is "Goblin #2" in the game


def check_names(pack: Pack, scenarios: list[Scenario], report: Report) -> None:
    for sc in scenarios:
        names = Names.of(pack, sc, report)
        if names is not None:
            names.check(sc.raw)
        else:
            check_condition_syntax(sc.raw, sc.file, report)


def settled(pack: Pack, sc: Scenario, report: Report) -> int | None:
    """The number of players of a scenario's game, its options and players read as the
    game reads them, every problem reported at its place (where Game would stop at the
    first): each option at its value, a number of players at the setup's players or
    the scenario's `players`. None when the number of players is wrong. `cardtable
    test` plays no scenario with a problem here; `validate` looks up its names still."""
    raw = sc.raw
    options = raw.get("options") or {}
    problems = option_problems(pack, options)
    for name, message in problems:
        line, col = position(options, name)
        report.add(sc.file, line, col, message)
    setup = raw.get("setup")
    given = setup is not None and "players" in setup
    try:
        n = players_of(pack, len(setup["players"]) if given else raw.get("players"))
    except OptionError as e:
        line, col = position(setup, "players") if given else position(raw, "players")
        report.add(sc.file, line, col, str(e))
        return None
    # A setup places every card of the game; without one the pack's decks are dealt.
    missing = [] if setup is not None or problems else Game(pack, options, n, deals=False).missing_decks()
    if missing:
        line, col = position(raw, None)
        report.add(sc.file, line, col, f"without a setup the game deals its decks, and {'; '.join(missing)}: "
                                       f"give the scenario a setup that places the cards it needs, or declare the deck")
    return n


class Names:
    """One scenario's names looked up in its pack; each problem goes to the report."""

    def __init__(self, pack: Pack, players: int, file: str, report: Report):
        self.pack, self.file, self.report = pack, file, report
        self.players = seated(pack, players)
        self.seats = [p.name for p in self.players]
        self.placed: set[str] = set()     # the setup's cards, as the game names them
        self.unseen = frozenset()         # what stands for a card one player does not see (seen_by)

    @classmethod
    def of(cls, pack: Pack, sc: Scenario, report: Report) -> Names | None:
        """The scenario's names to look up; None when its number of players is wrong
        (its problems reported by `settled`)."""
        n = settled(pack, sc, report)
        return None if n is None else cls(pack, n, sc.file, report)

    def check(self, raw) -> None:
        setup = raw.get("setup")
        if setup is not None:
            self.placed = self._placed(setup)
            for key, check in SETUP.items():
                if key in setup:
                    check(self, setup[key], setup)
        for k, step in enumerate(raw.get("script") or []):
            STEPS[step_kind(step)](self, step, raw["script"], k)
        if "expect" in raw:
            self.expect(raw["expect"])

    def expect(self, expect) -> None:
        for key, check in EXPECT.items():
            if key in expect:
                check(self, expect[key], expect)

    # ------------------------------------------------------------------ looking up
    def add(self, container, key, message: str) -> None:
        line, col = position(container, key)
        self.report.add(self.file, line, col, message)

    def run(self, check: Callable):
        """`check(fail)`, one of the setup's readers: what it reports is added here."""
        try:
            return check(refuse)
        except SetupError as e:
            self.add(e.container, e.key, e.message)
            return None

    def sits(self, who) -> bool:
        """Whether a player, by seat number or name, as an expectation or a step names one, is seated."""
        return isinstance(who, int) and 0 <= who < len(self.seats) or who in self.seats

    def seat(self, who, container, key) -> None:
        if self.sits(who):
            return
        self.add(container, key, f'unknown player "{who}"{did_you_mean(str(who), self.seats)}')

    def card(self, name: str, container, key) -> None:
        """A card a game of the pack may have: one of its cards, a card its imports
        have, or a token numbered (its second "Goblin" token is "Goblin #2")."""
        token = _TOKEN.fullmatch(name)
        if name in self.unseen:
            return
        if not is_card(self.pack, name) and not (token and token[1] in self.pack.tokens):
            self.add(container, key, unknown_card(self.pack, name))

    def player_counter(self, counters: dict, name: str):
        d = self.pack.player_counters.get(name)
        if d is None:
            self.add(counters, name,
                     f'unknown player counter "{name}"{self.pack.declarations.near("player counter", name)}')
        return d

    def zone(self, zname: str, container) -> bool:
        if zname in self.pack.zone_by_name:
            return True
        self.add(container, zname, f'unknown zone "{zname}"{self.pack.declarations.near("zone", zname)}')
        return False

    def shared_zone(self, zname: str, container) -> None:
        if self.pack.zone_by_name[zname].per_player:
            self.add(container, zname, each_players(zname))

    def found(self, name: str):
        """What a mark set in the setup may point at: a card of the setup, or a player."""
        return True if name in self.placed or name in self.seats else None

    # ------------------------------------------------------------------ the setup's cards
    def _placed(self, setup) -> set:
        """The names of the setup's cards, each checked (an unknown card is not one),
        as the game names them: its tokens of one name numbered in the order placed."""
        names, tokens = set(), {}
        zones = [p.get("zones") or {} for p in setup.get("players") or []] + [setup.get("shared") or {}]
        for given in zones:
            for zname, cards in given.items():
                if self.zone(zname, given) and given is setup.get("shared"):
                    self.shared_zone(zname, given)
                for name, flags, i in setup_entries(cards):
                    if "owner" in flags:
                        self.run(lambda fail: seat_of(flags["owner"], self.players, 0, fail, cards, i))
                    if not is_card(self.pack, name):
                        self.add(cards, i, unknown_card(self.pack, name))
                    elif name in self.pack.tokens:
                        k = tokens[name] = tokens.get(name, 0) + 1
                        names.add(name if k == 1 else f"{name} #{k}")
                    else:
                        names.add(name)
        return names

    def card_states(self, cards) -> None:
        """What a setup writes beside each card of a zone: its state, marks and counters."""
        pack = self.pack
        for _, flags, i in setup_entries(cards):
            words = [*flags.get("words", ()), *(w for w in ("tapped", "face_down") if flags.get(w))]
            for word in words:
                self.run(lambda fail: card_word(word, pack, self.found, cards, i, fail))
            for mark, value in (flags.get("marks") or {}).items():
                self.run(lambda fail: card_mark(mark, value, pack, self.found, cards, i, fail))
            for name in flags.get("counters") or {}:
                self.run(lambda fail: card_counter(name, pack, cards, i, fail))


# ---------------------------------------------------------------------- the setup
# Key of `setup:` -> check(names, value, setup); the positions.SETUP_KEYS read them.
SETUP: dict[str, Callable] = {}
setup_key = entries(SETUP)


@setup_key("active")
def _active(names: Names, who, setup) -> None:
    names.run(lambda fail: seat_of(who, names.players, 0, fail, setup, "active"))


@setup_key("players")
def _players(names: Names, players: list, setup) -> None:
    pack = names.pack
    for p in players:
        for cards in (p.get("zones") or {}).values():
            names.card_states(cards)
        if "life" in p and pack.life_counter is None:
            names.add(p, "life", "the pack names no life counter")
        names.run(lambda fail: sitting_level(pack, p, fail))
        counters = p.get("counters") or {}
        for name, value in counters.items():
            d = names.player_counter(counters, name)
            if d is None:
                continue
            if d.kind != "number":
                _held(names, d, value, counters)
            elif d.per is not None and not isinstance(value, dict):
                names.add(counters, name, f'"{name}" is counted for each card: give it as {{card name: count}}')
            elif d.per is None and type(value) is not int:
                names.add(counters, name, f'"{name}" is a number: give it as {name}: 3')
            elif d.per is not None:
                for card in value:
                    if card not in names.placed:
                        names.add(value, card, f'no card named "{card}" in this position')


@setup_key("shared")
def _shared(names: Names, shared: dict, setup) -> None:
    for cards in shared.values():
        names.card_states(cards)


@setup_key("table")
def _table(names: Names, table: dict, setup) -> None:
    for name, value in table.items():
        names.run(lambda fail: table_value(names.pack, names.players, name, value, table, fail))
        d = names.pack.table.get(name)
        if d is not None and d.kind == "card" and type(value) is str and value != "none":
            names.card(value, table, name)


def _held(names: Names, d, value, container) -> None:
    """A player counter's value that is a word, a player's name or a card's name, given
    or expected as a table value is."""
    names.run(lambda fail: held_value(names.pack, names.players, d, value, container, fail))
    if d.kind == "card" and type(value) is str and value != "none":
        names.card(value, container, d.name)


@setup_key("phase")
def _phase(names: Names, phase: str, setup) -> None:
    names.run(lambda fail: turn_frame(names.pack, phase, setup.get("step"), setup, fail))


@setup_key("skips")
def _skips(names: Names, skips: dict, setup) -> None:
    for who in skips:
        names.run(lambda fail: seat_of(who, names.players, 0, fail, skips, who))


@setup_key("rounds")
def _setup_rounds(names: Names, given: dict, setup) -> None:
    pack = names.pack
    if not pack.rounds:
        return      # a pack without rounds plays turn after turn: the setup's rounds are not read
    rounds = [d.name for d in pack.rounds]
    for key in given:
        if key not in (*rounds, "leader", "played"):
            names.add(given, key, f'unknown round "{key}"{pack.declarations.near("round", key)}')
    if "leader" in given:
        names.run(lambda fail: seat_of(given["leader"], names.players, 0, fail, given, "leader"))
    for i, who in enumerate(given.get("played") or []):
        names.run(lambda fail: seat_of(who, names.players, 0, fail, given["played"], i))


# ---------------------------------------------------------------------- the script
# Kind of step (scenario.STEPS) -> check(names, step, script, k).
STEPS: dict[str, Callable] = {}
script_step = entries(STEPS)


@script_step("choose")
def _choose(names: Names, step, script, k: int) -> None:
    if isinstance(step, str):
        who = step.partition(": ")[0]
    else:
        who = step["player"]
        if isinstance(who, int):
            who = names.seats[who] if 0 <= who < len(names.seats) else str(who)
    if who not in names.seats:
        names.add(script, k, f'unknown player "{who}"{did_you_mean(who, names.seats)}')


@script_step("expect")
def _expect_step(names: Names, step, script, k: int) -> None:
    names.expect(step["expect"])


@script_step("until")
def _until(names: Names, step, script, k: int) -> None:
    names.run(lambda fail: stop_target(names.pack, step["until"], fail, tuple(names.seats)))


# ---------------------------------------------------------------------- expectations
# Key of `expect:` that names things -> check(names, want, expect); see expectations.EXPECTATIONS.
EXPECT: dict[str, Callable] = {}
expect_key = entries(EXPECT)


@expect_key("result")
def _result(names: Names, want: str, expect) -> None:
    if want in ("ongoing", "draw"):
        return
    for ending in (" wins", " win", " loses", " lose"):
        if want.endswith(ending):
            who = want[:-len(ending)]
            for name in [who] if who in names.seats else who.split(" and "):
                names.seat(name, expect, "result")
            return
    names.add(expect, "result", f'a result is "ongoing", "draw", "PLAYER wins", "PLAYER and PLAYER win" or, '
                                f'where every player lost, "PLAYER loses", not "{want}"')


@expect_key("players")
def _expect_players(names: Names, want: list, expect) -> None:
    seats = len(names.seats)
    if len(want) > seats:
        names.add(want, seats, f"the game has {seats} players, and the expectation lists {len(want)}")
    for p in want[:seats]:
        counters = p.get("counters") or {}
        for name, value in counters.items():
            d = names.player_counter(counters, name)
            if d is None:
                continue
            if d.kind != "number":
                _held(names, d, value, counters)
            elif isinstance(value, dict) and d.per is None:
                names.add(counters, name, f'"{name}" is a number: expect it as {name}: 3')
            elif isinstance(value, dict):
                for card in value:
                    names.card(card, value, card)
        _zones(names, p.get("zones") or {})


@expect_key("shared")
def _expect_shared(names: Names, want: dict, expect) -> None:
    for zname in want:
        if zname in names.pack.zone_by_name:
            names.shared_zone(zname, want)
    _zones(names, want)


def _zones(names: Names, zones: dict) -> None:
    """The cards expected in each zone: a list of them, or lists under the checks of a zone."""
    for zname, want in zones.items():
        if not names.zone(zname, zones):
            continue
        lists = [want] if isinstance(want, list) else [v for v in want.values() if isinstance(v, list)]
        for cards in lists:
            for i, name in enumerate(cards):
                names.card(name, cards, i)


@expect_key("table")
def _expect_table(names: Names, want: dict, expect) -> None:
    _table(names, want, expect)


@expect_key("rounds")
def _expect_rounds(names: Names, want: dict, expect) -> None:
    rounds = [d.name for d in names.pack.rounds]
    for key, said in want.items():
        if not rounds:
            names.add(want, key, "the game has no rounds (the pack declares none)")
        elif key == "leader":
            names.seat(said, want, key)
        elif key not in rounds:
            names.add(want, key, f'the game has no round "{key}"{did_you_mean(key, [*rounds, "leader"])}')


@expect_key("cards")
def _cards(names: Names, want: dict, expect) -> None:
    for name, entry in want.items():
        names.card(name, want, name)
        for one in entry if isinstance(entry, list) else [entry]:
            for key, value in one.items():
                check = CARD_NAMES.get(key)
                if check is not None:
                    check(names, value, one, key)
                elif key not in CARD_FIELDS and key not in names.pack.properties and key not in names.pack.derived:
                    known = [*CARD_FIELDS, *names.pack.declarations.names("property")]
                    names.add(one, key, f'unknown card property "{key}"{did_you_mean(key, known)}')


def _each(look_up: Callable) -> Callable:
    """The check of a key each item (of a list) or key (of a mapping) of which names a
    player or a card: `look_up(names, name, container, key)`."""
    def check(names: Names, want, expect) -> None:
        for key, name in enumerate(want) if isinstance(want, list) else ((name, name) for name in want):
            look_up(names, name, want, key)
    return check


EXPECT["places"] = _each(Names.seat)
EXPECT["tapped"] = EXPECT["untapped"] = EXPECT["damage"] = _each(Names.card)


@expect_key("seen_by")
def _seen_by(names: Names, want: dict, expect) -> None:
    for name, seen in want.items():
        if not names.sits(name):
            names.add(want, name, not_seated(name, names.seats))
        names.unseen = UNSEEN_NAMES
        try:
            names.expect(seen)
        finally:
            names.unseen = frozenset()


@expect_key("decision")
def _decision(names: Names, want: dict, expect) -> None:
    if "player" in want:
        names.seat(want["player"], want, "player")


@expect_key("taken")
def _taken(names: Names, want: list, expect) -> None:
    for i, step in enumerate(want):
        names.seat(step.partition(": ")[0], want, i)


# Key of an expected card that names things (expectations.CARD_FIELDS) -> check(names,
# value, entry, key); a key that is in neither table is a property of the pack's cards.
CARD_NAMES: dict[str, Callable] = {}
card_key = entries(CARD_NAMES)


@card_key("zone")
def _zone(names: Names, want: str, entry, key) -> None:
    who, sep, zname = want.partition("'s ")      # "play", or "Ann's play"
    if sep and who in names.seats:
        want = zname
    if want not in names.pack.zone_by_name:
        names.add(entry, key, f'unknown zone "{want}"{names.pack.declarations.near("zone", want)}')


@card_key("controller")
def _seat(names: Names, want, entry, key) -> None:
    names.seat(want, entry, key)


CARD_NAMES["owner"] = _seat


@card_key("counters")
def _counters(names: Names, want: dict, entry, key) -> None:
    for name in want:
        names.run(lambda fail: card_counter(name, names.pack, want, name, fail))


@card_key("marks")
def _marks(names: Names, want: dict, entry, key) -> None:
    for mark, value in want.items():
        if mark not in names.pack.marks:
            names.add(want, mark, f'unknown mark "{mark}"{names.pack.declarations.near("mark", mark)}')
        elif isinstance(value, str) and value not in names.seats:
            names.card(value, want, mark)


def _words(kind: str, known: Callable):
    def check(names: Names, want: list, entry, key) -> None:
        for i, word in enumerate(want):
            if word not in known(names.pack):
                names.add(want, i, f'unknown {kind} "{word}"{names.pack.declarations.near(kind, word)}')
    return check


CARD_NAMES["keywords"] = _words("keyword", lambda pack: pack.keywords)
CARD_NAMES["types"] = _words("card type", lambda pack: pack.card_types)
