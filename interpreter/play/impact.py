"""`cardtable impact`: which card or rule changes who wins, and by how much.

Each subject (a card family, or a card, in the decks; or a variant given: an option's
value, a card's property, a ruleset) is played on the same seeds as the pack as it is,
so that a game with the subject and the game without it have the same deals and the
same agents: what changes is the subject's doing (paired, causal). A card is taken out
of one seat's deck at a time (or replaced there by a neutral card) when every seat has
a deck of its own, and out of every deck when the seats share their cards. The change
in each seat's win rate comes with its 95% interval, the rows sorted by the largest
change, those beyond chance marked; beside it, the win rate of the games in which a
card of the family was played, which is a correlation, not an effect.
"""
from __future__ import annotations

import dataclasses
import json

from ..engine.game import Game, seat_name
from ..packs.changes import REMOVE, REPLACE, CardChange
from .compare import paired
from .stats import first_places
from .sweep import MOST_POINTS, SweepError, batch_at, parse_axis


class ImpactError(ValueError):
    """Subjects that cannot be measured; the message says why."""


def dealt_families(game: Game, by: str = "family") -> list[str]:
    """The families (or cards) dealt in the game's decks, in the order of their first card."""
    names = [n for place in game.deck_places() for n in game.deck_for(place)]
    cards = game.pack.cards
    return list(dict.fromkeys(n if by == "card" else (cards[n].family or n) for n in names))


def own_decks(game: Game) -> bool:
    """Whether every seat has a deck of its own (then a card is taken from one seat's deck at a time)."""
    return all(isinstance(place, int) for place in game.deck_places()) and \
        len(game.deck_places()) == game.num_players


@dataclasses.dataclass(frozen=True)
class Subject:
    name: str
    seat: int | None        # whose deck changes (None: every deck, or a variant of the rules)
    batch: object


def subjects(base, game: Game, only: list, neutral: str | None, variants: list, by: str) -> list[Subject]:
    """The batches that impact plays beside the base batch; a version named twice is played once."""
    points = _variant_points(variants)
    cards = _card_subjects(base, game, list(dict.fromkeys(only)), neutral, by, bool(points))
    return cards + [Subject(batch.label, None, batch) for batch in (batch_at(base, point) for point in points)]


def _card_subjects(base, game: Game, only: list, neutral: str | None, by: str, variants: bool) -> list[Subject]:
    families = dealt_families(game, by)
    for name in only:
        if name not in families:
            raise ImpactError(f'no card of the decks is "{name}" or of the family "{name}": the decks hold '
                              f'{", ".join(families)}')
    seats = list(range(game.num_players)) if own_decks(game) else [None]
    kind, value = (REPLACE, neutral) if neutral else (REMOVE, None)
    kept = {neutral, game.pack.cards[neutral].family} if neutral in game.pack.cards else {neutral}
    measured = [f for f in only or families if not (neutral and f in kept)]    # not the neutral card against itself
    if not measured and not variants:
        raise ImpactError(_nothing_left(only or families, neutral, bool(only)))
    found = []
    for family in measured:
        for seat in seats:
            change = CardChange(family, kind, None, value, seat)
            label = change.text() if seat is None else _seat_label(change, game, seat)
            found.append(Subject(family, seat, dataclasses.replace(
                base, changes=tuple(base.changes) + (change,), label=label)))
    return found


def _variant_points(variants: list) -> list[dict]:
    """Each version --variant names, once, at most as many as a sweep's points (each
    is a batch of games, as a point of a sweep is)."""
    points = list(dict.fromkeys((key, v) for key, values in map(parse_axis, variants) for v in values))
    if len(points) > MOST_POINTS:
        raise SweepError(f"the variants make {len(points)} versions: impact measures at most {MOST_POINTS}, "
                         f"as a sweep has at most {MOST_POINTS} points")
    return [{key: v} for key, v in points]


def _nothing_left(names: list, neutral: str, only: bool) -> str:
    source = "--only names only" if only else "the decks hold only"
    listed = " and ".join(f'"{n}"' for n in names)
    return (f"nothing is left to measure: {source} {listed}, and the neutral card {neutral} is not measured "
            f"against itself, nor its family: name other cards with --only, or give a --variant")


