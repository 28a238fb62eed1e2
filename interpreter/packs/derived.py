"""The `properties` section: the words of word-list properties, and the properties
derived from others, compiled to f(state, card)."""
from __future__ import annotations

from lark import Tree

from ..lang import dsl
from ..lang.compiler import Scope
from ..lang.registry import GLOBALS
from ..lang.static_types import T
from ..suggest import did_you_mean
from .build import Build


def property_words(b: Build) -> None:
    """Each word of a property describes a card ("black", "round"), and a word of a
    property of one word is also a value ("its shape = round"): it must not mean
    anything else."""
    names = b.names
    taken = {**{w: "a card type" for w in names.card_types}, **{w: "a keyword" for w in names.keywords},
             **{w: "a mark" for w in names.marks}, "tapped": "a card state", "untapped": "a card state"}
    for kind in ("zone", "option", "table value", "defined condition"):
        taken.update({w: f"a{'n' if kind[0] in 'aeiou' else ''} {kind}" for w in b.decls.names(kind)})
    taken.update({w: "a name every pack has" for w in GLOBALS})
    for pname, raw in (b.d.get("properties") or {}).items():
        ways = [k for k in ("one_of", "words", "derived") if k in raw]
        if len(ways) > 1:
            b.here(raw, ways[1], f'"{pname}" has both {ways[0]} and {ways[1]}: a property holds one word '
                                 f'(one_of), a list of words (words), or is computed from others (derived)')
            continue
        key = "one_of" if "one_of" in raw else "words"
        table = names.value_words if key == "one_of" else names.property_words
        for k, word in enumerate(raw.get(key) or []):
            if word in taken:
                b.here(raw[key], k, f'"{word}" is already {taken[word]}: a word of "{pname}" must describe cards by itself')
                continue
            taken[word] = f'a word of "{pname}"'
            table[word] = pname
        default = raw.get("default")
        if key == "one_of" and default is not None and default not in raw["one_of"]:
            b.here(raw, "default", f'"{default}" is not a word of "{pname}"{did_you_mean(str(default), raw["one_of"])}')


def derived_properties(b: Build) -> dict:
    """The derived properties, compiled: f(state, card). A property that depends on
    itself, directly or through others, is refused."""
    props_raw = b.d.get("properties") or {}
    b.names.drawing = drawing(b.names, {n: r["derived"] for n, r in props_raw.items() if "derived" in r})
    b.names.of_printed = of_printed(b.names, {n: r["derived"] for n, r in props_raw.items() if "derived" in r})
    out, reads = {}, {}
    for name, raw in props_raw.items():
        if "derived" not in raw:
            continue
        b.comp.reads_props = reads[name] = set()
        with b.comp.noting() as read:
            res = b.compile(b.loaded, raw, "derived", "value", Scope({}, this=T("card"), it=T("card")))
        b.comp.reads_props = None
        b.comp.kept_in_view(read)       # the layers' view keeps derived values
        b.names.derived_reads[name] = frozenset(read)   # what a text reading the property reads
        if res is None:
            continue
        fn, t = res
        if t.kind not in ("number", "any"):
            b.here(raw, "derived", f'the property "{name}" must be a number, but it is {t.word()}')
            continue
        out[name] = _derived_value(fn)
    for name in reads:
        cycle = _loop(reads, name)
        if cycle:
            b.here(props_raw[name], "derived", f'"{name}" is computed from itself ({" -> ".join(cycle)})')
            out.pop(name, None)
    b.flush()
    return out


def drawing(names, texts: dict) -> set:
    """The derived properties whose value may draw a random number: a "where" clause reads
    one anew for each card (Compiler.drawn), as a random number written in it. Told from
    the texts before any compiles: one that draws, or that names a property or a
    definition that does (a word that only looks like one counts too: reading a property
    for each card is never wrong)."""
    trees = {}
    for name, text in texts.items():
        try:
            trees[name] = dsl.parse(str(text), "value")
        except dsl.DslSyntaxError:
            pass            # refused when it compiles
    trees.update({name: tree for name, (tree, _) in names.defines.items()})
    words = {name: _words_and_draws(tree) for name, tree in trees.items()}
    found = {name for name, (_, draws) in words.items() if draws}
    grown = True
    while grown:
        grown = False
        for name, (named, _) in words.items():
            if name not in found and named & found:
                found.add(name)
                grown = True
    return found & set(texts)


# What a text computed from its card's printed properties alone is made of: sums, differences
# and products (arith), numbers, and properties of the card ("mana_value of it", "its cost").
_OF_PRINTED = {"arith", "number", "prop", "prop_of", "it", "this"}


def of_printed(names, texts: dict) -> dict:
    """The derived properties computed from properties of their own card alone, each with
    those properties (Names.of_printed): their texts hold nothing but numbers, the
    arithmetic of them, and properties of `it` or `this` (the card) that are not derived.
    Told from the texts before any compiles; a text that does not parse is left out."""
    found = {}
    for name, text in texts.items():
        try:
            tree = dsl.parse(str(text), "value")
        except dsl.DslSyntaxError:
            continue
        read, plain, stack = set(), True, [tree]
        while stack and plain:
            node = stack.pop()
            if not isinstance(node, Tree):
                continue
            if node.data not in _OF_PRINTED:
                plain = False
            elif node.data in ("prop", "prop_of"):
                word = next((str(x) for x in node.children if not isinstance(x, Tree)), None)
                card = next((x.data for x in node.children if isinstance(x, Tree)), None)
                if card not in ("it", "this") or word not in names.properties or word in names.derived:
                    plain = False
                read.add(word)
            else:
                stack.extend(node.children)
        if plain and read:
            found[name] = frozenset(read)
    return found


def _words_and_draws(tree) -> tuple[set, bool]:
    """The words a parsed text holds, and whether it draws a random number itself."""
    seen, draws = set(), False
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, Tree):
            draws = draws or node.data == "random_number"
            stack.extend(node.children)
        elif node is not None:
            seen.add(str(node))
    return seen, draws


def counted_properties(b: Build) -> dict:
    """Properties that card counters change (a +1/+1 counter adds 1 to power): each
    counter on a card adds its weight, after the effects that set the property."""
    out = {}
    counters = b.d.get("card_counters") or {}
    for name, raw in (b.d.get("properties") or {}).items():
        if "counted" not in raw:
            continue
        if "words" in raw or "one_of" in raw:
            b.here(raw, "counted", f'"{name}" holds words: only a number property is counted from counters')
            continue
        for counter in raw["counted"]:
            if counter not in counters:
                b.at_key(b.loaded, raw["counted"], counter,
                         f'unknown card counter "{counter}"{did_you_mean(counter, counters)}')
        out[name] = tuple(raw["counted"].items())
    return out


def _loop(reads: dict, name: str):
    """The properties from `name` back to itself ([name, ..., name]), or None when it is
    not computed from itself. Each property is looked at once, without recursion: a
    chain of thousands of derived properties, or many that read the same ones, loads
    quickly."""
    path = [name]
    todo = [iter(sorted(reads.get(name, ())))]
    seen = {name}
    while todo:
        dep = next(todo[-1], None)
        if dep is None:
            todo.pop()
            path.pop()
            continue
        if dep == name:
            return path + [dep]
        if dep in seen:
            continue
        seen.add(dep)
        path.append(dep)
        todo.append(iter(sorted(reads.get(dep, ()))))
    return None


def _derived_value(fn):
    def value(s, c):
        return fn(s, {"this": c, "it": c, "you": s.t.players[s.controller[c]]}) or 0
    return value
