"""Plain-text deck lists: "4 Lightning Bolt" a line, with comments and an optional sideboard.

    # Burn
    4 Lightning Bolt
    4x Goblin Guide        # "4x" works too
    Mountain               # a bare name is one copy
    Sideboard
    2 Pyroclasm
    SB: 1 Smash to Smithereens

Every problem of a file is reported at once, each with the line and the column of the mistake.
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from .mtgdata import CardDataError, CardRecord, _read_text, name_index

MAX_COPIES = 1000

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_SIDEBOARD = re.compile(r"\s*sideboard\s*:?\s*$", re.IGNORECASE)
_SB_PREFIX = re.compile(r"\s*SB:\s*", re.IGNORECASE)
# "4 X", "4x X", "4 x X"; the x is only taken when a space follows, so "4 Xathrid Gorgon" is one name.
_ENTRY = re.compile(r"(?P<count>[+-]?\d+)\s*(?:[xX]\s+|\s+)(?P<name>\S.*)")
_COUNT_ONLY = re.compile(r"[+-]?\d+[xX]?")

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


def _parse(text: str, filename: str) -> tuple[DeckList, list[Problem]]:
    deck = DeckList(str(filename))
    problems: list[Problem] = []
    in_sideboard = False
    for number, raw in enumerate(_LINE_BREAK.split(text), start=1):
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        if _SIDEBOARD.fullmatch(line):
            in_sideboard = True
            continue
        start = len(line) - len(line.lstrip())
        to_sideboard = in_sideboard
        prefix = _SB_PREFIX.match(line)
        if prefix:
            start, to_sideboard = prefix.end(), True
        body = line[start:]
        if not body:
            problems.append((number, start + 1, 'missing card after "SB:"'))
            continue
        if _COUNT_ONLY.fullmatch(body):
            problems.append((number, start + len(body) + 1, "missing card name after the number of copies"))
            continue
        entry = _ENTRY.fullmatch(body)
        if entry:
            count, name, name_at = int(entry["count"]), entry["name"], start + entry.start("name")
            if not 1 <= count <= MAX_COPIES:
                problems.append((number, start + 1,
                                 f"the number of copies must be from 1 to {MAX_COPIES}, not {entry['count']}"))
                continue
        else:
            count, name, name_at = 1, body, start
        (deck.sideboard if to_sideboard else deck.main).append(DeckEntry(count, name, number))
        deck.name_cols[number] = name_at + 1
    if not problems and not deck.main:
        problems.append((1, 1, "no main-deck cards in the deck list"))
    return deck, problems


def parse_decklist(text: str, filename: str = "<deck>") -> DeckList:
    """The entries of a deck list; raises DeckListError listing every malformed line."""
    deck, problems = _parse(text, filename)
    if problems:
        raise DeckListError.from_problems(filename, problems)
    return deck


def _unknown_cards(deck: DeckList, index: dict[str, CardRecord],
                   cards: Mapping[str, CardRecord]) -> list[Problem]:
    problems: list[Problem] = []
    folded_names: dict[str, str] | None = None
    for entry in deck.main + deck.sideboard:
        if entry.name.casefold() in index:
            continue
        if folded_names is None:
            folded_names = {name.casefold(): name for name in cards}
        close = difflib.get_close_matches(entry.name.casefold(), list(folded_names), n=1, cutoff=0.6)
        hint = f'; did you mean "{folded_names[close[0]]}"?' if close else ""
        problems.append((entry.line, deck.name_cols.get(entry.line, 1), f'unknown card "{entry.name}"{hint}'))
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


def load_decklist(path, cards: Mapping[str, CardRecord]) -> ResolvedDeck:
    """Read, parse and resolve a deck list file, reporting malformed lines and unknown cards together."""
    try:
        text = _read_text(path)
    except CardDataError as e:
        raise DeckListError.from_problems(e.file, e.problems) from None
    deck, problems = _parse(text, str(path))
    problems += _unknown_cards(deck, name_index(cards), cards)
    if problems:
        problems.sort(key=lambda p: (p[0], p[1]))
        raise DeckListError.from_problems(str(path), problems)
    return resolve_decklist(deck, cards)
