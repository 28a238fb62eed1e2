"""Batches of games between computer players, in one process, several, or on a
cluster (play/backends.py).

Game `i` of a batch uses the seed `seed + i`, and the agents of its seats are
seeded from it, so a game is the same whichever process plays it: the results of
a batch do not depend on how many processes share the work, nor on where they run.
Several batches (the versions of a pack that compare, sweep and impact play on the
same seeds) are one run: its game k is game k % games of batch k // games.
"""
from __future__ import annotations

import dataclasses
import functools
import hashlib
import random
import shlex
from dataclasses import dataclass, field
from typing import Callable

from ..diagnostics import Report, render
from ..engine.game import Game, GameState, OptionError
from ..engine.state import RuleError
from ..packs.changes import ChangeError, changed
from ..packs.files import PackFiles
from ..packs.importing import ImportProblem, card_file_source, load_deck
from ..packs.loader import PackError, load_pack
from ..packs.rulesets import ruleset_of
from ..suggest import did_you_mean
from .agents import AgentError, make_agent, parse_agents, seat_agents
from .agents.registry import awake, watching
from .backends import BackendError, Work
from .backends import play as play_on
from .records import game_record
from .spec import GameSpec, SpecError, build, spec_of
from .workers import WorkerLost, _portable


class SimulationError(Exception):
    """The pack, an option, a deck, an agent or a game could not run; the message says which."""


@dataclass
class Batch:
    """What to play: the pack as named on the command line, and how."""
    pack: str
    games: int = 100
    seed: int = 0
    options: dict = field(default_factory=dict)
    players: int | None = None
    agents: list = field(default_factory=lambda: ["random"])
    rotate: bool = True          # agents change seats from game to game
    decks: list = field(default_factory=list)   # deck list files
    cards: list = field(default_factory=list)   # the player's own card data files the deck lists may name
    debug: bool = False
    records: bool = False        # keep each game's full record (for --out)
    jobs: int = 1
    backend: str = "local"       # where the games are played: play/backends.py
    address: str | None = None   # the scheduler of a running cluster
    ruleset: str | None = None   # one of the pack's named rulesets: its options and card changes
    changes: tuple = ()          # packs.changes.CardChange: the pack's cards changed for these games (after the ruleset's)
    seat_decks: tuple = ()       # the pack's named decks dealt to the seats, in seat order, instead of theirs
    label: str = ""              # what tells this batch from the others of a run
    # The pack's files, when the pack is built from them rather than from `pack` on disk,
    # and the hash the pack built must have: what worker processes get, so that each
    # builds the very pack the batch loaded.
    pack_files: PackFiles | None = None
    pack_sha256: str | None = None


def prepare(batch: Batch) -> Game:
    """The game a batch plays, every input checked first."""
    return prepare_spec(batch)[0]


def prepare_spec(batch: Batch) -> tuple[Game, GameSpec]:
    """The game a batch plays, every input checked first, and its spec: how a worker
    that has only the pack's content builds the same game."""
    try:
        agents = parse_agents(",".join(batch.agents))
    except AgentError as e:
        raise SimulationError(str(e)) from None
    batch.agents = agents
    report = Report()
    try:
        pack = load_pack(batch.pack if batch.pack_files is None else batch.pack_files, report)
    except PackError:
        raise SimulationError("the pack is not valid:\n" + render(report, "text")) from None
    if batch.pack_sha256 is not None and pack.sha256 != batch.pack_sha256:
        raise SimulationError(f"the pack's files did not arrive whole: the pack built from them has the hash "
                              f"{pack.sha256[:16]}..., not {batch.pack_sha256[:16]}...")
    try:
        ruleset = ruleset_of(pack, batch.ruleset)
        options = {**(ruleset.options if ruleset else {}), **batch.options}
        changes = (ruleset.changes if ruleset else ()) + tuple(batch.changes)
        probe = Game(pack, options, batch.players, deals=False)     # the decks given may be those it lacks
        if not batch.rotate and len(agents) > probe.num_players:
            idle = ", ".join(agents[probe.num_players:])
            raise SimulationError(f"--fixed-seats keeps each agent in its seat, and {pack.name} is played here by "
                                  f"{probe.num_players} players: {idle} would never play")
        sources = _card_sources(pack, batch.cards)
        decks = _with_seat_decks(pack, _dealt(probe, pack, batch.decks, sources), batch.seat_decks)
        played, dealt = changed(pack, changes, decks)
        game = Game(played, options, batch.players, dealt, debug=batch.debug)
    except (OptionError, ChangeError) as e:
        raise SimulationError(str(e)) from None
    return game, spec_of(game, pack, decks, sources, changes)


