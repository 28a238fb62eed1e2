"""The computer players: what they choose in positions whose best move is plain,
that they never use what their seat cannot see, that a seed makes them repeat
themselves, and that docs/agents.md lists every agent and setting there is."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game, GameState, OptionError
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.packs.scenario import position
from cardtable.interpreter.play.agents import AGENTS, make_agent
from packcopy import edited_copy

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def game():
    return Game(load_pack("magic54", Report()))


# Red may play a Two (1 damage) at Black's Jack (1/1), at Black, or at itself.
A_JACK_TO_KILL = {
    "turn": 3, "active": "Red", "phase": "pre_attack",
    "players": [
        {"zones": {"hand": ["Two of Hearts"], "play": ["Three of Hearts"], "deck": ["Five of Hearts"]}},
        {"zones": {"hand": ["Queen of Spades", "Six of Spades"], "play": ["Jack of Spades"],
                   "deck": ["Nine of Spades", "Ace of Spades", "Ten of Spades"]}},
    ],
}


def play_out(state, agent, seat):
    """The labels `agent` chooses while the decisions are `seat`'s."""
    chosen = []
    while not state.is_terminal() and state.current_player() == seat:
        action = agent.choose(state)
        chosen.append(state.action_to_string(action))
        state.apply_action(action)
    return chosen


@pytest.mark.parametrize("spec", ["heuristic", "mcts"])
def test_a_damage_card_is_aimed_at_the_creature_it_kills(game, spec):
    state = position(game, A_JACK_TO_KILL)
    state.apply_label("Damage: Two of Hearts")
    assert state.legal_labels() == ["Jack of Spades", "Red", "Black"]
    assert state.action_to_string(make_agent(spec, 1).choose(state)) == "Jack of Spades"


@pytest.mark.parametrize("spec", ["heuristic", "mcts"])
def test_a_blocker_is_put_where_it_saves_life_and_kills(game, spec):
    # Black attacks with a Jack; Red's Queen blocks it: the Jack dies, the Queen lives.
    setup = {
        "turn": 4, "active": "Black", "phase": "attack", "step": "declare_blockers",
        "players": [
            {"zones": {"play": ["Queen of Hearts"], "deck": ["Five of Hearts"]}},
            {"zones": {"play": ["Jack of Spades: tapped, attacking"],
                       "deck": ["Nine of Spades"]}},
        ],
    }
    state = position(game, setup)
    assert state.current_player() == 0 and state.legal_labels() == ["none", "Jack of Spades"]
    assert state.action_to_string(make_agent(spec, 3).choose(state)) == "Jack of Spades"


@pytest.mark.parametrize("spec", ["random", "heuristic", "mcts:playouts=2"])
def test_the_same_seed_makes_the_same_choices(game, spec):
    def choices(seed):
        state = game.new_initial_state(seed=5)
        agents = [make_agent(spec, f"{seed}:{seat}") for seat in (0, 1)]
        labels = []
        for _ in range(40):
            if state.is_terminal():
                break
            action = agents[state.current_player()].choose(state)
            labels.append(state.action_to_string(action))
            state.apply_action(action)
        return labels
    assert choices(1) == choices(1)


@pytest.mark.parametrize("spec", ["heuristic", "mcts"])
def test_choices_do_not_depend_on_what_the_seat_cannot_see(game, spec):
    # The same game twice, but for two of Black's cards, hidden from Red, that have
    # traded places (hand and deck). Red's agent must answer the same, from the same seed.
    a = position(game, A_JACK_TO_KILL)
    b = a.clone()
    s = b.s
    hand, deck = s.t.zone("hand", 1), s.t.zone("deck", 1)
    x, y = s.zones[hand][0], s.zones[deck][0]
    s.zones[hand][0], s.zones[deck][0] = y, x
    s.zone_of[x], s.zone_of[y] = deck, hand
    assert a.observation(None) != b.observation(None)
    while a.current_player() == 0:
        assert a.observation(0) == b.observation(0)
        choice = make_agent(spec, 9).choose(a)
        assert make_agent(spec, 9).choose(b) == choice
        a.apply_action(choice)
        b.apply_action(choice)


def test_a_time_budget_plays_at_least_one_playout(game):
    state = position(game, A_JACK_TO_KILL)
    assert make_agent("mcts:time=0.000001", 1).choose(state) in state.legal_actions()


