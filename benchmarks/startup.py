"""Start-up time of `cardtable --help` and `cardtable validate magic54`.

Measured on a regular (non-editable) install, as users get it: an editable install
resolves imports through the source tree and times differently.

    python benchmarks/startup.py                 # builds a fresh venv in a temp dir
    python benchmarks/startup.py --venv /tmp/v   # reuses (or creates) that venv
    python benchmarks/startup.py --runs 20
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = (("--help",), ("validate", "magic54"))
# Copied to a scratch folder before installing: building from the work tree would leave
# a build/ folder there, and stale copies in it can shadow later edits.
_SKIP = shutil.ignore_patterns(".git", "build", "dist", "*.egg-info", "__pycache__", ".venv", "benchmarks",
                               ".pytest_cache")


def _venv_bin(venv: Path, name: str) -> Path:
    folder = "Scripts" if os.name == "nt" else "bin"
    return venv / folder / name


def install(venv: Path) -> Path:
    """The cardtable executable of `venv`, installing the work tree into it first."""
    if not _venv_bin(venv, "python").exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    with tempfile.TemporaryDirectory(prefix="cardtable-src-") as tmp:
        src = Path(tmp) / "cardtable"
        shutil.copytree(ROOT, src, ignore=_SKIP)
        subprocess.run([str(_venv_bin(venv, "python")), "-m", "pip", "install", "--quiet", "--no-input",
                        "--disable-pip-version-check", "--force-reinstall", "--no-deps", str(src)], check=True)
        # Dependencies once, from the project's own metadata; --no-deps above keeps a
        # reinstall from touching them.
        subprocess.run([str(_venv_bin(venv, "python")), "-m", "pip", "install", "--quiet", "--no-input",
                        "--disable-pip-version-check", str(src)], check=True)
    return _venv_bin(venv, "cardtable")


def time_command(exe: Path, args: tuple[str, ...], runs: int, cwd: str) -> list[float]:
    times = []
    # One untimed run warms the OS file cache and lets Lark write its grammar cache.
    subprocess.run([str(exe), *args], cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run([str(exe), *args], cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        times.append(time.perf_counter() - start)
        if done.returncode != 0:
            raise SystemExit(f"`cardtable {' '.join(args)}` failed ({done.returncode}):\n{done.stderr.decode()}")
    return times


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--venv", type=Path, default=None, help="venv to install into and time (default: a temp dir)")
    ap.add_argument("--runs", type=int, default=10, help="timed runs per command (default 10)")
    ap.add_argument("--no-install", action="store_true", help="time the --venv as it is, without reinstalling")
    args = ap.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="cardtable-bench-") as tmp:
        venv = args.venv or Path(tmp) / "venv"
        exe = _venv_bin(venv, "cardtable") if args.no_install else install(venv)
        cwd = Path(tmp) / "cwd"
        cwd.mkdir()
        rows = [(" ".join(c), time_command(exe, c, args.runs, str(cwd))) for c in COMMANDS]

    width = max(len(name) for name, _ in rows) + len("cardtable ")
    print(f"{'command':<{width}}  {'best':>8}  {'median':>8}  (of {args.runs} runs)")
    for name, times in rows:
        print(f"{'cardtable ' + name:<{width}}  {min(times):>7.3f}s  {statistics.median(times):>7.3f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
