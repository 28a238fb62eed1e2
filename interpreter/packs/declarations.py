"""Every name a pack declares, with its kind and where it is declared.

The second stage of loading a pack: read from pack.yaml (and from the card files,
for cards and families) before anything is compiled. The loader's "did you mean"
suggestions read it, and so will an editor's completion, hover and go-to-definition:
`Pack.declarations` keeps it.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from ..suggest import did_you_mean

# The kinds of names, and the pack.yaml sections (mappings by name) that declare them.
MAPPED = {
    "option": "options", "zone": "zones", "card type": "card_types", "property": "properties",
    "player counter": "player_counters", "card counter": "card_counters", "keyword": "keywords", "mark": "marks",
    "duration": "durations", "window": "windows", "currency": "currencies", "defined condition": "define",
    "deck": "decks", "table value": "table", "script": "scripts",
}
KINDS = (*MAPPED, "property word", "phase", "step", "round", "replacement", "import", "card", "family", "token")


class Declaration(NamedTuple):
    kind: str           # one of KINDS
    name: str
    file: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}: {self.kind} {self.name}"


class Declarations:
    """The names of a pack by kind, in the order the pack declares them; the first
    declaration of a name of a kind is the one kept."""

    def __init__(self):
        self._by_kind: dict[str, dict[str, Declaration]] = {kind: {} for kind in KINDS}

    def add(self, kind: str, name: str, file: str, at: tuple[int, int]) -> None:
        table = self._by_kind[kind]
        if name not in table:
            table[name] = Declaration(kind, name, file, at[0], at[1])

    def move(self, kind: str, name: str, file: str, at: tuple[int, int]) -> None:
        """Where a name is declared, now (its file was edited)."""
        self._by_kind[kind][name] = Declaration(kind, name, file, *at)

    def of(self, kind: str) -> dict[str, Declaration]:
        """The declarations of one kind, by name."""
        return self._by_kind[kind]

    def names(self, kind: str) -> list[str]:
        return list(self._by_kind[kind])

    def near(self, kind: str, name: str) -> str:
        """'; did you mean "..."?' for a name of that kind the pack does not declare."""
        return did_you_mean(name, self._by_kind[kind])

    def find(self, name: str) -> list[Declaration]:
        """Every declaration of `name`, whatever its kind (a word can name a zone and a card)."""
        return [d[name] for d in self._by_kind.values() if name in d]

    def __iter__(self):
        for by_name in self._by_kind.values():
            yield from by_name.values()

    def __len__(self) -> int:
        return sum(len(d) for d in self._by_kind.values())


# A definition's key, with its parameters if it has any: "extends(meld)", "fits(card, pile)".
_DEFINED = re.compile(r"\s*(\w+)\s*(?:\((\s*\w+\s*(?:,\s*\w+\s*)*)\))?\s*")


def defined_name(key: str) -> tuple[str, tuple]:
    """The name and the parameters of a definition's key ("extends(meld)": extends, (meld,))."""
    m = _DEFINED.fullmatch(key)
    if m is None:
        return key, ()
    return m.group(1), tuple(p.strip() for p in (m.group(2) or "").split(",") if p.strip())


def declare(d: dict, file: str) -> Declarations:
    """The names pack.yaml (`d`, read from `file`) declares."""
    out = Declarations()
    for kind, section in MAPPED.items():
        table = d.get(section) or {}
        positions = getattr(table, "key_pos", {})
        for name in table:
            said = defined_name(str(name))[0] if section == "define" else str(name)
            out.add(kind, said, file, positions.get(name, (1, 1)))
    for name, raw in (d.get("properties") or {}).items():
        words = raw.get("words") or raw.get("one_of") or []
        for k, word in enumerate(words):
            out.add("property word", str(word), file, _item(words, k))
    for phase in d.get("turn") or []:
        out.add("phase", phase["phase"], file, _value(phase, "phase"))
        for step in phase.get("steps") or []:
            out.add("step", step["step"], file, _value(step, "step"))
        if "steps" not in phase:      # a phase without steps is its own one step, of its name
            out.add("step", phase["phase"], file, _value(phase, "phase"))
    for raw in d.get("rounds") or []:
        out.add("round", raw["round"], file, _value(raw, "round"))
    for raw in d.get("replacements") or []:
        out.add("replacement", raw["name"], file, _value(raw, "name"))
    for raw in d.get("imports") or []:
        if "as" in raw:
            out.add("import", raw["as"], file, _value(raw, "as"))
    return out


def _value(container, key) -> tuple[int, int]:
    return getattr(container, "value_pos", {}).get(key) or getattr(container, "pos", (1, 1))


def _item(container, k: int) -> tuple[int, int]:
    positions = getattr(container, "item_pos", [])
    return positions[k] if k < len(positions) else getattr(container, "pos", (1, 1))
