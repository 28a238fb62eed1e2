"""What a pack may read: regular files inside its project and cardtable's shared card
files, nothing else; a refusal is reported on the pack's own line and quotes nothing of
the file refused. Named pipes, devices and loops of links are said to be what they are."""
from __future__ import annotations

import os
import shutil
import stat
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.cli import main
from cardtable.interpreter import infiles
from cardtable.interpreter.infiles import FileProblem, read_file

ROOT = Path(__file__).resolve().parent.parent
MTGPACK = ROOT / "tests" / "data" / "mtgpack"
SECRET = "TOPSECRET-9f2c"
RULE = ("    hint: a pack reads only files in its own folder, in the folder cardtable runs in, in the folders "
        "given with --root, and cardtable's shared card files")


def validate(*args):
    result = CliRunner().invoke(main, ["validate", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def device(path: Path) -> Path:
    """A character device (the null device's numbers) made in a test's own folder."""
    os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    return path


@pytest.fixture
def short_tmp():
    """A folder with a short path, so that the lines the messages quote are never shortened
    (pytest's own folders grow longer with the number of processes it runs)."""
    folder = Path(tempfile.mkdtemp(prefix="ct"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def proj(short_tmp, monkeypatch):
    """A folder proj (where cardtable runs) holding the pack p; a secret beside it, outside."""
    tmp_path = short_tmp
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.txt").write_text(f"4 {SECRET}\n", encoding="utf-8")
    folder = tmp_path / "proj"
    shutil.copytree(MTGPACK, folder / "p")
    edit(folder / "p" / "pack.yaml", "from: ../../../cards/mtg/pool.yaml", "from: mtg/pool")
    monkeypatch.chdir(folder)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def with_list(proj: Path, written: str) -> None:
    edit(proj / "p" / "pack.yaml", "list: decks/main.txt", f"list: {written}")


def first_line(result) -> str:
    return result.stdout.splitlines()[0]


# ------------------------------------------------------------------ a deck's list:

REFUSED_LISTS = {
    "out of the project": ("../../outside/secret.txt", "it is outside the pack's project"),
    "an absolute path elsewhere": ("{tmp}/outside/secret.txt", "it is outside the pack's project"),
    "a file of /proc": ("/proc/self/environ", "a pack reads no system file (in /proc, /sys or /dev)"),
    "/dev/zero": ("/dev/zero", "a pack reads no system file (in /proc, /sys or /dev)"),
    "a hidden folder": ("../.git/config", 'a pack reads no hidden file or folder (a name that starts with ".")'),
}


@pytest.mark.parametrize("written, why", REFUSED_LISTS.values(), ids=REFUSED_LISTS)
def test_a_deck_list_outside_the_project_is_refused_at_the_list_line(proj, written, why):
    (proj / ".git").mkdir()
    (proj / ".git" / "config").write_text(f"token = {SECRET}\n", encoding="utf-8")
    written = written.format(tmp=proj.parent)
    with_list(proj, written)
    for fmt in ("text", "github"):
        result = validate("p", "--format", fmt)
        assert result.exit_code == 1
        assert SECRET not in result.output
    result = validate("p")
    line = f"  main: {{from: pool, list: {written}, size: 6}}"
    expected = [f'p/pack.yaml:43:28: error: cannot read "{written}": {why}', "    " + line, "    " + " " * 27 + "^"]
    if "outside the pack's project" in why:
        expected.append(RULE)
    assert result.stdout.splitlines() == expected + ["1 problem in 1 file"]


def test_a_link_out_of_the_project_is_refused(proj):
    (proj / "p" / "decks" / "link.txt").symlink_to(proj.parent / "outside" / "secret.txt")
    with_list(proj, "decks/link.txt")
    result = validate("p")
    assert first_line(result) == ('p/pack.yaml:43:28: error: cannot read "decks/link.txt": '
                                  "it is a symbolic link to a place outside the pack's project")
    assert SECRET not in result.output


def test_a_link_inside_the_project_is_followed(proj):
    (proj / "p" / "decks" / "link.txt").symlink_to(proj / "p" / "decks" / "main.txt")
    with_list(proj, "decks/link.txt")
    assert validate("p").stdout == "p: valid\n"


NOT_FILES = {
    "a named pipe": (lambda p: os.mkfifo(p), "this is a named pipe (FIFO), not a regular file"),
    "a device": (device, "this is a device, not a regular file"),
    "a folder": (lambda p: p.mkdir(), "this is a folder, not a file"),
    "a loop of links": (lambda p: p.symlink_to(p.name), "the path is a loop of symbolic links"),
}


@pytest.mark.parametrize("make, why", NOT_FILES.values(), ids=NOT_FILES)
def test_a_deck_list_that_is_not_a_regular_file_says_what_it_is(proj, make, why):
    make(proj / "p" / "decks" / "odd.txt")
    with_list(proj, "decks/odd.txt")
    result = validate("p")     # a named pipe is never opened: this returns at once
    assert first_line(result) == f'p/pack.yaml:43:28: error: cannot read "decks/odd.txt": {why}'
    assert result.exit_code == 1


def test_a_path_with_a_nul_character_or_a_long_name(proj):
    with_list(proj, '"decks/a\\0b.txt"')
    assert first_line(validate("p")) == ('p/pack.yaml:43:28: error: cannot read "decks/a\\x00b.txt": '
                                         "the path holds a NUL character")
    edit(proj / "p" / "pack.yaml", '"decks/a\\0b.txt"', "decks/" + "a" * 300 + ".txt")
    assert first_line(validate("p")) == ('p/pack.yaml:43:28: error: cannot read "decks/' + "a" * 54 + '..." (310 characters): '
                                         "a name in the path is longer than 255 characters")


def test_a_missing_deck_list_is_reported_at_its_list_line_with_the_closest_name(proj):
    with_list(proj, "decks/mian.txt")
    assert first_line(validate("p")) == 'p/pack.yaml:43:28: error: no such file "decks/mian.txt"; did you mean "decks/main.txt"?'


# ------------------------------------------------------------------ imports

IMPORT = 'p/pack.yaml:37:11: error: '


def test_an_import_outside_the_project_is_refused(proj):
    secret = proj.parent / "outside" / "cards.yaml"
    secret.write_text(f"cards:\n  - {{name: {SECRET}}}\n", encoding="utf-8")
    edit(proj / "p" / "pack.yaml", "from: mtg/pool", f"from: {secret}")
    result = validate("p", "--format", "github")
    assert result.stdout == (f"::error file=p/pack.yaml,line=37,col=11,title=cardtable::cannot read "
                             f"\"{secret}\": it is outside the pack's project%0Ahint: a pack reads only files in its "
                             f"own folder, in the folder cardtable runs in, in the folders given with --root, and "
                             f"cardtable's shared card files\n")


def test_a_missing_import_never_falls_back_on_a_built_in_file(proj):
    # ../../cards/mtg/pool.yaml does not exist from proj/p: an error, not the shipped pool.
    edit(proj / "p" / "pack.yaml", "from: mtg/pool", "from: ../cards/mtg/pool.yaml")
    assert first_line(validate("p")) == IMPORT + 'no such file "../cards/mtg/pool.yaml"'
    edit(proj / "p" / "pack.yaml", "from: ../cards/mtg/pool.yaml", "from: mtg/pol")
    assert first_line(validate("p")) == IMPORT + 'no such file "mtg/pol"; did you mean "mtg/pool"?'


def test_a_copy_whose_import_leads_into_the_installation_is_told_the_name(proj):
    edit(proj / "p" / "pack.yaml", "from: mtg/pool", "from: ../../../cards/mtg/pool.yaml")
    result = validate("p")
    assert result.stdout.splitlines()[0] == IMPORT + ('cannot read "../../../cards/mtg/pool.yaml": '
                                                      "it is outside the pack's project")
    assert result.stdout.splitlines()[3] == \
        '    hint: cardtable\'s card set "mtg/pool" is imported by its name: write "from: mtg/pool"'


def test_shared_card_sets_are_imported_by_name_from_anywhere(proj, monkeypatch):
    monkeypatch.chdir(proj.parent / "outside")
    assert validate(str(proj / "p")).stdout == f"{proj / 'p'}: valid\n"


def test_root_names_a_folder_the_pack_may_read(proj):
    # A pack beside its shared files, run from elsewhere: --root opens the folder holding both.
    shared = proj / "shared"
    shared.mkdir()
    shutil.copy(MTGPACK / "decks" / "main.txt", shared / "main.txt")
    with_list(proj, "../shared/main.txt")
    os.chdir(proj.parent / "outside")
    pack = str(proj / "p")
    assert first_line(validate(pack)) == (f'{pack}/pack.yaml:43:28: error: cannot read "../shared/main.txt": '
                                          "it is outside the pack's project")
    assert validate(pack, "--root", str(proj)).stdout == f"{pack}: valid\n"


def test_an_import_in_a_card_format_has_the_card_data_size_limit(proj):
    with open(proj / "p" / "cards.json", "wb") as f:
        f.truncate(infiles.DATA_LIMIT + 1)     # sparse: refused on its size, never read
    edit(proj / "p" / "pack.yaml", "from: mtg/pool", "from: cards.json")
    assert first_line(validate("p")) == IMPORT + ('cannot read "cards.json": the file is too large '
                                                  "(256.0 MB; the limit is 256 MB)")


# ------------------------------------------------------------------ card file patterns

TINY = ROOT / "tests" / "data" / "tinypack"


@pytest.fixture
def tiny(tmp_path, monkeypatch):
    shutil.copytree(TINY, tmp_path / "p")
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path / "p"


def test_a_pattern_out_of_the_project_is_not_looked_for(tiny, tmp_path, monkeypatch):
    monkeypatch.chdir(tiny)     # the project is the pack's folder only
    edit(tiny / "pack.yaml", "  - cards/*.yaml", "  - cards/*.yaml\n  - ../elsewhere/*.yaml")
    result = validate(".")
    assert result.stdout.splitlines()[:2] == [
        'pack.yaml:44:5: error: cannot read "../elsewhere/*.yaml": it is outside the pack\'s project',
        "      - ../elsewhere/*.yaml"]


def test_a_card_file_a_pattern_finds_is_refused_when_it_leads_out(tiny, tmp_path):
    secret = tmp_path / "elsewhere" / "x.yaml"
    secret.write_text(f"cards:\n  - {{name: {SECRET}}}\n", encoding="utf-8")
    os.mkfifo(tiny / "cards" / "pipe.yaml")
    (tiny / "cards" / "link.yaml").symlink_to(secret)
    result = validate("p", "--root", str(tmp_path / "p"))
    assert SECRET not in result.output
    # tmp_path is where cardtable runs: the link leads inside the project, the pipe is no file.
    assert result.stdout.splitlines()[0] == ('p/pack.yaml:43:5: error: cannot read "cards/pipe.yaml": '
                                             "this is a named pipe (FIFO), not a regular file")


def test_a_card_file_link_out_of_the_project(tiny, tmp_path, monkeypatch):
    monkeypatch.chdir(tiny)
    (tiny / "cards" / "link.yaml").symlink_to(tmp_path / "elsewhere" / "x.yaml")
    assert first_line(validate(".")) == ('pack.yaml:43:5: error: cannot read "cards/link.yaml": '
                                         "it is a symbolic link to a place outside the pack's project")


# ------------------------------------------------------------------ pack.yaml and scenario files

PACK_YAML = {
    "a named pipe": (lambda p: os.mkfifo(p), "this is a named pipe (FIFO), not a regular file"),
    "a loop of links": (lambda p: p.symlink_to("pack.yaml"), "the path is a loop of symbolic links"),
    "a device": (device, "this is a device, not a regular file"),
}


@pytest.mark.parametrize("make, why", PACK_YAML.values(), ids=PACK_YAML)
def test_a_pack_yaml_that_is_not_a_file_says_what_it_is(tmp_path, monkeypatch, make, why):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "p").mkdir()
    make(tmp_path / "p" / "pack.yaml")
    assert validate("p").stdout == f"p/pack.yaml:1:1: error: {why}\n1 problem in 1 file\n"
    assert validate("p/pack.yaml").stdout == f"p/pack.yaml:1:1: error: {why}\n1 problem in 1 file\n"


def test_the_pack_yaml_of_a_folder_may_not_lead_out_of_the_project(tmp_path, monkeypatch):
    (tmp_path / "proj" / "p").mkdir(parents=True)
    (tmp_path / "secret.yaml").write_text(f"id: {SECRET}\n", encoding="utf-8")
    (tmp_path / "proj" / "p" / "pack.yaml").symlink_to(tmp_path / "secret.yaml")
    monkeypatch.chdir(tmp_path / "proj")
    assert validate("p").stdout == ("p/pack.yaml:1:1: error: cannot read the pack: it is a symbolic link to a "
                                    "place outside the pack's project\n1 problem in 1 file\n")


def test_a_scenario_file_that_leads_out_or_is_a_pipe(tiny, tmp_path, monkeypatch):
    monkeypatch.chdir(tiny)
    (tiny / "tests").mkdir()
    (tmp_path / "elsewhere" / "s.yaml").write_text(f"scenarios: {SECRET}\n", encoding="utf-8")
    (tiny / "tests" / "a.yaml").symlink_to(tmp_path / "elsewhere" / "s.yaml")
    os.mkfifo(tiny / "tests" / "b.yaml")
    result = validate(".")
    assert result.stdout.splitlines() == [
        "tests/a.yaml:1:1: error: cannot read the scenario file: it is a symbolic link to a place outside the "
        "pack's project",
        "tests/b.yaml:1:1: error: this is a named pipe (FIFO), not a regular file",
        "2 problems in 2 files"]
    result = CliRunner().invoke(main, ["test", "."])
    assert (result.exit_code, SECRET in result.output) == (1, False)


# ------------------------------------------------------------------ the one reader

def test_the_reader_takes_only_regular_files_within_the_limit(tmp_path):
    os.mkfifo(tmp_path / "pipe")
    cases = {
        tmp_path / "pipe": "this is a named pipe (FIFO), not a regular file",
        device(tmp_path / "dev"): "this is a device, not a regular file",
        tmp_path: "this is a folder, not a file",
        tmp_path / "none": "no such file",
        tmp_path / "none" / "x": "no such file",
        str(tmp_path / "a\0b"): "the path holds a NUL character",
    }
    for path, message in cases.items():
        with pytest.raises(FileProblem) as caught:
            read_file(path)
        assert caught.value.message == message
    big = tmp_path / "big.txt"
    with open(big, "wb") as f:
        f.truncate(infiles.TEXT_LIMIT + 1)
    with pytest.raises(FileProblem) as caught:
        read_file(big)
    assert caught.value.message == "the file is too large (10.0 MB; the limit is 10 MB)"
    assert len(read_file(big, infiles.DATA_LIMIT)) == infiles.TEXT_LIMIT + 1
