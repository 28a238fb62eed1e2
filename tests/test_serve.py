"""The workbench's HTTP layer (Starlette's TestClient): the pack page, the editor's
diagnostics and saving, and the safety rules every request passes."""
from __future__ import annotations

import os
import re
import shutil
import warnings
from pathlib import Path
from urllib.parse import quote

import pytest
from markupsafe import escape

with warnings.catch_warnings():
    # Starlette would rather its test client ran on httpx2; httpx works the same here.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from cardtable.serve.app import make_app
from cardtable.serve.guard import Secrets
from cardtable.serve.workspace import Workspace

DATA = Path(__file__).parent / "data"
BASE = "http://127.0.0.1:8754"


def client_for(names, token=None) -> tuple[TestClient, Secrets]:
    keys = Secrets(token)
    app = make_app(Workspace.of([str(n) for n in names]), keys, watch=False)
    return TestClient(app, base_url=BASE, raise_server_exceptions=False), keys


@pytest.fixture
def tiny(tmp_path):
    folder = tmp_path / "tiny"
    shutil.copytree(DATA / "tinypack", folder)
    client, keys = client_for([folder])
    client.headers["x-csrf-token"] = keys.csrf
    return client, folder


@pytest.fixture(scope="module")
def magic():
    client, keys = client_for(["magic54"])
    client.headers["x-csrf-token"] = keys.csrf
    return client


# ------------------------------------------------------------------ the pack page

def test_the_pack_page_shows_each_card_as_a_face_with_its_text_dsl_and_line(magic):
    page = magic.get("/p/magic54").text
    assert "54 of 54 cards" in page
    jack = page[page.index('data-card="Jack of Hearts"'):]
    jack = jack[:jack.index("</article>")]
    assert '<span class="cost" title="cost">1</span>' in jack
    assert "creature" in jack and "(Jack)" in jack
    assert "Jack = 1/1 (cost of invocation: 1 mana)" in jack
    # The family's own lines, its DSL as written, and a link to them.
    assert "effect: damage that would be dealt to protected this turn is dealt to this instead" in jack
    assert '<a href="/p/magic54/edit/cards/creatures.yaml#L5">cards/creatures.yaml:5</a>' in jack


def test_the_pack_page_has_its_sections_with_their_lines(magic):
    page = magic.get("/p/magic54").text
    assert '<h2>Turn structure</h2>' in page
    assert '<b>attack</b> <a class="where" href="/p/magic54/edit/pack.yaml#L121">pack.yaml:121</a>' in page
    assert "<td><code>starting_life</code></td><td>20</td>" in page
    assert '<section class="raw" id="section-checks"><h2>Win conditions and checks ' in page
    assert 'href="/p/magic54/edit/cards/creatures.yaml">cards/creatures.yaml</a>' in page


def test_an_imported_card_shows_the_lines_of_its_types_and_links_to_its_import():
    client, _ = client_for(["pub_magic"])
    page = client.get("/p/pub_magic/cards", params={"q": "ornithopter"}).text
    assert page.count("<article") == 1
    assert "  artifact:\n    description: Counts toward the goal (it is not a land)." in page
    assert "name: Draw\n        when: own_turn" in page
    assert '<a href="/p/pub_magic/edit/pack.yaml#L121">pack.yaml:121</a>' in page


def test_the_filter_keeps_the_cards_whose_face_has_every_word(magic):
    part = magic.get("/p/magic54/cards", params={"q": "queen hearts"}).text
    assert part.count("<article") == 1 and 'data-card="Queen of Hearts"' in part
    assert "1 of 54 cards match “queen hearts”" in part
    assert magic.get("/p/magic54/cards", params={"q": "no such card"}).text.count("<article") == 0


