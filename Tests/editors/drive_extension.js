// Runs editors/vscode/extension.js against the stubs (copied next to it as node_modules by
// check_vscode.py) through one session: activation, a preview, edits, a settings change, the
// graphical preview's webview, edits to it, closing it.
// Prints the recorded log as JSON, with a {"event": "step"} entry before each step.
'use strict';

const path = require('path');
const vscode = require('vscode');
const extension = require(path.resolve(process.argv[2]));

const log = vscode._log;
const state = vscode._state;
const step = (name) => log.push({ event: 'step', detail: name });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  state.settings['tatami.server.path'] = '/opt/tatami/bin/tatami';
  state.settings['tatami.preview.viewport'] = 'phone';
  const context = { subscriptions: [] };

  step('activate');
  await extension.activate(context);

  step('preview');
  const file = vscode.Uri.parse('file:///work/Examples/avocado-toast.tatami.yaml');
  vscode.window.activeTextEditor = { document: { uri: file, languageId: 'tatami' } };
  await vscode.commands.executeCommand('tatami.showPreview');

  step('edits');
  const document = { uri: file, languageId: 'tatami' };
  for (let i = 0; i < 3; i++) {
    for (const l of state.listeners.change) l({ document });
    await sleep(50);
  }
  const other = { uri: vscode.Uri.parse('file:///work/other.tatami.yaml'), languageId: 'tatami' };
  for (const l of state.listeners.change) l({ document: other });
  await sleep(600);

  step('viewport setting');
  state.settings['tatami.preview.viewport'] = '';
  for (const l of state.listeners.configuration) l({ affectsConfiguration: (s) => s === 'tatami.preview.viewport' });
  const previewUri = Object.keys(state.providers).length ? log.filter((e) => e.event === 'showTextDocument')[0].detail.uri : '';
  await state.providers['tatami-preview'].provideTextDocumentContent(vscode.Uri.parse(previewUri));

  step('graphical preview');
  vscode.window.activeTextEditor = { document: { uri: file, languageId: 'tatami' } };
  await vscode.commands.executeCommand('tatami.showGraphicalPreview');

  step('graphical edits');
  for (let i = 0; i < 3; i++) {
    for (const l of state.listeners.change) l({ document });
    await sleep(50);
  }
  for (const l of state.listeners.change) l({ document: other });
  await sleep(600);

  step('graphical preview again');
  await vscode.commands.executeCommand('tatami.showGraphicalPreview');

  step('graphical preview closed');
  state.panels[0].dispose();
  for (const l of state.listeners.change) l({ document });
  await sleep(600);

  step('compare layout');
  vscode.window.activeTextEditor = { document: { uri: file, languageId: 'tatami' } };
  await vscode.commands.executeCommand('tatami.compareLayout');

  step('compare lens');
  // The server's lens runs `tatami.diff` through the client: the middleware shows the answer.
  const client = global.tatamiClient;
  const sent = (command, args) => client.sendRequest({ method: 'workspace/executeCommand' }, { command, arguments: args });
  await client.clientOptions.middleware.executeCommand('tatami.diff', [file.toString(), 'HEAD', 'text'], sent);
  await client.clientOptions.middleware.executeCommand('tatami.preview', [file.toString()], sent);

  step('not a tatami file');
  vscode.window.activeTextEditor = { document: { uri: vscode.Uri.parse('file:///work/README.md'), languageId: 'markdown' } };
  await vscode.commands.executeCommand('tatami.showPreview');
  await vscode.commands.executeCommand('tatami.showGraphicalPreview');

  step('deactivate');
  await extension.deactivate();
  process.stdout.write(JSON.stringify(log));
}

main().catch((error) => {
  console.error(error && error.stack ? error.stack : error);
  process.exit(1);
});
