"""`cardtable lsp`: the language server of rule packs, over standard input and output.

Each handler is short: it finds the document's pack (session.Session) and asks the
module that knows the answer (diagnostics from checks.py, the rest from language.py,
names.py and actions.py). Checks run in one worker thread, so that a large pack
being checked does not hold up completion.
"""
from __future__ import annotations

import json
import logging
from types import SimpleNamespace
from urllib.parse import unquote

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams, JsonRpcInvalidRequest
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.language_server import lsp_method

from .session import Session

NAME = "cardtable"


def version() -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("cardtable")
    except PackageNotFoundError:
        return "0"


log = logging.getLogger("cardtable.lsp")


class _Protocol(LanguageServerProtocol):
    """pygls's protocol, but a message the editor should not have sent is passed over with a
    line in the log, and answered when it is a request: a request whose parameters do not
    fit the protocol (a position on line -1) with the protocol's error, where it was left
    unanswered and the editor waited for ever; a JSON value that is no JSON-RPC message
    (`[]`, `{}`); an edit of a document never opened."""

    def structure_message(self, data):
        if isinstance(data, dict) and "id" in data and "method" in data and "params" not in data:
            data = {**data, "params": None}        # JSON-RPC's params may be left out
        try:
            return super().structure_message(data)
        except JsonRpcInvalidParams as error:
            if not (isinstance(data, dict) and "id" in data and "method" in data):
                raise
            log.warning("the parameters of request %s (%s) do not fit the protocol: answered with its error",
                        data["id"], data["method"])
            self._send_response(data["id"], None, error.to_response_error())
            return _ANSWERED

    def handle_message(self, message):
        if message is _ANSWERED:
            return None
        if not hasattr(message, "jsonrpc"):
            # A JSON value the object hook leaves as it is: no JSON-RPC message.
            log.warning("a message from the editor is not a JSON-RPC message: it is passed over")
            if isinstance(message, dict) and isinstance(message.get("id"), (int, str)):
                self._send_response(message["id"], None, JsonRpcInvalidRequest().to_response_error())
            return None
        return super().handle_message(message)

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: types.DidChangeTextDocumentParams):
        if unquote(params.text_document.uri) not in self.workspace.text_documents:
            log.warning("an edit of %s, which the editor did not open, is passed over", params.text_document.uri)
            return
        yield from super().lsp_text_document__did_change(params)


class _PlainLog(logging.Filter):
    """pygls logs a message it could not read with a Python traceback: what was wrong is the
    message the editor sent, not the server, so the log keeps a line saying what it was."""

    def filter(self, record: logging.LogRecord) -> bool:
        from pygls.exceptions import JsonRpcException

        text = str(record.msg)
        kind = record.exc_info[0] if record.exc_info else None
        if text.startswith("Unable to deserialize message") or \
                kind is not None and issubclass(kind, (json.JSONDecodeError, JsonRpcException)):
            said = f": {record.exc_info[1]}" if record.exc_info and str(record.exc_info[1]) else ""
            record.msg, record.args = text.split("\n")[0] + said, ()
            record.exc_info = record.exc_text = None
        return True


for _name in ("pygls.server", "pygls.io_", "pygls.protocol.json_rpc"):
    logging.getLogger(_name).addFilter(_PlainLog())


class _Server(LanguageServer):
    """pygls's server, whose messages outside an answer (a message that is not JSON, a
    failure while checking) say what happened in words, not as a Python exception."""

    def report_server_error(self, error: Exception, source) -> None:
        from pygls.exceptions import FeatureRequestError

        if source is FeatureRequestError:       # the request's answer carries it
            return
        if isinstance(error, json.JSONDecodeError):
            said = (f"a message from the editor is not JSON ({error.msg.lower()} at character {error.pos + 1}): "
                    f"it was passed over")
        else:
            said = f"cardtable lsp could not handle a message ({type(error).__name__}): its log says more"
        log.warning("%s", said)
        self.window_show_message(types.ShowMessageParams(message=said, type=types.MessageType.Error))


# What the reading of a request answered already becomes: a message of no version, which
# the protocol passes over.
_ANSWERED = SimpleNamespace(jsonrpc="answered")


def make_server() -> LanguageServer:
    server = _Server(NAME, version(), text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
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
