"""A pack checked again after an edit of a card file, reading only the cards it touches.

`Kept` runs the checks of `cardtable validate` on a pack's files once
(validate.validation) and keeps what they found: the loader's Build (the
names, the compiler with every text it compiled, the declarations), each card file
read whole, and the problems of each stage. An edit of a card file is then checked
alone when it stays inside some cards of the file's `cards` (the lines from a card's
dash to the next card's), leaves their names as they were and keeps them fitting the
schema: those lines are read alone (padded with empty lines, so that every position
is that of the file), the cards are checked as loading checks them
(cardfiles.card_def, with the compiler's texts already compiled), and the problems
and declarations below them move by the lines added or removed. What depends on
the whole pack is worked out again: whether the pack loads, the warnings of a pack
that nothing ends and of options nothing reads.

Any other edit (pack.yaml, a family, a card's name, a file that no longer reads)
is refused (`edit` returns False), and the caller checks the pack whole. The
problems are those the whole check finds: tests/test_recheck.py compares them after
many edits.
"""
from __future__ import annotations

import bisect
import posixpath
import re
from dataclasses import dataclass, field

from ..diagnostics import MAX_PER_FILE, Problem, Report, split_lines
from .cardfiles import card_def
from .files import ENCODING, PackFiles
from .build import never_ends, unread_options
from .schemacheck import check_schema, load_schema
from .validate import validation
from .yamlpos import MAX_BYTES, Loaded, PosDict, PosList, YamlProblem, load_yaml_text

TWICE = 'a card named "{}" is defined twice'
_ANCHOR = re.compile(r"(^|[\s\[{,:])&[^\s\[\]{},]")


@dataclass
class CardFile:
    """A card file as the last check read it: its lines, and the first line of each
    entry of each list (`cards`, `families`) with the last line of the list."""
    key: str
    filename: str
    lines: list
    data: PosDict
    firsts: dict = field(default_factory=dict)     # section -> first line (1-based) of each entry
    ends: dict = field(default_factory=dict)       # section -> last line of its last entry

    def span(self, section: str, k: int) -> tuple[int, int]:
        firsts = self.firsts[section]
        return firsts[k], (firsts[k + 1] - 1 if k + 1 < len(firsts) else self.ends[section])

    def entries(self, first: int, last: int):
        """(section, i, j): the entries i..j of one list whose lines hold lines first..last."""
        for section, firsts in self.firsts.items():
            if not firsts or first < firsts[0] or last > self.ends[section]:
                continue
            i = bisect.bisect_right(firsts, first) - 1
            j = bisect.bisect_right(firsts, max(last, first)) - 1
            return section, i, j
        return None


