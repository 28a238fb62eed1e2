"""Options that read the same are told apart where a person reads them (the terminal, a
failed scenario), by what differs between their cards: where they are, tapped or not,
damage, counters, marks, else their place in their zone. Scripts name either form.
The question asked for an ability's targets is the pack's `prompt` when it has one."""
from __future__ import annotations

import io
import shutil
import textwrap
from pathlib import Path

import pytest

from cardtable import Report, load_pack
from cardtable.interpreter.engine.decisions import Decision, IllegalAction, Option
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.engine.labels import told_apart
from cardtable.interpreter.play.terminal import Table, setup
from test_scenarios import outcomes


@pytest.fixture(scope="module")
def basic_tcg():
    return load_pack("basic_tcg", Report())


def attackers(pack, *bears):
    """Player 1's main phase on turn 3: the Bears given in play, a Savannah Lions against them."""
    return Game(pack, {}, 2).position({"turn": 3, "active": 0, "phase": "main", "players": [
        {"zones": {"play": list(bears)}}, {"zones": {"play": ["Savannah Lions"]}}]})


def test_only_the_options_that_read_the_same_get_words_and_only_the_words_that_differ(basic_tcg):
    state = attackers(basic_tcg, "Grizzly Bears", "Grizzly Bears: tapped",
                      {"card": "Grizzly Bears", "counters": {"plus_one": 1}}, "Hill Giant")
    assert state.legal_labels() == ["pass", "Attack: Grizzly Bears", "Attack: Grizzly Bears",
                                    "Attack: Grizzly Bears", "Attack: Hill Giant"]
    assert state.shown_labels() == ["pass", "Attack: Grizzly Bears (untapped, no plus_one)",
                                    "Attack: Grizzly Bears (tapped, no plus_one)",
                                    "Attack: Grizzly Bears (untapped, 1 plus_one)", "Attack: Hill Giant"]


def test_cards_that_look_alike_are_told_apart_by_their_place(basic_tcg):
    state = attackers(basic_tcg, "Grizzly Bears: tapped", "Hill Giant", "Grizzly Bears: tapped, damage 1")
    assert state.shown_labels()[1:] == ["Attack: Grizzly Bears (no damage)", "Attack: Hill Giant",
                                        "Attack: Grizzly Bears (1 damage)"]
    state = attackers(basic_tcg, "Grizzly Bears", "Hill Giant", "Grizzly Bears")
    assert state.shown_labels()[1:] == ["Attack: Grizzly Bears (1st in Player 1's play)", "Attack: Hill Giant",
                                        "Attack: Grizzly Bears (3rd in Player 1's play)"]


def test_cards_in_different_zones_say_where_they_are(basic_tcg):
    state = Game(basic_tcg, {}, 2).position({"turn": 3, "active": 0, "phase": "main", "players": [
        {"zones": {"hand": ["Forest"], "play": ["Forest: tapped", "Forest"], "discard": ["Forest"]}}, {}]})
    d = Decision(0, "Player 1: choose a Forest", tuple(Option("Forest", c) for c in range(4)), None)
    assert told_apart(state.s, d) == ["Forest (in Player 1's hand, untapped)", "Forest (in Player 1's play, tapped)",
                                      "Forest (in Player 1's play, untapped)", "Forest (in Player 1's discard, untapped)"]
    d = Decision(0, "Player 1: choose a Forest", tuple(Option("Forest", c) for c in (0, 3)), None)
    assert told_apart(state.s, d) == ["Forest (in Player 1's hand)", "Forest (in Player 1's discard)"]
    state = Game(basic_tcg, {}, 2).position({"turn": 3, "active": 0, "phase": "main", "players": [
        {"zones": {"hand": ["Forest"], "play": ["Forest", "Forest"]}}, {}]})
    d = Decision(0, "Player 1: choose a Forest", tuple(Option("Forest", c) for c in range(3)), None)
    assert told_apart(state.s, d) == ["Forest (1st in Player 1's hand)", "Forest (1st in Player 1's play)",
                                      "Forest (2nd in Player 1's play)"]
    # A value that is no card (a number, a word) is never told apart by a card's looks.
    values = Decision(0, "Player 1: choose", (Option("2", 2), Option("2", 2)), None, "value")
    assert told_apart(state.s, values) == ["2", "2"]


