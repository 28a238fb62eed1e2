"""Rules about cards a pack declares: derived properties, word-list properties, cards
played face down, replacements (damage, discard, sacrifice, target), state triggers,
and an ability of a name counted once."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.lang import fuse
from cardtable.interpreter.packs.loader import PackError, load_pack
from cardtable.interpreter.packs.scenario import ScenarioFailure, load_scenarios, run_scenario

PACK = """\
id: rules
name: Rules
version: 1.0.0
players: {min: 2, max: 2, first: 0}
options:
  goal: {default: 9}
  turn_limit: {default: 6}
zones:
  deck: {per: player, visibility: hidden, ordered: true, role: deck}
  hand: {per: player, visibility: owner, role: hand}
  play: {per: player, role: play}
  discard: {per: player, ordered: true, role: discard}
  table: {per: shared}
card_types:
  creature:
    damageable: true
    abilities:
      - {name: Cast, from: hand, pile: false, effect: put this into play}
      - {name: Hide, from: hand, pile: false, effect: put this into play face down}
      - {name: Zap, pile: false, targets: {target: creature in play}, effect: deal 1 damage to target}
      - name: Storm
        pile: false
        effect: |
          for each other in creatures in play where it != this:
            deal 1 damage to other
      - {name: Purge, pile: false, effect: discard each card in play where it != this}
      - {name: Offer, pile: false, effect: sacrifice each creature in play where it != this}
      - {name: Hunt, pile: false, targets: {target: black creature in play}, effect: do nothing}
  beast:
    abilities:
      - {name: Cast, from: hand, pile: false, effect: put this into play}
  rule: {description: A rule card.}
properties:
  printed: {default: 0}
  size: {derived: printed of it + plus of it}
  colours: {default: [], words: [white, black]}
card_counters:
  plus: A +1 counter.
keywords:
  regrowth: Comes back.
  ward: Not touched by black cards.
durations:
  turn: This turn.
windows:
  main: Main.
face_down: {properties: {size: 1}}
replacements:
  - name: Ward
    event: [target, damage, discard]
    if: source != none and source is black and it has ward
  - name: Regrowth
    event: discard
    if: it has regrowth and it is in play
    effect: |
      its controller may "keep it in play":
        remove all damage from it
        stop
      discard it
cards: [cards.yaml]
turn:
  - phase: main
    script: window main
checks: |
  for each dead in creatures in play where damage of it >= size of it:
    discard dead
end: {turn_limit: turn_limit}
"""

CARDS = """\
cards:
  - {name: Ant, types: [creature], printed: 1, colours: [white]}
  - {name: Bat, types: [creature], printed: 2, colours: [black]}
  - {name: Cub, types: [creature], printed: 3, keywords: [ward, regrowth]}
  - {name: Doe, types: [creature, beast], printed: 2}
  - name: Goal
    types: [rule]
    abilities:
      - {name: Goal, from: table, pile: false, trigger: "as soon as count of creatures in play >= goal",
         effect: active player wins the game}
"""


def make(tmp_path: Path, scenarios: list | None = None, **edits) -> Path:
    text = PACK
    for old, new in edits.items():
        assert old in text
        text = text.replace(old, new)
    folder = tmp_path / "rules"
    (folder / "tests").mkdir(parents=True, exist_ok=True)
    (folder / "pack.yaml").write_text(text)
    (folder / "cards.yaml").write_text(CARDS)
    if scenarios:
        (folder / "tests" / "rules.yaml").write_text(yaml.safe_dump({"scenarios": scenarios}, sort_keys=False))
    return folder


def play(tmp_path: Path, play1: list, play2: list, script=(), hand1=(), **more):
    """Run one scenario on Player 1's main phase; return the game state."""
    sc = {"name": "case", "setup": {"turn": 2, "active": 0, "phase": "main", "players": [
        {"zones": {"play": list(play1), "hand": list(hand1)}}, {"zones": {"play": list(play2)}}]},
          "script": list(script), **more}
    return run(tmp_path, sc)


