"""When the pack's checks run again: only once something they look at has changed,
so that a change they cannot see costs nothing, and every change they can see is
caught at the next checkpoint."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_table import load, make

from cardtable.interpreter.engine.game import Game

GOAL = "for each p in players:\n    if count of cards in p's play >= goal: p wins the game"


def pack(tmp_path, checks: str, **kw):
    """The table pack of test_table with other checks, run at priority only."""
    marks = {"cards: [cards.yaml]": "marks: {chosen: A mark.}\ncards: [cards.yaml]"}
    return load(make(tmp_path, checks_at="priority", **{GOAL: checks.replace("\n", "\n  ")}, **marks, **kw))


@pytest.mark.parametrize("checks, read", [
    ("for each p in players:\n  if count of cards in p's hand >= 3: p wins the game", {"zone:hand"}),
    ("for each x in tokens in play: discard x", {"zone:play"}),
    ("for each x in tapped cards in discard: discard x", {"zone:discard", "tapped"}),
    ("for each x in cards in play where damage of it > 0: discard x", {"zone:play", "damage"}),
    ("for each p in players:\n  if turn > 2: p wins the game", {"turn"}),
    ("for each x in cards in your hand: discard x", {"zone:hand", "turn"}),     # you: the active player
    ("if any tokens in play: opponent loses the game", {"zone:play", "*"}),
    ("if any chosen cards in play: opponent loses the game", {"zone:play", "*", "mark:chosen"}),
    ("for each x in chosen cards in play: discard x", {"zone:play", "mark:chosen"}),
    # The phase, step or window a static ability reads is noted here too, and left unread.
    ("if window is main: opponent loses the game", {"*", "time:window"}),
])
def test_what_the_checks_look_at_is_known_when_the_pack_loads(tmp_path, checks, read):
    assert pack(tmp_path, checks).checks_read == frozenset(read)


def play(p) -> list[str]:
    state = Game(p).new_initial_state(seed=0)
    assert state.is_terminal()          # these games never ask a player anything
    return state.log


def test_a_card_drawn_into_a_zone_the_checks_look_at_makes_them_run(tmp_path):
    p = pack(tmp_path, "for each p in players:\n  if count of cards in p's hand >= 2: p wins the game",
             turn="draw a card")
    assert play(p)[-3:] == ["turn 3 (Player 1)", "Player 1 draws a card", "Player 1 wins the game"]


def test_checks_that_read_the_turn_run_as_a_turn_begins(tmp_path):
    # Turn 3 begins: the checks that read the turn see it before anything else happens.
    p = pack(tmp_path, "for each p in players:\n  if turn > 2: p wins the game", turn="draw a card")
    assert play(p)[-3:] == ["Player 2 draws a card", "turn 3 (Player 1)", "Player 1 wins the game"]


def test_checks_that_read_what_no_change_marks_run_after_every_change(tmp_path):
    # No change tells of the phase: checks that read it run after any change, here the
    # draw of turn 3's main phase (as the turn began, before the phase, they found none).
    p = pack(tmp_path, "for each p in players:\n  if turn > 2 and phase = \"main\": p wins the game", turn="draw a card")
    assert play(p)[-3:] == ["turn 3 (Player 1)", "Player 1 draws a card", "Player 1 wins the game"]


def test_tapping_a_card_runs_the_checks_that_test_tapped_cards(tmp_path):
    p = pack(tmp_path, "for each p in players:\n  if any tapped cards in play controlled by p: p wins the game",
             setup="for each p in players:\n  for each x in top 1 cards of deck: put x into p's play",
             turn="tap each card you control in play")
    assert play(p)[-2:] == ["turn 1 (Player 1)", "Player 1 wins the game"]


# A mark the checks read: setting it, or taking it off, makes them run; one they do not read does not.
MARKED = "for each p in players:\n  if any chosen cards in play controlled by p: p wins the game"
IN_PLAY = "for each p in players:\n  for each x in top 1 cards of deck: put x into p's play"


def test_marking_a_card_runs_the_checks_that_read_the_mark(tmp_path):
    p = pack(tmp_path, MARKED, setup=IN_PLAY, turn="mark each card you control in play as chosen")
    assert p.checks_read == frozenset({"zone:play", "mark:chosen", "control"})
    assert play(p)[-2:] == ["turn 1 (Player 1)", "Player 1 wins the game"]


def test_a_mark_the_checks_do_not_read_does_not_run_them(tmp_path):
    marks = {"marks: {chosen: A mark.}": "marks: {chosen: A mark., seen: Another.}"}
    p = pack(tmp_path, MARKED, setup=IN_PLAY + "\n  mark each card in play as chosen\n  unmark each card in play as chosen",
             turn="mark each card you control in play as seen", **marks)
    # The checks ran after the setup; the marks of the turns are not theirs: the game goes to its limit.
    state = Game(p).new_initial_state(seed=0)
    assert state.is_terminal() and state.log[-2:] == ["the turn limit (4) is reached", "the game is a draw"]


def test_taking_a_mark_off_runs_the_checks_that_read_it(tmp_path):
    p = pack(tmp_path, "for each p in players:\n  if no chosen cards in play controlled by p: p wins the game",
             setup=IN_PLAY + "\n  mark each card in play as chosen", turn="unmark each card you control in play as chosen")
    assert play(p)[-2:] == ["turn 1 (Player 1)", "Player 1 wins the game"]


def test_a_mark_that_goes_with_the_card_it_names_runs_the_checks_that_read_it(tmp_path):
    # The cards in play are marked with a card of Ann's hand; it leaves for the discard,
    # zones the checks do not read: the marks naming it go, which the checks see.
    p = pack(tmp_path, "for each p in players:\n  if no chosen cards in play: p wins the game",
             setup=IN_PLAY + "\nfor each h in top 1 cards of deck:\n  put h into your hand\n  mark each card in play as chosen h",
             turn="discard each card in your hand")
    assert p.checks_read == frozenset({"zone:play", "mark:chosen"})
    assert play(p)[-3:] == ["turn 1 (Player 1)", "Dog moves from Player 1's hand to discard", "Player 1 wins the game"]


def test_a_keyword_given_by_a_mark_runs_the_checks_that_read_it(tmp_path):
    keywords = {"marks: {chosen: A mark.}": "marks: {chosen: A mark.}\nkeywords: {swift: Moves first.}"}
    p = pack(tmp_path, "for each p in players:\n  if any (cards controlled by p in play where it has swift): p wins the game",
             setup=IN_PLAY, turn="mark each card you control in play as swift", **keywords)
    assert p.checks_read == frozenset({"zone:play", "keyword:swift", "control"})
    assert play(p)[-2:] == ["turn 1 (Player 1)", "Player 1 wins the game"]


# ----------------------------------------------- counters, derived properties, shields
COUNTERS = {"card_types:": "player_counters:\n  calm: {start: 0}\n  zeal: {start: 5, reset: turn}\n"
                           "properties:\n  held: {derived: count of cards in your hand}\ncard_types:"}


def test_a_player_counter_the_checks_read_is_noted_by_name(tmp_path):
    p = pack(tmp_path, "for each p in players where calm of it > 1:\n  p wins the game", **COUNTERS)
    assert p.checks_read == frozenset({"counter:calm"})


def test_a_counter_the_checks_read_makes_them_run_when_a_statement_changes_it(tmp_path):
    p = pack(tmp_path, "for each p in players where calm of it > 1:\n  p wins the game",
             turn="increase calm of you by 1", **COUNTERS)
    assert play(p)[-2:] == ["turn 3 (Player 1)", "Player 1 wins the game"]


def test_a_counter_the_checks_read_makes_them_run_when_a_turn_resets_it(tmp_path):
    # Zeal is 5 at the start and again when each turn begins: set to 1 in turn 1, the
    # reset of turn 2 is a change the checks see, with nothing else changing.
    p = pack(tmp_path, "for each p in players where zeal of it = 5 and calm of it = 1:\n  p wins the game",
             turn="if turn = 1:\n  set zeal of each player to 1\n  set calm of each player to 1", **COUNTERS)
    assert play(p)[-2:] == ["turn 2 (Player 2)", "Player 1 wins the game"]


def test_a_derived_property_the_checks_read_brings_what_it_reads(tmp_path):
    # "held" counts the cards in the hand: the checks look at the hand through it, and the
    # draw of turn 3 makes them run.
    p = pack(tmp_path, "for each p in players:\n  for each x in cards in p's play where held of it >= 2: p wins the game",
             setup="for each p in players:\n  for each x in top 1 cards of deck: put x into p's play",
             turn="draw a card", **COUNTERS)
    assert {"zone:hand", "zone:play"} <= p.checks_read
    assert play(p)[-3:] == ["turn 3 (Player 1)", "Player 1 draws a card", "Player 1 wins the game"]


def test_checks_that_read_the_turn_run_after_a_counter_changes_that_they_do_not_read(tmp_path):
    # "turn" is read as what no change marks: any change makes the checks run, one of a
    # counter they do not name too (calm, in turn 3).
    p = pack(tmp_path, "for each p in players:\n  if turn > 2: p wins the game", turn="increase calm of you by 1",
             **COUNTERS)
    assert play(p)[-2:] == ["turn 3 (Player 1)", "Player 1 wins the game"]


GUARDED = """\
id: guarded
name: Guarded
version: 1.0.0
players: {min: 2, max: 2, seats: [{name: Ann, deck: d}, {name: Bob, deck: d}]}
zones:
  deck: {per: player, visibility: hidden, ordered: true, role: deck}
  hand: {per: player, visibility: owner, role: hand}
