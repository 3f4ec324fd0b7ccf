import Foundation
import TatamiServices
import XCTest

/// The line breaks YAML (libyaml) reads besides LF and CR LF: a CR alone, NEL (U+0085), U+2028
/// LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR (docs/format.md §15, "Blank lines and line
/// breaks", "Quoting").
final class FormatLineBreakTests: XCTestCase {
    private func format(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        let result = TatamiFormatter.format(text: text)
        if result.text == nil { XCTFail("not formatted: \(result.failure?.message ?? "")", file: file, line: line) }
        return result.text
    }

    /// NEL is a line break as CR LF is, in a scalar too (libyaml reads it as LF): it becomes LF.
    func testNELEndsLinesLikeLF() {
        XCTAssertEqual(format("body:\u{85}    text:   a\u{85}    # c\u{85}    font: title\u{85}"), "body:\n  text: a\n  # c\n  font: title\n")
        // In a quoted scalar it folds to a space, as LF does; in a block scalar it ends a line.
        XCTAssertEqual(format("body:\n  text: \"a\u{85}    b\"\n  font: |\u{85}    x\u{85}    y\n"), "body:\n  text: a b\n  font: |\n    x\n    y\n")
        // A comment ends at it.
        XCTAssertEqual(format("body:\n  text: a # c\u{85}  font: title\n"), "body:\n  text: a # c\n  font: title\n")
    }

    /// A string that holds U+2028 or U+2029 keeps quotes; written over two lines (the separator
    /// is a line break to YAML), it goes on one, double-quoted with escapes.
    func testSeparatorsInAStringAreEscaped() {
        XCTAssertEqual(format("body:\n  text: \"a\u{2028}b\"\n"), "body:\n  text: \"a\\u2028b\"\n")
        XCTAssertEqual(format("body:\n  text: 'a\u{2029}b'\n"), "body:\n  text: \"a\\u2029b\"\n")
        // A plain scalar over two lines: joined as YAML folds it, which keeps the separator.
        XCTAssertEqual(format("body:\n  text: a\u{2028}   b\n"), "body:\n  text: \"a\\u2028b\"\n")
        // An escape stays what it is.
        XCTAssertEqual(format("body:\n  text: \"a\\Lb\"\n"), "body:\n  text: \"a\\Lb\"\n")
    }

    /// Between values, or in a block scalar, a separator is a line break no LF can take the place
    /// of here: the file is left as it is, and the note says why.
    func testSeparatorsOutsideStringsLeaveTheFileAlone() {
        let cases = [("body:\u{2028}  text: a\n", "U+2028 LINE SEPARATOR outside values"),
                     ("body:\n  text: a # c\u{2029}  font: title\n", "U+2029 PARAGRAPH SEPARATOR outside values"),
                     ("body:\n  text: |\n    a\u{2028}    b\n", "a block scalar holding"),
                     ("body:\n  text: >\u{2029}    a\n", "a block scalar holding")]
        for (text, reason) in cases {
            let result = TatamiFormatter.format(text: text)
            XCTAssertEqual(result.failure?.kind, .unsupported, text)
            XCTAssertTrue(result.failure?.message.contains(reason) ?? false, result.failure?.message ?? "formatted")
            XCTAssertTrue(result.failure?.message.contains("which YAML reads as a line break") ?? false, result.failure?.message ?? "")
        }
    }
}
