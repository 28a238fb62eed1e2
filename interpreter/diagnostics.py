"""Problems found in rule files, and how they are shown: text, JSON, JUnit, GitHub."""
from __future__ import annotations

import json
import re
import unicodedata
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from .infiles import escaped

SEVERITIES = ("error", "warning", "note")
FORMATS = ("text", "json", "junit", "github")
TAB_WIDTH = 4
# Longer source lines are cut around the caret, so one minified line cannot flood the output.
MAX_EXCERPT = 120
# Past this many problems in one file the rest are counted, not kept: a file of junk
# gets a readable report, quickly.
MAX_PER_FILE = 100

# A quotation of input longer than this is shortened in messages, and a whole message
# longer than MAX_MESSAGE is cut: a name of a megabyte is never printed whole.
MAX_QUOTED = 100
MAX_MESSAGE = 2000
_TAIL = 200

# YAML's own idea of a line break, so line numbers agree with the YAML reader's.
_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")
# Every quotation, in pairs from the first quote: what stands between two quotations
# (the text between `"seed"` and `"run"`) is never taken for one.
_QUOTE = re.compile('"([^"\n]*)"')


@dataclass(frozen=True)
class Problem:
    """One finding. Lines and columns are 1-based and count characters."""

    file: str
    line: int
    col: int
    message: str
    severity: str = "error"
    hint: str | None = None


def shown(text: str, lines: bool = False) -> str:
    """A message made safe to print, whatever it quotes from input: control characters
    and other characters that do not print are escaped (a card name cannot set the
    terminal's title or reverse the text around it), line breaks too unless `lines`
    keeps them (each line is then made safe alone), long quotations are shortened and
    a long message is cut."""
    text = str(text)
    if lines and "\n" in text:
        return "\n".join(shown(line) for line in text.split("\n"))
    text = escaped(text)
    if len(text) > MAX_QUOTED:
        text = _QUOTE.sub(_shorten, text)
        if len(text) > MAX_MESSAGE:
            # Its end is kept: after a long name, it says what is wrong with it.
            head, tail = MAX_MESSAGE - _TAIL, _TAIL
            text = f"{text[:head]}... ({len(text) - head - tail:,} characters left out) ...{text[-tail:]}"
    return text



def _shorten(quote) -> str:
    inner = quote[1]
    if len(inner) <= MAX_QUOTED:
        return quote[0]
    return f'"{inner[:MAX_QUOTED - 40]}..." ({len(inner):,} characters)'


def split_lines(text: str) -> list[str]:
    if "\r" not in text and text.isascii():
        return text.split("\n")     # the usual case, and much faster
    return _BREAK.split(text)


@lru_cache(maxsize=16)
def _lines_of(text: str) -> list[str]:
    # str caches its hash, so looking a large file up again here is cheap.
    return split_lines(text)


def source_line(file_text_cache: Mapping[str, str], file: str, line: int) -> str | None:
    """Line `line` (1-based) of `file`, or None when the text or the line is not known."""
    text = file_text_cache.get(file)
    if text is None or line < 1:
        return None
    lines = _lines_of(text)
    return lines[line - 1] if line <= len(lines) else None


class Report:
    """Collects problems from every check; identical problems are kept once."""

    def __init__(self) -> None:
        self._problems: dict[Problem, None] = {}
        self._kept: dict[str, int] = {}
        self.omitted: dict[str, int] = {}   # file -> problems found past MAX_PER_FILE (checks may stop counting)
        self._omitted_errors = False
        self.sources: dict[str, str] = {}
        self.checked: list[str] = []

    def add(self, file, line: int, col: int, message: str, severity: str = "error",
            hint: str | None = None) -> Problem:
        if severity not in SEVERITIES:
            raise ValueError(f"severity must be one of {SEVERITIES}, not {severity!r}")
        # Every problem passes here, whatever prints it: what it quotes is made safe once.
        # The file keeps its name as it is (a tool reading the JSON finds it); each
        # format shows it safely.
        problem = Problem(str(file), int(line), int(col), shown(message), severity,
                          None if hint is None else shown(hint))
        if problem in self._problems:
            return problem
        if self.full(problem.file):
            self.omitted[problem.file] = self.omitted.get(problem.file, 0) + 1
            self._omitted_errors = self._omitted_errors or severity == "error"
            return problem
        self._problems[problem] = None
        self._kept[problem.file] = self._kept.get(problem.file, 0) + 1
        return problem

    def full(self, file) -> bool:
        """Whether `file` has as many problems as are kept: checks may stop looking."""
        return self._kept.get(str(file), 0) >= MAX_PER_FILE

    def add_problem(self, problem: Problem) -> None:
        self.add(problem.file, problem.line, problem.col, problem.message, problem.severity, problem.hint)

    def extend(self, problems: Iterable[Problem] | Report) -> None:
        if isinstance(problems, Report):
            for file, text in problems.sources.items():
                self.sources.setdefault(file, text)
            for file in problems.checked:
                self.add_checked(file)
            for file, n in problems.omitted.items():
                self.omitted[file] = self.omitted.get(file, 0) + n
            self._omitted_errors = self._omitted_errors or problems._omitted_errors
            problems = problems.problems
        for problem in problems:
            self.add_problem(problem)

    def add_source(self, file, text: str) -> None:
        self.sources[str(file)] = text

    def add_checked(self, file) -> None:
        if str(file) not in self.checked:
            self.checked.append(str(file))

    @property
    def problems(self) -> list[Problem]:
        return sorted(self._problems, key=lambda p: (p.file, p.line, p.col, SEVERITIES.index(p.severity), p.message))

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "warning"]

    @property
    def ok(self) -> bool:
        return not self._omitted_errors and not any(p.severity == "error" for p in self._problems)

    @property
    def files(self) -> list[str]:
        return sorted({p.file for p in self._problems} | set(self.omitted))

    def source_line(self, file: str, line: int) -> str | None:
        return source_line(self.sources, file, line)