card_types:
  thing: {}
player_counters:
  life: {start: 20}
durations:
  turn: Until the end of the turn.
damage: {to_players: life}
windows:
  main: The main window.
decks:
  d: {cards: [1 Pebble], size: 1}
cards: [cards.yaml]
player_abilities:
  - name: Guard
    effect: prevent all damage to you until end of turn
turn:
  - phase: main
    script: window main
checks: |
  if turn >= 3 and window is main:
    active player wins the game
end: {max_turns: 50}
"""


def test_checks_that_read_the_window_run_after_an_effect_on_damage_to_come(tmp_path):
    folder = tmp_path / "guarded"
    folder.mkdir()
    (folder / "pack.yaml").write_text(GUARDED, encoding="utf-8")
    (folder / "cards.yaml").write_text("cards:\n  - {name: Pebble, types: [thing]}\n", encoding="utf-8")
    state = Game(load(folder)).position({"turn": 2, "active": 1, "phase": "main", "players": [{}, {}]})
    for label in ("pass", "pass", "Guard"):      # Bob, Ann: turn 3 is Ann's; her Guard is the first change
        state.apply_label(label)
    assert state.log[-2:] == ["all damage to Ann is prevented until end of turn", "Ann wins the game"]


BATTERY = """\
  - {name: Wisp, types: [creature], power: 1, toughness: 0}
  - name: Battery
    types: [artifact]
    abilities:
      - name: Charge
        static: creatures you control in battlefield
        effect: increase toughness of it by WHAT
  - name: Spend
    types: [spell]
    abilities:
      - name: Cast
        from: hand
        pile: false
        effect: |
          decrease energy of you by 1
          discard this
