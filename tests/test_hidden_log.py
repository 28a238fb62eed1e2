"""What each seat reads of the log's lines about a card: a card another player holds in
their hand is "a card" to the players who cannot see it, and named to its owner."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

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
    return hidden_pack(tmp_path, pack, cards).position({"active": "Bob", "phase": "main", "players": [
        {"zones": {"hand": ["Boost", "Bear"], "library": ["Ox", "Wolf"]}},
        {"zones": {"hand": ["Keep", "Boost", "Tricks", "Bear"], "library": ["Bear", "Ox"]}}]})


def hidden_pack(tmp_path, pack: dict, cards: dict) -> Game:
    """A game of tests/data/hiddenpack with the texts `pack` and `cards` map replaced."""
    folder = tmp_path / "hiddenpack"
    shutil.copytree(Path(__file__).parent / "data" / "hiddenpack", folder)
    for name, edits in (("pack.yaml", pack), ("cards.yaml", cards)):
        text = (folder / name).read_text()
        for old, new in edits.items():
            assert old in text, old
            text = text.replace(old, new)
        (folder / name).write_text(text)
    return Game(load_pack(str(folder), Report()), num_players=2)


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


def read_by_each(ann: list, bob: list, labels: tuple, field: tuple = ()) -> dict:
    """Tests/data/hiddenpack on Bob's turn, Ann holding `ann`, Bob `bob` and `field`: the
    lines logged as `labels` are chosen, as the referee (None), Ann (0) and Bob (1) read them."""
    game = Game(load_pack(str(Path(__file__).parent / "data" / "hiddenpack"), Report()), num_players=2)
    state = game.position({"active": "Bob", "phase": "main", "players": [
        {"zones": {"hand": ann, "library": ["Ox", "Wolf"]}},
        {"zones": {"hand": bob, "field": list(field), "library": ["Bear", "Ox"]}}]})
    start = {who: len(state.log_for(who)) for who in (None, 0, 1)}
    for label in labels:
        state.apply_label(label)
    return {who: state.log_for(who)[start[who]:] for who in (None, 0, 1)}


def test_a_token_made_in_a_hand_and_ceasing_there_is_named_to_its_owner_alone():
    read = read_by_each(["Bear"], ["Mint", "Wolf"], ("Cast: Mint",))
    lines = ["Cast of Mint resolves", "{} is created in Bob's hand", "Mint moves from stack to Bob's graveyard",
             "{} ceases to exist"]         # tokens exist in the field alone
    for who, name in ((None, "Coin"), (1, "Coin"), (0, "a card")):
        start = read[who].index("Cast of Mint resolves")
        assert read[who][start:start + 4] == [line.format(name) for line in lines], who


def test_no_room_for_a_token_in_a_hand_names_it_to_its_owner_alone(tmp_path):
    game = hidden_pack(tmp_path, pack={"role: hand}": "role: hand, capacity: 2}"},
                       cards={'create a "Coin" token into your hand': 'create a "Coin" token under opponent\'s control '
                              "into opponent's hand"})
    state = game.position({"active": "Bob", "phase": "main", "players": [
        {"zones": {"hand": ["Bear", "Wolf"]}}, {"zones": {"hand": ["Mint"]}}]})
    state.apply_label("Cast: Mint")
    full = "no room in Ann's hand for {}"
    for who, name in ((None, "Coin"), (0, "Coin"), (1, "a card")):
        assert after(state.log_for(who), "Cast of Mint resolves")[:1] == [full.format(name)], who


def test_a_replacement_of_a_card_in_a_hand_is_of_a_card_to_the_others():
    read = read_by_each(["Zap", "Bear"], ["Amulet", "Wolf"], ("pass", "Cast: Zap"), field=("Ox",))
    resolved = "Cast of Zap resolves"
    assert after(read[None], resolved)[:1] == after(read[1], resolved)[:1] == ["Ox would be dealt damage (Ward of Amulet)"]
    assert after(read[0], resolved)[:1] == ["Ox would be dealt damage (Ward of a card)"]


def test_an_effect_targeted_on_the_pile_whose_card_is_in_a_hand_is_of_a_card_to_the_others():
    # Lurker, in Bob's hand, has triggered as Ann's turn began; Ann counters its ability.
    read = read_by_each(["Stifle", "Bear"], ["Lurker", "Wolf"], ("Cast: Stifle",))
    lines = ["Ann uses Cast of Stifle", "Cast of Stifle goes on the pile targeting Stir of {}", "Ann passes",
             "Bob passes", "Cast of Stifle resolves", "Stir of {} is countered"]
    assert read[None][:6] == [line.format("Lurker") for line in lines]
    assert read[1][:6] == ["Ann uses Cast of a card from Ann's hand"] + [line.format("Lurker") for line in lines[1:]]
    assert read[0][:6] == [line.format("a card") for line in lines]


def test_a_card_face_down_in_play_taken_back_to_its_hand_is_named_to_its_owner_alone():
    read = read_by_each(["Bear"], ["Hide", "Lift", "Ox"], ("Cast: Hide", "Cast: Lift"))
    resolved = "Cast of Lift resolves"
    assert after(read[None], resolved)[:1] == after(read[1], resolved)[:1] == ["Ox moves from Bob's field to Bob's hand"]
    assert after(read[0], resolved)[:1] == ["a card moves from Bob's field to Bob's hand"]


def test_an_effect_chosen_on_the_pile_whose_card_is_in_a_hand_is_of_a_card_to_the_others():
    # Ann passes on Bob's turn; on hers, Lurker in Bob's hand triggers, and she counters its ability.
    read = read_by_each(["Pick", "Bear"], ["Lurker", "Wolf"], ("pass", "Cast: Pick"))
    resolved = "Cast of Pick resolves"
    for who, name in ((None, "Lurker"), (1, "Lurker"), (0, "a card")):
        assert after(read[who], resolved)[:2] == [f"Ann chooses Stir of {name} as e", f"Stir of {name} is countered"], who


def test_a_card_face_down_in_play_that_cannot_enter_a_full_zone_is_named_to_its_owner_alone(tmp_path):
    game = hidden_pack(tmp_path, pack={"graveyard: {per: player, ordered: true, role: discard}":
                                       "graveyard: {per: player, ordered: true, role: discard, capacity: 1}"},
                       cards={"effect: put back into your hand": "effect: put back into your graveyard"})
    state = game.position({"active": "Bob", "phase": "main", "players": [
        {"zones": {"hand": ["Bear"]}}, {"zones": {"hand": ["Hide", "Lift", "Ox"]}}]})
    for label in ("Cast: Hide", "Cast: Lift"):         # Hide fills Bob's graveyard
        state.apply_label(label)
    full = "{} cannot enter Bob's graveyard: it is full"
    for who, name in ((None, "Ox"), (1, "Ox"), (0, "a card")):
        assert after(state.log_for(who), "Cast of Lift resolves")[:1] == [full.format(name)], who


def test_an_effect_a_loop_is_at_whose_card_is_in_a_hand_is_of_a_card_to_the_others():
    game = Game(load_pack(str(Path(__file__).parent / "data" / "hiddenpack"), Report()), num_players=2)
    state = game.position({"active": "Bob", "phase": "main", "players": [
        {"zones": {"hand": ["Sift", "Bear"]}}, {"zones": {"hand": ["Lurker", "Wolf"]}}]})
    for label in ("pass", "Cast: Sift"):        # on Ann's turn, Stir of Lurker (in Bob's hand) waits
        state.apply_label(label)
    state.apply_label("yes")
    for who in (None, 0, 1):        # one line that every seat reads alike
        assert after(state.log_for(who), "Cast of Sift resolves")[:1] == ["Ann chooses yes (counter it) (e Stir of a card)"]


def test_an_effect_announced_whose_card_is_in_a_hand_is_of_a_card_to_the_others():
    # On Ann's turn, Stir of Lurker (in Bob's hand) waits on the pile.
    read = read_by_each(["Tell", "Bear"], ["Lurker", "Wolf"], ("pass", "Cast: Tell"))
    resolved = "Cast of Tell resolves"
    for who, name in ((None, "Lurker"), (1, "Lurker"), (0, "a card")):
        assert after(read[who], resolved)[:1] == [f"Stir of {name} waits"], who


def test_the_options_of_a_decision_name_an_effect_on_the_pile_as_its_player_sees_its_card():
    # On Ann's turn, Prowl of Prowler (in Bob's hand) and Stir of Lurker (Lurker in Bob's
    # field taken back into his hand by Lift, before Ann's eyes) wait on the pile.
    game = Game(load_pack(str(Path(__file__).parent / "data" / "hiddenpack"), Report()), num_players=2)
    for knowing in (True, False):
        state = game.position({"active": "Bob", "phase": "main", "players": [
            {"zones": {"hand": ["Stifle", "Pick", "Bear"]}},
            {"zones": {"hand": ["Lift", "Prowler", "Wolf"], "field": ["Lurker"]}}]})
        if not knowing:
            state.s.known = None        # a game that keeps nothing of what the seats saw
        for label in ("Cast: Lift", "pass", "pass"):
            state.apply_label(label)
        assert state.log_for(0)[-1] == f"Stir of {'Lurker' if knowing else 'a card'} goes on the pile"
        # The options say where the card is, not what Ann remembers: a replay of a game that
        # kept nothing finds them.
        state.apply_label("Cast: Stifle")
        assert (state.prompt(), state.legal_labels()) == (
            "Ann: choose victim for Cast of Stifle", ["Prowl of a card", "Stir of a card"])
        state.apply_label("Stir of a card")
        assert state.history[-1] == (0, 1, "Stir of a card")
        state.apply_label("Cast: Pick")         # "choose an effect in stack as e", as it resolves
        assert state.legal_labels() == ["Prowl of a card", "Stir of a card", "Cast of Stifle"]
        # Bob, who sees his hand, reads his cards' names where he decides.
        assert state.observation(1)["decision"] == {"player": "Ann"}


@pytest.mark.parametrize("choose, offered", [
    ("choose up to one effect in stack as e", ["none", "Stir of a card", "Prowl of a card"]),
    ("choose any number of effects in stack as e", ["done", "Stir of a card", "Prowl of a card"]),
    ("choose an order of effects in stack as e", ["Stir of a card", "Prowl of a card"]),
])
def test_each_choice_offers_an_effect_whose_card_its_player_cannot_see_as_of_a_card(tmp_path, choose, offered):
    game = hidden_pack(tmp_path, {}, {"choose an effect in stack as e\n          counter e": choose})
    state = game.position({"active": "Bob", "phase": "main", "players": [
        {"zones": {"hand": ["Pick", "Bear"]}}, {"zones": {"hand": ["Lurker", "Prowler", "Wolf"]}}]})
    for label in ("pass", "Cast: Pick"):     # on Ann's turn, Bob's abilities wait as Pick resolves
        state.apply_label(label)
    assert state.legal_labels() == offered


def test_effects_that_read_the_same_are_told_apart_by_their_places_on_the_pile(tmp_path):
    game = hidden_pack(tmp_path, {}, {})
    state = game.position({"active": "Bob", "phase": "main", "players": [
        {"zones": {"hand": ["Pick", "Bear"]}}, {"zones": {"hand": ["Lurker", "Lurker", "Wolf"]}}]})
    for label in ("pass", "Cast: Pick"):     # on Ann's turn, both Lurkers' Stir wait as Pick resolves
        state.apply_label(label)
    assert state.legal_labels() == ["Stir of a card", "Stir of a card"]
    shown = ["Stir of a card (2nd from the top of the pile)", "Stir of a card (the top of the pile)"]
    assert state.shown_labels() == shown
    chosen = state.s.decision.options[0].value
    state.apply_label(shown[0])
    assert state.history[-1] == (0, 0, "Stir of a card")
    assert chosen not in state.s.pile           # "choose an effect in stack as e / counter e"


def test_an_effect_on_the_pile_in_an_observation_names_its_card_as_the_log_does(tmp_path):
    # Tell reveals Bob's hand while Stir of Lurker, triggered there as Ann's turn began, waits.
    game = hidden_pack(tmp_path, pack={}, cards={'effect: announce "{top effect of stack} waits"':
                                                 "effect: reveal all cards in opponent's hand"})
    state = game.position({"active": "Bob", "phase": "main", "players": [
        {"zones": {"hand": ["Tell", "Mint", "Bear"]}}, {"zones": {"hand": ["Lurker", "Wolf"]}}]})
    state.apply_label("pass")
    stir = {"ability": "Stir", "player": "Bob"}
    assert [state.observation(who)["pile"] for who in (None, 0, 1)] == [
        [{"card": "Lurker", **stir}], [{"card": "a card", **stir}], [{"card": "Lurker", **stir}]]
    state.apply_label("Cast: Tell")
    state.apply_label("pass")           # Bob passes too: Tell resolves
    assert state.log_for(0)[-2] == "Bob reveals Lurker, Wolf"
    assert state.observation(0)["pile"] == [{"card": "Lurker", **stir}]
    assert state.observation(0)["players"][1]["zones"]["hand"]["known"][0]["name"] == "Lurker"
