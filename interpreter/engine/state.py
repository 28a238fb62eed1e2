"""The state of one game: plain arrays indexed by card id, cheap to clone.

Everything a game changes lives here; everything a pack defines lives in the
shared `Pack`. Cards are integers (their id); players are `PlayerRef` values.
"""
from __future__ import annotations

from . import layers, rng
from .decisions import Option
from .model import seats_for
from .wording import and_list


class PlayerRef:
    """A player as a value in scripts. One per seat, shared by every clone."""
    __slots__ = ("seat", "name")

    def __init__(self, seat: int, name: str):
        self.seat = seat
        self.name = name

    def __repr__(self) -> str:
        return self.name


class RuleError(Exception):
    """A pack's rule that cannot be carried out during play. It stops the game, which
    then has no result. `source` is the pack text whose rule broke, when it is known
    (a model.Source); the game adds the turn it broke on (see running.run)."""

    def __init__(self, message: str, source=None):
        super().__init__(message)
        self.message = message
        self.source = source
        self.turn: int | None = None

    def __str__(self) -> str:
        return f"{self.message} (at {self.source})" if self._placed() else self.message

    def _placed(self) -> bool:
        return self.source is not None and bool(self.source.file)

    def located(self, game: str, decisions: int | None = None) -> str:
        """The one line every command says it with: "FILE:LINE:COL: error: GAME stopped on
        turn 3: ...", `game` naming the game ("game 2 (seed 1)", "the game"), with the
        decisions taken when they are given ("after 12 decisions (turn 3)")."""
        from ..diagnostics import shown

        where = f"{self.source}: " if self._placed() else ""
        turn = "" if self.turn is None else f"turn {self.turn}"
        if decisions is not None:
            when = f" after {decisions} decisions" + (f" ({turn})" if turn else "")
        else:
            when = f" on {turn}" if turn else ""
        return shown(f"{where}error: {game} stopped{when}: {self.message}")


# The event that may fire each kind of trigger (triggered.py): a card moving fires
# "enter" and "leave", the rules being checked fires "state".
_EVENT_OF = {"enter": "move", "leave": "move", "die": "move", "damaged": "damage", "deals": "damage",
             "begin": "begin", "end": "end", "state": "checked", "mark": "mark"}


