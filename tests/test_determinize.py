"""Positions a computer player may imagine: the cards it cannot see are dealt again,
face-down cards included, and nothing it can see changes."""
from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.engine.invariants import check
from cardtable.interpreter.engine.layers import build
from cardtable.interpreter.engine.observe import describe, determinize, observe
from cardtable.interpreter.packs.loader import load_pack


def first_position(pack: str, players: int, seed: int, wanted):
    """The first position of a seeded random game where wanted(state) holds."""
    game = Game(load_pack(pack, Report()), num_players=players)
    state = game.new_initial_state(seed)
    rnd = random.Random(seed)
    while not state.is_terminal():
        if wanted(state.s):
            return state.s
        state.apply_action(rnd.choice(state.legal_actions()))
    raise AssertionError("no such position")


def face_down_in(s, zone_name: str, seat: int | None):
    zone = s.t.zone(zone_name, seat)
    return [x for x in s.zones[zone] if s.face_down[x]]


def test_a_face_down_card_in_another_players_play_is_dealt_again_for_the_others():
    s = first_position("basic_tcg", 2, 3, lambda s: face_down_in(s, "play", 1))
    zone = s.t.zone("play", 1)
    slots = [i for i, x in enumerate(s.zones[zone]) if s.face_down[x]]
    imagined = set()
    for k in range(20):
        d = determinize(s, 0, random.Random(k))
        check(d)
        assert [i for i, x in enumerate(d.zones[zone]) if d.face_down[x]] == slots   # still face down there
        assert observe(d, 0) == observe(s, 0)                                         # nothing seat 0 sees changed
        imagined.update(d.zones[zone][i] for i in slots)
        assert all(d.t.owner[x] == 1 for x in imagined)                               # one of Player 2's cards
    assert len(imagined) > len(slots)
    for k in range(5):                                                                # its owner knows it
        assert determinize(s, 1, random.Random(k)).zones[zone] == s.zones[zone]


def test_cards_discarded_face_down_to_a_shared_pile_are_dealt_again_but_for_the_player_who_discarded_them():
    # Each of the three players has discarded three cards face down from their hand.
    s = first_position("pub_magic", 3, 2, lambda s: len(face_down_in(s, "discard", None)) == 9)
    zone = s.t.zone("discard", None)
    down = face_down_in(s, "discard", None)
    for seat in range(3):
        own = [i for i, x in enumerate(s.zones[zone]) if s.known[x] == {seat}]
        assert len(own) == 3
        changed = False
        for k in range(10):
            d = determinize(s, seat, random.Random(k))
            check(d)
            assert observe(d, seat) == observe(s, seat)
            assert sum(d.face_down[x] for x in d.zones[zone]) == len(down)
            assert [d.zones[zone][i] for i in own] == [s.zones[zone][i] for i in own]
            changed |= face_down_in(d, "discard", None) != down
        assert changed, seat


@pytest.mark.parametrize("seat", [0, 1])
def test_what_a_player_sees_stays_as_it_is(seat):
    s = first_position("magic54", 2, 5, lambda s: s.turn >= 6)
    for k in range(5):
        d = determinize(s, seat, random.Random(k))
        check(d)
        assert observe(d, seat) == observe(s, seat)


def test_an_observation_giving_away_a_face_down_card_breaks_the_invariants(monkeypatch):
    from cardtable.interpreter.engine import observe as observing
    from cardtable.interpreter.engine.invariants import check_hidden
    from cardtable.interpreter.engine.state import RuleError

    s = first_position("basic_tcg", 2, 3, lambda s: face_down_in(s, "play", 1))
    check_hidden(s, 0)
    shown = observing._card_view
    monkeypatch.setattr(observing, "_card_view",        # the id kept, as if the card were known
                        lambda s, c, extras, knows: {**shown(s, c, extras, True), "name": "face-down card"}
                        if s.face_down[c] else shown(s, c, extras, knows))
    with pytest.raises(RuleError, match="^Player 1 can tell which card the face-down Island is$"):
        check_hidden(s, 0)


# A name that points at a card the searching seat cannot see follows the card's place:
# the copy holds whatever card it deals there, so the name tells no more than the place.
POINTING = ("for each p in players:\n  p draws 2 cards\nset upcard to first of cards in opponent's hand\n"
            "put top card of deck into discard\nmark top card of discard as pointing upcard\n")


