"""Sets of cards ("sets of cards in your hand where total pips of it = 15"): their order,
where they may be read, their size, the bound on how many are taken, and a choice of one
of them (tests/data/setspack; its tests/ folder scores hands with them and lays them down)."""
from __future__ import annotations

import io
import json
from itertools import combinations
from pathlib import Path

import pytest
from click.testing import CliRunner
from packcopy import edited_copy, load_errors

from cardtable.cli import main
from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.engine.state import RuleError
from cardtable.interpreter.lang.dsl import bound_names
from cardtable.interpreter.lang.vocabulary import set_tests, subsets
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.play.records import game_record, replay
from cardtable.interpreter.play.terminal import Table, setup

PACK = Path(__file__).parent / "data" / "setspack"
SHOW = "      let fifteens be count of (sets of cards in your hand where total pips of it = 15)\n"


def copy(tmp_path: Path, **edits) -> Path:
    return edited_copy(PACK, tmp_path, **edits)


def problems(tmp_path: Path, line: str) -> list[str]:
    """The load's errors with `line` written before the first line of the show."""
    return load_errors(copy(tmp_path, **{SHOW: f"      {line}\n{SHOW}"}))


def show(folder: Path, ann: list, ben: list | None = None) -> list[str]:
    """The log of the two turns that score Ann's hand, then Ben's."""
    return position(folder, ann, ben).log


def position(folder: Path, ann: list, ben: list | None = None):
    game = Game(load_pack(str(folder), Report()))
    return game.position({"active": "Ann", "phase": "show",
                          "players": [{"zones": {"hand": ann}}, {"zones": {"hand": ben or []}}]})


FIVES = ["Five of Clubs", "Five of Diamonds", "Jack of Spades", "Five of Hearts"]
SIXTEEN = [f"{rank} of {suit}" for suit in ("Clubs", "Hearts", "Spades")
           for rank in ("Ace", "Two", "Three", "Four", "Five", "Six")][:16]
SEVENTEEN = SIXTEEN + ["Five of Spades"]


def sixteen_and_seventeen(folder: Path) -> tuple[str, str]:
    """The first line of the log with 16 cards in Ann's hand, and the error that stops
    the game with 17 (65,535 sets of one card or more, and more than that)."""
    first = show(folder, SIXTEEN)[0]
    with pytest.raises(RuleError) as e:
        position(folder, SEVENTEEN)
    return first, e.value.located("the game")


def test_the_sets_come_smallest_first_each_size_in_the_order_of_the_cards(tmp_path):
    say = ('      for each g in sets of cards in your hand where (count of it < 3 or total pips of it = 15):\n'
           '        announce "{count of g}: {name of first of g} to {name of last of g}"\n')
    log = show(copy(tmp_path, **{SHOW: say + SHOW}), FIVES)
    assert log[:13] == [
        "1: Five of Clubs to Five of Clubs", "1: Five of Diamonds to Five of Diamonds",
        "1: Jack of Spades to Jack of Spades", "1: Five of Hearts to Five of Hearts",
        "2: Five of Clubs to Five of Diamonds", "2: Five of Clubs to Jack of Spades",
        "2: Five of Clubs to Five of Hearts", "2: Five of Diamonds to Jack of Spades",
        "2: Five of Diamonds to Five of Hearts", "2: Jack of Spades to Five of Hearts",
        "3: Five of Clubs to Five of Hearts",
        "Ann counts 4 fifteens, 3 pairs and 0 for runs", "Ann's score is 14 (+14)"]


def test_a_set_is_named_in_its_where_and_read_as_cards(tmp_path):
    # Two fives and a jack: 5 + J and 5 + J are fifteens (the three together are 20).
    say = ('      let k be count of (sets g of cards in your hand where total pips of g = 15 and '
           'highest value of g = 11 and number of different rank among g = 2)\n'
           '      let first_set be first of (sets of 2 or fewer cards in your hand where any (it '
           'where its rank = jack))\n'
           '      announce "{k} sets; the first holding the jack: {count of first_set} cards, '
           '{total pips of first_set} pips"\n')
    log = show(copy(tmp_path, **{SHOW: say + SHOW}), FIVES[:3])
    assert log[0] == "2 sets; the first holding the jack: 1 cards, 10 pips"


