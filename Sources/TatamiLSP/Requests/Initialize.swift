import TatamiModel
import TatamiServices

extension LanguageServer {
    /// `initialize`: reads the client's capabilities and folders, and answers with the server's
    /// capabilities, built from the method table (`advertisedCapabilities`).
    func initialize(_ params: JSON) throws -> JSON {
        guard params.isObject else { throw ResponseError.invalidParams("initialize takes an object") }
        let caps = params["capabilities"] ?? .null
        encoding = PositionEncoding.negotiate(caps["general"]?["positionEncodings"]?.array?.compactMap(\.string))
        client.inlayHintRefresh = caps["workspace"]?["inlayHint"]?["refreshSupport"]?.bool ?? false
        client.semanticTokensRefresh = caps["workspace"]?["semanticTokens"]?["refreshSupport"]?.bool ?? false
        client.codeLensRefresh = caps["workspace"]?["codeLens"]?["refreshSupport"]?.bool ?? false
        client.relatedInformation = caps["textDocument"]?["publishDiagnostics"]?["relatedInformation"]?.bool ?? true
        client.hierarchicalSymbols = caps["textDocument"]?["documentSymbol"]?["hierarchicalDocumentSymbolSupport"]?.bool ?? false
        client.snippets = caps["textDocument"]?["completion"]?["completionItem"]?["snippetSupport"]?.bool ?? false
        client.insertTextModes = caps["textDocument"]?["completion"]?["completionItem"]?["insertTextModeSupport"]?["valueSet"]?
            .array?.compactMap(\.int) ?? []
        client.defaultInsertTextMode = caps["textDocument"]?["completion"]?["insertTextMode"]?.int
        // Both lists are in the client's order of preference (LSP's MarkupKind): the first kind
        // the server writes wins, so `["plaintext", "markdown"]` gets plain text.
        func prefersMarkdown(_ formats: [JSON]?) -> Bool? {
            formats?.lazy.compactMap(\.string).first { $0 == "markdown" || $0 == "plaintext" }.map { $0 == "markdown" }
        }
        client.markdownCompletionDocs =
            prefersMarkdown(caps["textDocument"]?["completion"]?["completionItem"]?["documentationFormat"]?.array) ?? false
        if let formats = caps["textDocument"]?["hover"]?["contentFormat"]?.array {
            client.markdownHover = prefersMarkdown(formats) ?? false
        }

        // Pull diagnostics when the client can pull them; push otherwise. Never both: clients
        // that take both (VS Code, Neovim 0.10) would show each problem twice.
        client.pullDiagnostics = caps["textDocument"]?["diagnostic"]?.isObject ?? false
        client.diagnosticRefresh = caps["workspace"]?["diagnostics"]?["refreshSupport"]?.bool ?? false
        client.watchedFilesRegistration = caps["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.bool ?? false
        client.documentChanges = caps["workspace"]?["workspaceEdit"]?["documentChanges"]?.bool ?? false

        if let pid = params["processId"]?.int, pid > 0, pid <= Int(Int32.max) { clientProcessID = Int32(pid) }
        // Each file's root is the workspace folder that holds it; rootUri (else rootPath) when
        // the client names no folders.
        workspaceFolders = (params["workspaceFolders"]?.array ?? []).compactMap { $0["uri"]?.string.flatMap(DocumentURI.path(of:)) }
        if let uri = params["rootUri"]?.string, let p = DocumentURI.path(of: uri) {
            workspaceRoot = p
        } else if let p = params["rootPath"]?.string, p.hasPrefix("/") {
            workspaceRoot = p
        }
        if let v = params["initializationOptions"]?["defaultViewport"]?.string, !v.isEmpty { defaultViewport = v }
        state = .running

        return .object([
            ("capabilities", advertisedCapabilities()),
            ("serverInfo", .object([("name", .string("tatami")), ("version", .string(TatamiVersion.current))])),
        ])
    }

    /// `shutdown`: every request after it is refused; `exit` then ends the process with 0.
    func shutdown() -> JSON {
        state = .shuttingDown
        return .null
    }
}
