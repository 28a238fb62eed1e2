"""The native engine (interpreter/native.py, native_build.py): the engine's modules
compiled with Cython, used in place of their source only where they were built from it.
The builds here compile one module (rng, which every game uses to shuffle): a few
seconds, where the whole engine takes minutes (benchmarks/native.py measures that one)."""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.cli import main
from cardtable.interpreter import native
from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.play.batch import games_digest
from checkout import importable

ROOT = Path(__file__).resolve().parents[1]
SUFFIX = native.suffix()
RNG = "cardtable.interpreter.engine.rng"
# In a process of its own: where rng was loaded from, and the fingerprint of three games.
PLAY = ("import os, cardtable.interpreter.engine.rng as rng\n"
        "from cardtable.interpreter.diagnostics import Report\n"
        "from cardtable.interpreter.engine.game import Game\n"
        "from cardtable.interpreter.packs.loader import load_pack\n"
        "from cardtable.interpreter.play.batch import games_digest\n"
        "print(os.path.realpath(rng.__file__))\n"
        "print(games_digest(Game(load_pack('magic54', Report())), range(3)))\n")


def _env(folder: Path, **more) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CARDTABLE_NATIVE")}
    env.update(CARDTABLE_NATIVE_DIR=str(folder), PYTHONPATH=str(importable()), **more)
    return env


def _python(code: str, folder: Path, **more) -> list[str]:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=_env(folder, **more),
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def _status(folder: Path, **more) -> str:
    out = _python("from cardtable.interpreter.native import status; print(status())", folder, **more)
    return "\n".join(out)


