"""Batches of games between computer players, in one process or several.

Game `i` of a batch uses the seed `seed + i`, and the agents of its seats are
seeded from it, so a game is the same whichever process plays it: the results of
a batch do not depend on how many processes share the work.
"""
from __future__ import annotations

import dataclasses
import functools
import hashlib
import random
from dataclasses import dataclass, field
from typing import Callable

from ..diagnostics import Report, render
from ..engine.game import Game, GameState, OptionError
from ..engine.state import RuleError
from ..packs.files import PackFiles
from ..packs.importing import ImportProblem, card_file_source, load_deck
from ..packs.loader import PackError, load_pack
from .agents import AgentError, make_agent, parse_agents, seat_agents
from .records import game_record
from .workers import Pool, WorkerLost


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
    # The pack's files, when the pack is built from them rather than from `pack` on disk,
    # and the hash the pack built must have: what worker processes get, so that each
    # builds the very pack the batch loaded.
    pack_files: PackFiles | None = None
    pack_sha256: str | None = None


def prepare(batch: Batch) -> Game:
    """The game a batch plays, every input checked first."""
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
        probe = Game(pack, batch.options, batch.players)
        if not batch.rotate and len(agents) > probe.num_players:
            idle = ", ".join(agents[probe.num_players:])
            raise SimulationError(f"--fixed-seats keeps each agent in its seat, and {pack.name} is played here by "
                                  f"{probe.num_players} players: {idle} would never play")
        decks = deal_decks(probe, pack, batch.decks, batch.cards)
        return Game(pack, batch.options, batch.players, decks, debug=batch.debug)
    except OptionError as e:
        raise SimulationError(str(e)) from None


def deal_decks(game: Game, pack, files: list, card_files: list = ()) -> dict | None:
    """Where deck list files go: the same deck for every seat (one file), one file a
    seat in seat order, or, in a pack whose seats have no decks of their own, its
    shared decks. Their cards are the pack's, or those of `card_files`, the player's
    own card data."""
    extra = []
    for path in card_files:
        try:
            extra.append(card_file_source(pack, path))
        except ImportProblem as e:
            raise SimulationError(str(e)) from None
    if not files:
        if card_files:
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
    of it: result, length, the cards each seat played, the leader turn by turn."""
    state = game.new_initial_state(seed=seed)
    n = game.num_players
    agents = [make_agent(spec, f"{seed}:{seat}") for seat, spec in enumerate(specs)]
    plays = [{} for _ in range(n)]
    leaders = []
    turn = None
    decisions = 0
    while not state.is_terminal():
        if state.turn != turn:
            turn = state.turn
            leaders.append(_leader(state))
        seat = state.current_player()
        action = agents[seat].choose(state)
        name = state.option_played(action)
        if name is not None:
            plays[seat][name] = plays[seat].get(name, 0) + 1
        state.apply_action(action)
        decisions += 1
    out = {"seed": seed, "agents": list(specs), "first": state.first_player, "result": state.returns(),
           "places": state.places(),
           "turns": state.turn, "decisions": decisions, "plays": plays, "leaders": leaders}
    if keep_record:
        out["record"] = game_record(game, state, seed, source, specs, cards)
    return out


def _leader(state: GameState) -> int | None:
    """The seat the pack's evaluation likes best now, if one is ahead of all others."""
    values = [(state.evaluate(p), p) for p in state.in_game]
    if len(values) < 2:
        return None
    values.sort(reverse=True)
    return values[0][1] if values[0][0] > values[1][0] else None


# ------------------------------------------------------------------ running

def _play_index(game: Game, batch: Batch, i: int) -> dict:
    seed = batch.seed + i
    specs = seat_agents(batch.agents, game.num_players, i, batch.rotate)
    try:
        result = play_game(game, specs, seed, batch.records, batch.pack, batch.cards)
    except RuleError as e:
        raise SimulationError(e.located(f"game {i + 1} (seed {seed})")) from None
    result["index"] = i
    return result


def player(batch: Batch) -> Callable[[int], dict]:
    """What plays game i of a batch, built from the batch alone (its pack built from the
    files it carries, and checked by their hash): how a worker started afresh gets it."""
    return functools.partial(_play_index, prepare(dataclasses.replace(batch)), batch)


def run(batch: Batch, game: Game | None = None, progress: Callable | None = None,
        notice: Callable[[str], None] | None = None) -> tuple[Game, list]:
    """Plays the batch; returns its game and one result a game, in game order.
    `progress(done)` is called as games finish; `notice(text)` tells of a worker
    process that died (its games are played again)."""
    if game is None:
        game = prepare(batch)
    jobs = max(1, min(batch.jobs, batch.games))
    if jobs == 1:
        results = []
        for i in range(batch.games):
            results.append(_play_index(game, batch, i))
            if progress:
                progress(len(results))
        return game, results
    chunk = max(1, min(16, batch.games // (jobs * 8)))
    # Workers started afresh build the pack from the files the batch's game was built from.
    batch = dataclasses.replace(batch, pack_files=game.pack.files, pack_sha256=game.pack.sha256)
    pool = Pool(batch.games, jobs, chunk, player, batch, functools.partial(_play_index, game, batch),
                lambda i: f"game {i + 1} (seed {batch.seed + i})", notice)
    try:
        return game, pool.run(progress)
    except WorkerLost as e:
        raise SimulationError(str(e)) from None


def play_random(game: Game, seed: int):
    """One game between uniformly random players sharing one generator seeded with
    `seed`: the final state and how many decisions it took."""
    state = game.new_initial_state(seed=seed)
    rnd = random.Random(seed)
    n = 0
    while not state.is_terminal():
        state.apply_action(rnd.randrange(len(state.decision.options)))
        n += 1
    return state, n


def games_digest(game: Game, seeds) -> str:
    """A SHA-256 of the logs of the games `play_random` plays with these seeds: their
    fingerprint. A change to the engine that must not change how games play (a
    speed-up, a reorganisation) leaves it the same."""
    h = hashlib.sha256()
    for seed in seeds:
        state, _ = play_random(game, seed)
        h.update("\n".join(state.log).encode() + b"\n\n")
    return h.hexdigest()
