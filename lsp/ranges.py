"""Where things are, as an editor counts: problems of `cardtable validate` as
diagnostics, and positions between the file's characters and the client's units.

A problem names a line and a column (1-based, in characters); the diagnostic's range
starts there and covers the word, number or quoted text that starts there (one
character when nothing does), so the editor underlines what the message is about.
"""
from __future__ import annotations

import re

from lsprotocol import types

from ..interpreter.diagnostics import Problem

SEVERITY = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning,
            "note": types.DiagnosticSeverity.Information}
SOURCE = "cardtable"
# What a problem's position may start: a quoted text, a word (names may hold ' and -),
# a number; anything else is one character.
_TOKEN = re.compile(r'"[^"\n]*"?|\'[^\'\n]*\'?|[\w][\w\'-]*|\S')


def token_end(line: str, col0: int) -> int:
    """The end (0-based, exclusive) of what starts at `col0` of `line`."""
    match = _TOKEN.match(line, col0)
    return match.end() if match else col0


def diagnostic(problem: Problem, lines: list[str], units) -> types.Diagnostic:
    """The diagnostic of a problem in a file whose lines are `lines`; `units` turns a
    0-based character column into the client's units (Units)."""
    row = max(problem.line - 1, 0)
    col0 = max(problem.col - 1, 0)
    text = lines[row] if row < len(lines) else ""
    col0 = min(col0, len(text))
    end = token_end(text, col0)
    message = problem.message if not problem.hint else f"{problem.message}\nhint: {problem.hint}"
    return types.Diagnostic(
        range=types.Range(types.Position(row, units(text, col0)), types.Position(row, units(text, end))),
        message=message, severity=SEVERITY[problem.severity], source=SOURCE)


class Units:
    """Columns between the characters of a line and the client's units (UTF-16 unless
    the client chose another encoding): pygls's codec of the session."""

    def __init__(self, codec):
        self.codec = codec

    def __call__(self, line: str, col0: int) -> int:
        return col0 if line.isascii() else self.codec.client_num_units(line[:col0])

    def column(self, line: str, units: int) -> int:
        """The character column (0-based) of a position in client units."""
        if line.isascii():
            return min(units, len(line))
        return self.codec.position_from_client_units([line], types.Position(0, units)).character
