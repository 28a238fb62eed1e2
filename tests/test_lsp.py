"""`cardtable lsp` driven by a real client over standard input and output (pytest-lsp).

One server runs for the whole module; each test works on its own copy of a built-in
pack, so that tests do not see each other's files.
"""
from __future__ import annotations

import asyncio
import shutil
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.packs.validate import validate_pack

VARIANTS = Path(__file__).resolve().parents[1] / "variants"
lsp_test = pytest.mark.asyncio(loop_scope="module")


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(server_command=[sys.executable, "-m", "cardtable.cli", "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(capabilities=types.ClientCapabilities()))
    yield
    await lsp_client.shutdown_session()


def copy_pack(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name
    shutil.copytree(VARIANTS / name, folder)
    return folder


def uri(path: Path) -> str:
    return path.resolve().as_uri()


def open_doc(client: LanguageClient, path: Path, text: str | None = None, version: int = 1) -> str:
    text = path.read_text(encoding="utf-8") if text is None else text
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri(path), language_id="yaml", version=version, text=text)))
    return text


def change_doc(client: LanguageClient, path: Path, version: int, start: tuple, end: tuple, new: str) -> None:
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(uri=uri(path), version=version),
        [types.TextDocumentContentChangePartial(range=types.Range(types.Position(*start), types.Position(*end)),
                                               text=new)]))


async def published(client: LanguageClient, *paths: Path, timeout: float = 60) -> list:
    """The diagnostics next published for each of `paths` (those published before are
    forgotten first: call it right after the change that makes them)."""
    wanted = [uri(path) for path in paths]
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not all(u in client.diagnostics for u in wanted):
        if loop.time() > end:
            raise AssertionError(f"no diagnostics for {[u for u in wanted if u not in client.diagnostics]}")
        await asyncio.sleep(0.01)
    return [list(client.diagnostics.pop(u)) for u in wanted]


def forget(client: LanguageClient, *paths: Path) -> None:
    for path in paths:
        client.diagnostics.pop(uri(path), None)


def where(d: types.Diagnostic) -> tuple:
    r = d.range
    return (r.start.line, r.start.character, r.end.line, r.end.character)


@lsp_test
async def test_a_broken_card_is_shown_at_its_word_and_cleared_when_fixed(client, tmp_path):
    folder = copy_pack(tmp_path, "magic54")
    cards = folder / "cards" / "creatures.yaml"
    text = cards.read_text(encoding="utf-8")
    broken = text.replace("when: fast", "when: fsat", 1)
    open_doc(client, cards, broken)
    ((shown,),) = await published(client, cards)
    assert shown.message == 'unknown name "fsat"; did you mean "fast"?'
    assert where(shown) == (15, 14, 15, 18)          # line 16, column 15 of `cardtable validate`, the word fsat
    assert shown.severity == types.DiagnosticSeverity.Error and shown.source == "cardtable"
    change_doc(client, cards, 2, (15, 14), (15, 18), "fast")
    assert await published(client, cards) == [[]]


@lsp_test
async def test_diagnostics_are_what_validate_reports(client, tmp_path):
    """A misspelt zone in pack.yaml, open in the editor and not saved: the problems of
    pack.yaml and of the card file that uses the zone are those of `cardtable validate`
    on the same text saved."""
    folder = copy_pack(tmp_path, "basic_tcg")
    pack, cards = folder / "pack.yaml", folder / "cards" / "scenarios.yaml"
    text = pack.read_text(encoding="utf-8")
    broken = text.replace("hand", "hnad", 2)
    pack.write_text(broken, encoding="utf-8")
    report = Report()
    assert not validate_pack(str(folder), report)
    pack.write_text(text, encoding="utf-8")      # the broken text is only in the editor now
    open_doc(client, pack, broken)
    shown = dict(zip((pack, cards), await published(client, pack, cards)))
    for path in (pack, cards):
        expected = sorted((p.line - 1, p.col - 1, p.message) for p in report.problems if Path(p.file) == path)
        assert sorted((d.range.start.line, d.range.start.character, d.message) for d in shown[path]) == expected
    assert len(shown[pack]) == 9 and len(shown[cards]) == 1


