"""Abilities used by effects: "use Play of chosen" (Throne Room). The games are
tests/data/thronepack's, a deck-builder's actions; the pile's, tests/data/pilepack's."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine import script
from cardtable.interpreter.engine.activation import UsedFrame
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.engine.state import RuleError
from cardtable.interpreter.lang import dsl
from cardtable.interpreter.packs import coverage
from cardtable.interpreter.packs.loader import load_pack
from test_dsl_errors import located
from test_pile import edited

PACK = Path(__file__).parent / "data" / "thronepack"
PILE = Path(__file__).parent / "data" / "pilepack"


def at(hand, deck=(), pack=PACK) -> object:
    """Ann's turn, in its action phase, with `hand` and `deck`."""
    return Game(load_pack(str(pack), Report())).position(
        {"active": "Ann", "phase": "action", "players": [{"zones": {"hand": list(hand), "deck": list(deck)}}, {}]})


def question(state) -> tuple:
    return state.s.decision[1], [o.label for o in state.s.decision[2]]


def test_the_pack_is_valid():
    assert located(PACK) == []


def played(hand, deck=(), *answers) -> tuple:
    """The game after Ann plays her hand's first card and gives `answers` (labels), and what
    it logged meanwhile, as Ann and as Ben read it."""
    state = at(hand, deck)
    before = len(state.log)
    state.apply_label(f"Play: {hand[0]}", 0)
    for answer in answers:
        state.apply_label(answer, 0)
    return state, state.log[before:], state.log_for(1)[before:]


def test_throne_room_plays_the_chosen_action_twice_asking_its_target_each_time():
    state = at(["Throne Room", "Moneylender", "Copper", "Copper", "Copper"])
    before = len(state.log)
    state.apply_label("Play: Throne Room", 0)
    assert question(state) == ("Ann: play which action twice?", ["none", "Moneylender"])
    state.apply_label("Moneylender", 0)
    assert question(state) == ("Ann: trash which Copper?", ["Copper", "Copper", "Copper"])
    state.apply_action(0)
    assert question(state) == ("Ann: trash which Copper?", ["Copper", "Copper"])
    state.apply_action(0)
    assert state.s.pvars[0]["coins"] == 6
    assert state.log[before:before + 12] == [
        "Ann uses Play of Throne Room",
        "Throne Room moves from Ann's hand to Ann's play",
        "Ann chooses Moneylender (play which action twice?)",
        "Ann uses Play of Moneylender (by Throne Room)",
        "Play of Moneylender targets Copper",
        "Moneylender moves from Ann's hand to Ann's play",
        "Copper moves from Ann's hand to Ann's discard",
        "Ann uses Play of Moneylender (by Throne Room)",
        "Play of Moneylender targets Copper",
        "Moneylender moves from Ann's play to Ann's play",
        "Copper moves from Ann's hand to Ann's discard",
        "Ann passes"]
    # Ben does not see which card of Ann's hand she uses, until it is in play.
    assert state.log_for(1)[before + 2:before + 7] == ["Ann chooses 1 card (play which action twice?)",
                                       "Ann uses Play of a card (by Throne Room)",
                                       "Play of a card targets a card",
                                       "Moneylender moves from Ann's hand to Ann's play",
                                       "Copper moves from Ann's hand to Ann's discard"]


def test_an_action_whose_target_has_nothing_to_choose_does_nothing_and_says_so():
    state, log, _ = played(["Throne Room", "Moneylender", "Smithy"], (), "Moneylender")
    assert log == ["Ann uses Play of Throne Room", "Throne Room moves from Ann's hand to Ann's play",
                   "Ann chooses Moneylender (play which action twice?)",
                   "Moneylender's Play has no target (by Throne Room): nothing happens",
                   "Moneylender's Play has no target (by Throne Room): nothing happens"]
    assert state.s.pvars[0]["coins"] == 0


def test_a_card_without_the_ability_does_nothing_and_says_so():
    _, log, seen = played(["Herald"], ["Smithy", "Copper"])
    assert log[:5] == ["Ann uses Play of Herald", "Herald moves from Ann's hand to Ann's play", "Ann reveals Copper",
                       "Copper has no ability Play (by Herald): nothing happens", "Ann passes"]
    assert seen[:4] == ["Ann uses Play of a card from Ann's hand", *log[1:4]]


def test_an_ability_is_used_from_any_zone():
    state, log, _ = played(["Herald"], ["Copper", "Smithy"])
    assert log[2:6] == ["Ann reveals Smithy", "Ann uses Play of Smithy (by Herald)",
                        "Smithy moves from Ann's deck to Ann's play", "Ann draws a card"]


def test_a_clone_in_the_middle_of_a_use_plays_the_same():
    state = at(["Throne Room", "Moneylender", "Copper", "Copper", "Copper"], deck=["Smithy"] * 3 + ["Copper"] * 9)
    state.apply_label("Play: Throne Room", 0)
    state.apply_label("Moneylender", 0)
    state.apply_action(1)
    assert isinstance(state.s.frames[-1], UsedFrame)
    copy = state.clone()
    for game in (state, copy):
        rnd = random.Random(7)
        while not game.is_terminal():
            game.apply_action(rnd.randrange(len(game.legal_actions())))
    assert copy.log == state.log and copy.returns() == state.returns()


