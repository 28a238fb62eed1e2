"""`cardtable serve`: the designer's workbench, a local web app over the engine.

It shows a pack's cards and sections, edits its files with the diagnostics of
`cardtable validate`, plays it from one seat's view, simulates and compares it, and
replays game records. Every rule stays in the engine: the pages only show what the
engine's API gives (load_pack, Game and GameState, observation, agents, batches,
compare, records, the validator's Report).

It needs the `serve` extra (Starlette, Jinja2, uvicorn, watchfiles):
`pip install 'cardtable[serve]'`. `missing()` names what is not installed.
"""
from __future__ import annotations

import importlib.util

# The modules of the extra, by the distribution that provides each.
NEEDED = {"starlette": "starlette", "jinja2": "Jinja2", "uvicorn": "uvicorn", "watchfiles": "watchfiles"}
INSTALL = "pip install 'cardtable[serve]'"


def missing() -> list[str]:
    """The distributions of the serve extra that are not installed."""
    return [dist for module, dist in NEEDED.items() if importlib.util.find_spec(module) is None]
