import Foundation
import TatamiBase
@testable import TatamiLSP
import TatamiServices
import TatamiTestSupport
import XCTest

/// Incremental = from scratch: one server is driven through a random sequence of edits (typing,
/// deleting lines, pasting blocks, breaking and fixing the YAML, editing an import on disk and
/// in an open buffer), and after every edit what it answers about the screen (published
/// diagnostics, the frames of every viewport, document symbols, semantic tokens) must equal what
/// a fresh server answers about the same texts (symbols and tokens only while the text parses:
/// during a syntax error they come from the last text that parsed, by design). Whatever the server keeps from one analysis to
/// the next (line tables, imported files, validated items, layouts) is held to this, and the test
/// checks that items were taken over and inlay hints compared often enough to prove something.
final class IncrementalDifferentialTests: XCTestCase {
    static let library = """
        components:
          Card:
            params:
              title: {type: string}
              tint: {type: color, default: blue}
            body:
              hstack:
                - text: $title
                  lineLimit: 1
                - spacer
                - color: $tint
                  frame: {width: 12, height: 12}
              padding: 8
          Badge:
            params:
              label: {type: string, default: new}
            body:
              text: $label
              border: true

        """

    static let screen = """
        # A screen of cards.
        imports: [lib.tatami.yaml]
        viewports:
          phone: {width: 200, height: 300}
          tablet: {width: 640, height: 200}
        body:
          vstack:
            - Card: {title: "First card"}
            - Card:
                title: Second
                tint: orange
            - hstack:
                - Badge: {}
                - text: Headline words that wrap
                  font: headline
              spacing: 4
            - Card: {title: Third, tint: green}
            - flow: [one, two, three, four]
          alignment: leading

        """

    /// What a client sees of the screen after an edit.
    struct Observed: Equatable {
        var diagnostics: String
        var frames: [String]
        var symbols: String
        var tokens: String
        /// The whole document's inlay hints: each view's size, at its place in the text (which
        /// frames copied from a kept layout must name anew).
        var hints: String
    }

    func testIncrementalAnswersEqualAFreshServersAfterEveryEdit() throws {
        for seed in 1...4 {
            try run(seed: UInt64(seed), steps: 40)
        }
        XCTAssertGreaterThan(stepsWithHints, 80, "inlay hints compared after most edits")
        XCTAssertGreaterThan(itemsTakenOver, 100, "validated items were taken over from the last analysis")
        XCTAssertGreaterThan(blockReparses, 20, "texts were parsed by a block reparse from the last parse")
        XCTAssertGreaterThan(nodesCopied, 200, "layout nodes were copied from the last layout's tree")
    }

    /// Steps whose comparison included inlay hints (the test would prove little without them).
    private var stepsWithHints = 0
    /// Items the incremental server's validation took over, over all steps (likewise).
    private var itemsTakenOver = 0
    /// Steps whose text the incremental server parsed by a block reparse (likewise).
    private var blockReparses = 0
    /// Layout nodes the incremental server copied from its last layouts' trees (likewise).
    private var nodesCopied = 0

    private func run(seed: UInt64, steps: Int) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tatami-incremental-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "viewports:\n  watch: {width: 120, height: 120}\n".write(to: dir.appendingPathComponent("tatami.config.yaml"), atomically: true, encoding: .utf8)
        let libPath = dir.appendingPathComponent("lib.tatami.yaml").path
        let screenURI = DocumentURI.uri(ofPath: dir.appendingPathComponent("screen.tatami.yaml").path)
        let libURI = DocumentURI.uri(ofPath: libPath)
        try Self.library.write(toFile: libPath, atomically: true, encoding: .utf8)

        var random = SeededRandom(seed: seed)
        let incremental = TestClient()
        incremental.start(rootPath: dir.path)
        var text = Self.screen
        var version = 1
        incremental.open(screenURI, text)
        var libText = Self.library
        var libOpen = false
        var libVersion = 1
        /// A syntax break waiting to be undone: where it was inserted and what.
        var pendingFix: (offset: Int, inserted: String)?

        /// The last text that parsed, and whether the text is broken by something other than
        /// `pendingFix` (a deleted or pasted line), which the next step undoes as an editor's undo
        /// would: without it the random edits leave the text unparsable for good after a few
        /// steps, and kept layouts, symbols, tokens and hints would go uncompared.
        var lastParsed = text
        var brokenForGood = false

