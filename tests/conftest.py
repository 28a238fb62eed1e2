"""Options of the project's own test suite."""


def pytest_addoption(parser):
    parser.addoption("--regen-playthroughs", action="store_true",
                     help="write tests/playthroughs/*.txt again from the games as they play now (see tests/test_playthroughs.py)")