@pytest.mark.parametrize("until", ["", " until end of turn"])
def test_a_table_value_and_a_mark_pointing_at_a_hidden_card_follow_its_place(tmp_path, until):
    from test_words_and_tables import UPCARD, play

    from cardtable.interpreter.engine.primitives import end_effects

    declared = "marks:\n  pointing: A card it points at.\ndurations:\n  turn: Until the end of the turn.\ncards: [cards.yaml]"
    state = play(tmp_path, setup=POINTING.rstrip() + until, **{**UPCARD, "cards: [cards.yaml]": declared})
    s = state.s
    hand = s.zones[s.t.zone("hand", 1)]
    shown = s.zones[s.t.zone("discard", None)][-1]
    assert s.table["upcard"] == hand[0] and s.marks[(shown, "pointing")] == hand[0]
    pointed = set()
    for k in range(20):
        d = determinize(s, 0, random.Random(k))
        check(d)
        first = d.zones[d.t.zone("hand", 1)][0]
        assert d.table["upcard"] == first and d.marks[(shown, "pointing")] == first
        pointed.add(first)
        end_effects(d, "turn")                      # a mark that lasts a while still ends in the copy
        assert ((shown, "pointing") in d.marks) == (not until)
    assert len(pointed) > 1                         # as varied as the cards dealt there
    assert determinize(s, 1, random.Random(0)).table["upcard"] == hand[0]     # its owner knows it


def test_the_marks_and_counters_of_a_face_down_card_stay_on_its_place(tmp_path):
    from test_words_and_tables import play

    declared = "marks:\n  pointing: A card it points at.\ncard_counters:\n  charge: A charge counter.\ncards: [cards.yaml]"
    setup = ("for each p in players:\n  p draws 2 cards\nlet hidden be first of cards in opponent's hand\n"
             "put hidden into opponent's played face down\nmark hidden as pointing\nadd 2 charge counters to hidden")
    s = play(tmp_path, setup=setup, **{"cards: [cards.yaml]": declared}).s
    zone = s.t.zone("played", 1)
    assert "played: face-down card (pointing, 2 charge)" in describe(s, 0)
    dealt = set()
    for k in range(10):
        d = determinize(s, 0, random.Random(k))
        check(d)
        [there] = d.zones[zone]
        assert d.marks == {(there, "pointing"): True} and d.counters == {(there, "charge"): 2}
        assert observe(d, 0) == observe(s, 0)
        dealt.add(there)
    assert len(dealt) > 1


def test_a_mark_pointing_at_a_hidden_card_names_it_only_to_those_who_see_it(tmp_path):
    from test_words_and_tables import UPCARD, play

    declared = "marks:\n  pointing: A card it points at.\ncards: [cards.yaml]"
    s = play(tmp_path, setup=POINTING, **{**UPCARD, "cards: [cards.yaml]": declared}).s
    hidden = s.zones[s.t.zone("hand", 1)][0]
    shown = s.zones[s.t.zone("discard", None)][-1]

    def pointing(viewer):
        [view] = [v for v in observe(s, viewer)["shared"]["discard"] if v.get("id") == shown]
        return view["marks"]["pointing"]
    assert pointing(0) == "a card"                      # in the other player's hand
    assert pointing(1) == pointing(None) == s.t.names[hidden]


# Ann's turn: a script that waits for her once for each card of Ben's hand.
WAITING = ("let secret be first of cards in opponent's hand\nopponent chooses a card in opponent's hand as given\n"
           "for each c in cards in opponent's hand:\n  choose a card in your hand as mine\n  put c into discard")


def hidden_game(bob: list, field: tuple = ()):
    """Tests/data/hiddenpack on Bob's turn: Ann holds a spell she may cast (a decision of
    hers while Bob's effects wait), Bob's hand `bob` and `field`, each library two cards."""
    game = Game(load_pack(str(Path(__file__).parent / "data" / "hiddenpack"), Report()), num_players=2)
    return game.position({"active": "Bob", "phase": "main", "players": [
        {"zones": {"hand": ["Boost", "Bear"], "library": ["Ox", "Wolf"]}},
        {"zones": {"hand": bob, "field": list(field), "library": ["Bear", "Ox"]}}]})


