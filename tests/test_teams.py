"""Teams as values: `teams`, `team of p`, `players of t`, the counters a team keeps
(shared: team) read and changed as a team's, and the zones of each team (per: team). The
mistakes refused as the pack loads, and that clones keep their own team values. How they
play is proved by the scenarios of tests/data/teampack."""
from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from test_continuous import problems

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.engine.invariants import check_hidden
from cardtable.interpreter.engine.observe import determinize, observe
from cardtable.interpreter.engine.priority import playable
from cardtable.interpreter.packs.loader import load_pack

PACK = Path(__file__).parent / "data" / "teampack"
CONTRACT = "set contract of t to total bid of players of t"


def edited(folder: Path, **files) -> Path:
    """A copy of the team pack at `folder`, each file named (pack="pack.yaml", cards=...)
    with its texts replaced: {old: new}, each old text found in it."""
    shutil.copytree(PACK, folder)
    for name, edits in files.items():
        path = folder / f"{name}.yaml"
        text = path.read_text(encoding="utf-8")
        for old, new in edits.items():
            assert old in text
            text = text.replace(old, new)
        path.write_text(text, encoding="utf-8")
    return folder


@pytest.mark.parametrize("new, message", [
    ("set contract of t to bid of t",
     'pack.yaml:48:30: "bid" is each player\'s own, not a team\'s: a team keeps a counter declared with shared: '
     'team; its players\' are "total bid of players of TEAM"'),
    ("set bid of t to 1",
     'pack.yaml:48:13: "bid" is each player\'s own, not a team\'s: a team keeps the player counters declared with '
     'shared: team'),
    ("set contract of t to total bid of players of contract",
     'pack.yaml:48:54: unknown name "contract"'),
    ("set contract of t to total bid of players of you",
     'pack.yaml:48:54: "players of ..." needs a team, but "you" is a player: "players of team of p" are p and their '
     'teammates'),
    ("set contract of t to count of cards of t",
     'pack.yaml:48:45: only players are of a team: "cards of ..." is no set of the pack; write "players of TEAM"'),
    ("set contract of t to size of t",
     'pack.yaml:48:30: a team has no "size": it has its players, the player counters declared with shared: team and '
     'the zones declared with per: team'),
    ("if t = you: set contract of t to 0",
     'pack.yaml:48:12: "t = you" compares a team with a player: they are never equal'),
    ("for each p in t: set contract of t to bid of p",
     'pack.yaml:48:23: "t" is a team, not its players: go through them with "players of t"'),
])
def test_a_team_has_its_players_and_the_counters_it_shares(tmp_path, new, message):
    assert problems(tmp_path / "p", CONTRACT, new, "pack.yaml", PACK) == [message]


def test_the_words_of_teams_are_refused_in_a_pack_whose_seats_have_none(tmp_path):
    seats = "    - {name: North, team: north_south}\n    - {name: East, team: east_west}\n" \
            "    - {name: South, team: north_south}\n    - {name: West, team: east_west}\n"
    refused = ' reads the teams of the players, and this pack\'s seats have none: give seats a team (players: seats: ' \
              '{name: ..., team: ...})'
    # Each word of teams once: what reads a "teams" refused is not refused again.
    assert problems(tmp_path / "p", seats, "    - {name: North}\n    - {name: East}\n    - {name: South}\n"
                    "    - {name: West}\n", "pack.yaml", PACK) == [
        'pack.yaml:26:14: zone "won" is one for each team, and this pack\'s seats have none: give seats a team '
        '(players: seats: {name: ..., team: ...}) or make it per: player',
        'pack.yaml:47:21: "teams"' + refused,
        'pack.yaml:50:21: "teams"' + refused,
        'pack.yaml:73:17: "score of TEAM"' + refused,
        'pack.yaml:73:56: "teams"' + refused,
    ]


@pytest.mark.parametrize("old, new, message", [
    ("won: {per: team,", "won: {per: team, role: discard,",
     'pack.yaml:26:26: zone "won" is one for each team: it has no role (a role\'s zone is each player\'s own)'),
    ("count of cards in t's won", "count of cards in t's hand",
     'pack.yaml:51:30: zone "hand" is each player\'s, not a team\'s: a team holds the zones declared with per: team'),
])
def test_a_zone_of_each_team_is_seen_alike_by_its_partners(tmp_path, old, new, message):
    assert problems(tmp_path / "p", old, new, "pack.yaml", PACK) == [message]


