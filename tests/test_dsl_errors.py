"""Effect texts with mistakes, each put into a card of a small valid pack
(tests/data/tinypack): the exact message of every problem at its exact place, given
as line:column within the text."""
from __future__ import annotations

import re
import shutil
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.lang.dsl import DslSyntaxError, _words, parse
from cardtable.interpreter.lang.registry import ELSEWHERE
from cardtable.interpreter.packs.loader import PackError, load_pack

PACK = Path(__file__).parent / "data" / "tinypack"
PLACE = "effect: deal 2 damage to target"     # the effect of the card Zap
INDENT = 10                                    # of the text under "effect: |"


def problems(snippet: str, folder: Path, place: str = PLACE) -> list[str]:
    shutil.copytree(PACK, folder)
    cards = folder / "cards" / "base.yaml"
    text = cards.read_text(encoding="utf-8")
    assert place in text
    first = text[: text.index(place)].count("\n") + 2
    body = "\n".join(" " * INDENT + line if line else "" for line in snippet.split("\n"))
    cards.write_text(text.replace(place, place.split(":")[0] + ": |\n" + body), encoding="utf-8")
    report = Report()
    try:
        load_pack(str(folder), report)
    except PackError:
        pass
    assert {p.file for p in report.problems} <= {str(cards)}
    return [f"{p.line - first + 1}:{p.col - INDENT}: {p.message}" for p in report.problems]


def test_the_pack_is_valid_as_it_is(tmp_path):
    assert problems("deal 2 damage to target", tmp_path / "pack") == []


SYNTAX = [
    ("@@@ !!", ['1:1: unexpected character "@"']),
    # A where clause is a conjunction, as "or" joins the targets a statement may take.
    ("tap each creature in play where it is tapped or it is attacking",
     ['1:46: a "where" clause joins its tests with "and"; for "or", put them in parentheses: "where (A or B)"']),
    ("tap each creature in play where it = target or it = this",
     ['1:45: a "where" clause joins its tests with "and"; for "or", put them in parentheses: "where (A or B)"']),
    # A loop goes through either of several selectors: the "or" of a where is told apart.
    ("for each c in cards in hand where its suit = hearts or its suit = spades:\n  reveal c",
     ['1:53: a "where" clause joins its tests with "and"; for "or", put them in parentheses: "where (A or B)"']),
    ("let x be all cards in hand where it is tapped or it is attacking",
     ['1:47: a "where" clause joins its tests with "and"; for "or", put them in parentheses: "where (A or B)"']),
    ("tap each creature in play where (it is tapped) or (it is attacking)",
     ['1:48: a "where" clause joins its tests with "and"; for "or", put them in parentheses: "where (A or B)"']),
    ("choose up to one card in your hand where (it is tapped) or (it is attacking) as picked",
     ['1:57: a "where" clause joins its tests with "and"; for "or", put them in parentheses: "where (A or B)"']),
    ("choose up to one card c in your hand where any (cards in play where its cost = cost of c) or any (cards in "
     "discard where its cost = cost of c) as picked",
     ['1:91: a "where" clause joins its tests with "and"; for "or", put them in parentheses: "where (A or B)"']),
    # A number worked out from others, where a statement counts things, is in parentheses.
    ("draw 6 - count of cards in your hand cards",
     ['1:6: a number worked out from others is written in parentheses here: "draw (6 - count of cards in your hand) '
      'cards"']),
    ("draw count of cards in your hand / 2 cards",
     ['1:6: a number worked out from others is written in parentheses here: "draw (count of cards in your hand / 2) '
      'cards"']),
    ("tap each creature in play where (it is tapped or it is attacking)", []),
    ("tap each creature in play where ((it is tapped) or (it is attacking))", []),
    # Cards a selector picks, where a statement acts on cards, are written after "all" (or "each").
    ("unmark cards in play as attacking",
     ['1:8: "cards in ..." picks cards or players: write "all" before it ("all cards in ...") for the statement '
      'to act on each of them']),
    ("untap untapped creatures you control",
     ['1:7: "untapped creatures ..." picks cards or players: write "all" before it ("all untapped creatures '
      '...") for the statement to act on each of them']),
    ("unmark all cards in play as attacking", []),
    ("tap cards in opponent's hand",
     ['1:5: "cards in opponent\'s ..." picks cards or players: write "all" before it ("all cards in opponent\'s '
      '...") for the statement to act on each of them']),
    ("put top 2 cards of your deck into your hand",
     ['1:5: "top 2 ..." picks cards or players: write "all" before it ("all top 2 ...") for the statement to act '
      'on each of them']),
    ("put each card in top 2 cards of your deck into your hand",
     ['1:5: "top 2 cards of ZONE" picks the cards itself: write "all top 2 cards of ..." for them']),
    ("put all top 2 cards of your deck into your hand", []),
    # A misspelt word of the language: the word expected there, or the word that begins a statement.
    ("repeat 2 time: draw a card", ['1:10: unexpected "time"; did you mean "times"?']),
    ("tap each creature in play\nshufle your deck", ['2:1: "shufle" begins no statement; did you mean "shuffle"?']),
    ("foreach p in players:\n    p draws 1 card", ['1:1: "foreach" begins no statement; did you mean "for each"?']),
    # "lett" reads as a player, and "take" of "taker" as the verb of "takes an extra turn".
    ("lett taker be target\ndraw a card", ['1:1: "lett" begins no statement; did you mean "let"?']),
    ("let n be 2\nn taker", ['2:3: unexpected "taker"; expected "a", "an", the end of the line']),
    # The player who acts is "dealer's left": "left of dealer" is a value, not a subject.
    ("left of opponent draws a card", ['1:1: "left of opponent" cannot begin a statement: write the player who acts '
                                       'as "opponent\'s left"']),
    ("first of (players where it != you) leads the next trick",
     ['1:1: "first of ..." is a value and cannot begin a statement, whose player is a name: name the player first: '
      '"let who be first of (players where it != you)", then "who leads the next trick"']),
    ("let who be first of (players where it != you)\nwho draws a card", []),
    ("last of players draws a card",
     ['1:1: "last of ..." is a value and cannot begin a statement, whose player is a name: name the player first '
      '("let who be last of ..."), then begin the statement with that name']),
    ("right of you draws a card", ['1:1: "right of you" cannot begin a statement: write the player who acts '
                                   'as "your right"']),
    # A player a selector picks ("the next player still in") acts once a variable names it.
    ("first of (players where life of it > 0) draws a card",
     ['1:1: "first of ..." is a value and cannot begin a statement, whose player is a name: name the player first: '
      '"let who be first of (players where life of it > 0)", then "who draws a card"']),
    ("for each p in players:\n  last of players draws a card",
     ['2:3: "last of ..." is a value and cannot begin a statement, whose player is a name: name the player first '
      '("let who be last of ..."), then begin the statement with that name']),
    # A word of the language out of place is not taken for a misspelt one ("it" for "sit",
    # "its" for "is"), nor said to begin no statement when it begins some ("it").
    ("it deals 2 damage to opponent", ['1:4: unexpected "deals"; expected "\'s"']),
    ("put it its into your hand", ['1:8: unexpected "its"; expected "\'s", ")", ",", ":", "among", "and", "as", '
                                   '"become", ...']),
    ("draws a card", ['1:1: "draws" begins no statement; did you mean "draw"?']),
    ("if count of (creatures in play where it is tapped) > 1 or turn > 2: draw a card", []),
    ("draw (1 + 2 cards", ['1:6: this "(" is never closed']),
    ("if turn > 1:\n    draw a card\n  draw a card",
     ["3:3: this line is indented by 2, which lines up with no block above it (those are indented by 0 or 4)"]),
    ("draw a card\n  draw a card", ['2:3: this line is indented, but the line above does not end with ":" to open a block']),
    ("if turn > 1:", ['1:13: expected an indented block under this line, which ends with ":"']),
    # Its lines written without their indent (they said only "unexpected "draw"; expected the end of the line").
    ("draw a card\nif turn > 1:\ndraw a card", ['2:13: expected an indented block under this line, which ends with ":"']),
    ("for each p in players:\n  if turn > 1:\n  p draws a card",
     ['2:15: expected an indented block under this line, which ends with ":"']),
    ("if turn > 1: draw a card\ndraw a card", []),
    ('draw "x" cards', ['1:6: unexpected text "x"; expected "(", a name, a number, the end of the line']),
    # Every statement's syntax error, not only the first.
    ("draw a card\n@@\ndeal 2 damage to (target\ndraw a card)",
     ['2:1: unexpected character "@"', '3:18: this "(" is never closed',
      '4:12: unexpected ")"; expected "as", the end of the line']),
    # Comments and blank lines may be indented anyhow.
    ("# a\n  # b\ndraw a card  # c\n\nif turn > 1:\n    # d\n  # e\n    draw a card", []),
]

