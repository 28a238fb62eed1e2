"""The native engine: the modules a game runs, compiled to machine code with Cython.

`cardtable native build` compiles the engine and the DSL's vocabulary (the modules
that run while a game is played) into a folder of the user's cache. From then on,
`import cardtable` loads them in place of their Python source, but only if they were
built from exactly the source installed now: the SHA-256 of each module's text is kept
with the build, and a build of another version is not used (`cardtable native status`
says so). Games are the same, decision for decision; they run faster
(benchmarks/README.md, "A native engine"). CARDTABLE_NATIVE=0 runs the Python source
even where a build is there; CARDTABLE_NATIVE_DIR moves the folder.

Building needs Cython (pip install 'cardtable[native]') and a C compiler
(interpreter/native_build.py).
"""
from __future__ import annotations

# Only what `import cardtable` needs to look for a build is imported here: the rest
# when a build is there, or made.
import os
import sys
from pathlib import Path
from typing import NamedTuple

INSTALL = "pip install 'cardtable[native]'"
PACKAGE = __name__.split(".")[0]
HOME = Path(__file__).resolve().parent.parent          # the cardtable package
ROOMS = ("interpreter/engine", "interpreter/lang/vocabulary")
MANIFEST = "manifest.json"
# How Cython reads the modules: as the Python they are (no C types from their
# annotations), with functions that behave as Python's (binding: __code__, __doc__).
DIRECTIVES = {"language_level": 3, "binding": True, "annotation_typing": False, "always_allow_keywords": True}


class NativeError(Exception):
    """A build that cannot be made or found; the message says why and what to do."""


class Build(NamedTuple):
    folder: Path
    files: dict          # module name -> compiled file
    when: str


def modules() -> dict[str, Path]:
    """The modules a game runs, by name: every module of the engine and of the vocabulary."""
    found = {}
    for room in ROOMS:
        for path in sorted((HOME / room).glob("*.py")):
            if path.name != "__init__.py":
                found[".".join((PACKAGE, *room.split("/"), path.stem))] = path
    return found


def counted(n: int) -> str:
    return f"{n} module{'s' if n != 1 else ''}"


def folder() -> Path:
    """Where builds are kept: CARDTABLE_NATIVE_DIR, else the user's cache
    ($XDG_CACHE_HOME, where it is an absolute path, else ~/.cache)."""
    given = os.environ.get("CARDTABLE_NATIVE_DIR")
    if given:
        return Path(given)
    cache = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(cache):
        try:
            cache = Path.home() / ".cache"
        except RuntimeError:
            raise NativeError("no home folder is known to keep the native engine in: "
                              "set CARDTABLE_NATIVE_DIR to a folder") from None
    return Path(cache) / "cardtable" / "native"


def suffix() -> str:
    """The end of a compiled module's file name for this Python on this machine."""
    from importlib.machinery import EXTENSION_SUFFIXES

    return EXTENSION_SUFFIXES[0]


def tag() -> str:
    """What a compiled module fits: this Python and this machine."""
    return f"{sys.implementation.cache_tag}{suffix()}"


def digest(path: Path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


def stamp(path: Path) -> list:
    """The size and time of a source file: where both are as at the build, the source
    is taken to be the same without reading it (as Python does for its .pyc files)."""
    st = path.stat()
    return [st.st_size, st.st_mtime_ns]


def builds(root: Path):
    """(folder, manifest) of each build in `root` made for this Python."""
    import json

    for place in sorted(root.iterdir()) if root.is_dir() else ():
        if place.name.startswith("."):
            continue        # a build under way, or being taken away
        try:
            made = json.loads((place / MANIFEST).read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):
            continue
        if isinstance(made, dict) and made.get("tag") == tag() and isinstance(made.get("modules"), dict) \
                and made["modules"]:
            yield place, made


def find(root: Path | None = None) -> Build | None:
    """The build made from the source installed now, if there is one: of several, the
    one with the most modules (a build of one module, to try the compiler, beside a
    whole one)."""
    root = folder() if root is None else root
    sources, same = modules(), {}
    found = [b for place, made in builds(root) if (b := current(place, made, sources, same)) is not None]
    return max(found, key=lambda b: len(b.files), default=None)


def current(place: Path, made: dict, sources: dict, same: dict) -> Build | None:
    """The build at `place` if each of its modules was compiled from the source installed
    now and is there; else None. `same` keeps what was found of each source."""
    files = {}
    try:
        for name, entry in made["modules"].items():
            path = sources.get(name)
            if path is None or entry["file"] != name + suffix() or not (place / entry["file"]).is_file():
                return None
            key = (name, entry["source"], tuple(entry.get("stamp") or ()))
            if key not in same:
                same[key] = list(key[2]) == stamp(path) or digest(path) == entry["source"]
            if not same[key]:
                return None
            files[name] = place / entry["file"]
    except (OSError, KeyError, TypeError, AttributeError):
        return None
    return Build(place, files, str(made.get("when", "")))


class Finder:
    """Imports the compiled modules of a build in place of their source (a finder of
    sys.meta_path, asked before the others). A compiled file gone since (a build made
    again, or removed, while this process runs) leaves its module to the source, which
    is the same code."""

    def __init__(self, build: Build):
        self.build = build

    def find_spec(self, name, path=None, target=None):
        file = self.build.files.get(name)
        if file is None or not file.is_file():
            return None
        from importlib.machinery import ExtensionFileLoader
        from importlib.util import spec_from_file_location

        return spec_from_file_location(name, file, loader=ExtensionFileLoader(name, str(file)))


def install() -> None:
    """Load the native engine from now on, where a build of this source is there
    (`import cardtable` calls this). Anything amiss leaves the Python source in use."""
    if os.environ.get("CARDTABLE_NATIVE") == "0" or in_use() is not None:
        return
    try:
        root = folder()
        if not root.is_dir():
            return
        build = find(root)
    except (OSError, ValueError, NativeError):
        return
    if build is not None:
        sys.meta_path.insert(0, Finder(build))


def in_use() -> Build | None:
    for finder in sys.meta_path:
        if isinstance(finder, Finder):
            return finder.build
    return None


def status() -> str:
    """What `cardtable native status` says."""
    build = in_use()
    if build is not None:
        return f"the native engine is in use: {counted(len(build.files))}, built {build.when}, in {build.folder}"
    build = find()
    if build is not None:
        return (f"the native engine is built (in {build.folder}) but not in use: CARDTABLE_NATIVE=0 "
                "runs the Python source")
    if any(True for _ in builds(folder())):
        return ("the native engine in " + str(folder()) + " was built from another version of cardtable, or has "
                "lost files: `cardtable native build` builds it again")
    return f"the native engine is not built: `cardtable native build` builds it (it needs {INSTALL} and a C compiler)"
