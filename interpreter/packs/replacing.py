"""Replacements, compiled: those of the pack (`replacements`) and those of cards (an
ability with `replace:`), and the events cards replace, found before anything compiles
(a statement compiles as replaceable only for the events something replaces)."""
from __future__ import annotations

from ..engine.replacements import Replacement
from ..infiles import FileProblem, read_file
from ..lang.compiler import Scope
from ..lang.static_types import T
from .build import Build, as_events
from .yamlpos import MAX_BYTES, YamlProblem, load_yaml_text


def replacement(b: Build, lo, raw, when, this: T | None = None, zone: str | None = None) -> Replacement | None:
    """One replacement written at `raw` (with `when` holding its event, condition and
    zones, the same mapping for a pack's): "it" is the card (or player) concerned,
    "source" the card whose ability does it, "this" a card's own card."""
    events = as_events(when["event"])
    # Damage may be dealt to a player and a player draws: the other events concern cards.
    if "draw" in events and len(events) > 1:
        b.at(lo, when, "event", "a replacement of draw is about the player who would draw: give it an entry of its own")
    it = T("player") if "draw" in events else T("object") if "damage" in events else T("card")
    into = frozenset(as_events(when.get("into") or []))
    for k, zname in enumerate(as_events(when.get("into") or [])):
        if zname not in b.names.zones:
            container, key = (when["into"], k) if isinstance(when["into"], list) else (when, "into")
            b.at(lo, container, key, f'unknown zone "{zname}"{b.decls.near("zone", zname)}')
    if into and events != ["move"]:
        b.at(lo, when, "into", 'only a replacement of the event move says the zones it replaces entering ("into")')
    scope = Scope({"source": T("card")}, it=it, this=this)
    test = b.compile(lo, when, "if", "condition", scope.child()) if "if" in when else None
    effect = None
    if "effect" in raw:
        if "target" in events:
            b.at(lo, raw, "effect", "a card that cannot be a target is left out of the choice: "
                 "a replacement of the event target has no effect")
        effect = b.compile(lo, raw, "effect", "script", scope.child(mode="replacement"))
    b.flush()
    if "if" in when and test is None:
        return None
    fn = test[0] if test else (lambda s, env: True)
    return Replacement(raw["name"], frozenset(events), fn, effect, into, zone)


def cards_replace(b: Build) -> set:
    """The events the abilities of card types and of card files replace, looked for in
    the files' text before they are read in earnest (which reports their problems, and
    in the order the sections read them): statements compile as replaceable only for
    the events something replaces."""
    found = set()
    raws = list((b.d.get("card_types") or {}).values())
    for pattern in b.d.get("cards") or []:
        if not isinstance(pattern, str):
            continue
        for key, path in b.reader.glob(pattern)[0]:
            data = _peek(b, key, path)
            if isinstance(data, dict):
                raws += [r for k in ("families", "cards") for r in (data.get(k) or []) if isinstance(r, dict)]
    for raw in raws:
        for ab in raw.get("abilities") or [] if isinstance(raw.get("abilities"), list) else []:
            replace = ab.get("replace") if isinstance(ab, dict) else None
            if isinstance(replace, dict):
                found.update(e for e in as_events(replace.get("event") or []) if isinstance(e, str))
    return found


def _peek(b: Build, key: str, path):
    """A card file's data if it has a card replacement, else None; nothing is reported."""
    try:
        raw = b.reader.memory[key].encode() if key in b.reader.memory else read_file(path, MAX_BYTES)
    except (OSError, FileProblem):
        return None
    if b"replace:" not in raw:
        return None
    try:
        return load_yaml_text(raw.decode("utf-8", "replace"), key).data
    except YamlProblem:
        return None
