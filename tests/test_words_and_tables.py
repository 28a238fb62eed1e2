"""Words as values (properties of one word), table values, counters that are logged,
seen by their owner or by nobody, division and remainder, and variables that may not
hide a name (tests/data/suits: a few suited cards, three turns)."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.engine.state import RuleError
from cardtable.interpreter.engine.positions import SetupError
from cardtable.interpreter.lang import fuse
from cardtable.interpreter.packs.loader import PackError, load_pack

PACK = Path(__file__).parent / "data" / "suits"
DEAL = "for each p in players:\n  p draws 3 cards"


def make(tmp_path: Path, setup: str = DEAL, turn: str = "do nothing", cards: dict | None = None, **edits) -> Path:
    folder = tmp_path / "suits"
    if folder.exists():
        shutil.rmtree(folder)
    shutil.copytree(PACK, folder)
    text = (folder / "pack.yaml").read_text()
    text = text.replace("SETUP", setup.replace("\n", "\n  ")).replace("TURN", turn.replace("\n", "\n          "))
    for old, new in edits.items():
        assert old in text, old
        text = text.replace(old, new)
    (folder / "pack.yaml").write_text(text)
    for old, new in (cards or {}).items():
        card_text = (folder / "cards.yaml").read_text()
        assert old in card_text
        (folder / "cards.yaml").write_text(card_text.replace(old, new))
    return folder


def play(tmp_path, setup=DEAL, turn="do nothing", players=2, **edits):
    pack = load_pack(str(make(tmp_path, setup, turn, **edits)), Report())
    return Game(pack, num_players=players).new_initial_state(seed=0)


def problems(folder: Path) -> list[str]:
    report = Report()
    with pytest.raises(PackError):
        load_pack(str(folder), report)
    return [f"{Path(p.file).name}:{p.line}:{p.col}: {p.message}" for p in report.errors]


def test_the_pack_is_valid_as_it_is(tmp_path):
    state = play(tmp_path)
    assert state.is_terminal()


# --------------------------------------------------------------------- words
@pytest.mark.parametrize("condition, count", [
    ("its suit = hearts", 2), ("its suit != hearts", 4), ("it is hearts", 2), ("it is not spades", 4),
    ("its rank = rank of this_card", 2), ("its suit = suit of this_card", 1), ("it shares colors with this_card", 3),
    ("it shares suit with this_card", 1),
])
def test_a_word_is_a_value_and_describes_cards(tmp_path, condition, count):
    setup = ('for each this_card in cards in deck where name of it = "Two of Diamonds":\n'
             f"  set score of you to count of (cards in deck where {condition})")
    state = play(tmp_path, setup=setup)
    assert state.s.pvars[0]["score"] == count


def test_words_select_cards_by_themselves(tmp_path):
    state = play(tmp_path, setup="set score of you to count of hearts cards in deck + 10 * count of (spades cards in deck)")
    assert state.s.pvars[0]["score"] == 22


def test_a_card_without_a_word_property_holds_none(tmp_path):
    state = play(tmp_path, setup='for each c in cards in deck where its rank = ace and its suit = none:\n'
                                 '  set score of you to 1', cards={"suit: spades, rank: ace,": "rank: ace,"})
    assert state.s.pvars[0]["score"] == 1


def test_the_lesser_and_the_greater_of_two_numbers(tmp_path):
    # Points capped at 3 (2, 3, 1, 4, 2, 1 count 2, 3, 1, 3, 2, 1); the brackets say what
    # "+ 1" adds to, and what "- 4" takes from.
    setup = ("for each c in cards in deck:\n  increase score of you by the lesser of points of c and 3\n"
             "set scratch of you to (greater of 2 + 3 and 4) + 1\nset secret of you to the greater of 0 - 5 and -2\n"
             "set score of your left to greater of 2 and (9 - 4)")
    state = play(tmp_path, setup=setup)
    assert (state.s.pvars[0]["score"], state.s.pvars[0]["scratch"], state.s.pvars[0]["secret"]) == (12, 6, -2)
    assert state.s.pvars[1]["score"] == 5


def test_a_sum_after_the_lesser_or_the_greater_needs_brackets(tmp_path):
    # "the greater of min_raise and bet - to_call" reads as a player would not: the second
    # number is one value, and the sum is of the greater.
    setup = "set score of you to the greater of 2 and 9 - 4\nset scratch of you to lesser of 7 and 3 * 2 + 1"
    assert problems(make(tmp_path, setup=setup)) == [
        'pack.yaml:37:27: "greater of 2 and 9 - 4" reads as "(greater of 2 and 9) - 4": the second number of '
        '"greater of" is one value; write those brackets, or "greater of 2 and (9 - 4)" to compare 2 with 9 - 4',
        'pack.yaml:38:25: "lesser of 7 and 3 * 2 + 1" reads as "(lesser of 7 and 3) * 2 + 1": the second number of '
        '"lesser of" is one value; write those brackets, or "lesser of 7 and (3 * 2 + 1)" to compare 7 with 3 * 2 + 1']


@pytest.mark.parametrize("value", [
    "greater of 1 and lesser of 2 and 3 - 1", "lesser of 7 and 3 * 2 + 1", "5 + lesser of 7 and 3 * 2 + 1",
    "greater of 1 and 2 - lesser of 3 and 4 - 1", "2 * greater of 1 and 4 + 3",
])
def test_each_rewrite_a_sum_after_the_lesser_or_the_greater_is_told_is_accepted(tmp_path, value):
    # The text quoted runs to the end of the sum, and each rewrite brackets what it must:
    # written in its place, either is accepted.
    first, *_ = problems(make(tmp_path, setup=f"set score of you to {value}"))
    quoted, read, rewrite = re.fullmatch(r'pack\.yaml:\d+:\d+: "(.*)" reads as "(.*)": the second number of "\w+ of" '
                                         r'is one value; write those brackets, or "(.*)" to compare .*', first).groups()
    assert quoted in value
    for written in (read, rewrite):
        state = play(tmp_path, setup=f"set score of you to {value.replace(quoted, written)}")
        assert state.is_terminal()


def test_the_lesser_of_two_numbers_takes_numbers(tmp_path):
    assert problems(make(tmp_path, setup="set score of you to the lesser of you and 3")) == [
        'pack.yaml:37:37: what "lesser of you and 3" compares must be a number, but "you" is a player']


@pytest.mark.parametrize("fused", [True, False])
def test_a_value_that_depends_on_a_condition(tmp_path, fused):
    # Six cards in the deck, two of them hearts (3 and 1 points): a heart counts 10, any
    # other card 1; the cards whose points are 3 for a heart and 2 for another are Three
    # of Hearts and the two Twos.
    setup = ("set score of you to if count of cards in deck > 3 then 2 else 1\n"
             "set scratch of you to (if count of cards in deck > 30 then 2 else 1) + 5\n"
             "increase score of your left by if your left = you then 10 else 5\n"
             "for each c in cards in deck:\n  increase secret of you by if suit of c = hearts then 10 else 1\n"
             "set pot to count of (cards in deck where points of it = if its suit = hearts then 3 else 2)\n"
             "set led to if pot = 3 then if score of you = 2 then spades else hearts else none")
    fuse.ENABLED[0] = fused
    try:
        state = play(tmp_path, setup=setup)
    finally:
        fuse.ENABLED[0] = True
    assert [state.s.pvars[0][k] for k in ("score", "scratch", "secret")] == [2, 6, 24]
    assert (state.s.pvars[1]["score"], state.s.table["pot"], state.s.table["led"]) == (5, 3, "spades")


def test_what_follows_the_value_after_else_needs_brackets(tmp_path):
    setup = ("set score of you to if turn > 3 then 2 else 1 + 1\n"
             "set scratch of you to if turn > 3 then 2 else (1 + 1) * 2\n"
             "if if turn = 1 then false else true or true: stop")
    assert problems(make(tmp_path, setup=setup)) == [
        'pack.yaml:37:23: "if turn > 3 then 2 else 1 + ..." reads as "(if turn > 3 then 2 else 1) + ...": what '
        'follows "else" is one value; write those brackets, or "if turn > 3 then 2 else (1 + ...)" for the value '
        'after "else"',
        'pack.yaml:38:25: "if turn > 3 then 2 else (1 + 1) * ..." reads as "(if turn > 3 then 2 else (1 + 1)) * '
        '...": what follows "else" is one value; write those brackets, or "if turn > 3 then 2 else ((1 + 1) * ...)" '
        'for the value after "else"',
        'pack.yaml:39:6: "if turn = 1 then false else true or ..." reads as "(if turn = 1 then false else true) or '
        '...": what follows "else" is one value; write those brackets, or "if turn = 1 then false else (true or '
        '...)" for the value after "else"']


def test_the_two_values_of_an_if_are_of_one_kind_and_its_condition_a_condition(tmp_path):
    setup = ("set score of you to if turn = 1 then you else 1\nset led to if turn = 1 then hearts else ace\n"
             "set score of you to if 3 then 1 else 2\nlet kept be if turn = 1 then you else none")
    assert problems(make(tmp_path, setup=setup)) == [
        'pack.yaml:37:23: the two values of "if turn = 1 then you else 1" must be of one kind, but "you" is a '
        'player and "1" is a number',
        'pack.yaml:38:14: the two values of "if turn = 1 then hearts else ace" must be of one kind, but "hearts" is '
        'a suit and "ace" is a rank',
        'pack.yaml:39:26: the condition of "if 3 then 1 else 2" must be a condition, but "3" is a number']


def test_a_counter_partners_share_is_logged_as_theirs(tmp_path):
    # Ann and Cleo against Ben and Dan: the score is the partnership's, and so is its line;
    # a counter only its owners see is read by both partners.
    edits = {"seats: [{name: Ann}, {name: Ben}, {name: Cleo}, {name: Dan}]":
             "seats: [{name: Ann, team: ac}, {name: Ben, team: bd}, {name: Cleo, team: ac}, {name: Dan, team: bd}]",
             "score: {start: 0, log: true}": "score: {start: 0, log: true, shared: team}",
             "secret: {start: 0, visibility: owner, log: true}": "secret: {start: 0, visibility: owner, log: true, shared: team}"}
    state = play(tmp_path, setup="increase score of you by 2\nset secret of left of you to 4\nincrease score of left of you by 1",
                 players=4, **edits)
    assert [state.s.pvars[p]["score"] for p in range(4)] == [2, 1, 2, 1]
    assert "Ann and Cleo's score is 2 (+2)" in state.log and "Ben and Dan's score is 1 (+1)" in state.log
    assert [("Ben and Dan's secret is 4" in state.log_for(p)) for p in range(4)] == [False, True, False, True]


TEAMS = {"seats: [{name: Ann}, {name: Ben}, {name: Cleo}, {name: Dan}]":
         "seats: [{name: Ann, team: ac}, {name: Ben, team: bd}, {name: Cleo, team: ac}, {name: Dan, team: bd}]",
         "score: {start: 0, log: true}": "score: {start: 0, log: true, shared: team}"}


def test_a_text_names_the_teams_still_in_the_game_each_by_its_players_still_in(tmp_path):
    # Ann and Cleo, Ben and Dan, and Eve alone: once Eve is out, "teams" are the other
    # two; once Cleo is out, her team is Ann, as "players of" it says. A team with no
    # player left is named by all of them (Eve's, kept in a variable).
    edits = {"seats: [{name: Ann}, {name: Ben}, {name: Cleo}, {name: Dan}]":
             "seats: [{name: Ann, team: ac}, {name: Ben, team: bd}, {name: Cleo, team: ac}, {name: Dan, team: bd}, "
             "{name: Eve}]", "max: 4": "max: 5"}
    setup = ('let eve be last of players\nlet cleo be first of (players where team of it = team of first of players '
             'and it != first of players)\nannounce "{teams}"\neve loses the game\nannounce "{teams}; {team of eve}"\n'
             'cleo loses the game\nannounce "{teams}; {team of cleo}; {players of team of cleo}"')
    state = play(tmp_path, setup=setup, players=5, **edits)
    assert [line for line in state.log if line.startswith(("Ann and", "Ann,"))] == [
        "Ann and Cleo, Ben and Dan, Eve", "Ann and Cleo, Ben and Dan; Eve", "Ann, Ben and Dan; Ann; Ann"]


def test_a_setup_gives_a_counter_partners_share_to_the_team(tmp_path):
    # Given for one partner, the score is the partnership's: Cleo holds Ann's 8 and Dan
    # Ben's 9, so that the ranking places partners together.
    game = Game(load_pack(str(make(tmp_path, **TEAMS)), Report()), num_players=4)
    state = game.position({"players": [{"counters": {"score": 8}}, {"counters": {"score": 9}}, {}, {}]})
    assert [state.s.pvars[p]["score"] for p in range(4)] == [8, 9, 8, 9]
    with pytest.raises(SetupError) as e:
        game.position({"players": [{"counters": {"score": 8}}, {}, {"counters": {"score": 7}}, {}]})
    assert e.value.message == 'Ann and Cleo share "score" (shared: team), one count for the team: give it once, not 8 and 7'


def test_a_loop_and_a_variable_take_either_of_several_selectors(tmp_path):
    # Ann draws Ace of Spades and Two of Diamonds (points 1 and 2); the deck keeps Two of
    # Clubs, Three of Hearts, Ace of Hearts and Four of Spades (2, 3, 1 and 4).
    setup = ("you draw 2 cards\nfor each c in cards in your hand or cards in deck where its suit = hearts:\n"
             "  increase score of you by points of c\nlet kept be all cards in deck or cards in your hand where it is spades\n"
             "set scratch of you to total points of kept\nfor each c in cards in your hand or cards in deck: put c into discard")
    state = play(tmp_path, setup=setup)
    assert (state.s.pvars[0]["score"], state.s.pvars[0]["scratch"]) == (1 + 2 + 3 + 1, 2 + 3 + 1 + 4 + 1)
    assert [c["name"] for c in state.observation(None)["shared"]["discard"]] == [
        "Ace of Spades", "Two of Diamonds", "Two of Clubs", "Three of Hearts", "Ace of Hearts", "Four of Spades"]


def test_an_item_either_selector_picks_comes_once_where_the_first_picks_it(tmp_path):
    # The deck from its bottom: Two of Clubs, Three of Hearts, Ace of Hearts, Four of Spades,
    # Two of Diamonds, Ace of Spades. Ace of Hearts, a heart and an ace, is counted, kept
    # and moved once, where the first selector puts it (moved twice, it would end on top).
    setup = ("set score of you to count of (cards in deck where it is hearts or cards in deck where its rank = ace)\n"
             "let kept be all cards in deck where it is hearts or cards in deck where its rank = ace\n"
             "set scratch of you to count of kept\n"
             "for each p in players or opponents: increase secret of p by 1\n"
             "for each c in cards in deck where its rank = ace or cards in deck where it is hearts: put c into discard")
    state = play(tmp_path, setup=setup)
    assert [state.s.pvars[p][k] for p in (0, 1) for k in ("score", "scratch", "secret")] == [3, 3, 1, 0, 0, 1]
    assert [c["name"] for c in state.observation(None)["shared"]["discard"]] == [
        "Ace of Hearts", "Ace of Spades", "Three of Hearts"]
    # A choice offers it once (the deck looked at, so that its cards are named).
    state = play(tmp_path, setup="you look at all cards in deck\n"
                                 "choose a card in deck where its rank = ace or card in deck where it is hearts as picked")
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        "Ace of Hearts", "Ace of Spades", "Three of Hearts"]


def test_the_top_cards_of_a_zone_where_a_condition_holds(tmp_path):
    # The deck's top four: Ace of Spades, Two of Diamonds, Four of Spades, Ace of Hearts.
    setup = ("set score of you to count of (top 3 cards of deck where it is spades)\n"
             "set scratch of you to total points of (top 4 cards of deck where its suit != spades)\n"
             "for each c in top 4 cards of deck where its rank = ace: increase secret of you by 1")
    state = play(tmp_path, setup=setup)
    assert [state.s.pvars[0][k] for k in ("score", "scratch", "secret")] == [2, 2 + 1, 2]
    assert problems(make(tmp_path, setup="set score of you to number of different suit among top 2 cards of deck")) == [
        'pack.yaml:37:54: write "top N cards of ZONE" in parentheses here: "(top 2 cards of deck)"']
    assert problems(make(tmp_path, setup="let n be 2\nset score of you to number of different suit among top n cards of deck")) == [
        'pack.yaml:38:54: write "top N cards of ZONE" in parentheses here: "(top n cards of deck)"']


def test_a_card_of_a_zone_by_its_place_from_the_top(tmp_path):
    # The deck from its top: Ace of Spades, Two of Diamonds, Four of Spades, Ace of Hearts,
    # Three of Hearts, Two of Clubs (points 1, 2, 4, 1, 3, 2); it has no 7th card.
    setup = ("set score of you to points of 2nd card of deck\nlet k be 5\n"
             "set scratch of you to points of card k of deck * 10 + points of card 3 of deck\n"
             "if 7th card of deck = none and card 0 of deck = none and 1st card of deck = top card of deck:\n"
             "  set secret of you to 1")
    state = play(tmp_path, setup=setup)
    assert [state.s.pvars[0][k] for k in ("score", "scratch", "secret")] == [2, 34, 1]
    # Every player's played, read from the top of Ben's: Ace of Hearts, Four of Spades,
    # then Ann's Two of Diamonds and Ace of Spades.
    setup = ("for each p in players:\n  put all top 2 cards of deck into p's played\n"
             "set score of you to points of 2nd card of played * 10 + points of card 3 of played")
    state = play(tmp_path, setup=setup, **{"played: {per: player, role: play}":
                                           "played: {per: player, role: play, ordered: true}"})
    assert state.s.pvars[0]["score"] == 4 * 10 + 2
    assert problems(make(tmp_path, setup="set score of you to points of 2nd card of hand\n"
                                         "for each p in players:\n  set score of p to points of card 2 of p's played\n"
                                         "set score of you to points of 2th card of deck\n"
                                         "set score of you to points of 0th card of deck\n"
                                         "set score of you to points of 2nd rank of deck")) == [
        'pack.yaml:37:45: "hand" is not ordered: it has no 2nd card (say which card, e.g. "first of cards in '
        'your hand", or make the zone ordered: true)',
        'pack.yaml:39:43: "played" is not ordered: it has no card 2 (say which card, e.g. "first of cards in '
        'p\'s played", or make the zone ordered: true)',
        'pack.yaml:40:33: write "2nd", not "2th"',
        'pack.yaml:41:33: "0th" is no place: the top card is the 1st card',
        'pack.yaml:42:37: write "2nd card of ZONE", not "2nd rank"']


DEFINED = {"cards: [cards.yaml]": "define:\n  red_card: its suit = hearts or its suit = diamonds\n"
                                  "  worth: points of it + 1\ncards: [cards.yaml]"}


def test_a_definition_about_it_is_asked_of_a_card(tmp_path):
    # Red: Three of Hearts, Ace of Hearts, Two of Diamonds; the others' points 2, 4 and 1.
    setup = ("for each c in cards in deck:\n  if c is red_card: increase score of you by 1\n"
             "for each c in cards in deck where it is not red_card: increase scratch of you by points of c\n"
             "for each c in cards in deck where its rank = ace:\n"
             "  if count of (cards in deck where c is red_card and it is red_card) = 3: increase secret of you by 1")
    state = play(tmp_path, setup=setup, **DEFINED)
    assert [state.s.pvars[0][k] for k in ("score", "scratch", "secret")] == [3, 2 + 4 + 1, 1]
    assert problems(make(tmp_path, setup="for each c in cards in deck:\n  if c is worth: stop", **DEFINED)) == [
        'pack.yaml:41:13: "worth" is a number, not a condition: "X is NAME" asks a definition that holds or not']


def test_words_of_a_property_compare_in_the_order_of_its_list(tmp_path):
    # rank: two, three, four, ace. A table value of no word yet (led) comes before every word.
    setup = ('for each c in cards in deck where name of it = "Four of Spades":\n'
             '  set score of you to count of (cards in deck where its rank > rank of c)\n'
             '  set secret of you to count of (cards in deck where its rank <= "three")\n'
             '  if clubs < led or suit of c <= led: set pot to 0\n'
             '  set led to hearts\n'
             '  if suit of c > led and led >= "diamonds" and led != spades: set scratch of you to 1')
    state = play(tmp_path, setup=setup)
    assert [state.s.pvars[0][k] for k in ("score", "secret", "scratch")] == [2, 3, 1]
    assert state.s.table["pot"] == 5


def test_a_word_property_of_no_card_is_none(tmp_path):
    # "suit of card_played" where nobody had a card to play: the table value holds none,
    # as after a card without a suit, not the 0 of a number; a word compared with it differs.
    setup = ("let nothing_played be first of (cards in played)\nset led to suit of nothing_played\n"
             "if suit of nothing_played = none and suit of nothing_played != hearts: set score of you to 1")
    state = play(tmp_path, setup=setup)
    assert state.s.table["led"] is None and state.s.pvars[0]["score"] == 1
    assert state.board(0).splitlines()[-1] == "table: pot 5, led none, dealer none"


@pytest.mark.parametrize("setup, message", [
    ("for each c in cards in deck:\n  if suit of c = rank of c: stop",
     'pack.yaml:38:8: "suit of c = rank of c" compares a suit with a rank: they are never equal'),
    ('for each c in cards in deck where its suit = "Hearts":\n  stop',
     'pack.yaml:37:48: "Hearts" is not a word of "suit"; did you mean "hearts"?'),
    ("for each c in cards in deck where its suit = 3:\n  stop",
     'pack.yaml:37:37: "its suit = 3" compares a suit with a number: they are never equal'),
    ("increase suit of you by 1", 'pack.yaml:37:12: "suit" holds a word: only a number can be increased or decreased'),
    ("for each c in cards in deck:\n  if rank of c > 3: stop",
     'pack.yaml:38:8: the left side of ">" must be a number, but "rank of c" is a word: a word is compared only '
     'with a word of "rank", in the order of its list'),
    ("for each c in cards in deck:\n  if rank of c > suit of c: stop",
     'pack.yaml:38:8: "rank of c > suit of c" compares a rank with a suit: words are in order only within the list '
     'of one property'),
    ('for each c in cards in deck where its rank >= "Three":\n  stop',
     'pack.yaml:37:49: "Three" is not a word of "rank"; did you mean "three"?'),
    ("for each c in cards in deck:\n  if c shares points with c: stop",
     'pack.yaml:38:17: "points" is not a property of words'),
])
def test_words_are_checked_when_the_pack_loads(tmp_path, setup, message):
    assert problems(make(tmp_path, setup=setup)) == [message]


@pytest.mark.parametrize("edit, message", [
    ({"two, three, four, ace], description: The rank.}": "two, three, four, ace], default: for, description: The rank.}"},
     'pack.yaml:20:52: "for" is not a word of "rank"; did you mean "four"?'),
    ({"suit: {one_of: [clubs,": "suit: {words: [red], one_of: [clubs,"},
     'pack.yaml:19:17: "suit" has both one_of and words: a property holds one word (one_of), a list of words '
     '(words), or is computed from others (derived)'),
    ({"one_of: [two, three": "one_of: [hand, three"},
     'pack.yaml:20:19: "hand" is already a zone: a word of "rank" must describe cards by itself'),
    ({"one_of: [two, three": "one_of: [clubs, three"},
     'pack.yaml:20:19: "clubs" is already a word of "suit": a word of "rank" must describe cards by itself'),
])
def test_a_property_of_one_word_declares_its_words_once(tmp_path, edit, message):
    assert message in problems(make(tmp_path, **edit))


def test_a_card_holds_a_word_of_the_list(tmp_path):
    folder = make(tmp_path, cards={"suit: clubs, rank: two": "suit: clubs, rank: eigth"})
    assert problems(folder) == ['cards.yaml:3:61: "eigth" is not a word of "rank"']


# -------------------------------------------------------------- table values
def test_table_values_start_as_declared_and_change_by_name(tmp_path):
    setup = ("increase pot by 10\ndecrease pot by 3\nset led to spades\n"
             "set dealer to left of you\nincrease stuck by 2")
    state = play(tmp_path, setup=setup)
    assert state.s.table == {"pot": 12, "led": "spades", "dealer": state.s.t.players[1], "stuck": 2}
    assert "pot is 15" in state.log and "pot is 12" in state.log
    assert not any("stuck" in line or "led is" in line for line in state.log)   # not logged: no log: true


def test_observations_show_the_visible_table_values(tmp_path):
    state = play(tmp_path, setup="set dealer to you\nincrease stuck by 1")
    assert state.observation(0)["table"] == {"pot": 5, "led": None, "dealer": "Ann"}
    assert state.observation(None)["table"] == {"pot": 5, "led": None, "dealer": "Ann", "stuck": 1}
    assert state.board(0).splitlines()[-1] == "table: pot 5, led none, dealer Ann"


@pytest.mark.parametrize("setup, message", [
    ('set pot to "many"', 'pack.yaml:37:14: "pot" holds a number; "many" is a text'),
    ("set led to four", 'pack.yaml:37:14: "led" holds a word of "suit"; "four" is a word of "rank"'),
    ("set led to you", 'pack.yaml:37:14: "led" holds a word of "suit"; "you" is a player'),
    ("increase led by 1", 'pack.yaml:37:12: "led" holds a word of "suit": only a number can be increased or decreased'),
    ("increase pt by 1", 'pack.yaml:37:12: unknown table value "pt"; did you mean "pot"?'),
    ("increase score by 1", 'pack.yaml:37:12: "score" is a counter of each player or card: say whose ("score of PLAYER")'),
    ("let calls be 0\nincrease calls by 1",
     'pack.yaml:38:12: "calls" is a variable of this text, not a table value: "let" gives it a new value ("let calls be calls + 1")'),
    ("let k be 2\ndecrease k by k + 1",
     'pack.yaml:38:12: "k" is a variable of this text, not a table value: "let" gives it a new value ("let k be k - (k + 1)")'),
    ("let d be you\nset d to left of d",
     'pack.yaml:38:7: "d" is a variable of this text, not a table value: "let" gives it a new value ("let d be left of d")'),
    ("set pot to 7 / 0", 'pack.yaml:37:18: "7 / 0" divides by 0'),
])
def test_table_statements_are_checked(tmp_path, setup, message):
    assert problems(make(tmp_path, setup=setup)) == [message]


@pytest.mark.parametrize("edit, message", [
    ({"led: {of: suit}": "led: {of: colour}"}, 'pack.yaml:30:13: "colour" is not a property of one word (one_of), "player" nor "card"'),
    ({"led: {of: suit}": "led: {of: suit, start: hart}"}, 'pack.yaml:30:26: "hart" is not a word of "suit"; did you mean "hearts"?'),
    ({"pot: {start: pot_start": "pot: {start: pot_strat"}, 'pack.yaml:29:16: "pot" is a number: its start is a number or a number option, not "pot_strat"; did you mean "pot_start"?'),
    ({"stuck: {start: 0, visibility": "stuck: {start: 0, reset: hand, visibility"},
     'pack.yaml:32:28: "hand" is not turn, phase, step nor a round of the pack'),
])
def test_table_values_are_declared_with_what_they_hold(tmp_path, edit, message):
    assert problems(make(tmp_path, **edit)) == [message]


def test_a_clone_has_its_own_table(tmp_path):
    state = play(tmp_path, setup="increase pot by 1")
    copy = state.clone()
    copy.s.table["pot"] = 99
    assert state.s.table["pot"] == 6


def test_a_setup_gives_table_values_and_an_expectation_reads_them(tmp_path):
    pack = load_pack(str(make(tmp_path)), Report())
    game = Game(pack, num_players=2)
    state = game.position({"table": {"pot": 2, "led": "hearts", "dealer": "Ben"}, "phase": "main"})
    assert state.s.table == {"pot": 2, "led": "hearts", "dealer": state.s.t.players[1], "stuck": 0}
    assert state.as_setup()["table"] == {"pot": 2, "led": "hearts", "dealer": "Ben", "stuck": 0}
    with pytest.raises(Exception, match='"led" holds a word of "suit" or none, not \'red\''):
        game.position({"table": {"led": "red"}})


# ------------------------------------------------------------------ counters
def test_a_logged_counter_says_each_change(tmp_path):
    # A `set` gives a new value (a bid each deal): its difference from the old one means nothing.
    state = play(tmp_path, setup="increase score of you by 26\nset score of you to 20\nincrease score of you by 0\n"
                                 "decrease score of you by 3")
    assert [line for line in state.log if "score" in line] == ["Ann's score is 26 (+26)", "Ann's score is 20",
                                                               "Ann's score is 17 (-3)"]


def test_an_owners_counter_is_seen_and_logged_for_its_player_only(tmp_path):
    state = play(tmp_path, setup="increase secret of you by 4\nincrease scratch of you by 1")
    assert "Ann's secret is 4 (+4)" in state.log_for(0)
    assert not any("secret" in line for line in state.log_for(1))
    assert state.observation(0)["players"][0]["counters"] == {"score": 0, "secret": 4, "plays": 1}
    assert state.observation(1)["players"][0]["counters"] == {"score": 0, "plays": 1}
    assert state.observation(None)["players"][0]["counters"] == {"score": 0, "secret": 4, "scratch": 1, "plays": 1}


def test_counters_start_at_their_start_a_number_or_an_option_without_a_rule_setting_them(tmp_path):
    # Nothing in the setup sets them: the game starts each player's counters itself.
    state = play(tmp_path, setup="do nothing", turn="do nothing",
                 **{"score: {start: 0, log: true}": "score: {start: pot_start, log: true}",
                    "secret: {start: 0, visibility: owner, log: true}": "secret: {start: 3, visibility: owner}"})
    # Three turns (Ann, Ben, Ann) with a play each in their second step, which only Ann's last keeps.
    assert state.s.pvars == [{"score": 5, "secret": 3, "scratch": 0, "plays": 1},
                             {"score": 5, "secret": 3, "scratch": 0, "plays": 0}]
    assert state.observation(1)["players"][0]["counters"] == {"score": 5, "plays": 1}
    assert not any("score" in line for line in state.log)     # a start is no change


@pytest.mark.parametrize("start, message", [
    ("pot_stat", 'pack.yaml:25:18: unknown option "pot_stat"; did you mean "pot_start"?'),
    ("dealer_name", 'pack.yaml:25:18: "score" is a number, and the option "dealer_name" is not one'),
])
def test_a_counters_start_names_a_number_option(tmp_path, start, message):
    folder = make(tmp_path, **{"score: {start: 0,": f"score: {{start: {start},",
                               "  turn_limit: {default: 3}": "  turn_limit: {default: 3}\n  dealer_name: {default: Ann}"})
    assert problems(folder) == [message]


def test_a_counter_goes_back_to_its_start_when_its_step_begins(tmp_path):
    # "plays" goes up in step "second" and back to 0 as each step begins.
    state = play(tmp_path, turn="set score of you to plays of you")
    assert [pv.get("score", 0) for pv in state.s.pvars] == [0, 0]
    assert state.s.pvars[0]["plays"] == 1


# ------------------------------------------------------------------ arithmetic
@pytest.mark.parametrize("expr, value", [
    ("7 / 2", 3), ("-7 / 2", -4), ("7 % 4", 3), ("(1 - 2) % 4", 3), ("(turn - 1) % 4", 0), ("2 + 9 / 3 * 2", 8),
])
def test_division_rounds_down_and_the_remainder_takes_the_sign_of_the_divisor(tmp_path, expr, value):
    state = play(tmp_path, setup=f"set pot to {expr}")
    assert state.s.table["pot"] == value


def test_a_division_by_0_in_play_stops_the_game_at_its_text(tmp_path):
    with pytest.raises(RuleError) as e:
        play(tmp_path, setup="set pot to 5 / stuck")
    assert e.value.message == '"5 / stuck" divides by 0'
    assert (Path(e.value.source.file).name, e.value.source.line) == ("pack.yaml", 37)


@pytest.mark.parametrize("question", [
    'dealer may "deal again":\n  set pot to 9', "dealer chooses a card in deck as x", "dealer chooses a suit as x",
    "dealer chooses a number from 1 to 3 as x", "dealer chooses one of 1, 2 as x",
    "dealer chooses a rank among cards in deck as x", "dealer chooses an order of cards in deck as x"])
def test_a_question_to_nobody_stops_the_game_at_its_text(tmp_path, question):
    # A table value holding no player yet: the game stops with the rule, not a crash.
    with pytest.raises(RuleError) as e:
        play(tmp_path, setup="set dealer to none\n" + question)
    assert e.value.message == '"dealer" is none: there is nobody to ask'
    assert (Path(e.value.source.file).name, e.value.source.line, e.value.source.col) == ("pack.yaml", 38, 3)


# ------------------------------------------------------------------ variables
@pytest.mark.parametrize("setup, message", [
    ("choose a card in deck as plain",
     'pack.yaml:37:28: "plain" is a card type: a variable named so would change what "plain" means in the rest '
     'of this text ("each plain in play" would go through the variable); name it otherwise, e.g. "victim"'),
    ("for each cards in players:\n  stop",
     'pack.yaml:37:12: "cards" is a word of selectors: a variable named so would change what "cards" means in the '
     'rest of this text ("each cards in ..." would go through the variable); name it otherwise'),
    ("let hand be 1", 'pack.yaml:37:7: "hand" is a zone: a variable named so would hide it in the rest of this text; '
                      'name it otherwise'),
    ("let pot be 1", 'pack.yaml:37:7: "pot" is a table value: a variable named so would hide it in the rest of this '
                     'text; name it otherwise'),
    ("let x be 1\nfor each x in players:\n  stop", 'pack.yaml:38:12: "x" was a number (line 37); it cannot now hold a player'),
])
def test_a_variable_may_not_hide_a_name_nor_change_kind(tmp_path, setup, message):
    assert problems(make(tmp_path, setup=setup)) == [message]


def test_a_variable_may_be_bound_again_to_none_and_lives_after_its_block(tmp_path):
    setup = ("let moon be none\nfor each p in players where it != you:\n  let moon be p\n"
             "if moon != none: set dealer to moon")
    state = play(tmp_path, setup=setup)
    assert state.s.table["dealer"].name == "Ben"


# Keep the best so far: "best" is let be none, and the loop that reads "score of best"
# gives it a player on a later line, which makes it a player from its first line.
KEEP_BEST = ("let best be none\nfor each p in players:\n  if best = none or score of p > score of best:\n"
             "    let best be p\nannounce \"{best} leads\"\nset dealer to best")
SCORES = "let n be 0\nfor each p in players:\n  let n be n + 1\n  increase score of p by n * n % 5\n"   # 1, 4, 4
IN_A_SCRIPT = {"cards: [cards.yaml]": "scripts:\n  crown:\n    do: |\n      " + KEEP_BEST.replace("\n", "\n      ")
               + "\ncards: [cards.yaml]"}


@pytest.mark.parametrize("setup, edits", [(SCORES + KEEP_BEST, {}), (SCORES + "crown", IN_A_SCRIPT)],
                         ids=["setup", "named script"])
def test_a_variable_let_be_none_takes_the_kind_a_later_line_gives_it(tmp_path, setup, edits):
    # Ben's 4 comes before Cleo's 4: the first of the highest is kept.
    state = play(tmp_path, setup=setup, players=3, **edits)
    assert [pv["score"] for pv in state.s.pvars] == [1, 4, 4]
    assert "Ben leads" in state.log
    assert state.s.table["dealer"].name == "Ben"


def test_a_variable_let_be_none_in_a_branch_and_read_while_it_holds_none(tmp_path):
    # Inside a branch and a loop; read before any line gives it a value, "score of best"
    # is what it is of no player (0), "suit of high" what it is of no card (none).
    state = play(tmp_path, setup="let best be none\nset pot to score of best + 7\nif pot > 0:\n  let high be none\n"
                                 "  set led to suit of high\n  announce \"led: {led}\"\n  for each c in cards in deck:\n"
                                 "    if high = none or rank of c > rank of high:\n      let high be c\n"
                                 "  set led to suit of high\nlet best be first of players")
    # The Ace of Hearts is the first ace of the deck.
    assert (state.s.table["pot"], state.s.table["led"], "led: nothing" in state.log) == (7, "hearts", True)


def test_the_same_text_twice_learns_the_kind_of_its_variable_each_time(tmp_path):
    # The second text's statements are those compiled for the first (one analysis of each):
    # what they taught of "best" is taught again.
    text = "let best be none\nset pot to score of best + 2\nfor each p in players:\n  let best be p"
    state = play(tmp_path, setup=text, turn=text)
    assert state.s.table["pot"] == 2


@pytest.mark.parametrize("setup, edits, message", [
    (KEEP_BEST + "\nlet best be 3", {},
     'pack.yaml:43:7: "best" was a player (line 40); it cannot now hold a number'),
    ("let best be none\nfor each c in cards in deck:\n  if best = none or points of c > best:\n"
     "    let best be points of c\n  let best be c", {},
     'pack.yaml:41:9: "best" was a number (line 40); it cannot now hold a card'),
    ("let best be none\nset pot to score of best", {},
     'pack.yaml:38:14: "score of ..." needs a card or a player, and "best" only ever holds none: a variable let be '
     'none takes its kind from the values later lines give it, and no line of this text gives "best" one ("let '
     'best be p")'),
    ("crown", {"cards: [cards.yaml]": "scripts:\n  crown:\n    do: |\n      let best be none\n"
                                      "      for each c in cards in deck:\n"
                                      "        if best = none or rank of c > rank of best:\n          let best be c\n"
                                      "      let best be you\n      let best be 1\ncards: [cards.yaml]"},
     'pack.yaml:41:11: "best" was a player (line 40); it cannot now hold a number'),
])
def test_a_variable_let_be_none_holds_one_kind_after(tmp_path, setup, edits, message):
    assert problems(make(tmp_path, setup=setup, **edits)) == [message]


def test_let_all_holds_the_cards_picked_then(tmp_path):
    setup = ("let given be all cards in deck where its suit = hearts\nput each card in deck into discard\n"
             "set pot to count of given\nfor each c in given:\n  put c into your hand")
    state = play(tmp_path, setup=setup)
    assert state.s.table["pot"] == 2
    assert [c["name"] for c in state.observation(None)["players"][0]["zones"]["hand"]] == \
        ["Three of Hearts", "Ace of Hearts"]


# ---------------------------------------------------------------- selections
# The deck from the bottom: Two of Clubs, Three of Hearts, Ace of Hearts, Four of
# Spades, Two of Diamonds, Ace of Spades (on top).
@pytest.mark.parametrize("value, expected", [
    ("name of top card of deck", '"Ace of Spades"'), ("name of bottom card of deck", '"Two of Clubs"'),
    ("name of first of cards in deck", '"Two of Clubs"'),
    ("name of last of (cards in deck where it is hearts)", '"Ace of Hearts"'),
    ("highest rank of cards in deck", "ace"), ("lowest rank of (cards in deck where its suit != clubs)", "two"),
    ("highest points of cards in deck", "4"), ("lowest points of cards in deck", "1"),
    ("name of first of (cards in deck where its rank = highest rank of (cards in deck where it is hearts))",
     '"Ace of Hearts"'),
    ("highest rank of (cards in deck where its suit = diamonds and its rank = ace)", "none"),
    ("top card of discard", "none"), ("first of cards in discard", "none"),
    ("lowest score of players", "0"), ("highest score of players", "3"),
    ("first of (players where score of it = highest score of players)", "your left"),
    # Each player's zone in seat order: Ann's (you), then Ben's.
    ("controller of first of (cards in played where its rank = ace)", "you"),
    ("controller of last of (cards in played where its rank = ace)", "your left"),
])
def test_a_card_or_a_value_picked_from_a_selection(tmp_path, value, expected):
    setup = ("set score of left of you to 3\n"
             "put each card in deck where its suit = spades and its rank = ace into your left's played\n"
             "put each card in deck where its rank = ace into your played\n") if "played" in value or "score" in value else ""
    setup += f"if {value} = {expected}: set pot to 1\nif {value} != {expected}: set pot to 2"
    state = play(tmp_path, setup=setup)
    assert state.s.table["pot"] == 1


def test_a_shared_zone_without_order_is_not_called_yours(tmp_path):
    folder = make(tmp_path, setup="let c be top card of discard",
                  **{"discard: {per: shared, ordered: true, role: discard}": "discard: {per: shared, role: discard}"})
    assert problems(folder) == ['pack.yaml:37:24: "discard" is not ordered: it has no top card (say which card, '
                                'e.g. "first of cards in discard", or make the zone ordered: true)']


# The deck once the hearts are in Ann's hand: Two of Clubs, Four of Spades, Two of Diamonds, Ace of Spades.
@pytest.mark.parametrize("value, expected", [
    # Cards whose rank another card of the deck has: the twos.
    ("count of (cards c in deck where any (cards in deck where its rank = rank of c and it != c))", 2),
    ("count of (cards c in deck where count of (cards in deck where its suit = suit of c) = 2)", 2),
    ("count of (plain cards c in deck where no (cards in deck where its rank = rank of c and it != c))", 2),
    ("count of (players p where any (cards in p's hand where its suit = hearts))", 1),
    # The spades: 4 and 1 points.
    ("total points of (cards c in deck where any (cards in deck where its suit = suit of c and it != c))", 5),
])
@pytest.mark.parametrize("fused", [True, False])
def test_a_selector_names_its_item_for_the_where_clauses_inside_its_own(tmp_path, value, expected, fused):
    setup = f"put each card in deck where its suit = hearts into your hand\nset pot to {value}"
    fuse.ENABLED[0] = fused
    try:
        state = play(tmp_path, setup=setup)
    finally:
        fuse.ENABLED[0] = True
    assert state.s.table["pot"] == expected


def test_a_choice_offers_the_cards_its_where_tells_apart_by_other_cards(tmp_path):
    state = play(tmp_path, setup="you look at all cards in deck\n"
                                 "choose a card c in deck where any (cards in deck where its rank = rank of c and "
                                 "it != c) as picked\nset pot to points of picked")
    offered = sorted(state.action_to_string(a) for a in state.legal_actions())
    assert offered == ["Ace of Hearts", "Ace of Spades", "Two of Clubs", "Two of Diamonds"]
    state.apply_action(next(a for a in state.legal_actions() if state.action_to_string(a) == "Two of Clubs"))
    assert state.s.table["pot"] == 2


@pytest.mark.parametrize("setup, message", [
    ("let c be top card of hand", 'pack.yaml:37:24: "hand" is not ordered: it has no top card (say which card, '
                                  'e.g. "first of cards in your hand", or make the zone ordered: true)'),
    ("let c be bottom card of dealer's hand", 'pack.yaml:37:27: "hand" is not ordered: it has no bottom card '
     '(say which card, e.g. "first of cards in dealer\'s hand", or make the zone ordered: true)'),
    ("let c be top plain of deck", 'pack.yaml:37:16: write "top card of ZONE", not "top plain"'),
    ("let c be highest colors of cards in deck", 'pack.yaml:37:20: "colors" holds several words: highest and '
                                                 'lowest need a number or a property with one_of'),
    ("let c be lowest hand of players", 'pack.yaml:37:19: "hand" is not a number: highest and lowest need a '
                                        'number or a property with one_of'),
])
def test_selections_are_checked(tmp_path, setup, message):
    assert problems(make(tmp_path, setup=setup)) == [message]


BOOSTER = """  - name: Two of Clubs
    types: [plain]
    suit: clubs
    rank: two
    colors: [black]
    points: 2
    abilities:
      - name: Boost
        static: cards in played
        when: active player != controller of this
        effect: increase points of it by 10
