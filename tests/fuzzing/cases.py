"""The fuzz cases: each family makes its input files in a fresh folder from one
seed and says which commands to run on them.

A case is named by its family and number and made from `random.Random(f"{family}:{seed}:{number}")`,
so the same name and seed make the same files on any machine. The folder is laid
out like a checkout (variants/PACK/, cards/) and the commands run inside it.

`avoid` names inputs a run leaves out (see KNOWN below): a budget may skip
what is known to fail until its fix is merged, and says so.
"""
from __future__ import annotations

import copy
import json
import os
import random
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from cardtable.interpreter.lang.dsl import START_SYMBOLS
from cardtable.interpreter.packs.finding import package_root
from cardtable.tests.fuzzing import dslgen, mutate

PACKS = ("magic54", "basic_tcg", "pub_magic")
ROOT = package_root()

# Keys whose texts are DSL, and the grammar's start symbol each is read from.
DSL_KEYS = {"effect": "script", "script": "script", "setup": "script", "checks": "script", "after_each": "script",
            "after_all": "script", "cost": "script", "when": "condition", "if": "condition", "trigger": "trigger",
            "using": "targets", "worth": "value", "derived": "value"}


@dataclass
class Case:
    family: str
    seed: int
    number: int
    folder: Path
    commands: list = field(default_factory=list)    # (argv, only_if_the_first_passed)
    changed: list = field(default_factory=list)     # the files made or changed, relative to the folder
    note: str = ""                                  # what was done to them
    avoid: frozenset = frozenset()

    @property
    def name(self) -> str:
        return f"{self.family}:{self.number}"

    def rnd(self) -> random.Random:
        return random.Random(f"{self.family}:{self.seed}:{self.number}")

    def run(self, *argv: str, if_valid: bool = False) -> None:
        self.commands.append((list(argv), if_valid))

    def write(self, relative: str, content: str | bytes) -> Path:
        path = self.folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_bytes(content.encode("utf-8", "surrogatepass"))
        if relative not in self.changed:
            self.changed.append(relative)
        return path


# ------------------------------------------------------------------ material

_TEXTS: dict[Path, str] = {}
_DATA: dict[Path, object] = {}


def original(relative: str) -> str:
    """A file of the package (variants/..., cards/...), read once."""
    path = ROOT / relative
    if path not in _TEXTS:
        _TEXTS[path] = path.read_text(encoding="utf-8")
    return _TEXTS[path]


def original_data(relative: str):
    path = ROOT / relative
    if path not in _DATA:
        text = original(relative)
        _DATA[path] = json.loads(text) if relative.endswith(".json") else yaml.safe_load(text)
    return _DATA[path]


def pack_files(pack: str, kind: str = "yaml") -> list[str]:
    """The files of a built-in pack, relative to the package: its YAML (pack.yaml
    first, then cards/), its deck lists or its scenario files."""
    folder = ROOT / "variants" / pack
    if kind == "yaml":
        found = [folder / "pack.yaml", *sorted((folder / "cards").glob("*.yaml"))]
    elif kind == "decks":
        found = sorted((folder / "decks").glob("*.txt"))
    else:
        found = sorted((folder / "tests").glob("*.yaml"))
    return [str(p.relative_to(ROOT)) for p in found]


def lay_out(case: Case, pack: str | None, tests: bool = False) -> None:
    """A checkout in the case's folder: the shared cards and a copy of one pack."""
    shutil.copytree(ROOT / "cards", case.folder / "cards", ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    if pack:
        ignore = shutil.ignore_patterns(*([] if tests else ["tests"]))
        shutil.copytree(ROOT / "variants" / pack, case.folder / "variants" / pack, ignore=ignore)


def dump(data) -> str:
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=120)


class _Dumper(yaml.SafeDumper):
    """Writes texts of several lines as blocks, as a designer would."""


def _text(dumper, value: str):
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _text)


def dsl_slots(data, path=()) -> list[tuple[tuple, str]]:
    """The places of a pack file's data that hold DSL texts, with their start symbols."""
    out = []
    if isinstance(data, dict):
        for key, value in data.items():
            here = path + (key,)
            if isinstance(value, str) and key in DSL_KEYS and not value.strip().isdigit():
                out.append((here, DSL_KEYS[key]))
            elif isinstance(value, dict) and key in ("define", "targets"):
                out.extend((here + (k,), "value" if key == "define" else "targets")
                           for k, v in value.items() if isinstance(v, str))
            elif isinstance(value, dict) and "value" in value and isinstance(value["value"], str) and "weight" in value:
                out.append((here + ("value",), "value"))
            else:
                out.extend(dsl_slots(value, here))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out.extend(dsl_slots(value, path + (i,)))
    return out


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def pack_words(pack: str) -> list[str]:
    """The names a pack's DSL texts use (zones, properties, marks, variables...), which
    the grammar's keywords are not."""
    keywords = set(dslgen.grammar().literals.values())
    words = set()
    for relative in pack_files(pack):
        data = original_data(relative)
        for path, _start in dsl_slots(data):
            words.update(w for w in _NAME.findall(mutate.get(data, path))
                         if w not in keywords and w.lower() != "the")     # "the" is skipped wherever it is
    return sorted(words)