def test_a_seat_is_not_told_which_hidden_card_a_waiting_script_or_effect_holds(tmp_path):
    from test_words_and_tables import play

    # Ann, asked once for each card of Ben's hand, is not told which card the loop is at.
    state = play(tmp_path, setup="for each p in players:\n  p draws 2 cards", turn=WAITING)
    state.apply_action(1)
    assert state.observation(0)["decision"]["prompt"] == "Ann: choose a card in your hand as mine (c a card)"
    assert state.log_for(None)[-1] == "Ben chooses Ace of Hearts as given"
    state.apply_action(0)
    assert [line for line in state.log_for(0) if line.startswith("Ann chooses")] == [
        "Ann chooses Ace of Spades as mine (c a card)"]
    assert [line for line in state.log_for(1) if line.startswith("Ann chooses")] == [
        "Ann chooses 1 card as mine (c Four of Spades)"]
    # The log's line of an effect going on the pile targets "a card" for Ann, Bear for Bob.
    state = hidden_game(["Stash", "Wolf", "Bear", "Ox"])
    state.apply_label("Cast: Stash")
    state.apply_label("Bear")
    assert state.log_for(0)[-2:] == ["Cast of Stash goes on the pile targeting a card", "Bob passes"]
    assert state.log_for(1)[-2:] == ["Cast of Stash goes on the pile targeting Bear", "Bob passes"]


# What a script waiting for a decision, an effect on the pile, a lasting effect and the
# game kept for a card that left play hold of a card the searching seat cannot see
# follows its place too: a copy made in the middle of them acts on the card dealt there.
def test_the_variables_of_a_script_waiting_for_a_decision_follow_the_hidden_cards_places(tmp_path):
    from test_words_and_tables import play

    state = play(tmp_path, setup="for each p in players:\n  p draws 2 cards", turn=WAITING)
    state.apply_action(1)                       # Ben gives the second card of his hand
    s = state.s
    hand, discard = s.t.zone("hand", 1), s.t.zone("discard", None)
    real = s.zones[hand]
    env = s.frames[-1].env
    assert (env["secret"], env["given"], env["c"], s.frames[-1].loop[1]) == (real[0], real[1], real[0], tuple(real))
    seen = set()
    for k in range(20):
        d = state.determinized(0, random.Random(k))
        check(d.s)
        there = d.s.zones[hand][:]
        env = d.s.frames[-1].env
        assert (env["secret"], env["given"], env["c"], d.s.frames[-1].loop[1]) == (there[0], there[1], there[0], tuple(there))
        seen.add(there[0])
        d.apply_action(0)                       # the loop's card goes to the discard: the one dealt there
        assert d.s.zones[discard] == [there[0]]
    assert len(seen) > 1
    mine = state.determinized(1, random.Random(0)).s.frames[-1].env     # Ben sees his hand
    assert (mine["secret"], mine["given"]) == (real[0], real[1])


def test_a_named_scripts_variables_and_the_values_it_keeps_of_its_callers_follow_the_places(tmp_path):
    from test_words_and_tables import play

    # The script's `c` hides its caller's while it runs; the caller's is kept to be put back.
    scripts = ("scripts:\n  pick:\n    for: [c]\n    do: |\n      choose a card in your hand as mine\n"
               "      put c into discard\ncards: [cards.yaml]")
    state = play(tmp_path, setup="for each p in players:\n  p draws 2 cards",
                 turn="let c be first of cards in opponent's hand\npick for last of cards in opponent's hand\n"
                      "put c into discard", **{"cards: [cards.yaml]": scripts})
    s = state.s
    hand, discard = s.t.zone("hand", 1), s.t.zone("discard", None)
    assert s.frames[-1].env["c"] == s.zones[hand][1]
    for k in range(10):
        d = state.determinized(0, random.Random(k))
        there = d.s.zones[hand][:]
        d.apply_action(0)
        assert d.s.zones[discard][:2] == [there[1], there[0]]      # the script's card, then its caller's


def slot_of(s, card: int) -> tuple:
    return s.zone_of[card], s.zones[s.zone_of[card]].index(card)


