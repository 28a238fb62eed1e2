"""Every YAML example of the guides is one that works: designers copy them into their packs.

Each fenced ```yaml block of README.md and docs/*.md is put where a pack would hold it,
in a copy (in memory) of a pack, which must then pass every check of loading it:

- sections of pack.yaml (`zones:`, `pile:`, `define:`...) replace the pack's own, a
  mapping (`properties:`, `options:`...) adding to the pack's key by key; a property's
  entry of an import's `map` (`identity:`) goes into the pack's first map;
- a card file (`cards:` of cards, `families:`, `tokens:` of tokens), or a list of cards or
  families, is one more card file of the pack, its cards and families standing for the
  pack's own of their names;
- abilities (a list of them, `abilities:`, a part of one such as `cost: |`, or a DSL
  text alone) are those of a card of the pack's first card type; a list of
  replacements is the pack's `replacements`;
- scenario files run against the pack; a block of comments alone names schemas that exist.

The pack is the one the guide is about (docs/basic_tcg.md: Basic TCG), else Magic 54;
an HTML comment on the line before a block says otherwise, and reads as a note to
the reader of the Markdown:

    <!-- checked in mtg -->              another built-in pack, or a pack of tests/data
    <!-- shows an error -->             a mistake: it must not load, and each error it
                                        gives must be written after it in the guide
    <!-- not checked: REASON -->        not pack text, or checked by another test

To stay fast, the examples of one pack that change different sections and cards of it,
and declare nothing it lacks, are loaded together: each alone only when they fail.
"""
from __future__ import annotations

import copy
import functools
import json
import re
from pathlib import Path

import pytest
import yaml

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.packs.files import PackFiles
from cardtable.interpreter.packs.loader import check_pack, load_pack
from cardtable.interpreter.packs.scenario import ScenarioFailure, load_scenarios, run_scenario

ROOT = Path(__file__).resolve().parent.parent
GUIDES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^( *)```yaml\n(.*?)^\1```", re.S | re.M)
MARKER = re.compile(r"<!-- (checked in (?P<pack>\S+)|(?P<error>shows an error)|not checked: (?P<reason>.+?)) -->")

PACK_SECTIONS = set(json.loads((ROOT / "schemas" / "pack.schema.json").read_text(encoding="utf-8"))["properties"])
ABILITY_KEYS = {"effect", "trigger", "static", "replace", "cost", "when", "targets", "declare"}
EXAMPLE_CARD = "Example of the Guide"


class Example:
    """One YAML block of a guide: where it is, its text, and what the line before it says."""

    def __init__(self, guide: Path, text: str, match: re.Match):
        self.guide = guide
        self.line = text.count("\n", 0, match.start()) + 1
        self.body = "\n".join(line[len(match.group(1)):] for line in match.group(2).splitlines()) + "\n"
        before = text[:match.start()].rstrip().rsplit("\n", 1)[-1]
        self.marker = MARKER.search(before)
        self.after = text[match.end():]

    @property
    def name(self) -> str:
        return f"{self.guide.relative_to(ROOT).as_posix()}:{self.line}"

    def host(self) -> Path:
        given = self.marker and self.marker.group("pack")
        name = given or (self.guide.stem if (ROOT / "variants" / self.guide.stem).is_dir() else "magic54")
        return ROOT / "variants" / name if (ROOT / "variants" / name).is_dir() else ROOT / name


def examples() -> list[Example]:
    found = []
    for guide in GUIDES:
        text = guide.read_text(encoding="utf-8")
        found += [Example(guide, text, match) for match in FENCE.finditer(text)]
    return found


EXAMPLES = examples()


def merged(host: dict, sections: dict) -> dict:
    """The host pack with the example's sections: a mapping adds to the host's, key by key
    (a currency's two kinds to the host's five), anything else replaces it."""
    pack = dict(host)
    for key, value in sections.items():
        pack[key] = merged(pack[key], value) if isinstance(value, dict) and isinstance(pack.get(key), dict) else value
    return pack


