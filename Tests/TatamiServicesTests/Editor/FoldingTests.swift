import TatamiBase
import TatamiServices
import XCTest

/// `EditorServices.foldingRanges`.
final class FoldingTests: XCTestCase {
    private func folds(_ text: String) -> [String] {
        EditorServices.foldingRanges(EditorTest.analyze(text)).map { "\($0.startLine)-\($0.endLine)" }
    }

    func testEveryMultiLineCollectionFoldsFromItsKey() {
        let text = """
            viewports:
              phone: {width: 320,
                      height: 480}
            body:
              vstack:
                - text: a
                - hstack:
                    - text: b
                    - text: c
                  padding: 4
              id: root

            """
        XCTAssertEqual(folds(text), ["0-2", "1-2", "3-10", "4-9", "6-9"])
    }

    func testComponentsAndCommentsAndBlockTexts() {
        let text = """
            components:
              Card:
                params:
                  title: {type: string}
                body:
                  text: |
                    line one
                    line two
            # a comment
            body: {Card: {title: x}}

            """
        // `components` ends with the block text's last line, not at the comment.
        XCTAssertEqual(folds(text), ["0-7", "1-7", "2-3", "4-7"])
    }

    func testNothingToFold() {
        XCTAssertEqual(folds(""), [])
        XCTAssertEqual(folds("body: {text: a}\n"), [])
        XCTAssertEqual(folds("body:\n  text: a\n"), ["0-1"])
        // A partial tree folds what was built: the list ends with the unclosed `[`.
        XCTAssertEqual(folds("body:\n  vstack:\n    - text: a\n    - [\n"), ["0-3", "1-3"])
    }
}
