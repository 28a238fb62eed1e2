"""A pack's files as a value: the first stage of loading a pack.

`PackFiles` holds the texts of a pack by their path from the pack's folder: pack.yaml
and every file it reads (card files, imported card data, deck lists). Its `sha256`
identifies the rules: the same texts, the same pack. A loaded pack keeps the PackFiles
of everything it read (`Pack.files`), so that a worker process can build the same pack
again from it alone, and check that it did by the hash.

A PackFiles given to `load_pack` is read instead of the disk: a pack that exists only
in memory, or, with `on_disk=True`, the unsaved buffers of an editor over a pack on
disk (files not among the texts are then read from the folder).

cardtable's shared card sets (`from: standard54`) are part of a pack's texts too, by
content, under `cardtable:cards/NAME.yaml`: a pack that imports them plays by them,
so its hash must change when they do. A pack that has them among its texts reads
them from there; otherwise from cardtable's own cards/.

Reading from disk keeps every rule of project.py and infiles.py: a pack reads only
regular files inside its project, within the size limits. Texts given in memory are
held to the same size limits.
"""
from __future__ import annotations

import glob as globbing
import hashlib
import os
import posixpath
from collections.abc import Mapping
from dataclasses import dataclass
from fnmatch import fnmatchcase
from functools import cached_property
from pathlib import Path

from ..infiles import FileProblem, path_problem, read_file, too_large
from .finding import from_here
from .project import pack_file, pack_glob, shared_card_sets

SHARED = "cardtable:cards/"      # the key of a shared card set: SHARED + its name + ".yaml"
ENCODING = ("utf-8", "surrogateescape")   # a file's bytes as text and back, whatever they are


@dataclass(frozen=True)
class PackFiles:
    """The texts of a pack by path (relative to its folder, with "/"), and their hash.

    folder: where the pack is, as messages show its files (and, with on_disk, where
    files not among the texts are read). pack_file: the key of the pack document."""
    texts: Mapping[str, str]
    folder: str = "."
    on_disk: bool = False
    pack_file: str = "pack.yaml"

    def __post_init__(self):
        # Said at the door, not by the hash or the reader once the pack loads.
        if not isinstance(self.texts, Mapping):
            raise TypeError(f"PackFiles takes the texts of a pack by path (a mapping), not {type(self.texts).__name__}")
        object.__setattr__(self, "texts", dict(self.texts))
        for path, text in self.texts.items():
            if not isinstance(path, str) or not isinstance(text, str):
                raise TypeError(f"PackFiles takes each file's path and text as str: {path!r} has "
                                f"{'a path' if not isinstance(path, str) else 'a text'} of type "
                                f"{type(text if isinstance(path, str) else path).__name__}")

    @cached_property
    def sha256(self) -> str:
        """Worked out when first asked for: loading a pack does not wait for it."""
        return content_hash(self.texts)


def content_hash(texts: Mapping[str, str]) -> str:
    """SHA-256 over the (path, text) pairs in path order, each part preceded by its length
    in bytes, so that no two different sets of files give the same bytes to hash."""
    h = hashlib.sha256(b"cardtable-pack-files/1\n")
    for path in sorted(texts):
        for part in (path.encode("utf-8"), texts[path].encode(*ENCODING)):
            h.update(b"%d:" % len(part))
            h.update(part)
    return h.hexdigest()


def _key(written: str) -> str:
    return posixpath.normpath(written.replace("\\", "/"))


class Reader:
    """Where a pack's files come from while it loads (memory first, then the disk when
    allowed), with each file's bytes kept as they were read."""

    def __init__(self, folder: Path, given: PackFiles | None = None):
        self.folder = folder
        self.memory = dict(given.texts) if given is not None else {}
        self.on_disk = given is None or given.on_disk
        self.read: dict[str, bytes] = {}

    def files(self, pack_key: str) -> PackFiles:
        """Everything read so far, as a PackFiles that needs no disk."""
        texts = {key: raw.decode(*ENCODING) for key, raw in self.read.items()}
        return PackFiles(texts, str(self.folder), False, pack_key)

    def bytes(self, key: str, path, limit: int) -> bytes:
        """The bytes of the file `key`, at `path` on disk; raises FileProblem."""
        if key in self.memory:
            raw = self.memory[key].encode(*ENCODING)
            if len(raw) > limit:
                raise FileProblem(path, too_large(len(raw), limit))
        elif self.on_disk or key.startswith(SHARED):
            raw = read_file(path, limit)
        else:
            raise FileProblem(path, "no such file", missing=True)
        self.read[key] = raw
        return raw

    def reading(self, key: str, path, limit: int):
        """A function that reads the file when called (what the YAML reader takes)."""
        return lambda: self.bytes(key, path, limit)

    def pack_file(self, written: str, limit: int | None = None) -> tuple[str, Path]:
        """The key and the path of the file the pack names `written`; raises FileProblem
        when the pack may not read it (project.pack_file) or it is not there."""
        key = _key(written)
        if key in self.memory:
            bad = path_problem(written)
            if bad:
                raise FileProblem(written, bad)
            return key, self.folder / written
        if not self.on_disk:
            raise FileProblem(written, "no such file", missing=True)
        return key, pack_file(self.folder, written, limit)

    def glob(self, pattern: str) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        """(key, path) of the files a `cards:` pattern finds, and (file, why) of those the
        pack may not read (project.pack_glob), in path order."""
        found, refused = pack_glob(self.folder, pattern) if self.on_disk else ([], [])
        keys = {_key(os.path.relpath(path, self.folder)): path for path in found}
        want = _key(pattern).split("/")
        for key in self.memory:
            parts = key.split("/")
            if len(parts) == len(want) and all(_matches(p, w) for p, w in zip(parts, want)):
                keys.setdefault(key, str(self.folder / key))
        return sorted(keys.items(), key=lambda item: item[1]), refused

    def has(self, written: str) -> bool:
        """Whether the pack has a file `written` (a file of the pack's own wins over a
        shared card set of that name)."""
        return _key(written) in self.memory or (self.on_disk and os.path.lexists(self.folder / written))

    def names_beside(self, written: str) -> list[str]:
        """The names of the files in memory in the folder of `written`."""
        folder = posixpath.dirname(_key(written))
        return [posixpath.basename(k) for k in self.memory if posixpath.dirname(k) == folder]

    def shared_set(self, name: str) -> tuple[str, Path]:
        return SHARED + name + ".yaml", from_here(shared_card_sets()[name])


def _matches(part: str, wanted: str) -> bool:
    """One part of a path against one part of a pattern, as glob matches them: a name
    starting with "." only by a pattern that does."""
    if part.startswith(".") and not wanted.startswith("."):
        return False
    return fnmatchcase(part, wanted) if globbing.has_magic(wanted) else part == wanted
