"""Conditions and selectors fused into one function.

A condition of several parts ("active player = you and window is main and no effects
in pile") compiles to a closure a part, each calling the next: a call a part, every
time a player's moves are listed. A closure may carry `src`, the Python expression it
computes over `s` (the state) and `env` (the variables), with the objects that
expression names; `and`, `or`, `not`, comparisons, `any` and `no` join their parts'
expressions into one function made from that text, so the whole condition is one
call; a selector is written out with its tests and its `where` clause in its loop
(selectors._written, `define`). A part without `src` is called from the joined text,
as before.

Only names made here, the operators and the reprs of numbers, texts, true, false and
none are written into the text: a pack's own words are reprs, never code. A text too
long or too deeply nested is not joined (the parts are then called as before).
"""
from __future__ import annotations

import itertools
import re
import threading
from contextlib import contextmanager

_ids = itertools.count()
_BUILTINS = {"type": type, "int": int, "bool": bool, "tuple": tuple, "list": list, "len": len, "any": any}
MAX_DEPTH = 12          # parts joined inside each other; deeper, a part is called
MAX_TEXT = 4000         # characters of one joined text (its marks of lifts included)


class Src:
    """`text`, its `names`, how deep its parts are joined, and `lifts`: parts of the text
    that read nothing of the item a "where" clause tests ("rank of c" in "its rank = rank
    of c"), which a selector's loop computes once (lifted), each with the name the text
    marks it with where it stands (`_marked`) and whether it cannot fail (`fixed`).
    `still`: (name, part) of each part marked that reads nothing of "this", of an item,
    nor draws, beside a part that reads "this" ("rank of top card of discard" in "rank of
    this = rank of top card of discard"), which the listing of moves computes once for all
    the cards it lists (lang/listing.py)."""
    __slots__ = ("text", "names", "depth", "lifts", "still")

    def __init__(self, text: str, names: dict | None = None, depth: int = 0, lifts: tuple = (), still: tuple = ()):
        self.text = text
        self.names = names or {}
        self.depth = depth
        self.lifts = lifts
        self.still = still


MARK = "\u01c2"          # a letter in every name made here, in no text written as itself


def fresh(prefix: str = "_k") -> str:
    return f"{prefix}{MARK}{next(_ids)}"


def literal(value) -> str | None:
    """The text of a value written into the source as itself, or None."""
    if value is None or type(value) in (bool, int) or type(value) is str and MARK not in value:
        return repr(value)
    return None


def constant(value):
    """A closure of a value, with its text: the value itself, or a name for it."""
    text = literal(value)
    names = None
    if text is None:
        text = fresh()
        names = {text: value}
    return leaf(lambda s, env: value, text, names)


def leaf(fn, text: str, names: dict | None = None, lifts: tuple = ()):
    """`fn`, which computes `text`: a leaf its parents may write in place of its call. A
    text with a pack's word that holds the letter of the names made here is not kept."""
    if MARK not in text or MARK not in _NAME.sub("", text):
        fn.src = Src(text, names, lifts=lifts)
    return fn


def fixed(part: str) -> tuple[str, tuple]:
    """`part`, a reading of the state that cannot fail and whose value before the loop
    reads right for every card of a scan ("s.view is None and s.t.controlling": the view
    may be made again during the scan, but then the reading it chose, State.prop or
    layers.controllers, gives what the other would), marked where it stands, and its
    lift: a selector's loop computes it once, before the loop (lifted)."""
    return _marked(part, True)


def item(read: str) -> tuple[str, tuple]:
    """`read`, the reading of the item of a "where" clause ("env['it']"), marked where it
    stands: a selector's loop, which holds the item in `x`, reads `x` there (lifted)."""
    return _marked(read, ITEM)


ITEM = "item"           # the kind of a lift that is the loop's item


def flag(name: str) -> str:
    """`s.t.NAME`, a flag the table takes from its pack once and for all (layered, retyping,
    controlling: state.flags_of), marked where it stands: `settle` writes its value there."""
    return f"(s.t.{name} if True else {fresh('_t')})"


