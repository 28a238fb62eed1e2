"""Continuous effects in layers (engine/layers.py): the mistakes a static ability or a
lasting effect is refused for, with their exact messages and places; what a clone
shares and what it does not; and that packs without them never make a view. Their
behaviour is proved by the scenarios of tests/data/layerpack."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.engine.primitives import tap
from cardtable.interpreter.packs.loader import PackError, load_pack

PACK = Path(__file__).parent / "data" / "layerpack"
LORD = """        static: other creatures you control in battlefield
        effect: |
          increase power of it by 1
          increase toughness of it by 1
"""


def problems(folder: Path, old: str, new: str, file: str = "cards/cards.yaml", pack: Path = PACK) -> list[str]:
    """The problems of a copy of `pack` (the layer pack) in which `file` has `old` made `new`."""
    shutil.copytree(pack, folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    report = Report()
    with pytest.raises(PackError):
        load_pack(str(folder), report)
    return [f"{Path(p.file).name}:{p.line}:{p.col}: {p.message}" for p in report.problems]


@pytest.mark.parametrize("effect, message", [
    ("draw a card", 'cards.yaml:15:11: "draw a card" cannot be in a static ability: its effect says what the cards '
                    'it affects are (increase, set, switch, mark as a keyword, remove a keyword, make a type, gain '
                    'control)'),
    ("increase power of it by 1 until end of turn",
     "cards.yaml:15:37: a static ability applies while its card is where it is: it takes no duration"),
    ("mark it as attached", 'cards.yaml:15:22: unknown keyword "attached"'),
    ("remove flyng from it", 'cards.yaml:15:18: unknown keyword "flyng"; did you mean "flying"?'),
    ("make it into a creture", 'cards.yaml:15:26: unknown card type "creture"; did you mean "creature"?'),
    ("switch power and life of it", 'cards.yaml:15:28: switch needs a number property of cards'),
])
def test_a_static_abilitys_effect_holds_continuous_statements_only(tmp_path, effect, message):
    new = LORD.replace("increase power of it by 1\n          increase toughness of it by 1", effect)
    assert problems(tmp_path / "p", LORD, new) == [message]


def test_a_static_ability_is_neither_used_nor_set_off(tmp_path):
    new = LORD.replace("        static:", "        cost: tap this\n        static:")
    assert problems(tmp_path / "p", LORD, new) == [
        'cards.yaml:13:9: a static ability is not used nor set off: it has no "cost" (its effect applies while '
        'its card is in its zone)']


def test_other_needs_a_card_whose_text_it_is(tmp_path):
    assert problems(tmp_path / "p", "    p loses the game\n",
                    "    p loses the game\n  for each x in other creatures in battlefield:\n    tap x\n",
                    "pack.yaml") == ['pack.yaml:57:17: "other" means other than this card, and this text has none']


def test_a_counted_property_names_card_counters(tmp_path):
    assert problems(tmp_path / "p", "counted: {plus_one: 1, minus_one: -1}}\nplayer",
                    "counted: {plus_one: 1, minus_on: -1}}\nplayer", "pack.yaml") == [
        'pack.yaml:27:50: unknown card counter "minus_on"; did you mean "minus_one"?']


def test_a_lasting_set_needs_a_number_property(tmp_path):
    assert problems(tmp_path / "p", "set power of target to 0 until end of turn",
                    "set power of target to 0 until end of trun") == [
        'cards.yaml:92:49: unknown duration "trun"; did you mean "turn"?']


def layer_game():
    pack = load_pack(str(PACK), Report())
    return Game(pack).position({
        "turn": 2, "phase": "main", "players": [{"zones": {"hand": ["Growth", "Growth"]}}, {"zones": {}}],
        "shared": {"battlefield": [{"card": "Lord", "owner": "Ann"}, {"card": "Bear", "owner": "Ann"}]}})


def test_a_clone_shares_the_view_until_one_of_them_changes():
    state = layer_game()
    s = state.s
    bear = s.t.names.index("Bear")
    assert s.prop(bear, "power") == 3
    view = s.view
    c = state.clone()
    assert c.s.view is view and c.s.stamps == s.stamps and c.s.stamps is not s.stamps
    c.apply_label("Cast: Growth")
    c.apply_label("Bear")
    assert c.s.prop(bear, "power") == 6 and c.s.view is not view
    assert s.view is view and s.prop(bear, "power") == 3 and s.mods == []


def test_packs_without_continuous_effects_make_no_view():
    for name in ("magic54", "pub_magic", "basic_tcg"):
        pack = load_pack(name, Report())
        assert not pack.layered and not pack.retyping
        state = Game(pack).new_initial_state(seed=3)
        for _ in range(30):
            if state.is_terminal():
                break
            state.apply_action(state.legal_actions()[-1])
        assert state.s.view is None and state.s.stamps is None


def test_a_static_ability_that_holds_in_some_phases_is_seen_to_stop(tmp_path):
    """A static ability whose condition reads the phase makes the view again as the phase
    changes; one that reads nothing of the kind does not need to (the layer pack's)."""
    assert not load_pack(str(PACK), Report()).statics_timed
    folder = tmp_path / "timed"
    shutil.copytree(PACK, folder)
    pack_file = folder / "pack.yaml"
    pack_file.write_text(pack_file.read_text(encoding="utf-8").replace(
        "  - phase: end\n", "  - phase: late\n    script: window main\n  - phase: end\n"), encoding="utf-8")
    cards = folder / "cards" / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace(LORD, LORD.replace(
        "        effect:", "        when: phase is main\n        effect:")), encoding="utf-8")
    pack = load_pack(str(folder), Report())
    assert pack.statics_timed
    state = Game(pack).position({
        "turn": 2, "phase": "main", "players": [{"zones": {"hand": ["Growth"]}}, {"zones": {}}],
        "shared": {"battlefield": [{"card": "Lord", "owner": "Ann"}, {"card": "Bear", "owner": "Ann"}]}})
    bear = state.s.t.names.index("Bear")
    assert (state.s.phase, state.s.prop(bear, "power")) == ("main", 3)
    state.apply_label("pass")       # Bob has nothing to do: he passes without a decision
    assert (state.s.phase, state.s.prop(bear, "power"), state.prompt()) == ("late", 2, "Ann: act or pass (main)")


