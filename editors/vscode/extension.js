// Starts the spades language server (`spades lsp`, over standard input and output) for .spades files;
// the setting spades.server.path names the executable.
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate() {
  const command = vscode.workspace.getConfiguration('spades').get('server.path') || 'spades';
  const server = { command, args: ['lsp'] };
  client = new LanguageClient('spades', 'Spades language server', { run: server, debug: server },
                              { documentSelector: [{ scheme: 'file', language: 'spades' }] });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
