"""Quick fixes: a problem whose message ends in a suggestion (`unknown zone "hnad";
did you mean "hand"?`, from suggest.did_you_mean) is fixed by writing the name
suggested in place of the name written, where the problem points."""
from __future__ import annotations

import re

from lsprotocol import types

from .ranges import SOURCE

# The name written (the last quoted text before the suggestion) and the name suggested.
_SUGGESTION = re.compile(r'"((?:[^"\\]|\\.)*)"[^"]*?; did you mean "((?:[^"\\]|\\.)*)"\?')


def suggestion(message: str) -> tuple[str, str] | None:
    """(written, suggested) of a message that suggests a name."""
    found = None
    for match in _SUGGESTION.finditer(message):
        found = match
    return (found.group(1), found.group(2)) if found else None


def quick_fixes(uri: str, lines: list[str], diagnostics, units) -> list[types.CodeAction]:
    """A fix for each of `diagnostics` (of this file) that suggests a name; `units`
    converts columns (ranges.Units)."""
    out = []
    for d in diagnostics:
        if d.source != SOURCE:
            continue
        said = suggestion(d.message.split("\nhint:")[0])
        row = d.range.start.line
        if said is None or row >= len(lines):
            continue
        written, suggested = said
        line = lines[row]
        at = line.find(written, units.column(line, d.range.start.character))
        if at < 0:
            continue
        span = types.Range(types.Position(row, units(line, at)), types.Position(row, units(line, at + len(written))))
        edit = types.WorkspaceEdit(changes={uri: [types.TextEdit(range=span, new_text=suggested)]})
        out.append(types.CodeAction(title=f'Change "{written}" to "{suggested}"', kind=types.CodeActionKind.QuickFix,
                                    diagnostics=[d], edit=edit, is_preferred=True))
    return out
