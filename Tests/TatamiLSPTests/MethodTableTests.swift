import TatamiBase
@testable import TatamiLSP
import TatamiServices
import XCTest

/// The method table (`Server/MethodTable.swift`) against LSP's own pairing of capabilities and
/// methods: the server handles a method exactly when it advertises the capability for it, and
/// each request waits for what the table says it reads.
final class MethodTableTests: XCTestCase {
    /// LSP 3.17's `ServerCapabilities`, written out here independently of the table: each
    /// capability (a key, or a key and an option inside it) and the methods a client may send
    /// once the server advertises it. Capabilities Tatami does not offer are listed too: their
    /// methods must then be unknown to the server.
    static let specification: [(capability: [String], methods: [String])] = [
        (["textDocumentSync", "openClose"], ["textDocument/didOpen", "textDocument/didClose"]),
        (["textDocumentSync", "change"], ["textDocument/didChange"]),
        (["textDocumentSync", "save"], ["textDocument/didSave"]),
        (["textDocumentSync", "willSave"], ["textDocument/willSave"]),
        (["textDocumentSync", "willSaveWaitUntil"], ["textDocument/willSaveWaitUntil"]),
        (["hoverProvider"], ["textDocument/hover"]),
        (["completionProvider"], ["textDocument/completion"]),
        (["completionProvider", "resolveProvider"], ["completionItem/resolve"]),
        (["signatureHelpProvider"], ["textDocument/signatureHelp"]),
        (["declarationProvider"], ["textDocument/declaration"]),
        (["definitionProvider"], ["textDocument/definition"]),
        (["typeDefinitionProvider"], ["textDocument/typeDefinition"]),
        (["implementationProvider"], ["textDocument/implementation"]),
        (["referencesProvider"], ["textDocument/references"]),
        (["documentHighlightProvider"], ["textDocument/documentHighlight"]),
        (["documentSymbolProvider"], ["textDocument/documentSymbol"]),
        (["codeActionProvider"], ["textDocument/codeAction"]),
        (["codeActionProvider", "resolveProvider"], ["codeAction/resolve"]),
        (["codeLensProvider"], ["textDocument/codeLens"]),
        (["codeLensProvider", "resolveProvider"], ["codeLens/resolve"]),
        (["documentLinkProvider"], ["textDocument/documentLink"]),
        (["documentLinkProvider", "resolveProvider"], ["documentLink/resolve"]),
        (["colorProvider"], ["textDocument/documentColor", "textDocument/colorPresentation"]),
        (["documentFormattingProvider"], ["textDocument/formatting"]),
        (["documentRangeFormattingProvider"], ["textDocument/rangeFormatting"]),
        (["documentOnTypeFormattingProvider"], ["textDocument/onTypeFormatting"]),
        (["renameProvider"], ["textDocument/rename"]),
        (["renameProvider", "prepareProvider"], ["textDocument/prepareRename"]),
        (["foldingRangeProvider"], ["textDocument/foldingRange"]),
        (["executeCommandProvider"], ["workspace/executeCommand"]),
        (["selectionRangeProvider"], ["textDocument/selectionRange"]),
        (["linkedEditingRangeProvider"], ["textDocument/linkedEditingRange"]),
        (["callHierarchyProvider"], ["textDocument/prepareCallHierarchy", "callHierarchy/incomingCalls", "callHierarchy/outgoingCalls"]),
        (["semanticTokensProvider", "full"], ["textDocument/semanticTokens/full"]),
        (["semanticTokensProvider", "full", "delta"], ["textDocument/semanticTokens/full/delta"]),
        (["semanticTokensProvider", "range"], ["textDocument/semanticTokens/range"]),
        (["monikerProvider"], ["textDocument/moniker"]),
        (["typeHierarchyProvider"], ["textDocument/prepareTypeHierarchy", "typeHierarchy/supertypes", "typeHierarchy/subtypes"]),
        (["inlineValueProvider"], ["textDocument/inlineValue"]),
        (["inlayHintProvider"], ["textDocument/inlayHint"]),
        (["inlayHintProvider", "resolveProvider"], ["inlayHint/resolve"]),
        (["diagnosticProvider"], ["textDocument/diagnostic"]),
        (["diagnosticProvider", "workspaceDiagnostics"], ["workspace/diagnostic"]),
        (["workspaceSymbolProvider"], ["workspace/symbol"]),
        (["workspaceSymbolProvider", "resolveProvider"], ["workspaceSymbol/resolve"]),
        (["workspace", "workspaceFolders", "changeNotifications"], ["workspace/didChangeWorkspaceFolders"]),
        (["workspace", "fileOperations", "willCreate"], ["workspace/willCreateFiles"]),
        (["workspace", "fileOperations", "didCreate"], ["workspace/didCreateFiles"]),
        (["workspace", "fileOperations", "willRename"], ["workspace/willRenameFiles"]),
        (["workspace", "fileOperations", "didRename"], ["workspace/didRenameFiles"]),
        (["workspace", "fileOperations", "willDelete"], ["workspace/willDeleteFiles"]),
        (["workspace", "fileOperations", "didDelete"], ["workspace/didDeleteFiles"]),
    ]

