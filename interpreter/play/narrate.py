"""A replayed game told for people: the log turn by turn, the position after a
given decision, and whether the replay ends as the record did."""
from __future__ import annotations

from ..engine.results import places_said, who_won
from .records import Replay

WIDTH = 100     # the position's lines wrap here, as a failed scenario's board does


def result_text(names: list, result, places=None, teams=None) -> str:
    """How a game ended: its winners (results.winning_seats), or a loss where every
    player lost (a game of one side), else a draw. A ranking says every place, as the
    log's end line does (the teams' places where partners place together: `teams`, each
    seat's team)."""
    if result is None:
        return "the game was not finished"
    if places is not None and len(set(places)) > 2:
        return "the places are " + places_said(names, places, teams)
    said = who_won(names, result, places)
    return "the game is a draw" if said is None else f"{said} the game"


def outcome(state) -> str:
    """How a finished game ended (result_text), with the places of a pack that ranks."""
    places = state.places() if state.game.pack.ranks else None
    return result_text(state.seat_names, state.returns(), places, state.teams)


def narrative(lines: list) -> str:
    """The log with each turn as a heading and its events below it."""
    out = ["Before the first turn"] if lines and not lines[0].startswith("turn ") else []
    for line in lines:
        if line.startswith("turn "):
            out.append("")
            out.append(line[0].upper() + line[1:])
        else:
            out.append("  " + line)
    return "\n".join(out).lstrip("\n")


def position(done: Replay, total: int) -> str:
    # The board `play` and `test` show (40 cards of a name side by side are "Penny ×40");
    # imported here, as terminal imports this module.
    from .terminal import board
    state = done.state
    lines = [f"After decision {done.done} of {total}:", *board(state.observation(None), None, state.game.pack.roles, WIDTH)]
    if state.decision is not None:
        lines.append("")
        lines.append(state.prompt())
        lines.extend(f"  {i}. {label}" for i, label in enumerate(state.legal_labels()))
    recent = done.state.log[-8:]
    if recent:
        lines.append("")
        lines.append("last events:")
        lines.extend(f"  {line}" for line in recent)
    return "\n".join(lines)
