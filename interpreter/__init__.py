"""The generic interpreter of rule packs, in rooms that build on one another:

    engine  <-  lang  <-  packs  <-  play  <-  cli

engine runs a loaded pack; lang is the effect DSL and its compiler; packs reads and
checks pack files and builds a Pack; play has the players, batches, records and
the terminal. A room imports only the rooms to its left (tests/test_layers.py
keeps it so). diagnostics (located problems), suggest (did-you-mean), infiles and
outfiles (reading and writing files safely) serve them all.
It knows no game: no card, suit or game name appears in it."""
