"""Results as places: every seat gets a place (1 the best, equal places shared), and the
returns are worked out from the places. Players may finish (leave play with the next
place) or sit out for a while; `the game ends` places those still in by the pack's
ranking."""
from __future__ import annotations

from .state import State
from .wording import and_list

FOR_GOOD = 1 << 30          # "sits out" with no round: for the rest of the game


def returns(places: tuple) -> tuple:
    """The ℓ-th best of L distinct places is worth 1 - 2(ℓ-1)/(L-1); all equal, 0."""
    distinct = sorted(set(places))
    if len(distinct) < 2:
        return tuple(0.0 for _ in places)
    worth = {p: 1.0 - 2.0 * i / (len(distinct) - 1) for i, p in enumerate(distinct)}
    return tuple(worth[p] for p in places)


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def conclude(s: State, places, result: tuple | None = None) -> None:
    """The game is over with these places, and the returns they are worth unless `result` gives them."""
    s.places = tuple(places)
    s.result = returns(s.places) if result is None else result
    s.decision = None


def one_side(n: int, won: bool, lost: bool) -> tuple:
    """The returns of a game of one side (one player, or partners all), whose places are
    all first, there being nobody to place them against: 1 each where they won, -1 where
    they lost, 0 in a draw."""
    return (1.0 if won else -1.0 if lost else 0.0,) * n


def winning_seats(result, places=None) -> list[int]:
    """The seats that won a finished game: those in first place (without places, whose
    return is above 0) where others are not; where every seat is first, those whose
    return is above 0: a game of one side won, where a draw and a loss have none."""
    firsts = [p for p, place in enumerate(places) if place == 1] if places else \
        [p for p, r in enumerate(result) if r > 0]
    return firsts if len(firsts) < len(result) else [p for p, r in enumerate(result) if r > 0]


def lost_by_all(result) -> bool:
    """Whether every player lost: a game of one side whose players all went out."""
    return bool(result) and all(r < 0 for r in result)


def who_won(names, result, places=None, join=and_list) -> str | None:
    """A finished game's end as a sentence begins it: "Ann wins", "Ann and Ben win", or
    where every player lost (a game of one side) "Ann loses"; None for a draw. `join`
    lists several names."""
    winners = winning_seats(result, places)
    if winners:
        return f"{join(names[p] for p in winners)} {'wins' if len(winners) == 1 else 'win'}"
    if lost_by_all(result):
        return f"{join(names)} {'loses' if len(names) == 1 else 'lose'}"
    return None


def finish_player(s: State, seat: int) -> None:
    """`PLAYER finishes`: out of play, with the next finishing place."""
    if s.out[seat] or s.result is not None:
        return
    s.put_out(seat)
    s.finished = (s.finished or ()) + (seat,)
    s.say("finish", f"{s.t.players[seat].name} finishes {ordinal(len(s.finished))}")
    s.dirty = True


def sit_out(s: State, seat: int, level: int = FOR_GOOD) -> None:
    """`PLAYER sits out [this UNIT]`: no turns and no priority until the unit ends. A player
    who already sits out as long (a loop that sits out every player without cards) is not
    told to again."""
    now = s.sitting[seat] if s.sitting is not None else -1
    if now == FOR_GOOD or (level != FOR_GOOD and 0 <= now <= level):
        return
    sitting = list(s.sitting or (-1,) * len(s.out))
    sitting[seat] = level
    s.sitting = tuple(sitting)
    s.say("sit", f"{s.t.players[seat].name} sits out")


def stand_up(s: State, level: int) -> None:
    """The players who sat out a unit of `level` come back when it ends."""
    if s.sitting is not None and level in s.sitting:
        s.sitting = tuple(-1 if v == level else v for v in s.sitting)


def can_play(s: State, seat: int) -> bool:
    return not s.out[seat] and (s.sitting is None or s.sitting[seat] < 0)


