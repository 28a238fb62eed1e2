"""From parse trees to closures: the DSL is analysed once, when a pack loads.

Every node becomes a Python closure `f(state, env)`; names are resolved and
types checked here, so a game never walks a tree and a pack with a mistake is
refused before it runs. Problems are collected, not raised, so a designer sees
all of them at once.
"""
from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import NamedTuple

from lark import Token, Tree

from ..engine import limits
from ..engine.model import Source
from ..engine.primitives import teams_in_game
from ..engine.script import Script
from ..suggest import did_you_mean
from . import fuse
from . import dsl, registry
from .static_types import ANY, NUMBER, T


@dataclass
class Names:
    """What the pack declares, as the compiler needs it."""
    zones: dict = field(default_factory=dict)            # name -> ZoneDef
    card_types: set = field(default_factory=set)
    type_order: list = field(default_factory=list)      # card types in the pack's order (bit positions)
    damageable: frozenset = frozenset()
    properties: dict = field(default_factory=dict)       # card property -> default
    derived: set = field(default_factory=set)            # properties computed from others
    drawing: set = field(default_factory=set)            # derived properties that may draw a random number
    derived_reads: dict = field(default_factory=dict)    # derived property -> what its text reads (Compiler.note)
    # derived property -> the properties of its own card it is computed from, where it reads
    # nothing else (sums and products of those and of numbers): a card's value of it is one
    # for all its games while none of those changes (Pack.changing; Table.fixed)
    of_printed: dict = field(default_factory=dict)
    property_words: dict = field(default_factory=dict)   # word -> the word-list property that holds it
    one_of: dict = field(default_factory=dict)           # property of one word -> its words, in order
    value_words: dict = field(default_factory=dict)      # word -> the property of one word that may hold it
    table: dict = field(default_factory=dict)            # table value -> TableDef
    counters: dict = field(default_factory=dict)         # player counter -> CounterDef
    rounds: dict = field(default_factory=dict)           # round -> its level (0: the outermost)
    teams: bool = False                                  # some seat has a team
    players_damaged: bool = False                        # damage: to_players names the counter damage lowers
    replaced: set = field(default_factory=set)           # events the pack's replacements watch (damage, discard...)
    player_counters: set = field(default_factory=set)
    card_counters: set = field(default_factory=set)
    keywords: set = field(default_factory=set)
    marks: set = field(default_factory=set)
    durations: set = field(default_factory=set)
    windows: set = field(default_factory=set)
    options: dict = field(default_factory=dict)          # name -> OptionDef
    defines: dict = field(default_factory=dict)          # name -> (tree, Snippet)
    define_params: dict = field(default_factory=dict)    # name -> its parameters ("extends(meld)": ("meld",))
    scripts: dict = field(default_factory=dict)          # name -> NamedScript (the pack's `scripts:`)
    currencies: dict = field(default_factory=dict)
    roles: dict = field(default_factory=dict)
    phases: set = field(default_factory=set)
    steps: set = field(default_factory=set)
    pile_zone: str | None = None                         # the zone the pile section names: where "effects" are
    damage_kinds: set = field(default_factory=set)       # kinds of damage the pack declares ("deal ... as combat")


@dataclass
class Scope:
    vars: dict                      # name -> T
    this: T | None = None           # the card whose ability this is
    it: T | None = None             # the thing a "where" clause is about
    mode: str = "effect"            # effect | cost | condition | static (a static ability's effect) | replacement (its effect)
    lines: dict = field(default_factory=dict)  # variable -> the line of the file it was bound on
    event: tuple | None = None      # in a triggered ability: (its form, the card types its words name), for "that ..."
    # The texts of an ability that run once a card it names may have left play (its `if`,
    # effect; a triggered ability's `when`): such a card is read as it was there
    # (engine/lastknown.py). "named": what it chose, targeted, picked, "that card"; "this":
    # its own card too (the ability is used or fires from play); "": none.
    looks_back: str = ""
    # In a "where" clause over a set a name holds, in such a text ("pitched where ..."): that
    # name; "it", each card, is read as the object the set named. A new "it" is another's.
    it_of: str = ""
    # A variable first let be none -> (the kind a later line of the text gives it, that
    # line or 0): learnt as the text compiles, read when it compiles again (Compiler.learning).
    kinds: dict = field(default_factory=dict)

    def signature(self) -> tuple:
        """What a text's meaning depends on: the same text in scopes of the same signature
        compiles to the same closures."""
        return (frozenset(self.vars.items()), self.this, self.it, self.mode, self.event, self.looks_back, self.it_of,
                frozenset((k, t) for k, (t, _) in self.kinds.items()))

    def child(self, **changes) -> "Scope":
        s = Scope(dict(self.vars), self.this, self.it, self.mode, dict(self.lines), self.event, self.looks_back,
                  "" if "it" in changes else self.it_of, self.kinds)
        for k, v in changes.items():
            setattr(s, k, v)
        return s