def test_without_pygls_the_command_says_what_to_install(monkeypatch):
    from click.testing import CliRunner

    from cardtable.cli import main

    monkeypatch.setitem(sys.modules, "pygls", None)
    monkeypatch.delitem(sys.modules, "cardtable.lsp.server", raising=False)
    result = CliRunner().invoke(main, ["lsp"])
    assert result.exit_code == 1
    assert result.output == ("error: the language server needs the package pygls: "
                             "install it with  pip install 'cardtable[lsp]'\n")


def at(line: int, character: int) -> types.Position:
    return types.Position(line, character)


def doc(path: Path) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri(path))


@lsp_test
async def test_completion_inside_a_target_lists_the_packs_cards(client, tmp_path):
    folder = copy_pack(tmp_path, "basic_tcg")
    cards = folder / "cards" / "text.yaml"
    lines = open_doc(client, cards).split("\n")
    assert lines[21] == "        targets: {target: creature in play}"
    change_doc(client, cards, 2, (21, 26), (21, 42), 'creature in play where name of it = "')
    result = await client.text_document_completion_async(types.CompletionParams(doc(cards), at(21, 63)))
    labels = [item.label for item in result.items]
    assert labels[:2] == ["Last Standing", "Conquest"]           # the pack's own cards first
    assert "Giant Growth" in labels                             # then those of its imports
    assert {item.detail for item in result.items} == {"card"}


async def completed(client, pack: Path, row: int, line: str, col: int) -> dict:
    """What completes at column `col` of line `row` (which reads `line`) once the line's
    end from there is deleted: each label's detail."""
    assert open_doc(client, pack).split("\n")[row] == line
    change_doc(client, pack, 2, (row, col), (row, len(line)), "")
    result = await client.text_document_completion_async(types.CompletionParams(doc(pack), at(row, col)))
    return {item.label: item.detail for item in result.items}


@lsp_test
async def test_completion_after_a_verb_offers_what_the_grammar_accepts(client, tmp_path):
    pack = copy_pack(tmp_path, "magic54") / "pack.yaml"
    kinds = await completed(client, pack, 56, "        effect: deal strength of this damage to target", 24)
    assert kinds["count"] == "keyword" and kinds["your"] == "keyword"
    assert kinds["target"] == "target" and kinds["starting_life"] == "option" and kinds["opponents"] == "players, every pack has"
    assert "draw" not in kinds                 # a statement cannot start inside "deal ... damage"


@lsp_test
async def test_completion_at_a_statement_offers_the_packs_scripts(client, tmp_path):
    pack = tmp_path / "scriptpack" / "pack.yaml"
    shutil.copytree(Path(__file__).parent / "data" / "scriptpack", pack.parent)
    kinds = await completed(client, pack, 37, "      pass_card for you, opponent", 6)
    assert kinds["pass_card"] == "script" and kinds["deal_out"] == "script" and kinds["draw"] == "keyword"


@lsp_test
async def test_sets_of_cards_are_described_and_completed(client, tmp_path):
    pack = tmp_path / "setspack" / "pack.yaml"
    shutil.copytree(Path(__file__).parent / "data" / "setspack", pack.parent)
    lines = open_doc(client, pack).split("\n")
    line = "      let fifteens be count of (sets of cards in your hand where total pips of it = 15)"
    row = lines.index(line)
    hover = await client.text_document_hover_async(types.HoverParams(doc(pack), at(row, 33)))
    assert hover.contents.value.startswith("**`sets [NAME] of [SIZE] SELECTOR [where CONDITION]`** (selector)\n\n"
                                           "Every set of one card or more of the cards the selector picks")
    change_doc(client, pack, 2, (row, 32), (row, len(line)), "")
    result = await client.text_document_completion_async(types.CompletionParams(doc(pack), at(row, 32)))
    kinds = {item.label: item.detail for item in result.items}
    assert kinds["sets"] == "keyword" and kinds["hand"] == "zone"


