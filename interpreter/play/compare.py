"""Two versions of a pack played on the same seeds, between the same agents: how
far apart their win rates and game lengths are, with 95% intervals.

Game i of both batches has the same seed, so the two are compared game by game
(paired): the interval of a difference is the one of the mean of the per-game
differences, narrower than comparing two unrelated batches.
"""
from __future__ import annotations

import dataclasses
import json

from ..engine.game import seat_name
from .stats import _r, beyond, drawn, first_places, last_place, mean_interval, shared_first, sides


def paired(a: list, b: list, least: float | None = None, most: float | None = None) -> dict:
    """The mean of b - a over paired games, with its 95% interval; a and b lie within
    `least` and `most` where given (a rate within 0 and 1), so their difference within
    `least - most` and `most - least`."""
    diffs = [y - x for x, y in zip(a, b)]
    bounds = (least - most, most - least) if least is not None and most is not None else ()
    mean, low, high = mean_interval(diffs, *bounds)
    return {"a": _r(sum(a) / len(a), 4), "b": _r(sum(b) / len(b), 4), "difference": _r(mean, 4),
            "low": _r(low, 4), "high": _r(high, 4), "significant": beyond(low, high)}


class CompareError(ValueError):
    """Two batches that cannot be compared game by game."""


def refusal(games: int, same_pack: bool, options_a: dict, options_b: dict, ruleset_a: str | None = None,
            ruleset_b: str | None = None) -> str | None:
    """Why two versions cannot be compared, before any game is played; None when they can."""
    if games < 2:
        return "compare needs at least 2 games: one game gives a difference, but no interval"
    if same_pack and options_a == options_b and ruleset_a == ruleset_b:
        return ("give a second pack B, or options that differ (--a-option, --b-option) or rulesets "
                "(--a-ruleset, --b-ruleset)")
    return None


def check_versions(prepared_a: tuple, prepared_b: tuple) -> None:
    """Refuses, before any game is played, the versions (each a game and its spec, as
    batch.prepare_spec makes them) that cannot be compared: a CompareError for versions
    of other numbers of players, a SameGame for one game twice."""
    (game_a, spec_a), (game_b, spec_b) = prepared_a, prepared_b
    _check_players(game_a, game_b)
    # The spec holds all that makes the game: the pack's content, every option with the
    # pack's defaults, the cards and decks, the ruleset's changes.
    if spec_a.key == spec_b.key:
        raise SameGame("A and B are the same game: the same pack, options (with the pack's defaults) and cards; "
                       "give B another pack, or options or a ruleset that differ")


def check_batches(batch_a, batch_b) -> None:
    """check_versions of two batches, made ready (copies: preparing sets a batch's fields)
    as the run will make them; a SimulationError for one that cannot be played."""
    from .batch import prepare_spec
    check_versions(prepare_spec(dataclasses.replace(batch_a)), prepare_spec(dataclasses.replace(batch_b)))


class SameGame(CompareError):
    """Two versions that are one game: nothing to compare."""


def _check_players(game_a, game_b) -> None:
    if game_a.num_players != game_b.num_players:
        raise CompareError(f"A is played by {game_a.num_players} players and B by {game_b.num_players}: "
                           f"give --players")


def compare(game_a, game_b, batch_a, batch_b, results_a: list, results_b: list) -> dict:
    _check_players(game_a, game_b)
    n = game_a.num_players
    names = _seat_names(game_a, game_b)

    def won(results, seat):
        return [1.0 if seat in first_places(r) else 0.0 for r in results]

    def draws(results):
        return [1.0 if drawn(r) else 0.0 for r in results]

    def first_won(results):
        return [1.0 if r["first"] in first_places(r) else 0.0 for r in results]

    def place(results, seat):
        return [float(r["places"][seat]) for r in results]

    side = sides(game_a.pack, n, game_a.options)

    def shared(results):
        return [1.0 if shared_first(first_places(r), side) else 0.0 for r in results]

    rate, places = (0, 1), (1, last_place(results_a + results_b, side))
    rows = [{"measure": f"seat {names[p]} wins", **paired(won(results_a, p), won(results_b, p), *rate)}
            for p in range(n)]
    ranked = game_a.pack.ranks and game_b.pack.ranks
    if ranked:
        rows += [{"measure": f"seat {names[p]} mean place", **paired(place(results_a, p), place(results_b, p), *places)}
                 for p in range(n)]
        rows.append({"measure": "shared first place", **paired(shared(results_a), shared(results_b), *rate)})
    if len(set(batch_a.agents)) > 1:
        rows += _agent_rows(results_a, results_b, batch_a.agents, n, places if ranked else None)
    rows.append({"measure": "draws", **paired(draws(results_a), draws(results_b), *rate)})
    rows.append({"measure": "first player wins", **paired(first_won(results_a), first_won(results_b), *rate)})
    rows.append({"measure": "turns", **paired([r["turns"] for r in results_a], [r["turns"] for r in results_b])})
    rows.append({"measure": "decisions", **paired([r["decisions"] for r in results_a],
                                                 [r["decisions"] for r in results_b])})
    return {
        "a": _side(batch_a, game_a), "b": _side(batch_b, game_b),
        "games": len(results_a), "seed": batch_a.seed, "players": n, "agents": list(batch_a.agents),
        "rows": rows,
    }


