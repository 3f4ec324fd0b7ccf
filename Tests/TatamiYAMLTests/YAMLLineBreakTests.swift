import Foundation
import TatamiBase
import TatamiTestSupport
import XCTest
@testable import TatamiYAML

/// libyaml counts LF, CR, NEL (U+0085), U+2028 and U+2029 as line breaks in its marks; a
/// `LineTable` breaks at LF only. Ranges must be exact whichever the text holds: every expected
/// offset below is counted by hand from the text, with `w` the break's length in bytes.
final class YAMLLineBreakTests: XCTestCase {
    struct Break {
        let name: String
        let text: String
        /// Its length in UTF-8 bytes.
        let w: Int
        /// What a break folds to in a flow or plain scalar, and what it stays in a block scalar:
        /// libyaml turns CR, CR LF and NEL into LF (then a space where it folds); it keeps
        /// U+2028 and U+2029 as they are.
        var folded: String { w == 3 ? text : " " }
        var kept: String { w == 3 ? text : "\n" }
    }

    static let breaks = [Break(name: "U+2028", text: "\u{2028}", w: 3), Break(name: "U+2029", text: "\u{2029}", w: 3),
                         Break(name: "NEL", text: "\u{85}", w: 2), Break(name: "lone CR", text: "\r", w: 1),
                         Break(name: "CRLF", text: "\r\n", w: 2)]

    /// Every node, in document order: kind (a scalar's value) and byte range.
    private func nodes(_ r: YAMLParseResult) -> [String] {
        var out: [String] = []
        var stack = r.root.map { [$0] } ?? []
        while let n = stack.popLast() {
            let at = "\(n.range.start)..<\(n.range.end)"
            switch n.content {
            case .scalar(let s): out.append("\(String(reflecting: s.text)) \(at)")
            case .sequence(let items):
                out.append("sequence \(at)")
                stack.append(contentsOf: items.reversed())
            case .mapping(let pairs):
                out.append("mapping \(at)")
                for p in pairs.reversed() { stack.append(contentsOf: [p.value, p.key]) }
            }
        }
        return out
    }

    func testQuotedScalars() {
        for b in Self.breaks {
            // a0 :1 2 "3 x4 X5 y(5+w) "(6+w) \n(7+w) b(8+w) :(9+w) 10+w z(11+w) \n(12+w)
            let w = b.w
            for quote in ["\"", "'"] {
                let r = YAMLParser.parse("a: \(quote)x\(b.text)y\(quote)\nb: z\n")
                XCTAssertEqual(r.diagnostics, [], b.name)
                XCTAssertEqual(nodes(r), ["mapping 0..<\(12 + w)", "\"a\" 0..<1", String(reflecting: "x\(b.folded)y") + " 3..<\(7 + w)",
                                          "\"b\" \(8 + w)..<\(9 + w)", "\"z\" \(11 + w)..<\(12 + w)"], "\(b.name) \(quote)")
                XCTAssertEqual(r.root?.pairs?[0].value.scalar?.valueRange, SourceRange(start: 4, end: 6 + w), b.name)
            }
        }
    }

    func testPlainScalar() {
        for b in Self.breaks {
            // a0 :1 2 x3 X4 (4+w) y(5+w) \n(6+w) b(7+w) :(8+w) 9+w z(10+w) \n(11+w): the line after
            // the break is indented one space, so it continues the scalar.
            let w = b.w
            let r = YAMLParser.parse("a: x\(b.text) y\nb: z\n")
            XCTAssertEqual(r.diagnostics, [], b.name)
            XCTAssertEqual(nodes(r), ["mapping 0..<\(11 + w)", "\"a\" 0..<1", String(reflecting: "x\(b.folded)y") + " 3..<\(6 + w)",
                                      "\"b\" \(7 + w)..<\(8 + w)", "\"z\" \(10 + w)..<\(11 + w)"], b.name)
        }
    }

