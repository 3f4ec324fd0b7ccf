// A stand-in for `vscode-languageclient/node`: records the client's construction and traffic in
// `global.tatamiLog`, and answers `workspace/executeCommand` as a server would.
'use strict';

const log = (global.tatamiLog = global.tatamiLog || []);

class LanguageClient {
  constructor(id, name, serverOptions, clientOptions) {
    log.push({ event: 'client', detail: { id, name, serverOptions, clientOptions } });
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
    return Promise.resolve(`ASCII ${JSON.stringify(params.arguments)}`);
  }
}

module.exports = {
  LanguageClient,
  DidChangeConfigurationNotification: { type: { method: 'workspace/didChangeConfiguration' } },
  ExecuteCommandRequest: { type: { method: 'workspace/executeCommand' } },
};
