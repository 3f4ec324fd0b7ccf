import TatamiBase
@testable import TatamiLSP
import TatamiServices
import XCTest

/// `initialize`'s result, byte for byte, for the client capabilities that change it (the
/// position encodings offered, pull diagnostics). Recorded from the server before its
/// capabilities were derived from the request table (issue 30): the table must advertise
/// exactly what the server advertised before, in the same order.
final class InitializeResultTests: XCTestCase {
    static let cases: [(name: String, capabilities: JSON)] = [
        ("none", .object([])),
        ("utf-8", .object([("general", .object([("positionEncodings", .array([.string("utf-16"), .string("utf-8")]))]))])),
        ("pull", .object([("textDocument", .object([("diagnostic", .object([("dynamicRegistration", .bool(false))]))]))])),
        ("pull, utf-8", .object([
            ("general", .object([("positionEncodings", .array([.string("utf-8")]))])),
            ("textDocument", .object([("diagnostic", .object([]))])),
            ("workspace", .object([("diagnostics", .object([("refreshSupport", .bool(true))]))])),
        ])),
    ]

    static func result(_ capabilities: JSON) -> String {
        let c = TestClient()
        let r = c.start(capabilities: capabilities)
        return (r["result"] ?? .null).serialized(pretty: false)
    }

    func testInitializeResultIsByteIdenticalToTheRecordedOne() {
        for (name, caps) in Self.cases {
            XCTAssertEqual(Self.result(caps), Self.recorded(name), name)
        }
    }

    /// Recorded from the server of commit 43d9f05 (`TestClient.start` with each case's capabilities).
    static func recorded(_ name: String) -> String {
        let v = TatamiVersion.current
        switch name {
        case "none":
            return #"{"capabilities":{"positionEncoding":"utf-16","textDocumentSync":{"openClose":true,"change":2,"save":{"includeText":false}},"hoverProvider":true,"completionProvider":{"triggerCharacters":[":"," ","-","$","{"],"resolveProvider":false},"documentSymbolProvider":true,"definitionProvider":true,"referencesProvider":true,"renameProvider":{"prepareProvider":true},"codeActionProvider":{"codeActionKinds":["quickfix"]},"codeLensProvider":{"resolveProvider":false},"executeCommandProvider":{"commands":["tatami.preview","tatami.previewSVG","tatami.previewHTML","tatami.frames","tatami.diff"]},"inlayHintProvider":true,"semanticTokensProvider":{"legend":{"tokenTypes":["keyword","property","decorator","class","parameter","variable","number","operator","function"],"tokenModifiers":["declaration","defaultLibrary"]},"full":true,"range":true},"foldingRangeProvider":true,"colorProvider":true,"documentLinkProvider":{"resolveProvider":false},"workspaceSymbolProvider":true,"documentHighlightProvider":true,"selectionRangeProvider":true,"documentFormattingProvider":true,"documentRangeFormattingProvider":true,"workspace":{"workspaceFolders":{"supported":true,"changeNotifications":true}}},"serverInfo":{"name":"tatami","version":"\#(v)"}}"#
        case "utf-8":
            return #"{"capabilities":{"positionEncoding":"utf-8","textDocumentSync":{"openClose":true,"change":2,"save":{"includeText":false}},"hoverProvider":true,"completionProvider":{"triggerCharacters":[":"," ","-","$","{"],"resolveProvider":false},"documentSymbolProvider":true,"definitionProvider":true,"referencesProvider":true,"renameProvider":{"prepareProvider":true},"codeActionProvider":{"codeActionKinds":["quickfix"]},"codeLensProvider":{"resolveProvider":false},"executeCommandProvider":{"commands":["tatami.preview","tatami.previewSVG","tatami.previewHTML","tatami.frames","tatami.diff"]},"inlayHintProvider":true,"semanticTokensProvider":{"legend":{"tokenTypes":["keyword","property","decorator","class","parameter","variable","number","operator","function"],"tokenModifiers":["declaration","defaultLibrary"]},"full":true,"range":true},"foldingRangeProvider":true,"colorProvider":true,"documentLinkProvider":{"resolveProvider":false},"workspaceSymbolProvider":true,"documentHighlightProvider":true,"selectionRangeProvider":true,"documentFormattingProvider":true,"documentRangeFormattingProvider":true,"workspace":{"workspaceFolders":{"supported":true,"changeNotifications":true}}},"serverInfo":{"name":"tatami","version":"\#(v)"}}"#
        case "pull":
            return #"{"capabilities":{"positionEncoding":"utf-16","textDocumentSync":{"openClose":true,"change":2,"save":{"includeText":false}},"hoverProvider":true,"completionProvider":{"triggerCharacters":[":"," ","-","$","{"],"resolveProvider":false},"documentSymbolProvider":true,"definitionProvider":true,"referencesProvider":true,"renameProvider":{"prepareProvider":true},"codeActionProvider":{"codeActionKinds":["quickfix"]},"codeLensProvider":{"resolveProvider":false},"executeCommandProvider":{"commands":["tatami.preview","tatami.previewSVG","tatami.previewHTML","tatami.frames","tatami.diff"]},"inlayHintProvider":true,"semanticTokensProvider":{"legend":{"tokenTypes":["keyword","property","decorator","class","parameter","variable","number","operator","function"],"tokenModifiers":["declaration","defaultLibrary"]},"full":true,"range":true},"foldingRangeProvider":true,"colorProvider":true,"documentLinkProvider":{"resolveProvider":false},"workspaceSymbolProvider":true,"documentHighlightProvider":true,"selectionRangeProvider":true,"documentFormattingProvider":true,"documentRangeFormattingProvider":true,"workspace":{"workspaceFolders":{"supported":true,"changeNotifications":true}},"diagnosticProvider":{"identifier":"tatami","interFileDependencies":true,"workspaceDiagnostics":false}},"serverInfo":{"name":"tatami","version":"\#(v)"}}"#
        case "pull, utf-8":
            return #"{"capabilities":{"positionEncoding":"utf-8","textDocumentSync":{"openClose":true,"change":2,"save":{"includeText":false}},"hoverProvider":true,"completionProvider":{"triggerCharacters":[":"," ","-","$","{"],"resolveProvider":false},"documentSymbolProvider":true,"definitionProvider":true,"referencesProvider":true,"renameProvider":{"prepareProvider":true},"codeActionProvider":{"codeActionKinds":["quickfix"]},"codeLensProvider":{"resolveProvider":false},"executeCommandProvider":{"commands":["tatami.preview","tatami.previewSVG","tatami.previewHTML","tatami.frames","tatami.diff"]},"inlayHintProvider":true,"semanticTokensProvider":{"legend":{"tokenTypes":["keyword","property","decorator","class","parameter","variable","number","operator","function"],"tokenModifiers":["declaration","defaultLibrary"]},"full":true,"range":true},"foldingRangeProvider":true,"colorProvider":true,"documentLinkProvider":{"resolveProvider":false},"workspaceSymbolProvider":true,"documentHighlightProvider":true,"selectionRangeProvider":true,"documentFormattingProvider":true,"documentRangeFormattingProvider":true,"workspace":{"workspaceFolders":{"supported":true,"changeNotifications":true}},"diagnosticProvider":{"identifier":"tatami","interFileDependencies":true,"workspaceDiagnostics":false}},"serverInfo":{"name":"tatami","version":"\#(v)"}}"#
        default: return ""
        }
    }
}
