"""The PettingZoo environment: PettingZoo's own conformance tests, action masks that
are the legal actions, rewards that are the returns, reproducible resets, and an
observation that shows nothing its seat may not see."""
from __future__ import annotations

import importlib
import shutil
import sys
from pathlib import Path

import numpy as np
import pytest
import test_engine_doc as engine_doc
from pettingzoo.test import api_test, seed_test
from test_teams import edited

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.decisions import IllegalAction
from cardtable.interpreter.engine.game import Game, OptionError
from cardtable.interpreter.engine.observe import observe
from cardtable.interpreter.packs.loader import PackError, load_pack
from cardtable.interpreter.play.pettingzoo_env import TooManyOptions, env, raw_env

TABLES = [("magic54", 2), ("pub_magic", 3), ("basic_tcg", 2), ("basic_tcg", 4), ("go_fish", 3)]


@pytest.fixture(scope="module")
def packs():
    return {name: load_pack(name, Report()) for name in ("magic54", "pub_magic", "basic_tcg", "go_fish")}


# api_test warns about these for every environment outside PettingZoo's own list
# of games with dict observations; any other warning fails the test.
@pytest.mark.filterwarnings("error", "ignore:Observation is not a NumPy array",
                            "ignore:Observation space for each agent probably should be")
@pytest.mark.parametrize("name,players", TABLES)
def test_pettingzoo_api_test_passes(packs, name, players, capsys):
    # Enough cycles that the play test reaches the end of the game.
    api_test(env(pack=packs[name], num_players=players), num_cycles=10_000, verbose_progress=False)
    assert capsys.readouterr().out.splitlines()[-1] == "Passed API test"


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize("name,players", TABLES)
def test_pettingzoo_seed_test_passes(packs, name, players):
    seed_test(lambda: env(pack=packs[name], num_players=players), num_cycles=100)


def masked_game(e, seed: int, check=None) -> dict:
    """Plays one game of `e` (a raw_env) with random masked actions, calling
    `check(e)` before each action; returns each agent's total reward."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        if check:
            check(e)
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


@pytest.mark.parametrize("name,players", TABLES[:3])
def test_masks_are_the_legal_actions_and_rewards_the_returns(packs, name, players):
    e = raw_env(pack=packs[name], num_players=players)
    seen = []

    def check(e):
        state = e.game_state
        legal = state.legal_actions()
        for agent in e.agents:
            mask = e.observe(agent)["action_mask"]
            if e.seat(agent) == state.current_player():
                assert list(np.flatnonzero(mask)) == legal
                assert e.agent_selection == agent
            else:
                assert not mask.any()
        seen.append(len(legal))

    totals = masked_game(e, seed=4, check=check)
    state = e.game_state
    assert state.is_terminal()
    assert totals == {agent: r for agent, r in zip(e.possible_agents, state.returns())}
    assert e.agents == []
    assert max(seen) > 1


def test_seats_that_go_out_wait_for_the_end_of_the_game(packs):
    """An out seat is never asked; its reward comes with everyone's, at the end:
    in a draw (game 14 here reaches the turn limit) it is 0, not -1."""
    e = raw_env(pack=packs["basic_tcg"], num_players=4)
    ends = []
    for seed in (2, 14):
        went_out = set()

        def check(e):
            s = e.game_state.s
            assert not s.out[e.seat(e.agent_selection)]
            went_out.update(p for p in range(4) if s.out[p])
            assert e.agents == e.possible_agents

        totals = masked_game(e, seed, check)
        assert list(totals.values()) == e.game_state.returns()
        ends.append((sorted(went_out), e.game_state.returns()))
    # Seats out while the game went on, and the returns.
    assert ends == [([0, 2], [-1.0, 1.0, -1.0, -1.0]), ([1, 3], [0.0, 0.0, 0.0, 0.0])]


def test_the_seed_is_the_games_seed_and_resets_repeat(packs):
    e = raw_env(pack=packs["magic54"])
    e.reset(seed=5)
    assert e.game_state.log == Game(packs["magic54"]).new_initial_state(5).log
    first = [e.observe(a)["observation"] for a in e.agents]
    e.step(1)
    e.reset(seed=5)
    assert all(np.array_equal(v, e.observe(a)["observation"]) for a, v in zip(e.agents, first))

    # Without a seed, the next game's seed comes from the last seed given.
    logs = []
    for _ in range(2):
        e.reset(seed=7)
        e.reset()
        logs.append(e.game_state.log)
    assert logs[0] == logs[1]
    assert logs[0] != Game(packs["magic54"]).new_initial_state(7).log


def swap_cards(s, a: int, b: int) -> None:
    """Cards `a` and `b` change places, each taking the other's tapped, damage,
    face-down, counters and marks: only which card is where changes."""
    za, zb = s.zone_of[a], s.zone_of[b]
    ia, ib = s.zones[za].index(a), s.zones[zb].index(b)
    s.zones[za][ia], s.zones[zb][ib] = b, a
    s.zone_of[a], s.zone_of[b] = zb, za
    for attr in ("tapped", "damage", "face_down", "controller", "entered", "moves"):
        values = getattr(s, attr)
        values[a], values[b] = values[b], values[a]
    other = {a: b, b: a}
    s.counters = {(other.get(c, c), k): n for (c, k), n in s.counters.items()}
    s.marks = {(other.get(c, c), m): v for (c, m), v in s.marks.items()}


def play_until(e, seed: int, condition) -> None:
    """Random masked actions from `reset(seed)` until `condition(s)` holds."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    while not condition(e.game_state.s):
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))