@pytest.fixture(scope="module")
def partners():
    return Game(load_pack(str(PACK), Report()), {"shuffled": 0})


def test_a_team_is_judged_by_its_score_against_the_other_teams(partners):
    # The evaluation reads "score of team of you - total score of (teams where it != team of you)".
    state = partners.position({"turn": 1, "players": [{"counters": {"score": 30}}, {"counters": {"score": -10}},
                                                      {}, {}]})
    assert [state.evaluate(seat) for seat in range(4)] == [40.0, -40.0, 40.0, -40.0]


def test_clones_keep_their_own_team_counters(partners):
    state = partners.new_initial_state(seed=1)
    for bid in ("2", "0", "0", "1"):
        state.apply_label(bid)
    other = state.clone()
    for card in ("Eight", "Six", "Four", "Two"):
        state.apply_label(card)
    # The hand played out in one game (its last trick forced), and the next one's bids are
    # asked for: the teams scored there alone; the other is where it was.
    assert state.prompt() == "North: how many tricks will you take?"
    assert [state.s.pvars[p]["score"] for p in range(4)] == [20, -10, 20, -10]
    assert [other.s.pvars[p]["score"] for p in range(4)] == [0, 0, 0, 0]
    assert [other.s.pvars[p]["contract"] for p in range(4)] == [2, 1, 2, 1]


def test_players_of_team_of_p_are_p_and_their_teammates(tmp_path):
    # "players of team of p" reads "of" as many times as written: the players of (team of p).
    folder = edited(tmp_path / "p", pack={"for each t in teams:\n        " + CONTRACT: "for each p in players:\n        "
                                          "set contract of team of p to total bid of players of team of p"})
    state = Game(load_pack(str(folder), Report()), {"shuffled": 0}).new_initial_state(seed=1)
    for bid in ("2", "0", "0", "1"):
        state.apply_label(bid)
    assert [state.s.pvars[p]["contract"] for p in range(4)] == [2, 1, 2, 1]


def test_teams_a_selector_picks_are_named_by_their_players_in_a_text(tmp_path):
    folder = edited(tmp_path / "p", pack={'announce "{t} make their contract of {contract of t}"':
                                          'announce "{t} make their contract against {teams where it != t}"'})
    state = Game(load_pack(str(folder), Report()), {"shuffled": 0, "hand_limit": 1}).new_initial_state(seed=1)
    for label in ("2", "0", "0", "1", "Eight", "Six", "Four", "Two"):
        state.apply_label(label)
    assert "North and South make their contract against East and West" in state.log


def hidden_one(game):
    """North and South's pile holds Four, and One face down (set up under South); North
    leads a trick to be played, and West has no cards."""
    return game.position({"turn": 1, "phase": "play", "players": [
        {"zones": {"hand": ["Two", "Six"]}}, {"zones": {"hand": ["Three", "Seven"]}},
        {"zones": {"hand": ["Five", "Eight"], "won": ["Four", {"card": "One", "face_down": True}]}}, {}]})


def test_a_face_down_card_in_a_teams_pile_is_seen_by_every_partner(partners):
    state = hidden_one(partners)
    s = state.s
    one = s.t.names.index("One")
    seen = {"id": one, "name": "One", "face_down": True}
    four = {"id": s.t.names.index("Four"), "name": "Four"}
    for seat, view in enumerate([[four, seen], [four, {"name": "face-down card"}]] * 2):
        observed = observe(s, seat)["players"]
        assert observed[0]["zones"]["won"] == observed[2]["zones"]["won"] == view
        check_hidden(s, seat)
    # The whole position read: the pile is either partner's, named as the team's.
    assert state.view.zone("won", 2) == state.view.zone("won", 0) == (four["id"], one)
    assert state.card(one).where == "North and South's won"
    # A search's copy for North keeps the card where it is; East's deals it again among
    # the cards South holds out of East's sight (One, Five and Eight).
    won = s.t.zone("won", 0)
    assert {tuple(determinize(s, 0, random.Random(seed)).zones[won]) for seed in range(6)} == {(four["id"], one)}
    assert len({determinize(s, 1, random.Random(seed)).zones[won][1] for seed in range(6)}) > 1
    for card in ("Two", "Three", "Five"):        # the second trick plays itself
        state.apply_label(card)
    # The next hand gathers the pile: the partners read One go, the others a card.
    said = "One moves from North and South's won to deck"
    assert [said in state.log_for(seat) for seat in range(4)] == [True, False, True, False]
    assert "a card moves from North and South's won to deck" in state.log_for(1)


