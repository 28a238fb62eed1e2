"""Mutations of texts and of the data read from YAML and JSON: what a careless
hand, a bad merge, a wrong editor or an attacker makes of a good file.

Each function takes a random.Random and returns a new value; none changes its input.
"""
from __future__ import annotations

import copy
import random
import re

# Values a field may be given instead of its own: other types, edge numbers, odd texts.
ODD_VALUES = [
    None, True, False, 0, -1, 1, 2, 7, 1000, 10**6, 10**12, -(10**12), 2**63, 10**400, 0.5, -0.0, 1e308,
    float("inf"), float("nan"), "", " ", "0", "yes", "no", "null", "~", "a", "x" * 300, "é", "\u202e", "\x1b]0;title\x07",
    "\t", "line\nbreak", "{R}", "*", "../..", "/etc/passwd", "%(x)s", "{0}", "$(id)", [], [None], [1, "a"], {},
    {"a": 1}, {"": None}, [[[]]],
]
# Text put into a file at a random place.
JUNK = ["\x00", "\t", "\r", "\r\n", "\ufeff", "\x85", "\u2028", "\x1b[2J", ":", "- ", "? ", "&a ", "*a", "!!python/object:os.system ",
        "%YAML 1.1\n", "---\n", "...\n", "{", "}", "[", "]", '"', "'", "|", ">", "#", "@", "`", "\\", "é", "😀",
        "ab" * 200, "\udcff", "<<: *x\n", "!!binary AAAA", "0x7fffffff", "1e9999", ".inf", "99999999999999999999"]


def text(rnd: random.Random, source: str, rounds: int | None = None) -> str:
    """A text with a few random edits: characters, lines, indentation, truncation."""
    out = source
    for _ in range(rounds or rnd.choice([1, 1, 1, 2, 3, 5])):
        out = rnd.choice(_TEXT_EDITS)(rnd, out)
    return out


def _lines(s: str) -> list[str]:
    return s.split("\n")


def _at(rnd: random.Random, items: list) -> int:
    return rnd.randrange(len(items)) if items else 0


def _flip_char(rnd, s):
    if not s:
        return rnd.choice(JUNK)
    i = rnd.randrange(len(s))
    return s[:i] + chr(rnd.choice([0, 9, 10, 13, 32, 34, 35, 39, 45, 58, 91, 93, 123, 125, 127, 0xE9, 0x2028, 0xFEFF,
                                    rnd.randrange(32, 127)])) + s[i + 1:]


def _insert_junk(rnd, s):
    i = rnd.randrange(len(s) + 1)
    return s[:i] + rnd.choice(JUNK) + s[i:]


def _delete_span(rnd, s):
    if not s:
        return s
    i = rnd.randrange(len(s))
    return s[:i] + s[i + rnd.randint(1, 40):]


def _truncate(rnd, s):
    return s[: rnd.randrange(len(s) + 1)]


def _delete_line(rnd, s):
    lines = _lines(s)
    del lines[_at(rnd, lines)]
    return "\n".join(lines)


def _duplicate_line(rnd, s):
    # A duplicated "key: value" line is a duplicated key.
    lines = _lines(s)
    i = _at(rnd, lines)
    lines.insert(i, lines[i] if lines else "")
    return "\n".join(lines)


def _swap_lines(rnd, s):
    lines = _lines(s)
    if len(lines) > 1:
        i = rnd.randrange(len(lines) - 1)
        j = min(len(lines) - 1, i + rnd.choice([1, 1, 2, 5]))
        lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


def _indent_line(rnd, s):
    lines = _lines(s)
    i = _at(rnd, lines)
    if lines:
        line = lines[i]
        lines[i] = rnd.choice([" ", "  ", "\t", "   ", "    " * 3]) + line if rnd.random() < 0.6 else line.lstrip()
    return "\n".join(lines)


def _indent_block(rnd, s):
    lines = _lines(s)
    i = _at(rnd, lines)
    k = rnd.randint(2, 8)
    pad = rnd.choice(["  ", " ", "\t"])
    lines[i:i + k] = [pad + line for line in lines[i:i + k]]
    return "\n".join(lines)


def _copy_line(rnd, s):
    lines = _lines(s)
    if lines:
        lines.insert(_at(rnd, lines), rnd.choice(lines))
    return "\n".join(lines)


def _change_number(rnd, s):
    numbers = list(re.finditer(r"\d+", s))
    if not numbers:
        return _insert_junk(rnd, s)
    m = rnd.choice(numbers)
    new = rnd.choice(["0", "-1", "1", "999999999999", "1" + "0" * 5000, "1.5", "²", "0x10", "1_000", "", "NaN"])
    return s[:m.start()] + new + s[m.end():]


def _change_word(rnd, s):
    words = list(re.finditer(r"[A-Za-z_]{2,}", s))
    if not words:
        return _insert_junk(rnd, s)
    m = rnd.choice(words)
    other = rnd.choice(words).group()
    new = rnd.choice([other, m.group().upper(), m.group()[:-1], m.group() + "s", "", "null", "true", "no", "~"])
    return s[:m.start()] + new + s[m.end():]


def _repeat_block(rnd, s):
    lines = _lines(s)
    i = _at(rnd, lines)
    k = rnd.randint(1, 6)
    lines[i:i] = lines[i:i + k] * rnd.choice([2, 3, 50])
    return "\n".join(lines)