def assert_hidden_swap_unseen(e, a: int, b: int) -> None:
    """Swapping cards `a` and `b` of seat 1's hidden places changes what seat 1
    sees, and neither seat 0's observation nor its vector."""
    before = e.game_state
    after = before.clone()
    swap_cards(after.s, a, b)
    assert observe(after.s, 0) == observe(before.s, 0)
    assert observe(after.s, 1) != observe(before.s, 1)
    views = []
    for state in (before, after):
        e.game_state = state
        views.append({agent: e.observe(agent)["observation"] for agent in ("player_0", "player_1")})
    e.game_state = before
    assert np.array_equal(views[0]["player_0"], views[1]["player_0"])
    assert not np.array_equal(views[0]["player_1"], views[1]["player_1"])


def zone(s, name: str, seat: int) -> list:
    return s.zones[s.t.zone(name, seat)]


def test_cards_in_hidden_zones_are_not_in_the_observation(packs):
    e = raw_env(pack=packs["magic54"])
    play_until(e, 2, lambda s: s.turn >= 3)
    s = e.game_state.s
    assert_hidden_swap_unseen(e, zone(s, "hand", 1)[0], zone(s, "deck", 1)[0])


def test_face_down_cards_of_others_are_not_in_the_observation(packs):
    e = raw_env(pack=packs["basic_tcg"])

    def face_down_in_play(s):
        return any(s.face_down[c] for c in zone(s, "play", 1)) and zone(s, "hand", 1)

    play_until(e, 1, face_down_in_play)
    s = e.game_state.s
    hidden = next(c for c in zone(s, "play", 1) if s.face_down[c])
    assert_hidden_swap_unseen(e, hidden, zone(s, "hand", 1)[0])
    # Seat 0 counts the face-down card in seat 1's play, without knowing which it is.
    layout = e.layout
    vector = e.observe("player_0")["observation"]
    slot = layout.zone_slots.index("play:1")
    assert vector[layout.at_zones + 2 * slot + 1] == sum(s.face_down[c] for c in zone(s, "play", 1))
    assert vector[layout.at_cards + hidden * layout.card_width + len(layout.zone_slots)] == 1   # unseen
    # Seat 1 put it there: it knows the card.
    view = e.game_state.view
    assert e.layout.knows(view, 1, hidden) and not e.layout.knows(view, 0, hidden)


def test_the_layout_covers_the_vector(packs):
    e = raw_env(pack=packs["pub_magic"], num_players=3)
    layout = e.layout
    starts = [start for _, start, _, _ in layout.sections]
    stops = [stop for _, _, stop, _ in layout.sections]
    assert starts[0] == 0 and stops[-1] == layout.size and starts[1:] == stops[:-1]
    assert e.observation_space("player_2")["observation"].shape == (layout.size,)
    assert e.action_space("player_2").n == layout.max_actions
    assert e.possible_agents == ["player_0", "player_1", "player_2"]
    assert layout.zone_slots == ("deck", "hand:0", "hand:1", "hand:2", "play:0", "play:1", "play:2", "discard")


