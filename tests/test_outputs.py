"""The files cardtable writes: checked before any game, written whole in their place;
through a link to its target; a named pipe or a device written through, never replaced;
- is standard output; a read-only file refused. Every device here is made in the test's
own folder: never the system's /dev/null, which a rename would replace."""
from __future__ import annotations

import errno
import json
import os
import stat
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.cli import main
from cardtable.interpreter import outfiles
from cardtable.interpreter.diagnostics import shown
from cardtable.interpreter.play import batch


def cli(*args):
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


@pytest.fixture
def no_games(monkeypatch):
    """Fails a test in which a game is played: a refusal must come first."""
    def played(*args, **kwargs):
        raise AssertionError("a game was played")
    monkeypatch.setattr(batch, "run", played)


def records(text: str) -> list[dict]:
    """The game records of a run's file, after its manifest."""
    head, *games = [json.loads(line) for line in text.splitlines()]
    assert head["format"] == "cardtable-run/1"
    return games


# ------------------------------------------------------------------ written through, not replaced

def test_a_named_pipe_is_written_through_to_its_reader(tmp_path):
    pipe = tmp_path / "records.fifo"
    os.mkfifo(pipe)
    got = []
    reader = threading.Thread(target=lambda: got.append(pipe.read_text(encoding="utf-8")))
    reader.start()
    result = cli("simulate", "magic54", "-n", "2", "--out", str(pipe), "--format", "json")
    reader.join(timeout=60)
    assert result.exit_code == 0, result.output
    assert [r["seed"] for r in records(got[0])] == [0, 1]
    assert stat.S_ISFIFO(pipe.lstat().st_mode)


def test_a_character_device_is_written_through_and_stays_a_device(tmp_path):
    null = tmp_path / "null"
    os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    result = cli("simulate", "magic54", "-n", "1", "--out", str(null))
    assert result.exit_code == 0, result.output
    st = null.lstat()
    assert stat.S_ISCHR(st.st_mode) and st.st_rdev == os.makedev(1, 3)
    assert [p.name for p in tmp_path.iterdir()] == ["null"]     # no temporary file left


def test_dash_is_standard_output_and_the_summary_goes_to_standard_error():
    result = cli("simulate", "magic54", "-n", "2", "--out", "-", "--format", "json")
    assert result.exit_code == 0
    assert [r["seed"] for r in records(result.stdout)] == [0, 1]
    assert json.loads(result.stderr)["games"] == 2


# ------------------------------------------------------------------ replaced whole

def test_through_a_link_the_target_is_replaced_and_the_link_stays(tmp_path):
    target = tmp_path / "kept" / "games.jsonl"
    target.parent.mkdir()
    target.write_text("old\n", encoding="utf-8")
    link = tmp_path / "games.jsonl"
    link.symlink_to(target)
    result = cli("simulate", "magic54", "-n", "2", "--out", str(link))
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and link.resolve() == target
    assert [r["seed"] for r in records(target.read_text(encoding="utf-8"))] == [0, 1]
    assert sorted(p.name for p in target.parent.iterdir()) == ["games.jsonl"]


def test_a_replaced_file_keeps_its_permissions(tmp_path):
    out = tmp_path / "games.jsonl"
    out.write_text("old\n", encoding="utf-8")
    out.chmod(0o640)
    assert cli("simulate", "magic54", "-n", "1", "--out", str(out)).exit_code == 0
    assert out.stat().st_mode & 0o777 == 0o640
    assert records(out.read_text(encoding="utf-8"))[0]["seed"] == 0


def test_a_play_record_through_a_link(tmp_path):
    target = tmp_path / "target.jsonl"
    link = tmp_path / "game.jsonl"
    link.symlink_to(target)     # a link to nothing yet: the file it names is made
    result = CliRunner().invoke(main, ["play", "magic54", "--players", "random,random", "--seed", "1",
                                       "--save", str(link)])
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and json.loads(target.read_text(encoding="utf-8"))["seed"] == 1


