"""What each seat reads of the log's lines about a card: a card another player holds in
their hand is "a card" to the players who cannot see it, and named to its owner."""
from __future__ import annotations

import shutil
from pathlib import Path

from test_determinize import hidden_game

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack


def cast_on_bear(spell: str):
    """Bob casts `spell` on the Bear in his hand (tests/data/hiddenpack) and it resolves:
    the lines it logs as the referee, Ann and Bob read them."""
    state = hidden_game([spell, "Wolf", "Bear", "Ox"])
    start = {who: len(state.log_for(who)) for who in (None, 0, 1)}
    for label in (f"Cast: {spell}", "Bear", "pass"):
        state.apply_label(label)
    return {who: state.log_for(who)[start[who]:] for who in (None, 0, 1)}


def after(lines: list, first: str) -> list:
    return lines[lines.index(first) + 1:]


def test_a_change_of_a_card_in_a_hand_is_named_to_its_owner_alone():
    read = cast_on_bear("Boost")
    resolved = "Cast of Boost resolves"
    assert after(read[1], resolved)[:1] == after(read[None], resolved)[:1] == ["Bear gets +5 toughness until end of turn"]
    assert after(read[0], resolved)[:1] == ["a card gets +5 toughness until end of turn"]


def test_damage_prevention_lasting_effects_and_control_of_a_card_in_a_hand(tmp_path):
    state = hidden_copy(tmp_path, cards={"deal 1 damage to pet\n          prevent all": "deal 1 damage to pet\n"
                                         "          set toughness of pet to 9 until end of turn\n          prevent all"})
    start = {who: len(state.log_for(who)) for who in (None, 0, 1)}
    for label in ("Cast: Tricks", "pass", "pass"):
        state.apply_label(label)
    read = {who: state.log_for(who)[start[who]:] for who in (None, 0, 1)}
    resolved = "Cast of Tricks resolves"
    bob = ["Tricks deals 2 damage to Bear",
           "the next 1 damage to Bear will be prevented until end of turn",
           "1 damage to Bear is prevented",
           "Bear's toughness is 9 until end of turn",
           "all damage to Bear is prevented until end of turn",
           "1 damage to Bear is prevented",
           "Ann gains control of Bear"]        # now in Ann's hand: Bob saw it leave his
    assert after(read[1], resolved)[:7] == bob
    assert after(read[0], resolved)[:7] == [
        "Tricks deals 2 damage to a card",
        "the next 1 damage to a card will be prevented until end of turn",
        "1 damage to a card is prevented",
        "a card's toughness is 9 until end of turn",
        "all damage to a card is prevented until end of turn",
        "1 damage to a card is prevented",
        "Ann gains control of Bear"]
    assert after(read[None], resolved)[:7] == bob    # the referee reads every name


def test_a_counter_kept_for_a_card_in_a_hand_names_it_to_those_who_see_it(tmp_path):
    from test_words_and_tables import play

    state = play(tmp_path, turn="increase marked of (you, first of cards in opponent's hand) by 2",
                 **{"  plays: {start: 0, reset: step}": "  plays: {start: 0, reset: step}\n  marked: {per: card, start: 0, log: true}"})
    assert [line for line in state.log_for(None) if "marked" in line][:2] == [
        "Ann's marked of Ace of Hearts is 2", "Ben's marked of Ace of Spades is 2"]
    assert [line for line in state.log_for(0) if "marked" in line][:2] == [
        "Ann's marked of a card is 2", "Ben's marked of Ace of Spades is 2"]
    assert [line for line in state.log_for(1) if "marked" in line][:2] == [
        "Ann's marked of Ace of Hearts is 2", "Ben's marked of a card is 2"]


def hidden_copy(tmp_path, pack: dict = {}, cards: dict = {}):
    """Tests/data/hiddenpack with the texts of its pack.yaml and cards.yaml that `pack` and
    `cards` map so replaced, on Bob's turn: Bob holds Keep, Boost, Tricks and Bear."""
    folder = tmp_path / "hiddenpack"
    shutil.copytree(Path(__file__).parent / "data" / "hiddenpack", folder)
    for name, edits in (("pack.yaml", pack), ("cards.yaml", cards)):
        text = (folder / name).read_text()
        for old, new in edits.items():
            assert old in text, old
            text = text.replace(old, new)
        (folder / name).write_text(text)
    game = Game(load_pack(str(folder), Report()), num_players=2)
    return game.position({"active": "Bob", "phase": "main", "players": [
        {"zones": {"hand": ["Boost", "Bear"], "library": ["Ox", "Wolf"]}},
        {"zones": {"hand": ["Keep", "Boost", "Tricks", "Bear"], "library": ["Bear", "Ox"]}}]})


def test_an_effect_whose_target_in_a_hand_is_no_longer_one_names_it_to_its_owner(tmp_path):
    state = hidden_copy(tmp_path, pack={"  resolve: top\n": "  resolve: top\n  recheck: true\n"})
    for label in ("Cast: Keep", "Cast: Boost", "pass", "pass", "pass", "pass"):   # Boost makes Bear too tough for Keep
        state.apply_label(label)
    fizzled = "Cast of Keep does nothing, {} can no longer be its target"
    assert fizzled.format("Bear") in state.log_for(1) and fizzled.format("Bear") in state.log_for(None)
    assert fizzled.format("a card") in state.log_for(0) and fizzled.format("Bear") not in state.log_for(0)


def test_a_replacement_of_damage_to_a_card_in_a_hand_names_it_to_its_owner(tmp_path):
    state = hidden_copy(tmp_path, pack={"cards:\n  - cards.yaml": "cards:\n  - cards.yaml\n"
                        "replacements:\n  - name: Ward\n    event: damage\n    if: it is in hand"})
    for label in ("Cast: Tricks", "pass", "pass"):
        state.apply_label(label)
    assert "Bear is dealt no damage (Ward)" in state.log_for(1)
    assert "a card is dealt no damage (Ward)" in state.log_for(0) and "Bear is dealt no damage (Ward)" not in state.log_for(0)


def test_an_ability_of_a_card_in_a_hand_is_of_a_card_to_the_others():
    state = hidden_game(["Lurker", "Wolf"])
    for label in ("pass", "pass"):          # Ann's turn begins: Lurker, in Bob's hand, triggers
        state.apply_label(label)
    state.apply_label("pass")               # and resolves
    lines = ["Stir of {} triggers", "Stir of {} goes on the pile", "Ann passes", "Bob passes", "Stir of {} resolves"]
    for who, name in ((None, "Lurker"), (1, "Lurker"), (0, "a card")):
        log = state.log_for(who)
        start = log.index("turn 2 (Ann)") + 1
        assert log[start:start + 5] == [line.format(name) for line in lines], who