def all_texts(pack: str) -> dict[str, list[str]]:
    """Every DSL text of a pack, by start symbol."""
    out = {s: [] for s in START_SYMBOLS}
    for relative in pack_files(pack):
        data = original_data(relative)
        for path, start in dsl_slots(data):
            out[start].append(mutate.get(data, path))
    return out


# ------------------------------------------------------------------ packs

def _pack_commands(case: Case, pack: str, rnd: random.Random, play: bool = True) -> None:
    where = f"variants/{pack}"
    fmt = rnd.choice(["text"] * 7 + ["json", "junit", "github"])
    case.run("validate", where, *(["--format", fmt] if fmt != "text" else []))
    if play:
        case.run("simulate", where, "-n", "1", "--seed", str(rnd.randrange(1000)), if_valid=True)
        if rnd.random() < 0.3:
            case.run("test", where, if_valid=True)


def _pick_pack_file(rnd: random.Random) -> tuple[str, str]:
    pack = rnd.choice(PACKS)
    files = pack_files(pack)
    relative = files[0] if rnd.random() < 0.6 else rnd.choice(files)
    return pack, relative


def yaml_text(case: Case) -> None:
    """A pack file with edits to its text: characters, lines, indentation, truncation."""
    rnd = case.rnd()
    pack, relative = _pick_pack_file(rnd)
    lay_out(case, pack)
    case.write(relative, mutate.text(rnd, original(relative)))
    case.note = f"text edits of {relative}"
    _pack_commands(case, pack, rnd)


def yaml_structure(case: Case) -> None:
    """A pack file with keys deleted, copied, renamed or swapped, values of other types."""
    rnd = case.rnd()
    pack, relative = _pick_pack_file(rnd)
    lay_out(case, pack)
    case.write(relative, dump(mutate.structure(rnd, original_data(relative))))
    case.note = f"changes of the structure of {relative}"
    _pack_commands(case, pack, rnd)


def pack_odd(case: Case) -> None:
    """A pack that fits the schema but means something odd: edge numbers, empty or
    doubled lists, DSL texts moved to other places of the same kind, sections gone."""
    rnd = case.rnd()
    pack, relative = _pick_pack_file(rnd)
    lay_out(case, pack)
    data = copy.deepcopy(original_data(relative))
    for _ in range(rnd.choice([1, 1, 2, 3])):
        rnd.choice(_ODD_EDITS)(rnd, data, pack)
    case.write(relative, dump(data))
    case.note = f"odd but well-formed values in {relative}"
    _pack_commands(case, pack, rnd)


def _odd_number(rnd, data, pack):
    places = [p for p in mutate.paths(data) if p and type(mutate.get(data, p)) is int]
    if places:
        mutate.put(data, rnd.choice(places), rnd.choice([0, 1, -1, 2, 3, 100, 10**6]))


def _odd_list(rnd, data, pack):
    places = [p for p in mutate.paths(data) if p and isinstance(mutate.get(data, p), list) and mutate.get(data, p)]
    if places:
        items = mutate.get(data, rnd.choice(places))
        how = rnd.randrange(3)
        if how == 0:
            items.clear()
        elif how == 1:
            items.extend(copy.deepcopy(items))
        else:
            items.reverse()


def _odd_text(rnd, data, pack):
    slots = dsl_slots(data)
    if slots:
        path, start = rnd.choice(slots)
        mutate.put(data, path, rnd.choice(all_texts(pack)[start] or [""]))


def _odd_section(rnd, data, pack):
    if isinstance(data, dict) and data:
        del data[rnd.choice(list(data))]


_ODD_EDITS = [_odd_number, _odd_number, _odd_list, _odd_text, _odd_text, _odd_section]


# ------------------------------------------------------------------ paths

