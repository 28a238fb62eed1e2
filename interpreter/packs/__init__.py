"""The pack front end: a pack's files found and read safely, checked against the
schemas with every problem located, its names declared, its DSL texts compiled,
its cards imported and its decks built, into a Pack the engine runs; and the
scenarios that test a pack."""
