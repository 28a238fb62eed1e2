"""What a loaded pack is: plain, immutable definitions shared by every game of it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from . import limits


def seats_for(seats: tuple, options: dict) -> tuple:
    """The seats as a game with these options has them: a seat's team or deck may depend
    on an option ({by: OPTION, VALUE: team or deck, ...}); a value the mapping does not
    list gives none."""
    out = []
    for seat in seats:
        if any(isinstance(v, dict) for v in seat.values()):
            seat = {k: (v.get(str(options.get(v["by"]))) if isinstance(v, dict) else v) for k, v in seat.items()}
        out.append(seat)
    return tuple(out)


@dataclass(frozen=True)
class Source:
    """Where a piece of pack text came from, so that errors at play time can name it."""
    file: str
    line: int
    col: int
    text: str = ""

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


@dataclass
class ZoneDef:
    name: str
    index: int
    per_player: bool
    visibility: str          # public | owner | hidden
    ordered: bool
    role: str | None
    refill_from: str | None = None
    refill_order: str = "shuffled"   # shuffled | reversed | kept
    description: str = ""
    deck: str | None = None          # a shared zone: the deck it starts the game with
    capacity: int | str | None = None    # the most cards it holds: a number or a number option
    refill_leave: int = 0            # a refill leaves this many cards on top of the zone it takes from
    taker: bool = False              # a shared zone with `owner: taker`: a card it gives a player's zone is theirs
    # `per: team`: one zone for each team, its first seat's (per_player too: every seat has
    # one, a partner's left empty, so that a zone is still found by name and seat).
    per_team: bool = False


@dataclass
class OptionDef:
    name: str
    default: Any
    kind: str                # number | flag | text
    description: str = ""
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple = ()


def options_out_of_bounds(options: dict, values: dict):
    """(name, why) of each number option outside its bounds, said for a designer. A
    bound may name another option (`max: dealt`), so the values are checked together;
    an option missing from `values` (its value was refused) is neither checked nor a bound."""
    for name, o in options.items():
        if o.kind != "number" or name not in values:
            continue
        value = values[name]
        for bound, word, outside in ((o.minimum, "at least", value.__lt__), (o.maximum, "at most", value.__gt__)):
            if bound is None:
                continue
            limit = values.get(bound) if isinstance(bound, str) else bound
            if isinstance(limit, (int, float)) and outside(limit):
                said = f"{bound} ({limit})" if isinstance(bound, str) else f"{limit}"
                yield name, f'option "{name}" must be {word} {said}, not {value}'
                break


@dataclass
class CounterDef:
    """A value each player has: a number (a count), or, as a table value may, a word of a
    property, a player or a card (`kind` and `of` as TableDef's)."""
    name: str
    start: Any = 0           # a number, an option's name, a word, or None
    reset: str | None = None  # "turn", "phase", "step" or a round: set back to start when one begins
    description: str = ""
    visibility: str = "public"  # public | owner | hidden
    log: bool = False        # each change is logged
    per: str | None = None   # "card": a count kept for each card, read as NAME of (PLAYER, CARD)
    shared: str | None = None  # "team": one count for each team, the same for its players
    kind: str = "number"     # number | word | player | card
    of: str | None = None    # the property whose words it holds


@dataclass(frozen=True)
class RoundDef:
    """One level of rounds: a hand, a trick."""
    name: str
    until: Any = None        # compiled condition (you: the leader); None: after a lap of turns
    begin: Any = None        # compiled script, or None
    end: Any = None
    source: Source | None = None


@dataclass(frozen=True)
class WindowRules:
    """What a window written as a mapping says beyond its description."""
    who: str = "all"         # all | active
    can_pass: bool = True
    actions: int | None = None   # it ends once this many abilities are used and the pile is empty


def holds(d) -> str:
    """What a table value or a player counter (TableDef, CounterDef) holds, as messages say it."""
    return {"number": "a number", "player": "a player", "card": "a card"}.get(d.kind) or f'a word of "{d.of}"'


@dataclass
class TableDef:
    """A value of the whole table: a number, a word of a property, a player or a card."""
    name: str
    kind: str                # number | word | player | card
    start: Any = 0           # a number, an option's name, a word, or None
    of: str | None = None    # the property whose words it holds
    visibility: str = "public"  # public | hidden
    log: bool = False
    reset: str | None = None
    description: str = ""


@dataclass
class Currency:
    name: str
    pay: str                 # tap | discard | sacrifice | counter
    using: Any               # compiled selector: the cards that can pay (None for a counter)
    worth: Any = None        # compiled value per card (None: 1 each)
    description: str = ""
    kinds: dict = field(default_factory=dict)  # kind -> the player counter holding it in the pool (or None)
    makes: Any = None        # compiled value: the kinds a paying card makes (None: every kind)
    counter: str | None = None   # a player counter paid down instead of cards (mana crystals)
    one: str = ""            # its name for an amount of 1 ("level"); its name as declared when not given
    many: str = ""           # its name for other amounts ("levels"); likewise

    def __post_init__(self):
        self.one = self.one or self.name
        self.many = self.many or self.name


@dataclass(eq=False)
class Ability:
    name: str
    owner_name: str          # the card or card type that has it
    zone: str                # the zone the card must be in to use it
    when: Callable | None
    costs: tuple             # compiled Cost objects
    targets: tuple           # (name, selector fn, description, "public" where it picks cards of public zones alone)
    effect: Any              # compiled block
    pile: bool
    source: Source | None = None
    text: str = ""
    pay_ops: tuple = ()
    trigger: Any = None      # a Trigger: the ability fires on its event instead of being used
    when_shared: str | None = None  # its condition does not read "this": a key for its value, the same for every card
    when_listed: Callable | None = None  # its condition as the listing reads it, "this" a face-up card (fuse.known_this)
    static: Any = None       # a static ability: the selector of what it affects (its effect applies while its card is in its zone)
    layers: dict = field(default_factory=dict)  # a static ability's effect: layer -> its Continuous statements
    replace: Any = None      # a replacement of the card (engine/replacements.py): it replaces events instead of being used
    prompt: str = ""         # what the player choosing its targets is asked, as the pack words it
    check: Callable | None = None   # its `if`: checked again as it resolves (and as a trigger fires); false: it does nothing
    check_text: str = ""
    declare: tuple = ()      # compiled script: the choices made as it is used (modes, X), before its targets
    declare_at: Source | None = None  # where the declare is written, for a choice that leaves a cost unpayable
    card_on_pile: bool = False  # its card waits in the pile's zone with it, from any zone (from a hand it always does)
    at: Source | None = None    # where it is written (its name), for what reads a pack back (packs/coverage.py)

    def __post_init__(self):
        # What must hold for the ability to be offered, besides its condition: each
        # cost payable, each target there. Listed once, tried in turn for every card.
        self.requires = tuple(c.can for c in self.costs) + tuple(_exists(sel) for _, sel, _, _ in self.targets)


def _exists(sel):
    """Whether a selector picks anything: selectors that can tell without listing do."""
    exists = getattr(sel, "exists", None)
    return exists if exists is not None else (lambda s, env: bool(sel(s, env)))


@dataclass(eq=False)
class CardDef:
    name: str
    types: frozenset
    props: dict
    keywords: frozenset = frozenset()
    abilities: tuple = ()
    family: str | None = None
    text: str = ""
    source: Source | None = None
    token: bool = False      # made by an effect ("create a ... token"), never dealt

    def __post_init__(self):
        # The abilities a player may use, by the zone the card must be in.
        usable = {}
        for ab in self.abilities:
            if ab.trigger is None and ab.static is None and ab.replace is None:
                usable.setdefault(ab.zone, []).append(ab)
        self.usable = {z: tuple(v) for z, v in usable.items()}
        self.statics = tuple(ab for ab in self.abilities if ab.static is not None)


@dataclass
class Step:
    name: str
    script: Any              # compiled block, or None
    source: Source | None = None


@dataclass
class Phase:
    name: str
    steps: tuple             # of Step; a phase without steps has one step named like it


@dataclass(frozen=True, eq=False)
class Pack:
    """A loaded pack: everything is set when it is made (packs/loader.py), nothing after."""
    id: str
    name: str
    version: str
    description: str
    path: str
    min_players: int
    max_players: int
    seats: tuple             # per seat: dict with "team" and "deck"
    first_player: Any        # "random" or a seat number
    options: dict            # name -> OptionDef
    zones: tuple             # of ZoneDef
    zone_by_name: dict
    card_types: dict         # name -> description
    damageable: frozenset    # card types that can be dealt damage
    properties: dict         # name -> default
    player_counters: dict    # name -> CounterDef
    card_counters: dict      # name -> description
    keywords: dict
    marks: dict
    durations: tuple
    currencies: dict
    cards: dict              # name -> CardDef
    decks: dict              # deck name -> tuple of card names
    type_abilities: dict     # card type -> tuple of Ability
    setup: Any
    phases: tuple
    checks: Any
    pile_zone: str | None
    pile_resolve: str        # "all" | "top"
    pile_after_each: Any
    pile_after_all: Any
    priority_after_pile: str  # "next" | "same"
    damage_deferred: bool
    life_counter: str | None
    damage_dealt: Any                # the script damage.dealt, run as damage is dealt (or None)
    damage_dealt_at: Any             # where it is written (a Source), or None
    turn_limit_option: str | None
    auto_single: bool = True
    checks_inline: bool = False  # the checks never wait for a player: they run without a frame
    checks_read: frozenset = frozenset({"*"})  # what the checks look at (Compiler.note): what makes them run again
    checks_source: Any = None                  # where the checks are written (a Source), for a rule of theirs that breaks
    defines: dict = field(default_factory=dict)
    roles: dict = field(default_factory=dict)   # zone role -> zone name
    ability_zones: tuple = ()                   # zones whose cards have abilities to offer
    has_triggers: bool = False
    face_down_props: dict = field(default_factory=dict)
    deck_at: dict = field(default_factory=dict)  # seat -> Source of the deck it names in pack.yaml
    write_listing: Any = None   # writes a table's listing of moves out (lang/listing.py), or None: playable's
    windows: dict = field(default_factory=dict)
    evaluation: tuple = ()                      # (feature name, weight, compiled value) for agents
    sources: dict = field(default_factory=dict)  # imports by name: cards deck lists may name
    card_maker: Any = None                      # makes a card of the pack from an imported record
    checks_at: str = "priority"                 # or "every_change": checks also run after each statement
    derived: dict = field(default_factory=dict)  # property -> f(state, card): a property computed from others
    replacements: tuple = ()                     # of Replacement: what happens instead of damage, discards...
    has_state_triggers: bool = False             # some ability fires "as soon as" a condition holds
    max_turns: int = limits.TURNS                # past it the game is a draw (end: max_turns)
    max_decisions: int = limits.DECISIONS        # decisions in one turn, past which the game is a draw
    files: Any = None                            # packs.files.PackFiles: every text it was built from, and their hash
    declarations: Any = None                     # packs.declarations.Declarations: every name it declares, and where
    setup_problems: Any = None                   # packs.schemacheck.setup_problems: what is wrong with a setup given as data
    pile_recheck: bool = False                   # a target must still be one its selector would pick as the effect resolves
    pile_sources: str = "free"                   # "stay": an effect whose card has moved since it went on the pile does nothing
    player_abilities: tuple = ()                 # abilities every player has, not on a card (a hero power)
    tokens: dict = field(default_factory=dict)   # name -> CardDef of each token the card files declare
    token_zones: frozenset = frozenset()         # the zones tokens exist in (elsewhere they cease to exist)
    pile_triggers: str = "fired"                 # "apnap": triggered abilities go on the pile by controller, the active player's first
    table: dict = field(default_factory=dict)    # name -> TableDef: values of the whole table
    one_of: dict = field(default_factory=dict)   # property -> its words in order, for properties of one word
    resets: frozenset = frozenset()              # the units ("step", "phase", a round) some counter is reset by
    words: tuple = ()                            # with value choices: every word and listed text, numbered for agents
    window_rules: dict = field(default_factory=dict)  # window -> WindowRules, for windows written as mappings
    window_prompts: dict = field(default_factory=dict)  # window -> what a player in it is asked (engine/wording.py)
    phase_prompts: dict = field(default_factory=dict)   # (phase, step) -> likewise, in any window of that step
    rounds: tuple = ()                           # of RoundDef, the outermost first; () plays turn after turn
    limit_of: str = "turn"                       # what the turn limit counts: turns, or a round's units
    kept_marks: frozenset = frozenset()          # marks a card keeps when it moves
    team_turns: bool = False                     # a team's players take their turns together (players: turns: team)
    deck_rules: dict = field(default_factory=dict)   # name -> packs.deckrules.DeckRule (deck_rules:)
    deck_rule_of: dict = field(default_factory=dict)  # deck name -> the name of the rules it keeps
    replacement_order: str = "listed"            # several replacements of one event: "listed" or "chosen" (616.1)
    layered: bool = False                        # continuous effects apply in layers (engine/layers.py)
    retyping: bool = False                       # some effect changes card types
    controlling: bool = False                    # some continuous effect changes who controls a card
    statics_timed: bool = False                  # a static ability reads the phase, step, window or pile
    statics_tapped: bool = True                  # a static ability or a derived property reads whether a card is tapped
    changing: frozenset = frozenset()            # number properties an effect or a counter may change on a card
    past_marks: frozenset = frozenset()          # the marks an ability reads of a card as it was before it left play
    # The zones whose cards the layers' view looks at (what static abilities read, and the zones
    # they work from), or None: a derived property reads more than zones, or what no change marks
    view_zones: frozenset | None = None
    view_marks: frozenset | None = None          # likewise the marks it reads (a keyword given by a mark aside)
    counted: dict = field(default_factory=dict)  # property -> ((card counter, what each adds), ...)
    ranking: tuple = ()                          # (compiled value about "it", "highest" | "lowest") per key
    ranking_said: tuple = ()                     # each key of the ranking as the pack writes it ("chips")
    at_limit: str = "draw"                       # what a turn or round limit does: draw | ranking
    losers: str = "shared"                       # where the players who lost are placed: shared | in_order
    ranks: bool = False                          # results are rankings: the pack ranks, finishes or ends games
    rulesets: dict = field(default_factory=dict)  # name -> packs.rulesets.Ruleset: named versions of the game
    # Where each script of pack.yaml is written, by its place: ("setup",), ("checks",), ("step", phase,
    # step), ("round", name, "begin" or "end"), ("pile", "after_each" or "after_all"), ("damage", "dealt").
    script_at: dict = field(default_factory=dict)
    # What a pack's scenarios use of it is noted here while they run (packs/coverage.py), else None.
    coverage: Any = None
    # What the pack declares, as its texts were compiled with (lang.compiler.Names): a text given
    # once the pack is built, a scenario's `until: {condition: ...}`, is compiled with it.
    names: Any = None

    @property
    def sha256(self) -> str | None:
        """The hash of the pack's texts: the same texts, the same pack."""
        return self.files.sha256 if self.files is not None else None
