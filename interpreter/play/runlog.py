"""A run's file (`--out`): its manifest on the first line, then one line a game, written
as the games finish, in the order of the run.

The manifest says what makes the games what they are: the command, cardtable's
version, the pack of each version played (id, version, the name or path it was
given by, the hash of its content), the options, card changes, agents, seeds, number
of games and players; and where they were played (backend, address, jobs), which
changes nothing in them. A game's line is its game record (records.py: `cardtable
replay` reads it) with its number in the run (`run`) and what the summary needs of it
(`stats`), so that a summary can be made again from the file alone.

`--resume` reads the file back: the same run (everything but where it is played) has
its finished games kept and only the others played; a line cut off by a killed run
is dropped and played again. A line that is not one of the run's games (its number,
pack, players and seed), or whose stats the summary could not read, is refused
before any game is played.
"""
from __future__ import annotations

import json
from pathlib import Path

from ... import __version__
from ..infiles import DATA_LIMIT, FileProblem, read_text
from ..outfiles import Lines
from .records import RUN_FORMAT as FORMAT
from .records import RecordError, checked, dumps, is_number, is_whole, parsed_line

WHERE = ("backend", "address", "jobs")      # how a run is played, not what it plays


class RunError(Exception):
    """A file that --resume cannot continue; the message names it and says why."""


def manifest(command: str, batches: list, prepared: list) -> dict:
    first = batches[0]
    versions = []
    for batch, (game, spec) in zip(batches, prepared):
        version = {"label": batch.label, "pack": game.pack.id, "version": game.pack.version, "source": batch.pack,
                   "sha256": spec.files.sha256, "options": dict(game.options)}
        if batch.ruleset:
            version["ruleset"] = batch.ruleset
        if batch.changes:
            version["changes"] = [c.as_data() for c in batch.changes]
        if batch.seat_decks:
            version["seat_decks"] = list(batch.seat_decks)
        if batch.decks or batch.cards:
            version["decks"], version["cards"] = list(batch.decks), list(batch.cards)
        versions.append(version)
    return {"format": FORMAT, "command": command, "cardtable": __version__, "games": first.games,
            "seed": first.seed, "players": prepared[0][0].num_players, "agents": list(first.agents),
            "rotate": first.rotate, "versions": versions,
            "backend": first.backend, "address": first.address, "jobs": first.jobs}


def game_line(k: int, result: dict) -> str:
    stats = {key: value for key, value in result.items() if key != "record"}
    return dumps({**result["record"], "run": k, "stats": stats})


def result_of(line: dict) -> dict:
    record = {key: value for key, value in line.items() if key not in ("run", "stats")}
    return {**line["stats"], "record": record}


def is_manifest(line: dict) -> bool:
    return isinstance(line, dict) and line.get("format") == FORMAT


class RunOut:
    """Writes the run's games to its file in run order, as they finish: a game that
    finishes before one that comes earlier waits for it."""

    def __init__(self, path: str, head: dict, done: dict, resume: bool):
        self.lines = Lines(path, "the game records", resume and bool(done))
        if not (resume and done):
            self.lines.write(dumps(head))
        self.done, self.waiting, self.next = done, {}, 0
        self.written = len(done)

    def take(self, k: int, result: dict) -> None:
        self.waiting[k] = result
        while True:
            while self.next in self.done:
                self.next += 1
            if self.next not in self.waiting:
                return
            self.lines.write(game_line(self.next, self.waiting.pop(self.next)))
            self.written += 1
            self.next += 1

    def close(self) -> None:
        self.lines.close()


def resumed(path: str, head: dict) -> dict:
    """The finished games of the run in `path`, by run number, after checking that it is
    the run `head` describes. Nothing there yet: no game finished."""
    file = Path(path)
    if path == "-" or not file.exists():
        return {}
    try:
        text = read_text(file, DATA_LIMIT, note=False)       # the run's own file, to go on writing
    except FileProblem as e:
        if e.at is None:
            raise RunError(f"{path}: {e.message}") from None
        raise RunError(f"{e.place()}: error: not a file of game records: {e.message}; --resume continues a run "
                       f"that --out wrote") from None
    lines = text[:text.rfind("\n") + 1].splitlines()
    if not lines:
        # A run killed while it wrote its manifest starts again; any other text is not a run's.
        start = dumps({"format": FORMAT})[:-1]
        if text.strip() and not (text.startswith(start) or start.startswith(text)):
            raise _no_manifest(path)
        return {}
    first = _parsed(lines[0], path, 1)
    if not is_manifest(first):
        raise _no_manifest(path)
    _same(first, head, path)
    done, line_of = {}, {}
    for number, line in enumerate(lines[1:], 2):
        entry = _parsed(line, path, number)
        k = _numbered(entry, head, f"{path}:{number}", line_of)
        # A summary made of what the file says must be the one the games played give.
        problem = _not_game(entry, head, k) or _stats_problem(entry["stats"], entry, head["players"])
        if problem:
            raise RunError(f"{path}:{number}:1: error: {problem}")
        line_of[k] = number
        done[k] = result_of(entry)
    return done


def _numbered(entry: dict, head: dict, where: str, line_of: dict) -> int:
    """The number in the run of a game's line (a game record with "run" and "stats"),
    one of the run's and on no line before (`line_of`)."""
    if "run" not in entry or "stats" not in entry:
        raise RunError(f'{where}:1: error: not a game of the run (it has no "run" and "stats")')
    try:
        checked(entry, where)
    except RecordError as e:
        raise RunError(str(e)) from None
    total = head["games"] * len(head["versions"])
    k = entry["run"]
    if not is_whole(k, 0) or k >= total:
        said = k if is_whole(k) else "not a whole number"
        raise RunError(f'{where}:1: error: the game\'s "run" is {said}: the run\'s games are numbered 0 to {total - 1}')
    if k in line_of:
        raise RunError(f'{where}:1: error: the game\'s "run" is {k}, as is that of line {line_of[k]}: '
                       f'a run plays each of its games once')
    return k


