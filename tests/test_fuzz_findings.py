"""Inputs the fuzz suite (tests/test_fuzz.py) found breaking the promise of a located
error, each now refused with its exact message at its exact place."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from cardtable.cli import main
from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.play.batch import play_random

TINY = Path(__file__).parent / "data" / "tinypack"


def tiny(folder: Path, old: str, new: str, file: str = "cards/base.yaml") -> Path:
    shutil.copytree(TINY, folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def line_of(path: Path, text: str) -> int:
    return path.read_text(encoding="utf-8").splitlines().index(text) + 1


def validate(folder: Path):
    return CliRunner().invoke(main, ["validate", str(folder)])


def test_a_trigger_that_names_cards_by_their_place_is_refused(tmp_path):
    # "top N cards of ZONE" is a selector, but a trigger waits for cards it can describe.
    cards = tiny(tmp_path / "p", "        effect: put this into play",
                 "        effect: put this into play\n        trigger: when top 2 cards of your deck enter play")
    result = validate(tmp_path / "p")
    line = line_of(cards, "        trigger: when top 2 cards of your deck enter play")
    assert result.output.splitlines()[0] == (
        f'{cards}:{line}:23: error: a trigger names the cards it watches with words '
        f'("a creature you control") or "this"')
    assert result.exit_code == 1


def test_a_number_of_too_many_digits_is_refused_where_it_is_written(tmp_path):
    # Python will not read a number of more than 4,300 digits; a rule needs far fewer.
    huge = "1" + "0" * 5000
    cards = tiny(tmp_path / "p", "effect: deal 2 damage to target", f"effect: deal {huge} damage to target")
    line = next(n for n, text in enumerate(cards.read_text(encoding="utf-8").splitlines(), 1) if huge in text)
    result = validate(tmp_path / "p")
    assert result.output.splitlines()[0] == (
        f"{cards}:{line}:22: error: this number is too large: a number in a rule is at most 10¹⁸")
    assert result.exit_code == 1


def test_a_number_of_eighteen_digits_is_a_number(tmp_path):
    cards = tiny(tmp_path / "p", "effect: deal 2 damage to target", "effect: deal 000999999999999999999 damage to target")
    result = validate(tmp_path / "p")
    assert (result.exit_code, result.output) == (0, f"{tmp_path / 'p'}: valid\n")
    assert cards.exists()


def test_a_comparison_with_a_number_of_too_many_digits_is_refused(tmp_path):
    huge = "9" * 19
    pack = tiny(tmp_path / "p", "  for each p in players where life of it <= 0:",
                f"  for each p in players where life of it <= {huge}:", "pack.yaml")
    line = line_of(pack, f"  for each p in players where life of it <= {huge}:")
    result = validate(tmp_path / "p")
    assert result.output.splitlines()[0] == (
        f"{pack}:{line}:45: error: this number is too large: a number in a rule is at most 10¹⁸")


def test_more_players_at_least_than_at_most_is_refused(tmp_path):
    pack = tiny(tmp_path / "p", "  min: 2\n  max: 2", "  min: 5\n  max: 4", "pack.yaml")
    result = validate(tmp_path / "p")
    assert result.output.splitlines()[0] == (
        f'{pack}:{line_of(pack, "  min: 5")}:8: error: "min" (5) is more than "max" (4)')
    assert result.exit_code == 1


def test_a_card_file_a_game_record_names_that_cannot_be_read_is_reported_at_the_record(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    r = runner.invoke(main, ["simulate", "pub_magic", "-n", "2", "--out", "games.jsonl"])
    assert r.exit_code == 0, r.output
    lines = Path("games.jsonl").read_text(encoding="utf-8").splitlines()[1:]     # the games, after the manifest
    record = json.loads(lines[1])
    record["cards"] = ["gone.json"]
    Path("games.jsonl").write_text(lines[0] + "\n" + json.dumps(record) + "\n", encoding="utf-8")
    r = runner.invoke(main, ["replay", "games.jsonl", "--game", "2"])
    assert (r.exit_code, r.output) == (1, (
        "games.jsonl:2:1: error: game 2 was played with cards of gone.json, which cannot be read "
        "(give the card files with --cards):\ngone.json: error: no such file\n"))


def test_a_chain_of_triggers_that_never_ends_stops_the_game_at_the_trigger(tmp_path):
    # Moving a card into the zone it is in is a move: "when this enters hand: put this
    # into your hand" sets itself off again and again, and no player is ever asked.
    cards = tiny(tmp_path / "p", "        effect: deal 2 damage to target",
                 "        effect: deal 2 damage to target\n      - name: Again\n        from: hand\n"
                 "        trigger: when this enters hand\n        pile: false\n        effect: put this into your hand")
    assert validate(tmp_path / "p").exit_code == 0
    result = CliRunner().invoke(main, ["simulate", str(tmp_path / "p"), "-n", "1"])
    line = line_of(cards, "        trigger: when this enters hand")
    assert (result.exit_code, result.output) == (1, (
        f'{cards}:{line}:18: error: game 1 (seed 0) stopped on turn 1: "Again" of Zap fired as the last of 10000 triggered '
        f'abilities with no player deciding anything: a chain of triggers that sets itself off without end\n'))


def test_a_card_that_gives_a_number_property_a_text_is_refused(tmp_path):
    cards = tiny(tmp_path / "p", "    power: 2", "    power: two")
    result = validate(tmp_path / "p")
    assert result.output.splitlines()[0] == (
        f'{cards}:{line_of(cards, "    power: two")}:12: error: "power" is a number (its default is 0), not "two"')
    assert result.exit_code == 1


def test_a_shared_card_that_gives_a_number_property_a_text_is_refused_at_the_deck(tmp_path, monkeypatch):
    # The standard deck's Seven of Hearts, worth "seven": Magic 54's Growth adds the value.
    root = Path(__file__).parent.parent
    shutil.copytree(root / "cards", tmp_path / "cards")
    shutil.copytree(root / "variants" / "magic54", tmp_path / "variants" / "magic54",
                    ignore=shutil.ignore_patterns("tests"))
    deck = tmp_path / "cards" / "standard54.yaml"
    text = deck.read_text(encoding="utf-8")
    old = "  - {name: Seven of Hearts, suit: hearts, colour: red, rank: seven, value: 7}"
    assert old in text
    deck.write_text(text.replace(old, old.replace("value: 7", "value: seven")), encoding="utf-8")
    pack = Path("variants") / "magic54" / "pack.yaml"
    # The copied pack imports the copied deck by its path, not the shared set by name.
    packed = tmp_path / pack
    packed.write_text(packed.read_text(encoding="utf-8").replace(
        "{from: standard54, as: standard54}", "{from: ../../cards/standard54.yaml, as: standard54}"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = validate(Path("variants") / "magic54")
    line = line_of(pack, "  red: {from: standard54, where: {colour: red}, size: 27}")
    assert result.output.splitlines()[0] == (
        f'{pack}:{line}:15: error: card "Seven of Hearts": "value" is a number (its default is 0), not "seven"')


def test_damage_to_a_player_in_a_pack_without_a_counter_for_it_is_refused_at_the_player(tmp_path):
    # Without "damage: to_players", a game stopped at the first damage to a player with
    # an error that named no place.
    cards = tiny(tmp_path / "p", "        effect: put this into play", "        effect: deal 1 damage to opponent")
    pack = tmp_path / "p" / "pack.yaml"
    pack.write_text(pack.read_text(encoding="utf-8").replace("damage: {to_players: life}\n", ""), encoding="utf-8")
    result = validate(tmp_path / "p")
    line = line_of(cards, "        effect: deal 1 damage to opponent")
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (
        f'{cards}:{line}:34: error: "opponent" is a player, and pack.yaml names no player counter that damage '
        f'lowers: add "damage: {{to_players: COUNTER}}" (life, say)')


def test_an_expectation_of_more_players_than_the_game_has_fails_at_the_one_too_many(tmp_path):
    folder = tmp_path / "p"
    shutil.copytree(TINY, folder)
    (folder / "tests").mkdir()
    scenario = folder / "tests" / "many.yaml"
    scenario.write_text("scenarios:\n  - name: three players in a game of two\n    seed: 1\n    expect:\n"
                        "      players: [{}, {}, {life: 10}]\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["test", str(folder)])
    assert result.exit_code == 1
    assert f"{scenario}:5:25: the game has 2 players, and the expectation lists 3" in result.output


def test_a_file_named_twice_as_a_card_file_is_refused_both_times(tmp_path):
    # pack.yaml, matched by "*" and named again: the second reading found its problems
    # reported already, took it for a card file, and stopped on a traceback.
    pack = tiny(tmp_path / "p", "cards:\n  - cards/*.yaml\n", "cards:\n  - '*'\n  - cards/*.yaml\n  - pack.yaml\n",
                "pack.yaml")
    result = validate(tmp_path / "p")
    assert result.exit_code == 1
    assert result.output.splitlines()[:3] == [f'{pack}:3:1: error: unknown key "id"', "    id: tiny", "    ^"]
    assert result.output.count('error: unknown key "id"') == 1 and "Traceback" not in result.output


def test_a_broken_pack_named_twice_is_invalid_both_times(tmp_path):
    tiny(tmp_path / "p", "        effect: put this into play", "        effect: put this into plya")
    result = CliRunner().invoke(main, ["validate", str(tmp_path / "p"), str(tmp_path / "p")])
    assert result.exit_code == 1
    assert "valid" not in result.output.replace("invalid", "")


def magic54(folder: Path, old: str, new: str) -> Path:
    """A copy of Magic 54 in `folder` with `old` of its pack.yaml made `new`; the pack.yaml."""
    shutil.copytree(Path(__file__).parent.parent / "variants" / "magic54", folder)
    path = folder / "pack.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_a_currency_paid_with_what_may_be_a_player_is_refused(tmp_path):
    # A game paying with such a currency offered a player to tap, and stopped with a traceback.
    path = magic54(tmp_path / "m54", "  mana: {pay: tap, using: untapped mana you control in play,",
                   "  mana: {pay: tap, using: creature in play or player,")
    result = validate(tmp_path / "m54")
    line = line_of(path, next(x for x in path.read_text(encoding="utf-8").splitlines() if "using: creature" in x))
    assert (result.exit_code, result.output.splitlines()[0]) == (1, (
        f'{path}:{line}:27: error: "creature in play or player" gives a set of cards and players: a currency is paid '
        f'with cards, and "using" names the cards that can pay'))


def test_the_checks_checking_the_rules_are_refused(tmp_path):
    # They ran themselves again and again until the engine's limit of steps stopped the game.
    path = magic54(tmp_path / "m54", "checks: |\n  for each p in players", "checks: |\n  check the rules\n  for each p in players")
    result = validate(tmp_path / "m54")
    assert (result.exit_code, result.output.splitlines()[0]) == (1, (
        f'{path}:{line_of(path, "  check the rules")}:3: error: "check the rules" in the checks would run them again '
        f'and again without end: the checks run after their own changes already'))


def test_a_seat_whose_deck_the_pack_leaves_out_is_told_to_give_one(tmp_path):
    # A pack without decks whose seats name one is valid (the players may bring theirs), but a
    # game without one stopped with Python's words.
    text = (Path(__file__).parent.parent / "variants" / "magic54" / "pack.yaml").read_text(encoding="utf-8")
    decks = text[text.index("\ndecks:\n"):text.index("\ncards:\n")]
    magic54(tmp_path / "m54", decks, "")
    # Its scenario that starts from the pack's own setup is refused now that the decks are
    # gone (tests/test_scenarios.py); the pack itself is valid.
    shutil.rmtree(tmp_path / "m54" / "tests")
    assert validate(tmp_path / "m54").exit_code == 0
    result = CliRunner().invoke(main, ["simulate", str(tmp_path / "m54"), "-n", "1"])
    path, seat = tmp_path / "m54" / "pack.yaml", "    - {name: Red, team: red, deck: red}"
    assert (result.exit_code, result.output) == (1, (
        f'{path}:{line_of(path, seat)}:{seat.index("deck: red") + 7}: error: Red plays the deck "red", '
        f'which Magic 54 does not declare (decks): give one with --deck\n'))


def test_checks_that_change_what_they_check_are_named_where_they_are_written(tmp_path):
    # Each run of these checks raises a counter they read, so they ran again and again
    # until the engine's limit of steps stopped the game; the message named no place.
    path = magic54(tmp_path / "m54", "checks: |\n  for each p in players",
                   "checks: |\n  if mana_played of you >= 0: increase mana_played of you by 1\n  for each p in players")
    result = CliRunner().invoke(main, ["simulate", str(tmp_path / "m54"), "-n", "1", "--seed", "161"])
    assert (result.exit_code, result.output) == (1, (
        f'{path}:{line_of(path, "checks: |")}:9: error: game 1 (seed 161) stopped on turn 1: the rules ran '
        f'more than 1,000,000 steps (rounds of loops, sets of cards tried, runs of the checks, triggered abilities) '
        f'without a player deciding anything, the most they may run between two decisions: they go round in '
        f'circles, or do too much at once (loops in loops, sets of cards inside sets of cards)\n'))


def test_a_window_where_nobody_can_hold_priority_ends_the_game_ranked(tmp_path):
    # Each effect resolved made its player sit out: once both did, priority went round the
    # table for ever, as no seat could hold it. Now the game ends ranked, as when nobody
    # can take a turn.
    magic54(tmp_path / "m54", "  after_each: |\n    if this is in pile: discard this",
            "  after_each: |\n    if this is in pile: discard this\n    you sit out")
    game = Game(load_pack(str(tmp_path / "m54"), Report()))
    state, _ = play_random(game, 1)
    sat = [line for line in state.log if line.endswith(" sits out")]
    assert sorted(sat) == ["Black sits out", "Red sits out"]
    assert (state.s.result, state.log[-1]) == ((0.0, 0.0), "the game ends: Red and Black 1st")


def test_a_file_of_game_records_that_is_not_text_is_named_where_it_stops_being_so(tmp_path):
    # `replay` and `simulate --resume` said the file was not one of game records, with no place.
    out = tmp_path / "games.jsonl"
    assert CliRunner().invoke(main, ["simulate", "magic54", "-n", "2", "--out", str(out)]).exit_code == 0
    raw = out.read_bytes()
    second = raw.index(b"\n") + 1
    out.write_bytes(raw[:second + 5] + b"\xed" + raw[second + 6:])
    line = f"{out}:2:6: error: not a file of game records: not UTF-8 text (the byte 0xed here)"
    result = CliRunner().invoke(main, ["replay", str(out)])
    assert (result.exit_code, result.output) == (1, line + "\n")
    result = CliRunner().invoke(main, ["simulate", "magic54", "-n", "3", "--out", str(out), "--resume"])
    assert (result.exit_code, result.output) == (1, line + "; --resume continues a run that --out wrote\n")


def test_damage_dealt_to_what_is_not_a_card_or_a_player_stops_the_game_at_its_place(tmp_path):
    # A mark set without a card holds true; dealing damage to it stopped the game with a traceback.
    path = magic54(tmp_path / "m54", "mark guard as blocking blocked until end of combat",
                   "mark guard as blocking until end of combat")
    result = CliRunner().invoke(main, ["simulate", str(tmp_path / "m54"), "-n", "1", "--seed", "834"])
    line = "            deal attack of guard damage to blocking of guard from guard"
    assert (result.exit_code, result.output) == (1, (
        f'{path}:{line_of(path, line)}:{line.index("blocking of") + 1}: error: game 1 (seed 834) stopped on turn 15: '
        f'"blocking of guard" is true here, not a card or a player: damage is dealt to one\n'))


def test_a_card_data_field_of_words_mapped_to_a_number_property_is_refused_at_the_deck(tmp_path, monkeypatch):
    # Basic TCG's import reading a card's subtypes as its printed power: a game stopped
    # where the pack adds to the power, with a Python error.
    root = Path(__file__).parent.parent
    shutil.copytree(root / "cards", tmp_path / "cards")
    shutil.copytree(root / "variants" / "basic_tcg", tmp_path / "variants" / "basic_tcg",
                    ignore=shutil.ignore_patterns("tests"))
    pack = Path("variants") / "basic_tcg" / "pack.yaml"
    packed = tmp_path / pack
    text = packed.read_text(encoding="utf-8")
    old = "        printed_power: [power, mana_value]"
    assert old in text
    packed.write_text(text.replace(old, "        printed_power: subtypes"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = validate(Path("variants") / "basic_tcg")
    assert result.exit_code == 1
    deck = Path("variants") / "basic_tcg" / "decks" / "forests_and_plains.txt"
    lines = result.output.splitlines()
    assert lines[0] == f'{deck}:{line_of(tmp_path / deck, "3 Forest")}:3: error: card "Forest": "printed_power" is ' \
                       f'a number (its default is 0), not a list (forest)'
    assert f'{deck}:{line_of(tmp_path / deck, "2 Giant Growth")}:3: error: card "Giant Growth": "printed_power" is ' \
           f'a number (its default is 0), not an empty list' in lines
