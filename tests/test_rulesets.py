"""Named rulesets of a pack (`rulesets:`): options and card changes checked when the pack
loads, chosen with --ruleset by simulate, compare and play, kept in records and
manifests so that replay plays the games by the same rules."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.cli import main
from cardtable.interpreter.play.batch import Batch, SimulationError, prepare

ROOT = Path(__file__).resolve().parent.parent

RULESETS = """
rulesets:
  quick:
    description: A shorter game.
    options: {starting_life: 10, opening_hand: 4}
  tough_queens:
    description: Queens are 2/9, and there are no Jokers.
    cards:
      Queen: {defense: 9}
    remove: [Joker]
  kings_for_aces:
    replace: {Ace: King of Hearts}
"""


def cli(*args):
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output, result.output
    return result


@pytest.fixture
def pack(tmp_path, monkeypatch) -> str:
    """Magic 54 with three rulesets, in tmp_path/m54, where cardtable runs."""
    shutil.copytree(ROOT / "variants" / "magic54", tmp_path / "m54")
    with open(tmp_path / "m54" / "pack.yaml", "a", encoding="utf-8") as f:
        f.write(RULESETS)
    monkeypatch.chdir(tmp_path)
    return "m54"


def test_a_ruleset_sets_options_and_changes_cards(pack):
    game = prepare(Batch(pack, ruleset="tough_queens"))
    queens = [c for c in game.pack.cards.values() if c.family == "Queen"]
    assert len(queens) == 4 and all(c.props["defense"] == 9 and c.props["attack"] == 2 for c in queens)
    dealt = [name for seat in (0, 1) for name in game.deck_for(seat)]
    assert len(dealt) == 52 and not any("Joker" in name for name in dealt)
    quick = prepare(Batch(pack, ruleset="quick", options={"starting_life": 12}))
    assert (quick.options["starting_life"], quick.options["opening_hand"]) == (12, 4)   # --option wins
    aces = prepare(Batch(pack, ruleset="kings_for_aces"))
    assert aces.deck_for(0).count("King of Hearts") == 3 and not any("Ace" in n for n in aces.deck_for(0))
    # The pack as loaded is left as it was.
    assert prepare(Batch(pack)).pack.cards["Queen of Hearts"].props["defense"] == 2


def validate_with(pack: str, rulesets: str) -> tuple[int, list[str]]:
    """The line after RULESETS in pack.yaml, and the errors `validate` tells once `rulesets`
    (more of them) are written there."""
    text = (Path(pack) / "pack.yaml").read_text(encoding="utf-8")
    after = text.count("\n", 0, text.index("rulesets:")) + 1 + RULESETS.strip().count("\n") + 1
    with open(Path(pack) / "pack.yaml", "a", encoding="utf-8") as f:
        f.write(rulesets)
    r = cli("validate", pack)
    assert r.exit_code == 1
    return after, [line for line in r.output.splitlines() if ": error: " in line]


def test_each_ruleset_is_checked_when_the_pack_loads(pack):
    line, errors = validate_with(pack, "  bad:\n    options: {starting_lif: 3}\n    cards:\n      Quen: {defense: 3}\n"
                                       "      King: {defence: 2, attack: many}\n    replace: {Joker: Nothing}\n")
    assert errors == [
        f'{pack}/pack.yaml:{line + 1}:29: error: ruleset "bad": Magic 54 has no option "starting_lif"; '
        f'did you mean "starting_life"?',
        f'{pack}/pack.yaml:{line + 3}:13: error: ruleset "bad": Magic 54 has no card or card family "Quen"; '
        f'did you mean "Queen"?',
        f'{pack}/pack.yaml:{line + 4}:13: error: ruleset "bad": Magic 54\'s cards have no property "defence"; '
        f'did you mean "defense"?',
        f'{pack}/pack.yaml:{line + 4}:13: error: ruleset "bad": attack is a number, not "many"',
        f'{pack}/pack.yaml:{line + 5}:22: error: ruleset "bad": Magic 54 has no card "Nothing" to put in the '
        f'place of Joker']


def test_every_bad_option_of_every_ruleset_is_told_at_its_value(pack):
    line, errors = validate_with(pack, "  bad:\n    options: {starting_lif: 3, opening_hand: -1, hand_limit: lots}\n"
                                       "  worse:\n    options:\n      starting_life: 0\n      turn_limit: yes\n")
    line += 1
    assert errors == [
        f'{pack}/pack.yaml:{line}:29: error: ruleset "bad": Magic 54 has no option "starting_lif"; '
        f'did you mean "starting_life"?',
        f'{pack}/pack.yaml:{line}:46: error: ruleset "bad": option "opening_hand" must be at least 0, not -1',
        f'{pack}/pack.yaml:{line}:62: error: ruleset "bad": option "hand_limit" takes a whole number, not "lots"',
        f'{pack}/pack.yaml:{line + 3}:22: error: ruleset "worse": option "starting_life" must be at least 1, '
        f'not 0',
        f'{pack}/pack.yaml:{line + 4}:19: error: ruleset "worse": option "turn_limit" takes a whole number, '
        f'not true']


def test_a_ruleset_the_pack_lacks(pack):
    r = cli("simulate", pack, "-n", "1", "--ruleset", "tough_queen")
    assert (r.exit_code, r.output) == (1, 'error: Magic 54 has no ruleset "tough_queen"; did you mean '
                                          '"tough_queens"?\n')
    r = cli("simulate", pack, "-n", "1", "--ruleset", "nothing_like_it")
    assert r.output == ('error: Magic 54 has no ruleset "nothing_like_it" (its rulesets: quick, tough_queens, '
                        'kings_for_aces)\n')
    r = cli("simulate", "magic54", "-n", "1", "--ruleset", "quick")
    assert r.output == 'error: Magic 54 has no ruleset "quick"; it has none\n'


def test_simulate_names_the_ruleset_and_its_records_replay(pack):
    r = cli("simulate", pack, "-n", "3", "--ruleset", "tough_queens", "--out", "games.jsonl", "--format", "json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["ruleset"] == "tough_queens"
    head, *games = [json.loads(line) for line in Path("games.jsonl").read_text(encoding="utf-8").splitlines()]
    assert head["versions"][0]["ruleset"] == "tough_queens"
    assert all(g["ruleset"] == "tough_queens" and "changes" not in g for g in games)
    r = cli("replay", "games.jsonl")
    assert (r.exit_code, r.output.splitlines()[-1]) == (0, "3 of 3 games replay the same")
    table = cli("simulate", pack, "-n", "3", "--ruleset", "tough_queens")
    assert table.output.splitlines()[0] == "magic54 2.6.0 (ruleset tough_queens): 3 games, 2 players, seeds 0 to 2"


def test_compare_two_rulesets_of_one_pack(pack):
    r = cli("compare", pack, "--b-ruleset", "quick", "-n", "4", "--format", "json")
    assert r.exit_code == 0, r.output
    result = json.loads(r.output)
    assert "ruleset" not in result["a"] and result["b"]["ruleset"] == "quick"
    assert result["b"]["options"]["starting_life"] == 10
    table = cli("compare", pack, "--b-ruleset", "quick", "-n", "4").output.splitlines()
    assert table[:2] == ["A: m54 (starting_life=20, opening_hand=5)",
                         "B: m54 (ruleset quick, starting_life=10, opening_hand=4)"]
    r = cli("compare", pack, "--ruleset", "quick", "-n", "4")
    assert r.exit_code == 2 and "give a second pack B, or options that differ (--a-option, --b-option) or rulesets" in r.output


def test_play_saves_the_ruleset_it_played(pack):
    r = cli("play", pack, "--players", "random,random", "--seed", "2", "--ruleset", "quick", "--save", "game.jsonl")
    assert r.exit_code == 0, r.output
    record = json.loads(Path("game.jsonl").read_text(encoding="utf-8"))
    assert (record["ruleset"], record["options"]["starting_life"]) == ("quick", 10)
    assert cli("replay", "game.jsonl").output.splitlines()[-1].startswith("The replay gives the same game")


def test_a_batch_with_a_ruleset_the_pack_lacks_is_refused():
    with pytest.raises(SimulationError) as caught:
        prepare(Batch("magic54", ruleset="quick"))
    assert str(caught.value) == 'Magic 54 has no ruleset "quick"; it has none'


def test_the_pack_guides_rulesets_load_and_play(pack, tmp_path):
    guide = (ROOT / "docs" / "packs.md").read_text(encoding="utf-8")
    section = guide.split("\n### rulesets\n", 1)[1].split("\n## ", 1)[0]
    example = section.split("```yaml\n", 1)[1].split("```", 1)[0]
    shutil.copytree(ROOT / "variants" / "magic54", tmp_path / "guide")
    with open(tmp_path / "guide" / "pack.yaml", "a", encoding="utf-8") as f:
        f.write("\n" + example)
    assert cli("validate", "guide").exit_code == 0
    for name in ("quick", "tough_queens", "kings_for_aces"):
        r = cli("simulate", "guide", "-n", "2", "--ruleset", name)
        assert r.exit_code == 0 and f"(ruleset {name})" in r.output.splitlines()[0], r.output