    /// Methods outside `ServerCapabilities`: the lifecycle, the watched files the server
    /// registers when `initialized` comes, and the configuration a client sends unasked.
    static let withoutCapability = ["initialize", "initialized", "shutdown", "exit",
                                    "workspace/didChangeWatchedFiles", "workspace/didChangeConfiguration"]

    /// Whether a capability is on: present and not `false` (an object of options, or `true`);
    /// `textDocumentSync.change` is on when it is not 0 (None).
    static func isOn(_ path: [String], in capabilities: JSON) -> Bool {
        var value: JSON? = capabilities
        for key in path { value = value?[key] }
        guard let value else { return false }
        if let b = value.bool { return b }
        if let n = value.number { return n != 0 }
        return !value.isNull
    }

    /// Whether the running server handles a method: a request is answered with anything but
    /// `MethodNotFound`; a notification is one the table lists (it answers nothing either way).
    static func handles(_ method: String, _ c: TestClient, notification: Bool) -> Bool {
        if notification { return LanguageServer.notificationHandlers[method] != nil }
        return c.request(method, .object([]))["error"]?["code"]?.int != ErrorCode.methodNotFound.rawValue
    }

    static let notifications: Set<String> = [
        "textDocument/didOpen", "textDocument/didChange", "textDocument/didClose", "textDocument/didSave",
        "textDocument/willSave", "workspace/didChangeWorkspaceFolders", "workspace/didCreateFiles",
        "workspace/didRenameFiles", "workspace/didDeleteFiles",
    ]

    func testAMethodIsHandledExactlyWhenItsCapabilityIsAdvertised() {
        // A client that pulls diagnostics is offered every capability the server has.
        let c = TestClient()
        let caps = c.start(capabilities: .object([("textDocument", .object([("diagnostic", .object([]))]))]))["result"]?["capabilities"] ?? .null
        var covered: Set<String> = ["positionEncoding"]
        for (capability, methods) in Self.specification {
            let on = Self.isOn(capability, in: caps)
            if on { covered.insert(capability[0]) }
            for m in methods {
                XCTAssertEqual(Self.handles(m, c, notification: Self.notifications.contains(m)), on,
                               "\(capability.joined(separator: ".")) is \(on ? "" : "not ")advertised, \(m) must \(on ? "" : "not ")be handled")
            }
        }
        // Nothing advertised that the specification above does not pair with a method.
        if case .object(let pairs) = caps {
            for (key, _) in pairs { XCTAssertTrue(covered.contains(key), "\(key) is advertised but pairs with no method") }
        } else {
            XCTFail("no capabilities")
        }
        // Every command advertised is run (not refused as unknown).
        for command in caps["executeCommandProvider"]?["commands"]?.array?.compactMap(\.string) ?? [] {
            let r = c.request("workspace/executeCommand", .object([("command", .string(command)), ("arguments", .array([]))]))
            XCTAssertEqual(r["error"]?["message"]?.string, "\(command) takes [uri, viewport?]")
        }
    }

