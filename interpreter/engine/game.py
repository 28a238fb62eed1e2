"""Playing a pack: a `Game` (pack + options) makes `GameState`s with the API that
game-AI tools use (current_player, legal_actions, apply_action, clone, ...).
"""
from __future__ import annotations

from ..suggest import did_you_mean
from . import limits, positions, primitives, results, rng
from .decisions import Decision, IllegalAction
from .evaluation import evaluate
from .labels import named, told_apart
from .model import Pack, options_out_of_bounds, seats_for
from .observe import describe, determinize, observe
from .positions import seat_name, setup_of, unsaid
from .running import run
from .script import ScriptFrame
from .state import RuleError, State
from .rounds import MatchFrame, RoundEnded, RoundFrame, asking_round, watch_end, watch_scoring
from .turns import TurnFrame
from .view import CardView, StateView

TERMINAL = -4


class OptionError(ValueError):
    """An option a pack does not have, or a value it does not accept; also a number of
    players, a deck, a seed or a first player that a game cannot be made with."""

    def __init__(self, message: str):
        from ..diagnostics import shown
        # Shortened as every message of cardtable is: a value of 5,000 digits is not quoted whole.
        super().__init__(shown(message))


class NotInGame(LookupError):
    """A seat or a card the game does not have (`observation(5)` in a game of two)."""


