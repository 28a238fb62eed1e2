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
    pytest.param("magic54", {}, None, 200, "13649d359b8ff89ed2e09ceb666367bfaefe81ddefe81f0cb6fb1c977323afad",
                 id="magic54"),
    pytest.param("pub_magic", {}, 2, 100, "a63a678d3dfb65b572ea4072489699262a3dd3227cd35b13bb1cb5ff184ab6f0",
                 id="pub_magic-2-players"),
    pytest.param("pub_magic", {}, 5, 50, "61c845f2eda89fa2b25f8313bec2f16d9659cebad00f7fe868ff561ec595e3db",
                 id="pub_magic-5-players"),
    pytest.param("basic_tcg", {"scenario": "Last Standing"}, None, 60,
                 "800fe8aada890052890d91081c774affee4317b23fc5cc9cfc3c79e46bd09b5d", id="basic_tcg-last-standing"),
    pytest.param("basic_tcg", {"scenario": "Conquest"}, None, 60,
                 "b08a348521d613082be5388c9c3f8bb12aaaa1f26d1c5f6b5dbb4f28cdae6f16", id="basic_tcg-conquest"),
    pytest.param("crazy_eights", {}, 3, 50, "c681a30642a0707e872c4c444d3173a6f5b247888cab812ce02ccd51301bebe9",
                 id="crazy_eights-3-players"),
    pytest.param("crazy_eights", {}, 5, 30, "3387eaa884a07e2b0f7e723075781c781fef85e94a275a102fa1dd701f63fbf0",
                 id="crazy_eights-5-players"),
    pytest.param("go_fish", {}, 4, 30, "93c19dd394aaaabaffbedfb3c4500652f356adf079085e7a63bccc0c84c8e4e9",
                 id="go_fish-4-players"),
    pytest.param("hearts", {}, None, 5, "2b55bafb286378e167a409b74078b09f56be96ba59c52ff55168c7275b97604f",
                 id="hearts"),
    pytest.param("lane_duel", {}, None, 60, "8ce059c0e0739696f4a378f73efce42faf420e4c686a1f16420160e061c64745", id="lane_duel"),
    pytest.param("stack_duel", {}, None, 60, "ca50ff27dedd81c6b49143397c7637f18f2b133e40a1136fc66aa0995082e955", id="stack_duel"),
]


@pytest.fixture(scope="module")
def packs():
    return {name: load_pack(name, Report()) for name in ("magic54", "pub_magic", "basic_tcg", "crazy_eights", "go_fish",
                                                          "hearts", "lane_duel", "stack_duel")}


@pytest.mark.parametrize("name, options, players, games, pinned", PINNED)
def test_random_games_play_as_pinned(packs, name, options, players, games, pinned):
    game = Game(packs[name], options, num_players=players)
    assert games_digest(game, range(games)) == pinned

