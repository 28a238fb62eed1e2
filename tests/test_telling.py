"""Reveal and announce: what players are shown and told, what they then know, and what a
search may not deal again (tests/data/suits, whose setup and turn are replaced)."""
from __future__ import annotations

import random

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.engine.observe import determinize
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.play.pettingzoo_env import raw_env
from test_words_and_tables import DEAL, make, problems

# Ann draws Ace of Spades, Two of Diamonds, Four of Spades; Ben the rest.


def play(tmp_path, setup, turn="do nothing", players=3):
    pack = load_pack(str(make(tmp_path, setup=DEAL.replace("3 cards", "2 cards") + "\n" + setup, turn=turn)), Report())
    return Game(pack, num_players=players, options={"turn_limit": 1}).new_initial_state(seed=0)


def test_revealed_cards_are_named_to_all_and_known(tmp_path):
    state = play(tmp_path, "let shown be all cards in your hand where it is spades\nreveal shown")
    assert "Ann reveals Ace of Spades" in state.log_for(1)
    hand = state.observation(1)["players"][0]["zones"]["hand"]
    assert hand == {"count": 2, "known": [{"id": 5, "name": "Ace of Spades"}]}
    assert state.board(2).splitlines()[2] == "  hand: 2 cards (known: Ace of Spades)"


def test_cards_shown_to_one_player_are_told_as_cards_to_the_others(tmp_path):
    state = play(tmp_path, "reveal each card in your hand to your left")
    assert "Ann shows Ace of Spades, Two of Diamonds to Ben" in state.log_for(1)
    assert "Ann shows 2 cards to Ben" in state.log_for(2)
    assert "Ann shows Ace of Spades, Two of Diamonds to Ben" in state.log_for(0)
    assert not any("shows" in line for line in state.log_for(2) if "Ace" in line)
    assert "known" in state.observation(1)["players"][0]["zones"]["hand"]
    assert "known" not in state.observation(2)["players"][0]["zones"]["hand"]


def test_a_hand_held_facing_away_is_not_named_to_its_holder_when_shown_or_looked_at(tmp_path):
    # A hand its player does not see (every other player does, as in Hanabi): Ann, whose
    # cards are shown to Ben or looked at by him, reads "a card" as Cleo does (she read
    # their names, which she may not see).
    hidden = {"hand: {per: player, visibility: owner, role: hand}": "hand: {per: player, visibility: hidden, role: hand}"}
    pack = load_pack(str(make(tmp_path, setup=DEAL.replace("3 cards", "2 cards") + "\n"
                              "reveal first of cards in your hand to your left\n"
                              "your left looks at last of cards in your hand", **hidden)), Report())
    state = Game(pack, num_players=3, options={"turn_limit": 1}).new_initial_state(seed=0)
    told = [[line for line in state.log_for(seat) if "shows" in line or "looks" in line] for seat in range(3)]
    assert told == [["Ann shows a card to Ben", "Ben looks at a card in Ann's hand"],
                    ["Ann shows Ace of Spades to Ben", "Ben looks at Two of Diamonds in Ann's hand"],
                    ["Ann shows a card to Ben", "Ben looks at a card in Ann's hand"]]
    assert "known" not in state.observation(0)["players"][0]["zones"]["hand"]


def test_a_known_card_stays_known_until_it_is_hidden_or_shuffled(tmp_path):
    setup = ("reveal each card in your hand\nput each card in your hand into your left's hand\n"
             'for each c in cards in your left\'s hand where name of it = "Ace of Spades":\n  put c into deck')
    state = play(tmp_path, setup)
    assert [c["name"] for c in state.observation(2)["players"][1]["zones"]["hand"]["known"]] == ["Two of Diamonds"]
    # Cleo saw the cards: their moves name them to her.
    assert "Ace of Spades and Two of Diamonds move from Ann's hand to Ben's hand" in state.log_for(2)
    state = play(tmp_path, "reveal each card in your hand\nput each card in your hand into deck\nshuffle deck")
    assert "known" not in state.observation(2)["shared"]["deck"]