"""


TOUGHNESS = "for each dead in creatures in battlefield where toughness of it <= 0:\n  discard dead"


def _layers(tmp_path, cards: str, counters: str = "  life: {start: 20}\n", checks: str = TOUGHNESS,
            alone: bool = False, edits: dict | None = None) -> Path:
    """The layered pack of tests/data with `checks` added to its own, `cards` added (`alone`:
    Bear the only card of its own), the player counters `counters` and the `edits` made."""
    folder = tmp_path / "layers"
    shutil.copytree(Path(__file__).parent / "data" / "layerpack", folder)
    text = (folder / "pack.yaml").read_text(encoding="utf-8")
    for old, new in {"  life: {start: 20}\n": counters, **(edits or {})}.items():
        assert old in text
        text = text.replace(old, new, 1)
    text = text.replace("checks: |\n", "checks: |\n" + "".join(f"  {line}\n" for line in checks.splitlines()), 1)
    (folder / "pack.yaml").write_text(text, encoding="utf-8")
    if alone:
        (folder / "cards" / "cards.yaml").write_text("cards:\n  - {name: Bear, types: [creature], power: 2, toughness: 2}\n")
    with open(folder / "cards" / "cards.yaml", "a", encoding="utf-8") as file:
        file.write(cards)
    return folder


@pytest.mark.parametrize("what", ["energy of you", "count of cards in your hand"])
def test_what_a_static_ability_reads_makes_the_checks_run(tmp_path, what):
    # Battery's toughness for the Wisp reads the energy (or the hand) that Spend takes
    # away; the checks read the toughness: they see the change through the static ability.
    folder = _layers(tmp_path, BATTERY.replace("WHAT", what), "  life: {start: 20}\n  energy: {start: 1}\n")
    state = Game(load(folder)).position({
        "turn": 2, "phase": "main", "players": [{"zones": {"hand": ["Spend"]}}, {}],
        "shared": {"battlefield": [{"card": "Battery", "owner": "Ann"}, {"card": "Wisp", "owner": "Ann"}]}})
    assert [c["name"] for c in state.observation(None)["shared"]["battlefield"]] == ["Battery", "Wisp"]
    state.apply_label("Cast: Spend")
    assert [c["name"] for c in state.observation(None)["shared"]["battlefield"]] == ["Battery"]
    assert [c["name"] for c in state.observation(None)["players"][0]["zones"]["graveyard"]] == ["Spend", "Wisp"]


# Battery as above, and a spell that takes every creature for good.
THIEF = BATTERY.replace("WHAT", "1").split("  - name: Spend")[0] + """\
  - name: Seize
    types: [spell]
    abilities:
      - name: Cast
        from: hand
        pile: false
        effect: you gain control of each creature in battlefield