UNKNOWN_NAMES = [
    ("mark this as atacking until end of turm",
     ['1:14: unknown mark "atacking"; did you mean "attacking"?', '1:36: unknown duration "turm"; did you mean "turn"?']),
    ("add 1 charg counter to this", ['1:7: unknown counter "charg"; did you mean "charge"?']),
    ("set lif of you to 3", ['1:5: unknown counter "lif"; did you mean "life"?']),
    ("put this into plya", ['1:15: "plya" is not a zone of the pack; did you mean "play"?']),
    # A word of the language that stands for a value, misspelt.
    ("deal 2 damage to yuo", ['1:18: unknown name "yuo"; did you mean "you"?']),
    # A name unknown in a text is said once, where it is first written.
    ("deal 2 damage to victim\nif victim != none:\n  deal 1 damage to victim\n  tap victim",
     ['1:18: unknown name "victim" (and 3 more places in this text)']),
    ("deal 2 damage to victim\ndeal 1 damage to victm",
     ['1:18: unknown name "victim"', '2:18: unknown name "victm"']),
    ("deal 2 damage to opponnet", ['1:18: unknown name "opponnet"; did you mean "opponent"?']),
    ("if window is mian: draw a card", ['1:14: unknown phase, step or window "mian"; did you mean "main"?']),
    ("if phase is drwa: draw a card", ['1:13: unknown phase, step or window "drwa"; did you mean "draw"?']),
    ("window man", ['1:8: unknown window "man"; did you mean "main"?']),
    ("if this is flyng: draw a card", ['1:12: unknown card type, mark or keyword "flyng"; did you mean "flying"?']),
]