        for step in 0..<steps {
            var what: String
            if brokenForGood {
                what = "undo back to the last text that parsed"
                text = lastParsed
                version += 1
                incremental.notify("textDocument/didChange", .object([
                    ("textDocument", .object([("uri", .string(screenURI)), ("version", .number(Double(version)))])),
                    ("contentChanges", .array([.object([("text", .string(text))])])),
                ]))
                pendingFix = nil
            } else if let fix = pendingFix, Bool.random(using: &random) {
                what = "fix the break at \(fix.offset)"
                text = replace(in: text, fix.offset, fix.offset + fix.inserted.utf8.count, with: "", client: incremental, uri: screenURI, version: &version)
                pendingFix = nil
            } else {
                switch Int.random(in: 0..<10, using: &random) {
                case 0, 1, 2:
                    let offset = randomValueOffset(text, &random)
                    let ch = ["a", "Z", "7", " ", ".", "-", "é"].randomElement(using: &random)!
                    what = "type \(ch) at \(offset)"
                    text = replace(in: text, offset, offset, with: ch, client: incremental, uri: screenURI, version: &version)
                case 3:
                    let lines = lineRanges(text)
                    let r = lines.randomElement(using: &random)!
                    what = "delete line at \(r.lowerBound)"
                    text = replace(in: text, r.lowerBound, r.upperBound, with: "", client: incremental, uri: screenURI, version: &version)
                case 4:
                    let lines = lineRanges(text)
                    let from = Int.random(in: 0..<lines.count, using: &random)
                    let to = min(lines.count - 1, from + Int.random(in: 0...3, using: &random))
                    let block = String(decoding: Array(text.utf8)[lines[from].lowerBound..<lines[to].upperBound], as: UTF8.self)
                    let at = lines.randomElement(using: &random)!.lowerBound
                    what = "paste \(to - from + 1) lines at \(at)"
                    text = replace(in: text, at, at, with: block, client: incremental, uri: screenURI, version: &version)
                case 5 where pendingFix == nil:
                    let at = lineRanges(text).randomElement(using: &random)!.lowerBound
                    let inserted = ["  - [\n", "body: {\n", "\t: x\n", "&a *a\n"].randomElement(using: &random)!
                    what = "break the YAML at \(at)"
                    text = replace(in: text, at, at, with: inserted, client: incremental, uri: screenURI, version: &version)
                    pendingFix = (at, inserted)
                case 6:
                    let value = ["4", "16", "30", "-2", "x"].randomElement(using: &random)!
                    libText = Self.library.replacingOccurrences(of: "padding: 8", with: "padding: \(value)")
                    if libOpen {
                        what = "edit the open library's buffer: padding \(value)"
                        libVersion += 1
                        incremental.notify("textDocument/didChange", .object([
                            ("textDocument", .object([("uri", .string(libURI)), ("version", .number(Double(libVersion)))])),
                            ("contentChanges", .array([.object([("text", .string(libText))])])),
                        ]))
                    } else {
                        what = "edit the library on disk: padding \(value)"
                        try libText.write(toFile: libPath, atomically: true, encoding: .utf8)
                        incremental.notify("workspace/didChangeWatchedFiles", .object([("changes", .array([
                            .object([("uri", .string(libURI)), ("type", .number(2))]),
                        ]))]))
                    }
                case 7 where !libOpen:
                    what = "open the library"
                    libOpen = true
                    incremental.open(libURI, libText, version: libVersion)
                case 8:
                    let offset = randomValueOffset(text, &random)
                    let end = min(text.utf8.count, offset + Int.random(in: 1...6, using: &random))
                    what = "delete \(offset)..<\(end)"
                    text = replace(in: text, offset, end, with: "", client: incremental, uri: screenURI, version: &version)
                default:
                    what = "replace the whole text"
                    text = text.replacingOccurrences(of: "Second", with: "Second card, longer now")
                    version += 1
                    incremental.notify("textDocument/didChange", .object([
                        ("textDocument", .object([("uri", .string(screenURI)), ("version", .number(Double(version)))])),
                        ("contentChanges", .array([.object([("text", .string(text))])])),
                    ]))
                }
            }
            incremental.idle()
            let fresh = TestClient()
            fresh.start(rootPath: dir.path)
            if libOpen { fresh.open(libURI, libText, version: libVersion) }
            fresh.open(screenURI, text, version: version)
            fresh.idle()
            var got = observe(incremental, screenURI), want = observe(fresh, screenURI)
            let parses = !want.diagnostics.contains("\"code\":\"yaml-syntax\"")
            if parses { lastParsed = text }
            brokenForGood = !parses && pendingFix == nil
            if !parses {
                // By design, while the text does not parse, symbols and tokens come from the last
                // text that did, mapped through the edits since (docs/language-server.md), which a
                // fresh server does not have: only diagnostics and frames are compared then.
                (got.symbols, got.tokens, want.symbols, want.tokens) = ("", "", "", "")
                (got.hints, want.hints) = ("", "")
            }
            XCTAssertEqual(got, want, "seed \(seed), step \(step) (\(what)); the text:\n\(text)")
            if got != want { return }
            if want.hints.contains("\"label\"") { stepsWithHints += 1 }
            itemsTakenOver += incremental.server.documents[screenURI]?.validationMemory.lastCounts.reused ?? 0
            if incremental.server.documents[screenURI]?.parseMemory.lastRegionBytes != nil { blockReparses += 1 }
            nodesCopied += incremental.server.documents[screenURI]?.latest?.analysis.layouts.reduce(0) { $0 + $1.nodesCopied } ?? 0
        }
    }

    /// Replaces bytes `start..<end` of `text` in the editor (a ranged didChange in UTF-16
    /// positions) and returns the new text.
    private func replace(in text: String, _ start: Int, _ end: Int, with new: String, client: TestClient, uri: String,
                         version: inout Int) -> String {
        let table = LineTable(text)
        func position(_ offset: Int) -> JSON {
            let line = table.line(ofByte: offset)
            let prefix = Array(text.utf8)[table.lineStarts[line]..<offset]
            return pos(line, String(decoding: prefix, as: UTF8.self).utf16.count)
        }
        version += 1
        client.notify("textDocument/didChange", .object([
            ("textDocument", .object([("uri", .string(uri)), ("version", .number(Double(version)))])),
            ("contentChanges", .array([.object([
                ("range", .object([("start", position(start)), ("end", position(end))])), ("text", .string(new)),
            ])])),
        ]))
        var bytes = Array(text.utf8)
        bytes.replaceSubrange(start..<end, with: Array(new.utf8))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Each line's byte range, with its newline.
    private func lineRanges(_ text: String) -> [Range<Int>] {
        let table = LineTable(text)
        let count = text.utf8.count
        return table.lineStarts.indices.map { i in
            table.lineStarts[i]..<(i + 1 < table.lineStarts.count ? table.lineStarts[i + 1] : count)
        }.filter { !$0.isEmpty }
    }

    /// An offset just after a `:` or `- ` (inside a value, where typing changes what is laid out),
    /// on a character boundary.
    private func randomValueOffset(_ text: String, _ random: inout SeededRandom) -> Int {
        let bytes = Array(text.utf8)
        var candidates: [Int] = []
        for i in 1..<bytes.count where (bytes[i - 1] == UInt8(ascii: ":") || bytes[i - 1] == UInt8(ascii: "-")) && bytes[i] == UInt8(ascii: " ") {
            candidates.append(i + 1)
        }
        var offset = candidates.randomElement(using: &random) ?? 0
        while offset < bytes.count && bytes[offset] & 0xC0 == 0x80 { offset += 1 }
        return min(offset, bytes.count)
    }

    private func observe(_ c: TestClient, _ uri: String) -> Observed {
        let published = c.notifications("textDocument/publishDiagnostics").last { $0["params"]?["uri"]?.string == uri }
        let diagnostics = published?["params"]?["diagnostics"]?.serialized(pretty: false) ?? "none"
        var frames: [String] = []
        for viewport in ["phone", "tablet", "watch"] {
            let r = c.request("workspace/executeCommand", .object([
                ("command", .string("tatami.frames")), ("arguments", .array([.string(uri), .string(viewport)])),
            ]))
            frames.append((r["result"] ?? r["error"]?["message"] ?? .null).serialized(pretty: false))
        }
        let symbols = c.request("textDocument/documentSymbol", .object([("textDocument", doc(uri))]))["result"]?
            .serialized(pretty: false) ?? "none"
        let tokens = c.request("textDocument/semanticTokens/full", .object([("textDocument", doc(uri))]))["result"]?
            .serialized(pretty: false) ?? "none"
        let hints = c.request("textDocument/inlayHint", .object([
            ("textDocument", doc(uri)),
            ("range", .object([("start", .object([("line", .number(0)), ("character", .number(0))])),
                               ("end", .object([("line", .number(100_000)), ("character", .number(0))]))])),
        ]))["result"]?.serialized(pretty: false) ?? "none"
        return Observed(diagnostics: diagnostics, frames: frames, symbols: symbols, tokens: tokens, hints: hints)
    }
}
