import TatamiServices

/// One method the server handles: its handler, what a request's answer is read from, and what
/// `initialize` advertises for it.
///
/// `LanguageServer.methodTable` lists them all. Dispatch looks methods up there, and
/// `initialize` builds its `capabilities` from the same entries, so a method is handled exactly
/// when its capability is advertised (the few that have none say why: `Capability`).
struct MethodEntry {
    let method: String
    let handler: Handler
    let capability: Capability

    enum Handler {
        /// A request answered on the message thread, read from `basis`.
        case request(AnswerBasis, (LanguageServer, JSON) throws -> JSON)
        /// A request whose work runs off the message thread, on the analysis worker: the handler
        /// prepares it on the message thread from the state as the request found it, and the
        /// answer is made there when the work is done (`RequestJob`).
        case job(AnswerBasis, (LanguageServer, JSON) throws -> RequestJob.Work)
        case notification((LanguageServer, JSON) -> Void)
    }

    var isRequest: Bool {
        if case .notification = handler { return false }
        return true
    }

    /// What a request's answer is read from (docs/language-server.md, "Requests are answered
    /// from the newest analysis").
    enum AnswerBasis: Equatable {
        /// The session only (lifecycle).
        case session
        /// The newest analysis there is, mapped onto the current text.
        case newestAnalysis
        /// The newest analysis and, past a YAML syntax error, the last one without
        /// (`TolerantSnapshot`).
        case tolerant
        /// The analysis of the current text: the request waits for it (`NeedsAnalysis`).
        case currentAnalysis
        /// The current text itself, no analysis (formatting).
        case currentText
    }

    /// What the method adds to `initialize`'s `ServerCapabilities`.
    enum Capability {
        /// `value` under `key` (nil: not for this client); several methods' values under one
        /// key are merged (`ServerCapabilities`).
        case advertised(key: String, value: (LanguageServer) -> JSON?)
        /// Part of LSP's lifecycle, which every server speaks (`initialize` itself advertises
        /// the position encoding).
        case lifecycle
        /// Registered after `initialized` through `client/registerCapability` (watched files).
        case registeredDynamically
        /// The client sends it whatever the server advertises (`didChangeConfiguration`).
        case unadvertised

        /// `key: value` for every client.
        static func provider(_ key: String, _ value: JSON = .bool(true)) -> Capability {
            .advertised(key: key, value: { _ in value })
        }
    }
}

