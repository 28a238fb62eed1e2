"""Sentences of the language's second step parse to the intended trees, each from its
start symbol (the tree of a script shows its first statement); the texts the built-in
packs already had keep their trees (their games are pinned by the digests)."""
from __future__ import annotations

import pytest
from lark import Token

from cardtable.interpreter.lang import dsl


def show(tree) -> str:
    """A tree as rule(child, ...); "-" for an optional part left out."""
    if tree is None:
        return "-"
    if isinstance(tree, Token):
        return str(tree)
    return f"{tree.data}({', '.join(show(c) for c in tree.children)})"


SENTENCES = [
    ('condition', 'no effects in pile', 'none_exist(selector(words(effects), location(name(pile))))'),
    ('condition', 'count of (effects in stack where it is triggered) > 1', 'compare(count(targets(selector(words(effects), location(name(stack)), where(is_word(it(), -, triggered, -))))), >, number(1))'),
    ('value', 'top effect of pile', 'top_one(effect, name(pile))'),
    ('value', 'top card of discard', 'top_one(card, name(discard))'),
    ('value', 'bottom card of center', 'bottom_one(card, name(center))'),
    ('script', 'counter victim', 'counter(objects(name(victim)))'),
    ('script', 'counter each effect in stack where its card is not in stack', 'counter(each(selector(words(effect), location(name(stack)), where(is_in(prop_of(it(), card), not, name(stack))))))'),
    ('targets', 'card in stack', 'targets(selector(words(card), location(name(stack)), -))'),
    ('targets', 'effect in stack where its card is not in stack', 'targets(selector(words(effect), location(name(stack)), where(is_in(prop_of(it(), card), not, name(stack)))))'),
    ('script', 'choose one of hearts, diamonds, clubs, spades as named "name a suit"', 'choose_listed(-, value_list(name(hearts), name(diamonds), name(clubs), name(spades)), -, named, "name a suit", -)'),
    ('script', 'choose one of "give your creatures +1/+1", "summon a 3/2 Panther" as mode', 'choose_listed(-, value_list(text("give your creatures +1/+1"), text("summon a 3/2 Panther")), -, mode, -, -)'),
    ('script', 'choose a suit as named', 'choose(-, one(), targets(selector(words(suit), -)), named, -, -)'),
    ('script', 'choose a rank among cards in your hand as asked "ask for a rank you hold"', 'choose_among(-, one(), rank, targets(selector(words(cards), location(prop_of(you(), hand)), -)), asked, "ask for a rank you hold", -)'),
    ('script', 'choose a rank among (cards in your hand where it is not hearts) as asked', 'choose_among(-, one(), rank, targets(selector(words(cards), location(prop_of(you(), hand)), where(is_word(it(), not, hearts, -)))), asked, -, -)'),
    ('script', "p chooses a number from 0 to count of cards in p's hand as bid", 'choose_number(name(p), one(), number(0), count(selector(words(cards), location(prop_of(name(p), hand)))), -, bid, -, -)'),
    ('script', 'choose a number from 0 to size where it != size - bids as bid', 'choose_number(-, one(), number(0), name(size), where(compare(it(), !=, arith(name(size), -, name(bids)))), bid, -, -)'),
    ('value', 'number of different names among (cards in supply where it is tapped)', 'count_different(names, targets(selector(words(cards), location(name(supply)), where(is_word(it(), -, tapped, -)))))'),
    ('condition', 'p sits out', 'sitting_out(name(p))'),
    ('condition', 'left of p is not sitting out', 'sitting_out(prop(left, name(p)), not, sitting)'),
    # The none of "up to one" named after "or", with a question and without one.
    ('script', 'choose up to one card in your hand as beater "beat it" or "take the cards"', 'choose(-, up_to_one(), targets(selector(words(card), location(prop_of(you(), hand)), -)), beater, "beat it", none_named("take the cards"))'),
    ('script', 'choose up to one rank among cards in your hand as r or "pass"', 'choose_among(-, up_to_one(), rank, targets(selector(words(cards), location(prop_of(you(), hand)), -)), r, -, none_named("pass"))'),
    ('script', 'choose an order of creatures in play where it is blocking attacker as order "order the blockers"', 'choose_order(-, one(), targets(selector(words(creatures), location(name(play)), where(is_word(it(), -, blocking, name(attacker))))), order, "order the blockers", -)'),
    ('script', 'choose a player where it != you and its hand is not empty as asked_of', 'choose(-, one(), targets(selector(words(player), where(all_of(compare(it(), !=, you()), is_empty(prop_of(it(), hand), not))))), asked_of, -, -)'),
    ('value', 'highest rank of (cards in played where suit of it = led)', 'highest(rank, targets(selector(words(cards), location(name(played)), where(compare(prop(suit, it()), =, name(led))))))'),
    ('value', 'lowest score of players', 'lowest(score, selector(words(players)))'),
    ('value', 'owner of first of (cards in played where suit of it = led and rank of it = best)', 'prop(owner, first_of(targets(selector(words(cards), location(name(played)), where(all_of(compare(prop(suit, it()), =, name(led)), compare(prop(rank, it()), =, name(best))))))))'),
    ('value', 'controller of last of cards in played', 'prop(controller, last_of(selector(words(cards), location(name(played)))))'),
    ('condition', 'suit of it = suit of top card of discard or rank of it = rank of top card of discard', 'any_of(compare(prop(suit, it()), =, prop(suit, top_one(card, name(discard)))), compare(prop(rank, it()), =, prop(rank, top_one(card, name(discard)))))'),
    ('condition', 'it shares colors with this', 'shares(it(), colors, this())'),
    ('script', "let given be all cards in asked_of's hand where rank of it = asked", 'let_all(given, selector(words(cards), location(prop_of(name(asked_of), hand)), where(compare(prop(rank, it()), =, name(asked)))))'),
    ('value', '(hand number - 1) % 4', 'arith(arith(unit_number(hand), -, number(1)), %, number(4))'),
    ('value', 'score of it / 2', 'arith(prop(score, it()), /, number(2))'),
    ('condition', 'trick number = 1 and hearts_broken = 0', 'all_of(compare(unit_number(trick), =, number(1)), compare(name(hearts_broken), =, number(0)))'),
    ('script', 'set called to named', 'set_table(called, name(named))'),
    ('script', 'increase hearts_broken by 1', 'increase_table(hearts_broken, number(1))'),
    ('script', 'decrease pot by 3', 'decrease_table(pot, number(3))'),
    ('script', 'create a "Soldier" token', 'create(one(), "Soldier", -, -, -)'),
    ('script', 'create 2 "Silver Hand Recruit" tokens under opponent\'s control', 'create(number(2), "Silver Hand Recruit", under(opponent(), control), -, -)'),
    ('script', 'create a "The Coin" token into p\'s hand', 'create(one(), "The Coin", -, prop_of(name(p), hand), -)'),
    ('script', 'create a "Spirit" token under its owner\'s control as spirit', 'create(one(), "Spirit", under(prop_of(it(), owner), control), -, spirit)'),
    ('script', 'reverse the turn order', 'reverse_order()'),
    ('script', 'skip the next turn of next player', 'skip_turn(next_player())'),
    ('script', 'you take an extra turn', 'extra_turn(you())'),
    ('script', 'that player takes an extra turn', 'extra_turn(that(player))'),
    ('script', 'taker leads the next trick', 'leads(name(taker), trick)'),
    ('script', 'you finish', 'finishes(you())'),
    ('script', 'p sits out this hand', 'sits_out(name(p), hand)'),
    ('script', 'the game ends', 'game_ends()'),
    ('script', 'reveal given', 'reveal(objects(name(given)), -)'),
    ('script', 'reveal the top card of your deck to you', 'reveal(objects(top_one(card, prop_of(you(), deck))), you())'),
    ('script', 'announce "{taker} takes the trick with {best}"', 'announce("{taker} takes the trick with {best}", -)'),
    ('script', 'announce "you hold {count of cards in your hand} cards" to you', 'announce("you hold {count of cards in your hand} cards", you())'),
    ('script', "that creature's controller draws a card", 'draw(prop_of(that(creature), controller), one(), card, -)'),
    ('script', "deal that amount damage to that source's controller", 'deal(that(amount), prop_of(that(source), controller), -, -)'),
    ('script', 'draw a card as fished', 'draw_you(one(), card, fished)'),
    ('script', 'p draws 2 cards as drawn', 'draw(name(p), number(2), cards, drawn)'),
    ('script', 'deal attack of attacker damage to guard from attacker as combat', 'deal(prop(attack, name(attacker)), name(guard), name(attacker), combat)'),
    ('trigger', 'whenever a creature dies', 'on_die(selector(words(a, creature), -))'),
    ('trigger', 'whenever a creature you control dies', 'on_die(selector(words(a, creature), controlled_by(you()), -))'),
    ('trigger', 'when this dies', 'on_die(selector(words(this), -))'),
    ('trigger', 'when this enters board from hand', 'on_enter(selector(words(this), -), name(board), name(hand))'),
    ('trigger', 'whenever this is dealt damage', 'on_damaged(selector(words(this)))'),
    ('trigger', 'whenever a creature you control is dealt damage', 'on_damaged(selector(words(a, creature), controlled_by(you())))'),
    ('trigger', 'whenever this deals combat damage to a player', 'on_deals(selector(words(this), -), combat, selector(words(a, player), -))'),
    ('trigger', 'whenever this deals damage', 'on_deals(selector(words(this), -), -, -)'),
    ('trigger', 'whenever a creature becomes attacking', 'on_mark(selector(words(a, creature), -), attacking)'),
    ('trigger', 'at the end of your turn', 'on_end(turn)'),
    ('trigger', 'at the beginning of each trick', 'on_begin(trick)'),
    ('trigger', 'whenever a creature where it is tapped dies', 'on_die(selector(words(a, creature), where(is_word(it(), -, tapped, -))))'),
    ('script', 'damage that would be dealt to this this turn is dealt to its controller instead', 'redirect(this(), this_duration(turn), prop_of(it(), controller))'),
    ('script', 'put each top 3 cards of your deck into your hand', 'put(each(top_cards(number(3), cards, prop_of(you(), deck), -)), prop_of(you(), hand), -)'),
    ('script', 'for each c in top 2 cards of deck:\n  reveal c', 'for_each(c, top_cards(number(2), cards, name(deck), -), block(reveal(objects(name(c)), -)))'),
    ('script', 'for each c in top 2 cards of deck where it is x:\n  reveal c', 'for_each(c, top_cards(number(2), cards, name(deck), where(is_word(it(), -, x, -))), block(reveal(objects(name(c)), -)))'),
    ('script', 'next player draws a card', 'draw(next_player(), one(), card, -)'),
    ('script', 'mark it as blocking next_one', 'mark(objects(it()), blocking, name(next_one), -)'),
    # Continuous effects (layers) and costs of a kind.
    ('script', 'remove flying from target until end of turn', 'loses_keyword(flying, objects(name(target)), until_end(turn))'),
    ('script', 'remove every keyword from it', 'loses_keywords(objects(it()), -)'),
    ('script', 'remove x plus_one counters from it', 'remove_counters(name(x), plus_one, counters, objects(it()))'),
    ('script', 'make it into a creature', 'also_type(objects(it()), creature, -)'),
    ('script', 'make each land in battlefield into only an artifact until end of turn', 'only_type(each(selector(words(land), location(name(battlefield)), -)), artifact, until_end(turn))'),
    ('script', 'switch power and toughness of target until end of turn', 'switch_values(power, toughness, objects(name(target)), until_end(turn))'),
    ('script', 'set power of target to 0 this turn', 'set_value(power, objects(name(target)), number(0), this_duration(turn))'),
    ('script', 'you gain control of target until end of turn', 'gain_control(you(), objects(name(target)), until_end(turn))'),
    ('script', 'prevent the next 3 damage to target this turn', 'prevent_next(number(3), name(target), this_duration(turn))'),
    ('script', 'pay 2 red mana', 'pay(number(2), red, mana)'),
    ('script', 'pay (cost of this) mana', 'pay(prop(cost, this()), mana, -)'),
    ('script', 'increase commander_damage of (defender, attacker) by given', 'increase(commander_damage, objects(pair(name(defender), name(attacker))), name(given), -)'),
    ('condition', 'commander_damage of (p, it) >= 21', 'compare(prop(commander_damage, pair(name(p), it())), >=, number(21))'),
]


