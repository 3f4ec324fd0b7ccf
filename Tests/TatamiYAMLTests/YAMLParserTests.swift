import Foundation
import TatamiBase
import TatamiTestSupport
import XCTest
@testable import TatamiYAML

final class YAMLParserTests: XCTestCase {
    private func dump(_ text: String) -> String {
        let r = YAMLParser.parse(text)
        return r.root?.dump(r.lineTable) ?? "<nil>\n"
    }

    private func codes(_ text: String) -> [String] {
        YAMLParser.parse(text).diagnostics.map(\.code.name)
    }

    /// Ranges are 1-based line:column with columns counting Unicode scalars; ends are exclusive.
    /// A quoted scalar's node range includes its quotes: `"a b"` spans columns 7–11, so it ends at 4:12.
    func testTreeWithRanges() {
        let text = "body:\n  hstack:\n    - text: Hi\n    - \"a b\"\n"
        XCTAssertEqual(dump(text), """
        mapping @1:1-4:12
          key: scalar "body" @1:1-1:5
            mapping @2:3-4:12
              key: scalar "hstack" @2:3-2:9
                sequence @3:5-4:12
                  - mapping @3:7-3:15
                    key: scalar "text" @3:7-3:11
                      scalar "Hi" @3:13-3:15
                  - scalar "a b" @4:7-4:12

        """)
    }

    func testFlowCollectionsEndAfterTheirBracket() {
        XCTAssertEqual(dump("size: [20, 20]\n"), """
        mapping @1:1-1:15
          key: scalar "size" @1:1-1:5
            sequence @1:7-1:15
              - scalar "20" @1:8-1:10
              - scalar "20" @1:12-1:14

        """)
    }

    func testUnicodeColumnsCountScalars() {
        let r = YAMLParser.parse("a: é😀x\nb: 中文\n")
        let pairs = r.root!.pairs!
        // "é😀x" starts at byte 3 and is 2+4+1 bytes long.
        XCTAssertEqual(pairs[0].value.range, SourceRange(start: 3, end: 10))
        XCTAssertEqual(r.lineTable.scalarPosition(ofByte: pairs[0].value.range.end).column, 6)
        XCTAssertEqual(pairs[1].value.range, SourceRange(start: 14, end: 20))
    }

    func testByteOrderMarkIsSkippedButOffsetsStayExact() {
        let r = YAMLParser.parse("\u{FEFF}a: 1\n")
        XCTAssertTrue(r.diagnostics.isEmpty)
        let pair = r.root!.pairs![0]
        // The BOM is 3 bytes: "a" is at byte 3.
        XCTAssertEqual(pair.key.range, SourceRange(start: 3, end: 4))
        XCTAssertEqual(pair.value.range, SourceRange(start: 6, end: 7))
    }