def run(tmp_path: Path, sc: dict):
    folder = tmp_path / "rules"
    if not folder.exists():
        make(tmp_path)
    (folder / "tests" / "rules.yaml").write_text(yaml.safe_dump({"scenarios": [sc]}, sort_keys=False))
    report = Report()
    pack = load_pack(str(folder), report)
    (scenario,) = load_scenarios(folder / "tests" / "rules.yaml", report)
    return run_scenario(pack, scenario)


def problems(folder: Path) -> list[str]:
    report = Report()
    with pytest.raises(PackError):
        load_pack(str(folder), report)
    return [f"{Path(p.file).name}:{p.line}:{p.col}: {p.message}" for p in report.errors]


def run_of(log: list, lines: list) -> bool:
    """Whether `lines` follow one another in the log."""
    n = len(lines)
    return any(log[i:i + n] == lines for i in range(len(log) - n + 1))


def card(state, name: str) -> int:
    return state.s.t.names.index(name)


def options(state) -> list[str]:
    return state.legal_labels()


# ---------------------------------------------------------------- derived properties
def test_a_derived_property_adds_counters_and_effects_to_what_it_computes(tmp_path):
    state = play(tmp_path, [{"card": "Bat", "counters": {"plus": 2}}], [])
    s = state.s
    bat = card(state, "Bat")
    assert s.prop(bat, "size") == 4                       # printed 2 + 2 counters
    from cardtable.interpreter.engine import primitives as actions
    actions.add_mod(s, ("stat", "turn", bat, "size", 3))
    assert s.prop(bat, "size") == 7
    actions.end_effects(s, "turn")
    assert s.prop(bat, "size") == 4


def test_a_face_down_card_keeps_the_face_down_value_of_a_derived_property(tmp_path):
    state = play(tmp_path, [{"card": "Bat", "face_down": True, "counters": {"plus": 2}}], [])
    assert state.s.prop(card(state, "Bat"), "size") == 1


def test_a_derived_property_that_reads_itself_is_refused(tmp_path):
    folder = make(tmp_path, **{"size: {derived: printed of it + plus of it}":
                               "size: {derived: printed of it + bulk of it}\n  bulk: {derived: size of it + 1}"})
    assert problems(folder) == [
        'pack.yaml:35:19: "size" is computed from itself (size -> bulk -> size)',
        'pack.yaml:36:19: "bulk" is computed from itself (bulk -> size -> bulk)']


def test_a_long_chain_of_derived_properties_loads_and_a_loop_in_it_is_named(tmp_path):
    # Each property is looked at once, without recursion: 2,000 properties each read
    # by the one before stopped the loading with a RecursionError's traceback.
    chain = "\n".join(f"  p{i}: {{derived: p{i + 1} of it + 1}}" for i in range(2000))
    folder = make(tmp_path, **{"size: {derived: printed of it + plus of it}":
                               f"size: {{derived: printed of it + plus of it}}\n{chain}\n  p2000: {{default: 0}}"})
    load_pack(str(folder), Report())
    folder = make(tmp_path, **{"size: {derived: printed of it + plus of it}":
                               f"size: {{derived: printed of it + plus of it}}\n{chain}\n  p2000: {{derived: p1999 of it}}"})
    assert [p.split(": ", 1)[1] for p in problems(folder)] == [
        '"p1999" is computed from itself (p1999 -> p2000 -> p1999)',
        '"p2000" is computed from itself (p2000 -> p1999 -> p2000)']