class Table:
    """What is fixed once a game is set up: the cards dealt, the seats, the zone map."""
    __slots__ = ("pack", "cards", "owner", "players", "zone_meta", "zone_base",
                 "names", "options", "seat_names", "triggering", "triggers", "named", "typed", "typebits", "typeflags",
                 "eager_checks", "several_teams", "usable", "checks_see_zones", "checks_see_tapped", "checks_see_counters",
                 "checks_see_everything", "checks_see_marks", "checks_see_control",
                 "checks_see_turn",
                 "checks_see_damage", "watched_marks", "triggers_on", "trigger_places", "watches_damage", "watches_ends", "watches_begins", "plain_steps",
                 "capacity", "tokens", "token_counts", "props", "layered", "retyping", "static_cards", "replacing",
                 "seats", "teams", "team_seats", "leads", "zone_alias", "allied", "prompts", "changing", "resets", "controlling", "zone_labels", "seen", "unseen",
                 "token_order", "token_homes", "usable_at", "lister", "listed", "listing", "unsettled", "passing",
                 "fixed", "view_zones", "taken", "remembering", "moving", "sighted")

    def __init__(self, pack, cards, owner, players, options):
        self.pack = pack
        self.cards = cards            # CardDef per card id
        self.owner = owner            # seat per card id, as dealt (State.owner: as it is now)
        self.players = players        # PlayerRef per seat
        self.options = options
        self.names = tuple(c.name for c in cards)
        self.props = tuple(_props(pack, c) for c in cards)
        # Tokens (set up in a position) and how many of each name: the second "Spirit" is "Spirit #2".
        self.tokens = frozenset(i for i, c in enumerate(cards) if c.token)
        self.token_order = tuple(sorted(self.tokens))       # as tokens.cease looks at them
        self.token_counts = {}
        if self.tokens:
            names = list(self.names)
            for i in sorted(self.tokens):
                names[i] = self._numbered(cards[i].name)
            self.names = tuple(names)
        # The cards with triggered abilities: the only ones an event needs to look at.
        self.triggering = tuple(i for i, c in enumerate(cards) if any(a.trigger for a in c.abilities))
        # Continuous effects in layers (engine/layers.py): the cards with static abilities.
        flags = flags_of(pack)
        self.layered, self.retyping, self.controlling = flags["layered"], flags["retyping"], flags["controlling"]
        self.changing = pack.changing
        # (card, property) -> the card's value of a derived property computed from its printed
        # properties alone (Names.of_printed), once read where no effect is in the way (State.printed).
        self.fixed = {}
        # The replacements cards have (engine/replacements.py), with their card, in the order dealt.
        self.replacing = tuple((i, ab.replace) for i, c in enumerate(cards) for ab in c.abilities
                               if ab.replace is not None)
        self._zone_map(pack, players, options)
        # The zones a card leaves as a new object with what it was there kept (engine/lastknown.py):
        # those of play; none where nothing of the pack changes a card there.
        self.remembering = frozenset(self.named[pack.roles["play"]]) if flags["remembering"] else frozenset()
        # What a move looks at first: a zone's capacity, the zones kept; None (most packs): neither.
        self.moving = True if self.capacity is not None or self.remembering else None
        # The cards with static abilities, each with the zones where one of them applies.
        self.static_cards = tuple((i, self._static_zones(c)) for i, c in enumerate(cards) if c.statics)
        # The zones whose cards the layers' view looks at (Pack.view_zones), or None: all, and
        # where it reads tapping, which a card moving undoes (primitives.view_kept).
        self.view_zones = None if pack.view_zones is None or pack.statics_tapped else frozenset(
            z for name in pack.view_zones for z in self.named.get(name, ()))
        # Each triggered ability with the zones its card must be in for it to fire.
        self.triggers = tuple((c, ab, frozenset(self.named[ab.zone])) for c in self.triggering
                              for ab in cards[c].abilities if ab.trigger is not None)
        self._index_triggers()
        types = {t for c in cards for t in c.types}
        self.typed = {t: frozenset(i for i, c in enumerate(cards) if t in c.types) for t in types}
        # One integer a card, a bit per card type in the pack's order: a type test is an "and".
        bit = {t: 1 << i for i, t in enumerate(pack.card_types)}
        self.typebits = tuple(sum(bit[t] for t in c.types if t in bit) for c in cards)
        # And for each bit, whether each card has it: a scan's test of one type is then a read,
        # where "and" is a call and its result an integer to test (lang/vocabulary/selectors.py).
        self.typeflags = {b: tuple(bits & b != 0 for bits in self.typebits) for b in bit.values()}
        self._checks(pack)
        # For each zone whose cards have abilities a player may use: those of each card there.
        # (A shared zone's cards are offered to the player who controls each.)
        self.usable = tuple((z, tuple(_entries(c, z, self.names[i], i, self) for i, c in enumerate(cards)),
                             not pack.zone_by_name[z].per_player)
                            for z in pack.ability_zones)
        # The seats with this game's options: a team or a deck may depend on one.
        self.seats = seats = seats_for(pack.seats, options)
        named = [seats[p].get("team") if p < len(seats) else None for p in range(len(players))]
        self.several_teams = len(players) > 1 and (None in named or len(set(named)) > 1)
        # Each seat's team (a seat without one is its own), as `team of p` reads it.
        self.teams = tuple(f"seat{p}" if team is None else team for p, team in enumerate(named))
        # Each team's seats, the teams in the order of their first seats (`teams`, `players of t`).
        self.team_seats = {}
        for p, team in enumerate(self.teams):
            self.team_seats.setdefault(team, []).append(p)
        self.team_seats = {team: tuple(seats) for team, seats in self.team_seats.items()}
        self.leads = tuple(self.team_seats[team][0] for team in self.teams)     # each seat's team's first seat
        self._team_zones(pack, players)
        self.sighted = self._sighted()
        # Whether some team has several seats: then an opponent is a player of another team.
        self.allied = len(set(self.teams)) < len(self.teams)
        self._hot()
        self.lister = self.listed = self.listing = None
        if getattr(pack, "write_listing", None) is not None:
            pack.write_listing(self)        # the listing of moves written out for these cards
        self.prompts = {}       # (seat, phase, step, window) -> the question of a priority window
        self.passing = tuple(f"{p.name} passes" for p in players)     # the log's line of each seat's pass
        self.resets = {}        # unit -> what goes back to its start as it begins (tables.reset)

    def _sighted(self) -> tuple:
        """Per seat, per zone, whether the seat sees which card each face-up card there is:
        every seat in a public zone, its holders in a zone seen by its owner, none in a
        hidden one; and, last, every seat for a card in no zone (zone -1). What labels the
        options of a choice reads first (knowledge.labels_for), without a call a card."""
        def sees(seat: int, z: int) -> bool:
            zdef = self.zone_meta[z][0]
            return zdef.visibility == "public" or (zdef.visibility == "owner" and self.holds(z, seat))
        zones = range(len(self.zone_meta))
        return tuple(tuple(sees(seat, z) for z in zones) + (True,) for seat in range(len(self.players)))

    def _team_zones(self, pack, players) -> None:
        """The zones of each team (per: team): a seat's is its team's first seat's, where its
        cards are, named as the team's ("North and South's won"). `zone_alias`: the zone
        each zone of a seat stands for (observe.py shows a partner the team's), or None
        for a pack without such zones."""
        self.zone_alias = None
        shared = [z.name for z in pack.zones if z.per_team]
        if not shared:
            return
        alias, labels = list(range(len(self.zone_meta))), list(self.zone_labels)
        for name in shared:
            ids = self.named[name]
            for p, lead in enumerate(self.leads):
                alias[ids[p]] = ids[lead]
            for team, seats in self.team_seats.items():
                labels[ids[seats[0]]] = f"{and_list([players[p].name for p in seats])}'s {name}"
        self.zone_alias, self.zone_labels = tuple(alias), tuple(labels)

    def holders(self, zone: int) -> tuple:
        """The seats whose own zone `zone` is: its player, every seat of its team for a zone
        of each team (per: team), none for a shared zone."""
        zdef, seat = self.zone_meta[zone]
        if seat is None:
            return ()
        return self.team_seats[self.teams[seat]] if zdef.per_team else (seat,)

    def holds(self, zone: int, seat: int) -> bool:
        """Whether `zone` is `seat`'s own: its player's zone, or its team's (per: team)."""
        zdef, holder = self.zone_meta[zone]
        return holder == seat or (zdef.per_team and holder == self.leads[seat])

    def _static_zones(self, card) -> frozenset:
        return frozenset(z for ab in card.statics for z in self.named[ab.zone])

    def _zone_map(self, pack, players, options) -> None:
        """Zone ids: each zone a player has, one a seat, and each shared zone once."""
        self.zone_base = {}
        meta = []
        for z in pack.zones:
            self.zone_base[z.name] = len(meta)
            if z.per_player:
                meta.extend((z, p) for p in range(len(players)))
            else:
                meta.append((z, None))
        self.zone_meta = tuple(meta)
        # The shared zones whose cards become the player's whose zone they go to (owner: taker),
        # or None: no card changes owner, and a move need not ask.
        self.taken = frozenset(i for i, (z, _) in enumerate(meta) if z.taker) or None
        # How the log names each zone ("Ann's hand"), and who sees a card move between two
        # zones (primitives.who_sees, kept as moves ask): worked out once a deal.
        self.zone_labels = tuple(z.name if p is None else f"{players[p].name}'s {z.name}" for z, p in meta)
        self.seen = {}
        # Zones where nobody sees a card: one that leaves such a zone known to nobody tells nothing (knowledge.moved).
        self.unseen = frozenset(i for i, (z, _) in enumerate(meta) if z.visibility == "hidden")
        self.token_homes = frozenset(i for i, (z, _) in enumerate(meta) if z.name in pack.token_zones)
        # The most cards each zone holds (None: no limit), or None when no zone has one.
        limits = tuple(options[z.capacity] if isinstance(z.capacity, str) else z.capacity for z, _ in meta)
        self.capacity = limits if any(n is not None for n in limits) else None
        self.named = {z.name: self._zones_named(z.name) for z in pack.zones}

    def _checks(self, pack) -> None:
        # The checks run after every statement that changes the game, not only at checkpoints.
        self.eager_checks = pack.checks is not None and pack.checks_at == "every_change"
        # What the checks look at: a change elsewhere does not make them run again.
        read = pack.checks_read
        everything = "*" in read
        self.checks_see_zones = None if everything else frozenset(
            z for name in self.named if f"zone:{name}" in read for z in self.named[name])
        self.checks_see_tapped = everything or "tapped" in read
        # Counters are noted by name wherever a text reads one ("counter:*": any); checks that
        # read what no change marks ("*": the turn) run after any change, of a counter too.
        self.checks_see_counters = None if everything or "counter:*" in read else frozenset(
            what[len("counter:"):] for what in read if what.startswith("counter:"))
        self.checks_see_everything = everything
        self.checks_see_damage = everything or "damage" in read
        # Marks by name; a keyword given by a mark is the mark "@keyword".
        self.checks_see_marks = None if everything else frozenset(
            what[5:] if what.startswith("mark:") else "@" + what[8:]
            for what in read if what.startswith(("mark:", "keyword:")))
        self.checks_see_control = everything or "control" in read
        self.checks_see_turn = everything or "turn" in read       # the turn's number, the active player

    def _numbered(self, name: str) -> str:
        k = self.token_counts[name] = self.token_counts.get(name, 0) + 1
        return name if k == 1 else f"{name} #{k}"

    def _hot(self) -> None:
        """What the listing of moves and the frames read at every decision, made ready."""
        # For each seat, the zones its abilities are used from, with the abilities of each card:
        # of a zone of each team, its team's (its first seat's), which every partner uses.
        zdefs = self.pack.zone_by_name
        self.usable_at = tuple(tuple((self.named[z][0 if common else self.leads[seat] if zdefs[z].per_team else seat],
                                      per, common) for z, per, common in self.usable)
                               for seat in range(len(self.players)))
        # The checkpoint has something to do whatever changed: tokens may cease, or a
        # player going out may end the game (running.checkpoint).
        self.unsettled = bool(self.tokens) or not self.several_teams

    def with_card(self, definition, seat: int) -> "Table":
        """This table and one more card (a token made in play), its id the next: a new
        table sharing all but what is per card, which grows by one. A clone made before
        keeps this one."""
        t = Table.__new__(Table)
        for name in Table.__slots__:
            if hasattr(self, name):
                setattr(t, name, getattr(self, name))
        c = len(self.cards)
        t.cards = self.cards + (definition,)
        t.owner = self.owner + (seat,)
        t.token_counts = dict(self.token_counts)
        t.names = self.names + (t._numbered(definition.name),)
        t.props = self.props + (_props(self.pack, definition),)
        t.tokens = self.tokens | {c}
        # Values kept for cards of this table: another game of it may make a token of this id
        # of another card, and keep its value here (Table.fixed).
        t.fixed = self.fixed.copy()
        t.token_order = self.token_order + (c,)
        if definition.types:
            t.typed = dict(self.typed)
            for kind in definition.types:
                t.typed[kind] = t.typed.get(kind, frozenset()) | {c}
        bit = {k: 1 << i for i, k in enumerate(self.pack.card_types)}
        t.typebits = self.typebits + (sum(bit[k] for k in definition.types if k in bit),)
        t.typeflags = {b: flags + (t.typebits[c] & b != 0,) for b, flags in self.typeflags.items()}
        t.usable = tuple((z, per + (_entries(definition, z, t.names[c], c, t),), common) for z, per, common in self.usable)
        t._hot()
        if getattr(self.pack, "write_listing", None) is not None:
            self.pack.write_listing(t, c)
        if definition.statics:
            t.static_cards = self.static_cards + ((c, self._static_zones(definition)),)
        if any(ab.replace is not None for ab in definition.abilities):
            t.replacing = self.replacing + tuple((c, ab.replace) for ab in definition.abilities if ab.replace is not None)
        if any(ab.trigger for ab in definition.abilities):
            t.triggering = self.triggering + (c,)
            t.triggers = self.triggers + tuple((c, ab, frozenset(self.named[ab.zone]))
                                               for ab in definition.abilities if ab.trigger is not None)
            t._index_triggers()
        return t

    def _index_triggers(self) -> None:
        # The triggered abilities each kind of event may fire: an event looks at those only.
        on = {}
        for entry in self.triggers:
            on.setdefault(_EVENT_OF[entry[1].trigger.event], []).append(entry)
        self.triggers_on = {kind: tuple(entries) for kind, entries in on.items()}
        # For each kind, where its cards must be to fire and each card's entries (triggered.fire_triggers).
        self.trigger_places = {kind: _places(entries) for kind, entries in self.triggers_on.items()}
        # The marks some triggered ability watches for ("whenever this becomes blocking").
        self.watched_marks = frozenset(ab.trigger.zone for _, ab, _ in on.get("mark", ()))
        self.watches_damage = "damage" in on
        self.watches_ends = "end" in on
        self.watches_begins = "begin" in on      # else no turn, step or round tells that it begins
        # A step begins with nothing to tell, make again or reset (turns.TurnFrame.step): no
        # trigger on a beginning or an end, no static ability timed, no counter reset by phase or step.
        pack = self.pack
        self.plain_steps = not (self.watches_ends or self.watches_begins or (pack.statics_timed and self.layered)
                                or "phase" in pack.resets or "step" in pack.resets)

    def zone(self, name: str, seat: int | None) -> int:
        ids = self.named[name]          # one zone per seat, or the one shared zone
        return ids[seat or 0] if len(ids) > 1 else ids[0]

    def zones_named(self, name: str) -> tuple:
        return self.named[name]

    def _zones_named(self, name: str) -> tuple:
        z = self.pack.zone_by_name[name]
        base = self.zone_base[name]
        return tuple(range(base, base + len(self.players))) if z.per_player else (base,)


