import Foundation
import TatamiBase
import TatamiServices
import TatamiTestSupport
import XCTest

/// Inlay hints: each view's size in the first viewport, at the end of its kind key's line.
final class InlayHintTests: XCTestCase {
    static let doc = """
        viewports:
          phone: {width: 320, height: 480}
          tablet: {width: 1000, height: 480}
        body:
          hstack:
            - text: Hello
            - color: red
              frame: {width: 30, height: 10}
            - Wide
        """

    func testSizesInTheFirstViewportAfterTheKindKeysValue() {
        let analysis = Pipeline.analyze(text: Self.doc)
        let hints = EditorServices.inlayHints(analysis, in: SourceRange(start: 0, end: Self.doc.utf8.count))
        // phone, 320×480. "Hello" 40×16; the colour's fixed frame 30×10; "Wide" 32×16.
        // hstack (§7.1): spacing 2 × 8 = 16, remaining 320 − 16 = 304. Flexibility: the frame
        // 0; at width 0 a text holds one cell per line, so "Wide" 8…32 (24) and "Hello" 8…40
        // (32). The colour first, offered 304 / 3, takes 30; "Wide", offered 274 / 2, takes 32;
        // "Hello", offered 242, takes 40. Width 30 + 32 + 40 + 16 = 118, height 16.
        func end(of needle: String) -> Int { Cursor.range(of: needle, in: Self.doc)!.end }
        XCTAssertEqual(hints, [
            InlayHintInfo(offset: end(of: "hstack:"), label: "118×16"),
            InlayHintInfo(offset: end(of: "text: Hello"), label: "40×16"),
            InlayHintInfo(offset: end(of: "color: red"), label: "30×10"),
            InlayHintInfo(offset: end(of: "- Wide"), label: "32×16"),
        ])
    }

    func testOnlyViewsWhoseKindKeyIsInTheRange() {
        let analysis = Pipeline.analyze(text: Self.doc)
        let line = Cursor.range(of: "    - color: red", in: Self.doc)!
        let hints = EditorServices.inlayHints(analysis, in: line)
        XCTAssertEqual(hints.map(\.label), ["30×10"])
        // A range holding part of a kind key only: nothing.
        let part = Cursor.range(of: "colo", in: Self.doc)!
        XCTAssertEqual(EditorServices.inlayHints(analysis, in: part), [])
    }

    func testAbsentViewsAndNoLayoutGiveNoHints() {
        let doc = "body:\n  vstack:\n    - text: a\n      when: \"width > 500\"\n    - text: bb\n"
        let analysis = Pipeline.analyze(text: doc)
        // The default viewport is 320 wide: "a" is absent, "bb" is 16×16 and the vstack too.
        XCTAssertEqual(EditorServices.inlayHints(analysis, in: SourceRange(start: 0, end: doc.utf8.count)).map(\.label),
                       ["16×16", "16×16"])
        let unlaid = Pipeline.analyze(text: doc, layout: false)
        XCTAssertEqual(EditorServices.inlayHints(unlaid, in: SourceRange(start: 0, end: doc.utf8.count)), [])
    }

    func testComponentBodiesShowTheFirstInstance() {
        let doc = """
            components:
              Tag:
                params: {n: {type: string}}
                body:
                  text: $n
            body:
              vstack:
                - Tag: {n: abc}
                - Tag: {n: a}
            """
        let analysis = Pipeline.analyze(text: doc)
        let hints = EditorServices.inlayHints(analysis, in: SourceRange(start: 0, end: doc.utf8.count))
        // The body's text: the first instance's "abc", 24×16; the instances 24×16 and 8×16;
        // the vstack 24 wide, 16 + 8 + 16 = 40 tall.
        XCTAssertEqual(hints.map(\.label), ["24×16", "24×40", "24×16", "8×16"])
        XCTAssertEqual(hints.first?.offset, Cursor.range(of: "text: $n", in: doc)!.end)
    }

    /// Issue 13: the walk looked for each key's kind key among all the mapping's keys, and for
    /// each argument among all the component's parameters, so an instance with 30,000
    /// arguments took quadratic time. The hint of the view in the last argument is still found.
    func testManyArgumentsAndKeysTakeLinearTime() {
        let count = 30_000
        var doc = "components:\n  Card:\n    params:\n"
        for i in 0..<count { doc += "      p\(i): {type: string}\n" }
        doc += "      slot: {type: view}\n    body:\n      vstack: [{text: $p0}, $slot]\nbody:\n  Card:\n"
        for i in 0..<count { doc += "    p\(i): v\n" }
        doc += "    slot:\n      text: hi\n"
        let analysis = Pipeline.analyze(text: doc)
        XCTAssertEqual(analysis.diagnostics.filter { $0.severity == .error }.map(\.message), [])
        let start = Date()
        let hints = EditorServices.inlayHints(analysis, in: SourceRange(start: 0, end: doc.utf8.count))
        let seconds = Date().timeIntervalSince(start)
        // "hi": 2 cells of 8 points, one line of 16.
        XCTAssertEqual(hints.last, InlayHintInfo(offset: Cursor.range(of: "text: hi", in: doc)!.end, label: "16×16"))
        XCTAssertLessThan(seconds, Fixtures.hangGuard(10), "hang guard")
    }
}