@pytest.mark.parametrize("line, message", [
    # A set where one card is read, and one card where a set is.
    ("let k be count of (sets of cards in your hand where pips of it = 15)",
     'pack.yaml:47:59: "pips of ..." reads one card, and "it" is a set of cards: read its cards ("total pips of it", '
     '"highest pips of it", "for each c in it")'),
    ("let k be count of (cards in your hand where count of it = 1)",
     'pack.yaml:47:60: "it" here is a card, not a set of cards: "count of it", "total ... of it" and their kin read '
     'the set of "sets of ... where" (of a card, write "value of it")'),
    ("for each g in sets of 2 cards in your hand: let k be rank of g",
     'pack.yaml:47:60: "rank of ..." reads one card, and "g" is a set of cards: read its cards ("highest rank of g", '
     '"number of different rank among g", "for each c in g")'),
    # Only what the property allows: a name is neither added up nor ordered.
    ("for each g in sets of 2 cards in your hand: let k be name of g",
     'pack.yaml:47:60: "name of ..." reads one card, and "g" is a set of cards: read its cards ("number of different '
     'name among g", "for each c in g")'),
    ("let k be total pips of (sets of cards in your hand)",
     'pack.yaml:47:31: "sets of cards in your hand" picks sets of cards, which only "count of", "any", "no", '
     '"first of", "last of", "for each" and "let ... be all" read: go through them ("for each g in sets of cards in '
     'your hand") to read the cards of each'),
    ("put each sets of cards in your hand into deck",
     'pack.yaml:47:16: "sets of cards in your hand" picks sets of cards, which only "count of", "any", "no", '
     '"first of", "last of", "for each" and "let ... be all" read: go through them ("for each g in sets of cards in '
     'your hand") to read the cards of each'),
    ("for each g in sets of cards in your hand or cards in your hand: reveal g",
     'pack.yaml:47:21: "sets of cards in your hand or cards in your hand" picks sets of cards together with single '
     'cards or players: pick one or the other; for the sets of all these cards together, write the cards in '
     'brackets: "sets of (cards in your hand or cards in your hand)"'),
    # Hold'em's best five of seven: the hand's two and the board's five together.
    ("for each g in sets of 5 cards in your hand or cards in deck: reveal g",
     'pack.yaml:47:21: "sets of 5 cards in your hand or cards in deck" picks sets of cards together with single '
     'cards or players: pick one or the other; for the sets of all these cards together, write the cards in '
     'brackets: "sets of 5 (cards in your hand or cards in deck)"'),
    ("for each g in sets of 2 cards in your hand or player: reveal g",
     'pack.yaml:47:21: "sets of 2 cards in your hand or player" picks sets of cards together with single '
     'cards or players: pick one or the other'),
    ("let k be count of sets of players", 'pack.yaml:47:33: "sets of" takes sets of cards, and "players" picks a '
                                          'set of players'),
    ("let k be count of sets g of cards in your hand",
     'pack.yaml:47:30: "g" after "sets" would name each set inside a "where" clause, and there is none'),
    ("let k be count of (sets g of cards in your hand where count of it = 2)",
     'pack.yaml:47:31: "g" after "sets" names each set in its "where", which does not read it'),
    ("let k be count of sets of 0 cards in your hand",
     'pack.yaml:47:33: a set holds from 1 card to as many as there are, not 0'),
    # A size that is a name: in parentheses before "or more"; in parentheses right after
    # "of", a name is a size, never cards.
    ("let k be count of sets of n or more cards in your hand",
     'pack.yaml:47:33: write a size that is a name in parentheses before "or more": "sets of (n) or more ..."'),
    ("choose up to one set of deal or fewer cards in your hand as g",
     'pack.yaml:47:31: write a size that is a name in parentheses before "or fewer": "set of (deal) or fewer ..."'),
    ("for each g in sets of (it) where count of g = 2: reveal g",
     'pack.yaml:47:30: in parentheses right after "sets of", "it" is the size of the sets ("sets of (it) cards in '
     'hand"); for the sets of its cards, write "sets of it"'),
    ("for each g in sets of (h or cards in hand): reveal g",
     'pack.yaml:47:30: in parentheses right after "sets of", "h" is the size of the sets ("sets of (h) cards in '
     'hand"); for the sets of its cards, write "sets of h", or name it after the others: (... or h)'),
])
def test_sets_and_cards_are_each_read_where_they_may_be(tmp_path, line, message):
    assert problems(tmp_path, line) == [message]


