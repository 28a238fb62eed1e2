"""`cardtable lsp`: the language server of rule packs, over standard input and output.

Each handler is short: it finds the document's pack (session.Session) and asks the
module that knows the answer (diagnostics from checks.py, the rest from language.py,
names.py and actions.py). Checks run in one worker thread, so that a large pack
being checked does not hold up completion.
"""
from __future__ import annotations

from types import SimpleNamespace

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol

from .session import Session

NAME = "cardtable"


def version() -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("cardtable")
    except PackageNotFoundError:
        return "0"


class _Protocol(LanguageServerProtocol):
    """pygls's protocol, but a request whose parameters do not fit the protocol (a position
    on line -1) is answered with the protocol's error, where it was left unanswered and the
    editor waited for ever."""

    def structure_message(self, data):
        try:
            return super().structure_message(data)
        except JsonRpcInvalidParams as error:
            if not (isinstance(data, dict) and "id" in data and "method" in data):
                raise
            self._send_response(data["id"], None, error.to_response_error())
            return _ANSWERED


# What the reading of a request answered already becomes: a message of no version, which
# the protocol passes over.
_ANSWERED = SimpleNamespace(jsonrpc="answered")


def make_server() -> LanguageServer:
    server = LanguageServer(NAME, version(), text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
                            protocol_cls=_Protocol)
    session = Session(server)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    async def did_open(ls, params: types.DidOpenTextDocumentParams):
        await session.changed(params.text_document.uri, opened=True)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    async def did_change(ls, params: types.DidChangeTextDocumentParams):
        await session.changed(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    async def did_close(ls, params: types.DidCloseTextDocumentParams):
        await session.changed(params.text_document.uri)

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    async def files_changed(ls, params: types.DidChangeWatchedFilesParams):
        for event in params.changes:
            if session.known(event.uri):
                await session.changed(event.uri, whole=True)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    async def hover(ls, params: types.HoverParams):
        return await session.hover(params.text_document.uri, params.position)

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    async def definition(ls, params: types.DefinitionParams):
        return await session.definition(params.text_document.uri, params.position)

    @server.feature(types.TEXT_DOCUMENT_COMPLETION,
                    types.CompletionOptions(trigger_characters=[" ", '"', "("]))
    async def completion(ls, params: types.CompletionParams):
        return await session.completion(params.text_document.uri, params.position)

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def symbols(ls, params: types.DocumentSymbolParams):
        return session.symbols(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
    def code_action(ls, params: types.CodeActionParams):
        return session.code_actions(params.text_document.uri, params.context.diagnostics)

    return server


def start() -> None:
    make_server().start_io()