TYPES = [
    # Both sides of a comparison reading the same: inside a "where", "it" is its own card.
    ("if any (cards in play where its cost = cost of it): draw a card",
     ['1:29: both sides of "=" read the same, "its cost", so it always holds: inside a "where", "it" is what that '
      'where is about; to read the card an outer "where" is about, name it after its noun: "a card c in your hand '
      'where any (cards in melds where its rank = rank of c)"']),
    # The item of a "where" named after its noun, read inside the clause only.
    ("if any (cards c in play where any (cards in play where its cost = cost of c and it != c)): draw a card", []),
    ("if any (creatures c in play where cost of c > 1): draw a card", []),
    ("if any (cards c in play where cost of c > 1) and cost of c > 1: draw a card",
     ['1:58: unknown name "c"']),
    ("for each c in cards in play:\n  if any (cards c in play where cost of c > 1): draw a card",
     ['2:17: "c" is a variable here (line 22): a name for each card of a "where" may not hide it; name it otherwise']),
    ("if any (cards c in play where any (cards c in play where cost of c > 1)): draw a card",
     ['1:42: "c" is a variable here (line 22): a name for each card of a "where" may not hide it; name it otherwise']),
    ("if any (cards hand in play where cost of hand > 1): draw a card",
     ['1:15: "hand" is a zone: a variable named so would hide it in the rest of this text; name it otherwise',
      '1:34: "cost of ..." needs a card or a player, not a zone']),
    ("if any (cards c in play where its cost > 1): draw a card",
     ['1:15: "c" after "cards" names each card in its "where", which does not read it: a word that narrows the '
      'cards comes before "cards"']),
    ("tap each creature tappd in play",
     ['1:19: "tappd" is not a word of the language; did you mean "tapped"? (a word that narrows the creature comes '
      'before "creature")']),
    ("tap each creature bob in play",
     ['1:19: "bob" after "creature" would name each creature inside a "where" clause, and there is none: a word '
      'that narrows the creature comes before "creature"']),
    ("if any (cards c in play where c = 3): draw a card",
     ['1:31: "c = 3" compares a card with a number: they are never equal']),
    ("if turn != turn: draw a card", ['1:4: both sides of "!=" read the same, "turn", so it never holds']),
    # A variable let be none is of the kind a later line gives it, from its first line on.
    ("let best be none\nfor each c in cards in play:\n  if best = none or cost of c > cost of best: let best be c", []),
    ("let best be none\nif cost of best > 2: draw a card",
     ['2:4: "cost of ..." needs a card or a player, and "best" only ever holds none: a variable let be none takes its '
      'kind from the values later lines give it, and no line of this text gives "best" one ("let best be p")']),
    ("if a random number from 1 to 6 = a random number from 1 to 6: draw a card", []),
    ("for each c in cards in play:\n  if any (cards in play where its cost = cost of c): draw a card", []),
    ("deal 2 damage to your hand", ['1:18: damage needs a creature or player target, but "your hand" is a zone']),
    ('deal "x" damage to target', ['1:6: the damage must be a number, but "x" is a text']),
    ("if 3: draw a card", ['1:4: the condition of "if" must be a condition, but "3" is a number']),
    ("draw target cards", ['1:6: how many cards must be a number, but "target" is a card or a player']),
    ("tap opponent", ['1:5: tap needs cards, but "opponent" is a player']),
    ("repeat opponent times: draw a card", ['1:8: how many times must be a number, but "opponent" is a player']),
    ("pay 2 gold", ['1:1: "pay 2 gold" is a cost: write it under "cost"']),
    ("draw a crad", ['1:8: write "card" here, not "crad"']),
    ("opponent draws 2 crads", ['1:18: write "cards" here, not "crads"']),
    ("if not 3 is not empty: draw a card",
     ['1:8: only a zone or a set of cards or players can be empty, but "3" is a number']),
    ('if "x" is empty: draw a card', ['1:4: only a zone or a set of cards or players can be empty, but "x" is a text']),
    ("tap none", ['1:5: tap needs cards, but "none" is no card or player']),
    ("let x be none\ntap x", ['2:5: tap needs cards, but "x" is no card or player']),
    ("deal 2 damage to none", ['1:18: damage needs a creature or player target, but "none" is no card or player']),
    # A number is not a card, though a game keeps each card as a number.
    ("if 3 is in hand: draw a card", ['1:4: "is in" needs a card, but "3" is a number']),
    ("if you is in hand: draw a card", ['1:4: "is in" needs a card, but "you" is a player']),
    ("if 3 has flying: draw a card", ['1:4: "has" needs a card, but "3" is a number']),
    ("if -1 entered this turn: draw a card", ['1:4: "entered this turn" needs a card, but "-1" is a number']),
    ("if you changed control this turn: draw a card", ['1:4: "changed control this turn" needs a card, but "you" is a player']),
    ("deal 2 damage to target from 3", ['1:30: the source of damage needs a card or a player, but "3" is a number']),
    ("prevent all damage to 3 this turn", ['1:23: prevented damage needs a card or a player, but "3" is a number']),
    ("damage that would be dealt to target this turn is dealt to 3 instead",
     ['1:60: redirected damage needs a card or a player, but "3" is a number']),
    # Whether a player sits out: of a player only, "sitting" the word.
    ("if you sits out and opponent is not sitting out: draw a card", []),
    ("if this sits out: draw a card", ['1:4: who may sit out must be a player, but "this" is a card']),
    ("if this is tapped out: draw a card",
     ['1:12: "is tapped out" is not a test: "this is sitting out" tests whether a player sits out']),
    # The none of "up to one" named after "or": only where there is a none to name, in plain words.
    ('choose up to one card in your hand as picked "play a card" or "pass"\ndiscard picked', []),
    ('choose a card in your hand as picked or "pass"\ndiscard picked',
     ['1:38: "pass" names the answer that picks nothing, which only "choose up to one" offers: "choose a ..." takes '
      'one when there is one']),
    ('choose up to 2 cards in your hand as picked or "pass"\ndiscard picked',
     ['1:45: "pass" names the answer that picks nothing, which only "choose up to one" offers']),
    ('choose one of 1, 2 as picked or "pass"\ndeal picked damage to you',
     ['1:30: "pass" names the answer that picks nothing, which only "choose up to one" offers: "choose a ..." takes '
      'one when there is one']),
    ('choose an order of cards in your hand as picked or "pass"\ndiscard picked',
     ['1:49: "pass" names the answer that picks nothing, which only "choose up to one" offers: "choose a ..." takes '
      'one when there is one']),
    ('choose up to one card in your hand as picked "beat one" or "take {thiss}"\ndiscard picked',
     ['1:67: unknown name "thiss"; did you mean "this"?']),
    ('choose up to one number from 1 to 3 as picked or " "\ndeal picked damage to you',
     ['1:47: the answer that picks nothing is named in words: or "pass"']),
    ('choose up to one number from 1 to 3 as picked or "pass {picked"\ndeal picked damage to you',
     ['1:56: this "{" is never closed']),
]


