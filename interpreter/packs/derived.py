"""The `properties` section: the words of word-list properties, and the properties
derived from others, compiled to f(state, card)."""
from __future__ import annotations

from ..lang.compiler import Scope
from ..lang.static_types import T
from .build import Build


def property_words(b: Build) -> None:
    """Each word of a word-list property describes a card ("black", "forest"): it must
    not mean anything else."""
    names = b.names
    taken = {**{w: "a card type" for w in names.card_types}, **{w: "a keyword" for w in names.keywords},
             **{w: "a mark" for w in names.marks}, "tapped": "a card state", "untapped": "a card state"}
    for pname, raw in (b.d.get("properties") or {}).items():
        for k, word in enumerate(raw.get("words") or []):
            if word in taken:
                b.here(raw["words"], k, f'"{word}" is already {taken[word]}: a word of "{pname}" must describe cards by itself')
                continue
            taken[word] = f'a word of "{pname}"'
            names.property_words[word] = pname


def derived_properties(b: Build) -> dict:
    """The derived properties, compiled: f(state, card). A property that depends on
    itself, directly or through others, is refused."""
    props_raw = b.d.get("properties") or {}
    out, reads = {}, {}
    for name, raw in props_raw.items():
        if "derived" not in raw:
            continue
        b.comp.reads_props = reads[name] = set()
        res = b.compile(b.loaded, raw, "derived", "value", Scope({}, this=T("card"), it=T("card")))
        b.comp.reads_props = None
        if res is None:
            continue
        fn, t = res
        if t.kind not in ("number", "any"):
            b.here(raw, "derived", f'the property "{name}" must be a number, but it is {t.word()}')
            continue
        out[name] = _derived_value(fn)
    for name in reads:
        cycle = _loop(reads, name, [name])
        if cycle and cycle[0] == name:
            b.here(props_raw[name], "derived", f'"{name}" is computed from itself ({" -> ".join(cycle)})')
            out.pop(name, None)
    b.flush()
    return out


def _loop(reads: dict, name: str, path: list):
    for dep in reads.get(name, ()):
        if dep in path:
            return path[path.index(dep):] + [dep]
        found = _loop(reads, dep, path + [dep])
        if found:
            return found
    return None


def _derived_value(fn):
    def value(s, c):
        return fn(s, {"this": c, "it": c, "you": s.t.players[s.controller[c]]}) or 0
    return value
