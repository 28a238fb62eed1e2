"""The games of every built-in pack, pinned: seeded games between uniformly random
players (`play_random`), their logs hashed (`games_digest`). A change to the engine
that must not change how games play (a speed-up, a reorganisation) leaves every
digest the same; a change that is meant to change play (a rule fixed in a pack)
changes them, and then its commit says why and records the new digests here, and
Magic 54's in benchmarks/README.md.

Magic 54's digest is the one `python benchmarks/selfplay.py --digest` prints for
the same 200 games. When a digest differs, tests/test_playthroughs.py shows
where the games part, decision by decision.
"""
from __future__ import annotations

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.play.batch import games_digest

# pack, options, players, games (seeds 0 to games - 1), sha256 of their logs
PINNED = [
    pytest.param("magic54", {}, None, 200, "0548e47614a201b462db64525d7087aac429c7d43982d4505362a883f75cc458",
                 id="magic54"),
    pytest.param("pub_magic", {}, 2, 100, "950c10148970a58624b30443ebda865fcd9478a7ddfdeb380a3d8b5ec8888e4f",
                 id="pub_magic-2-players"),
    pytest.param("pub_magic", {}, 5, 50, "0f7ecec8d26c76fc645ebff63551a6d157393b00df75df867e20210b8bf39ea9",
                 id="pub_magic-5-players"),
    pytest.param("basic_tcg", {"scenario": "Last Standing"}, None, 60,
                 "46a556b7aa462ef005f5d0ac9888112bc8a6c2114d1a97dc9901233538c3bbef", id="basic_tcg-last-standing"),
    pytest.param("basic_tcg", {"scenario": "Conquest"}, None, 60,
                 "8add279b46f5525d71e54e2908b1f27f5142bedd38d421c0960f0d2d720bfb44", id="basic_tcg-conquest"),
    pytest.param("crazy_eights", {}, 3, 50, "559a906fd108592d66b1098d7ddf9ec21823ccf925f284d245cb8b31cf9ac116",
                 id="crazy_eights-3-players"),
    pytest.param("crazy_eights", {}, 5, 30, "25ecb148ff7e4ef75ac8f004d8751ad20bb5952f447d87873463efc46b594b98",
                 id="crazy_eights-5-players"),
    pytest.param("go_fish", {}, 4, 30, "0204359035a6b6c108d44c4738befe272f6296efc547df64850499cbe4780422",
                 id="go_fish-4-players"),
    pytest.param("hearts", {}, None, 5, "c1880cda7c4dcfc8eda48d010d3cbf1eb67af2d9c746e64871a143fd7106e3f3",
                 id="hearts"),
    pytest.param("lane_duel", {}, None, 60, "4b6be34f7ac81f9f62eab70bc5a8dbff3b3378be741bc8e5c0a3c8a025b00733", id="lane_duel"),
    pytest.param("stack_duel", {}, None, 60, "386a52913e9beb52288c583d346109540c1d552587f60eb281c1e4900023890a", id="stack_duel"),
]


@pytest.fixture(scope="module")
def packs():
    return {name: load_pack(name, Report()) for name in ("magic54", "pub_magic", "basic_tcg", "crazy_eights", "go_fish",
                                                          "hearts", "lane_duel", "stack_duel")}


@pytest.mark.parametrize("name, options, players, games, pinned", PINNED)
def test_random_games_play_as_pinned(packs, name, options, players, games, pinned):
    game = Game(packs[name], options, num_players=players)
    assert games_digest(game, range(games)) == pinned

