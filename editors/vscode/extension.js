'use strict';
// Tatami for VS Code: starts the language server (`<tatami.server.path> lsp`, over standard input
// and output), tells it the default viewport, and shows the server's previews of a file beside the
// editor, redrawn as the file changes: the ASCII one in a read-only document, the graphical one
// (every viewport at true geometry, hover for frames) in a webview; and compares a file's layout
// with the committed one (Tatami: Compare Layout with HEAD, and the server's code lens).

const vscode = require('vscode');
const {
  LanguageClient,
  DidChangeConfigurationNotification,
  ExecuteCommandRequest,
} = require('vscode-languageclient/node');

const PREVIEW_SCHEME = 'tatami-preview';
const PREVIEW_COMMAND = 'tatami.preview';
const HTML_PREVIEW_COMMAND = 'tatami.previewHTML';
// The server's layout diff of a file against a git revision (its code lens runs it too).
const DIFF_COMMAND = 'tatami.diff';
const HTML_PREVIEW_VIEW_TYPE = 'tatami.htmlPreview';
// The webview may run the page's own inline script and style, and load nothing at all.
const HTML_PREVIEW_CSP =
  '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'; script-src \'unsafe-inline\';">';
const REFRESH_DELAY_MS = 300;

/** @type {LanguageClient | undefined} */
let client;
/** @type {Promise<void> | undefined} */
let starting;

function settings() {
  const config = vscode.workspace.getConfiguration('tatami');
  return {
    serverPath: config.get('server.path') || 'tatami',
    viewport: config.get('preview.viewport') || '',
  };
}

/** `workspace/didChangeConfiguration` with `{tatami: {defaultViewport}}`; null: the file's first. */
function sendDefaultViewport() {
  if (!client) return;
  const viewport = settings().viewport;
  client.sendNotification(DidChangeConfigurationNotification.type, {
    settings: { tatami: { defaultViewport: viewport === '' ? null : viewport } },
  });
}

function startClient() {
  const serverOptions = { command: settings().serverPath, args: ['lsp'] };
  const clientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'tatami' },
      { scheme: 'untitled', language: 'tatami' },
    ],
    outputChannelName: 'Tatami',
    // The server sends diagnostics the way the client asks for them: this client declares the
    // pull model (textDocument/diagnostic), so it asks on open, on every change and on save
    // (vscode-languageclient 10 no longer pulls on change unless told to).
    diagnosticPullOptions: { onChange: true, onSave: true },
    // The server's "Compare layout with HEAD" lens runs `tatami.diff` through the client, which
    // would drop the answer: show it instead.
    middleware: {
      executeCommand: async (command, args, next) => {
        const result = await next(command, args);
        if (command === DIFF_COMMAND) await showDiff(result, args[2] === 'markdown' ? 'markdown' : 'plaintext');
        return result;
      },
    },
  };
  const started = new LanguageClient('tatami', 'Tatami', serverOptions, clientOptions);
  client = started;
  starting = started.start().then(
    () => sendDefaultViewport(),
    (error) => {
      if (client === started) client = undefined;
      vscode.window.showErrorMessage(
        `Tatami: could not start \`${serverOptions.command} lsp\` (${error && error.message ? error.message : error}). ` +
          'Set tatami.server.path to the tatami executable.');
    });
  return starting;
}

async function restartClient() {
  const old = client;
  client = undefined;
  if (old) {
    try {
      await old.stop();
    } catch (_) {
      // Already stopped.
    }
  }
  await startClient();
  preview.refreshAll();
  htmlPreviews.refreshAll();
}

/** The ASCII previews: one read-only virtual document per Tatami file, redrawn on change. */
class PreviewProvider {
  constructor() {
    this.emitter = new vscode.EventEmitter();
    this.onDidChange = this.emitter.event;
    /** Preview URI (string) → its Tatami file's URI, for the previews open now. */
    this.open = new Map();
    this.timers = new Map();
  }

  static previewUri(source) {
    const name = source.path.split('/').pop() || 'untitled';
    return vscode.Uri.from({ scheme: PREVIEW_SCHEME, path: `/${name} preview`, query: source.toString() });
  }

  async provideTextDocumentContent(uri) {
    const source = uri.query;
    this.open.set(uri.toString(), source);
    if (starting) await starting;
    if (!client) return 'The Tatami language server is not running (see the Tatami output).';
    const viewport = settings().viewport;
    try {
      const result = await client.sendRequest(ExecuteCommandRequest.type, {
        command: PREVIEW_COMMAND,
        arguments: viewport === '' ? [source] : [source, viewport],
      });
      return typeof result === 'string' ? result : JSON.stringify(result, null, 2);
    } catch (error) {
      return `Tatami could not draw ${source}:\n${error && error.message ? error.message : error}`;
    }
  }

  /** Redraws the previews of `source` once it has been quiet for REFRESH_DELAY_MS. */
  scheduleRefresh(source) {
    for (const [previewKey, previewSource] of this.open) {
      if (previewSource !== source) continue;
      clearTimeout(this.timers.get(previewKey));
      this.timers.set(previewKey, setTimeout(() => {
        this.timers.delete(previewKey);
        this.emitter.fire(vscode.Uri.parse(previewKey));
      }, REFRESH_DELAY_MS));
    }
  }

  refreshAll() {
    for (const previewKey of this.open.keys()) this.emitter.fire(vscode.Uri.parse(previewKey));
  }

  closed(uri) {
    const key = uri.toString();
    this.open.delete(key);
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
  }

  dispose() {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.emitter.dispose();
  }
}

const preview = new PreviewProvider();

