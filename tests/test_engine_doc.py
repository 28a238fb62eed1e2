"""docs/engine.md shows a program and what it prints: both must stay true."""
from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

DOC = Path(__file__).resolve().parent.parent / "docs" / "engine.md"


def test_the_example_prints_what_the_page_shows():
    text = DOC.read_text(encoding="utf-8")
    found = re.search(r"```python\n(.*?)```\n\nprints\n\n```\n(.*?)```", text, re.S)
    assert found, "docs/engine.md has no example followed by its output"
    program, shown = found.groups()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(program, str(DOC), "exec"), {"__name__": "example"})
    assert out.getvalue() == shown
