"""What a batch of games says: wins with 95% confidence intervals, game lengths,
the cards played, and the balance measures of game-design research.

All figures come from the per-game results of `batch.run`, in game order, so the
same games give the same summary to the last digit.
"""
from __future__ import annotations

import math

from ..engine.game import seat_name
from ..engine.results import lost_by_all, winning_seats
from ..engine.model import seats_for

Z95 = 1.959963984540054


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: right even near 0% and 100%,
    where the usual mean-plus-or-minus interval goes outside [0, 1]."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(wins: int, n: int) -> dict:
    low, high = wilson(wins, n)
    return {"games": n, "wins": wins, "rate": _r(wins / n if n else 0.0), "low": _r(low), "high": _r(high)}


def _counted(count: int, games: int) -> dict:
    """How many of the games ended so, with the rate and its 95% interval."""
    low, high = wilson(count, games)
    return {"games": games, "count": count, "rate": _r(count / games), "low": _r(low), "high": _r(high)}


def mean_interval(values: list, least: float | None = None, most: float | None = None) -> tuple[float, float, float]:
    """Mean and its 95% interval (normal approximation, fine from a few dozen games),
    kept within what the quantity can be: `least` to `most`, where given."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if least is not None and most is not None and len(set(values)) == 1:
        return _unvaried(mean, n, least, most)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n)
    low, high = mean - half, mean + half
    return (mean, low if least is None else max(least, low), high if most is None else min(most, high))


def _unvaried(mean: float, n: int, least: float, most: float) -> tuple[float, float, float]:
    """Games that all gave the same value show no spread to measure chance by (the normal
    interval would have no width, even from 2 games). Some share of games unlike them
    could still be, at most Wilson's upper bound of 0 in n; at worst those games lie at
    a bound, which moves the mean by that share of the way to it."""
    share = wilson(0, n)[1]
    return (mean, mean - share * (mean - least), mean + share * (most - mean))


def beyond(low: float, high: float, point: float = 0.0) -> bool:
    """Whether an interval leaves out `point` (a difference beyond chance). One of no
    width is the mean of games that did not vary, of a quantity without bounds: it
    says nothing of chance, so it is never beyond it."""
    return low < high and (low > point or high < point)


def distribution(values: list, bins: int = 10) -> dict:
    ordered = sorted(values)
    n = len(ordered)
    mean = sum(ordered) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in ordered) / (n - 1)) if n > 1 else 0.0
    lo, hi = ordered[0], ordered[-1]
    width = max(1, math.ceil((hi - lo + 1) / bins))
    counts = {}
    for v in ordered:
        start = lo + (v - lo) // width * width
        counts[start] = counts.get(start, 0) + 1
    histogram = [[start, start + width - 1, counts[start]] for start in sorted(counts)]
    return {"mean": _r(mean, 2), "sd": _r(sd, 2), "min": lo, "p10": _quantile(ordered, 0.1),
            "median": _quantile(ordered, 0.5), "p90": _quantile(ordered, 0.9), "max": hi,
            "histogram": histogram}


def _quantile(ordered: list, q: float):
    """The nearest-rank quantile: always one of the values."""
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def _r(x: float, digits: int = 4) -> float:
    return round(x + 0.0, digits)


# ------------------------------------------------------------------ summary

def summarize(game, batch, results: list) -> dict:
    pack = game.pack
    n = game.num_players
    names = [seat_name(pack, p) for p in range(n)]
    games = len(results)
    winners = [first_places(res) for res in results]
    seat_wins = [sum(1 for w in winners if p in w) for p in range(n)]
    draws = sum(1 for res in results if drawn(res))
    summary = {
        "pack": pack.id, "version": pack.version, "games": games, "players": n,
        "seed": batch.seed, "options": dict(game.options), "agents": list(batch.agents),
        "rotate": batch.rotate,
        **({"ruleset": batch.ruleset} if batch.ruleset else {}),
        "seats": [{"seat": names[p], **rate(seat_wins[p], games)} for p in range(n)],
    }
    teams = _teams(pack, n, game.options)
    if teams:
        summary["teams"] = [{"team": team, "seats": [names[p] for p in seats], **rate(sum(1 for w in winners if set(w) & set(seats)), games)}
                            for team, seats in teams.items()]
    summary["by_agent"] = _by_agent(results, winners)
    summary["draws"] = _counted(draws, games)
    # A game of one side lost by every player is neither a win nor a draw: counted apart,
    # where there is one.
    lost = sum(1 for res in results if lost_by_all(res["result"]))
    if lost:
        summary["lost"] = _counted(lost, games)
    # How many games each limit ended (a draw, or a ranked end at the pack's own limit).
    limits = [r["limit"] for r in results if r.get("limit")]
    summary["limits"] = {said: limits.count(said) for said in dict.fromkeys(limits)}
    firsts = sum(1 for res, w in zip(results, winners) if res["first"] in w)
    side = sides(pack, n, game.options)
    summary["first_player"] = {**rate(firsts, games), "even": _r(1 / len(set(side)))}
    summary["length"] = {"turns": distribution([r["turns"] for r in results]),
                         "decisions": distribution([r["decisions"] for r in results])}
    summary["balance"] = balance(results, winners, seat_wins, n, side)
    summary["balance"].update(quality(results, summary))
    summary["cards"] = _cards(results, winners)
    if pack.ranks:
        summary["places"] = _places(results, winners, names, side)
    if pack.ranking_said and all("ranked" in res for res in results):
        summary["ranked_by"] = _ranked_by(pack, results, names)
    return summary


def _ranked_by(pack, results: list, names: list) -> dict:
    """Each seat's value of the ranking's first key at the end of the games (their chips, a
    score): what a game measures itself by where its places say little, as a game of one
    player, always first."""
    best = pack.ranking[0][1]
    seats = []
    for p, name in enumerate(names):
        d = distribution([res["ranked"][p] for res in results])
        del d["histogram"]
        seats.append({"seat": name, **d})
    return {"key": pack.ranking_said[0], "best": best, "seats": seats}


def sides(pack, n: int, options: dict) -> list:
    """Each seat's side: its team, or the seat alone. Teammates win together, so a first
    place they share is no tie, and the first player's team, not the seat, wins as often
    as any other where the game is even."""
    seats = seats_for(pack.seats, options)
    return [("team", seats[p]["team"]) if p < len(seats) and seats[p].get("team") else ("seat", p) for p in range(n)]


def shared_first(winners: list, side: list) -> bool:
    """Whether players of several sides share the first place."""
    return len({side[p] for p in winners}) > 1


def first_places(res: dict) -> list:
    """The seats that won a game (results.winning_seats): none in a draw, nor in a game of
    one side (a player alone against the rules) that was lost."""
    return winning_seats(res["result"], res.get("places"))


def drawn(res: dict) -> bool:
    """Whether a game was a draw: nobody won it, and not every player lost it."""
    return not first_places(res) and not lost_by_all(res["result"])


def last_place(results: list, side: list) -> int:
    """The last place the games can give: one a side (partners are placed as their team),
    or a later one some game gave (partners placed apart)."""
    return max([len(set(side)), *(max(res["places"]) for res in results if res.get("places"))])


def _places(results: list, winners: list, names: list, side: list) -> dict:
    """For packs whose results are rankings: each seat's mean place, and how often the
    first place is shared (by several sides)."""
    seats = []
    last = last_place(results, side)
    for p, name in enumerate(names):
        mean, low, high = mean_interval([res["places"][p] for res in results], 1, last)
        seats.append({"seat": name, "mean": _r(mean, 3), "low": _r(low, 3), "high": _r(high, 3)})
    shared = sum(1 for w in winners if shared_first(w, side))
    return {"seats": seats, "agents": _agent_places(results, last), "shared_first": rate(shared, len(results))}


def _agent_places(results: list, last: int) -> list:
    """Each agent's mean place over the seats it played, when agents differ."""
    held: dict[str, list] = {}
    for res in results:
        for seat, spec in enumerate(res["agents"]):
            held.setdefault(spec, []).append(res["places"][seat])
    if len(held) < 2:
        return []
    made = []
    for spec, places in held.items():
        mean, low, high = mean_interval(places, 1, last)
        made.append({"agent": spec, "mean": _r(mean, 3), "low": _r(low, 3), "high": _r(high, 3)})
    return made


