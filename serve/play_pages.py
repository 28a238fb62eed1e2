"""Playing a pack at the workbench: the form of a new game, and a table's pages.

A new game is made as `cardtable play` makes one (terminal.table_specs and
table_game: options, players, deck lists); a table's page is one seat's view
(tables.Table.view), its options buttons that answer the decision, undo, and the
position kept as a scenario (keep.py).
"""
from __future__ import annotations

import functools
import os

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from ..interpreter.play.agents import AGENTS
from ..interpreter.play.terminal import HUMAN, PlayError, table_game, table_specs
from .app import remember, render
from .asked import form, number, one
from .keep import KeepError, keep
from .pack_pages import problems, served
from .tables import Table, TableError, new_table, record_line
from .wording import in_form_words
from .workspace import Refused


def play_form(request: Request):
    pack = served(request)
    loaded = pack.load()
    model = loaded.pack
    default = ",".join([HUMAN] + ["random"] * ((model.min_players if model else 2) - 1))
    return render(request, "play_form.html", pack=pack, model=model, problems=problems(loaded.report, pack),
                  default_players=default, agents=AGENTS, decklists=[f for f in pack.files() if f.endswith(".txt")],
                  error=None)


def _options(fields: dict, model) -> dict:
    out = {}
    for name, option in model.options.items():
        given = one(fields, f"option_{name}", "").strip()
        if given != "" and given != str(option.default):
            out[name] = given
    return out


async def start(request: Request):
    pack = served(request)
    fields = await form(request)
    loaded = await run_in_threadpool(pack.load)
    model = loaded.pack
    if model is None:
        raise Refused("the pack does not load: see its diagnostics", 409)
    seed_text = one(fields, "seed", "").strip()
    seed = number(seed_text, "the seed") if seed_text else None
    decks = [str(pack.path(rel)) for rel in fields.get("deck", []) if rel]
    try:
        specs = table_specs(model, one(fields, "players"), None)
        game = await run_in_threadpool(table_game, model, _options(fields, model), specs, decks)
        table = await _playing(request, new_table, pack.key, game, specs, seed, pack.given,
                               request.app.state.closing)
    except PlayError as e:
        raise Refused(in_form_words(str(e)), 400) from None
    except TableError as e:         # the pack's setup broke: where and why
        raise Refused(str(e), 409) from None
    remember(request.app.state.tables, table.id, table)
    # The page of the person who decides first (hot-seat), else of the first person.
    seat = next(s for s in (table.next_person(), *table.humans, 0) if s is not None)
    return go_to(request, f"/t/{table.id}?seat={seat}")


def go_to(request: Request, url: str) -> Response:
    """To another page: htmx follows HX-Redirect (a 303 it would follow in place)."""
    if request.headers.get("hx-request"):
        return Response(status_code=200, headers={"hx-redirect": url})
    return Response(status_code=303, headers={"location": url})


def _table(request: Request) -> Table:
    table = request.app.state.tables.get(request.path_params["table"])
    if table is None:
        raise Refused(f'no game "{request.path_params["table"]}" is being played here (the workbench was '
                      f'restarted?): start a new one', 404)
    return table


def _seat(table: Table, text: str) -> int:
    seat = number(text, "the seat", 0)
    if seat >= len(table.specs):
        raise Refused(f"the game has {len(table.specs)} seats: there is no seat {seat}", 400)
    return seat


def board(request: Request, table: Table, seat: int, message: str | None = None, status: int = 200):
    """The part of the page a move changes: the board from `seat`, or, when another
    person at the same screen decides now, a curtain until they sit down."""
    nxt = table.next_person()
    curtain = nxt is not None and nxt != seat and len(table.humans) > 1
    return render(request, "board.html", status=status, table=table, t=table.view(seat), curtain=curtain,
                  next_seat=nxt, message=message, pack_key=table.pack_key)


def table_page(request: Request):
    table = _table(request)
    seat = _seat(table, request.query_params.get("seat", str(table.humans[0] if table.humans else 0)))
    with table.lock:
        return render(request, "table.html", table=table, t=table.view(seat), curtain=False, next_seat=None,
                      message=None, pack_key=table.pack_key)


def board_part(request: Request):
    table = _table(request)
    seat = _seat(table, request.query_params.get("seat", "0"))
    with table.lock:
        return render(request, "board.html", table=table, t=table.view(seat), curtain=False, next_seat=None,
                      message=None, pack_key=table.pack_key)


def _act(do):
    """A route that changes a table: the form's seat, the change, the new board; a
    refused change is the board again with the reason, and a 409."""
    async def route(request: Request):
        table = _table(request)
        fields = await form(request)
        seat = _seat(table, one(fields, "seat"))

        def run():
            with table.lock:
                try:
                    message = do(request, table, seat, fields)
                except (TableError, KeepError) as e:
                    return board(request, table, seat, str(e), 409)
                return board(request, table, seat, message)
        return await _playing(request, run)
    return route


async def _playing(request: Request, fn, *args):
    """fn(*args), which may play the computer players' moves (a whole game where no person
    sits), in a thread; no more of them at once than the machine has cores: the others
    wait their turn without a thread of their own, so the workbench keeps answering."""
    import anyio

    limiter = getattr(request.app.state, "playing", None)
    if limiter is None:
        limiter = request.app.state.playing = anyio.CapacityLimiter(os.cpu_count() or 1)
    return await anyio.to_thread.run_sync(functools.partial(fn, *args), limiter=limiter)


def _choose(request, table: Table, seat: int, fields) -> None:
    table.choose(seat, number(one(fields, "action"), "the option", 0), number(one(fields, "at"), "the decision", 0))


def _undo(request, table: Table, seat: int, fields) -> str:
    to = number(one(fields, "to"), "the decision", 0)
    table.undo(to)
    return f"back to decision {to + 1}"


def _mark(request, table: Table, seat: int, fields) -> str:
    table.mark = len(table.before)
    return f"a scenario kept from here starts at decision {table.mark + 1}"


def _keep(request, table: Table, seat: int, fields) -> str:
    pack = request.app.state.workspace.get(table.pack_key)
    return keep(table, pack, table.game.pack, one(fields, "file").strip(), one(fields, "name"))


def _play_on(request, table: Table, seat: int, fields) -> str:
    table.play_on()
    return "the computer players played on"


def record(request: Request):
    table = _table(request)
    if not table.state.is_terminal():
        raise Refused("the game record tells every card: it can be had once the game is over", 409)
    return HTMLResponse(record_line(table), media_type="application/jsonl",
                        headers={"content-disposition": f'attachment; filename="game-{table.seed}.jsonl"'})


routes = [
    Route("/p/{pack}/play", play_form),
    Route("/p/{pack}/play", start, methods=["POST"]),
    Route("/t/{table}", table_page),
    Route("/t/{table}/board", board_part),
    Route("/t/{table}/choose", _act(_choose), methods=["POST"]),
    Route("/t/{table}/undo", _act(_undo), methods=["POST"]),
    Route("/t/{table}/mark", _act(_mark), methods=["POST"]),
    Route("/t/{table}/keep", _act(_keep), methods=["POST"]),
    Route("/t/{table}/playon", _act(_play_on), methods=["POST"]),
    Route("/t/{table}/record", record),
]
