"""Card text a pack has yet to write: the cards its decks use that have text, from an
import that says the pack follows card text (`follow_text: true`), and that no card
family of the pack matches.

A family that matches a card writes its text in the DSL, or says why the text needs
nothing (a family with no abilities, named for the reason). `cardtable validate`
warns of every other card, where a deck names it: the line of a deck list, the entry
of a deck's `cards`, or the deck's `from` when it takes every card of the import.
"""
from __future__ import annotations

from pathlib import Path

from ..diagnostics import Report
from .decklist import read_decklist, read_list, split_entry
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
    imports = (_document(pack) if document is None else document).get("imports") or ()
    return {imp["as"]: pack.sources[imp["as"]] for imp in imports
            if imp.get("follow_text") is True and imp.get("as") in pack.sources}


def unwritten_text(pack, pack_file: str, report: Report, lists=()) -> None:
    """Warn of each card the pack's decks (and the deck lists `lists`) use whose text
    the pack follows and does not write."""
    document = _document(pack)
    followed = followed_imports(pack, document)
    if not followed:
        return
    folder = Path(pack_file).parent
    for raw in (document.get("decks") or {}).values():
        source = followed.get(raw.get("from"))
        if source is None:
            continue
        if "where" in raw or ("cards" not in raw and "list" not in raw):
            at = position(raw, "from")
            for record in source.where(raw.get("where") or {}):
                _check(pack, source, record["name"], (pack_file, *at), report)
        for k, entry in enumerate(raw.get("cards") or ()):
            _check(pack, source, split_entry(entry.strip())[1], (pack_file, *position(raw["cards"], k)), report)
        if "list" in raw:
            _check_list(pack, [source], folder / raw["list"], report)
    for path in lists:
        _check_list(pack, list(followed.values()), Path(path), report)


def _check_list(pack, sources: list, path: Path, report: Report) -> None:
    try:
        text = read_list(path)
    except CardDataError:
        return      # the loader, or the deck's own check, says why
    deck, _ = read_decklist(text, str(path))
    report.add_source(str(path), text)
    for entry in deck.main + deck.sideboard:
        for source in sources:
            if source.find(entry.name) is not None:
                _check(pack, source, entry.name, (str(path), entry.line, deck.name_cols.get(entry.line, 1)), report)
                break


def _check(pack, source, name: str, where: tuple, report: Report) -> None:
    record = source.find(name)
    card = pack.card_maker.named(name, [source]) if record is not None else None
    if card is None:
        return
    text = str(record.get("text") or "")
    # A card the import's map made alone carries the record's text; a family, or a card
    # of the pack's own of that name, stands for its text.
    if not text.strip() or card.family is not None or card.text != text:
        return
    said = " / ".join(line.strip() for line in text.splitlines() if line.strip())
    report.add(*where, f'"{card.name}" has card text that no card family of the pack writes: "{said}" (the '
                       f'import "{source.name}" has follow_text: write the text in a family that matches the card, '
                       f'or match the card with a family that says why its text needs nothing)',
               severity="warning")