CARD_NOUN = ('"card" is a word of selectors: a variable named so would change what "card" means in the rest of '
                 'this text ("each card in ..." would go through the variable); name it otherwise')


# A variable may not be named by a word the language reads wherever a value may stand:
# it could never be read back ("deal x damage to you" would mean the player).
RESERVED_NAMES = [
    ("let you be 3", ['1:5: "you" is a word of the language and cannot name a variable: name it otherwise']),
    ("choose a creature in play as it\ntap it",
     ['1:30: "it" is a word of the language and cannot name a variable: name it otherwise',
      '2:5: "it" refers to what a "where" clause is about, and here there is none']),
    ("for each count in creatures in play:\n  draw a card",
     ['1:10: "count" is a word of the language and cannot name a variable: name it otherwise']),
    ("divide 3 among creatures in play as all\ndraw a card",
     ['1:37: "all" is a word of the language and cannot name a variable: name it otherwise']),
    # Lines that do not parse because of the name ("the" is skipped): told where it is named only.
    ("let the be 2\ndraw the cards",
     ['1:5: "the" is a word of the language and cannot name a variable: name it otherwise']),
    ("let the be 2\ndraw the cards\nshufle your deck",
     ['1:5: "the" is a word of the language and cannot name a variable: name it otherwise',
      '3:1: "shufle" begins no statement; did you mean "shuffle"?']),
    # A noun of selectors, and a word that begins a value ("card k of ZONE", "top card of
    # ZONE"), is read as the language's where a value stands: told where it is named, not
    # where the variable would be read (the lines that would parse had it another name).
    ("let card be target\ntap card\nput card into your hand",
     [f'1:5: {CARD_NOUN}']),
    ("for each card in cards in your hand:\n  reveal card", [f'1:10: {CARD_NOUN}']),
    ("choose a card in your hand as card\ndiscard card", [f'1:31: {CARD_NOUN}']),
    ('let card be target\nannounce "{card} is hit"', [f'1:5: {CARD_NOUN}']),
    ("let top be this\ntap top", ['1:5: "top" is a word of the language, which begins a value ("top N cards of '
                                  'ZONE"): a variable named so could not be read where a value stands; name it '
                                  'otherwise']),
    ("draw a card as first\nput first into your hand",
     ['1:16: "first" is a word of the language, which begins a value ("first of SELECTOR"): a variable named so '
      'could not be read where a value stands; name it otherwise']),
    # Read as a number of cards, it would be read: it is refused all the same.
    ("let lowest be 2\ndraw lowest cards",
     ['1:5: "lowest" is a word of the language, which begins a value ("lowest NAME of SELECTOR"): a variable named '
      'so could not be read where a value stands; name it otherwise']),
    # So is a word that begins a selection ("sets of cards in ..."), where a loop reads it.
    ("let sets be all cards in your hand\nfor each c in sets:\n  reveal c",
     ['1:5: "sets" is a word of the language, which begins a value ("sets of SELECTOR"): a variable named so '
      'could not be read where a value stands; name it otherwise']),
    # Without a variable of that name, the word is told where it is read.
    ("tap first", ['1:5: "first" is a word of the language and cannot name a variable here']),
]

# The verbs of other tools name the statement that does it here; a word spelt like one of
# the language's is said to be misspelt only where it may be a slip of it ("move" is no
# "remove", "hand" no "and") and the word mends the statement.
SEARCH = ('1:1: "search" is not a statement; to look through cards a player does not see (their library) write '
          '"look(s) at CARDS"; to then have them pick some write "choose(s) QUANTITY SELECTOR as NAME"')
