"""`cardtable validate`: every check a pack can be put through without playing it."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..diagnostics import Report
from ..engine.model import Pack
from .cardtext import unwritten_text
from .files import ENCODING, PackFiles
from .finding import resolve_pack
from .importing import ImportProblem, card_file_source, load_deck
from .build import Build
from .loader import PackError, check_pack
from .scenario import load_scenarios, scenario_files
from .scenarionames import check_names
from .stops import check_condition_syntax
from .yamlpos import YamlProblem, load_yaml_file


def validate_pack(name_or_path: str | PackFiles, report: Report, decks=(), card_files=()) -> bool:
    """Load and check a pack, its scenario files (their shape, and once the pack loads
    the names they use: scenarionames.py) and the deck lists `decks` (files a
    player would give with --deck, which may name the cards of `card_files`, the player's
    own card data, as --cards gives it); True when no error was found. Cards the decks use
    whose text the pack follows and does not write are warnings. A PackFiles gives
    unsaved texts over a pack on disk (an editor's buffers): its scenario files among
    them are checked as they are there.

    The scenario files are checked even when the pack has problems, so that one run
    shows them all."""
    other = None if isinstance(name_or_path, PackFiles) else _other_file(name_or_path)
    if other is not None:
        report.add(str(name_or_path), 1, 1, other)
        return False
    # A report of its own: a problem `report` holds already (a card file two packs share,
    # the same pack named twice) still makes this pack invalid.
    own = Report()
    validated(name_or_path, own, decks, card_files)
    report.extend(own)
    return own.ok


def validated(name_or_path: str | PackFiles, report: Report, decks=(), card_files=()):
    """Checks as validate_pack does, and gives the pack when it loads (its scenario
    files may still have problems), else None."""
    return validation(name_or_path, report, decks, card_files).pack


@dataclass
class Validation:
    """What the checks of validate_pack found, besides the report's problems."""
    build: Build | None = None     # what loading kept (loader.check_pack), for an editor
    pack: Pack | None = None       # the pack, when it loads
    scenarios: list = field(default_factory=list)   # those of its scenario files that fit the schema
    # The problems of the report after each stage: loading the pack, the checks of the
    # loaded pack (deck lists, card text to write), the scenario files, the names the
    # scenarios use (see recheck.py).
    stages: list = field(default_factory=list)


def validation(name_or_path: str | PackFiles, report: Report, decks=(), card_files=()) -> Validation:
    """The checks of validate_pack, with what they found kept. The editor checks a pack
    through here, as the command does, so that the two never disagree."""
    unsaved = name_or_path.texts if isinstance(name_or_path, PackFiles) else {}
    out = Validation()
    try:
        out.build = check_pack(name_or_path, report)
        out.stages.append(report.problems)
        if out.build is None or not report.ok:
            raise PackError(str(name_or_path))
        out.pack = out.build.pack(out.build.pack_key)
        folder = Path(out.pack.path)
        _check_decks(out.pack, _pack_file(name_or_path), report, decks, card_files)
    except PackError:
        if isinstance(name_or_path, PackFiles):
            folder = Path(name_or_path.folder)
        else:
            found = resolve_pack(name_or_path, Report())
            folder = found.parent if found is not None else None
    except RecursionError:
        report.add(str(name_or_path), 1, 1, "the pack is nested too deeply to read")
        return Validation()
    out.stages.append(report.problems)
    for path in scenario_files(folder) if folder is not None else []:
        text = unsaved.get(path.relative_to(folder).as_posix())
        out.scenarios += load_scenarios(path, report, folder, None if text is None else (lambda t=text: t.encode(*ENCODING)))
    out.stages.append(report.problems)
    # The names the scenarios use are looked up in the pack, once it loads; before, the
    # syntax of their conditions is read.
    if out.pack is not None:
        check_names(out.pack, out.scenarios, report)
    else:
        for sc in out.scenarios:
            check_condition_syntax(sc.raw, sc.file, report)
    out.stages.append(report.problems)
    return out


def _pack_file(source: str | PackFiles) -> str:
    if isinstance(source, PackFiles):
        return str(Path(source.folder) / source.pack_file)
    return str(resolve_pack(source, Report()))


def _check_decks(pack, pack_file: str, report: Report, decks, card_files=()) -> None:
    extra = []
    for path in card_files:
        try:
            extra.append(card_file_source(pack, path))
        except ImportProblem as e:
            _add_problems(report, path, e)
    for path in decks:
        try:
            load_deck(pack, path, tuple(extra))
        except ImportProblem as e:
            _add_problems(report, path, e)
    unwritten_text(pack, pack_file, report, decks)


def _add_problems(report: Report, path, e: ImportProblem) -> None:
    for file, line, col, message in e.problems or [(str(path), 1, 1, e.message)]:
        report.add(file, line, col, message)


PACK_KEYS = ("id", "zones", "turn")     # keys only a pack.yaml has (required ones)


def _other_file(name_or_path) -> str | None:
    """What to say of a file given for a pack that is another of cardtable's files:
    a card file or a scenario file, told by its top-level keys; None otherwise."""
    path = Path(str(name_or_path))
    if path.suffix not in (".yaml", ".yml") or not path.is_file():
        return None
    try:
        data = load_yaml_file(path).data
    except YamlProblem:
        return None      # the pack's reader says what is wrong with it
    if not isinstance(data, dict) or any(key in data for key in PACK_KEYS):
        return None
    whole = "validate checks a whole pack (its card files, decks and scenarios): give the folder holding its pack.yaml"
    if "cards" in data or "families" in data:
        return f"this is a card file, not a pack: {whole}"
    if "scenarios" in data:
        return f"this is a scenario file, not a pack: `cardtable test FILE` runs its scenarios; {whole}"
    return None
