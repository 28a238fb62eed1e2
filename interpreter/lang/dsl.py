"""Reading the effect DSL: one cached LALR parser, positions kept on every node."""
from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.indenter import DedentError, Indenter

from ..suggest import suggest
from .registry import ELSEWHERE

START_SYMBOLS = ("script", "condition", "value", "targets", "trigger")


class _Blocks(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR"]
    CLOSE_PAREN_types = ["RPAR"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 4


def grammar_path() -> Path:
    here = Path(__file__).resolve().parents[2] / "grammar" / "effects.lark"
    if here.exists():
        return here
    return Path(str(resources.files("cardtable").joinpath("grammar/effects.lark")))


def grammar_text() -> str:
    return grammar_path().read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def parser() -> Lark:
    # cache=True keeps the built LALR tables on disk, so a second start is fast.
    return Lark(
        grammar_text(),
        parser="lalr",
        start=list(START_SYMBOLS),
        postlex=_Blocks(),
        propagate_positions=True,
        maybe_placeholders=True,
        strict=True,
        cache=True,
    )


class DslSyntaxError(Exception):
    """A DSL text that does not parse; line and column are 1-based within the text."""

    def __init__(self, message: str, line: int, column: int):
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


# Names designers see instead of Lark's terminal names.
_TOKEN_WORDS = {
    "NAME": "a name",
    "INT": "a number",
    "STRING": "a quoted text",
    "_NL": "the end of the line",
    "_INDENT": "an indented block",
    "_DEDENT": "the end of the block",
    "COMPARATOR": "a comparison (<, <=, =, !=, >=, >)",
    "ADD_OP": "+ or -",
    "MUL_OP": "*, / or %",
    "LPAR": '"("',
    "RPAR": '")"',
    "COLON": '":"',
    "NOT": '"not"',
    "ORDINAL": "a place such as 3rd",
    "$END": "the end of the text",
}


def _describe_expected(expected: set[str]) -> str:
    words = set()
    for name in expected:
        if name in _TOKEN_WORDS:
            words.add(_TOKEN_WORDS[name])
            continue
        pattern = parser().get_terminal(name).pattern
        text = getattr(pattern, "value", name)
        words.add(f'"{text}"' if pattern.type == "str" else name.lower())
    ordered = sorted(words)
    if len(ordered) > 8:
        ordered = ordered[:8] + ["..."]
    return ", ".join(ordered)


def _token_text(token: Token) -> str:
    if token.type == "_NL":
        return "end of the line"
    if token.type in ("_INDENT", "_DEDENT"):
        return "a change of indentation"
    if token.type == "$END":
        return "end of the text"
    if token.type == "STRING":
        return f"text {token}"
    return f'"{token}"'


@lru_cache(maxsize=1 << 16)
def parse(text: str, start: str = "script") -> Tree:
    """Parse `text` from `start`; raise DslSyntaxError with a designer's message.

    Cards repeat each other's texts ("fast", "deal 2 damage to target"), so each text
    is parsed once: the same tree serves every place it is written, as positions in a
    tree count from the start of its text and the compiler never changes a tree.
    """
    source = text if start != "script" else text.rstrip() + "\n"
    try:
        return parser().parse(source, start=start)
    except UnexpectedCharacters as e:
        raise DslSyntaxError(f'unexpected character "{source[e.pos_in_stream]}"', e.line, e.column) from None
    except UnexpectedToken as e:
        raise _token_error(text, e, start) from None
    except UnexpectedEOF as e:
        unclosed = _unclosed_paren(text)
        if unclosed:
            raise DslSyntaxError('this "(" is never closed', *unclosed) from None
        line, column = _end_position(text)
        raise DslSyntaxError(f"the text ends too early; expected {_describe_expected(set(e.expected))}", line, column) from None
    except DedentError:
        line, column, indent, levels = _misaligned_line(source)
        open_ = " or ".join(str(n) for n in levels)
        raise DslSyntaxError(f"this line is indented by {indent}, which lines up with no block above it "
                             f"(those are indented by {open_})", line, column) from None
    except UnexpectedInput as e:  # any other parse failure still gets a position
        raise DslSyntaxError(str(e).splitlines()[0], getattr(e, "line", 1) or 1, getattr(e, "column", 1) or 1) from None
    except RecursionError:
        raise DslSyntaxError("the text is nested too deeply", 1, 1) from None


def parse_statements(text: str, names=frozenset()) -> list[DslSyntaxError]:
    """The syntax errors of every statement of a script, not only the first one's.

    A script is cut into its top-level statements (a line at the left margin and the
    lines indented under it), and each is parsed on its own. `names`: variables refused
    where they are named (words of the language); a statement that would parse had they
    other names fails because it reads one, which is told where it is named, not here.
    """
    errors = []
    for first, chunk in statements(text):
        try:
            parse(chunk, "script")
        except DslSyntaxError as e:
            if not reads_renamed(chunk, "script", names):
                errors.append(DslSyntaxError(e.message, e.line + first, e.column))
    return errors


def reads_renamed(text: str, start: str, names) -> bool:
    """Whether `text` parses with each of `names` written as a name of its own length
    (underscores), which no word of the language is."""
    if not names:
        return False
    renamed = re.sub(r"\b(?:" + "|".join(map(re.escape, names)) + r")\b", lambda m: "_" * len(m.group()), text)
    return _reads(renamed, start)


# The statements that name a variable, and whether the name is their first or last name;
# those of _BOUND_LAST name it last, when they name one ("draw a card as drawn").
_BINDING = {"let": 0, "let_all": 0, "for_each": 0, "choose": -1, "choose_listed": -1, "choose_among": -1,
            "choose_number": -1, "choose_order": -1, "choose_set": -1, "divide": -1}
_BOUND_LAST = {"draw", "draw_you", "create", "chosen"}
# The same, read from the text of a statement that does not parse (quoted texts blanked).
_BINDING_TEXT = re.compile(r"\blet\s+(\w+)\s+be\b|\bfor\s+each\s+(\w+)\s+in\b|"
                           r"^\s*(?:\w+\s+)?(?:choose|chooses|divide|draw|draws|create)\b.*?\bas\s+(\w+)", re.M)


def bound_names(text: str) -> list:
    """The names of the variables the statements of a script name (tokens placed in
    the text): from its tree where a statement parses, from its words where not."""
    return [token for _, token in _bound(text)]


def _bound(text: str) -> list:
    """(the statement that binds it, or None where it does not parse; the name's token)
    for each variable the statements of a script name."""
    found = []
    for first, chunk in statements(text):
        try:
            tree = parse(chunk, "script")
        except DslSyntaxError:
            found += [(None, token) for token in _names_in_words(chunk, first)]
            continue
        for node in tree.iter_subtrees_topdown():
            if node.data in _BOUND_LAST:
                names = node.children[-1:]
            elif node.data in _BINDING:
                names = [c for c in node.children if isinstance(c, Token) and c.type == "NAME"]
                names = names[_BINDING[node.data]:][:1]
            else:
                continue
            found += [(node, Token("NAME", str(token), line=token.line + first, column=token.column))
                      for token in names if isinstance(token, Token) and token.type == "NAME"]
    return found


@lru_cache(maxsize=256)
def bindings(text: str) -> dict:
    """Each variable the statements of a script bind -> (how many times; the texts it may
    hold where every binding is a choice of quoted texts, "choose one of", else None)."""
    found: dict = {}
    for node, token in _bound(text):
        count, texts = found.get(str(token), (0, frozenset()))
        items = node.children[1].children if node is not None and node.data == "choose_listed" else ()
        mode = frozenset(str(i.children[0])[1:-1] for i in items if i.data == "text")
        texts = texts | mode if texts is not None and items and len(mode) == len(items) else None
        found[str(token)] = (count + 1, texts)
    return found


def _names_in_words(chunk: str, first: int) -> list:
    blanked = re.sub(r'"[^"\n]*"', lambda m: " " * len(m.group()), chunk)
    found = []
    for m in _BINDING_TEXT.finditer(blanked):
        group = next(g for g in range(1, 4) if m.group(g) is not None)
        at = m.start(group)
        line = blanked.count("\n", 0, at)
        column = at - (blanked.rfind("\n", 0, at) + 1) + 1
        found.append(Token("NAME", m.group(group), line=line + first + 1, column=column))
    return found


# Lines that go on the statement above them rather than start one.
_CONTINUES = re.compile(r"(elif|else)\b")


def statements(text: str):
    """(lines before it, its text) of each top-level statement of a script: a line at
    the left margin with the lines indented under it (and its "elif"/"else" lines)."""
    lines = text.split("\n")
    start = None
    for number, line in enumerate(lines):
        code = line.lstrip()
        if not code or code[0] == "#":
            continue
        if start is None:
            start = number
        elif code is line and not _CONTINUES.match(line):
            yield start, "\n".join(lines[start:number]).rstrip()
            start = number
    if start is not None:
        yield start, "\n".join(lines[start:]).rstrip()


def _code(line: str) -> str:
    """A line with its quoted texts blanked out and its comment cut off, so that brackets
    and colons can be counted; columns are kept."""
    out, quoted = [], False
    for ch in line:
        if ch == "#" and not quoted:
            break
        out.append(" " if quoted or ch == '"' else ch)
        if ch == '"':
            quoted = not quoted
    return "".join(out)


# Places written in words, which "Nth from top" writes with digits: "2nd", not "second".
_PLACE_WORDS = {"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"}


def _block_left_empty(text: str, token) -> tuple | None:
    """Where a line that opens a block (ends with ":") ends, when the token that failed
    begins the next line, no further in than it: the block's lines were not indented."""
    lines = text.split("\n")
    here = lines[token.line - 1] if token.line - 1 < len(lines) else ""
    if here[:token.column - 1].strip():
        return None         # not the first word of its line
    above = next((n for n in range(token.line - 2, -1, -1) if lines[n].strip()), None)
    if above is None or not lines[above].rstrip().endswith(":"):
        return None
    indent = len(lines[above]) - len(lines[above].lstrip())
    return (above + 1, len(lines[above].rstrip()) + 1) if token.column - 1 <= indent else None


def _token_error(text: str, e: UnexpectedToken, start: str) -> DslSyntaxError:
    token = e.token
    if e.expected == {"_INDENT"}:
        before = text[: token.start_pos] if token.type != "$END" and token.start_pos is not None else text
        return DslSyntaxError('expected an indented block under this line, which ends with ":"',
                              *_end_position(before))
    if token.type == "$END" or token.line is None:
        unclosed = _unclosed_paren(text)
        if unclosed:
            return DslSyntaxError('this "(" is never closed', *unclosed)
        line, column = _end_position(text)
        keyword = _keyword_as_name(text, start) or _named_size(text, len(text), line)
        if keyword:
            return keyword
    elif token.type == "_INDENT":
        # The indenter places the token at the end of the line before the indented one.
        line, column = _indented_line_start(text, token.line)
        return DslSyntaxError('this line is indented, but the line above does not end with ":" '
                              "to open a block", line, column)
    else:
        line, column = token.line, token.column
        unclosed = _unclosed_paren(text)
        if unclosed and "RPAR" in e.expected and unclosed <= (line, column):
            return DslSyntaxError('this "(" is never closed', *unclosed)
        opened = _block_left_empty(text, token)
        if opened:
            return DslSyntaxError('expected an indented block under this line, which ends with ":"', *opened)
        keyword = _keyword_as_name(text, start)
        if keyword:
            return keyword
        top = _cards_in_top(text, token) or _number_in_parentheses(text, token, start) or \
            _named_size(text, token.start_pos, token.line)
        if top:
            return top
        if "ORDINAL" in e.expected and (token.type == "INT" or str(token).lower() in _PLACE_WORDS):
            return DslSyntaxError('write a place from the top as a whole number and its ending: 1st, 2nd, 3rd, 4th...',
                                  line, column)
        joined = _or_in_where(text, token)
        if joined is not None:
            return DslSyntaxError('a "where" clause joins its tests with "and"; for "or", put them in parentheses: '
                                  '"where (A or B)"', line, joined)
        possessive = _of_as_subject(text, token)
        if possessive:
            return possessive
        # A misspelt word first: "you gain cotnrol of it" is "control" misspelt, not a gain of life.
        hint = _misspelt(text, token, e.expected, start) or (
            _elsewhere(text, token) or _told_otherwise(text, token) if start == "script" else None)
        if hint:
            return hint
        selector = _selector_without_all(text, token, start)
        if selector:
            return selector
        part = _part_of_word(text, token, e.expected)
        if part:
            return part
    at = len(text) if token.type == "$END" or token.start_pos is None else token.start_pos
    return DslSyntaxError(f"unexpected {_token_text(token)}; expected {_describe_expected(_if_meant(e.expected, text, at))}",
                          line, column)


def _if_meant(expected, text: str, at: int):
    """After "if CONDITION" the parser's state is that of a statement ("if a: ...") and of
    a value ("if a then 1 else 2") alike, which expect ":" and "then": the one meant is
    that of the innermost "if" before `at` not yet given its "then", a statement's where
    it begins its line."""
    if not {"COLON", "THEN"} <= set(expected):
        return expected
    open_ifs = []
    for m in re.finditer(r"\b(if|then)\b", text[:at], re.I):
        if m.group(1).lower() == "if":
            open_ifs.append(m.start())
        elif open_ifs:
            open_ifs.pop()
    if not open_ifs:
        return expected
    statement = not text[text.rfind("\n", 0, open_ifs[-1]) + 1:open_ifs[-1]].strip()
    return set(expected) - ({"THEN"} if statement else {"COLON"})


def _or_in_where(text: str, token: Token) -> int | None:
    """The column of the "or" of a "where" clause the parse failed at, or right after
    ("where it = a or it = b" reads "or it" as a second selector, and fails at "=";
    "where (A) or (B)" and "where any (A) or any (B)" fail at the "(" where a selector
    would begin)."""
    line_start = text.rfind("\n", 0, token.start_pos) + 1
    at = token.start_pos
    if str(token) == "(":
        joined = re.search(r"\bor\s+(?:(?:any|no|not|count|number|total)\s+(?:of\s+)?)?$", text[line_start:at])
        if joined is None:
            return None
        at = line_start + joined.start()
    elif str(token) != "or":
        # "or it = b", "or it is attacking": a selector after "or" (a loop's "cards in a or
        # cards in b") stops at the test.
        joined = re.search(r"\bor\s+(?:its\s+)?\w+\s*$", text[line_start:at])
        if joined is None or not (token.type == "COMPARATOR" or str(token) in ("is", "has", "shares")):
            return None
        at = line_start + joined.start()
    return at - line_start + 1 if _in_where(text, at) else None


# Values that pick one of several ("first of SELECTOR"): never a player's name.
_PICKING = frozenset({"first", "last"})


def _of_as_subject(text: str, token: Token) -> DslSyntaxError | None:
    """The error of a statement whose player is written "left of dealer": "X of Y" is a
    value, and the player who acts is read only as "dealer's left" (which the parse,
    failing at "of", would otherwise report as a misspelt "let"); or "first of (...)",
    which a variable names first."""
    if str(token) != "of":
        return None
    line_start = text.rfind("\n", 0, token.start_pos) + 1
    head = text[line_start:token.start_pos].split()
    after = re.match(r"\s*([a-z_]\w*)", text[token.end_pos:], re.IGNORECASE)
    if len(head) == 1 and head[0].lower() in _PICKING:
        return _picked_as_subject(text, token, head[0], line_start)
    if len(head) != 1 or not head[0].isidentifier() or after is None:
        return None
    word, owner = head[0], after.group(1)
    owner = {"you": "your", "it": "its"}.get(owner.lower(), f"{owner}'s")
    return DslSyntaxError(f'"{word} of {after.group(1)}" cannot begin a statement: write the player who acts '
                          f'as "{owner} {word}"', token.line, text.index(word, line_start) - line_start + 1)


def _picked_as_subject(text: str, token: Token, word: str, line_start: int) -> DslSyntaxError:
    """The error of a statement whose player is a value picked among others ("first of
    (players where ...) leads the next trick"), with the two lines that say it: the value
    named with "let", then the statement begun with the name."""
    line_end = text.find("\n", token.end_pos)
    rest = text[token.end_pos:len(text) if line_end < 0 else line_end]
    depth, end = 0, None
    for k, ch in enumerate(rest):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == ")" and depth == 0:
            end = k + 1
            break
    doing = rest[end:].strip() if end is not None and rest.lstrip().startswith("(") else ""
    how = (f': "let who be {word} of {rest[:end].strip()}", then "who {doing}"' if doing else
           f' ("let who be {word} of ..."), then begin the statement with that name')
    return DslSyntaxError(f'"{word} of ..." is a value and cannot begin a statement, whose player is a name: '
                          f'name the player first{how}', token.line, text.index(word, line_start) - line_start + 1)


def _word_at(text: str, token: Token) -> tuple[int, int] | None:
    """Where the whole word the token is part of begins and ends ("taker" of a "take"
    token); None for a token that is no word."""
    if not str(token)[:1].isidentifier():
        return None
    start = end = token.start_pos
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] == "_"):
        start -= 1
    while end < len(text) and (text[end].isalnum() or text[end] == "_"):
        end += 1
    return (start, end) if text[start:end].isidentifier() else None