OTHER_TOOLS = [
    ("move it into your hand", ['1:1: "move" is not a statement; to move cards write "put CARDS into ZONE"']),
    ("send this to your discard", ['1:1: "send" is not a statement; to move cards write "put CARDS into ZONE"']),
    ("draw a card\nif turn > 1: return this to your hand",
     ['2:14: "return" is not a statement; to move cards write "put CARDS into ZONE"']),
    ("you move this to your hand", ['1:5: "move" is not a statement; to move cards write "put CARDS into ZONE"']),
    ("give 2 damage to target", ['1:1: "give" is not a statement; to deal damage write "deal N damage to TARGET"; to '
                                 'raise a counter (life) or a property write "increase NAME of X by N"']),
    ("heal 3", ['1:1: "heal" is not a statement; to raise a counter (life) or a property write "increase NAME of X by N"']),
    ("destroy target", ['1:1: "destroy" is not a statement; to put cards into their owner\'s discard zone write '
                        '"discard CARDS"']),
    ("search your deck", [SEARCH]),
    # A word of the language is another tool's only where its own statement is not meant.
    ("add this to your hand", ['1:1: "add" is only the verb of "add N NAME counters to CARDS": to move cards write '
                               '"put CARDS into ZONE"']),
    ("gain 3 life", ['1:1: "gain" is only the verb of "PLAYER gains control of CARDS": to raise a counter (life) or '
                     'a property write "increase NAME of X by N"']),
    ("opponent loses 2 life", ['1:10: "loses" is only the verb of "PLAYER loses the game": to lower a counter (life) '
                               'or a property write "decrease NAME of X by N"']),
    ("add 1 charge counters to this this", ['1:31: unexpected "this"; expected "as", "by", "face", "into", "on", "to", '
                                            '"until", the end of the line']),
    ("you gain cotnrol of target", ['1:10: unexpected "cotnrol"; did you mean "control"?']),
    ("you lose the gaem", ['1:14: unexpected "gaem"; did you mean "game"?']),
    ("dicard this", ['1:1: "dicard" begins no statement; did you mean "discard"?']),
    ("send a card", ['1:1: "send" is not a statement; to move cards write "put CARDS into ZONE"']),
    ("if your hand hand is empty: draw a card", ['1:14: unexpected "hand"; expected "\'s", ")", ",", ":", "among", '
                                                 '"and", "as", "become", ...']),
    ("spend 2 gold", ['1:1: "spend" is not a statement; to pay a cost write "pay N CURRENCY"']),
    # Common effects as a newcomer from Forge or a card game's text writes them.
    ("add 3 life to you", ['1:1: "add" is only the verb of "add N NAME counters to CARDS": to raise a counter (life) '
                           'or a property write "increase NAME of X by N"']),
    ("each opponent loses 2 life", ['1:15: "loses" is only the verb of "PLAYER loses the game": to lower a counter '
                                    '(life) or a property write "decrease NAME of X by N"']),
    ("target player gains 3 life", ['1:15: "gains" is only the verb of "PLAYER gains control of CARDS": to raise a '
                                    'counter (life) or a property write "increase NAME of X by N"']),
    ("each player draws a card", ['1:1: "each player" names several players where a statement takes one; for each of '
                                  'them write "for each p in players: p draws a card"']),
    ("if turn > 1: deal 3 damage to each opponent",
     ['1:31: "each opponent" names several players where a statement takes one; for each of them write '
      '"for each p in opponents: deal 3 damage to p"']),
    ("target player draws 2 cards", ['1:1: "target player": an ability declares its targets (targets: {target: '
                                     'player}) and its effect names one; in the effect write "target draws 2 cards"']),
    ("untap target creature", ['1:7: "target creature": an ability declares its targets (targets: {target: '
                               'creature}) and its effect names one; in the effect write "untap target"']),
    ("deal 2 damage to target creature or player",
     ['1:18: "target creature or player": an ability declares its targets (targets: {target: creature or player}) '
      'and its effect names one; in the effect write "deal 2 damage to target"']),
    ("opponent discards a card", ['1:10: "discards" is said of cards here; to have opponent discard cards of their '
                                  'choice write "opponent chooses a card in opponent\'s ZONE as discarded", then '
                                  '"discard discarded"']),
    ("you discard 2 cards in your hand", ['1:5: "discard" is said of cards here; to discard cards of your choice write '
                                          '"you choose 2 cards in your hand as discarded", then "discard discarded"']),
    # Several players, each doing what is written otherwise: the loop holds what is written in its place.
    ("each opponent discards a card",
     ['1:1: "each opponent" names several players where a statement takes one, and "discards" is said of cards '
      'here; to have each of them discard cards of their choice write "for each p in opponents:" and under it '
      '"p chooses a card in p\'s ZONE as discarded", then "discard discarded"']),
    # Only where what is written in its place parses.
    ("each opponent discards", ['1:6: unexpected "opponent"; expected "\'s", "choose", "chooses", "draw", "draws", '
                                '"finish", "finishes", "for", ...']),
    ("shuffle your graveyard into your library",
     ['1:1: "shuffle" shuffles a zone; to shuffle cards into one write "put all cards in your graveyard into your '
      'library", then "shuffle your library"']),
    ("destroy target creature", ['1:1: "destroy" is not a statement; to put cards into their owner\'s discard zone '
                                 'write "discard CARDS"']),
    ("return target creature to its owner's hand",
     ['1:1: "return" is not a statement; to move cards write "put CARDS into ZONE"']),
    ("search your library for a creature card", [SEARCH]),
    # A word of the language after "target" goes on the statement: no target is told.
    ("deal 2 damage to target from this as fire extra", ['1:43: unexpected "extra"; expected the end of the line']),
]

# "you lose the game" is English; the third person ("you loses") was once the only form.
PERSONS = [
    ("you lose the game", []),
    ("you win the game", []),
    ("opponent loses the game", []),
    ("opponent wins the game", []),
]


@pytest.mark.parametrize("snippet, expected", SYNTAX + OTHER_TOOLS + UNKNOWN_NAMES + TYPES + RESERVED_NAMES + PERSONS,
                         ids=[s for s, _ in SYNTAX + OTHER_TOOLS + UNKNOWN_NAMES + TYPES + RESERVED_NAMES + PERSONS])
def test_snippet(snippet, expected, tmp_path):
    assert problems(snippet, tmp_path / "pack") == expected


@pytest.mark.parametrize("options, message", [
    ("  starting_life: {default: 10, min: 1}\n  hand_size: {default: 3, max: starting_lfe}",
     '14:32: the max of option "hand_size" is a number or another number option, not "starting_lfe"; '
     'did you mean "starting_life"?'),
    ("  starting_life: {default: 10, min: 1}\n  hand_size: {default: 12, max: starting_life}",
     '14:24: the default is out of bounds: option "hand_size" must be at most starting_life (10), not 12'),
])
def test_an_option_bound_may_name_another_option(tmp_path, options, message):
    shutil.copytree(PACK, tmp_path / "pack")
    yaml = tmp_path / "pack" / "pack.yaml"
    text = yaml.read_text(encoding="utf-8")
    yaml.write_text(text.replace("  starting_life: {default: 10, min: 1}\n", options + "\n"), encoding="utf-8")
    report = Report()
    with pytest.raises(PackError):
        load_pack(str(tmp_path / "pack"), report)
    assert [f"{p.line}:{p.col}: {p.message}" for p in report.problems] == [message]


