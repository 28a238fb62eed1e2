"""What a scenario can say and check: its starting position, the steps of its script
(decisions, expectations on the way, stops), and the expectations it ends with.
Each test runs scenarios written as a designer writes them, against a built-in pack."""
from __future__ import annotations

import json
import shutil
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable import Report, load_pack
from cardtable.cli import main
from cardtable.interpreter.packs.scenario import ScenarioFailure, load_scenarios, run_scenario

pytest_plugins = ["pytester"]
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def magic54():
    return load_pack("magic54", Report())


def outcomes(pack, tmp_path, text: str) -> list[str]:
    """Each scenario of the YAML text: "ok", or "LINE:COL: message" where it failed."""
    path = tmp_path / "scenarios.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    report = Report()
    scenarios = load_scenarios(path, report)
    assert report.ok, report.problems
    out = []
    for sc in scenarios:
        try:
            run_scenario(pack, sc)
        except ScenarioFailure as e:
            out.append(f"{e.line}:{e.col}: {e.message}")
        else:
            out.append("ok")
    return out


# --------------------------------------------------------- scenario files anywhere

DATA = Path(__file__).parent / "data" / "scenarios"


def test_a_scenario_file_outside_a_pack_runs_against_the_pack_it_names(tmp_path, monkeypatch):
    # The checks run on the position a setup builds: the file's two scenarios say so.
    result = CliRunner().invoke(main, ["test", str(DATA / "starting_position.yaml"), "-v"])
    assert (result.exit_code, result.stdout) == (0, "ok   a player set up at 0 life has lost before anyone decides\n"
                                                    "ok   a creature set up with lethal damage dies before anyone decides\n"
                                                    "2 passed, 0 failed\n")
    # A path in `pack:` is read from the file's folder; --pack overrides the file.
    monkeypatch.chdir(tmp_path)
    shutil.copytree(ROOT / "variants" / "magic54", tmp_path / "packs" / "m54")
    (tmp_path / "checks").mkdir()
    text = (DATA / "starting_position.yaml").read_text(encoding="utf-8")
    (tmp_path / "checks" / "start.yaml").write_text(text.replace("pack: magic54", "pack: ../packs/m54"))
    (tmp_path / "checks" / "bare.yml").write_text(text.replace("pack: magic54\n", ""))
    both = CliRunner().invoke(main, ["test", "checks/start.yaml", "magic54", "-v"]).stdout.splitlines()
    assert both[0] == "ok   a player set up at 0 life has lost before anyone decides"
    assert "ok   Knowledge draws a card and does not tap the King" in both
    assert both[-1] == f"{len(both) - 1} passed, 0 failed"
    given = CliRunner().invoke(main, ["test", "checks/bare.yml", "--pack", "packs/m54"])
    assert (given.exit_code, given.stdout) == (0, "2 passed, 0 failed\n")
    bare = CliRunner().invoke(main, ["test", "checks/bare.yml"])
    assert (bare.exit_code, bare.stdout) == (1, "0 passed, 0 failed\n")
    assert bare.stderr.splitlines()[0] == (
        "checks/bare.yml:1:1: error: no pack to run these scenarios against: write the pack's name or path as "
        "`pack:` at the top of the file, or give --pack")


def test_pytest_collects_scenario_files_that_name_their_pack(pytester):
    folder = pytester.path / "checks"
    folder.mkdir()
    text = (DATA / "starting_position.yaml").read_text(encoding="utf-8")
    (folder / "start.yaml").write_text(text)
    (folder / "other.yaml").write_text("pack: a list of things, not scenarios\n")
    result = pytester.runpytest("-p", "no:cacheprovider", str(folder), "-v")
    result.assert_outcomes(passed=2)
    assert "start.yaml::a player set up at 0 life has lost before anyone decides PASSED" in result.stdout.str()


# ------------------------------------------------------- what a scenario's game is made of

