import os

import pytest
import yaml

from cardtable.interpreter.diagnostics import split_lines
from cardtable.interpreter.packs import yamlpos
from cardtable.interpreter.packs.yamlpos import (MAX_BYTES, PosDict, PosList, ScalarInfo, YamlProblem, load_yaml_file,
                                                 load_yaml_text)

LOADERS = [yaml.SafeLoader] + ([yaml.CSafeLoader] if yaml.__with_libyaml__ else [])


@pytest.fixture(params=LOADERS, ids=lambda L: L.__name__)
def loader(request, monkeypatch):
    """Runs a test with libyaml and with the pure-Python parser: both must agree."""
    monkeypatch.setattr(yamlpos, "_Loader", request.param)
    return request.param


def problem(text: str) -> YamlProblem:
    with pytest.raises(YamlProblem) as caught:
        load_yaml_text(text, "f.yaml")
    return caught.value


def where(p: YamlProblem):
    return p.line, p.col, p.message


def char_at(text: str, line: int, col: int) -> str:
    return split_lines(text)[line - 1][col - 1]


# --- the document and its positions -----------------------------------------

def test_plain_data_with_positions(loader):
    text = "name: Ace\ncost: 3\nlist:\n  - one\n  - {a: 1}\nnothing:\n"
    data = load_yaml_text(text, "f.yaml").data
    assert data == {"name": "Ace", "cost": 3, "list": ["one", {"a": 1}], "nothing": None}
    assert isinstance(data, PosDict) and isinstance(data["list"], PosList)
    assert isinstance(data["list"][1], PosDict)
    assert data.pos == (1, 1)
    assert data.key_pos == {"name": (1, 1), "cost": (2, 1), "list": (3, 1), "nothing": (6, 1)}
    assert data.value_pos["name"] == (1, 7)
    assert data.value_pos["cost"] == (2, 7)
    assert data.value_pos["list"] == (4, 3)
    assert data["list"].item_pos == [(4, 5), (5, 5)]
    assert data["list"][1].key_pos == {"a": (5, 6)}
    assert set(data.scalar) == {"name"}
    assert set(data["list"].scalar) == {0}
    assert type(data["name"]) is str and type(data["cost"]) is int


def test_scalar_types_stay_plain(loader):
    data = load_yaml_text("a: 1.5\nb: true\nc: ~\nd: 2024-01-02\ne: '7'\nf: -3\n", "f").data
    assert data == {"a": 1.5, "b": True, "c": None, "d": "2024-01-02", "e": "7", "f": -3}
    assert "d" in data.scalar and "e" in data.scalar and "a" not in data.scalar


def test_a_whole_number_written_with_a_fraction_is_a_whole_number(loader):
    data = load_yaml_text("a: 2.0\nb: 1.0e+3\nc: -0.0\nd: 2.5\ne: .inf\nf: 1.0e+300\n", "f").data
    assert [(k, v, type(v)) for k, v in data.items()] == [
        ("a", 2, int), ("b", 1000, int), ("c", 0, int), ("d", 2.5, float), ("e", float("inf"), float), ("f", 1e300, float)]


def test_keys_kept_as_they_come(loader):
    data = load_yaml_text("2: one\nyes: on\n~: x\n", "f").data
    assert data == {2: "one", True: True, None: "x"}
    assert data.key_pos == {2: (1, 1), True: (2, 1), None: (3, 1)}


def test_columns_count_characters_not_bytes(loader):
    data = load_yaml_text('é😀: "x"\n', "f").data
    assert data.value_pos["é😀"] == (1, 5)
    assert data.scalar["é😀"].locate(1, 1) == (1, 6)


def test_crlf_line_endings(loader):
    text = "a: 1\r\nb: |\r\n  x\r\n  y\r\n"
    data = load_yaml_text(text, "f").data
    assert data == {"a": 1, "b": "x\ny\n"}
    assert data.scalar["b"].locate(2, 1) == (4, 3)


def test_bom_is_ignored(tmp_path):
    path = tmp_path / "bom.yaml"
    path.write_bytes("\ufeffa: b\n".encode("utf-8"))
    loaded = load_yaml_file(path)
    assert loaded.data == {"a": "b"}
    assert loaded.data.value_pos["a"] == (1, 4)