def test_an_effect_waiting_on_the_pile_acts_on_the_card_dealt_in_its_targets_place():
    state = hidden_game(["Stash", "Wolf", "Bear", "Ox"])
    state.apply_label("Cast: Stash")
    state.apply_label("Bear")
    s = state.s
    [entry] = s.pile
    bear = entry.env["kept"]
    assert s.t.names[bear] == "Bear" and state.current_player() == 0
    z, i = slot_of(s, bear)
    field = s.t.zone("field", 1)
    kept = set()
    for k in range(20):
        d = state.determinized(0, random.Random(k))
        check(d.s)
        there = d.s.zones[z][i]
        [entry] = d.s.pile
        assert (entry.env["kept"], entry.env["@kept"]) == (there, (there, d.s.moves[there]))
        d.apply_label("pass")               # Stash resolves: the card in the target's place comes into play
        assert d.s.zones[field] == [there]
        kept.add(there)
    assert len(kept) > 1
    for k in range(6):      # Bob sees his hand: the Bear stays the target in his copies
        d = state.determinized(1, random.Random(k))
        if d.s.pile:
            assert d.s.pile[0].env["kept"] == bear
        else:               # Ann, dealt no spell to cast, passed (asked again: follow._decision)
            assert d.s.zones[field] == [bear]


def test_a_lasting_effect_on_a_hidden_card_follows_its_place():
    from cardtable.interpreter.engine.primitives import end_effects

    state = hidden_game(["Boost", "Wolf", "Bear", "Ox"])
    state.apply_label("Cast: Boost")
    state.apply_label("Bear")
    state.apply_label("pass", 0)             # Ann lets it resolve: Bob's Bear gets +5 until end of turn
    s = state.s
    [(kind, _, bear, _, _)] = s.mods
    assert kind == "stat" and s.prop(bear, "toughness") == 7 and state.current_player() == 0
    z, i = slot_of(s, bear)
    pumped = set()
    for k in range(20):
        d = state.determinized(0, random.Random(k)).s
        check(d)
        there = d.zones[z][i]
        assert [m[2] for m in d.mods] == [there] and list(d.moddelta) == [(there, "toughness")]
        gained = [d.prop(x, "toughness") - d.t.props[x]["toughness"] for x in d.zones[z]]
        assert gained == [5 if x == there else 0 for x in d.zones[z]]         # that card alone has the +5
        end_effects(d, "turn")
        assert d.prop(there, "toughness") == d.t.props[there]["toughness"]
        pumped.add(there)
    assert len(pumped) > 1


def test_a_card_put_where_nobody_knows_is_read_as_the_card_dealt_there_was_in_play():
    state = hidden_game(["Pump", "Tuck", "Bear", "Ox"], ["Wolf"])
    for label in ("Cast: Pump", "pass", "pass", "Cast: Tuck", "pass"):     # Tuck's only target: the Wolf Pump gave +5
        state.apply_label(label)
    s = state.s
    assert state.prompt() == "Ann: let it go?"
    wolf = s.frames[-1].env["back"]
    assert s.t.names[wolf] == "Wolf" and list(s.lki) == [wolf]
    z, i = slot_of(s, wolf)
    assert z == s.t.zone("library", 1) and not s.known
    gained = set()
    for k in range(20):
        d = state.determinized(0, random.Random(k))
        check(d.s)
        there = d.s.zones[z][i]
        assert d.s.frames[-1].env["back"] == there and list(d.s.lki) == [there]
        d.apply_label("yes")
        # Bob gains the toughness the card dealt there had in play: its own, and Pump's 5.
        assert d.s.pvars[1]["life"] == 10 + d.s.t.props[there]["toughness"] + 5
        gained.add(d.s.pvars[1]["life"])
    assert len(gained) > 1
    state.apply_label("yes")
    assert s.pvars[1]["life"] == 18


# A card every seat saw go from a public zone into a hidden one is known there: a search's
# copy leaves it in its place. A shuffle of the zone it is in makes everyone forget it.
PICKED_UP = ("for each p in players:\n  p draws 2 cards\nput top card of deck into discard\n"
             "put top card of discard into opponent's hand")
INTO_DECK = "\nfor each c in cards in opponent's hand:\n  put c into deck"