# Inputs a budget may leave out, each known to break the promise in a way issue 21 lists.
KNOWN = {
    "outside": "issue 21 item 2: a pack or a game record reads and quotes files outside its project",
    "fifo": "issue 21 item 6: reading a FIFO hangs",
    "big_file": "issue 21 item 6: files are read whole, however large",
    "huge_number": "issue 21 item 7: integers over Python's 4,300-digit limit",
    "loop": "issue 21 item 9: an import path that is a symlink loop",
    "long_name": "issue 21 item 9: a path with a NUL byte or a name over 255 characters",
    "deep_record": "issue 21 item 9: game records nested 1,000 deep",
}
_OUTSIDE = ["/etc/hostname", "/etc/passwd", "/proc/version", "/proc/self/status", "../../../../../../etc/hostname",
            "../*/pack.yaml", "/*", "~/x.yaml"]


def _path_targets(case: Case, rnd: random.Random, pack: str) -> list[str]:
    """What a path in a pack may name instead of its own file: missing files, folders,
    globs, files of other kinds, and the hostile ones a pack must refuse on its own
    line without quoting the file."""
    targets = ["", ".", "..", "nowhere.yaml", "cards", "../../cards", "C:\\cards.yaml", "http://x/y.yaml",
               "pack.yaml", "*", "**/*.yaml", "cards/*.txt", "decks/*.txt", "cards/[", "é.yaml",
               "./cards/../../../cards/standard54.yaml", "../../cards/mtg/pool.yaml", "../../cards/standard54.yaml",
               "empty.yaml", "binary.yaml", "utf16.yaml", "folder"]
    folder = case.folder / "variants" / pack
    (folder / "folder").mkdir(exist_ok=True)
    (folder / "empty.yaml").write_bytes(b"")
    (folder / "binary.yaml").write_bytes(bytes(range(256)) * 4)
    (folder / "utf16.yaml").write_bytes("cards: []\n".encode("utf-16"))
    if "outside" not in case.avoid:
        targets += _OUTSIDE
    if "fifo" not in case.avoid:
        os.mkfifo(folder / "fifo.yaml")
        targets.append("fifo.yaml")
    if "loop" not in case.avoid:
        os.symlink("loop.yaml", folder / "loop.yaml")
        targets.append("loop.yaml")
    if "long_name" not in case.avoid:
        targets += ["x" * 300 + ".yaml", "a\x00b.yaml"]
    if "big_file" not in case.avoid:
        with open(folder / "big.yaml", "wb") as f:
            f.truncate(200 * 1024 * 1024)     # sparse: no disk used, read whole it is 200 MB
        targets.append("big.yaml")
    return targets


def pack_paths(case: Case) -> None:
    """A pack whose import `from:`, `cards:` patterns or deck `list:` name other files:
    missing ones, folders, absolute paths, paths out of the project, devices, globs."""
    rnd = case.rnd()
    pack = rnd.choice(PACKS)
    lay_out(case, pack)
    relative = f"variants/{pack}/pack.yaml"
    data = copy.deepcopy(original_data(relative))
    targets = _path_targets(case, rnd, pack)
    places = [("imports", i, "from") for i in range(len(data.get("imports") or []))]
    places += [("cards", i) for i in range(len(data.get("cards") or []))]
    places += [("decks", k, "list") for k, v in (data.get("decks") or {}).items() if "list" in v]
    if not places:
        data["cards"] = ["x"]
        places = [("cards", 0)]
    for _ in range(rnd.choice([1, 1, 2])):
        path = rnd.choice(places)
        target = rnd.choice(targets)
        mutate.put(data, path, target)
        case.note += f"{'.'.join(map(str, path))} = {target!r}; "
    case.write(relative, dump(data))
    _pack_commands(case, pack, rnd)


# ------------------------------------------------------------------ DSL

def _dsl_case(case: Case, make_text) -> None:
    rnd = case.rnd()
    pack, relative = _pick_pack_file(rnd)
    data = copy.deepcopy(original_data(relative))
    slots = dsl_slots(data)
    if not slots:
        pack, relative = rnd.choice(PACKS), None
        relative = pack_files(pack)[0]
        data = copy.deepcopy(original_data(relative))
        slots = dsl_slots(data)
    lay_out(case, pack)
    path, start = rnd.choice(slots)
    text = make_text(rnd, pack, start, mutate.get(data, path))
    mutate.put(data, path, text)
    case.write(relative, dump(data))
    case.note = f"{start} at {'.'.join(map(str, path))} of {relative}:\n{text}"
    _pack_commands(case, pack, rnd)


def dsl_grammar(case: Case) -> None:
    """A text made from the grammar, put where a text of its kind goes in a pack."""
    _dsl_case(case, lambda rnd, pack, start, old: dslgen.sentence(rnd, start, pack_words(pack)))


