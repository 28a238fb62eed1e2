"""`cardtable new`: a pack folder to start from, written anywhere: a copy of a pack
(a built-in one, or any pack folder) or the skeleton of templates/pack, with the
schemas written beside it so that the `$schema` header of every YAML file points at
a file that is there, wherever the folder is and whether cardtable is installed or
checked out. The folder appears whole or not at all."""
from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

from ..diagnostics import Report
from ..infiles import TEXT_LIMIT
from .finding import resolve_pack
from .schemacheck import schema_path

HEADER = re.compile(r"^# yaml-language-server: \$schema=(\S*?)([\w-]+)\.schema\.json[ \t]*$", re.M)
SCHEMAS = ("pack", "cards", "scenario", "mtg-cards")
ID = re.compile(r"^[a-z][a-z0-9_]*$")           # the pack schema's pattern for an id
SKIPPED = shutil.ignore_patterns(".*", "__pycache__", "schemas")
MAX_FILES = 2000          # what a pack folder holds at most, to copy


class NewPackError(Exception):
    """Why the folder cannot be written: says it in a designer's words."""


def template() -> Path:
    return Path(__file__).resolve().parents[2] / "templates" / "pack"


def new_pack(target: str, source: str | None) -> list[str]:
    """Write the folder `target` from the pack `source` (a name or a path; the skeleton
    when None). Returns what was written, for the user; raises NewPackError."""
    folder = Path(target)
    if os.path.lexists(folder):
        raise NewPackError(f"{target} already exists: give the name of a new folder")
    if not folder.parent.is_dir():
        raise NewPackError(f"{folder.parent} is not a folder: create it first, or give another place")
    origin = _origin(source)
    work = None
    try:
        work = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=folder.parent))
        shutil.copytree(origin, work / "pack", ignore=_counted(origin), symlinks=False)
        written = _prepare(work / "pack", folder.name)
        os.rename(work / "pack", folder)
    except (OSError, shutil.Error) as e:
        # Said of the folder asked for, not of the copy being made beside it.
        raise NewPackError(f"{target}: cannot write the pack there: {_why(e, folder.parent)}") from None
    finally:
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
    return written


def _why(e: Exception, parent: Path) -> str:
    """An OS error, or the first of the errors a copy met, in a designer's words."""
    from ..outfiles import os_reason
    if isinstance(e, shutil.Error):
        # Each error a copy met is (source, copy, "[Errno N] text: 'path'"): its number says it.
        first = e.args[0][0] if e.args and isinstance(e.args[0], list) and e.args[0] else ()
        found = re.match(r"\[Errno (\d+)\]", str(first[2])) if len(first) == 3 else None
        if found is None:
            return "a file of the pack could not be copied"
        e = OSError(int(found.group(1)), os.strerror(int(found.group(1))))
    return os_reason(e, parent)


def _origin(source: str | None) -> Path:
    if source is None:
        return template()
    found = resolve_pack(source, Report())
    if found is None or not found.is_file():
        raise NewPackError(f'no pack "{source}" to copy: give a built-in pack\'s name or a pack\'s folder')
    return found.parent


def _counted(origin: Path):
    seen = [0]

    def ignore(folder, names):
        # A link may lead out of the pack: what a pack reads is inside its folder. What is
        # neither a file nor a folder (a FIFO, a device) is no part of a pack.
        skipped = set(SKIPPED(folder, names)) | {n for n in names if not _plain(os.path.join(folder, n))}
        seen[0] += len(names) - len(skipped)
        if seen[0] > MAX_FILES:
            raise NewPackError(f"{origin} holds more than {MAX_FILES:,} files: is it a pack's folder?")
        return skipped
    return ignore


def _plain(path: str) -> bool:
    return not os.path.islink(path) and (os.path.isfile(path) or os.path.isdir(path))


def _text(path: Path) -> str | None:
    """The text of a YAML file of the copy, or None for one no pack could read (not UTF-8,
    past the size a pack's file may have): it is copied as it is, and validate says why."""
    if not path.is_file() or path.stat().st_size > TEXT_LIMIT:
        return None
    try:
        return path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        return None


def _prepare(folder: Path, name: str) -> list[str]:
    """Schemas beside the pack, headers pointing at them, the id of the folder's name."""
    (folder / "schemas").mkdir()
    for kind in SCHEMAS:
        shutil.copyfile(schema_path(kind), folder / "schemas" / f"{kind}.schema.json")
    headers = 0
    for path in sorted(folder.rglob("*.y*ml")):
        if "schemas" not in path.relative_to(folder).parts and _point_header(folder, path):
            headers += 1
    pack = folder / "pack.yaml"
    text = _text(pack)
    if text is not None and ID.match(name):
        pack.write_text(re.sub(r"^id:.*$", f"id: {name}", text, count=1, flags=re.M), encoding="utf-8")
    files = sum(1 for p in folder.rglob("*") if p.is_file() and p.parent.name != "schemas")
    return [f"{files} files of the pack", f"{len(SCHEMAS)} schemas in schemas/",
            f"{headers} YAML files whose $schema header points at them"]


def _point_header(folder: Path, path: Path) -> bool:
    """Point the file's `$schema` header at the pack's own schemas/; True if it has one."""
    text = _text(path)
    match = None if text is None else HEADER.search(text)
    if match is None or match.group(2) not in SCHEMAS:
        return False
    relative = os.path.relpath(folder / "schemas", path.parent).replace(os.sep, "/")
    line = f"# yaml-language-server: $schema={relative}/{match.group(2)}.schema.json"
    path.write_text(text[: match.start()] + line + text[match.end():], encoding="utf-8")
    return True
