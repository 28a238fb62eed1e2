"""Player counters that hold a word of a property, a player or a card (`of:`), as table
values may: declared, set, compared, logged, shown, given and expected by a scenario, and
encoded for agents (tests/data/suits, three counters added after "plays")."""
from __future__ import annotations

import random
import textwrap

import pytest
from test_scenarios import outcomes
from test_words_and_tables import make, play, problems

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.engine.observe import determinize
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.play.terminal import board

PLAYS = "  plays: {start: 0, reset: step}"
HELD = {PLAYS: PLAYS + "\n  called: {of: suit, log: true}\n  partner: {of: player, log: true}"
                       "\n  best: {of: card, log: true}"}
# The deck's top three cards go to each player: Ann holds Ace of Spades first.
DEAL = "for each p in players:\n  p draws 3 cards\n"
CHOSEN = DEAL + ("set called of you to suit of first of cards in your hand\nset partner of you to left of you\n"
                 "set best of you to first of cards in your hand\n")


def held(**more):
    """The three counters, each declaration changed by `more` (name: what follows "of: ...")."""
    text = HELD[PLAYS]
    for name, extra in more.items():
        line = next(x for x in text.splitlines() if x.startswith(f"  {name}:"))
        text = text.replace(line, line[:-1] + extra + "}")
    return {PLAYS: text}


def test_a_counter_holds_a_word_a_player_or_a_card_set_and_compared_by_the_rules(tmp_path):
    state = play(tmp_path, setup=CHOSEN + "if called of you = spades and partner of you = left of you and "
                                          "best of you is in your hand:\n  set score of you to 7", **HELD)
    ann, ben = state.s.pvars
    assert (ann["called"], ann["partner"], state.s.t.names[ann["best"]], ann["score"]) == \
        ("spades", state.s.t.players[1], "Ace of Spades", 7)
    assert (ben["called"], ben["partner"], ben["best"]) == (None, None, None)
    # A word and a player by name; the card by name to Ann, who holds it, "a card" to Ben.
    told = ["Ann's called is spades", "Ann's partner is Ben", "Ann's best is Ace of Spades"]
    assert [line for line in state.log if line in told] == told
    assert [line for line in state.log_for(1) if line.startswith("Ann's")] == \
        ["Ann's called is spades", "Ann's partner is Ben", "Ann's best is a card", "Ann's score is 7"]


@pytest.mark.parametrize("setup, message", [
    ("increase called of you by 1",
     'pack.yaml:40:12: "called" holds a word of "suit": only a number can be increased or decreased'),
    ("decrease partner of you by 1",
     'pack.yaml:40:12: "partner" holds a player: only a number can be increased or decreased'),
    ("set called of you to four", 'pack.yaml:40:24: "called" holds a word of "suit"; "four" is a word of "rank"'),
    ("set called of you to you", 'pack.yaml:40:24: "called" holds a word of "suit"; "you" is a player'),
    ("set partner of you to hearts", 'pack.yaml:40:25: "partner" holds a player; "hearts" is a word of "suit"'),
    ("set best of you to 3", 'pack.yaml:40:22: "best" holds a card; "3" is a number'),
    ("if called of you = you: set score of you to 1",
     'pack.yaml:40:6: "called of you = you" compares a suit with a player: they are never equal'),
    ("set score of you to partner of you",
     'pack.yaml:40:23: the new value must be a number, but "partner of you" is a player'),
])
def test_what_a_counter_holds_is_checked_when_the_pack_loads(tmp_path, setup, message):
    assert problems(make(tmp_path, setup=setup, **HELD)) == [message]


@pytest.mark.parametrize("more, message", [
    ({"called": ", start: hart"}, 'pack.yaml:28:40: "hart" is not a word of "suit"; did you mean "hearts"?'),
    ({"partner": ", start: Ann"}, 'pack.yaml:29:43: "partner" holds a player: it starts as none'),
    ({"best": ", per: card"}, 'pack.yaml:30:36: "best" holds a card, and a counter kept for each card (per: card) is '
                              'a number: declare one without "of" to count for each card'),
])
def test_a_counters_start_is_checked_against_what_it_holds(tmp_path, more, message):
    assert problems(make(tmp_path, **held(**more))) == [message]


