"""Conditions fused into one function (interpreter/lang/fuse.py) compute what their
closures compute: every built-in pack plays the same games with and without fusing,
and a pack's texts are written into the fused source only as values, never as code."""
from __future__ import annotations

import re
import shutil
from types import SimpleNamespace
from pathlib import Path

import pytest
import yaml

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.evaluation import evaluate
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.lang import fuse
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.packs.scenario import position
from cardtable.interpreter.play.batch import games_digest

ROOT = Path(__file__).resolve().parent.parent


def load(pack: str, fused: bool):
    fuse.ENABLED[0] = fused
    try:
        return Game(load_pack(pack, Report()))
    finally:
        fuse.ENABLED[0] = True


@pytest.mark.parametrize("pack", ["magic54", "pub_magic", "basic_tcg", "crazy_eights", "go_fish", "hearts",
                                  "lane_duel", "stack_duel", "mtg"])
def test_a_pack_plays_the_same_games_with_its_conditions_fused_or_not(pack):
    assert games_digest(load(pack, True), range(4)) == games_digest(load(pack, False), range(4))


def test_fusing_joins_the_parts_of_a_condition_into_one_function():
    def summon(game):
        return next(ab for ab in game.pack.cards["Jack of Hearts"].abilities if ab.name == "Summon").when
    fused = summon(load("magic54", True))
    assert fused.src.text == ("(((s.t.players[s.active]) == (env['you']))) and ((s.window == 'main')) "
                              "and ((not (bool(s.pile))))")
    assert getattr(summon(load("magic54", False)), "src", None) is None


# Texts a pack may compare with: quotes, braces, backslashes and the letter of the
# fused source's own names are values there, never code.
TEXTS = ["Seven of Hearts", "Seven of Hearts') or (1", "a {0} } { b", "\u01c2 _k\u01c21 _t\u01c22 _k0", "a\\b"]


@pytest.mark.parametrize("text", TEXTS)
def test_a_text_of_the_pack_is_a_value_in_the_fused_source(tmp_path, text):
    folder = tmp_path / "c8"
    shutil.copytree(ROOT / "variants" / "crazy_eights", folder)
    pack_file = folder / "pack.yaml"
    head = pack_file.read_text(encoding="utf-8").split("evaluation:")[0]
    # A quoted name no card has is refused (tests/test_quoted_texts.py): the others are compared with a text of the game.
    said = "name of it" if text == "Seven of Hearts" else "window"
    value = f'count of (cards in your hand where ({said} = "{text}" or its rank = ace))'
    pack_file.write_text(head + yaml.safe_dump({"evaluation": {"x": {"value": value, "weight": 1}}}, allow_unicode=True),
                         encoding="utf-8")
    game = Game(load_pack(str(folder), Report()))
    state = position(game, {"turn": 2, "active": "Ann", "phase": "play", "table": {"suit_to_follow": "hearts"},
                            "shared": {"stock": ["Two of Spades"], "discard": ["Nine of Hearts"]},
                            "players": [{"zones": {"hand": ["Seven of Hearts", "Ace of Clubs", "Eight of Clubs"]}},
                                        {"zones": {"hand": ["Five of Diamonds"]}}]})
    assert evaluate(state.s, 0) == (2 if text == "Seven of Hearts" else 1)


def crazy_eights_valuing(tmp_path, value: str, old: str = "", new: str = "") -> Game:
    """Crazy Eights valuing a position by `value` alone, its pack.yaml's `old` made `new`."""
    folder = tmp_path / "c8"
    shutil.copytree(ROOT / "variants" / "crazy_eights", folder)
    pack_file = folder / "pack.yaml"
    head = pack_file.read_text(encoding="utf-8").split("evaluation:")[0].replace(old, new)
    pack_file.write_text(head + yaml.safe_dump({"evaluation": {"x": {"value": value, "weight": 1}}}, width=1000),
                         encoding="utf-8")
    return Game(load_pack(str(folder), Report()))


POSITION = {"turn": 2, "active": "Ann", "phase": "play", "table": {"suit_to_follow": "hearts"},
            "shared": {"stock": ["Two of Spades"], "discard": ["Nine of Hearts"]},
            "players": [{"zones": {"hand": ["Seven of Hearts", "Ace of Clubs", "Eight of Clubs"]}},
                        {"zones": {"hand": ["Five of Diamonds"]}}]}


