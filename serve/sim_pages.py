"""Simulating and comparing from the workbench: the forms, the run's page with its
live progress, then the summary as tables and SVG charts, with the command line
that prints the same numbers."""
from __future__ import annotations

import os

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from ..interpreter.engine.limits import GAMES
from ..interpreter.play import compare as comparing
from ..interpreter.play.agents import AGENTS, AgentError, parse_agents
from ..interpreter.play.batch import Batch, SimulationError
from . import svg
from .app import remember, render
from .asked import form, number, one
from .pack_pages import problems, served
from .play_pages import go_to
from .runs import WAITING, command, new_run
from .wording import in_form_words
from .workspace import Refused


def sim_form(request: Request):
    return _form(request, "simulate")


def compare_form(request: Request):
    return _form(request, "compare")


def _form(request: Request, kind: str):
    pack = served(request)
    loaded = pack.load()
    return render(request, "sim_form.html", pack=pack, kind=kind, model=loaded.pack, agents=AGENTS,
                  problems=problems(loaded.report, pack), decklists=[f for f in pack.files() if f.endswith(".txt")])


def _options(fields: dict, model, prefix: str) -> dict:
    out = {}
    for name, option in (model.options.items() if model is not None else ()):
        given = one(fields, f"{prefix}{name}", "").strip()
        if given != "" and given != str(option.default):
            out[name] = given
    return out


def _version(fields: dict, pack, key: str) -> tuple:
    """The pack's files to play (None: as saved) as the form's checkbox `key` asks, and
    how the run's page names that version."""
    files = pack.files_of(one(fields, key, "") != "")
    if files is None:
        return None, f"{pack.key} as saved"
    return files, f"{pack.key} with the unsaved changes to {', '.join(sorted(files.texts))}"


def _batch(fields: dict, pack, options: dict, files=None) -> Batch:
    players = one(fields, "players", "").strip()
    try:
        agents = parse_agents(one(fields, "agents", "random"))
    except AgentError as e:
        raise Refused(str(e), 400) from None
    return Batch(pack=pack.given, games=number(one(fields, "games"), "the number of games", 1, GAMES),
                 seed=number(one(fields, "seed", "0"), "the seed"), options=options,
                 players=number(players, "the number of players", 1) if players else None, agents=agents,
                 rotate=one(fields, "fixed_seats", "") == "", decks=[str(pack.path(f)) for f in fields.get("deck", [])
                                                                     if f],
                 jobs=number(one(fields, "jobs", "1"), "the number of processes", 1, os.cpu_count() or 1),
                 pack_files=files)


async def start_simulate(request: Request):
    pack = served(request)
    fields = await form(request)
    # Loading the pack (seconds for 10,000 cards) in a thread: the workbench answers meanwhile.
    return _start(request, await run_in_threadpool(_simulation, pack, fields))


def _simulation(pack, fields: dict):
    model = pack.load().pack
    files, version = _version(fields, pack, "unsaved")
    batch = _batch(fields, pack, _options(fields, model, "option_"), files)
    line = command("simulate", [pack.given], batch, [("--option", batch.options)])
    return new_run("simulate", pack.key, [batch], line, [version])


async def start_compare(request: Request):
    pack_a = served(request)
    fields = await form(request)
    pack_b = request.app.state.workspace.get(one(fields, "pack_b", pack_a.key))
    return _start(request, await run_in_threadpool(_comparison, pack_a, pack_b, fields))


