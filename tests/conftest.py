"""Options of the test run."""


def pytest_addoption(parser):
    group = parser.getgroup("cardtable fuzzing")
    group.addoption("--fuzz-budget", type=int, default=None, metavar="N",
                    help="Fuzz N mutated packs, 3N DSL texts and the other inputs in proportion "
                         "(default: the small budget of CI; benchmarks/fuzz.py runs the large one).")
    group.addoption("--fuzz-seed", type=int, default=0, metavar="S", help="Seed of the fuzz cases (default 0).")
