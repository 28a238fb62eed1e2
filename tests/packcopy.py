"""A test pack of tests/data copied with its pack.yaml edited, and the errors that
loading a pack gives, as "pack.yaml:LINE:COL: message" each."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.packs.loader import PackError, load_pack


def edited_copy(pack: Path, tmp_path: Path, **edits) -> Path:
    """A copy of `pack` in `tmp_path`, each key of `edits` in its pack.yaml replaced by its value."""
    folder = tmp_path / pack.name
    shutil.copytree(pack, folder)
    text = (folder / "pack.yaml").read_text()
    for old, new in edits.items():
        assert old in text, old
        text = text.replace(old, new)
    (folder / "pack.yaml").write_text(text)
    return folder


def load_errors(folder: Path) -> list[str]:
    """The errors of a pack that must not load."""
    report = Report()
    with pytest.raises(PackError):
        load_pack(str(folder), report)
    return [f"{Path(p.file).name}:{p.line}:{p.col}: {p.message}" for p in report.errors]
