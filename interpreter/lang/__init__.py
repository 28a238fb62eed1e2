"""The effect DSL: its grammar and parser (dsl), its static types, the vocabulary
registry and its families (vocabulary/), the compiler from parse trees to closures,
and the reference written from them (docgen). It builds on the engine, and knows no
pack file: the pack front end (packs/) hands it texts with their places."""