def test_more_sets_than_a_rule_takes_stop_the_game_where_they_are_taken(tmp_path):
    # 16 cards have 65,535 sets of one card or more; 17 cards more than that.
    count = "      let n be count of sets of cards in your hand\n      announce \"{n} sets\"\n"
    folder = copy(tmp_path, **{SHOW: count + SHOW})
    assert sixteen_and_seventeen(folder) == ("65535 sets", (
        f'{folder}/pack.yaml:47:25: error: the game stopped on turn 1: "sets of cards in your hand" would take more '
        f'than 65,535 sets of its 17 cards: a rule takes at most 65,535 sets at once (every set of 16 cards); take '
        f'them of fewer cards, or say their size ("sets of 2 cards in ...")'))


def test_a_set_both_sides_of_or_pick_is_taken_once(tmp_path):
    # Five and Jack make fifteen and Five and Five a pair: the sets of two that do
    # either are the three pairs of Fives and the three Fives with the Jack; the set of
    # the two cards taken in the other order (the Jack first) is the same set.
    say = ('      let n be count of (sets of 2 cards in your hand where total pips of it = 15 or '
           'sets of 2 cards in your hand where number of different rank among it = 1 or '
           'sets of 2 (jack cards in your hand or cards in your hand) '
           'where total pips of it = 15)\n'
           '      announce "{n} sets"\n')
    assert show(copy(tmp_path, **{SHOW: say + SHOW}), FIVES)[0] == "6 sets"


def test_a_card_is_in_a_set_as_in_a_zone_so_that_sets_that_share_no_card_are_found(tmp_path):
    # The first pair is Five of Clubs and Five of Diamonds: of the six pairs, only the
    # Jack and the Five of Hearts share no card with it (Gin Rummy's melds laid together).
    say = ('      let m be first of (sets of 2 cards in your hand)\n'
           '      let apart be count of (sets s of 2 cards in your hand where no (m where it is in s))\n'
           '      announce "{apart} apart; {count of (cards in your hand where it is in m)} in it, '
           '{count of (cards in your hand where it is not in m)} not"\n')
    assert show(copy(tmp_path, **{SHOW: say + SHOW}), FIVES)[0] == "1 apart; 2 in it, 2 not"
    assert problems(tmp_path / "refused", "let k be count of (cards in your hand where it is in turn)") == [
        'pack.yaml:47:60: the place after "in" must be a zone or a set of cards, but "turn" is a number']


def test_a_set_held_in_a_variable_names_its_cards_and_is_a_place_of_a_selector(tmp_path):
    # "cards c in it" is the set tried, with no brackets around "it" (the parse failed
    # at "where", telling that "it" could not name a variable). m1 is the Five of Clubs
    # and the Five of Diamonds: of the six pairs, only the Jack and the Five of Hearts
    # share no card with it; each five of m1 has a five in the hand beside it, one of
    # m1 is a club.
    say = ('      let m1 be first of (sets of 2 cards in your hand)\n'
           '      let apart be count of (sets s of 2 cards in your hand where no (m1 c where any (s where it = c)))\n'
           '      let matched be count of (cards c in m1 where any (cards in your hand where it != c and '
           'its rank = rank of c))\n'
           '      for each m in sets of 2 cards in your hand where any (cards c in it where rank of c = jack):\n'
           '        announce "{count of (cards in m where its suit = clubs)} club with the jack, '
           '{count of (m in m1)} of m1"\n'
           '      announce "{apart} apart, {matched} matched, {count of (cards in m1 where its suit = clubs)} club"\n')
    assert show(copy(tmp_path, **{SHOW: say + SHOW}), FIVES)[:4] == [
        "1 club with the jack, 1 of m1", "0 club with the jack, 1 of m1", "0 club with the jack, 0 of m1",
        "1 apart, 2 matched, 1 club"]


