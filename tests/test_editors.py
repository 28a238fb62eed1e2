"""The VS Code extension (editors/vscode/) keeps up with the code: it starts the
command that exists, ships the schemas `validate` checks against, and its grammar
colours the keys whose values are DSL texts and the keywords of the DSL's grammar."""
from __future__ import annotations

import json
import re
from pathlib import Path

from cardtable.cli import main
from cardtable.interpreter.packs.schemacheck import schema_path
from cardtable.lsp.language import every_keyword
from cardtable.lsp.yamltext import KEYS

ROOT = Path(__file__).resolve().parent.parent
VSCODE = ROOT / "editors" / "vscode"
GRAMMAR = json.loads((VSCODE / "syntaxes" / "cardtable-dsl.injection.json").read_text(encoding="utf-8"))


def alternatives(pattern: str, after: str) -> list[str]:
    """The words of the first group of alternatives `(a|b|c)` that follows `after`."""
    group = re.search(re.escape(after) + r"\(([^()]*)\)", pattern)
    return group.group(1).split("|")


def test_the_extension_starts_cardtable_lsp():
    package = json.loads((VSCODE / "package.json").read_text(encoding="utf-8"))
    settings = package["contributes"]["configuration"]["properties"]
    assert settings["cardtable.command"]["default"] == "cardtable"
    assert settings["cardtable.args"]["default"] == ["lsp"] and "lsp" in main.commands
    assert (VSCODE / package["main"]).is_file()
    assert package["dependencies"] == {"vscode-languageclient": "^9.0.1"}


def test_the_extension_ships_the_schemas_of_validate():
    package = json.loads((VSCODE / "package.json").read_text(encoding="utf-8"))
    urls = {v["fileMatch"]: v["url"] for v in package["contributes"]["yamlValidation"]}
    assert urls == {"pack.yaml": "./schemas/pack.schema.json", "**/cards/**/*.yaml": "./schemas/cards.schema.json",
                    "**/tests/*.yaml": "./schemas/scenario.schema.json"}
    copied = re.search(r"for \(const name of \[([^\]]*)\]\)", (VSCODE / "copy-schemas.js").read_text(encoding="utf-8"))
    names = [n.strip().strip('"') for n in copied.group(1).split(",")]
    assert sorted(f"./schemas/{n}.schema.json" for n in names) == sorted(urls.values())
    assert all(schema_path(n).is_file() for n in names)


def test_the_grammar_colours_the_keys_and_keywords_of_the_dsl():
    keys = sorted(KEYS)
    repo = GRAMMAR["repository"]
    assert sorted(alternatives(repo["block"]["begin"], "(?:-\\s+)?")) == keys
    assert sorted(alternatives(repo["inline"]["match"], "(?<=[\\s{,]))")) == keys
    keyword = next(p for p in repo["dsl"]["patterns"] if p["name"] == "keyword.other.cardtable-dsl")
    assert sorted(alternatives(keyword["match"], "\\b")) == every_keyword(), "run python editors/vscode/update_grammar.py"


def test_the_grammar_finds_the_dsl_texts_of_a_pack():
    block = re.compile(GRAMMAR["repository"]["block"]["begin"])
    inline = re.compile(GRAMMAR["repository"]["inline"]["match"])
    lines = (ROOT / "variants" / "magic54" / "pack.yaml").read_text(encoding="utf-8").split("\n")
    blocks = [(n, m.group(2)) for n, m in enumerate(map(block.match, lines), 1) if m]
    assert blocks == [(106, "setup"), (114, "script"), (122, "script"), (128, "script"), (136, "script"),
                      (139, "script"), (156, "script"), (175, "after_each"), (179, "checks")]
    assert inline.search("        when: fast and turn > 2  # late").group(3) == "fast and turn > 2"
    assert inline.search(lines[55]).group(3) == "deal strength of this damage to target"
    assert block.match("    description: |") is None and inline.search("    description: Deals damage") is None
