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


def test_the_cards_a_cost_picks_are_named_in_each_copy_of_a_game_as_they_were_picked_there():
    # Copied while the creature is being picked, each game names its own pick.
    pack = load_pack(str(PACK), Report())
    state = Game(pack).position({"active": "Ann", "phase": "main", "players": [
        {"counters": {"mana": 1}, "zones": {"hand": ["Fling"], "field": ["Bear", "Ox"]}}, {}]})
    state.apply_label("Cast: Fling")
    other = state.clone()
    state.apply_label("Ox")
    other.apply_label("Bear")
    assert [[line for line in g.log if line.startswith("Fling deals")] for g in (state, other)] == \
        [["Fling deals 3 damage to Bob"], ["Fling deals 2 damage to Bob"]]
    assert (state.s.pvars[1]["life"], other.s.pvars[1]["life"]) == (7, 8)



FLING_IF = "        if: fodder is in graveyard\n"
SIFT = "        when: mine\n        cost: discard 2 cards in your hand as pitched\n"


@pytest.mark.parametrize("old, new, message", [
    # What a cost picks is known once it is paid: the ability's "when", read while it is
    # offered, and its targets, chosen before, cannot read it.
    (SIFT, SIFT.replace("mine", "mine and count of pitched < 3"),
     'cards.yaml:163:33: "pitched" names what the cost picks ("discard 2 cards in your hand as pitched"), known '
     'once the cost is paid, after the ability is offered and its targets are chosen: only its "if" and effect can '
     'read it'),
    (FLING_IF, "        targets: {target: creature in field where toughness of it < toughness of fodder}\n",
     'cards.yaml:141:82: "fodder" names what the cost picks ("sacrifice a creature you control in field as fodder"), '
     'known once the cost is paid, after the ability is offered and its targets are chosen: only its "if" and '
     'effect can read it'),
    (FLING_IF, "        trigger: when this enters field\n" + FLING_IF,
     'cards.yaml:142:13: "fodder" names what the cost picks ("sacrifice a creature you control in field as fodder"), '
     'known once the cost is paid, after the ability fires and its targets are chosen: only its effect can read it '
     '(its "if" is checked as it fires, too)'),
    (FLING_IF, "        targets: {fodder: player}\n",
     'cards.yaml:140:56: "fodder" already names a player of this ability (a target, a choice it declares or what '
     'another cost picks): name the cards this cost picks otherwise'),
    ("          deal (toughness of fodder) damage to opponent\n",
     "          deal (toughness of fodder) damage to opponent\n          let fodder be 3\n",
     'cards.yaml:145:15: "fodder" was a card (line 140); it cannot now hold a number'),
    # The form is a cost's: an effect chooses the cards first.
    ("          draw (count of pitched) cards\n", "          discard a card in your hand as extra\n",
     'cards.yaml:167:19: "discard a card in your hand as extra" picks its cards as a cost is paid, and only a cost '
     'can: in an effect, choose them first ("choose a card in your hand as extra", then "discard extra")'),
])
def test_what_a_cost_picks_is_named_for_the_texts_read_once_it_is_paid(tmp_path, old, new, message):
    found = edited(PACK, tmp_path / "p", old, new)
    assert found[0] == message


def test_the_ways_of_picking_cards_tried_are_bounded(tmp_path, monkeypatch):
    # "Sacrifice 8 creatures" beside "pay 30 souls" (a sacrifice each) with 30 creatures:
    # no way pays both, and every one of the 5,852,925 ways of picking 8 was tried each
    # time the abilities were listed (38 seconds for the first listing).
    import itertools

    from cardtable.interpreter.engine import limits
    from cardtable.interpreter.lang.vocabulary import costs

    old = ("          sacrifice a creature you control in field\n"
           "          sacrifice a creature you control in field where toughness of it > 2\n"
           "          pay 1 souls\n")
    assert edited(PACK, tmp_path / "p", old, "          sacrifice 8 creatures you control in field\n"
                                             "          pay 30 souls\n") == []
    tried = []

    def combinations(cards, n):
        for way in itertools.combinations(cards, n):
            tried.append(way)
            assert len(tried) <= 10 * limits.PICKINGS, "the ways of picking are not bounded"
            yield way

    monkeypatch.setattr(costs, "itertools", type("counted", (), {"combinations": staticmethod(combinations)}))
    pack = load_pack(str(tmp_path / "p"), Report())
    for bears, offered in ((30, False), (38, True)):
        tried.clear()
        state = Game(pack).position({"active": "Ann", "phase": "main",
                                     "players": [{"zones": {"hand": ["Hecatomb"], "field": ["Bear"] * bears}}, {}]})
        assert ("Cast: Hecatomb" in state.legal_labels()) is offered
        assert len(tried) <= limits.PICKINGS + 1
