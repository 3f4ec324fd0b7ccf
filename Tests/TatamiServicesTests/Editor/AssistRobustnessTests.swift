import Foundation
import TatamiBase
import TatamiServices
import TatamiTestSupport
import XCTest

/// Every editor service at every offset of half-typed and broken documents: no crash, no hang,
/// and every range they return lies inside the text.
final class AssistRobustnessTests: XCTestCase {
    static let documents = [
        "",
        "\n",
        "body",
        "body:",
        "body:\n  ",
        "body:\n  hstack:\n    - text: \"unterminated\n    - \n  alignment: \n",
        "body:\n  hstack: [text: a, {color: \n",
        "body: {hstack: [{text: a}, {Badge: {label: x, }}]\n",
        "- a\n- b: [\n",
        "components:\n  Badge:\n    params: {label: {type: }}\n    body: {text: $label\nbody:\n  - Badge: {lab",
        "viewports:\n  phone: {width: 320, height\nbody:\n\ttext: tab\n",
        "body:\n  canvas:\n    - text: a\n      position: [{x: \"width /\", when: \"landscape &&\"}, {absolute: [1, 2\n",
        "alignments:\n  mid: {axis: vertical, default: \"bottom / (\"}\nbody:\n  hstack:\n    - text: a\n      alignmentGuides: {mid: \"\"}\n  alignment: mid\n",
        "body: &a\n  vstack:\n    - *a\n    - *b\n",
        "body:\n  text: 'it''s'\n  font: \"ti\n---\nbody: {}\n",
        "# only a comment\n   # another\n",
        "body:\n  vstack:\n    - - - text: deep\n      -\n        text: dash alone\n",
        "body:\n  text: \"é 漢字 👍\"\n  ü: ö\n  modifiers: [{padding: 1}, {background: {color: red}}, {frame: {",
        "\r\nbody:\r\n  hstack:\r\n    - text: crlf\r\n    - \r\n",
        "body:\n  text: |\n    block\n    scalar: not a key\n  \n",
        "body:\n  {text: a, fo\n",
        "[a, {b: \n  {c: [d, {e: \n",
        "{\n",
        "- - -\n  - {\n    ",
        "body:\n  hstack:\n    - {Badge: {label: \"x, \"y\": [1, {\n",
        "\u{FEFF}body:\n  text: bom\n    ‸\n",
        // References being typed in component bodies: `$` at every place, `${` open and closed,
        // `$$`, a declaration cut by an unclosed quote, a component using itself.
        "components:\n  A:\n    params: {n: {type: string}, v: {type: view}}\n    body:\n      vstack:\n        - $\n        - text: \"${\n",
        "components:\n  A:\n    params:\n      n:\n        type: number\n        default: $\n    body: {text: \"$$${n}${\", padding: $, background: {color: $}}\n  B:\n    body: {A: {n: $}}\nbody: $\n",
        "components:\n  A:\n    body:\n      vstack:\n        - A: {}\n        - ${}$\n  $\n",
    ]

