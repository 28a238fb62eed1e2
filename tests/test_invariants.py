"""What holds in every position: every card in exactly one zone, no negative counts,
no hidden card shown to a player who may not see it (in observations and in the log);
debug mode stops a game the moment one of them breaks."""
from __future__ import annotations

import json
import random

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.engine.invariants import check
from cardtable.interpreter.engine.state import RuleError
from cardtable.interpreter.packs.loader import load_pack


@pytest.fixture(scope="module")
def pack():
    return load_pack("magic54", Report())


def positions(game, seeds):
    """Every position of random games with these seeds (the game's and the players')."""
    for seed in seeds:
        state = game.new_initial_state(seed=seed)
        rnd = random.Random(seed)
        yield state
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[rnd.randrange(len(actions))])
            yield state


# ---------------------------------------------------------------- debug mode
def corrupted(pack, corrupt, debug=True):
    """Seed 1 (Black acts first; Red holds Ace of Diamonds), broken by `corrupt`,
    then Black passes (and Red, who has nothing to play): the check after that
    decision sees the damage."""
    state = Game(pack, debug=debug).new_initial_state(seed=1)
    s = state.s
    ace = s.t.names.index("Ace of Diamonds")
    corrupt(s, ace)
    state.apply_label("pass", 1)
    return state


def _twice(s, c):
    s.zones[s.t.zone("play", 0)].append(c)


def _lost(s, c):
    s.zones[s.zone_of[c]].remove(c)


def _misplaced(s, c):
    s.zone_of[c] = s.t.zone("discard", 0)


def _negative_damage(s, c):
    s.damage[c] = -1


def _negative_counter(s, c):
    s.counters[(c, "charge")] = -2


def _out_untold(s, c):
    s.out[1] = True         # where State.put_out would tell the frames that look


@pytest.mark.parametrize("corrupt, message", [
    (_twice, "Ace of Diamonds is in two zones at once (Red's hand and Red's play)"),
    (_lost, "cards are in no zone: Ace of Diamonds"),
    (_misplaced, "Ace of Diamonds is in Red's hand but recorded in Red's discard"),
    (_negative_damage, "Ace of Diamonds has negative damage (-1)"),
    (_negative_counter, "Ace of Diamonds has -2 charge counters"),
    (_out_untold, "the seats out are [False, True], but someone_out is False"),
])
def test_debug_mode_stops_at_a_broken_invariant(pack, corrupt, message):
    with pytest.raises(RuleError) as e:
        corrupted(pack, corrupt)
    assert str(e.value) == message


def test_without_debug_mode_nothing_is_checked(pack):
    state = corrupted(pack, _negative_damage, debug=False)
    assert state.log[-2:] == ["Black passes", "Red passes"]
    with pytest.raises(RuleError) as e:
        check(state.s)
    assert str(e.value) == "Ace of Diamonds has negative damage (-1)"


def test_random_games_keep_every_invariant(pack):
    game = Game(pack, debug=True)
    ended = 0
    for state in positions(game, range(3)):
        ended += state.is_terminal()
        assert sorted(c for zone in state.s.zones for c in zone) == list(range(54))
    assert ended == 3


# ---------------------------------------------------------- hidden information
def hidden_from(state, viewer):
    """The cards `viewer` may not see: every deck, the other players' hands, but those it
    saw go there (a card it put under its deck)."""
    s = state.s
    cards = set()
    for seat in range(2):
        cards.update(s.zones[s.t.zone("deck", seat)])
        if seat != viewer:
            cards.update(s.zones[s.t.zone("hand", seat)])
    return {c for c in cards if viewer not in s.known.get(c, ())}


def unseen(s, zone: str, seat: int, viewer: int) -> dict:
    """A zone `viewer` cannot see, as its observation shows it: how many cards, and those it knows."""
    cards = s.zones[s.t.zone(zone, seat)]
    known = [{"id": c, "name": s.t.names[c]} for c in cards if viewer in s.known.get(c, ())]
    return {"count": len(cards), "known": known} if known else {"count": len(cards)}


def shown_ids(view):
    if isinstance(view, dict):
        found = {view["id"]} if "id" in view else set()
        for v in view.values():
            found |= shown_ids(v)
        return found
    if isinstance(view, list):
        return set().union(*map(shown_ids, view)) if view else set()
    return set()


def test_observations_never_show_hidden_cards(pack):
    game = Game(pack)
    checked = 0
    for state in positions(game, range(6)):
        s = state.s
        for viewer in (0, 1):
            view = state.observation(viewer)
            decision = view.pop("decision", None)
            hidden = hidden_from(state, viewer)
            text = json.dumps(view)
            assert not any(s.t.names[c] in text for c in hidden)
            assert not shown_ids(view) & hidden
            for seat, player in enumerate(view["players"]):
                assert player["zones"]["deck"] == unseen(s, "deck", seat, viewer)
                hand = s.zones[s.t.zone("hand", seat)]
                if seat == viewer:
                    assert [c["name"] for c in player["zones"]["hand"]] == [s.t.names[c] for c in hand]
                else:
                    assert player["zones"]["hand"] == unseen(s, "hand", seat, viewer)
            # The options of a decision are shown to the player who decides, and only to them.
            if not state.is_terminal():
                mine = s.decision.player == viewer
                assert decision == ({"player": s.t.players[s.decision.player].name} if not mine else {
                    "player": s.t.players[viewer].name, "prompt": state.prompt(), "options": state.legal_labels()})
            checked += 1
    assert checked > 3000


def test_the_log_names_a_private_card_only_to_those_who_see_it(pack):
    game = Game(pack)
    state = None
    for state in positions(game, [0]):
        pass
    log, red, black = state.log, state.log_for(0), state.log_for(1)
    assert len(log) == len(red) == len(black)
    i = log.index("Black chooses Ten of Spades (choose the card to put under your deck)")
    assert log[i:i + 3] == black[i:i + 3] == [
        "Black chooses Ten of Spades (choose the card to put under your deck)",
        "Ten of Spades moves from Black's hand to the bottom of Black's deck",
        "Black draws a card"]
    assert red[i:i + 3] == [
        "Black chooses 1 card (choose the card to put under your deck)",
        "a card moves from Black's hand to the bottom of Black's deck",
        "Black draws a card"]


def test_lines_hidden_from_a_player_name_no_card(pack):
    game = Game(pack)
    differing = 0
    for seed in range(4):
        state = None
        for state in positions(game, [seed]):
            pass
        names = state.s.t.names
        for viewer in (0, 1):
            for full, seen in zip(state.log, state.log_for(viewer)):
                if full != seen:
                    differing += 1
                    assert not any(name in seen for name in names), seen
    assert differing > 50
