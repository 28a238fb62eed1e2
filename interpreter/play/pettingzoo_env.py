"""Any pack as a PettingZoo AEC environment, so that reinforcement learning tools
can train on it: the usual `env.last()` / `env.step(action)` loop, one agent a
seat, an action mask in every observation.

    from cardtable.interpreter.play.pettingzoo_env import env
    e = env(pack=name_or_path)     # a built-in pack's name, a pack's folder, or a loaded Pack

Action `i` is option `i` of the decision open now; the observation is a vector of
numbers laid out by `Layout` (docs/engine.md lists every part). What an agent
may see is what `observe.observe` shows its seat, nothing more.
"""
from __future__ import annotations

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as missing:
    raise ImportError(f"the PettingZoo environment needs {missing.name or 'pettingzoo, gymnasium and numpy'}: "
                      "pip install 'cardtable[pettingzoo]'") from missing

from ..diagnostics import Report, render
from ..engine import limits
from ..engine.game import Game, GameState, OptionError, game_seed, whole_within
from ..engine.model import Pack
from ..engine.state import PlayerRef, State
from ..engine.view import StateView
from ..packs.loader import PackError, load_pack

# Counters, life, turns and damage have no bound a pack declares; the space needs one.
BIG = 1e9
DECISION_KINDS = ("priority", "target", "choice")
# What an option refers to, one flag each, then what it names.
OPTION_FIELDS = ("is_none", "is_card", "is_player", "is_number", "is_other",
                 "card", "card_name", "ability", "player", "number")


class TooManyOptions(ValueError):
    """A decision offers more options than the action space holds."""


def default_max_actions(s: State) -> int:
    """Enough actions for any decision the engine builds: acting offers pass and each
    ability of each card; choosing offers none/done and each card and player. Only
    dividing a number is not bounded by the cards (one option per share)."""
    t = s.t
    abilities = sum(max((len(a) for a in card.usable.values()), default=0) for card in t.cards)
    return 1 + max(abilities, len(t.cards) + len(t.players))


