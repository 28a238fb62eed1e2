"""The listing of a player's moves, written out as Python for a game's cards.

priority.playable walks, card by card, the entries of the abilities each card may
use (state._entries): a condition, its shared key, a cost read in place, the tests
that remain, the option; each a tuple to unpack and a closure to call. Most cards of
a game share their entries but for the cost's amount and the option (every creature
of a deck is summoned alike), so the cards are sorted into kinds, the same entries
but for those; and for a table one function is written that lists, zone by zone,
each card's kind in place: the conditions and tests that have a text of their own
(fuse) written where they are read, the others called, each shared condition and
each cost's count computed once a listing, as playable does. It gives the options
playable gives, in the same order, computing what playable computes (the tests
compare the two at every listing of every built-in pack).

The text is made of the engine's own words and the texts fuse writes, with names
made there for everything else: a pack's words are never code. Its code is compiled
once for each shape (fuse.define); a table with one more card (a token made in play)
of a kind its zones hold keeps the function (grown).
"""
from __future__ import annotations

import re

from ..engine.priority import players_own
from . import fuse

MAX_KINDS = 12      # kinds of cards in one zone beyond which the listing stays playable's
MIN_STILL = 40      # characters of a part that reads nothing of "this" worth computing once a listing
_UNSET = object()   # what such a part's local holds until the listing first reads it
_HELD = re.compile("_t" + fuse.MARK + r"\d+")     # a name a text holds what it reads in, as it reads
ENABLED = [True]    # off: every listing is playable's (the reference the tests compare with)


def write(t, c: int | None = None) -> None:
    """What a pack's tables call (Pack.write_listing): the listing of table `t` made, or,
    given `c`, grown by the card `c` its table was made from another with."""
    if c is None:
        make(t)
    else:
        grown(t, c)


def make(t, written: dict | None = None) -> None:
    """Sets the table's `lister`, the function `listing(s, seat)` that gives the options
    priority.playable gives, in the same order, or None where the listing stays
    playable's (a zone whose cards are of too many kinds, or a text that cannot be made);
    `listed`, what it reads of each card of each zone (its kind, the amounts and options
    of its entries, or None); and `listing`, the kinds it writes and the functions written
    for the tables made from this one (`written`: those of the table it is made from)."""
    t.lister = t.listed = t.listing = None
    if not ENABLED[0] or not t.usable:
        return
    kinds = {}
    listed = tuple(tuple(_card(entries, kinds) for entries in per) for _, per, _ in t.usable)
    present = tuple(frozenset(e[0] for e in per if e is not None) for per in listed)
    if any(len(there) > MAX_KINDS for there in present):
        return
    zones = tuple(tuple(z for z, _, _ in at) for at in t.usable_at)
    # Every game of a deal starts from its table: the tokens of one game make the tables
    # of the next again, with the same kinds. Each is written once.
    written = {} if written is None else written
    sign = (tuple(kinds), present, zones)
    fn = written.get(sign, False)
    if fn is False:
        if len(written) >= 64:      # bounded, whatever tokens a game makes
            written.clear()
        fn = written[sign] = _written(t, kinds, listed, zones)
    if fn is not None:
        t.lister, t.listed, t.listing = fn, listed, (kinds, present, written)


def _written(t, kinds: dict, listed: tuple, zones: tuple):
    """The function of the listing of a table whose cards are `listed`, or None."""
    shapes = {k: shape for k, shape in kinds.values()}
    w = _Writer()
    body = [w.zone(i, common, per, shapes) for i, ((_, _, common), per) in enumerate(zip(t.usable, listed))]
    zones = w.name(zones)
    head = ["def listing(s, seat):",
            "    found = []",
            "    memo = {}",
            "    env = {'this': None, 'you': s.t.players[seat], '@memo': memo}"]
    if t.pack.player_abilities:
        head.append(f"    {w.name(players_own)}(s, env, found)")
    # Until a card of the game is face down (State.downs), no card is asked whether it is.
    head += ["    zones = s.zones",
            "    downs = s.downs",
            "    down = s.face_down",
            *(["    ctl_ = s.controller"] if any(common for _, _, common in t.usable) else []),
            f"    {''.join(f'z{i}_, ' for i in range(len(body)))}= {zones}[seat]",
            f"    {''.join(f'u{i}_, ' for i in range(len(body)))}= s.t.listed"]
    head += [f"    {v} = None" for v in w.memos] + [f"    {v} = {w.unset}" for v in w.lifted.values()]
    lines = head + [line for lines in body for line in lines] + ["    return found"]
    return fuse.define("\n".join(lines) + "\n", w.names, "listing")


