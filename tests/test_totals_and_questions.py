"""Two pieces of the effect language: `total PROPERTY of SELECTOR`, a sum over cards
or players, and the question in quotes that a `choose` asks instead of its own words."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardtable.interpreter.diagnostics import Report, render
from cardtable.interpreter.engine.evaluation import evaluate
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import PackError, load_pack
from cardtable.interpreter.packs.scenario import position

ROOT = Path(__file__).resolve().parent.parent

BOARD = {
    "turn": 3, "active": "Red", "phase": "attack", "step": "declare_attackers",
    "players": [
        {"life": 17, "zones": {"play": ["Jack of Hearts", "Queen of Hearts", "King of Hearts: damage 2",
                                        "Three of Hearts"]}},
        {"zones": {"play": ["Queen of Spades"]}},
    ],
}


def pack_with_evaluation(tmp_path, features: str):
    folder = tmp_path / "variants" / "m"
    shutil.copytree(ROOT / "variants" / "magic54", folder)
    text = (folder / "pack.yaml").read_text(encoding="utf-8")
    head = text[:text.index("evaluation:")]
    (folder / "pack.yaml").write_text(head + "evaluation:\n" + features, encoding="utf-8")
    report = Report()
    try:
        return load_pack(str(folder), report), report
    except PackError:
        return None, report


def test_total_adds_up_a_property_a_state_and_a_counter(tmp_path):
    pack, report = pack_with_evaluation(tmp_path, (
        "  attack: {value: total attack of creatures you control in play, weight: 1}\n"
        "  damage: {value: total damage of (cards in play), weight: 100}\n"
        "  life: {value: total life of players, weight: 10000}\n"
        "  none: {value: total attack of creatures opponent controls in hand, weight: 1000000}\n"))
    assert pack is not None, render(report, "text")
    state = position(Game(pack), BOARD)
    # attack 1 + 2 + 3; damage 2; life 17 + 20; no creature in Black's hand
    assert evaluate(state.s, 0) == 6 + 100 * 2 + 10000 * 37 + 0


@pytest.mark.parametrize("value, message", [
    ("total cost of players", 'a player has no "cost"'),
    ("total atack of creatures in play", 'a card has no "atack"; did you mean "attack"?'),
])
def test_total_of_what_is_not_there_is_refused(tmp_path, value, message):
    pack, report = pack_with_evaluation(tmp_path, f"  x: {{value: {value}, weight: 1}}\n")
    assert pack is None
    assert [p.message for p in report.problems] == [message]


def test_a_question_in_quotes_is_what_the_player_is_asked():
    game = Game(load_pack("magic54", Report()))
    state = position(game, BOARD)
    assert state.prompt() == "Red: choose your attackers (chosen: none)"
    assert state.legal_labels() == ["done", "Jack of Hearts", "Queen of Hearts", "King of Hearts"]


def test_without_a_question_the_statement_is_its_own_question():
    game = Game(load_pack("magic54", Report()))
    state = position(game, {"turn": 3, "active": "Red", "phase": "pre_attack", "players": [
        {"zones": {"hand": ["Red Joker"], "play": ["Three of Hearts"], "deck": ["Ace of Hearts", "Two of Hearts"]}},
        {"zones": {}}]})
    state.apply_label("Search: Red Joker")     # Black can only pass: the pile resolves at once
    assert state.prompt() == "Red: choose a card in your deck as found"