def test_a_counter_of_words_starts_and_goes_back_to_its_start(tmp_path):
    # "called" goes back to hearts as each step begins; the second step of each turn
    # reads it back into "partner" only when it is hearts.
    state = play(tmp_path, setup="set called of you to spades", turn="set called of you to clubs",
                 **held(called=", start: hearts, reset: step"))
    assert [pv["called"] for pv in state.s.pvars] == ["hearts", "hearts"]
    assert "Ann's called is clubs" in state.log and not any("called is hearts" in line for line in state.log)
    state = play(tmp_path, setup="set called of you to spades", **held(called=", start: hearts"))
    assert [pv["called"] for pv in state.s.pvars] == ["spades", "hearts"]


def test_a_counter_its_owner_alone_sees_is_logged_and_shown_to_them(tmp_path):
    state = play(tmp_path, setup=CHOSEN.replace("3 cards", "2 cards") + "set best of left of you to top card of deck",
                 **held(best=", visibility: owner", called=", visibility: hidden"))
    # Ann sees her best card in her hand; Ben's best is the deck's top card, which he cannot see.
    assert [line for line in state.log_for(0) if "best" in line] == ["Ann's best is Ace of Spades"]
    assert [line for line in state.log_for(1) if "best" in line] == ["Ben's best is a card"]
    assert [line for line in state.log if "best" in line] == ["Ann's best is Ace of Spades",
                                                             f"Ben's best is {state.s.t.names[state.s.pvars[1]['best']]}"]
    assert [p["counters"] for p in state.observation(0)["players"]] == [
        {"score": 0, "secret": 0, "plays": 1, "partner": "Ben", "best": "Ace of Spades"},
        {"score": 0, "plays": 0, "partner": None}]
    assert [p["counters"] for p in state.observation(1)["players"]] == [
        {"score": 0, "plays": 1, "partner": "Ben"},
        {"score": 0, "secret": 0, "plays": 0, "partner": None, "best": "a card"}]
    assert state.board(0).splitlines()[1:5:3] == ["Ann: score 0, secret 0, plays 1, partner Ben, best Ace of Spades",
                                                  "Ben: score 0, plays 0, partner none"]
    assert board(state.observation(1), 1, {"hand": "hand"}, 200)[2:5:2] == [
        "Ann: score 0, plays 1, partner Ben", "Ben (you): score 0, secret 0, plays 0, partner -, best a card"]


def test_partners_share_a_counter_that_holds_a_word(tmp_path):
    edits = {"seats: [{name: Ann}, {name: Ben}, {name: Cleo}, {name: Dan}]":
             "seats: [{name: Ann, team: ac}, {name: Ben, team: bd}, {name: Cleo, team: ac}, {name: Dan, team: bd}]",
             **held(called=", shared: team")}
    state = play(tmp_path, setup="set called of left of left of you to diamonds\n"
                                 "for each t in teams:\n  if called of t = diamonds: set partner of you to left of you",
                 players=4, **edits)
    assert [pv["called"] for pv in state.s.pvars] == ["diamonds", None, "diamonds", None]
    assert state.s.pvars[0]["partner"] == state.s.t.players[1]
    assert "Ann and Cleo's called is diamonds" in state.log


SCENARIO = """\
    scenarios:
      - name: {name}
        setup:
          players: [{{zones: {{hand: [Ace of Hearts, Two of Clubs]}}, counters: {given}}}, {{}}]
          phase: main
        script: []
        expect:
          players: [{{counters: {want}}}, {{}}]
    """


def test_a_scenario_gives_and_expects_what_a_counter_holds(tmp_path):
    pack = load_pack(str(make(tmp_path, **HELD)), Report())
    cases = {"held": ("{called: hearts, partner: Ben, best: Two of Clubs}",
                      "{called: hearts, partner: Ben, best: Two of Clubs}"),
             "none": ("{called: none}", "{called: none, partner: none, best: none}"),
             "other": ("{called: hearts, best: Ace of Hearts}", "{called: spades, best: Two of Clubs}"),
             "misspelt": ("{called: hart}", "{}"),
             "absent": ("{best: Four of Spades}", "{}"),
             "expected": ("{}", "{partner: Bob}")}
    got = [outcomes(pack, tmp_path, SCENARIO.format(name=name, given=given, want=want))[0]
           for name, (given, want) in cases.items()]
    # Each problem at the value given or expected.
    assert got == ["ok", "ok", "8:37: Ann has called hearts, not spades",
                   """4:83: "called" holds a word of "suit" or none, not 'hart'""",
                   '4:81: the position has no card named "Four of Spades": "best" holds one card',
                   """8:38: "partner" holds a player's name or none, not 'Bob'"""]
    game = Game(pack, num_players=2)
    state = game.position({"players": [{"zones": {"hand": ["Ace of Hearts"]},
                                        "counters": {"called": "clubs", "partner": "Ben", "best": "Ace of Hearts"}}, {}]})
    given = [{k: p["counters"][k] for k in ("called", "partner", "best")} for p in state.as_setup()["players"]]
    assert given == [{"called": "clubs", "partner": "Ben", "best": "Ace of Hearts"},
                     {"called": None, "partner": None, "best": None}]