@lsp_test
async def test_hover_shows_a_verbs_description_and_a_cards_text(client, tmp_path):
    folder = copy_pack(tmp_path, "magic54")
    pack = folder / "pack.yaml"
    open_doc(client, pack)
    verb = await client.text_document_hover_async(types.HoverParams(doc(pack), at(56, 17)))
    assert verb.contents.value.startswith(
        "**`deal N damage to TARGET [from SOURCE] [as KIND]`** (statement)\n\nDeals damage to a card that can be damaged "
        "or to a player; redirection and prevention apply. The source is this card unless named (a rule's damage, in a "
        "phase script or a replacement, has none). As KIND: damage of a kind the pack declares (damage: kinds), which "
        "triggers may watch for (\"whenever this deals combat damage to a player\").\n\n"
        "| parameter | type | meaning |\n|---|---|---|\n| N | number | how much |")
    option = await client.text_document_hover_async(types.HoverParams(doc(pack), at(56, 29)))
    assert option.contents.value.startswith("**strength** (property)")


@lsp_test
async def test_definition_of_a_card_name_lands_on_the_cards_line(client, tmp_path):
    folder = copy_pack(tmp_path, "basic_tcg")
    pack = folder / "pack.yaml"
    lines = open_doc(client, pack).split("\n")
    await published(client, pack)
    row = lines.index("  scenarios: {cards: [Last Standing, Conquest]}")
    option = lines.index("    default: Last Standing")
    for position in (at(row, 25), at(option, 16)):          # in a deck's list, and an option's default
        (found,) = await client.text_document_definition_async(types.DefinitionParams(doc(pack), position))
        assert found.uri == uri(folder / "cards" / "scenarios.yaml")
    assert found.range.start == at(5, 10)                 # "  - name: Last Standing"
    (conquest,) = await client.text_document_definition_async(types.DefinitionParams(doc(pack), at(row, 40)))
    assert conquest.range.start == at(19, 10)
    # The card file grown past the size a pack may read, since the pack was checked: the
    # place is still given, and the file is not read whole to find its line.
    # (Its line 19 begins with characters of two UTF-16 units each: read, it would move the column.)
    (folder / "cards" / "scenarios.yaml").write_text("\n" * 19 + "\U0001F600" * 20 + "#" * (11 * 2 ** 20),
                                                     encoding="utf-8")
    (again,) = await client.text_document_definition_async(types.DefinitionParams(doc(pack), at(row, 40)))
    assert (again.uri, again.range.start) == (uri(folder / "cards" / "scenarios.yaml"), at(19, 10))


@lsp_test
async def test_symbols_of_a_card_file_are_its_cards_and_their_abilities(client, tmp_path):
    folder = copy_pack(tmp_path, "basic_tcg")
    cards = folder / "cards" / "scenarios.yaml"
    open_doc(client, cards)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(doc(cards)))
    assert [(s.name, s.selection_range.start.line, [c.name for c in s.children]) for s in symbols[:2]] == [
        ("Last Standing", 5, ["Last Standing"]), ("Conquest", 19, ["Conquest"])]


@lsp_test
async def test_a_condition_of_until_is_shown_at_its_place_in_a_scenario_file_being_typed(client, tmp_path):
    """The condition of a scenario's `until:` does not parse, in a file being typed whose
    next step is not yet whole (refused by the schema): the condition's mistake is shown
    at its place all the same (nothing was shown of it); its unknown name is shown once
    the file fits the schema."""
    folder = copy_pack(tmp_path, "magic54")
    combat = folder / "tests" / "combat.yaml"
    text = combat.read_text(encoding="utf-8").replace(
        '      - "Red: Jack of Hearts"\n    expect:',
        '      - "Red: Jack of Hearts"\n      - until: {condition: "life of Blck <"}\n      - until: {}\n    expect:', 1)
    open_doc(client, combat, text)
    (shown,) = await published(client, combat)
    empty = ((19, 15, 19, 16), '"until" must not be empty')
    assert [(where(d), d.message) for d in shown] == [
        ((18, 42, 18, 44), 'until: unexpected end of the text; expected "(", "-", "a", "active", "bottom", "card", '
                           '"count", "false", ...'), empty]
    change_doc(client, combat, 2, (18, 42), (18, 42), " 3")
    assert [[(where(d), d.message) for d in shown] for shown in await published(client, combat)] == [[empty]]
    change_doc(client, combat, 3, (19, 15), (19, 17), "{end_of_turn: 3}")
    (shown,) = await published(client, combat)
    assert [(where(d), d.message) for d in shown] == [
        ((18, 36, 18, 40), 'until: unknown name "Blck"; did you mean "Black"?')]