@pytest.mark.parametrize("value, expected", [
    # "any" stops at the Ace, the second card; "its suit" then reads the outer card again.
    ("count of (cards in your hand where any (cards in your hand where its rank = ace) and its suit = hearts)", 1),
    ("count of (cards in your hand where no (cards in your hand where its rank = king) and its suit = clubs)", 2),
    ("count of (cards in your hand where ((any (cards in your hand where its rank = king)) or its suit = hearts))", 1),
    # Named by who controls them: a player controls the cards in their hand.
    ("count of (cards in your hand where no (cards you control in your hand where its rank = king))", 3),
    ("count of (cards in your hand where no (cards you control in your hand where its rank = ace))", 0),
    # A card's zone, a player's zone, a zone's top card and emptiness, written in place.
    ("count of (cards in your hand where it is in your hand)", 3),
    ("count of (players where top card of discard is in discard)", 2),
    ("count of (players where top card of discard is not in its hand)", 2),
    ("count of (players where top card of stock is in discard)", 0),
    ("count of (players where its hand is empty)", 0),
    ("count of (players where discard is empty)", 0),
    ("count of (players where its hand is not empty)", 2),
    ("count of (players where stock is not empty and rank of top card of discard = nine)", 2),
    # A scan that keeps every card it meets takes each zone whole: its length, its cards, whether it has any.
    ("count of cards in your hand", 3),
    ("count of cards in hand", 4),
    ("count of (players where any cards in discard)", 2),
    ("count of (players where no cards in stock)", 0),
    ("count of (players where no cards in its hand)", 0),
    ("total penalty of cards in your hand", 58),       # the Seven 7, the Ace 1, the Eight 50
    # A card's name, written in place.
    ("count of (cards in your hand where name of it = \"Ace of Clubs\")", 1),
    ("count of (players where name of top card of discard = \"Nine of Hearts\")", 2),
])
def test_conditions_read_the_same_written_in_place_or_called(tmp_path, value, expected):
    state = position(crazy_eights_valuing(tmp_path, value), POSITION)
    assert evaluate(state.s, 0) == expected
    fuse.ENABLED[0] = False
    try:
        called = crazy_eights_valuing(tmp_path / "called", value)
    finally:
        fuse.ENABLED[0] = True
    assert evaluate(position(called, POSITION).s, 0) == expected


@pytest.mark.parametrize("value, expected", [
    ("count of (cards in your hand where double of it > 14)", 1),      # the Eight (100), not the Seven (14)
    ("count of (cards in your hand where double of it = 2)", 1),       # the Ace
    ("total double of cards in your hand", 116),
])
def test_a_derived_property_reads_the_same_written_in_place_or_called(tmp_path, value, expected):
    seen = []
    for fused in (True, False):
        folder = tmp_path / str(fused)
        folder.mkdir()
        fuse.ENABLED[0] = fused
        try:
            game = crazy_eights_valuing(folder, value, "properties:\n",
                                        "properties:\n  double: {derived: penalty of it * 2}\n")
        finally:
            fuse.ENABLED[0] = True
        seen.append(evaluate(position(game, POSITION).s, 0))
    assert seen == [expected, expected]


def test_a_part_computed_once_a_scan_is_lifted_where_it_stands_and_never_in_a_text_of_the_pack():
    # A pack's text that holds the same characters as a part read once a scan stays a value.
    steady = fuse.leaf(lambda s, env: s.table["k"], "s.table['k']")
    said = fuse.constant("s.table['k']")
    fn = fuse.join(None, "(({0}) == ({1}))", said, steady, steady=(1,))
    head = []
    text = fuse.lifted(fn.src, head, "_unset")
    assert text.count(repr("s.table['k']")) == 1
    assert len(head) == 1 and head[0].endswith(" = _unset")
    name = head[0].split()[0]
    assert text == f"((\"s.table['k']\") == (({name} if {name} is not _unset else ({name} := s.table['k']))))"


@pytest.mark.parametrize("pack", ["magic54", "hearts", "go_fish", "mtg"])
def test_every_selector_a_built_in_pack_writes_out_is_made(monkeypatch, pack):
    # A written selector that cannot be made keeps its closures, the same games but slower:
    # none of a built-in pack's may fall back so, unnoticed.
    made, failed = [], []

    def define(source, names, name):
        fn = original(source, names, name)
        (made if fn is not None else failed).append(source)
        return fn
    original = fuse.define
    monkeypatch.setattr(fuse, "define", define)
    load(pack, True)
    assert made and failed == []


