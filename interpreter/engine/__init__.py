"""The engine: it runs any loaded pack and knows no game, no file and no DSL text.

A Pack (model) holds compiled closures; a Game settles its options and deals; a
State holds everything a game changes, cheap to clone; frames (script, turns,
priority, activation, resolution, triggered, running) step it until a player must
decide; primitives are what rules do to it; observe decides what each seat sees."""
