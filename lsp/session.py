"""The server's state: the packs of the open documents, their checks, and the
diagnostics published for each file.

A change to a document checks its pack again in the worker thread; changes that
arrive meanwhile are taken by one more check when it ends (never two checks of a
pack at once, never a result older than the texts published). Diagnostics are
published for every file of the pack whose problems changed, open or not, and for
each file just opened.
"""
from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from lsprotocol import types
from pygls import uris

from ..interpreter.diagnostics import split_lines
from ..interpreter.infiles import FileProblem, path_problem, read_file
from . import actions, features
from .checks import PackCheck, file_key, pack_folder
from .names import PackNames
from .ranges import Units, diagnostic
from .symbols import outline

_LINE_BREAK = re.compile("\r\n|\r|\n")


class Session:
    def __init__(self, server):
        self.server = server
        self.packs: dict[Path, PackCheck] = {}
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardtable-check")
        self.running: set[Path] = set()
        self.again: set[Path] = set()
        self.checked: dict[Path, asyncio.Event] = {}     # set once a pack's first check is done
        self.shown: dict[Path, dict] = {}          # pack folder -> the problems published, by file
        self.fresh: set[Path] = set()              # files opened, whose diagnostics are still to publish
        self.whole_due: set[Path] = set()          # packs whose files changed on the disk

    # ------------------------------------------------------------ documents
    def path(self, uri: str) -> Path | None:
        """The file a document's URI names, or None: a document that is no file (untitled:),
        or whose path no file system takes (a NUL character, a name of over 255 characters),
        belongs to no pack, and leaves the other documents' checks alone."""
        fs = uris.to_fs_path(uri)
        if not fs or path_problem(fs):
            return None
        try:
            return Path(fs).resolve()
        except (OSError, ValueError):
            return None

    def text(self, path: Path) -> str | None:
        """The text of an open document, or None."""
        return self.opened(uris.from_fs_path(str(path)))

    def opened(self, uri: str) -> str | None:
        """The text of the document the editor opened at `uri`, or None (a question about a
        document it never opened has no answer). Half a character an edit left ("\\ud83d")
        reads as "?", in its place: the checks read UTF-8."""
        doc = self.server.workspace.text_documents.get(uri)
        if doc is None:
            return None
        text = doc.source
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            text = text.encode("utf-8", "replace").decode("utf-8")
        return text

    def pack_of(self, uri: str) -> PackCheck | None:
        path = self.path(uri)
        folder = pack_folder(path) if path is not None else None
        if folder is None:
            return None
        if folder not in self.packs:
            self.packs[folder] = PackCheck(folder)
            self.checked[folder] = asyncio.Event()
        return self.packs[folder]

    def known(self, uri: str) -> bool:
        """Whether the file belongs to a pack the editor has opened a file of."""
        path = self.path(uri)
        folder = pack_folder(path) if path is not None else None
        return folder in self.packs

    def open_texts(self, folder: Path) -> dict[str, str]:
        """The texts of the open documents inside a pack's folder, by key."""
        out = {}
        for uri in list(self.server.workspace.text_documents):
            path = self.path(uri)
            key = file_key(folder, path) if path is not None else None
            text = self.opened(uri) if key is not None else None
            if text is not None:
                out[key] = text
        return out

    # --------------------------------------------------------------- checks
    async def changed(self, uri: str, opened: bool = False, whole: bool = False) -> None:
        """A document of a pack changed (or opened, or closed): check the pack again.
        `whole`: files may have changed on the disk, so no edit is checked alone."""
        pack = self.pack_of(uri)
        if pack is None:
            return
        if opened:
            self.fresh.add(self.path(uri))
        if whole:
            self.whole_due.add(pack.folder)
        if pack.folder in self.running:
            self.again.add(pack.folder)
            return
        self.running.add(pack.folder)
        try:
            loop = asyncio.get_running_loop()
            while True:
                self.again.discard(pack.folder)
                texts = self.open_texts(pack.folder)
                due = pack.folder in self.whole_due
                self.whole_due.discard(pack.folder)
                await loop.run_in_executor(self.worker, pack.run, texts, due)
                if pack.folder not in self.again:
                    break
            self.publish(pack)
        finally:
            self.running.discard(pack.folder)
            self.checked[pack.folder].set()

    def publish(self, pack: PackCheck) -> None:
        """Diagnostics of each file whose problems changed (and of files just opened);
        an empty list for files that had problems and have none now."""
        units = Units(self.server.workspace.position_codec)
        open_files = {pack.folder / key for key in self.open_texts(pack.folder)}
        before = self.shown.get(pack.folder, {})
        now = {path: problems for path, problems in pack.problems.items()}
        for path in now.keys() | before.keys() | (open_files & self.fresh):
            problems = now.get(path, [])
            if before.get(path) == problems and path not in self.fresh:
                continue
            text = self.text(path)
            lines = split_lines(text if text is not None else pack.sources.get(path, ""))
            self.server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
                uri=uris.from_fs_path(str(path)), diagnostics=[diagnostic(p, lines, units) for p in problems]))
        self.fresh -= open_files
        self.shown[pack.folder] = now

    # ------------------------------------------------------------ questions
    def units(self) -> Units:
        return Units(self.server.workspace.position_codec)

    def at(self, uri: str, position: types.Position) -> tuple[list[str], int, int] | None:
        """The lines of an open document (as the client counts them) and a position in
        characters; None for a document the editor did not open."""
        text = self.opened(uri)
        if text is None:
            return None
        lines = _LINE_BREAK.split(text)
        row = position.line
        col = self.units().column(lines[row], position.character) if 0 <= row < len(lines) else 0
        return lines, row, col

    async def names(self, uri: str) -> PackNames | None:
        """The names of the document's pack, once its first check is done."""
        pack = self.pack_of(uri)
        if pack is None:
            return None
        if pack.folder in self.running:
            await self.checked[pack.folder].wait()
        return PackNames(pack.build) if pack.build is not None else None

    async def hover(self, uri: str, position: types.Position) -> types.Hover | None:
        at = self.at(uri, position)
        said = features.hover(*at, await self.names(uri)) if at is not None else None
        if said is None:
            return None
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=said))

    async def definition(self, uri: str, position: types.Position) -> list[types.Location]:
        out = []
        at = self.at(uri, position)
        for d in features.definitions(*at, await self.names(uri)) if at is not None else ():
            path = Path(d.file).resolve()
            text = self.text(path)
            line = ""
            if text is None:
                # The file the pack read, read again within the same limits (it may have
                # changed on disk since): the line only places the cursor.
                try:
                    text = read_file(path, note=False).decode("utf-8", errors="replace")
                except FileProblem:
                    text = None
            if text is not None:
                lines = _LINE_BREAK.split(text)
                line = lines[d.line - 1] if d.line - 1 < len(lines) else ""
            at = types.Position(d.line - 1, self.units()(line, d.col - 1))
            out.append(types.Location(uri=uris.from_fs_path(str(path)), range=types.Range(at, at)))
        return out

    async def completion(self, uri: str, position: types.Position) -> types.CompletionList:
        at = self.at(uri, position)
        items = features.completions(*at, await self.names(uri)) if at is not None else []
        return types.CompletionList(is_incomplete=False, items=items)

    def symbols(self, uri: str) -> list[types.DocumentSymbol]:
        text = self.opened(uri)
        if text is None:
            return []
        return outline(text, self.server.workspace.text_documents[uri].path or uri, self.units())

    def code_actions(self, uri: str, diagnostics) -> list[types.CodeAction]:
        text = self.opened(uri)
        if text is None:
            return []
        return actions.quick_fixes(uri, _LINE_BREAK.split(text), diagnostics, self.units())