def test_a_page_shows_at_most_its_share_of_faces_and_says_the_filter_finds_the_others(magic, monkeypatch):
    # The page of a pack of 10,000 cards was 10 MB and took seconds to show.
    from cardtable.serve import pack_pages
    monkeypatch.setattr(pack_pages, "SHOWN", 10)
    page = magic.get("/p/magic54").text
    assert page.count("<article") == 10
    assert "54 of 54 cards: the first 10 are shown, the filter finds the others" in page
    part = magic.get("/p/magic54/cards", params={"q": "hearts"}).text
    assert part.count("<article") == 10
    assert "13 of 54 cards match “hearts”: the first 10 are shown, the filter finds the others" in part
    assert "1 of 54 cards match “queen hearts”</p>" in magic.get("/p/magic54/cards", params={"q": "queen hearts"}).text


def test_the_card_faces_are_made_once_and_each_file_split_once(monkeypatch):
    # Each card split its whole file into lines again, and each word typed in the filter
    # made every face again: 10 s a word for a pack of 10,000 cards.
    from cardtable.serve import packview

    class Counted(str):
        splits = 0

        def splitlines(self, *args):
            Counted.splits += 1
            return super().splitlines(*args)
    client, _ = client_for(["magic54"])
    files = client.app.state.workspace.get("magic54").load().pack.files
    texts = files.texts
    for key in texts.keys() - {files.pack_file}:        # the card files (YAML reads only a str)
        texts[key] = Counted(texts[key])
    made, make = [], packview.card_faces
    monkeypatch.setattr(packview, "card_faces", lambda *given: made.append(1) or make(*given))
    assert "54 of 54 cards" in client.get("/p/magic54").text
    for words in ("queen", "queen hearts", "creature"):
        assert client.get("/p/magic54/cards", params={"q": words}).status_code == 200
    assert len(made) == 1 and Counted.splits <= len(texts)


def test_a_broken_pack_shows_its_diagnostics_and_the_server_goes_on(tiny):
    client, folder = tiny
    (folder / "cards" / "base.yaml").write_text((folder / "cards" / "base.yaml").read_text()
                                                .replace("put this into play", "put this into plya"))
    page = client.get(f"/p/tiny")
    assert page.status_code == 200
    assert "cards/base.yaml:12:" in page.text and "plya" in page.text
    assert 'href="/p/tiny/edit/cards/base.yaml#L12:' in page.text
    assert "<h2>Cards</h2>" not in page.text
    assert client.get("/").status_code == 200


def test_an_unknown_pack_or_page_is_a_404_with_a_message(tiny):
    client, _ = tiny
    r = client.get("/p/nothing")
    assert (r.status_code, r.text) == (404, 'no pack "nothing" is served here\n')
    assert client.get("/p/tiny/nothing").status_code == 404


# ------------------------------------------------------------------ editing

def test_the_editor_shows_the_file_and_its_digest(tiny):
    client, folder = tiny
    page = client.get("/p/tiny/edit/cards/base.yaml").text
    assert 'data-path="cards/base.yaml"' in page and 'data-newline="lf"' in page
    assert "- name: Bear" in page
    got = client.get("/p/tiny/file/cards/base.yaml").json()
    assert got["text"] == (folder / "cards" / "base.yaml").read_text()


def test_the_diagnostics_of_unsaved_text_are_validates_at_its_line(tiny):
    client, folder = tiny
    text = (folder / "cards" / "base.yaml").read_text().replace("deal 2 damage", "deal 2 damge")
    part = client.post("/p/tiny/check", json={"path": "cards/base.yaml", "text": text}).text
    assert 'data-line="21"' in part and 'data-file="cards/base.yaml"' in part
    assert "cards/base.yaml:21:" in part and "damge" in part
    # Nothing was written: the file on disk is as it was.
    assert "damge" not in (folder / "cards" / "base.yaml").read_text()
    fixed = client.post("/p/tiny/check", json={"path": "cards/base.yaml", "text": text.replace("damge", "damage")})
    assert "No problems" in fixed.text



