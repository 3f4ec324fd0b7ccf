import Foundation
import TatamiBase
import TatamiTestSupport
import XCTest

final class LineTableTests: XCTestCase {
    /// A table made from the last one across an edit is the table of the new text: random
    /// texts (CR LF, lone CR, non-ASCII, empty lines) and random replacements, inserted text with
    /// and without line breaks, at the ends and in the middle, in chains of edits.
    func testTableAcrossAnEditIsTheNewTextsTable() {
        var random = SeededRandom(seed: 5)
        let alphabet: [UInt8] = [0x61, 0x62, 0x0A, 0x0A, 0x0D, 0x20, 0xC3, 0xA9]
        func text(_ n: Int, ascii: Bool) -> [UInt8] {
            (0..<n).map { _ in ascii ? [0x61, 0x0A, 0x20].randomElement(using: &random)! : alphabet.randomElement(using: &random)! }
        }
        for round in 0..<200 {
            let ascii = round % 2 == 0
            var table = LineTable(bytes: text(Int.random(in: 0...80, using: &random), ascii: ascii))
            for step in 0..<6 {
                var bytes = table.bytes
                let a = Int.random(in: 0...bytes.count, using: &random), b = Int.random(in: a...min(bytes.count, a + 12), using: &random)
                let inserted = text(Int.random(in: 0...10, using: &random), ascii: ascii || step % 3 != 0)
                bytes.replaceSubrange(a..<b, with: inserted)
                let edited = LineTable(editing: table, replacing: a..<b, insertedCount: inserted.count, bytes: bytes)
                let fresh = LineTable(bytes: bytes)
                XCTAssertEqual(edited.lineStarts, fresh.lineStarts, "round \(round), step \(step)")
                XCTAssertEqual(edited.isASCII, fresh.isASCII, "round \(round), step \(step)")
                for o in 0...bytes.count {
                    let x = edited.utf16Position(ofByte: o), y = fresh.utf16Position(ofByte: o)
                    XCTAssertTrue(x.line == y.line && x.column == y.column, "round \(round), byte \(o)")
                }
                table = edited
            }
        }
    }