    /// A file in UTF-16 or UTF-32 (with or without a byte-order mark) gets one error naming its
    /// encoding, over its mark or first character, and no tree: libyaml would decode UTF-16 after
    /// a mark, but every offset here counts UTF-8 bytes.
    func testOtherEncodingsAreNamed() {
        let text = "body:\n  text: hi\n"
        let utf16LE: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { u -> [UInt8] in [UInt8(u & 0xFF), UInt8(u >> 8)] }
        let utf16BE: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { u -> [UInt8] in [UInt8(u >> 8), UInt8(u & 0xFF)] }
        let utf32LE: [UInt8] = [0xFF, 0xFE, 0, 0] + text.unicodeScalars.flatMap { s -> [UInt8] in
            let v = s.value
            return [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)]
        }
        let cases: [([UInt8], String, Int)] = [
            (utf16LE, "UTF-16LE", 2), (utf16BE, "UTF-16BE", 2), (Array(utf16LE.dropFirst(2)), "UTF-16LE", 2),
            (Array(utf16BE.dropFirst(2)), "UTF-16BE", 2), (utf32LE, "UTF-32LE", 4), (Array(utf32LE.dropFirst(4)), "UTF-32LE", 4),
        ]
        for (bytes, name, length) in cases {
            let r = YAMLParser.parse(bytes: bytes)
            XCTAssertNil(r.root, name)
            XCTAssertEqual(r.diagnostics.map(\.code.name), ["yaml-syntax"], name)
            XCTAssertEqual(r.diagnostics.first?.range, SourceRange(start: 0, end: length), name)
            XCTAssertTrue(r.diagnostics.first?.message.hasPrefix("the file is \(name), not UTF-8") ?? false, name)
        }
        // UTF-8, with or without its mark, is read as before.
        for bytes: [UInt8] in [Array(text.utf8), [0xEF, 0xBB, 0xBF] + Array(text.utf8)] {
            let r = YAMLParser.parse(bytes: bytes)
            XCTAssertNotNil(r.root)
            XCTAssertEqual(r.diagnostics.count, 0)
        }
    }

    func testCRLFLineEnds() {
        let r = YAMLParser.parse("a: 1\r\nb: two\r\n")
        XCTAssertTrue(r.diagnostics.isEmpty)
        let b = r.root!.pairs![1]
        XCTAssertEqual(b.key.range, SourceRange(start: 6, end: 7))
        XCTAssertEqual(b.value.range, SourceRange(start: 9, end: 12))
        XCTAssertEqual(b.value.scalar?.text, "two")
    }

    func testTabIndentationIsASyntaxErrorAtTheTab() {
        let r = YAMLParser.parse("a:\n\tb: 1\n")
        XCTAssertEqual(r.diagnostics.map(\.code), [.yamlSyntax])
        XCTAssertEqual(r.diagnostics[0].range, SourceRange(start: 3, end: 4))
        XCTAssertTrue(r.diagnostics[0].message.contains("tab"), r.diagnostics[0].message)
        XCTAssertFalse(r.isComplete)
    }

    func testSyntaxErrorKeepsPartialTree() {
        let r = YAMLParser.parse("a: 1\nb: [1, 2\nc: 3\n")
        XCTAssertEqual(r.diagnostics.map(\.code), [.yamlSyntax])
        XCTAssertEqual(r.root?.pairs?.first?.key.keyText, "a")
        let line = r.lineTable.scalarPosition(ofByte: r.diagnostics[0].range.start).line
        XCTAssertGreaterThanOrEqual(line, 1)
        XCTAssertFalse(r.diagnostics[0].message.isEmpty)
    }

    /// An unclosed quote or bracket is reported where it opens (the place to fix), with the
    /// place libyaml gave up as related information.
    func testUnclosedQuoteAndBracketsAreReportedWhereTheyOpen() {
        func check(_ text: String, opener: String, message: String, file: StaticString = #filePath, line: UInt = #line) {
            let r = YAMLParser.parse(text)
            XCTAssertEqual(r.diagnostics.map(\.code), [.yamlSyntax], file: file, line: line)
            guard let d = r.diagnostics.first else { return }
            let open = text.utf8.firstIndex(of: opener.utf8.first!)!
            let offset = text.utf8.distance(from: text.utf8.startIndex, to: open)
            XCTAssertEqual(d.range, SourceRange(start: offset, end: offset + 1), d.message, file: file, line: line)
            XCTAssertTrue(d.message.contains(message), d.message, file: file, line: line)
            XCTAssertEqual(d.related.count, 1, file: file, line: line)
            XCTAssertGreaterThan(d.related.first?.range.start ?? 0, offset, file: file, line: line)
            XCTAssertTrue(d.related.first?.message.hasPrefix("the YAML parser gave up here") ?? false, file: file, line: line)
        }
        check("a: 1\nb: \"open\nc: 3\nd: 4\n", opener: "\"", message: "this quote is never closed")
        check("a: 1\nb: 'open\nc: 3\n", opener: "'", message: "this quote is never closed")
        check("a: 1\nb: [1, 2\nc: 3\n", opener: "[", message: "this `[` is never closed")
        check("a: 1\nb: {x: 1\nc: 3\n", opener: "{", message: "this `{` is never closed")
        // Other errors keep libyaml's place.
        let r = YAMLParser.parse("a: 1\n  b: 2\n")
        XCTAssertEqual(r.diagnostics.map(\.code), [.yamlSyntax])
        XCTAssertFalse(r.diagnostics[0].message.contains("never closed"))
    }

    func testDuplicateKeyPointsAtSecondWithRelatedFirst() {
        let r = YAMLParser.parse("a: 1\nb: 2\na: 3\n")
        XCTAssertEqual(r.diagnostics.map(\.code), [.duplicateKey])
        XCTAssertEqual(r.diagnostics[0].range, SourceRange(start: 10, end: 11))
        XCTAssertEqual(r.diagnostics[0].related.first?.range, SourceRange(start: 0, end: 1))
        XCTAssertTrue(r.diagnostics[0].message.contains("line 1"))
    }

    /// Keys are the same when their bytes are: a precomposed é and e + U+0301 are two keys, in
    /// a mapping of 2 keys and in one of 22 (large mappings are checked through a dictionary,
    /// which once merged canonically equivalent spellings); repeated bytes are one key in both.
    func testDuplicateKeysCompareBytesInSmallAndLargeMappings() {
        for filler in [0, 20] {
            let head = (0..<filler).map { "f\($0): 0\n" }.joined()
            let distinct = YAMLParser.parse(head + "\u{E9}: 1\ne\u{301}: 2\n")
            XCTAssertEqual(distinct.diagnostics.map(\.code), [], "\(filler + 2) keys")
            XCTAssertEqual(distinct.root?.pairs?.count, filler + 2)
            let repeated = YAMLParser.parse(head + "\u{E9}: 1\n\u{E9}: 2\ne\u{301}: 3\ne\u{301}: 4\n")
            XCTAssertEqual(repeated.diagnostics.map(\.code), [.duplicateKey, .duplicateKey], "\(filler + 4) keys")
        }
    }

    func testMultipleDocuments() {
        let r = YAMLParser.parse("a: 1\n---\nb: 2\n")
        XCTAssertEqual(r.diagnostics.map(\.code), [.multipleDocuments])
        XCTAssertEqual(r.diagnostics[0].range.start, 5)
        XCTAssertEqual(r.root?.pairs?.count, 1)
    }

    func testAliasesShareTheAnchoredNode() {
        let r = YAMLParser.parse("a: &x {k: 1}\nb: *x\n")
        XCTAssertTrue(r.diagnostics.isEmpty)
        let pairs = r.root!.pairs!
        XCTAssertTrue(pairs[0].value === pairs[1].value)
    }

    func testAliasBombIsTooComplexAndFast() {
        var text = "a0: [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1...9 {
            text += "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        text = text.replacingOccurrences(of: "a0: [", with: "a0: &a0 [")
        let start = DispatchTime.now()
        let r = YAMLParser.parse(text)
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
        XCTAssertEqual(r.diagnostics.map(\.code), [.tooComplex])
        XCTAssertLessThan(ms, Fixtures.hangGuard(2) * 1000, "hang guard")
    }

    func testAliasWithinBudgetIsFine() {
        let r = YAMLParser.parse("a: &a [1, 2, 3]\nb: [*a, *a, *a]\n", limits: YAMLLimits(maxAliasExpansion: 12))
        XCTAssertTrue(r.diagnostics.isEmpty)  // 3 aliases × 4 nodes = 12
        let r2 = YAMLParser.parse("a: &a [1, 2, 3]\nb: [*a, *a, *a, *a]\n", limits: YAMLLimits(maxAliasExpansion: 12))
        XCTAssertEqual(r2.diagnostics.map(\.code), [.tooComplex])
    }

    func testNestingLimit() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let r = YAMLParser.parse(deep)
        XCTAssertEqual(r.diagnostics.map(\.code), [.tooComplex])
        XCTAssertEqual(r.diagnostics[0].range.start, 4_000)  // the 4,001st `[`
        let ok = String(repeating: "[", count: 4_000) + String(repeating: "]", count: 4_000)
        XCTAssertTrue(YAMLParser.parse(ok).diagnostics.isEmpty)
    }

    func testQuotedScalarOffsetMaps() {
        let r = YAMLParser.parse("a: \"x\\ty é\"\nb: 'it''s'\nc: plain words\n")
        let pairs = r.root!.pairs!
        let dq = pairs[0].value.scalar!
        XCTAssertEqual(dq.text, "x\ty é")
        XCTAssertEqual(dq.valueRange, SourceRange(start: 4, end: 11))
        // value bytes: x(0) \t(1) y(2) ' '(3) é(4,5); "\t" is 2 source bytes at 5..<7.
        XCTAssertEqual(dq.sourceRange(ofValueBytes: 1..<2), SourceRange(start: 5, end: 7))
        XCTAssertEqual(dq.sourceRange(ofValueBytes: 2..<3), SourceRange(start: 7, end: 8))
        let sq = pairs[1].value.scalar!
        XCTAssertEqual(sq.text, "it's")
        // value "s" (byte 3) is source byte 17+4 = 21 ('' took two).
        XCTAssertEqual(sq.sourceRange(ofValueBytes: 3..<4), SourceRange(start: 21, end: 22))
        let plain = pairs[2].value.scalar!
        XCTAssertEqual(plain.sourceRange(ofValueBytes: 6..<11), SourceRange(start: 33, end: 38))
    }

    func testBlockScalarValueRange() {
        let r = YAMLParser.parse("t: |\n  line one\n  line two\n")
        let s = r.root!.pairs![0].value.scalar!
        XCTAssertEqual(s.text, "line one\nline two\n")
        XCTAssertEqual(s.style, .literal)
        XCTAssertEqual(s.valueRange.start, 5)
        XCTAssertTrue(s.offsetMap.isEmpty)
    }

    func testHostileInputsNeverCrash() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let n = Int.random(in: 0..<200, using: &generator)
            let bytes = (0..<n).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let r = YAMLParser.parse(bytes: bytes)
            for d in r.diagnostics {
                XCTAssertLessThanOrEqual(d.range.end, bytes.count)
            }
        }
        // Structured junk from YAML's own punctuation.
        let alphabet = Array("[]{}:,-?&*!|>'\"#%@` \n\tab1")
        for _ in 0..<300 {
            let s = String((0..<Int.random(in: 0..<80)).map { _ in alphabet.randomElement()! })
            _ = YAMLParser.parse(s)
        }
        XCTAssertEqual(codes(""), [])
        XCTAssertNil(YAMLParser.parse("").root)
        XCTAssertEqual(codes("\u{0}"), ["yaml-syntax"])
        XCTAssertEqual(codes("a: \u{FFFD}\u{1}"), ["yaml-syntax"])
    }

    /// One line of 50,000 items, ASCII and not: libyaml's marks on a non-ASCII line are converted
    /// to byte offsets from the last one (`MarkConverter`), not counted from the line's start.
    func testOneLongLineIsLinear() {
        for letter in ["v", "é"] {
            let items = (0..<50_000).map { "\(letter)\($0)" }.joined(separator: ", ")
            let start = DispatchTime.now()
            let r = YAMLParser.parse("a: [" + items + "]\n")
            let ms = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
            XCTAssertEqual(r.root?.pairs?.first?.value.items?.count, 50_000, letter)
            XCTAssertEqual(r.root?.pairs?.first?.value.items?.last?.range.end, r.lineTable.bytes.count - 2, letter)
            XCTAssertLessThan(ms, Fixtures.hangGuard(3) * 1000, "hang guard, \(letter)")
        }
    }
}
