"""Options of the project's own test suite (designers using the pytest plugin never see them)."""
import os
import sys

from cardtable.interpreter import native

# The tests check the Python source, here and in the processes they start, even where a
# native engine is built (tests/test_native.py and benchmarks/native.py check that one):
# some read the closures the compiler makes, which compiled code does not show.
os.environ["CARDTABLE_NATIVE"] = "0"
sys.meta_path[:] = [finder for finder in sys.meta_path if not isinstance(finder, native.Finder)]


def pytest_addoption(parser):
    group = parser.getgroup("cardtable fuzzing")
    group.addoption("--fuzz-budget", type=int, default=None, metavar="N",
                    help="Fuzz N mutated packs, 3N DSL texts and the other inputs in proportion "
                         "(default: the small budget of CI; benchmarks/fuzz.py runs the large one).")
    group.addoption("--fuzz-seed", type=int, default=0, metavar="S", help="Seed of the fuzz cases (default 0).")
    parser.addoption("--regen-playthroughs", action="store_true",
                     help="write tests/playthroughs/*.txt again from the games as they play now (see tests/test_playthroughs.py)")