# ------------------------------------------------------------------ refused before any game

def test_a_read_only_file_is_refused_not_replaced(tmp_path, no_games):
    out = tmp_path / "games.jsonl"
    out.write_text("keep me\n", encoding="utf-8")
    out.chmod(0o444)
    result = cli("simulate", "magic54", "-n", "1", "--out", str(out))
    assert (result.exit_code, result.output) == (
        1, f"error: {out}: cannot write the game records there: the file is read-only\n")
    assert out.read_text(encoding="utf-8") == "keep me\n"


REFUSED = {
    "a folder where no file can be made": (
        "/proc/games.jsonl", "no file can be made in the folder /proc (No such file or directory)"),
    "a folder": ("{tmp}", "it is a folder"),
    "a missing folder": ("{tmp}/no/games.jsonl", "the folder {tmp}/no does not exist"),
    "a file in the way": ("{tmp}/afile/games.jsonl", "a part of the path is a file, not a folder"),
    "a loop of links": ("{tmp}/loop", "the path is a loop of symbolic links"),
    "a NUL character": ("{tmp}/a\0b", "the path holds a NUL character"),
    "a long name": ("{tmp}/" + "a" * 300, "a name in the path is longer than 255 characters"),
}


@pytest.mark.parametrize("path, why", REFUSED.values(), ids=REFUSED)
def test_a_place_that_cannot_be_written_is_refused_before_any_game(tmp_path, no_games, path, why):
    (tmp_path / "afile").write_text("x", encoding="utf-8")
    (tmp_path / "loop").symlink_to("loop")
    path, why = path.format(tmp=tmp_path), why.format(tmp=tmp_path)
    said = shown(path)      # a NUL is printed escaped, a long name shortened
    result = cli("simulate", "magic54", "-n", "1", "--out", path)
    assert (result.exit_code, result.output) == (1, shown(f"error: {said}: cannot write the game records there: {why}") + "\n")
    result = CliRunner().invoke(main, ["play", "magic54", "--save", path])
    assert (result.exit_code, result.output) == (1, shown(f"error: {said}: cannot write the game record there: {why}") + "\n")


def test_a_disk_device_is_refused(tmp_path, no_games):
    disk = tmp_path / "disk"
    os.mknod(disk, stat.S_IFBLK | 0o600, os.makedev(7, 200))
    result = cli("simulate", "magic54", "--out", str(disk))
    assert (result.exit_code, result.output) == (1, f"error: {disk}: cannot write the game records there: "
                                                    f"it is a disk device\n")


@pytest.mark.parametrize("args", [["simulate", "magic54", "--out"], ["simulate", "magic54", "--plot"],
                                  ["play", "magic54", "--save"], ["docs", "--out"]], ids=lambda a: a[-1])
def test_an_empty_text_is_a_usage_error(args, no_games):
    result = cli(*args, "")
    assert result.exit_code == 2
    assert result.output.splitlines()[-1].endswith(f"Invalid value for '{args[-1]}': an empty text names no file: "
                                                   "give a path" + ("" if args[-1] == "--plot" else
                                                                    ", or - for standard output"))


def test_charts_refuse_a_read_only_chart_before_any_game(tmp_path, no_games):
    (tmp_path / "win_rates.png").write_bytes(b"old")
    (tmp_path / "win_rates.png").chmod(0o444)
    result = cli("simulate", "magic54", "--plot", str(tmp_path))
    assert (result.exit_code, result.output) == (
        1, f"error: {tmp_path / 'win_rates.png'}: cannot write the charts there: the file is read-only\n")
    result = cli("simulate", "magic54", "--plot", "-")
    assert result.exit_code == 2
    assert "the charts are files in a folder: give a folder, not - (standard output)" in result.output


# ------------------------------------------------------------------ docs --out

