"""Named scripts (pack.yaml `scripts:`): what a use of one that cannot run is told, where
it is used and in the script's text (tests/data/scriptpack; its tests/ folder plays it)."""
from __future__ import annotations

from pathlib import Path

import pytest
from packcopy import edited_copy, load_errors

PACK = Path(__file__).parent / "data" / "scriptpack"
FIRST_USE = "      pass_card for you, opponent\n"
DEAL = "  deal_out:\n    do: |\n      for each p in players:\n        p draws 2 cards\n"


def problems(tmp_path: Path, **edits) -> list[str]:
    return load_errors(edited_copy(PACK, tmp_path, **edits))


def test_an_unknown_script_is_told_the_nearest_name(tmp_path):
    assert problems(tmp_path, **{FIRST_USE: "      pass_crd for you, opponent\n"}) == [
        'pack.yaml:38:7: unknown script "pass_crd"; did you mean "pass_card"?']


def test_a_script_whose_text_does_not_read_is_told_there_only_not_as_an_unknown_script(tmp_path):
    broken = "  deal_out:\n    do: |\n      for each p in players:\n        p draws 2 - 1 cards\n"
    assert problems(tmp_path, **{DEAL: broken}) == [
        'pack.yaml:31:17: a number worked out from others is written in parentheses here: "p draws (2 - 1) cards"']


def test_a_use_gives_one_value_for_each_parameter(tmp_path):
    assert problems(tmp_path, **{FIRST_USE: "      pass_card for you\n",
                                 "setup: |\n  deal_out": "setup: |\n  deal_out for you"}) == [
        'pack.yaml:33:3: "deal_out" takes no values, but "deal_out for you" gives 1',
        'pack.yaml:38:7: "pass_card" takes 2 values (for giver, taker), but "pass_card for you" gives 1']


def test_a_value_of_the_wrong_kind_is_told_in_the_script_and_where_it_is_used(tmp_path):
    assert problems(tmp_path, **{FIRST_USE: "      pass_card for top card of deck, you\n"}) == [
        'pack.yaml:25:7: who chooses must be a player, but "giver" is a card (in "pass_card", used at pack.yaml:38:7)',
        'pack.yaml:25:31: a card has no "hand" (in "pass_card", used at pack.yaml:38:7)',
        'pack.yaml:38:7: "pass_card" cannot run here: who chooses must be a player, but "giver" is a card '
        '(pack.yaml:25:7)']


def test_a_script_that_runs_itself_through_another_is_refused_with_the_chain(tmp_path):
    looping = "  deal_out:\n    do: |\n      for each p in players:\n        again\n  again:\n    do: deal_out\n"
    # The loop is the scripts' own, whatever runs them: the setup that runs "deal_out" is not told.
    assert problems(tmp_path, **{DEAL: looping}) == [
        'pack.yaml:33:9: a script may not run itself, directly or through others: "deal_out" runs "again" runs '
        '"deal_out" (in "again", used at pack.yaml:31:9)']


def test_a_script_no_text_uses_is_checked_too(tmp_path):
    unused = DEAL + "  again:\n    for: [who]\n    do: again for who\n"
    assert problems(tmp_path, **{DEAL: unused}) == [
        'pack.yaml:34:9: a script may not run itself, directly or through others: "again" runs "again"']


def test_a_script_that_does_not_parse_is_told_in_its_text_and_known_where_it_is_used(tmp_path):
    assert problems(tmp_path, **{"by points of gift": "by points of"}) == [
        'pack.yaml:27:43: unexpected end of the line; expected "(", "a", "active", "bottom", "card", "count", "false", '
        '"first", ...']


def test_a_parameter_named_by_a_word_of_the_language_is_told_where_it_is_named_only(tmp_path):
    # "if card = none" does not parse ("card k of ZONE"), nor does "{card}": told once, where
    # it is named; "a card in giver's hand" keeps its meaning.
    assert problems(tmp_path, **{"for: [giver, taker]": "for: [giver, card]", "{taker}": "{card}",
                                 "into taker's hand": "into card's hand\n      if card = none: stop"}) == [
        'pack.yaml:23:18: "card" is a word of selectors: a parameter named so would change what "card" means in the '
        'rest of this text ("each card in ..." would go through the parameter); name it otherwise']


def test_a_script_does_not_see_the_variables_of_the_one_that_uses_it(tmp_path):
    hint = ("does not see this text's \"kept\" (read at pack.yaml:27:32): a script sees its parameters and the pack's "
            "names, not the variables of the script that uses it; give it the value as a parameter")
    assert problems(tmp_path, **{"let gift be": "let kept be", "{you} was given {gift}": "{you} was given {kept}",
                                 "      put gift into taker's hand\n":
                                 "      put gift into taker's hand\n      announce \"{giver} keeps {kept}\"\n"}) == [
        # Seven's effect uses the script too, and has no "kept" of its own; the script's text,
        # the same wherever it is used, is told once, and the hint where a use has "kept".
        'pack.yaml:27:32: unknown name "kept"',
        f'pack.yaml:39:7: "pass_card" {hint}',
        f'pack.yaml:40:7: "pass_card" {hint}']


def test_a_mistake_of_a_scripts_own_text_is_told_once_there_and_not_at_its_uses(tmp_path):
    # "pass_card" is used twice in pack.yaml and once in cards.yaml: what its text gets
    # wrong, whatever it is given, is not what is wrong with a use.
    assert problems(tmp_path, **{"increase score of giver by points of gift":
                                 "increase scor of giver by points of gift + bonus"}) == [
        'pack.yaml:27:16: unknown counter or property "scor"; did you mean "score"?',
        'pack.yaml:27:50: unknown name "bonus"']


def test_a_use_is_told_only_what_is_wrong_with_it_beside_what_its_script_gets_wrong(tmp_path):
    assert problems(tmp_path, **{FIRST_USE: "      pass_card for top card of deck, you\n",
                                 "by points of gift": "by points of gift + bonus"}) == [
        'pack.yaml:25:7: who chooses must be a player, but "giver" is a card (in "pass_card", used at pack.yaml:38:7)',
        'pack.yaml:25:31: a card has no "hand" (in "pass_card", used at pack.yaml:38:7)',
        'pack.yaml:27:51: unknown name "bonus"',
        'pack.yaml:38:7: "pass_card" cannot run here: who chooses must be a player, but "giver" is a card '
        '(pack.yaml:25:7)']


@pytest.mark.parametrize("params, message", [
    ("[deck, taker]", '"deck" is a zone: a parameter named so would hide it in the rest of this text; name it otherwise'),
    ("[giver, taker, giver]", '"giver" is a parameter twice'),
])
def test_a_parameter_may_not_hide_a_name_nor_be_given_twice(tmp_path, params, message):
    found = problems(tmp_path, **{"for: [giver, taker]": f"for: {params}"})
    assert f"pack.yaml:23:{11 if params.startswith('[deck') else 25}: {message}" in found
