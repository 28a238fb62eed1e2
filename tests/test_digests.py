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
    pytest.param("magic54", {}, None, 200, "15da6e1dd507d769dcd7288ad8303014f59d7d23eb260efe1024e7bb9172f9dd",
                 id="magic54"),
    pytest.param("pub_magic", {}, 2, 100, "3f115d14d874aa58fee0b95f739a4dd8259231445d58d12bb891f4f0afbce7d7",
                 id="pub_magic-2-players"),
    pytest.param("pub_magic", {}, 5, 50, "3aca5128f4351ea695d8615b08284a3fd5d5b7ab63323d6f457e12d2d3039395",
                 id="pub_magic-5-players"),
    pytest.param("basic_tcg", {"scenario": "Last Standing"}, None, 60,
                 "30df28670c8d4388259f082ee780ea820f38c4775ba09fc7da1764e5776b0e2c", id="basic_tcg-last-standing"),
    pytest.param("basic_tcg", {"scenario": "Conquest"}, None, 60,
                 "50c181ec127f7ca0573c9d532c44c0cf205f068f21e1595c19c6c3c7074d5d2c", id="basic_tcg-conquest"),
]


@pytest.fixture(scope="module")
def packs():
    return {name: load_pack(name, Report()) for name in ("magic54", "pub_magic", "basic_tcg")}


@pytest.mark.parametrize("name, options, players, games, pinned", PINNED)
def test_random_games_play_as_pinned(packs, name, options, players, games, pinned):
    game = Game(packs[name], options, num_players=players)
    assert games_digest(game, range(games)) == pinned

