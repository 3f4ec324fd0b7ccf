@testable import TatamiRender
import Foundation
import TatamiLayout
import TatamiServices
import TatamiTestSupport
import XCTest

/// `--ascii` draws only ASCII: the file's own non-ASCII characters get stand-ins of the same
/// width (issue 15, item 7; the rule is in `ASCIIStandIn` and docs/render.md).
final class ASCIIStandInTests: XCTestCase {
    private func standIn(_ c: Character) -> String { ASCIIStandIn.of(c, width: CellWidth.of(c)) }

    func testTheRule() {
        // Printable ASCII is itself; combining marks and variation selectors after it are dropped.
        XCTAssertEqual(standIn("a"), "a")
        XCTAssertEqual(standIn("e\u{301}"), "e")
        XCTAssertEqual(standIn("1\u{FE0F}\u{20E3}"), "1")
        // The cut.
        XCTAssertEqual(standIn("…"), "~")
        // Punctuation with a look-alike.
        XCTAssertEqual(["\u{A0}", "\u{2009}", "—", "–", "‐", "−", "‘", "’", "‚", "′", "“", "”", "„", "«", "»", "″", "•", "×"].map(standIn),
                       [" ", " ", "-", "-", "-", "-", "'", "'", "'", "'", "\"", "\"", "\"", "\"", "\"", "\"", "*", "x"])
        // Latin letters with diacritics keep their letter and case; other letters do not.
        XCTAssertEqual(["é", "Å", "ñ", "Ł", "ø", "ế", "Ž"].map(standIn), ["e", "A", "n", "L", "o", "e", "Z"])
        XCTAssertEqual(["ß", "ı", "Ω", "ж", "★", "✓", "█", "ĳ"].map(standIn), ["?", "?", "?", "?", "?", "?", "?", "?"])
        // Wide characters take two cells: two `?`, or two spaces for the ideographic space.
        XCTAssertEqual(["中", "한", "😀", "👩‍👩‍👧"].map(standIn), ["??", "??", "??", "??"])
        XCTAssertEqual(standIn("\u{3000}"), "  ")
        // Zero-width characters on their own: nothing.
        XCTAssertEqual(standIn("\u{200B}"), "")
        // Always ASCII, always as many characters as cells.
        for c in ["é", "中", "…", "\u{200B}", "👩‍👩‍👧", "\u{3000}", "ß"] as [Character] {
            let s = standIn(c)
            XCTAssertTrue(s.utf8.allSatisfy { $0 < 0x80 }, String(c))
            XCTAssertEqual(s.utf8.count, CellWidth.of(c), String(c))
        }
    }

    /// The file's two renders, plain and `--ascii`.
    private func renders() throws -> (plain: String, ascii: String) {
        let url = Fixtures.url("render/ascii-stand-ins.tatami.yaml")
        let analysis = Pipeline.analyze(text: try String(contentsOf: url, encoding: .utf8), path: url.path)
        XCTAssertFalse(analysis.diagnostics.contains { $0.severity == .error }, "\(analysis.diagnostics)")
        let layout = try XCTUnwrap(analysis.layouts.first)
        return (ASCIIRenderer.render(layout), ASCIIRenderer.render(layout, options: RenderOptions(ascii: true)))
    }

    func testAnASCIIRenderIsASCIIAndKeepsEveryColumn() throws {
        let (plain, ascii) = try renders()
        assertGolden("ascii-stand-ins", plain + ascii)
        XCTAssertTrue(plain.unicodeScalars.contains { !$0.isASCII })  // the file is a real test
        let bad = ascii.utf8.enumerated().filter { $0.element >= 0x80 }
        XCTAssertTrue(bad.isEmpty, "non-ASCII bytes at offsets \(bad.prefix(5).map(\.offset))\n\(ascii)")

        let plainLines = plain.split(separator: "\n", omittingEmptySubsequences: false)
        let asciiLines = ascii.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(plainLines.count, asciiLines.count)
        // The grid is 256 / 8 = 32 columns inside the border (the note under it excepted).
        for (p, a) in zip(plainLines, asciiLines) where !p.isEmpty && !p.hasSuffix("exactly") {
            let cells = p.reduce(0) { $0 + CellWidth.of($1) }
            XCTAssertEqual(cells, 34, String(p))
            XCTAssertEqual(a.utf8.count, 34, String(a))
            // Every ASCII character of the plain render is in the same column in the ASCII one
            // (box drawing differs, but it is never ASCII).
            var column = 0
            let bytes = Array(a.utf8)
            for c in p {
                if c.isASCII, let b = c.asciiValue, column < bytes.count {
                    XCTAssertEqual(bytes[column], b, "column \(column) of \(a) against \(p)")
                }
                column += CellWidth.of(c)
            }
        }
    }

    func testWithoutASCIITheTextIsKept() throws {
        let (plain, _) = try renders()
        for kept in ["★★ 5 stars 😀", "日本語", "Café “naïve” — Ångström", "certainly c…", "ícone", "████ 文文", "téléphone 手机 256×176"] {
            XCTAssertTrue(plain.contains(kept), kept)
        }
    }

    /// Random text from every sort of scalar (controls, marks, joiners, wide, unassigned), as a
    /// text, an image name, a fill and the viewport's name: the render is ASCII, and each line
    /// keeps the grid's width.
    func testRandomTextRendersAsASCIIOfTheGridsWidth() {
        var state: UInt64 = 0x15_0007
        func next(_ n: Int) -> Int {  // SplitMix64
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(n))
        }
        let ranges: [ClosedRange<UInt32>] = [
            0x00...0x7F, 0x80...0x24F, 0x300...0x36F, 0x370...0x4FF, 0x2000...0x206F, 0x2190...0x27BF,
            0x3000...0x30FF, 0x4E00...0x4E80, 0xAC00...0xAC80, 0xFE00...0xFE0F, 0xFF00...0xFFEF,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0xE0000...0xE007F, 0x10FF00...0x10FFFF,
        ]
        func randomText() -> String {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<next(24) {
                let r = ranges[next(ranges.count)]
                if let u = Unicode.Scalar(r.lowerBound + UInt32(next(Int(r.upperBound - r.lowerBound) + 1))) {
                    scalars.append(u)
                }
                if next(6) == 0 { scalars.append("\u{200D}") }
            }
            return String(scalars)
        }
        for _ in 0..<1_000 {
            let text = randomText(), name = randomText(), fill = randomText().first ?? "x"
            let root = Make.screen(80, 48, [
                Make.node(Make.rect(next(16) == 0 ? -8 : 0, 0, 72, 16), Make.text([text], width: CellWidth.of)),
                Make.node(Make.rect(0, 16, 48, 16), .image(name: name)),
                Make.color("red", Make.rect(8, 32, Double(8 * next(10)), 16), fill: fill),
            ])
            for options in [RenderOptions(ascii: true), RenderOptions(ascii: true, outline: true, color: true)] {
                let out = ASCIIRenderer.render(Make.result(name, 80, 48, root), options: options)
                guard out.utf8.allSatisfy({ $0 < 0x80 }) else {
                    return XCTFail("not ASCII for text \(text.unicodeScalars.map { String($0.value, radix: 16) }), name \(name.debugDescription), fill \(fill.debugDescription):\n\(out)")
                }
                if !options.color {
                    let lines = out.split(separator: "\n")
                    XCTAssertEqual(lines.count, 5)
                    XCTAssertTrue(lines.allSatisfy { $0.utf8.count == 12 }, "\(text.debugDescription)\n\(out)")
                }
            }
        }
    }
}
