// The mtgc extension: the grammars are declared in package.json; this
// starts `mtgc lsp` (setting mtgc.path) for .mtg files and conformance
// scripts.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("mtgc").get("path") || "mtgc";
  client = new LanguageClient(
    "mtgc",
    "mtgc language server",
    { command, args: ["lsp"] },
    {
      documentSelector: [
        { scheme: "file", language: "mtg" },
        { scheme: "file", language: "mtg-script" },
      ],
    },
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