def grown(t, c: int) -> None:
    """The table `t`, made from one with one card fewer (a token made in play): the new
    card's entries are read by the function there is when each is of a kind it writes in
    its zone; else the listing is written again. A table whose listing stays playable's
    keeps it: one more card makes no fewer kinds."""
    if t.lister is None:
        return
    kinds, present, written = t.listing
    kinds = dict(kinds)
    data = [_card(per[c], kinds) for _, per, _ in t.usable]
    if any(e is not None and e[0] not in there for e, there in zip(data, present)):
        make(t, written)
        return
    t.listed = tuple(per + (e,) for per, e in zip(t.listed, data))
    t.listing = (kinds, present, written)


def _card(entries: tuple, kinds: dict):
    """A card's (kind, the amount and option of each entry) in a zone, or None; `kinds`
    gets the card's kind, what its entries share, if it is new."""
    if not entries:
        return None
    # Cards of a type share its abilities, whose entries differ only in the amount of the
    # cost read in place (none where it is 0, which leaves the other tests) and the option:
    # all else an entry holds is the ability's (state._entries, state._requires).
    key = tuple([(id(opt.value[1]), pay is None, len(requires)) for _, _, pay, requires, opt in entries])
    k = kinds.get(key)
    if k is None:
        shape = tuple((when, shared, None if pay is None else (pay[0], pay[1]), requires)
                      for when, shared, pay, requires, _ in entries)
        k = kinds[key] = (len(kinds) + 1, shape)
    data = [k[0]]
    for _, _, pay, _, opt in entries:
        data += [pay[2], opt] if pay is not None else [opt]
    return tuple(data)


