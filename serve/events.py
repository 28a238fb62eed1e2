"""Live updates: the packs' files watched on disk, and server-sent events to the pages.

A file saved in the designer's own editor is seen by watchfiles within a fraction
of a second; its pack is loaded again on the next request, and every open page of
that pack gets a `changed` event naming the files, so that it reloads what it shows
(an editor with unsaved text says the file changed instead of replacing it).
"""
from __future__ import annotations

import asyncio
import json
from contextlib import asynccontextmanager

from starlette.responses import StreamingResponse

HEARTBEAT = 15.0       # seconds between comments that keep a quiet stream open


class Events:
    """Subscribers by channel (a pack's key, a run's id), each an asyncio queue."""

    def __init__(self, workspace):
        self.workspace = workspace
        self.channels: dict[str, set[asyncio.Queue]] = {}
        self.loop: asyncio.AbstractEventLoop | None = None

    def publish(self, channel: str, event: str, data) -> None:
        """Sends an event to the channel's pages; callable from any thread."""
        message = f"event: {event}\ndata: {json.dumps(data)}\n\n"
        for queue in list(self.channels.get(channel, ())):
            if self.loop is not None and self.loop.is_running():
                self.loop.call_soon_threadsafe(queue.put_nowait, message)
            else:
                queue.put_nowait(message)

    def stream(self, channel: str, first: str | None = None) -> StreamingResponse:
        queue: asyncio.Queue = asyncio.Queue()
        self.channels.setdefault(channel, set()).add(queue)
        if self.loop is None:
            self.loop = asyncio.get_running_loop()

        async def messages():
            try:
                yield first or ": open\n\n"
                while True:
                    try:
                        message = await asyncio.wait_for(queue.get(), HEARTBEAT)
                    except asyncio.TimeoutError:
                        message = ": still here\n\n"
                    yield message
                    if message.startswith("event: end\n"):
                        return
            finally:
                self.channels.get(channel, set()).discard(queue)
        return StreamingResponse(messages(), media_type="text/event-stream",
                                 headers={"cache-control": "no-store", "x-accel-buffering": "no"})

    def files_changed(self, paths) -> None:
        by_pack: dict[str, list[str]] = {}
        for path in paths:
            served = self.workspace.owner(path)
            if served is not None:
                rel = served.relative(path)
                if rel is not None:
                    by_pack.setdefault(served.key, []).append(rel)
        for key, rels in by_pack.items():
            self.workspace.packs[key].changed()
            self.publish(key, "changed", sorted(set(rels)))

    async def watch(self, stop: asyncio.Event) -> None:
        from watchfiles import awatch

        folders = [str(p.real) for p in self.workspace.packs.values()]
        if not folders:
            return
        async for changes in awatch(*folders, stop_event=stop, debounce=100, step=25, recursive=True):
            self.files_changed(path for _, path in changes)

    @asynccontextmanager
    async def lifespan(self, app):
        self.loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        task = asyncio.create_task(self.watch(stop))
        try:
            yield
        finally:
            stop.set()
            for queues in self.channels.values():
                for queue in queues:
                    queue.put_nowait("event: end\ndata: null\n\n")
            try:
                await asyncio.wait_for(task, 2)
            except (asyncio.TimeoutError, asyncio.CancelledError):
                task.cancel()