def _marked(part: str, fixed_part) -> tuple[str, tuple]:
    """`part` marked where it stands by a name made here, which a loop finds there and
    only there (a text of the pack, a repr, never holds such a name), and its lift. The
    mark costs nothing: Python compiles "(PART if True else NAME)" as PART alone."""
    name = fresh("_t")
    return f"({part} if True else {name})", (name, part, fixed_part)


def function(text: str, names: dict | None = None):
    """The function `lambda s, env: TEXT`, with `names` for the names made here."""
    return _made(text, names or {})


def part(fn) -> tuple[Src, bool]:
    """What a parent writes for `fn` (its own text, or a call of it), and whether it is
    its own text."""
    src = getattr(fn, "src", None)
    if src is not None and src.depth < MAX_DEPTH and len(src.text) < MAX_TEXT:
        return src, True
    name = fresh()
    return Src(f"{name}(s, env)", {name: fn}), False


ENABLED = [True]         # off: every condition keeps its closures (the reference tests compare with)


def join(fallback, template: str, *fns, names: dict | None = None, steady: tuple = (), lifts: tuple = (),
         still: tuple = ()):
    """The parts `fns` joined by `template` ("({0}) and ({1})") and made one function;
    `fallback` (the closure that calls the parts) when no part has a text of its own or
    the text cannot be made. `names`: what else the template names (made by fresh).
    `steady`: the indexes of the parts that read nothing of a "where" clause's item while
    another part does: their texts, where written in place, are lifts of the text.
    `lifts`: those the template itself marks (`fixed`). `still`: the indexes of the parts
    that read nothing of "this" while another part does (Src.still)."""
    if not ENABLED[0]:
        return fallback
    parts = [part(f) for f in fns]
    if not any(own for _, own in parts):
        return fallback
    texts = [p.text for p, _ in parts]
    kept = ()
    for i, (p, own) in enumerate(parts):
        if not own:         # a part called keeps its lifts in its own text
            continue
        if i in steady and _WORTH_LIFTING.search(p.text):
            text, lift = _marked(p.text, False)
            texts[i] = text
            lifts += (lift,)
            kept += (lift[:2],) if i in still else p.still
            continue
        lifts += p.lifts
        if i in still and _WORTH_LIFTING.search(p.text):
            texts[i], lift = _marked(p.text, False)
            kept += (lift[:2],)
        else:
            kept += p.still
    text = template.format(*texts)
    names = dict(names or {})
    for p, _ in parts:
        names.update(p.names)
    try:
        fn = _made(text, names)
    except (SyntaxError, RecursionError, MemoryError, ValueError):
        return fallback
    fn.src = Src(text, names, 1 + max(p.depth for p, _ in parts), lifts, kept)
    return fn


# A part worth computing once a scan reads the state or calls (not a variable or a number).
_WORTH_LIFTING = re.compile(r"\bs\.|\(s, env\)")


def lifted(src: Src, head: list, unset: str, lazy: bool = True, card: bool = False, face_up: bool = False) -> str:
    """`src.text` with each of its lifts computed once in the loop of a selector written
    out (selectors._written): the first time the loop reads it, then kept. `head` gets the
    lines before the loop; `unset` names the value a lift holds before it is computed.
    Lazily, as the clause read each part: one never read is never computed; but a part
    that cannot fail (`fixed`) is computed before the loop, once for all its places, and
    the item (`item`) is the loop's own `x`. Without `lazy`, the parts computed when first
    read are left in place (read for each card). `card`: the loop's item is a card (an
    int) wherever the clause reads it; `face_up`: a face-up one (see known_card)."""
    text = src.text
    before = {}         # a fixed part -> the name it is computed in
    for name, part, fixed_part in src.lifts:
        named = f"({part} if True else {name})"
        if named not in text:
            continue
        if fixed_part is ITEM:
            text = text.replace(named, "x")
        elif fixed_part:
            if part not in before:
                before[part] = name
                head.append(f"    {name} = {part}")
            text = text.replace(named, before[part])
        elif lazy:
            head.append(f"    {name} = {unset}")
            text = text.replace(named, f"({name} if {name} is not {unset} else ({name} := {part}))")
    return known_card(text, face_up) if card else text


_HELD = re.compile(r"(_t" + MARK + r"\d+) := x\)")      # the item itself, nothing read of it


