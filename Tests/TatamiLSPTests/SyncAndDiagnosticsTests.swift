import Foundation
import TatamiBase
@testable import TatamiLSP
import TatamiServices
import TatamiTestSupport
import XCTest

/// Text synchronisation, position encodings, diagnostics (push and pull) and the commands.
final class SyncAndDiagnosticsTests: XCTestCase {
    let uri = "untitled:Test.tatami.yaml"

    private func lastDiagnostics(_ c: TestClient) -> JSON? {
        c.notifications("textDocument/publishDiagnostics").last?["params"]
    }

    func testOpenPublishesDiagnosticsWithVersionCodeAndRange() {
        let c = TestClient()
        c.start()
        c.open(uri, "body:\n  hstak:\n    - text: hi\n", version: 3)
        c.idle()
        let p = lastDiagnostics(c)
        XCTAssertEqual(p?["uri"]?.string, uri)
        XCTAssertEqual(p?["version"]?.int, 3)
        let d = p?["diagnostics"]?[0]
        XCTAssertEqual(d?["code"]?.string, "unknown-key")
        XCTAssertEqual(d?["severity"]?.int, 1)
        XCTAssertEqual(d?["source"]?.string, "tatami")
        // `hstak` on line 1, columns 2..<7.
        XCTAssertEqual(d?["range"]?["start"]?["line"]?.int, 1)
        XCTAssertEqual(d?["range"]?["start"]?["character"]?.int, 2)
        XCTAssertEqual(d?["range"]?["end"]?["character"]?.int, 7)
        XCTAssertTrue(d?["message"]?.string?.contains("hstack") ?? false, d?["message"]?.string ?? "")
    }

    func testIncrementalChangesApplyInOrderAndBurstsPublishOnce() {
        let c = TestClient()
        c.start()
        c.open(uri, "body:\n  text: hello\n")
        c.idle()
        XCTAssertEqual(lastDiagnostics(c)?["diagnostics"]?.array?.count, 0)
        c.clear()
        // Two changes in one notification: the second's range is in the text the first made.
        // "  text: hello" → "  txt: hello" (delete `e` at 1:3) → "  txt: hello world" (insert at 1:12,
        // the end of the 12-character line).
        c.change(uri, version: 2, [(range(1, 3, 1, 4), ""), (range(1, 12, 1, 12), " world")])
        c.change(uri, version: 3, [(range(0, 0, 0, 0), "# c\n")])
        // Nothing is published while messages keep coming …
        XCTAssertTrue(c.notifications("textDocument/publishDiagnostics").isEmpty)
        c.idle()
        // … and one report for the last version once they stop.
        let reports = c.notifications("textDocument/publishDiagnostics")
        XCTAssertEqual(reports.count, 1)
        XCTAssertEqual(reports[0]["params"]?["version"]?.int, 3)
        XCTAssertEqual(String(decoding: c.server.documents[uri]!.text, as: UTF8.self), "# c\nbody:\n  txt: hello world\n")
        let d = reports[0]["params"]?["diagnostics"]?[0]
        XCTAssertEqual(d?["code"]?.string, "unknown-key")
        XCTAssertEqual(d?["range"]?["start"]?["line"]?.int, 2)
    }

    func testFullReplacementAndOutOfRangePositionsAreClamped() {
        let c = TestClient()
        c.start()
        c.open(uri, "body: {text: a}\n")
        c.notify("textDocument/didChange", .object([
            ("textDocument", .object([("uri", .string(uri)), ("version", .number(2))])),
            ("contentChanges", .array([.object([("text", .string("body:\n  text: b\n"))])])),
        ]))
        XCTAssertEqual(String(decoding: c.server.documents[uri]!.text, as: UTF8.self), "body:\n  text: b\n")
        // A column past the line's end is the line's end; a line past the end is the end.
        c.notify("textDocument/didChange", .object([
            ("textDocument", .object([("uri", .string(uri)), ("version", .number(3))])),
            ("contentChanges", .array([
                .object([("range", range(1, 200, 1, 900)), ("text", .string("c"))]),
                .object([("range", range(99, 5, 120, 0)), ("text", .string("# end\n"))]),
                .object([("range", range(-4, -1, 0, 0)), ("text", .string("# top\n"))]),
            ])),
        ]))
        XCTAssertEqual(String(decoding: c.server.documents[uri]!.text, as: UTF8.self), "# top\nbody:\n  text: bc\n# end\n")
        // A change whose range is not a range is skipped, not applied to the whole text.
        c.notify("textDocument/didChange", .object([
            ("textDocument", .object([("uri", .string(uri)), ("version", .number(4))])),
            ("contentChanges", .array([.object([("range", .string("nonsense")), ("text", .string("X"))])])),
        ]))
        XCTAssertEqual(String(decoding: c.server.documents[uri]!.text, as: UTF8.self), "# top\nbody:\n  text: bc\n# end\n")
        XCTAssertTrue(c.logged.contains { $0.contains("skipped") })
    }