def test_every_default_out_of_its_bounds_is_told(tmp_path):
    shutil.copytree(PACK, tmp_path / "pack")
    yaml = tmp_path / "pack" / "pack.yaml"
    text = yaml.read_text(encoding="utf-8")
    options = ("  starting_life: {default: 10, min: 1}\n  hand_size: {default: 12, max: starting_life}\n"
               "  discards: {default: -1, min: 0}\n")
    yaml.write_text(text.replace("  starting_life: {default: 10, min: 1}\n", options), encoding="utf-8")
    assert located(tmp_path / "pack") == [
        '14:24: the default is out of bounds: option "hand_size" must be at most starting_life (10), not 12',
        '15:23: the default is out of bounds: option "discards" must be at least 0, not -1']


def located(folder: Path, by_file: bool = False) -> list[str]:
    """The problems of the pack in `folder`, as LINE:COL: MESSAGE (FILE:LINE:COL: MESSAGE
    `by_file`)."""
    report = Report()
    try:
        load_pack(str(folder), report)
    except PackError:
        pass
    return [f"{Path(p.file).name + ':' if by_file else ''}{p.line}:{p.col}: {p.message}" for p in report.problems]


COST = "cost: pay 1 gold"       # the cost of Zap


@pytest.mark.parametrize("snippet, expected", [
    ("if true: tap this", ['1:1: "if true: tap this" cannot be a cost: a cost pays a currency, taps, discards, '
                           'sacrifices or removes counters']),
    ("tap this\nfor each x in cards in your hand: tap x",
     ['2:1: "for each x in cards in your hand: tap x" cannot be a cost: a cost pays a currency, taps, discards, '
      'sacrifices or removes counters']),
    ("if true:\n    tap this\n    tap this", ['1:1: "if true: ..." cannot be a cost: a cost pays a currency, taps, '
                                             'discards, sacrifices or removes counters']),
    ('you may "x": tap this', ['1:1: "you may "x": tap this" cannot be a cost: a cost pays a currency, taps, discards, '
                               'sacrifices or removes counters']),
])
def test_a_statement_with_a_block_is_no_cost(snippet, expected, tmp_path):
    assert problems(snippet, tmp_path / "pack", COST) == expected


@pytest.mark.parametrize("snippet, place, expected", [
    ("sacrifice a creature you control in play\ndiscard 2 cards in your hand\ntap an untapped creature you control",
     COST, []),
    ("sacrifice a player", COST, ['1:13: sacrifice needs cards, but "player" is a set of players']),
    ("discard (opponent) cards in your hand", COST,
     ['1:10: how many cards to discard must be a number, but "opponent" is a player']),
    ("tap 0 creatures you control", COST, ['1:5: a cost picks at least one card to tap, not 0']),
    ("pay 1 gold\nsacrifice a creature you control", PLACE,
     ['1:1: "pay 1 gold" is a cost: write it under "cost"',
      '2:11: "sacrifice a creature you control" picks its cards as a cost is paid, and only a cost can: in an '
      'effect, choose them first ("choose a creature you control as picked", then "sacrifice picked")']),
    ("discard 2 cards in your hand face down", PLACE,
     ['1:9: "discard 2 cards in your hand" picks its cards as a cost is paid, and only a cost can: in an effect, '
      'choose them first ("choose 2 cards in your hand as picked", then "discard picked")']),
])
def test_a_cost_that_picks_its_cards_is_checked_where_it_is_written(snippet, place, expected, tmp_path):
    assert problems(snippet, tmp_path / "pack", place) == expected


SUMMON = "effect: put this into play"      # the effect of the Bear's Summon, which declares no targets


@pytest.mark.parametrize("snippet, place, expected", [
    # Read as "tap `target` creatures", a cost's choice: told as the target it was meant to be.
    ("tap target creature", SUMMON,
     ['1:5: "tap target creature": this ability declares no targets; declare "target" under "targets:" '
      '(targets: {target: creature}), then write "tap target"']),
    ("deal 2 damage to target\nif target is in play: tap target", SUMMON,
     ['1:18: unknown name "target": this ability declares no targets; declare "target" under "targets:" '
      '(targets: {target: SELECTOR}) (and 2 more places in this text)']),
    # Declared, its selector is written once, under "targets:": the effect names the target alone.
    ("tap target creature", PLACE,
     ['1:5: "tap target creature": "target" is this ability\'s target, its selector written under "targets:" '
      '(target: creature in play or player); write "tap target"']),
    ("deal 1 damage to target\ntap target creature in play", PLACE,
     ['2:5: "tap target creature in play": "target" is this ability\'s target, its selector written under '
      '"targets:" (target: creature in play or player); write "tap target"']),
    # A target the effect names itself, or one declared, is no mistake.
    ("choose a creature in play as target\ntap target", SUMMON, []),
    ("if target is in play: deal 1 damage to target", PLACE, []),
])
def test_an_ability_that_misreads_target_is_told_how_to_write_it(snippet, place, expected, tmp_path):
    assert problems(snippet, tmp_path / "pack", place) == expected


def pack_problems(folder: Path, edits: dict) -> list[str]:
    """The problems of tinypack with `edits` ((file, old text): new) made to its files."""
    shutil.copytree(PACK, folder)
    for (name, old), new in edits.items():
        text = (folder / name).read_text(encoding="utf-8")
        assert old in text, old
        (folder / name).write_text(text.replace(old, new), encoding="utf-8")
    return located(folder, by_file=True)


NO_TARGETS = ('only an ability\'s effect has targets (declared under "targets:"); a script chooses its card: '
              '"choose a card in ... as picked", then names it "picked"')