class Game:
    """A pack with its options settled: the static part every state shares."""

    def __init__(self, pack: Pack, options: dict | None = None, num_players: int | None = None,
                 decks: dict | None = None, debug: bool = False, deals: bool = True):
        """`deals`: False for a game that may not deal its decks (it starts from positions,
        or is asked only where decks go): a deck the pack leaves to the players is then
        asked for only when new_initial_state deals it."""
        if not isinstance(pack, Pack):
            raise OptionError(f"a game is made of a pack that load_pack loaded, not {pack!r}"[:200])
        self.pack = pack
        self.debug = debug          # check the invariants after every decision
        if options is not None and not isinstance(options, dict):
            raise OptionError(f"the options are a mapping of names to values, not {_said(options)}")
        self.options = settle_options(pack, options or {})
        self.num_players = n = players_of(pack, num_players)
        self._dealt = None          # (the cards blank_state deals, their Table), made once
        if decks is not None and not isinstance(decks, dict):
            raise OptionError(f"the decks are a mapping of seats or shared zones to lists of card names, not {_said(decks)}")
        self.decks = decks or {}
        for place, names in self.decks.items():
            z = pack.zone_by_name.get(place) if isinstance(place, str) else None
            if not (type(place) is int and 0 <= place < n) and (z is None or z.per_player):
                raise OptionError(f"a deck goes to a seat (0 to {n - 1}) or a shared zone, not {place!r}")
            _check_deck(pack, place, names)
        self._decks_checked = deals
        if deals:
            self._check_decks()

    def _check_decks(self) -> None:
        """OptionError for decks that cannot be dealt: one the pack leaves to the players
        and that was not given, or more cards than a game holds."""
        n = self.num_players
        cards = sum(len(self.deck_for(place)) for place in self._places())
        if cards > limits.CARDS:
            raise OptionError(f"a game of {n} players would have {limits.count(cards)} cards: "
                              f"a game has at most {limits.count(limits.CARDS)}")
        self._decks_checked = True

    def _places(self) -> list:
        """The seats and the shared zones, each of which may be dealt a deck."""
        return [*range(self.num_players), *(z.name for z in self.pack.zones if not z.per_player)]

    def missing_decks(self) -> list[str]:
        """Each deck this game would deal that the pack leaves to the players (a seat names
        a deck the pack does not declare) and that was not given, said for a designer:
        'Ann and Ben play the deck "main", which My pack does not declare (decks)'."""
        missing: dict[str, list] = {}
        for place in self._places():
            name = None if place in self.decks else self._declared(place)
            if name is not None and name not in self.pack.decks:
                missing.setdefault(name, []).append(place)
        return [self._undeclared(places, name) for name, places in missing.items()]

    def new_initial_state(self, seed: int = 0, first_player: int | None = None, log: bool = True,
                          knowing: bool | None = None) -> "GameState":
        """The game as it begins. Without `log` it keeps no log (GameState.log is empty):
        the same game, played faster where nobody reads what happened (a simulation).
        `knowing` (by default, with the log): the game keeps what each seat saw of the cards
        it no longer sees (a card picked up from play into a hand), which observations and
        the players who search read; a game without it keeps none, nor what is revealed."""
        seed = game_seed(seed)
        if not self._decks_checked:
            self._check_decks()
        if first_player is not None:
            first_player = self.seat(first_player, "first_player")
        s = self.blank_state(seed)
        s.quiet = not log
        if log if knowing is None else knowing:
            s.known = {}
        pack = self.pack
        if first_player is None:
            first_player = pack.first_player if isinstance(pack.first_player, int) else s.randbelow(self.num_players)
        s.active = s.first = first_player
        s.say("start", f"{pack.name} begins with {', '.join(p.name for p in s.t.players)}; {s.t.players[first_player].name} starts")
        s.frames.append(MatchFrame() if pack.rounds else TurnFrame())
        if pack.setup:
            s.frames.append(ScriptFrame(pack.setup, {"you": s.t.players[first_player]}))
        state = GameState(self, s)
        state.advance()
        return state

    def blank_state(self, seed: int) -> State:
        """Cards dealt into their decks, no script run yet."""
        pack = self.pack
        placed = []
        deck_zone = pack.roles.get("deck")
        for seat in range(self.num_players):
            placed.extend((pack.cards[name], seat, deck_zone, seat) for name in self.deck_for(seat))
        # A shared zone that declares a deck starts with it; its cards belong to the first seat.
        for z in pack.zones:
            if not z.per_player:
                placed.extend((pack.cards[name], 0, z.name, None) for name in self.deck_for(z.name))
        # The table (cards, names, abilities, what each zone offers) is the same for every
        # game dealt the same cards: built once, shared by the games as their clones share it.
        placed = tuple(placed)
        made = self._dealt
        if made is None or made[0] != placed:
            made = self._dealt = (placed, positions.placed_table(self, self.players(), placed))
        return positions.placed_state(self, made[1].players, placed, seed, made[1])

    def seat(self, seat, what: str = "seat") -> int:
        """`seat` as a seat number of this game (an int, or any whole-number type such as
        NumPy's); NotInGame for a seat the game does not have (OptionError for the
        first_player of a new game)."""
        n, said = whole_within(seat, 0, self.num_players - 1)
        if n is None:
            seats = f"0 to {self.num_players - 1} in a game of {self.num_players} players"
            if what == "first_player":
                raise OptionError(f"first_player is a seat, {seats}, not {said}")
            raise NotInGame(f"there is no seat {said}: the seats are {seats}")
        return n

    def players(self) -> tuple:
        return positions.seated(self.pack, self.num_players)

    def position(self, setup: dict, seed: int = 0, fail=positions.refuse, card_def=None) -> "GameState":
        """The game from the position a scenario's `setup` describes (see engine/positions.py),
        played on to its first decision. A setup that does not fit raises SetupError (or
        whatever `fail(container, key, message)` raises): one not shaped as the scenario
        schema says, with every problem found."""
        shape = positions.nested_past(setup)
        if shape == "deep":
            fail(setup, None, f"the setup is nested too deeply: more than {limits.NESTING} levels of lists and "
                              f"mappings inside each other")
        if shape == "large":
            fail(setup, None, f"the setup is too large: more than {limits.count(limits.SETUP_VALUES)} lists, "
                              f"mappings and values, one held in several places counted in each")
        problems = self.pack.setup_problems(setup) if self.pack.setup_problems is not None else None
        if problems:
            fail(setup, None, f"the setup does not fit the scenario schema: {'; '.join(problems)}")
        state = GameState(self, positions.from_setup(self, self.players(), setup, game_seed(seed), fail, card_def))
        if state.s.known is None:
            state.s.known = {}          # a position keeps its log: what its seats see is kept too
        state.advance()
        return state

    def deck_places(self) -> list:
        """What takes a deck in this game: seat numbers, then the names of shared
        zones that declare one. Keys of `decks` replace those decks."""
        places = [seat for seat in range(self.num_players) if self._declared(seat) is not None]
        return places + [z.name for z in self.pack.zones if z.deck]

    def deck_for(self, place) -> tuple:
        """The card names dealt to a seat (a number) or into a shared zone (its name)."""
        if place in self.decks:
            return tuple(self.decks[place])
        name = self._declared(place)
        if name is None:
            return ()
        if name not in self.pack.decks:     # a pack whose seats name decks it leaves to the players
            at = self.pack.deck_at.get(place)
            raise OptionError(f'{f"{at}: error: " if at else ""}{self._undeclared([place], name)}: give one with --deck')
        return self.pack.decks[name]

    def _undeclared(self, places: list, name: str) -> str:
        seats = self.pack.seats
        said = [place if isinstance(place, str) else
                (seats[place].get("name") if place < len(seats) else None) or f"seat {place}" for place in places]
        who = f'{", ".join(said[:-1])} and {said[-1]} play' if len(said) > 1 else f"{said[0]} plays"
        return f'{who} the deck "{name}", which {self.pack.name} does not declare (decks)'

    def _declared(self, place):
        if isinstance(place, str):
            z = self.pack.zone_by_name.get(place)
            return z.deck if z is not None else None
        seats = seats_for(self.pack.seats, self.options)
        return seats[place].get("deck") if place < len(seats) else None


