"""Hover, go-to-definition and completion at a position of a pack's file.

Inside a DSL text, the grammar and the registry say what a word is and what may
come next; anywhere, a name the pack declares (a card, a zone, an option...) is
looked up in the pack's declarations. Functions here take the file's lines and a
position in characters, and the pack's names (None while the pack has none), and
return lsprotocol values.
"""
from __future__ import annotations

from lsprotocol import types

from ..interpreter.lang.compiler import Names
from . import language
from .names import COMPLETION_KINDS, PackNames
from .yamltext import dsl_at, flow_item_at, quoted_at, target_names, value_at, word_at

KEYWORD = types.CompletionItemKind.Keyword


def names_at(lines: list[str], row: int, col: int) -> list[str]:
    """What the cursor may be naming, most likely first: a quoted text, the word, the
    whole value of the line (a card name of several words in a deck's list)."""
    line = lines[row] if row < len(lines) else ""
    out = []
    for found in (quoted_at(line, col), word_at(line, col), flow_item_at(line, col), value_at(line, col)):
        if found and found[0] not in out:
            out.append(found[0])
    return out


def hover(lines: list[str], row: int, col: int, names: PackNames | None) -> str | None:
    """In a DSL text, a word of the language is described by the registry; a name, by
    its declaration (or the registry's names every pack has). Elsewhere, a name."""
    text = dsl_at(lines, row, col)
    if text is not None and not language.names_a_word(text):
        entry = language.entry_at(text)
        return language.entry_markdown(entry) if entry else None
    for name in names_at(lines, row, col):
        if names is not None and names.knows(name):
            return names.hover(name)
    if text is None:
        return None
    word = word_at(text.text.split("\n")[text.cursor[0]], text.cursor[1])
    if word is None:
        return None
    item = language.item_at(text, _compiled(names))
    if item is not None:
        return item
    if word[0] in target_names(lines, row):
        return f"**{word[0]}** (a target of this ability)"
    if word[0] in language.variables(text):
        return f"**{word[0]}** (a variable of this text)"
    return language.builtin_word(word[0])


def definitions(lines: list[str], row: int, col: int, names: PackNames | None) -> list:
    """The declarations of the first name at the cursor that the pack declares."""
    if names is None:
        return []
    for name in names_at(lines, row, col):
        found = names.declared(name)
        if found:
            return found
    return []


def completions(lines: list[str], row: int, col: int, names: PackNames | None) -> list[types.CompletionItem]:
    """Inside a DSL text: card names inside a quoted text; else the words the grammar
    accepts at the cursor and, where a name may stand, the pack's names, the
    variables of the text and the names every pack has. Nothing outside DSL texts
    (the YAML language server completes the keys)."""
    text = dsl_at(lines, row, col)
    if text is None:
        return []
    if language.in_open_string(text):
        cards = names.cards() if names is not None else []
        return [types.CompletionItem(label=c, kind=COMPLETION_KINDS["card"], detail="card") for c in cards]
    expected = language.expected(text)
    words, name_here = expected if expected is not None else (language.every_keyword(), True)
    items = [types.CompletionItem(label=w, kind=KEYWORD, detail="keyword", sort_text="1" + w) for w in words]
    if name_here:
        # A scenario's `until: {condition: ...}` may read its players by their seats' names.
        seats = names.seats() if names is not None and (text.parent, text.key) == ("until", "condition") else []
        items += _names(text, target_names(lines, row), names, seats)
    return items


def _names(text, targets: list[str], names: PackNames | None, seats=()) -> list[types.CompletionItem]:
    seen = set()
    items = []

    def add(label: str, kind, detail: str, rank: str) -> None:
        if label not in seen:
            seen.add(label)
            items.append(types.CompletionItem(label=label, kind=kind, detail=detail, sort_text=rank + label))

    for target in targets:
        add(target, types.CompletionItemKind.Variable, "target", "0")
    for seat in seats:
        add(seat, types.CompletionItemKind.Variable, "player, by the name of their seat", "0")
    for variable in language.variables(text):
        add(variable, types.CompletionItemKind.Variable, "variable", "0")
    for item, what in language.items_open(text, _compiled(names)):
        add(item, types.CompletionItemKind.Variable, what, "0")
    for name, kind, detail in names.in_texts() if names is not None else []:
        add(name, COMPLETION_KINDS[kind], detail, "0")
    for word, detail in language.builtin_names():
        add(word, types.CompletionItemKind.Property, detail, "2")
    return items


def _compiled(names: PackNames | None) -> Names:
    """The pack's names as the compiler reads them; none while the pack has none."""
    return names.build.names if names is not None else Names()