class NamedScript(NamedTuple):
    """A script of the pack's `scripts:` section: its parameters and its parsed text (None
    when it does not parse: its uses are then checked for their values only)."""
    params: tuple
    tree: Tree | None
    snippet: "Snippet"


class Snippet:
    """A DSL text inside a pack file: maps positions in the text to the file."""

    def __init__(self, file: str, text: str, locate=None):
        self.file = file
        self.text = text
        self._locate = locate

    def position(self, line: int, col: int) -> tuple[int, int]:
        if self._locate is None:
            return line, col
        return self._locate(line, col)


class CompileProblem(Exception):
    def __init__(self, file, line, col, message):
        super().__init__(message)
        self.file, self.line, self.col, self.message = file, line, col, message


# Words of the language that are values where a name can stand ("yuo" is "you" misspelt).
_VALUE_WORDS = ("you", "opponent", "this", "it", "none", "true", "false")


class Compiler:
    def __init__(self, names: Names):
        self.names = names
        self.problems: list[CompileProblem] = []
        self.snippet: Snippet | None = None
        self._define_stack: list[str] = []
        # While a definition with parameters is compiled for a call: each parameter -> the
        # value given (closure, type), read where the parameter is (vocabulary/definitions.py).
        self.standing: dict = {}
        self.given: frozenset = frozenset()     # the parameters of the definition compiled for a call
        self.defines_used: set = set()   # the definitions some text reads
        self.defines_told: set = set()   # (file, line, col, message) of each problem told in a definition
        self.scripts_running: list = []  # the named scripts being compiled where they are used, outermost first
        self.scripts_used: set = set()   # the named scripts some text uses
        self.scripts_told: set = set()   # (file, line, col, message) of each problem told in a named script
        self.scripts_own: dict = {}      # named script -> the problems of its own text (vocabulary/scripts.py)
        # Words of the language refused as names where they are named outside the text read
        # now (a named script's parameters, an ability's targets): see parse.
        self.refused: frozenset = frozenset()
        # A definition named by a word of the language ("total(z)", refused where it is
        # defined: sections.define) -> the name of the same length it is read by, so that the
        # texts that read it are checked as they would be had it that name.
        self.renamed_defines: dict = {}
        self.used_this = False    # set when a compiled text reads "this" (its value then depends on the card)
        # Set when a compiled expression reads what changes from card to card of a "where"
        # scan ("it", the item of a total or a choice among, a random number): see _compare.
        self.used_it = False
        self.drawn = False        # set by what draws anew each time it is read (a random number)
        self.in_sum: list = []    # products read whole with the sum they stand in, not checked again (expressions.py)
        # The names of the items of "where" clauses being compiled ("cards c in X where ...":
        # c), and those a clause being compiled reads: each changes from item to item of the
        # scan that names it, as "it" does, so what reads one is not computed once a scan.
        self.items: set = set()
        self.items_read: set = set()
        self.steady = False       # set when a "where" clause computes something once in each scan
        self.reads: set | None = None  # while the pack's checks compile: what they look at (see note)
        self.reads_props: set | None = None  # when a set, the card properties a compiled text reads are added to it
        self.state_reads: set = set()  # what the conditions of state triggers look at (see note)
        self.static_reads: set = set()  # what static abilities look at: what they make of a card follows it
        self.located = False      # set when a compiled text keeps its place (see where)
        self.ends = False         # set when a statement that ends a game (wins, loses, a draw) is compiled
        self.options_read: set = set()  # the options the texts compiled read by name
        # What the texts compiled read of a card as it was before it left play (engine/lastknown.py):
        # "mark:NAME" (a mark).
        self.past_reads: set = set()
        self.value_choices = False  # set when a choice of values (words, numbers, texts) is compiled
        self.ranks = False        # set when a statement that ends a game ranked, or a player's finish, is compiled
        self.listed_texts: list = []  # the texts value choices list, in the order written
        self.layered = False      # set when a continuous effect that applies in layers is compiled
        self.in_checks = False    # while the pack's checks compile: they may not check the rules
        self.retyping = False     # set when one changes card types
        self.controlling = False  # set when one changes who controls a card
        self.statics_timed = False  # set when a static ability reads the phase, step, window or pile (note_time)
        self.statics_tapped = False  # set when a static ability or a derived property reads whether a card is tapped
        self.unbound: dict = {}   # name -> why the text compiled may not read it (a cost's "as fodder", read before it is paid)
        self.targets: dict | None = None  # name -> selector of each target the ability compiled declares (None outside an ability)
        self.changed_props: set = set()  # number properties some statement or effect changes
        self.token_uses: list = []    # (token name, Source) of each "create": checked once the card files are read
        self.ability_uses: list = []  # (ability name, Source) of each "use ABILITY of CARD": checked likewise
        # (text, Source) of each quoted text compared with a card's name: checked once the card files are read
        self.card_names: list = []
        # While a named script or a definition compiles for a use: each parameter given a quoted
        # text -> (that text, where it is written), for the check of card names.
        self.given_texts: dict = {}
        # (text, start, scope) -> (result, names it added to the scope, used_this, ends, options read)
        self._done: dict = {}

    def note(self, what: str) -> None:
        """Record what the text being compiled looks at: "zone:NAME" (the cards of a zone),
        "tapped", "damage", "counter:NAME" (a player counter; "counter:*" any), "mark:NAME",
        "keyword:NAME", "keyed:NAME" (a counter kept per card), "control" (who controls a
        card, read as `you` outside the checks), "turn" (the turn, the active player), or
        "*" for what no change marks (the phase, the window...; not what is noted by name).
        The checks run again after a change only if they look at what changed."""
        if self.reads is not None:
            self.reads.add(what)

    @contextmanager
    def noting(self):
        """What the texts compiled in the block read (see note), in a set of their own that
        the block is given; noted too for a text being compiled around them."""
        outer, self.reads = self.reads, set()
        read = self.reads
        try:
            yield read
        finally:
            self.reads = outer
            if outer is not None:
                outer |= read

    def kept_in_view(self, read: set) -> None:
        """What a static ability or a derived property reads (noting), which the layers'
        view keeps: whether a card's tapping makes it again (Pack.statics_tapped)."""
        self.statics_tapped = self.statics_tapped or "tapped" in read

    def note_time(self, what: str) -> None:
        """Record that the text being compiled reads the phase, step, window or pile
        ("time:phase"...): a layered view that a static ability reading them makes is made
        again as they change. The checks ignore it: what changes them is noted "*"."""
        self.note("time:" + what)

    # ----------------------------------------------------------- problems
    def error(self, node, message: str, needs: str = "") -> None:
        """A problem at `node`; `needs`: the kinds of value the place takes, where it says."""
        source = self.place(node)
        problem = CompileProblem(source.file, source.line, source.col, message)
        if self.given:
            # A parameter's reading refused: the value given is told at the call (definitions.py).
            word = node.children[0] if isinstance(node, Tree) and node.data == "name" else node
            if isinstance(word, Token) and str(word) in self.given:
                problem.param, problem.needs = str(word), needs
        self.problems.append(problem)

    def place(self, node) -> Source:
        line, col = _pos(node)
        file_line, file_col = self.snippet.position(line, col) if self.snippet else (line, col)
        return Source(self.snippet.file if self.snippet else "", file_line, file_col)

    def where(self, node, block=None) -> Source:
        """The place of `node` in its file and its text (up to its `block`, if it has one),
        for a closure that may stop a game to name it. A text that keeps its place is not
        shared with the same text elsewhere (see compile_text)."""
        self.located = True
        at = self.place(node)
        text = _source(self, node)
        if block is not None and self.snippet is not None:
            (line, col), (end, end_col) = _pos(node), _pos(block)
            text = _slice(self.snippet.text, line, col, end, end_col)
        return Source(at.file, at.line, at.col, text.split("\n", 1)[0].strip().rstrip(":").rstrip())

    # -------------------------------------------------------------- entry
    def compile_text(self, snippet: Snippet, start: str, scope: Scope):
        """Parse and compile one DSL text; returns the compiled result or None.

        Cards repeat each other's conditions, targets and statements, so a text already
        compiled in the same context (the same names in scope, the same kind of "this"
        and "it") gives the same closures again, and a script is taken statement by
        statement for this: each is parsed and analysed once, however often it is written.
        """
        try:
            return self._compile_text(snippet, start, scope)
        except RecursionError:
            self.too_deep(snippet)
            return None

    def too_deep(self, snippet: Snippet) -> None:
        line, col = snippet.position(1, 1)
        self.problems.append(CompileProblem(snippet.file, line, col, 'this text is nested too deeply to be read '
                                            '(thousands of "not", brackets or blocks inside each other)'))

    def _compile_text(self, snippet: Snippet, start: str, scope: Scope):
        if start == "script":
            pieces = self._statement_trees(snippet)
            if pieces is not None:
                def statements():
                    before = len(self.problems)
                    ops = []
                    for piece, text, tree in pieces:
                        try:
                            ops.extend(self._compiled(piece, text, start, tree, scope))
                        except RecursionError:
                            self.too_deep(piece)
                    self._once_a_text(before)
                    return Script(ops, scope.vars) if len(self.problems) == before else None
                return self.learning(scope, statements)
        tree = self.parse(snippet, start)
        if tree is None:
            return None

        def whole():
            before = len(self.problems)
            result = self._compiled(snippet, snippet.text, start, tree, scope)
            self._once_a_text(before)
            return result if len(self.problems) == before else None
        return self.learning(scope, whole)

    def learning(self, scope: Scope, compile):
        """`compile()`, a text compiled in `scope`; again if it learnt from a later line the
        kind of a variable first let be none (Scope.kinds), so that the lines before that
        one (in a loop that gives it) read it as of that kind: "let best be none", then "if
        best = none or score of p > score of best: let best be p". What the first reading
        told is forgotten."""
        outer, scope.kinds = scope.kinds, {}     # what another text compiled in the scope learnt is its own
        names, lines = dict(scope.vars), dict(scope.lines)
        problems, tokens, named = len(self.problems), len(self.token_uses), len(self.card_names)
        uses = len(self.ability_uses)
        told = set(self.scripts_told), set(self.defines_told)
        try:
            result = compile()
            if not scope.kinds:
                return result
            del self.problems[problems:], self.token_uses[tokens:], self.card_names[named:], self.ability_uses[uses:]
            self.scripts_told, self.defines_told = told
            scope.vars.clear()
            scope.vars.update(names)
            scope.lines.clear()
            scope.lines.update(lines)
            return compile()
        finally:
            scope.kinds = outer

    def _once_a_text(self, before: int) -> None:
        """A name unknown in a text is said once, where it is first written, with how many
        more places write it: a misnamed variable would else fill the report."""
        seen, kept = {}, []
        for p in self.problems[before:]:
            if not p.message.startswith("unknown name "):
                kept.append(p)
            elif p.message in seen:
                seen[p.message][1] += 1
            else:
                seen[p.message] = [p, 0]
                kept.append(p)
        for first, more in seen.values():
            if more:
                first.message += f" (and {more} more place{'s' if more > 1 else ''} in this text)"
        self.problems[before:] = kept

    def _compiled(self, snippet: Snippet, text: str, start: str, tree, scope: Scope):
        # Not while the checks compile: what a text looks at is noted as it compiles.
        key = (text, start, scope.signature()) \
            if start != "trigger" and self.reads is None and self.reads_props is None else None
        done = self._done.get(key) if key is not None else None
        if done is not None:
            result, added, used_this, ends, options, past, learnt = done
            scope.vars.update(added)
            for word, t in learnt:      # a later line's kind of a variable let be none (see learning)
                scope.kinds.setdefault(word, (t, 0))
            self.used_this = self.used_this or used_this
            self.ends = self.ends or ends
            self.options_read |= options
            self.past_reads |= past
            return result
        self.snippet = snippet
        before, names_before, was, kinds_before = len(self.problems), dict(scope.vars), self.used_this, set(scope.kinds)
        was_located, was_ending, was_reading, was_past = self.located, self.ends, self.options_read, self.past_reads
        self.used_this = self.located = self.ends = False
        self.options_read = set()
        self.past_reads = set()
        if start == "script":
            result = self.block(tree.children, scope)
        elif start in ("condition", "value"):
            result = self.expr(tree, scope)
        elif start == "targets":
            result = self.selector(tree, scope)
        else:
            result = self.node(tree, scope)
        if key is not None and len(self.problems) == before and not self.located:
            added = {k: v for k, v in scope.vars.items() if k not in names_before or names_before[k] != v}
            learnt = tuple((k, t) for k, (t, _) in scope.kinds.items() if k not in kinds_before)
            self._done[key] = (result, added, self.used_this, self.ends, frozenset(self.options_read),
                               frozenset(self.past_reads), learnt)
        self.used_this = was or self.used_this
        self.located = was_located or self.located
        self.ends = was_ending or self.ends
        self.options_read = was_reading | self.options_read
        self.past_reads = was_past | self.past_reads
        return result

    def _statement_trees(self, snippet: Snippet):
        """(its snippet, its text, its tree) for each top-level statement of a script, each
        parsed on its own. None when a statement does not parse by itself."""
        text = snippet.text
        pieces = []
        for first, statement in dsl.statements(text):
            try:
                tree = dsl.parse(statement, "script")
            except dsl.DslSyntaxError:
                return None
            if first == 0 and statement == text.rstrip():
                pieces.append((snippet, statement, tree))
            else:
                locate = lambda line, col, first=first, at=snippet.position: at(line + first, col)  # noqa: E731
                pieces.append((Snippet(snippet.file, statement, locate), statement, tree))
        return pieces or None

    def _read_renamed(self, text: str, start: str):
        """The tree of `text` with each definition named by a word of the language read by
        its new name (renamed_defines), or None when it does not parse so either."""
        if not self.renamed_defines:
            return None
        for word, name in self.renamed_defines.items():
            called = r"\(" if self.names.define_params.get(name) else r"\b"
            text = re.sub(rf"\b{re.escape(word)}(?={called})", name, text)
        try:
            return dsl.parse(text, start)
        except dsl.DslSyntaxError:
            return None

    def parse(self, snippet: Snippet, start: str):
        """The parse tree of one DSL text, or None after recording its syntax errors:
        those of every statement of a script, so that all are shown at once."""
        self.snippet = snippet
        try:
            return dsl.parse(snippet.text, start)
        except dsl.DslSyntaxError as e:
            failed = e
        tree = self._read_renamed(snippet.text, start)
        if tree is not None:
            return tree
        # A variable named by a word of the language is often why a later line does not parse:
        # told where it is named, and a line that would parse had it another name is not told.
        named = [token for token in (dsl.bound_names(snippet.text) if start == "script" else [])
                 if self.language_word(str(token))]
        names = self.refused | {str(token) for token in named}
        errors = dsl.parse_statements(snippet.text, names) if start == "script" else []
        if not errors and not dsl.reads_renamed(snippet.text, start, names):
            errors = [failed]
        errors += [dsl.DslSyntaxError(self.language_word(str(token)), token.line, token.column) for token in named]
        errors.sort(key=lambda error: (error.line, error.column))
        for error in errors:
            line, col = snippet.position(error.line, error.column)
            self.problems.append(CompileProblem(snippet.file, line, col, error.message))
        return None

    def node(self, tree, scope: Scope):
        rule = tree.data if isinstance(tree, Tree) else tree.type
        entry = registry.ENTRIES.get(rule)
        if entry is None:
            self.not_yet(tree)
            return None
        return entry.compile(self, tree, scope)

    def not_yet(self, tree) -> None:
        """A sentence the grammar reads but the vocabulary does not give a meaning yet."""
        self.error(tree, f'"{self.heading(tree)}" is not supported yet')

    # --------------------------------------------------------- statements
    def block(self, statements, scope: Scope) -> tuple:
        ops = []
        for st in statements:
            if st is None:
                continue
            if isinstance(st, Tree) and st.data in ("block", "block_inline"):
                ops.extend(self.block(st.children, scope))
                continue
            entry = registry.ENTRIES.get(st.data)
            if entry is None:
                self.not_yet(st)
                continue
            if entry.kind not in ("statement", "cost"):
                self.error(st, f'"{self.heading(st)}" is not a statement')
                continue
            if scope.mode == "static" and st.data not in STATIC_STATEMENTS:
                self.error(st, f'"{self.heading(st)}" cannot be in a static ability: its effect says what the cards '
                               f'it affects are (increase, set, switch, mark as a keyword, remove a keyword, make a '
                               f'type, gain control)')
                continue
            if scope.mode == "cost" and entry.kind != "cost" and st.data not in COST_STATEMENTS:
                self.error(st, f'"{self.heading(st)}" cannot be a cost: a cost pays mana, taps, discards or sacrifices')
                continue
            if scope.mode != "cost" and entry.kind == "cost":
                self.error(st, f'"{self.heading(st)}" is a cost: write it under "cost"')
                continue
            op = entry.compile(self, st, scope)
            if op is None:
                continue
            if isinstance(op, tuple):
                ops.extend(op)
            else:
                ops.append(op)
        return Script(ops, scope.vars)

    # -------------------------------------------------------- expressions
    def expr(self, tree, scope: Scope):
        if isinstance(tree, Token):
            return self.name(tree, scope)
        entry = registry.ENTRIES.get(tree.data)
        if entry is None:
            self.not_yet(tree)
            return _const(None), ANY
        if entry.kind != "expression":
            self.error(tree, f'"{_source(self, tree)}" is not a value')
            return _const(None), ANY
        return entry.compile(self, tree, scope)

    def expect(self, tree, scope: Scope, kinds: tuple, what: str):
        word = str(tree.children[0]) if isinstance(tree, Tree) and tree.data == "name" else None
        if word is not None and word not in scope.vars and word not in self.standing:
            said = self._misread(word, scope)
            if said is not None:        # "draw this cards": a value of the language, read as a name
                self.error(tree, f'{what} must be {_kinds_word(kinds)}, but "{word}" is {said}', _kinds_word(kinds))
                return _const(None), ANY
            if kinds == ("zone",) and self._unknown(word, scope):
                zones = sorted(self.names.zones)
                self.error(tree, f'"{word}" is not a zone of the pack' + (did_you_mean(word, zones) or
                                                                           f' (its zones: {", ".join(zones)})'))
                return _const(None), ANY
        fn, t = self.expr(tree, scope)
        if t.kind not in kinds and t.kind != "any":
            self.error(tree, f'{what} must be {_kinds_word(kinds)}, but {self.quoted(tree)} is {t.word()}',
                       _kinds_word(kinds))
        return fn, t

    def _unknown(self, word: str, scope: Scope) -> bool:
        """Whether a bare name that is no variable is none of the other names a text may read."""
        return word not in registry.GLOBALS and word not in self.known_names(scope)

    @staticmethod
    def _misread(word: str, scope: Scope) -> str | None:
        """What a word of the language that is a value ("this", "you") holds, where the
        parser read it as a name (a place where a name stands, as "draw N cards")."""
        held = {"this": scope.this, "it": scope.it}.get(word)
        if word == "it" and held is None:
            return None
        return held.word() if held is not None else dsl.VALUE_KINDS.get(word)

    def quoted(self, tree) -> str:
        """A node's text in quotes for a message; a quoted text shows its own quotes."""
        source = _source(self, tree)
        return source if source.startswith('"') else f'"{source}"'

    def name(self, token, scope: Scope):
        """A bare name: a variable, a definition, an option, a global or a zone."""
        word = str(token)
        if word in self.items and word in scope.vars:
            self.used_it = True
            self.items_read.add(word)
            fn = fuse.leaf(lambda s, env, w=word: env[w], f"env[{word!r}]")
            fn.env_key = word       # "rank of c": read in place, as "it" is
            return fn, scope.vars[word]
        if word in scope.vars:
            t = scope.vars[word]
            fn = fuse.leaf(lambda s, env, w=word: env.get(w), f"env.get({word!r})")
            fn.env_var = word         # "rank of c": a property of a variable reads it in place
            return fn, t
        if word in self.standing:
            return self.standing[word]
        if word in self.names.defines:
            params = self.names.define_params.get(word)
            if params:
                self.error(token, f'"{word}" takes {len(params)} value{"s" if len(params) > 1 else ""} '
                                  f'(for {", ".join(params)}): write "{word}({", ".join(params)})" with the values')
                return _const(None), ANY
            return self.defined(token, word, scope)
        if word in self.names.options:
            self.options_read.add(word)
            opt = self.names.options[word]
            kind = {"number": "number", "flag": "bool"}.get(opt.kind, "text")
            return fuse.leaf(lambda s, env, w=word: s.t.options[w], f"s.t.options[{word!r}]"), T(kind)
        if word in registry.GLOBALS:
            if word == "turn":
                self.note("turn")   # a turn beginning is seen (turns.begin_turn)
            elif word != "players":
                self.note("*")      # the phase... and "opponents" of the active player
            if word in ("phase", "step", "window"):
                self.note_time(word)
            if word == "teams" and not self.need_teams(token, '"teams"'):
                return _global(word), ANY       # what reads it is not refused again
            return _global(word), T(registry.GLOBALS[word][0])
        if word in self.names.zones:
            self.note("zone:" + word)
            return _zones_named(word), T("zone")
        if word in self.names.table:
            self.note("*")
            return fuse.leaf(lambda s, env, w=word: s.table[w], f"s.table[{word!r}]"), table_type(self.names.table[word])
        if word in self.names.value_words:
            return _const(word), T("word", of=self.names.value_words[word])
        if word == "leader" and self.names.rounds:
            self.note("*")      # the innermost round's leader
            return (lambda s, env: s.t.players[s.units[-1][1]]), T("player")
        untargeted = self.untargeted(word, scope)
        why = self.unbound.get(word) or untargeted and f'unknown name "{word}": {untargeted}'
        self.error(token, why or f'unknown name "{word}"{did_you_mean(word, self.known_names(scope))}')
        return _const(None), ANY

    def defined(self, node, word: str, scope: Scope, standing: dict | None = None, given: frozenset = frozenset()):
        """The pack's definition `word` compiled where `node` reads it, in the place of its
        text; `standing`: what its parameters stand for there; `given`: its parameters."""
        if word in self._define_stack:
            return _const(None), ANY        # refused where the pack's definitions are read (sections.define)
        tree, snippet = self.names.defines[word]
        self.defines_used.add(word)
        saved, outer, outer_given = self.snippet, self.standing, self.given
        self.snippet, self.standing, self.given = snippet, standing or {}, given
        self._define_stack.append(word)
        try:
            return self.expr(tree, scope)
        finally:
            self._define_stack.pop()
            self.snippet, self.standing, self.given = saved, outer, outer_given

    def need_teams(self, node, what: str) -> bool:
        """A word of teams, refused in a pack whose seats have none: every team would be
        one player, and the rule is surely meant for another pack. Whether it is taken."""
        if not self.names.teams:
            self.error(node, f'{what} reads the teams of the players, and this pack\'s seats have none: give '
                             f'seats a team (players: seats: {{name: ..., team: ...}})')
        return self.names.teams

    def untargeted(self, word: str, scope: Scope, what: str = "SELECTOR", verb: str = "") -> str | None:
        """How to write a target where a text reads one it cannot (other tools' card text
        says "tap target creature", `verb` "tap"): an ability declares it under `targets`,
        a selector of `what`; a text of no ability (a phase's script, setup, rounds,
        checks) has no targets and chooses its card; a named script is given the target
        of the ability that runs it, or chooses its card. None elsewhere."""
        if verb and self.targets and word in self.targets and not self.scripts_running:   # declared: "tap target creature"
            return (f'"{word}" is this ability\'s target, its selector written under "targets:" '
                    f'({word}: {self.targets[word]}); write "{verb} {word}"')
        if word != "target" or word in self.known_names(scope):
            return None
        chosen = f'"choose {"a " + what if verb else "a card in ..."} as picked", then ' + \
            (f'"{verb} picked"' if verb else 'names it "picked"')
        if self.scripts_running:    # a named script: the ability that runs it may give it its target
            script = self.scripts_running[-1]
            given = "..., target" if self.names.scripts[script].params else "target"
            return (f'a named script has no targets; give it the ability\'s target as a parameter (add "target" to '
                    f'its "for:", then write "{script} for {given}"), or have it choose its card: {chosen}')
        if self.targets is None:    # a phase's script, setup, a round's texts, the checks
            return f'only an ability\'s effect has targets (declared under "targets:"); a script chooses its card: {chosen}'
        declared = ", ".join(f'"{t}"' for t in self.targets)
        return (f"this ability's targets are {declared}" if declared else "this ability declares no targets") + \
            f'; declare "target" under "targets:" (targets: {{target: {what}}})' + \
            (f', then write "{verb} target"' if verb else "")

    def bind(self, token, scope: Scope, t: T) -> None:
        """A variable takes a value of kind `t` (let, for each, choose, divide, targets): it
        may not hide a name of the language or of the pack, nor change kind."""
        word = str(token)
        problem = self.hides(word)
        if problem:
            self.error(token, problem)
        old = scope.vars.get(word)
        line = self.place(token).line
        if old is None and t.kind == "none" and word in scope.kinds:
            # "let best be none" read again: it holds the kind a later line gives it, from here on.
            t, line = scope.kinds[word]
            line = line or self.place(token).line
        elif old is not None and old.kind == "none" and t.kind not in ("none", "any"):
            scope.kinds.setdefault(word, (t, line))
        if old is not None and not same_kind(old, t):
            said = scope.lines.get(word)
            self.error(token, f'"{word}" was {old.word()}{f" (line {said})" if said else ""}; '
                              f'it cannot now hold {t.word()}')
        scope.vars[word] = old if old is not None and t.kind == "none" else t
        scope.lines[word] = line

    @contextmanager
    def giving(self, params, given: list):
        """While a named script or a definition compiles for a use: its parameters given a
        quoted text (or a parameter of the one compiling that was given one), with where
        that text is written (given_texts)."""
        texts = {}
        for param, value in zip(params, given):
            data = getattr(value, "data", None)
            if data == "text":
                texts[param] = (str(value.children[0])[1:-1], self.place(value))
            elif data == "name" and str(value.children[0]) in self.given_texts:
                texts[param] = self.given_texts[str(value.children[0])]
        outer, self.given_texts = self.given_texts, texts
        try:
            yield
        finally:
            self.given_texts = outer

    def hides(self, word: str) -> str | None:
        """Why a variable may not be named `word`, or None."""
        n = self.names
        said = self.language_word(word)
        if said:
            return said
        kind = next((k for k in n.card_types if word in (k, k + "s") or (k.endswith("y") and word == k[:-1] + "ies")), None)
        if kind is not None:
            return (f'"{word}" is a card type: a variable named so would change what "{word}" means in the rest of '
                    f'this text ("each {kind} in play" would go through the variable); name it otherwise, e.g. "victim"')
        for what, table in (("a zone", n.zones), ("a round", n.rounds), ("a table value", n.table),
                            ("an option", n.options), ("a definition of the pack", n.defines),
                            ("a name every pack has", registry.GLOBALS)):
            if word in table:
                return (f'"{word}" is {what}: a variable named so would hide it in the rest of this text; '
                        f'name it otherwise')
        return None

    @staticmethod
    def language_word(word: str) -> str | None:
        """Why a variable may not be named `word`, a word of the language, or None."""
        if word.lower() in registry.RESERVED:
            return _reserved(word)
        if word in SELECTOR_NOUNS:
            return (f'"{word}" is a word of selectors: a variable named so would change what "{word}" means in the '
                    f'rest of this text ("each {word} in ..." would go through the variable); name it otherwise')
        if word in dsl.value_words():
            read = next((dsl.simplest(e.syntax) for e in registry.ENTRIES.values() if e.syntax.split()[0] == word),
                        f"{word} ...")
            return (f'"{word}" is a word of the language, which begins a value ("{read}"): a variable named so could '
                    f'not be read where a value stands; name it otherwise')
        return None

    def known_names(self, scope: Scope) -> list:
        n = self.names
        return [*scope.vars, *n.defines, *n.options, *registry.GLOBALS, *n.zones, *n.table, *n.value_words,
                *n.card_types, *n.properties, *n.player_counters, *n.marks, *n.keywords, *_VALUE_WORDS]

    # ---------------------------------------------------------- selectors
    def selector(self, tree, scope: Scope, sets: bool = False):
        """A selector's closure and type. `sets`: what reads it reads sets of cards ("sets of
        cards in show") one set at a time; elsewhere they are refused."""
        entry = registry.ENTRIES.get(tree.data)
        if entry is None:
            self.not_yet(tree)
            return (lambda s, env: ()), ANY
        if entry.kind != "selector":
            self.error(tree, f'"{_source(self, tree)}" does not pick cards or players')
            return (lambda s, env: ()), ANY
        fn, t = entry.compile(self, tree, scope)
        if t.kind == "sets" and not sets:
            said = _source(self, tree)
            self.error(tree, f'"{said}" picks sets of cards, which only "count of", "any", "no", "first of", '
                             f'"last of", "for each" and "let ... be all" read: go through them ("for each g in '
                             f'{said}") to read the cards of each')
            return (lambda s, env: ()), ANY
        return fn, t

    def source(self, tree) -> str:
        return _source(self, tree)

    def constant(self, tree) -> int | None:
        """The value of a number written out in the text ("3", "2 * 500", "-1"), or None
        when it is computed in play."""
        rule = getattr(tree, "data", None)
        if rule == "number":
            return literal(tree.children[0])
        if rule == "neg":
            n = self.constant(tree.children[0])
            return None if n is None else -n
        if rule == "arith":
            kids = tree.children
            values = [self.constant(k) for k in kids[0::2]]
            if None in values or any(abs(v) > limits.NUMBER for v in values):
                return None
            total = values[0]
            for op, v in zip(kids[1::2], values[1:]):
                if op in "/%" and v == 0:
                    return None
                total = {"+": total + v, "-": total - v, "*": total * v}[op] if op in "+-*" else \
                    total // v if op == "/" else total % v
            return total
        return None

    def heading(self, tree) -> str:
        """The first line of a node's text, to quote a statement with a block in a message."""
        first, more, _ = _source(self, tree).partition("\n")
        return first + " ..." if more else first


