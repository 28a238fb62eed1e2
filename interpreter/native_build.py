"""Building the native engine (interpreter/native.py): Cython writes C for each module a
game runs, the C compiler makes machine code of it, in a process of its own and in a
folder that takes the build's place only once every module is compiled."""
from __future__ import annotations

import datetime
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .native import (DIRECTIVES, INSTALL, MANIFEST, Build, NativeError, builds, counted, current, digest, folder,
                     modules, stamp, suffix, tag)

WORK = ".cardtable-native-build-"       # a build under way
GONE = ".cardtable-native-gone-"        # a build being taken away
STALE = 24 * 3600                       # a build under way for a day was stopped short


# The child process that compiles: Cython writes C, setuptools runs the C compiler.
_COMPILE = """
import json, os, sys
try:
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension
    work, jobs, directives = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3])
    names = sys.argv[4:]
    flags = ["-g0", "-O2"] if os.name == "posix" else []
    exts = [Extension(n, [f"{work}/src/" + n.replace(".", "/") + ".py"], extra_compile_args=flags) for n in names]
    exts = cythonize(exts, compiler_directives=directives, quiet=True, nthreads=jobs, build_dir=f"{work}/c")
    dist = Distribution({"name": "native", "ext_modules": exts})
    cmd = dist.get_command_obj("build_ext")
    cmd.build_lib, cmd.build_temp, cmd.parallel = f"{work}/lib", f"{work}/tmp", jobs
    cmd.ensure_finalized()
    cmd.run()
except Exception as e:      # what failed, after the compiler's own lines, without a traceback
    sys.exit(str(e) or type(e).__name__)
for n in names:
    print(n, cmd.get_ext_fullpath(n))
"""


def build(jobs: int = 1, only: tuple = (), say=print) -> Build:
    """Compile the modules (`only`: those whose names end so, for a quick build) and
    make them the build in use from the next `import cardtable` on."""
    try:
        import Cython  # noqa: F401  (only to say what is missing before any work)
    except ImportError:
        raise NativeError(f"building the native engine needs Cython: {INSTALL}") from None
    sources = {name: path for name, path in modules().items() if not only or name.rsplit(".", 1)[1] in only}
    unknown = set(only) - {name.rsplit(".", 1)[1] for name in sources}
    if unknown:
        raise NativeError(f"no module of the engine is named {', '.join(sorted(unknown))}")
    root = folder()
    try:
        root.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=WORK, dir=root))
    except OSError as e:
        raise NativeError(f"{root}: cannot make the native engine there: {e.strerror or e}") from None
    try:
        say(f"compiling {counted(len(sources))} of the engine with {jobs} job{'s' if jobs != 1 else ''}"
            + (" (a few minutes)" if len(sources) > 4 else ""))
        return _make(root, work, sources, jobs)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _make(root: Path, work: Path, sources: dict, jobs: int) -> Build:
    for name, path in sources.items():
        # The package's layout, so that each module is compiled under its full name.
        dest = work / "src" / Path(*name.split(".")).with_suffix(".py")
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, dest)
    for package in (work / "src").rglob("*"):
        if package.is_dir():
            (package / "__init__.py").touch()
    log = work / "compiler.log"
    with open(log, "w", encoding="utf-8") as out:
        done = subprocess.run([sys.executable, "-c", _COMPILE, str(work), str(jobs), json.dumps(DIRECTIVES), *sources],
                              stdout=subprocess.PIPE, stderr=out, text=True, cwd=work)
    if done.returncode != 0:
        tail = [line if len(line) <= 300 else line[:297] + "..."        # a compiler's command line is long
                for line in log.read_text(encoding="utf-8", errors="replace").strip().splitlines()[-12:]]
        raise NativeError("the C compiler (or Cython) failed; its last lines:\n  " + "\n  ".join(tail))
    built = dict(line.split(" ", 1) for line in done.stdout.splitlines() if line.strip())
    out = work / "out"
    out.mkdir()
    entries = {}
    for name, path in sources.items():
        file = name + suffix()
        shutil.copyfile(built[name], out / file)
        entries[name] = {"source": digest(path), "stamp": stamp(path), "file": file}
    when = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
    (out / MANIFEST).write_text(json.dumps({"tag": tag(), "when": when, "modules": entries}, indent=1),
                                encoding="utf-8")
    key = hashlib.sha256(json.dumps([tag(), {n: e["source"] for n, e in entries.items()}]).encode()).hexdigest()[:16]
    _replace(root, out, key, set(entries))
    return Build(root / key, {name: root / key / e["file"] for name, e in entries.items()}, when)


def _replace(root: Path, out: Path, key: str, names: set) -> None:
    """Put the build made in `out` in its place, taking away the builds it replaces: for
    this Python, of the same modules, or of a source no longer installed (a build of
    one module, to try the compiler, leaves a whole one)."""
    sources, same = modules(), {}
    for place, made in list(builds(root)):
        if set(made["modules"]) == names or current(place, made, sources, same) is None:
            _drop(place, root)
    try:
        os.replace(out, root / key)
    except OSError:
        if not (root / key / MANIFEST).is_file():
            raise
        # Another process made the same build at the same time: theirs stays.


def _drop(place: Path, root: Path) -> None:
    """Take a build away: renamed first, so that no process finds half of it."""
    gone = Path(tempfile.mkdtemp(prefix=GONE, dir=root))
    try:
        os.replace(place, gone / "build")
    except FileNotFoundError:
        pass            # another process took it away first
    shutil.rmtree(gone, ignore_errors=True)


def remove() -> int:
    """Take away every build of this Python in the folder, and what a build stopped
    short left there a day ago or more (nothing else); how many builds."""
    root = folder()
    places = [place for place, _ in builds(root)]
    for place in places:
        _drop(place, root)
    for left in root.iterdir() if root.is_dir() else ():
        if left.is_dir() and (left.name.startswith(GONE) or left.name.startswith(WORK)
                              and time.time() - left.stat().st_mtime > STALE):
            shutil.rmtree(left, ignore_errors=True)
    return len(places)
