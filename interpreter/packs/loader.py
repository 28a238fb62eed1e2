"""Loading a pack, in stages that each produce a value: its files (files.PackFiles), the
names it declares (declarations.Declarations), then one builder for each section of
pack.yaml (sections.SECTIONS), whose results make one frozen Pack. Every problem is
reported with its file, line and column.
"""
from __future__ import annotations

import gc
from contextlib import contextmanager
from pathlib import Path

from ..diagnostics import Report, render
from ..engine.model import Pack
from ..engine.state import flags_of
from ..lang import fuse
from .build import Build
from .cardfiles import card_files
from .files import PackFiles, Reader
from .finding import resolve_pack
from .schemacheck import fits_schema, read_yaml
from .sections import build_sections
from .syntax import check_syntax, read_fitting
from .yamlpos import MAX_BYTES


class PackError(Exception):
    """The pack could not be loaded; the report says why."""


@contextmanager
def _no_cycle_collection():
    """Loading makes many objects and almost no garbage: collecting cycles meanwhile
    would only walk them again and again (and doubled the time of a large pack)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def load_pack(source: str | Path | PackFiles, report: Report | None = None, options: dict | None = None) -> Pack:
    """Load a pack: a built-in pack's name, a pack folder or pack.yaml path, or a PackFiles
    (a pack in memory, or unsaved texts over a pack on disk). Raises PackError after
    filling `report`; without one, the PackError says the problems itself."""
    given = report is not None
    if not given:
        report = Report()
    elif not isinstance(report, Report):
        raise PackError(f"the report of load_pack is a Report to fill with the problems found, or None, "
                        f"not {type(report).__name__}")
    with _no_cycle_collection(), fuse.collecting() as made:
        build = _check_pack(source, report)
        if build is None or not report.ok:
            raise PackError(str(source) if given else f"{source} cannot be loaded:\n{render(report)}")
        pack = build.pack(build.pack_key)
    # What the whole pack changes is known now: the functions its texts were made into are
    # settled with it (fuse.settle), as Table reads it.
    fuse.settle(made, flags_of(pack), pack.changing)
    return pack


def check_pack(source: str | Path | PackFiles, report: Report) -> Build | None:
    """Every check of loading a pack, with what it found kept (the names, the compiled
    texts, the files read), whether or not the pack has problems: an editor reads the
    names of a pack still being written, and checks an edit again with what is kept
    (recheck.py). None when pack.yaml cannot be read or does not fit its schema."""
    with _no_cycle_collection():
        return _check_pack(source, report)


def _check_pack(source, report: Report) -> Build | None:
    if isinstance(source, PackFiles):
        reader, pack_key = Reader(Path(source.folder), source), source.pack_file
        pack_path = reader.folder / pack_key
    else:
        found = resolve_pack(source, report)
        if found is None:
            return None
        reader, pack_key, pack_path = Reader(Path(found).parent), Path(found).name, found
    loaded = read_yaml(pack_path, report, reader.reading(pack_key, pack_path, MAX_BYTES))
    if loaded is None:
        return None
    if not fits_schema(loaded, "pack", report):
        build = Build(report, reader, loaded, checked=False)
        check_syntax(build, loaded)
        _check_card_files(build, loaded.data)
        return None
    build = Build(report, reader, loaded, pack_key=pack_key)
    build_sections(build)
    return build


def _check_card_files(b: Build, d) -> None:
    """The card files a pack.yaml with problems names are still read and checked, so
    that their problems are shown in the same run."""
    patterns = d.get("cards") if isinstance(d, dict) else None
    for i, pattern in enumerate(patterns if isinstance(patterns, list) else []):
        if isinstance(pattern, str):
            for key, path in card_files(b, patterns, i)[0]:
                read_fitting(b, path, "cards", b.reader.reading(key, path, MAX_BYTES))