def test_loaded_keeps_file_and_text(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    loaded = load_yaml_file(path)
    assert loaded.filename == str(path)
    assert loaded.text == "a: 1\n"
    assert loaded.lines == ["a: 1", ""]


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n", "---\n"])
def test_empty_document_is_none(text, loader):
    assert load_yaml_text(text, "f").data is None


def test_empty_file(tmp_path):
    path = tmp_path / "empty.yaml"
    path.write_bytes(b"")
    assert load_yaml_file(path).data is None


# --- ScalarInfo.locate ---------------------------------------------------------

def test_scalar_info_fields(loader):
    text = 'a: plain\nb: "dq"\nc: \'sq\'\nd: |\n  lit\ne: >-\n    fold\n'
    s = load_yaml_text(text, "f").data.scalar
    assert (s["a"].line, s["a"].col, s["a"].style, s["a"].text_line, s["a"].text_col) == (1, 4, "plain", 1, 4)
    assert (s["b"].line, s["b"].col, s["b"].style, s["b"].text_line, s["b"].text_col) == (2, 4, '"', 2, 5)
    assert (s["c"].line, s["c"].col, s["c"].style, s["c"].text_line, s["c"].text_col) == (3, 4, "'", 3, 5)
    assert (s["d"].line, s["d"].col, s["d"].style, s["d"].text_line, s["d"].text_col) == (4, 4, "|", 5, 3)
    assert (s["e"].line, s["e"].col, s["e"].style, s["e"].text_line, s["e"].text_col) == (6, 4, ">", 7, 5)


def test_locate_plain_and_quoted_single_line(loader):
    text = "a: draw 2 cards\nb: \"draw 2\"\nc: 'draw 2'\n"
    s = load_yaml_text(text, "f").data.scalar
    for key, start in (("a", 4), ("b", 5), ("c", 5)):
        for inner in range(1, 7):
            assert s[key].locate(1, inner) == (s[key].line, start + inner - 1)


def test_locate_literal_block_exhaustive(loader):
    text = (
        "effects:\n"
        "  play: |\n"
        "    draw 2\n"
        "    if hand > 3:\n"
        "      discard 1\n"
        "\n"
        "    end\n"
        "other: x\n"
    )
    data = load_yaml_text(text, "f").data
    info = data["effects"].scalar["play"]
    value = data["effects"]["play"]
    assert value == "draw 2\nif hand > 3:\n  discard 1\n\nend\n"
    assert (info.text_line, info.text_col) == (3, 5)
    for k, inner in enumerate(value.split("\n"), 1):
        for c, ch in enumerate(inner, 1):
            line, col = info.locate(k, c)
            assert line == 2 + k  # header line + k
            assert col == 4 + c  # block indentation + inner column
            assert char_at(text, line, col) == ch


@pytest.mark.parametrize("header", ["|-", "|+", "|2", "|2-"])
def test_locate_literal_block_variants(header, loader):
    text = f"x:\n  y: {header}\n    base\n      deeper\n\n    end\n"
    data = load_yaml_text(text, "f").data
    info, value = data["x"].scalar["y"], data["x"]["y"]
    for k, inner in enumerate(value.split("\n"), 1):
        for c, ch in enumerate(inner, 1):
            assert char_at(text, *info.locate(k, c)) == ch


def test_locate_literal_in_list_and_top_level(loader):
    text = "- |\n  one\n  two\n"
    data = load_yaml_text(text, "f").data
    assert data.scalar[0].locate(2, 3) == (3, 5)
    assert char_at(text, 3, 5) == "o"
    top = load_yaml_text("--- |\n  go\n", "f")
    assert top.data == "go\n"


def test_locate_literal_with_leading_blank_line(loader):
    text = "a: |\n\n  second\n"
    data = load_yaml_text(text, "f").data
    assert data["a"] == "\nsecond\n"
    assert data.scalar["a"].locate(2, 1) == (3, 3)


def test_locate_escapes_point_at_the_written_characters(loader):
    text = 'a: "x\\ty \\u00e9z \\"q\\""\nb: \'it\'\'s here\'\n'
    s = load_yaml_text(text, "f").data.scalar
    # value 'x\ty éz "q"': the y, z and q after escapes land on their own characters
    assert char_at(text, *s["a"].locate(1, 3)) == "y"
    assert s["a"].locate(1, 2) == (1, 6)  # the escape itself: its backslash
    assert char_at(text, *s["a"].locate(1, 6)) == "z"
    assert s["a"].locate(1, 8) == (1, 18)
    assert char_at(text, *s["a"].locate(1, 9)) == "q"
    # value "it's here": after the doubled quote, columns shift by one
    assert char_at(text, *s["b"].locate(1, 6)) == "h"
    assert s["b"].locate(1, 6) == (2, 11)


def test_locate_multiline_plain_and_quoted(loader):
    text = "a: first line\n  second   line\n     third\nb: \"q one\n  q two\"\n"
    data = load_yaml_text(text, "f").data
    assert data["a"] == "first line second   line third"
    info = data.scalar["a"]
    for c, ch in enumerate(data["a"], 1):
        if ch != " ":
            assert char_at(text, *info.locate(1, c)) == ch
    assert info.locate(1, 12) == (2, 3)
    assert info.locate(1, 26) == (3, 6)
    qinfo = data.scalar["b"]
    assert data["b"] == "q one q two"
    assert qinfo.locate(1, 7) == (5, 3)


def test_locate_folded_block(loader):
    text = "a: >\n  one two\n  three\n\n  para\n    kept\n"
    data = load_yaml_text(text, "f").data
    assert data["a"] == "one two three\npara\n  kept\n"
    info = data.scalar["a"]
    assert info.locate(1, 1) == (2, 3)
    assert info.locate(1, 9) == (3, 3)
    assert info.locate(2, 1) == (5, 3)
    assert info.locate(3, 3) == (6, 5)
    for k, inner in enumerate(data["a"].split("\n"), 1):
        for c, ch in enumerate(inner, 1):
            if ch != " ":
                assert char_at(text, *info.locate(k, c)) == ch


def test_locate_beyond_the_end_keeps_counting(loader):
    s = load_yaml_text("a: abc\nb: |\n  xy\n", "f").data.scalar
    assert s["a"].locate(1, 4) == (1, 7)
    assert s["a"].locate(1, 6) == (1, 9)
    assert s["b"].locate(1, 3) == (3, 5)
    assert s["a"].locate(0, 0) == (1, 4)


def test_scalar_info_can_be_built_by_hand():
    info = ScalarInfo(3, 5, "plain", 3, 5)
    assert info.locate(1, 4) == (3, 8)
    assert ScalarInfo(1, 1, "|", 2, 3).locate(2, 2) == (3, 4)
    assert info == ScalarInfo(3, 5, "plain", 3, 5)


# --- aliases and merge keys ----------------------------------------------------

def test_aliases_are_copied(loader):
    data = load_yaml_text("base: &b {x: 1}\na: *b\nb: *b\n", "f").data
    assert data == {"base": {"x": 1}, "a": {"x": 1}, "b": {"x": 1}}
    assert data["a"] is not data["b"] and data["a"] is not data["base"]
    assert data.value_pos["a"] == (2, 4)
    assert data["a"].key_pos == {"x": (1, 11)}


def test_scalar_alias_keeps_text_position(loader):
    data = load_yaml_text("a: &t hello\nb: *t\n", "f").data
    assert data["b"] == "hello"
    assert data.scalar["b"].locate(1, 2) == (1, 8)


def test_properties_on_scalars_are_skipped(loader):
    text = "a: &t hello\nb: !!str  12\nc: &x\n  on next line\nd: &y |\n  block\n"
    data = load_yaml_text(text, "f").data
    s = data.scalar
    assert (s["a"].line, s["a"].col) == (1, 7)
    assert char_at(text, *s["b"].locate(1, 2)) == "2"
    assert s["c"].locate(1, 1) == (4, 3)
    assert (s["d"].line, s["d"].col, s["d"].text_line) == (5, 7, 6)
    assert s["d"].locate(1, 1) == (6, 3)


def test_merge_keys(loader):
    data = load_yaml_text("base: &b {x: 1, y: 2}\ncard:\n  <<: *b\n  y: 3\n", "f").data
    assert data["card"] == {"x": 1, "y": 3}
    assert data["card"].key_pos["y"] == (4, 3)
    assert data["card"].key_pos["x"] == (1, 11)


def test_merge_list_earlier_wins(loader):
    data = load_yaml_text("a: &a {x: 1}\nb: &b {x: 2, z: 3}\nc:\n  <<: [*a, *b]\n", "f").data
    assert data["c"] == {"x": 1, "z": 3}


def test_merge_key_text_elsewhere_is_text(loader):
    assert load_yaml_text("a: <<\nb: [<<]\n", "f").data == {"a": "<<", "b": ["<<"]}


def test_billion_laughs_is_refused(loader):
    text = 'a: &a ["x","x","x","x","x","x","x","x","x","x"]\n'
    for name, prev in zip("bcdef", "abcde"):
        text += f"{name}: &{name} [{', '.join(['*' + prev] * 10)}]\n"
    p = problem(text)
    assert p.message == "aliases expand to too much data (more than 100,000 values)"
    assert p.line == 5


def test_recursive_alias(loader):
    assert where(problem("a: &a [1, *a]\n")) == (1, 11, 'alias "*a" is inside the value it refers to')


def test_unknown_alias(loader):
    assert where(problem("a: *nope\n")) == (1, 4, 'unknown alias "*nope" (no anchor "&nope" before it)')


def test_duplicate_anchor(loader):
    assert where(problem("a: &x 1\nb: &x 2\n")) == (2, 4, 'duplicate anchor "&x" (first at line 1)')


def test_bad_merge_value(loader):
    assert where(problem("a:\n  <<: 3\n")) == (2, 7, 'a merge key "<<" needs a mapping or a list of mappings')


# --- problems ------------------------------------------------------------------

def test_duplicate_key(loader):
    assert where(problem("a: 1\nb: 2\na: 3\n")) == (3, 1, 'duplicate key "a" (first at line 1)')


def test_duplicate_key_nested(loader):
    p = problem("cards:\n  - id: x\n    name: A\n    id: y\n")
    assert where(p) == (4, 5, 'duplicate key "id" (first at line 2)')


def test_more_than_one_document(loader):
    assert where(problem("a: 1\n---\nb: 2\n")) == (2, 1, "only one YAML document per file")
    assert where(problem("a: 1\n---\nb: [\n")) == (2, 1, "only one YAML document per file")
    assert where(problem("--- a\n--- b\n")) == (2, 1, "only one YAML document per file")
    assert problem("a: 1\n---\nb: 2\n").hint == "split the documents into separate files"


def test_nesting_limit(loader):
    assert where(problem("[" * 100 + "]" * 100)) == (1, 65, "nested too deeply (more than 64 levels)")
    ok = "[" * 64 + "]" * 64
    assert load_yaml_text(ok, "f").data is not None


@pytest.mark.parametrize("text", ["[\n" * 5_000, "- " * 5_000 + "x\n"])
def test_very_deep_nesting_does_not_crash(text, loader):
    # Far deeper than Python's recursion limit; one line of "[" is left to libyaml only,
    # as PyYAML's own scanner is slow (not unsafe) on it.
    assert problem(text).message == "nested too deeply (more than 64 levels)"


def test_one_line_of_brackets_does_not_crash():
    assert problem("[" * 200_000).message == "nested too deeply (more than 64 levels)"


def test_nesting_through_aliases(loader):
    inner = "[" * 40 + "]" * 40
    text = f"a: &a {inner}\nb: " + "[" * 30 + "*a" + "]" * 30 + "\n"
    assert problem(text).message == "nested too deeply (more than 64 levels)"


def test_tab_indentation(loader):
    p = problem("a:\n\tb: 1\n")
    assert (p.line, p.col, p.message, p.hint) == (2, 1, "a tab character is not allowed here", "indent with spaces, not tabs")


def test_colon_in_plain_text(loader):
    p = problem("a: b: c\n")
    assert (p.line, p.col, p.message) == (1, 5, 'unexpected ":" here')
    assert p.hint == 'put quotes around text that contains ": "'


def test_a_script_without_its_bar(loader):
    # The lines under "setup:" are one plain text to YAML, which a ":" in it breaks.
    p = problem("id: x\nsetup:\n  shuffle stock\n  while stock is not empty:\n    draw a card\n")
    assert (p.line, p.col, p.message) == (4, 27, 'unexpected ":" here')
    assert p.hint == ('the text under "setup:" goes on over several lines, which YAML joins into one: write '
                      '"setup: |" to keep them as they are (a script\'s statements), or put the text in quotes')
    # A mapping under a key is not a text.
    assert problem("a:\n  b: c: d\n").hint == 'put quotes around text that contains ": "'


def test_over_indented_line(loader):
    p = problem("name: Ace\n  cost: 3\n")
    assert (p.line, p.col, p.message) == (2, 7, 'unexpected ":" here')
    assert p.hint == "check the indentation of this line against the lines above"


@pytest.mark.parametrize("text, line, col", [("[1]\nfoo\n", 2, 1), ('"a" b\n', 1, 5), ("a: 1\n...\nb: 2\n", 3, 1)])
def test_text_after_the_document(text, line, col, loader):
    p = problem(text)
    assert where(p) == (line, col, "unexpected text after the end of the document")
    assert p.hint == "everything in the file must belong to one top-level mapping or list"


def test_document_markers_alone_are_fine(loader):
    assert load_yaml_text("%YAML 1.1\n---\na: 1\n...\n# end\n", "f").data == {"a": 1}


def test_unclosed_quote_points_at_the_opening_quote(loader):
    assert where(problem('a: "abc\nb: 2\n')) == (1, 4, "the quoted text starting here is never closed")


def test_unclosed_flow_collections(loader):
    assert where(problem("a: {b: 1\n")) == (1, 4, 'the mapping opened with "{" here is never closed')
    assert where(problem("a: [1, 2\n")) == (1, 4, 'the list opened with "[" here is never closed')
    p = problem("a: [1, 2\nb: 3\n")
    assert where(p) == (2, 2, 'expected "," or "]" here')
    assert p.hint == 'the list opened at line 1 needs a "]" (or a comma is missing)'


def test_missing_colon(loader):
    assert where(problem("a: 1\nb\nc: 2\n")) == (2, 1, 'expected ":" after this key')


def test_bad_indentation(loader):
    assert where(problem("a:\n  - x\n - y\n")) == (3, 2, "expected a key here")


def test_character_that_cannot_start_a_value(loader):
    p = problem("a: @x\n")
    assert (p.line, p.col, p.message, p.hint) == (1, 4, 'a value cannot start with "@"', "put quotes around the text")


def test_unknown_escape(loader):
    p = problem('a: "\\q"\n')
    assert (p.line, p.message) == (1, "unknown escape sequence in double-quoted text")


@pytest.mark.parametrize("text, message", [
    ("a: !foo x\n", 'unsupported tag "!foo"'),
    ("a: !!binary aGk=\n", 'unsupported tag "!!binary"'),
    ("a: !!set {x}\n", 'unsupported tag "!!set"'),
    ("a: !!int abc\n", 'cannot read "abc" as !!int'),
])
def test_tags(text, message, loader):
    assert where(problem(text)) == (1, 4, message)


@pytest.mark.parametrize("number", ["9" * 5000, "0x" + "f" * 5000, str(10 ** 18 + 1), str(-10 ** 18 - 1)])
def test_absurdly_long_numbers(number, loader):
    assert where(problem(f"a: {number}\n")) == (1, 4, "this number is too large: numbers are at most 10¹⁸")


def test_long_values_are_clipped_in_messages(loader):
    p = problem(f"a: !!int {'x' * 100}\n")
    assert p.message == 'cannot read "' + "x" * 37 + '..." as !!int'


def test_known_explicit_tags(loader):
    assert load_yaml_text("a: !!str 12\nb: !!int '7'\nc: ! 5\n", "f").data == {"a": "12", "b": 7, "c": "5"}


def test_complex_key(loader):
    assert where(problem("? [a, b]\n: 1\n")) == (1, 3, "a key must be a single value, not a list")


def test_control_character(loader):
    p = problem("a: b\x07\n")
    assert where(p) == (1, 5, "the text contains a control character (U+0007), which YAML does not allow")


def test_nul_in_text(loader):
    assert where(problem("a: 1\nb: x\x00\n")) == (2, 5, "not a text file (it contains binary data)")


# --- files -----------------------------------------------------------------------

def file_problem(path) -> YamlProblem:
    with pytest.raises(YamlProblem) as caught:
        load_yaml_file(path)
    return caught.value


def test_missing_file(tmp_path):
    p = file_problem(tmp_path / "nope.yaml")
    assert (p.filename, p.line, p.col, p.message) == (str(tmp_path / "nope.yaml"), 1, 1, "no such file")


def test_directory(tmp_path):
    assert where(file_problem(tmp_path)) == (1, 1, "this is a folder, not a file")


def test_too_large_is_decided_without_reading(tmp_path, monkeypatch):
    path = tmp_path / "huge.yaml"
    with open(path, "wb") as f:
        f.write(b"a: 1\n" * 1000)
        f.truncate(60 * 1024 * 1024)  # sparse: nothing to write, and nothing must be read
    reads = []
    real_read = os.read

    def watching_read(fd, n):
        reads.append(n)
        return real_read(fd, n)

    monkeypatch.setattr(os, "read", watching_read)
    p = file_problem(path)
    assert where(p) == (1, 1, "the file is too large (60.0 MB; the limit is 10 MB)")
    assert reads == []


def test_a_file_under_the_limit_is_read(tmp_path, monkeypatch):
    path = tmp_path / "ok.yaml"
    path.write_text("a: 1\n")
    monkeypatch.setattr(yamlpos, "MAX_BYTES", 10)
    assert load_yaml_file(path).data == {"a": 1}
    path.write_text("a: 1\nb: 22\n")
    assert file_problem(path).message.startswith("the file is too large")


def test_just_over_the_limit(tmp_path):
    path = tmp_path / "big.yaml"
    with open(path, "wb") as f:
        f.truncate(MAX_BYTES + 1)
    assert file_problem(path).message == "the file is too large (10.0 MB; the limit is 10 MB)"


def test_binary_file(tmp_path):
    path = tmp_path / "img.yaml"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    assert where(file_problem(path)) == (1, 1, "not a text file (it contains binary data)")


def test_invalid_utf8_points_at_the_byte(tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes("a: 1\nname: Caf".encode() + b"\xff" + b"\n")
    p = file_problem(path)
    assert where(p) == (2, 10, "not UTF-8 text: invalid byte 0xff")
    assert p.hint == "save the file as UTF-8"


def test_invalid_utf8_after_multibyte_characters(tmp_path):
    path = tmp_path / "mixed.yaml"
    path.write_bytes("é: ü".encode() + b"\xe9\n")
    assert where(file_problem(path)) == (1, 5, "not UTF-8 text: invalid byte 0xe9")


def test_utf16_file(tmp_path):
    path = tmp_path / "u16.yaml"
    path.write_bytes("a: 1\n".encode("utf-16"))
    assert file_problem(path).message == "not UTF-8 text: the file is saved as UTF-16"


def test_problem_carries_the_file_name():
    p = problem("a: 1\na: 2\n")
    assert p.filename == "f.yaml"
    assert str(p) == 'f.yaml:2:1: duplicate key "a" (first at line 1)'


# --- large files -------------------------------------------------------------------
# Their speed is measured by benchmarks/validate_large.py, not here.

def test_positions_in_a_large_card_file():
    lines = ["cards:"]
    for i in range(4_000):
        lines += [f"  - id: card{i}", f'    name: "Card number {i}"', f"    cost: {i % 7}",
                  "    effect: |", f"      draw {i % 3}"]
    data = load_yaml_text("\n".join(lines) + "\n", "big.yaml").data
    assert len(data["cards"]) == 4_000
    assert data["cards"][3_999].scalar["effect"].locate(1, 1) == (20_001, 7)
    assert data["cards"][3_999].key_pos["cost"] == (19_999, 5)