def _not_game(record: dict, head: dict, k: int) -> str | None:
    """What makes a game's record other than game `k` of the run `head` describes."""
    games = head["games"]
    pack, seed = head["versions"][k // games]["pack"], head["seed"] + k % games
    if record["pack"] != pack:
        return f'the game is one of the pack "{record["pack"]}", and the run\'s manifest says "{pack}"'
    if record["players"] != head["players"]:
        return f'the game has {record["players"]} players, and the run\'s manifest says {head["players"]}'
    if record["seed"] != seed:
        return (f'the game\'s "seed" is {record["seed"]}, not {seed}, the seed of "run" {k} (the run\'s seed, '
                f'{head["seed"]}, plus {k % games})')
    return None


def _stats_shapes(n: int) -> dict:
    """What each part of a game's "stats" must be in a game of n players (the summaries
    read them all), and what it takes, for the message that refuses it."""
    def seat(v) -> bool:
        return is_whole(v, 0) and v < n

    def each_player(fits):
        return lambda v: isinstance(v, list) and len(v) == n and all(fits(x) for x in v)

    def tally(v) -> bool:
        return isinstance(v, dict) and all(isinstance(name, str) and is_whole(x, 1) for name, x in v.items())
    count = (lambda v: is_whole(v, 0), "a whole number of at least 0")
    return {"seed": (is_whole, "a whole number"),
            "agents": (each_player(lambda x: isinstance(x, str)), f"a list of {n} agents, one a player"),
            "first": (seat, f"a seat, 0 to {n - 1}"),
            "result": (each_player(is_number), f"a list of {n} numbers, one a player"),
            "places": (each_player(lambda x: is_whole(x, 1)), f"a list of {n} places from 1, one a player"),
            "turns": count, "decisions": count, "options": count, "choices": count,
            "plays": (each_player(tally), f"a list of {n} mappings of card names to how often the player played "
                                          f"them"),
            "leaders": (lambda v: isinstance(v, list) and all(x is None or seat(x) for x in v),
                        f"a list of seats, 0 to {n - 1}, or null, one a turn")}


def _stats_problem(stats, record: dict, n: int) -> str | None:
    """What is wrong with a game's "stats" in a run of n players, or how they differ from
    its record."""
    if not isinstance(stats, dict):
        return 'the game\'s "stats" is not a mapping'
    for key, (fits, what) in _stats_shapes(n).items():
        if key not in stats or not fits(stats[key]):
            problem = "has a wrong" if key in stats else "has no"
            return f'the game\'s "stats" {problem} "{key}" (it takes {what})'
    said = {**{key: record[key] for key in ("seed", "agents", "result", "places", "turns") if key in record},
            "decisions": len(record["decisions"])}
    differ = [key for key, value in said.items() if stats[key] != value]
    return f'the game\'s "stats" and its record differ in "{differ[0]}"' if differ else None


def _no_manifest(path: str) -> RunError:
    return RunError(f"{path}:1:1: error: the file has no manifest on its first line: it was not written by "
                    f"a run of cardtable {__version__}, and --resume cannot tell which games it holds")


def _parsed(line: str, path: str, number: int) -> dict:
    try:
        return parsed_line(line, f"{path}:{number}", "a line of a run")
    except RecordError as e:
        raise RunError(str(e)) from None


def _same(old: dict, new: dict, path: str) -> None:
    """Refuses to continue a run with other games than it started."""
    for key in new:
        if key in WHERE or old.get(key) == new[key]:
            continue
        said = _versions_differ(old.get(key), new[key]) if key == "versions" else None
        said = said or f'"{key}" (the file\'s: {json.dumps(old.get(key))}; this run\'s: {json.dumps(new[key])})'
        raise RunError(f"{path}: --resume continues the same run, and this one differs in {said}: "
                       f"give another --out, or leave out --resume to replace the file")


_PART = {"pack": "the pack", "version": "the pack's version", "source": "the pack's name as given",
         "sha256": "the pack's content (its files have changed)", "ruleset": "the ruleset", "changes": "the card changes",
         "seat_decks": "the decks of the seats", "decks": "the deck lists", "cards": "the card files", "label": "the label"}


def _versions_differ(old, new: list) -> str | None:
    """The first part of the packs played that differs, in words (None: the file's are
    not a list of versions, as a hand-edited manifest may hold)."""
    if not isinstance(old, list) or not all(isinstance(v, dict) for v in old):
        return None
    if len(old) != len(new):
        return f"the number of versions played (the file's: {len(old)}; this run's: {len(new)})"
    for was, now in zip(old, new):
        for key in sorted(set(was) | set(now), key=lambda k: (k != "sha256", k)):
            if was.get(key) == now.get(key):
                continue
            if key == "options" and isinstance(was.get(key), dict):
                return _option_differs(was[key], now[key])
            if key == "sha256":
                return _PART[key]
            return (f"{_PART.get(key, json.dumps(key))} (the file's: {json.dumps(was.get(key))}; "
                    f"this run's: {json.dumps(now.get(key))})")
    return None


def _option_differs(was: dict, now: dict) -> str:
    name = next(k for k in sorted(set(was) | set(now)) if was.get(k) != now.get(k))
    return f'option "{name}" (the file\'s: {json.dumps(was.get(name))}; this run\'s: {json.dumps(now.get(name))})'

