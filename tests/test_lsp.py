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
