"""The packs an editor has open, checked as `cardtable validate` checks them.

A file belongs to the pack of the nearest folder above it that holds a pack.yaml.
A pack is checked with the texts of its open files over its folder (a PackFiles
with on_disk=True: unsaved buffers win over the disk), by the same function as the
command (validate.check_pack_files); its problems are kept by file, and what the
check kept (its declarations, its names, its compiled texts) serves completion,
hover and go-to-definition until the next check.
"""
from __future__ import annotations

import os
import posixpath
from collections import defaultdict
from pathlib import Path

from ..interpreter.diagnostics import Problem, Report
from ..interpreter.packs.files import PackFiles
from ..interpreter.packs.validate import check_pack_files

PACK_FILE = "pack.yaml"


def pack_folder(path: Path) -> Path | None:
    """The folder of the pack `path` belongs to: the nearest one above it (or itself)
    that holds a pack.yaml."""
    for folder in [path, *path.parents] if path.is_dir() else path.parents:
        if (folder / PACK_FILE).is_file():
            return folder
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
        self.build = None                       # loader.Build of the last check that read pack.yaml
        self.problems: dict[Path, list[Problem]] = {}
        self.sources: dict[Path, str] = {}      # the texts the last check read, by file
        self.files: set[Path] = set()           # the files the last check read (its own)

    def run(self, texts: dict[str, str]) -> None:
        """Check the pack with `texts` (open files, by key) over its folder."""
        report = Report()
        files = PackFiles(texts, str(self.folder), on_disk=True, pack_file=PACK_FILE)
        build = check_pack_files(files, report)
        if build is not None and hasattr(build, "decls"):
            self.build = build
        self.problems = by_file(report.problems)
        self.sources = {absolute(file): text for file, text in report.sources.items()}
        self.files = set(self.sources) | set(self.problems)

    def owns(self, path: Path) -> bool:
        return path in self.files


def absolute(file: str) -> Path:
    return Path(os.path.abspath(file))


def by_file(problems: list[Problem]) -> dict[Path, list[Problem]]:
    out: dict[Path, list[Problem]] = defaultdict(list)
    for problem in problems:
        out[absolute(problem.file)].append(problem)
    return dict(out)
