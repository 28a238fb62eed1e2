"""The listing of moves checks a cost whose amount is printed on the card against what
can pay without computing the amount card by card (engine/state.py, _requires); where
an effect changes that property, the amount is read as it is now."""
from __future__ import annotations

import shutil
from pathlib import Path

from cardtable.interpreter.diagnostics import Report, render
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack

ROOT = Path(__file__).resolve().parent.parent
HAND = ["Queen of Hearts", "King of Hearts", "Ace of Hearts", "Jack of Diamonds"]


def magic54(tmp_path, before_the_window: str = "") -> Game:
    folder = tmp_path / "m54"
    shutil.copytree(ROOT / "variants" / "magic54", folder)
    pack = folder / "pack.yaml"
    text = pack.read_text(encoding="utf-8")
    old = "  - phase: pre_attack\n    script: window main\n"
    assert old in text
    script = (f"  - phase: pre_attack\n    script: |\n      for each c in creatures in your hand:\n"
              f"        {before_the_window}\n      window main\n") if before_the_window else old
    pack.write_text(text.replace(old, script), encoding="utf-8")
    report = Report()
    loaded = load_pack(str(folder), report)
    assert not report.problems, render(report, "text")
    return Game(loaded)


def offered(game: Game) -> list:
    state = game.position({"turn": 3, "active": "Red", "phase": "pre_attack",
                           "players": [{"zones": {"hand": HAND, "play": ["Three of Hearts", "Five of Hearts"]}}, {}]})
    return [label for label in state.legal_labels() if label.startswith("Summon")]


def test_a_creature_is_offered_when_the_mana_pays_its_printed_cost(tmp_path):
    # Two Mana: the Queen (2) and the Jack (1), not the King (3).
    assert offered(magic54(tmp_path)) == ["Summon: Queen of Hearts", "Summon: Jack of Diamonds"]


def test_a_cost_an_effect_lowers_is_read_as_it_is_now(tmp_path):
    game = magic54(tmp_path, "decrease cost of c by 1")
    assert offered(game) == ["Summon: Queen of Hearts", "Summon: King of Hearts", "Summon: Jack of Diamonds"]


def test_a_cost_an_effect_raises_is_read_as_it_is_now(tmp_path):
    game = magic54(tmp_path, "increase cost of c by 1")
    assert offered(game) == ["Summon: Jack of Diamonds"]
