"""Quick fixes: a problem whose message ends in a suggestion (`unknown zone "hnad";
did you mean "hand"?`, from suggest.did_you_mean) is fixed by writing the name
suggested in place of the name written, where the problem points."""
from __future__ import annotations

import re

from lsprotocol import types

from .ranges import SOURCE

_QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')
_MEANT = re.compile(r'; did you mean "((?:[^"\\]|\\.)*)"\?')


def suggestion(message: str, under: str | None = None) -> tuple[str, str] | None:
    """(written, suggested) of a message that suggests a name. The name written is one
    the message quotes before the suggestion: the one the problem points at (`under`),
    else the last (`"crad" is not ..., "player" nor "card"; did you mean "card"?`)."""
    meant = [*_MEANT.finditer(message)]
    quoted = _QUOTED.findall(message[:meant[-1].start()]) if meant else []
    if not quoted:
        return None
    return (under if under in quoted else quoted[-1]), meant[-1].group(1)


def quick_fixes(uri: str, lines: list[str], diagnostics, units) -> list[types.CodeAction]:
    """A fix for each of `diagnostics` (of this file) that suggests a name; `units`
    converts columns (ranges.Units)."""
    out = []
    for d in diagnostics:
        if d.source != SOURCE:
            continue
        row = d.range.start.line
        if row >= len(lines):
            continue
        line = lines[row]
        under = line[units.column(line, d.range.start.character):units.column(line, d.range.end.character)]
        said = suggestion(d.message.split("\nhint:")[0], under)
        if said is None:
            continue
        written, suggested = said
        at = line.find(written, units.column(line, d.range.start.character))
        if at < 0:
            continue
        span = types.Range(types.Position(row, units(line, at)), types.Position(row, units(line, at + len(written))))
        edit = types.WorkspaceEdit(changes={uri: [types.TextEdit(range=span, new_text=suggested)]})
        out.append(types.CodeAction(title=f'Change "{written}" to "{suggested}"', kind=types.CodeActionKind.QuickFix,
                                    diagnostics=[d], edit=edit, is_preferred=True))
    return out