@pytest.mark.parametrize("line, message", [
    # A clause refused where it reads the set's name is not told it does not read it.
    ("let m1 be first of (sets of 2 cards in your hand)\n      let k be count of (sets s of 2 cards in your hand "
     "where no (m1 c where any (s where it = c and its rnk = 1)))",
     'pack.yaml:48:102: a card has no "rnk"; did you mean "rank"?'),
    ("let p be you\n      let k be count of (cards in p where its rank = jack)",
     'pack.yaml:48:35: the place after "in" must be a zone or a set of cards, but "p" is a player: a player\'s '
     'cards are in their zones ("cards in p\'s hand")'),
    ("let n be 3\n      let k be count of (cards in n where its rank = jack)",
     'pack.yaml:48:35: the place after "in" must be a zone or a set of cards, but "n" is a number'),
    ("let k be count of (cards in your hand where any (cards in it where its rank = jack))",
     'pack.yaml:47:65: the place after "in" must be a zone or a set of cards, but "it" is a card'),
    ("let k be count of (cards in it where its rank = jack)",
     'pack.yaml:47:35: "it" refers to what a "where" clause is about, and here there is none'),
    ("let m1 be first of (sets of 2 cards in your hand)\n      let k be count of (m1 c)",
     'pack.yaml:48:29: "c" after "m1" would name each card of "m1" inside a "where" clause, and there is none'),
    ("let m1 be first of (sets of 2 cards in your hand)\n      let k be count of (m1 c where its rank = jack)",
     'pack.yaml:48:29: "c" after "m1" names each card in its "where", which does not read it'),
])
def test_a_set_held_in_a_variable_is_refused_where_it_cannot_be_read(tmp_path, line, message):
    assert problems(tmp_path, line) == [message]


def test_a_definition_of_a_set_no_text_reads_is_not_told_its_it_is_no_card(tmp_path):
    # Checked alone, a_run was read of a card: each "count of it" and "highest value of
    # it" was warned of, though it is written for the "where" of "sets of".
    report = Report()
    load_pack(str(copy(tmp_path, **{"where a_run:": "where count of it > 3:"})), report)
    assert [(p.line, p.message) for p in report.warnings] == [(37, 'the definition "a_run" is read by no text')]


def test_sets_taken_again_for_each_set_stop_the_game_at_the_text_that_takes_them(tmp_path):
    # 16 cards: the inner sets are taken again for each of the 65,535 outer ones, far
    # past the rules' million steps without a decision: the inner text is named (the
    # message named none).
    inner = ("      let n be count of (sets of cards in your hand where count of (sets of cards in your hand "
             "where count of it = 1) > 0)\n")
    folder = copy(tmp_path, **{SHOW: inner + SHOW})
    with pytest.raises(RuleError) as e:
        position(folder, SIXTEEN)
    assert e.value.located("the game") == (
        f'{folder}/pack.yaml:47:69: error: the game stopped on turn 1: the rules ran more than 1,000,000 steps '
        f'(rounds of loops, sets of cards tried, runs of the checks, triggered abilities) without a player deciding '
        f'anything, the most they may run between two decisions: they go round in circles, or do too much at once '
        f'(loops in loops, sets of cards inside sets of cards)')


def test_any_no_and_first_of_stop_at_the_first_set_that_holds(tmp_path):
    # 16 cards: each set tried takes the 65,535 sets of the hand again. "count of" would
    # try all 65,535 (test above); "any", "no" and "first of" try one set, one set and
    # three pairs, well within the rules' million steps.
    every = "count of (sets of cards in your hand) > 0"
    say = (f'      let found be 0\n'
           f'      if any (sets of cards in your hand where {every}): let found be 1\n'
           f'      if no (sets of cards in your hand where {every}): let found be 2\n'
           f'      let pair be first of (sets of 2 cards in your hand where {every} and total pips of it = 5)\n'
           f'      announce "{{found}}: {{name of first of pair}} and {{name of last of pair}}"\n')
    assert show(copy(tmp_path, **{SHOW: say + SHOW}), SIXTEEN)[0] == "1: Ace of Clubs and Four of Clubs"


def test_any_no_and_first_of_a_few_sets_say_what_every_set_tried_says(tmp_path):
    # Five, Five, Jack, Five: the first pair of fifteen is the first Five with the Jack;
    # no set of four cards makes fifteen; "last of" still reads them all.
    say = ('      let pair be first of (sets of 2 cards in your hand where total pips of it = 15)\n'
           '      let last_pair be last of (sets of 2 cards in your hand where total pips of it = 15)\n'
           '      let n be 0\n'
           '      if any (sets of 3 cards in your hand where total pips of it = 15): let n be n + 1\n'
           '      if no (sets of 4 cards in your hand where total pips of it = 15): let n be n + 10\n'
           '      if first of (sets of 4 cards in your hand where total pips of it = 15) = none: let n be n + 100\n'
           '      announce "{n}: {name of first of pair} and {name of last of pair}; '
           '{name of first of last_pair} and {name of last of last_pair}"\n')
    assert show(copy(tmp_path, **{SHOW: say + SHOW}), FIVES)[0] == (
        "111: Five of Clubs and Jack of Spades; Jack of Spades and Five of Hearts")