@pytest.mark.parametrize("written", ["cards//base.yaml", "./cards/base.yaml", "cards/./base.yaml"])
def test_a_file_named_another_way_is_checked_and_kept_as_itself(tiny, written):
    # Kept under the name as written, the text typed was not checked ("No problems") nor
    # played, and the editor of cards/base.yaml did not reopen it.
    client, folder = tiny
    text = (folder / "cards" / "base.yaml").read_text().replace("deal 2 damage", "deal 2 damge")
    part = client.post("/p/tiny/check", json={"path": written, "text": text}).text
    assert "cards/base.yaml:21:" in part and "damge" in part
    assert client.app.state.workspace.packs["tiny"].unsaved() == {"cards/base.yaml": text}
    assert 'data-path="cards/base.yaml"' in client.get(f"/p/tiny/edit/{written}").text


def test_checks_sent_while_one_runs_wait_for_the_next_which_checks_them_all(tiny):
    # Each check of a pack of 10,000 cards took seconds and 200 MB: sent at each pause in
    # typing, they ran side by side (eight of them 2 GB, and 80 s until the last answer).
    import threading

    client, folder = tiny
    served = client.app.state.workspace.packs["tiny"]
    checking, go, checked = threading.Event(), threading.Event(), []
    validate = served._validate

    def slow(source):
        checked.append(dict(source.texts))
        checking.set()
        go.wait(30)
        return validate(source)
    served._validate = slow
    text = (folder / "cards" / "base.yaml").read_text()
    answers = {}

    def check(n):
        typed = text.replace("deal 2 damage", f"deal 2 damage{'e' * n}")
        answers[n] = client.post("/p/tiny/check", json={"path": "cards/base.yaml", "text": typed})
    first = threading.Thread(target=check, args=(0,))
    first.start()
    assert checking.wait(30)
    later = [threading.Thread(target=check, args=(n,)) for n in range(1, 5)]
    for thread in later:
        thread.start()
    # Every request is in: waiting for the next check, or (as it was) checking on its own.
    while served._checks.asked < 5 if hasattr(served, "_checks") else len(checked) < 5:
        threading.Event().wait(0.01)
    go.set()
    for thread in [first, *later]:
        thread.join(30)
    assert len(checked) == 2 and "deal 2 damage to target" in checked[0]["cards/base.yaml"]
    assert {a.status_code for a in answers.values()} == {200} and "No problems" in answers[0].text
    # The second check had the text sent last, and answered the four requests.
    last = checked[1]["cards/base.yaml"]
    word = last.split("deal 2 ")[1].split(" ")[0]
    assert word.startswith("damagee") and len({answers[n].text for n in range(1, 5)}) == 1
    assert f"cards/base.yaml:21:" in answers[1].text and word in answers[1].text
    assert served.unsaved() == {"cards/base.yaml": last}


def test_unsaved_text_is_kept_until_saved_and_the_editor_reopens_it(tiny):
    client, folder = tiny
    opened = client.get("/p/tiny/file/cards/base.yaml").json()
    mine = opened["text"].replace("power: 2", "power: 5", 1)
    client.post("/p/tiny/check", json={"path": "cards/base.yaml", "text": mine, "base": opened["sha"]})
    pack = client.app.state.workspace.packs["tiny"]
    assert pack.unsaved() == {"cards/base.yaml": mine}
    # Opened again (another tab, or after closing this one): the text as left, over the file as it was then.
    page = client.get("/p/tiny/edit/cards/base.yaml").text
    assert '<p class="notice" id="restored">Your unsaved changes to this file, as you left them' in page
    assert f'data-sha="{opened["sha"]}"' in page
    area = page[page.index("<textarea spellcheck"):]
    assert "power: 5" in area[:area.index("</textarea>")]
    kept = page[page.index('<textarea id="saved-text" hidden>'):]
    assert kept[:kept.index("</textarea>")].endswith(str(escape(opened["text"])))
    # Typed back to what the file holds, there is nothing unsaved; saved, neither.
    client.post("/p/tiny/check", json={"path": "cards/base.yaml", "text": opened["text"], "base": opened["sha"]})
    assert pack.unsaved() == {} and 'id="restored"' not in client.get("/p/tiny/edit/cards/base.yaml").text
    client.post("/p/tiny/check", json={"path": "cards/base.yaml", "text": mine, "base": opened["sha"]})
    r = client.post("/p/tiny/save", json={"path": "cards/base.yaml", "text": mine, "base": opened["sha"]})
    assert r.status_code == 200 and pack.unsaved() == {}
    # Only a file of the pack that exists has a draft.
    client.post("/p/tiny/check", json={"path": "cards/new.yaml", "text": "cards: []\n"})
    assert pack.unsaved() == {}