def test_the_guide_lists_every_agent_and_setting_with_its_default():
    guide = (ROOT / "docs" / "agents.md").read_text(encoding="utf-8")
    table = guide.split("| agent | plays | settings (default) |", 1)[1].split("\n\n", 1)[0]
    rows = {m.group(1): m.group(2) for m in re.finditer(r"^\| `(\w+)` \| .*? \| (.*?) \|$", table, flags=re.M)}
    assert list(rows) == list(AGENTS)
    for name, kind in AGENTS.items():
        listed = ", ".join(f"`{key}` ({_number(s.default)})" for key, s in kind.settings.items()) or "none"
        assert rows[name] == listed
        for key in kind.settings:
            assert re.search(rf"^\| `{name}` \| `{key}` \| \S", guide, flags=re.M), (name, key)


def _number(x) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


@pytest.fixture(scope="module")
def bids():
    return load_pack(str(ROOT / "tests" / "data" / "bidpack"), Report())


def test_a_bid_is_judged_by_playouts_to_the_end_of_the_hand(bids):
    # Unshuffled, Ann holds Six, Five and Four and takes every trick however the cards
    # are played; Ben holds the rest and takes none. As the bid is made no trick is
    # taken, so the one-turn look likes the bid of 0 best (the evaluation counts the
    # distance between bid and tricks); played out to the hand's end, 3 and 0 score.
    game = Game(bids, {"shuffled": 0})
    state = game.new_initial_state(seed=1)
    assert state.deciding_round() == "hand" and state.legal_labels() == ["0", "1", "2", "3"]
    assert state.action_to_string(make_agent("heuristic:playouts=0", 1).choose(state)) == "0"
    assert [state.action_to_string(make_agent("heuristic", seed).choose(state)) for seed in range(3)] == ["3"] * 3
    state.apply_label("3")
    assert state.action_to_string(make_agent("heuristic", 1).choose(state)) == "0"
    state.apply_label("0")
    assert state.prompt() == "Ann: play a card" and state.deciding_round() is None


def test_the_search_player_bids_by_the_end_of_the_hand_too(bids):
    # As test_a_bid_is_judged_by_playouts_to_the_end_of_the_hand: judged at the end of
    # the next turn (one trick), Ann's bid of 1 looked best; the hand decides a bid.
    state = Game(bids, {"shuffled": 0}).new_initial_state(seed=1)
    assert [state.action_to_string(make_agent("mcts", seed).choose(state)) for seed in range(3)] == ["3"] * 3
    state.apply_label("3")
    assert [state.action_to_string(make_agent("mcts", seed).choose(state)) for seed in range(3)] == ["0"] * 3
    state.apply_label("0")
    assert state.prompt() == "Ann: play a card"


@pytest.mark.parametrize("spec", ["heuristic", "mcts"])
def test_a_game_of_bids_is_won_against_random_players(bids, spec):
    game = Game(bids)
    won = 0
    for seed in range(10):
        state = game.new_initial_state(seed=seed)
        agents = [make_agent(spec if seat == seed % 2 else "random", f"{seed}:{seat}") for seat in (0, 1)]
        while not state.is_terminal():
            state.apply_action(agents[state.current_player()].choose(state))
        won += state.returns()[seed % 2] > 0
    assert won == 10


def test_a_loop_of_decisions_in_a_turn_is_judged_where_the_turn_ends():
    # Each card set aside costs a point and comes back as the turn ends; in the middle
    # of the loop the hand looks smaller. Judged at the end of the turn, none is best.
    game = Game(load_pack(str(ROOT / "tests" / "data" / "asidepack"), Report()))
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        assert len(state.legal_labels()) == 11
        assert state.action_to_string(make_agent("heuristic", seed).choose(state)) == "none"


@pytest.mark.parametrize("options, playing", [({}, False), ({}, True), ({"highest_bid": 500}, False)])
def test_the_work_of_a_decision_is_bounded_by_the_budget(bids, monkeypatch, options, playing):
    # A bid (random playouts to the end of the hand), a card to play (the one-turn look),
    # and a bid of 501 options, more than the budget: each imagines at most 100 decisions.
    game = Game(bids, options)
    state = game.new_initial_state(seed=2)
    if playing:
        state.apply_label("1")
        state.apply_label("1")
    assert state.prompt() == ("Ann: play a card" if playing else "Ann: how many tricks will you take?")
    imagined = []
    apply = GameState.apply_action
    monkeypatch.setattr(GameState, "apply_action", lambda self, action: (imagined.append(action), apply(self, action)))
    for seed in range(3):
        imagined.clear()
        assert make_agent("heuristic:budget=100", seed).choose(state) in state.legal_actions()
        assert 0 < len(imagined) <= 100
    if not playing:         # given more, it looks further (a card's look ends with its turn)
        imagined.clear()
        make_agent("heuristic:budget=1000", 0).choose(state)
        assert len(imagined) > 100