def test_the_size_of_the_sets_may_be_a_number_reckoned_in_play(tmp_path):
    # Five, Five, Jack, Five (4 cards, "deal" 5): sets of k (2) cards, of (count - 1) = 3
    # cards, of 3 or more and of 2 or fewer; of (count - 4) = 0 cards and of -1 or fewer
    # none; of 0 or more every set. "deal" is an option of the pack.
    say = ('      let k be 2\n'
           '      let n be count of sets of k cards in your hand\n'
           '      let m be count of sets of (count of cards in your hand - 1) cards in your hand\n'
           '      let more be count of sets of (k + 1) or more cards in your hand\n'
           '      let fewer be count of sets of (k) or fewer cards in your hand\n'
           '      let dealt be count of (sets of deal cards in your hand or sets of (deal - 2) cards in your hand)\n'
           '      let zero be count of sets of (count of cards in your hand - 4) cards in your hand\n'
           '      let below be count of sets of (k - 3) or fewer cards in your hand\n'
           '      let any_size be count of sets of (k - 2) or more cards in your hand\n'
           '      announce "{n} {m} {more} {fewer} {dealt} {zero} {below} {any_size}"\n')
    assert show(copy(tmp_path, **{SHOW: say + SHOW}), FIVES)[0] == "6 4 5 10 4 0 0 15"


def test_a_table_value_alone_is_a_size_as_a_variable_is(tmp_path):
    # A climbing game's "beat the leader with as many cards": the leader's count is kept
    # in a table value, which reads as the size without parentheses. Was refused as
    # 'unknown card type, mark or keyword "led_count"'.
    say = ('      set led_count to 3\n'
           '      announce "{count of sets of led_count cards in your hand} {count of sets of (led_count) or more cards in your hand}"\n')
    folder = copy(tmp_path, **{SHOW: say + SHOW, "zones:": "table:\n  led_count: {start: 0}\nzones:"})
    assert show(folder, FIVES)[0] == "4 5"


def test_a_size_reckoned_in_play_is_a_number_and_keeps_the_bound(tmp_path):
    # A size of 16 or fewer from 17 cards would take more sets than a rule takes: stopped
    # before any set is made, the text named.
    assert problems(tmp_path / "text", 'let k be count of sets of ("two") cards in your hand') == [
        'pack.yaml:47:34: the size of a set must be a number, but "two" is a text']
    count = ('      let k be 16\n      let n be count of sets of (k) or fewer cards in your hand\n'
             '      announce "{n} sets"\n')
    folder = copy(tmp_path, **{SHOW: count + SHOW})
    assert sixteen_and_seventeen(folder) == ("65535 sets", (
        f'{folder}/pack.yaml:48:25: error: the game stopped on turn 1: "sets of (k) or fewer cards in your hand" would '
        f'take more than 65,535 sets of its 17 cards: a rule takes at most 65,535 sets at once (every set of 16 '
        f'cards); take them of fewer cards, or say their size ("sets of 2 cards in ...")'))


MELD = ('      choose up to one set of 2 cards in your hand where total pips of it = 15 as meld "lay down a fifteen" '
        'or "keep them"\n      if meld != none:\n        put meld into your melds\n        increase score of you by 1\n')


def meld_log(folder: Path, ann: list, pick: int | None = None) -> tuple[list, list]:
    """The options of Ann's choice (none if she is not asked) and the log after `pick`."""
    game = Game(load_pack(str(folder), Report()))
    state = game.position({"active": "Ann", "phase": "meld",
                           "players": [{"zones": {"hand": ann}}, {"zones": {"hand": []}}]})
    options = state.legal_labels() if state.decision is not None and state.decision.player == 0 else []
    if pick is not None:
        state.apply_action(pick)
    return options, state.log


