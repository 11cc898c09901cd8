// Config Inspector for VS Code: starts `config-inspector-cli lsp` (the language server of
// app/cli/lsp_server.cpp) over stdio for YAML, JSON, textproto, zone and dig files. Everything
// it shows (diagnostics, hovers, quick fixes, outline, go to definition) comes from the server.
// The executable is the setting configInspector.path (default: config-inspector-cli on PATH).
'use strict';
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration('configInspector').get('path') || 'config-inspector-cli';
  const run = { command, args: ['lsp'], transport: TransportKind.stdio };
  client = new LanguageClient(
    'configInspector',
    'Config Inspector',
    { run, debug: run },
    {
      // Files the engines read: YAML (Kuma, scenarios, xDS), JSON (manifests, matchers),
      // textproto, zone files and dig output (plain text, *.zone, *.dig).
      documentSelector: [
        { scheme: 'file', language: 'yaml' },
        { scheme: 'file', language: 'json' },
        { scheme: 'file', pattern: '**/*.{textproto,txtpb,pbtxt,zone,dig}' },
      ],
    });
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('configInspector.path')) {
        vscode.window.showInformationMessage('Config Inspector: reload the window to use the new server path.');
      }
    }));
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
