"""The `player_counters` and `table` sections: values each player has, and values of
the whole table, each a number, a word of a property, a player or a card, with who sees them,
whether their changes are logged and when they go back to their start."""
from __future__ import annotations

from ..engine.model import CounterDef, TableDef, holds
from ..suggest import did_you_mean
from .build import Build

UNITS = ("turn", "phase", "step")


def build_player_counters(b: Build) -> None:
    made = {}
    for n, r in (b.d.get("player_counters") or {}).items():
        kind, of = _kind(b, r)
        start = _counter_start(b, r, n) if kind == "number" else _start_held(b, r, n, kind, of)
        made[n] = d = CounterDef(n, start, _reset(b, r), r.get("description", ""), r.get("visibility", "public"),
                                 bool(r.get("log", False)), r.get("per"), r.get("shared"), kind, of)
        if kind != "number" and d.per is not None:
            b.here(r, "per", f'"{n}" holds {holds(d)}, and a counter kept for each card (per: card) is a number: '
                             f'declare one without "of" to count for each card')
    b.names.counters = b.fields["player_counters"] = made


def _counter_start(b: Build, r, name: str):
    start = r.get("start", 0)
    if isinstance(start, str) and start not in b.decls.of("option"):
        b.here(r, "start", f'unknown option "{start}"{b.decls.near("option", start)}')
    elif isinstance(start, str) and b.names.options.get(start) is not None and b.names.options[start].kind != "number":
        b.here(r, "start", f'"{name}" is a number, and the option "{start}" is not one')
    return start


def build_table(b: Build) -> None:
    made = {}
    for n, r in (b.d.get("table") or {}).items():
        kind, of = _kind(b, r)
        start = _table_start(b, r, n) if kind == "number" else _start_held(b, r, n, kind, of)
        made[n] = TableDef(n, kind, start, of, r.get("visibility", "public"), bool(r.get("log", False)),
                           _reset(b, r), r.get("description", ""))
    b.names.table = b.fields["table"] = made


def _kind(b: Build, r) -> tuple:
    """What a table value or a player counter holds, by its `of`: (kind, of), the kind
    number, word, player or card."""
    of = r.get("of")
    kind = "number" if of is None else of if of in ("player", "card") else "word"
    if kind == "word" and of not in b.names.one_of:
        b.here(r, "of", f'"{of}" is not a property of one word (one_of), "player" nor "card"'
                        f'{did_you_mean(of, [*b.names.one_of, "player", "card"])}')
    return kind, of


def _table_start(b: Build, r, name: str):
    """The start of a table value that is a number: a number or a number option."""
    start = r.get("start", 0)
    if start is None or start == "none" or (isinstance(start, str) and b.names.options.get(start, None) is None):
        b.here(r, "start", f'"{name}" is a number: its start is a number or a number option, not "{start}"'
                           f'{b.decls.near("option", str(start))}')
        return 0
    if isinstance(start, str) and b.names.options[start].kind != "number":
        b.here(r, "start", f'"{name}" is a number, and the option "{start}" is not one')
        return 0
    return start


def _start_held(b: Build, r, name: str, kind: str, of):
    """The start of a value that holds a word, a player or a card (a table value or a
    player counter): none, or a word of its property."""
    start = r.get("start")
    if start == "none":
        start = None
    if kind in ("player", "card"):
        if start is not None:
            b.here(r, "start", f'"{name}" holds a {kind}: it starts as none')
        return None
    words = b.names.one_of.get(of, ())
    if start is not None and start not in words:
        b.here(r, "start", f'"{start}" is not a word of "{of}"{did_you_mean(str(start), words)}')
        return None
    return start


def _reset(b: Build, r) -> str | None:
    unit = r.get("reset")
    if unit is None or unit in UNITS or unit in b.names.rounds:
        return unit
    rounds = list(b.names.rounds)
    known = f" ({', '.join(rounds)})" if rounds else ""
    b.here(r, "reset", f'"{unit}" is not turn, phase, step nor a round of the pack{known}'
                       f'{did_you_mean(unit, [*UNITS, *rounds])}')
    return None


def resets(b: Build) -> frozenset:
    """The units other than turns that some counter or table value goes back to its start at."""
    units = {c.reset for c in b.fields["player_counters"].values()} | {t.reset for t in b.fields["table"].values()}
    return frozenset(units - {None, "turn"})
