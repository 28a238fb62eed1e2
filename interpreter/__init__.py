"""The generic engine: it runs any rule pack and knows no game."""
