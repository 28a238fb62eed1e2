"""Where a process a test starts finds this checkout as the package `cardtable`,
whatever the checkout's folder is named (main/, a CI's folder): the benchmarks' own
answer (benchmarks/versions.py, `this_tree`), loaded from its file. PYTHONPATH set to
the folder above a checkout named otherwise would import whatever else is named
`cardtable` beside it."""
from __future__ import annotations

import importlib.util
from pathlib import Path

_VERSIONS = Path(__file__).resolve().parent.parent / "benchmarks" / "versions.py"
_spec = importlib.util.spec_from_file_location("cardtable_benchmark_versions", _VERSIONS)
_versions = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_versions)

importable = _versions.this_tree