def _cli(args: list, folder: Path, monkeypatch, **more):
    for key in [k for k in os.environ if k.startswith("CARDTABLE_NATIVE")]:
        monkeypatch.delenv(key)
    monkeypatch.setenv("CARDTABLE_NATIVE_DIR", str(folder))
    for key, value in more.items():
        monkeypatch.setenv(key, value)
    return CliRunner().invoke(main, args)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A folder holding a build of rng, made by `cardtable native build --only rng`."""
    folder = tmp_path_factory.mktemp("native")
    with pytest.MonkeyPatch.context() as mp:
        result = _cli(["native", "build", "--only", "rng", "--jobs", "1"], folder, mp)
    assert result.exit_code == 0, result.output
    place, = [p for p in folder.iterdir()]
    assert result.output == (f"compiling 1 module of the engine with 1 job\n"
                             f"built the native engine: 1 module, in {place}; the next cardtable command uses it\n")
    return folder, place


def test_a_build_is_loaded_in_place_of_the_source_and_plays_the_same_games(built):
    folder, place = built
    made = json.loads((place / "manifest.json").read_text())
    assert list(made["modules"]) == [RNG]
    assert made["modules"][RNG]["file"] == RNG + SUFFIX
    assert sorted(p.name for p in place.iterdir()) == sorted(["manifest.json", RNG + SUFFIX])
    where, digest = _python(PLAY, folder)
    assert where == str(place / (RNG + SUFFIX))
    assert digest == games_digest(Game(load_pack("magic54", Report())), range(3))


def test_status_says_whether_the_build_is_in_use(built):
    folder, place = built
    when = json.loads((place / "manifest.json").read_text())["when"]
    assert _status(folder) == f"the native engine is in use: 1 module, built {when}, in {place}"
    assert _status(folder, CARDTABLE_NATIVE="0") == (f"the native engine is built (in {place}) but not in use: "
                                                     "CARDTABLE_NATIVE=0 runs the Python source")
    assert _python(PLAY, folder, CARDTABLE_NATIVE="0")[0] == str(ROOT / "interpreter" / "engine" / "rng.py")


def test_a_build_of_another_source_is_not_used(built, tmp_path):
    folder, place = built
    other = tmp_path / "other"
    shutil.copytree(place, other / place.name)
    manifest = other / place.name / "manifest.json"
    made = json.loads(manifest.read_text())
    made["modules"][RNG].update(source="0" * 64, stamp=[1, 1])     # rng.py as it was in another version
    manifest.write_text(json.dumps(made))
    assert _python(PLAY, other)[0] == str(ROOT / "interpreter" / "engine" / "rng.py")
    assert _status(other) == (f"the native engine in {other} was built from another version of cardtable, or has "
                              "lost files: `cardtable native build` builds it again")
    # A manifest that names a file outside its build, or no file, is not followed either;
    # nor one nested past reading.
    shutil.copy(place / (RNG + SUFFIX), other)
    for file in ("../" + RNG + SUFFIX, "..", ""):
        made = json.loads((place / "manifest.json").read_text())
        made["modules"][RNG]["file"] = file
        manifest.write_text(json.dumps(made))
        assert _python(PLAY, other)[0] == str(ROOT / "interpreter" / "engine" / "rng.py")
    manifest.write_text("[" * 100_000)
    assert _status(other).startswith("the native engine is not built")


def test_a_compiled_module_gone_since_cardtable_was_imported_is_read_from_its_source(built, tmp_path):
    folder, place = built
    copy = tmp_path / "copy"
    shutil.copytree(folder, copy)
    gone = copy / place.name / (RNG + SUFFIX)
    code = f"import cardtable, os\nos.remove({str(gone)!r})\n" + PLAY    # as `native build` or `remove` would
    where, digest = _python(code, copy)
    assert where == str(ROOT / "interpreter" / "engine" / "rng.py")
    assert digest == games_digest(Game(load_pack("magic54", Report())), range(3))
    assert _status(copy) == (f"the native engine in {copy} was built from another version of cardtable, or has "
                             "lost files: `cardtable native build` builds it again")


def test_status_and_remove_where_nothing_is_built(tmp_path, monkeypatch):
    assert _status(tmp_path / "none") == ("the native engine is not built: `cardtable native build` builds it "
                                          "(it needs pip install 'cardtable[native]' and a C compiler)")
    result = _cli(["native", "remove"], tmp_path / "none", monkeypatch)
    assert (result.exit_code, result.output) == (0, f"no native engine is built in {tmp_path / 'none'}\n")


def test_remove_takes_the_build_away_and_leaves_anything_else(built, tmp_path, monkeypatch):
    folder = tmp_path / "copy"
    shutil.copytree(built[0], folder)
    (folder / "notes.txt").write_text("mine")
    (folder / ".build-scripts").mkdir()
    for name in (".cardtable-native-build-stopped", ".cardtable-native-build-under-way"):
        (folder / name).mkdir()
    a_day_ago = time.time() - 25 * 3600          # what a build stopped short left, a day ago
    os.utime(folder / ".cardtable-native-build-stopped", (a_day_ago, a_day_ago))
    result = _cli(["native", "remove"], folder, monkeypatch)
    assert (result.exit_code, result.output) == (0, f"removed the native engine from {folder}\n")
    assert sorted(p.name for p in folder.iterdir()) == [".build-scripts", ".cardtable-native-build-under-way",
                                                        "notes.txt"]
    assert _status(folder).startswith("the native engine is not built")


def test_a_build_replaces_the_build_of_the_same_modules_and_leaves_another(built, tmp_path, monkeypatch):
    folder, place = built
    copy = tmp_path / "copy"
    shutil.copytree(folder, copy)
    # Beside it, a build of another module of the same source (its file is not loaded here).
    decisions = ROOT / "interpreter" / "engine" / "decisions.py"
    name = "cardtable.interpreter.engine.decisions"
    other = copy / "0000000000000000"
    other.mkdir()
    (other / (name + SUFFIX)).write_bytes(b"")
    made = json.loads((place / "manifest.json").read_text())
    made["modules"] = {name: {"source": hashlib.sha256(decisions.read_bytes()).hexdigest(), "file": name + SUFFIX}}
    (other / "manifest.json").write_text(json.dumps(made))
    stale = copy / "1111111111111111"           # and one of a source no longer installed
    shutil.copytree(place, stale)
    made = json.loads((place / "manifest.json").read_text())
    made["modules"][RNG].update(source="0" * 64, stamp=[1, 1])
    (stale / "manifest.json").write_text(json.dumps(made))
    (copy / place.name / "mine.txt").write_text("in the build replaced")
    result = _cli(["native", "build", "--only", "rng", "-j", "1"], copy, monkeypatch)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in copy.iterdir()) == ["0000000000000000", place.name]
    assert not (copy / place.name / "mine.txt").exists()


def test_building_without_cython_says_what_to_install(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "Cython", None)       # as if it were not installed
    result = _cli(["native", "build"], tmp_path / "n", monkeypatch)
    assert (result.exit_code, result.output) == (
        1, "error: building the native engine needs Cython: pip install 'cardtable[native]'\n")
    assert not (tmp_path / "n").exists()


def test_a_compiler_that_fails_is_quoted_and_leaves_nothing(tmp_path, monkeypatch):
    cc = tmp_path / "cc"
    cc.write_text("#!/bin/sh\necho 'cc: this compiler is out of order' >&2\nexit 1\n")
    cc.chmod(0o755)
    folder = tmp_path / "n"
    result = _cli(["native", "build", "--only", "rng", "-j", "1"], folder, monkeypatch, CC=str(cc))
    assert result.exit_code == 1
    told, first, *quoted = result.output.splitlines()
    assert told == "compiling 1 module of the engine with 1 job"
    assert first == "error: the C compiler (or Cython) failed; its last lines:"
    assert "  cc: this compiler is out of order" in quoted
    # Then the builder's own words (setuptools' wording, which changes from version to version).
    assert quoted[-1].startswith("  ") and str(cc) in quoted[-1] and len(quoted[-1]) <= 2 + 300
    assert list(folder.iterdir()) == []


def test_a_module_the_engine_does_not_have_is_refused(tmp_path, monkeypatch):
    result = _cli(["native", "build", "--only", "rng", "--only", "warp"], tmp_path / "n", monkeypatch)
    assert (result.exit_code, result.output) == (1, "error: no module of the engine is named warp\n")


def test_a_setup_nested_without_end_is_refused_by_the_native_engine_too(tmp_path, monkeypatch):
    # positions compiled walked a setup by recursion with no limit: 100,000 lists inside
    # each other crashed the process (a segmentation fault) instead of a SetupError.
    folder = tmp_path / "n"
    result = _cli(["native", "build", "--only", "positions", "-j", "1"], folder, monkeypatch)
    assert result.exit_code == 0, result.output
    code = ("import cardtable.interpreter.engine.positions as positions\n"
            "from cardtable import Game, Report, SetupError, load_pack\n"
            "print(positions.__file__.endswith(positions.__name__ + " + repr(SUFFIX) + "))\n"
            "deep = []\n"
            "for _ in range(100_000):\n"
            "    deep = [deep]\n"
            "try:\n"
            "    Game(load_pack('magic54', Report())).position({'players': [{'zones': {'hand': deep}}, {}]})\n"
            "except SetupError as e:\n"
            "    print(e.message)\n")
    assert _python(code, folder) == [
        "True", "the setup is nested too deeply: more than 64 levels of lists and mappings inside each other"]
