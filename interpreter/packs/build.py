"""What the builders of a pack share while they build it (Build), and the helpers they
have in common: where a value is in its file, the names the compiler needs."""
from __future__ import annotations

from ..diagnostics import Report
from ..engine import limits
from ..engine.model import Pack, Source
from ..lang import listing
from ..lang.compiler import Compiler, Names, Snippet
from ..lang.vocabulary import atomic
from .declarations import declare
from .files import Reader
from .schemacheck import setup_problems
from .yamlpos import PosList


class Build:
    """What the builders of a pack's sections share: the report, the files, pack.yaml,
    the declared names, the compiler, and the fields of the Pack being made."""

    def __init__(self, report: Report, reader: Reader, loaded, checked: bool = True, pack_key: str = "pack.yaml"):
        """`checked`: pack.yaml fits the schema (else only its files can be looked at);
        `pack_key`: the key of pack.yaml among the pack's files."""
        self.report = report
        self.reader = reader
        self.folder = reader.folder
        self.pack_key = pack_key
        self.loaded = loaded
        self.d = loaded.data
        if checked:
            self.decls = declare(self.d, loaded.filename)
            self.names = names_of(self.d)
            self.comp = Compiler(self.names)
        self.fields: dict = {}          # the Pack's fields, by name
        self.abilities: list = []       # every ability compiled: of card types, families and cards
        self.known_costs: dict = {}     # (cost text, scope) -> its compiled costs
        self.restricted: tuple = ()     # the replacements of the event target
        self.card_files: dict = {}      # key -> Loaded: the card files read whole
        self.ending_cards: set = set()  # the cards of card files with an ability that ends a game
        self.card_options: dict = {}    # card of a card file -> the options its texts read

    # -------------------------------------------------------------- problems
    def here(self, container, key, message: str, hint: str | None = None, severity: str = "error") -> None:
        """A problem in pack.yaml, at the value of `container[key]`."""
        self.at(self.loaded, container, key, message, hint, severity)

    def at(self, loaded, container, key, message: str, hint: str | None = None, severity: str = "error") -> None:
        line, col = position(container, key)
        self.report.add(loaded.filename, line, col, message, severity, hint=hint)

    def at_key(self, loaded, container, key, message: str) -> None:
        """A problem with a key itself (a misspelt name), shown at the key."""
        line, col = getattr(container, "key_pos", {}).get(key) or position(container, key)
        self.report.add(loaded.filename, line, col, message)

    def flush(self) -> None:
        for p in self.comp.problems:
            self.report.add(p.file, p.line, p.col, p.message)
        self.comp.problems.clear()

    # ------------------------------------------------------------ DSL texts
    def snippet(self, loaded, container, key) -> Snippet:
        info = getattr(container, "scalar", {}).get(key)
        text = container[key]
        if info is None:
            line, col = position(container, key)
            return Snippet(loaded.filename, str(text), lambda l, c, L=line, C=col: (L + l - 1, C + c - 1 if l == 1 else c))
        return Snippet(loaded.filename, str(text), info.locate)

    def compile(self, loaded, container, key, start: str, scope):
        return self.comp.compile_text(self.snippet(loaded, container, key), start, scope)

    def script(self, container, key, scope, place: tuple):
        """A script of pack.yaml compiled, or None when there is none (or it has problems);
        where it is written is kept by its place (Pack.script_at)."""
        if container is None or key not in container:
            return None
        self.fields.setdefault("script_at", {})[place] = self.source(self.loaded, container, key)
        return self.compile(self.loaded, container, key, "script", scope)

    def parse(self, loaded, container, key, start: str):
        tree = self.comp.parse(self.snippet(loaded, container, key), start)
        self.flush()
        return tree

    def source(self, loaded, container, key) -> Source:
        return Source(loaded.filename, *position(container, key))

    # ----------------------------------------------------------------- the pack
    def pack(self, pack_key: str) -> Pack:
        """The Pack, with the indexes derived from its sections worked out here, once."""
        from .counters import resets
        f = dict(self.fields)
        every = self.abilities
        checks, checks_read = f["checks"], f.pop("checks_read")
        zone_by_name = {z.name: z for z in f["zones"]}
        return Pack(
            **f, zone_by_name=zone_by_name, write_listing=listing.write,
            roles={z.role: z.name for z in f["zones"] if z.role},
            # A shared zone (a battlefield) counts when some card there has an ability to use.
            ability_zones=tuple(sorted({ab.zone for ab in every if zone_by_name[ab.zone].per_player or (
                ab.trigger is None and ab.static is None)})),
            has_triggers=any(ab.trigger for ab in every),
            has_state_triggers=any(ab.trigger and ab.trigger.event == "state" for ab in every),
            checks_inline=checks is not None and atomic(checks),
            # State triggers are looked at with the checks; and what static abilities read, since
            # what they make of a card (its toughness, its controller) is what the checks may read.
            checks_read=checks_read | self.comp.state_reads | self.comp.static_reads,
            files=self.reader.files(pack_key), declarations=self.decls, setup_problems=setup_problems,
            one_of=self.names.one_of, resets=resets(self), words=self.words(), names=self.names,
            ranks=bool(f.get("ranking")) or f.get("at_limit") == "ranking" or f.get("losers") == "in_order" or
            self.comp.ranks,
            layered=self.comp.layered or bool(f.get("counted")), retyping=self.comp.retyping,
            controlling=self.comp.controlling, statics_timed=self.comp.statics_timed,
            statics_tapped=self.comp.statics_tapped,
            view_zones=view_zones(self.comp.static_reads, self.names.derived_reads),
            view_marks=view_zones(self.comp.static_reads, self.names.derived_reads, "mark:"),
            changing=changing(self.comp.changed_props | set(f.get("counted") or ()), self.names.of_printed),
            past_marks=frozenset(w[len("mark:"):] for w in self.comp.past_reads if w.startswith("mark:")),
        )

    def words(self) -> tuple:
        """The words and texts a value choice may offer, in the order declared: only for a
        pack that has value choices (observations of other packs stay as they are)."""
        if not self.comp.value_choices:
            return ()
        n = self.names
        return tuple(dict.fromkeys([*n.value_words, *n.property_words, *self.comp.listed_texts]))


