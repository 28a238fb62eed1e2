"""Replacements of cards (`replace:`), the event move and the choice among several
(engine/replacements.py): the mistakes a pack is refused for, with their messages and
places. How they play is proved by the scenarios of tests/data/replacepack."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_continuous import problems

PACK = Path(__file__).parent / "data" / "replacepack"
WARD = "        replace: {event: move, into: discard}\n"


@pytest.mark.parametrize("new, message", [
    ("        replace: {event: move, into: discrad}\n",
     'cards.yaml:17:38: unknown zone "discrad"; did you mean "discard"?'),
    ("        replace: {event: discard, into: discard}\n",
     'cards.yaml:17:41: only a replacement of the event move says the zones it replaces entering ("into")'),
    ("        replace: {event: target}\n", 'cards.yaml:17:26: "event" must be one of: damage, discard, sacrifice, draw, move'),
    ("        cost: tap this\n" + WARD,
     'cards.yaml:17:9: a replacement is not used nor set off: it has no "cost" (its condition is "if" under '
     '"replace")'),
])
def test_a_cards_replacement_is_checked_where_it_is_written(tmp_path, new, message):
    assert problems(tmp_path / "p", WARD, new, "cards/cards.yaml", PACK) == [message]


def test_the_order_of_replacements_is_listed_or_chosen(tmp_path):
    assert problems(tmp_path / "p", "replacement_order: chosen", "replacement_order: chosne", "pack.yaml", PACK) == [
        'pack.yaml:30:20: "replacement_order" must be listed or chosen']


def test_go_ahead_is_written_only_in_a_replacements_effect(tmp_path):
    assert problems(tmp_path / "p", "          discard victim\n", "          discard victim\n          go ahead\n",
                    "cards/cards.yaml", PACK) == [
        'cards.yaml:28:11: "go ahead" lets the event a replacement replaces happen after all: it is written in a '
        "replacement's effect"]
