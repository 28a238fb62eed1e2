"""The stages of loading a pack: its files as a value (PackFiles, with a hash), a pack
loaded from memory or from unsaved texts over its folder, the names it declares with
their places, and the frozen Pack they make."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from cardtable import Game, PackError, PackFiles, Report, load_pack, render
from cardtable.interpreter.packs.files import SHARED

ROOT = Path(__file__).resolve().parent.parent
TINY = ROOT / "tests" / "data" / "tinypack"


def problems(source) -> list[str]:
    report = Report()
    with pytest.raises(PackError):
        load_pack(source, report)
    return [f"{p.file}:{p.line}:{p.col}: {p.message}" for p in report.errors]


def game_log(pack, seed: int = 3) -> list[str]:
    state = Game(pack).new_initial_state(seed=seed)
    while not state.is_terminal() and len(state.history) < 60:
        state.apply_action(len(state.history) % len(state.legal_actions()))
    return state.log


@pytest.mark.parametrize("name", ["magic54", "pub_magic", "basic_tcg"])
def test_a_pack_holds_every_file_it_read_and_builds_again_from_them_alone(name):
    pack = load_pack(name, Report())
    again = load_pack(pack.files, Report())
    assert again.files == pack.files and again.sha256 == pack.sha256
    assert list(again.cards) == list(pack.cards) and again.decks == pack.decks
    assert game_log(again) == game_log(pack)


def test_the_files_of_a_pack_are_its_own_and_the_shared_card_sets_it_imports():
    assert sorted(load_pack("magic54", Report()).files.texts) == [
        "cards/actions.yaml", "cards/creatures.yaml", "cards/damage.yaml", "cards/mana.yaml",
        "cardtable:cards/standard54.yaml", "pack.yaml"]
    assert sorted(load_pack("basic_tcg", Report()).files.texts) == [
        "cards/scenarios.yaml", "cards/text.yaml", "cardtable:cards/mtg/pool.yaml",
        "decks/forests_and_plains.txt", "decks/islands_and_artifacts.txt", "decks/swamps_and_forests.txt",
        "decks/swamps_mountains_islands.txt", "pack.yaml"]


def test_the_hash_is_of_the_texts_alone_and_changes_with_any_of_them():
    files = load_pack("magic54", Report()).files
    assert PackFiles(dict(reversed(list(files.texts.items()))), "elsewhere").sha256 == files.sha256
    for key in ("pack.yaml", "cards/mana.yaml", SHARED + "standard54.yaml"):
        changed = {**files.texts, key: files.texts[key] + "\n"}
        assert PackFiles(changed).sha256 != files.sha256
    # A path is part of what is hashed: the same text under another name is another pack.
    moved = dict(files.texts)
    moved["cards/mana2.yaml"] = moved.pop("cards/mana.yaml")
    assert PackFiles(moved).sha256 != files.sha256


def test_a_shared_card_set_among_the_texts_is_read_from_there():
    files = load_pack("magic54", Report()).files
    key = SHARED + "standard54.yaml"
    texts = {**files.texts, key: files.texts[key].replace("name: Ace of Spades", "name: Ace of Shovels")}
    pack = load_pack(PackFiles(texts, files.folder), Report())
    assert "Ace of Shovels" in pack.cards and "Ace of Spades" not in pack.cards


def test_unsaved_texts_over_a_pack_on_disk_are_read_instead_of_its_files(tmp_path):
    folder = tmp_path / "tiny"
    text = (TINY / "cards" / "base.yaml").read_text()
    unsaved = {"cards/base.yaml": text.replace("power: 2", "power: 5")}
    pack = load_pack(PackFiles(unsaved, str(TINY), on_disk=True), Report())
    assert pack.cards["Bear"].props["power"] == 5
    assert load_pack(str(TINY), Report()).cards["Bear"].props["power"] == 2     # the disk is unchanged
    assert pack.files.texts["cards/base.yaml"] == unsaved["cards/base.yaml"]
    assert pack.files.texts["pack.yaml"] == (TINY / "pack.yaml").read_text()
    # A new file, not saved yet, is found by the card pattern; a problem in it is placed in it.
    new = {"cards/more.yaml": "cards:\n  - name: Elk\n    types: [beast]\n"}
    assert problems(PackFiles(new, str(TINY), on_disk=True)) == [
        f'{TINY}/cards/more.yaml:3:13: unknown card type "beast"']
    assert not (TINY / "cards" / "more.yaml").exists() and not folder.exists()


def test_a_pack_in_memory_reads_nothing_of_the_disk_but_cardtables_card_sets():
    texts = {"pack.yaml": (TINY / "pack.yaml").read_text(), "cards/base.yaml": (TINY / "cards" / "base.yaml").read_text()}
    pack = load_pack(PackFiles(texts, "mine"), Report())
    assert pack.path == "mine" and sorted(pack.cards) == ["Bear", "Zap"]
    del texts["cards/base.yaml"]
    assert problems(PackFiles(texts, "mine")) == ['mine/pack.yaml:41:19: unknown card "Bear"',
                                                  'mine/pack.yaml:41:27: unknown card "Zap"',
                                                  'mine/pack.yaml:43:5: no card file matches "cards/*.yaml"']
    assert problems(PackFiles({}, "mine")) == ["mine/pack.yaml:1:1: no such file"]


def test_texts_in_memory_keep_the_size_limit_of_files():
    text = "# " + "x" * (10 * 1024 * 1024) + "\n"
    assert problems(PackFiles({"pack.yaml": text}, "big")) == [
        "big/pack.yaml:1:1: the file is too large (10.0 MB; the limit is 10 MB)"]


def test_every_declared_name_has_its_kind_and_place():
    pack = load_pack(str(TINY), Report())
    found = {(d.kind, d.name): (Path(d.file).name, d.line, d.col) for d in pack.declarations}
    assert found[("zone", "hand")] == ("pack.yaml", 16, 3)
    assert found[("option", "starting_life")] == ("pack.yaml", 13, 3)
    assert found[("step", "act")] == ("pack.yaml", 54, 15)
    assert found[("deck", "north")] == ("pack.yaml", 41, 3)
    assert found[("card", "Bear")] == ("base.yaml", 3, 11)
    assert found[("currency", "gold")] == ("pack.yaml", 38, 3)
    assert [d.kind for d in pack.declarations.find("main")] == ["window", "phase"]
    assert pack.declarations.near("zone", "hnad") == '; did you mean "hand"?'


def test_a_pack_is_frozen_once_made():
    pack = load_pack(str(TINY), Report())
    with pytest.raises(dataclasses.FrozenInstanceError):
        pack.max_turns = 5
    assert not hasattr(pack, "raw")


def test_a_pack_file_a_pack_may_not_read_is_refused_from_memory_as_from_disk(tmp_path):
    texts = {"pack.yaml": (TINY / "pack.yaml").read_text().replace("cards/*.yaml", "../outside/*.yaml"),
             "cards/base.yaml": (TINY / "cards" / "base.yaml").read_text()}
    report = Report()
    with pytest.raises(PackError):
        load_pack(PackFiles(texts, str(tmp_path / "mine"), on_disk=True), report)
    assert "outside the pack's project" in render(report)


def test_the_engine_pages_example_of_pack_files_prints_what_it_says():
    import contextlib
    import io
    import re

    text = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    section = text[text.index("### A pack's files and names"):]
    program = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    said = re.search(r"prints `(.*?)`, then `(.*?)`\.", section).groups()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(program, "engine.md", "exec"), {})
    assert out.getvalue().splitlines() == list(said)


def test_a_pack_named_by_a_path_the_file_system_cannot_take_is_a_pack_error():
    # A name past 255 characters, or a path past the system's limit, made Python raise OSError.
    assert problems("a" * 300) == ["a" * 300 + ":1:1: a name in the path is longer than 255 characters"]
    assert problems("a/" * 3000 + "x") == ["a/" * 3000 + "x:1:1: the path is too long"]


def test_pack_files_take_a_mapping_of_texts():
    for texts, reason in [("name: x", "PackFiles takes the texts of a pack by path (a mapping), not str"),
                          ({"pack.yaml": b"name: x"}, "PackFiles takes each file's path and text as str: "
                                                      "'pack.yaml' has a text of type bytes"),
                          ({5: "name: x"}, "PackFiles takes each file's path and text as str: 5 has a path of type int")]:
        with pytest.raises(TypeError) as e:
            PackFiles(texts)
        assert str(e.value) == reason
