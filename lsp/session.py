"""The server's state: the packs of the open documents, their checks, and the
diagnostics published for each file.

A change to a document checks its pack again in the worker thread; changes that
arrive meanwhile are taken by one more check when it ends (never two checks of a
pack at once, never a result older than the texts published). Diagnostics are
published for every file of the pack that has problems, open or not, and cleared
for the files that had some and have none now.
"""
from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from lsprotocol import types
from pygls import uris

from ..interpreter.diagnostics import split_lines
from .checks import PackCheck, file_key, pack_folder
from .ranges import Units, diagnostic


class Session:
    def __init__(self, server):
        self.server = server
        self.packs: dict[Path, PackCheck] = {}
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardtable-check")
        self.running: set[Path] = set()
        self.again: set[Path] = set()
        self.published: dict[Path, set[Path]] = {}    # pack folder -> files with diagnostics shown

    # ------------------------------------------------------------ documents
    def path(self, uri: str) -> Path | None:
        fs = uris.to_fs_path(uri)
        return Path(fs).resolve() if fs else None

    def text(self, path: Path) -> str | None:
        """The text of an open document, or None."""
        doc = self.server.workspace.text_documents.get(uris.from_fs_path(str(path)))
        return doc.source if doc is not None else None

    def pack_of(self, uri: str) -> PackCheck | None:
        path = self.path(uri)
        folder = pack_folder(path) if path is not None else None
        if folder is None:
            return None
        if folder not in self.packs:
            self.packs[folder] = PackCheck(folder)
        return self.packs[folder]

    def open_texts(self, folder: Path) -> dict[str, str]:
        """The texts of the open documents inside a pack's folder, by key."""
        out = {}
        for uri, doc in list(self.server.workspace.text_documents.items()):
            path = self.path(uri)
            key = file_key(folder, path) if path is not None else None
            if key is not None:
                out[key] = doc.source
        return out

    # --------------------------------------------------------------- checks
    async def changed(self, uri: str, changes=None, closed: bool = False) -> None:
        pack = self.pack_of(uri)
        if pack is None:
            return
        if pack.folder in self.running:
            self.again.add(pack.folder)
            return
        self.running.add(pack.folder)
        try:
            loop = asyncio.get_running_loop()
            while True:
                self.again.discard(pack.folder)
                texts = self.open_texts(pack.folder)
                await loop.run_in_executor(self.worker, pack.run, texts)
                if pack.folder not in self.again:
                    break
            self.publish(pack)
        finally:
            self.running.discard(pack.folder)

    def publish(self, pack: PackCheck) -> None:
        units = Units(self.server.workspace.position_codec)
        shown = set()
        for path, problems in pack.problems.items():
            text = self.text(path)
            if text is None:
                text = pack.sources.get(path, "")
            lines = split_lines(text)
            diagnostics = [diagnostic(p, lines, units) for p in problems]
            self.server.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=uris.from_fs_path(str(path)), diagnostics=diagnostics))
            shown.add(path)
        for path in self.published.get(pack.folder, set()) - shown:
            self.server.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=uris.from_fs_path(str(path)), diagnostics=[]))
        self.published[pack.folder] = shown