class Layout:
    """Where each number of the observation vector is, and its bounds.

    Seats are relative to the agent (its own first, then the next seats in turn
    order), so one policy can play any seat. Cards keep their ids: slot `c` is
    card `c` of the game all through it.
    """

    def __init__(self, s: State, max_actions: int, token_slots: int = 32):
        t = s.t
        pack = t.pack
        self.n = len(t.players)
        # Tokens made in play take the slots after the dealt cards, by creation order;
        # those past the slots are not encoded. A pack without tokens has no such slots.
        self.num_cards = len(t.cards) + (token_slots if pack.tokens else 0)
        self.max_actions = max_actions
        names = list(pack.cards)
        names += [name for name in dict.fromkeys(c.name for c in t.cards) if name not in pack.cards]
        names += [name for name in pack.tokens if name not in names]
        self.card_names = tuple(names)
        self._names = {name: i + 1 for i, name in enumerate(names)}
        defs = [*t.cards, *pack.tokens.values()]
        self._abilities = {id(d): {id(ab): i + 1 for i, ab in enumerate(d.abilities)} for d in defs}
        self._most_abilities = max((len(d.abilities) for d in defs), default=0)
        self.phases = tuple(p.name for p in pack.phases)
        self.steps = tuple(dict.fromkeys(step.name for p in pack.phases for step in p.steps))
        self.windows = tuple(pack.windows)
        # A pack with choices of values has two more kinds of decision and two more option fields.
        self.words = {w: i + 1 for i, w in enumerate(pack.words)}
        # Triggered abilities put on the pile in an order a player chooses (APNAP) are
        # decisions of kind "order"; a player's own abilities (a hero power) are options
        # with a flag of their own. Packs without them keep the layout they had.
        ordering = bool(pack.words) or pack.pile_triggers == "apnap"
        self.kinds = DECISION_KINDS + (("value",) if pack.words else ()) + (("order",) if ordering else ())
        self.option_fields = OPTION_FIELDS + (("is_word", "word") if pack.words else ()) + \
            (("is_ability",) if pack.player_abilities else ())
        self._player_ability = {id(ab): i + 1 for i, ab in enumerate(pack.player_abilities)}
        # Hidden counters are the rules' scratch values: no agent sees them.
        self.counters = tuple(n for n, d in pack.player_counters.items() if d.visibility != "hidden")
        self.own_counters = frozenset(n for n, d in pack.player_counters.items() if d.visibility == "owner")
        # How each is encoded: a number as it is; a word, a player or a card (of: ...) as a number.
        self._counter_codes = tuple(self._code(pack, pack.player_counters[n]) for n in self.counters)
        self.card_counters = tuple(pack.card_counters)
        self.marks = tuple(sorted(pack.marks))
        # A zone of each seat has a slot a seat, the agent's first; one of each team (per: team)
        # a slot a team, the agent's team's first: every partner sees it as its own.
        width = {z.name: len(t.team_seats) if z.per_team else self.n if z.per_player else 1 for z in pack.zones}
        self.zone_slots = tuple(f"{z.name}:{r}" if z.per_player else z.name for z in pack.zones
                                for r in (range(width[z.name]) if z.per_player else (None,)))
        base, at = {}, 0
        for z in pack.zones:
            base[z.name], at = at, at + width[z.name]
        # Per seat: each zone's slot as that seat sees the table, whether it sees the cards,
        # and whether the zone is its own (or its team's: it knows the face-down cards there).
        self._slot = tuple(tuple(base[zdef.name] + self._relative(t, zdef, seat, me) for zdef, seat in t.zone_meta)
                           for me in range(self.n))
        self._sees = tuple(tuple(_sees_zone(t, zone, me) for zone in range(len(t.zone_meta))) for me in range(self.n))
        self._own = tuple(tuple(t.holds(zone, me) for zone in range(len(t.zone_meta))) for me in range(self.n))
        self._build()

    def _relative(self, t, zdef, seat, me: int) -> int:
        """Where seat `seat`'s zone is among the zone's slots as `me` sees them: a seat's
        counted from `me`; its team's counted from `me`'s team, each team where its first
        seat after `me` sits."""
        if seat is None:
            return 0
        if not zdef.per_team:
            return (seat - me) % self.n
        teams = sorted(t.team_seats, key=lambda team: min((p - me) % self.n for p in t.team_seats[team]))
        return teams.index(t.teams[seat])

    def _build(self) -> None:
        self.sections = []      # (name, start, stop, meaning of each item)
        low, high = [], []
        n, cards, z = self.n, self.num_cards, len(self.zone_slots)

        def add(name, items, fields):
            start = len(low)
            for field_low, field_high in (bound for _ in range(items) for bound in fields.values()):
                low.append(field_low)
                high.append(field_high)
            self.sections.append((name, start, len(low), tuple(fields)))
            return start

        flag = (0, 1)
        self.at_game = add("game", 1, {"turn": (0, BIG), "my_turn": flag, "my_decision": flag, "pile": (0, BIG)})
        seats = ["me"] + [f"+{r}" for r in range(1, n)]
        self.at_active = add("active_seat", 1, dict.fromkeys(seats, flag))
        self.at_decider = add("deciding_seat", 1, dict.fromkeys(seats, flag))
        self.at_phase = add("phase", 1, dict.fromkeys(self.phases, flag))
        self.at_step = add("step", 1, dict.fromkeys(self.steps, flag))
        self.at_window = add("window", 1, dict.fromkeys(self.windows, flag))
        self.at_kind = add("decision_kind", 1, dict.fromkeys(self.kinds, flag))
        self.player_width = 1 + len(self.counters)
        self.at_players = add("players", n, {"out": flag, **{c: (-BIG, BIG) for c in self.counters}})
        self.at_zones = add("zones", z, {"cards": (0, cards), "unknown_face_down": (0, cards)})
        card_fields = {**{f"in {slot}": flag for slot in self.zone_slots}, "unseen": flag,
                       "name": (0, len(self.card_names)), "tapped": flag, "damage": (0, BIG), "face_down": flag,
                       **{f"counter {k}": (0, BIG) for k in self.card_counters},
                       **{f"mark {m}": flag for m in self.marks}}
        self.card_width = len(card_fields)
        fields = list(card_fields)
        self._counter_at = {k: fields.index(f"counter {k}") for k in self.card_counters}
        self._mark_at = {m: fields.index(f"mark {m}") for m in self.marks}
        self.at_cards = add("cards", cards, card_fields)
        most = max(self._most_abilities, len(self._player_ability))
        option_bounds = (flag, flag, flag, flag, flag, (0, cards), (0, len(self.card_names)),
                         (0, most), (0, n), (0, BIG)) + ((flag, (0, len(self.words))) if self.words else ()) + \
            ((flag,) if self._player_ability else ())
        self.at_options = add("options", self.max_actions, dict(zip(self.option_fields, option_bounds)))
        self.size = len(low)
        self.low = np.array(low, np.float32)
        self.high = np.array(high, np.float32)

    # ------------------------------------------------------------- encoding
    def encode(self, state: GameState, me: int) -> np.ndarray:
        """The vector `me` observes: only what `state.observation(me)` shows."""
        v = np.zeros(self.size, np.float32)
        n = self.n
        s = state.view
        d = state.decision
        active = state.active_player
        deciding = d is not None and d.player == me
        v[self.at_game:self.at_game + 4] = (state.turn, active == me, deciding, s.pile_size)
        v[self.at_active + (active - me) % n] = 1
        if d is not None:
            v[self.at_decider + (d.player - me) % n] = 1
        _one_hot(v, self.at_phase, self.phases, s.phase)
        _one_hot(v, self.at_step, self.steps, s.step)
        _one_hot(v, self.at_window, self.windows, s.window)
        if deciding:
            _one_hot(v, self.at_kind, self.kinds, d.kind)
        self._encode_players(v, s, me)
        self._encode_cards(v, s, me)
        if deciding:
            self._encode_options(v, s, d, me)
        np.clip(v, self.low, self.high, out=v)
        return v

    def mask(self, state: GameState, me: int) -> np.ndarray:
        m = np.zeros(self.max_actions, np.int8)
        d = state.decision
        if d is not None and d.player == me:
            m[:len(d.options)] = 1
        return m

    def _encode_players(self, v, s: StateView, me: int) -> None:
        out = s.out
        for r in range(self.n):
            seat = (me + r) % self.n
            at = self.at_players + r * self.player_width
            v[at] = out[seat]
            pvars = s.player_counters(seat)
            for i, (name, code) in enumerate(zip(self.counters, self._counter_codes), 1):
                if seat == me or name not in self.own_counters:
                    v[at + i] = code(pvars.get(name, 0), s, me)

    def _code(self, pack: Pack, d):
        """The number a player counter is encoded as: a number itself; a word its place
        in its property's words, from 1; a player its seat counted from the agent's, from
        1; a card its id + 1 where the agent sees it, -1 where it does not; none 0."""
        if d.kind == "word":
            words = {w: i for i, w in enumerate(pack.one_of[d.of], 1)}
            return lambda value, s, me: words.get(value, 0)
        if d.kind == "player":
            return lambda value, s, me: 0 if value is None else (value.seat - me) % self.n + 1
        if d.kind == "card":
            return lambda value, s, me: 0 if value is None else \
                value + 1 if value < self.num_cards and self.knows(s, me, value) else -1
        return _number

    def _encode_cards(self, v, s: StateView, me: int) -> None:
        w, z = self.card_width, len(self.zone_slots)
        # Every card starts unseen; the ones in zones the agent sees are then filled in.
        v[self.at_cards + z:self.at_cards + self.num_cards * w:w] = 1
        slots, sees, owns = self._slot[me], self._sees[me], self._own[me]
        face_down = s.face_down
        card = (s.tapped, s.damage, face_down)
        shown = set()
        slotted = self.num_cards
        for zone, cards in enumerate(s.zones):
            slot = slots[zone]
            count_at = self.at_zones + 2 * slot
            v[count_at] += len(cards)      # (a team's zone is its first seat's: the partners' are empty)
            if cards and max(cards) >= slotted:
                cards = [c for c in cards if c < slotted]     # tokens past the slots
            if not sees[zone]:
                for c in cards:     # cards it was shown, in a zone it does not see
                    if s.shown(c, me):
                        self._encode_card(v, card, c, slot, s)
                        shown.add(c)
                continue
            own = owns[zone]
            for c in cards:
                if face_down[c] and not own and not s.shown(c, me):
                    v[count_at + 1] += 1     # seen as a face-down card, not as which card (unless seen turned so)
                else:
                    self._encode_card(v, card, c, slot, s)
                    shown.add(c)
        # Counters and marks in one pass over those the cards have, for the cards shown.
        for c, k, n in s.card_counters():
            if c in shown and k in self._counter_at:
                v[self.at_cards + c * w + self._counter_at[k]] = n
        for c, m, _ in s.card_marks():
            if c in shown and m in self._mark_at:
                v[self.at_cards + c * w + self._mark_at[m]] = 1

    def _encode_card(self, v, card: tuple, c: int, slot: int, s: StateView) -> None:
        """Card `c`; `card`: every card's tapped, damage and face down, read once."""
        z = len(self.zone_slots)
        tapped, damage, face_down = card
        at = self.at_cards + c * self.card_width
        v[at + slot] = 1
        # A token's name is its definition's, without the number that tells it apart.
        v[at + z:at + z + 5] = (0, self._names[s.card(c).definition.name], tapped[c], damage[c], face_down[c])

    def _encode_options(self, v, s: StateView, d, me: int) -> None:
        options = d.options
        fields = self.option_fields
        for i, option in enumerate(options):
            at = self.at_options + i * len(fields)
            for field, value in self._option_fields(s, me, option).items():
                v[at + fields.index(field)] = value

    def _option_fields(self, s: StateView, me: int, option) -> dict:
        value = option.value
        if value is None:
            return {"is_none": 1}           # pass, done, none
        if type(value) is bool:
            return {"is_number": 1, "number": value}     # no / yes
        if isinstance(value, PlayerRef):
            return {"is_player": 1, "player": (value.seat - me) % self.n + 1}
        if type(value) is tuple and len(value) == 2 and value[0] is None:
            return {"is_ability": 1, "ability": self._player_ability.get(id(value[1]), 0)}   # a player's own
        if type(value) is tuple and len(value) == 2 and type(value[0]) is int and type(value[1]) is not int:
            card, ability = value                        # using a card's ability (a set of cards is other)
            number = self._abilities[id(s.card(card).definition)].get(id(ability), 0)
            return {**self._card_fields(s, me, card), "ability": number}
        # Card ids and shares of a division are both integers; only a card's option
        # is labelled with the card's name ("2 to Bear" is a share).
        if type(value) is int and 0 <= value < min(self.num_cards, len(s.card_names)) and option.label == s.card_names[value]:
            return self._card_fields(s, me, value)
        if type(value) is int:
            return {"is_number": 1, "number": value}
        if type(value) is str and value in self.words:
            return {"is_word": 1, "word": self.words[value]}    # a word or a listed text
        return {"is_other": 1}

    def _card_fields(self, s: StateView, me: int, c: int) -> dict:
        """A card an option names: its name is in the option's label; its id only if
        the agent sees the card where it is (the id would tell which copy it is)."""
        fields = {"is_card": 1, "card_name": self._names[s.card(c).definition.name]}
        if c < self.num_cards and self.knows(s, me, c):
            fields["card"] = c + 1
        return fields

    def knows(self, s: StateView, me: int, c: int) -> bool:
        """Whether `me` sees card `c` as that card where it lies."""
        zone = s.place_of(c)
        if not self._sees[me][zone]:
            return s.shown(c, me)     # it was shown the card
        return not s.card(c).face_down or self._own[me][zone] or s.shown(c, me)

    def describe(self) -> list[str]:
        """One line a section: its slice of the vector, how many items, the numbers of each."""
        lines = []
        for name, start, stop, fields in self.sections:
            items = (stop - start) // len(fields) if fields else 0
            shown = ", ".join(fields) if len(fields) <= 6 else f"{', '.join(fields[:3])}, ..., {fields[-1]}"
            lines.append(f"[{start}:{stop}] {name}: {items} x {len(fields)} ({shown})")
        return lines