def _with_seat_decks(pack, decks: dict | None, names: tuple) -> dict | None:
    """The decks given, with the pack's decks `names` dealt to the seats (by their cards,
    which is how a worker gets them)."""
    if not names:
        return decks
    for name in names:
        if name not in pack.decks:
            raise SimulationError(f'{pack.name} has no deck "{name}"{did_you_mean(name, pack.decks)}')
    return {**(decks or {}), **{seat: tuple(pack.decks[name]) for seat, name in enumerate(names)}}


def _card_sources(pack, card_files: list) -> list:
    """The player's own card data files (--cards), read as the pack imports card data."""
    extra = []
    for path in card_files:
        try:
            extra.append(card_file_source(pack, path))
        except ImportProblem as e:
            raise SimulationError(str(e)) from None
    return extra


def deal_decks(game: Game, pack, files: list, card_files: list = ()) -> dict | None:
    """Where deck list files go: the same deck for every seat (one file), one file a
    seat in seat order, or, in a pack whose seats have no decks of their own, its
    shared decks. Their cards are the pack's, or those of `card_files`, the player's
    own card data."""
    return _dealt(game, pack, files, _card_sources(pack, card_files))


def _dealt(game: Game, pack, files: list, extra: list) -> dict | None:
    if not files:
        if extra:
            raise SimulationError("--cards gives the cards that deck lists may name: give a --deck too")
        return None
    places = game.deck_places()
    shared = [p for p in places if isinstance(p, str)]
    seats = list(range(game.num_players))
    # The lists are the players' decks; only where no seat has a deck of its own (a shared
    # deck the players draw from) do they replace the shared decks. A shared zone that
    # merely starts with cards (a pile of scenario cards beside the seats' decks) is not a deck to give.
    if shared and not any(isinstance(p, int) for p in places):
        if len(files) != len(shared):
            raise SimulationError(f"{pack.name} has {len(shared)} shared deck{'s' if len(shared) != 1 else ''} "
                                  f"({', '.join(shared)}): give {len(shared)} --deck, not {len(files)}")
        targets = shared
    elif len(files) == 1:
        targets = seats
        files = files * len(seats)
    elif len(files) == len(seats):
        targets = seats
    else:
        raise SimulationError(f"give one --deck for all the seats, or one for each of the {len(seats)} seats, "
                              f"not {len(files)}")
    decks, loaded = {}, {}
    for place, path in zip(targets, files):
        if path not in loaded:
            try:
                loaded[path] = load_deck(pack, path, tuple(extra))
            except ImportProblem as e:
                raise SimulationError(str(e)) from None
            except OSError as e:
                raise SimulationError(f"{path}: {e.strerror or e}") from None
        _keeps_rules(game, pack, place, path, loaded[path])
        decks[place] = loaded[path]
    return decks


def _keeps_rules(game: Game, pack, place, path, names) -> None:
    """A deck list keeps the rules (deck_rules) of the deck it replaces."""
    from ..packs.deckrules import deck_problems
    rule = pack.deck_rules.get(pack.deck_rule_of.get(game._declared(place)))
    if rule is None:
        return
    problems = deck_problems(rule, list(names), pack.cards, "the deck")
    if problems:
        raise SimulationError("\n".join(f"{path}:1:1: error: {m}" for m in problems))