def test_docs_out_on_a_full_disk_names_the_file_and_keeps_the_old_one(tmp_path, monkeypatch):
    out = tmp_path / "dsl.md"
    out.write_text("old reference\n", encoding="utf-8")
    real_write = os.write

    def full(fd, data):
        if fd > 2:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)
    monkeypatch.setattr(outfiles.os, "write", full)
    result = cli("docs", "--out", str(out))
    assert (result.exit_code, result.output) == (
        1, f"error: {out}: cannot write the DSL reference there: the disk is full\n")
    assert out.read_text(encoding="utf-8") == "old reference\n"
    assert [p.name for p in tmp_path.iterdir()] == ["dsl.md"]


def test_docs_out_dash_and_check(tmp_path):
    result = cli("docs", "--out", "-")
    assert result.exit_code == 0 and result.stdout.startswith("# The effect DSL")
    assert cli("docs", "--check", "--out", "-").exit_code == 2
    os.mkfifo(tmp_path / "pipe")
    result = cli("docs", "--check", "--out", str(tmp_path / "pipe"))
    assert (result.exit_code, result.output) == (
        1, f"error: {tmp_path / 'pipe'}: this is a named pipe (FIFO), not a regular file\n")


def test_the_writer_leaves_nothing_behind_when_a_write_fails(tmp_path, monkeypatch):
    out = tmp_path / "x.txt"
    monkeypatch.setattr(outfiles.os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(errno.EIO, "I/O error")))
    with pytest.raises(outfiles.OutputError) as caught:
        outfiles.write_output(str(out), "text", "the text")
    assert str(caught.value) == f"{out}: cannot write the text there: I/O error"
    assert list(tmp_path.iterdir()) == []
    assert Path(out).exists() is False


def test_play_save_dash_ends_standard_output_with_the_record():
    result = CliRunner().invoke(main, ["play", "magic54", "--players", "random,random", "--seed", "1", "--save", "-"])
    assert result.exit_code == 0
    record = json.loads(result.stdout.splitlines()[-1])
    assert (record["seed"], record["source"]) == (1, "magic54")
    assert "saved the game to" not in result.stdout


def _pack_copy(tmp_path) -> Path:
    root = Path(__file__).parent.parent
    import shutil
    shutil.copytree(root / "variants" / "magic54", tmp_path / "pk", ignore=shutil.ignore_patterns("tests"))
    return tmp_path / "pk"


def test_an_output_that_is_a_file_the_command_reads_is_refused_and_kept(tmp_path, no_games):
    pack = _pack_copy(tmp_path)
    for target in (pack / "pack.yaml", pack / "cards" / "creatures.yaml"):
        before = target.read_bytes()
        result = cli("simulate", str(pack), "-n", "3", "--out", str(target))
        assert (result.exit_code, result.output) == (1, f"error: {target}: cannot write the game records there: it is "
                                                        f"a file this command reads ({target}): give another file\n")
        assert target.read_bytes() == before
    # Through a link to it, too.
    link = tmp_path / "out.jsonl"
    link.symlink_to(pack / "pack.yaml")
    result = cli("simulate", str(pack), "-n", "3", "--out", str(link))
    assert result.exit_code == 1 and "it is a file this command reads" in result.output


def test_a_deck_list_is_not_replaced_by_the_run_that_reads_it(tmp_path, no_games):
    deck = tmp_path / "deck.txt"
    deck.write_text("90 Dryad Arbor\n", encoding="utf-8")
    result = cli("simulate", "pub_magic", "-n", "1", "--deck", str(deck), "--out", str(deck))
    assert (result.exit_code, result.output) == (1, f"error: {deck}: cannot write the game records there: it is a "
                                                    f"file this command reads ({deck}): give another file\n")
    assert deck.read_text(encoding="utf-8") == "90 Dryad Arbor\n"


def test_play_refuses_to_save_over_its_pack_before_the_game(tmp_path):
    pack = _pack_copy(tmp_path)
    target = pack / "pack.yaml"
    before = target.read_bytes()
    result = cli("play", str(pack), "--players", "random,random", "--save", str(target))
    assert (result.exit_code, result.output) == (1, f"error: {target}: cannot write the game record there: it is a "
                                                    f"file this command reads ({target}): give another file\n")
    assert target.read_bytes() == before


