import TatamiBase
@testable import TatamiLSP
import TatamiModel
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

    func testFormatsAreChosenInTheClientsOrderOfPreference() {
        // LSP's contentFormat and documentationFormat list kinds in order of preference.
        func kinds(_ hover: [String], _ docs: [String]) -> (hover: String?, docIsMarkup: Bool) {
            let c = TestClient()
            c.start(capabilities: .object([("textDocument", .object([
                ("hover", .object([("contentFormat", .array(hover.map(JSON.string)))])),
                ("completion", .object([("completionItem", .object([("documentationFormat", .array(docs.map(JSON.string)))]))])),
            ]))]))
            c.open(uri, text + "  pad")
            let r = c.request("textDocument/hover", .object([("textDocument", doc(uri)), ("position", pos(4, 3))]))
            let items = c.request("textDocument/completion", .object([("textDocument", doc(uri)), ("position", pos(7, 5))]))["result"]?["items"]?.array ?? []
            let padding = items.first { $0["label"]?.string == "padding" }?["documentation"]
            return (r["result"]?["contents"]?["kind"]?.string, padding?["kind"]?.string == "markdown")
        }
        let plainFirst = kinds(["plaintext", "markdown"], ["plaintext", "markdown"])
        XCTAssertEqual(plainFirst.hover, "plaintext")
        XCTAssertFalse(plainFirst.docIsMarkup)
        let markdownFirst = kinds(["markdown", "plaintext"], ["markdown", "plaintext"])
        XCTAssertEqual(markdownFirst.hover, "markdown")
        XCTAssertTrue(markdownFirst.docIsMarkup)
        let unknownFirst = kinds(["html", "markdown"], ["html", "markdown"])
        XCTAssertEqual(unknownFirst.hover, "markdown", "kinds the server does not write are skipped")
        XCTAssertTrue(unknownFirst.docIsMarkup)
    }

    func testPlainTextClientsGetPlainTextHoverAndCompletionDocumentation() {
        // A client that declares plain text only for hover and nothing for completion docs
        // (eglot without markdown-mode does so).
        let c = TestClient()
        c.start(capabilities: .object([("textDocument", .object([
            ("hover", .object([("contentFormat", .array([.string("plaintext")]))])),
        ]))]))
        c.open(uri, text)
        let r = c.request("textDocument/hover", .object([("textDocument", doc(uri)), ("position", pos(4, 3))]))
        XCTAssertEqual(r["result"]?["contents"]?["kind"]?.string, "plaintext")
        let value = r["result"]?["contents"]?["value"]?.string ?? ""
        // The frames of the hover test above; "Hello" (5 cells of 8 × 16: 40×16) is centred in
        // its 100×20 frame: content at x + 30, y + 2. The label column is "tablet (600×100)" wide.
        XCTAssertTrue(value.hasPrefix("text\n\n"), value)
        XCTAssertTrue(value.hasSuffix("""
              phone (320×100)   /: frame 110, 40, 100 × 20 · content 140, 42, 40 × 16 · proposed 320 × 100
              tablet (600×100)  /: frame 250, 40, 100 × 20 · content 280, 42, 40 × 16 · proposed 600 × 100
            """), value)
        XCTAssertFalse(value.contains("**") || value.contains("`"), value)

        // Completion documentation: `padding`'s doc from the schema table, without backticks.
        c.notify("textDocument/didChange", .object([
            ("textDocument", .object([("uri", .string(uri)), ("version", .number(2))])),
            ("contentChanges", .array([.object([("text", .string(text + "  pad"))])])),
        ]))
        let items = c.request("textDocument/completion", .object([("textDocument", doc(uri)), ("position", pos(7, 5))]))["result"]?["items"]?.array ?? []
        let documented = items.compactMap { $0["documentation"] }
        XCTAssertFalse(documented.isEmpty)
        for d in documented {
            let s = d.string ?? "(not a string: \(d))"
            XCTAssertFalse(s.contains("`") || s.contains("**") || s.contains("(not a string"), s)
        }
        let padding = items.first { $0["label"]?.string == "padding" }?["documentation"]?.string
        let paddingDoc = Schema.modifiers.first { $0.name == "padding" }!.doc
        XCTAssertEqual(padding, paddingDoc.replacingOccurrences(of: "`", with: ""))
        XCTAssertNotEqual(padding, paddingDoc, "the doc has code spans to take out")
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

    /// The items a client with `completion` capabilities gets at `line`:`character` of `text`.
    private func completionItems(_ completion: [(String, JSON)], _ text: String, _ line: Int, _ character: Int) -> [JSON] {
        let c = TestClient()
        c.start(capabilities: .object([("textDocument", .object([("completion", .object(completion))]))]))
        c.open(uri, text)
        let r = c.request("textDocument/completion", .object([("textDocument", doc(uri)), ("position", pos(line, character))]))
        return r["result"]?["items"]?.array ?? []
    }

    func testMultiLineItemsAreWrittenForHowTheClientInsertsThem() throws {
        // The issue's case: a new item of a vstack (line 2, after `    - `), completed with
        // `vstack`. Its key lands at column 6, so its own items belong at column 8.
        let text = "body:\n  vstack:\n    - \n"
        func vstack(_ completion: [(String, JSON)]) throws -> JSON {
            try XCTUnwrap(completionItems(completion, text, 2, 6).first { $0["label"]?.string == "vstack" })
        }
        func item(_ pairs: [(String, JSON)]) -> (String, JSON) { ("completionItem", .object(pairs)) }
        let snippets = ("snippetSupport", JSON.bool(true))
        func modes(_ m: [Double]) -> (String, JSON) { ("insertTextModeSupport", .object([("valueSet", .array(m.map(JSON.number)))])) }

        // Neither snippets nor insertTextMode (Neovim 0.7's omnifunc, eglot without yasnippet):
        // one line, and no item holds a line break.
        let plain = try vstack([])
        XCTAssertEqual(plain["textEdit"]?["newText"]?.string, "vstack:")
        XCTAssertNil(plain["insertTextMode"])
        for i in completionItems([], text, 2, 6) {
            XCTAssertFalse((i["textEdit"]?["newText"]?.string ?? "").contains("\n"), "\(i)")
        }
        // Snippets, no insertTextMode: inserted as written, so the later line carries all 8 spaces.
        let written = try vstack([item([snippets])])
        XCTAssertEqual(written["textEdit"]?["newText"]?.string, "vstack:\n        - $0")
        XCTAssertEqual(written["insertTextFormat"]?.int, 2)
        XCTAssertNil(written["insertTextMode"])
        // Only `asIs` offered, no snippets: the same, as plain text, and said to be `asIs`.
        let asIs = try vstack([item([modes([1])])])
        XCTAssertEqual(asIs["textEdit"]?["newText"]?.string, "vstack:\n        - ")
        XCTAssertEqual(asIs["insertTextMode"]?.int, 1)
        // `adjustIndentation` offered (VS Code): the client adds the line's 4 spaces.
        let adjusted = try vstack([item([snippets, modes([1, 2])])])
        XCTAssertEqual(adjusted["textEdit"]?["newText"]?.string, "vstack:\n    - $0")
        XCTAssertEqual(adjusted["insertTextMode"]?.int, 2)
        // A client whose default is `adjustIndentation` and which offers no mode per item.
        let byDefault = try vstack([item([snippets]), ("insertTextMode", .number(2))])
        XCTAssertEqual(byDefault["textEdit"]?["newText"]?.string, "vstack:\n    - $0")
        XCTAssertNil(byDefault["insertTextMode"])
        // One-line items never carry a mode.
        let textItem = try XCTUnwrap(completionItems([item([snippets, modes([1, 2])])], text, 2, 6).first { $0["label"]?.string == "text" })
        XCTAssertNil(textItem["insertTextMode"])
    }

    func testDollarCompletesTheComponentsParametersFromTheDollar() throws {
        // Line 5 is `      text: $`: the `$` at character 12, the cursor after it.
        let text = """
            components:
              Badge:
                params:
                  label: {type: string}
                body:
                  text: $
            body:
              Badge: {label: x}

            """
        let items = completionItems([], text, 5, 13)
        XCTAssertEqual(items.compactMap { $0["label"]?.string }, ["$label"])
        let label = try XCTUnwrap(items.first)
        XCTAssertEqual(label["textEdit"]?["newText"]?.string, "$label")
        XCTAssertEqual(label["textEdit"]?["range"]?["start"]?["character"]?.int, 12)
        XCTAssertEqual(label["textEdit"]?["range"]?["end"]?["character"]?.int, 13)
        XCTAssertEqual(label["detail"]?.string, "string, required")
        // No filterText: Neovim 0.7 then starts the completion where the edit does.
        XCTAssertNil(label["filterText"])
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
