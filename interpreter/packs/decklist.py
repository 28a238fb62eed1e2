"""Plain-text deck lists: "4 Lightning Bolt" a line, with comments and an optional sideboard.

    # Burn
    4 Lightning Bolt
    4x Goblin Guide        # "4x" works too
    Mountain               # a bare name is one copy
    Sideboard
    2 Pyroclasm
    SB: 1 Smash to Smithereens

Deck exports read as they are: MTG Arena's (the section headers of cards/mtg/deck-sections.json,
"4 Lightning Bolt (M10) 146" with the set and collector number) and MTGO's (the sideboard after
a blank line, with no header).

Every problem of a file is reported at once, each with the line and the column of the mistake.
"""
from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from ..engine.limits import COPIES as MAX_COPIES
from ..engine.limits import DECK, DIGITS
from ..infiles import TEXT_LIMIT
from .finding import package_root
from .mtgdata import CardDataError, CardRecord, _read_text, front_faces, name_index

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# Section headers, each alone on its line, with or without a colon: where the cards below go
# (main, sideboard, or None for a section that names the deck: "Name Burn"). They are the
# export formats' words, kept with the card data.
SECTIONS = json.loads((package_root() / "cards" / "mtg" / "deck-sections.json").read_text(encoding="utf-8"))["sections"]
_HEADER = re.compile(r"\s*(?P<word>[A-Za-z]+)\s*:?\s*")
# No card name ends in a colon, so "Maybeboard:" is a header, and one the list does not know.
_OTHER_HEADER = re.compile(r"\s*(?P<word>[^\d\s][^:]*?)\s*:\s*")
_SB_PREFIX = re.compile(r"\s*SB:\s*", re.IGNORECASE)
# "4 X", "4x X", "4 x X"; the x is only taken when a space follows, so "4 Xathrid Gorgon" is one name.
_ENTRY = re.compile(r"(?P<count>[+-]?\d+)\s*(?:[xX]\s+|\s+)(?P<name>\S.*)")
_COUNT_ONLY = re.compile(r"[+-]?\d+[xX]?")
# Arena's printing after the name: "(M10) 146", "(DMU) 265", or the set alone, "(M10)".
# A set code has no space, so a name ending in words in brackets keeps them.
_PRINTING = re.compile(r"\s+\([A-Za-z0-9]{2,6}\)(?:\s+\S+)?$")

Problem = tuple[int, int, str]


class DeckListError(CardDataError):
    """Problems in a deck list; `problems` holds every (line, col, message) of the file."""


class DeckEntry(NamedTuple):
    count: int
    name: str
    line: int


class ResolvedDeck(NamedTuple):
    main: list[CardRecord]
    sideboard: list[CardRecord]


@dataclass
class DeckList:
    filename: str
    main: list[DeckEntry] = field(default_factory=list)
    sideboard: list[DeckEntry] = field(default_factory=list)
    # Column of the card name on each entry's line, to point at a name no card has.
    name_cols: dict[int, int] = field(default_factory=dict)


def _unknown_section(word: str) -> str:
    names = {w: w.capitalize() for w in SECTIONS}
    # Stricter than for card names: "Maybeboard" is not a misspelt "Sideboard".
    hint = _did_you_mean(word, names, cutoff=0.75)
    if not hint:
        listed = list(names.values())
        hint = f": the sections of a deck list are {', '.join(listed[:-1])} and {listed[-1]}"
    return f'unknown section "{word}"{hint}'


def read_decklist(text: str, filename: str) -> tuple[DeckList, list[Problem]]:
    """The entries of a deck list, and the problems of its malformed lines: the entries of
    the other lines are kept, so that their names can be checked in the same run."""
    deck = DeckList(str(filename))
    problems: list[Problem] = []
    section = "main"
    # An MTGO export is the main deck, a blank line and the sideboard, with no header. A
    # designer's own list may group its cards with blank lines too, so a file is only taken
    # for an export when it has exactly two groups and nothing else (no comment, header or
    # "SB:") says how it is laid out. `groups` holds the first line of each group.
    groups: list[int] = []
    after_blank, laid_out = True, False
    dealt = 0
    for number, raw in enumerate(_LINE_BREAK.split(text), start=1):
        if not raw.strip():
            after_blank = True
            continue
        laid_out = laid_out or "#" in raw
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        if after_blank:
            groups.append(number)
            after_blank = False
        header = _HEADER.fullmatch(line)
        if header and header["word"].casefold() in SECTIONS:
            section, laid_out = SECTIONS[header["word"].casefold()], True
            continue
        if section is None:
            continue
        other = _OTHER_HEADER.fullmatch(line)
        if other and not _SB_PREFIX.fullmatch(line):
            problems.append((number, other.start("word") + 1, _unknown_section(other["word"])))
            continue
        start = len(line) - len(line.lstrip())
        to_sideboard = section == "sideboard"
        prefix = _SB_PREFIX.match(line)
        if prefix:
            start, to_sideboard, laid_out = prefix.end(), True, True
        entry, problem = _entry(line[start:], start)
        if problem:
            problems.append((number, *problem))
            continue
        count, name, deck.name_cols[number] = entry
        (deck.sideboard if to_sideboard else deck.main).append(DeckEntry(count, name, number))
        dealt += 0 if to_sideboard else count
        if dealt > DECK:
            problems.append((number, start + 1, too_many_cards(dealt)))
            break
    if not laid_out and len(groups) == 2:
        deck.sideboard = [e for e in deck.main if e.line >= groups[1]]
        deck.main = [e for e in deck.main if e.line < groups[1]]
    if not problems and not deck.main:
        problems.append((1, 1, "no main-deck cards in the deck list"))
    return deck, problems