# Nouns of selectors that a variable must not take the place of.
SELECTOR_NOUNS = frozenset({"card", "cards", "player", "players", "opponent", "opponents", "effect", "effects",
                            "everyone", "teams"})

# Kinds a variable may go on holding: a card may be followed by a player in an "object".
_KIND_GROUPS = ({"card", "player", "object"}, {"cards", "players", "objects"})


def same_kind(a: T, b: T) -> bool:
    """Whether a variable of kind `a` may be bound again to a value of kind `b`."""
    if a.kind in ("none", "any") or b.kind in ("none", "any"):
        return True
    if a.kind == "word" and b.kind == "word":
        return a.of is None or b.of is None or a.of == b.of
    return a.kind == b.kind or any(a.kind in g and b.kind in g for g in _KIND_GROUPS)


def table_type(d) -> T:
    """The static type of a table value or a player counter (TableDef, CounterDef): a
    number, a word of a property, a player or a card."""
    return T("word", of=d.of) if d.kind == "word" else T(d.kind)


COST_STATEMENTS = {"tap", "discard", "sacrifice", "remove_counters", "pay"}
# What a static ability's effect may hold (lang/vocabulary/continuous.py).
STATIC_STATEMENTS = frozenset({"increase", "decrease", "set_value", "mark", "loses_keyword", "loses_keywords",
                               "also_type", "only_type", "switch_values", "gain_control"})


