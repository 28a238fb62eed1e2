"""Game records: one JSON line a game, enough to play it again. A record holds the
pack (id, version, and the name or path it was loaded by), the options, the number
of players, the seed, the decks given instead of the pack's and the card files their
cards came from, and every decision as (seat, option number, option label); then
the result.

Replaying gives the same game as long as the pack still offers the same options:
the labels show where a changed pack makes the games part ways.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from ..decisions import IllegalAction
from ..game import Game, GameState
from ..importing import ImportProblem
from ..infiles import DATA_LIMIT, FileProblem, path_problem, read_file
from ..packfiles import builtin_pack_dir
from ..project import given_roots_now, refusal, shared_cards, shown, working_root
from ..state import RuleError
from ..limits import DIGITS

FORMAT = "cardtable-game/1"


class RecordError(ValueError):
    """A log that is not a game record; the message names the file and line."""


def game_record(game: Game, state: GameState, seed: int, source: str, agents=None, cards=()) -> dict:
    s = state.s
    record = {
        "format": FORMAT,
        "pack": game.pack.id,
        "version": game.pack.version,
        "source": source,
        "options": dict(game.options),
        "players": game.num_players,
        "seed": seed,
    }
    if game.decks:
        record["decks"] = {str(place): list(names) for place, names in game.decks.items()}
    if cards:
        record["cards"] = [str(path) for path in cards]
    if agents is not None:
        record["agents"] = list(agents)
    record["decisions"] = [[seat, action, label] for seat, action, label in s.history]
    record["result"] = list(s.result) if s.result is not None else None
    record["turns"] = s.turn
    return record


def dumps(record: dict) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


_REQUIRED = {"pack": str, "options": dict, "players": int, "seed": int, "decisions": list}


def read_records(path) -> list[tuple[int, dict | RecordError]]:
    """The game records of a JSON-lines file, each checked for what a replay needs,
    with its line number. A line that is not a game record has a RecordError in
    its place, so that the other games of the file can still be replayed."""
    path = Path(path)
    records = []
    try:
        text = read_file(path, DATA_LIMIT).decode("utf-8")
    except FileProblem as e:
        raise RecordError(f"{path}: error: {e.message}") from None
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                records.append((number, _record(line, f"{path}:{number}")))
            except RecordError as e:
                records.append((number, e))
    if not records:
        raise RecordError(f"{path}:1:1: error: the file holds no game record")
    return records


_KINDS = {str: "text", dict: "a mapping", int: "a whole number", list: "a list"}


def _record(line: str, where: str) -> dict:
    def whole(text: str) -> int:
        # A number of thousands of digits is in no record (and Python would refuse to read it).
        if len(text) > DIGITS:
            raise RecordError(f"{where}:{line.find(text) + 1}: error: not a game record: a number of "
                              f"{len(text):,} digits (a record's numbers have at most {DIGITS})")
        return int(text)
    try:
        record = json.loads(line, parse_int=whole)
    except json.JSONDecodeError as e:
        raise RecordError(f"{where}:{e.colno}: error: not a game record: {e.msg}") from None
    if not isinstance(record, dict):
        raise RecordError(f"{where}:1: error: not a game record: a line holds one JSON object")
    for key, kind in _REQUIRED.items():
        value = record.get(key)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            problem = "has no" if value is None else "has a wrong"
            raise RecordError(f'{where}:1: error: the game record {problem} "{key}" (it takes {_KINDS[kind]})')
    for i, d in enumerate(record["decisions"], 1):
        if not (isinstance(d, list) and len(d) == 3 and isinstance(d[0], int) and isinstance(d[1], int)
                and isinstance(d[2], str)):
            raise RecordError(f"{where}:1: error: decision {i} of the game record is not "
                              f"[seat, option number, label]")
    if not isinstance(record.get("source", ""), str):
        raise RecordError(f'{where}:1: error: the game record\'s "source" is not text (the pack\'s name or path)')
    decks = record.get("decks")
    if decks is not None and not (isinstance(decks, dict) and all(
            isinstance(v, list) and all(isinstance(n, str) for n in v) for v in decks.values())):
        raise RecordError(f'{where}:1: error: the game record\'s "decks" is not a mapping of places to lists of card names')
    cards = record.get("cards")
    if cards is not None and not (isinstance(cards, list) and all(isinstance(c, str) for c in cards)):
        raise RecordError(f'{where}:1: error: the game record\'s "cards" is not a list of card files')
    return record


def record_file(name: str, log_folder: Path, what: str) -> str:
    """Where the pack or card file a record names is: from here, else from the log's folder.
    A record is anyone's data, so what it names is read only inside the project: the folder
    cardtable runs in, the log's folder, the folders given with --root, and cardtable's own
    packs and card files (a built-in pack by its name). Raises RecordError for anything else."""
    option = "--pack" if what == "pack" else "--cards"
    bad = path_problem(name)
    if bad:
        raise RecordError(f'the record names the {what} "{shown(name)}": {bad}; give the {what} with {option}')
    path = Path(name)
    if not path.is_absolute() and not path.exists() and (log_folder / name).exists():
        path = log_folder / name
    if what == "pack" and "/" not in name and "\\" not in name and not path.exists():
        return name     # a built-in pack's name
    here = working_root()
    roots = [*([here] if here else []), Path(os.path.realpath(log_folder)), *given_roots_now(),
             Path(os.path.realpath(builtin_pack_dir())), Path(os.path.realpath(shared_cards()))]
    if refusal(path, roots):
        raise RecordError(f'the record names the {what} "{shown(name)}", which is outside this project: '
                          f"replay reads what a record names only in the folder it runs in, the log's folder "
                          f"and the folders given with --root; give the {what} with {option}")
    return str(path)


def game_for(record: dict, pack, card_sources: tuple = ()) -> Game:
    """The game a record was played in: its options, players and decks. The decks'
    cards are the pack's, or those of `card_sources` (the record's card files, read).
    Raises RecordError for a card that neither has."""
    decks = None
    if record.get("decks"):
        decks = {int(k) if k.isdecimal() and len(k) <= DIGITS else k: tuple(v) for k, v in record["decks"].items()}
        sources = [*card_sources, *pack.sources.values()]
        for names in decks.values():
            for name in names:
                if name not in pack.cards and _made(pack, name, sources) is None:
                    hint = " (it came from a card file: give it with --cards)" \
                        if record.get("cards") and not card_sources else ""
                    raise RecordError(f'its deck holds "{name}", a card the pack does not have{hint}')
    return Game(pack, record["options"], record["players"], decks)


def _made(pack, name: str, sources: list):
    """The card of that name made from the pack's imports or the card files, if any has it."""
    if pack.card_maker is None:
        return None
    try:
        return pack.card_maker.named(name, sources)
    except ImportProblem as e:
        raise RecordError(f'its deck holds "{name}": {e.message}') from None