# The words of the language a selector may begin with; it begins with a name otherwise.
_NOUNS = frozenset({"card", "cards", "player", "players", "tapped", "untapped", "other", "top"})
# The words that go on a selector after its noun, where a statement's cards would end.
_SELECTOR_GOES_ON = frozenset({"in", "you", "controlled", "adjacent", "where", "'s"})     # "'s": "cards in p's hand"


def _selector_without_all(text: str, token: Token, start: str) -> DslSyntaxError | None:
    """The error of cards picked by a selector where a statement takes cards ("unmark
    cards in your hand as fits" fails at "in"): the text would read past the place it
    failed at with "all" before the selector, one of the few words before that place."""
    if token.type not in ("NAME", "INT") and str(token) not in _SELECTOR_GOES_ON:
        return None
    line_start = text.rfind("\n", 0, token.start_pos) + 1
    for word in reversed(list(re.finditer(r"[a-z_]\w*", text[line_start:token.start_pos], re.I))[-4:]):
        if word.group().lower() in _words() - _NOUNS or word.group().lower() == "the":
            continue
        at = line_start + word.start()
        if _reads(text[:at] + "all " + text[at:], start):
            picked = text[at:token.end_pos].strip()
            return DslSyntaxError(f'"{picked} ..." picks cards or players: write "all" before it ("all {picked} ...") '
                                  f'for the statement to act on each of them', token.line, word.start() + 1)
    return None