def known_card(text: str, face_up: bool = False) -> str:
    """`text`, read in a loop whose item `x` is a card: a name that holds the item (`(N :=
    x)`) reads `x` itself, and the tests of what the item is answer without looking: it is
    not None, it is an int, and (`face_up`: the loop kept face-up cards only) not face
    down. The tests are found by the name they test, which only this module writes: a
    text of the pack (a literal) never holds one. Python compiles `0 if False else A` as A.
    The card's printed properties are read from `props`, which the loop holds."""
    return _known(text, _HELD.findall(text), "x", "x", face_up, "props")


def _known(text: str, held, read: str, name: str, face_up: bool, props: str | None) -> str:
    """`text` where each name of `held` holds the card `read` (its text), known to be one:
    the name reads `name`, and the tests of None, of an int and (`face_up`) of face down
    answer without looking; its printed properties read from `props`, if given."""
    r = re.escape(read)
    for held_name in dict.fromkeys(held):
        n = re.escape(held_name) + r"(?!\d)"
        text = re.sub(rf"type\({n} := {r}\) is not int", "False", text)
        text = re.sub(rf"type\({n} := {r}\) is int", "True", text)
        text = re.sub(rf"\({n} := {r}\) is None", "False", text)
        text = _answered(text, n, face_up)
        if props is not None:
            text = re.sub(rf"s\.t\.props\[{n}\]", f"{props}[{name}]", text)     # the loop's `props` (selectors._written)
        text = re.sub(rf"\({n} := {r}\)", f"({name})", text)      # in a call's parentheses too
        text = re.sub(n, name, text)
    return text


def _answered(text: str, n: str, face_up: bool) -> str:
    """`text` with the tests of the card named `n` (a pattern) answered: it is an int,
    and (`face_up`) not face down."""
    text = re.sub(rf"type\({n}\) is not int", "False", text)
    text = re.sub(rf"type\({n}\) is int", "True", text)
    return re.sub(rf"s\.face_down\[{n}\]", "False", text) if face_up else text


_THIS = re.compile(r"(_t" + MARK + r"\d+) := env\['this'\]\)")


def known_this(fn):
    """`fn`, a condition of a card's ability, as the listing of moves reads it, where
    "this" is a face-up card (priority.playable passes over face-down ones, and gives
    only cards): read once into a local, `this`, it is neither None nor anything but an
    int, and not face down, without looking. None when `fn` has no text, or its text
    does not read "this" so. Found by the names made here, as known_card's are."""
    src = getattr(fn, "src", None)
    if src is None or not ENABLED[0]:       # the closures, unfused, are the reference
        return None
    held = _THIS.findall(src.text)
    if not held:
        return None
    # Its own text, without lifts: a part it marks may no longer read as written there.
    text = _known(src.text, held, "env['this']", "this", True, None)
    listed = define(f"{LISTED}{text}\n", src.names, "when")
    if listed is not None:
        # What its text names: the listing writes its expression in place (lang/listing.py),
        # from `listed.text`, which settle may answer in part.
        listed.this_names = src.names
        listed.still = src.still        # its parts that read nothing of "this" (Src.still)
    return listed


LISTED = "def when(s, env):\n    this = env['this']\n    return "     # known_this's functions begin so


def define(source: str, names: dict, name: str):
    """The function `name` that `source` defines, with `names` for the names made here;
    None when it cannot be made (the caller keeps its closures)."""
    try:
        return _made(source, names, name)
    except (SyntaxError, RecursionError, MemoryError, ValueError):
        return None


_NAME = re.compile("_[kt]" + MARK + r"\d+")
_CODE: dict = {}         # the text with its names numbered in order -> its compiled code


def _made(text: str, names: dict, defined: str | None = None):
    """The function of `text` (an expression, or the source of the function `defined`).
    Conditions repeat each other's shape across a pack's cards: the text is compiled once
    for each shape (its names numbered in the order they appear), and each condition gets
    its own names."""
    order = {}
    shape = _NAME.sub(lambda m: order.setdefault(m.group(0), f"_{m.group(0)[1]}{len(order)}"), text)
    code = _compiled(shape, defined)
    scope = {"__builtins__": _BUILTINS}
    for old, new in order.items():
        if old in names:
            scope[new] = names[old]
    fn = _function(code, scope, defined)
    fn.text = text          # the text it runs (settle may answer some of its tests)
    made = getattr(_MADE, "made", None)
    if made is not None:
        made.append((fn, order, defined))
    return fn


