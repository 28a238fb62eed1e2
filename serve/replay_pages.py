"""Replaying game records at the workbench: a file of records (as `simulate --out`,
`play --save` and the table's record write them), each game stepped through decision
by decision on its board, replayed with a served pack as it is now. Where that pack
no longer offers what the record answered, the two versions part ways: the page says
where and why, and goes there (play/records.py's replay, as `cardtable replay`)."""
from __future__ import annotations

import itertools
import secrets
from dataclasses import dataclass

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from ..interpreter.engine.game import OptionError
from ..interpreter.engine.model import seats_for
from ..interpreter.engine.positions import seat_name
from ..interpreter.engine.state import RuleError
from ..interpreter.play.narrate import outcome, result_text
from ..interpreter.play.records import RecordError, game_for, parse_records, replay
from .app import remember, render
from .asked import body, number
from .workspace import Refused

_ids = itertools.count(1)


@dataclass
class Records:
    id: str
    name: str
    games: list          # (line, record or RecordError) each
    characters: int      # of the file (app.KEPT_TEXT)


def replay_form(request: Request):
    return render(request, "replay_form.html", error=None)


async def open_records(request: Request):
    data = await body(request, "name", "text")
    name, text = str(data["name"])[:200] or "records.jsonl", data["text"]
    if not isinstance(text, str):
        raise Refused("the file must be text", 400)
    try:
        games = await run_in_threadpool(parse_records, text, name)     # 20 MB of records: in a thread
    except RecordError as e:
        return JSONResponse({"error": str(e)}, status_code=400)
    records = Records(f"{next(_ids)}-{secrets.token_hex(4)}", name, games, len(text))
    remember(request.app.state.replays, records.id, records)
    return JSONResponse({"url": f"/replay/{records.id}"})


def _records(request: Request) -> Records:
    records = request.app.state.replays.get(request.path_params["id"])
    if records is None:
        raise Refused("no such file of records is open here (the workbench was restarted?): open it again", 404)
    return records


def _pack_for(request: Request, record: dict, key: str | None):
    """The served pack to replay with: the one asked for, else the one of the record's id."""
    workspace = request.app.state.workspace
    if key:
        return workspace.get(key)
    for served in workspace.packs.values():
        loaded = served.load()
        if loaded.pack is not None and loaded.pack.id == record["pack"]:
            return served
    raise Refused(f'no pack served here has the id "{record["pack"]}" of the record: choose one to replay it with', 404)


def _said(request: Request, record: dict, packs: dict) -> str:
    """A record's end as the log's end line words it, with the seats' names of the served
    pack of the record's id (`packs` keeps each id's, looked for once a page); seats are
    numbered where no pack served here has that id."""
    pack_id = record["pack"]
    if pack_id not in packs:
        loaded = (served.load() for served in request.app.state.workspace.packs.values())
        packs[pack_id] = next((one.pack for one in loaded if one.pack is not None and one.pack.id == pack_id), None)
    pack, n = packs[pack_id], record["players"]
    if pack is None:
        return result_text([f"seat {p + 1}" for p in range(n)], record.get("result"), record.get("places"))
    seats = seats_for(pack.seats, record["options"])
    teams = [(seats[p].get("team") if p < len(seats) else None) or f"seat{p}" for p in range(n)]
    return result_text([seat_name(pack, p) for p in range(n)], record.get("result"), record.get("places"), teams)


def records_page(request: Request):
    records = _records(request)
    rows = []
    packs = {}
    for number_, (line, record) in enumerate(records.games, 1):
        if isinstance(record, RecordError):
            rows.append({"n": number_, "line": line, "error": str(record)})
        else:
            rows.append({"n": number_, "line": line, "pack": record["pack"], "seed": record["seed"],
                         "decisions": len(record["decisions"]), "players": record["players"],
                         "result": _said(request, record, packs)})
    return render(request, "replay_list.html", records=records, rows=rows)


def _step(records: Records, n: int, at: int | None, served) -> dict:
    line, record = records.games[n - 1]
    if isinstance(record, RecordError):
        raise Refused(str(record), 400)
    loaded = served.load()
    if loaded.pack is None:
        raise Refused(f"the pack {served.key} does not load: see its page", 409)
    try:
        game = game_for(record, loaded.pack)
        whole = replay(game, record)
        total = len(record["decisions"])
        stop = whole.done if at is None else min(at, whole.done)
        done = replay(game, record, stop)
    except (RecordError, OptionError) as e:
        raise Refused(f"{records.name}:{line}: game {n}: {e}", 400) from None
    except RuleError as e:
        raise Refused(e.located(f"game {n} (seed {record['seed']})"), 409) from None
    state = done.state
    names = state.seat_names
    return {"record": record, "state": state, "at": stop, "total": total, "parted": whole.parted,
            "parted_at": whole.done if whole.parted else None, "names": names,
            # Worded as `play` and the log's end line word it: the places of a ranked end.
            "recorded": result_text(names, record.get("result"), record.get("places"), state.teams),
            "over": outcome(state) if state.is_terminal() else None,
            "next": _shown(state, record["decisions"][stop]) if stop < total else None}


def _shown(state, decision: list) -> list:
    """The record's decision as the page words it: where the position offers it, told
    apart from the options that read the same ("Attack: Bear (tapped)")."""
    seat, action, label = decision
    if state.is_terminal() or state.current_player() != seat or state.legal_labels()[action:action + 1] != [label]:
        return decision
    return [seat, action, state.shown_labels()[action]]


async def replay_page(request: Request):
    records = _records(request)
    n = number(request.path_params["game"], "the game", 1)
    if n > len(records.games):
        raise Refused(f"{records.name} holds {len(records.games)} games, not {n}", 404)
    q = request.query_params
    at = number(q["at"], "the decision", 0) if q.get("at") else None
    record = records.games[n - 1][1]
    if isinstance(record, RecordError):
        raise Refused(str(record), 400)
    served = await run_in_threadpool(_pack_for, request, record, q.get("pack"))     # loads packs: in a thread
    step = await run_in_threadpool(_step, records, n, at, served)
    seat = q.get("seat", "all")
    viewer = None if seat == "all" else number(seat, "the seat", 0)
    state = step["state"]
    if viewer is not None and viewer >= len(step["names"]):
        raise Refused(f"the game has {len(step['names'])} seats: there is no seat {viewer}", 400)
    view = state.observation(viewer)
    deciding = None if state.is_terminal() else state.current_player()
    log = state.log if viewer is None else state.log_for(viewer)
    return render(request, "replay.html", records=records, n=n, s=step, v=view, viewer=viewer, seat=seat,
                  deciding=deciding, roles=state.game.pack.roles, log=log[-60:], served=served,
                  prompt=state.prompt() if deciding is not None and viewer in (None, deciding) else None)


routes = [
    Route("/replay", replay_form),
    Route("/replay", open_records, methods=["POST"]),
    Route("/replay/{id}", records_page),
    Route("/replay/{id}/{game}", replay_page),
]