def _cards_in_top(text: str, token: Token) -> DslSyntaxError | None:
    """The error of "each card in top 3 cards of deck": "top N cards of ZONE" is itself
    what picks the cards, not a zone they are in."""
    line_start = text.rfind("\n", 0, token.start_pos) + 1
    written = re.search(r"\b(each|all|every)\s+cards?\s+in\s+top\s*$", text[line_start:token.start_pos], re.I)
    bare = re.search(r"\b(of|among)\s+(top)\s*$", text[line_start:token.start_pos], re.I)
    if token.type != "INT" or (written is None and bare is None):
        return None
    if written is None:
        # "number of different suit among top 2 cards of deck": a value reads "top N cards"
        # in parentheses, as any selector but a bare noun phrase.
        words = re.match(r"top\s+\d+\s+cards?\s+of\s+\w+(?:'s\s+\w+)?", text[line_start + bare.start(2):])
        said = words.group(0) if words else f"top {token} cards of ZONE"
        return DslSyntaxError(f'write "top N cards of ZONE" in parentheses here: "({said})"', token.line,
                              bare.start(2) + 1)
    return DslSyntaxError(f'"top {token} cards of ZONE" picks the cards itself: write "all top {token} cards of ..." '
                          f'for them', token.line, written.start() + 1)