def test_saving_writes_the_text_byte_for_byte(tiny):
    client, folder = tiny
    file = folder / "cards" / "base.yaml"
    opened = client.get("/p/tiny/file/cards/base.yaml").json()
    text = "# a comment kept\r\n" + opened["text"] + "\n\n  \t# trailing é\n"
    r = client.post("/p/tiny/save", json={"path": "cards/base.yaml", "text": text, "base": opened["sha"]})
    assert r.status_code == 200, r.text
    assert file.read_bytes() == text.encode("utf-8")
    assert r.json()["message"] == f"saved cards/base.yaml ({len(text.encode()):,} bytes)"
    # Saving again over what was saved needs the new digest.
    again = client.post("/p/tiny/save", json={"path": "cards/base.yaml", "text": text + "#\n", "base": r.json()["sha"]})
    assert again.status_code == 200


def test_saving_over_a_file_changed_on_disk_is_refused_with_the_diff(tiny):
    client, folder = tiny
    file = folder / "cards" / "base.yaml"
    opened = client.get("/p/tiny/file/cards/base.yaml").json()
    file.write_text(opened["text"].replace("cost: 2\n    power: 2", "cost: 3\n    power: 2"))
    mine = opened["text"].replace("power: 2", "power: 5")
    r = client.post("/p/tiny/save", json={"path": "cards/base.yaml", "text": mine, "base": opened["sha"]})
    assert r.status_code == 409
    answer = r.json()
    assert answer["error"] == "cards/base.yaml changed on disk since you opened it: nothing was saved"
    assert "-    cost: 3" in answer["html"] and "+    cost: 2" in answer["html"] and "+    power: 5" in answer["html"]
    assert "cost: 3" in file.read_text() and "power: 5" not in file.read_text()
    # Saving over it after seeing the difference: the digest of the file on disk now.
    r = client.post("/p/tiny/save", json={"path": "cards/base.yaml", "text": mine, "base": answer["sha"]})
    assert r.status_code == 200 and file.read_text() == mine


@pytest.mark.parametrize("path, status, message", [
    ("../pack.yaml", 403, '"../pack.yaml" is not a path inside the pack\'s folder'),
    ("/etc/passwd", 403, '"/etc/passwd" is not a path inside the pack\'s folder'),
    ("cards/../../x.yaml", 403, "is not a path inside the pack's folder"),
    (".git/config", 403, 'the workbench opens no hidden file or folder'),
    ("out/secret.txt", 403, "it is a symbolic link to a place outside the pack's folder"),
    ("nothing.yaml", 404, '"nothing.yaml": no such file'),
])
def test_no_request_reads_or_writes_outside_the_packs_folder(tiny, tmp_path, path, status, message):
    client, folder = tiny
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("secret")
    os.symlink(outside, folder / "out")
    (folder / ".git").mkdir()
    (folder / ".git" / "config").write_text("[core]")
    for r in (client.get(f"/p/tiny/file/{quote(path, safe='')}"),
              client.post("/p/tiny/save", json={"path": path, "text": "x", "base": None})):
        assert r.status_code == (status if path != "nothing.yaml" or r.request.method == "GET" else 200)
        if r.status_code != 200:
            said = r.json()["error"] if r.request.method == "POST" else r.text
            assert message in said and "secret" not in said.replace("secret.txt", "")
    assert (outside / "secret.txt").read_text() == "secret"


def test_a_save_never_writes_through_a_device_or_a_fifo(tiny):
    client, folder = tiny
    os.mkfifo(folder / "pipe.yaml")
    r = client.post("/p/tiny/save", json={"path": "pipe.yaml", "text": "x", "base": None})
    assert (r.status_code, r.json()["error"]) == (403, '"pipe.yaml": this is a named pipe (FIFO), not a regular file')
    assert (folder / "pipe.yaml").is_fifo()