@lsp_test
async def test_a_suggestion_is_a_quick_fix(client, tmp_path):
    folder = copy_pack(tmp_path, "magic54")
    cards = folder / "cards" / "creatures.yaml"
    open_doc(client, cards, cards.read_text(encoding="utf-8").replace("when: fast", "when: fsat", 1))
    ((shown,),) = await published(client, cards)
    (fix,) = await client.text_document_code_action_async(types.CodeActionParams(
        doc(cards), shown.range, types.CodeActionContext(diagnostics=[shown])))
    assert fix.title == 'Change "fsat" to "fast"' and fix.kind == types.CodeActionKind.QuickFix
    (edit,) = fix.edit.changes[uri(cards)]
    assert (edit.range, edit.new_text) == (types.Range(at(15, 14), at(15, 18)), "fast")


@lsp_test
async def test_a_question_about_a_document_never_opened_has_no_answer(client, tmp_path):
    # It was an error holding a Python traceback (the file read from the disk, or missing).
    never = uri(tmp_path / "magic54" / "pack.yaml")
    at = types.Position(0, 0)
    doc = types.TextDocumentIdentifier(uri=never)
    assert await client.text_document_hover_async(types.HoverParams(doc, at)) is None
    assert not await client.text_document_document_symbol_async(types.DocumentSymbolParams(doc))
    listed = await client.text_document_completion_async(types.CompletionParams(doc, at))
    assert not listed.items
    assert not await client.text_document_definition_async(types.DefinitionParams(doc, at))


@lsp_test
async def test_half_a_character_typed_is_checked_as_a_character_that_is_not_one(client, tmp_path):
    # An emoji cut in half by the editor stopped the checks with a UnicodeEncodeError.
    folder = copy_pack(tmp_path, "magic54")
    pack = folder / "pack.yaml"
    text = open_doc(client, pack)
    assert await published(client, pack) == [[]]
    line = text.splitlines().index("name: Magic 54")
    change_doc(client, pack, 2, (line, 0), (line, 0), "\ud83d")
    [problems] = await published(client, pack)
    assert sorted(d.message for d in problems) == ['missing required key "name"',
                                                   'unknown key "?name"; did you mean "name"?']
    change_doc(client, pack, 3, (line, 0), (line, 1), "")
    assert await published(client, pack) == [[]]


@lsp_test
async def test_a_document_whose_path_is_no_file_leaves_the_others_checked(client, tmp_path):
    # A NUL in its address (or a name of 300 characters) raised in every later check: no
    # pack had diagnostics any more, and each edit showed "Error in server: ValueError".
    folder = copy_pack(tmp_path, "magic54")
    odd = [f"{uri(folder)}/cards/%00.yaml", f"{uri(folder)}/cards/{'a' * 300}.yaml"]
    for address in odd:
        client.text_document_did_open(types.DidOpenTextDocumentParams(
            types.TextDocumentItem(uri=address, language_id="yaml", version=1, text="cards: []\n")))
        at = types.Position(0, 0)
        assert await client.text_document_hover_async(types.HoverParams(types.TextDocumentIdentifier(address), at)) is None
    try:
        cards = folder / "cards" / "creatures.yaml"
        open_doc(client, cards, cards.read_text(encoding="utf-8").replace("when: fast", "when: fsat", 1))
        ((shown,),) = await published(client, cards)
        assert shown.message == 'unknown name "fsat"; did you mean "fast"?'
        assert not [m.message for m in client.messages if "Error in server" in m.message]
    finally:
        for address in odd:
            client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(address)))