def players_of(pack: Pack, num_players) -> int:
    """The number of players of a game: `num_players`, or the pack's least when None;
    OptionError for a number the pack is not played by."""
    n = pack.min_players if num_players is None else whole_number(num_players)
    if n is None or not pack.min_players <= n <= pack.max_players:
        n = _said(num_players) if n is None else limits.said(n)
        count = pack.min_players if pack.min_players == pack.max_players else f"{pack.min_players} to {pack.max_players}"
        raise OptionError(f"{pack.name} is played by {count} players, not {n}")
    return n


def whole_number(value) -> int | None:
    """`value` as an int when it is a whole-number type (an int, or NumPy's and other array
    libraries' integers); None for anything else, true and false and fractions too."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        return None
    try:
        value = value.__index__()
    except TypeError:       # NumPy's booleans
        return None
    return value if type(value) is int else None


def whole_within(value, least: int, most: int) -> tuple[int | None, str]:
    """`value` as a whole number from `least` to `most` (see whole_number); else None, and
    how a message quotes what was given (a number too long to print by its size)."""
    n = whole_number(value)
    if n is not None and least <= n <= most:
        return n, ""
    return None, repr(value) if n is None else limits.said(n)


def game_seed(seed) -> int:
    """A game's seed: a whole number of any size, negative too (seeds that differ by a
    multiple of 2**64 start the same generator); OptionError for anything else."""
    n = whole_number(seed)
    if n is None:
        raise OptionError(f"a seed is a whole number, not {_said(seed)}")
    return n


def _check_deck(pack: Pack, place, names) -> None:
    """A deck given to Game: a list of the names of the pack's cards."""
    where = f"the deck of seat {place}" if isinstance(place, int) else f'the deck of "{place}"'
    if isinstance(names, (str, bytes, dict)) or not hasattr(names, "__iter__"):
        raise OptionError(f"{where} is a list of card names, not {_said(names)}")
    for name in names:
        if not isinstance(name, str) or name not in pack.cards:
            if isinstance(name, str) and name in pack.tokens:
                raise OptionError(f'{where} holds "{name}", a token: effects create it, a deck cannot hold it')
            near = did_you_mean(name, pack.cards) if isinstance(name, str) else ""
            raise OptionError(f"{where} holds {_said(name)}, which is not a card of {pack.name}{near}")


def settle_options(pack: Pack, given: dict) -> dict:
    """The options of a game: the pack's defaults, with the values `given` read over
    them; OptionError for the first problem (option_problems says every one)."""
    out, problems = _settled(pack, given)
    if problems:
        raise OptionError(problems[0][1])
    return out


def option_problems(pack: Pack, given: dict) -> list[tuple[str, str]]:
    """(the option's name, what is wrong) of each option `given` that a game would
    refuse: a name the pack does not declare, a value it does not take, a number out
    of its bounds."""
    return _settled(pack, given)[1]