@pytest.mark.parametrize("then, zone", [("", "hand"), (INTO_DECK, "deck")])
def test_a_card_everyone_saw_go_into_a_hidden_zone_stays_in_its_place_in_the_copies(tmp_path, then, zone):
    from test_words_and_tables import play

    s = play(tmp_path, setup=PICKED_UP + then).s
    place = s.t.zone(zone, 1 if zone == "hand" else None)
    picked = next(x for x in range(len(s.t.names)) if s.t.names[x] == "Three of Hearts")
    i = s.zones[place].index(picked)
    assert ("  hand: 3 cards (known: Three of Hearts)" if zone == "hand" else "deck: 4 cards (known: Three of Hearts)") \
        in describe(s, 0).splitlines()
    others = set()
    for k in range(20):
        d = determinize(s, 0, random.Random(k))
        check(d)
        assert d.zones[place][i] == picked
        others.add(tuple(x for j, x in enumerate(d.zones[place]) if j != i))
    assert len(others) > 1          # the cards nobody saw are dealt again around it


def test_a_shuffle_makes_everyone_forget_the_cards_of_the_zone(tmp_path):
    from test_words_and_tables import play

    assert play(tmp_path, setup=PICKED_UP + INTO_DECK).s.known         # known on top of the deck ...
    s = play(tmp_path, setup=PICKED_UP + INTO_DECK + "\nshuffle deck").s   # ... until it is shuffled
    deck = s.t.zone("deck", None)
    assert not s.known and describe(s, 0).splitlines()[-3] == "deck: 4 cards"
    assert len({tuple(determinize(s, 0, random.Random(k)).zones[deck]) for k in range(20)}) > 1


def test_a_card_back_in_its_players_hand_from_play_is_known_to_everyone():
    state = hidden_game(["Recall", "Bear", "Ox"], ["Wolf"])
    for label in ("Cast: Recall", "pass"):
        state.apply_label(label)
    s = state.s
    assert state.prompt() == "Ann: let it go?"
    wolf = s.frames[-1].env["back"]
    hand = s.t.zone("hand", 1)
    assert s.zone_of[wolf] == hand and observe(s, 0)["players"][1]["zones"]["hand"] == {
        "count": 3, "known": [{"id": wolf, "name": "Wolf"}]}
    i = s.zones[hand].index(wolf)
    for k in range(10):
        d = state.determinized(0, random.Random(k))
        assert d.s.zones[hand][i] == wolf and d.s.frames[-1].env["back"] == wolf
        d.apply_label("yes")
        assert d.s.pvars[1]["life"] == 13       # Wolf's toughness, whatever was dealt around it


def test_a_game_without_a_log_keeps_what_the_seats_saw_only_for_a_player_who_searches(tmp_path):
    from test_words_and_tables import make

    game = Game(load_pack(str(make(tmp_path, setup=PICKED_UP)), Report()), num_players=2)
    assert game.new_initial_state(0, log=False).s.known is None
    assert len(game.new_initial_state(0, log=False, knowing=True).s.known) == 1


@pytest.mark.parametrize("order, known", [("shuffled", 0), ("reversed", 2)])
def test_a_deck_refilled_from_the_discard_pile_is_known_unless_shuffled(tmp_path, order, known):
    from test_words_and_tables import play

    refill = "deck: {per: shared, visibility: hidden, ordered: true, role: deck, deck: common"
    state = play(tmp_path, setup="for each p in players:\n  p draws 3 cards\nfor each c in cards in your hand:\n"
                                 "  put c into discard\nyou draw 1 card",
                 **{refill: refill + f", refill: {{from: discard, order: {order}}}"})
    s = state.s
    assert len(s.zones[s.t.zone("deck", None)]) == 2
    assert len(observe(s, 1)["shared"]["deck"].get("known", ())) == known


# The decision a copy is made at: the cards it offers its own seat by name stay where they
# are; another seat's options follow the cards dealt in their places, or are asked again.
@pytest.mark.parametrize("chosen, labels", [
    ("card", ["Two of Clubs", "Three of Hearts"]),
    # The cards of the sets it offers as well (choose a set).
    ("set of 2 cards", ["Two of Clubs, Three of Hearts"]),
])
def test_the_cards_a_decision_offers_its_seat_by_name_stay_where_they_are(tmp_path, chosen, labels):
    from test_words_and_tables import play

    # The deck and Ben's hand hold Ann's hidden cards (the shared deck's are the first seat's);
    # she looks at the deck, so that its cards are offered by name.
    state = play(tmp_path, setup="for each p in players:\n  p draws 2 cards",
                 turn=f"you look at all cards in deck\nchoose up to one {chosen} in deck as found\n"
                      f"put found into discard")
    s = state.s
    deck, discard, hand = s.t.zone("deck", None), s.t.zone("discard", None), s.t.zone("hand", 1)
    assert state.legal_labels() == ["none", *labels] and len(s.zones[deck]) == 2
    ben = set()
    for k in range(20):
        d = state.determinized(0, random.Random(k))
        check(d.s)
        assert d.s.zones[deck] == s.zones[deck] and d.legal_labels() == state.legal_labels()
        ben.add(tuple(d.s.zones[hand]))
        d.apply_label(labels[-1])
        assert d.s.t.names[d.s.zones[discard][-1]] == "Three of Hearts"     # from the deck, not Ben's hand
    assert len(ben) > 1


