"""The `player_counters` and `table` sections: numbers each player has, and values of
the whole table (a number, a word of a property, a player or a card), with who sees them,
whether their changes are logged and when they go back to their start."""
from __future__ import annotations

from ..engine.model import CounterDef, TableDef
from ..suggest import did_you_mean
from .build import Build

UNITS = ("turn", "phase", "step")


def build_player_counters(b: Build) -> None:
    made = {}
    for n, r in (b.d.get("player_counters") or {}).items():
        start = r.get("start", 0)
        if isinstance(start, str) and start not in b.decls.of("option"):
            b.here(r, "start", f'unknown option "{start}"{b.decls.near("option", start)}')
        elif isinstance(start, str) and b.names.options.get(start) is not None and b.names.options[start].kind != "number":
            b.here(r, "start", f'"{n}" is a number, and the option "{start}" is not one')
        made[n] = CounterDef(n, start, _reset(b, r), r.get("description", ""), r.get("visibility", "public"),
                             bool(r.get("log", False)), r.get("per"), r.get("shared"))
    b.names.counters = b.fields["player_counters"] = made


def build_table(b: Build) -> None:
    made = {}
    for n, r in (b.d.get("table") or {}).items():
        of = r.get("of")
        kind = "number" if of is None else of if of in ("player", "card") else "word"
        start = r.get("start", 0 if of is None else None)
        if kind == "word" and of not in b.names.one_of:
            words = [p for p in b.names.one_of]
            b.here(r, "of", f'"{of}" is not a property of one word (one_of), "player" nor "card"'
                            f'{did_you_mean(of, [*words, "player", "card"])}')
        start = _table_start(b, r, n, kind, of, start)
        made[n] = TableDef(n, kind, start, of, r.get("visibility", "public"), bool(r.get("log", False)),
                           _reset(b, r), r.get("description", ""))
    b.names.table = b.fields["table"] = made


def _table_start(b: Build, r, name: str, kind: str, of, start):
    """The start of a table value, checked against what it holds."""
    if start == "none":
        start = None
    if kind == "number":
        if start is None or (isinstance(start, str) and b.names.options.get(start, None) is None):
            b.here(r, "start", f'"{name}" is a number: its start is a number or a number option, not "{start}"'
                               f'{b.decls.near("option", str(start))}')
            return 0
        if isinstance(start, str) and b.names.options[start].kind != "number":
            b.here(r, "start", f'"{name}" is a number, and the option "{start}" is not one')
            return 0
        return start
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