CONTROL_PACK = """\
id: ctl
name: Ctl
version: 1.0.0
players: {min: 2, max: 2, first: 0, seats: [{name: Ann, deck: all}, {name: Bob, deck: all}]}
zones:
  library: {per: player, visibility: hidden, ordered: true, role: deck}
  hand: {per: player, visibility: owner, role: hand}
  battlefield: {per: shared, role: play}
  graveyard: {per: player, ordered: true, role: discard}
card_types: {creature: {damageable: true}, aura: {}, spell: {}}
properties:
  power: {default: 0}
  cost: {default: 0}
  colour: {one_of: [red, blue], default: red}
player_counters: {life: {start: 20}}
marks: {attached: The card an aura is attached to.}
windows: {main: Play spells.}
define: {enchanted: it = attached of this}
decks: {all: {cards: [Bear], size: 1}}
cards: [cards.yaml]
turn:
  - {phase: main, script: window main}
"""
CONTROL_CARDS = """\
cards:
  - {name: Bear, types: [creature], power: 2, cost: 2}
  - name: Steal
    types: [aura]
    abilities:
      - {name: Control, static: creature in battlefield where enchanted, effect: you gain control of it}
  - name: Trick
    types: [spell]
    cost: 1
    abilities:
      - name: Cast
        from: hand
        pile: false
        effect: |
          discard each aura in battlefield
          let n be READ of this
          increase life of you by 10 * count of creatures you control in battlefield
          discard this
"""


