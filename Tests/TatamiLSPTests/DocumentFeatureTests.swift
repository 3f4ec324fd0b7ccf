import Foundation
import TatamiBase
@testable import TatamiLSP
import TatamiServices
import XCTest

/// Colours, links, workspace symbols, highlights and selection ranges as the server encodes
/// them: LSP's shapes, UTF-16 columns, URIs (the services have their own tests).
final class DocumentFeatureTests: XCTestCase {
    private var temp: URL!
    private var root: URL!

    override func setUpWithError() throws {
        temp = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-lsp-features-\(UUID().uuidString)")
        root = temp.appendingPathComponent("ws")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("lib"), withIntermediateDirectories: true)
        try Self.library.write(to: root.appendingPathComponent("lib/ui.tatami.yaml"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: temp)
    }

    static let library = """
        components:
          Chip:
            params: {tint: {type: color, default: red}}
            body: {color: $tint}
        body: {Chip: {}}

        """

    // Columns below are UTF-16: each emoji counts 2 units (4 bytes).
    static let screen = """
        imports: ["lib/ui.tatami.yaml", lib/none.tatami.yaml]
        body:
          vstack:
            - text: "😀"
              background: {color: "#FF8800"}
            - Chip: {tint: blue}
              id: 😀chip

        """

    private func started() -> (TestClient, String) {
        let c = TestClient()
        c.start(rootPath: root.path)
        let uri = DocumentURI.uri(ofPath: root.appendingPathComponent("screen.tatami.yaml").path)
        c.open(uri, Self.screen)
        return (c, uri)
    }

    func testCapabilitiesAreAdvertised() {
        let c = TestClient()
        let caps = c.start()["result"]?["capabilities"]
        XCTAssertEqual(caps?["colorProvider"]?.bool, true)
        XCTAssertEqual(caps?["documentLinkProvider"]?["resolveProvider"]?.bool, false)
        XCTAssertEqual(caps?["workspaceSymbolProvider"]?.bool, true)
        XCTAssertEqual(caps?["documentHighlightProvider"]?.bool, true)
        XCTAssertEqual(caps?["selectionRangeProvider"]?.bool, true)
    }

    func testDocumentColorAndPresentation() {
        let (c, uri) = started()
        let colors = c.request("textDocument/documentColor", .object([("textDocument", doc(uri))]))["result"]?.array ?? []
        // `"#FF8800"` on line 4, columns 26–35; `blue` (an argument of the imported `Chip`,
        // whose `tint` is a colour) on line 5, columns 19–23.
        XCTAssertEqual(colors.count, 2)
        XCTAssertEqual(js(colors.first?["range"]), js(range(4, 26, 4, 35)))
        XCTAssertEqual(colors.first?["color"]?["red"]?.number, 1)
        XCTAssertEqual(colors.first?["color"]?["green"]?.number ?? 0, 136.0 / 255, accuracy: 0.0001)
        XCTAssertEqual(colors.first?["color"]?["blue"]?.number, 0)
        XCTAssertEqual(colors.first?["color"]?["alpha"]?.number, 1)
        XCTAssertEqual(js(colors.last?["range"]), js(range(5, 19, 5, 23)))
        XCTAssertEqual(colors.last?["color"]?["blue"]?.number, 1)

        // Picking red's exact value (255, 59, 48) over the hex: the hex first, then the name.
        let picked = JSON.object([("red", .number(1)), ("green", .number(59.0 / 255)), ("blue", .number(48.0 / 255)), ("alpha", .number(1))])
        let r = c.request("textDocument/colorPresentation", .object([
            ("textDocument", doc(uri)), ("color", picked), ("range", range(4, 26, 4, 35)),
        ]))
        let items = r["result"]?.array ?? []
        XCTAssertEqual(items.map { $0["label"]?.string ?? "" }, ["#FF3B30", "red"])
        XCTAssertEqual(items.first?["textEdit"]?["newText"]?.string, "\"#FF3B30\"")
        XCTAssertEqual(js(items.first?["textEdit"]?["range"]), js(range(4, 26, 4, 35)))
        // A colour without its channels is a bad request, not a crash.
        let bad = c.request("textDocument/colorPresentation", .object([
            ("textDocument", doc(uri)), ("color", .object([("red", .number(1))])), ("range", range(4, 26, 4, 35)),
        ]))
        XCTAssertEqual(bad["error"]?["code"]?.int, -32602)
    }

