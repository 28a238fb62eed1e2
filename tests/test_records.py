"""`cardtable replay` with broken game records: each is refused with a message that
names the log's file and line, and the other games of the log still replay."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cardtable.cli import main
from cardtable.interpreter.play.batch import Batch, run
from cardtable.interpreter.play.records import dumps, replay


@pytest.fixture(scope="module")
def records():
    return [r["record"] for r in run(Batch("magic54", games=2, seed=3, records=True))[1]]


def changed(record: dict, **values) -> str:
    return dumps({**record, **values})


NESTED = "[" * 1000 + "]" * 1000
BROKEN = {
    "nested 1,000 deep": (lambda r: NESTED, "not a game record: lists or mappings nested too deep"),
    "options nested 1,000 deep": (
        lambda r: changed(r, options={}).replace('"options":{}', '"options":' + '{"a":' * 1000 + "1" + "}" * 1000),
        "not a game record: lists or mappings nested too deep"),
    "options holding a list": (lambda r: changed(r, options={"starting_life": [[20]]}),
                               'the game record\'s "options" is not a mapping of option names to text, numbers '
                               'or true/false'),
    "a seed that is NaN": (lambda r: changed(r, seed=0).replace('"seed":0', '"seed":NaN'),
                           "not a game record: NaN is not a number JSON has"),
    "a float seed": (lambda r: changed(r, seed=1.5), 'the game record has a wrong "seed" (it takes a whole number)'),
    "a true seed": (lambda r: changed(r, seed=True), 'the game record has a wrong "seed" (it takes a whole number)'),
    "a result that is text": (lambda r: changed(r, result="Red"),
                              'the game record\'s "result" is not a list of numbers, one a player, or null for a '
                              'game not finished'),
    "a result of texts": (lambda r: changed(r, result=["win", "loss"]),
                          'the game record\'s "result" is not a list of numbers, one a player, or null for a '
                          'game not finished'),
    "a result for 3 players": (lambda r: changed(r, result=[1, -1, -1]),
                               'the game record\'s "result" has 3 numbers for 2 players'),
    "no places": (lambda r: changed(r, places=[]), 'the game record\'s "places" has 0 places for 2 players'),
    "places for 3 players": (lambda r: changed(r, places=[1, 2, 3]),
                             'the game record\'s "places" has 3 places for 2 players'),
    "a source that is a number": (lambda r: changed(r, source=5),
                                  'the game record\'s "source" is not text (the name or path of the pack)'),
    "decks that are a list": (lambda r: changed(r, decks=[["Ace of Hearts"]]),
                              'the game record\'s "decks" is not a mapping of places to lists of card names'),
    "0 players": (lambda r: changed(r, players=0), 'the game record\'s "players" is not a whole number of at least 1'),
    "-2 players": (lambda r: changed(r, players=-2), 'the game record\'s "players" is not a whole number of at least 1'),
    "an empty pack": (lambda r: changed(r, pack=" "), 'the game record\'s "pack" is empty (it takes the id of the pack)'),
    "a version that is a number": (lambda r: changed(r, version=2.6), 'the game record\'s "version" is not text'),
    "negative turns": (lambda r: changed(r, turns=-1), 'the game record\'s "turns" is not a whole number of at least 0'),
    "agents that are a number": (lambda r: changed(r, agents=2), 'the game record\'s "agents" is not a list of agents'),
    "a negative option number": (lambda r: changed(r, decisions=[[0, -1, "pass"]]),
                                 "decision 1 of the game record is not [seat, option number, label]"),
    "a float option number": (lambda r: changed(r, decisions=[[0, 1.0, "pass"]]),
                              "decision 1 of the game record is not [seat, option number, label]"),
    "decisions that are a mapping": (lambda r: changed(r, decisions={}),
                                     'the game record has a wrong "decisions" (it takes a list)'),
}


@pytest.mark.parametrize("name", list(BROKEN))
def test_a_broken_record_is_refused_at_its_line_and_the_others_replay(tmp_path, records, name):
    make, message = BROKEN[name]
    log = tmp_path / "games.jsonl"
    log.write_text(dumps(records[0]) + "\n" + make(records[1]) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(log)])
    first = records[0]
    assert (result.exit_code, result.output) == (1, (
        f"game 1 (seed {first['seed']}): the same game, {len(first['decisions'])} decisions: "
        f"{'Red' if first['result'][0] > 0 else 'Black'} wins the game\n"
        f"{log}:2:1: error: {message}\n"
        "1 of 2 games replay the same\n"))


def test_a_negative_option_number_parts_ways_instead_of_picking_from_the_end(records):
    from cardtable.interpreter.diagnostics import Report
    from cardtable.interpreter.engine.game import Game
    from cardtable.interpreter.packs.loader import load_pack

    record = json.loads(dumps(records[0]))
    seat, _, label = record["decisions"][0]
    record["decisions"][0] = [seat, -1, label]
    done = replay(Game(load_pack("magic54", Report())), record)
    assert done.done == 0
    # Option -1 is "the last option" to Python: here the very label the record gives.
    assert done.parted == ('at decision 1 (turn 1): the record has Black choose "Mana: Seven of Spades" (option -1), '
                           'but the pack now asks "Black: play a card, use a Special or pass (before the attack)" and offers: pass; Mana: Seven of Spades')