def _settled(pack: Pack, given: dict) -> tuple[dict, list]:
    out = {name: o.default for name, o in pack.options.items()}
    problems = []
    for name, value in given.items():
        try:
            out[name] = _option_value(pack, name, value)
        except OptionError as e:
            problems.append((name, str(e)))
    refused = {name for name, _ in problems}
    problems += options_out_of_bounds(pack.options, {n: v for n, v in out.items() if n not in refused})
    return out, problems


def _option_value(pack: Pack, name, value):
    """An option's value as the game reads it: a flag given as text is true or false, a
    number given as digits is a number."""
    if name not in pack.options:
        raise OptionError(f'{pack.name} has no option "{name}"{pack.declarations.near("option", name)}')
    o = pack.options[name]
    if o.kind == "number":
        # What the message quotes: an int too long to print is only said to be large.
        given = value if not isinstance(value, int) or abs(value) < limits.NUMBER ** 2 else "a larger number"
        value = _whole(name, value)
        if value is None or not -limits.NUMBER <= value <= limits.NUMBER:
            raise OptionError(f'option "{name}" takes a whole number from -{limits.SAID_NUMBER} to '
                              f'{limits.SAID_NUMBER}, not "{given}"')
    elif o.kind == "flag":
        if isinstance(value, str):
            if value.lower() not in ("true", "false", "yes", "no", "1", "0"):
                raise OptionError(f'option "{name}" is true or false, not "{value}"')
            value = value.lower() in ("true", "yes", "1")
        elif not isinstance(value, bool):
            raise OptionError(f'option "{name}" is true or false, not {_said(value)}')
    elif o.choices and value not in o.choices:
        raise OptionError(f'option "{name}" must be one of: {", ".join(o.choices)}')
    return value


def _whole(name: str, value):
    """An option's number: an int, or digits as the command line gives it. A fraction or
    true/false (from a scenario or a record) is refused, not cut to a whole number; None
    for thousands of digits, which Python would refuse to read."""
    if isinstance(value, str):
        try:
            return int(value) if len(value.strip()) <= limits.DIGITS else None
        except ValueError:
            pass
    elif isinstance(value, int) and not isinstance(value, bool):
        return value
    elif isinstance(value, float) and value.is_integer() and abs(value) <= limits.NUMBER:
        return int(value)
    raise OptionError(f'option "{name}" takes a whole number, not {_said(value)}')


