"""The engine knows no game: no game's name, suit, card or game-specific term appears in
interpreter/, in code, messages, docstrings or comments. A rule only one game needs
belongs in that game's pack. The one exception is the reader of a card data format
(interpreter/packs/mtgdata.py), registered like any other package's format: it reads
a file format, and plays nothing."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "interpreter"
FORMAT_READERS = {"packs/mtgdata.py"}

# The built-in packs' names, the games the guides write as examples, and the words of
# their games a generic engine has no need of.
WORDS = re.compile(
    r"gin.?rummy|euchre|cribbage|magic ?54|pub.?magic|basic.?tcg|crazy.?eights|lane.?duel|stack.?duel|go.?fish|two.?headed|"
    r"hearthstone|gathering|\bjacks?\b|\bqueens?\b|\bkings?\b|\bjokers?\b|\bhearts\b|\bspades\b|"
    r"\bclubs\b|\bdiamonds\b|sorcer(y|ies)|enchantments?\b|planeswalker|\bminions?\b|\btaunt\b|"
    r"battlecry|deathrattle|commander|counterspell|mulligan|throne.?room|dominion|hanabi|hold.?em|blackjack|poker", re.I)


def test_no_game_word_in_the_engine():
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel in FORMAT_READERS:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if WORDS.search(line):
                found.append(f"interpreter/{rel}:{n}: {line.strip()}")
    assert found == []


def test_the_check_finds_a_game_word():
    # The pattern is live: it catches the words it is meant to, in any case and form.
    for line in ("# the Queen of Spades", "if suit == 'hearts':", "Battlecry: deal 1",
                 "commander_damage of (p, c)", "magic54's pile", "# a Gin Rummy meld", "Euchre's bowers"):
        assert WORDS.search(line), line
    assert not WORDS.search("each card in the trick with the highest rank")
