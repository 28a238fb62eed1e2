"""Where a process a test starts finds this checkout as the package `cardtable`. The
folder above the checkout serves when the checkout is named `cardtable`; a checkout
named otherwise (main/, a CI's folder) is reached through a link of that name in a
temporary folder, removed when the tests end. PYTHONPATH set to the folder above a
checkout named otherwise would import whatever else is named `cardtable` beside it."""
from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_LINKED: list[Path] = []


def importable() -> Path:
    """The folder whose `cardtable` is this checkout."""
    if ROOT.name == "cardtable":
        return ROOT.parent
    if not _LINKED:
        folder = Path(tempfile.mkdtemp(prefix="cardtable-checkout-"))
        (folder / "cardtable").symlink_to(ROOT, target_is_directory=True)
        atexit.register(shutil.rmtree, folder, True)
        _LINKED.append(folder)
    return _LINKED[0]