# ------------------------------------------------------------------ the guard

def test_a_post_without_the_csrf_token_is_refused(tiny):
    client, folder = tiny
    del client.headers["x-csrf-token"]
    before = (folder / "pack.yaml").read_bytes()
    r = client.post("/p/tiny/save", json={"path": "pack.yaml", "text": "x", "base": None})
    assert r.status_code == 403 and "CSRF token" in r.text
    r = client.post("/p/tiny/save", json={"path": "pack.yaml", "text": "x"}, headers={"x-csrf-token": "guess"})
    assert r.status_code == 403
    assert (folder / "pack.yaml").read_bytes() == before


def test_every_page_carries_the_csrf_token_for_htmx(tiny):
    client, _ = tiny
    page = client.get("/p/tiny").text
    token = client.headers["x-csrf-token"]
    assert f'<meta name="csrf-token" content="{token}">' in page
    assert f'hx-headers=\'{{"X-CSRF-Token": "{token}"}}\'' in page


def test_every_answer_runs_only_the_workbenchs_own_scripts_and_is_never_framed(tiny):
    # Were a pack's text ever written into a page unescaped, a script or a handler in it
    # would run; and another site could show a workbench page in a frame, hidden, to have
    # its buttons clicked.
    client, _ = tiny
    for r in (client.get("/p/tiny"), client.get("/p/nothing"), client.post("/p/tiny/save", content=b"{}"),
              client.get("/", headers={"host": "attacker.example"})):
        assert r.headers["content-security-policy"] == (
            "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
            "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"), r.url
        assert (r.headers["x-frame-options"], r.headers["x-content-type-options"]) == ("DENY", "nosniff")
    pages = [client.get(path).text for path in ("/", "/p/tiny", "/p/tiny/play", "/p/tiny/edit/pack.yaml")]
    assert not any(re.search(r"<script(?! src=)| on[a-z]+=", page) for page in pages)


def test_a_request_to_another_host_name_is_refused(tiny):
    client, _ = tiny
    r = client.get("/", headers={"host": "attacker.example:8754"})
    assert r.status_code == 400 and 'not to "attacker.example"' in r.text
    assert client.get("/", headers={"host": "localhost:8754"}).status_code == 200


def test_a_workbench_open_to_the_network_needs_its_token(tmp_path):
    client, keys = client_for(["magic54"], token="s3cret")
    r = client.get("/", headers={"host": "192.0.2.1:8754"})
    assert r.status_code == 401 and "needs its token" in r.text
    r = client.get("/?token=wrong")
    assert r.status_code == 401
    r = client.get("/?token=s3cret")
    assert r.status_code == 200 and "cardtable_token=s3cret" in r.headers["set-cookie"]
    assert client.get("/p/magic54/cards").status_code == 200     # the cookie carries it on


def test_a_token_of_other_letters_is_refused_as_any_wrong_token(tiny):
    # Compared as texts, a token holding a letter beyond ASCII was a 500 naming a TypeError.
    client, keys = client_for(["magic54"], token="s3cret")
    for sent in ({"params": {"token": "\u00e9"}}, {"headers": {"cookie": "cardtable_token=\xe9".encode("latin-1")}}):
        r = client.get("/", **sent)
        assert r.status_code == 401 and r.text.startswith("this workbench is open to the network and needs its token")
    tiny_client, _ = tiny
    r = tiny_client.post("/p/tiny/save", json={"path": "pack.yaml", "text": "x"},
                         headers={"x-csrf-token": "\u00e9".encode("latin-1")})
    assert (r.status_code, r.text) == (403, "this request does not carry the workbench's CSRF token: "
                                            "send it from a page of the workbench\n")


def test_a_bad_request_is_a_4xx_with_a_sentence(tiny):
    client, _ = tiny
    r = client.post("/p/tiny/save", content=b"{not json", headers={"content-type": "application/json"})
    assert (r.status_code, r.text) == (400, "the request is not a JSON object\n")
    r = client.post("/p/tiny/check", json={"path": "pack.yaml"})
    assert (r.status_code, r.text) == (400, "the request needs path, text\n")
    assert "Traceback" not in r.text