    func testBlockScalars() {
        for b in Self.breaks {
            // a0 :1 2 |3 \n4 5 6 x7 X8 (8+w) (9+w) y(10+w) \n(11+w) b(12+w) :(13+w) 14+w z(15+w) \n(16+w);
            // a block scalar ends where the line after it starts.
            let w = b.w
            for (indicator, value) in [("|", "x\(b.kept)y\n"), (">", "x\(b.folded)y\n")] {
                let r = YAMLParser.parse("a: \(indicator)\n  x\(b.text)  y\nb: z\n")
                XCTAssertEqual(r.diagnostics, [], b.name)
                XCTAssertEqual(nodes(r), ["mapping 0..<\(16 + w)", "\"a\" 0..<1", String(reflecting: value) + " 3..<\(12 + w)",
                                          "\"b\" \(12 + w)..<\(13 + w)", "\"z\" \(15 + w)..<\(16 + w)"], "\(b.name) \(indicator)")
                XCTAssertEqual(r.root?.pairs?[0].value.scalar?.valueRange, SourceRange(start: 5, end: 12 + w), b.name)
            }
            // The break ends the header: a0 :1 2 |3 X4 (4+w) (5+w) x(6+w) \n(7+w) b(8+w) :(9+w) 10+w z(11+w) \n(12+w).
            let r = YAMLParser.parse("a: |\(b.text)  x\nb: z\n")
            XCTAssertEqual(r.diagnostics, [], b.name)
            XCTAssertEqual(nodes(r), ["mapping 0..<\(12 + w)", "\"a\" 0..<1", "\"x\\n\" 3..<\(8 + w)",
                                      "\"b\" \(8 + w)..<\(9 + w)", "\"z\" \(11 + w)..<\(12 + w)"], b.name)
            XCTAssertEqual(r.root?.pairs?[0].value.scalar?.valueRange, SourceRange(start: 4 + w, end: 8 + w), b.name)
        }
    }

    func testCommentsEndAtEveryBreak() throws {
        for b in Self.breaks {
            // a0 :1 2 1(3) 4 #5 6 c7 X8 b(8+w) :(9+w) 10+w 2(11+w) \n(12+w)
            let w = b.w
            let r = YAMLParser.parse("a: 1 # c\(b.text)b: 2\n")
            XCTAssertEqual(r.diagnostics, [], b.name)
            XCTAssertEqual(nodes(r), ["mapping 0..<\(12 + w)", "\"a\" 0..<1", "\"1\" 3..<4",
                                      "\"b\" \(8 + w)..<\(9 + w)", "\"2\" \(11 + w)..<\(12 + w)"], b.name)
            XCTAssertEqual(r.comments.map(\.range), [SourceRange(start: 5, end: 8)], b.name)
            XCTAssertEqual(r.comments.first?.placement, .trailing, b.name)
            XCTAssertTrue(r.comments.first?.node === r.root?.pairs?[0].value, b.name)

            // A comment on a line of its own, between two breaks:
            // a0 :1 2 1(3) X4 #(4+w) (5+w) c(6+w) X(7+w) b(7+2w) :(8+2w) 9+2w 2(10+2w) \n(11+2w)
            let own = YAMLParser.parse("a: 1\(b.text)# c\(b.text)b: 2\n")
            XCTAssertEqual(own.diagnostics, [], b.name)
            XCTAssertEqual(nodes(own), ["mapping 0..<\(11 + 2 * w)", "\"a\" 0..<1", "\"1\" 3..<4",
                                        "\"b\" \(7 + 2 * w)..<\(8 + 2 * w)", "\"2\" \(10 + 2 * w)..<\(11 + 2 * w)"], b.name)
            let comment = try XCTUnwrap(own.comments.first, b.name)
            XCTAssertEqual(own.comments.count, 1, b.name)
            XCTAssertEqual(comment.range, SourceRange(start: 4 + w, end: 7 + w), b.name)
            XCTAssertEqual(comment.placement, .leading, b.name)
            XCTAssertTrue(comment.standsAlone, b.name)
            XCTAssertTrue(comment.node === own.root?.pairs?[1].key, b.name)
            XCTAssertTrue(comment.keptWith === own.root?.pairs?[1].key, b.name)
        }
    }

