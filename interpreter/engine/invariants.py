"""What must hold in every position of every game, whatever the pack.

Checked after every decision in debug mode (`Game(..., debug=True)`,
`cardtable simulate --debug`) and by the tests.
"""
from __future__ import annotations

from . import tokens
from .knowledge import sees
from .observe import observe
from .state import RuleError, State


def check(s: State) -> None:
    seen = {}
    for z, cards in enumerate(s.zones):
        for c in cards:
            if c in seen:
                raise RuleError(f"{s.t.names[c]} is in two zones at once ({_zone(s, seen[c])} and {_zone(s, z)})")
            seen[c] = z
            if s.zone_of[c] != z:
                raise RuleError(f"{s.t.names[c]} is in {_zone(s, z)} but recorded in {_zone(s, s.zone_of[c])}")
    if len(seen) != len(s.t.cards):
        # Only a token that ceased to exist is in no zone.
        lost = [s.t.names[c] for c in range(len(s.t.cards)) if c not in seen and not tokens.gone(s, c)]
        if lost:
            raise RuleError(f"cards are in no zone: {', '.join(lost)}")
    for c, d in enumerate(s.damage):
        if d < 0:
            raise RuleError(f"{s.t.names[c]} has negative damage ({d})")
    for (c, name), n in s.counters.items():
        if n < 0:
            raise RuleError(f"{s.t.names[c]} has {n} {name} counters")
    if s.someone_out != (True in s.out):
        raise RuleError(f"the seats out are {s.out}, but someone_out is {s.someone_out}")
    for p in range(len(s.t.players)):
        check_hidden(s, p)


def check_hidden(s: State, viewer: int) -> None:
    """No card of a zone the viewer may not see is named in what the viewer sees."""
    view = observe(s, viewer)
    for p, player in enumerate(view["players"]):
        for zname, content in player["zones"].items():
            zdef = s.t.pack.zone_by_name[zname]
            private = zdef.visibility == "hidden" or (zdef.visibility == "owner" and p != viewer
                                                      and not (zdef.per_team and s.t.leads[p] == s.t.leads[viewer]))
            if private and not isinstance(content, dict):
                raise RuleError(f"{s.t.players[viewer].name} can see the cards of {player['name']}'s {zname}")
    # A face-down card is known only in its owner's own zones (or its team's) and to the
    # seats that saw it turned face down: elsewhere, neither its name nor its id may show.
    unknown = {c for z, cards in enumerate(s.zones) if not s.t.holds(z, viewer)
               for c in cards if s.face_down[c] and not sees(s, c, viewer)}
    if unknown:
        for seen in _cards_shown(view):
            if seen.get("id") in unknown:
                raise RuleError(f"{s.t.players[viewer].name} can tell which card the face-down "
                                f"{s.t.names[seen['id']]} is")


def _cards_shown(view) -> list:
    zones = [z for player in view["players"] for z in player["zones"].values()] + list(view["shared"].values())
    return [card for z in zones if isinstance(z, list) for card in z]


def _zone(s: State, z: int) -> str:
    from .primitives import zone_label
    return zone_label(s, z)
