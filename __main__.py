"""`python -m cardtable`: the same command as `cardtable`, for a checkout that is not installed."""
from .cli import main

main(prog_name="cardtable")
