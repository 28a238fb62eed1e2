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
import math
import os
from dataclasses import dataclass
from pathlib import Path

from ..engine.decisions import IllegalAction
from ..engine.game import Game, GameState
from ..engine.limits import DIGITS
from ..infiles import DATA_LIMIT, FileProblem, path_problem, read_text
from ..packs.changes import ChangeError, changed, from_data
from ..packs.finding import builtin_pack_dir
from ..packs.rulesets import ruleset_of
from ..packs.importing import ImportProblem
from ..packs.project import given_roots_now, refusal, shared_cards, shown, working_root

FORMAT = "cardtable-game/1"


class RecordError(ValueError):
    """A log that is not a game record; the message names the file and line."""


def game_record(game: Game, state: GameState | None, seed: int, source: str, agents=None, cards=(),
                turn: int = 1) -> dict:
    """The record of a game; without a `state`, of one whose rules broke before its first
    decision on `turn` (no decisions, no result), the turn its error names."""
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
    if state is None:
        record.update(decisions=[], result=None, turns=turn)
        if game.pack.ranks:
            record["places"] = None
        return record
    record["decisions"] = [[seat, action, label] for seat, action, label in state.history]
    record["result"] = state.returns() if state.is_terminal() else None
    if game.pack.ranks:
        record["places"] = state.places()
    record["turns"] = state.turn
    return record


def dumps(record: dict) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


_REQUIRED = {"pack": str, "options": dict, "players": int, "seed": int, "decisions": list}


def is_whole(v, least=None) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and (least is None or v >= least)


def _texts(v) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


def is_number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _scalar(v) -> bool:
    return isinstance(v, str) or isinstance(v, bool) or is_number(v)


# What the optional parts and the contents of a record must be (None: absent), and
# what each is, for the message that refuses it.
_SHAPES = {
    # A record of another kind, or written by a later cardtable, is not read as one of these.
    "format": (lambda v: v == FORMAT, f'is not "{FORMAT}", the only kind of game record this cardtable reads'),
    "version": (lambda v: isinstance(v, str), "is not text"),
    "source": (lambda v: isinstance(v, str), "is not text (the name or path of the pack)"),
    "pack": (lambda v: v.strip() != "", "is empty (it takes the id of the pack)"),
    "options": (lambda v: all(isinstance(k, str) and _scalar(x) for k, x in v.items()),
                "is not a mapping of option names to text, numbers or true/false"),
    "players": (lambda v: v >= 1, "is not a whole number of at least 1"),
    "decks": (lambda v: isinstance(v, dict) and all(_texts(x) for x in v.values()),
              "is not a mapping of places to lists of card names"),
    "cards": (_texts, "is not a list of card files"),
    "agents": (_texts, "is not a list of agents"),
    "result": (lambda v: isinstance(v, list) and all(is_number(x) for x in v),
               "is not a list of numbers, one a player, or null for a game not finished"),
    "turns": (lambda v: is_whole(v, 0), "is not a whole number of at least 0"),
    "ruleset": (lambda v: isinstance(v, str), "is not text (the name of one of the pack's rulesets)"),
    "changes": (lambda v: isinstance(v, list) and all(
        isinstance(c, list) and len(c) in (4, 5) and all(isinstance(x, str) for x in c[:2])
        and (c[2] is None or isinstance(c[2], str)) and (c[3] is None or _scalar(c[3]))
        and (len(c) == 4 or is_whole(c[4], 0)) for c in v),
        "is not a list of card changes [cards, kind, property, value, seat]"),
    "places": (lambda v: isinstance(v, list) and all(is_whole(x, 1) for x in v),
               "is not a list of places (whole numbers from 1), one a player, or null for a game not finished"),
}


RUN_FORMAT = "cardtable-run/1"     # the manifest on the first line of a run's file (runlog.py)


def read_records(path) -> list[tuple[int, dict | RecordError]]:
    """The game records of a JSON-lines file, each checked for what a replay needs,
    with its line number. A line that is not a game record has a RecordError in
    its place, so that the other games of the file can still be replayed."""
    return read_log(path)[1]


def read_log(path) -> tuple[dict | None, list[tuple[int, dict | RecordError]]]:
    """The manifest of the run that wrote the file (None if it has none), and its
    game records as read_records gives them."""
    path = Path(path)
    try:
        text = read_text(path, DATA_LIMIT)
    except FileProblem as e:
        raise RecordError(f"{e.place()}: error: {'not a file of game records: ' if e.at else ''}{e.message}") from None
    return parse_log(text, path)


def parse_records(text: str, path) -> list[tuple[int, dict | RecordError]]:
    """The game records of the text of a JSON-lines file named `path` (as read_records)."""
    return parse_log(text, path)[1]