def _seat_names(game_a, game_b) -> list[str]:
    """Each seat as both versions name it: A's name, and B's beside it where it differs."""
    both = [(seat_name(game_a.pack, p), seat_name(game_b.pack, p)) for p in range(game_a.num_players)]
    return [a if a == b else f"{a} / {b}" for a, b in both]


def _agent_rows(results_a: list, results_b: list, agents: list, n: int, ranked: tuple | None) -> list:
    """Each agent's wins (and mean place, between the bounds `ranked`, for packs whose
    results are rankings) over the seats it sat in, as simulate counts them: a game it
    sat out (more agents than seats) is neither a win nor a loss."""
    sat = {spec: _seats_of(results_a, spec) for spec in dict.fromkeys(agents)}
    sat = {spec: seats for spec, seats in sat.items() if seats}

    def won(results, seats):
        return [1.0 if seat in first_places(results[i]) else 0.0 for i, seat in seats]

    def place(results, seats):
        return [float(results[i]["places"][seat]) for i, seat in seats]

    def row(measure, seats, values, *bounds):
        return {"measure": measure, "games": len({i for i, _ in seats}),
                **paired(values(results_a, seats), values(results_b, seats), *bounds)}
    rows = [row(f"agent {spec} wins", seats, won, 0, 1) for spec, seats in sat.items()]
    if ranked:
        rows += [row(f"agent {spec} mean place", seats, place, *ranked) for spec, seats in sat.items()]
    return rows


def _seats_of(results: list, spec: str) -> list:
    """(game, seat) of each seat the agent sat in. The agents go round the table alike
    in A and B (the same number of seats, the same rotation), so A's games tell B's."""
    return [(i, seat) for i, r in enumerate(results) for seat, s in enumerate(r["agents"]) if s == spec]


def _side(batch, game) -> dict:
    side = {"pack": batch.pack, "version": game.pack.version, "options": dict(game.options),
            "seats": [seat_name(game.pack, p) for p in range(game.num_players)]}
    if batch.ruleset:
        side["ruleset"] = batch.ruleset
    if batch.changes:
        side["changes"] = [c.text() for c in batch.changes]
    return side


def _label(side: dict, other: dict) -> str:
    changed = {k: v for k, v in side["options"].items() if other["options"].get(k) != v}
    extra = ", ".join([*([f"ruleset {side['ruleset']}"] if side.get("ruleset") else []),
                       *(f"{k}={_value(v)}" for k, v in changed.items()), *side.get("changes", ())])
    return side["pack"] + (f" ({extra})" if extra else "")


def _value(v) -> str:
    """An option's value as a pack writes it (true, not True)."""
    return ("true" if v else "false") if isinstance(v, bool) else str(v)


def as_table(c: dict) -> str:
    a, b = _label(c["a"], c["b"]), _label(c["b"], c["a"])
    lines = [f"A: {a}", f"B: {b}",
             f"{c['games']} games each, seeds {c['seed']} to {c['seed'] + c['games'] - 1}, "
             f"{c['players']} players, agents: {', '.join(c['agents'])}", ""]
    width = max(24, max(len(_measure(r, c["games"])) for r in c["rows"]) + 2)
    lines.append(f"{'':<{width}}{'A':>9}{'B':>9}{'B - A':>9}   95% interval")
    for r in c["rows"]:
        count = r["measure"] in ("turns", "decisions") or r["measure"].endswith("mean place")

        def fmt(x, sign=False):
            if count:
                return f"{x:+.2f}" if sign else f"{x:.2f}"
            return f"{100 * x:+.1f}%" if sign else f"{100 * x:.1f}%"
        mark = "  *" if r["significant"] else ""
        lines.append(f"  {_measure(r, c['games']):<{width - 2}}{fmt(r['a']):>9}{fmt(r['b']):>9}{fmt(r['difference'], True):>9}"
                     f"   {fmt(r['low'], True)} to {fmt(r['high'], True)}{mark}")
    if any(r["significant"] for r in c["rows"]):
        lines.append("")
        lines.append("* the interval leaves out 0: a difference these games show beyond chance")
    return "\n".join(lines)


def _measure(row: dict, games: int) -> str:
    """A row's measure, with the games it is over when an agent sat some out."""
    played = row.get("games", games)
    return row["measure"] + (f" ({played} game{'s' if played != 1 else ''})" if played < games else "")


def as_json(c: dict) -> str:
    return json.dumps(c, indent=2, ensure_ascii=False)