def _named_size(text: str, at: int, line: int) -> DslSyntaxError | None:
    """The error of a size of sets that is a name, where the parse failed at `at` on `line`.
    Before "or more" or "or fewer" it is written in parentheses ("sets of (k) or more
    cards"), as "sets of k or cards in hand" could be either of two selectors; and in
    parentheses right after "of" a name is a size, never the cards ("sets of (g)")."""
    said = text[text.rfind("\n", 0, at) + 1:at]
    # "choose a set of k or more cards" fails at "or" itself: read on to "or more".
    ahead = re.match(r"\s*or\s+(?:more|fewer)\b", text[at:])
    more = re.search(r"\b(sets?)\s+(?:\w+\s+)?of\s+([A-Za-z_]\w*)\s+or\s+(more|fewer)\s*$",
                     said + ahead.group() if ahead else said)
    if more is not None:
        sets, name, word = more.groups()
        return DslSyntaxError(f'write a size that is a name in parentheses before "or {word}": "{sets} of ({name}) or '
                              f'{word} ..."', line, more.start(2) + 1)
    cards = [*re.finditer(r"\bsets\s+(?:\w+\s+)?of\s+\((it|[A-Za-z_]\w*)(\)|\s+or\b)", said)]
    if not cards:
        return None
    found, rest = cards[-1], said[cards[-1].end():]
    # Failed right after "(g)" (no cards follow it), or inside "(g or ...)".
    alone = found.group(2) == ")" and re.fullmatch(r"\s*(?:where\b.*)?", rest)
    if not alone and (found.group(2) == ")" or ")" in rest):
        return None
    name = found.group(1)
    return DslSyntaxError(f'in parentheses right after "sets of", "{name}" is the size of the sets ("sets of ({name}) '
                          f'cards in hand"); for the sets of its cards, write "sets of {name}"'
                          f'{"" if alone else f", or name it after the others: (... or {name})"}',
                          line, found.start(1) + 1)


