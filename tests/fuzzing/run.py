"""A fuzz run: a budget of cases from every family, run in workers and judged;
each failing case's input kept in a folder with what went wrong and how to run it
again."""
from __future__ import annotations

import json
import shutil
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from cardtable.tests.fuzzing import oracle, pool

# Cases of each family for a budget of 1: packs are the first five, DSL texts the next two.
SHARES = {
    "yaml_text": 0.25, "yaml_structure": 0.25, "pack_odd": 0.2, "pack_paths": 0.15, "mtg_yaml": 0.15,
    "dsl_grammar": 1.6, "dsl_mutation": 1.4,
    "deck_list": 0.3, "card_data": 0.3, "scenario": 0.3, "replay": 0.35,
}
PACK_FAMILIES = ("yaml_text", "yaml_structure", "pack_odd", "pack_paths", "mtg_yaml")
DSL_FAMILIES = ("dsl_grammar", "dsl_mutation")
REPLAY_COMMAND = "python benchmarks/fuzz.py --seed {seed} --case {name}"


def budget(size: int) -> dict[str, int]:
    """How many cases of each family a budget of `size` runs: `size` packs, three
    times as many DSL texts, and the other families in proportion."""
    return {family: max(1, round(share * size)) for family, share in SHARES.items()}


@dataclass
class Failure:
    name: str
    seed: int
    findings: list
    answer: dict
    kept: Path | None = None

    def describe(self) -> str:
        lines = [f"fuzz case {self.name} (seed {self.seed}): " + "; ".join(f.kind for f in self.findings),
                 f"  again: {REPLAY_COMMAND.format(seed=self.seed, name=self.name)}"]
        if self.kept:
            lines.append(f"  input kept in {self.kept}")
        if self.answer.get("note"):
            lines.append("  input: " + "\n    ".join(_short(l) for l in self.answer["note"].splitlines()))
        for f in self.findings:
            lines.append(f"  {f.kind} in {f.command or 'the case'}:")
            lines += ["    " + _short(l) for l in f.detail.rstrip().splitlines()[-25:]]
        return "\n".join(lines)


def _short(line: str, width: int = 200) -> str:
    return line if len(line) <= width else f"{line[:width]}... ({len(line)} characters)"


@dataclass
class Outcome:
    counts: Counter = field(default_factory=Counter)          # family -> cases run
    played: Counter = field(default_factory=Counter)          # family -> cases whose input was valid, and played
    failures: list = field(default_factory=list)
    seconds: float = 0.0
    slowest: tuple = (0.0, "")

    def kinds(self) -> Counter:
        return Counter(f.kind for failure in self.failures for f in failure.findings)

    def signatures(self) -> dict[str, list[str]]:
        groups = defaultdict(list)
        for failure in self.failures:
            for f in failure.findings:
                groups[oracle.signature(f)].append(failure.name)
        return dict(sorted(groups.items(), key=lambda kv: -len(kv[1])))

    def summary(self) -> str:
        total = sum(self.counts.values())
        packs = sum(self.counts[f] for f in PACK_FAMILIES)
        texts = sum(self.counts[f] for f in DSL_FAMILIES)
        kinds = self.kinds()
        lines = [f"{total} cases ({packs} packs, {texts} DSL texts, "
                 + ", ".join(f"{self.counts[f]} {f}" for f in self.counts if f not in PACK_FAMILIES + DSL_FAMILIES)
                 + f") in {self.seconds:.1f} s; slowest case {self.slowest[0]:.2f} s ({self.slowest[1]})",
                 f"failing cases: {len(self.failures)}; tracebacks {kinds['traceback']}, hangs {kinds['hang']}, "
                 f"out of memory {kinds['memory']}, workers died {kinds['died']}, unlocated errors "
                 f"{kinds['unlocated']}, files read outside the project {kinds['outside']}, other exit codes {kinds['exit']}, "
                 f"harness errors {kinds['harness']}",
                 "valid after the changes, so played too: "
                 + ", ".join(f"{self.played[f]} of {self.counts[f]} {f}" for f in self.counts if f in self.played)]
        for sig, names in self.signatures().items():
            lines.append(f"  {len(names):5d}  {sig}   e.g. {', '.join(names[:3])}")
        return "\n".join(lines)


def requests(sizes: dict[str, int], seed: int, avoid=(), start: int = 0):
    """The cases of a budget, the families taking turns so that any prefix mixes them."""
    left = dict(sizes)
    number = start
    while any(left.values()):
        for family in sizes:
            if left[family]:
                left[family] -= 1
                yield {"family": family, "seed": seed, "number": number + sizes[family] - left[family] - 1,
                       "avoid": sorted(avoid)}


def fuzz(sizes: dict[str, int], seed: int = 0, jobs: int = 2, limits: pool.Limits | None = None,
         keep: Path | None = None, avoid=(), progress=None) -> Outcome:
    """Runs the cases and judges them; each failing case's folder is copied to `keep`."""
    outcome = Outcome()
    started = time.perf_counter()
    for request, answer in pool.run(requests(sizes, seed, avoid), limits or pool.Limits(), jobs):
        name = f"{request['family']}:{request['number']}"
        outcome.counts[request["family"]] += 1
        commands = answer.get("commands") or []
        if len(commands) > 1 and commands[0]["exit"] == 0 and commands[0]["argv"][0] == "validate":
            outcome.played[request["family"]] += 1
        if answer.get("seconds", 0) > outcome.slowest[0]:
            outcome.slowest = (answer["seconds"], name)
        findings = oracle.judge(answer)
        if findings:
            failure = Failure(name, seed, findings, answer)
            if keep is not None:
                failure.kept = _keep(keep, request, answer, failure)
            outcome.failures.append(failure)
        if progress:
            progress(outcome)
    outcome.seconds = time.perf_counter() - started
    return outcome


def _keep(keep: Path, request: dict, answer: dict, failure: Failure) -> Path:
    target = failure.kept = keep / f"{request['family']}-{request['seed']}-{request['number']}"
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(request["folder"], target, symlinks=True, ignore_dangling_symlinks=True,
                    ignore=lambda folder, names: [n for n in names if _special(Path(folder) / n)])
    (target / "FAILURE.txt").write_text(failure.describe() + "\n", encoding="utf-8")
    (target / "answer.json").write_text(json.dumps(answer, indent=1), encoding="utf-8")
    return target


def _special(path: Path) -> bool:
    """FIFOs and sparse giants are not copied: FAILURE.txt says how to make them again."""
    try:
        return not path.is_symlink() and (path.is_fifo() or (path.is_file() and path.stat().st_size > 10 << 20))
    except OSError:
        return True
