"""The names a pack declares, as an editor shows them: what each is (hover), the
names to complete, and where each is declared. All read from what the last check
of the pack kept (loader.Build: its declarations, its sections, its cards).
"""
from __future__ import annotations

from lsprotocol import types

from ..interpreter.lang.vocabulary import holds
from ..interpreter.packs.declarations import MAPPED
from ..interpreter.packs.importing import ImportProblem
from ..interpreter.packs.stops import NAME

KIND = types.CompletionItemKind
# How an editor draws each kind of name in a list of completions.
COMPLETION_KINDS = {
    "option": KIND.Constant, "zone": KIND.Folder, "card type": KIND.Class, "property": KIND.Property,
    "player counter": KIND.Field, "card counter": KIND.Field, "keyword": KIND.EnumMember, "mark": KIND.EnumMember,
    "duration": KIND.Unit, "window": KIND.Event, "currency": KIND.Unit, "defined condition": KIND.Function,
    "deck": KIND.File, "table value": KIND.Variable, "property word": KIND.EnumMember, "phase": KIND.Event,
    "step": KIND.Event, "round": KIND.Event, "replacement": KIND.Operator, "import": KIND.Reference,
    "card": KIND.Value, "family": KIND.Struct, "script": KIND.Function,
}
SYMBOL_KINDS = {
    "card": types.SymbolKind.Object, "family": types.SymbolKind.Struct, "phase": types.SymbolKind.Event,
    "step": types.SymbolKind.Event, "round": types.SymbolKind.Event, "zone": types.SymbolKind.Namespace,
    "option": types.SymbolKind.Constant, "card type": types.SymbolKind.Class, "defined condition": types.SymbolKind.Function,
}
# Names a DSL text uses as words: not cards (quoted, with spaces), decks or imports.
IN_TEXTS = [k for k in COMPLETION_KINDS if k not in ("card", "family", "deck", "import", "replacement")]