def _teams(pack, n: int, options: dict) -> dict:
    teams = {}
    seats = seats_for(pack.seats, options)
    for p in range(min(n, len(seats))):
        team = seats[p].get("team")
        if team:
            teams.setdefault(team, []).append(p)
    return teams


def _by_agent(results: list, winners: list) -> list:
    seen, wins = {}, {}
    for res, w in zip(results, winners):
        for seat, spec in enumerate(res["agents"]):
            seen[spec] = seen.get(spec, 0) + 1
            wins[spec] = wins.get(spec, 0) + (seat in w)
    return [{"agent": spec, **rate(wins[spec], seen[spec])} for spec in seen]


def _cards(results: list, winners: list) -> list:
    """Per card: how often players used it, in how many of a seat's games, and how
    often that seat won those games."""
    played, games, wins = {}, {}, {}
    for res, w in zip(results, winners):
        for seat, plays in enumerate(res["plays"]):
            for name, times in plays.items():
                played[name] = played.get(name, 0) + times
                games[name] = games.get(name, 0) + 1
                wins[name] = wins.get(name, 0) + (seat in w)
    order = sorted(played, key=lambda name: (-played[name], name))
    out = []
    for name in order:
        r = rate(wins[name], games[name])
        out.append({"card": name, "played": played[name], "games": r["games"], "wins": r["wins"],
                    "win_rate": r["rate"], "low": r["low"], "high": r["high"]})
    return out


