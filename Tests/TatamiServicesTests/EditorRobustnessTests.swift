import Foundation
import TatamiBase
import TatamiServices
import XCTest

/// Every editor service at every offset of half-typed and broken documents: no crash, no hang,
/// and every range they return lies inside the text.
final class EditorRobustnessTests: XCTestCase {
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
            XCTAssertLessThan(seconds, 5, "took \(seconds) s on \(doc.debugDescription)")
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
        let middle = Marked.range(of: "row 600", in: doc)!.start
        let start = DispatchTime.now().uptimeNanoseconds
        for delta in 0..<20 {
            XCTAssertNotNil(EditorServices.hover(analysis, at: middle + delta - 10))
        }
        _ = EditorServices.completions(analysis, at: middle)
        let hints = EditorServices.inlayHints(analysis, in: SourceRange(start: middle - 500, end: middle + 500))
        XCTAssertFalse(hints.isEmpty)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        XCTAssertLessThan(seconds, 5)
    }
}
