"""What is under the cursor in a pack's YAML, read from the lines around it.

An editor asks about files that are being typed and often do not parse; so this
reads the lines, not the document: the key a value belongs to (and the key above
it), whether the value is a DSL text and which start symbol reads it (the same
choice the loader makes for that key), the text itself and where each of its lines
sits in the file. Block scalars (`effect: |`), plain and quoted values and the
entries of flow mappings (`targets: {target: creature in play}`) are understood.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..interpreter.packs.syntax import ENTRY_KEYS, TEXT_KEYS

# The keys whose values are DSL texts, with the start symbol that reads each: those the
# syntax check of a refused file reads (packs/syntax.py), and those of a round, a
# currency's worth and an evaluation feature, which the builders compile too; and a
# scenario's `until: {condition: ...}`, which its players' names may be read in.
KEYS = {**TEXT_KEYS, "until": "condition", "begin": "script", "end": "script", "worth": "value", "value": "value",
        "condition": "condition"}
# Keys under which every entry is a DSL text: its key is a name the pack chooses.
ENTRIES_OF = ENTRY_KEYS

_KEY_LINE = re.compile(r"^(\s*)(?:-\s+)?([\w-]+):(?:\s+(.*?))?\s*$")
_BLOCK = re.compile(r"^[|>][-+0-9]*\s*(#.*)?$")
_FLOW_KEY = re.compile(r"[{,]\s*([\w-]+):\s*")


@dataclass
class DslText:
    """A DSL text of the file: its key (and the key above it), the start symbol that
    reads it, its text, where each of its lines starts in the file (row, column, both
    0-based) and where the cursor is in it (line, column, 0-based)."""
    key: str
    parent: str | None
    start: str
    text: str
    origins: list
    cursor: tuple[int, int]

    def file_position(self, line: int, col: int) -> tuple[int, int]:
        row, col0 = self.origins[line]
        return row, col0 + col

    def before_cursor(self) -> str:
        line, col = self.cursor
        lines = self.text.split("\n")
        return "\n".join(lines[:line] + [lines[line][:col]])


def indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def start_for(key: str, parent: str | None) -> str | None:
    if parent in ENTRIES_OF:
        return ENTRIES_OF[parent]
    return KEYS.get(key)


def parent_key(lines: list[str], row: int) -> str | None:
    """The key of the mapping that holds the key on line `row`."""
    own = _key_indent(lines[row])
    for above in range(row - 1, -1, -1):
        line = lines[above]
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if indent(line) < own:
            match = _KEY_LINE.match(line)
            if match and _key_indent(line) < own:
                return match.group(2)
            if indent(line) < own and not line.lstrip().startswith("-"):
                return None
    return None


def _key_indent(line: str) -> int:
    """The column of a line's key (after a list dash)."""
    stripped = line.lstrip(" ")
    at = len(line) - len(stripped)
    if stripped.startswith("- "):
        at += 2 + len(stripped[2:]) - len(stripped[2:].lstrip(" "))
    return at


def dsl_at(lines: list[str], row: int, col: int) -> DslText | None:
    """The DSL text at (row, col) of the file, or None when the cursor is in none."""
    if row >= len(lines):
        return None
    return _in_block(lines, row, col) or _inline(lines, row, col)


def _in_block(lines: list[str], row: int, col: int) -> DslText | None:
    """The block scalar (`key: |` and the lines indented under it) the cursor is in.
    Blocks do not nest: the nearest header above whose key is left of every line
    between it and the cursor is the one."""
    line = lines[row]
    lowest = indent(line) if line.strip() else col
    for above in range(row - 1, -1, -1):
        head = lines[above]
        if not head.strip():
            continue
        match = _KEY_LINE.match(head)
        if match and match.group(3) and _BLOCK.match(match.group(3)) and _key_indent(head) < lowest:
            key, parent = match.group(2), parent_key(lines, above)
            start = start_for(key, parent)
            if start is None:
                return None
            return _block_text(lines, above, _key_indent(head), key, parent, start, (row, col))
        lowest = min(lowest, indent(head))
        if lowest == 0:
            return None
    return None


def _block_text(lines, head: int, key_col: int, key, parent, start, at) -> DslText:
    body = []
    for row in range(head + 1, len(lines)):
        line = lines[row]
        if line.strip() and indent(line) <= key_col:
            break
        body.append(row)
    while body and not lines[body[-1]].strip() and body[-1] != at[0]:
        body.pop()
    filled = [indent(lines[r]) for r in body if lines[r].strip()]
    margin = filled[0] if filled else at[1]     # YAML takes the first line's indentation
    text_lines = [lines[r][margin:] for r in body]
    origins = [(r, margin) for r in body]
    cursor = (body.index(at[0]), max(at[1] - margin, 0)) if at[0] in body else (0, 0)
    return DslText(key, parent, start, "\n".join(text_lines), origins, cursor)


def _inline(lines: list[str], row: int, col: int) -> DslText | None:
    line = lines[row]
    match = _KEY_LINE.match(line)
    if match is None or match.group(3) is None:
        return None
    value_col = match.start(3)
    if col < value_col:
        return None
    key, parent = match.group(2), parent_key(lines, row)
    value = line[value_col:]          # as written, with the spaces the cursor may follow
    if value.startswith("{"):
        return _flow_entry(line, value_col, col, key, row)
    start = start_for(key, parent)
    if start is None or _BLOCK.match(value):
        return None
    text, at = _unquoted(value, value_col)
    return DslText(key, parent, start, text, [(row, at)], (0, min(max(col - at, 0), len(text))))


