"""What a pack may read: regular files inside its project, and cardtable's shared card files.

A pack is a stranger's code. Its `from:`, `list:` and `cards:` patterns, and its scenario
files, may name only files inside its project: the pack's folder, the folder cardtable runs
in (unless that is the file system's root) and the folders the user names with `--root`;
and cardtable's shared card files (cards/), so that `../../cards/...` beside variants/
works in a checkout and in an installed copy alike. Anything else (an absolute path
elsewhere, `../` out of the project, a symbolic link leading out, a hidden file such as
.git/config or .env, /proc, /sys, /dev) is refused with a message that names the path as the
pack wrote it and quotes nothing of the file. Paths a user gives on the command line are
not the pack's and stay free.
"""
from __future__ import annotations

import glob
import os
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

from ..infiles import FileProblem, check_file, escaped, path_problem
from .finding import package_root

# The folders the user named with --root, for the command being run.
_ROOTS: ContextVar[tuple[Path, ...]] = ContextVar("cardtable_roots", default=())
# Never a pack's, wherever cardtable runs and whatever --root says.
SYSTEM_FOLDERS = tuple(Path(p) for p in ("/proc", "/sys", "/dev"))
RULE = ("a pack reads only files in its own folder, in the folder cardtable runs in, in the folders "
        "given with --root, and cardtable's shared card files")
_MAGIC = set("*?[")


@contextmanager
def given_roots(folders):
    """Lets the packs loaded meanwhile read the files in `folders` too (the --root option)."""
    token = _ROOTS.set(_ROOTS.get() + tuple(_real(f) for f in folders))
    try:
        yield
    finally:
        _ROOTS.reset(token)


def _real(path) -> Path:
    return Path(os.path.realpath(path))


def shared_cards() -> Path:
    return package_root() / "cards"


@lru_cache(maxsize=1)
def shared_card_sets() -> dict[str, Path]:
    """cardtable's own card files by the name a pack imports them by (`from: standard54`):
    their path in cards/ without ".yaml"."""
    root = shared_cards()
    return {p.relative_to(root).with_suffix("").as_posix(): p for p in sorted(root.rglob("*.yaml"))}


def working_root() -> Path | None:
    """The folder cardtable runs in, when it can be a project: not the file system's root."""
    try:
        here = _real(os.getcwd())
    except OSError:     # the folder is gone
        return None
    return None if here.parent == here else here


def given_roots_now() -> tuple[Path, ...]:
    """The folders given with --root for the command being run."""
    return _ROOTS.get()


def project_roots(folder) -> list[Path]:
    """The folders a pack in `folder` may read files in."""
    roots = [_real(folder)]
    here = working_root()
    if here is not None:
        roots.append(here)
    return [*roots, *_ROOTS.get(), _shared_root()]


@lru_cache(maxsize=1)
def _shared_root() -> Path:
    return _real(shared_cards())


def shown(text: str) -> str:
    """A path as a pack wrote it, safe to print: characters that do not print are escaped
    (a long one is shortened where the message is printed: diagnostics.shown)."""
    return escaped(text)


def _hidden(relative: Path) -> bool:
    return any(part.startswith(".") and part not in (".", "..") for part in relative.parts)


def refusal(path, roots: list[Path], inside: str = "the pack's project") -> str | None:
    """Why a file at `path` is not one to read inside `roots` (in words, `inside`), or None
    when it is."""
    real = _real(path)
    if any(real.is_relative_to(f) for f in SYSTEM_FOLDERS):
        return "a pack reads no system file (in /proc, /sys or /dev)"
    holding = [root for root in roots if real.is_relative_to(root)]
    if any(not _hidden(real.relative_to(root)) for root in holding):
        return None
    if holding:
        return 'a pack reads no hidden file or folder (a name that starts with ".")'
    plain = Path(os.path.normpath(os.path.abspath(path)))
    if any(plain.is_relative_to(root) for root in roots):
        return f"it is a symbolic link to a place outside {inside}"
    return f"it is outside {inside}"


def pack_file(folder: Path, written: str, limit: int | None = None) -> Path:
    """The regular file `written` (as the pack wrote it, from its folder) names, when a pack in
    `folder` may read it; raises FileProblem saying why not. Where the file is (inside or out)
    is decided before whether it exists, so that nothing outside can be probed."""
    bad = path_problem(written)
    if bad:
        raise FileProblem(written, bad)
    path = folder / written
    why = refusal(path, project_roots(folder))
    if why:
        raise FileProblem(written, why)
    check_file(path, limit)
    return path


def pack_glob(folder: Path, pattern: str) -> tuple[list[str], list[tuple[str, str]]]:
    """The files a pack's pattern finds that the pack may read, and (file, why) for those it
    may not. A pattern whose fixed part leads out of the project is not looked for at all."""
    bad = path_problem(pattern)
    if bad:
        return [], [(pattern, bad)]
    parts = Path(pattern).parts
    fixed = Path(*parts[: next((i for i, p in enumerate(parts) if _MAGIC & set(p)), len(parts))])
    roots = project_roots(folder)
    why = refusal(folder / fixed, roots)
    if why:
        return [], [(pattern, why)]
    found, refused = [], []
    for match in sorted(glob.glob(str(folder / pattern))):
        written = os.path.relpath(match, folder)
        try:
            why = refusal(match, roots)
            if why:
                raise FileProblem(written, why)
            check_file(match)
        except FileProblem as e:
            refused.append((written, e.message))
        else:
            found.append(match)
    return found, refused