def parse_log(text: str, path) -> tuple[dict | None, list[tuple[int, dict | RecordError]]]:
    """The manifest and the game records of the text of a JSON-lines file (as read_log)."""
    records, head = [], None
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        if number == 1 and RUN_FORMAT in line:
            try:
                first = parsed_line(line, f"{path}:{number}")
            except RecordError:
                first = None
            if first is not None and first.get("format") == RUN_FORMAT:
                head = first
                continue
        try:
            records.append((number, _record(line, f"{path}:{number}")))
        except RecordError as e:
            records.append((number, e))
    if not records:
        raise RecordError(f"{path}:1:1: error: the file holds no game record")
    return head, records


# The parts of a record that say one thing a player (what each is called), which the
# telling of how a game ended reads player by player.
_PER_PLAYER = {"result": "number", "places": "place"}
_KINDS = {str: "text", dict: "a mapping", int: "a whole number", list: "a list"}


def _record(line: str, where: str) -> dict:
    return checked(parsed_line(line, where), where)


def checked(record: dict, where: str) -> dict:
    """The record, when it holds what a replay needs and each part of it is of its kind;
    raises RecordError, placed at `where` (the file and line), when not."""
    for key, kind in _REQUIRED.items():
        value = record.get(key)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            problem = "has no" if value is None else "has a wrong"
            raise RecordError(f'{where}:1: error: the game record {problem} "{key}" (it takes {_KINDS[kind]})')
    for key, (fits, what) in _SHAPES.items():
        value = record.get(key)
        if value is not None and not fits(value):
            raise RecordError(f'{where}:1: error: the game record\'s "{key}" {what}')
    for i, d in enumerate(record["decisions"], 1):
        if not (isinstance(d, list) and len(d) == 3 and is_whole(d[0], 0) and is_whole(d[1], 0)
                and isinstance(d[2], str)):
            raise RecordError(f"{where}:1: error: decision {i} of the game record is not "
                              f"[seat, option number, label]")
    for key, unit in _PER_PLAYER.items():
        value = record.get(key)
        if value is not None and len(value) != record["players"]:
            raise RecordError(f'{where}:1: error: the game record\'s "{key}" has {len(value)} '
                              f'{unit}{"s" if len(value) != 1 else ""} for {record["players"]} players')
    return record


def parsed_line(line: str, where: str, what: str = "a game record") -> dict:
    """The JSON object of a line of a file of records (`what` it is said to be when it is
    not); NaN and Infinity, which JSON does not have, refused, and numbers of more than
    DIGITS digits."""
    def refuse(constant):
        raise RecordError(f"{where}:1: error: not {what}: {constant} is not a number JSON has")

    def whole(text: str) -> int:
        # A number of thousands of digits is in no record (and Python would refuse to read it).
        if len(text) > DIGITS:
            raise RecordError(f"{where}:{line.find(text) + 1}: error: not {what}: a number of "
                              f"{len(text):,} digits (a record's numbers have at most {DIGITS})")
        return int(text)
    try:
        record = json.loads(line, parse_constant=refuse, parse_int=whole)
    except RecordError:
        raise
    except json.JSONDecodeError as e:
        raise RecordError(f"{where}:{e.colno}: error: not {what}: {e.msg}") from None
    except RecursionError:
        raise RecordError(f"{where}:1: error: not {what}: lists or mappings nested too deep") from None
    if not isinstance(record, dict):
        raise RecordError(f"{where}:1: error: not {what}: a line holds one JSON object")
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
    try:
        ruleset = ruleset_of(pack, record.get("ruleset"))
        changes = (ruleset.changes if ruleset else ()) + from_data(record.get("changes"))
        pack, decks = changed(pack, changes, decks)
    except ChangeError as e:
        raise RecordError(f"its ruleset or card changes do not fit the pack: {e}") from None
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
    names = state.seat_names
    decisions = record["decisions"]
    upto = len(decisions) if stop is None else min(stop, len(decisions))
    for i in range(upto):
        seat, action, label = decisions[i]
        where = f"at decision {i + 1} (turn {state.turn})"
        who = names[seat] if 0 <= seat < len(names) else f"seat {seat}"
        if state.is_terminal():
            return Replay(state, i, f"{where}: the record has {who} choose \"{label}\", "
                                    f"but the game is already over")
        now = state.current_player()
        if now != seat:
            return Replay(state, i, f"{where}: the record has {who} decide, but the decision is "
                                    f"{names[now]}'s: {state.prompt()}")
        labels = state.legal_labels()
        if not 0 <= action < len(labels) or labels[action] != label:
            offered = "; ".join(labels)
            return Replay(state, i, f"{where}: the record has {who} choose \"{label}\" (option {action}), "
                                    f"but the pack now asks \"{state.prompt()}\" and offers: {offered}")
        try:
            state.apply_action(action)
        except IllegalAction as e:
            return Replay(state, i, f"{where}: {e}")
    return Replay(state, upto)