def play_game(game: Game, specs: list, seed: int, keep_record: bool = False, source: str = "",
              cards: list = ()) -> dict:
    """One game between the agents `specs` (one a seat), and what a summary needs
    of it: result, length, the cards each seat played, the leader turn by turn, the
    options the decisions offered and how many offered more than one."""
    agents = [make_agent(spec, f"{seed}:{seat}") for seat, spec in enumerate(specs)]
    # Nothing here reads the log: the game keeps none (the same game, faster), nor what the
    # seats saw unless an agent reads it (one that searches: any but those that say not).
    try:
        state = game.new_initial_state(seed=seed, log=False, knowing=any(getattr(a, "knows", True) for a in agents))
    except RuleError as e:
        e.first_decision = False    # rules that broke before it: no position to show (_play_index)
        raise
    n = game.num_players
    plays = [{} for _ in range(n)]
    leaders = []
    turn = None
    decisions = offered = choices = 0
    watched = watching()        # looked at once a game: a decision then costs one test
    while not state.is_terminal():
        if state.turn != turn:
            turn = state.turn
            leaders.append(_leader(state))
        d = state.decision      # read once: the loop runs at every decision
        seat = d.player
        count = len(d.options)
        offered += count
        choices += count > 1
        if watched:
            awake()
        action = agents[seat].choose(state)
        name = state.option_played(action)
        if name is not None:
            plays[seat][name] = plays[seat].get(name, 0) + 1
        state.apply_action(action)
        decisions += 1
    out = {"seed": seed, "agents": list(specs), "first": state.first_player, "result": state.returns(),
           "places": state.places(),
           "turns": state.turn, "decisions": decisions, "plays": plays, "leaders": leaders,
           "options": offered, "choices": choices, "limit": state.limit}
    ranked = state.ranked_by()
    if ranked is not None:
        out["ranked"] = ranked
    if keep_record:
        out["record"] = game_record(game, state, seed, source, specs, cards)
    return out


def _leader(state: GameState) -> int | None:
    """A seat the pack's evaluation likes best now, if it is ahead of every seat of
    another side: partners who share a score are level with each other, not tied."""
    values = sorted(((state.evaluate(p), p) for p in state.in_game), reverse=True)
    if len(values) < 2:
        return None
    teams = state.teams
    best, seat = values[0]
    rival = next((value for value, p in values if teams[p] != teams[seat]), None)
    return seat if rival is None or best > rival else None


# ------------------------------------------------------------------ running

def _play_index(game: Game, batch: Batch, i: int) -> dict:
    seed = batch.seed + i
    specs = seat_agents(batch.agents, game.num_players, i, batch.rotate)
    try:
        result = play_game(game, specs, seed, batch.records, batch.pack, batch.cards)
    except RuleError as e:
        message = e.located(_named(batch, i))
        if batch.records and not batch.label and getattr(e, "first_decision", True):
            message += "\n    hint: " + _again(batch, specs, seed, i)
        raise SimulationError(message) from None
    if batch.records and batch.ruleset:
        result["record"]["ruleset"] = batch.ruleset
    if batch.records and batch.changes:
        result["record"]["changes"] = [c.as_data() for c in batch.changes]
    result["index"] = i
    return result


def _again(batch: Batch, specs: list, seed: int, i: int) -> str:
    """How to see a game that stopped: the file of a run keeps the games that ended, and
    `play` plays this one again, the same agents in the same seats, and saves its record."""
    words = ["cardtable", "play", batch.pack, "--players", ",".join(specs), "--seed", str(seed)]
    words += [w for k, v in batch.options.items() for w in ("--option", f"{k}={v}")]
    words += ["--ruleset", batch.ruleset] if batch.ruleset else []
    words += [w for d in batch.decks for w in ("--deck", d)] + [w for c in batch.cards for w in ("--cards", c)]
    return (f"game {i + 1} is not in the file of the run, which keeps the games that ended: "
            f"`{shlex.join(words)} --save FILE` plays it again up to where it stopped and saves its record, "
            f"whose positions `cardtable replay FILE --at N` shows")


def _named(batch: Batch, i: int) -> str:
    return f"game {i + 1} (seed {batch.seed + i})" + (f" of {batch.label}" if batch.label else "")