def test_test_tells_every_problem_of_the_options_of_every_scenario_and_plays_the_others(tmp_path):
    # Each scenario stopped at its first bad option: a designer fixed one and ran again to find the next.
    path = tmp_path / "options.yaml"
    path.write_text(textwrap.dedent("""\
        pack: magic54
        scenarios:
          - name: misspelt
            options: {startng_life: 5, hand_limit: 3, turn_limt: 9}
            seed: 1
          - name: fine
            options: {opening_hand: 2}
            seed: 1
            expect: {players: [{zones: {hand: {count: 2}}}, {zones: {hand: {count: 2}}}]}
          - name: bad values and players
            options: {starting_life: many, opening_hand: -3}
            players: 3
            seed: 1
        """), encoding="utf-8")
    result = CliRunner().invoke(main, ["test", str(path)])
    assert (result.exit_code, result.stdout) == (1, "1 passed, 2 failed\n")
    assert result.stderr == (
        "FAIL misspelt\n"
        f'  {path}:4:29: Magic 54 has no option "startng_life"; did you mean "starting_life"?\n'
        f'  {path}:4:58: Magic 54 has no option "turn_limt"; did you mean "turn_limit"?\n'
        "FAIL bad values and players\n"
        f'  {path}:11:30: option "starting_life" takes a whole number, not "many"\n'
        f'  {path}:11:50: option "opening_hand" must be at least 0, not -3\n'
        f"  {path}:12:14: Magic 54 is played by 2 players, not 3\n")
    # validate tells the same problems at the same places.
    folder = tmp_path / "m54"
    shutil.copytree(ROOT / "variants" / "magic54", folder)
    shutil.copy(path, folder / "tests" / "options.yaml")
    said = CliRunner().invoke(main, ["validate", str(folder), "--format", "json"])
    problems = [(p["line"], p["column"], p["message"]) for p in json.loads(said.stdout)["problems"]]
    assert problems == [(4, 29, 'Magic 54 has no option "startng_life"; did you mean "starting_life"?'),
                        (4, 58, 'Magic 54 has no option "turn_limt"; did you mean "turn_limit"?'),
                        (11, 30, 'option "starting_life" takes a whole number, not "many"'),
                        (11, 50, 'option "opening_hand" must be at least 0, not -3'),
                        (12, 14, "Magic 54 is played by 2 players, not 3")]


def _without_decks(folder: Path) -> Path:
    """A copy of Magic 54 whose seats name decks the pack leaves to the players."""
    shutil.copytree(ROOT / "variants" / "magic54", folder)
    path = folder / "pack.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(text[text.index("\ndecks:\n"):text.index("\ncards:\n")], ""), encoding="utf-8")
    return folder


def test_a_pack_without_decks_plays_the_scenarios_that_set_up_their_cards(tmp_path):
    # Every scenario was refused with "give one with --deck", a setup that places every card too.
    folder = _without_decks(tmp_path / "m54")
    (folder / "tests" / "new_game.yaml").write_text(textwrap.dedent("""\
        scenarios:
          - name: a new game deals
            seed: 1
        """), encoding="utf-8")
    result = CliRunner().invoke(main, ["test", str(folder)])
    scenarios = sum(len(load_scenarios(path, Report())) for path in (folder / "tests").glob("*.yaml"))
    # The one other scenario without a setup (rulings.yaml) fails as this one does.
    assert (result.exit_code, result.stdout) == (1, f"{scenarios - 2} passed, 2 failed\n")
    file = folder / "tests" / "new_game.yaml"
    assert (
        "FAIL a new game deals\n"
        f'  {file}:2:5: without a setup the game deals its decks, and Red plays the deck "red", which Magic 54 does '
        'not declare (decks); Black plays the deck "black", which Magic 54 does not declare (decks): give the '
        "scenario a setup that places the cards it needs, or declare the deck\n") in result.stderr
    # validate says so before any game is played.
    said = CliRunner().invoke(main, ["validate", str(folder)])
    assert said.exit_code == 1
    assert said.stdout.count(": error: without a setup the game deals its decks") == 2


