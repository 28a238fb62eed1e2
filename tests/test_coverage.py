"""`cardtable test --coverage`: what a pack's scenarios leave untested, said where it is
written, with a threshold for CI and a JSON report; a pack run without it notes nothing."""
from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable import Report, load_pack
from cardtable.cli import main
from cardtable.interpreter.packs import coverage
from cardtable.interpreter.packs.scenario import load_scenarios, run_scenario

ROOT = Path(__file__).resolve().parent.parent

# A pack of four cards: Bear (an ability used, a trigger that fires), Lion (a static ability
# that applies, a trigger that never fires), Zap (used, but its `if` keeps its effect from
# happening) and Ghost, which no deck holds and no scenario places.
PACK = """\
    id: cover
    name: Cover
    version: 1.0.0
    players:
      min: 2
      max: 2
      seats:
        - {name: North, deck: north}
        - {name: South, deck: north}
    zones:
      deck: {per: player, visibility: hidden, ordered: true, role: deck}
      hand: {per: player, visibility: owner, role: hand}
      play: {per: player, role: play}
    card_types:
      creature: {}
      spell: {}
    properties:
      power: {default: 0}
    player_counters:
      life: {start: 10}
    windows:
      main: The main window.
    decks:
      north: {cards: [Bear, Lion, Zap]}
    cards:
      - cards/*.yaml
    checks: |
      for each p in players where life of it <= 0:
        p loses the game
    setup: |
      for each p in players:
        p draws 3 cards
    turn:
      - phase: main
        steps:
          - step: act
            script: window main
          - step: cleanup
            script: increase life of active player by 0
"""

CARDS = """\
    cards:
      - name: Bear
        types: [creature]
        power: 2
        abilities:
          - name: Summon
            from: hand
            effect: put this into play
          - name: Roar
            trigger: when this enters play
            effect: increase life of you by 1
      - name: Lion
        types: [creature]
        power: 1
        abilities:
          - name: Pride
            static: other creatures you control in play
            effect: increase power of it by 1
          - name: Farewell
            trigger: when this leaves play
            effect: increase life of you by 1
      - name: Zap
        types: [spell]
        abilities:
          - name: Zap
            from: hand
            targets: {target: creature in play}
            if: life of you > 10
            effect: put target into its owner's hand
      - name: Ghost
        types: [creature]
        abilities:
          - name: Haunt
            trigger: when this enters play
            effect: increase life of you by 2
"""

SCENARIOS = """\
    scenarios:
      - name: the Bear roars as it comes into play beside the Lion
        setup: {turn: 1, active: North, phase: main, step: act,
                players: [{zones: {hand: [Bear, Zap], play: [Lion]}}, {zones: {}}]}
        script:
          - "North: Summon: Bear"
        expect:
          players: [{counters: {life: 11}}, {counters: {life: 10}}]
          cards: {Bear: {power: 3}}
      - name: a Zap does nothing at 10 life
        setup: {turn: 1, active: North, phase: main, step: act,
                players: [{zones: {hand: [Zap, Zap], play: [Lion]}}, {zones: {}}]}
        script:
          - "North: Zap: Zap"
        expect:
          log: ["Zap of Zap does nothing (if: life of you > 10)"]
"""

SUMMARY = """\
coverage of Cover (cover) by 2 scenarios:
  cards: 3 of 4 used (75.0%)
  abilities: 4 of 6 used (66.6%); 1 of the unused is of cards no scenario's game has
  rules: 2 of 4 used (50.0%)
cover/cards/cards.yaml:19:15: Lion: "Farewell" (triggered) is used by no scenario
cover/cards/cards.yaml:25:15: Zap: "Zap" (activated) was used, but its effect never happened
cover/pack.yaml:30:8: the setup ran in no scenario
cover/pack.yaml:39:17: the script of step cleanup (phase main) ran in no scenario
no deck holds the cards of these and no scenario's game has them, so no scenario can use them:
cover/cards/cards.yaml:33:15: Ghost: "Haunt" (triggered)
cards in no deck and in no scenario's game (1): Ghost
"""