def _compiled(shape: str, defined: str | None):
    code = _CODE.get(shape)
    if code is None:
        if len(_CODE) > 50_000:     # bounded, whatever packs a process loads
            _CODE.clear()
        code = _CODE[shape] = compile(shape if defined else f"lambda s, env: {shape}", "<condition>",
                                      "exec" if defined else "eval")
    return code


def _function(code, scope: dict, defined: str | None):
    if defined:
        exec(code, scope)  # noqa: S102 (see the module's text)
        return scope[defined]
    return eval(code, scope)  # noqa: S307 (see the module's text)


_MADE = threading.local()   # .made: the functions made while a pack loads, in this thread (collecting)


@contextmanager
def collecting():
    """The functions made meanwhile (each with its text), for `settle` once the pack is built."""
    outer = getattr(_MADE, "made", None)
    _MADE.made = made = []
    try:
        yield made
    finally:
        _MADE.made = outer


# What stands in the way of reading a property as printed (expressions._prop_text), marked
# as a part computed once a scan: a stale view where effects change control, and an effect
# on the property; in a text, or computed before a selector's loop (lifted).
_STANDING = r"(\(s\.view is None and s\.t\.controlling\)|\('\w+' in s\.t\.changing and \(s\.moddelta or s\.t\.layered\)\))"
_MARKED = re.compile(r"\(" + _STANDING + r" if True else _t" + MARK + r"\d+\)")
_LIFTED = re.compile(r"^    (_t" + MARK + r"\d+) = " + _STANDING + r"\n", re.M)
_STALE = "(s.view is None and s.t.controlling)"
_CHANGED = re.compile(r"\('(\w+)' in s")
_FLAG = re.compile(r"\(s\.t\.(\w+) if True else _t" + MARK + r"\d+\)")


def _settled(text: str, flags: dict, answered) -> str:
    """`text` with the flags written and what stands in the way answered (settle)."""
    text = _FLAG.sub(lambda m: repr(bool(flags[m.group(1)])), text)
    return _MARKED.sub(lambda m: "False" if answered(m.group(1)) else m.group(0), text)


def settle(made: list, flags: dict, changing: frozenset) -> None:
    """Once a pack is built, what its effects do is known: the table's `flags` (flag) are
    written in place; and where none changes control (`flags["controlling"]`), or none the
    property read (not in `changing`), nothing stands in the way of reading a card's
    property as printed. Each function made while it loaded (`collecting`) whose text
    reads one of those then has it answered, in place: its code is made again from the
    text settled, with the names it had."""
    def answered(part: str) -> bool:
        return not flags["controlling"] if part == _STALE else _CHANGED.match(part).group(1) not in changing
    for fn, order, defined in made:
        text = fn.text
        settled = _settled(text, flags, answered)
        for name, part in _LIFTED.findall(settled):
            if answered(part):      # computed before the loop: the line goes, the name reads False
                settled = settled.replace(f"    {name} = {part}\n", "")
                settled = re.sub(re.escape(name) + r"(?!\d)", "False", settled)
        if settled != text:
            shape = _NAME.sub(lambda m: order[m.group(0)], settled)
            try:
                fn.__code__ = _function(_compiled(shape, defined), {"__builtins__": _BUILTINS}, defined).__code__
            except (SyntaxError, RecursionError, MemoryError, ValueError):
                continue        # it keeps the code of its text as written, which reads the same
            src = getattr(fn, "src", None)
            if src is not None and src.text == text:
                src.text = settled      # a joined condition's text is what it runs: kept in step
                src.still = tuple((name, _settled(part, flags, answered)) for name, part in src.still)
            if getattr(fn, "still", None):     # known_this's: its parts as its text now reads them
                fn.still = tuple((name, _settled(part, flags, answered)) for name, part in fn.still)
            fn.text = settled
