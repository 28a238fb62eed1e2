"""What a scenario can say and check: its starting position, the steps of its script
(decisions, expectations on the way, stops), and the expectations it ends with.
Each test runs scenarios written as a designer writes them, against a built-in pack."""
from __future__ import annotations

import textwrap

import pytest

from cardtable import Report, load_pack
from cardtable.interpreter.packs.scenario import ScenarioFailure, load_scenarios, run_scenario


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


# ------------------------------------------------------------ the starting position

def test_the_checks_run_on_the_position_a_setup_builds(magic54, tmp_path):
    assert outcomes(magic54, tmp_path, """
        scenarios:
          - name: a player set up at 0 life has lost before anyone decides
            setup:
              turn: 3
              active: Red
              phase: pre_attack
              players:
                - zones: {hand: [Two of Hearts]}
                - life: 0
            expect:
              result: Red wins
              log: [Black loses the game, Red wins the game]
          - name: a creature set up with lethal damage dies before anyone decides
            setup:
              turn: 3
              active: Red
              phase: pre_attack
              players:
                - zones:
                    hand: [Two of Hearts]
                    play: [Three of Hearts, "Jack of Hearts: damage 1", "King of Hearts: damage 2"]
                - zones: {}
            expect:
              players:
                - zones: {play: [Three of Hearts, King of Hearts], discard: [Jack of Hearts]}
              damage: {King of Hearts: 2}
              log: [Jack of Hearts moves from Red's play to Red's discard]
              decision: {player: Red, options: [pass, "Damage: Two of Hearts"]}
        """) == ["ok", "ok"]
