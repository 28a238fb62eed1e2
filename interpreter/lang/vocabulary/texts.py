"""Quoted texts with {VALUE} parts: values of the language shown as people read them,
compiled when the pack loads (announce, and the questions of choose and may)."""
from __future__ import annotations

import re

from ...engine import knowledge
from ...engine.script import loop_items
from ...engine.state import PlayerRef
from ...engine.wording import and_list
from .. import dsl
from ..compiler import Compiler, CompileProblem, Scope, Snippet, _pos
from ..static_types import ANY, TEXT

_PART = re.compile(r"\{([^{}]*)\}")


def text_parts(c: Compiler, token, scope: Scope):
    """A quoted text with {VALUE} parts compiled: a function render(s, env, reader) giving the
    text as `reader` (a seat, seats who all read the same line, or None for everyone) may read it, and the cards it names;
    None when the text has no part."""
    text = str(token)[1:-1]
    if "{" not in text and "}" not in text:
        return None
    line, col = _pos(token)
    pieces, at, reads = [], 0, set()
    for m in _PART.finditer(text):
        reads.update(re.findall(r"\w+", m.group(1)))
        pieces.append(text[at:m.start()])
        pieces.append(_part(c, m.group(1), scope, line, col + 1 + m.start(1)))
        at = m.end()
    rest = text[at:]
    brace = min((i for i in (rest.find("{"), rest.find("}")) if i >= 0), default=-1)
    if brace >= 0:
        where = c.snippet.position(line, col + 1 + at + brace) if c.snippet else (line, col)
        c.problems.append(_problem(c, where, 'this "{" is never closed' if rest[brace] == "{" else
                                   'this "}" closes nothing'))
    pieces.append(rest)

    def render(s, env, reader):
        named, out = [], []
        for piece in pieces:
            if isinstance(piece, str):
                out.append(piece)
            else:
                fn, t = piece
                out.append(shown(s, fn(s, env), t, reader, named))
        return "".join(out), named
    render.reads = frozenset(reads)     # the words its parts read: a loop's item it names itself
    return render


def _problem(c, where, message):
    return CompileProblem(c.snippet.file if c.snippet else "", where[0], where[1], message)


def _part(c: Compiler, part: str, scope: Scope, line: int, col: int):
    """One {VALUE}, compiled in the text's scope; its problems are placed inside the quotes."""
    outer = c.snippet
    locate = (lambda ln, cl: outer.position(line, col + cl - 1)) if outer else None
    c.snippet = Snippet(outer.file if outer else "", part, locate)
    try:
        tree = dsl.parse(part, "value")
        return _team_names(*c.expr(tree, scope))
    except dsl.DslSyntaxError as e:
        # "{players where it != taker}": what a selector picks, joined with commas.
        try:
            return _team_names(*c.selector(dsl.parse(part, "targets"), scope))
        except dsl.DslSyntaxError:
            pass
        # A variable named by a word of the language ("{card}") is told where it is named.
        if not dsl.reads_renamed(part, "value", set(filter(c.language_word, scope.vars))):
            c.error(_At(e.line, e.column), e.message)
        return (lambda s, env: None), ANY
    finally:
        c.snippet = outer


def _team_names(fn, t):
    """A team in a text by its players, as "players of" it gives them: "North and South",
    "South" once North is out (teams: "North and South, East and West"); any other value
    as it is."""
    if t.kind not in ("team", "teams"):
        return fn, t

    def names(s, env):
        v = fn(s, env)
        teams = v if isinstance(v, tuple) else () if v is None else (v,)
        return ", ".join(_team_name(s, team) for team in teams) or None
    return names, TEXT


def _team_name(s, team) -> str:
    """A team's players still in the game; all of them for a team none of whose players
    is left (a team kept in a variable), which would else be named by nobody."""
    seats = s.t.team_seats[team]
    return and_list([s.t.players[p].name for p in [p for p in seats if not s.out[p]] or seats])


class _At:
    """A place within a {VALUE} part, for a syntax error."""
    def __init__(self, line, column):
        self.line, self.column = line, column
        self.meta = type("Meta", (), {"empty": False, "line": line, "column": column})()
        self.children = ()


def shown(s, value, t, reader, named: list) -> str:
    """A value as people read it: players and cards by name (a card `reader`, a seat or
    several, may not see is "a card"), effects on the pile by their ability and card,
    words and texts as they are, sets joined with commas, none as nobody or nothing."""
    if value is None:
        return "nobody" if t.kind in ("player", "players") else "nothing"
    if isinstance(value, PlayerRef):
        return value.name
    if type(value) is tuple:
        return ", ".join(shown(s, v, t, reader, named) for v in value) or "nothing"
    if isinstance(value, tuple):        # an effect on the pile (pile.Entry, a named tuple): "Stir of Lurker"
        if type(value.card) is not int:
            return s.card_name(value)       # a player's own ability: "Fireblast of South"
        return f"{value.ability.name} of {_card(s, value.card, reader, named)}"
    if type(value) is int and t.kind in ("card", "cards", "object", "objects"):
        return _card(s, value, reader, named)
    return str(value)


def _card(s, c: int, reader, named: list) -> str:
    """A card by name, or "a card" where `reader` (a seat or several) may not see it."""
    named.append(c)
    readers = (reader,) if type(reader) is int else reader or ()
    return s.t.names[c] if all(knowledge.sees(s, c, r) for r in readers) else "a card"


def asked(c: Compiler, tree, question, scope: Scope, var: str):
    """The question of a choice as its player reads it: "Ann: QUESTION (loop items)", the
    question's {VALUE} parts rendered for them; the statement's words without a question.
    And what the choice was for, as the log says it after what was chosen (activation.log_choice):
    "(QUESTION)", or "as NAME" without a question; for a question with parts, a function
    of (s, env, readers) that renders them as all the seats `readers` may read them."""
    render = text_parts(c, question, scope) if question is not None else None
    if render is None:
        text = str(question)[1:-1] if question is not None else c.source(tree)
        said = f"({text})" if question is not None else f"as {var}"
        return (lambda s, env, p: f"{p.name}: {text}{loop_items(s, p, (), p.seat)}"), said
    reads = render.reads

    def about(s, env, readers):
        return f"({render(s, env, readers)[0]})"
    about.reads = reads
    return (lambda s, env, p: f"{p.name}: {render(s, env, p.seat)[0]}{loop_items(s, p, reads, p.seat)}"), about