def test_a_round_played_out_stops_as_it_ends(bids):
    # Ann bids 3 and Ben 0 (the pick), then the first card in hand each time: Ann takes
    # the three tricks. The copy stops once the hand's end script has scored, before
    # the next hand resets the tricks: 2 bids and 4 cards (the last card of each is played
    # without asking).
    state = Game(bids, {"shuffled": 0}).new_initial_state(seed=1)
    copy = state.clone()
    assert copy.play_round_out(3, lambda n: 0, 100) == 6
    counters = [copy.view.player_counters(seat) for seat in (0, 1)]
    assert [(c["score"], c["tricks"]) for c in counters] == [(13, 3), (10, 0)]
    assert state.clone().play_round_out(3, lambda n: 0, 5) == 5
    state.apply_label("3")
    state.apply_label("0")
    with pytest.raises(OptionError, match="this one is taken in a turn"):
        state.clone().play_round_out(0, lambda n: 0, 100)


@pytest.fixture(scope="module")
def takes():
    return load_pack(str(ROOT / "tests" / "data" / "takepack"), Report())


def test_a_pack_without_an_evaluation_is_judged_by_its_ranking_at_the_end_of_the_hand(takes):
    # Unshuffled, Ben leads Five; Ann holds Six, One and Two, Ben Three and Four besides.
    # Taking it with the Six, Ann scores 11 as the hand ends and Ben 10, however the
    # rest is played; ducking, Ann scores 10 at most and Ben 11 at least. Nothing is
    # scored until the hand ends, after the next turns: the one-turn look found every
    # card alike and chose at random.
    state = Game(takes, {"shuffled": 0}).new_initial_state(seed=1)
    state.apply_label("Five")
    assert state.prompt() == "Ann: play a card" and state.deciding_round() is None
    assert state.legal_labels() == ["Six", "One", "Two"]
    assert [state.action_to_string(make_agent("heuristic", seed).choose(state)) for seed in range(8)] == ["Six"] * 8
    assert [state.action_to_string(make_agent("mcts", seed).choose(state)) for seed in range(3)] == ["Six"] * 3
    assert {state.action_to_string(make_agent("random", seed).choose(state)) for seed in range(8)} == {
        "Six", "One", "Two"}
    # Played out to the hand's end with the first card each time (Six, then One and
    # Three; the last cards are played without asking): Ann takes Five and Six, Ben the
    # rest. The position is judged by the ranking (score, highest best): Ann's less Ben's.
    assert state.outer_round() == "hand"
    copy = state.clone()
    assert copy.play_round_out(0, lambda n: 0, 100, outermost=True) == 3
    counters = [copy.view.player_counters(seat)["score"] for seat in (0, 1)]
    assert counters == [11, 10] and copy.evaluate(0) == 1 and copy.evaluate(1) == -1
    assert state.clone().play_round_out(0, lambda n: 0, 2, outermost=True) == 2


MATCH = {"rounds:\n": "rounds:\n  - round: match\n    until: any (players where score of it >= 100)\n"
                      "    end: |\n      the game ends\n",
         "hand_limit: {default: 3,": "hand_limit: {default: 300,", "  limit_of: hand\n": ""}
FEWER_TAKEN = {"best: highest}\n": "best: highest}\n  - {by: count of cards in it's won, best: lowest}\n"}


@pytest.mark.parametrize("edits", [MATCH, {**MATCH, **FEWER_TAKEN}], ids=["match", "match, then fewer cards taken"])
def test_a_match_of_hands_is_judged_at_the_end_of_the_hand(tmp_path, edits):
    # The hands of takepack made a match, whose end is the game's: played out to the
    # match's end, the trick Ann takes is lost in hands played at random after it. Its
    # tricks end with the score unmoved and the hand's end moves it: it is judged there,
    # though the tricks move the ranking's second measure, which only breaks ties.
    folder = edited_copy(ROOT / "tests" / "data" / "takepack", tmp_path, **edits)
    state = Game(load_pack(str(folder), Report()), {"shuffled": 0}).new_initial_state(seed=1)
    state.apply_label("Five")
    assert state.outer_round() == "match" and state.legal_labels() == ["Six", "One", "Two"]
    assert [state.action_to_string(make_agent("heuristic", seed).choose(state)) for seed in range(8)] == ["Six"] * 8
    assert [state.action_to_string(make_agent("mcts", seed).choose(state)) for seed in range(3)] == ["Six"] * 3
    copy = state.clone()
    assert copy.play_round_out(0, lambda n: 0, 100, outermost=True) == 3
    assert [copy.view.player_counters(seat)["score"] for seat in (0, 1)] == [11, 10]


def test_a_round_played_out_to_the_outermost_needs_a_round(game):
    state = game.new_initial_state(seed=1)
    assert state.outer_round() is None
    with pytest.raises(OptionError, match="no round is being played"):
        state.clone().play_round_out(0, lambda n: 0, 100, outermost=True)
