"""A loaded pack as the pack page shows it: card faces and readable sections, each
with the file and line it is written at.

Everything here is read from the loaded Pack and the texts it was built from
(`Pack.files`, `Pack.declarations`); the DSL of a card is shown as the pack writes it,
the lines of its card family (or card) in its file.
"""
from __future__ import annotations

import posixpath
from dataclasses import dataclass

from ..interpreter.packs.files import SHARED
from ..interpreter.packs.yamlpos import load_yaml_text

# pack.yaml's sections in the order the page shows them, with their headings; the
# others follow under their own names.
HEADINGS = {
    "players": "Players", "options": "Options", "zones": "Zones", "turn": "Turn structure", "setup": "Setup",
    "checks": "Win conditions and checks", "end": "End of the game", "card_types": "Card types",
    "properties": "Card properties", "player_counters": "Player counters", "card_counters": "Card counters",
    "keywords": "Keywords", "marks": "Marks", "durations": "Durations", "windows": "Windows",
    "currencies": "Currencies", "define": "Defined conditions", "replacements": "Replacements", "pile": "The pile",
    "imports": "Imported cards", "decks": "Decks", "cards": "Card files", "evaluation": "Evaluation (computer players)",
}
TITLE_KEYS = ("id", "name", "version", "description")


@dataclass
class Where:
    file: str          # the path from the pack's folder ("" for cardtable's shared card files)
    line: int
    shown: str         # as the page names it: cards/creatures.yaml:5


@dataclass
class Face:
    name: str
    types: list
    cost: object
    stats: list        # (property, value), the cost aside
    keywords: list
    text: str
    family: str | None
    where: Where | None
    source: str        # the family's (or card's) lines as the pack writes them
    search: str        # what the filter looks in, folded


def _where(served, file: str, line: int, known: dict | None = None) -> Where:
    """Where `file` is, at `line`; `known`: the paths of the files met before, by file."""
    if known is not None and file in known:
        rel = known[file]
    else:
        rel = served.relative(file) if not file.startswith(SHARED) else None
        if known is not None:
            known[file] = rel
    shown = f"{rel or file}:{line}"
    return Where(rel or "", line, shown)


def block(text: str | list[str], line: int) -> str:
    """The lines of the YAML entry that starts at `line` (1-based): that line and those
    below it indented deeper than the entry's dash (or its key). `text` may be given as
    its lines, split once for the many entries of one file."""
    lines = text.splitlines() if isinstance(text, str) else text
    if not 1 <= line <= len(lines):
        return ""
    first = lines[line - 1]
    stripped = first.lstrip()
    indent = len(first) - len(stripped)
    out = [first]
    for k in range(line, len(lines)):
        later = lines[k]
        if later.strip() and len(later) - len(later.lstrip()) <= indent and not later.lstrip().startswith("#"):
            break
        out.append(later)
    while out and not out[-1].strip():
        out.pop()
    return "\n".join(out)


def card_faces(pack, served) -> list[Face]:
    texts = pack.files.texts if pack.files is not None else {}
    lines, known = _Lines(texts, pack), {}
    faces = []
    for card in pack.cards.values():
        decl, source = _origin(pack, lines, card)
        props = dict(card.props)
        cost = props.pop("cost", None)
        stats = [(k, v) for k, v in props.items() if not isinstance(v, (list, dict))]
        faces.append(Face(card.name, sorted(card.types), cost, stats, sorted(card.keywords), card.text or "",
                          card.family, _where(served, decl.file, decl.line, known) if decl else None, source,
                          " ".join([card.name, *card.types, *card.keywords, card.text or "", card.family or "",
                                    source]).casefold()))
    return faces


def _origin(pack, lines: _Lines, card) -> tuple:
    """Where a card is written (its card or family entry, else the import it comes
    from), and the lines that give it its rules: its entry's, else its card types'."""
    decls = pack.declarations
    if decls is None:
        return None, ""
    decl = decls.of("card").get(card.name) or (decls.of("family").get(card.family) if card.family else None)
    if decl is not None:
        text = lines.of(decl.file)
        return decl, block(text, decl.line) if text else ""
    imports = decls.of("import")
    decl = next((imports[name] for name, src in pack.sources.items()
                 if name in imports and src.find(card.name) is not None), None)
    types = decls.of("card type")
    text = lines.of(types[next(iter(types))].file) if types else None
    ruled = [block(text, types[t].line) for t in sorted(card.types) if t in types and pack.type_abilities.get(t)]
    return decl, "\n".join(ruled) if text else ""


class _Lines:
    """The lines of the files declarations name (by their paths as messages show them),
    each split once: a file of 1,000 cards is not split again for each of them."""

    def __init__(self, texts: dict, pack):
        self.texts, self.folder = texts, str(pack.path).replace("\\", "/")
        self.split: dict[str, list[str] | None] = {}

    def of(self, file: str) -> list[str] | None:
        if file not in self.split:
            key = posixpath.normpath(posixpath.relpath(file.replace("\\", "/"), self.folder))
            text = self.texts.get(key)
            self.split[file] = text.splitlines() if text is not None else None
        return self.split[file]


def filtered(faces: list[Face], query: str) -> list[Face]:
    words = query.casefold().split()
    return [f for f in faces if all(w in f.search for w in words)]


@dataclass
class Section:
    key: str
    heading: str
    where: Where
    source: str


def sections(pack, served) -> list[Section]:
    """pack.yaml's sections, each as the pack writes it, with its line."""
    files = pack.files
    text = files.texts.get(files.pack_file, "") if files is not None else ""
    data = load_yaml_text(text, files.pack_file).data if text else None
    if not isinstance(data, dict):
        return []
    out = []
    for key in [*HEADINGS, *data.keys()]:
        if key in data and key not in TITLE_KEYS and all(s.key != key for s in out):
            line = data.key_pos[key][0]
            out.append(Section(key, HEADINGS.get(key, key.replace("_", " ").capitalize()),
                               Where(files.pack_file, line, f"{files.pack_file}:{line}"), block(text, line)))
    return out


def turn_structure(pack, served) -> list[dict]:
    """The phases and their steps, each with where it is written."""
    decls = pack.declarations
    phases, steps = decls.of("phase"), decls.of("step")
    out = []
    for phase in pack.phases:
        d = phases.get(phase.name)
        out.append({"name": phase.name, "where": _where(served, d.file, d.line) if d else None,
                    "steps": [{"name": s.name, "where": _where(served, steps[s.name].file, steps[s.name].line)
                               if s.name in steps else None}
                              for s in phase.steps if not (len(phase.steps) == 1 and s.name == phase.name)]})
    return out


def declared(pack, served, kind: str, name: str) -> Where | None:
    d = pack.declarations.of(kind).get(name) if pack.declarations else None
    return _where(served, d.file, d.line) if d else None
