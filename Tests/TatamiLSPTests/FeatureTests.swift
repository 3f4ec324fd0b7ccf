import TatamiBase
@testable import TatamiLSP
import TatamiServices
import XCTest

/// The editing features as the server encodes them (the services have their own tests).
final class FeatureTests: XCTestCase {
    let uri = "untitled:Features.tatami.yaml"
    let text = """
        viewports:
          phone: {width: 320, height: 100}
          tablet: {width: 600, height: 100}
        body:
          text: Hello
          frame: {width: 100, height: 20}

        """

    private func started(snippets: Bool = true) -> TestClient {
        let c = TestClient()
        c.start(capabilities: .object([("textDocument", .object([
            ("completion", .object([("completionItem", .object([("snippetSupport", .bool(snippets))]))])),
            ("documentSymbol", .object([("hierarchicalDocumentSymbolSupport", .bool(true))])),
        ]))]))
        c.open(uri, text)
        return c
    }

    func testHoverShowsTheFrameInEveryViewport() {
        let c = started()
        let r = c.request("textDocument/hover", .object([("textDocument", doc(uri)), ("position", pos(4, 3))]))
        let value = r["result"]?["contents"]?["value"]?.string ?? ""
        XCTAssertEqual(r["result"]?["contents"]?["kind"]?.string, "markdown")
        // A 100×20 frame centred: x = (320 − 100) / 2 = 110 in phone, (600 − 100) / 2 = 250 in
        // tablet; y = (100 − 20) / 2 = 40 in both.
        XCTAssertTrue(value.contains("phone") && value.contains("tablet"), value)
        XCTAssertTrue(value.contains("110") && value.contains("250") && value.contains("40"), value)
        XCTAssertEqual(r["result"]?["range"]?["start"]?["line"]?.int, 4)
        // Nothing there: null.
        let none = c.request("textDocument/hover", .object([("textDocument", doc(uri)), ("position", pos(6, 0))]))
        XCTAssertTrue(none["result"]?.isNull ?? false)
    }

