"""The effect language as the editor sees it, from the grammar and the registry that
the compiler and `cardtable docs` use: which construct is under the cursor (for
hover), and which words the grammar accepts at the cursor (for completion).
"""
from __future__ import annotations

import re
from functools import lru_cache

from lark import Token, Tree
from lark.exceptions import UnexpectedInput, UnexpectedToken

from ..interpreter.lang import dsl
from ..interpreter.lang.registry import Entry
from ..interpreter.lang.vocabulary import CARD_PROPERTIES, CARD_STATES, ENTRIES, GLOBALS, PLAYER_PROPERTIES
from .yamltext import DslText, word_at

_PARTIAL = re.compile(r"[\w'-]*$")
# Where a text names a variable: let NAME be, ... as NAME, for each NAME in.
_BINDS = re.compile(r"\blet\s+(\w+)\s+be\b|\bas\s+(\w+)|\bfor\s+each\s+(\w+)\s+in\b")


# --------------------------------------------------------------------- hover
def parsed(text: DslText):
    try:
        return dsl.parse(text.text, text.start)
    except dsl.DslSyntaxError:
        return None


def names_a_word(text: DslText) -> bool:
    """Whether the word at the cursor is a name (a variable, a name of the pack) rather
    than a word of the language: a NAME token of the parse tree, or, in a text that
    does not parse, a word that is no keyword."""
    tree = parsed(text)
    line, col = text.cursor
    if tree is not None:
        at = (line + 1, col + 1)
        return any(tok.type in ("NAME", "STRING") and (tok.line, tok.column) <= at <= (tok.end_line, tok.end_column)
                   for tok in tree.scan_values(lambda v: isinstance(v, Token)))
    word = word_at(text.text.split("\n")[line], col)
    return word is not None and word[0] not in _all_words()


def entry_at(text: DslText) -> Entry | None:
    """The registry entry of the innermost construct at the cursor: from the parse
    tree when the text parses, else the entry whose syntax begins with the word."""
    tree = parsed(text)
    line, col = text.cursor
    if tree is not None:
        found = _innermost(tree, (line + 1, col + 1))
        if found is not None:
            return found
    word = word_at(text.text.split("\n")[line], col)
    return first_word_entries().get(word[0]) if word else None


def _innermost(tree: Tree, at: tuple[int, int]) -> Entry | None:
    best = None
    stack = [tree]
    while stack:
        node = stack.pop()
        meta = node.meta
        if meta.empty or not (meta.line, meta.column) <= at <= (meta.end_line, meta.end_column):
            continue
        entry = ENTRIES.get(node.data)
        if entry is not None:
            best = entry       # deeper nodes are visited after their parents
        stack.extend(child for child in node.children if isinstance(child, Tree))
    return best


@lru_cache(maxsize=1)
def first_word_entries() -> dict[str, Entry]:
    """Entries by the first word of their syntax (deal, draw, count...), for a text
    that does not parse yet."""
    out: dict[str, Entry] = {}
    for entry in ENTRIES.values():
        first = re.match(r"\[?[A-Z]*\]?\s*([a-z][\w']*)", entry.syntax)
        if first:
            out.setdefault(first.group(1), entry)
    return out


def entry_markdown(entry: Entry) -> str:
    out = [f"**`{entry.syntax}`** ({entry.kind})", "", entry.description]
    if entry.params:
        out += ["", "| parameter | type | meaning |", "|---|---|---|"]
        out += [f"| {p.name} | {p.type} | {p.description} |" for p in entry.params]
    if entry.example:
        out += ["", f"Example: `{entry.example}`"]
    return "\n".join(out)


def builtin_word(word: str) -> str | None:
    """What a word every pack has means (turn, owner, tapped...), from the registry."""
    for table, what in ((GLOBALS, "every pack has"), (CARD_PROPERTIES, "a property of every card"),
                        (PLAYER_PROPERTIES, "a property of every player")):
        if word in table:
            kind, description = table[word]
            return f"**`{word}`** ({kind}, {what})\n\n{description}"
    if word in CARD_STATES:
        return f"**`{word}`** (a word of selectors)\n\n{CARD_STATES[word]}"
    return None


def builtin_names() -> list[tuple[str, str]]:
    """(word, what it is) of the names every pack has."""
    out = [(w, f"{kind}, every pack has") for w, (kind, _) in GLOBALS.items()]
    out += [(w, f"{kind}, of every card") for w, (kind, _) in CARD_PROPERTIES.items()]
    out += [(w, f"{kind}, of every player") for w, (kind, _) in PLAYER_PROPERTIES.items()]
    return out + [(w, "a word of selectors") for w in CARD_STATES]


# ---------------------------------------------------------------- completion
def expected(text: DslText) -> tuple[list[str], bool] | None:
    """The words of the language the grammar accepts at the cursor, and whether a name
    may stand there; None when the statement is wrong before the cursor (anything
    may then be meant)."""
    before = _PARTIAL.sub("", text.before_cursor())
    piece = before
    if text.start == "script":
        pieces = list(dsl.statements(before))
        piece = before.split("\n", pieces[-1][0])[-1] if pieces else ""
    parser = dsl.parser()
    interactive = parser.parse_interactive(piece, start=text.start)
    try:
        interactive.exhaust_lexer()
        accepted = interactive.accepts()
    except UnexpectedToken as e:
        if e.token.type not in ("_DEDENT", "$END") or e.interactive_parser is None:
            return None
        accepted = e.interactive_parser.accepts()
    except UnexpectedInput:
        return None
    words = []
    for name in accepted:
        pattern = parser.get_terminal(name).pattern if name in _terminal_names() else None
        if pattern is not None and pattern.type == "str" and pattern.value[:1].isalpha():
            words.append(pattern.value)
    return sorted(words), "NAME" in accepted


@lru_cache(maxsize=1)
def _terminal_names() -> set:
    return {t.name for t in dsl.parser().terminals}


def in_open_string(text: DslText) -> bool:
    """Whether the cursor is inside a quoted text of the DSL ("Goblin...)."""
    line = text.before_cursor().split("\n")[-1]
    return line.count('"') % 2 == 1


def variables(text: DslText) -> list[str]:
    """The variables a text binds (let, as, for each), in the order written."""
    found = [next(g for g in m.groups() if g) for m in _BINDS.finditer(text.text)]
    return list(dict.fromkeys(found))


def every_keyword() -> list[str]:
    return sorted(w for w in _all_words() if w[:1].isalpha())


@lru_cache(maxsize=1)
def _all_words() -> set[str]:
    parser = dsl.parser()
    return {t.pattern.value for t in parser.terminals if t.pattern.type == "str"}