M = fuse.MARK


def test_in_a_loop_over_cards_a_name_that_holds_the_item_reads_the_loops_card():
    damage = (f"(0 if (_t{M}5 := x) is None else ((s.damage[_t{M}5] if type(_t{M}5) is int else 0) "
              f"if not s.pending else _k{M}6(s, _t{M}5)))")
    assert fuse.known_card(damage) == f"(0 if False else ((s.damage[x] if True else 0) if not s.pending else _k{M}6(s, x)))"
    # A name that merely begins like it is another name, and keeps what it holds.
    prop = (f"(0 if type(_t{M}7 := x) is not int else (s.prop(_t{M}7, 'defense') if (s.face_down[_t{M}7] or _t{M}70) "
            f"else s.t.props[_t{M}7]['defense'])) + _t{M}70 + (type(_t{M}8 := x) is int and s.zone_of[_t{M}8] == 3)")
    # The printed properties are read from the loop's own `props`.
    assert fuse.known_card(prop) == (f"(0 if False else (s.prop(x, 'defense') if (s.face_down[x] or _t{M}70) "
                                     f"else props[x]['defense'])) + _t{M}70 + (True and s.zone_of[x] == 3)")
    # Face down is known only where the loop kept face-up cards.
    assert "(False or _t" in fuse.known_card(prop, face_up=True)


def test_what_does_not_hold_the_item_is_left_as_written():
    text = (f"((_t{M}3 := env['this']) is None) or type(_t{M}4 := y) is int or 'type(x) is int' == (x is None) "
            f"or 's.t.props[x] s.face_down[x]' == s.t.props[_t{M}4]")
    assert fuse.known_card(text, face_up=True) == text
    # A clause over players as well as cards: the item is not known to be a card.
    steady = fuse.leaf(lambda s, env: env["it"], "(env['it'] if True else _t" + M + "99)",
                       lifts=(("_t" + M + "99", "env['it']", fuse.ITEM),))
    fn = fuse.join(None, "(0 if ({t} := {{0}}) is None else 1)".format(t=f"_t{M}98"), steady)
    assert fuse.lifted(fn.src, [], "_unset") == f"(0 if (_t{M}98 := x) is None else 1)"
    assert fuse.lifted(fn.src, [], "_unset", card=True) == "(0 if False else 1)"


def written(monkeypatch, pack: str) -> list[str]:
    """The source of each function `pack`'s texts are written out as (fuse.define)."""
    sources = []

    def define(source, names, name):
        sources.append(source)
        return original(source, names, name)
    original = fuse.define
    monkeypatch.setattr(fuse, "define", define)
    load(pack, True)
    monkeypatch.setattr(fuse, "define", original)
    return sources


def test_a_clause_that_reads_its_card_as_the_loops_x_alone_does_not_set_it(monkeypatch):
    # Magic 54's check of dead creatures reads damage and defense of the loop's card
    # itself, and Go Fish's book the rank of a variable too; a clause that calls what may
    # read "it" from the environment sets it there.
    dead = [s for s in written(monkeypatch, "magic54") if s.startswith("def select") and "'defense'" in s
            and "s.damage[x]" in s]
    assert dead and all("env['it']" not in s and "saved" not in s for s in dead)
    books = [s for s in written(monkeypatch, "go_fish") if "'rank'" in s and "env.get('c')" in s]
    assert books and all("env['it']" not in s for s in books)
    calling = [s for s in written(monkeypatch, "mtg") if re.search(r"\n +if _k" + M + r"\d+\(s, env\):\n", s)]
    assert calling and all("env['it'] = x" in s and "env['it'] = saved" in s for s in calling)


def test_a_keywords_test_in_a_scan_asks_no_card_whether_it_is_face_down_while_none_is(monkeypatch):
    # Lane Duel's taunt: "creatures opponent controls on board that have taunt".
    taunts = [s for s in written(monkeypatch, "lane_duel") if s.startswith("def select")
              and " and not down[x] and (not s.face_down[x] and (" in s and "'taunt' in s.t.cards[x]" in s]
    assert taunts
    for source in taunts:
        down, up = source.split("\n    if s.downs:\n")[1].split("\n    else:\n")
        assert "(not s.face_down[x] and (" in down and "s.face_down[x]" not in up and "'taunt' in s.t.cards[x]" in up