@pytest.fixture
def cover(tmp_path, monkeypatch):
    """The pack in ./cover, with its scenarios in its tests/ folder."""
    for name, text in (("pack.yaml", PACK), ("cards/cards.yaml", CARDS), ("tests/cover.yaml", SCENARIOS)):
        path = tmp_path / "cover" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "cover"


def test_the_summary_names_what_no_scenario_used_where_it_is_written(cover):
    result = CliRunner().invoke(main, ["test", "cover", "--coverage"])
    assert (result.exit_code, result.stdout, result.stderr) == (0, SUMMARY + "2 passed, 0 failed\n", "")


def test_a_scenario_that_uses_nothing_leaves_the_static_ability_and_the_trigger_unused(cover):
    # -k runs the second scenario alone: the Bear is never summoned, so neither its Summon
    # nor its Roar is used, and no Bear is in play for the Lion's Pride to apply to.
    result = CliRunner().invoke(main, ["test", "cover", "--coverage", "-k", "Zap"])
    lines = result.stdout.splitlines()
    assert lines[1:4] == ["  cards: 1 of 4 used (25.0%)",
                          "  abilities: 1 of 6 used (16.6%); 1 of the unused is of cards no scenario's game has",
                          "  rules: 2 of 4 used (50.0%)"]
    assert lines[4:8] == ['cover/cards/cards.yaml:6:15: Bear: "Summon" (activated) is used by no scenario',
                          'cover/cards/cards.yaml:9:15: Bear: "Roar" (triggered) is used by no scenario',
                          'cover/cards/cards.yaml:16:15: Lion: "Pride" (static) is used by no scenario',
                          'cover/cards/cards.yaml:19:15: Lion: "Farewell" (triggered) is used by no scenario']
    assert "cards no scenario used (2): Bear; Lion" in lines


@pytest.mark.parametrize("least, code", [(66, 0), (66.7, 1), (100, 1)])
def test_coverage_min_fails_a_pack_whose_scenarios_use_less_of_its_abilities(cover, least, code):
    result = CliRunner().invoke(main, ["test", "cover", "--coverage-min", str(least)])
    assert result.exit_code == code
    assert result.stdout == SUMMARY + "2 passed, 0 failed\n"      # --coverage-min shows the summary too
    assert result.stderr == ("" if code == 0 else
                             f"error: the scenarios of Cover use 66.6% of its abilities, less than --coverage-min "
                             f"{least:g}%\n")


def test_coverage_min_is_a_percentage():
    result = CliRunner().invoke(main, ["test", "magic54", "--coverage-min", "101"])
    assert result.exit_code == 2
    assert "101.0 is not in the range 0<=x<=100" in result.stderr


def test_a_failed_scenario_keeps_its_exit_code_whatever_the_coverage(cover):
    (cover / "tests" / "cover.yaml").write_text(textwrap.dedent(SCENARIOS).replace("life: 11", "life: 12"))
    result = CliRunner().invoke(main, ["test", "cover", "--coverage-min", "0", "-q"])
    assert result.exit_code == 1
    assert result.stdout.endswith("1 passed, 1 failed\n")
    # What the failed scenario did before it failed counts: the Bear was summoned and roared.
    # It failed before it read the Bear's power, which the Lion's Pride was then never applied to.
    assert result.stdout.splitlines()[2] == ("  abilities: 3 of 6 used (50.0%); 1 of the unused is of cards no "
                                             "scenario's game has")
    assert 'cover/cards/cards.yaml:16:15: Lion: "Pride" (static) is used by no scenario' in result.stdout