def _kinds_word(kinds: tuple) -> str:
    from .static_types import WORDS
    words = [WORDS.get(k, k) for k in kinds]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _pos(node) -> tuple[int, int]:
    if isinstance(node, Token):
        return node.line or 1, node.column or 1
    meta = getattr(node, "meta", None)
    if meta is not None and not meta.empty:
        return meta.line, meta.column
    for child in getattr(node, "children", ()):
        if child is not None:
            return _pos(child)
    return 1, 1


def _source(compiler: Compiler, node) -> str:
    if isinstance(node, Token):
        return str(node)
    meta = getattr(node, "meta", None)
    text = compiler.snippet.text if compiler.snippet else ""
    if meta is not None and not meta.empty and text:
        return _slice(text, meta.line, meta.column, meta.end_line, meta.end_column).strip()
    return node.data if isinstance(node, Tree) else str(node)


def _slice(text: str, line: int, col: int, end_line: int, end_col: int) -> str:
    lines = text.split("\n")
    if end_line > len(lines):
        # A statement on the text's last line ends after it, at the line break the parser adds.
        end_line, end_col = len(lines), len(lines[-1]) + 1
    if line == end_line:
        return lines[line - 1][col - 1:end_col - 1]
    parts = [lines[line - 1][col - 1:]] + lines[line:end_line - 1] + [lines[end_line - 1][:end_col - 1]]
    return "\n".join(parts)