def test_a_scan_that_keeps_every_card_takes_each_zone_whole(monkeypatch):
    sources = written(monkeypatch, "crazy_eights")
    hand = "s.zones[s.t.named['hand'][p.seat]]"
    assert f"     n += len({hand})\n" in [s.split("if p is not None:\n")[-1].split("    return")[0] for s in sources]
    assert f"     found.extend({hand})\n" in [s.split("if p is not None:\n")[-1].split("    return")[0] for s in sources]


def test_a_scan_reads_its_cards_as_face_up_while_no_card_is_face_down(monkeypatch):
    # Go Fish's book: the rank of each card in a hand, read as printed; face down, a card's
    # rank would be read through State.prop, but no Go Fish card is ever face down.
    books = [s for s in written(monkeypatch, "go_fish") if s.startswith("def count") and "env.get('c')" in s
             and "'rank'" in s]
    assert books
    for source in books:
        down, up = source.split("\n    if s.downs:\n")[1].split("\n    else:\n")
        assert "s.face_down[x]" in down and "props[x]['rank']" in down
        assert "s.face_down[x]" not in up and "(False or _t" in up and "props[x]['rank']" in up
        assert "    props = s.t.props\n" in source


def test_the_listing_reads_this_as_a_face_up_card(monkeypatch):
    made = []
    original = fuse._made

    def spy(text, names, defined=None):
        made.append(text)
        return original(text, names, defined)
    monkeypatch.setattr(fuse, "_made", spy)
    text = (f"(0 if type(_t{M}1 := env['this']) is not int else (s.prop(_t{M}1, 'rank') if s.face_down[_t{M}1] "
            f"else s.t.props[_t{M}1]['rank'])) == (type(_t{M}12 := env['that']) is int)")
    listed = fuse.known_this(fuse.leaf(lambda s, env: None, text))
    # "this" read once, a card and face up; only the name that holds "this" is read so.
    assert listed.text == made[-1] == ("def when(s, env):\n    this = env['this']\n    return (0 if False else "
                                       f"(s.prop(this, 'rank') if False else s.t.props[this]['rank'])) == "
                                       f"(type(_t{M}12 := env['that']) is int)\n")
    s = SimpleNamespace(t=SimpleNamespace(props=[{}, {"rank": 1}]))       # 1 == True, 1 != False
    assert listed(s, {"this": 1, "that": 7}) is True and listed(s, {"this": 1, "that": "7"}) is False
    assert fuse.known_this(fuse.leaf(lambda s, env: None, "env['this'] == 3")) is None


def test_crazy_eights_lists_its_plays_with_this_read_as_a_face_up_card():
    # Its rule of what may be played reads rank and suit of "this"; the listing's version
    # reads it once, asks no type, no None and no face down of it, and the rule itself
    # (ab.when) is left as it is.
    game = load("crazy_eights", True)
    ab = next(a for c in game.pack.cards.values() for a in c.abilities if a.when is not None and a.when_shared is None)
    assert "type(_t" + M in ab.when.src.text and "s.face_down[_t" + M in ab.when.src.text
    general, listed = ab.when.src.text, ab.when_listed.text
    # Three readings of "this" (rank, suit, rank) and one of the discard's top card, which
    # keeps its tests.
    assert (general.count("type(_t" + M), general.count("s.face_down[_t" + M)) == (4, 8)
    assert (listed.count("type(_t" + M), listed.count("s.face_down[_t" + M)) == (1, 2)
    assert listed.count("env['this']") == 1 and listed.count("s.t.props[this]") == 3
    # No effect of Crazy Eights changes control, nor the rank or suit: loaded, nothing stands in the
    # way of reading them as printed, of "this" or of the top card of the discard (face down or not),
    # in the rule settled (its text kept in step with what it runs) as in the listing's version.
    stale = "((s.view is None and s.t.controlling) if True else _t" + M
    assert (general.count(stale), listed.count(stale)) == (0, 0)
    assert general == ab.when.text
    assert (listed.count("if (False or False) else s.t.props[this]"), listed.count("] or False) else s.t.props[_t")) == (3, 1)


RANK = (f"(0 if type(_t{M}1 := env['this']) is not int else (s.prop(_t{M}1, 'rank') if (s.face_down[_t{M}1] or "
        f"(('rank' in s.t.changing and (s.moddelta or s.t.layered)) if True else _t{M}2) or "
        f"((s.view is None and s.t.controlling) if True else _t{M}3)) else s.t.props[_t{M}1]['rank']))")


