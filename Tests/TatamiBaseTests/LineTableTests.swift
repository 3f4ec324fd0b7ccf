import TatamiBase
import XCTest

final class LineTableTests: XCTestCase {
    func testLinesAndScalarColumns() {
        // "é" is 2 bytes, "😀" 4 bytes (2 UTF-16 units), "中" 3 bytes.
        let t = LineTable("ab\né😀x\r\n中\n")
        XCTAssertEqual(t.lineCount, 4)
        XCTAssertEqual(t.lineStarts, [0, 3, 12, 16])  // "ab\n" 3 bytes; "é😀x\r\n" 2+4+1+2 = 9; "中\n" 4
        // 'x' sits after "é😀": byte 3 + 2 + 4 = 9.
        XCTAssertEqual(t.scalarPosition(ofByte: 9).line, 1)
        XCTAssertEqual(t.scalarPosition(ofByte: 9).column, 2)
        XCTAssertEqual(t.utf16Position(ofByte: 9).column, 3)
        XCTAssertEqual(t.utf8Position(ofByte: 9).column, 6)
        XCTAssertEqual(t.byteOffset(line: 1, scalarColumn: 2), 9)
        XCTAssertEqual(t.byteOffset(line: 1, utf16Column: 3), 9)
        // Inside the surrogate pair: moved back to the emoji's start.
        XCTAssertEqual(t.byteOffset(line: 1, utf16Column: 2), 5)
        // Past the end of a CRLF line: clamped before the \r.
        XCTAssertEqual(t.byteOffset(line: 1, scalarColumn: 99), 10)
        XCTAssertEqual(t.contentRange(ofLine: 1), 3..<10)
        // Out of range lines clamp to the text.
        XCTAssertEqual(t.byteOffset(line: 99, utf16Column: 0), t.bytes.count)
        XCTAssertEqual(t.byteOffset(line: -1, utf16Column: 5), 0)
        XCTAssertEqual(t.line(ofByte: 10_000), 3)
        // utf8 column 3 falls inside the emoji (bytes 5..<9 of the text): moved back to its start.
        XCTAssertEqual(t.byteOffset(line: 1, utf8Column: 3), 5)
    }

    func testEmptyText() {
        let t = LineTable("")
        XCTAssertEqual(t.lineCount, 1)
        XCTAssertEqual(t.scalarPosition(ofByte: 0).line, 0)
        XCTAssertEqual(t.byteOffset(line: 0, utf16Column: 3), 0)
    }
}

final class SuggestionsTests: XCTestCase {
    func testClosest() {
        XCTAssertEqual(Suggestions.closest(to: "hstak", in: ["hstack", "vstack", "zstack"]), "hstack")
        XCTAssertEqual(Suggestions.closest(to: "HStack", in: ["hstack", "vstack"]), "hstack")
        XCTAssertEqual(Suggestions.closest(to: "paddign", in: ["padding", "frame"]), "padding")  // swap
        XCTAssertNil(Suggestions.closest(to: "banana", in: ["padding", "frame"]))
        XCTAssertEqual(Suggestions.distance(Array("kitten".unicodeScalars), Array("sitting".unicodeScalars)), 3)
    }

    func testFormatNumber() {
        XCTAssertEqual(formatNumber(196), "196")
        XCTAssertEqual(formatNumber(12.5), "12.5")
        XCTAssertEqual(formatNumber(1.0 / 3), "0.3333")
        // Huge values print in exponent form instead of trapping on the Int64 conversion.
        XCTAssertEqual(formatNumber(1e300), "1e+300")
        XCTAssertEqual(formatNumber(-1e300), "-1e+300")
        XCTAssertEqual(formatNumber(1e15), "1000000000000000")
        XCTAssertEqual(formatNumber(1e15 + 0.5), "1000000000000000.5")
        XCTAssertEqual(formatNumber(123_456_789_012_345), "123456789012345")
        XCTAssertEqual(formatNumber(.infinity), "inf")
        XCTAssertEqual(formatNumber(-0.25), "-0.25")
    }
}
