// Starts `cardtable lsp` for the YAML files of a workspace and stops it with VS Code.
// The server works out which pack each file belongs to; it answers only for files
// inside a pack (a folder with a pack.yaml above them).
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const settings = vscode.workspace.getConfiguration("cardtable");
  const server = {
    command: settings.get("command", "cardtable"),
    args: settings.get("args", ["lsp"]),
    transport: TransportKind.stdio,
  };
  const options = {
    documentSelector: [{ scheme: "file", language: "yaml" }],
    // Files changed outside the editor (a checkout, a save elsewhere): the pack is checked again.
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher("**/*.{yaml,txt,json}") },
  };
  client = new LanguageClient("cardtable", "cardtable", server, options);
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start().catch((error) => {
    vscode.window.showErrorMessage(
      `cardtable lsp could not start (${error.message}). Install it with: pip install 'cardtable[lsp]', ` +
        "or set cardtable.command to its path."
    );
  });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
