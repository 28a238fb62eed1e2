"""The options a scenario names, written as YAML reads them: a label that is a number
unquoted (`options: [1, 2]`), and a `may` question's answers as yes and no, which YAML
reads as true and false."""
from __future__ import annotations

from test_log_lines import state_of
from test_scenarios import outcomes

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.packs.loader import load_pack

BID = 'choose up to one number from 1 to 2 as bid or "pass"\nyou may "draw": you draw 1 card'


def bidding(tmp_path):
    state_of(tmp_path, BID)
    return load_pack(str(tmp_path / "war"), Report())


def test_a_label_that_is_a_number_or_an_answer_may_be_written_unquoted(tmp_path):
    text = """
        scenarios:
          - name: unquoted
            script:
              - expect: {decision: {player: Ann, options: [pass, 1, 2]}}
              - {player: Ann, choose: 2}
              - expect: {decision: {player: Ann, options: [no, yes]}}
              - {player: Ann, choose: yes}
            expect: {log: [Ann chooses 2 as bid, Ann chooses yes (draw)]}
          - name: quoted, as before
            script:
              - expect: {decision: {player: Ann, options: [pass, "1", "2"]}}
              - "Ann: 1"
              - expect: {decision: {options: ["no", "yes"]}}
              - {player: Ann, choose: "no"}
            expect: {log: [Ann chooses 1 as bid, Ann chooses no (draw)]}
    """
    assert outcomes(bidding(tmp_path), tmp_path, text) == ["ok", "ok"]


def test_an_unquoted_label_that_is_not_offered_fails_as_a_quoted_one(tmp_path):
    text = """
        scenarios:
          - name: three
            script:
              - expect: {decision: {options: [pass, 1, 3]}}
          - name: chooses three
            script:
              - {player: Ann, choose: 3}
          - name: says true
            script:
              - "Ann: pass"
              - expect: {decision: {options: [false, true]}}
              - {player: Ann, choose: [true]}
            expect: {log: [Ann chooses yes (draw)]}
          - name: says on
            script:
              - {player: Ann, choose: on}
    """
    assert outcomes(bidding(tmp_path), tmp_path, text) == [
        "5:38: Ann's options are [pass; 1; 2], not [pass; 1; 3]",
        '8:9: step 1: "3" is not an option; the options are: pass; 1; 2 (Ann: choose up to one number from 1 to 2 '
        'as bid or "pass")',
        "ok",
        '17:9: step 1: "yes" is not an option; the options are: pass; 1; 2 (Ann: choose up to one number from 1 to 2 '
        'as bid or "pass"); unquoted, YAML reads yes, no, on, off, true and false as true or false, which name '
        'the options "yes" and "no": write any other label in quotes']