    func testEveryOffsetOfBrokenDocuments() {
        for doc in Self.documents {
            let analysis = Pipeline.analyze(text: doc)
            let count = analysis.lineTable.bytes.count
            let start = DispatchTime.now().uptimeNanoseconds
            for offset in -2...(count + 2) {
                if let h = EditorServices.hover(analysis, at: offset) {
                    XCTAssertTrue(h.range.start >= 0 && h.range.end <= count, "hover range \(h.range) in \(doc.debugDescription)")
                    XCTAssertFalse(h.markdown.isEmpty)
                    XCTAssertFalse(h.plainText.contains("`") || h.plainText.contains("**"), h.plainText)
                }
                for c in EditorServices.completions(analysis, at: offset) {
                    if let r = c.replaceRange {
                        XCTAssertTrue(r.start >= 0 && r.end <= count && r.start <= max(0, min(offset, count)),
                                      "replace range \(r) at \(offset) in \(doc.debugDescription)")
                    }
                    XCTAssertFalse(c.label.isEmpty)
                }
                for h in EditorServices.inlayHints(analysis, in: SourceRange(start: offset, end: offset + 7)) {
                    XCTAssertTrue(h.offset >= 0 && h.offset <= count)
                }
            }
            for lens in EditorServices.codeLenses(analysis) {
                XCTAssertTrue(lens.range.end <= count)
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            XCTAssertLessThan(seconds, Fixtures.hangGuard(5), "took \(seconds) s on \(doc.debugDescription)")
        }
    }

    /// Valid documents with random characters deleted, inserted and duplicated (a seeded,
    /// reproducible mutation), every service at every offset.
    func testMutatedDocuments() {
        let seeds = [
            HoverTests.twoViewports.replacingOccurrences(of: "‸", with: ""),
            InlayHintTests.doc,
            """
            alignments:
              mid: {axis: vertical, default: "bottom / 2"}
            components:
              Badge:
                params: {label: {type: string}, tint: {type: color, default: blue}}
                body: {text: $label, background: {color: $tint}}
            body:
              canvas:
                - Badge: {label: "a, b"}
                  position: [{x: "width / 2", y: 0, width: 10, height: 10, when: landscape}, {absolute: [0, 0, 5, 5]}]
                - - text: 'x'
                - text: |
                    block
                  modifiers: [{padding: 1}, {overlay: {color: red}}]
            """,
        ]
        let pieces = ["\n", " ", "  ", "- ", ": ", "{", "}", "[", "]", ",", "\"", "'", "#", "|", "&a", "*a", "\t", "é", "$"]
        var random = SeededRandom(seed: 7)
        for round in 0..<60 {
            var bytes = Array(seeds[round % seeds.count].utf8)
            for _ in 0..<(1 + Int(random.next() % 6)) {
                let at = Int(random.next() % UInt64(bytes.count + 1))
                switch random.next() % 3 {
                case 0 where at < bytes.count:
                    bytes.removeSubrange(at..<min(bytes.count, at + 1 + Int(random.next() % 8)))
                case 1:
                    bytes.insert(contentsOf: Array(pieces[Int(random.next() % UInt64(pieces.count))].utf8), at: at)
                default:
                    let end = min(bytes.count, at + Int(random.next() % 40))
                    bytes.insert(contentsOf: Array(bytes[at..<end]), at: at)
                }
            }
            let analysis = Pipeline.analyze(bytes: bytes)
            let count = analysis.lineTable.bytes.count
            for offset in 0...count {
                if let h = EditorServices.hover(analysis, at: offset) {
                    XCTAssertTrue(h.range.end <= count, "round \(round): hover range \(h.range)")
                }
                for c in EditorServices.completions(analysis, at: offset) {
                    XCTAssertTrue((c.replaceRange?.end ?? 0) <= count, "round \(round): replace range")
                }
            }
            _ = EditorServices.inlayHints(analysis, in: SourceRange(start: 0, end: count))
            _ = EditorServices.codeLenses(analysis)
        }
    }

    /// Services on a 5,000-line file answer without re-analysing it. (A hang guard in debug
    /// builds; the release figure is in docs/decisions.md.)
    func testLargeFile() {
        var doc = "viewports:\n  phone: {width: 320, height: 480}\n  tablet: {width: 1024, height: 768}\nbody:\n  vstack:\n"
        for i in 0..<1_250 {
            doc += "    - hstack:\n        - text: \"row \(i)\"\n          when: \"width > \(i % 700)\"\n        - spacer:\n"
        }
        let analysis = Pipeline.analyze(text: doc)
        XCTAssertGreaterThanOrEqual(analysis.lineTable.lineCount, 5_000)
        let middle = Cursor.range(of: "row 600", in: doc)!.start
        let start = DispatchTime.now().uptimeNanoseconds
        for delta in 0..<20 {
            XCTAssertNotNil(EditorServices.hover(analysis, at: middle + delta - 10))
        }
        _ = EditorServices.completions(analysis, at: middle)
        let hints = EditorServices.inlayHints(analysis, in: SourceRange(start: middle - 500, end: middle + 500))
        XCTAssertFalse(hints.isEmpty)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        XCTAssertLessThan(seconds, Fixtures.hangGuard(5))
    }
}