"""


def test_a_static_ability_that_reads_the_active_player_sees_a_round_pass_the_turn(tmp_path):
    # In a round the next turn comes without end_turn passing it: the view is made again all the same.
    folder = make(tmp_path, setup='for each x in cards in deck where name of it = "Two of Clubs":\n  put x into your played',
                  turn="for each x in cards in played:\n  if points of x > 5: you win the game",
                  cards={"  - {name: Two of Clubs, types: [plain], suit: clubs, rank: two, colors: [black], points: 2}\n": BOOSTER},
                  **{"turn:": "rounds:\n  - round: trick\nturn:",
                     "script: increase plays of you by 1": "script: let q be count of (cards in played where points of it > 100)"})
    state = Game(load_pack(str(folder), Report()), num_players=2).new_initial_state(seed=0)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.log[-3:] == ["turn 1 (Ann)", "turn 2 (Ben)", "Ben wins the game"]


@pytest.mark.parametrize("seats, score, secret", [
    ("[{name: Ann}, {name: Ben}, {name: Cleo}, {name: Dan}]", [0, 1, 0, 0], [0, 1, 1, 1]),
    ("[{name: Ann, team: a}, {name: Ben, team: a}, {name: Cleo, team: b}, {name: Dan, team: b}]",
     [0, 0, 1, 0], [0, 0, 1, 1]),
    ("[{name: Ann, team: a}, {name: Ben, team: b}, {name: Cleo, team: a}, {name: Dan, team: b}]",
     [0, 1, 0, 0], [0, 1, 0, 1]),
])
def test_an_opponent_is_a_player_of_another_team(tmp_path, seats, score, secret):
    # Where a team had several players, "opponents" held the teammates too, and
    # "opponent" was the next seat whoever sat there.
    state = play(tmp_path, setup="increase score of opponent by 1\nfor each p in opponents: increase secret of p by 1",
                 players=4, **{"seats: [{name: Ann}, {name: Ben}, {name: Cleo}, {name: Dan}]": f"seats: {seats}"})
    assert [pv["score"] for pv in state.s.pvars] == score
    assert [pv["secret"] for pv in state.s.pvars] == secret


def test_a_scenario_expects_the_words_a_card_holds_in_any_order(tmp_path):
    # A list could not be expected: the words, a tuple, never equalled the list written.
    from test_scenarios import outcomes
    pack = load_pack(str(make(tmp_path, cards={"colors: [red], points: 1": "colors: [red, black], points: 1"})),
                     Report())
    text = """\
        scenarios:
          - name: {name}
            setup:
              players: [{{zones: {{hand: [Ace of Hearts]}}}}, {{}}]
            expect:
              cards:
                Ace of Hearts: {want}
        """
    cases = {"both": "{colors: [black, red]}", "one": "{colors: [red]}", "suit": "{suit: [hearts]}"}
    got = [outcomes(pack, tmp_path, text.format(name=name, want=want))[0] for name, want in cases.items()]
    assert got == ["ok", "7:33: Ace of Hearts has colors [red, black], not [red]",
                   '7:31: "suit" holds one value, not a list: only a property of words holds several']


# ------------------------------------------------------------ a card on the table
STUCK = "  stuck: {start: 0, visibility: hidden}"
UPCARD = {STUCK: STUCK + "\n  upcard: {of: card, log: true}"}
SHOWN = "for each p in players:\n  p draws 2 cards\nput top card of deck into discard\nset upcard to top card of discard\n"


def test_a_table_value_holds_a_card_that_stays_itself_wherever_it_goes(tmp_path):
    # The deck's top two cards go to each player, the fifth to the discard: Three of Hearts.
    state = play(tmp_path, setup=SHOWN + "put upcard into your hand\nset pot to points of upcard\n"
                                         "if upcard is in your hand: set stuck to 1", **UPCARD)
    assert state.s.table["pot"] == 3 and state.s.table["stuck"] == 1
    assert "upcard is Three of Hearts" in state.log
    # The board names it to whoever sees it where it is now or saw it go there: the referee,
    # Ann, whose hand holds it, and Ben, who saw it taken from the discard pile.
    assert [state.observation(p)["table"]["upcard"] for p in (None, 0, 1)] == ["Three of Hearts"] * 3
    # A hand has no order: shuffled, it keeps the card Ben saw go there; a deck shuffled does not.
    state = play(tmp_path, setup=SHOWN + "put upcard into your hand\nshuffle your hand", **UPCARD)
    assert [state.observation(p)["table"]["upcard"] for p in (None, 0, 1)] == ["Three of Hearts"] * 3
    state = play(tmp_path, setup=SHOWN + "put upcard into deck\nshuffle deck", **UPCARD)
    assert [state.observation(p)["table"]["upcard"] for p in (None, 0, 1)] == ["Three of Hearts", "a card", "a card"]


def test_a_card_set_where_only_some_see_it_is_logged_by_name_to_them(tmp_path):
    state = play(tmp_path, setup="for each p in players:\n  p draws 2 cards\nset upcard to first of cards in your hand\n"
                                 "set upcard to top card of deck",
                 **UPCARD)
    first, top = [line for line in state.log if line.startswith("upcard is")]
    assert [line for line in state.log_for(0) if line.startswith("upcard is")] == [first, "upcard is a card"]
    assert [line for line in state.log_for(1) if line.startswith("upcard is")] == ["upcard is a card"] * 2
    assert first != "upcard is a card" and top != "upcard is a card"


@pytest.mark.parametrize("reset, held", [("", "Three of Hearts"), (", reset: turn", None)])
def test_a_card_table_value_goes_back_to_none_with_its_reset(tmp_path, reset, held):
    edits = {k: v.replace("log: true", "log: true" + reset) for k, v in UPCARD.items()}
    state = play(tmp_path, setup=SHOWN, **edits)
    assert state.is_terminal()
    assert state.observation(None)["table"]["upcard"] == held


@pytest.mark.parametrize("setup, message", [
    ("set upcard to 3", 'pack.yaml:38:17: "upcard" holds a card; "3" is a number'),
    ("set upcard to you", 'pack.yaml:38:17: "upcard" holds a card; "you" is a player'),
    ("set pot to upcard", 'pack.yaml:38:14: "pot" holds a number; "upcard" is a card'),
    ("if upcard = 2: set pot to 1", 'pack.yaml:38:6: "upcard = 2" compares a card with a number: they are never equal'),
    ("if upcard > 2: set pot to 1", 'pack.yaml:38:6: the left side of ">" must be a number, but "upcard" is a card'),
    ("increase upcard by 1", 'pack.yaml:38:12: "upcard" holds a card: only a number can be increased or decreased'),
])
def test_a_card_table_value_is_checked_when_the_pack_loads(tmp_path, setup, message):
    assert problems(make(tmp_path, setup=setup, **UPCARD)) == [message]


@pytest.mark.parametrize("declared, message", [
    ("{of: card, start: 3}", 'pack.yaml:33:29: "upcard" holds a card: it starts as none'),
    ("{of: crad}", 'pack.yaml:33:16: "crad" is not a property of one word (one_of), "player" nor "card"; '
                   'did you mean "card"?'),
])
def test_a_card_table_value_starts_as_none(tmp_path, declared, message):
    edits = {k: v.replace("{of: card, log: true}", declared) for k, v in UPCARD.items()}
    assert problems(make(tmp_path, **edits)) == [message]


def test_a_scenario_gives_and_expects_a_card_table_value_by_the_cards_name(tmp_path):
    from test_scenarios import outcomes
    pack = load_pack(str(make(tmp_path, turn="put upcard into your played", **UPCARD)), Report())
    text = """\
        scenarios:
          - name: {name}
            setup:
              players: [{{zones: {{hand: [Ace of Hearts, Two of Clubs]}}}}, {{}}]
              table: {{upcard: {given}}}
              phase: main
            script: []
            expect:
              table: {{upcard: {want}}}
              players: [{{zones: {{played: {played}}}}}, {{}}]
        """
    cases = {"held": ("Ace of Hearts", "Ace of Hearts", "[Ace of Hearts]"),
             "other": ("Ace of Hearts", "Two of Clubs", "[Ace of Hearts]"),
             "none": ("none", "none", "[]"),
             "absent": ("Four of Spades", "none", "[]")}
    got = [outcomes(pack, tmp_path, text.format(name=name, given=given, want=want, played=played))[0]
           for name, (given, want, played) in cases.items()]
    assert got == ["ok", "9:23: upcard is Ace of Hearts, not Two of Clubs", "ok",
                   '5:23: the position has no card named "Four of Spades": "upcard" holds one card']