    /// Positions count lines ended by LF (or CR LF); a CR alone is a character of its line, as
    /// Neovim and Emacs show it (`^M`) in a file with LF line ends and count positions
    /// (docs/decisions.md, "Language server").
    func testACarriageReturnAloneIsACharacterOfItsLine() {
        let c = TestClient()
        c.start()
        // YAML folds the CR inside the quotes; `tex` is on line 3 counted by LF, 4 counted by CR too.
        c.open(uri, "body:\n  vstack:\n    - text: \"a\rb\"\n    - tex: x\n")
        c.idle()
        let d = lastDiagnostics(c)?["diagnostics"]?[0]
        XCTAssertEqual(d?["code"]?.string, "unknown-key")
        XCTAssertEqual(d?["range"]?["start"]?["line"]?.int, 3)
        XCTAssertEqual(d?["range"]?["start"]?["character"]?.int, 6)
        // An edit after the CR on its line, and one on the next line, land where those clients mean.
        c.clear()
        c.change(uri, version: 2, [(range(2, 15, 2, 16), "c"), (range(3, 6, 3, 9), "text")])
        c.idle()
        XCTAssertEqual(String(decoding: c.server.documents[uri]!.text, as: UTF8.self), "body:\n  vstack:\n    - text: \"a\rc\"\n    - text: x\n")
        XCTAssertEqual(lastDiagnostics(c)?["diagnostics"]?.array?.count, 0)
    }

    func testUTF16ColumnsAfterEmojiAndUTF8WhenNegotiated() {
        // `hstak` after an emoji comment: 😀 is 2 UTF-16 units and 4 UTF-8 bytes.
        let text = "body: {hstack: [{text: \"😀\"}, {tex: x}]}\n"
        // Byte columns: `tex` starts at 32 in UTF-8 (the emoji counts 4), 30 in UTF-16 (counts 2).
        let utf8Column = Array(text.utf8).firstIndex(of: UInt8(ascii: "x")).map { _ in text.utf8.distance(from: text.startIndex, to: text.range(of: "tex:")!.lowerBound) }!
        let utf16Column = text.utf16.distance(from: text.startIndex, to: text.range(of: "tex:")!.lowerBound)
        XCTAssertEqual(utf8Column - utf16Column, 2)

        let c = TestClient()
        c.start()
        c.open(uri, text)
        c.idle()
        let d16 = lastDiagnostics(c)?["diagnostics"]?.array?.first { $0["code"]?.string == "unknown-key" }
        XCTAssertEqual(d16?["range"]?["start"]?["character"]?.int, utf16Column)
        XCTAssertEqual(d16?["range"]?["end"]?["character"]?.int, utf16Column + 3)

        let u = TestClient()
        u.start(capabilities: .object([("general", .object([("positionEncodings", .array([.string("utf-8")]))]))]))
        u.open(uri, text)
        u.idle()
        let d8 = lastDiagnostics(u)?["diagnostics"]?.array?.first { $0["code"]?.string == "unknown-key" }
        XCTAssertEqual(d8?["range"]?["start"]?["character"]?.int, utf8Column)

        // An edit in UTF-16 units: replace `😀` (columns 24..<26: it follows 24 ASCII characters) by `ok`.
        c.notify("textDocument/didChange", .object([
            ("textDocument", .object([("uri", .string(uri)), ("version", .number(2))])),
            ("contentChanges", .array([.object([("range", range(0, 24, 0, 26)), ("text", .string("ok"))])])),
        ]))
        XCTAssertEqual(String(decoding: c.server.documents[uri]!.text, as: UTF8.self), "body: {hstack: [{text: \"ok\"}, {tex: x}]}\n")
    }

