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
    pytest.param("magic54", {}, None, 200, "13bf11cd62c8083e783f8210f1c41cfea63682b6f26abc976d2a8cae3ea73ade",
                 id="magic54"),
    pytest.param("pub_magic", {}, 2, 100, "9436c3a8a044e5e43cfef838af8451ef54bb689513caeb945fb87e3c55a3ae93",
                 id="pub_magic-2-players"),
    pytest.param("pub_magic", {}, 5, 50, "b00484a1b501ec56234fa604bbdcf9b274d9262186b1e5d0089df184f8dc9c46",
                 id="pub_magic-5-players"),
    pytest.param("basic_tcg", {"scenario": "Last Standing"}, None, 60,
                 "46a556b7aa462ef005f5d0ac9888112bc8a6c2114d1a97dc9901233538c3bbef", id="basic_tcg-last-standing"),
    pytest.param("basic_tcg", {"scenario": "Conquest"}, None, 60,
                 "8add279b46f5525d71e54e2908b1f27f5142bedd38d421c0960f0d2d720bfb44", id="basic_tcg-conquest"),
    pytest.param("crazy_eights", {}, 3, 50, "559a906fd108592d66b1098d7ddf9ec21823ccf925f284d245cb8b31cf9ac116",
                 id="crazy_eights-3-players"),
    pytest.param("crazy_eights", {}, 5, 30, "25ecb148ff7e4ef75ac8f004d8751ad20bb5952f447d87873463efc46b594b98",
                 id="crazy_eights-5-players"),
    pytest.param("go_fish", {}, 4, 30, "a54b3b0a2b9e769c8d5187e60ed032d870659c54d09109a010349789ee59181b",
                 id="go_fish-4-players"),
    pytest.param("hearts", {}, None, 5, "d20ef5dd10ce10c364df8fcfaed6047e44d647af0272db84ab7db00950ce0dcc",
                 id="hearts"),
    pytest.param("lane_duel", {}, None, 60, "4b6be34f7ac81f9f62eab70bc5a8dbff3b3378be741bc8e5c0a3c8a025b00733", id="lane_duel"),
    pytest.param("stack_duel", {}, None, 60, "5a499dd675c42079cbc9f99eca7483380797124e928fff2ab33297275eb8162d", id="stack_duel"),
]


@pytest.fixture(scope="module")
def packs():
    return {name: load_pack(name, Report()) for name in ("magic54", "pub_magic", "basic_tcg", "crazy_eights", "go_fish",
                                                          "hearts", "lane_duel", "stack_duel")}


@pytest.mark.parametrize("name, options, players, games, pinned", PINNED)
def test_random_games_play_as_pinned(packs, name, options, players, games, pinned):
    game = Game(packs[name], options, num_players=players)
    assert games_digest(game, range(games)) == pinned