extension LanguageServer {
    /// Every method the server handles, in the order their capabilities appear in `initialize`'s
    /// result. `exit` (which ends the loop, in any state) and `$/cancelRequest` (read by the
    /// transport's thread as it arrives) are not handlers and are not listed.
    static let methodTable: [MethodEntry] = [
        MethodEntry(method: "initialize", handler: .request(.session) { try $0.initialize($1) },
                    capability: .advertised(key: "positionEncoding", value: { .string($0.encoding.rawValue) })),
        MethodEntry(method: "initialized", handler: .notification { s, _ in s.initialized() }, capability: .lifecycle),
        MethodEntry(method: "shutdown", handler: .request(.session) { s, _ in s.shutdown() }, capability: .lifecycle),

        MethodEntry(method: "textDocument/didOpen", handler: .notification { $0.didOpen($1) },
                    capability: .provider("textDocumentSync", .object([("openClose", .bool(true))]))),
        // Incremental changes.
        MethodEntry(method: "textDocument/didChange", handler: .notification { $0.didChange($1) },
                    capability: .provider("textDocumentSync", .object([("change", .number(2))]))),
        MethodEntry(method: "textDocument/didClose", handler: .notification { $0.didClose($1) },
                    capability: .provider("textDocumentSync", .object([("openClose", .bool(true))]))),
        // Saving changes nothing the server holds (it has the buffer); the text is not wanted.
        MethodEntry(method: "textDocument/didSave", handler: .notification { _, _ in },
                    capability: .provider("textDocumentSync", .object([("save", .object([("includeText", .bool(false))]))]))),

        MethodEntry(method: "textDocument/hover", handler: .request(.tolerant) { try $0.hover($1) },
                    capability: .provider("hoverProvider")),
        MethodEntry(method: "textDocument/completion", handler: .request(.newestAnalysis) { try $0.completion($1) },
                    capability: .provider("completionProvider", .object([
                        ("triggerCharacters", .array(LanguageServer.completionTriggerCharacters.map(JSON.string))),
                        ("resolveProvider", .bool(false)),
                    ]))),
        MethodEntry(method: "textDocument/documentSymbol", handler: .request(.tolerant) { try $0.documentSymbols($1) },
                    capability: .provider("documentSymbolProvider")),
        MethodEntry(method: "textDocument/definition", handler: .request(.currentAnalysis) { try $0.definition($1) },
                    capability: .provider("definitionProvider")),
        MethodEntry(method: "textDocument/references", handler: .request(.currentAnalysis) { try $0.references($1) },
                    capability: .provider("referencesProvider")),
        MethodEntry(method: "textDocument/rename", handler: .request(.currentAnalysis) { try $0.rename($1) },
                    capability: .provider("renameProvider")),
        MethodEntry(method: "textDocument/prepareRename", handler: .request(.currentAnalysis) { try $0.prepareRename($1) },
                    capability: .provider("renameProvider", .object([("prepareProvider", .bool(true))]))),
        MethodEntry(method: "textDocument/codeAction", handler: .request(.currentAnalysis) { try $0.codeActions($1) },
                    capability: .provider("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix")]))]))),
        MethodEntry(method: "textDocument/codeLens", handler: .request(.newestAnalysis) { try $0.codeLenses($1) },
                    capability: .provider("codeLensProvider", .object([("resolveProvider", .bool(false))]))),
        MethodEntry(method: "workspace/executeCommand", handler: .request(.currentAnalysis) { try $0.executeCommand($1) },
                    capability: .provider("executeCommandProvider", .object([
                        ("commands", .array(Command.allCases.map { .string($0.rawValue) })),
                    ]))),
        MethodEntry(method: "textDocument/inlayHint", handler: .request(.tolerant) { try $0.inlayHints($1) },
                    capability: .provider("inlayHintProvider")),
        MethodEntry(method: "textDocument/semanticTokens/full", handler: .request(.tolerant) { try $0.semanticTokens($1) },
                    capability: .provider("semanticTokensProvider", .object([
                        ("legend", LanguageServer.semanticTokensLegend), ("full", .bool(true)),
                    ]))),
        MethodEntry(method: "textDocument/semanticTokens/range", handler: .request(.tolerant) { try $0.semanticTokensRange($1) },
                    capability: .provider("semanticTokensProvider", .object([
                        ("legend", LanguageServer.semanticTokensLegend), ("range", .bool(true)),
                    ]))),
        MethodEntry(method: "textDocument/foldingRange", handler: .request(.tolerant) { try $0.foldingRanges($1) },
                    capability: .provider("foldingRangeProvider")),
        MethodEntry(method: "textDocument/documentColor", handler: .request(.newestAnalysis) { try $0.documentColors($1) },
                    capability: .provider("colorProvider")),
        MethodEntry(method: "textDocument/colorPresentation", handler: .request(.currentAnalysis) { try $0.colorPresentations($1) },
                    capability: .provider("colorProvider")),
        MethodEntry(method: "textDocument/documentLink", handler: .request(.newestAnalysis) { try $0.documentLinks($1) },
                    capability: .provider("documentLinkProvider", .object([("resolveProvider", .bool(false))]))),
        MethodEntry(method: "workspace/symbol", handler: .request(.newestAnalysis) { try $0.workspaceSymbols($1) },
                    capability: .provider("workspaceSymbolProvider")),
        MethodEntry(method: "textDocument/documentHighlight", handler: .request(.newestAnalysis) { try $0.documentHighlights($1) },
                    capability: .provider("documentHighlightProvider")),
        MethodEntry(method: "textDocument/selectionRange", handler: .request(.tolerant) { try $0.selectionRanges($1) },
                    capability: .provider("selectionRangeProvider")),
        MethodEntry(method: "textDocument/formatting", handler: .job(.currentText) { try $0.formatting($1) },
                    capability: .provider("documentFormattingProvider")),
        MethodEntry(method: "textDocument/rangeFormatting", handler: .job(.currentText) { try $0.rangeFormatting($1) },
                    capability: .provider("documentRangeFormattingProvider")),

        MethodEntry(method: "workspace/didChangeWorkspaceFolders", handler: .notification { $0.workspaceFoldersChanged($1) },
                    capability: .provider("workspace", .object([
                        ("workspaceFolders", .object([("supported", .bool(true)), ("changeNotifications", .bool(true))])),
                    ]))),
        MethodEntry(method: "workspace/didChangeWatchedFiles", handler: .notification { $0.filesChanged($1) },
                    capability: .registeredDynamically),
        MethodEntry(method: "workspace/didChangeConfiguration", handler: .notification { $0.didChangeConfiguration($1) },
                    capability: .unadvertised),

        // Offered only to a client that pulls diagnostics; one that does not is sent them
        // (never both: docs/language-server.md). The request is answered either way.
        MethodEntry(method: "textDocument/diagnostic", handler: .request(.currentAnalysis) { try $0.pullDiagnostics($1) },
                    capability: .advertised(key: "diagnosticProvider", value: { s in
                        s.client.pullDiagnostics ? .object([
                            ("identifier", .string("tatami")),
                            ("interFileDependencies", .bool(true)), ("workspaceDiagnostics", .bool(false)),
                        ]) : nil
                    })),
    ]

    /// The request entries by method.
    static let requestHandlers: [String: MethodEntry] = Dictionary(
        uniqueKeysWithValues: methodTable.filter(\.isRequest).map { ($0.method, $0) })

    /// The notification entries by method.
    static let notificationHandlers: [String: MethodEntry] = Dictionary(
        uniqueKeysWithValues: methodTable.filter { !$0.isRequest }.map { ($0.method, $0) })

    /// `initialize`'s `capabilities`: every entry's advertised value for this client, in the
    /// table's order.
    func advertisedCapabilities() -> JSON {
        ServerCapabilities.assemble(Self.methodTable.compactMap { entry in
            guard case .advertised(let key, let value) = entry.capability, let v = value(self) else { return nil }
            return (key, v)
        })
    }
}