@pytest.mark.parametrize("start, text, tree", SENTENCES, ids=[s[1][:40] for s in SENTENCES])
def test_a_sentence_parses_to_its_tree(start, text, tree):
    parsed = dsl.parse(text, start)
    assert show(parsed.children[0] if start == "script" else parsed) == tree


KEYWORDS_AS_NAMES = [
    ("deal 2 damage to first", "script", (1, 18, "first")),
    ("let x be top", "script", (1, 10, "top")),
    ("score of it + lowest", "value", (1, 15, "lowest")),
    ("highest", "value", (1, 1, "highest")),
]


@pytest.mark.parametrize("text, start, where", KEYWORDS_AS_NAMES)
def test_a_word_of_the_language_where_a_name_was_meant_is_named(text, start, where):
    line, column, word = where
    with pytest.raises(dsl.DslSyntaxError) as e:
        dsl.parse(text, start)
    assert (e.value.line, e.value.column, e.value.message) == (
        line, column, f'"{word}" is a word of the language and cannot name a variable here')


def test_a_word_of_the_language_is_a_name_where_no_keyword_can_stand():
    assert show(dsl.parse("let first be 1").children[0]) == "let(first, number(1))"
    assert show(dsl.parse("choose a card as order").children[0]) == \
        "choose(-, one(), targets(selector(words(card), -)), order, -, -)"


def test_a_missing_part_after_a_keyword_is_not_blamed_on_the_keyword():
    with pytest.raises(dsl.DslSyntaxError) as e:
        dsl.parse("if it is in:\n  stop")
    assert e.value.message == 'unexpected ":"; expected "(", a name, the end of the line'



@pytest.mark.parametrize("text, expected", [
    # An "if" statement wants its colon, a value that depends on a condition its "then".
    ("if turn > 1\n  stop", 'expected ":"'),
    ("let x be if turn > 1\nstop", 'expected "then"'),
    ("deal if turn > 1 damage to it", 'expected "then"'),
    ("if if turn > 1 then true else false\n  stop", 'expected ":"'),
])
def test_an_if_is_told_the_colon_of_a_statement_or_the_then_of_a_value(text, expected):
    with pytest.raises(dsl.DslSyntaxError) as e:
        dsl.parse(text)
    assert e.value.message.split("; ")[1] == f"{expected}, the end of the text"