@pytest.mark.parametrize("layered", [False, True])
def test_a_derived_property_reads_a_table_value_as_it_is_when_read(tmp_path, layered):
    # A card's size by a table value (a trick's power by the trump): read anew once the
    # value changes, by a text and by the checks, whether the layers' view keeps values or
    # not ("strength", counted from counters, makes the pack layered).
    make(tmp_path, **{"size: {derived: printed of it + plus of it}":
                      "size: {derived: printed of it + bonus + (if it is big then 1 else 0)}"
                      + ("\n  strength: {default: 0, counted: {plus: 1}}" if layered else ""),
                      "cards: [cards.yaml]": "table:\n  bonus: {start: 1}\ndefine:\n  big: printed of it > bonus + 1\n"
                                             "cards: [cards.yaml]",
                      "      - {name: Purge,": "      - {name: Shrink, pile: false, effect: set bonus to 0}\n"
                                              "      - {name: Purge,"})
    state = play(tmp_path, ["Ant", "Bat"], [], ["Player 1: Zap: Bat", "Player 1: Ant"])
    s = state.s
    assert s.t.layered is layered
    assert [s.prop(card(state, n), "size") for n in ("Ant", "Bat")] == [2, 3]
    state.apply_label("Shrink: Bat")
    assert s.table["bonus"] == 0 and s.prop(card(state, "Bat"), "size") == 3       # 2 + 0, and big now
    assert state.log[-1] == "Ant moves from Player 1's play to Player 1's discard"     # size 1, 1 damage


def test_a_card_cannot_set_a_derived_property(tmp_path):
    folder = make(tmp_path)
    (folder / "cards.yaml").write_text(CARDS.replace("printed: 1,", "size: 1,"))
    assert problems(folder) == [
        'cards.yaml:2:42: "size" is computed from other properties (derived in pack.yaml): a card cannot set it']


# ---------------------------------------------------------------- word-list properties
def test_a_word_of_a_word_list_property_describes_cards(tmp_path):
    state = play(tmp_path, ["Ant", "Bat"], ["Cub"], ["Player 1: Hunt: Ant"])
    assert state.log[-2:] == ["Player 1 uses Hunt of Ant", "Hunt of Ant targets Bat"]   # the only black creature
    state = play(tmp_path, ["Ant"], ["Doe"])
    assert "Hunt: Ant" not in options(state)                 # no black creature to hunt


def test_a_face_down_card_has_the_words_of_its_face_down_properties(tmp_path):
    # A word is read as printed (no effect changes a word-list property), but not through a face-down card.
    make(tmp_path, **{"target: black creature in play": "target: black card in play"})
    state = play(tmp_path, ["Ant", "Bat"], [], ["Player 1: Hunt: Ant"])
    assert state.log[-1] == "Hunt of Ant targets Bat"
    state = play(tmp_path, ["Ant", {"card": "Bat", "face_down": True}], [])
    assert "Hunt: Ant" not in options(state)                 # its colours are the face-down default: none


def test_a_word_that_already_means_something_else_is_refused(tmp_path):
    folder = make(tmp_path, **{"words: [white, black]": "words: [white, black, ward, creature]"})
    assert problems(folder) == [
        'pack.yaml:36:48: "ward" is already a keyword: a word of "colours" must describe cards by itself',
        'pack.yaml:36:54: "creature" is already a card type: a word of "colours" must describe cards by itself']


def test_a_number_property_an_effect_changes_is_read_changed_where_it_is_read_in_place(tmp_path):
    # A number property that no statement or effect changes is read as printed (Pack.changing).
    folder = make(tmp_path, **{
        "black creature in play}, effect: do nothing": "black creature in play}, effect: increase printed of target by 3 until end of turn",
        "targets: {target: creature in play}, effect: deal": "targets: {target: creature in play where printed of it >= 4}, effect: deal"})
    assert load_pack(str(folder), Report()).changing == frozenset({"printed"})
    state = play(tmp_path, ["Ant", "Bat"], [])
    assert not any(label.startswith("Zap") for label in options(state))     # no creature of 4 or more
    state = play(tmp_path, ["Ant", "Bat"], [], ["Player 1: Hunt: Ant"])     # Bat, the black one, gets +3
    assert [label for label in options(state) if label.startswith("Zap")] == ["Zap: Ant", "Zap: Bat"]


def test_a_word_list_property_is_not_increased(tmp_path):
    folder = make(tmp_path, **{"effect: do nothing}": "effect: increase colours of this by 1}"})
    assert problems(folder) == ['pack.yaml:28:95: "colours" holds words: only a number can be increased or decreased']