_TEXT_EDITS = [_flip_char, _insert_junk, _delete_span, _truncate, _delete_line, _duplicate_line, _swap_lines,
               _indent_line, _indent_block, _copy_line, _change_number, _change_word, _repeat_block]


# ------------------------------------------------------------------ structure

def paths(data, prefix=()) -> list[tuple]:
    """Every place in nested mappings and lists, as a tuple of keys and indexes."""
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out.extend(paths(v, prefix + (k,)))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out.extend(paths(v, prefix + (i,)))
    return out


def get(data, path: tuple):
    for key in path:
        data = data[key]
    return data


def put(data, path: tuple, value):
    get(data, path[:-1])[path[-1]] = value


def structure(rnd: random.Random, data, rounds: int | None = None):
    """The data with a few changes of its shape: keys deleted, copied, swapped;
    values of other types or edge values; lists emptied or grown."""
    out = copy.deepcopy(data)
    for _ in range(rounds or rnd.choice([1, 1, 2, 3])):
        places = [p for p in paths(out) if p]
        if not places:
            return rnd.choice(ODD_VALUES)
        path = rnd.choice(places)
        rnd.choice(_STRUCTURE_EDITS)(rnd, out, path)
    return out


def _delete(rnd, data, path):
    parent = get(data, path[:-1])
    del parent[path[-1]]


def _odd_value(rnd, data, path):
    put(data, path, copy.deepcopy(rnd.choice(ODD_VALUES)))


def _near_value(rnd, data, path):
    value = get(data, path)
    if isinstance(value, bool):
        new = not value
    elif isinstance(value, int):
        new = rnd.choice([0, -value, value + 1, value - 1, value * 1000, 10**9, -1])
    elif isinstance(value, str):
        new = rnd.choice([value.upper(), value[::-1], value + "s", value[: len(value) // 2], value * 2, "  " + value])
    elif isinstance(value, list):
        new = value[::-1] if rnd.random() < 0.5 else value * rnd.choice([0, 2, 30])
    elif isinstance(value, dict):
        new = {f"{k}_" if rnd.random() < 0.3 else k: v for k, v in value.items()}
    else:
        new = rnd.choice(ODD_VALUES)
    put(data, path, new)


def _copy_elsewhere(rnd, data, path):
    # A value copied to another place: same-named sections, texts where numbers go.
    other = rnd.choice(paths(data))
    if other and other[:len(path)] != path:
        put(data, other, copy.deepcopy(get(data, path)))


def _swap_values(rnd, data, path):
    parent = get(data, path[:-1])
    keys = list(parent.keys()) if isinstance(parent, dict) else list(range(len(parent)))
    other = rnd.choice(keys)
    parent[path[-1]], parent[other] = parent[other], parent[path[-1]]


def _rename_key(rnd, data, path):
    parent = get(data, path[:-1])
    if isinstance(parent, dict):
        value = parent.pop(path[-1])
        key = path[-1]
        parent[rnd.choice([f"{key}s", str(key).upper(), f"x_{key}", "", "name", "abilities", "match", 1])] = value


def _wrap(rnd, data, path):
    value = get(data, path)
    put(data, path, rnd.choice([[value], {"value": value}, [value, value]]))


_STRUCTURE_EDITS = [_delete, _delete, _odd_value, _near_value, _near_value, _copy_elsewhere, _swap_values,
                    _rename_key, _wrap]


# ------------------------------------------------------------------ DSL texts

_WORD = re.compile(r'"[^"\n]*"|[A-Za-z_][A-Za-z0-9_]*|\d+|\S')


def dsl(rnd: random.Random, source: str, words: list[str], others: list[str]) -> str:
    """A DSL text with a few edits by token: words dropped, doubled, swapped or
    replaced by other words of the pack, numbers changed, lines moved or re-indented,
    lines of other texts put in."""
    out = source
    for _ in range(rnd.choice([1, 1, 1, 2, 3])):
        if rnd.random() < 0.15:
            out = text(rnd, out, 1)
            continue
        tokens = [m for m in _WORD.finditer(out)]
        if not tokens or rnd.random() < 0.15:
            lines = out.split("\n")
            line = rnd.choice(rnd.choice(others).split("\n") or [""]) if others else ""
            lines.insert(rnd.randrange(len(lines) + 1), rnd.choice(["", "  ", "    "]) + line)
            out = "\n".join(lines)
            continue
        m = rnd.choice(tokens)
        edit = rnd.randrange(6)
        if edit == 0:
            new = ""
        elif edit == 1:
            new = m.group() + " " + m.group()
        elif edit == 2:
            new = rnd.choice(words)
        elif edit == 3:
            new = rnd.choice(["0", "-1", "3", "10000", "99999", "1000000000000", "(1)", "((((2))))"])
        elif edit == 4:
            other = rnd.choice(tokens)
            if other.start() > m.end():
                out = out[:m.start()] + other.group() + out[m.end():other.start()] + m.group() + out[other.end():]
            continue
        else:
            new = rnd.choice(["(", ")", ":", "\n", "\n  ", '"', "'s", "not", "the", "and", "or", "each", "it", "this"])
        out = out[:m.start()] + new + out[m.end():]
    return out
