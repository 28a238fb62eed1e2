"""Effect texts made from the DSL's own grammar (grammar/effects.lark): a random
walk over its rules, with a depth limit past which each rule takes its shortest
way out, so every walk ends in a sentence of the language.

Names are drawn from the words a pack declares (zones, properties, counters,
marks, options...) and from a few that no pack declares, so that most texts parse
and many also get past the name checks into the compiler and the game.
"""
from __future__ import annotations

import random

from lark.grammar import NonTerminal, Terminal

from cardtable.interpreter.lang.dsl import START_SYMBOLS, parser

# Words no pack declares: a text that uses them must be refused by name.
STRANGERS = ["zorp", "Hand", "x", "_", "a1", "deckk", "lifee", "THIS", "é"]
NUMBERS = ["0", "1", "2", "3", "7", "10", "99", "1000", "10001", "99999999999999999999", "0007"]
# Places from the top: well written, badly ended, none, and past any number.
ORDINALS = ["1st", "2nd", "3rd", "4th", "11th", "21st", "3th", "0th", "02nd", "99999999999999999999th"]
TEXTS = ['""', '"ok"', '"choose one"', '"a \'quote\'"', '"#not a comment"', '"ü"']


class Grammar:
    """The grammar's rules by name, and the shortest depth each rule can end in."""

    def __init__(self) -> None:
        lark = parser()
        self.rules: dict[str, list[list]] = {}
        for rule in lark.rules:
            self.rules.setdefault(rule.origin.name, []).append(list(rule.expansion))
        self.literals = {t.name: t.pattern.value for t in lark.terminals if t.pattern.type == "str"}
        self.height = self._heights()

    def _heights(self) -> dict[str, int]:
        """The least number of rule steps down to words, for each rule (a fixpoint)."""
        height: dict[str, float] = {name: float("inf") for name in self.rules}
        changed = True
        while changed:
            changed = False
            for name, alternatives in self.rules.items():
                for expansion in alternatives:
                    h = 1 + max((height[s.name] for s in expansion if isinstance(s, NonTerminal)), default=0)
                    if h < height[name]:
                        height[name], changed = h, True
        return height

    def shortest(self, name: str) -> list:
        """The alternatives of a rule that end soonest."""
        def h(expansion):
            return max((self.height[s.name] for s in expansion if isinstance(s, NonTerminal)), default=0)
        alternatives = self.rules[name]
        least = min(h(e) for e in alternatives)
        return [e for e in alternatives if h(e) == least]


_GRAMMAR: Grammar | None = None


def grammar() -> Grammar:
    global _GRAMMAR
    if _GRAMMAR is None:
        _GRAMMAR = Grammar()
    return _GRAMMAR


class Sentence:
    """One walk: the tokens it chose, then laid out as lines with indentation."""

    def __init__(self, rnd: random.Random, names: list[str], max_depth: int):
        self.rnd = rnd
        self.names = names
        self.max_depth = max_depth
        self.g = grammar()
        self.tokens: list[str] = []

    def expand(self, name: str, depth: int) -> None:
        if depth >= self.max_depth:
            expansion = self.rnd.choice(self.g.shortest(name))
        else:
            expansion = self.rnd.choice(self.g.rules[name])
        for symbol in expansion:
            if isinstance(symbol, NonTerminal):
                self.expand(symbol.name, depth + 1)
            else:
                self.tokens.append(self.terminal(symbol))

    def terminal(self, symbol: Terminal) -> str:
        name = symbol.name
        if name in ("_NL", "_INDENT", "_DEDENT"):
            return name
        if name in self.g.literals:
            return self.g.literals[name]
        return self.rnd.choice(_TERMINALS[name](self))

    def text(self) -> str:
        """The tokens as lines: a newline ends a statement, an indent opens a block."""
        out, depth, fresh = [], 0, True
        for token in self.tokens:
            if token == "_NL":
                out.append("\n")
                fresh = True
            elif token == "_INDENT":
                depth += 1
            elif token == "_DEDENT":
                depth -= 1
            else:
                if fresh:
                    out.append("  " * depth)
                elif out and not (token == "'s" or token in ":)" or out[-1].endswith("(")):
                    out.append(" ")
                out.append(token)
                fresh = False
                if self.rnd.random() < 0.02:
                    out.append(" the")
        return "".join(out).lstrip("\n")


_TERMINALS = {
    "NAME": lambda s: s.names if s.rnd.random() < 0.9 else STRANGERS,
    "INT": lambda s: NUMBERS,
    "ORDINAL": lambda s: ORDINALS,
    "STRING": lambda s: TEXTS,
    "COMPARATOR": lambda s: ["<", "<=", "=", "!=", ">=", ">"],
    "ADD_OP": lambda s: ["+", "-"],
    "MUL_OP": lambda s: ["*"],
    "NOT": lambda s: ["not"],
}


def sentence(rnd: random.Random, start: str, names: list[str], max_depth: int | None = None) -> str:
    """A text of the DSL from the start symbol `start` (script, condition, value,
    targets or trigger), its names drawn from `names`."""
    assert start in START_SYMBOLS, start
    walk = Sentence(rnd, names, max_depth if max_depth is not None else rnd.choice([4, 6, 8, 10, 12]))
    walk.expand(start, 0)
    return walk.text()