"""


def test_a_change_of_control_runs_the_checks_that_read_it_through_a_static_ability(tmp_path):
    # Battery gives its controller's creatures toughness: the Wisp Bob takes from Ann for
    # good has none left, and the checks, which read the toughness, put it into a graveyard.
    pack = load(_layers(tmp_path, THIEF))
    assert "control" in pack.checks_read and "*" not in pack.checks_read
    state = Game(pack).position({
        "turn": 2, "active": 1, "phase": "main", "players": [{}, {"zones": {"hand": ["Seize"]}}],
        "shared": {"battlefield": [{"card": "Battery", "owner": "Ann"}, {"card": "Wisp", "owner": "Ann"}]}})
    state.apply_label("Cast: Seize")
    assert [c["name"] for c in state.observation(None)["shared"]["battlefield"]] == ["Battery"]
    assert state.log[-3:] == ["Bob uses Cast of Seize", "Bob gains control of Wisp",
                              "Wisp moves from battlefield to Ann's graveyard"]


# What a static ability or a state trigger does depends on its card being in the zone it
# works from: its card arriving there (here a graveyard the checks do not read) is seen.
TOTEM = """\
  - name: Totem
    types: [artifact]
    abilities:
      - {name: Wind, from: graveyard, static: creatures in battlefield, effect: mark it as flying}
      - {name: Drop, from: hand, pile: false, effect: discard this}
"""
OMEN = """\
  - name: Omen
    types: [artifact]
    abilities:
      - {name: Doom, from: graveyard, pile: false, trigger: "as soon as life of you <= 5", effect: you lose the game}
      - {name: Drop, from: hand, pile: false, effect: discard this}
"""


def test_a_static_ability_coming_into_its_zone_runs_the_checks(tmp_path):
    pack = load(_layers(tmp_path, TOTEM, checks="for each x in creatures in battlefield where it has flying:\n  discard x",
                        alone=True))
    assert "zone:graveyard" in pack.checks_read
    state = Game(pack).position({"turn": 2, "phase": "main", "players": [{"zones": {"hand": ["Totem"]}}, {}],
                                 "shared": {"battlefield": [{"card": "Bear", "owner": "Ann"}]}})
    start = len(state.log)
    state.apply_label("Drop: Totem")
    assert state.log[start:start + 3] == ["Ann uses Drop of Totem", "Totem moves from Ann's hand to Ann's graveyard",
                                          "Bear moves from battlefield to Ann's graveyard"]


def test_a_state_trigger_coming_into_its_zone_is_looked_at(tmp_path):
    state = Game(load(_layers(tmp_path, OMEN, checks="", alone=True))).position({
        "turn": 2, "phase": "main", "players": [{"life": 3, "zones": {"hand": ["Omen"]}}, {}]})
    state.apply_label("Drop: Omen")
    assert state.log[-3:] == ["Doom of Omen triggers", "Ann loses the game", "Bob wins the game"]


def test_cards_controlled_by_a_player_are_counted_again_once_they_change_hands(tmp_path):
    seize = THIEF.split("  - name: Seize")[1].replace("effect: you gain control", "effect: |\n          you gain control")
    seize = "  - name: Seize" + seize + "          discard this\n"
    pack = load(_layers(tmp_path, seize, checks="for each p in players:\n  if count of creatures controlled by p in "
                                              "battlefield >= 2: p wins the game", alone=True))
    assert "control" in pack.checks_read
    state = Game(pack).position({
        "turn": 2, "active": 1, "phase": "main", "players": [{}, {"zones": {"hand": ["Seize"]}}],
        "shared": {"battlefield": [{"card": "Bear", "owner": "Ann"}, {"card": "Bear", "owner": "Bob"}]}})
    state.apply_label("Cast: Seize")
    assert state.log[-1] == "Bob wins the game"


def test_a_counter_kept_per_card_reset_as_a_turn_begins_runs_the_checks(tmp_path):
    pack = load(_layers(tmp_path, "", "  life: {start: 20}\n  hits: {per: card, reset: turn}\n", alone=True,
                        checks="for each p in players:\n  if any (creatures in battlefield where hits of (p, it) = 0): "
                               "p wins the game"))
    state = Game(pack).position({
        "turn": 2, "phase": "main", "players": [{"counters": {"hits": {"Bear": 2}}}, {"counters": {"hits": {"Bear": 2}}}],
        "shared": {"battlefield": [{"card": "Bear", "owner": "Ann"}]}})
    while not state.is_terminal():
        state.apply_label("pass")
    assert state.log[-2:] == ["turn 3 (Bob)", "Ann wins the game"]


def test_a_table_value_reset_as_a_phase_begins_runs_the_checks(tmp_path):
    cards = """\
  - {name: Totem, types: [artifact], abilities: [{name: Charge, from: battlefield, effect: increase charge by 1}]}
  - {name: Pup, types: [creature], abilities: [{name: Come, from: hand, effect: put this into battlefield}]}