def test_options_are_described_to_the_deciding_agent_only(packs):
    e = raw_env(pack=packs["magic54"])
    e.reset(seed=1)        # Black (player_1): pass, then three Mana abilities
    layout = e.layout
    width = len(layout.sections[-1][3])
    options = e.observe("player_1")["observation"][layout.at_options:].reshape(-1, width)
    s = e.game_state.s
    seven = zone(s, "hand", 1)[0]
    assert s.t.names[seven] == "Seven of Clubs"
    assert options[0].tolist() == [1, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    name = list(packs["magic54"].cards).index("Seven of Clubs") + 1
    ability = [ab.name for ab in s.t.cards[seven].abilities].index("Mana") + 1
    assert options[1].tolist() == [0, 1, 0, 0, 0, seven + 1, name, ability, 0, 0]
    assert not options[4:].any()
    assert not e.observe("player_0")["observation"][layout.at_options:].any()


def test_an_illegal_action_ends_the_game_or_is_refused(packs, caplog):
    wrapped = env(pack=packs["magic54"])
    wrapped.reset(seed=1)
    wrapped.step(5)
    assert "Illegal move made" in caplog.text
    assert wrapped.rewards == {"player_0": 0, "player_1": -1.0}
    assert all(wrapped.terminations.values())

    bare = raw_env(pack=packs["magic54"])
    bare.reset(seed=1)
    with pytest.raises(IllegalAction, match="5 is not one of the 4 options offered to Black"):
        bare.step(5)


def test_too_many_options_for_max_actions(packs):
    e = raw_env(pack=packs["magic54"], max_actions=2)
    with pytest.raises(TooManyOptions) as raised:
        e.reset(seed=1)
    assert str(raised.value) == (
        'the decision "Black: play a card, use a Special or pass (before the attack)" offers 4 options, more than max_actions (2): '
        "make the environment with a larger max_actions, e.g. env(..., max_actions=8)")


def test_a_count_of_slots_is_bounded_and_a_seed_is_a_games_seed(packs):
    # A mistyped max_actions asked for every byte of memory there is, and more.
    for kwargs, reason in [({"max_actions": 10**12}, "max_actions is a whole number from 1 to 100,000, not 1000000000000"),
                           ({"max_actions": 1.5}, "max_actions is a whole number from 1 to 100,000, not 1.5"),
                           ({"token_slots": 10**12}, "token_slots is a whole number from 0 to 100,000, not 1000000000000"),
                           ({"render_view": "x"}, "render_view is \"agent\" or \"all\", not 'x'")]:
        with pytest.raises(OptionError) as raised:
            raw_env(pack=packs["magic54"], **kwargs)
        assert str(raised.value) == reason
    e = raw_env(pack=packs["magic54"], max_actions=np.int64(80))
    assert e.action_space("player_0").n == 80
    # Negative seeds and seeds past 64 bits play the game new_initial_state plays.
    game = Game(packs["magic54"])
    for seed in (-1, 2**70, np.int64(3)):
        e.reset(seed=seed)
        assert e.game_state.log == game.new_initial_state(seed).log
    for seed, said in [(1.5, "1.5"), ("3", '"3"')]:
        with pytest.raises(OptionError) as raised:
            e.reset(seed=seed)
        assert str(raised.value) == f"a seed is a whole number, not {said}"


def test_an_unknown_pack_name_says_which_was_meant():
    with pytest.raises(PackError) as raised:
        env(pack="magic45")
    assert str(raised.value) == (
        "the pack is not valid:\n"
        'magic45:1:1: error: no pack named "magic45"; did you mean "magic54"? '
        "(built-in packs: basic_tcg, crazy_eights, go_fish, hearts, lane_duel, magic54, mtg, pub_magic, stack_duel)\n"
        "1 problem in 1 file")
    assert f"PackError: {raised.value}\n" in engine_doc.DOC.read_text(encoding="utf-8")   # as the page shows it


def test_a_pack_with_a_dsl_error_says_where_it_is(tmp_path, monkeypatch):
    pack = tmp_path / "tiny"
    shutil.copytree(Path(__file__).parent / "data" / "tinypack", pack)
    text = (pack / "pack.yaml").read_text(encoding="utf-8")
    (pack / "pack.yaml").write_text(text.replace("script: draw a card\n", "script: deal (2 damage to opponent\n"),
                                    encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(PackError) as raised:
        raw_env(pack="tiny")
    assert str(raised.value) == (
        "the pack is not valid:\n"
        'tiny/pack.yaml:53:22: error: this "(" is never closed\n'
        "            script: deal (2 damage to opponent\n"
        "                         ^\n"
        "1 problem in 1 file")


def test_render_shows_what_the_deciding_agent_sees(packs):
    e = raw_env(pack=packs["magic54"], render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert "  hand: 5 cards" in text.splitlines()          # Red's hand, seen by Black
    assert text.splitlines()[-5:] == ["player_1 - Black: play a card, use a Special or pass (before the attack)", "  0: pass",
                                      "  1: Mana: Seven of Clubs", "  2: Mana: Five of Clubs",
                                      "  3: Mana: Five of Spades"]
    everything = raw_env(pack=packs["magic54"], render_mode="ansi", render_view="all")
    everything.reset(seed=1)
    assert "  hand: 5 cards" not in everything.render().splitlines()


def test_without_pettingzoo_the_import_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    monkeypatch.delitem(sys.modules, "cardtable.interpreter.play.pettingzoo_env")
    with pytest.raises(ImportError) as raised:
        importlib.import_module("cardtable.interpreter.play.pettingzoo_env")
    assert str(raised.value) == "the PettingZoo environment needs pettingzoo: pip install 'cardtable[pettingzoo]'"


def test_the_documented_example_prints_what_the_page_shows(tmp_path, monkeypatch):
    """The example of the page's PettingZoo section, checked as the page's first one is."""
    text = engine_doc.DOC.read_text(encoding="utf-8")
    section = tmp_path / "engine.md"
    section.write_text(text[text.index("## Reinforcement learning: the PettingZoo environment"):], encoding="utf-8")
    monkeypatch.setattr(engine_doc, "DOC", section)
    engine_doc.test_the_example_prints_what_the_page_shows()


def test_tokens_take_the_slots_after_the_dealt_cards():
    pack = load_pack("lane_duel", Report())
    e = raw_env(pack=pack)
    e.reset(seed=0)
    s = e.game_state.s
    (coin,) = s.t.tokens        # The Coin, made for the second player before the first turn
    dealt = len(Game(pack).blank_state(0).t.cards)
    layout = e.layout
    assert coin == dealt and layout.num_cards == dealt + 32
    holder = s.controller[coin]
    w = layout.card_width
    card = e.observe(f"player_{holder}")["observation"][layout.at_cards + coin * w:layout.at_cards + (coin + 1) * w]
    fields = list(layout.sections[[n for n, *_ in layout.sections].index("cards")][3])
    assert card[fields.index("in hand:0")] == 1 and card[fields.index("unseen")] == 0
    assert card[fields.index("name")] == layout.card_names.index("The Coin") + 1
    other = e.observe(f"player_{1 - holder}")["observation"][layout.at_cards + coin * w:layout.at_cards + (coin + 1) * w]
    assert other[fields.index("unseen")] == 1 and other[fields.index("name")] == 0
    # Without token slots the layout is that of the dealt cards, and tokens are not encoded.
    bare = raw_env(pack=pack, token_slots=0)
    assert bare.layout.num_cards == dealt and bare.layout.size == layout.size - 32 * w
    totals = masked_game(bare, seed=2)
    assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_a_players_own_ability_and_an_order_of_triggers_are_told_to_agents():
    pack = load_pack("lane_duel", Report())
    e = raw_env(pack=pack)
    layout = e.layout
    assert layout.option_fields[-1] == "is_ability"
    e.game_state = Game(pack).position({"turn": 3, "active": "North", "phase": "main",
                                        "players": [{"counters": {"mana": 2}}, {}]})
    assert e.game_state.legal_labels() == ["pass", "Fireblast"]
    fields = layout.option_fields
    option = layout._option_fields(e.game_state.view, 0, e.game_state.s.decision.options[1])
    assert option == {"is_ability": 1, "ability": 1}
    assert fields.index("ability") < fields.index("is_ability")
    assert "order" in raw_env(pack=load_pack("stack_duel", Report())).layout.kinds


def test_rewards_of_a_ranked_game_come_from_the_places():
    """Go Fish's result is a place for every seat: four distinct places are worth 1,
    1/3, -1/3 and -1, a shared first place 1 to each, and each agent's last info
    gives its place."""
    e = raw_env(pack=load_pack("go_fish", Report()), num_players=4)
    for seed, places, rewards in ((1, [1, 3, 2, 4], [1.0, -1 / 3, 1 / 3, -1.0]),
                                  (5, [4, 1, 1, 3], [-1.0, 1.0, 1.0, 0.0])):
        rng = np.random.default_rng(seed)
        e.reset(seed=seed)
        totals, told = dict.fromkeys(e.possible_agents, 0.0), {}
        for agent in e.agent_iter():
            obs, reward, terminated, _, info = e.last()
            totals[agent] += reward
            if terminated:
                told[agent] = info["place"]
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert [told[a] for a in e.possible_agents] == places == e.game_state.places()
        assert [totals[a] for a in e.possible_agents] == pytest.approx(rewards)


def test_a_set_of_two_cards_offered_is_not_told_as_a_card_and_an_ability():
    # A set of cards (a choice of "choose a set of ...") is a pair of card numbers, as a
    # card's ability used is a card and its ability: it was told as the first card's.
    pack = load_pack(str(Path(__file__).parent / "data" / "setspack"), Report())
    e = raw_env(pack=pack)
    e.game_state = Game(pack).position({"active": "Ann", "phase": "meld", "players": [
        {"zones": {"hand": ["Five of Clubs", "Jack of Spades"]}}, {}]})
    options = e.game_state.s.decision.options
    assert [o.label for o in options] == ["keep them", "Five of Clubs, Jack of Spades"]
    assert e.layout._option_fields(e.game_state.view, 0, options[1]) == {"is_other": 1}


def test_a_zone_of_each_team_is_each_partners_own():
    # tests/data/teampack: North and South, East and West, each team a pile of tricks
    # won (per: team). A slot a team, the agent's team's first: South sees its team's
    # pile as its own, as North does, and East and West see it as the next team's.
    pack = load_pack(str(Path(__file__).parent / "data" / "teampack"), Report())
    e = raw_env(pack=pack)
    layout = e.layout
    assert layout.zone_slots[-2:] == ("won:0", "won:1")
    e.game_state = Game(pack, {"shuffled": 0}).position({"turn": 1, "phase": "play", "players": [
        {"zones": {"hand": ["Two", "Six"]}}, {"zones": {"hand": ["Three", "Seven"]}},
        {"zones": {"hand": ["Five", "Eight"], "won": ["Four", {"card": "One", "face_down": True}]}}, {}]})
    one, four = (next(c for c in range(8) if e.game_state.card(c).name == name) for name in ("One", "Four"))
    w, z = layout.card_width, len(layout.zone_slots)
    fields = list(layout.sections[[n for n, *_ in layout.sections].index("cards")][3])
    ours, theirs = layout.zone_slots.index("won:0"), layout.zone_slots.index("won:1")
    for seat, (slot, other) in enumerate([(ours, theirs), (theirs, ours)] * 2):
        vector = e.observe(f"player_{seat}")["observation"]
        partner = seat % 2 == 0
        # The pile's two cards in its slot, the face-down one unknown to the other team.
        assert vector[layout.at_zones + 2 * slot:layout.at_zones + 2 * slot + 2].tolist() == [2, 0 if partner else 1]
        assert vector[layout.at_zones + 2 * other:layout.at_zones + 2 * other + 2].tolist() == [0, 0]
        card = vector[layout.at_cards + four * w:layout.at_cards + (four + 1) * w]
        assert card[:z].tolist() == [1 if i == slot else 0 for i in range(z)]
        card = vector[layout.at_cards + one * w:layout.at_cards + (one + 1) * w]
        assert card[fields.index("unseen")] == (0 if partner else 1)
        assert card[fields.index("face_down")] == (1 if partner else 0)
        assert layout.knows(e.game_state.view, seat, one) is partner


def test_a_teams_zone_seen_by_its_owner_is_seen_by_both_partners(tmp_path):
    # won: {per: team, visibility: owner}: North and South see Four in their pile (the
    # card's number and its slot), East and West count it there only.
    pack = load_pack(str(edited(tmp_path / "p", pack={"won: {per: team,": "won: {per: team, visibility: owner,"})),
                     Report())
    e = raw_env(pack=pack)
    layout = e.layout
    e.game_state = Game(pack, {"shuffled": 0}).position({"turn": 1, "phase": "play", "players": [
        {"zones": {"hand": ["Two", "Six"]}}, {"zones": {"hand": ["Three", "Seven"]}},
        {"zones": {"hand": ["Five", "Eight"], "won": ["Four"]}}, {}]})
    four = next(c for c in range(8) if e.game_state.card(c).name == "Four")
    w = layout.card_width
    fields = list(layout.sections[[n for n, *_ in layout.sections].index("cards")][3])
    for seat in range(4):
        partner = seat % 2 == 0
        card = e.observe(f"player_{seat}")["observation"][layout.at_cards + four * w:layout.at_cards + (four + 1) * w]
        assert card[fields.index("unseen")] == (0 if partner else 1)
        assert layout.knows(e.game_state.view, seat, four) is partner