# The words a number of things follows ("draw N cards", "top N cards of", "up to N"): there a
# number worked out from others is written in parentheses.
_COUNTED = re.compile(r"\b(?:draws?|add|remove|create|pay|top|to|chooses?)\s+", re.I)


def _number_in_parentheses(text: str, token: Token, start: str) -> DslSyntaxError | None:
    """The error of "p draws 6 - count of cards in p's hand cards": where a statement counts
    things, a number that is not a plain number or name is written in parentheses. Said
    only where the parentheses, put around some words from the count on, make it read."""
    line_start = text.rfind("\n", 0, token.start_pos) + 1
    line_end = text.find("\n", token.start_pos)
    line_end = len(text) if line_end < 0 else line_end
    line = text[line_start:line_end]
    at = token.start_pos - line_start
    # The number began before the word the parse failed at: "draw 6 - ...", not "draw "x" cards".
    counts = [m.end() for m in _COUNTED.finditer(line, 0, at + 1) if m.end() < at and line[m.end()] != "("]
    if not counts:
        return None
    a = counts[-1]
    for b in [m.start() for m in re.finditer(r"\s", line[at:])] + [len(line) - at]:
        inner = line[a:at + b].strip()
        wrapped = f"{line[:a]}({inner}){line[at + b:]}"
        if inner and _reads(text[:line_start] + wrapped + text[line_end:], start):
            return DslSyntaxError(f'a number worked out from others is written in parentheses here: '
                                  f'"{wrapped.strip()}"', token.line, a + 1)
    return None


def _reads(text: str, start: str) -> bool:
    try:
        parser().parse(text if start != "script" else text.rstrip() + "\n", start=start)
    except (UnexpectedInput, DedentError, RecursionError):
        return False
    return True


def _misspelt(text: str, token: Token, expected, start_symbol: str) -> DslSyntaxError | None:
    """The error of a misspelt word of the language: the word read where the parse
    failed, close to a word expected there ("time" for "times"); or the first word of a
    statement, close to a word that begins one ("shufle stock", read as a player's name
    followed by a verb that is not there). A word is said to be misspelt only where it
    may be a slip of the word suggested and that word mends the statement: "move it into
    your hand" is no misspelt "remove"."""
    bounds = _word_at(text, token)
    if bounds is None:
        return None
    start, end = bounds
    word = text[start:end]
    line_start = text.rfind("\n", 0, start) + 1
    # A word of the language is not misspelt but out of place ("it" is no "sit"): the
    # words expected there are said instead.
    words = _words()
    best = None if word.lower() in words else suggest(word, _expected_words(expected), cutoff=0.75)
    if best and _typo(word, best) and _mends(text, start, end, best, start_symbol):
        return DslSyntaxError(f'unexpected "{word}"; did you mean "{best}"?', token.line, start - line_start + 1)
    first = text[line_start:start].split()
    if len(first) == 1 and first[0].isidentifier():
        head = first[0].lower()
        at = text.index(first[0], line_start)
        starts = _expected_words(_statement_starts())
        best = suggest(first[0], starts, cutoff=0.75) or _unfused(first[0], starts)
        if head in starts or head in ELSEWHERE or (head in words and best and not head.startswith(best)):
            # It begins statements, is another tool's verb ("play" is no "pay": _elsewhere tells
            # it), or is another word than the one suggested ("draws" is "draw").
            best = None
        if best and _typo(first[0], best) and _mends(text, at, at + len(first[0]), best, start_symbol):
            return DslSyntaxError(f'"{first[0]}" begins no statement; did you mean "{best}"?', token.line,
                                  at - line_start + 1)
    return None