"""
    pack = load(_layers(tmp_path, cards, "  life: {start: 20}\ntable:\n  charge: {start: 0, reset: phase}\n",
                        "if charge = 0:\n  for each x in creatures in battlefield:\n    discard x",
                        edits={"    script: end effects until end of turn\n":
                               "    script: |\n      end effects until end of turn\n      window main\n"}))
    state = Game(pack).position({"turn": 1, "phase": "main", "players": [{"zones": {"hand": ["Pup"]}}, {}],
                                 "shared": {"battlefield": [{"card": "Totem", "owner": "Ann"}]}})
    start = len(state.log)
    for label in ("Charge: Totem", "Come: Pup", "pass", "pass"):
        state.apply_label(label)
    # The end phase begins: the charge goes back to 0, which the checks see at once.
    assert state.log[start + 3:start + 6] == ["Ann passes", "Bob passes", "Pup moves from battlefield to Ann's graveyard"]


DEALS = """\
id: deals
name: Deals
version: 1.0.0
players: {min: 2, max: 2, first: 0, seats: [{name: Ann, deck: d}, {name: Bob, deck: d}]}
zones:
  deck: {per: player, visibility: hidden, ordered: true, role: deck}
  hand: {per: player, visibility: owner, role: hand}
  discard: {per: player, ordered: true, role: discard}
card_types:
  thing: {}
decks:
  d: {cards: [Bomb, Rock], size: 2}
cards: [cards.yaml]
rounds:
  - round: deal
    begin: you choose a card in your hand as x "pick a card"
    end: you lead the next deal
turn:
  - phase: main
    script: announce "turn of {you}"
checks_at: every_change
checks: |
  for each x in cards in your hand where name of it = "Bomb":
    put x into your discard
"""


def test_a_round_led_by_another_player_runs_the_checks_that_read_you(tmp_path):
    # Bob's turn ends deal 1; Ann leads deal 2: "you" in the checks is Ann before she chooses.
    folder = tmp_path / "deals"
    folder.mkdir()
    (folder / "pack.yaml").write_text(DEALS, encoding="utf-8")
    (folder / "cards.yaml").write_text("cards:\n  - {name: Bomb, types: [thing]}\n  - {name: Rock, types: [thing]}\n")
    state = Game(load(folder)).position({
        "turn": 2, "active": "Bob", "phase": "main", "rounds": {"deal": 1, "leader": "Ann", "played": ["Ann", "Bob"]},
        "players": [{"zones": {"hand": ["Bomb", "Rock"]}}, {"zones": {"hand": ["Rock"]}}]})
    ends = state.log.index("deal 1 ends")
    assert state.log[ends:ends + 4] == ["deal 1 ends", "deal 2 begins, Ann leads",
                                        "Bomb moves from Ann's hand to Ann's discard", "Ann chooses Rock (pick a card)"]


def test_a_card_the_checks_reach_by_a_kept_mark_changing_hands_runs_them(tmp_path):
    # Rock, Bear's partner, goes from Ann's hand to Bob's: zones the checks do not read,
    # but the controller they compare.
    cards = """\
  - name: Rock
    types: [artifact]
    abilities: [{name: Pass, from: hand, pile: false, effect: "put this into opponent's hand"}]
"""
    pack = load(_layers(tmp_path, cards, alone=True,
                        checks="for each x in creatures in battlefield where controller of (partner of it) != "
                               "controller of it:\n  discard x",
                        edits={"marks:\n": "marks:\n  partner: {description: Its partner., keep: true}\n"}))
    state = Game(pack).position({"turn": 1, "phase": "main", "players": [{"zones": {"hand": ["Rock"]}}, {}],
                                 "shared": {"battlefield": [{"card": "Bear", "owner": "Ann", "marks": {"partner": "Rock"}}]}})
    start = len(state.log)
    state.apply_label("Pass: Rock")
    assert state.log[start + 1:start + 3] == ["Rock moves from Ann's hand to Bob's hand",
                                              "Bear moves from battlefield to Ann's graveyard"]