def test_a_teams_zone_seen_by_its_owner_is_seen_by_every_partner(tmp_path):
    # It was refused ("it is public or hidden, not seen by its owner"): the cards, the
    # team's first seat's, would have been hidden from the other partner.
    folder = edited(tmp_path / "p", pack={"won: {per: team,": "won: {per: team, visibility: owner,"})
    state = hidden_one(Game(load_pack(str(folder), Report()), {"shuffled": 0}))
    s = state.s
    one, four = s.t.names.index("One"), s.t.names.index("Four")
    pile = [{"id": four, "name": "Four"}, {"id": one, "name": "One", "face_down": True}]
    for seat, view in enumerate([pile, {"count": 2}] * 2):
        observed = observe(s, seat)["players"]
        assert observed[0]["zones"]["won"] == observed[2]["zones"]["won"] == view
        check_hidden(s, seat)
    # East's copy for a search deals the pile again among the cards South holds out of
    # its sight; South's keeps it.
    won = s.t.zone("won", 0)
    assert {tuple(determinize(s, 2, random.Random(seed)).zones[won]) for seed in range(6)} == {(four, one)}
    dealt = {x for seed in range(6) for x in determinize(s, 1, random.Random(seed)).zones[won]}
    assert {s.t.names[x] for x in dealt} == {"One", "Four", "Five", "Eight"}
    for card in ("Two", "Three", "Five"):        # the second trick plays itself
        state.apply_label(card)
    # The cards of the tricks came face up from the table: every seat knows them. Four
    # and One go back to the deck named to the partners alone.
    assert [line for line in state.log_for(1) if "won to deck" in line] == [
        "2 cards move from North and South's won to deck",
        "Two, Three, Five, Six, Seven and Eight move from North and South's won to deck"]
    assert [["Four and One move from North and South's won to deck" in state.log_for(seat)] for seat in range(4)] \
        == [[True], [False], [True], [False]]


def claiming(folder: Path, **edits) -> Game:
    """The pack with a window before each card is played, in which One in a team's pile may
    be tapped for a bid of one more, Two in a hand put face down into the team's pile (and
    held by the table value "hidden"), and Three in a hand take a card of the team's pile into
    it; `edits` of pack.yaml besides."""
    play = "      choose a card in your hand as card_played"
    pack = {play: "      window claim\n" + play,
            "\nproperties:": "\nwindows:\n  claim: A player may use a card of the team's pile.\n"
                             "table:\n  hidden: {of: card, log: true}\nproperties:", **edits}
    cards = {"{name: One, value: 1}": "{name: One, value: 1, abilities: [{name: Boast, from: won, cost: tap this, "
                                      "effect: increase bid of you by 1}]}",
             "{name: Two, value: 2}": "{name: Two, value: 2, abilities: [{name: Hide, from: hand, "
                                      'effect: "put this into your won face down\\nset hidden to this"}]}',
             "{name: Three, value: 3}": "{name: Three, value: 3, abilities: [{name: Gather, from: hand, "
                                        'effect: "choose a card in your won as taken \\"take a card\\"\\nput taken '
                                        'into your hand"}]}'}
    return Game(load_pack(str(edited(folder, pack=pack, cards=cards)), Report()), {"shuffled": 0})


def claim(game: Game):
    """South to act in the window before its card, One in the pile of North and South."""
    return game.position({"turn": 1, "phase": "play", "active": "South", "players": [
        {"zones": {"hand": ["Three", "Four"]}}, {"zones": {"hand": ["Five", "Six"]}},
        {"zones": {"hand": ["Two", "Seven"], "won": ["One"]}}, {"zones": {"hand": ["Eight"]}}]})


