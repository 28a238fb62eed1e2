"""Reading the effect DSL: one cached LALR parser, positions kept on every node."""
from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.indenter import Indenter

START_SYMBOLS = ("script", "condition", "value", "targets", "trigger")


class _Blocks(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR"]
    CLOSE_PAREN_types = ["RPAR"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 4


def grammar_path() -> Path:
    here = Path(__file__).resolve().parent.parent / "grammar" / "effects.lark"
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
    "MUL_OP": "*",
    "LPAR": "(",
    "RPAR": ")",
    "COLON": ":",
    "NOT": '"not"',
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
        return "the end of the line"
    if token.type in ("_INDENT", "_DEDENT"):
        return "a change of indentation"
    if token.type == "$END":
        return "the end of the text"
    return f'"{token}"'


def parse(text: str, start: str = "script") -> Tree:
    """Parse `text` from `start`; raise DslSyntaxError with a designer's message."""
    source = text if start != "script" else text.rstrip() + "\n"
    try:
        return parser().parse(source, start=start)
    except UnexpectedCharacters as e:
        raise DslSyntaxError(f"unexpected character {source[e.pos_in_stream]!r}", e.line, e.column) from None
    except UnexpectedToken as e:
        token = e.token
        line, column = token.line or 1, token.column or 1
        if token.type == "$END" or line is None:
            line, column = _end_position(text)
        message = f"unexpected {_token_text(token)}; expected {_describe_expected(e.expected)}"
        raise DslSyntaxError(message, line, column) from None
    except UnexpectedEOF as e:
        line, column = _end_position(text)
        raise DslSyntaxError(f"the text ends too early; expected {_describe_expected(set(e.expected))}", line, column) from None
    except UnexpectedInput as e:  # any other parse failure still gets a position
        raise DslSyntaxError(str(e).splitlines()[0], getattr(e, "line", 1) or 1, getattr(e, "column", 1) or 1) from None
    except RecursionError:
        raise DslSyntaxError("the text is nested too deeply", 1, 1) from None


def _end_position(text: str) -> tuple[int, int]:
    lines = text.rstrip().split("\n") or [""]
    return len(lines), len(lines[-1]) + 1