def _sees_zone(t, zone: int, me: int) -> bool:
    """Whether seat `me` sees the cards of `zone`: a public zone, or one of its own (its
    team's, for a zone of each team)."""
    visibility = t.zone_meta[zone][0].visibility
    return visibility == "public" or (visibility == "owner" and t.holds(zone, me))


def _one_hot(v, at: int, names: tuple, name) -> None:
    if name in names:
        v[at + names.index(name)] = 1


def _count(name: str, value, least: int) -> int:
    """An argument that counts slots of the observation: a whole number from `least` to
    the most cards a game may have."""
    n, said = whole_within(value, least, limits.CARDS)
    if n is None:
        raise OptionError(f"{name} is a whole number from {least} to {limits.count(limits.CARDS)}, not {said}")
    return n


def _number(value, *_) -> float:
    return float(value) if isinstance(value, (int, float)) else 0.0


def _load(name: str) -> Pack:
    """The pack named or found at `name`; if it cannot be loaded, a PackError that
    says why, as `cardtable simulate` does: each problem at its file, line and column."""
    report = Report()
    try:
        return load_pack(name, report)
    except PackError:
        raise PackError(f"the pack is not valid:\n{render(report, 'text')}") from None


class raw_env(AECEnv):
    """A pack's game as an AEC environment: `player_0`, `player_1`, ... are the seats
    0, 1, ... (`seat_names` gives the pack's names for them)."""

    metadata = {"render_modes": ["human", "ansi"], "name": "cardtable_v0", "is_parallelizable": False}

    def __init__(self, pack: str | Pack, options: dict | None = None, num_players: int | None = None,
                 decks: dict | None = None, max_actions: int | None = None, render_mode: str | None = None,
                 render_view: str = "agent", token_slots: int = 32):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise OptionError(f"render_mode is one of {self.metadata['render_modes']}, not {render_mode!r}")
        if render_view not in ("agent", "all"):
            raise OptionError(f'render_view is "agent" or "all", not {render_view!r}')
        if not isinstance(pack, Pack):
            pack = _load(pack)
        self.game = Game(pack, options=options, num_players=num_players, decks=decks)
        self.render_mode = render_mode
        self.render_view = render_view
        self.metadata = {**self.metadata, "name": f"cardtable_{pack.id}_v0"}
        blank = self.game.blank_state(0)
        # Each action and each token slot takes room in every observation: the bound
        # keeps a mistyped number from asking for all the memory there is.
        max_actions = default_max_actions(blank) if max_actions is None else _count("max_actions", max_actions, 1)
        token_slots = _count("token_slots", token_slots, 0)
        self.layout = Layout(blank, max_actions, token_slots)
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.num_players)]
        self.agents = []
        self.seat_names = {a: p.name for a, p in zip(self.possible_agents, blank.t.players)}
        self._seat = {a: seat for seat, a in enumerate(self.possible_agents)}
        self.action_spaces = {a: spaces.Discrete(max_actions) for a in self.possible_agents}
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(self.layout.low, self.layout.high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (max_actions,), np.int8),
        }) for a in self.possible_agents}
        self.game_state: GameState | None = None
        self._seeds = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def seat(self, agent: str) -> int:
        return self._seat[agent]

    # ---------------------------------------------------------------- play
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game. The seed given is the game's seed (the same game as
        `Game.new_initial_state(seed)`); without one, the next seed of a generator
        seeded by the last seed given (or by the system when none was)."""
        if seed is not None:
            seed = game_seed(seed)
            # NumPy's generators take no negative seed: a negative one stands for the seed
            # of the same game (the game's generator reads seeds modulo 2**64).
            self._seeds = np.random.default_rng(seed if seed >= 0 else seed % 2**64)
        else:
            if self._seeds is None:
                self._seeds = np.random.default_rng()
            seed = int(self._seeds.integers(2**31))
        self.game_state = self.game.new_initial_state(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._after_move()
        if self.render_mode == "human":
            self.render()

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.game_state.apply_action(action)
        self._clear_rewards()
        self._after_move()
        if self.render_mode == "human":
            self.render()

    def _after_move(self) -> None:
        state = self.game_state
        if state.is_terminal():
            # Seats that went out stay until the end: a team-mate may still win for
            # them, and a turn limit makes the game a draw for everyone.
            places = state.places() if state.game.pack.ranks else None
            for seat, (agent, result) in enumerate(zip(self.possible_agents, state.returns())):
                self.rewards[agent] = float(result)
                self.terminations[agent] = True
                if places is not None:
                    self.infos[agent]["place"] = places[seat]
        else:
            self._check_room(state)
            self.agent_selection = self.possible_agents[state.current_player()]
        self._accumulate_rewards()

    def _check_room(self, state: GameState) -> None:
        d = state.decision
        if len(d.options) > self.layout.max_actions:
            raise TooManyOptions(
                f'the decision "{d.prompt}" offers {len(d.options)} options, more than max_actions '
                f"({self.layout.max_actions}): make the environment with a larger max_actions, "
                f"e.g. env(..., max_actions={2 * len(d.options)})")

    def observe(self, agent):
        me = self._seat[agent]
        # The encoder reads the whole position (GameState.view) and leaves out itself what
        # `me` may not see; tests/test_pettingzoo.py checks that it shows nothing observe() hides.
        state = self.game_state
        return {"observation": self.layout.encode(state, me), "action_mask": self.layout.mask(state, me)}

    # ---------------------------------------------------------------- view
    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs a render_mode: env(..., render_mode='ansi')")
            return None
        text = self._board_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _board_text(self) -> str:
        state = self.game_state
        deciding = state.decision.player if state.decision is not None else None
        viewer = None if self.render_view == "all" else deciding
        lines = [state.board(viewer)]
        if state.is_terminal():
            lines.append("Result: " + ", ".join(f"{name} {r:+g}" for name, r in zip(state.seat_names, state.returns())))
        else:
            lines.append(f"{self.possible_agents[deciding]} - {state.prompt()}")
            lines.extend(f"  {i}: {label}" for i, label in enumerate(state.legal_labels()))
        return "\n".join(lines)

    def close(self) -> None:
        pass


def env(*args, **kwargs):
    """The environment as PettingZoo's classic games come: an illegal action ends
    the game with -1 for who gave it (0 for the others), an action outside the space
    fails an assertion, and calls out of order (a step before reset) are refused.
    Takes the arguments of `raw_env`."""
    wrapped = raw_env(*args, **kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
