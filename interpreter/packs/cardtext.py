"""Card text a pack has yet to write: the cards its decks use that have text, from an
import that says the pack follows card text (`follow_text: true`), and that no card
family of the pack matches.

A family that matches a card writes its text in the DSL, or says why the text needs
nothing (a family with no abilities, named for the reason). `cardtable validate`
warns of every other card, where a deck names it: the line of a deck list, the entry
of a deck's `cards`, or the deck's `from` when it takes every card of the import.
"""
from __future__ import annotations

import re
from pathlib import Path

from ..diagnostics import Report
from .decklist import read_decklist, read_list, split_entry
from .importing import takes_import
from .mtgdata import CardDataError
from .yamlpos import load_yaml_text, position


def _document(pack) -> dict:
    """pack.yaml as the pack was built from it, with the positions of its values."""
    files = pack.files
    if files is None or files.pack_file not in files.texts:
        return {}
    data = load_yaml_text(files.texts[files.pack_file], files.pack_file).data
    return data if isinstance(data, dict) else {}


def followed_imports(pack, document=None) -> dict:
    """The imports whose card text the pack follows, by their `as` name."""
    return {name: source for name, (source, _) in _followed(pack, document).items()}


def _followed(pack, document=None) -> dict:
    """The followed imports by their `as` name, each with how a deck that uses a card of
    unwritten text is met: "warning", or "error" (`follow_text: refuse`)."""
    imports = (_document(pack) if document is None else document).get("imports") or ()
    return {imp["as"]: (pack.sources[imp["as"]], "error" if imp.get("follow_text") == "refuse" else "warning")
            for imp in imports if imp.get("follow_text") in (True, "refuse") and imp.get("as") in pack.sources}


def unwritten_cards(pack) -> dict:
    """Every card of each followed import whose text no family writes, by import: what a
    designer has left to write (`cardtable validate --unwritten`)."""
    out = {}
    for name, source in followed_imports(pack).items():
        out[name] = (len(source.records), [r["name"] for r in source.records if _unwritten(pack, source, r["name"])])
    return out


def refused_in_deck(pack, path, names) -> list:
    """The problems of a deck list given to a game (`--deck`) whose cards' text a pack
    that refuses them (`follow_text: refuse`) does not write: one per line."""
    report = Report()
    strict = [f for f in _followed(pack).values() if f[1] == "error"]
    if strict:
        _check_list(pack, strict, Path(path), report)
    return [(p.file, p.line, p.col, p.message) for p in report.problems]


def unwritten_text(pack, pack_file: str, report: Report, lists=()) -> None:
    """Warn of each card the pack's decks (and the deck lists `lists`) use whose text
    the pack follows and does not write."""
    document = _document(pack)
    followed = _followed(pack, document)
    if not followed:
        return
    folder = Path(pack_file).parent
    for raw in (document.get("decks") or {}).values():
        source, severity = followed.get(raw.get("from"), (None, None))
        if source is None:
            continue
        if takes_import(raw):
            at = position(raw, "from")
            for record in source.picked(raw):
                _check(pack, source, record["name"], (pack_file, *at), report, severity)
        for k, entry in enumerate(raw.get("cards") or ()):
            _check(pack, source, split_entry(entry.strip())[1], (pack_file, *position(raw["cards"], k)), report,
                   severity)
        if "list" in raw:
            _check_list(pack, [(source, severity)], folder / raw["list"], report)
    # A deck list given with --deck that a strict import refuses was refused as it loaded.
    for path in lists:
        _check_list(pack, [f for f in followed.values() if f[1] == "warning"], Path(path), report)


def _check_list(pack, sources: list, path: Path, report: Report) -> None:
    """`sources`: the followed imports, each with its severity."""
    try:
        text = read_list(path)
    except CardDataError:
        return      # the loader, or the deck's own check, says why
    deck, _ = read_decklist(text, str(path))
    report.add_source(str(path), text)
    for entry in deck.main + deck.sideboard:
        for source, severity in sources:
            if source.find(entry.name) is not None:
                _check(pack, source, entry.name, (str(path), entry.line, deck.name_cols.get(entry.line, 1)), report,
                       severity)
                break


def _keywords_only(text: str, card) -> bool:
    """Whether a card's text, its reminders in brackets left out, is a list of its keywords."""
    plain = re.sub(r"\([^)]*\)", "", text)
    parts = [p.strip().casefold().replace(" ", "_").replace("-", "_") for p in re.split(r"[,;\n]", plain)]
    parts = [p for p in parts if p]
    return bool(parts) and all(p in card.keywords for p in parts)


def _unwritten(pack, source, name: str) -> str | None:
    """The text of an imported card that no family writes, on one line; None when the
    pack writes it (or it needs nothing)."""
    record = source.find(name)
    card = pack.card_maker.named(name, [source]) if record is not None else None
    if card is None:
        return None
    text = str(record.get("text") or "")
    # A card the import's map made alone carries the record's text; a family, or a card
    # of the pack's own of that name, stands for its text. Text that only lists keywords
    # the card has is written by the pack's rules of those keywords.
    if not text.strip() or card.family is not None or card.text != text or _keywords_only(text, card):
        return None
    return " / ".join(line.strip() for line in text.splitlines() if line.strip())


def _check(pack, source, name: str, where: tuple, report: Report, severity: str = "warning") -> None:
    said = _unwritten(pack, source, name)
    if said is None:
        return
    card = pack.card_maker.named(name, [source])
    if severity == "error":
        report.add(*where, f'"{card.name}" is refused: its card text is written by no card family of the pack: '
                           f'"{said}" (the import "{source.name}" has follow_text: refuse)')
        return
    report.add(*where, f'"{card.name}" has card text that no card family of the pack writes: "{said}" (the '
                       f'import "{source.name}" has follow_text: write the text in a family that matches the card, '
                       f'or match the card with a family that says why its text needs nothing)',
               severity="warning")