def test_a_hand_shuffled_keeps_what_is_known_in_it_as_it_has_no_order(tmp_path):
    state = play(tmp_path, "reveal each card in your hand\nshuffle your hand")
    assert [c["name"] for c in state.observation(2)["players"][0]["zones"]["hand"]["known"]] == [
        "Two of Diamonds", "Ace of Spades"]
    assert "Ann's hand is shuffled" in state.log_for(2)


# Ann plays Ace of Spades face up, then turns it face down where it lies.
TURNED = "put first of cards in your hand into your played\nlet c be first of cards in your played\nput c into your played face down"


def test_a_card_turned_face_down_stays_known_to_who_saw_it(tmp_path):
    state = play(tmp_path, TURNED + "\nput first of cards in your left's hand into your left's played face down")
    # Everyone saw the Ace turned face down; only Ben saw the card he put face down from his hand.
    ace = [{"id": 5, "name": "Ace of Spades", "face_down": True}]
    assert [state.observation(seat)["players"][0]["zones"]["played"] for seat in range(3)] == [ace] * 3
    assert "Ace of Spades moves from Ann's played to Ann's played face down" in state.log_for(2)
    assert [state.observation(seat)["players"][1]["zones"]["played"] for seat in range(3)] == [
        [{"name": "face-down card"}], [{"id": 3, "name": "Four of Spades", "face_down": True}], [{"name": "face-down card"}]]
    # Taken back into Ann's hand, it is known there to who knew it face down.
    state = play(tmp_path, TURNED + "\nput c into your hand")
    assert [c["name"] for c in state.observation(1)["players"][0]["zones"]["hand"]["known"]] == ["Ace of Spades"]
    for seed in range(5):           # a search leaves it where it is
        copy = determinize(play(tmp_path, TURNED).s, 2, random.Random(seed))
        assert [copy.t.names[x] for x in copy.zones[copy.t.zone("played", 0)]] == ["Ace of Spades"]
    # PettingZoo's observation shows it to Ben as the Ace, not as a face-down card.
    e = raw_env(pack=load_pack(str(make(tmp_path, setup=DEAL + "\n" + TURNED)), Report()), num_players=3,
                options={"turn_limit": 2})
    e.reset(seed=0)
    assert e.layout.knows(e.game_state.view, 1, 5)
    at = e.layout.at_cards + 5 * e.layout.card_width + len(e.layout.zone_slots)   # the Ace's "unseen" field
    assert e.observe("player_1")["observation"][at] == 0


@pytest.mark.parametrize("then", ["put c into deck at a random place", "shuffle your played"])
def test_a_card_turned_face_down_then_put_at_random_or_shuffled_is_forgotten(tmp_path, then):
    state = play(tmp_path, TURNED + "\n" + then)
    zones = state.observation(1)["players"][0]["zones"]
    assert "known" not in state.observation(1)["shared"]["deck"] and zones["played"] in ([], [{"name": "face-down card"}])


def test_a_search_keeps_the_cards_it_knows_where_they_are(tmp_path):
    state = play(tmp_path, "reveal each card in your hand to your left")
    ann_hand = state.s.zones[state.s.t.zone("hand", 0)]
    for seed in range(5):
        copy = determinize(state.s, 1, random.Random(seed))
        assert copy.zones[copy.t.zone("hand", 0)] == ann_hand
    moved = {tuple(determinize(state.s, 2, random.Random(seed)).zones[state.s.t.zone("hand", 0)]) for seed in range(8)}
    assert len(moved) > 1


def test_announce_shows_values_as_people_read_them(tmp_path):
    setup = ('set led to hearts\nlet mine be all cards in your hand\n'
             'announce "{you} holds {count of mine} cards: {mine}; led {led}; dealer {dealer}"')
    state = play(tmp_path, setup)
    assert "Ann holds 2 cards: Ace of Spades, Two of Diamonds; led hearts; dealer nobody" in state.log_for(0)
    assert "Ann holds 2 cards: a card, a card; led hearts; dealer nobody" in state.log_for(1)
    state = play(tmp_path, 'announce "a secret" to your left')
    assert "a secret" in state.log_for(1) and "a secret" not in state.log_for(0) + state.log_for(2)


