"""A position read, never written: its cards, its zones and its table values, in the
pack's words (zone names, seats, counter and mark names), so that code outside the
engine (the scenario runner, the environments for learning) asks the position what
it needs and only the engine knows how its state is laid out.

`GameState.view` gives the `StateView` of a position, `GameState.card(c)` one card's
`CardView`. A view reads the live position: it sees the moves made after it was
taken. It shows everything, hidden cards too; what a player may see is
`GameState.observation` (engine/observe.py).
"""
from __future__ import annotations

from types import MappingProxyType

from . import layers, positions
from .state import State


class CardView:
    """One card of a position: `id` (as in observations and option values), `name`,
    where it is, who controls and owns it, its properties, counters and marks."""
    __slots__ = ("_s", "id")

    def __init__(self, s: State, card: int):
        self._s = s
        self.id = card

    def __repr__(self) -> str:
        return f"<card {self.id} {self.name} in {self.where}>"

    @property
    def name(self) -> str:
        """As the log shows it: the second token of a name reads "Spirit #2"."""
        return self._s.t.names[self.id]

    @property
    def definition(self):
        """The card (or token) definition it is made from: CardDef, with its own name."""
        return self._s.t.cards[self.id]

    @property
    def token(self) -> bool:
        """Whether an effect made it (and it is no card of a deck)."""
        return self.id in self._s.t.tokens

    @property
    def zone(self) -> str:
        """The name of the zone it is in."""
        return self._s.t.zone_meta[self._s.zone_of[self.id]][0].name

    @property
    def zone_seat(self) -> int | None:
        """The seat whose zone it is in, None for a shared zone."""
        return self._s.t.zone_meta[self._s.zone_of[self.id]][1]

    @property
    def where(self) -> str:
        """The zone as a designer says it: "battlefield", "Red's hand", "North and South's won"."""
        return self._s.t.zone_labels[self._s.zone_of[self.id]]

    @property
    def controller(self) -> int:
        return self._s.controller[self.id]

    @property
    def owner(self) -> int:
        return self._s.owner[self.id]

    @property
    def tapped(self) -> bool:
        return self._s.tapped[self.id]

    @property
    def face_down(self) -> bool:
        return self._s.face_down[self.id]

    @property
    def damage(self) -> int:
        return self._s.damage[self.id]

    def prop(self, name: str):
        """The value of a property now, with what modifies it (a face-down card's are fixed)."""
        return self._s.prop(self.id, name)

    def counter(self, name: str) -> int:
        """How many counters of that card counter it has (0 for none)."""
        return self._s.counters.get((self.id, name), 0)

    def mark(self, name: str):
        """The value of a mark it has (True, a number, a word, or the id of the card it
        points at), or None when it does not have it."""
        return self._s.marks.get((self.id, name))

    @property
    def keywords(self) -> tuple[str, ...]:
        """The keywords it has now, printed or given, less those removed, in the pack's order."""
        s = self._s
        return tuple(k for k in s.t.pack.keywords if layers.card_has_keyword(s, self.id, k))

    @property
    def types(self) -> tuple[str, ...]:
        """Its card types now, with what changes them, in the pack's order."""
        bits = layers.typebits(self._s)[self.id]
        return tuple(t for i, t in enumerate(self._s.t.pack.card_types) if bits & (1 << i))

    @property
    def counters(self) -> dict:
        """Its card counters, by name (only those it has)."""
        return {k: n for (c, k), n in self._s.counters.items() if c == self.id}

    @property
    def marks(self) -> dict:
        """Its marks, by name, as `mark` gives them (not the rules' own working marks)."""
        return {m: v for (c, m), v in self._s.marks.items() if c == self.id and not m.startswith("@")}