    /// A suppression's line is an LF line, as diagnostics' lines are: after code and a separator
    /// it silences its own line; after only blanks and a separator, the next.
    func testASuppressionAfterABreakCountsLFLines() {
        for b in Self.breaks where b.name != "CRLF" {
            let afterCode = YAMLParser.parse("a: 1\(b.text)# tatami-ignore: x\nb: 2\n")
            XCTAssertEqual(afterCode.directives.map(\.standsAlone), [false], b.name)
            XCTAssertEqual(afterCode.comments.map(\.standsAlone), [true], "\(b.name): alone on YAML's line")
            let alone = YAMLParser.parse("a: 1\n  \(b.text)# tatami-ignore: x\nb: 2\n")
            XCTAssertEqual(alone.directives.map(\.standsAlone), [true], b.name)
        }
    }

    func testSyntaxErrorsAfterABreak() {
        for b in Self.breaks {
            let w = b.w
            // A tab starting a line: a0 :1 2 "3 x4 X5 y(5+w) "(6+w) \n(7+w) \t(8+w).
            let tab = YAMLParser.parse("a: \"x\(b.text)y\"\n\tb: 1\n")
            XCTAssertEqual(tab.diagnostics.map(\.code), [.yamlSyntax], b.name)
            XCTAssertEqual(tab.diagnostics.first?.range, SourceRange(start: 8 + w, end: 9 + w), b.name)
            XCTAssertTrue(tab.diagnostics.first?.message.contains("a tab") ?? false, b.name)
            // An unclosed quote, reported where it opens (libyaml's context mark): ... \n(7+w)
            // b(8+w) :(9+w) 10+w "(11+w).
            let quote = YAMLParser.parse("a: \"x\(b.text)y\"\nb: \"z\n")
            XCTAssertEqual(quote.diagnostics.map(\.code), [.yamlSyntax], b.name)
            XCTAssertEqual(quote.diagnostics.first?.range, SourceRange(start: 11 + w, end: 12 + w), b.name)
            // A control character, which libyaml's reader gives as a byte offset: "x4 X5 y(5+w) U+0001(6+w).
            let control = YAMLParser.parse("a: \"x\(b.text)y\u{1}\"\n")
            XCTAssertEqual(control.diagnostics.map(\.code), [.yamlSyntax], b.name)
            XCTAssertEqual(control.diagnostics.first?.range, SourceRange(start: 6 + w, end: 7 + w), b.name)
            XCTAssertTrue(control.diagnostics.first?.message.contains("(U+0001)") ?? false, control.diagnostics.first?.message ?? "")
            // A misaligned key: a0 :1 \n2 3 4 b5 :6 7 "8 x9 X10 y(10+w) "(11+w) \n(12+w) 13+w 14+w
            // c(15+w) :(16+w) 17+w 1(18+w) \n(19+w) 20+w d(21+w). Said in columns where the lines
            // read are the line table's (CR LF's, `y"` at column 0 among them), else in libyaml's words.
            let key = YAMLParser.parse("a:\n  b: \"x\(b.text)y\"\n  c: 1\n d: 1\n")
            XCTAssertEqual(key.diagnostics.map(\.code), [.yamlSyntax], b.name)
            XCTAssertEqual(key.diagnostics.first?.range, SourceRange(start: 21 + w, end: 22 + w), b.name)
            let message = key.diagnostics.first?.message ?? ""
            XCTAssertTrue(message.hasPrefix(b.name == "CRLF" ? "wrong indentation: expected column 3, like `c` on line 4"
                                                              : "did not find expected key"), message)
        }
    }