def test_resume_refuses_a_file_of_one_line_that_is_no_run(tmp_path, no_games):
    notes = tmp_path / "notes.txt"
    notes.write_text("my precious notes", encoding="utf-8")
    result = cli("simulate", "magic54", "-n", "3", "--out", str(notes), "--resume")
    assert (result.exit_code, result.output) == (1, f"{notes}:1:1: error: the file has no manifest on its first line: "
                                                    f"it was not written by a run of cardtable {cardtable_version()}, "
                                                    f"and --resume cannot tell which games it holds\n")
    assert notes.read_text(encoding="utf-8") == "my precious notes"


def cardtable_version() -> str:
    from cardtable import __version__
    return __version__


def test_resume_starts_again_over_a_manifest_cut_off(tmp_path):
    out = tmp_path / "run.jsonl"
    assert cli("simulate", "magic54", "-n", "3", "--out", str(out)).exit_code == 0
    whole = out.read_text(encoding="utf-8")
    out.write_text(whole[:30], encoding="utf-8")        # killed while it wrote the manifest
    assert cli("simulate", "magic54", "-n", "3", "--out", str(out), "--resume").exit_code == 0
    assert out.read_text(encoding="utf-8") == whole


@pytest.mark.parametrize("line, said", [
    ("[" * 100000 + "]" * 100000, "1:1: error: not a line of a run: lists or mappings nested too deep"),
    ('{"seed": ' + "9" * 5000 + "}", "1:10: error: not a line of a run: a number of 5,000 digits (a record's "
                                     "numbers have at most 100)"),
    ('{"seed": NaN}', "1:1: error: not a line of a run: NaN is not a number JSON has"),
], ids=["nested", "long number", "NaN"])
def test_resume_refuses_a_line_too_deep_or_a_number_too_long(tmp_path, no_games, line, said):
    out = tmp_path / "run.jsonl"
    out.write_text(line + "\n", encoding="utf-8")
    result = cli("simulate", "magic54", "-n", "3", "--out", str(out), "--resume")
    assert (result.exit_code, result.output) == (1, f"{out}:{said}\n")


def test_resume_holds_a_games_line_to_the_digits_of_a_record(tmp_path):
    """A count of the stats that no other part checks, of 151 digits, is refused as
    replay refuses it, not summed into a mean of 10^150 options a decision."""
    out = tmp_path / "run.jsonl"
    assert cli("simulate", "magic54", "-n", "2", "--out", str(out)).exit_code == 0
    manifest, game, _ = out.read_text(encoding="utf-8").split("\n", 2)
    options = json.loads(game)["stats"]["options"]
    long = game.replace(f'"options":{options},', '"options":1' + "0" * 150 + ",")
    out.write_text(f"{manifest}\n{long}\n", encoding="utf-8")
    result = cli("simulate", "magic54", "-n", "2", "--out", str(out), "--resume")
    column = long.index('"options":1') + len('"options":') + 1
    assert (result.exit_code, result.output) == (1, f"{out}:2:{column}: error: not a line of a run: a number of "
                                                    f"151 digits (a record's numbers have at most 100)\n")


@pytest.mark.parametrize("args, what", [(["simulate", "magic54", "-n", "2", "--out", "-"], "the game records"),
                                        (["docs", "--out", "-"], "the DSL reference")], ids=["simulate", "docs"])
def test_standard_output_closed_is_said(args, what):
    import subprocess
    import sys
    command = " ".join(f"'{a}'" for a in [sys.executable, "-m", "cardtable.cli", *args])
    done = subprocess.run(["sh", "-c", command + " >&-"], capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stderr) == (1, f"error: standard output: cannot write {what} there: it is closed\n")


