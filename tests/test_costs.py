"""Costs: currencies that are player counters, costs checked as a whole, the declare
step and abilities every player has; the messages of the mistakes a pack can make with
them. The games are tests/data/costpack's scenarios."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.engine.state import RuleError
from cardtable.interpreter.packs.loader import load_pack
from test_pile import edited

PACK = Path(__file__).parent / "data" / "costpack"


@pytest.mark.parametrize("old, new, file, message", [
    ("  mana: {counter: mana, description: This turn's crystals.}\n",
     "  mana: {counter: manna, description: This turn's crystals.}\n", "pack.yaml",
     'pack.yaml:37:19: "manna" is not a player counter: a currency paid from a counter names one of '
     'player_counters; did you mean "mana"?'),
    ("  mana: {counter: mana, description: This turn's crystals.}\n",
     "  mana: {counter: mana, pay: tap}\n", "pack.yaml",
     'pack.yaml:37:25: unknown key "pay"'),
    ('        declare: choose one of "heal", "hurt" as mode "choose one"\n',
     '        declare: |\n          choose one of "heal", "hurt" as mode\n          draw a card\n', "cards.yaml",
     'cards.yaml:60:11: declare holds the choices made as the ability is used (modes, X): "draw a card" belongs '
     'in effect'),
    ("      increase powers of you by 1\n", "      tap this\n", "pack.yaml",
     'pack.yaml:50:11: "this" means the card whose ability runs, and here there is none'),
])
def test_mistakes_with_costs_are_named(tmp_path, old, new, file, message):
    assert edited(PACK, tmp_path / "p", old, new, file) == [message]


def test_a_player_ability_is_offered_by_name_before_card_abilities():
    p = load_pack(str(PACK), Report())
    state = Game(p).position({"active": "Ann", "phase": "main",
                              "players": [{"counters": {"mana": 2}, "zones": {"hand": ["Spark"]}}, {}]})
    assert state.legal_labels() == ["pass", "Zap", "Cast: Spark"]
    assert state.option_card(1) is None and state.option_card(2) is not None
    # Statistics count a player's ability by its name, a card's by the card's.
    assert [state.option_played(a) for a in range(3)] == [None, "Zap", "Spark"]


def test_a_declared_choice_that_leaves_a_cost_unpayable_stops_the_game_at_the_declare(tmp_path):
    # The cost was paid as far as it could be, here not at all: a Blaze of 3 for 2 mana
    # dealt its 3 damage and left the 2 mana in the pool.
    old = 'declare: choose a number from 1 to mana of you as x "how much?"'
    assert edited(PACK, tmp_path / "p", old, old.replace("mana of you", "mana of you + 1")) == []
    state = Game(load_pack(str(tmp_path / "p"), Report())).position(
        {"active": "Ann", "phase": "main", "players": [{"counters": {"mana": 2}, "zones": {"hand": ["Blaze"]}}, {}]})
    state.apply_label("Cast: Blaze")
    state.apply_label("2")
    assert state.s.pvars[0]["mana"] == 0
    state = Game(load_pack(str(tmp_path / "p"), Report())).position(
        {"active": "Ann", "phase": "main", "players": [{"counters": {"mana": 2}, "zones": {"hand": ["Blaze"]}}, {}]})
    state.apply_label("Cast: Blaze")
    with pytest.raises(RuleError) as e:
        state.apply_label("3")
    assert str(e.value) == (f'"pay x mana", a cost of Cast of Blaze, cannot be paid once its choices are made: what '
                            f'its declare offers must leave its costs payable (at {tmp_path / "p" / "cards.yaml"}:47:18)')


def test_a_cost_of_many_points_of_a_kind_is_matched_without_recursion():
    # Cards that make two kinds are matched to the points by augmenting paths, which
    # pass through every point of a kind paid so far: found by recursion, 300 points
    # went 300 calls deep (a cost of thousands ran the native engine out of stack).
    import sys
    from cardtable.interpreter.lang.vocabulary.mana import Need, _match
    units = [(c, ("red", "green"), 1) for c in range(300)]
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(150)
    try:
        paid = _match(Need({"red": 300}, 0), units, 0)
    finally:
        sys.setrecursionlimit(limit)
    assert paid == [(j, j, "red") for j in range(300)]


def _purge(pack):
    """Ann casts Purge ("discard 2 cards in your hand") with three other cards in hand."""
    state = Game(pack).position({"active": "Ann", "phase": "main",
                                 "players": [{"zones": {"hand": ["Purge", "Spark", "Coin", "Bear"]}}, {}]})
    state.apply_label("Cast: Purge")
    return state


def test_a_cost_that_picks_its_cards_asks_in_its_own_words():
    pack = load_pack(str(PACK), Report())
    state = _purge(pack)
    assert state.prompt() == "Ann: discard 2 cards in your hand for Purge (0 of 2 picked)"
    state.apply_label("Spark")
    assert state.prompt() == "Ann: discard 2 cards in your hand for Purge (1 of 2 picked)"
    state = Game(pack).position({"active": "Ann", "phase": "main", "players": [
        {"counters": {"mana": 1}, "zones": {"hand": ["Pyre"], "field": ["Bear", "Wolf"]}}, {}]})
    state.apply_label("Cast: Pyre")
    assert (state.prompt(), state.legal_labels()) == ("Ann: sacrifice a creature you control in field for Pyre",
                                                      ["Bear", "Wolf"])


@pytest.mark.parametrize("spec", ["random", "heuristic", "mcts:playouts=20"])
def test_computer_players_pick_the_cards_a_cost_takes_and_repeat_themselves(spec):
    from cardtable.interpreter.play.agents import make_agent
    pack = load_pack(str(PACK), Report())

    def picks(seed: int) -> tuple:
        state = _purge(pack)
        agent = make_agent(spec, seed)
        chosen = []
        while state.prompt().startswith("Ann: discard 2 cards"):
            action = agent.choose(state)
            chosen.append(state.action_to_string(action))
            state.apply_action(action)
        return chosen, [state.s.t.names[x] for x in state.s.zones[state.s.t.zone("graveyard", 0)]]

    for seed in range(3):
        chosen, graveyard = picks(seed)
        assert (chosen, graveyard) == picks(seed)
        assert chosen[0] in ("Spark", "Coin") and graveyard[:len(chosen)] == chosen
        assert len(graveyard) == 3 and graveyard[-1] == "Purge"
