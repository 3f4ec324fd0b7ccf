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
        // The grid is 256 / 8 = 32 columns inside the border.
        for (p, a) in zip(plainLines, asciiLines) where !p.isEmpty {
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
}
