// A stand-in for `vscode-languageclient/node`: records the client's construction and traffic in
// `global.tatamiLog`, and answers `workspace/executeCommand` as a server would.
'use strict';

const log = (global.tatamiLog = global.tatamiLog || []);

class LanguageClient {
  constructor(id, name, serverOptions, clientOptions) {
    log.push({ event: 'client', detail: { id, name, serverOptions, clientOptions } });
    this.clientOptions = clientOptions;
    global.tatamiClient = this;
  }
  start() {
    log.push({ event: 'start' });
    return Promise.resolve();
  }
  stop() {
    log.push({ event: 'stop' });
    return Promise.resolve();
  }
  sendNotification(type, params) {
    log.push({ event: 'notification', detail: { method: type.method, params } });
  }
  sendRequest(type, params) {
    log.push({ event: 'request', detail: { method: type.method, params } });
    if (params.command === 'tatami.previewHTML') {
      this.pages = (this.pages || 0) + 1;
      return Promise.resolve(`<!DOCTYPE html>\n<html lang="en">\n<head>\n<title>t</title>\n</head>\n<body>page ${this.pages} ${JSON.stringify(params.arguments)}</body>\n</html>\n`);
    }
    if (params.command === 'tatami.diff') {
      return Promise.resolve(`DIFF ${JSON.stringify(params.arguments)}`);
    }
    return Promise.resolve(`ASCII ${JSON.stringify(params.arguments)}`);
  }
}

module.exports = {
  LanguageClient,
  DidChangeConfigurationNotification: { type: { method: 'workspace/didChangeConfiguration' } },
  ExecuteCommandRequest: { type: { method: 'workspace/executeCommand' } },
};