    func testLayoutDiagnosticsNameTheirViewport() {
        let c = TestClient()
        c.start()
        c.open(uri, """
            viewports:
              small: {width: 50, height: 40}
              big: {width: 400, height: 40}
            body:
              hstack:
                - color: red
                  frame: {width: 100, height: 10}
            """)
        c.idle()
        let ds = lastDiagnostics(c)?["diagnostics"]?.array ?? []
        let overflow = ds.filter { $0["code"]?.string == "overflow" }
        XCTAssertEqual(overflow.count, 1, "\(ds.map { $0["message"]?.string ?? "" })")
        XCTAssertEqual(overflow.first?["data"]?["viewport"]?.string, "small")
        XCTAssertTrue(overflow.first?["message"]?.string?.contains("small") ?? false)
        XCTAssertEqual(overflow.first?["severity"]?.int, 2)
    }

    func testOverflowRelatedInformationNamesTheChildThatNeedsTheRoom() {
        let c = TestClient()
        c.start()
        c.open(uri, """
            viewports:
              v: {width: 200, height: 100}
            body:
              hstack:
                - text: A
                - color: red
                  frame: {width: 300, height: 10}
            """)
        c.idle()
        let ds = lastDiagnostics(c)?["diagnostics"]?.array ?? []
        let overflow = ds.filter { $0["code"]?.string == "overflow" }
        XCTAssertEqual(overflow.count, 1, "\(ds.map { $0["message"]?.string ?? "" })")
        let related = overflow.first?["relatedInformation"]?.array ?? []
        // The colour (line 5, 0-based) is the largest child: 300 wide.
        XCTAssertEqual(related.count, 1)
        XCTAssertEqual(related.first?["location"]?["uri"]?.string, uri)
        XCTAssertEqual(related.first?["location"]?["range"]?["start"]?["line"]?.int, 5)
        XCTAssertEqual(related.first?["location"]?["range"]?["start"]?["character"]?.int, 6)
        XCTAssertEqual(related.first?["message"]?.string, "color is the largest child: 300 wide")
    }

    func testPullDiagnosticsGiveAFullReport() {
        let c = TestClient()
        c.start()
        c.open(uri, "body:\n  text: [1]\n")
        let r = c.request("textDocument/diagnostic", .object([("textDocument", doc(uri))]))
        XCTAssertEqual(r["result"]?["kind"]?.string, "full")
        XCTAssertEqual(r["result"]?["items"]?[0]?["code"]?.string, "wrong-type")
        let missing = c.request("textDocument/diagnostic", .object([("textDocument", doc("file:///nowhere.tatami.yaml"))]))
        XCTAssertEqual(missing["error"]?["code"]?.int, -32602)
    }

    func testClosePublishesNoDiagnostics() {
        let c = TestClient()
        c.start()
        c.open(uri, "body: {hstak: []}\n")
        c.idle()
        c.clear()
        c.notify("textDocument/didClose", .object([("textDocument", doc(uri))]))
        let p = lastDiagnostics(c)
        XCTAssertEqual(p?["diagnostics"]?.array?.count, 0)
        XCTAssertNil(c.server.documents[uri])
    }

    func testPreviewReturnsTheRenderOfTheEditorsText() throws {
        let example = Fixtures.repositoryRoot().appendingPathComponent("Examples/layout-priority.tatami.yaml")
        let text = try String(contentsOf: example, encoding: .utf8)
        let c = TestClient()
        c.start()
        c.open(uri, text)
        let narrow = try String(contentsOf: Fixtures.url("render/examples/layout-priority.narrow.txt"), encoding: .utf8)
        let wide = try String(contentsOf: Fixtures.url("render/examples/layout-priority.wide.txt"), encoding: .utf8)
        func preview(_ args: [JSON]) -> JSON {
            c.request("workspace/executeCommand", .object([("command", .string("tatami.preview")), ("arguments", .array(args))]))
        }
        XCTAssertEqual(preview([.string(uri)])["result"]?.string, narrow)
        XCTAssertEqual(preview([.string(uri), .string("wide")])["result"]?.string, wide)
        XCTAssertEqual(preview([.string(uri), .string("tablet")])["error"]?["code"]?.int, -32602)
        // The configured default viewport applies when none is named.
        c.notify("workspace/didChangeConfiguration", .object([("settings", .object([("tatami", .object([("defaultViewport", .string("wide"))]))]))]))
        XCTAssertEqual(preview([.string(uri)])["result"]?.string, wide)
        // The editor's current text, not the file on disk.
        c.notify("textDocument/didChange", .object([
            ("textDocument", .object([("uri", .string(uri)), ("version", .number(2))])),
            ("contentChanges", .array([.object([("text", .string("viewports: {w: {width: 160, height: 16}}\nbody: {color: red, fill: \"#\"}\n"))])])),
        ]))
        XCTAssertEqual(preview([.string(uri)])["result"]?.string, "┌─ w 160×16 ─────────┐\n│####################│\n└────────────────────┘\n")
    }