def test_a_player_chooses_one_set_labelled_by_its_cards_in_the_order_of_the_sets(tmp_path):
    # Five, Five, Jack, Five: every pair of them has 10 pips or more, offered in the order
    # "sets of" takes them; the cards chosen are a set of cards, read as any cards are.
    choose = ('      choose a set g of 2 cards in your hand where total pips of g >= 10 as pair "pick a pair"\n'
              '      announce "{count of pair} cards, {total pips of pair} pips, the first {name of first of pair}"\n')
    folder = copy(tmp_path, **{MELD: choose})
    options, log = meld_log(folder, FIVES, 4)
    assert options == ["Five of Clubs, Five of Diamonds", "Five of Clubs, Jack of Spades",
                       "Five of Clubs, Five of Hearts", "Five of Diamonds, Jack of Spades",
                       "Five of Diamonds, Five of Hearts", "Jack of Spades, Five of Hearts"]
    assert log[:2] == ["Ann chooses Five of Diamonds, Five of Hearts (pick a pair)",
                       "2 cards, 10 pips, the first Five of Diamonds"]


def test_a_set_chosen_among_the_cards_of_two_zones_in_brackets(tmp_path):
    # Hold'em's best five of seven, in small: a pair of the hand's and the melds' cards
    # together; the size may be a number in parentheses as well.
    choose = ('      let k be 2\n'
              '      choose a set of (k) (cards in your hand or cards in your melds) where total pips of it = 15 '
              'as pair "pick a fifteen"\n')
    folder = copy(tmp_path, **{MELD: choose})
    game = Game(load_pack(str(folder), Report()))
    state = game.position({"active": "Ann", "phase": "meld", "players": [
        {"zones": {"hand": ["Five of Clubs", "Ace of Hearts"], "melds": ["Jack of Spades", "Four of Hearts"]}},
        {"zones": {"hand": []}}]})
    assert state.log[0] == "Ann chooses Five of Clubs, Jack of Spades (pick a fifteen)"     # the one fifteen


def test_a_set_chosen_of_none_is_none_and_of_one_is_taken_without_asking(tmp_path):
    # One set (the Five and the Jack) is taken as one card is, and said in the log; with
    # no set (two Fives) the variable is none.
    choose = ('      choose a set of (k) cards in your hand where total pips of it = 15 as pair\n'
              '      if pair = none: announce "none of {k}"\n'
              '      else: announce "{count of pair} of {k}"\n')
    folder = copy(tmp_path, **{MELD: '      let k be 2\n' + choose})
    options, log = meld_log(folder, ["Five of Clubs", "Jack of Spades", "Ace of Hearts"])
    assert (options, log[:4]) == ([], ["Ann chooses Five of Clubs, Jack of Spades as pair", "2 of 2",
                                       "Ann counts 1 fifteens, 0 pairs and 0 for runs", "Ann's score is 2 (+2)"])
    assert meld_log(folder, FIVES[:2])[1][0] == "none of 2"


def test_the_none_of_a_set_chosen_may_name_what_is_kept(tmp_path):
    # "keep {...}" is filled in as it is for a card's choice (the hands of this pack are
    # open: tests/test_log_lines.py has a hidden one).
    choose = ('      choose up to one set of 2 cards in your hand where total pips of it = 15 as pair "pick a fifteen" '
              'or "keep {first of cards in your hand}"\n')
    folder = copy(tmp_path, **{MELD: choose})
    options, log = meld_log(folder, ["Five of Clubs", "Jack of Spades"], 0)
    assert options == ["keep Five of Clubs", "Five of Clubs, Jack of Spades"]
    assert log[0] == "Ann chooses keep Five of Clubs (pick a fifteen)"


@pytest.mark.parametrize("line, message", [
    ("choose 2 sets of cards in your hand as pair",
     'pack.yaml:41:16: "sets of cards in your hand" picks sets of cards, of which a player chooses one: "choose a '
     'set of ..." (or "up to one set of ...")'),
    ("choose 2 set of cards in your hand as pair",
     'pack.yaml:41:14: a player chooses one set of cards: "choose a set of ..." or "choose up to one set of ..."'),
    ('choose a set of cards in your hand as pair or "pass"',
     'pack.yaml:41:50: "pass" names the answer that picks nothing, which only "choose up to one" offers: "choose a '
     '..." takes one when there is one'),
    ("choose a set of players as pair",
     'pack.yaml:41:23: "sets of" takes sets of cards, and "players" picks a set of players'),
])
def test_a_choice_of_a_set_is_refused_when_the_pack_loads_where_it_cannot_be_offered(tmp_path, line, message):
    assert load_errors(copy(tmp_path, **{MELD: f"      {line}\n"})) == [message]


