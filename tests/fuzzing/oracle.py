"""The promise a fuzz case is held to: every command gives a valid result or a
located error (file:line:col, exit 1, or a usage error, exit 2), never a Python
traceback, within its time and memory limits."""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from cardtable.interpreter.packs.finding import package_root

# "path:12:3: error: ..." (or a warning) anywhere in the output; or as `validate --format`
# json, junit and github give it.
LOCATED = re.compile(r"(?m)(^|\s)\S[^\n]*?:\d+:\d+: (error|warning): \S"
                     r'|"line": [1-9]\d*,\s*"column": [1-9]'
                     r'|<failure message="[1-9]\d*:[1-9]\d*: '
                     r"|^::error file=[^,\n]+,line=[1-9]\d*,col=[1-9]")
# Results that are not errors of the input: a scenario that fails, a replay that parts ways.
RESULTS = {
    "test": re.compile(r"(?m)^\d+ passed, [1-9]\d* failed$"),
    "replay": re.compile(r"the games part ways|the replay ends differently|\d+ of \d+ games replay the same"),
}
TRACEBACK = "Traceback (most recent call last)"


@dataclass(frozen=True)
class Finding:
    kind: str           # traceback, hang, memory, died, harness, exit, unlocated, outside
    command: str        # the command line, or "" for the whole case
    detail: str         # the traceback or the output


# Where a problem may be found: the case's own folder, and the package's packs and shared cards.
SHARED = [package_root() / "cards", package_root() / "variants"]
CUT = re.compile(r"\n\[\.\.\.\]\n[^\n]*")
PLACES = re.compile(r"(?m)^(\S[^\n]*?):\d+:\d+: (?:error|warning): "
                    r'|"file": "([^"\n]*)",\s*"line": [1-9]'
                    r"|^::(?:error|warning) file=([^,\n]+),line=")


def judge(answer: dict) -> list[Finding]:
    """What breaks the promise in one case's answer (an empty list: it holds)."""
    for kind in ("hang", "memory", "died", "harness"):
        if kind in answer:
            return [Finding(kind, "", str(answer[kind] or f"no answer in {answer.get('seconds')} s"))]
    folder = Path(answer["folder"]).resolve()
    return [f for command in answer["commands"] for f in _judge_command(command, folder)]


def _outside(output: str, folder: Path) -> list[str]:
    """The files a problem is reported in that lie outside the case and the package."""
    out = []
    # A long output is kept as its head and tail (worker.py): the line the tail begins
    # with is cut anywhere, and a path cut at its front is no path.
    output = CUT.sub("\n", output)
    for name in dict.fromkeys(n for found in PLACES.findall(output) for n in found if n):
        # Named, not followed: a symlink loop or a NUL in a name is the pack's problem, not the judge's.
        path = Path(os.path.normpath(folder / name))
        if not any(path.is_relative_to(p) for p in [folder, *SHARED]):
            out.append(name)
    return out


def _judge_command(c: dict, folder: Path) -> list[Finding]:
    line = "cardtable " + " ".join(c["argv"])
    output = c["stdout"] + c["stderr"]
    if c["exception"]:
        last = c["exception"].rstrip().rsplit("\n", 1)[-1]
        return [Finding("memory" if last.startswith("MemoryError") else "traceback", line, c["exception"])]
    if TRACEBACK in output:
        return [Finding("traceback", line, output)]
    if c["exit"] not in (0, 1, 2):
        return [Finding("exit", line, f"exit {c['exit']}\n{output}")]
    outside = _outside(output, folder)
    if outside:
        return [Finding("outside", line, f"problems reported in {', '.join(outside)}:\n{output}")]
    if c["exit"] == 1 and not LOCATED.search(output):
        result = RESULTS.get(c["argv"][0])
        if result is None or not result.search(output):
            return [Finding("unlocated", line, output)]
    return []


def signature(finding: Finding) -> str:
    """A short key that groups findings of one cause: the exception and where it was
    raised, or the first line of the message with its names and numbers blanked."""
    if finding.kind in ("traceback", "hang", "memory") and "Traceback" in finding.detail:
        lines = [l for l in finding.detail.strip().splitlines() if l.strip()]
        frames = [l.strip() for l in lines if l.strip().startswith('File "')]
        where = re.sub(r'^File ".*?([^/]+/[^/]+)", line (\d+), in (\S+)', r"\1:\2 \3", frames[-1]) if frames else ""
        last = lines[-1].split(":")[0]
        return f"{finding.kind}: {last} at {where}"
    first = next((l for l in finding.detail.splitlines() if l.strip()), "")
    first = re.sub(r'"[^"]*"', '"…"', first)
    first = re.sub(r"\d+", "N", first)
    first = re.sub(r"\S*/\S*", "PATH", first)
    return f"{finding.kind}: {first[:100]}"
