"""Counters kept for each card (player_counters with per: card), read and changed as
NAME of (PLAYER, CARD): the mistakes refused, and that clones keep their own counts.
How they play is proved by the scenario of tests/data/keyedpack."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_continuous import problems

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack

PACK = Path(__file__).parent / "data" / "keyedpack"
STRIKE = "increase champion_damage of (opponent, this) by power of this"


@pytest.mark.parametrize("new, message", [
    ("increase life of (opponent, this) by power of this",
     'cards.yaml:12:11: "life" is not a counter kept for each card (player_counters with per: card), read as '
     '"life of (PLAYER, CARD)"'),
    ("increase champion_damage of (this, this) by power of this",
     'cards.yaml:12:40: the player of "champion_damage of (PLAYER, CARD)" must be a player, but "this" is a card'),
    ("increase champion_damage of (opponent, opponent) by 1",
     'cards.yaml:12:50: the card of "champion_damage of (PLAYER, CARD)" must be a card, but "opponent" is a player'),
    ("let x be (opponent, this)",
     'cards.yaml:12:20: a pair (PLAYER, CARD) stands after "of", as in "damage_from of (p, c)"'),
])
def test_a_counter_kept_for_each_card_is_named_with_a_player_and_a_card(tmp_path, new, message):
    assert problems(tmp_path / "p", STRIKE, new, "cards/cards.yaml", PACK) == [message]


def test_clones_keep_their_own_counts():
    state = Game(load_pack(str(PACK), Report())).position(
        {"turn": 1, "phase": "main", "players": [{"zones": {"play": ["Knight", "Squire"]}}, {"zones": {}}]})
    state.apply_label("Strike: Knight")
    other = state.clone()
    other.apply_label("Strike: Knight")
    assert state.s.keyed == {("champion_damage", 1, 0): 3}
    assert other.s.keyed == {("champion_damage", 1, 0): 6}