def test_the_computer_players_choose_sets_and_their_records_replay(tmp_path):
    # Three games of each computer player, asked to lay down a fifteen in some: the sets
    # random chooses are in the records by their labels, and every game replays the same.
    # (Laying down two cards loses the show's fifteens they make: the others keep them.)
    out = tmp_path / "games.jsonl"
    for agent in ("random", "heuristic", "mcts"):
        run = CliRunner().invoke(main, ["simulate", str(PACK), "-n", "3", "--agents", agent, "--out", str(out)])
        assert run.exit_code == 0, run.output
        decisions = [d for line in out.read_text().splitlines()[1:] for d in json.loads(line)["decisions"]]
        assert len(decisions) == 3
        if agent == "random":
            assert [label for _, _, label in decisions] == [
                "Seven of Diamonds, Eight of Clubs", "keep them", "Queen of Diamonds, Five of Clubs"]
        replay = CliRunner().invoke(main, ["replay", str(out)])
        assert replay.exit_code == 0 and replay.output.endswith("3 of 3 games replay the same\n"), replay.output


ALIKE = {"  standard: {from: standard54, where: {suit: [clubs, diamonds, hearts, spades]}, size: 52}":
         '  standard: {from: standard54, where: {suit: clubs, rank: ace}, cards: ["4 Five of Clubs", '
         '"4 Queen of Hearts"]}'}


def test_sets_of_cards_of_the_same_names_are_told_apart_and_named_so(tmp_path):
    # Seed 4 deals Ann a Queen, a Five, a Queen, a Five: three of her fifteens read "Queen
    # of Hearts, Five of Clubs", told apart by the places of the cards that differ. She
    # types the last as shown; the record of the game replays it, and a script names it so.
    folder = copy(tmp_path, **ALIKE)
    game, specs = setup(str(folder), {"deal": 4}, "human,human", None, [])
    out = io.StringIO()
    table = Table(game, specs, 4, io.StringIO("Queen of Hearts (3rd in Ann's hand), Five of Clubs (4th in Ann's hand)\n"),
                  out, 120)
    assert table.play() == "eof"
    assert ("Ann: lay down a fifteen\n"
            "  1. keep them\n"
            "  2. Queen of Hearts (1st in Ann's hand), Five of Clubs (2nd in Ann's hand)\n"
            "  3. Queen of Hearts (1st in Ann's hand), Five of Clubs (4th in Ann's hand)\n"
            "  4. Five of Clubs, Queen of Hearts\n"
            "  5. Queen of Hearts (3rd in Ann's hand), Five of Clubs (4th in Ann's hand)\n") in out.getvalue()
    s = table.state.s
    hand, melds = s.t.zone("hand", 0), s.t.zone("melds", 0)
    dealt = game.new_initial_state(seed=4).s.zones[hand]
    assert (s.zones[hand], s.zones[melds]) == (dealt[:2], dealt[2:])
    record = json.loads(json.dumps(game_record(game, table.state, 4, str(folder))))
    assert record["decisions"] == [[0, 4, "Queen of Hearts, Five of Clubs"]]
    again = replay(game, record)
    assert again.parted is None and again.state.s.zones == s.zones
    scripted = game.new_initial_state(seed=4)
    scripted.apply_label("Queen of Hearts (3rd in Ann's hand), Five of Clubs (4th in Ann's hand)", 0)
    assert scripted.history == table.state.history and scripted.s.zones == s.zones
    # Words that hold for the cards of one set name it as well (a Five of Clubs of the
    # 2nd place: of the sets read so, the one with the 2nd card).
    scripted = game.new_initial_state(seed=4)
    assert scripted.named("Queen of Hearts, Five of Clubs (2nd in Ann's hand)") == [1]
    assert scripted.named("Queen of Hearts (untapped), Five of Clubs (untapped)") == [1, 2, 4]


def test_the_variable_of_a_set_chosen_is_one_the_text_names():
    # What the editor and the checks of names read: "pair", not the set's "g".
    found = bound_names("choose up to one set g of 2 cards in your hand where total pips of g = 15 as pair\n")
    assert [(str(t), t.line, t.column) for t in found] == [("pair", 1, 78)]


