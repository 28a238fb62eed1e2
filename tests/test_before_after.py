"""The scripts that compare two versions of the engine (benchmarks/before_after.py and
search_before_after.py): a git commit taken out whole, each version playing its own copy
of a pack, a pack a version lacks or refuses named with the reason, and the report's
table. Nothing here is timed: the figures are the scripts' to give."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from cardtable.interpreter.diagnostics import Problem

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


@pytest.fixture
def scripts(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCHMARKS))      # the scripts import their neighbours by name
    import before_after
    import search_before_after
    import versions
    return versions, before_after, search_before_after


def git(repo: Path, *args: str) -> str:
    done = subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t", *args],
                          check=True, capture_output=True, text=True)
    return done.stdout.strip()


def test_a_commit_is_taken_out_as_it_was_and_a_pack_it_lacks_is_named(scripts, tmp_path):
    versions = scripts[0]
    repo = tmp_path / "repo"
    (repo / "variants" / "old").mkdir(parents=True)
    git(tmp_path, "init", "-q", str(repo))
    (repo / "variants" / "old" / "pack.yaml").write_text("name: first\n")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "first")
    first = git(repo, "rev-parse", "HEAD")
    (repo / "variants" / "old" / "pack.yaml").write_text("name: second\n")
    (repo / "variants" / "new").mkdir()
    (repo / "variants" / "new" / "pack.yaml").write_text("name: new\n")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "second")
    (tmp_path / "out").mkdir()
    path = versions.extract(first, tmp_path / "out", repo)
    assert path == tmp_path / "out"
    assert (versions.pack_folder(path, "old") / "pack.yaml").read_text() == "name: first\n"
    assert sorted(p.name for p in path.iterdir()) == ["cardtable"]
    assert versions.missing(path, "old") is None
    assert versions.missing(path, "new") == "no pack new in this version (no variants/new/pack.yaml)"


def test_a_refused_pack_comes_back_as_its_first_problem(scripts, tmp_path):
    versions, before_after, _ = scripts
    (tmp_path / "pack.yaml").write_text("name: broken\nplayers: many\n")
    got = versions.run_child(versions.this_tree(), before_after.CHILD, [str(tmp_path), "0", "log", "0"])
    assert set(got) == {"refused"}
    assert got["refused"].startswith(f"{tmp_path / 'pack.yaml'}:")
    assert versions.refusal([]) == "refused by the loader, without a problem named"
    problems = [Problem("p/pack.yaml", 3, 7, 'unknown key "kinds"'), Problem("p/pack.yaml", 9, 1, "x")]
    assert versions.refusal(problems) == 'p/pack.yaml:3:7: unknown key "kinds" (and 1 more problems)'
    assert versions.refusal(problems[:1]) == 'p/pack.yaml:3:7: unknown key "kinds"'


def test_games_that_keep_no_log_are_played_as_those_that_keep_it(scripts):
    versions, before_after, _ = scripts
    folder = str(versions.pack_folder(versions.this_tree(), "magic54"))
    logged = versions.run_child(versions.this_tree(), before_after.CHILD, [folder, "3", "log", "0"])
    quiet = versions.run_child(versions.this_tree(), before_after.CHILD, [folder, "3", "no-log", "0"])
    assert len(logged["decisions"]) == 3 and min(logged["decisions"]) > 0
    assert quiet["decisions"] == logged["decisions"]


def test_players_seats_that_many_at_a_pack_and_a_pack_that_cannot_is_named(scripts):
    # --players: what a decision costs as the table grows; a pack of two says so.
    versions, before_after, _ = scripts
    tree = versions.this_tree()
    two = versions.run_child(tree, before_after.CHILD, [str(versions.pack_folder(tree, "magic54")), "0", "log", "8"])
    assert two == {"refused": "Magic 54 is played by 2 players, not 8"}
    folder = str(versions.pack_folder(tree, "pub_magic"))
    eight = versions.run_child(tree, before_after.CHILD, [folder, "2", "no-log", "8"])
    pair = versions.run_child(tree, before_after.CHILD, [folder, "2", "no-log", "0"])
    assert before_after.not_played({"after": tree}, "magic54", "log", "8") == \
        "after: Magic 54 is played by 2 players, not 8"
    assert min(eight["decisions"]) > max(pair["decisions"])     # eight players decide more a game


def test_a_version_whose_games_always_keep_their_log_is_named(scripts, monkeypatch, capsys):
    versions = scripts[0]
    from cardtable.interpreter.play import batch
    monkeypatch.setattr(batch, "play_random", lambda game, seed: (None, 0))
    with pytest.raises(SystemExit) as stop:
        versions.self_play(None, False)
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == '{"refused": "its games always keep their log (--no-log)"}'
    assert versions.self_play(None, True)(5) == 0


def test_a_checkout_named_otherwise_is_imported_through_a_link_named_cardtable(scripts, tmp_path, monkeypatch):
    versions = scripts[0]
    tree = tmp_path / "main"
    tree.mkdir()
    monkeypatch.setattr(versions, "HERE", tree)
    monkeypatch.setattr(versions, "_TREE", [])
    folder = versions.this_tree()
    assert folder != tmp_path and (folder / "cardtable").resolve() == tree
    assert versions.this_tree() == folder
    monkeypatch.setattr(versions, "HERE", tmp_path / "cardtable")
    assert versions.this_tree() == tmp_path


def test_the_versions_take_turns_going_first(scripts):
    versions = scripts[0]
    assert [versions.in_turn(r) for r in range(3)] == [("before", "after"), ("after", "before"), ("before", "after")]


def test_the_seeds_are_cut_into_rounds_in_order(scripts):
    search = scripts[2]
    assert search.blocks(5, 2) == [[0, 1], [2, 3, 4]]
    assert search.blocks(3, 3) == [[0], [1], [2]]


def test_the_search_report_table(scripts):
    search = scripts[2]

    def round_(imagined, cpu, wins, playouts):
        return {"imagined": imagined, "cpu": cpu, "moves": 10, "searched": 4, "playouts": playouts,
                "games": 2, "wins": wins, "draws": 0}
    before = search.summary([round_(1000, 1.0, 2, 20), round_(3000, 2.0, 1, 20)])
    after = search.summary([round_(3000, 1.0, 2, 30), round_(4000, 2.0, 2, 30)])
    assert before["rates"] == [1000.0, 1500.0] and before["playouts"] == 40 and before["searched"] == 8
    assert search.table({"before": "abc123", "after": "this tree"}, {"before": before, "after": after},
                        "random").splitlines() == [
        "| version | search decisions a second, median of rounds (range) | playouts a searched move "
        "| ms of search a move (all moves) | wins against random [95% interval] | games |",
        "|---|---|---|---|---|---|",
        "| before (abc123) | 1,250 (1,000 to 1,500) | 5.0 | 150.0 | 75.0% [30.1% to 95.4%] | 4 (0 drawn) |",
        "| after (this tree) | 2,500 (2,000 to 3,000) | 7.5 | 150.0 | 100.0% [51.0% to 100.0%] | 4 (0 drawn) |",
        "",
        "after / before, search decisions a second (medians of the rounds): 2.00; round by round 1.33 to 3.00"]
    unknown = search.summary([dict(round_(1000, 1.0, 2, 0), playouts=None, searched=None)])
    assert unknown["playouts"] is None and "| not counted |" in search.table(
        {"before": "a", "after": "b"}, {"before": unknown, "after": unknown}, "random")


def test_without_valgrind_the_instructions_are_not_counted_and_the_report_says_what_to_install(scripts, monkeypatch,
                                                                                                 capsys):
    versions, before_after, _ = scripts
    monkeypatch.setattr(versions.shutil, "which", lambda name: None)
    assert versions.counted(["python", "-c", "pass"]) is None
    assert versions.count_child(versions.this_tree(), before_after.COUNTED, ["x", "1", "no-log", "0"]) is None
    args = type("Args", (), {"instructions": 2, "ref": "main", "log": "no-log", "players": 0})()
    sides = {"before": versions.this_tree(), "after": versions.this_tree()}
    assert before_after.instructions(sides, ["magic54"], {}, args) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "not counted: valgrind is not installed (apt install valgrind)"