class RawServer:
    """`cardtable lsp` in a process of its own, sent bytes as they are: messages a client of
    the protocol would not let a test send. Its standard error is kept in `log`."""

    def __init__(self, log: Path):
        import subprocess

        self.log = log
        with open(log, "wb") as err:
            self.process = subprocess.Popen([sys.executable, "-m", "cardtable.cli", "lsp"], stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, stderr=err)
        self.seen: list[dict] = []
        self.pending = b""       # what the server sent that is not read as a message yet

    def raw(self, body: bytes) -> None:
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def send(self, message: dict) -> None:
        import json

        self.raw(json.dumps(message).encode())

    def answer_to(self, number: int, timeout: float = 120) -> dict:
        import json
        import os
        import select
        import time

        end = time.monotonic() + timeout
        fd = self.process.stdout.fileno()
        while time.monotonic() < end:
            # The messages already read come first: several may have come in one read, and
            # the pipe then has nothing more to say (a buffered reader's select waited for ever).
            while True:
                head, sep, rest = self.pending.partition(b"\r\n\r\n")
                if not sep:
                    break
                size = int(head.split(b"Content-Length:")[1].split(b"\r\n")[0])
                if len(rest) < size:
                    break
                message = json.loads(rest[:size])
                self.pending = rest[size:]
                self.seen.append(message)
                if message.get("id") == number and "method" not in message:
                    return message
            if select.select([fd], [], [], 0.5)[0]:
                got = os.read(fd, 1 << 16)
                if not got:
                    raise AssertionError(f"the server ended before it answered request {number}")
                self.pending += got
        raise AssertionError(f"no answer to request {number}")

    def start(self) -> None:
        self.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
        self.answer_to(1)
        self.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})

    def stop(self) -> None:
        self.process.kill()
        self.process.wait()


def test_a_request_whose_parameters_do_not_fit_the_protocol_is_answered_with_its_error(tmp_path):
    # A position on line -1 was left unanswered, and the editor waited for ever.
    server = RawServer(tmp_path / "lsp.log")
    try:
        server.start()
        server.send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
                     "params": {"textDocument": {"uri": "file:///nowhere/pack.yaml"},
                                "position": {"line": -1, "character": 0}}})
        assert server.answer_to(2)["error"] == {"code": -32602, "message": "Invalid Params"}
        server.send({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})
        assert server.answer_to(3)["result"] is None
    finally:
        server.stop()


def test_a_message_that_is_not_json_rpc_is_passed_over_and_said_in_words(tmp_path):
    # Each was a Python exception shown in the editor ("Error in server: 'list' object has no
    # attribute 'jsonrpc'", a KeyError), with its traceback in the log; a request of a method
    # the server does not know, sent without params, was never answered.
    server = RawServer(tmp_path / "lsp.log")
    try:
        server.start()
        server.raw(b"{bad}")
        server.raw(b"[]")
        server.raw(b'{"id": 7}')
        server.send({"jsonrpc": "2.0", "id": 2, "method": "no/such"})
        assert server.answer_to(2)["error"]["code"] == -32601          # Method Not Found
        server.send({"jsonrpc": "2.0", "method": "textDocument/didChange",
                     "params": {"textDocument": {"uri": "file:///never/opened.yaml", "version": 2},
                                "contentChanges": [{"text": "x"}]}})
        server.send({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})
        assert server.answer_to(3)["result"] is None
    finally:
        server.stop()
    shown = [m["params"]["message"] for m in server.seen if m.get("method") == "window/showMessage"]
    assert shown == ["a message from the editor is not JSON (expecting property name enclosed in double quotes "
                     "at character 2): it was passed over"]
    log = server.log.read_text()
    assert "Traceback" not in log and "Error in server" not in log
    assert "an edit of file:///never/opened.yaml, which the editor did not open, is passed over" in log
    assert log.count("a message from the editor is not a JSON-RPC message: it is passed over") == 2