def test_a_card_with_a_word_its_property_does_not_hold_is_refused(tmp_path):
    folder = make(tmp_path)
    (folder / "cards.yaml").write_text(CARDS.replace("colours: [white]", "colours: [whit]"))
    assert problems(folder) == ['cards.yaml:2:57: "whit" is not a word of "colours"; did you mean "white"?']



def test_a_list_for_a_property_without_words_is_refused(tmp_path):
    folder = make(tmp_path)
    (folder / "cards.yaml").write_text(CARDS.replace("printed: 1,", "printed: [1, 2],", 1))
    assert problems(folder) == [
        'cards.yaml:2:45: "printed" takes one value, not a list: only a property declared with words takes a list']


# ---------------------------------------------------------------- face down
def test_a_card_put_into_play_face_down_is_named_only_to_its_owner(tmp_path):
    state = play(tmp_path, [], [], ["Player 1: Hide: Bat"], hand1=["Bat"])
    line = "Bat moves from Player 1's hand to Player 1's play face down"
    assert line in state.log_for(0)
    assert line not in state.log_for(1)
    assert run_of(state.log_for(1), ["Player 1 uses Hide of a card from Player 1's hand",
                                     "a card moves from Player 1's hand to Player 1's play face down"])
    assert "Player 1 uses Hide of Bat" in state.log_for(0)
    assert state.observation(1)["players"][0]["zones"]["play"] == [{"name": "face-down card"}]   # no id to tell it by
    assert state.observation(0)["players"][0]["zones"]["play"] == [{"id": 0, "name": "Bat", "face_down": True}]


def test_a_face_down_card_has_no_type_and_no_ability_and_turns_face_up_when_discarded(tmp_path):
    state = play(tmp_path, [{"card": "Bat", "face_down": True}, "Ant"], [], ["Player 1: Purge: Ant"])
    assert run_of(state.log, ["Player 1 uses Purge of Ant", "Bat moves from Player 1's play to Player 1's discard"])
    assert not state.s.face_down[card(state, "Bat")]
    state = play(tmp_path, [{"card": "Bat", "face_down": True}, "Ant"], [])
    assert [o for o in options(state) if o.endswith("Bat")] == []
    assert "Zap: Ant" in options(state)


def test_a_card_turned_face_down_is_no_creature_to_a_scan_of_creatures(tmp_path):
    # Turned face down by an effect, or set so in a position: in either case the scans for a type,
    # which skip asking each card whether it is face down until a card is in the game, then ask.
    purge = "      - {name: Purge, pile: false, effect: discard each card in play where it != this}\n"
    quake = '      - {name: Quake, pile: false, effect: "for each shaken in creatures in play: deal 1 damage to shaken"}\n'
    games = []
    for position, script, hand in (([], ["Player 1: Hide: Bat"], ["Bat"]), ([{"card": "Bat", "face_down": True}], [], []),
                                   (["Bat"], [], [])):
        folder = tmp_path / str(len(games))
        make(folder, **{purge: purge + quake})
        games.append(play(folder, position + ["Ant"], ["Doe"], script + ["Player 1: Quake: Ant"], hand1=hand))
    hit = [[line for line in state.log if line.startswith("Ant deals")] for state in games]
    assert hit == [["Ant deals 1 damage to Ant", "Ant deals 1 damage to Doe"]] * 2 + \
        [["Ant deals 1 damage to Bat", "Ant deals 1 damage to Ant", "Ant deals 1 damage to Doe"]]
    # The face-down Bat, which has no type, is neither quaked nor checked as a creature: it stays.
    assert [(state.s.t.zone_labels[state.s.zone_of[card(state, "Bat")]], state.s.face_down[card(state, "Bat")])
            for state in games] == [("Player 1's play", True)] * 2 + [("Player 1's play", False)]
    # Ant (size 1) dies of its own quake; the other cards keep their damage.
    assert [[state.s.damage[card(state, name)] for name in ("Ant", "Bat", "Doe")] for state in games] == \
        [[0, 0, 1], [0, 0, 1], [0, 1, 1]]