def _part_of_word(text: str, token: Token, expected) -> DslSyntaxError | None:
    """The error of a word of the language read as the start of a longer word ("take" of
    "taker"), told as that whole word."""
    bounds = _word_at(text, token)
    if bounds is None or bounds[0] == token.start_pos:
        return None
    start, end = bounds
    column = start - (text.rfind("\n", 0, start) + 1) + 1
    return DslSyntaxError(f'unexpected "{text[start:end]}"; expected {_describe_expected(expected)}', token.line, column)


def _typo(word: str, meant: str) -> bool:
    """Whether `word` may be `meant` mistyped: a slip keeps the first letter ("hand" is
    no "and", "send" no "end")."""
    return word[:1].lower() == meant[:1].lower()


def _mends(text: str, start: int, end: int, word: str, start_symbol: str) -> bool:
    """Whether the statement around text[start:end] parses with `word` written there."""
    if start_symbol == "script":      # the statement alone: another may have mistakes of its own
        line = text.count("\n", 0, start)
        first, chunk = [(first, chunk) for first, chunk in statements(text) if first <= line][-1]
        offset = sum(len(before) + 1 for before in text.split("\n")[:first])
        text, start, end = chunk, start - offset, end - offset
    return _reads(text[:start] + word + text[end:], start_symbol)


def _failed_statement(text: str, token: Token) -> tuple[int, int, str, int]:
    """Where the parse failed, where its line starts, the line's code (_code) and where
    the statement begins in it: after the ":" of an inline block."""
    pos = len(text) if token.start_pos is None else token.start_pos
    line_start = text.rfind("\n", 0, pos) + 1
    line_end = len(text) if text.find("\n", pos) < 0 else text.find("\n", pos)
    code = _code(text[line_start:line_end])
    return pos, line_start, code, code.rfind(":", 0, pos - line_start) + 1


# The players who act, as a statement of another tool names them before its verb.
_SUBJECT = re.compile(r"\s*(?:(?:each|every|all|target)\s+(?:opponent|player)s?|you|opponent)\b", re.I)


def _elsewhere(text: str, token: Token) -> DslSyntaxError | None:
    """The error of a statement written with the verb of another tool ("move it into
    your hand", "you gain 3 life"), which names the statement that does it here
    (registry.ELSEWHERE). The verb is the statement's first word, or its second after
    the player who acts; a word of the language ("add", "gain") is taken for another
    tool's only where the statement has none of the words of its own statement."""
    from .vocabulary import ENTRIES     # importing it registers the statements (it imports this module)
    pos, line_start, code, begin = _failed_statement(text, token)
    said = [(m.start() + begin, m.group().lower()) for m in re.finditer(r"[a-z_]\w*", code[begin:], re.I)]
    read = sum(1 for at, _ in said if at < pos - line_start)     # the words before the one that failed
    words = _words()
    # The player who acts, before the verb: "you", "each opponent", or a name of the pack.
    subject = _SUBJECT.match(code, begin)
    acting = len(subject.group().split()) if subject else int(bool(said) and said[0][1] not in words)
    for k, (at, verb) in [(k, said[k]) for k in sorted({0, acting}) if k < len(said)]:
        key = verb[:-1] if k and verb not in ELSEWHERE and verb.endswith("s") else verb     # "you" "moves"
        meant = ELSEWHERE.get(key)
        if meant is None:
            continue
        ours = verb in words or key in words
        after = code[at + len(verb):].split()[:1]
        amount = bool(after) and (after[0].isdigit() or after[0].lower() in ("a", "an", "one") or after[0][0] == "(")
        if meant.amount is not None and amount != meant.amount:
            return None
        if ours and not meant.unless or {w for _, w in said} & set(meant.unless):
            return None
        if not ours and read > k + 1:
            return None     # the parse went on past it: a name of the pack ("move" a variable)
        ways = "; to ".join(f'{doing} write "{simplest(ENTRIES[rule].syntax)}"'
                            for doing, rule in (meant.counted if amount and meant.counted else meant.ways))
        word = code[at:at + len(verb)]
        own = next((e.syntax for e in ENTRIES.values() if e.kind == "statement" and re.search(rf"\b{key}s?\b", e.syntax)),
                   None) if ours else None
        said_here = f'is only the verb of "{own}":' if own else "is not a statement;"
        message = f'"{word}" {said_here} to {ways}'
        return DslSyntaxError(message, text.count("\n", 0, line_start) + 1, at + 1)
    return None


