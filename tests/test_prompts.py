"""What a player is asked, in the pack's words: a window's, phase's or step's `prompt`
after the player's name, a currency's amount in its singular (`one`) or plural (`many`)
name; without them, the engine's own words, in correct English. A prompt naming in
braces what it cannot be filled in with is refused at its line and column."""
from __future__ import annotations

import io
import re
import shutil
import textwrap
from pathlib import Path

import pytest
import yaml

from cardtable import Report, load_pack
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import PackError
from cardtable.interpreter.play.terminal import Table, setup
from test_pile import edited

ROOT = Path(__file__).resolve().parent.parent
COSTS = ROOT / "tests" / "data" / "costpack"
GUIDE = (ROOT / "docs" / "packs.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def packs():
    return {name: load_pack(name, Report()) for name in ("magic54", "basic_tcg", "stack_duel", "pub_magic",
                                                         "lane_duel", "crazy_eights")}


def asked(pack, setup_: dict, *labels: str, players: int = 2) -> list[str]:
    """The prompt of each decision from the position, answering each with the next label."""
    state = Game(pack, {}, players).position(setup_)
    prompts = [state.prompt()]
    for label in labels:
        state.apply_label(label, None)
        prompts.append(state.prompt())
    return prompts


RED = {"zones": {"hand": ["Two of Hearts"], "play": ["Three of Hearts"]}}


@pytest.mark.parametrize("where, prompt", [
    ({"phase": "pre_attack"}, "Red: play a card, use a Special or pass (before the attack)"),
    ({"phase": "post_attack"}, "Red: play a card, use a Special or pass (after the attack)"),
    ({"phase": "attack", "step": "combat"}, "Red: play a card, use a Special or pass (before combat damage)"),
])
def test_magic54_asks_in_each_phase_in_its_players_words(packs, where, prompt):
    red = {"zones": {"hand": ["Two of Hearts"], "play": ["Three of Hearts", "King of Hearts: attacking, tapped"]}}
    assert asked(packs["magic54"], {"turn": 3, "active": "Red", **where, "players": [red, {}]},
                 "Damage: Two of Hearts") == [prompt, "Red: deal the damage to which creature or player?"]


def test_basic_tcg_asks_for_1_level_and_for_2_levels(packs):
    player_1 = {"zones": {"hand": ["Suntail Hawk", "Grizzly Bears"],
                          "play": ["Savannah Lions", "Savannah Lions", "Savannah Lions"]}}
    position = {"turn": 3, "active": 0, "phase": "main", "players": [player_1, {}]}
    assert asked(packs["basic_tcg"], position, "Summon: Suntail Hawk") == [
        "Player 1: play a card, attack, or pass to end your turn",
        "Player 1: pay 1 level for Suntail Hawk (paid 0)"]
    assert asked(packs["basic_tcg"], position, "Summon: Grizzly Bears", "Savannah Lions") == [
        "Player 1: play a card, attack, or pass to end your turn",
        "Player 1: pay 2 levels for Grizzly Bears (paid 0)",
        "Player 1: pay 2 levels for Grizzly Bears (paid 1)"]


def test_the_log_says_1_level_and_2_levels(packs):
    state = Game(packs["basic_tcg"], {}, 2).position({"turn": 3, "active": 0, "phase": "main", "players": [
        {"zones": {"hand": ["Suntail Hawk", "Grizzly Bears"], "play": ["Savannah Lions", "Hill Giant"]}}, {}]})
    state.apply_label("Summon: Suntail Hawk", None)
    state.apply_label("Savannah Lions", None)
    state.apply_label("Summon: Grizzly Bears", None)
    assert [line for line in state.log if " pays " in line] == [
        "Player 1 pays 1 level with Savannah Lions", "Player 1 pays 2 levels with Hill Giant"]


def test_stack_duel_names_the_phase_and_the_step(packs):
    ana = {"zones": {"hand": ["Shock"], "battlefield": ["Mountain", "Grizzly Bears: attacking, tapped"]}}
    assert asked(packs["stack_duel"], {"turn": 3, "active": "Ana", "phase": "second_main", "players": [ana, {}]},
                 "Cast: Shock") == ["Ana: cast a spell, play a land, use an ability or pass (second main phase)",
                                    "Ana: deal 2 damage to which creature or player?"]


def test_the_other_packs_word_their_windows_and_targets(packs):
    south = {"counters": {"mana": 4}, "zones": {"hand": ["Fireball"]}}
    assert asked(packs["lane_duel"], {"turn": 3, "active": "South", "phase": "main", "players": [{}, south]},
                 "Cast: Fireball") == [
        "South: play a card, attack, use your hero power, or pass to end your turn",
        "South: deal 6 damage to which minion or hero?"]
    assert asked(packs["lane_duel"], {"turn": 3, "active": "South", "phase": "main", "players": [{}, south]},
                 "Fireblast")[1] == "South: deal 1 damage to which minion or hero?"    # a player's own ability
    player_1 = {"zones": {"hand": [], "play": ["Rampant Growth"]}}
    player_2 = {"zones": {"play": ["Grizzly Bears", "Hill Giant"]}}
    assert asked(packs["pub_magic"], {"turn": 3, "active": 0, "phase": "main", "players": [player_1, player_2]},
                 "Kill: Rampant Growth") == [
        "Player 1: discard a card for its ability, or pass (before you attack)",
        "Player 1: put which creature of another player into the discard pile?"]
    assert asked(packs["crazy_eights"], {"turn": 1, "active": 0, "phase": "play", "table": {"suit_to_follow": "clubs"}, "players": [
        {"zones": {"hand": ["Five of Clubs", "Seven of Clubs"]}}, {"zones": {"hand": ["Two of Hearts"]}}],
        "shared": {"discard": ["Two of Clubs"]}})[0] == "Ann: play a card on the discard pile"


# ------------------------------------------------------------- a pack's own prompts

def costs_with(tmp_path: Path, old_new: list[tuple[str, str]]):
    """The cost pack of the tests, edited: each `old` (once in pack.yaml) made `new`."""
    folder = tmp_path / "costs"
    shutil.copytree(COSTS, folder)
    path = folder / "pack.yaml"
    text = path.read_text(encoding="utf-8")
    for old, new in old_new:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    report = Report()
    pack = load_pack(str(folder), report)
    assert report.ok, report.problems
    return pack


WINDOW = "  main: {description: The active player acts alone., who: active}\n"
GOLD = "  gold: {pay: tap, using: untapped coins you control in field, description: Tap a coin.}\n"
ANN = {"active": "Ann", "phase": "main", "players": [{"zones": {"hand": ["Ruby"], "field": ["Coin", "Coin", "Coin"]}}, {}]}


def test_without_prompts_or_forms_the_engine_words_them(tmp_path):
    pack = costs_with(tmp_path, [])
    assert asked(pack, {**ANN, "players": [{"zones": {"hand": ["Twin"], "field": ["Coin", "Coin"]},
                                            "counters": {"mana": 2}}, {}]}, "Cast: Twin") == [
        "Ann: act or pass (main)", "Ann: pay 1 gold for Twin (paid 0)"]


def test_a_window_prompt_fills_in_its_phase_step_and_window(tmp_path):
    pack = costs_with(tmp_path, [
        (WINDOW, "  main: {who: active, prompt: 'spend or pass ({window} window, {phase} phase, {step} step) {{sic}}'}\n"),
        (GOLD, "  gold: {pay: tap, using: untapped coins you control in field, one: coin, many: coins}\n")])
    two = {**ANN, "players": [{"zones": {"hand": ["Twin"], "field": ["Coin", "Coin"]}, "counters": {"mana": 2}}, {}]}
    assert asked(pack, two, "Cast: Twin") == [
        "Ann: spend or pass (main window, main phase, main step) {sic}", "Ann: pay 1 coin for Twin (paid 0)"]


def test_a_phase_prompt_words_its_windows_before_the_windows_own(tmp_path):
    pack = costs_with(tmp_path, [
        (WINDOW, "  main: {who: active, prompt: never asked}\n"),
        ("  - phase: main\n    script: window main\n",
         "  - phase: main\n    script: window main\n    prompt: cast a spell or pass\n")])
    assert asked(pack, {**ANN, "players": [{"zones": {"hand": ["Spark"]}, "counters": {"mana": 2}}, {}]}) == [
        "Ann: cast a spell or pass"]


def test_a_step_prompt_words_its_windows_before_its_phases(tmp_path):
    pack = costs_with(tmp_path, [("  - phase: main\n    script: window main\n",
                                  "  - phase: main\n    prompt: not this one\n    steps:\n"
                                  "      - {step: first, script: window main, prompt: 'act first ({step})'}\n"
                                  "      - {step: second, script: window main}\n")])
    position = {"active": "Ann", "phase": "main", "step": "first",
                "players": [{"zones": {"hand": ["Spark"]}, "counters": {"mana": 2}}, {}]}
    assert asked(pack, position, "pass") == ["Ann: act first (first)", "Ann: not this one"]


@pytest.mark.parametrize("old, new, message", [
    (WINDOW, "  main: {who: active, prompt: 'act ({phse})'}\n",
     'pack.yaml:35:31: prompt: "{phse}" names nothing a prompt knows: it may name {phase}, {step} or {window}'),
    (WINDOW, "  main: {who: active, prompt: 'act ({phase!r})'}\n",
     'pack.yaml:35:31: prompt: "{phase!r}" names nothing a prompt knows: it may name {phase}, {step} or {window}'),
    (WINDOW, "  main: {who: active, prompt: 'act {'}\n",
     "pack.yaml:35:31: prompt: a brace that opens or closes nothing: write {{ or }} for a brace itself"),
    ("  - phase: main\n    script: window main\n", "  - phase: main\n    script: window main\n    prompt: '{turn}'\n",
     'pack.yaml:63:13: prompt: "{turn}" names nothing a prompt knows: it may name {phase}, {step} or {window}'),
    ("  - phase: main\n    script: window main\n",
     "  - phase: main\n    steps:\n      - {step: one, script: window main, prompt: 'a } b'}\n",
     "pack.yaml:63:50: prompt: a brace that opens or closes nothing: write {{ or }} for a brace itself"),
    (WINDOW, "  main: {who: active, prompt: {phase}}\n", 'pack.yaml:35:31: "prompt" must be text, not a mapping'),
    (GOLD, "  gold: {pay: tap, using: untapped coins you control in field, one: ''}\n",
     'pack.yaml:38:69: "one" must not be empty'),
])
def test_a_prompt_or_a_form_that_cannot_be_used_is_refused_where_it_is(tmp_path, old, new, message):
    assert edited(COSTS, tmp_path / "p", old, new, "pack.yaml") == [message]


# ------------------------------------------------------------- the guide's example

def test_the_guides_example_of_prompts_asks_as_the_guide_says(tmp_path):
    """docs/packs.md's windows and phases with prompts, put into a copy of Magic 54."""
    block = next(b for b in GUIDE.split("```") if "prompt: play a card or pass (before the attack)" in b)
    block = textwrap.dedent(block.split("\n", 1)[1])
    example = yaml.safe_load(block)
    folder = tmp_path / "magic54"
    shutil.copytree(ROOT / "variants" / "magic54", folder)
    path = folder / "pack.yaml"
    text = path.read_text(encoding="utf-8")
    # The guide's windows as it writes them, so that its line and column are the pack's.
    text = re.sub(r"\nwindows:\n(  .*\n)+", "\n" + block.split("turn:")[0], text)
    for phase in example["turn"]:
        text = re.sub(rf"(  - phase: {phase['phase']}\n    script: window main\n)    prompt: .*\n",
                      rf"\g<1>    prompt: {phase['prompt']}\n", text)
    path.write_text(text, encoding="utf-8")
    report = Report()
    pack = load_pack(str(folder), report)
    assert report.ok, report.problems
    red = {"zones": {"hand": ["Two of Hearts"], "play": ["Three of Hearts", "King of Hearts: attacking, tapped"]}}
    prompts = [asked(pack, {"turn": 3, "active": "Red", **where, "players": [red, {}]})[0]
               for where in ({"phase": "pre_attack"}, {"phase": "post_attack"}, {"phase": "attack", "step": "combat"})]
    assert prompts == ["Red: play a card or pass (before the attack)", "Red: play a card or pass (after the attack)",
                       "Red: play a card or pass (combat step)"]
    for said in prompts[0::2]:
        assert f"`{said}`" in " ".join(GUIDE.split())
    # The mistake the guide shows, made in the guide's example, is refused as it says.
    shown = re.search(r"`(pack\.yaml:\d+:\d+: error: prompt: [^`]*)`", " ".join(GUIDE.split())).group(1)
    path.write_text(text.replace("({step} step)", "({phse} step)"), encoding="utf-8")
    report = Report()
    with pytest.raises(PackError):
        load_pack(str(folder), report)
    assert [f"pack.yaml:{p.line}:{p.col}: error: {p.message}" for p in report.problems] == [shown]


# ------------------------------------------------------------- the terminal

def test_the_terminal_asks_in_the_packs_words_and_shows_the_card_paid_for():
    game, specs = setup("basic_tcg", {}, "human,random", None, [])
    answers = ["Material: Silver Knight", "pass", "Material: Thalia, Guardian of Thraben", "pass",
               "Material: Plains", "pass", "Summon: River Boa", "1", "1", "pass", "Attack: River Boa"]
    out = io.StringIO()
    table = Table(game, specs, 1, io.StringIO("".join(a + "\n" for a in answers)), out, 120)
    assert table.play() == "eof"
    text = out.getvalue()
    assert text.count("Player 1: play a card, attack, or pass to end your turn\n") == 9
    assert ("  11. Summon: River Boa (6th in Player 1's hand)\n"
            "  12. Material: River Boa (6th in Player 1's hand)\n"
            "> Summon: River Boa\n"
            "Player 1 uses Summon of River Boa\n\n"
            "Turn 8: Player 1's turn, main phase\n"
            "Player 1: pay 2 levels for River Boa (paid 0)\n"
            "  1. Silver Knight\n"
            "  2. Thalia, Guardian of Thraben\n"
            "> 1\n\n"
            "Turn 8: Player 1's turn, main phase\n"
            "Player 1: pay 2 levels for River Boa (paid 1)\n"
            "  1. Thalia, Guardian of Thraben\n"
            "  2. Plains\n") in text
    # Its own questions too: the Boa fights Player 2's creature, and Player 1 may regenerate it.
    assert text.endswith("Player 1: discard a card from your hand to regenerate the creature?\n"
                         "  1. no\n  2. yes\n> \n")
    assert "act or pass" not in text