    /// The search from a hint gives the plain search's line for every offset and every hint:
    /// at, before and past the answer, at the first and last lines, with short and long lines.
    func testLineSearchFromAHint() {
        var random = SeededRandom(seed: 11)
        for round in 0..<40 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...120, using: &random) {
                bytes += [UInt8](repeating: 0x61, count: Int.random(in: 0...(round % 2 == 0 ? 3 : 40), using: &random))
                bytes.append(0x0A)
            }
            let table = LineTable(bytes: bytes)
            for o in stride(from: -1, through: bytes.count + 1, by: 1) {
                let expected = table.line(ofByte: o)
                for hint in [-1, 0, expected - 7, expected - 1, expected, expected + 1, table.lineCount - 1, table.lineCount] {
                    XCTAssertEqual(table.line(ofByte: o, from: hint), expected, "round \(round), offset \(o), hint \(hint)")
                }
            }
        }
    }

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

    // MARK: Against a naive converter

    /// What every conversion should give, computed from Swift's own view of the text (its
    /// lines, split at "\n" with a "\r" before it left out, and each line's scalars with their
    /// UTF-8 and UTF-16 lengths), written out for every offset and every column.
    private struct Reference {
        struct Character { var byte: Int; var utf8: Int; var utf16: Int }
        /// Each line: where its content starts and ends, and its scalars.
        var lines: [(start: Int, end: Int, characters: [Character])] = []
        /// (line, scalar column, UTF-16 column) of every byte offset: the characters starting
        /// before it on its line (the "\r" of a "\r\n" too, when the offset is the "\n").
        var positions: [(line: Int, scalar: Int, utf16: Int)] = []
        /// For each line, the byte offset of each column up to two past the line's width: the
        /// start of the character the column falls in (its first unit), or the line's end.
        var byUTF16: [[Int]] = []
        var byScalar: [[Int]] = []

        init(_ text: String) {
            var start = 0
            // Split as bytes: "\r\n" is one Swift Character, never equal to "\n".
            let split = Array(text.utf8).split(separator: 0x0A, omittingEmptySubsequences: false)
            for (number, line) in split.enumerated() {
                let crlf = line.last == 0x0D
                let content = String(decoding: crlf ? line.dropLast() : line, as: UTF8.self)
                var characters: [Character] = []
                var byte = start
                for scalar in content.unicodeScalars {
                    let utf8 = String(scalar).utf8.count
                    characters.append(Character(byte: byte, utf8: utf8, utf16: scalar.utf16.count))
                    byte += utf8
                }
                let end = byte
                lines.append((start, end, characters))
                // Every offset of the line, its "\r" and its "\n" included.
                var all = characters
                if crlf { all.append(Character(byte: end, utf8: 1, utf16: 1)) }
                var k = 0, scalars = 0, units = 0
                for o in start...(start + line.count) {
                    while k < all.count && all[k].byte < o {
                        scalars += 1
                        units += all[k].utf16
                        k += 1
                    }
                    positions.append((number, scalars, units))
                }
                let width16 = characters.reduce(0) { $0 + $1.utf16 }
                var utf16 = [Int](repeating: end, count: width16 + 3)
                var scalar = [Int](repeating: end, count: characters.count + 3)
                var column = 0
                for (i, c) in characters.enumerated() {
                    for u in column..<(column + c.utf16) { utf16[u] = c.byte }
                    scalar[i] = c.byte
                    column += c.utf16
                }
                byUTF16.append(utf16)
                byScalar.append(scalar)
                start += line.count + 1
            }
        }
    }

    /// Random texts with long lines (several column blocks), ASCII and not, "\r\n" and "\n"
    /// line ends, empty lines: every offset and every column of every line, both ways, in both
    /// units, as the reference converter has them.
    func testRandomTextsMatchTheNaiveConverter() {
        let pieces = ["a", "bc", "key: value", " ", "é", "中", "😀", "👩‍👩‍👧", "\u{301}", "\r\n", "\n", "\n\n", "\r", "Ω", "\u{10FFFF}",
                      String(repeating: "x", count: 130), String(repeating: "é", count: 70)]
        var random = SeededRandom(seed: 2024)
        for round in 0..<120 {
            let asciiOnly = round % 10 == 0
            var text = ""
            for _ in 0..<Int.random(in: 0...120, using: &random) {
                let piece = pieces.randomElement(using: &random)!
                if asciiOnly && piece.utf8.contains(where: { $0 >= 0x80 }) { continue }
                text += piece
            }
            let table = LineTable(text)
            let reference = Reference(text)
            XCTAssertEqual(table.isASCII, !text.utf8.contains { $0 >= 0x80 })
            XCTAssertEqual(table.lineCount, reference.lines.count, "round \(round)")
            let bytes = Array(text.utf8)
            XCTAssertEqual(reference.positions.count, bytes.count + 1)
            for o in 0...bytes.count {
                let want = reference.positions[o]
                let scalar = table.scalarPosition(ofByte: o), utf16 = table.utf16Position(ofByte: o)
                XCTAssertEqual(scalar.line, want.line, "round \(round), byte \(o)")
                XCTAssertEqual(scalar.column, want.scalar, "round \(round), byte \(o): scalar column")
                XCTAssertEqual(utf16.line, want.line, "round \(round), byte \(o)")
                XCTAssertEqual(utf16.column, want.utf16, "round \(round), byte \(o): UTF-16 column")
                if round % 4 == 0 { XCTAssertEqual(table.utf8Position(ofByte: o).column, o - reference.lines[want.line].start) }
            }
            for (l, line) in reference.lines.enumerated() {
                for (column, o) in reference.byUTF16[l].enumerated() {
                    XCTAssertEqual(table.byteOffset(line: l, utf16Column: column), o, "round \(round), line \(l), UTF-16 column \(column)")
                }
                for (column, o) in reference.byScalar[l].enumerated() {
                    XCTAssertEqual(table.byteOffset(line: l, scalarColumn: column), o, "round \(round), line \(l), scalar column \(column)")
                }
                XCTAssertEqual(table.byteOffset(line: l, utf16Column: Int.max), line.end)
                XCTAssertEqual(table.byteOffset(line: l, scalarColumn: -5), line.start)
            }
        }
    }

    /// `byteOffset(scalarIndex:)` (libyaml's mark index as a byte offset): the start of every
    /// scalar of random texts, counted across lines, and the text's end past the last one.
    func testScalarIndexes() {
        let pieces = ["a", "key: value", "é", "中", "😀", "\u{2028}", "\u{85}", "\r", "\n", String(repeating: "x", count: 130),
                      String(repeating: "é", count: 70)]
        var random = SeededRandom(seed: 85)
        for round in 0..<60 {
            var text = ""
            for _ in 0..<Int.random(in: 0...60, using: &random) { text += pieces.randomElement(using: &random)! }
            let table = LineTable(text)
            var o = 0
            for (n, s) in text.unicodeScalars.enumerated() {
                XCTAssertEqual(table.byteOffset(scalarIndex: n), o, "round \(round), scalar \(n)")
                o += UTF8.width(s)
            }
            let count = text.unicodeScalars.count
            XCTAssertEqual(table.byteOffset(scalarIndex: count), o)
            XCTAssertEqual(table.byteOffset(scalarIndex: count + 5), o)
            XCTAssertEqual(table.byteOffset(scalarIndex: -1), 0)
        }
    }

    /// Bytes that are not UTF-8: offsets → columns follow the documented rule (every byte that
    /// is not 10xxxxxx starts a character; one from 0xF0 up is two UTF-16 units), and columns →
    /// offsets stay on the line, never go backwards, and give at most the column asked for.
    func testBytesThatAreNotUTF8() {
        var random = SeededRandom(seed: 77)
        let alphabet: [UInt8] = [0x61, 0x0A, 0x0D, 0x80, 0xBF, 0xC3, 0xA9, 0xE4, 0xF0, 0x9F, 0xF8, 0xFF]
        for round in 0..<60 {
            let bytes = (0..<Int.random(in: 0...700, using: &random)).map { _ in
                round % 3 == 0 ? UInt8.random(in: 0...255, using: &random) : alphabet.randomElement(using: &random)!
            }
            let table = LineTable(bytes: bytes)
            for o in 0...bytes.count {
                let line = table.line(ofByte: o)
                let before = bytes[table.lineStarts[line]..<o]
                let scalars = before.filter { $0 & 0xC0 != 0x80 }.count
                XCTAssertEqual(table.scalarPosition(ofByte: o).column, scalars, "round \(round), byte \(o)")
                XCTAssertEqual(table.utf16Position(ofByte: o).column, scalars + before.filter { $0 >= 0xF0 }.count, "round \(round), byte \(o)")
            }
            for l in 0..<table.lineCount {
                let range = table.contentRange(ofLine: l)
                var last = range.lowerBound
                for column in 0...(range.count * 2 + 1) {
                    for utf16 in [false, true] {
                        let o = utf16 ? table.byteOffset(line: l, utf16Column: column) : table.byteOffset(line: l, scalarColumn: column)
                        XCTAssertTrue(range.contains(o) || o == range.upperBound, "round \(round), line \(l), column \(column)")
                        let back = utf16 ? table.utf16Position(ofByte: o).column : table.scalarPosition(ofByte: o).column
                        XCTAssertLessThanOrEqual(back, column, "round \(round), line \(l), column \(column)")
                        if utf16 {
                            XCTAssertGreaterThanOrEqual(o, last)
                            last = o
                        }
                    }
                }
                XCTAssertEqual(table.byteOffset(line: l, scalarColumn: range.count + 1), range.upperBound)
            }
        }
    }

    /// Issue 13: on a one-line file of 1.4 MB each conversion rescanned the line from its start,
    /// so converting every token took 11.5 s. A conversion now reads at most a block of the line
    /// whatever its length: 40,000 conversions each way on a 4 MB line, far inside the guard.
    func testConversionsOnOneLongLineDoNotRescanTheLine() {
        let unit = "{text: \"café 漢字 😀\"}, "
        let text = String(repeating: unit, count: 4_000_000 / unit.utf8.count)
        let count = text.utf8.count
        let deadline = Date().addingTimeInterval(Fixtures.hangGuard(10))
        let table = LineTable(text)
        var total = 0, done = 0
        for k in 0..<40_000 {
            let o = count - 1 - (k * 97) % (count / 2)
            let p = table.utf16Position(ofByte: o)
            total &+= p.column &+ table.scalarPosition(ofByte: o).column
            total &+= table.byteOffset(line: 0, utf16Column: p.column) &+ table.byteOffset(line: 0, scalarColumn: p.column)
            done += 1
            if k % 64 == 0 && Date() > deadline { break }
        }
        // A hang guard (the rescanning would take hours), stopped as soon as it is crossed.
        XCTAssertEqual(done, 40_000, "conversions done within \(Fixtures.hangGuard(10)) s")
        XCTAssertNotEqual(total, 0)
        // The last character of the text: its start is found from its column.
        let units16 = text.utf16.count
        XCTAssertEqual(table.utf16Position(ofByte: count).column, units16)
        XCTAssertEqual(table.byteOffset(line: 0, utf16Column: units16 - 1), count - 1)
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

    /// Ties are kept, so an ambiguous typo is not silently resolved to the first candidate.
    func testClosestAllKeepsTies() {
        XCTAssertEqual(Suggestions.closestAll(to: "stack", in: ["hstack", "vstack", "zstack", "text"]), ["hstack", "vstack", "zstack"])
        XCTAssertEqual(Suggestions.closestAll(to: "hstak", in: ["hstack", "vstack", "zstack"]), ["hstack"])
        XCTAssertEqual(Suggestions.closestAll(to: "banana", in: ["padding"]), [])
        XCTAssertEqual(Suggestions.alternatives(["a"]), "`a`")
        XCTAssertEqual(Suggestions.alternatives(["a", "b"]), "`a` or `b`")
        XCTAssertEqual(Suggestions.alternatives(["a", "b", "c"]), "`a`, `b` or `c`")
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
