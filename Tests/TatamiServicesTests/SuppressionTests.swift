import TatamiBase
import TatamiServices
import XCTest

/// `# tatami-ignore: code` and `# tatami-ignore-file: code` (docs/format.md §11).
final class SuppressionTests: XCTestCase {
    private func codes(_ text: String) -> [String] {
        Pipeline.analyze(text: text).diagnostics.map(\.code.name)
    }

    // The text is cut in a 40-point-wide viewport (text-truncated), and `colour` is an unknown
    // key; the colour takes the rest of the 100-point height, so nothing else is reported.
    private let base = """
        viewports:
          v: {width: 40, height: 100}
        body:
          vstack:
            - text: far too long to fit LINE
              lineLimit: 1
            - color: red
              colour: blue
        """

    /// A name that is no code silences nothing and is warned about where it is written, with
    /// the closest code as a fix; known codes in the same comment still work.
    func testUnknownCodesInCommentsAreWarned() {
        let text = base.replacingOccurrences(of: " LINE", with: "  # tatami-ignore: text-truncatd, overflow")
        let diagnostics = Pipeline.analyze(text: text).diagnostics
        XCTAssertEqual(diagnostics.map(\.code.name), ["text-truncated", "unknown-code", "unknown-key"])
        let warning = diagnostics[1]
        let bytes = Array(text.utf8)
        XCTAssertEqual(String(decoding: bytes[warning.range.start..<warning.range.end], as: UTF8.self), "text-truncatd")
        XCTAssertEqual(warning.fixes.map(\.replacement), ["text-truncated"])
        // Applying the fix silences the text too (the unknown key is on another line).
        let fixed = String(decoding: bytes[..<warning.range.start] + Array("text-truncated".utf8) + bytes[warning.range.end...], as: UTF8.self)
        XCTAssertEqual(codes(fixed), ["unknown-key"])
        // File-wide comments are checked the same way; a name close to nothing gets no fix.
        let fileWide = "# tatami-ignore-file: zzzzzzzzzz\n" + base.replacingOccurrences(of: " LINE", with: "")
        let d = Pipeline.analyze(text: fileWide).diagnostics.filter { $0.code == .unknownCode }
        XCTAssertEqual(d.count, 1)
        XCTAssertEqual(d.first?.fixes.count, 0)
    }

    func testWithoutCommentsBothAreReported() {
        XCTAssertEqual(Set(codes(base.replacingOccurrences(of: " LINE", with: ""))), ["text-truncated", "unknown-key"])
    }

    func testSameLineSilencesThatLinesCodesOnly() {
        let text = base.replacingOccurrences(of: " LINE", with: "  # tatami-ignore: text-truncated")
        XCTAssertEqual(codes(text), ["unknown-key"])
        // A code that is not there silences nothing else.
        let other = base.replacingOccurrences(of: " LINE", with: "  # tatami-ignore: overflow")
        XCTAssertEqual(Set(codes(other)), ["text-truncated", "unknown-key"])
    }

    func testAloneOnTheLineAboveSilencesTheNextLine() {
        let text = base.replacingOccurrences(of: " LINE", with: "")
            .replacingOccurrences(of: "      colour: blue", with: "      # tatami-ignore: unknown-key, zero-size\n      colour: blue")
        XCTAssertEqual(codes(text), ["text-truncated"])
    }

    func testAloneTwoLinesAboveDoesNot() {
        let text = base.replacingOccurrences(of: " LINE", with: "")
            .replacingOccurrences(of: "    - color: red", with: "    # tatami-ignore: unknown-key\n    - color: red")
        XCTAssertEqual(Set(codes(text)), ["text-truncated", "unknown-key"])
    }

    func testFileWide() {
        let text = "# tatami-ignore-file: text-truncated, unknown-key\n" + base.replacingOccurrences(of: " LINE", with: "")
        XCTAssertEqual(codes(text), [])
    }

    func testAHashInsideAValueIsNotAComment() {
        // `#` not preceded by a space is part of the value (`#RRGGBB`), never a comment.
        let s = Suppressions(LineTable("a: x#tatami-ignore: unknown-key\n"))
        XCTAssertTrue(s.byLine.isEmpty)
        let t = Suppressions(LineTable("a: x # tatami-ignore: unknown-key\n  # tatami-ignore: a,b c\n"))
        XCTAssertEqual(t.byLine[0], ["unknown-key"])
        XCTAssertEqual(t.byLine[2], ["a", "b", "c"])
    }

    func testEveryHashOfALineAndTheLastLineAreSeen() {
        // A `#` in a value before the comment on the same line, lines without any, CRLF line
        // ends, and a comment on a last line without a line break.
        let text = "a: \"x#y\" # tatami-ignore: one\r\nb: 1\r\nc: \"#\"\r\n\r\nd: 2 # tatami-ignore: two"
        let s = Suppressions(LineTable(text))
        XCTAssertEqual(s.byLine, [0: ["one"], 4: ["two"]])
        XCTAssertTrue(s.fileWide.isEmpty)
        XCTAssertFalse(s.isEmpty)
        XCTAssertTrue(Suppressions(LineTable("a: 1\nb: \"#\"\n")).isEmpty)
    }
}