@dataclass(frozen=True)
class RunSpec:
    """What a worker anywhere needs to play any game of a run: its batches, and the
    spec of each batch's game (the pack by its content)."""
    batches: tuple
    games: tuple


def _play_number(games: list, batches: tuple, k: int) -> dict:
    v, i = divmod(k, batches[0].games)
    return _play_index(games[v], batches[v], i)


def _built(spec: RunSpec) -> Callable[[int], dict]:
    """What plays game k of a run, built from its specs alone: how a process started
    afresh gets it."""
    try:
        games = [build(g) for g in spec.games]
    except SpecError as e:
        raise SimulationError(str(e)) from None
    return functools.partial(_play_number, games, spec.batches)


def play_numbers(spec: RunSpec, numbers: list) -> list:
    """The task a cluster's worker runs: games `numbers` of the run, each answered
    (k, True, result) or (k, False, the error that stopped it)."""
    try:
        play = _built(spec)
    except SimulationError as e:
        return [(k, False, e) for k in numbers]
    answers = []
    for k in numbers:
        try:
            answers.append((k, True, play(k)))
        except Exception as e:
            answers.append((k, False, _portable(e)))
    return answers


def run_batches(batches: list, prepared: list | None = None, progress: Callable | None = None,
                notice: Callable[[str], None] | None = None, received: Callable | None = None,
                done: dict | None = None) -> list:
    """Plays batches of the same number of games and seeds as one run, on the backend
    the first one names; returns each batch's results in game order. `prepared`: the
    (game, spec) of each batch when made already; `done`: results by run number of
    games played before (a resumed run), not played again; `received(k, result)` is
    called as game k of the run finishes, `progress(finished)` after it."""
    first = batches[0]
    prepared = prepared or [prepare_spec(b) for b in batches]
    batches = tuple(batches)
    count = first.games
    results = dict(done or {})

    def take(k, result):
        results[k] = result
        if received:
            received(k, result)
        if progress:
            progress(len(results))
    todo = [k for k in range(count * len(batches)) if k not in results]
    work = Work(todo, functools.partial(_play_number, [g for g, _ in prepared], batches), _built, play_numbers,
                RunSpec(batches, tuple(s for _, s in prepared)), lambda k: _named(batches[k // count], k % count))
    try:
        play_on(work, first.backend, first.jobs, first.address, take, notice)
    except (WorkerLost, BackendError) as e:
        raise SimulationError(str(e)) from None
    return [[results[v * count + i] for i in range(count)] for v in range(len(batches))]


def run(batch: Batch, game: Game | None = None, progress: Callable | None = None,
        notice: Callable[[str], None] | None = None, received: Callable | None = None,
        done: dict | None = None) -> tuple[Game, list]:
    """Plays the batch; returns its game and one result a game, in game order.
    `progress(done)` is called as games finish; `notice(text)` tells of a worker
    process that died (its games are played again). `game` may be the (game, spec)
    that prepare_spec made."""
    if isinstance(game, tuple):
        prepared = game
    elif game is not None and not (batch.cards or batch.changes or batch.ruleset):
        # The game's own pack and decks are its spec (a pack built in memory has no path to load again).
        prepared = (game, spec_of(game, game.pack, dict(game.decks), (), ()))
    else:
        prepared = prepare_spec(batch)
        prepared = (game or prepared[0], prepared[1])
    return prepared[0], run_batches([batch], [prepared], progress, notice, received, done)[0]


def play_random(game: Game, seed: int, log: bool = True):
    """One game between uniformly random players sharing one generator seeded with
    `seed`: the final state and how many decisions it took. `log`: whether the game
    keeps its log."""
    state = game.new_initial_state(seed=seed, log=log)
    return state, state.play_out(random.Random(seed).randrange)


def games_digest(game: Game, seeds) -> str:
    """A SHA-256 of the logs of the games `play_random` plays with these seeds: their
    fingerprint. A change to the engine that must not change how games play (a
    speed-up, a reorganisation) leaves it the same."""
    h = hashlib.sha256()
    for seed in seeds:
        state, _ = play_random(game, seed)
        h.update("\n".join(state.log).encode() + b"\n\n")
    return h.hexdigest()
