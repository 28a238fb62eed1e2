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
from ..interpreter.lang.vocabulary import (CARD_PROPERTIES, CARD_STATES, ENTRIES, GLOBALS, PLAYER_PROPERTIES,
                                           TEAM_PROPERTIES, item_name, one_noun)
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
                        (PLAYER_PROPERTIES, "a property of every player"),
                        (TEAM_PROPERTIES, "a property of every team")):
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
    out += [(w, f"{kind}, of every team") for w, (kind, _) in TEAM_PROPERTIES.items()]
    return out + [(w, "a word of selectors") for w in CARD_STATES]


# ---------------------------------------------------------------- completion
def expected(text: DslText) -> tuple[list[str], bool] | None:
    """The words of the language the grammar accepts at the cursor, and whether a name
    may stand there; None when the statement is wrong before the cursor (anything
    may then be meant)."""
    read = _read_to_cursor(text)
    if read is None:
        return None
    parser = dsl.parser()
    accepted = read[0].accepts()
    words = []
    for name in accepted:
        pattern = parser.get_terminal(name).pattern if name in _terminal_names() else None
        if pattern is not None and pattern.type == "str" and pattern.value[:1].isalpha():
            words.append(pattern.value)
    return sorted(words), "NAME" in accepted


def _read_to_cursor(text: DslText):
    """The parser having read the statement before the cursor (the word being typed left
    out), and that statement's text; None when it is wrong before the cursor."""
    before = _PARTIAL.sub("", text.before_cursor())
    piece = before
    if text.start == "script":
        pieces = list(dsl.statements(before))
        piece = before.split("\n", pieces[-1][0])[-1] if pieces else ""
    interactive = dsl.parser().parse_interactive(piece, start=text.start)
    try:
        interactive.exhaust_lexer()
    except UnexpectedToken as e:
        if e.token.type not in ("_DEDENT", "$END") or e.interactive_parser is None:
            return None
        interactive = e.interactive_parser
    except UnexpectedInput:
        return None
    return interactive, piece


# ------------------------------------------------- the items "where" clauses name
def items_open(text: DslText, names) -> list[tuple[str, str]]:
    """(name, what it names) of the items named by the "where" clauses the cursor is in
    ("cards c in play where ...": c), outermost first. A clause still open is on the
    parser's stack after the statement before the cursor: its selector's words, their
    restrictions ("in play", folded into one tree), then "where". `names`: the pack's
    names as the compiler reads them (compiler.Names)."""
    read = _read_to_cursor(text)
    if read is None:
        return []
    stack, piece = read[0].parser_state.value_stack, read[1]
    out = []
    for i, value in enumerate(stack):
        if not (isinstance(value, Token) and value.type == "WHERE"):
            continue
        before = stack[max(i - 2, 0):i]
        if len(before) == 2 and isinstance(before[1], Tree) and before[1].data.startswith("__"):
            before = before[:1]         # the restrictions, after the words
        words = before[-1] if before else None
        if isinstance(words, Tree) and words.data == "words":
            found = _item(words.children, piece, value.start_pos, names, variables(text))
            if found:
                out.append(found)
    return out


def item_at(text: DslText, names) -> str | None:
    """What the name at the cursor names, where a selector names its items so: after its
    noun, or inside its "where" clause."""
    tree = parsed(text)
    if tree is None:
        return None
    line, col = text.cursor
    at = (line + 1, col + 1)
    for node in tree.iter_subtrees():
        where = node.children[-1] if node.data == "selector" else None
        if not (isinstance(where, Tree) and where.data == "where"):
            continue
        words = node.children[0].children
        found = _item(words, text.text, where.meta.start_pos, names, variables(text))
        tokens = [words[-1], *where.scan_values(lambda v: isinstance(v, Token))]
        if found and any(tok.type == "NAME" and str(tok) == found[0] and tok.line == at[0] and
                         tok.column <= at[1] <= tok.end_column for tok in tokens):
            return f"**{found[0]}**: {found[1]}"
    return None


def _item(tokens, source: str, where_at: int, names, bound) -> tuple[str, str] | None:
    """(name, what it names) of the item a selector of these words names, or None: "each
    card in your hand, in this \"where\"" for "a card c in your hand where"."""
    name = item_name(tokens, names, bound)
    if name is None:
        return None
    # A trigger's words keep their article ("whenever a creature c where ..."): "each creature".
    noun = str(tokens[-2])
    one = f"one of {noun}" if noun in bound else one_noun(noun, names)      # "m c": a variable's set
    said = [*(str(w) for w in tokens[:-2] if str(w) not in ("a", "an")), one,
            *source[name.end_pos:where_at].split()]
    return str(name), f'each {" ".join(said)}, in this "where"'


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