@pytest.mark.parametrize("controlling, changing, settled", [
    (True, {"rank"}, RANK),
    (False, {"rank"}, RANK.replace(f"((s.view is None and s.t.controlling) if True else _t{M}3)", "False")),
    (True, {"suit"}, RANK.replace(f"(('rank' in s.t.changing and (s.moddelta or s.t.layered)) if True else _t{M}2)",
                                  "False")),
])
def test_a_pack_loaded_settles_what_stands_in_the_way_of_reading_a_property_as_printed(controlling, changing, settled):
    with fuse.collecting() as made:
        fn = fuse.function(RANK)
    fuse.settle(made, {"controlling": controlling}, frozenset(changing))
    assert fn.text == settled
    # Its code is made again: a view made stale in a pack where control changes reads the property
    # as State.prop does, and where none changes it, as printed.
    t = SimpleNamespace(controlling=True, layered=False, changing=frozenset(changing), props=[{"rank": "printed"}])
    s = SimpleNamespace(t=t, view=None, face_down=[False], moddelta={}, prop=lambda c, p: "as the view says")
    assert fn(s, {"this": 0}) == ("as the view says" if controlling else "printed")


@pytest.mark.parametrize("layered", [True, False])
def test_a_pack_loaded_writes_the_flags_of_its_table_in_place(layered):
    text = f"(1 if {fuse.flag('layered')} else 2) + (10 if {fuse.flag('retyping')} else 20)"
    with fuse.collecting() as made:
        fn = fuse.function(text)
    outside = fuse.function(text)       # made after the pack loaded: read as it goes
    fuse.settle(made, {"layered": layered, "retyping": False, "controlling": False}, frozenset())
    assert fn.text == f"(1 if {layered} else 2) + (10 if False else 20)" and outside.text == text
    s = SimpleNamespace(t=SimpleNamespace(layered=not layered, retyping=True))     # never read once settled
    assert (fn(s, {}), outside(s, {})) == (21 if layered else 22, 12 if layered else 11)


def test_a_loop_settled_computes_nothing_before_it_that_it_answered(monkeypatch):
    dead = [s for s in written(monkeypatch, "magic54") if s.startswith("def select") and "'defense'" in s]
    game = load("magic54", True)
    assert dead and all(f"    _t{M}" in s and "(s.view is None and s.t.controlling)" in s for s in dead)
    checks = [fn for fn in fuse_functions(game.pack.checks) if getattr(fn, "text", "").startswith("def select")
              and "'defense'" in fn.text]
    # No effect of Magic 54 changes control; Growth changes defense, which is still asked once a scan.
    assert checks and all("s.t.controlling" not in fn.text and "    _t" + M in fn.text and "'defense' in s.t.changing" in fn.text
                          and re.search(r"if \(False or _t" + M + r"\d+ or False\) else props\[x\]\['defense'\]", fn.text)
                          for fn in checks)


def fuse_functions(root) -> list:
    """The functions made by fuse.py that `root` (a script, a closure) reaches through closures
    and the names their texts read."""
    seen, found, todo = set(), [], [root]
    while todo:
        x = todo.pop()
        if id(x) in seen:
            continue
        seen.add(id(x))
        if isinstance(x, (tuple, list)):
            todo.extend(x)
        elif callable(x) and hasattr(x, "__code__"):
            if hasattr(x, "text"):
                found.append(x)
            todo.extend(c.cell_contents for c in (x.__closure__ or ()) if c.cell_contents is not None)
            todo.extend(v for k, v in x.__globals__.items() if k.startswith(("_k", "_t")) and callable(v))
    return found


def test_unfused_the_listing_reads_the_condition_itself():
    # Without fusing, the closures are the reference the fused games are compared with:
    # the listing then reads a condition as written, even one that has a text.
    text = f"(type(_t{M}1 := env['this']) is int and s.face_down[_t{M}1])"
    fuse.ENABLED[0] = False
    try:
        assert fuse.known_this(fuse.leaf(lambda s, env: None, text)) is None
    finally:
        fuse.ENABLED[0] = True
    assert fuse.known_this(fuse.leaf(lambda s, env: None, text)).text == \
        "def when(s, env):\n    this = env['this']\n    return (True and False)\n"
