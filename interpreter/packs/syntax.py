"""The DSL texts of a file the schema refused, still read for their syntax: so that a
mistake in the file's structure does not hide the mistakes in its effects, which are
then shown in the same run. Their names are not checked (what the pack declares may
not be known); that comes once the file fits the schema."""
from __future__ import annotations

from ..lang.compiler import Compiler, Names
from .schemacheck import fits_schema, read_yaml

# The keys whose text is DSL, and what reads it (see docs/dsl.md).
TEXT_KEYS = {"effect": "script", "script": "script", "setup": "script", "checks": "script",
             "after_each": "script", "after_all": "script", "dealt": "script", "cost": "script", "do": "script",
             "when": "condition",
             "if": "condition", "derived": "value", "trigger": "trigger", "using": "targets"}
# The keys whose every entry is a DSL text.
ENTRY_KEYS = {"targets": "targets", "define": "value"}


def read_fitting(b, path, schema: str, read=None):
    """A file read and checked against its schema (as schemacheck.read_checked); when
    the schema refuses it, the syntax of its DSL texts is checked too. None when it
    cannot be used."""
    loaded = read_yaml(path, b.report, read)
    if loaded is None:
        return None
    if fits_schema(loaded, schema, b.report):
        return loaded
    check_syntax(b, loaded)
    return None


def check_syntax(b, loaded) -> None:
    comp = getattr(b, "comp", None) or Compiler(Names())
    for container, key, start in _texts(loaded.data):
        comp.parse(b.snippet(loaded, container, key), start)
    for p in comp.problems:
        b.report.add(p.file, p.line, p.col, p.message)
    comp.problems.clear()


def _texts(node):
    """(container, key, start symbol) of each DSL text in a YAML tree."""
    if isinstance(node, list):
        for item in node:
            yield from _texts(item)
        return
    if not isinstance(node, dict):
        return
    for key, value in node.items():
        if isinstance(value, str) and key in TEXT_KEYS:
            yield node, key, TEXT_KEYS[key]
        elif isinstance(value, dict) and key in ENTRY_KEYS:
            yield from ((value, k, ENTRY_KEYS[key]) for k, v in value.items() if isinstance(v, str))
        elif isinstance(value, dict) and key == "evaluation":
            yield from ((f, "value", "value") for f in value.values() if isinstance(f, dict)
                        and isinstance(f.get("value"), str))
        else:
            yield from _texts(value)
