"""Basic TCG played out: seeded random games with each Scenario card, with 2 and 4
players, end without error with the invariants checked after every decision, and
each ends the way its Scenario card (or the turn limit) says.

The full run (500 games of each scenario) is benchmarks/table_games.py with
--pack basic_tcg; these are a sample of them, kept small for the test suite's time.
"""
from __future__ import annotations

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.play.batch import play_random
from endings import winner_seat

DECK = 30


@pytest.fixture(scope="module")
def pack():
    return load_pack("basic_tcg", Report())


def zones(state, seat: int) -> dict:
    return state.observation(None)["players"][seat]["zones"]


def check_end(pack, state, scenario: str) -> None:
    s = state.s
    names = [p.name for p in s.t.players]
    winner = winner_seat(state)
    if winner is None:
        return
    if scenario == "Conquest":
        assert s.pvars[winner]["conquests"] >= 7
        assert f"{scenario} of {scenario} triggers" in state.log
    else:
        # Every loser had no creature, no hand and no deck when their turn began.
        for seat, name in enumerate(names):
            if seat == winner:
                continue
            at = state.log.index(f"{name} loses the game")
            assert state.log[at - 1] == "Last Standing of Last Standing triggers"
            z = zones(state, seat)
            assert z["hand"] == [] and z["deck"] == []
            assert not any(not c.get("face_down") and "creature" in pack.cards[c["name"]].types
                           for c in z["play"])


# Lines that show the pack's rules at work in random games.
MARKS = ("play face down", "pays", "(block the attack with one of your creatures?)", "(Protection)", "(Regeneration)",
         "gets +3 stamina", "deals 1 damage", "uses Oversee", "Spent of", "Draw of", "Swamp Strength of")


def test_random_games_end_as_their_scenario_card_says(pack):
    seen = set()
    for scenario, players, games in (("Last Standing", 2, 70), ("Conquest", 2, 70),
                                     ("Last Standing", 4, 15), ("Conquest", 4, 15)):
        game = Game(pack, {"scenario": scenario}, num_players=players, debug=True)
        for seed in range(games):
            state, _ = play_random(game, seed)
            assert state.is_terminal()
            check_end(pack, state, scenario)
            view = state.observation(None)
            total = sum(len(z) if isinstance(z, list) else z["count"]
                        for p in view["players"] for z in p["zones"].values())
            assert total == DECK * players                  # no card lost or made
            assert view["shared"]["table"][0]["name"] == scenario
            seen.update(mark for mark in MARKS if any(mark in line for line in state.log))
    assert seen == set(MARKS)


def test_the_decks_hold_every_keyword_of_the_pack(pack):
    found = {kw for deck in ("forests_and_plains", "swamps_mountains_islands", "islands_and_artifacts",
                             "swamps_and_forests") for name in pack.decks[deck] for kw in pack.cards[name].keywords}
    # No card of the shipped pool has protection from blue.
    assert set(pack.keywords) - found == {"protection_from_blue"}
    two = {kw for deck in ("forests_and_plains", "swamps_mountains_islands")
           for name in pack.decks[deck] for kw in pack.cards[name].keywords}
    # Blighted Agent, the card that cannot be blocked, is in the third deck.
    assert set(pack.keywords) - two == {"protection_from_blue", "protection_from_green", "unblockable"}


def test_the_same_seed_plays_the_same_game(pack):
    game = Game(pack, {"scenario": "Conquest"}, num_players=2)
    first, _ = play_random(game, 11)
    again, _ = play_random(game, 11)
    assert first.s.history == again.s.history and first.log == again.log


def test_its_questions_are_worded_for_players_not_in_the_effect_language(pack):
    # The pack words them: an ability's `prompt`, a choice's question in quotes.
    state = Game(pack, {"free_level_ones": 2}, 2).position({"turn": 3, "active": 0, "phase": "main", "players": [
        {"zones": {"hand": ["Shock", "Lightning Bolt"], "play": ["Hill Giant"]}},
        {"zones": {"hand": ["Forest", "Plains"], "play": ["Savannah Lions", "Sedge Troll", "Wall of Stone"]}}]})
    asked = []
    for label in ("Play: Shock", "Savannah Lions", "Play: Lightning Bolt", "Sedge Troll", "yes", "Plains",
                  "Attack: Hill Giant", "Sedge Troll"):
        asked.append((state.prompt(), state.legal_labels()))
        state.apply_label(label, None)
    assert asked[1:] == [
        ("Player 1: deal 2 damage to which creature?", ["Hill Giant", "Savannah Lions", "Sedge Troll", "Wall of Stone"]),
        ("Player 1: play a card, attack, or pass to end your turn", ["pass", "Play: Lightning Bolt", "Summon: Lightning Bolt",
                                          "Material: Lightning Bolt", "Attack: Hill Giant"]),
        ("Player 1: deal 3 damage to which creature?", ["Hill Giant", "Sedge Troll", "Wall of Stone"]),
        ("Player 2: discard a card from your hand to regenerate the creature?", ["no", "yes"]),
        ("Player 2: discard which card?", ["Forest", "Plains"]),
        ("Player 1: play a card, attack, or pass to end your turn", ["pass", "Attack: Hill Giant"]),
        ("Player 1: attack which creature?", ["Sedge Troll", "Wall of Stone"]),
    ]
    assert (state.prompt(), state.legal_labels()) == (
        "Player 2: block the attack with one of your creatures?", ["none", "Wall of Stone"])
