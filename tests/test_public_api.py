"""The public face: every name `cardtable` exports is there, is the object its module
defines, and is documented; importing cardtable imports none of the engine."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

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