def test_validate_reads_a_scenarios_counter_values_without_playing(tmp_path):
    from cardtable.interpreter.packs.scenario import load_scenarios
    from cardtable.interpreter.packs.scenarionames import check_names
    pack = load_pack(str(make(tmp_path, **HELD)), Report())
    path = tmp_path / "scenarios.yaml"
    path.write_text(textwrap.dedent(SCENARIO.format(name="x", given="{called: hart, best: Nine of Cups}",
                                                    want="{partner: Bob}")), encoding="utf-8")
    report = Report()
    check_names(pack, load_scenarios(path, report), report)
    assert [f"{p.line}:{p.col}: {p.message}" for p in report.errors] == [
        """4:83: "called" holds a word of "suit" or none, not 'hart'""", '4:95: unknown card "Nine of Cups"',
        """8:38: "partner" holds a player's name or none, not 'Bob'"""]


def test_agents_observe_a_word_a_player_and_a_card_as_numbers(tmp_path):
    from cardtable.interpreter.play.pettingzoo_env import raw_env
    pack = load_pack(str(make(tmp_path, **held(best=", visibility: owner"))), Report())
    e = raw_env(pack=pack)
    layout = e.layout
    assert layout.counters == ("score", "secret", "plays", "called", "partner", "best")
    e.game_state = state = Game(pack).position({"phase": "main", "players": [
        {"zones": {"hand": ["Ace of Hearts"]}, "counters": {"called": "spades", "partner": "Ben", "best": "Ace of Hearts"}},
        {"counters": {"partner": "Ann", "best": "Ace of Hearts"}}]})
    ace = state.s.pvars[0]["best"]
    w = layout.player_width

    def players(agent):
        v = e.observe(agent)["observation"][layout.at_players:layout.at_players + 2 * w]
        return [list(v[r * w + 4:r * w + 7]) for r in range(2)]
    # Spades is the fourth suit; a player counts from the agent's seat (1 itself); the
    # card is its id + 1 where the agent sees it, -1 where it does not; none is 0.
    # A counter only its owner sees is 0 to the others.
    assert players("player_0") == [[4, 2, ace + 1], [0, 1, 0]]
    assert players("player_1") == [[0, 2, -1], [4, 1, 0]]


def test_a_searchs_copy_follows_the_card_a_counter_holds(tmp_path):
    # Ann's best is the first card of her hand: Ben's copies of the game deal Ann's hidden
    # cards again, and her best is the card dealt in its place, first of her hand there too.
    state = play(tmp_path, setup=CHOSEN, **HELD)
    hand = state.s.t.zone("hand", 0)
    copies = [determinize(state.s, 1, random.Random(seed)) for seed in range(8)]
    assert [c.zones[hand].index(c.pvars[0]["best"]) for c in copies] == [0] * 8
    assert len({c.pvars[0]["best"] for c in copies}) > 1       # the copies deal other cards there


@pytest.mark.parametrize("edit, message", [
    ({"turn_limit: turn_limit}": "turn_limit: turn_limit}\ndamage: {to_players: called}"},
     'pack.yaml:51:22: "called" holds a word of "suit": damage to a player lowers a counter that is a number'),
])
def test_a_counter_that_holds_no_number_is_refused_where_a_number_is_needed(tmp_path, edit, message):
    assert problems(make(tmp_path, **edit, **HELD)) == [message]


def test_the_workbench_shows_a_counter_at_none_as_a_table_value_is(tmp_path):
    import re
    from cardtable.serve.app import templates
    state = play(tmp_path, setup=CHOSEN, **HELD)
    html = templates().env.get_template("seats.html").render(v=state.observation(0), deciding=None, viewer=0, roles={})
    counters = [re.sub(r"<[^>]+>", "", div) for div in re.findall(r'<div class="counters">(.*?)</div>', html)]
    assert [" ".join(c.split()) for c in counters] == [
        "score 0 secret 0 plays 1 called spades partner Ben best Ace of Spades",
        "score 0 plays 0 called – partner – best –"]