def test_another_seats_options_are_the_cards_dealt_in_their_places():
    state = hidden_game(["Stash", "Wolf", "Bear", "Ox"])
    s = state.s
    hand = s.t.zone("hand", 1)
    assert state.prompt() == "Bob: act or pass (main)" and state.legal_labels() == ["pass", "Cast: Stash"]
    asked = set()
    for k in range(10):
        d = state.determinized(0, random.Random(k))
        check(d.s)
        held = [d.s.t.names[x] for x in d.s.zones[hand]]
        if "Stash" in held:             # Bob may cast the Stash dealt to him ...
            assert d.legal_labels() == ["pass", "Cast: Stash"] and d.s.decision.options[1].value[0] in d.s.zones[hand]
        else:                           # ... else he has nothing to do, and the window goes on to Ann
            assert d.prompt() == "Ann: act or pass (main)" and d.log_for(None) == []
        asked.add(d.prompt())
    assert len(asked) == 2
    state.apply_label("Cast: Stash")
    assert state.prompt() == "Bob: choose kept for Cast of Stash" and state.legal_labels() == ["Wolf", "Bear", "Ox"]
    offered = set()
    for k in range(10):
        d = state.determinized(0, random.Random(k))
        targets = [o.value for o in d.s.decision.options]
        assert targets == d.s.zones[hand] and d.legal_labels() == [d.s.t.names[x] for x in targets]
        d.apply_action(0)
        d.apply_label("pass")
        d.apply_label("pass")
        assert d.s.zones[d.s.t.zone("field", 1)] == [targets[0]]
        offered.add(tuple(d.legal_labels()))


# Triggered abilities waiting to be ordered, a division under way and who controls a card
# are held of cards too: in a copy, of the cards dealt in their places.
def test_triggered_abilities_waiting_to_be_ordered_are_of_the_cards_dealt_in_their_places(tmp_path):
    folder = tmp_path / "hiddenpack"
    shutil.copytree(Path(__file__).parent / "data" / "hiddenpack", folder)
    pack = folder / "pack.yaml"
    pack.write_text(pack.read_text().replace("  resolve: top\n", "  resolve: top\n  triggers: apnap\n"))
    game = Game(load_pack(str(folder), Report()), num_players=2)
    state = game.position({"active": "Ann", "phase": "end", "players": [
        {"zones": {"hand": ["Boost", "Bear"], "library": ["Ox", "Wolf"]}},
        {"zones": {"hand": ["Lurker", "Prowler", "Wolf"], "library": ["Bear", "Ox"]}}]})
    s = state.s
    assert state.legal_labels() == ["Stir of Lurker", "Prowl of Prowler"]      # Ann's turn begins
    hand = s.t.zone("hand", 1)
    slots = [s.zones[hand].index(x) for x, _, _ in s.frames[-1].groups[0][1]]
    stirred = set()
    for k in range(10):
        d = state.determinized(0, random.Random(k))
        check(d.s)
        there = [d.s.zones[hand][i] for i in slots]
        [(seat, mine)] = d.s.frames[-1].groups
        assert seat == 1 and [(x, env["this"]) for x, _, env in mine] == [(x, x) for x in there]
        names = [d.s.t.names[x] for x in there]
        assert d.legal_labels() == [f"Stir of {names[0]}", f"Prowl of {names[1]}"]
        d.apply_action(1)                   # Prowl first: lowest on the pile
        assert [(e.card, e.ability.name) for e in d.s.pile] == [(there[1], "Prowl"), (there[0], "Stir")]
        stirred.add(there[0])
    assert len(stirred) > 1