@pytest.mark.parametrize("fused", [True, False])
@pytest.mark.parametrize("clause, counted", [
    ("it is beast or it is creature", [3, 4]),      # Doe, Cub and Ant; and Bat once face up
    ("printed of it >= 2", [2, 3]),                 # Doe and Cub; and Bat once face up (face down, it has 0)
])
def test_a_scan_reads_a_face_down_card_as_face_down(tmp_path, fused, clause, counted):
    purge = "      - {name: Purge, pile: false, effect: discard each card in play where it != this}\n"
    census = f'      - {{name: Census, pile: false, effect: "deal count of (cards in play where ({clause})) damage to this"}}\n'
    make(tmp_path, **{purge: purge + census})
    lines = []
    for bat in ({"card": "Bat", "face_down": True}, "Bat"):
        fuse.ENABLED[0] = fused
        try:
            state = play(tmp_path, ["Doe", bat, "Cub"], ["Ant"], ["Player 1: Census: Doe"])
        finally:
            fuse.ENABLED[0] = True
        lines += [line for line in state.log if line.startswith("Doe deals")]
    assert lines == [f"Doe deals {n} damage to Doe" for n in counted]


@pytest.mark.parametrize("fused", [True, False])
def test_a_test_of_types_is_true_or_false_whichever_types_the_card_has(tmp_path, fused):
    said = '"{this is creature or this is beast} / {this is beast} / {this is creature}"'
    hide = "      - {name: Hide, from: hand, pile: false, effect: put this into play face down}\n"
    cast = "      - {name: Cast, from: hand, pile: false, effect: put this into play}\n"
    make(tmp_path, **{hide: "      - name: Hide\n        from: hand\n        pile: false\n        effect: |\n"
                            f"          put this into play face down\n          announce {said}\n",
                      cast: "      - name: Cast\n        from: hand\n        pile: false\n        effect: |\n"
                            f"          put this into play\n          announce {said}\n"})
    fuse.ENABLED[0] = fused
    try:
        lines = [play(tmp_path, ["Bat"], [], [f"Player 1: {use}: Ant"], hand1=["Ant"]).log[-1] for use in ("Hide", "Cast")]
    finally:
        fuse.ENABLED[0] = True
    # Ant is a creature, not a beast; face down, it has no type at all.
    assert lines == ["False / False / False", "True / False / True"]


def test_a_clause_of_types_alone_is_the_scans_own_test():
    sources = []
    original = fuse.define

    def define(source, names, name):
        sources.append(source)
        return original(source, names, name)
    fuse.define = define
    try:
        load_pack("pub_magic", Report())     # its win: count of (cards in p's play where scores), "it is land or it is artifact"
    finally:
        fuse.define = original
    scores = [s for s in sources if s.startswith("def count") and "bits[x] & 5" in s]
    assert scores and all("if bits[x] & 5 and not down[x]:\n" in s and "if bits[x] & 5:\n" in s and "'it'" not in s
                          for s in scores)


def test_gaining_control_of_a_card_in_a_shared_zone_in_a_pack_without_layers(tmp_path):
    purge = "      - {name: Purge, pile: false, effect: discard each card in play where it != this}\n"
    grab = '      - {name: Grab, pile: false, effect: "opponent gains control of each card in table"}\n'
    make(tmp_path, **{purge: purge + grab})
    state = run(tmp_path, {"name": "grab", "setup": {"turn": 2, "active": 0, "phase": "main", "shared": {"table": ["Doe"]},
                                                   "players": [{"zones": {"play": ["Ant"]}}, {}]},
                           "script": ["Player 1: Grab: Ant"]})
    doe = card(state, "Doe")
    assert not state.s.t.layered and state.s.controller[doe] == 1 and state.s.control_turn[doe] == 2