def _told_otherwise(text: str, token: Token) -> DslSyntaxError | None:
    """The error of a statement that other tools write otherwise ("each player draws a
    card", "untap target creature", "shuffle your discard into your deck"), told with the
    statements written here in its place (OTHERWISE), where they parse."""
    _, line_start, code, begin = _failed_statement(text, token)
    statement = code[begin:].strip()
    told = _rewritten(statement, OTHERWISE)
    if told is None:
        return None
    found, (problem, doing, *written) = told
    column = code.index(statement, begin) + found.start("at" if "at" in found.re.groupindex else 0) + 1
    return DslSyntaxError(f"{problem}; {doing} write {_quoted(written)}", text.count("\n", 0, line_start) + 1, column)


def _rewritten(statement: str, rules) -> tuple | None:
    """The first of `rules` that matches the statement and whose statements in its place
    parse: (its match, (the problem, what to do, each statement written here))."""
    for pattern, told, _ in rules:
        found = pattern.search(statement)
        said = found and told(found)
        if said and all(_reads(w, "script") for w in said[2:]):
            return found, said
    return None


def _quoted(written) -> str:
    """Statements as a message quotes them: "A", then "B"; a block's under its first line."""
    quoted = []
    for w in written:
        head, *under = w.split("\n")
        under = '", then "'.join(u.strip() for u in under)
        quoted.append(f'"{head}" and under it "{under}"' if under else f'"{head}"')
    return ", then ".join(quoted)


def _each_one(found: re.Match) -> tuple | None:
    """ "deal 2 damage to each opponent": the statement names one player, in a loop. What
    one of them does may be written otherwise too ("each opponent discards a card"):
    the loop then holds what is written in its place."""
    whole = found.string
    one = f"{whole[:found.start()]}p{whole[found.end():]}"
    loop = f"for each p in {found['who'].lower()}s:"
    several = f'"{found.group()}" names several players where a statement takes one'
    if _reads(f"{loop} {one}", "script"):
        return several, "for each of them", f"{loop} {one}"
    inner = _rewritten(one, [rule for rule in OTHERWISE if rule[1] is not _each_one])
    if inner is None:
        return None
    problem, doing, *written = inner[1]
    return (f"{several}, and {problem}", re.sub(r"\bp\b", "each of them", doing),
            "\n    ".join([loop, *written]))


def _target(found: re.Match) -> tuple | None:
    """ "untap target creature": the ability declares its target, the effect names it
    (not "target from this": a word of the language goes on the statement)."""
    what, whole = found["what"], found.string
    if what.split()[0].lower() in _words() - {"player", "opponent"}:
        return None
    return (f'"{found.group()}": an ability declares its targets (targets: {{target: {what}}}) and its effect '
            f'names one', "in the effect", f"{whole[:found.start()]}target{whole[found.end():]}")


def _shuffle_into(found: re.Match) -> tuple:
    return ('"shuffle" shuffles a zone', "to shuffle cards into one",
            f"put all cards in {found['source']} into {found['zone']}", f"shuffle {found['zone']}")


def _discards(found: re.Match) -> tuple:
    """ "opponent discards a card": cards are discarded, after the player picks them."""
    who = found["who"]
    you = who.lower() == "you"
    whose = "your" if you else f"{who}'s"
    where = "" if re.search(r"\bin\b", found["what"]) else f" in {whose} ZONE"
    doing = "discard cards of your choice" if you else f"have {who} discard cards of their choice"
    return (f'"{found["at"]}" is said of cards here', f"to {doing}",
            f"{who} {'choose' if you else 'chooses'} {found['what']}{where} as discarded",
            "discard discarded")


# A statement as other tools write it -> (the problem, what to do, then each statement
# written here), told at the group "at" of the pattern, or where it begins; with examples
# for the docs.
OTHERWISE = (
    (re.compile(r"\b(?:each|every|all)\s+(?P<who>opponent|player)s?\b", re.I), _each_one,
     ("deal 3 damage to each opponent", "each opponent discards a card")),
    (re.compile(r"\btarget\s+(?P<what>\w+(?:\s+or\s+\w+)*)", re.I), _target, ("untap target creature",)),
    (re.compile(r"^shuffle\s+(?P<source>.+?)\s+into\s+(?P<zone>.+)$", re.I), _shuffle_into,
     ("shuffle your discard into your deck",)),
    (re.compile(r"^(?P<who>you|opponent|[a-z_]\w*)\s+(?P<at>discards?)\s+(?P<what>.+)$", re.I), _discards,
     ("opponent discards a card",)),
)


def simplest(syntax: str) -> str:
    """A statement's syntax without its optional parts: "put CARDS into ZONE"."""
    return " ".join(re.sub(r"\[[^\]]*\]", "", syntax).split())


def _unfused(word: str, starts: list[str]) -> str | None:
    """Two words of the language written as one ("foreach" for "for each"), or None."""
    for i in range(1, len(word)):
        head, tail = word[:i], word[i:]
        if head in starts and tail in _words():
            return f"{head} {tail}"
    return None


@lru_cache(maxsize=1)
def _words() -> frozenset:
    """Every word of the language."""
    return frozenset(t.pattern.value for t in parser().terminals if _is_word(t.pattern))


