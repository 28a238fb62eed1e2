"""The packs a workbench serves, and the only doors to their files.

A served pack is a folder. A request names a file of it by its path from that
folder; `Workspace.path` is the one place such a path becomes a file, and it refuses
anything that leads outside the folder: an absolute path, `..`, a symbolic link out,
a hidden file, a device (the sandbox of packs/project.py, with the pack's folder as
its only root). Saving goes through interpreter/outfiles.py's writer: all or nothing.

Loading a pack goes through the validator, with the editor's unsaved text in place
of its file on disk (a PackFiles over the folder), so the page shows exactly what
`cardtable validate` would say of the pack as it would be saved. The unsaved texts
are kept (`ServedPack.drafts`) until saved or typed back to what the file holds:
the editor reopens them, and simulate and compare can play the pack with them.
"""
from __future__ import annotations

import hashlib
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from ..interpreter.diagnostics import Report
from ..interpreter.packs.files import ENCODING, PackFiles
from ..interpreter.packs.finding import resolve_pack
from ..interpreter.infiles import TEXT_LIMIT, FileProblem, path_problem, read_file
from ..interpreter.packs.project import refusal
from ..interpreter.packs.validate import validated
from ..interpreter.outfiles import OutputError, write_output

# What the file list of a pack shows: the files a designer writes.
EDITABLE = (".yaml", ".yml", ".dsl", ".txt", ".json", ".md")


class Refused(Exception):
    """A request for a file the workbench may not touch; the message says why (a 4xx)."""

    def __init__(self, message: str, status: int = 403):
        super().__init__(message)
        self.status = status


class Conflict(Exception):
    """The file changed on disk since the editor opened it: `disk` is its text now."""

    def __init__(self, disk: str, sha: str):
        super().__init__("the file changed on disk since you opened it")
        self.disk, self.sha = disk, sha


def canonical(rel: str) -> str:
    """A path from a pack's folder as the pack's files are keyed: "cards//base.yaml",
    "./pack.yaml" and "cards/base.yaml/" are "cards/base.yaml" and "pack.yaml" (the
    unsaved text of one kept under another name was not checked, nor played). A path
    that leaves the folder stays as it is written, for ServedPack.path to refuse."""
    return PurePosixPath(rel).as_posix() if rel and rel.strip("./") else rel