def placed(example: Example, pack: dict) -> tuple[dict, dict]:
    """pack.yaml (a copy of `pack`) with the example where it belongs, and its card files by path."""
    data = yaml.safe_load(example.body)
    path = f"example_of_{example.guide.stem}_{example.line}.yaml"
    first_type = next(iter(pack.get("card_types") or {"creature": {}}))

    def card_file(cards: dict) -> tuple[dict, dict]:
        return {**pack, "cards": [*pack.get("cards", []), path]}, {path: cards}

    def with_abilities(abilities: list) -> tuple[dict, dict]:
        return card_file({"cards": [{"name": f"{EXAMPLE_CARD} {example.line}", "types": [first_type],
                                     "abilities": abilities}]})

    if isinstance(data, str):             # a DSL text alone: a statement of an effect
        return with_abilities([{"name": "Example", "effect": data}])
    if isinstance(data, list):
        if all("match" in item for item in data):
            return card_file({"families": data})
        if all("types" in item for item in data):
            return card_file({"cards": data})
        if all("event" in item for item in data):
            return merged(pack, {"replacements": data}), {}
        return with_abilities(data)
    if set(data) <= {"cards", "families", "tokens"} and not (
            isinstance(data.get("cards"), list) and all(isinstance(c, str) for c in data["cards"])) and not (
            isinstance(data.get("tokens"), dict)):
        return card_file(data)
    if set(data) == {"abilities"}:
        return with_abilities(data["abilities"])
    if set(data) <= ABILITY_KEYS:
        return with_abilities([{"name": "Example", "effect": "draw a card", **data}])
    pack = copy.deepcopy(pack)
    imports = [i for i in pack.get("imports", []) if "map" in i]
    if imports and set(data) <= set(pack.get("properties", {})) - PACK_SECTIONS:    # how an import's map reads them
        imports[0]["map"].setdefault("properties", {}).update(data)
        return pack, {}
    unknown = set(data) - PACK_SECTIONS
    assert not unknown, f"{example.name}: not a part of a pack ({', '.join(sorted(unknown))}): " \
                        f"mark it <!-- not checked: why -->"
    return merged(pack, data), {}


def replaced(folder: Path, host: dict, names: set) -> dict:
    """The host's card files without the cards and families the example writes again (as the guide
    shows one of the pack's own), so that the example's stand for them."""
    files = {}
    for pattern in host.get("cards", []):
        for path in sorted(folder.glob(pattern)):
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            kept = {key: [item for item in items if item.get("name") not in names] for key, items in data.items()}
            if kept != data:
                files[path.relative_to(folder).as_posix()] = kept
    return files


def deck_lists(folder: Path, host: dict, pack: dict) -> dict:
    """A deck list the example names that the host pack lacks (the reader's own: decks/my-deck.txt)
    holds the cards of the host's first deck list."""
    lists = [deck["list"] for deck in (pack.get("decks") or {}).values() if "list" in deck]
    have = [name for name in lists if (folder / name).is_file()] or \
        [deck["list"] for deck in (host.get("decks") or {}).values() if "list" in deck]
    return {name: (folder / have[0]).read_text(encoding="utf-8") for name in lists if not (folder / name).is_file()}


@functools.lru_cache(maxsize=None)
def host_pack(folder: Path) -> dict:
    return yaml.safe_load((folder / "pack.yaml").read_text(encoding="utf-8"))


def named(files: dict) -> set:
    return {item["name"] for data in files.values() if isinstance(data, dict) for items in data.values()
            if isinstance(items, list) for item in items if isinstance(item, dict) and "name" in item}


def loads_alone(example: Example) -> bool:
    """Whether the example must be loaded in a pack of its own: it is a scenario or comments, or
    it declares what the host lacks (another example in the same pack could then use it)."""
    data = yaml.safe_load(example.body)
    if data is None or isinstance(data, dict) and "scenarios" in data or example.marker and example.marker.group("error"):
        return True
    host = host_pack(example.host())
    try:
        pack, _ = placed(example, host)
    except AssertionError:                # not a part of a pack: its own test says so
        return True
    return any(isinstance(pack[key], dict) and isinstance(host.get(key), dict) and set(pack[key]) - set(host[key])
               for key in pack if key != "cards")


def together(group: list[Example]) -> tuple[dict, dict]:
    """pack.yaml and the files of the host with every example of the group in it."""
    folder = group[0].host()
    pack, files = host_pack(folder), {}
    for example in group:
        pack, more = placed(example, pack)
        files.update(more)
    files.update(replaced(folder, host_pack(folder), named(files)))
    files.update(deck_lists(folder, host_pack(folder), pack))
    return pack, files


def batches() -> dict[str, tuple]:
    """The examples each example is loaded with: those of its host pack that touch other sections
    of pack.yaml and other cards (one load for them all; each alone only where they fail)."""
    found, open_ = {}, {}
    for example in EXAMPLES:
        if example.marker and example.marker.group("reason"):
            continue
        if not (example.host() / "pack.yaml").is_file() or loads_alone(example):
            found[example.name] = (example,)
            continue
        host = host_pack(example.host())
        pack, files = placed(example, host)
        touched = {key for key in pack if pack[key] != host.get(key) and key != "cards"} | named(files)
        for group in open_.setdefault(example.host(), []):
            if not touched & group[1]:
                group[0].append(example)
                group[1].update(touched)
                break
        else:
            open_[example.host()].append(([example], set(touched)))
    for groups in open_.values():
        for group, _ in groups:
            for example in group:
                found[example.name] = tuple(group)
    return found