def render(report: Report, fmt: str = "text") -> str:
    if fmt == "text":
        return render_text(report)
    if fmt == "json":
        return render_json(report)
    if fmt == "junit":
        return render_junit(report)
    if fmt == "github":
        return render_github(report)
    raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")


# --- text -------------------------------------------------------------------

def _width(ch: str) -> int:
    if unicodedata.combining(ch):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def _excerpt(line: str, col: int) -> tuple[str, int]:
    """The line as it will be displayed, and the display column of character `col`."""
    start = 0
    if len(line) > MAX_EXCERPT:
        start = max(0, min(col - 1 - MAX_EXCERPT // 2, len(line) - MAX_EXCERPT))
    end = start + MAX_EXCERPT
    shown, caret, width = [], None, 0
    if start:
        shown.append("...")
        width = 3
    for index in range(start, min(len(line), end)):
        if index == col - 1:
            caret = width
        ch = line[index]
        if ch == "\t":
            pad = TAB_WIDTH - width % TAB_WIDTH
            shown.append(" " * pad)
            width += pad
            continue
        if not ch.isprintable():
            ch = "?"
        shown.append(ch)
        width += _width(ch)
    if end < len(line):
        shown.append("...")
    if caret is None:
        caret = width + max(0, col - 1 - len(line))
    return "".join(shown), caret


def _where(problem: Problem) -> str:
    if problem.line < 1:
        return shown(problem.file)
    return f"{shown(problem.file)}:{problem.line}:{problem.col}"


def format_problem(problem: Problem, sources: Mapping[str, str]) -> str:
    out = [f"{_where(problem)}: {problem.severity}: {problem.message}"]
    line = source_line(sources, problem.file, problem.line)
    if line is not None:
        shown, caret = _excerpt(line, max(problem.col, 1))
        out.append("    " + shown.rstrip())
        out.append("    " + " " * caret + "^")
    if problem.hint:
        out.append(f"    hint: {problem.hint}")
    return "\n".join(out)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def summary(report: Report) -> str:
    problems = report.problems
    if not problems:
        return ""
    line = f"{_count(len(problems), 'problem')} in {_count(len(report.files), 'file')}"
    if report.omitted:
        line += f"; more in {', '.join(shown(f) for f in sorted(report.omitted))} (at most {MAX_PER_FILE} a file are shown)"
    return line


def render_text(report: Report) -> str:
    problems = report.problems
    if not problems:
        return ""
    return "\n".join([format_problem(p, report.sources) for p in problems] + [summary(report)])


# --- json -------------------------------------------------------------------

def render_json(report: Report) -> str:
    doc = {
        "valid": report.ok,
        **({"omitted": dict(sorted(report.omitted.items()))} if report.omitted else {}),
        "problems": [
            {"file": p.file, "line": p.line, "column": p.col, "severity": p.severity,
             "message": p.message, "hint": p.hint}
            for p in report.problems
        ],
    }
    return _json_shown(json.dumps(doc, indent=2, ensure_ascii=False))


def _json_shown(text: str) -> str:
    """JSON text whose characters that do not print (which JSON passes through: escape
    sequences, reversed text, a byte of a file name that was not UTF-8) are written as
    \\uXXXX: it shows safely and reads back as the very names and messages."""
    if text.replace("\n", "").isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch == "\n" else _json_escape(ch) for ch in text)


def _json_escape(ch: str) -> str:
    code = ord(ch)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000          # past the first plane: a pair of surrogates, as JSON writes it
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


# --- junit ------------------------------------------------------------------

# XML 1.0 cannot carry these characters even escaped.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _xml(text: str) -> str:
    return _NOT_XML.sub("\ufffd", text)


def render_junit(report: Report) -> str:
    by_file: dict[str, list[Problem]] = {file: [] for file in report.checked}
    for problem in report.problems:
        by_file.setdefault(problem.file, []).append(problem)
    failed = sum(1 for ps in by_file.values() if any(p.severity == "error" for p in ps))
    suite = ET.Element("testsuite", {
        "name": "cardtable validate", "tests": str(len(by_file)),
        "failures": str(failed), "errors": "0", "skipped": "0",
    })
    for file, problems in by_file.items():
        case = ET.SubElement(suite, "testcase", {"classname": "cardtable validate", "name": _xml(shown(file))})
        notes = []
        for p in problems:
            text = _xml(format_problem(p, report.sources))
            if p.severity == "error":
                where = f"{p.line}:{p.col}: " if p.line >= 1 else ""
                failure = ET.SubElement(case, "failure", {"message": _xml(where + p.message), "type": "error"})
                failure.text = text
            else:
                notes.append(text)
        if notes:
            ET.SubElement(case, "system-out").text = "\n".join(notes)
    ET.indent(suite)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(suite, encoding="unicode")


# --- github -----------------------------------------------------------------

_GITHUB_COMMAND = {"error": "error", "warning": "warning", "note": "notice"}


def _gh_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_property(text: str) -> str:
    return _gh_data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(report: Report) -> str:
    lines = []
    for p in report.problems:
        props = [f"file={_gh_property(shown(p.file))}"]
        if p.line >= 1:
            props += [f"line={p.line}", f"col={max(p.col, 1)}"]
        props.append("title=cardtable")
        message = p.message if not p.hint else f"{p.message}\nhint: {p.hint}"
        lines.append(f"::{_GITHUB_COMMAND[p.severity]} {','.join(props)}::{_gh_data(message)}")
    return "\n".join(lines)