def literal(token) -> int | None:
    """A number written in a text, or None when it has too many digits to be one (Python
    would refuse to read a long one, and no rule needs more than limits.NUMBER)."""
    text = str(token).lstrip("0") or "0"     # leading zeros count for nothing
    return int(text) if len(text) <= len(str(limits.NUMBER)) else None


def _const(value):
    fn = fuse.constant(value)
    fn.const = value            # what reads it may take the value once, where it is compiled
    return fn


_STATE_READERS = {word: fuse.leaf(eval(f"lambda s, env: s.{word}"), f"s.{word}")  # noqa: S307 (engine words only)
                  for word in ("turn", "phase", "step", "window")}


def _global(word: str):
    if word in _STATE_READERS:
        fn = _STATE_READERS[word]
        fn.state_attr = word    # what compares it may read the state itself, one call fewer
        return fn
    if word == "players":
        return lambda s, env: tuple(s.t.players[p] for p in s.in_game())
    if word == "everyone":
        return lambda s, env: s.t.players
    if word == "opponents":
        return lambda s, env: tuple(s.t.players[p] for p in s.opponents_of(env["you"].seat))
    if word == "teams":
        return lambda s, env: teams_in_game(s)
    raise KeyError(word)


def _zones_named(word: str):
    return fuse.leaf(lambda s, env: s.t.named[word], f"s.t.named[{word!r}]")


def _reserved(word: str) -> str:
    return f'"{word}" is a word of the language and cannot name a variable: name it otherwise'