def test_a_script_names_an_option_as_shown_or_as_its_label(basic_tcg):
    state = attackers(basic_tcg, "Grizzly Bears", "Grizzly Bears: tapped")
    state.apply_label("Attack: Grizzly Bears (tapped)", 0)
    assert state.history == ((0, 2, "Attack: Grizzly Bears"),)
    # The Bears and the Lions they attack send each other to the discard pile: the tapped Bears went.
    s = state.s
    assert (s.zones[s.t.zone("discard", 0)], s.zones[s.t.zone("play", 0)]) == ([1], [0])
    state = attackers(basic_tcg, "Grizzly Bears", "Grizzly Bears: tapped")
    state.apply_label("Attack: Grizzly Bears", 0)       # the label: the first that reads so
    assert state.history == ((0, 1, "Attack: Grizzly Bears"),)
    state = attackers(basic_tcg, "Grizzly Bears", "Grizzly Bears: tapped")
    with pytest.raises(IllegalAction, match=r'^"Attack: Grizzly Bears \(damaged\)" is not an option; the options are: '
                                            r'pass; Attack: Grizzly Bears \(untapped\); Attack: Grizzly Bears \(tapped\)$'):
        state.apply_label("Attack: Grizzly Bears (damaged)", 0)


def test_the_cards_of_a_payment_are_named_as_shown_in_any_order(basic_tcg, tmp_path):
    # Two of three Lions pay for the Bears' 2 levels: the tapped one is offered beside
    # the first, the third is taken by the rules once the tapped one is paid.
    lions = """
        setup:
          turn: 3
          active: 0
          phase: main
          players:
            - zones:
                hand: [Grizzly Bears]
                play: [Savannah Lions, "Savannah Lions: tapped", Savannah Lions]
            - {}
        script:
          - "Player 1: Summon: Grizzly Bears"
          - {player: Player 1, choose: NAMES}
    """
    text = "scenarios:\n" + "".join(
        f"  - name: {name}\n" + textwrap.indent(textwrap.dedent(lions).replace("NAMES", names), "    ")
        for name, names in (("pays", '["Savannah Lions (untapped, 3rd in Player 1\'s play)", "Savannah Lions (tapped)"]'),
                            ("refused", '["Savannah Lions (1 damage)"]')))
    text = text.replace("  - name: refused", """    expect:
      log: ["Player 1 pays 2 levels with Savannah Lions, Savannah Lions"]
      players:
        - zones: {play: [Savannah Lions, Grizzly Bears]}
      cards: {Savannah Lions: {tapped: false}}
  - name: refused""")
    assert outcomes(basic_tcg, tmp_path, text) == [
        "ok",
        "34:9: step 2: none of Savannah Lions (1 damage) is an option; the options are: Savannah Lions (untapped); "
        "Savannah Lions (tapped) (Player 1: pay 2 levels for Grizzly Bears (paid 0))"]


def test_the_terminal_shows_the_options_told_apart_and_takes_either_form():
    game, specs = setup("basic_tcg", {}, "human,random", None, [])
    answers = "Play: Savannah Lions (5th in Player 1's hand)\n"
    out = io.StringIO()
    table = Table(game, specs, 0, io.StringIO(answers), out, 120)
    assert table.play() == "eof"
    assert ("Player 1: act or pass (main)\n"
            "   1. pass\n"
            "   2. Material: Thornweald Archer\n"
            "   3. Material: Titanic Growth\n"
            "   4. Play: Savannah Lions (3rd in Player 1's hand)\n"
            "   5. Material: Savannah Lions (3rd in Player 1's hand)\n"
            "   6. Material: White Knight\n"
            "   7. Play: Savannah Lions (5th in Player 1's hand)\n"
            "   8. Material: Savannah Lions (5th in Player 1's hand)\n"
            "   9. Play: Suntail Hawk\n"
            "  10. Material: Suntail Hawk\n"
            "> Play: Savannah Lions (5th in Player 1's hand)\n") in out.getvalue()
    assert table.state.history[0] == (0, 6, "Play: Savannah Lions")
    s = table.state.s
    assert [c for c in s.zones[s.t.zone("play", 0)]] == [6]


def test_an_abilitys_prompt_asks_for_its_targets_naming_each_when_there_are_several(tmp_path):
    folder = tmp_path / "duel"
    shutil.copytree(Path(__file__).parent / "data" / "scenario_errors", folder)
    text = (folder / "pack.yaml").read_text(encoding="utf-8")
    (folder / "pack.yaml").write_text(text.replace(
        "        targets: {target: player}\n",
        "        targets: {target: player, other: player}\n        prompt: zap whom?\n"), encoding="utf-8")
    state = Game(load_pack(str(folder), Report()), {}, 2).position(
        {"phase": "main", "players": [{"zones": {"hand": ["Spark"]}}, {}]})
    asked = []
    for label in ("Zap: Spark", "Bob", "Ann"):
        state.apply_label(label, 0)
        asked.append(state.prompt())
    assert asked[:2] == ["Ann: zap whom? (target)", "Ann: zap whom? (other)"]
    assert "Zap of Spark targets Bob, Ann" in state.log