def test_docs_check_says_a_file_missing_or_out_of_date(tmp_path):
    missing = tmp_path / "dsl.md"
    result = cli("docs", "--check", "--out", str(missing))
    assert (result.exit_code, result.output) == (1, f"error: {missing} does not exist: run `cardtable docs --out "
                                                    f"{missing}`\n")
    missing.write_text("# old\n", encoding="utf-8")
    result = cli("docs", "--check", "--out", str(missing))
    assert (result.exit_code, result.output) == (1, f"error: {missing} is out of date: run `cardtable docs --out "
                                                    f"{missing}`\n")
    assert cli("docs", "--out", str(missing)).exit_code == 0
    assert cli("docs", "--check", "--out", str(missing)).output == f"{missing} is up to date\n"


@pytest.mark.parametrize("args", [["replay", "{folder}"], ["simulate", "pub_magic", "-n", "1", "--deck", "{folder}"],
                                  ["play", "magic54", "--deck", "{folder}"]], ids=["replay", "simulate", "play"])
def test_a_folder_given_for_a_file_is_an_input_error(tmp_path, args):
    result = cli(*[a.format(folder=tmp_path) for a in args])
    assert (result.exit_code, result.output) == (1, f"{tmp_path}: error: this is a folder, not a file\n")


def test_a_name_with_a_line_break_is_said_on_one_line(tmp_path, no_games):
    target = tmp_path / "no\ndir" / "x.jsonl"
    result = cli("simulate", "magic54", "-n", "1", "--out", str(target))
    folder = str(tmp_path).replace("\\", "\\\\")
    assert (result.exit_code, result.output) == (1, f"error: {folder}/no\\ndir/x.jsonl: cannot write the game records "
                                                    f"there: the folder {folder}/no\\ndir does not exist\n")


def test_an_output_is_never_one_of_cardtables_own_files(tmp_path):
    # Checked without writing: replaced, the grammar would break every command after.
    from cardtable.interpreter.lang.dsl import grammar_path
    from cardtable.interpreter.outfiles import OutputError, check_output
    from cardtable.interpreter.packs.schemacheck import schema_path

    link = tmp_path / "reference.md"
    link.symlink_to(schema_path("pack"))
    for path in (str(grammar_path()), str(link)):
        with pytest.raises(OutputError) as refused:
            check_output(path, "the DSL reference")
        assert str(refused.value) == (f"{path}: cannot write the DSL reference there: it is one of cardtable's own "
                                      "files, which every command reads: give another file")
    check_output(str(tmp_path / "effects.lark"), "the DSL reference")


@pytest.mark.parametrize("args", [
    ["sweep", "magic54", "-n", "2", "--set", "starting_life=5,6", "--out", "c/sweep.png", "--plot", "c"],
    ["simulate", "magic54", "-n", "2", "--plot", "c", "--out", "c/../c/win_rates.png"],
    ["impact", "magic54", "-n", "2", "--only", "King", "--out", "c/impact.png", "--plot", "c"],
])
@pytest.mark.parametrize("there", [True, False])
def test_two_outputs_of_a_command_never_name_one_file(tmp_path, monkeypatch, args, there):
    # Said whichever option comes first, and whether or not the charts' folder is there yet
    # (--plot makes it): before, a folder not yet made was said first, as a missing folder.
    monkeypatch.chdir(tmp_path)
    if there:
        (tmp_path / "c").mkdir()
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert "Invalid value for '--out': it names a file that --plot names too: give each its own place" in result.stderr
    assert list((tmp_path / "c").iterdir()) == [] if there else not (tmp_path / "c").exists()


def test_a_folder_of_charts_that_is_a_link_to_nothing_is_refused_before_any_game(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "charts").symlink_to("missing/plots")
    result = CliRunner().invoke(main, ["simulate", "magic54", "-n", "300", "--plot", "charts"])
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == ("error: charts: cannot write the charts there: charts is a symbolic link to "
                             "missing/plots, which does not exist\n")
