"""The public face: every name `cardtable` exports is there, is the object its module
defines, and is documented; importing cardtable imports none of the engine."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import cardtable
from cardtable.interpreter.engine import game
from cardtable.interpreter.packs import loader
from cardtable.interpreter.play import agents, batch
from checkout import importable

ROOT = Path(__file__).resolve().parent.parent


def test_every_exported_name_is_the_object_its_module_defines():
    assert cardtable.load_pack is loader.load_pack and cardtable.GameState is game.GameState
    assert cardtable.register_agent is agents.register and cardtable.run_batch is batch.run
    names = {}
    exec("from cardtable import *", names)
    assert sorted(n for n in names if n != "__builtins__") == sorted(cardtable.__all__)


def test_a_name_cardtable_does_not_export_is_an_attribute_error():
    try:
        cardtable.Frame
    except AttributeError as e:
        assert str(e) == "module 'cardtable' has no attribute 'Frame'"
    else:
        raise AssertionError("cardtable.Frame should not exist")


def test_importing_cardtable_loads_nothing_until_a_name_is_used():
    # Nothing but the few lines that look for a native engine (interpreter/native.py).
    code = ("import sys, cardtable\n"
            "print(sorted(m for m in sys.modules if m.startswith('cardtable.') or m in ('lark', 'yaml')))\n"
            "cardtable.Game\n"
            "print('cardtable.interpreter.engine.game' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={"PYTHONPATH": str(importable()), "PATH": "/usr/bin:/bin"})
    assert done.stdout == "['cardtable.interpreter', 'cardtable.interpreter.native']\nTrue\n", done.stderr


def test_the_engine_page_names_every_public_name_and_imports_only_from_cardtable():
    text = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    missing = [n for n in cardtable.__all__ if n != "__version__" and f"`{n}`" not in text]
    assert missing == []
    assert re.findall(r"^from cardtable\.interpreter\S* import", text, re.M) == []


def test_a_program_registers_an_agent_and_its_settings_with_names_from_cardtable():
    from cardtable import AGENTS, Game, Report, Setting, load_pack, make_agent, register_agent

    @register_agent("nth", "takes the option its setting names, or the last", nth=Setting(0, "which option"))
    class Nth:
        def __init__(self, rnd, nth):
            self.nth = nth

        def choose(self, state):
            return state.legal_actions()[min(self.nth, len(state.legal_actions()) - 1)]
    try:
        state = Game(load_pack("magic54", Report())).new_initial_state(seed=1)
        assert state.action_to_string(make_agent("nth:nth=2", seed="1:1").choose(state)) == "Mana: Five of Clubs"
    finally:
        del AGENTS["nth"]


def test_an_agent_or_a_setting_that_could_not_be_played_is_refused_as_it_is_registered():
    from cardtable import AGENTS, AgentError, Setting, make_agent, register_agent

    class Plain:
        def __init__(self, rnd):
            pass

        def choose(self, state):
            return 0

    before = dict(AGENTS)
    for name, said in [(None, "None"), ("", "''"), ("a:b", "'a:b'"), ("a,b", "'a,b'")]:
        with pytest.raises(AgentError) as e:
            register_agent(name, "a name --agents cannot say")(Plain)
        assert str(e.value) == f"an agent's name is letters, digits, _ and -, beginning with a letter or _, not {said}"
    with pytest.raises(AgentError) as e:
        register_agent("random", "another random")(Plain)
    assert str(e.value) == "\"random\" is the name of one of cardtable's own agents: give yours another"
    with pytest.raises(AgentError) as e:
        register_agent("counted", "a setting that is not a Setting", n=5)(Plain)
    assert str(e.value) == 'setting "n" of agent "counted" is a Setting(default, description), not 5'
    with pytest.raises(AgentError) as e:
        register_agent("counted", "a setting its class does not take", n=Setting(1, "how many"))(Plain)
    assert str(e.value) == ('agent "counted": Plain is made as Plain(rnd, n=...), which it does not take '
                            "(got an unexpected keyword argument 'n')")
    for made, reason in [(lambda: Setting("x", "what"), "a setting's default is a whole number, not 'x'"),
                         (lambda: Setting(1, "what", kind=str), "a setting's kind is int or float, not <class 'str'>"),
                         (lambda: Setting(0, "what", minimum=1), "a setting's default (0) is less than its minimum (1)"),
                         (lambda: Setting(0.5, "what", kind=float, minimum=float("nan")),
                          "a setting's minimum is a number, not nan")]:
        with pytest.raises(AgentError) as e:
            made()
        assert str(e.value) == reason
    with pytest.raises(AgentError) as e:
        make_agent(None, seed=1)
    assert str(e.value) == "an agent is named as text, such as mcts:playouts=4, not None"
    assert AGENTS == before and sorted(AGENTS) == ["heuristic", "mcts", "random"]
    # A program's own agent, registered again (a notebook's cell run twice), is replaced.
    try:
        register_agent("plain", "the first option")(Plain)
        register_agent("plain", "the first option, again")(Plain)
        assert AGENTS["plain"].summary == "the first option, again"
    finally:
        del AGENTS["plain"]


def test_load_pack_without_a_report_says_the_problems_in_its_error(tmp_path):
    assert cardtable.load_pack("magic54").name == "Magic 54"
    (tmp_path / "pack.yaml").write_text("name: x\nzones: 5\n")
    with pytest.raises(cardtable.PackError) as e:
        cardtable.load_pack(tmp_path)
    said = str(e.value)
    report = cardtable.Report()
    with pytest.raises(cardtable.PackError) as e:
        cardtable.load_pack(tmp_path, report)
    assert str(e.value) == str(tmp_path)
    assert said == f"{tmp_path} cannot be loaded:\n{cardtable.render(report)}"
    assert f'{tmp_path / "pack.yaml"}:2:8: error: "zones" must be a mapping, not a whole number' in said
    with pytest.raises(cardtable.PackError) as e:
        cardtable.load_pack("magic54", {})
    assert str(e.value) == "the report of load_pack is a Report to fill with the problems found, or None, not dict"