@pytest.mark.parametrize("read", ["cost", "colour"])
def test_a_card_whose_control_effect_ended_is_handed_back_before_a_value_is_read(tmp_path, read):
    # Reading a value makes a stale view again, and with it who controls each card: the
    # Bear that Steal took goes back to Bob once Steal is gone, before Trick counts.
    (tmp_path / "pack.yaml").write_text(CONTROL_PACK, encoding="utf-8")
    (tmp_path / "cards.yaml").write_text(CONTROL_CARDS.replace("READ", read), encoding="utf-8")
    pack = load_pack(str(tmp_path), Report())
    state = Game(pack).position({
        "turn": 2, "phase": "main", "players": [{"zones": {"hand": ["Trick"]}}, {"zones": {}}],
        "shared": {"battlefield": [{"card": "Bear", "owner": "Bob"},
                                   {"card": "Steal", "owner": "Ann", "marks": {"attached": "Bear"}}]}})
    state.apply_label("Cast: Trick")
    assert [pv["life"] for pv in state.s.pvars] == [20, 20]
    assert state.s.controller[state.s.t.names.index("Bear")] == 1


def tapping_game(folder: Path, file: str = "", old: str = "", new: str = "") -> tuple:
    """The Lord and a Bear of Ann's in play, in a copy of the layer pack in `folder` whose
    `file` has `old` made `new` (the layer pack itself without a file)."""
    if file:
        shutil.copytree(PACK, folder)
        path = folder / file
        path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    pack = load_pack(str(folder if file else PACK), Report())
    state = Game(pack).position({
        "turn": 2, "phase": "main", "players": [{"zones": {}}, {"zones": {}}],
        "shared": {"battlefield": [{"card": "Lord", "owner": "Ann"}, {"card": "Bear", "owner": "Ann"}]}})
    return pack, state.s, state.s.t.names.index("Bear")


def test_tapping_makes_the_view_again_only_where_something_in_it_reads_tapping(tmp_path):
    pack, s, bear = tapping_game(tmp_path)      # the Lord's static ability reads no tapping
    assert not pack.statics_tapped and s.prop(bear, "power") == 3
    view = s.view
    tap(s, bear, True)
    assert s.view is view and s.prop(bear, "power") == 3
    # "Other untapped creatures you control get +1/+1": tapped, the Bear loses the bonus.
    pack, s, bear = tapping_game(tmp_path / "untapped", "cards/cards.yaml", "static: other creatures you control",
                                 "static: other untapped creatures you control")
    assert pack.statics_tapped and s.prop(bear, "power") == 3
    tap(s, bear, True)
    assert s.prop(bear, "power") == 2
    tap(s, bear, False)
    assert s.prop(bear, "power") == 3


def test_a_derived_property_that_reads_tapping_is_read_again_as_cards_tap(tmp_path):
    pack, s, bear = tapping_game(tmp_path / "derived", "pack.yaml", "properties:\n",
                                 "properties:\n  resting: {derived: count of (tapped creatures in battlefield)}\n")
    assert pack.statics_tapped and s.prop(bear, "resting") == 0
    tap(s, bear, True)
    assert s.prop(bear, "resting") == 1