    func testCompletionItemsCarryKindsAndSnippetsOnlyWhenSupported() {
        let edited = text + "  pad"
        for snippets in [true, false] {
            let c = started(snippets: snippets)
            c.notify("textDocument/didChange", .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", .number(2))])),
                ("contentChanges", .array([.object([("text", .string(edited))])])),
            ]))
            let r = c.request("textDocument/completion", .object([("textDocument", doc(uri)), ("position", pos(7, 5))]))
            let items = r["result"]?["items"]?.array ?? []
            let padding = items.first { $0["label"]?.string == "padding" }
            XCTAssertNotNil(padding, "\(items.compactMap { $0["label"]?.string })")
            XCTAssertEqual(padding?["kind"]?.int, 3)
            for item in items {
                let insert = item["textEdit"]?["newText"]?.string ?? item["insertText"]?.string ?? ""
                if !snippets {
                    XCTAssertEqual(item["insertTextFormat"]?.int, 1)
                    XCTAssertFalse(insert.contains("$0") || insert.contains("${"), insert)
                }
            }
        }
    }

    func testSnippetsBecomePlainText() {
        XCTAssertEqual(LanguageServer.plainText(ofSnippet: "hstack:\n  - $0"), "hstack:\n  - ")
        XCTAssertEqual(LanguageServer.plainText(ofSnippet: "text: \"${1:Title}\"$0"), "text: \"Title\"")
        XCTAssertEqual(LanguageServer.plainText(ofSnippet: "Card: {label: ${1}, n: ${2:0}}"), "Card: {label: , n: 0}")
        XCTAssertEqual(LanguageServer.plainText(ofSnippet: "cost: \\$5"), "cost: $5")
    }

    func testInlayHintsCodeLensesAndConfiguration() {
        let c = started()
        let hints = c.request("textDocument/inlayHint", .object([("textDocument", doc(uri)), ("range", range(0, 0, 9, 0))]))
        XCTAssertEqual(hints["result"]?.array?.count, 1)
        XCTAssertEqual(hints["result"]?[0]?["label"]?.string, "100×20")
        XCTAssertEqual(hints["result"]?[0]?["position"]?["line"]?.int, 4)
        let lenses = c.request("textDocument/codeLens", .object([("textDocument", doc(uri))]))["result"]?.array ?? []
        XCTAssertEqual(lenses.map { $0["command"]?["title"]?.string ?? "" }, ["Preview phone", "Preview tablet"])
        XCTAssertEqual(lenses.first?["command"]?["command"]?.string, "tatami.preview")
        XCTAssertEqual(lenses.last?["command"]?["arguments"]?[1]?.string, "tablet")
        XCTAssertEqual(lenses.first?["range"]?["start"]?["line"]?.int, 3)
    }

    func testSemanticTokensAreRelativeAndUseTheLegend() {
        let c = started()
        let legend = c.request("initialize", .object([]))  // refused: already initialized
        XCTAssertEqual(legend["error"]?["code"]?.int, -32600)
        let r = c.request("textDocument/semanticTokens/full", .object([("textDocument", doc(uri))]))
        let data = (r["result"]?["data"]?.array ?? []).compactMap(\.int)
        XCTAssertEqual(data.count % 5, 0)
        // Decode and find the `text` kind key on line 4, column 2, typed `keyword`.
        var line = 0, col = 0
        var found = false
        for i in stride(from: 0, to: data.count, by: 5) {
            line += data[i]
            col = data[i] == 0 ? col + data[i + 1] : data[i + 1]
            if line == 4 && col == 2 {
                XCTAssertEqual(data[i + 2], 4)
                XCTAssertEqual(EditorServices.semanticTokenTypes[data[i + 3]], "keyword")
                found = true
            }
        }
        XCTAssertTrue(found)
    }

    /// Absolute tokens (line, column, length, type, modifiers) from LSP's relative encoding.
    private func decode(_ response: JSON) -> [[Int]] {
        let data = (response["result"]?["data"]?.array ?? []).compactMap(\.int)
        var out: [[Int]] = []
        var line = 0, column = 0
        for i in stride(from: 0, to: data.count - 4, by: 5) {
            line += data[i]
            column = data[i] == 0 ? column + data[i + 1] : data[i + 1]
            out.append([line, column, data[i + 2], data[i + 3], data[i + 4]])
        }
        return out
    }

    /// `semanticTokens/range` answers the tokens of `full` that overlap the range, encoded the
    /// same way (the first relative to the document's start), in either position encoding.
    func testSemanticTokensForARangeAreFullsTokensThatOverlapIt() {
        let text = """
            viewports:
              phone: {width: 320, height: 100}
            alignments:
              mid: {axis: vertical, default: "height / 2"}
            body:
              vstack:
                - text: "café 😀 漢字"
                  padding: 4
                - {text: "😀😀", frame: {width: 100, height: 20}, when: "width > 100 && !portrait"}
              alignment: mid

            """
        for utf8 in [false, true] {
            let c = TestClient()
            let started = c.start(capabilities: .object([("general", .object([("positionEncodings", .array([.string(utf8 ? "utf-8" : "utf-16")]))]))]))
            XCTAssertEqual(started["result"]?["capabilities"]?["semanticTokensProvider"]?["range"]?.bool, true)
            c.open(uri, text)
            let full = decode(c.request("textDocument/semanticTokens/full", .object([("textDocument", doc(uri))])))
            XCTAssertGreaterThan(full.count, 20)
            func position(_ line: Int, _ character: Int) -> JSON {
                .object([("line", .number(Double(line))), ("character", .number(Double(character)))])
            }
            // Ranges starting and ending inside tokens, between them, on the emoji line, empty,
            // past the end, and the whole file.
            let ranges = [(0, 0, 20, 0), (1, 4, 1, 12), (1, 5, 3, 9), (6, 8, 6, 13), (8, 13, 8, 60), (8, 0, 8, 0),
                          (8, 32, 8, 32), (9, 2, 40, 0), (4, 2, 4, 3), (2, 11, 3, 1)]
            for (l0, c0, l1, c1) in ranges {
                let r = c.request("textDocument/semanticTokens/range", .object([
                    ("textDocument", doc(uri)), ("range", .object([("start", position(l0, c0)), ("end", position(l1, c1))])),
                ]))
                // Overlap in LSP coordinates: the token ends after the start and starts before
                // the end; an empty range takes the token its position is in.
                let expected = full.filter { t in
                    let start = (t[0], t[1]), end = (t[0], t[1] + t[2])
                    if (l0, c0) == (l1, c1) { return start <= (l0, c0) && (l0, c0) < end }
                    return end > (l0, c0) && start < (l1, c1)
                }
                XCTAssertEqual(decode(r), expected, "\(utf8 ? "UTF-8" : "UTF-16"): range \((l0, c0, l1, c1))")
            }
            XCTAssertEqual(decode(c.request("textDocument/semanticTokens/range", .object([
                ("textDocument", doc(uri)), ("range", .object([("start", position(0, 0)), ("end", position(99, 0))])),
            ]))), full)
            let missing = c.request("textDocument/semanticTokens/range", .object([("textDocument", doc(uri))]))
            XCTAssertEqual(missing["error"]?["code"]?.int, -32602)
        }
    }
}