    func testBytesThatAreNotUTF8AreReportedWhereTheyAre() {
        // a0 :1 2 "3 x4 U+2028(5..<8) y8 0xFF(9).
        let r = YAMLParser.parse(bytes: Array("a: \"x\u{2028}y".utf8) + [0xFF, 0x22, 0x0A])
        XCTAssertEqual(r.diagnostics.map(\.code), [.yamlSyntax])
        XCTAssertEqual(r.diagnostics.first?.range, SourceRange(start: 9, end: 10))
        XCTAssertEqual(r.diagnostics.first?.message, "invalid leading UTF-8 octet")
    }

    /// A long non-ASCII scalar: the mark after it is further than the converter walks, so it is
    /// looked up; with a byte-order mark (3 bytes, not counted in libyaml's index) too.
    func testFarMarksAndAByteOrderMark() {
        let long = String(repeating: "é", count: 300)
        for bom in ["", "\u{FEFF}"] {
            let o = bom.utf8.count
            // a(o) :(o+1) o+2 "(o+3) é… (o+4..<o+604) "(o+604) \n(o+605) b(o+606) :(o+607) o+608
            // U+2028(o+609..<o+612) o+612 1(o+613) \n(o+614): b's value is on libyaml's next line.
            let r = YAMLParser.parse("\(bom)a: \"\(long)\"\nb: \u{2028} 1\n")
            XCTAssertEqual(r.diagnostics, [])
            XCTAssertEqual(r.root?.pairs?[0].value.range, SourceRange(start: o + 3, end: o + 605))
            XCTAssertEqual(r.root?.pairs?[1].key.range, SourceRange(start: o + 606, end: o + 607))
            XCTAssertEqual(r.root?.pairs?[1].value.range, SourceRange(start: o + 613, end: o + 614))
        }
    }

    /// The converter against the scalars of random texts, marks taken in random order (walks
    /// forward and back, lookups further away).
    func testMarkConverterAgainstTheScalars() {
        let pieces = ["a", " ", "é", "中", "😀", "\u{2028}", "\u{85}", "\r", "\n", "\r\n", String(repeating: "x", count: 40),
                      String(repeating: "é", count: 90)]
        var random = SeededRandom(seed: 2028)
        for round in 0..<60 {
            var text = round % 3 == 0 ? "\u{FEFF}" : ""
            for _ in 0..<Int.random(in: 0...80, using: &random) { text += pieces.randomElement(using: &random)! }
            // libyaml's index leaves the byte-order mark out.
            var starts: [Int] = []
            var o = 0
            for s in text.unicodeScalars {
                if !(o == 0 && s == "\u{FEFF}") { starts.append(o) }
                o += UTF8.width(s)
            }
            starts.append(o)
            var converter = MarkConverter(table: LineTable(text))
            var order = Array(starts.indices)
            for i in order.indices where Int.random(in: 0..<3, using: &random) == 0 {
                order.swapAt(i, Int.random(in: 0..<order.count, using: &random))
            }
            for index in order {
                XCTAssertEqual(converter.offset(index: index), starts[index], "round \(round), index \(index)")
            }
        }
    }

    /// Random documents whose lines end in any break libyaml counts (cut short at a random byte
    /// now and then): each node's range lies in its parent's and starts where its text does (a
    /// quote at a quoted scalar, a bracket at a flow collection, an indicator at a block scalar),
    /// a plain scalar on one line is its value, and comments hold no break.
    func testRandomDocumentsGiveRangesThatFitTheirText() {
        var random = SeededRandom(seed: 8232)
        var checked = 0
        for round in 0..<1_000 {
            var text = round % 5 == 0 ? "\u{FEFF}" : ""
            Self.randomMapping(indent: 0, depth: 0, into: &text, &random)
            var bytes = Array(text.utf8)
            if round % 4 == 3 { bytes = Array(bytes[..<Int.random(in: 0...bytes.count, using: &random)]) }
            let r = YAMLParser.parse(bytes: bytes)
            if round % 4 != 3 { XCTAssertEqual(r.diagnostics.map(\.message), [], "round \(round): \(String(reflecting: text))") }
            checked += checkRanges(r, round: round)
        }
        XCTAssertGreaterThan(checked, 10_000)
    }

