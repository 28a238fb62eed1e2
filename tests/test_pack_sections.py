"""The pack front end stays in small pieces: one builder for each section of pack.yaml,
in a table in the schema's order, and no function longer than 60 lines in packs/."""
from __future__ import annotations

import ast
import json
from pathlib import Path

from cardtable.interpreter.packs.sections import SECTIONS

ROOT = Path(__file__).resolve().parent.parent


def test_every_section_of_the_schema_has_one_builder_in_the_schemas_order():
    schema = json.loads((ROOT / "schemas" / "pack.schema.json").read_text(encoding="utf-8"))
    keys = [key for entry in SECTIONS for key in entry.keys]
    assert keys == list(schema["properties"])


def test_a_builder_needs_only_sections_that_have_one():
    firsts = {entry.keys[0] for entry in SECTIONS}
    assert [(entry.keys[0], need) for entry in SECTIONS for need in entry.needs if need not in firsts] == []


def test_no_function_of_the_pack_front_end_is_longer_than_60_lines():
    long = []
    for path in sorted((ROOT / "interpreter" / "packs").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > 60:
                    long.append(f"{path.name}:{node.lineno} {node.name} ({lines} lines)")
    assert long == []