def _said(value) -> str:
    """A value given for an option, as a designer wrote it (YAML or JSON)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return limits.said(value)
    if isinstance(value, float):
        return repr(value)
    if value is None:
        return "nothing"
    if isinstance(value, (list, dict)):
        return "a list" if isinstance(value, list) else "a mapping"
    return f'"{value}"'


def _over(s: State, short: bool = False) -> IllegalAction:
    """The answer to a call that needs a decision open when none is."""
    if s.result is None:
        return IllegalAction("no decision is open")
    return IllegalAction("the game is over" if short else "the game is over: no decision is open")


def _offered(s: State, d: Decision, action) -> int:
    """`action` as the number of one of the options of `d` (an int, or any whole-number
    type such as NumPy's); IllegalAction for anything else."""
    n, said = whole_within(action, 0, len(d.options) - 1)
    if n is None:
        raise IllegalAction(f"{said} is not one of the {len(d.options)} options offered to "
                            f"{s.t.players[d.player].name}")
    return n


class GameState:
    """One position of a game, and the moves from it."""
    __slots__ = ("game", "s")

    def __init__(self, game: Game, s: State):
        self.game = game
        self.s = s

    # --------------------------------------------------------- OpenSpiel API
    def current_player(self) -> int:
        if self.s.result is not None:
            return TERMINAL
        return self.s.decision.player

    def is_terminal(self) -> bool:
        return self.s.result is not None

    def returns(self) -> list[float]:
        if self.s.result is None:
            return [0.0] * self.game.num_players
        return list(self.s.result)

    def places(self) -> list[int] | None:
        """Each seat's place once the game is over (1 the best; equal places shared), else None."""
        return list(self.s.places) if self.s.places is not None else None

    def ranked_by(self) -> list | None:
        """Each seat's value of the ranking's first key now (chips, a score), or None
        where the pack ranks by nothing."""
        return results.ranked_by(self.s)

    @property
    def limit(self) -> str | None:
        """The limit that ended the game, as the log says it ("the limit of 1,000 turns is
        reached (end: max_turns)"), or None: the rules ended it, or it goes on."""
        return self.s.limit

    def legal_actions(self) -> list[int]:
        d = self.s.decision
        if d is None:
            return []
        return list(range(len(d.options)))

    def action_to_string(self, action: int) -> str:
        d = self.s.decision
        if d is None:
            raise _over(self.s)
        if type(action) is not int or not 0 <= action < len(d.options):
            action = _offered(self.s, d, action)
        return d.options[action].label

    def option_card(self, action: int) -> int | None:
        """The card whose ability option `action` uses (a card played), or None."""
        d = self.s.decision
        if d is None or d.kind != "priority":
            return None
        if type(action) is not int or not 0 <= action < len(d.options):
            action = _offered(self.s, d, action)
        value = d.options[action].value
        return value[0] if value is not None else None

    def option_played(self, action: int) -> str | None:
        """What option `action` plays, as the statistics count it: the name of the card
        whose ability it uses (a token's own name, without its number), or the name of an
        ability every player has (a hero power); None for any other option."""
        d = self.s.decision
        if d is None or d.kind != "priority":
            return None
        if type(action) is not int or not 0 <= action < len(d.options):
            action = _offered(self.s, d, action)
        if d.options[action].value is None:
            return None
        card, ability = d.options[action].value
        return self.s.t.cards[card].name if card is not None else ability.name

    def legal_labels(self) -> list[str]:
        d = self.s.decision
        return [o.label for o in d.options] if d else []

    def shown_labels(self) -> list[str]:
        """The labels as a person reads them: options that read the same are told apart
        ("Attack: Bear (tapped)"). `apply_label` takes either form."""
        d = self.s.decision
        return told_apart(self.s, d) if d else []

    def named(self, name: str) -> list[int]:
        """The options a script's `name` names, the likeliest first (see engine/labels.py)."""
        d = self.s.decision
        return named(self.s, d, name) if d else []

    def prompt(self) -> str:
        d = self.s.decision
        return d.prompt if d else ""

    def apply_action(self, action: int) -> None:
        s = self.s
        d = s.decision
        if d is None:
            raise _over(s)
        options = d.options
        if type(action) is not int or action < 0 or action >= len(options):
            action = _offered(s, d, action)   # the integers of array libraries, as agents often give them
        option = options[action]
        s.decision = None
        s.history.append((d.player, action, option.label))
        s.decisions_this_turn += 1
        s.steps = 0
        d.resume(s, option.value)
        run(s)          # advance(), without its call: once a decision
        if self.game.debug:
            self._invariants()

    def play_out(self, pick) -> int:
        """Answer each decision with the option `pick(number of options)` gives, until the
        game is over (random self-play: `pick` a generator's randrange); the decisions made."""
        s = self.s
        apply = self.apply_action
        n = 0
        try:
            while s.result is None:
                apply(pick(len(s.decision.options)))
                n += 1
        except TypeError:
            if not callable(pick):      # looked at only here: the loop is the game's own
                raise OptionError(f"play_out answers each decision with pick(number of options), a function "
                                  f"(random.Random(seed).randrange, say), not {_said(pick)}") from None
            raise
        return n

    def apply_label(self, label: str, player: int | None = None) -> None:
        """Answer with the text of an option (as a test script or a replay does)."""
        d = self.s.decision
        if d is None:
            raise _over(self.s, short=True)
        if player is not None and self.game.seat(player) != d.player:
            raise IllegalAction(f"it is {self.s.t.players[d.player].name}'s decision, not {self.s.t.players[player].name}'s")
        found = named(self.s, d, label) if isinstance(label, str) else None
        if not found:
            said = f'"{label}" is not an option' if isinstance(label, str) else f"{label!r} is not a label"
            raise IllegalAction(f'{said}; the options are: {"; ".join(self.shown_labels())}')
        self.apply_action(found[0])

    def skip_decision(self) -> None:
        """The game goes on without an answer to the decision open: for a pause that no
        player makes (a scenario's stop), which leaves nothing in the history."""
        self.s.decision = None
        self.advance()

    def advance(self) -> None:
        # apply_action does this in place, a call fewer a decision: kept in step with it.
        run(self.s)
        if self.game.debug:
            self._invariants()

    def _invariants(self) -> None:
        """The engine's invariants hold (Game(debug=True) checks them each time the game
        has run on to a decision or its end)."""
        from .invariants import check
        try:
            check(self.s)
        except RuleError as e:
            e.turn = self.s.turn
            raise

    def clone(self, log: bool = True) -> "GameState":
        """A copy that plays on apart; without `log`, one that keeps no log."""
        return GameState(self.game, self.s.clone(log))

    def __copy__(self) -> "GameState":
        """copy.copy and copy.deepcopy make a clone: a copy that shared the engine's state
        would play its moves on the original too."""
        return self.clone()

    def __deepcopy__(self, memo) -> "GameState":
        return self.clone()

    # ---------------------------------------------------- reading a position
    @property
    def decision(self) -> Decision | None:
        """The decision open now, or None: `player`, `prompt`, `options` (each a `label`
        and the `value` it answers with: a card id, a player, a number, None for pass,
        done or none, or a card and its ability) and `kind` (priority, target, choice)."""
        return self.s.decision

    @property
    def turn(self) -> int:
        return self.s.turn

    @property
    def active_player(self) -> int:
        """The seat whose turn it is."""
        return self.s.active

    @property
    def first_player(self) -> int:
        """The seat that took the first turn."""
        return self.s.first

    @property
    def seat_names(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        return tuple(p.name for p in self.s.t.players)

    @property
    def teams(self) -> tuple[str, ...]:
        """Each seat's team, by seat (a seat without one is a team of its own)."""
        return self.s.t.teams

    @property
    def history(self) -> tuple:
        """The answers given so far: (seat, option number, label) each."""
        return tuple(self.s.history)

    @property
    def in_game(self) -> list[int]:
        """The seats still in the game."""
        return self.s.in_game()

    def card_name(self, card: int) -> str:
        """The name of card id `card` (the ids of observations and option values)."""
        names = self.s.t.names
        if type(card) is not int or not 0 <= card < len(names):
            card = self._card(card)
        return names[card]

    def _card(self, card) -> int:
        """`card` as the id of one of the game's cards; NotInGame for anything else."""
        count = len(self.s.t.names)
        n, said = whole_within(card, 0, count - 1)
        if n is None:
            raise NotInGame(f"there is no card {said}: the cards are 0 to {count - 1}")
        return n

    @property
    def view(self) -> StateView:
        """The position read only: its cards, zones and table values (engine/view.py)."""
        return StateView(self.s)

    def card(self, card: int) -> CardView:
        """Card id `card` read only: its zone, controller, owner, properties, counters, marks."""
        return CardView(self.s, self._card(card))

    def evaluate(self, seat: int) -> float:
        """How good the position looks to `seat` by the pack's evaluation (1000 a win,
        -1000 a loss once the game is over)."""
        if type(seat) is not int or not 0 <= seat < self.game.num_players:
            seat = self.game.seat(seat)
        return evaluate(self.s, seat)

    def holds(self, condition, seats: dict) -> bool:
        """Whether `condition`, a condition of the DSL compiled with the pack's names (a
        scenario's `until:`), holds now: `you` the active player, each name of `seats` the
        player of that seat."""
        s = self.s
        env = {"you": s.t.players[s.active], **{name: s.t.players[seat] for name, seat in seats.items()}}
        return bool(condition(s, env))

    def deciding_round(self) -> str | None:
        """The round whose begin or end script asks the decision open now (`hand` for a
        bid asked as each hand begins), or None for a decision of a turn: what such a
        decision is worth shows only as that round ends."""
        level = asking_round(self.s)
        return None if level is None else self.s.t.pack.rounds[level].name

    def outer_round(self) -> str | None:
        """The outermost round being played (`hand`, where its tricks are inner rounds),
        or None in a pack without rounds: the unit whose end scores, in many packs."""
        if any(isinstance(f, RoundFrame) and f.level == 0 for f in self.s.frames):
            return self.s.t.pack.rounds[0].name
        return None

    def play_round_out(self, action: int, pick, most: int, outermost: bool = False) -> int:
        """Answers the decision open with `action` and each one after with `pick(number of
        options)` until the round whose script asks the decision open ends (its end
        script run, and nothing after it: the next round's resets would hide what it
        scored), the game ends, or `most` decisions in all have been made; returns how
        many were made. For copies a computer player imagines: one so played plays no
        further. A decision of a turn (see deciding_round) is refused (OptionError).
        `outermost`: plays on from any decision to the end of the first round being played
        whose end moves the players' standing (the ranking's first measure), or else of
        the outermost (see outer_round): a hand's end, where a match is made of hands
        scored as they end."""
        s = self.s
        level = 0 if outermost and self.outer_round() is not None else asking_round(s)
        if level is None:
            raise OptionError("play_round_out plays on to the end of the outermost round; no round is being played"
                              if outermost else "play_round_out plays on to the end of a round from a decision "
                              "its script asks; this one is taken in a turn")
        if outermost:
            watch_scoring(s)
        else:
            watch_end(s, level)
        made = 0
        try:
            if most > 0:
                self.apply_action(action)
                made = 1
            while made < most and s.result is None:
                self.apply_action(pick(len(s.decision.options)))
                made += 1
        except RoundEnded:
            made += 1
        return made

    def determinized(self, seat: int, rnd, game: Game | None = None) -> "GameState":
        """A copy in which the cards `seat` cannot see are dealt again at random among the
        places they could be, and future chance is drawn from `rnd`: what a search may
        assume without cheating. `game`: the game the copy is played as (the same pack
        and options; one without debug checks, say). The copy keeps no log."""
        if game is not None and game is not self.game and (
                game.pack.sha256 != self.game.pack.sha256 or game.num_players != self.game.num_players):
            raise OptionError(f"a copy is played as a game of the same pack and players: {game.pack.name} with "
                              f"{game.num_players} players is not {self.game.pack.name} with {self.game.num_players}")
        seat = self.game.seat(seat)
        try:
            return GameState(game or self.game, determinize(self.s, seat, rnd))
        except AttributeError:
            if not (hasattr(rnd, "shuffle") and hasattr(rnd, "getrandbits")):
                raise OptionError(f"determinized deals the hidden cards with rnd, a random.Random, not {_said(rnd)}") from None
            raise

    def as_setup(self) -> dict:
        """The position as a scenario's `setup:` (plain data, ready for YAML): where every
        card is and in what state, the counters, the turn, the phase and the step.
        `Game.position` makes it into this position as its step begins."""
        return setup_of(self.s)

    def setup_seed(self) -> int:
        """The seed that starts `Game.position(self.as_setup(), seed)` with this position's
        random generator, so that the chance to come (shuffles, random choices) falls the
        same way in both."""
        return rng.seed_of(self.s.rng)

    def setup_leaves_out(self) -> list[str]:
        """What this position holds that `as_setup` cannot say (the pile, continuous
        effects), in a designer's words; empty when the setup says it all."""
        return unsaid(self.s)

    # -------------------------------------------------------------- viewing
    @property
    def log(self) -> list[str]:
        """Everything that happened, as an onlooker who sees every card reads it."""
        return [e[2] for e in self.s.log if len(e) < 6]

    def log_for(self, player: int) -> list[str]:
        """The log as `player` may read it: cards they may not see are not named (None:
        every card, as `log`)."""
        if player is None:
            return self.log
        player = self.game.seat(player)
        # A line only some players see may say nothing to the others (None).
        return [text for e in self.s.log if (text := e[2] if len(e) == 3 or player in e[3] else e[4]) is not None]

    def observation(self, player: int) -> dict:
        """What `player` may see: hidden zones show only how many cards they hold (None:
        everything)."""
        return observe(self.s, player if player is None else self.game.seat(player))

    def board(self, viewer: int | None = None) -> str:
        """The board as text for people, as seat `viewer` sees it (None: every card)."""
        return describe(self.s, viewer if viewer is None else self.game.seat(viewer))

    def __str__(self) -> str:
        return describe(self.s, None)
