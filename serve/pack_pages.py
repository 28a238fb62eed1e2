"""The index of served packs, a pack's page (its cards, sections and files, or its
diagnostics when it does not load), and its stream of live events."""
from __future__ import annotations

from starlette.requests import Request
from starlette.routing import Route

from ..interpreter.diagnostics import format_problem
from . import packview
from .app import render


def served(request: Request):
    return request.app.state.workspace.get(request.path_params["pack"])


def problems(report, pack) -> list[dict]:
    """The report's problems as the page lists them: validate's text, and the file of
    the pack each is in (to open it in the editor at its line)."""
    out = []
    for p in report.problems:
        out.append({"file": pack.relative(p.file) if p.file else None, "line": p.line, "col": p.col,
                    "severity": p.severity, "message": p.message, "text": format_problem(p, report.sources)})
    return out


def _faces(loaded, pack) -> list:
    """The card faces of the pack as loaded, made once: the filter asks for them at each word
    typed, and a pack of 10,000 cards takes seconds to make them."""
    if "faces" not in loaded.shown:
        loaded.shown["faces"] = packview.card_faces(loaded.pack, pack)
    return loaded.shown["faces"]


# A page shows at most this many card faces: the page of a pack of 10,000 cards was 10 MB
# and took seconds to show. The filter finds the others.
SHOWN = 300


def _shown(faces: list, query: str) -> dict:
    matched = packview.filtered(faces, query)
    return {"faces": matched[:SHOWN], "matched": len(matched), "total": len(faces), "query": query}


def index(request: Request):
    packs = request.app.state.workspace.packs
    return render(request, "index.html", rows=[(p, p.load()) for p in packs.values()])


def pack_page(request: Request):
    pack = served(request)
    loaded = pack.load()
    query = request.query_params.get("q", "")
    context = {"pack": pack, "loaded": loaded, "problems": problems(loaded.report, pack), "files": pack.files(),
               "query": query}
    if loaded.pack is not None:
        context.update(**_shown(_faces(loaded, pack), query),
                       sections=packview.sections(loaded.pack, pack),
                       turn=packview.turn_structure(loaded.pack, pack), model=loaded.pack)
    return render(request, "pack.html", status=200, **context)


def cards_part(request: Request):
    pack = served(request)
    loaded = pack.load()
    if loaded.pack is None:
        return render(request, "cards.html", pack=pack, faces=[], matched=0, total=0, query="")
    return render(request, "cards.html", pack=pack, **_shown(_faces(loaded, pack), request.query_params.get("q", "")))


def events(request: Request):
    pack = served(request)
    return request.app.state.events.stream(pack.key)


routes = [
    Route("/", index),
    Route("/p/{pack}", pack_page),
    Route("/p/{pack}/cards", cards_part),
    Route("/p/{pack}/events", events),
]