def _flow_entry(line: str, value_col: int, col: int, parent: str, row: int) -> DslText | None:
    """The entry of a flow mapping (`{a: text, b: text}`) the cursor is in."""
    entry = None
    for match in _FLOW_KEY.finditer(line, value_col):
        if match.end() <= col:
            entry = match
    if entry is None:
        return None
    key = entry.group(1)
    start = start_for(key, parent)
    if start is None:
        return None
    end = _entry_end(line, entry.end())
    text, at = _unquoted(line[entry.end():end], entry.end())
    text = text[:max(len(text.rstrip()), col - at)]    # the spaces the cursor follows are typed
    if col > at + len(text) + 1:
        return None
    return DslText(key, parent, start, text, [(row, at)], (0, min(max(col - at, 0), len(text))))


def _entry_end(line: str, at: int) -> int:
    """Where a flow entry's value ends: at a comma or brace outside quotes and brackets."""
    depth, quote = 0, None
    for i in range(at, len(line)):
        ch = line[i]
        if quote:
            quote = None if ch == quote else quote
        elif ch in "\"'" and i == at:
            quote = ch
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch in ",}" and depth <= 0:
            return i
    return len(line)


def _unquoted(value: str, at: int) -> tuple[str, int]:
    """The text of a value as written on its line, and the column its text starts at."""
    value = re.sub(r"\s+#.*$", "", value) if not value.startswith(("'", '"')) else value
    if value[:1] in ("'", '"'):
        quote = value[0]
        end = value.find(quote, 1)
        return (value[1:end] if end > 0 else value[1:]), at + 1
    return value, at


def target_names(lines: list[str], row: int) -> list[str]:
    """The names of the targets of the ability (the mapping) that holds line `row`: its
    `targets:` keys, written in flow (`{a: ..., b: ...}`) or as a block."""
    top, bottom = _mapping_span(lines, row)
    for r in range(top, bottom):
        match = _KEY_LINE.match(lines[r])
        if match and match.group(2) == "targets":
            value = lines[r][match.start(3):] if match.group(3) else ""
            if value.startswith("{"):
                return [m.group(1) for m in _FLOW_KEY.finditer(value)]
            own = _key_indent(lines[r])
            out = []
            for below in range(r + 1, bottom):
                line = lines[below]
                if line.strip() and indent(line) <= own:
                    break
                inner = _KEY_LINE.match(line)
                if inner and indent(line) > own and _key_indent(line) == indent(line):
                    out.append(inner.group(2))
            return out
    return []


def _mapping_span(lines: list[str], row: int) -> tuple[int, int]:
    """The lines of the list item (an ability, a card) that holds line `row`."""
    top = row
    while top > 0 and not lines[top].lstrip().startswith("- "):
        top -= 1
    own = indent(lines[top])
    bottom = top + 1
    while bottom < len(lines) and (not lines[bottom].strip() or indent(lines[bottom]) > own):
        bottom += 1
    return top, bottom


# ------------------------------------------------------------------ plain values
_WORD = re.compile(r"[\w'-]+")


def word_at(line: str, col: int) -> tuple[str, int, int] | None:
    """The word (letters, digits, _, ' and -) at `col`, with its start and end."""
    for match in _WORD.finditer(line):
        if match.start() <= col <= match.end():
            return match.group(), match.start(), match.end()
    return None


def quoted_at(line: str, col: int) -> tuple[str, int, int] | None:
    """The double-quoted text around `col` (its content, start and end, the quotes left out)."""
    for match in re.finditer(r'"([^"\n]*)"', line):
        if match.start() < col <= match.end() - 1 or match.start() <= col < match.end():
            return match.group(1), match.start(1), match.end(1)
    return None


def flow_item_at(line: str, col: int) -> tuple[str, int, int] | None:
    """The entry of a flow list or mapping value (`[Last Standing, Conquest]`) at `col`."""
    left = max(line.rfind(ch, 0, col) for ch in "[{,:")
    if left < 0 or "[" not in line[:col] and "{" not in line[:col]:
        return None
    ends = [i for i in (line.find(ch, col) for ch in ",]}") if i >= 0]
    right = min(ends) if ends else len(line)
    raw = line[left + 1:right]
    text = raw.strip()
    start = left + 1 + len(raw) - len(raw.lstrip())
    if text[:1] in "\"'" and text[-1:] == text[:1] and len(text) > 1:
        text, start = text[1:-1], start + 1
    return (text, start, start + len(text)) if text else None


def value_at(line: str, col: int) -> tuple[str, int, int] | None:
    """The whole plain value of a line (a list entry, a key's value) around `col`,
    without a count in front (`2 Goblin` is Goblin), for names of several words."""
    match = re.match(r"^(\s*(?:-\s+)?(?:[\w-]+:\s+)?(?:\d+x?\s+)?)(.*?)\s*(#.*)?$", line)
    if not match or not match.group(2):
        return None
    start, end = match.start(2), match.end(2)
    text = match.group(2)
    if text[:1] in "\"'" and text[-1:] == text[:1] and len(text) > 1:
        text, start, end = text[1:-1], start + 1, end - 1
    return (text, start, end) if start <= col <= end else None