def _seat_label(change: CardChange, game: Game, seat: int) -> str:
    what = "without" if change.kind == REMOVE else f"replaced by {change.value}:"
    return f"{what} {change.cards} in {seat_name(game.pack, seat)}'s deck"


def _won(results, seat):
    """1 for each game the seat won: first place alone or shared, as simulate counts wins."""
    return [1.0 if seat in first_places(r) else 0.0 for r in results]


def report(game: Game, base, base_results: list, found: list[Subject], played: list, neutral: str | None) -> dict:
    n = game.num_players
    names = [seat_name(game.pack, p) for p in range(n)]
    rows = []
    for subject, results in zip(found, played):
        seats = {names[p]: paired(_won(base_results, p), _won(results, p), 0, 1) for p in range(n)}
        holder = names[subject.seat] if subject.seat is not None else None
        rows.append({"subject": subject.batch.label, "family": subject.name, "holder": holder, "seats": seats})
    rows.sort(key=lambda r: (-_size(r), r["subject"]))
    how = ("with each card replaced by " + neutral) if neutral else "without each card"
    return {"pack": game.pack.id, "version": game.pack.version, "games": base.games, "seed": base.seed,
            "players": n, "agents": list(base.agents), "seat_names": names, "how": how,
            "base": {names[p]: round(sum(_won(base_results, p)) / len(base_results), 4) for p in range(n)},
            "rows": rows, "played": _played_rates(game, base_results)}


def _size(row: dict) -> float:
    """How large a row's effect is: its holder's change, or the largest seat's."""
    if row["holder"] is not None:
        return abs(row["seats"][row["holder"]]["difference"])
    return max(abs(s["difference"]) for s in row["seats"].values())


def _played_rates(game: Game, results: list) -> dict:
    """By family: in how many of a seat's games a card of it was played, and the share of
    those the seat won (a correlation, shown beside the effect)."""
    games, wins = {}, {}
    for r in results:
        for seat, plays in enumerate(r["plays"]):
            fams = {(game.pack.cards[c].family or c) if c in game.pack.cards else c for c in plays}
            for f in fams:
                games[f] = games.get(f, 0) + 1
                wins[f] = wins.get(f, 0) + (seat in first_places(r))
    # By name: the families come from sets, whose order changes from run to run.
    return {f: {"games": games[f], "win_rate": round(wins[f] / games[f], 4)} for f in sorted(games)}


def as_table(r: dict) -> str:
    n = len(r["rows"])
    lines = [f"{r['pack']} {r['version']}: {n} version{'s' if n != 1 else ''} {r['how']}, {r['games']} games each on the "
             f"seeds of the pack as it is ({r['seed']} to {r['seed'] + r['games'] - 1}), agents: {', '.join(r['agents'])}",
             "as it is: " + ", ".join(f"{seat} wins {100 * rate:.1f}%" for seat, rate in r["base"].items()), ""]
    width = max(28, *(len(row["subject"]) + 2 for row in r["rows"]))
    head = "".join(f"{s + ' wins':>29}" for s in r["seat_names"])
    lines.append(f"{'':<{width}}{head}{'played, won':>14}")
    for row in r["rows"]:
        cells = ""
        for seat in r["seat_names"]:
            c = row["seats"][seat]
            mark = "*" if c["significant"] else " "
            cells += f"{100 * c['difference']:>+8.1f}% ({100 * c['low']:+6.1f} to {100 * c['high']:+6.1f}){mark}"
        played = r["played"].get(row["family"])
        beside = f"{100 * played['win_rate']:>13.1f}%" if played else f"{'-':>14}"
        lines.append(f"  {row['subject']:<{width - 2}}{cells}{beside}")
    lines += ["", "each change is the seat's win rate in that version minus as it is, on the same deals, with its "
                  "95% interval;", "* the interval leaves out 0: the change is beyond chance. played, won: how often "
                  "the seat won the games in which it played a card of the family (not an effect)"]
    return "\n".join(lines)


def as_json(r: dict) -> str:
    return json.dumps(r, indent=2, ensure_ascii=False)