def test_announce_shows_what_a_selector_picks(tmp_path):
    # "{cards in your hand where ...}" and "{players where ...}" without a "let" first.
    setup = ('announce "{you} holds {cards in your hand where it is spades}, not {players where it != you}; '
             '{cards in your hand where it is hearts}; {cards in your hand where its suit = suit of top card of deck'
             ' or players}"')
    state = play(tmp_path, setup)
    assert "Ann holds Ace of Spades, not Ben, Cleo; nothing; Ann, Ben, Cleo" in state.log_for(0)
    assert "Ann holds a card, not Ben, Cleo; nothing; Ann, Ben, Cleo" in state.log_for(1)
    assert problems(make(tmp_path, setup='announce "{cards in your hand where it is sptades}"')) == [
        'pack.yaml:37:45: unknown card type, mark or keyword "sptades"; did you mean "spades"?']


def test_a_question_names_values_for_the_player_asked(tmp_path):
    turn = 'choose a card in your hand as c "which card, {you}? You hold {count of cards in your hand}"'
    pack = load_pack(str(make(tmp_path, turn=turn)), Report())
    state = Game(pack, num_players=2).new_initial_state(seed=0)
    assert state.decision.prompt == "Ann: which card, Ann? You hold 3"


@pytest.mark.parametrize("setup, message", [
    ('announce "{ledd} is led"', 'pack.yaml:37:14: unknown name "ledd"; did you mean "led"?'),
    ('announce "{you is led"', 'pack.yaml:37:13: this "{" is never closed'),
    ('announce "{you +} is led"', 'pack.yaml:37:19: unexpected end of the text; expected "(", "-", "a", "active", "bottom", "card", "count", "false", ...'),
    ("reveal 3", 'pack.yaml:37:10: reveal needs cards, but "3" is a number'),
])
def test_texts_and_reveals_are_checked(tmp_path, setup, message):
    assert problems(make(tmp_path, setup=setup)) == [message]


def test_a_clone_has_its_own_knowledge(tmp_path):
    state = play(tmp_path, "reveal each card in your hand to your left")
    copy = state.clone()
    copy.s.known.clear()
    assert state.s.known


def test_an_agent_is_shown_the_cards_it_was_shown(tmp_path):
    pack = load_pack(str(make(tmp_path, setup=DEAL + "\nreveal each card in your hand to your left")), Report())
    e = raw_env(pack=pack, num_players=3, options={"turn_limit": 2})
    e.reset(seed=0)
    view = e.game_state.view
    shown = view.zone("hand", 0)
    layout = e.layout
    assert all(layout.knows(view, 1, c) and not layout.knows(view, 2, c) for c in shown)
    unseen_at = len(layout.zone_slots)          # a card's "unseen" field, after its zone slots
    ben, cleo = e.observe("player_1")["observation"], e.observe("player_2")["observation"]
    for c in shown:
        at = layout.at_cards + c * layout.card_width
        assert ben[at + unseen_at] == 0 and cleo[at + unseen_at] == 1


def test_an_announce_tells_no_reader_a_card_another_reader_sees(tmp_path):
    setup = DEAL.replace("3 cards", "2 cards") + '\nannounce "{first of cards in your hand} and {first of cards in your left\'s hand}"'
    pack = load_pack(str(make(tmp_path, setup=setup)), Report())
    state = Game(pack, num_players=3, options={"turn_limit": 1}).new_initial_state(seed=0)
    lines = [[line for line in state.log_for(seat) if " and " in line] for seat in range(3)]
    # Ann and Ben each see one of the two cards; Cleo neither.
    assert lines == [["Ace of Spades and a card"], ["a card and Four of Spades"], ["a card and a card"]]
    assert [line for line in state.log if " and " in line] == ["Ace of Spades and Four of Spades"]
