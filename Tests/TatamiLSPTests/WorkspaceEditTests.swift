import Foundation
import TatamiBase
@testable import TatamiLSP
import TatamiServices
import XCTest

/// The edits the server hands a client (issue 28): workspace edits versioned when the client
/// takes `documentChanges`; preferred code actions only those `lint --fix` would keep; range
/// formatting of the whole document with its insertions at the end.
final class WorkspaceEditTests: XCTestCase {
    private var temp: URL!

    override func setUpWithError() throws {
        temp = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-lsp-edits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
        // A root of its own, so the files' workspace is this folder.
        try FileManager.default.createDirectory(at: temp.appendingPathComponent(".git"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: temp)
    }

    private func uri(_ name: String) -> String { DocumentURI.uri(ofPath: temp.appendingPathComponent(name).path) }

    private static let documentChanges: JSON = .object([("workspace", .object([
        ("workspaceEdit", .object([("documentChanges", .bool(true))])),
    ]))])

    private static let library = """
        components:
          Tag:
            params: {label: {type: string}}
            body: {text: $label}
        body: {Tag: {label: showcase}}

        """
    private static let main = "imports: [lib.tatami.yaml]\nbody:\n  Tag: {label: hi}\n"

    private func renameTag(_ c: TestClient) -> JSON {
        c.request("textDocument/rename", .object([
            ("textDocument", .object([("uri", .string(uri("main.tatami.yaml")))])), ("position", pos(2, 3)),
            ("newName", .string("Label")),
        ]))
    }

    func testRenameReturnsVersionedDocumentChangesWhenOffered() throws {
        try Self.library.write(to: temp.appendingPathComponent("lib.tatami.yaml"), atomically: true, encoding: .utf8)
        let c = TestClient()
        c.start(capabilities: Self.documentChanges, rootPath: temp.path)
        c.open(uri("main.tatami.yaml"), Self.main, version: 7)
        let r = renameTag(c)
        XCTAssertNil(r["error"], "\(r)")
        XCTAssertNil(r["result"]?["changes"])
        let changes = try XCTUnwrap(r["result"]?["documentChanges"]?.array)
        // The open document at its version; the library, not open, with a null version.
        XCTAssertEqual(changes.map { $0["textDocument"]?["uri"]?.string }, [uri("main.tatami.yaml"), uri("lib.tatami.yaml")])
        XCTAssertEqual(changes[0]["textDocument"]?["version"]?.int, 7)
        XCTAssertEqual(changes[1]["textDocument"]?["version"]?.serialized(pretty: false), "null")
        XCTAssertEqual(changes[0]["edits"]?.array?.count, 1)
        XCTAssertEqual(changes[0]["edits"]?[0]?["range"]?.serialized(pretty: false), range(2, 2, 2, 5).serialized(pretty: false))
        // Declaration and use in the library.
        XCTAssertEqual(changes[1]["edits"]?.array?.count, 2)

        // Once the library is open (and edited: version 3), its version goes with its edits.
        c.open(uri("lib.tatami.yaml"), Self.library, version: 3)
        let again = renameTag(c)
        let both = try XCTUnwrap(again["result"]?["documentChanges"]?.array)
        XCTAssertEqual(both.map { $0["textDocument"]?["version"]?.int }, [7, 3])
    }

    func testRenameReturnsChangesWithoutDocumentChanges() throws {
        try Self.library.write(to: temp.appendingPathComponent("lib.tatami.yaml"), atomically: true, encoding: .utf8)
        let c = TestClient()
        c.start(rootPath: temp.path)
        c.open(uri("main.tatami.yaml"), Self.main, version: 7)
        let r = renameTag(c)
        XCTAssertNil(r["result"]?["documentChanges"])
        XCTAssertEqual(r["result"]?["changes"]?[uri("main.tatami.yaml")]?.array?.count, 1)
        XCTAssertEqual(r["result"]?["changes"]?[uri("lib.tatami.yaml")]?.array?.count, 2)
    }

    private func codeActions(_ c: TestClient, _ name: String, _ r: JSON) -> [JSON] {
        let answer = c.request("textDocument/codeAction", .object([
            ("textDocument", .object([("uri", .string(uri(name)))])), ("range", r),
            ("context", .object([("diagnostics", .array([]))])),
        ]))
        XCTAssertNil(answer["error"], "\(answer)")
        return answer["result"]?.array ?? []
    }

    func testCodeActionsCarryTheDocumentsVersion() {
        let c = TestClient()
        c.start(capabilities: Self.documentChanges, rootPath: temp.path)
        let text = "viewports:\n  v: {width: 300, height: 200}\nbody:\n  txt: hi\n"
        c.open(uri("a.tatami.yaml"), text, version: 12)
        let actions = codeActions(c, "a.tatami.yaml", range(3, 2, 3, 2))
        XCTAssertEqual(actions.map { $0["title"]?.string }, ["Change to `text`", "Remove `txt`"])
        let change = actions[0]["edit"]?["documentChanges"]?[0]
        XCTAssertEqual(change?["textDocument"]?["uri"]?.string, uri("a.tatami.yaml"))
        XCTAssertEqual(change?["textDocument"]?["version"]?.int, 12)
        XCTAssertEqual(change?["edits"]?[0]?["newText"]?.string, "text")
        XCTAssertEqual(actions[0]["isPreferred"]?.bool, true)
        XCTAssertNil(actions[1]["isPreferred"])
    }

    func testPreferredActionsAreOnlyThoseLintFixWouldKeep() {
        let c = TestClient()
        c.start(rootPath: temp.path)
        // `padding: 400` truncates the text in a 100-wide viewport: offered, not preferred.
        let narrow = "viewports:\n  v: {width: 100, height: 50}\nbody:\n  text: hello world\n  paddng: 400\n"
        c.open(uri("n.tatami.yaml"), narrow)
        let withheld = codeActions(c, "n.tatami.yaml", range(4, 2, 4, 2))
        XCTAssertEqual(withheld.map { $0["title"]?.string }, ["Change to `padding`", "Remove `paddng`"])
        XCTAssertEqual(withheld.compactMap { $0["isPreferred"]?.bool }, [])
        // With room for it, the same fix is preferred.
        let roomy = "viewports:\n  v: {width: 1000, height: 500}\nbody:\n  text: hello world\n  paddng: 4\n"
        c.open(uri("r.tatami.yaml"), roomy)
        XCTAssertEqual(codeActions(c, "r.tatami.yaml", range(4, 2, 4, 2)).first?["isPreferred"]?.bool, true)
        // A placeholder argument is an unsafe fix: never preferred.
        let missing = "viewports:\n  v: {width: 300, height: 200}\ncomponents:\n  Tag:\n    params: {label: {type: string}}\n    body: {text: $label}\nbody: {Tag: {}}\n"
        c.open(uri("m.tatami.yaml"), missing)
        let add = codeActions(c, "m.tatami.yaml", range(6, 7, 6, 7))
        XCTAssertEqual(add.map { $0["title"]?.string }, ["Add argument `label`"])
        XCTAssertNil(add[0]["isPreferred"])
    }

    // MARK: Range formatting

    private func formatRange(_ c: TestClient, _ name: String, _ r: JSON) -> [JSON] {
        let answer = c.request("textDocument/rangeFormatting", .object([
            ("textDocument", .object([("uri", .string(uri(name)))])), ("range", r),
            ("options", .object([("tabSize", .number(2)), ("insertSpaces", .bool(true))])),
        ]))
        XCTAssertNil(answer["error"], "\(answer)")
        return answer["result"]?.array ?? []
    }

    /// The whole document's range gets the whole document's edits, an insertion after its last
    /// line too: as LSP writes the range (to the start of the line after the last) and as
    /// Neovim does (to the end of the last line, before its line break).
    func testRangeFormattingOfTheWholeDocumentInsertsAtItsEnd() throws {
        let c = TestClient()
        c.start(rootPath: temp.path)
        // The kind key goes before `padding`: the diff deletes line 1 and inserts it at the end.
        let text = "body:\n  padding: 4\n  text: a\n"
        let formatted = "body:\n  text: a\n  padding: 4\n"
        XCTAssertEqual(TatamiFormatter.format(text: text).text, formatted)
        c.open(uri("f.tatami.yaml"), text)
        for whole in [range(0, 0, 3, 0), range(0, 0, 2, 9)] {
            c.clear()
            let edits = formatRange(c, "f.tatami.yaml", whole)
            XCTAssertEqual(FormattingTests.apply(edits, to: text), formatted, whole.serialized(pretty: false))
            XCTAssertEqual(c.notifications("window/showMessage").count, 0)
        }
        // A missing final line break, whole range to the end of the last line.
        let bare = "body:\n  text: a"
        c.open(uri("g.tatami.yaml"), bare)
        XCTAssertEqual(FormattingTests.apply(formatRange(c, "g.tatami.yaml", range(0, 0, 1, 9)), to: bare), "body:\n  text: a\n")
        // A range over the first line only does not reach the end: the insertion is not its.
        let first = formatRange(c, "f.tatami.yaml", range(0, 0, 0, 5))
        XCTAssertFalse(FormattingTests.apply(first, to: text).hasSuffix("  padding: 4\n  padding: 4\n"))
    }

    // MARK: Completion and symbols

    /// A client without snippets (Neovim 0.7, eglot) completing an instance gets the arguments
    /// with empty values of their types: the text it leaves lints without an error.
    func testPlainClientsComponentCompletionLeavesNoError() throws {
        let head = """
            viewports:
              v: {width: 300, height: 200}
            components:
              Card:
                params:
                  title: {type: string}
                  count: {type: number}
                  on: {type: bool}
                  tint: {type: color}
                  icon: {type: view}
                body:
                  vstack: [{text: $title}, {text: "${count}"}, $icon]
                  background: {color: $tint}
                  hidden: $on
            body:
              vstack:
                - text: a
                - 
            """
        let text = head + "\n"
        let c = TestClient()
        c.start(rootPath: temp.path)
        c.open(uri("c.tatami.yaml"), text)
        // Line 17 is `    - `: after the dash.
        let r = c.request("textDocument/completion", .object([
            ("textDocument", .object([("uri", .string(uri("c.tatami.yaml")))])), ("position", pos(17, 6)),
        ]))
        let item = try XCTUnwrap(r["result"]?["items"]?.array?.first { $0["label"]?.string == "Card" })
        XCTAssertEqual(item["insertTextFormat"]?.int, 1)
        let edited = FormattingTests.apply([try XCTUnwrap(item["textEdit"])], to: text)
        XCTAssertEqual(edited, head + "Card: {title: \"\", count: 0, on: false, tint: clear, icon: {text: \"\"}}\n")
        let errors = Pipeline.analyze(text: edited).diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.map(\.message), [])
    }

