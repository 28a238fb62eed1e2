"""`cardtable new`: a pack started anywhere, from the skeleton or as a copy of a pack,
valid as it is, with the schemas beside it and every `$schema` header leading to one."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.cli import main
from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack

ROOT = Path(__file__).resolve().parent.parent


def cardtable(folder: Path, *args: str):
    here = os.getcwd()
    os.chdir(folder)
    try:
        result = CliRunner().invoke(main, list(args))
    finally:
        os.chdir(here)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def headers(folder: Path) -> dict[str, Path]:
    """Each YAML file of the folder (outside schemas/) and the file its header names."""
    found = {}
    for path in sorted(folder.rglob("*.yaml")):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), path
        found[path.relative_to(folder).as_posix()] = (path.parent / first.split("=", 1)[1]).resolve()
    return found


def test_the_skeleton_is_a_pack_that_plays_and_passes_its_tests(tmp_path):
    result = cardtable(tmp_path, "new", "duel")
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == ("wrote duel: 3 files of the pack, 4 schemas in schemas/, 3 YAML files whose $schema "
                             "header points at them\nnext: cardtable validate duel; cardtable test duel\n")
    assert headers(tmp_path / "duel") == {
        "cards/cards.yaml": tmp_path / "duel" / "schemas" / "cards.schema.json",
        "pack.yaml": tmp_path / "duel" / "schemas" / "pack.schema.json",
        "tests/cards.yaml": tmp_path / "duel" / "schemas" / "scenario.schema.json",
    }
    assert "\nid: duel\n" in (tmp_path / "duel" / "pack.yaml").read_text(encoding="utf-8")
    assert cardtable(tmp_path, "validate", "duel").stdout == "duel: valid\n"
    assert cardtable(tmp_path, "test", "duel").stdout == "2 passed, 0 failed\n"
    played = cardtable(tmp_path, "simulate", "duel", "-n", "20", "--format", "json")
    assert played.exit_code == 0


def test_the_skeletons_players_start_at_the_life_its_option_gives(tmp_path):
    # Its setup does not set life: the counter's `start: starting_life` does.
    cardtable(tmp_path, "new", "duel")
    assert "set life" not in (tmp_path / "duel" / "pack.yaml").read_text(encoding="utf-8")
    game = Game(load_pack(str(tmp_path / "duel"), Report()), {"starting_life": 7})
    state = game.new_initial_state(seed=0)
    assert [p["counters"] for p in state.observation(None)["players"]] == [{"life": 7}, {"life": 7}]
    assert state.legal_labels()[0] == "pass" and not state.is_terminal()


def test_the_schemas_beside_the_pack_are_cardtables(tmp_path):
    cardtable(tmp_path, "new", "duel")
    for kind in ("pack", "cards", "scenario", "mtg-cards"):
        written = (tmp_path / "duel" / "schemas" / f"{kind}.schema.json").read_text(encoding="utf-8")
        assert written == cardtable(tmp_path, "schema", kind).stdout


def test_a_copy_of_a_built_in_pack_points_its_headers_at_its_own_schemas(tmp_path):
    result = cardtable(tmp_path, "new", "my54", "--from", "magic54")
    assert result.exit_code == 0
    own = headers(tmp_path / "my54")
    shipped = sorted(p.relative_to(ROOT / "variants" / "magic54").as_posix()
                     for p in (ROOT / "variants" / "magic54").rglob("*.yaml"))
    assert sorted(own) == shipped
    for name, schema in own.items():
        kind = "pack" if name == "pack.yaml" else "scenario" if name.startswith("tests/") else "cards"
        assert schema == tmp_path / "my54" / "schemas" / f"{kind}.schema.json"
        assert schema.is_file()
    assert "\nid: my54\n" in (tmp_path / "my54" / "pack.yaml").read_text(encoding="utf-8")
    assert cardtable(tmp_path, "validate", "my54").stdout == "my54: valid\n"
    assert cardtable(tmp_path, "test", "my54", "-q").stdout.endswith(" passed, 0 failed\n")


def test_a_folder_not_named_as_an_id_keeps_the_id_of_its_pack(tmp_path):
    assert cardtable(tmp_path, "new", "My Duel").exit_code == 0
    assert "\nid: my_pack\n" in (tmp_path / "My Duel" / "pack.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("args, message", [
    (["new", "taken"], "error: taken already exists: give the name of a new folder\n"),
    (["new", "device"], "error: device already exists: give the name of a new folder\n"),
    (["new", "nowhere/duel"], "error: nowhere is not a folder: create it first, or give another place\n"),
    (["new", "duel", "--from", "no_such_pack"],
     "error: no pack \"no_such_pack\" to copy: give a built-in pack's name or a pack's folder\n"),
])
def test_a_folder_is_written_whole_or_not_at_all(tmp_path, args, message):
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine", encoding="utf-8")
    os.mknod(tmp_path / "device")
    result = cardtable(tmp_path, *args)
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", message)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["device", "taken"]
    assert (tmp_path / "taken" / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_a_link_out_of_the_copied_pack_is_not_followed(tmp_path):
    assert cardtable(tmp_path, "new", "duel").exit_code == 0
    (tmp_path / "secret.txt").write_text("not the pack's", encoding="utf-8")
    (tmp_path / "duel" / "cards" / "secret.txt").symlink_to(tmp_path / "secret.txt")
    assert cardtable(tmp_path, "new", "copy", "--from", "duel").exit_code == 0
    assert not (tmp_path / "copy" / "cards" / "secret.txt").exists()
    assert cardtable(tmp_path, "validate", "copy").stdout == "copy: valid\n"


def test_a_copy_that_fails_names_the_folder_asked_for_and_leaves_nothing(tmp_path, monkeypatch):
    # A full disk: the copy's errors name the hidden folder it was made in, with Python's list of them.
    import shutil

    def full(src, dst, **kwargs):
        os.makedirs(dst)
        raise shutil.Error([(str(src), str(dst), f"[Errno 28] No space left on device: '{dst}/pack.yaml'")])
    monkeypatch.setattr(shutil, "copytree", full)
    result = cardtable(tmp_path, "new", "--from", "magic54", "pk")
    assert (result.exit_code, result.output) == (1, "error: pk: cannot write the pack there: the disk is full\n")
    assert os.listdir(tmp_path) == []


def test_a_folder_where_nothing_can_be_made_is_said_of_the_folder_asked_for(tmp_path, monkeypatch):
    import tempfile

    def refused(**kwargs):
        raise PermissionError(1, "Operation not permitted", str(tmp_path / ".pk.x1y2"))
    monkeypatch.setattr(tempfile, "mkdtemp", refused)
    result = cardtable(tmp_path, "new", "pk")
    assert (result.exit_code, result.output) == (1, "error: pk: cannot write the pack there: the folder . may not be "
                                                    "written to\n")


def test_a_new_folder_whose_name_holds_a_control_character_is_named_escaped(tmp_path):
    result = cardtable(tmp_path, "new", "pk\x1b")
    assert result.exit_code == 0
    assert result.output.splitlines()[1] == "next: cardtable validate pk\\x1b; cardtable test pk\\x1b"
    assert result.output.startswith("wrote pk\\x1b: ")


def test_a_copy_keeps_a_file_no_pack_could_read_as_it_is_and_leaves_out_what_is_not_a_file(tmp_path):
    assert cardtable(tmp_path, "new", "duel").exit_code == 0
    cards = tmp_path / "duel" / "cards"
    (cards / "latin1.yaml").write_bytes(b"# yaml-language-server: $schema=../../schemas/cards.schema.json\n"
                                        b"cards: [{name: Caf\xe9}]\n")
    (cards / "extra.yaml").mkdir()          # a folder named as a YAML file
    os.mkfifo(cards / "pipe.yaml")          # the copy would wait on it for ever
    result = cardtable(tmp_path, "new", "copy", "--from", "duel")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "copy" / "cards" / "latin1.yaml").read_bytes() == (cards / "latin1.yaml").read_bytes()
    assert (tmp_path / "copy" / "cards" / "extra.yaml").is_dir()
    assert not os.path.lexists(tmp_path / "copy" / "cards" / "pipe.yaml")
    checked = cardtable(tmp_path, "validate", "copy")
    assert "copy/cards/latin1.yaml:2:19: error: not UTF-8 text: invalid byte 0xe9" in checked.stdout, checked.stdout


def test_a_new_folder_is_named_by_a_text_that_is_not_empty(tmp_path):
    result = cardtable(tmp_path, "new", "")
    assert result.exit_code == 2 and "the new pack's folder is given by a name or a path, not by an empty text" \
        in result.output