def test_a_division_under_way_and_the_division_made_are_of_the_cards_dealt_in_their_places():
    state = hidden_game(["Spread", "Wolf", "Bear", "Ox"])
    for label in ("Cast: Spread", "pass", "1 to Wolf"):
        state.apply_label(label)
    s = state.s
    hand = s.t.zone("hand", 1)
    wolf, bear, ox = s.zones[hand]
    assert state.prompt() == "Bob: divide 2 among Bear, Ox: how much to Bear?"
    assert s.frames[-1].env["@split"] == ((wolf, bear, ox), 1, 2, {wolf: 1})
    for k in range(10):
        d = state.determinized(0, random.Random(k))
        check(d.s)
        there = tuple(d.s.zones[hand])
        assert d.s.frames[-1].env["@split"] == (there, 1, 2, {there[0]: 1})
        d.apply_action(1)                   # 1 to the card in Bear's place, 1 left to Ox's
        assert d.s.frames[-1].env["split"] == dict(zip(there, (1, 1, 1)))
        d.apply_label("yes")
        assert [d.s.prop(x, "toughness") - d.s.t.props[x]["toughness"] for x in there] == [1, 1, 1]
    state.apply_label("2 to Bear")
    assert state.prompt() == "Ann: let it be?" and s.frames[-1].env["split"] == {wolf: 1, bear: 2}
    shares = set()
    for k in range(10):                     # the division made, on Ann's decision
        d = state.determinized(0, random.Random(k))
        there = tuple(d.s.zones[hand])
        assert d.s.frames[-1].env["split"] == {there[0]: 1, there[1]: 2}
        d.apply_label("yes")
        assert [d.s.prop(x, "toughness") - d.s.t.props[x]["toughness"] for x in there] == [1, 2, 0]
        shares.add(there)
    assert len(shares) > 1


def test_a_division_asked_of_another_player_names_the_cards_dealt_in_the_copy():
    state = hidden_game(["Spread", "Wolf", "Bear", "Ox"])
    for label in ("Cast: Spread", "pass"):
        state.apply_label(label)
    assert state.prompt() == "Bob: divide 3 among Wolf, Bear, Ox: how much to Wolf?"
    hand = state.s.t.zone("hand", 1)
    asked = set()
    for k in range(10):
        d = state.determinized(0, random.Random(k))
        check(d.s)
        first, *rest = names = [d.s.t.names[x] for x in d.s.zones[hand]]
        assert d.prompt() == f"Bob: divide 3 among {', '.join(names)}: how much to {first}?"
        assert d.legal_labels() == [f"{n} to {first}" for n in range(4)]
        assert [o.value for o in d.s.decision.options] == [0, 1, 2, 3]        # shares, never cards
        asked.add(d.prompt())
    assert len(asked) > 1
    # Bob's own copy deals Ann's hidden cards again, the Wolf of her library (card 3, as
    # "3 to Wolf" is a share of 3) among them.
    library = state.s.t.zone("library", 0)
    assert state.s.t.names[3] == "Wolf" and state.s.zones[library] == [2, 3]
    assert len({state.determinized(1, random.Random(k)).s.zones[library][1] for k in range(10)}) > 1


def test_effects_offered_to_another_player_are_those_of_the_cards_dealt_in_the_copy():
    game = Game(load_pack(str(Path(__file__).parent / "data" / "hiddenpack"), Report()), num_players=2)
    state = game.position({"active": "Bob", "phase": "main", "players": [
        {"zones": {"hand": ["Bear"]}}, {"zones": {"hand": ["Pick", "Lurker", "Prowler", "Wolf", "Ox"]}}]})
    for label in ("pass", "Cast: Pick"):    # Ann's turn: Bob's Pick chooses Stir of Lurker or Prowl of Prowler
        state.apply_label(label)
    assert state.prompt() == "Bob: choose an effect in stack as e"
    assert state.legal_labels() == ["Stir of Lurker", "Prowl of Prowler"]
    offered = set()
    for k in range(10):
        d = state.determinized(0, random.Random(k)).s
        assert [o.value for o in d.decision.options] == d.pile      # the copy's effects, on its cards
        assert [o.label for o in d.decision.options] == [f"{e.ability.name} of {d.t.names[e.card]}" for e in d.pile]
        offered.add(tuple(o.label for o in d.decision.options))
    assert len(offered) > 1


