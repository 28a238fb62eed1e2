"""The DSL reference is generated: the committed file must match the code."""
from pathlib import Path

from cardtable.interpreter.lang.docgen import dsl_reference
from cardtable.interpreter.lang.registry import ENTRIES, KINDS

ROOT = Path(__file__).resolve().parent.parent


def test_dsl_reference_is_up_to_date():
    committed = (ROOT / "docs" / "dsl.md").read_text(encoding="utf-8")
    assert committed == dsl_reference(), "docs/dsl.md is stale: run `cardtable docs`"


def test_every_grammar_rule_that_means_something_is_in_the_registry():
    grammar = (ROOT / "grammar" / "effects.lark").read_text(encoding="utf-8")
    for rule in ("deal", "draw", "put", "discard", "shuffle", "tap", "untap", "choose", "divide",
                 "window", "redirect", "prevent", "pay", "compare", "count", "selector", "on_enter"):
        assert rule in ENTRIES, rule
        assert rule in grammar, rule


def test_every_entry_says_what_it_does_in_one_line():
    for entry in ENTRIES.values():
        assert entry.kind in KINDS
        assert entry.description and "\n" not in entry.description, entry.rule
        assert entry.syntax, entry.rule


def test_every_placeholder_in_a_syntax_is_a_typed_parameter():
    import re
    for entry in ENTRIES.values():
        placeholders = set(re.findall(r"\b[A-Z][A-Z_]+\b", entry.syntax))
        names = {p.name for p in entry.params}
        assert placeholders <= names, (entry.rule, placeholders - names)
        for p in entry.params:
            assert p.type, (entry.rule, p.name)


def test_every_recipe_is_a_script_of_the_language():
    from cardtable.interpreter.lang.docgen import RECIPES
    from cardtable.interpreter.lang.dsl import parse
    assert RECIPES
    for title, _, code in RECIPES:
        assert parse(code, "script").children, title


def test_the_heading_of_choosing_a_number_shows_up_to_one():
    text = (Path(__file__).parent.parent / "docs" / "dsl.md").read_text()
    assert '### `[PLAYER] choose(s) a|up to one number from A to B [where CONDITION] as NAME' in text