    func testEveryMethodInTheTableIsAdvertisedOrHasNoCapabilityInLSP() {
        let paired = Set(Self.specification.flatMap(\.methods))
        for entry in LanguageServer.methodTable {
            switch entry.capability {
            case .advertised(let key, _):
                if entry.method == "initialize" {
                    XCTAssertEqual(key, "positionEncoding")
                    continue
                }
                XCTAssertTrue(paired.contains(entry.method), "\(entry.method) advertises \(key) but LSP pairs no capability with it")
                let keys = Self.specification.filter { $0.methods.contains(entry.method) }.map { $0.capability[0] }
                XCTAssertEqual(keys, [key], entry.method)
            case .lifecycle, .registeredDynamically, .unadvertised:
                XCTAssertTrue(Self.withoutCapability.contains(entry.method), "\(entry.method) is handled but advertises nothing")
            }
            // Requests and notifications are told apart as LSP does.
            XCTAssertEqual(entry.isRequest, !(Self.notifications.contains(entry.method) || ["initialized", "workspace/didChangeWatchedFiles",
                                                                                           "workspace/didChangeConfiguration"].contains(entry.method)), entry.method)
        }
        // The watched files are registered at `initialized` for the method the table handles.
        let c = TestClient()
        c.start(capabilities: .object([("workspace", .object([("didChangeWatchedFiles", .object([("dynamicRegistration", .bool(true))]))]))]))
        let registered = c.sent.filter { $0["method"]?.string == "client/registerCapability" }
            .flatMap { $0["params"]?["registrations"]?.array ?? [] }.compactMap { $0["method"]?.string }
        XCTAssertEqual(registered, ["workspace/didChangeWatchedFiles"])
        guard case .registeredDynamically? = LanguageServer.notificationHandlers[registered[0]]?.capability else {
            return XCTFail("the registered method is not a dynamically registered notification of the table")
        }
    }

    /// Pull diagnostics are offered only to a client that pulls; the request is answered either
    /// way (docs/language-server.md: push or pull, never both).
    func testDiagnosticProviderIsOfferedToPullClientsOnly() {
        let push = TestClient()
        let caps = push.start()["result"]?["capabilities"]
        XCTAssertNil(caps?["diagnosticProvider"])
        XCTAssertNotEqual(push.request("textDocument/diagnostic", .object([]))["error"]?["code"]?.int, ErrorCode.methodNotFound.rawValue)
    }

    func testFragmentsUnderOneKeyMerge() {
        let merged = ServerCapabilities.assemble([
            ("a", .bool(true)),
            ("b", .object([("x", .number(1))])),
            ("a", .object([("p", .bool(true))])),
            ("b", .object([("y", .number(2)), ("x", .number(1))])),
            ("c", .bool(true)),
            ("c", .bool(true)),
        ])
        XCTAssertEqual(merged.serialized(pretty: false), #"{"a":{"p":true},"b":{"x":1,"y":2},"c":true}"#)
    }

    /// Each request reads what the table says: after an edit that is not analysed yet, one that
    /// reads the newest analysis is answered at once; one that needs the current text's analysis
    /// waits for it; formatting goes to the worker and is answered from there.
    func testEachRequestWaitsForWhatTheTableSaysItReads() {
        let uri = "untitled:Basis.tatami.yaml"
        let c = BackgroundClient(debounce: 600)
        c.start()
        c.open(uri, "viewports:\n  phone: {width: 320, height: 100}\nbody:\n  text: hi\n  foregroundColor: red\n")
        XCTAssertTrue(c.pump { !c.publications(version: 1).isEmpty })
        // One set of parameters every request reads what it needs from.
        let params: JSON = .object([
            ("textDocument", doc(uri)), ("position", pos(3, 3)), ("range", range(0, 0, 4, 0)),
            ("positions", .array([pos(3, 3)])), ("newName", .string("x")), ("query", .string("")),
            ("context", .object([("diagnostics", .array([])), ("includeDeclaration", .bool(true))])),
            ("color", .object([("red", .number(1)), ("green", .number(0)), ("blue", .number(0)), ("alpha", .number(1))])),
            ("command", .string("tatami.preview")), ("arguments", .array([.string(uri)])),
        ])
        var version = 1
        var checked = 0
        for entry in LanguageServer.methodTable {
            let basis: MethodEntry.AnswerBasis
            switch entry.handler {
            case .request(let b, _), .job(let b, _): basis = b
            case .notification: continue
            }
            if basis == .session { continue }
            version += 1
            c.change(uri, version: version, [(range(0, 0, 0, 0), "# \(version)\n")])
            let id = c.send(entry.method, params)
            let answered = c.response(to: id)
            switch basis {
            case .newestAnalysis, .tolerant:
                XCTAssertNotNil(answered, "\(entry.method) waited")
            case .currentAnalysis, .currentText:
                XCTAssertNil(answered, "\(entry.method) was answered on the message thread without waiting")
            case .session:
                break
            }
            XCTAssertTrue(c.pump { c.response(to: id) != nil }, entry.method)
            // The parameters were read (renaming a key fails, but not for want of them).
            let code = c.response(to: id)?["error"]?["code"]?.int
            XCTAssertTrue(code == nil || code == ErrorCode.requestFailed.rawValue, "\(entry.method): \(c.response(to: id) ?? .null)")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 20)
    }
}