def test_who_controls_a_hidden_card_and_since_when_are_of_the_card_dealt_in_its_place(tmp_path):
    from test_hidden_log import hidden_copy

    from cardtable.interpreter.engine.primitives import end_effects

    tricks = ("deal 2 damage to pet\n          prevent the next 1 damage to pet this turn\n          deal 1 damage to pet\n"
              "          prevent all damage to pet until end of turn\n          deal 1 damage to pet\n"
              "          opponent gains control of pet")
    state = hidden_copy(tmp_path, cards={tricks: "opponent gains control of pet until end of turn"})
    for label in ("Cast: Tricks", "pass", "pass", "pass"):
        state.apply_label(label)
    s = state.s
    assert state.prompt() == "Ann: act or pass (main)"
    hand = s.t.zone("hand", 1)
    [bear] = [x for x in s.zones[hand] if s.t.names[x] == "Bear"]
    i = s.zones[hand].index(bear)
    assert (s.ctl, s.control_turn, s.controller[bear]) == ({bear: 1}, {bear: 1}, 0)    # Ann's, in Bob's hand
    taken = set()
    for k in range(10):
        d = state.determinized(0, random.Random(k)).s
        there = d.zones[hand][i]
        # (as dealt: making the view again would find the card its effect is on anyway)
        assert (d.ctl, d.control_turn) == ({there: 1}, {there: 1})
        check(d)
        build(d)                            # who controls each card, the effects applied
        assert [d.controller[x] for x in d.zones[hand]] == [0 if x == there else 1 for x in d.zones[hand]]
        end_effects(d, "turn")
        build(d)
        assert d.controller[there] == 1
        taken.add(there)
    assert len(taken) > 1


def test_a_simulated_game_keeps_what_the_seats_saw_for_an_agent_that_may_read_it(monkeypatch):
    from cardtable.interpreter.play.batch import play_game

    kept = []
    begin = Game.new_initial_state

    def started(game, *args, **kwargs):
        state = begin(game, *args, **kwargs)
        kept.append(state.s.known is not None)
        return state
    monkeypatch.setattr(Game, "new_initial_state", started)
    game = Game(load_pack("go_fish", Report()), num_players=2)
    for agents in (["random", "random"], ["random", "heuristic"]):
        play_game(game, agents, 0)
    assert kept == [False, True]


def test_another_seats_sets_are_of_the_cards_dealt_in_their_places(tmp_path):
    from test_words_and_tables import play

    # Ann chooses a set of her hidden hand: in Ben's copies, of the cards dealt to her.
    state = play(tmp_path, setup="for each p in players:\n  p draws 2 cards",
                 turn='choose up to one set of 2 cards in your hand as pair "lay down"\nput pair into discard')
    s = state.s
    hand, discard = s.t.zone("hand", 0), s.t.zone("discard", None)
    assert state.legal_labels() == ["none", "Ace of Spades, Two of Diamonds"]
    offered = set()
    for k in range(10):
        d = state.determinized(1, random.Random(k))
        there = tuple(d.s.zones[hand])
        assert d.s.decision.options[1].value == there
        assert d.legal_labels() == ["none", ", ".join(d.s.t.names[x] for x in there)]
        d.apply_label(d.legal_labels()[1])
        assert d.s.zones[hand] == [] and tuple(d.s.zones[discard]) == there
        check(d.s)
        offered.add(there)
    assert len(offered) > 1


def test_another_seats_card_option_keeps_its_labels_words_for_the_card_dealt_in_its_place(tmp_path):
    from test_words_and_tables import play

    from cardtable.interpreter.engine.decisions import Option

    # Ann picks a card of her hidden hand by an option that says more than its name: in
    # Ben's copies, each option says it of the card dealt in its card's place.
    state = play(tmp_path, setup="for each p in players:\n  p draws 2 cards",
                 turn='choose a card in your hand as pick "discard one"\nput pick into discard')
    s = state.s
    d = s.decision
    s.decision = d._replace(options=tuple(Option(f"Discard: {o.label}", o.value) for o in d.options))
    assert state.legal_labels() == ["Discard: Ace of Spades", "Discard: Two of Diamonds"]
    dealt = set()
    for k in range(10):
        copy = state.determinized(1, random.Random(k))
        there = copy.s.zones[s.t.zone("hand", 0)]
        assert [o.value for o in copy.s.decision.options] == there
        assert copy.legal_labels() == [f"Discard: {copy.s.t.names[x]}" for x in there]
        dealt.add(tuple(there))
    assert len(dealt) > 1
