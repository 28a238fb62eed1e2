"""What a scenario expects of a position: one small check for each key of `expect:`.

EXPECTATIONS is the table of those keys, in the order they are checked: the first
that does not hold fails the scenario, at its line. A new kind of expectation is one
entry here and one property of `expect` in schemas/scenario.schema.json (a test
keeps the two the same). The zones and the cards expected have tables of their own:
ZONE_CHECKS and CARD_FIELDS.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Callable

from ..engine.game import GameState
from ..engine.positions import each_players
from ..engine.results import ordinal, who_won
from ..engine.wording import and_list
from ..engine.tables import shown as shown_value
from ..suggest import did_you_mean


def entries(table: dict):
    """The decorator that enters a function in `table` under a key: `@entry("count")`."""
    def entry(key: str):
        def register(function):
            table[key] = function
            return function
        return register
    return entry


EXPECTATIONS: dict[str, Callable] = {}       # key of `expect:` -> check(look, want, expect)
expectation = entries(EXPECTATIONS)


@dataclass
class Look:
    """A position as the expectations read it. `fail(container, key, message)` raises
    at the line of `container[key]`."""
    state: GameState
    fail: Callable
    taken: list = field(default_factory=list)   # "Red: pass": decisions the game took by itself
    paused: str | None = None                   # where the scenario stopped the game, if it did
    viewer: int | None = None                   # the seat whose view is expected (`seen_by`), or None: all

    @cached_property
    def view(self) -> dict:
        """The position as the viewer sees it; without one, everything, every card named, with its id."""
        return self.state.observation(self.viewer)

    @property
    def log(self) -> list[str]:
        return self.state.log_for(self.viewer)

    @property
    def whose_log(self) -> str:
        return "the log" if self.viewer is None else f"{self.state.seat_names[self.viewer]}'s log"

    def seen(self, label: str) -> str:
        """What a message calls a part of the position: as the viewer sees it, where there is one."""
        return label if self.viewer is None else f"{label} (as {self.state.seat_names[self.viewer]} sees it)"

    @property
    def decision(self):
        """The decision a player must make now, or None."""
        return None if self.paused else self.state.decision

    def seat(self, who) -> int | None:
        names = self.state.seat_names
        if isinstance(who, int):
            return who if 0 <= who < len(names) else None
        return names.index(who) if who in names else None

    def cards_named(self, name: str) -> list[int]:
        """The cards of that name, lowest id (the setup's order) first."""
        return self.state.view.cards_named(name)

    def no_card(self, container, key, name: str):
        self.fail(container, key, f'no card named "{name}" in this game{did_you_mean(name, set(self.state.view.card_names))}')


def check_expectations(look: Look, expect) -> None:
    for key, check in EXPECTATIONS.items():
        if key in expect:
            check(look, expect[key], expect)


def option_said(value) -> str:
    """An option's label as a scenario names it: YAML reads a label written 2 as a
    number, and yes and no (a `may` question's answers) as true and false."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def result_text(state: GameState) -> str:
    """How the game stands, as `result` expects it: "ongoing", "draw", "Red wins", "Red
    and Blue win", or "Red loses" where every player lost (a game of one side)."""
    if not state.is_terminal():
        return "ongoing"
    said = who_won(state.seat_names, state.returns(), state.places(), " and ".join)
    return "draw" if said is None else said


def open_text(look: Look) -> str:
    """The decision open, or where the game stands without one, for a message."""
    if look.paused:
        return f"the scenario stopped the game {look.paused}"
    if look.state.is_terminal():
        return f"the game is over: {result_text(look.state)}"
    return look.state.prompt()


# -------------------------------------------------------------- the game as a whole
@expectation("result")
def _result(look: Look, want, expect) -> None:
    got = result_text(look.state)
    if got != want:
        look.fail(expect, "result", f'the result is "{got}", not "{want}"')


@expectation("game_over")
def _game_over(look: Look, want: bool, expect) -> None:
    over = look.state.is_terminal()
    if over and not want:
        look.fail(expect, "game_over", f"the game is over: {result_text(look.state)}")
    if want and not over:
        look.fail(expect, "game_over", f"the game is not over ({open_text(look)})")


# ------------------------------------------------------------------------ players
@expectation("players")
def _players(look: Look, want: list, expect) -> None:
    seats = len(look.state.seat_names)
    if len(want) > seats:
        look.fail(want, seats, f"the game has {seats} players, and the expectation lists {len(want)}")
    for seat, p in enumerate(want):
        who = look.state.seat_names[seat]
        if "life" in p:
            _life(look, seat, p)
        for name, value in (p.get("counters") or {}).items():
            _player_counter(look, seat, name, value, p["counters"])
        for zname, zone_want in (p.get("zones") or {}).items():
            check_zone(look, zname, seat, zone_want, p["zones"], f"{who}'s {zname}")


def _life(look: Look, seat: int, p: dict) -> None:
    """`life`: the pack's life counter, which a player may not see (seen_by) as any other."""
    pack, who = look.state.game.pack, look.state.seat_names[seat]
    name = pack.life_counter
    _seen_counter(look, seat, name, pack.player_counters.get(name), p, "life")
    got = look.view["players"][seat]["counters"].get(name, 0)
    if got != p["life"]:
        look.fail(p, "life", look.seen(f"{who} has {got} life, not {p['life']}"))


def _player_counter(look: Look, seat: int, name: str, value, expected: dict) -> None:
    pack, who = look.state.game.pack, look.state.seat_names[seat]
    counters = look.view["players"][seat]["counters"]
    d = pack.player_counters.get(name)
    if d is None:       # a misspelt counter would read 0 and pass
        look.fail(expected, name, f'unknown player counter "{name}"{pack.declarations.near("player counter", name)}')
    _seen_counter(look, seat, name, d, expected, name)
    got = counters.get(name, 0)
    if d.kind != "number":      # a word, a player or a card, shown by name (observe._value)
        value = shown_value(look.state.view.said_counter_value(name, value, expected, look.fail))
        got = shown_value(counters.get(name))
    elif isinstance(value, dict):     # a counter kept for each card: by card name
        if d.per is None:
            look.fail(expected, name, f'"{name}" is a number: expect it as {name}: 3')
        got = {look.state.card_name(c): n for c, n in look.state.view.keyed(seat, name).items()}
    if got != value:
        look.fail(expected, name, look.seen(f"{who} has {name} {got}, not {value}"))


def _seen_counter(look: Look, seat: int, name: str, d, expected: dict, key: str) -> None:
    """A player counter (`d`, its definition) expected of what a player sees (seen_by)
    that they may not see is refused: it would read 0 and pass or fail for the wrong reason."""
    if look.viewer is not None and d is not None and d.visibility != "public" \
            and name not in look.view["players"][seat]["counters"]:
        who = look.state.seat_names[seat]
        look.fail(expected, key, f"{look.state.seat_names[look.viewer]} does not see {who}'s {name}")


@expectation("table")
def _table(look: Look, want: dict, expect) -> None:
    view = look.state.view
    for name, said in want.items():
        value = view.said_table_value(name, said, want, look.fail)
        got = view.table_value(name)
        if got is not None and look.state.game.pack.table[name].kind == "card":
            got = look.state.view.card_names[got]   # a card is expected by its name
        if got != value:
            look.fail(want, name, f"{name} is {shown_value(got)}, not {shown_value(value)}")


@expectation("rounds")
def _rounds(look: Look, want: dict, expect) -> None:
    rounds = look.view.get("rounds") or {}
    for key, said in want.items():
        if key not in rounds:
            look.fail(want, key, f'the game has no round "{key}"{did_you_mean(key, rounds)}' if rounds else
                      "the game has no rounds (the pack declares none)")
        got = rounds[key]
        if got != said:
            look.fail(want, key, f"the {key} is {got}, not {said}" if key == "leader" else
                      f"it is {key} {got}, not {key} {said}")


@expectation("places")
def _places(look: Look, want: dict, expect) -> None:
    places = look.state.places()
    for name, said in want.items():
        seat = look.seat(name)
        if seat is None:
            look.fail(want, name, f'unknown player "{name}"{did_you_mean(name, look.state.seat_names)}')
        got = "none: the game is not over" if places is None else places[seat]
        if got != said:
            look.fail(want, name, f"{name}'s place is {got}, not {said}")


@expectation("shared")
def _shared(look: Look, want: dict, expect) -> None:
    zones = look.state.game.pack.zone_by_name
    for zname, zone_want in want.items():
        if zname in zones and zones[zname].per_player:
            look.fail(want, zname, each_players(zname))
        check_zone(look, zname, None, zone_want, want, zname)


# -------------------------------------------------------------------------- zones
ZONE_CHECKS: dict[str, Callable] = {}       # key of an expected zone -> check(got, want, label) -> message or None
zone_check = entries(ZONE_CHECKS)


def check_zone(look: Look, zname: str, seat, want, container, label: str) -> None:
    pack = look.state.game.pack
    if zname not in pack.zone_by_name:
        look.fail(container, zname, f'unknown zone "{zname}"{pack.declarations.near("zone", zname)}')
    if pack.zone_by_name[zname].per_player:
        cards = look.view["players"][seat or 0]["zones"][zname]
    else:
        cards = look.view["shared"][zname]
    got = seen_names(cards)
    label = look.seen(label)
    if not isinstance(want, dict):
        if got != list(want):
            look.fail(container, zname, f"{label} holds {_listed(got)}, not {_listed(want)}"
                                        f"{_order_hint(pack.zone_by_name[zname], got, want)}")
        return
    for key, check in ZONE_CHECKS.items():
        if key in want:
            problem = check(got, want[key], label)
            if problem:
                look.fail(container, zname, problem)


def seen_names(cards) -> list[str]:
    """A zone's cards by name, as an observation holds them: a zone its viewer may not see
    (a count) holds the cards they know, then an "unseen card" for each of the others."""
    if not isinstance(cards, dict):
        return [card["name"] for card in cards]
    known = [card["name"] for card in cards.get("known", ())]
    return known + [UNSEEN] * (cards["count"] - len(known))


UNSEEN = "unseen card"
# What a player's view names in place of a card they do not see: an unseen card of a zone,
# a face-down card they did not see put there, a card a counter holds, as a log names it.
UNSEEN_NAMES = frozenset({UNSEEN, "face-down card", "a card"})


def _listed(names) -> str:
    return f"[{', '.join(names)}]"


def _order_hint(zone, got: list, want) -> str:
    """Said when only the order differs in a zone whose order is not a rule: a list is
    compared in order there too (the order the cards came in, which `first of` reads)."""
    if zone.ordered or Counter(got) != Counter(want):
        return ""
    return (f": the same cards in another order ({zone.name} is not ordered: its cards are in the order they "
            f"came in); expect {{in_any_order: {_listed(want)}}} when the order does not matter")


@zone_check("count")
def _count(got: list, want: int, label: str):
    if len(got) != want:
        return f"{label} holds {len(got)} cards, not {want}"


@zone_check("in_any_order")
def _in_any_order(got: list, want: list, label: str):
    if Counter(got) != Counter(want):
        return f"{label} holds {_listed(got)}, not {_listed(want)} in any order"


@zone_check("contains")
def _contains(got: list, want: list, label: str):
    held = Counter(got)
    for name, n in Counter(want).items():
        if held[name] == 0:
            return f"{label} holds {_listed(got)}, without {name}"
        if held[name] < n:
            return f"{label} holds {held[name]} {name}, not {n}: {_listed(got)}"


@zone_check("does_not_contain")
def _does_not_contain(got: list, want: list, label: str):
    for name in want:
        if name in got:
            return f"{label} holds {_listed(got)}, with {name}"


# -------------------------------------------------------------------------- cards
@expectation("cards")
def _cards(look: Look, want: dict, expect) -> None:
    for name, entry in want.items():
        ids = look.cards_named(name)
        if not ids:
            look.no_card(want, name, name)
        if not isinstance(entry, list):
            check_card(look, ids[0], name, entry)
            continue
        if len(entry) != len(ids):
            n = len(ids)
            look.fail(want, name, f'the game has {n} card{"s" if n != 1 else ""} named "{name}", not {len(entry)}')
        for i, (c, one) in enumerate(zip(ids, entry)):
            check_card(look, c, f"the {ordinal(i + 1)} {name}", one)


# Key of an expected card -> check(look, card, want, label, key) -> message or None; a
# key not in this table is a property of the pack's cards.
CARD_FIELDS: dict[str, Callable] = {}
card_field = entries(CARD_FIELDS)


def check_card(look: Look, c: int, label: str, want) -> None:
    pack = look.state.game.pack
    for key, value in want.items():
        check = CARD_FIELDS.get(key)
        if check is None:
            if key not in pack.properties and key not in pack.derived:
                known = [*CARD_FIELDS, *pack.declarations.names("property")]
                look.fail(want, key, f'unknown card property "{key}"{did_you_mean(key, known)}')
            check = _property
        problem = check(look, c, value, label, key)
        if problem:
            look.fail(want, key, problem)


def _property(look: Look, c: int, want, label: str, key: str):
    got = look.state.card(c).prop(key)
    if isinstance(got, (tuple, list)):      # a property of words: the words it holds, in any order
        want = [want] if not isinstance(want, list) else want
        if sorted(map(str, got)) != sorted(map(str, want)):
            return f"{label} has {key} {_said(got)}, not {_said(want)}"
        return None
    if isinstance(want, list):
        return f'"{key}" holds one value, not a list: only a property of words holds several'
    if got != want:
        return f"{label} has {key} {_said(got)}, not {_said(want)}"


def _said(value) -> str:
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(map(_said, value)) + "]"
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


@card_field("zone")
def _zone(look: Look, c: int, want: str, label: str, key: str):
    card = look.state.card(c)
    said = card.where
    if want not in (card.zone, said):
        return f"{label} is in {said}, not in {want}"


@card_field("controller")
def _controller(look: Look, c: int, want, label: str, key: str):
    return _seat_is(look, look.state.card(c).controller, want, f"{label} is controlled by")


@card_field("owner")
def _owner(look: Look, c: int, want, label: str, key: str):
    return _seat_is(look, look.state.card(c).owner, want, f"{label} is owned by")


def _seat_is(look: Look, seat: int, want, said: str):
    if look.seat(want) != seat:
        return f"{said} {look.state.seat_names[seat]}, not {want}"


def _state_field(name: str, said: Callable):
    """The check of a card's state `name` (tapped, damage...)."""
    def check(look: Look, c: int, want, label: str, key: str):
        got = getattr(look.state.card(c), name)
        if got != want:
            return said(label, got, want)
    return check


CARD_FIELDS["tapped"] = _state_field("tapped", lambda label, got, want: f"{label} is {'tapped' if got else 'untapped'}")
CARD_FIELDS["face_down"] = _state_field("face_down", lambda label, got, want: f"{label} is face {'down' if got else 'up'}")
CARD_FIELDS["damage"] = _state_field("damage", lambda label, got, want: f"{label} has {got} damage, not {want}")


@card_field("counters")
def _counters(look: Look, c: int, want: dict, label: str, key: str):
    pack, card = look.state.game.pack, look.state.card(c)
    for name, n in want.items():
        if name not in pack.card_counters:
            return f'unknown card counter "{name}"{pack.declarations.near("card counter", name)}'
        got = card.counter(name)
        if got != n:
            return f"{label} has {got} {name} counter{'s' if got != 1 else ''}, not {n}"


@card_field("marks")
def _marks(look: Look, c: int, want: dict, label: str, key: str):
    pack, card = look.state.game.pack, look.state.card(c)
    for mark, value in want.items():
        if mark not in pack.marks:
            return f'unknown mark "{mark}"{pack.declarations.near("mark", mark)}'
        got = card.mark(mark)
        marked = got is not None and got is not False
        # The card (or the player) a mark points at.
        said = look.state.card_name(got) if type(got) is int else getattr(got, "name", None)
        if value is True and marked or value is False and not marked or said is not None and said == value:
            continue
        if not marked:
            return f"{label} is not marked {mark}"
        return f"{label} is marked {mark}" + (f" {said}" if said else "") + (
            f", not {mark} {value}" if isinstance(value, str) else "")


def _word_set(look: Look, want: list, known, kind: str, got, says: str):
    """A card's keywords or types against those expected, in any order: an unknown word is
    named with the declared one it may stand for."""
    pack = look.state.game.pack
    for word in want:
        if word not in known(pack):
            return f'unknown {kind} "{word}"{pack.declarations.near(kind, word)}'
    if set(got) != set(want):
        return f"{says} {_listed(got)}, not {_listed(want)}"


@card_field("keywords")
def _keywords(look: Look, c: int, want: list, label: str, key: str):
    return _word_set(look, want, lambda pack: pack.keywords, "keyword", look.state.card(c).keywords,
                     f"{label} has the keywords")


@card_field("types")
def _types(look: Look, c: int, want: list, label: str, key: str):
    return _word_set(look, want, lambda pack: pack.card_types, "card type", look.state.card(c).types,
                     f"{label} is of the card types")


# ---------------------------------------------------- cards by name (the first of each)
@expectation("tapped")
def _tapped_cards(look: Look, want: list, expect) -> None:
    for i, name in enumerate(want):
        _first_card_is(look, want, i, name, "tapped", True)


@expectation("untapped")
def _untapped_cards(look: Look, want: list, expect) -> None:
    for i, name in enumerate(want):
        _first_card_is(look, want, i, name, "tapped", False)


@expectation("damage")
def _damage_cards(look: Look, want: dict, expect) -> None:
    for name, n in want.items():
        _first_card_is(look, want, name, name, "damage", n)


def _first_card_is(look: Look, container, key, name: str, field: str, value) -> None:
    """The first card of that name has `value` as the card field `field` (see `cards`)."""
    ids = look.cards_named(name)
    if not ids:
        look.no_card(container, key, name)
    problem = CARD_FIELDS[field](look, ids[0], value, name, field)
    if problem:
        look.fail(container, key, problem)


# ---------------------------------------------------------------------------- log
@expectation("log")
def _log(look: Look, want: list, expect) -> None:
    log = look.log
    pos = 0
    for i, line in enumerate(want):
        try:
            pos = log.index(line, pos) + 1
        except ValueError:
            look.fail(want, i, f'{look.whose_log} has no line "{line}" after the lines matched before it'
                               f'{_log_near(line, want[i + 1:i + 2], log[pos:], log)}')


def _log_near(line: str, then: list, after: list[str], log: list[str]) -> str:
    """The line of the log meant: one that goes on after a comma is a list written in
    [ ] that YAML cut at the comma, which a close line would not explain, where the
    expected line after it is the rest (`then`); else the line it begins is meant."""
    cut = next((got for got in after if got.startswith(line + ", ")), None)
    if cut is not None and then and cut[len(line) + 2:].startswith(str(then[0])):
        return f'; the log has "{cut}": a comma inside [ ] ends the text before it: put the line in quotes'
    if cut is not None:
        return f'; did you mean "{cut}"?'
    return did_you_mean(line, log)


@expectation("log_absent")
def _log_absent(look: Look, want: list, expect) -> None:
    log = look.log
    for i, line in enumerate(want):
        if line in log:
            look.fail(want, i, f'{look.whose_log} has the line "{line}"')


# ---------------------------------------------------------------------- decisions
@expectation("decision")
def _decision(look: Look, want, expect) -> None:
    d = look.decision
    if d is None:
        look.fail(expect, "decision", "no decision is open" + (f" ({open_text(look)})" if look.paused else ""))
    names = look.state.seat_names
    if "player" in want and look.seat(want["player"]) != d.player:
        look.fail(want, "player", f"the decision is {names[d.player]}'s, not {want['player']}'s{_taken_before(look)}")
    # The options as their buttons read (told apart: "Play: Spark (tapped)"), or as labelled.
    options = [option_said(o) for o in want["options"]] if "options" in want else None
    if options is not None and look.state.legal_labels() != options:
        shown = look.state.shown_labels()
        if shown != options:
            look.fail(want, "options", f"{names[d.player]}'s options are [{'; '.join(shown)}], not "
                                       f"[{'; '.join(options)}]{_taken_before(look)}")


def _taken_before(look: Look) -> str:
    """What the game decided on its way to the decision open, where it did: the one a
    scenario expects may be among them, a decision with one option being taken."""
    if not look.taken:
        return ""
    took = "; ".join(map(str, look.taken))
    return (f" (the game took [{took}] by itself before it, each the only option then: "
            f"`taken` expects them)")


@expectation("taken")
def _taken(look: Look, want: list, expect) -> None:
    if look.taken != list(want):
        # ";" between decisions, as a decision's option may hold commas.
        got, wanted = (f"[{'; '.join(map(str, names))}]" if names else "none" for names in (look.taken, want))
        look.fail(expect, "taken", f"the decisions the game took by itself are {got}, not {wanted}")


@expectation("no_decision")
def _no_decision(look: Look, want: bool, expect) -> None:
    d = look.decision
    if want and d is not None:
        look.fail(expect, "no_decision", f"a decision is open: {d.prompt}")
    if not want and d is None:
        look.fail(expect, "no_decision", f"no decision is open ({open_text(look)})")


# ------------------------------------------------------------- what one player sees
@expectation("seen_by")
def _seen_by(look: Look, want: dict, expect) -> None:
    """The log, the players and the shared zones as one player sees them: the other
    expectations, checked on that player's view (schemas/scenario.schema.json: `seen`)."""
    for name, seen in want.items():
        seat = look.seat(name)
        if seat is None:
            look.fail(want, name, not_seated(name, look.state.seat_names))
        check_expectations(replace(look, viewer=seat), seen)


def not_seated(name, seats) -> str:
    return f'unknown player "{name}": the players are {and_list(seats)}'
