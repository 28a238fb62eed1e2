"""Reading YAML rule files with the position of every value kept, and no crash on bad input.

The document is built straight from the parser's event stream rather than from PyYAML's
node graph: that keeps the work iterative (no deep recursion on hostile nesting) and lets
nesting, aliases and duplicate keys be checked while reading.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import yaml
from yaml.events import (AliasEvent, MappingEndEvent, MappingStartEvent, ScalarEvent, SequenceEndEvent,
                         SequenceStartEvent, StreamEndEvent)

from ..diagnostics import split_lines
from ..engine.limits import NESTING, NUMBER, SAID_NUMBER
from ..infiles import TEXT_LIMIT, FileProblem, read_file, too_large, undecodable

MAX_BYTES = TEXT_LIMIT
MAX_DEPTH = NESTING
# Aliases may repeat shared parts; past this many repeated values it is an alias bomb.
MAX_ALIAS_NODES = 100_000

_Loader = yaml.CSafeLoader if getattr(yaml, "__with_libyaml__", False) else yaml.SafeLoader

_TAG = "tag:yaml.org,2002:"
_STR, _NULL, _BOOL, _INT, _FLOAT = (_TAG + t for t in ("str", "null", "bool", "int", "float"))
_MERGE, _TIMESTAMP, _VALUE = _TAG + "merge", _TAG + "timestamp", _TAG + "value"
_MAP, _SEQ = _TAG + "map", _TAG + "seq"

# Everything YAML 1.1 accepts in a stream, as PyYAML's reader defines it.
_NOT_PRINTABLE = re.compile("[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010FFFF]")


class YamlProblem(Exception):
    """A file that cannot be read as one YAML document; positions are 1-based."""

    def __init__(self, filename: str, line: int, col: int, message: str, hint: str | None = None,
                 text: str | None = None):
        super().__init__(f"{filename}:{line}:{col}: {message}")
        self.filename = filename
        self.line = line
        self.col = col
        self.message = message
        self.hint = hint
        self.text = text  # the file as far as it could be read, to show the line at fault


class ScalarInfo:
    """Where a text value sits in its file.

    line/col: where the value starts (its opening quote or block indicator);
    text_line/text_col: where its content starts; style: plain, ", ', | or >.
    """

    # One is made for every text value of a file, and few are ever asked about: the reader
    # makes them with `from_event`, which keeps the parser's event and works the fields
    # out the first time one is read.
    __slots__ = ("line", "col", "style", "text_line", "text_col", "value", "end_line", "lines", "_event")

    def __init__(self, line: int, col: int, style: str, text_line: int, text_col: int,
                 value: str = "", end_line: int = 0, lines: list[str] | None = None):
        self.line = line
        self.col = col
        self.style = style
        self.text_line = text_line
        self.text_col = text_col
        self.value = value
        self.end_line = end_line
        self.lines = lines
        self._event = None

    @classmethod
    def from_event(cls, event, lines: list[str]) -> ScalarInfo:
        info = cls.__new__(cls)
        info._event = event
        info.lines = lines
        return info

    def __getattr__(self, name: str):
        # Called only for a field not set yet: that of an info made by from_event.
        if name == "_event" or name.startswith("__"):
            raise AttributeError(name)
        event = self._event
        if event is None:
            raise AttributeError(name)
        self._event = None
        self._fill(event)
        return getattr(self, name)

    def _fill(self, event) -> None:
        lines = self.lines
        start = event.start_mark
        row, col0 = start.line, start.column
        if event.anchor or event.tag:
            row, col0 = _after_properties(lines, row, col0)
        line, col = row + 1, col0 + 1
        style = event.style or "plain"
        self.line, self.col, self.style, self.value = line, col, style, event.value
        self.end_line = event.end_mark.line + 1
        if style == "plain" or style == '"' or style == "'":
            self.text_line, self.text_col = line, col if style == "plain" else col + 1
        else:
            self.text_line = line + 1
            self.text_col = _block_indent(lines, event.value, style, row, col0, event.end_mark.line) + 1

    def _key(self):
        return self.line, self.col, self.style, self.text_line, self.text_col, self.value

    def __eq__(self, other):
        return self._key() == other._key() if isinstance(other, ScalarInfo) else NotImplemented

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        return (f"ScalarInfo(line={self.line}, col={self.col}, style={self.style!r}, "
                f"text_line={self.text_line}, text_col={self.text_col})")

    def locate(self, inner_line: int, inner_col: int) -> tuple[int, int]:
        """File (line, col) of 1-based (inner_line, inner_col) within the value."""
        inner_line, inner_col = max(inner_line, 1), max(inner_col, 1)
        if self.style == "|":
            return self.text_line + inner_line - 1, self.text_col + inner_col - 1
        parts = self.value.split("\n")
        if self.lines is None or inner_line > len(parts):
            return self.text_line + inner_line - 1, self.text_col + inner_col - 1
        offset = sum(len(p) + 1 for p in parts[: inner_line - 1])
        beyond = max(0, inner_col - 1 - len(parts[inner_line - 1]))
        line, col = self._file_position(offset + inner_col - 1 - beyond)
        return line, col + beyond

    def _file_position(self, offset: int) -> tuple[int, int]:
        block = self.style == ">"
        first = self.text_line - 1
        last = max(self.end_line, self.text_line)
        rows = self.lines[first:last]
        if not rows:
            return self.text_line, self.text_col
        if not block:
            rows = [rows[0][self.text_col - 1:]] + rows[1:]
        src = "\n".join(rows)
        p = _align(src, self.value, self.style, self.text_col - 1, offset)
        row = src.count("\n", 0, p)
        row_start = src.rfind("\n", 0, p) + 1
        base = self.text_col if row == 0 and not block else 1
        return self.text_line + row, base + p - row_start


def _align(src: str, value: str, style: str, indent: int, offset: int) -> int:
    """Index in `src` (the scalar as written) of character `offset` of its value.

    Walks both texts together, undoing YAML's line folding, escapes and indentation.
    """
    block, dq, sq = style == ">", style == '"', style == "'"
    n = len(src)

    def after_break(p: int) -> int:
        if block:
            stop = min(p + indent, n)
            while p < stop and src[p] == " ":
                p += 1
            return p
        while p < n and src[p] in " \t":
            p += 1
        return p

    def skip_space(p: int) -> int:
        while p < n and src[p] in " \t\n":
            p = after_break(p + 1) if src[p] == "\n" else p + 1
        return p

    p = after_break(0) if block else 0
    for i in range(min(offset, len(value)) + 1):
        if i == len(value):
            return p
        c = value[i]
        while True:
            s = src[p] if p < n else ""
            if dq and s == "\\":
                escaped = src[p + 1: p + 2]
                if escaped == "\n":
                    p = after_break(p + 2)
                    continue
                at, p = p, p + {"x": 4, "u": 6, "U": 10}.get(escaped, 2)
            elif s == c:
                at = p
                p += 2 if sq and c == "'" else 1
                if c == "\n":
                    p = after_break(p)
            elif s and s in " \t\n":
                if c not in " \n":
                    p = skip_space(p)
                    continue
                at, p = p, skip_space(p)
            else:
                at, p = p, min(p + 1, n)
            break
        if i == offset:
            return at
    return p


class PosDict(dict):
    """A mapping that remembers where it, its keys and its values are."""

    __slots__ = ("pos", "key_pos", "value_pos", "scalar")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.pos: tuple[int, int] = (1, 1)
        self.key_pos: dict = {}
        self.value_pos: dict = {}
        self.scalar: dict = {}


class PosList(list):
    """A list that remembers where it and its items are."""

    __slots__ = ("pos", "item_pos", "scalar")

    def __init__(self, *args):
        super().__init__(*args)
        self.pos: tuple[int, int] = (1, 1)
        self.item_pos: list[tuple[int, int]] = []
        self.scalar: dict[int, ScalarInfo] = {}


def position(container, key) -> tuple[int, int]:
    """Where a value of a mapping or an item of a list read here is (line, column); where
    the container is when its place is not known."""
    for attr in ("value_pos", "key_pos"):
        table = getattr(container, attr, None)
        if table and key in table:
            return table[key]
    items = getattr(container, "item_pos", None)
    if items and isinstance(key, int) and key < len(items):
        return items[key]
    return getattr(container, "pos", (1, 1))


@dataclass
class Loaded:
    data: object
    filename: str
    text: str
    # Whether some mapping has a key that is not text (a number, true/false, empty);
    # None when not known, and the schema check looks for itself.
    odd_keys: bool | None = None

    @cached_property
    def lines(self) -> list[str]:
        return split_lines(self.text)


# --- reading files ----------------------------------------------------------

def load_yaml_file(path: str | Path, read=None) -> Loaded:
    """The YAML file at `path`; `read()`, when given, gives its bytes instead of the disk
    (a pack's files in memory)."""
    filename = str(path)
    try:
        raw = read() if read is not None else read_file(path, MAX_BYTES)
    except FileProblem as e:
        raise YamlProblem(filename, 1, 1, e.message) from None
    return load_yaml_text(_decode(raw, filename), filename)


def _too_large(filename: str, size: int | None) -> YamlProblem:
    return YamlProblem(filename, 1, 1, too_large(size, MAX_BYTES))


def _decode(raw: bytes, filename: str) -> str:
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise YamlProblem(filename, 1, 1, "not UTF-8 text: the file is saved as UTF-16",
                          hint="save the file as UTF-8")
    if b"\x00" in raw:
        raise YamlProblem(filename, 1, 1, "not a text file (it contains binary data)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        if _looks_binary(raw[:4096]):
            raise YamlProblem(filename, 1, 1, "not a text file (it contains binary data)") from None
        line, col, byte = undecodable(raw, e)
        raise YamlProblem(filename, line, col, f"not UTF-8 text: invalid byte {byte}", hint="save the file as UTF-8",
                          text=raw.decode("utf-8", "replace")) from None
    return text[1:] if text.startswith("\ufeff") else text


def _looks_binary(head: bytes) -> bool:
    """Whether the start of a file that is not UTF-8 is mostly unreadable: binary data
    rather than text saved in another encoding."""
    text = head.decode("utf-8", "replace")
    unreadable = sum(1 for ch in text if ch == "\ufffd" or (ch < " " and ch not in "\t\n\r"))
    return unreadable * 10 > len(text) * 3


def load_yaml_text(text: str, filename: str) -> Loaded:
    if text.startswith("\ufeff"):
        text = text[1:]
    if len(text) > MAX_BYTES:
        raise _too_large(filename, len(text.encode("utf-8", "surrogatepass")))
    bad = _NOT_PRINTABLE.search(text)
    if bad:
        line, col = _offset_position(text, bad.start())
        if bad.group() == "\x00":
            raise YamlProblem(filename, line, col, "not a text file (it contains binary data)")
        raise YamlProblem(filename, line, col,
                          f"the text contains a control character (U+{ord(bad.group()):04X}), which YAML does not allow",
                          text=text)
    lines = split_lines(text)
    loader = _Loader(text)
    builder = _Builder(loader, filename, lines)
    try:
        data = builder.document()
    except YamlProblem as e:
        e.text = text
        raise
    except yaml.MarkedYAMLError as e:
        if "nesting depth" in (e.problem or "") and e.problem_mark is not None:
            raise _nesting_problem(text[:e.problem_mark.index], filename, lines, text) from None
        raise _syntax_problem(e, filename, text, lines) from None
    except yaml.YAMLError as e:
        raise YamlProblem(filename, 1, 1, f"not valid YAML: {e}", text=text) from None
    finally:
        loader.dispose()
    return Loaded(data, filename, text, builder.odd_keys)


def _nesting_problem(head: str, filename: str, lines: list[str], text: str) -> YamlProblem:
    """libyaml (0.2.6 and newer) refuses deep nesting before it gives the first event, so our
    own limit never sees it. The part before where libyaml stopped is read again with the
    pure-Python reader, which reaches our limit and names the exact place where it is passed."""
    loader = yaml.SafeLoader(head)
    try:
        _Builder(loader, filename, lines).document()
    except YamlProblem as e:
        e.text = text
        return e
    except yaml.YAMLError:
        pass
    finally:
        loader.dispose()
    return YamlProblem(filename, 1, 1, f"nested too deeply (more than {MAX_DEPTH} levels)", text=text)


def _offset_position(text: str, offset: int) -> tuple[int, int]:
    before = text[:offset]
    starts = [0] + [m.end() for m in re.finditer("\r\n|[\r\n\x85\u2028\u2029]", before)]
    return len(starts), offset - starts[-1] + 1


# --- building the document from parser events -------------------------------

_ONE_DOCUMENT = "only one YAML document per file"
_ONE_DOCUMENT_HINT = "split the documents into separate files"
_NO_KEY = object()
_MERGE_KEY = object()


class _Frame:
    __slots__ = ("obj", "is_list", "mark", "anchor", "key", "key_mark", "merges")

    def __init__(self, obj, mark, anchor):
        obj.pos = (mark.line + 1, mark.column + 1)
        self.obj = obj
        self.is_list = obj.__class__ is PosList
        self.mark = mark
        self.anchor = anchor
        self.key = _NO_KEY
        self.key_mark = None
        self.merges = None


class _Everything:
    def __contains__(self, item) -> bool:
        return True


def _clip(value, limit: int = 40) -> str:
    text = str(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _pos(mark) -> tuple[int, int]:
    return mark.line + 1, mark.column + 1


class _Builder:
    def __init__(self, loader, filename: str, lines: list[str]):
        self.loader = loader
        self.filename = filename
        self.lines = lines
        self.anchors: dict[str, tuple[object, tuple[int, int], ScalarInfo | None]] = {}
        self.open_anchors: set[str] = set()
        self.alias_nodes = 0
        self.odd_keys = False
        self.resolved: dict[str, str] = {}
        # Plain scalars starting with any other character are always text: no resolving needed.
        resolvers = loader.yaml_implicit_resolvers
        self.special = _Everything() if None in resolvers else frozenset(k for k in resolvers if k)

    def problem(self, mark, message: str, hint: str | None = None) -> YamlProblem:
        line, col = mark if isinstance(mark, tuple) else _pos(mark)
        return YamlProblem(self.filename, line, col, message, hint)

    def document(self):
        loader = self.loader
        loader.get_event()
        if loader.check_event(StreamEndEvent):
            return None
        loader.get_event()
        data = self.build()
        end = loader.get_event()
        try:
            following = loader.peek_event()
        except yaml.MarkedYAMLError:
            # Whatever follows does not parse: a second document if a "---" starts it,
            # otherwise stray text, which the syntax error describes.
            line = self.separator_after(end.end_mark.line)
            if line is None:
                raise
            raise self.problem((line, 1), _ONE_DOCUMENT, hint=_ONE_DOCUMENT_HINT) from None
        if following is not None and following.__class__ is not StreamEndEvent:
            raise self.problem(following.start_mark, _ONE_DOCUMENT, hint=_ONE_DOCUMENT_HINT)
        return data

    def separator_after(self, row: int) -> int | None:
        for number in range(max(row - 1, 0), len(self.lines)):
            if re.match(r"---(\s|$)", self.lines[number]):
                return number + 1
        return None

    def build(self):
        # One flat loop over the events (the hot path of large card files), with locals for
        # what each event reads; only what is rare (anchors, tags, merges, mistakes) calls out.
        get, special, lines = self.loader.get_event, self.special, self.lines
        Scalar, Info, NO_KEY, from_event = ScalarEvent, ScalarInfo, _NO_KEY, ScalarInfo.from_event
        stack, frame = [], None
        while True:
            event = get()
            kind = event.__class__
            info = None
            if kind is Scalar:
                value = event.value
                if event.tag is None and (not event.implicit[0] or (value and value[0] not in special)):
                    info = event
                elif (event.tag is None and value.isdigit() and len(value) < 19 and value.isascii()
                      and (value[0] != "0" or len(value) == 1) and event.implicit[0]):
                    value = int(value)   # the commonest number; a leading 0 would be YAML 1.1 octal
                else:
                    value, info = self.scalar(event)
                info = self.anchored(event, value, info) if event.anchor else info
                mark = event.start_mark
            elif kind is MappingStartEvent or kind is SequenceStartEvent:
                if event.tag is not None or event.anchor or len(stack) >= MAX_DEPTH:
                    self.opening(event, kind is MappingStartEvent, len(stack))
                frame = _Frame(PosDict() if kind is MappingStartEvent else PosList(), event.start_mark, event.anchor)
                stack.append(frame)
                continue
            elif kind is MappingEndEvent or kind is SequenceEndEvent:
                done = stack.pop()
                if done.merges or done.anchor:
                    self.close(done)
                value, mark = done.obj, done.mark
                frame = stack[-1] if stack else None
            else:
                (value, info), mark = self.other(event, len(stack)), event.start_mark
            if frame is None:
                return "<<" if value is _MERGE_KEY else value
            obj = frame.obj
            if frame.is_list:
                if info is not None:
                    obj.scalar[len(obj)] = info if info.__class__ is Info else from_event(info, lines)
                obj.append("<<" if value is _MERGE_KEY else value)
                obj.item_pos.append((mark.line + 1, mark.column + 1))
                continue
            key = frame.key
            if key is NO_KEY:
                if value.__class__ is not str:
                    self.odd_key(value, mark)
                frame.key, frame.key_mark = value, mark
                continue
            frame.key = NO_KEY
            if key is _MERGE_KEY or key in obj:
                self.merge_or_duplicate(frame, key, value, mark)
                continue
            obj[key] = "<<" if value is _MERGE_KEY else value
            obj.key_pos[key] = (frame.key_mark.line + 1, frame.key_mark.column + 1)
            obj.value_pos[key] = (mark.line + 1, mark.column + 1)
            if info is not None:
                obj.scalar[key] = info if info.__class__ is Info else from_event(info, lines)

    def other(self, event, depth: int):
        """An alias (its value and ScalarInfo), or an event that has no place here."""
        if event.__class__ is not AliasEvent:
            raise self.problem(event.start_mark, "unexpected YAML structure")
        return self.alias(event, depth)

    def anchored(self, event, value, info):
        """A scalar with an anchor: kept for the aliases to it; its (full) ScalarInfo."""
        self.define(event)
        if info is not None:
            info = self.scalar_info(info)
        self.anchors[event.anchor] = (value, _pos(event.start_mark), info)
        return info

    def opening(self, event, mapping: bool, depth: int) -> None:
        """A mapping or a list that starts nested too deeply, with a tag or an anchor."""
        if depth >= MAX_DEPTH:
            raise self.problem(event.start_mark, f"nested too deeply (more than {MAX_DEPTH} levels)")
        if event.tag is not None:
            self.check_tag(event, _MAP if mapping else _SEQ)
        if event.anchor:
            self.define(event)
            self.open_anchors.add(event.anchor)

    def close(self, done: _Frame) -> None:
        """A mapping or a list that ends with merge keys (merged) or an anchor (defined)."""
        if done.merges:
            self.merge(done)
        if done.anchor:
            self.open_anchors.discard(done.anchor)
            self.anchors[done.anchor] = (done.obj, done.obj.pos, None)

    def merge_or_duplicate(self, frame: _Frame, key, value, mark) -> None:
        """A merge key ("<<") to merge when the mapping ends, or a key given twice."""
        if key is not _MERGE_KEY:
            first = frame.obj.key_pos[key][0]
            raise self.problem(frame.key_mark, f'duplicate key "{_clip(key)}" (first at line {first})')
        self.add_merge(frame, value, mark)

    def odd_key(self, value, mark) -> None:
        """A key that is not text: a number or true/false is noted; a mapping or a list refused."""
        if isinstance(value, (dict, list)):
            what = "mapping" if isinstance(value, dict) else "list"
            raise self.problem(mark, f"a key must be a single value, not a {what}")
        if value is not _MERGE_KEY:
            self.odd_keys = True

    # --- scalars ------------------------------------------------------------

    def scalar(self, event) -> tuple[object, object]:
        """The value, and the event itself when the value is text (its ScalarInfo is made only if needed)."""
        value, tag = event.value, event.tag
        if (tag is None and event.implicit[0] and len(value) < 19 and value.isdigit() and value.isascii()
                and (value[0] != "0" or len(value) == 1)):
            return int(value), None  # the commonest number; a leading 0 would be YAML 1.1 octal
        if tag is None and event.implicit[0]:
            tag = self.resolved.get(value)
            if tag is None:
                tag = self.loader.resolve(yaml.ScalarNode, value, (True, False))
                if len(self.resolved) < 10_000:
                    self.resolved[value] = tag
        elif tag is None or tag == "!":
            tag = _STR
        if tag == _STR or tag == _TIMESTAMP or tag == _VALUE:
            return value, event
        if tag == _NULL:
            return None, None
        if tag == _MERGE and event.tag is None:
            return _MERGE_KEY, None
        if tag in (_BOOL, _INT, _FLOAT):
            method = {_BOOL: "construct_yaml_bool", _INT: "construct_yaml_int", _FLOAT: "construct_yaml_float"}[tag]
            try:
                result = getattr(self.loader, method)(yaml.ScalarNode(tag, value))
            except Exception:
                if event.tag is None:  # only a number too long for Python fails to convert
                    raise self.problem(event.start_mark, f"this number is too large: numbers are at most {SAID_NUMBER}") from None
                raise self.problem(event.start_mark, f'cannot read "{_clip(value)}" as {_short(tag)}') from None
            # No game needs a larger number (and Python cannot even print one of 4,300 digits).
            if tag == _INT and not -NUMBER <= result <= NUMBER:
                raise self.problem(event.start_mark, f"this number is too large: numbers are at most {SAID_NUMBER}")
            if tag == _FLOAT and result.is_integer() and -NUMBER <= result <= NUMBER:
                return int(result), None    # 2.0 is 2: the rules count in whole numbers
            return result, None
        raise self.problem(event.start_mark, f'unsupported tag "{_short(tag)}"',
                           hint="rule files use plain YAML values; remove the tag")

    def scalar_info(self, event) -> ScalarInfo:
        return ScalarInfo.from_event(event, self.lines)

    def check_tag(self, event, expected: str) -> None:
        if event.tag is not None and event.tag != "!" and event.tag != expected:
            raise self.problem(event.start_mark, f'unsupported tag "{_short(event.tag)}"',
                               hint="rule files use plain YAML values; remove the tag")

    # --- anchors, aliases and merge keys ------------------------------------

    def define(self, event) -> None:
        name = event.anchor
        if name in self.open_anchors or name in self.anchors:
            first = self.anchors[name][1][0] if name in self.anchors else None
            where = f" (first at line {first})" if first else ""
            raise self.problem(event.start_mark, f'duplicate anchor "&{name}"{where}',
                               hint="give each anchor its own name")

    def alias(self, event, depth: int):
        name = event.anchor
        if name in self.open_anchors:
            raise self.problem(event.start_mark, f'alias "*{name}" is inside the value it refers to',
                               hint="an alias cannot refer to a value that contains it")
        if name not in self.anchors:
            raise self.problem(event.start_mark, f'unknown alias "*{name}" (no anchor "&{name}" before it)')
        value, _, info = self.anchors[name]
        return self.copy(value, depth, event.start_mark), info

    def copy(self, value, depth: int, mark):
        """A fresh copy of an anchored value, counted against the alias budget."""
        self.alias_nodes += 1
        if self.alias_nodes > MAX_ALIAS_NODES:
            raise self.problem(mark, f"aliases expand to too much data (more than {MAX_ALIAS_NODES:,} values)")
        if isinstance(value, PosDict):
            if depth >= MAX_DEPTH:
                raise self.problem(mark, f"nested too deeply (more than {MAX_DEPTH} levels)")
            new = PosDict()
            for key, item in value.items():
                new[key] = self.copy(item, depth + 1, mark)
            new.pos, new.key_pos = value.pos, dict(value.key_pos)
            new.value_pos, new.scalar = dict(value.value_pos), dict(value.scalar)
            return new
        if isinstance(value, PosList):
            if depth >= MAX_DEPTH:
                raise self.problem(mark, f"nested too deeply (more than {MAX_DEPTH} levels)")
            new = PosList(self.copy(item, depth + 1, mark) for item in value)
            new.pos, new.item_pos, new.scalar = value.pos, list(value.item_pos), dict(value.scalar)
            return new
        return value

    def add_merge(self, frame: _Frame, value, mark) -> None:
        sources = value if isinstance(value, PosList) else [value]
        if not all(isinstance(s, PosDict) for s in sources):
            raise self.problem(mark, 'a merge key "<<" needs a mapping or a list of mappings')
        frame.merges = (frame.merges or []) + list(sources)

    def merge(self, frame: _Frame) -> None:
        # Keys written in the mapping win over merged ones; earlier merge sources win over later.
        obj = frame.obj
        merged = PosDict()
        for source in frame.merges:
            for key, item in source.items():
                if key not in obj and key not in merged:
                    merged[key] = item
                    merged.key_pos[key] = source.key_pos.get(key, source.pos)
                    merged.value_pos[key] = source.value_pos.get(key, source.pos)
                    if key in source.scalar:
                        merged.scalar[key] = source.scalar[key]
        own = list(obj.items())
        obj.clear()
        obj.update(merged)
        obj.update(own)
        for attr in ("key_pos", "value_pos", "scalar"):
            setattr(obj, attr, {**getattr(merged, attr), **getattr(obj, attr)})


def _after_properties(lines: list[str], row: int, col: int) -> tuple[int, int]:
    """Skip an anchor and a tag (the parser's mark includes them) to where the value is written."""
    while row < len(lines):
        rest = lines[row][col:]
        match = re.match(r"(?:[&!][^\s]*\s*|\s+)*", rest)
        col += match.end()
        if col < len(lines[row]) and not lines[row][col] == "#":
            return row, col
        row, col = row + 1, 0
    return row, col


def _block_indent(lines: list[str], value: str, style: str, row: int, col: int, end_row: int) -> int:
    if style == "|":
        # A literal keeps every line as written, so the length difference is the indentation.
        for k, part in enumerate(value.split("\n")):
            if part and row + 1 + k < len(lines):
                return max(0, len(lines[row + 1 + k]) - len(part))
    header = lines[row][col:] if row < len(lines) else ""
    explicit = re.match(r"[|>][+-]?([1-9])", header)
    if explicit:
        parent = lines[row]
        return len(parent) - len(parent.lstrip(" ")) + int(explicit.group(1))
    for number in range(row + 1, min(end_row + 1, len(lines))):
        stripped = lines[number].lstrip(" ")
        if stripped:
            return len(lines[number]) - len(stripped)
    return col


def _short(tag: str) -> str:
    return "!!" + tag[len(_TAG):] if tag.startswith(_TAG) else tag


# --- syntax errors in a designer's words ------------------------------------

_NEVER_CLOSED = {
    "while scanning a quoted scalar": "the quoted text starting here is never closed",
    "while parsing a flow sequence": 'the list opened with "[" here is never closed',
    "while parsing a flow mapping": 'the mapping opened with "{" here is never closed',
}
_FLOW = {
    "while parsing a flow sequence": ('expected "," or "]" here', "list", "]"),
    "while parsing a flow mapping": ('expected "," or "}" here', "mapping", "}"),
}
_CHECK_INDENT = "check the indentation of this line against the lines above"


def _syntax_problem(error: yaml.MarkedYAMLError, filename: str, text: str, lines: list[str]) -> YamlProblem:
    mark = error.problem_mark or error.context_mark
    line, col = _pos(mark) if mark else (1, 1)
    problem = (error.problem or "").strip().rstrip(".")
    context = (error.context or "").strip()
    row = lines[line - 1] if 0 < line <= len(lines) else ""
    ch = row[col - 1] if 0 < col <= len(row) else ""
    at_end = line > len(lines) or (line == len(lines) and not row[col - 1:].strip())
    hint = None
    low = problem.lower()
    if context in _NEVER_CLOSED and at_end and error.context_mark:
        line, col = _pos(error.context_mark)
        message = _NEVER_CLOSED[context]
    elif context in _FLOW and error.context_mark:
        message, what, closer = _FLOW[context]
        hint = f'the {what} opened at line {error.context_mark.line + 1} needs a "{closer}" (or a comma is missing)'
    elif re.search(r"\btab\b", low) or (ch == "\t" and "cannot start any token" in low):
        message, hint = "a tab character is not allowed here", "indent with spaces, not tabs"
    elif "mapping values are not allowed" in low:
        message = 'unexpected ":" here'
        key = _text_under_key(lines, line)
        hint = _CHECK_INDENT if _over_indented(lines, line) else 'put quotes around text that contains ": "'
        if key:
            hint = (f'the text under "{key}:" goes on over several lines, which YAML joins into one: write '
                    f'"{key}: |" to keep them as they are (a script\'s statements), or put the text in quotes')
    elif "cannot start any token" in low:
        message, hint = f'a value cannot start with "{ch}"' if ch else "unexpected character", \
            "put quotes around the text"
    elif "could not find expected ':'" in low:
        if error.context_mark:
            line, col = _pos(error.context_mark)
        message, hint = 'expected ":" after this key', "a key and its value are written key: value"
    elif "document start" in low:
        message = "unexpected text after the end of the document"
        hint = "everything in the file must belong to one top-level mapping or list"
    elif "expected key" in low or "expected <block end>" in low:
        message, hint = "expected a key here", _CHECK_INDENT
    elif "expected '-' indicator" in low:
        message, hint = 'expected a list item ("- ...") here', _CHECK_INDENT
    elif "block sequence entries are not allowed" in low:
        message, hint = 'a list item ("-") is not allowed here', _CHECK_INDENT
    elif "unknown escape character" in low:
        message, hint = "unknown escape sequence in double-quoted text", \
            'use single quotes, or write a backslash as "\\\\"'
    else:
        message = problem or context or "not valid YAML"
        if context and problem:
            message = f"{problem} ({context})"
    return YamlProblem(filename, line, col, message, hint, text)


def _text_under_key(lines: list[str], line: int) -> str | None:
    """The key whose value is a plain text that begins on the line after it and runs on to
    line `line` (a script written without "|"), or None."""
    def indent(row: str) -> int:
        return len(row) - len(row.lstrip(" "))
    body = [row for row in lines[: line - 1] if row.strip() and not row.lstrip().startswith("#")]
    row = lines[line - 1] if 0 < line <= len(lines) else ""
    first = None
    for above in reversed(body):
        if indent(above) < indent(row):
            bare = re.fullmatch(r"\s*(?:- )?([\w-]+):\s*", above)
            plain = first is not None and not re.search(r":(\s|$)", first)
            return bare.group(1) if bare and plain else None
        first = above
    return None


def _over_indented(lines: list[str], line: int) -> bool:
    """Whether line `line` is indented under a key that already has its value on its own line."""
    row = lines[line - 1] if 0 < line <= len(lines) else ""
    for above in reversed(lines[: line - 1]):
        if above.strip() and not above.lstrip().startswith("#"):
            deeper = len(row) - len(row.lstrip(" ")) > len(above) - len(above.lstrip(" "))
            return deeper and re.match(r"\s*(- )?[^#]*?:\s+[^\s#]", above) is not None
    return False