def test_every_partner_uses_the_abilities_of_the_cards_in_the_teams_pile(tmp_path):
    state = claim(claiming(tmp_path / "p"))
    s = state.s
    # Set up under South, One is in the team's pile, controlled by its first seat as a
    # card moved there is.
    assert state.card(s.t.names.index("One")).controller == 0
    # North and South may each use it, not East or West; the written listing agrees.
    usable = [["Gather: Three", "Boast: One"], [], ["Hide: Two", "Boast: One"], []]
    assert [[o.label for o in playable(s, seat)] for seat in range(4)] == usable
    assert [[o.label for o in s.t.lister(s, seat)] for seat in range(4)] == usable
    assert state.prompt() == "South: act or pass (claim)"
    state.apply_label("Boast: One")
    assert state.log[-2:] == ["South uses Boast of One", "South's bid is 1 (+1)"]
    assert state.legal_labels() == ["pass", "Hide: Two"]        # One is tapped


def test_a_card_used_in_a_teams_pile_seen_by_its_owner_is_named_to_every_partner(tmp_path):
    state = claim(claiming(tmp_path / "p", **{"won: {per: team,": "won: {per: team, visibility: owner,"}))
    state.apply_label("Boast: One")
    assert [state.log_for(seat)[-2] for seat in range(4)] == [
        "South uses Boast of One", "South uses Boast of a card from North and South's won"] * 2


def test_a_card_put_face_down_into_a_teams_pile_is_named_to_every_partner(tmp_path):
    state = claim(claiming(tmp_path / "p"))
    state.apply_label("Hide: Two")
    # From South's hand, face down into the team's pile: North reads which card it is,
    # and sees it in the table value that holds it.
    for seat, (card, held) in enumerate([("Two", "Two"), ("a card", "a card")] * 2):
        assert state.log_for(seat)[-2:] == [f"{card} moves from South's hand to North and South's won face down",
                                            f"hidden is {held}"]
        assert state.observation(seat)["table"] == {"hidden": held}
    for label in ("pass", "Gather: Three", "Two"):      # West passes, having nothing to do
        state.apply_label(label)
    # Chosen by North and taken into North's hand: South saw it in the pile, and knows it there.
    for seat, (card, cards) in enumerate([("Two", "Two"), ("a card", "1 card")] * 2):
        assert state.log_for(seat)[-2:] == [f"North chooses {cards} (take a card)",
                                            f"{card} moves from North and South's won to North's hand"]
    hand = state.observation(2)["players"][0]["zones"]["hand"]
    assert hand == {"count": 3, "known": [{"id": state.s.t.names.index("Two"), "name": "Two"}]}


def test_cards_revealed_from_a_teams_hidden_pile_are_shown_by_the_team(tmp_path):
    # North took both tricks: the team's pile holds the eight cards, and as the hand ends
    # each team shows its pile to every player, then to the first of the other team. It read "North
    # reveals", and South, who holds the pile too, read "North shows 8 cards to East".
    shows = ("      for each t in teams:\n        reveal all cards in t's won\n"
             "        let other be first of (players where team of it != t)\n"
             "        reveal all cards in t's won to other\n")
    folder = edited(tmp_path / "p", pack={"won: {per: team,": "won: {per: team, visibility: hidden,",
                                          "    end: |\n      for each t in teams:\n        if":
                                          "    end: |\n" + shows + "      for each t in teams:\n        if"})
    state = Game(load_pack(str(folder), Report()), {"shuffled": 0, "hand_limit": 1}).new_initial_state(seed=1)
    for label in ("2", "0", "0", "1", "Eight", "Six", "Four", "Two"):
        state.apply_label(label)
    cards = "Eight, Six, Four, Two, Seven, Five, Three, One"
    seen = [f"North and South reveal {cards}", f"North and South show {cards} to East"]
    assert [[line for line in state.log_for(seat) if " show" in line or " reveal" in line] for seat in range(4)] == [
        seen, seen, seen, [seen[0], "North and South show 8 cards to East"]]