def balance(results: list, winners: list, seat_wins: list, n: int, side: list | None = None) -> dict:
    """Fairness: 1 minus how far the seats' shares of the wins are from equal (total
    variation distance, scaled so that one seat winning everything is 0).
    Decisiveness: when the winner took the lead for good, as a share of the game;
    near 1, the game is over soon after someone is clearly ahead.
    Drama: how often the lead changed hands in a game (the leader being the seat
    the pack's evaluation likes best at the start of each turn). Where seats play in
    teams (`side`, each seat's side), the lead and the win are a side's."""
    side = side or [("seat", p) for p in range(n)]
    decided = sum(seat_wins)
    fairness = None      # no game won: nothing to say how fair the wins are
    if decided and n > 1:
        distance = sum(abs(w / decided - 1 / n) for w in seat_wins) / 2
        fairness = 1 - distance / (1 - 1 / n)
    elif decided:
        fairness = 1.0
    changes, settled = [], []
    for res, w in zip(results, winners):
        # The leader is looked at when a turn's first decision is asked: a game in which
        # nobody decided tells nothing of who led, and is left out (not counted as calm).
        leaders = [None if seat is None else side[seat] for seat in res["leaders"]]
        if not leaders:
            continue
        changes.append(_lead_changes(leaders))
        if w and not shared_first(w, side):
            settled.append(_settled_at(leaders, side[w[0]]) / len(leaders))
    drama = low = high = None
    if changes:
        drama, low, high = (_r(x, 2) for x in mean_interval(changes, 0.0))
    return {
        "fairness": _r(fairness) if fairness is not None else None,
        "decisiveness": _r(sum(settled) / len(settled)) if settled else None,
        "drama": drama, "drama_low": low, "drama_high": high,
        "games_with_lead_change": _r(sum(1 for c in changes if c) / len(changes)) if changes else None,
    }


def quality(results: list, summary: dict) -> dict:
    """The measures of game quality of Browne's and Ludii's designer metrics that a batch
    can tell: drawishness (the share of games drawn), the branching factor (options a
    decision offers, on average), the share of decisions that offer a choice (more than
    one option), and, when agents of different kinds play, the skill gap: how much more
    often the strongest of them wins than the weakest."""
    decisions = sum(r["decisions"] for r in results)
    offered = sum(r.get("options", 0) for r in results)
    out = {"drawishness": summary["draws"]["rate"],
           "branching": _r(offered / decisions, 2) if decisions else None,
           "choice_share": _r(sum(r.get("choices", 0) for r in results) / decisions) if decisions else None,
           "skill_gap": None}
    agents = summary["by_agent"]
    if len(agents) > 1:
        ranked = sorted(agents, key=lambda a: (-a["rate"], a["agent"]))
        best, worst = ranked[0], ranked[-1]
        out["skill_gap"] = {"strongest": best["agent"], "weakest": worst["agent"], "strongest_rate": best["rate"],
                            "weakest_rate": worst["rate"], "gap": _r(best["rate"] - worst["rate"])}
    return out


def _lead_changes(leaders: list) -> int:
    last, changes = None, 0
    for seat in leaders:
        if seat is None:
            continue
        if last is not None and seat != last:
            changes += 1
        last = seat
    return changes


def _settled_at(leaders: list, winner: int) -> int:
    """The turn (counted from 0) from which the winner led at every turn start to
    the end (a turn with nobody ahead does not break the lead)."""
    since = len(leaders)
    for i in range(len(leaders) - 1, -1, -1):
        if leaders[i] not in (winner, None):
            break
        if leaders[i] == winner:
            since = i
    return since