def position(container, key) -> tuple[int, int]:
    for attr in ("value_pos", "key_pos"):
        table = getattr(container, attr, None)
        if table and key in table:
            return table[key]
    if isinstance(container, PosList):
        if isinstance(key, int) and key < len(container.item_pos):
            return container.item_pos[key]
    return getattr(container, "pos", (1, 1))


def view_zones(static_reads: set, derived_reads: dict, kind: str = "zone:") -> frozenset | None:
    """Pack.view_zones: the zones the static abilities read (their texts, and the zone each
    works from) or a derived property (whose values the view keeps); None where one of them
    reads what no change marks, or a derived property reads anything but the cards of zones
    (a card's control, damage or tapping, which a move changes). With `kind` "mark:",
    Pack.view_marks: the marks they read, alike."""
    read = set(static_reads)
    for what in derived_reads.values():
        if any(not w.startswith("zone:") for w in what):
            return None
        read |= what
    if "*" in read:
        return None
    return frozenset(w[len(kind):] for w in read if w.startswith(kind))


def changing(changed: set, of_printed: dict) -> frozenset:
    """The number properties an effect or a counter may change on a card (Pack.changing):
    those `changed`, and a derived property computed from one of them alone (Names.of_printed)."""
    return frozenset(changed | {name for name, read in of_printed.items() if read & changed})


