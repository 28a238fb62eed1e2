"""The engine's limits, in one place: what keeps a pack, a deck list or a game record
from running for ever or filling the memory. docs/limits.md explains each one to
designers; the schema, the loader, the deck-list reader and the engine read them here.
"""
from __future__ import annotations

# A `while` or a `repeat` runs its block at most this many times.
LOOP = 10_000
# Loop rounds, sets of cards tried, runs of the checks and triggered abilities between
# two decisions: past it the rules go round in circles (checks that never settle) or do
# too much at once (loops in loops, sets of cards inside sets of cards).
STEPS = 1_000_000
# The sets of cards one "sets of ..." takes at once: every set of 16 cards (sets of 2
# cards, of up to 362 cards). Their number doubles with each card; past it the game
# stops with the text named, before any set is made.
SETS = 65_535
# Triggered abilities fired with no player deciding anything in between: more is a
# chain of triggers that sets itself off ("when this enters play: put this into play").
TRIGGERS = 10_000
# Damage dealt by what damage does as it is dealt (damage: dealt), within one damage:
# more is damage that deals itself again ("deal amount damage to target").
DEALT = 100
# The ways of picking the cards of an ability's costs that pick them tried, each time
# the costs are checked, when the first way leaves another cost unpaid: past it the
# costs are taken as unpayable (the ability is not offered, nor the card to pick).
PICKINGS = 1_000
# Lists and mappings inside each other: in a YAML file, and in plain data a program
# gives the engine (a setup for Game.position). No rule needs more; a setup nested
# deeper, or one that holds itself, is refused before anything walks it.
NESTING = 64
# The lists, mappings and values of a setup a program gives, one held in several places
# counted in each (as everything that reads the setup walks it there): ten for each card
# of a game. Past it the setup is refused before anything walks it.
SETUP_VALUES = 1_000_000
# The copies of one card in a deck entry ("4 Bear") or on a line of a deck list.
COPIES = 1_000
# The cards of one deck, and of one game (every deck together).
DECK = 10_000
CARDS = 100_000
# The players of one game.
PLAYERS = 64
# The games of one run (simulate, compare, impact, sweep; in the workbench too): each
# game's result is kept for the summary. A longer study is several runs (--seed).
GAMES = 1_000_000
# A number written in a rule, and any number the rules compute by multiplying.
NUMBER = 10 ** 18
SAID_NUMBER = "10¹⁸"              # as messages write it
# A game that has not ended after this many turns, or a turn that has not ended after
# this many decisions, is a draw. A pack may raise both (`end: max_turns`,
# `end: max_decisions`) up to the ceilings below, never remove them.
TURNS = 1_000
DECISIONS = 10_000
MAX_TURNS = 100_000
MAX_DECISIONS = 100_000
# The digits of a whole number read from a deck list, a record, an option or a player's
# answer: past it the number is refused before Python is asked to read it (Python
# refuses 4,300 digits with a traceback; no seed or count needs more than a few).
DIGITS = 100


def count(n: int) -> str:
    """A limit as a designer reads it: 10,000."""
    return f"{n:,}"


def said(n: int) -> str:
    """A whole number given to the engine, as a message quotes it: in full, unless it is
    too long to print (Python refuses to write 4,300 digits and more)."""
    return str(n) if -NUMBER ** 2 < n < NUMBER ** 2 else f"a number of {n.bit_length():,} bits"