# ---------------------------------------------------------------- replacements
def test_a_card_a_replacement_protects_is_not_offered_as_a_target(tmp_path):
    state = play(tmp_path, ["Bat", "Ant"], ["Cub"], ["Player 1: Zap: Bat"])
    assert state.s.decision.options[0].label == "Bat"
    assert [o.label for o in state.s.decision.options] == ["Bat", "Ant"]     # Cub has ward against black Bat


def test_damage_a_replacement_prevents_does_not_happen(tmp_path):
    state = play(tmp_path, ["Bat"], ["Cub", "Doe"], ["Player 1: Storm: Bat"])
    assert run_of(state.log, ["Player 1 uses Storm of Bat", "Cub is dealt no damage (Ward)", "Bat deals 1 damage to Doe"])
    assert state.s.damage[card(state, "Cub")] == 0 and state.s.damage[card(state, "Doe")] == 1


def test_a_replacement_with_a_choice_runs_instead_and_the_statement_goes_on_after_it(tmp_path):
    # Ant purges: Cub's regrowth asks its controller; then Doe, after Cub, is discarded too.
    state = play(tmp_path, ["Ant"], ["Cub", "Doe"], ["Player 1: Purge: Ant", "Player 2: yes"])
    # The answer is logged with the question, as a choice is.
    assert run_of(state.log, ["Player 1 uses Purge of Ant", "Cub would be discarded (Regrowth)",
                              "Player 2 chooses yes (keep it in play)",
                              "Doe moves from Player 2's play to Player 2's discard"])
    assert [c["name"] for c in state.observation(None)["players"][1]["zones"]["play"]] == ["Cub"]


def test_a_replacement_applies_once_so_its_own_discard_goes_ahead(tmp_path):
    state = play(tmp_path, ["Ant"], ["Cub", "Doe"], ["Player 1: Purge: Ant", "Player 2: no"])
    assert run_of(state.log, ["Cub would be discarded (Regrowth)", "Player 2 chooses no (keep it in play)",
                              "Cub moves from Player 2's play to Player 2's discard",
                              "Doe moves from Player 2's play to Player 2's discard"])


def test_the_first_replacement_that_applies_is_the_one(tmp_path):
    # A black card's discard: Ward applies before Regrowth, and Cub stays without a question.
    state = play(tmp_path, ["Bat"], ["Cub"], ["Player 1: Purge: Bat"])
    assert run_of(state.log, ["Player 1 uses Purge of Bat", "Cub is not discarded (Ward)"])
    assert state.s.decision.player == 0


def test_a_sacrifice_is_not_a_discard(tmp_path):
    state = play(tmp_path, ["Ant"], ["Cub"], ["Player 1: Offer: Ant"])
    assert run_of(state.log, ["Player 1 uses Offer of Ant", "Cub moves from Player 2's play to Player 2's discard"])


HUNT = "      - {name: Hunt, pile: false, targets: {target: black creature in play}, effect: do nothing}\n"
FALL = "      - {{name: Fall, pile: false, targets: {{foe: creature in play where it != this}}, effect: discard this by {source}}}\n"


@pytest.mark.parametrize("foe, lines", [
    ("Bat", ["Fall of Cub targets Bat", "Cub is not discarded (Ward)"]),
    ("Ant", ["Fall of Cub targets Ant", "Cub would be discarded (Regrowth)"])])
def test_a_discard_by_another_card_has_that_card_as_its_source(tmp_path, foe, lines):
    # Cub falls to the creature it names: Ward sees a black Bat, not a white Ant.
    make(tmp_path, **{HUNT: HUNT + FALL.format(source="foe")})
    state = play(tmp_path, ["Cub"], [foe], ["Player 1: Fall: Cub"])
    assert run_of(state.log, lines)


def test_the_source_of_a_discard_is_a_card(tmp_path):
    folder = make(tmp_path, **{HUNT: HUNT + FALL.format(source="2")})
    assert problems(folder) == ['pack.yaml:29:110: the source after "by" needs a card, but "2" is a number']