class _Writer:
    """Writes the text of the listing: the names it gives the values it reads (`names`)
    and the values computed once a listing (`memos`: shared conditions and counts)."""

    def __init__(self):
        self.names = {}
        self.memos = {}         # local name -> None, in order
        self.shared = {}        # shared key of a condition -> its local
        self.paid = {}          # a cost's key (what pays it) -> the local of its count, the key's name
        self.this = False       # a text written in the zone's loop reads `this`, the card
        self.lifted = {}        # the parts computed once a listing (still), by shape -> the local of each
        self.unset = None       # the name of what they hold until then

    def name(self, value) -> str:
        n = fuse.fresh()
        self.names[n] = value
        return n

    def zone(self, i: int, common: bool, per: tuple, kinds: dict) -> list:
        """The loop over the cards of the i-th zone with abilities, each card's kind found
        in a few comparisons (halving the kinds there are)."""
        there = sorted({e[0] for e in per if e is not None})
        if not there:
            return []
        # A face-down card has no abilities; a card in a shared zone is its controller's to use.
        skip = "e_ is None or downs and down[c_]" + (" or ctl_[c_] != seat" if common else "")
        body = []
        self.this = False
        self._kinds(there, kinds, body, "        ")
        return [f"    for c_ in zones[z{i}_]:",
                f"        e_ = u{i}_[c_]",
                f"        if {skip}:",
                "            continue",
                "        env['this'] = c_"] + (["        this = c_"] if self.this else []) + \
            (["        k_ = e_[0]"] if len(there) > 1 else []) + body

    def _kinds(self, there: list, kinds: dict, lines: list, indent: str) -> None:
        if len(there) == 1:
            pos = 1
            for entry in kinds[there[0]]:
                pos = self.entry(entry, pos, lines, indent)
            return
        half = len(there) // 2
        lines.append(f"{indent}if k_ < {there[half]}:")
        self._kinds(there[:half], kinds, lines, indent + "    ")
        lines.append(f"{indent}else:")
        self._kinds(there[half:], kinds, lines, indent + "    ")

    def entry(self, entry: tuple, pos: int, lines: list, indent: str) -> int:
        """The lines of one entry at `pos` in the card's data; the position after it."""
        when, shared, pay, requires = entry
        tests = []
        if when is not None:
            if shared is not None:
                memo = self.shared.get(shared)
                if memo is None:
                    memo = self.shared[shared] = self._memo("w")
                lines.append(f"{indent}if {memo} is None:")
                lines.append(f"{indent}    {memo} = bool({self.text(when)})")
                tests.append(memo)
            else:
                tests.append(f"({self.text(when)})")
        if pay is not None:
            key, counting = pay
            # A cost's count is kept in a local once read: what can pay is counted once a
            # listing, and a key of the memo, once set, is never set again (costs.can,
            # mana.py), so every reading of it gives the first.
            if key not in self.paid:
                self.paid[key] = (self._memo("p"), self.name(key))
            paid, named = self.paid[key]
            if tests:
                lines.append(f"{indent}if {' and '.join(tests)}:")
                indent += "    "
                tests = []
            lines += [f"{indent}if {paid} is None:",
                      f"{indent}    {paid} = memo.get({named})",
                      f"{indent}    if {paid} is None:",
                      f"{indent}        {paid} = memo[{named}] = {self.text(counting)}"]
            tests.append(f"{paid} >= e_[{pos}]")
            pos += 1
        tests += [f"({self.text(test)})" for test in requires]
        if tests:
            lines.append(f"{indent}if {' and '.join(tests)}:")
            indent += "    "
        lines.append(f"{indent}found.append(e_[{pos}])")
        return pos + 1

    def still(self, text: str, parts: tuple) -> str:
        """`text` with each of its parts that read nothing of "this" (fuse.Src.still)
        computed the first time a listing reads it, then kept: the listing changes nothing,
        so every card reads the same value. A short part is cheaper read again."""
        for name, part in sorted(parts, key=lambda p: -len(p[1])):
            marked = f"({part} if True else {name})"
            if len(part) < MIN_STILL or marked not in text:
                continue
            if self.unset is None:
                self.unset = self.name(_UNSET)
            # The same part in the conditions of several abilities, but for the names of
            # what it holds as it reads, is computed once for them all.
            order = {}
            shape = _HELD.sub(lambda m: order.setdefault(m.group(0), f"_t{len(order)}"), part)
            local = self.lifted.setdefault(shape, name)
            text = text.replace(marked, f"({local} if {local} is not {self.unset} else ({local} := {part}))")
        return text

    def _memo(self, letter: str) -> str:
        name = f"{letter}{len(self.memos)}_"
        self.memos[name] = None
        return name

    def text(self, fn) -> str:
        """What computes `fn(s, env)`: its own text, as fuse made it (and settled it), or a call."""
        names = getattr(fn, "this_names", None)
        text = getattr(fn, "text", "")
        if names is not None and text.startswith(fuse.LISTED) and text.count("\n") == 3:
            # A condition that reads "this" as a face-up card (fuse.known_this): its
            # expression, where the loop holds the card in `this`.
            self.this = True
            self.names.update(names)
            return self.still(text[len(fuse.LISTED):-1], fn.still)
        # Any other text fuse keeps computes fn(s, env) (a joined condition's, settled with it).
        src = getattr(fn, "src", None)
        if src is not None and src.depth < fuse.MAX_DEPTH and len(src.text) < fuse.MAX_TEXT:
            self.names.update(src.names)
            return self.still(src.text, src.still)
        return f"{self.name(fn)}(s, env)"