class PackNames:
    def __init__(self, build):
        self.build = build
        self.decls = build.decls

    def declared(self, name: str):
        return self.decls.find(name)

    def in_texts(self) -> list[tuple[str, str, str]]:
        """(name, kind, what the editor says of it) of every name a DSL text may use."""
        return [(d.name, d.kind, self._detail(d)) for kind in IN_TEXTS for d in self.decls.of(kind).values()]

    def _detail(self, d) -> str:
        held = self._holds(d.name) if d.kind == "table value" else ""
        return f"{d.kind}, {held}" if held else d.kind

    def _holds(self, name: str) -> str:
        """What a table value holds: "holds a card"."""
        d = self.build.names.table.get(name)
        return f"holds {holds(d)}" if d is not None else ""

    def seats(self) -> list[str]:
        """The names pack.yaml gives its seats that a scenario's condition may read: names
        of the language, or of the pack's own, are not read as players (stops._condition)."""
        seats = ((self.build.d or {}).get("players") or {}).get("seats") or []
        return [seat["name"] for seat in seats if isinstance(seat, dict) and isinstance(seat.get("name"), str)
                and NAME.fullmatch(seat["name"]) and not self.build.comp.hides(seat["name"])]

    def cards(self) -> list[str]:
        """The pack's cards, then those of its imports (by name, each once)."""
        imported = [r["name"] for source in self._sources() for r in source.records if isinstance(r.get("name"), str)]
        return list(dict.fromkeys([*self.decls.names("card"), *imported]))

    def _sources(self) -> list:
        return list((self.build.fields.get("sources") or {}).values())

    def card(self, name: str):
        """The card of that name (the pack's, or made from an import), or None."""
        card = (self.build.fields.get("cards") or {}).get(name)
        maker = self.build.fields.get("card_maker")
        if card is None and maker is not None:
            try:
                card = maker.named(name, self._sources())
            except ImportProblem:
                return None
        return card

    def knows(self, name: str) -> bool:
        return bool(self.declared(name)) or self.card(name) is not None

    # ---------------------------------------------------------------- hover
    def hover(self, name: str) -> str | None:
        found = self.declared(name)
        if not found:
            card = self._card(name)
            return f"**{name}** (card of an import)\n\n{card}" if card else None
        return "\n\n---\n\n".join(self._one(d) for d in found)

    def _one(self, d) -> str:
        shown = {"card": self._card, "option": self._option, "zone": self._zone, "defined condition": self._define,
                 "script": self._script, "property": self._property, "player counter": self._counter,
                 "table value": self._table}.get(d.kind)
        body = shown(d.name) if shown else self._description(d.kind, d.name)
        return f"**{d.name}** ({d.kind})" + (f"\n\n{body}" if body else "") + f"\n\n*{d.file}:{d.line}*"

    def _section(self, kind: str) -> dict:
        section = MAPPED.get(kind)
        return (self.build.d.get(section) or {}) if section else {}

    def _description(self, kind: str, name: str) -> str:
        raw = self._section(kind).get(name)
        if isinstance(raw, str):
            return raw
        return str(raw.get("description") or "") if isinstance(raw, dict) else ""

    def _card(self, name: str) -> str:
        card = self.card(name)
        if card is None:
            return ""
        out = [", ".join(sorted(card.types)) or "no type"]
        stats = " · ".join(f"{k} {_said(v)}" for k, v in card.props.items())
        if stats:
            out.append(stats)
        if card.keywords:
            out.append("keywords: " + ", ".join(sorted(card.keywords)))
        if card.text:
            out.append("> " + card.text.replace("\n", "\n> "))
        own = [ab.name for ab in card.abilities if ab.owner_name == name]
        if own:
            out.append("abilities: " + ", ".join(own))
        return "\n\n".join(out)

    def _option(self, name: str) -> str:
        option = (self.build.fields.get("options") or {}).get(name)
        if option is None:
            return self._description("option", name)
        out = [f"default {_said(option.default)}"]
        if option.minimum is not None or option.maximum is not None:
            out.append(f"from {_said(option.minimum, 'any')} to {_said(option.maximum, 'any')}")
        if option.choices:
            out.append("one of " + ", ".join(_said(c) for c in option.choices))
        return " · ".join(out) + (f"\n\n{option.description}" if option.description else "")

    def _zone(self, name: str) -> str:
        zone = (self.build.names.zones or {}).get(name)
        if zone is None:
            return ""
        out = ["one for each player" if zone.per_player else "shared by the table", f"{zone.visibility}",
               "ordered" if zone.ordered else "not ordered"]
        if zone.role:
            out.append(f"the {zone.role} zone")
        return " · ".join(out) + (f"\n\n{zone.description}" if zone.description else "")

    def _define(self, name: str) -> str:
        text = (self.build.d.get("define") or {}).get(name)
        return f"```\n{text}\n```" if text is not None else ""

    def _script(self, name: str) -> str:
        raw = (self.build.d.get("scripts") or {}).get(name) or {}
        use = " ".join([name, "for", ", ".join(raw.get("for") or [])]) if raw.get("for") else name
        return f"```\n{use}\n```\n\n```\n{raw.get('do', '')}\n```"

    def _property(self, name: str) -> str:
        raw = (self.build.d.get("properties") or {}).get(name) or {}
        out = []
        for key in ("default", "words", "one_of", "derived"):
            if key in raw:
                out.append(f"{key}: {_said(raw[key])}")
        return " · ".join(out) + (f"\n\n{raw['description']}" if raw.get("description") else "")

    def _table(self, name: str) -> str:
        description = self._description("table value", name)
        return self._holds(name) + (f"\n\n{description}" if description else "")

    def _counter(self, name: str) -> str:
        raw = (self.build.d.get("player_counters") or {}).get(name)
        if not isinstance(raw, dict):
            return str(raw or "")
        out = [f"starts at {_said(raw.get('start', 0))}"] + ([f"reset each {raw['reset']}"] if "reset" in raw else [])
        return " · ".join(out) + (f"\n\n{raw['description']}" if raw.get("description") else "")


def _said(value, none: str = "none") -> str:
    if value is None:
        return none
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ", ".join(_said(v) for v in value)
    return str(value)
