"""cardtable: card games whose rules are data."""

__version__ = "0.1.0"
