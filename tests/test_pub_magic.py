"""Pub Magic played out: seeded random games with 2, 4 and 8 players end, with the
invariants checked after every decision, and the winner holds the goal.

The full runs (500 games for each number of players) are benchmarks/table_games.py;
these are a sample of them, kept small for the test suite's time.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.importing import load_deck
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.play.batch import Batch, play_random, run
from cardtable.interpreter.play.stats import summarize


@pytest.fixture(scope="module")
def pack():
    return load_pack("pub_magic", Report())


def scoring(pack, state, seat: int) -> int:
    play = state.observation(None)["players"][seat]["zones"]["play"]
    return sum(1 for c in play if pack.cards[c["name"]].types & {"land", "artifact"})


@pytest.mark.parametrize("players, games", [(2, 100), (4, 40), (8, 12)])
def test_random_games_end_with_the_goal_reached_or_the_turn_limit(pack, players, games):
    game = Game(pack, num_players=players, debug=True)
    for seed in range(games):
        state, _ = play_random(game, seed)
        assert state.is_terminal()
        winners = [p for p, r in enumerate(state.returns()) if r > 0]
        if winners:
            assert len(winners) == 1
            assert scoring(pack, state, winners[0]) >= 10
            assert state.log[-1] == f"Player {winners[0] + 1} wins the game"
        else:
            assert state.log[-2:] == ["the turn limit (300) is reached", "the game is a draw"]
        cards = state.observation(None)
        total = sum(len(z) if isinstance(z, list) else z["count"]
                    for p in cards["players"] for z in p["zones"].values())
        total += sum(len(z) if isinstance(z, list) else z["count"] for z in cards["shared"].values())
        assert total == 133     # no card lost or made


def test_the_same_seed_plays_the_same_game(pack):
    game = Game(pack, num_players=4)
    first, _ = play_random(game, 17)
    again, _ = play_random(game, 17)
    assert first.s.history == again.s.history and first.log == again.log


def test_a_summary_of_eight_players_names_every_seat(pack):
    batch = Batch("pub_magic", games=3, players=8, agents=["random", "heuristic"])
    game, results = run(batch)
    summary = summarize(game, batch, results)
    assert [r["seat"] for r in summary["seats"]] == [f"Player {i}" for i in range(1, 9)]
    assert all(r["games"] == 3 for r in summary["seats"])
    assert sum(r["wins"] for r in summary["seats"]) + summary["draws"]["count"] == 3
    assert {r["agent"]: r["games"] for r in summary["by_agent"]} == {"random": 12, "heuristic": 12}


DATA = Path(__file__).parent / "data" / "mtg"
ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("card_file", ["AtomicCards-sample.json", "scryfall-sample.json"])
def test_the_pack_plays_with_a_card_file_the_user_has(tmp_path, card_file):
    folder = tmp_path / "pub"
    shutil.copytree(ROOT / "variants" / "pub_magic", folder)
    pack_file = folder / "pack.yaml"
    text = pack_file.read_text()
    assert "from: mtg/pool," in text
    text = text.replace("from: mtg/pool,", f"from: {DATA / card_file},")
    text = text.replace("pub: {from: pool, list: decks/pub.txt, size: 133}", "pub: {from: pool, list: decks/mine.txt}")
    pack_file.write_text(text)
    (folder / "decks" / "mine.txt").write_text("6 Dryad Arbor\n6 Lightning Bolt\n6 Jace, the Mind Sculptor\n")
    pack = load_pack(str(folder), Report())
    assert pack.cards["Dryad Arbor"].types == {"land", "creature"}
    state, _ = play_random(Game(pack, num_players=2, debug=True), 1)
    assert state.is_terminal()


def test_a_deck_list_given_at_play_time_replaces_the_shared_deck(pack, tmp_path):
    deck = tmp_path / "mine.txt"
    deck.write_text("# a small table\n20 Forest\n4 Grizzly Bears\n2 Leaden Myr   # not in the shipped deck\n")
    game = Game(pack, num_players=3, decks={"deck": load_deck(pack, deck)})
    state = game.new_initial_state(seed=2)
    view = state.observation(None)
    assert view["shared"]["deck"] and len(view["shared"]["deck"]) == 26 - 18
    names = {c["name"] for p in view["players"] for c in p["zones"]["hand"]} | {c["name"] for c in view["shared"]["deck"]}
    assert names <= {"Forest", "Grizzly Bears", "Leaden Myr"}