    func testPreviewHTMLAndSVGDrawTheEditorsText() {
        let c = TestClient()
        c.start()
        c.open(uri, "viewports: {a: {width: 40, height: 20}, b: {width: 60, height: 30}}\nbody: {color: red, id: x}\n")
        func run(_ command: String, _ arguments: [JSON]) -> String? {
            c.request("workspace/executeCommand", .object([("command", .string(command)), ("arguments", .array([.string(uri)] + arguments))]))["result"]?.string
        }
        // Every viewport, each an element of its size, the colour's element on its frame.
        let page = run("tatami.previewHTML", []) ?? ""
        XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>"), page)
        XCTAssertTrue(page.contains("data-viewport=\"a\" data-width=\"40\" data-height=\"20\" style=\"width:40px;height:20px\""), page)
        XCTAssertTrue(page.contains("data-viewport=\"b\" data-width=\"60\" data-height=\"30\""), page)
        XCTAssertTrue(page.contains("title=\"color#x / 0,0 60×30\""), page)
        XCTAssertFalse(page.contains("tatamiLive"), "the editor refreshes the page itself")
        // One named viewport.
        let one = run("tatami.previewHTML", [.string("b")]) ?? ""
        XCTAssertFalse(one.contains("data-viewport=\"a\""))
        XCTAssertTrue(one.contains("data-viewport=\"b\""))
        // The unsaved text, as SVG.
        c.notify("textDocument/didChange", .object([
            ("textDocument", .object([("uri", .string(uri)), ("version", .number(2))])),
            ("contentChanges", .array([.object([("text", .string("viewports: {w: {width: 16, height: 8}}\nbody: {color: blue}\n"))])])),
        ]))
        let svg = run("tatami.previewSVG", []) ?? ""
        XCTAssertTrue(svg.contains("viewBox=\"0 0 16 8\""), svg)
        XCTAssertTrue(svg.contains("<rect class=\"color\" x=\"0\" y=\"0\" width=\"16\" height=\"8\" fill=\"#007AFF\"/>"), svg)
    }

    func testFramesReturnsTheFramesJSON() {
        let c = TestClient()
        c.start()
        c.open(uri, "viewports: {phone: {width: 100, height: 50}}\nbody:\n  text: hi\n  id: greeting\n  padding: 5\n")
        let r = c.request("workspace/executeCommand", .object([("command", .string("tatami.frames")), ("arguments", .array([.string(uri)]))]))
        let result = r["result"]
        XCTAssertEqual(result?["viewport"]?["name"]?.string, "phone")
        // The text plus 5 points of padding on every side, centred in 100×50.
        let f = result?["frames"]?[0]
        XCTAssertEqual(f?["path"]?.string, "/")
        XCTAssertEqual(f?["id"]?.string, "greeting")
        XCTAssertEqual(f?["kind"]?.string, "text")
        let w = f?["width"]?.number ?? -1, h = f?["height"]?.number ?? -1
        let cw = f?["content"]?["width"]?.number ?? -1, ch = f?["content"]?["height"]?.number ?? -1
        XCTAssertEqual(w, cw + 10)
        XCTAssertEqual(h, ch + 10)
        XCTAssertEqual(f?["x"]?.number, (100 - w) / 2)
        XCTAssertEqual(f?["y"]?.number, (50 - h) / 2)
    }
}
