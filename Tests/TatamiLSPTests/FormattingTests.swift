import Foundation
import TatamiBase
@testable import TatamiLSP
import TatamiServices
import TatamiTestSupport
import XCTest

/// `textDocument/formatting` and `textDocument/rangeFormatting`: the edits, applied as LSP says
/// (all in the original document's positions), give the formatter's text; they touch only the
/// lines that change; positions are in the negotiated encoding.
final class FormattingTests: XCTestCase {
    private var temp: URL!

    override func setUpWithError() throws {
        temp = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-lsp-format-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: temp)
    }

    private func started(utf8: Bool = false) -> TestClient {
        let c = TestClient()
        let caps: JSON = utf8 ? .object([("general", .object([("positionEncodings", .array([.string("utf-8")]))]))]) : .object([])
        c.start(capabilities: caps, rootPath: temp.path)
        return c
    }

    private func uri(_ name: String) -> String { DocumentURI.uri(ofPath: temp.appendingPathComponent(name).path) }

    private func format(_ c: TestClient, _ uri: String, file: StaticString = #filePath, line: UInt = #line) -> [JSON] {
        let r = c.request("textDocument/formatting", .object([
            ("textDocument", doc(uri)), ("options", .object([("tabSize", .number(8)), ("insertSpaces", .bool(false))])),
        ]), file: file, line: line)
        XCTAssertNil(r["error"], "\(r)", file: file, line: line)
        return r["result"]?.array ?? []
    }

    private func formatRange(_ c: TestClient, _ uri: String, _ r: JSON) -> [JSON] {
        let answer = c.request("textDocument/rangeFormatting", .object([
            ("textDocument", doc(uri)), ("range", r), ("options", .object([("tabSize", .number(2)), ("insertSpaces", .bool(true))])),
        ]))
        XCTAssertNil(answer["error"], "\(answer)")
        return answer["result"]?.array ?? []
    }

    /// Applies LSP `TextEdit`s as a client does, written independently of the server's
    /// conversions: every range refers to the original text; columns count UTF-16 units (or
    /// UTF-8 bytes); the edits are applied from the last to the first.
    static func apply(_ edits: [JSON], to text: String, utf8: Bool = false) -> String {
        var lines: [String] = []
        var current = ""
        for ch in text {
            current.append(ch)
            if ch == "\n" { lines.append(current); current = "" }
        }
        lines.append(current)
        func offset(_ p: JSON?) -> Int {
            let line = p?["line"]?.int ?? 0, character = p?["character"]?.int ?? 0
            if line >= lines.count { return utf8 ? text.utf8.count : text.utf16.count }
            let before = lines[..<line].reduce(0) { $0 + (utf8 ? $1.utf8.count : $1.utf16.count) }
            return before + character
        }
        let located = edits.map { e in (offset(e["range"]?["start"]), offset(e["range"]?["end"]), e["newText"]?.string ?? "") }
        // Not overlapping, in order: each starts at or after the previous one's end.
        for (a, b) in zip(located, located.dropFirst()) { XCTAssertLessThanOrEqual(a.1, b.0, "edits overlap or are out of order") }
        if utf8 {
            var units = Array(text.utf8)
            for (s, e, t) in located.reversed() { units.replaceSubrange(s..<e, with: Array(t.utf8)) }
            return String(decoding: units, as: UTF8.self)
        }
        var units = Array(text.utf16)
        for (s, e, t) in located.reversed() { units.replaceSubrange(s..<e, with: Array(t.utf16)) }
        return String(decoding: units, as: UTF16.self)
    }

    func testCapabilitiesAreAdvertised() {
        let caps = TestClient().start()["result"]?["capabilities"]
        XCTAssertEqual(caps?["documentFormattingProvider"]?.bool, true)
        XCTAssertEqual(caps?["documentRangeFormattingProvider"]?.bool, true)
    }

    func testTheUnformattedTwinsFormatToTheExamples() throws {
        let twins = Fixtures.files(in: "format", suffix: ".unformatted.tatami.yaml")
        XCTAssertFalse(twins.isEmpty)
        let examples = Fixtures.repositoryRoot().appendingPathComponent("Examples")
        let c = started()
        for twin in twins {
            let name = twin.lastPathComponent.replacingOccurrences(of: ".unformatted.tatami.yaml", with: ".tatami.yaml")
            let text = try String(contentsOf: twin, encoding: .utf8)
            let expected = try String(contentsOf: examples.appendingPathComponent(name), encoding: .utf8)
            c.open(uri(name), text)
            let edits = format(c, uri(name))
            XCTAssertFalse(edits.isEmpty, name)
            XCTAssertEqual(Self.apply(edits, to: text), expected, name)
            // Minimal: no edit replaces a line by itself, and the lines both texts share at the
            // start and end are left alone.
            for e in edits {
                let s = e["range"]?["start"]?["line"]?.int ?? 0, end = e["range"]?["end"]?["line"]?.int ?? 0
                let old = text.components(separatedBy: "\n")[s..<min(end, text.components(separatedBy: "\n").count)]
                XCTAssertNotEqual(old.map { $0 + "\n" }.joined(), e["newText"]?.string, "\(name): an edit changes nothing")
            }
            // Formatting the formatted text: nothing.
            c.open(uri("again-" + name), expected)
            XCTAssertEqual(format(c, uri("again-" + name)).count, 0, name)
        }
    }

    func testAnEditTouchesOnlyTheLinesThatChange() {
        let c = started()
        let text = "viewports:\n  phone: {width: 320, height: 200}\nbody:\n  vstack:\n    - text: a\n    -     text: b\n    - text: c\n"
        c.open(uri("one.tatami.yaml"), text)
        let edits = format(c, uri("one.tatami.yaml"))
        XCTAssertEqual(edits.count, 1)
        XCTAssertEqual(edits.first?["range"]?.serialized(pretty: false), range(5, 0, 6, 0).serialized(pretty: false))
        XCTAssertEqual(edits.first?["newText"]?.string, "    - text: b\n")
    }

    func testATextThatCannotBeFormattedGetsNoEdits() {
        let c = started()
        let broken = "body:\n    vstack: [\n      - text: a\n"
        c.open(uri("broken.tatami.yaml"), broken)
        c.clear()
        XCTAssertEqual(format(c, uri("broken.tatami.yaml")).count, 0)
        let logged = c.notifications("window/logMessage").compactMap { $0["params"]?["message"]?.string }
        XCTAssertTrue(logged.contains { $0.contains("syntax error") }, "\(logged)")
        XCTAssertEqual(formatRange(c, uri("broken.tatami.yaml"), range(0, 0, 2, 0)).count, 0)
        // Aliases: left alone too.
        c.open(uri("alias.tatami.yaml"), "viewports:\n    a: &v {width: 10, height: 10}\n    b: *v\nbody: {text: x}\n")
        XCTAssertEqual(format(c, uri("alias.tatami.yaml")).count, 0)
    }

    func testUTF16AndUTF8Positions() throws {
        // Non-ASCII before the changed parts of lines: UTF-16 columns differ from bytes and scalars.
        let text = """
            viewports: {phone: {width: 320, height: 200}}
            body:
                vstack:
                    -   text: "héllo ★"
                    -   {text: "★ 😀 é", padding: 4}   # ★ comment
                    -   text: 'plain'

            """
        let expected = try XCTUnwrap(TatamiFormatter.format(text: text).text)
        XCTAssertNotEqual(expected, text)
        for utf8 in [false, true] {
            let c = started(utf8: utf8)
            c.open(uri("u.tatami.yaml"), text)
            let edits = format(c, uri("u.tatami.yaml"))
            XCTAssertEqual(Self.apply(edits, to: text, utf8: utf8), expected, utf8 ? "utf-8" : "utf-16")
        }
    }

    func testRangeFormattingTouchesOnlyTheRange() {
        let c = started()
        let text = "viewports:\n  phone: {width: 320, height: 200}\nbody:\n  vstack:\n    -     text: a\n    - text: b\n    -     text: \"c\"\n"
        c.open(uri("r.tatami.yaml"), text)
        XCTAssertEqual(format(c, uri("r.tatami.yaml")).count, 2)
        // Line 6 only: its edit, not line 3's.
        let edits = formatRange(c, uri("r.tatami.yaml"), range(6, 2, 6, 4))
        XCTAssertEqual(edits.count, 1)
        XCTAssertEqual(edits.first?["range"]?.serialized(pretty: false), range(6, 0, 7, 0).serialized(pretty: false))
        XCTAssertEqual(Self.apply(edits, to: text), text.replacingOccurrences(of: "-     text: \"c\"", with: "- text: c"))
        // A range over an already formatted line: nothing.
        XCTAssertEqual(formatRange(c, uri("r.tatami.yaml"), range(5, 0, 6, 0)).count, 0)
        // A cursor on line 4: that line's edit.
        XCTAssertEqual(formatRange(c, uri("r.tatami.yaml"), range(4, 3, 4, 3)).first?["newText"]?.string, "    - text: a\n")
    }

    func testRangeFormattingNeverChangesTheMeaning() throws {
        // Re-indenting line 3 alone would make `text: a` a child of `padding`'s value: the
        // edits widen to the top-level entry holding the range (`body`), which is formatted
        // whole, and nothing outside it (the viewports line) is touched.
        let c = started()
        let text = "viewports:   {phone: {width: 320, height: 200}}\nbody:\n    padding: 4\n    text: a\n"
        c.open(uri("w.tatami.yaml"), text)
        let edits = formatRange(c, uri("w.tatami.yaml"), range(2, 0, 2, 3))
        XCTAssertFalse(edits.isEmpty)
        let applied = Self.apply(edits, to: text)
        XCTAssertTrue(applied.hasPrefix("viewports:   {phone"), applied)
        let whole = try XCTUnwrap(TatamiFormatter.format(text: text).text)
        XCTAssertEqual(TatamiFormatter.format(text: applied).text, whole)
    }

    func testTheWorkspaceFilesLineWidthApplies() throws {
        try "format: {lineWidth: 30}\n".write(to: temp.appendingPathComponent("tatami.config.yaml"), atomically: true, encoding: .utf8)
        let text = "viewports:\n  phone:\n    width: 320\n    height: 200\nbody:\n  text: hello\n  padding:\n    top: 4\n    leading: 8\n"
        let c = started()
        c.open(uri("narrow.tatami.yaml"), text)
        let edits = format(c, uri("narrow.tatami.yaml"))
        let narrow = try XCTUnwrap(TatamiFormatter.format(text: text, lineWidth: 30).text)
        XCTAssertNotEqual(narrow, TatamiFormatter.format(text: text).text, "the example must depend on the width")
        XCTAssertEqual(Self.apply(edits, to: text), narrow)
    }

    func testFiftyThousandLinesFormatWithoutHanging() throws {
        // A hang guard, not a benchmark: every line re-indented (the diff gives up on the middle
        // at once), and a file where only a few lines change.
        var lines = ["viewports: {phone: {width: 320, height: 200}}", "body:", "  vstack:"]
        for i in 0..<50_000 { lines.append("      -   text: \"item \(i) ★\"") }
        let text = lines.joined(separator: "\n") + "\n"
        let c = started()
        c.open(uri("big.tatami.yaml"), text)
        let start = Date()
        let edits = format(c, uri("big.tatami.yaml"))
        let formatted = try XCTUnwrap(TatamiFormatter.format(text: text).text)
        XCTAssertEqual(Self.apply(edits, to: text), formatted)
        var nearly = formatted.components(separatedBy: "\n")
        for i in [10, 25_000, 49_990] { nearly[i] = "    -     text: changed" }
        c.open(uri("big2.tatami.yaml"), nearly.joined(separator: "\n"))
        XCTAssertEqual(format(c, uri("big2.tatami.yaml")).count, 3)
        XCTAssertLessThan(Date().timeIntervalSince(start), Fixtures.hangGuard(60))
    }
}