def _props(pack, card) -> dict:
    """A card's properties, those it does not give at their pack's defaults: read in one look-up."""
    own = {k: v for k, v in card.props.items() if v is not None}
    return {**pack.properties, **own}


def _entries(card, zone: str, name: str, c: int, t: Table) -> tuple:
    """What listing a player's moves tests of each ability card `c` may use from `zone`:
    (condition, its shared key, the cost tested first, what else must hold, the option it
    is), unpacked without attribute look-ups on the path of every listing; the option made once."""
    return tuple((ab.when_listed or ab.when, ab.when_shared, *_requires(ab, c, t), Option(f"{ab.name}: {name}", (c, ab)))
                 for ab in card.usable.get(zone, ()))


def _requires(ab, c: int, t: Table) -> tuple:
    """What must hold for card `c` to offer `ab` (Ability.requires): a cost the listing
    reads in place, or None, and the tests it calls in turn. The ability's first cost is
    read in place where its amount is the same at every listing: a number, or one printed
    on the card that no effect changes (the printed value, as the reading of a face-up card
    gives it in a pack without layers); then it is (what can pay's memo key, its count,
    the amount), and a cost of 0, which can always be paid, is no test at all."""
    tests = ab.requires
    threshold = getattr(ab.costs[0].can, "threshold", None) if ab.costs else None
    if threshold is None:
        return None, tests
    key, counting, need, nfn = threshold
    if need is None:
        prop = getattr(nfn, "card_prop", None)
        if prop is None or prop[0] != "this" or not getattr(nfn, "printed", False) or t.layered or prop[1] in t.changing:
            return None, tests
        need = t.props[c][prop[1]] or 0
    return ((key, counting, need) if need > 0 else None), tests[1:]