@pytest.mark.parametrize("value, expected", [
    ("count of (flying creatures in battlefield)", 1),
    ("count of (flying creatures you control in battlefield)", 0),
    ("count of (red creatures in battlefield)", 1),
    ("count of (red flying creatures in battlefield)", 0),
    ("count of (untapped red creatures opponent controls in battlefield)", 1),
    ("count of (creatures in battlefield where (it is blue or it is red))", 1),
    ("count of (creatures in battlefield where (it is blue or it is blue))", 0),
])
def test_keywords_and_words_of_a_list_are_read_alike_written_in_a_selector_or_called(tmp_path, value, expected):
    from cardtable.interpreter.lang import fuse
    position = {"turn": 2, "phase": "main", "players": [{"zones": {}}, {"zones": {}}],
                "shared": {"battlefield": [{"card": "Lord", "owner": "Ann"}, {"card": "Bear", "owner": "Bob"},
                                           {"card": "Hawk", "owner": "Bob"}]}}
    folder = tmp_path / "words"
    shutil.copytree(PACK, folder)
    pack_file, cards = folder / "pack.yaml", folder / "cards" / "cards.yaml"
    pack_file.write_text(pack_file.read_text(encoding="utf-8").replace(
        "properties:\n", "properties:\n  colours: {words: [red, blue], default: []}\n")
        + f"evaluation:\n  x: {{value: \"{value}\", weight: 1}}\n", encoding="utf-8")
    cards.write_text(cards.read_text(encoding="utf-8").replace(
        "{name: Bear, types: [creature],", "{name: Bear, types: [creature], colours: [red],"), encoding="utf-8")
    seen = []
    for fused in (True, False):
        fuse.ENABLED[0] = fused
        try:
            game = Game(load_pack(str(folder), Report()))
        finally:
            fuse.ENABLED[0] = True
        s = game.position(position).s
        (_, _, feature), = game.pack.evaluation        # read as it is: the position has no game left to play
        seen.append(feature(s, {"you": s.t.players[0]}))
    assert seen == [expected, expected]


# The control pack, its turn an upkeep that counts what the active player controls.
TURNCOAT_PACK = CONTROL_PACK.replace("turn:\n  - {phase: main, script: window main}\n", """\
turn:
  - phase: upkeep
    script: |
      for each c in cards you control in battlefield:
        increase life of you by 1
  - {phase: main, script: window main}
checks: |
  for each p in players where life of it <= 0:
    p loses the game
""")
TURNCOAT_CARDS = """\
cards:
  - name: Bear
    types: [creature]
    abilities:
      - {name: Drain, trigger: whenever a creature dies, effect: increase life of you by 1}
  - name: Turncoat
    types: [creature]
    abilities:
      - {name: Turn, static: creature in battlefield where it = this, effect: active player gains control of it}
"""


def turncoat_game(folder: Path, pack: str, zones: dict):
    """The Turncoat in play from Ann's first main phase, each player's zones `zones`."""
    (folder / "pack.yaml").write_text(pack, encoding="utf-8")
    (folder / "cards.yaml").write_text(TURNCOAT_CARDS, encoding="utf-8")
    return Game(load_pack(str(folder), Report())).position(
        {"turn": 1, "active": "Ann", "phase": "main", "shared": {"battlefield": ["Turncoat"]},
         "players": [{"zones": zones}, {"zones": zones}]})


def test_a_turns_script_sees_who_controls_a_card_as_the_turn_begins(tmp_path):
    # The active player takes the Turncoat as each turn begins: in their upkeep they control
    # it, whether or not some triggered ability watches for the turn's beginning.
    state = turncoat_game(tmp_path, TURNCOAT_PACK, {})
    # Nobody has anything to decide: the game plays on to the engine's limit of turns.
    assert (state.turn, [state.s.pvars[p]["life"] for p in (0, 1)]) == (1000, [519, 520])


def test_a_scan_after_a_card_moves_reads_who_controls_cards_as_the_turn_made_it(tmp_path):
    # Bob's first upkeep: he takes the Turncoat as his turn begins, puts a Bear into play,
    # and counts the creatures (2) while Ann controls nothing; from then on both have Bears.
    pack = TURNCOAT_PACK.replace("""      for each c in cards you control in battlefield:
        increase life of you by 1""", """      put top card of your library into battlefield
      increase life of you by count of (creatures in battlefield where no (cards opponent controls in battlefield))""")
    state = turncoat_game(tmp_path, pack, {"library": ["Bear"] * 3})
    assert [state.s.pvars[p]["life"] for p in (0, 1)] == [20, 22]