class Kept:
    """The checks of a pack's files, kept for the next edit of one of its card files."""

    def __init__(self, files: PackFiles):
        self.files = files
        report = Report()
        done = validation(files, report)
        self.build = done.build
        self.whole = report
        self.loading, self.loaded, self.scenarios, self.names = _stages(done.stages)
        self.has_scenarios = bool(done.scenarios)
        self.card_files = self._card_files() if self._may_recheck(report) else {}
        self.followed = self._followed() if self.card_files else set()
        self.last_path = "whole"     # how the last check went: whole, or cards (of one file)

    def _may_recheck(self, report: Report) -> bool:
        b = self.build
        return b is not None and hasattr(b, "decls") and not report.omitted

    def _followed(self) -> set:
        """The names of the cards whose text the pack follows (cardtext.py): the warnings
        of a loaded pack look at a card of the pack's own of such a name."""
        b = self.build
        sources = b.fields.get("sources") or {}
        return {r.get("name") for imp in b.d.get("imports") or () if imp.get("follow_text")
                for r in getattr(sources.get(imp.get("as")), "records", ())}

    def _card_files(self) -> dict:
        """The card files an edit may be checked alone in: not those an import or a deck
        reads as well."""
        b = self.build
        named = {posixpath.normpath(str(imp.get("from"))) for imp in b.d.get("imports") or ()}
        named |= {posixpath.normpath(str(deck.get("list"))) for deck in (b.d.get("decks") or {}).values()}
        out = {}
        for key, lo in b.card_files.items():
            kept = _card_file(key, lo) if key not in named else None
            if kept is not None:
                out[key] = kept
        return out

    @property
    def problems(self) -> list[Problem]:
        return self.whole.problems

    # ------------------------------------------------------------------ an edit
    def edit(self, key: str, text: str) -> bool:
        """Check the pack again with the card file `key` now `text`; False (nothing
        changed) when the edit needs the whole pack checked again."""
        cf = self.card_files.get(key)
        if cf is None or len(text.encode(*ENCODING)) > MAX_BYTES:
            return False
        new_lines = split_lines(text)
        first, last_old, last_new = _changed(cf.lines, new_lines)
        if first is None:
            return True
        found = cf.entries(max(first - (first > last_old), 1), max(last_old, first - 1))
        if found is None or found[0] != "cards":
            return False
        section, i, j = found
        top, bottom = cf.span(section, i)[0], cf.span(section, j)[1]
        delta = len(new_lines) - len(cf.lines)
        chunk = _chunk(cf, section, new_lines, top, bottom + delta)
        if chunk is None or not self._same_cards(cf, section, i, j, chunk):
            return False
        # From here the kept check changes: after False, the pack is checked whole again.
        self._move_declarations(cf, bottom, delta)
        if self._check_cards(cf, chunk, top, bottom, delta) is None:
            self.card_files = {}
            return False
        self._move(cf, section, i, j, chunk, bottom, delta, new_lines)
        self.last_path = "cards"
        return True

    def _same_cards(self, cf: CardFile, section: str, i: int, j: int, chunk: Loaded) -> bool:
        raws = chunk.data[section]
        old = cf.data[section][i:j + 1]
        if [r.get("name") for r in raws] != [r.get("name") for r in old]:
            return False
        # A card defined twice: loading compiles only the last of them.
        if any(p.message == TWICE.format(r.get("name")) for p in self.loading for r in raws):
            return False
        if any(r.get("name") in self.followed for r in raws):
            return False
        report = Report()
        check_schema(Loaded(_with(cf.data, section, raws), cf.filename, chunk.text, chunk.odd_keys),
                     load_schema("cards"), report)
        return not report.problems

    def _check_cards(self, cf: CardFile, chunk: Loaded, top: int, bottom: int, delta: int):
        """The problems of the pack with the cards of `chunk` checked in place of those
        on lines top..bottom of the file; None when the whole pack must be checked."""
        b = self.build
        report, kept_report = Report(), b.report
        b.report = report
        try:
            for raw in chunk.data["cards"]:
                b.fields["cards"][raw["name"]] = card_def(b, chunk, raw)
                self._declare(cf, raw)
            b.flush()
        finally:
            b.report = kept_report
        loading = [_moved(p, cf.filename, bottom, delta) for p in self.loading
                   if not _inside(p, cf.filename, top, bottom)]
        loading += report.problems
        return self._settle(loading)

    def _declare(self, cf: CardFile, raw) -> None:
        """The card's declaration moves with it (no card of the edit is defined twice)."""
        self.build.decls.move("card", raw["name"], cf.filename, raw.value_pos.get("name", raw.pos))

    def _settle(self, loading: list[Problem]):
        """The problems of the pack from those of loading it: the warnings of a pack that
        nothing ends and of options nothing reads, and the checks of a loaded pack, as
        the whole check has them."""
        b = self.build
        kept_report = b.report
        b.report = Report()
        never_ends(b)
        unread_options(b)
        warning = set(b.report.problems)
        b.report = kept_report
        loading = [p for p in loading if p not in self._warnings()]
        # The checks of a loaded pack (deck lists are not given here) look at no card of
        # the edit (see _same_cards): they find what they found, if the pack still loads.
        ok = not any(p.severity == "error" for p in loading)
        was_ok = not any(p.severity == "error" for p in self.loading)
        if ok and not was_ok and (self.followed or self.has_scenarios):
            # The pack loads again: the card text it follows, and the names its scenarios
            # use, are looked at again.
            return None
        loading += sorted(warning) if ok else []
        per_file: dict = {}
        for p in loading:
            per_file[p.file] = per_file.get(p.file, 0) + 1
        if any(n > MAX_PER_FILE for n in per_file.values()):
            return None
        loaded, names = (self.loaded, self.names) if ok else ([], [])
        report = Report()
        report.extend([*loading, *loaded, *self.scenarios, *names])
        self.loading, self.loaded, self.names, self.whole = loading, loaded, names, report
        return report

    def _warnings(self) -> set:
        """The warnings of a pack that nothing ends and of each option nothing reads, as
        they would read (whether or not the pack has them now)."""
        b = self.build
        kept_report, b.report = b.report, Report()
        ends, ending, b.comp.ends, b.ending_cards = b.comp.ends, b.ending_cards, False, set()
        try:
            never_ends(b)
            unread_options(b, read=set())
            return set(b.report.problems)
        finally:
            b.report, b.comp.ends, b.ending_cards = kept_report, ends, ending

    def _move_declarations(self, cf: CardFile, bottom: int, delta: int) -> None:
        """The cards and families declared below the edit move with their lines."""
        if delta == 0:
            return
        for kind in ("card", "family"):
            for d in list(self.build.decls.of(kind).values()):
                if d.file == cf.filename and d.line > bottom:
                    self.build.decls.move(kind, d.name, d.file, (d.line + delta, d.col))

    def _move(self, cf: CardFile, section: str, i: int, j: int, chunk: Loaded, bottom: int,
              delta: int, new_lines: list) -> None:
        """The file as it is now: its lines and its entries."""
        raws = chunk.data[section]
        firsts = cf.firsts[section]
        starts = [pos[0] for pos in raws.item_pos]
        for name, entries in cf.firsts.items():
            cf.firsts[name] = [f + delta if f > bottom else f for f in entries]
            cf.ends[name] = cf.ends[name] + delta if cf.ends[name] >= bottom else cf.ends[name]
        cf.firsts[section] = firsts[:i] + starts + [f + delta for f in firsts[j + 1:]]
        old = cf.data[section]
        moved = PosList([*old[:i], *raws, *old[j + 1:]])
        moved.pos, moved.item_pos = old.pos, old.item_pos[:i] + raws.item_pos + old.item_pos[j + 1:]
        cf.data = _with(cf.data, section, moved)
        cf.lines = new_lines