def _comparison(pack_a, pack_b, fields: dict):
    options_a = _options(fields, pack_a.load().pack, "option_a_")
    options_b = _options(fields, pack_b.load().pack, "option_b_")
    files_a, version_a = _version(fields, pack_a, "unsaved_a")
    files_b, version_b = _version(fields, pack_b, "unsaved_b")
    batch_a = _batch(fields, pack_a, options_a, files_a)
    same = pack_b is pack_a and files_a == files_b
    problem = comparing.refusal(batch_a.games, same, options_a, options_b)
    if problem and batch_a.games < 2:
        raise Refused(problem, 400)
    batch_b = _batch(fields, pack_b, options_b, files_b)
    if problem or _one_game(batch_a, batch_b):
        # The CLI's message names its options: the form's are fields.
        raise Refused(f"A and B are the same: choose another pack for B, give B options that differ, "
                      f"or play one side with the unsaved changes{'' if pack_a.drafts else ' (there are none)'}", 400)
    given = [pack_a.given] + ([pack_b.given] if pack_b is not pack_a else [])
    line = command("compare", given, batch_a, [("--a-option", options_a), ("--b-option", options_b)])
    return new_run("compare", pack_a.key, [batch_a, batch_b], line, [f"A: {version_a}", f"B: {version_b}"])


def _one_game(batch_a: Batch, batch_b: Batch) -> bool:
    """Whether A and B are one game (a copy of the pack, options equal to its defaults);
    refuses, before any game, versions played by other numbers of players."""
    try:
        comparing.check_batches(batch_a, batch_b)
    except comparing.SameGame:
        return True
    except (comparing.CompareError, SimulationError) as e:
        raise Refused(in_form_words(str(e)), 400) from None
    return False


def _start(request: Request, run):
    remember(request.app.state.runs, run.id, run)
    run.start(request.app.state.events.publish, request.app.state.cores)
    return go_to(request, f"/r/{run.id}")


def _run(request: Request):
    run = request.app.state.runs.get(request.path_params["run"])
    if run is None:
        raise Refused(f'no run "{request.path_params["run"]}" is known here (the workbench was restarted?)', 404)
    return run


CARDS_CHARTED = 20      # the cards played most, in the chart of card win rates


def figures(run, status: str) -> dict:
    """The charts of a finished run, from its summary."""
    s = run.summary
    if status != "done":
        return {}
    if run.kind == "compare":
        return {"differences": svg.differences(s["rows"])}
    rows = [(f"seat {r['seat']}", r) for r in s["seats"]]
    teams = any(len(r["seats"]) > 1 for r in s.get("teams", []))
    rows += [(f"team {r['team']}", r) for r in s.get("teams", [])] if teams else []
    rows += [(f"agent {r['agent']}", r) for r in s["by_agent"]] if len(s["by_agent"]) > 1 else []
    rows += [("draws", s["draws"]), ("first player", s["first_player"])]
    cards = [(c["card"], c) for c in s["cards"][:CARDS_CHARTED]]
    return {"wins": svg.rates(rows, s["first_player"]["even"], "win rates, with their 95% intervals"),
            "turns": svg.histogram(s["length"]["turns"], "turns"),
            "decisions": svg.histogram(s["length"]["decisions"], "decisions"),
            "cards": svg.rates(cards, None, "win rates of the seats that played each card", "win_rate"),
            "teams": teams}


def run_page(request: Request):
    run = _run(request)
    state = run.status          # read once: the run's thread may finish while the page is made
    return render(request, "run.html", run=run, state=state, pack_key=run.pack_key, figures=figures(run, state),
                  waiting=WAITING)


def run_events(request: Request):
    run = _run(request)
    events = request.app.state.events
    stream = events.stream(run.id)
    if run.status != "running":     # over before the page listened: it is told at once
        events.publish(run.id, "done", {"status": run.status})
        events.publish(run.id, "end", None)
    return stream


def stop(request: Request):
    run = _run(request)
    run.stop.set()
    return PlainTextResponse("stopping\n")


routes = [
    Route("/p/{pack}/simulate", sim_form),
    Route("/p/{pack}/simulate", start_simulate, methods=["POST"]),
    Route("/p/{pack}/compare", compare_form),
    Route("/p/{pack}/compare", start_compare, methods=["POST"]),
    Route("/r/{run}", run_page),
    Route("/r/{run}/events", run_events),
    Route("/r/{run}/stop", stop, methods=["POST"]),
]
