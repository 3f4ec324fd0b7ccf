import TatamiBase
import TatamiServices
import XCTest

/// `EditorServices.selectionRanges`: the chain of enclosing YAML ranges, innermost first.
final class SelectionRangeTests: XCTestCase {
    static let text = """
        tatami: 1
        body:
          vstack:
            - text: "Hi there"
              font: title
            - divider:
          spacing: 4

        """

    private func chain(_ a: Analysis, at offset: Int) -> [String] {
        EditorServices.selectionRanges(a, at: [offset])[0].map { EditorTest.text(a, $0) }
    }

    func testFromAQuotedScalarToTheDocument() {
        let a = EditorTest.analyze(Self.text)
        let at = EditorTest.offset(of: "Hi", in: Self.text) + 1
        // Each step is the node (or key and value, or list item with its dash) around the last.
        XCTAssertEqual(chain(a, at: at), [
            "Hi there",
            "\"Hi there\"",
            "text: \"Hi there\"",
            "text: \"Hi there\"\n      font: title",
            "- text: \"Hi there\"\n      font: title",
            "- text: \"Hi there\"\n      font: title\n    - divider:",
            "vstack:\n    - text: \"Hi there\"\n      font: title\n    - divider:",
            "vstack:\n    - text: \"Hi there\"\n      font: title\n    - divider:\n  spacing: 4",
            "body:\n  vstack:\n    - text: \"Hi there\"\n      font: title\n    - divider:\n  spacing: 4",
            String(Self.text.dropLast()),   // the root mapping ends at its last scalar
            Self.text,                      // the document
        ])
    }

    func testEveryRangeContainsTheOneBefore() {
        let a = EditorTest.analyze(Self.text)
        for offset in 0...Self.text.utf8.count {
            let ranges = EditorServices.selectionRanges(a, at: [offset])[0]
            XCTAssertEqual(ranges.last, SourceRange(start: 0, end: Self.text.utf8.count))
            for (inner, outer) in zip(ranges, ranges.dropFirst()) {
                XCTAssertTrue(outer.start <= inner.start && inner.end <= outer.end && inner != outer, "\(offset): \(inner) in \(outer)")
            }
            XCTAssertTrue(ranges.first!.touches(offset), "\(offset)")
        }
    }

    func testAKeyAndTheDashAndTheEndOfAWord() {
        let a = EditorTest.analyze(Self.text)
        // On the key `font`: the key, then its pair.
        let font = EditorTest.offset(of: "font", in: Self.text)
        XCTAssertEqual(Array(chain(a, at: font).prefix(2)), ["font", "font: title"])
        // On the dash of the second item: the item with its dash.
        let dash = EditorTest.offset(of: "- divider", in: Self.text)
        XCTAssertEqual(chain(a, at: dash).first, "- divider:")
        // Just after `title` (the cursor at a word's end) selects the word.
        let end = EditorTest.offset(of: "title", in: Self.text) + 5
        XCTAssertEqual(chain(a, at: end).first, "title")
    }

    func testFlowCollectionsAndSeveralPositions() {
        let text = "body: {hstack: [{text: a}, {text: bb}]}\n"
        let a = EditorTest.analyze(text)
        let b = EditorTest.offset(of: "bb", in: text)
        let all = EditorServices.selectionRanges(a, at: [b, 0])
        XCTAssertEqual(all.count, 2)
        XCTAssertEqual(all[0].map { EditorTest.text(a, $0) }, [
            "bb", "text: bb", "{text: bb}", "[{text: a}, {text: bb}]", "hstack: [{text: a}, {text: bb}]",
            "{hstack: [{text: a}, {text: bb}]}", "body: {hstack: [{text: a}, {text: bb}]}", text,
        ])
        XCTAssertEqual(all[1].map { EditorTest.text(a, $0) }.first, "body")
    }

    func testAfterASyntaxErrorThePartialTreeStillGivesRanges() {
        let text = "body:\n  vstack:\n    - text: ok\n    - text: [unclosed\n"
        let a = EditorTest.analyze(text)
        XCTAssertTrue(a.diagnostics.contains { $0.code.name == "yaml-syntax" })
        let ok = EditorTest.offset(of: "ok", in: text)
        XCTAssertEqual(Array(chain(a, at: ok).prefix(3)), ["ok", "text: ok", "- text: ok"])
    }

    func testEmptyTextAndOffsetsOutside() {
        let empty = EditorTest.analyze("")
        XCTAssertEqual(EditorServices.selectionRanges(empty, at: [0, 5, -3]), [[.at(0)], [.at(0)], [.at(0)]])
        let a = EditorTest.analyze(Self.text)
        // Past the end: clamped to the end, which is in no node but the document.
        XCTAssertEqual(EditorServices.selectionRanges(a, at: [10_000])[0], [SourceRange(start: 0, end: Self.text.utf8.count)])
    }

    func testDeepNestingIsCutFromTheOutsideKeepingTheDocument() {
        // 300 nested flow lists: 301 ranges and the document, more than the bound.
        let depth = 300
        let text = String(repeating: "[", count: depth) + "x" + String(repeating: "]", count: depth) + "\n"
        let a = EditorTest.analyze(text)
        let ranges = EditorServices.selectionRanges(a, at: [depth])[0]
        XCTAssertEqual(ranges.count, EditorServices.maximumSelectionDepth)
        XCTAssertEqual(EditorTest.text(a, ranges[0]), "x")
        XCTAssertEqual(EditorTest.text(a, ranges[1]), "[x]")
        XCTAssertEqual(ranges.last, SourceRange(start: 0, end: text.utf8.count))
    }
}