# ------------------------------------------------------------------ the command

def test_serve_without_its_extra_says_what_to_install(monkeypatch):
    from click.testing import CliRunner

    from cardtable import cli, serve

    monkeypatch.setattr(serve, "missing", lambda: ["starlette", "uvicorn"])
    result = CliRunner().invoke(cli.main, ["serve", "magic54"])
    assert result.exit_code == 1
    assert result.output == ("error: cardtable serve needs starlette, uvicorn, which are not installed: "
                             "pip install 'cardtable[serve]'\n")


def test_serve_refuses_a_pack_it_cannot_find_and_a_port_in_use(tmp_path):
    import socket

    from click.testing import CliRunner

    from cardtable import cli

    result = CliRunner().invoke(cli.main, ["serve", str(tmp_path / "nowhere")])
    assert result.exit_code == 1 and "nowhere" in result.output and "Traceback" not in result.output
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        result = CliRunner().invoke(cli.main, ["serve", "magic54", "--port", str(port)])
    assert result.exit_code == 1
    assert result.output == (f"error: port {port} on 127.0.0.1 is in use (another workbench?): "
                             f"give another with --port\n")



@pytest.mark.parametrize("opens", [True, False])
def test_open_shows_the_page_once_the_workbench_answers(monkeypatch, capsys, opens):
    import threading
    import urllib.request

    import uvicorn

    from cardtable.serve import run

    servers = []

    class Kept(uvicorn.Server):
        def __init__(self, config):
            super().__init__(config)
            servers.append(self)
    monkeypatch.setattr(uvicorn, "Server", Kept)
    seen = []

    def opener(url):            # a browser: it asks for the page, as soon as it is told to
        with urllib.request.urlopen(url, timeout=10) as r:
            seen.append((url, r.status, "<title>cardtable workbench</title>" in r.read().decode()))
        servers[0].should_exit = True
        return opens            # what webbrowser.open says: whether a browser was found
    serving = threading.Thread(target=run.serve, args=(["magic54"], "127.0.0.1", 0, True, opener))
    serving.start()
    serving.join(30)
    assert not serving.is_alive()
    said = capsys.readouterr()
    url = re.search(r"cardtable workbench: (http://127\.0\.0\.1:\d+/) ", said.out).group(1)
    assert seen == [(url, 200, True)]
    assert said.err == ("" if opens else f"no web browser could be opened here: open {url} in one\n")

def test_the_workbench_listens_on_a_socket_asyncio_sends_without_delay():
    # A socket named TCP gets TCP_NODELAY on each connection from asyncio: without it a
    # board waits ~40 ms for the browser's delayed ACK (benchmarks/serve.py).
    import socket

    from cardtable.serve.run import listening_socket

    sock = listening_socket("127.0.0.1", 0)
    try:
        assert sock.proto == socket.IPPROTO_TCP
    finally:
        sock.close()


def test_a_file_changed_on_disk_is_an_event_to_the_packs_pages(tiny):
    import asyncio

    client, folder = tiny
    events = client.app.state.events
    served = client.app.state.workspace.get("tiny")
    before = served.generation

    async def listen():
        stream = events.stream("tiny").body_iterator
        assert await stream.__anext__() == ": open\n\n"
        events.files_changed([str(folder / "cards" / "base.yaml"), str(folder / "pack.yaml"), "/elsewhere/x.yaml"])
        return await asyncio.wait_for(stream.__anext__(), 2)
    assert asyncio.run(listen()) == 'event: changed\ndata: ["cards/base.yaml", "pack.yaml"]\n\n'
    assert served.generation == before + 1


@pytest.mark.parametrize("path", ["/", "/p/tiny", "/p/tiny/cards?q=bear", "/p/tiny/edit/pack.yaml",
                                  "/p/tiny/file/cards/base.yaml", "/p/tiny/play", "/p/tiny/simulate",
                                  "/p/tiny/compare", "/replay", "/static/htmx.min.js", "/static/workbench.js"])