# ------------------------------------------------------------------ helpers
def _stages(stages: list) -> tuple[list, list, list, list]:
    """The problems each stage of the check added: loading, the loaded pack, the
    scenario files, the names the scenarios use."""
    if len(stages) < 4:
        return list(stages[-1]) if stages else [], [], [], []
    out = [list(stages[0])]
    for earlier, later in zip(stages, stages[1:]):
        seen = set(earlier)
        out.append([p for p in later if p not in seen])
    return tuple(out)


def _card_file(key: str, lo: Loaded) -> CardFile | None:
    """A card file whose entries each begin on a line of their own, in order; None
    when its lists are written otherwise (in flow style)."""
    data = lo.data
    if not isinstance(data, PosDict):
        return None
    lines = split_lines(lo.text)
    keys = sorted(pos[0] for pos in data.key_pos.values())
    cf = CardFile(key, lo.filename, lines, data)
    for section in ("cards", "families"):
        entries = data.get(section)
        if not isinstance(entries, PosList):
            continue
        firsts = [pos[0] for pos in entries.item_pos]
        if any(b <= a for a, b in zip(firsts, firsts[1:])) or not all(_dash(lines, pos) for pos in entries.item_pos):
            return None
        key_line = data.key_pos[section][0]
        after = [k for k in keys if k > key_line]
        cf.firsts[section] = firsts
        cf.ends[section] = (after[0] - 1) if after else len(lines)
    return cf


def _dash(lines: list, pos: tuple[int, int]) -> bool:
    """Whether the entry at `pos` follows its dash on its line (a block list)."""
    line = lines[pos[0] - 1]
    return line[:pos[1] - 1].rstrip().endswith("-") and not line[:pos[1] - 1].strip(" -")


def _changed(old: list, new: list) -> tuple:
    """(first, last in old, last in new): the lines (1-based) that differ; first is None
    when none do. A line inserted has last = first - 1 in old."""
    n = min(len(old), len(new))
    first = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), n)
    if first == len(old) == len(new):
        return None, None, None
    room = n - first
    back = next((k for k, (a, b) in enumerate(zip(reversed(old), reversed(new))) if k >= room or a != b), room)
    return first + 1, len(old) - back, len(new) - back


def _chunk(cf: CardFile, section: str, lines: list, top: int, bottom: int) -> Loaded | None:
    """Lines top..bottom of the file read alone, under the list's key: the positions
    are those of the file. None when they do not read as entries of that list alone."""
    if bottom < top - 1:
        return None
    key_line = cf.data.key_pos[section][0]
    body = lines[top - 1:bottom]
    if any(_ANCHOR.search(line) for line in body) or any(_ANCHOR.search(line) for line in cf.lines[top - 1:bottom]):
        return None      # an anchor here may be used elsewhere in the file
    padded = [""] * (top - 1) + body
    padded[key_line - 1] = cf.lines[key_line - 1]
    try:
        chunk = load_yaml_text("\n".join(padded), cf.filename)
    except (YamlProblem, RecursionError):
        return None
    data = chunk.data
    if not isinstance(data, PosDict) or list(data) != [section]:
        return None
    entries = data[section]
    if entries is None:
        entries = PosList()
        entries.pos = data.value_pos.get(section, (key_line, 1))
        data[section] = entries
    if not isinstance(entries, PosList) or not all(isinstance(r, PosDict) for r in entries):
        return None
    if any(pos[0] < top for pos in entries.item_pos) or not all(_dash(padded, pos) for pos in entries.item_pos):
        return None
    return chunk


def _with(data: PosDict, section: str, value) -> PosDict:
    """A copy of a file's top-level mapping with one list replaced."""
    out = PosDict(data)
    out.pos, out.key_pos, out.value_pos, out.scalar = data.pos, data.key_pos, data.value_pos, data.scalar
    out[section] = value
    return out


def _inside(p: Problem, filename: str, top: int, bottom: int) -> bool:
    return p.file == filename and top <= p.line <= bottom


def _moved(p: Problem, filename: str, bottom: int, delta: int) -> Problem:
    if delta == 0 or p.line <= bottom or p.file != filename:
        return p
    return Problem(p.file, p.line + delta, p.col, p.message, p.severity, p.hint)