def end_ranked(s: State) -> None:
    """`the game ends`: those who finished take their places, those still in are placed
    after them by the pack's ranking, and those who lost share the last place."""
    if s.result is not None:
        return
    finished = s.finished or ()
    places = [0] * len(s.out)
    for k, seat in enumerate(finished):
        places[seat] = k + 1
    still = [p for p in range(len(s.out)) if not s.out[p]]
    keys = {p: ranking_keys(s, p) for p in still}
    ranked = sorted(still, key=keys.__getitem__)
    place = len(finished) + 1
    for i, seat in enumerate(ranked):
        if i and keys[seat] != keys[ranked[i - 1]]:
            place = len(finished) + 1 + i
        places[seat] = place
    last = len(finished) + len(still) + 1
    for seat in range(len(s.out)):
        if places[seat] == 0:
            places[seat] = last
    place_losers(s, places)
    _team_places(s.t.teams, places)
    s.say("end", "the game ends: " + places_said([p.name for p in s.t.players], places, s.t.teams))
    conclude(s, places)


def place_losers(s: State, places: list) -> None:
    """With `losers: in_order`, the players who lost, who share the last place, placed by
    when they went out instead: the last out best, those out between the same two
    decisions together (an elimination tournament, the last one out second). In a game
    of partners the losing teams share the last place."""
    if s.t.pack.losers != "in_order" or not s.lost or s.t.allied:     # partners: their teams share, as before
        return
    lost = [(seat, at) for seat, at in s.lost if places[seat] != 1]      # not a partner of the winners
    last = len(places) - len(lost) + 1
    for seat, at in lost:
        places[seat] = last + sum(1 for _, later in lost if later > at)


def places_said(names, places, teams=None) -> str:
    """Every place of a ranked end, best first: "Dan 1st; Ben and Cleo 2nd; Ann 4th"; in
    a game of partners placed together (`teams`: each seat's team), each team with its
    place: "North and South 1st; East and West 2nd"."""
    groups = _together(places, teams) or [[p for p in range(len(places)) if places[p] == n]
                                          for n in sorted(set(places))]
    return "; ".join(f"{and_list(names[p] for p in group)} {ordinal(places[group[0]])}" for group in groups)


def _together(places, teams) -> list | None:
    """The seats of each team, best first, where a game of partners places each team's
    players together; None where there are no partners or they are placed apart."""
    if teams is None or len(set(teams)) == len(teams):
        return None
    seats_of: dict = {}
    for seat, team in enumerate(teams):
        seats_of.setdefault(team, []).append(seat)
    if any(len({places[p] for p in seats}) > 1 for seats in seats_of.values()):
        return None
    return sorted(seats_of.values(), key=lambda seats: places[seats[0]])


def _team_places(teams, places: list) -> None:
    """The places of a game of partners made the teams' where each team's players are
    placed together: the two teams of four players are 1st and 2nd, not 1st and 3rd."""
    ranked = _together(places, teams) or ()
    held = [places[seats[0]] for seats in ranked]
    for i, seats in enumerate(ranked):
        for p in seats:
            places[p] = held.index(held[i]) + 1     # one after the teams placed before it


def ranking_keys(s: State, seat: int) -> tuple:
    """A player's ranking keys, each made so that less is better."""
    player = s.t.players[seat]
    out = []
    for value, best in s.t.pack.ranking:
        v = value(s, {"it": player, "you": player}) or 0
        out.append(-v if best == "highest" else v)
    return tuple(out)


def ranked_by(s: State) -> list | None:
    """Each player's value of the ranking's first key now (their chips, a score): what a
    game whose places tell little (one player alone) is measured by; None where the pack
    ranks by nothing."""
    if not s.t.pack.ranking:
        return None
    value = s.t.pack.ranking[0][0]
    return [value(s, {"it": p, "you": p}) or 0 for p in s.t.players]


def limit_reached(s: State, said: str) -> None:
    """A limit ends the game: the log says which, and the state keeps it for those who
    read no log (a batch's quiet games, whose summary counts the games each limit ended)."""
    s.say("limit", said)
    s.limit = said


def at_limit(s: State) -> None:
    """A turn or round limit is reached: a draw, or a ranked end if the pack says so."""
    if s.t.pack.at_limit == "ranking":
        end_ranked(s)
    else:
        from .primitives import finish
        finish(s, [])