def test_a_replacement_of_targets_takes_no_effect(tmp_path):
    folder = make(tmp_path, **{"    event: [target, damage, discard]": "    event: target\n    effect: do nothing"})
    assert problems(folder) == ["pack.yaml:50:13: a card that cannot be a target is left out of the choice: "
                                "a replacement of the event target has no effect"]


# ---------------------------------------------------------------- state triggers
@pytest.mark.parametrize("goal, result", [(3, "Player 1 wins"), (4, "ongoing")])
@pytest.mark.parametrize("checks", ["in play", "in table"])
def test_a_state_trigger_fires_as_soon_as_its_condition_holds(tmp_path, goal, result, checks):
    # With checks that look at the table only, a card coming into play still makes
    # the trigger look: what its condition looks at counts as what the checks do, and so
    # does the table, where the trigger's card works from.
    folder = make(tmp_path, **{"for each dead in creatures in play": f"for each dead in creatures {checks}"})
    assert load_pack(str(folder), Report()).checks_read == {"zone:play", "zone:table", "damage"}
    sc = {"name": "goal", "options": {"goal": goal},
          "setup": {"turn": 2, "active": 0, "phase": "main", "shared": {"table": ["Goal"]},
                    "players": [{"zones": {"play": ["Ant"], "hand": ["Bat"]}}, {"zones": {"play": ["Doe"]}}]},
          "script": ["Player 1: Cast: Bat"], "expect": {"result": result}}
    state = run(tmp_path, sc)
    fired = ["Bat moves from Player 1's hand to Player 1's play", "Goal of Goal triggers", "Player 1 wins the game"]
    assert run_of(state.log, fired) == (goal == 3)
    assert ("Goal of Goal triggers" in state.log) == (goal == 3)


def test_a_comment_line_may_stand_between_the_statements_of_a_block(tmp_path):
    folder = make(tmp_path, **{"    effect: |\n      its controller may": "    effect: |\n      # asked first\n      its controller may",
                               "        remove all damage from it\n": "        remove all damage from it\n        # then kept\n"})
    load_pack(str(folder), Report())


# ---------------------------------------------------------------- triggers on marks
BEAST = "  beast:\n    abilities:\n"
TAGGING = {
    "durations:": "marks: {tagged: Tagged.}\ndurations:",
    HUNT: HUNT + "      - {name: Tag, pile: false, targets: {foe: creature in play}, effect: mark foe as tagged until end of turn}\n",
    BEAST: BEAST + "      - {name: Grow, trigger: whenever this becomes tagged, pile: false, effect: add a plus counter to this}\n"}


def test_a_trigger_on_a_mark_fires_each_time_the_card_is_marked(tmp_path):
    # Doe, a beast, grows each time it is tagged, though it is tagged already; Bat does not.
    make(tmp_path, **TAGGING)
    state = play(tmp_path, ["Ant"], ["Doe", "Bat"], ["Player 1: Tag: Ant", "Player 1: Doe",
                                                     "Player 1: Tag: Ant", "Player 1: Doe",
                                                     "Player 1: Tag: Ant", "Player 1: Bat"])
    assert state.log.count("Grow of Doe triggers") == 2
    assert state.s.prop(card(state, "Doe"), "size") == 4 and state.s.prop(card(state, "Bat"), "size") == 2


def test_a_trigger_names_a_mark_the_pack_declares(tmp_path):
    folder = make(tmp_path, **{**TAGGING, "becomes tagged,": "becomes taged,"})
    assert problems(folder) == ['pack.yaml:32:53: unknown mark "taged"; did you mean "tagged"?']


# ---------------------------------------------------------------- abilities by name
def test_two_types_giving_an_ability_of_the_same_name_give_it_once(tmp_path):
    folder = make(tmp_path)
    pack = load_pack(str(folder), Report())
    assert [a.name for a in pack.cards["Doe"].abilities] == ["Cast", "Hide", "Zap", "Storm", "Purge", "Offer", "Hunt"]


def test_a_failing_scenario_names_its_line(tmp_path):
    with pytest.raises(ScenarioFailure):
        play(tmp_path, ["Ant"], [], expect={"result": "Player 2 wins"})