def dsl_mutation(case: Case) -> None:
    """A DSL text of a pack with edits by token and by line."""
    def edit(rnd, pack, start, old):
        texts = all_texts(pack)
        return mutate.dsl(rnd, old, pack_words(pack), texts["script"] + texts["condition"])
    _dsl_case(case, edit)


# ------------------------------------------------------------------ deck lists, card data

_COUNTS = ["0", "-1", "1", "4x", "x4", "1000", "1001", "999999999999", "²", "1e3", "0x10", "1.5", "٣", "1" + "0" * 5000]
_NAMES = ["Forest", "forest", "FOREST", "Forrest", "Lightning Bolt", "Fire // Ice", "Fire", "Delver of Secrets",
          "Queen of Hearts", "Zorp", "", " ", "é", "\x1b]0;pwned\x07Forest", "\x00", "A" * 10000, "Sideboard:",
          "SB: 1 Forest", "// comment", "# comment", "Commander", "Deck", "x" * 300]


def _deck_text(rnd: random.Random, source: str, avoid: frozenset) -> str:
    lines = source.split("\n")
    for _ in range(rnd.choice([1, 2, 3])):
        how = rnd.randrange(4)
        if how == 0:
            count = "1" + "0" * 5000 if "huge_number" not in avoid else "1000"
            lines.insert(rnd.randrange(len(lines) + 1), f"{rnd.choice(_COUNTS[:-1] + [count])} {rnd.choice(_NAMES)}")
        elif how == 1:
            i = rnd.randrange(len(lines))
            name = lines[i].split(" ", 1)[-1]
            lines[i] = f"{rnd.choice(_COUNTS[:-1])} {name}"
        elif how == 2:
            lines.insert(rnd.randrange(len(lines) + 1), rnd.choice(_NAMES))
        else:
            lines = mutate.text(rnd, "\n".join(lines), 1).split("\n")
    return "\n".join(lines)


def _encoded(rnd: random.Random, text: str) -> bytes:
    how = rnd.random()
    if how < 0.85:
        return text.encode("utf-8", "surrogatepass")
    if how < 0.9:
        return text.encode("utf-16", "surrogatepass")     # a lone surrogate too: bytes no decoder takes
    if how < 0.95:
        return b"\xef\xbb\xbf" + text.encode("utf-8", "surrogatepass")
    return text.encode("latin-1", "replace") + b"\xff\xfe\x80"


def deck_list(case: Case) -> None:
    """A deck list with counts, names, sections and encodings a player might give."""
    rnd = case.rnd()
    pack = rnd.choice(["pub_magic", "basic_tcg"])
    source = original(rnd.choice(pack_files(pack, "decks")))
    case.write("deck.txt", _encoded(rnd, _deck_text(rnd, source, case.avoid)))
    case.note = "a deck list given with --deck"
    extra = ["--players", str(rnd.choice([2, 3, 4]))] if rnd.random() < 0.5 else []
    case.run("simulate", pack, "-n", "1", "--deck", "deck.txt", *extra)


_CARD_FILES = [Path(__file__).parent.parent / "data" / "mtg" / name
               for name in ("AtomicCards-sample.json", "scryfall-sample.json")]
_DECK = "40 Dryad Arbor\n30 Delver of Secrets\n20 Lightning Bolt\nSideboard\n2 Serra Angel\n"


def card_data(case: Case) -> None:
    """MTGJSON or Scryfall card data (--cards) with edits to its text or its structure."""
    rnd = case.rnd()
    relative = rnd.choice(_CARD_FILES)
    text = relative.read_text(encoding="utf-8")
    if rnd.random() < 0.5:
        text = mutate.text(rnd, text)
    else:
        text = json.dumps(mutate.structure(rnd, json.loads(text)), ensure_ascii=rnd.random() < 0.5)
    case.write("cards.json", text)
    case.write("deck.txt", _DECK)
    case.note = f"edits of {relative.name} given with --cards"
    case.run("simulate", "pub_magic", "-n", "1", "--players", "3", "--deck", "deck.txt", "--cards", "cards.json")


def mtg_yaml(case: Case) -> None:
    """The MTG card YAML of cards/mtg with edits to its text or its structure."""
    rnd = case.rnd()
    pack = rnd.choice(["pub_magic", "basic_tcg"])
    lay_out(case, pack)
    relative = "cards/mtg/pool.yaml"
    if rnd.random() < 0.5:
        case.write(relative, mutate.text(rnd, original(relative)))
    else:
        case.write(relative, dump(mutate.structure(rnd, original_data(relative))))
    case.note = f"edits of {relative}"
    _pack_commands(case, pack, rnd)


