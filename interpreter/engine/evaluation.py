"""How good a position looks to one player: the pack's own judgement (its
`evaluation` section), for computer players."""
from __future__ import annotations

from .results import ranking_keys
from .state import State


def evaluate(s: State, seat: int) -> float:
    """The pack's evaluation seen from `seat`: the weighted sum of its features.
    Packs without one are judged by life and by their ranking (standing), or, without
    a ranking, by life, then cards in hand and in play."""
    if s.result is not None:
        return 1000.0 * s.result[seat]
    env = {"you": s.t.players[seat]}
    features = s.t.pack.evaluation
    if features:
        total = 0.0
        for _, weight, fn in features:
            total += weight * (fn(s, env) or 0)
        return total
    return _default(s, seat)


def _default(s: State, seat: int) -> float:
    pack = s.t.pack
    score = 0.0
    others = [p for p in range(len(s.out)) if p != seat and not s.out[p]]
    life = pack.life_counter
    if not pack.ranking:    # what places the players at the end says more than cards held
        score += _held(s, seat, others)
    if life:
        mine = s.pvars[seat].get(life, 0)
        theirs = sum(s.pvars[p].get(life, 0) for p in others) / max(1, len(others))
        score += mine - theirs
    if pack.ranking:
        score += standing(s, seat)
    return score


def _held(s: State, seat: int, others: list) -> float:
    """Cards in hand (half) and in play, the seat's less the mean of the others'."""
    pack = s.t.pack
    score = 0.0
    for role, weight in (("hand", 0.5), ("play", 1.0)):
        name = pack.roles.get(role)
        if name is None or not pack.zone_by_name[name].per_player:
            continue
        mine = len(s.zones[s.t.zone(name, seat)])
        theirs = sum(len(s.zones[s.t.zone(name, p)]) for p in others) / max(1, len(others))
        score += weight * (mine - theirs)
    return score


def standing(s: State, seat: int) -> float:
    """How far `seat` is ahead by what places the players at a ranked end (the
    pack's `ranking`): its value less the mean of its opponents', for each measure
    in turn, a later one counting a thousandth of the one before (it only breaks
    ties). Partners share a standing; players who finished are left out."""
    teams = s.t.teams
    others = [p for p in range(len(s.out)) if teams[p] != teams[seat] and not s.out[p]]
    if not others:
        return 0.0
    mine = ranking_keys(s, seat)
    theirs = [ranking_keys(s, p) for p in others]
    total, weight = 0.0, 1.0
    for i, key in enumerate(mine):
        # A key is made so that less is better.
        total += weight * (sum(t[i] for t in theirs) / len(others) - key)
        weight /= 1000
    return total