def _entry(body: str, start: int):
    """((count, name, column of the name), None) for the text of an entry that starts at
    column `start` + 1, or (None, (column, message)) for its problem."""
    if not body:
        return None, (start + 1, 'missing card after "SB:"')
    if _COUNT_ONLY.fullmatch(body):
        return None, (start + len(body) + 1, "missing card name after the number of copies")
    count, name, at = split_entry(body)
    if isinstance(count, str):
        return None, (start + 1, count)
    return (count, _PRINTING.sub("", name), start + at + 1), None


def split_entry(text: str) -> tuple[int | str, str, int]:
    """"4 Bear", "4x Bear" or "Bear": (copies, the card's name, where the name starts).
    Copies out of bounds are a message instead, the same in a deck list and in pack.yaml."""
    entry = _ENTRY.fullmatch(text)
    if not entry:
        return 1, text, 0
    written = entry["count"]
    # Python refuses to read a number of thousands of digits; no count needs more than a few.
    count = int(written) if len(written) <= DIGITS else None
    if count is None or not 1 <= count <= MAX_COPIES:
        shown = written if count is not None else f"{written[:12]}... ({len(written)} digits)"
        return f"the number of copies must be from 1 to {MAX_COPIES}, not {shown}", entry["name"], entry.start("name")
    return count, entry["name"], entry.start("name")


def too_many_cards(n: int, here: str = "with this line") -> str:
    return f"{here} the deck has {n:,} cards: a deck has at most {DECK:,}"


def suggestions(names: Iterable[str]) -> dict[str, str]:
    """The names a misspelt card name is compared with, by their case-folded form: every
    card's name, and the front face of a card of two faces, which is how players write it
    ("Delver of Secrets"), unless two cards share that front face."""
    names = list(names)
    out = {n.casefold(): n for n in reversed(names)}
    for front in front_faces(names):
        out.setdefault(front.casefold(), front)
    return out


def _did_you_mean(name: str, folded: Mapping[str, str], cutoff: float = 0.6) -> str:
    close = difflib.get_close_matches(name.casefold(), list(folded), n=1, cutoff=cutoff)
    return f'; did you mean "{folded[close[0]]}"?' if close else ""


def unknown_card(name: str, folded: Mapping[str, str], otherwise: str = "") -> str:
    """The message for a name no card has: the closest name (`folded` is from suggestions()),
    or, when none is close, `otherwise`: where the card could come from."""
    hint = _did_you_mean(name, folded)
    if not hint and otherwise:
        hint = f": {otherwise}"
    return f'unknown card "{name}"{hint}'


def parse_decklist(text: str, filename: str = "<deck>") -> DeckList:
    """The entries of a deck list; raises DeckListError listing every malformed line."""
    deck, problems = read_decklist(text, filename)
    if problems:
        raise DeckListError.from_problems(filename, problems)
    return deck


def _unknown_cards(deck: DeckList, index: dict[str, CardRecord],
                   cards: Mapping[str, CardRecord]) -> list[Problem]:
    problems: list[Problem] = []
    folded: dict[str, str] | None = None
    for entry in deck.main + deck.sideboard:
        if entry.name.casefold() in index:
            continue
        if folded is None:
            folded = suggestions(cards)
        problems.append((entry.line, deck.name_cols.get(entry.line, 1), unknown_card(entry.name, folded)))
    return problems


def _expand(entries: list[DeckEntry], index: dict[str, CardRecord]) -> list[CardRecord]:
    return [index[entry.name.casefold()] for entry in entries for _ in range(entry.count)]


def resolve_decklist(deck: DeckList, cards: Mapping[str, CardRecord]) -> ResolvedDeck:
    """The cards of a parsed deck list, one record per copy; raises DeckListError naming every unknown card."""
    index = name_index(cards)
    problems = _unknown_cards(deck, index, cards)
    if problems:
        raise DeckListError.from_problems(deck.filename, problems)
    return ResolvedDeck(_expand(deck.main, index), _expand(deck.sideboard, index))


def read_list(path, read=None) -> str:
    """The text of a deck list file: a regular file of at most 10 MB, as a pack file
    (`read()` gives its bytes when they do not come from the disk)."""
    return _read_text(path, TEXT_LIMIT, read)


def load_decklist(path, cards: Mapping[str, CardRecord]) -> ResolvedDeck:
    """Read, parse and resolve a deck list file, reporting malformed lines and unknown cards together."""
    try:
        text = read_list(path)
    except CardDataError as e:
        raise DeckListError.from_problems(e.file, e.problems) from None
    deck, problems = read_decklist(text, str(path))
    problems += _unknown_cards(deck, name_index(cards), cards)
    if problems:
        problems.sort(key=lambda p: (p[0], p[1]))
        raise DeckListError.from_problems(str(path), problems)
    return resolve_decklist(deck, cards)