# ------------------------------------------------------------------ scenarios

def scenario(case: Case) -> None:
    """A pack's scenario file with edits to its text or its structure."""
    rnd = case.rnd()
    pack = rnd.choice(PACKS)
    lay_out(case, pack, tests=True)
    relative = rnd.choice(pack_files(pack, "tests"))
    if rnd.random() < 0.5:
        case.write(relative, mutate.text(rnd, original(relative)))
    else:
        case.write(relative, dump(mutate.structure(rnd, original_data(relative))))
    case.note = f"edits of {relative}"
    case.run("test", f"variants/{pack}")
    case.run("validate", f"variants/{pack}")


# ------------------------------------------------------------------ replay records

def _record_line(rnd: random.Random, line: str, avoid: frozenset) -> str:
    how = rnd.randrange(6)
    if how == 0:
        return mutate.text(rnd, line, 1)
    record = json.loads(line)
    if how == 1:
        return json.dumps(mutate.structure(rnd, record), ensure_ascii=False)
    if how == 2 and record.get("decisions"):     # the first line of a log is its manifest
        d = rnd.choice(record["decisions"])
        i = rnd.randrange(3)
        d[i] = rnd.choice([-1, 0, 1, 5, 10**9, "x", None, 1.5, "pass", ""]) if i < 2 else rnd.choice(["", "pass", "yes", "é"])
        return json.dumps(record)
    if how == 3:
        key = rnd.choice(["source", "pack", "cards"])
        places = ["variants/nowhere", "magic54", "pub_magic", "basic_tcg", "", "deck.txt", "games.jsonl"]
        places += [] if "outside" in avoid else ["/etc", "/etc/hostname", ".."]
        place = rnd.choice(places + ([] if "long_name" in avoid else ["x" * 300]))
        record[key] = [place] if key == "cards" else place
        return json.dumps(record)
    if how == 4 and "deep_record" not in avoid:
        # Written as text: json cannot write what it cannot read back.
        depth = rnd.choice([10, 1000, 100000])
        record[rnd.choice(["options", "result", "decks", "seed", "extra"])] = "NESTED"
        return json.dumps(record).replace('"NESTED"', "[" * depth + "0" + "]" * depth)
    record[rnd.choice(["players", "seed", "turns"])] = rnd.choice(
        [0, -1, 1, 3, 9, 10**6, 2**64, "2", True, None] + ([] if "huge_number" in avoid else [10**5000]))
    return json.dumps(record) if "huge_number" in avoid else _dumps_big(record)


def _dumps_big(record) -> str:
    import sys
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return json.dumps(record)
    finally:
        sys.set_int_max_str_digits(limit)


def replay(case: Case, records: dict) -> None:
    """A log written by `simulate --out`, one line of it edited."""
    rnd = case.rnd()
    pack = rnd.choice(sorted(records))
    lines = records[pack].splitlines()
    i = rnd.randrange(len(lines))
    lines[i] = _record_line(rnd, lines[i], case.avoid)
    if rnd.random() < 0.2:
        lines.insert(rnd.randrange(len(lines) + 1), rnd.choice(["", "{}", "[]", "null", lines[0], "\x00"]))
    case.write("games.jsonl", "\n".join(lines) + "\n")
    case.note = f"line {i + 1} of a log of {pack} edited"
    case.run("replay", "games.jsonl")
    if rnd.random() < 0.3:
        case.run("replay", "games.jsonl", "--game", "1", "--at", str(rnd.randrange(20)))


FAMILIES = {
    "yaml_text": yaml_text, "yaml_structure": yaml_structure, "pack_odd": pack_odd, "pack_paths": pack_paths,
    "dsl_grammar": dsl_grammar, "dsl_mutation": dsl_mutation, "deck_list": deck_list, "card_data": card_data,
    "mtg_yaml": mtg_yaml, "scenario": scenario, "replay": replay,
}


# ------------------------------------------------------------------ checks of the harness itself
# Not in any budget: tests/test_fuzz.py runs them to see that the limits hold.

def _stall(case: Case) -> None:
    import time
    time.sleep(3600)


def _hog(case: Case) -> None:
    hoard = []
    while True:
        hoard.append(bytearray(64 << 20))


def _die(case: Case) -> None:
    import signal
    os.kill(os.getpid(), signal.SIGKILL)


HARNESS_CHECKS = {"_stall": _stall, "_hog": _hog, "_die": _die}
FAMILIES.update(HARNESS_CHECKS)
