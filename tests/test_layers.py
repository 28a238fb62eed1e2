"""The rooms of the interpreter keep their order: engine <- lang <- packs <- play <- lsp <- cli.

import-linter checks the contract written in pyproject.toml on the package as it is,
and on a copy of it in which the engine imports a player, to be sure that it would
see a room reaching up."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from checkout import importable

ROOT = Path(__file__).resolve().parent.parent
CHECK = ("import sys\nfrom importlinter.cli import lint_imports\n"
         "sys.exit(lint_imports(config_filename=sys.argv[1], no_cache=True))")


def lint(package_parent: Path, config: Path) -> subprocess.CompletedProcess:
    # A process of its own: the check imports the package it is given by name.
    return subprocess.run([sys.executable, "-c", CHECK, str(config)], cwd=package_parent, capture_output=True,
                          text=True, env={"PYTHONPATH": str(package_parent), "PATH": "/usr/bin:/bin",
                                          "NO_COLOR": "1", "COLUMNS": "200"})


def copy_sources(to: Path) -> Path:
    target = to / "cardtable"
    shutil.copytree(ROOT, target, ignore=lambda folder, names: [
        n for n in names if n.startswith(".") or n in ("__pycache__", "tests", "benchmarks", "docs", "variants")])
    return target


def test_no_room_imports_a_room_above_it(tmp_path):
    done = lint(importable(), ROOT / "pyproject.toml")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 kept, 0 broken" in done.stdout


def test_an_engine_module_importing_a_player_breaks_the_contract(tmp_path):
    copy = copy_sources(tmp_path)
    rng = copy / "interpreter" / "engine" / "rng.py"
    rng.write_text(rng.read_text() + "\nfrom ..play import stats  # noqa: E402,F401\n")
    done = lint(tmp_path, copy / "pyproject.toml")
    assert done.returncode == 1
    assert "0 kept, 1 broken" in done.stdout
    assert "cardtable.interpreter.engine.rng -> cardtable.interpreter.play.stats" in done.stdout
