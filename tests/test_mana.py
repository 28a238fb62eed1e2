"""Currencies of kinds (lang/vocabulary/mana.py): whether a cost can be paid (a matching of
the points asked to the pool and the cards), and the mistakes a pack is refused for. How
costs are paid in play is proved by the scenarios of tests/data/manapack."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_continuous import problems as pack_problems

from cardtable.interpreter.lang.vocabulary.mana import (Need, _counted, _held_pays, _kinds_held, _match, covers, offered,
                                                        payable)

PACK = Path(__file__).parent / "data" / "manapack"
FOREST, MOUNTAIN, TROPICAL, RING = (1, ("green",), 1), (2, ("red",), 1), (3, ("green", "blue"), 1), \
    (4, ("colorless",), 2)


@pytest.mark.parametrize("need, pool, cards, used, ok", [
    (Need({"red": 1}, 1), {}, [FOREST, MOUNTAIN], 0, True),
    (Need({"red": 2}, 0), {}, [FOREST, MOUNTAIN], 0, False),
    (Need({"green": 1, "blue": 1}, 0), {}, [TROPICAL, FOREST], 0, True),
    (Need({"green": 1, "blue": 1}, 0), {}, [FOREST, TROPICAL], 0, True),
    (Need({"green": 2, "blue": 1}, 0), {}, [FOREST, TROPICAL], 0, False),
    (Need({"red": 1}, 2), {"black": 2}, [MOUNTAIN], 0, True),
    (Need({"red": 1}, 3), {"black": 2}, [MOUNTAIN], 0, False),
    (Need({}, 2), {}, [RING], 0, True),
    (Need({"colorless": 2}, 1), {}, [RING, FOREST], 0, True),
    # The cards picked first must each pay something: a Forest is no use to pay one red.
    (Need({"red": 1}, 0), {}, [FOREST, MOUNTAIN], 1, False),
    (Need({"red": 1}, 1), {}, [FOREST, MOUNTAIN], 1, True),
])
def test_a_cost_of_kinds_is_payable_when_every_point_finds_a_card(need, pool, cards, used, ok):
    assert payable(need, pool, cards, used) is ok


def test_cards_cover_a_cost_only_with_points_enough():
    assert covers(Need({"red": 1}, 1), [MOUNTAIN, FOREST])
    assert not covers(Need({"red": 1}, 1), [MOUNTAIN])
    assert covers(Need({}, 1), [RING])


def problems(folder: Path, old: str, new: str) -> list[str]:
    return pack_problems(folder, old, new, "pack.yaml", PACK)


def test_a_kind_the_currency_does_not_have(tmp_path):
    assert problems(tmp_path / "p", "pay (red_cost of this) red mana", "pay (red_cost of this) redd mana") == [
        'pack.yaml:29:34: "redd" is not a kind of mana; did you mean "red"? '
        '(its kinds: red, green, blue, black, colorless)']


def test_a_pool_counter_the_pack_does_not_have(tmp_path):
    assert problems(tmp_path / "p", "{red: red_mana, green:", "{red: red_man, green:") == [
        'pack.yaml:56:18: unknown player counter "red_man"; did you mean "red_mana"?']


def test_makes_needs_kinds(tmp_path):
    assert problems(tmp_path / "p", "    kinds: {red: red_mana, green: green_mana, blue: blue_mana, black: black_mana, "
                                    "colorless: colorless_mana}\n", "") == [
        'pack.yaml:29:34: "red" is not a kind of mana: it has no kinds',
        'pack.yaml:30:36: "green" is not a kind of mana: it has no kinds',
        'pack.yaml:31:35: "blue" is not a kind of mana: it has no kinds',
        'pack.yaml:32:36: "black" is not a kind of mana: it has no kinds',
        'pack.yaml:56:12: a currency makes kinds only if it has kinds']


def test_cards_of_one_kind_each_are_counted_as_the_matching_would_pay():
    # Cards that each make one kind are counted, not matched: any of them when none must
    # take part, basic lands (1 point each) when some must (the cards picked so far and the
    # one offered). The answer is the matching's.
    rng = random.Random(7)
    kinds = ["W", "U", "B", "R", "G", "C"]
    tried = 0
    while tried < 20000:
        size = rng.randint(1, 7)
        used = rng.randint(0, size)
        units = [(i, (rng.choice(kinds[:rng.randint(1, 6)]),), 1 if used else rng.randint(1, 2)) for i in range(size)]
        need = Need({k: rng.randint(0, 2) for k in rng.sample(kinds, rng.randint(0, 3))}, rng.randint(0, 4))
        assert _counted(need, units, used) == (_match(need, units, used) is not None), \
            (units, need.kinds, need.generic, used)
        tried += 1
    # A card making two kinds, or worth 2, is left to the matching.
    assert _counted(Need({"R": 1}, 0), [(0, ("R", "G"), 1)], 1) is None
    assert _counted(Need({}, 2), [(0, ("C",), 2)], 1) is None


def test_the_points_held_of_each_kind_answer_as_the_matching_would():
    # While a player's moves are listed, the points the cards make of each kind are summed
    # once, and each cost of the hand is answered from the sums. The answer is the matching's.
    rng = random.Random(11)
    kinds = ["W", "U", "B", "R", "G", "C"]
    for _ in range(20000):
        units = [(i, (rng.choice(kinds[:rng.randint(1, 6)]),), rng.randint(1, 2)) for i in range(rng.randint(0, 7))]
        need = Need({k: rng.randint(0, 2) for k in rng.sample(kinds, rng.randint(0, 3))}, rng.randint(0, 4))
        held = _kinds_held(units)
        assert _held_pays(need, held) == (_match(need, units, 0) is not None), (units, need.kinds, need.generic)
    assert _kinds_held([FOREST, MOUNTAIN, FOREST, RING]) == {"green": 2, "red": 1, "colorless": 2}
    # A card that makes two kinds leaves the answer to the matching.
    assert _kinds_held([FOREST, TROPICAL]) is None


def test_the_cards_offered_to_pay_are_those_with_which_the_rest_can_pay():
    # offered() counts in one pass where every card makes one kind and is worth 1, and
    # otherwise asks payable() of each card: the same cards either way.
    rng = random.Random(11)
    kinds = ["W", "U", "B", "R", "G", "C"]
    for _ in range(20000):
        single = rng.random() < 0.8
        size = rng.randint(1, 8)
        cards = [(i, tuple(rng.sample(kinds[:rng.randint(2, 6)], 1 if single else rng.randint(1, 2))),
                  1 if single else rng.randint(1, 2)) for i in range(size)]
        picked = rng.randint(0, size - 1)
        units, rest = cards[:picked], cards[picked:]
        need = Need({k: rng.randint(0, 3) for k in rng.sample(kinds, rng.randint(0, 3))}, rng.randint(0, 5))
        expected = [u for i, u in enumerate(rest) if payable(need, (), units + [u] + rest[i + 1:], used=len(units) + 1)]
        assert offered(need, units, rest) == expected, (need.kinds, need.generic, units, rest)
