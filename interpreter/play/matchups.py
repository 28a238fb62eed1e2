"""`cardtable impact --matchups`: each of a pack's decks against each, seat against seat.

Every ordered pair of decks (A in the first seat and B in the second, then B in the
first and A in the second, and each deck against itself) is a batch of the same
seeds, so that the luck of the deal and of the agents is the same in every matchup.
A's win rate against B is taken over both seatings, game by game: (A won as the first
seat + A won as the second seat) / 2 on seed i, whose mean over the seeds has its 95%
interval (within 0 and 1). Taking both seatings cancels the advantage of a seat, and a deck against
itself wins half of the games that do not end in a draw.
"""
from __future__ import annotations

import dataclasses
import json

from ..engine.game import Game
from .stats import _r, beyond, first_places, mean_interval


class MatchupError(ValueError):
    """A pack or a game whose decks cannot be played against each other; the message says why."""


def seat_decks(game: Game) -> list[str]:
    """The pack's decks a seat may be dealt: its named decks that no shared zone deals."""
    shared = {z.deck for z in game.pack.zones if z.deck}
    return [name for name in game.pack.decks if name not in shared]


def batches(base, game: Game) -> tuple[list[str], list]:
    """The decks, and a batch for each ordered pair of them (A first: row-major)."""
    name = game.pack.name
    if game.num_players != 2 or [p for p in game.deck_places() if isinstance(p, int)] != [0, 1]:
        seats = f"is played here by {game.num_players} players" if game.num_players != 2 else \
            "has seats without a deck of their own"
        raise MatchupError(f"matchups play one seat's deck against the other's, and {name} {seats}"
                           + (": give --players 2" if game.num_players != 2 else ""))
    decks = seat_decks(game)
    if len(decks) < 2:
        raise MatchupError(f"matchups play the pack's decks against each other, and {name} names "
                           f"{len(decks)} deck{'s' if len(decks) != 1 else ''} for its seats"
                           + (f" ({decks[0]})" if decks else ""))
    if base.decks:
        raise MatchupError("matchups play the pack's own decks: leave out --deck")
    return decks, [dataclasses.replace(base, seat_decks=(a, b), label=f"{a} vs {b}") for a in decks for b in decks]


def _won(results: list, seat: int) -> list[float]:
    return [1.0 if seat in first_places(r) else 0.0 for r in results]


def report(game: Game, base, decks: list[str], played: list) -> dict:
    """`played`: the results of each batch of `batches`, in its order."""
    k = len(decks)
    at = {(decks[i // k], decks[i % k]): results for i, results in enumerate(played)}
    cells = {}
    for a in decks:
        row = {}
        for b in decks:
            first, second = _won(at[(a, b)], 0), _won(at[(b, a)], 1)
            mean, low, high = mean_interval([(x + y) / 2 for x, y in zip(first, second)], 0, 1)
            row[b] = {"rate": _r(mean), "low": _r(low), "high": _r(high), "significant": beyond(low, high, 0.5),
                      "as_first": _r(sum(first) / len(first)), "as_second": _r(sum(second) / len(second))}
        cells[a] = row
    overall = {a: _r(sum(cells[a][b]["rate"] for b in decks if b != a) / (k - 1)) for a in decks}
    return {"pack": game.pack.id, "version": game.pack.version, "games": base.games, "seed": base.seed,
            "agents": list(base.agents), "decks": decks, "matchups": cells, "overall": overall}


def as_table(r: dict) -> str:
    decks = r["decks"]
    width = max(10, *(len(d) + 4 for d in decks))
    lines = [f"{r['pack']} {r['version']}: each deck against each, {r['games']} games a seating on the same seeds "
             f"({r['seed']} to {r['seed'] + r['games'] - 1}), agents: {', '.join(r['agents'])}",
             "the row's deck wins against the column's (both seatings), with its 95% interval", "",
             f"{'':<{width}}" + "".join(f"{d:>27} " for d in decks) + f"{'overall':>10}"]
    for a in decks:
        cells = ""
        for b in decks:
            c = r["matchups"][a][b]
            mark = "*" if c["significant"] else " "
            cells += f"{100 * c['rate']:>9.1f}% ({100 * c['low']:5.1f} to {100 * c['high']:5.1f}){mark}"
        lines.append(f"  {a:<{width - 2}}{cells}{100 * r['overall'][a]:>9.1f}%")
    lines += ["", "* the interval leaves out 50%: the matchup is uneven beyond chance. overall: the mean of the "
                  "row's matchups against the other decks"]
    return "\n".join(lines)


def as_json(r: dict) -> str:
    return json.dumps(r, indent=2, ensure_ascii=False)