def _expected_words(expected) -> list[str]:
    terminals = (parser().get_terminal(name).pattern for name in expected if name.isupper() and name not in _TOKEN_WORDS)
    return [pattern.value for pattern in terminals if _is_word(pattern)]


@lru_cache(maxsize=1)
def _statement_starts() -> frozenset:
    """The terminals a statement may begin with."""
    return frozenset(parser().parse_interactive("", "script").choices())


def _in_where(text: str, at: int) -> bool:
    """Whether `at` is in a "where" clause of its line, outside any parentheses opened in it."""
    line = text[text.rfind("\n", 0, at) + 1:at]
    depth = 0
    for i in range(len(line) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(line[i], 0)
        if depth < 0:
            return False
        if depth == 0 and re.match(r"\bwhere\b", line[i:]) and (i == 0 or not line[i - 1].isalnum()):
            return True
    return False


def _keyword_as_name(text: str, start: str) -> DslSyntaxError | None:
    """The error of a word of the language written where it was meant as a name: the
    text would have gone on had the word been a name ("deal 2 damage to first")."""
    ip = parser().parse_interactive(text if start != "script" else text.rstrip() + "\n", start)
    read = []               # (the parser before it, the token) of the last tokens read
    try:
        for token in ip.iter_parse():
            read = [*read[-2:], (ip.copy(), token)]
        ip.feed_eof()
        return None
    except UnexpectedToken as e:
        failed = e.token
    except UnexpectedInput:
        return None
    if read and read[-1][1] is failed:
        read.pop()
    if not read:
        return None
    before, word = read[-1]
    if word.type not in _keywords() or "NAME" not in before.choices():
        return None
    try:                    # had the word been a name, would the text go on?
        before.feed_token(Token.new_borrow_pos("NAME", str(word), word))
        if failed.type == "$END":
            before.feed_eof()
        else:
            before.feed_token(failed)
    except UnexpectedInput:
        return None
    held = VALUE_KINDS.get(str(word))
    if held and len(read) > 1 and str(read[-2][1]) in ("into", "onto"):
        return DslSyntaxError(f'the place after "{read[-2][1]}" must be a zone, but "{word}" is {held}',
                              word.line, word.column)
    return DslSyntaxError(f'"{word}" is a word of the language and cannot name a variable here',
                          word.line, word.column)


# What the words of the language that are values hold, for a message where one stands for a name.
VALUE_KINDS = {"you": "a player", "opponent": "a player", "this": "a card", "it": "a card"}


@lru_cache(maxsize=1)
def value_words() -> frozenset:
    """The words that begin a value ("top card of ...", "card k of ...") or a selection
    ("sets of ..."): a variable of one of these names could not be read where a value stands."""
    return frozenset(parser().get_terminal(name).pattern.value for name in _keywords())


@lru_cache(maxsize=1)
def _keywords() -> frozenset:
    """The words of the language that begin a value ("first", "top", "count", "next"...):
    those a designer may have meant as a variable. Glue words ("in", "of") are not."""
    starts = {*parser().parse_interactive("", "value").choices(), *parser().parse_interactive("", "targets").choices()}
    return frozenset(name for name in starts if name.isalpha() and name.isupper() and _is_word(parser().get_terminal(name).pattern))


def _is_word(pattern) -> bool:
    return pattern.type == "str" and re.fullmatch(r"[a-z]+", pattern.value, re.I) is not None


def _unclosed_paren(text: str) -> tuple[int, int] | None:
    """Where the first "(" that nothing closes is, if any."""
    open_at = []
    for number, line in enumerate(text.split("\n"), 1):
        for column, ch in enumerate(_code(line), 1):
            if ch == "(":
                open_at.append((number, column))
            elif ch == ")" and open_at:
                open_at.pop()
    return open_at[0] if open_at else None


def _indented_line_start(text: str, line: int) -> tuple[int, int]:
    lines = text.split("\n")
    for number in range(line, len(lines)):
        code = _code(lines[number])
        if code.strip():
            return number + 1, len(code) - len(code.lstrip(" \t")) + 1
    return line, 1


def _misaligned_line(text: str) -> tuple[int, int, int, list[int]]:
    """The first line whose indentation matches no open block, as the indenter sees it:
    its line, column and indentation, and the indentations of the open blocks."""
    levels = [0]
    depth = 0
    for number, line in enumerate(text.split("\n"), 1):
        code = _code(line)
        if code.strip() and depth <= 0:
            lead = line[: len(line) - len(line.lstrip(" \t"))]
            indent = len(lead) + (_Blocks.tab_len - 1) * lead.count("\t")
            if indent < levels[-1] and indent not in levels:
                return number, len(lead) + 1, indent, levels
            while indent < levels[-1]:
                levels.pop()
            if indent > levels[-1]:
                levels.append(indent)
        depth += code.count("(") - code.count(")")
    return 1, 1, 0, levels


def _end_position(text: str) -> tuple[int, int]:
    """Just after the last thing written (comments and blank lines do not count)."""
    lines = text.split("\n")
    for number in range(len(lines), 0, -1):
        code = _code(lines[number - 1]).rstrip()
        if code:
            return number, len(code) + 1
    return 1, 1
