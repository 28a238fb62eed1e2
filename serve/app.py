"""The workbench's Starlette application: its pages, gathered from one module per
part (pack, edit, play, simulate, replay), behind the guard (guard.py), with every
refusal and every failure shown as a message, never as a traceback."""
from __future__ import annotations

import logging
import threading
from contextlib import asynccontextmanager, nullcontext
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from ..interpreter.diagnostics import shown
from ..interpreter.play.terminal import headline
from .events import Events
from .guard import Guard, Secrets
from .runs import Cores
from .workspace import Refused, Workspace

HERE = Path(__file__).resolve().parent
log = logging.getLogger("cardtable.serve")


def templates() -> Jinja2Templates:
    env = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(default=True),
                      trim_blocks=True, lstrip_blocks=True)
    env.filters["headline"] = headline       # the board's first line, as `cardtable play` writes it
    return Jinja2Templates(env=env)


def _refused(request: Request, exc: Refused):
    # A message may quote what was sent: a megabyte of it is not sent back.
    return PlainTextResponse(shown(str(exc), lines=True) + "\n", status_code=exc.status)


def _http(request: Request, exc: HTTPException):
    return PlainTextResponse(f"{exc.detail}\n", status_code=exc.status_code)


def _failed(request: Request, exc: Exception):
    # The traceback goes to the workbench's console, for a bug report; the page gets a sentence.
    log.exception("a request failed: %s %s", request.method, request.url.path)
    return PlainTextResponse(f"the workbench could not do this ({type(exc).__name__}: {exc}); "
                             f"the console where `cardtable serve` runs shows the details\n", status_code=500)


def make_app(workspace: Workspace, keys: Secrets | None = None, hosts: set[str] = frozenset(),
             watch: bool = True) -> Starlette:
    """The workbench over `workspace`; `watch`: reload pages when the packs' files change."""
    from . import edit_pages, pack_pages, play_pages, replay_pages, sim_pages

    keys = keys or Secrets()
    routes = [*pack_pages.routes, *edit_pages.routes, *play_pages.routes, *sim_pages.routes, *replay_pages.routes,
              Mount("/static", StaticFiles(directory=HERE / "static"), name="static")]
    events = Events(workspace)

    @asynccontextmanager
    async def lifespan(app):
        try:
            async with events.lifespan(app) if watch else nullcontext():
                yield
        finally:
            # The games still playing stop at their next decision, those being set up too: a
            # game of a pack whose turns take long kept the process alive after Ctrl-C.
            app.state.closing.set()
            for run in list(app.state.runs.values()):
                run.forget()
    app = Starlette(routes=routes, exception_handlers={Refused: _refused, HTTPException: _http, Exception: _failed},
                    lifespan=lifespan)
    app.state.workspace = workspace
    app.state.keys = keys
    app.state.events = events
    app.state.templates = templates()
    app.state.tables = {}
    app.state.closing = threading.Event()
    app.state.runs = {}
    app.state.cores = Cores()
    app.state.replays = {}
    app.add_middleware(Guard, keys=keys, hosts=set(hosts))
    return app


KEPT = 200      # the games, runs and record files a workbench keeps; the oldest go first
# The characters of the record files kept open at once: each may hold 20 MB, and 200 of
# them, parsed, would take gigabytes. Past it the oldest go first; the newest always stays.
KEPT_TEXT = 64 * 1024 * 1024


def remember(store: dict, key: str, value) -> None:
    """Keeps `value` in one of the workbench's stores (a dict keeps its order), forgetting
    the oldest past KEPT, or past KEPT_TEXT characters of the values that say their `characters`:
    a workbench left open for weeks does not grow without end."""
    store[key] = value
    while len(store) > KEPT or (len(store) > 1 and sum(getattr(v, "characters", 0) for v in store.values()) > KEPT_TEXT):
        forgotten = store.pop(next(iter(store)))
        if hasattr(forgotten, "forget"):        # a run still playing is stopped: no page could stop it now
            forgotten.forget()


def render(request: Request, name: str, status: int = 200, **context):
    """A page (or a part of one) from its template, with what every page needs."""
    state = request.app.state
    context.setdefault("packs", state.workspace.packs)
    return state.templates.TemplateResponse(request, name, {"csrf": state.keys.csrf, **context},
                                            status_code=status)
