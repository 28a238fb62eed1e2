"""`cardtable sweep`: the grid of versions of a pack that `--set` axes make (an option's
values, a card's or family's property values, rulesets), every point played on the
same seeds, and per point the measures a designer tunes by: fairness, the first
player's advantage, length, decisiveness, drawishness.

An axis is `KEY=V1,V2,...` or `KEY=FROM..TO` (whole numbers, both ends included).
A KEY with a dot is a card's or family's property (`Guard.defense=1..4`); `ruleset`
names rulesets of the pack; any other KEY is an option.
"""
from __future__ import annotations

import dataclasses
import itertools
import json
import math

from ..packs.changes import SET, CardChange, number_or_word
from .stats import summarize

MOST_POINTS = 400
MOST_VALUES = 100


class SweepError(ValueError):
    """An axis that cannot be read, or a grid too large; the message says which."""


def parse_axis(text: str) -> tuple[str, list]:
    key, sep, values = text.partition("=")
    key, values = key.strip(), values.strip()
    if not sep or not key or not values:
        raise SweepError(f'"{text}" is not KEY=VALUES: give values as 1,2,3 or a range as 1..4')
    if ".." in values and "," not in values:
        start, _, end = values.partition("..")
        try:
            low, high = int(start), int(end)
        except ValueError:
            raise SweepError(f'"{values}" is not a range of whole numbers like 1..4') from None
        if high < low:
            raise SweepError(f'the range {values} is empty: it goes from {low} down to {high}')
        if high - low + 1 > MOST_VALUES:
            raise SweepError(f"the range {values} has {high - low + 1} values: an axis has at most {MOST_VALUES}")
        return key, list(range(low, high + 1))
    items = [v.strip() for v in values.split(",")]
    if any(not v for v in items):
        raise SweepError(f'"{values}" has an empty value')
    return key, [number_or_word(v) for v in items]


def points(axes: list[tuple[str, list]]) -> list[dict]:
    """Every point of the grid, as {key: value}, the first axis changing slowest."""
    keys = [key for key, _ in axes]
    if len(set(keys)) != len(keys):
        raise SweepError("each --set names another key: give the values of one key in one --set")
    # Counted before it is made: four axes of 100 values would be 10⁸ points.
    size = math.prod(len(v) for _, v in axes)
    if size > MOST_POINTS:
        raise SweepError(f"the grid has {size:,} points: a sweep has at most {MOST_POINTS}")
    return [dict(zip(keys, values)) for values in itertools.product(*(v for _, v in axes))]


def batch_at(base, point: dict):
    """The batch of one point of the grid: the base batch with the point's values."""
    options, changes, ruleset = dict(base.options), list(base.changes), base.ruleset
    for key, value in point.items():
        if key == "ruleset":
            ruleset = str(value)
        elif "." in key:
            cards, _, prop = key.rpartition(".")
            changes.append(CardChange(cards, SET, prop, value))
        else:
            options[key] = value
    label = ", ".join(f"{k}={v}" for k, v in point.items())
    return dataclasses.replace(base, options=options, changes=tuple(changes), ruleset=ruleset, label=label)


def report(base, grid: list[dict], played: list) -> dict:
    """The measures of every point (played: (game, results) a point, in grid order)."""
    rows = []
    for point, batch, (game, results) in zip(grid, [batch_at(base, p) for p in grid], played):
        s = summarize(game, batch, results)
        b = s["balance"]
        rows.append({"point": point, "seats": {r["seat"]: r["rate"] for r in s["seats"]},
                     "fairness": b["fairness"], "first_player": s["first_player"]["rate"],
                     "first_low": s["first_player"]["low"], "first_high": s["first_player"]["high"],
                     "turns": s["length"]["turns"]["mean"], "decisiveness": b["decisiveness"],
                     "drawishness": b["drawishness"], "drama": b["drama"]})
    game = played[0][0]
    return {"pack": game.pack.id, "version": game.pack.version, "games": base.games, "seed": base.seed,
            "players": game.num_players, "agents": list(base.agents), "axes": list(grid[0]), "points": rows}


def _num(x, fmt: str) -> str:
    return "-" if x is None else format(x, fmt)


def as_table(r: dict) -> str:
    lines = [f"{r['pack']} {r['version']}: {len(r['points'])} points of {r['games']} games each, the same seeds "
             f"({r['seed']} to {r['seed'] + r['games'] - 1}), {r['players']} players, agents: {', '.join(r['agents'])}",
             ""]
    width = max(12, *(len(str(p["point"][k])) + 1 for p in r["points"] for k in r["axes"]))
    keys = "".join(f"{k:>{max(width, len(k) + 2)}}" for k in r["axes"])
    lines.append(f"{keys}{'fairness':>10}{'first':>8}   95% interval{'turns':>9}{'decisive':>10}{'draws':>8}")
    for p in r["points"]:
        cells = "".join(f"{str(p['point'][k]):>{max(width, len(k) + 2)}}" for k in r["axes"])
        lines.append(f"{cells}{_num(p['fairness'], '.2f'):>10}{100 * p['first_player']:>7.1f}%   "
                     f"{100 * p['first_low']:4.1f}% - {100 * p['first_high']:5.1f}%{p['turns']:>9.2f}"
                     f"{_num(p['decisiveness'], '.2f'):>10}{100 * p['drawishness']:>7.1f}%")
    lines += ["", "fairness 1: every seat wins as often; first: how often the first player wins; decisive: the "
                  "share of a game played before the winner leads for good"]
    return "\n".join(lines)


def as_json(r: dict) -> str:
    return json.dumps(r, indent=2, ensure_ascii=False)