def _places(entries: tuple) -> tuple:
    """The zones where the cards of `entries` (card, ability, zones) must be to fire, and
    for each card the places of its entries among them."""
    where, mine = set(), {}
    for i, (c, _, zones) in enumerate(entries):
        where |= zones
        mine.setdefault(c, []).append(i)
    return tuple(sorted(where)), {c: tuple(found) for c, found in mine.items()}


def flags_of(pack) -> dict:
    """What a table takes from its pack once and for all, which a pack's texts loaded are
    settled with (fuse.settle)."""
    # Effects change who controls cards: a stale view is made again before a value is read
    # (making it hands back the cards whose control effects ended), as State.prop does.
    # Something of the pack changes cards in play (properties, counters, keywords, continuous
    # effects): a card that leaves play is read as it was there (engine/lastknown.py).
    remembering = "play" in pack.roles and bool(pack.layered or pack.changing or pack.card_counters or pack.keywords)
    return {"layered": pack.layered, "retyping": pack.retyping, "controlling": pack.layered and pack.controlling,
            "remembering": remembering}


class State:
    __slots__ = (
        "t", "zone_of", "zones", "owner", "controller", "tapped", "damage", "entered", "moves",
        "counters", "marks", "mods", "moddelta", "pvars", "turn", "active", "phase",
        "step", "window", "pending", "pile", "frames", "decision", "rng", "log", "out",
        "result", "dirty", "decisions_this_turn", "history", "face_down", "events", "first", "steps",
        "someone_out",  # whether `out` holds a True (State.put_out): read at every step of a frame
        "fired",     # triggered abilities fired since the game last waited for a player (set by frames.run)
        "table",     # values of the whole table by name (engine/tables.py); None for a pack without them
        "order",     # the turn order once a rule changes it (engine/turnorder.py), else None; a tuple
        "units",     # the rounds under way (engine/rounds.py): a tuple per level, or None without rounds
        "places",    # once the game is over, each seat's place (engine/results.py), else None
        "limit",     # the limit that ended the game, as the log says it (results.limit_reached), else None
        "finished",  # seats that finished, in the order they did, or None
        "lost",      # (seat, decisions made before it) of each player who lost, in order, or None
        "sitting",   # per seat, the level of round they sit out (-1: they do not), or None
        "known",     # cards revealed: card -> seats that know it (engine/knowledge.py), or None
        "entries",   # entries put on the pile so far: the number of the next (engine/pile.py)
        "batch",     # the number of the last batch of moves (engine/events.py)
        "grouped",   # True while a statement's moves share one batch
        "told",      # the log line of the last move of the open batch, which the next may join (wording.py), or None
        # Continuous effects in layers (engine/layers.py), for a layered pack only:
        "view",      # what the effects make of the cards, until the next change; None: not made
        "typebits",  # each card's type bits: the table's, or the view's when effects change card types
        "stamps",    # per card the timestamp of its arrival where it is; None for a pack without layers
        "stamp",     # the last timestamp given (to a card's arrival or a lasting effect)
        "ctl",       # card -> the controller it has without the control effects that apply now
        "keyed",     # counters kept for each card: (counter, seat, card) -> count, or None (engine/tables.py)
        "control_turn",  # card -> the turn its controller last changed while it stayed where it is
        "live",      # the tokens that have not ceased to exist (a tuple; tokens.cease), or None: not known yet
        "quiet",     # True: the game keeps no log (a simulation's, a search's imagined games)
        "downs",     # True once a card has been turned face down in this game (never cleared): until
                     # then, a scan for a type need not ask whether each card is face down
        "shown",     # cards revealed: card -> (the seats shown it, its move count then), named in those
                     # seats' options until it moves (knowledge.card_for); None until a reveal. A new
                     # dict at each reveal, shared by clones
        "lki",       # card -> (its move count as it left play, the game as it was then, its batch, the
                     # turn): what it was there (engine/lastknown.py); a new dict at each change, shared
                     # by clones; None in a pack where nothing changes cards in play (Table.remembering)
    )

    def __init__(self, table: Table, seed: int):
        n = len(table.cards)
        self.t = table
        self.zone_of = [-1] * n
        self.zones = [[] for _ in table.zone_meta]
        # A tuple, shared by clones until a card changes owner (primitives.take): most packs never do.
        self.owner = table.owner
        self.controller = list(table.owner)
        self.tapped = [False] * n
        self.damage = [0] * n
        self.entered = [0] * n
        self.control_turn = {}
        self.moves = [0] * n
        self.face_down = [False] * n
        self.downs = False
        self.live = None
        self.counters = {}            # (card, counter) -> count
        self.marks = {}               # (card, mark) -> value
        self.mods = []                # continuous effects: (kind, duration, card, a, b)
        self.moddelta = {}            # (card, property) -> total change
        self.pvars = [{} for _ in table.players]
        self.turn = 1
        self.active = 0
        self.first = 0                # the seat that took the first turn
        self.phase = ""
        self.step = ""
        self.window = ""
        self.pending = []             # damage dealt and not yet applied: (target, amount, source)
        self.pile = []                # effects waiting to resolve, last on top
        self.frames = []
        self.decision = None
        self.rng = rng.seed_state(seed)
        self.log = []
        self.quiet = False
        self.out = [False] * len(table.players)
        self.someone_out = False
        self.result = None
        self.dirty = False
        self.decisions_this_turn = 0
        self.fired = 0
        self.steps = 0                # rounds of loops, checks and triggers since the last decision (limits.STEPS)
        self.history = []             # answers given: (player, option index, label)
        self.events = []              # what happened that triggered abilities may fire on
        self.table = None
        self.order = None
        self.units = None
        self.places = None
        self.limit = None
        self.finished = None
        self.lost = None
        self.sitting = None
        self.known = None
        self.entries = 0
        self.batch = 0
        self.grouped = False
        self.told = None
        self.view = None
        self.typebits = table.typebits
        self.stamps = [0] * n if table.layered else None
        self.stamp = 0
        self.ctl = None if not table.layered else {}
        self.keyed = None
        self.lki = {} if table.remembering else None
        self.shown = None

    def clone(self, log: bool = True, play: bool = True) -> "State":
        """A copy that plays on apart. Without `log`, a quiet one (see say) that starts
        with no log: what a search imagines is never read, and copying a long log would
        cost more the longer the game. Without `play`, a copy only read (the game as it was,
        engine/lastknown.py): no frames, history nor events, which reading never looks at."""
        c = State.__new__(State)
        c.t = self.t
        c.zone_of = self.zone_of[:]
        c.zones = [z[:] for z in self.zones]
        c.owner = self.owner
        c.controller = self.controller[:]
        c.tapped = self.tapped[:]
        c.damage = self.damage[:]
        c.entered = self.entered[:]
        c.control_turn = self.control_turn.copy() if self.control_turn else {}
        c.moves = self.moves[:]
        c.face_down = self.face_down[:]
        c.downs = self.downs
        c.live = self.live
        c.counters = self.counters.copy()
        c.marks = self.marks.copy()
        c.mods = self.mods[:]
        c.moddelta = self.moddelta.copy()
        c.pvars = [d.copy() for d in self.pvars]
        c.turn = self.turn
        c.active = self.active
        c.first = self.first
        c.phase = self.phase
        c.step = self.step
        c.window = self.window
        c.pending = self.pending[:]
        c.pile = self.pile[:]
        envs = {}
        c.frames = [f.copy(envs) for f in self.frames] if play else []
        c.decision = self.decision
        c.rng = self.rng
        if log:
            c.log = self.log[:]
            c.quiet = self.quiet
        else:
            c.log = []
            c.quiet = True
        c.out = self.out[:]
        c.someone_out = self.someone_out
        c.result = self.result
        c.dirty = self.dirty
        c.decisions_this_turn = self.decisions_this_turn
        c.steps = self.steps
        c.history = self.history[:] if play else []
        c.events = self.events[:] if play else []
        c.table = self.table.copy() if self.table is not None else None
        c.order = self.order
        c.units = self.units
        c.places = self.places
        c.limit = self.limit
        c.finished = self.finished
        c.lost = self.lost
        c.sitting = self.sitting
        c.known = self.known.copy() if self.known is not None else None
        c.entries = self.entries
        c.batch = self.batch
        c.grouped = self.grouped
        c.told = None
        # A view is shared until one of the two changes: a change drops its own (layers.stale).
        c.view = self.view
        c.typebits = self.typebits
        c.stamps = self.stamps[:] if self.stamps is not None else None
        c.stamp = self.stamp
        c.ctl = self.ctl.copy() if self.ctl is not None else None      # an empty one too: it is filled in place
        c.keyed = self.keyed.copy() if self.keyed is not None else None
        c.lki = self.lki
        c.shown = self.shown
        return c

    def put_out(self, seat: int) -> None:
        """`seat` is out of the game (lost, finished)."""
        self.out[seat] = True
        self.someone_out = True

    # ------------------------------------------------------------- chance
    def randbelow(self, n: int) -> int:
        self.rng, r = rng.below(self.rng, n)
        return r

    def shuffle_list(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    # --------------------------------------------------------------- log
    def say(self, kind: str, text: str, seen_by=None, others: str | None = None, onlooker: bool = True) -> None:
        """Log an event. `seen_by` (a tuple of seats) limits who sees `text`; the
        other players read `others` instead. A line with `onlooker` false is one
        player's reading of a line an onlooker reads in another entry. A quiet game
        keeps no log: where a line costs much to write, its caller asks first."""
        if self.quiet:
            return
        if seen_by is None:
            self.log.append((self.turn, kind, text))
        elif onlooker:
            self.log.append((self.turn, kind, text, seen_by, others))
        else:
            self.log.append((self.turn, kind, text, seen_by, others, False))

    def say_each(self, kind: str, line_of) -> None:
        """Log a line each seat reads in its own words, `line_of(seat)`: the onlooker's,
        `line_of(None)`, to every seat that reads it so, then one entry for each other
        reading. A line every seat reads alike is one plain entry."""
        line = line_of(None)
        readings = {}
        for seat in range(len(self.out)):
            readings.setdefault(line_of(seat), []).append(seat)
        same = readings.pop(line, [])
        if not readings:
            self.say(kind, line)
            return
        self.say(kind, line, tuple(same), None)
        for text, seats in readings.items():
            self.say(kind, text, tuple(seats), None, onlooker=False)

    def card_name(self, c) -> str:
        if type(c) is int:
            return self.t.names[c]
        if isinstance(c, PlayerRef):
            return c.name
        if c is None:
            return "nothing"
        from .pile import label     # an effect on the pile: "Ping of Prodigal Pyromancer"
        return label(self, c)

    # ----------------------------------------------------------- reading
    def prop(self, c: int, name: str):
        pack = self.t.pack
        if self.face_down[c]:
            # A face-down card's properties are fixed: nothing modifies them.
            return pack.face_down_props.get(name, pack.properties.get(name, 0))
        if self.t.layered:
            # A value the view already holds is read here: most reads are of those.
            v = self.view
            if v is not None and v.done:
                value = v.props.get((c, name))
                if value is not None:
                    return value
            return layers.prop(self, c, name)
        derived = pack.derived.get(name) if pack.derived else None
        base = derived(self, c) if derived is not None else self.t.props[c].get(name, 0)
        if self.moddelta:
            delta = self.moddelta.get((c, name))
            if delta:
                base = base + delta
        return base

    def printed(self, c: int, name: str):
        """The value of a derived property computed from the printed properties of its card
        alone (Names.of_printed), read face up where nothing changes them (none is in
        Pack.changing) and no stale view is in the way: the same in every game of the
        table, kept there (Table.fixed) for the next reading."""
        value = self.t.fixed[c, name] = self.t.pack.derived[name](self, c)
        return value

    def zone_player(self, zone: int):
        return self.t.zone_meta[zone][1]

    def zone_def(self, zone: int):
        return self.t.zone_meta[zone][0]

    def in_game(self) -> list:
        return [p for p in range(len(self.out)) if not self.out[p]]

    def opponent_of(self, seat: int) -> int:
        """The next seat after `seat` still in the game of another team (with no team
        of several seats, the next seat still in the game); `seat` when there is none."""
        q = self.next_seat(seat)
        if not self.t.allied:
            return q
        teams = self.t.teams
        for _ in range(len(teams)):
            if q == seat or teams[q] != teams[seat]:
                return q
            q = self.next_seat(q)
        return seat

    def opponents_of(self, seat: int) -> tuple:
        """The seats still in the game of another team than `seat`'s."""
        out, teams = self.out, self.t.teams
        return tuple(p for p in range(len(out)) if not out[p] and teams[p] != teams[seat])

    def next_seat(self, seat: int, step: int = 1) -> int:
        """The next seat still in the game (step -1: the one before)."""
        out = self.out
        n = len(out)
        q = (seat + step) % n
        if not out[q]:          # the usual case: the next seat plays on
            return q
        for k in range(2, n + 1):
            q = (seat + step * k) % n
            if not self.out[q]:
                return q
        return seat