@dataclass
class Replay:
    state: GameState
    done: int                    # decisions replayed
    parted: str | None = None    # why the replay parts ways with the record, if it does


def replay(game: Game, record: dict, stop: int | None = None) -> Replay:
    """Plays the record's decisions again (the first `stop` of them, if given); stops
    where the pack no longer offers what the record answered. A rule that breaks raises
    RuleError, as it does in any game."""
    state = game.new_initial_state(seed=record["seed"])
    names = [p.name for p in state.s.t.players]
    decisions = record["decisions"]
    upto = len(decisions) if stop is None else min(stop, len(decisions))
    for i in range(upto):
        seat, action, label = decisions[i]
        where = f"at decision {i + 1} (turn {state.s.turn})"
        who = names[seat] if 0 <= seat < len(names) else f"seat {seat}"
        if state.is_terminal():
            return Replay(state, i, f"{where}: the record has {who} choose \"{label}\", "
                                    f"but the game is already over")
        now = state.current_player()
        if now != seat:
            return Replay(state, i, f"{where}: the record has {who} decide, but the decision is "
                                    f"{names[now]}'s: {state.prompt()}")
        labels = state.legal_labels()
        if action >= len(labels) or labels[action] != label:
            offered = "; ".join(labels)
            return Replay(state, i, f"{where}: the record has {who} choose \"{label}\" (option {action}), "
                                    f"but the pack now asks \"{state.prompt()}\" and offers: {offered}")
        try:
            state.apply_action(action)
        except IllegalAction as e:
            return Replay(state, i, f"{where}: {e}")
    return Replay(state, upto)