def test_every_page_opens(tiny, path):
    client, _ = tiny
    r = client.get(path)
    assert r.status_code == 200 and r.headers["server-timing"].startswith("app;dur=")
    if path.startswith("/p/") and "file" not in path:
        assert "Tiny" in r.text or "Bear" in r.text


@pytest.mark.parametrize("how", ["simulate", "compare", "replay"])
def test_the_workbench_answers_while_a_pack_is_loaded_for_a_run_or_a_replay(tiny, tmp_path, how):
    # These loaded the pack in the workbench's one event loop: after a change on disk, every
    # page and every live update waited for it (4 s for a pack of 10,000 cards).
    import threading

    client, folder = tiny
    served = client.app.state.workspace.get("tiny")
    loading, go, validate = threading.Event(), threading.Event(), served._validate

    def slow(source):
        loading.set()
        go.wait(30)
        return validate(source)
    fields = {"games": "2", "seed": "0", "option_b_starting_life": "5"}
    with client:
        if how == "replay":
            from click.testing import CliRunner

            from cardtable import cli

            out = tmp_path / "games.jsonl"
            CliRunner().invoke(cli.main, ["simulate", str(folder), "--games", "1", "--out", str(out)])
            opened = client.post("/replay", json={"name": "games.jsonl", "text": out.read_text()})
            asked = ("GET", opened.json()["url"] + "/1", {})
        else:
            asked = ("POST", f"/p/tiny/{how}", {"data": fields, "follow_redirects": False})
        served._validate = slow
        served.changed()
        answer = {}
        thread = threading.Thread(target=lambda: answer.setdefault("r", client.request(asked[0], asked[1], **asked[2])))
        thread.start()
        assert loading.wait(30)
        meanwhile = threading.Thread(target=lambda: answer.setdefault("page", client.get("/static/workbench.js")))
        meanwhile.start()
        meanwhile.join(5)
        answered = not meanwhile.is_alive()
        go.set()
        thread.join(30)
        meanwhile.join(30)
    assert answered and answer["page"].status_code == 200
    assert answer["r"].status_code in (200, 303), answer["r"].text


def test_the_workbench_forgets_its_oldest_games_past_its_limit():
    from cardtable.serve.app import KEPT, remember

    store: dict = {}
    for k in range(KEPT + 3):
        remember(store, str(k), k)
    assert len(store) == KEPT and next(iter(store)) == "3" and store[str(KEPT + 2)] == KEPT + 2


@pytest.mark.parametrize("path, body", [
    ("/p/tiny/check", b'{"path": "cards/base.yaml", "text": "\\ud800abc"}'),
    ("/p/tiny/save", b'{"path": "\\ud800.yaml", "text": "x"}'),
    ("/replay", b'{"name": "\\ud800", "text": "garbage"}'),
], ids=["check", "save", "replay"])
def test_a_json_text_holding_half_a_character_is_refused(tiny, path, body):
    r = tiny[0].post(path, content=body, headers={"content-type": "application/json"})
    assert (r.status_code, r.text) == (400, "the request holds a text that is not Unicode (half of a character)\n")


def test_a_refusal_quoting_a_megabyte_sends_back_a_sentence(magic):
    r = magic.post("/p/magic54/play", data={"players": "x" * (1 << 20)})
    assert r.status_code == 400 and len(r.text) < 2100, len(r.text)
    assert "characters left out) ..." in r.text or "...\" (" in r.text, r.text[:300]


def test_a_path_that_is_not_a_text_is_refused(tiny):
    client, folder = tiny
    checked = client.post("/p/tiny/check", json={"path": None, "text": "x"})
    assert (checked.status_code, checked.text) == (400, "the path, the text and its base must be texts\n")
    saved = client.post("/p/tiny/save", json={"path": {"a": 1}, "text": "x"})
    assert (saved.status_code, saved.text) == (400, "the path, the text and its base must be texts\n")
    assert not (folder / "None").exists()
