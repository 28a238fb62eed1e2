"""A game as it travels to a worker on another machine: the pack by its content (its
texts, checked by their hash when the worker rebuilds it), the options, the number of
players, the decks as card names, the few records of the player's own card files that
those decks use, and the card changes. Nothing in it names a file of this machine.

A worker builds each GameSpec once and keeps the game for the next tasks that bring
the same one (by its key, as Lark keeps a grammar by its hash): a task is a handful
of games, and loading a pack takes longer than a random game.
"""
from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from dataclasses import dataclass, field

from ... import __version__
from ..diagnostics import Report, render
from ..engine.game import Game
from ..packs.changes import changed
from ..packs.files import PackFiles
from ..packs.importing import Source
from ..packs.loader import PackError, load_pack

KEPT = 16     # games a worker keeps built


class SpecError(Exception):
    """A worker could not build the game it was sent; the message says why."""


@dataclass(frozen=True)
class GameSpec:
    files: PackFiles
    options: dict
    players: int
    decks: tuple = ()            # (place, card names) pairs: the decks given instead of the pack's
    sources: tuple = ()          # Sources of the player's card files, cut to the cards the decks use
    changes: tuple = ()          # packs.changes.CardChange
    debug: bool = False
    version: str = __version__
    key: str = field(init=False, compare=False)

    def __post_init__(self):
        text = json.dumps([self.files.sha256, self.options, self.players, [list(d) for d in self.decks],
                           [[s.name, [r.get("name") for r in s.records]] for s in self.sources],
                           [c.as_data() for c in self.changes], self.debug, self.version], default=str)
        object.__setattr__(self, "key", hashlib.sha256(text.encode()).hexdigest())


def spec_of(game: Game, base_pack, decks: dict | None, sources=(), changes=()) -> GameSpec:
    """The spec of `game`, a game of `base_pack` (as loaded, before `changes`) with the
    decks `decks` (before the changes) and the player's card files `sources`."""
    decks = decks or {}
    used = {name for names in decks.values() for name in names}
    cut = tuple(Source(s.name, [r for r in s.records if r.get("name") in used], s.mapping, s.format)
                for s in sources)
    return GameSpec(base_pack.files, dict(game.options), game.num_players,
                    tuple((place, tuple(names)) for place, names in decks.items()), cut, tuple(changes), game.debug)


_BUILT: OrderedDict = OrderedDict()


def build(spec: GameSpec) -> Game:
    """The game of a spec, built from its content on first use and kept."""
    game = _BUILT.get(spec.key)
    if game is None:
        game = _build(spec)
        _BUILT[spec.key] = game
        while len(_BUILT) > KEPT:
            _BUILT.popitem(last=False)
    _BUILT.move_to_end(spec.key)
    return game


def _build(spec: GameSpec) -> Game:
    if spec.version != __version__:
        raise SpecError(f"the worker has cardtable {__version__} and the games were sent by cardtable "
                        f"{spec.version}: install the same version on every machine of the cluster")
    report = Report()
    try:
        pack = load_pack(spec.files, report)
    except PackError:
        raise SpecError("the worker could not load the pack it was sent:\n" + render(report, "text")) from None
    if pack.sha256 != spec.files.sha256:
        raise SpecError(f"the pack's files did not arrive whole: the pack built from them has the hash "
                        f"{pack.sha256[:16]}..., not {spec.files.sha256[:16]}...")
    decks = dict(spec.decks)
    sources = [*spec.sources, *pack.sources.values()]
    for names in decks.values():
        for name in dict.fromkeys(names):
            if name not in pack.cards and (pack.card_maker is None or pack.card_maker.named(name, sources) is None):
                raise SpecError(f'the worker has no card "{name}" for the decks it was sent')
    pack, decks = changed(pack, spec.changes, decks)
    return Game(pack, spec.options, spec.players, decks or None, debug=spec.debug)
