"""Editing a pack's files: the editor page, the diagnostics of the text being typed
(the validator's, with the unsaved text in place of the file), and saving.

A save writes the text as the editor sends it, byte for byte, all or nothing, and
only over the file the editor opened: when the file changed on disk since (another
editor, a `git checkout`), the save is refused with the difference between the two,
and the designer chooses which to keep.
"""
from __future__ import annotations

import difflib

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from ..interpreter.packs.files import ENCODING
from .app import render
from .asked import body
from .pack_pages import problems, served
from .workspace import Conflict, Refused, canonical, digest


def _text(pack, rel: str) -> tuple[str, str]:
    raw = pack.read(rel)
    try:
        return raw.decode("utf-8"), digest(raw)
    except UnicodeDecodeError:
        raise Refused(f'"{rel}" is not UTF-8 text: the workbench edits text files only', 415) from None


def newline(text: str) -> str:
    """How the file ends its lines: "crlf" only when every line break is \\r\\n."""
    return "crlf" if "\r\n" in text and text.count("\n") == text.count("\r\n") else "lf"


def edit_page(request: Request):
    """The editor, on the text left unsaved when there is one (over the file as it was
    then: saving it over a file changed since shows the difference)."""
    pack = served(request)
    rel = canonical(request.path_params["path"])
    pack.path(rel)
    text, sha = _text(pack, rel)
    draft = pack.drafts.get(rel)
    loaded = pack.checked()
    return render(request, "edit.html", pack=pack, rel=rel, text=draft.text if draft else text,
                  sha=draft.base if draft else sha, newline=newline(text), saved=text if draft else None,
                  problems=problems(loaded.report, pack), mixed="\r" in text and newline(text) == "lf")


def file_json(request: Request):
    pack = served(request)
    text, sha = _text(pack, canonical(request.path_params["path"]))
    return JSONResponse({"text": text, "sha": sha})


async def _edited(request: Request) -> tuple[str, str, str | None]:
    """The file's path, the text typed and the version it was typed on, each a text
    (a path of null was read as a file named "None")."""
    data = await body(request, "path", "text")
    rel, text, base = data["path"], data["text"], data.get("base")
    if not isinstance(rel, str) or not isinstance(text, str) or not (base is None or isinstance(base, str)):
        raise Refused("the path, the text and its base must be texts", 400)
    return canonical(rel), text, base


async def check(request: Request):
    """The diagnostics of the pack with the text typed in place of its file (and the
    other files' unsaved texts in theirs); the text is kept as the file's draft."""
    pack = served(request)
    rel, text, base = await _edited(request)
    pack.path(rel)
    from starlette.concurrency import run_in_threadpool

    loaded = await run_in_threadpool(pack.checked, rel, text, base)
    return render(request, "problems.html", pack=pack, problems=problems(loaded.report, pack))


async def save(request: Request):
    pack = served(request)
    rel, text, base = await _edited(request)
    try:
        sha = pack.write(rel, text, base)
    except Conflict as c:
        return JSONResponse({"error": f"{rel} changed on disk since you opened it: nothing was saved",
                             "disk": c.disk, "sha": c.sha,
                             "html": render(request, "conflict.html", rel=rel, diff=diff(c.disk, text, rel)).body
                             .decode("utf-8")}, status_code=409)
    except Refused as e:
        return JSONResponse({"error": str(e)}, status_code=e.status)
    pack.changed()
    size = len(text.encode(*ENCODING))
    return JSONResponse({"sha": sha, "message": f"saved {rel} ({size:,} bytes)"})


def diff(disk: str, mine: str, rel: str) -> str:
    return "".join(difflib.unified_diff(disk.splitlines(keepends=True), mine.splitlines(keepends=True),
                                        f"{rel} (on disk)", f"{rel} (yours)"))


routes = [
    Route("/p/{pack}/edit/{path:path}", edit_page),
    Route("/p/{pack}/file/{path:path}", file_json),
    Route("/p/{pack}/check", check, methods=["POST"]),
    Route("/p/{pack}/save", save, methods=["POST"]),
]
