"""Finding packs: by built-in name (a folder of variants/) or by path."""
from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

from ..diagnostics import Report
from ..infiles import os_problem, path_problem
from ..suggest import did_you_mean


def package_root() -> Path:
    """The folder holding grammar/, schemas/, cards/ and variants/."""
    here = Path(__file__).resolve().parents[2]
    if (here / "variants").is_dir():
        return here
    return Path(str(resources.files("cardtable")))


def builtin_pack_dir() -> Path:
    return package_root() / "variants"


def builtin_packs() -> list[str]:
    root = builtin_pack_dir()
    return sorted(p.name for p in root.iterdir() if (p / "pack.yaml").is_file()) if root.is_dir() else []


def from_here(path: Path) -> Path:
    """`path` relative to the current folder when it is inside it: problems in a
    built-in pack or a shared card set are then shown as a designer working in a
    checkout sees the files."""
    try:
        return path.relative_to(Path.cwd())
    except (ValueError, OSError):     # elsewhere, or the current folder is gone
        return path


def resolve_pack(name_or_path: str, report: Report) -> Path | None:
    """The pack.yaml of a built-in pack name, a pack folder or a pack.yaml path."""
    text = str(name_or_path)
    if not text.strip():
        report.add(text, 0, 0, "a pack is given by a built-in name or a path, not by an empty text")
        return None
    path = Path(text)
    # A name too long for the file system is said before it is asked (it would raise).
    bad = path_problem(text)
    try:
        folder = bad is None and path.is_dir()
    except OSError as e:
        bad = os_problem(e)[0]
    if bad:
        report.add(text, 1, 1, bad)
        return None
    if folder:
        inner = path / "pack.yaml"
        if not os.path.lexists(inner):
            report.add(text, 1, 1, "this folder has no pack.yaml")
            return None
        return inner if _pack_may_read(inner, path, report) else None
    if os.path.lexists(path):
        # Whatever it is (a file, a named pipe, a loop of links), the reader says what is wrong with it.
        return path
    if "/" not in text and "\\" not in text:
        # A name finds the designer's own copy first: a pack folder under variants/ in
        # the current folder, as in a checkout or a folder of packs beside the built-in ones.
        local = Path("variants") / text / "pack.yaml"
        if local.is_file():
            return local
        builtin = builtin_pack_dir() / text / "pack.yaml"
        if builtin.is_file():
            return from_here(builtin)
        known = builtin_packs()
        report.add(text, 1, 1, f'no pack named "{text}"{did_you_mean(text, known)} (built-in packs: {", ".join(known)})')
        return None
    report.add(text, 1, 1, "no such file or folder")
    return None


def _pack_may_read(pack_yaml: Path, folder: Path, report: Report) -> bool:
    """The pack.yaml of a folder the user named is the pack's own file: it must not lead out
    of the pack's project (a link to /etc/passwd would be read and quoted)."""
    from .project import project_roots, refusal

    why = refusal(pack_yaml, project_roots(folder))
    if why:
        report.add(str(pack_yaml), 1, 1, f"cannot read the pack: {why}")
    return why is None