def problems(group: tuple, tmp_path: Path) -> list[str]:
    """What loading the host pack with the examples in it reports, each as FILE:LINE:COL: MESSAGE."""
    folder = group[0].host()
    assert (folder / "pack.yaml").is_file(), f"{group[0].name}: no pack {folder.relative_to(ROOT)} to check it in"
    data = yaml.safe_load(group[0].body)
    if data is None:                      # comments alone: the schema a file's first line names
        return [f"no file {path} from {folder.name}/pack.yaml" for path in re.findall(r"\$schema=(\S+)", group[0].body)
                if not (folder / path).is_file()]
    if isinstance(data, dict) and "scenarios" in data:
        return scenario_problems(group[0], folder, tmp_path)
    return loaded(group)


@functools.lru_cache(maxsize=None)
def loaded(group: tuple) -> list[str]:
    folder = group[0].host()
    pack, files = together(list(group))
    if pack == host_pack(folder) and not files:     # the pack's own text, as the guide quotes it
        return pack_problems(folder)
    texts = {path: data if isinstance(data, str) else yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
             for path, data in {"pack.yaml": pack, **files}.items()}
    return pack_problems(PackFiles(texts, folder=str(folder), on_disk=True))


def pack_problems(source: Path | PackFiles) -> list[str]:
    report = Report()
    check_pack(source, report)          # every check of loading it, without building the game
    return [f"{p.file}:{p.line}:{p.col}: {p.message}" for p in report.problems if p.severity == "error"]


def scenario_problems(example: Example, folder: Path, tmp_path: Path) -> list[str]:
    """The example's scenarios, run against the host pack: where each that fails fails."""
    path = tmp_path / "scenarios.yaml"
    path.write_text(example.body, encoding="utf-8")
    report = Report()
    scenarios = load_scenarios(path, report)
    found = [f"{p.line}:{p.col}: {p.message}" for p in report.problems if p.severity == "error"]
    for scenario in scenarios:
        try:
            run_scenario(load_pack(str(folder)), scenario)
        except ScenarioFailure as e:
            found.append(f"{scenario.name}: {e.line}:{e.col}: {e.message}")
    return found


BATCHES = batches()


@pytest.mark.parametrize("example", [e for e in EXAMPLES if not (e.marker and e.marker.group("reason"))],
                         ids=lambda e: e.name)
def test_the_example_loads_where_a_pack_would_hold_it(example, tmp_path):
    group = BATCHES.get(example.name, (example,))
    found = problems(group, tmp_path)
    if found and len(group) > 1:          # which of them it is
        found = problems((example,), tmp_path)
    if example.marker and example.marker.group("error"):
        assert found, f"{example.name}: shown as a mistake, but it loads"
        unsaid = [p for p in found if p.split(": ", 1)[1] not in " ".join(example.after.split())]
        assert not unsaid, f"{example.name}: the guide does not say the error it gives: {unsaid}"
    else:
        assert not found, f"{example.name} does not load in {example.host().name}:\n" + "\n".join(found)


# ------------------------------------------------------------------ the log lines it quotes

def test_the_log_lines_the_guide_quotes_are_those_magic54_writes():
    """docs/packs.md's lines of the log ("What the log says of moves and choices", setup),
    from Magic 54's end of turn: Black puts a card under his deck and draws, and a new game."""
    from cardtable.interpreter.engine.game import Game
    guide = " ".join((ROOT / "docs" / "packs.md").read_text(encoding="utf-8").split())
    game = Game(load_pack("magic54"), {}, 2)
    state = game.position({"turn": 4, "active": "Black", "phase": "end", "players": [
        {"zones": {"deck": ["Ace of Hearts"]}},
        {"zones": {"hand": ["Ten of Spades", "Two of Spades"], "deck": ["Ace of Spades"]}}]})
    start = len(state.log)
    state.apply_label("yes", None)
    state.apply_label("Ten of Spades", None)
    may = "Black chooses yes (put a card from your hand under your deck and draw a card)"
    assert state.log[start] == state.log_for(0)[start] == may
    start += 1
    onlooker, red = state.log[start:start + 5], state.log_for(0)[start:start + 5]
    assert onlooker == ["Black chooses Ten of Spades (choose the card to put under your deck)",
                        "Ten of Spades moves from Black's hand to the bottom of Black's deck",
                        "Black draws a card", "turn 5 (Red)", "Red draws a card"]
    assert red[:2] == ["Black chooses 1 card (choose the card to put under your deck)",
                       "a card moves from Black's hand to the bottom of Black's deck"]
    dealt = game.new_initial_state(seed=1).log
    assert "Red is dealt 5 cards" in dealt
    for line in [*onlooker[:2], onlooker[4], *red[:2], "Red is dealt 5 cards"]:
        assert f"`{line}`" in guide, line