def digest(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


@dataclass
class Loaded:
    """A pack as the validator sees it: the pack (None when it does not load) and the report;
    `shown` keeps what the pages make of it (its card faces), made once."""
    pack: object
    report: Report
    shown: dict = field(default_factory=dict, repr=False)


@dataclass(frozen=True)
class Draft:
    """A file's text as typed and not saved, and the digest of the file it was typed over."""
    text: str
    base: str


@dataclass
class ServedPack:
    key: str                 # its name in the workbench's addresses
    given: str               # as named on the command line
    folder: Path             # as messages name it
    real: Path               # where it is, links resolved: the only root of its files
    pack_file: str = "pack.yaml"
    generation: int = 0      # counts the changes seen on disk
    drafts: dict[str, Draft] = field(default_factory=dict)     # path -> unsaved text
    _cache: tuple | None = field(default=None, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _checks: _Checks = field(default_factory=lambda: _Checks(), repr=False)

    def load(self, unsaved: dict | None = None) -> Loaded:
        """The pack and its report, with `unsaved` texts (path -> text) over the files
        on disk; the pack as saved is loaded once per change on disk."""
        if unsaved:
            return self._validate(PackFiles(unsaved, str(self.folder), True, self.pack_file))
        with self._lock:
            if self._cache is None or self._cache[0] != self.generation:
                self._cache = (self.generation, self._validate(str(self.folder / self.pack_file)))
            return self._cache[1]

    def _validate(self, source) -> Loaded:
        report = Report()
        try:
            pack = validated(source, report)
        except RecursionError:
            report.add(str(self.folder / self.pack_file), 1, 1, "the pack is nested too deeply to read")
            pack = None
        return Loaded(pack, report)

    def changed(self) -> None:
        self.generation += 1

    def checked(self, rel: str | None = None, text: str = "", base: str | None = None) -> Loaded:
        """The pack with the texts typed and not saved, after keeping `text` typed over the
        file `rel` (when given). One check of the pack runs at a time: the requests that
        arrive meanwhile wait for the next, which checks the texts of them all, where each
        made its own check of the whole pack (a pack of 10,000 cards takes seconds and
        hundreds of megabytes to check, and a page sends a check at each pause in typing)."""
        c = self._checks
        with c.turn:
            if rel is not None:
                self.typed(rel, text, base)
                c.extra[rel] = text         # a file no longer on disk is checked with it all the same
            c.asked += 1
            mine = c.asked
            while c.covered < mine and c.running:
                c.turn.wait()
            if c.covered >= mine:
                return c.result
            c.running, covers = True, c.asked
            texts, c.extra = {**self.unsaved(), **c.extra}, {}
        result = None
        try:
            result = self.load(texts)
            return result
        finally:
            with c.turn:
                c.running = False
                if result is not None:
                    c.covered, c.result = covers, result
                c.turn.notify_all()

    # ---------------------------------------------------------------- unsaved texts
    def typed(self, rel: str, text: str, base: str | None) -> None:
        """Keeps `text`, typed over the file `rel` as it was when `base` was its digest,
        until it is saved; a text the same as the file's forgets the draft. Only the
        pack's existing files have drafts (an editor opens nothing else)."""
        now = self._current(rel)
        if now is None or now[0] == text.encode(*ENCODING):
            self.drafts.pop(rel, None)
        else:
            self.drafts[rel] = Draft(text, base or now[1])

    def unsaved(self) -> dict[str, str]:
        """The texts typed and not saved, by path: what `load` and PackFiles take."""
        return {rel: d.text for rel, d in sorted(self.drafts.items())}

    def files_of(self, unsaved: bool) -> PackFiles | None:
        """The pack's files with its unsaved texts over the folder, when asked for and
        there are any; None: the pack as saved."""
        if not unsaved or not self.drafts:
            return None
        return PackFiles(self.unsaved(), str(self.folder), True, self.pack_file)

    # ---------------------------------------------------------------- files
    def path(self, rel: str) -> Path:
        """The file `rel` (a path from the pack's folder, with "/") names; raises Refused
        when it is not one of the pack's."""
        bad = path_problem(rel)
        if bad:
            raise Refused(f"{rel!r}: {bad}", 400)
        parts = PurePosixPath(rel.replace("\\", "/"))
        if not rel or parts.is_absolute() or ".." in parts.parts or ":" in parts.parts[0]:
            raise Refused(f'"{rel}" is not a path inside the pack\'s folder (write it from the folder, without "..")')
        path = self.real / parts
        why = refusal(path, [self.real], "the pack's folder")     # the workbench's only root
        if why:
            raise Refused(f'"{rel}": {why.replace("a pack reads", "the workbench opens")}')
        return path

    def read(self, rel: str) -> bytes:
        try:
            return read_file(self.path(rel), TEXT_LIMIT)
        except FileProblem as e:
            raise Refused(f'"{rel}": {e.message}', 404 if e.missing else 403) from None

    def write(self, rel: str, text: str, base: str | None) -> str:
        """Writes `text` to the file `rel`, byte for byte, all or nothing; `base` is the
        digest of the file as the editor opened it (None for a new file). Raises Conflict
        when the file is no longer that, Refused when it may not be written. Returns the
        new digest."""
        path = self.path(rel)
        raw = text.encode(*ENCODING)
        if len(raw) > TEXT_LIMIT:
            raise Refused(f'"{rel}": the text is larger than a pack file may be', 413)
        now = self._current(rel)
        if now is not None and now[1] != base or now is None and base is not None:
            raise Conflict(now[0].decode(*ENCODING) if now else "", now[1] if now else "")
        if not path.parent.is_dir():
            raise Refused(f'"{rel}": its folder does not exist', 404)
        try:
            write_output(str(path), raw, "the file", edit=True)     # the file it read, changed
        except OutputError as e:
            raise Refused(f'"{rel}": cannot write it: {e.reason}') from None
        self.drafts.pop(rel, None)
        return digest(raw)

    def _current(self, rel: str) -> tuple[bytes, str] | None:
        try:
            raw = self.read(rel)
        except Refused as e:
            if e.status == 404 and not os.path.lexists(self.path(rel)):
                return None
            raise
        return raw, digest(raw)

    def files(self) -> list[str]:
        """The pack's own files a designer edits, by their path from its folder."""
        out = []
        for root, dirs, names in os.walk(self.real):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
            for name in sorted(names):
                if name.endswith(EDITABLE) and not name.startswith("."):
                    out.append(Path(root, name).relative_to(self.real).as_posix())
        return sorted(out, key=lambda p: (p != self.pack_file, "/" in p, p))

    def relative(self, file: str) -> str | None:
        """The path from the pack's folder of a file a message names, if it is the pack's."""
        real = Path(os.path.realpath(file))
        if real.is_relative_to(self.real):
            return real.relative_to(self.real).as_posix()
        return None


@dataclass
class _Checks:
    """The checks of a pack with its unsaved texts (ServedPack.checked): requests are counted
    as they come, and a check covers those counted when it started."""
    turn: threading.Condition = field(default_factory=threading.Condition)
    asked: int = 0
    covered: int = 0
    running: bool = False
    result: Loaded | None = None
    extra: dict = field(default_factory=dict)


class Workspace:
    """The served packs, by key."""

    def __init__(self, packs: dict[str, ServedPack]):
        self.packs = packs

    @classmethod
    def of(cls, names: list[str]) -> Workspace:
        """The packs named (built-in names, folders or pack.yaml paths); raises Refused
        for one that cannot be found."""
        packs: dict[str, ServedPack] = {}
        for name in names:
            report = Report()
            found = resolve_pack(name, report)
            if found is None:
                problem = report.problems[0].message if report.problems else "no such pack"
                raise Refused(f"{name}: {problem}", 400)
            folder = Path(found).parent
            key = base = folder.resolve().name or "pack"
            n = 1
            while key in packs:
                n += 1
                key = f"{base}-{n}"
            if any(p.real == folder.resolve() for p in packs.values()):
                continue
            packs[key] = ServedPack(key, name, folder, folder.resolve(), Path(found).name)
        return cls(packs)

    def get(self, key: str) -> ServedPack:
        pack = self.packs.get(key)
        if pack is None:
            raise Refused(f'no pack "{key}" is served here', 404)
        return pack

    def owner(self, path: str) -> ServedPack | None:
        real = Path(os.path.realpath(path))
        return next((p for p in self.packs.values() if real.is_relative_to(p.real)), None)