def test_coverage_out_writes_every_ability_and_rule_as_json(cover):
    result = CliRunner().invoke(main, ["test", "cover", "--coverage-out", "coverage.json"])
    assert (result.exit_code, result.stdout) == (0, SUMMARY + "2 passed, 0 failed\n")
    report = json.loads((cover.parent / "coverage.json").read_text(encoding="utf-8"))
    [pack] = report["packs"]
    assert {k: pack[k] for k in ("pack", "name", "scenarios", "share", "cards_without_abilities")} == {
        "pack": "cover", "name": "Cover", "scenarios": 2, "share": 66.67, "cards_without_abilities": 0}
    assert pack["cards"] == [{"name": "Bear", "used": True, "reachable": True},
                             {"name": "Ghost", "used": False, "reachable": False},
                             {"name": "Lion", "used": True, "reachable": True},
                             {"name": "Zap", "used": True, "reachable": True}]
    assert [(a["owner"], a["name"], a["kind"], a["line"], a["used"], a["effect_happened"], a["reachable"])
            for a in pack["abilities"]] == [
        ("Bear", "Summon", "activated", 6, True, True, True),
        ("Bear", "Roar", "triggered", 9, True, True, True),
        ("Lion", "Pride", "static", 16, True, True, True),
        ("Lion", "Farewell", "triggered", 19, False, False, True),
        ("Zap", "Zap", "activated", 25, True, False, True),
        ("Ghost", "Haunt", "triggered", 33, False, False, False)]
    assert pack["abilities"][0]["file"] == "cover/cards/cards.yaml"
    assert [(r["rule"], r["line"], r["ran"]) for r in pack["rules"]] == [
        ("the checks", 27, True), ("the setup", 30, False), ("the script of step act (phase main)", 37, True),
        ("the script of step cleanup (phase main)", 39, False)]


def test_coverage_out_on_standard_output_sends_the_rest_to_standard_error(cover):
    result = CliRunner().invoke(main, ["test", "cover", "--coverage-out", "-", "-v"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["packs"][0]["share"] == 66.67
    assert result.stderr == ("ok   the Bear roars as it comes into play beside the Lion\n"
                             "ok   a Zap does nothing at 10 life\n" + SUMMARY + "2 passed, 0 failed\n")


def test_coverage_out_is_checked_before_any_scenario_runs(cover):
    # A file the command reads, refused as soon as the pack is read, and kept whole.
    result = CliRunner().invoke(main, ["test", "cover", "--coverage-out", "cover/pack.yaml"])
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == ("error: cover/pack.yaml: cannot write the coverage report there: it is a file this "
                             "command reads (cover/pack.yaml): give another file\n")
    assert (cover / "pack.yaml").read_text(encoding="utf-8") == textwrap.dedent(PACK)
    # A folder that does not exist, before the pack is read.
    result = CliRunner().invoke(main, ["test", "cover", "--coverage-out", "no/such/folder/coverage.json"])
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == ("error: no/such/folder/coverage.json: cannot write the coverage report there: the "
                             "folder no/such/folder does not exist\n")


def test_without_coverage_nothing_is_noted(cover):
    pack = load_pack("cover", Report())
    assert pack.coverage is None
    scenarios = load_scenarios(cover / "tests" / "cover.yaml", Report())
    recorder = coverage.Recorder(pack)
    covered = coverage.covering(pack, recorder)
    run_scenario(covered, scenarios[0])
    noted = ({ab.name: names for ab, names in recorder.uses.items()}, {ab.name for ab in recorder.effects},
             set(recorder.ran))
    assert noted == ({"Summon": {"Bear"}, "Roar": {"Bear"}, "Pride": {"Lion"}}, {"Summon", "Roar"},
                     {("step", "main", "act"), ("checks",)})
    # The pack itself is not the copy that notes: its games tell the recorder nothing.
    assert pack.coverage is None and pack.setup is not covered.setup
    for sc in scenarios:
        run_scenario(pack, sc)
    assert ({ab.name: names for ab, names in recorder.uses.items()}, {ab.name for ab in recorder.effects},
            set(recorder.ran)) == noted
    # Nor does the command without --coverage say anything of it.
    result = CliRunner().invoke(main, ["test", "cover"])
    assert (result.exit_code, result.stdout) == (0, "2 passed, 0 failed\n")


def test_a_pack_without_abilities_says_so(monkeypatch, tmp_path):
    # Go Fish's rules are its pack.yaml's alone; dealing, nothing changes what its checks read.
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["test", "go_fish", "--coverage", "-k", "five cards each"])
    folder = ROOT / "variants" / "go_fish"
    assert (result.exit_code, result.stdout.splitlines()) == (0, [
        f"coverage of Go Fish ({folder}) by 1 scenario:",
        "  cards: none of the 52 has an ability",
        "  abilities: none",
        "  rules: 2 of 3 used (66.6%)",
        f"{folder}/pack.yaml:88:9: the checks ran in no scenario",
        "1 passed, 0 failed"])