HAND = ["Five of Clubs", "Six of Clubs", "Seven of Clubs", "Five of Hearts", "Five of Spades", "Nine of Spades",
        "Ten of Spades", "Jack of Spades", "Two of Diamonds", "Queen of Hearts"]
SAME_RANK = "number of different rank among it = 1"
RUN = ("number of different suit among it = 1 and number of different value among it = count of it and "
       "highest value of it - lowest value of it = count of it - 1")


@pytest.mark.parametrize("where, found", [
    (SAME_RANK, (14, "first: 3 Five of Clubs to Five of Spades")),
    (RUN, (16, "first: 3 Five of Clubs to Seven of Clubs")),
    (f"{SAME_RANK} or ({RUN})", (20, "first: 3 Five of Clubs to Seven of Clubs")),
    (f"count of it >= 3 and ({SAME_RANK} or ({RUN}))", (3, "first: 3 Five of Clubs to Seven of Clubs")),
    ("number of different suit among it <= 2 and total pips of it < 20", (68, "first: 3 Five of Clubs to Seven of Clubs")),
    ("number of different rank among it < 2 or count of it <= 2", (56, "first: 3 Five of Clubs to Five of Spades")),
    ("count of it = 2 and number of different suit among it = 2", (35, "first: 0 nothing to nothing")),
    ("number of different value among it = count of it and total pips of it = 15",
     (11, "first: 3 Six of Clubs to Two of Diamonds")),
    ("number of different suit among it = 1 and number of different rank among it = 1", (10, "first: 0 nothing to nothing")),
])
def test_sets_grown_by_what_their_where_says_are_those_every_set_tried_keeps(tmp_path, where, found):
    # A "where" that says which sets larger sets may grow from (set_tests.py) is tried on
    # those alone; "not (not ...)" says nothing of larger sets, so every set is tried:
    # both keep the same sets, in the same order, and "first of" finds the same set.
    def said(condition):
        return (f'      for each g in sets of cards in your hand where ({condition}):\n'
                f'        announce "{{count of g}}: {{name of first of g}} to {{name of last of g}}"\n'
                f'      let least be first of (sets of 3 or more cards in your hand where ({condition}))\n'
                f'      announce "first: {{count of least}} {{name of first of least}} to {{name of last of least}}"\n')
    log = show(copy(tmp_path, **{SHOW: said(where) + said(f"not (not ({where}))") + SHOW}), HAND)
    half = next(i for i, line in enumerate(log) if line.startswith("Ann counts")) // 2
    assert log[:half] == log[half:2 * half]
    assert (half - 1, log[half - 1]) == found


def test_sets_of_melds_are_grown_from_the_pairs_that_may_begin_one(tmp_path, monkeypatch):
    # Of the 968 sets of 3 or more of ten cards, each of which was tried, a meld (three
    # of a rank, or a run of a suit) is looked for among the cards of each rank, whose
    # sets need no test, then among those of each suit, of which 26 sets are tried for
    # cards of different values (the ten cards alone, 10 pairs, 5 triples and the four
    # spades); the melds are found in the order of the sets.
    tried = []
    tests = set_tests._holds

    def counted(*args):
        holds, mine = tests(*args), []
        tried.append(mine)      # the sets each way of each text tries: the meld's, of a suit, first
        return lambda at: mine.append(at) or holds(at)
    monkeypatch.setattr(set_tests, "_holds", counted)
    say = (f'      for each g in sets of 3 or more cards in your hand where ({SAME_RANK} or ({RUN})):\n'
           f'        announce "{{name of first of g}} to {{name of last of g}}"\n')
    log = show(copy(tmp_path, **{SHOW: say + SHOW}), HAND)
    assert log[:3] == ["Five of Clubs to Seven of Clubs", "Five of Clubs to Five of Spades",
                       "Nine of Spades to Jack of Spades"]
    assert len(tried[0]) == 26


def test_a_set_grown_is_counted_as_the_steps_of_every_set_before_it():
    # "first of" counts the sets before the one it finds as steps, tried or not, as when
    # every set was tried: the rules' bound on steps stops the same games.
    sizes = range(2, 6)
    every = [at for k in sizes for at in combinations(range(7), k)]
    assert [set_tests.place(7, sizes, at) for at in every] == list(range(1, len(every) + 1))