function escapeHTML(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

/** The graphical previews: one webview per Tatami file showing the server's `tatami.previewHTML`
 * page (every viewport side by side), replaced once the file has been quiet for REFRESH_DELAY_MS. */
class HTMLPreviews {
  constructor() {
    /** Tatami file URI (string) → its webview panel. */
    this.panels = new Map();
    this.timers = new Map();
  }

  static title(source) {
    return `${source.path.split('/').pop() || 'untitled'} (graphical preview)`;
  }

  async show(source) {
    const key = source.toString();
    let panel = this.panels.get(key);
    if (panel) {
      panel.reveal(vscode.ViewColumn.Beside, true);
    } else {
      panel = vscode.window.createWebviewPanel(
        HTML_PREVIEW_VIEW_TYPE,
        HTMLPreviews.title(source),
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        { enableScripts: true, localResourceRoots: [] });
      this.panels.set(key, panel);
      panel.onDidDispose(() => this.closed(key));
    }
    await this.render(key);
  }

  /** The server's page for `source`, with a policy that lets it load nothing; or a page saying why
   * there is none. */
  async page(source) {
    if (starting) await starting;
    if (!client) return '<!DOCTYPE html><p>The Tatami language server is not running (see the Tatami output).</p>';
    try {
      const html = await client.sendRequest(ExecuteCommandRequest.type, {
        command: HTML_PREVIEW_COMMAND,
        arguments: [source],
      });
      if (typeof html !== 'string') throw new Error('the server did not answer with a page');
      return html.includes('<head>') ? html.replace('<head>', `<head>\n${HTML_PREVIEW_CSP}`) : HTML_PREVIEW_CSP + html;
    } catch (error) {
      return `<!DOCTYPE html><pre>Tatami could not draw ${escapeHTML(source)}:\n${escapeHTML(error && error.message ? error.message : error)}</pre>`;
    }
  }

  async render(key) {
    const panel = this.panels.get(key);
    if (!panel) return;
    const html = await this.page(key);
    // Closed while the server was drawing: nothing to show it in.
    if (this.panels.get(key) === panel) panel.webview.html = html;
  }

  scheduleRefresh(source) {
    if (!this.panels.has(source)) return;
    clearTimeout(this.timers.get(source));
    this.timers.set(source, setTimeout(() => {
      this.timers.delete(source);
      this.render(source);
    }, REFRESH_DELAY_MS));
  }

  refreshAll() {
    for (const key of this.panels.keys()) this.render(key);
  }

  closed(key) {
    this.panels.delete(key);
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
  }

  dispose() {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const panel of [...this.panels.values()]) panel.dispose();
    this.panels.clear();
  }
}

const htmlPreviews = new HTMLPreviews();

/** The Tatami file a command is about: the one it was given, else the active editor's. */
function tatamiSource(resource) {
  if (resource instanceof vscode.Uri) return resource;
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== 'tatami') {
    vscode.window.showInformationMessage('Tatami: open a .tatami.yaml file to preview it.');
    return undefined;
  }
  return editor.document.uri;
}

async function showPreview(resource) {
  const source = tatamiSource(resource);
  if (!source) return;
  const uri = PreviewProvider.previewUri(source);
  const alreadyOpen = preview.open.has(uri.toString());
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(document, {
    viewColumn: vscode.ViewColumn.Beside,
    preserveFocus: true,
    preview: false,
  });
  if (alreadyOpen) preview.emitter.fire(uri);
}

/** Shows a layout diff's report in a read-only document beside the editor. */
async function showDiff(report, language) {
  const content = typeof report === 'string' ? report : JSON.stringify(report, null, 2);
  const document = await vscode.workspace.openTextDocument({ content, language });
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true, preview: true });
}

/** Tatami: Compare Layout with HEAD: the editor's text against the committed file, as Markdown. */
async function compareLayout(resource) {
  const source = tatamiSource(resource);
  if (!source) return undefined;
  if (starting) await starting;
  if (!client) {
    vscode.window.showErrorMessage('Tatami: the language server is not running (see the Tatami output).');
    return undefined;
  }
  try {
    const report = await client.sendRequest(ExecuteCommandRequest.type, {
      command: DIFF_COMMAND,
      arguments: [source.toString(), 'HEAD', 'markdown'],
    });
    await showDiff(report, 'markdown');
    return report;
  } catch (error) {
    vscode.window.showErrorMessage(`Tatami could not compare ${source.toString()}: ${error && error.message ? error.message : error}`);
    return undefined;
  }
}

function activate(context) {
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, preview),
    preview,
    htmlPreviews,
    vscode.commands.registerCommand('tatami.showPreview', showPreview),
    vscode.commands.registerCommand('tatami.compareLayout', compareLayout),
    vscode.commands.registerCommand('tatami.showGraphicalPreview', (resource) => {
      const source = tatamiSource(resource);
      return source ? htmlPreviews.show(source) : undefined;
    }),
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.document.languageId !== 'tatami') return;
      preview.scheduleRefresh(event.document.uri.toString());
      htmlPreviews.scheduleRefresh(event.document.uri.toString());
    }),
    vscode.workspace.onDidCloseTextDocument((document) => {
      if (document.uri.scheme === PREVIEW_SCHEME) preview.closed(document.uri);
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('tatami.server.path')) {
        restartClient();
      } else if (event.affectsConfiguration('tatami.preview.viewport')) {
        sendDefaultViewport();
        preview.refreshAll();
      }
    }),
  );
  return startClient();
}

function deactivate() {
  const old = client;
  client = undefined;
  return old ? old.stop() : undefined;
}

module.exports = { activate, deactivate, PreviewProvider, HTMLPreviews, compareLayout };
