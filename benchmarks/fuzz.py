"""The large fuzz run: mutated packs, DSL texts, deck lists, card data, scenario
files and game records through `cardtable validate`, `test`, `simulate` and
`replay`; every case must give a valid result or a located error, never a
traceback, within its time and memory limits (tests/fuzzing/ has the machinery,
tests/test_fuzz.py runs a small budget in CI).

    python benchmarks/fuzz.py                     # 1,000 packs, 3,000 DSL texts, and the rest
    python benchmarks/fuzz.py --size 100 --seed 3
    python benchmarks/fuzz.py --seed 0 --case dsl_grammar:417   # one case again, in full

Failing cases are kept in --keep (default fuzz-failures/), each with FAILURE.txt.
Exit code 1 when any case fails.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent.parent / "tests")]

from fuzzing import pool, run  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", type=int, default=1000, help="packs to mutate; DSL texts are three times as many")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--families", default=",".join(run.SHARES), help="comma-separated families to run")
    parser.add_argument("--avoid", default="", help="inputs to leave out, comma-separated (see tests/fuzzing/cases.py)")
    parser.add_argument("--case", default=None, metavar="FAMILY:NUMBER", help="run this one case and show all of it")
    parser.add_argument("--seconds", type=float, default=pool.Limits.seconds, help="time limit of a case")
    parser.add_argument("--memory", type=int, default=pool.Limits.memory >> 20, help="memory limit of a worker, MiB")
    parser.add_argument("--keep", type=Path, default=Path("fuzz-failures"), help="where failing inputs are kept")
    args = parser.parse_args()
    limits = pool.Limits(args.seconds, args.memory << 20)
    avoid = [a for a in args.avoid.split(",") if a]
    if args.case:
        family, number = args.case.split(":")
        request = {"family": family, "seed": args.seed, "number": int(number), "avoid": avoid}
        for _request, answer in pool.run([request], limits, 1):
            print(json.dumps(answer, indent=1))
            findings = run.oracle.judge(answer)
            print("\n".join(f"{f.kind}: {f.command}" for f in findings) or "the promise holds")
            return 1 if findings else 0
    families = args.families.split(",")
    sizes = {f: n for f, n in run.budget(args.size).items() if f in families}

    def progress(outcome):
        done = sum(outcome.counts.values())
        if done % 250 == 0:
            print(f"  {done} cases, {len(outcome.failures)} failing", file=sys.stderr, flush=True)

    outcome = run.fuzz(sizes, args.seed, args.jobs, limits, args.keep, avoid, progress)
    print(outcome.summary())
    return 1 if outcome.failures else 0


if __name__ == "__main__":
    sys.exit(main())