IN_BURN = ('a named script has no targets; give it the ability\'s target as a parameter (add "target" to its '
           '"for:", then write "burn for target"), or have it choose its card: ')
BURN = {("pack.yaml", "checks: |"): "scripts:\n  burn:\n    do: tap target\nchecks: |",
        ("cards/base.yaml", PLACE): "effect: burn"}
DRAW_STEP = ("pack.yaml", "script: draw a card")


@pytest.mark.parametrize("edits, expected", [
    ({DRAW_STEP: "script: tap target"}, [f'pack.yaml:53:21: unknown name "target": {NO_TARGETS}']),
    ({DRAW_STEP: "script: tap target creature"},
     ['pack.yaml:53:21: "tap target creature": only an ability\'s effect has targets (declared under "targets:"); '
      'a script chooses its card: "choose a creature as picked", then "tap picked"']),
    ({("pack.yaml", "    p draws 3 cards\n"): "    p draws 3 cards\n    tap target\n"},
     [f'pack.yaml:49:9: unknown name "target": {NO_TARGETS}']),
    ({("pack.yaml", "    p loses the game\n"): "    p loses the game\n  tap target\n"},
     [f'pack.yaml:59:7: unknown name "target": {NO_TARGETS}']),
    # A named script has no targets, though the ability that uses it declares one: one hint,
    # the same wherever it is used, told once in its text and not at its uses.
    (BURN,
     [f'pack.yaml:58:13: unknown name "target": {IN_BURN}"choose a card in ... as picked", then names it "picked"']),
    ({**BURN, DRAW_STEP: "script: burn"},
     [f'pack.yaml:58:13: unknown name "target": {IN_BURN}"choose a card in ... as picked", then names it "picked"']),
    ({**BURN, ("pack.yaml", "do: tap target"): "do: tap target creature"},
     [f'pack.yaml:58:13: "tap target creature": {IN_BURN}"choose a creature as picked", then "tap picked"']),
    ({DRAW_STEP: "script: |\n          choose a creature as picked\n          tap picked"}, []),
])
def test_a_script_of_no_ability_that_names_target_is_told_how_to_choose_its_card(edits, expected, tmp_path):
    assert pack_problems(tmp_path / "pack", edits) == expected


@pytest.mark.parametrize("word, why", [
    ("card", CARD_NOUN),
    ("top", '"top" is a word of the language, which begins a value ("top N cards of ZONE"): a variable named so '
            'could not be read where a value stands; name it otherwise'),
])
def test_a_target_named_by_a_word_of_the_language_is_told_where_it_is_named_only(word, why, tmp_path):
    edits = {("cards/base.yaml", "targets: {target: creature"): f"targets: {{{word}: creature",
             ("cards/base.yaml", PLACE): f"effect: deal 2 damage to {word}"}
    assert pack_problems(tmp_path / "pack", edits) == [f"base.yaml:20:19: {why}"]


@pytest.mark.parametrize("value, message", [
    ("be", '6:12: "power" is a number (its default is 0), not "be"'),
    ("true", '6:12: "power" is a number (its default is 0), not true'),
    ("3", None),
])
def test_a_card_property_has_the_kind_of_its_default(tmp_path, value, message):
    shutil.copytree(PACK, tmp_path / "pack")
    cards = tmp_path / "pack" / "cards" / "base.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("    power: 2\n", f"    power: {value}\n"), encoding="utf-8")
    assert located(tmp_path / "pack") == ([message] if message else [])


@pytest.mark.parametrize("trigger, message", [
    ("when top 2 cards of deck leave discard",
     '14:23: a trigger names the cards it watches with words ("a creature you control") or "this"'),
    ("when a enters play", '14:23: a trigger names the cards it watches with words ("a creature you control") or "this"'),
    ("when a creature enters play", None),
])
def test_a_trigger_names_cards_by_words(tmp_path, trigger, message):
    shutil.copytree(PACK, tmp_path / "pack")
    cards = tmp_path / "pack" / "cards" / "base.yaml"
    text = cards.read_text(encoding="utf-8").replace(
        "        effect: put this into play\n",
        f"        effect: put this into play\n      - name: Watch\n        trigger: {trigger}\n        effect: draw a card\n")
    cards.write_text(text, encoding="utf-8")
    assert located(tmp_path / "pack") == ([message] if message else [])


# Sentences the grammar reads before their meaning is written: each is refused at its
# place with "not supported yet" until its vocabulary lands, and understood after.
NOT_YET = [
    ('let_all', 'let mine be all cards in your hand', "1:1", 'let mine be all cards in your hand'),
    ('set_table', 'set hearts to 1', "1:1", 'set hearts to 1'),
    ('increase_table', 'increase hearts by 1', "1:1", 'increase hearts by 1'),
    ('decrease_table', 'decrease hearts by 1', "1:1", 'decrease hearts by 1'),
    ('counter', 'counter target', "1:1", 'counter target'),
    ('create', 'create a "Bear" token', "1:1", 'create a "Bear" token'),
    ('reveal', 'reveal target', "1:1", 'reveal target'),
    ('announce', 'announce "hello"', "1:1", 'announce "hello"'),
    ('reverse_order', 'reverse the turn order', "1:1", 'reverse the turn order'),
    ('skip_turn', 'skip the next turn of opponent', "1:1", 'skip the next turn of opponent'),
    ('extra_turn', 'you take an extra turn', "1:1", 'you take an extra turn'),
    ('leads', 'you lead the next turn', "1:1", 'you lead the next turn'),
    ('finishes', 'you finish', "1:1", 'you finish'),
    ('sits_out', 'you sit out', "1:1", 'you sit out'),
    ('game_ends', 'the game ends', "1:5", 'game ends'),
    ('choose_listed', 'choose one of 1, 2 as n', "1:1", 'choose one of 1, 2 as n'),
    ('choose_among', 'choose a cost among cards in your hand as n', "1:1", 'choose a cost among cards in your hand as n'),
    ('choose_number', 'choose a number from 1 to 3 as n', "1:1", 'choose a number from 1 to 3 as n'),
    ('choose_order', 'choose an order of cards in your hand as n', "1:1", 'choose an order of cards in your hand as n'),
    ('deal', 'deal 2 damage to target as fire', "1:1", 'deal 2 damage to target as fire'),
    ('top_one', 'put top card of your deck into your hand', "1:5", 'top card of your deck'),
    ('bottom_one', 'put bottom card of your deck into your hand', "1:5", 'bottom card of your deck'),
    ('first_of', 'put first of cards in your hand into your discard', "1:5", 'first of cards in your hand'),
    ('last_of', 'put last of cards in your hand into your discard', "1:5", 'last of cards in your hand'),
    ('highest', 'deal highest cost of cards in your hand damage to target', "1:6", 'highest cost of cards in your hand'),
    ('lowest', 'deal lowest cost of cards in your hand damage to target', "1:6", 'lowest cost of cards in your hand'),
    ('unit_number', 'deal turn number damage to target', "1:6", 'turn number'),
    ('shares', 'if target shares flying with this: stop', "1:4", 'target shares flying with this'),
    ('that', 'deal 2 damage to that player', "1:18", 'that player'),
    ('next_player', 'deal 2 damage to next player', "1:18", 'next player'),
]