def test_a_pack_without_decks_is_simulated_with_the_decks_given(tmp_path):
    # The decks given were refused as the pack's own were looked up first.
    folder = _without_decks(tmp_path / "m54")
    (tmp_path / "red.txt").write_text("27 Ace of Hearts\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["simulate", str(folder), "-n", "1", "--deck", str(tmp_path / "red.txt")])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("magic54 2.6.0: 1 game, 2 players, seeds 0 to 0\n")


# ------------------------------------------------------------- steps of a script

ATTACK = """
    setup:
      turn: 3
      active: Red
      phase: pre_attack
      players:
        - zones:
            play: ["Jack of Hearts: entered 1"]
        - zones: {}
"""


def scenario(body: str, setup: str = ATTACK, name: str = "it") -> str:
    """A scenario file's text: one scenario, its setup and the rest (each dedented)."""
    return f"scenarios:\n  - name: {name}\n" + textwrap.indent(
        textwrap.dedent(setup).strip("\n") + "\n" + textwrap.dedent(body).strip("\n") + "\n", "    ")


def test_expectations_between_decisions_stops_and_the_decisions_taken_silently(magic54, tmp_path):
    assert outcomes(magic54, tmp_path, scenario("""
        script:
          - expect:
              taken: ["Red: pass", "Black: pass"]
              decision: {player: Red, options: [done, Jack of Hearts]}
          - "Red: Jack of Hearts"
          - until: {turn: 3, step: combat_damage}
          - expect:
              players: [{life: 20}, {life: 20}]
              cards:
                Jack of Hearts: {tapped: true, marks: {attacking: true}, attack: 1, zone: "Red's play"}
              no_decision: true
              taken: ["Red: pass", "Black: pass"]
          - until: {phase: post_attack}
          - expect:
              players: [{life: 20}, {life: 19}]
              cards: {Jack of Hearts: {marks: {attacking: false}}}
          - until: {end_of_turn: 3}
        expect:
          taken: ["Red: pass", "Black: pass"]
          no_decision: true
          log: [Jack of Hearts deals 1 damage to Black, Red passes, Black passes]
          log_absent: [turn 4 (Black)]
        """)) == ["ok"]


def test_a_taken_that_differs_says_what_the_game_took_and_what_the_scenario_expects(magic54, tmp_path):
    (got,) = outcomes(magic54, tmp_path, scenario("""
        script:
          - expect:
              taken: ["Red: pass"]
        """))
    assert got.split(": ", 1)[1] == "the decisions the game took by itself are [Red: pass; Black: pass], not [Red: pass]"


def test_with_auto_false_the_script_makes_every_decision(magic54, tmp_path):
    assert outcomes(magic54, tmp_path, scenario("""
        auto: false
        script:
          - "Red: pass"
          - "Black: pass"
          - "Red: Jack of Hearts"
          - "Red: pass"
          - "Black: pass"
          - until: {turn: 3, phase: post_attack}
        expect:
          players: [{}, {life: 19}]
          taken: []
        """) + scenario("""
        auto: false
        script:
          - "Red: Jack of Hearts"
        """, name="not yet")[len("scenarios:\n"):]) == [
        "ok", '33:9: step 1: "Jack of Hearts" is not an option; the options are: pass (Red: play a card, use a Special or pass (before the attack))']


HAND = """
    setup:
      turn: 3
      active: Red
      phase: pre_attack
      players:
        - life: 20
          zones:
            hand: [Two of Hearts]
            play: [Three of Hearts]
        - life: 3
"""


@pytest.mark.parametrize("until, setup, message", [
    ("{turn: 3, step: combat_damage}", HAND, "the game waits for a decision before turn 3's combat_damage step: "
                                             "Red: play a card, use a Special or pass (before the attack)"),
    ("{turn: 3, phase: beginning}", HAND, "the game is past turn 3's beginning phase: the scenario stopped it as "
                                          "turn 3's pre_attack phase begins"),
    ("{turn: 4}", ATTACK.replace("Jack", "King").replace("- zones: {}", "- life: 3"), "the game ended on turn 3, before the start of turn 4: Red wins"),
    ("{step: combat_dmg}", HAND, 'unknown step "combat_dmg"; did you mean "combat_damage"?'),
    ("{phase: atack}", HAND, 'unknown phase "atack"; did you mean "attack"?'),
])
def test_a_stop_the_game_does_not_reach_says_why(magic54, tmp_path, until, setup, message):
    script = 'script:\n  - "Red: King of Hearts"\n' if "King" in setup else "script:\n"
    (got,) = outcomes(magic54, tmp_path, scenario(script + f"  - until: {until}\n", setup))
    assert got.split(": ", 1)[1] == message


def test_until_a_condition_stops_at_the_first_decision_where_it_holds(magic54, tmp_path):
    # Black is at 19 once the Jack's damage is dealt: the game stops as the next phase
    # begins, before its decisions; then at the first pause of Black's turn, where the
    # seat names hold the players.
    assert outcomes(magic54, tmp_path, scenario("""
        script:
          - "Red: Jack of Hearts"
          - until: {condition: "life of Black < 20"}
          - expect:
              players: [{life: 20}, {life: 19}]
              taken: ["Red: pass", "Black: pass"]
              log_absent: [turn 4 (Black)]
          - until: {condition: "you = Black and count of cards in Red's play = 1"}
        expect:
          taken: ["Red: pass", "Black: pass"]
          log: [turn 4 (Black)]
          log_absent: [Black draws a card]
        """)) == ["ok"]


@pytest.mark.parametrize("until, message", [
    ('{condition: "life of Black < 3"}', '12:16: the game waits for a decision before "life of Black < 3" holds: Red: choose '
                                         'your attackers (chosen: none)'),
    ('{condition: "life of Black > 5"}', '13:16: the game ended on turn 3 and "life of Black > 5" never held: Red wins'),
    ('{condition: "life of Blck > 5 and lfe of Red > 1"}', '13:37: until: unknown name "Blck"; did you mean "Black"?'),
    ('{condition: "count of cards in Black\'s hand"}', '12:28: until: "count of cards in Black\'s hand" is a number, '
                                                        'not a condition that holds or not'),
    ('{turn: 3, condition: "turn = 4"}', "12:23: until: condition is a point of its own: give it without turn"),
])
def test_until_a_condition_that_never_holds_or_does_not_read_says_so_at_its_place(magic54, tmp_path, until, message):
    # King of Hearts deals 3: Black, at 3 life, loses in turn 3. A mistake in the condition
    # is told at its place in the file (line 13, the condition's text from column 29).
    king = ATTACK.replace("Jack", "King").replace("- zones: {}", "- life: 3")
    script = "script:\n  - \"Red: King of Hearts\"\n" if ">" in until else "script:\n"
    (got,) = outcomes(magic54, tmp_path, scenario(script + f"  - until: {until}\n", king if ">" in until else ATTACK))
    assert got == message


def test_the_cards_of_a_payment_are_named_in_any_order(magic54, tmp_path):
    knowledge = """
        setup:
          turn: 3
          active: Red
          phase: pre_attack
          players:
            - zones:
                deck: [Ace of Hearts]
                play: [Three of Hearts, Five of Hearts, Seven of Hearts, Nine of Hearts, King of Hearts]
            - zones: {}
        script:
          - "Red: Knowledge: King of Hearts"
    """
    pays = [  # named, then what the log or the failure says
        ("[Nine of Hearts, Three of Hearts, Seven of Hearts]", "Three of Hearts, Seven of Hearts, Nine of Hearts"),
        ("[Nine of Hearts, Seven of Hearts, Five of Hearts]", "Five of Hearts, Seven of Hearts, Nine of Hearts"),
    ]
    text = "scenarios:\n" + "".join(
        "  - name: pays\n" + textwrap.indent(textwrap.dedent(knowledge), "    ")
        + f"      - {{player: Red, choose: {named}}}\n    expect:\n      log: [\"Red pays 3 mana with {paid}\"]\n"
        + "      cards: {Five of Hearts: {tapped: " + ("false" if "Five" not in paid else "true") + "}}\n"
        for named, paid in pays)
    for named in ("[Nine of Hearts, Seven of Hearts, Queen of Hearts]",
                  "[Three of Hearts, Five of Hearts, Nine of Hearts, Seven of Hearts]"):
        text += "  - name: fails\n" + textwrap.indent(textwrap.dedent(knowledge), "    ") + \
            f"      - {{player: Red, choose: {named}}}\n"
    assert [o.split(": ", 1)[-1] for o in outcomes(magic54, tmp_path, text)] == [
        "ok", "ok",
        "step 2: none of Nine of Hearts, Seven of Hearts, Queen of Hearts is an option; the options are: "
        "Three of Hearts; Five of Hearts (Red: pay 3 mana for King of Hearts (paid 0))",
        'step 2: the choice was over before "Nine of Hearts" was chosen']


def test_a_refused_step_says_which_decision_of_the_script_it_was(magic54, tmp_path):
    (got,) = outcomes(magic54, tmp_path, scenario("""
        script:
          - expect: {result: ongoing}
          - "Red: pass"
          - "Black: pass"
        """, HAND))
    assert got == ("16:9: step 3 (the script's 2nd decision): it is Red's decision, not Black's (Red: play a card, "
                   "use a Special or pass (after the attack)); the game took \"Black: pass\" by itself, the only option "
                   "then: a script names only real choices (`taken` expects those the game took, `auto: false` "
                   "scripts every decision)")


# ------------------------------------------------------------------- expectations

BOARD = """
    setup:
      turn: 3
      active: Red
      phase: pre_attack
      players:
        - zones:
            hand: [Two of Hearts]
            play: [Three of Hearts, "Jack of Hearts: damage 0", "Queen of Hearts: tapped", Jack of Hearts]
        - zones:
            play: [Jack of Spades]
"""


def test_a_position_meets_every_kind_of_expectation(magic54, tmp_path):
    assert outcomes(magic54, tmp_path, scenario("""
        expect:
          result: ongoing
          game_over: false
          players:
            - zones:
                hand: {count: 1, contains: [Two of Hearts]}
                play:
                  in_any_order: [Queen of Hearts, Jack of Hearts, Three of Hearts, Jack of Hearts]
                  contains: [Jack of Hearts, Jack of Hearts]
                  does_not_contain: [King of Hearts]
          cards:
            Jack of Hearts:
              - {zone: play, controller: Red, owner: 0, tapped: false, face_down: false, damage: 0,
                 attack: 1, defense: 1, marks: {attacking: false}, counters: {}}
              - {zone: "Red's play"}
            Queen of Hearts: {tapped: true}
            Jack of Spades: {controller: 1, zone: "Black's play"}
          taken: []
          decision: {player: 0}
        """, BOARD)) == ["ok"]


@pytest.mark.parametrize("expect, message", [
    ("cards: {Jack of Hearts: {attack: 2}}", "Jack of Hearts has attack 1, not 2"),
    ("cards: {Jack of Hearts: {zone: hand}}", "Jack of Hearts is in Red's play, not in hand"),
    ("cards: {Jack of Hearts: {atack: 2}}", 'unknown card property "atack"; did you mean "attack"?'),
    ("cards: {Jack of Hearts: {marks: {attacking: true}}}", "Jack of Hearts is not marked attacking"),
    ("cards: {Jack of Hearts: {marks: {atacking: true}}}", 'unknown mark "atacking"; did you mean "attacking"?'),
    ("cards: {Jack of Hearts: {counters: {charge: 1}}}", 'unknown card counter "charge"'),
    ("cards: {Queen of Hearts: {tapped: false}}", "Queen of Hearts is tapped"),
    ("cards: {Queen of Hearts: {face_down: true}}", "Queen of Hearts is face up"),
    ("cards: {Queen of Hearts: {damage: 1}}", "Queen of Hearts has 0 damage, not 1"),
    ("cards: {Jack of Hearts: [{tapped: false}]}", 'the game has 2 cards named "Jack of Hearts", not 1'),
    ("cards: {Jack of Hearts: [{}, {damage: 2}]}", "the 2nd Jack of Hearts has 0 damage, not 2"),
    ("cards: {Jack of Hears: {tapped: true}}", 'no card named "Jack of Hears" in this game; did you mean "Jack of Hearts"?'),
    ("cards: {Jack of Spades: {controller: Red}}", "Jack of Spades is controlled by Black, not Red"),
    ("cards: {Jack of Spades: {owner: 0}}", "Jack of Spades is owned by Black, not 0"),
    ("cards: {Jack of Spades: {keywords: [flying]}}", 'unknown keyword "flying"'),
    ("cards: {Jack of Spades: {types: [mana]}}", "Jack of Spades is of the card types [creature], not [mana]"),
    ("cards: {Jack of Spades: {types: [creatur]}}", 'unknown card type "creatur"; did you mean "creature"?'),
    ("players: [{zones: {play: {in_any_order: [Queen of Hearts]}}}]",
     "Red's play holds [Three of Hearts, Jack of Hearts, Queen of Hearts, Jack of Hearts], not [Queen of Hearts] in any order"),
    ("players: [{zones: {play: [Queen of Hearts, Three of Hearts, Jack of Hearts, Jack of Hearts]}}]",
     "Red's play holds [Three of Hearts, Jack of Hearts, Queen of Hearts, Jack of Hearts], not [Queen of Hearts, "
     "Three of Hearts, Jack of Hearts, Jack of Hearts]: the same cards in another order (play is not ordered: its "
     "cards are in the order they came in); expect {in_any_order: [Queen of Hearts, Three of Hearts, Jack of Hearts, "
     "Jack of Hearts]} when the order does not matter"),
    ("players: [{zones: {play: [Queen of Hearts]}}]",
     "Red's play holds [Three of Hearts, Jack of Hearts, Queen of Hearts, Jack of Hearts], not [Queen of Hearts]"),
    ("players: [{}, {zones: {play: {contains: [Queen of Spades]}}}]", "Black's play holds [Jack of Spades], without Queen of Spades"),
    ("players: [{}, {zones: {play: {contains: [Jack of Spades, Jack of Spades]}}}]",
     "Black's play holds 1 Jack of Spades, not 2: [Jack of Spades]"),
    ("players: [{}, {zones: {play: {does_not_contain: [Jack of Spades]}}}]", "Black's play holds [Jack of Spades], with Jack of Spades"),
    ("players: [{}, {zones: {play: {count: 2}}}]", "Black's play holds 1 cards, not 2"),
    ("game_over: true", "the game is not over (Red: play a card, use a Special or pass (before the attack))"),
    ("no_decision: true", "a decision is open: Red: play a card, use a Special or pass (before the attack)"),
    ("taken: [\"Red: pass\"]", "the decisions the game took by itself are none, not [Red: pass]"),
])
def test_an_expectation_that_does_not_hold_says_what_is_there(magic54, tmp_path, expect, message):
    (got,) = outcomes(magic54, tmp_path, scenario("expect:\n  " + expect, BOARD))
    assert got.split(": ", 1)[1] == message


def test_a_log_line_cut_at_its_comma_by_yaml_is_told_to_be_quoted(magic54, tmp_path):
    (got,) = outcomes(magic54, tmp_path, scenario("""
        script:
          - "Red: Knowledge: King of Hearts"
        expect:
          log: [Red pays 3 mana with Three of Hearts, Five of Hearts, Seven of Hearts]
        """, KNOWLEDGE))
    assert got == (
        '15:13: the log has no line "Red pays 3 mana with Three of Hearts" after the lines matched before it; '
        'the log has "Red pays 3 mana with Three of Hearts, Five of Hearts, Seven of Hearts": '
        'a comma inside [ ] ends the text before it: put the line in quotes')



def test_a_log_line_that_begins_a_longer_one_is_not_said_to_be_cut_by_a_comma(magic54, tmp_path):
    # The next line expected is not the rest of the longer line: the line was written short,
    # not cut by YAML, and quotes would not help.
    (got,) = outcomes(magic54, tmp_path, scenario("""
        script:
          - "Red: Knowledge: King of Hearts"
        expect:
          log: [Red pays 3 mana with Three of Hearts, Red draws a card]
        """, KNOWLEDGE))
    assert got == (
        '15:13: the log has no line "Red pays 3 mana with Three of Hearts" after the lines matched before it; '
        'did you mean "Red pays 3 mana with Three of Hearts, Five of Hearts, Seven of Hearts"?')

KNOWLEDGE = ATTACK.replace('play: ["Jack of Hearts: entered 1"]', """deck: [Ace of Hearts, Ten of Hearts]
            play: [Three of Hearts, Five of Hearts, Seven of Hearts, King of Hearts]""")


@pytest.mark.parametrize("expect, message", [
    ("game_over: false", "the game is over: Red wins"),
    ("no_decision: false", "no decision is open (the game is over: Red wins)"),
    ("decision: {player: Red}", "no decision is open"),
])
def test_a_game_that_is_over_has_no_decision(magic54, tmp_path, expect, message):
    (got,) = outcomes(magic54, tmp_path, scenario("expect:\n  " + expect, BOARD.replace(
        "        - zones:\n            play: [Jack of Spades]", "        - life: 0")))
    assert got.split(": ", 1)[1] == message


# ---------------------------------------------------- one table for each kind of key

def test_the_tables_of_keys_are_the_schemas_keys():
    from cardtable.interpreter.engine.positions import SETUP_KEYS
    from cardtable.interpreter.packs.expectations import CARD_FIELDS, EXPECTATIONS, ZONE_CHECKS
    from cardtable.interpreter.packs.scenario import STEPS
    from cardtable.interpreter.packs.schemacheck import load_schema

    defs = load_schema("scenario")["$defs"]
    assert list(EXPECTATIONS) == list(defs["expectations"]["properties"])
    assert list(ZONE_CHECKS) == list(defs["expected_zone"]["oneOf"][1]["properties"])
    assert list(CARD_FIELDS) == list(defs["expected_card"]["properties"])
    # A decision is a text, or a mapping with `choose`; the other kinds, a mapping with their key.
    assert sorted(STEPS) == sorted({"choose"} | {form["required"][0] for form in defs["step"]["oneOf"][2:]})
    assert "choose" in defs["step"]["oneOf"][1]["required"]
    setup = defs["scenario"]["properties"]["setup"]["properties"]
    # `step` is read with `phase`, `skips` with `direction`, `rounds` where the turn frame begins.
    assert set(SETUP_KEYS) - {"cards"} <= set(setup) <= set(SETUP_KEYS) | {"step", "shared", "skips", "rounds"}


# ------------------------------------------------------------------- the pack guide

def guide_scenarios() -> list[str]:
    """The YAML examples of docs/packs.md's section on scenario tests."""
    return [block.split("\n```", 1)[0] for block in guide_section().split("```yaml\n")[1:]]


def test_the_guide_shows_every_kind_of_step_and_expectation():
    text = "\n".join(guide_scenarios())
    from cardtable.interpreter.packs.expectations import CARD_FIELDS, EXPECTATIONS, ZONE_CHECKS
    from cardtable.interpreter.packs.scenario import STEPS
    # Magic 54, which the examples run against, has no table values, rounds nor places:
    # those are shown in the table of expectations, with their own sections' examples.
    for key in [*EXPECTATIONS, *ZONE_CHECKS, *CARD_FIELDS, *STEPS, "end_of_turn", "auto", "pack"]:
        assert f"{key}:" in (text if key not in ("table", "rounds", "places") else guide_section()), key


def guide_section() -> str:
    guide = (ROOT / "docs" / "packs.md").read_text(encoding="utf-8")
    return guide.split("\n## Scenario tests\n", 1)[1].split("\n## ", 1)[0]


@pytest.mark.parametrize("number", range(len(guide_scenarios())))
def test_the_guides_scenarios_pass(magic54, tmp_path, number):
    # Each runs against Magic 54, whatever pack the example names.
    text = guide_scenarios()[number]
    assert set(outcomes(magic54, tmp_path, text)) == {"ok"}


UNKNOWN_HINT = " (write tapped, face_down, damage N, entered N, control_changed N or a mark)"


@pytest.mark.parametrize("state, message", [
    ("damage ²", 'unknown card state "damage ²"'),
    ("entered ①", 'unknown card state "entered ①"'),
    ("control_changed ٣", 'unknown card state "control_changed ٣"'),
    ("damage 1000000000000000001", '"damage 1000000000000000001": this number is too large: numbers are at most 10¹⁸'),
    ("entered " + "9" * 5000, f'"entered {"9" * 5000}": this number is too large: numbers are at most 10¹⁸'),
])
def test_a_card_state_holds_a_number_written_in_digits_within_the_limit(magic54, tmp_path, state, message):
    text = scenario("expect: {no_decision: false}", setup=ATTACK.replace("entered 1", state))
    [failed] = outcomes(magic54, tmp_path, text)
    assert failed == "9:20: " + message + (UNKNOWN_HINT if message.startswith("unknown") else "")


def test_a_card_state_at_the_limit_is_taken(magic54, tmp_path):
    # Damage at least its defense: the Jack is gone from play (then drawn again from the discard pile).
    text = scenario("expect: {players: [{zones: {play: []}}, {}], log: [Jack of Hearts moves from Red's play to Red's discard]}",
                    setup=ATTACK.replace("entered 1", "damage 1000000000000000000"))
    assert outcomes(magic54, tmp_path, text) == ["ok"]


@pytest.mark.parametrize("given, said", [("1.5", "1.5"), ("true", "true")])
def test_an_option_of_a_number_is_a_whole_number_not_cut_to_one(magic54, tmp_path, given, said):
    text = scenario(f"options: {{starting_life: {given}}}\nexpect: {{players: [{{life: 1}}, {{}}]}}")
    assert outcomes(magic54, tmp_path, text) == [f'11:30: option "starting_life" takes a whole number, not {said}']


def test_an_option_of_a_number_may_be_written_as_a_whole_fraction_or_digits(magic54, tmp_path):
    for given in ("3", "3.0", '"3"'):
        text = scenario(f"options: {{starting_life: {given}}}\nexpect: {{players: [{{life: 3}}, {{life: 3}}]}}")
        assert outcomes(magic54, tmp_path, text) == ["ok"], given


def test_an_expected_player_counter_the_pack_lacks_is_named(magic54, tmp_path):
    text = scenario("expect: {players: [{counters: {mana_plaid: 0}}, {}]}")
    assert outcomes(magic54, tmp_path, text) == ['11:48: unknown player counter "mana_plaid"; did you mean "mana_played"?']


def test_until_the_end_of_a_turn_takes_no_phase_beside_it(magic54, tmp_path):
    text = scenario("script:\n  - until: {end_of_turn: 3, phase: lunch}")
    assert outcomes(magic54, tmp_path, text) == ["12:40: until: end_of_turn is a point of its own: give it without phase"]


def test_a_position_holds_no_more_cards_than_a_game(magic54, tmp_path, monkeypatch):
    from cardtable.interpreter.engine import positions
    monkeypatch.setattr(positions, "CARDS", 2)      # 100,000: a file that large is slow to read here
    setup = ATTACK.replace('play: ["Jack of Hearts: entered 1"]', "play: [Jack of Hearts, Two of Hearts, Six of Hearts]")
    text = scenario("expect: {no_decision: false}", setup=setup)
    assert outcomes(magic54, tmp_path, text) == ["9:51: this is card 3 of the position: a game has at most 2"]


def test_an_expected_round_the_game_lacks_is_said_so(magic54, tmp_path):
    text = scenario("expect: {rounds: {hand: 1}}")
    assert outcomes(magic54, tmp_path, text) == ["11:29: the game has no rounds (the pack declares none)"]
    hearts = load_pack("hearts", Report())
    text = "scenarios:\n  - name: it\n    expect: {rounds: {hnd: 1}}\n"
    [failed] = outcomes(hearts, tmp_path, text)
    assert failed == '3:28: the game has no round "hnd"; did you mean "hand"?'