class StateView:
    """A whole position. Zones are numbered in the engine's order, which `places`
    names: per-seat zones once for each seat, then the next zone; card ids run
    from 0 in the order the cards were dealt."""
    __slots__ = ("_s",)

    def __init__(self, s: State):
        self._s = s

    def card(self, card: int) -> CardView:
        return CardView(self._s, card)

    @property
    def card_names(self) -> tuple[str, ...]:
        """The name of every card, by id."""
        return self._s.t.names

    def cards_named(self, name: str) -> list[int]:
        """The ids of the cards of that name, lowest (the first dealt) first."""
        return [c for c, n in enumerate(self._s.t.names) if n == name]

    def zone(self, name: str, seat: int | None = None) -> tuple[int, ...]:
        """The ids of the cards in a zone (a seat's, for a per-seat zone; its team's, for a
        zone of each team), bottom first."""
        t = self._s.t
        zone = t.zone(name, seat)
        return tuple(self._s.zones[zone if t.zone_alias is None else t.zone_alias[zone]])

    @property
    def places(self) -> tuple:
        """(zone name, seat or None) of each zone, in the engine's order."""
        return tuple((zdef.name, seat) for zdef, seat in self._s.t.zone_meta)

    @property
    def zones(self) -> tuple[tuple[int, ...], ...]:
        """The cards of every zone, in the order of `places`."""
        return tuple(map(tuple, self._s.zones))

    def place_of(self, card: int) -> int:
        """The number (in `places`) of the zone a card is in."""
        return self._s.zone_of[card]

    def shown(self, card: int, seat: int) -> bool:
        """Whether the card was shown to the seat (revealed, told, seen turned face down)
        and is still known to it where it lies, whatever its zone lets the seat see."""
        known = self._s.known
        return known is not None and seat in known.get(card, ())

    # Each card's state, by id, read in one go (an encoder reads every card).
    @property
    def tapped(self) -> tuple[bool, ...]:
        return tuple(self._s.tapped)

    @property
    def damage(self) -> tuple[int, ...]:
        return tuple(self._s.damage)

    @property
    def face_down(self) -> tuple[bool, ...]:
        return tuple(self._s.face_down)

    def card_counters(self):
        """(card id, counter, how many) of every card counter a card has."""
        return ((c, k, n) for (c, k), n in self._s.counters.items())

    def card_marks(self):
        """(card id, mark, value) of every mark a card has, as `CardView.mark` gives it
        (not the rules' own working marks)."""
        return ((c, m, v) for (c, m), v in self._s.marks.items() if not m.startswith("@"))

    def keyed(self, seat: int, name: str) -> dict:
        """A counter kept for each card (per: card): the seat's count for each card, by card id."""
        keyed = self._s.keyed or {}
        return {c: n for (k, p, c), n in keyed.items() if k == name and p == seat}

    # The table and the turn.
    def table_value(self, name: str):
        """A table value now: a number, a word, a player (`PlayerRef`), or None."""
        return self._s.table[name]

    def said_table_value(self, name: str, said, container, fail):
        """A table value as a setup or an expectation writes it (a number, a word, a
        player's name, none), as `table_value` would give it; `fail(container, name,
        message)` for a value the pack does not have."""
        return positions.table_value(self._s.t.pack, self._s.t.players, name, said, container, fail)

    def said_counter_value(self, name: str, said, container, fail):
        """A player counter that holds a word, a player or a card, as a setup or an
        expectation writes it, as `said_table_value` reads a table value."""
        pack = self._s.t.pack
        return positions.held_value(pack, self._s.t.players, pack.player_counters[name], said, container, fail)

    def player_counters(self, seat: int):
        """A seat's player counters by name, hidden ones too (read only)."""
        return MappingProxyType(self._s.pvars[seat])

    @property
    def out(self) -> tuple[bool, ...]:
        """Per seat, whether it has left the game."""
        return tuple(self._s.out)

    @property
    def phase(self) -> str | None:
        return self._s.phase

    @property
    def step(self) -> str | None:
        return self._s.step

    @property
    def window(self) -> str | None:
        return self._s.window

    @property
    def pile_size(self) -> int:
        """How many things wait on the pile."""
        return len(self._s.pile)