    private static let terminators = ["\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"]
    private static let scalars = ["plain", "é x", "中文", "\"q\u{2028}r\"", "'s\u{85}t'", "\"\\L \\u00e9\"", "[1, é]", "{k: v, é: w}",
                                  "v # c", "\"é\" # ç", "''", "~"]

    /// A block mapping at `indent`: scalar values, block scalars, nested mappings and lists.
    private static func randomMapping(indent: Int, depth: Int, into text: inout String, _ random: inout SeededRandom) {
        let pad = String(repeating: " ", count: indent)
        func end() -> String { terminators.randomElement(using: &random)! }
        for k in 0..<Int.random(in: 1...4, using: &random) {
            text += pad + (k % 2 == 0 ? "k\(k)" : "ké\(k)") + ":"
            switch depth < 3 ? Int.random(in: 0..<6, using: &random) : 0 {
            case 1:
                text += end()
                randomMapping(indent: indent + 2, depth: depth + 1, into: &text, &random)
            case 2:
                text += end()
                for _ in 0..<Int.random(in: 1...3, using: &random) { text += pad + "  - " + scalars.randomElement(using: &random)! + end() }
            case 3:
                text += " " + ["|", ">", "|-", ">+"].randomElement(using: &random)! + end()
                for _ in 0..<Int.random(in: 1...3, using: &random) { text += pad + "  l\u{E9}ne" + end() }
            case 4:
                text += end() + pad + "  # a comment" + end()
                text += pad + "  x: " + scalars.randomElement(using: &random)! + end()
            default:
                text += " " + scalars.randomElement(using: &random)! + end()
            }
        }
    }

    /// Checks every node of `r` and its comments; returns how many nodes it checked.
    private func checkRanges(_ r: YAMLParseResult, round: Int) -> Int {
        let bytes = r.lineTable.bytes
        var checked = 0
        var stack = r.root.map { [($0, SourceRange(start: 0, end: bytes.count))] } ?? []
        while let (n, parent) = stack.popLast() {
            checked += 1
            let g = n.range
            XCTAssertTrue(parent.start <= g.start && g.start <= g.end && g.end <= parent.end, "round \(round): \(g) in \(parent)")
            let first = g.start < bytes.count ? bytes[g.start] : 0
            switch n.content {
            case .scalar(let s):
                let expected: [ScalarStyle: Character] = [.doubleQuoted: "\"", .singleQuoted: "'", .literal: "|", .folded: ">"]
                if let c = expected[s.style] { XCTAssertEqual(first, c.asciiValue, "round \(round) at \(g.start)") }
                let source = bytes[g.start..<g.end]
                if s.style == .plain && !source.indices.contains(where: { YAMLLineBreaks.length(bytes, at: $0) > 0 }) {
                    XCTAssertEqual(String(decoding: source, as: UTF8.self), s.text, "round \(round)")
                }
            case .sequence(let items):
                if n.isFlow { XCTAssertEqual(first, UInt8(ascii: "["), "round \(round)") }
                stack.append(contentsOf: items.map { ($0, g) })
            case .mapping(let pairs):
                if n.isFlow { XCTAssertEqual(first, UInt8(ascii: "{"), "round \(round)") }
                for p in pairs { stack.append(contentsOf: [(p.key, g), (p.value, g)]) }
            }
        }
        for c in r.comments {
            XCTAssertEqual(bytes[c.range.start], UInt8(ascii: "#"), "round \(round)")
            XCTAssertFalse((c.range.start..<c.range.end).contains { YAMLLineBreaks.length(bytes, at: $0) > 0 }, "round \(round)")
        }
        return checked
    }

}
