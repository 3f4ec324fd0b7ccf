// A stand-in for the `vscode` module, just large enough to run editors/vscode/extension.js
// outside VS Code. It records what the extension asks of the editor in `global.tatamiLog`.
'use strict';

const log = (global.tatamiLog = global.tatamiLog || []);
const record = (event, detail) => log.push(detail === undefined ? { event } : { event, detail });

class Uri {
  constructor(scheme, path, query) {
    this.scheme = scheme;
    this.path = path;
    this.query = query || '';
  }
  static from({ scheme, path, query }) {
    return new Uri(scheme, path, query);
  }
  static parse(text) {
    const m = /^([a-z][\w+.-]*):(\/\/[^/?]*)?([^?]*)(?:\?(.*))?$/i.exec(text);
    if (!m) throw new Error(`not a URI: ${text}`);
    const uri = new Uri(m[1], decodeURIComponent(m[3]), m[4] === undefined ? '' : decodeURIComponent(m[4]));
    uri.authority = m[2] || '';
    return uri;
  }
  toString() {
    const query = this.query ? `?${encodeURIComponent(this.query)}` : '';
    return `${this.scheme}:${this.authority || ''}${encodeURI(this.path)}${query}`;
  }
}

class EventEmitter {
  constructor() {
    this.listeners = [];
    this.event = (listener) => {
      this.listeners.push(listener);
      return { dispose: () => {} };
    };
  }
  fire(value) {
    record('fire', String(value));
    for (const l of this.listeners) l(value);
  }
  dispose() {}
}

const state = {
  settings: {},
  providers: {},
  commands: {},
  listeners: { change: [], close: [], configuration: [] },
  panels: [],
  untitled: 0,
};

const workspace = {
  getConfiguration(section) {
    return { get: (key) => state.settings[`${section}.${key}`] };
  },
  registerTextDocumentContentProvider(scheme, provider) {
    state.providers[scheme] = provider;
    return { dispose: () => {} };
  },
  onDidChangeTextDocument: (l) => (state.listeners.change.push(l), { dispose: () => {} }),
  onDidCloseTextDocument: (l) => (state.listeners.close.push(l), { dispose: () => {} }),
  onDidChangeConfiguration: (l) => (state.listeners.configuration.push(l), { dispose: () => {} }),
  async openTextDocument(uri) {
    if (!(uri instanceof Uri)) {
      // An untitled document made from its content.
      record('openTextDocument', { content: uri.content, language: uri.language });
      return { uri: Uri.parse(`untitled:Untitled-${++state.untitled}`), languageId: uri.language, getText: () => uri.content };
    }
    const provider = state.providers[uri.scheme];
    const text = await provider.provideTextDocumentContent(uri);
    record('openTextDocument', { uri: uri.toString(), text });
    return { uri, languageId: 'plaintext', getText: () => text };
  },
};

/** A webview panel: records what the extension shows in it. */
class WebviewPanel {
  constructor(viewType, title, showOptions, options) {
    this.id = state.panels.length;
    this.viewType = viewType;
    this.title = title;
    this.disposeListeners = [];
    const id = this.id;
    let html = '';
    this.webview = {
      options,
      get html() {
        return html;
      },
      set html(value) {
        html = value;
        record('webviewHtml', { panel: id, html: value });
      },
    };
    state.panels.push(this);
    record('createWebviewPanel', { panel: id, viewType, title, showOptions, options });
  }
  reveal(viewColumn, preserveFocus) {
    record('reveal', { panel: this.id, viewColumn, preserveFocus });
  }
  onDidDispose(listener) {
    this.disposeListeners.push(listener);
    return { dispose: () => {} };
  }
  dispose() {
    record('disposePanel', { panel: this.id });
    for (const l of this.disposeListeners) l();
  }
}

const window = {
  activeTextEditor: undefined,
  createWebviewPanel: (viewType, title, showOptions, options) => new WebviewPanel(viewType, title, showOptions, options),
  async showTextDocument(document, options) {
    record('showTextDocument', { uri: document.uri.toString(), options });
  },
  showErrorMessage: (m) => record('error', m),
  showInformationMessage: (m) => record('information', m),
};

const commands = {
  registerCommand(id, handler) {
    state.commands[id] = handler;
    return { dispose: () => {} };
  },
  executeCommand: (id, ...args) => state.commands[id](...args),
};

module.exports = {
  Uri,
  EventEmitter,
  ViewColumn: { Active: -1, Beside: -2 },
  workspace,
  window,
  commands,
  // For the driver.
  _state: state,
  _log: log,
};