def test_random_games_play_the_same_from_a_clone_taken_while_an_ability_is_used():
    game = Game(load_pack(str(PACK), Report()))
    cloned = 0
    for seed in range(30):
        state, rnd = game.new_initial_state(seed=seed), random.Random(seed)
        while not state.is_terminal():
            if isinstance(state.s.frames[-1], UsedFrame):
                cloned += 1
                copy = state.clone()
                for g in (state, copy):
                    r = random.Random(seed)
                    while not g.is_terminal():
                        g.apply_action(r.randrange(len(g.legal_actions())))
                assert copy.log == state.log
                break
            state.apply_action(rnd.randrange(len(state.legal_actions())))
    assert cloned == 7      # the games where a player is asked a target of an ability used


@pytest.mark.parametrize("effect, message", [
    ("use Plya of chosen", '37:17: no card has an activated ability "Plya" to use; did you mean "Play"?'),
    ('use "Pay" of chosen', '37:17: no card has an activated ability "Pay" to use; did you mean "Play"?'),
    ("use Play of 3", '37:25: the card whose ability is used must be a card, but "3" is a number'),
    ("cast chosen", '37:13: "cast" is not a statement; to use a card\'s ability as an effect write "use(s) ABILITY of CARD"'),
    ("use chosen", '37:13: "use" is only the verb of "[PLAYER] use(s) ABILITY of CARD": to use a card\'s ability as an '
                   'effect write "use(s) ABILITY of CARD"'),
])
def test_mistakes_in_a_use_are_named_where_written(tmp_path, effect, message):
    assert edited(PACK, tmp_path / "p", "            use Play of chosen\n            use Play of chosen\n",
                  f"            use Play of chosen\n            {effect}\n") == [f"cards.yaml:{message}"]


def test_a_card_that_uses_itself_is_stopped_by_the_step_limit(tmp_path, monkeypatch):
    monkeypatch.setattr(script, "STEPS", 1000)
    assert edited(PACK, tmp_path / "p", "          draw 2 cards\n", "          use Play of this\n") == []
    state = at(["Smithy"], pack=tmp_path / "p")
    with pytest.raises(RuleError) as e:
        state.apply_label("Play: Smithy", 0)
    assert e.value.located("the game") == (
        f"{tmp_path / 'p' / 'cards.yaml'}:13:11: error: the game stopped on turn 1: the rules ran more than 1,000 "
        "steps (rounds of loops, sets of cards tried, runs of the checks, triggered abilities) of Smithy without a "
        "player deciding anything, the most they may run between two decisions: they go round in circles, or do "
        "too much at once (loops in loops, sets of cards inside sets of cards)")


FORK = """  - name: Fork
    types: [spell]
    abilities:
      - name: Cast
        from: hand
        effect: |
          choose a spell card in your graveyard as again
          use Cast of again
"""


def test_with_a_pile_the_ability_used_happens_at_once_as_part_of_the_effect(tmp_path):
    assert edited(PILE, tmp_path / "p", "  - name: Negate\n", FORK + "  - name: Negate\n") == []
    state = Game(load_pack(str(tmp_path / "p"), Report())).position(
        {"active": "Ann", "phase": "main", "players": [{"zones": {"hand": ["Fork"], "graveyard": ["Bolt"]}}, {}]})
    before = len(state.log)
    state.apply_label("Cast: Fork", 0)
    # Fork has left the pile as it resolves; Bolt's Cast is not put on it.
    assert question(state) == ("Ann: choose target for Cast of Bolt", ["Ann", "Bob"])
    assert state.s.pile == []
    state.apply_label("Bob", 0)
    assert state.s.pvars[1]["life"] == 9
    assert state.log[before:before + 10] == [
        "Ann uses Cast of Fork", "Cast of Fork goes on the pile", "Ann passes", "Bob passes", "Cast of Fork resolves",
        "Ann chooses Bolt as again", "Ann uses Cast of Bolt (by Fork)", "Cast of Bolt targets Bob",
        "Bolt deals 1 damage to Bob", "Fork moves from stack to Ann's graveyard"]
    graveyard = state.s.zones[state.s.t.zone("graveyard", 0)]
    assert sorted(state.s.t.names[c] for c in graveyard) == ["Bolt", "Fork"]


def test_the_words_of_other_tools_for_using_a_card_point_at_the_statement():
    for word in ("play", "cast", "activate"):
        with pytest.raises(dsl.DslSyntaxError) as e:
            dsl.parse(f"{word} chosen\n", "script")
        assert e.value.message == (f'"{word}" is not a statement; to use a card\'s ability as an effect write '
                                   f'"use(s) ABILITY of CARD"')


def test_an_ability_an_effect_uses_counts_as_used_in_the_coverage_of_scenarios():
    pack = load_pack(str(PACK), Report())
    recorder = coverage.Recorder(pack)
    state = Game(coverage.covering(pack, recorder)).position(
        {"active": "Ann", "phase": "action", "players": [{"zones": {"hand": ["Throne Room", "Moneylender", "Copper",
                                                                             "Copper"]}}, {}]})
    state.apply_label("Play: Throne Room", 0)
    state.apply_label("Moneylender", 0)
    state.apply_action(0)
    summary = coverage.summarize(pack, recorder)
    assert [(w.owner, w.used, w.happened) for w in summary.abilities] == [
        ("Smithy", False, False), ("Moneylender", True, True), ("Throne Room", True, True), ("Herald", False, False)]
