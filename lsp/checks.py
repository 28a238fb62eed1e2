"""The packs an editor has open, checked as `cardtable validate` checks them.

A file belongs to the pack of the nearest folder above it that holds a pack.yaml.
A pack is checked with the texts of its open files over its folder (a PackFiles
with on_disk=True: unsaved buffers win over the disk), by the same function as the
command (validate.validation, through recheck.Kept, which checks an edit inside
the cards of a card file alone); its problems are kept by file, and what the check
kept (its declarations, its names, its compiled texts) serves completion, hover and
go-to-definition until the next check.
"""
from __future__ import annotations

import gc
import os
import posixpath
from collections import defaultdict
from pathlib import Path

from ..interpreter.diagnostics import Problem, Report
from ..interpreter.packs.files import PackFiles
from ..interpreter.packs.recheck import Kept

PACK_FILE = "pack.yaml"


def pack_folder(path: Path) -> Path | None:
    """The folder of the pack `path` belongs to: the nearest one above it (or itself)
    that holds a pack.yaml."""
    try:
        for folder in [path, *path.parents] if path.is_dir() else path.parents:
            if (folder / PACK_FILE).is_file():
                return folder
    except OSError:         # a folder that cannot be looked into: no pack is found through it
        return None
    return None


def file_key(folder: Path, path: Path) -> str | None:
    """The key of `path` among the pack's files (its path from the pack's folder, with
    "/"), or None when it is not inside the folder."""
    try:
        rel = path.relative_to(folder)
    except ValueError:
        return None
    return posixpath.join(*rel.parts) if rel.parts else None


class PackCheck:
    """One pack as the editor sees it, and the result of its last check."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.kept: Kept | None = None            # the last whole check, kept for edits of card files
        self.texts: dict[str, str] = {}         # the open files' texts it was made with
        self.build = None                       # loader.Build of the last check that read pack.yaml
        self.problems: dict[Path, list[Problem]] = {}
        self.sources: dict[Path, str] = {}      # the texts the last whole check read, by file
        self.how = "whole"                      # how the last check went: whole, or cards (recheck.py)

    def run(self, texts: dict[str, str], whole: bool = False) -> None:
        """Check the pack with `texts` (open files, by key) over its folder: an edit of
        one card file alone when recheck.Kept can, else the whole pack."""
        changed = [k for k in texts.keys() | self.texts.keys() if texts.get(k) is not self.texts.get(k)
                   and texts.get(k) != self.texts.get(k)]
        if whole or self.kept is None or len(changed) != 1 or changed[0] not in texts \
                or not self.kept.edit(changed[0], texts[changed[0]]):
            self.kept = Kept(PackFiles(texts, str(self.folder), on_disk=True, pack_file=PACK_FILE))
            self.sources = {absolute(f): text for f, text in self.kept.whole.sources.items()}
            self.how = "whole"
            # What a whole check made lives until the next one: kept out of the cycle
            # collector's sweeps, an edit does not pay for a sweep through the whole pack
            # (a second for 10,000 cards). The cycles of the checks before, frozen with
            # them, are collected now and then (they were never: 13 MB more at each edit
            # of pack.yaml of a pack of 10,000 cards, without end).
            FROZEN.freeze()
        else:
            self.how = "cards"
        self.texts = dict(texts)
        if self.kept.build is not None and hasattr(self.kept.build, "decls"):
            self.build = self.kept.build
        self.problems = by_file(self.kept.problems)


class Frozen:
    """Objects kept out of the cycle collector's sweeps (gc.freeze). What dies frozen in a
    cycle is never collected, so once the frozen objects are a quarter more than after
    the last collection, they are thawed and collected (a second or two for a pack of
    10,000 cards, once every dozen whole checks of it), then frozen again."""

    GROWTH = 1.25

    def __init__(self):
        self.settled = 0        # the frozen objects after the last collection

    def freeze(self) -> None:
        gc.freeze()
        if gc.get_freeze_count() > self.GROWTH * self.settled:
            gc.unfreeze()
            gc.collect()
            gc.freeze()
            self.settled = gc.get_freeze_count()


FROZEN = Frozen()


def absolute(file: str) -> Path:
    return Path(os.path.abspath(file))


def by_file(problems: list[Problem]) -> dict[Path, list[Problem]]:
    out: dict[Path, list[Problem]] = defaultdict(list)
    for problem in problems:
        out[absolute(problem.file)].append(problem)
    return dict(out)