def names_of(d: dict) -> Names:
    """What the compiler needs to know of the names pack.yaml declares; the builders add
    what they make (options, zones, currencies, definitions, property words)."""
    types_raw = d.get("card_types") or {}
    props_raw = d.get("properties") or {}
    phases = d["turn"]
    return Names(
        card_types=set(types_raw), type_order=list(types_raw),
        damageable=frozenset(n for n, r in types_raw.items() if r.get("damageable")),
        properties={n: property_default(r) for n, r in props_raw.items()},
        one_of={n: tuple(r["one_of"]) for n, r in props_raw.items() if "one_of" in r},
        rounds={r["round"]: level for level, r in enumerate(d.get("rounds") or [])},
        teams=any("team" in seat for seat in (d["players"].get("seats") or [])),
        players_damaged=isinstance(d.get("damage"), dict) and d["damage"].get("to_players") is not None,
        derived={n for n, r in props_raw.items() if "derived" in r},
        replaced={e for r in d.get("replacements") or [] for e in as_events(r["event"])},
        player_counters=set(d.get("player_counters") or {}), card_counters=set(d.get("card_counters") or {}),
        keywords=set(d.get("keywords") or {}), marks=set(d.get("marks") or {}),
        durations=set(d.get("durations") or {}), windows=set(d.get("windows") or {}),
        phases={p["phase"] for p in phases},
        steps={s["step"] for p in phases for s in p.get("steps", [])} | {p["phase"] for p in phases},
        pile_zone=(d.get("pile") or {}).get("zone"),
        damage_kinds=set((d.get("damage") or {}).get("kinds") or {}),
    )


def property_default(raw):
    if "words" in raw:
        return tuple(raw.get("default") or ())
    if "one_of" in raw:
        return raw.get("default")       # a word, or none
    return raw.get("default", 0)


def as_events(event) -> list:
    return list(event) if isinstance(event, list) else [event]


def never_ends(b: Build) -> None:
    """A warning for a pack in which no rule ends a game (a pack.yaml cut short, say):
    its games would all run to the engine's turn limit."""
    d = b.d
    if b.comp.ends or b.ending_cards or (d.get("end") or {}).get("turn_limit") is not None or not b.report.ok:
        return
    turns = (d.get("end") or {}).get("max_turns", limits.TURNS)
    key = "checks" if "checks" in d else "turn"
    line, col = getattr(d, "key_pos", {}).get(key) or position(d, key)
    b.report.add(b.loaded.filename, line, col,
                 "nothing in this pack ends a game: no rule says that a player wins or loses or that the game "
                 "is a draw, and `end` names no turn limit; every game would go on until the engine's limit "
                 f"of {limits.count(turns)} turns makes it a draw",
                 severity="warning")


def unread_options(b: Build, read: set | None = None) -> None:
    """A warning for each option that nothing reads (`read`: the options read, when not
    those the pack reads): whatever its value, every game would play the same."""
    if not b.report.ok:
        return      # a text that did not compile may read it
    read = options_read(b) if read is None else read
    for name, at in b.decls.of("option").items():
        if name not in read:
            b.report.add(at.file, at.line, at.col, f'option "{name}" is read by no rule', severity="warning",
                         hint=f"a text reads an option by its name, and so do the fields of pack.yaml that take one: "
                              f"end's turn_limit, a counter's or a table value's start, a zone's capacity, a seat's "
                              f"deck or team (by), another option's min or max; whatever the value of {name}, every "
                              f"game would play the same")


# The fields of pack.yaml that may hold an option's name: each a function of pack.yaml
# giving what they hold (a number there is no option).
OPTION_FIELDS = (
    lambda d: [(d.get("end") or {}).get("turn_limit")],
    lambda d: [c.get("start") for c in (d.get("player_counters") or {}).values() if isinstance(c, dict)],
    lambda d: [v.get("start") for v in (d.get("table") or {}).values() if isinstance(v, dict)],
    lambda d: [z.get("capacity") for z in (d.get("zones") or {}).values() if isinstance(z, dict)],
    lambda d: [v.get("by") for seat in (d.get("players") or {}).get("seats") or () for v in seat.values()
               if isinstance(v, dict)],
    lambda d: [o.get(bound) for o in (d.get("options") or {}).values() if isinstance(o, dict) for bound in ("min", "max")],
)


def options_read(b: Build) -> set:
    """The options the pack reads: by name in its texts (its definitions too, used or
    not), and in the fields of OPTION_FIELDS."""
    read = set(b.comp.options_read).union(*b.card_options.values())
    options = b.names.options
    for tree, _ in b.names.defines.values():
        read.update(t for t in tree.scan_values(lambda v: isinstance(v, str)) if t in options)
    for field in OPTION_FIELDS:
        read.update(name for name in field(b.d) if isinstance(name, str))
    return read
