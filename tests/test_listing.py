"""The listing of moves written out for a game's cards (lang/listing.py) offers what
priority.playable's loop over the cards offers, in the same order, at every listing."""
from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine import priority
from cardtable.interpreter.lang import fuse, listing
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.play.batch import games_digest, play_random

ROOT = Path(__file__).resolve().parent.parent
WRITTEN = ["magic54", "pub_magic", "basic_tcg", "crazy_eights", "lane_duel", "stack_duel"]


def game_of(name: str) -> Game:
    return Game(load_pack(name, Report()))


@pytest.fixture
def compared(monkeypatch):
    """Every listing made twice, written out and by playable's loop: what each gave, and
    the tables listed (a table made for a token is another). Packs loaded after it have
    each table's listing checked so."""
    seen = {"listings": 0, "offered": 0, "tables": {}}
    write = listing.write

    def checked(lister):
        def both(s, seat):
            written = lister(s, seat)
            assert written == priority.playable(s, seat)
            seen["listings"] += 1
            seen["offered"] += len(written)
            seen["tables"][id(s.t)] = s.t       # kept: a table gone may leave its id to another
            return written
        both.inner = lister
        return both

    def writing(t, c=None):
        write(t, c)
        if t.lister is not None and not hasattr(t.lister, "inner"):
            t.lister = checked(t.lister)

    monkeypatch.setattr(listing, "write", writing)
    return seen


@pytest.mark.parametrize("name", WRITTEN)
def test_the_written_listing_offers_what_the_loop_offers(name, compared):
    game = game_of(name)
    for seed in range(5):
        play_random(game, seed)
    # Listings that offered something to use, not only the pass of an empty hand.
    assert compared["listings"] > 80 and compared["offered"] > 50


def test_a_token_of_a_kind_there_is_is_listed_by_the_same_function(compared, monkeypatch):
    # Lane Duel's units are tokens made in play: each makes a table of one more card. The
    # first token of a kind is written into a new listing; the next ones keep it, and the
    # next game, from the same deal, finds those written.
    listers = []
    write = listing.write

    def growing(t, c=None):
        write(t, c)
        if c is not None:
            listers[-1].append(getattr(t.lister, "inner", t.lister))
            assert len(t.listed[0]) == len(t.cards) == c + 1

    monkeypatch.setattr(listing, "write", growing)
    game = game_of("lane_duel")
    for seed in range(2):
        listers.append([])
        play_random(game, seed)
    first, second = listers
    assert len(first) > 10 and None not in first and len(set(first)) < len(first) / 5
    assert second and set(second) <= set(first)
    assert len(compared["tables"]) > 20


def test_a_zone_of_too_many_kinds_keeps_the_loop():
    # Magic's pack: nearly every card in hand has abilities of its own.
    t = game_of(str(ROOT / "variants" / "mtg")).new_initial_state(seed=1).s.t
    kinds = {entries and tuple(id(e[4].value[1]) for e in entries) for _, per, _ in t.usable for entries in per}
    assert len(kinds) > listing.MAX_KINDS and t.lister is None


def test_the_written_listing_reads_the_cards_kinds_in_its_text():
    t = game_of("magic54").new_initial_state(seed=1).s.t
    text = t.lister.text
    # A shared condition is computed once a listing, into a local; a cost's count too.
    assert text.startswith("def listing(s, seat):\n    found = []\n") and text.endswith("\n    return found\n")
    assert "w0_ = None" in text and "p1_ = memo.get(" in text
    assert "(s.window == 'combat')" in text        # a condition written in place, not called


def test_switched_off_every_listing_is_the_loops():
    listing.ENABLED[0] = False
    try:
        t = Game(load_pack("magic54", Report())).new_initial_state(seed=1).s.t
    finally:
        listing.ENABLED[0] = True
    assert t.lister is None and t.listed is None


def test_a_condition_whose_text_is_its_own_call_is_called():
    # A function fuse made may stand in its parents' texts as a call of itself (its `src`
    # says so, its own text left out): the listing writes the call, with what it names.
    made = fuse.join(None, "({0}) and ({1})", fuse.leaf(lambda s, env: s.window == "main", "(s.window == 'main')"),
                     fuse.leaf(lambda s, env: not s.pile, "(not s.pile)"))
    assert made.text == made.src.text == "((s.window == 'main')) and ((not s.pile))"
    w = listing._Writer()
    assert w.text(made) == made.text
    name = fuse.fresh()
    fuse.leaf(made, f"{name}(s, env)", {name: made})
    w = listing._Writer()
    assert w.text(made) == f"{name}(s, env)" and w.names == {name: made}


def test_what_a_condition_reads_of_no_card_is_read_once_a_listing():
    # Crazy Eights' rule of what may be played reads the rank of the top card of the
    # discard for each card of a hand: the written listing reads it the first time, then
    # keeps it (fuse.Src.still), as nothing changes while the moves are listed.
    t = game_of("crazy_eights").new_initial_state(seed=1).s.t
    text = t.lister.text
    kept = [line for line in text.split("\n") if line.startswith("    _t") and line.endswith(" = " + line.split()[-1])]
    assert kept and all(line.split()[-1] == kept[0].split()[-1] for line in kept)
    top = "len(_t"
    assert text.count(f" is not {kept[0].split()[-1]} else (") >= 3 and top in text


def test_a_random_number_in_a_condition_is_drawn_for_each_card_listed(tmp_path):
    # A part that draws anew each time it is read is never kept: the listing written out
    # draws as the loop does, and every game is the same with it and without it.
    folder = tmp_path / "c8"
    shutil.copytree(ROOT / "variants" / "crazy_eights", folder)
    pack = folder / "pack.yaml"
    text = pack.read_text(encoding="utf-8")
    old = "        when: window is play and playable\n"
    new = old[:-1] + " and a random number from 1 to 3 > count of cards in your hand - 6\n"
    pack.write_text(text.replace(old, new, 1), encoding="utf-8")
    loaded = load_pack(str(folder), Report())
    written, looped = Game(loaded), Game(dataclasses.replace(loaded, write_listing=None))
    assert written.new_initial_state(seed=0).s.t.lister is not None
    assert looped.new_initial_state(seed=0).s.t.lister is None
    assert games_digest(written, range(6)) == games_digest(looped, range(6))