    func testImportPathsAndTheWorkspaceFilesSymbolsThroughTheServer() throws {
        let fm = FileManager.default
        try fm.createDirectory(at: temp.appendingPathComponent("lib"), withIntermediateDirectories: true)
        try Self.library.write(to: temp.appendingPathComponent("lib/ui.tatami.yaml"), atomically: true, encoding: .utf8)
        try "viewports:\n  tablet: {width: 768, height: 1024}\n".write(
            to: temp.appendingPathComponent("tatami.config.yaml"), atomically: true, encoding: .utf8)
        let c = TestClient()
        c.start(rootPath: temp.path)
        let text = "imports: []\nbody: {text: a}\n"
        c.open(uri("main.tatami.yaml"), text)
        let r = c.request("textDocument/completion", .object([
            ("textDocument", .object([("uri", .string(uri("main.tatami.yaml")))])), ("position", pos(0, 10)),
        ]))
        XCTAssertEqual(r["result"]?["items"]?.array?.compactMap { $0["label"]?.string }, ["lib/ui.tatami.yaml"])

        let symbols = c.request("workspace/symbol", .object([("query", .string("tablet"))]))["result"]?.array ?? []
        XCTAssertEqual(symbols.count, 1)
        let config = temp.appendingPathComponent("tatami.config.yaml").resolvingSymlinksInPath().path
        XCTAssertEqual(symbols.first?["location"]?["uri"]?.string, DocumentURI.uri(ofPath: config))
        XCTAssertEqual(symbols.first?["location"]?["range"]?.serialized(pretty: false), range(1, 2, 1, 8).serialized(pretty: false))
        XCTAssertEqual(symbols.first?["kind"]?.int, 14)
    }
}