@pytest.mark.parametrize("rule, snippet, where, quoted", NOT_YET, ids=[r[1] for r in NOT_YET])
def test_a_sentence_without_its_meaning_yet_is_refused_at_its_place(rule, snippet, where, quoted, tmp_path):
    from cardtable.interpreter.lang.registry import ENTRIES
    from cardtable.interpreter.lang.vocabulary import statements  # noqa: F401  (fills the registry)
    found = problems(snippet, tmp_path / "pack")
    registered = rule in ENTRIES
    not_yet = [p for p in found if p.endswith("is not supported yet")]
    if registered:
        assert not_yet == []
    else:
        assert not_yet[:1] == [f'{where}: "{quoted}" is not supported yet'], found



# ------------------------------------------------------------ hints that do not lie

SCRIPT_KEYS = {"effect", "script", "setup", "checks", "after_each", "after_all", "dealt"}
HINT = re.compile(r'did you mean "([^"]+)"\?')
TOLD = re.compile(r'"(\w+)" (is not a statement; to|is only the verb of) ')     # a verb of another tool


def _scripts(node):
    if isinstance(node, dict):
        for key, value in node.items():
            yield from [value] if key in SCRIPT_KEYS and isinstance(value, str) else _scripts(value)
    elif isinstance(node, list):
        for value in node:
            yield from _scripts(value)


@lru_cache(maxsize=1)
def _pack_lines() -> list[str]:
    """The one-line statements of the built-in packs' scripts (no block, no quoted text)."""
    found = set()
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    for path in sorted((Path(__file__).parent.parent / "variants").glob("*/**/*.yaml")):
        for text in _scripts(yaml.load(path.read_text(encoding="utf-8"), Loader=loader)):
            for line in text.split("\n"):
                line = line.split("#")[0].strip()
                if line and ":" not in line and '"' not in line and not line.startswith(("elif", "else")):
                    found.add(line)
    return sorted(found)


def _mutants(line: str, words: list[str]):
    """The line with a mistake: two words swapped, one left out, one doubled, one a word
    of the language, one misspelt (a letter left out)."""
    ws = line.split()
    for i, w in enumerate(ws):
        if i + 1 < len(ws):
            yield ws[:i] + [ws[i + 1], w] + ws[i + 2:]
        if len(ws) > 1:
            yield ws[:i] + ws[i + 1:]
        yield ws[:i] + [w, w] + ws[i + 1:]
        yield ws[:i] + [words[(7 * i + len(line)) % len(words)]] + ws[i + 1:]
        if len(w) >= 4:
            yield ws[:i] + [w[:2] + w[3:]] + ws[i + 1:]


def _message(text: str) -> str | None:
    try:
        parse(text, "script")
    except DslSyntaxError as e:
        return e.message
    return None


def test_no_hint_of_a_mistake_in_a_line_of_the_built_in_packs_names_another_word():
    # "move" was told it was a misspelt "remove", a pack's "hand" a misspelt "and", "dead"
    # a misspelt "deal": a hint must name a word the line meant, or one that mends it.
    lines = _pack_lines()
    assert len(lines) > 250
    words = sorted(_words())
    wrong = []
    for line in lines[::3]:
        meant = {form for w in line.split() for form in (w, w[:-1], w + "s")}
        for mutant in map(" ".join, _mutants(line, words)):
            message = _message(mutant) or ""
            hint, told = HINT.search(message), TOLD.match(message)
            if hint and hint[1] not in meant or told and told[1] not in ELSEWHERE and told[1][:-1] not in ELSEWHERE:
                wrong.append(f"{mutant}: {message}")
    assert wrong == []


def test_a_verb_of_another_tool_in_place_of_a_statements_first_word_is_never_taken_for_a_misspelling():
    lines = _pack_lines()
    wrong = []
    for line in lines[::8]:
        for verb in ELSEWHERE:
            mutant = " ".join([verb, *line.split()[1:]])
            message = _message(mutant) or ""
            if "did you mean" in message:
                wrong.append(f"{mutant}: {message}")
    assert wrong == []
    # Each that is no word of the language names the statement that does it here.
    for verb in set(ELSEWHERE) - _words():
        assert (_message(f"{verb} this into your hand") or "").startswith(f'"{verb}" is not a statement; to '), verb