def test_what_dies_frozen_after_a_whole_check_is_collected_as_checks_go_on(tmp_path):
    # Each whole check froze what lived (gc.freeze), and what then died in a cycle was never
    # collected: 13 MB more at each edit of pack.yaml of a pack of 10,000 cards.
    import gc
    import weakref

    from cardtable.lsp.checks import PackCheck

    class Node:
        pass
    folder = copy_pack(tmp_path, "magic54")
    check = PackCheck(folder)
    cycle = Node()
    cycle.me = cycle
    gone = weakref.ref(cycle)
    try:
        check.run({}, whole=True)
        del cycle
        grown = [[] for _ in range(gc.get_freeze_count() // 3 + 1)]     # as checks of a larger pack would
        check.run({}, whole=True)
        assert gone() is None
        del grown
    finally:
        gc.unfreeze()



HEARTS_PLAY = "      if first_card: set led to suit of card_played"
NAMED = ("      if any (cards c in your hand where any (cards in played where its suit = suit of c)): "
         "set led to suit of card_played")


@lsp_test
async def test_inside_a_where_the_name_of_its_item_is_offered_and_told(client, tmp_path):
    folder = copy_pack(tmp_path, "hearts")
    pack = folder / "pack.yaml"
    text = pack.read_text(encoding="utf-8")
    lines = open_doc(client, pack, text.replace(HEARTS_PLAY, HEARTS_PLAY + "\n" + NAMED)).split("\n")
    assert await published(client, pack) == [[]]
    row = lines.index(NAMED)
    inner, after = NAMED.index("suit of c)") + len("suit of "), NAMED.index("set led to ") + len("set led to ")

    async def offered(col: int) -> dict:
        result = await client.text_document_completion_async(types.CompletionParams(doc(pack), at(row, col)))
        return {item.label: item.detail for item in result.items}
    inside, outside = await offered(inner), await offered(after)
    assert inside["c"] == 'each card in your hand, in this "where"' and inside["card_played"] == "variable"
    assert "c" not in outside and outside["card_played"] == "variable"
    for col in (inner, NAMED.index(" c in") + 1):       # where it is read, and where it is named
        hover = await client.text_document_hover_async(types.HoverParams(doc(pack), at(row, col)))
        assert hover.contents.value == '**c**: each card in your hand, in this "where"'


def test_a_trigger_that_names_the_card_it_watches_tells_it_without_its_article():
    from cardtable.interpreter.lang.compiler import Names
    from cardtable.lsp.language import item_at
    from cardtable.lsp.yamltext import DslText
    trigger = "whenever a creature c where any (creatures in field where it != c) enters field"
    text = DslText("trigger", None, "trigger", trigger, [(0, 0)], (0, trigger.index("!= c") + 3))
    assert item_at(text, Names(card_types={"creature"})) == '**c**: each creature, in this "where"'


HEARTS_LED = "  led: {of: suit, description: The suit led to the current trick.}"


@lsp_test
async def test_a_table_value_that_holds_a_card_says_so(client, tmp_path):
    folder = copy_pack(tmp_path, "hearts")
    pack = folder / "pack.yaml"
    seen = "\n  seen: {of: card, description: The card played last.}"
    text = pack.read_text(encoding="utf-8").replace(HEARTS_LED, HEARTS_LED + seen)
    text = text.replace(HEARTS_PLAY, HEARTS_PLAY + "\n      set seen to card_played")
    lines = open_doc(client, pack, text).split("\n")
    assert await published(client, pack) == [[]]
    row = lines.index("      set seen to card_played")
    hover = await client.text_document_hover_async(types.HoverParams(doc(pack), at(row, 11)))
    assert hover.contents.value.startswith("**seen** (table value)\n\nholds a card\n\nThe card played last.\n\n*")
    result = await client.text_document_completion_async(types.CompletionParams(doc(pack), at(row, 10)))
    details = {item.label: item.detail for item in result.items}
    assert details["seen"] == "table value, holds a card" and details["led"] == 'table value, holds a word of "suit"'


@lsp_test
async def test_the_new_load_errors_are_shown_at_their_word_with_their_fix(client, tmp_path):
    folder = copy_pack(tmp_path, "hearts")
    pack = folder / "pack.yaml"
    text = pack.read_text(encoding="utf-8").replace(HEARTS_LED, HEARTS_LED + "\n  seen: {of: crad}")
    lines = open_doc(client, pack, text).split("\n")
    ((shown,),) = await published(client, pack)
    row = lines.index("  seen: {of: crad}")
    assert shown.message == '"crad" is not a property of one word (one_of), "player" nor "card"; did you mean "card"?'
    assert where(shown) == (row, 13, row, 17)
    (fix,) = await client.text_document_code_action_async(types.CodeActionParams(
        doc(pack), shown.range, types.CodeActionContext(diagnostics=[shown])))
    assert fix.title == 'Change "crad" to "card"'
    # Once it is mended: a name after a noun that its "where" does not read, and a word misspelt after a noun.
    play = lines.index(HEARTS_PLAY)
    wrong = ("      if any (cards c in your hand where its suit = led): "
             "put each card tappd in your hand into your played")
    edits = [((row, 13), (row, 17), "card"), ((play, 0), (play, len(HEARTS_PLAY)), wrong)]
    client.text_document_did_change(types.DidChangeTextDocumentParams(           # one edit of both lines
        types.VersionedTextDocumentIdentifier(uri=uri(pack), version=2),
        [types.TextDocumentContentChangePartial(range=types.Range(at(*start), at(*end)), text=new)
         for start, end, new in edits]))
    ((named, misspelt),) = await published(client, pack)
    assert named.message == ('"c" after "cards" names each card in its "where", which does not read it: a word that '
                             'narrows the cards comes before "cards"')
    assert where(named) == (play, wrong.index(" c ") + 1, play, wrong.index(" c ") + 2)
    assert misspelt.message.startswith('"tappd" is not a word of the language; did you mean "tapped"?')
    assert where(misspelt) == (play, wrong.index("tappd"), play, wrong.index("tappd") + 5)
    (fix,) = await client.text_document_code_action_async(types.CodeActionParams(
        doc(pack), misspelt.range, types.CodeActionContext(diagnostics=[misspelt])))
    assert fix.title == 'Change "tappd" to "tapped"'


def test_the_name_after_a_variable_holding_cards_tells_it_holds_one_of_them():
    from cardtable.interpreter.lang.compiler import Names
    from cardtable.lsp.language import item_at
    from cardtable.lsp.yamltext import DslText
    script = "let m be all cards in hand\nlet k be count of (m c where any (cards in hand where it = c))"
    text = DslText("script", None, "script", script, [(0, 0)], (1, script.split("\n")[1].index("= c") + 2))
    assert item_at(text, Names(zones={"hand": None})) == '**c**: each one of m, in this "where"'


@lsp_test
async def test_completion_inside_a_condition_of_until_offers_the_language_and_the_pack(client, tmp_path):
    folder = copy_pack(tmp_path, "magic54")
    combat = folder / "tests" / "combat.yaml"
    line = '      - until: {condition: "life of Black < 3"}'
    text = combat.read_text(encoding="utf-8").replace(
        '      - "Red: Jack of Hearts"\n    expect:', f'      - "Red: Jack of Hearts"\n{line}\n    expect:', 1)
    combat.write_text(text, encoding="utf-8")
    kinds = await completed(client, combat, 18, line, line.index("Black"))
    assert kinds["count"] == "keyword" and kinds["starting_life"] == "option" and kinds["life"] == "player counter"
    assert kinds["Black"] == kinds["Red"] == "player, by the name of their seat"
    kinds = await completed(client, combat, 18, line, line.index("life"))
    assert kinds["count"] == "keyword" and "Black" in kinds and "of" not in kinds
