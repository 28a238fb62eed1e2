"""The outline of a pack's file (document symbols): the cards and families of a card
file with their abilities; the phases and steps, card types (with their abilities),
zones, options and definitions of pack.yaml. Read from the file as it is now, with
the positions the YAML reader keeps.
"""
from __future__ import annotations

from lsprotocol import types

from ..interpreter.packs.yamlpos import PosDict, PosList, YamlProblem, load_yaml_text

S = types.SymbolKind
# pack.yaml's mappings of names that the outline lists, and how each is drawn.
NAMED_SECTIONS = (("zones", S.Namespace), ("options", S.Constant), ("define", S.Function))


def outline(text: str, filename: str, units) -> list[types.DocumentSymbol]:
    """`units(line_text, col0)` gives a column in the client's units (ranges.Units)."""
    try:
        data = load_yaml_text(text, filename).data
    except (YamlProblem, RecursionError):
        return []
    if not isinstance(data, PosDict):
        return []
    lines = text.split("\n")
    ends = _section_ends(data, len(lines))
    out = []
    for section, kind in (("families", S.Struct), ("cards", S.Object)):
        out += _items(data.get(section), kind, ends.get(section, len(lines)), lines, units)
    out += _phases(data.get("turn"), ends.get("turn", len(lines)), lines, units)
    types_ = data.get("card_types")
    if isinstance(types_, PosDict):
        out += _named(types_, S.Class, ends["card_types"], lines, units, children=True)
    for section, kind in NAMED_SECTIONS:
        if isinstance(data.get(section), PosDict):
            out += _named(data[section], kind, ends[section], lines, units)
    return out


def _section_ends(data: PosDict, last: int) -> dict:
    """The last line of each top-level section: the line before the next section."""
    starts = sorted((pos[0], key) for key, pos in data.key_pos.items())
    return {key: (starts[i + 1][0] - 1 if i + 1 < len(starts) else last) for i, (_, key) in enumerate(starts)}


def _range(lines, units, start: tuple[int, int], end_line: int) -> types.Range:
    row, col = start[0] - 1, start[1] - 1
    end_row = max(min(end_line, len(lines)) - 1, row)
    while end_row > row and not lines[end_row].strip():
        end_row -= 1
    end_text = lines[end_row] if end_row < len(lines) else ""
    return types.Range(types.Position(row, units(lines[row] if row < len(lines) else "", col)),
                       types.Position(end_row, units(end_text, len(end_text))))


def _name_range(lines, units, pos: tuple[int, int], name: str) -> types.Range:
    row, col = pos[0] - 1, pos[1] - 1
    line = lines[row] if row < len(lines) else ""
    end = col + len(name) + (2 if line[col:col + 1] in "\"'" else 0)
    return types.Range(types.Position(row, units(line, col)), types.Position(row, units(line, min(end, len(line)))))


def _symbol(name, kind, lines, units, start, end_line, name_pos, children=()) -> types.DocumentSymbol:
    whole = _range(lines, units, start, end_line)
    chosen = _name_range(lines, units, name_pos, name)
    if chosen.start.line > whole.end.line:      # a name on the last line of an item still sits inside it
        whole.end = chosen.end
    return types.DocumentSymbol(name=str(name), kind=kind, range=whole, selection_range=chosen,
                                children=list(children) or None)


def _items(raws, kind, end_line: int, lines, units, child_kind=S.Method) -> list:
    """The named mappings of a list (cards, abilities), each to the line before the next."""
    if not isinstance(raws, PosList):
        return []
    out = []
    for k, raw in enumerate(raws):
        if not isinstance(raw, PosDict) or not isinstance(raw.get("name"), (str, int)):
            continue
        start = raws.item_pos[k]
        end = raws.item_pos[k + 1][0] - 1 if k + 1 < len(raws.item_pos) else end_line
        children = _items(raw.get("abilities"), child_kind, end, lines, units) if kind != child_kind else []
        out.append(_symbol(raw["name"], kind, lines, units, start, end, raw.value_pos.get("name", start), children))
    return out


def _phases(turn, end_line: int, lines, units) -> list:
    if not isinstance(turn, PosList):
        return []
    out = []
    for k, raw in enumerate(turn):
        if not isinstance(raw, PosDict) or not isinstance(raw.get("phase"), str):
            continue
        start = turn.item_pos[k]
        end = turn.item_pos[k + 1][0] - 1 if k + 1 < len(turn.item_pos) else end_line
        steps = raw.get("steps")
        children = []
        if isinstance(steps, PosList):
            for j, step in enumerate(steps):
                if isinstance(step, PosDict) and isinstance(step.get("step"), str):
                    step_end = steps.item_pos[j + 1][0] - 1 if j + 1 < len(steps.item_pos) else end
                    children.append(_symbol(step["step"], S.Event, lines, units, steps.item_pos[j], step_end,
                                            step.value_pos.get("step", steps.item_pos[j])))
        out.append(_symbol(raw["phase"], S.Event, lines, units, start, end, raw.value_pos.get("phase", start), children))
    return out


def _named(section: PosDict, kind, end_line: int, lines, units, children: bool = False) -> list:
    keys = list(section)
    out = []
    for i, name in enumerate(keys):
        start = section.key_pos.get(name, section.pos)
        end = section.key_pos[keys[i + 1]][0] - 1 if i + 1 < len(keys) else end_line
        raw = section[name]
        inner = _items(raw.get("abilities"), S.Method, end, lines, units) if children and isinstance(raw, PosDict) else []
        out.append(_symbol(name, kind, lines, units, start, end, start, inner))
    return out