    func testDocumentLinksTargetExistingImports() {
        let (c, uri) = started()
        let links = c.request("textDocument/documentLink", .object([("textDocument", doc(uri))]))["result"]?.array ?? []
        // Only the existing file; the range is the path inside its quotes.
        XCTAssertEqual(links.count, 1)
        XCTAssertEqual(js(links.first?["range"]), js(range(0, 11, 0, 29)))
        let target = links.first?["target"]?.string
        XCTAssertEqual(target.flatMap(DocumentURI.path(of:)),
                       root.appendingPathComponent("lib/ui.tatami.yaml").resolvingSymlinksInPath().path)
    }

    func testWorkspaceSymbolsAcrossOpenDocumentsAndImports() {
        let (c, uri) = started()
        c.open("untitled:Scratch.tatami.yaml", "viewports:\n  chipPhone: {width: 1, height: 1}\nbody: {text: x}\n")
        let r = c.request("workspace/symbol", .object([("query", .string("CHIP"))]))
        let symbols = r["result"]?.array ?? []
        // `Chip` (the library's component; same name as the query, so first), then
        // `chipPhone` (a prefix, 9 characters) and `😀chip` (holding it).
        XCTAssertEqual(symbols.map { $0["name"]?.string ?? "" }, ["Chip", "chipPhone", "😀chip"])
        XCTAssertEqual(symbols.map { $0["kind"]?.int ?? 0 }, [5, 14, 23])
        XCTAssertEqual(symbols[0]["location"]?["uri"]?.string.flatMap(DocumentURI.path(of:)),
                       root.appendingPathComponent("lib/ui.tatami.yaml").resolvingSymlinksInPath().path)
        XCTAssertEqual(js(symbols[0]["location"]?["range"]), js(range(1, 2, 1, 6)))
        XCTAssertEqual(symbols[1]["location"]?["uri"]?.string, "untitled:Scratch.tatami.yaml")
        XCTAssertEqual(symbols[1]["containerName"]?.string, "viewports")
        XCTAssertEqual(symbols[2]["location"]?["uri"]?.string, uri)
        // `id: 😀chip` on line 6 from column 10; the emoji is 2 UTF-16 units.
        XCTAssertEqual(js(symbols[2]["location"]?["range"]), js(range(6, 10, 6, 16)))
        XCTAssertEqual(symbols[2]["containerName"]?.string, "body")
        let missing = c.request("workspace/symbol", .object([]))
        XCTAssertEqual(missing["error"]?["code"]?.int, -32602)
    }

    func testDocumentHighlightKinds() {
        let c = TestClient()
        c.start()
        let uri = "untitled:H.tatami.yaml"
        c.open(uri, "fonts:\n  big: {width: 1, height: 2}\nbody:\n  vstack:\n    - text: a\n      font: big\n    - text: b\n      font: big\n")
        let r = c.request("textDocument/documentHighlight", .object([("textDocument", doc(uri)), ("position", pos(5, 13))]))
        let items = r["result"]?.array ?? []
        XCTAssertEqual(items.map { js($0["range"]) }, [range(1, 2, 1, 5), range(5, 12, 5, 15), range(7, 12, 7, 15)].map(js))
        // Write for the declaration, Read for uses.
        XCTAssertEqual(items.map { $0["kind"]?.int ?? 0 }, [3, 2, 2])
        let none = c.request("textDocument/documentHighlight", .object([("textDocument", doc(uri)), ("position", pos(4, 14))]))
        XCTAssertEqual(none["result"]?.array?.count, 0)
    }

    func testSelectionRangesNestThroughParent() {
        let (c, uri) = started()
        // In the emoji's text: `😀` inside the quotes, then `"😀"`, `text: "😀"`, …
        let r = c.request("textDocument/selectionRange", .object([
            ("textDocument", doc(uri)), ("positions", .array([pos(3, 13), pos(0, 0)])),
        ]))
        let results = r["result"]?.array ?? []
        XCTAssertEqual(results.count, 2)
        var chain: [JSON] = []
        var node = results.first
        while let n = node, !n.isNull {
            chain.append(n["range"] ?? .null)
            node = n["parent"]
        }
        XCTAssertEqual(chain.prefix(3).map(js), [range(3, 13, 3, 15), range(3, 12, 3, 16), range(3, 6, 3, 16)].map(js))
        // The last is the whole document: 8 lines, the last one empty.
        XCTAssertEqual(js(chain.last), js(range(0, 0, 7, 0)))
        XCTAssertEqual(js(results.last?["range"]), js(range(0, 0, 0, 7)))
        let bad = c.request("textDocument/selectionRange", .object([("textDocument", doc(uri)), ("positions", .array([.string("x")]))]))
        XCTAssertEqual(bad["error"]?["code"]?.int, -32602)
    }
}

/// A JSON value as compact text, for comparing.
private func js(_ j: JSON?) -> String { j?.serialized(pretty: false) ?? "nil" }
