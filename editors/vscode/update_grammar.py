"""Writes the DSL's keywords (from grammar/effects.lark) and the keys whose values are
DSL texts (lsp/yamltext.py, KEYS) into syntaxes/cardtable-dsl.injection.json, where the
patterns name them. Run it after the grammar gains a word (tests/test_editors.py says
when): python editors/vscode/update_grammar.py"""
from __future__ import annotations

import json
import re
from pathlib import Path

from cardtable.lsp.language import every_keyword
from cardtable.lsp.yamltext import KEYS

GRAMMAR = Path(__file__).resolve().parent / "syntaxes" / "cardtable-dsl.injection.json"


def main() -> None:
    grammar = json.loads(GRAMMAR.read_text(encoding="utf-8"))
    repo = grammar["repository"]
    keys = "|".join(sorted(KEYS))
    words = "|".join(every_keyword())
    repo["block"]["begin"] = re.sub(r"(?<=\(\?:-\\s\+\)\?\()[^()]*", keys, repo["block"]["begin"])
    repo["inline"]["match"] = re.sub(r"(?<=\(\?<=\[\\s\{,\]\)\)\()[^()]*", keys, repo["inline"]["match"])
    for pattern in repo["dsl"]["patterns"]:
        if pattern["name"] == "keyword.other.cardtable-dsl":
            pattern["match"] = f"\\b({words})\\b"
    GRAMMAR.write_text(json.dumps(grammar, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
